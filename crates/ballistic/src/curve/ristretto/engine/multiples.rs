//! The affine multiples of table building, lane by lane: odd multiples (NAF
//! tables) and shifted copies (fixed-base Pippenger).

#![allow(non_snake_case)]

use alloc::vec::Vec;

use super::{invert, ExtL};
use crate::curve::ristretto::edwards::{AffineNiels, EdwardsPoint};
use crate::curve::ristretto::field::{Fe, D2};
use crate::curve::ristretto::lanes::FeLanes;

/// Which multiples of each point [`multiples_lanes`] computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Multiples {
    /// `P, 3P, …, (2·per − 1)·P`: the odd multiples of NAF tables (one doubling,
    /// then one addition per entry).
    Odd,
    /// `P, 2^c·P, 2^(2c)·P, …, 2^(c·(per−1))·P`: the shifted copies of fixed-base
    /// Pippenger (`c` doublings per entry).
    Shifted(usize),
}

/// Largest number of lane multiples [`multiples_lanes`] holds before converting them
/// to affine form (with one inversion per chunk): about 5 MiB of scratch, whatever
/// the number of points.
const MULTIPLES_CHUNK: usize = 4096;

/// The odd multiples `P, 3P, …, (2·per − 1)·P` of every point as affine prepared
/// entries (`per` per point, point-major); see [`multiples_lanes`].
#[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
#[inline(always)]
pub fn odd_multiples_lanes<F: FeLanes>(points: &[EdwardsPoint], per: usize) -> Vec<AffineNiels> {
    multiples_lanes::<F>(points, per, Multiples::Odd)
}

/// `per` multiples of every point (`which`) as affine prepared entries (point-major:
/// entry `i·per + j` is multiple `j` of point `i`), computed `L` points at a time,
/// then converted to affine form by one lane-parallel inversion per chunk of
/// `MULTIPLES_CHUNK` (4,096) lane multiples (Montgomery's trick along each lane) and 4
/// vector M per entry. Variable time is not needed: the computation is the same for
/// all inputs.
#[inline(always)]
pub fn multiples_lanes<F: FeLanes>(
    points: &[EdwardsPoint],
    per: usize,
    which: Multiples,
) -> Vec<AffineNiels> {
    let per = per.max(1);
    let groups = points.len().div_ceil(F::L);
    let chunk = (MULTIPLES_CHUNK / per).max(1);
    let d2 = F::splat(&D2);
    let mut out = alloc::vec![AffineNiels::default(); points.len() * per];
    let mut mults: Vec<ExtL<F>> = Vec::with_capacity(chunk.min(groups) * per);
    let mut prefix: Vec<F> = Vec::with_capacity(chunk.min(groups) * per);
    for first in (0..groups).step_by(chunk) {
        // Every multiple of every group of the chunk, group-major then multiple.
        mults.clear();
        for g in first..(first + chunk).min(groups) {
            let p = ExtL::<F>::from_fn(|l| {
                points
                    .get(g * F::L + l)
                    .copied()
                    .unwrap_or(EdwardsPoint::IDENTITY)
            });
            mults.push(p);
            match which {
                Multiples::Odd if per > 1 => {
                    let twice = p.double();
                    let mut m = p;
                    for _ in 1..per {
                        m = m.add_ext(&twice);
                        mults.push(m);
                    }
                }
                Multiples::Shifted(c) => {
                    let mut m = p;
                    for _ in 1..per {
                        for _ in 0..c {
                            m = m.double();
                        }
                        mults.push(m);
                    }
                }
                Multiples::Odd => {}
            }
        }
        // Montgomery's trick along each lane: prefix products of the Z coordinates.
        prefix.clear();
        let mut acc = F::splat(&Fe::ONE);
        for m in &mults {
            prefix.push(acc);
            acc = acc.mul(&m.Z);
        }
        let mut inv = invert(&acc);
        for (idx, (m, pre)) in mults.iter().zip(prefix.iter()).enumerate().rev() {
            let zinv = inv.mul(pre);
            inv = inv.mul(&m.Z);
            let x = m.X.mul(&zinv);
            let y = m.Y.mul(&zinv);
            let yp = y.add(&x);
            let ym = y.sub(&x);
            let t2d = x.mul(&y).mul(&d2);
            let (g, j) = (first + idx / per, idx % per);
            for l in 0..F::L {
                let i = g * F::L + l;
                if i >= points.len() {
                    break;
                }
                if let Some(o) = out.get_mut(i * per + j) {
                    *o = AffineNiels {
                        y_plus_x: yp.lane(l),
                        y_minus_x: ym.lane(l),
                        xy2d: t2d.lane(l),
                    };
                }
            }
        }
    }
    out
}

/// Width-`w` tables (`2^(w−2)` odd multiples `P, 3P, …`) of many points, affine,
/// with one inversion for all of them.
#[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
pub fn odd_multiple_tables(points: &[EdwardsPoint], w: usize) -> Vec<AffineNiels> {
    let per = 1usize << (w - 2);
    let mut all = Vec::with_capacity(points.len() * per);
    for p in points {
        let twice = p.double();
        let mut m = *p;
        all.push(m);
        for _ in 1..per {
            m = m.add(&twice);
            all.push(m);
        }
    }
    crate::curve::ristretto::edwards::batch_to_affine_niels(&all)
}
