//! Batch verification: many range proofs of any shapes, one multiscalar multiplication.
//!
//! Each proof's verification equation (see [`super::verifier`]) is weighted with its
//! own independent random scalars `(r_i, c_i)` and all equations are added. The
//! coefficients of the fixed generators (every party's `G`, `H`, the padding chains)
//! are summed across proofs, so the marginal cost of a proof is its own
//! `2·log2(N') + m + 4` points plus its scalar work; each proof's Pedersen bases
//! `(B, B̃)` are summed too when proofs share them, and enter as separate points when
//! they differ (confidential assets: one value generator per proof). All inversions
//! of the batch (`y⁻¹` and the `u_k⁻¹` of every proof) are one batched inversion per
//! thread.
//!
//! A batch takes every statement the single verifiers check: range proofs of
//! either format ([`BatchVerifier::add`]), `[a, b]` range proofs of both protocols
//! ([`BatchVerifier::add_range`], [`BatchVerifier::add_plus_range`]), secp256k1-zkp
//! proofs with minimum values ([`BatchVerifier::add_with_min_values`]) and
//! Bulletproofs+ proofs with minimum values ([`BatchVerifier::add_plus`]). Each
//! statement is replayed by the code its single verifier runs (the same transcript
//! bytes), so the batch checks exactly the equations the single verifiers check.
//! An `[a, b]` proof enters the equation over its derived commitments `V − a·B` and
//! `b·B − V` as a multiple of `V` (decoded by `add_range` to replay the transcript)
//! plus a multiple of `B`, so `verify` decodes nothing of it again.
//!
//! If any proof is invalid, the sum is not the identity except with probability
//! `≈ 2/ℓ`, and the verifier finds the invalid proofs by bisection (fresh weights
//! for every sub-batch), so the result is exactly the AND of the single
//! verifications, with the indices of the failures.
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

#![allow(non_snake_case)]
// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use alloc::collections::BTreeMap;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use rand_core::{CryptoRng, RngCore};

use super::format::RangeProofFormat;
use super::verifier::Prepared;
use super::zkp::transcript::ZkpTranscript;
use super::zkp::Zkp;
use super::RangeProof;
use crate::bp_plus::verifier::PreparedPlus;
use crate::bp_plus::RangeProofPlus;
use crate::curve::secp256k1::Secp256k1;
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, ExtendedPedersenGens, GeneratorLayout, PedersenGens};
use crate::range_statement::{Commitments, DecodedRange};
use crate::verify::Terms;

/// A replayed proof of the batch: a range proof (two weights) or a Bulletproofs+
/// range proof (one weight).
#[derive(Clone, Debug)]
enum Replayed<C: Curve> {
    Bp(Prepared<C>),
    Plus(PreparedPlus<C>),
}

/// A proof of the batch, replayed.
#[derive(Clone, Debug)]
struct Entry<C: Curve> {
    proof: Replayed<C>,
    /// The decoded statement of an `[a, b]` proof (decoded to replay its
    /// transcript); `None`: `verify` decodes the commitments, all of the batch's at
    /// once.
    range: Option<DecodedRange<C>>,
}

impl<C: Curve> Entry<C> {
    /// A proof whose commitments `verify` decodes.
    fn encoded(proof: Replayed<C>) -> Self {
        Entry { proof, range: None }
    }

    /// A proof of the `[a, b]` statement `range`.
    fn ranged(proof: Replayed<C>, range: DecodedRange<C>) -> Self {
        Entry {
            proof,
            range: Some(range),
        }
    }

    /// The commitments of the equation: the decoded `V`, or the `[a, b]` statement.
    fn commitments_of<'a>(&'a self, V: &'a [C::Point]) -> Commitments<'a, C> {
        match &self.range {
            Some(range) => Commitments::Range(range),
            None => Commitments::Points(V),
        }
    }

    fn layout(&self) -> GeneratorLayout {
        match &self.proof {
            Replayed::Bp(p) => p.layout(),
            Replayed::Plus(p) => p.layout(),
        }
    }

    /// `(n, m, N')`.
    fn shape(&self) -> (usize, usize, usize) {
        match &self.proof {
            Replayed::Bp(p) => (p.n, p.m, p.np),
            Replayed::Plus(p) => (p.n, p.m, p.np),
        }
    }

    fn commitments(&self) -> &[C::Encoding] {
        match &self.proof {
            Replayed::Bp(p) => &p.V_enc,
            Replayed::Plus(p) => &p.V_enc,
        }
    }

    /// The proof's Pedersen bases, in the order of its `Terms::pedersen` call.
    fn bases(&self) -> Vec<C::Point> {
        match &self.proof {
            Replayed::Bp(p) => vec![p.B, p.B_blinding],
            Replayed::Plus(p) => p.bases().collect(),
        }
    }

    fn push_inversions(&self, out: &mut Vec<C::Scalar>) {
        match &self.proof {
            Replayed::Bp(p) => p.push_inversions(out),
            Replayed::Plus(p) => p.push_inversions(out),
        }
    }

    /// Emits the weighted equation (`c` unused by Bulletproofs+, whose proof is one
    /// equation).
    fn emit<W: Terms<C>>(
        &self,
        V: &[C::Point],
        inv: &[C::Scalar],
        (r, c): (C::Scalar, C::Scalar),
        out: &mut W,
    ) -> Result<(), ProofError> {
        match &self.proof {
            Replayed::Bp(p) => p.emit(self.commitments_of(V), inv, r, c, out),
            Replayed::Plus(p) => p.emit(self.commitments_of(V), inv, r, out),
        }
    }

    /// The number of random weights the proof's equation takes.
    fn weights(&self) -> usize {
        match &self.proof {
            Replayed::Bp(_) => 2,
            Replayed::Plus(_) => 1,
        }
    }

    fn verify_alone<R: RngCore + CryptoRng>(
        &self,
        bp_gens: &BulletproofGens<C>,
        V: &[C::Point],
        tables: Option<alloc::sync::Arc<C::Precomputation>>,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        match &self.proof {
            Replayed::Bp(p) => p.verify_alone(bp_gens, self.commitments_of(V), tables, rng),
            Replayed::Plus(p) => p.verify_alone(bp_gens, self.commitments_of(V), tables),
        }
    }
}

