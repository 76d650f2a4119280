//! Where the time goes: phase timings of batch verification and of one point
//! decompression, with distinct random proofs (so BENCHMARKS.md's phase figures are
//! reproducible):
//!
//! ```text
//! cargo run --release -p bench --bin profile
//! RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR=target/ifma \
//!   cargo run --release -p bench --bin profile
//! ```
//! Prints the time of proving (n = 64, m = 1 and 8, fresh values and blindings) and
//! of one verification (n = 64, distinct parsed proofs); then, per proof of a batch
//! of 1024 single 64-bit proofs: `from_bytes` (with the
//! lane decompression of the 16 proof points), `BatchVerifier::add` (transcript
//! replay and scalars) and `verify` (commitment decompression, one multiscalar
//! multiplication); then the cost of decompressing one point, serially
//! (curve25519-dalek) and in lanes. Best of three for every figure.
//! `profile prove|single|add|verify` runs only that phase (`add`, `verify`: 30
//! times, for `perf record`; `prove M`: only `m = M`); `profile agg M` verifies 16 distinct proofs of
//! `n = 64` and `M` values over and over (for `perf record` of aggregated
//! verification) and prints the time per verification.

use ballistic::curve::Curve;
use ballistic::merlin::Transcript;
use ballistic::ristretto::*;
use rand::Rng;
use std::time::Instant;

fn best_of_three(mut f: impl FnMut() -> f64) -> f64 {
    (0..3).map(|_| f()).fold(f64::MAX, f64::min)
}

fn main() {
    let mut rng = rand::thread_rng();
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(64, 1);
    // `profile prove|single|add|verify` runs or repeats one phase (for `perf record`).
    let phase = std::env::args().nth(1).unwrap_or_default();
    // Proving (fresh values and blindings every proof).
    let prove_m: Option<usize> = std::env::args().nth(2).and_then(|a| a.parse().ok());
    let prove_rounds: Vec<(usize, usize)> = match (phase.as_str(), prove_m) {
        ("prove", Some(m)) => vec![(m, (96 / m).max(4))],
        ("" | "prove", None) => vec![(1, 100), (8, 12)],
        _ => vec![],
    };
    for &(m, iters) in &prove_rounds {
        let bpm = BulletproofGens::new(64, m);
        let t = best_of_three(|| {
            let t = Instant::now();
            for _ in 0..iters {
                let v: Vec<u64> = (0..m).map(|_| rng.gen()).collect();
                let bl: Vec<Scalar> = (0..m).map(|_| random_scalar(&mut rng)).collect();
                std::hint::black_box(
                    RangeProof::prove_multiple(&bpm, &pc, &mut Transcript::new(b"p"), &v, &bl, 64)
                        .expect("proves"),
                );
            }
            t.elapsed().as_secs_f64() / iters as f64
        });
        println!("prove n = 64, m = {m}: {:.3} ms", t * 1e3);
    }
    if phase == "prove" {
        return;
    }
    if phase == "agg" {
        let m: usize = std::env::args()
            .nth(2)
            .and_then(|a| a.parse().ok())
            .unwrap_or(8);
        let bpm = BulletproofGens::new(64, m);
        let pool: Vec<(RangeProof, Vec<CompressedRistretto>)> = (0..16)
            .map(|_| {
                let v: Vec<u64> = (0..m).map(|_| rng.gen()).collect();
                let bl: Vec<Scalar> = (0..m).map(|_| random_scalar(&mut rng)).collect();
                RangeProof::prove_multiple(&bpm, &pc, &mut Transcript::new(b"agg"), &v, &bl, 64)
                    .expect("proves")
            })
            .collect();
        let iters = (4096 / m).max(64);
        for _ in 0..3 {
            let t = Instant::now();
            for (p, v) in pool.iter().cycle().take(iters) {
                p.verify_multiple(&bpm, &pc, &mut Transcript::new(b"agg"), v, 64)
                    .expect("verifies");
            }
            let per = t.elapsed().as_secs_f64() / iters as f64;
            println!("verify n = 64, m = {m}: {:.1} us", per * 1e6);
        }
        return;
    }
    const K: usize = 1024;
    let proofs: Vec<(Vec<u8>, CompressedRistretto)> = (0..K)
        .map(|_| {
            let bl = random_scalar(&mut rng);
            let (p, v) = RangeProof::prove_single(
                &bp,
                &pc,
                &mut Transcript::new(b"profile"),
                rng.gen(),
                &bl,
                64,
            )
            .expect("proves");
            (p.to_bytes(), v)
        })
        .collect();
    let us = |secs: f64| secs * 1e6 / K as f64;
    let parse = best_of_three(|| {
        let t = Instant::now();
        for (b, _) in &proofs {
            std::hint::black_box(RangeProof::from_bytes(b).expect("parses"));
        }
        t.elapsed().as_secs_f64()
    });
    let parsed: Vec<RangeProof> = proofs
        .iter()
        .map(|(b, _)| RangeProof::from_bytes(b).expect("parses"))
        .collect();
    // Single verification, one proof after the other (distinct proofs).
    if phase.is_empty() || phase == "single" {
        let one = best_of_three(|| {
            let t = Instant::now();
            for (p, (_, v)) in parsed.iter().zip(&proofs).take(256) {
                p.verify_single(&bp, &pc, &mut Transcript::new(b"profile"), v, 64)
                    .expect("verifies");
            }
            t.elapsed().as_secs_f64() / 256.0
        });
        println!("verify_single (n = 64), parsed proofs: {:.1} us", one * 1e6);
        if phase == "single" {
            return;
        }
    }
    let rounds = if phase.is_empty() { 3 } else { 30 };
    let (mut add, mut verify) = (f64::MAX, f64::MAX);
    for _ in 0..rounds {
        let t = Instant::now();
        let mut batch = BatchVerifier::new(&bp);
        for (p, (_, v)) in parsed.iter().zip(&proofs) {
            batch.add(p, &pc, &mut Transcript::new(b"profile"), &[*v], 64);
        }
        add = add.min(t.elapsed().as_secs_f64());
        if phase == "add" {
            continue;
        }
        let t = Instant::now();
        batch.verify(&mut rng).expect("verifies");
        verify = verify.min(t.elapsed().as_secs_f64());
    }
    println!("batch of {K} x (n = 64, m = 1), per proof:");
    println!("  from_bytes  {:7.2} us", us(parse));
    println!("  add         {:7.2} us", us(add));
    println!("  verify      {:7.2} us", us(verify));
    println!("  total       {:7.2} us", us(parse + add + verify));

    // Decompression of one point: serial (curve25519-dalek) and in lanes (ballistic).
    let encodings: Vec<CompressedRistretto> = parsed
        .iter()
        .flat_map(|p| {
            let b = p.to_bytes();
            (0..4).map(move |i| CompressedRistretto::from_slice(&b[32 * i..32 * i + 32]).unwrap())
        })
        .collect();
    let serial = best_of_three(|| {
        let t = Instant::now();
        for e in &encodings {
            std::hint::black_box(e.decompress().expect("valid"));
        }
        t.elapsed().as_secs_f64()
    });
    let lanes = best_of_three(|| {
        let t = Instant::now();
        std::hint::black_box(Ristretto::decode_batch_vartime(&encodings).expect("valid"));
        t.elapsed().as_secs_f64()
    });
    let per = |s: f64| s * 1e9 / encodings.len() as f64;
    println!("decompression, per point ({} points):", encodings.len());
    println!("  serial (curve25519-dalek) {:7.0} ns", per(serial));
    println!("  lanes (ballistic)         {:7.0} ns", per(lanes));
}
