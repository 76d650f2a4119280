//! Eight Montgomery products modulo `ℓ` at once, with AVX-512 IFMA: the verifiers'
//! long element-wise scalar passes (the coefficients of the generators, the `s`
//! recursions), where the field runs on the IFMA backend (chosen at run time).
//!
//! | name | meaning |
//! |---|---|
//! | `ℓ`, `R` | the group order and the Montgomery radix `2^256`, as in [`super::scalar`] |
//! | `a_0..a_4` | an operand in five 52-bit limbs (radix `2^52`), one value per lane |
//! | `T_0..T_9` | the ten 64-bit accumulators of a product, carries pending |
//! | `ℓ'` | `−ℓ⁻¹ mod 2^52`, the per-limb reduction factor |
//! | `X` | the reduced sum `(a·b + m·ℓ)/2^208` in six limbs, a multiple of `2^48` |
//!
//! The values stay in [`MontScalar`]'s representation (`a·R mod ℓ`, four 64-bit
//! limbs, fully reduced): eight of them are transposed into five vectors of 52-bit
//! limbs, multiplied, and transposed back. **Product**: 25 `vpmadd52luq` and 25
//! `vpmadd52huq` into `T_0..T_9` (at most ten 52-bit addends per accumulator: below
//! `2^56`). **Reduction** by exactly `R = 2^256`, so the result stays in
//! `MontScalar`'s form: four rounds of 52 bits and one of 48. A round computes
//! `m = T_i·ℓ' mod 2^52` (`mod 2^48` in the last) and adds `m·ℓ·2^(52i)`, which clears
//! the low bits of `T_i`; `ℓ`'s limbs are `[ℓ0, ℓ1, ℓ2, 0, 2^44]`, so a round costs
//! six multiplications (no product for limb 3, shifts for limb 4). Then
//! `X = Σ_{k≥4} T_k·2^(52(k−4))` is `REDC(a·b)·2^48 < 2ℓ·2^48`; one conditional
//! subtraction of `ℓ·2^48` (a mask, not a branch) and a shift by 48 bits while
//! leaving radix `2^52` give the fully reduced result.
//!
//! Every operation is the same for every value (no branch, no index on a value).

#![allow(unsafe_code)]

use core::arch::x86_64 as x;
use x::__m512i;

use super::scalar::MontScalar;

/// `2^52 − 1`.
const MASK52: i64 = (1 << 52) - 1;
/// `ℓ` in 52-bit limbs (limb 3 is zero, limb 4 is `2^44`).
const L52: [i64; 3] = [0x2_631a_5cf5_d3ed, 0xd_ea2f_79cd_6581, 0x14_def9];
/// `−ℓ⁻¹ mod 2^52`.
const L_PRIME52: i64 = 0x5_1da3_1254_7e1b;
/// `ℓ·2^48` in 52-bit limbs.
const L_SHIFTED: [i64; 6] = [
    0xd_0000_0000_0000,
    0x1_2631_a5cf_5d3e,
    0x9_dea2_f79c_d658,
    0x1_4def,
    0,
    0x100_0000_0000,
];

/// `[a∘i∘b, a∘j∘b, c∘i∘d, c∘j∘d]`, where `a∘i∘b` picks the words `i` of `a || b`
/// (`vpermt2q`): one stage of the 4 × 8 transpositions.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn shuffle(r: [__m512i; 4], i: __m512i, j: __m512i) -> [__m512i; 4] {
    let [a, b, c, d] = r;
    [
        x::_mm512_permutex2var_epi64(a, i, b),
        x::_mm512_permutex2var_epi64(a, j, b),
        x::_mm512_permutex2var_epi64(c, i, d),
        x::_mm512_permutex2var_epi64(c, j, d),
    ]
}

/// The index vectors of the two stages: words `(0, 4, 8, 12, 1, 5, 9, 13)` and
/// `(2, 6, 10, 14, 3, 7, 11, 15)` (limbs of four values), then the low and the high
/// halves of two registers.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn indices() -> [__m512i; 4] {
    [
        x::_mm512_set_epi64(13, 9, 5, 1, 12, 8, 4, 0),
        x::_mm512_set_epi64(15, 11, 7, 3, 14, 10, 6, 2),
        x::_mm512_set_epi64(11, 10, 9, 8, 3, 2, 1, 0),
        x::_mm512_set_epi64(15, 14, 13, 12, 7, 6, 5, 4),
    ]
}

