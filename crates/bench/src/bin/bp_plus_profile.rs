//! Where the Bulletproofs+ time goes: repeated proving or verification of distinct
//! random proofs on ristretto255, for `perf record` and quick timings:
//!
//! ```text
//! cargo run --release -p bench --bin bp_plus_profile -- prove 64 1 [reps]
//! cargo run --release -p bench --bin bp_plus_profile -- verify 64 8 [reps]
//! ```
//! Prints the median time per proof over `reps` (default 200) runs, each with a fresh
//! value and fresh masks (degree 1, no minimum values).

use ballistic::merlin::Transcript;
use ballistic::ristretto::bp_plus::{pedersen_gens, Opening, RangeProofPlus};
use ballistic::ristretto::{random_scalar, BulletproofGens, CompressedRistretto, Scalar};
use rand::Rng;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let phase = args.get(1).map_or("prove", String::as_str);
    let n: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(64);
    let m: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let reps: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(200);
    let mut rng = rand::thread_rng();
    let bp = BulletproofGens::new(n, m);
    let pc = pedersen_gens(1).expect("degree 1");
    let make = |rng: &mut rand::rngs::ThreadRng| {
        let values: Vec<u64> = (0..m).map(|_| rng.gen::<u64>() >> (64 - n)).collect();
        let masks: Vec<Scalar> = (0..m).map(|_| random_scalar(rng)).collect();
        let openings: Vec<Opening<'_>> = (0..m)
            .map(|j| Opening::new(values[j], &masks[j..j + 1]))
            .collect();
        RangeProofPlus::prove(
            &bp,
            &pc,
            &mut Transcript::new(b"profile"),
            &openings,
            &[],
            n,
            rng,
        )
        .expect("proves")
    };
    let mut times = Vec::with_capacity(reps);
    match phase {
        "verify" => {
            bp.precompute_verifier(n, m).expect("tables");
            let pool: Vec<(RangeProofPlus, Vec<CompressedRistretto>)> =
                (0..16).map(|_| make(&mut rng)).collect();
            for k in 0..reps {
                let (p, v) = &pool[k % pool.len()];
                let t = Instant::now();
                p.verify(
                    &bp,
                    &pc,
                    &mut Transcript::new(b"profile"),
                    v,
                    &[],
                    n,
                    &mut rng,
                )
                .expect("verifies");
                times.push(t.elapsed().as_secs_f64());
            }
        }
        _ => {
            for _ in 0..reps {
                let t = Instant::now();
                std::hint::black_box(make(&mut rng));
                times.push(t.elapsed().as_secs_f64());
            }
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{phase} n={n} m={m}: median {:.1} µs over {reps}",
        times[reps / 2] * 1e6
    );
}
