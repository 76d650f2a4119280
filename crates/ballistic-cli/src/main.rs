//! # `ballistic`: prove, verify and demo Bulletproofs range proofs
//!
//! ```text
//! ballistic prove [--curve ristretto255] [--bits N] --values v1,v2,... \
//!                 [--domain LABEL] [--out FILE] [--openings FILE]
//! ballistic verify FILE...
//! ballistic demo
//! ```
//!
//! ## Proof file
//!
//! `prove` writes one JSON object (one line, then a newline):
//!
//! ```json
//! {"curve":"ristretto255","bits":64,"domain":"ballistic",
//!  "commitments":["<64 hex digits>", "..."],"proof":"<hex>"}
//! ```
//!
//! | field         | meaning                                                          |
//! |---------------|------------------------------------------------------------------|
//! | `curve`       | `"ristretto255"` (the only curve so far)                         |
//! | `bits`        | the bit width `n` in `1..=64`: every value is in `[0, 2^n)`      |
//! | `domain`      | the Merlin transcript label (default `ballistic`), ≤ 1024 bytes  |
//! | `commitments` | `m` ≥ 1 Pedersen commitments `V_j = v_j·B + γ_j·B̃`, each a compressed point (32 bytes) |
//! | `proof`       | the proof in the byte layout of dalek's `bulletproofs` crate: `(2·⌈log2(n·m)⌉ + 9)·32` bytes |
//!
//! Bytes are lowercase hex (uppercase is accepted on input). The generators are
//! `BulletproofGens::new(n, m)` and `PedersenGens::default()`, so for `n` in
//! {8, 16, 32, 64} and `m` a power of two the files carry proofs that dalek's crate
//! verifies too. The reader is strict: unknown or duplicate fields, missing fields,
//! wrong types, bad hex, wrong lengths, an empty or oversized commitment list (more
//! than [`format::MAX_VALUES`]) and files over [`format::MAX_FILE_BYTES`] are
//! refused with a message naming the file and the field.
//!
//! ## Openings file
//!
//! `prove --openings FILE` writes the secrets separately (mode 0600 on Unix); they
//! never appear in the proof file:
//!
//! ```json
//! {"curve":"ristretto255","bits":64,"domain":"ballistic",
//!  "openings":[{"value":10,"blinding":"<64 hex digits>","commitment":"<64 hex digits>"}]}
//! ```
//!
//! `blinding` is the 32-byte little-endian scalar `γ_j`; `commitment` repeats `V_j`.
//!
//! ## Exit status
//!
//! * 0: success; for `verify`, every proof is valid.
//! * 1: `verify` rejected at least one proof (and no file was malformed).
//! * 2: usage error, a value that does not fit in `--bits`, an unsupported curve,
//!   an unreadable or malformed file (this wins over 1), or an I/O error.

#![forbid(unsafe_code)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod bench;
mod demo;
mod prove;
mod vectors;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use ballistic_cli::{error, format};
use error::{eprint_line, EXIT_ERROR};

/// Command-line interface of `ballistic`.
#[derive(Debug, Parser)]
#[command(
    name = "ballistic",
    version,
    about = "Prove and verify Bulletproofs range proofs (zero-knowledge proofs that \
             committed values lie in [0, 2^n))",
    long_about = "Prove and verify Bulletproofs range proofs: short zero-knowledge proofs \
                  that committed values lie in [0, 2^n), with no trusted setup.\n\n\
                  New here? Run `ballistic demo`.",
    after_help = "Exit status: 0 success (all proofs valid), 1 a proof was rejected, \
                  2 usage error or unreadable/malformed input.",
    propagate_version = true,
    arg_required_else_help = true
)]
struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    /// Commit to values and prove they lie in [0, 2^bits); writes a proof file.
    #[command(
        long_about = "Commits to the values with random blinding factors and proves, in one \
                      aggregated proof, that each lies in [0, 2^bits). Writes the proof file \
                      (JSON: curve, bits, domain, commitments, proof) to standard output or \
                      --out. The blinding factors are only saved with --openings.",
        after_help = "Examples:\n  \
                      ballistic prove --values 42 > proof.json\n  \
                      ballistic prove --bits 32 --values 10,20,30 --out p.json --openings secrets.json"
    )]
    Prove(prove::ProveArgs),

    /// Verify proof files; prints one line per file and a summary.
    #[command(
        long_about = "Verifies every proof file and prints one line per file (valid or \
                      INVALID) and a summary. Malformed or unreadable files are reported on \
                      standard error, naming the field at fault.",
        after_help = "Exit status: 0 all valid, 1 some proof is invalid, \
                      2 some file is unreadable or malformed (all files are still checked)."
    )]
    Verify(verify::VerifyArgs),

    /// A guided first run: commit, prove, verify, tamper, and measure sizes and times.
    Demo(demo::DemoArgs),

    /// Time the standard workloads (prove, verify, batch verify) on this machine.
    Bench(bench::BenchArgs),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and --version exit 0; usage errors exit 2.
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(EXIT_ERROR));
        }
    };
    let result = match cli.command {
        Command::Prove(args) => prove::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Demo(args) => demo::run(args),
        Command::Bench(args) => bench::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprint_line(&format!("error: {e}"));
            e.exit_code()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
