//! Code written against dalek's `bulletproofs` compiles against `ballistic::ristretto`
//! with only its imports changed.
//!
//! `user_code` below is dalek's README example and aggregated example, unchanged
//! except for the `use` lines (and one documented difference: curve25519-dalek 5's
//! `Scalar::random` takes a `rand_core` 0.10 RNG, so a blinding from `rand` 0.8 goes
//! through `ballistic::ristretto::random_scalar`).

#![allow(non_snake_case)]

mod user_code {
    // Was: use bulletproofs::{BulletproofGens, PedersenGens, RangeProof, ProofError};
    use ballistic::ristretto::{BulletproofGens, PedersenGens, ProofError, RangeProof};
    // Was: use curve25519_dalek::{ristretto::CompressedRistretto, scalar::Scalar};
    use ballistic::curve25519_dalek::{ristretto::CompressedRistretto, scalar::Scalar};
    // Was: use merlin::Transcript;
    use ballistic::merlin::Transcript;
    use rand::thread_rng;

    fn random_blinding() -> Scalar {
        // Was: Scalar::random(&mut thread_rng())
        ballistic::ristretto::random_scalar(&mut thread_rng())
    }

    pub fn single() -> Result<(), ProofError> {
        let pc_gens = PedersenGens::default();
        let bp_gens = BulletproofGens::new(64, 1);
        let secret_value = 1037578891u64;
        let blinding = random_blinding();
        let mut prover_transcript = Transcript::new(b"doctest example");
        let (proof, committed_value): (RangeProof, CompressedRistretto) = RangeProof::prove_single(
            &bp_gens,
            &pc_gens,
            &mut prover_transcript,
            secret_value,
            &blinding,
            32,
        )?;
        let mut verifier_transcript = Transcript::new(b"doctest example");
        proof.verify_single(
            &bp_gens,
            &pc_gens,
            &mut verifier_transcript,
            &committed_value,
            32,
        )
    }

    pub fn multiple() -> Result<(), ProofError> {
        let pc_gens = PedersenGens::default();
        let bp_gens = BulletproofGens::new(64, 16);
        let secrets = [4242344947u64, 3718732727u64, 2255562556u64, 2526146994u64];
        let blindings: Vec<_> = (0..4).map(|_| random_blinding()).collect();
        let mut prover_transcript = Transcript::new(b"doctest example");
        let (proof, commitments) = RangeProof::prove_multiple(
            &bp_gens,
            &pc_gens,
            &mut prover_transcript,
            &secrets,
            &blindings,
            32,
        )?;
        let bytes: Vec<u8> = proof.to_bytes();
        let proof = RangeProof::from_bytes(&bytes)?;
        let mut verifier_transcript = Transcript::new(b"doctest example");
        proof.verify_multiple_with_rng(
            &bp_gens,
            &pc_gens,
            &mut verifier_transcript,
            &commitments,
            32,
            &mut thread_rng(),
        )?;
        // dalek's public fields and helpers.
        assert_eq!(bp_gens.gens_capacity, 64);
        assert_eq!(bp_gens.party_capacity, 16);
        assert_eq!(bp_gens.share(3).G(32).count(), 32);
        let _commitment = pc_gens.commit(Scalar::from(secrets[0]), blindings[0]);
        let _b = pc_gens.B + pc_gens.B_blinding;
        let _copy: PedersenGens = pc_gens; // Copy
        let _clone: BulletproofGens = bp_gens.clone();
        Ok(())
    }
}

#[test]
fn dalek_examples_compile_and_run_against_ballistic() {
    user_code::single().expect("single");
    user_code::multiple().expect("multiple");
}
