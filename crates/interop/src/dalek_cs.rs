//! ballistic's constraint-system traits on dalek's R1CS: the gadgets of
//! [`ballistic::gadgets`], written once against
//! [`ballistic::r1cs::ConstraintSystem`]`<Ristretto>`, run unchanged on the prover
//! and the verifier of dalek's `bulletproofs` 4.0.0 (`yoloproofs`).
//!
//! [`DalekCs`] wraps a mutable reference to any dalek constraint system (its
//! `Prover`, `Verifier`, or the second-phase systems its callbacks receive) and
//! translates every call:
//!
//! * variables keep their kind and index ([`variable_to_dalek`],
//!   [`variable_from_dalek`]);
//! * coefficients and assignments cross from curve25519-dalek 5's `Scalar` to
//!   curve25519-dalek-ng's through their canonical bytes;
//! * `transcript` is the same object: both crates use merlin 3's `Transcript`;
//! * `metrics` and errors are copied field by field ([`error_from_dalek`],
//!   [`error_to_dalek`]);
//! * `declare_small` is ignored (dalek's prover has no such fast path; the
//!   declaration never changes a proof).
//!
//! Two-phase gadgets ([`ballistic::r1cs::RandomizableConstraintSystem`]) run through
//! dalek's `specify_randomized_constraints` with [`DalekRandomizedCs`] as the
//! second-phase system; see its documentation for why it records the callback's
//! calls and replays them on dalek's system instead of borrowing it.
//!
//! [`sha256`] proves and verifies ballistic's SHA-256 compression gadget with dalek's
//! prover and verifier, with the transcript of [`ballistic::gadgets::sha256`]: a
//! proof made by either crate verifies under the other.
//!
//! # Example
//! A bit proved by dalek's prover through the adapter, verified by ballistic:
//! ```
//! use ballistic::gadgets::boolean;
//! use ballistic::merlin::Transcript;
//! use ballistic::r1cs::{R1CSProof, Verifier};
//! use ballistic::curve::ristretto::Ristretto;
//! use interop::bulletproofs4 as dalek;
//! use interop::dalek_cs::DalekCs;
//!
//! let (pc, bp) = (dalek::PedersenGens::default(), dalek::BulletproofGens::new(8, 1));
//! let mut prover = dalek::r1cs::Prover::new(&pc, Transcript::new(b"bit"));
//! boolean::allocate(&mut DalekCs::new(&mut prover), Some(true))?;
//! let proof = prover.prove(&bp).map_err(interop::dalek_cs::error_from_dalek)?;
//!
//! let proof = R1CSProof::<Ristretto>::from_bytes(&proof.to_bytes())?;
//! let mut verifier = Verifier::<Ristretto, _>::new(Transcript::new(b"bit"));
//! boolean::allocate(&mut verifier, None)?;
//! let (pc, bp) = (ballistic::ristretto::PedersenGens::default(),
//!     ballistic::ristretto::BulletproofGens::new(8, 1));
//! verifier.verify(&proof, &pc, &bp)?;
//! # Ok::<(), ballistic::r1cs::R1CSError>(())
//! ```

use std::cell::Cell;
use std::rc::Rc;

use ballistic::curve::ristretto::Ristretto;
use ballistic::merlin::Transcript;
use ballistic::r1cs::{
    ConstraintSystem, LinearCombination, Metrics, R1CSError, RandomizableConstraintSystem,
    RandomizedConstraintSystem, Variable,
};
use ballistic::ristretto::Scalar;
use bulletproofs4::r1cs as dalek;
use curve25519_dalek_ng::scalar::Scalar as ScalarNg;

/// A ballistic variable as dalek's: the same kind and index.
///
/// # Example
/// ```
/// use ballistic::r1cs::Variable;
/// use interop::bulletproofs4::r1cs::Variable as DalekVariable;
/// use interop::dalek_cs::{variable_from_dalek, variable_to_dalek};
/// let v: Variable = Variable::MultiplierOutput(7);
/// assert_eq!(variable_to_dalek(v), DalekVariable::MultiplierOutput(7));
/// assert_eq!(variable_from_dalek(variable_to_dalek(v)), v);
/// ```
pub fn variable_to_dalek(v: Variable<Ristretto>) -> dalek::Variable {
    match v {
        Variable::Committed(i) => dalek::Variable::Committed(i),
        Variable::MultiplierLeft(i) => dalek::Variable::MultiplierLeft(i),
        Variable::MultiplierRight(i) => dalek::Variable::MultiplierRight(i),
        Variable::MultiplierOutput(i) => dalek::Variable::MultiplierOutput(i),
        Variable::One() => dalek::Variable::One(),
        Variable::__Curve(_, never) => match never {},
    }
}