/// The entry of a range proof added by [`BatchVerifier::add`] or
/// [`BatchVerifier::add_many`]: its transcript replayed; its commitments are decoded
/// at `verify`, all proofs' at once.
fn replay<C: Curve, F: RangeProofFormat<C>>(
    bp_gens: &BulletproofGens<C>,
    proof: &RangeProof<C, F>,
    pc_gens: &PedersenGens<C>,
    transcript: &mut F::Transcript,
    value_commitments: &[C::Encoding],
    n: usize,
) -> Result<Entry<C>, ProofError> {
    proof
        .prepare(bp_gens, pc_gens, transcript, value_commitments, n, false)
        .map(|p| Entry::encoded(Replayed::Bp(p)))
}

/// One statement for [`BatchVerifier::add_many`]: the arguments of
/// [`BatchVerifier::add`], with the transcript by value.
///
/// # Example
/// ```
/// use ballistic::ristretto::{BatchItem, BulletproofGens, PedersenGens, RangeProof, Scalar};
/// use ballistic::merlin::Transcript;
/// let (bp, pc) = (BulletproofGens::new(64, 1), PedersenGens::default());
/// let (proof, v) = RangeProof::prove_single(&bp, &pc, &mut Transcript::new(b"ex"), 5,
///     &Scalar::ONE, 64)?;
/// let item = BatchItem { proof: &proof, pc_gens: &pc, transcript: Transcript::new(b"ex"),
///     value_commitments: core::slice::from_ref(&v), n: 64 };
/// assert_eq!(item.n, 64);
/// # Ok::<(), ballistic::ProofError>(())
/// ```
pub struct BatchItem<'a, C: Curve, F: RangeProofFormat<C>> {
    /// The proof.
    pub proof: &'a RangeProof<C, F>,
    /// The Pedersen bases of its commitments.
    pub pc_gens: &'a PedersenGens<C>,
    /// The transcript, as the prover's was before proving.
    pub transcript: F::Transcript,
    /// The commitments, one per value.
    pub value_commitments: &'a [C::Encoding],
    /// The bit width of each value.
    pub n: usize,
}

/// The proofs of a batch that failed, with the reason for each.
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

/// Collects range proofs and verifies them together.
///
/// Proofs may differ in protocol, statement, bit width, number of values, transcript
/// and Pedersen bases; they share the [`BulletproofGens`]. The `add` methods replay
/// the proof's transcript at once (so the transcript can be dropped; `add_many`
/// replays many on all cores), `verify` runs one multiscalar multiplication.
pub struct BatchVerifier<'g, C: Curve> {
    bp_gens: &'g BulletproofGens<C>,
    entries: Vec<Result<Entry<C>, ProofError>>,
    /// `(batch checks, single verifications)` run by `verify` (the cost of blame).
    #[cfg(test)]
    work: core::cell::Cell<(usize, usize)>,
}

impl<'g, C: Curve> BatchVerifier<'g, C> {
    /// An empty batch over the generators `bp_gens`.
    pub fn new(bp_gens: &'g BulletproofGens<C>) -> Self {
        BatchVerifier {
            bp_gens,
            entries: Vec::new(),
            #[cfg(test)]
            work: core::cell::Cell::new((0, 0)),
        }
    }

    /// Adds a proof for `value_commitments`, each an `n`-bit value; returns its index.
    /// A proof that cannot even be replayed (wrong shape, invalid commitment
    /// encoding, …) is recorded as failed with its error.
    pub fn add<F: RangeProofFormat<C>>(
        &mut self,
        proof: &RangeProof<C, F>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        value_commitments: &[C::Encoding],
        n: usize,
    ) -> usize {
        let entry = replay(
            self.bp_gens,
            proof,
            pc_gens,
            transcript,
            value_commitments,
            n,
        );
        self.entries.push(entry);
        self.entries.len() - 1
    }

