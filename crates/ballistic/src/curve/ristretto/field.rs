//! Arithmetic modulo `p = 2^255 − 19`, serial, in five 51-bit limbs.
//!
//! | name | meaning |
//! |---|---|
//! | `Fe` | a field element `Σ l_i·2^(51·i)`, limbs `l_i < 2^52` between operations |
//! | `M`, `S` | one multiplication, one squaring (25 and 15 64×64→128-bit products) |
//!
//! This is ballistic's own reference arithmetic for curve25519 (the lane-parallel
//! backends in [`super::lanes`] are tested against it). It stores the table entries
//! and points that the lane backends gather, and it does the few serial operations
//! (inversions, encodings of single points). Every function here is constant time
//! unless its name says `vartime`.
//!
//! **Bounds.** Every function returns limbs below `2^52` (a weak reduction);
//! [`Fe::mul`], [`Fe::square`] and [`Fe::sub`] accept limbs below `2^54`.

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

const MASK51: u64 = (1 << 51) - 1;

/// An element of GF(2^255 − 19) in radix 2^51.
#[derive(Clone, Copy, Debug, Default)]
#[repr(transparent)]
pub struct Fe(pub [u64; 5]);

/// `d = −121665/121666`, the Edwards curve constant.
pub const D: Fe = Fe([
    0x34dca135978a3,
    0x1a8283b156ebd,
    0x5e7a26001c029,
    0x739c663a03cbb,
    0x52036cee2b6ff,
]);
/// `2·d`.
pub const D2: Fe = Fe([
    0x69b9426b2f159,
    0x35050762add7a,
    0x3cf44c0038052,
    0x6738cc7407977,
    0x2406d9dc56dff,
]);
/// `√−1 = 2^((p−1)/4)`.
pub const SQRT_M1: Fe = Fe([
    0x61b274a0ea0b0,
    0xd5a5fc8f189d,
    0x7ef5e9cbd0c60,
    0x78595a6804c9e,
    0x2b8324804fc1d,
]);
/// `1/√(a − d)` with `a = −1` (the non-negative root), for ristretto encoding.
pub const INVSQRT_A_MINUS_D: Fe = Fe([
    0xfdaa805d40ea,
    0x2eb482e57d339,
    0x7610274bc58,
    0x6510b613dc8ff,
    0x786c8905cfaff,
]);
/// `1 − d²`, for the ristretto Elligator map.
#[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
pub const ONE_MINUS_D_SQ: Fe = Fe([
    0x409c1945fc176,
    0x719abc6a1fc4f,
    0x1c37f90b20684,
    0x6bccca55eedf,
    0x29072a8b2b3e,
]);
/// `(d − 1)²`, for the ristretto Elligator map.
#[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
pub const D_MINUS_ONE_SQ: Fe = Fe([
    0x55aaa44ed4d20,
    0x59603c3332635,
    0x26d3baf4a7928,
    0x120a66e6997a9,
    0x5968b37af66c2,
]);
/// `√(a·d − 1)` (the non-negative root), for the ristretto Elligator map.
#[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
pub const SQRT_AD_MINUS_ONE: Fe = Fe([
    0x95fb684d1d2,
    0x67c90f568502d,
    0x28b8094189c7,
    0x3a9f861819b67,
    0x4896ce40d47cb,
]);

/// `16·p` in limbs, added before a subtraction so that no limb goes negative.
const P16: [u64; 5] = [
    16 * ((1 << 51) - 19),
    16 * MASK51,
    16 * MASK51,
    16 * MASK51,
    16 * MASK51,
];

#[inline(always)]
fn m(a: u64, b: u64) -> u128 {
    (a as u128) * (b as u128)
}

impl Fe {
    /// Zero.
    pub const ZERO: Fe = Fe([0; 5]);
    /// One.
    pub const ONE: Fe = Fe([1, 0, 0, 0, 0]);

    /// Carries every limb into the next one (the top one wraps with a factor 19):
    /// limbs below `2^52` afterwards for any input limbs below `2^64`.
    #[inline(always)]
    pub fn weak_reduce(self) -> Fe {
        let l = self.0;
        let c = [l[0] >> 51, l[1] >> 51, l[2] >> 51, l[3] >> 51, l[4] >> 51];
        Fe([
            (l[0] & MASK51) + c[4] * 19,
            (l[1] & MASK51) + c[0],
            (l[2] & MASK51) + c[1],
            (l[3] & MASK51) + c[2],
            (l[4] & MASK51) + c[3],
        ])
    }

    /// `self + b`, weakly reduced.
    #[inline(always)]
    pub fn add(&self, b: &Fe) -> Fe {
        let (a, b) = (self.0, b.0);
        Fe([
            a[0] + b[0],
            a[1] + b[1],
            a[2] + b[2],
            a[3] + b[3],
            a[4] + b[4],
        ])
        .weak_reduce()
    }

