//! The Edwards curve `−x² + y² = 1 + d·x²·y²` and its ristretto255 quotient, serial.
//!
//! | name | meaning |
//! |---|---|
//! | `EdwardsPoint` (`X:Y:Z:T`) | extended coordinates: `x = X/Z`, `y = Y/Z`, `x·y = T/Z` |
//! | `AffineNiels` (`y+x, y−x, 2d·x·y`) | an affine point prepared for a mixed addition (7M) |
//!
//! Formulas: Hisil–Wong–Carter–Dawson, "Twisted Edwards curves revisited" (2008),
//! with `a = −1`: mixed addition 7M, full addition 8M (9M with the preparation),
//! doubling 4S + 4M. They are complete on this curve (no exceptional inputs).
//!
//! ristretto255 (RFC 9496): a ristretto point is a class of four Edwards points
//! differing by 4-torsion; [`decode`] and [`EdwardsPoint::encode`] are RFC 9496's
//! `DECODE` and `ENCODE`, constant time; equality and the identity test compare
//! classes (`X1·Y2 = Y1·X2` or `Y1·Y2 = X1·X2`).

#![allow(non_snake_case)]

use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};

use super::engine::{ExtL, NielsL};
use super::field::{Fe, D2, INVSQRT_A_MINUS_D, SQRT_M1};

/// A point in extended twisted Edwards coordinates.
#[derive(Clone, Copy, Debug)]
pub struct EdwardsPoint {
    /// `X`.
    pub X: Fe,
    /// `Y`.
    pub Y: Fe,
    /// `Z`.
    pub Z: Fe,
    /// `T = X·Y/Z`.
    pub T: Fe,
}

/// An affine point `(y + x, y − x, 2d·x·y)`, ready for a mixed addition: 15
/// consecutive 64-bit limbs, which the SIMD backends gather, in 128 bytes aligned to
/// a cache line ([`AffineNiels::BYTES`]).
///
/// The alignment is for the verifier's tables, which are read at random: an entry
/// then occupies exactly two 64-byte lines, where a packed 120-byte entry spans three
/// in six of eight positions (2.75 on average). Chosen by alternating processes of
/// `crates/bench/src/bin/profile.rs agg 32` (n = 64, m = 32, tables read from L3) on IFMA.
///
/// # Example
/// ```
/// # #[cfg(feature = "unstable-internals")] {
/// use ballistic::curve::ristretto::edwards::AffineNiels;
/// assert_eq!(core::mem::size_of::<AffineNiels>(), AffineNiels::BYTES);
/// assert_eq!(core::mem::align_of::<AffineNiels>(), 64);
/// # }
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
pub struct AffineNiels {
    /// `y + x`.
    pub y_plus_x: Fe,
    /// `y − x`.
    pub y_minus_x: Fe,
    /// `2d·x·y`.
    pub xy2d: Fe,
}

// The gathers and prefetches read an entry as its first 15 words within two lines.
const _: () = assert!(
    core::mem::size_of::<AffineNiels>() == AffineNiels::BYTES
        && core::mem::align_of::<AffineNiels>() == 64
);

impl AffineNiels {
    /// The size of an entry in bytes: 15 limbs and one word of padding, two cache
    /// lines.
    pub const BYTES: usize = 128;

    /// The neutral element `(1, 1, 0)`.
    pub const IDENTITY: AffineNiels = AffineNiels {
        y_plus_x: Fe::ONE,
        y_minus_x: Fe::ONE,
        xy2d: Fe::ZERO,
    };

    /// `−self`: swaps `y ± x` and negates `2d·x·y`.
    #[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
    pub fn neg(&self) -> AffineNiels {
        AffineNiels {
            y_plus_x: self.y_minus_x,
            y_minus_x: self.y_plus_x,
            xy2d: self.xy2d.neg(),
        }
    }
}

impl ConditionallySelectable for AffineNiels {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        AffineNiels {
            y_plus_x: Fe::conditional_select(&a.y_plus_x, &b.y_plus_x, c),
            y_minus_x: Fe::conditional_select(&a.y_minus_x, &b.y_minus_x, c),
            xy2d: Fe::conditional_select(&a.xy2d, &b.xy2d, c),
        }
    }
}

impl EdwardsPoint {
    /// The neutral element `(0 : 1 : 1 : 0)`.
    pub const IDENTITY: EdwardsPoint = EdwardsPoint {
        X: Fe::ZERO,
        Y: Fe::ONE,
        Z: Fe::ONE,
        T: Fe::ZERO,
    };

    /// The point as one lane of the lane-parallel formulas ([`super::engine`]),
    /// which are the only copy of the formulas: the serial operations run them with
    /// the one-lane portable backend.
    #[inline(always)]
    fn one_lane(&self) -> ExtL<Fe> {
        ExtL::from_fn(|_| *self)
    }

    /// `self + q` for an affine `q` (7M).
    pub fn add_affine_niels(&self, q: &AffineNiels) -> EdwardsPoint {
        self.one_lane().add_niels(&NielsL::gather(|_| q, 0)).lane(0)
    }

