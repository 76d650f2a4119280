//! Range proofs in the verification engine: [`BatchVerifier`] and
//! [`StreamingVerifier`] take range proofs of either format ([`BatchVerifier::add`],
//! [`BatchVerifier::add_many`]), `[a, b]` range proofs ([`BatchVerifier::add_range`])
//! and secp256k1-zkp proofs with minimum values
//! ([`BatchVerifier::add_with_min_values`]), beside the statements of every other
//! protocol. Each statement is replayed by the code its single verifier runs (the
//! same transcript bytes), so the batch checks exactly the equations the single
//! verifiers check. An `[a, b]` proof enters the equation over its derived
//! commitments `V − a·B` and `b·B − V` as a multiple of `V` (decoded by `add_range`
//! to replay the transcript) plus a multiple of `B`, so `verify` decodes nothing of
//! it again. See [`crate::verify`] for the batch equation and blame.

#![allow(non_snake_case)]
// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use alloc::vec::Vec;
use rand_core::{CryptoRng, RngCore};

use super::format::RangeProofFormat;
use super::zkp::transcript::ZkpTranscript;
use super::zkp::Zkp;
use super::RangeProof;
use crate::curve::secp256k1::Secp256k1;
use crate::curve::Curve;
use crate::generators::PedersenGens;
pub use crate::verify::{BatchError, BatchVerifier, StreamingVerifier, BLAME_SINGLE_MAX};

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

impl<'g, C: Curve> BatchVerifier<'g, C> {
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
        let entry = proof.prepare(
            self.bp_gens(),
            pc_gens,
            transcript,
            value_commitments,
            n,
            false,
        );
        self.push(entry)
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
        let bp_gens = self.bp_gens();
        self.extend(crate::parallel::map_vec(
            items,
            |mut item: BatchItem<'_, C, F>| {
                item.proof.prepare(
                    bp_gens,
                    item.pc_gens,
                    &mut item.transcript,
                    item.value_commitments,
                    item.n,
                    false,
                )
            },
        ))
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
        let prepared = proof.prepare_range(self.bp_gens(), pc_gens, transcript, commitment, a, b);
        self.push(prepared)
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
            self.bp_gens(),
            pc_gens,
            transcript,
            commitments,
            min_values,
            n,
        );
        self.push(prepared)
    }
}

impl<'g, C: Curve, R: RngCore + CryptoRng> StreamingVerifier<'g, C, R> {
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
    use crate::generators::BulletproofGens;
    use alloc::vec;
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
        assert_eq!(many.debug_entries(), one.debug_entries());
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
