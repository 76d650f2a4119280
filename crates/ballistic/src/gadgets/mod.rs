//! A library of R1CS gadgets: circuits written once against the
//! [`ConstraintSystem`](crate::r1cs::ConstraintSystem) traits, generic over the
//! curve, that run on the [`Prover`](crate::r1cs::Prover) (with the assignments)
//! and on the [`Verifier`](crate::r1cs::Verifier) (without).
//!
//! # The gadgets and their size
//!
//! Multipliers and constraints are those [`Metrics`](crate::r1cs::Metrics) counts
//! (a [`multiply`](crate::r1cs::ConstraintSystem::multiply) adds one multiplier and
//! two constraints, its inputs; an
//! [`allocate_multiplier`](crate::r1cs::ConstraintSystem::allocate_multiplier) one
//! multiplier and none). `m = ⌈log2(b − a + 1)⌉` is the bit length of `b − a`.
//!
//! | gadget | proves | multipliers | constraints |
//! |---|---|---|---|
//! | [`sha256`] compression | `compress(IV, block) = digest`, digest public | 25,997 (padded 2^15) | see [`sha256`] |
//! | [`sha256`] message | `SHA-256(m) = digest`, `len(m) ≤ 55` hidden | 25,827 | see [`sha256`] |
//! | [`boolean::allocate`] | a new variable `b ∈ {0, 1}` | 1 | 2 |
//! | [`boolean::constrain`] | an existing `x ∈ {0, 1}` | 1 | 3 |
//! | [`boolean::bits`] | `n` new bits | `n` | `2n` |
//! | [`boolean::decompose`] | `v = Σ 2^i·b_i`, `n` bits | `n` | `2n + 1` |
//! | [`range::range`] | `v ∈ [0, 2^n)` | `n` | `2n + 1` |
//! | [`range::range_in`] | `v ∈ [a, b]` | `2m` (`m` if `b − a + 1 = 2^m`) | `4m + 2` (`2m + 1`) |
//! | [`comparison::less_than`] | `x < y` for `x, y < 2^n` | `n` | `2n + 1` |
//! | [`comparison::less_or_equal`] | `x ≤ y` for `x, y < 2^n` | `n` | `2n + 1` |
//! | [`membership::one_of`] | `v ∈ {s_1, …, s_k}`, public `s_i` | `k − 1` | `2k − 1` |
//! | [`membership::one_of_committed`] | `v ∈ {w_1, …, w_k}`, committed `w_i` | `k − 1` | `2k − 1` |
//! | [`shuffle::gadget`] | `y` is a permutation of `x`, `k` each | `2(k − 1)` (0 if `k = 1`) | `4k − 3` |
//!
//! The shuffle's constraints are second-phase constraints (after its challenge);
//! before they run, [`Metrics`](crate::r1cs::Metrics) counts its one registered
//! callback. A proof's generators must cover the circuit's multipliers rounded up to
//! a power of two ([`BulletproofGens::new(capacity, 1)`](crate::generators::BulletproofGens::new)).
//!
//! # Composing gadgets
//!
//! A gadget takes [`LinearCombination`](crate::r1cs::LinearCombination)s (or
//! [`Variable`](crate::r1cs::Variable)s) and adds multipliers and constraints to the
//! system it is given; composing gadgets is calling them one after the other on the
//! same system, passing the variables one returns (the bits of
//! [`boolean::decompose`]) or any linear combination of committed values to the
//! next. The prover and the verifier must run the same sequence of gadgets with the
//! same public parameters: the verifier's calls pass `None` where the prover's pass
//! the secret assignments. Gadgets check their public parameters (bit widths, set
//! sizes, lengths) and return [`R1CSError::GadgetError`]
//! instead of panicking.
//!
//! Some gadgets state preconditions they do not prove themselves: the comparisons
//! hold only for operands below `2^n`, which the caller proves with
//! [`range::range`] unless they are already bounded by construction.
//!
//! **Public inputs go to the transcript.** The R1CS transcript binds the
//! commitments and the proof, but not the circuit: the constraints and the public
//! constants in them (the bounds of [`range::range_in`], the set of
//! [`membership::one_of`], a shuffle's `k`) are the verifier's code, not hashed. A
//! caller whose statement has public inputs appends them to the transcript before
//! building the prover and the verifier, as [`shuffle::transcript`] does with `k`;
//! otherwise a proof made for one statement would be replayed under another whose
//! constraints it happens to satisfy.
//!
//! # Example
//! Two committed values `x < y`, both below `2^16`, and `x` one of three public
//! values:
//! ```
//! use ballistic::gadgets::{comparison, membership, range};
//! use ballistic::merlin::Transcript;
//! use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, R1CSError, Verifier};
//! use ballistic::ristretto::{random_scalar, BulletproofGens, PedersenGens, Scalar};
//!
//! fn circuit<CS: ConstraintSystem>(
//!     cs: &mut CS,
//!     x: ballistic::ristretto::r1cs::Variable,
//!     y: ballistic::ristretto::r1cs::Variable,
//!     values: Option<(u64, u64)>,
//! ) -> Result<(), R1CSError> {
//!     range::range(cs, x.into(), values.map(|v| v.0), 16)?;
//!     range::range(cs, y.into(), values.map(|v| v.1), 16)?;
//!     comparison::less_than(cs, x.into(), y.into(), values, 16)?;
//!     membership::one_of(cs, x.into(), &[3u64, 5, 8])
//! }
//! let statement = || {
//!     let mut t = Transcript::new(b"example");
//!     t.append_message(b"set", b"3,5,8"); // the public inputs
//!     t
//! };
//! let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(64, 1));
//! let mut rng = rand::thread_rng();
//! let mut prover = Prover::new(&pc, statement());
//! let (cx, x) = prover.commit(Scalar::from(5u64), random_scalar(&mut rng));
//! let (cy, y) = prover.commit(Scalar::from(900u64), random_scalar(&mut rng));
//! circuit(&mut prover, x, y, Some((5, 900)))?;
//! let proof = prover.prove(&bp)?;
//!
//! let mut verifier = Verifier::new(statement());
//! let (x, y) = (verifier.commit(cx), verifier.commit(cy));
//! circuit(&mut verifier, x, y, None)?;
//! assert_eq!(verifier.metrics().multipliers, 16 + 16 + 16 + 2);
//! verifier.verify(&proof, &pc, &bp)?;
//! # Ok::<(), R1CSError>(())
//! ```

pub mod boolean;
pub mod comparison;
pub mod membership;
pub mod range;
pub mod sha256;
pub mod shuffle;

#[cfg(test)]
mod tests;

use alloc::string::String;

use crate::r1cs::R1CSError;

/// The error of a gadget called with invalid public parameters.
fn gadget_error(description: &str) -> R1CSError {
    R1CSError::GadgetError {
        description: String::from(description),
    }
}
