//! The batch verifier: statements of any protocols and shapes, one multiscalar
//! multiplication.
//!
//! Each statement's verification equation is weighted with its own independent
//! random scalars (one or two: [`Statement::weights`]) and all equations are added.
//! The coefficients of the fixed generators (every party's `G`, `H`, the padding
//! chains, the circuits' prefix of party 0) are summed across statements, so the
//! marginal cost of a proof is its own points plus its scalar work; each proof's
//! Pedersen bases are summed too when proofs share them, and enter as separate
//! points when they differ (confidential assets: one value generator per proof).
//! All inversions of the batch are one batched inversion per thread.
//!
//! If any proof is invalid, the sum is not the identity except with probability
//! `≈ 2/ℓ`, and the verifier finds the invalid proofs by bisection (fresh weights
//! for every sub-batch), so the result is exactly the AND of the single
//! verifications, with the indices of the failures.
//!
//! Protocols add their statements with methods in their own folders:
//! `add`, `add_many`, `add_range`, `add_with_min_values` (range proofs),
//! `add_plus`, `add_plus_range` (Bulletproofs+) and `add_circuit` (R1CS).
//!
//! # Example
//! ```
//! use ballistic::ristretto::{BatchVerifier, BulletproofGens, PedersenGens, RangeProof, Scalar};
//! use ballistic::merlin::Transcript;
//! let bp = BulletproofGens::new(64, 4);
//! let pc = PedersenGens::default();
//! let mut rng = rand::thread_rng();
//! let (p1, v1) = RangeProof::prove_single_with_rng(&bp, &pc, &mut Transcript::new(b"ex"), 7,
//!     &Scalar::from(1u64), 64, &mut rng)?;
//! let (p2, v2) = RangeProof::prove_multiple_with_rng(&bp, &pc, &mut Transcript::new(b"ex"),
//!     &[1, 2, 3], &[Scalar::ONE; 3], 16, &mut rng)?;
//! let mut batch = BatchVerifier::new(&bp);
//! batch.add(&p1, &pc, &mut Transcript::new(b"ex"), &[v1], 64);
//! batch.add(&p2, &pc, &mut Transcript::new(b"ex"), &v2, 16);
//! batch.add(&p2, &pc, &mut Transcript::new(b"ex"), &v2, 32); // wrong width
//! let err = batch.verify(&mut rng).unwrap_err();
//! assert_eq!(err.invalid_indices(), vec![2]);
//! # Ok::<(), ballistic::ProofError>(())
//! ```

use alloc::boxed::Box;
use alloc::collections::BTreeMap;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use rand_core::{CryptoRng, RngCore};

use super::Terms;
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, GeneratorLayout};

/// A proof whose transcript has been replayed, as the engine takes it: what its
/// equation needs from the batch, and the equation itself. Implemented by each
/// protocol in its own folder; the engine calls it once per proof (never per term).
pub(crate) trait Statement<C: Curve>: fmt::Debug + Send + Sync {
    /// The generators the equation uses: [`GeneratorLayout::Parties`] (range
    /// proofs; positions `0..padded_len` of [`Terms::g`] and [`Terms::h`]) or
    /// [`GeneratorLayout::Prefix`] (circuits; [`Terms::prefix`]).
    fn layout(&self) -> GeneratorLayout;
    /// The number of random weights the equation takes (1 or 2), in the order of
    /// `weights` in [`Statement::emit`].
    fn weights(&self) -> usize;
    /// The Pedersen bases, in the order of the equation's [`Terms::pedersen`] call.
    fn bases(&self) -> Vec<C::Point>;
    /// The commitments the engine decodes for the equation (all of a batch's in one
    /// decoding) and passes to [`Statement::emit`]; empty when the statement holds
    /// its own decoded commitments.
    fn commitments(&self) -> &[C::Encoding];
    /// Appends the scalars to invert for the equation.
    fn push_inversions(&self, out: &mut Vec<C::Scalar>);
    /// Appends to `t` every scalar and number the equation is computed from, other
    /// than the Pedersen bases and [`Statement::commitments`] (the engine binds
    /// those): the challenges (each binds every point its Fiat–Shamir transcript
    /// absorbed before it), the proof's scalars, and the statement's data (widths,
    /// encodings of its own commitments, minimum values, ranges, constraint
    /// weights). The weights of [`BatchVerifier::verify_deterministic`] are drawn
    /// after every statement of the batch is bound ([`crate::notes::verify`]).
    fn bind(&self, t: &mut merlin::Transcript);
    /// Writes the equation weighted by `weights` (the second is zero for a
    /// one-weight statement) into `out`; `V` are the decoded
    /// [`Statement::commitments`], `inv` the inverses of
    /// [`Statement::push_inversions`] in order. A wrong length is an error, never a
    /// panic and never a silently empty equation.
    fn emit(
        &self,
        V: &[C::Point],
        inv: &[C::Scalar],
        weights: [C::Scalar; 2],
        out: &mut Accumulator<'_, C>,
    ) -> Result<(), ProofError>;
}

