//! The R1CS verifier: a [`ConstraintSystem`] without assignments that checks a
//! proof with one multiscalar multiplication (`docs/r1cs.md`, "The verifier").

// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
use alloc::boxed::Box;
use alloc::vec::Vec;
use core::borrow::BorrowMut;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use super::flatten::{flatten, Constraints, Flattener, Weights};
use super::proof::R1CSProof;
use super::transcript as tr;
use super::{
    ConstraintSystem, LinearCombination, Metrics, R1CSError, RandomizableConstraintSystem,
    Variable, MAX_MULTIPLIERS,
};
use crate::curve::ristretto::Ristretto;
use crate::curve::scalars::inner_product;
use crate::curve::{Curve, ProofPoint};
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, GeneratorLayout, PedersenGens};
use crate::inner_product::{verification_scalars_into, Folding};
use crate::verify::{check_one, Accumulator, Statement, Terms};

/// A second-phase callback of a verifier.
type Deferred<C, T> = Box<dyn FnOnce(&mut RandomizingVerifier<C, T>) -> Result<(), R1CSError>>;

/// The verifier's constraint system: takes the commitments, builds the same
/// constraints as the prover's gadget without assignments, then checks a proof
/// ([`Verifier::verify`]).
///
/// # Example
/// See [`crate::r1cs`].
pub struct Verifier<C: Curve = Ristretto, T: BorrowMut<Transcript> = Transcript> {
    transcript: T,
    constraints: Constraints<C>,
    /// For a verifier made by [`Verifier::for_proof`]: the constraints flattened
    /// as they come, none stored.
    stream: Option<Box<Stream<C>>>,
    num_vars: usize,
    V: Vec<C::Encoding>,
    deferred: Vec<Deferred<C, T>>,
    pending_multiplier: Option<usize>,
    /// `−1`, the coefficient of every multiplier's own variable in its input
    /// constraints (negated once, not per multiplier).
    minus_one: C::Scalar,
}

/// A verifier that knows its proof from the start ([`Verifier::for_proof`]): the
/// proof's first six commitments, and once the first constraint comes (the
/// statement then is in the transcript) the challenge `y` and the weights
/// flattened so far.
struct Stream<C: Curve> {
    /// `A_I1`, `A_O1`, `S1`, `A_I2`, `A_O2`, `S2` (the last three the identity for a
    /// one-phase proof).
    commitments: [ProofPoint<C>; 6],
    two_phase: bool,
    sealed: Option<Sealed<C>>,
    /// The constraints taken so far.
    constraints: usize,
    /// The first misuse or refusal, reported by the verification.
    error: Option<R1CSError>,
}

/// The state of a [`Stream`] after its first constraint.
struct Sealed<C: Curve> {
    y: C::Scalar,
    /// The number of commitments (no commitment may come after the seal).
    m: usize,
    flattener: Flattener<C>,
}

impl<C: Curve> Stream<C> {
    /// Records `e` unless an error came before.
    fn fail(&mut self, e: R1CSError) {
        self.error.get_or_insert(e);
    }
}

/// The error of a gadget that uses a [`Verifier::for_proof`] in a way its early
/// challenges do not allow.
fn misuse(what: &str) -> R1CSError {
    R1CSError::GadgetError {
        description: alloc::format!(
            "a verifier made by Verifier::for_proof draws its challenges at the first \
             constraint and takes no {what}; use Verifier::new"
        ),
    }
}

/// The verifier in the second phase, as the callbacks of
/// [`RandomizableConstraintSystem::specify_randomized_constraints`] see it.
pub struct RandomizingVerifier<C: Curve = Ristretto, T: BorrowMut<Transcript> = Transcript> {
    verifier: Verifier<C, T>,
}

impl<C: Curve, T: BorrowMut<Transcript>> core::fmt::Debug for Verifier<C, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Verifier")
            .field("commitments", &self.V)
            .field("metrics", &self.metrics())
            .finish()
    }
}

impl<C: Curve, T: BorrowMut<Transcript>> ConstraintSystem<C> for Verifier<C, T> {
    fn transcript(&mut self) -> &mut Transcript {
        // The challenges of a verifier made by `for_proof` are drawn at the first
        // constraint: a later transcript message would be missing from them.
        if let Some(stream) = self.stream.as_deref_mut() {
            if stream.sealed.is_some() {
                stream.fail(misuse("the transcript after the first constraint"));
            }
        }
        self.transcript.borrow_mut()
    }

