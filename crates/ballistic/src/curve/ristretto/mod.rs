//! ristretto255: ballistic's own arithmetic, with curve25519-dalek 5 at the API.
//!
//! The protocol runs on [`Point`], ballistic's own ristretto255 point (extended
//! Edwards coordinates over `field`, RFC 9496 encodings in `edwards`); every
//! multiscalar multiplication and batch decompression runs lane-parallel on the best
//! backend of `lanes` (AVX-512 IFMA, AVX2 or portable) through `engine` and
//! `crate::msm::lanes`. curve25519-dalek supplies the types of the public API
//! (`RistrettoPoint` in `PedersenGens`, `CompressedRistretto`, `Scalar`, the
//! scalar arithmetic) and the hash-to-group map of the generators.
//!
//! Generators are derived exactly as dalek's `bulletproofs` crate derives them, so
//! that proofs are interchangeable:
//!
//! * `B` is the ristretto255 basepoint and `B_blinding = hash_to_group(SHA3-512(B))`;
//! * the chain named `label` is SHAKE256(`"GeneratorsChain" || label`) read 64 bytes
//!   at a time, each block mapped with `RistrettoPoint::from_uniform_bytes`.
//!
//! This file holds the point type and the implementation of `Curve`; beside it,
//! [`Tables`] and their building (`tables`), the choice of the variable-time
//! algorithms and of the verifier tables (`msm_policy`), the constant-time
//! multiplications (`ct_msm`) and batch decompression (`decode`).

use alloc::vec::Vec;
use core::ops::{Add, AddAssign, Neg, Sub};
use curve25519_dalek::constants::{RISTRETTO_BASEPOINT_COMPRESSED, RISTRETTO_BASEPOINT_POINT};
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use sha3::digest::{ExtendableOutput, Update, XofReader};
use sha3::{Digest, Sha3_512, Shake256};
use subtle::{Choice, ConditionallySelectable};

use super::Curve;
use edwards::EdwardsPoint;

// Internals: public only with the `unstable-internals` feature (no semver guarantee).
#[cfg(feature = "unstable-internals")]
pub mod edwards;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) mod edwards;
#[cfg(feature = "unstable-internals")]
pub mod engine;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) mod engine;
#[cfg(feature = "unstable-internals")]
pub mod field;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) mod field;
#[cfg(feature = "unstable-internals")]
pub mod lanes;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) mod lanes;
#[cfg(feature = "unstable-internals")]
pub mod scalar;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) mod scalar;

pub use scalar::MontScalar;

mod ct_msm;
mod decode;
mod msm_policy;
#[cfg(target_arch = "x86_64")]
mod scalar_ifma;
mod tables;

pub use msm_policy::{SHIFTED_MIN, SMALL_SHAPE_MAX};
pub use tables::Tables;

/// A ristretto255 point in ballistic's own representation (an Edwards representative
/// in extended coordinates). Equality is equality of ristretto255 points.
///
/// # Example
/// ```
/// use ballistic::curve::{Curve, ristretto::{Point, Ristretto}};
/// let (b, _) = Ristretto::default_pedersen_bases();
/// let dalek = Point::to_dalek(&b);
/// assert_eq!(Point::from_dalek(&dalek), b);
/// assert_eq!(b + b - b, b);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Point(pub(crate) EdwardsPoint);

impl Point {
    /// The identity.
    pub const IDENTITY: Point = Point(EdwardsPoint::IDENTITY);

    /// The canonical encoding (RFC 9496), as curve25519-dalek's type.
    pub fn compress(&self) -> CompressedRistretto {
        CompressedRistretto(self.0.encode())
    }

    /// The same point as a curve25519-dalek `RistrettoPoint` (one encoding and one
    /// decompression).
    pub fn to_dalek(&self) -> RistrettoPoint {
        CompressedRistretto(self.0.encode())
            .decompress()
            .unwrap_or_default()
    }

    /// The same point from a curve25519-dalek `RistrettoPoint` (one compression and
    /// one decoding).
    pub fn from_dalek(p: &RistrettoPoint) -> Point {
        Point(edwards::decode(p.compress().as_bytes()).unwrap_or(EdwardsPoint::IDENTITY))
    }
}

