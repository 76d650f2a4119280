//! secp256k1: RustCrypto `k256` field and scalar arithmetic, ballistic's own group
//! law (`point`) and multiscalar multiplications ([`crate::msm`]).
//!
//! * Scalars are `k256::Scalar`; their canonical encoding is 32 bytes big-endian (the
//!   SEC 1 / secp256k1-zkp convention).
//! * Points use complete projective formulas (constant time, no exceptional cases).
//! * The canonical point encoding is secp256k1-zkp's 33-byte Pedersen-commitment
//!   form: `0x08 | t` followed by the big-endian x-coordinate, where `t = 0` if `y`
//!   is a quadratic residue and `t = 1` if not (see `jacobi`). The identity has no
//!   encoding; [`Curve::encode`] maps it to 33 zero bytes, which never decode.
//! * The default Pedersen bases are Grin's: values on `H` (secp256k1-zkp's
//!   `secp256k1_generator_h`, a nothing-up-my-sleeve point) and blindings on the
//!   standard generator `G`.

// Internals: public only with the `unstable-internals` feature (no semver guarantee).
#[cfg(feature = "unstable-internals")]
pub mod batch_affine;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) mod batch_affine;
#[cfg(feature = "unstable-internals")]
pub mod field;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) mod field;
#[cfg(feature = "unstable-internals")]
pub mod jacobi;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) mod jacobi;
#[cfg(all(target_arch = "x86_64", feature = "unstable-internals"))]
pub mod lanes;
#[cfg(all(target_arch = "x86_64", not(feature = "unstable-internals")))]
pub(crate) mod lanes;
#[cfg(feature = "unstable-internals")]
pub mod point;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) mod point;
#[cfg(feature = "unstable-internals")]
pub mod pow;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) mod pow;
#[cfg(all(target_arch = "x86_64", feature = "unstable-internals"))]
pub mod pow_ifma;
#[cfg(all(target_arch = "x86_64", not(feature = "unstable-internals")))]
pub(crate) mod pow_ifma;
pub mod zkp_generators;

use alloc::vec::Vec;
use k256::elliptic_curve::bigint::{Encoding as _, U512};
use k256::elliptic_curve::ops::Reduce;
use k256::elliptic_curve::PrimeField;
use k256::{FieldElement as Fe, Scalar};
use sha2::{Digest, Sha256};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroizing;

use super::inverse_vartime::{self, Modulus};
use super::Curve;
use crate::msm::{self, straus, BatchAffine, MsmPoint};
use batch_affine::Affine64;
use field::be_limbs;
#[cfg(target_arch = "x86_64")]
use lanes::lanes_on;
use point::curve_rhs;
pub use point::{Affine, Jacobian, Point};

/// The secp256k1 group.
///
/// # Example
/// ```
/// use ballistic::curve::{Curve, secp256k1::Secp256k1};
/// let (h, g) = Secp256k1::default_pedersen_bases();
/// let e = Secp256k1::encode(&h);
/// assert_eq!(e[0] & 0xfe, 0x08);
/// assert_eq!(Secp256k1::decode(&e), Some(h));
/// assert_ne!(h, g);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Secp256k1;

/// secp256k1-zkp's value generator `H` (x, y big-endian).
const H_X: [u8; 32] =
    point::hex32("50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0");
const H_Y: [u8; 32] =
    point::hex32("31d3c6863973926e049e637cb1b5f40a36dac28af1766968c30c2313f3a38904");

/// The 256-bit little-endian limbs of a scalar (for the variable-time MSMs).
pub(crate) fn limbs(s: &Scalar) -> [u64; 4] {
    be_limbs(&s.to_bytes().into())
}

/// The group order `n` for [`Curve::scalar_invert_vartime`].
static ORDER: Modulus = Modulus::new([
    0xbfd2_5e8c_d036_4141,
    0xbaae_dce6_af48_a03b,
    0xffff_ffff_ffff_fffe,
    0xffff_ffff_ffff_ffff,
]);

/// Montgomery's trick: inverts every (non-zero) element of `s` with one call of
/// `invert` on their product, and returns the inverse of the product.
fn batch_invert_with(s: &mut [Scalar], invert: fn(&Scalar) -> Scalar) -> Scalar {
    let mut prefix: Vec<Scalar> = Vec::with_capacity(s.len());
    let mut acc = Scalar::ONE;
    for x in s.iter() {
        prefix.push(acc);
        acc *= x;
    }
    let all_inv = invert(&acc);
    let mut inv = all_inv;
    for (x, p) in s.iter_mut().zip(prefix).rev() {
        let next = inv * *x;
        *x = inv * p;
        inv = next;
    }
    all_inv
}

