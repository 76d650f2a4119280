//! Bulletproofs+ in the verification engine: [`BatchVerifier::add_plus`] and
//! [`BatchVerifier::add_plus_range`] (and the [`StreamingVerifier`] methods of the
//! same names) replay a proof by the code of its single verifier and add its
//! equation, one weight, beside the statements of every other protocol.

use rand_core::{CryptoRng, RngCore};

use super::RangeProofPlus;
use crate::curve::Curve;
use crate::generators::ExtendedPedersenGens;
use crate::verify::{BatchVerifier, StreamingVerifier};

impl<'g, C: Curve> BatchVerifier<'g, C> {
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
            self.bp_gens(),
            pc_gens,
            transcript,
            commitments,
            min_values,
            n,
        );
        self.push(prepared)
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
        let prepared = proof.prepare_range(self.bp_gens(), pc_gens, transcript, commitment, a, b);
        self.push(prepared)
    }
}

impl<'g, C: Curve, R: RngCore + CryptoRng> StreamingVerifier<'g, C, R> {
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
}
