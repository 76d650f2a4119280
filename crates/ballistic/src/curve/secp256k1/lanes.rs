//! Eight secp256k1 points at once with AVX-512 IFMA (radix 2^52): the lane engine of
//! the variable-time multiscalar multiplications, selected at run time.
//!
//! | name | meaning |
//! |---|---|
//! | `F8` | eight field elements, limb `k` (bits `52k..52k+52`) of every lane in one 512-bit register |
//! | `P8` | eight points in projective coordinates `(X : Y : Z)`, one per lane |
//! | [`LaneAffine`] | a table entry: an affine point in 52-bit limbs, or the identity |
//! | `lo52(x·y)`, `hi52(x·y)` | bits 0..52 and 52..104 of the product of two 52-bit limbs (`vpmadd52luq`, `vpmadd52huq`) |
//! | `C` | `2^256 mod p = 2^32 + 977` |
//! | `R` | `2^260 mod p = 16·C = 0x1000003D10` (37 bits) |
//! | `M` | `2^52 − 1` |
//!
//! **Values.** Every `F8` leaves an operation *normalised*: limbs 0..3 below `2^52`,
//! limb 4 at most `2^48`, so the value is below `2^256 + 2^208 < 2p` (any
//! representative modulo `p`). The IFMA instructions read only the low 52 bits of
//! their inputs, so every multiplication input must have limbs below `2^52`; there is
//! no spare bit per limb (`5·52 = 260` against 256 bits of `p`), so additions carry
//! right away instead of lazily.
//!
//! **Normalisation** (`norm`, of limbs below `2^63`): a serial carry through limbs
//! 0..4; the bits of limb 4 from 48 up (weight `2^256`) fold into limb 0 times `C`
//! (one IFMA: `h ≤ 2^15`, `h·C < 2^48`); a second carry. Additions `a + b`,
//! subtractions `a + 2p − b` (with `2p` written limb by limb, each limb at least the
//! largest normalised limb, so no limb goes negative) and small multiples (`3a`, `8a`,
//! `21a` by shifts) are one normalisation each.
//!
//! **Multiplication.** Column `k` of the product collects `lo52(a_i·b_j)` for
//! `i + j = k` and `hi52(a_i·b_j)` for `i + j = k − 1` (50 IFMA instructions; 30 for a
//! square, whose cross products are counted once and doubled), every column below
//! `2^56`. Columns 5..9 fold down without a carry chain: column `5 + k` is split as
//! `u + 2^52·c` (`u < 2^52`, `c < 2^4`) and adds `lo52(u·R)` to column `k`,
//! `hi52(u·R) + lo52(c·R)` to column `k + 1`; the sixth limb this leaves (below
//! `2^42`) folds once more the same way, then one normalisation.
//!
//! **Points.** The complete formulas of [`super::point`] (Renes–Costello–Batina,
//! `a = 0`: Algorithm 7 for `P8 + P8`, 8 for `P8 + affine`, 9 for doubling), so the
//! lanes need no exceptional cases: a lane whose accumulator or entry is the identity,
//! or whose two points are equal or opposite, is computed like the others. An
//! identity entry (which has no affine form) is added as any point and its lanes then
//! keep the accumulator (a select).
//!
//! **Selection.** [`available`] (run-time `cpufeatures` detection of `avx512f` and
//! `avx512ifma`, cached) guards every entry ([`run`], [`sqrt8`](super::pow_ifma::sqrt8)):
//! the work runs inside a `#[target_feature(enable = "avx512f,avx512ifma")]`
//! function, and everything it calls down to the intrinsics is `#[inline(always)]`,
//! so it is compiled with the features. The `F8` and `P8` methods, some of them trait
//! methods that cannot carry the attribute, call the intrinsic wrappers in `unsafe`
//! blocks whose argument is that an `F8` exists: every constructor checks
//! [`available`] first (a cached load), and every other `F8` is computed from one.

#![allow(unsafe_code, non_snake_case)]

use alloc::vec::Vec;
use core::arch::x86_64::__m512i;

use super::field::{C, W};
use super::point::{Affine, Point};
use crate::curve::ifma_ops as v;
use crate::msm::lanes::{LanePoint, PippengerInput, Straus};

/// Whether this machine runs the lanes (`avx512f` and `avx512ifma`).
pub use crate::curve::ifma_ops::available;