/// The proofs of a batch that failed, with the reason for each.
///
/// # Example
/// ```
/// use ballistic::verify::BatchError;
/// use ballistic::ProofError;
/// let e = BatchError { invalid: vec![(1, ProofError::VerificationError), (4, ProofError::FormatError)] };
/// assert_eq!(e.invalid_indices(), vec![1, 4]);
/// assert!(e.to_string().starts_with("2 proof(s) of the batch failed"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchError {
    /// `(index, error)` for every failed proof, by increasing index.
    pub invalid: Vec<(usize, ProofError)>,
}

impl BatchError {
    /// The indices of the failed proofs, increasing.
    pub fn invalid_indices(&self) -> Vec<usize> {
        self.invalid.iter().map(|(i, _)| *i).collect()
    }
}

impl fmt::Display for BatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} proof(s) of the batch failed:", self.invalid.len())?;
        for (i, e) in &self.invalid {
            write!(f, " #{i} ({e})")?;
        }
        Ok(())
    }
}

impl core::error::Error for BatchError {}

/// Largest failing sub-batch that blame verifies proof by proof instead of bisecting
/// further. Chosen by `crates/bench/src/bin/blame.rs` (1,024 proofs with 1, 10 and 1,024
/// invalid; 2, 4 and 8 within noise).
pub const BLAME_SINGLE_MAX: usize = 4;

/// A statement of the batch, or the error that kept it out.
type Entry<C> = Result<Box<dyn Statement<C>>, ProofError>;

/// Collects proofs of any protocols and verifies them together.
///
/// Proofs may differ in protocol, statement, bit width, number of values,
/// transcript and Pedersen bases; they share the [`BulletproofGens`]. The `add`
/// methods replay the proof's transcript at once (so the transcript can be
/// dropped), `verify` runs one multiscalar multiplication. See the
/// [module documentation](crate::verify) for an example.
pub struct BatchVerifier<'g, C: Curve> {
    bp_gens: &'g BulletproofGens<C>,
    entries: Vec<Entry<C>>,
    /// `(batch checks, single verifications)` run by `verify` (the cost of blame).
    #[cfg(test)]
    pub(crate) work: core::cell::Cell<(usize, usize)>,
}

impl<C: Curve> fmt::Debug for BatchVerifier<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BatchVerifier")
            .field("proofs", &self.entries.len())
            .finish()
    }
}

impl<'g, C: Curve> BatchVerifier<'g, C> {
    /// An empty batch over the generators `bp_gens`.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{BatchVerifier, BulletproofGens};
    /// let bp = BulletproofGens::new(64, 1);
    /// let batch = BatchVerifier::new(&bp);
    /// assert!(batch.is_empty() && batch.verify(&mut rand::thread_rng()).is_ok());
    /// ```
    pub fn new(bp_gens: &'g BulletproofGens<C>) -> Self {
        BatchVerifier {
            bp_gens,
            entries: Vec::new(),
            #[cfg(test)]
            work: core::cell::Cell::new((0, 0)),
        }
    }

