//! Bulletproofs+ on ristretto255: ballistic against `tari_bulletproofs_plus` 0.5 on
//! its own proofs, and against ballistic's own Bulletproofs (dalek's format) on the
//! same shapes.
//!
//! Every side works through a pool of distinct inputs, built once and untimed
//! (`POOL` random values with random masks per shape), cycled so that no iteration
//! repeats the one before it:
//! - `bp_plus_prove/n{n}_m{m}`: ballistic's `RangeProofPlus::prove` (it also computes
//!   the commitments), Tari's `RangeProof::prove` over prebuilt statements and
//!   witnesses (its commitments are inputs; it checks each opening against them),
//!   ballistic's `RangeProof::prove_multiple` (Bulletproofs).
//! - `bp_plus_verify/n{n}_m{m}`: parse from bytes and verify one proof: ballistic's
//!   `RangeProofPlus::verify` (cached verifier tables of the shape, built by
//!   `precompute_verifier` before timing), Tari's one-proof `verify_batch` (its
//!   `RangeParameters` hold precomputed tables too), ballistic's
//!   `RangeProof::verify_multiple` (cached tables).
//!
//! - `bp_plus_batch/n64_m1_k{k}`: parse and batch-verify `k` single 64-bit proofs:
//!   ballistic's `BatchVerifier::add_plus` then `verify` (a batch of one shape uses
//!   the shape's verifier tables, built after the first verified batch within the
//!   budget), Tari's `verify_batch` (its parameters hold precomputed tables; it runs
//!   chunks of 256 proofs). Two distinct batches of `k` per side, alternated.
//!
//! Values: ids `ballistic`, `tari_bulletproofs_plus`, `ballistic_bp`. Extension
//! degree 1, no minimum values, no seed nonce. Tari's prover takes its OS RNG
//! (`prove`), ballistic's `rand::thread_rng()`.
//!
//! Run: `cargo bench -p interop --bench bp_plus`, then
//! `python3 crates/bench/bench_ratios.py --theirs tari_bulletproofs_plus`.

#![allow(non_snake_case)]

use std::time::Duration;

use ballistic::merlin::Transcript;
use ballistic::ristretto as ours;
use ballistic::ristretto::bp_plus::{self, Opening, RangeProofPlus};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use interop::{random_scalar, random_value};
use tari_bulletproofs_plus::{
    commitment_opening::CommitmentOpening,
    generators::pedersen_gens::ExtensionDegree,
    range_parameters::RangeParameters,
    range_proof::{RangeProof as TariRangeProof, VerifyAction},
    range_statement::RangeStatement,
    range_witness::RangeWitness,
    ristretto::{create_pedersen_gens_with_extension_degree, RistrettoRangeProof},
    Transcript as TariTranscript,
};

const LABEL: &[u8] = b"ballistic interop bp+ benchmark";
const SHAPES: [(usize, usize); 3] = [(64, 1), (64, 2), (64, 8)];
const POOL: usize = 8;

/// One input: values and one mask per value.
struct Input {
    values: Vec<u64>,
    masks: Vec<ours::Scalar>,
}

fn inputs(n: usize, m: usize) -> Vec<Input> {
    let mut rng = rand::thread_rng();
    (0..POOL)
        .map(|_| Input {
            values: (0..m).map(|_| random_value(&mut rng, n)).collect(),
            masks: (0..m).map(|_| random_scalar(&mut rng).0).collect(),
        })
        .collect()
}

fn tari_params(n: usize, m: usize) -> RangeParameters<ours::RistrettoPoint> {
    RangeParameters::init(
        n,
        m,
        create_pedersen_gens_with_extension_degree(ExtensionDegree::DefaultPedersen),
    )
    .expect("tari parameters")
}

fn tari_statement(
    p: &RangeParameters<ours::RistrettoPoint>,
    x: &Input,
) -> (RangeStatement<ours::RistrettoPoint>, RangeWitness) {
    let V = x
        .values
        .iter()
        .zip(&x.masks)
        .map(|(v, g)| {
            p.pc_gens()
                .commit(&ours::Scalar::from(*v), &[*g])
                .expect("commits")
        })
        .collect::<Vec<_>>();
    let m = V.len();
    let statement = RangeStatement::init(p.clone(), V, vec![None; m], None).expect("statement");
    let openings = x
        .values
        .iter()
        .zip(&x.masks)
        .map(|(v, g)| CommitmentOpening::new(*v, vec![*g]))
        .collect();
    (statement, RangeWitness::init(openings).expect("witness"))
}

