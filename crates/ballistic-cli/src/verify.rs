//! `ballistic verify`: check proof files and report each one.
//!
//! Every file gets one of three verdicts:
//!
//! * **valid**: well formed, and the proof verifies for its commitments, bit width and
//!   domain label;
//! * **INVALID**: well formed, but the proof bytes or the commitments do not decode to
//!   canonical points and scalars, the proof's length belongs to another shape, or
//!   the proof does not verify;
//! * **malformed**: unreadable, too large, not JSON, or a field is missing, unknown,
//!   of the wrong type, not hex, of the wrong length or outside its limits.
//!
//! All decodable proofs are verified together with ballistic's `BatchVerifier` (one
//! multiscalar multiplication when all are valid; bisection names the invalid ones),
//! and every file is reported even after a failure. The exit status is
//! [`EXIT_ERROR`] if any file is malformed, else [`EXIT_INVALID`] if any proof is
//! invalid, else [`EXIT_OK`].

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use ballistic::merlin::Transcript;
use ballistic::ristretto::{
    BatchVerifier, BulletproofGens, CompressedRistretto, PedersenGens, ProofError, RangeProof,
};
use clap::Args;

use crate::error::{eprint_line, CliError, EXIT_ERROR, EXIT_INVALID, EXIT_OK};
use crate::format::{self, proof_len, rounds_for_shape, Curve, ProofFile};

/// Arguments of `ballistic verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Proof files to verify (`-` reads one from standard input).
    #[arg(value_name = "FILE", required_unless_present = "vectors", num_args = 1..)]
    pub files: Vec<PathBuf>,
    /// Instead of proof files, run a Wycheproof-style test-vector file and check that
    /// every case gets its expected result.
    #[arg(long, value_name = "FILE", conflicts_with = "files")]
    pub vectors: Option<PathBuf>,
}

/// The verdict on one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The proof verifies.
    Valid {
        /// Curve of the proof.
        curve: Curve,
        /// Bit width.
        bits: usize,
        /// Number of values.
        values: usize,
        /// Proof size in bytes.
        proof_bytes: usize,
    },
    /// The file is well formed but the proof is rejected, for the given reason.
    Invalid(String),
    /// The file cannot be read or is not a well-formed proof file.
    Malformed(String),
}

/// A well-formed file whose proof and commitments decode, waiting for the batch.
struct Pending {
    curve: Curve,
    bits: usize,
    proof_bytes: usize,
    proof: RangeProof,
    commitments: Vec<CompressedRistretto>,
    label: &'static [u8],
}

/// Decodes a structurally valid proof file: the proof must parse, have the length of
/// its shape, and every commitment must be a valid point.
fn decode_file(file: &ProofFile) -> Result<Pending, Verdict> {
    let Curve::Ristretto255 = file.curve;
    let (n, m) = (file.bits, file.commitments.len());
    let proof = RangeProof::from_bytes(&file.proof)
        .map_err(|_| Verdict::Invalid("proof bytes are not canonical points and scalars".into()))?;
    let expected_rounds = rounds_for_shape(n, m);
    if proof.rounds() != expected_rounds {
        return Err(Verdict::Invalid(format!(
            "proof is {} bytes; {} of {n} bits need {}",
            file.proof.len(),
            plural(m, "value"),
            proof_len(expected_rounds)
        )));
    }
    let mut commitments = Vec::with_capacity(m);
    for (i, bytes) in file.commitments.iter().enumerate() {
        let c = CompressedRistretto(*bytes);
        if c.decompress().is_none() {
            return Err(Verdict::Invalid(format!(
                "commitments[{i}] is not a valid {} point",
                file.curve.name()
            )));
        }
        commitments.push(c);
    }
    // Transcript labels are &'static; the process is short-lived and labels are
    // bounded by MAX_DOMAIN_BYTES, so leaking them is harmless.
    let label: &'static [u8] = Box::leak(file.domain.clone().into_boxed_str()).as_bytes();
    Ok(Pending {
        curve: file.curve,
        bits: n,
        proof_bytes: file.proof.len(),
        proof,
        commitments,
        label,
    })
}

