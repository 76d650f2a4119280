//! Arithmetic modulo the ristretto255 group order `ℓ`, in Montgomery form, in four
//! 64-bit limbs.
//!
//! | name | meaning |
//! |---|---|
//! | `ℓ` | the group order `2^252 + 27742317777372353535851937790883648493`, limbs `[ℓ0, ℓ1, 0, 2^60]` |
//! | `R` | the Montgomery radix `2^256` |
//! | `ℓ'` | `−ℓ⁻¹ mod 2^64`, the per-limb reduction factor |
//! | `MontScalar` | `a` stored as `a·R mod ℓ`, four little-endian limbs, fully reduced (`< ℓ`) |
//! | `REDC(t)` | `t·R⁻¹ mod ℓ` for `t < ℓ·R`, the Montgomery reduction |
//! | `M`, `S` | one multiplication, one squaring (24 and 18 64×64→128-bit products) |
//!
//! curve25519-dalek's `Scalar` is a byte string: each of its multiplications unpacks
//! both operands into 52-bit limbs, does two Montgomery multiplications (one to
//! multiply, one to leave Montgomery form) and packs the result again. The verifier
//! does long chains of scalar arithmetic, so here the values stay in Montgomery form
//! between operations and only enter or leave it at [`MontScalar::from_dalek`] and
//! [`MontScalar::to_dalek`] (one `M` each, plus dalek's own byte handling).
//!
//! **Cost model.** [`MontScalar::mul`] is a schoolbook 256×256-bit product (16
//! products) followed by four word-by-word Montgomery reduction rounds (separated
//! operand scanning). Round `i` computes `m = t_i·ℓ' mod 2^64` (a 64-bit
//! multiplication, low half only) and adds `m·ℓ·2^(64i)`, which clears limb `i`.
//! The shape of `ℓ` makes that addition cheap: `ℓ2 = 0` contributes nothing and
//! `ℓ3 = 2^60` contributes `m << 60` and `m >> 4` (a shift, no multiplication), so a
//! round costs 2 full 64×64→128-bit products instead of 4. Totals:
//!
//! * `M`: 16 + 4·2 = **24** full products (+ 4 low-half products for `m`);
//! * `S`: 10 (4 squares and 6 doubled cross products) + 8 = **18** full products
//!   (+ 4 low-half).
//!
//! **Bounds.** Inputs are below `ℓ < 2^253`, so a product `t` is below `ℓ²` and the
//! reduced value `(t + Σ m_i·ℓ·2^(64i))/R < (ℓ² + R·ℓ)/R < 2ℓ < 2^254`: it fits in
//! four limbs (the intermediate sum is below `2^510`, so no ninth limb appears) and
//! one conditional subtraction of `ℓ` (a mask, not a branch) reduces it fully.
//!
//! Every function here is constant time: no branch and no memory index depends on a
//! value. [`MontScalar::invert`] runs a fixed addition chain for the public exponent
//! `ℓ − 2` (250 `S` + 34 `M`).

use alloc::vec;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use curve25519_dalek::scalar::Scalar;
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use crate::curve::inverse_vartime::{self, Modulus};

/// `ℓ` in little-endian limbs: `[ℓ0, ℓ1, 0, 2^60]`.
const L: [u64; 4] = [
    0x5812_631a_5cf5_d3ed,
    0x14de_f9de_a2f7_9cd6,
    0,
    0x1000_0000_0000_0000,
];

/// `ℓ' = −ℓ⁻¹ mod 2^64` (only `ℓ0` matters: `ℓ0·ℓ' ≡ −1 mod 2^64`).
const L_PRIME: u64 = 0xd2b5_1da3_1254_7e1b;

/// `R mod ℓ = 2^256 mod ℓ`, the Montgomery form of 1.
const R: [u64; 4] = [
    0xd6ec_3174_8d98_951d,
    0xc6ef_5bf4_737d_cf70,
    0xffff_ffff_ffff_fffe,
    0x0fff_ffff_ffff_ffff,
];

/// `ℓ` for [`MontScalar::invert_vartime`].
static ELL: Modulus = Modulus::new(L);

/// `R² mod ℓ = 2^512 mod ℓ`: `REDC(a·R²) = a·R`, the entry into Montgomery form.
const R2: [u64; 4] = [
    0xa406_11e3_449c_0f01,
    0xd00e_1ba7_6885_9347,
    0xceec_73d2_17f5_be65,
    0x0399_411b_7c30_9a3d,
];

