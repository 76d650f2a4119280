//! The constant-time lane sums of the engine and the signed radix-16 recodings of
//! the secret scalars they read.

#![allow(non_snake_case)]

use alloc::vec::Vec;

use super::{ExtL, NielsL, ProjNielsL};
use crate::curve::ristretto::edwards::{AffineNiels, EdwardsPoint};
use crate::curve::ristretto::lanes::FeLanes;
use crate::msm::lanes::LanePoint;

/// Signed radix-16 digits `d_i ∈ [−8, 8]` of a 32-byte little-endian integer below
/// `2^255` (`Σ d_i·16^i`), constant time.
pub fn radix16(bytes: &[u8; 32]) -> [i8; 64] {
    let mut d = [0i8; 64];
    for (i, b) in bytes.iter().enumerate() {
        d[2 * i] = (b & 15) as i8;
        d[2 * i + 1] = ((b >> 4) & 15) as i8;
    }
    for i in 0..63 {
        let carry = (d[i] + 8) >> 4;
        d[i] -= carry << 4;
        d[i + 1] += carry;
    }
    d
}

/// The group order `ℓ`, little-endian bytes.
const ELL: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

/// Regular signed odd radix-16 digits of a canonical scalar `s < ℓ`, in constant
/// time: 64 digits `d_j ∈ {±1, ±3, …, ±15}` with `Σ d_j·16^j = s'`, where `s' = s`
/// for odd `s` and `s + ℓ` for even `s` (so `s'` is odd; `s'·P = s·P` as ristretto255
/// points, since `ℓ·P` is 4-torsion, which ristretto255 quotients out).
///
/// With `n_j` the nibbles of `s'` and carries `c_0 = 0`,
/// `c_{j+1} = 1 − (n_{j+1} mod 2)`: `d_j = n_j + c_j − 16·c_{j+1}` (`n_j + c_j` is
/// always odd and at most 15; `c_64 = 0` because `s' < 2^254`). Every digit is
/// non-zero, so a table of the odd multiples `P, 3P, …, 15P` serves every lookup.
pub fn regular_radix16(bytes: &[u8; 32]) -> [i8; 64] {
    // s' = s + (s even)·ℓ, byte by byte with a carry, no branch.
    let even = (bytes[0] & 1) ^ 1;
    let mask = 0u8.wrapping_sub(even);
    let mut sp = [0u8; 32];
    let mut carry = 0u16;
    for i in 0..32 {
        let t = bytes[i] as u16 + (ELL[i] & mask) as u16 + carry;
        sp[i] = t as u8;
        carry = t >> 8;
    }
    let nib = |j: usize| -> i8 { ((sp[j / 2] >> (4 * (j % 2))) & 15) as i8 };
    let mut d = [0i8; 64];
    let mut c = 0i8;
    for (j, dj) in d.iter_mut().enumerate() {
        let next = if j < 63 { 1 - (nib(j + 1) & 1) } else { 0 };
        *dj = nib(j) + c - 16 * next;
        c = next;
    }
    d
}

/// `Σ d_i·P_i` in constant time in the digits (`digits[i]` = [`regular_radix16`] of
/// the `i`-th scalar), over precomputed tables whose first eight entries are
/// `P_i, 3P_i, …, 15P_i` (any width-≥5 table of [`super::Tables`]): for every digit
/// position from the top, four doublings of the shared `L`-lane accumulator, then per
/// group of `L` points one mixed addition of the entries chosen by a full scan of the
/// eight (a masked select per entry, never a secret index) and negated by a masked
/// select. Cost: `252·D + 64·⌈k/L⌉·(A_mix + L scans of 8)`, no table build; against
/// [`ct_msm`] it saves the tables (7 additions per point), one multiplication per
/// addition and a quarter of every scan.
///
/// [`super::Tables`]: crate::curve::ristretto::Tables
#[inline(always)]
pub fn ct_msm_odd_tables<F: FeLanes>(
    digits: &[[i8; 64]],
    tables: &[&[AffineNiels]],
) -> EdwardsPoint {
    let k = digits.len().min(tables.len());
    let groups = k.div_ceil(F::L);
    // The eight entries of each group of L points, lane-packed once (public data;
    // lanes past the last point hold the identity).
    let mut packed: Vec<[NielsL<F>; 8]> = Vec::with_capacity(groups);
    for g in 0..groups {
        let mut entries = [NielsL::<F>::gather(|_| &AffineNiels::IDENTITY, 0); 8];
        for (e, out) in entries.iter_mut().enumerate() {
            let mut refs: [&AffineNiels; 8] = [&AffineNiels::IDENTITY; 8];
            for (l, r) in refs.iter_mut().enumerate().take(F::L) {
                let j = g * F::L + l;
                if let Some(entry) = tables.get(j).and_then(|t| t.get(e)) {
                    if j < k {
                        *r = entry;
                    }
                }
            }
            *out = NielsL::<F>::gather(|l| refs[l], 0);
        }
        packed.push(entries);
    }
    let mut acc = ExtL::<F>::identity();
    for i in (0..64).rev() {
        if i != 63 {
            acc = acc.double().double().double().double();
        }
        for (g, t) in packed.iter().enumerate() {
            let mut idx = [0u8; 8];
            let mut neg = 0u32;
            for (l, x) in idx.iter_mut().enumerate().take(F::L) {
                let d = digits.get(g * F::L + l).map(|d| d[i]).unwrap_or(1);
                let (sign, abs) = sign_abs(d);
                *x = abs >> 1; // (|d| − 1)/2 for odd |d|
                neg |= (sign as u32) << l;
            }
            let mut e = t[0];
            for (j, entry) in t.iter().enumerate().skip(1) {
                let mut mask = 0u32;
                for (l, x) in idx.iter().enumerate().take(F::L) {
                    mask |= eq_u8(*x, j as u8) << l;
                }
                e = e.select(entry, mask);
            }
            acc = acc.add_niels(&e.conditional_neg(neg));
        }
    }
    acc.sum_lanes()
}

