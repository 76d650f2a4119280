//! Wrappers of the AVX-512 (F, IFMA) intrinsics the lane backends use: the
//! ristretto255 field (`super::ristretto::lanes::ifma`) and the secp256k1 lanes
//! (`super::secp256k1::lanes`: the variable-time MSM engine and square roots), both
//! selected at run time by [`available`].
//!
//! Every wrapper is a `#[target_feature(enable = "avx512f,avx512ifma")]` function, so
//! the compiler enforces the features: it is safe to call only from another function
//! whose `#[target_feature]` has both (Rust requires the attribute even in a build
//! that enables the features); anywhere else a call needs `unsafe` and an argument
//! that the CPU has them (run-time detection, or a module compiled only when the
//! build enables them). The exception is [`transpose8`], an `unsafe fn` (see there);
//! the other `unsafe` here is the loads' raw pointers and the `[u64; 8]` ↔ `__m512i`
//! transmutes.

#![allow(unsafe_code)]

use core::arch::x86_64 as x;

pub use x::{__m512i, __mmask8};

cpufeatures::new!(ifma_cpuid, "avx512f", "avx512ifma");

/// Whether this machine has `avx512f` and `avx512ifma` (and the operating system
/// saves the 512-bit registers): detected once, then a cached load. In a build that
/// enables both features it is `true` without a check.
#[inline]
pub fn available() -> bool {
    ifma_cpuid::get()
}

/// Panics unless this machine has the features ([`available`]): the lane backends'
/// constructors call it before they make a vector value.
#[inline(always)]
pub fn check() {
    if !available() {
        no_ifma();
    }
}

#[cold]
#[inline(never)]
#[allow(clippy::panic)]
fn no_ifma() -> ! {
    panic!("ballistic: AVX-512 IFMA code used on a machine without AVX-512 IFMA")
}