    /// `self − b`, weakly reduced (inputs below `2^55`).
    #[inline(always)]
    pub fn sub(&self, b: &Fe) -> Fe {
        let (a, b) = (self.0, b.0);
        Fe([
            (a[0] + P16[0]) - b[0],
            (a[1] + P16[1]) - b[1],
            (a[2] + P16[2]) - b[2],
            (a[3] + P16[3]) - b[3],
            (a[4] + P16[4]) - b[4],
        ])
        .weak_reduce()
    }

    /// `−self`.
    #[inline(always)]
    pub fn neg(&self) -> Fe {
        Fe::ZERO.sub(self)
    }

    /// Reduces five 128-bit column sums to limbs.
    #[inline(always)]
    fn carry_wide(c: [u128; 5]) -> Fe {
        let mut c = c;
        let mut out = [0u64; 5];
        c[1] += c[0] >> 51;
        out[0] = (c[0] as u64) & MASK51;
        c[2] += c[1] >> 51;
        out[1] = (c[1] as u64) & MASK51;
        c[3] += c[2] >> 51;
        out[2] = (c[2] as u64) & MASK51;
        c[4] += c[3] >> 51;
        out[3] = (c[3] as u64) & MASK51;
        let carry = (c[4] >> 51) as u64;
        out[4] = (c[4] as u64) & MASK51;
        // Inputs below 2^54: c4 < 2^111, so carry·19 < 2^64.
        out[0] += carry * 19;
        out[1] += out[0] >> 51;
        out[0] &= MASK51;
        Fe(out)
    }

    /// `self · b` (limbs below `2^54`).
    #[inline(always)]
    pub fn mul(&self, b: &Fe) -> Fe {
        let (a, b) = (self.0, b.0);
        let b19 = [b[1] * 19, b[2] * 19, b[3] * 19, b[4] * 19];
        let c0 =
            m(a[0], b[0]) + m(a[1], b19[3]) + m(a[2], b19[2]) + m(a[3], b19[1]) + m(a[4], b19[0]);
        let c1 =
            m(a[0], b[1]) + m(a[1], b[0]) + m(a[2], b19[3]) + m(a[3], b19[2]) + m(a[4], b19[1]);
        let c2 = m(a[0], b[2]) + m(a[1], b[1]) + m(a[2], b[0]) + m(a[3], b19[3]) + m(a[4], b19[2]);
        let c3 = m(a[0], b[3]) + m(a[1], b[2]) + m(a[2], b[1]) + m(a[3], b[0]) + m(a[4], b19[3]);
        let c4 = m(a[0], b[4]) + m(a[1], b[3]) + m(a[2], b[2]) + m(a[3], b[1]) + m(a[4], b[0]);
        Fe::carry_wide([c0, c1, c2, c3, c4])
    }

    /// `self²` (limbs below `2^54`).
    #[inline(always)]
    pub fn square(&self) -> Fe {
        let a = self.0;
        let a2 = [a[0] * 2, a[1] * 2, a[2] * 2, a[3] * 2];
        let a3_19 = a[3] * 19;
        let a4_19 = a[4] * 19;
        let c0 = m(a[0], a[0]) + m(a2[1], a4_19) + m(a2[2], a3_19);
        let c1 = m(a2[0], a[1]) + m(a2[2], a4_19) + m(a[3], a3_19);
        let c2 = m(a2[0], a[2]) + m(a[1], a[1]) + m(a2[3], a4_19);
        let c3 = m(a2[0], a[3]) + m(a2[1], a[2]) + m(a[4], a4_19);
        let c4 = m(a2[0], a[4]) + m(a2[1], a[3]) + m(a[2], a[2]);
        Fe::carry_wide([c0, c1, c2, c3, c4])
    }

    /// `self^(2^k)`, `k >= 1`.
    pub fn pow2k(&self, k: u32) -> Fe {
        let mut x = self.square();
        for _ in 1..k {
            x = x.square();
        }
        x
    }

    /// `(self^(2^250 − 1), self^11)`, the common start of the inversion and
    /// square-root exponentiations.
    fn pow22501(&self) -> (Fe, Fe) {
        let t0 = self.square(); // 2
        let t1 = t0.pow2k(2); // 8
        let t2 = self.mul(&t1); // 9
        let t3 = t0.mul(&t2); // 11
        let t4 = t3.square(); // 22
        let t5 = t2.mul(&t4); // 2^5 − 1
        let t6 = t5.pow2k(5);
        let t7 = t6.mul(&t5); // 2^10 − 1
        let t8 = t7.pow2k(10);
        let t9 = t8.mul(&t7); // 2^20 − 1
        let t10 = t9.pow2k(20);
        let t11 = t10.mul(&t9); // 2^40 − 1
        let t12 = t11.pow2k(10);
        let t13 = t12.mul(&t7); // 2^50 − 1
        let t14 = t13.pow2k(50);
        let t15 = t14.mul(&t13); // 2^100 − 1
        let t16 = t15.pow2k(100);
        let t17 = t16.mul(&t15); // 2^200 − 1
        let t18 = t17.pow2k(50);
        let t19 = t18.mul(&t13); // 2^250 − 1
        (t19, t3)
    }

