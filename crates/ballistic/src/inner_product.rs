//! The inner-product argument (Bulletproofs §3, the `ipp v1` transcript of dalek's
//! `bulletproofs` crate).
//!
//! See `docs/inner-product.md` for the notation. The prover knows `a`, `b` of length
//! `N'` (a power of two) with `P = <a,G> + <b,H'> + <a,b>·Q`, `H'_i = h_factors[i]·H_i`.
//! Each round `k` halves the vectors and sends
//!
//! ```text
//! L_k = <a_lo, G_hi> + <b_hi, H_lo> + <a_lo, b_hi>·Q
//! R_k = <a_hi, G_lo> + <b_lo, H_hi> + <a_hi, b_lo>·Q
//! ```
//!
//! then folds `a' = u·a_lo + u⁻¹·a_hi`, `b' = u⁻¹·b_lo + u·b_hi` and (conceptually)
//! `G' = u⁻¹·G_lo + u·G_hi`, `H' = u·H_lo + u⁻¹·H_hi`.
//!
//! # Prover cost model: blocks of lazy rounds instead of folding every round
//!
//! dalek folds the generators explicitly after every round: in a round of length
//! `n_k` that is `n_k` two-point multiscalar multiplications (≈ 253 doublings + 100
//! additions each), ≈ 45k of the ≈ 60k point operations of its argument for
//! `N' = 64`. Ballistic folds only the *scalars* of the generators. Over a **base** of
//! explicit generators (initially the original `G`, `H`) it keeps coefficient
//! vectors `gc`, `hc`, so that the current generators are
//! `G^(k)_p = Σ_t gc[p + t·n_k]·base_G[p + t·n_k]`, and computes `L_k`, `R_k`
//! directly over the base: each base generator appears in exactly one of them, so a
//! round costs two multiscalar multiplications of `M/2 + M/2 + 1` points (`M` = base
//! length) and `4M` scalar multiplications. After [`LAZY_BLOCK_ROUNDS`] rounds the
//! current generators are materialised (`2·n_k` multiscalar multiplications of
//! `M/n_k` points each) and become the next base.
//!
//! With Straus costs `253 + 50·k` point operations for `k` points, the best schedule
//! is blocks of three rounds at every size (a dynamic program over all schedules,
//! `N' = 8 … 2^12`): for `N' = 64` that is 3 lazy rounds over 64, materialise 8, 3
//! lazy rounds over 8: ≈ 36k operations against dalek's ≈ 60k (0.59×), and the
//! same ratio for `N' = 512` (275k against 468k). No fold happens after the last
//! round, whose generators nobody uses.
//!
//! # Constant time
//! The argument is computed in variable time. Its witness `l = l(x)`, `r = r(x)` is
//! what the unoptimised protocol (Bulletproofs Protocol 1) sends in the clear: it is
//! blinded by the uniformly random `s_L·x`, `s_R·x`, so its timing reveals nothing
//! about the values or blindings (the same policy as secp256k1-zkp and dalek).

#![allow(non_snake_case)]

use alloc::vec;
use alloc::vec::Vec;

use crate::curve::scalars::{inner_product, pow_vartime};
use crate::curve::{Curve, SparseMsm, TableStrategy};
use crate::errors::ProofError;
use crate::transcript::InnerProductTranscript;

/// How the argument pairs positions in each round, and how far it folds.
///
/// # Example
/// ```
/// use ballistic::inner_product::Folding;
/// assert_eq!(Folding::Halves.final_len(64), 1);
/// assert_eq!(Folding::EvenOdd.final_len(64), 2);
/// assert_eq!(Folding::EvenOdd.position(1, 8), 4); // bit reversal of 001
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Folding {
    /// dalek's: each round pairs position `i` of the low half with `i + n_k/2`, down
    /// to vectors of length one.
    Halves,
    /// secp256k1-zkp's: each round pairs even with odd positions, down to vectors of
    /// length two (one round fewer). Computed as [`Folding::Halves`] over the
    /// bit-reversed order (see the secp256k1-zkp format notes, §7).
    EvenOdd,
}

impl Folding {
    /// Length of the final vectors `a`, `b` for `np` generators.
    pub fn final_len(self, np: usize) -> usize {
        match self {
            Folding::Halves => 1,
            Folding::EvenOdd => np.min(2),
        }
    }

    /// The position in the argument's working order of generator `i` of `np` (the bit
    /// reversal of `i` for [`Folding::EvenOdd`]; an involution).
    pub fn position(self, i: usize, np: usize) -> usize {
        match self {
            Folding::Halves => i,
            Folding::EvenOdd => {
                let lg = np.trailing_zeros();
                if lg == 0 {
                    0
                } else {
                    i.reverse_bits() >> (usize::BITS - lg)
                }
            }
        }
    }

    /// Reorders `v` (of length `np`) between the generators' order and the working
    /// order (the same permutation both ways).
    pub(crate) fn permute<X: Copy>(self, v: &mut [X]) {
        if self == Folding::Halves {
            return;
        }
        let np = v.len();
        for i in 0..np {
            let j = self.position(i, np);
            if j > i {
                v.swap(i, j);
            }
        }
    }
}

/// How many lazy rounds the prover runs over one base before materialising the
/// current generators (see the cost model above; 3 is optimal for every `N'` from 8
/// to 2^12 under the Straus cost `253 + 50·k` point operations for `k` points).
pub const LAZY_BLOCK_ROUNDS: usize = 3;

pub use crate::curve::ProofPoint;

