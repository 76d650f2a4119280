//! Batch verification: ballistic's `BatchVerifier` against verifying the same proofs
//! one by one with dalek's `bulletproofs` (which has no batch API).
//!
//! Both sides verify the **same** pool of distinct proofs (made once, untimed, by
//! ballistic's prover; the shapes are dalek-compatible, so dalek accepts them, which
//! is asserted before timing). Every iteration parses every proof from bytes, then
//! verifies: ballistic adds all of them to one `BatchVerifier` and runs one
//! multiscalar multiplication; dalek verifies each. Criterion reports the time of a
//! whole batch; divide by the batch size for the per-proof figure.
//!
//! Groups: `batch_verify/n64_m1_k{64,1024}` and `batch_verify/n64_m8_k256`.
//! Run: `cargo bench -p interop --bench batch` (about 5 minutes; building the pools
//! takes most of it).

use std::time::Duration;

use ballistic::merlin::Transcript;
use ballistic::ristretto as ours;
use bulletproofs as dalek;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use interop::{commitments_to_v4, random_blindings, random_value};

const LABEL: &[u8] = b"ballistic interop batch benchmark";

struct Pool {
    n: usize,
    proofs: Vec<(Vec<u8>, Vec<ours::CompressedRistretto>)>,
}

fn pool(n: usize, m: usize, k: usize) -> Pool {
    let bp = ours::BulletproofGens::new(n, m);
    let pc = ours::PedersenGens::default();
    let dbp = dalek::BulletproofGens::new(n, m);
    let dpc = dalek::PedersenGens::default();
    let mut rng = rand::thread_rng();
    let proofs = (0..k)
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
    Pool { n, proofs }
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("batch_verify");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10))
        .sampling_mode(SamplingMode::Flat);
    for (n, m, k) in [(64usize, 1usize, 64usize), (64, 1, 1024), (64, 8, 256)] {
        let p = pool(n, m, k);
        let id = format!("n{n}_m{m}_k{k}");
        let bp = ours::BulletproofGens::new(n, m);
        let pc = ours::PedersenGens::default();
        let dbp = dalek::BulletproofGens::new(n, m);
        let dpc = dalek::PedersenGens::default();
        let dalek_vs: Vec<_> = p
            .proofs
            .iter()
            .map(|(_, vs)| commitments_to_v4(vs))
            .collect();
        group.bench_function(BenchmarkId::new(id.clone(), "ballistic"), |b| {
            let mut rng = rand::thread_rng();
            b.iter(|| {
                let mut batch = ours::BatchVerifier::new(&bp);
                for (bytes, vs) in &p.proofs {
                    let proof = ours::RangeProof::from_bytes(bytes).expect("parses");
                    batch.add(&proof, &pc, &mut Transcript::new(LABEL), vs, p.n);
                }
                batch.verify(&mut rng).expect("batch verifies")
            })
        });
        group.bench_function(BenchmarkId::new(id, "dalek"), |b| {
            let mut rng = rand::thread_rng();
            b.iter(|| {
                for ((bytes, _), vs) in p.proofs.iter().zip(&dalek_vs) {
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
