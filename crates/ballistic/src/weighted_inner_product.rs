//! The weighted inner-product argument of Bulletproofs+ (Chung, Han, Ju, Kim, Seo
//! 2020, §3), with Tari's message order and final round.
//!
//! See `docs/bp-plus.md` for the notation. With the weighted inner product
//! `⟨a, b⟩_y = Σ_i a_i·y^{i+1}·b_i`, the prover knows `a`, `b` of length `N'` (a power
//! of two) and masks `α_k` with
//!
//! ```text
//! P = ⟨a, G⟩ + ⟨b, H⟩ + ⟨a, b⟩_y·B + Σ_k α_k·B̃_k
//! ```
//!
//! Each round halves the vectors (`h = n/2`, low and high halves) and sends
//!
//! ```text
//! L_j = ⟨y^{−h}·a_lo, G_hi⟩ + ⟨b_hi, H_lo⟩ + c_L·B + Σ_k dL_{j,k}·B̃_k,   c_L = ⟨a_lo, b_hi⟩_y
//! R_j = ⟨y^{h}·a_hi, G_lo⟩ + ⟨b_lo, H_hi⟩ + c_R·B + Σ_k dR_{j,k}·B̃_k,   c_R = y^h·⟨a_hi, b_lo⟩_y
//! ```
//!
//! then folds with the challenge `e_j`: `a' = e·a_lo + e⁻¹·y^h·a_hi`,
//! `b' = e⁻¹·b_lo + e·b_hi`, `G' = e⁻¹·G_lo + e·y^{−h}·G_hi`, `H' = e·H_lo + e⁻¹·H_hi`,
//! `α' = α + e²·dL + e⁻²·dR`. With vectors of length one the prover sends
//! `A1 = r·G + s·H + y·(r·b + s·a)·B + Σ_k d_k·B̃_k` and `Bp = y·r·s·B + Σ_k η_k·B̃_k`,
//! and after the final challenge `e` the scalars `r1 = r + a·e`, `s1 = s + b·e`,
//! `d1_k = η_k + e·d_k + e²·α_k`.
//!
//! # Constant time
//! Unlike the inner-product argument of the range proof (whose witness is blinded),
//! this argument runs on the **unblinded** witness: in Bulletproofs+ `a`, `b` are the
//! secret bits shifted by public challenges. Every sum over `a`, `b`, `α` and the
//! nonces is therefore a constant-time multiscalar multiplication and all scalar
//! arithmetic is the curve's constant-time arithmetic; only the generators'
//! coefficients (products of public challenges) are handled in variable time.
//!
//! # Prover cost model
//! As in the inner-product argument, the generators are never folded explicitly every
//! round: over a base of explicit generators the prover keeps public coefficient
//! vectors, computes `L_j`, `R_j` directly over the base (each base generator appears
//! in exactly one of them) and materialises the current generators after
//! [`crate::inner_product::LAZY_BLOCK_ROUNDS`] rounds.
//!
//! ## Rounds over the bits
//! When the witness has the *bit form* of Bulletproofs+ (`BitForm`:
//! `a = bits + a_pub·1`, `b = bits + b_pub` with secret `bits ∈ {0, 1}` and public
//! `a_pub`, `b_pub`), the first `BIT_ROUNDS` rounds over the original generators
//! split every sum into a secret part and a public part. After `k` rounds the
//! current vectors are `a_p = Σ_q ac_q·(bits + a_pub)_{p+nq}` and
//! `b_p = Σ_q bc_q·(bits + b_pub)_{p+nq}` over the `Q = N'/n` blocks `q` of the
//! original indices, with public block coefficients `ac_q`, `bc_q` (products of
//! challenges that are equal over a block, like the generators' `gc`, `hc`). So
//!
//! ```text
//! ⟨y^{−h}·a_lo, G_hi⟩ = Σ_{q,q'} y^{−h}·ac_q·gc_{q'} · Σ_{p<h} bits_{p+nq}·G_{p+h+nq'}  + public
//! ```
//!
//! and likewise for the three other sums of `L_j`, `R_j`: each secret part is `Q²`
//! subset sums of `h` generators selected by the bits (one constant-time select
//! and one addition per term) combined by a small constant-time multiscalar
//! multiplication with public coefficients; the public parts (over `a_pub`,
//! `b_pub`) are variable-time sums over block sums of `G` and over `H`. This
//! replaces `2N'` constant-time scalar multiplications per round by about
//! `N'·2^{k−1}` additions and a `2Q² + 1 + t`-point multiplication.