/// `Σ_t d_t·Q_t` in constant time in the digits, each `d_t` an odd digit of
/// [`regular_radix16`] and `tables[t]` the odd multiples `Q_t, 3Q_t, …, 15Q_t`: the
/// fixed-base comb (with `Q_t = 16^j·P` for the digit `j` of a scalar, `Σ_j d_j·16^j·P`
/// needs no doubling at all). Terms go `L` at a time, one per lane; each lane's
/// entry is chosen by a full scan of its eight (masked selects over all of them) and
/// negated by a masked select. Cost: `⌈t/L⌉·(8 gathers + 7 selects + A_mix)`.
#[inline(always)]
pub fn ct_sum_odd_lookups<F: FeLanes>(digits: &[i8], tables: &[&[AffineNiels]]) -> EdwardsPoint {
    let k = digits.len().min(tables.len());
    let mut acc = ExtL::<F>::identity();
    for g in 0..k.div_ceil(F::L) {
        let mut idx = [0u8; 8];
        let mut neg = 0u32;
        for (l, x) in idx.iter_mut().enumerate().take(F::L) {
            let d = digits.get(g * F::L + l).copied().unwrap_or(1);
            let (sign, abs) = sign_abs(d);
            *x = abs >> 1;
            neg |= (sign as u32) << l;
        }
        let mut e = NielsL::<F>::gather(|_| &AffineNiels::IDENTITY, 0);
        for m in 0..8 {
            let mut refs: [&AffineNiels; 8] = [&AffineNiels::IDENTITY; 8];
            let mut mask = 0u32;
            for (l, r) in refs.iter_mut().enumerate().take(F::L) {
                let t = g * F::L + l;
                if let Some(entry) = tables.get(t).and_then(|tab| tab.get(m)) {
                    if t < k {
                        *r = entry;
                        // Lanes past the last term (public) keep the identity.
                        mask |= eq_u8(idx[l], m as u8) << l;
                    }
                }
            }
            let candidate = NielsL::<F>::gather(|l| refs[l], 0);
            e = e.select(&candidate, mask);
        }
        acc = acc.add_niels(&e.conditional_neg(neg));
    }
    acc.sum_lanes()
}

/// The sign bit and absolute value of a signed digit, without branches.
#[inline(always)]
fn sign_abs(d: i8) -> (u8, u8) {
    let sign = (d as u8) >> 7;
    (
        sign,
        ((d as u8) ^ 0u8.wrapping_sub(sign)).wrapping_add(sign),
    )
}

/// `1` if `a = b` else `0`, without branches.
#[inline(always)]
fn eq_u8(a: u8, b: u8) -> u32 {
    (((a ^ b) as u32).wrapping_sub(1) >> 31) & 1
}

/// `Σ d_i·P_i` in constant time in the digits (`digits[i]` = [`radix16`] of the `i`-th
/// scalar): the points are split into groups of `L`, one per lane; each group has
/// tables `1·P … 8·P` built lane-parallel (projective, no inversion); then for every
/// digit position from the top, four doublings of the shared `L`-lane accumulator and
/// one addition per group of the entry selected by scanning all eight (with a
/// conditional negation). Cost: `252·D + 64·⌈k/L⌉·(A + 8 selects)` vector operations.
#[inline(always)]
pub fn ct_msm<F: FeLanes>(digits: &[[i8; 64]], points: &[EdwardsPoint]) -> EdwardsPoint {
    let k = digits.len().min(points.len());
    let groups = k.div_ceil(F::L);
    ct_msm_lanes::<F>(groups, |g, l| {
        let i = g * F::L + l;
        if i < k {
            digits.get(i).zip(points.get(i))
        } else {
            None
        }
    })
    .sum_lanes()
}