    fn multiply(
        &mut self,
        mut left: LinearCombination<C>,
        mut right: LinearCombination<C>,
    ) -> (Variable<C>, Variable<C>, Variable<C>) {
        let i = self.num_vars;
        self.num_vars += 1;
        let vars = (
            Variable::MultiplierLeft(i),
            Variable::MultiplierRight(i),
            Variable::MultiplierOutput(i),
        );
        left.terms.push((vars.0, self.minus_one));
        right.terms.push((vars.1, self.minus_one));
        self.constrain(left);
        self.constrain(right);
        vars
    }

    fn allocate(&mut self, _: Option<C::ApiScalar>) -> Result<Variable<C>, R1CSError> {
        Ok(match self.pending_multiplier.take() {
            None => {
                let i = self.num_vars;
                self.num_vars += 1;
                self.pending_multiplier = Some(i);
                Variable::MultiplierLeft(i)
            }
            Some(i) => Variable::MultiplierRight(i),
        })
    }

    fn allocate_multiplier(
        &mut self,
        _: Option<(C::ApiScalar, C::ApiScalar)>,
    ) -> Result<(Variable<C>, Variable<C>, Variable<C>), R1CSError> {
        let i = self.num_vars;
        self.num_vars += 1;
        Ok((
            Variable::MultiplierLeft(i),
            Variable::MultiplierRight(i),
            Variable::MultiplierOutput(i),
        ))
    }

    fn metrics(&self) -> Metrics {
        Metrics {
            multipliers: self.num_vars,
            constraints: self.phase_one_constraints() + self.deferred.len(),
            phase_one_constraints: self.phase_one_constraints(),
            phase_two_constraints: self.deferred.len(),
        }
    }

    fn constrain(&mut self, lc: LinearCombination<C>) {
        if self.stream.is_some() {
            self.stream_constraint(&lc.terms);
        } else {
            self.constraints.push(lc);
        }
    }
}

impl<C: Curve, T: BorrowMut<Transcript>> RandomizableConstraintSystem<C> for Verifier<C, T> {
    type RandomizedCS = RandomizingVerifier<C, T>;

    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), R1CSError>
    where
        F: 'static + FnOnce(&mut Self::RandomizedCS) -> Result<(), R1CSError>,
    {
        if let Some(stream) = self.stream.as_deref_mut() {
            let e = misuse("second-phase constraints");
            stream.fail(e.clone());
            return Err(e);
        }
        self.deferred.push(Box::new(callback));
        Ok(())
    }
}

super::forward::forward_randomizing!(RandomizingVerifier<C, T>, verifier);

/// One proof's verification equation, before its random weights: the
/// inner-product check (weight 1) plus `r` times the check of `t(x)`
/// (`docs/r1cs.md`, "The verifier"). Points other than `B`, `B̃`, `G`, `H` are in
/// `ipa_points`/`t_points` with their scalars; the coefficients of `G` and `H` are
/// computed by [`Circuit`]'s equation with the weight folded into the seeds of their
/// recursions ([`Generators`]).
pub(super) struct Equation<C: Curve> {
    pub(super) ipa_scalars: Vec<C::Scalar>,
    pub(super) ipa_points: Vec<C::Point>,
    pub(super) t_scalars: Vec<C::Scalar>,
    pub(super) t_points: Vec<C::Point>,
    pub(super) B_ipa: C::Scalar,
    /// `x²·wc − t_x`: the `t(x)` check's coefficient of `B` without `x²·δ`, which
    /// [`Circuit`]'s equation adds with the weight.
    pub(super) B_t: C::Scalar,
    pub(super) B_blinding_ipa: C::Scalar,
    pub(super) B_blinding_t: C::Scalar,
    pub(super) gens: Generators<C>,
}

/// What the coefficients of `G_0..G_{padded_n−1}` and `H_0..H_{padded_n−1}` are
/// computed from: the flattened weights, the challenges and the inner-product
/// proof's final scalars and round challenges.
pub(super) struct Generators<C: Curve> {
    padded_n: usize,
    n1: usize,
    x: C::Scalar,
    u: C::Scalar,
    y_inv: C::Scalar,
    wL: Vec<C::Scalar>,
    wR: Vec<C::Scalar>,
    /// `wL + x⁻¹·wO`: with `p = weight·x·y^{−i}` the coefficient of `H_i` takes one
    /// multiplication `p·wLO_i` for the constraint terms.
    wLO: Vec<C::Scalar>,
    a: Vec<C::Scalar>,
    b: Vec<C::Scalar>,
    u_ipa: Vec<C::Scalar>,
    u_ipa_inv: Vec<C::Scalar>,
}

