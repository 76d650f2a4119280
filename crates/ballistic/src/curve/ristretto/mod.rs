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

use alloc::vec::Vec;
use core::ops::{Add, AddAssign, Neg, Sub};
use curve25519_dalek::constants::{RISTRETTO_BASEPOINT_COMPRESSED, RISTRETTO_BASEPOINT_POINT};
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use sha3::digest::{ExtendableOutput, Update, XofReader};
use sha3::{Digest, Sha3_512, Shake256};
use subtle::{Choice, ConditionallySelectable};

use super::Curve;
use crate::msm::lanes::{pippenger_run, straus, PippengerInput, Straus};
use edwards::{AffineNiels, EdwardsPoint};
use engine::ExtL;
use lanes::{FeLanes, LaneTask};
use zeroize::Zeroizing;

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

/// Precomputed tables of fixed points for [`Curve::vartime_precomputed_mul`]: NAF
/// tables of width `w` (`2^(w−2)` affine odd multiples per point: 8 KiB at width
/// 8, 32 KiB at width 10) for Straus, or, for shapes above [`SHIFTED_MIN`] points,
/// the shifted copies `2^(c·j)·P` of fixed-base Pippenger ([`Tables::shifted`]).
#[derive(Clone, Debug)]
pub struct Tables {
    entries: Vec<AffineNiels>,
    len: usize,
    layout: Layout,
}

/// How a [`Tables`] lays out its entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Layout {
    /// `2^(w−2)` odd multiples per point (Straus); `high = Some(k)` for split
    /// tables: entries of point `k + i` are those of `2^128·P_i`.
    Naf { w: usize, high: Option<usize> },
    /// `h = shifted_copies(c)` shifted copies `2^(c·j)·P` per point, point-major
    /// (fixed-base Pippenger with windows of `c` bits).
    Shifted { c: usize },
}

impl Tables {
    /// NAF width of the prover's own first-block tables in shapes whose verifier
    /// tables are shifted copies ([`SHIFTED_MIN`] points or more), and of verifier
    /// tables between [`SMALL_SHAPE_MAX`] and [`SHIFTED_MIN`] points.
    pub const WIDTH: usize = 8;
    /// NAF width of the prover's tables for its inner-product rounds (256 affine odd
    /// multiples, 32 KiB per point; the tables are split at `2^128`
    /// ([`TableStrategy::prover_split`](crate::curve::TableStrategy::prover_split)), so they hold every generator and `2^128` times it:
    /// 8 MiB for the 128 generators of a 64-bit proof, which every round reuses).
    /// Chosen by paired `prove` runs (`crates/interop/paired_ab.py`) against 8 and 9.
    pub const PROVER_WIDTH: usize = 10;
    /// NAF width of the fixed-point tables of shapes with at most
    /// [`SMALL_SHAPE_MAX`] generators (256 affine odd multiples, 32 KiB per point:
    /// 4 MiB for a 64-bit proof, 16 MiB for four values). Chosen by paired
    /// `verify`/`prove` runs of n64 m1–m4 against width 8 (`paired_ab.py`).
    pub const SMALL_SHAPE_WIDTH: usize = 10;

    /// Tables of width `w` (`2^(w−2)` entries per point).
    fn new(points: &[Point], w: usize) -> Tables {
        Tables {
            entries: tables(points, w),
            len: points.len(),
            layout: Layout::Naf { w, high: None },
        }
    }

    /// Tables of width `w` of the points and of `2^128` times each point (after
    /// them): a scalar `s = lo + 2^128·hi` is then two 128-bit scalars, and a Straus
    /// over them runs half the doublings (`docs/inner-product.md`).
    fn new_split(points: &[Point], w: usize) -> Tables {
        let mut all = points.to_vec();
        all.extend(points.iter().map(|p| {
            let mut q = p.0;
            for _ in 0..128 {
                q = q.double();
            }
            Point(q)
        }));
        Tables {
            entries: tables(&all, w),
            len: points.len(),
            layout: Layout::Naf {
                w,
                high: Some(points.len()),
            },
        }
    }