    /// `2·self` (4S + 4M).
    pub fn double(&self) -> EdwardsPoint {
        self.one_lane().double().lane(0)
    }

    /// `self + q` (9M).
    pub fn add(&self, q: &EdwardsPoint) -> EdwardsPoint {
        self.one_lane().add_ext(&q.one_lane()).lane(0)
    }

    /// `−self`.
    pub fn neg(&self) -> EdwardsPoint {
        EdwardsPoint {
            X: self.X.neg(),
            Y: self.Y,
            Z: self.Z,
            T: self.T.neg(),
        }
    }

    /// Whether `self` and `q` are the same ristretto255 point (constant time).
    pub fn ristretto_eq(&self, q: &EdwardsPoint) -> Choice {
        let x1y2 = self.X.mul(&q.Y);
        let y1x2 = self.Y.mul(&q.X);
        let y1y2 = self.Y.mul(&q.Y);
        let x1x2 = self.X.mul(&q.X);
        x1y2.ct_eq(&y1x2) | y1y2.ct_eq(&x1x2)
    }

    /// [`EdwardsPoint::is_ristretto_identity`] for public points (variable time).
    pub fn is_ristretto_identity_vartime(&self) -> bool {
        self.X.to_bytes() == [0u8; 32] || self.Y.to_bytes() == [0u8; 32]
    }

    /// Whether `self` is the ristretto255 identity (`X = 0` or `Y = 0`).
    #[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
    pub fn is_ristretto_identity(&self) -> Choice {
        self.X.is_zero() | self.Y.is_zero()
    }

    /// The RFC 9496 encoding of the ristretto255 class of `self` (constant time).
    pub fn encode(&self) -> [u8; 32] {
        let (x0, y0, z0, t0) = (&self.X, &self.Y, &self.Z, &self.T);
        let u1 = z0.add(y0).mul(&z0.sub(y0));
        let u2 = x0.mul(y0);
        let (_, invsqrt) = Fe::sqrt_ratio_i(&Fe::ONE, &u1.mul(&u2.square()));
        let den1 = invsqrt.mul(&u1);
        let den2 = invsqrt.mul(&u2);
        let z_inv = den1.mul(&den2).mul(t0);
        let ix0 = x0.mul(&SQRT_M1);
        let iy0 = y0.mul(&SQRT_M1);
        let enchanted = den1.mul(&INVSQRT_A_MINUS_D);
        let rotate = t0.mul(&z_inv).is_negative();
        let x = Fe::conditional_select(x0, &iy0, rotate);
        let mut y = Fe::conditional_select(y0, &ix0, rotate);
        let den_inv = Fe::conditional_select(&den2, &enchanted, rotate);
        y.conditional_negate(x.mul(&z_inv).is_negative());
        den_inv.mul(&z0.sub(&y)).abs().to_bytes()
    }

    /// The affine prepared form (one inversion; see [`batch_to_affine_niels`] for
    /// many points).
    // By reference: clippy exempts this signature only where it is exported
    // (with `unstable-internals`).
    #[allow(clippy::wrong_self_convention)]
    #[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
    pub fn to_affine_niels(&self) -> AffineNiels {
        let zinv = self.Z.invert();
        affine_niels_with_zinv(self, &zinv)
    }
}

impl ConditionallySelectable for EdwardsPoint {
    fn conditional_select(a: &Self, b: &Self, c: Choice) -> Self {
        EdwardsPoint {
            X: Fe::conditional_select(&a.X, &b.X, c),
            Y: Fe::conditional_select(&a.Y, &b.Y, c),
            Z: Fe::conditional_select(&a.Z, &b.Z, c),
            T: Fe::conditional_select(&a.T, &b.T, c),
        }
    }
}

#[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
fn affine_niels_with_zinv(p: &EdwardsPoint, zinv: &Fe) -> AffineNiels {
    let x = p.X.mul(zinv);
    let y = p.Y.mul(zinv);
    AffineNiels {
        y_plus_x: y.add(&x),
        y_minus_x: y.sub(&x),
        xy2d: x.mul(&y).mul(&D2),
    }
}

/// Affine prepared forms of many points with one inversion (Montgomery's trick).
/// Constant time in the points' values.
#[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
pub fn batch_to_affine_niels(points: &[EdwardsPoint]) -> alloc::vec::Vec<AffineNiels> {
    let mut acc = Fe::ONE;
    let mut prefix = alloc::vec::Vec::with_capacity(points.len());
    for p in points {
        prefix.push(acc);
        acc = acc.mul(&p.Z);
    }
    let mut inv = acc.invert();
    let mut out = alloc::vec![AffineNiels::default(); points.len()];
    for ((p, pre), o) in points.iter().zip(prefix.iter()).zip(out.iter_mut()).rev() {
        let zinv = inv.mul(pre);
        inv = inv.mul(&p.Z);
        *o = affine_niels_with_zinv(p, &zinv);
    }
    out
}