/// An inner-product proof: pairs `(L_k, R_k)` and the final vectors `a`, `b` (length 1
/// after `log2(N')` rounds, dalek's form; or length 2 after `log2(N') − 1` rounds,
/// secp256k1-zkp's form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InnerProductProof<C: Curve> {
    pub(crate) L_vec: Vec<ProofPoint<C>>,
    pub(crate) R_vec: Vec<ProofPoint<C>>,
    pub(crate) a: Vec<C::Scalar>,
    pub(crate) b: Vec<C::Scalar>,
}

/// A proof's round challenges `u_k` and their inverses.
type ChallengesInverted<C> = (Vec<<C as Curve>::Scalar>, Vec<<C as Curve>::Scalar>);

fn challenge<C: Curve, T: InnerProductTranscript<C> + ?Sized>(
    transcript: &mut T,
    L: &ProofPoint<C>,
    R: &ProofPoint<C>,
) -> Option<C::Scalar> {
    transcript.challenge_u(&L.encoding, &R.encoding)
}

impl<C: Curve> InnerProductProof<C> {
    /// Proves `P = <a,G'> + <b,H'> + <a,b>·Q` with `G'_i = g_factors[i]·G_i` (all ones
    /// when `None`) and `H'_i = h_factors[i]·H_i`, all in the generators' order,
    /// folding as `folding` prescribes. With `tables`, the rounds over the original
    /// generators use precomputed tables.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn create<T: InnerProductTranscript<C> + ?Sized>(
        folding: Folding,
        tables: Option<&IpaTables<'_, C>>,
        transcript: &mut T,
        Q: &C::Point,
        g_factors: Option<&[C::Scalar]>,
        h_factors: &[C::Scalar],
        G: Vec<C::Point>,
        H: Vec<C::Point>,
        mut a: Vec<C::Scalar>,
        mut b: Vec<C::Scalar>,
    ) -> Result<Self, ProofError> {
        let np = G.len();
        debug_assert!(np.is_power_of_two());
        debug_assert!(H.len() == np && a.len() == np && b.len() == np && h_factors.len() == np);
        transcript.innerproduct_domain_sep(np as u64);
        let final_len = folding.final_len(np);
        debug_assert!(tables.is_none_or(|t| t.folding == folding && t.np == np));
        let lg = np.trailing_zeros() as usize;
        let mut L_vec = Vec::with_capacity(lg);
        let mut R_vec = Vec::with_capacity(lg);

        // Blocks of lazy rounds over a base of explicit generators (initially the
        // original ones); at the end of a block the current generators are
        // materialised and become the next base.
        // In the argument's working order (the tables keep the generators' own).
        let mut base_G: Vec<C::Point> = G;
        let mut base_H: Vec<C::Point> = H;
        debug_assert!(g_factors.is_none_or(|g| g.len() == np));
        let mut gc = g_factors.map_or_else(|| vec![C::scalar_one(); np], <[_]>::to_vec);
        let mut hc = h_factors.to_vec();
        for v in [&mut a, &mut b, &mut gc, &mut hc] {
            folding.permute(v);
        }
        folding.permute(&mut base_G);
        folding.permute(&mut base_H);
        let mut n = np;
        let mut sL: Vec<(usize, C::Scalar)> = Vec::with_capacity(np);
        let mut sR: Vec<(usize, C::Scalar)> = Vec::with_capacity(np);
        while n > final_len {
            let M = base_G.len();
            // With tables over the original generators, `rounds` rounds stay lazy over
            // them (every round for the prover's own small-shape tables: a table MSM
            // costs ~23 additions per non-zero point and no table build, while
            // materialising costs 2·n_k MSMs that each pay doublings). At least one
            // round, so that a materialised base is never the original length again.
            let original = tables.filter(|_| M == np);
            let block = match original {
                Some(t) => t.rounds.max(1),
                None => LAZY_BLOCK_ROUNDS,
            };
            // Otherwise tables over this block's base, if the curve's pay off here.
            let local: Option<C::Precomputation> = if original.is_some() {
                None
            } else {
                let mut base: Vec<C::Point> = Vec::with_capacity(2 * M);
                base.extend_from_slice(&base_G);
                base.extend_from_slice(&base_H);
                C::Strategy::precompute_for_rounds(&base)
            };
            for _ in 0..block {
                if n == final_len {
                    break;
                }
                let half = n / 2;
                let c_L = inner_product::<C>(&a[..half], &b[half..n]);
                let c_R = inner_product::<C>(&a[half..n], &b[..half]);
                // Sparse coefficient lists over G || H of the base: each base generator
                // appears in exactly one of L and R.
                sL.clear();
                sR.clear();
                for i in 0..M {
                    let p = i & (n - 1);
                    if p >= half {
                        sL.push((i, a[p - half] * gc[i]));
                        sR.push((M + i, b[p - half] * hc[i]));
                    } else {
                        sR.push((i, a[p + half] * gc[i]));
                        sL.push((M + i, b[p + half] * hc[i]));
                    }
                }
                let (L, R) = match (original, local.as_ref()) {
                    (Some(t), _) => t.msm_pair(&sL, c_L, &sR, c_R, Q),
                    (None, Some(pre)) => pair::<C>(C::vartime_precomputed_mul_many(
                        pre,
                        &[
                            SparseMsm {
                                statics: &sL,
                                dynamic: &[(c_L, *Q)],
                            },
                            SparseMsm {
                                statics: &sR,
                                dynamic: &[(c_R, *Q)],
                            },
                        ],
                    )),
                    (None, None) => crate::parallel::join(
                        || gathered_msm::<C>(&sL, &base_G, &base_H, c_L, Q),
                        || gathered_msm::<C>(&sR, &base_G, &base_H, c_R, Q),
                    ),
                };
                // L and R are public (the argument runs on public data).
                let (L, R) = (ProofPoint::new_vartime(L), ProofPoint::new_vartime(R));
                let u = challenge(transcript, &L, &R).ok_or(ProofError::ProvingError)?;
                L_vec.push(L);
                R_vec.push(R);
                let u_inv = C::scalar_invert_vartime(&u);
                for i in 0..half {
                    a[i] = a[i] * u + u_inv * a[i + half];
                    b[i] = b[i] * u_inv + u * b[i + half];
                }
                a.truncate(half);
                b.truncate(half);
                for i in 0..M {
                    if i & (n - 1) < half {
                        gc[i] *= u_inv;
                        hc[i] *= u;
                    } else {
                        gc[i] *= u;
                        hc[i] *= u_inv;
                    }
                }
                n = half;
            }
            if n > final_len {
                // Materialise: G'_p = Σ_t gc[p + t·n]·base_G[p + t·n], likewise H.
                // Over the original generators' tables (in their own order) or this
                // block's (in working order).
                let by_table = |i: usize| original.map_or(i, |t| t.index(i));
                let pre = original.map(|t| t.table).or(local.as_ref());
                let (new_G, new_H) =
                    materialise::<C>(pre, &by_table, &gc, &hc, &base_G, &base_H, n);
                base_G = new_G;
                base_H = new_H;
                gc.clear();
                gc.resize(n, C::scalar_one());
                hc.clear();
                hc.resize(n, C::scalar_one());
            }
        }

        a.truncate(final_len);
        b.truncate(final_len);
        Ok(InnerProductProof { L_vec, R_vec, a, b })
    }

    /// Replays the transcript for a proof over vectors of length `np` and returns the
    /// challenges `u_k`. Fails if the number of rounds and final scalars do not match
    /// `np` or a challenge is rejected.
    pub(crate) fn verification_challenges<T: InnerProductTranscript<C> + ?Sized>(
        &self,
        np: usize,
        transcript: &mut T,
    ) -> Result<Vec<C::Scalar>, ProofError> {
        let lg = self.L_vec.len();
        let f = self.a.len();
        if !np.is_power_of_two()
            || !(f == 1 || f == 2)
            || self.b.len() != f
            || f > np
            || lg + f.trailing_zeros() as usize != np.trailing_zeros() as usize
            || self.R_vec.len() != lg
        {
            return Err(ProofError::VerificationError);
        }
        transcript.innerproduct_domain_sep(np as u64);
        let mut u = Vec::with_capacity(lg);
        for (L, R) in self.L_vec.iter().zip(self.R_vec.iter()) {
            if C::is_identity(&L.point) || C::is_identity(&R.point) {
                return Err(ProofError::VerificationError);
            }
            u.push(challenge(transcript, L, R).ok_or(ProofError::VerificationError)?);
        }
        Ok(u)
    }

    /// [`Self::verification_challenges`] for a proof of `folding`'s final length,
    /// with the challenges' inverses.
    pub(crate) fn verification_challenges_inverted<T: InnerProductTranscript<C> + ?Sized>(
        &self,
        np: usize,
        folding: Folding,
        transcript: &mut T,
    ) -> Result<ChallengesInverted<C>, ProofError> {
        if self.a.len() != folding.final_len(np) {
            return Err(ProofError::VerificationError);
        }
        let u = self.verification_challenges(np, transcript)?;
        let mut u_inv = u.clone();
        C::scalar_batch_invert_vartime(&mut u_inv);
        Ok((u, u_inv))
    }

    /// The number of rounds (`log2(N')`, or one less in secp256k1-zkp's form).
    pub fn rounds(&self) -> usize {
        self.L_vec.len()
    }

    /// Proves `P = <a, G> + <b, H'> + <a, b>·Q` for `H'_i = y_inv^i·H_i` under any
    /// protocol's transcript: the argument alone (protocols call it with their own
    /// transcripts and cached tables). `G`, `H`, `a`, `b` have one power-of-two
    /// length `N'`, in the generators' order; `folding` is the format's.
    ///
    /// # Errors
    /// [`ProofError::InvalidGeneratorsLength`] if the lengths differ or are not a
    /// power of two; [`ProofError::ProvingError`] if the transcript rejects a
    /// challenge.
    ///
    /// # Example
    /// ```
    /// use ballistic::inner_product::{Folding, InnerProductProof};
    /// use ballistic::curve::{Curve, ristretto::Ristretto};
    /// use ballistic::merlin::Transcript;
    /// type C = Ristretto;
    /// let (G, H) = (C::generator_chain(b"G", 8), C::generator_chain(b"H", 8));
    /// let Q = C::generator_chain(b"Q", 1)[0];
    /// let a: Vec<_> = (1..=8u64).map(C::scalar_from_u64).collect();
    /// let b: Vec<_> = (11..=18u64).map(C::scalar_from_u64).collect();
    /// let y_inv = C::scalar_one();
    /// let ab = a.iter().zip(&b).fold(C::scalar_zero(), |s, (x, y)| s + *x * *y);
    /// let P = C::vartime_multiscalar_mul(&a, &G) + C::vartime_multiscalar_mul(&b, &H)
    ///     + C::mul(&ab, &Q);
    /// let proof = InnerProductProof::<C>::prove(
    ///     &mut Transcript::new(b"my protocol"), Folding::Halves, &Q, &y_inv, &G, &H, a, b)?;
    /// assert_eq!(proof.rounds(), 3);
    /// proof.verify(&mut Transcript::new(b"my protocol"), Folding::Halves, &Q, &y_inv, &P,
    ///     &G, &H)?;
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn prove<T: InnerProductTranscript<C> + ?Sized>(
        transcript: &mut T,
        folding: Folding,
        Q: &C::Point,
        y_inv: &C::Scalar,
        G: &[C::Point],
        H: &[C::Point],
        a: Vec<C::Scalar>,
        b: Vec<C::Scalar>,
    ) -> Result<Self, ProofError> {
        let np = G.len();
        if !np.is_power_of_two() || H.len() != np || a.len() != np || b.len() != np {
            return Err(ProofError::InvalidGeneratorsLength);
        }
        let h_factors = crate::curve::scalars::powers::<C>(y_inv, np);
        Self::create(
            folding,
            None,
            transcript,
            Q,
            None,
            &h_factors,
            G.to_vec(),
            H.to_vec(),
            a,
            b,
        )
    }

    /// Verifies `P = <a, G> + <b, H'> + <a, b>·Q` for `H'_i = y_inv^i·H_i` (see
    /// [`InnerProductProof::prove`]) with one multiscalar multiplication.
    ///
    /// # Errors
    /// [`ProofError::VerificationError`] if the proof does not verify, its shape does
    /// not match the generators, or a challenge is rejected.
    #[allow(clippy::too_many_arguments)]
    pub fn verify<T: InnerProductTranscript<C> + ?Sized>(
        &self,
        transcript: &mut T,
        folding: Folding,
        Q: &C::Point,
        y_inv: &C::Scalar,
        P: &C::Point,
        G: &[C::Point],
        H: &[C::Point],
    ) -> Result<(), ProofError> {
        let np = G.len();
        if H.len() != np {
            return Err(ProofError::VerificationError);
        }
        let v = self.verification_scalars(np, folding, y_inv, transcript)?;
        // 0 = P + Σ (u²·L + u⁻²·R) − <g, G> − <h, H> − a·b·Q
        let cap = 2 * np + 2 * self.rounds() + 2;
        let mut scalars: Vec<C::Scalar> = Vec::with_capacity(cap);
        let mut points: Vec<C::Point> = Vec::with_capacity(cap);
        scalars.push(C::scalar_one());
        points.push(*P);
        for (((sq, inv_sq), L), R) in v
            .u_sq
            .iter()
            .zip(&v.u_inv_sq)
            .zip(&self.L_vec)
            .zip(&self.R_vec)
        {
            scalars.extend([*sq, *inv_sq]);
            points.extend([L.point, R.point]);
        }
        scalars.extend(v.g.iter().map(|x| -*x));
        points.extend_from_slice(G);
        scalars.extend(v.h.iter().map(|x| -*x));
        points.extend_from_slice(H);
        scalars.push(-v.ab);
        points.push(*Q);
        let check = crate::curve::dispatch::vartime_multiscalar_mul::<C>(&scalars, &points);
        if C::is_identity(&check) {
            Ok(())
        } else {
            Err(ProofError::VerificationError)
        }
    }

    /// Replays the transcript and returns the scalars of the verification equation
    /// `P + Σ_k (u_k²·L_k + u_k⁻²·R_k) = <g, G> + <h, H> + a·b·Q` over `np`
    /// generators with `H'_i = y_inv^i·H_i` (dalek's `verification_scalars`, with the
    /// `y_inv^i` folded into `h`).
    ///
    /// # Errors
    /// [`ProofError::VerificationError`] if the proof's shape does not match `np` and
    /// `folding`, a point is the identity, or a challenge is rejected.
    pub fn verification_scalars<T: InnerProductTranscript<C> + ?Sized>(
        &self,
        np: usize,
        folding: Folding,
        y_inv: &C::Scalar,
        transcript: &mut T,
    ) -> Result<VerificationScalars<C>, ProofError> {
        let (u, u_inv) = self.verification_challenges_inverted(np, folding, transcript)?;
        verification_scalars::<C>(
            folding,
            np,
            &self.a,
            &self.b,
            &u,
            &u_inv,
            *y_inv,
            C::scalar_one(),
        )
    }
}

