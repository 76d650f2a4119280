//! The second-phase wrappers ([`super::RandomizingProver`],
//! [`super::RandomizingVerifier`]): one macro writes, for both, the
//! [`super::ConstraintSystem`] methods that go to the wrapped prover or verifier,
//! `Debug` as the wrapped value's, and [`super::RandomizedConstraintSystem`].

/// Implements `Debug`, `ConstraintSystem<C>` and `RandomizedConstraintSystem<C>`
/// for `$wrapper` (a type over the parameters `C: Curve` and
/// `T: BorrowMut<Transcript>`, written with `'_` for any lifetime) by forwarding
/// each `ConstraintSystem` method to its field `$field`. A challenge is 64 bytes
/// from the transcript under `label`, reduced modulo the group order.
macro_rules! forward_randomizing {
    ($wrapper:ty, $field:ident) => {
        impl<C: $crate::curve::Curve, T: ::core::borrow::BorrowMut<::merlin::Transcript>>
            ::core::fmt::Debug for $wrapper
        {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Debug::fmt(&self.$field, f)
            }
        }

        impl<C: $crate::curve::Curve, T: ::core::borrow::BorrowMut<::merlin::Transcript>>
            $crate::r1cs::ConstraintSystem<C> for $wrapper
        {
            fn transcript(&mut self) -> &mut ::merlin::Transcript {
                $crate::r1cs::ConstraintSystem::transcript(&mut self.$field)
            }
            fn multiply(
                &mut self,
                left: $crate::r1cs::LinearCombination<C>,
                right: $crate::r1cs::LinearCombination<C>,
            ) -> (
                $crate::r1cs::Variable<C>,
                $crate::r1cs::Variable<C>,
                $crate::r1cs::Variable<C>,
            ) {
                $crate::r1cs::ConstraintSystem::multiply(&mut self.$field, left, right)
            }
            fn allocate(
                &mut self,
                assignment: Option<C::ApiScalar>,
            ) -> Result<$crate::r1cs::Variable<C>, $crate::r1cs::R1CSError> {
                $crate::r1cs::ConstraintSystem::allocate(&mut self.$field, assignment)
            }
            fn allocate_multiplier(
                &mut self,
                input_assignments: Option<(C::ApiScalar, C::ApiScalar)>,
            ) -> Result<
                (
                    $crate::r1cs::Variable<C>,
                    $crate::r1cs::Variable<C>,
                    $crate::r1cs::Variable<C>,
                ),
                $crate::r1cs::R1CSError,
            > {
                $crate::r1cs::ConstraintSystem::allocate_multiplier(
                    &mut self.$field,
                    input_assignments,
                )
            }
            fn metrics(&self) -> $crate::r1cs::Metrics {
                $crate::r1cs::ConstraintSystem::metrics(&self.$field)
            }
            fn constrain(&mut self, lc: $crate::r1cs::LinearCombination<C>) {
                $crate::r1cs::ConstraintSystem::constrain(&mut self.$field, lc)
            }
            fn declare_small(&mut self, multipliers: ::core::ops::Range<usize>) {
                $crate::r1cs::ConstraintSystem::declare_small(&mut self.$field, multipliers)
            }
        }

        impl<C: $crate::curve::Curve, T: ::core::borrow::BorrowMut<::merlin::Transcript>>
            $crate::r1cs::RandomizedConstraintSystem<C> for $wrapper
        {
            fn challenge_scalar(&mut self, label: &'static [u8]) -> C::ApiScalar {
                let mut buf = [0u8; 64];
                $crate::r1cs::ConstraintSystem::transcript(&mut self.$field)
                    .challenge_bytes(label, &mut buf);
                C::scalar_to_api(&C::scalar_from_wide_bytes(&buf))
            }
        }
    };
}

pub(super) use forward_randomizing;
