//! Peak memory of one SHA-256 compression proof or verification, ballistic vs
//! dalek's `bulletproofs` 4.0.0 (through `interop::dalek_cs`), for `/usr/bin/time -v`.
//!
//! ```text
//! sha256_memory <ballistic|dalek> gens
//! sha256_memory <ballistic|dalek> circuit
//! sha256_memory <ballistic|dalek> prove  [PROOF_FILE]
//! sha256_memory <ballistic|dalek> verify PROOF_FILE
//! ```
//!
//! Every mode builds the side's generators (`PedersenGens::default()`,
//! `BulletproofGens::new(1 << 15, 1)`); `gens` stops there (the baseline to
//! subtract), `circuit` builds the prover's constraint system (the gadget with the
//! witness of one random block) without proving, `prove` proves the compression of
//! one random block (and writes the digest followed by the proof bytes to
//! `PROOF_FILE`), `verify` reads such a file and verifies the proof (either crate's:
//! the format is the same). The
//! transcript is `interop sha256 memory`, bound as ballistic's `prove_compression`
//! binds it. ballistic caches precomputed generator tables on first use (inside the
//! prove or verify step, so they count in its peak); their size is printed.
//!
//! Run (after `cargo build --profile bench -p interop --example sha256_memory`):
//! `/usr/bin/time -v target/release/examples/sha256_memory dalek prove /tmp/p.bin`
//! and read "Maximum resident set size".

use std::process::ExitCode;
use std::time::Instant;

use ballistic::curve::ristretto::Ristretto;
use ballistic::gadgets::sha256;
use ballistic::merlin::Transcript;
use ballistic::r1cs::{ConstraintSystem, Prover, R1CSProof};
use interop::bulletproofs4 as dalek;
use interop::dalek_cs;
use rand::RngCore;

const LABEL: &[u8] = b"interop sha256 memory";
const CAPACITY: usize = 1 << 15;

fn usage() -> ExitCode {
    eprintln!("usage: sha256_memory <ballistic|dalek> <gens|circuit|prove [FILE]|verify FILE>");
    ExitCode::from(2)
}

/// The digest and the proof bytes of a proof file.
fn read_proof(path: &str) -> Result<([u8; 32], Vec<u8>), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    if bytes.len() < 32 {
        return Err(format!("{path}: shorter than a digest"));
    }
    let (digest, proof) = bytes.split_at(32);
    let mut d = [0u8; 32];
    d.copy_from_slice(digest);
    Ok((d, proof.to_vec()))
}

fn write_proof(path: Option<&String>, digest: &[u8; 32], proof: &[u8]) -> Result<(), String> {
    if let Some(path) = path {
        let mut out = digest.to_vec();
        out.extend_from_slice(proof);
        std::fs::write(path, out).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
}

fn run(side: &str, mode: &str, file: Option<&String>) -> Result<(), String> {
    let mut block = [0u8; 64];
    rand::thread_rng().fill_bytes(&mut block);
    let start = Instant::now();
    match side {
        "ballistic" => {
            let pc = ballistic::ristretto::PedersenGens::default();
            let bp = ballistic::ristretto::BulletproofGens::new(CAPACITY, 1);
            println!("generators: {:.3} s", start.elapsed().as_secs_f64());
            let start = Instant::now();
            match mode {
                "gens" => {}
                "circuit" => {
                    let digest = sha256::compress(&block);
                    let mut t = Transcript::new(LABEL);
                    dalek_cs::sha256::bind_compression(&mut t, &digest);
                    let mut prover = Prover::<Ristretto, _>::new(&pc, t);
                    sha256::compression_gadget(&mut prover, Some(&block), &digest)
                        .map_err(|e| e.to_string())?;
                    println!("multipliers: {}", prover.metrics().multipliers);
                }
                "prove" => {
                    let (proof, digest) = sha256::prove_compression(
                        &pc,
                        &bp,
                        Transcript::new(LABEL),
                        &block,
                        &mut rand::thread_rng(),
                    )
                    .map_err(|e| e.to_string())?;
                    let bytes = proof.to_bytes();
                    println!("proof: {} bytes", bytes.len());
                    write_proof(file, &digest, &bytes)?;
                }
                "verify" => {
                    let (digest, bytes) = read_proof(file.ok_or("verify needs a file")?)?;
                    let proof =
                        R1CSProof::<Ristretto>::from_bytes(&bytes).map_err(|e| e.to_string())?;
                    sha256::verify_compression(
                        &pc,
                        &bp,
                        Transcript::new(LABEL),
                        &digest,
                        &proof,
                        &mut rand::thread_rng(),
                    )
                    .map_err(|e| e.to_string())?;
                    println!("verified");
                }
                _ => return Err(format!("unknown mode {mode}")),
            }
            println!("{mode}: {:.3} s", start.elapsed().as_secs_f64());
            println!("ballistic cached tables: {} bytes", bp.table_bytes());
        }
        "dalek" => {
            let pc = dalek::PedersenGens::default();
            let bp = dalek::BulletproofGens::new(CAPACITY, 1);
            println!("generators: {:.3} s", start.elapsed().as_secs_f64());
            let start = Instant::now();
            match mode {
                "gens" => {}
                "circuit" => {
                    let digest = sha256::compress(&block);
                    let mut t = Transcript::new(LABEL);
                    dalek_cs::sha256::bind_compression(&mut t, &digest);
                    let mut prover = dalek::r1cs::Prover::new(&pc, t);
                    let mut cs = dalek_cs::DalekCs::new(&mut prover);
                    sha256::compression_gadget(&mut cs, Some(&block), &digest)
                        .map_err(|e| e.to_string())?;
                    println!("multipliers: {}", cs.metrics().multipliers);
                }
                "prove" => {
                    let (proof, digest) = dalek_cs::sha256::prove_compression(
                        &pc,
                        &bp,
                        Transcript::new(LABEL),
                        &block,
                    )
                    .map_err(|e| e.to_string())?;
                    let bytes = proof.to_bytes();
                    println!("proof: {} bytes", bytes.len());
                    write_proof(file, &digest, &bytes)?;
                }
                "verify" => {
                    let (digest, bytes) = read_proof(file.ok_or("verify needs a file")?)?;
                    let proof =
                        dalek::r1cs::R1CSProof::from_bytes(&bytes).map_err(|e| e.to_string())?;
                    dalek_cs::sha256::verify_compression(
                        &pc,
                        &bp,
                        Transcript::new(LABEL),
                        &digest,
                        &proof,
                    )
                    .map_err(|e| e.to_string())?;
                    println!("verified");
                }
                _ => return Err(format!("unknown mode {mode}")),
            }
            println!("{mode}: {:.3} s", start.elapsed().as_secs_f64());
        }
        _ => return Err(format!("unknown side {side}")),
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (Some(side), Some(mode)) = (args.get(1), args.get(2)) else {
        return usage();
    };
    match run(side, mode, args.get(3)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sha256_memory: {e}");
            ExitCode::FAILURE
        }
    }
}