impl<C: Curve> Generators<C> {
    /// The number of generators of each chain the equation uses.
    pub(super) fn len(&self) -> usize {
        self.padded_n
    }

    /// Adds `weight` times the coefficients of `G_i` and `H_i` to `g[i]` and `h[i]`
    /// and returns `weight·x·δ`, or `None` if the inner-product proof's scalars do
    /// not fit its length (refused before, when the equation was built). The weight
    /// seeds the recursions of `s_i`, `s_i⁻¹` and `y^{−i}`, so weighting costs no
    /// multiplication per generator: six per generator in all (`docs/r1cs.md`).
    /// `scratch` holds the inner-product coefficients between calls (reused, so a
    /// check allocates them once).
    fn add_weighted(
        &self,
        g: &mut [C::Scalar],
        h: &mut [C::Scalar],
        scratch: &mut [Vec<C::Scalar>; 2],
        weight: C::Scalar,
    ) -> Option<C::Scalar> {
        let [ipa_g, ipa_h] = scratch;
        verification_scalars_into::<C>(
            Folding::Halves,
            self.padded_n,
            &self.a,
            &self.b,
            &self.u_ipa,
            &self.u_ipa_inv,
            self.y_inv,
            weight,
            ipa_g,
            ipa_h,
        )
        .ok()?;
        let (g, h) = (g.get_mut(..self.padded_n)?, h.get_mut(..self.padded_n)?);
        let n = self.wL.len();
        let (u, n1) = (self.u, self.n1);
        let zero = C::scalar_zero();
        // `p_i = weight·x·y^{−i}` for a block of `BLOCK` positions at a time: the
        // block's `y^{−j}` times one seed, then three element-wise products per
        // position (`p·wR`, `p·wR·wL`, `p·wLO`), all passes a curve may run in lanes.
        let mut y_pow = [zero; BLOCK];
        let mut y_j = C::scalar_one();
        for yp in &mut y_pow {
            *yp = y_j;
            y_j *= self.y_inv;
        }
        let mut seed = weight * self.x;
        let (mut p, mut p_wR, mut p_wR_wL, mut p_wLO) =
            ([zero; BLOCK], [zero; BLOCK], [zero; BLOCK], [zero; BLOCK]);
        let mut delta_x = zero;
        let blocks = self
            .wL
            .chunks(BLOCK)
            .zip(self.wR.chunks(BLOCK))
            .zip(self.wLO.chunks(BLOCK));
        for (k, ((wL, wR), wLO)) in blocks.enumerate() {
            let len = wL.len();
            // `len ≤ BLOCK`: the chunks of `BLOCK` positions.
            let (Some(p), Some(p_wR), Some(p_wR_wL), Some(p_wLO), Some(y_pow)) = (
                p.get_mut(..len),
                p_wR.get_mut(..len),
                p_wR_wL.get_mut(..len),
                p_wLO.get_mut(..len),
                y_pow.get(..len),
            ) else {
                return None;
            };
            C::scalar_mul_by_many(p, y_pow, &seed);
            C::scalar_mul_many(p_wR, p, wR);
            C::scalar_mul_many(p_wR_wL, p_wR, wL);
            C::scalar_mul_many(p_wLO, p, wLO);
            let (start, end) = (k * BLOCK, k * BLOCK + len);
            let (Some(g), Some(h), Some(ag), Some(bh)) = (
                g.get_mut(start..end),
                h.get_mut(start..end),
                ipa_g.get(start..end),
                ipa_h.get(start..end),
            ) else {
                return None;
            };
            let gh = g.iter_mut().zip(h.iter_mut()).zip(ag.iter().zip(bh));
            let terms = p_wR.iter().zip(p_wR_wL.iter()).zip(p_wLO.iter());
            for (j, (((pwR, pwRwL), pwLO), ((gi, hi), (ag, bh)))) in terms.zip(gh).enumerate() {
                delta_x += *pwRwL;
                let mut g_term = *pwR - *ag;
                let mut h_term = *pwLO - *bh - weight;
                // The second phase's generators carry the factor `u`.
                if start + j >= n1 {
                    g_term *= u;
                    h_term *= u;
                }
                *gi += g_term;
                *hi += h_term;
            }
            seed *= y_j;
        }
        // Padding positions (`i ≥ n`) have no constraint weights and carry `u`.
        let padding = g
            .iter_mut()
            .zip(h.iter_mut())
            .zip(ipa_g.iter().zip(ipa_h.iter()));
        for ((gi, hi), (ag, bh)) in padding.skip(n) {
            *gi -= u * *ag;
            *hi -= u * (*bh + weight);
        }
        Some(delta_x)
    }
}