    /// The shifted copies `2^(c·j)·P`, `j < ⌊256/c⌋ + 1`, of every point, for
    /// fixed-base Pippenger with windows of `c` bits (`4 ≤ c ≤ 16`;
    /// `crate::msm::lanes::PippengerInput::Shifted`): a multiplication over them is one
    /// bucket pass over every window of every point, with no doublings. `c = 0` picks
    /// the window of the cost model for this many points on this machine's lanes.
    /// Memory: `128·(⌊256/c⌋ + 1)` bytes per point (2.75 KiB at `c = 12`).
    ///
    /// # Example
    /// ```
    /// use ballistic::curve::{Curve, ristretto::{Ristretto, Tables}};
    /// let points = Ristretto::generator_chain(b"example", 5);
    /// let scalars: Vec<_> = (1..=5u64).map(Ristretto::scalar_from_u64).collect();
    /// let tables = Tables::shifted(&points, 8);
    /// assert_eq!(
    ///     Ristretto::vartime_precomputed_mul(&tables, &scalars, &[], &[]),
    ///     Ristretto::vartime_multiscalar_mul(&scalars, &points),
    /// );
    /// ```
    pub fn shifted(points: &[Point], c: usize) -> Tables {
        let c = if c == 0 {
            crate::msm::lanes::shifted_window(points.len(), lanes::backend_lanes())
        } else {
            c.clamp(4, 16)
        };
        let pts = edwards(points);
        Tables {
            entries: lanes::dispatch(MultiplesTask {
                points: &pts,
                per: crate::msm::lanes::shifted_copies(c),
                which: engine::Multiples::Shifted(c),
            }),
            len: points.len(),
            layout: Layout::Shifted { c },
        }
    }

    /// The NAF table of point `i` (`None` for shifted copies).
    fn table(&self, i: usize) -> Option<&[AffineNiels]> {
        let Layout::Naf { w, .. } = self.layout else {
            return None;
        };
        let per = 1usize << (w - 2);
        self.entries.get(i * per..(i + 1) * per)
    }

    /// Memory held by the tables, in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * core::mem::size_of::<AffineNiels>()
    }
}

/// Smallest number of fixed points whose verifier tables are the shifted copies of
/// fixed-base Pippenger ([`Tables::shifted`]) rather than NAF tables of width
/// [`Tables::WIDTH`]: 1,024 (n = 64, m = 8), where the cost model puts `c = 10`
/// on AVX2 (26 copies, 3.25 KiB per point, 3.25 MiB in all, against 8 MiB of
/// width-8 tables) and `c = 11` on IFMA (24 copies, 3 MiB). Chosen by alternating
/// `examples/profile.rs agg 8` processes (m = 8 verifies faster over the copies).
pub const SHIFTED_MIN: usize = 1024;

/// Largest number of points whose verifier tables have width
/// [`Tables::SMALL_SHAPE_WIDTH`] (n = 64, m ≤ 4); larger ones below
/// [`SHIFTED_MIN`] (no shape: point counts are powers of two) have [`Tables::WIDTH`].
pub const SMALL_SHAPE_MAX: usize = 512;

/// NAF width of the prover's constant-time tables: `2^(5−2) = 8` odd multiples
/// `P, 3P, …, 15P` per point (1 KiB), the digit set of
/// [`engine::regular_radix16`].
const CT_WIDTH: usize = 5;

/// NAF width of the tables built on the fly for points used once.
const DYNAMIC_WIDTH: usize = 5;

/// Smallest Pippenger that the `parallel` feature splits across two threads.
const PARALLEL_PIPPENGER_MIN: usize = 512;

/// Smallest constant-time table MSM that the `parallel` feature splits.
const PARALLEL_CT_MIN: usize = 64;

/// Smallest Straus over the fixed generators' tables that the `parallel` feature
/// splits.
const PARALLEL_TABLE_STRAUS_MIN: usize = 256;

/// Lane Pippenger over `points` (affine entries prepared here), variable time.
fn pippenger_lanes(scalars: &[MontScalar], points: &[Point]) -> Point {
    let entries = tables(points, 2);
    let sc: Vec<[u64; 4]> = scalars.iter().map(limbs).collect();
    Point(lanes::dispatch(PippengerTask {
        input: PippengerInput::Windows {
            scalars: &sc,
            entries: &entries,
            c: 0,
        },
    }))
}

/// Largest variable-time MSM without tables that runs Straus (width-5 tables built
/// on the fly); above it, Pippenger. Chosen by timing both on fresh random points:
/// the AVX2 crossover (IFMA's is higher; `benches/history/2026-11.md`, 2026-11-24).
const STRAUS_MAX: usize = 384;

