//! Arithmetic-circuit proofs: rank-1 constraint systems (R1CS) proved with
//! Bulletproofs, one implementation for every curve.
//!
//! A circuit is written once, as a "gadget" against the [`ConstraintSystem`] traits
//! (dalek's names: [`ConstraintSystem::multiply`], [`ConstraintSystem::allocate`],
//! [`ConstraintSystem::constrain`], [`RandomizableConstraintSystem`] for
//! constraints drawn after a challenge), and runs on both sides: the [`Prover`]
//! builds it with the secret assignments and proves that they satisfy every
//! constraint, the [`Verifier`] builds it without them and checks an
//! [`R1CSProof`]. [`BatchVerifier`] checks many proofs of any circuits in one
//! multiscalar multiplication and names the invalid ones.
//!
//! On ristretto255 the proofs, the transcript and the generators are those of
//! dalek's `bulletproofs` crate (4.0.0, feature `yoloproofs`): a proof made by
//! either verifies under the other for the same gadget
//! ([`crate::ristretto::r1cs`]). On secp256k1 ([`crate::secp256k1::r1cs`]) the same
//! protocol runs with the same Merlin transcript and 33-byte points.
//!
//! **The statement.** The transcript binds the commitments, their number, the
//! phase structure and every prover message. The circuit itself (its constraints
//! and the public constants in them) is the verifier's code and is *not* hashed,
//! as in dalek's crate: a gadget with public inputs must append them to the
//! transcript before the proof (the shuffle gadget appends `k`, the SHA-256 gadget
//! its digest). See [`crate::notes::r1cs`].
//!
//! # Example
//! ```
//! use ballistic::merlin::Transcript;
//! use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, Verifier, R1CSProof};
//! use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
//!
//! // The gadget: x · y = z for committed x, y and a public z.
//! fn product<CS: ConstraintSystem>(cs: &mut CS, x: ballistic::ristretto::r1cs::Variable,
//!     y: ballistic::ristretto::r1cs::Variable, z: u64) {
//!     let (_, _, o) = cs.multiply(x.into(), y.into());
//!     cs.constrain(o - z);
//! }
//!
//! let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(8, 1));
//! let mut rng = rand::thread_rng();
//! let mut t = Transcript::new(b"product");
//! t.append_u64(b"z", 21);
//! let mut prover = Prover::new(&pc, t);
//! let (cx, x) = prover.commit(Scalar::from(3u64), ballistic::ristretto::random_scalar(&mut rng));
//! let (cy, y) = prover.commit(Scalar::from(7u64), ballistic::ristretto::random_scalar(&mut rng));
//! product(&mut prover, x, y, 21);
//! let proof: R1CSProof = prover.prove(&bp)?;
//!
//! let mut t = Transcript::new(b"product");
//! t.append_u64(b"z", 21);
//! let mut verifier = Verifier::new(t);
//! let x = verifier.commit(cx);
//! let y = verifier.commit(cy);
//! product(&mut verifier, x, y, 21);
//! assert!(verifier.verify(&proof, &pc, &bp).is_ok());
//! # Ok::<(), ballistic::r1cs::R1CSError>(())
//! ```

#![allow(non_snake_case)]

mod batch;
mod constraint_system;
mod flatten;
mod forward;
mod linear_combination;
mod proof;
mod prover;
mod transcript;
mod verifier;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod toy_tests;

use alloc::string::String;
use core::fmt;

use crate::errors::ProofError;

pub use batch::{BatchError, BatchVerifier};
pub use constraint_system::{
    ConstraintSystem, RandomizableConstraintSystem, RandomizedConstraintSystem,
};
pub use linear_combination::{LinearCombination, Variable};
pub use proof::R1CSProof;
pub use prover::{Prover, RandomizingProver};
pub use verifier::{RandomizingVerifier, Verifier};

/// Largest number of multipliers of a circuit: `2^MAX_IPP_ROUNDS` (the inner-product
/// argument's bound), checked by the prover and the verifier before they allocate
/// vectors of that length.
pub const MAX_MULTIPLIERS: usize = 1 << crate::MAX_IPP_ROUNDS;