    /// `self^(p − 2)`: the inverse, and 0 for 0 (constant time).
    #[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
    pub fn invert(&self) -> Fe {
        let (t19, t3) = self.pow22501();
        t19.pow2k(5).mul(&t3) // 2^255 − 32 + 11 = p − 2
    }

    /// `self^((p − 5)/8) = self^(2^252 − 3)`.
    fn pow_p58(&self) -> Fe {
        let (t19, _) = self.pow22501();
        t19.pow2k(2).mul(self)
    }

    /// `(was_square, r)` with `r = +√(u/v)` if `u/v` is a square, `r = +√(i·u/v)`
    /// otherwise (RFC 9496 `SQRT_RATIO_M1`; `r` is the non-negative root).
    pub fn sqrt_ratio_i(u: &Fe, v: &Fe) -> (Choice, Fe) {
        let v3 = v.square().mul(v);
        let v7 = v3.square().mul(v);
        let mut r = u.mul(&v3).mul(&u.mul(&v7).pow_p58());
        let check = v.mul(&r.square());
        let neg_u = u.neg();
        let correct_sign = check.ct_eq(u);
        let flipped_sign = check.ct_eq(&neg_u);
        let flipped_sign_i = check.ct_eq(&neg_u.mul(&SQRT_M1));
        let r_prime = r.mul(&SQRT_M1);
        r.conditional_assign(&r_prime, flipped_sign | flipped_sign_i);
        let r = r.abs();
        (correct_sign | flipped_sign, r)
    }

    /// The canonical little-endian encoding (the value reduced below `p`).
    // By reference: clippy exempts this signature only where it is exported
    // (with `unstable-internals`).
    #[allow(clippy::wrong_self_convention)]
    pub fn to_bytes(&self) -> [u8; 32] {
        let mut l = self.weak_reduce().weak_reduce().0;
        // Now l < 2^255 + small; subtract p if the value is >= p: compute q = floor((v + 19) / 2^255).
        let mut q = (l[0] + 19) >> 51;
        q = (l[1] + q) >> 51;
        q = (l[2] + q) >> 51;
        q = (l[3] + q) >> 51;
        q = (l[4] + q) >> 51;
        l[0] += 19 * q;
        l[1] += l[0] >> 51;
        l[0] &= MASK51;
        l[2] += l[1] >> 51;
        l[1] &= MASK51;
        l[3] += l[2] >> 51;
        l[2] &= MASK51;
        l[4] += l[3] >> 51;
        l[3] &= MASK51;
        l[4] &= MASK51;
        let mut s = [0u8; 32];
        let words = [
            l[0] | (l[1] << 51),
            (l[1] >> 13) | (l[2] << 38),
            (l[2] >> 26) | (l[3] << 25),
            (l[3] >> 39) | (l[4] << 12),
        ];
        for (i, w) in words.iter().enumerate() {
            s[8 * i..8 * i + 8].copy_from_slice(&w.to_le_bytes());
        }
        s
    }

    /// The element of a 32-byte little-endian string, ignoring the top bit (the
    /// value may be non-canonical, up to `2^255 − 1`).
    pub fn from_bytes(b: &[u8; 32]) -> Fe {
        let w = |i: usize| {
            let mut x = [0u8; 8];
            x.copy_from_slice(&b[8 * i..8 * i + 8]);
            u64::from_le_bytes(x)
        };
        let (w0, w1, w2, w3) = (w(0), w(1), w(2), w(3));
        Fe([
            w0 & MASK51,
            ((w0 >> 51) | (w1 << 13)) & MASK51,
            ((w1 >> 38) | (w2 << 26)) & MASK51,
            ((w2 >> 25) | (w3 << 39)) & MASK51,
            (w3 >> 12) & MASK51,
        ])
    }

