//! Multiscalar multiplication differential: the constant-time, variable-time and
//! precomputed paths of the curve backend agree with a naive sum of products.
//! Input: up to 64 pairs of (32-byte scalar seed, 1-byte point selector), edge values
//! included. The oracle is curve25519-dalek's own arithmetic: its variable-time
//! multiscalar multiplication (an implementation independent of ballistic's), and
//! ballistic's single scalar multiplications are checked against dalek's on the
//! first terms. Tables are precomputed for the first 16 points, the other terms
//! enter as dynamic ones. (Sizes up to 300 and 2^k±1 are covered by
//! `tests/msm.rs`.) The lane-parallel paths run on one ristretto255 backend the
//! CPU has (IFMA, AVX2, portable) per input, forced: the input's length modulo 33
//! (the bytes after the last whole pair) picks it, so the fuzzer reaches every
//! backend and each input pays for one backend's tables. run.sh (CI's smoke runs)
//! runs this target under AddressSanitizer, campaign.sh without it
//! (`fuzz/targets.sh`).
#![no_main]
use ballistic::curve::ristretto::{Point as RistrettoPoint, Ristretto};
use ballistic::curve::Curve;
use ballistic::ristretto::{force_backend, Backend, Scalar};
use curve25519_dalek::traits::VartimeMultiscalarMul;
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

/// The pool of points, as ballistic's points and as curve25519-dalek's.
type Pool = (Vec<RistrettoPoint>, Vec<ballistic::ristretto::RistrettoPoint>);
static POINTS: OnceLock<Pool> = OnceLock::new();

/// Terms whose single multiplications are checked against dalek's.
const SINGLE_CHECKS: usize = 4;
/// Points with precomputed tables (building them is the costliest step, once per
/// backend; tables of up to 300 points are checked by `tests/msm.rs`).
const TABLE_POINTS: usize = 16;

/// The backends this CPU runs (each input is checked on one of them).
fn backends() -> Vec<Backend> {
    Backend::ALL
        .into_iter()
        .filter(|b| b.available())
        .collect()
}

fuzz_target!(|data: &[u8]| {
    // A small pool with edge points: identity, P and −P, duplicates.
    let (pool, dalek_pool) = POINTS.get_or_init(|| {
        // Which field backends the lane-parallel MSMs run on: run.sh prints them.
        eprintln!("msm: ristretto255 lane backends {:?}", backends());
        let mut v = Ristretto::generator_chain(b"fuzz msm", 6);
        v.push(Ristretto::identity());
        v.push(-v[0]);
        v.push(v[1]);
        let d = v.iter().map(RistrettoPoint::to_dalek).collect();
        (v, d)
    });
    let mut scalars = Vec::new();
    let mut points = Vec::new();
    let mut dalek_points = Vec::new();
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
        let i = chunk[32] as usize % pool.len();
        points.push(pool[i]);
        dalek_points.push(dalek_pool[i]);
    }
    let naive = RistrettoPoint::from_dalek(
        &ballistic::ristretto::RistrettoPoint::vartime_multiscalar_mul(&scalars, &dalek_points),
    );
    for ((s, p), d) in scalars.iter().zip(&points).zip(&dalek_points).take(SINGLE_CHECKS) {
        assert_eq!(
            Ristretto::mul(&Ristretto::scalar_from_api(s), p),
            RistrettoPoint::from_dalek(&(d * s)),
            "single multiplication"
        );
    }
    let scalars: Vec<_> = scalars.iter().map(Ristretto::scalar_from_api).collect();
    let available = backends();
    let backend = available[data.len() % 33 % available.len()];
    force_backend(Some(backend));
    assert_eq!(Ristretto::multiscalar_mul(&scalars, &points), naive, "constant-time MSM, {backend:?}");
    assert_eq!(Ristretto::vartime_multiscalar_mul(&scalars, &points), naive, "vartime MSM, {backend:?}");
    // Tables of the first `t` points: every term static when they are all, the
    // rest dynamic otherwise; then only the first half of those static.
    let t = points.len().min(TABLE_POINTS);
    let pre = Ristretto::precompute(&points[..t]);
    assert_eq!(
        Ristretto::vartime_precomputed_mul(&pre, &scalars[..t], &scalars[t..], &points[t..]),
        naive,
        "precomputed MSM, {backend:?}"
    );
    let k = t / 2;
    assert_eq!(
        Ristretto::vartime_precomputed_mul(&pre, &scalars[..k], &scalars[k..], &points[k..]),
        naive,
        "mixed precomputed MSM, {backend:?}"
    );
    force_backend(None);
});