/// Two sums `Σ d_i·P_i` at once, sharing the doublings: the first sum's terms in the
/// low half of the lanes, the second's in the high half (public placement), so
/// that two small sums (a round's `L` and `R`) cost `252·D + 64·⌈max(k_0, k_1)/(L/2)⌉·
/// (A + 8 selects)` instead of twice `252·D` and more. Needs `L ≥ 2`.
#[inline(always)]
pub fn ct_msm_pair<F: FeLanes>(parts: [(&[[i8; 64]], &[EdwardsPoint]); 2]) -> [EdwardsPoint; 2] {
    let half = F::L / 2;
    if half == 0 {
        return parts.map(|(d, p)| ct_msm::<F>(d, p));
    }
    let lens = parts.map(|(d, p)| d.len().min(p.len()));
    let groups = lens[0].max(lens[1]).div_ceil(half);
    let acc = ct_msm_lanes::<F>(groups, |g, l| {
        let (side, slot) = if l < half { (0, l) } else { (1, l - half) };
        let i = g * half + slot;
        let (d, p) = parts[side];
        if i < lens[side] && side < 2 {
            d.get(i).zip(p.get(i))
        } else {
            None
        }
    });
    let lanes = acc.lanes();
    let mut out = [EdwardsPoint::IDENTITY; 2];
    for (l, p) in lanes.iter().enumerate().take(2 * half) {
        let o = &mut out[l / half];
        *o = o.add(p);
    }
    out
}

/// The lane-parallel core of [`ct_msm`] and [`ct_msm_pair`]: `groups` groups of `L`
/// lanes; `term(g, l)` is the term in lane `l` of group `g` (a public placement;
/// `None` leaves the lane at the identity). Returns the accumulator with every
/// lane's sum.
#[inline(always)]
fn ct_msm_lanes<'a, F: FeLanes>(
    groups: usize,
    term: impl Fn(usize, usize) -> Option<(&'a [i8; 64], &'a EdwardsPoint)>,
) -> ExtL<F> {
    let mut tables: Vec<[ProjNielsL<F>; 8]> = Vec::with_capacity(groups);
    let mut rows: Vec<[Option<&'a [i8; 64]>; 8]> = Vec::with_capacity(groups);
    for g in 0..groups {
        let mut row: [Option<&'a [i8; 64]>; 8] = [None; 8];
        let p = ExtL::<F>::from_fn(|l| match term(g, l) {
            Some((d, pt)) => {
                if let Some(r) = row.get_mut(l) {
                    *r = Some(d);
                }
                *pt
            }
            None => EdwardsPoint::IDENTITY,
        });
        rows.push(row);
        let pn = p.prepare_proj_niels();
        let mut t = [pn; 8];
        let mut m = p;
        for e in t.iter_mut().skip(1) {
            m = m.add_proj_niels(&pn);
            *e = m.prepare_proj_niels();
        }
        tables.push(t);
    }
    let mut acc = ExtL::<F>::identity();
    for i in (0..64).rev() {
        if i != 63 {
            acc = acc.double().double().double().double();
        }
        for (t, row) in tables.iter().zip(&rows) {
            let mut abs = [0u8; 8];
            let mut neg = 0u32;
            for (l, a) in abs.iter_mut().enumerate().take(F::L) {
                let d = row[l].map_or(0, |d| d[i]);
                let (sign, abs) = sign_abs(d);
                *a = abs;
                neg |= (sign as u32) << l;
            }
            let mut e = ProjNielsL::<F>::identity();
            for (j, entry) in t.iter().enumerate() {
                let mut mask = 0u32;
                for (l, a) in abs.iter().enumerate().take(F::L) {
                    mask |= eq_u8(*a, (j + 1) as u8) << l;
                }
                e = e.select(entry, mask);
            }
            acc = acc.add_proj_niels(&e.conditional_neg(neg));
        }
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// `Σ d_j·16^j` of the digits, as 32 little-endian bytes (must fit).
    fn digits_value(d: &[i8; 64]) -> [u8; 32] {
        let mut acc = [0i64; 33];
        for (j, dj) in d.iter().enumerate() {
            acc[j / 2] += (*dj as i64) << (4 * (j % 2));
        }
        let mut out = [0u8; 32];
        let mut carry = 0i64;
        for i in 0..32 {
            let t = acc[i] + carry;
            out[i] = t.rem_euclid(256) as u8;
            carry = t.div_euclid(256);
        }
        assert_eq!(carry, 0);
        out
    }

    #[test]
    fn regular_radix16_digits_are_odd_and_exact() {
        use curve25519_dalek::scalar::Scalar;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(16);
        let ell = ELL;
        let mut cases: Vec<Scalar> =
            alloc::vec![Scalar::ZERO, Scalar::ONE, -Scalar::ONE, Scalar::from(2u8)];
        for _ in 0..500 {
            let mut b = [0u8; 64];
            rng.fill(&mut b[..]);
            cases.push(Scalar::from_bytes_mod_order_wide(&b));
        }
        for s in cases {
            let bytes = s.to_bytes();
            let d = regular_radix16(&bytes);
            assert!(d.iter().all(|x| x % 2 != 0 && (-15..=15).contains(x)));
            let v = digits_value(&d);
            // v = s for odd s, s + ℓ for even s.
            let expect = if bytes[0] & 1 == 1 {
                bytes
            } else {
                let mut e = [0u8; 32];
                let mut c = 0u16;
                for i in 0..32 {
                    let t = bytes[i] as u16 + ell[i] as u16 + c;
                    e[i] = t as u8;
                    c = t >> 8;
                }
                e
            };
            assert_eq!(v, expect);
        }
    }
}
