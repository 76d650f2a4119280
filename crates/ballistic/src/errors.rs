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

/// An error from multi-party proving ([`crate::range_proof::mpc`], and on
/// ristretto255 `ballistic::ristretto::range_proof_mpc`): dalek's eight variants with
/// their names, plus [`MPCError::ValueOutOfRange`], [`MPCError::ChallengeMismatch`]
/// and [`MPCError::ProvingError`].
///
/// # Example
/// ```
/// use ballistic::errors::MPCError;
/// use ballistic::ProofError;
/// assert_eq!(ProofError::from(MPCError::InvalidBitsize), ProofError::InvalidBitsize);
/// assert_eq!(ProofError::from(MPCError::MaliciousDealer), ProofError::ProvingError);
/// ```
#[derive(Clone, Debug, Eq, PartialEq)]
#[non_exhaustive]
pub enum MPCError {
    /// The dealer sent a challenge a party must not answer: `x`, `y` or `z` zero
    /// (answering would reveal the party's bits or blinding), or, to a party that
    /// recomputes the challenges, a list of commitments whose entry at the
    /// party's position is not the party's own.
    MaliciousDealer,
    /// The bit width is outside `1..=64`.
    InvalidBitsize,
    /// The number of parties is zero or above [`crate::MAX_AGGREGATION`].
    InvalidAggregation,
    /// The generators are too few for this bit width, number of parties or
    /// position.
    InvalidGeneratorsLength,
    /// The dealer received a number of bit commitments other than the number of
    /// parties.
    WrongNumBitCommitments,
    /// The dealer received a number of polynomial commitments other than the number
    /// of parties.
    WrongNumPolyCommitments,
    /// The dealer received a number of proof shares other than the number of
    /// parties.
    WrongNumProofShares,
    /// The shares of these parties (by position) are malformed or do not satisfy
    /// their checks against the parties' own commitments.
    MalformedProofShares {
        /// The positions of the bad shares, in increasing order.
        bad_shares: alloc::vec::Vec<usize>,
    },
    /// The party's value does not fit in the bit width (dalek's party does not check
    /// this; its dealer names the party afterwards).
    ValueOutOfRange,
    /// A party that recomputes the challenges found the dealer's challenge different
    /// from the one the transcript and the parties' commitments give.
    ChallengeMismatch,
    /// The dealer drew a zero challenge from its transcript (probability about
    /// 2^-250); start again with fresh randomness.
    ProvingError,
}

impl fmt::Display for MPCError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MPCError::MaliciousDealer => f.write_str("the dealer sent a malicious challenge"),
            MPCError::InvalidBitsize => f.write_str("invalid bit width: must be 1..=64"),
            MPCError::InvalidAggregation => f.write_str("invalid number of parties"),
            MPCError::InvalidGeneratorsLength => {
                f.write_str("too few generators for this proof shape or position")
            }
            MPCError::WrongNumBitCommitments => f.write_str("wrong number of bit commitments"),
            MPCError::WrongNumPolyCommitments => {
                f.write_str("wrong number of polynomial commitments")
            }
            MPCError::WrongNumProofShares => f.write_str("wrong number of proof shares"),
            MPCError::MalformedProofShares { bad_shares } => {
                write!(f, "malformed proof shares from parties {bad_shares:?}")
            }
            MPCError::ValueOutOfRange => f.write_str("the value does not fit in the bit width"),
            MPCError::ChallengeMismatch => {
                f.write_str("the dealer's challenge differs from the recomputed one")
            }
            MPCError::ProvingError => f.write_str("degenerate challenge during proving; retry"),
        }
    }
}

impl core::error::Error for MPCError {}

/// As dalek's: the shape errors map to the same-named [`ProofError`] variants, a
/// value out of range to [`ProofError::ValueOutOfRange`], everything else to
/// [`ProofError::ProvingError`].
impl From<MPCError> for ProofError {
    fn from(e: MPCError) -> ProofError {
        match e {
            MPCError::InvalidBitsize => ProofError::InvalidBitsize,
            MPCError::InvalidAggregation => ProofError::InvalidAggregation,
            MPCError::InvalidGeneratorsLength => ProofError::InvalidGeneratorsLength,
            MPCError::ValueOutOfRange => ProofError::ValueOutOfRange,
            _ => ProofError::ProvingError,
        }
    }
}

impl MPCError {
    /// The error of a shape check of the generators ([`ProofError`] of
    /// `check_parties`).
    pub(crate) fn from_shape(e: ProofError) -> MPCError {
        match e {
            ProofError::InvalidBitsize => MPCError::InvalidBitsize,
            ProofError::InvalidAggregation => MPCError::InvalidAggregation,
            _ => MPCError::InvalidGeneratorsLength,
        }
    }
}
