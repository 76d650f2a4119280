//! secp256k1 range proofs in secp256k1-zkp's format: ballistic against the
//! `grin_secp256k1zkp` crate (secp256k1-zkp's C code) in the same run.
//!
//! * `zkp_prove/n64_m1`: fresh random value, blinding and nonces every iteration.
//! * `zkp_verify/n64_m1`: a pool of 16 distinct proofs (made by the C library, so
//!   both sides verify the same bytes), cycled; each iteration parses and verifies.
//! * `zkp_batch/k`: `k` distinct single 64-bit proofs verified as one batch
//!   (ballistic's `BatchVerifier`; the C's `verify_bullet_proof_multi`).
//!
//! Rows: `ballistic`, `grin_secp256k1zkp` (the crate's safe API), `c_ffi`, `c64_ffi`
//! and `c64_asm_ffi`. The safe `grin_secp256k1zkp` API allocates a 256 MiB scratch
//! space per call and builds the C with 32-bit limbs and no assembly (10x26 field,
//! 8x32 scalar: the defines of its build script, listed in `interop::zkp::ZkpBuild`
//! and this crate's build.rs); the `c_ffi` row calls the same C functions
//! through the FFI with one scratch space reused (`interop::zkp::ZkpContext`), so
//! that no ratio rests on the binding's overhead. `c64_ffi` is the same C sources and
//! settings built by this crate's build.rs with 64-bit limbs (5x52 field, 4x64
//! scalar, `__int128`), `c64_asm_ffi` that plus x86_64 assembly
//! (`interop::zkp::ZkpBuild`); both are called exactly as `c_ffi`.
//!
//! Run: `cargo bench -p interop --bench zkp`.

use std::time::Duration;

use ballistic::curve::secp256k1::Secp256k1;
use ballistic::curve::Curve;
use ballistic::secp256k1 as ours;
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use interop::zkp::{ZkpBuild, ZkpContext, GRIN_GENERATORS};
use rand::{Rng, RngCore};
use secp256k1zkp::pedersen::{Commitment, RangeProof as CProof};
use secp256k1zkp::{ContextFlag, Secp256k1 as Ctx, SecretKey};

fn secret<R: RngCore>(rng: &mut R) -> [u8; 32] {
    loop {
        let mut b = [0u8; 32];
        rng.fill_bytes(&mut b);
        if Secp256k1::scalar_from_canonical_bytes(&b).is_some_and(|s| s != ours::Scalar::ZERO) {
            return b;
        }
    }
}

/// A proof made by the C library, with its commitment.
struct Pooled {
    proof: CProof,
    commit: Commitment,
}

