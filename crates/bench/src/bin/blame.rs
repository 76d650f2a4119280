//! The cost of blame: a batch of 1,024 single 64-bit proofs with 0, 1, 10 and 1,024
//! invalid ones (at random positions; invalid = checked against another proof's
//! commitment), each timed against the clean batch of the same proofs. Every round
//! proves a new set of proofs (new values, blindings and commitments).
//!
//! ```text
//! cargo run --release -p bench --bin blame [ROUNDS]
//! ```

use std::time::Instant;

use ballistic::merlin::Transcript;
use ballistic::ristretto::*;
use rand::seq::SliceRandom;
use rand::Rng;

const K: usize = 1024;

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2);
    let bp = BulletproofGens::new(64, 1);
    let pc = PedersenGens::default();
    let mut rng = rand::thread_rng();
    bp.precompute_verifier(64, 1).expect("64-bit shape");
    println!("blame: {K} single 64-bit proofs, best of {rounds} rounds (new proofs each round)");
    let mut best = [f64::INFINITY; 4];
    for _ in 0..rounds {
        let proofs: Vec<(RangeProof, CompressedRistretto)> = (0..K)
            .map(|_| {
                let v: u64 = rng.gen();
                RangeProof::prove_single_with_rng(
                    &bp,
                    &pc,
                    &mut Transcript::new(b"blame"),
                    v,
                    &random_scalar(&mut rng),
                    64,
                    &mut rng,
                )
                .expect("prove")
            })
            .collect();
        for (slot, bad) in [0usize, 1, 10, K].into_iter().enumerate() {
            let mut order: Vec<usize> = (0..K).collect();
            order.shuffle(&mut rng);
            let mut invalid = order[..bad].to_vec();
            invalid.sort_unstable();
            let mut batch = BatchVerifier::new(&bp);
            for (i, (p, v)) in proofs.iter().enumerate() {
                let v = if invalid.binary_search(&i).is_ok() {
                    proofs[(i + 1) % K].1
                } else {
                    *v
                };
                batch.add(p, &pc, &mut Transcript::new(b"blame"), &[v], 64);
            }
            let t = Instant::now();
            let found = match batch.verify(&mut rng) {
                Ok(()) => Vec::new(),
                Err(e) => e.invalid_indices(),
            };
            let ms = t.elapsed().as_secs_f64() * 1e3;
            assert_eq!(found, invalid, "blame named the wrong proofs");
            best[slot] = best[slot].min(ms);
        }
    }
    for (slot, bad) in [0usize, 1, 10, K].into_iter().enumerate() {
        println!(
            "{bad:>5} invalid: {:8.1} ms  ({:5.2}x the clean batch)",
            best[slot],
            best[slot] / best[0]
        );
    }
}
