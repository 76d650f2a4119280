//! secp256k1 primitives: ballistic's own MSMs (crossover between Straus and
//! Pippenger), constant-time scalar multiplication against k256's, and the Jacobi
//! symbol (binary algorithm against Euler's criterion).
//!
//! Inputs vary every iteration: MSMs take fresh random scalars and a window of a
//! 4,096-point pool at a random offset; scalar multiplications and Jacobi symbols
//! cycle through 1,024 distinct random inputs.
//!
//! Run: `cargo bench -p interop --bench secp256k1`.

use std::time::Duration;

use ballistic::curve::secp256k1::{jacobi, Point, Secp256k1};
use ballistic::curve::Curve;
use ballistic::msm::{pippenger, straus};
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use k256::elliptic_curve::ops::Reduce;
use rand::{Rng, RngCore};

const POOL: usize = 16384;

fn random_scalar<R: RngCore>(r: &mut R) -> k256::Scalar {
    let mut b = [0u8; 32];
    r.fill_bytes(&mut b);
    <k256::Scalar as Reduce<k256::U256>>::reduce_bytes(&b.into())
}

fn limbs(s: &k256::Scalar) -> [u64; 4] {
    let be = s.to_bytes();
    let mut out = [0u64; 4];
    for (i, limb) in out.iter_mut().enumerate() {
        let mut w = [0u8; 8];
        w.copy_from_slice(&be[32 - 8 * (i + 1)..32 - 8 * i]);
        *limb = u64::from_be_bytes(w);
    }
    out
}

fn msm(c: &mut Criterion) {
    let mut r = rand::thread_rng();
    // Distinct points: a chain of random multiples of G, made with the vartime MSM
    // one point at a time (cheap enough for a one-off pool).
    let g = Point::generator();
    let pool: Vec<Point> = (0..POOL)
        .map(|_| Secp256k1::vartime_multiscalar_mul(&[random_scalar(&mut r)], &[g]))
        .collect();
    let jpool: Vec<ballistic::curve::secp256k1::Jacobian> = pool
        .iter()
        .map(|p| ballistic::curve::secp256k1::Jacobian::from_affine(&p.to_affine()))
        .collect();
    let mut group = c.benchmark_group("secp256k1_msm");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for k in [
        8usize, 16, 32, 64, 96, 128, 192, 256, 512, 1024, 4096, 16384,
    ] {
        let input = |r: &mut rand::rngs::ThreadRng| {
            let off = r.gen_range(0..=POOL - k);
            let s: Vec<[u64; 4]> = (0..k).map(|_| limbs(&random_scalar(r))).collect();
            (s, off)
        };
        // What `Curve::vartime_multiscalar_mul` picks (on an IFMA machine, the lanes).
        group.bench_function(BenchmarkId::new("curve", k), |b| {
            let mut r = rand::thread_rng();
            b.iter_batched(
                || {
                    let off = r.gen_range(0..=POOL - k);
                    let s: Vec<k256::Scalar> = (0..k).map(|_| random_scalar(&mut r)).collect();
                    (s, off)
                },
                |(s, off)| Secp256k1::vartime_multiscalar_mul(&s, &pool[off..off + k]),
                BatchSize::SmallInput,
            )
        });
        if k <= 512 {
            group.bench_function(BenchmarkId::new("straus_jacobian", k), |b| {
                let mut r = rand::thread_rng();
                b.iter_batched(
                    || input(&mut r),
                    |(s, off)| straus::msm(&s, &jpool[off..off + k]),
                    BatchSize::SmallInput,
                )
            });
            group.bench_function(BenchmarkId::new("straus", k), |b| {
                let mut r = rand::thread_rng();
                b.iter_batched(
                    || input(&mut r),
                    |(s, off)| straus::msm(&s, &pool[off..off + k]),
                    BatchSize::SmallInput,
                )
            });
        }
        if k >= 32 {
            group.bench_function(BenchmarkId::new("pippenger", k), |b| {
                let mut r = rand::thread_rng();
                b.iter_batched(
                    || input(&mut r),
                    |(s, off)| pippenger::msm(&s, &pool[off..off + k]),
                    BatchSize::SmallInput,
                )
            });
            group.bench_function(BenchmarkId::new("pippenger_jacobian", k), |b| {
                let mut r = rand::thread_rng();
                b.iter_batched(
                    || input(&mut r),
                    |(s, off)| pippenger::msm(&s, &jpool[off..off + k]),
                    BatchSize::SmallInput,
                )
            });
            group.bench_function(
                BenchmarkId::new("pippenger_batch_affine_jacobian", k),
                |b| {
                    let mut r = rand::thread_rng();
                    b.iter_batched(
                        || input(&mut r),
                        |(s, off)| pippenger::msm_batch_affine(&s, &jpool[off..off + k]),
                        BatchSize::SmallInput,
                    )
                },
            );
            group.bench_function(BenchmarkId::new("pippenger_batch_affine", k), |b| {
                let mut r = rand::thread_rng();
                b.iter_batched(
                    || input(&mut r),
                    |(s, off)| pippenger::msm_batch_affine(&s, &pool[off..off + k]),
                    BatchSize::SmallInput,
                )
            });
        }
    }
    group.finish();
}

