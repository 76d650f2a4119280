//! Flattening the constraints with the challenge `z`: the weight vectors `W_L`,
//! `W_R`, `W_O`, `W_V` and the constant `w_c` of `docs/r1cs.md`, each constraint
//! `q` weighted by `z^(q+1)`. Shared by the prover and the verifier.

use alloc::vec;
use alloc::vec::Vec;

use super::{LinearCombination, R1CSError, Variable};
use crate::curve::Curve;

/// `z·z^Q·W_{L,R,O}`, `−z·z^Q·W_V` and `−z·z^Q·c` (dalek's signs: the constraint
/// `W_L·a_L + W_R·a_R + W_O·a_O = W_V·v + c` written with every term on one side).
pub(super) struct Weights<C: Curve> {
    pub(super) wL: Vec<C::Scalar>,
    pub(super) wR: Vec<C::Scalar>,
    pub(super) wO: Vec<C::Scalar>,
    pub(super) wV: Vec<C::Scalar>,
    pub(super) wc: C::Scalar,
}

/// The error of a constraint that names a variable never allocated.
pub(super) fn unknown_variable() -> R1CSError {
    R1CSError::GadgetError {
        description: "a constraint refers to a variable that was not allocated".into(),
    }
}

/// Where a term's value goes: a multiplier's left input, right input or output, a
/// committed value, the constant one, or a variable whose index no vector can
/// reach (always an error).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Slot {
    L(usize),
    R(usize),
    O(usize),
    V(usize),
    One,
    Unreachable,
}

impl Slot {
    /// The slot of `var`.
    pub(super) fn of<C: Curve>(var: &Variable<C>) -> Slot {
        match var {
            Variable::MultiplierLeft(i) => Slot::L(*i),
            Variable::MultiplierRight(i) => Slot::R(*i),
            Variable::MultiplierOutput(i) => Slot::O(*i),
            Variable::Committed(i) => Slot::V(*i),
            Variable::One() => Slot::One,
            Variable::__Curve(_, never) => match *never {},
        }
    }
}

/// A term's coefficient: `+1`, `−1` (which cost no multiplication) or another.
#[derive(Clone, Copy, Debug)]
pub(super) enum Coeff<S> {
    Plus,
    Minus,
    Other(S),
}

/// Bits of a term's code: the slot's kind (3), the coefficient's class (2), then the
/// index.
const KIND_BITS: u32 = 3;
const CLASS_BITS: u32 = 2;
const INDEX_SHIFT: u32 = KIND_BITS + CLASS_BITS;
const KIND_L: u64 = 0;
const KIND_R: u64 = 1;
const KIND_O: u64 = 2;
const KIND_V: u64 = 3;
const KIND_ONE: u64 = 4;
const KIND_UNREACHABLE: u64 = 5;
const CLASS_PLUS: u64 = 0;
const CLASS_MINUS: u64 = 1;
const CLASS_OTHER: u64 = 2;

/// A constraint system's constraints (the prover's and the verifier's), stored
/// flat: one 8-byte code per term (its slot and whether its coefficient is `+1`,
/// `−1` or another), the other coefficients in their own vector, and where each
/// constraint ends in both. A constraint's own vector is freed as soon as it is
/// stored, so building a large circuit holds three allocations, not one per
/// constraint; the codes take a sixth of the memory of the terms (48 bytes each
/// on ristretto255), and [`flatten`] reads them in order.
pub(super) struct Constraints<C: Curve> {
    codes: Vec<u64>,
    coeffs: Vec<C::Scalar>,
    /// Per constraint: the end of its codes and of its coefficients.
    ends: Vec<(usize, usize)>,
}