const M52: u64 = (1 << 52) - 1;
const M48: u64 = (1 << 48) - 1;
/// `2^260 mod p`.
const R: u64 = C << 4;
/// `2p` limb by limb (`2·p_k` for the radix-2^52 limbs `p_k` of `p`): every limb is
/// at least the largest limb of a normalised value, so `a + 2p − b` has no negative
/// limb.
const TWO_P: [u64; 5] = [2 * 0xF_FFFE_FFFF_FC2F, 2 * M52, 2 * M52, 2 * M52, 2 * M48];

// Every `F8` constructor calls `check` first (a panic on a CPU without the features).
use crate::curve::ifma_ops::check;

/// Eight field elements (see the module notation), normalised.
#[derive(Clone, Copy)]
pub(crate) struct F8(pub(crate) [__m512i; 5]);

/// Limbs of radix 2^52 of a value below `2^256` (limb 4 below `2^48`).
#[inline(always)]
pub(crate) fn to_52(w: &W) -> [u64; 5] {
    let w = &w.0;
    [
        w[0] & M52,
        ((w[0] >> 52) | (w[1] << 12)) & M52,
        ((w[1] >> 40) | (w[2] << 24)) & M52,
        ((w[2] >> 28) | (w[3] << 36)) & M52,
        w[3] >> 16,
    ]
}

/// The value of five 52-bit limbs (below `2^260`) as a `W`: the bits above 256 fold
/// with `2^256 ≡ C`.
#[inline(always)]
pub(crate) fn from_52(l: &[u64; 5]) -> W {
    let low = W([
        l[0] | (l[1] << 52),
        (l[1] >> 12) | (l[2] << 40),
        (l[2] >> 24) | (l[3] << 28),
        (l[3] >> 36) | (l[4] << 16),
    ]);
    low.add(&W([(l[4] >> 48) * C, 0, 0, 0]))
}

/// `t[k+1] += t[k] >> 52; t[k] &= M` for `k` in `0..4`.
#[inline(always)]
fn carry4(t: &mut [__m512i; 5]) {
    // SAFETY: an `F8` or `P8` exists (module documentation), so the CPU has the
    // features (the same holds for every block of this file).
    unsafe {
        let m = v::splat(M52 as i64);
        for k in 0..4 {
            t[k + 1] = v::add(t[k + 1], v::shr::<52>(t[k]));
            t[k] = v::and(t[k], m);
        }
    }
}

/// Normalises limbs below `2^63` (module documentation).
#[inline(always)]
fn norm(mut t: [__m512i; 5]) -> F8 {
    carry4(&mut t);
    // SAFETY: as in `carry4`.
    unsafe {
        let h = v::shr::<48>(t[4]);
        t[4] = v::and(t[4], v::splat(M48 as i64));
        t[0] = v::madd_lo(t[0], h, v::splat(C as i64));
    }
    carry4(&mut t);
    F8(t)
}

impl F8 {
    /// Every lane `w`.
    #[inline(always)]
    pub(crate) fn splat(w: &W) -> F8 {
        F8::from_limbs(&[to_52(w); 8])
    }

    /// Lane `l` from `limbs[l]` (limbs below `2^52`, limb 4 at most `2^48`).
    #[inline(always)]
    pub(crate) fn from_limbs(limbs: &[[u64; 5]; 8]) -> F8 {
        check();
        // SAFETY: checked just above.
        unsafe { F8(each!(k => v::from_array(core::array::from_fn(|l| limbs[l][k])); 0 1 2 3 4)) }
    }

    /// Every lane's limbs.
    #[inline(always)]
    pub(crate) fn to_limbs(self) -> [[u64; 5]; 8] {
        // SAFETY: as in `carry4`.
        let out: [[u64; 8]; 5] = unsafe { each!(k => v::to_array(self.0[k]); 0 1 2 3 4) };
        core::array::from_fn(|l| core::array::from_fn(|k| out[k][l]))
    }

    /// Every lane's value.
    #[inline(always)]
    pub(crate) fn to_w(self) -> [W; 8] {
        let l = self.to_limbs();
        core::array::from_fn(|i| from_52(&l[i]))
    }

