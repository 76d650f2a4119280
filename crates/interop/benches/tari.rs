//! Batch verification per proof: ballistic's `BatchVerifier` against
//! `tari_bulletproofs_plus`' `RangeProof::verify_batch` (Bulletproofs+).
//!
//! Each side verifies a pool of its **own** distinct 64-bit single (m = 1) range
//! proofs, made once and untimed: a random 64-bit value and a random blinding per
//! proof, a fresh transcript with the same label per proof. Every pool proof is
//! checked on its own side before timing (ballistic: `verify_single`; tari: a
//! one-proof `verify_batch`).
//!
//! Every timed iteration parses every proof of a batch from bytes and verifies the
//! whole batch:
//! - ballistic: `RangeProof::from_bytes`, `BatchVerifier::add` with a new
//!   `Transcript` (its input is the compressed commitment, decompressed inside),
//!   then one `BatchVerifier::verify`;
//! - tari: `RangeProof::from_bytes`, a new `Transcript` per proof, then
//!   `RangeProof::verify_batch(.., VerifyAction::VerifyOnly)` over prebuilt
//!   statements (one shared `RangeParameters` for 64 bits, aggregation 1,
//!   `ExtensionDegree::DefaultPedersen`; no minimum value promise, no seed nonce;
//!   the statements hold already-decompressed commitments). Tari splits a batch
//!   into chunks of 256 proofs internally, so k = 1024 runs four multiscalar
//!   multiplications.
//!
//! A pool holds at least `POOL_MIN` proofs per side: a batch smaller than that is one
//! of several distinct batches of the pool, cycled, so that no iteration verifies the
//! same proofs as the one before it. Pools are built on first use, so a filtered run
//! (`-- 'tari_batch/n64_m1_k(1|64)/'`) only builds what it measures.
//!
//! Criterion reports the time of a whole batch; divide by the batch size for the
//! per-proof figure. Group `tari_batch`, ids `n64_m1_k{1,4,16,64,256,1024}/{ballistic,
//! tari_bulletproofs_plus}` (time per proof against the batch size: `crates/bench/plot.py`).
//!
//! `rand`: tari 0.5 takes `rand_core` 0.10 RNGs while this crate uses rand 0.8, so
//! tari's proofs are made with its `prove` (its own OS RNG) and its blindings are
//! 64 random bytes from rand 0.8 reduced modulo the group order (both libraries use
//! curve25519-dalek 5, so the `Scalar` type is shared).
//!
//! Run: `cargo bench -p interop --bench tari`.

use std::cell::OnceCell;
use std::time::Duration;

use ballistic::merlin::Transcript;
use ballistic::ristretto as ours;
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

const LABEL: &[u8] = b"ballistic interop tari benchmark";
const N: usize = 64;
/// Batch sizes.
const SIZES: [usize; 6] = [1, 4, 16, 64, 256, 1024];
/// Distinct proofs in a pool at least (a multiple of every batch size below it).
const POOL_MIN: usize = 16;

/// Proofs in the pool of batches of `k`: `k · ⌈POOL_MIN / k⌉`, whole batches.
fn pool_len(k: usize) -> usize {
    k * POOL_MIN.div_ceil(k)
}

/// Ballistic's pool: proof bytes and the value commitment of each.
fn ballistic_pool(
    bp: &ours::BulletproofGens,
    pc: &ours::PedersenGens,
    k: usize,
) -> Vec<(Vec<u8>, ours::CompressedRistretto)> {
    let mut rng = rand::thread_rng();
    (0..k)
        .map(|_| {
            let v = random_value(&mut rng, N);
            let (blinding, _) = random_scalar(&mut rng);
            let (proof, commitment) = ours::RangeProof::prove_single_with_rng(
                bp,
                pc,
                &mut Transcript::new(LABEL),
                v,
                &blinding,
                N,
                &mut rng,
            )
            .expect("ballistic proves");
            let bytes = proof.to_bytes();
            ours::RangeProof::from_bytes(&bytes)
                .expect("ballistic parses")
                .verify_single(bp, pc, &mut Transcript::new(LABEL), &commitment, N)
                .expect("ballistic accepts its proof");
            (bytes, commitment)
        })
        .collect()
}

