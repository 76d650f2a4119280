//! Errors returned by proving and verification.
//!
//! There is one error enum for users, [`ProofError`], with the same variant names as
//! dalek's `bulletproofs` crate plus the variants ballistic needs for its wider shapes.
//! A failed verification is always the one opaque variant
//! [`ProofError::VerificationError`]: the verifier never says *which* check failed,
//! so an attacker learns nothing from the error beyond "invalid".

use core::fmt;

/// An error from creating, parsing or verifying a range proof.
///
/// # Example
/// ```
/// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof, ProofError};
/// use ballistic::merlin::Transcript;
/// use ballistic::curve25519_dalek::scalar::Scalar;
///
/// let (bp, pc) = (BulletproofGens::new(8, 1), PedersenGens::default());
/// // 300 does not fit in 8 bits: the prover refuses instead of emitting a bad proof.
/// let r = RangeProof::prove_single(&bp, &pc, &mut Transcript::new(b"ex"), 300, &Scalar::ONE, 8);
/// assert_eq!(r.unwrap_err(), ProofError::ValueOutOfRange);
/// ```
#[derive(Clone, Debug, Eq, PartialEq)]
#[non_exhaustive]
pub enum ProofError {
    /// The proof is well-formed but does not verify for this statement.
    VerificationError,
    /// The proof bytes could not be parsed: wrong length, a non-canonical scalar, or a
    /// point encoding that is invalid, non-canonical or the identity.
    FormatError,
    /// The number of blinding factors differs from the number of values.
    WrongNumBlindingFactors,
    /// The bit width is outside `1..=MAX_BITS`.
    InvalidBitsize,
    /// The number of values is zero or above [`crate::MAX_AGGREGATION`].
    InvalidAggregation,
    /// The generators are too few for this shape (`n > gens_capacity` or
    /// `m > party_capacity`).
    InvalidGeneratorsLength,
    /// An input has the wrong length (for example a commitment encoding).
    InvalidInputLength,
    /// A value does not fit in the requested bit width, so no valid proof exists.
    ValueOutOfRange,
    /// The prover drew a degenerate challenge (probability about 2^-250); retry with
    /// fresh randomness.
    ProvingError,
    /// The random number generator returned a zero scalar
    /// [`crate::curve::RANDOM_NONZERO_TRIES`] times in a row: it is broken.
    RngFailure,
    /// The transcript is pinned to a value generator (secp256k1-zkp's `value_gen`,
    /// hashed with every commitment) that differs from the `B` of the Pedersen
    /// bases the commitments are made with.
    ValueGeneratorMismatch,
    /// Rewinding did not recover an opening of the commitment: the nonce or the
    /// transcript configuration (extra commitment, value generator, bit width) is
    /// not the one the proof was made with, or the proof's `τ_1, τ_2` came from a
    /// private nonce other than the rewind nonce, so that its blinding cannot be
    /// recovered (see `RangeProof::rewind_unchecked` on secp256k1).
    RewindError,
    /// An extended commitment's number of mask bases (its extension degree) is
    /// outside `1..=MAX_EXTENSION_DEGREE`, or differs between the bases, the
    /// openings and the proof.
    InvalidExtensionDegree,
    /// A minimum value is larger than its value, or does not fit in the bit width.
    InvalidMinValue,
    /// A range `[a, b]` with `a > b`.
    InvalidRange,
    /// Recovery from a seed nonce needs a proof of one value (as in Tari's).
    RecoveryUnsupported,
}

impl fmt::Display for ProofError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            ProofError::VerificationError => "proof verification failed",
            ProofError::FormatError => "proof data could not be parsed",
            ProofError::WrongNumBlindingFactors => "wrong number of blinding factors supplied",
            ProofError::InvalidBitsize => "invalid bit width: must be 1..=64",
            ProofError::InvalidAggregation => "invalid aggregation size",
            ProofError::InvalidGeneratorsLength => "too few generators for this proof shape",
            ProofError::InvalidInputLength => "incorrect input length",
            ProofError::ValueOutOfRange => "a value does not fit in the bit width",
            ProofError::ProvingError => "degenerate challenge during proving; retry",
            ProofError::RngFailure => "the random number generator is broken (only zeros)",
            ProofError::ValueGeneratorMismatch => {
                "the transcript's value generator differs from the Pedersen bases'"
            }
            ProofError::RewindError => "rewinding did not recover an opening of the commitment",
            ProofError::InvalidExtensionDegree => {
                "invalid extension degree: must be 1..=6 and match"
            }
            ProofError::InvalidMinValue => "a minimum value exceeds its value or the bit width",
            ProofError::InvalidRange => "invalid range: lower bound above upper bound",
            ProofError::RecoveryUnsupported => "mask recovery needs a proof of exactly one value",
        };
        f.write_str(s)
    }
}

impl core::error::Error for ProofError {}
