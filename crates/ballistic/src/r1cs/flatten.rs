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

    /// The number of terms of all constraints.
    #[cfg(test)]
    pub(super) fn terms_len(&self) -> usize {
        self.terms.len()
    }

    /// Room for `constraints` more constraints of `terms` terms in all: a gadget
    /// that knows its size saves the copies of growing (ten doublings and 10 MB
    /// copied for the SHA-256 circuit).
    pub(super) fn reserve(&mut self, constraints: usize, terms: usize) {
        self.ends.reserve(constraints);
        self.terms.reserve(terms);
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

/// Constraints per block of `z` powers, and products per batch of the pending
/// non-±1 coefficients: element-wise passes a curve may run in lanes
/// ([`Curve::scalar_mul_many`]), over buffers on the stack (8 KiB each on
/// ristretto255).
const BLOCK: usize = 256;

/// Where a term's `z^(q+1)·coefficient` goes.
#[derive(Clone, Copy)]
enum Slot {
    Left(usize),
    Right(usize),
    Output(usize),
    /// `wV` and `wc` take the term with a minus sign.
    Committed(usize),
    Constant,
}

impl<C: Curve> Weights<C> {
    /// The slot of `var`, checked against the lengths.
    #[inline(always)]
    fn slot(&self, var: &Variable<C>) -> Result<Slot, R1CSError> {
        let (slot, fits) = match *var {
            Variable::MultiplierLeft(i) => (Slot::Left(i), i < self.wL.len()),
            Variable::MultiplierRight(i) => (Slot::Right(i), i < self.wR.len()),
            Variable::MultiplierOutput(i) => (Slot::Output(i), i < self.wO.len()),
            Variable::Committed(i) => (Slot::Committed(i), i < self.wV.len()),
            Variable::One() => (Slot::Constant, true),
            Variable::__Curve(_, never) => match never {},
        };
        if fits {
            Ok(slot)
        } else {
            Err(unknown_variable())
        }
    }

    /// Adds `t` at `slot` (subtracts it from `wV` and `wc`).
    #[inline(always)]
    fn add(&mut self, slot: Slot, t: C::Scalar) {
        self.accumulate(slot, t, false);
    }

    /// Subtracts `t` at `slot` (adds it to `wV` and `wc`): a coefficient −1 without
    /// negating `t` first.
    #[inline(always)]
    fn sub(&mut self, slot: Slot, t: C::Scalar) {
        self.accumulate(slot, t, true);
    }

    /// `slot ± t`: `+` for the multipliers and `−` for `wV`, `wc`, the other way
    /// round if `minus` (public: the coefficient's sign).
    #[inline(always)]
    fn accumulate(&mut self, slot: Slot, t: C::Scalar, minus: bool) {
        let (w, minus) = match slot {
            Slot::Left(i) => (self.wL.get_mut(i), minus),
            Slot::Right(i) => (self.wR.get_mut(i), minus),
            Slot::Output(i) => (self.wO.get_mut(i), minus),
            Slot::Committed(i) => (self.wV.get_mut(i), !minus),
            Slot::Constant => (Some(&mut self.wc), !minus),
        };
        if let Some(w) = w {
            if minus {
                *w -= t;
            } else {
                *w += t;
            }
        }
    }
}

/// Terms whose coefficient is not ±1, waiting for their products `z^(q+1)·coeff`.
struct Pending<C: Curve> {
    exp_z: [C::Scalar; BLOCK],
    coeff: [C::Scalar; BLOCK],
    product: [C::Scalar; BLOCK],
    slot: [Slot; BLOCK],
    len: usize,
}

impl<C: Curve> Pending<C> {
    /// Computes the products and adds them to `w`.
    fn flush(&mut self, w: &mut Weights<C>) {
        let len = self.len;
        C::scalar_mul_many(
            &mut self.product[..len],
            &self.exp_z[..len],
            &self.coeff[..len],
        );
        for (t, slot) in self.product.iter().zip(&self.slot).take(len) {
            w.add(*slot, *t);
        }
        self.len = 0;
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
    // `z_pow[j] = z^(j+1)`; block `k` of constraints takes `z_pow·z^(k·BLOCK)`.
    let mut z_pow = [zero; BLOCK];
    let mut acc = *z;
    for zp in &mut z_pow {
        *zp = acc;
        acc *= *z;
    }
    let z_block = z_pow[BLOCK - 1];
    let mut seed = C::scalar_one();
    let mut exp_z = [zero; BLOCK];
    let mut pending = Pending::<C> {
        exp_z: [zero; BLOCK],
        coeff: [zero; BLOCK],
        product: [zero; BLOCK],
        slot: [Slot::Constant; BLOCK],
        len: 0,
    };
    // Coefficients ±1 (three in five terms of the SHA-256 circuit) cost no
    // multiplication; coefficients are public, so the branch is too.
    let one = C::scalar_one();
    let minus_one = -one;
    let mut constraints = constraints.into_iter().peekable();
    while constraints.peek().is_some() {
        C::scalar_mul_by_many(&mut exp_z, &z_pow, &seed);
        // `exp_z` first: the zip stops without taking a constraint past the block.
        for (exp_z, terms) in exp_z.iter().zip(constraints.by_ref()) {
            for (var, coeff) in terms {
                let slot = w.slot(var)?;
                if *coeff == one {
                    w.add(slot, *exp_z);
                } else if *coeff == minus_one {
                    w.sub(slot, *exp_z);
                } else {
                    let k = pending.len;
                    if let (Some(e), Some(c), Some(s)) = (
                        pending.exp_z.get_mut(k),
                        pending.coeff.get_mut(k),
                        pending.slot.get_mut(k),
                    ) {
                        (*e, *c, *s) = (*exp_z, *coeff, slot);
                    }
                    pending.len += 1;
                    if pending.len == BLOCK {
                        pending.flush(&mut w);
                    }
                }
            }
        }
        seed *= z_block;
    }
    pending.flush(&mut w);
    Ok(w)
}
