//! The Bulletproofs+ verifier: the whole check as one multiscalar multiplication.
//!
//! With `w` the proof's weight (one for a single proof, random in a batch), the
//! proof is valid iff (Tari's equation, padded to `N'`; notation of `docs/bp-plus.md`)
//!
//! ```text
//! 0 = Σ_i w·(r1·e·y^{−i}·s_i + e²·z)·G_i + Σ_i w·(s1·e·s_{N'−1−i} − e²·(z + d_i·y^{N'−i}))·H_i
//!     + w·(r1·y·s1 + e²·(z·y^{N'+1}·Σd + (z² − z)·Σ_{k=1}^{N'} y^k) + e²·y^{N'+1}·Σ_j z^{2(j+1)}·o_j)·B
//!     + Σ_k w·d1_k·B̃_k − Σ_j w·e²·y^{N'+1}·z^{2(j+1)}·V_j
//!     − w·e²·A − w·e·A1 − w·Bp − Σ_j w·e²·(e_j²·L_j + e_j⁻²·R_j)
//! ```
//!
//! with `s_i = Π_j e_j^{±1}` (`+` when bit `lg−1−j` of `i` is set) and
//! `d_i = z^{2(j+1)}·2^b` at position `i = j·n + b` (0 at padding positions).
//! Cost: `2N' + 2·log2(N') + m + t + 4` points; three multiplications per generator.
//!
//! The verifier never panics on proof data: shapes are checked against the named
//! limits before anything is allocated, points were validated when the proof was
//! parsed, and every failure is a [`ProofError`].

#![allow(non_snake_case)]
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use alloc::vec;
use alloc::vec::Vec;
use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use super::nonces::seed_nonce;
use super::transcript::{absorb_A, absorb_responses, append_statement, draw_yz, PlusStatement};
use super::RangeProofPlus;
use crate::curve::scalars::{pow_vartime, sum_of_powers_pow2, two_pow_minus_one};
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, ExtendedPedersenGens, GeneratorLayout};
use crate::transcript::WeightedInnerProductTranscript;
use crate::weighted_inner_product::verification_scalars;

/// A proof whose transcript has been replayed: shape, statement and challenges.
#[derive(Clone, Debug)]
pub(crate) struct PreparedPlus<C: Curve> {
    pub(crate) n: usize,
    pub(crate) m: usize,
    pub(crate) np: usize,
    pub(crate) min_values: Vec<u64>,
    pub(crate) y: C::Scalar,
    pub(crate) z: C::Scalar,
    /// The round challenges `e_j`.
    pub(crate) e_round: Vec<C::Scalar>,
    /// The final challenge `e`.
    pub(crate) e: C::Scalar,
}

/// Receives the terms of a weighted verification equation.
pub(crate) trait PlusTerms<C: Curve> {
    /// A term over a point of the proof, the statement or the Pedersen bases.
    fn dynamic(&mut self, scalar: C::Scalar, point: C::Point);
    /// The coefficient of `G_i` at padded position `i`.
    fn g(&mut self, i: usize, scalar: C::Scalar);
    /// The coefficient of `H_i` at padded position `i`.
    fn h(&mut self, i: usize, scalar: C::Scalar);
}

impl<C: Curve> RangeProofPlus<C> {
    /// Checks the shape and replays the transcript (also the verifier's tail:
    /// `r1`, `s1`, `d1`).
    pub(crate) fn prepare(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut Transcript,
        commitments: &[C::Encoding],
        min_values: &[u64],
        n: usize,
    ) -> Result<PreparedPlus<C>, ProofError> {
        let m = commitments.len();
        let np = bp_gens.check_parties(n, m)?;
        let (B, masks) = pc_gens.bases();
        if masks.len() != self.wip.d1.len() {
            return Err(ProofError::InvalidExtensionDegree);
        }
        let min_values = super::min_values_or_zero(min_values, m, n)?;
        let wip = &self.wip;
        if wip.L.len() != wip.R.len() || wip.L.len() != np.trailing_zeros() as usize {
            return Err(ProofError::VerificationError);
        }
        let B_enc = C::encode_vartime(&B);
        let mask_enc: Vec<C::Encoding> = masks.iter().map(C::encode_vartime).collect();
        append_statement::<C>(
            transcript,
            &PlusStatement {
                B: &B_enc,
                masks: &mask_enc,
                n,
                commitments,
                min_values: &min_values,
            },
        );
        absorb_A::<C>(transcript, &self.A.encoding);
        let (y, z) = draw_yz::<C>(transcript).ok_or(ProofError::VerificationError)?;
        let mut e_round = Vec::with_capacity(wip.L.len());
        for (L, R) in wip.L.iter().zip(&wip.R) {
            let e = WeightedInnerProductTranscript::<C>::challenge_e(
                transcript,
                &L.encoding,
                &R.encoding,
            )
            .ok_or(ProofError::VerificationError)?;
            e_round.push(e);
        }
        let e = WeightedInnerProductTranscript::<C>::challenge_final_e(
            transcript,
            &wip.A1.encoding,
            &wip.Bp.encoding,
        )
        .ok_or(ProofError::VerificationError)?;
        absorb_responses::<C>(transcript, &wip.r1, &wip.s1, &wip.d1);
        Ok(PreparedPlus {
            n,
            m,
            np,
            min_values,
            y,
            z,
            e_round,
            e,
        })
    }

