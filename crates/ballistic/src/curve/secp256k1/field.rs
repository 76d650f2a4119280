//! The secp256k1 base field on four 64-bit limbs, for the hot loops of the verifier:
//! the square roots of decompression ([`super::pow`]) and the affine additions of
//! batch-affine Pippenger ([`super::batch_affine`]).
//!
//! | name | meaning |
//! |---|---|
//! | `p` | `2^256 − C`, the base field's modulus |
//! | `C` | `2^32 + 977 = 0x1000003D1`, so `2^256 ≡ C (mod p)` |
//! | `W` | a field element as four little-endian 64-bit limbs, any value below `2^256` ("weakly reduced": `p ≤ W < 2^256` is allowed and means `W − p`) |
//!
//! **Why not k256's `FieldElement`.** k256 (five 52-bit limbs, magnitude tracking)
//! takes about 1.5× the time of the 4×64-bit schoolbook below (`u128` products, the
//! reduction `2^256 ≡ C`) for a squaring and about 2× for a multiplication (chosen
//! by microbenchmarks of both; `crates/bench/history/2026-11.md`). Additions cost a carry chain more than k256's lazy ones, a
//! good trade where multiplications dominate (a root: 253 squarings; an affine
//! addition: 5M + 1S against 4 additions). Everything else (the complete formulas,
//! the constant-time prover) stays on k256. Math note:
//! `docs/secp256k1-arithmetic.md`.
//!
//! **Reduction.** A product `t = lo + 2^256·hi` (eight limbs) is `≡ lo + C·hi`: four
//! `u128` multiply-adds leave a carry `c < 2^34`; `c·C < 2^68` is added back, and the
//! at most one carry out of that (then the value is below `2^68`) once more times
//! `C`. A sum's carry out of `2^256` is folded the same way (`+ C`, twice), and a
//! difference's borrow by `− C`, twice: the second fold can only be needed when the
//! first wrapped, and then cannot wrap. Every result is below `2^256`, and every step
//! is the same for all inputs (constant time: no branch, no secret-dependent index).

use k256::FieldElement as Fe;

/// `2^256 mod p`.
pub const C: u64 = 0x1_0000_03D1;

/// `p` in limbs.
pub const P: [u64; 4] = [
    0xFFFF_FFFE_FFFF_FC2F,
    0xFFFF_FFFF_FFFF_FFFF,
    0xFFFF_FFFF_FFFF_FFFF,
    0xFFFF_FFFF_FFFF_FFFF,
];

/// A field element, weakly reduced (see the module notation).
#[derive(Clone, Copy, Debug, Default)]
pub struct W(pub [u64; 4]);

impl W {
    /// `0`.
    pub const ZERO: W = W([0; 4]);
    /// `1`.
    pub const ONE: W = W([1, 0, 0, 0]);

    /// The limbs of a k256 element.
    pub fn from_fe(x: &Fe) -> W {
        let bytes = x.normalize().to_bytes();
        W(core::array::from_fn(|i| {
            let mut limb = [0u8; 8];
            limb.copy_from_slice(&bytes[24 - 8 * i..32 - 8 * i]);
            u64::from_be_bytes(limb)
        }))
    }

    /// The canonical value (`W − p` if `W ≥ p`), constant time.
    pub fn canonical(&self) -> [u64; 4] {
        let mut d = [0u64; 4];
        let mut borrow = 0u64;
        for (i, di) in d.iter_mut().enumerate() {
            let (s1, b1) = self.0[i].overflowing_sub(P[i]);
            let (s2, b2) = s1.overflowing_sub(borrow);
            *di = s2;
            borrow = (b1 | b2) as u64;
        }
        // borrow = 1: W < p, keep W.
        let keep = borrow.wrapping_neg();
        core::array::from_fn(|i| (self.0[i] & keep) | (d[i] & !keep))
    }

    /// Whether `self` and `other` are the same element (variable time: public data).
    #[inline(always)]
    pub fn eq_vartime(&self, other: &W) -> bool {
        self.canonical() == other.canonical()
    }