fn scalar_mul(c: &mut Criterion) {
    let mut r = rand::thread_rng();
    let g = Point::generator();
    let inputs: Vec<(k256::Scalar, Point, k256::ProjectivePoint)> = (0..1024)
        .map(|_| {
            let a = random_scalar(&mut r);
            let p = Secp256k1::mul(&a, &g);
            (
                random_scalar(&mut r),
                p,
                k256::ProjectivePoint::GENERATOR * a,
            )
        })
        .collect();
    let mut group = c.benchmark_group("secp256k1_mul");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3));
    let mut i = 0usize;
    group.bench_function("ballistic_ct", |b| {
        b.iter(|| {
            i = (i + 1) % inputs.len();
            Secp256k1::mul(&inputs[i].0, &inputs[i].1)
        })
    });
    group.bench_function("k256_ct", |b| {
        b.iter(|| {
            i = (i + 1) % inputs.len();
            inputs[i].2 * inputs[i].0
        })
    });
    group.bench_function("ballistic_encode", |b| {
        b.iter(|| {
            i = (i + 1) % inputs.len();
            Secp256k1::encode(&inputs[i].1)
        })
    });
    let encodings: Vec<[u8; 33]> = inputs.iter().map(|x| Secp256k1::encode(&x.1)).collect();
    group.bench_function("ballistic_decode", |b| {
        b.iter(|| {
            i = (i + 1) % encodings.len();
            Secp256k1::decode(&encodings[i])
        })
    });
    group.finish();
}

fn jacobi_symbol(c: &mut Criterion) {
    let mut r = rand::thread_rng();
    let ys: Vec<k256::FieldElement> = (0..1024)
        .map(|_| {
            let mut b = [0u8; 32];
            r.fill_bytes(&mut b);
            b[0] &= 0x7f;
            Option::from(k256::FieldElement::from_bytes(&b.into())).expect("below p")
        })
        .collect();
    let mut group = c.benchmark_group("secp256k1_jacobi");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(2));
    let mut i = 0usize;
    group.bench_function("binary_vartime", |b| {
        b.iter(|| {
            i = (i + 1) % ys.len();
            jacobi::is_square_vartime(&ys[i])
        })
    });
    group.bench_function("euler", |b| {
        b.iter(|| {
            i = (i + 1) % ys.len();
            jacobi::is_square_euler(&ys[i])
        })
    });
    group.bench_function("sqrt_k256", |b| {
        b.iter(|| {
            i = (i + 1) % ys.len();
            ys[i].sqrt()
        })
    });
    group.finish();
}

criterion_group!(benches, jacobi_symbol, scalar_mul, msm);
criterion_main!(benches);
