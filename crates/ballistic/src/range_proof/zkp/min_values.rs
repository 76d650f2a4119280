//! secp256k1-zkp's minimum values (`min_value`, §5.1, §6, §9, §10): a proof that
//! each commitment `V_j` opens to `v_j` with `o_j <= v_j < o_j + 2^n`, byte for byte
//! the C library's.
//!
//! | name | meaning |
//! |---|---|
//! | `o_j` (`min_values`) | the minimum value of value `j` (C: `min_value[j]`) |
//! | `a_L` | the bits of `v_j − o_j` |
//! | `E` | the word embedded in a single-value proof: `v_0` itself (not `v_0 − o_0`) and the message |
//!
//! The statement hashes `le32(m) ‖ le64(o_0) ‖ … ‖ le64(o_{m−1})` before the
//! commitments whenever the array is given, even all zero; the verifier's `δ` gains
//! `−Σ_j z^{2+j}·o_j` (`V_j − o_j·B` commits to `v_j − o_j`). Rewinding recovers `v_0`.
//!
//! What the C library does differently (§13), and ballistic does not copy:
//! * its verifier builds `δ` with `z^{3+2j}` and `z²` in place of `z^{3+j}` and
//!   `z^{2+j}` for value `j` when minimum values are given, so it rejects every
//!   aggregated proof (`m >= 2`) with minimum values, its own included; ballistic's
//!   verifier accepts them (they are correct proofs, byte-identical with the C's);
//! * its verifier reads each minimum value through a 32-bit `unsigned int`
//!   (`secp256k1_scalar_set_int`), so it rejects proofs whose minimum value is
//!   `2^32` or more, its own included; ballistic's verifier uses the full `u64`;
//! * its prover aborts unless `v_j < 2^n` (for `n < 64`), even where
//!   `v_j − o_j < 2^n`; ballistic proves every `v_j` with `o_j <= v_j < o_j + 2^n`;
//! * its rewind hashes the minimum value only when it is non-zero, so that a proof
//!   made with the array `[0]` cannot be rewound by it; ballistic's rewinding takes
//!   `Option<u64>` (`None`: no array), so that it can.

// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroizing;

use super::rewind::Rewound;
use super::transcript::ZkpTranscript;
use super::Zkp;
use crate::curve::secp256k1::Secp256k1;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::range_proof::prover::{prove_statement, Cheat};
use crate::range_proof::verifier::Prepared;
use crate::range_proof::RangeProof;
use crate::range_statement::Extras;
use alloc::vec::Vec;
use k256::Scalar;

/// The statement's optional part of a proof with minimum values: the array, hashed
/// before the commitments. The one statement of the prover, the single verifier
/// and the batch verifier.
fn min_values_statement(min_values: &[u64]) -> Extras<'_> {
    Extras {
        range: None,
        min_values: Some(min_values),
    }
}