/// `acc + a·b + carry` as (low, high) words (never overflows 128 bits).
#[inline(always)]
const fn mac(acc: u64, a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = (acc as u128) + (a as u128) * (b as u128) + (carry as u128);
    (t as u64, (t >> 64) as u64)
}

/// `a + b + carry` as (sum, carry out).
#[inline(always)]
const fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = (a as u128) + (b as u128) + (carry as u128);
    (t as u64, (t >> 64) as u64)
}

/// `a − b − borrow` for `borrow ∈ {0, 1}`, as (difference, borrow out ∈ {0, 1}).
#[inline(always)]
const fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub((b as u128) + (borrow as u128));
    (t as u64, (t >> 127) as u64)
}

/// `r − ℓ` if `r ≥ ℓ`, else `r` (for `r < 2ℓ`), selected with a mask.
#[inline(always)]
fn sub_l_if_ge(r: [u64; 4]) -> [u64; 4] {
    let (d0, b) = sbb(r[0], L[0], 0);
    let (d1, b) = sbb(r[1], L[1], b);
    let (d2, b) = sbb(r[2], L[2], b);
    let (d3, b) = sbb(r[3], L[3], b);
    // b = 1 (mask all ones) iff r < ℓ: keep r. The mask goes through `black_box`
    // so that the optimiser cannot turn the selection back into a branch (the
    // valgrind constant-time check caught exactly that once inlined into callers).
    let keep = core::hint::black_box(0u64.wrapping_sub(b));
    [
        (r[0] & keep) | (d0 & !keep),
        (r[1] & keep) | (d1 & !keep),
        (r[2] & keep) | (d2 & !keep),
        (r[3] & keep) | (d3 & !keep),
    ]
}

/// One reduction round: adds `m·ℓ` (with `m = t0·ℓ'`) to the five limbs
/// `t0..t4` starting at limb `i`, which zeroes `t0`; `hi` is the carry that earlier
/// rounds left for limb `i + 4`. Returns the new `t1..t4` and the carry for limb
/// `i + 5`. Two full products: `ℓ2 = 0` and `ℓ3 = 2^60` cost no multiplication.
#[inline(always)]
fn reduce_round(t: [u64; 5], hi: u64) -> ([u64; 4], u64) {
    let m = t[0].wrapping_mul(L_PRIME);
    let (_, c) = mac(t[0], m, L[0], 0);
    let (t1, c) = mac(t[1], m, L[1], c);
    let (t2, c) = adc(t[2], 0, c);
    // m·2^60 = (m << 60) + (m >> 4)·2^64.
    let (t3, c) = adc(t[3], m << 60, c);
    let (t4, c) = adc(t[4], (m >> 4) + c, hi);
    ([t1, t2, t3, t4], c)
}

/// `REDC(t) = t·R⁻¹ mod ℓ` for an eight-limb `t < ℓ·R`, fully reduced.
#[inline(always)]
fn montgomery_reduce(t: [u64; 8]) -> [u64; 4] {
    let ([r1, r2, r3, r4], hi) = reduce_round([t[0], t[1], t[2], t[3], t[4]], 0);
    let ([r2, r3, r4, r5], hi) = reduce_round([r1, r2, r3, r4, t[5]], hi);
    let ([r3, r4, r5, r6], hi) = reduce_round([r2, r3, r4, r5, t[6]], hi);
    let ([r4, r5, r6, r7], _hi) = reduce_round([r3, r4, r5, r6, t[7]], hi);
    // The sum is below 2^510 (module doc), so the final carry `_hi` is zero and
    // (r4..r7) < 2ℓ.
    sub_l_if_ge([r4, r5, r6, r7])
}

/// `REDC(a·b)` for `a, b < ℓ`.
#[inline(always)]
fn mont_mul(a: &[u64; 4], b: &[u64; 4]) -> [u64; 4] {
    let (t0, c) = mac(0, a[0], b[0], 0);
    let (t1, c) = mac(0, a[0], b[1], c);
    let (t2, c) = mac(0, a[0], b[2], c);
    let (t3, t4) = mac(0, a[0], b[3], c);

    let (t1, c) = mac(t1, a[1], b[0], 0);
    let (t2, c) = mac(t2, a[1], b[1], c);
    let (t3, c) = mac(t3, a[1], b[2], c);
    let (t4, t5) = mac(t4, a[1], b[3], c);

    let (t2, c) = mac(t2, a[2], b[0], 0);
    let (t3, c) = mac(t3, a[2], b[1], c);
    let (t4, c) = mac(t4, a[2], b[2], c);
    let (t5, t6) = mac(t5, a[2], b[3], c);

    let (t3, c) = mac(t3, a[3], b[0], 0);
    let (t4, c) = mac(t4, a[3], b[1], c);
    let (t5, c) = mac(t5, a[3], b[2], c);
    let (t6, t7) = mac(t6, a[3], b[3], c);

    montgomery_reduce([t0, t1, t2, t3, t4, t5, t6, t7])
}