    /// `self + b`.
    #[inline(always)]
    pub(crate) fn add(&self, b: &F8) -> F8 {
        // SAFETY: as in `carry4`.
        unsafe { norm(each!(k => v::add(self.0[k], b.0[k]); 0 1 2 3 4)) }
    }

    /// `self − b`.
    #[inline(always)]
    pub(crate) fn sub(&self, b: &F8) -> F8 {
        // SAFETY: as in `carry4`.
        unsafe {
            norm(
                each!(k => v::sub(v::add(self.0[k], v::splat(TWO_P[k] as i64)), b.0[k]); 0 1 2 3 4),
            )
        }
    }

    /// `−self`.
    #[inline(always)]
    pub(crate) fn neg(&self) -> F8 {
        // SAFETY: as in `carry4`.
        unsafe { norm(each!(k => v::sub(v::splat(TWO_P[k] as i64), self.0[k]); 0 1 2 3 4)) }
    }

    /// `(self << A) + (self << B)`, plus `self` if `with_self`, normalised. `opaque`
    /// keeps LLVM from fusing the shifts into `vpmullq` (slower than shifts and
    /// adds).
    #[inline(always)]
    fn shifted_sum<const A: u32, const B: u32>(&self, with_self: bool) -> F8 {
        // SAFETY: as in `carry4`.
        unsafe {
            norm(each!(k => {
                let x = v::opaque(self.0[k]);
                let t = v::add(v::shl::<A>(x), v::shl::<B>(x));
                if with_self {
                    v::add(t, x)
                } else {
                    t
                }
            }; 0 1 2 3 4))
        }
    }

    /// `3·self`.
    #[inline(always)]
    pub(crate) fn mul3(&self) -> F8 {
        self.shifted_sum::<1, 0>(false)
    }

    /// `8·self`.
    #[inline(always)]
    pub(crate) fn mul8(&self) -> F8 {
        self.shifted_sum::<2, 2>(false)
    }

    /// `21·self` (`b3 = 3·7`).
    #[inline(always)]
    pub(crate) fn mul21(&self) -> F8 {
        self.shifted_sum::<4, 2>(true)
    }

    /// Folds the ten product columns `t` (each below `2^56`) into a normalised value
    /// (module documentation).
    #[inline(always)]
    fn reduce(t: [__m512i; 10]) -> F8 {
        // SAFETY: as in `carry4`.
        unsafe {
            let r = v::splat(R as i64);
            let m = v::splat(M52 as i64);
            let mut s = [t[0], t[1], t[2], t[3], t[4], v::zero()];
            for k in 0..5 {
                let u = v::and(t[5 + k], m);
                let c = v::shr::<52>(t[5 + k]);
                s[k] = v::madd_lo(s[k], u, r);
                s[k + 1] = v::madd_hi(s[k + 1], u, r);
                s[k + 1] = v::madd_lo(s[k + 1], c, r);
            }
            // The sixth limb (< 2^42) once more.
            s[0] = v::madd_lo(s[0], s[5], r);
            s[1] = v::madd_hi(s[1], s[5], r);
            norm([s[0], s[1], s[2], s[3], s[4]])
        }
    }

    /// `self · b`.
    #[inline(always)]
    pub(crate) fn mul(&self, b: &F8) -> F8 {
        let (a, b) = (&self.0, &b.0);
        // SAFETY: as in `carry4`.
        unsafe {
            // Separate lo and hi accumulators per column: two short dependency chains.
            let mut lo = [v::zero(); 10];
            let mut hi = [v::zero(); 10];
            for i in 0..5 {
                for j in 0..5 {
                    lo[i + j] = v::madd_lo(lo[i + j], a[i], b[j]);
                    hi[i + j + 1] = v::madd_hi(hi[i + j + 1], a[i], b[j]);
                }
            }
            F8::reduce(each!(k => v::add(lo[k], hi[k]); 0 1 2 3 4 5 6 7 8 9))
        }
    }