    /// The generators of the batch.
    pub(crate) fn bp_gens(&self) -> &'g BulletproofGens<C> {
        self.bp_gens
    }

    /// Adds a replayed statement (or the error that kept it out); returns its index.
    pub(crate) fn push<S: Statement<C> + 'static>(&mut self, s: Result<S, ProofError>) -> usize {
        self.entries
            .push(s.map(|s| Box::new(s) as Box<dyn Statement<C>>));
        self.entries.len() - 1
    }

    /// Adds many replayed statements; returns their indices.
    pub(crate) fn extend<S: Statement<C> + 'static>(
        &mut self,
        items: impl IntoIterator<Item = Result<S, ProofError>>,
    ) -> core::ops::Range<usize> {
        let first = self.entries.len();
        for s in items {
            self.push(s);
        }
        first..self.entries.len()
    }

    /// The statements as `Debug` prints them (tests compare two ways of adding).
    #[cfg(test)]
    pub(crate) fn debug_entries(&self) -> Vec<alloc::string::String> {
        self.entries
            .iter()
            .map(|e| alloc::format!("{e:?}"))
            .collect()
    }

    /// Drops every statement (the streaming verifier's next chunk).
    pub(crate) fn clear(&mut self) {
        self.entries.clear();
    }

    /// The number of proofs added.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no proof was added.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Verifies every proof; `Ok(())` iff all are valid. An empty batch is valid.
    ///
    /// # Errors
    /// [`BatchError`] with every failed proof and its error: the error of its
    /// replay, [`ProofError::VerificationError`] for an equation that does not hold,
    /// or [`ProofError::RngFailure`] for every proof if `rng` fails.
    pub fn verify<R: RngCore + CryptoRng>(&self, rng: &mut R) -> Result<(), BatchError> {
        self.verify_with(Some(rng))
    }

    /// Verifies every proof as [`BatchVerifier::verify`] does, without an RNG: the
    /// weights (and the fresh weights of every blame check) are drawn from a
    /// transcript over every statement of the batch (its proof's scalars and
    /// challenges, commitments, Pedersen bases, shape), so the verdict is a
    /// function of the batch alone. For consensus code and runtimes without
    /// entropy (WASM, `no_std`). A false proof passes with probability about
    /// `q/ℓ` for a prover who tries `q` batches ([`crate::notes::verify`] gives the
    /// argument); binding the statements costs a hash over their scalars.
    ///
    /// # Errors
    /// As [`BatchVerifier::verify`] (never [`ProofError::RngFailure`]).
    ///
    /// # Example
    /// ```
    /// use ballistic::merlin::Transcript;
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof, Scalar};
    /// use ballistic::verify::BatchVerifier;
    /// let (bp, pc) = (BulletproofGens::new(32, 1), PedersenGens::default());
    /// let mut rng = rand::thread_rng();
    /// let (p, v) = RangeProof::prove_single_with_rng(&bp, &pc, &mut Transcript::new(b"d"), 9,
    ///     &Scalar::from(3u64), 32, &mut rng)?;
    /// let mut batch = BatchVerifier::new(&bp);
    /// batch.add(&p, &pc, &mut Transcript::new(b"d"), &[v], 32);
    /// batch.add(&p, &pc, &mut Transcript::new(b"other"), &[v], 32);
    /// assert_eq!(batch.verify_deterministic().unwrap_err().invalid_indices(), vec![1]);
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn verify_deterministic(&self) -> Result<(), BatchError> {
        self.verify_with::<DerivedWeights>(None)
    }

    /// [`BatchVerifier::verify`] with the weights drawn from `rng`, or derived from
    /// the batch ([`BatchVerifier::verify_deterministic`]) when `rng` is `None`.
    fn verify_with<R: RngCore + CryptoRng>(&self, rng: Option<&mut R>) -> Result<(), BatchError> {
        let mut invalid: Vec<(usize, ProofError)> = Vec::new();
        let mut ok: Vec<usize> = Vec::with_capacity(self.entries.len());
        for (i, e) in self.entries.iter().enumerate() {
            match e {
                Ok(_) => ok.push(i),
                Err(err) => invalid.push((i, err.clone())),
            }
        }
        // Every commitment of the batch that is not a point yet in one
        // (lane-parallel) decoding; a proof with an invalid commitment fails alone.
        let mut V: Vec<Vec<C::Point>> = vec![Vec::new(); self.entries.len()];
        let all: Vec<C::Encoding> = ok
            .iter()
            .filter_map(|i| self.statement(*i))
            .flat_map(|p| p.commitments().iter().copied())
            .collect();
        // Decoding and interning the Pedersen bases read the entries only: on two
        // threads with `parallel`. The bases of a proof whose commitments then fail
        // to decode are interned too, and get no coefficient.
        let entries = &self.entries;
        let (decoded, bases) = crate::parallel::join(
            || C::decode_batch_vartime(&all).ok(),
            || Bases::intern(entries, &ok),
        );
        let mut next = 0usize;
        ok.retain(|&i| {
            let Some(p) = self.statement(i) else {
                return false;
            };
            let m = p.commitments().len();
            let points = match &decoded {
                Some(d) => d.get(next..next + m).map(|v| v.to_vec()),
                None => C::decode_batch_vartime(p.commitments()).ok(),
            };
            next += m;
            match (points, V.get_mut(i)) {
                (Some(points), Some(slot)) => {
                    *slot = points;
                    true
                }
                _ => {
                    invalid.push((i, ProofError::VerificationError));
                    false
                }
            }
        });
        let mut failed = Vec::new();
        let found = match rng {
            Some(rng) => self.find_invalid(&ok, &V, &bases, rng, &mut failed, false),
            None => {
                let mut weights = DerivedWeights::of(self, &ok, &bases);
                self.find_invalid(&ok, &V, &bases, &mut weights, &mut failed, false)
            }
        };
        match found {
            Ok(()) => invalid.extend(
                failed
                    .into_iter()
                    .map(|i| (i, ProofError::VerificationError)),
            ),
            // Without randomness nothing can be verified: every proof fails.
            Err(e) => invalid.extend(ok.iter().map(|i| (*i, e.clone()))),
        }
        if invalid.is_empty() {
            self.admit_tables();
            return Ok(());
        }
        invalid.sort_by_key(|(i, _)| *i);
        Err(BatchError { invalid })
    }

    /// The statement at `i`, if it was replayed.
    fn statement(&self, i: usize) -> Option<&dyn Statement<C>> {
        match self.entries.get(i) {
            Some(Ok(s)) => Some(&**s),
            _ => None,
        }
    }

    /// After a batch verified: builds the verifier tables of its layout if all its
    /// proofs have one (the layout whose tables a batch uses), within the budget.
    fn admit_tables(&self) {
        let mut layouts = self.entries.iter().filter_map(|e| e.as_ref().ok());
        if let Some(first) = layouts.next() {
            let layout = first.layout();
            if !self.bp_gens.is_flat() && layouts.all(|p| p.layout() == layout) {
                self.bp_gens.admit_verifier_table(layout);
            }
        }
    }

    /// Blame: appends to `out` the indices of `subset` whose proofs fail.
    /// `known_bad` says that `subset` holds a failing proof (its parent failed and
    /// its sibling passed), so that its own check is skipped. A failing subset of at
    /// most [`BLAME_SINGLE_MAX`] proofs is verified proof by proof; a larger one is
    /// bisected, except that when at least half of its first half failed, its second
    /// half is verified proof by proof (dense failures: an all-invalid batch costs
    /// the checks down its first path plus one verification per proof). A failure
    /// is reported only by a single verification, or for a lone proof of a failing
    /// subset.
    fn find_invalid<R: RngCore + CryptoRng>(
        &self,
        subset: &[usize],
        V: &[Vec<C::Point>],
        bases: &Bases<C>,
        rng: &mut R,
        out: &mut Vec<usize>,
        known_bad: bool,
    ) -> Result<(), ProofError> {
        if subset.is_empty() || (!known_bad && self.check(subset, V, bases, rng)?) {
            return Ok(());
        }
        if let [single] = subset {
            out.push(*single);
            return Ok(());
        }
        if subset.len() <= BLAME_SINGLE_MAX {
            return self.verify_each(subset, V, rng, out);
        }
        let (lo, hi) = subset.split_at(subset.len() / 2);
        let before = out.len();
        self.find_invalid(lo, V, bases, rng, out, false)?;
        let lo_failed = out.len() - before;
        if lo_failed * 2 >= lo.len() {
            // At least half of the first half failed: bisecting the second half
            // would fail at nearly every check, so its proofs are verified one by one.
            return self.verify_each(hi, V, rng, out);
        }
        // The subset failed: if its first half passed, the second half fails.
        self.find_invalid(hi, V, bases, rng, out, lo_failed == 0)
    }

    /// Verifies each proof of `subset` alone (over cached tables where they exist,
    /// building none) and appends the failures to `out`.
    fn verify_each<R: RngCore + CryptoRng>(
        &self,
        subset: &[usize],
        V: &[Vec<C::Point>],
        rng: &mut R,
        out: &mut Vec<usize>,
    ) -> Result<(), ProofError> {
        for &i in subset {
            let (Some(p), Some(v)) = (self.statement(i), V.get(i)) else {
                out.push(i);
                continue;
            };
            #[cfg(test)]
            self.work.set((self.work.get().0, self.work.get().1 + 1));
            let weights = [C::scalar_one(), second_weight(p, rng)?];
            let tables = self.bp_gens.verifier_table(p.layout());
            if check_one(self.bp_gens, p, v, tables, weights).is_err() {
                out.push(i);
            }
        }
        Ok(())
    }

    /// One weighted multiscalar multiplication over the proofs of `subset` (all of
    /// which were prepared successfully): whether it is the identity.
    fn check<R: RngCore + CryptoRng>(
        &self,
        subset: &[usize],
        V: &[Vec<C::Point>],
        bases: &Bases<C>,
        rng: &mut R,
    ) -> Result<bool, ProofError> {
        #[cfg(test)]
        self.work.set((self.work.get().0 + 1, self.work.get().1));
        let mut proofs: Vec<&dyn Statement<C>> = Vec::with_capacity(subset.len());
        let mut commitments: Vec<&[C::Point]> = Vec::with_capacity(subset.len());
        let mut ids: Vec<&[usize]> = Vec::with_capacity(subset.len());
        for i in subset {
            if let (Some(p), Some(v), Some(id)) = (self.statement(*i), V.get(*i), bases.ids.get(*i))
            {
                proofs.push(p);
                commitments.push(v);
                ids.push(id);
            }
        }
        if proofs.len() != subset.len() {
            return Ok(false);
        }
        let layouts: Vec<GeneratorLayout> = proofs.iter().map(|p| p.layout()).collect();
        let Some(shape) = Shape::of(&layouts, self.bp_gens.is_flat(), bases.points.len()) else {
            return Ok(false);
        };

        // Weights first (the RNG is sequential), then the per-proof scalar work, on all
        // cores with `parallel`: each thread inverts its proofs' scalars (one batched
        // inversion per thread) and accumulates its own terms, then they merge.
        let weights: Vec<[C::Scalar; 2]> = proofs
            .iter()
            .map(|p| Ok([C::scalar_random_nonzero(rng)?, second_weight(*p, rng)?]))
            .collect::<Result<_, ProofError>>()?;
        let emit_range = |range: core::ops::Range<usize>| -> Option<Accumulator<'_, C>> {
            let mut inv: Vec<C::Scalar> = Vec::new();
            let mut offsets = Vec::with_capacity(range.len() + 1);
            for p in proofs.get(range.clone())? {
                offsets.push(inv.len());
                p.push_inversions(&mut inv);
            }
            offsets.push(inv.len());
            C::scalar_batch_invert_vartime(&mut inv);
            let mut terms = Accumulator::<C>::new(shape);
            for (j, k) in range.enumerate() {
                let (p, w, layout) = (proofs.get(k)?, weights.get(k)?, layouts.get(k)?);
                let (off, end) = (*offsets.get(j)?, *offsets.get(j + 1)?);
                terms.begin(*layout, ids.get(k)?);
                p.emit(commitments.get(k)?, inv.get(off..end)?, *w, &mut terms)
                    .ok()?;
            }
            (!terms.out_of_range).then_some(terms)
        };
        let ranges = crate::parallel::chunks(proofs.len(), 1);
        let parts: Vec<Option<Accumulator<'_, C>>> = crate::parallel::map_vec(ranges, emit_range);
        let mut terms = Accumulator::<C>::new(shape);
        for part in parts {
            match part {
                Some(part) => terms.merge(part),
                None => return Ok(false),
            }
        }
        // A batch of one layout (the usual case) takes its fixed generators from the
        // layout's cached tables; flat generators (secp256k1-zkp's) take the
        // generic multiscalar multiplication.
        let tables = match layouts.first() {
            Some(first) if !shape.flat && layouts.iter().all(|l| l == first) => {
                self.bp_gens.verifier_table(*first)
            }
            _ => None,
        };
        Ok(terms.holds(self.bp_gens, &bases.points, tables))
    }
}