    /// Verifies one proof (see the module documentation).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn verify_impl<R: RngCore + CryptoRng>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut Transcript,
        commitments: &[C::Encoding],
        min_values: &[u64],
        n: usize,
        _rng: &mut R,
    ) -> Result<(), ProofError> {
        let p = self.prepare(bp_gens, pc_gens, transcript, commitments, min_values, n)?;
        let V = C::decode_batch_vartime(commitments).map_err(|_| ProofError::VerificationError)?;
        let mut inv: Vec<C::Scalar> = Vec::with_capacity(p.e_round.len() + 1);
        p.push_inversions(&mut inv);
        C::scalar_batch_invert(&mut inv);
        let mut terms = SingleTerms::<C> {
            scalars: Vec::with_capacity(2 * p.e_round.len() + p.m + 10),
            points: Vec::with_capacity(2 * p.e_round.len() + p.m + 10),
            gh: vec![C::scalar_zero(); 2 * p.np],
            np: p.np,
            out_of_range: false,
        };
        p.emit(self, pc_gens, &V, &inv, C::scalar_one(), &mut terms)?;
        if terms.out_of_range {
            return Err(ProofError::VerificationError);
        }
        let layout = GeneratorLayout::Parties { n, m: p.m };
        let tables = bp_gens.verifier_table(layout);
        let with_tables = tables.is_some();
        let SingleTerms {
            mut scalars,
            mut points,
            gh,
            ..
        } = terms;
        let check = match tables {
            Some(table) => C::vartime_precomputed_mul(&table, &gh, &scalars, &points),
            None => {
                let (G, H) = bp_gens.vectors(layout);
                scalars.extend_from_slice(&gh);
                points.extend_from_slice(&G);
                points.extend_from_slice(&H);
                crate::msm::dispatch::vartime_multiscalar_mul::<C>(&scalars, &points)
            }
        };
        if !C::is_identity(&check) {
            return Err(ProofError::VerificationError);
        }
        // The shape's tables are built only once a proof of it has verified.
        if !with_tables {
            bp_gens.admit_verifier_table(layout);
        }
        Ok(())
    }

    /// The masks `γ_k` of a one-value proof made with `seed` (Tari's recovery; see
    /// `docs/bp-plus.md`), from the replayed challenges.
    pub(crate) fn recover_masks_with(
        &self,
        p: &PreparedPlus<C>,
        seed: &C::Scalar,
    ) -> Result<Vec<C::Scalar>, ProofError> {
        if p.m != 1 {
            return Err(ProofError::RecoveryUnsupported);
        }
        let (y, z, e) = (p.y, p.z, p.e);
        let mut inv: Vec<C::Scalar> = Vec::with_capacity(p.e_round.len() + 1);
        inv.extend_from_slice(&p.e_round);
        let e_sq = e * e;
        let y_top = pow_vartime::<C>(&y, p.np as u64 + 1);
        inv.push(e_sq * z * z * y_top);
        C::scalar_batch_invert(&mut inv);
        let denominator_inv = inv.pop().ok_or(ProofError::VerificationError)?;
        let mut out = Vec::with_capacity(self.wip.d1.len());
        for (k, d1) in self.wip.d1.iter().enumerate() {
            let mut rho = seed_nonce::<C>(seed, "alpha", None, Some(k))?;
            for (j, (ej, ej_inv)) in p.e_round.iter().zip(&inv).enumerate() {
                rho += *ej * *ej * seed_nonce::<C>(seed, "dL", Some(j), Some(k))?;
                rho += *ej_inv * *ej_inv * seed_nonce::<C>(seed, "dR", Some(j), Some(k))?;
            }
            let eta = seed_nonce::<C>(seed, "eta", None, Some(k))?;
            let d = seed_nonce::<C>(seed, "d", None, Some(k))?;
            out.push((*d1 - eta - e * d - e_sq * rho) * denominator_inv);
        }
        Ok(out)
    }
}

/// Collects the terms of one proof: dynamic points in a list, `G`/`H` by position.
struct SingleTerms<C: Curve> {
    scalars: Vec<C::Scalar>,
    points: Vec<C::Point>,
    /// Coefficients of `G` (positions `0..np`) then `H` (`np..2np`).
    gh: Vec<C::Scalar>,
    np: usize,
    /// Set if a term named a generator outside the shape (never, by construction).
    out_of_range: bool,
}

impl<C: Curve> SingleTerms<C> {
    fn set(&mut self, in_shape: bool, slot: usize, scalar: C::Scalar) {
        match self.gh.get_mut(slot) {
            Some(x) if in_shape => *x = scalar,
            _ => self.out_of_range = true,
        }
    }
}

