//! Multi-party proving: ballistic's dealer and parties against ballistic's own
//! single-party prover and against dalek's dealer and parties (`bulletproofs` 5),
//! same run.
//!
//! Benchmark ids are `mpc/n64_m{m}/{impl}` with `impl` one of:
//! * `ballistic_trusted`, `ballistic_verifying`: `Dealer` plus `m` `Party`s in one
//!   process, all rounds, the dealer finishing with `receive_trusted_shares` (no
//!   check) or `receive_shares` (verifies the proof, as dalek's does);
//! * `ballistic_prove_multiple`: `RangeProof::prove_multiple` of the same shape;
//! * `dalek_trusted`, `dalek_verifying`: dalek's `range_proof_mpc` likewise.
//!
//! Every iteration draws fresh values and blindings (untimed setup); every side
//! draws its randomness from `rand::thread_rng()`. Generators are built once per
//! shape, and one untimed proof per side fills ballistic's per-shape table cache
//! before measuring (a long-lived prover pays it once).
//!
//! Run: `cargo bench -p interop --bench mpc -- --noplot`, then
//! `python3 crates/bench/bench_ratios.py` for the ratios.

use std::time::Duration;

use ballistic::merlin::Transcript;
use ballistic::ristretto as ours;
use ballistic::ristretto::range_proof_mpc as ours_mpc;
use bulletproofs as dalek;
use bulletproofs::range_proof_mpc as dalek_mpc;
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use curve25519_dalek_v4::scalar::Scalar as ScalarV4;
use interop::{random_blindings, random_value};

const LABEL: &[u8] = b"ballistic interop mpc benchmark";

/// Generators of both sides for one shape.
struct Fixture {
    n: usize,
    m: usize,
    ours_bp: ours::BulletproofGens,
    ours_pc: ours::PedersenGens,
    dalek_bp: dalek::BulletproofGens,
    dalek_pc: dalek::PedersenGens,
}

/// Fresh values and the same blindings in both scalar types.
type Inputs = (Vec<u64>, Vec<ours::Scalar>, Vec<ScalarV4>);

impl Fixture {
    fn inputs(&self) -> Inputs {
        let mut rng = rand::thread_rng();
        let values = (0..self.m)
            .map(|_| random_value(&mut rng, self.n))
            .collect();
        let (a, b) = random_blindings(&mut rng, self.m);
        (values, a, b)
    }

    /// ballistic's dealer and parties, all rounds.
    fn ours(&self, (values, blindings, _): &Inputs, verifying: bool) -> ours::RangeProof {
        let mut t = Transcript::new(LABEL);
        let dealer =
            ours_mpc::dealer::Dealer::new(&self.ours_bp, &self.ours_pc, &mut t, self.n, self.m)
                .expect("dealer");
        let (parties, bits): (Vec<_>, Vec<_>) = values
            .iter()
            .zip(blindings)
            .enumerate()
            .map(|(j, (v, g))| {
                ours_mpc::party::Party::new(&self.ours_bp, &self.ours_pc, *v, *g, self.n)
                    .expect("party")
                    .assign_position(j)
                    .expect("position")
            })
            .unzip();
        let (dealer, yz) = dealer.receive_bit_commitments(bits).expect("bits");
        let (parties, polys): (Vec<_>, Vec<_>) =
            parties.into_iter().map(|p| p.apply_challenge(&yz)).unzip();
        let (dealer, x) = dealer.receive_poly_commitments(polys).expect("polys");
        let shares: Vec<_> = parties
            .into_iter()
            .map(|p| p.apply_challenge(&x).expect("share"))
            .collect();
        if verifying {
            dealer.receive_shares(&shares).expect("proof")
        } else {
            dealer.receive_trusted_shares(&shares).expect("proof")
        }
    }

