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

use crate::curve::{Curve, SparseMsm};
use crate::errors::ProofError;
use crate::transcript::TranscriptProtocol;
use crate::util::inner_product;

/// How many lazy rounds the prover runs over one base before materialising the
/// current generators (see the cost model above; 3 is optimal for every `N'` from 8
/// to 2^12 under the Straus cost `253 + 50·k` point operations for `k` points).
pub const LAZY_BLOCK_ROUNDS: usize = 3;

/// A point of a proof together with its canonical encoding (both are needed: the
/// encoding for the transcript and the wire, the point for arithmetic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofPoint<C: Curve> {
    /// The group element.
    pub point: C::Point,
    /// Its canonical encoding.
    pub encoding: C::Encoding,
}

impl<C: Curve> ProofPoint<C> {
    pub(crate) fn new(point: C::Point) -> Self {
        ProofPoint {
            point,
            encoding: C::encode(&point),
        }
    }

    /// [`ProofPoint::new`] for a public point.
    pub(crate) fn new_vartime(point: C::Point) -> Self {
        ProofPoint {
            point,
            encoding: C::encode_vartime(&point),
        }
    }
}

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

fn challenge<C: Curve, T: TranscriptProtocol<C>>(
    transcript: &mut T,
    L: &ProofPoint<C>,
    R: &ProofPoint<C>,
) -> Option<C::Scalar> {
    transcript.challenge_u(&L.encoding, &R.encoding)
}

impl<C: Curve> InnerProductProof<C> {
    /// Proves `P = <a,G> + <b,H'> + <a,b>·Q` with `H'_i = h_factors[i]·H_i`, folding
    /// until the vectors have length `final_len` (1 or 2, at most `N'`). With
    /// `tables`, the rounds over the original generators use precomputed tables.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn create<T: TranscriptProtocol<C>>(
        final_len: usize,
        tables: Option<&IpaTables<'_, C>>,
        transcript: &mut T,
        Q: &C::Point,
        h_factors: &[C::Scalar],
        G: &[C::Point],
        H: &[C::Point],
        mut a: Vec<C::Scalar>,
        mut b: Vec<C::Scalar>,
    ) -> Result<Self, ProofError> {
        let np = G.len();
        debug_assert!(np.is_power_of_two());
        debug_assert!(H.len() == np && a.len() == np && b.len() == np && h_factors.len() == np);
        transcript.innerproduct_domain_sep(np as u64);

        debug_assert!(final_len.is_power_of_two() && final_len <= np);
        let lg = np.trailing_zeros() as usize;
        let mut L_vec = Vec::with_capacity(lg);
        let mut R_vec = Vec::with_capacity(lg);

        // Blocks of lazy rounds over a base of explicit generators (initially the
        // original ones); at the end of a block the current generators are
        // materialised and become the next base.
        let mut base_G: Vec<C::Point> = G.to_vec();
        let mut base_H: Vec<C::Point> = H.to_vec();
        let mut gc = vec![C::scalar_one(); np];
        let mut hc = h_factors.to_vec();
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
                C::precompute_for_rounds(&base)
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
                    (None, None) => crate::msm::join(
                        || gathered_msm::<C>(&sL, &base_G, &base_H, c_L, Q),
                        || gathered_msm::<C>(&sR, &base_G, &base_H, c_R, Q),
                    ),
                };
                // L and R are public (the argument runs on public data).
                let (L, R) = (ProofPoint::new_vartime(L), ProofPoint::new_vartime(R));
                let u = challenge(transcript, &L, &R).ok_or(ProofError::ProvingError)?;
                L_vec.push(L);
                R_vec.push(R);
                let u_inv = C::scalar_invert(&u);
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
    pub(crate) fn verification_challenges<T: TranscriptProtocol<C>>(
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

    /// The number of rounds (`log2(N')`, or one less in secp256k1-zkp's form).
    pub fn rounds(&self) -> usize {
        self.L_vec.len()
    }
}

/// `s_i = Π_k u_k^{±1}` (the sign of round `k` is bit `lg−1−k` of `i`), from `u_k²` and
/// `Π u_k⁻¹`, one multiplication per entry (dalek's construction).
pub(crate) fn s_vector<C: Curve>(
    u_sq: &[C::Scalar],
    all_inv: C::Scalar,
    np: usize,
) -> Vec<C::Scalar> {
    let lg = u_sq.len();
    let mut s = Vec::with_capacity(np);
    s.push(all_inv);
    for i in 1..np {
        let lg_i = (usize::BITS - 1 - i.leading_zeros()) as usize;
        let k = 1usize << lg_i;
        let u_lg_i_sq = u_sq[(lg - 1) - lg_i];
        s.push(s[i - k] * u_lg_i_sq);
    }
    s
}