#![allow(non_snake_case)]

use alloc::vec;
use alloc::vec::Vec;
use zeroize::{Zeroize, Zeroizing};

use crate::ct::{declassify_point, declassify_scalar, wipe_points, Declassified};
use crate::curve::{Curve, MsmInput, ProofPoint, SparseMsm, TableStrategy};
use crate::errors::ProofError;
use crate::inner_product::{materialise_over, s_vector, LAZY_BLOCK_ROUNDS};
use crate::transcript::WeightedInnerProductTranscript;

/// The prover's side of the argument's transcript: its messages, plus the nonces it
/// draws between them (a flavour may derive them from the transcript state, as Tari's
/// does, so they are asked for at the point of the protocol where they are used).
pub(crate) trait WipProverTranscript<C: Curve>: WeightedInnerProductTranscript<C> {
    /// `dL_{j,k}` then `dR_{j,k}` of round `j` (`out_l`, `out_r` have one slot per mask
    /// base).
    fn round_nonces(
        &mut self,
        round: usize,
        out_l: &mut [C::Scalar],
        out_r: &mut [C::Scalar],
    ) -> Result<(), ProofError>;
    /// The final round's `r`, `s`, `d_k`, `η_k`.
    fn final_nonces(
        &mut self,
        r: &mut C::Scalar,
        s: &mut C::Scalar,
        d: &mut [C::Scalar],
        eta: &mut [C::Scalar],
    ) -> Result<(), ProofError>;
}

/// A weighted inner-product proof: the round messages and the final round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WeightedInnerProductProof<C: Curve> {
    pub(crate) L: Vec<ProofPoint<C>>,
    pub(crate) R: Vec<ProofPoint<C>>,
    pub(crate) A1: ProofPoint<C>,
    pub(crate) Bp: ProofPoint<C>,
    pub(crate) r1: C::Scalar,
    pub(crate) s1: C::Scalar,
    pub(crate) d1: Vec<C::Scalar>,
}

/// The argument's public inputs on the prover's side.
pub(crate) struct WipBases<'a, C: Curve> {
    /// `y^0 … y^{N'+1}`.
    pub(crate) y_pow: &'a [C::Scalar],
    /// The value base `B`.
    pub(crate) B: C::Point,
    /// The mask bases `B̃_k`.
    pub(crate) masks: &'a [C::Point],
    /// Constant-time tables over the original `G || H`
    /// ([`TableStrategy::precompute_for_ct`]), used while the rounds run over them.
    pub(crate) ct_table: Option<&'a C::Precomputation>,
    /// Variable-time tables over the original `G || H` ([`Curve::precompute`]) for
    /// the public sums of the rounds over the bits and for materialising the
    /// current generators.
    pub(crate) vartime_table: Option<&'a C::Precomputation>,
}

/// The witness (zeroized when dropped).
pub(crate) struct WipWitness<C: Curve> {
    pub(crate) a: Zeroizing<Vec<C::Scalar>>,
    pub(crate) b: Zeroizing<Vec<C::Scalar>>,
    pub(crate) alpha: Zeroizing<Vec<C::Scalar>>,
    /// The same `a`, `b` in bit form, if they have it (see "Rounds over the bits").
    pub(crate) form: Option<BitForm<C>>,
}

/// `a = bits + a_pub·1`, `b = bits + b_pub` (module documentation, "Rounds over the
/// bits"); the bits are secret (zeroized when dropped), `a_pub` and `b_pub` public.
pub(crate) struct BitForm<C: Curve> {
    /// One byte `0` or `1` per position.
    pub(crate) bits: Zeroizing<Vec<u8>>,
    pub(crate) a_pub: C::Scalar,
    pub(crate) b_pub: Vec<C::Scalar>,
}

/// How many of the first rounds run over the bits when the witness has the bit
/// form: round `k` costs `2·(2Q² + 1 + t)` constant-time scalar multiplications
/// (`Q = 2^(k−1)`) against `2·(N' + 1 + t)` over the tables, so the first three
/// rounds gain for every `N' ≥ 64`, fewer for smaller `N'`
/// ([`bit_rounds`]).
pub(crate) const BIT_ROUNDS: usize = 3;

