//! SHA-256 compression proofs, ballistic vs dalek's `bulletproofs` 4.0.0
//! (`yoloproofs`), on the same gadget: `ballistic::gadgets::sha256`'s
//! `compression_gadget`, run on ballistic's prover and verifier directly and on
//! dalek's through the `interop::dalek_cs` adapter, in the same process and the same
//! `cargo bench` invocation.
//!
//! Benchmark ids `sha256_{synthesize,prove,verify,batch16}/compression/{ballistic,dalek}`
//! (`crates/bench/bench_ratios.py` pairs them into a table):
//!
//! * Statement: "I know a 64-byte block whose compression from SHA-256's IV is this
//!   digest", 25,997 multipliers padded to 2^15, no commitment; the transcript
//!   `interop sha256 bench` with the statement and the digest bound as ballistic's
//!   `prove_compression` binds them. Generators: `BulletproofGens::new(1 << 15, 1)`
//!   and the default Pedersen bases on each side, built once, outside the timings.
//! * `synthesize`: the verifier's constraint system only (binding, `Verifier::new`,
//!   the gadget), no check: the cost of building the circuit, which for dalek includes
//!   the adapter's conversions (every coefficient crosses from curve25519-dalek 5 to
//!   curve25519-dalek-ng through its bytes).
//! * `prove`: a pool of `POOL` distinct random blocks, cycled; each iteration binds the
//!   digest, builds the prover, runs the gadget and proves (the same blocks on both
//!   sides). ballistic draws its randomness from `thread_rng`, dalek's prover from its
//!   own `thread_rng`.
//! * `verify`: a pool of `POOL` distinct proofs made before timing, cycled: even
//!   entries proved by ballistic, odd ones by dalek (the proofs are the same format, so
//!   each side verifies both crates' proofs). Each iteration parses the proof bytes,
//!   builds the verifier and verifies: ballistic decompresses and validates the
//!   points in `from_bytes`, dalek during `verify`, so `from_bytes + verify` is the
//!   same work on both sides.
//! * `batch16`: the `POOL = 16` proofs at once: ballistic parses them, builds 16
//!   verifiers (`compression_verifier_for_proof`), adds them to an
//!   `r1cs::BatchVerifier` and checks it (one multiscalar multiplication); dalek's
//!   crate has no R1CS batch verification, so its iteration is 16 single
//!   verifications (`from_bytes + verify` each).
//!
//! Every timed verification is checked to succeed (`expect`), so every pool proof is
//! verified by both crates.
//!
//! Sampling: flat, 10 samples (criterion's minimum), 1 s warm-up (one iteration for
//! the slow routines). A proof takes seconds, so each benchmark's measurement window
//! is set from one untimed run of the same routine to one iteration per sample
//! (`0.9 · SAMPLES · t`, at least 3 s; criterion warns that the samples do not fit the
//! window and completes them): about 11 iterations per benchmark in all.
//!
//! Backends: as `benches/r1cs.rs` (ballistic: its own ristretto255 engine, IFMA or
//! AVX2 lanes chosen at run time, single-threaded without the `parallel` feature; dalek: its
//! 4.0.0 on curve25519-dalek-ng `u64_backend`, serial).
//!
//! Run: `nice -n 19 cargo bench -p interop --bench sha256 -- --noplot`, then
//! `python3 crates/bench/bench_ratios.py --max-age-min 60`.

use std::cell::OnceCell;
use std::time::{Duration, Instant};

use ballistic::curve::ristretto::Ristretto;
use ballistic::gadgets::sha256;
use ballistic::merlin::Transcript;
use ballistic::r1cs::{BatchVerifier, R1CSProof};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use interop::bulletproofs4::r1cs as dalek_r1cs;
use interop::{dalek_cs, random_block, R1csGens};