    /// Adds many proofs at once, replaying their transcripts on all cores with the
    /// `parallel` feature (one thread without); returns their indices, in the
    /// order of `items`. Each item is checked exactly as by [`BatchVerifier::add`];
    /// the transcripts are taken by value (a node verifying a block makes a fresh one
    /// per proof), so that each thread owns the ones it replays.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{BatchItem, BatchVerifier, BulletproofGens, PedersenGens,
    ///     RangeProof, Scalar};
    /// use ballistic::merlin::Transcript;
    /// let (bp, pc) = (BulletproofGens::new(64, 1), PedersenGens::default());
    /// let mut rng = rand::thread_rng();
    /// let proofs: Vec<_> = (0..4u64)
    ///     .map(|v| RangeProof::prove_single_with_rng(&bp, &pc, &mut Transcript::new(b"ex"),
    ///         v, &Scalar::from(v + 1), 64, &mut rng))
    ///     .collect::<Result<_, _>>()?;
    /// let mut batch = BatchVerifier::new(&bp);
    /// let items = proofs.iter().enumerate().map(|(i, (p, v))| BatchItem {
    ///     proof: p,
    ///     pc_gens: &pc,
    ///     transcript: Transcript::new(if i == 2 { b"other" } else { b"ex" }),
    ///     value_commitments: core::slice::from_ref(v),
    ///     n: 64,
    /// });
    /// assert_eq!(batch.add_many(items.collect()), 0..4);
    /// assert_eq!(batch.verify(&mut rng).unwrap_err().invalid_indices(), vec![2]);
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn add_many<F: RangeProofFormat<C>>(
        &mut self,
        items: Vec<BatchItem<'_, C, F>>,
    ) -> core::ops::Range<usize>
    where
        F::Transcript: Send,
    {
        let bp_gens = self.bp_gens;
        let first = self.entries.len();
        self.entries.extend(crate::parallel::map_vec(
            items,
            |mut item: BatchItem<'_, C, F>| {
                replay(
                    bp_gens,
                    item.proof,
                    item.pc_gens,
                    &mut item.transcript,
                    item.value_commitments,
                    item.n,
                )
            },
        ));
        first..self.entries.len()
    }

    /// Adds a Bulletproofs+ proof for `commitments` with `min_values` (empty for
    /// all zero), each an `n`-bit offset; returns its index. Bulletproofs and
    /// Bulletproofs+ proofs of any shapes share one multiscalar multiplication.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{BatchVerifier, BulletproofGens, PedersenGens, RangeProof, Scalar};
    /// use ballistic::ristretto::bp_plus::{pedersen_gens, Opening, RangeProofPlus};
    /// use ballistic::merlin::Transcript;
    /// let bp = BulletproofGens::new(64, 2);
    /// let mut rng = rand::thread_rng();
    /// let (pc, pc_plus) = (PedersenGens::default(), pedersen_gens(2)?);
    /// let (p1, v1) = RangeProof::prove_single_with_rng(&bp, &pc, &mut Transcript::new(b"ex"), 7,
    ///     &Scalar::from(1u64), 64, &mut rng)?;
    /// let masks = [Scalar::from(3u64), Scalar::from(4u64)];
    /// let (p2, v2) = RangeProofPlus::prove(&bp, &pc_plus, &mut Transcript::new(b"ex"),
    ///     &[Opening::new(9, &masks)], &[5], 32, &mut rng)?;
    /// let mut batch = BatchVerifier::new(&bp);
    /// batch.add(&p1, &pc, &mut Transcript::new(b"ex"), &[v1], 64);
    /// batch.add_plus(&p2, &pc_plus, &mut Transcript::new(b"ex"), &v2, &[5], 32);
    /// batch.add_plus(&p2, &pc_plus, &mut Transcript::new(b"ex"), &v2, &[6], 32); // wrong minimum
    /// assert_eq!(batch.verify(&mut rng).unwrap_err().invalid_indices(), vec![2]);
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn add_plus(
        &mut self,
        proof: &RangeProofPlus<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut merlin::Transcript,
        commitments: &[C::Encoding],
        min_values: &[u64],
        n: usize,
    ) -> usize {
        let prepared = proof.prepare(
            self.bp_gens,
            pc_gens,
            transcript,
            commitments,
            min_values,
            n,
        );
        self.entries
            .push(prepared.map(|p| Entry::encoded(Replayed::Plus(p))));
        self.entries.len() - 1
    }

    /// Adds a proof of [`RangeProof::prove_range`] that `commitment` opens to a
    /// value in `[a, b]`; returns its index. The statement is replayed by the code of
    /// [`RangeProof::verify_range`] (`V` decoded here, in variable time since all of
    /// it is public, and `V` and the range bound in the transcript), so the batch
    /// accepts exactly the proofs that
    /// `verify_range` accepts. A statement that cannot be replayed (`a > b`, an
    /// invalid commitment encoding, too few generators for the width, …) is
    /// recorded as failed with its error, as by [`BatchVerifier::add`].
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{random_scalar, BatchVerifier, BulletproofGens, PedersenGens, RangeProof};
    /// use ballistic::merlin::Transcript;
    /// use ballistic::ProofError;
    /// let (bp, pc) = (BulletproofGens::new(64, 2), PedersenGens::default());
    /// let mut rng = rand::thread_rng();
    /// let (p1, v1) = RangeProof::prove_range(&bp, &pc, &mut Transcript::new(b"age"), 42,
    ///     &random_scalar(&mut rng), 18, 130, &mut rng)?;
    /// let (p2, v2) = RangeProof::prove_single_with_rng(&bp, &pc, &mut Transcript::new(b"ex"), 7,
    ///     &random_scalar(&mut rng), 64, &mut rng)?;
    /// let mut batch = BatchVerifier::new(&bp);
    /// batch.add_range(&p1, &pc, &mut Transcript::new(b"age"), &v1, 18, 130);
    /// batch.add(&p2, &pc, &mut Transcript::new(b"ex"), &[v2], 64);
    /// batch.add_range(&p1, &pc, &mut Transcript::new(b"age"), &v1, 18, 131); // another range
    /// batch.add_range(&p1, &pc, &mut Transcript::new(b"age"), &v1, 130, 18); // a > b
    /// let err = batch.verify(&mut rng).unwrap_err();
    /// assert_eq!(err.invalid_indices(), vec![2, 3]);
    /// assert_eq!(err.invalid[1].1, ProofError::InvalidRange);
    /// # Ok::<(), ProofError>(())
    /// ```
    pub fn add_range<F: RangeProofFormat<C>>(
        &mut self,
        proof: &RangeProof<C, F>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        commitment: &C::Encoding,
        a: u64,
        b: u64,
    ) -> usize {
        let prepared = proof.prepare_range(self.bp_gens, pc_gens, transcript, commitment, a, b);
        self.entries
            .push(prepared.map(|(p, range)| Entry::ranged(Replayed::Bp(p), range)));
        self.entries.len() - 1
    }

    /// Adds a proof of [`RangeProofPlus::prove_range`] that `commitment` opens to a
    /// value in `[a, b]`; returns its index. As [`BatchVerifier::add_range`]: the
    /// statement is replayed by the code of [`RangeProofPlus::verify_range`], and one
    /// that cannot be replayed is recorded as failed with its error.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{random_scalar, BatchVerifier, BulletproofGens};
    /// use ballistic::ristretto::bp_plus::{pedersen_gens, Opening, RangeProofPlus};
    /// use ballistic::merlin::Transcript;
    /// let (bp, pc) = (BulletproofGens::new(16, 2), pedersen_gens(1)?);
    /// let mut rng = rand::thread_rng();
    /// let masks = [random_scalar(&mut rng)];
    /// let (p, v) = RangeProofPlus::prove_range(&bp, &pc, &mut Transcript::new(b"ex"),
    ///     &Opening::new(40_000, &masks), 10_000, 60_000, &mut rng)?;
    /// let mut batch = BatchVerifier::new(&bp);
    /// batch.add_plus_range(&p, &pc, &mut Transcript::new(b"ex"), &v, 10_000, 60_000);
    /// batch.add_plus_range(&p, &pc, &mut Transcript::new(b"ex"), &v, 10_000, 60_001);
    /// assert_eq!(batch.verify(&mut rng).unwrap_err().invalid_indices(), vec![1]);
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn add_plus_range(
        &mut self,
        proof: &RangeProofPlus<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut merlin::Transcript,
        commitment: &C::Encoding,
        a: u64,
        b: u64,
    ) -> usize {
        let prepared = proof.prepare_range(self.bp_gens, pc_gens, transcript, commitment, a, b);
        self.entries
            .push(prepared.map(|(p, range)| Entry::ranged(Replayed::Plus(p), range)));
        self.entries.len() - 1
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
    pub fn verify<R: RngCore + CryptoRng>(&self, rng: &mut R) -> Result<(), BatchError> {
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
        let mut V: Vec<Vec<C::Point>> = alloc::vec![Vec::new(); self.entries.len()];
        let all: Vec<C::Encoding> = ok
            .iter()
            .filter_map(|i| self.entries.get(*i).and_then(|e| e.as_ref().ok()))
            .filter(|p| p.range.is_none())
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
            let Some(Ok(p)) = self.entries.get(i) else {
                return false;
            };
            let points = if p.range.is_some() {
                // The equation takes the decoded statement instead.
                Some(Vec::new())
            } else {
                let m = p.commitments().len();
                let points = match &decoded {
                    Some(d) => d.get(next..next + m).map(|v| v.to_vec()),
                    None => C::decode_batch_vartime(p.commitments()).ok(),
                };
                next += m;
                points
            };
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
        match self.find_invalid(&ok, &V, &bases, rng, &mut failed, false) {
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
        }
        invalid.sort_by_key(|(i, _)| *i);
        if invalid.is_empty() {
            Ok(())
        } else {
            Err(BatchError { invalid })
        }
    }

    /// After a batch verified: builds the verifier tables of its shape if all its
    /// proofs have one (the shape whose tables a batch uses), within the budget.
    fn admit_tables(&self) {
        let mut shapes = self.entries.iter().filter_map(|e| e.as_ref().ok());
        if let Some(first) = shapes.next() {
            if !self.bp_gens.is_flat() && shapes.all(|p| p.layout() == first.layout()) {
                self.bp_gens.admit_verifier_table(first.layout());
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
            let (Some(Ok(p)), Some(v)) = (self.entries.get(i), V.get(i)) else {
                out.push(i);
                continue;
            };
            #[cfg(test)]
            self.work.set((self.work.get().0, self.work.get().1 + 1));
            let tables = self.bp_gens.verifier_table(p.layout());
            match p.verify_alone(self.bp_gens, v, tables, rng) {
                Ok(()) => {}
                Err(ProofError::RngFailure) => return Err(ProofError::RngFailure),
                Err(_) => out.push(i),
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
        let mut proofs: Vec<&Entry<C>> = Vec::with_capacity(subset.len());
        let mut commitments: Vec<&[C::Point]> = Vec::with_capacity(subset.len());
        let mut ids: Vec<&[usize]> = Vec::with_capacity(subset.len());
        for i in subset {
            let p = self.entries.get(*i).and_then(|e| e.as_ref().ok());
            if let (Some(p), Some(v), Some(id)) = (p, V.get(*i), bases.ids.get(*i)) {
                proofs.push(p);
                commitments.push(v);
                ids.push(id);
            }
        }
        if proofs.len() != subset.len() {
            return Ok(false);
        }
        let shapes: Vec<(usize, usize, usize)> = proofs.iter().map(|p| p.shape()).collect();
        let max_n = shapes.iter().map(|s| s.0).max().unwrap_or(0);
        let max_m = shapes.iter().map(|s| s.1).max().unwrap_or(0);
        let max_pad = shapes
            .iter()
            .map(|(n, m, np)| np - n * m)
            .max()
            .unwrap_or(0);

        // Weights first (the RNG is sequential), then the per-proof scalar work, on all
        // cores with `parallel`: each thread inverts its proofs' scalars (one batched
        // inversion per thread) and accumulates its own terms, then they merge.
        let weights: Vec<(C::Scalar, C::Scalar)> = proofs
            .iter()
            .map(|p| {
                let r = C::scalar_random_nonzero(rng)?;
                let c = if p.weights() == 2 {
                    C::scalar_random_nonzero(rng)?
                } else {
                    C::scalar_zero()
                };
                Ok((r, c))
            })
            .collect::<Result<_, ProofError>>()?;
        // Flat generators (secp256k1-zkp): position j·n + k is generator j·n + k of
        // the flat vectors, so the accumulators are indexed by position (stride 0).
        let flat = self.bp_gens.is_flat();
        let max_nm = shapes.iter().map(|(n, m, _)| n * m).max().unwrap_or(0);
        let shape = if flat {
            (max_nm, 1, max_pad, true, bases.points.len())
        } else {
            (max_n, max_m, max_pad, false, bases.points.len())
        };
        let emit_range = |range: core::ops::Range<usize>| -> Option<BatchTerms<'_, C>> {
            let mut inv: Vec<C::Scalar> = Vec::new();
            let mut offsets = Vec::with_capacity(range.len() + 1);
            for p in proofs.get(range.clone())? {
                offsets.push(inv.len());
                p.push_inversions(&mut inv);
            }
            offsets.push(inv.len());
            C::scalar_batch_invert_vartime(&mut inv);
            let mut terms = BatchTerms::<C>::new(shape);
            for (j, k) in range.enumerate() {
                let (p, w) = (proofs.get(k)?, weights.get(k)?);
                let (off, end) = (*offsets.get(j)?, *offsets.get(j + 1)?);
                let (v, (n, m, _)) = (commitments.get(k)?, shapes.get(k)?);
                terms.n = *n;
                terms.nm = n * m;
                terms.base = ids.get(k)?;
                p.emit(v, inv.get(off..end)?, *w, &mut terms).ok()?;
            }
            (!terms.out_of_range).then_some(terms)
        };
        let ranges = crate::parallel::chunks(proofs.len(), 1);
        let parts: Vec<Option<BatchTerms<'_, C>>> = crate::parallel::map_vec(ranges, emit_range);
        let mut terms = BatchTerms::<C>::new(shape);
        for part in parts {
            match part {
                Some(part) => terms.merge(part),
                None => return Ok(false),
            }
        }

        let BatchTerms {
            mut scalars,
            mut points,
            pedersen,
            G,
            H,
            pad_G,
            pad_H,
            ..
        } = terms;
        for (s, B) in pedersen.into_iter().zip(&bases.points) {
            if !C::scalar_is_zero(&s) {
                scalars.push(s);
                points.push(*B);
            }
        }
        // A batch of one shape (the usual case) takes its fixed generators from the
        // shape's cached tables, whose order `G || H` (party-major, then padding)
        // is exactly that of the accumulators; the proofs' own points go to the
        // curve's large multiscalar multiplication beside them.
        let homogeneous = !self.bp_gens.is_flat()
            && shapes
                .first()
                .is_some_and(|f| shapes.iter().all(|s| s.0 == f.0 && s.1 == f.1));
        if homogeneous {
            if let Some(table) = self
                .bp_gens
                .verifier_table(GeneratorLayout::Parties { n: max_n, m: max_m })
            {
                let mut gh: Vec<C::Scalar> = Vec::with_capacity(2 * (G.len() + pad_G.len()));
                gh.extend_from_slice(&G);
                gh.extend_from_slice(&pad_G);
                gh.extend_from_slice(&H);
                gh.extend_from_slice(&pad_H);
                return Ok(C::is_identity(&C::vartime_precomputed_mul(
                    &table, &gh, &scalars, &points,
                )));
            }
        }
        if self.bp_gens.is_flat() {
            let (Gf, Hf) = self.bp_gens.flat_vectors();
            for (((g, h), Gk), Hk) in G.iter().zip(&H).zip(Gf).zip(Hf) {
                scalars.push(*g);
                points.push(*Gk);
                scalars.push(*h);
                points.push(*Hk);
            }
        } else {
            for (j, (g_row, h_row)) in G
                .chunks(max_n.max(1))
                .zip(H.chunks(max_n.max(1)))
                .enumerate()
            {
                let (Gj, Hj) = self.bp_gens.party_vectors(j);
                for (((g, h), Gjk), Hjk) in g_row.iter().zip(h_row).zip(Gj).zip(Hj) {
                    scalars.push(*g);
                    points.push(*Gjk);
                    scalars.push(*h);
                    points.push(*Hjk);
                }
            }
        }
        if max_pad > 0 {
            let (pg, ph) = self.bp_gens.padding_generators(max_pad);
            scalars.extend_from_slice(&pad_G);
            points.extend_from_slice(&pg);
            scalars.extend_from_slice(&pad_H);
            points.extend_from_slice(&ph);
        }
        Ok(C::is_identity(
            &crate::curve::dispatch::vartime_multiscalar_mul::<C>(&scalars, &points),
        ))
    }
}

impl<'g> BatchVerifier<'g, Secp256k1> {
    /// Adds a proof in secp256k1-zkp's format with minimum values (made by
    /// [`RangeProof::prove_with_min_values`]) that each `commitments[j]` opens to a
    /// value in `[min_values[j], min_values[j] + 2^n)`; returns its index. The
    /// statement is replayed by the code of [`RangeProof::verify_with_min_values`],
    /// so the batch accepts exactly the proofs that it accepts; a statement that
    /// cannot be replayed (one minimum value per commitment, each below `2^n`, …) is
    /// recorded as failed with its error, as by [`BatchVerifier::add`].
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, BatchVerifier, PedersenGens, RangeProof, Transcript};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// use ballistic::ProofError;
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let mut rng = rand::thread_rng();
    /// let g = [Secp256k1::scalar_random(&mut rng), Secp256k1::scalar_random(&mut rng)];
    /// let (p1, v1) = RangeProof::prove_with_min_values(&bp, &pc, &mut Transcript::new(),
    ///     &[1500, 70], &[1000, 0], &g, 32, &mut rng)?;
    /// let (p2, v2) = RangeProof::prove_single_with_rng(&bp, &pc, &mut Transcript::new(), 5, &g[0],
    ///     64, &mut rng)?;
    /// let mut batch = BatchVerifier::new(&bp);
    /// batch.add_with_min_values(&p1, &pc, &mut Transcript::new(), &v1, &[1000, 0], 32);
    /// batch.add(&p2, &pc, &mut Transcript::new(), &[v2], 64);
    /// batch.add_with_min_values(&p1, &pc, &mut Transcript::new(), &v1, &[999, 0], 32);
    /// batch.add_with_min_values(&p1, &pc, &mut Transcript::new(), &v1, &[1000], 32);
    /// let err = batch.verify(&mut rng).unwrap_err();
    /// assert_eq!(err.invalid_indices(), vec![2, 3]);
    /// assert_eq!(err.invalid[1].1, ProofError::InvalidInputLength);
    /// # Ok::<(), ProofError>(())
    /// ```
    pub fn add_with_min_values(
        &mut self,
        proof: &RangeProof<Secp256k1, Zkp>,
        pc_gens: &PedersenGens<Secp256k1>,
        transcript: &mut ZkpTranscript,
        commitments: &[[u8; 33]],
        min_values: &[u64],
        n: usize,
    ) -> usize {
        let prepared = proof.prepare_with_min_values(
            self.bp_gens,
            pc_gens,
            transcript,
            commitments,
            min_values,
            n,
        );
        self.entries
            .push(prepared.map(|p| Entry::encoded(Replayed::Bp(p))));
        self.entries.len() - 1
    }
}

/// Accumulates the terms of many proofs: fixed-generator coefficients are summed.
struct BatchTerms<'b, C: Curve> {
    scalars: Vec<C::Scalar>,
    points: Vec<C::Point>,
    /// The summed coefficient of every Pedersen base of the batch ([`Bases`]).
    pedersen: Vec<C::Scalar>,
    /// The indices in [`Bases`] of the Pedersen bases of the proof being emitted, in
    /// the order of its `Terms::pedersen` call.
    base: &'b [usize],
    /// Row length of `G`/`H`: the largest `n` of the batch.
    stride: usize,
    /// Accumulators indexed by position `i = j·n + k` (flat generators).
    flat: bool,
    /// Shape of the proof being emitted.
    n: usize,
    nm: usize,
    G: Vec<C::Scalar>,
    H: Vec<C::Scalar>,
    pad_G: Vec<C::Scalar>,
    pad_H: Vec<C::Scalar>,
    /// Set if a term named a generator outside the accumulators (never, by
    /// construction; checked so that a bug fails verification, not the process).
    out_of_range: bool,
}