/// The x-coordinate of a 33-byte encoding, if its prefix is `0x08` or `0x09` and the
/// coordinate is below `p`.
fn decode_x(e: &[u8; 33]) -> Option<Fe> {
    if e[0] & 0xfe != 0x08 {
        return None;
    }
    fe_from_be(&e[1..])
}

/// The point of encoding `e` from its x-coordinate and the root `y` of `x³ + 7` that
/// is a square (p ≡ 3 mod 4: the root `rhs^((p+1)/4)` is itself a square, and −1 is
/// not): `y` or `−y` by the prefix's flag.
fn point_from_root(e: &[u8; 33], x: Fe, mut y: Fe) -> Point {
    if e[0] & 1 == 1 {
        y = y.negate(1).normalize();
    }
    Affine {
        x,
        y,
        infinity: Choice::from(0),
    }
    .to_projective()
}

/// Parses a big-endian field element; `None` if it is not below `p`.
fn fe_from_be(bytes: &[u8]) -> Option<Fe> {
    let arr: [u8; 32] = bytes.try_into().ok()?;
    Option::from(Fe::from_bytes(&arr.into()))
}

impl Secp256k1 {
    /// The SEC 1 compressed encoding of a point (`0x02` for an even `y`, `0x03` for
    /// an odd one, then the big-endian x-coordinate): the form of secp256k1 public
    /// keys (`secp256k1_ec_pubkey_serialize` with `SECP256K1_EC_COMPRESSED`), used by
    /// the shares of a shared output's `T_1`, `T_2`. `None` for the identity, which
    /// has no such encoding. Variable time: public points only.
    ///
    /// # Example
    /// ```
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (_, g) = Secp256k1::default_pedersen_bases();
    /// let e = Secp256k1::encode_sec1(&g).unwrap();
    /// // The standard generator's compressed public key.
    /// assert_eq!(e[0], 0x02);
    /// assert_eq!(e[1], 0x79);
    /// assert_eq!(Secp256k1::decode_sec1(&e), Some(g));
    /// assert_eq!(Secp256k1::encode_sec1(&Secp256k1::identity()), None);
    /// ```
    pub fn encode_sec1(p: &Point) -> Option<[u8; 33]> {
        let a = p.to_affine();
        if bool::from(a.infinity) {
            return None;
        }
        let y = a.y.normalize();
        let mut out = [0u8; 33];
        out[0] = 0x02 | y.is_odd().unwrap_u8();
        out[1..].copy_from_slice(&a.x.normalize().to_bytes());
        Some(out)
    }

    /// Decodes a SEC 1 compressed encoding ([`Secp256k1::encode_sec1`]): `None`
    /// unless the prefix is `0x02` or `0x03`, the x-coordinate is below `p` and on
    /// the curve. Variable time: public points only.
    ///
    /// # Example
    /// ```
    /// use ballistic::curve::secp256k1::Secp256k1;
    /// let mut e = [0u8; 33];
    /// e[0] = 0x02; // x = 0: 7 is not a square mod p, no point
    /// assert_eq!(Secp256k1::decode_sec1(&e), None);
    /// e[32] = 1; // x = 1: on the curve
    /// assert!(Secp256k1::decode_sec1(&e).is_some());
    /// e[0] = 0x08; // the commitment form's prefix is not SEC 1
    /// assert_eq!(Secp256k1::decode_sec1(&e), None);
    /// ```
    pub fn decode_sec1(e: &[u8; 33]) -> Option<Point> {
        if e[0] & 0xfe != 0x02 {
            return None;
        }
        let x = fe_from_be(&e[1..])?;
        let mut y = pow::sqrt(&curve_rhs(&x))?.normalize();
        if bool::from(y.is_odd()) != (e[0] & 1 == 1) {
            y = y.negate(1).normalize();
        }
        Some(
            Affine {
                x,
                y,
                infinity: Choice::from(0),
            }
            .to_projective(),
        )
    }