/// The weights of [`BatchVerifier::verify_deterministic`]: a stream drawn from a
/// transcript that bound every statement of the batch before its first output
/// (the same draws as an RNG's, so that blame's fresh weights for each check are
/// the stream's next outputs).
struct DerivedWeights(merlin::Transcript);

impl DerivedWeights {
    /// Binds the batch's proofs `ok` (decoded, interned into `bases`): the curve,
    /// the distinct Pedersen bases, then per proof its index, layout, number of
    /// weights, bases, commitments and [`Statement::bind`].
    fn of<C: Curve>(batch: &BatchVerifier<'_, C>, ok: &[usize], bases: &Bases<C>) -> Self {
        let mut t = merlin::Transcript::new(b"ballistic batch weights");
        t.append_message(b"curve", C::NAME.as_bytes());
        t.append_u64(b"bases", bases.points.len() as u64);
        for B in &bases.points {
            t.append_message(b"B", C::encoding_bytes(&C::encode_vartime(B)));
        }
        t.append_u64(b"proofs", ok.len() as u64);
        for &i in ok {
            let Some(p) = batch.statement(i) else {
                continue;
            };
            t.append_u64(b"index", i as u64);
            let (kind, a, b) = match p.layout() {
                GeneratorLayout::Parties { n, m } => (0, n, m),
                GeneratorLayout::Prefix { len } => (1, len, 0),
                GeneratorLayout::Share { j, n } => (2, n, j),
            };
            super::bind_u64s(&mut t, b"layout", &[kind, a as u64, b as u64]);
            t.append_u64(b"weights", p.weights() as u64);
            let ids: Vec<u64> = bases
                .ids
                .get(i)
                .map(|ids| ids.iter().map(|id| *id as u64).collect())
                .unwrap_or_default();
            super::bind_u64s(&mut t, b"base ids", &ids);
            t.append_u64(b"commitments", p.commitments().len() as u64);
            for V in p.commitments() {
                t.append_message(b"V", C::encoding_bytes(V));
            }
            p.bind(&mut t);
        }
        DerivedWeights(t)
    }
}