/// Four registers of two values each (four limbs per value) to four vectors of
/// one limb of the eight values.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn transpose4x8(r: [__m512i; 4]) -> [__m512i; 4] {
    let [even, odd, low, high] = indices();
    let [t0, t1, t2, t3] = shuffle(r, even, odd);
    shuffle([t0, t2, t1, t3], low, high)
}

/// The inverse of [`transpose4x8`].
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn untranspose4x8(l: [__m512i; 4]) -> [__m512i; 4] {
    let [even, odd, low, high] = indices();
    let [t0, t2, t1, t3] = shuffle(l, low, high);
    shuffle([t0, t1, t2, t3], even, odd)
}

/// Eight values from `s` (at least eight) as five vectors of 52-bit limbs.
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn load(s: &[MontScalar]) -> [__m512i; 5] {
    let Some(words) = s.get(..8) else {
        return [x::_mm512_setzero_si512(); 5];
    };
    let p = words.as_ptr() as *const u64;
    // SAFETY: `words` is 32 consecutive `u64`s (`MontScalar` is `repr(transparent)`
    // over `[u64; 4]`), and each load reads eight of them.
    let r: [__m512i; 4] = each!(j => unsafe {
        x::_mm512_loadu_si512(p.add(8 * j) as *const _)
    }; 0 1 2 3);
    let [w0, w1, w2, w3] = transpose4x8(r);
    let m = x::_mm512_set1_epi64(MASK52);
    let or = x::_mm512_or_si512;
    [
        x::_mm512_and_si512(w0, m),
        x::_mm512_and_si512(
            or(
                x::_mm512_srli_epi64::<52>(w0),
                x::_mm512_slli_epi64::<12>(w1),
            ),
            m,
        ),
        x::_mm512_and_si512(
            or(
                x::_mm512_srli_epi64::<40>(w1),
                x::_mm512_slli_epi64::<24>(w2),
            ),
            m,
        ),
        x::_mm512_and_si512(
            or(
                x::_mm512_srli_epi64::<28>(w2),
                x::_mm512_slli_epi64::<36>(w3),
            ),
            m,
        ),
        x::_mm512_srli_epi64::<16>(w3),
    ]
}

/// One value as five broadcast limbs (every lane the same).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn splat(c: &MontScalar) -> [__m512i; 5] {
    let w = c.0;
    let m = MASK52 as u64;
    [
        w[0] & m,
        ((w[0] >> 52) | (w[1] << 12)) & m,
        ((w[1] >> 40) | (w[2] << 24)) & m,
        ((w[2] >> 28) | (w[3] << 36)) & m,
        w[3] >> 16,
    ]
    .map(|l| x::_mm512_set1_epi64(l as i64))
}

