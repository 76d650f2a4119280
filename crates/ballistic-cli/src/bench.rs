//! `ballistic bench`: times the standard workloads on this machine (ristretto255,
//! plus a Grin-style 64-bit proof on secp256k1 in secp256k1-zkp's format).
//!
//! Every iteration uses fresh random values and blindings (proving) or a different
//! proof from a pool of distinct proofs (verifying), so no routine is timed on one
//! repeated input. Reports the median of the runs. The comparison with other
//! libraries lives in `crates/interop` (criterion), so this binary does not depend on
//! them.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use ballistic::merlin::Transcript;
use ballistic::ristretto::{
    random_scalar, BatchVerifier, BulletproofGens, CompressedRistretto, PedersenGens, RangeProof,
    Scalar,
};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rand::{CryptoRng, Rng, RngCore};

use crate::error::{CliError, EXIT_OK};
use crate::secp;

/// Arguments of `ballistic bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Fewer runs and smaller batches (a few seconds in all).
    #[arg(long)]
    pub quick: bool,
}

/// One workload: a label and a function timing `runs` repetitions (returns the times).
struct Workload {
    label: String,
    per: &'static str,
    units: usize,
    times: Vec<Duration>,
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v.get(v.len() / 2).copied().unwrap_or_default()
}

fn fmt(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us >= 1000.0 {
        format!("{:.2} ms", us / 1000.0)
    } else {
        format!("{us:.1} µs")
    }
}

/// A proof and its commitments.
type Proven = (RangeProof, Vec<CompressedRistretto>);

/// Random values of `n` bits and random blindings for `m` values.
fn random_inputs(
    n: usize,
    m: usize,
    rng: &mut (impl RngCore + CryptoRng),
) -> (Vec<u64>, Vec<Scalar>) {
    let values = (0..m).map(|_| rng.gen::<u64>() >> (64 - n)).collect();
    let blindings = (0..m).map(|_| random_scalar(&mut *rng)).collect();
    (values, blindings)
}

fn prove_one(
    bp: &BulletproofGens,
    pc: &PedersenGens,
    (values, blindings): &(Vec<u64>, Vec<Scalar>),
    n: usize,
) -> Result<Proven, CliError> {
    RangeProof::prove_multiple_with_rng(
        bp,
        pc,
        &mut Transcript::new(b"ballistic bench"),
        values,
        blindings,
        n,
        &mut rand::thread_rng(),
    )
    .map_err(|e| CliError::new(format!("proving failed: {e}")))
}

fn verify_one(
    bp: &BulletproofGens,
    pc: &PedersenGens,
    proof: &RangeProof,
    commitments: &[CompressedRistretto],
    n: usize,
) -> Result<(), CliError> {
    proof
        .verify_multiple_with_rng(
            bp,
            pc,
            &mut Transcript::new(b"ballistic bench"),
            commitments,
            n,
            &mut rand::thread_rng(),
        )
        .map_err(|e| CliError::new(format!("verification failed: {e}")))
}

/// `count` distinct proofs of shape `(n, m)`.
fn proofs(
    bp: &BulletproofGens,
    pc: &PedersenGens,
    n: usize,
    m: usize,
    count: usize,
) -> Result<Vec<Proven>, CliError> {
    let mut rng = rand::thread_rng();
    (0..count)
        .map(|_| prove_one(bp, pc, &random_inputs(n, m, &mut rng), n))
        .collect()
}

/// A secp256k1 proof and its commitments.
type ProvenK1 = (ballistic::secp256k1::RangeProof, Vec<[u8; 33]>);

/// Proves `m` random `n`-bit values on secp256k1 (secp256k1-zkp's format; a fresh
/// random nonce every time).
fn prove_secp256k1(
    bp: &ballistic::secp256k1::BulletproofGens,
    pc: &ballistic::secp256k1::PedersenGens,
    n: usize,
    m: usize,
) -> Result<ProvenK1, CliError> {
    use ballistic::secp256k1::{RangeProof, Transcript};
    let mut rng = rand::thread_rng();
    let values: Vec<u64> = (0..m).map(|_| rng.gen::<u64>() >> (64 - n)).collect();
    let blindings: Vec<_> = (0..m).map(|_| secp::random_scalar(&mut rng)).collect();
    let nonce = secp::random_nonce(&mut rng);
    RangeProof::prove_multiple_with_rng(
        bp,
        pc,
        &mut Transcript::new().with_nonce(nonce),
        &values,
        &blindings,
        n,
        &mut rng,
    )
    .map_err(|e| CliError::new(format!("proving failed: {e}")))
}

