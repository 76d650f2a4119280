//! Straus's method with width-`w` NAF (interleaved wNAF), variable time.
//!
//! | name | meaning |
//! |---|---|
//! | `k` | number of points |
//! | `b` | scalar bits (256) |
//! | `w` | NAF width: digits are odd, `|d| < 2^(w−1)`, at least `w−1` zeros between non-zero digits |
//! | `A`, `A_mix`, `D` | point addition, addition of an affine point, doubling |
//!
//! **Algorithm.** Each point gets a table of its odd multiples `P, 3P, …,
//! (2^(w−1)−1)·P` (converted to affine together, one inversion for all tables);
//! each scalar is recoded to width-`w` NAF. One accumulator walks the bits from the
//! top: double, then add `±table[|d|/2]` for every point whose digit is non-zero.
//!
//! **Cost model.** `b·D` shared doublings, plus per point `b/(w+1)` mixed additions
//! (the density of a width-`w` NAF) and a table of `2^(w−2) − 1` additions and one
//! doubling (plus 3 multiplications per entry for the affine conversion). With
//! `w = 5` on secp256k1 (complete formulas: `A_mix` = 11M, `A` = 12M, `D` = 8M):
//! `≈ 2048M + k·(43·11M + 7·12M + 8M + 24M) ≈ 2048M + 590M·k`. Pippenger
//! ([`super::pippenger`]) costs `≈ 260M·k` plus bucket overhead, so the crossover
//! sits near a hundred points ([`super::STRAUS_MAX`], measured; [`super::vartime_msm`]
//! picks the algorithm).
//!
//! **Precomputed tables** ([`Tables`]) are the same tables built once for fixed points
//! with a wider window (`w = 8`: 64 affine entries per point, 28.5 additions per
//! point per use instead of 43 + 7); their memory is reported by [`Tables::bytes`].

use alloc::vec;
use alloc::vec::Vec;

use super::MsmPoint;

/// Width-`w` non-adjacent form of a 256-bit little-endian scalar: 257 signed digits,
/// each zero or odd with `|d| < 2^(w−1)`.
pub fn wnaf(scalar: &[u64; 4], w: usize) -> [i16; 257] {
    debug_assert!((2..=15).contains(&w));
    let mut naf = [0i16; 257];
    // A zero fifth limb: windows that straddle bit 256 read zeros.
    let x = [scalar[0], scalar[1], scalar[2], scalar[3], 0u64];
    let width = 1u64 << w;
    let mask = width - 1;
    let mut pos = 0usize;
    let mut carry = 0u64;
    while pos < 257 {
        let (idx, bit) = (pos / 64, pos % 64);
        let buf = if bit + w <= 64 || idx == 4 {
            x[idx] >> bit
        } else {
            (x[idx] >> bit) | (x[idx + 1] << (64 - bit))
        };
        let window = carry + (buf & mask);
        if window & 1 == 0 {
            // Digit 0 here; an even window keeps its carry for the next position.
            pos += 1;
            continue;
        }
        naf[pos] = if window < width / 2 {
            carry = 0;
            window as i16
        } else {
            carry = 1;
            (window as i64 - width as i64) as i16
        };
        pos += w;
    }
    naf
}

/// Odd multiples `P, 3P, …, (2^(w−1)−1)·P` of every point, as one flat list.
fn odd_multiples<P: MsmPoint>(points: &[P], w: usize) -> Vec<P> {
    let per = 1usize << (w - 2);
    let mut out = Vec::with_capacity(points.len() * per);
    for p in points {
        let twice = p.double();
        let mut m = *p;
        out.push(m);
        for _ in 1..per {
            m = m.add(&twice);
            out.push(m);
        }
    }
    out
}

/// Precomputed width-`w` NAF tables for a fixed list of points.
#[derive(Clone, Debug)]
pub struct Tables<P: MsmPoint> {
    w: usize,
    entries: Vec<P::Affine>,
}

impl<P: MsmPoint> Tables<P> {
    /// Table width for fixed points: 64 affine multiples per point.
    pub const FIXED_WIDTH: usize = 8;