/// A dalek variable as ballistic's: the same kind and index.
///
/// # Example
/// ```
/// use ballistic::r1cs::Variable;
/// use interop::bulletproofs4::r1cs::Variable as DalekVariable;
/// assert_eq!(interop::dalek_cs::variable_from_dalek(DalekVariable::Committed(3)),
///     Variable::Committed(3));
/// ```
pub fn variable_from_dalek(v: dalek::Variable) -> Variable<Ristretto> {
    match v {
        dalek::Variable::Committed(i) => Variable::Committed(i),
        dalek::Variable::MultiplierLeft(i) => Variable::MultiplierLeft(i),
        dalek::Variable::MultiplierRight(i) => Variable::MultiplierRight(i),
        dalek::Variable::MultiplierOutput(i) => Variable::MultiplierOutput(i),
        dalek::Variable::One() => Variable::One(),
    }
}

/// A curve25519-dalek 5 scalar as curve25519-dalek-ng's. Both keep scalars reduced,
/// so the canonical bytes carry the value exactly; the reduction modulo the group
/// order is the identity on them (and keeps this conversion free of panics).
fn scalar_to_ng(s: &Scalar) -> ScalarNg {
    ScalarNg::from_bytes_mod_order(s.to_bytes())
}

/// A ballistic linear combination as dalek's: the same terms in the same order
/// (duplicates kept), coefficients converted through their bytes.
///
/// # Example
/// ```
/// use ballistic::r1cs::{LinearCombination, Variable};
/// use interop::bulletproofs4::r1cs::Variable as DalekVariable;
/// use interop::curve25519_dalek_ng::scalar::Scalar as ScalarNg;
/// let lc: LinearCombination = Variable::Committed(0) - 5u64;
/// assert_eq!(interop::dalek_cs::lc_to_dalek(&lc),
///     DalekVariable::Committed(0) - ScalarNg::from(5u64));
/// ```
pub fn lc_to_dalek(lc: &LinearCombination<Ristretto>) -> dalek::LinearCombination {
    lc.terms()
        .map(|(v, c)| (variable_to_dalek(v), scalar_to_ng(&c)))
        .collect()
}

/// dalek's metrics as ballistic's (the same four counts).
fn metrics_from_dalek(m: dalek::Metrics) -> Metrics {
    Metrics {
        multipliers: m.multipliers,
        constraints: m.constraints,
        phase_one_constraints: m.phase_one_constraints,
        phase_two_constraints: m.phase_two_constraints,
    }
}

/// dalek's R1CS error as ballistic's (the same case; ballistic has every one of
/// dalek's).
///
/// # Example
/// ```
/// use interop::bulletproofs4::r1cs::R1CSError as DalekError;
/// use ballistic::r1cs::R1CSError;
/// assert_eq!(interop::dalek_cs::error_from_dalek(DalekError::VerificationError),
///     R1CSError::VerificationError);
/// ```
pub fn error_from_dalek(e: dalek::R1CSError) -> R1CSError {
    match e {
        dalek::R1CSError::InvalidGeneratorsLength => R1CSError::InvalidGeneratorsLength,
        dalek::R1CSError::FormatError => R1CSError::FormatError,
        dalek::R1CSError::VerificationError => R1CSError::VerificationError,
        dalek::R1CSError::MissingAssignment => R1CSError::MissingAssignment,
        dalek::R1CSError::GadgetError { description } => R1CSError::GadgetError { description },
    }
}