    /// `s·P` in constant time: 4-bit fixed windows, every table entry read for every
    /// window (64 windows × (4 doublings + 1 addition) + 14 additions for the table).
    fn ct_mul(s: &Scalar, p: &Point) -> Point {
        Self::ct_msm(core::slice::from_ref(s), core::slice::from_ref(p))
    }

    /// Constant-time Straus with 4-bit fixed windows: per point a table of
    /// `0·P … 15·P` (14 additions), then 64 rounds of 4 shared doublings and one
    /// addition per point of an entry selected by a full constant-time scan.
    fn ct_msm(scalars: &[Scalar], points: &[Point]) -> Point {
        let n = scalars.len().min(points.len());
        // Pieces of public length whose tables stay in L2.
        if n > msm::CT_CHUNK {
            return msm::sum_in_chunks(
                &scalars[..n],
                &points[..n],
                msm::CT_CHUNK,
                Point::IDENTITY,
                Self::ct_msm,
            );
        }
        let mut tables: Vec<[Point; 16]> = Vec::with_capacity(n);
        for p in &points[..n] {
            let mut t = [Point::IDENTITY; 16];
            t[1] = *p;
            for i in 2..16 {
                t[i] = if i % 2 == 0 {
                    t[i / 2].double()
                } else {
                    t[i - 1].add(p)
                };
            }
            tables.push(t);
        }
        // The scalars' bytes are secret: zeroized when dropped (exact length, no
        // reallocation).
        let bytes: Zeroizing<Vec<[u8; 32]>> =
            Zeroizing::new(scalars[..n].iter().map(|s| s.to_bytes().into()).collect());
        let mut acc = Point::IDENTITY;
        for nib in 0..64 {
            if nib > 0 {
                acc = acc.double_n(4);
            }
            for (t, b) in tables.iter().zip(bytes.iter()) {
                let byte = b[nib / 2];
                let digit = if nib % 2 == 0 { byte >> 4 } else { byte & 0x0f };
                let mut sel = Point::IDENTITY;
                for (i, e) in t.iter().enumerate() {
                    sel.conditional_assign(e, (i as u8).ct_eq(&digit));
                }
                acc = acc.add(&sel);
            }
        }
        acc
    }
}

impl Curve for Secp256k1 {
    type Strategy = Secp256k1Strategy;
    type Scalar = Scalar;
    type ApiScalar = Scalar;
    type Point = Point;
    type ApiPoint = Point;
    type Encoding = [u8; 33];
    type Precomputation = Tables;

    const NAME: &'static str = "secp256k1";
    const SCALAR_BYTES: usize = 32;
    const POINT_BYTES: usize = 33;

    fn scalar_from_u64(x: u64) -> Scalar {
        Scalar::from(x)
    }
    fn scalar_from_wide_bytes(bytes: &[u8; 64]) -> Scalar {
        <Scalar as Reduce<U512>>::reduce(U512::from_le_bytes(*bytes))
    }
    fn scalar_from_canonical_bytes(bytes: &[u8]) -> Option<Scalar> {
        let arr: [u8; 32] = bytes.try_into().ok()?;
        Option::from(Scalar::from_repr(arr.into()))
    }
    fn scalar_to_bytes(s: &Scalar) -> [u8; 32] {
        s.to_bytes().into()
    }
    fn scalar_invert(s: &Scalar) -> Scalar {
        Option::from(s.invert()).unwrap_or(Scalar::ZERO)
    }
    fn scalar_batch_invert(s: &mut [Scalar]) -> Scalar {
        batch_invert_with(s, Self::scalar_invert)
    }
    fn scalar_invert_vartime(s: &Scalar) -> Scalar {
        let inv = inverse_vartime::invert_vartime(&limbs(s), &ORDER);
        let mut out = [0u8; 32];
        for (i, l) in inv.iter().enumerate() {
            out[32 - 8 * (i + 1)..32 - 8 * i].copy_from_slice(&l.to_be_bytes());
        }
        // Below the order by construction.
        Option::from(Scalar::from_repr(out.into())).unwrap_or(Scalar::ZERO)
    }
    fn scalar_batch_invert_vartime(s: &mut [Scalar]) -> Scalar {
        batch_invert_with(s, Self::scalar_invert_vartime)
    }

    fn scalar_from_api(s: &Scalar) -> Scalar {
        *s
    }
    fn scalar_to_api(s: &Scalar) -> Scalar {
        *s
    }
    fn point_from_api(p: &Point) -> Point {
        *p
    }
    fn point_to_api(p: &Point) -> Point {
        *p
    }

