//! Throughput of the element-wise scalar products (`MontScalar::mul_many`, eight
//! per AVX-512 IFMA instruction where the field runs on IFMA) against a loop of
//! `MontScalar` multiplications, over 4,096 pairs that change every repetition.
//!
//! ```text
//! cargo run --release -p bench --bin scalar_mul_many
//! BALLISTIC_BACKEND=avx2 cargo run --release -p bench --bin scalar_mul_many
//! ```

use ballistic::curve::ristretto::MontScalar;
use std::time::Instant;

fn main() {
    let n = 4096;
    let inverse = |k: u64| MontScalar::from_u64(k).invert();
    let mut a: Vec<MontScalar> = (1..=n as u64).map(|i| inverse(7919 * i + 3)).collect();
    let b: Vec<MontScalar> = (1..=n as u64).map(|i| inverse(104_729 * i + 11)).collect();
    let mut out = vec![MontScalar::ZERO; n];
    println!("backend {}", ballistic::ristretto::backend().name());
    let reps = 200;
    for _ in 0..5 {
        let start = Instant::now();
        for r in 0..reps {
            MontScalar::mul_many(&mut out, &a, &b);
            // The next repetition multiplies other values.
            a[r % n] = out[(r * 7) % n];
        }
        let lanes = start.elapsed().as_secs_f64() * 1e9 / (reps * n) as f64;
        let start = Instant::now();
        for r in 0..reps {
            for ((o, x), y) in out.iter_mut().zip(&a).zip(&b) {
                *o = *x * *y;
            }
            a[r % n] = std::hint::black_box(out[(r * 7) % n]);
        }
        let scalar = start.elapsed().as_secs_f64() * 1e9 / (reps * n) as f64;
        println!("mul_many {lanes:.2} ns per product, MontScalar loop {scalar:.2} ns per product");
    }
}