/// The rounds over the bits for a witness of length `np`: those whose `2Q²`
/// combined subset sums are fewer than the `N'` generator terms they replace.
fn bit_rounds(np: usize) -> usize {
    (0..BIT_ROUNDS).take_while(|k| 2 << (2 * k) < np).count()
}

/// The public state of the rounds over the bits: the block coefficients and the
/// public parts of the current vectors.
struct BitRounds<C: Curve> {
    ac: Vec<C::Scalar>,
    bc: Vec<C::Scalar>,
    a_pub: C::Scalar,
    b_pub: Vec<C::Scalar>,
}

/// The inputs of one round over the bits.
struct BitRound<'a, C: Curve> {
    n: usize,
    bits: &'a [u8],
    G: &'a [C::Point],
    H: &'a [C::Point],
    gc: &'a [C::Scalar],
    hc: &'a [C::Scalar],
    y_h: C::Scalar,
    y_h_inv: C::Scalar,
    vartime_table: Option<&'a C::Precomputation>,
}

/// `Σ_{p<len} bits[p]·points[p]` in constant time in the bits.
fn subset_sum<C: Curve>(bits: &[u8], points: &[C::Point]) -> C::Point {
    let id = C::identity();
    let mut acc = C::identity();
    for (b, p) in bits.iter().zip(points) {
        acc +=
            subtle::ConditionallySelectable::conditional_select(&id, p, subtle::Choice::from(*b));
    }
    acc
}