    fn identity() -> Point {
        Point::IDENTITY
    }
    fn is_identity(p: &Point) -> bool {
        p.ct_is_identity().into()
    }
    /// Constant time: the tiebreak uses Euler's criterion (see `jacobi`); the
    /// identity maps to 33 zero bytes by a select.
    fn encode(p: &Point) -> [u8; 33] {
        let a = p.to_affine();
        let non_square = !jacobi::ct_is_square(&a.y);
        let mut out = [0u8; 33];
        out[0] = 0x08 | non_square.unwrap_u8();
        out[1..].copy_from_slice(&a.x.to_bytes());
        for b in out.iter_mut() {
            *b = u8::conditional_select(b, &0, a.infinity);
        }
        out
    }
    /// Variable time (binary Jacobi symbol): public points only.
    fn encode_vartime(p: &Point) -> [u8; 33] {
        let a = p.to_affine();
        if bool::from(a.infinity) {
            return [0u8; 33];
        }
        let mut out = [0u8; 33];
        out[0] = if jacobi::is_square_vartime(&a.y) {
            0x08
        } else {
            0x09
        };
        out[1..].copy_from_slice(&a.x.to_bytes());
        out
    }
    fn decode(e: &[u8; 33]) -> Option<Point> {
        let x = decode_x(e)?;
        Some(point_from_root(e, x, pow::sqrt(&curve_rhs(&x))?))
    }
    /// The square roots of all encodings at once (`pow::sqrt_many`: eight per
    /// instruction on AVX-512 IFMA).
    fn decode_batch_vartime(e: &[[u8; 33]]) -> Result<Vec<Point>, usize> {
        let xs: Vec<Fe> = e
            .iter()
            .enumerate()
            .map(|(i, enc)| decode_x(enc).ok_or(i))
            .collect::<Result<_, _>>()?;
        let rhs: Vec<Fe> = xs.iter().map(curve_rhs).collect();
        let roots = pow::sqrt_many(&rhs);
        e.iter()
            .zip(xs)
            .zip(roots)
            .enumerate()
            .map(|(i, ((enc, x), y))| y.map(|y| point_from_root(enc, x, y)).ok_or(i))
            .collect()
    }
    fn encoding_from_bytes(b: &[u8]) -> Option<[u8; 33]> {
        b.try_into().ok()
    }
    fn encoding_bytes(e: &[u8; 33]) -> &[u8] {
        e
    }

    fn default_pedersen_bases() -> (Point, Point) {
        let h = Affine {
            x: fe_from_be(&H_X).unwrap_or(Fe::ZERO),
            y: fe_from_be(&H_Y).unwrap_or(Fe::ZERO),
            infinity: Choice::from(0),
        };
        (h.to_projective(), Point::generator())
    }

    /// The blinding base `G`, then the chain `ballistic bp+ mask base`.
    fn default_mask_bases(t: usize) -> Option<Vec<Point>> {
        if t > crate::curve::MAX_EXTENSION_DEGREE {
            return None;
        }
        let mut masks = Vec::with_capacity(t);
        if t > 0 {
            masks.push(Self::default_pedersen_bases().1);
            masks.extend(Self::generator_chain(b"ballistic bp+ mask base", t - 1));
        }
        Some(masks)
    }

    /// Try-and-increment: the `i`-th point is the first valid x-coordinate
    /// `SHA-256("ballistic secp256k1 chain" ‖ label ‖ i ‖ ctr)` (`i`, `ctr` as 4-byte
    /// big-endian) with the y that is a square. Nobody knows a discrete logarithm
    /// between any two of them.
    fn generator_chain(label: &[u8], count: usize) -> Vec<Point> {
        (0..count)
            .map(|i| {
                let mut ctr = 0u32;
                loop {
                    let h = Sha256::new()
                        .chain_update(b"ballistic secp256k1 chain")
                        .chain_update(label)
                        .chain_update((i as u32).to_be_bytes())
                        .chain_update(ctr.to_be_bytes())
                        .finalize();
                    let mut enc = [0u8; 33];
                    enc[0] = 0x08;
                    enc[1..].copy_from_slice(&h);
                    if let Some(p) = Self::decode(&enc) {
                        return p;
                    }
                    ctr += 1;
                }
            })
            .collect()
    }

