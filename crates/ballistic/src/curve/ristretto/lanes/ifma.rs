//! Eight lanes of AVX-512 IFMA, radix 2^51.
//!
//! | name | meaning |
//! |---|---|
//! | `F8` | eight field elements, limb `i` of every lane in one 512-bit register |
//! | `lo52(x·y)`, `hi52(x·y)` | bits 0..52 and 52..104 of the product of two 52-bit limbs (`vpmadd52luq`, `vpmadd52huq`) |
//!
//! **Multiplication.** With `a_i, b_j < 2^52`, the 25 products are accumulated as
//! `lo[i+j] += lo52(a_i·b_j)` and `hi[i+j] += hi52(a_i·b_j)` (50 IFMA instructions).
//! `hi` carries weight `2^52 = 2·2^51` relative to its position, so the column `k`
//! holds `c_k = lo_k + 2·hi_(k−1)` (`c_k < 2^56`). Columns 5..9 wrap with a factor
//! 19 (`2^255 ≡ 19`): `r_k = c_k + 19·c_(k+5) < 2^61`, and one parallel carry leaves
//! limbs below `2^51 + 2^15 < 2^52`. Squaring computes the 10 cross products once and
//! doubles them (30 IFMA instructions).
//!
//! **Additions** and subtractions (`a + 2p − b`) are followed by the same parallel
//! carry, so every value stays a valid multiplication input (`< 2^52` per limb).
//! A subtrahend must be below `2p` limb by limb (`2^52 − 38`): every result here
//! is (`< 2^51 + 2^15`), and [`FeLanes::splat`] and [`FeLanes::from_fn`] weakly
//! reduce the serial elements they take (any limbs below `2^64` become limbs below
//! `2^51 + 2^18`).

//!
//! **Target features.** The module is compiled into every x86-64 build; [`run`]
//! enters a `#[target_feature(enable = "avx512f,avx512ifma")]` function after the
//! run-time check [`available`], and the task is compiled inside it. The intrinsic
//! wrappers of `ifma_ops` are `#[target_feature]` functions, which only functions
//! carrying the attribute may call without `unsafe`. The `FeLanes` methods cannot
//! carry it (trait methods), so they and the helpers below are `#[inline(always)]`
//! and call the wrappers in `unsafe` blocks whose argument is that an `F8` exists:
//! its constructors ([`FeLanes::splat`], [`FeLanes::from_fn`],
//! [`FeLanes::gather_niels`]) check [`available`] first (a cached load, free in a
//! build that enables the features), and every other `F8` is computed from one. As
//! with AVX2, everything between the entry and the field operations must be
//! `#[inline(always)]`, or it is compiled without the features and each intrinsic
//! becomes a call (much slower, still correct).

#![allow(unsafe_code)]

use core::arch::x86_64::{__m512i, __mmask8};

use super::{FeLanes, LaneTask};
use crate::curve::ristretto::edwards::AffineNiels;
use crate::curve::ristretto::field::Fe;

const MASK51: i64 = (1 << 51) - 1;

use crate::curve::ifma_ops as v;

/// Eight field elements, one per lane.
#[derive(Clone, Copy)]
pub struct F8([__m512i; 5]);

pub use crate::curve::ifma_ops::available;

/// Runs a task with eight IFMA lanes.
///
/// # Panics
/// If this machine lacks `avx512f` or `avx512ifma` ([`available`]).
pub fn run<T: LaneTask>(task: T) -> T::Output {
    check();
    // SAFETY: `check` found both features on this machine.
    unsafe { run_ifma(task) }
}

/// The task compiled with the features enabled, so that the `#[inline(always)]`
/// arithmetic of [`F8`] inlines its intrinsics.
///
/// # Safety
/// The CPU must have `avx512f` and `avx512ifma`.
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run_ifma<T: LaneTask>(task: T) -> T::Output {
    super::align_frame();
    task.run::<F8>()
}

// Every `F8` constructor calls `check` first (a panic on a CPU without the features).
use crate::curve::ifma_ops::check;

