//! Bits: a new bit variable, an existing linear combination constrained to be a
//! bit, and the decomposition of a value into bits (dalek's `range_proof` gadget
//! form).
//!
//! A bit is the right input `b` of a multiplier whose left input is `a = 1 − b` and
//! whose output is `a·b = 0`: the two constraints `a·b = 0` and `a + b − 1 = 0` give
//! `b·(1 − b) = 0`, so `b ∈ {0, 1}` (the scalar field has no zero divisors).

use alloc::vec::Vec;

use super::gadget_error;
use crate::curve::Curve;
use crate::r1cs::{ConstraintSystem, LinearCombination, R1CSError, Variable};

/// Largest number of bits of a decomposition: values are `u64`.
pub const MAX_BITS: usize = crate::MAX_BITS;

/// Allocates one bit: a variable `b` with `b·(1 − b) = 0`.
///
/// Size: 1 multiplier (`(1 − b)·b`), 2 constraints (its output is zero; its left
/// input is `1 − b`). The prover passes `Some(bit)`, the verifier `None`.
///
/// # Errors
/// [`R1CSError::MissingAssignment`] for a prover called with `None`.
///
/// # Example
/// ```
/// use ballistic::gadgets::boolean;
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, R1CSError, Verifier};
/// use ballistic::ristretto::{BulletproofGens, PedersenGens};
/// let pc = PedersenGens::default();
/// let mut prover = Prover::new(&pc, Transcript::new(b"bit"));
/// let b = boolean::allocate(&mut prover, Some(true))?;
/// prover.constrain(b - 1u64); // the bit is one
/// let proof = prover.prove(&BulletproofGens::new(1, 1))?;
///
/// let mut verifier = Verifier::new(Transcript::new(b"bit"));
/// let b = boolean::allocate(&mut verifier, None)?;
/// verifier.constrain(b - 1u64);
/// assert_eq!((verifier.metrics().multipliers, verifier.metrics().constraints), (1, 3));
/// verifier.verify(&proof, &pc, &BulletproofGens::new(1, 1))?;
/// # Ok::<(), R1CSError>(())
/// ```
pub fn allocate<C: Curve, CS: ConstraintSystem<C> + ?Sized>(
    cs: &mut CS,
    value: Option<bool>,
) -> Result<Variable<C>, R1CSError> {
    bit(cs, value.map(u64::from))
}

/// Constrains the linear combination `x` to be a bit: `x·(1 − x) = 0`.
///
/// Size: 1 multiplier (`x·(1 − x)`), 3 constraints (its two inputs and its output).
/// The prover needs no assignment: the multiplier's inputs are evaluated from `x`.
///
/// # Example
/// ```
/// use ballistic::gadgets::boolean;
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, R1CSError};
/// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
/// let pc = PedersenGens::default();
/// let mut prover = Prover::new(&pc, Transcript::new(b"is a bit"));
/// let (_, x) = prover.commit(Scalar::from(2u64), Scalar::from(9u64));
/// boolean::constrain(&mut prover, x.into());
/// assert_eq!(prover.prove(&BulletproofGens::new(1, 1)).unwrap_err(), R1CSError::Unsatisfied);
/// ```
pub fn constrain<C: Curve, CS: ConstraintSystem<C> + ?Sized>(cs: &mut CS, x: LinearCombination<C>) {
    let i = cs.metrics().multipliers;
    let (_, _, o) = cs.multiply(x.clone(), LinearCombination::from(1u64) - x);
    cs.constrain(o.into());
    // A bit, one minus it and zero: small for every satisfying witness.
    cs.declare_small(i..i + 1);
}

