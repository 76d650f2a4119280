//! 1 vs 2 threads with the `parallel` feature (distinct random inputs per proof):
//!
//! ```text
//! RAYON_NUM_THREADS=1 cargo run --release -p bench --features parallel --bin threads
//! RAYON_NUM_THREADS=2 cargo run --release -p bench --features parallel --bin threads
//! ```
//! Prints the best of three runs for: prove (n = 64, m = 1 and 8), a batch of 512
//! single 64-bit proofs (already parsed; added
//! by `add_many`, which replays the transcripts on all threads; `add_many` and
//! `verify` also timed apart), and one verification of n = 64, m = 8.

use ballistic::merlin::Transcript;
use ballistic::ristretto::*;
use rand::Rng;
use std::time::Instant;
fn main() {
    let mut rng = rand::thread_rng();
    let pc = PedersenGens::default();
    for (n, m, iters) in [(64usize, 1usize, 40usize), (64, 8, 6)] {
        let bp = BulletproofGens::new(n, m);
        let mut best = f64::MAX;
        for _ in 0..3 {
            let t = Instant::now();
            for _ in 0..iters {
                let v: Vec<u64> = (0..m).map(|_| rng.gen()).collect();
                let bl: Vec<Scalar> = (0..m).map(|_| random_scalar(&mut rng)).collect();
                RangeProof::prove_multiple(&bp, &pc, &mut Transcript::new(b"p"), &v, &bl, n)
                    .unwrap();
            }
            best = best.min(t.elapsed().as_secs_f64() / iters as f64);
        }
        println!("prove n={n} m={m}: {:.3} ms", best * 1e3);
    }
    let bp = BulletproofGens::new(64, 1);
    let proofs: Vec<_> = (0..512)
        .map(|_| {
            let bl = random_scalar(&mut rng);
            RangeProof::prove_single(&bp, &pc, &mut Transcript::new(b"b"), rng.gen(), &bl, 64)
                .unwrap()
        })
        .collect();
    let (mut best, mut best_add, mut best_verify) = (f64::MAX, f64::MAX, f64::MAX);
    for _ in 0..3 {
        let t = Instant::now();
        let mut batch = BatchVerifier::new(&bp);
        let items = proofs.iter().map(|(p, v)| BatchItem {
            proof: p,
            pc_gens: &pc,
            transcript: Transcript::new(b"b"),
            value_commitments: std::slice::from_ref(v),
            n: 64,
        });
        batch.add_many(items.collect());
        let added = t.elapsed().as_secs_f64();
        batch.verify(&mut rng).unwrap();
        let total = t.elapsed().as_secs_f64();
        best = best.min(total);
        best_add = best_add.min(added);
        best_verify = best_verify.min(total - added);
    }
    println!(
        "batch 512 x (64,1): {:.1} us per proof (add_many {:.1}, verify {:.1})",
        best * 1e6 / 512.0,
        best_add * 1e6 / 512.0,
        best_verify * 1e6 / 512.0
    );
    let bp8 = BulletproofGens::new(64, 8);
    let (p, vs) = RangeProof::prove_multiple(
        &bp8,
        &pc,
        &mut Transcript::new(b"v"),
        &[1; 8],
        &[Scalar::ONE; 8],
        64,
    )
    .unwrap();
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        for _ in 0..10 {
            p.verify_multiple(&bp8, &pc, &mut Transcript::new(b"v"), &vs, 64)
                .unwrap();
        }
        best = best.min(t.elapsed().as_secs_f64() / 10.0);
    }
    println!("verify n=64 m=8: {:.3} ms", best * 1e3);
}