    fn mul(s: &Scalar, p: &Point) -> Point {
        Self::ct_mul(s, p)
    }
    fn multiscalar_mul(scalars: &[Scalar], points: &[Point]) -> Point {
        debug_assert_eq!(scalars.len(), points.len());
        Self::ct_msm(scalars, points)
    }
    fn vartime_multiscalar_mul(scalars: &[Scalar], points: &[Point]) -> Point {
        debug_assert_eq!(scalars.len(), points.len());
        let l: Vec<[u64; 4]> = scalars.iter().map(limbs).collect();
        // Straus on Jacobian points (cheaper doublings), Pippenger's buckets with the
        // complete projective additions (its running sums are full additions, 12M
        // projective against 11M + 5S Jacobian). Chosen by
        // `cargo bench -p interop --bench secp256k1 -- msm`.
        #[cfg(target_arch = "x86_64")]
        if lanes_on() {
            return lanes_msm(None, &l, points);
        }
        if l.len() <= msm::STRAUS_MAX {
            straus::msm(&l, &to_jacobian(points)).to_point()
        } else {
            msm::vartime_msm_batch_affine(&l, points)
        }
    }
    fn precompute(points: &[Point]) -> Tables {
        Tables::new(points, straus::Tables::<Jacobian>::FIXED_WIDTH)
    }
    fn precomputation_len(pre: &Tables) -> usize {
        match &pre.0 {
            TablesInner::Serial(t) => t.len(),
            #[cfg(target_arch = "x86_64")]
            TablesInner::Lanes { w, entries } => entries.len() >> (w - 2),
        }
    }
    fn precomputation_bytes(pre: &Tables) -> usize {
        match &pre.0 {
            TablesInner::Serial(t) => t.bytes(),
            #[cfg(target_arch = "x86_64")]
            TablesInner::Lanes { entries, .. } => core::mem::size_of_val(entries.as_slice()),
        }
    }
    fn vartime_precomputed_mul(
        pre: &Tables,
        static_scalars: &[Scalar],
        dynamic_scalars: &[Scalar],
        dynamic_points: &[Point],
    ) -> Point {
        let s: Vec<[u64; 4]> = static_scalars.iter().map(limbs).collect();
        let d: Vec<[u64; 4]> = dynamic_scalars.iter().map(limbs).collect();
        match &pre.0 {
            TablesInner::Serial(t) => {
                straus::msm_with_tables(t, &s, &d, &to_jacobian(dynamic_points)).to_point()
            }
            #[cfg(target_arch = "x86_64")]
            TablesInner::Lanes { w, entries } => lanes_msm(
                Some(Fixed {
                    entries,
                    w: *w,
                    scalars: &s,
                }),
                &d,
                dynamic_points,
            ),
        }
    }
}

/// Precomputed tables of fixed points ([`Curve::precompute`]): the affine odd
/// multiples of every point, in the form of the engine that will read them. Where
/// the AVX-512 IFMA lanes run (the CPU has `avx512f` and `avx512ifma`, and
/// [`force_backend`](crate::ristretto::force_backend) or `BALLISTIC_BACKEND` did not
/// choose another backend: the choice applies to both curves), the entries are in
/// the lanes' 52-bit limbs; otherwise they are k256 elements for the serial Straus.
/// Tables keep the form they were built in.
///
/// # Example
/// ```
/// use ballistic::curve::{secp256k1::Secp256k1, Curve};
/// let p = Secp256k1::generator_chain(b"doc", 2);
/// let s = [Secp256k1::scalar_from_u64(3), Secp256k1::scalar_from_u64(5)];
/// let tables = Secp256k1::precompute(&p);
/// assert_eq!(
///     Secp256k1::vartime_precomputed_mul(&tables, &s, &[], &[]),
///     Secp256k1::vartime_multiscalar_mul(&s, &p)
/// );
/// ```
#[derive(Clone, Debug)]
pub struct Tables(TablesInner);

#[derive(Clone, Debug)]
enum TablesInner {
    Serial(straus::Tables<Jacobian>),
    #[cfg(target_arch = "x86_64")]
    Lanes {
        w: usize,
        entries: Vec<lanes::LaneAffine>,
    },
}

