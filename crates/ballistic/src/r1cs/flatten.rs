//! Flattening the constraints with the challenge `z`: the weight vectors `W_L`,
//! `W_R`, `W_O`, `W_V` and the constant `w_c` of `docs/r1cs.md`, each constraint
//! `q` weighted by `z^(q+1)`. Shared by the prover and the verifier.

use alloc::vec;
use alloc::vec::Vec;

use super::{LinearCombination, R1CSError, Variable, MAX_MULTIPLIERS};
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

/// Flattens constraints one at a time, in order: constraint `q` gets the weight
/// `z^(q+1)`. [`flatten`] runs it over stored constraints; a verifier that knows
/// `z` before the gadget runs (`Verifier::for_proof`) runs it on each constraint
/// as the gadget makes it, storing none.
pub(super) struct Flattener<C: Curve> {
    w: Weights<C>,
    /// Whether the multiplier weights grow to the variables named (the number of
    /// multipliers is not known yet) rather than refuse a variable past them.
    grow: bool,
    /// `z_pow[j] = z^(j+1)`.
    z_pow: [C::Scalar; BLOCK],
    /// `z^BLOCK`.
    z_block: C::Scalar,
    /// `z^(k·BLOCK)` for the next block `k`.
    seed: C::Scalar,
    /// The current block's weights `z^(k·BLOCK + j + 1)`.
    exp_z: [C::Scalar; BLOCK],
    /// The position in `exp_z` of the next constraint (`BLOCK`: a new block).
    next: usize,
    pending: Pending<C>,
    one: C::Scalar,
    minus_one: C::Scalar,
    /// `2^k` and `−2^k` for `k < POW2`: the coefficients of bit decompositions,
    /// whose products with a constraint's weight are doublings of it.
    pow2: [C::Scalar; POW2],
    neg_pow2: [C::Scalar; POW2],
    /// `chain[k] = 2^k·z^(q+1)` for the current constraint `q`, for `k < chain_len`.
    chain: [C::Scalar; POW2],
    chain_len: usize,
    /// The exponent of the last power of two matched: a bit decomposition's next
    /// coefficient is usually within one of it.
    last_k: usize,
}

/// Powers of two [`Flattener`] recognises: `±2^k` for `k < POW2`.
const POW2: usize = 64;

impl<C: Curve> Flattener<C> {
    /// Weights over `n` multipliers (a start if `grow`) and `m` commitments.
    pub(super) fn new(z: &C::Scalar, n: usize, m: usize, grow: bool) -> Self {
        let zero = C::scalar_zero();
        let mut z_pow = [zero; BLOCK];
        let mut acc = *z;
        for zp in &mut z_pow {
            *zp = acc;
            acc *= *z;
        }
        let one = C::scalar_one();
        let pow2: [C::Scalar; POW2] = core::array::from_fn(|k| C::scalar_from_u64(1 << k));
        Flattener {
            w: Weights {
                wL: vec![zero; n],
                wR: vec![zero; n],
                wO: vec![zero; n],
                wV: vec![zero; m],
                wc: zero,
            },
            grow,
            z_block: z_pow[BLOCK - 1],
            z_pow,
            seed: one,
            exp_z: [zero; BLOCK],
            next: BLOCK,
            pending: Pending {
                exp_z: [zero; BLOCK],
                coeff: [zero; BLOCK],
                product: [zero; BLOCK],
                slot: [Slot::Constant; BLOCK],
                len: 0,
            },
            one,
            minus_one: -one,
            pow2,
            neg_pow2: pow2.map(|p| -p),
            chain: [zero; POW2],
            chain_len: 0,
            last_k: 0,
        }
    }

    /// `(k, negative)` if `coeff` is `±2^k` for a `k` within one of the last
    /// one's, or `k = 1` (a few comparisons; other powers take a multiplication).
    #[inline(always)]
    fn match_pow2(&mut self, coeff: &C::Scalar) -> Option<(usize, bool)> {
        let k0 = self.last_k;
        for k in [k0, k0 + 1, k0.wrapping_sub(1), 1] {
            let (Some(p), Some(n)) = (self.pow2.get(k), self.neg_pow2.get(k)) else {
                continue;
            };
            let negative = coeff == n;
            if negative || coeff == p {
                self.last_k = k;
                return Some((k, negative));
            }
        }
        None
    }

