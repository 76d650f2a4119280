//! Where an R1CS proof's time goes, on a synthetic circuit whose shape resembles
//! hashing circuits: `k` committed 64-bit values, each decomposed into bits with
//! dalek's range gadget (`64·k` multipliers, `128·k + k` constraints), so that
//! `k = 512` fills `2^15` multipliers like a SHA-256 compression.
//!
//! ```text
//! cargo run --release -p bench --bin r1cs_profile [k] [prove|verify]
//! ```
//! Prints the best-of-three time of proving and of verifying (fresh values and
//! blindings every proof); with `prove` or `verify` it repeats only that phase
//! (for `perf record`).

use ballistic::merlin::Transcript;
use ballistic::ristretto::r1cs::{
    ConstraintSystem, LinearCombination, Prover, R1CSError, Verifier,
};
use ballistic::ristretto::{random_scalar, BulletproofGens, PedersenGens, Scalar};
use rand::Rng;
use std::time::Instant;

/// dalek's range gadget: `v` has 64 bits (64 multipliers, 129 constraints).
fn bits<CS: ConstraintSystem>(
    cs: &mut CS,
    mut v: LinearCombination,
    value: Option<u64>,
) -> Result<(), R1CSError> {
    let mut exp_2 = Scalar::ONE;
    let first = cs.metrics().multipliers;
    if std::env::var_os("R1CS_SMALL").is_some() {
        cs.declare_small(first..first + 64);
    }
    for i in 0..64 {
        let (a, b, o) = cs.allocate_multiplier(value.map(|q| {
            let bit = (q >> i) & 1;
            (Scalar::from(1 - bit), Scalar::from(bit))
        }))?;
        cs.constrain(o.into());
        cs.constrain(a + (b - 1u64));
        v = v - b * exp_2;
        exp_2 = exp_2 + exp_2;
    }
    cs.constrain(v);
    Ok(())
}

fn main() -> Result<(), R1CSError> {
    let k: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(512);
    let phase = std::env::args().nth(2).unwrap_or_default();
    let mut rng = rand::thread_rng();
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new((64 * k).next_power_of_two(), 1);
    let prove = |rng: &mut rand::rngs::ThreadRng| -> Result<_, R1CSError> {
        let values: Vec<u64> = (0..k).map(|_| rng.gen()).collect();
        let mut p = Prover::new(&pc, Transcript::new(b"r1cs profile"));
        let mut coms = Vec::with_capacity(k);
        for v in &values {
            let (c, x) = p.commit(Scalar::from(*v), random_scalar(rng));
            coms.push(c);
            bits(&mut p, x.into(), Some(*v))?;
        }
        Ok((p.prove(&bp)?, coms))
    };
    let verify = |proof: &_, coms: &[_]| -> Result<(), R1CSError> {
        let mut v = Verifier::new(Transcript::new(b"r1cs profile"));
        for c in coms {
            let x = v.commit(*c);
            bits(&mut v, x.into(), None)?;
        }
        v.verify(proof, &pc, &bp)
    };
    match phase.as_str() {
        "prove" => {
            for _ in 0..5 {
                std::hint::black_box(prove(&mut rng)?);
            }
        }
        "verify" => {
            let (proof, coms) = prove(&mut rng)?;
            for _ in 0..20 {
                verify(&proof, &coms)?;
            }
        }
        _ => {
            let mut best = (f64::MAX, f64::MAX);
            for _ in 0..3 {
                let t = Instant::now();
                let (proof, coms) = prove(&mut rng)?;
                let tp = t.elapsed().as_secs_f64();
                let t = Instant::now();
                verify(&proof, &coms)?;
                let tv = t.elapsed().as_secs_f64();
                best = (best.0.min(tp), best.1.min(tv));
                println!("proof: {} bytes", proof.to_bytes().len());
            }
            println!(
                "k = {k} ({} multipliers): prove {:.1} ms, verify {:.2} ms",
                64 * k,
                best.0 * 1e3,
                best.1 * 1e3
            );
        }
    }
    Ok(())
}
