//! A toy prime-order group for exhaustive protocol tests (docs/testing.md, P4).
//!
//! The quadratic residues modulo the safe prime `P = 2·Q + 1 = 2039` form a group of
//! prime order `Q = 1019`. It is written multiplicatively but exposed additively
//! through [`Curve`], so the generic protocol runs on it unchanged. Discrete
//! logarithms here are trivial: this group exists only so that tests can enumerate
//! every value and grids of challenges (libsecp256k1's exhaustive tests, lifted to the
//! protocol level). Test-only.

#![allow(clippy::suspicious_arithmetic_impl)]

use alloc::vec::Vec;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use sha3::digest::{ExtendableOutput, Update, XofReader};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use super::Curve;

/// The group order.
pub const Q: u32 = 1019;
/// The modulus of the ambient field.
pub const P: u32 = 2039;

/// A scalar modulo `Q`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ToyScalar(pub u32);
/// A quadratic residue modulo `P` (the identity is 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ToyPoint(pub u32);

fn pow_mod(mut b: u64, mut e: u64, m: u64) -> u64 {
    let mut r = 1u64;
    b %= m;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % m;
        }
        b = b * b % m;
        e >>= 1;
    }
    r
}

impl ToyScalar {
    fn new(x: u64) -> Self {
        ToyScalar((x % Q as u64) as u32)
    }
}
impl From<u64> for ToyScalar {
    fn from(x: u64) -> Self {
        ToyScalar::new(x)
    }
}
impl Add for ToyScalar {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        ToyScalar::new(self.0 as u64 + o.0 as u64)
    }
}
impl Sub for ToyScalar {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        ToyScalar::new(self.0 as u64 + Q as u64 - o.0 as u64)
    }
}
impl Mul for ToyScalar {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        ToyScalar::new(self.0 as u64 * o.0 as u64)
    }
}
impl Neg for ToyScalar {
    type Output = Self;
    fn neg(self) -> Self {
        ToyScalar::new(Q as u64 - self.0 as u64)
    }
}
impl AddAssign for ToyScalar {
    fn add_assign(&mut self, o: Self) {
        *self = *self + o;
    }
}
impl SubAssign for ToyScalar {
    fn sub_assign(&mut self, o: Self) {
        *self = *self - o;
    }
}
impl MulAssign for ToyScalar {
    fn mul_assign(&mut self, o: Self) {
        *self = *self * o;
    }
}
impl ConditionallySelectable for ToyScalar {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        ToyScalar(u32::conditional_select(&a.0, &b.0, c))
    }
}
impl ConstantTimeEq for ToyScalar {
    fn ct_eq(&self, o: &Self) -> Choice {
        self.0.ct_eq(&o.0)
    }
}
impl Zeroize for ToyScalar {
    fn zeroize(&mut self) {
        self.0.zeroize();
    }
}

impl Add for ToyPoint {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        ToyPoint((self.0 as u64 * o.0 as u64 % P as u64) as u32)
    }
}
impl Neg for ToyPoint {
    type Output = Self;
    fn neg(self) -> Self {
        ToyPoint(pow_mod(self.0 as u64, P as u64 - 2, P as u64) as u32)
    }
}
impl Sub for ToyPoint {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        self + (-o)
    }
}
impl AddAssign for ToyPoint {
    fn add_assign(&mut self, o: Self) {
        *self = *self + o;
    }
}
impl ConditionallySelectable for ToyPoint {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        ToyPoint(u32::conditional_select(&a.0, &b.0, c))
    }
}

/// The toy group.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Toy;

impl Curve for Toy {
    type Strategy = super::DefaultStrategy;
    type Scalar = ToyScalar;
    type ApiScalar = ToyScalar;
    type Point = ToyPoint;
    type ApiPoint = ToyPoint;
    type Encoding = [u8; 2];
    type Precomputation = Vec<ToyPoint>;

    const NAME: &'static str = "toy1019";
    const SCALAR_BYTES: usize = 32;
    const POINT_BYTES: usize = 2;

