//! `[a, b]` range proofs against aggregated proofs of two values of the same width,
//! on ristretto255, for both protocols (the target: an `[a, b]` proof costs at most
//! 1.1× the two-value proof).
//!
//! For `k ∈ {8, 16, 64}` a pool of `POOL` inputs is built once, untimed, and cycled so
//! that no iteration repeats the one before it: a range `[a, b]` with
//! `range_bits(a, b) = k`, a value in it and a random blinding (masks), and for the
//! two-value proof two random `k`-bit values with random blindings.
//! - `range_ab_prove/{bp,bp_plus}_k{k}`: `RangeProof::prove_range` (id `range`)
//!   against `RangeProof::prove_multiple_with_rng` (id `two_values`); Bulletproofs+:
//!   `RangeProofPlus::prove_range` against `RangeProofPlus::prove`.
//! - `range_ab_verify/{bp,bp_plus}_k{k}`: `verify_range` against the two-value
//!   verifier, over the shape's cached verifier tables (built before timing).
//!
//! Run: `cargo bench -p interop --bench range_ab`.

#![allow(non_snake_case)]

use std::time::Duration;

use ballistic::merlin::Transcript;
use ballistic::ristretto as ours;
use ballistic::ristretto::bp_plus::{self, Opening, RangeProofPlus};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode};
use interop::{random_scalar, random_value};
use rand::Rng;

const LABEL: &[u8] = b"ballistic interop [a, b] benchmark";
const WIDTHS: [usize; 3] = [8, 16, 64];
const POOL: usize = 8;

/// One input: a range statement and a two-value statement of the same width.
struct Input {
    a: u64,
    b: u64,
    v: u64,
    blinding: ours::Scalar,
    values: [u64; 2],
    blindings: [ours::Scalar; 2],
}