/// Generator capacity on both sides: the circuit's multipliers padded to 2^15.
const GENS_CAPACITY: usize = 1 << 15;
/// Distinct blocks (proving) and distinct proofs (verification, the batch).
const POOL: usize = 16;
/// Samples per benchmark (criterion's minimum).
const SAMPLES: usize = 10;
const LABEL: &[u8] = b"interop sha256 bench";

/// Both sides' generators, built once, with the benchmarks' routines.
struct Gens(R1csGens);

/// A pool proof: its digest and bytes.
struct Item {
    digest: [u8; 32],
    proof: Vec<u8>,
}

impl Gens {
    fn new() -> Self {
        Gens(R1csGens::new(GENS_CAPACITY))
    }

    fn prove_ours(&self, block: &[u8; 64]) -> Item {
        let (proof, digest) = sha256::prove_compression(
            &self.0.ours_pc,
            &self.0.ours_bp,
            Transcript::new(LABEL),
            block,
            &mut rand::thread_rng(),
        )
        .expect("ballistic proves");
        Item {
            digest,
            proof: proof.to_bytes(),
        }
    }

    fn prove_dalek(&self, block: &[u8; 64]) -> Item {
        let (proof, digest) = dalek_cs::sha256::prove_compression(
            &self.0.dalek_pc,
            &self.0.dalek_bp,
            Transcript::new(LABEL),
            block,
        )
        .expect("dalek proves");
        Item {
            digest,
            proof: proof.to_bytes(),
        }
    }

    fn verify_ours(&self, item: &Item) {
        let proof = R1CSProof::<Ristretto>::from_bytes(&item.proof).expect("ballistic parses");
        sha256::verify_compression(
            &self.0.ours_pc,
            &self.0.ours_bp,
            Transcript::new(LABEL),
            &item.digest,
            &proof,
            &mut rand::thread_rng(),
        )
        .expect("ballistic verifies");
    }

    fn verify_dalek(&self, item: &Item) {
        let proof = dalek_r1cs::R1CSProof::from_bytes(&item.proof).expect("dalek parses");
        dalek_cs::sha256::verify_compression(
            &self.0.dalek_pc,
            &self.0.dalek_bp,
            Transcript::new(LABEL),
            &item.digest,
            &proof,
        )
        .expect("dalek verifies");
    }

    fn batch_ours(&self, items: &[Item]) {
        let mut batch = BatchVerifier::new(&self.0.ours_pc, &self.0.ours_bp);
        for item in items {
            let proof = R1CSProof::<Ristretto>::from_bytes(&item.proof).expect("ballistic parses");
            let verifier = sha256::compression_verifier_for_proof::<Ristretto>(
                Transcript::new(LABEL),
                &item.digest,
                &proof,
            )
            .expect("the verifier builds");
            batch.add(verifier, &proof);
        }
        batch
            .verify_with_rng(&mut rand::thread_rng())
            .expect("ballistic batch-verifies");
    }

    fn batch_dalek(&self, items: &[Item]) {
        for item in items {
            self.verify_dalek(item);
        }
    }
}

/// The measurement time for one iteration per sample of a routine that took `t`
/// once. Flat sampling runs `ceil(window / (SAMPLES · t_warm-up))` iterations per
/// sample, so the window is set just under `SAMPLES · t` (criterion then notes that
/// it cannot complete the samples in it, and runs them anyway); at least 3 s.
fn measurement_for(t: Duration) -> Duration {
    (t * SAMPLES as u32)
        .mul_f64(0.9)
        .max(Duration::from_secs(3))
}