/// `REDC(a²)` for `a < ℓ`.
#[inline(always)]
fn mont_square(a: &[u64; 4]) -> [u64; 4] {
    // Cross products a_i·a_j, i < j.
    let (t1, c) = mac(0, a[0], a[1], 0);
    let (t2, c) = mac(0, a[0], a[2], c);
    let (t3, t4) = mac(0, a[0], a[3], c);
    let (t3, c) = mac(t3, a[1], a[2], 0);
    let (t4, t5) = mac(t4, a[1], a[3], c);
    let (t5, t6) = mac(t5, a[2], a[3], 0);

    // Doubled.
    let t7 = t6 >> 63;
    let t6 = (t6 << 1) | (t5 >> 63);
    let t5 = (t5 << 1) | (t4 >> 63);
    let t4 = (t4 << 1) | (t3 >> 63);
    let t3 = (t3 << 1) | (t2 >> 63);
    let t2 = (t2 << 1) | (t1 >> 63);
    let t1 = t1 << 1;

    // Plus the squares a_i².
    let (t0, c) = mac(0, a[0], a[0], 0);
    let (t1, c) = adc(t1, 0, c);
    let (t2, c) = mac(t2, a[1], a[1], c);
    let (t3, c) = adc(t3, 0, c);
    let (t4, c) = mac(t4, a[2], a[2], c);
    let (t5, c) = adc(t5, 0, c);
    let (t6, c) = mac(t6, a[3], a[3], c);
    let (t7, _) = adc(t7, 0, c);

    montgomery_reduce([t0, t1, t2, t3, t4, t5, t6, t7])
}

/// An element of Z/ℓ in Montgomery form (a·R mod ℓ, R = 2^256), four 64-bit limbs, little-endian, fully reduced (< ℓ).
///
/// Every representation is canonical, so the derived equality is equality in Z/ℓ
/// (use [`ConstantTimeEq`] where the values are secret).
///
/// # Example
/// ```
/// use ballistic::curve::ristretto::MontScalar;
/// use curve25519_dalek::scalar::Scalar;
/// let (a, b) = (Scalar::from(6u64), Scalar::from(7u64));
/// let c = MontScalar::from_dalek(&a) * MontScalar::from_dalek(&b);
/// assert_eq!(c.to_dalek(), a * b);
/// assert_eq!(c, MontScalar::from_u64(42));
/// assert_eq!(c * c.invert(), MontScalar::ONE);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub struct MontScalar(pub(crate) [u64; 4]);

impl MontScalar {
    /// Zero.
    pub const ZERO: MontScalar = MontScalar([0; 4]);
    /// One (`R mod ℓ` in the representation).
    pub const ONE: MontScalar = MontScalar(R);