impl<C: Curve> BitRounds<C> {
    /// `L`, `R` of one round without their `c·B + Σ d_k·B̃_k` terms (which the
    /// caller adds to the secret parts' sum `extra_L`, `extra_R`).
    fn round(
        &self,
        r: &BitRound<'_, C>,
        extra_L: (&[C::Scalar], &[C::Point]),
        extra_R: (&[C::Scalar], &[C::Point]),
    ) -> (C::Point, C::Point) {
        let (n, M) = (r.n, r.G.len());
        let h = n / 2;
        let q_count = M / n;
        // Secret parts: per (q, q') the subset sums of the four half-blocks, with
        // their public coefficients; then `c·B + Σ d·B̃`.
        let cap = 2 * q_count * q_count + extra_L.0.len();
        let mut sL: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(cap));
        let mut sR: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(cap));
        let mut pL: Vec<C::Point> = Vec::with_capacity(cap);
        let mut pR: Vec<C::Point> = Vec::with_capacity(cap);
        for q in 0..q_count {
            let lo = &r.bits[n * q..n * q + h];
            let hi = &r.bits[n * q + h..n * (q + 1)];
            for qp in 0..q_count {
                let (g, hh) = (r.gc[n * qp], r.hc[n * qp]);
                let base = n * qp;
                sL.push(r.y_h_inv * self.ac[q] * g);
                pL.push(subset_sum::<C>(lo, &r.G[base + h..base + n]));
                sL.push(self.bc[q] * hh);
                pL.push(subset_sum::<C>(hi, &r.H[base..base + h]));
                sR.push(r.y_h * self.ac[q] * g);
                pR.push(subset_sum::<C>(hi, &r.G[base..base + h]));
                sR.push(self.bc[q] * hh);
                pR.push(subset_sum::<C>(lo, &r.H[base + h..base + n]));
            }
        }
        sL.extend_from_slice(extra_L.0);
        pL.extend_from_slice(extra_L.1);
        sR.extend_from_slice(extra_R.0);
        pR.extend_from_slice(extra_R.1);
        let (secret_L, secret_R) = ct_pair::<C>((&sL, &pL), (&sR, &pR));
        wipe_points::<C>(&mut pL);
        wipe_points::<C>(&mut pR);

        // Public parts: `y^{∓h}·a_pub·Σ_q' gc_q'·(block sum of G's other half)` and
        // `Σ_i hc_i·b_pub[partner]·H_i`.
        let mut dyn_L: Vec<(C::Scalar, C::Point)> = Vec::with_capacity(q_count);
        let mut dyn_R: Vec<(C::Scalar, C::Point)> = Vec::with_capacity(q_count);
        for qp in 0..q_count {
            let base = n * qp;
            let sum = |pts: &[C::Point]| pts.iter().fold(C::identity(), |acc, p| acc + *p);
            let g = r.gc[base] * self.a_pub;
            dyn_L.push((r.y_h_inv * g, sum(&r.G[base + h..base + n])));
            dyn_R.push((r.y_h * g, sum(&r.G[base..base + h])));
        }
        // The H terms by their index in the table's order `G || H` (`M + i`).
        let mut hL: Vec<(usize, C::Scalar)> = Vec::with_capacity(M / 2);
        let mut hR: Vec<(usize, C::Scalar)> = Vec::with_capacity(M / 2);
        for (i, hc) in r.hc.iter().enumerate() {
            let p = i & (n - 1);
            if p < h {
                hL.push((M + i, *hc * self.b_pub[p + h]));
            } else {
                hR.push((M + i, *hc * self.b_pub[p - h]));
            }
        }
        let public = match r.vartime_table {
            Some(pre) => C::vartime_precomputed_mul_many(
                pre,
                &[
                    SparseMsm {
                        statics: &hL,
                        dynamic: &dyn_L,
                    },
                    SparseMsm {
                        statics: &hR,
                        dynamic: &dyn_R,
                    },
                ],
            ),
            None => {
                let gather = |h_terms: &[(usize, C::Scalar)], dy: &[(C::Scalar, C::Point)]| {
                    let mut s: Vec<C::Scalar> = h_terms.iter().map(|(_, s)| *s).collect();
                    let mut p: Vec<C::Point> = h_terms.iter().map(|(i, _)| r.H[*i - M]).collect();
                    s.extend(dy.iter().map(|(s, _)| *s));
                    p.extend(dy.iter().map(|(_, p)| *p));
                    (s, p)
                };
                let (l, rr) = (gather(&hL, &dyn_L), gather(&hR, &dyn_R));
                let inputs: [MsmInput<'_, C>; 2] = [(&l.0, &l.1), (&rr.0, &rr.1)];
                C::vartime_multiscalar_mul_many(&inputs)
            }
        };
        let mut it = public.into_iter();
        let pub_L = it.next().unwrap_or_else(C::identity);
        let pub_R = it.next().unwrap_or_else(C::identity);
        (secret_L + pub_L, secret_R + pub_R)
    }

    /// Folds the block coefficients and the public parts with the round's `e`.
    fn fold(&mut self, n: usize, e: C::Scalar, e_inv: C::Scalar, y_h: C::Scalar) {
        let h = n / 2;
        let e_inv_y_h = e_inv * y_h;
        self.ac = self
            .ac
            .iter()
            .flat_map(|c| [*c * e, *c * e_inv_y_h])
            .collect();
        self.bc = self.bc.iter().flat_map(|c| [*c * e_inv, *c * e]).collect();
        self.a_pub = self.a_pub * e + self.a_pub * e_inv_y_h;
        for i in 0..h {
            self.b_pub[i] = self.b_pub[i] * e_inv + self.b_pub[h + i] * e;
        }
        self.b_pub.truncate(h);
    }
}

/// `Σ s_i·P_i` in constant time over the scalars (zeroized when dropped).
fn ct_sum<C: Curve>(scalars: &Zeroizing<Vec<C::Scalar>>, points: &[C::Point]) -> C::Point {
    crate::curve::dispatch::multiscalar_mul::<C>(scalars, points)
}

/// A round's two constant-time sums: on two threads with the `parallel` feature,
/// else together ([`Curve::multiscalar_mul_pair`], sharing the doublings).
fn ct_pair<C: Curve>(
    a: (&Zeroizing<Vec<C::Scalar>>, &[C::Point]),
    b: (&Zeroizing<Vec<C::Scalar>>, &[C::Point]),
) -> (C::Point, C::Point) {
    if cfg!(feature = "parallel") {
        crate::parallel::join(|| ct_sum::<C>(a.0, a.1), || ct_sum::<C>(b.0, b.1))
    } else {
        C::multiscalar_mul_pair((a.0, a.1), (b.0, b.1))
    }
}