/// The 256-bit little-endian limbs of a scalar.
fn limbs(s: &MontScalar) -> [u64; 4] {
    s.to_limbs()
}

fn edwards(points: &[Point]) -> Vec<EdwardsPoint> {
    points.iter().map(|p| p.0).collect()
}

/// Constant-time multiscalar multiplication on the lane backend.
struct CtMsm<'a> {
    digits: &'a [[i8; 64]],
    points: &'a [EdwardsPoint],
}
impl LaneTask for CtMsm<'_> {
    type Output = EdwardsPoint;
    #[inline(always)]
    fn run<F: FeLanes>(self) -> EdwardsPoint {
        engine::ct_msm::<F>(self.digits, self.points)
    }
}

/// Constant-time multiscalar multiplication over precomputed odd-multiple tables.
struct CtTableMsm<'a> {
    digits: &'a [[i8; 64]],
    tables: &'a [&'a [AffineNiels]],
}
impl LaneTask for CtTableMsm<'_> {
    type Output = EdwardsPoint;
    #[inline(always)]
    fn run<F: FeLanes>(self) -> EdwardsPoint {
        engine::ct_msm_odd_tables::<F>(self.digits, self.tables)
    }
}

/// Variable-time Straus over precomputed and on-the-fly tables.
struct StrausTask<'a> {
    terms: &'a Straus<'a, AffineNiels>,
}
impl LaneTask for StrausTask<'_> {
    type Output = EdwardsPoint;
    #[inline(always)]
    fn run<F: FeLanes>(self) -> EdwardsPoint {
        straus::<ExtL<F>>(self.terms)
    }
}

/// Several variable-time Straus sums sharing the lanes and doublings.
struct StrausManyTask<'a> {
    inputs: &'a [Straus<'a, AffineNiels>],
}
impl LaneTask for StrausManyTask<'_> {
    type Output = Vec<EdwardsPoint>;
    #[inline(always)]
    fn run<F: FeLanes>(self) -> Vec<EdwardsPoint> {
        crate::msm::lanes::straus_multi::<ExtL<F>>(self.inputs)
    }
}

/// Variable-time Pippenger, windowed or over shifted copies (one task for both, so
/// the lane code exists once per backend).
struct PippengerTask<'a> {
    input: PippengerInput<'a, AffineNiels>,
}
impl LaneTask for PippengerTask<'_> {
    type Output = EdwardsPoint;
    #[inline(always)]
    fn run<F: FeLanes>(self) -> EdwardsPoint {
        pippenger_run::<ExtL<F>>(&self.input)
    }
}

/// Affine multiples of points (NAF tables or shifted copies), lane-parallel.
struct MultiplesTask<'a> {
    points: &'a [EdwardsPoint],
    per: usize,
    which: engine::Multiples,
}
impl LaneTask for MultiplesTask<'_> {
    type Output = Vec<AffineNiels>;
    #[inline(always)]
    fn run<F: FeLanes>(self) -> Vec<AffineNiels> {
        engine::multiples_lanes::<F>(self.points, self.per, self.which)
    }
}

/// `2^(w−2)` affine odd multiples of every point (`w = 2`: the points themselves).
fn tables(points: &[Point], w: usize) -> Vec<AffineNiels> {
    let pts = edwards(points);
    lanes::dispatch(MultiplesTask {
        points: &pts,
        per: 1 << (w - 2),
        which: engine::Multiples::Odd,
    })
}

/// Batch decompression.
struct DecodeTask<'a> {
    encodings: &'a [[u8; 32]],
}
impl LaneTask for DecodeTask<'_> {
    type Output = Result<Vec<EdwardsPoint>, usize>;
    #[inline(always)]
    fn run<F: FeLanes>(self) -> Self::Output {
        engine::decode_batch_vartime::<F>(self.encodings)
    }
}

/// Adds the terms `scalars[i]·P_i` over the tables `entries` (width `w`,
/// `2^(w−2)` entries per point).
fn push_terms<'t>(
    out: &mut Straus<'t, AffineNiels>,
    entries: &'t [AffineNiels],
    w: usize,
    scalars: &[MontScalar],
) {
    let per = 1usize << (w - 2);
    let limbs: Vec<[u64; 4]> = scalars.iter().map(limbs).collect();
    out.push_many(&limbs, w, |i| entries.get(i * per..(i + 1) * per));
}

