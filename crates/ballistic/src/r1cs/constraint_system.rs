//! The constraint-system traits that circuit code ("gadgets") is written against,
//! with the names and signatures of dalek's `r1cs` module.

use super::{LinearCombination, Metrics, R1CSError, Variable};
use crate::curve::ristretto::Ristretto;
use crate::curve::Curve;
use merlin::Transcript;

/// A system of rank-1 constraints under construction, by the prover (with the
/// assignments) or by the verifier (without): gadgets are written once against
/// this trait and run on both sides.
///
/// Every multiplication gate `a_L·a_R = a_O` is a multiplier; every constraint is a
/// [`LinearCombination`] that must equal zero.
///
/// # Example
/// ```
/// use ballistic::r1cs::{ConstraintSystem, LinearCombination, R1CSError};
/// /// Constrains a committed value to be a bit: x·(1 − x) = 0 (1 multiplier).
/// fn boolean<CS: ConstraintSystem>(cs: &mut CS, x: LinearCombination) {
///     let (_, _, product) = cs.multiply(x.clone(), LinearCombination::from(1u64) - x);
///     cs.constrain(product.into());
/// }
/// # let _ = boolean::<ballistic::r1cs::Verifier<ballistic::curve::ristretto::Ristretto, ballistic::merlin::Transcript>>;
/// ```
pub trait ConstraintSystem<C: Curve = Ristretto> {
    /// The Fiat–Shamir transcript, for gadgets that bind their public parameters.
    fn transcript(&mut self) -> &mut Transcript;

    /// Allocates a multiplier with inputs `left`, `right` and constrains its inputs
    /// to equal them; returns `(left, right, output)` variables.
    fn multiply(
        &mut self,
        left: LinearCombination<C>,
        right: LinearCombination<C>,
    ) -> (Variable<C>, Variable<C>, Variable<C>);

    /// Allocates one unconstrained variable (half a multiplier: two allocations
    /// share one gate). The prover passes `Some(value)`, the verifier `None`.
    ///
    /// # Errors
    /// [`R1CSError::MissingAssignment`] for a prover called with `None`.
    fn allocate(&mut self, assignment: Option<C::ApiScalar>) -> Result<Variable<C>, R1CSError>;

    /// Allocates a multiplier with unconstrained inputs; returns `(left, right,
    /// output)`. The prover passes `Some((left, right))`, the verifier `None`.
    ///
    /// # Errors
    /// [`R1CSError::MissingAssignment`] for a prover called with `None`.
    #[allow(clippy::type_complexity)] // dalek's signature
    fn allocate_multiplier(
        &mut self,
        input_assignments: Option<(C::ApiScalar, C::ApiScalar)>,
    ) -> Result<(Variable<C>, Variable<C>, Variable<C>), R1CSError>;

    /// The multipliers and constraints so far.
    fn metrics(&self) -> Metrics;

    /// Adds the constraint `lc = 0`.
    fn constrain(&mut self, lc: LinearCombination<C>);

    /// Declares that the multipliers with indices in `multipliers` (as numbered by
    /// [`Metrics::multipliers`] when they were created) have inputs and output in
    /// `{−1, 0, 1}` for every witness: public circuit structure (bits, XORs of bits)
    /// that lets the prover commit to them with one constant-time selection and
    /// addition per entry instead of a scalar multiplication. The prover checks the
    /// declaration and fails with [`R1CSError::GadgetError`] if an assignment breaks
    /// it; it changes neither the proof nor the verifier (which ignores it).
    /// Not in dalek's trait (a provided method: dalek-style code need not call it).
    ///
    /// # Example
    /// ```
    /// use ballistic::r1cs::{ConstraintSystem, LinearCombination, R1CSError};
    /// /// Allocates a bit (1 multiplier) and declares it small.
    /// fn bit<CS: ConstraintSystem>(cs: &mut CS, b: Option<u64>) -> Result<LinearCombination, R1CSError> {
    ///     let i = cs.metrics().multipliers;
    ///     let (a, not_a, o) = cs.allocate_multiplier(b.map(|b| ((b & 1).into(), (1 - (b & 1)).into())))?;
    ///     cs.constrain(o.into());
    ///     cs.constrain(a + not_a - 1u64);
    ///     cs.declare_small(i..i + 1);
    ///     Ok(a.into())
    /// }
    /// # let _ = bit::<ballistic::r1cs::Verifier<ballistic::curve::ristretto::Ristretto, ballistic::merlin::Transcript>>;
    /// ```
    fn declare_small(&mut self, multipliers: core::ops::Range<usize>) {
        let _ = multipliers;
    }
}

/// A constraint system whose gadgets may add constraints after a challenge: the
/// second phase of the protocol, with scalars drawn from the transcript after every
/// first-phase variable is committed.
///
/// # Example
/// ```
/// use ballistic::r1cs::{ConstraintSystem, RandomizableConstraintSystem, RandomizedConstraintSystem, R1CSError, Variable};
/// /// After drawing a random `c`: (x − c)(y − c) = (y − c)(x − c) (a toy two-phase gadget).
/// fn gadget<CS: RandomizableConstraintSystem>(cs: &mut CS, x: Variable, y: Variable) -> Result<(), R1CSError> {
///     cs.specify_randomized_constraints(move |cs| {
///         let c = cs.challenge_scalar(b"c");
///         let (_, _, o) = cs.multiply(x - c, y - c);
///         let (_, _, p) = cs.multiply(y - c, x - c);
///         cs.constrain(o - p);
///         Ok(())
///     })
/// }
/// # let _ = gadget::<ballistic::r1cs::Verifier<ballistic::curve::ristretto::Ristretto, ballistic::merlin::Transcript>>;
/// ```
pub trait RandomizableConstraintSystem<C: Curve = Ristretto>: ConstraintSystem<C> {
    /// The constraint system the second-phase callbacks receive.
    type RandomizedCS: RandomizedConstraintSystem<C>;

    /// Registers `callback` to run in the second phase, after the first phase's
    /// variables are committed; it may draw challenges and add constraints.
    ///
    /// # Errors
    /// Those of the callback, when it runs.
    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), R1CSError>
    where
        F: 'static + FnOnce(&mut Self::RandomizedCS) -> Result<(), R1CSError>;
}

/// The second phase of a [`RandomizableConstraintSystem`]: challenges are available.
pub trait RandomizedConstraintSystem<C: Curve = Ristretto>: ConstraintSystem<C> {
    /// A challenge scalar from the transcript, bound to every first-phase
    /// commitment.
    fn challenge_scalar(&mut self, label: &'static [u8]) -> C::ApiScalar;
}
