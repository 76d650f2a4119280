//! ristretto255's constant-time multiplications: secret scalars recoded to signed
//! radix-16 digits (zeroized when dropped), then lane-parallel sums over the points,
//! over precomputed odd-multiple tables (split across threads with the `parallel`
//! feature) or over the fixed-base combs of the default Pedersen bases.

use alloc::vec::Vec;
use zeroize::Zeroizing;

use super::edwards::{AffineNiels, EdwardsPoint};
use super::lanes::{self, FeLanes, LaneTask};
use super::tables::{tables, Layout};
use super::{defaults, edwards, engine, field, MontScalar, Point, Ristretto, Tables};
use crate::curve::Curve;

/// NAF width of the prover's constant-time tables: `2^(5−2) = 8` odd multiples
/// `P, 3P, …, 15P` per point (1 KiB), the digit set of
/// [`engine::regular_radix16`].
pub(super) const CT_WIDTH: usize = 5;

/// Smallest constant-time table MSM that the `parallel` feature splits.
const PARALLEL_CT_MIN: usize = 64;

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

/// Two constant-time multiscalar multiplications sharing the lanes' doublings.
struct CtMsmPair<'a> {
    parts: [(&'a [[i8; 64]], &'a [EdwardsPoint]); 2],
}
impl LaneTask for CtMsmPair<'_> {
    type Output = [EdwardsPoint; 2];
    #[inline(always)]
    fn run<F: FeLanes>(self) -> [EdwardsPoint; 2] {
        engine::ct_msm_pair::<F>(self.parts)
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
pub(super) fn pedersen_comb(scalars: &[MontScalar], points: &[Point]) -> Option<Point> {
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

/// [`Ristretto::mul`]: one scalar by [`engine::ct_msm`].
pub(super) fn mul(s: &MontScalar, p: &Point) -> Point {
    let d = secret_digits(s, engine::radix16);
    Point(engine::ct_msm::<field::Fe>(
        core::slice::from_ref(&*d),
        core::slice::from_ref(&p.0),
    ))
}

/// [`Ristretto::multiscalar_mul`]: every scalar by [`engine::ct_msm`] on the lanes,
/// in pieces of [`crate::msm::CT_CHUNK`] points.
pub(super) fn multiscalar_mul(scalars: &[MontScalar], points: &[Point]) -> Point {
    crate::msm::sum_in_chunks(
        scalars,
        points,
        crate::msm::CT_CHUNK,
        Point::IDENTITY,
        |scalars, points| {
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
        },
    )
}

/// [`Ristretto::multiscalar_mul_pair`]: both sums in one lane pass
/// ([`engine::ct_msm_pair`]) up to [`crate::msm::CT_CHUNK`] points each, else one
/// after the other.
pub(super) fn multiscalar_mul_pair(
    a: (&[MontScalar], &[Point]),
    b: (&[MontScalar], &[Point]),
) -> (Point, Point) {
    let fits = |x: &(&[MontScalar], &[Point])| x.0.len().min(x.1.len()) <= crate::msm::CT_CHUNK;
    if !(fits(&a) && fits(&b)) {
        return (multiscalar_mul(a.0, a.1), multiscalar_mul(b.0, b.1));
    }
    // Secret digits, zeroized when dropped (allocated at their exact length).
    let digits = |s: &[MontScalar]| -> Zeroizing<Vec<[i8; 64]>> {
        Zeroizing::new(
            s.iter()
                .map(|s| *secret_digits(s, engine::radix16))
                .collect(),
        )
    };
    let (da, db) = (digits(a.0), digits(b.0));
    let (pa, pb) = (edwards(a.1), edwards(b.1));
    let [x, y] = lanes::dispatch(CtMsmPair {
        parts: [(&da, &pa), (&db, &pb)],
    });
    (Point(x), Point(y))
}

/// `RistrettoStrategy::ct_precomputed_mul`: over the tables if they hold the odd
/// multiples of every point, else [`Ristretto::multiscalar_mul`].
pub(super) fn ct_precomputed_mul(pre: &Tables, scalars: &[MontScalar], points: &[Point]) -> Point {
    let k = scalars.len().min(points.len());
    let indices: Vec<usize> = (0..k).collect();
    ct_precomputed_mul_indexed(pre, &scalars[..k], &indices, points, (&[], &[]))
}

/// `RistrettoStrategy::ct_precomputed_mul_indexed`: `Σ s_k·P_{i_k} + Σ e_j·Q_j` over
/// the tables of the points `i_k` (if they hold their odd multiples) and tables of
/// the extra points built here, in one sum; else the points gathered for
/// [`Ristretto::multiscalar_mul`].
pub(super) fn ct_precomputed_mul_indexed(
    pre: &Tables,
    scalars: &[MontScalar],
    indices: &[usize],
    points: &[Point],
    extra: (&[MontScalar], &[Point]),
) -> Point {
    let k = scalars.len().min(indices.len());
    let x = extra.0.len().min(extra.1.len());
    let extra_tables = if x == 0 {
        Vec::new()
    } else {
        tables(&extra.1[..x], CT_WIDTH)
    };
    let per = 1 << (CT_WIDTH - 2);
    let tables: Option<Vec<&[AffineNiels]>> = indices[..k]
        .iter()
        .map(|i| pre.table(*i))
        .chain((0..x).map(|j| extra_tables.get(j * per..(j + 1) * per)))
        .collect();
    match tables {
        Some(tables) if matches!(pre.layout, Layout::Naf { w, .. } if w >= CT_WIDTH) => {
            // Secret digits, zeroized when dropped (even if a thread panics).
            let digits: Zeroizing<Vec<[i8; 64]>> = Zeroizing::new(
                scalars[..k]
                    .iter()
                    .chain(&extra.0[..x])
                    .map(|s| *secret_digits(s, engine::regular_radix16))
                    .collect(),
            );
            let run = |digits: &[[i8; 64]], tables: &[&[AffineNiels]]| {
                Point(lanes::dispatch(CtTableMsm { digits, tables }))
            };
            // All cores: half of the points on each thread (the split is public).
            crate::parallel::split_halves(
                k + x,
                PARALLEL_CT_MIN,
                |r| run(&digits[r.clone()], &tables[r]),
                |a, b| a + b,
            )
        }
        _ => {
            let mut s: Zeroizing<Vec<MontScalar>> = Zeroizing::new(Vec::with_capacity(k));
            let mut p: Vec<Point> = Vec::with_capacity(k);
            for (sc, i) in scalars.iter().zip(&indices[..k]) {
                if let Some(pt) = points.get(*i) {
                    s.push(*sc);
                    p.push(*pt);
                }
            }
            s.extend_from_slice(&extra.0[..x]);
            p.extend_from_slice(&extra.1[..x]);
            Ristretto::multiscalar_mul(&s, &p)
        }
    }
}