/// Appends the number of commitments `m` and the first-phase commitments `A_I1`,
/// `A_O1`, `S1` (none the identity): the transcript of both verifier paths before
/// the second phase.
fn append_phase_one<C: Curve>(
    t: &mut Transcript,
    m: usize,
    [A_I1, A_O1, S1]: [&ProofPoint<C>; 3],
) -> Result<(), R1CSError> {
    t.append_u64(b"m", m as u64);
    tr::validate_and_append_point::<C>(t, b"A_I1", A_I1)?;
    tr::validate_and_append_point::<C>(t, b"A_O1", A_O1)?;
    tr::validate_and_append_point::<C>(t, b"S1", S1)
}

/// Appends the second-phase commitments `A_I2`, `A_O2`, `S2` (the identity for a
/// one-phase proof) and draws `y`, `z`: the transcript of both verifier paths after
/// the phase separator.
fn append_phase_two_and_challenge<C: Curve>(
    t: &mut Transcript,
    [A_I2, A_O2, S2]: [&ProofPoint<C>; 3],
) -> Result<(C::Scalar, C::Scalar), R1CSError> {
    tr::append_point::<C>(t, b"A_I2", &A_I2.encoding);
    tr::append_point::<C>(t, b"A_O2", &A_O2.encoding);
    tr::append_point::<C>(t, b"S2", &S2.encoding);
    let y = tr::challenge::<C>(t, b"y", R1CSError::VerificationError)?;
    let z = tr::challenge::<C>(t, b"z", R1CSError::VerificationError)?;
    Ok((y, z))
}

/// The padded number of multipliers, if `n` multipliers (`n1` of them in the
/// first phase) fit the limit and the generators and `proof` has as many phases.
fn check_size<C: Curve>(
    n: usize,
    n1: usize,
    proof: &R1CSProof<C>,
    bp_gens: &BulletproofGens<C>,
) -> Result<usize, R1CSError> {
    if n > MAX_MULTIPLIERS {
        return Err(R1CSError::TooManyMultipliers);
    }
    let padded_n = n.next_power_of_two();
    if bp_gens.gens_capacity < padded_n || bp_gens.party_capacity < 1 {
        return Err(R1CSError::InvalidGeneratorsLength);
    }
    // A one-phase circuit must come with a one-phase proof and vice versa (the
    // second-phase commitments of a one-phase proof are the identity).
    if (n > n1) != proof.is_two_phase() {
        return Err(R1CSError::VerificationError);
    }
    Ok(padded_n)
}

/// Positions per block of [`Generators::add_weighted`]'s element-wise passes (four
/// blocks of scalars on the stack, 8 KiB on ristretto255, in the L1 cache).
const BLOCK: usize = 64;

/// A circuit's equation with the Pedersen bases it is checked over: the engine's
/// statement, weighted `weight·(ipa + r·t)` by its two weights.
pub(super) struct Circuit<C: Curve> {
    eq: Equation<C>,
    B: C::Point,
    B_blinding: C::Point,
}

impl<C: Curve> Circuit<C> {
    /// The statement of `eq` over the bases of `pc_gens`.
    pub(super) fn new(eq: Equation<C>, pc_gens: &PedersenGens<C>) -> Self {
        let (B, B_blinding) = pc_gens.bases();
        Circuit { eq, B, B_blinding }
    }
}

impl<C: Curve> core::fmt::Debug for Circuit<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Circuit")
            .field("padded_n", &self.eq.gens.len())
            .finish_non_exhaustive()
    }
}

