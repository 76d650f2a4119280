//! Bulletproofs+ range proofs (Chung, Han, Ju, Kim, Seo 2020): Tari's protocol, wire
//! format and transcript, on every curve.
//!
//! A proof shows that each commitment `V_j = v_j·B + Σ_k γ_{j,k}·B̃_k` (an extended
//! commitment with `t` masks, [`ExtendedPedersenGens`]) opens to a value with
//! `o_j <= v_j < o_j + 2^n`, for public minimum values `o_j` (zero by default). It
//! replaces the range proof's inner-product argument by the weighted inner-product
//! argument ([`crate::weighted_inner_product`]): 577 bytes for one 64-bit value on
//! ristretto255 against 672.
//!
//! * On ristretto255 ([`crate::ristretto::bp_plus`]) proofs, transcripts and
//!   generators are `tari_bulletproofs_plus` 0.5's: proofs cross-verify both ways and
//!   Tari's mask recovery works on ballistic's proofs (tested in `crates/interop`).
//! * Beyond Tari: any bit width `1 <= n <= 64` and any number of values `m` (the
//!   padding rule of the range proofs, `docs/padding.md`: the vectors are padded to
//!   `N' = next_power_of_two(n·m)` with zero bits of zero weight; when `n·m` is a
//!   power of two the proof is Tari's exactly).
//! * On secp256k1 ([`crate::secp256k1::bp_plus`]) the same protocol and Merlin
//!   transcript with 33-byte points and big-endian scalars (no deployed format).
//!
//! See `docs/bp-plus.md` for the protocol and its notation.
//!
//! # Example
//! ```
//! use ballistic::ristretto::bp_plus::{pedersen_gens, Opening, RangeProofPlus};
//! use ballistic::ristretto::{BulletproofGens, Scalar};
//! use ballistic::merlin::Transcript;
//! let (bp, pc) = (BulletproofGens::new(64, 1), pedersen_gens(1)?);
//! let masks = [Scalar::from(7u64)]; // use random masks in practice
//! let (proof, v) = RangeProofPlus::prove(&bp, &pc, &mut Transcript::new(b"ex"),
//!     &[Opening::new(42, &masks)], &[], 64, &mut rand::thread_rng())?;
//! assert_eq!(proof.to_bytes().len(), 577);
//! let proof = RangeProofPlus::from_bytes(&proof.to_bytes())?;
//! proof.verify(&bp, &pc, &mut Transcript::new(b"ex"), &v, &[], 64, &mut rand::thread_rng())?;
//! # Ok::<(), ballistic::ProofError>(())
//! ```

#![allow(non_snake_case)]

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use crate::curve::{Curve, ProofPoint};
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, ExtendedPedersenGens};
use crate::weighted_inner_product::WeightedInnerProductProof;

mod batch;
pub(crate) mod nonces;
mod prover;
pub mod range;
pub(crate) mod transcript;
pub(crate) mod verifier;
pub mod wire;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod toy_tests;

/// A Bulletproofs+ range proof: `A` and the weighted inner-product argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeProofPlus<C: Curve> {
    pub(crate) A: ProofPoint<C>,
    pub(crate) wip: WeightedInnerProductProof<C>,
}

/// The opening of one extended commitment: the value and its `t` masks (borrowed;
/// `Debug` prints neither).
///
/// # Example
/// ```
/// use ballistic::ristretto::{bp_plus::Opening, Scalar};
/// let masks = [Scalar::from(5u64)];
/// let o = Opening::new(42, &masks);
/// assert!(!format!("{o:?}").contains("42"));
/// ```
#[derive(Clone, Copy)]
pub struct Opening<'a, C: Curve> {
    /// The committed value.
    pub value: u64,
    /// The masks `γ_0 … γ_{t−1}`, one per mask base.
    pub masks: &'a [C::ApiScalar],
}

impl<'a, C: Curve> Opening<'a, C> {
    /// The opening of `value` with `masks`.
    pub fn new(value: u64, masks: &'a [C::ApiScalar]) -> Self {
        Opening { value, masks }
    }
}

impl<C: Curve> fmt::Debug for Opening<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Opening")
            .field("value", &"<redacted>")
            .field("masks", &"<redacted>")
            .finish()
    }
}

/// What [`RangeProofPlus::recover_masks`] does (Tari's `VerifyAction`).
///
/// # Example
/// ```
/// use ballistic::bp_plus::VerifyAction;
/// assert_ne!(VerifyAction::RecoverOnly, VerifyAction::RecoverAndVerify);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyAction {
    /// Verify only; no masks are returned.
    VerifyOnly,
    /// Verify, then recover the masks.
    RecoverAndVerify,
    /// Recover the masks without verifying the proof (the transcript is still
    /// replayed, so a malformed proof is still an error).
    RecoverOnly,
}

/// The minimum values of a statement of `m` values: zeros when `min_values` is
/// empty; each must be below `2^n` (Tari's verifier rejects larger ones).
pub(crate) fn min_values_or_zero(
    min_values: &[u64],
    m: usize,
    n: usize,
) -> Result<Vec<u64>, ProofError> {
    if min_values.is_empty() {
        return Ok(vec![0; m]);
    }
    if min_values.len() != m {
        return Err(ProofError::InvalidInputLength);
    }
    if n < 64 && min_values.iter().any(|o| o >> n != 0) {
        return Err(ProofError::InvalidMinValue);
    }
    Ok(min_values.to_vec())
}