fn c_pool(ctx: &Ctx, k: usize) -> Vec<Pooled> {
    let mut rng = rand::thread_rng();
    (0..k)
        .map(|_| {
            let v: u64 = rng.gen();
            let blind = SecretKey::from_slice(ctx, &secret(&mut rng)).expect("key");
            let nonce = SecretKey::from_slice(ctx, &secret(&mut rng)).expect("key");
            let pn = SecretKey::from_slice(ctx, &secret(&mut rng)).expect("key");
            let commit = ctx.commit(v, blind.clone()).expect("commit");
            let proof = ctx
                .bullet_proof(v, blind, nonce, pn, None, None)
                .expect("proves");
            Pooled { proof, commit }
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let ctx = Ctx::with_caps(ContextFlag::Commit);
    // One context per build of the C library, with its row name.
    let ffis: Vec<(String, ZkpContext)> = ZkpBuild::ALL
        .iter()
        .map(|&build| {
            let row = match build {
                ZkpBuild::Grin32 => "c_ffi".to_owned(),
                other => format!("{}_ffi", other.name()),
            };
            (row, ZkpContext::with_build(build, GRIN_GENERATORS))
        })
        .collect();
    let bp = ours::grin_generators();
    let pc = ours::PedersenGens::default();

    let mut group = c.benchmark_group("zkp_prove");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function(BenchmarkId::new("n64_m1", "ballistic"), |b| {
        let mut rng = rand::thread_rng();
        let mut prove_rng = rand::thread_rng();
        b.iter_batched(
            || {
                let t = ours::Transcript::new()
                    .with_nonce(secret(&mut rng))
                    .with_private_nonce(secret(&mut rng));
                let blind = Secp256k1::scalar_from_canonical_bytes(&secret(&mut rng)).expect("s");
                (t, rng.gen::<u64>(), blind)
            },
            |(mut t, v, blind)| {
                ours::RangeProof::prove_single_with_rng(
                    &bp,
                    &pc,
                    &mut t,
                    v,
                    &blind,
                    64,
                    &mut prove_rng,
                )
                .expect("proves")
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function(BenchmarkId::new("n64_m1", "grin_secp256k1zkp"), |b| {
        let mut rng = rand::thread_rng();
        b.iter_batched(
            || {
                let k = |r: &mut rand::rngs::ThreadRng| {
                    SecretKey::from_slice(&ctx, &secret(r)).expect("key")
                };
                (rng.gen::<u64>(), k(&mut rng), k(&mut rng), k(&mut rng))
            },
            |(v, blind, nonce, pn)| ctx.bullet_proof(v, blind, nonce, pn, None, None),
            BatchSize::SmallInput,
        )
    });
    for (row, ffi) in &ffis {
        group.bench_function(BenchmarkId::new("n64_m1", row), |b| {
            let mut rng = rand::thread_rng();
            b.iter_batched(
                || {
                    (
                        rng.gen::<u64>(),
                        secret(&mut rng),
                        secret(&mut rng),
                        secret(&mut rng),
                    )
                },
                |(v, blind, nonce, pn)| {
                    ffi.prove(&[v], &[blind], 64, &nonce, Some(&pn), None, None)
                        .expect("proves")
                },
                BatchSize::SmallInput,
            )
        });
    }
    group.finish();

    let pool = c_pool(&ctx, 16);
    let mut group = c.benchmark_group("zkp_verify");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(5));
    group.bench_function(BenchmarkId::new("n64_m1", "ballistic"), |b| {
        let mut rng = rand::thread_rng();
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % pool.len();
            let p = &pool[i];
            let proof =
                ours::RangeProof::from_bytes(&p.proof.proof[..p.proof.plen]).expect("parses");
            proof
                .verify_single_with_rng(
                    &bp,
                    &pc,
                    &mut ours::Transcript::new(),
                    &p.commit.0,
                    64,
                    &mut rng,
                )
                .expect("verifies")
        })
    });
    group.bench_function(BenchmarkId::new("n64_m1", "grin_secp256k1zkp"), |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % pool.len();
            let p = &pool[i];
            ctx.verify_bullet_proof(p.commit, p.proof, None)
                .expect("verifies")
        })
    });
    for (row, ffi) in &ffis {
        group.bench_function(BenchmarkId::new("n64_m1", row), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % pool.len();
                let p = &pool[i];
                assert!(ffi.verify(&p.proof.proof[..p.proof.plen], &[p.commit.0], 64, None));
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("zkp_batch");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for k in [64usize, 1024] {
        // Built on first use only, so that filtered runs skip the pool.
        let cell = std::cell::OnceCell::new();
        let pool = || cell.get_or_init(|| c_pool(&ctx, k));
        group.bench_function(BenchmarkId::new(format!("n64_m1_k{k}"), "ballistic"), |b| {
            let mut rng = rand::thread_rng();
            let pool = pool();
            b.iter(|| {
                let mut batch = ours::BatchVerifier::new(&bp);
                for p in pool {
                    let proof = ours::RangeProof::from_bytes(&p.proof.proof[..p.proof.plen])
                        .expect("parses");
                    batch.add(&proof, &pc, &mut ours::Transcript::new(), &[p.commit.0], 64);
                }
                batch.verify(&mut rng).expect("batch verifies")
            })
        });
        group.bench_function(
            BenchmarkId::new(format!("n64_m1_k{k}"), "grin_secp256k1zkp"),
            |b| {
                let pool = pool();
                b.iter_batched(
                    || {
                        (
                            pool.iter().map(|p| p.commit).collect::<Vec<_>>(),
                            pool.iter().map(|p| p.proof).collect::<Vec<_>>(),
                        )
                    },
                    |(commits, proofs)| {
                        ctx.verify_bullet_proof_multi(commits, proofs, None)
                            .expect("verifies")
                    },
                    BatchSize::LargeInput,
                )
            },
        );
        for (row, ffi) in &ffis {
            group.bench_function(BenchmarkId::new(format!("n64_m1_k{k}"), row), |b| {
                let pool = pool();
                let proofs: Vec<&[u8]> = pool
                    .iter()
                    .map(|p| &p.proof.proof[..p.proof.plen])
                    .collect();
                let commits: Vec<[[u8; 33]; 1]> = pool.iter().map(|p| [p.commit.0]).collect();
                let commit_refs: Vec<&[[u8; 33]]> = commits.iter().map(|c| &c[..]).collect();
                b.iter(|| assert!(ffi.verify_multi(&proofs, &commit_refs, 64, None)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
