//! The streaming verifier: an unbounded stream of proofs in bounded memory.

use alloc::vec::Vec;
use rand_core::{CryptoRng, RngCore};

use super::batch::{BatchError, BatchVerifier};
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::BulletproofGens;

/// Verifies an unbounded stream of proofs in bounded memory: proofs are collected
/// into chunks of `chunk_size`, each chunk is verified as one batch as soon as it is
/// full, and only the failures are kept (with their position in the stream). It
/// takes every statement a [`BatchVerifier`] takes, through methods of the same
/// names in each protocol's folder.
///
/// # Example
/// ```
/// use ballistic::verify::StreamingVerifier;
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
    /// A stream verified in chunks of `chunk_size` proofs (at least 1) with weights
    /// drawn from `rng`. See the [type's documentation](Self) for an example.
    pub fn new(bp_gens: &'g BulletproofGens<C>, chunk_size: usize, rng: R) -> Self {
        StreamingVerifier {
            batch: BatchVerifier::new(bp_gens),
            chunk_size: chunk_size.max(1),
            offset: 0,
            rng,
            failures: Vec::new(),
        }
    }

    /// Adds one proof with `add` to the pending chunk; returns its position in the
    /// stream. Verifies the pending chunk when it is full.
    pub(crate) fn push(&mut self, add: impl FnOnce(&mut BatchVerifier<'g, C>) -> usize) -> usize {
        let index = self.offset + add(&mut self.batch);
        if self.batch.len() >= self.chunk_size {
            self.flush();
        }
        index
    }

    fn flush(&mut self) {
        if let Err(e) = self.batch.verify(&mut self.rng) {
            let offset = self.offset;
            self.failures
                .extend(e.invalid.into_iter().map(|(i, err)| (offset + i, err)));
        }
        self.offset += self.batch.len();
        self.batch.clear();
    }

    /// Verifies what is left; `Ok(())` iff every proof of the stream is valid.
    ///
    /// # Errors
    /// [`BatchError`] with every failed proof by its position in the stream.
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
