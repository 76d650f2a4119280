//! Time of one scalar inversion: constant time (Fermat's little theorem, an
//! addition chain) against variable time (safegcd, for public values), on
//! ristretto255 (`MontScalar`, and curve25519-dalek's `Scalar::invert` beside them)
//! and on secp256k1 (k256's `Scalar::invert` against the `Curve` trait's variable-time
//! inversion), over 4,096 distinct values; best of five.
//!
//! ```text
//! cargo run --release -p bench --bin invert
//! ```

use ballistic::curve::ristretto::MontScalar;
use ballistic::curve::secp256k1::Secp256k1;
use ballistic::curve::Curve;
use rand::{RngCore, SeedableRng};
use std::hint::black_box;
use std::time::Instant;

/// Nanoseconds per call of `f` over `xs`, best of five passes.
fn time<T>(xs: &[T], f: impl Fn(&T) -> T) -> f64 {
    (0..5)
        .map(|_| {
            let start = Instant::now();
            for x in xs {
                black_box(f(black_box(x)));
            }
            start.elapsed().as_secs_f64() * 1e9 / xs.len() as f64
        })
        .fold(f64::MAX, f64::min)
}

fn main() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let n = 4096;
    let dalek: Vec<curve25519_dalek::Scalar> = (0..n)
        .map(|_| {
            let mut wide = [0u8; 64];
            rng.fill_bytes(&mut wide);
            curve25519_dalek::Scalar::from_bytes_mod_order_wide(&wide)
        })
        .collect();
    let mont: Vec<MontScalar> = dalek.iter().map(MontScalar::from_dalek).collect();
    let secp: Vec<_> = (0..n).map(|_| Secp256k1::scalar_random(&mut rng)).collect();
    let ct = time(&mont, MontScalar::invert);
    let var = time(&mont, MontScalar::invert_vartime);
    let d = time(&dalek, curve25519_dalek::Scalar::invert);
    println!(
        "ristretto255: invert {ct:.0} ns, invert_vartime {var:.0} ns ({:.2}x), dalek {d:.0} ns",
        var / ct
    );
    let ct = time(&secp, Secp256k1::scalar_invert);
    let var = time(&secp, Secp256k1::scalar_invert_vartime);
    println!(
        "secp256k1: invert (k256) {ct:.0} ns, invert_vartime {var:.0} ns ({:.2}x)",
        var / ct
    );
}