impl RangeProof<Secp256k1, Zkp> {
    /// Proves `min_values[j] <= values[j] < min_values[j] + 2^n` for the commitments
    /// `values[j]·H + blindings[j]·G` it returns, in secp256k1-zkp's format with its
    /// minimum-value array (`min_values` has one entry per value; an array of zeros
    /// is a different statement from none, as in the C library). For the C library's
    /// own shapes and inputs the bytes are the C's (§6).
    ///
    /// # Errors
    /// [`ProofError::InvalidInputLength`] unless there is one minimum value per value;
    /// [`ProofError::InvalidMinValue`] if a minimum value is `2^n` or more (`n < 64`);
    /// [`ProofError::ValueOutOfRange`] if a value is outside its range; the errors
    /// of [`RangeProof::prove_multiple_with_rng`].
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, RangeProof, Transcript};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let g = Secp256k1::scalar_from_u64(77); // use a random scalar in practice
    /// let t = Transcript::new().with_nonce([5u8; 32]);
    /// let (proof, v) = RangeProof::prove_with_min_values(&bp, &pc, &mut t.clone(),
    ///     &[1500], &[1000], &[g], 64, &mut rand::thread_rng())?;
    /// proof.verify_with_min_values(&bp, &pc, &mut Transcript::new(), &v, &[1000], 64,
    ///     &mut rand::thread_rng())?;
    /// // Another minimum value, or none, is another statement.
    /// assert!(proof.verify_with_min_values(&bp, &pc, &mut Transcript::new(), &v, &[999], 64,
    ///     &mut rand::thread_rng()).is_err());
    /// assert!(proof.verify_multiple(&bp, &pc, &mut Transcript::new(), &v, 64).is_err());
    /// // Rewinding recovers the value itself.
    /// let r = proof.rewind_with_min_value(&pc, &Transcript::new(), &v[0], Some(1000), None,
    ///     &[5u8; 32])?;
    /// assert_eq!((r.value, r.blinding), (1500, g));
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn prove_with_min_values<R: RngCore + CryptoRng>(
        bp_gens: &BulletproofGens<Secp256k1>,
        pc_gens: &PedersenGens<Secp256k1>,
        transcript: &mut ZkpTranscript,
        values: &[u64],
        min_values: &[u64],
        blindings: &[Scalar],
        n: usize,
        rng: &mut R,
    ) -> Result<(Self, Vec<[u8; 33]>), ProofError> {
        let blindings: Zeroizing<Vec<Scalar>> = Zeroizing::new(blindings.to_vec());
        prove_statement::<Secp256k1, Zkp, R>(
            bp_gens,
            pc_gens,
            transcript,
            values,
            &blindings,
            n,
            min_values_statement(min_values),
            rng,
            Cheat::default(),
        )
    }

    /// Verifies a proof that each `commitments[j]` opens to a value in
    /// `[min_values[j], min_values[j] + 2^n)` (secp256k1-zkp's
    /// `secp256k1_bulletproof_rangeproof_verify` with a minimum-value array). Accepts
    /// the C library's proofs, including those its own verifier rejects (`m >= 2`,
    /// minimum values of `2^32` or more: see the module documentation).
    /// [`BatchVerifier::add_with_min_values`](crate::range_proof::batch::BatchVerifier::add_with_min_values)
    /// checks the same statement in a batch.
    ///
    /// # Errors
    /// [`ProofError::InvalidInputLength`], [`ProofError::InvalidMinValue`] as for
    /// [`RangeProof::prove_with_min_values`]; [`ProofError::VerificationError`] if the
    /// proof does not verify; the shape errors of the generators.
    #[allow(clippy::too_many_arguments)]
    pub fn verify_with_min_values<R: RngCore + CryptoRng>(
        &self,
        bp_gens: &BulletproofGens<Secp256k1>,
        pc_gens: &PedersenGens<Secp256k1>,
        transcript: &mut ZkpTranscript,
        commitments: &[[u8; 33]],
        min_values: &[u64],
        n: usize,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        self.verify_statement(
            bp_gens,
            pc_gens,
            transcript,
            commitments,
            n,
            min_values_statement(min_values),
            rng,
        )
    }

    /// Replays the transcript of a proof with minimum values (the statement of
    /// [`RangeProof::verify_with_min_values`]), leaving the commitments encoded: the
    /// batch verifier decodes all of its proofs' at once.
    pub(crate) fn prepare_with_min_values(
        &self,
        bp_gens: &BulletproofGens<Secp256k1>,
        pc_gens: &PedersenGens<Secp256k1>,
        transcript: &mut ZkpTranscript,
        commitments: &[[u8; 33]],
        min_values: &[u64],
        n: usize,
    ) -> Result<Prepared<Secp256k1>, ProofError> {
        self.prepare_statement(
            bp_gens,
            pc_gens,
            transcript,
            commitments,
            n,
            min_values_statement(min_values),
            false,
        )
    }

    /// [`RangeProof::rewind_with_bits`] for a proof made with a minimum value:
    /// `min_value` is the proof's minimum-value array of one entry (`None`: the
    /// proof has none). The recovered value is the committed value itself.
    /// secp256k1-zkp's `rewind(…, min_value, …)` is this call with
    /// `(min_value > 0).then_some(min_value)`.
    ///
    /// # Errors
    /// As [`RangeProof::rewind`].
    pub fn rewind_with_min_value(
        &self,
        pc_gens: &PedersenGens<Secp256k1>,
        transcript: &ZkpTranscript,
        commitment: &[u8; 33],
        min_value: Option<u64>,
        bits: Option<usize>,
        nonce: &[u8; 32],
    ) -> Result<Rewound, ProofError> {
        let r = self.rewind_impl(pc_gens, transcript, commitment, bits, min_value, nonce)?;
        if !r.opens_commitment {
            return Err(ProofError::RewindError);
        }
        Ok(r)
    }

    /// [`RangeProof::rewind_unchecked`] for a proof made with a minimum value (see
    /// [`RangeProof::rewind_with_min_value`]): the C library's numbers and
    /// successes exactly, with the same dangers.
    ///
    /// # Errors
    /// As [`RangeProof::rewind_unchecked`].
    pub fn rewind_unchecked_with_min_value(
        &self,
        pc_gens: &PedersenGens<Secp256k1>,
        transcript: &ZkpTranscript,
        commitment: &[u8; 33],
        min_value: Option<u64>,
        nonce: &[u8; 32],
    ) -> Result<Rewound, ProofError> {
        self.rewind_impl(pc_gens, transcript, commitment, None, min_value, nonce)
    }
}