    /// dalek's dealer and parties, all rounds.
    fn dalek(&self, (values, _, blindings): &Inputs, verifying: bool) -> dalek::RangeProof {
        let mut t = Transcript::new(LABEL);
        let dealer =
            dalek_mpc::dealer::Dealer::new(&self.dalek_bp, &self.dalek_pc, &mut t, self.n, self.m)
                .expect("dealer");
        let (parties, bits): (Vec<_>, Vec<_>) = values
            .iter()
            .zip(blindings)
            .enumerate()
            .map(|(j, (v, g))| {
                dalek_mpc::party::Party::new(&self.dalek_bp, &self.dalek_pc, *v, *g, self.n)
                    .expect("party")
                    .assign_position(j)
                    .expect("position")
            })
            .unzip();
        let (dealer, yz) = dealer.receive_bit_commitments(bits).expect("bits");
        let (parties, polys): (Vec<_>, Vec<_>) =
            parties.into_iter().map(|p| p.apply_challenge(&yz)).unzip();
        let (dealer, x) = dealer.receive_poly_commitments(polys).expect("polys");
        let shares: Vec<_> = parties
            .into_iter()
            .map(|p| p.apply_challenge(&x).expect("share"))
            .collect();
        if verifying {
            dealer.receive_shares(&shares).expect("proof")
        } else {
            dealer.receive_trusted_shares(&shares).expect("proof")
        }
    }

    fn prove_multiple(&self, (values, blindings, _): &Inputs) -> ours::RangeProof {
        ours::RangeProof::prove_multiple(
            &self.ours_bp,
            &self.ours_pc,
            &mut Transcript::new(LABEL),
            values,
            blindings,
            self.n,
        )
        .expect("proof")
        .0
    }
}

fn bench(c: &mut Criterion) {
    for m in [2usize, 8] {
        let n = 64;
        let f = Fixture {
            n,
            m,
            ours_bp: ours::BulletproofGens::new(n, m),
            ours_pc: ours::PedersenGens::default(),
            dalek_bp: dalek::BulletproofGens::new(n, m),
            dalek_pc: dalek::PedersenGens::default(),
        };
        // Untimed: fill the per-shape caches, and check that each side's proof
        // verifies under the other crate.
        let i = f.inputs();
        let commitments: Vec<ours::CompressedRistretto> =
            i.0.iter()
                .zip(&i.1)
                .map(|(v, g)| f.ours_pc.commit(ours::Scalar::from(*v), *g).compress())
                .collect();
        let proof = f.ours(&i, true);
        dalek::RangeProof::from_bytes(&proof.to_bytes())
            .expect("dalek parses")
            .verify_multiple(
                &f.dalek_bp,
                &f.dalek_pc,
                &mut Transcript::new(LABEL),
                &interop::commitments_to_v4(&commitments),
                n,
            )
            .expect("dalek verifies ballistic's multi-party proof");
        let proof = f.dalek(&i, false);
        ours::RangeProof::from_bytes(&proof.to_bytes())
            .expect("ballistic parses")
            .verify_multiple(
                &f.ours_bp,
                &f.ours_pc,
                &mut Transcript::new(LABEL),
                &commitments,
                n,
            )
            .expect("ballistic verifies dalek's multi-party proof");
        let _ = f.prove_multiple(&i);

        let mut g = c.benchmark_group(format!("mpc/n{n}_m{m}"));
        g.sample_size(10)
            .measurement_time(Duration::from_secs(if m > 2 { 8 } else { 4 }));
        for (name, verifying) in [("trusted", false), ("verifying", true)] {
            g.bench_function(format!("ballistic_{name}"), |b| {
                b.iter_batched(
                    || f.inputs(),
                    |i| f.ours(&i, verifying),
                    BatchSize::SmallInput,
                )
            });
            g.bench_function(format!("dalek_{name}"), |b| {
                b.iter_batched(
                    || f.inputs(),
                    |i| f.dalek(&i, verifying),
                    BatchSize::SmallInput,
                )
            });
        }
        g.bench_function("ballistic_prove_multiple", |b| {
            b.iter_batched(
                || f.inputs(),
                |i| f.prove_multiple(&i),
                BatchSize::SmallInput,
            )
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
