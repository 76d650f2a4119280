//! Multiscalar multiplication differential: the constant-time, variable-time and
//! precomputed paths of the curve backend agree with a naive sum of products.
//! Input: up to 64 pairs of (32-byte scalar seed, 1-byte point selector), edge values
//! included. The oracle is curve25519-dalek's own arithmetic: a naive sum of its
//! single scalar multiplications. (Sizes up to 300 and 2^k±1 are covered by
//! `tests/msm.rs`.) The lane-parallel paths run on every ristretto255 backend the
//! CPU has (IFMA, AVX2, portable), each forced in turn; run.sh runs this target
//! under AddressSanitizer.
#![no_main]
use ballistic::curve::ristretto::{Point as RistrettoPoint, Ristretto};
use ballistic::curve::Curve;
use ballistic::ristretto::{force_backend, Backend, Scalar};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

static POINTS: OnceLock<Vec<RistrettoPoint>> = OnceLock::new();

/// The backends this CPU runs (every one is checked on every input).
fn backends() -> Vec<Backend> {
    Backend::ALL
        .into_iter()
        .filter(|b| b.available())
        .collect()
}

fuzz_target!(|data: &[u8]| {
    // A small pool with edge points: identity, P and −P, duplicates.
    let pool = POINTS.get_or_init(|| {
        // Which field backends the lane-parallel MSMs run on: run.sh prints them.
        eprintln!("msm: ristretto255 lane backends {:?}", backends());
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
    for backend in backends() {
        force_backend(Some(backend));
        assert_eq!(Ristretto::multiscalar_mul(&scalars, &points), naive, "constant-time MSM, {backend:?}");
        assert_eq!(Ristretto::vartime_multiscalar_mul(&scalars, &points), naive, "vartime MSM, {backend:?}");
        let pre = Ristretto::precompute(&points);
        assert_eq!(Ristretto::vartime_precomputed_mul(&pre, &scalars, &[], &[]), naive, "precomputed MSM, {backend:?}");
        // Split between static and dynamic parts.
        let k = scalars.len() / 2;
        assert_eq!(
            Ristretto::vartime_precomputed_mul(&pre, &scalars[..k], &scalars[k..], &points[k..]),
            naive,
            "mixed precomputed MSM, {backend:?}"
        );
    }
    force_backend(None);
});
