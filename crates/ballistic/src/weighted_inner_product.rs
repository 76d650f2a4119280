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

#![allow(non_snake_case)]

use alloc::vec;
use alloc::vec::Vec;
use zeroize::{Zeroize, Zeroizing};

use crate::ct::{declassify_point, declassify_scalar, Declassified};
use crate::curve::{Curve, ProofPoint, TableStrategy};
use crate::errors::ProofError;
use crate::inner_product::{materialise_plain, s_vector, LAZY_BLOCK_ROUNDS};
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
}

/// The witness (zeroized when dropped).
pub(crate) struct WipWitness<C: Curve> {
    pub(crate) a: Zeroizing<Vec<C::Scalar>>,
    pub(crate) b: Zeroizing<Vec<C::Scalar>>,
    pub(crate) alpha: Zeroizing<Vec<C::Scalar>>,
}

/// `Σ s_i·P_i` in constant time over the scalars (zeroized when dropped).
fn ct_sum<C: Curve>(scalars: &Zeroizing<Vec<C::Scalar>>, points: &[C::Point]) -> C::Point {
    crate::msm::dispatch::multiscalar_mul::<C>(scalars, points)
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
            let (L, R) = crate::parallel::join(
                || {
                    round_sum::<C>(
                        &sL,
                        &pL,
                        table.map(|x| (x, &iL[..], &original[..])),
                        &pedersen,
                    )
                },
                || {
                    round_sum::<C>(
                        &sR,
                        &pR,
                        table.map(|x| (x, &iR[..], &original[..])),
                        &pedersen,
                    )
                },
            );
            drop((sL, sR));
            let L = sent::<C>(Declassified::WipL, L)?;
            let R = sent::<C>(Declassified::WipR, R)?;
            let e = transcript
                .challenge_e(&L.encoding, &R.encoding)
                .ok_or(ProofError::ProvingError)?;
            L_vec.push(L);
            R_vec.push(R);
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
            for k in 0..t {
                w.alpha[k] += dL[k] * e_sq + dR[k] * e_inv_sq;
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
            n = h;
            round += 1;
        }
        if n > 1 {
            let (new_G, new_H) = materialise_plain::<C>(&gc, &hc, &base_G, &base_H, n);
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
    let out = res.and_then(|()| {
        let (a, b) = (w.a[0], w.b[0]);
        let y = y_pow[1];
        let M = base_G.len();
        let mut sc: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(2 * M + 1 + t));
        let mut pts: Vec<C::Point> = Vec::with_capacity(2 * M + 1 + t);
        sc.extend(gc.iter().map(|g| r * *g));
        sc.extend(hc.iter().map(|h| s * *h));
        sc.push(y * (r * b + s * a));
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
        let r1 = declassify_scalar::<C>(Declassified::WipR1, r + a * e);
        let s1 = declassify_scalar::<C>(Declassified::WipS1, s + b * e);
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
