//! secp256k1 points over k256's field arithmetic: complete projective formulas.
//!
//! | name | meaning |
//! |---|---|
//! | `p` | the field prime `2^256 − 2^32 − 977` |
//! | `E` | `y² = x³ + 7` over `F_p`, prime order `ℓ` (no cofactor) |
//! | `(X : Y : Z)` | homogeneous projective coordinates, `x = X/Z`, `y = Y/Z`; identity `(0 : 1 : 0)` |
//! | `b3` | `3·7 = 21` |
//! | `M` | one field multiplication (k256 `FieldElement`, 5×52-bit limbs) |
//!
//! Every formula is from Renes–Costello–Batina, "Complete addition formulas for prime
//! order elliptic curves" (eprint 2015/1060), specialised to `a = 0`:
//!
//! | operation | formula | cost |
//! |---|---|---|
//! | [`Point::add`] | Algorithm 7 | 12M + 2 small |
//! | [`Point::add_affine`] | Algorithm 8 (affine second operand) | 11M + 2 small |
//! | [`Point::double`] | Algorithm 9 | 6M + 2S + 1 small |
//!
//! They are **complete**: correct for every pair of inputs (equal points, inverse
//! points, the identity), with no branch, so the same code serves the constant-time
//! prover and the variable-time verifier. Jacobian formulas are no cheaper here
//! (mixed add 7M + 4S, doubling 2M + 5S) and would need exceptional-case branches.
//!
//! k256's `FieldElement` is lazily reduced: every value carries a *magnitude* (how
//! many multiples of `p` it may exceed), multiplication needs inputs of magnitude ≤ 8,
//! and debug builds check this. The comments `[m]` give the magnitude after each step;
//! every public function takes and returns coordinates of magnitude 1.

// `a * &b` is k256's by-reference operator form (the field element is 40 bytes).
#![allow(clippy::op_ref)]

use core::ops::{Add, AddAssign, Neg, Sub};
use k256::FieldElement as Fe;
use subtle::{Choice, ConditionallyNegatable, ConditionallySelectable, ConstantTimeEq};

/// `b3 = 3·b` for `b = 7`.
const B3: u32 = 21;

/// `a − b` where `b` has magnitude at most `mb`; the result has magnitude
/// `mag(a) + mb + 1`.
#[inline(always)]
fn sub(a: &Fe, b: &Fe, mb: u32) -> Fe {
    *a + &b.negate(mb)
}

/// A point in homogeneous projective coordinates (magnitude-1 coordinates).
#[derive(Clone, Copy, Debug)]
pub struct Point {
    pub(crate) x: Fe,
    pub(crate) y: Fe,
    pub(crate) z: Fe,
}

/// A point in affine coordinates, or the identity (`infinity` set, `x = y = 0`).
/// Coordinates are fully normalised.
#[derive(Clone, Copy, Debug)]
pub struct Affine {
    pub(crate) x: Fe,
    pub(crate) y: Fe,
    pub(crate) infinity: Choice,
}

impl Point {
    /// The identity `(0 : 1 : 0)`.
    pub const IDENTITY: Point = Point {
        x: Fe::ZERO,
        y: Fe::ONE,
        z: Fe::ZERO,
    };

    /// The standard generator `G` of secp256k1 (SEC 2).
    pub fn generator() -> Point {
        Affine::generator().to_projective()
    }

    /// Whether this is the identity (constant time).
    pub fn ct_is_identity(&self) -> Choice {
        self.z.normalizes_to_zero()
    }

    /// `self + other` (Algorithm 7; complete, constant time).
    pub fn add(&self, other: &Point) -> Point {
        let (x1, y1, z1) = (&self.x, &self.y, &self.z);
        let (x2, y2, z2) = (&other.x, &other.y, &other.z);
        let t0 = x1 * x2; // [1]
        let t1 = y1 * y2; // [1]
        let t2 = z1 * z2; // [1]
        let t3 = (*x1 + y1) * &(*x2 + y2); // [1]
        let t3 = sub(&t3, &(t0 + &t1), 2); // x1·y2 + x2·y1 [4]
        let t4 = (*y1 + z1) * &(*y2 + z2); // [1]
        let t4 = sub(&t4, &(t1 + &t2), 2); // y1·z2 + y2·z1 [4]
        let y3 = (*x1 + z1) * &(*x2 + z2); // [1]
        let y3 = sub(&y3, &(t0 + &t2), 2); // x1·z2 + x2·z1 [4]
        Self::finish(t0, t1, t2, t3, t4, y3)
    }

