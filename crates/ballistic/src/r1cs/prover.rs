//! The R1CS prover: a [`ConstraintSystem`] that holds the assignments, then proves
//! them (`docs/r1cs.md`, "The prover").

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::borrow::BorrowMut;
use core::fmt;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::{Zeroize, Zeroizing};

use super::flatten::{flatten, unknown_variable, Constraints};
use super::proof::R1CSProof;
use super::transcript as tr;
use super::{
    ConstraintSystem, LinearCombination, Metrics, R1CSError, RandomizableConstraintSystem,
    Variable, MAX_MULTIPLIERS,
};
use crate::ct::{declassify_bool, declassify_point, declassify_scalar, Declassified};
use crate::curve::ristretto::Ristretto;
use crate::curve::{Curve, ProofPoint};
use crate::generators::{BulletproofGens, GeneratorLayout, PedersenGens};
use crate::inner_product::{Folding, InnerProductProof, ProverTables};
use crate::secret::SecretVec;

/// A second-phase callback of a prover.
type Deferred<'g, C, T> =
    Box<dyn FnOnce(&mut RandomizingProver<'g, C, T>) -> Result<(), R1CSError>>;

/// The prover's constraint system: commits the high-level values, collects the
/// multipliers with their assignments and the constraints, then proves
/// ([`Prover::prove`]).
///
/// `T` is the transcript, owned or borrowed (`&mut Transcript`); the prover holds it
/// until the proof is made so that nothing else can write to it in between.
///
/// Secrets (values, blindings, every assignment) are zeroized when the prover is
/// dropped or consumed, on every path; `Debug` prints none of them.
///
/// # Example
/// ```
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, R1CSError};
/// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
/// let pc = PedersenGens::default();
/// let mut prover = Prover::new(&pc, Transcript::new(b"doc"));
/// let (_, x) = prover.commit(Scalar::from(3u64), Scalar::from(11u64));
/// let (_, _, o) = prover.multiply(x.into(), x.into());
/// prover.constrain(o - 10u64); // 3·3 ≠ 10
/// assert_eq!(prover.prove(&BulletproofGens::new(1, 1)).unwrap_err(), R1CSError::Unsatisfied);
/// ```
pub struct Prover<'g, C: Curve = Ristretto, T: BorrowMut<Transcript> = Transcript> {
    transcript: T,
    pc_gens: &'g PedersenGens<C>,
    constraints: Constraints<C>,
    secrets: Secrets<C>,
    deferred: Vec<Deferred<'g, C, T>>,
    /// A multiplier whose left input [`ConstraintSystem::allocate`] assigned and whose
    /// right input it has not yet.
    pending_multiplier: Option<usize>,
    /// A constraint or an evaluation named a variable that was never allocated.
    unknown_variable: core::cell::Cell<bool>,
    /// Per multiplier: declared small ([`ConstraintSystem::declare_small`]).
    small: Vec<bool>,
    /// Test hook: prove even if the assignments do not satisfy the constraints (a
    /// cheating prover for the soundness tests; never set outside tests).
    #[cfg(test)]
    pub(super) skip_satisfaction_check: bool,
}

/// The witness: every buffer it grows out of and its last one are zeroized
/// ([`SecretVec`]).
struct Secrets<C: Curve> {
    a_L: SecretVec<C::Scalar>,
    a_R: SecretVec<C::Scalar>,
    a_O: SecretVec<C::Scalar>,
    v: SecretVec<C::Scalar>,
    v_blinding: SecretVec<C::Scalar>,
}

/// The prover in the second phase, as the callbacks of
/// [`RandomizableConstraintSystem::specify_randomized_constraints`] see it.
pub struct RandomizingProver<'g, C: Curve = Ristretto, T: BorrowMut<Transcript> = Transcript> {
    prover: Prover<'g, C, T>,
}

impl<C: Curve, T: BorrowMut<Transcript>> fmt::Debug for Prover<'_, C, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Prover")
            .field("commitments", &self.secrets.v.len())
            .field("metrics", &self.metrics())
            .field("secrets", &"<redacted>")
            .finish()
    }
}

