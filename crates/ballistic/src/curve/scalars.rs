//! Scalar-vector helpers over any [`Curve`], shared by the arguments and protocols.

use alloc::vec::Vec;

use super::Curve;

/// `[1, x, x², …, x^(len−1)]`.
pub(crate) fn powers<C: Curve>(x: &C::Scalar, len: usize) -> Vec<C::Scalar> {
    let mut out = Vec::with_capacity(len);
    let mut acc = C::scalar_one();
    for _ in 0..len {
        out.push(acc);
        acc *= *x;
    }
    out
}

/// `x^e` by square-and-multiply, variable time in the exponent `e` (a public
/// position or length).
pub(crate) fn pow_vartime<C: Curve>(x: &C::Scalar, e: u64) -> C::Scalar {
    let mut result = C::scalar_one();
    let mut base = *x;
    let mut e = e;
    while e > 0 {
        if e & 1 == 1 {
            result *= base;
        }
        base *= base;
        e >>= 1;
    }
    result
}

/// `Σ_{i<len} x^i` for `len` a power of two, in `log2(len)` multiplications:
/// `Π_t (1 + x^(2^t))`.
pub(crate) fn sum_of_powers_pow2<C: Curve>(x: &C::Scalar, len: usize) -> C::Scalar {
    debug_assert!(len.is_power_of_two());
    let mut result = C::scalar_one();
    let mut x_pow = *x;
    let mut l = len;
    while l > 1 {
        result *= C::scalar_one() + x_pow;
        x_pow *= x_pow;
        l /= 2;
    }
    result
}

/// `<a, b>`; the slices must have equal length.
pub(crate) fn inner_product<C: Curve>(a: &[C::Scalar], b: &[C::Scalar]) -> C::Scalar {
    debug_assert_eq!(a.len(), b.len());
    let mut acc = C::scalar_zero();
    for (x, y) in a.iter().zip(b.iter()) {
        acc += *x * *y;
    }
    acc
}

/// `2^n − 1` as a scalar, for `1 <= n <= 64`.
pub(crate) fn two_pow_minus_one<C: Curve>(n: usize) -> C::Scalar {
    let v = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    C::scalar_from_u64(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::ristretto::scalar::MontScalar as Scalar;
    use crate::curve::ristretto::Ristretto;

    #[test]
    fn sum_of_powers_matches_naive() {
        let x = Scalar::from(12345u64);
        for k in 0..8 {
            let len = 1usize << k;
            let naive: Scalar = powers::<Ristretto>(&x, len).iter().sum();
            assert_eq!(sum_of_powers_pow2::<Ristretto>(&x, len), naive);
        }
    }

    #[test]
    fn two_pow_minus_one_edges() {
        assert_eq!(two_pow_minus_one::<Ristretto>(1), Scalar::ONE);
        assert_eq!(two_pow_minus_one::<Ristretto>(64), Scalar::from(u64::MAX));
        assert_eq!(two_pow_minus_one::<Ristretto>(8), Scalar::from(255u64));
    }
}