/// Several sums `Σ s·B_i` (sparse terms over the precomputed points) `+ Σ d·P`
/// (tables built here, all at once) by one lane-parallel Straus.
fn straus_many(
    pre: Option<&Tables>,
    statics: &[&[(usize, MontScalar)]],
    dynamic: &[&[(MontScalar, Point)]],
) -> Vec<Point> {
    let pre = match pre.map(|p| (p, p.layout)) {
        Some((p, Layout::Naf { w, high })) => Some((p, w, high)),
        Some((p, Layout::Shifted { c })) => return shifted_many(p, c, statics, dynamic),
        None => None,
    };
    let dyn_points: Vec<Point> = dynamic
        .iter()
        .flat_map(|d| d.iter().map(|(_, p)| *p))
        .collect();
    let dyn_tables = tables(&dyn_points, DYNAMIC_WIDTH);
    let per = 1usize << (DYNAMIC_WIDTH - 2);
    let mut next = 0usize;
    let mut inputs: Vec<Straus<'_, AffineNiels>> = Vec::with_capacity(dynamic.len());
    for (st, dy) in statics.iter().zip(dynamic) {
        let mut t = Straus::with_capacity(st.len() + dy.len());
        if let Some((pre, w, high)) = pre {
            // Split tables: `s·P_i = lo·P_i + hi·(2^128·P_i)`, every scalar below 2^128
            // (the halves after the low ones); otherwise one term per scalar.
            let k = st.len();
            let l: Vec<[u64; 4]> = st.iter().map(|(_, s)| limbs(s)).collect();
            let (sc, off) = match high {
                Some(off) => {
                    let mut sc: Vec<[u64; 4]> = Vec::with_capacity(2 * k);
                    sc.extend(l.iter().map(|x| [x[0], x[1], 0, 0]));
                    sc.extend(l.iter().map(|x| [x[2], x[3], 0, 0]));
                    (sc, off)
                }
                None => (l, 0),
            };
            t.push_many(&sc, w, |j| {
                let (i, shift) = if j < k { (j, 0) } else { (j - k, off) };
                st.get(i).and_then(|(i, _)| pre.table(*i + shift))
            });
        }
        let sc: Vec<[u64; 4]> = dy.iter().map(|(s, _)| limbs(s)).collect();
        let first = next;
        t.push_many(&sc, DYNAMIC_WIDTH, |k| {
            dyn_tables.get((first + k) * per..(first + k + 1) * per)
        });
        next += dy.len();
        inputs.push(t);
    }
    let run = |inputs: &[Straus<'_, AffineNiels>]| lanes::dispatch(StrausManyTask { inputs });
    // All cores: half of the sums on each thread (e.g. `L_k` and `R_k`).
    let out = crate::parallel::split_halves(
        inputs.len(),
        2,
        |r| run(&inputs[r]),
        |mut a, b| {
            a.extend(b);
            a
        },
    );
    out.into_iter().map(Point).collect()
}

/// Smallest sum over shifted copies that runs as its own fixed-base Pippenger pass
/// in [`shifted_many`]: below it the pass's bucket sum (`2·2^(c−1)` additions)
/// would cost more than the terms, so the points themselves (copy 0) run by
/// Straus, with the doublings shared between the sums.
const SHIFTED_SUM_MIN: usize = 256;

/// [`straus_many`] over shifted copies. A sum with [`SHIFTED_SUM_MIN`] static terms
/// or more (the prover's `L_k`, `R_k` over all generators) is one fixed-base
/// Pippenger pass over the copies of its points, its dynamic terms beside it
/// (two sums on two threads with the `parallel` feature); smaller ones (the
/// prover's materialised generators, 2^rounds terms each) take copy 0 of their
/// points as dynamic terms of one Straus pass.
fn shifted_many(
    pre: &Tables,
    c: usize,
    statics: &[&[(usize, MontScalar)]],
    dynamic: &[&[(MontScalar, Point)]],
) -> Vec<Point> {
    let k = statics.len().min(dynamic.len());
    let h = crate::msm::lanes::shifted_copies(c);
    if statics.iter().take(k).any(|st| st.len() < SHIFTED_SUM_MIN) {
        let terms: Vec<Vec<(MontScalar, Point)>> = statics
            .iter()
            .zip(dynamic)
            .map(|(st, dy)| {
                st.iter()
                    .map(|(i, s)| {
                        // Copy 0 is the point itself (an index past the tables:
                        // the identity, so the term adds nothing).
                        let p = i
                            .checked_mul(h)
                            .and_then(|at| pre.entries.get(at))
                            .map_or(Point::IDENTITY, |e| {
                                Point(EdwardsPoint::IDENTITY.add_affine_niels(e))
                            });
                        (*s, p)
                    })
                    .chain(dy.iter().copied())
                    .collect()
            })
            .collect();
        let refs: Vec<&[(MontScalar, Point)]> = terms.iter().map(|t| t.as_slice()).collect();
        return straus_many(None, &alloc::vec![&[][..]; k], &refs);
    }
    let one = |st: &[(usize, MontScalar)], dy: &[(MontScalar, Point)]| {
        let scalars: Vec<[u64; 4]> = st.iter().map(|(_, s)| limbs(s)).collect();
        let index: Vec<usize> = st.iter().map(|(i, _)| *i).collect();
        let fixed = Point(lanes::dispatch(PippengerTask {
            input: PippengerInput::Shifted {
                scalars: &scalars,
                index: Some(&index),
                entries: &pre.entries,
                c,
            },
        }));
        let (ds, dp): (Vec<MontScalar>, Vec<Point>) = dy.iter().copied().unzip();
        fixed + Ristretto::vartime_multiscalar_mul(&ds, &dp)
    };
    crate::parallel::split_halves(
        k,
        2,
        |r| {
            r.map(|t| one(statics[t], dynamic[t]))
                .collect::<Vec<Point>>()
        },
        |mut a, b| {
            a.extend(b);
            a
        },
    )
}

/// The default Pedersen bases in both representations, computed once.
struct Defaults {
    dalek: (RistrettoPoint, RistrettoPoint),
    ours: (Point, Point),
}

static DEFAULTS: spin::Once<Defaults> = spin::Once::new();

/// Fixed-base comb tables of the default Pedersen bases `B`, `B̃`: for every digit
/// position `j < 64`, the odd multiples `(2e + 1)·16^j·P`, `e < 8` (64 KiB per base),
/// built on first use.
struct Combs {
    tables: [Vec<AffineNiels>; 2],
}

static COMBS: spin::Once<Combs> = spin::Once::new();

fn combs() -> &'static Combs {
    COMBS.call_once(|| {
        let (b, b_blinding) = defaults().ours;
        let comb = |p: Point| {
            let mut powers = Vec::with_capacity(64);
            let mut q = p.0;
            for _ in 0..64 {
                powers.push(Point(q));
                q = q.double().double().double().double();
            }
            tables(&powers, CT_WIDTH)
        };
        Combs {
            tables: [comb(b), comb(b_blinding)],
        }
    })
}

