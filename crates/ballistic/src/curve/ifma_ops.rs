//! Safe wrappers of the AVX-512 (F, IFMA) intrinsics the lane backends use: the
//! ristretto255 field ([`super::ristretto::lanes`], compiled when the build enables
//! the features) and the secp256k1 square roots (`super::secp256k1::pow_ifma`,
//! selected at run time).
//!
//! SAFETY (every block below): these functions are `#[inline(always)]` and are only
//! called from code that runs with `avx512f` and `avx512ifma` available: modules
//! compiled with both target features enabled (`cfg(target_feature = …)` on their
//! declaration), or functions inlined into a `#[target_feature(enable =
//! "avx512f,avx512ifma")]` entry that runs only after run-time detection.

#![allow(unsafe_code)]
// The ristretto255 lanes use most of these only in builds that enable the features.
#![cfg_attr(not(target_feature = "avx512ifma"), allow(dead_code, unused_imports))]

use core::arch::x86_64 as x;
pub use x::{__m512i, __mmask8};

#[inline(always)]
pub fn add(a: __m512i, b: __m512i) -> __m512i {
    unsafe { x::_mm512_add_epi64(a, b) }
}
#[inline(always)]
pub fn sub(a: __m512i, b: __m512i) -> __m512i {
    unsafe { x::_mm512_sub_epi64(a, b) }
}
#[inline(always)]
pub fn and(a: __m512i, b: __m512i) -> __m512i {
    unsafe { x::_mm512_and_si512(a, b) }
}
#[inline(always)]
pub fn shr<const S: u32>(a: __m512i) -> __m512i {
    unsafe { x::_mm512_srli_epi64::<S>(a) }
}
#[inline(always)]
pub fn shl<const S: u32>(a: __m512i) -> __m512i {
    unsafe { x::_mm512_slli_epi64::<S>(a) }
}
#[inline(always)]
pub fn splat(a: i64) -> __m512i {
    unsafe { x::_mm512_set1_epi64(a) }
}
#[inline(always)]
pub fn zero() -> __m512i {
    unsafe { x::_mm512_setzero_si512() }
}
#[inline(always)]
pub fn madd_lo(acc: __m512i, a: __m512i, b: __m512i) -> __m512i {
    unsafe { x::_mm512_madd52lo_epu64(acc, a, b) }
}
#[inline(always)]
pub fn madd_hi(acc: __m512i, a: __m512i, b: __m512i) -> __m512i {
    unsafe { x::_mm512_madd52hi_epu64(acc, a, b) }
}
/// Lane `l` = the 64-bit word at `base + 8·offsets[l]`.
///
/// # Safety
/// Every `base + 8·offsets[l]` must be a readable, aligned `u64` address.
#[inline(always)]
pub unsafe fn gather(offsets: __m512i, base: *const u64) -> __m512i {
    unsafe { x::_mm512_i64gather_epi64::<8>(offsets, base as *const i64) }
}
#[inline(always)]
pub fn from_i64s(a: [i64; 8]) -> __m512i {
    unsafe { x::_mm512_set_epi64(a[7], a[6], a[5], a[4], a[3], a[2], a[1], a[0]) }
}
#[inline(always)]
pub fn blend(k: __mmask8, a: __m512i, b: __m512i) -> __m512i {
    unsafe { x::_mm512_mask_blend_epi64(k, a, b) }
}
#[inline(always)]
pub fn from_array(a: [u64; 8]) -> __m512i {
    // SAFETY: `__m512i` and `[u64; 8]` are 64 bytes of plain integers.
    unsafe { core::mem::transmute::<[u64; 8], __m512i>(a) }
}
#[inline(always)]
pub fn to_array(a: __m512i) -> [u64; 8] {
    // SAFETY: as in `from_array`.
    unsafe { core::mem::transmute::<__m512i, [u64; 8]>(a) }
}