fn group<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
        .sampling_mode(SamplingMode::Flat);
    g
}

fn bench(c: &mut Criterion) {
    let pc = bp_plus::pedersen_gens(1).expect("degree 1");
    let pc_bp = ours::PedersenGens::default();

    let mut g = group(c, "bp_plus_prove");
    for (n, m) in SHAPES {
        let bp = ours::BulletproofGens::new(n, m);
        let params = tari_params(n, m);
        let pool = inputs(n, m);
        let id = format!("n{n}_m{m}");
        let mut it = pool.iter().cycle();
        let mut rng = rand::thread_rng();
        g.bench_function(BenchmarkId::new(id.clone(), "ballistic"), |b| {
            b.iter(|| {
                let x = it.next().expect("pool");
                let openings: Vec<Opening<'_>> = x
                    .values
                    .iter()
                    .zip(&x.masks)
                    .map(|(v, g)| Opening::new(*v, std::slice::from_ref(g)))
                    .collect();
                RangeProofPlus::prove(
                    &bp,
                    &pc,
                    &mut Transcript::new(LABEL),
                    &openings,
                    &[],
                    n,
                    &mut rng,
                )
                .expect("proves")
            })
        });
        let tari: Vec<_> = pool.iter().map(|x| tari_statement(&params, x)).collect();
        let mut it = tari.iter().cycle();
        g.bench_function(
            BenchmarkId::new(id.clone(), "tari_bulletproofs_plus"),
            |b| {
                b.iter(|| {
                    let (s, w) = it.next().expect("pool");
                    RistrettoRangeProof::prove(&mut TariTranscript::new(LABEL), s, w)
                        .expect("proves")
                })
            },
        );
        let mut it = pool.iter().cycle();
        g.bench_function(BenchmarkId::new(id, "ballistic_bp"), |b| {
            b.iter(|| {
                let x = it.next().expect("pool");
                ours::RangeProof::prove_multiple_with_rng(
                    &bp,
                    &pc_bp,
                    &mut Transcript::new(LABEL),
                    &x.values,
                    &x.masks,
                    n,
                    &mut rng,
                )
                .expect("proves")
            })
        });
    }
    g.finish();

    let mut g = group(c, "bp_plus_verify");
    for (n, m) in SHAPES {
        let bp = ours::BulletproofGens::new(n, m);
        bp.precompute_verifier(n, m).expect("tables");
        let params = tari_params(n, m);
        let pool = inputs(n, m);
        let id = format!("n{n}_m{m}");
        let mut rng = rand::thread_rng();
        let ours_pool: Vec<(Vec<u8>, Vec<ours::CompressedRistretto>)> = pool
            .iter()
            .map(|x| {
                let openings: Vec<Opening<'_>> = x
                    .values
                    .iter()
                    .zip(&x.masks)
                    .map(|(v, g)| Opening::new(*v, std::slice::from_ref(g)))
                    .collect();
                let (p, V) = RangeProofPlus::prove(
                    &bp,
                    &pc,
                    &mut Transcript::new(LABEL),
                    &openings,
                    &[],
                    n,
                    &mut rng,
                )
                .expect("proves");
                (p.to_bytes(), V)
            })
            .collect();
        let mut it = ours_pool.iter().cycle();
        g.bench_function(BenchmarkId::new(id.clone(), "ballistic"), |b| {
            b.iter(|| {
                let (bytes, V) = it.next().expect("pool");
                RangeProofPlus::from_bytes(bytes)
                    .expect("parses")
                    .verify(&bp, &pc, &mut Transcript::new(LABEL), V, &[], n, &mut rng)
                    .expect("verifies")
            })
        });
        let tari_pool: Vec<(Vec<u8>, RangeStatement<ours::RistrettoPoint>)> = pool
            .iter()
            .map(|x| {
                let (s, w) = tari_statement(&params, x);
                let p = RistrettoRangeProof::prove(&mut TariTranscript::new(LABEL), &s, &w)
                    .expect("proves");
                (p.to_bytes(), s)
            })
            .collect();
        let mut it = tari_pool.iter().cycle();
        g.bench_function(
            BenchmarkId::new(id.clone(), "tari_bulletproofs_plus"),
            |b| {
                b.iter(|| {
                    let (bytes, s) = it.next().expect("pool");
                    let p = RistrettoRangeProof::from_bytes(bytes).expect("parses");
                    TariRangeProof::verify_batch(
                        &mut [TariTranscript::new(LABEL)],
                        std::slice::from_ref(s),
                        std::slice::from_ref(&p),
                        VerifyAction::VerifyOnly,
                    )
                    .expect("verifies")
                })
            },
        );
        let bp_pool: Vec<(Vec<u8>, Vec<ours::CompressedRistretto>)> = pool
            .iter()
            .map(|x| {
                let (p, V) = ours::RangeProof::prove_multiple_with_rng(
                    &bp,
                    &pc_bp,
                    &mut Transcript::new(LABEL),
                    &x.values,
                    &x.masks,
                    n,
                    &mut rng,
                )
                .expect("proves");
                (p.to_bytes(), V)
            })
            .collect();
        let mut it = bp_pool.iter().cycle();
        g.bench_function(BenchmarkId::new(id, "ballistic_bp"), |b| {
            b.iter(|| {
                let (bytes, V) = it.next().expect("pool");
                ours::RangeProof::from_bytes(bytes)
                    .expect("parses")
                    .verify_multiple(&bp, &pc_bp, &mut Transcript::new(LABEL), V, n)
                    .expect("verifies")
            })
        });
    }
    g.finish();

    let mut g = group(c, "bp_plus_batch");
    g.sample_size(10).measurement_time(Duration::from_secs(10));
    for k in [64usize, 1024] {
        let (n, m) = (64, 1);
        let bp = ours::BulletproofGens::new(n, m);
        let params = tari_params(n, m);
        let id = format!("n{n}_m{m}_k{k}");
        let mut rng = rand::thread_rng();
        let ours_batches: Vec<Vec<(Vec<u8>, Vec<ours::CompressedRistretto>)>> = (0..2)
            .map(|_| {
                inputs_k(n, k)
                    .iter()
                    .map(|x| {
                        let o = [Opening::new(x.values[0], std::slice::from_ref(&x.masks[0]))];
                        let (p, V) = RangeProofPlus::prove(
                            &bp,
                            &pc,
                            &mut Transcript::new(LABEL),
                            &o,
                            &[],
                            n,
                            &mut rng,
                        )
                        .expect("proves");
                        (p.to_bytes(), V)
                    })
                    .collect()
            })
            .collect();
        let mut it = ours_batches.iter().cycle();
        g.bench_function(BenchmarkId::new(id.clone(), "ballistic"), |b| {
            b.iter(|| {
                let batch_in = it.next().expect("batches");
                let mut batch = ours::BatchVerifier::new(&bp);
                for (bytes, V) in batch_in {
                    let p = RangeProofPlus::from_bytes(bytes).expect("parses");
                    batch.add_plus(&p, &pc, &mut Transcript::new(LABEL), V, &[], n);
                }
                batch.verify(&mut rng).expect("verifies")
            })
        });
        let tari_batches: Vec<TariBatch> = (0..2)
            .map(|_| {
                inputs_k(n, k)
                    .iter()
                    .map(|x| {
                        let (s, w) = tari_statement(&params, x);
                        let p = RistrettoRangeProof::prove(&mut TariTranscript::new(LABEL), &s, &w)
                            .expect("proves");
                        (p.to_bytes(), s)
                    })
                    .unzip()
            })
            .collect();
        let mut it = tari_batches.iter().cycle();
        g.bench_function(BenchmarkId::new(id, "tari_bulletproofs_plus"), |b| {
            b.iter(|| {
                let (bytes, statements) = it.next().expect("batches");
                let proofs: Vec<RistrettoRangeProof> = bytes
                    .iter()
                    .map(|b| RistrettoRangeProof::from_bytes(b).expect("parses"))
                    .collect();
                let mut transcripts: Vec<TariTranscript> =
                    (0..k).map(|_| TariTranscript::new(LABEL)).collect();
                TariRangeProof::verify_batch(
                    &mut transcripts,
                    statements,
                    &proofs,
                    VerifyAction::VerifyOnly,
                )
                .expect("verifies")
            })
        });
    }
    g.finish();
}

/// A batch of Tari's proof bytes and their statements.
type TariBatch = (Vec<Vec<u8>>, Vec<RangeStatement<ours::RistrettoPoint>>);

/// `k` inputs of one value each.
fn inputs_k(n: usize, k: usize) -> Vec<Input> {
    let mut rng = rand::thread_rng();
    (0..k)
        .map(|_| Input {
            values: vec![random_value(&mut rng, n)],
            masks: vec![random_scalar(&mut rng).0],
        })
        .collect()
}

criterion_group!(benches, bench);
criterion_main!(benches);