    /// `self + other` for an affine `other` (Algorithm 8; complete for every `self`;
    /// `other` may be the identity, handled by a constant-time select).
    pub fn add_affine(&self, other: &Affine) -> Point {
        let (x1, y1, z1) = (&self.x, &self.y, &self.z);
        let (x2, y2) = (&other.x, &other.y);
        let t0 = x1 * x2; // [1]
        let t1 = y1 * y2; // [1]
        let t3 = (*x2 + y2) * &(*x1 + y1); // [1]
        let t3 = sub(&t3, &(t0 + &t1), 2); // [4]
        let t4 = (*y2 * z1) + y1; // [2]
        let y3 = (*x2 * z1) + x1; // [2]
        let mut r = Self::finish(t0, t1, *z1, t3, t4, y3);
        r.conditional_assign(self, other.infinity);
        r
    }

    /// The common tail of Algorithms 7 and 8, from `t0 = X1X2`, `t1 = Y1Y2`,
    /// `t2 = Z1Z2`, `t3 = X1Y2 + X2Y1`, `t4 = Y1Z2 + Y2Z1`, `y3 = X1Z2 + X2Z1`
    /// (magnitudes at most 1, 1, 1, 4, 4, 4).
    #[inline(always)]
    fn finish(t0: Fe, t1: Fe, t2: Fe, t3: Fe, t4: Fe, y3: Fe) -> Point {
        let t0 = t0.mul_single(3); // 3·X1X2 [3]
        let t2 = t2.mul_single(B3); // [21]
        let z3 = (t1 + &t2).normalize_weak(); // [1]
        let t1 = sub(&t1, &t2, 21).normalize_weak(); // [1]
        let y3 = y3.normalize_weak().mul_single(B3).normalize_weak(); // [1]
        let x3 = sub(&(t3 * &t1), &(t4 * &y3), 1); // [3]
        let y3 = (t1 * &z3) + &(y3 * &t0); // [2]
        let z3 = (z3 * &t4) + &(t0 * &t3); // [2]
        Point {
            x: x3.normalize_weak(),
            y: y3.normalize_weak(),
            z: z3.normalize_weak(),
        }
    }

    /// `2·self` (Algorithm 9; complete, constant time).
    pub fn double(&self) -> Point {
        let (x, y, z) = (&self.x, &self.y, &self.z);
        let t0 = y.square(); // [1]
        let z3 = t0.mul_single(8); // [8]
        let t1 = *y * z; // [1]
        let t2 = z.square().mul_single(B3).normalize_weak(); // [1]
        let x3 = t2 * &z3; // [1]
        let y3 = t0 + &t2; // [2]
        let z3 = t1 * &z3; // [1]
        let t0 = sub(&t0, &t2.mul_single(3), 3); // [5]
        let y3 = x3 + &(t0 * &y3); // [2]
        let x3 = (t0 * &(*x * y)).double(); // [2]
        Point {
            x: x3.normalize_weak(),
            y: y3.normalize_weak(),
            z: z3.normalize_weak(),
        }
    }

    /// `−self`.
    pub fn negate(&self) -> Point {
        Point {
            x: self.x,
            y: self.y.negate(1).normalize_weak(),
            z: self.z,
        }
    }

    /// The affine form (one field inversion; the identity maps to `infinity`).
    pub fn to_affine(&self) -> Affine {
        let zinv = self.z.invert().unwrap_or(Fe::ZERO);
        Affine::from_parts(&self.x, &self.y, &zinv, self.ct_is_identity())
    }