/// The scalars of an inner-product proof's verification equation (see
/// [`InnerProductProof::verification_scalars`]), each multiplied by a weight.
#[derive(Clone, Debug)]
pub struct VerificationScalars<C: Curve> {
    /// `u_k²`, per round (not weighted).
    pub u_sq: Vec<C::Scalar>,
    /// `u_k⁻²`, per round (not weighted).
    pub u_inv_sq: Vec<C::Scalar>,
    /// The coefficient of `G_i`, `weight·a·s_i`, in the generators' order.
    pub g: Vec<C::Scalar>,
    /// The coefficient of `H_i`, `weight·b·y_inv^i·s_i⁻¹`, in the generators' order.
    pub h: Vec<C::Scalar>,
    /// `<a, b>` of the final vectors (not weighted).
    pub ab: C::Scalar,
}

/// The verification scalars from the challenges `u` and their inverses `u_inv`,
/// with the weight folded into the seeds of the `s` recursions (three
/// multiplications per generator in all; see `docs/inner-product.md`).
///
/// `g_i = weight·a_h·s'_j` and `h_i = weight·b_h·y^{−i}·s'_j⁻¹` at working position
/// `p(i) = j·f + h` (`f` the final length): `s'⁻¹ = Π_k u_k · Π_{k: bit set} u_k⁻²`
/// with the `y^{−i}` factor folded into the rounds (round `k` consumes bit `lg−1−k`
/// of the working position, i.e. bit `lg−1−k` of `i` for [`Folding::Halves`] and bit
/// `k` of `i` for [`Folding::EvenOdd`], whose final index consumes bit `lg−1`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn verification_scalars<C: Curve>(
    folding: Folding,
    np: usize,
    a: &[C::Scalar],
    b: &[C::Scalar],
    u: &[C::Scalar],
    u_inv: &[C::Scalar],
    y_inv: C::Scalar,
    weight: C::Scalar,
) -> Result<VerificationScalars<C>, ProofError> {
    let (mut g, mut h) = (Vec::new(), Vec::new());
    let (u_sq, u_inv_sq, ab) =
        verification_scalars_into::<C>(folding, np, a, b, u, u_inv, y_inv, weight, &mut g, &mut h)?;
    Ok(VerificationScalars {
        u_sq,
        u_inv_sq,
        g,
        h,
        ab,
    })
}

