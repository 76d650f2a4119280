//! Lane-parallel Edwards points: the group operations of the MSM engine and batch
//! decompression, over any [`FeLanes`] backend.
//!
//! | name | meaning |
//! |---|---|
//! | `ExtL<F>` | `L` points in extended coordinates, one per lane |
//! | `NielsL<F>` | `L` affine prepared points (`y+x, y−x, 2d·x·y`), gathered from tables |
//! | `mask` | a bit per lane (bit `l` for lane `l`) |
//!
//! Costs per lane-parallel operation, in vector multiplications (see
//! [`super::edwards`] for the formulas): mixed addition 7, full addition 9, doubling
//! 8 (4S + 4M), gathering a table entry with a per-lane sign 0 (three selects and a
//! negation).

#![allow(non_snake_case)]

use alloc::vec::Vec;

use super::edwards::{AffineNiels, EdwardsPoint};
use super::field::{Fe, D, D2, SQRT_M1};
use super::lanes::FeLanes;
use crate::msm::lanes::LanePoint;

/// `L` points in extended coordinates.
#[derive(Clone, Copy)]
pub struct ExtL<F: FeLanes> {
    X: F,
    Y: F,
    Z: F,
    T: F,
}

/// `L` affine prepared points.
#[derive(Clone, Copy)]
pub struct NielsL<F: FeLanes> {
    yp: F,
    ym: F,
    t2d: F,
}

impl<F: FeLanes> NielsL<F> {
    /// Lane `l` takes `g(l)`, negated where bit `l` of `neg` is set.
    #[inline(always)]
    pub fn gather<'a, G: FnMut(usize) -> &'a AffineNiels>(mut g: G, neg: u32) -> Self {
        let mut entries: [&AffineNiels; 8] = [&AffineNiels::IDENTITY; 8];
        for (l, e) in entries.iter_mut().enumerate().take(F::L) {
            *e = g(l);
        }
        let [yp, ym, t2d] = F::gather_niels(&entries);
        if neg == 0 {
            NielsL { yp, ym, t2d }
        } else {
            NielsL {
                yp: yp.select(&ym, neg),
                ym: ym.select(&yp, neg),
                t2d: t2d.select(&t2d.neg(), neg),
            }
        }
    }
}

impl<F: FeLanes> NielsL<F> {
    /// Lane `l` from `other` where bit `l` of `mask` is set (constant time).
    #[inline(always)]
    pub fn select(&self, other: &Self, mask: u32) -> Self {
        NielsL {
            yp: self.yp.select(&other.yp, mask),
            ym: self.ym.select(&other.ym, mask),
            t2d: self.t2d.select(&other.t2d, mask),
        }
    }

    /// Negated in the lanes whose bit of `neg` is set (constant time).
    #[inline(always)]
    pub fn conditional_neg(&self, neg: u32) -> Self {
        NielsL {
            yp: self.yp.select(&self.ym, neg),
            ym: self.ym.select(&self.yp, neg),
            t2d: self.t2d.select(&self.t2d.neg(), neg),
        }
    }
}

impl<F: FeLanes> ExtL<F> {
    /// Every lane the identity.
    #[inline(always)]
    pub fn identity() -> Self {
        ExtL {
            X: F::splat(&Fe::ZERO),
            Y: F::splat(&Fe::ONE),
            Z: F::splat(&Fe::ONE),
            T: F::splat(&Fe::ZERO),
        }
    }

    /// Lane `l` set to `g(l)`.
    #[inline(always)]
    pub fn from_fn<G: FnMut(usize) -> EdwardsPoint>(mut g: G) -> Self {
        let mut pts = [EdwardsPoint::IDENTITY; 8];
        for (l, p) in pts.iter_mut().enumerate().take(F::L) {
            *p = g(l);
        }
        ExtL {
            X: F::from_fn(|l| pts[l].X),
            Y: F::from_fn(|l| pts[l].Y),
            Z: F::from_fn(|l| pts[l].Z),
            T: F::from_fn(|l| pts[l].T),
        }
    }