    /// `self²`.
    #[inline(always)]
    pub(crate) fn square(&self) -> F8 {
        let a = &self.0;
        // SAFETY: as in `carry4`.
        unsafe {
            let mut lo = [v::zero(); 10];
            let mut hi = [v::zero(); 10];
            let mut lo2 = [v::zero(); 10];
            let mut hi2 = [v::zero(); 10];
            for i in 0..5 {
                lo[2 * i] = v::madd_lo(lo[2 * i], a[i], a[i]);
                hi[2 * i + 1] = v::madd_hi(hi[2 * i + 1], a[i], a[i]);
                for j in i + 1..5 {
                    lo2[i + j] = v::madd_lo(lo2[i + j], a[i], a[j]);
                    hi2[i + j + 1] = v::madd_hi(hi2[i + j + 1], a[i], a[j]);
                }
            }
            F8::reduce(each!(k => {
                let cross = v::add(lo2[k], hi2[k]);
                v::add(v::add(lo[k], hi[k]), v::add(cross, cross))
            }; 0 1 2 3 4 5 6 7 8 9))
        }
    }

    /// Lane `l` from `b` where bit `l` of `mask` is set.
    #[inline(always)]
    pub(crate) fn select(&self, b: &F8, mask: u32) -> F8 {
        // SAFETY: as in `carry4`.
        unsafe {
            let k = mask as v::__mmask8;
            F8(each!(i => v::blend(k, self.0[i], b.0[i]); 0 1 2 3 4))
        }
    }
}

/// A table entry: an affine point as ten 52-bit limbs (`x` then `y`, each fully
/// reduced), or the identity (`inf = 1`, limbs those of the generator `G` so that the
/// formulas see a valid point in its lanes, which then keep their accumulator).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct LaneAffine {
    w: [u64; 10],
    inf: u64,
}

static IDENTITY_ENTRY: LaneAffine = LaneAffine {
    // The limbs of `G` (checked by `tests::identity_entry_holds_g`).
    w: [
        0x2815b16f81798,
        0xdb2dce28d959f,
        0xe870b07029bfc,
        0xbbac55a06295c,
        0x79be667ef9dc,
        0x7d08ffb10d4b8,
        0x48a68554199c4,
        0xe1108a8fd17b4,
        0xc4655da4fbfc0,
        0x483ada7726a3,
    ],
    inf: 1,
};

impl LaneAffine {
    /// The entry of an affine point (the identity included).
    pub fn from_affine(a: &Affine) -> LaneAffine {
        if bool::from(a.infinity) {
            return IDENTITY_ENTRY;
        }
        let (x, y) = (to_52(&W::from_fe(&a.x)), to_52(&W::from_fe(&a.y)));
        LaneAffine {
            w: core::array::from_fn(|i| if i < 5 { x[i] } else { y[i - 5] }),
            inf: 0,
        }
    }
}

/// The field operations the complete formulas use, so that one copy of them serves
/// the lanes (`F8`) and the extracted single points (`W`).
trait CompleteField: Copy {
    fn add(&self, b: &Self) -> Self;
    fn sub(&self, b: &Self) -> Self;
    fn mul(&self, b: &Self) -> Self;
    /// `3·self`.
    fn mul3(&self) -> Self;
    /// `21·self` (`b3 = 3·7`).
    fn mul21(&self) -> Self;
}

impl CompleteField for F8 {
    #[inline(always)]
    fn add(&self, b: &F8) -> F8 {
        F8::add(self, b)
    }
    #[inline(always)]
    fn sub(&self, b: &F8) -> F8 {
        F8::sub(self, b)
    }
    #[inline(always)]
    fn mul(&self, b: &F8) -> F8 {
        F8::mul(self, b)
    }
    #[inline(always)]
    fn mul3(&self) -> F8 {
        F8::mul3(self)
    }
    #[inline(always)]
    fn mul21(&self) -> F8 {
        F8::mul21(self)
    }
}

impl CompleteField for W {
    #[inline(always)]
    fn add(&self, b: &W) -> W {
        W::add(self, b)
    }
    #[inline(always)]
    fn sub(&self, b: &W) -> W {
        W::sub(self, b)
    }
    #[inline(always)]
    fn mul(&self, b: &W) -> W {
        W::mul(self, b)
    }
    #[inline(always)]
    fn mul3(&self) -> W {
        self.add(self).add(self)
    }
    #[inline(always)]
    fn mul21(&self) -> W {
        self.mul(&W([21, 0, 0, 0]))
    }
}