/// Parses and verifies one secp256k1 proof.
fn verify_secp256k1(
    bp: &ballistic::secp256k1::BulletproofGens,
    pc: &ballistic::secp256k1::PedersenGens,
    bytes: &[u8],
    commitments: &[[u8; 33]],
    n: usize,
) -> Result<(), CliError> {
    use ballistic::secp256k1::{RangeProof, Transcript};
    RangeProof::from_bytes(bytes)
        .and_then(|p| {
            p.verify_multiple_with_rng(
                bp,
                pc,
                &mut Transcript::new(),
                commitments,
                n,
                &mut rand::thread_rng(),
            )
        })
        .map_err(|e| CliError::new(format!("verification failed: {e}")))
}

/// Times proving and verifying `runs` Grin-style proofs (64 bits, one value, Grin's
/// 256 generators) on secp256k1; returns the two rows.
fn secp256k1_rows(runs: usize) -> Result<[Workload; 2], CliError> {
    let (n, m) = (64, 1);
    let bp = secp::generators_for(n, m);
    let pc = ballistic::secp256k1::PedersenGens::default();
    // Untimed: warms the prover's tables; then distinct proofs for verification.
    let pool: Vec<(Vec<u8>, Vec<[u8; 33]>)> = (0..runs)
        .map(|_| prove_secp256k1(&bp, &pc, n, m).map(|(p, vs)| (p.to_bytes(), vs)))
        .collect::<Result<_, _>>()?;
    let mut prove_times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let t = Instant::now();
        prove_secp256k1(&bp, &pc, n, m)?;
        prove_times.push(t.elapsed());
    }
    if let Some((bytes, vs)) = pool.first() {
        verify_secp256k1(&bp, &pc, bytes, vs, n)?;
    }
    let mut verify_times = Vec::with_capacity(runs);
    for (bytes, vs) in &pool {
        let t = Instant::now();
        verify_secp256k1(&bp, &pc, bytes, vs, n)?;
        verify_times.push(t.elapsed());
    }
    Ok([
        Workload {
            label: format!("prove   secp256k1 n={n} m={m}"),
            per: "proof",
            units: 1,
            times: prove_times,
        },
        Workload {
            label: format!("verify  secp256k1 n={n} m={m}"),
            per: "proof",
            units: 1,
            times: verify_times,
        },
    ])
}

