//! Bulletproofs+ proofs of `a <= v <= b` for public `u64` bounds `a <= b`: the
//! construction of the range proofs' [`crate::range_proof::range`] (section "Ranges
//! `[a, b]`" of `docs/range-proof.md`) over [`RangeProofPlus::prove`] and
//! [`RangeProofPlus::verify`].
//!
//! | name | meaning |
//! |---|---|
//! | `V` | the extended commitment `v·B + Σ_k γ_k·B̃_k` |
//! | `k` | [`range_bits`]`(a, b)` |
//! | `V_lo`, `V_hi` | `V − a·B` (opens to `v − a` with the masks `γ_k`) and `b·B − V` (opens to `b − v` with `−γ_k`) |
//!
//! Transcript: [`append_range_statement`] (`dom-sep` = `ballistic range v2`, `a`,
//! `b`), then the statement of a two-value proof (`M` = 2) whose one commitment
//! (`Ci`) is `V`, without minimum values: `V`, `a` and `b` determine `V_lo` and
//! `V_hi`, which the verifier's equation weighs as multiples of `V` and `B`.
//!
//! [`append_range_statement`]: crate::range_proof::transcript::append_range_statement

#![allow(non_snake_case)]

use alloc::vec::Vec;
use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use super::verifier::PreparedPlus;
use super::{Opening, RangeProofPlus};
use crate::ct::{declassify_bool, Declassified};
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, ExtendedPedersenGens};
use crate::range_statement::{ct_in_range, decode_range_statement_vartime, range_bits};

/// API scalars (the negated masks) overwritten with zero when dropped. The API
/// scalar type promises no `Zeroize`; the overwrite is kept from being optimised
/// away by [`core::hint::black_box`].
struct Masks<C: Curve>(Vec<C::ApiScalar>);

impl<C: Curve> Drop for Masks<C> {
    fn drop(&mut self) {
        for m in self.0.iter_mut() {
            *m = C::ApiScalar::from(0u64);
        }
        core::hint::black_box(&mut self.0);
    }
}

impl<C: Curve> RangeProofPlus<C> {
    /// Proves `a <= v <= b` for the commitment of `opening` (`v·B + Σ_k γ_k·B̃_k`,
    /// returned) and public `a <= b`: an aggregated proof of `v − a` and `b − v` in
    /// [`range_bits`]`(a, b)` bits over `V − a·B` and `b·B − V`, after the range
    /// statement in the transcript (see the module documentation). `bp_gens` must
    /// support that width for two values.
    ///
    /// # Errors
    /// [`ProofError::InvalidRange`] if `a > b`; [`ProofError::ValueOutOfRange`] if
    /// the value is outside `[a, b]`; [`ProofError::InvalidExtensionDegree`] if the
    /// opening's masks do not match the bases; the shape errors of
    /// [`RangeProofPlus::prove`].
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::bp_plus::{pedersen_gens, Opening, RangeProofPlus};
    /// use ballistic::ristretto::{random_scalar, BulletproofGens};
    /// use ballistic::merlin::Transcript;
    /// let mut rng = rand::thread_rng();
    /// let (bp, pc) = (BulletproofGens::new(16, 2), pedersen_gens(2)?);
    /// let masks = [random_scalar(&mut rng), random_scalar(&mut rng)];
    /// let (proof, v) = RangeProofPlus::prove_range(&bp, &pc, &mut Transcript::new(b"ex"),
    ///     &Opening::new(40_000, &masks), 10_000, 60_000, &mut rng)?;
    /// proof.verify_range(&bp, &pc, &mut Transcript::new(b"ex"), &v, 10_000, 60_000, &mut rng)?;
    /// assert!(proof
    ///     .verify_range(&bp, &pc, &mut Transcript::new(b"ex"), &v, 10_001, 60_000, &mut rng)
    ///     .is_err());
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn prove_range<R: RngCore + CryptoRng>(
        bp_gens: &BulletproofGens<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut Transcript,
        opening: &Opening<'_, C>,
        a: u64,
        b: u64,
        rng: &mut R,
    ) -> Result<(Self, C::Encoding), ProofError> {
        let k = range_bits(a, b)?;
        bp_gens.check_parties(k, 2)?;
        if opening.masks.len() != pc_gens.extension_degree() {
            return Err(ProofError::InvalidExtensionDegree);
        }
        let v = opening.value;
        // Public by design: the call's result says whether the statement holds.
        if !declassify_bool(Declassified::InRange, ct_in_range(v, a, b)) {
            return Err(ProofError::ValueOutOfRange);
        }
        // `0 − m`, not `−m`: k256's `Neg` compiles to a branch on whether `m` is zero
        // (the constant-time harness sees it); its subtraction does not.
        let zero = C::ApiScalar::from(0u64);
        let negated = Masks::<C>(opening.masks.iter().map(|m| zero - *m).collect());
        // In range: neither difference wraps, and both are below 2^k.
        let openings = [
            Opening::new(v.wrapping_sub(a), opening.masks),
            Opening::new(b.wrapping_sub(v), &negated.0),
        ];
        let (proof, V) = super::prover::prove_impl(
            bp_gens,
            pc_gens,
            transcript,
            &openings,
            &[],
            k,
            None,
            rng,
            Some((a, b)),
            true,
        )?;
        // The statement's one commitment `V`.
        let V = V.first().copied().ok_or(ProofError::ProvingError)?;
        Ok((proof, V))
    }

    /// Verifies a proof of [`RangeProofPlus::prove_range`] that the commitment `V`
    /// opens to a value in `[a, b]`: the two-value proof of [`range_bits`]`(a, b)`
    /// bits over `V − a·B` and `b·B − V`, with `V` and the range in the transcript
    /// (in variable time: all public).
    /// [`BatchVerifier::add_plus_range`](crate::verify::BatchVerifier::add_plus_range)
    /// checks the same statement in a batch.
    ///
    /// # Errors
    /// [`ProofError::InvalidRange`] if `a > b`; [`ProofError::VerificationError`] if
    /// the proof does not verify (or `V` is not a valid encoding); the shape errors
    /// of [`RangeProofPlus::verify`].
    #[allow(clippy::too_many_arguments)]
    pub fn verify_range<R: RngCore + CryptoRng>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut Transcript,
        V: &C::Encoding,
        a: u64,
        b: u64,
        _rng: &mut R,
    ) -> Result<(), ProofError> {
        let p = self.prepare_range(bp_gens, pc_gens, transcript, V, a, b)?;
        bp_gens.verify_over_tables(p.layout(), |tables| p.verify_alone(bp_gens, &[], tables))
    }

    /// Replays the transcript of an `[a, b]` proof for the commitment `V`: the
    /// statement of [`decode_range_statement_vartime`], the range statement, then
    /// that of a two-value proof whose one commitment is `V`. The one statement of
    /// [`RangeProofPlus::verify_range`] and
    /// [`BatchVerifier::add_plus_range`](crate::verify::BatchVerifier::add_plus_range);
    /// returns the replayed proof with the decoded statement it is checked against.
    pub(crate) fn prepare_range(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut Transcript,
        V: &C::Encoding,
        a: u64,
        b: u64,
    ) -> Result<PreparedPlus<C>, ProofError> {
        let (k, range) = decode_range_statement_vartime::<C>(V, a, b)?;
        let mut p = self.prepare_statement(
            bp_gens,
            pc_gens,
            transcript,
            core::slice::from_ref(V),
            &[],
            k,
            Some((a, b)),
        )?;
        p.range = Some(range);
        Ok(p)
    }
}