    /// `self · 2^k`.
    pub fn double_n(&self, k: usize) -> Point {
        let mut p = *self;
        for _ in 0..k {
            p = p.double();
        }
        p
    }
}

/// Converts many points to affine form with one field inversion (Montgomery's trick:
/// 3M per point plus one inversion). Identity points map to the affine identity.
pub fn batch_to_affine(points: &[Point]) -> alloc::vec::Vec<Affine> {
    let n = points.len();
    let mut prefix: alloc::vec::Vec<Fe> = alloc::vec::Vec::with_capacity(n);
    let mut acc = Fe::ONE;
    for p in points {
        prefix.push(acc);
        // The identity has Z = 0: replace it by 1 in the product (the select is
        // constant time, so this serves secret points too).
        let z = Fe::conditional_select(&p.z, &Fe::ONE, p.ct_is_identity());
        acc *= &z;
    }
    let mut inv = acc.invert().unwrap_or(Fe::ZERO);
    let mut out = alloc::vec![Affine::identity(); n];
    for i in (0..n).rev() {
        let p = &points[i];
        let is_id = p.ct_is_identity();
        let z = Fe::conditional_select(&p.z, &Fe::ONE, is_id);
        let zinv = inv * &prefix[i];
        inv *= &z;
        out[i] = Affine::from_parts(&p.x, &p.y, &zinv, is_id);
    }
    out
}

impl Affine {
    /// The identity (`infinity` set).
    pub fn identity() -> Affine {
        Affine {
            x: Fe::ZERO,
            y: Fe::ZERO,
            infinity: Choice::from(1),
        }
    }

    /// The standard generator `G` (SEC 2).
    pub fn generator() -> Affine {
        let x = hex32("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
        let y = hex32("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8");
        Affine {
            x: Fe::from_bytes(&x.into()).unwrap_or(Fe::ZERO),
            y: Fe::from_bytes(&y.into()).unwrap_or(Fe::ZERO),
            infinity: Choice::from(0),
        }
    }

    fn from_parts(x: &Fe, y: &Fe, zinv: &Fe, is_id: Choice) -> Affine {
        let ax = (*x * zinv).normalize();
        let ay = (*y * zinv).normalize();
        Affine {
            x: Fe::conditional_select(&ax, &Fe::ZERO, is_id),
            y: Fe::conditional_select(&ay, &Fe::ZERO, is_id),
            infinity: is_id,
        }
    }

    /// The projective form.
    pub fn to_projective(&self) -> Point {
        let p = Point {
            x: self.x,
            y: self.y,
            z: Fe::ONE,
        };
        Point::conditional_select(&p, &Point::IDENTITY, self.infinity)
    }

    /// `−self`.
    pub fn negate(&self) -> Affine {
        let mut r = *self;
        r.y.conditional_negate(!self.infinity);
        r.y = r.y.normalize();
        r
    }

    /// Whether `(x, y)` satisfies the curve equation.
    #[cfg(test)]
    pub(crate) fn is_on_curve(&self) -> bool {
        let lhs = self.y.square();
        let rhs = self.x.square() * &self.x + &Fe::from_u64(7);
        bool::from(sub(&lhs, &rhs, 2).normalizes_to_zero())
    }
}

/// Parses 64 hex digits (constants only).
pub(crate) const fn hex32(s: &str) -> [u8; 32] {
    let b = s.as_bytes();
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        out[i] = (nibble(b[2 * i]) << 4) | nibble(b[2 * i + 1]);
        i += 1;
    }
    out
}

const fn nibble(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        _ => 0,
    }
}

impl ConditionallySelectable for Point {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Point {
            x: Fe::conditional_select(&a.x, &b.x, choice),
            y: Fe::conditional_select(&a.y, &b.y, choice),
            z: Fe::conditional_select(&a.z, &b.z, choice),
        }
    }
}

impl ConditionallySelectable for Affine {
    fn conditional_select(a: &Self, b: &Self, choice: Choice) -> Self {
        Affine {
            x: Fe::conditional_select(&a.x, &b.x, choice),
            y: Fe::conditional_select(&a.y, &b.y, choice),
            infinity: Choice::conditional_select(&a.infinity, &b.infinity, choice),
        }
    }
}