    /// Whether the canonical value is odd ("negative" in RFC 9496).
    pub fn is_negative(&self) -> Choice {
        Choice::from(self.to_bytes()[0] & 1)
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> Choice {
        self.to_bytes().ct_eq(&[0u8; 32])
    }

    /// `|self|`: the non-negative one of `±self`.
    pub fn abs(&self) -> Fe {
        let mut r = *self;
        r.conditional_negate(self.is_negative());
        r
    }

    /// Negates `self` if `c` is set.
    pub fn conditional_negate(&mut self, c: Choice) {
        let n = self.neg();
        self.conditional_assign(&n, c);
    }
}

impl ConstantTimeEq for Fe {
    fn ct_eq(&self, other: &Fe) -> Choice {
        self.to_bytes().ct_eq(&other.to_bytes())
    }
}

impl ConditionallySelectable for Fe {
    fn conditional_select(a: &Fe, b: &Fe, c: Choice) -> Fe {
        let mut out = [0u64; 5];
        for (i, o) in out.iter_mut().enumerate() {
            *o = u64::conditional_select(&a.0[i], &b.0[i], c);
        }
        Fe(out)
    }
}

impl PartialEq for Fe {
    fn eq(&self, other: &Fe) -> bool {
        self.ct_eq(other).into()
    }
}
impl Eq for Fe {}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    const P: [u8; 32] = {
        let mut p = [0xffu8; 32];
        p[0] = 0xed;
        p[31] = 0x7f;
        p
    };

    fn random_fe(rng: &mut impl Rng) -> Fe {
        // Random limbs up to the documented input bound, including extremes.
        let mut l = [0u64; 5];
        for x in l.iter_mut() {
            *x = match rng.gen_range(0..8) {
                0 => 0,
                1 => (1 << 51) - 1,
                2 => (1 << 52) - 1,
                _ => rng.gen::<u64>() >> 12,
            };
        }
        Fe(l)
    }

    fn canon(f: &Fe) -> [u8; 32] {
        f.to_bytes()
    }

    #[test]
    fn to_bytes_is_canonical() {
        // p itself encodes as zero; p − 1 as itself; 2^255 − 1 as 18.
        assert_eq!(Fe::from_bytes(&P).to_bytes(), [0u8; 32]);
        let mut pm1 = P;
        pm1[0] -= 1;
        assert_eq!(Fe::from_bytes(&pm1).to_bytes(), pm1);
        let mut top = [0xffu8; 32];
        top[31] = 0x7f;
        let mut eighteen = [0u8; 32];
        eighteen[0] = 18;
        assert_eq!(Fe::from_bytes(&top).to_bytes(), eighteen);
    }

    #[test]
    fn ring_identities_on_extreme_limbs() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
        for _ in 0..2000 {
            let (a, b, c) = (
                random_fe(&mut rng),
                random_fe(&mut rng),
                random_fe(&mut rng),
            );
            // Ring axioms, in canonical form.
            assert_eq!(canon(&a.mul(&b)), canon(&b.mul(&a)));
            assert_eq!(canon(&a.mul(&b.add(&c))), canon(&a.mul(&b).add(&a.mul(&c))));
            assert_eq!(canon(&a.square()), canon(&a.mul(&a)));
            assert_eq!(canon(&a.sub(&b).add(&b)), canon(&a.weak_reduce()));
            assert_eq!(canon(&a.mul(&b).mul(&c)), canon(&a.mul(&b.mul(&c))));
            let inv = a.invert();
            if bool::from(a.is_zero()) {
                assert!(bool::from(inv.is_zero()));
            } else {
                assert_eq!(canon(&a.mul(&inv)), canon(&Fe::ONE));
            }
        }
    }

    #[test]
    fn constants() {
        assert_eq!(SQRT_M1.square(), Fe::ONE.neg());
        // d·121666 = −121665
        assert_eq!(
            D.mul(&Fe([121666, 0, 0, 0, 0])),
            Fe([121665, 0, 0, 0, 0]).neg()
        );
        assert_eq!(D2, D.add(&D));
        assert_eq!(
            INVSQRT_A_MINUS_D.square().mul(&Fe::ONE.neg().sub(&D)),
            Fe::ONE
        );
        assert_eq!(ONE_MINUS_D_SQ, Fe::ONE.sub(&D.square()));
        assert_eq!(D_MINUS_ONE_SQ, D.sub(&Fe::ONE).square());
        assert_eq!(SQRT_AD_MINUS_ONE.square(), D.neg().sub(&Fe::ONE));
        assert!(!bool::from(SQRT_AD_MINUS_ONE.is_negative()));
    }

    #[test]
    fn sqrt_ratio() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(2);
        for _ in 0..200 {
            let (u, v) = (random_fe(&mut rng), random_fe(&mut rng));
            let (sq, r) = Fe::sqrt_ratio_i(&u, &v);
            assert!(!bool::from(r.is_negative()));
            if bool::from(v.is_zero()) {
                assert_eq!(r, Fe::ZERO);
                continue;
            }
            let lhs = v.mul(&r.square());
            if bool::from(sq) {
                assert_eq!(lhs, u);
            } else {
                assert_eq!(lhs, u.mul(&SQRT_M1));
            }
        }
    }
}