/// The common tail of Algorithms 7 and 8 (as [`Point`]'s), from `t0 = X1X2`,
/// `t1 = Y1Y2`, `t2 = Z1Z2`, `t3 = X1Y2 + X2Y1`, `t4 = Y1Z2 + Y2Z1`,
/// `y3 = X1Z2 + X2Z1`.
#[inline(always)]
fn finish<F: CompleteField>(t0: &F, t1: &F, t2: &F, t3: &F, t4: &F, y3: &F) -> [F; 3] {
    let t0 = t0.mul3();
    let t2 = t2.mul21();
    let z3 = t1.add(&t2);
    let t1 = t1.sub(&t2);
    let y3 = y3.mul21();
    [
        t3.mul(&t1).sub(&t4.mul(&y3)),
        t1.mul(&z3).add(&y3.mul(&t0)),
        z3.mul(t4).add(&t0.mul(t3)),
    ]
}

/// `(X1 : Y1 : Z1) + (X2 : Y2 : Z2)` (Algorithm 7, complete).
#[inline(always)]
fn add_complete<F: CompleteField>(p: [&F; 3], q: [&F; 3]) -> [F; 3] {
    let ([x1, y1, z1], [x2, y2, z2]) = (p, q);
    let t0 = x1.mul(x2);
    let t1 = y1.mul(y2);
    let t2 = z1.mul(z2);
    let t3 = x1.add(y1).mul(&x2.add(y2)).sub(&t0.add(&t1));
    let t4 = y1.add(z1).mul(&y2.add(z2)).sub(&t1.add(&t2));
    let y3 = x1.add(z1).mul(&x2.add(z2)).sub(&t0.add(&t2));
    finish(&t0, &t1, &t2, &t3, &t4, &y3)
}

/// A single projective point on the 4×64-bit field: what a lane is extracted to
/// (three limb conversions, no k256 normalisation), so that Pippenger's bucket
/// flushes and the final lane sums stay cheap. Converted to a [`Point`] once, at the
/// end.
#[derive(Clone, Copy, Debug)]
pub(crate) struct WPoint {
    x: W,
    y: W,
    z: W,
}

impl WPoint {
    /// The identity `(0 : 1 : 0)`.
    pub(crate) const IDENTITY: WPoint = WPoint {
        x: W::ZERO,
        y: W::ONE,
        z: W::ZERO,
    };

    /// `self + q` (Algorithm 7, as [`Point::add`]).
    pub(crate) fn add(&self, q: &WPoint) -> WPoint {
        let [x, y, z] = add_complete([&self.x, &self.y, &self.z], [&q.x, &q.y, &q.z]);
        WPoint { x, y, z }
    }

    /// The point on k256's field.
    pub(crate) fn to_point(self) -> Point {
        Point {
            x: self.x.to_fe(),
            y: self.y.to_fe(),
            z: self.z.to_fe(),
        }
    }
}

/// Eight points in projective coordinates (see the module notation).
#[derive(Clone, Copy)]
pub(crate) struct P8 {
    X: F8,
    Y: F8,
    Z: F8,
}

impl P8 {
    /// `self + (x2, y2)` for affine points (Algorithm 8).
    #[inline(always)]
    fn add_affine(&self, x2: &F8, y2: &F8) -> P8 {
        let (x1, y1, z1) = (&self.X, &self.Y, &self.Z);
        let t0 = x1.mul(x2);
        let t1 = y1.mul(y2);
        let t3 = x2.add(y2).mul(&x1.add(y1)).sub(&t0.add(&t1));
        let t4 = y2.mul(z1).add(y1);
        let y3 = x2.mul(z1).add(x1);
        let [X, Y, Z] = finish(&t0, &t1, z1, &t3, &t4, &y3);
        P8 { X, Y, Z }
    }

    /// Lane by lane `self + q` (Algorithm 7).
    #[inline(always)]
    fn add_full(&self, q: &P8) -> P8 {
        let [X, Y, Z] = add_complete([&self.X, &self.Y, &self.Z], [&q.X, &q.Y, &q.Z]);
        P8 { X, Y, Z }
    }

    /// Lane by lane `2·self` (Algorithm 9).
    #[inline(always)]
    fn double_lanes(&self) -> P8 {
        let (x, y, z) = (&self.X, &self.Y, &self.Z);
        let t0 = y.square();
        let z3 = t0.mul8();
        let t1 = y.mul(z);
        let t2 = z.square().mul21();
        let x3 = t2.mul(&z3);
        let y3 = t0.add(&t2);
        let z3 = t1.mul(&z3);
        let t0 = t0.sub(&t2.mul3());
        let y3 = x3.add(&t0.mul(&y3));
        let xy = x.mul(y);
        let x3 = t0.mul(&xy);
        P8 {
            X: x3.add(&x3),
            Y: y3,
            Z: z3,
        }
    }

