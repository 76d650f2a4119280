//! `ballistic verify`: check proof files and report each one.
//!
//! Every file gets one of three verdicts:
//!
//! * **valid**: well formed, and the proof verifies for its commitments, bit width and
//!   domain label (ristretto255, and Bulletproofs+ on both curves) or extra
//!   commitment (secp256k1 Bulletproofs), for Bulletproofs+ its extension degree
//!   and minimum values, and for a range proof its range `[a, b]` (the proof is
//!   about `V − a·B` and `b·B − V`, determined by the file's commitment `V`);
//! * **INVALID**: well formed, but the proof bytes or the commitments do not decode to
//!   canonical points and scalars, the proof's length belongs to another shape, or
//!   the proof does not verify;
//! * **malformed**: unreadable, too large, not JSON, or a field is missing, unknown,
//!   of the wrong type, not hex, of the wrong length, outside its limits, or a shape
//!   the file's curve does not support.
//!
//! All decodable proofs are verified together by the byte-level API's
//! `ballistic_api::BatchVerifier`, which batches them by curve (Bulletproofs and
//! Bulletproofs+ together; on secp256k1 one batch per secp256k1-zkp generator set)
//! over the process's cached generators. A batch costs one multiscalar
//! multiplication when all its proofs are valid; bisection names the invalid ones,
//! and every file is reported even after a failure. Range-proof files (with a
//! `range` field) join the same batches (the verifier checks the two commitments
//! each is about through the file's one). The
//! exit status is
//! [`EXIT_ERROR`] if any file is malformed, else [`EXIT_INVALID`] if any proof is
//! invalid, else [`EXIT_OK`].

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use ballistic_api::{BatchVerifier, ErrorCode};
use clap::Args;

use crate::error::{eprint_line, CliError, EXIT_ERROR, EXIT_INVALID, EXIT_OK};
use crate::format::{self, Curve, ProofFile, Protocol};

/// Arguments of `ballistic verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Proof files to verify (`-` reads one from standard input); ristretto255 and
    /// secp256k1 files, bp and bp+ files may be mixed.
    #[arg(value_name = "FILE", required_unless_present = "vectors", num_args = 1..)]
    pub files: Vec<PathBuf>,
    /// Instead of proof files, run a Wycheproof-style test-vector file (ristretto255)
    /// and check that every case gets its expected result.
    #[arg(long, value_name = "FILE", conflicts_with = "files")]
    pub vectors: Option<PathBuf>,
}

/// The verdict on one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The proof verifies; the text describes it (curve, shape, size).
    Valid(String),
    /// The file is well formed but the proof is rejected, for the given reason.
    Invalid(String),
    /// The file cannot be read or is not a well-formed proof file.
    Malformed(String),
}

/// A well-formed file whose proof and commitments decode, added to the batch.
struct Pending {
    curve: Curve,
    protocol: Protocol,
    /// The extension degree (Bulletproofs+).
    extension_degree: Option<usize>,
    /// Whether some minimum value is not zero (Bulletproofs+).
    min_values: bool,
    /// The range `(a, b)` of a range proof.
    range: Option<(u64, u64)>,
    bits: usize,
    values: usize,
    proof_bytes: usize,
}

/// The verdict for an error of the byte-level API: a statement it refuses is a
/// malformed file (the parser checks the same rules), anything else an invalid
/// proof.
fn api_verdict(e: &ballistic_api::Error) -> Verdict {
    match e.code() {
        ErrorCode::InvalidArgument | ErrorCode::LimitExceeded => {
            Verdict::Malformed(e.message().to_owned())
        }
        _ => Verdict::Invalid(e.message().to_owned()),
    }
}

/// Decodes a structurally valid proof file into `batch`: the proof must parse,
/// have the length of its shape, and every commitment must be a valid point.
/// Returns the file's batch index.
fn decode_file(file: &ProofFile, batch: &mut BatchVerifier) -> Result<(usize, Pending), Verdict> {
    let uses_domain = file.curve == Curve::Ristretto255 || file.protocol == Protocol::BpPlus;
    if uses_domain && file.domain.is_none() {
        return Err(Verdict::Malformed("field \"domain\": missing".into()));
    }
    let index = batch
        .add(&file.params(), &file.commitments, &file.proof)
        .map_err(|e| api_verdict(&e))?;
    Ok((
        index,
        Pending {
            curve: file.curve,
            protocol: file.protocol,
            extension_degree: file.extension_degree,
            min_values: file.min_values.iter().any(|&o| o != 0),
            range: file.range,
            bits: file.bits,
            values: file.commitments.len(),
            proof_bytes: file.proof.len(),
        },
    ))
}