/// Constant-time tables over the original generators, the indices of a sum's
/// points in them, and the original generators (the table's order).
type TableSum<'a, C> = (
    &'a <C as Curve>::Precomputation,
    &'a [usize],
    &'a [<C as Curve>::Point],
);

/// One constant-time sum of a round or of the final round: over the base's points
/// gathered in `points` (then `B` and the mask bases), or, with `table` over the
/// original generators, by the base indices in `indices` over the table plus a sum
/// over `B` and the mask bases (the last `1 + t` scalars).
fn round_sum<C: Curve>(
    scalars: &Zeroizing<Vec<C::Scalar>>,
    points: &[C::Point],
    table: Option<TableSum<'_, C>>,
    pedersen: &[C::Point],
) -> C::Point {
    match table {
        Some((pre, indices, original)) => {
            let split = scalars.len().saturating_sub(pedersen.len());
            let (gens, rest) = scalars.split_at(split);
            C::Strategy::ct_precomputed_mul_indexed(pre, gens, indices, original, (rest, pedersen))
        }
        None => ct_sum::<C>(scalars, points),
    }
}

/// A public copy of a point the argument sends.
fn sent<C: Curve>(what: Declassified, p: C::Point) -> Result<ProofPoint<C>, ProofError> {
    let p = declassify_point(what, ProofPoint::<C>::new(p));
    // The verifier rejects the identity (Tari's transcript does too): probability
    // about 2^-250 for an honest prover.
    if C::is_identity(&p.point) {
        return Err(ProofError::ProvingError);
    }
    Ok(p)
}

/// Declassifies and checks a round's `L`, `R`, records them and returns the round's
/// challenge.
fn finish_round<C: Curve, T: WipProverTranscript<C>>(
    transcript: &mut T,
    L_vec: &mut Vec<ProofPoint<C>>,
    R_vec: &mut Vec<ProofPoint<C>>,
    L: C::Point,
    R: C::Point,
) -> Result<C::Scalar, ProofError> {
    let L = sent::<C>(Declassified::WipL, L)?;
    let R = sent::<C>(Declassified::WipR, R)?;
    let e = transcript
        .challenge_e(&L.encoding, &R.encoding)
        .ok_or(ProofError::ProvingError)?;
    L_vec.push(L);
    R_vec.push(R);
    Ok(e)
}

/// Folds the witness (clearing the dropped halves), the masks and the generators'
/// coefficients with the round's challenge `e` (vectors of current length `n`);
/// returns `e⁻¹`.
#[allow(clippy::too_many_arguments)]
fn fold_round<C: Curve>(
    w: &mut WipWitness<C>,
    gc: &mut [C::Scalar],
    hc: &mut [C::Scalar],
    dL: &[C::Scalar],
    dR: &[C::Scalar],
    n: usize,
    M: usize,
    e: C::Scalar,
    y_h: C::Scalar,
    y_h_inv: C::Scalar,
) -> C::Scalar {
    let h = n / 2;
    let e_inv = C::scalar_invert(&e);
    let e_inv_y_h = e_inv * y_h;
    let (a, b) = (&mut w.a, &mut w.b);
    for i in 0..h {
        a[i] = a[i] * e + a[h + i] * e_inv_y_h;
        b[i] = b[i] * e_inv + b[h + i] * e;
    }
    // Clears the high halves before dropping them from view.
    for x in a[h..].iter_mut().chain(b[h..].iter_mut()) {
        x.zeroize();
    }
    a.truncate(h);
    b.truncate(h);
    let (e_sq, e_inv_sq) = (e * e, e_inv * e_inv);
    for (k, alpha) in w.alpha.iter_mut().enumerate() {
        *alpha += dL[k] * e_sq + dR[k] * e_inv_sq;
    }
    let e_y_h_inv = e * y_h_inv;
    for i in 0..M {
        if i & (n - 1) < h {
            gc[i] *= e_inv;
            hc[i] *= e;
        } else {
            gc[i] *= e_y_h_inv;
            hc[i] *= e_inv;
        }
    }
    e_inv
}