impl RngCore for DerivedWeights {
    fn next_u32(&mut self) -> u32 {
        rand_core::impls::next_u32_via_fill(self)
    }
    fn next_u64(&mut self) -> u64 {
        rand_core::impls::next_u64_via_fill(self)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.0.challenge_bytes(b"weight", dest);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

/// Not random: a deterministic stream, unpredictable before the batch is fixed,
/// which is what batch weights need ([`crate::notes::verify`]).
impl CryptoRng for DerivedWeights {}

/// The second weight of `p`'s equation: random for a two-weight statement, else zero.
fn second_weight<C: Curve, R: RngCore + CryptoRng>(
    p: &dyn Statement<C>,
    rng: &mut R,
) -> Result<C::Scalar, ProofError> {
    if p.weights() == 2 {
        C::scalar_random_nonzero(rng)
    } else {
        Ok(C::scalar_zero())
    }
}

/// Checks one statement alone, with the given weights: a batch of one over the
/// same accumulator, over `tables` (the cached tables of its layout) when given,
/// else over the generators gathered for one multiscalar multiplication. Builds no
/// table.
pub(crate) fn check_one<C: Curve, S: Statement<C> + ?Sized>(
    bp_gens: &BulletproofGens<C>,
    statement: &S,
    V: &[C::Point],
    tables: Option<Arc<C::Precomputation>>,
    weights: [C::Scalar; 2],
) -> Result<(), ProofError> {
    let layout = statement.layout();
    let bases = statement.bases();
    let ids: Vec<usize> = (0..bases.len()).collect();
    let shape = Shape::of(&[layout], bp_gens.is_flat(), bases.len())
        .ok_or(ProofError::VerificationError)?;
    let mut inv = Vec::new();
    statement.push_inversions(&mut inv);
    C::scalar_batch_invert_vartime(&mut inv);
    let mut terms = Accumulator::<C>::new(shape);
    terms.begin(layout, &ids);
    statement.emit(V, &inv, weights, &mut terms)?;
    if !terms.out_of_range && terms.holds(bp_gens, &bases, tables) {
        Ok(())
    } else {
        Err(ProofError::VerificationError)
    }
}

/// The sizes of a batch's accumulators: the largest party shape, padding and
/// circuit prefix of its statements.
#[derive(Clone, Copy, Debug)]
struct Shape {
    /// Row length of `G`/`H`: the largest `n` of the batch.
    max_n: usize,
    /// Rows: the largest `m` (one row of `max_nm` positions on flat generators).
    max_m: usize,
    max_pad: usize,
    /// The largest padded prefix of a circuit.
    max_prefix: usize,
    /// Accumulators indexed by position `i = j·n + k` (flat generators).
    flat: bool,
    bases: usize,
}

impl Shape {
    /// The shape of statements with `layouts`; `None` for a layout no statement of
    /// a batch has ([`GeneratorLayout::Share`]).
    fn of(layouts: &[GeneratorLayout], flat: bool, bases: usize) -> Option<Shape> {
        let mut s = Shape {
            max_n: 0,
            max_m: 0,
            max_pad: 0,
            max_prefix: 0,
            flat,
            bases,
        };
        let mut max_nm = 0;
        for layout in layouts {
            match *layout {
                GeneratorLayout::Parties { n, m } => {
                    s.max_n = s.max_n.max(n);
                    s.max_m = s.max_m.max(m);
                    let nm = n.saturating_mul(m);
                    max_nm = max_nm.max(nm);
                    s.max_pad = s.max_pad.max(layout.padded_len().saturating_sub(nm));
                }
                GeneratorLayout::Prefix { .. } => {
                    s.max_prefix = s.max_prefix.max(layout.padded_len());
                }
                GeneratorLayout::Share { .. } => return None,
            }
        }
        if flat {
            (s.max_n, s.max_m) = (max_nm, 1);
        }
        Some(s)
    }
}

/// The engine's accumulator: the terms of one or many weighted equations, with the
/// coefficients of the fixed generators summed by position.
pub(crate) struct Accumulator<'b, C: Curve> {
    scalars: Vec<C::Scalar>,
    points: Vec<C::Point>,
    /// The summed coefficient of every Pedersen base of the batch ([`Bases`]).
    pedersen: Vec<C::Scalar>,
    /// The indices in [`Bases`] of the Pedersen bases of the statement being
    /// emitted, in the order of its `Terms::pedersen` call.
    base: &'b [usize],
    /// Row length of `G`/`H`: the largest `n` of the batch.
    stride: usize,
    /// Accumulators indexed by position `i = j·n + k` (flat generators).
    flat: bool,
    /// Party shape of the statement being emitted (`nm = 0` for a circuit, whose
    /// terms go to the prefix).
    n: usize,
    nm: usize,
    /// Whether the statement being emitted addresses `G`/`H` by party position.
    parties: bool,
    G: Vec<C::Scalar>,
    H: Vec<C::Scalar>,
    pad_G: Vec<C::Scalar>,
    pad_H: Vec<C::Scalar>,
    /// Coefficients of party 0's first generators, for circuits.
    prefix_G: Vec<C::Scalar>,
    prefix_H: Vec<C::Scalar>,
    /// Set if a term named a generator outside the accumulators (never, by
    /// construction; checked so that a bug fails verification, not the process).
    out_of_range: bool,
}

impl<'b, C: Curve> Accumulator<'b, C> {
    /// Empty accumulators for `shape`.
    fn new(shape: Shape) -> Self {
        let zeros = |len: usize| vec![C::scalar_zero(); len];
        let nm = shape.max_n * shape.max_m;
        Accumulator {
            scalars: Vec::new(),
            points: Vec::new(),
            pedersen: zeros(shape.bases),
            base: &[],
            stride: shape.max_n,
            flat: shape.flat,
            n: 0,
            nm: 0,
            parties: false,
            G: zeros(nm),
            H: zeros(nm),
            pad_G: zeros(shape.max_pad),
            pad_H: zeros(shape.max_pad),
            prefix_G: zeros(shape.max_prefix),
            prefix_H: zeros(shape.max_prefix),
            out_of_range: false,
        }
    }