impl PartialEq for Point {
    fn eq(&self, other: &Point) -> bool {
        self.0.ristretto_eq(&other.0).into()
    }
}
impl Eq for Point {}

impl ConditionallySelectable for Point {
    fn conditional_select(a: &Point, b: &Point, c: Choice) -> Point {
        Point(EdwardsPoint::conditional_select(&a.0, &b.0, c))
    }
}

impl Add for Point {
    type Output = Point;
    fn add(self, q: Point) -> Point {
        Point(self.0.add(&q.0))
    }
}
impl Sub for Point {
    type Output = Point;
    fn sub(self, q: Point) -> Point {
        Point(self.0.add(&q.0.neg()))
    }
}
impl Neg for Point {
    type Output = Point;
    fn neg(self) -> Point {
        Point(self.0.neg())
    }
}
impl core::ops::Mul<MontScalar> for Point {
    type Output = Point;
    /// Constant-time scalar multiplication.
    fn mul(self, s: MontScalar) -> Point {
        Ristretto::mul(&s, &self)
    }
}
impl core::ops::Mul<&MontScalar> for &Point {
    type Output = Point;
    /// Constant-time scalar multiplication.
    fn mul(self, s: &MontScalar) -> Point {
        Ristretto::mul(s, self)
    }
}
impl AddAssign for Point {
    fn add_assign(&mut self, q: Point) {
        *self = *self + q;
    }
}

fn edwards(points: &[Point]) -> Vec<EdwardsPoint> {
    points.iter().map(|p| p.0).collect()
}

/// The default Pedersen bases in both representations, computed once.
struct Defaults {
    dalek: (RistrettoPoint, RistrettoPoint),
    ours: (Point, Point),
}

static DEFAULTS: spin::Once<Defaults> = spin::Once::new();

/// Tari's number of mask bases (its `ExtensionDegree` 1..=6).
const TARI_MASK_BASES: usize = 6;

static TARI_MASKS: spin::Once<[Point; TARI_MASK_BASES]> = spin::Once::new();

/// Tari's mask bases `B̃_k = from_uniform_bytes(SHA3-512("RISTRETTO_MASKING_BASEPOINT_" ‖
/// decimal(k + 1)))`, `k < 6`, computed once.
pub(crate) fn tari_mask_bases() -> &'static [Point; TARI_MASK_BASES] {
    TARI_MASKS.call_once(|| {
        core::array::from_fn(|k| {
            let mut h = Sha3_512::new();
            Digest::update(&mut h, b"RISTRETTO_MASKING_BASEPOINT_");
            Digest::update(&mut h, [b'1' + k as u8]);
            let mut wide = [0u8; 64];
            wide.copy_from_slice(&h.finalize());
            Point::from_dalek(&RistrettoPoint::from_uniform_bytes(&wide))
        })
    })
}

fn defaults() -> &'static Defaults {
    DEFAULTS.call_once(|| {
        let h = Sha3_512::digest(RISTRETTO_BASEPOINT_COMPRESSED.as_bytes());
        let mut wide = [0u8; 64];
        wide.copy_from_slice(&h);
        let dalek = (
            RISTRETTO_BASEPOINT_POINT,
            RistrettoPoint::from_uniform_bytes(&wide),
        );
        let ours = (Point::from_dalek(&dalek.0), Point::from_dalek(&dalek.1));
        Defaults { dalek, ours }
    })
}

/// The ristretto255 group.
///
/// # Example
/// ```
/// use ballistic::curve::{Curve, ristretto::Ristretto};
/// let (b, _) = Ristretto::default_pedersen_bases();
/// let e = Ristretto::encode(&b);
/// assert_eq!(Ristretto::decode(&e), Some(b));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ristretto;

impl Curve for Ristretto {
    type Strategy = RistrettoStrategy;
    type Scalar = MontScalar;
    type ApiScalar = Scalar;
    type Point = Point;
    type ApiPoint = RistrettoPoint;
    type Encoding = CompressedRistretto;
    type Precomputation = Tables;

    const NAME: &'static str = "ristretto255";
    const SCALAR_BYTES: usize = 32;
    const POINT_BYTES: usize = 32;