impl Tables {
    /// Width-`w` tables of `points` (`2^(w−2)` entries per point).
    fn new(points: &[Point], w: usize) -> Tables {
        let serial = straus::Tables::new(&to_jacobian(points), w);
        #[cfg(target_arch = "x86_64")]
        if lanes_on() {
            return Tables(TablesInner::Lanes {
                w,
                entries: lanes::lane_entries(serial.entries()),
            });
        }
        Tables(TablesInner::Serial(serial))
    }
}

/// The static terms of [`lanes_msm`]: width-`w` lane tables and their scalars.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
struct Fixed<'a> {
    entries: &'a [lanes::LaneAffine],
    w: usize,
    scalars: &'a [[u64; 4]],
}

/// `Σ a_i·B_i + Σ d_j·P_j` on the IFMA lanes: the static terms from width-`w` lane
/// tables (scalars beyond the tables are ignored, as in
/// [`straus::msm_with_tables`]), the dynamic ones from width-5 tables built here; or,
/// above [`LANES_STRAUS_MAX`] dynamic points, all of them by [`lanes_pippenger`].
#[cfg(target_arch = "x86_64")]
fn lanes_msm(
    fixed: Option<Fixed<'_>>,
    dynamic_scalars: &[[u64; 4]],
    dynamic_points: &[Point],
) -> Point {
    let n = dynamic_scalars.len().min(dynamic_points.len());
    if n > LANES_STRAUS_MAX {
        return lanes_pippenger(fixed, &dynamic_scalars[..n], &dynamic_points[..n]);
    }
    let dw = straus::DYNAMIC_WIDTH;
    // Tables only for the points that have a scalar.
    let dynamic = if n == 0 {
        Vec::new()
    } else {
        lanes::lane_entries(straus::Tables::new(&to_jacobian(&dynamic_points[..n]), dw).entries())
    };
    let mut input = msm::lanes::Straus::with_capacity(fixed.map_or(0, |f| f.scalars.len()) + n);
    if let Some(Fixed {
        entries,
        w,
        scalars,
    }) = fixed
    {
        let per = 1usize << (w - 2);
        let n = scalars.len().min(entries.len() / per);
        input.push_many(&scalars[..n], w, |i| entries.get(i * per..(i + 1) * per));
    }
    let per = 1usize << (dw - 2);
    input.push_many(&dynamic_scalars[..n], dw, |i| {
        dynamic.get(i * per..(i + 1) * per)
    });
    lanes::run(lanes::Task::Straus(&input))
}

/// Largest number of dynamic points for which [`lanes_msm`] runs Straus (width-5
/// tables built for each point); above it, every term goes to the lanes' Pippenger,
/// which needs each point once in affine form. The crossover of the two on random
/// points lies between 128 and 192 (`cargo bench -p interop --bench secp256k1 --
/// secp256k1_msm/curve`, each forced in turn).
#[cfg(target_arch = "x86_64")]
const LANES_STRAUS_MAX: usize = 160;

/// [`lanes_msm`] by Pippenger on the lanes: the fixed points enter as the first
/// entry of their tables (the point itself), the dynamic ones after one shared
/// inversion.
#[cfg(target_arch = "x86_64")]
fn lanes_pippenger(
    fixed: Option<Fixed<'_>>,
    dynamic_scalars: &[[u64; 4]],
    dynamic_points: &[Point],
) -> Point {
    let mut scalars =
        Vec::with_capacity(dynamic_scalars.len() + fixed.map_or(0, |f| f.scalars.len()));
    let mut entries = Vec::with_capacity(scalars.capacity());
    if let Some(Fixed {
        entries: table,
        w,
        scalars: s,
    }) = fixed
    {
        let per = 1usize << (w - 2);
        for (i, si) in s.iter().enumerate() {
            match table.get(i * per) {
                Some(e) if si.iter().any(|&l| l != 0) => {
                    scalars.push(*si);
                    entries.push(*e);
                }
                _ => {}
            }
        }
    }
    scalars.extend_from_slice(dynamic_scalars);
    entries.extend(lanes::lane_entries(&point::batch_to_affine(dynamic_points)));
    lanes::run(lanes::Task::Pippenger(
        &msm::lanes::PippengerInput::Windows {
            scalars: &scalars,
            entries: &entries,
            c: 0,
        },
    ))
}

/// The table strategy of Secp256k1 (see [`TableStrategy`](crate::curve::TableStrategy)).
#[derive(Clone, Copy, Debug)]
pub struct Secp256k1Strategy;