    /// The same value as curve25519-dalek's `Scalar` (canonical by construction):
    /// its bytes, then one `M` by `R²`.
    #[inline]
    pub fn from_dalek(s: &Scalar) -> MontScalar {
        let b = s.to_bytes();
        let limbs = core::array::from_fn(|i| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&b[8 * i..8 * i + 8]);
            u64::from_le_bytes(w)
        });
        MontScalar(mont_mul(&limbs, &R2))
    }

    /// The same value as curve25519-dalek's `Scalar` (one reduction out of Montgomery
    /// form, then dalek's `from_bytes_mod_order`, which costs about one dalek `M`).
    #[inline]
    pub fn to_dalek(&self) -> Scalar {
        // The bytes are canonical, so the reduction in dalek's constructor is the
        // identity.
        Scalar::from_bytes_mod_order(self.to_bytes())
    }

    /// The canonical little-endian integer limbs (out of Montgomery form, `< ℓ`).
    #[inline]
    pub fn to_limbs(&self) -> [u64; 4] {
        let a = self.0;
        montgomery_reduce([a[0], a[1], a[2], a[3], 0, 0, 0, 0])
    }

    /// The canonical 32-byte little-endian encoding (as dalek's `Scalar::to_bytes`).
    #[inline]
    pub fn to_bytes(&self) -> [u8; 32] {
        let l = self.to_limbs();
        let mut out = [0u8; 32];
        for (chunk, w) in out.chunks_exact_mut(8).zip(l.iter()) {
            chunk.copy_from_slice(&w.to_le_bytes());
        }
        out
    }

    /// The integer `x` (one `M` by `R²`).
    #[inline]
    pub fn from_u64(x: u64) -> MontScalar {
        MontScalar(mont_mul(&[x, 0, 0, 0], &R2))
    }

    /// `self + b`.
    #[inline(always)]
    pub fn add(&self, b: &MontScalar) -> MontScalar {
        let (a, b) = (&self.0, &b.0);
        // Both below ℓ < 2^253: no carry out of limb 3.
        let (s0, c) = adc(a[0], b[0], 0);
        let (s1, c) = adc(a[1], b[1], c);
        let (s2, c) = adc(a[2], b[2], c);
        let (s3, _) = adc(a[3], b[3], c);
        MontScalar(sub_l_if_ge([s0, s1, s2, s3]))
    }

    /// `self − b`.
    #[inline(always)]
    pub fn sub(&self, b: &MontScalar) -> MontScalar {
        let (a, b) = (&self.0, &b.0);
        let (d0, w) = sbb(a[0], b[0], 0);
        let (d1, w) = sbb(a[1], b[1], w);
        let (d2, w) = sbb(a[2], b[2], w);
        let (d3, w) = sbb(a[3], b[3], w);
        // On a borrow (a < b) add ℓ back; the carry out cancels the wrap. The mask
        // is hidden from the optimiser (see `sub_l_if_ge`).
        let mask = core::hint::black_box(0u64.wrapping_sub(w));
        let (d0, c) = adc(d0, L[0] & mask, 0);
        let (d1, c) = adc(d1, L[1] & mask, c);
        let (d2, c) = adc(d2, L[2] & mask, c);
        let (d3, _) = adc(d3, L[3] & mask, c);
        MontScalar([d0, d1, d2, d3])
    }

    /// `−self`.
    #[inline(always)]
    pub fn neg(&self) -> MontScalar {
        MontScalar::sub(&MontScalar::ZERO, self)
    }

    /// `self · b` (one `M`: 24 64×64→128-bit products).
    #[inline(always)]
    pub fn mul(&self, b: &MontScalar) -> MontScalar {
        MontScalar(mont_mul(&self.0, &b.0))
    }

    /// `out[i] = a[i]·b[i]` for every `i` below the shortest length: eight at a
    /// time with AVX-512 IFMA where the CPU has it (detected at run time), the rest
    /// with [`MontScalar::mul`]. Same results, same constant time.
    ///
    /// # Example
    /// ```
    /// use ballistic::curve::ristretto::MontScalar;
    /// let a: Vec<MontScalar> = (1..20u64).map(MontScalar::from_u64).collect();
    /// let mut out = vec![MontScalar::ZERO; a.len()];
    /// MontScalar::mul_many(&mut out, &a, &a);
    /// assert_eq!(out[18], MontScalar::from_u64(19 * 19));
    /// ```
    pub fn mul_many(out: &mut [MontScalar], a: &[MontScalar], b: &[MontScalar]) {
        let n = out.len().min(a.len()).min(b.len());
        let (out, a, b) = (&mut out[..n], &a[..n], &b[..n]);
        #[cfg(target_arch = "x86_64")]
        let done = super::scalar_ifma::mul_many(out, a, b);
        #[cfg(not(target_arch = "x86_64"))]
        let done = 0;
        for ((o, a), b) in out.iter_mut().zip(a).zip(b).skip(done) {
            *o = a.mul(b);
        }
    }

    /// `out[i] = a[i]·c` for every `i` below the shorter length, as
    /// [`MontScalar::mul_many`].
    ///
    /// # Example
    /// ```
    /// use ballistic::curve::ristretto::MontScalar;
    /// let a: Vec<MontScalar> = (1..20u64).map(MontScalar::from_u64).collect();
    /// let mut out = vec![MontScalar::ZERO; a.len()];
    /// MontScalar::mul_by_many(&mut out, &a, &MontScalar::from_u64(3));
    /// assert_eq!(out[18], MontScalar::from_u64(57));
    /// ```
    pub fn mul_by_many(out: &mut [MontScalar], a: &[MontScalar], c: &MontScalar) {
        let n = out.len().min(a.len());
        let (out, a) = (&mut out[..n], &a[..n]);
        #[cfg(target_arch = "x86_64")]
        let done = super::scalar_ifma::mul_by(out, a, c);
        #[cfg(not(target_arch = "x86_64"))]
        let done = 0;
        for (o, a) in out.iter_mut().zip(a).skip(done) {
            *o = a.mul(c);
        }
    }

    /// `self²` (one `S`: 18 64×64→128-bit products).
    #[inline(always)]
    pub fn square(&self) -> MontScalar {
        MontScalar(mont_square(&self.0))
    }

    /// `self^(2^k)`.
    #[inline]
    fn pow2k(&self, k: u32) -> MontScalar {
        let mut x = *self;
        for _ in 0..k {
            x = x.square();
        }
        x
    }

    /// `self^(ℓ − 2)`: the inverse, and 0 for 0 (constant time).
    ///
    /// Brian Smith's addition chain for `ℓ − 2` (the one curve25519-dalek uses):
    /// 250 `S` + 34 `M`.
    pub fn invert(&self) -> MontScalar {
        let x1 = *self;
        let x10 = x1.square();
        let x100 = x10.square();
        let x11 = MontScalar::mul(&x10, &x1);
        let x101 = MontScalar::mul(&x10, &x11);
        let x111 = MontScalar::mul(&x10, &x101);
        let x1001 = MontScalar::mul(&x10, &x111);
        let x1011 = MontScalar::mul(&x10, &x1001);
        let x1111 = MontScalar::mul(&x100, &x1011);
        let mut y = MontScalar::mul(&x1111, &x1); // 0b10000

        // (squarings, multiplier) after the leading 0b10000.
        let chain: [(u32, &MontScalar); 27] = [
            (126, &x101),
            (4, &x11),
            (5, &x1111),
            (5, &x1111),
            (4, &x1001),
            (2, &x11),
            (5, &x1111),
            (4, &x101),
            (6, &x101),
            (3, &x111),
            (5, &x1111),
            (5, &x111),
            (4, &x11),
            (5, &x1011),
            (6, &x1011),
            (10, &x1001),
            (4, &x11),
            (5, &x11),
            (5, &x11),
            (5, &x1001),
            (4, &x111),
            (6, &x1111),
            (5, &x1011),
            (3, &x101),
            (6, &x1111),
            (3, &x101),
            (3, &x11),
        ];
        for (k, x) in chain {
            y = MontScalar::mul(&y.pow2k(k), x);
        }
        y
    }

    /// `self⁻¹`, and 0 for 0, in **variable time** (safegcd,
    /// `crate::curve::inverse_vartime`): for public values only, such as Fiat–Shamir
    /// challenges.
    ///
    /// # Example
    /// ```
    /// use ballistic::curve::ristretto::MontScalar;
    /// let c = MontScalar::from_u64(1234567);
    /// assert_eq!(c.invert_vartime(), c.invert());
    /// ```
    pub fn invert_vartime(&self) -> MontScalar {
        // The limbs hold `a·R`; their integer inverse is `a⁻¹·R⁻¹`, and two `M` by
        // `R²` give `a⁻¹·R`.
        let t = inverse_vartime::invert_vartime(&self.0, &ELL);
        MontScalar(mont_mul(&mont_mul(&t, &R2), &R2))
    }

    /// Inverts every element of `xs` in place with Montgomery's trick (one
    /// [`MontScalar::invert`] and `3(n − 1)` `M`) and returns the inverse of their
    /// product (`ONE` for an empty slice). Constant time in the values.
    ///
    /// **Every input must be non-zero**: a zero makes the product zero, and then
    /// every output (and the return value) is zero.
    pub fn batch_invert(xs: &mut [MontScalar]) -> MontScalar {
        Self::batch_invert_with(xs, MontScalar::invert)
    }

    /// [`MontScalar::batch_invert`] with [`MontScalar::invert_vartime`]: for public
    /// values only.
    ///
    /// # Example
    /// ```
    /// use ballistic::curve::ristretto::MontScalar;
    /// let mut xs = [MontScalar::from_u64(2), MontScalar::from_u64(3)];
    /// let inv_product = MontScalar::batch_invert_vartime(&mut xs);
    /// assert_eq!(inv_product * MontScalar::from_u64(6), MontScalar::ONE);
    /// assert_eq!(xs[0] * MontScalar::from_u64(2), MontScalar::ONE);
    /// ```
    pub fn batch_invert_vartime(xs: &mut [MontScalar]) -> MontScalar {
        Self::batch_invert_with(xs, MontScalar::invert_vartime)
    }

    /// Montgomery's trick with the inversion `invert` of the product.
    fn batch_invert_with(
        xs: &mut [MontScalar],
        invert: fn(&MontScalar) -> MontScalar,
    ) -> MontScalar {
        // prefix[i] = x_0 ⋯ x_(i−1).
        let mut prefix = vec![MontScalar::ONE; xs.len()];
        let mut acc = MontScalar::ONE;
        for (x, p) in xs.iter().zip(prefix.iter_mut()) {
            *p = acc;
            acc = MontScalar::mul(&acc, x);
        }
        let inv_product = invert(&acc);
        // acc = (x_0 ⋯ x_i)⁻¹ walking down.
        let mut acc = inv_product;
        for (x, p) in xs.iter_mut().rev().zip(prefix.iter().rev()) {
            let next = MontScalar::mul(&acc, x);
            *x = MontScalar::mul(&acc, p);
            acc = next;
        }
        prefix.zeroize();
        inv_product
    }
}

