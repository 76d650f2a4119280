//! Where the time of multi-party proving goes: each round of dalek's dealer and
//! parties (n = 64, `m` parties in one process, fresh values and blindings every
//! run), against `RangeProof::prove_multiple` of the same shape, median of `RUNS`
//! alternating runs:
//!
//! ```text
//! cargo run --release -p bench --bin mpc_profile [M]
//! ```
//! Rounds: `Party::new` + `assign_position` (the parties' `A_j`, `S_j`), the
//! dealer's `receive_bit_commitments`, the parties' `apply_challenge(y, z)`
//! (`T_1,j`, `T_2,j`), the dealer's `receive_poly_commitments`, the parties'
//! `apply_challenge(x)` (shares), the dealer's `receive_trusted_shares` (the
//! inner-product argument), and the extra time of `receive_shares` (verification).

use ballistic::merlin::Transcript;
use ballistic::ristretto::range_proof_mpc::{dealer::Dealer, party::Party};
use ballistic::ristretto::*;
use rand::Rng;
use std::time::Instant;

const RUNS: usize = 41;
const N: usize = 64;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let m: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2);
    let mut rng = rand::thread_rng();
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(N, m);
    let names = [
        "parties: bit commitments",
        "dealer: bit challenge",
        "parties: poly commitments",
        "dealer: poly challenge",
        "parties: shares",
        "dealer: trusted assembly",
        "dealer: verification (extra)",
        "prove_multiple",
        "verify_multiple of the proof",
    ];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    for run in 0..RUNS {
        let values: Vec<u64> = (0..m).map(|_| rng.gen()).collect();
        let blindings: Vec<Scalar> = (0..m).map(|_| random_scalar(&mut rng)).collect();
        let verifying = run % 2 == 1;
        let mut t = Transcript::new(b"mpc profile");
        let mut clock = Instant::now();
        let mut lap = |i: usize, times: &mut Vec<Vec<f64>>| {
            let now = Instant::now();
            times[i].push((now - clock).as_secs_f64() * 1e6);
            clock = now;
        };
        let dealer = Dealer::new(&bp, &pc, &mut t, N, m).expect("dealer");
        let (parties, bits): (Vec<_>, Vec<_>) = values
            .iter()
            .zip(&blindings)
            .enumerate()
            .map(|(j, (v, g))| {
                Party::new(&bp, &pc, *v, *g, N)
                    .expect("party")
                    .assign_position(j)
                    .expect("position")
            })
            .unzip();
        lap(0, &mut times);
        let (dealer, yz) = dealer.receive_bit_commitments(bits).expect("bits");
        lap(1, &mut times);
        let (parties, polys): (Vec<_>, Vec<_>) =
            parties.into_iter().map(|p| p.apply_challenge(&yz)).unzip();
        lap(2, &mut times);
        let (dealer, x) = dealer.receive_poly_commitments(polys).expect("polys");
        lap(3, &mut times);
        let shares: Vec<_> = parties
            .into_iter()
            .map(|p| p.apply_challenge(&x).expect("share"))
            .collect();
        lap(4, &mut times);
        let proof = if verifying {
            let proof = dealer.receive_shares(&shares).expect("proof");
            let t = clock.elapsed().as_secs_f64() * 1e6;
            let trusted = *times[5].last().expect("an even run first");
            times[6].push(t - trusted);
            proof
        } else {
            let proof = dealer.receive_trusted_shares(&shares).expect("proof");
            lap(5, &mut times);
            proof
        };
        let commitments: Vec<CompressedRistretto> = values
            .iter()
            .zip(&blindings)
            .map(|(v, g)| pc.commit(Scalar::from(*v), *g).compress())
            .collect();
        let clock = Instant::now();
        proof
            .verify_multiple(
                &bp,
                &pc,
                &mut Transcript::new(b"mpc profile"),
                &commitments,
                N,
            )
            .expect("verifies");
        times[8].push(clock.elapsed().as_secs_f64() * 1e6);
        let clock = Instant::now();
        std::hint::black_box(
            RangeProof::prove_multiple(
                &bp,
                &pc,
                &mut Transcript::new(b"p"),
                &values,
                &blindings,
                N,
            )
            .expect("proves"),
        );
        times[7].push(clock.elapsed().as_secs_f64() * 1e6);
    }
    println!(
        "n = {N}, m = {m}, backend {:?}, median of {RUNS} runs (µs):",
        backend()
    );
    let med: Vec<f64> = times.into_iter().map(median).collect();
    for (name, t) in names.iter().zip(&med) {
        println!("  {name:<30} {t:>9.1}");
    }
    let trusting: f64 = med[..6].iter().sum();
    println!(
        "  trusting ÷ prove_multiple {:.3}, verifying ÷ prove_multiple {:.3}",
        trusting / med[7],
        (trusting + med[6]) / med[7]
    );
}