impl<C: Curve> Statement<C> for Circuit<C> {
    fn layout(&self) -> GeneratorLayout {
        GeneratorLayout::Prefix {
            len: self.eq.gens.len(),
        }
    }
    fn weights(&self) -> usize {
        2
    }
    fn bases(&self) -> Vec<C::Point> {
        alloc::vec![self.B, self.B_blinding]
    }
    fn commitments(&self) -> &[C::Encoding] {
        &[]
    }
    fn push_inversions(&self, _: &mut Vec<C::Scalar>) {}
    fn bind(&self, t: &mut Transcript) {
        use crate::verify::{bind_scalars, bind_u64s};
        let (eq, g) = (&self.eq, &self.eq.gens);
        t.append_message(b"protocol", b"r1cs");
        bind_u64s(t, b"shape", &[g.padded_n as u64, g.n1 as u64]);
        bind_scalars::<C>(
            t,
            b"scalars",
            &[
                eq.B_ipa,
                eq.B_t,
                eq.B_blinding_ipa,
                eq.B_blinding_t,
                g.x,
                g.u,
                g.y_inv,
            ],
        );
        bind_scalars::<C>(t, b"ipa scalars", &eq.ipa_scalars);
        bind_scalars::<C>(t, b"t scalars", &eq.t_scalars);
        // The constraint weights: the circuit, which no transcript absorbed.
        bind_scalars::<C>(t, b"wL", &g.wL);
        bind_scalars::<C>(t, b"wR", &g.wR);
        bind_scalars::<C>(t, b"wLO", &g.wLO);
        bind_scalars::<C>(t, b"a", &g.a);
        bind_scalars::<C>(t, b"b", &g.b);
        bind_scalars::<C>(t, b"u", &g.u_ipa);
    }
    fn emit(
        &self,
        _: &[C::Point],
        _: &[C::Scalar],
        [weight, r]: [C::Scalar; 2],
        out: &mut Accumulator<'_, C>,
    ) -> Result<(), ProofError> {
        let eq = &self.eq;
        let (g, h) = out
            .prefix(eq.gens.len())
            .ok_or(ProofError::VerificationError)?;
        let mut scratch = [Vec::new(), Vec::new()];
        let delta_x = eq
            .gens
            .add_weighted(g, h, &mut scratch, weight)
            .ok_or(ProofError::VerificationError)?;
        let wr = weight * r;
        for (s, P) in eq.ipa_scalars.iter().zip(&eq.ipa_points) {
            out.dynamic(weight * *s, *P);
        }
        for (s, P) in eq.t_scalars.iter().zip(&eq.t_points) {
            out.dynamic(wr * *s, *P);
        }
        out.pedersen(&[
            (
                weight * eq.B_ipa + wr * eq.B_t + r * eq.gens.x * delta_x,
                self.B,
            ),
            (
                weight * eq.B_blinding_ipa + wr * eq.B_blinding_t,
                self.B_blinding,
            ),
        ]);
        Ok(())
    }
}

impl<C: Curve, T: BorrowMut<Transcript>> Verifier<C, T> {
    /// Starts a constraint system, appending the R1CS domain separator to
    /// `transcript`.
    pub fn new(mut transcript: T) -> Self {
        tr::domain_sep(transcript.borrow_mut());
        Verifier {
            transcript,
            constraints: Constraints::new(),
            stream: None,
            num_vars: 0,
            V: Vec::new(),
            deferred: Vec::new(),
            pending_multiplier: None,
            minus_one: -C::scalar_one(),
        }
    }

    /// Starts a constraint system that checks `proof` while the gadget builds it:
    /// each constraint is folded into the verification equation as it comes and
    /// none is stored, so verifying takes less time and memory than with
    /// [`Verifier::new`] (a fifth less time for the SHA-256 compression circuit).
    /// [`Verifier::verify`] and [`BatchVerifier::add`](super::BatchVerifier::add)
    /// must then be given the same `proof`.
    ///
    /// The challenges are drawn at the gadget's first constraint, so it must
    /// commit every value and append every transcript message before that (as
    /// gadgets that bind their statement first do), and it must be one-phase
    /// (no [`RandomizableConstraintSystem::specify_randomized_constraints`]).
    /// A gadget that does otherwise gets [`R1CSError::GadgetError`] from the
    /// verification (and from `specify_randomized_constraints`), never a verdict
    /// on a different statement. The transcript and the verdicts are those of
    /// [`Verifier::new`].
    ///
    /// # Example
    /// ```
    /// use ballistic::merlin::Transcript;
    /// use ballistic::r1cs::{ConstraintSystem, Prover, Verifier};
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
    /// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(8, 1));
    /// use rand::RngCore;
    /// let mut wide = [0u8; 64];
    /// rand::thread_rng().fill_bytes(&mut wide);
    /// let blinding = Scalar::from_bytes_mod_order_wide(&wide);
    /// // Prove knowledge of x with x·x = 9 for the committed x.
    /// let mut prover = Prover::new(&pc, Transcript::new(b"doc"));
    /// let (com, x) = prover.commit(Scalar::from(3u64), blinding);
    /// let (_, _, o) = prover.multiply(x.into(), x.into());
    /// prover.constrain(o - 9u64);
    /// let proof = prover.prove(&bp)?;
    ///
    /// let mut verifier = Verifier::for_proof(Transcript::new(b"doc"), &proof);
    /// let x = verifier.commit(com);
    /// let (_, _, o) = verifier.multiply(x.into(), x.into());
    /// verifier.constrain(o - 9u64);
    /// verifier.verify(&proof, &pc, &bp)?;
    /// # Ok::<(), ballistic::r1cs::R1CSError>(())
    /// ```
    pub fn for_proof(transcript: T, proof: &R1CSProof<C>) -> Self {
        let mut verifier = Self::new(transcript);
        let [A_I2, A_O2, S2] = proof.phase2_points();
        verifier.stream = Some(Box::new(Stream {
            commitments: [proof.A_I1, proof.A_O1, proof.S1, A_I2, A_O2, S2],
            two_phase: proof.is_two_phase(),
            sealed: None,
            constraints: 0,
            error: None,
        }));
        verifier
    }

