//! Where a SHA-256 compression proof's time goes: repeats one phase so that
//! `perf record` sees only it, and prints each repetition's time.
//!
//! ```text
//! cargo run --release -p bench --bin sha256_profile [prove|verify|batch|circuit] [reps]
//! ```
//! Every proof hashes a fresh random block; `batch` verifies 16 proofs in one
//! batch and prints the cost of each proof beyond the first.

use ballistic::gadgets::sha256;
use ballistic::merlin::Transcript;
use ballistic::r1cs::BatchVerifier;
use ballistic::ristretto::{BulletproofGens, PedersenGens};
use rand::RngCore;
use std::time::Instant;

fn main() {
    let phase = std::env::args().nth(1).unwrap_or_else(|| "verify".into());
    let reps: usize = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let mut rng = rand::thread_rng();
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(sha256::GENERATORS_CAPACITY, 1);
    let t = || Transcript::new(b"sha256 profile");
    let prove = |rng: &mut rand::rngs::ThreadRng| {
        let mut block = [0u8; 64];
        rng.fill_bytes(&mut block);
        sha256::prove_compression(&pc, &bp, t(), &block, rng).expect("prove")
    };
    match phase.as_str() {
        "prove" => {
            for _ in 0..reps {
                let start = Instant::now();
                std::hint::black_box(prove(&mut rng));
                println!("prove {:?}", start.elapsed());
            }
        }
        "verify" => {
            // One proof, verified `reps` times (`perf record -D` skips the proving).
            let (proof, digest) = prove(&mut rng);
            eprintln!("proved");
            for _ in 0..reps {
                let start = Instant::now();
                sha256::verify_compression(&pc, &bp, t(), &digest, &proof, &mut rng)
                    .expect("verify");
                println!("verify {:?}", start.elapsed());
            }
        }
        "batch" => {
            let proofs: Vec<_> = (0..16).map(|_| prove(&mut rng)).collect();
            for _ in 0..reps {
                let start = Instant::now();
                sha256::verify_compression(&pc, &bp, t(), &proofs[0].1, &proofs[0].0, &mut rng)
                    .expect("verify");
                let one = start.elapsed();
                let start = Instant::now();
                let mut b = BatchVerifier::new(&pc, &bp);
                let mut circuits = std::time::Duration::ZERO;
                for (proof, digest) in &proofs {
                    let built = Instant::now();
                    let verifier = sha256::compression_verifier_for_proof(t(), digest, proof)
                        .expect("verifier");
                    circuits += built.elapsed();
                    b.add(verifier, proof);
                }
                let added = start.elapsed();
                b.verify_with_rng(&mut rng).expect("batch");
                let all = start.elapsed();
                println!(
                    "one {one:?}, batch of 16 {all:?}, per extra proof {:?} (adding 16: {added:?}, \
                     of which building the circuits {circuits:?})",
                    all.saturating_sub(one) / 15
                );
            }
        }
        "circuit" => {
            // The verifier's constraint system alone (built once per proof).
            for _ in 0..reps {
                let start = Instant::now();
                std::hint::black_box(
                    sha256::compression_verifier::<ballistic::curve::ristretto::Ristretto>(
                        t(),
                        &[7u8; 32],
                    )
                    .expect("verifier"),
                );
                println!("verifier circuit {:?}", start.elapsed());
            }
        }
        other => panic!("unknown phase {other}"),
    }
}