    /// Lane `l` from `other` where bit `l` of `mask` is set.
    #[inline(always)]
    fn select_lanes(&self, other: &P8, mask: u32) -> P8 {
        P8 {
            X: self.X.select(&other.X, mask),
            Y: self.Y.select(&other.Y, mask),
            Z: self.Z.select(&other.Z, mask),
        }
    }
}

impl LanePoint for P8 {
    type Entry = LaneAffine;
    type Point = WPoint;
    const LANES: usize = 8;

    #[inline(always)]
    fn identity() -> P8 {
        let (zero, one) = (F8::splat(&W::ZERO), F8::splat(&W::ONE));
        P8 {
            X: zero,
            Y: one,
            Z: zero,
        }
    }

    #[inline(always)]
    fn double(&self) -> P8 {
        self.double_lanes()
    }

    #[inline(always)]
    fn add_entries<'a, G: FnMut(usize) -> &'a LaneAffine>(&self, mut g: G, neg: u32) -> P8 {
        let e: [&LaneAffine; 8] = core::array::from_fn(&mut g);
        let mut inf = 0u32;
        for (l, e) in e.iter().enumerate() {
            inf |= ((e.inf != 0) as u32) << l;
        }
        // SAFETY: `self` exists, so the CPU has the features; every `e[l]` is a live
        // reference to eleven `u64` words (`#[repr(C)]`), of which the loads read
        // words 0..8 and 8..10. Loads and shuffles instead of hardware gathers, which
        // are slow on some cores (Zen 4).
        let (x, y) = unsafe {
            let p = |l: usize| e[l].w.as_ptr();
            let lo = v::transpose8(each!(l => v::load8(p(l)); 0 1 2 3 4 5 6 7));
            let hi = v::transpose8(each!(l => v::load2(p(l).add(8)); 0 1 2 3 4 5 6 7));
            (
                F8([lo[0], lo[1], lo[2], lo[3], lo[4]]),
                F8([lo[5], lo[6], lo[7], hi[0], hi[1]]),
            )
        };
        let y = if neg == 0 { y } else { y.select(&y.neg(), neg) };
        let sum = self.add_affine(&x, &y);
        if inf == 0 {
            sum
        } else {
            sum.select_lanes(self, inf)
        }
    }

    #[inline(always)]
    fn add(&self, other: &P8) -> P8 {
        self.add_full(other)
    }

    #[inline(always)]
    fn select(&self, other: &P8, mask: u32) -> P8 {
        self.select_lanes(other, mask)
    }

    #[inline(always)]
    fn lane(&self, l: usize) -> WPoint {
        self.lanes()[l % 8]
    }

    #[inline(always)]
    fn lanes(&self) -> [WPoint; 8] {
        let (x, y, z) = (self.X.to_w(), self.Y.to_w(), self.Z.to_w());
        core::array::from_fn(|l| WPoint {
            x: x[l],
            y: y[l],
            z: z[l],
        })
    }

    #[inline(always)]
    fn from_points<G: FnMut(usize) -> WPoint>(g: G) -> P8 {
        let p: [WPoint; 8] = core::array::from_fn(g);
        P8 {
            X: F8::from_limbs(&core::array::from_fn(|l| to_52(&p[l].x))),
            Y: F8::from_limbs(&core::array::from_fn(|l| to_52(&p[l].y))),
            Z: F8::from_limbs(&core::array::from_fn(|l| to_52(&p[l].z))),
        }
    }

    #[inline(always)]
    fn point_add(a: &WPoint, b: &WPoint) -> WPoint {
        a.add(b)
    }

    #[inline(always)]
    fn point_identity() -> WPoint {
        WPoint::IDENTITY
    }