/// ballistic's R1CS error as dalek's: the same case where dalek has it, else a
/// `GadgetError` carrying ballistic's message (dalek has no `Unsatisfied`,
/// `TooManyMultipliers` or `ProvingError`).
///
/// # Example
/// ```
/// use interop::bulletproofs4::r1cs::R1CSError as DalekError;
/// use ballistic::r1cs::R1CSError;
/// use interop::dalek_cs::error_to_dalek;
/// assert_eq!(error_to_dalek(R1CSError::MissingAssignment), DalekError::MissingAssignment);
/// assert!(matches!(error_to_dalek(R1CSError::Unsatisfied), DalekError::GadgetError { .. }));
/// ```
pub fn error_to_dalek(e: R1CSError) -> dalek::R1CSError {
    match e {
        R1CSError::InvalidGeneratorsLength => dalek::R1CSError::InvalidGeneratorsLength,
        R1CSError::FormatError => dalek::R1CSError::FormatError,
        R1CSError::VerificationError => dalek::R1CSError::VerificationError,
        R1CSError::MissingAssignment => dalek::R1CSError::MissingAssignment,
        R1CSError::GadgetError { description } => dalek::R1CSError::GadgetError { description },
        other => dalek::R1CSError::GadgetError {
            description: other.to_string(),
        },
    }
}

/// A dalek constraint system seen through ballistic's
/// [`ConstraintSystem`]`<Ristretto>`: the adapter that runs ballistic's gadgets on
/// dalek's prover and verifier. See the [module documentation](self) for the
/// translation.
///
/// On dalek's `Prover` and `Verifier` it is also a
/// [`RandomizableConstraintSystem`], whose second phase is a [`DalekRandomizedCs`].
///
/// # Example
/// ```
/// use ballistic::gadgets::sha256;
/// use ballistic::merlin::Transcript;
/// use ballistic::r1cs::ConstraintSystem;
/// use interop::dalek_cs::DalekCs;
///
/// let mut verifier = interop::bulletproofs4::r1cs::Verifier::new(Transcript::new(b"doc"));
/// let mut cs = DalekCs::new(&mut verifier);
/// sha256::compression_gadget(&mut cs, None, &[0u8; 32])?;
/// assert_eq!(cs.metrics().multipliers, sha256::COMPRESSION_MULTIPLIERS);
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub struct DalekCs<'a, CS: ?Sized> {
    inner: &'a mut CS,
    /// The multiplier that dalek's next second-phase `allocate` completes, as the
    /// callbacks registered through this wrapper leave it (dalek keeps it across
    /// its callbacks): shared by those callbacks, which run one after the other.
    pending: Rc<Cell<Option<usize>>>,
}

impl<'a, CS: ?Sized> DalekCs<'a, CS> {
    /// Wraps dalek's constraint system `inner`.
    ///
    /// # Example
    /// ```
    /// use ballistic::merlin::Transcript;
    /// let mut v = interop::bulletproofs4::r1cs::Verifier::new(Transcript::new(b"doc"));
    /// let _cs = interop::dalek_cs::DalekCs::new(&mut v);
    /// ```
    pub fn new(inner: &'a mut CS) -> Self {
        DalekCs {
            inner,
            pending: Rc::new(Cell::new(None)),
        }
    }

    /// The wrapped constraint system (to commit values, or to call dalek's gadgets).
    ///
    /// # Example
    /// ```
    /// use ballistic::merlin::Transcript;
    /// use interop::bulletproofs4::r1cs::ConstraintSystem as _;
    /// let mut v = interop::bulletproofs4::r1cs::Verifier::new(Transcript::new(b"doc"));
    /// let mut cs = interop::dalek_cs::DalekCs::new(&mut v);
    /// assert_eq!(cs.inner().metrics().multipliers, 0);
    /// ```
    pub fn inner(&mut self) -> &mut CS {
        self.inner
    }
}

