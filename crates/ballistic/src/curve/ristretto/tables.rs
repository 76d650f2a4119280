//! The precomputed tables of fixed points ([`Tables`], ristretto255's
//! `Curve::Precomputation`) and the lane-parallel building of their affine multiples
//! (NAF tables of odd multiples, shifted copies of fixed-base Pippenger).

use alloc::vec::Vec;

use super::edwards::{AffineNiels, EdwardsPoint};
use super::lanes::{self, FeLanes, LaneTask};
use super::{edwards, engine, Point};

/// Precomputed tables of fixed points for [`Curve::vartime_precomputed_mul`]: NAF
/// tables of width `w` (`2^(w−2)` affine odd multiples per point: 8 KiB at width
/// 8, 32 KiB at width 10) for Straus, or, for shapes above [`SHIFTED_MIN`] points,
/// the shifted copies `2^(c·j)·P` of fixed-base Pippenger ([`Tables::shifted`]).
///
/// [`Curve::vartime_precomputed_mul`]: crate::curve::Curve::vartime_precomputed_mul
/// [`SHIFTED_MIN`]: super::SHIFTED_MIN
#[derive(Clone, Debug)]
pub struct Tables {
    pub(super) entries: Vec<AffineNiels>,
    pub(super) len: usize,
    pub(super) layout: Layout,
}

/// How a [`Tables`] lays out its entries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Layout {
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
    ///
    /// [`SHIFTED_MIN`]: super::SHIFTED_MIN
    /// [`SMALL_SHAPE_MAX`]: super::SMALL_SHAPE_MAX
    pub const WIDTH: usize = 8;
    /// NAF width of the prover's tables for its inner-product rounds (256 affine odd
    /// multiples, 32 KiB per point; the tables are split at `2^128`
    /// ([`TableStrategy::prover_split`](crate::curve::TableStrategy::prover_split)), so they hold every generator and `2^128` times it:
    /// 8 MiB for the 128 generators of a 64-bit proof, which every round reuses).
    /// Chosen by paired `prove` runs (`crates/bench/paired_ab.py`) against 8 and 9.
    pub const PROVER_WIDTH: usize = 10;
    /// NAF width of the prover's inner-product tables on the AVX2 backend while they
    /// stay within 16 MiB (at most [`Tables::PROVER_WIDE_MAX`] generators: a 64-bit
    /// proof): 512 multiples per point, fewer additions per round for twice the
    /// memory. An AVX2 addition costs about three times an eight-lane IFMA one per
    /// point, so the additions saved pay for the memory there and not on IFMA
    /// (measurements: `crates/bench/history/2026-11.md`).
    pub const PROVER_WIDTH_AVX2: usize = 11;
    /// Most generators whose AVX2 prover tables have [`Tables::PROVER_WIDTH_AVX2`].
    pub const PROVER_WIDE_MAX: usize = 128;

    /// The NAF width of the prover's inner-product tables over `len` generators
    /// when the lane backend is `backend`.
    pub(super) fn prover_width(len: usize, backend: super::lanes::Backend) -> usize {
        if backend == super::lanes::Backend::Avx2 && len <= Self::PROVER_WIDE_MAX {
            Self::PROVER_WIDTH_AVX2
        } else {
            Self::PROVER_WIDTH
        }
    }
    /// NAF width of the fixed-point tables of shapes with at most
    /// [`SMALL_SHAPE_MAX`] generators (256 affine odd multiples, 32 KiB per point:
    /// 4 MiB for a 64-bit proof, 16 MiB for four values). Chosen by paired
    /// `verify`/`prove` runs of n64 m1–m4 against width 8 (`paired_ab.py`).
    ///
    /// [`SMALL_SHAPE_MAX`]: super::SMALL_SHAPE_MAX
    pub const SMALL_SHAPE_WIDTH: usize = 10;

    /// Tables of width `w` (`2^(w−2)` entries per point).
    pub(super) fn new(points: &[Point], w: usize) -> Tables {
        Tables {
            entries: tables(points, w),
            len: points.len(),
            layout: Layout::Naf { w, high: None },
        }
    }

    /// Tables of width `w` of the points and of `2^128` times each point (after
    /// them): a scalar `s = lo + 2^128·hi` is then two 128-bit scalars, and a Straus
    /// over them runs half the doublings (`docs/inner-product.md`).
    pub(super) fn new_split(points: &[Point], w: usize) -> Tables {
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
    pub(super) fn table(&self, i: usize) -> Option<&[AffineNiels]> {
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
pub(super) fn tables(points: &[Point], w: usize) -> Vec<AffineNiels> {
    let pts = edwards(points);
    lanes::dispatch(MultiplesTask {
        points: &pts,
        per: 1 << (w - 2),
        which: engine::Multiples::Odd,
    })
}