    #[inline(always)]
    fn prefetch(e: &LaneAffine) {
        let p = e as *const LaneAffine as *const i8;
        // SAFETY: prefetching is a hint that never faults; the addresses lie in `e`.
        // An entry (88 bytes) spans up to three cache lines: those of bytes 0, 64
        // and 87 cover them all.
        unsafe {
            core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p);
            core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p.add(64));
            core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p.add(87));
        }
    }

    #[inline(always)]
    fn identity_entry() -> &'static LaneAffine {
        &IDENTITY_ENTRY
    }
}

/// A multiscalar multiplication for the lanes.
#[derive(Clone, Copy)]
pub enum Task<'a, 't> {
    /// Straus by events (`msm::lanes::straus`).
    Straus(&'a Straus<'t, LaneAffine>),
    /// Pippenger with sorted buckets (`msm::lanes::pippenger_run`).
    Pippenger(&'a PippengerInput<'t, LaneAffine>),
}

/// Runs `task` on eight lanes.
///
/// # Panics
/// If this machine lacks AVX-512 IFMA ([`available`]).
pub fn run(task: Task<'_, '_>) -> Point {
    check();
    // SAFETY: `check` found both features on this machine.
    unsafe { run_ifma(task) }
}

/// [`run`] compiled with the features, so that the `#[inline(always)]` arithmetic
/// inlines its intrinsics.
///
/// # Safety
/// The CPU must have `avx512f` and `avx512ifma`.
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn run_ifma(task: Task<'_, '_>) -> Point {
    match task {
        Task::Straus(input) => crate::msm::lanes::straus::<P8>(input),
        Task::Pippenger(input) => crate::msm::lanes::pippenger_run::<P8>(input),
    }
    .to_point()
}

/// Affine points (table entries of the serial engine) in lane form.
pub(crate) fn lane_entries(affine: &[Affine]) -> Vec<LaneAffine> {
    affine.iter().map(LaneAffine::from_affine).collect()
}