impl ConstantTimeEq for MontScalar {
    fn ct_eq(&self, other: &MontScalar) -> Choice {
        self.0[..].ct_eq(&other.0[..])
    }
}

impl ConditionallySelectable for MontScalar {
    fn conditional_select(a: &MontScalar, b: &MontScalar, c: Choice) -> MontScalar {
        MontScalar(core::array::from_fn(|i| {
            u64::conditional_select(&a.0[i], &b.0[i], c)
        }))
    }
}

impl Zeroize for MontScalar {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

/// The four operand forms (value/reference on each side) of a binary operator and
/// its assigning form, all through the inherent method.
macro_rules! binop {
    ($trait:ident, $f:ident, $assign:ident, $fa:ident) => {
        impl $trait<MontScalar> for MontScalar {
            type Output = MontScalar;
            #[inline(always)]
            fn $f(self, b: MontScalar) -> MontScalar {
                MontScalar::$f(&self, &b)
            }
        }
        impl $trait<&MontScalar> for MontScalar {
            type Output = MontScalar;
            #[inline(always)]
            fn $f(self, b: &MontScalar) -> MontScalar {
                MontScalar::$f(&self, b)
            }
        }
        impl $trait<MontScalar> for &MontScalar {
            type Output = MontScalar;
            #[inline(always)]
            fn $f(self, b: MontScalar) -> MontScalar {
                MontScalar::$f(self, &b)
            }
        }
        impl $trait<&MontScalar> for &MontScalar {
            type Output = MontScalar;
            #[inline(always)]
            fn $f(self, b: &MontScalar) -> MontScalar {
                MontScalar::$f(self, b)
            }
        }
        impl $assign<MontScalar> for MontScalar {
            #[inline(always)]
            fn $fa(&mut self, b: MontScalar) {
                *self = MontScalar::$f(self, &b);
            }
        }
        impl $assign<&MontScalar> for MontScalar {
            #[inline(always)]
            fn $fa(&mut self, b: &MontScalar) {
                *self = MontScalar::$f(self, b);
            }
        }
    };
}

binop!(Add, add, AddAssign, add_assign);
binop!(Sub, sub, SubAssign, sub_assign);
binop!(Mul, mul, MulAssign, mul_assign);

impl Neg for MontScalar {
    type Output = MontScalar;
    #[inline(always)]
    fn neg(self) -> MontScalar {
        MontScalar::neg(&self)
    }
}
impl Neg for &MontScalar {
    type Output = MontScalar;
    #[inline(always)]
    fn neg(self) -> MontScalar {
        MontScalar::neg(self)
    }
}

impl From<u64> for MontScalar {
    fn from(x: u64) -> MontScalar {
        MontScalar::from_u64(x)
    }
}

impl core::iter::Sum for MontScalar {
    fn sum<I: Iterator<Item = MontScalar>>(iter: I) -> MontScalar {
        iter.fold(MontScalar::ZERO, |a, b| a + b)
    }
}

impl<'a> core::iter::Sum<&'a MontScalar> for MontScalar {
    fn sum<I: Iterator<Item = &'a MontScalar>>(iter: I) -> MontScalar {
        iter.fold(MontScalar::ZERO, |a, b| a + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;
    use rand::RngCore;
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    fn limbs_of(s: &Scalar) -> [u64; 4] {
        let b = s.to_bytes();
        core::array::from_fn(|i| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&b[8 * i..8 * i + 8]);
            u64::from_le_bytes(w)
        })
    }