/// Reads, parses and decodes one file into `batch`.
fn check_path(
    path: &std::path::Path,
    batch: &mut BatchVerifier,
) -> Result<(usize, Pending), Verdict> {
    let parsed = format::read_limited(path).and_then(|bytes| format::parse_proof_file(&bytes));
    match parsed {
        Ok(file) => decode_file(&file, batch),
        Err(e) => Err(Verdict::Malformed(e.to_string())),
    }
}

/// Verifies every decoded file in one [`BatchVerifier`] of the byte-level API
/// (batched per curve and, on secp256k1, per generator set; range proofs in the
/// same batches), which names the invalid ones.
fn verify_all(
    files: Vec<Result<(usize, Pending), Verdict>>,
    batch: &BatchVerifier,
) -> Vec<Verdict> {
    let failures: BTreeMap<usize, ballistic_api::Error> = batch.verify().into_iter().collect();
    files
        .into_iter()
        .map(|f| match f {
            Err(verdict) => verdict,
            Ok((index, p)) => match failures.get(&index) {
                None => Verdict::Valid(describe(&p)),
                Some(e) => Verdict::Invalid(e.message().to_owned()),
            },
        })
        .collect()
}

/// What a valid proof proves: `ristretto255, 64 bits, 2 values, 736 bytes`, and for
/// Bulletproofs+ `ristretto255, bp+, 64 bits, 2 values, extension degree 1, 641
/// bytes` (with `, with minimum values` when one is not zero); a range proof adds
/// `range [a, b], ` before its bit width.
fn describe(p: &Pending) -> String {
    let plus = match (p.protocol, p.extension_degree) {
        (Protocol::BpPlus, Some(t)) => (
            format!(", {}", p.protocol.name()),
            format!(
                ", extension degree {t}{}",
                if p.min_values {
                    ", with minimum values"
                } else {
                    ""
                }
            ),
        ),
        _ => (String::new(), String::new()),
    };
    let range = match p.range {
        Some((a, b)) => format!("range [{a}, {b}], "),
        None => String::new(),
    };
    format!(
        "{}{}, {range}{} bits, {}{}, {} bytes",
        p.curve.name(),
        plus.0,
        p.bits,
        plural(p.values, "value"),
        plus.1,
        p.proof_bytes
    )
}

/// `"1 value"`, `"2 values"`.
pub fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// Runs `ballistic verify`.
pub fn run(args: VerifyArgs) -> Result<ExitCode, CliError> {
    if let Some(path) = &args.vectors {
        return ballistic_cli::vectors::run(path);
    }
    let mut batch = BatchVerifier::new();
    let decoded: Vec<Result<(usize, Pending), Verdict>> = args
        .files
        .iter()
        .map(|p| check_path(p, &mut batch))
        .collect();
    report(&args.files, verify_all(decoded, &batch))
}

/// Prints one line per file (`valid (…)`, `INVALID (reason)`, or `MALFORMED` with
/// the reason on standard error), then a summary, and returns the exit status:
/// [`EXIT_ERROR`] if any file is malformed, else [`EXIT_INVALID`] if any proof is
/// invalid, else [`EXIT_OK`]. `verdicts` are in the order of `files`.
pub fn report(files: &[PathBuf], verdicts: Vec<Verdict>) -> Result<ExitCode, CliError> {
    let mut out = std::io::stdout().lock();
    let (mut valid, mut invalid, mut malformed) = (0usize, Vec::new(), Vec::new());
    for (path, verdict) in files.iter().zip(verdicts) {
        let name = if path.as_os_str() == "-" {
            "<stdin>".to_string()
        } else {
            path.display().to_string()
        };
        match verdict {
            Verdict::Valid(description) => {
                valid += 1;
                writeln!(out, "{name}: valid ({description})")?;
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

    let total = files.len();
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