    /// Starts the equation of a statement with `layout` whose Pedersen bases are
    /// `base` (indices into the batch's bases).
    fn begin(&mut self, layout: GeneratorLayout, base: &'b [usize]) {
        self.base = base;
        (self.n, self.nm, self.parties) = match layout {
            GeneratorLayout::Parties { n, m } => (n, n * m, true),
            _ => (0, 0, false),
        };
    }

    /// Adds another thread's accumulators into these.
    fn merge(&mut self, other: Accumulator<'_, C>) {
        self.scalars.extend(other.scalars);
        self.points.extend(other.points);
        for (dst, src) in [
            (&mut self.pedersen, &other.pedersen),
            (&mut self.G, &other.G),
            (&mut self.H, &other.H),
            (&mut self.pad_G, &other.pad_G),
            (&mut self.pad_H, &other.pad_H),
            (&mut self.prefix_G, &other.prefix_G),
            (&mut self.prefix_H, &other.prefix_H),
        ] {
            for (d, s) in dst.iter_mut().zip(src) {
                *d += *s;
            }
        }
        self.out_of_range |= other.out_of_range;
    }

    /// The accumulator of position `i` of the statement being emitted.
    fn slot(&mut self, i: usize, h_side: bool) -> Option<&mut C::Scalar> {
        if !self.parties {
            return None;
        }
        if i < self.nm {
            // Party-major rows of `stride` positions; a statement of the batch's
            // widest `n` (and flat generators) index them directly.
            let idx = if self.flat || self.n == self.stride {
                i
            } else {
                (i / self.n) * self.stride + i % self.n
            };
            if h_side {
                self.H.get_mut(idx)
            } else {
                self.G.get_mut(idx)
            }
        } else if h_side {
            self.pad_H.get_mut(i - self.nm)
        } else {
            self.pad_G.get_mut(i - self.nm)
        }
    }