    /// Every lane's point (entry `l` is lane `l % L`), one pass over the limbs.
    #[inline(always)]
    pub fn lanes(&self) -> [EdwardsPoint; 8] {
        let (x, y, z, t) = (
            self.X.lanes(),
            self.Y.lanes(),
            self.Z.lanes(),
            self.T.lanes(),
        );
        core::array::from_fn(|l| EdwardsPoint {
            X: x[l],
            Y: y[l],
            Z: z[l],
            T: t[l],
        })
    }

    /// The point in lane `l`.
    #[inline(always)]
    pub fn lane(&self, l: usize) -> EdwardsPoint {
        EdwardsPoint {
            X: self.X.lane(l),
            Y: self.Y.lane(l),
            Z: self.Z.lane(l),
            T: self.T.lane(l),
        }
    }

    #[inline(always)]
    fn finish(a: &F, b: &F, c: &F, d: &F) -> Self {
        // Each only multiplied: loose.
        let e = b.sub_loose(a);
        let f = d.sub_loose(c);
        let g = d.add_loose(c);
        let h = b.add_loose(a);
        ExtL {
            X: e.mul(&f),
            Y: g.mul(&h),
            Z: f.mul(&g),
            T: e.mul(&h),
        }
    }

    /// `self + q` lane by lane (7 vector M).
    #[inline(always)]
    pub fn add_niels(&self, q: &NielsL<F>) -> Self {
        let a = self.Y.sub_loose(&self.X).mul(&q.ym);
        let b = self.Y.add_loose(&self.X).mul(&q.yp);
        let c = self.T.mul(&q.t2d);
        let d = self.Z.add(&self.Z);
        Self::finish(&a, &b, &c, &d)
    }

    /// `self + q` lane by lane, both projective (9 vector M).
    #[inline(always)]
    pub fn add_ext(&self, q: &Self) -> Self {
        let a = self.Y.sub_loose(&self.X).mul(&q.Y.sub_loose(&q.X));
        let b = self.Y.add_loose(&self.X).mul(&q.Y.add_loose(&q.X));
        let c = self.T.mul(&q.T).mul(&F::splat(&D2));
        let zz = self.Z.mul(&q.Z);
        let d = zz.add(&zz);
        Self::finish(&a, &b, &c, &d)
    }

    /// `2·self` lane by lane (4 vector S + 4 vector M).
    #[inline(always)]
    pub fn double(&self) -> Self {
        let a = self.X.square();
        let b = self.Y.square();
        let zz = self.Z.square();
        let c = zz.add(&zz);
        let h = a.add(&b);
        let e = h.sub_loose(&self.X.add_loose(&self.Y).square());
        let g = a.sub(&b);
        let f = c.add_loose(&g);
        ExtL {
            X: e.mul(&f),
            Y: g.mul(&h),
            Z: f.mul(&g),
            T: e.mul(&h),
        }
    }

    /// Lane `l` from `b` where bit `l` of `mask` is set.
    #[inline(always)]
    pub fn select(&self, b: &Self, mask: u32) -> Self {
        ExtL {
            X: self.X.select(&b.X, mask),
            Y: self.Y.select(&b.Y, mask),
            Z: self.Z.select(&b.Z, mask),
            T: self.T.select(&b.T, mask),
        }
    }
}

/// `L` projective prepared points (`Y+X, Y−X, Z, 2d·T`), for the constant-time
/// multiscalar multiplication (no inversion needed to build its tables).
#[derive(Clone, Copy)]
pub struct ProjNielsL<F: FeLanes> {
    yp: F,
    ym: F,
    z: F,
    t2d: F,
}

impl<F: FeLanes> ProjNielsL<F> {
    /// Every lane the identity `(1, 1, 1, 0)`.
    #[inline(always)]
    fn identity() -> Self {
        let one = F::splat(&Fe::ONE);
        ProjNielsL {
            yp: one,
            ym: one,
            z: one,
            t2d: F::splat(&Fe::ZERO),
        }
    }

    /// Lane `l` from `b` where bit `l` of `mask` is set (constant time).
    #[inline(always)]
    fn select(&self, b: &Self, mask: u32) -> Self {
        ProjNielsL {
            yp: self.yp.select(&b.yp, mask),
            ym: self.ym.select(&b.ym, mask),
            z: self.z.select(&b.z, mask),
            t2d: self.t2d.select(&b.t2d, mask),
        }
    }

