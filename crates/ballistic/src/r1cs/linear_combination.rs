//! Variables and linear combinations of them, with the operators circuit code
//! builds constraints with (dalek's names and operators).

use alloc::vec::Vec;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::iter::FromIterator;
use core::marker::PhantomData;
use core::ops::{Add, Mul, Neg, Sub};

use crate::curve::ristretto::Ristretto;
use crate::curve::Curve;

/// A variable of a constraint system over the curve `C` (ristretto255 unless
/// named): a committed value, an input or output of a multiplication gate, or the
/// constant one.
///
/// The curve is part of the type so that `a - b` of two variables is a
/// [`LinearCombination`] over the right scalar field.
///
/// # Example
/// ```
/// use ballistic::r1cs::{LinearCombination, Variable};
/// let (a, b): (Variable, Variable) = (Variable::MultiplierLeft(0), Variable::MultiplierRight(0));
/// let lc: LinearCombination = a - b + 3u64;
/// assert_eq!(lc.terms().count(), 3);
/// ```
pub enum Variable<C: Curve = Ristretto> {
    /// The `i`-th committed value (`Prover::commit`, `Verifier::commit`).
    Committed(usize),
    /// The left input of the `i`-th multiplication gate.
    MultiplierLeft(usize),
    /// The right input of the `i`-th multiplication gate.
    MultiplierRight(usize),
    /// The output of the `i`-th multiplication gate.
    MultiplierOutput(usize),
    /// The constant 1.
    One(),
    /// Not a variable: carries the curve in the type (uninhabited).
    #[doc(hidden)]
    __Curve(PhantomData<fn() -> C>, core::convert::Infallible),
}

impl<C: Curve> Variable<C> {
    /// `(kind, index)`: one plain value per variable, for comparison and hashing.
    fn key(&self) -> (u8, usize) {
        match self {
            Variable::Committed(i) => (0, *i),
            Variable::MultiplierLeft(i) => (1, *i),
            Variable::MultiplierRight(i) => (2, *i),
            Variable::MultiplierOutput(i) => (3, *i),
            Variable::One() => (4, 0),
            Variable::__Curve(_, never) => match *never {},
        }
    }
}

impl<C: Curve> Clone for Variable<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: Curve> Copy for Variable<C> {}
impl<C: Curve> PartialEq for Variable<C> {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}
impl<C: Curve> Eq for Variable<C> {}
impl<C: Curve> Hash for Variable<C> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state)
    }
}
impl<C: Curve> fmt::Debug for Variable<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (kind, i) = self.key();
        match kind {
            0 => write!(f, "Committed({i})"),
            1 => write!(f, "MultiplierLeft({i})"),
            2 => write!(f, "MultiplierRight({i})"),
            3 => write!(f, "MultiplierOutput({i})"),
            _ => f.write_str("One()"),
        }
    }
}

/// A linear combination `Σ c_i·x_i` of [`Variable`]s with scalar coefficients
/// (a constant is a multiple of [`Variable::One`]).
///
/// Built with the operators: `Variable ± LinearCombination`, `Variable * scalar`,
/// `LinearCombination ± …`, `-lc`, and `From` a variable, a `u64` or the curve's
/// scalar. Coefficients are kept in the curve's internal representation.
///
/// # Example
/// ```
/// use ballistic::r1cs::{LinearCombination, Variable};
/// use ballistic::ristretto::Scalar;
/// let x: Variable = Variable::Committed(0);
/// let lc = (x * Scalar::from(2u64)) - 1u64; // 2x − 1
/// assert_eq!(lc.terms().count(), 2);
/// let doubled: LinearCombination = lc.clone() + lc;
/// assert_eq!(doubled.terms().count(), 4);
/// ```
pub struct LinearCombination<C: Curve = Ristretto> {
    pub(crate) terms: Vec<(Variable<C>, C::Scalar)>,
}

impl<C: Curve> LinearCombination<C> {
    /// The empty combination (zero).
    pub fn zero() -> Self {
        LinearCombination { terms: Vec::new() }
    }

    /// The constant `c` (a multiple of [`Variable::One`]).
    pub fn constant(c: C::ApiScalar) -> Self {
        Self::term(Variable::One(), C::scalar_from_api(&c))
    }

    /// The terms `(variable, coefficient)`, in insertion order, duplicates kept.
    pub fn terms(&self) -> impl Iterator<Item = (Variable<C>, C::ApiScalar)> + '_ {
        self.terms.iter().map(|(v, c)| (*v, C::scalar_to_api(c)))
    }

    /// Appends the term `coefficient·variable`.
    pub fn push(&mut self, variable: Variable<C>, coefficient: C::ApiScalar) {
        self.terms
            .push((variable, C::scalar_from_api(&coefficient)));
    }

    fn term(v: Variable<C>, c: C::Scalar) -> Self {
        LinearCombination {
            terms: alloc::vec![(v, c)],
        }
    }

    fn scale(mut self, s: C::Scalar) -> Self {
        for (_, c) in self.terms.iter_mut() {
            *c *= s;
        }
        self
    }
}

impl<C: Curve> Clone for LinearCombination<C> {
    fn clone(&self) -> Self {
        LinearCombination {
            terms: self.terms.clone(),
        }
    }
}
impl<C: Curve> Default for LinearCombination<C> {
    fn default() -> Self {
        Self::zero()
    }
}
impl<C: Curve> fmt::Debug for LinearCombination<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.terms.iter()).finish()
    }
}

