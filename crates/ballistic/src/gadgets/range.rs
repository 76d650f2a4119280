//! Range constraints: `v ∈ [0, 2^n)` for any `1 ≤ n ≤ 64`, and `v ∈ [a, b]` for
//! public `u64` bounds.

use super::boolean::{self, MAX_BITS};
use super::gadget_error;
use crate::curve::Curve;
use crate::r1cs::{ConstraintSystem, LinearCombination, R1CSError};

/// Constrains `v ∈ [0, 2^n)`: decomposes `v` into `n` bits ([`boolean::decompose`],
/// dalek's `range_proof` gadget).
///
/// Size: `n` multipliers, `2n + 1` constraints. The prover passes `Some(value)`,
/// `v`'s assignment; the verifier `None`. A value of `2^n` or more (or not `v`'s
/// assignment) makes the prover fail with [`R1CSError::Unsatisfied`].
///
/// # Errors
/// [`R1CSError::GadgetError`] unless `1 ≤ n ≤ 64`, [`R1CSError::MissingAssignment`]
/// for a prover called with `None`.
///
/// # Example
/// ```
/// use ballistic::gadgets::range;
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, R1CSError, Verifier};
/// use ballistic::ristretto::{random_scalar, BulletproofGens, PedersenGens, Scalar};
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(16, 1));
/// let mut rng = rand::thread_rng();
/// // A 12-bit value.
/// let mut prover = Prover::new(&pc, Transcript::new(b"range"));
/// let (c, v) = prover.commit(Scalar::from(4000u64), random_scalar(&mut rng));
/// range::range(&mut prover, v.into(), Some(4000), 12)?;
/// let proof = prover.prove(&bp)?;
///
/// let mut verifier = Verifier::new(Transcript::new(b"range"));
/// let v = verifier.commit(c);
/// range::range(&mut verifier, v.into(), None, 12)?;
/// verifier.verify(&proof, &pc, &bp)?;
///
/// // 4096 has 13 bits: the prover refuses.
/// let mut prover = Prover::new(&pc, Transcript::new(b"range"));
/// let (_, v) = prover.commit(Scalar::from(4096u64), random_scalar(&mut rng));
/// range::range(&mut prover, v.into(), Some(4096), 12)?;
/// assert_eq!(prover.prove(&bp).unwrap_err(), R1CSError::Unsatisfied);
/// # Ok::<(), R1CSError>(())
/// ```
pub fn range<C: Curve, CS: ConstraintSystem<C> + ?Sized>(
    cs: &mut CS,
    v: LinearCombination<C>,
    value: Option<u64>,
    n: usize,
) -> Result<(), R1CSError> {
    if n == 0 || n > MAX_BITS {
        return Err(gadget_error("range: the bit width n must be in 1..=64"));
    }
    boolean::decompose(cs, v, value, n).map(|_| ())
}