/// RFC 9496 `DECODE`: the Edwards representative `(x, y, 1, x·y)` of a canonical
/// ristretto255 encoding, or `None` (constant time in the bytes up to the result).
pub fn decode(bytes: &[u8; 32]) -> Option<EdwardsPoint> {
    let s = Fe::from_bytes(bytes);
    // Canonical: s < p (re-encoding gives the same bytes, top bit clear) and s even.
    let canonical = s.to_bytes().ct_eq(bytes);
    let s_neg = s.is_negative();
    let ss = s.square();
    let u1 = Fe::ONE.sub(&ss);
    let u2 = Fe::ONE.add(&ss);
    let u2_sqr = u2.square();
    let v = super::field::D.mul(&u1.square()).neg().sub(&u2_sqr);
    let (was_square, invsqrt) = Fe::sqrt_ratio_i(&Fe::ONE, &v.mul(&u2_sqr));
    let den_x = invsqrt.mul(&u2);
    let den_y = invsqrt.mul(&den_x).mul(&v);
    let sx = s.add(&s).mul(&den_x);
    let x = sx.abs();
    let y = u1.mul(&den_y);
    let t = x.mul(&y);
    let ok = canonical & !s_neg & was_square & !t.is_negative() & !y.is_zero();
    if bool::from(ok) {
        Some(EdwardsPoint {
            X: x,
            Y: y,
            Z: Fe::ONE,
            T: t,
        })
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
    use curve25519_dalek::scalar::Scalar;
    use rand::{Rng, SeedableRng};

    fn random_dalek(rng: &mut impl Rng) -> RistrettoPoint {
        let mut b = [0u8; 64];
        rng.fill(&mut b[..]);
        RistrettoPoint::from_uniform_bytes(&b)
    }

    fn ours(p: &RistrettoPoint) -> EdwardsPoint {
        decode(p.compress().as_bytes()).expect("valid encoding")
    }

    #[test]
    fn decode_encode_agree_with_dalek() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(3);
        for _ in 0..300 {
            let p = random_dalek(&mut rng);
            let q = ours(&p);
            assert_eq!(q.encode(), p.compress().to_bytes());
        }
        // The identity encodes as zero bytes.
        assert_eq!(EdwardsPoint::IDENTITY.encode(), [0u8; 32]);
        assert!(bool::from(
            decode(&[0u8; 32]).unwrap().is_ristretto_identity()
        ));
    }

    #[test]
    fn decode_rejects_what_dalek_rejects() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(4);
        let mut accepted = 0;
        for i in 0..3000 {
            let mut b = [0u8; 32];
            rng.fill(&mut b[..]);
            match i % 3 {
                0 => b[31] &= 0x7f,
                1 => b[0] &= 0xfe,
                _ => {}
            }
            let theirs = CompressedRistretto(b).decompress();
            let mine = decode(&b);
            assert_eq!(theirs.is_some(), mine.is_some(), "bytes {:02x?}", b);
            if let (Some(t), Some(m)) = (theirs, mine) {
                accepted += 1;
                assert_eq!(m.encode(), t.compress().to_bytes());
            }
        }
        assert!(accepted > 100);
        // Non-canonical: p + small, and s with the top bit set.
        let mut p = [0xffu8; 32];
        p[0] = 0xed;
        p[31] = 0x7f;
        assert!(decode(&p).is_none());
    }

    #[test]
    fn group_law_agrees_with_dalek() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
        for _ in 0..200 {
            let (a, b) = (random_dalek(&mut rng), random_dalek(&mut rng));
            let (oa, ob) = (ours(&a), ours(&b));
            assert_eq!(oa.add(&ob).encode(), (a + b).compress().to_bytes());
            assert_eq!(oa.double().encode(), (a + a).compress().to_bytes());
            assert_eq!(
                oa.add_affine_niels(&ob.to_affine_niels()).encode(),
                (a + b).compress().to_bytes()
            );
            assert_eq!(
                oa.add_affine_niels(&ob.to_affine_niels().neg()).encode(),
                (a - b).compress().to_bytes()
            );
            assert_eq!(oa.neg().encode(), (-a).compress().to_bytes());
            assert!(bool::from(oa.add(&oa.neg()).is_ristretto_identity()));
            assert!(bool::from(oa.double().ristretto_eq(&oa.add(&oa))));
            assert!(!bool::from(oa.ristretto_eq(&ob)));
            // An equivalent representative (plus 4-torsion point (0, −1)) is equal.
            let tors = EdwardsPoint {
                X: oa.X.neg(),
                Y: oa.Y.neg(),
                Z: oa.Z,
                T: oa.T,
            };
            assert!(bool::from(tors.ristretto_eq(&oa)));
            assert_eq!(tors.encode(), oa.encode());
        }
        let ps: alloc::vec::Vec<_> = (0..10)
            .map(|_| ours(&random_dalek(&mut rng)).double())
            .collect();
        let batch = batch_to_affine_niels(&ps);
        for (p, n) in ps.iter().zip(batch.iter()) {
            let one = p.to_affine_niels();
            assert_eq!(one.y_plus_x, n.y_plus_x);
            assert_eq!(one.xy2d, n.xy2d);
        }
        let _ = Scalar::ONE;
    }
}