/// Proves the relation of the module documentation for the generators `G`, `H` (of
/// one power-of-two length `N'`, `y_pow` of length `N' + 2`).
pub(crate) fn prove<C: Curve, T: WipProverTranscript<C>>(
    transcript: &mut T,
    bases: &WipBases<'_, C>,
    G: Vec<C::Point>,
    H: Vec<C::Point>,
    mut w: WipWitness<C>,
) -> Result<WeightedInnerProductProof<C>, ProofError> {
    let np = G.len();
    let t = bases.masks.len();
    if !np.is_power_of_two()
        || H.len() != np
        || w.a.len() != np
        || w.b.len() != np
        || w.alpha.len() != t
        || bases.y_pow.len() != np + 2
    {
        return Err(ProofError::InvalidGeneratorsLength);
    }
    let y_pow = bases.y_pow;
    let lg = np.trailing_zeros() as usize;
    let mut L_vec = Vec::with_capacity(lg);
    let mut R_vec = Vec::with_capacity(lg);

    let mut base_G = G;
    let mut base_H = H;
    let mut gc = vec![C::scalar_one(); np];
    let mut hc = vec![C::scalar_one(); np];
    let mut dL: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(vec![C::scalar_zero(); t]);
    let mut dR: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(vec![C::scalar_zero(); t]);
    // The original generators as one list (the table's order), while a table serves.
    let original: Vec<C::Point> = match bases.ct_table {
        Some(_) => base_G.iter().chain(base_H.iter()).copied().collect(),
        None => Vec::new(),
    };
    let mut pedersen: Vec<C::Point> = Vec::with_capacity(1 + t);
    pedersen.push(bases.B);
    pedersen.extend_from_slice(bases.masks);
    let form = w.form.take();
    let n_bit_rounds = if form
        .as_ref()
        .is_some_and(|f| f.bits.len() == np && f.b_pub.len() == np)
    {
        bit_rounds(np)
    } else {
        0
    };
    let mut bit_state = form.as_ref().map(|f| BitRounds::<C> {
        ac: vec![C::scalar_one()],
        bc: vec![C::scalar_one()],
        a_pub: f.a_pub,
        b_pub: f.b_pub.clone(),
    });
    let mut n = np;
    let mut round = 0;
    while n > 1 {
        let M = base_G.len();
        let table = bases.ct_table.filter(|_| M == np);
        for _ in 0..LAZY_BLOCK_ROUNDS {
            if n == 1 {
                break;
            }
            let h = n / 2;
            let y_h = y_pow[h];
            let y_h_inv = C::scalar_invert(&y_h);
            let (a, b) = (&w.a, &w.b);
            let mut c_L = C::scalar_zero();
            let mut c_R = C::scalar_zero();
            for i in 0..h {
                c_L += a[i] * y_pow[i + 1] * b[h + i];
                c_R += a[h + i] * y_pow[h + i + 1] * b[i];
            }
            let over_bits = match (&form, &bit_state) {
                (Some(f), Some(st)) if round < n_bit_rounds && M == np => Some((f, st)),
                _ => None,
            };
            if let Some((f, st)) = over_bits {
                transcript.round_nonces(round, &mut dL, &mut dR)?;
                let mut eL: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(1 + t));
                let mut eR: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(1 + t));
                eL.push(c_L);
                eL.extend_from_slice(&dL);
                eR.push(c_R);
                eR.extend_from_slice(&dR);
                c_L.zeroize();
                c_R.zeroize();
                let (L, R) = st.round(
                    &BitRound {
                        n,
                        bits: &f.bits,
                        G: &base_G,
                        H: &base_H,
                        gc: &gc,
                        hc: &hc,
                        y_h,
                        y_h_inv,
                        vartime_table: bases.vartime_table,
                    },
                    (&eL, &pedersen),
                    (&eR, &pedersen),
                );
                drop((eL, eR));
                let e = finish_round(transcript, &mut L_vec, &mut R_vec, L, R)?;
                let e_inv = fold_round(&mut w, &mut gc, &mut hc, &dL, &dR, n, M, e, y_h, y_h_inv);
                if let Some(st) = bit_state.as_mut() {
                    st.fold(n, e, e_inv, y_h);
                }
                n = h;
                round += 1;
                continue;
            }
            // The G side's scalar at current position p: y^h·a_hi (into R over G_lo)
            // or y^{−h}·a_lo (into L over G_hi).
            let mut a_side: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(n));
            a_side.extend(a[h..n].iter().map(|x| *x * y_h));
            a_side.extend(a[..h].iter().map(|x| *x * y_h_inv));
            transcript.round_nonces(round, &mut dL, &mut dR)?;
            // Each base generator at current position p = i mod n lands in exactly one
            // of the two sums; each sum gathers its own points (public indices).
            let mut sL: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(M + 1 + t));
            let mut sR: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(M + 1 + t));
            let mut pL: Vec<C::Point> = Vec::with_capacity(M + 1 + t);
            let mut pR: Vec<C::Point> = Vec::with_capacity(M + 1 + t);
            let mut iL: Vec<usize> = Vec::with_capacity(M);
            let mut iR: Vec<usize> = Vec::with_capacity(M);
            for i in 0..M {
                let p = i & (n - 1);
                if p >= h {
                    sL.push(a_side[p] * gc[i]);
                    pL.push(base_G[i]);
                    iL.push(i);
                    sR.push(b[p - h] * hc[i]);
                    pR.push(base_H[i]);
                    iR.push(M + i);
                } else {
                    sR.push(a_side[p] * gc[i]);
                    pR.push(base_G[i]);
                    iR.push(i);
                    sL.push(b[p + h] * hc[i]);
                    pL.push(base_H[i]);
                    iL.push(M + i);
                }
            }
            drop(a_side);
            sL.push(c_L);
            sR.push(c_R);
            sL.extend_from_slice(&dL);
            sR.extend_from_slice(&dR);
            for pts in [&mut pL, &mut pR] {
                pts.push(bases.B);
                pts.extend_from_slice(bases.masks);
            }
            c_L.zeroize();
            c_R.zeroize();
            let (L, R) = match table {
                Some(x) => crate::parallel::join(
                    || round_sum::<C>(&sL, &pL, Some((x, &iL[..], &original[..])), &pedersen),
                    || round_sum::<C>(&sR, &pR, Some((x, &iR[..], &original[..])), &pedersen),
                ),
                None => ct_pair::<C>((&sL, &pL), (&sR, &pR)),
            };
            drop((sL, sR));
            let e = finish_round(transcript, &mut L_vec, &mut R_vec, L, R)?;
            fold_round(&mut w, &mut gc, &mut hc, &dL, &dR, n, M, e, y_h, y_h_inv);
            n = h;
            round += 1;
        }
        if n > 1 {
            let tables = bases.vartime_table.filter(|_| M == np);
            let (new_G, new_H) = materialise_over::<C>(tables, &gc, &hc, &base_G, &base_H, n);
            base_G = new_G;
            base_H = new_H;
            gc.clear();
            gc.resize(n, C::scalar_one());
            hc.clear();
            hc.resize(n, C::scalar_one());
        }
    }
    drop((dL, dR));

    // Final round over G_fin = Σ gc[i]·base_G[i], H_fin = Σ hc[i]·base_H[i].
    let mut r = C::scalar_zero();
    let mut s = C::scalar_zero();
    let mut d: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(vec![C::scalar_zero(); t]);
    let mut eta: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(vec![C::scalar_zero(); t]);
    let res = transcript.final_nonces(&mut r, &mut s, &mut d, &mut eta);
    // The last `a`, `b`, read in place: no copy outlives the guard.
    let out = res.and_then(|()| {
        let (a, b) = (&w.a[0], &w.b[0]);
        let y = y_pow[1];
        let M = base_G.len();
        let mut sc: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(2 * M + 1 + t));
        let mut pts: Vec<C::Point> = Vec::with_capacity(2 * M + 1 + t);
        sc.extend(gc.iter().map(|g| r * *g));
        sc.extend(hc.iter().map(|h| s * *h));
        sc.push(y * (r * *b + s * *a));
        sc.extend_from_slice(&d);
        pts.extend_from_slice(&base_G);
        pts.extend_from_slice(&base_H);
        pts.push(bases.B);
        pts.extend_from_slice(bases.masks);
        let table = bases.ct_table.filter(|_| M == np);
        let all: Vec<usize> = if table.is_some() {
            (0..2 * M).collect()
        } else {
            Vec::new()
        };
        let A1 = round_sum::<C>(
            &sc,
            &pts,
            table.map(|x| (x, &all[..], &original[..])),
            &pedersen,
        );
        let A1 = sent::<C>(Declassified::WipA1, A1)?;
        sc.clear();
        pts.clear();
        sc.push(y * r * s);
        sc.extend_from_slice(&eta);
        pts.push(bases.B);
        pts.extend_from_slice(bases.masks);
        let Bp = sent::<C>(Declassified::WipB, C::pedersen_mul(&sc, &pts))?;
        let e = transcript
            .challenge_final_e(&A1.encoding, &Bp.encoding)
            .ok_or(ProofError::ProvingError)?;
        let e_sq = e * e;
        let r1 = declassify_scalar::<C>(Declassified::WipR1, r + *a * e);
        let s1 = declassify_scalar::<C>(Declassified::WipS1, s + *b * e);
        let d1: Vec<C::Scalar> = (0..t)
            .map(|k| {
                declassify_scalar::<C>(Declassified::WipD1, eta[k] + d[k] * e + w.alpha[k] * e_sq)
            })
            .collect();
        Ok(WeightedInnerProductProof {
            L: L_vec,
            R: R_vec,
            A1,
            Bp,
            r1,
            s1,
            d1,
        })
    });
    r.zeroize();
    s.zeroize();
    out
}

