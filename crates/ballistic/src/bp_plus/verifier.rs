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
use crate::range_statement::{
    append_range_statement, equation_commitments, statement_values, Commitments, DecodedRange,
};
use crate::transcript::WeightedInnerProductTranscript;
use crate::verify::{check_one, Accumulator, Statement, Terms};
use crate::weighted_inner_product::verification_scalars;

/// A proof whose transcript has been replayed: shape, statement, the proof's points
/// and scalars, and every challenge. Independent of the verifier's weights.
#[derive(Clone, Debug)]
pub(crate) struct PreparedPlus<C: Curve> {
    pub(crate) n: usize,
    pub(crate) m: usize,
    pub(crate) np: usize,
    pub(crate) min_values: Vec<u64>,
    /// The value base and the mask bases.
    pub(crate) B: C::Point,
    pub(crate) masks: Vec<C::Point>,
    /// The commitments as given.
    pub(crate) V_enc: Vec<C::Encoding>,
    /// The decoded `[a, b]` statement the equation takes instead of `V` (set by
    /// [`RangeProofPlus::prepare_range`]).
    pub(crate) range: Option<DecodedRange<C>>,
    /// `A`, `A1`, `Bp`.
    pub(crate) points: [C::Point; 3],
    pub(crate) L: Vec<C::Point>,
    pub(crate) R: Vec<C::Point>,
    pub(crate) r1: C::Scalar,
    pub(crate) s1: C::Scalar,
    pub(crate) d1: Vec<C::Scalar>,
    pub(crate) y: C::Scalar,
    pub(crate) z: C::Scalar,
    /// The round challenges `e_j`.
    pub(crate) e_round: Vec<C::Scalar>,
    /// The final challenge `e`.
    pub(crate) e: C::Scalar,
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
        self.prepare_statement(
            bp_gens,
            pc_gens,
            transcript,
            commitments,
            min_values,
            n,
            None,
        )
    }

    /// [`RangeProofPlus::prepare`], for an `[a, b]` statement when `range` is given:
    /// then `commitments` is the one commitment `V`, the range statement comes first
    /// and the proof is of two values (the caller gives the decoded statement to the
    /// equation: [`Commitments::Range`]). A range with other than one commitment is
    /// an error.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn prepare_statement(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut Transcript,
        commitments: &[C::Encoding],
        min_values: &[u64],
        n: usize,
        range: Option<(u64, u64)>,
    ) -> Result<PreparedPlus<C>, ProofError> {
        let m = statement_values(range.is_some(), commitments.len())
            .ok_or(ProofError::VerificationError)?;
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
        if let Some((a, b)) = range {
            append_range_statement(transcript, a, b);
        }
        let (B_enc, mask_enc) = pc_gens.encodings();
        append_statement::<C>(
            transcript,
            &PlusStatement {
                B: B_enc,
                masks: mask_enc,
                n,
                values: m,
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
            B,
            masks: masks.to_vec(),
            V_enc: commitments.to_vec(),
            range: None,
            points: [self.A.point, wip.A1.point, wip.Bp.point],
            L: wip.L.iter().map(|p| p.point).collect(),
            R: wip.R.iter().map(|p| p.point).collect(),
            r1: wip.r1,
            s1: wip.s1,
            d1: wip.d1.clone(),
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
        bp_gens.verify_over_tables(p.layout(), |tables| p.verify_alone(bp_gens, &V, tables))
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
        C::scalar_batch_invert_vartime(&mut inv);
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

impl<C: Curve> PreparedPlus<C> {
    /// The generators this proof uses.
    pub(crate) fn layout(&self) -> GeneratorLayout {
        GeneratorLayout::Parties {
            n: self.n,
            m: self.m,
        }
    }

    /// The proof's Pedersen bases: `B`, then the mask bases.
    pub(crate) fn bases(&self) -> impl Iterator<Item = C::Point> + '_ {
        core::iter::once(self.B).chain(self.masks.iter().copied())
    }

    /// Checks this proof alone against the decoded commitments `V` (or its `[a, b]`
    /// statement; over the shape's cached `tables` when given; builds none), with
    /// weight one.
    pub(crate) fn verify_alone(
        &self,
        bp_gens: &BulletproofGens<C>,
        V: &[C::Point],
        tables: Option<alloc::sync::Arc<C::Precomputation>>,
    ) -> Result<(), ProofError> {
        check_one(
            bp_gens,
            self,
            V,
            tables,
            [C::scalar_one(), C::scalar_zero()],
        )
    }

    /// Appends the scalars to invert for this proof: `y`, then every `e_j`.
    pub(crate) fn push_inversions(&self, out: &mut Vec<C::Scalar>) {
        out.push(self.y);
        out.extend_from_slice(&self.e_round);
    }

    /// Emits the terms of `w·(equation)` with decoded commitments `V`; `inv` holds
    /// the inverses of [`PreparedPlus::push_inversions`] in order. A wrong length is
    /// an error (never a panic, never a silently empty equation).
    pub(crate) fn emit<W: Terms<C>>(
        &self,
        V: Commitments<'_, C>,
        inv: &[C::Scalar],
        w: C::Scalar,
        out: &mut W,
    ) -> Result<(), ProofError> {
        let (n, m, np) = (self.n, self.m, self.np);
        let (y, z, e) = (self.y, self.z, self.e);
        let lg = self.e_round.len();
        let (y_inv, e_inv) = match inv.split_first() {
            Some((y_inv, rest))
                if rest.len() == lg
                    && self.L.len() == lg
                    && self.R.len() == lg
                    && V.len() == m
                    && self.min_values.len() == m
                    && self.masks.len() == self.d1.len() =>
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
            w * self.r1 * e,
            w * self.s1 * e,
        )?;

        // Dynamic points.
        let [A, A1, Bp] = self.points;
        out.dynamic(-w_e_sq, A);
        out.dynamic(-(w * e), A1);
        out.dynamic(-w, Bp);
        for (((sq, inv_sq), L), R) in s.e_sq.iter().zip(&s.e_inv_sq).zip(&self.L).zip(&self.R) {
            out.dynamic(-(w_e_sq * *sq), *L);
            out.dynamic(-(w_e_sq * *inv_sq), *R);
        }
        let zz = z * z;
        let y_np = pow_vartime::<C>(&y, np as u64);
        let y_top = y_np * y;
        let mut z_even = zz;
        let mut sum_z_even = C::scalar_zero();
        let mut B_scalar = C::scalar_zero();
        let v_base = -(w_e_sq * y_top);
        // V_j weighted by c_j = v_base·z^{2(j+1)}; a minimum value o_j adds −c_j·o_j
        // to the coefficient of B.
        let weights = core::iter::successors(Some(v_base * zz), |c| Some(*c * zz)).take(m);
        for (c, o) in weights.clone().zip(&self.min_values) {
            if *o != 0 {
                B_scalar -= c * C::scalar_from_u64(*o);
            }
        }
        for _ in 0..m {
            sum_z_even += z_even;
            z_even *= zz;
        }
        B_scalar += V.emit(weights, out);
        let sum_d = two_pow_minus_one::<C>(n) * sum_z_even;
        let sum_y = y * sum_of_powers_pow2::<C>(&y, np);
        B_scalar += w * (self.r1 * y * self.s1 + e_sq * (y_top * z * sum_d + (zz - z) * sum_y));
        // B, then w·d1_k for each mask base (at most MAX_EXTENSION_DEGREE).
        let mut bases = [(C::scalar_zero(), self.B); 1 + crate::generators::MAX_EXTENSION_DEGREE];
        let mut count = 1;
        if let Some(first) = bases.first_mut() {
            first.0 = B_scalar;
        }
        for ((d1, Bk), slot) in self
            .d1
            .iter()
            .zip(&self.masks)
            .zip(bases.iter_mut().skip(1))
        {
            *slot = (w * *d1, *Bk);
            count += 1;
        }
        out.pedersen(bases.get(..count).ok_or(ProofError::VerificationError)?);

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

/// The engine's view of a Bulletproofs+ proof: one equation, one weight.
impl<C: Curve> Statement<C> for PreparedPlus<C> {
    fn layout(&self) -> GeneratorLayout {
        PreparedPlus::layout(self)
    }
    fn weights(&self) -> usize {
        1
    }
    fn bases(&self) -> Vec<C::Point> {
        PreparedPlus::bases(self).collect()
    }
    fn commitments(&self) -> &[C::Encoding] {
        if self.range.is_none() {
            &self.V_enc
        } else {
            &[]
        }
    }
    fn push_inversions(&self, out: &mut Vec<C::Scalar>) {
        PreparedPlus::push_inversions(self, out);
    }
    fn bind(&self, t: &mut Transcript) {
        use crate::verify::{bind_scalars, bind_u64s};
        t.append_message(b"protocol", b"bulletproofs+");
        bind_u64s(t, b"shape", &[self.n as u64, self.m as u64, self.np as u64]);
        crate::range_statement::bind_range_statement(t, &self.V_enc, &self.range, &self.min_values);
        bind_scalars::<C>(t, b"scalars", &[self.r1, self.s1, self.y, self.z, self.e]);
        bind_scalars::<C>(t, b"d1", &self.d1);
        bind_scalars::<C>(t, b"e", &self.e_round);
    }
    fn emit(
        &self,
        V: &[C::Point],
        inv: &[C::Scalar],
        [w, _]: [C::Scalar; 2],
        out: &mut Accumulator<'_, C>,
    ) -> Result<(), ProofError> {
        let V = equation_commitments(&self.range, &[], V);
        PreparedPlus::emit(self, V, inv, w, out)
    }
}