fn inputs(k: usize) -> Vec<Input> {
    let mut rng = rand::thread_rng();
    (0..POOL)
        .map(|_| {
            let full = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
            let width = rng.gen_range(1u64 << (k - 1)..=full);
            let a = rng.gen_range(0..=u64::MAX - width);
            let b = a + width;
            Input {
                a,
                b,
                v: rng.gen_range(a..=b),
                blinding: random_scalar(&mut rng).0,
                values: [random_value(&mut rng, k), random_value(&mut rng, k)],
                blindings: [random_scalar(&mut rng).0, random_scalar(&mut rng).0],
            }
        })
        .collect()
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
    let pc = ours::PedersenGens::default();
    let pcx = bp_plus::pedersen_gens(1).expect("degree 1");
    let mut rng = rand::thread_rng();

    let mut g = group(c, "range_ab_prove");
    for k in WIDTHS {
        let bp = ours::BulletproofGens::new(k, 2);
        let pool = inputs(k);
        let mut it = pool.iter().cycle();
        g.bench_function(BenchmarkId::new(format!("bp_k{k}"), "range"), |b| {
            b.iter(|| {
                let x = it.next().expect("pool");
                ours::RangeProof::prove_range(
                    &bp,
                    &pc,
                    &mut Transcript::new(LABEL),
                    x.v,
                    &x.blinding,
                    x.a,
                    x.b,
                    &mut rng,
                )
                .expect("proves")
            })
        });
        g.bench_function(BenchmarkId::new(format!("bp_k{k}"), "two_values"), |b| {
            b.iter(|| {
                let x = it.next().expect("pool");
                ours::RangeProof::prove_multiple_with_rng(
                    &bp,
                    &pc,
                    &mut Transcript::new(LABEL),
                    &x.values,
                    &x.blindings,
                    k,
                    &mut rng,
                )
                .expect("proves")
            })
        });
        g.bench_function(BenchmarkId::new(format!("bp_plus_k{k}"), "range"), |b| {
            b.iter(|| {
                let x = it.next().expect("pool");
                RangeProofPlus::prove_range(
                    &bp,
                    &pcx,
                    &mut Transcript::new(LABEL),
                    &Opening::new(x.v, std::slice::from_ref(&x.blinding)),
                    x.a,
                    x.b,
                    &mut rng,
                )
                .expect("proves")
            })
        });
        g.bench_function(
            BenchmarkId::new(format!("bp_plus_k{k}"), "two_values"),
            |b| {
                b.iter(|| {
                    let x = it.next().expect("pool");
                    let openings = [
                        Opening::new(x.values[0], &x.blindings[..1]),
                        Opening::new(x.values[1], &x.blindings[1..]),
                    ];
                    RangeProofPlus::prove(
                        &bp,
                        &pcx,
                        &mut Transcript::new(LABEL),
                        &openings,
                        &[],
                        k,
                        &mut rng,
                    )
                    .expect("proves")
                })
            },
        );
    }
    g.finish();

    let mut g = group(c, "range_ab_verify");
    for k in WIDTHS {
        let bp = ours::BulletproofGens::new(k, 2);
        bp.precompute_verifier(k, 2).expect("tables");
        let pool = inputs(k);
        type Proven = (
            ours::RangeProof,
            ours::CompressedRistretto,
            ours::RangeProof,
            Vec<ours::CompressedRistretto>,
        );
        let bp_pool: Vec<Proven> = pool
            .iter()
            .map(|x| {
                let (p, V) = ours::RangeProof::prove_range(
                    &bp,
                    &pc,
                    &mut Transcript::new(LABEL),
                    x.v,
                    &x.blinding,
                    x.a,
                    x.b,
                    &mut rng,
                )
                .expect("proves");
                let (q, W) = ours::RangeProof::prove_multiple_with_rng(
                    &bp,
                    &pc,
                    &mut Transcript::new(LABEL),
                    &x.values,
                    &x.blindings,
                    k,
                    &mut rng,
                )
                .expect("proves");
                (p, V, q, W)
            })
            .collect();
        let mut it = pool.iter().zip(&bp_pool).cycle();
        g.bench_function(BenchmarkId::new(format!("bp_k{k}"), "range"), |b| {
            b.iter(|| {
                let (x, (p, V, _, _)) = it.next().expect("pool");
                p.verify_range(&bp, &pc, &mut Transcript::new(LABEL), V, x.a, x.b, &mut rng)
                    .expect("verifies")
            })
        });
        g.bench_function(BenchmarkId::new(format!("bp_k{k}"), "two_values"), |b| {
            b.iter(|| {
                let (_, (_, _, q, W)) = it.next().expect("pool");
                q.verify_multiple_with_rng(&bp, &pc, &mut Transcript::new(LABEL), W, k, &mut rng)
                    .expect("verifies")
            })
        });
        type ProvenPlus = (
            RangeProofPlus,
            ours::CompressedRistretto,
            RangeProofPlus,
            Vec<ours::CompressedRistretto>,
        );
        let plus_pool: Vec<ProvenPlus> = pool
            .iter()
            .map(|x| {
                let (p, V) = RangeProofPlus::prove_range(
                    &bp,
                    &pcx,
                    &mut Transcript::new(LABEL),
                    &Opening::new(x.v, std::slice::from_ref(&x.blinding)),
                    x.a,
                    x.b,
                    &mut rng,
                )
                .expect("proves");
                let openings = [
                    Opening::new(x.values[0], &x.blindings[..1]),
                    Opening::new(x.values[1], &x.blindings[1..]),
                ];
                let (q, W) = RangeProofPlus::prove(
                    &bp,
                    &pcx,
                    &mut Transcript::new(LABEL),
                    &openings,
                    &[],
                    k,
                    &mut rng,
                )
                .expect("proves");
                (p, V, q, W)
            })
            .collect();
        let mut it = pool.iter().zip(&plus_pool).cycle();
        g.bench_function(BenchmarkId::new(format!("bp_plus_k{k}"), "range"), |b| {
            b.iter(|| {
                let (x, (p, V, _, _)) = it.next().expect("pool");
                p.verify_range(
                    &bp,
                    &pcx,
                    &mut Transcript::new(LABEL),
                    V,
                    x.a,
                    x.b,
                    &mut rng,
                )
                .expect("verifies")
            })
        });
        g.bench_function(
            BenchmarkId::new(format!("bp_plus_k{k}"), "two_values"),
            |b| {
                b.iter(|| {
                    let (_, (_, _, q, W)) = it.next().expect("pool");
                    q.verify(&bp, &pcx, &mut Transcript::new(LABEL), W, &[], k, &mut rng)
                        .expect("verifies")
                })
            },
        );
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
