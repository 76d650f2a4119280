//! Peak heap memory of batch verification (issue 3's memory targets), measured with a
//! counting global allocator: the peak is reset after the proofs are made and parsed,
//! so it covers exactly the verifier's own allocations.
//!
//! * `BatchVerifier` with 1,024 single 64-bit proofs (target: under 64 MiB);
//! * `StreamingVerifier` (chunks of 256) with 256, 1,024 and 4,096 proofs: its peak
//!   must not grow with the number of proofs.
//!
//! ```text
//! cargo run --release -p bench --bin batch_memory            # ristretto255
//! cargo run --release -p bench --bin batch_memory secp256k1  # secp256k1-zkp format
//! ```

#[path = "../../../ballistic/tests/support/counting_alloc.rs"]
mod counting_alloc;
use counting_alloc::{mib, peak, reset_peak, Counting};

#[global_allocator]
static ALLOC: Counting = Counting;

/// Proves `k` single 64-bit proofs; returns (proof bytes, commitment) pairs.
macro_rules! measure {
    ($name:expr, $k_max:expr, $make:expr, $batch:expr, $stream:expr) => {{
        let pool = $make($k_max);
        for k in [256usize, 1024, $k_max] {
            let base = reset_peak();
            $batch(&pool[..k]);
            let batch_peak = peak() - base;
            let base = reset_peak();
            $stream(&pool[..k]);
            let stream_peak = peak() - base;
            println!(
                "{}: {k} proofs: BatchVerifier peak {:.2} MiB, StreamingVerifier (chunks of 256) peak {:.2} MiB",
                $name,
                mib(batch_peak),
                mib(stream_peak)
            );
        }
    }};
}

fn main() {
    let secp = std::env::args().nth(1).as_deref() == Some("secp256k1");
    let k_max = 4096;
    if secp {
        use ballistic::curve::{secp256k1::Secp256k1, Curve};
        use ballistic::range_proof::batch::StreamingVerifier;
        use ballistic::secp256k1::*;
        let bp = grin_generators();
        let pc = PedersenGens::default();
        measure!(
            "secp256k1",
            k_max,
            |k: usize| -> Vec<(RangeProof, [u8; 33])> {
                let mut rng = rand::thread_rng();
                (0..k)
                    .map(|i| {
                        let b = Secp256k1::scalar_random(&mut rng);
                        RangeProof::prove_single_with_rng(
                            &bp,
                            &pc,
                            &mut Transcript::new().with_nonce(rand::Rng::gen(&mut rng)),
                            i as u64,
                            &b,
                            64,
                            &mut rng,
                        )
                        .expect("prove")
                    })
                    .collect()
            },
            |pool: &[(RangeProof, [u8; 33])]| {
                let mut batch = BatchVerifier::new(&bp);
                for (p, v) in pool {
                    batch.add(p, &pc, &mut Transcript::new(), &[*v], 64);
                }
                batch.verify(&mut rand::thread_rng()).expect("valid");
            },
            |pool: &[(RangeProof, [u8; 33])]| {
                let mut s = StreamingVerifier::new(&bp, 256, rand::thread_rng());
                for (p, v) in pool {
                    s.add(p, &pc, &mut Transcript::new(), &[*v], 64);
                }
                s.finish().expect("valid");
            }
        );
    } else {
        use ballistic::merlin::Transcript;
        use ballistic::range_proof::batch::StreamingVerifier;
        use ballistic::ristretto::*;
        let bp = BulletproofGens::new(64, 1);
        let pc = PedersenGens::default();
        measure!(
            "ristretto255",
            k_max,
            |k: usize| -> Vec<(RangeProof, CompressedRistretto)> {
                let mut rng = rand::thread_rng();
                (0..k)
                    .map(|i| {
                        RangeProof::prove_single_with_rng(
                            &bp,
                            &pc,
                            &mut Transcript::new(b"memory"),
                            i as u64,
                            &random_scalar(&mut rng),
                            64,
                            &mut rng,
                        )
                        .expect("prove")
                    })
                    .collect()
            },
            |pool: &[(RangeProof, CompressedRistretto)]| {
                let mut batch = BatchVerifier::new(&bp);
                for (p, v) in pool {
                    batch.add(p, &pc, &mut Transcript::new(b"memory"), &[*v], 64);
                }
                batch.verify(&mut rand::thread_rng()).expect("valid");
            },
            |pool: &[(RangeProof, CompressedRistretto)]| {
                let mut s = StreamingVerifier::new(&bp, 256, rand::thread_rng());
                for (p, v) in pool {
                    s.add(p, &pc, &mut Transcript::new(b"memory"), &[*v], 64);
                }
                s.finish().expect("valid");
            }
        );
    }
}