/// The `n` current generators `Σ_t coeffs[p + t·n]·base[p + t·n]`, `p < n`.
/// The two results of a pair of sums (every `*_many` returns one result per input;
/// a missing one would make the proof fail to verify, not the prover panic).
fn pair<C: Curve>(v: Vec<C::Point>) -> (C::Point, C::Point) {
    let mut it = v.into_iter();
    (
        it.next().unwrap_or_else(C::identity),
        it.next().unwrap_or_else(C::identity),
    )
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
            let gathered: Vec<Gathered<C>> = (0..2 * n)
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
            C::vartime_multiscalar_mul_many(&inputs)
        }
    };
    let new_H = out.split_off(n);
    (out, new_H)
}

/// Cached tables over the original `G || H` (in their own order, `position` maps the
/// working order to it): every round runs over them (`rounds = usize::MAX`), or a
/// first block of `rounds` rounds whose current generators are then materialised
/// from them (`docs/inner-product.md`, "Larger shapes share the verifier's tables").
pub(crate) struct IpaTables<'a, C: Curve> {
    pub(crate) table: &'a C::Precomputation,
    pub(crate) np: usize,
    pub(crate) position: &'a (dyn Fn(usize) -> usize + Sync),
    /// How many rounds stay lazy over the original generators before the current
    /// generators are materialised from the tables (`usize::MAX`: every round).
    pub(crate) rounds: usize,
    /// `2^128·Q` when the table is split at `2^128` ([`Curve::prover_split`]): the
    /// `Q` terms are then split too, and every scalar of a round has 128 bits.
    pub(crate) q_high: Option<C::Point>,
}

impl<C: Curve> IpaTables<'_, C> {
    /// The table index of working-order index `i` of `G || H`.
    fn index(&self, i: usize) -> usize {
        let np = self.np;
        if i < np {
            (self.position)(i)
        } else {
            np + (self.position)(i - np)
        }
    }

    /// `L` and `R` over the cached tables of the original generators (whose order
    /// is the generators' own, not the argument's working order: `position` maps).
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
        let q_terms = |c: C::Scalar| -> Vec<(C::Scalar, C::Point)> {
            match (self.q_high, C::prover_split(&c)) {
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
    crate::msm::vartime_multiscalar_mul::<C>(&sc, &pts)
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
            let h_factors = crate::util::powers::<Ristretto>(&Ristretto::scalar_invert(&y), np);
            let a: Vec<Scalar> = (0..np)
                .map(|_| Ristretto::scalar_random(&mut rng))
                .collect();
            let b: Vec<Scalar> = (0..np)
                .map(|_| Ristretto::scalar_random(&mut rng))
                .collect();
            let c = crate::util::inner_product::<Ristretto>(&a, &b);
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
            ] {
                let position = move |i: usize| {
                    if reversed && lg > 0 {
                        i.reverse_bits() >> (usize::BITS - lg as u32)
                    } else {
                        i
                    }
                };
                // The tables hold the generators in their own order: working index `i`
                // sits at `position(i)`.
                let mut own = vec![Q; 2 * np];
                for i in 0..np {
                    own[position(i)] = G[i];
                    own[np + position(i)] = H[i];
                }
                let split = mode >= 6;
                let pre = if split {
                    Ristretto::precompute_for_prover(&own)
                } else {
                    Ristretto::precompute(&own)
                };
                let two64 = Ristretto::scalar_from_u64(u64::MAX) + Ristretto::scalar_one();
                let tables = IpaTables::<Ristretto> {
                    table: &pre,
                    np,
                    position: &position,
                    rounds,
                    q_high: (mode == 6).then(|| Q * (two64 * two64)),
                };
                let mut pt = merlin::Transcript::new(b"ipp test");
                let proof = InnerProductProof::<Ristretto>::create(
                    1,
                    (mode > 0).then_some(&tables),
                    &mut pt,
                    &Q,
                    &h_factors,
                    &G,
                    &H,
                    a.clone(),
                    b.clone(),
                )
                .expect("prove");
                assert_eq!(proof.rounds(), lg);

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

                // A wrong length is rejected, never indexed out of bounds.
                let mut vt = merlin::Transcript::new(b"ipp test");
                assert!(proof.verification_challenges(np * 2, &mut vt).is_err());
            }
        }
    }
}
