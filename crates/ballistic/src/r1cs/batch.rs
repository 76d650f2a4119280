//! R1CS proofs in the verification engine: [`crate::verify::BatchVerifier::add_circuit`]
//! (and the [`StreamingVerifier`] method of the same name) replays a proof against
//! its verifier's circuit and adds its equation, so circuits of any sizes share
//! one multiscalar multiplication with each other and with range proofs over the
//! same generators. [`BatchVerifier`] is the same engine with the Pedersen bases
//! fixed, for batches of circuits only.

// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
use core::borrow::BorrowMut;
use core::fmt;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use super::verifier::{Circuit, Verifier};
use super::R1CSProof;
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
pub use crate::verify::BatchError;
use crate::verify::StreamingVerifier;

impl<'g, C: Curve> crate::verify::BatchVerifier<'g, C> {
    /// Adds `proof` with the verifier that built its circuit (its commitments and
    /// constraints, before [`Verifier::verify`]) over the Pedersen bases `pc_gens`;
    /// returns the proof's index. A proof that fails already here (malformed for
    /// its circuit, too large for the generators) is recorded as failed with its
    /// error: [`ProofError::InvalidGeneratorsLength`], [`ProofError::FormatError`],
    /// [`ProofError::InvalidInputLength`] (more than
    /// [`MAX_MULTIPLIERS`](super::MAX_MULTIPLIERS) multipliers) or
    /// [`ProofError::VerificationError`].
    ///
    /// Each pending circuit keeps `3·n` scalars (`n` its number of multipliers: its
    /// flattened constraint weights) until `verify`: 2.4 MiB for a SHA-256
    /// compression proof.
    ///
    /// # Example
    /// ```
    /// use ballistic::merlin::Transcript;
    /// use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, Verifier};
    /// use ballistic::ristretto::{BatchVerifier, BulletproofGens, PedersenGens, RangeProof, Scalar};
    /// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(64, 1));
    /// let mut rng = rand::thread_rng();
    /// let mut p = Prover::new(&pc, Transcript::new(b"mix"));
    /// let (ca, va) = p.commit(Scalar::from(6u64), Scalar::from(1u64));
    /// let (_, _, o) = p.multiply(va.into(), va.into());
    /// p.constrain(o - 36u64);
    /// let circuit = p.prove(&bp)?;
    /// let (range, v) = RangeProof::prove_single_with_rng(&bp, &pc, &mut Transcript::new(b"mix"),
    ///     9, &Scalar::from(2u64), 64, &mut rng).unwrap();
    /// // One multiscalar multiplication for a range proof and a circuit.
    /// let mut batch = BatchVerifier::new(&bp);
    /// batch.add(&range, &pc, &mut Transcript::new(b"mix"), &[v], 64);
    /// let mut verifier = Verifier::new(Transcript::new(b"mix"));
    /// let va = verifier.commit(ca);
    /// let (_, _, o) = verifier.multiply(va.into(), va.into());
    /// verifier.constrain(o - 36u64);
    /// batch.add_circuit(verifier, &circuit, &pc);
    /// assert!(batch.verify(&mut rng).is_ok());
    /// # Ok::<(), ballistic::r1cs::R1CSError>(())
    /// ```
    pub fn add_circuit<T: BorrowMut<Transcript>>(
        &mut self,
        verifier: Verifier<C, T>,
        proof: &R1CSProof<C>,
        pc_gens: &PedersenGens<C>,
    ) -> usize {
        let statement = verifier
            .equation(proof, self.bp_gens())
            .map(|(eq, _)| Circuit::new(eq, pc_gens))
            .map_err(ProofError::from);
        self.push(statement)
    }
}

impl<'g, C: Curve, R: RngCore + CryptoRng> StreamingVerifier<'g, C, R> {
    /// Adds a circuit proof (see
    /// [`BatchVerifier::add_circuit`](crate::verify::BatchVerifier::add_circuit));
    /// returns its position in the stream. Verifies the pending chunk when it is
    /// full.
    ///
    /// # Example
    /// ```
    /// use ballistic::merlin::Transcript;
    /// use ballistic::ristretto::r1cs::{ConstraintSystem, Prover, Verifier};
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
    /// use ballistic::verify::StreamingVerifier;
    /// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(4, 1));
    /// let mut stream = StreamingVerifier::new(&bp, 2, rand::thread_rng());
    /// for k in 0..3u64 {
    ///     let mut p = Prover::new(&pc, Transcript::new(b"s"));
    ///     let (c, v) = p.commit(Scalar::from(k), Scalar::from(k + 1));
    ///     let (_, _, o) = p.multiply(v.into(), v.into());
    ///     p.constrain(o - k * k);
    ///     let proof = p.prove(&bp)?;
    ///     let mut verifier = Verifier::new(Transcript::new(b"s"));
    ///     let v = verifier.commit(c);
    ///     let (_, _, o) = verifier.multiply(v.into(), v.into());
    ///     verifier.constrain(o - if k == 1 { 2 } else { k * k }); // proof 1: another square
    ///     stream.add_circuit(verifier, &proof, &pc);
    /// }
    /// assert_eq!(stream.finish().unwrap_err().invalid_indices(), vec![1]);
    /// # Ok::<(), ballistic::r1cs::R1CSError>(())
    /// ```
    pub fn add_circuit<T: BorrowMut<Transcript>>(
        &mut self,
        verifier: Verifier<C, T>,
        proof: &R1CSProof<C>,
        pc_gens: &PedersenGens<C>,
    ) -> usize {
        self.push(|batch| batch.add_circuit(verifier, proof, pc_gens))
    }
}