    /// The first-phase constraints so far (stored or streamed).
    fn phase_one_constraints(&self) -> usize {
        self.constraints.len() + self.stream.as_ref().map_or(0, |s| s.constraints)
    }

    /// Folds a constraint into a [`Verifier::for_proof`]'s weights, drawing the
    /// challenges first at the first constraint.
    fn stream_constraint(&mut self, terms: &[(Variable<C>, C::Scalar)]) {
        let Some(mut stream) = self.stream.take() else {
            return;
        };
        stream.constraints += 1;
        if stream.sealed.is_none() && stream.error.is_none() {
            self.seal(&mut stream);
        }
        if let (Some(sealed), None) = (stream.sealed.as_mut(), &stream.error) {
            if let Err(e) = sealed.flattener.push(terms) {
                stream.fail(e);
            }
        }
        self.stream = Some(stream);
    }

    /// Appends what [`Verifier::equation`] appends before `y` and `z` for a
    /// one-phase circuit (the number of commitments, the proof's first six
    /// commitments) and draws them.
    fn seal(&mut self, stream: &mut Stream<C>) {
        if stream.two_phase {
            // As `Verifier::new`: a one-phase circuit refuses a two-phase proof.
            stream.fail(R1CSError::VerificationError);
            return;
        }
        let m = self.V.len();
        let t = self.transcript.borrow_mut();
        let [A_I1, A_O1, S1, A_I2, A_O2, S2] = &stream.commitments;
        let challenges = append_phase_one(t, m, [A_I1, A_O1, S1]).and_then(|()| {
            tr::phase_sep(t, false);
            append_phase_two_and_challenge(t, [A_I2, A_O2, S2])
        });
        match challenges {
            Ok((y, z)) => {
                stream.sealed = Some(Sealed {
                    y,
                    m,
                    flattener: Flattener::new(&z, self.num_vars, m, true),
                })
            }
            Err(e) => stream.fail(e),
        }
    }

    /// A [`Verifier::for_proof`]'s challenge `y` and its weights over `n`
    /// multipliers, if `proof` (second-phase points `phase2`) is the one it was made for.
    fn finish_stream(
        &mut self,
        mut stream: Stream<C>,
        proof: &R1CSProof<C>,
        [A_I2, A_O2, S2]: &[ProofPoint<C>; 3],
        n: usize,
    ) -> Result<(C::Scalar, Weights<C>), R1CSError> {
        let given = [&proof.A_I1, &proof.A_O1, &proof.S1, A_I2, A_O2, S2];
        let same = given
            .iter()
            .zip(&stream.commitments)
            .all(|(a, b)| a.encoding == b.encoding);
        if !same || proof.is_two_phase() != stream.two_phase {
            return Err(R1CSError::VerificationError);
        }
        if stream.sealed.is_none() && stream.error.is_none() {
            self.seal(&mut stream);
        }
        if let Some(e) = stream.error {
            return Err(e);
        }
        let sealed = stream.sealed.ok_or(R1CSError::VerificationError)?;
        if sealed.m != self.V.len() {
            return Err(misuse("commitment after the first constraint"));
        }
        Ok((sealed.y, sealed.flattener.finish(n)?))
    }

    /// Room for `constraints` more constraints of `terms` terms in all: a hint for
    /// gadgets that know their size (growing the storage copies it; a
    /// [`Verifier::for_proof`] stores none).
    pub(crate) fn reserve(&mut self, constraints: usize, terms: usize) {
        if self.stream.is_some() {
            return;
        }
        self.constraints.reserve(constraints, terms);
    }