/// One parallel carry: limb `k` keeps its low 51 bits plus the carry of limb `k−1`;
/// the carry of limb 4 comes back into limb 0 times 19.
#[inline(always)]
fn carry(r: [__m512i; 5]) -> F8 {
    // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
    unsafe {
        let mask = v::splat(MASK51);
        let c: [__m512i; 5] = each!(k => v::shr::<51>(r[k]); 0 1 2 3 4);
        let l: [__m512i; 5] = each!(k => v::and(r[k], mask); 0 1 2 3 4);
        // 19·c4 = 16·c4 + 2·c4 + c4.
        let c4_19 = times19(c[4]);
        F8([
            v::add(l[0], c4_19),
            v::add(l[1], c[0]),
            v::add(l[2], c[1]),
            v::add(l[3], c[2]),
            v::add(l[4], c[3]),
        ])
    }
}

#[inline(always)]
fn times19(x: __m512i) -> __m512i {
    // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
    unsafe {
        // `16·x` is hidden from the optimiser (see `v::opaque`): otherwise the sum is
        // recognised as `19·x` and becomes `vpmullq`.
        v::add(v::add(v::opaque(v::shl::<4>(x)), v::shl::<1>(x)), x)
    }
}

/// The products' low and high halves by position → reduced limbs: column `k` is
/// `c_k = lo_k + 2·hi_(k−1)` (a high half weighs `2^52 = 2·2^51` more than its
/// position).
#[inline(always)]
fn reduce_products(lo: &[__m512i; 9], hi: &[__m512i; 9]) -> F8 {
    // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
    unsafe {
        let z = v::zero();
        // (The indices are clamped so that every written-out index compiles.)
        let c: [__m512i; 10] = each!(k => {
            let h = if k == 0 { z } else { hi[k.saturating_sub(1)] };
            let l = if k < 9 { lo[k.min(8)] } else { z };
            v::add(l, v::add(h, h))
        }; 0 1 2 3 4 5 6 7 8 9);
        reduce_columns(c)
    }
}

/// Columns `c_0..c_9` → reduced limbs.
#[inline(always)]
fn reduce_columns(c: [__m512i; 10]) -> F8 {
    // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
    unsafe {
        let r: [__m512i; 5] = each!(k => v::add(c[k], times19(c[k + 5])); 0 1 2 3 4);
        carry(r)
    }
}

impl FeLanes for F8 {
    const L: usize = 8;

    #[inline(always)]
    fn splat(f: &Fe) -> F8 {
        check();
        let f = f.weak_reduce();
        // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
        unsafe { F8(each!(i => v::splat(f.0[i] as i64); 0 1 2 3 4)) }
    }

    #[inline(always)]
    fn from_fn<G: FnMut(usize) -> Fe>(g: G) -> F8 {
        check();
        // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
        unsafe {
            let mut g = g;
            let fes: [Fe; 8] = core::array::from_fn(|l| g(l).weak_reduce());
            F8(each!(i => {
                v::from_array(core::array::from_fn(|l| fes[l].0[i]))
            }; 0 1 2 3 4))
        }
    }

    #[inline(always)]
    fn lane(&self, l: usize) -> Fe {
        // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
        unsafe { Fe(each!(i => v::to_array(self.0[i])[l & 7]; 0 1 2 3 4)) }
    }

    #[inline(always)]
    fn lanes(&self) -> [Fe; 8] {
        // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
        unsafe {
            let limbs: [[u64; 8]; 5] = each!(i => v::to_array(self.0[i]); 0 1 2 3 4);
            core::array::from_fn(|l| Fe(core::array::from_fn(|i| limbs[i][l])))
        }
    }

    #[inline(always)]
    fn add(&self, b: &F8) -> F8 {
        // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
        unsafe { carry(each!(i => v::add(self.0[i], b.0[i]); 0 1 2 3 4)) }
    }