impl<'b, C: Curve> BatchTerms<'b, C> {
    /// Empty accumulators for a batch whose largest shape is `(max_n, max_m)` with
    /// `max_pad` padding positions.
    fn new((max_n, max_m, max_pad, flat, bases): (usize, usize, usize, bool, usize)) -> Self {
        BatchTerms {
            scalars: Vec::new(),
            points: Vec::new(),
            pedersen: vec![C::scalar_zero(); bases],
            base: &[],
            stride: max_n,
            flat,
            n: 0,
            nm: 0,
            G: vec![C::scalar_zero(); max_n * max_m],
            H: vec![C::scalar_zero(); max_n * max_m],
            pad_G: vec![C::scalar_zero(); max_pad],
            pad_H: vec![C::scalar_zero(); max_pad],
            out_of_range: false,
        }
    }

    /// Adds another thread's accumulators into these.
    fn merge(&mut self, other: BatchTerms<'_, C>) {
        self.scalars.extend(other.scalars);
        self.points.extend(other.points);
        for (dst, src) in [
            (&mut self.pedersen, &other.pedersen),
            (&mut self.G, &other.G),
            (&mut self.H, &other.H),
            (&mut self.pad_G, &other.pad_G),
            (&mut self.pad_H, &other.pad_H),
        ] {
            for (d, s) in dst.iter_mut().zip(src) {
                *d += *s;
            }
        }
        self.out_of_range |= other.out_of_range;
    }

