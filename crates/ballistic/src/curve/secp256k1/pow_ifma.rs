//! Eight square roots at once with AVX-512 IFMA (radix 2^52), selected at run time.
//!
//! | name | meaning |
//! |---|---|
//! | `F8` | eight field elements, limb `k` (bits `52k..52k+52`) of every lane in one 512-bit register |
//! | `lo52(x·y)`, `hi52(x·y)` | bits 0..52 and 52..104 of the product of two 52-bit limbs (`vpmadd52luq`, `vpmadd52huq`) |
//! | `R` | `2^260 mod p = 16·C = 0x1000003D10` (37 bits) |
//! | `M` | `2^52 − 1` |
//!
//! **Values.** Five limbs, each below `2^52` (the IFMA instructions read only the low
//! 52 bits of their inputs, so this bound is kept after every operation), value below
//! `2^260`, any representative modulo `p`.
//!
//! **Multiplication.** Column `k` of the product collects `lo52(a_i·b_j)` for
//! `i + j = k` and `hi52(a_i·b_j)` for `i + j = k − 1` (50 IFMA instructions, `< 2^56`
//! per column). A serial carry leaves ten 52-bit limbs (the product is below `2^520`,
//! so the top one fits). Limbs 5..9 fold down with `R`: limb `5 + k` adds
//! `lo52(t·R)` to limb `k` and `hi52(t·R) < 2^37` to limb `k + 1`; a carry; the
//! overflow limb (`< 2^38`) folds once more the same way; a last carry whose top bit
//! (value `≥ 2^260`, possible only when the rest is below `2^75`) adds `R` to limb 0,
//! with one more carry out of it. The carries are serial (radix 2^52 leaves no room
//! for a parallel carry's overshoot), so the chain is latency-bound; eight lanes
//! still cost about a third per root of the chain on four 64-bit limbs (timed over
//! 8,000 roots through both paths in one process; `benches/history/2026-11.md`).
//!
//! **Selection.** [`sqrt8`] runs only where `cpufeatures` reports `avx512f` and
//! `avx512ifma` at run time; the entry and every helper that uses the intrinsics are
//! `#[target_feature]` functions (the compiler checks that they are called only from
//! code with the features), inlined into the entry. `F8`'s `SqrtChain` methods,
//! which as trait methods cannot carry the attribute, call them in `unsafe` blocks:
//! an `F8` is only ever made inside the entry.

#![allow(unsafe_code)]

use core::arch::x86_64::__m512i;

use super::field::{C, W};
use super::pow::{pow_sqrt, SqrtChain};

/// Whether this machine runs [`sqrt8`] (`avx512f` and `avx512ifma`).
pub use crate::curve::ifma_ops::available;

use crate::curve::ifma_ops as v;

const M52: u64 = (1 << 52) - 1;
/// `2^260 mod p`.
const R: u64 = C << 4;

/// Eight field elements (see the module notation).
#[derive(Clone, Copy)]
struct F8([__m512i; 5]);

/// `t[k+1] += t[k] >> 52; t[k] &= M` for `k` in `from..to`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn carry(t: &mut [__m512i], from: usize, to: usize) {
    let m = v::splat(M52 as i64);
    for k in from..to {
        t[k + 1] = v::add(t[k + 1], v::shr::<52>(t[k]));
        t[k] = v::and(t[k], m);
    }
}

impl SqrtChain for F8 {
    #[inline(always)]
    fn mul(&self, b: &F8) -> F8 {
        // SAFETY: an `F8` exists only inside `sqrt8_ifma`, which runs after run-time
        // detection of both features.
        unsafe { self.mul_ifma(b) }
    }

    #[inline(always)]
    fn square(&self) -> F8 {
        self.mul(self)
    }
}

impl F8 {
    /// `self · b` (see the module documentation).
    #[inline]
    #[target_feature(enable = "avx512f,avx512ifma")]
    fn mul_ifma(&self, b: &F8) -> F8 {
        let (a, b) = (&self.0, &b.0);
        // Separate lo and hi accumulators per column: two short dependency chains.
        let mut lo = [v::zero(); 10];
        let mut hi = [v::zero(); 10];
        for i in 0..5 {
            for j in 0..5 {
                lo[i + j] = v::madd_lo(lo[i + j], a[i], b[j]);
                hi[i + j + 1] = v::madd_hi(hi[i + j + 1], a[i], b[j]);
            }
        }
        let mut t: [__m512i; 10] = each!(k => v::add(lo[k], hi[k]); 0 1 2 3 4 5 6 7 8 9);
        carry(&mut t, 0, 9);
        let r = v::splat(R as i64);
        let mut s = [v::zero(); 6];
        for k in 0..5 {
            s[k] = v::madd_lo(v::add(s[k], t[k]), t[5 + k], r);
            s[k + 1] = v::madd_hi(s[k + 1], t[5 + k], r);
        }
        carry(&mut s, 0, 5);
        // The overflow limb (< 2^38) once more.
        let top = s[5];
        s[0] = v::madd_lo(s[0], top, r);
        s[1] = v::madd_hi(s[1], top, r);
        s[5] = v::zero();
        carry(&mut s, 0, 5);
        // A last carry out of 2^260 (rare; then the rest is small).
        let top = s[5];
        s[0] = v::madd_lo(s[0], top, r);
        carry(&mut s, 0, 1);
        F8([s[0], s[1], s[2], s[3], s[4]])
    }
}

/// Limbs of radix 2^52 of a value below `2^256`.
#[inline(always)]
fn to_52(w: &W) -> [u64; 5] {
    let w = &w.0;
    [
        w[0] & M52,
        ((w[0] >> 52) | (w[1] << 12)) & M52,
        ((w[1] >> 40) | (w[2] << 24)) & M52,
        ((w[2] >> 28) | (w[3] << 36)) & M52,
        w[3] >> 16,
    ]
}

/// The value of five 52-bit limbs (below `2^260`) as a `W`: the bits above 256 fold
/// with `2^256 ≡ C`.
#[inline(always)]
fn from_52(l: &[u64; 5]) -> W {
    let low = W([
        l[0] | (l[1] << 52),
        (l[1] >> 12) | (l[2] << 40),
        (l[2] >> 24) | (l[3] << 28),
        (l[3] >> 36) | (l[4] << 16),
    ]);
    low.add(&W([(l[4] >> 48) * C, 0, 0, 0]))
}

/// `x_l^((p+1)/4)` for the eight lanes (the candidate square roots of
/// [`super::pow::sqrt`]); `None` if the CPU lacks AVX-512 IFMA.
pub fn sqrt8(x: &[W; 8]) -> Option<[W; 8]> {
    if !available() {
        return None;
    }
    // SAFETY: both target features were detected just above.
    Some(unsafe { sqrt8_ifma(x) })
}

#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn sqrt8_ifma(x: &[W; 8]) -> [W; 8] {
    let limbs: [[u64; 5]; 8] = core::array::from_fn(|l| to_52(&x[l]));
    let f = F8(each!(k => v::from_array(core::array::from_fn(|l| limbs[l][k])); 0 1 2 3 4));
    let r = pow_sqrt(&f);
    let out: [[u64; 8]; 5] = each!(k => v::to_array(r.0[k]); 0 1 2 3 4);
    core::array::from_fn(|l| from_52(&core::array::from_fn(|k| out[k][l])))
}

#[cfg(test)]
mod tests {
    use super::*;
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
        inputs.push([M52, M52 << 12, u64::MAX, u64::MAX >> 1]);
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
            let got = sqrt8(&x).unwrap();
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