/// [`verification_scalars`] writing the coefficients of `G_i` and `H_i` into `g`
/// and `h` (cleared first; buffers a caller reuses across proofs allocate once)
/// and returning `u_k²`, `u_k⁻²` and `<a, b>`.
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub(crate) fn verification_scalars_into<C: Curve>(
    folding: Folding,
    np: usize,
    a: &[C::Scalar],
    b: &[C::Scalar],
    u: &[C::Scalar],
    u_inv: &[C::Scalar],
    y_inv: C::Scalar,
    weight: C::Scalar,
    g: &mut Vec<C::Scalar>,
    h: &mut Vec<C::Scalar>,
) -> Result<(Vec<C::Scalar>, Vec<C::Scalar>, C::Scalar), ProofError> {
    let lg = u.len();
    let f = a.len();
    if f == 0
        || b.len() != f
        || !f.is_power_of_two()
        || !np.is_power_of_two()
        || !np.is_multiple_of(f)
        || u_inv.len() != lg
        || lg + f.trailing_zeros() as usize != np.trailing_zeros() as usize
    {
        return Err(ProofError::VerificationError);
    }
    let mut all_inv = C::scalar_one();
    let mut all = C::scalar_one();
    let mut u_sq: Vec<C::Scalar> = Vec::with_capacity(lg);
    let mut u_inv_sq: Vec<C::Scalar> = Vec::with_capacity(lg);
    for (uk, uk_inv) in u.iter().zip(u_inv) {
        all_inv *= *uk_inv;
        all *= *uk;
        u_sq.push(*uk * *uk);
        u_inv_sq.push(*uk_inv * *uk_inv);
    }
    let rounds_len = np / f;
    // G side. With one final element `a` is folded into the seed of the recursion,
    // which then yields `weight·a·s'_j` directly.
    match a {
        [a0] => s_vector_into::<C>(g, &u_sq, weight * all_inv * *a0, rounds_len),
        _ => {
            let s_prime = s_vector::<C>(&u_sq, weight * all_inv, rounds_len);
            g.clear();
            g.reserve(np);
            for s_j in &s_prime {
                for ah in a {
                    g.push(*ah * *s_j);
                }
            }
        }
    }
    // H side: per-round factors u_k⁻²·y^{−2^bit}.
    let lg_np = np.trailing_zeros() as usize;
    // y⁻¹^(2^k), k < lg_np ≤ MAX_IPP_ROUNDS.
    let y_inv_2k = |k: usize| pow_vartime::<C>(&y_inv, 1u64 << k);
    let mut t_factors: Vec<C::Scalar> = Vec::with_capacity(lg);
    for (k, inv_sq) in u_inv_sq.iter().enumerate() {
        let bit = match folding {
            Folding::Halves => lg_np - 1 - k,
            Folding::EvenOdd => k,
        };
        t_factors.push(*inv_sq * y_inv_2k(bit));
    }
    // Likewise `b` into the seed of the `t` recursion for one final element.
    match b {
        [b0] => s_vector_into::<C>(h, &t_factors, weight * all * *b0, rounds_len),
        _ => {
            let t_prime = s_vector::<C>(&t_factors, weight * all, rounds_len);
            let top = if f == 2 {
                y_inv_2k(lg_np - 1)
            } else {
                C::scalar_one()
            };
            h.clear();
            h.reserve(np);
            for t_j in &t_prime {
                for (k, bh) in b.iter().enumerate() {
                    let bh = if k == 1 { *bh * top } else { *bh };
                    h.push(bh * *t_j);
                }
            }
        }
    }
    if g.len() != np || h.len() != np {
        return Err(ProofError::VerificationError);
    }
    // From the working order to the generators' order.
    folding.permute(g);
    folding.permute(h);
    let mut ab = C::scalar_zero();
    for (ah, bh) in a.iter().zip(b) {
        ab += *ah * *bh;
    }
    Ok((u_sq, u_inv_sq, ab))
}