impl<C: Curve, T: BorrowMut<Transcript>> ConstraintSystem<C> for Prover<'_, C, T> {
    fn transcript(&mut self) -> &mut Transcript {
        self.transcript.borrow_mut()
    }

    fn multiply(
        &mut self,
        mut left: LinearCombination<C>,
        mut right: LinearCombination<C>,
    ) -> (Variable<C>, Variable<C>, Variable<C>) {
        let l = self.eval_internal(&left.terms);
        let r = self.eval_internal(&right.terms);
        let i = self.secrets.a_L.len();
        self.secrets.a_L.push(l);
        self.secrets.a_R.push(r);
        self.secrets.a_O.push(l * r);
        let vars = (
            Variable::MultiplierLeft(i),
            Variable::MultiplierRight(i),
            Variable::MultiplierOutput(i),
        );
        left.terms.push((vars.0, -C::scalar_one()));
        right.terms.push((vars.1, -C::scalar_one()));
        self.constrain(left);
        self.constrain(right);
        vars
    }

    fn allocate(&mut self, assignment: Option<C::ApiScalar>) -> Result<Variable<C>, R1CSError> {
        let s = C::scalar_from_api(&assignment.ok_or(R1CSError::MissingAssignment)?);
        match self.pending_multiplier.take() {
            None => {
                let i = self.secrets.a_L.len();
                self.pending_multiplier = Some(i);
                self.secrets.a_L.push(s);
                self.secrets.a_R.push(C::scalar_zero());
                self.secrets.a_O.push(C::scalar_zero());
                Ok(Variable::MultiplierLeft(i))
            }
            Some(i) => {
                let (Some(l), Some(r), Some(o)) = (
                    self.secrets.a_L.get(i).copied(),
                    self.secrets.a_R.get_mut(i),
                    self.secrets.a_O.get_mut(i),
                ) else {
                    return Err(unknown_variable());
                };
                *r = s;
                *o = l * s;
                Ok(Variable::MultiplierRight(i))
            }
        }
    }

    fn allocate_multiplier(
        &mut self,
        input_assignments: Option<(C::ApiScalar, C::ApiScalar)>,
    ) -> Result<(Variable<C>, Variable<C>, Variable<C>), R1CSError> {
        let (l, r) = input_assignments.ok_or(R1CSError::MissingAssignment)?;
        let (l, r) = (C::scalar_from_api(&l), C::scalar_from_api(&r));
        let i = self.secrets.a_L.len();
        self.secrets.a_L.push(l);
        self.secrets.a_R.push(r);
        self.secrets.a_O.push(l * r);
        Ok((
            Variable::MultiplierLeft(i),
            Variable::MultiplierRight(i),
            Variable::MultiplierOutput(i),
        ))
    }

    fn metrics(&self) -> Metrics {
        Metrics {
            multipliers: self.secrets.a_L.len(),
            constraints: self.constraints.len() + self.deferred.len(),
            phase_one_constraints: self.constraints.len(),
            phase_two_constraints: self.deferred.len(),
        }
    }

    fn constrain(&mut self, lc: LinearCombination<C>) {
        self.constraints.push(lc);
    }

    fn declare_small(&mut self, multipliers: core::ops::Range<usize>) {
        if self.small.len() < multipliers.end {
            self.small.resize(multipliers.end, false);
        }
        for flag in self.small.iter_mut().skip(multipliers.start) {
            *flag = true;
        }
    }
}

impl<'g, C: Curve, T: BorrowMut<Transcript>> RandomizableConstraintSystem<C> for Prover<'g, C, T> {
    type RandomizedCS = RandomizingProver<'g, C, T>;

    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), R1CSError>
    where
        F: 'static + FnOnce(&mut Self::RandomizedCS) -> Result<(), R1CSError>,
    {
        self.deferred.push(Box::new(callback));
        Ok(())
    }
}

