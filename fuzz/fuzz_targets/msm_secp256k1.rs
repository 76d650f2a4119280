//! Multiscalar multiplication differential on secp256k1: the dispatched
//! variable-time MSM against the naive sum of constant-time products and the
//! constant-time MSM (short inputs), and the precomputed tables and the generic
//! algorithms directly (Straus, Pippenger and batch-affine Pippenger with windows the
//! dispatcher never picks) against it. Input: up to 8 pairs of (32-byte scalar
//! seed, 1-byte point selector), edge values included; sizes up to 1025 and the
//! algorithms' crossovers are covered by the secp256k1 unit tests.
#![no_main]
use ballistic::curve::secp256k1::{Jacobian, Secp256k1};
use ballistic::curve::Curve;
use ballistic::msm::{pippenger, straus};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

type Point = <Secp256k1 as Curve>::Point;
type Scalar = <Secp256k1 as Curve>::Scalar;

static POINTS: OnceLock<Vec<Point>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    // A small pool with edge points: identity, P and −P, duplicates.
    let pool = POINTS.get_or_init(|| {
        let mut v = Secp256k1::generator_chain(b"fuzz msm", 6);
        v.push(Secp256k1::identity());
        v.push(-v[0]);
        v.push(v[1]);
        v
    });
    let mut scalars: Vec<Scalar> = Vec::new();
    let mut points = Vec::new();
    for chunk in data.chunks_exact(33).take(8) {
        let mut w = [0u8; 64];
        w[..32].copy_from_slice(&chunk[..32]);
        let s = match chunk[0] % 8 {
            0 => Secp256k1::scalar_zero(),
            1 => Secp256k1::scalar_one(),
            2 => -Secp256k1::scalar_one(),
            3 => -Secp256k1::scalar_from_u64(u64::from(chunk[1])),
            _ => Secp256k1::scalar_from_wide_bytes(&w),
        };
        scalars.push(s);
        points.push(pool[chunk[32] as usize % pool.len()]);
    }
    // Reference: the dispatched variable-time MSM; the naive sum of constant-time
    // products (slow) checks it on short inputs.
    let naive = Secp256k1::vartime_multiscalar_mul(&scalars, &points);
    if scalars.len() <= 2 {
        let sum = scalars
            .iter()
            .zip(&points)
            .fold(Secp256k1::identity(), |acc, (s, p)| acc + Secp256k1::mul(s, p));
        assert_eq!(sum, naive, "vartime MSM against the naive sum");
        assert_eq!(Secp256k1::multiscalar_mul(&scalars, &points), naive, "constant-time MSM");
    }
    // Precomputed tables of a small width (2..=5; the width-8/10 tables the library
    // builds are checked in its unit tests) for half the points, the rest dynamic.
    let k = scalars.len() / 2;
    let w = 2 + data.len() % 4;
    let jac: Vec<Jacobian> = points
        .iter()
        .map(|p| Jacobian::from_affine(&p.to_affine()))
        .collect();
    let limbs: Vec<[u64; 4]> = scalars
        .iter()
        .map(|x| {
            let be = Secp256k1::scalar_to_bytes(x);
            core::array::from_fn(|i| {
                let mut w = [0u8; 8];
                w.copy_from_slice(&be[32 - 8 * (i + 1)..32 - 8 * i]);
                u64::from_be_bytes(w)
            })
        })
        .collect();
    // Small windows (2..=5): large ones cost 2^c bucket additions per window.
    let c = (data.len() % 4) + 2;
    let tables = straus::Tables::new(&jac[..k], w);
    assert_eq!(
        straus::msm_with_tables(&tables, &limbs[..k], &limbs[k..], &jac[k..]).to_point(),
        naive,
        "tables w={w} + dynamic"
    );
    assert_eq!(straus::msm(&limbs, &points), naive, "Straus");
    assert_eq!(pippenger::msm_with_window(&limbs, &points, c), naive, "Pippenger c={c}");
    assert_eq!(
        pippenger::msm_batch_affine_with_window(&limbs, &points, c),
        naive,
        "batch-affine c={c}"
    );
});