/// Tari's pool: proof bytes and the public statements (same order).
fn tari_pool(
    params: &RangeParameters<ours::RistrettoPoint>,
    k: usize,
) -> (Vec<Vec<u8>>, Vec<RangeStatement<ours::RistrettoPoint>>) {
    let mut rng = rand::thread_rng();
    (0..k)
        .map(|_| {
            let v = random_value(&mut rng, N);
            let (blinding, _) = random_scalar(&mut rng);
            let commitment = params
                .pc_gens()
                .commit(&ours::Scalar::from(v), &[blinding])
                .expect("tari commits");
            let witness = RangeWitness::init(vec![CommitmentOpening::new(v, vec![blinding])])
                .expect("tari witness");
            let statement =
                RangeStatement::init(params.clone(), vec![commitment], vec![None], None)
                    .expect("tari statement");
            let proof =
                RistrettoRangeProof::prove(&mut TariTranscript::new(LABEL), &statement, &witness)
                    .expect("tari proves");
            let bytes = proof.to_bytes();
            let parsed = RistrettoRangeProof::from_bytes(&bytes).expect("tari parses");
            TariRangeProof::verify_batch(
                &mut [TariTranscript::new(LABEL)],
                std::slice::from_ref(&statement),
                &[parsed],
                VerifyAction::VerifyOnly,
            )
            .expect("tari accepts its proof");
            (bytes, statement)
        })
        .unzip()
}

fn bench(c: &mut Criterion) {
    let bp = ours::BulletproofGens::new(N, 1);
    let pc = ours::PedersenGens::default();
    let params = RangeParameters::init(
        N,
        1,
        create_pedersen_gens_with_extension_degree(ExtensionDegree::DefaultPedersen),
    )
    .expect("tari parameters");

    let mut group = c.benchmark_group("tari_batch");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10))
        .sampling_mode(SamplingMode::Flat);
    for k in SIZES {
        // Built on first use (untimed), so that filtered runs skip them.
        let ours_cell = OnceCell::new();
        let tari_cell = OnceCell::new();
        let id = format!("n{N}_m1_k{k}");

        group.bench_function(BenchmarkId::new(id.clone(), "ballistic"), |b| {
            let ours_pool = ours_cell.get_or_init(|| ballistic_pool(&bp, &pc, pool_len(k)));
            let mut batches = ours_pool.chunks(k).cycle();
            let mut rng = rand::thread_rng();
            b.iter(|| {
                let mut batch = ours::BatchVerifier::new(&bp);
                for (bytes, commitment) in batches.next().expect("a batch") {
                    let proof = ours::RangeProof::from_bytes(bytes).expect("parses");
                    batch.add(
                        &proof,
                        &pc,
                        &mut Transcript::new(LABEL),
                        std::slice::from_ref(commitment),
                        N,
                    );
                }
                batch.verify(&mut rng).expect("batch verifies")
            })
        });

        group.bench_function(BenchmarkId::new(id, "tari_bulletproofs_plus"), |b| {
            let (tari_bytes, tari_statements) =
                tari_cell.get_or_init(|| tari_pool(&params, pool_len(k)));
            let mut batches = tari_bytes.chunks(k).zip(tari_statements.chunks(k)).cycle();
            b.iter(|| {
                let (tari_bytes, tari_statements) = batches.next().expect("a batch");
                let proofs: Vec<RistrettoRangeProof> = tari_bytes
                    .iter()
                    .map(|bytes| RistrettoRangeProof::from_bytes(bytes).expect("parses"))
                    .collect();
                let mut transcripts: Vec<TariTranscript> =
                    (0..k).map(|_| TariTranscript::new(LABEL)).collect();
                TariRangeProof::verify_batch(
                    &mut transcripts,
                    tari_statements,
                    &proofs,
                    VerifyAction::VerifyOnly,
                )
                .expect("batch verifies")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