impl<CS: dalek::ConstraintSystem + ?Sized> ConstraintSystem<Ristretto> for DalekCs<'_, CS> {
    fn transcript(&mut self) -> &mut Transcript {
        self.inner.transcript()
    }

    fn multiply(
        &mut self,
        left: LinearCombination<Ristretto>,
        right: LinearCombination<Ristretto>,
    ) -> (
        Variable<Ristretto>,
        Variable<Ristretto>,
        Variable<Ristretto>,
    ) {
        let (l, r, o) = self.inner.multiply(lc_to_dalek(&left), lc_to_dalek(&right));
        (
            variable_from_dalek(l),
            variable_from_dalek(r),
            variable_from_dalek(o),
        )
    }

    fn allocate(&mut self, assignment: Option<Scalar>) -> Result<Variable<Ristretto>, R1CSError> {
        self.inner
            .allocate(assignment.as_ref().map(scalar_to_ng))
            .map(variable_from_dalek)
            .map_err(error_from_dalek)
    }

    fn allocate_multiplier(
        &mut self,
        input_assignments: Option<(Scalar, Scalar)>,
    ) -> Result<
        (
            Variable<Ristretto>,
            Variable<Ristretto>,
            Variable<Ristretto>,
        ),
        R1CSError,
    > {
        let (l, r, o) = self
            .inner
            .allocate_multiplier(
                input_assignments.map(|(l, r)| (scalar_to_ng(&l), scalar_to_ng(&r))),
            )
            .map_err(error_from_dalek)?;
        Ok((
            variable_from_dalek(l),
            variable_from_dalek(r),
            variable_from_dalek(o),
        ))
    }

    fn metrics(&self) -> Metrics {
        metrics_from_dalek(self.inner.metrics())
    }

    fn constrain(&mut self, lc: LinearCombination<Ristretto>) {
        self.inner.constrain(lc_to_dalek(&lc))
    }

    // `declare_small`: the provided no-op (dalek's prover has no selection path).
}

impl<CS> RandomizableConstraintSystem<Ristretto> for DalekCs<'_, CS>
where
    CS: dalek::RandomizableConstraintSystem + ?Sized,
{
    type RandomizedCS = DalekRandomizedCs;

    /// Registers a callback with dalek's `specify_randomized_constraints`. When
    /// dalek runs it, the callback receives a [`DalekRandomizedCs`] holding dalek's
    /// transcript (challenges come from it at once); its other calls are recorded
    /// and replayed on dalek's second-phase system when the callback returns.
    fn specify_randomized_constraints<F>(&mut self, callback: F) -> Result<(), R1CSError>
    where
        F: 'static + FnOnce(&mut Self::RandomizedCS) -> Result<(), R1CSError>,
    {
        let pending = Rc::clone(&self.pending);
        self.inner
            .specify_randomized_constraints(move |cs: &mut CS::RandomizedCS| {
                let mut recorder = DalekRandomizedCs::begin(cs, pending.get());
                let result = callback(&mut recorder);
                pending.set(recorder.pending);
                recorder.finish(cs, result)
            })
            .map_err(error_from_dalek)
    }
}

/// One recorded call of a second-phase callback, with the variable the recorder
/// returned for it.
enum Call {
    Multiply(dalek::LinearCombination, dalek::LinearCombination, usize),
    Allocate(Option<ScalarNg>, dalek::Variable),
    AllocateMultiplier(Option<(ScalarNg, ScalarNg)>, usize),
    Constrain(dalek::LinearCombination),
}

