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

/// A constraint system's constraints (the prover's and the verifier's), stored
/// flat: the terms of every constraint in one vector and where each constraint
/// ends. A constraint's own vector is freed as
/// soon as it is stored, so building a large circuit holds one allocation, not
/// one per constraint (half the time of building the SHA-256 circuit went to
/// allocating and freeing them), and [`flatten`] reads memory in order.
pub(super) struct Constraints<C: Curve> {
    terms: Vec<(Variable<C>, C::Scalar)>,
    ends: Vec<usize>,
}

impl<C: Curve> Constraints<C> {
    /// No constraints.
    pub(super) fn new() -> Self {
        Constraints {
            terms: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// Appends the constraint `lc = 0`.
    pub(super) fn push(&mut self, lc: LinearCombination<C>) {
        self.terms.extend(lc.terms);
        self.ends.push(self.terms.len());
    }

    /// The number of constraints.
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The terms of each constraint, in order.
    pub(super) fn iter(&self) -> impl Iterator<Item = &[(Variable<C>, C::Scalar)]> + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let terms = self.terms.get(start..end).unwrap_or(&[]);
            start = end;
            terms
        })
    }
}

/// Flattens `constraints` (the terms of each) over `n` multipliers and `m`
/// commitments.
///
/// # Errors
/// [`R1CSError::GadgetError`] if a constraint names a variable outside them.
pub(super) fn flatten<'a, C: Curve>(
    constraints: impl IntoIterator<Item = &'a [(Variable<C>, C::Scalar)]>,
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
    // Coefficients ±1 (three in five terms of the SHA-256 circuit) cost no
    // multiplication; coefficients are public, so the branch is too.
    let one = C::scalar_one();
    let minus_one = -one;
    for terms in constraints {
        let minus_exp_z = -exp_z;
        for (var, coeff) in terms {
            let t = if *coeff == one {
                exp_z
            } else if *coeff == minus_one {
                minus_exp_z
            } else {
                exp_z * *coeff
            };
            let slot = match var {
                Variable::MultiplierLeft(i) => w.wL.get_mut(*i),
                Variable::MultiplierRight(i) => w.wR.get_mut(*i),
                Variable::MultiplierOutput(i) => w.wO.get_mut(*i),
                Variable::Committed(i) => {
                    let s = w.wV.get_mut(*i).ok_or_else(unknown_variable)?;
                    *s -= t;
                    continue;
                }
                Variable::One() => {
                    w.wc -= t;
                    continue;
                }
                Variable::__Curve(_, never) => match *never {},
            };
            *slot.ok_or_else(unknown_variable)? += t;
        }
        exp_z *= *z;
    }
    Ok(w)
}