/// Whether the variable-time MSMs run on the IFMA lanes: the CPU has them and the
/// lane backend choice of ristretto255 ([`crate::ristretto::backend`]) is IFMA.
pub(crate) fn lanes_on() -> bool {
    crate::curve::ristretto::lanes::backend() == crate::curve::ristretto::lanes::Backend::Ifma
        && available()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// A point's coordinates on the 4×64-bit field.
    fn w_point(p: &Point) -> WPoint {
        WPoint {
            x: W::from_fe(&p.x),
            y: W::from_fe(&p.y),
            z: W::from_fe(&p.z),
        }
    }

    /// The limbs of `G`.
    fn generator_limbs() -> [u64; 10] {
        let g = Affine::generator();
        let (x, y) = (to_52(&W::from_fe(&g.x)), to_52(&W::from_fe(&g.y)));
        core::array::from_fn(|i| if i < 5 { x[i] } else { y[i - 5] })
    }

    #[test]
    fn identity_entry_holds_g() {
        assert_eq!(IDENTITY_ENTRY.w, generator_limbs());
    }

    /// An operation's lanes and what the serial field says it should give.
    type Check<'a> = (F8, &'a dyn Fn(&W, &W) -> W);

    /// Runs `f` where the CPU has the features (elsewhere the tests return early);
    /// `f` runs without the `#[target_feature]` entry (slower, same results).
    fn with_ifma(f: impl FnOnce()) {
        if available() {
            f();
        }
    }

    fn canonical8(x: F8) -> [[u64; 4]; 8] {
        x.to_w().map(|w| w.canonical())
    }

    /// Every lane operation against the 4×64-bit field, on edge and random values
    /// (including the largest normalised limbs and values in `[p, 2^256 + 2^208)`).
    #[test]
    fn field_ops_match_serial() {
        with_ifma(|| {
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(21);
            let mut values: Vec<[u64; 5]> = crate::curve::secp256k1::field::tests::edge_limbs()
                .iter()
                .map(|x| to_52(&W(*x)))
                .collect();
            values.push([M52, M52, M52, M52, 1 << 48]);
            values.push([M52, M52, M52, M52, M48]);
            values.push([0, 0, 0, 0, 1 << 48]);
            values.push([M52, 0, M52, 0, 1 << 48]);
            for _ in 0..800 {
                let mut l: [u64; 5] = core::array::from_fn(|_| rng.gen::<u64>() & M52);
                l[4] &= (1 << 49) - 1;
                if l[4] > 1 << 48 {
                    l[4] = 1 << 48;
                }
                values.push(l);
            }
            while !values.len().is_multiple_of(8) {
                values.push([rng.gen::<u64>() & M52, 0, 0, 0, 0]);
            }
            let w = |l: &[u64; 5]| from_52(l);
            for a8 in values.chunks(8) {
                for b8 in values.chunks(8).take(6) {
                    let a = F8::from_limbs(&core::array::from_fn(|l| a8[l]));
                    let b = F8::from_limbs(&core::array::from_fn(|l| b8[l]));
                    let checks: [Check<'_>; 9] = [
                        (a.add(&b), &|x, y| x.add(y)),
                        (a.sub(&b), &|x, y| x.sub(y)),
                        (a.neg(), &|x, _| x.neg()),
                        (a.mul(&b), &|x, y| x.mul(y)),
                        (a.square(), &|x, _| x.square()),
                        (a.mul3(), &|x, _| x.add(x).add(x)),
                        (a.mul8(), &|x, _| x.double().double().double()),
                        (a.mul21(), &|x, _| x.mul(&W([21, 0, 0, 0]))),
                        (a.select(&b, 0b1010_0110), &|x, _| *x),
                    ];
                    for (i, (got, want)) in checks.iter().enumerate() {
                        for (l, limbs) in got.to_limbs().iter().enumerate() {
                            assert!(
                                limbs[..4].iter().all(|&x| x <= M52) && limbs[4] <= 1 << 48,
                                "op {i} lane {l}: not normalised {limbs:x?}"
                            );
                        }
                        let got = canonical8(*got);
                        for l in 0..8 {
                            let (x, y) = (w(&a8[l]), w(&b8[l]));
                            let exp = if i == 8 && (0b1010_0110 >> l) & 1 == 1 {
                                y
                            } else {
                                want(&x, &y)
                            };
                            assert_eq!(
                                got[l],
                                exp.canonical(),
                                "op {i} lane {l}: {:x?} {:x?}",
                                a8[l],
                                b8[l]
                            );
                        }
                    }
                }
            }
        });
    }

    /// The point operations against the serial complete formulas: random points,
    /// the identity, equal and opposite operands, identity entries and negations.
    #[test]
    fn point_ops_match_serial() {
        with_ifma(|| {
            let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(22);
            let g = Point::generator();
            let mut pts: Vec<Point> = (0..24)
                .map(|_| g.double_n(rng.gen_range(0..40)) + g.double_n(rng.gen_range(0..7)))
                .collect();
            pts[3] = Point::IDENTITY;
            pts[9] = Point::IDENTITY;
            let aff = super::super::point::batch_to_affine(&pts);
            for round in 0..12 {
                let a: [Point; 8] = core::array::from_fn(|l| pts[(l * 5 + round) % pts.len()]);
                // Entries: some equal to the accumulator's point, some opposite, some identity.
                let idx: [usize; 8] = core::array::from_fn(|l| match (l + round) % 4 {
                    0 => (l * 5 + round) % pts.len(),
                    _ => (l * 7 + 3 * round) % pts.len(),
                });
                let neg = (rng.gen::<u32>()) & 0xff;
                let entries: Vec<LaneAffine> = idx
                    .iter()
                    .map(|&i| LaneAffine::from_affine(&aff[i]))
                    .collect();
                let p8 = P8::from_points(|l| w_point(&a[l]));
                let sum = p8.add_entries(|l| &entries[l], neg);
                let dbl = p8.double();
                let b8 = P8::from_points(|l| w_point(&pts[idx[l]]));
                let full = p8.add(&b8);
                for l in 0..8 {
                    let q = if (neg >> l) & 1 == 1 {
                        -pts[idx[l]]
                    } else {
                        pts[idx[l]]
                    };
                    assert_eq!(
                        sum.lane(l).to_point(),
                        a[l] + q,
                        "mixed, round {round} lane {l}"
                    );
                    assert_eq!(dbl.lane(l).to_point(), a[l].double(), "double, lane {l}");
                    assert_eq!(
                        full.lane(l).to_point(),
                        a[l] + pts[idx[l]],
                        "full, lane {l}"
                    );
                }
                assert_eq!(
                    LanePoint::sum_lanes(&p8).to_point(),
                    a.iter().fold(Point::IDENTITY, |s, p| s + *p)
                );
            }
        });
    }
}
