//! Comparisons of two committed values below `2^n`: `x < y` and `x ≤ y`.
//!
//! **Precondition.** Both operands must be integers in `[0, 2^n)`; the gadgets do
//! not prove it. Prove it with [`range::range`] (as the examples do) unless the
//! operands are bounded by construction (bits packed by
//! [`boolean::pack`](super::boolean::pack), outputs of other range-checked values).
//! Without it the comparison is meaningless: in the field, `x = −1` and `y = 0`
//! give `y − x − 1 = 0`, a valid "`x < y`".
//!
//! **Soundness.** With `x, y ∈ [0, 2^n)`, the difference `d = y − x − 1` (for `<`)
//! or `d = y − x` (for `≤`) is an integer in `(−2^(n+1), 2^n)`. If the comparison
//! is false, `d` is negative, i.e. the field element `p − |d|` with
//! `p − |d| > p − 2^(n+1) ≥ 2^n` (`p > 2^252`, `n ≤ 64`), which has no `n`-bit
//! decomposition; if it is true, `d ∈ [0, 2^n)`.

use super::gadget_error;
use super::range;
use crate::curve::Curve;
use crate::r1cs::{ConstraintSystem, LinearCombination, R1CSError};

/// Constrains `x < y` for `x, y ∈ [0, 2^n)` (see the [module](self) for the
/// precondition): `y − x − 1 ∈ [0, 2^n)`.
///
/// Size: `n` multipliers, `2n + 1` constraints ([`range::range`] of `y − x − 1`).
/// The prover passes `Some((x, y))`, the assignments; the verifier `None`. If
/// `x ≥ y` the prover fails with [`R1CSError::Unsatisfied`].
///
/// # Errors
/// [`R1CSError::GadgetError`] unless `1 ≤ n ≤ 64`, [`R1CSError::MissingAssignment`]
/// for a prover called with `None`.
///
/// # Example
/// ```
/// use ballistic::gadgets::{comparison, range};
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, R1CSError, Variable, Verifier};
/// use ballistic::ristretto::{random_scalar, BulletproofGens, PedersenGens, Scalar};
///
/// // x < y for 32-bit x and y: both ranges, then the comparison (96 multipliers).
/// fn bid<CS: ConstraintSystem>(cs: &mut CS, x: Variable, y: Variable, values: Option<(u64, u64)>)
///     -> Result<(), R1CSError> {
///     range::range(cs, x.into(), values.map(|v| v.0), 32)?;
///     range::range(cs, y.into(), values.map(|v| v.1), 32)?;
///     comparison::less_than(cs, x.into(), y.into(), values, 32)
/// }
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(128, 1));
/// let mut rng = rand::thread_rng();
/// let mut prover = Prover::new(&pc, Transcript::new(b"bid"));
/// let (cx, x) = prover.commit(Scalar::from(1_000u64), random_scalar(&mut rng));
/// let (cy, y) = prover.commit(Scalar::from(1_001u64), random_scalar(&mut rng));
/// bid(&mut prover, x, y, Some((1_000, 1_001)))?;
/// let proof = prover.prove(&bp)?;
///
/// let mut verifier = Verifier::new(Transcript::new(b"bid"));
/// let (x, y) = (verifier.commit(cx), verifier.commit(cy));
/// bid(&mut verifier, x, y, None)?;
/// verifier.verify(&proof, &pc, &bp)?;
/// # Ok::<(), R1CSError>(())
/// ```
pub fn less_than<C: Curve, CS: ConstraintSystem<C> + ?Sized>(
    cs: &mut CS,
    x: LinearCombination<C>,
    y: LinearCombination<C>,
    values: Option<(u64, u64)>,
    n: usize,
) -> Result<(), R1CSError> {
    check_width(n)?;
    // x ≥ y wraps to a value whose bits miss y − x − 1: the prover reports Unsatisfied.
    range::range(
        cs,
        y - x - 1u64,
        values.map(|(x, y)| y.wrapping_sub(x).wrapping_sub(1)),
        n,
    )
}

/// Constrains `x ≤ y` for `x, y ∈ [0, 2^n)` (see the [module](self) for the
/// precondition): `y − x ∈ [0, 2^n)`.
///
/// Size: `n` multipliers, `2n + 1` constraints ([`range::range`] of `y − x`). The
/// prover passes `Some((x, y))`, the verifier `None`. If `x > y` the prover fails
/// with [`R1CSError::Unsatisfied`].
///
/// # Errors
/// [`R1CSError::GadgetError`] unless `1 ≤ n ≤ 64`, [`R1CSError::MissingAssignment`]
/// for a prover called with `None`.
///
/// # Example
/// ```
/// use ballistic::gadgets::{comparison, range};
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, R1CSError};
/// use ballistic::ristretto::{random_scalar, BulletproofGens, PedersenGens, Scalar};
/// let pc = PedersenGens::default();
/// let mut rng = rand::thread_rng();
/// let mut prover = Prover::new(&pc, Transcript::new(b"le"));
/// let (_, x) = prover.commit(Scalar::from(8u64), random_scalar(&mut rng));
/// let (_, y) = prover.commit(Scalar::from(7u64), random_scalar(&mut rng));
/// range::range(&mut prover, x.into(), Some(8), 4)?;
/// range::range(&mut prover, y.into(), Some(7), 4)?;
/// comparison::less_or_equal(&mut prover, x.into(), y.into(), Some((8, 7)), 4)?;
/// // 8 > 7: no proof.
/// assert_eq!(prover.prove(&BulletproofGens::new(16, 1)).unwrap_err(), R1CSError::Unsatisfied);
/// # Ok::<(), R1CSError>(())
/// ```
pub fn less_or_equal<C: Curve, CS: ConstraintSystem<C> + ?Sized>(
    cs: &mut CS,
    x: LinearCombination<C>,
    y: LinearCombination<C>,
    values: Option<(u64, u64)>,
    n: usize,
) -> Result<(), R1CSError> {
    check_width(n)?;
    range::range(cs, y - x, values.map(|(x, y)| y.wrapping_sub(x)), n)
}