    fn scalar_from_u64(x: u64) -> MontScalar {
        MontScalar::from_u64(x)
    }
    // The Montgomery forms of 0 and 1 as constants (the provided methods convert).
    fn scalar_zero() -> MontScalar {
        MontScalar::ZERO
    }
    fn scalar_one() -> MontScalar {
        MontScalar::ONE
    }
    fn scalar_from_wide_bytes(bytes: &[u8; 64]) -> MontScalar {
        MontScalar::from_dalek(&Scalar::from_bytes_mod_order_wide(bytes))
    }
    fn scalar_from_canonical_bytes(bytes: &[u8]) -> Option<MontScalar> {
        let arr: [u8; 32] = bytes.try_into().ok()?;
        Option::<Scalar>::from(Scalar::from_canonical_bytes(arr))
            .map(|s| MontScalar::from_dalek(&s))
    }
    fn scalar_to_bytes(s: &MontScalar) -> [u8; 32] {
        s.to_bytes()
    }
    fn scalar_invert(s: &MontScalar) -> MontScalar {
        s.invert()
    }
    fn scalar_batch_invert(s: &mut [MontScalar]) -> MontScalar {
        MontScalar::batch_invert(s)
    }
    fn scalar_invert_vartime(s: &MontScalar) -> MontScalar {
        s.invert_vartime()
    }
    fn scalar_batch_invert_vartime(s: &mut [MontScalar]) -> MontScalar {
        MontScalar::batch_invert_vartime(s)
    }
    fn scalar_mul_many(out: &mut [MontScalar], a: &[MontScalar], b: &[MontScalar]) {
        MontScalar::mul_many(out, a, b)
    }
    fn scalar_mul_by_many(out: &mut [MontScalar], a: &[MontScalar], c: &MontScalar) {
        MontScalar::mul_by_many(out, a, c)
    }
    fn scalar_from_api(s: &Scalar) -> MontScalar {
        MontScalar::from_dalek(s)
    }
    fn scalar_to_api(s: &MontScalar) -> Scalar {
        s.to_dalek()
    }

    fn point_from_api(p: &RistrettoPoint) -> Point {
        let d = defaults();
        if *p == d.dalek.0 {
            d.ours.0
        } else if *p == d.dalek.1 {
            d.ours.1
        } else {
            Point::from_dalek(p)
        }
    }
    fn point_to_api(p: &Point) -> RistrettoPoint {
        p.to_dalek()
    }
    /// One decompression of the known encoding (instead of an encoding first).
    fn point_to_api_encoded(p: &crate::curve::ProofPoint<Self>) -> RistrettoPoint {
        p.encoding
            .decompress()
            .unwrap_or_else(|| p.point.to_dalek())
    }
    /// The sum in curve25519-dalek's arithmetic, compressed once and decoded (a
    /// conversion is a compression and a decoding); the compression is the encoding.
    fn point_sum_from_api<'a, I>(points: I) -> crate::curve::ProofPoint<Self>
    where
        I: IntoIterator<Item = &'a RistrettoPoint>,
    {
        let sum: RistrettoPoint = points.into_iter().sum();
        let encoding = sum.compress();
        crate::curve::ProofPoint {
            point: Self::decode(&encoding).unwrap_or(Point::IDENTITY),
            encoding,
        }
    }
    fn default_pedersen_api() -> (RistrettoPoint, RistrettoPoint) {
        defaults().dalek
    }

    fn identity() -> Point {
        Point::IDENTITY
    }
    /// Variable time: only ever asked of public points (verifier checks).
    fn is_identity(p: &Point) -> bool {
        p.0.is_ristretto_identity_vartime()
    }
    fn encode(p: &Point) -> CompressedRistretto {
        CompressedRistretto(p.0.encode())
    }
    fn decode(e: &CompressedRistretto) -> Option<Point> {
        edwards::decode(e.as_bytes()).map(Point)
    }
    fn decode_batch_vartime(e: &[CompressedRistretto]) -> Result<Vec<Point>, usize> {
        decode::decode_batch_vartime(e)
    }
    fn encoding_from_bytes(b: &[u8]) -> Option<CompressedRistretto> {
        CompressedRistretto::from_slice(b).ok()
    }
    fn encoding_bytes(e: &CompressedRistretto) -> &[u8] {
        e.as_bytes()
    }