/// The second-phase constraint system of a [`DalekCs`]: what a callback registered
/// with [`RandomizableConstraintSystem::specify_randomized_constraints`] receives
/// when dalek runs it.
///
/// **Why it records.** ballistic's trait names the second-phase system as an
/// associated type, `Self::RandomizedCS`, and requires `'static` callbacks; dalek
/// hands its callbacks a `&mut` to its own second-phase system, borrowed only for the
/// call. A wrapper borrowing that reference would need the borrow's lifetime in its
/// type, which an associated type of the first-phase system cannot name (the
/// reference is created inside dalek, long after `Self::RandomizedCS` is fixed), and
/// a `'static` wrapper could hold it only as a raw pointer. This wrapper owns what the
/// callback needs at once instead: dalek's transcript, taken for the duration of the
/// callback and put back after it, for [`RandomizedConstraintSystem::challenge_scalar`]
/// and [`ConstraintSystem::transcript`]; the variables' indices, which dalek numbers
/// sequentially and which the recorder predicts from dalek's metrics at the start of
/// the callback. Every other call (`multiply`, `allocate`, `allocate_multiplier`,
/// `constrain`) is recorded and replayed, in order, on dalek's system when the
/// callback returns; dalek's second-phase calls never touch the transcript, so the
/// transcript sees the same sequence as if they had run at once. Each replayed call
/// is checked to return the predicted variable (else the callback fails with a
/// `GadgetError`).
///
/// Differences from a direct call: a prover's `allocate(None)` returns a variable
/// and fails (`MissingAssignment`) when the callback's calls are replayed, not at
/// once; a gadget that mixes second-phase callbacks registered through two different
/// adapters (or through dalek's own API) with odd numbers of `allocate` calls fails
/// with the index check, since each adapter tracks only its own callbacks' half-filled
/// gate.
///
/// # Example
/// ballistic's two-phase shuffle gadget on dalek's verifier:
/// ```
/// use ballistic::gadgets::shuffle;
/// use ballistic::r1cs::Variable;
/// use interop::dalek_cs::DalekCs;
/// let mut verifier = interop::bulletproofs4::r1cs::Verifier::new(shuffle::transcript(b"doc", 2));
/// let x: Vec<Variable> = (0..4)
///     .map(|_| interop::dalek_cs::variable_from_dalek(
///         verifier.commit(interop::curve25519_dalek_ng::ristretto::CompressedRistretto([0; 32]))))
///     .collect();
/// let (x, y) = (x[..2].to_vec(), x[2..].to_vec());
/// shuffle::gadget(&mut DalekCs::new(&mut verifier), x, y)?;
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub struct DalekRandomizedCs {
    transcript: Transcript,
    metrics: Metrics,
    pending: Option<usize>,
    calls: Vec<Call>,
}

impl DalekRandomizedCs {
    /// Takes dalek's transcript and its metrics at the start of a callback.
    fn begin<R: dalek::RandomizedConstraintSystem + ?Sized>(
        cs: &mut R,
        pending: Option<usize>,
    ) -> Self {
        let transcript =
            std::mem::replace(cs.transcript(), Transcript::new(b"dalek_cs placeholder"));
        DalekRandomizedCs {
            transcript,
            metrics: metrics_from_dalek(cs.metrics()),
            pending,
            calls: Vec::new(),
        }
    }

    /// Puts the transcript back and, if the callback succeeded, replays its calls.
    fn finish<R: dalek::RandomizedConstraintSystem + ?Sized>(
        self,
        cs: &mut R,
        result: Result<(), R1CSError>,
    ) -> Result<(), dalek::R1CSError> {
        *cs.transcript() = self.transcript;
        result.map_err(error_to_dalek)?;
        for call in self.calls {
            let (got, expected) = match call {
                Call::Multiply(l, r, i) => {
                    (cs.multiply(l, r).0, dalek::Variable::MultiplierLeft(i))
                }
                Call::Allocate(value, expected) => (cs.allocate(value)?, expected),
                Call::AllocateMultiplier(values, i) => (
                    cs.allocate_multiplier(values)?.0,
                    dalek::Variable::MultiplierLeft(i),
                ),
                Call::Constrain(lc) => {
                    cs.constrain(lc);
                    continue;
                }
            };
            if got != expected {
                return Err(dalek::R1CSError::GadgetError {
                    description: format!(
                        "dalek_cs: a second-phase call made {got:?}, the adapter predicted \
                         {expected:?} (allocations split across adapters)"
                    ),
                });
            }
        }
        Ok(())
    }

    /// A new multiplier: its index.
    fn next_multiplier(&mut self) -> usize {
        let i = self.metrics.multipliers;
        self.metrics.multipliers += 1;
        i
    }

    /// Counts a constraint as dalek does during its second phase (with the first
    /// phase's: dalek's callbacks have been taken off its list).
    fn count_constraints(&mut self, n: usize) {
        self.metrics.constraints += n;
        self.metrics.phase_one_constraints += n;
    }
}

impl ConstraintSystem<Ristretto> for DalekRandomizedCs {
    fn transcript(&mut self) -> &mut Transcript {
        &mut self.transcript
    }

    fn multiply(
        &mut self,
        left: LinearCombination<Ristretto>,
        right: LinearCombination<Ristretto>,
    ) -> (
        Variable<Ristretto>,
        Variable<Ristretto>,
        Variable<Ristretto>,
    ) {
        let i = self.next_multiplier();
        self.count_constraints(2);
        self.calls
            .push(Call::Multiply(lc_to_dalek(&left), lc_to_dalek(&right), i));
        (
            Variable::MultiplierLeft(i),
            Variable::MultiplierRight(i),
            Variable::MultiplierOutput(i),
        )
    }