    /// Builds width-`w` tables (`2^(w−2)` affine entries per point).
    pub fn new(points: &[P], w: usize) -> Self {
        let entries = P::batch_to_affine(&odd_multiples(points, w));
        Tables { w, entries }
    }

    /// Number of points covered.
    pub fn len(&self) -> usize {
        self.entries.len() >> (self.w - 2)
    }

    /// Whether the tables cover no point.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Memory held by the tables, in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * core::mem::size_of::<P::Affine>()
    }

    /// The window width `w` the tables were built for.
    pub fn width(&self) -> usize {
        self.w
    }

    /// The entries: point `i`'s odd multiples are `entries[i·2^(w−2) ..][..2^(w−2)]`.
    pub fn entries(&self) -> &[P::Affine] {
        &self.entries
    }
}

/// Appends `(table entries, wNAF)` for every non-zero scalar.
fn recode_nonzero<'t, P: MsmPoint>(
    t: &'t Tables<P>,
    scalars: &[[u64; 4]],
    out: &mut Vec<(&'t [P::Affine], [i16; 257])>,
) {
    let per = 1usize << (t.w - 2);
    for (i, s) in scalars.iter().enumerate().take(t.len()) {
        if s.iter().any(|&l| l != 0) {
            out.push((&t.entries[i * per..(i + 1) * per], wnaf(s, t.w)));
        }
    }
}

/// Default width for points seen once (tables built on the fly).
pub const DYNAMIC_WIDTH: usize = 5;

/// `Σ s_i·P_i` by interleaved wNAF. Scalars are 256-bit little-endian limbs.
pub fn msm<P: MsmPoint>(scalars: &[[u64; 4]], points: &[P]) -> P {
    let tables = Tables::new(points, DYNAMIC_WIDTH);
    msm_with_tables(&tables, scalars, &[], &[])
}

/// `Σ a_i·B_i + Σ s_j·P_j` with `B_i` the points of `tables` (`static_scalars` may be
/// shorter than the tables) and `P_j` dynamic points (tables built on the fly).
pub fn msm_with_tables<P: MsmPoint>(
    tables: &Tables<P>,
    static_scalars: &[[u64; 4]],
    dynamic_scalars: &[[u64; 4]],
    dynamic_points: &[P],
) -> P {
    let dynamic = if dynamic_points.is_empty() {
        None
    } else {
        Some(Tables::new(dynamic_points, DYNAMIC_WIDTH))
    };
    // Recode the non-zero scalars only (zero coefficients are common: the prover's
    // lazy rounds use half of the generators per multiplication).
    let mut terms: Vec<(&[P::Affine], [i16; 257])> = Vec::new();
    recode_nonzero(tables, static_scalars, &mut terms);
    if let Some(d) = dynamic.as_ref() {
        recode_nonzero(d, dynamic_scalars, &mut terms);
    }
    // Digits grouped by bit position (a counting sort), so that the main loop touches
    // only the non-zero digits instead of scanning every term at every bit.
    let mut start = [0usize; 258];
    for (_, naf) in &terms {
        for (bit, d) in naf.iter().enumerate() {
            if *d != 0 {
                start[bit + 1] += 1;
            }
        }
    }
    for bit in 0..257 {
        start[bit + 1] += start[bit];
    }
    let Some(top) = (0..257).rev().find(|&b| start[b + 1] > start[b]) else {
        return P::identity();
    };
    let mut fill = start;
    let mut events: Vec<(u32, i16)> = vec![(0, 0); start[257]];
    for (t, (_, naf)) in terms.iter().enumerate() {
        for (bit, d) in naf.iter().enumerate() {
            if *d != 0 {
                events[fill[bit]] = (t as u32, *d);
                fill[bit] += 1;
            }
        }
    }
    let mut acc = P::identity();
    for bit in (0..=top).rev() {
        acc = acc.double();
        for &(t, d) in &events[start[bit]..start[bit + 1]] {
            let entries = terms[t as usize].0;
            if d > 0 {
                acc = acc.add_affine(&entries[d as usize >> 1]);
            } else {
                acc = acc.sub_affine(&entries[(-d) as usize >> 1]);
            }
        }
    }
    acc
}