impl ConstantTimeEq for Point {
    /// `X1·Z2 = X2·Z1` and `Y1·Z2 = Y2·Z1` (also right for the identity, whose
    /// `Y` is never zero).
    fn ct_eq(&self, other: &Self) -> Choice {
        let x = sub(&(self.x * &other.z), &(other.x * &self.z), 1);
        let y = sub(&(self.y * &other.z), &(other.y * &self.z), 1);
        x.normalizes_to_zero() & y.normalizes_to_zero()
    }
}

impl PartialEq for Point {
    fn eq(&self, other: &Self) -> bool {
        self.ct_eq(other).into()
    }
}
impl Eq for Point {}

impl Default for Point {
    fn default() -> Self {
        Point::IDENTITY
    }
}

impl Add for Point {
    type Output = Point;
    fn add(self, rhs: Point) -> Point {
        Point::add(&self, &rhs)
    }
}
impl Sub for Point {
    type Output = Point;
    fn sub(self, rhs: Point) -> Point {
        Point::add(&self, &rhs.negate())
    }
}
impl Neg for Point {
    type Output = Point;
    fn neg(self) -> Point {
        self.negate()
    }
}
impl AddAssign for Point {
    fn add_assign(&mut self, rhs: Point) {
        *self = Point::add(self, &rhs);
    }
}

/// A point in Jacobian coordinates (`x = X/Z²`, `y = Y/Z³`) for **variable-time**
/// code on public data: cheaper than the complete formulas (mixed addition
/// 7M + 4S, doubling 2M + 5S, general addition 11M + 5S; `madd-2007-bl`,
/// `dbl-2009-l`, `add-2007-bl` of the Explicit-Formulas Database), with the
/// exceptional cases (identity, equal and opposite points) handled by branches.
#[derive(Clone, Copy, Debug)]
pub struct Jacobian {
    x: Fe,
    y: Fe,
    z: Fe,
    /// The identity.
    inf: bool,
    /// `Z = 1` (set by [`Jacobian::from_affine`], cleared by arithmetic): lets the
    /// affine conversion skip points that already are affine.
    z_is_one: bool,
}

impl Jacobian {
    /// The identity.
    pub const IDENTITY: Jacobian = Jacobian {
        x: Fe::ZERO,
        y: Fe::ONE,
        z: Fe::ZERO,
        inf: true,
        z_is_one: false,
    };

    /// The point `(x, y, 1)`.
    pub fn from_affine(a: &Affine) -> Jacobian {
        if bool::from(a.infinity) {
            return Self::IDENTITY;
        }
        Jacobian {
            x: a.x,
            y: a.y,
            z: Fe::ONE,
            inf: false,
            z_is_one: true,
        }
    }

    /// The same point in homogeneous projective coordinates: `(X·Z : Y : Z³)`.
    pub fn to_point(&self) -> Point {
        if self.inf {
            return Point::IDENTITY;
        }
        Point {
            x: (self.x * &self.z).normalize_weak(),
            y: self.y,
            z: (self.z.square() * &self.z).normalize_weak(),
        }
    }