/// Runs `f` once, untimed by criterion, and returns how long it took.
fn time_once(f: impl FnOnce()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn sha256_compression(c: &mut Criterion) {
    let gens = Gens::new();
    let blocks: Vec<[u8; 64]> = (0..POOL)
        .map(|_| random_block(&mut rand::thread_rng()))
        .collect();
    let digest = sha256::compress(&blocks[0]);

    let mut group = c.benchmark_group("sha256_synthesize");
    group.sampling_mode(SamplingMode::Flat);
    group.bench_function(BenchmarkId::new("compression", "ballistic"), |b| {
        b.iter(|| {
            sha256::compression_verifier::<Ristretto>(Transcript::new(LABEL), &digest)
                .expect("the verifier builds")
        })
    });
    group.bench_function(BenchmarkId::new("compression", "dalek"), |b| {
        b.iter(|| {
            dalek_cs::sha256::compression_verifier(Transcript::new(LABEL), &digest)
                .expect("the verifier builds")
        })
    });
    group.finish();

    let mut group = c.benchmark_group("sha256_prove");
    group.sampling_mode(SamplingMode::Flat);
    // One untimed proof per side, each verified by the other: ballistic builds its
    // lazily cached generator tables for 2^15 here, and the times set the
    // measurement windows.
    let mut item = None;
    let t = time_once(|| item = Some(gens.prove_ours(&blocks[0])));
    if let Some(item) = &item {
        gens.verify_dalek(item);
    }
    group.measurement_time(measurement_for(t));
    group.bench_function(BenchmarkId::new("compression", "ballistic"), |b| {
        let mut next = 0usize;
        b.iter(|| {
            let block = &blocks[next % POOL];
            next += 1;
            gens.prove_ours(block)
        })
    });
    let t = time_once(|| item = Some(gens.prove_dalek(&blocks[1])));
    if let Some(item) = &item {
        gens.verify_ours(item);
    }
    group.measurement_time(measurement_for(t));
    group.bench_function(BenchmarkId::new("compression", "dalek"), |b| {
        let mut next = 0usize;
        b.iter(|| {
            let block = &blocks[next % POOL];
            next += 1;
            gens.prove_dalek(block)
        })
    });
    group.finish();

    // The verification pool: even entries proved by ballistic, odd ones by dalek
    // (outside `b.iter`, hence untimed).
    let pool: OnceCell<Vec<Item>> = OnceCell::new();
    let pool = || {
        pool.get_or_init(|| {
            blocks
                .iter()
                .enumerate()
                .map(|(i, block)| {
                    if i % 2 == 0 {
                        gens.prove_ours(block)
                    } else {
                        gens.prove_dalek(block)
                    }
                })
                .collect()
        })
    };

    // Built here, before the first untimed verification below times itself.
    pool();
    let mut group = c.benchmark_group("sha256_verify");
    group.sampling_mode(SamplingMode::Flat);
    let t = time_once(|| gens.verify_ours(&pool()[1]));
    group.measurement_time(measurement_for(t));
    group.bench_function(BenchmarkId::new("compression", "ballistic"), |b| {
        let pool = pool();
        let mut next = 0usize;
        b.iter(|| {
            let item = &pool[next % POOL];
            next += 1;
            gens.verify_ours(item)
        })
    });
    let t = time_once(|| gens.verify_dalek(&pool()[0]));
    group.measurement_time(measurement_for(t));
    group.bench_function(BenchmarkId::new("compression", "dalek"), |b| {
        let pool = pool();
        let mut next = 0usize;
        b.iter(|| {
            let item = &pool[next % POOL];
            next += 1;
            gens.verify_dalek(item)
        })
    });
    group.finish();

    let mut group = c.benchmark_group("sha256_batch16");
    group.sampling_mode(SamplingMode::Flat);
    let t = time_once(|| gens.batch_ours(pool()));
    group.measurement_time(measurement_for(t));
    group.bench_function(BenchmarkId::new("compression", "ballistic"), |b| {
        let pool = pool();
        b.iter(|| gens.batch_ours(pool))
    });
    // dalek's batch is 16 single verifications: 16 times one of them sets its window
    // (no extra untimed batch of 16).
    let t_single = time_once(|| gens.verify_dalek(&pool()[0]));
    group.measurement_time(measurement_for(t_single * POOL as u32));
    group.bench_function(BenchmarkId::new("compression", "dalek"), |b| {
        let pool = pool();
        b.iter(|| gens.batch_dalek(pool))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(SAMPLES)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = sha256_compression
}
criterion_main!(benches);