/// Allocates the `n` low bits of `value` (least significant first), each
/// constrained to be a bit, without constraining their sum to anything.
///
/// Size: `n` multipliers, `2n` constraints. `n ≤ 64`; `n = 0` allocates nothing.
///
/// # Errors
/// [`R1CSError::GadgetError`] if `n > 64`, [`R1CSError::MissingAssignment`] for a
/// prover called with `None`.
///
/// # Example
/// ```
/// use ballistic::gadgets::boolean;
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, R1CSError};
/// use ballistic::ristretto::{BulletproofGens, PedersenGens};
/// let pc = PedersenGens::default();
/// let mut prover = Prover::new(&pc, Transcript::new(b"bits"));
/// let bits = boolean::bits(&mut prover, Some(0b1101), 4)?;
/// assert_eq!(bits.len(), 4);
/// // Their weighted sum is the value: 1 + 4 + 8 = 13.
/// prover.constrain(boolean::pack(&bits) - 13u64);
/// prover.prove(&BulletproofGens::new(4, 1))?;
/// # Ok::<(), R1CSError>(())
/// ```
pub fn bits<C: Curve, CS: ConstraintSystem<C> + ?Sized>(
    cs: &mut CS,
    value: Option<u64>,
    n: usize,
) -> Result<Vec<Variable<C>>, R1CSError> {
    if n > MAX_BITS {
        return Err(gadget_error("bits: at most 64 bits"));
    }
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        // Bit i of the value (i < 64): a shift and a mask, no branch on the value.
        out.push(bit(cs, value.map(|q| (q >> i) & 1))?);
    }
    Ok(out)
}

/// Decomposes `v` into `n` bits: allocates them as [`bits`] does and constrains
/// `v = Σ 2^i·b_i`; returns the bits, least significant first. This proves
/// `v ∈ [0, 2^n)`.
///
/// Size: `n` multipliers, `2n + 1` constraints (dalek's `range_proof` gadget,
/// constraint for constraint). `n ≤ 64`; `n = 0` constrains `v = 0`. A prover's
/// `value` of `v` that is not below `2^n`, or not `v`'s assignment, makes the proof
/// fail with [`R1CSError::Unsatisfied`].
///
/// # Errors
/// [`R1CSError::GadgetError`] if `n > 64`, [`R1CSError::MissingAssignment`] for a
/// prover called with `None`.
///
/// # Example
/// ```
/// use ballistic::gadgets::boolean;
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, R1CSError, Verifier};
/// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(8, 1));
/// let mut prover = Prover::new(&pc, Transcript::new(b"decompose"));
/// let (c, v) = prover.commit(Scalar::from(200u64), Scalar::from(5u64));
/// let bits = boolean::decompose(&mut prover, v.into(), Some(200), 8)?;
/// // The top bit of 200 = 0b1100_1000 is one.
/// prover.constrain(bits[7] - 1u64);
/// let proof = prover.prove(&bp)?;
///
/// let mut verifier = Verifier::new(Transcript::new(b"decompose"));
/// let v = verifier.commit(c);
/// let bits = boolean::decompose(&mut verifier, v.into(), None, 8)?;
/// verifier.constrain(bits[7] - 1u64);
/// verifier.verify(&proof, &pc, &bp)?;
/// # Ok::<(), R1CSError>(())
/// ```
pub fn decompose<C: Curve, CS: ConstraintSystem<C> + ?Sized>(
    cs: &mut CS,
    v: LinearCombination<C>,
    value: Option<u64>,
    n: usize,
) -> Result<Vec<Variable<C>>, R1CSError> {
    let out = bits(cs, value, n)?;
    cs.constrain(v - pack(&out));
    Ok(out)
}

/// The linear combination `Σ 2^i·b_i` of `bits`, least significant first (no
/// multiplier, no constraint).
///
/// # Example
/// ```
/// use ballistic::gadgets::boolean;
/// use ballistic::ristretto::r1cs::{LinearCombination, Variable};
/// use ballistic::ristretto::Scalar;
/// let bits: Vec<Variable> = (0..3).map(Variable::MultiplierRight).collect();
/// let lc: LinearCombination = boolean::pack(&bits);
/// let coefficients: Vec<Scalar> = lc.terms().map(|(_, c)| c).collect();
/// assert_eq!(coefficients, [1u64, 2, 4].map(Scalar::from));
/// ```
pub fn pack<C: Curve>(bits: &[Variable<C>]) -> LinearCombination<C> {
    let mut lc = LinearCombination::zero();
    let mut exp_2 = C::ApiScalar::from(1u64);
    for b in bits {
        lc.push(*b, exp_2);
        exp_2 = exp_2 + exp_2;
    }
    lc
}