    /// The number of terms of the first-phase constraints so far.
    #[cfg(test)]
    pub(crate) fn terms_len(&self) -> usize {
        self.constraints.terms_len()
    }

    /// Takes the commitment `V` to a high-level value, appends it to the transcript
    /// and returns its variable. An invalid encoding makes verification fail.
    pub fn commit(&mut self, V: C::Encoding) -> Variable<C> {
        let i = self.V.len();
        self.V.push(V);
        if let Some(stream) = self.stream.as_deref_mut() {
            if stream.sealed.is_some() {
                stream.fail(misuse("commitment after the first constraint"));
            }
        }
        tr::append_point::<C>(self.transcript.borrow_mut(), b"V", &V);
        Variable::Committed(i)
    }

    /// Runs the second-phase callbacks.
    fn run_deferred(mut self) -> Result<Self, R1CSError> {
        self.pending_multiplier = None;
        let callbacks = core::mem::take(&mut self.deferred);
        tr::phase_sep(self.transcript.borrow_mut(), !callbacks.is_empty());
        let mut wrapped = RandomizingVerifier { verifier: self };
        for callback in callbacks {
            callback(&mut wrapped)?;
        }
        Ok(wrapped.verifier)
    }

    /// Checks `proof` against this constraint system, with the operating system's
    /// RNG for the verifier's random weight.
    ///
    /// # Errors
    /// [`R1CSError::VerificationError`] if the proof does not verify,
    /// [`R1CSError::InvalidGeneratorsLength`] if `bp_gens` is too short for the
    /// circuit, and the errors of the gadgets' callbacks.
    #[cfg(feature = "std")]
    pub fn verify(
        self,
        proof: &R1CSProof<C>,
        pc_gens: &PedersenGens<C>,
        bp_gens: &BulletproofGens<C>,
    ) -> Result<(), R1CSError> {
        self.verify_with_rng(proof, pc_gens, bp_gens, &mut rand_core::OsRng)
            .map(|_| ())
    }

    /// [`Verifier::verify`], returning the transcript.
    ///
    /// # Errors
    /// As [`Verifier::verify`].
    #[cfg(feature = "std")]
    pub fn verify_and_return_transcript(
        self,
        proof: &R1CSProof<C>,
        pc_gens: &PedersenGens<C>,
        bp_gens: &BulletproofGens<C>,
    ) -> Result<T, R1CSError> {
        self.verify_with_rng(proof, pc_gens, bp_gens, &mut rand_core::OsRng)
    }

    /// [`Verifier::verify`] with the caller's RNG (available without `std`); returns
    /// the transcript.
    ///
    /// # Errors
    /// As [`Verifier::verify`].
    pub fn verify_with_rng<R: RngCore + CryptoRng>(
        self,
        proof: &R1CSProof<C>,
        pc_gens: &PedersenGens<C>,
        bp_gens: &BulletproofGens<C>,
        rng: &mut R,
    ) -> Result<T, R1CSError> {
        let (eq, mut transcript) = self.equation(proof, bp_gens)?;
        let r = {
            let mut trng = transcript.borrow_mut().build_rng().finalize(rng);
            C::scalar_random_nonzero(&mut trng).map_err(|_| R1CSError::VerificationError)?
        };
        let circuit = Circuit::new(eq, pc_gens);
        // A length's tables are built only once a proof of it has verified
        // (within the generators' table budget).
        bp_gens
            .verify_over_tables(circuit.layout(), |tables| {
                check_one(bp_gens, &circuit, &[], tables, [C::scalar_one(), r])
            })
            .map_err(|_| R1CSError::VerificationError)?;
        Ok(transcript)
    }

