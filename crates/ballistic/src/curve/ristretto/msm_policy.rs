//! ristretto255's multiscalar-multiplication policy: which lane algorithm runs when
//! (Straus or Pippenger, NAF tables or the shifted copies of fixed-base Pippenger,
//! and their thresholds) and where the `parallel` feature splits the work, for the
//! variable-time multiplications of [`Ristretto`] (its `Curve` methods call these)
//! and the choice of its verifier tables. The constant-time multiplications are in
//! `super::ct_msm`.
//!
//! This module sits at the `Curve` trait's layer (`docs/architecture.md`): the
//! `Curve` implementation calls it, so it cannot sit beside the generic dispatch
//! (`msm::dispatch`, above the trait).

use alloc::vec::Vec;

use super::edwards::{AffineNiels, EdwardsPoint};
use super::engine::ExtL;
use super::lanes::{self, FeLanes, LaneTask};
use super::tables::{tables, Layout};
use super::{MontScalar, Point, Ristretto, Tables};
use crate::curve::Curve;
use crate::msm::lanes::{pippenger_run_buckets, straus, Buckets, PippengerInput, Straus};

/// Smallest number of fixed points whose verifier tables are the shifted copies of
/// fixed-base Pippenger ([`Tables::shifted`]) rather than NAF tables of width
/// [`Tables::WIDTH`]: 1,024 (n = 64, m = 8), where the cost model puts `c = 10`
/// on AVX2 (26 copies, 3.25 KiB per point, 3.25 MiB in all, against 8 MiB of
/// width-8 tables) and `c = 11` on IFMA (24 copies, 3 MiB). Chosen by alternating
/// `crates/bench/src/bin/profile.rs agg 8` processes (m = 8 verifies faster over the copies).
pub const SHIFTED_MIN: usize = 1024;

/// Largest number of points whose verifier tables have width
/// [`Tables::SMALL_SHAPE_WIDTH`] (n = 64, m ≤ 4); larger ones below
/// [`SHIFTED_MIN`] (no shape: point counts are powers of two) have [`Tables::WIDTH`].
pub const SMALL_SHAPE_MAX: usize = 512;

/// Largest base (its `G` and `H` together) over which the prover's lazy rounds run
/// Straus over width-[`DYNAMIC_WIDTH`] tables built for the block
/// (`RistrettoStrategy::precompute_for_rounds`). Above it each round's two sums of
/// 4,096 terms or more run Pippenger over the gathered points instead, fewer
/// additions per term than the tables' Straus, and the block holds no tables
/// (1 KiB per point). Chosen by alternating `crates/bench/src/bin/r1cs_profile.rs` at 1,024 to
/// 8,192 multipliers (even at 4,096 points, faster above).
pub(super) const ROUND_TABLES_MAX: usize = 4096;

/// NAF width of the tables built on the fly for points used once.
pub(super) const DYNAMIC_WIDTH: usize = 5;

/// Smallest Pippenger that the `parallel` feature splits across two threads.
const PARALLEL_PIPPENGER_MIN: usize = 512;

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
        part: Buckets::All,
    }))
}

/// Largest variable-time MSM without tables that runs Straus (width-5 tables built
/// on the fly); above it, Pippenger. Chosen by timing both on fresh random points:
/// the AVX2 crossover (IFMA's is higher; `crates/bench/history/2026-11.md`, 2026-11-24).
const STRAUS_MAX: usize = 384;

/// The 256-bit little-endian limbs of a scalar.
fn limbs(s: &MontScalar) -> [u64; 4] {
    s.to_limbs()
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
    /// The buckets this task fills (`Buckets::All`: the whole multiplication).
    part: Buckets,
}
impl LaneTask for PippengerTask<'_> {
    type Output = EdwardsPoint;
    #[inline(always)]
    fn run<F: FeLanes>(self) -> EdwardsPoint {
        pippenger_run_buckets::<ExtL<F>>(&self.input, self.part)
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
pub(super) fn straus_many(
    pre: Option<&Tables>,
    statics: &[&[(usize, MontScalar)]],
    dynamic: &[&[(MontScalar, Point)]],
) -> Vec<Point> {
    straus_many_with(pre, statics, dynamic, None)
}

/// Terms over a second table set: the tables and, per sum, its `(index, scalar)`
/// terms.
pub(super) type ExtraTerms<'a> = (&'a Tables, &'a [&'a [(usize, MontScalar)]]);