/// `s_i = Π_k u_k^{±1}` (the sign of round `k` is bit `lg−1−k` of `i`), from `u_k²` and
/// `Π u_k⁻¹`, one multiplication per entry (dalek's construction).
pub(crate) fn s_vector<C: Curve>(
    u_sq: &[C::Scalar],
    all_inv: C::Scalar,
    np: usize,
) -> Vec<C::Scalar> {
    let mut s = Vec::new();
    s_vector_into::<C>(&mut s, u_sq, all_inv, np);
    s
}

/// [`s_vector`] into `s` (cleared first). Entries `2^k..2^(k+1)` are entries
/// `0..2^k` times one `u²`: a block at a time, with no dependency between the
/// products of a block.
pub(crate) fn s_vector_into<C: Curve>(
    s: &mut Vec<C::Scalar>,
    u_sq: &[C::Scalar],
    all_inv: C::Scalar,
    np: usize,
) {
    let lg = u_sq.len();
    s.clear();
    s.resize(np.max(1), C::scalar_zero());
    s[0] = all_inv;
    let mut k = 1;
    while k < np {
        let u_lg_k_sq = u_sq[(lg - 1) - k.trailing_zeros() as usize];
        let (done, rest) = s.split_at_mut(k);
        C::scalar_mul_by_many(rest, done, &u_lg_k_sq);
        k *= 2;
    }
}

