//! Multiscalar multiplication differential: the constant-time, variable-time and
//! precomputed paths of the curve backend agree with a naive sum of products.
//! Input: up to 64 pairs of (32-byte scalar seed, 1-byte point selector), edge values
//! included. The oracle is curve25519-dalek's own arithmetic: a naive sum of its
//! single scalar multiplications. (Sizes up to 300 and 2^k±1 are covered by
//! `tests/msm.rs`.) The lane-parallel paths run on the SIMD field backend the CPU
//! offers (AVX2 by default on x86-64); run.sh runs this target under
//! AddressSanitizer.
#![no_main]
use ballistic::curve::ristretto::{Point as RistrettoPoint, Ristretto};
use ballistic::curve::Curve;
use ballistic::ristretto::Scalar;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

static POINTS: OnceLock<Vec<RistrettoPoint>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    // A small pool with edge points: identity, P and −P, duplicates.
    let pool = POINTS.get_or_init(|| {
        // Which field backend the lane-parallel MSMs run on (AVX2 on an x86-64 CPU
        // that has it; IFMA only in builds with the target feature): run.sh prints it.
        eprintln!(
            "msm: ristretto255 lane backend {:?}",
            ballistic::curve::ristretto::lanes::backend()
        );
        let mut v = Ristretto::generator_chain(b"fuzz msm", 6);
        v.push(Ristretto::identity());
        v.push(-v[0]);
        v.push(v[1]);
        v
    });
    let mut scalars = Vec::new();
    let mut points = Vec::new();
    for chunk in data.chunks_exact(33).take(64) {
        let mut b = [0u8; 32];
        b.copy_from_slice(&chunk[..32]);
        let s = match chunk[0] % 8 {
            0 => Scalar::ZERO,
            1 => Scalar::ONE,
            2 => -Scalar::ONE,
            _ => Scalar::from_bytes_mod_order(b),
        };
        scalars.push(s);
        points.push(pool[chunk[32] as usize % pool.len()]);
    }
    let naive = RistrettoPoint::from_dalek(&scalars.iter().zip(&points).fold(
        ballistic::ristretto::RistrettoPoint::default(),
        |acc, (s, p)| acc + p.to_dalek() * s,
    ));
    let scalars: Vec<_> = scalars.iter().map(Ristretto::scalar_from_api).collect();
    assert_eq!(
        scalars.iter().zip(&points).fold(Ristretto::identity(), |acc, (s, p)| acc + Ristretto::mul(s, p)),
        naive,
        "single multiplications"
    );
    assert_eq!(Ristretto::multiscalar_mul(&scalars, &points), naive, "constant-time MSM");
    assert_eq!(Ristretto::vartime_multiscalar_mul(&scalars, &points), naive, "vartime MSM");
    let pre = Ristretto::precompute(&points);
    assert_eq!(Ristretto::vartime_precomputed_mul(&pre, &scalars, &[], &[]), naive, "precomputed MSM");
    // Split between static and dynamic parts.
    let k = scalars.len() / 2;
    assert_eq!(
        Ristretto::vartime_precomputed_mul(&pre, &scalars[..k], &scalars[k..], &points[k..]),
        naive,
        "mixed precomputed MSM"
    );
});