/// The radix-16 digits of a secret scalar by `recode` ([`engine::radix16`] or
/// [`engine::regular_radix16`]); the scalar's bytes and the digits are zeroized when
/// dropped.
fn secret_digits(s: &MontScalar, recode: fn(&[u8; 32]) -> [i8; 64]) -> Zeroizing<[i8; 64]> {
    let bytes = Zeroizing::new(s.to_bytes());
    Zeroizing::new(recode(&bytes))
}

/// `Σ s_i·P_i` for points among the default Pedersen bases, by their combs: `None` if
/// a point is not a default base (compared in variable time: bases are public).
fn pedersen_comb(scalars: &[MontScalar], points: &[Point]) -> Option<Point> {
    let (b, b_blinding) = defaults().ours;
    let mut which = Vec::with_capacity(points.len());
    for p in points {
        which.push(if *p == b {
            0
        } else if *p == b_blinding {
            1
        } else {
            return None;
        });
    }
    let combs = combs();
    // Secret digits, zeroized on every return (the `?` below included).
    let mut digits: Zeroizing<Vec<i8>> = Zeroizing::new(Vec::with_capacity(64 * points.len()));
    let mut tabs: Vec<&[AffineNiels]> = Vec::with_capacity(64 * points.len());
    for (s, w) in scalars.iter().zip(which) {
        digits.extend_from_slice(&*secret_digits(s, engine::regular_radix16));
        let per = 1 << (CT_WIDTH - 2);
        for j in 0..64 {
            tabs.push(combs.tables[w].get(j * per..(j + 1) * per)?);
        }
    }
    let out = lanes::dispatch(CombTask {
        digits: &digits,
        tables: &tabs,
    });
    Some(Point(out))
}