    /// Whether the collected equation holds, with `bases` the points of the
    /// Pedersen coefficients: over `tables` (the cached tables of the one layout
    /// of every statement) when given, else over the generators of `bp_gens`.
    fn holds(
        self,
        bp_gens: &BulletproofGens<C>,
        bases: &[C::Point],
        tables: Option<Arc<C::Precomputation>>,
    ) -> bool {
        if self.out_of_range {
            return false;
        }
        let Accumulator {
            mut scalars,
            mut points,
            pedersen,
            stride,
            G,
            H,
            pad_G,
            pad_H,
            prefix_G,
            prefix_H,
            ..
        } = self;
        for (s, B) in pedersen.into_iter().zip(bases) {
            if !C::scalar_is_zero(&s) {
                scalars.push(s);
                points.push(*B);
            }
        }
        if let Some(table) = tables {
            // The table's order is `G || H` of the layout: party-major then padding
            // (range proofs), or the prefix (circuits).
            let gh: Vec<C::Scalar> = if prefix_G.is_empty() {
                [G, pad_G, H, pad_H].concat()
            } else {
                [prefix_G, prefix_H].concat()
            };
            return C::is_identity(&C::vartime_precomputed_mul(&table, &gh, &scalars, &points));
        }
        let mut push_all = |coefficients: &[C::Scalar], gens: &[C::Point]| -> bool {
            if gens.len() < coefficients.len() {
                return false;
            }
            scalars.extend_from_slice(coefficients);
            points.extend_from_slice(gens.get(..coefficients.len()).unwrap_or(&[]));
            true
        };
        let (mut prefix_G, mut prefix_H) = (prefix_G, prefix_H);
        let fits = if bp_gens.is_flat() {
            // Positions are flat indices, the prefix's too: one vector each side.
            let (Gf, Hf) = bp_gens.flat_vectors();
            add_into(&mut prefix_G, &G);
            add_into(&mut prefix_H, &H);
            push_all(&prefix_G, Gf) && push_all(&prefix_H, Hf)
        } else {
            let rows = G.chunks(stride.max(1)).zip(H.chunks(stride.max(1)));
            let mut fits = true;
            for (j, (g_row, h_row)) in rows.enumerate() {
                let (Gj, Hj) = bp_gens.party_vectors(j);
                if j == 0 && !prefix_G.is_empty() {
                    // Party 0's row and the circuits' prefix share generators.
                    add_into(&mut prefix_G, g_row);
                    add_into(&mut prefix_H, h_row);
                    let skip = prefix_G.len().min(g_row.len());
                    let (Some(g), Some(h), Some(Gr), Some(Hr)) = (
                        g_row.get(skip..),
                        h_row.get(skip..),
                        Gj.get(skip..),
                        Hj.get(skip..),
                    ) else {
                        return false;
                    };
                    fits &= push_all(g, Gr) && push_all(h, Hr);
                } else {
                    fits &= push_all(g_row, Gj) && push_all(h_row, Hj);
                }
            }
            if !prefix_G.is_empty() {
                let (Gp, Hp) = bp_gens.party_vectors(0);
                fits &= push_all(&prefix_G, Gp) && push_all(&prefix_H, Hp);
            }
            fits
        };
        if !fits {
            return false;
        }
        if !pad_G.is_empty() {
            let (pg, ph) = bp_gens.padding_generators(pad_G.len());
            scalars.extend_from_slice(&pad_G);
            points.extend_from_slice(&pg);
            scalars.extend_from_slice(&pad_H);
            points.extend_from_slice(&ph);
        }
        C::is_identity(&crate::curve::dispatch::vartime_multiscalar_mul::<C>(
            &scalars, &points,
        ))
    }

