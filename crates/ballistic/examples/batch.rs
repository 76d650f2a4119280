//! A node verifies the range proofs of a block in one batch: proofs of different
//! shapes and protocols (Bulletproofs in dalek's format and Bulletproofs+ with a
//! minimum value) in one multiscalar multiplication; the batch names the proof that
//! fails.
//!
//! ```text
//! cargo run --release -p ballistic --example batch
//! ```

use ballistic::merlin::Transcript;
use ballistic::ristretto::bp_plus::{pedersen_gens, Opening, RangeProofPlus};
use ballistic::ristretto::{
    random_scalar, BatchVerifier, BulletproofGens, PedersenGens, RangeProof,
};

fn main() -> Result<(), ballistic::ProofError> {
    let bp_gens = BulletproofGens::new(64, 8);
    let (pc_gens, pc_plus) = (PedersenGens::default(), pedersen_gens(1)?);
    let mut rng = rand::thread_rng();

    // The block: 16 single-output proofs, 4 proofs of 8 outputs, 4 Bulletproofs+
    // proofs that an amount is at least 1,000.
    let mut singles = Vec::new();
    for i in 0..16u64 {
        let blinding = random_scalar(&mut rng);
        singles.push(RangeProof::prove_single_with_rng(
            &bp_gens,
            &pc_gens,
            &mut Transcript::new(b"block"),
            1_000 + i,
            &blinding,
            64,
            &mut rng,
        )?);
    }
    let mut aggregates = Vec::new();
    for i in 0..4u64 {
        let amounts: Vec<u64> = (0..8).map(|j| i * 100 + j).collect();
        let blindings: Vec<_> = (0..8).map(|_| random_scalar(&mut rng)).collect();
        aggregates.push(RangeProof::prove_multiple_with_rng(
            &bp_gens,
            &pc_gens,
            &mut Transcript::new(b"block"),
            &amounts,
            &blindings,
            64,
            &mut rng,
        )?);
    }
    let mut plus = Vec::new();
    for i in 0..4u64 {
        let mask = [random_scalar(&mut rng)];
        plus.push(RangeProofPlus::prove(
            &bp_gens,
            &pc_plus,
            &mut Transcript::new(b"block"),
            &[Opening::new(5_000 + i, &mask)],
            &[1_000],
            64,
            &mut rng,
        )?);
    }

    // The node: every proof into one batch; one statement is wrong (a single proof
    // checked against another proof's commitment).
    let mut batch = BatchVerifier::new(&bp_gens);
    for (k, (proof, commitment)) in singles.iter().enumerate() {
        let commitment = if k == 11 { &singles[3].1 } else { commitment };
        batch.add(
            proof,
            &pc_gens,
            &mut Transcript::new(b"block"),
            &[*commitment],
            64,
        );
    }
    for (proof, commitments) in &aggregates {
        batch.add(
            proof,
            &pc_gens,
            &mut Transcript::new(b"block"),
            commitments,
            64,
        );
    }
    for (proof, commitments) in &plus {
        batch.add_plus(
            proof,
            &pc_plus,
            &mut Transcript::new(b"block"),
            commitments,
            &[1_000],
            64,
        );
    }
    let started = std::time::Instant::now();
    let verdict = batch.verify(&mut rng);
    println!(
        "{} proofs in one batch: {:?}",
        batch.len(),
        started.elapsed()
    );
    match verdict {
        Ok(()) => println!("all valid"),
        Err(e) => println!("invalid: {:?}", e.invalid_indices()),
    }
    Ok(())
}
