//! The byte-level API's overhead: `ballistic_api::verify` (bytes in: parse, statement
//! checks, cached generators, interned label, a batch of one) against the library
//! call a Rust user writes (`from_bytes`, then the single verifier over generators
//! built once), on the same pool of 16 distinct 64-bit proofs cycled per iteration.
//!
//! Ids: `api/{kind}/{side}` with kind `ristretto255_bp`, `secp256k1_bp`,
//! `ristretto255_bp_plus` and side `api` or `library`.
//!
//! Run: `cargo bench -p interop --bench api -- --noplot`.

use std::time::Duration;

use ballistic::curve::Curve as _;
use ballistic::merlin::Transcript;
use ballistic::ristretto::{self as r255, CompressedRistretto};
use ballistic::secp256k1 as k1;
use ballistic_api::{prove, Curve, Params, Protocol, Secrets};
use criterion::{criterion_group, criterion_main, Criterion};
use rand::Rng;

const LABEL: &[u8] = b"ballistic api bench";
const POOL: usize = 16;

/// `POOL` proofs of one random 64-bit value each: (commitments, proof).
fn pool(params: &Params) -> Vec<(Vec<Vec<u8>>, Vec<u8>)> {
    let mut rng = rand::thread_rng();
    (0..POOL)
        .map(|_| {
            let p = prove(params, &[rng.gen()], &Secrets::default()).expect("proves");
            (p.commitments.clone(), p.proof.clone())
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("api");
    group.measurement_time(Duration::from_secs(4));

    let params = Params::new(Curve::Ristretto255, Protocol::Bp, 64).with_domain(LABEL);
    let proofs = pool(&params);
    let (bp, pc) = (
        r255::BulletproofGens::new(64, 1),
        r255::PedersenGens::default(),
    );
    let mut i = 0;
    group.bench_function("ristretto255_bp/api", |b| {
        b.iter(|| {
            let (c, p) = &proofs[i % POOL];
            i += 1;
            ballistic_api::verify(&params, c, p).expect("valid")
        })
    });
    group.bench_function("ristretto255_bp/library", |b| {
        b.iter(|| {
            let (c, p) = &proofs[i % POOL];
            i += 1;
            let proof = r255::RangeProof::from_bytes(p).expect("decodes");
            let v = CompressedRistretto::from_slice(&c[0]).expect("32 bytes");
            proof
                .verify_single(&bp, &pc, &mut Transcript::new(LABEL), &v, 64)
                .expect("valid")
        })
    });

    let params = Params::new(Curve::Secp256k1, Protocol::Bp, 64);
    let proofs = pool(&params);
    let (zkp_bp, zkp_pc) = (k1::grin_generators(), k1::PedersenGens::default());
    group.bench_function("secp256k1_bp/api", |b| {
        b.iter(|| {
            let (c, p) = &proofs[i % POOL];
            i += 1;
            ballistic_api::verify(&params, c, p).expect("valid")
        })
    });
    group.bench_function("secp256k1_bp/library", |b| {
        b.iter(|| {
            let (c, p) = &proofs[i % POOL];
            i += 1;
            let proof = k1::RangeProof::from_bytes(p).expect("decodes");
            let v: [u8; 33] = c[0].as_slice().try_into().expect("33 bytes");
            proof
                .verify_multiple(&zkp_bp, &zkp_pc, &mut k1::Transcript::new(), &[v], 64)
                .expect("valid")
        })
    });

    let params = Params::new(Curve::Ristretto255, Protocol::BpPlus, 64).with_domain(LABEL);
    let proofs = pool(&params);
    let plus_pc = r255::bp_plus::pedersen_gens(1).expect("degree 1");
    group.bench_function("ristretto255_bp_plus/api", |b| {
        b.iter(|| {
            let (c, p) = &proofs[i % POOL];
            i += 1;
            ballistic_api::verify(&params, c, p).expect("valid")
        })
    });
    group.bench_function("ristretto255_bp_plus/library", |b| {
        b.iter(|| {
            let (c, p) = &proofs[i % POOL];
            i += 1;
            let proof = r255::bp_plus::RangeProofPlus::from_bytes(p).expect("decodes");
            let v = ballistic::ristretto::Ristretto::encoding_from_bytes(&c[0]).expect("32 bytes");
            proof
                .verify(
                    &bp,
                    &plus_pc,
                    &mut Transcript::new(LABEL),
                    &[v],
                    &[],
                    64,
                    &mut rand::thread_rng(),
                )
                .expect("valid")
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