impl<C: Curve> Constraints<C> {
    /// No constraints.
    pub(super) fn new() -> Self {
        Constraints {
            codes: Vec::new(),
            coeffs: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// Appends the constraint `lc = 0`.
    pub(super) fn push(&mut self, lc: LinearCombination<C>) {
        let one = C::scalar_one();
        let minus_one = -one;
        self.codes.reserve(lc.terms.len());
        for (var, coeff) in lc.terms {
            let (kind, index) = match Slot::of(&var) {
                Slot::L(i) => (KIND_L, i),
                Slot::R(i) => (KIND_R, i),
                Slot::O(i) => (KIND_O, i),
                Slot::V(i) => (KIND_V, i),
                Slot::One => (KIND_ONE, 0),
                Slot::Unreachable => (KIND_UNREACHABLE, 0),
            };
            // An index that does not fit beside the kind and class is beyond any
            // vector in memory: the constraint names a variable never allocated.
            let (kind, index) = match u64::try_from(index) {
                Ok(i) if i >> (64 - INDEX_SHIFT) == 0 => (kind, i),
                _ => (KIND_UNREACHABLE, 0),
            };
            // Coefficients are public: the classification may branch.
            let class = if coeff == one {
                CLASS_PLUS
            } else if coeff == minus_one {
                CLASS_MINUS
            } else {
                self.coeffs.push(coeff);
                CLASS_OTHER
            };
            self.codes
                .push(index << INDEX_SHIFT | class << KIND_BITS | kind);
        }
        self.ends.push((self.codes.len(), self.coeffs.len()));
    }

    /// The number of constraints.
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The terms of each constraint, in order.
    pub(super) fn iter(
        &self,
    ) -> impl Iterator<Item = impl Iterator<Item = (Slot, Coeff<C::Scalar>)> + '_> + '_ {
        let mut start = (0, 0);
        self.ends.iter().map(move |&end| {
            let codes = self.codes.get(start.0..end.0).unwrap_or(&[]);
            let mut coeffs = self.coeffs.get(start.1..end.1).unwrap_or(&[]).iter();
            start = end;
            codes.iter().map(move |&code| {
                let index = (code >> INDEX_SHIFT) as usize;
                let slot = match code & ((1 << KIND_BITS) - 1) {
                    KIND_L => Slot::L(index),
                    KIND_R => Slot::R(index),
                    KIND_O => Slot::O(index),
                    KIND_V => Slot::V(index),
                    KIND_ONE => Slot::One,
                    _ => Slot::Unreachable,
                };
                let coeff = match (code >> KIND_BITS) & ((1 << CLASS_BITS) - 1) {
                    CLASS_PLUS => Coeff::Plus,
                    CLASS_MINUS => Coeff::Minus,
                    // Every other code pushed one coefficient.
                    _ => coeffs.next().map_or(Coeff::Plus, |c| Coeff::Other(*c)),
                };
                (slot, coeff)
            })
        })
    }
}

/// Flattens `constraints` (the terms of each) over `n` multipliers and `m`
/// commitments.
///
/// # Errors
/// [`R1CSError::GadgetError`] if a constraint names a variable outside them.
pub(super) fn flatten<C: Curve>(
    constraints: &Constraints<C>,
    z: &C::Scalar,
    n: usize,
    m: usize,
) -> Result<Weights<C>, R1CSError> {
    let zero = C::scalar_zero();
    let mut w = Weights::<C> {
        wL: vec![zero; n],
        wR: vec![zero; n],
        wO: vec![zero; n],
        wV: vec![zero; m],
        wc: zero,
    };
    let mut exp_z = *z;
    for terms in constraints.iter() {
        let minus_exp_z = -exp_z;
        for (slot, coeff) in terms {
            // Coefficients ±1 (three in five terms of the SHA-256 circuit) cost no
            // multiplication.
            let t = match coeff {
                Coeff::Plus => exp_z,
                Coeff::Minus => minus_exp_z,
                Coeff::Other(c) => exp_z * c,
            };
            let target = match slot {
                Slot::L(i) => w.wL.get_mut(i),
                Slot::R(i) => w.wR.get_mut(i),
                Slot::O(i) => w.wO.get_mut(i),
                Slot::V(i) => {
                    let s = w.wV.get_mut(i).ok_or_else(unknown_variable)?;
                    *s -= t;
                    continue;
                }
                Slot::One => {
                    w.wc -= t;
                    continue;
                }
                Slot::Unreachable => None,
            };
            *target.ok_or_else(unknown_variable)? += t;
        }
        exp_z *= *z;
    }
    Ok(w)
}