/// Terms per call of the materialisation without tables: the sums run in pieces
/// of about this many terms, whose on-the-fly tables (1 KiB per term on
/// ristretto255) stay at 8 MiB instead of one table of the whole base (64 MiB for
/// 2^15 generators). Pieces of hundreds of sums keep the lanes full.
const MATERIALISE_CHUNK_TERMS: usize = 8192;

/// The two results of a pair of sums (every `*_many` returns one result per input;
/// a missing one would make the proof fail to verify, not the prover panic).
fn pair<C: Curve>(v: Vec<C::Point>) -> (C::Point, C::Point) {
    let mut it = v.into_iter();
    (
        it.next().unwrap_or_else(C::identity),
        it.next().unwrap_or_else(C::identity),
    )
}

/// [`materialise`] over the base in its own order, over `tables` of `base_G || base_H`
/// when given.
pub(crate) fn materialise_over<C: Curve>(
    tables: Option<&C::Precomputation>,
    gc: &[C::Scalar],
    hc: &[C::Scalar],
    base_G: &[C::Point],
    base_H: &[C::Point],
    n: usize,
) -> (Vec<C::Point>, Vec<C::Point>) {
    materialise::<C>(tables, &|i| i, gc, hc, base_G, base_H, n)
}

/// The current generators of a block as explicit points:
/// `G'_p = Σ_t gc[p + t·n]·base_G[p + t·n]` and likewise `H'`, all `2n` sums at
/// once (over the block's tables when there are some).
fn materialise<C: Curve>(
    tables: Option<&C::Precomputation>,
    index: &dyn Fn(usize) -> usize,
    gc: &[C::Scalar],
    hc: &[C::Scalar],
    base_G: &[C::Point],
    base_H: &[C::Point],
    n: usize,
) -> (Vec<C::Point>, Vec<C::Point>) {
    let M = base_G.len();
    let stride = M / n;
    let mut out = match tables {
        Some(pre) => {
            let statics: Vec<Vec<(usize, C::Scalar)>> = (0..2 * n)
                .map(|q| {
                    let (p, off, c) = if q < n { (q, 0, gc) } else { (q - n, M, hc) };
                    (0..stride)
                        .map(|t| (index(off + p + t * n), c[p + t * n]))
                        .collect()
                })
                .collect();
            let inputs: Vec<SparseMsm<'_, C>> = statics
                .iter()
                .map(|st| SparseMsm {
                    statics: st,
                    dynamic: &[],
                })
                .collect();
            C::vartime_precomputed_mul_many(pre, &inputs)
        }
        None => {
            type Gathered<C> = (Vec<<C as Curve>::Scalar>, Vec<<C as Curve>::Point>);
            let chunk = MATERIALISE_CHUNK_TERMS.div_ceil(stride).max(1);
            let mut out = Vec::with_capacity(2 * n);
            let mut q0 = 0;
            while q0 < 2 * n {
                let q1 = (q0 + chunk).min(2 * n);
                let gathered: Vec<Gathered<C>> = (q0..q1)
                    .map(|q| {
                        let (p, c, base) = if q < n {
                            (q, gc, base_G)
                        } else {
                            (q - n, hc, base_H)
                        };
                        (0..stride).map(|t| (c[p + t * n], base[p + t * n])).unzip()
                    })
                    .collect();
                let inputs: Vec<crate::curve::MsmInput<'_, C>> = gathered
                    .iter()
                    .map(|(s, p)| (s.as_slice(), p.as_slice()))
                    .collect();
                out.extend(C::vartime_multiscalar_mul_many(&inputs));
                q0 = q1;
            }
            out
        }
    };
    let new_H = out.split_off(n);
    (out, new_H)
}

/// The prover's cached tables for an argument over the generators of `layout`, as
/// the curve's [`TableStrategy`] chooses them: tables for every round where the
/// prover's tables pay off (`PROVER_USES_TABLES`, `N' ≤ TABLE_MAX_LEN`); otherwise a
/// first block of [`LAZY_BLOCK_ROUNDS`] rounds over cached tables of all generators
/// (the verifier's where they serve the rounds), after which the current generators
/// are materialised from them (chosen by `prove/n64_m8` of the `range_proof` bench).
pub(crate) struct ProverTables<C: Curve> {
    table: alloc::sync::Arc<C::Precomputation>,
    rounds: usize,
    q_high: Option<C::Point>,
    /// `Q` (and `2^128·Q` with `q_high`) and their tables for the rounds, built once
    /// per proof where the curve's round tables pay off
    /// ([`TableStrategy::precompute_for_rounds`]).
    q_tables: Option<(Vec<C::Point>, C::Precomputation)>,
}

impl<C: Curve> ProverTables<C> {
    /// The tables for `layout`, for an argument whose `Q = w·Q_base`; `None` if the
    /// curve has none for this shape or they do not fit the generators' budget.
    pub(crate) fn lookup(
        bp_gens: &crate::generators::BulletproofGens<C>,
        layout: crate::generators::GeneratorLayout,
        Q_base: &C::Point,
        w: &C::Scalar,
        Q: &C::Point,
    ) -> Option<Self> {
        let every_round = if C::Strategy::PROVER_USES_TABLES {
            bp_gens.prover_table(layout)
        } else {
            None
        };
        if let Some(table) = every_round {
            // Every round over split prover tables: the `Q` terms are split at 2^128 too.
            let q_high = C::Strategy::prover_split(&C::scalar_one()).map(|_| {
                let two32 = C::scalar_from_u64(1 << 32);
                let two64 = two32 * two32;
                C::pedersen_mul(&[*w * two64 * two64], &[*Q_base])
            });
            // Every round has `Q` terms: their tables are built here once, not in
            // each round's sums.
            let q_points: Vec<C::Point> = core::iter::once(*Q).chain(q_high).collect();
            let q_tables = C::Strategy::precompute_for_rounds(&q_points).map(|t| (q_points, t));
            return Some(ProverTables {
                table,
                rounds: usize::MAX,
                q_high,
                q_tables,
            });
        }
        bp_gens.first_block_table(layout).map(|table| ProverTables {
            table,
            rounds: LAZY_BLOCK_ROUNDS,
            q_high: None,
            q_tables: None,
        })
    }