    fn default_pedersen_bases() -> (Point, Point) {
        defaults().ours
    }

    /// Tari's mask bases (`SHA3-512("RISTRETTO_MASKING_BASEPOINT_" ‖ decimal(k + 1))`).
    fn default_mask_bases(t: usize) -> Option<Vec<Point>> {
        tari_mask_bases().get(..t).map(<[Point]>::to_vec)
    }

    fn generator_chain(label: &[u8], count: usize) -> Vec<Point> {
        let mut shake = Shake256::default();
        shake.update(b"GeneratorsChain");
        shake.update(label);
        let mut reader = shake.finalize_xof();
        let encodings: Vec<CompressedRistretto> = (0..count)
            .map(|_| {
                let mut uniform = [0u8; 64];
                reader.read(&mut uniform);
                RistrettoPoint::from_uniform_bytes(&uniform).compress()
            })
            .collect();
        // Valid by construction (compressed by curve25519-dalek).
        Self::decode_batch_vartime(&encodings).unwrap_or_default()
    }

    fn mul(s: &MontScalar, p: &Point) -> Point {
        ct_msm::mul(s, p)
    }
    fn multiscalar_mul(scalars: &[MontScalar], points: &[Point]) -> Point {
        ct_msm::multiscalar_mul(scalars, points)
    }
    /// Both sums in one pass over the lanes (half the lanes each), sharing the
    /// doublings.
    fn multiscalar_mul_pair(
        a: (&[MontScalar], &[Point]),
        b: (&[MontScalar], &[Point]),
    ) -> (Point, Point) {
        ct_msm::multiscalar_mul_pair(a, b)
    }
    fn vartime_multiscalar_mul(scalars: &[MontScalar], points: &[Point]) -> Point {
        msm_policy::vartime_multiscalar_mul(scalars, points)
    }
    /// NAF tables of width 10 up to [`SMALL_SHAPE_MAX`] points, width 8 (8 KiB per
    /// point) below [`SHIFTED_MIN`]; from [`SHIFTED_MIN`] points (n = 64, m ≥ 8) the
    /// shifted copies of fixed-base Pippenger ([`Tables::shifted`]). Chosen by the
    /// `verify/n64_*` rows of the `range_proof` bench ([`SHIFTED_MIN`]).
    fn precompute(points: &[Point]) -> Tables {
        msm_policy::precompute(points)
    }

