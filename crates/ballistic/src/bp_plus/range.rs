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
//! Transcript: [`append_range_statement`] (`dom-sep` = `ballistic range v1`, `a`,
//! `b`), then the statement of a two-value proof over `V_lo`, `V_hi` without minimum
//! values. With `k` a power of two, Tari's verifier accepts the proof for `V_lo`,
//! `V_hi` once the caller has appended the same three messages to its transcript.

#![allow(non_snake_case)]

use alloc::vec::Vec;
use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use super::verifier::PreparedPlus;
use super::{Opening, RangeProofPlus};
use crate::ct::{declassify_bool, declassify_point, Declassified};
use crate::curve::{Curve, ProofPoint};
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, ExtendedPedersenGens};
use crate::range_proof::range::{ct_in_range, derive_range_statement_vartime, range_bits};
use crate::range_proof::transcript::append_range_statement;

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
        append_range_statement(transcript, a, b);
        let (proof, _) = Self::prove(bp_gens, pc_gens, transcript, &openings, &[], k, rng)?;
        let mut scalars: zeroize::Zeroizing<Vec<C::Scalar>> =
            zeroize::Zeroizing::new(Vec::with_capacity(1 + opening.masks.len()));
        scalars.push(C::scalar_from_u64(v));
        scalars.extend(opening.masks.iter().map(C::scalar_from_api));
        // Public by design: the commitment is the statement.
        let V = declassify_point(
            Declassified::Commitment,
            ProofPoint::<C>::new(pc_gens.commit_scalars(&scalars)),
        );
        Ok((proof, V.encoding))
    }

    /// Verifies a proof of [`RangeProofPlus::prove_range`] that the commitment `V`
    /// opens to a value in `[a, b]`: derives `V − a·B` and `b·B − V` (in variable
    /// time: all public) and verifies the two-value proof of [`range_bits`]`(a, b)`
    /// bits for them after the range statement.
    /// [`BatchVerifier::add_plus_range`](crate::range_proof::batch::BatchVerifier::add_plus_range)
    /// checks the same statement in a batch.
    ///
    /// # Errors
    /// [`ProofError::InvalidRange`] if `a > b`; [`ProofError::VerificationError`] if
    /// the proof does not verify (or `V` is not a valid encoding, or a derived
    /// commitment is the identity where the curve does not encode it); the shape errors
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
        let (p, derived) = self.prepare_range(bp_gens, pc_gens, transcript, V, a, b)?;
        bp_gens.verify_over_tables(p.layout(), |tables| {
            p.verify_alone(bp_gens, &derived, tables)
        })
    }

    /// Replays the transcript of an `[a, b]` proof for the commitment `V`: the
    /// statement of [`derive_range_statement_vartime`], the range statement
    /// ([`append_range_statement`]), then that of a two-value proof over the derived
    /// commitments without minimum values. The one statement of
    /// [`RangeProofPlus::verify_range`] and
    /// [`BatchVerifier::add_plus_range`](crate::range_proof::batch::BatchVerifier::add_plus_range);
    /// returns the replayed proof and the derived commitments it is checked against.
    pub(crate) fn prepare_range(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut Transcript,
        V: &C::Encoding,
        a: u64,
        b: u64,
    ) -> Result<(PreparedPlus<C>, [C::Point; 2]), ProofError> {
        let derived = derive_range_statement_vartime::<C>(V, &pc_gens.bases().0, a, b)?;
        append_range_statement(transcript, a, b);
        let p = self.prepare(
            bp_gens,
            pc_gens,
            transcript,
            &derived.encodings,
            &[],
            derived.k,
        )?;
        Ok((p, derived.points))
    }
}