    /// `2·self`.
    pub fn double_vartime(&self) -> Jacobian {
        if self.inf {
            return *self;
        }
        let a = self.x.square(); // [1]
        let b = self.y.square(); // [1]
        let c = b.square(); // [1]
        let d = sub(&sub(&(self.x + &b).square(), &a, 1), &c, 1); // [5]
        let d = d.double().normalize_weak(); // [1]
        let e = a.mul_single(3); // [3]
        let f = e.square(); // [1]
        let x3 = sub(&f, &d.double(), 2).normalize_weak(); // [1]
        let y3 = sub(&(e * &sub(&d, &x3, 1)), &c.mul_single(8), 8).normalize_weak();
        let z3 = (self.y * &self.z).double().normalize_weak();
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
            inf: false,
            z_is_one: false,
        }
    }

    /// `self + a` for an affine `a`.
    pub fn add_affine_vartime(&self, a: &Affine) -> Jacobian {
        if bool::from(a.infinity) {
            return *self;
        }
        if self.inf {
            return Self::from_affine(a);
        }
        let z1z1 = self.z.square(); // [1]
        let u2 = a.x * &z1z1; // [1]
        let s2 = (a.y * &self.z) * &z1z1; // [1]
        let h = sub(&u2, &self.x, 1); // [3]
        let r = sub(&s2, &self.y, 1); // [3]
        if bool::from(h.normalizes_to_zero()) {
            return if bool::from(r.normalizes_to_zero()) {
                self.double_vartime()
            } else {
                Self::IDENTITY
            };
        }
        let hh = h.square(); // [1]
        let i = hh.mul_single(4); // [4]
        let j = h * &i; // [1]
        let r = r.double(); // [6]
        let v = self.x * &i; // [1]
        let x3 = sub(&sub(&r.square(), &j, 1), &v.double(), 2).normalize_weak(); // [1]
        let y3 = sub(&(r * &sub(&v, &x3, 1)), &(self.y * &j).double(), 2).normalize_weak();
        let z3 = (self.z * &h).double().normalize_weak();
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
            inf: false,
            z_is_one: false,
        }
    }

    /// `self + other`.
    pub fn add_vartime(&self, other: &Jacobian) -> Jacobian {
        if other.inf {
            return *self;
        }
        if self.inf {
            return *other;
        }
        let z1z1 = self.z.square();
        let z2z2 = other.z.square();
        let u1 = self.x * &z2z2;
        let u2 = other.x * &z1z1;
        let s1 = (self.y * &other.z) * &z2z2;
        let s2 = (other.y * &self.z) * &z1z1;
        let h = sub(&u2, &u1, 1); // [3]
        let r = sub(&s2, &s1, 1); // [3]
        if bool::from(h.normalizes_to_zero()) {
            return if bool::from(r.normalizes_to_zero()) {
                self.double_vartime()
            } else {
                Self::IDENTITY
            };
        }
        let i = h.double().square(); // [1]
        let j = h * &i; // [1]
        let r = r.double(); // [6]
        let v = u1 * &i; // [1]
        let x3 = sub(&sub(&r.square(), &j, 1), &v.double(), 2).normalize_weak();
        let y3 = sub(&(r * &sub(&v, &x3, 1)), &(s1 * &j).double(), 2).normalize_weak();
        let z3 = ((self.z * &other.z) * &h).double().normalize_weak();
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
            inf: false,
            z_is_one: false,
        }
    }
}

/// Affine forms of Jacobian points with one inversion (points already affine, with
/// `Z = 1`, are copied).
pub fn batch_jacobian_to_affine(points: &[Jacobian]) -> alloc::vec::Vec<Affine> {
    let mut prefix: alloc::vec::Vec<Fe> = alloc::vec::Vec::with_capacity(points.len());
    let mut acc = Fe::ONE;
    for p in points {
        prefix.push(acc);
        if !p.inf && !p.z_is_one {
            acc *= &p.z;
        }
    }
    let mut inv = acc.invert().unwrap_or(Fe::ZERO);
    let mut out = alloc::vec![Affine::identity(); points.len()];
    for i in (0..points.len()).rev() {
        let p = &points[i];
        if p.inf {
            continue;
        }
        if p.z_is_one {
            out[i] = Affine {
                x: p.x.normalize(),
                y: p.y.normalize(),
                infinity: Choice::from(0),
            };
            continue;
        }
        let zinv = inv * &prefix[i];
        inv *= &p.z;
        let zinv2 = zinv.square();
        out[i] = Affine {
            x: (p.x * &zinv2).normalize(),
            y: ((p.y * &zinv2) * &zinv).normalize(),
            infinity: Choice::from(0),
        };
    }
    out
}

/// `x³ + 7` (normalised): the square of `y` for a point with x-coordinate `x`.
pub(crate) fn curve_rhs(x: &Fe) -> Fe {
    (x.square() * x + Fe::from_u64(7)).normalize()
}
