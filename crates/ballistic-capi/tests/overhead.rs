//! The Rust side of the Go binding's overhead: the workloads of
//! `bindings/go/bench_test.go` (a single 64-bit verify, and a batch of 64 such
//! proofs, cycling through a pool of 128 distinct proofs per curve) timed through
//! `ballistic_api` directly and through the C ABI from Rust. Ignored by default;
//! run in the release profile for the numbers:
//!
//! `cargo test --release -p ballistic-capi --test overhead -- --ignored --nocapture`

use std::time::{Duration, Instant};

use ballistic_api::{prove, verify, BatchVerifier, Curve, Params, Protocol, Proven, Secrets};
use ballistic_capi::*;

const POOL: usize = 128;
const BATCH: usize = 64;

fn bench_params(curve: Curve) -> Params {
    let p = Params::new(curve, Protocol::Bp, 64);
    match curve {
        Curve::Ristretto255 => p.with_domain(b"ballistic bench"),
        Curve::Secp256k1 => p,
    }
}

/// Mean time per operation of `op(i)` over at least `min` (after one warm-up call).
fn time(min: Duration, mut op: impl FnMut(usize)) -> f64 {
    op(0);
    let start = Instant::now();
    let mut n = 0;
    while start.elapsed() < min {
        op(n);
        n += 1;
    }
    start.elapsed().as_nanos() as f64 / n as f64
}

#[test]
#[ignore = "a measurement that prints timings, no check: cargo test --release -p ballistic-capi --test overhead -- --ignored --nocapture"]
fn verify_timings() {
    let min = Duration::from_secs(3);
    for curve in [Curve::Ristretto255, Curve::Secp256k1] {
        let params = bench_params(curve);
        let pool: Vec<Proven> = (0..POOL as u64)
            .map(|i| {
                prove(
                    &params,
                    &[i.wrapping_mul(0x9e37_79b9_7f4a_7c15)],
                    &Secrets::default(),
                )
                .unwrap()
            })
            .collect();
        let single = time(min, |i| {
            let p = &pool[i % POOL];
            verify(&params, &p.commitments, &p.proof).unwrap();
        });
        // SAFETY: the domain pointer and length are those of a live slice; the handle
        // is checked before use.
        let c_params = unsafe {
            let h = ballistic_params_new(curve as u32, BALLISTIC_PROTOCOL_BP, 64);
            assert_eq!(
                ballistic_params_set_domain(h, params.domain.as_ptr(), params.domain.len()),
                0
            );
            h
        };
        let single_c = time(min, |i| {
            let p = &pool[i % POOL];
            // SAFETY: a live handle; each pointer and length is that of a live slice
            // (one commitment).
            let rc = unsafe {
                ballistic_verify(
                    c_params,
                    p.commitments[0].as_ptr(),
                    1,
                    p.proof.as_ptr(),
                    p.proof.len(),
                )
            };
            assert_eq!(rc, BALLISTIC_OK);
        });
        // SAFETY: the handle of `ballistic_params_new`, freed once and not used after.
        unsafe { ballistic_params_free(c_params) };
        let batch = time(min, |i| {
            let mut b = BatchVerifier::new();
            for k in 0..BATCH {
                let p = &pool[(i * BATCH + k) % POOL];
                b.add(&params, &p.commitments, &p.proof).unwrap();
            }
            assert!(b.verify().is_empty());
        });
        println!(
            "rust {}: verify 64-bit {:.0} ns/op (through the C ABI {:.0} ns/op); batch of {BATCH} {:.0} ns/op",
            curve.name(),
            single,
            single_c,
            batch
        );
    }
}