#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn add(a: __m512i, b: __m512i) -> __m512i {
    x::_mm512_add_epi64(a, b)
}
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn sub(a: __m512i, b: __m512i) -> __m512i {
    x::_mm512_sub_epi64(a, b)
}
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn and(a: __m512i, b: __m512i) -> __m512i {
    x::_mm512_and_si512(a, b)
}
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn shr<const S: u32>(a: __m512i) -> __m512i {
    x::_mm512_srli_epi64::<S>(a)
}
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn shl<const S: u32>(a: __m512i) -> __m512i {
    x::_mm512_slli_epi64::<S>(a)
}
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn splat(a: i64) -> __m512i {
    x::_mm512_set1_epi64(a)
}
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn zero() -> __m512i {
    x::_mm512_setzero_si512()
}
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn madd_lo(acc: __m512i, a: __m512i, b: __m512i) -> __m512i {
    x::_mm512_madd52lo_epu64(acc, a, b)
}
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn madd_hi(acc: __m512i, a: __m512i, b: __m512i) -> __m512i {
    x::_mm512_madd52hi_epu64(acc, a, b)
}
/// The eight 64-bit words at `p` (unaligned load).
///
/// # Safety
/// `p .. p + 8` must be readable.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn load8(p: *const u64) -> __m512i {
    // SAFETY: the caller guarantees that `p .. p + 8` is readable.
    unsafe { x::_mm512_loadu_si512(p as *const _) }
}
/// The seven 64-bit words at `p` in lanes 0..7, zero in lane 7 (a masked load: the
/// eighth word is never touched).
///
/// # Safety
/// `p .. p + 7` must be readable.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn load7(p: *const u64) -> __m512i {
    // SAFETY: the caller guarantees that `p .. p + 7` is readable.
    unsafe { x::_mm512_maskz_loadu_epi64(0x7f, p as *const i64) }
}
/// The two 64-bit words at `p` in lanes 0 and 1, zero elsewhere (a masked load: no
/// other word is touched).
///
/// # Safety
/// `p .. p + 2` must be readable.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub unsafe fn load2(p: *const u64) -> __m512i {
    // SAFETY: the caller guarantees that `p .. p + 2` is readable.
    unsafe { x::_mm512_maskz_loadu_epi64(0x03, p as *const i64) }
}
/// Transposes an 8×8 block of 64-bit words: `out[j]` lane `l` = `rows[l]` lane `j`
/// (unpack, two-source permute, 128-bit shuffle: 24 shuffles, no memory access).
///
/// Not a `#[target_feature]` function: the attribute excludes `#[inline(always)]`,
/// and LLVM then keeps these 24 shuffles out of line in the table gathers' hot
/// path (arguments through memory). It is `unsafe` instead.
///
/// # Safety
/// The CPU must have `avx512f` (as everywhere the other wrappers may run).
#[inline(always)]
pub unsafe fn transpose8(r: [__m512i; 8]) -> [__m512i; 8] {
    // SAFETY: the caller guarantees the features.
    unsafe {
        // t[2p] = (r[2p][0], r[2p+1][0], r[2p][2], r[2p+1][2], …), t[2p+1] the odd words.
        let t: [__m512i; 8] = each!(k => {
            let (a, b) = (r[k & !1], r[k | 1]);
            if k & 1 == 0 {
                x::_mm512_unpacklo_epi64(a, b)
            } else {
                x::_mm512_unpackhi_epi64(a, b)
            }
        }; 0 1 2 3 4 5 6 7);
        // s: rows 0..4 (k < 4) or 4..8, words (c, c + 4) for c = 0, 2, 1, 3.
        let i0 = x::_mm512_set_epi64(13, 12, 5, 4, 9, 8, 1, 0);
        let i1 = x::_mm512_set_epi64(15, 14, 7, 6, 11, 10, 3, 2);
        let s: [__m512i; 8] = each!(k => {
            let base = (k / 4) * 4;
            let odd = (k / 2) & 1;
            let (a, b) = (t[base + odd], t[base + odd + 2]);
            if k & 1 == 0 {
                x::_mm512_permutex2var_epi64(a, i0, b)
            } else {
                x::_mm512_permutex2var_epi64(a, i1, b)
            }
        }; 0 1 2 3 4 5 6 7);
        // s[k] for k < 4 holds words (w, w + 4) of rows 0..4 with w = [0, 2, 1, 3][k];
        // s[k + 4] the same words of rows 4..8.
        // A macro, not a closure: no function boundary (see `curve::each!`).
        macro_rules! col {
            ($k:literal, false) => {
                x::_mm512_shuffle_i64x2::<0b01_00_01_00>(s[$k], s[$k + 4])
            };
            ($k:literal, true) => {
                x::_mm512_shuffle_i64x2::<0b11_10_11_10>(s[$k], s[$k + 4])
            };
        }
        [
            col!(0, false),
            col!(2, false),
            col!(1, false),
            col!(3, false),
            col!(0, true),
            col!(2, true),
            col!(1, true),
            col!(3, true),
        ]
    }
}
/// `a`, hidden from the optimiser: an empty `asm!` that claims to modify it. It
/// keeps LLVM from fusing `(x << 4) + (x << 1) + x` into `vpmullq` (3 µops on
/// port 0, 15 cycles of latency), which it otherwise does for `19·x`.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn opaque(mut a: __m512i) -> __m512i {
    // SAFETY: an empty instruction sequence that only claims to modify `a`.
    unsafe {
        core::arch::asm!(
            "/* {a} */",
            a = inout(zmm_reg) a,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    a
}
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn blend(k: __mmask8, a: __m512i, b: __m512i) -> __m512i {
    x::_mm512_mask_blend_epi64(k, a, b)
}
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn from_array(a: [u64; 8]) -> __m512i {
    // SAFETY: `__m512i` and `[u64; 8]` are 64 bytes of plain integers.
    unsafe { core::mem::transmute::<[u64; 8], __m512i>(a) }
}
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
pub fn to_array(a: __m512i) -> [u64; 8] {
    // SAFETY: as in `from_array`.
    unsafe { core::mem::transmute::<__m512i, [u64; 8]>(a) }
}