fn check_width(n: usize) -> Result<(), R1CSError> {
    if n == 0 || n > super::boolean::MAX_BITS {
        return Err(gadget_error(
            "comparison: the bit width n must be in 1..=64",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::ristretto::Ristretto;
    use crate::curve::secp256k1::Secp256k1;
    use crate::gadgets::tests::{metrics, prove_verify, prove_verify_with, rng, Circuit};
    use alloc::boxed::Box;
    use rand::Rng;

    type Gadget<C> = fn(
        &mut dyn ConstraintSystem<C>,
        LinearCombination<C>,
        LinearCombination<C>,
        Option<(u64, u64)>,
        usize,
    ) -> Result<(), R1CSError>;

    /// The comparison with both operands range-checked to `n` bits.
    fn circuit<C: Curve>(gadget: Gadget<C>, n: usize) -> Box<Circuit<'static, C>> {
        Box::new(move |cs, v, values| {
            let values = values.map(|w| (w[0], w[1]));
            range::range(cs, v[0].into(), values.map(|w| w.0), n)?;
            range::range(cs, v[1].into(), values.map(|w| w.1), n)?;
            gadget(cs, v[0].into(), v[1].into(), values, n)
        })
    }

    fn cases<C: Curve>(widths: &[usize]) {
        let mut r = rng();
        for &n in widths {
            let max = if n == 64 { u64::MAX } else { (1 << n) - 1 };
            let mut pairs =
                alloc::vec![(0, 0), (0, 1), (1, 0), (max - 1, max), (max, max), (max, 0)];
            for _ in 0..2 {
                pairs.push((r.gen_range(0..=max), r.gen_range(0..=max)));
            }
            let lt = circuit::<C>(|cs, x, y, v, n| less_than(cs, x, y, v, n), n);
            let le = circuit::<C>(|cs, x, y, v, n| less_or_equal(cs, x, y, v, n), n);
            for (x, y) in pairs {
                let verdict = |holds: bool| {
                    if holds {
                        Ok(())
                    } else {
                        Err(R1CSError::Unsatisfied)
                    }
                };
                assert_eq!(
                    prove_verify::<C>(&[x, y], &lt),
                    verdict(x < y),
                    "{x} < {y}, n = {n}"
                );
                assert_eq!(
                    prove_verify::<C>(&[x, y], &le),
                    verdict(x <= y),
                    "{x} <= {y}, n = {n}"
                );
            }
            for c in [&lt, &le] {
                let m = metrics::<C>(2, c);
                assert_eq!((m.multipliers, m.constraints), (3 * n, 3 * (2 * n + 1)));
            }
        }
    }

    #[test]
    fn comparisons_ristretto() {
        cases::<Ristretto>(&[1, 2, 8, 32, 64]);
    }

    #[test]
    fn comparisons_secp256k1() {
        cases::<Secp256k1>(&[1, 64]);
    }

    /// `x < y` proved does not verify as `y < x` (the statement is false).
    #[test]
    fn swapped_operands_do_not_verify() {
        let lt = circuit::<Ristretto>(|cs, x, y, v, n| less_than(cs, x, y, v, n), 16);
        let gt = circuit::<Ristretto>(
            |cs, x, y, v, n| less_than(cs, y, x, v.map(|(a, b)| (b, a)), n),
            16,
        );
        assert_eq!(prove_verify::<Ristretto>(&[3, 9], &lt), Ok(()));
        assert_eq!(
            prove_verify_with::<Ristretto>(&[3, 9], &lt, &gt),
            Err(R1CSError::VerificationError)
        );
    }

    #[test]
    fn invalid_widths_are_errors() {
        let mut cs = crate::r1cs::Verifier::<Ristretto, _>::new(merlin::Transcript::new(b"t"));
        for n in [0, 65] {
            let (x, y) = (LinearCombination::zero(), LinearCombination::zero());
            assert!(matches!(
                less_than(&mut cs, x.clone(), y.clone(), None, n),
                Err(R1CSError::GadgetError { .. })
            ));
            assert!(matches!(
                less_or_equal(&mut cs, x, y, None, n),
                Err(R1CSError::GadgetError { .. })
            ));
        }
    }
}