#[allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::Curve;
    use crate::secp256k1::{grin_generators, zkp_generators};
    use rand::{Rng, SeedableRng};

    type TestRng = rand_chacha::ChaCha20Rng;

    /// Completeness and soundness of the statement: minimum values 0, small and
    /// large (up to `2^64 − 1` at 64 bits), single and aggregated; values at
    /// `o`, `o + 2^n − 1` and random in between prove and verify; `o − 1`,
    /// `o + 2^n` are refused by the prover; another minimum value, none, and a
    /// transcript without the array (all-zero array vs none) fail to verify.
    #[test]
    fn min_values_complete_and_bound() {
        let pc = PedersenGens::<Secp256k1>::default();
        let mut r = TestRng::seed_from_u64(51);
        for (n, m, gens) in [
            (64, 1, 256),
            (64, 2, 256),
            (16, 4, 256),
            (8, 1, 256),
            (7, 3, 1024),
        ] {
            let bp = if gens == 256 {
                grin_generators()
            } else {
                zkp_generators(gens)
            };
            let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            for case in 0..4 {
                let mins: Vec<u64> = (0..m)
                    .map(|j| match (case + j) % 4 {
                        0 => 0,
                        1 => r.gen_range(1..1000).min(max),
                        2 => max,
                        _ => r.gen_range(0..=max),
                    })
                    .collect();
                let values: Vec<u64> = mins
                    .iter()
                    .enumerate()
                    .map(|(j, o)| {
                        let top = o.saturating_add(max);
                        match (case + j) % 3 {
                            0 => *o,
                            1 => top,
                            _ => r.gen_range(*o..=top),
                        }
                    })
                    .collect();
                let blindings: Vec<Scalar> =
                    (0..m).map(|_| Secp256k1::scalar_random(&mut r)).collect();
                let ctx = alloc::format!("n={n} m={m} mins={mins:?} values={values:?}");
                let (proof, v) = RangeProof::prove_with_min_values(
                    &bp,
                    &pc,
                    &mut ZkpTranscript::new(),
                    &values,
                    &mins,
                    &blindings,
                    n,
                    &mut r,
                )
                .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                proof
                    .verify_with_min_values(
                        &bp,
                        &pc,
                        &mut ZkpTranscript::new(),
                        &v,
                        &mins,
                        n,
                        &mut r,
                    )
                    .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                // Without the array: another statement.
                assert!(
                    proof
                        .verify_multiple_with_rng(
                            &bp,
                            &pc,
                            &mut ZkpTranscript::new(),
                            &v,
                            n,
                            &mut r
                        )
                        .is_err(),
                    "{ctx}"
                );
                // Another minimum value for one commitment.
                let mut other = mins.clone();
                let j = case % m;
                other[j] = if other[j] == 0 { 1 } else { other[j] - 1 };
                assert!(
                    proof
                        .verify_with_min_values(
                            &bp,
                            &pc,
                            &mut ZkpTranscript::new(),
                            &v,
                            &other,
                            n,
                            &mut r
                        )
                        .is_err(),
                    "{ctx}"
                );
                // Out of range: below the minimum, or at o + 2^n.
                let mut bad = values.clone();
                bad[j] = if mins[j] > 0 {
                    mins[j] - 1
                } else {
                    mins[j].saturating_add(max).saturating_add(1)
                };
                if bad[j] != values[j] && (bad[j] < mins[j] || bad[j] - mins[j] > max) {
                    assert_eq!(
                        RangeProof::prove_with_min_values(
                            &bp,
                            &pc,
                            &mut ZkpTranscript::new(),
                            &bad,
                            &mins,
                            &blindings,
                            n,
                            &mut r,
                        )
                        .unwrap_err(),
                        ProofError::ValueOutOfRange,
                        "{ctx}"
                    );
                }
            }
        }
    }

    /// The all-zero array is a statement of its own (hashed), and rewinding must be
    /// told about it (`Some(0)`, which secp256k1-zkp's rewind cannot express).
    #[test]
    fn zero_array_differs_from_none() {
        let (bp, pc) = (grin_generators(), PedersenGens::<Secp256k1>::default());
        let mut r = TestRng::seed_from_u64(52);
        let g = Secp256k1::scalar_random(&mut r);
        let nonce = [9u8; 32];
        let (proof, v) = RangeProof::prove_with_min_values(
            &bp,
            &pc,
            &mut ZkpTranscript::new().with_nonce(nonce),
            &[77],
            &[0],
            &[g],
            64,
            &mut r,
        )
        .expect("proves");
        let (plain, v2) = RangeProof::<Secp256k1, Zkp>::prove_single_with_rng(
            &bp,
            &pc,
            &mut ZkpTranscript::new().with_nonce(nonce),
            77,
            &g,
            64,
            &mut r,
        )
        .expect("proves");
        assert_eq!(v, [v2]);
        assert_ne!(proof.to_bytes(), plain.to_bytes());
        proof
            .verify_with_min_values(&bp, &pc, &mut ZkpTranscript::new(), &v, &[0], 64, &mut r)
            .expect("verifies");
        assert!(proof
            .verify_single_with_rng(&bp, &pc, &mut ZkpTranscript::new(), &v2, 64, &mut r)
            .is_err());
        let t = ZkpTranscript::new();
        let rw = proof
            .rewind_with_min_value(&pc, &t, &v2, Some(0), None, &nonce)
            .expect("rewinds with the array");
        assert_eq!((rw.value, rw.blinding), (77, g));
        assert_eq!(
            proof.rewind(&pc, &t, &v2, &nonce).unwrap_err(),
            ProofError::RewindError
        );
    }

    /// Bad inputs are typed errors: wrong lengths, minimum values beyond the width.
    #[test]
    fn bad_min_values_are_typed_errors() {
        let (bp, pc) = (grin_generators(), PedersenGens::<Secp256k1>::default());
        let mut r = TestRng::seed_from_u64(53);
        let g = [Secp256k1::scalar_random(&mut r)];
        let prove = |values: &[u64], mins: &[u64], n: usize, r: &mut TestRng| {
            RangeProof::prove_with_min_values(
                &bp,
                &pc,
                &mut ZkpTranscript::new(),
                values,
                mins,
                &g[..values.len().min(1)],
                n,
                r,
            )
            .map(|_| ())
        };
        assert_eq!(
            prove(&[5], &[], 64, &mut r),
            Err(ProofError::InvalidInputLength)
        );
        assert_eq!(
            prove(&[5], &[1, 2], 64, &mut r),
            Err(ProofError::InvalidInputLength)
        );
        assert_eq!(
            prove(&[300], &[256], 8, &mut r),
            Err(ProofError::InvalidMinValue)
        );
        assert_eq!(
            prove(&[4], &[5], 8, &mut r),
            Err(ProofError::ValueOutOfRange)
        );
        // v − o < 2^n with v >= 2^n: ballistic proves it (the C's prover aborts).
        assert_eq!(prove(&[300], &[255], 8, &mut r), Ok(()));
        let (proof, v) = RangeProof::<Secp256k1, Zkp>::prove_single_with_rng(
            &bp,
            &pc,
            &mut ZkpTranscript::new(),
            5,
            &g[0],
            8,
            &mut r,
        )
        .expect("proves");
        for (mins, err) in [
            (&[][..], ProofError::InvalidInputLength),
            (&[1, 2][..], ProofError::InvalidInputLength),
            (&[256][..], ProofError::InvalidMinValue),
        ] {
            assert_eq!(
                proof.verify_with_min_values(
                    &bp,
                    &pc,
                    &mut ZkpTranscript::new(),
                    &[v],
                    mins,
                    8,
                    &mut r
                ),
                Err(err)
            );
        }
    }
}