/// The verifier's scalars of the argument (before the protocol's statement terms):
/// coefficients of `G_i` and `H_i` from the final round, and the challenges'
/// squares for the `L_j`, `R_j` terms.
pub(crate) struct WipScalars<C: Curve> {
    /// `weight·r1·e·y^{−i}·s_i` for `G_i`, in the generators' order.
    pub(crate) g: Vec<C::Scalar>,
    /// `weight·s1·e·s_{N'−1−i}` for `H_i`.
    pub(crate) h: Vec<C::Scalar>,
    /// `e_j²` per round.
    pub(crate) e_sq: Vec<C::Scalar>,
    /// `e_j⁻²` per round.
    pub(crate) e_inv_sq: Vec<C::Scalar>,
}

/// The final round's scalars over the generators: with `s_i = Π_j e_j^{±1}` (`+` when
/// bit `lg−1−j` of `i` is set), `g_i = weight·r1·e·y^{−i}·s_i` and
/// `h_i = weight·s1·e·s_{N'−1−i}`, one multiplication per entry each (the `y^{−i}`
/// folded into the rounds' factors, the seeds carrying the weights). `e_inv` holds
/// the inverses of the round challenges `e_round`, `y_inv` that of `y`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn verification_scalars<C: Curve>(
    np: usize,
    e_round: &[C::Scalar],
    e_inv: &[C::Scalar],
    y_inv: C::Scalar,
    g_seed: C::Scalar,
    h_seed: C::Scalar,
) -> Result<WipScalars<C>, ProofError> {
    let lg = e_round.len();
    if !np.is_power_of_two() || np.trailing_zeros() as usize != lg || e_inv.len() != lg {
        return Err(ProofError::VerificationError);
    }
    let mut all_inv = C::scalar_one();
    let mut all = C::scalar_one();
    let mut e_sq = Vec::with_capacity(lg);
    let mut e_inv_sq = Vec::with_capacity(lg);
    for (e, ei) in e_round.iter().zip(e_inv) {
        all_inv *= *ei;
        all *= *e;
        e_sq.push(*e * *e);
        e_inv_sq.push(*ei * *ei);
    }
    // G side: round j consumes bit lg−1−j of i; its factor is e_j²·y^{−2^(lg−1−j)}.
    let mut g_factors = Vec::with_capacity(lg);
    let mut y_inv_2k = y_inv; // y^{−2^k}, k = lg−1−j, built from the last round up
    let mut rev = Vec::with_capacity(lg);
    for _ in 0..lg {
        rev.push(y_inv_2k);
        y_inv_2k = y_inv_2k * y_inv_2k;
    }
    for (j, sq) in e_sq.iter().enumerate() {
        g_factors.push(*sq * rev[lg - 1 - j]);
    }
    let g = s_vector::<C>(&g_factors, g_seed * all_inv, np);
    // H side: s_{N'−1−i} = Π_j e_j · Π_{bit lg−1−j of i set} e_j⁻².
    let h = s_vector::<C>(&e_inv_sq, h_seed * all, np);
    Ok(WipScalars {
        g,
        h,
        e_sq,
        e_inv_sq,
    })
}