/// `REDC(a·b)` of each lane, fully reduced, in four 64-bit limbs per lane (not yet
/// transposed back).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn mul_lanes(a: &[__m512i; 5], b: &[__m512i; 5]) -> [__m512i; 4] {
    let zero = x::_mm512_setzero_si512();
    let mut t = [zero; 10];
    for (i, ai) in a.iter().enumerate() {
        for (j, bj) in b.iter().enumerate() {
            t[i + j] = x::_mm512_madd52lo_epu64(t[i + j], *ai, *bj);
            t[i + j + 1] = x::_mm512_madd52hi_epu64(t[i + j + 1], *ai, *bj);
        }
    }
    let mask = x::_mm512_set1_epi64(MASK52);
    let lp = x::_mm512_set1_epi64(L_PRIME52);
    let l = L52.map(|c| x::_mm512_set1_epi64(c));
    // Rounds 0..3 clear 52 bits each, round 4 the last 48 of R = 2^256.
    for i in 0..5 {
        let mut m = x::_mm512_madd52lo_epu64(zero, t[i], lp);
        if i == 4 {
            m = x::_mm512_and_si512(m, x::_mm512_set1_epi64((1 << 48) - 1));
        }
        for (j, lj) in l.iter().enumerate() {
            t[i + j] = x::_mm512_madd52lo_epu64(t[i + j], m, *lj);
            t[i + j + 1] = x::_mm512_madd52hi_epu64(t[i + j + 1], m, *lj);
        }
        // m·2^44·2^(52(i+4)): low 8 bits of m into limb i+4, the rest into i+5.
        let lo = x::_mm512_and_si512(x::_mm512_slli_epi64::<44>(m), mask);
        t[i + 4] = x::_mm512_add_epi64(t[i + 4], lo);
        t[i + 5] = x::_mm512_add_epi64(t[i + 5], x::_mm512_srli_epi64::<8>(m));
        if i < 4 {
            // T_i is now a multiple of 2^52: its carry moves up.
            t[i + 1] = x::_mm512_add_epi64(t[i + 1], x::_mm512_srli_epi64::<52>(t[i]));
        }
    }
    // X = T_4..T_9 with carries propagated (X < 2ℓ·2^48 < 2^302: six limbs).
    let mut xl = [zero; 6];
    let mut carry = zero;
    for (k, xk) in xl.iter_mut().enumerate() {
        let v = x::_mm512_add_epi64(t[k + 4], carry);
        carry = x::_mm512_srli_epi64::<52>(v);
        *xk = x::_mm512_and_si512(v, mask);
    }
    // X − ℓ·2^48 with signed borrows; keep X where that is negative.
    let mut d = [zero; 6];
    let mut borrow = zero;
    for (k, dk) in d.iter_mut().enumerate() {
        let v = x::_mm512_add_epi64(
            x::_mm512_sub_epi64(xl[k], x::_mm512_set1_epi64(L_SHIFTED[k])),
            borrow,
        );
        borrow = x::_mm512_srai_epi64::<52>(v);
        *dk = x::_mm512_and_si512(v, mask);
    }
    let negative = x::_mm512_cmplt_epi64_mask(borrow, zero);
    let r: [__m512i; 6] =
        each!(k => x::_mm512_mask_blend_epi64(negative, d[k], xl[k]); 0 1 2 3 4 5);
    // (X >> 48) in 64-bit limbs: bits 48, 112, 176, 240 of X start limbs 0..3.
    let or = x::_mm512_or_si512;
    [
        or(
            or(
                x::_mm512_srli_epi64::<48>(r[0]),
                x::_mm512_slli_epi64::<4>(r[1]),
            ),
            x::_mm512_slli_epi64::<56>(r[2]),
        ),
        or(
            x::_mm512_srli_epi64::<8>(r[2]),
            x::_mm512_slli_epi64::<44>(r[3]),
        ),
        or(
            x::_mm512_srli_epi64::<20>(r[3]),
            x::_mm512_slli_epi64::<32>(r[4]),
        ),
        or(
            x::_mm512_srli_epi64::<32>(r[4]),
            x::_mm512_slli_epi64::<20>(r[5]),
        ),
    ]
}

/// Stores four limb vectors (eight values) into `out` (at least eight).
#[inline]
#[target_feature(enable = "avx512f,avx512ifma")]
fn store(out: &mut [MontScalar], limbs: [__m512i; 4]) {
    let Some(words) = out.get_mut(..8) else {
        return;
    };
    let r = untranspose4x8(limbs);
    let p = words.as_mut_ptr() as *mut u64;
    for (j, rj) in r.iter().enumerate() {
        // SAFETY: `words` is 32 consecutive `u64`s (`MontScalar` is
        // `repr(transparent)` over `[u64; 4]`); each store writes eight of them.
        unsafe { x::_mm512_storeu_si512(p.add(8 * j) as *mut _, *rj) };
    }
}

/// `out[i] = a[i]·b[i]` for the first `8·⌊len/8⌋` entries (`len` the shortest of
/// the three); returns how many it did.
#[target_feature(enable = "avx512f,avx512ifma")]
fn mul_many_ifma(out: &mut [MontScalar], a: &[MontScalar], b: &[MontScalar]) -> usize {
    let chunks = out
        .chunks_exact_mut(8)
        .zip(a.chunks_exact(8).zip(b.chunks_exact(8)));
    let mut done = 0;
    for (o, (a8, b8)) in chunks {
        store(o, mul_lanes(&load(a8), &load(b8)));
        done += 8;
    }
    done
}

