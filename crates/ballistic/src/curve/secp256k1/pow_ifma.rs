//! Eight square roots at once with AVX-512 IFMA (radix 2^52), selected at run time:
//! the addition chain of [`super::pow`] run on the lane field `F8` of
//! [`super::lanes`] (whose module documentation gives the representation and the
//! multiplication).
//!
//! **Selection.** [`sqrt8`] runs only where `cpufeatures` reports `avx512f` and
//! `avx512ifma` at run time and the backend choice is IFMA (as the MSMs); its body is a `#[target_feature]` function, so the
//! `#[inline(always)]` lane arithmetic compiles with the features inside it.

#![allow(unsafe_code)]

use super::field::W;
#[cfg(test)]
use super::lanes::from_52;
use super::lanes::{to_52, F8};
use super::pow::{pow_sqrt, SqrtChain};

impl SqrtChain for F8 {
    #[inline(always)]
    fn mul(&self, b: &F8) -> F8 {
        F8::mul(self, b)
    }

    #[inline(always)]
    fn square(&self) -> F8 {
        F8::square(self)
    }
}

/// `x_l^((p+1)/4)` for the eight lanes (the candidate square roots of
/// [`super::pow::sqrt`]); `None` where the lanes do not run (the CPU lacks AVX-512
/// IFMA, or the backend choice is another: `super::lanes::lanes_on`).
pub fn sqrt8(x: &[W; 8]) -> Option<[W; 8]> {
    if !super::lanes::lanes_on() {
        return None;
    }
    // SAFETY: both target features were detected just above.
    Some(unsafe { sqrt8_ifma(x) })
}

#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn sqrt8_ifma(x: &[W; 8]) -> [W; 8] {
    let f = F8::from_limbs(&core::array::from_fn(|l| to_52(&x[l])));
    pow_sqrt(&f).to_w()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::ifma_ops::available;
    use rand::{Rng, SeedableRng};

    /// The lanes agree with the 4×64-bit chain on edge and random inputs (on a CPU
    /// without IFMA the test checks only the limb conversions).
    #[test]
    fn lanes_match_scalar_chain() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        let mut inputs = super::super::field::tests::edge_limbs();
        for _ in 0..(8 * 200) {
            inputs.push(rng.gen());
        }
        // Limbs near the 52-bit boundaries.
        inputs.push([
            (1 << 52) - 1,
            ((1 << 52) - 1) << 12,
            u64::MAX,
            u64::MAX >> 1,
        ]);
        inputs.push([1 << 52, 1 << 40, 1 << 28, 1 << 16]);
        while !inputs.len().is_multiple_of(8) {
            inputs.push(rng.gen());
        }
        for x in &inputs {
            let w = W(*x);
            assert_eq!(from_52(&to_52(&w)).canonical(), w.canonical());
        }
        if !available() {
            return;
        }
        for chunk in inputs.chunks(8) {
            let x: [W; 8] = core::array::from_fn(|l| W(chunk[l]));
            // SAFETY: `available` found both features above (the test runs the lanes
            // whatever backend another test forced).
            let got = unsafe { sqrt8_ifma(&x) };
            for l in 0..8 {
                assert_eq!(
                    got[l].canonical(),
                    pow_sqrt(&x[l]).canonical(),
                    "lane {l} of {:x?}",
                    x[l].0
                );
            }
        }
    }
}