impl<C: Curve> PlusTerms<C> for SingleTerms<C> {
    fn dynamic(&mut self, scalar: C::Scalar, point: C::Point) {
        self.scalars.push(scalar);
        self.points.push(point);
    }
    fn g(&mut self, i: usize, scalar: C::Scalar) {
        self.set(i < self.np, i, scalar);
    }
    fn h(&mut self, i: usize, scalar: C::Scalar) {
        self.set(i < self.np, self.np + i, scalar);
    }
}

impl<C: Curve> PreparedPlus<C> {
    /// Appends the scalars to invert for this proof: `y`, then every `e_j`.
    pub(crate) fn push_inversions(&self, out: &mut Vec<C::Scalar>) {
        out.push(self.y);
        out.extend_from_slice(&self.e_round);
    }

    /// Emits the terms of `w·(equation)` for `proof` with decoded commitments `V`;
    /// `inv` holds the inverses of [`PreparedPlus::push_inversions`] in order.
    pub(crate) fn emit<W: PlusTerms<C>>(
        &self,
        proof: &RangeProofPlus<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        V: &[C::Point],
        inv: &[C::Scalar],
        w: C::Scalar,
        out: &mut W,
    ) -> Result<(), ProofError> {
        let (n, m, np) = (self.n, self.m, self.np);
        let (y, z, e) = (self.y, self.z, self.e);
        let lg = self.e_round.len();
        let wip = &proof.wip;
        let (B, masks) = pc_gens.bases();
        let (y_inv, e_inv) = match inv.split_first() {
            Some((y_inv, rest))
                if rest.len() == lg
                    && wip.L.len() == lg
                    && wip.R.len() == lg
                    && V.len() == m
                    && self.min_values.len() == m
                    && masks.len() == wip.d1.len() =>
            {
                (*y_inv, rest)
            }
            _ => return Err(ProofError::VerificationError),
        };
        let e_sq = e * e;
        let w_e_sq = w * e_sq;
        let s = verification_scalars::<C>(
            np,
            &self.e_round,
            e_inv,
            y_inv,
            w * wip.r1 * e,
            w * wip.s1 * e,
        )?;

        // Dynamic points.
        out.dynamic(-w_e_sq, proof.A.point);
        out.dynamic(-(w * e), wip.A1.point);
        out.dynamic(-w, wip.Bp.point);
        for (((sq, inv_sq), L), R) in s.e_sq.iter().zip(&s.e_inv_sq).zip(&wip.L).zip(&wip.R) {
            out.dynamic(-(w_e_sq * *sq), L.point);
            out.dynamic(-(w_e_sq * *inv_sq), R.point);
        }
        let zz = z * z;
        let y_np = pow_vartime::<C>(&y, np as u64);
        let y_top = y_np * y;
        let mut z_even = zz;
        let mut sum_z_even = C::scalar_zero();
        let mut B_scalar = C::scalar_zero();
        let v_base = -(w_e_sq * y_top);
        for (Vj, o) in V.iter().zip(&self.min_values) {
            let c = v_base * z_even;
            out.dynamic(c, *Vj);
            if *o != 0 {
                B_scalar -= c * C::scalar_from_u64(*o);
            }
            sum_z_even += z_even;
            z_even *= zz;
        }
        let sum_d = two_pow_minus_one::<C>(n) * sum_z_even;
        let sum_y = y * sum_of_powers_pow2::<C>(&y, np);
        B_scalar += w * (wip.r1 * y * wip.s1 + e_sq * (y_top * z * sum_d + (zz - z) * sum_y));
        out.dynamic(B_scalar, B);
        for (d1, Bk) in wip.d1.iter().zip(masks) {
            out.dynamic(w * *d1, *Bk);
        }

        // G side: g_i + w·e²·z.
        let w_e_sq_z = w_e_sq * z;
        for (i, g) in s.g.iter().enumerate() {
            out.g(i, *g + w_e_sq_z);
        }
        // H side: h_i − w·e²·z − w·e²·d_i·y^{N'−i}, the last by a running product per
        // value: z^{2(j+1)}·y^{N'−j·n}·(2·y⁻¹)^b.
        let two_y_inv = y_inv + y_inv;
        let zz_y_inv_n = zz * pow_vartime::<C>(&y_inv, n as u64);
        let mut block = w_e_sq * zz * y_np;
        let mut h = s.h.iter();
        for j in 0..m {
            let mut dy = block;
            for b in 0..n {
                let hi = h.next().ok_or(ProofError::VerificationError)?;
                out.h(j * n + b, *hi - w_e_sq_z - dy);
                dy *= two_y_inv;
            }
            block *= zz_y_inv_n;
        }
        for (i, hi) in (n * m..np).zip(h) {
            out.h(i, *hi - w_e_sq_z);
        }
        Ok(())
    }
}