/// `out[i] = a[i]·c` for the first `8·⌊len/8⌋` entries; returns how many it did.
#[target_feature(enable = "avx512f,avx512ifma")]
fn mul_by_ifma(out: &mut [MontScalar], a: &[MontScalar], c: &MontScalar) -> usize {
    let c = splat(c);
    let mut done = 0;
    for (o, a8) in out.chunks_exact_mut(8).zip(a.chunks_exact(8)) {
        store(o, mul_lanes(&load(a8), &c));
        done += 8;
    }
    done
}

/// Whether the lanes run: the field's backend is IFMA (the CPU has it and neither
/// `BALLISTIC_BACKEND` nor `force_backend` chose another), so a process forced
/// onto AVX2 or portable runs the scalar code, as a CPU without IFMA would.
fn lanes() -> bool {
    super::lanes::backend() == super::lanes::Backend::Ifma
}

/// `out[i] = a[i]·b[i]` for the first `8·⌊len/8⌋` entries when the lanes run
/// ([`lanes`]); returns how many it did (0 otherwise).
pub(super) fn mul_many(out: &mut [MontScalar], a: &[MontScalar], b: &[MontScalar]) -> usize {
    if lanes() {
        // SAFETY: the IFMA backend runs only where the CPU has its features.
        unsafe { mul_many_ifma(out, a, b) }
    } else {
        0
    }
}

/// `out[i] = a[i]·c`, as [`mul_many`].
pub(super) fn mul_by(out: &mut [MontScalar], a: &[MontScalar], c: &MontScalar) -> usize {
    if lanes() {
        // SAFETY: the IFMA backend runs only where the CPU has its features.
        unsafe { mul_by_ifma(out, a, c) }
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha20Rng;

    /// Random values and the edge cases `0`, `1`, `ℓ − 1` (in the representation:
    /// the largest limbs a reduced value has).
    fn values(n: usize, seed: u64) -> Vec<MontScalar> {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let mut v: Vec<MontScalar> = (0..n)
            .map(|_| MontScalar::from_u64(rng.gen()) * MontScalar::from_u64(rng.gen()).invert())
            .collect();
        let edge = [
            MontScalar::ZERO,
            MontScalar::ONE,
            -MontScalar::ONE,
            MontScalar([0; 4]) - MontScalar([1, 0, 0, 0]),
        ];
        for (i, e) in edge.iter().enumerate() {
            if let Some(s) = v.get_mut(3 * i + 1) {
                *s = *e;
            }
        }
        v
    }

    /// The lanes (on a CPU with IFMA, whatever backend the process runs) and the
    /// dispatching entry points against [`MontScalar::mul`], including lengths that
    /// leave a remainder for the scalar code.
    #[test]
    fn mul_many_matches_scalar_code() {
        for n in [0, 1, 7, 8, 9, 16, 61, 200, 4099] {
            let (a, b) = (values(n, 1 + n as u64), values(n, 1000 + n as u64));
            let c = a.first().copied().unwrap_or(MontScalar::ONE);
            if crate::curve::ifma_ops::available() {
                let mut out = vec![MontScalar::ZERO; n];
                // SAFETY: the CPU has the features.
                let done = unsafe { mul_many_ifma(&mut out, &a, &b) };
                assert_eq!(done, n / 8 * 8);
                for i in 0..done {
                    assert_eq!(out[i], a[i] * b[i], "n = {n}, i = {i}");
                }
                // SAFETY: as above.
                let done = unsafe { mul_by_ifma(&mut out, &b, &c) };
                for i in 0..done {
                    assert_eq!(out[i], b[i] * c, "n = {n}, i = {i}");
                }
            }
            let mut out = vec![MontScalar::ZERO; n];
            MontScalar::mul_many(&mut out, &a, &b);
            for i in 0..n {
                assert_eq!(out[i], a[i] * b[i], "n = {n}, i = {i}");
            }
            for c in [c, -MontScalar::ONE] {
                MontScalar::mul_by_many(&mut out, &b, &c);
                for i in 0..n {
                    assert_eq!(out[i], b[i] * c, "n = {n}, i = {i}");
                }
            }
        }
    }
}