    fn allocate(&mut self, assignment: Option<Scalar>) -> Result<Variable<Ristretto>, R1CSError> {
        // dalek's rule: the first of two allocations opens a gate (left input), the
        // second fills its right input.
        let v = match self.pending.take() {
            Some(i) => dalek::Variable::MultiplierRight(i),
            None => {
                let i = self.next_multiplier();
                self.pending = Some(i);
                dalek::Variable::MultiplierLeft(i)
            }
        };
        self.calls
            .push(Call::Allocate(assignment.as_ref().map(scalar_to_ng), v));
        Ok(variable_from_dalek(v))
    }

    fn allocate_multiplier(
        &mut self,
        input_assignments: Option<(Scalar, Scalar)>,
    ) -> Result<
        (
            Variable<Ristretto>,
            Variable<Ristretto>,
            Variable<Ristretto>,
        ),
        R1CSError,
    > {
        let i = self.next_multiplier();
        self.calls.push(Call::AllocateMultiplier(
            input_assignments.map(|(l, r)| (scalar_to_ng(&l), scalar_to_ng(&r))),
            i,
        ));
        Ok((
            Variable::MultiplierLeft(i),
            Variable::MultiplierRight(i),
            Variable::MultiplierOutput(i),
        ))
    }

    fn metrics(&self) -> Metrics {
        self.metrics
    }

    fn constrain(&mut self, lc: LinearCombination<Ristretto>) {
        self.count_constraints(1);
        self.calls.push(Call::Constrain(lc_to_dalek(&lc)));
    }
}

impl RandomizedConstraintSystem<Ristretto> for DalekRandomizedCs {
    /// dalek's second-phase challenge: 64 bytes from the transcript under `label`,
    /// reduced modulo the group order (its `TranscriptProtocol::challenge_scalar`).
    fn challenge_scalar(&mut self, label: &'static [u8]) -> Scalar {
        let mut wide = [0u8; 64];
        self.transcript.challenge_bytes(label, &mut wide);
        Scalar::from_bytes_mod_order_wide(&wide)
    }
}

/// ballistic's SHA-256 compression gadget
/// ([`ballistic::gadgets::sha256::compression_gadget`]) proved and verified by dalek's
/// `bulletproofs` 4.0.0 through [`DalekCs`], with the statement bound as
/// [`ballistic::gadgets::sha256::prove_compression`] binds it: proofs cross between
/// the crates both ways.
pub mod sha256 {
    use super::{error_from_dalek, DalekCs};
    use ballistic::gadgets::sha256 as gadget;
    use ballistic::merlin::Transcript;
    use ballistic::r1cs::R1CSError;
    use bulletproofs4::r1cs::{Prover, R1CSProof, Verifier};
    use bulletproofs4::{BulletproofGens, PedersenGens};

    /// Appends the compression statement and `digest` to `transcript`, as
    /// ballistic's `prove_compression`, `verify_compression` and
    /// `compression_verifier` do before they create the prover or the verifier
    /// (the same labels and messages, in the same order).
    ///
    /// # Example
    /// ```
    /// use ballistic::merlin::Transcript;
    /// let mut t = Transcript::new(b"doc");
    /// interop::dalek_cs::sha256::bind_compression(&mut t, &[0u8; 32]);
    /// ```
    pub fn bind_compression(transcript: &mut Transcript, digest: &[u8; 32]) {
        transcript.append_message(b"dom-sep", b"sha256 v1");
        transcript.append_message(b"sha256 statement", b"compression");
        transcript.append_message(b"sha256 digest", digest);
    }

