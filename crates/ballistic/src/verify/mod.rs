//! The verification engine: what every protocol's verification equation is written
//! into. A protocol emits its weighted equation as [`Terms`] (points of its own, its
//! Pedersen bases, and the coefficients of the generators `G_i`, `H_i` by position);
//! an accumulator of the engine collects them into one multiscalar multiplication
//! ([`SingleTerms`]: one proof over its shape's tables).

#![allow(non_snake_case)]
// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use alloc::vec;
use alloc::vec::Vec;

use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, GeneratorLayout};

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
}

/// Collects the terms of one proof: dynamic points in a list, `G`/`H` by position.
pub(crate) struct SingleTerms<C: Curve> {
    scalars: Vec<C::Scalar>,
    points: Vec<C::Point>,
    /// Coefficients of `G` (positions `0..np`) then `H` (`np..2np`), the order of the
    /// cached tables.
    gh: Vec<C::Scalar>,
    np: usize,
    /// Set if a term named a generator outside the shape (never, by construction;
    /// checked rather than indexed so that a bug fails verification, not the process).
    out_of_range: bool,
}

impl<C: Curve> SingleTerms<C> {
    /// Empty terms for a proof of padded length `np` with about `dynamic` points of
    /// its own.
    pub(crate) fn new(np: usize, dynamic: usize) -> Self {
        SingleTerms {
            scalars: Vec::with_capacity(dynamic + 2 * np),
            points: Vec::with_capacity(dynamic),
            gh: vec![C::scalar_zero(); 2 * np],
            np,
            out_of_range: false,
        }
    }

    /// Whether the collected equation holds: over the shape's cached `tables` when
    /// given, else over the generators of `layout` gathered for one plain
    /// multiscalar multiplication. Builds no table.
    pub(crate) fn check(
        self,
        bp_gens: &BulletproofGens<C>,
        layout: GeneratorLayout,
        tables: Option<alloc::sync::Arc<C::Precomputation>>,
    ) -> Result<(), ProofError> {
        if self.out_of_range {
            return Err(ProofError::VerificationError);
        }
        let SingleTerms {
            mut scalars,
            mut points,
            gh,
            ..
        } = self;
        let check = match tables {
            Some(table) => C::vartime_precomputed_mul(&table, &gh, &scalars, &points),
            None => {
                let (G, H) = bp_gens.vectors(layout);
                scalars.extend_from_slice(&gh);
                points.extend_from_slice(&G);
                points.extend_from_slice(&H);
                crate::curve::dispatch::vartime_multiscalar_mul::<C>(&scalars, &points)
            }
        };
        if C::is_identity(&check) {
            Ok(())
        } else {
            Err(ProofError::VerificationError)
        }
    }

    /// Stores a coefficient; an index outside the shape marks the equation invalid.
    fn set(&mut self, in_shape: bool, slot: usize, scalar: C::Scalar) {
        match self.gh.get_mut(slot) {
            Some(x) if in_shape => *x = scalar,
            _ => self.out_of_range = true,
        }
    }
}

impl<C: Curve> Terms<C> for SingleTerms<C> {
    fn dynamic(&mut self, scalar: C::Scalar, point: C::Point) {
        self.scalars.push(scalar);
        self.points.push(point);
    }
    fn pedersen(&mut self, bases: &[(C::Scalar, C::Point)]) {
        for (s, P) in bases {
            self.dynamic(*s, *P);
        }
    }
    fn g(&mut self, i: usize, scalar: C::Scalar) {
        self.set(i < self.np, i, scalar);
    }
    fn h(&mut self, i: usize, scalar: C::Scalar) {
        self.set(i < self.np, self.np + i, scalar);
    }
}