/// Reads, parses and decodes one file.
fn check_path(path: &std::path::Path) -> Result<Pending, Verdict> {
    let parsed = format::read_limited(path).and_then(|bytes| format::parse_proof_file(&bytes));
    match parsed {
        Ok(file) => decode_file(&file),
        Err(e) => Err(Verdict::Malformed(e.to_string())),
    }
}

/// Verifies every decoded file in one batch (one multiscalar multiplication when all
/// are valid); the batch names the invalid ones.
fn verify_all(files: Vec<Result<Pending, Verdict>>) -> Vec<Verdict> {
    let (max_n, max_m) = files.iter().flatten().fold((1, 1), |(n, m), p| {
        (n.max(p.bits), m.max(p.commitments.len()))
    });
    let gens = BulletproofGens::new(max_n, max_m);
    let pc = PedersenGens::default();
    let mut batch = BatchVerifier::new(&gens);
    let mut slot = Vec::with_capacity(files.len());
    for f in &files {
        slot.push(f.as_ref().ok().map(|p| {
            batch.add(
                &p.proof,
                &pc,
                &mut Transcript::new(p.label),
                &p.commitments,
                p.bits,
            )
        }));
    }
    let failures = match batch.verify(&mut rand::thread_rng()) {
        Ok(()) => Vec::new(),
        Err(e) => e.invalid,
    };
    files
        .into_iter()
        .zip(slot)
        .map(|(f, idx)| match f {
            Err(verdict) => verdict,
            Ok(p) => match failures.iter().find(|(i, _)| Some(*i) == idx) {
                None => Verdict::Valid {
                    curve: p.curve,
                    bits: p.bits,
                    values: p.commitments.len(),
                    proof_bytes: p.proof_bytes,
                },
                Some((_, ProofError::VerificationError)) => {
                    Verdict::Invalid("proof does not verify".into())
                }
                Some((_, e)) => Verdict::Invalid(e.to_string()),
            },
        })
        .collect()
}

/// `"1 value"`, `"2 values"`.
fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// Runs `ballistic verify`.
pub fn run(args: VerifyArgs) -> Result<ExitCode, CliError> {
    if let Some(path) = &args.vectors {
        return crate::vectors::run(path);
    }
    let decoded: Vec<Result<Pending, Verdict>> = args.files.iter().map(|p| check_path(p)).collect();
    let verdicts = verify_all(decoded);
    let mut out = std::io::stdout().lock();
    let (mut valid, mut invalid, mut malformed) = (0usize, Vec::new(), Vec::new());
    for (path, verdict) in args.files.iter().zip(verdicts) {
        let name = if path.as_os_str() == "-" {
            "<stdin>".to_string()
        } else {
            path.display().to_string()
        };
        match verdict {
            Verdict::Valid {
                curve,
                bits,
                values,
                proof_bytes,
            } => {
                valid += 1;
                writeln!(
                    out,
                    "{name}: valid ({}, {bits} bits, {}, {proof_bytes} bytes)",
                    curve.name(),
                    plural(values, "value")
                )?;
            }
            Verdict::Invalid(reason) => {
                writeln!(out, "{name}: INVALID ({reason})")?;
                invalid.push(name);
            }
            Verdict::Malformed(reason) => {
                out.flush()?;
                eprint_line(&format!("error: {name}: {reason}"));
                writeln!(out, "{name}: MALFORMED")?;
                malformed.push(name);
            }
        }
    }

    let total = args.files.len();
    let mut summary = if valid == total {
        format!("all {} valid", plural(total, "proof"))
    } else {
        format!("{valid} of {} valid", plural(total, "proof"))
    };
    if !invalid.is_empty() {
        summary.push_str(&format!("; invalid: {}", invalid.join(", ")));
    }
    if !malformed.is_empty() {
        summary.push_str(&format!("; malformed: {}", malformed.join(", ")));
    }
    writeln!(out, "{summary}")?;
    out.flush()?;

    let code = if !malformed.is_empty() {
        EXIT_ERROR
    } else if !invalid.is_empty() {
        EXIT_INVALID
    } else {
        EXIT_OK
    };
    Ok(ExitCode::from(code))
}