impl crate::curve::TableStrategy<Secp256k1> for Secp256k1Strategy {
    /// The prover's rounds run over cached width-10 tables, not Straus with tables
    /// built on the fly. Chosen by `cargo bench -p interop --bench zkp -- zkp_prove`.
    const PROVER_USES_TABLES: bool = true;
    /// Width 10 (256 entries, 22 KiB per generator): the prover's ten table
    /// multiplications per proof amortise the larger tables, while the verifier's
    /// single use prefers width 8, whose tables stay in L2. Chosen by `zkp_prove` and
    /// `zkp_verify` of `cargo bench -p interop --bench zkp` at widths 8 and 10.
    fn precompute_for_prover(points: &[Point]) -> Tables {
        Tables::new(points, 10)
    }
}

/// Public points in Jacobian form with `Z = 1` (one shared inversion), for the
/// variable-time algorithms.
pub(crate) fn to_jacobian(points: &[Point]) -> Vec<Jacobian> {
    point::batch_to_affine(points)
        .iter()
        .map(Jacobian::from_affine)
        .collect()
}

impl MsmPoint for Jacobian {
    type Affine = Affine;
    fn identity() -> Self {
        Jacobian::IDENTITY
    }
    fn add(&self, other: &Self) -> Self {
        self.add_vartime(other)
    }
    fn add_affine(&self, other: &Affine) -> Self {
        self.add_affine_vartime(other)
    }
    fn sub_affine(&self, other: &Affine) -> Self {
        self.add_affine_vartime(&other.negate())
    }
    fn double(&self) -> Self {
        self.double_vartime()
    }
    fn from_affine(a: &Affine) -> Self {
        Jacobian::from_affine(a)
    }
    fn neg_affine(a: &Affine) -> Affine {
        a.negate()
    }
    fn batch_to_affine(points: &[Self]) -> Vec<Affine> {
        point::batch_jacobian_to_affine(points)
    }
}

/// Both point types share the affine batch addition of [`batch_affine::batch_add`]
/// on the 4×64-bit field ([`field`]).
macro_rules! batch_affine {
    ($($t:ty: $to_affine:path, $from_affine:path, $add_affine:path;)*) => {$(
        impl BatchAffine for $t {
            type BatchAffinePoint = Affine64;
            type BatchScratch = batch_affine::BatchScratch;
            fn identity_batch_affine() -> Affine64 {
                Affine64::IDENTITY
            }
            fn to_batch_affine(points: &[Self]) -> Vec<Affine64> {
                $to_affine(points).iter().map(Affine64::from_affine).collect()
            }
            fn neg_batch_affine(a: &Affine64) -> Affine64 {
                a.negate()
            }
            fn from_batch_affine(a: &Affine64) -> Self {
                $from_affine(&a.to_affine())
            }
            fn add_batch_affine(&self, a: &Affine64) -> Self {
                $add_affine(self, &a.to_affine())
            }
            fn batch_add_affine(
                a: &[Affine64],
                b: &[Affine64],
                out: &mut Vec<Affine64>,
                scratch: &mut batch_affine::BatchScratch,
            ) {
                batch_affine::batch_add(a, b, out, scratch)
            }
        }
    )*};
}
batch_affine! {
    Point: point::batch_to_affine, Affine::to_projective, Point::add_affine;
    Jacobian: point::batch_jacobian_to_affine, Jacobian::from_affine, Jacobian::add_affine_vartime;
}

impl MsmPoint for Point {
    type Affine = Affine;
    fn identity() -> Self {
        Point::IDENTITY
    }
    fn add(&self, other: &Self) -> Self {
        Point::add(self, other)
    }
    fn add_affine(&self, other: &Affine) -> Self {
        Point::add_affine(self, other)
    }
    fn sub_affine(&self, other: &Affine) -> Self {
        Point::add_affine(self, &other.negate())
    }
    fn double(&self) -> Self {
        Point::double(self)
    }
    fn from_affine(a: &Affine) -> Self {
        a.to_projective()
    }
    fn neg_affine(a: &Affine) -> Affine {
        a.negate()
    }
    fn batch_to_affine(points: &[Self]) -> Vec<Affine> {
        point::batch_to_affine(points)
    }
}

#[cfg(test)]
mod tests;