impl<C: Curve> From<Variable<C>> for LinearCombination<C> {
    fn from(v: Variable<C>) -> Self {
        Self::term(v, C::scalar_one())
    }
}
/// The constant `x`.
impl<C: Curve> From<u64> for LinearCombination<C> {
    fn from(x: u64) -> Self {
        Self::term(Variable::One(), C::scalar_from_u64(x))
    }
}
/// The constant `s`.
impl From<curve25519_dalek::scalar::Scalar> for LinearCombination<Ristretto> {
    fn from(s: curve25519_dalek::scalar::Scalar) -> Self {
        Self::constant(s)
    }
}
/// The constant `s`.
impl From<k256::Scalar> for LinearCombination<crate::curve::secp256k1::Secp256k1> {
    fn from(s: k256::Scalar) -> Self {
        Self::constant(s)
    }
}
/// The constant `s` (the test group).
#[cfg(test)]
impl From<crate::curve::toy::ToyScalar> for LinearCombination<crate::curve::toy::Toy> {
    fn from(s: crate::curve::toy::ToyScalar) -> Self {
        Self::constant(s)
    }
}

impl<C: Curve> FromIterator<(Variable<C>, C::ApiScalar)> for LinearCombination<C> {
    fn from_iter<T: IntoIterator<Item = (Variable<C>, C::ApiScalar)>>(iter: T) -> Self {
        LinearCombination {
            terms: iter
                .into_iter()
                .map(|(v, c)| (v, C::scalar_from_api(&c)))
                .collect(),
        }
    }
}
impl<'a, C: Curve> FromIterator<&'a (Variable<C>, C::ApiScalar)> for LinearCombination<C> {
    fn from_iter<T: IntoIterator<Item = &'a (Variable<C>, C::ApiScalar)>>(iter: T) -> Self {
        iter.into_iter().copied().collect()
    }
}

impl<C: Curve> Neg for Variable<C> {
    type Output = LinearCombination<C>;
    fn neg(self) -> LinearCombination<C> {
        LinearCombination::term(self, -C::scalar_one())
    }
}
impl<C: Curve, L: Into<LinearCombination<C>>> Add<L> for Variable<C> {
    type Output = LinearCombination<C>;
    fn add(self, other: L) -> LinearCombination<C> {
        LinearCombination::from(self) + other
    }
}
impl<C: Curve, L: Into<LinearCombination<C>>> Sub<L> for Variable<C> {
    type Output = LinearCombination<C>;
    fn sub(self, other: L) -> LinearCombination<C> {
        LinearCombination::from(self) - other
    }
}
impl<C: Curve, S: Into<C::ApiScalar>> Mul<S> for Variable<C> {
    type Output = LinearCombination<C>;
    fn mul(self, other: S) -> LinearCombination<C> {
        LinearCombination::term(self, C::scalar_from_api(&other.into()))
    }
}

impl<C: Curve, L: Into<LinearCombination<C>>> Add<L> for LinearCombination<C> {
    type Output = Self;
    fn add(mut self, rhs: L) -> Self {
        self.terms.extend(rhs.into().terms);
        self
    }
}
impl<C: Curve, L: Into<LinearCombination<C>>> Sub<L> for LinearCombination<C> {
    type Output = Self;
    fn sub(mut self, rhs: L) -> Self {
        self.terms
            .extend(rhs.into().terms.into_iter().map(|(v, c)| (v, -c)));
        self
    }
}
impl<C: Curve> Neg for LinearCombination<C> {
    type Output = Self;
    fn neg(mut self) -> Self {
        for (_, c) in self.terms.iter_mut() {
            *c = -*c;
        }
        self
    }
}
impl<C: Curve, S: Into<C::ApiScalar>> Mul<S> for LinearCombination<C> {
    type Output = Self;
    fn mul(self, other: S) -> Self {
        self.scale(C::scalar_from_api(&other.into()))
    }
}

/// Scalars on the left (`s + x`, `s - x`, `s * x`, `s * lc`), for each curve's scalar.
macro_rules! scalar_on_the_left {
    ($curve:ty, $scalar:ty) => {
        impl Add<Variable<$curve>> for $scalar {
            type Output = LinearCombination<$curve>;
            fn add(self, other: Variable<$curve>) -> LinearCombination<$curve> {
                LinearCombination::from(self) + other
            }
        }
        impl Sub<Variable<$curve>> for $scalar {
            type Output = LinearCombination<$curve>;
            fn sub(self, other: Variable<$curve>) -> LinearCombination<$curve> {
                LinearCombination::from(self) - other
            }
        }
        impl Mul<Variable<$curve>> for $scalar {
            type Output = LinearCombination<$curve>;
            fn mul(self, other: Variable<$curve>) -> LinearCombination<$curve> {
                other * self
            }
        }
        impl Mul<LinearCombination<$curve>> for $scalar {
            type Output = LinearCombination<$curve>;
            fn mul(self, other: LinearCombination<$curve>) -> LinearCombination<$curve> {
                other * self
            }
        }
    };
}
scalar_on_the_left!(Ristretto, curve25519_dalek::scalar::Scalar);
scalar_on_the_left!(crate::curve::secp256k1::Secp256k1, k256::Scalar);
