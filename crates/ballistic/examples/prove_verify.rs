//! A wallet proves that three amounts fit in 64 bits with one aggregated range proof;
//! a node parses the bytes it receives and verifies them; a proof checked against
//! another statement fails.
//!
//! ```text
//! cargo run --release -p ballistic --example prove_verify
//! ```

use ballistic::merlin::Transcript;
use ballistic::ristretto::{
    random_scalar, BulletproofGens, CompressedRistretto, PedersenGens, RangeProof,
};

fn main() -> Result<(), ballistic::ProofError> {
    // Both sides agree on the generators (enough for up to 4 values of 64 bits) and
    // on the transcript label that names the application.
    let pc_gens = PedersenGens::default();
    let bp_gens = BulletproofGens::new(64, 4);
    const LABEL: &[u8] = b"example wallet: outputs";

    // The wallet: amounts and fresh random blindings, one proof for all three.
    let mut rng = rand::thread_rng();
    let amounts = [25_000_000u64, 1_250, 7];
    let blindings: Vec<_> = amounts.iter().map(|_| random_scalar(&mut rng)).collect();
    let (proof, commitments) = RangeProof::prove_multiple_with_rng(
        &bp_gens,
        &pc_gens,
        &mut Transcript::new(LABEL),
        &amounts,
        &blindings,
        64,
        &mut rng,
    )?;
    let wire: Vec<u8> = proof.to_bytes();
    let sent: Vec<[u8; 32]> = commitments.iter().map(|c| c.to_bytes()).collect();
    println!(
        "wallet: {} commitments of 32 bytes, one proof of {} bytes",
        sent.len(),
        wire.len()
    );

    // The node: strict parsing, then verification against the same statement.
    let proof = RangeProof::from_bytes(&wire)?;
    let commitments: Vec<CompressedRistretto> =
        sent.iter().map(|b| CompressedRistretto(*b)).collect();
    proof.verify_multiple(
        &bp_gens,
        &pc_gens,
        &mut Transcript::new(LABEL),
        &commitments,
        64,
    )?;
    println!("node: the proof verifies");

    // The same proof is no proof of a 32-bit range, nor under another label.
    let narrower = proof.verify_multiple(
        &bp_gens,
        &pc_gens,
        &mut Transcript::new(LABEL),
        &commitments,
        32,
    );
    let other_label = proof.verify_multiple(
        &bp_gens,
        &pc_gens,
        &mut Transcript::new(b"another application"),
        &commitments,
        64,
    );
    println!("node: as a 32-bit proof: {narrower:?}; under another label: {other_label:?}");
    assert!(narrower.is_err() && other_label.is_err());
    Ok(())
}
