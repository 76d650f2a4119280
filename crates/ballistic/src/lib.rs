//! # ballistic
//!
//! Bulletproofs range proofs: short zero-knowledge proofs that committed values lie in
//! `[0, 2^n)`, with no trusted setup.
//!
//! * [`ristretto`]: ristretto255, interchangeable with dalek's `bulletproofs` crate.
//! * [`secp256k1`]: secp256k1, interchangeable with secp256k1-zkp's Bulletproofs (Grin).
//! * Any bit width `1 <= n <= 64` and any number of values `m >= 1` in one proof.
//! * Constant-time prover (policy in [`range_proof::prover`]); a verifier that never
//!   panics on any bytes.
//! * `no_std` + `alloc` core; the `std` feature (default) adds the OS RNG.
//!
//! # Internals
//!
//! The arithmetic under the [`curve::Curve`] implementations is crate-private: the
//! ristretto255 field, Edwards points, SIMD engine and lanes
//! (`curve::ristretto::{field, edwards, engine, lanes, scalar}`), the secp256k1
//! field and point internals (`curve::secp256k1::{field, point, pow, pow_ifma,
//! batch_affine, jacobi}`) and the lane-parallel MSM passes (`msm::lanes`). The
//! `unstable-internals` feature makes these modules public: **no semver guarantee;
//! for fuzzing, tests and benchmarks.** Any release may change them. The types that
//! public signatures name stay public without it ([`curve::ristretto::MontScalar`],
//! the `Point`, `Affine` and `Jacobian` of [`curve::secp256k1`]).
//!
//! The protocol is written once over [`curve::Curve`]; a wire format is a type
//! beside it ([`range_proof::format`]) that names its transcript, its folding and its
//! codec.
//!
//! ```
//! use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof};
//! use ballistic::merlin::Transcript;
//! use ballistic::curve25519_dalek::scalar::Scalar;
//! let (bp, pc) = (BulletproofGens::new(64, 1), PedersenGens::default());
//! let (proof, v) = RangeProof::prove_single(
//!     &bp, &pc, &mut Transcript::new(b"ex"), 42, &Scalar::from(7u64), 64)?;
//! proof.verify_single(&bp, &pc, &mut Transcript::new(b"ex"), &v, 64)?;
//! # Ok::<(), ballistic::ProofError>(())
//! ```

#![no_std]
#![deny(missing_docs)]
#![deny(unsafe_code)]
#![cfg_attr(
    not(test),
    warn(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

pub use curve25519_dalek;
pub use merlin;
pub use rand_core;

pub mod bp_plus;
pub mod ct;
pub mod curve;
pub mod errors;
pub mod gadgets;
pub mod generators;
pub mod inner_product;
pub mod msm;
pub mod notes;
pub mod parallel;
pub mod r1cs;
pub mod range_proof;
mod range_statement;
pub mod ristretto;
pub mod secp256k1;
mod secret;
pub mod transcript;
pub mod util;
pub mod verify;
pub mod weighted_inner_product;

pub use errors::ProofError;

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// Largest supported bit width `n` (values are `u64`).
pub const MAX_BITS: usize = 64;
/// Largest number of values `m` in one aggregated proof (keeps `N' <= 2^22`).
pub const MAX_AGGREGATION: usize = 1 << 16;
/// Largest number of inner-product rounds a proof may claim:
/// `log2(MAX_BITS · MAX_AGGREGATION) = 22`. Checked before any allocation.
pub const MAX_IPP_ROUNDS: usize = 22;