    /// Replays the transcript over `proof` and returns its verification equation
    /// (without the random weights) and the transcript.
    pub(super) fn equation(
        mut self,
        proof: &R1CSProof<C>,
        bp_gens: &BulletproofGens<C>,
    ) -> Result<(Equation<C>, T), R1CSError> {
        let m = self.V.len();
        let phase2 = proof.phase2_points();
        let (n1, padded_n, y, mut weights) = match self.stream.take() {
            Some(stream) => {
                let n = self.num_vars;
                let padded_n = check_size(n, n, proof, bp_gens)?;
                let (y, weights) = self.finish_stream(*stream, proof, &phase2, n)?;
                (n, padded_n, y, weights)
            }
            None => {
                let t = self.transcript.borrow_mut();
                append_phase_one(t, m, [&proof.A_I1, &proof.A_O1, &proof.S1])?;
                let n1 = self.num_vars;
                self = self.run_deferred()?;
                let n = self.num_vars;
                let padded_n = check_size(n, n1, proof, bp_gens)?;
                let [A_I2, A_O2, S2] = &phase2;
                let t = self.transcript.borrow_mut();
                let (y, z) = append_phase_two_and_challenge(t, [A_I2, A_O2, S2])?;
                let weights = flatten::<C>(self.constraints.iter(), &z, n, m)?;
                (n1, padded_n, y, weights)
            }
        };
        let n2 = self.num_vars - n1;
        let t = self.transcript.borrow_mut();
        for (label, P) in [b"T_1", b"T_3", b"T_4", b"T_5", b"T_6"]
            .iter()
            .zip(proof.T.iter())
        {
            tr::validate_and_append_point::<C>(t, *label, P)?;
        }
        let u = tr::challenge::<C>(t, b"u", R1CSError::VerificationError)?;
        let x = tr::challenge::<C>(t, b"x", R1CSError::VerificationError)?;
        tr::append_scalar::<C>(t, b"t_x", &proof.t_x);
        tr::append_scalar::<C>(t, b"t_x_blinding", &proof.t_x_blinding);
        tr::append_scalar::<C>(t, b"e_blinding", &proof.e_blinding);
        let w = tr::challenge::<C>(t, b"w", R1CSError::VerificationError)?;

        // `y⁻¹` and `x⁻¹` with one inversion (both challenges are nonzero).
        let mut inverses = [y, x];
        C::scalar_batch_invert_vartime(&mut inverses);
        let [y_inv, x_inv] = inverses;
        // `wLO = wL + x⁻¹·wO` (in place of `wO`, which is not needed apart).
        let mut block = [C::scalar_zero(); BLOCK];
        for (o, l) in weights.wO.chunks_mut(BLOCK).zip(weights.wL.chunks(BLOCK)) {
            // `o.len() ≤ BLOCK`: the chunks of `BLOCK` positions.
            let Some(block) = block.get_mut(..o.len()) else {
                return Err(R1CSError::VerificationError);
            };
            C::scalar_mul_by_many(block, o, &x_inv);
            for ((o, l), xo) in o.iter_mut().zip(l).zip(block.iter()) {
                *o = *l + *xo;
            }
        }
        let ipp = &proof.ipp_proof;
        let (u_ipa, u_ipa_inv) = ipp
            .verification_challenges_inverted(padded_n, Folding::Halves, t)
            .map_err(|_| R1CSError::VerificationError)?;
        let V: Vec<C::Point> =
            C::decode_batch_vartime(&self.V).map_err(|_| R1CSError::VerificationError)?;

        let xx = x * x;
        let xxx = xx * x;
        let mut ipa_scalars = alloc::vec![x, xx, xxx];
        let mut ipa_points = alloc::vec![proof.A_I1.point, proof.A_O1.point, proof.S1.point];
        if n2 > 0 {
            ipa_scalars.extend_from_slice(&[u * x, u * xx, u * xxx]);
            ipa_points.extend(phase2.iter().map(|p| p.point));
        }
        ipa_scalars.extend(u_ipa.iter().map(|uk| *uk * *uk));
        ipa_points.extend(ipp.L_vec.iter().map(|p| p.point));
        ipa_scalars.extend(u_ipa_inv.iter().map(|uk| *uk * *uk));
        ipa_points.extend(ipp.R_vec.iter().map(|p| p.point));

        let mut t_scalars: Vec<C::Scalar> = weights.wV.iter().map(|wv| *wv * xx).collect();
        let mut t_points = V;
        t_scalars.extend_from_slice(&[x, xxx, xx * xx, xx * xxx, xxx * xxx]);
        t_points.extend(proof.T.iter().map(|p| p.point));

        let ab = inner_product::<C>(&ipp.a, &ipp.b);
        let eq = Equation {
            ipa_scalars,
            ipa_points,
            t_scalars,
            t_points,
            B_ipa: w * (proof.t_x - ab),
            B_t: xx * weights.wc - proof.t_x,
            B_blinding_ipa: -proof.e_blinding,
            B_blinding_t: -proof.t_x_blinding,
            gens: Generators {
                padded_n,
                n1,
                x,
                u,
                y_inv,
                wL: weights.wL,
                wR: weights.wR,
                wLO: weights.wO,
                a: ipp.a.clone(),
                b: ipp.b.clone(),
                u_ipa,
                u_ipa_inv,
            },
        };
        Ok((eq, self.transcript))
    }
}
