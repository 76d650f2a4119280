//! Set membership: a committed value equals one of `k` public values, or one of
//! `k` committed values.
//!
//! Both prove `Π_i (v − s_i) = 0` with a chain of `k − 1` multipliers
//! (`(v − s_1)·(v − s_2)`, then the running product times `v − s_3`, …) and one
//! constraint on the last output. The scalar field has no zero divisors, so the
//! product is zero exactly when one factor is: `v = s_i` for some `i`. For `k = 1`
//! the constraint `v − s_1 = 0` is linear (no multiplier).
//!
//! The prover needs no assignment: every multiplier's inputs are evaluated from
//! `v` and the set. Which element matches stays hidden (the proof is zero
//! knowledge); a public set is a constant of the circuit, not hashed by the
//! transcript: append it (see [`crate::gadgets`]).

use super::gadget_error;
use crate::curve::Curve;
use crate::r1cs::{ConstraintSystem, LinearCombination, R1CSError};

/// Constrains `v` to equal one of the public values `set` (`k = set.len() ≥ 1`),
/// given as `u64`s or as the curve's scalars.
///
/// Size: `k − 1` multipliers, `2k − 1` constraints (`k = 1`: none and one).
/// If `v` is none of them the prover fails with [`R1CSError::Unsatisfied`].
///
/// # Errors
/// [`R1CSError::GadgetError`] if `set` is empty.
///
/// # Example
/// ```
/// use ballistic::gadgets::membership;
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, R1CSError, Verifier};
/// use ballistic::ristretto::{random_scalar, BulletproofGens, PedersenGens, Scalar};
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(4, 1));
/// let allowed = [2u64, 3, 5, 7, 11];
/// let statement = || {
///     let mut t = Transcript::new(b"membership");
///     for s in allowed {
///         t.append_u64(b"s", s);
///     }
///     t
/// };
/// let mut prover = Prover::new(&pc, statement());
/// let (c, v) = prover.commit(Scalar::from(7u64), random_scalar(&mut rand::thread_rng()));
/// membership::one_of(&mut prover, v.into(), &allowed)?;
/// let proof = prover.prove(&bp)?;
///
/// let mut verifier = Verifier::new(statement());
/// let v = verifier.commit(c);
/// membership::one_of(&mut verifier, v.into(), &allowed)?;
/// assert_eq!(verifier.metrics().multipliers, 4);
/// verifier.verify(&proof, &pc, &bp)?;
/// # Ok::<(), R1CSError>(())
/// ```
pub fn one_of<C, CS, S>(cs: &mut CS, v: LinearCombination<C>, set: &[S]) -> Result<(), R1CSError>
where
    C: Curve,
    CS: ConstraintSystem<C> + ?Sized,
    S: Copy + Into<C::ApiScalar>,
{
    product_is_zero(
        cs,
        set.iter()
            .map(|s| v.clone() - LinearCombination::constant((*s).into())),
    )
}

/// Constrains `v` to equal one of the committed values (or any linear
/// combinations) `set` (`k = set.len() ≥ 1`).
///
/// Size: `k − 1` multipliers, `2k − 1` constraints (`k = 1`: none and one).
/// If `v` equals none of them the prover fails with [`R1CSError::Unsatisfied`].
///
/// # Errors
/// [`R1CSError::GadgetError`] if `set` is empty.
///
/// # Example
/// ```
/// use ballistic::gadgets::membership;
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, R1CSError, Verifier};
/// use ballistic::ristretto::{random_scalar, BulletproofGens, PedersenGens, Scalar};
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(2, 1));
/// let mut rng = rand::thread_rng();
/// // v is one of three committed values (the second), without saying which.
/// let mut prover = Prover::new(&pc, Transcript::new(b"one of committed"));
/// let (coms, vars): (Vec<_>, Vec<_>) = [40u64, 99, 60, 99]
///     .iter()
///     .map(|x| prover.commit(Scalar::from(*x), random_scalar(&mut rng)))
///     .unzip();
/// membership::one_of_committed(&mut prover, vars[3].into(), &vars[..3])?;
/// let proof = prover.prove(&bp)?;
///
/// let mut verifier = Verifier::new(Transcript::new(b"one of committed"));
/// let vars: Vec<_> = coms.iter().map(|c| verifier.commit(*c)).collect();
/// membership::one_of_committed(&mut verifier, vars[3].into(), &vars[..3])?;
/// verifier.verify(&proof, &pc, &bp)?;
/// # Ok::<(), R1CSError>(())
/// ```
pub fn one_of_committed<C, CS, L>(
    cs: &mut CS,
    v: LinearCombination<C>,
    set: &[L],
) -> Result<(), R1CSError>
where
    C: Curve,
    CS: ConstraintSystem<C> + ?Sized,
    L: Clone + Into<LinearCombination<C>>,
{
    product_is_zero(cs, set.iter().map(|s| v.clone() - s.clone()))
}

