//! Side-by-side R1CS benchmarks: ballistic vs dalek's `bulletproofs` 4.0.0
//! (`yoloproofs`), on dalek's k-shuffle.
//!
//! Both sides run the same gadget source (`interop::r1cs_gadgets`, one macro expanded
//! against each crate) in the same process and the same `cargo bench` invocation.
//! Benchmark ids are `r1cs_shuffle_{prove,verify}/k{k}/{ballistic,dalek}`, which
//! `crates/bench/bench_ratios.py` pairs up into a table.
//!
//! * Shapes: `k ∈ {32, 256, 1024}` (`2(k − 1)` multipliers, padded to 64, 512 and
//!   2048). `BENCH_QUICK=1` restricts to `k ∈ {32, 256}`.
//! * Transcript: dalek's benchmark's, `ShuffleBenchmark`, then `dom-sep` =
//!   `ShuffleProof` and `k`; inputs committed first, then outputs.
//! * Generators: `BulletproofGens::new(2048, 1)` and the default Pedersen bases on each
//!   side, built once, outside the timing loops (2048 = the padded `2(k − 1)` of
//!   `k = 1024`).
//! * `prove`: a pool of `PROVE_POOL` distinct instances per `k` (random 64-bit inputs, a
//!   fresh random permutation of them as outputs, random blindings; the same instances
//!   on both sides), built before timing and cycled, so no two consecutive iterations
//!   prove the same statement. Each iteration builds the prover, commits the `2k`
//!   values, runs the gadget and proves. Both provers draw their own randomness
//!   (ballistic from the operating system, dalek from `thread_rng`), once per proof.
//! * `verify`: a pool of `VERIFY_POOL` distinct proofs per `k` and per side, each
//!   checked (untimed) to verify on the other side too. Each iteration parses the proof
//!   bytes, builds the verifier over the `2k` commitments, runs the gadget and verifies:
//!   ballistic decompresses and validates the proof points in `from_bytes`, dalek during
//!   `verify`, so `from_bytes + verify` compares the same work.
//!
//! Backends: ballistic runs its own ristretto255 engine with the AVX2 lanes (detected
//! at run time) in a default build; its AVX-512 IFMA lanes are compiled only with
//! `-C target-feature=+avx512ifma,+avx512vl`. dalek's 4.0.0 runs on curve25519-dalek-ng
//! with `u64_backend` (serial, 64-bit limbs), the fastest of its backends that builds on
//! a stable compiler: its `simd_backend` (AVX2) needs a nightly compiler and the
//! `stdsimd` feature, which nightly compilers no longer have.
//!
//! Run: `nice -n 19 cargo bench -p interop --bench r1cs -- --noplot` (about 10 minutes
//! on 2 cores), then `python3 crates/bench/bench_ratios.py --max-age-min 60`.

use std::cell::OnceCell;
use std::time::Duration;

use ballistic::ristretto::{self as ristretto, r1cs as ours_r1cs};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use interop::bulletproofs4::r1cs as dalek_r1cs;
use interop::curve25519_dalek_ng::ristretto::CompressedRistretto as CompressedNg;
use interop::curve25519_dalek_ng::scalar::Scalar as ScalarNg;
use interop::r1cs_gadgets::{dalek4, ours, SHUFFLE_BENCH_LABEL};
use interop::{commitments_from_ng, commitments_to_ng, random_blindings, scalar_to_ng, R1csGens};
use rand::seq::SliceRandom;
use rand::Rng;

/// Generator capacity of both sides: the padded multiplier count of the largest `k`.
const GENS_CAPACITY: usize = 2048;
/// Distinct instances per `k` in the proving pools.
const PROVE_POOL: usize = 16;
/// Distinct proofs per `k` and per side in the verification pools.
const VERIFY_POOL: usize = 8;

fn shuffle_sizes() -> Vec<usize> {
    if std::env::var("BENCH_QUICK").is_ok_and(|v| v == "1") {
        vec![32, 256]
    } else {
        vec![32, 256, 1024]
    }
}

/// Both sides' generators, built once, with the benchmarks' routines.
struct Gens(R1csGens);

/// One shuffle statement and its witness, in both scalar types (the same values).
struct Instance {
    ours_input: Vec<ristretto::Scalar>,
    ours_output: Vec<ristretto::Scalar>,
    ours_blindings: Vec<ristretto::Scalar>,
    dalek_input: Vec<ScalarNg>,
    dalek_output: Vec<ScalarNg>,
    dalek_blindings: Vec<ScalarNg>,
}

impl Instance {
    /// Random 64-bit inputs, a fresh random permutation of them as outputs and `2k`
    /// random blindings.
    fn random(k: usize) -> Self {
        let mut rng = rand::thread_rng();
        let input: Vec<u64> = (0..k).map(|_| rng.gen()).collect();
        let mut output = input.clone();
        output.shuffle(&mut rng);
        let (ours_blindings, _) = random_blindings(&mut rng, 2 * k);
        let ours_input: Vec<ristretto::Scalar> = input.iter().map(|v| (*v).into()).collect();
        let ours_output: Vec<ristretto::Scalar> = output.iter().map(|v| (*v).into()).collect();
        let ng = |s: &[ristretto::Scalar]| s.iter().map(scalar_to_ng).collect::<Vec<_>>();
        Instance {
            dalek_input: ng(&ours_input),
            dalek_output: ng(&ours_output),
            dalek_blindings: ng(&ours_blindings),
            ours_input,
            ours_output,
            ours_blindings,
        }
    }
}

impl Gens {
    fn new() -> Self {
        Gens(R1csGens::new(GENS_CAPACITY))
    }

