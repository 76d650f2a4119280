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
//!
//! This file holds the lane point types and their group law; beside it, the
//! constant-time sums and the scalar recodings they read (`ct`), batch
//! decompression (`decode`) and the affine multiples of table building
//! (`multiples`), re-exported here.
//!
//! [`super::edwards`]: mod@super::edwards

#![allow(non_snake_case)]

use super::edwards::{AffineNiels, EdwardsPoint};
use super::field::{Fe, D2};
use super::lanes::FeLanes;
use crate::msm::lanes::LanePoint;

mod ct;
mod decode;
mod multiples;

// The engine's functions, at their paths of before the split (public with
// `unstable-internals`); the crate itself uses some of them.
#[cfg_attr(not(feature = "unstable-internals"), allow(unused_imports))]
pub use ct::{
    ct_msm, ct_msm_odd_tables, ct_msm_pair, ct_sum_odd_lookups, radix16, regular_radix16,
};
#[cfg_attr(not(feature = "unstable-internals"), allow(unused_imports))]
pub use decode::{affine_niels_of_decoded, decode_batch_vartime, decode_lanes_vartime};
#[cfg_attr(not(feature = "unstable-internals"), allow(unused_imports))]
pub use multiples::{multiples_lanes, odd_multiple_tables, odd_multiples_lanes, Multiples};

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

/// `x^(p−2)` lane by lane (the inverse; 0 for 0).
#[inline(always)]
pub fn invert<F: FeLanes>(x: &F) -> F {
    let (t19, t3) = pow22501(x);
    t19.pow2k(5).mul(&t3)
}

#[cfg(test)]
mod tests {
    use super::super::edwards::decode;
    use super::super::lanes::{dispatch_with, Backend, LaneTask};
    use super::*;
    use crate::msm::lanes::{
        pippenger_run, pippenger_run_buckets, straus, straus_multi, Buckets, PippengerInput, Straus,
    };
    use alloc::string::String;
    use alloc::vec::Vec;
    use curve25519_dalek::ristretto::RistrettoPoint;
    use curve25519_dalek::scalar::Scalar;
    use curve25519_dalek::traits::VartimeMultiscalarMul;
    use rand::{Rng, SeedableRng};

    // Each lane computation under test is its own `LaneTask`, and the inputs and
    // the expected values are computed outside it: a backend's entry is a
    // `#[target_feature]` function into which the task is inlined whole, and one
    // task holding every check (with dalek's reference MSMs) made a single function
    // whose optimisation dominated the test build.