    fn add_base(&mut self, id: usize, scalar: C::Scalar) {
        match self.pedersen.get_mut(id) {
            Some(s) => *s += scalar,
            None => self.out_of_range = true,
        }
    }
}

/// `dst[k] += src[k]` over the common length; `dst` grows to cover `src`.
fn add_into<S: Copy + core::ops::AddAssign + Default>(dst: &mut Vec<S>, src: &[S]) {
    if dst.len() < src.len() {
        dst.resize(src.len(), S::default());
    }
    for (d, s) in dst.iter_mut().zip(src) {
        *d += *s;
    }
}

impl<C: Curve> Terms<C> for Accumulator<'_, C> {
    fn dynamic(&mut self, scalar: C::Scalar, point: C::Point) {
        self.scalars.push(scalar);
        self.points.push(point);
    }
    fn pedersen(&mut self, bases: &[(C::Scalar, C::Point)]) {
        if bases.len() != self.base.len() {
            self.out_of_range = true;
        }
        for ((s, _), id) in bases.iter().zip(self.base) {
            self.add_base(*id, *s);
        }
    }
    fn g(&mut self, i: usize, scalar: C::Scalar) {
        match self.slot(i, false) {
            Some(s) => *s += scalar,
            None => self.out_of_range = true,
        }
    }
    fn h(&mut self, i: usize, scalar: C::Scalar) {
        match self.slot(i, true) {
            Some(s) => *s += scalar,
            None => self.out_of_range = true,
        }
    }
    fn prefix(&mut self, len: usize) -> Option<super::PrefixCoefficients<'_, C>> {
        if self.parties {
            return None;
        }
        Some((self.prefix_G.get_mut(..len)?, self.prefix_H.get_mut(..len)?))
    }
}

/// The distinct Pedersen bases of a batch, and each proof's bases as indices into
/// them. Bases are compared as points while there are few; past
/// [`Bases::LINEAR_MAX`] distinct bases (confidential assets: a base per proof)
/// they are found by their encodings in an ordered map, so that a batch costs
/// `O(k log k)`, not `O(k²)`.
struct Bases<C: Curve> {
    points: Vec<C::Point>,
    /// Per entry of the batch (empty for entries that failed to prepare).
    ids: Vec<Vec<usize>>,
}

impl<C: Curve> Bases<C> {
    /// Distinct bases searched by point comparison before the map takes over.
    const LINEAR_MAX: usize = 16;

    fn intern(entries: &[Entry<C>], ok: &[usize]) -> Self {
        let mut bases = Bases {
            points: Vec::new(),
            ids: vec![Vec::new(); entries.len()],
        };
        let mut index: BTreeMap<Vec<u8>, usize> = BTreeMap::new();
        let key = |P: &C::Point| C::encoding_bytes(&C::encode_vartime(P)).to_vec();
        // The ids of the previous proof's bases (at most 1 + MAX_EXTENSION_DEGREE):
        // a base shared by consecutive proofs is found without an encoding.
        let mut recent: Vec<usize> = Vec::with_capacity(8);
        let mut id_of = |P: C::Point, bases: &mut Bases<C>, recent: &[usize]| -> usize {
            let points = &bases.points;
            if let Some(id) = recent.iter().find(|id| points.get(**id) == Some(&P)) {
                return *id;
            }
            if bases.points.len() <= Self::LINEAR_MAX {
                if let Some(id) = bases.points.iter().position(|Q| *Q == P) {
                    return id;
                }
                bases.points.push(P);
                if bases.points.len() > Self::LINEAR_MAX {
                    // The map takes over: it holds every base so far.
                    for (id, Q) in bases.points.iter().enumerate() {
                        index.insert(key(Q), id);
                    }
                }
                return bases.points.len() - 1;
            }
            *index.entry(key(&P)).or_insert_with(|| {
                bases.points.push(P);
                bases.points.len() - 1
            })
        };
        for &i in ok {
            if let Some(Ok(p)) = entries.get(i) {
                let ids: Vec<usize> = p
                    .bases()
                    .into_iter()
                    .map(|P| id_of(P, &mut bases, &recent))
                    .collect();
                recent.clone_from(&ids);
                if let Some(slot) = bases.ids.get_mut(i) {
                    *slot = ids;
                }
            }
        }
        bases
    }
}