    fn prove_ours(
        &self,
        i: &Instance,
    ) -> (ours_r1cs::R1CSProof, Vec<ristretto::CompressedRistretto>) {
        let (proof, coms, _) = ours::prove_shuffle(
            &self.0.ours_pc,
            &self.0.ours_bp,
            SHUFFLE_BENCH_LABEL,
            &i.ours_input,
            &i.ours_output,
            &i.ours_blindings,
        )
        .expect("ballistic proves");
        (proof, coms)
    }

    fn prove_dalek(&self, i: &Instance) -> (dalek_r1cs::R1CSProof, Vec<CompressedNg>) {
        let (proof, coms, _) = dalek4::prove_shuffle(
            &self.0.dalek_pc,
            &self.0.dalek_bp,
            SHUFFLE_BENCH_LABEL,
            &i.dalek_input,
            &i.dalek_output,
            &i.dalek_blindings,
        )
        .expect("dalek proves");
        (proof, coms)
    }

    /// Parses and verifies ballistic-format bytes with ballistic.
    fn verify_ours(&self, bytes: &[u8], coms: &[ristretto::CompressedRistretto]) {
        let proof = ours_r1cs::R1CSProof::from_bytes(bytes).expect("ballistic parses the proof");
        ours::verify_shuffle(
            &self.0.ours_pc,
            &self.0.ours_bp,
            SHUFFLE_BENCH_LABEL,
            &proof,
            coms,
        )
        .expect("ballistic verifies the proof");
    }

    /// Parses and verifies the bytes with dalek's crate.
    fn verify_dalek(&self, bytes: &[u8], coms: &[CompressedNg]) {
        let proof = dalek_r1cs::R1CSProof::from_bytes(bytes).expect("dalek parses the proof");
        dalek4::verify_shuffle(
            &self.0.dalek_pc,
            &self.0.dalek_bp,
            SHUFFLE_BENCH_LABEL,
            &proof,
            coms,
        )
        .expect("dalek verifies the proof");
    }

    /// `VERIFY_POOL` distinct proofs made by ballistic, each verified (untimed) by
    /// both sides.
    fn ours_pool(&self, k: usize) -> Vec<(Vec<u8>, Vec<ristretto::CompressedRistretto>)> {
        (0..VERIFY_POOL)
            .map(|_| {
                let (proof, coms) = self.prove_ours(&Instance::random(k));
                let bytes = proof.to_bytes();
                self.verify_ours(&bytes, &coms);
                self.verify_dalek(&bytes, &commitments_to_ng(&coms));
                (bytes, coms)
            })
            .collect()
    }

    /// `VERIFY_POOL` distinct proofs made by dalek's crate, each verified (untimed) by
    /// both sides.
    fn dalek_pool(&self, k: usize) -> Vec<(Vec<u8>, Vec<CompressedNg>)> {
        (0..VERIFY_POOL)
            .map(|_| {
                let (proof, coms) = self.prove_dalek(&Instance::random(k));
                let bytes = proof.to_bytes();
                self.verify_dalek(&bytes, &coms);
                self.verify_ours(&bytes, &commitments_from_ng(&coms));
                (bytes, coms)
            })
            .collect()
    }
}

fn r1cs_shuffle(c: &mut Criterion) {
    let gens = Gens::new();
    let sizes = shuffle_sizes();

    let mut group = c.benchmark_group("r1cs_shuffle_prove");
    group.sampling_mode(SamplingMode::Flat);
    for &k in &sizes {
        let pool: Vec<Instance> = (0..PROVE_POOL).map(|_| Instance::random(k)).collect();
        // One untimed proof per side: ballistic builds its lazily cached generator
        // tables for this padded length here (a one-time cost per BulletproofGens), and
        // both warm the CPU caches.
        let (proof, coms) = gens.prove_ours(&pool[0]);
        gens.verify_dalek(&proof.to_bytes(), &commitments_to_ng(&coms));
        let (proof, coms) = gens.prove_dalek(&pool[0]);
        gens.verify_ours(&proof.to_bytes(), &commitments_from_ng(&coms));

        let id = format!("k{k}");
        group.bench_function(BenchmarkId::new(&id, "ballistic"), |b| {
            let mut next = 0usize;
            b.iter(|| {
                let instance = &pool[next % pool.len()];
                next += 1;
                gens.prove_ours(instance)
            })
        });
        group.bench_function(BenchmarkId::new(&id, "dalek"), |b| {
            let mut next = 0usize;
            b.iter(|| {
                let instance = &pool[next % pool.len()];
                next += 1;
                gens.prove_dalek(instance)
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("r1cs_shuffle_verify");
    group.sampling_mode(SamplingMode::Flat);
    for &k in &sizes {
        // Pools are built on first use (a filtered run builds only what it needs),
        // outside `b.iter`, hence untimed.
        let ours_pool = OnceCell::new();
        let dalek_pool = OnceCell::new();
        let id = format!("k{k}");
        group.bench_function(BenchmarkId::new(&id, "ballistic"), |b| {
            let pool = ours_pool.get_or_init(|| gens.ours_pool(k));
            let mut next = 0usize;
            b.iter(|| {
                let (bytes, coms) = &pool[next % pool.len()];
                next += 1;
                gens.verify_ours(bytes, coms)
            })
        });
        group.bench_function(BenchmarkId::new(&id, "dalek"), |b| {
            let pool = dalek_pool.get_or_init(|| gens.dalek_pool(k));
            let mut next = 0usize;
            b.iter(|| {
                let (bytes, coms) = &pool[next % pool.len()];
                next += 1;
                gens.verify_dalek(bytes, coms)
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = r1cs_shuffle
}
criterion_main!(benches);