/// [`straus_many`] over `pre` in which sum `k` also has the terms `extra.1[k]` over
/// the tables `extra.0` (prepared once by the caller: no tables built here for
/// them). `None`, with nothing computed, unless both hold NAF tables (shifted copies
/// run another algorithm).
pub(super) fn straus_many_extra(
    pre: &Tables,
    statics: &[&[(usize, MontScalar)]],
    dynamic: &[&[(MontScalar, Point)]],
    extra: ExtraTerms<'_>,
) -> Option<Vec<Point>> {
    let (Layout::Naf { .. }, Layout::Naf { w, .. }) = (pre.layout, extra.0.layout) else {
        return None;
    };
    Some(straus_many_with(
        Some(pre),
        statics,
        dynamic,
        Some((extra, w)),
    ))
}

/// [`straus_many`] with, per sum, terms over the width-`w` NAF tables of `extra`
/// (only with NAF tables `pre`: [`straus_many_extra`] checks both).
fn straus_many_with(
    pre: Option<&Tables>,
    statics: &[&[(usize, MontScalar)]],
    dynamic: &[&[(MontScalar, Point)]],
    extra: Option<(ExtraTerms<'_>, usize)>,
) -> Vec<Point> {
    let pre = match pre.map(|p| (p, p.layout)) {
        Some((p, Layout::Naf { w, high })) => Some((p, w, high)),
        Some((p, Layout::Shifted { c })) => {
            debug_assert!(extra.is_none(), "straus_many_extra passes NAF tables only");
            return shifted_many(p, c, statics, dynamic);
        }
        None => None,
    };
    let dyn_points: Vec<Point> = dynamic
        .iter()
        .flat_map(|d| d.iter().map(|(_, p)| *p))
        .collect();
    let dyn_tables = if dyn_points.is_empty() {
        Vec::new()
    } else {
        tables(&dyn_points, DYNAMIC_WIDTH)
    };
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
        if let Some(((xt, terms), w)) = extra {
            let e = terms.get(inputs.len()).copied().unwrap_or(&[]);
            let e: Vec<&(usize, MontScalar)> =
                e.iter().filter(|(i, _)| xt.table(*i).is_some()).collect();
            let sc: Vec<[u64; 4]> = e.iter().map(|(_, s)| limbs(s)).collect();
            t.push_many(&sc, w, |j| e.get(j).and_then(|(i, _)| xt.table(*i)));
        }
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
            part: Buckets::All,
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

/// [`Ristretto::vartime_multiscalar_mul`]: Straus up to [`STRAUS_MAX`] points, Pippenger
/// above.
pub(super) fn vartime_multiscalar_mul(scalars: &[MontScalar], points: &[Point]) -> Point {
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

/// [`Ristretto::precompute`] (see its documentation).
pub(super) fn precompute(points: &[Point]) -> Tables {
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

/// [`Ristretto::vartime_precomputed_mul`] (see its documentation).
pub(super) fn vartime_precomputed_mul(
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
            // One bucket pass over the shifted copies, the dynamic points beside it.
            let h = crate::msm::lanes::shifted_copies(c);
            let st: Vec<[u64; 4]> = static_scalars.iter().take(pre.len).map(limbs).collect();
            let entries = pre.entries.get(..st.len() * h).unwrap_or(&[]);
            let fixed = |part: Buckets| {
                Point(lanes::dispatch(PippengerTask {
                    input: PippengerInput::Shifted {
                        scalars: &st,
                        index: None,
                        entries,
                        c,
                    },
                    part,
                }))
            };
            let dynamic =
                || Ristretto::vartime_multiscalar_mul(&dynamic_scalars[..k], &dynamic_points[..k]);
            if crate::parallel::parallelism() > 1 && st.len() >= PARALLEL_PIPPENGER_MIN {
                // Two threads, one half of the buckets each (no bucket work twice);
                // the dynamic points with the lower half, whose bucket sum is shorter.
                let (lower, upper) = crate::parallel::join(
                    || fixed(Buckets::Lower) + dynamic(),
                    || fixed(Buckets::Upper),
                );
                return lower + upper;
            }
            return fixed(Buckets::All) + dynamic();
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
        || Ristretto::vartime_multiscalar_mul(&dynamic_scalars[..k], &dynamic_points[..k]),
    );
    f + d
}