    /// `2^k·z^(q+1)` of the current constraint `q`, doubling up to it (`k < POW2`).
    #[inline(always)]
    fn chain(&mut self, k: usize) -> C::Scalar {
        while self.chain_len <= k {
            let Some(&last) = self.chain.get(self.chain_len.wrapping_sub(1)) else {
                break;
            };
            if let Some(next) = self.chain.get_mut(self.chain_len) {
                *next = last + last;
            }
            self.chain_len += 1;
        }
        self.chain.get(k).copied().unwrap_or(self.one)
    }

    /// Adds the constraint `Σ terms = 0`.
    ///
    /// # Errors
    /// [`R1CSError::GadgetError`] for a variable outside the multipliers (past
    /// [`MAX_MULTIPLIERS`] if growing) or the commitments.
    pub(super) fn push(&mut self, terms: &[(Variable<C>, C::Scalar)]) -> Result<(), R1CSError> {
        if self.next == BLOCK {
            C::scalar_mul_by_many(&mut self.exp_z, &self.z_pow, &self.seed);
            self.seed *= self.z_block;
            self.next = 0;
        }
        let exp_z = self.exp_z.get(self.next).copied().unwrap_or(self.one);
        self.next += 1;
        self.chain[0] = exp_z;
        self.chain_len = 1;
        // Coefficients ±1 (three in five terms of the SHA-256 circuit) and ±2^k
        // (nearly all the others) cost no multiplication; coefficients are
        // public, so the branches are too.
        for (var, coeff) in terms {
            if self.grow {
                self.grow_to(var)?;
            }
            let slot = self.w.slot(var)?;
            if *coeff == self.one {
                self.w.add(slot, exp_z);
            } else if *coeff == self.minus_one {
                self.w.sub(slot, exp_z);
            } else if let Some((k, negative)) = self.match_pow2(coeff) {
                let t = self.chain(k);
                if negative {
                    self.w.sub(slot, t);
                } else {
                    self.w.add(slot, t);
                }
            } else {
                let pending = &mut self.pending;
                let k = pending.len;
                if let (Some(e), Some(c), Some(s)) = (
                    pending.exp_z.get_mut(k),
                    pending.coeff.get_mut(k),
                    pending.slot.get_mut(k),
                ) {
                    (*e, *c, *s) = (exp_z, *coeff, slot);
                }
                pending.len += 1;
                if pending.len == BLOCK {
                    pending.flush(&mut self.w);
                }
            }
        }
        Ok(())
    }

    /// Makes room in the multiplier weights for `var`.
    #[inline(always)]
    fn grow_to(&mut self, var: &Variable<C>) -> Result<(), R1CSError> {
        let i = match *var {
            Variable::MultiplierLeft(i)
            | Variable::MultiplierRight(i)
            | Variable::MultiplierOutput(i) => i,
            _ => return Ok(()),
        };
        if i < self.w.wL.len() {
            return Ok(());
        }
        if i >= MAX_MULTIPLIERS {
            return Err(unknown_variable());
        }
        let zero = C::scalar_zero();
        for w in [&mut self.w.wL, &mut self.w.wR, &mut self.w.wO] {
            w.resize(i + 1, zero);
        }
        Ok(())
    }