impl<C: Curve> RangeProofPlus<C> {
    /// Proves that each opening's value `v_j` satisfies
    /// `o_j <= v_j < o_j + 2^n` (`o_j = min_values[j]`; `min_values` empty for all
    /// zero), for the commitments it returns (`v_j·B + Σ_k γ_{j,k}·B̃_k`, in order).
    /// Nonces come from the transcript, the witness and `rng` (Tari's construction).
    ///
    /// # Errors
    /// [`ProofError::InvalidBitsize`], [`ProofError::InvalidAggregation`],
    /// [`ProofError::InvalidGeneratorsLength`] for shapes the generators do not
    /// cover; [`ProofError::InvalidExtensionDegree`] if an opening has a number of
    /// masks other than the bases'; [`ProofError::InvalidInputLength`],
    /// [`ProofError::InvalidMinValue`] for bad minimum values;
    /// [`ProofError::ValueOutOfRange`] if a value is outside its range.
    #[allow(clippy::too_many_arguments)]
    pub fn prove<R: RngCore + CryptoRng>(
        bp_gens: &BulletproofGens<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut Transcript,
        openings: &[Opening<'_, C>],
        min_values: &[u64],
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, Vec<C::Encoding>), ProofError> {
        prover::prove(
            bp_gens, pc_gens, transcript, openings, min_values, n, None, rng,
        )
    }

    /// [`RangeProofPlus::prove`] for one value with the masks of `A`, of every round
    /// and of the final round derived from `seed_nonce` (Tari's `seed_nonce`), so
    /// that whoever knows the seed recovers the masks with
    /// [`RangeProofPlus::recover_masks`]. The seed must be secret and **never
    /// reused**: two proofs with one seed reveal the masks to anyone.
    ///
    /// # Errors
    /// As [`RangeProofPlus::prove`].
    #[allow(clippy::too_many_arguments)]
    pub fn prove_with_seed<R: RngCore + CryptoRng>(
        bp_gens: &BulletproofGens<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut Transcript,
        opening: &Opening<'_, C>,
        min_value: u64,
        n: usize,
        seed_nonce: &C::ApiScalar,
        rng: &mut R,
    ) -> Result<(Self, C::Encoding), ProofError> {
        let (proof, mut v) = prover::prove(
            bp_gens,
            pc_gens,
            transcript,
            core::slice::from_ref(opening),
            &[min_value],
            n,
            Some(seed_nonce),
            rng,
        )?;
        let v = v.pop().ok_or(ProofError::ProvingError)?;
        Ok((proof, v))
    }

    /// Verifies the proof for `commitments` with `min_values` (empty for all zero)
    /// and bit width `n`. The transcript must be in the prover's initial state; it
    /// ends with `r1`, `s1`, `d1` absorbed, as Tari's verifier leaves it.
    ///
    /// # Errors
    /// [`ProofError::VerificationError`] if the proof does not verify; the shape
    /// errors of [`RangeProofPlus::prove`].
    #[allow(clippy::too_many_arguments)]
    pub fn verify<R: RngCore + CryptoRng>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut Transcript,
        commitments: &[C::Encoding],
        min_values: &[u64],
        n: usize,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        self.verify_impl(
            bp_gens,
            pc_gens,
            transcript,
            commitments,
            min_values,
            n,
            rng,
        )
    }

    /// Recovers the masks of a one-value proof made with
    /// [`RangeProofPlus::prove_with_seed`], verifying the proof first or not as
    /// `action` says (`VerifyOnly` returns `None`). Tari's recovery: a wrong seed
    /// gives wrong masks, not an error; check them against the commitment when the
    /// value is known.
    ///
    /// # Errors
    /// [`ProofError::RecoveryUnsupported`] for a proof of more than one value; the
    /// errors of [`RangeProofPlus::verify`].
    #[allow(clippy::too_many_arguments)]
    pub fn recover_masks<R: RngCore + CryptoRng>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut Transcript,
        commitment: &C::Encoding,
        min_value: u64,
        n: usize,
        seed_nonce: &C::ApiScalar,
        action: VerifyAction,
        rng: &mut R,
    ) -> Result<Option<Vec<C::ApiScalar>>, ProofError> {
        let commitments = core::slice::from_ref(commitment);
        let min_values = [min_value];
        match action {
            VerifyAction::VerifyOnly => {
                self.verify(
                    bp_gens,
                    pc_gens,
                    transcript,
                    commitments,
                    &min_values,
                    n,
                    rng,
                )?;
                Ok(None)
            }
            VerifyAction::RecoverAndVerify | VerifyAction::RecoverOnly => {
                let mut replay = transcript.clone();
                let p = self.prepare(bp_gens, pc_gens, &mut replay, commitments, &min_values, n)?;
                let masks = self.recover_masks_with(&p, &C::scalar_from_api(seed_nonce))?;
                if action == VerifyAction::RecoverAndVerify {
                    self.verify(
                        bp_gens,
                        pc_gens,
                        transcript,
                        commitments,
                        &min_values,
                        n,
                        rng,
                    )?;
                } else {
                    *transcript = replay;
                }
                Ok(Some(masks.iter().map(C::scalar_to_api).collect()))
            }
        }
    }

    /// The proof's extension degree `t` (its number of `d1` scalars).
    pub fn extension_degree(&self) -> usize {
        self.wip.d1.len()
    }

    /// The number of weighted inner-product rounds, `log2(N')`.
    pub fn rounds(&self) -> usize {
        self.wip.L.len()
    }
}