    /// Negates the lanes whose bit is set in `mask` (constant time).
    #[inline(always)]
    fn conditional_neg(&self, mask: u32) -> Self {
        ProjNielsL {
            yp: self.yp.select(&self.ym, mask),
            ym: self.ym.select(&self.yp, mask),
            z: self.z,
            t2d: self.t2d.select(&self.t2d.neg(), mask),
        }
    }
}

impl<F: FeLanes> ExtL<F> {
    /// The lanes prepared for full additions.
    #[inline(always)]
    fn prepare_proj_niels(&self) -> ProjNielsL<F> {
        ProjNielsL {
            yp: self.Y.add(&self.X),
            ym: self.Y.sub(&self.X),
            z: self.Z,
            t2d: self.T.mul(&F::splat(&D2)),
        }
    }

    /// `self + q` lane by lane (8 vector M).
    #[inline(always)]
    fn add_proj_niels(&self, q: &ProjNielsL<F>) -> Self {
        let a = self.Y.sub_loose(&self.X).mul(&q.ym);
        let b = self.Y.add_loose(&self.X).mul(&q.yp);
        let c = self.T.mul(&q.t2d);
        let zz = self.Z.mul(&q.z);
        let d = zz.add(&zz);
        Self::finish(&a, &b, &c, &d)
    }
}

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
    let mut tables: Vec<[ProjNielsL<F>; 8]> = Vec::with_capacity(groups);
    for g in 0..groups {
        let p = ExtL::<F>::from_fn(|l| {
            let i = g * F::L + l;
            if i < k {
                points.get(i).copied().unwrap_or(EdwardsPoint::IDENTITY)
            } else {
                EdwardsPoint::IDENTITY
            }
        });
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
        for (g, t) in tables.iter().enumerate() {
            let mut abs = [0u8; 8];
            let mut neg = 0u32;
            for (l, a) in abs.iter_mut().enumerate().take(F::L) {
                let j = g * F::L + l;
                let d = if j < k {
                    digits.get(j).map(|d| d[i]).unwrap_or(0)
                } else {
                    0
                };
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
    acc.sum_lanes()
}

impl<F: FeLanes> LanePoint for ExtL<F> {
    type Entry = AffineNiels;
    type Point = EdwardsPoint;
    const LANES: usize = F::L;

    #[inline(always)]
    fn identity() -> Self {
        ExtL::identity()
    }
    #[inline(always)]
    fn double(&self) -> Self {
        ExtL::double(self)
    }
    #[inline(always)]
    fn add_entries<'a, G: FnMut(usize) -> &'a AffineNiels>(&self, g: G, neg: u32) -> Self {
        self.add_niels(&NielsL::gather(g, neg))
    }
    #[inline(always)]
    fn add(&self, other: &Self) -> Self {
        self.add_ext(other)
    }
    #[inline(always)]
    fn prefetch(e: &AffineNiels) {
        F::prefetch(e);
    }
    #[inline(always)]
    fn select(&self, other: &Self, mask: u32) -> Self {
        ExtL::select(self, other, mask)
    }
    #[inline(always)]
    fn lane(&self, l: usize) -> EdwardsPoint {
        ExtL::lane(self, l)
    }
    #[inline(always)]
    fn lanes(&self) -> [EdwardsPoint; 8] {
        ExtL::lanes(self)
    }
    #[inline(always)]
    fn from_points<G: FnMut(usize) -> EdwardsPoint>(g: G) -> Self {
        ExtL::from_fn(g)
    }
    #[inline(always)]
    fn point_add(a: &EdwardsPoint, b: &EdwardsPoint) -> EdwardsPoint {
        a.add(b)
    }
    #[inline(always)]
    fn point_identity() -> EdwardsPoint {
        EdwardsPoint::IDENTITY
    }
    #[inline(always)]
    fn identity_entry() -> &'static AffineNiels {
        &AffineNiels::IDENTITY
    }
}

/// `(x^(2^250 − 1), x^11)` lane by lane (the shared start of the inversion and square
/// root chains; 250 S + 11 M).
#[inline(always)]
pub fn pow22501<F: FeLanes>(x: &F) -> (F, F) {
    let t0 = x.square();
    let t1 = t0.pow2k(2);
    let t2 = x.mul(&t1);
    let t3 = t0.mul(&t2);
    let t4 = t3.square();
    let t5 = t2.mul(&t4);
    let t7 = t5.pow2k(5).mul(&t5);
    let t9 = t7.pow2k(10).mul(&t7);
    let t11 = t9.pow2k(20).mul(&t9);
    let t13 = t11.pow2k(10).mul(&t7);
    let t15 = t13.pow2k(50).mul(&t13);
    let t17 = t15.pow2k(100).mul(&t15);
    let t19 = t17.pow2k(50).mul(&t13);
    (t19, t3)
}

/// Lanes whose canonical value is odd, as a mask.
#[inline(always)]
fn negative_mask<F: FeLanes>(x: &F) -> u32 {
    let mut m = 0;
    for (l, fe) in x.lanes().iter().enumerate().take(F::L) {
        m |= ((fe.to_bytes()[0] & 1) as u32) << l;
    }
    m
}

/// One mask per target: bit `l` of mask `i` is set where lane `l` of `x` equals
/// `targets[i]` (one canonical encoding per lane, one per target).
#[inline(always)]
fn eq_masks<F: FeLanes, const N: usize>(x: &F, targets: [&Fe; N]) -> [u32; N] {
    let want: [[u8; 32]; N] = core::array::from_fn(|i| targets[i].to_bytes());
    let mut m = [0u32; N];
    let all = x.lanes();
    for (l, fe) in all.iter().enumerate().take(F::L) {
        let got = fe.to_bytes();
        for (mask, w) in m.iter_mut().zip(want.iter()) {
            *mask |= ((got == *w) as u32) << l;
        }
    }
    m
}

/// `|x|` lane by lane.
#[inline(always)]
fn abs<F: FeLanes>(x: &F) -> F {
    x.select(&x.neg(), negative_mask(x))
}

/// RFC 9496 `DECODE` of up to `L` encodings at once, variable time (public points
/// only): lane `l` of the result is the Edwards representative `(x, y, 1, x·y)` of
/// `enc[l]`, and bit `l` of the mask is set if that encoding is valid and canonical.
/// Lanes beyond `enc.len()` decode the identity.
#[inline(always)]
pub fn decode_lanes_vartime<F: FeLanes>(enc: &[[u8; 32]]) -> (Vec<EdwardsPoint>, u32) {
    let zero = [0u8; 32];
    let bytes = |l: usize| enc.get(l).unwrap_or(&zero);
    let s_fe: [Fe; 8] = core::array::from_fn(|l| Fe::from_bytes(bytes(l)));
    // Canonical (s < p, top bit clear) and non-negative s: byte checks, per lane.
    let mut ok: u32 = 0;
    for (l, s) in s_fe.iter().enumerate().take(F::L) {
        let canon = s.to_bytes() == *bytes(l);
        let even = bytes(l)[0] & 1 == 0;
        ok |= ((canon && even) as u32) << l;
    }
    let one = F::splat(&Fe::ONE);
    let s = F::from_fn(|l| s_fe[l & 7]);
    let ss = s.square();
    let u1 = one.sub(&ss);
    let u2 = one.add(&ss);
    let u2_sqr = u2.square();
    let v = F::splat(&D).mul(&u1.square()).neg().sub(&u2_sqr);
    // SQRT_RATIO_M1(1, v·u2²).
    let w = v.mul(&u2_sqr);
    let w3 = w.square().mul(&w);
    let w7 = w3.square().mul(&w);
    let (t19, _) = pow22501(&w7);
    let mut r = w3.mul(&t19.pow2k(2).mul(&w7));
    let check = w.mul(&r.square());
    let [correct, flipped, flipped_i] =
        eq_masks(&check, [&Fe::ONE, &Fe::ONE.neg(), &SQRT_M1.neg()]);
    r = r.select(&r.mul(&F::splat(&SQRT_M1)), flipped | flipped_i);
    let invsqrt = abs(&r);
    ok &= correct | flipped;
    let den_x = invsqrt.mul(&u2);
    let den_y = invsqrt.mul(&den_x).mul(&v);
    let x = abs(&s.add(&s).mul(&den_x));
    let y = u1.mul(&den_y);
    let t = x.mul(&y);
    let [y_zero] = eq_masks(&y, [&Fe::ZERO]);
    ok &= !negative_mask(&t) & !y_zero;
    let mut out = Vec::with_capacity(enc.len().min(F::L));
    for l in 0..enc.len().min(F::L) {
        out.push(EdwardsPoint {
            X: x.lane(l),
            Y: y.lane(l),
            Z: Fe::ONE,
            T: t.lane(l),
        });
    }
    let valid = if enc.len() >= 32 {
        u32::MAX
    } else {
        (1u32 << enc.len().min(F::L)) - 1
    };
    (out, ok & valid)
}

/// Decodes many ristretto255 encodings with the lane backend `F`, variable time:
/// `Err` with the index of the first invalid one.
#[inline(always)]
pub fn decode_batch_vartime<F: FeLanes>(enc: &[[u8; 32]]) -> Result<Vec<EdwardsPoint>, usize> {
    let mut out = Vec::with_capacity(enc.len());
    for (c, chunk) in enc.chunks(F::L).enumerate() {
        let (pts, ok) = decode_lanes_vartime::<F>(chunk);
        let want = if chunk.len() >= 32 {
            u32::MAX
        } else {
            (1u32 << chunk.len()) - 1
        };
        if ok != want {
            let bad = (!ok & want).trailing_zeros() as usize;
            return Err(c * F::L + bad);
        }
        out.extend(pts);
    }
    Ok(out)
}

/// `(x : y : 1 : x·y)` prepared for mixed additions: `(y + x, y − x, 2d·x·y)`, for
/// points with `Z = 1` (decoded points).
#[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
pub fn affine_niels_of_decoded(p: &EdwardsPoint) -> AffineNiels {
    AffineNiels {
        y_plus_x: p.Y.add(&p.X),
        y_minus_x: p.Y.sub(&p.X),
        xy2d: p.T.mul(&D2),
    }
}

/// `x^(p−2)` lane by lane (the inverse; 0 for 0).
#[inline(always)]
pub fn invert<F: FeLanes>(x: &F) -> F {
    let (t19, t3) = pow22501(x);
    t19.pow2k(5).mul(&t3)
}

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
    super::edwards::batch_to_affine_niels(&all)
}

