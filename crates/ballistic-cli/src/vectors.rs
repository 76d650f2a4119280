//! `ballistic verify --vectors FILE`: runs a Wycheproof-style test-vector file (for
//! example `crates/ballistic/tests/vectors/ristretto_range_v1.json`) through the
//! library and checks that every case gets its expected result: `valid` cases
//! verify, `invalid` cases are rejected (with the expected error class when the case
//! names one: `FormatError` at parsing, `VerificationError` at verification).

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use ballistic::merlin::Transcript;
use ballistic::ristretto::{BulletproofGens, CompressedRistretto, PedersenGens, RangeProof};
use ballistic::ProofError;
use serde_json::Value;

use crate::error::{CliError, EXIT_INVALID, EXIT_OK};

/// Vector files larger than this are refused before they are read.
pub const MAX_VECTOR_FILE_BYTES: u64 = 64 * 1024 * 1024;
/// The most cases one file may hold.
pub const MAX_CASES: usize = 100_000;
/// Largest number of values in one case (bounds the generators built).
pub const MAX_CASE_VALUES: usize = 64;

/// One case, decoded.
struct Case {
    id: u64,
    bits: usize,
    domain: &'static [u8],
    commitments: Vec<CompressedRistretto>,
    proof: Vec<u8>,
    valid: bool,
    error: Option<ProofError>,
}

fn field<'a>(t: &'a Value, name: &str, id: u64) -> Result<&'a Value, String> {
    t.get(name)
        .ok_or_else(|| format!("case {id}: missing field \"{name}\""))
}

fn decode_case(t: &Value, index: usize) -> Result<Case, String> {
    let id = t
        .get("tcId")
        .and_then(Value::as_u64)
        .unwrap_or(index as u64);
    let bits = field(t, "bits", id)?
        .as_u64()
        .filter(|b| *b <= 1024)
        .ok_or_else(|| format!("case {id}: field \"bits\": not a small integer"))?
        as usize;
    let domain = field(t, "domain", id)?
        .as_str()
        .filter(|d| d.len() <= 1024)
        .ok_or_else(|| format!("case {id}: field \"domain\": not a short string"))?;
    let list = field(t, "commitments", id)?
        .as_array()
        .filter(|l| l.len() <= MAX_CASE_VALUES)
        .ok_or_else(|| {
            format!("case {id}: field \"commitments\": not a list of at most {MAX_CASE_VALUES}")
        })?;
    let mut commitments = Vec::with_capacity(list.len());
    for (k, c) in list.iter().enumerate() {
        let bytes = c
            .as_str()
            .and_then(|s| hex::decode(s).ok())
            .ok_or_else(|| format!("case {id}: field \"commitments[{k}]\": not hex"))?;
        let c = CompressedRistretto::from_slice(&bytes)
            .map_err(|_| format!("case {id}: field \"commitments[{k}]\": not 32 bytes"))?;
        commitments.push(c);
    }
    let proof = field(t, "proof", id)?
        .as_str()
        .and_then(|s| hex::decode(s).ok())
        .ok_or_else(|| format!("case {id}: field \"proof\": not hex"))?;
    let valid = match field(t, "result", id)?.as_str() {
        Some("valid") => true,
        Some("invalid") => false,
        _ => {
            return Err(format!(
                "case {id}: field \"result\": not \"valid\" or \"invalid\""
            ))
        }
    };
    let error = match t.get("error").and_then(Value::as_str) {
        None => None,
        Some("FormatError") => Some(ProofError::FormatError),
        Some("VerificationError") => Some(ProofError::VerificationError),
        Some(other) => {
            return Err(format!(
                "case {id}: field \"error\": unknown class {other:?}"
            ))
        }
    };
    // Labels are &'static in Merlin; the process is short-lived and they are bounded.
    let domain: &'static [u8] = Box::leak(domain.to_owned().into_boxed_str()).as_bytes();
    Ok(Case {
        id,
        bits,
        domain,
        commitments,
        proof,
        valid,
        error,
    })
}

/// Runs the vector file; exit 0 when every case behaves as expected, 1 otherwise,
/// [`CliError`] (exit 2) when the file is unreadable or malformed.
pub fn run(path: &Path) -> Result<ExitCode, CliError> {
    let name = path.display().to_string();
    let meta =
        std::fs::metadata(path).map_err(|e| CliError::new(format!("{name}: cannot open: {e}")))?;
    if meta.len() > MAX_VECTOR_FILE_BYTES {
        return Err(CliError::new(format!(
            "{name}: file is {} bytes, larger than the limit of {MAX_VECTOR_FILE_BYTES} bytes",
            meta.len()
        )));
    }
    let text =
        std::fs::read(path).map_err(|e| CliError::new(format!("{name}: cannot read: {e}")))?;
    let doc: Value = serde_json::from_slice(&text)
        .map_err(|e| CliError::new(format!("{name}: not JSON: {e}")))?;
    if let Some(curve) = doc.get("curve").and_then(Value::as_str) {
        if curve != "ristretto255" {
            return Err(CliError::new(format!(
                "{name}: field \"curve\": unsupported curve {curve:?} (vector files are ristretto255 only)"
            )));
        }
    }
    let tests = doc
        .get("tests")
        .and_then(Value::as_array)
        .filter(|t| t.len() <= MAX_CASES)
        .ok_or_else(|| {
            CliError::new(format!(
                "{name}: field \"tests\": not a list of at most {MAX_CASES} cases"
            ))
        })?;
    let cases: Vec<Case> = tests
        .iter()
        .enumerate()
        .map(|(i, t)| decode_case(t, i))
        .collect::<Result<_, _>>()
        .map_err(|e| CliError::new(format!("{name}: {e}")))?;

    let max_n = cases
        .iter()
        .map(|c| c.bits)
        .filter(|b| (1..=64).contains(b))
        .max()
        .unwrap_or(1);
    let max_m = cases
        .iter()
        .map(|c| c.commitments.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let bp = BulletproofGens::new(max_n, max_m);
    let pc = PedersenGens::default();
    let mut out = std::io::stdout().lock();
    let (mut valid_ok, mut invalid_ok, mut wrong) = (0usize, 0usize, Vec::new());
    for c in &cases {
        let result = RangeProof::from_bytes(&c.proof).and_then(|p| {
            p.verify_multiple(
                &bp,
                &pc,
                &mut Transcript::new(c.domain),
                &c.commitments,
                c.bits,
            )
        });
        let as_expected = match (&result, c.valid) {
            (Ok(()), true) => true,
            (Err(e), false) => c.error.as_ref().is_none_or(|want| want == e),
            _ => false,
        };
        if as_expected {
            if c.valid {
                valid_ok += 1;
            } else {
                invalid_ok += 1;
            }
        } else {
            writeln!(
                out,
                "case {}: expected {}, got {result:?}",
                c.id,
                if c.valid { "valid" } else { "invalid" }
            )?;
            wrong.push(c.id);
        }
    }
    writeln!(
        out,
        "{name}: {} cases, {} as expected ({valid_ok} valid accepted, {invalid_ok} invalid rejected), {} unexpected",
        cases.len(),
        valid_ok + invalid_ok,
        wrong.len()
    )?;
    Ok(ExitCode::from(if wrong.is_empty() {
        EXIT_OK
    } else {
        EXIT_INVALID
    }))
}
