//! Batch verification: ballistic's `BatchVerifier` against verifying the same proofs
//! one by one with dalek's `bulletproofs` (which has no batch API).
//!
//! Both sides verify the **same** pool of distinct proofs (made once, untimed, by
//! ballistic's prover; the shapes are dalek-compatible, so dalek accepts them, which
//! is asserted before timing). Every iteration parses every proof of a batch from
//! bytes, then verifies: ballistic adds all of them to one `BatchVerifier` and runs
//! one multiscalar multiplication; dalek verifies each. Criterion reports the time of
//! a whole batch; divide by the batch size for the per-proof figure.
//!
//! A pool holds at least `POOL_MIN` proofs: a batch smaller than that is one of
//! several distinct batches of the pool, cycled, so that no iteration verifies the
//! same proofs as the one before it. Pools are built on first use, so a filtered run
//! (`-- 'batch_verify/n64_m1_k(1|64)/'`) only builds what it measures.
//!
//! Ids: `batch_verify/n64_m1_k{1,4,16,64,256,1024}/{ballistic,dalek}` (time per proof
//! against the batch size: `crates/bench/plot.py`) and `batch_verify/n64_m8_k256`.
//! Run: `cargo bench -p interop --bench batch` (about 6 minutes; building the pools
//! takes much of it).

use std::cell::OnceCell;
use std::time::Duration;

use ballistic::merlin::Transcript;
use ballistic::ristretto as ours;
use bulletproofs as dalek;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use curve25519_dalek_v4::ristretto::CompressedRistretto as CompressedRistrettoV4;
use interop::{commitments_to_v4, random_blindings, random_value};

const LABEL: &[u8] = b"ballistic interop batch benchmark";
/// Shapes `(n, m, k)`: `k` proofs of `m` values of `n` bits per batch.
const SHAPES: [(usize, usize, usize); 7] = [
    (64, 1, 1),
    (64, 1, 4),
    (64, 1, 16),
    (64, 1, 64),
    (64, 1, 256),
    (64, 1, 1024),
    (64, 8, 256),
];
/// Distinct proofs in a pool at least (a multiple of every batch size below it).
const POOL_MIN: usize = 16;

struct Pool {
    n: usize,
    proofs: Vec<(Vec<u8>, Vec<ours::CompressedRistretto>)>,
    /// The same commitments in dalek's types.
    dalek_vs: Vec<Vec<CompressedRistrettoV4>>,
}

/// `k · ⌈POOL_MIN / k⌉` distinct proofs, so that the pool splits into whole batches.
fn make_pool(n: usize, m: usize, k: usize) -> Pool {
    let bp = ours::BulletproofGens::new(n, m);
    let pc = ours::PedersenGens::default();
    let dbp = dalek::BulletproofGens::new(n, m);
    let dpc = dalek::PedersenGens::default();
    let mut rng = rand::thread_rng();
    let proofs: Vec<_> = (0..k * POOL_MIN.div_ceil(k))
        .map(|_| {
            let values: Vec<u64> = (0..m).map(|_| random_value(&mut rng, n)).collect();
            let (blindings, _) = random_blindings(&mut rng, m);
            let (p, vs) = ours::RangeProof::prove_multiple_with_rng(
                &bp,
                &pc,
                &mut Transcript::new(LABEL),
                &values,
                &blindings,
                n,
                &mut rng,
            )
            .expect("ballistic proves");
            let bytes = p.to_bytes();
            dalek::RangeProof::from_bytes(&bytes)
                .expect("dalek parses")
                .verify_multiple(
                    &dbp,
                    &dpc,
                    &mut Transcript::new(LABEL),
                    &commitments_to_v4(&vs),
                    n,
                )
                .expect("dalek accepts the proof");
            (bytes, vs)
        })
        .collect();
    let dalek_vs = proofs.iter().map(|(_, vs)| commitments_to_v4(vs)).collect();
    Pool {
        n,
        proofs,
        dalek_vs,
    }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("batch_verify");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10))
        .sampling_mode(SamplingMode::Flat);
    for (n, m, k) in SHAPES {
        let id = format!("n{n}_m{m}_k{k}");
        let bp = ours::BulletproofGens::new(n, m);
        let pc = ours::PedersenGens::default();
        let dbp = dalek::BulletproofGens::new(n, m);
        let dpc = dalek::PedersenGens::default();
        // Built on first use (untimed), shared by both sides.
        let cell = OnceCell::new();
        let pool = || cell.get_or_init(|| make_pool(n, m, k));
        group.bench_function(BenchmarkId::new(id.clone(), "ballistic"), |b| {
            let p = pool();
            let mut batches = p.proofs.chunks(k).cycle();
            let mut rng = rand::thread_rng();
            b.iter(|| {
                let mut batch = ours::BatchVerifier::new(&bp);
                for (bytes, vs) in batches.next().expect("a batch") {
                    let proof = ours::RangeProof::from_bytes(bytes).expect("parses");
                    batch.add(&proof, &pc, &mut Transcript::new(LABEL), vs, p.n);
                }
                batch.verify(&mut rng).expect("batch verifies")
            })
        });
        group.bench_function(BenchmarkId::new(id, "dalek"), |b| {
            let p = pool();
            let mut batches = p.proofs.chunks(k).zip(p.dalek_vs.chunks(k)).cycle();
            let mut rng = rand::thread_rng();
            b.iter(|| {
                let (proofs, dalek_vs) = batches.next().expect("a batch");
                for ((bytes, _), vs) in proofs.iter().zip(dalek_vs) {
                    dalek::RangeProof::from_bytes(bytes)
                        .expect("parses")
                        .verify_multiple_with_rng(
                            &dbp,
                            &dpc,
                            &mut Transcript::new(LABEL),
                            vs,
                            p.n,
                            &mut rng,
                        )
                        .expect("verifies");
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
