//! The verification engine, below every protocol: one accumulator, one batch
//! verifier, one blame algorithm, one streaming verifier.
//!
//! A protocol replays a proof's transcript into a statement (its generator layout,
//! Pedersen bases, commitments and the inversions it needs) and writes its weighted
//! verification equation into the engine's terms: points of its own, its Pedersen
//! bases, and the coefficients of the generators `G_i`, `H_i` by position. The engine's one accumulator sums the equations of any protocols into
//! one multiscalar multiplication over the shared generators (over their cached
//! tables when every statement has one layout). A single verification is a batch of
//! one over the same code.
//!
//! Each protocol adds its statements to [`BatchVerifier`] in its own folder
//! (`range_proof/batch.rs`, `bp_plus/batch.rs`, `r1cs/batch.rs`), so a batch
//! takes range proofs of every format, Bulletproofs+, `[a, b]` ranges and circuits
//! together and pays one multiscalar multiplication. Weights are drawn from an RNG
//! or, without one, derived from the batch ([`BatchVerifier::verify_deterministic`];
//! the math is in [`crate::notes::verify`]).
//!
//! # Example
//! A Bulletproof, a Bulletproofs+ `[a, b]` proof and a bad copy of the first in one
//! batch; the verdict names the bad one.
//! ```
//! use ballistic::merlin::Transcript;
//! use ballistic::ristretto::bp_plus::{pedersen_gens, Opening, RangeProofPlus};
//! use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof, Scalar};
//! use ballistic::verify::BatchVerifier;
//! let bp = BulletproofGens::new(64, 2);
//! let mut rng = rand::thread_rng();
//! let (pc, pc_plus) = (PedersenGens::default(), pedersen_gens(1)?);
//! let (p1, v1) = RangeProof::prove_single_with_rng(&bp, &pc, &mut Transcript::new(b"ex"), 7,
//!     &Scalar::from(1u64), 32, &mut rng)?;
//! let (p2, v2) = RangeProofPlus::prove_range(&bp, &pc_plus, &mut Transcript::new(b"ex"),
//!     &Opening::new(150, &[Scalar::from(2u64)]), 100, 200, &mut rng)?;
//! let mut batch = BatchVerifier::new(&bp);
//! batch.add(&p1, &pc, &mut Transcript::new(b"ex"), &[v1], 32);
//! batch.add_plus_range(&p2, &pc_plus, &mut Transcript::new(b"ex"), &v2, 100, 200);
//! batch.add(&p1, &pc, &mut Transcript::new(b"other"), &[v1], 32);
//! assert_eq!(batch.verify(&mut rng).unwrap_err().invalid_indices(), vec![2]);
//! # Ok::<(), ballistic::ProofError>(())
//! ```

#![allow(non_snake_case)]
// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

mod batch;
mod stream;

pub(crate) use batch::{check_one, Accumulator, Statement};
pub use batch::{BatchError, BatchVerifier, BLAME_SINGLE_MAX};
pub use stream::StreamingVerifier;

use alloc::vec::Vec;

use crate::curve::Curve;

/// Appends `scalars` to `t` under `label`: their number, then their canonical
/// encodings (in messages of at most 256 scalars, so that no buffer grows with a
/// circuit).
pub(crate) fn bind_scalars<C: Curve>(
    t: &mut merlin::Transcript,
    label: &'static [u8],
    scalars: &[C::Scalar],
) {
    t.append_u64(b"scalars", scalars.len() as u64);
    let mut buf = Vec::with_capacity(32 * scalars.len().min(256));
    for chunk in scalars.chunks(256) {
        buf.clear();
        for s in chunk {
            buf.extend_from_slice(&C::scalar_to_bytes(s));
        }
        t.append_message(label, &buf);
    }
}

/// Appends `values` to `t` under `label`: their number, then each.
pub(crate) fn bind_u64s(t: &mut merlin::Transcript, label: &'static [u8], values: &[u64]) {
    t.append_u64(b"values", values.len() as u64);
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    t.append_message(label, &bytes);
}

/// The coefficients of the generators `G_i` and `H_i` of a prefix, for an
/// equation to add into in bulk.
pub(crate) type PrefixCoefficients<'a, C> = (
    &'a mut [<C as Curve>::Scalar],
    &'a mut [<C as Curve>::Scalar],
);

/// Receives the terms of a (weighted) verification equation.
pub(crate) trait Terms<C: Curve> {
    /// A term over a point of the proof or the statement.
    fn dynamic(&mut self, scalar: C::Scalar, point: C::Point);
    /// The coefficients of this proof's Pedersen bases, in the proof's order (`B`,
    /// then its blinding or mask bases).
    fn pedersen(&mut self, bases: &[(C::Scalar, C::Point)]);
    /// The coefficient of `G_i` at padded position `i` of the shape `(n, m)`.
    fn g(&mut self, i: usize, scalar: C::Scalar);
    /// The coefficient of `H_i` at padded position `i` of the shape `(n, m)`.
    fn h(&mut self, i: usize, scalar: C::Scalar);
    /// The coefficients of party 0's first `len` generators `G_i` and `H_i`
    /// ([`GeneratorLayout::Prefix`](crate::generators::GeneratorLayout::Prefix)), for
    /// the equation to add into in bulk; `None` when the accumulator has no such
    /// generators (the statement then fails).
    fn prefix(&mut self, len: usize) -> Option<PrefixCoefficients<'_, C>> {
        let _ = len;
        None
    }
}