    /// The view [`InnerProductProof::create`] takes, for vectors of length `np`.
    pub(crate) fn ipa(&self, np: usize, folding: Folding) -> IpaTables<'_, C> {
        IpaTables {
            table: &self.table,
            np,
            folding,
            rounds: self.rounds,
            q_high: self.q_high,
            q_tables: self.q_tables.as_ref().map(|(p, t)| (p.as_slice(), t)),
        }
    }
}

/// Cached tables over the original `G || H` (in their own order; `folding` maps the
/// working order to it): every round runs over them (`rounds = usize::MAX`), or a
/// first block of `rounds` rounds whose current generators are then materialised
/// from them (`docs/inner-product.md`, "Larger shapes share the verifier's tables").
pub(crate) struct IpaTables<'a, C: Curve> {
    pub(crate) table: &'a C::Precomputation,
    pub(crate) np: usize,
    pub(crate) folding: Folding,
    /// How many rounds stay lazy over the original generators before the current
    /// generators are materialised from the tables (`usize::MAX`: every round).
    pub(crate) rounds: usize,
    /// `2^128·Q` when the table is split at `2^128` ([`TableStrategy::prover_split`]): the
    /// `Q` terms are then split too, and every scalar of a round has 128 bits.
    pub(crate) q_high: Option<C::Point>,
    /// The points `Q` (then `2^128·Q` with `q_high`) and their tables, if built once
    /// for every round; `None`: the `Q` terms are dynamic in each round.
    pub(crate) q_tables: Option<(&'a [C::Point], &'a C::Precomputation)>,
}

impl<C: Curve> IpaTables<'_, C> {
    /// The table index of working-order index `i` of `G || H`.
    fn index(&self, i: usize) -> usize {
        let np = self.np;
        if i < np {
            self.folding.position(i, np)
        } else {
            np + self.folding.position(i - np, np)
        }
    }

    /// `L` and `R` over the cached tables of the original generators (whose order
    /// is the generators' own, not the argument's working order: `folding` maps).
    fn msm_pair(
        &self,
        sL: &[(usize, C::Scalar)],
        c_L: C::Scalar,
        sR: &[(usize, C::Scalar)],
        c_R: C::Scalar,
        Q: &C::Point,
    ) -> (C::Point, C::Point) {
        let map = |v: &[(usize, C::Scalar)]| -> Vec<(usize, C::Scalar)> {
            v.iter().map(|(i, s)| (self.index(*i), *s)).collect()
        };
        let (l, r) = (map(sL), map(sR));
        if let Some((points, q_table)) = self.q_tables {
            // `Q` at index 0, `2^128·Q` at index 1 when the scalars are split.
            debug_assert!(points.first() == Some(Q));
            debug_assert!(points.len() == 1 + usize::from(self.q_high.is_some()));
            let q_terms = |c: C::Scalar| -> Vec<(usize, C::Scalar)> {
                match (self.q_high, C::Strategy::prover_split(&c)) {
                    (Some(_), Some((lo, hi))) => vec![(0, lo), (1, hi)],
                    _ => vec![(0, c)],
                }
            };
            let (qL, qR) = (q_terms(c_L), q_terms(c_R));
            return pair::<C>(C::vartime_precomputed_mul_many_extra(
                self.table,
                &[
                    SparseMsm {
                        statics: &l,
                        dynamic: &[],
                    },
                    SparseMsm {
                        statics: &r,
                        dynamic: &[],
                    },
                ],
                (q_table, points),
                &[&qL, &qR],
            ));
        }
        let q_terms = |c: C::Scalar| -> Vec<(C::Scalar, C::Point)> {
            match (self.q_high, C::Strategy::prover_split(&c)) {
                (Some(q_high), Some((lo, hi))) => vec![(lo, *Q), (hi, q_high)],
                _ => vec![(c, *Q)],
            }
        };
        let (qL, qR) = (q_terms(c_L), q_terms(c_R));
        pair::<C>(C::vartime_precomputed_mul_many(
            self.table,
            &[
                SparseMsm {
                    statics: &l,
                    dynamic: &qL,
                },
                SparseMsm {
                    statics: &r,
                    dynamic: &qR,
                },
            ],
        ))
    }
}