    fn scalar_of(l: &[u64; 4]) -> Scalar {
        let mut b = [0u8; 32];
        for (chunk, w) in b.chunks_exact_mut(8).zip(l.iter()) {
            chunk.copy_from_slice(&w.to_le_bytes());
        }
        Option::from(Scalar::from_canonical_bytes(b)).expect("canonical")
    }

    /// `a < b` as integers.
    fn lt(a: &[u64; 4], b: &[u64; 4]) -> bool {
        a.iter().rev().cmp(b.iter().rev()) == core::cmp::Ordering::Less
    }

    fn reduced(x: &MontScalar) -> bool {
        lt(&x.0, &L)
    }

    /// 0, 1, 2, ℓ−1, ℓ−2, …, ℓ−8, 2^252, 2^252 ± 1, R mod ℓ, R² mod ℓ, 2^64 − 1,
    /// ℓ − 2^64, ℓ − 2^128, all-ones low limbs.
    fn edge_values() -> Vec<Scalar> {
        let mut v = vec![Scalar::ZERO, Scalar::ONE, Scalar::from(2u64)];
        for k in 1..=8u64 {
            v.push(-Scalar::from(k));
        }
        let p252 = scalar_of(&[0, 0, 0, 1 << 60]);
        v.push(p252);
        v.push(p252 - Scalar::ONE);
        v.push(p252 + Scalar::ONE);
        v.push(scalar_of(&R));
        v.push(scalar_of(&R2));
        v.push(Scalar::from(u64::MAX));
        // ℓ − 2^64 and ℓ − 2^128, just below ℓ with other limb patterns.
        v.push(scalar_of(&[L[0], L[1] - 1, 0, 1 << 60]));
        v.push(scalar_of(&[L[0], L[1], u64::MAX, (1 << 60) - 1]));
        v.push(scalar_of(&[u64::MAX, u64::MAX, 0, 1 << 59]));
        v
    }