    /// The weights over `n` multipliers.
    ///
    /// # Errors
    /// [`R1CSError::GadgetError`] if a constraint named a multiplier past `n`.
    pub(super) fn finish(mut self, n: usize) -> Result<Weights<C>, R1CSError> {
        self.pending.flush(&mut self.w);
        if self.w.wL.len() > n {
            return Err(unknown_variable());
        }
        let zero = C::scalar_zero();
        for w in [&mut self.w.wL, &mut self.w.wR, &mut self.w.wO] {
            w.resize(n, zero);
        }
        Ok(self.w)
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
    // Boxed: the block buffers are about 45 KiB on ristretto255.
    let mut f = alloc::boxed::Box::new(Flattener::<C>::new(z, n, m, false));
    for terms in constraints {
        f.push(terms)?;
    }
    f.finish(n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::ristretto::Ristretto;
    use crate::curve::toy::Toy;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha20Rng;

    /// Random constraints whose coefficients are ±1, ±2^k (in runs of nearby `k`,
    /// as bit decompositions make them, and scattered), small integers and random
    /// scalars, flattened stored, streamed (growing) and term by term
    /// (`Σ_q z^(q+1)·coeff` summed naively), over more than one block of `z` powers
    /// and of pending products.
    fn flatten_matches_the_definition<C: Curve>() {
        let mut r = ChaCha20Rng::seed_from_u64(7);
        let (n, m) = (40usize, 3usize);
        let z = C::scalar_random(&mut r);
        let mut constraints: Vec<Vec<(Variable<C>, C::Scalar)>> = Vec::new();
        for _ in 0..3 * BLOCK + 17 {
            let len = r.gen_range(0..40);
            let mut k = r.gen_range(0..POW2);
            let terms = (0..len)
                .map(|_| {
                    let var = match r.gen_range(0..5) {
                        0 => Variable::MultiplierLeft(r.gen_range(0..n)),
                        1 => Variable::MultiplierRight(r.gen_range(0..n)),
                        2 => Variable::MultiplierOutput(r.gen_range(0..n)),
                        3 => Variable::Committed(r.gen_range(0..m)),
                        _ => Variable::One(),
                    };
                    k = (k + r.gen_range(0..3)).saturating_sub(1).min(POW2 - 1);
                    let pow = C::scalar_from_u64(1 << k);
                    let coeff = match r.gen_range(0..8) {
                        0 => C::scalar_one(),
                        1 => -C::scalar_one(),
                        2 | 3 => pow,
                        4 | 5 => -pow,
                        6 => C::scalar_from_u64(r.gen_range(0..100)),
                        _ => C::scalar_random(&mut r),
                    };
                    (var, coeff)
                })
                .collect();
            constraints.push(terms);
        }
        let zero = C::scalar_zero();
        let (mut wL, mut wR, mut wO, mut wV, mut wc) = (
            vec![zero; n],
            vec![zero; n],
            vec![zero; n],
            vec![zero; m],
            zero,
        );
        let mut exp_z = z;
        for terms in &constraints {
            for (var, coeff) in terms {
                let t = exp_z * *coeff;
                match *var {
                    Variable::MultiplierLeft(i) => wL[i] += t,
                    Variable::MultiplierRight(i) => wR[i] += t,
                    Variable::MultiplierOutput(i) => wO[i] += t,
                    Variable::Committed(i) => wV[i] -= t,
                    Variable::One() => wc -= t,
                    Variable::__Curve(_, never) => match never {},
                }
            }
            exp_z *= z;
        }
        let stored =
            flatten::<C>(constraints.iter().map(|c| c.as_slice()), &z, n, m).expect("flatten");
        let mut streamed = Flattener::<C>::new(&z, 0, m, true);
        for terms in &constraints {
            streamed.push(terms).expect("push");
        }
        let streamed = streamed.finish(n).expect("finish");
        for w in [stored, streamed] {
            assert!(w.wL == wL && w.wR == wR && w.wO == wO && w.wV == wV && w.wc == wc);
        }
    }

    #[test]
    fn flatten_matches_the_definition_ristretto() {
        flatten_matches_the_definition::<Ristretto>();
    }

    /// On the toy group (order 1019) powers of two repeat and some equal ±1.
    #[test]
    fn flatten_matches_the_definition_toy() {
        flatten_matches_the_definition::<Toy>();
    }

    /// A streamed flattener refuses a multiplier past the final count.
    #[test]
    fn a_streamed_variable_past_the_multipliers_is_an_error() {
        let z = Ristretto::scalar_from_u64(5);
        let mut f = Flattener::<Ristretto>::new(&z, 0, 0, true);
        let one = Ristretto::scalar_one();
        f.push(&[(Variable::MultiplierLeft(9), one)])
            .expect("grows");
        assert!(f.finish(9).is_err());
        let mut f = Flattener::<Ristretto>::new(&z, 0, 0, true);
        assert!(f
            .push(&[(Variable::MultiplierOutput(MAX_MULTIPLIERS), one)])
            .is_err());
        assert!(f.push(&[(Variable::Committed(0), one)]).is_err());
    }
}