/// The size of a constraint system (from [`ConstraintSystem::metrics`]).
///
/// # Example
/// ```
/// use ballistic::r1cs::{ConstraintSystem, Verifier};
/// use ballistic::curve::ristretto::Ristretto;
/// let mut cs: Verifier<Ristretto, _> = Verifier::new(ballistic::merlin::Transcript::new(b"m"));
/// let (a, b, _) = cs.allocate_multiplier(None)?;
/// cs.constrain(a - b);
/// assert_eq!(cs.metrics().multipliers, 1);
/// assert_eq!(cs.metrics().constraints, 1);
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Metrics {
    /// Number of multiplication gates.
    pub multipliers: usize,
    /// Number of constraints, both phases.
    pub constraints: usize,
    /// Constraints of the first phase.
    pub phase_one_constraints: usize,
    /// Constraints of the second phase (counted as registered callbacks until they run).
    pub phase_two_constraints: usize,
}

/// The errors of the R1CS prover and verifier (dalek's `R1CSError`, with more cases).
///
/// # Example
/// ```
/// use ballistic::r1cs::{R1CSError, R1CSProof};
/// use ballistic::curve::ristretto::Ristretto;
/// assert_eq!(R1CSProof::<Ristretto>::from_bytes(&[7]).unwrap_err(), R1CSError::FormatError);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum R1CSError {
    /// The generators are too few for the circuit's (padded) number of multipliers.
    InvalidGeneratorsLength,
    /// The proof bytes are malformed (length, version, non-canonical encodings).
    FormatError,
    /// The proof does not verify.
    VerificationError,
    /// A prover's variable was allocated without an assignment.
    MissingAssignment,
    /// An error reported by a gadget.
    GadgetError {
        /// What the gadget reports.
        description: String,
    },
    /// The prover's assignments do not satisfy the constraints: no proof is made.
    Unsatisfied,
    /// The circuit has more multipliers than [`MAX_MULTIPLIERS`].
    TooManyMultipliers,
    /// A challenge or a random scalar was rejected (zero), or the RNG failed.
    ProvingError,
}

impl fmt::Display for R1CSError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            R1CSError::InvalidGeneratorsLength => {
                f.write_str("not enough generators for the circuit's multipliers")
            }
            R1CSError::FormatError => f.write_str("malformed proof bytes"),
            R1CSError::VerificationError => f.write_str("the proof does not verify"),
            R1CSError::MissingAssignment => f.write_str("a variable has no assignment"),
            R1CSError::GadgetError { description } => write!(f, "gadget error: {description}"),
            R1CSError::Unsatisfied => f.write_str("the assignments do not satisfy the constraints"),
            R1CSError::TooManyMultipliers => {
                write!(f, "the circuit has more than {MAX_MULTIPLIERS} multipliers")
            }
            R1CSError::ProvingError => f.write_str("a challenge or a random scalar was rejected"),
        }
    }
}

impl core::error::Error for R1CSError {}

/// The error a circuit proof is recorded with in a batch of every protocol
/// ([`crate::verify::BatchError`]): the generator, format and size errors keep
/// their meaning; every other error is a failed verification.
///
/// # Example
/// ```
/// use ballistic::r1cs::R1CSError;
/// use ballistic::ProofError;
/// assert_eq!(ProofError::from(R1CSError::FormatError), ProofError::FormatError);
/// assert_eq!(ProofError::from(R1CSError::Unsatisfied), ProofError::VerificationError);
/// ```
impl From<R1CSError> for ProofError {
    fn from(e: R1CSError) -> ProofError {
        match e {
            R1CSError::InvalidGeneratorsLength => ProofError::InvalidGeneratorsLength,
            R1CSError::FormatError => ProofError::FormatError,
            R1CSError::TooManyMultipliers => ProofError::InvalidInputLength,
            _ => ProofError::VerificationError,
        }
    }
}