    /// Width-5 tables (8 entries per point): a block of the prover's rounds uses
    /// them six times, which repays the 7 additions per point they cost.
    fn pedersen_mul(scalars: &[MontScalar], points: &[Point]) -> Point {
        let k = scalars.len().min(points.len());
        ct_msm::pedersen_comb(&scalars[..k], &points[..k])
            .unwrap_or_else(|| Self::multiscalar_mul(scalars, points))
    }
    fn vartime_precomputed_mul_many(
        pre: &Tables,
        inputs: &[super::SparseMsm<'_, Self>],
    ) -> Vec<Point> {
        let statics: Vec<&[(usize, MontScalar)]> = inputs.iter().map(|x| x.statics).collect();
        let dynamic: Vec<&[(MontScalar, Point)]> = inputs.iter().map(|x| x.dynamic).collect();
        msm_policy::straus_many(Some(pre), &statics, &dynamic)
    }
    fn vartime_precomputed_mul_many_extra(
        pre: &Tables,
        inputs: &[super::SparseMsm<'_, Self>],
        extra: (&Tables, &[Point]),
        extra_terms: &[&[(usize, MontScalar)]],
    ) -> Vec<Point> {
        let statics: Vec<&[(usize, MontScalar)]> = inputs.iter().map(|x| x.statics).collect();
        let dynamic: Vec<&[(MontScalar, Point)]> = inputs.iter().map(|x| x.dynamic).collect();
        msm_policy::straus_many_extra(pre, &statics, &dynamic, (extra.0, extra_terms))
            .unwrap_or_else(|| {
                super::extra_as_dynamic(inputs, extra.1, extra_terms, |merged| {
                    Self::vartime_precomputed_mul_many(pre, merged)
                })
            })
    }
    fn vartime_multiscalar_mul_many(inputs: &[super::MsmInput<'_, Self>]) -> Vec<Point> {
        let pairs: Vec<Vec<(MontScalar, Point)>> = inputs
            .iter()
            .map(|(s, p)| s.iter().copied().zip(p.iter().copied()).collect())
            .collect();
        let dynamic: Vec<&[(MontScalar, Point)]> = pairs.iter().map(|v| v.as_slice()).collect();
        msm_policy::straus_many(None, &alloc::vec![&[][..]; inputs.len()], &dynamic)
    }
    fn precomputation_len(pre: &Tables) -> usize {
        pre.len
    }
    fn precomputation_bytes(pre: &Tables) -> usize {
        pre.bytes()
    }
    /// Straus over the tables and the dynamic points' on-the-fly tables; with many
    /// dynamic points (a batch) those go to Pippenger instead, beside the Straus over
    /// the tables.
    fn vartime_precomputed_mul(
        pre: &Tables,
        static_scalars: &[MontScalar],
        dynamic_scalars: &[MontScalar],
        dynamic_points: &[Point],
    ) -> Point {
        msm_policy::vartime_precomputed_mul(pre, static_scalars, dynamic_scalars, dynamic_points)
    }
}

/// The table strategy of Ristretto (see [`TableStrategy`](crate::curve::TableStrategy)).
#[derive(Clone, Copy, Debug)]
pub struct RistrettoStrategy;

impl crate::curve::TableStrategy<Ristretto> for RistrettoStrategy {
    const PROVER_USES_TABLES: bool = true;
    // NAF tables below `SHIFTED_MIN` (1,024) generators, shifted copies for
    // fixed-base Pippenger from there (`Ristretto::precompute`) up to 4,096
    // generators (`N'` = 2,048: n = 64, m = 32).
    const VERIFIER_TABLE_MAX_LEN: usize = 2048;
    /// NAF tables serve the prover's first block of rounds (sparse sums by Straus);
    /// shifted copies do not. Chosen by `prove/n64_m16` of the `range_proof` bench.
    fn precompute_serves_rounds(len: usize) -> bool {
        len < SHIFTED_MIN
    }
    /// Width-8 NAF tables (8 KiB per point): for n = 64, m = 16 and 32 (whose
    /// verifier tables are shifted copies), 16 and 32 MiB. Chosen by `prove/n64_m32`
    /// of the `range_proof` bench, with against without them.
    fn precompute_first_block(points: &[Point]) -> Tables {
        Tables::new(points, Tables::WIDTH)
    }
    fn precompute_for_prover(points: &[Point]) -> Tables {
        Tables::new_split(points, Tables::prover_width(points.len(), lanes::backend()))
    }
    fn prover_split(s: &MontScalar) -> Option<(MontScalar, MontScalar)> {
        let b = s.to_bytes();
        let half = |h: &[u8]| {
            let mut x = [0u8; 32];
            x[..16].copy_from_slice(h);
            Ristretto::scalar_from_canonical_bytes(&x)
        };
        Some((half(&b[..16])?, half(&b[16..])?))
    }
    fn precompute_for_ct(points: &[Point]) -> Option<Tables> {
        Some(Tables::new(points, ct_msm::CT_WIDTH))
    }
    fn ct_precomputed_mul(pre: &Tables, scalars: &[MontScalar], points: &[Point]) -> Point {
        ct_msm::ct_precomputed_mul(pre, scalars, points)
    }
    fn ct_precomputed_mul_indexed(
        pre: &Tables,
        scalars: &[MontScalar],
        indices: &[usize],
        points: &[Point],
        extra: (&[MontScalar], &[Point]),
    ) -> Point {
        ct_msm::ct_precomputed_mul_indexed(pre, scalars, indices, points, extra)
    }
    fn precompute_for_rounds(points: &[Point]) -> Option<Tables> {
        (points.len() <= msm_policy::ROUND_TABLES_MAX)
            .then(|| Tables::new(points, msm_policy::DYNAMIC_WIDTH))
    }
}