    /// Batch decompression.
    struct DecodeJob<'a>(&'a [[u8; 32]]);
    impl LaneTask for DecodeJob<'_> {
        type Output = Result<Vec<EdwardsPoint>, usize>;
        fn run<F: FeLanes>(self) -> Self::Output {
            decode_batch_vartime::<F>(self.0)
        }
    }

    /// Lane-parallel tables of odd multiples, `per` entries per point.
    struct TablesJob<'a>(&'a [EdwardsPoint], usize);
    impl LaneTask for TablesJob<'_> {
        type Output = Vec<AffineNiels>;
        fn run<F: FeLanes>(self) -> Self::Output {
            odd_multiples_lanes::<F>(self.0, self.1)
        }
    }

    /// The lane group law on lanes `a`, `b`: `a + b`, `2a` and `a ± b` through
    /// Niels form (lane `l` subtracts where bit `l` of `GROUP_LAW_SIGNS` is set),
    /// each with whether it subtracted.
    struct GroupLawJob<'a>(&'a [EdwardsPoint], &'a [EdwardsPoint], &'a [AffineNiels]);
    const GROUP_LAW_SIGNS: u32 = 0b1010_1010;
    impl LaneTask for GroupLawJob<'_> {
        type Output = Vec<([EdwardsPoint; 3], bool)>;
        fn run<F: FeLanes>(self) -> Self::Output {
            let GroupLawJob(a, b, bn) = self;
            let mut out = Vec::new();
            for off in (0..a.len()).step_by(F::L) {
                let la = ExtL::<F>::from_fn(|l| a[off + l]);
                let lb = ExtL::<F>::from_fn(|l| b[off + l]);
                let sum = la.add_ext(&lb);
                let dbl = la.double();
                let mixed = la.add_niels(&NielsL::gather(|l| &bn[off + l], GROUP_LAW_SIGNS));
                out.extend((0..F::L).map(|l| {
                    let subtracted = (GROUP_LAW_SIGNS >> l) & 1 == 1;
                    ([sum.lane(l), dbl.lane(l), mixed.lane(l)], subtracted)
                }));
            }
            out
        }
    }

    /// Straus over the lanes, several sums at once.
    struct StrausJob<'a, 't>(&'a [Straus<'t, AffineNiels>]);
    impl LaneTask for StrausJob<'_, '_> {
        type Output = Vec<EdwardsPoint>;
        fn run<F: FeLanes>(self) -> Self::Output {
            match self.0 {
                [one] => alloc::vec![straus::<ExtL<F>>(one)],
                many => straus_multi::<ExtL<F>>(many),
            }
        }
    }

    /// The number of lanes of the backend the task runs on.
    struct LanesJob;
    impl LaneTask for LanesJob {
        type Output = usize;
        fn run<F: FeLanes>(self) -> usize {
            F::L
        }
    }

    /// Pippenger over the lanes: the whole sum, then its lower and upper buckets.
    struct PippengerJob<'a, 't>(&'a PippengerInput<'t, AffineNiels>);
    impl LaneTask for PippengerJob<'_, '_> {
        type Output = [EdwardsPoint; 3];
        fn run<F: FeLanes>(self) -> Self::Output {
            let all = pippenger_run::<ExtL<F>>(self.0);
            let [lower, upper] = [Buckets::Lower, Buckets::Upper]
                .map(|b| pippenger_run_buckets::<ExtL<F>>(self.0, b));
            [all, lower, upper]
        }
    }

    fn check_backend(backend: Backend) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        // Valid encodings of random points, the identity, and random bytes.
        let mut enc = Vec::new();
        for i in 0..40 {
            let mut u = [0u8; 64];
            rng.fill(&mut u[..]);
            let p = RistrettoPoint::from_uniform_bytes(&u);
            enc.push(if i == 7 {
                [0u8; 32]
            } else {
                p.compress().to_bytes()
            });
        }
        let pts = dispatch_with(backend, DecodeJob(&enc)).expect("all valid");
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
            let r = dispatch_with(backend, DecodeJob(&batch));
            assert_eq!(r.is_ok(), decode(&b).is_some());
            if let Err(i) = r {
                assert_eq!(i, 5);
            }
        }
        // Lane-parallel tables against the serial ones.
        for per in [1usize, 8] {
            let lanes_t = dispatch_with(backend, TablesJob(&pts[..11], per));
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
        // Lane group law against the serial one (eight points: whole vectors on
        // every backend).
        let (a, b) = (&pts[..8], &pts[8..16]);
        let bn: Vec<AffineNiels> = b.iter().map(|p| p.to_affine_niels()).collect();
        let got = dispatch_with(backend, GroupLawJob(a, b, &bn));
        assert_eq!(got.len(), 8);
        for (l, ([sum, dbl, mixed], subtracted)) in got.iter().enumerate() {
            let (x, y) = (a[l], b[l]);
            assert!(bool::from(sum.ristretto_eq(&x.add(&y))));
            assert!(bool::from(dbl.ristretto_eq(&x.double())));
            let expect = if *subtracted {
                x.add(&y.neg())
            } else {
                x.add(&y)
            };
            assert!(bool::from(mixed.ristretto_eq(&expect)));
        }
    }

    fn to_dalek(p: &EdwardsPoint) -> RistrettoPoint {
        curve25519_dalek::ristretto::CompressedRistretto(p.encode())
            .decompress()
            .expect("valid")
    }

    fn scalar_limbs(s: &Scalar) -> [u64; 4] {
        let b = s.to_bytes();
        core::array::from_fn(|i| u64::from_le_bytes(b[8 * i..8 * i + 8].try_into().unwrap()))
    }

    fn check_msm(backend: Backend) {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(10);
        for &k in &[0usize, 1, 2, 3, 7, 8, 9, 17, 64, 65, 150] {
            let pts: Vec<EdwardsPoint> = (0..k)
                .map(|_| {
                    let mut u = [0u8; 64];
                    rng.fill(&mut u[..]);
                    decode(RistrettoPoint::from_uniform_bytes(&u).compress().as_bytes()).unwrap()
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
            let expect =
                RistrettoPoint::vartime_multiscalar_mul(&scalars, pts.iter().map(to_dalek));
            let limbs: Vec<[u64; 4]> = scalars.iter().map(scalar_limbs).collect();
            for w in [5usize, 8] {
                let tables = odd_multiple_tables(&pts, w);
                let per = 1 << (w - 2);
                let mut terms = Straus::default();
                for (i, s) in limbs.iter().enumerate() {
                    terms.push(&tables[i * per..(i + 1) * per], s, w);
                }
                let got = dispatch_with(backend, StrausJob(core::slice::from_ref(&terms)));
                assert_eq!(got.len(), 1);
                assert_eq!(
                    got[0].encode(),
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
                let count = count.min(inputs.len());
                let got = dispatch_with(backend, StrausJob(&inputs[..count]));
                assert_eq!(got.len(), count);
                for (j, g) in got.iter().enumerate() {
                    let e = RistrettoPoint::vartime_multiscalar_mul(
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
            // reverse order through an index map).
            let entries: Vec<AffineNiels> = pts.iter().map(affine_niels_of_decoded).collect();
            let wrapped: Vec<super::super::Point> =
                pts.iter().map(|p| super::super::Point(*p)).collect();
            let idx: Vec<usize> = (0..k).rev().step_by(2).collect();
            let sub: Vec<[u64; 4]> = idx.iter().map(|&i| limbs[i]).collect();
            let sub_expect = RistrettoPoint::vartime_multiscalar_mul(
                idx.iter().map(|&i| scalars[i]),
                idx.iter().map(|&i| to_dalek(&pts[i])),
            );
            let copies: Vec<(usize, super::super::Tables)> = [4usize, 6, 11, 12]
                .iter()
                .map(|&c| (c, super::super::Tables::shifted(&wrapped, c)))
                .collect();
            let mut cases: Vec<(PippengerInput<'_, AffineNiels>, _, String)> =
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
                let [got, lower, upper] = dispatch_with(backend, PippengerJob(input));
                assert_eq!(got.encode(), e.compress().to_bytes(), "{what}");
                // The two halves of the buckets add up to the whole.
                assert_eq!(lower.add(&upper).encode(), got.encode(), "{what} (halves)");
                if k > 8 {
                    assert_ne!(
                        lower.encode(),
                        got.encode(),
                        "{what}: a half is not the whole"
                    );
                }
            }
        }
    }

    /// Decompression, tables, the group law and the MSMs on every backend this
    /// machine has, each run through its entry (the vector ones through their
    /// `#[target_feature]` functions, in every build); a missing one is skipped.
    #[test]
    fn every_backend() {
        for backend in Backend::ALL {
            if backend.available() {
                assert_eq!(
                    dispatch_with(backend, LanesJob),
                    backend.lanes(),
                    "{backend:?}"
                );
                check_backend(backend);
                check_msm(backend);
            }
        }
    }
}