/// Constrains `v ∈ [a, b]` for public bounds `a ≤ b`: with `m = ⌈log2(b − a + 1)⌉`
/// (the bit length of `b − a`), decomposes `v − a` and `b − v` into `m` bits each.
///
/// **Why two decompositions.** `v − a ∈ [0, 2^m)` alone proves
/// `v ∈ [a, a + 2^m − 1]`, which is wider than `[a, b]` unless `b − a + 1 = 2^m`
/// (for `[0, 5]`, three bits also admit 6 and 7); `b − v ∈ [0, 2^m)` supplies the
/// upper bound. When `b − a + 1` is a power of two the second is implied and is
/// left out.
///
/// **Why it is sound.** Let `x = v − a` and `y = b − v` in the scalar field (order
/// `p > 2^252`), each proved to be an integer in `[0, 2^m)`, `m ≤ 64`. Then
/// `x + y = b − a` in the field, and as integers `x + y < 2^65 < p`, so
/// `x + y = b − a` exactly: `0 ≤ x ≤ b − a`, and `v = a + x` is the integer in
/// `[a, b]` (no reduction: `b < 2^64 < p`). Both decompositions are needed because
/// each bounds only one side: `x` may be large when `y` is not bounded, and the
/// other way round.
///
/// Size: `2m` multipliers and `4m + 2` constraints, or `m` and `2m + 1` when
/// `b − a + 1 = 2^m` (in particular `a = b`: no multiplier, the constraint `v = a`;
/// `b − a = u64::MAX`: 64 multipliers). The prover passes `Some(value)`, `v`'s
/// assignment, the verifier `None`; a value outside `[a, b]` makes the prover fail
/// with [`R1CSError::Unsatisfied`].
///
/// The bounds are constants of the circuit, not hashed by the transcript: append
/// them to it (see [`crate::gadgets`]).
///
/// # Errors
/// [`R1CSError::GadgetError`] if `a > b`, [`R1CSError::MissingAssignment`] for a
/// prover called with `None`.
///
/// # Example
/// ```
/// use ballistic::gadgets::range;
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, R1CSError, Verifier};
/// use ballistic::ristretto::{random_scalar, BulletproofGens, PedersenGens, Scalar};
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(16, 1));
/// let mut rng = rand::thread_rng();
/// let statement = || {
///     let mut t = Transcript::new(b"age");
///     t.append_u64(b"a", 18);
///     t.append_u64(b"b", 130);
///     t
/// };
/// let mut prover = Prover::new(&pc, statement());
/// let (c, age) = prover.commit(Scalar::from(42u64), random_scalar(&mut rng));
/// range::range_in(&mut prover, age.into(), Some(42), 18, 130)?;
/// let proof = prover.prove(&bp)?;
///
/// let mut verifier = Verifier::new(statement());
/// let age = verifier.commit(c);
/// range::range_in(&mut verifier, age.into(), None, 18, 130)?;
/// // 130 − 18 = 112 has 7 bits: two 7-bit decompositions.
/// assert_eq!(verifier.metrics().multipliers, 14);
/// verifier.verify(&proof, &pc, &bp)?;
/// # Ok::<(), R1CSError>(())
/// ```
pub fn range_in<C: Curve, CS: ConstraintSystem<C> + ?Sized>(
    cs: &mut CS,
    v: LinearCombination<C>,
    value: Option<u64>,
    a: u64,
    b: u64,
) -> Result<(), R1CSError> {
    let d = b
        .checked_sub(a)
        .ok_or_else(|| gadget_error("range_in: the bounds must satisfy a <= b"))?;
    // m = ⌈log2(d + 1)⌉ = the bit length of d (0 for d = 0, 64 for u64::MAX).
    let m = (u64::BITS - d.leading_zeros()) as usize;
    // Out-of-range values wrap here; their bits then miss v − a (or b − v) and the
    // prover reports Unsatisfied.
    boolean::decompose(cs, v.clone() - a, value.map(|x| x.wrapping_sub(a)), m)?;
    // d = 2^m − 1 (all ones, d + 1 computed without overflow): v − a < 2^m is
    // already v ≤ b.
    if d & d.wrapping_add(1) == 0 {
        return Ok(());
    }
    boolean::decompose(
        cs,
        LinearCombination::from(b) - v,
        value.map(|x| b.wrapping_sub(x)),
        m,
    )
    .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::ristretto::Ristretto;
    use crate::curve::secp256k1::Secp256k1;
    use crate::gadgets::tests::{metrics, prove_verify, prove_verify_with, rng, Circuit};
    use crate::r1cs::Variable;
    use alloc::boxed::Box;
    use rand::Rng;

    fn range_circuit<C: Curve>(n: usize) -> Box<Circuit<'static, C>> {
        Box::new(move |cs, x, v| range(cs, x[0].into(), v.map(|v| v[0]), n))
    }

    fn range_cases<C: Curve>(widths: &[usize]) {
        let mut r = rng();
        for &n in widths {
            let max = if n == 64 { u64::MAX } else { (1 << n) - 1 };
            let circuit = range_circuit::<C>(n);
            for value in [0, max, r.gen_range(0..=max)] {
                assert_eq!(
                    prove_verify::<C>(&[value], &circuit),
                    Ok(()),
                    "{value} < 2^{n}"
                );
            }
            if n < 64 {
                assert_eq!(
                    prove_verify::<C>(&[max + 1], &circuit),
                    Err(R1CSError::Unsatisfied),
                    "2^{n}"
                );
                assert_eq!(
                    prove_verify::<C>(&[u64::MAX], &circuit),
                    Err(R1CSError::Unsatisfied)
                );
            }
            let m = metrics::<C>(1, &circuit);
            assert_eq!((m.multipliers, m.constraints), (n, 2 * n + 1));
        }
    }

    #[test]
    fn range_ristretto() {
        range_cases::<Ristretto>(&[1, 2, 3, 7, 8, 13, 32, 63, 64]);
    }

    #[test]
    fn range_secp256k1() {
        range_cases::<Secp256k1>(&[1, 10, 64]);
    }

    /// A negative value (`p − 1` in the field) is not in any range, even with 64 bits.
    #[test]
    fn negative_values_are_out_of_range() {
        let circuit = |cs: &mut dyn ConstraintSystem<Ristretto>,
                       x: &[Variable<Ristretto>],
                       v: Option<&[u64]>| {
            range(
                cs,
                LinearCombination::zero() - x[0],
                v.map(|v| v[0].wrapping_neg()),
                64,
            )
        };
        assert_eq!(
            prove_verify::<Ristretto>(&[1], &circuit),
            Err(R1CSError::Unsatisfied)
        );
    }

    #[test]
    fn a_proof_for_n_bits_does_not_verify_for_fewer() {
        let (p, v) = (
            range_circuit::<Ristretto>(10),
            range_circuit::<Ristretto>(9),
        );
        // 600 has 10 bits: a 9-bit verifier rejects the 10-bit proof.
        assert_eq!(
            prove_verify_with::<Ristretto>(&[600], &p, &v),
            Err(R1CSError::VerificationError)
        );
    }

    fn range_in_circuit<C: Curve>(a: u64, b: u64) -> Box<Circuit<'static, C>> {
        Box::new(move |cs, x, v| range_in(cs, x[0].into(), v.map(|v| v[0]), a, b))
    }

    /// Proves every listed value against `[a, b]`; values outside it must be refused.
    fn range_in_case<C: Curve>(a: u64, b: u64, values: &[u64]) {
        let circuit = range_in_circuit::<C>(a, b);
        for &value in values {
            let expected = if (a..=b).contains(&value) {
                Ok(())
            } else {
                Err(R1CSError::Unsatisfied)
            };
            assert_eq!(
                prove_verify::<C>(&[value], &circuit),
                expected,
                "{value} in [{a}, {b}]"
            );
        }
        let m = (u64::BITS - (b - a).leading_zeros()) as usize;
        let one = (b - a) == u64::MAX || (b - a + 1).is_power_of_two();
        let expected = if one {
            (m, 2 * m + 1)
        } else {
            (2 * m, 4 * m + 2)
        };
        let metrics = metrics::<C>(1, &circuit);
        assert_eq!(
            (metrics.multipliers, metrics.constraints),
            expected,
            "[{a}, {b}]"
        );
    }

    fn around(a: u64, b: u64) -> [u64; 8] {
        [
            a,
            b,
            a.wrapping_sub(1),
            b.wrapping_add(1),
            a / 2 + b / 2,
            a.wrapping_sub(2),
            b.wrapping_add(2),
            0,
        ]
    }

    #[test]
    fn range_in_ristretto() {
        let mut r = rng();
        for (a, b) in [
            (0u64, 5u64), // two decompositions: 3 bits admit 6 and 7
            (0, 7),       // one: b − a + 1 = 8
            (10, 10),     // a = b: no multiplier
            (0, 0),
            (u64::MAX, u64::MAX),
            (100, 1000),
            (1000, 1023 + 1000),
            (1, u64::MAX),
            (0, u64::MAX - 1),
            (u64::MAX - 300, u64::MAX),
        ] {
            range_in_case::<Ristretto>(a, b, &around(a, b));
        }
        // b − a = u64::MAX: every u64 is in; the 64-bit decomposition alone.
        range_in_case::<Ristretto>(0, u64::MAX, &[0, 1, u64::MAX, r.gen()]);
        for _ in 0..4 {
            let a = r.gen_range(0..1u64 << 40);
            let b = a + r.gen_range(0..1u64 << 20);
            range_in_case::<Ristretto>(a, b, &around(a, b));
        }
    }

    #[test]
    fn range_in_secp256k1() {
        range_in_case::<Secp256k1>(0, 5, &[0, 5, 6, 7]);
        range_in_case::<Secp256k1>(7, 7, &[7, 6, 8]);
        range_in_case::<Secp256k1>(0, u64::MAX, &[u64::MAX]);
    }

    /// The second decomposition is what rules out `v ∈ (b, a + 2^m)`: a verifier of
    /// `[0, 5]` rejects a proof of `6 ∈ [0, 7]`.
    #[test]
    fn range_in_is_tight() {
        let (p, v) = (
            range_in_circuit::<Ristretto>(0, 7),
            range_in_circuit::<Ristretto>(0, 5),
        );
        assert_eq!(
            prove_verify_with::<Ristretto>(&[6], &p, &v),
            Err(R1CSError::VerificationError)
        );
        // And a proof of 3 ∈ [0, 5] does not verify for [4, 9] (same size).
        let (p, v) = (
            range_in_circuit::<Ristretto>(0, 5),
            range_in_circuit::<Ristretto>(4, 9),
        );
        assert_eq!(
            prove_verify_with::<Ristretto>(&[3], &p, &v),
            Err(R1CSError::VerificationError)
        );
    }

    #[test]
    fn invalid_parameters_are_errors() {
        let mut cs = crate::r1cs::Verifier::<Ristretto, _>::new(merlin::Transcript::new(b"t"));
        for n in [0, 65, usize::MAX] {
            assert!(matches!(
                range(&mut cs, LinearCombination::zero(), None, n),
                Err(R1CSError::GadgetError { .. })
            ));
        }
        assert!(matches!(
            range_in(&mut cs, LinearCombination::zero(), None, 6, 5),
            Err(R1CSError::GadgetError { .. })
        ));
        assert_eq!(cs.metrics().multipliers, 0);
    }
}