#[cfg(test)]
mod tests {
    use super::super::edwards::decode;
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

    fn check_backend<F: FeLanes>() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        // Valid encodings of random points, the identity, and random bytes.
        let mut enc = Vec::new();
        for i in 0..40 {
            let mut u = [0u8; 64];
            rng.fill(&mut u[..]);
            let p = curve25519_dalek::ristretto::RistrettoPoint::from_uniform_bytes(&u);
            enc.push(if i == 7 {
                [0u8; 32]
            } else {
                p.compress().to_bytes()
            });
        }
        let pts = decode_batch_vartime::<F>(&enc).expect("all valid");
        for (e, p) in enc.iter().zip(pts.iter()) {
            let serial = decode(e).expect("valid");
            assert!(bool::from(serial.ristretto_eq(p)));
            assert_eq!(p.encode(), *e);
        }
        for _ in 0..200 {
            let mut b = [0u8; 32];
            rng.fill(&mut b[..]);
            b[0] &= 0xfe;
            b[31] &= 0x7f;
            let mut batch = enc[..5].to_vec();
            batch.push(b);
            let r = decode_batch_vartime::<F>(&batch);
            assert_eq!(r.is_ok(), decode(&b).is_some());
            if let Err(i) = r {
                assert_eq!(i, 5);
            }
        }
        // Lane-parallel tables against the serial ones.
        for per in [1usize, 8] {
            let lanes_t = odd_multiples_lanes::<F>(&pts[..11], per);
            let serial: Vec<AffineNiels> = if per == 1 {
                super::super::edwards::batch_to_affine_niels(&pts[..11])
            } else {
                odd_multiple_tables(&pts[..11], 5)
            };
            assert_eq!(lanes_t.len(), serial.len());
            for (a, b) in lanes_t.iter().zip(serial.iter()) {
                assert_eq!(a.y_plus_x, b.y_plus_x);
                assert_eq!(a.y_minus_x, b.y_minus_x);
                assert_eq!(a.xy2d, b.xy2d);
            }
        }
        // Lane group law against the serial one.
        let a: Vec<EdwardsPoint> = pts[..8].to_vec();
        let b: Vec<EdwardsPoint> = pts[8..16].to_vec();
        let bn: Vec<AffineNiels> = b.iter().map(|p| p.to_affine_niels()).collect();
        for chunk in 0..(8 / F::L) {
            let off = chunk * F::L;
            let la = ExtL::<F>::from_fn(|l| a[off + l]);
            let lb = ExtL::<F>::from_fn(|l| b[off + l]);
            let sum = la.add_ext(&lb);
            let dbl = la.double();
            let mixed = la.add_niels(&NielsL::gather(|l| &bn[off + l], 0b1010_1010));
            for l in 0..F::L {
                let (x, y) = (a[off + l], b[off + l]);
                assert!(bool::from(sum.lane(l).ristretto_eq(&x.add(&y))));
                assert!(bool::from(dbl.lane(l).ristretto_eq(&x.double())));
                let expect = if (0b1010_1010 >> l) & 1 == 1 {
                    x.add(&y.neg())
                } else {
                    x.add(&y)
                };
                assert!(bool::from(mixed.lane(l).ristretto_eq(&expect)));
            }
        }
    }

    fn to_dalek(p: &EdwardsPoint) -> curve25519_dalek::ristretto::RistrettoPoint {
        curve25519_dalek::ristretto::CompressedRistretto(p.encode())
            .decompress()
            .expect("valid")
    }

    fn scalar_limbs(s: &curve25519_dalek::scalar::Scalar) -> [u64; 4] {
        let b = s.to_bytes();
        core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap()))
    }

    fn check_msm<F: FeLanes>() {
        use crate::msm::lanes::{pippenger_run, straus, straus_multi, PippengerInput, Straus};
        use curve25519_dalek::scalar::Scalar;
        use curve25519_dalek::traits::VartimeMultiscalarMul;
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(10);
        for &k in &[0usize, 1, 2, 3, 7, 8, 9, 17, 64, 65, 150] {
            let pts: Vec<EdwardsPoint> = (0..k)
                .map(|_| {
                    let mut u = [0u8; 64];
                    rng.fill(&mut u[..]);
                    decode(
                        curve25519_dalek::ristretto::RistrettoPoint::from_uniform_bytes(&u)
                            .compress()
                            .as_bytes(),
                    )
                    .unwrap()
                })
                .collect();
            let scalars: Vec<Scalar> = (0..k)
                .map(|i| match i % 5 {
                    0 => Scalar::ZERO,
                    1 => Scalar::ONE,
                    2 => -Scalar::ONE,
                    _ => {
                        let mut w = [0u8; 64];
                        rng.fill(&mut w[..]);
                        Scalar::from_bytes_mod_order_wide(&w)
                    }
                })
                .collect();
            let expect = curve25519_dalek::ristretto::RistrettoPoint::vartime_multiscalar_mul(
                &scalars,
                pts.iter().map(to_dalek),
            );
            let limbs: Vec<[u64; 4]> = scalars.iter().map(scalar_limbs).collect();
            for w in [5usize, 8] {
                let tables = odd_multiple_tables(&pts, w);
                let per = 1 << (w - 2);
                let mut terms = Straus::default();
                for (i, s) in limbs.iter().enumerate() {
                    terms.push(&tables[i * per..(i + 1) * per], s, w);
                }
                let got = straus::<ExtL<F>>(&terms);
                assert_eq!(
                    got.encode(),
                    expect.compress().to_bytes(),
                    "straus k={k} w={w}"
                );
            }
            // Several sums at once: the first j points, for j = 0..min(k, 10).
            let tables = odd_multiple_tables(&pts, 5);
            let inputs: Vec<Straus<'_, AffineNiels>> = (0..k.min(10))
                .map(|j| {
                    let mut t = Straus::default();
                    for i in 0..j {
                        t.push(&tables[i * 8..(i + 1) * 8], &limbs[i], 5);
                    }
                    t
                })
                .collect();
            for count in [1usize, 2, 3, inputs.len()] {
                let got = straus_multi::<ExtL<F>>(&inputs[..count.min(inputs.len())]);
                for (j, g) in got.iter().enumerate() {
                    let e = curve25519_dalek::ristretto::RistrettoPoint::vartime_multiscalar_mul(
                        &scalars[..j],
                        pts[..j].iter().map(to_dalek),
                    );
                    assert_eq!(
                        g.encode(),
                        e.compress().to_bytes(),
                        "multi {count} input {j}"
                    );
                }
            }
            // Pippenger, windowed and over shifted copies (every point, and a subset in
            // reverse order through an index map), through one call site: each call
            // site of the lane code is a full copy in the test binary.
            let entries: Vec<AffineNiels> = pts.iter().map(affine_niels_of_decoded).collect();
            let wrapped: Vec<super::super::Point> =
                pts.iter().map(|p| super::super::Point(*p)).collect();
            let idx: Vec<usize> = (0..k).rev().step_by(2).collect();
            let sub: Vec<[u64; 4]> = idx.iter().map(|&i| limbs[i]).collect();
            let sub_expect = curve25519_dalek::ristretto::RistrettoPoint::vartime_multiscalar_mul(
                idx.iter().map(|&i| scalars[i]),
                idx.iter().map(|&i| to_dalek(&pts[i])),
            );
            let copies: Vec<(usize, super::super::Tables)> = [4usize, 6, 11, 12]
                .iter()
                .map(|&c| (c, super::super::Tables::shifted(&wrapped, c)))
                .collect();
            let mut cases: Vec<(PippengerInput<'_, AffineNiels>, _, alloc::string::String)> =
                [0usize, 2, 4, 5, 7, 11]
                    .iter()
                    .map(|&c| {
                        (
                            PippengerInput::Windows {
                                scalars: &limbs,
                                entries: &entries,
                                c,
                            },
                            expect,
                            alloc::format!("pippenger k={k} c={c}"),
                        )
                    })
                    .collect();
            for (c, t) in &copies {
                cases.push((
                    PippengerInput::Shifted {
                        scalars: &limbs,
                        index: None,
                        entries: &t.entries,
                        c: *c,
                    },
                    expect,
                    alloc::format!("shifted k={k} c={c}"),
                ));
                cases.push((
                    PippengerInput::Shifted {
                        scalars: &sub,
                        index: Some(&idx),
                        entries: &t.entries,
                        c: *c,
                    },
                    sub_expect,
                    alloc::format!("shifted subset k={k} c={c}"),
                ));
            }
            for (input, e, what) in &cases {
                let got = pippenger_run::<ExtL<F>>(input);
                assert_eq!(got.encode(), e.compress().to_bytes(), "{what}");
            }
        }
    }

    #[test]
    fn portable_backend() {
        check_backend::<Fe>();
        check_msm::<Fe>();
    }

    #[cfg(all(target_arch = "x86_64", target_feature = "avx512ifma"))]
    #[test]
    fn ifma_backend() {
        check_backend::<super::super::lanes::ifma::F8>();
        check_msm::<super::super::lanes::ifma::F8>();
    }

    /// The AVX2 backend, run through its `#[target_feature]` entry (skipped on
    /// machines without AVX2).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn avx2_backend() {
        use super::super::lanes::{avx2, dispatch_with, Backend, LaneTask};
        if !avx2::available() {
            return;
        }
        struct Check;
        impl LaneTask for Check {
            type Output = usize;
            fn run<F: FeLanes>(self) -> usize {
                check_backend::<F>();
                check_msm::<F>();
                F::L
            }
        }
        assert_eq!(dispatch_with(Backend::Avx2, Check), 4);
    }
}