    #[inline(always)]
    fn sub(&self, b: &F8) -> F8 {
        // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
        unsafe {
            // 2p in limbs: 2^52 − 38, then 2^52 − 2.
            let p2_0 = v::splat((1 << 52) - 38);
            let p2_i = v::splat((1 << 52) - 2);
            carry(each!(i => {
                let p2 = if i == 0 { p2_0 } else { p2_i };
                v::sub(v::add(self.0[i], p2), b.0[i])
            }; 0 1 2 3 4))
        }
    }

    #[inline(always)]
    fn neg(&self) -> F8 {
        // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
        unsafe { F8([v::zero(); 5]).sub(self) }
    }

    #[inline(always)]
    fn mul(&self, b: &F8) -> F8 {
        // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
        unsafe {
            let (a, b) = (&self.0, &b.0);
            let z = v::zero();
            let mut lo = [z; 9];
            let mut hi = [z; 9];
            for i in 0..5 {
                for j in 0..5 {
                    lo[i + j] = v::madd_lo(lo[i + j], a[i], b[j]);
                    hi[i + j] = v::madd_hi(hi[i + j], a[i], b[j]);
                }
            }
            reduce_products(&lo, &hi)
        }
    }

    #[inline(always)]
    fn square(&self) -> F8 {
        // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
        unsafe {
            let a = &self.0;
            let z = v::zero();
            // Cross products (i < j), doubled afterwards; then the squares.
            let mut xlo = [z; 9];
            let mut xhi = [z; 9];
            for i in 0..5 {
                for j in (i + 1)..5 {
                    xlo[i + j] = v::madd_lo(xlo[i + j], a[i], a[j]);
                    xhi[i + j] = v::madd_hi(xhi[i + j], a[i], a[j]);
                }
            }
            let mut lo: [__m512i; 9] = each!(k => v::add(xlo[k], xlo[k]); 0 1 2 3 4 5 6 7 8);
            let mut hi: [__m512i; 9] = each!(k => v::add(xhi[k], xhi[k]); 0 1 2 3 4 5 6 7 8);
            for i in 0..5 {
                lo[2 * i] = v::madd_lo(lo[2 * i], a[i], a[i]);
                hi[2 * i] = v::madd_hi(hi[2 * i], a[i], a[i]);
            }
            reduce_products(&lo, &hi)
        }
    }

    #[inline(always)]
    fn gather_niels(e: &[&AffineNiels; 8]) -> [F8; 3] {
        check();
        // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
        unsafe {
            // Each entry is `#[repr(C)]` 15 consecutive `u64` (and a padding word, never
            // read): load it as two rows, one per cache line (words 0..8 and, masked,
            // 8..15) and transpose the two 8×8 blocks, so lane `l` of
            // limb `i` is word `i` of `e[l]`. Loads and shuffles instead of 15 hardware
            // gathers, which are slow on some cores (Zen 4).
            let p = |l: usize| e[l] as *const AffineNiels as *const u64;
            // SAFETY (loads): every `e[l]` is a live reference to 15 `u64` words.
            let lo = v::transpose8(each!(l => v::load8(p(l)); 0 1 2 3 4 5 6 7));
            // SAFETY (loads): words 8..15 of the same entries.
            let hi = v::transpose8(each!(l => v::load7(p(l).add(8)); 0 1 2 3 4 5 6 7));
            [
                F8([lo[0], lo[1], lo[2], lo[3], lo[4]]),
                F8([lo[5], lo[6], lo[7], hi[0], hi[1]]),
                F8([hi[2], hi[3], hi[4], hi[5], hi[6]]),
            ]
        }
    }

    #[inline(always)]
    fn prefetch(e: &AffineNiels) {
        super::prefetch_entry(e);
    }

    #[inline(always)]
    fn select(&self, b: &F8, mask: u32) -> F8 {
        // SAFETY: an `F8` exists, so the CPU has the features (module documentation).
        unsafe {
            let k = mask as __mmask8;
            F8(each!(i => v::blend(k, self.0[i], b.0[i]); 0 1 2 3 4))
        }
    }
}