    fn scalar_from_u64(x: u64) -> ToyScalar {
        ToyScalar::new(x)
    }
    fn scalar_from_wide_bytes(bytes: &[u8; 64]) -> ToyScalar {
        let mut acc = 0u64;
        for b in bytes.iter().rev() {
            acc = (acc * 256 + *b as u64) % Q as u64;
        }
        ToyScalar(acc as u32)
    }
    fn scalar_from_canonical_bytes(bytes: &[u8]) -> Option<ToyScalar> {
        if bytes.len() != 32 || bytes[2..].iter().any(|b| *b != 0) {
            return None;
        }
        let v = u16::from_le_bytes([bytes[0], bytes[1]]) as u32;
        (v < Q).then_some(ToyScalar(v))
    }
    fn scalar_to_bytes(s: &ToyScalar) -> [u8; 32] {
        let mut out = [0u8; 32];
        out[..2].copy_from_slice(&(s.0 as u16).to_le_bytes());
        out
    }
    fn scalar_invert(s: &ToyScalar) -> ToyScalar {
        ToyScalar(pow_mod(s.0 as u64, Q as u64 - 2, Q as u64) as u32)
    }
    fn scalar_batch_invert(s: &mut [ToyScalar]) -> ToyScalar {
        let mut prod = ToyScalar(1);
        for x in s.iter_mut() {
            prod *= *x;
            *x = Self::scalar_invert(x);
        }
        Self::scalar_invert(&prod)
    }

    fn scalar_from_api(s: &ToyScalar) -> ToyScalar {
        *s
    }
    fn scalar_to_api(s: &ToyScalar) -> ToyScalar {
        *s
    }
    fn point_from_api(p: &ToyPoint) -> ToyPoint {
        *p
    }
    fn point_to_api(p: &ToyPoint) -> ToyPoint {
        *p
    }

    fn identity() -> ToyPoint {
        ToyPoint(1)
    }
    fn is_identity(p: &ToyPoint) -> bool {
        p.0 == 1
    }
    fn encode(p: &ToyPoint) -> [u8; 2] {
        (p.0 as u16).to_le_bytes()
    }
    fn decode(e: &[u8; 2]) -> Option<ToyPoint> {
        let v = u16::from_le_bytes(*e) as u32;
        (v != 0 && v < P && pow_mod(v as u64, Q as u64, P as u64) == 1).then_some(ToyPoint(v))
    }
    fn encoding_from_bytes(b: &[u8]) -> Option<[u8; 2]> {
        b.try_into().ok()
    }
    fn encoding_bytes(e: &[u8; 2]) -> &[u8] {
        e
    }

    fn default_pedersen_bases() -> (ToyPoint, ToyPoint) {
        let g = Self::generator_chain(b"toy pedersen", 2);
        (g[0], g[1])
    }
    fn default_mask_bases(t: usize) -> Option<Vec<ToyPoint>> {
        (t <= super::MAX_EXTENSION_DEGREE).then(|| Self::generator_chain(b"toy mask bases", t))
    }
    fn generator_chain(label: &[u8], count: usize) -> Vec<ToyPoint> {
        let mut shake = sha3::Shake256::default();
        shake.update(b"toy GeneratorsChain");
        shake.update(label);
        let mut reader = shake.finalize_xof();
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            let mut b = [0u8; 8];
            reader.read(&mut b);
            let x = u64::from_le_bytes(b) % (P as u64 - 1) + 1;
            let g = x * x % P as u64; // a quadratic residue
            if g != 1 {
                out.push(ToyPoint(g as u32));
            }
        }
        out
    }

    fn mul(s: &ToyScalar, p: &ToyPoint) -> ToyPoint {
        ToyPoint(pow_mod(p.0 as u64, s.0 as u64, P as u64) as u32)
    }
    fn multiscalar_mul(scalars: &[ToyScalar], points: &[ToyPoint]) -> ToyPoint {
        scalars
            .iter()
            .zip(points)
            .fold(ToyPoint(1), |acc, (s, p)| acc + Self::mul(s, p))
    }
    fn vartime_multiscalar_mul(scalars: &[ToyScalar], points: &[ToyPoint]) -> ToyPoint {
        Self::multiscalar_mul(scalars, points)
    }
    fn precompute(points: &[ToyPoint]) -> Vec<ToyPoint> {
        points.to_vec()
    }
    fn precomputation_len(pre: &Vec<ToyPoint>) -> usize {
        pre.len()
    }
    fn precomputation_bytes(pre: &Vec<ToyPoint>) -> usize {
        pre.len() * core::mem::size_of::<ToyPoint>()
    }
    fn vartime_precomputed_mul(
        pre: &Vec<ToyPoint>,
        static_scalars: &[ToyScalar],
        dynamic_scalars: &[ToyScalar],
        dynamic_points: &[ToyPoint],
    ) -> ToyPoint {
        Self::multiscalar_mul(static_scalars, &pre[..static_scalars.len()])
            + Self::multiscalar_mul(dynamic_scalars, dynamic_points)
    }
}