/// Runs `ballistic bench`.
pub fn run(args: BenchArgs) -> Result<ExitCode, CliError> {
    let runs = if args.quick { 5 } else { 21 };
    let batch = if args.quick { 32 } else { 256 };
    let pc = PedersenGens::default();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "ballistic bench: ristretto255 ({} backend, {} lanes; BALLISTIC_BACKEND=avx2|ifma|portable \
         to choose) and secp256k1 (Grin's format), median of {runs} runs, fresh inputs every run{}",
        ballistic::ristretto::backend().name(),
        ballistic::ristretto::backend().lanes(),
        if cfg!(debug_assertions) {
            " (debug build: use --release)"
        } else {
            ""
        }
    )?;
    let shapes = [(64usize, 1usize), (32, 1), (64, 8)];
    let steps = (shapes.len() * 2 + 2) as u64;
    let bar = ProgressBar::new(steps);
    bar.set_style(
        ProgressStyle::with_template("   {spinner} {msg:<28} [{bar:20}] {pos}/{len}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.enable_steady_tick(Duration::from_millis(100));
    let mut rng = rand::thread_rng();
    let mut rows: Vec<Workload> = Vec::new();
    // (n, m, bytes, build time) of the verifier's tables of every shape.
    let mut tables: Vec<(usize, usize, usize, Duration)> = Vec::new();
    for &(n, m) in &shapes {
        let bp = BulletproofGens::new(n, m);
        // The verifier's cached tables for this shape, built once (before any proof,
        // which may build them too) and reported.
        let t = Instant::now();
        let bytes = bp
            .precompute_verifier(n, m)
            .map_err(|e| CliError::new(format!("tables of n={n} m={m}: {e}")))?;
        tables.push((n, m, bytes, t.elapsed()));
        bar.set_message(format!("prove n={n} m={m}"));
        // Distinct proofs for the verification runs (untimed).
        let pool = proofs(&bp, &pc, n, m, runs)?;
        let mut times = Vec::with_capacity(runs);
        for _ in 0..runs {
            let inputs = random_inputs(n, m, &mut rng);
            let t = Instant::now();
            prove_one(&bp, &pc, &inputs, n)?;
            times.push(t.elapsed());
        }
        rows.push(Workload {
            label: format!("prove   n={n} m={m}"),
            per: "proof",
            units: 1,
            times,
        });
        bar.inc(1);

        bar.set_message(format!("verify n={n} m={m}"));
        let mut times = Vec::with_capacity(runs);
        for (p, vs) in &pool {
            let bytes = p.to_bytes();
            let t = Instant::now();
            let parsed = RangeProof::from_bytes(&bytes)
                .map_err(|e| CliError::new(format!("parse failed: {e}")))?;
            verify_one(&bp, &pc, &parsed, vs, n)?;
            times.push(t.elapsed());
        }
        rows.push(Workload {
            label: format!("verify  n={n} m={m}"),
            per: "proof",
            units: 1,
            times,
        });
        bar.inc(1);
    }
    bar.set_message(format!("batch of {batch} x (64, 1)"));
    let bp = BulletproofGens::new(64, 1);
    let pool = proofs(&bp, &pc, 64, 1, batch)?;
    let encoded: Vec<_> = pool
        .iter()
        .map(|(p, vs)| (p.to_bytes(), vs.clone()))
        .collect();
    let mut times = Vec::new();
    for _ in 0..runs.min(7) {
        let t = Instant::now();
        let mut bv = BatchVerifier::new(&bp);
        let parsed: Vec<RangeProof> = encoded
            .iter()
            .map(|(b, _)| RangeProof::from_bytes(b))
            .collect::<Result<_, _>>()
            .map_err(|e| CliError::new(format!("parse failed: {e}")))?;
        for (p, (_, vs)) in parsed.iter().zip(&encoded) {
            bv.add(p, &pc, &mut Transcript::new(b"ballistic bench"), vs, 64);
        }
        bv.verify(&mut rng)
            .map_err(|e| CliError::new(format!("batch verification failed: {e}")))?;
        times.push(t.elapsed());
    }
    rows.push(Workload {
        label: format!("batch   {batch} x (64, 1)"),
        per: "proof",
        units: batch,
        times,
    });
    bar.inc(1);
    bar.set_message("secp256k1 n=64 m=1".to_string());
    rows.extend(secp256k1_rows(runs)?);
    bar.inc(1);
    bar.finish_and_clear();

    writeln!(
        out,
        "   {:<28} {:>12} {:>14}",
        "workload", "median", "per proof"
    )?;
    for w in rows {
        let med = median(w.times);
        let per = med / w.units.max(1) as u32;
        writeln!(
            out,
            "   {:<28} {:>12} {:>14}",
            w.label,
            fmt(med),
            format!("{} /{}", fmt(per), w.per)
        )?;
    }
    for (n, m, bytes, built) in tables {
        writeln!(
            out,
            "   verifier tables n={n} m={m}: {:.2} MiB, built once in {}",
            bytes as f64 / (1024.0 * 1024.0),
            fmt(built)
        )?;
    }
    writeln!(
        out,
        "Side-by-side ratios against other libraries: cargo bench -p interop (see BENCHMARKS.md)."
    )?;
    Ok(ExitCode::from(EXIT_OK))
}