/// Verifies many R1CS proofs at once over one set of Pedersen bases: the engine's
/// [`crate::verify::BatchVerifier`] with `pc_gens` fixed. Each proof is checked
/// against its own verifier (its circuit and transcript) as it is added, and all
/// verification equations are combined with random weights into one
/// multiscalar multiplication. The verdict equals the AND of the single
/// verifications (up to a `2^-250` soundness error); on failure the invalid proofs
/// are found by the engine's blame.
///
/// Each pending proof keeps `3·n` scalars (`n` its number of multipliers) until
/// [`BatchVerifier::verify`]: 2.4 MiB for a SHA-256 compression proof.
///
/// # Example
/// ```
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::r1cs::{BatchVerifier, ConstraintSystem, Prover, Verifier};
/// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(4, 1));
/// let mut batch = BatchVerifier::new(&pc, &bp);
/// for (a, b) in [(2u64, 3u64), (4, 5), (6, 7)] {
///     let mut p = Prover::new(&pc, Transcript::new(b"batch"));
///     let (ca, va) = p.commit(Scalar::from(a), Scalar::from(1u64));
///     let (cb, vb) = p.commit(Scalar::from(b), Scalar::from(2u64));
///     let (_, _, o) = p.multiply(va.into(), vb.into());
///     p.constrain(o - a * b);
///     let proof = p.prove(&bp)?;
///     let mut v = Verifier::new(Transcript::new(b"batch"));
///     let (va, vb) = (v.commit(ca), v.commit(cb));
///     let (_, _, o) = v.multiply(va.into(), vb.into());
///     // The third verifier expects a different product: that proof is invalid.
///     v.constrain(o - if a == 6 { 41 } else { a * b });
///     batch.add(v, &proof);
/// }
/// assert_eq!(batch.verify().unwrap_err().invalid_indices(), vec![2]);
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub struct BatchVerifier<'g, C: Curve> {
    pc_gens: &'g PedersenGens<C>,
    batch: crate::verify::BatchVerifier<'g, C>,
}

impl<C: Curve> fmt::Debug for BatchVerifier<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BatchVerifier")
            .field("proofs", &self.batch.len())
            .finish()
    }
}

impl<'g, C: Curve> BatchVerifier<'g, C> {
    /// An empty batch over shared Pedersen bases and generators.
    pub fn new(pc_gens: &'g PedersenGens<C>, bp_gens: &'g BulletproofGens<C>) -> Self {
        BatchVerifier {
            pc_gens,
            batch: crate::verify::BatchVerifier::new(bp_gens),
        }
    }

    /// Adds `proof` with the verifier that built its circuit (its commitments and
    /// constraints, before [`Verifier::verify`]); returns the proof's index. A proof
    /// that fails already here (malformed for its circuit, too large for the
    /// generators) is recorded as invalid.
    pub fn add<T: BorrowMut<Transcript>>(
        &mut self,
        verifier: Verifier<C, T>,
        proof: &R1CSProof<C>,
    ) -> usize {
        self.batch.add_circuit(verifier, proof, self.pc_gens)
    }

    /// Number of proofs added.
    pub fn len(&self) -> usize {
        self.batch.len()
    }

    /// Whether no proof was added.
    pub fn is_empty(&self) -> bool {
        self.batch.is_empty()
    }

    /// Checks every proof added, with the operating system's RNG for the weights.
    ///
    /// # Errors
    /// [`BatchError`] with the invalid proofs.
    #[cfg(feature = "std")]
    pub fn verify(&self) -> Result<(), BatchError> {
        self.verify_with_rng(&mut rand_core::OsRng)
    }

    /// Checks every proof added without an RNG: the weights are derived from the
    /// batch ([`crate::verify::BatchVerifier::verify_deterministic`]; the argument
    /// is in [`crate::notes::verify`]).
    ///
    /// # Errors
    /// [`BatchError`] with the invalid proofs.
    ///
    /// # Example
    /// ```
    /// use ballistic::merlin::Transcript;
    /// use ballistic::ristretto::r1cs::{BatchVerifier, ConstraintSystem, Prover, Verifier};
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
    /// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(4, 1));
    /// let mut batch = BatchVerifier::new(&pc, &bp);
    /// for square in [9u64, 10] {
    ///     let mut p = Prover::new(&pc, Transcript::new(b"sq"));
    ///     let (c, v) = p.commit(Scalar::from(3u64), Scalar::from(5u64));
    ///     let (_, _, o) = p.multiply(v.into(), v.into());
    ///     p.constrain(o - 9u64);
    ///     let proof = p.prove(&bp)?;
    ///     let mut verifier = Verifier::new(Transcript::new(b"sq"));
    ///     let v = verifier.commit(c);
    ///     let (_, _, o) = verifier.multiply(v.into(), v.into());
    ///     verifier.constrain(o - square); // the second: 3² is not 10
    ///     batch.add(verifier, &proof);
    /// }
    /// assert_eq!(batch.verify_deterministic().unwrap_err().invalid_indices(), vec![1]);
    /// # Ok::<(), ballistic::r1cs::R1CSError>(())
    /// ```
    pub fn verify_deterministic(&self) -> Result<(), BatchError> {
        self.batch.verify_deterministic()
    }

    /// [`BatchVerifier::verify`] with the caller's RNG.
    ///
    /// # Errors
    /// [`BatchError`] with the invalid proofs.
    pub fn verify_with_rng<R: RngCore + CryptoRng>(&self, rng: &mut R) -> Result<(), BatchError> {
        self.batch.verify(rng)
    }
}