super::forward::forward_randomizing!(RandomizingProver<'_, C, T>, prover);

/// The degree-3 vector polynomials `l(x) = l1·x + l2·x² + l3·x³` and
/// `r(x) = r0 + r1·x + r3·x³` (`l0 = r2 = 0`), zeroized on drop.
struct Polys<C: Curve> {
    l1: Vec<C::Scalar>,
    l2: Vec<C::Scalar>,
    l3: Vec<C::Scalar>,
    r0: Vec<C::Scalar>,
    r1: Vec<C::Scalar>,
    r3: Vec<C::Scalar>,
}

impl<C: Curve> Drop for Polys<C> {
    fn drop(&mut self) {
        for v in [
            &mut self.l1,
            &mut self.l2,
            &mut self.l3,
            &mut self.r0,
            &mut self.r1,
            &mut self.r3,
        ] {
            v.zeroize();
        }
    }
}

impl<C: Curve> Polys<C> {
    /// `t1..t6` of `t(x) = <l(x), r(x)>` (`t0 = 0`).
    fn t(&self) -> [C::Scalar; 6] {
        let ip = crate::curve::scalars::inner_product::<C>;
        let (l1, l2, l3) = (&self.l1, &self.l2, &self.l3);
        let (r0, r1, r3) = (&self.r0, &self.r1, &self.r3);
        [
            ip(l1, r0),
            ip(l1, r1) + ip(l2, r0),
            ip(l2, r1) + ip(l3, r0),
            ip(l1, r3) + ip(l3, r1),
            ip(l2, r3),
            ip(l3, r3),
        ]
    }

    /// `l(x)` and `r(x)`, each padded with `pad` entries (`0` in `l`, `r_pad` in `r`).
    fn eval(&self, x: &C::Scalar, r_pad: &[C::Scalar]) -> (Vec<C::Scalar>, Vec<C::Scalar>) {
        let n = self.l1.len();
        let mut l = Vec::with_capacity(n + r_pad.len());
        let mut r = Vec::with_capacity(n + r_pad.len());
        for i in 0..n {
            l.push(((self.l3[i] * *x + self.l2[i]) * *x + self.l1[i]) * *x);
            r.push((self.r3[i] * *x * *x + self.r1[i]) * *x + self.r0[i]);
        }
        l.resize(n + r_pad.len(), C::scalar_zero());
        r.extend_from_slice(r_pad);
        (l, r)
    }
}

impl<'g, C: Curve, T: BorrowMut<Transcript>> Prover<'g, C, T> {
    /// Starts a constraint system over the Pedersen bases `pc_gens`, appending the
    /// R1CS domain separator to `transcript`.
    pub fn new(pc_gens: &'g PedersenGens<C>, mut transcript: T) -> Self {
        tr::domain_sep(transcript.borrow_mut());
        Prover {
            transcript,
            pc_gens,
            constraints: Constraints::new(),
            secrets: Secrets {
                a_L: SecretVec::new(),
                a_R: SecretVec::new(),
                a_O: SecretVec::new(),
                v: SecretVec::new(),
                v_blinding: SecretVec::new(),
            },
            deferred: Vec::new(),
            pending_multiplier: None,
            unknown_variable: core::cell::Cell::new(false),
            small: Vec::new(),
            #[cfg(test)]
            skip_satisfaction_check: false,
        }
    }

    /// Commits the value `v` with `v_blinding` (`V = v·B + v_blinding·B_blinding`,
    /// constant time), appends `V` to the transcript and returns it with its
    /// variable.
    pub fn commit(
        &mut self,
        v: C::ApiScalar,
        v_blinding: C::ApiScalar,
    ) -> (C::Encoding, Variable<C>) {
        let i = self.secrets.v.len();
        let s = Zeroizing::new([C::scalar_from_api(&v), C::scalar_from_api(&v_blinding)]);
        self.secrets.v.push(s[0]);
        self.secrets.v_blinding.push(s[1]);
        let (B, B_blinding) = self.pc_gens.bases();
        // Public by design: V is the statement.
        let V = declassify_point(
            Declassified::Commitment,
            ProofPoint::<C>::new(C::pedersen_mul(&*s, &[B, B_blinding])),
        )
        .encoding;
        tr::append_point::<C>(self.transcript.borrow_mut(), b"V", &V);
        (V, Variable::Committed(i))
    }

    /// The value of `lc` under the prover's assignments (a variable never
    /// allocated counts as zero and makes [`Prover::prove`] fail).
    pub fn eval(&self, lc: &LinearCombination<C>) -> C::ApiScalar {
        C::scalar_to_api(&self.eval_internal(&lc.terms))
    }

    /// The value of the terms `terms` under the assignments.
    fn eval_internal(&self, terms: &[(Variable<C>, C::Scalar)]) -> C::Scalar {
        let mut sum = C::scalar_zero();
        for (var, coeff) in terms {
            let value = match var {
                Variable::MultiplierLeft(i) => self.secrets.a_L.get(*i),
                Variable::MultiplierRight(i) => self.secrets.a_R.get(*i),
                Variable::MultiplierOutput(i) => self.secrets.a_O.get(*i),
                Variable::Committed(i) => self.secrets.v.get(*i),
                Variable::One() => {
                    sum += *coeff;
                    continue;
                }
                Variable::__Curve(_, never) => match *never {},
            };
            match value {
                Some(x) => sum += *coeff * *x,
                None => self.unknown_variable.set(true),
            }
        }
        sum
    }

    /// Whether every constraint from index `from` on holds (constant time in the
    /// assignments; only the verdict is revealed).
    fn satisfied_from(&mut self, from: usize) -> Result<(), R1CSError> {
        let mut ok = Choice::from(1);
        for terms in self.constraints.iter().skip(from) {
            ok &= self.eval_internal(terms).ct_eq(&C::scalar_zero());
        }
        if self.unknown_variable.get() {
            return Err(unknown_variable());
        }
        #[cfg(test)]
        if self.skip_satisfaction_check {
            return Ok(());
        }
        // Public by design: the result says whether the constraints hold.
        if !declassify_bool(Declassified::Satisfied, ok) {
            return Err(R1CSError::Unsatisfied);
        }
        Ok(())
    }

    /// Whether every multiplier declared small has its inputs and output in
    /// `{−1, 0, 1}` (constant time in the assignments; only the verdict is revealed).
    fn check_small(&mut self) -> Result<(), R1CSError> {
        let n = self.secrets.a_L.len();
        let (one, zero) = (C::scalar_one(), C::scalar_zero());
        let minus_one = -one;
        let mut ok = Choice::from(1);
        // Declarations of multipliers not (yet) created apply when they are.
        for (i, _) in self.small.iter().enumerate().take(n).filter(|(_, s)| **s) {
            for v in [
                &self.secrets.a_L[i],
                &self.secrets.a_R[i],
                &self.secrets.a_O[i],
            ] {
                ok &= v.ct_eq(&zero) | v.ct_eq(&one) | v.ct_eq(&minus_one);
            }
        }
        // Public by design: the result says whether the declarations hold.
        if declassify_bool(Declassified::Satisfied, ok) {
            Ok(())
        } else {
            Err(R1CSError::GadgetError {
                description: "a multiplier declared small has an assignment outside {-1, 0, 1}"
                    .into(),
            })
        }
    }

    /// Runs the second-phase callbacks (after the first-phase commitments).
    fn run_deferred(mut self) -> Result<Self, R1CSError> {
        self.pending_multiplier = None;
        let callbacks = core::mem::take(&mut self.deferred);
        tr::phase_sep(self.transcript.borrow_mut(), !callbacks.is_empty());
        let mut wrapped = RandomizingProver { prover: self };
        for callback in callbacks {
            callback(&mut wrapped)?;
        }
        Ok(wrapped.prover)
    }

    /// Proves that the assignments satisfy every constraint, with the operating
    /// system's RNG for the blinding factors (mixed with the transcript and the
    /// witness).
    ///
    /// # Errors
    /// [`R1CSError::Unsatisfied`] if they do not (no proof is made),
    /// [`R1CSError::InvalidGeneratorsLength`] if `bp_gens` has fewer than the padded
    /// number of multipliers, [`R1CSError::TooManyMultipliers`] beyond
    /// [`MAX_MULTIPLIERS`], and the errors of the gadgets' callbacks.
    #[cfg(feature = "std")]
    pub fn prove(self, bp_gens: &BulletproofGens<C>) -> Result<R1CSProof<C>, R1CSError> {
        self.prove_with_rng(bp_gens, &mut rand_core::OsRng)
    }

    /// [`Prover::prove`], returning the transcript too.
    ///
    /// # Errors
    /// As [`Prover::prove`].
    #[cfg(feature = "std")]
    pub fn prove_and_return_transcript(
        self,
        bp_gens: &BulletproofGens<C>,
    ) -> Result<(R1CSProof<C>, T), R1CSError> {
        self.prove_and_return_transcript_with_rng(bp_gens, &mut rand_core::OsRng)
    }

    /// [`Prover::prove`] with the caller's RNG (mixed with the transcript and the
    /// witness; available without `std`).
    ///
    /// # Errors
    /// As [`Prover::prove`].
    pub fn prove_with_rng<R: RngCore + CryptoRng>(
        self,
        bp_gens: &BulletproofGens<C>,
        rng: &mut R,
    ) -> Result<R1CSProof<C>, R1CSError> {
        self.prove_and_return_transcript_with_rng(bp_gens, rng)
            .map(|(proof, _)| proof)
    }

    /// [`Prover::prove_with_rng`], returning the transcript too.
    ///
    /// # Errors
    /// As [`Prover::prove`].
    pub fn prove_and_return_transcript_with_rng<R: RngCore + CryptoRng>(
        mut self,
        bp_gens: &BulletproofGens<C>,
        rng: &mut R,
    ) -> Result<(R1CSProof<C>, T), R1CSError> {
        let one = C::scalar_one();
        let zero = C::scalar_zero();
        let m = self.secrets.v.len();
        // The first phase's constraints hold before anything is committed (or
        // appended to a borrowed transcript).
        self.satisfied_from(0)?;
        self.transcript.borrow_mut().append_u64(b"m", m as u64);
        let n1 = self.secrets.a_L.len();
        check_len(bp_gens, n1)?;

        // Nonces from the transcript (the statement so far), the witness and the RNG.
        let mut rng = {
            let mut builder = self.transcript.borrow_mut().build_rng();
            for (v, b) in self.secrets.v.iter().zip(self.secrets.v_blinding.iter()) {
                let (b, v) = (
                    Zeroizing::new(C::scalar_to_bytes(b)),
                    Zeroizing::new(C::scalar_to_bytes(v)),
                );
                builder = builder.rekey_with_witness_bytes(b"v_blinding", &*b);
                builder = builder.rekey_with_witness_bytes(b"v", &*v);
            }
            builder.finalize(rng)
        };
        let mut random = |k: usize| -> Zeroizing<Vec<C::Scalar>> {
            Zeroizing::new((0..k).map(|_| C::scalar_random(&mut rng)).collect())
        };

        let (B, B_blinding) = self.pc_gens.bases();
        let (G1, H1) = generators(bp_gens, n1)?;
        let blind1 = random(3);
        let s_L1 = random(n1);
        let s_R1 = random(n1);
        self.check_small()?;
        // Public by design: A_I1, A_O1 and S1 are part of the proof.
        let [A_I1, A_O1, S1] = declassify_points(
            [Declassified::AI1, Declassified::AO1, Declassified::S1],
            commit_phase::<C>(
                &self.secrets,
                &self.small,
                0..n1,
                &blind1,
                &s_L1,
                &s_R1,
                &G1,
                &H1,
                &B_blinding,
            ),
        );
        drop((G1, H1));
        let t = self.transcript.borrow_mut();
        tr::append_point::<C>(t, b"A_I1", &A_I1.encoding);
        tr::append_point::<C>(t, b"A_O1", &A_O1.encoding);
        tr::append_point::<C>(t, b"S1", &S1.encoding);

        let phase_one = self.constraints.len();
        self = self.run_deferred()?;
        self.satisfied_from(phase_one)?;
        self.check_small()?;

        let n = self.secrets.a_L.len();
        let n2 = n - n1;
        let padded_n = check_len(bp_gens, n)?;
        let pad = padded_n - n;
        let (G, H) = generators(bp_gens, n)?;

        let blind2 = if n2 > 0 {
            random(3)
        } else {
            Zeroizing::new(alloc::vec![zero; 3])
        };
        let s_L2 = random(n2);
        let s_R2 = random(n2);
        // Public by design: A_I2, A_O2 and S2 are part of the proof.
        let phase2 = (n2 > 0).then(|| {
            declassify_points(
                [Declassified::AI2, Declassified::AO2, Declassified::S2],
                commit_phase::<C>(
                    &self.secrets,
                    &self.small,
                    n1..n,
                    &blind2,
                    &s_L2,
                    &s_R2,
                    &G,
                    &H,
                    &B_blinding,
                ),
            )
        });
        let id = C::encode_vartime(&C::identity());
        let t = self.transcript.borrow_mut();
        let [e_I2, e_O2, e_S2] = phase2.map_or([id; 3], |p| p.map(|q| q.encoding));
        tr::append_point::<C>(t, b"A_I2", &e_I2);
        tr::append_point::<C>(t, b"A_O2", &e_O2);
        tr::append_point::<C>(t, b"S2", &e_S2);

        let y = tr::challenge::<C>(t, b"y", R1CSError::ProvingError)?;
        let z = tr::challenge::<C>(t, b"z", R1CSError::ProvingError)?;
        let w = flatten::<C>(self.constraints.iter(), &z, n, m)?;

        let y_inv = C::scalar_invert_vartime(&y);
        let exp_y_inv = crate::curve::scalars::powers::<C>(&y_inv, padded_n);
        let mut polys = Polys::<C> {
            l1: Vec::with_capacity(n),
            l2: Vec::with_capacity(n),
            l3: Vec::with_capacity(n),
            r0: Vec::with_capacity(n),
            r1: Vec::with_capacity(n),
            r3: Vec::with_capacity(n),
        };
        let mut exp_y = one;
        let s_L = s_L1.iter().chain(s_L2.iter());
        let s_R = s_R1.iter().chain(s_R2.iter());
        for (i, (sl, sr)) in s_L.zip(s_R).enumerate() {
            polys.l1.push(self.secrets.a_L[i] + exp_y_inv[i] * w.wR[i]);
            polys.l2.push(self.secrets.a_O[i]);
            polys.l3.push(*sl);
            polys.r0.push(w.wO[i] - exp_y);
            polys.r1.push(exp_y * self.secrets.a_R[i] + w.wL[i]);
            polys.r3.push(exp_y * *sr);
            exp_y *= y;
        }
        let t_poly = Zeroizing::new(polys.t());
        // Blindings of t1, t3, t4, t5, t6 (t2's is fixed by the commitments).
        let t_blind = random(5);
        // Public by design: T_1, T_3, …, T_6 are part of the proof.
        let T: [ProofPoint<C>; 5] = core::array::from_fn(|k| {
            let s = Zeroizing::new([t_poly[[0, 2, 3, 4, 5][k]], t_blind[k]]);
            declassify_point(
                T_DECLASSIFIED[k],
                ProofPoint::new(C::pedersen_mul(&*s, &[B, B_blinding])),
            )
        });
        let t = self.transcript.borrow_mut();
        for (label, P) in [b"T_1", b"T_3", b"T_4", b"T_5", b"T_6"]
            .iter()
            .zip(T.iter())
        {
            tr::append_point::<C>(t, *label, &P.encoding);
        }
        let u = tr::challenge::<C>(t, b"u", R1CSError::ProvingError)?;
        let x = tr::challenge::<C>(t, b"x", R1CSError::ProvingError)?;

        let t_blindings = Zeroizing::new([
            t_blind[0],
            crate::curve::scalars::inner_product::<C>(&w.wV, &self.secrets.v_blinding),
            t_blind[1],
            t_blind[2],
            t_blind[3],
            t_blind[4],
        ]);
        // Public by design: t_x and t_x_blinding are part of the proof.
        let t_x = declassify_scalar::<C>(Declassified::Tx, horner::<C>(&t_poly, &x));
        let t_x_blinding =
            declassify_scalar::<C>(Declassified::TxBlinding, horner::<C>(&t_blindings, &x));
        drop(t_poly);
        // Padding: l_i = 0, r_i = −y^i (so that <l, r> gains nothing and the
        // verifier's weights −y^i·y^−i = −1 match).
        let mut r_pad = Vec::with_capacity(pad);
        for _ in 0..pad {
            r_pad.push(-exp_y);
            exp_y *= y;
        }
        // l = l(x) and r = r(x) are blinded by the uniformly random s_L·x³ and
        // y^i·s_R·x³ (the padding is public): public to the variable-time
        // inner-product argument, as in the range proof (see `inner_product.rs`).
        let (l_vec, r_vec) = polys.eval(&x, &r_pad);
        drop(polys);
        let l_vec: Vec<C::Scalar> = l_vec
            .into_iter()
            .map(|l| declassify_scalar::<C>(Declassified::L, l))
            .collect();
        let r_vec: Vec<C::Scalar> = r_vec
            .into_iter()
            .map(|r| declassify_scalar::<C>(Declassified::R, r))
            .collect();

        let iox = Zeroizing::new([
            blind1[0] + u * blind2[0],
            blind1[1] + u * blind2[1],
            blind1[2] + u * blind2[2],
        ]);
        // Public by design: e_blinding is part of the proof.
        let e_blinding = declassify_scalar::<C>(
            Declassified::EBlinding,
            x * (iox[0] + x * (iox[1] + x * iox[2])),
        );
        drop(iox);

        let t = self.transcript.borrow_mut();
        tr::append_scalar::<C>(t, b"t_x", &t_x);
        tr::append_scalar::<C>(t, b"t_x_blinding", &t_x_blinding);
        tr::append_scalar::<C>(t, b"e_blinding", &e_blinding);
        let w_challenge = tr::challenge::<C>(t, b"w", R1CSError::ProvingError)?;
        let Q = C::pedersen_mul(&[w_challenge], &[B]);

        let g_factors: Vec<C::Scalar> = (0..padded_n)
            .map(|i| if i < n1 { one } else { u })
            .collect();
        let h_factors: Vec<C::Scalar> = exp_y_inv
            .iter()
            .zip(g_factors.iter())
            .map(|(yi, g)| *yi * *g)
            .collect();
        let layout = GeneratorLayout::Prefix { len: n };
        let tables = ProverTables::lookup(bp_gens, layout, &B, &w_challenge, &Q);
        let ipa_tables = tables.as_ref().map(|t| t.ipa(padded_n, Folding::Halves));
        let ipp_proof = InnerProductProof::create(
            Folding::Halves,
            ipa_tables.as_ref(),
            t,
            &Q,
            Some(&g_factors),
            &h_factors,
            G,
            H,
            l_vec,
            r_vec,
        )
        .map_err(|_| R1CSError::ProvingError)?;

        let proof = R1CSProof {
            A_I1,
            A_O1,
            S1,
            phase2,
            T,
            t_x,
            t_x_blinding,
            e_blinding,
            ipp_proof,
        };
        Ok((proof, self.take_transcript()))
    }

    /// Moves the transcript out (the secrets are zeroized as the rest drops).
    fn take_transcript(self) -> T {
        self.transcript
    }
}

/// The declassification points of `T_1`, `T_3`, …, `T_6`, in the proof's order.
const T_DECLASSIFIED: [Declassified; 5] = [
    Declassified::T1,
    Declassified::T3,
    Declassified::T4,
    Declassified::T5,
    Declassified::T6,
];

/// Public copies of a phase's points `A_I`, `A_O`, `S` (declassified as `what`).
fn declassify_points<C: Curve>(
    what: [Declassified; 3],
    points: [ProofPoint<C>; 3],
) -> [ProofPoint<C>; 3] {
    let [a, b, c] = points;
    [
        declassify_point(what[0], a),
        declassify_point(what[1], b),
        declassify_point(what[2], c),
    ]
}

/// `Σ_k c_k·x^(k+1)` for the coefficients `c = [t1, …, t6]`.
fn horner<C: Curve>(c: &[C::Scalar; 6], x: &C::Scalar) -> C::Scalar {
    let mut acc = C::scalar_zero();
    for ck in c.iter().rev() {
        acc = (acc + *ck) * *x;
    }
    acc
}

/// Party 0's first `n.next_power_of_two()` generators, if there are that many.
type Generators<C> = (Vec<<C as Curve>::Point>, Vec<<C as Curve>::Point>);
fn generators<C: Curve>(
    bp_gens: &BulletproofGens<C>,
    n: usize,
) -> Result<Generators<C>, R1CSError> {
    let (G, H) = bp_gens.vectors(GeneratorLayout::Prefix { len: n });
    let np = n.next_power_of_two();
    if G.len() < np || H.len() < np {
        return Err(R1CSError::InvalidGeneratorsLength);
    }
    Ok((G, H))
}

/// The padded number of multipliers, if the generators and the limit allow it.
fn check_len<C: Curve>(bp_gens: &BulletproofGens<C>, n: usize) -> Result<usize, R1CSError> {
    if n > MAX_MULTIPLIERS {
        return Err(R1CSError::TooManyMultipliers);
    }
    let padded = n.next_power_of_two();
    if bp_gens.gens_capacity < padded || bp_gens.party_capacity < 1 {
        return Err(R1CSError::InvalidGeneratorsLength);
    }
    Ok(padded)
}

/// `A_I = i·B̃ + <a_L, G> + <a_R, H>`, `A_O = o·B̃ + <a_O, G>`, `S = s·B̃ + <s_L, G> +
/// <s_R, H>` over the multipliers `range` (constant time in the assignments).
///
/// Multipliers declared small ([`ConstraintSystem::declare_small`], public circuit
/// structure) enter `A_I` and `A_O` by a constant-time selection of `0`, `P` or `−P`
/// and one addition per entry; the others through a constant-time multiscalar
/// multiplication. `S` is always the latter (its scalars are uniform).
#[allow(clippy::too_many_arguments)]
fn commit_phase<C: Curve>(
    secrets: &Secrets<C>,
    small: &[bool],
    range: core::ops::Range<usize>,
    blind: &[C::Scalar],
    s_L: &[C::Scalar],
    s_R: &[C::Scalar],
    G: &[C::Point],
    H: &[C::Point],
    B_blinding: &C::Point,
) -> [ProofPoint<C>; 3] {
    let one = C::scalar_one();
    let minus_one = -one;
    // `s·P` for `s ∈ {−1, 0, 1}`, in constant time.
    let signed = |s: &C::Scalar, P: &C::Point| -> C::Point {
        let p = C::Point::conditional_select(&C::identity(), P, s.ct_eq(&one));
        C::Point::conditional_select(&p, &(-*P), s.ct_eq(&minus_one))
    };
    let general: Vec<usize> = range
        .clone()
        .filter(|&i| !small.get(i).copied().unwrap_or(false))
        .collect();
    let mut A_I = C::identity();
    let mut A_O = C::identity();
    for i in range
        .clone()
        .filter(|&i| small.get(i).copied().unwrap_or(false))
    {
        A_I += signed(&secrets.a_L[i], &G[i]);
        A_I += signed(&secrets.a_R[i], &H[i]);
        A_O += signed(&secrets.a_O[i], &G[i]);
    }
    let msm = |b: C::Scalar,
               l: &[C::Scalar],
               r: Option<&[C::Scalar]>,
               idx: &mut dyn Iterator<Item = usize>| {
        let mut scalars: Zeroizing<Vec<C::Scalar>> =
            Zeroizing::new(Vec::with_capacity(1 + 2 * general.len()));
        let mut points: Vec<C::Point> = Vec::with_capacity(1 + 2 * general.len());
        scalars.push(b);
        points.push(*B_blinding);
        let idx: Vec<usize> = idx.collect();
        for (k, &i) in idx.iter().enumerate() {
            scalars.push(l[k]);
            points.push(G[i]);
        }
        if let Some(r) = r {
            for (k, &i) in idx.iter().enumerate() {
                scalars.push(r[k]);
                points.push(H[i]);
            }
        }
        crate::curve::dispatch::multiscalar_mul::<C>(&scalars, &points)
    };
    let gather = |v: &[C::Scalar]| -> Zeroizing<Vec<C::Scalar>> {
        Zeroizing::new(general.iter().map(|&i| v[i]).collect())
    };
    let A_I = A_I
        + msm(
            blind[0],
            &gather(&secrets.a_L),
            Some(&gather(&secrets.a_R)),
            &mut general.iter().copied(),
        );
    let A_O = A_O
        + msm(
            blind[1],
            &gather(&secrets.a_O),
            None,
            &mut general.iter().copied(),
        );
    let S = msm(blind[2], s_L, Some(s_R), &mut range.clone());
    [
        ProofPoint::new(A_I),
        ProofPoint::new(A_O),
        ProofPoint::new(S),
    ]
}