    fn random_scalars(n: usize, seed: u64) -> Vec<Scalar> {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                let mut wide = [0u8; 64];
                rng.fill_bytes(&mut wide);
                Scalar::from_bytes_mod_order_wide(&wide)
            })
            .collect()
    }

    fn inputs() -> Vec<Scalar> {
        let mut v = edge_values();
        v.extend(random_scalars(4000, 0x5ca1a5));
        v
    }

    #[test]
    fn modulus_and_l_prime() {
        // ℓ − 1 = −1 in dalek.
        let mut lm1 = limbs_of(&(Scalar::ZERO - Scalar::ONE));
        lm1[0] += 1;
        assert_eq!(lm1, L);
        assert_eq!(L[2], 0);
        assert_eq!(L[3], 1 << 60);
        // ℓ0·ℓ' ≡ −1 mod 2^64 (and ℓ0 odd, so ℓ' is the unique such value).
        assert_eq!(L[0].wrapping_mul(L_PRIME), u64::MAX);
        // Newton iteration for ℓ0⁻¹ mod 2^64, independently.
        let mut inv = 1u64;
        for _ in 0..6 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(L[0].wrapping_mul(inv)));
        }
        assert_eq!(inv.wrapping_neg(), L_PRIME);
    }

    #[test]
    fn radix_constants() {
        // 2^256 and 2^512 mod ℓ by repeated doubling in dalek.
        let mut x = Scalar::ONE;
        for _ in 0..256 {
            x += x;
        }
        assert_eq!(limbs_of(&x), R);
        for _ in 0..256 {
            x += x;
        }
        assert_eq!(limbs_of(&x), R2);
        assert_eq!(MontScalar::ONE.to_dalek(), Scalar::ONE);
        assert_eq!(MontScalar::ONE.to_limbs(), [1, 0, 0, 0]);
        assert_eq!(MontScalar::ZERO.to_dalek(), Scalar::ZERO);
    }

    #[test]
    fn round_trip_and_limbs() {
        for s in inputs() {
            let m = MontScalar::from_dalek(&s);
            assert!(reduced(&m));
            assert_eq!(m.to_dalek(), s);
            assert_eq!(m.to_limbs(), limbs_of(&s));
            assert_eq!(m.to_bytes(), s.to_bytes());
        }
        let mut rng = ChaCha20Rng::seed_from_u64(7);
        for x in [0, 1, 2, u64::MAX]
            .into_iter()
            .chain((0..1000).map(|_| rng.next_u64()))
        {
            assert_eq!(MontScalar::from_u64(x).to_dalek(), Scalar::from(x));
        }
    }

    #[test]
    fn arithmetic_matches_dalek() {
        let xs = inputs();
        let edges = edge_values().len();
        // Every pair of edge values, then random pairs (and random × edge).
        let mut pairs: Vec<(Scalar, Scalar)> = Vec::new();
        for a in &xs[..edges] {
            for b in &xs[..edges] {
                pairs.push((*a, *b));
            }
        }
        for (i, a) in xs.iter().enumerate() {
            pairs.push((*a, xs[(i * 7 + 3) % xs.len()]));
            pairs.push((*a, xs[i % edges]));
        }
        for (a, b) in pairs {
            let (ma, mb) = (MontScalar::from_dalek(&a), MontScalar::from_dalek(&b));
            let checks = [
                (ma + mb, a + b),
                (ma - mb, a - b),
                (-ma, -a),
                (ma * mb, a * b),
                (ma.square(), a * a),
                (MontScalar::add(&ma, &mb), a + b),
                (MontScalar::sub(&ma, &mb), a - b),
                (MontScalar::mul(&ma, &mb), a * b),
            ];
            for (got, want) in checks {
                assert!(reduced(&got));
                assert_eq!(got.to_dalek(), want);
            }
            let mut c = ma;
            c += mb;
            c *= mb;
            c -= ma;
            assert_eq!(c.to_dalek(), (a + b) * b - a);
        }
    }

    #[test]
    fn invert_vartime_matches_invert() {
        // Edge values, 4,000 random ones, and small and power-of-two values
        // (few divstep batches, long runs of zero bits).
        let mut xs: Vec<MontScalar> = inputs().iter().map(MontScalar::from_dalek).collect();
        xs.extend((0..300).map(MontScalar::from_u64));
        let mut pow2 = MontScalar::ONE;
        for _ in 0..253 {
            xs.push(pow2);
            pow2 = pow2 + pow2;
        }
        for x in &xs {
            assert_eq!(x.invert_vartime(), x.invert(), "{x:?}");
        }
        let mut batch: Vec<MontScalar> = xs
            .iter()
            .copied()
            .filter(|x| *x != MontScalar::ZERO)
            .take(500)
            .collect();
        let mut ct = batch.clone();
        assert_eq!(
            MontScalar::batch_invert_vartime(&mut batch),
            MontScalar::batch_invert(&mut ct)
        );
        assert_eq!(batch, ct);
    }

    #[test]
    fn invert_matches_dalek() {
        let mut xs = edge_values();
        xs.extend(random_scalars(300, 11));
        for s in xs {
            let inv = MontScalar::from_dalek(&s).invert();
            assert!(reduced(&inv));
            assert_eq!(inv.to_dalek(), s.invert());
            assert_eq!(MontScalar::from_dalek(&s).invert_vartime(), inv);
            if s != Scalar::ZERO {
                assert_eq!(inv * MontScalar::from_dalek(&s), MontScalar::ONE);
            }
        }
    }

    #[test]
    fn batch_invert_matches_dalek() {
        let mut empty: [MontScalar; 0] = [];
        assert_eq!(MontScalar::batch_invert(&mut empty), MontScalar::ONE);
        for n in [1usize, 2, 3, 17, 100] {
            let mut xs: Vec<Scalar> = random_scalars(n, n as u64);
            xs[0] = -Scalar::ONE; // ℓ − 1
            if n > 1 {
                xs[1] = Scalar::ONE;
            }
            let mut m: Vec<MontScalar> = xs.iter().map(MontScalar::from_dalek).collect();
            let inv_prod = MontScalar::batch_invert(&mut m);
            let prod = xs.iter().fold(Scalar::ONE, |acc, x| acc * x);
            assert_eq!(inv_prod.to_dalek(), prod.invert());
            for (got, x) in m.iter().zip(&xs) {
                assert_eq!(got.to_dalek(), x.invert());
            }
        }
    }

    #[test]
    fn subtle_and_zeroize() {
        let a = MontScalar::from_u64(5);
        let b = MontScalar::from_u64(9);
        assert!(bool::from(a.ct_eq(&a)));
        assert!(!bool::from(a.ct_eq(&b)));
        assert_eq!(MontScalar::conditional_select(&a, &b, Choice::from(0)), a);
        assert_eq!(MontScalar::conditional_select(&a, &b, Choice::from(1)), b);
        let mut z = a;
        z.zeroize();
        assert_eq!(z, MontScalar::ZERO);
        assert_eq!(MontScalar::default(), MontScalar::ZERO);
    }
}