/// The fixed-base comb sum on the lane backend.
struct CombTask<'a> {
    digits: &'a [i8],
    tables: &'a [&'a [AffineNiels]],
}
impl LaneTask for CombTask<'_> {
    type Output = EdwardsPoint;
    #[inline(always)]
    fn run<F: FeLanes>(self) -> EdwardsPoint {
        engine::ct_sum_odd_lookups::<F>(self.digits, self.tables)
    }
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
        let bytes: Vec<[u8; 32]> = e.iter().map(|c| c.to_bytes()).collect();
        let pts = lanes::dispatch(DecodeTask { encodings: &bytes })?;
        Ok(pts.into_iter().map(Point).collect())
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
        let d = secret_digits(s, engine::radix16);
        Point(engine::ct_msm::<field::Fe>(
            core::slice::from_ref(&*d),
            core::slice::from_ref(&p.0),
        ))
    }
    fn multiscalar_mul(scalars: &[MontScalar], points: &[Point]) -> Point {
        // Secret digits, zeroized when dropped (allocated at their exact length).
        let digits: Zeroizing<Vec<[i8; 64]>> = Zeroizing::new(
            scalars
                .iter()
                .map(|s| *secret_digits(s, engine::radix16))
                .collect(),
        );
        let pts = edwards(points);
        Point(lanes::dispatch(CtMsm {
            digits: &digits,
            points: &pts,
        }))
    }
    fn vartime_multiscalar_mul(scalars: &[MontScalar], points: &[Point]) -> Point {
        let k = scalars.len().min(points.len());
        if k <= STRAUS_MAX {
            let tables = tables(&points[..k], DYNAMIC_WIDTH);
            let mut terms = Straus::with_capacity(k);
            push_terms(&mut terms, &tables, DYNAMIC_WIDTH, &scalars[..k]);
            Point(lanes::dispatch(StrausTask { terms: &terms }))
        } else {
            // All cores: the two halves on two threads (one split: this machine
            // class has two cores, and each half keeps Pippenger's economy of scale).
            crate::parallel::split_halves(
                k,
                PARALLEL_PIPPENGER_MIN,
                |r| pippenger_lanes(&scalars[r.clone()], &points[r]),
                |a, b| a + b,
            )
        }
    }
    /// NAF tables of width 10 up to [`SMALL_SHAPE_MAX`] points, width 8 (8 KiB per
    /// point) below [`SHIFTED_MIN`]; from [`SHIFTED_MIN`] points (n = 64, m ≥ 8) the
    /// shifted copies of fixed-base Pippenger ([`Tables::shifted`]). Chosen by the
    /// `verify/n64_*` rows of the `range_proof` bench ([`SHIFTED_MIN`]).
    fn precompute(points: &[Point]) -> Tables {
        if points.len() >= SHIFTED_MIN {
            return Tables::shifted(points, 0);
        }
        let w = if points.len() <= SMALL_SHAPE_MAX {
            Tables::SMALL_SHAPE_WIDTH
        } else {
            Tables::WIDTH
        };
        Tables::new(points, w)
    }

    /// Width-5 tables (8 entries per point): a block of the prover's rounds uses
    /// them six times, which repays the 7 additions per point they cost.
    fn pedersen_mul(scalars: &[MontScalar], points: &[Point]) -> Point {
        let k = scalars.len().min(points.len());
        pedersen_comb(&scalars[..k], &points[..k])
            .unwrap_or_else(|| Self::multiscalar_mul(scalars, points))
    }
    fn vartime_precomputed_mul_many(
        pre: &Tables,
        inputs: &[super::SparseMsm<'_, Self>],
    ) -> Vec<Point> {
        let statics: Vec<&[(usize, MontScalar)]> = inputs.iter().map(|x| x.statics).collect();
        let dynamic: Vec<&[(MontScalar, Point)]> = inputs.iter().map(|x| x.dynamic).collect();
        straus_many(Some(pre), &statics, &dynamic)
    }
    fn vartime_multiscalar_mul_many(inputs: &[super::MsmInput<'_, Self>]) -> Vec<Point> {
        let pairs: Vec<Vec<(MontScalar, Point)>> = inputs
            .iter()
            .map(|(s, p)| s.iter().copied().zip(p.iter().copied()).collect())
            .collect();
        let dynamic: Vec<&[(MontScalar, Point)]> = pairs.iter().map(|v| v.as_slice()).collect();
        straus_many(None, &alloc::vec![&[][..]; inputs.len()], &dynamic)
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
        debug_assert!(static_scalars.len() <= pre.len);
        let k = dynamic_scalars.len().min(dynamic_points.len());
        let w = match pre.layout {
            Layout::Naf { w, .. } => w,
            Layout::Shifted { c } => {
                // One bucket pass over the shifted copies (two halves on two threads
                // with the `parallel` feature), the dynamic points beside it.
                let h = crate::msm::lanes::shifted_copies(c);
                let st: Vec<[u64; 4]> = static_scalars.iter().take(pre.len).map(limbs).collect();
                let fixed = |r: core::ops::Range<usize>| {
                    let entries = pre.entries.get(r.start * h..r.end * h).unwrap_or(&[]);
                    Point(lanes::dispatch(PippengerTask {
                        input: PippengerInput::Shifted {
                            scalars: &st[r],
                            index: None,
                            entries,
                            c,
                        },
                    }))
                };
                let (f, d) = crate::parallel::join(
                    || {
                        crate::parallel::split_halves(
                            st.len(),
                            PARALLEL_PIPPENGER_MIN,
                            fixed,
                            |a, b| a + b,
                        )
                    },
                    || Self::vartime_multiscalar_mul(&dynamic_scalars[..k], &dynamic_points[..k]),
                );
                return f + d;
            }
        };
        let (dyn_straus, dyn_pippenger) = if k > STRAUS_MAX { (0, k) } else { (k, 0) };
        let dynamic = tables(&dynamic_points[..dyn_straus], DYNAMIC_WIDTH);
        let per = 1usize << (w - 2);
        // The fixed generators of `r` (and, with the first of them, the dynamic points
        // that run by Straus) in one lane Straus pass.
        let fixed = |r: core::ops::Range<usize>| {
            let mut terms = Straus::with_capacity(r.len() + dyn_straus);
            let entries = pre.entries.get(r.start * per..).unwrap_or(&[]);
            push_terms(&mut terms, entries, w, &static_scalars[r.clone()]);
            if r.start == 0 {
                push_terms(
                    &mut terms,
                    &dynamic,
                    DYNAMIC_WIDTH,
                    &dynamic_scalars[..dyn_straus],
                );
            }
            Point(lanes::dispatch(StrausTask { terms: &terms }))
        };
        if dyn_pippenger == 0 {
            // All cores: the second half of the fixed generators on another thread.
            return crate::parallel::split_halves(
                static_scalars.len(),
                PARALLEL_TABLE_STRAUS_MIN,
                fixed,
                |a, b| a + b,
            );
        }
        // The tables' Straus and the dynamic points' Pippenger are independent (two
        // threads with the `parallel` feature).
        let (f, d) = crate::parallel::join(
            || fixed(0..static_scalars.len()),
            || Self::vartime_multiscalar_mul(&dynamic_scalars[..k], &dynamic_points[..k]),
        );
        f + d
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
        Tables::new_split(points, Tables::PROVER_WIDTH)
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
        Some(Tables::new(points, CT_WIDTH))
    }
    fn ct_precomputed_mul(pre: &Tables, scalars: &[MontScalar], points: &[Point]) -> Point {
        let k = scalars.len().min(points.len());
        let tables: Option<Vec<&[AffineNiels]>> = (0..k).map(|i| pre.table(i)).collect();
        match tables {
            Some(tables)
                if matches!(pre.layout, Layout::Naf { w, .. } if w >= CT_WIDTH) && pre.len >= k =>
            {
                // Secret digits, zeroized when dropped (even if a thread panics).
                let digits: Zeroizing<Vec<[i8; 64]>> = Zeroizing::new(
                    scalars[..k]
                        .iter()
                        .map(|s| *secret_digits(s, engine::regular_radix16))
                        .collect(),
                );
                let run = |digits: &[[i8; 64]], tables: &[&[AffineNiels]]| {
                    Point(lanes::dispatch(CtTableMsm { digits, tables }))
                };
                // All cores: half of the points on each thread (the split is public).
                crate::parallel::split_halves(
                    k,
                    PARALLEL_CT_MIN,
                    |r| run(&digits[r.clone()], &tables[r]),
                    |a, b| a + b,
                )
            }
            _ => Ristretto::multiscalar_mul(scalars, points),
        }
    }
    fn precompute_for_rounds(points: &[Point]) -> Option<Tables> {
        Some(Tables::new(points, DYNAMIC_WIDTH))
    }
}