/// Constrains the product of `factors` (at least one) to be zero: a chain of one
/// multiplier per factor after the first, then one constraint.
fn product_is_zero<C, CS>(
    cs: &mut CS,
    mut factors: impl Iterator<Item = LinearCombination<C>>,
) -> Result<(), R1CSError>
where
    C: Curve,
    CS: ConstraintSystem<C> + ?Sized,
{
    let mut product = factors
        .next()
        .ok_or_else(|| gadget_error("membership: the set is empty"))?;
    for factor in factors {
        let (_, _, o) = cs.multiply(product, factor);
        product = o.into();
    }
    cs.constrain(product);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::ristretto::Ristretto;
    use crate::curve::secp256k1::Secp256k1;
    use crate::gadgets::tests::{metrics, prove_verify, prove_verify_with, Circuit};
    use crate::r1cs::Variable;
    use alloc::boxed::Box;
    use alloc::vec::Vec;

    fn public_circuit<C: Curve>(set: Vec<u64>) -> Box<Circuit<'static, C>> {
        Box::new(move |cs, v, _| one_of(cs, v[0].into(), &set[..]))
    }

    /// The committed set is `values[1..]`, the value `values[0]`.
    fn committed_circuit<C: Curve>(
        cs: &mut dyn ConstraintSystem<C>,
        v: &[Variable<C>],
        _: Option<&[u64]>,
    ) -> Result<(), R1CSError> {
        one_of_committed(cs, v[0].into(), &v[1..])
    }

    fn cases<C: Curve>(sizes: &[usize]) {
        for &k in sizes {
            let set: Vec<u64> = (0..k as u64).map(|i| 1000 + 7 * i).collect();
            let public = public_circuit::<C>(set.clone());
            for (i, s) in set.iter().enumerate() {
                if i == 0 || i == k - 1 || i == k / 2 {
                    assert_eq!(
                        prove_verify::<C>(&[*s], &public),
                        Ok(()),
                        "k = {k}, i = {i}"
                    );
                    let mut values = alloc::vec![*s];
                    values.extend_from_slice(&set);
                    assert_eq!(prove_verify::<C>(&values, &committed_circuit::<C>), Ok(()));
                }
            }
            for outsider in [0, 999, 1001, 1000 + 7 * k as u64] {
                assert_eq!(
                    prove_verify::<C>(&[outsider], &public),
                    Err(R1CSError::Unsatisfied),
                    "k = {k}, {outsider}"
                );
                let mut values = alloc::vec![outsider];
                values.extend_from_slice(&set);
                assert_eq!(
                    prove_verify::<C>(&values, &committed_circuit::<C>),
                    Err(R1CSError::Unsatisfied)
                );
            }
            let m = metrics::<C>(1, &public);
            assert_eq!((m.multipliers, m.constraints), (k - 1, 2 * k - 1));
            let m = metrics::<C>(k + 1, &committed_circuit::<C>);
            assert_eq!((m.multipliers, m.constraints), (k - 1, 2 * k - 1));
        }
    }

    #[test]
    fn membership_ristretto() {
        cases::<Ristretto>(&[1, 2, 3, 4, 5, 9, 16]);
    }

    #[test]
    fn membership_secp256k1() {
        cases::<Secp256k1>(&[1, 2, 5]);
    }

    #[test]
    fn a_proof_for_one_set_does_not_verify_for_another() {
        let (p, v) = (
            public_circuit::<Ristretto>(alloc::vec![1, 2, 3]),
            public_circuit::<Ristretto>(alloc::vec![1, 5, 3]),
        );
        assert_eq!(
            prove_verify_with::<Ristretto>(&[2], &p, &v),
            Err(R1CSError::VerificationError)
        );
    }

    /// Scalars as set elements: a value beyond `u64`.
    #[test]
    fn scalar_elements() {
        use curve25519_dalek::scalar::Scalar;
        let big = -Scalar::from(5u64);
        let circuit = |cs: &mut dyn ConstraintSystem<Ristretto>,
                       v: &[Variable<Ristretto>],
                       _: Option<&[u64]>| {
            one_of(
                cs,
                LinearCombination::zero() - v[0],
                &[Scalar::from(3u64), big],
            )
        };
        assert_eq!(prove_verify::<Ristretto>(&[5], &circuit), Ok(()));
        assert_eq!(
            prove_verify::<Ristretto>(&[3], &circuit),
            Err(R1CSError::Unsatisfied)
        );
    }

    #[test]
    fn empty_sets_are_errors() {
        let mut cs = crate::r1cs::Verifier::<Ristretto, _>::new(merlin::Transcript::new(b"t"));
        assert!(matches!(
            one_of::<Ristretto, _, u64>(&mut cs, LinearCombination::zero(), &[]),
            Err(R1CSError::GadgetError { .. })
        ));
        let empty: [Variable<Ristretto>; 0] = [];
        assert!(matches!(
            one_of_committed(&mut cs, LinearCombination::zero(), &empty),
            Err(R1CSError::GadgetError { .. })
        ));
        assert_eq!(cs.metrics().constraints, 0);
    }
}