    /// The element as a k256 `FieldElement` (normalised).
    pub fn to_fe(self) -> Fe {
        let c = self.canonical();
        let mut bytes = [0u8; 32];
        for (i, limb) in c.iter().enumerate() {
            bytes[24 - 8 * i..32 - 8 * i].copy_from_slice(&limb.to_be_bytes());
        }
        // A canonical value is below p, which `from_bytes` accepts.
        Option::from(Fe::from_bytes(&bytes.into())).unwrap_or(Fe::ZERO)
    }

    /// `self + b`.
    #[inline(always)]
    pub fn add(&self, b: &W) -> W {
        let mut r = [0u64; 4];
        let mut carry = 0u64;
        for (i, ri) in r.iter_mut().enumerate() {
            let v = self.0[i] as u128 + b.0[i] as u128 + carry as u128;
            *ri = v as u64;
            carry = (v >> 64) as u64;
        }
        for _ in 0..2 {
            let mut c = carry as u128 * C as u128;
            for x in r.iter_mut() {
                let v = *x as u128 + c;
                *x = v as u64;
                c = v >> 64;
            }
            carry = c as u64;
        }
        W(r)
    }

    /// `self − b`.
    #[inline(always)]
    pub fn sub(&self, b: &W) -> W {
        let mut r = [0u64; 4];
        let mut borrow = 0u64;
        for (i, ri) in r.iter_mut().enumerate() {
            let (s1, b1) = self.0[i].overflowing_sub(b.0[i]);
            let (s2, b2) = s1.overflowing_sub(borrow);
            *ri = s2;
            borrow = (b1 | b2) as u64;
        }
        // A borrow means r = self − b + 2^256 ≡ self − b + C: take C off (twice if
        // that wraps again; see the module doc).
        for _ in 0..2 {
            let mut c = borrow * C;
            let mut bw = 0u64;
            for x in r.iter_mut() {
                let (s1, b1) = x.overflowing_sub(c);
                let (s2, b2) = s1.overflowing_sub(bw);
                *x = s2;
                bw = (b1 | b2) as u64;
                c = 0;
            }
            borrow = bw;
        }
        W(r)
    }

    /// `−self`.
    #[inline(always)]
    pub fn neg(&self) -> W {
        W::ZERO.sub(self)
    }

    /// `2·self`.
    #[inline(always)]
    pub fn double(&self) -> W {
        self.add(self)
    }

    /// `self · b`.
    #[inline(always)]
    pub fn mul(&self, b: &W) -> W {
        let (a, b) = (&self.0, &b.0);
        let mut t = [0u64; 8];
        for i in 0..4 {
            let mut carry: u128 = 0;
            for j in 0..4 {
                // (2^64 − 1)² + 2·(2^64 − 1) = 2^128 − 1: no overflow.
                let v = (a[i] as u128) * (b[j] as u128) + t[i + j] as u128 + carry;
                t[i + j] = v as u64;
                carry = v >> 64;
            }
            t[i + 4] = carry as u64;
        }
        reduce(&t)
    }

    /// `self²`.
    #[inline(always)]
    pub fn square(&self) -> W {
        let a = &self.0;
        // Cross products a_i·a_j (i < j) once, doubled, then the squares a_i².
        let mut t = [0u64; 8];
        for i in 0..4 {
            let mut carry: u128 = 0;
            for j in (i + 1)..4 {
                let v = (a[i] as u128) * (a[j] as u128) + t[i + j] as u128 + carry;
                t[i + j] = v as u64;
                carry = v >> 64;
            }
            t[i + 4] = carry as u64;
        }
        let mut top = 0u64;
        for x in t.iter_mut() {
            let next = *x >> 63;
            *x = (*x << 1) | top;
            top = next;
        }
        let mut carry: u128 = 0;
        for i in 0..4 {
            let sq = (a[i] as u128) * (a[i] as u128);
            let lo = t[2 * i] as u128 + (sq as u64) as u128 + carry;
            t[2 * i] = lo as u64;
            let hi = t[2 * i + 1] as u128 + (sq >> 64) + (lo >> 64);
            t[2 * i + 1] = hi as u64;
            carry = hi >> 64;
        }
        reduce(&t)
    }

    /// `self⁻¹` (`0` for `0`), through k256's inversion: used once per batch of
    /// affine additions, where its cost is shared by hundreds of them.
    pub fn invert(&self) -> W {
        let inv: Option<Fe> = self.to_fe().invert().into();
        W::from_fe(&inv.unwrap_or(Fe::ZERO))
    }
}