/// One bit from the assignment `value ∈ {0, 1}` (dalek's form: the multiplier
/// `(1 − b)·b`, its output zero, its left input `1 − b`); returns `b`.
fn bit<C: Curve, CS: ConstraintSystem<C> + ?Sized>(
    cs: &mut CS,
    value: Option<u64>,
) -> Result<Variable<C>, R1CSError> {
    let i = cs.metrics().multipliers;
    let (a, b, o) = cs.allocate_multiplier(
        value.map(|bit| (C::ApiScalar::from(1 - bit), C::ApiScalar::from(bit))),
    )?;
    cs.constrain(o.into());
    cs.constrain(a + (b - 1u64));
    // `1 − b`, `b` and zero: small for every satisfying witness.
    cs.declare_small(i..i + 1);
    Ok(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::ristretto::Ristretto;
    use crate::curve::secp256k1::Secp256k1;
    use crate::gadgets::tests::{metrics, prove_verify, prove_verify_with};

    fn allocate_cases<C: Curve>() {
        for (bit, claimed) in [(false, 0u64), (true, 1)] {
            let circuit =
                |cs: &mut dyn ConstraintSystem<C>, _: &[Variable<C>], v: Option<&[u64]>| {
                    let b = allocate(cs, v.map(|_| bit))?;
                    cs.constrain(b - claimed);
                    Ok(())
                };
            assert_eq!(prove_verify::<C>(&[], &circuit), Ok(()));
            // The prover claims the other value: unsatisfied.
            let wrong = |cs: &mut dyn ConstraintSystem<C>, _: &[Variable<C>], v: Option<&[u64]>| {
                let b = allocate(cs, v.map(|_| bit))?;
                cs.constrain(b - (1 - claimed));
                Ok(())
            };
            assert_eq!(prove_verify::<C>(&[], &wrong), Err(R1CSError::Unsatisfied));
            // A proof that the bit is `claimed` does not verify as the other value.
            assert_eq!(
                prove_verify_with::<C>(&[], &circuit, &wrong),
                Err(R1CSError::VerificationError)
            );
        }
        let m = metrics::<C>(0, &|cs, _, _| allocate(cs, None).map(|_| ()));
        assert_eq!((m.multipliers, m.constraints), (1, 2));
    }

    #[test]
    fn allocate_ristretto() {
        allocate_cases::<Ristretto>();
    }

    #[test]
    fn allocate_secp256k1() {
        allocate_cases::<Secp256k1>();
    }

    fn constrain_cases<C: Curve>(values: &[u64]) {
        let circuit = |cs: &mut dyn ConstraintSystem<C>, x: &[Variable<C>], _: Option<&[u64]>| {
            constrain(cs, x[0].into());
            Ok(())
        };
        for &v in values {
            let expected = if v < 2 {
                Ok(())
            } else {
                Err(R1CSError::Unsatisfied)
            };
            assert_eq!(prove_verify::<C>(&[v], &circuit), expected, "value {v}");
        }
        let m = metrics::<C>(1, &circuit);
        assert_eq!((m.multipliers, m.constraints), (1, 3));
    }

    #[test]
    fn constrain_ristretto() {
        constrain_cases::<Ristretto>(&[0, 1, 2, 3, u64::MAX]);
    }

    #[test]
    fn constrain_secp256k1() {
        constrain_cases::<Secp256k1>(&[0, 1, 2]);
    }

    /// `−1 = p − 1` is not a bit either (the field, not `u64`).
    #[test]
    fn minus_one_is_not_a_bit() {
        let circuit = |cs: &mut dyn ConstraintSystem<Ristretto>,
                       x: &[Variable<Ristretto>],
                       _: Option<&[u64]>| {
            constrain(cs, LinearCombination::zero() - x[0]);
            Ok(())
        };
        assert_eq!(
            prove_verify::<Ristretto>(&[1], &circuit),
            Err(R1CSError::Unsatisfied)
        );
    }

    fn decompose_cases<C: Curve>(cases: &[(u64, usize)]) {
        for &(value, n) in cases {
            let circuit =
                |cs: &mut dyn ConstraintSystem<C>, x: &[Variable<C>], v: Option<&[u64]>| {
                    let b = decompose(cs, x[0].into(), v.map(|v| v[0]), n)?;
                    assert_eq!(b.len(), n);
                    // The top bit, checked against the value's.
                    if let Some(top) = b.last() {
                        cs.constrain(*top - ((value >> (n - 1)) & 1));
                    }
                    Ok(())
                };
            let fits = n == 64 || value >> n == 0;
            let expected = if fits {
                Ok(())
            } else {
                Err(R1CSError::Unsatisfied)
            };
            assert_eq!(
                prove_verify::<C>(&[value], &circuit),
                expected,
                "{value} in {n} bits"
            );
            let m = metrics::<C>(1, &|cs, x, _| {
                decompose(cs, x[0].into(), None, n).map(|_| ())
            });
            assert_eq!((m.multipliers, m.constraints), (n, 2 * n + 1));
        }
    }

    #[test]
    fn decompose_ristretto() {
        decompose_cases::<Ristretto>(&[
            (0, 0),
            (1, 0),
            (0, 1),
            (1, 1),
            (2, 1),
            (0b1011, 4),
            (16, 4),
            (u64::MAX, 64),
            (1 << 63, 64),
            (u64::MAX, 63),
            ((1 << 63) - 1, 63),
        ]);
    }

    #[test]
    fn decompose_secp256k1() {
        decompose_cases::<Secp256k1>(&[(0, 0), (5, 3), (8, 3), (u64::MAX, 64)]);
    }

    #[test]
    fn a_prover_value_other_than_the_committed_one_is_unsatisfied() {
        // v = 12 committed, the bits of 13 assigned.
        let circuit = |cs: &mut dyn ConstraintSystem<Ristretto>,
                       x: &[Variable<Ristretto>],
                       v: Option<&[u64]>| {
            decompose(cs, x[0].into(), v.map(|v| v[0] + 1), 8).map(|_| ())
        };
        assert_eq!(
            prove_verify::<Ristretto>(&[12], &circuit),
            Err(R1CSError::Unsatisfied)
        );
    }

    #[test]
    fn bits_and_pack() {
        let circuit = |cs: &mut dyn ConstraintSystem<Ristretto>,
                       x: &[Variable<Ristretto>],
                       v: Option<&[u64]>| {
            let b = bits(cs, v.map(|v| v[0]), 10)?;
            cs.constrain(pack(&b) - x[0]);
            Ok(())
        };
        assert_eq!(prove_verify::<Ristretto>(&[1000], &circuit), Ok(()));
        assert_eq!(
            prove_verify::<Ristretto>(&[1024], &circuit),
            Err(R1CSError::Unsatisfied)
        );
        let m = metrics::<Ristretto>(1, &|cs, _, _| bits(cs, None, 10).map(|_| ()));
        assert_eq!((m.multipliers, m.constraints), (10, 20));
    }

    #[test]
    fn invalid_parameters_are_errors() {
        let mut cs = crate::r1cs::Verifier::<Ristretto, _>::new(merlin::Transcript::new(b"t"));
        assert!(matches!(
            bits(&mut cs, None, 65),
            Err(R1CSError::GadgetError { .. })
        ));
        assert!(matches!(
            decompose(&mut cs, LinearCombination::zero(), None, 65),
            Err(R1CSError::GadgetError { .. })
        ));
        // A prover without an assignment.
        let pc = crate::generators::PedersenGens::<Ristretto>::default();
        let mut p = crate::r1cs::Prover::<Ristretto, _>::new(&pc, merlin::Transcript::new(b"t"));
        assert_eq!(allocate(&mut p, None), Err(R1CSError::MissingAssignment));
        assert_eq!(bits(&mut p, None, 3), Err(R1CSError::MissingAssignment));
    }
}