fn gathered_msm<C: Curve>(
    s: &[(usize, C::Scalar)],
    G: &[C::Point],
    H: &[C::Point],
    c: C::Scalar,
    Q: &C::Point,
) -> C::Point {
    let np = G.len();
    let mut sc = Vec::with_capacity(s.len() + 1);
    let mut pts = Vec::with_capacity(s.len() + 1);
    for (i, si) in s {
        if !C::scalar_is_zero(si) {
            sc.push(*si);
            pts.push(if *i < np { G[*i] } else { H[*i - np] });
        }
    }
    sc.push(c);
    pts.push(*Q);
    crate::curve::dispatch::vartime_multiscalar_mul::<C>(&sc, &pts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::ristretto::scalar::MontScalar as Scalar;
    use crate::curve::ristretto::Point;
    use crate::curve::ristretto::Ristretto;
    use rand::SeedableRng;

    /// Checks the argument's own verification equation for every power-of-two length
    /// up to 512 (all block/materialisation schedules of the lazy prover):
    /// `P + Σ(u²L + u⁻²R) = a·<s,G> + b·<s⁻¹,H'> + a·b·Q`.
    #[test]
    fn lazy_prover_satisfies_verification_equation() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
        for lg in 0..=9usize {
            let np = 1usize << lg;
            let G = Ristretto::generator_chain(b"test G", np);
            let H = Ristretto::generator_chain(b"test H", np);
            let Q = Ristretto::generator_chain(b"test Q", 1)[0];
            let y = Ristretto::scalar_random(&mut rng);
            let h_factors =
                crate::curve::scalars::powers::<Ristretto>(&Ristretto::scalar_invert(&y), np);
            let a: Vec<Scalar> = (0..np)
                .map(|_| Ristretto::scalar_random(&mut rng))
                .collect();
            let b: Vec<Scalar> = (0..np)
                .map(|_| Ristretto::scalar_random(&mut rng))
                .collect();
            let c = crate::curve::scalars::inner_product::<Ristretto>(&a, &b);
            let Hp: Vec<Point> = H.iter().zip(&h_factors).map(|(h, f)| h * f).collect();
            let P = Ristretto::vartime_multiscalar_mul(&a, &G)
                + Ristretto::vartime_multiscalar_mul(&b, &Hp)
                + Q * c;

            // Without tables; over the original generators' tables for every round
            // and for a first block only (materialised from them), in working order
            // and in bit-reversed order (secp256k1-zkp's).
            // Modes 6 and 7: the prover's tables split at 2^128, with the `Q` terms
            // split too (every round) or not (a first block).
            for (mode, rounds, reversed) in [
                (0, 0, false),
                (1, usize::MAX, false),
                (2, LAZY_BLOCK_ROUNDS, false),
                (3, LAZY_BLOCK_ROUNDS, true),
                (4, 1, true),
                // `rounds = 0` runs as one round (never an endless materialisation).
                (5, 0, false),
                (6, usize::MAX, true),
                (7, LAZY_BLOCK_ROUNDS, false),
                // The `Q` terms over tables built once (split and not).
                (8, usize::MAX, true),
                (9, usize::MAX, false),
            ] {
                let folding = if reversed {
                    Folding::EvenOdd
                } else {
                    Folding::Halves
                };
                // The tables hold the generators in their own order.
                let mut own = G.clone();
                own.extend_from_slice(&H);
                let split = (6..=8).contains(&mode);
                let pre = if split {
                    <Ristretto as Curve>::Strategy::precompute_for_prover(&own)
                } else {
                    Ristretto::precompute(&own)
                };
                let two64 = Ristretto::scalar_from_u64(u64::MAX) + Ristretto::scalar_one();
                let q_high = (mode == 6 || mode == 8).then(|| Q * (two64 * two64));
                let q_points: Vec<Point> = core::iter::once(Q).chain(q_high).collect();
                let q_pre = <Ristretto as Curve>::Strategy::precompute_for_rounds(&q_points)
                    .expect("ristretto255 builds round tables");
                let tables = IpaTables::<Ristretto> {
                    table: &pre,
                    np,
                    folding,
                    rounds,
                    q_high,
                    q_tables: (mode >= 8).then_some((q_points.as_slice(), &q_pre)),
                };
                let mut pt = merlin::Transcript::new(b"ipp test");
                let proof = InnerProductProof::<Ristretto>::create(
                    folding,
                    (mode > 0).then_some(&tables),
                    &mut pt,
                    &Q,
                    None,
                    &h_factors,
                    G.clone(),
                    H.clone(),
                    a.clone(),
                    b.clone(),
                )
                .expect("prove");
                assert_eq!(proof.rounds(), lg + 1 - folding.final_len(np));
                let y_inv = Ristretto::scalar_invert(&y);
                let verify = |P: &Point| {
                    proof.verify(
                        &mut merlin::Transcript::new(b"ipp test"),
                        folding,
                        &Q,
                        &y_inv,
                        P,
                        &G,
                        &H,
                    )
                };
                assert!(verify(&P).is_ok(), "np = {np}, mode {mode}");
                assert!(verify(&(P + Q)).is_err(), "np = {np}, mode {mode}");

                // dalek's form of the equation, computed independently of
                // `verification_scalars`.
                if folding == Folding::Halves {
                    let mut vt = merlin::Transcript::new(b"ipp test");
                    let u = proof
                        .verification_challenges(np, &mut vt)
                        .expect("challenges");
                    let mut u_inv = u.clone();
                    let all_inv = Ristretto::scalar_batch_invert(&mut u_inv);
                    let u_sq: Vec<Scalar> = u.iter().map(|x| x * x).collect();
                    let s = s_vector::<Ristretto>(&u_sq, all_inv, np);
                    let mut lhs = P;
                    for k in 0..lg {
                        lhs += proof.L_vec[k].point * u_sq[k]
                            + proof.R_vec[k].point * (u_inv[k] * u_inv[k]);
                    }
                    let s_inv: Vec<Scalar> = s.iter().rev().copied().collect();
                    let (a, b) = (proof.a[0], proof.b[0]);
                    let rhs = Ristretto::vartime_multiscalar_mul(&s, &G) * a
                        + Ristretto::vartime_multiscalar_mul(&s_inv, &Hp) * b
                        + Q * (a * b);
                    assert_eq!(lhs, rhs, "np = {np}, mode {mode}");
                }

                // A wrong length is rejected, never indexed out of bounds.
                let mut vt = merlin::Transcript::new(b"ipp test");
                assert!(proof.verification_challenges(np * 2, &mut vt).is_err());
            }
        }
    }
}