/// `lo + 2^256·hi → lo + C·hi`, folded until below `2^256` (see the module doc).
#[inline(always)]
fn reduce(t: &[u64; 8]) -> W {
    let mut r = [0u64; 4];
    let mut carry: u128 = 0;
    for i in 0..4 {
        // < 2^64 + 2^97 + 2^34: fits.
        let v = t[i] as u128 + (t[i + 4] as u128) * (C as u128) + carry;
        r[i] = v as u64;
        carry = v >> 64;
    }
    for _ in 0..2 {
        let mut c = carry * C as u128;
        for x in r.iter_mut() {
            let v = *x as u128 + c;
            *x = v as u64;
            c = v >> 64;
        }
        carry = c;
    }
    W(r)
}

/// 32 big-endian bytes as 256-bit little-endian limbs.
pub(crate) fn be_limbs(be: &[u8; 32]) -> [u64; 4] {
    let mut out = [0u64; 4];
    for (i, limb) in out.iter_mut().enumerate() {
        let mut w = [0u8; 8];
        w.copy_from_slice(&be[32 - 8 * (i + 1)..32 - 8 * i]);
        *limb = u64::from_be_bytes(w);
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;
    use rand::{Rng, SeedableRng};

    /// Weakly reduced inputs at the edges: 0, 1, p − 1, p (≡ 0), p + 1, C − 1, C,
    /// 2^256 − 1, and single high limbs.
    pub(crate) fn edge_limbs() -> Vec<[u64; 4]> {
        let mut p_plus_1 = P;
        p_plus_1[0] += 1;
        let mut p_minus_1 = P;
        p_minus_1[0] -= 1;
        vec![
            [0; 4],
            [1, 0, 0, 0],
            p_minus_1,
            P,
            p_plus_1,
            [C - 1, 0, 0, 0],
            [C, 0, 0, 0],
            [u64::MAX; 4],
            [u64::MAX, 0, 0, 0],
            [0, 0, 0, 1 << 63],
        ]
    }

    /// Edge inputs and 2,000 random ones (any 256-bit value is a valid `W`).
    fn inputs(seed: u64) -> Vec<[u64; 4]> {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed);
        let mut v = edge_limbs();
        for _ in 0..2000 {
            v.push(rng.gen());
        }
        v
    }

    #[test]
    fn mul_and_square_match_k256() {
        let inputs = inputs(7);
        for a in &inputs {
            for b in inputs.iter().take(40) {
                let (wa, wb) = (W(*a), W(*b));
                let (fa, fb) = (wa.to_fe(), wb.to_fe());
                let want = (fa * fb).normalize();
                assert_eq!(wa.mul(&wb).to_fe(), want, "{a:x?} · {b:x?}");
            }
            let want = W(*a).to_fe().square().normalize();
            assert_eq!(W(*a).square().to_fe(), want, "{a:x?}²");
        }
    }

    #[test]
    fn add_sub_neg_match_k256() {
        let inputs = inputs(9);
        for a in &inputs {
            for b in inputs.iter().take(40) {
                let (wa, wb) = (W(*a), W(*b));
                let (fa, fb) = (wa.to_fe(), wb.to_fe());
                assert_eq!(
                    wa.add(&wb).to_fe(),
                    (fa + fb).normalize(),
                    "{a:x?} + {b:x?}"
                );
                assert_eq!(
                    wa.sub(&wb).to_fe(),
                    (fa + fb.negate(1)).normalize(),
                    "{a:x?} − {b:x?}"
                );
                assert_eq!(wa.eq_vartime(&wb), fa == fb);
            }
            let fa = W(*a).to_fe();
            assert_eq!(W(*a).neg().to_fe(), fa.negate(1).normalize());
            assert_eq!(W(*a).double().to_fe(), fa.double().normalize());
            assert_eq!(W::from_fe(&fa).0, W(*a).canonical());
            // The inverse, where one exists.
            if !bool::from(fa.is_zero()) {
                assert_eq!(W(*a).invert().mul(&W(*a)).canonical(), W::ONE.0);
            } else {
                assert_eq!(W(*a).invert().canonical(), W::ZERO.0);
            }
        }
    }
}