    /// Proves with dalek's prover that it knows `block`, whose compression
    /// ([`gadget::compress`]) is the returned digest: the statement of
    /// ballistic's [`gadget::prove_compression`], whose verifier accepts the proof.
    /// `bp` needs [`gadget::GENERATORS_CAPACITY`] generators.
    ///
    /// # Errors
    /// dalek's prover errors, as ballistic's ([`error_from_dalek`]).
    ///
    /// # Example
    /// ```no_run
    /// use ballistic::gadgets::sha256 as gadget;
    /// use ballistic::merlin::Transcript;
    /// use interop::bulletproofs4::{BulletproofGens, PedersenGens};
    /// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(gadget::GENERATORS_CAPACITY, 1));
    /// let (proof, digest) =
    ///     interop::dalek_cs::sha256::prove_compression(&pc, &bp, Transcript::new(b"doc"), &[7; 64])?;
    /// assert_eq!(proof.to_bytes().len(), 1377);
    /// interop::dalek_cs::sha256::verify_compression(&pc, &bp, Transcript::new(b"doc"), &digest, &proof)?;
    /// # Ok::<(), ballistic::r1cs::R1CSError>(())
    /// ```
    pub fn prove_compression(
        pc: &PedersenGens,
        bp: &BulletproofGens,
        mut transcript: Transcript,
        block: &[u8; 64],
    ) -> Result<(R1CSProof, [u8; 32]), R1CSError> {
        let digest = gadget::compress(block);
        bind_compression(&mut transcript, &digest);
        let mut prover = Prover::new(pc, transcript);
        gadget::compression_gadget(&mut DalekCs::new(&mut prover), Some(block), &digest)?;
        let proof = prover.prove(bp).map_err(error_from_dalek)?;
        Ok((proof, digest))
    }

    /// dalek's verifier of the compression statement for `digest`, built but not
    /// checked (ballistic's [`gadget::compression_verifier`] on dalek's side).
    ///
    /// # Errors
    /// None in practice (the verifier allocates without assignments); the signature
    /// carries the gadget's.
    ///
    /// # Example
    /// ```
    /// use ballistic::merlin::Transcript;
    /// use interop::bulletproofs4::r1cs::ConstraintSystem as _;
    /// let v = interop::dalek_cs::sha256::compression_verifier(Transcript::new(b"doc"), &[0; 32])?;
    /// assert_eq!(v.metrics().multipliers, ballistic::gadgets::sha256::COMPRESSION_MULTIPLIERS);
    /// # Ok::<(), ballistic::r1cs::R1CSError>(())
    /// ```
    pub fn compression_verifier(
        mut transcript: Transcript,
        digest: &[u8; 32],
    ) -> Result<Verifier<Transcript>, R1CSError> {
        bind_compression(&mut transcript, digest);
        let mut verifier = Verifier::new(transcript);
        gadget::compression_gadget(&mut DalekCs::new(&mut verifier), None, digest)?;
        Ok(verifier)
    }

    /// Verifies with dalek's verifier a compression proof (made by either crate) for
    /// `digest`.
    ///
    /// # Errors
    /// `VerificationError` if the proof does not verify for this digest and
    /// transcript, and dalek's other verifier errors, as ballistic's.
    ///
    /// # Example
    /// ```no_run
    /// use ballistic::gadgets::sha256 as gadget;
    /// use ballistic::merlin::Transcript;
    /// let (pc, bp) = (ballistic::ristretto::PedersenGens::default(),
    ///     ballistic::ristretto::BulletproofGens::new(gadget::GENERATORS_CAPACITY, 1));
    /// let (proof, digest) = gadget::prove_compression(&pc, &bp, Transcript::new(b"doc"),
    ///     &[7; 64], &mut rand::thread_rng())?;
    /// let proof = interop::bulletproofs4::r1cs::R1CSProof::from_bytes(&proof.to_bytes())
    ///     .map_err(interop::dalek_cs::error_from_dalek)?;
    /// let (pc, bp) = (interop::bulletproofs4::PedersenGens::default(),
    ///     interop::bulletproofs4::BulletproofGens::new(gadget::GENERATORS_CAPACITY, 1));
    /// interop::dalek_cs::sha256::verify_compression(&pc, &bp, Transcript::new(b"doc"), &digest, &proof)?;
    /// # Ok::<(), ballistic::r1cs::R1CSError>(())
    /// ```
    pub fn verify_compression(
        pc: &PedersenGens,
        bp: &BulletproofGens,
        transcript: Transcript,
        digest: &[u8; 32],
        proof: &R1CSProof,
    ) -> Result<(), R1CSError> {
        compression_verifier(transcript, digest)?
            .verify(proof, pc, bp)
            .map_err(error_from_dalek)
    }
}