    fn slot(&mut self, i: usize, h_side: bool) -> Option<&mut C::Scalar> {
        if i < self.nm {
            let idx = if self.flat {
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

    fn add_base(&mut self, id: usize, scalar: C::Scalar) {
        match self.pedersen.get_mut(id) {
            Some(s) => *s += scalar,
            None => self.out_of_range = true,
        }
    }
}

/// The distinct Pedersen bases of a batch, and each proof's bases (`B`, then its
/// blinding or mask bases) as indices into them: a base is found by its encoding in an ordered map (one
/// encoding per base that differs from the previous proof's), so that a batch
/// with a base per proof (confidential assets) costs `O(k log k)`, not `O(k²)`.
struct Bases<C: Curve> {
    points: Vec<C::Point>,
    /// Per entry of the batch (empty for entries that failed to prepare).
    ids: Vec<Vec<usize>>,
}

impl<C: Curve> Bases<C> {
    fn intern(entries: &[Result<Entry<C>, ProofError>], ok: &[usize]) -> Self {
        let mut bases = Bases {
            points: Vec::new(),
            ids: vec![Vec::new(); entries.len()],
        };
        let mut index: BTreeMap<Vec<u8>, usize> = BTreeMap::new();
        // The bases of the previous proof (at most 1 + MAX_EXTENSION_DEGREE).
        let mut recent: Vec<(C::Point, usize)> = Vec::with_capacity(8);
        let mut id_of = |P: C::Point, bases: &mut Bases<C>| -> usize {
            if let Some((_, id)) = recent.iter().find(|(Q, _)| *Q == P) {
                return *id;
            }
            let key = C::encoding_bytes(&C::encode_vartime(&P)).to_vec();
            let id = *index.entry(key).or_insert_with(|| {
                bases.points.push(P);
                bases.points.len() - 1
            });
            if recent.len() == 8 {
                recent.remove(0);
            }
            recent.push((P, id));
            id
        };
        for &i in ok {
            if let Some(Ok(p)) = entries.get(i) {
                let ids: Vec<usize> = p
                    .bases()
                    .into_iter()
                    .map(|P| id_of(P, &mut bases))
                    .collect();
                if let Some(slot) = bases.ids.get_mut(i) {
                    *slot = ids;
                }
            }
        }
        bases
    }
}

impl<C: Curve> Terms<C> for BatchTerms<'_, C> {
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
}

/// Verifies an unbounded stream of proofs in bounded memory: proofs are collected
/// into chunks of `chunk_size`, each chunk is verified as one batch as soon as it is
/// full, and only the failures are kept (with their position in the stream).
///
/// # Example
/// ```
/// use ballistic::range_proof::batch::StreamingVerifier;
/// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof, Scalar};
/// use ballistic::merlin::Transcript;
/// let bp = BulletproofGens::new(8, 1);
/// let pc = PedersenGens::default();
/// let mut rng = rand::thread_rng();
/// let mut stream = StreamingVerifier::new(&bp, 4, rand::thread_rng());
/// for v in 0..10u64 {
///     let (p, c) = RangeProof::prove_single_with_rng(&bp, &pc, &mut Transcript::new(b"s"), v,
///         &Scalar::from(v + 1), 8, &mut rng)?;
///     let n = if v == 6 { 7 } else { 8 }; // proof 6 is checked against the wrong width
///     stream.add(&p, &pc, &mut Transcript::new(b"s"), &[c], n);
/// }
/// assert_eq!(stream.finish().unwrap_err().invalid_indices(), vec![6]);
/// # Ok::<(), ballistic::ProofError>(())
/// ```
pub struct StreamingVerifier<'g, C: Curve, R: RngCore + CryptoRng> {
    batch: BatchVerifier<'g, C>,
    chunk_size: usize,
    offset: usize,
    rng: R,
    failures: Vec<(usize, ProofError)>,
}

impl<'g, C: Curve, R: RngCore + CryptoRng> StreamingVerifier<'g, C, R> {
    /// Adds one proof with `add` to the pending chunk; returns its position in the
    /// stream. Verifies the pending chunk when it is full.
    fn push(&mut self, add: impl FnOnce(&mut BatchVerifier<'g, C>) -> usize) -> usize {
        let index = self.offset + add(&mut self.batch);
        self.flush_if_full();
        index
    }

    /// A stream verified in chunks of `chunk_size` proofs (at least 1) with weights
    /// drawn from `rng`.
    pub fn new(bp_gens: &'g BulletproofGens<C>, chunk_size: usize, rng: R) -> Self {
        StreamingVerifier {
            batch: BatchVerifier::new(bp_gens),
            chunk_size: chunk_size.max(1),
            offset: 0,
            rng,
            failures: Vec::new(),
        }
    }

    /// Adds a proof (see [`BatchVerifier::add`]); returns its position in the stream.
    /// Verifies the pending chunk when it is full.
    pub fn add<F: RangeProofFormat<C>>(
        &mut self,
        proof: &RangeProof<C, F>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        value_commitments: &[C::Encoding],
        n: usize,
    ) -> usize {
        self.push(|batch| batch.add(proof, pc_gens, transcript, value_commitments, n))
    }

    /// Adds a Bulletproofs+ proof (see [`BatchVerifier::add_plus`]); returns its
    /// position in the stream. Verifies the pending chunk when it is full.
    pub fn add_plus(
        &mut self,
        proof: &RangeProofPlus<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut merlin::Transcript,
        commitments: &[C::Encoding],
        min_values: &[u64],
        n: usize,
    ) -> usize {
        self.push(|batch| batch.add_plus(proof, pc_gens, transcript, commitments, min_values, n))
    }

    /// Adds an `[a, b]` range proof (see [`BatchVerifier::add_range`]); returns its
    /// position in the stream. Verifies the pending chunk when it is full.
    ///
    /// # Example
    /// ```
    /// use ballistic::range_proof::batch::StreamingVerifier;
    /// use ballistic::ristretto::{random_scalar, BulletproofGens, PedersenGens, RangeProof};
    /// use ballistic::merlin::Transcript;
    /// let (bp, pc) = (BulletproofGens::new(8, 2), PedersenGens::default());
    /// let mut rng = rand::thread_rng();
    /// let mut stream = StreamingVerifier::new(&bp, 2, rand::thread_rng());
    /// for a in 0..5u64 {
    ///     let (p, v) = RangeProof::prove_range(&bp, &pc, &mut Transcript::new(b"s"), a + 100,
    ///         &random_scalar(&mut rng), a, a + 200, &mut rng)?;
    ///     let b = if a == 3 { a + 199 } else { a + 200 }; // proof 3: another range
    ///     stream.add_range(&p, &pc, &mut Transcript::new(b"s"), &v, a, b);
    /// }
    /// assert_eq!(stream.finish().unwrap_err().invalid_indices(), vec![3]);
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn add_range<F: RangeProofFormat<C>>(
        &mut self,
        proof: &RangeProof<C, F>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        commitment: &C::Encoding,
        a: u64,
        b: u64,
    ) -> usize {
        self.push(|batch| batch.add_range(proof, pc_gens, transcript, commitment, a, b))
    }

    /// Adds a Bulletproofs+ `[a, b]` range proof (see
    /// [`BatchVerifier::add_plus_range`]); returns its position in the stream.
    /// Verifies the pending chunk when it is full.
    ///
    /// # Example
    /// ```
    /// use ballistic::range_proof::batch::StreamingVerifier;
    /// use ballistic::ristretto::{random_scalar, BulletproofGens};
    /// use ballistic::ristretto::bp_plus::{pedersen_gens, Opening, RangeProofPlus};
    /// use ballistic::merlin::Transcript;
    /// let (bp, pc) = (BulletproofGens::new(8, 2), pedersen_gens(1)?);
    /// let mut rng = rand::thread_rng();
    /// let mut stream = StreamingVerifier::new(&bp, 2, rand::thread_rng());
    /// for a in 0..5u64 {
    ///     let masks = [random_scalar(&mut rng)];
    ///     let (p, v) = RangeProofPlus::prove_range(&bp, &pc, &mut Transcript::new(b"s"),
    ///         &Opening::new(a + 100, &masks), a, a + 200, &mut rng)?;
    ///     let lo = if a == 1 { a + 1 } else { a }; // proof 1: another range
    ///     stream.add_plus_range(&p, &pc, &mut Transcript::new(b"s"), &v, lo, a + 200);
    /// }
    /// assert_eq!(stream.finish().unwrap_err().invalid_indices(), vec![1]);
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn add_plus_range(
        &mut self,
        proof: &RangeProofPlus<C>,
        pc_gens: &ExtendedPedersenGens<C>,
        transcript: &mut merlin::Transcript,
        commitment: &C::Encoding,
        a: u64,
        b: u64,
    ) -> usize {
        self.push(|batch| batch.add_plus_range(proof, pc_gens, transcript, commitment, a, b))
    }

    /// Verifies the pending chunk if it is full.
    fn flush_if_full(&mut self) {
        if self.batch.len() >= self.chunk_size {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if let Err(e) = self.batch.verify(&mut self.rng) {
            let offset = self.offset;
            self.failures
                .extend(e.invalid.into_iter().map(|(i, err)| (offset + i, err)));
        }
        self.offset += self.batch.len();
        self.batch.entries.clear();
    }

    /// Verifies what is left; `Ok(())` iff every proof of the stream is valid.
    pub fn finish(mut self) -> Result<(), BatchError> {
        self.flush();
        if self.failures.is_empty() {
            Ok(())
        } else {
            Err(BatchError {
                invalid: self.failures,
            })
        }
    }
}

impl<'g, R: RngCore + CryptoRng> StreamingVerifier<'g, Secp256k1, R> {
    /// Adds a proof with minimum values (see
    /// [`BatchVerifier::add_with_min_values`]); returns its position in the stream.
    /// Verifies the pending chunk when it is full.
    ///
    /// # Example
    /// ```
    /// use ballistic::range_proof::batch::StreamingVerifier;
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, RangeProof, Transcript};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let mut rng = rand::thread_rng();
    /// let mut stream = StreamingVerifier::new(&bp, 3, rand::thread_rng());
    /// for o in 0..4u64 {
    ///     let g = [Secp256k1::scalar_random(&mut rng)];
    ///     let (p, v) = RangeProof::prove_with_min_values(&bp, &pc, &mut Transcript::new(),
    ///         &[o + 7], &[o], &g, 8, &mut rng)?;
    ///     let min = if o == 2 { o + 1 } else { o }; // proof 2: another minimum value
    ///     stream.add_with_min_values(&p, &pc, &mut Transcript::new(), &v, &[min], 8);
    /// }
    /// assert_eq!(stream.finish().unwrap_err().invalid_indices(), vec![2]);
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn add_with_min_values(
        &mut self,
        proof: &RangeProof<Secp256k1, Zkp>,
        pc_gens: &PedersenGens<Secp256k1>,
        transcript: &mut ZkpTranscript,
        commitments: &[[u8; 33]],
        min_values: &[u64],
        n: usize,
    ) -> usize {
        self.push(|batch| {
            batch.add_with_min_values(proof, pc_gens, transcript, commitments, min_values, n)
        })
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]

    use super::*;
    use crate::curve::ristretto::Ristretto;
    use curve25519_dalek::ristretto::CompressedRistretto;
    use curve25519_dalek::scalar::Scalar;
    use merlin::Transcript;
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha20Rng;

    type Proof = RangeProof<Ristretto>;

    /// `add_many` records exactly what `add` records, in order, and the batch
    /// reaches the same verdict: valid proofs over two sets of Pedersen bases, a
    /// statement that cannot be replayed (a bit width no proof has), a wrong
    /// commitment, and an undecodable commitment (the proof is interned before
    /// `verify` finds out; it must fail alone).
    #[test]
    fn add_many_matches_add() {
        let bp = BulletproofGens::<Ristretto>::new(8, 1);
        let pcs = [
            PedersenGens::<Ristretto>::default(),
            PedersenGens::<Ristretto> {
                B: curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT * Scalar::from(3u64),
                B_blinding: PedersenGens::<Ristretto>::default().B_blinding,
            },
        ];
        let mut rng = ChaCha20Rng::seed_from_u64(9);
        let proofs: Vec<_> = (0..12u64)
            .map(|v| {
                let t = &mut Transcript::new(b"many");
                let g = Scalar::from(v + 5);
                let pc = &pcs[(v % 2) as usize];
                Proof::prove_single_with_rng(&bp, pc, t, v, &g, 8, &mut rng).unwrap()
            })
            .collect();
        let undecodable = CompressedRistretto([0xff; 32]);
        // (proof, bases, commitment, n) of each item.
        let items: Vec<(usize, usize, CompressedRistretto, usize)> = (0..12)
            .map(|i| match i {
                3 => (i, i % 2, proofs[i].1, 16),
                6 => (i, i % 2, proofs[i + 2].1, 8),
                9 => (i, i % 2, undecodable, 8),
                _ => (i, i % 2, proofs[i].1, 8),
            })
            .collect();
        let mut one = BatchVerifier::new(&bp);
        for (i, b, v, n) in &items {
            one.add(
                &proofs[*i].0,
                &pcs[*b],
                &mut Transcript::new(b"many"),
                &[*v],
                *n,
            );
        }
        let mut many = BatchVerifier::new(&bp);
        let batch_items: Vec<BatchItem<'_, Ristretto, _>> = items
            .iter()
            .map(|(i, b, v, n)| BatchItem {
                proof: &proofs[*i].0,
                pc_gens: &pcs[*b],
                transcript: Transcript::new(b"many"),
                value_commitments: core::slice::from_ref(v),
                n: *n,
            })
            .collect();
        assert_eq!(
            many.add_many::<super::super::format::Dalek>(Vec::new()),
            0..0
        );
        assert_eq!(many.add_many(batch_items), 0..12);
        assert_eq!(many.len(), one.len());
        for (a, b) in many.entries.iter().zip(&one.entries) {
            assert_eq!(alloc::format!("{a:?}"), alloc::format!("{b:?}"));
        }
        let (e1, e2) = (one.verify(&mut rng), many.verify(&mut rng));
        assert_eq!(e1, e2);
        assert_eq!(e2.unwrap_err().invalid_indices(), vec![3, 6, 9]);
    }

    /// The work of blame on 16 proofs with one invalid at each position: a check
    /// of the whole, of each first half on the way down, of a second half only
    /// where its first half failed (never where its failure is implied), and the
    /// last [`BLAME_SINGLE_MAX`] proofs one by one. Bisection down to single proofs
    /// with both halves checked took 9 checks for every position.
    #[test]
    fn blame_skips_implied_checks_and_ends_with_singles() {
        let bp = BulletproofGens::<Ristretto>::new(8, 1);
        let pc = PedersenGens::<Ristretto>::default();
        let mut rng = ChaCha20Rng::seed_from_u64(7);
        let proofs: Vec<_> = (0..16u64)
            .map(|v| {
                let t = &mut Transcript::new(b"blame");
                let g = Scalar::from(v + 1);
                Proof::prove_single_with_rng(&bp, &pc, t, v, &g, 8, &mut rng).unwrap()
            })
            .collect();
        for bad in 0..16 {
            let mut batch = BatchVerifier::new(&bp);
            for (i, (p, v)) in proofs.iter().enumerate() {
                let v = if i == bad { proofs[(i + 1) % 16].1 } else { *v };
                batch.add(p, &pc, &mut Transcript::new(b"blame"), &[v], 8);
            }
            let err = batch.verify(&mut rng).unwrap_err();
            assert_eq!(err.invalid_indices(), vec![bad]);
            // Positions 12..16: 16, 0..8, 8..12 pass; 12..16 implied, one by one.
            // 8..12: 16, 0..8, 8..12 fails (one by one), 12..16 passes.
            // 4..8: 16, 0..8 fails, 0..4 passes, 4..8 implied; 8..16 passes.
            // 0..4: 16, 0..8, 0..4 fails (one by one), 4..8 and 8..16 pass.
            let checks = match bad {
                12.. => 3,
                4..=11 => 4,
                _ => 5,
            };
            assert_eq!(
                batch.work.get(),
                (checks, BLAME_SINGLE_MAX),
                "invalid #{bad}"
            );
        }
        // All 16 invalid: 16, 0..8, 0..4 fail; 0..4 one by one, then (at least half
        // of each first half failed) 4..8 and 8..16 one by one. Checking every
        // failing half took 7 checks.
        let mut batch = BatchVerifier::new(&bp);
        for (i, (p, _)) in proofs.iter().enumerate() {
            let wrong = proofs[(i + 1) % 16].1;
            batch.add(p, &pc, &mut Transcript::new(b"blame"), &[wrong], 8);
        }
        let err = batch.verify(&mut rng).unwrap_err();
        assert_eq!(err.invalid_indices(), (0..16).collect::<Vec<_>>());
        assert_eq!(batch.work.get(), (3, 16));
    }
}
