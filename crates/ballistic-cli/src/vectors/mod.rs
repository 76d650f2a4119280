//! `ballistic verify --vectors FILE`: runs a Wycheproof-style test-vector file
//! through the library and checks that every case gets its expected result: `valid`
//! cases verify, `invalid` cases are rejected with the error class the case names,
//! and whatever else the file records (rewinding, recovered masks, batches) comes
//! out as recorded. Every vector file the repository ships runs here
//! (`crates/ballistic/tests/vectors/`):
//!
//! | file | kind | what is checked |
//! |---|---|---|
//! | `ristretto_range_v1.json`, `secp256k1_range_v1.json` | range proofs (dalek's, secp256k1-zkp's format) | verdicts and error classes ([`range`]) |
//! | `bp_plus_v1.json` | Bulletproofs+ (Tari's format) | verdicts, error classes, recovered masks ([`plus`]) |
//! | `range_ab_v2.json` | `[a, b]` range proofs of four schemes; rewindable proofs | verdicts, error classes, rewinding ([`range_ab`]) |
//! | `r1cs_v1.json` | R1CS circuits (shuffle, range, membership) | verdicts, error classes, batches that name their invalid cases ([`r1cs`]) |
//!
//! The kind is read from the file: a top-level `batches` list (R1CS), or the
//! fields of the first case (`scheme` for `[a, b]`, `extensionDegree` for
//! Bulletproofs+), else a range-proof file. A malformed file is a usage error
//! (exit 2) naming the case and field; it never panics.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens};
use ballistic::ProofError;
use serde_json::Value;
use std::sync::OnceLock;

use crate::error::{CliError, EXIT_INVALID, EXIT_OK};

mod plus;
mod r1cs;
mod range;
mod range_ab;

/// Vector files larger than this are refused before they are read.
pub const MAX_VECTOR_FILE_BYTES: u64 = 64 * 1024 * 1024;
/// The most cases one file may hold.
pub const MAX_CASES: usize = 100_000;
/// Largest number of values in one case (bounds the generators built).
pub const MAX_CASE_VALUES: usize = 64;

/// Field access on a case, with messages that name the case and the field.
pub(crate) struct Fields<'a> {
    pub(crate) t: &'a Value,
    pub(crate) id: u64,
}

impl<'a> Fields<'a> {
    pub(crate) fn new(t: &'a Value, index: usize) -> Self {
        let id = t
            .get("tcId")
            .and_then(Value::as_u64)
            .unwrap_or(index as u64);
        Fields { t, id }
    }

    pub(crate) fn get(&self, name: &str) -> Result<&'a Value, String> {
        self.t
            .get(name)
            .ok_or_else(|| format!("case {}: missing field \"{name}\"", self.id))
    }

    pub(crate) fn bad(&self, name: &str, what: &str) -> String {
        format!("case {}: field \"{name}\": {what}", self.id)
    }

    pub(crate) fn str(&self, name: &str) -> Result<&'a str, String> {
        self.get(name)?
            .as_str()
            .ok_or_else(|| self.bad(name, "not a string"))
    }

    pub(crate) fn u64(&self, name: &str) -> Result<u64, String> {
        self.get(name)?
            .as_u64()
            .ok_or_else(|| self.bad(name, "not an unsigned integer"))
    }

    /// An integer field at most `max`.
    pub(crate) fn small(&self, name: &str, max: u64) -> Result<usize, String> {
        let v = self.u64(name)?;
        if v > max {
            return Err(self.bad(name, &format!("{v} is above the limit of {max}")));
        }
        Ok(v as usize)
    }

    pub(crate) fn hex(&self, name: &str) -> Result<Vec<u8>, String> {
        hex::decode(self.str(name)?).map_err(|_| self.bad(name, "not hex"))
    }

    /// A list of at most `max` hex strings.
    pub(crate) fn hex_list(&self, name: &str, max: usize) -> Result<Vec<Vec<u8>>, String> {
        let list = self
            .get(name)?
            .as_array()
            .filter(|l| l.len() <= max)
            .ok_or_else(|| self.bad(name, &format!("not a list of at most {max}")))?;
        list.iter()
            .enumerate()
            .map(|(k, c)| {
                c.as_str()
                    .and_then(|s| hex::decode(s).ok())
                    .ok_or_else(|| self.bad(&format!("{name}[{k}]"), "not hex"))
            })
            .collect()
    }

    /// A list of at most `max` unsigned integers.
    pub(crate) fn u64_list(&self, name: &str, max: usize) -> Result<Vec<u64>, String> {
        let list = self
            .get(name)?
            .as_array()
            .filter(|l| l.len() <= max)
            .ok_or_else(|| self.bad(name, &format!("not a list of at most {max}")))?;
        list.iter()
            .enumerate()
            .map(|(k, v)| {
                v.as_u64()
                    .ok_or_else(|| self.bad(&format!("{name}[{k}]"), "not an unsigned integer"))
            })
            .collect()
    }

    /// `"result"`: `valid` or `invalid`.
    pub(crate) fn valid(&self) -> Result<bool, String> {
        match self.str("result")? {
            "valid" => Ok(true),
            "invalid" => Ok(false),
            _ => Err(self.bad("result", "not \"valid\" or \"invalid\"")),
        }
    }

    /// `"curve"`: ristretto255 (`false`) or secp256k1 (`true`).
    pub(crate) fn secp256k1(&self) -> Result<bool, String> {
        match self.str("curve")? {
            "ristretto255" => Ok(false),
            "secp256k1" => Ok(true),
            other => Err(self.bad("curve", &format!("unsupported curve {other:?}"))),
        }
    }
}

/// The party-layout generators of every file: 64 bits, [`MAX_CASE_VALUES`] values,
/// built once per process.
pub(crate) fn party_gens<C: GensCache>() -> &'static BulletproofGens<C> {
    C::cell().get_or_init(|| BulletproofGens::new(64, MAX_CASE_VALUES))
}

/// Where each curve keeps [`party_gens`].
pub(crate) trait GensCache: Curve {
    fn cell() -> &'static OnceLock<BulletproofGens<Self>>;
}

impl GensCache for Ristretto {
    fn cell() -> &'static OnceLock<BulletproofGens<Self>> {
        static CELL: OnceLock<BulletproofGens<Ristretto>> = OnceLock::new();
        &CELL
    }
}

impl GensCache for Secp256k1 {
    fn cell() -> &'static OnceLock<BulletproofGens<Self>> {
        static CELL: OnceLock<BulletproofGens<Secp256k1>> = OnceLock::new();
        &CELL
    }
}

/// The Bulletproofs+ bases of each curve.
pub(crate) trait PlusBases: Curve {
    fn bases(t: usize) -> Result<ExtendedPedersenGens<Self>, ProofError>;
}

impl PlusBases for Ristretto {
    fn bases(t: usize) -> Result<ExtendedPedersenGens<Self>, ProofError> {
        ballistic::ristretto::bp_plus::pedersen_gens(t)
    }
}

impl PlusBases for Secp256k1 {
    fn bases(t: usize) -> Result<ExtendedPedersenGens<Self>, ProofError> {
        ballistic::secp256k1::bp_plus::pedersen_gens(t)
    }
}

/// The outcome of a file: cases as expected, and the unexpected ones described.
#[derive(Default)]
pub(crate) struct Tally {
    pub(crate) valid_ok: usize,
    pub(crate) invalid_ok: usize,
    /// Further checks that came out as recorded (rewinds, masks, batches).
    pub(crate) checks_ok: usize,
    pub(crate) wrong: Vec<String>,
}

impl Tally {
    /// Records a case's verdict: `got` is the error class (`None` when it
    /// verified), `valid` and `want` what the file expects.
    pub(crate) fn verdict(
        &mut self,
        id: u64,
        valid: bool,
        want: Option<&str>,
        got: Option<String>,
    ) {
        match (valid, got) {
            (true, None) => self.valid_ok += 1,
            (false, Some(e)) if want.is_none_or(|w| w == e) => self.invalid_ok += 1,
            (true, Some(e)) => self
                .wrong
                .push(format!("case {id}: expected valid, got {e}")),
            (false, got) => self.wrong.push(format!(
                "case {id}: expected invalid ({}), got {}",
                want.unwrap_or("any error"),
                got.as_deref().unwrap_or("valid")
            )),
        }
    }

    /// Records a further check.
    pub(crate) fn check(&mut self, ok: bool, what: impl FnOnce() -> String) {
        if ok {
            self.checks_ok += 1;
        } else {
            self.wrong.push(what());
        }
    }
}

/// The name of an error value's variant (`VerificationError` of
/// `ProofError::VerificationError`), as the vector files name them.
pub(crate) fn class(e: &impl core::fmt::Debug) -> String {
    let text = format!("{e:?}");
    text.split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// The kinds of vector files.
enum Kind {
    Range,
    Plus,
    RangeAb,
    R1cs,
}

fn kind(doc: &Value, first: Option<&Value>) -> Kind {
    if doc.get("batches").is_some() {
        return Kind::R1cs;
    }
    match first {
        Some(t) if t.get("scheme").is_some() => Kind::RangeAb,
        Some(t) if t.get("extensionDegree").is_some() => Kind::Plus,
        _ => Kind::Range,
    }
}

/// What a vector file gave: its kind, its number of cases and the tally.
pub struct Outcome {
    /// What the file holds (`range proofs`, `Bulletproofs+`, …).
    pub kind: &'static str,
    /// The number of cases.
    pub cases: usize,
    tally: Tally,
}

impl Outcome {
    /// Whether every case and check came out as the file records.
    pub fn as_expected(&self) -> bool {
        self.tally.wrong.is_empty()
    }

    /// The unexpected outcomes, one line each.
    pub fn unexpected(&self) -> &[String] {
        &self.tally.wrong
    }
}

/// Runs the vector file in `bytes` (its JSON text).
///
/// # Errors
/// A message naming the case and field for a malformed file.
pub fn check(bytes: &[u8]) -> Result<Outcome, String> {
    let doc: Value = serde_json::from_slice(bytes).map_err(|e| format!("not JSON: {e}"))?;
    let tests = doc
        .get("tests")
        .and_then(Value::as_array)
        .filter(|t| t.len() <= MAX_CASES)
        .ok_or_else(|| format!("field \"tests\": not a list of at most {MAX_CASES} cases"))?;
    let (kind, tally) = match kind(&doc, tests.first()) {
        Kind::Range => ("range proofs", range::run(&doc, tests)?),
        Kind::Plus => ("Bulletproofs+", plus::run(tests)?),
        Kind::RangeAb => ("[a, b] and rewindable", range_ab::run(tests)?),
        Kind::R1cs => ("R1CS", r1cs::run(&doc, tests)?),
    };
    Ok(Outcome {
        kind,
        cases: tests.len(),
        tally,
    })
}

/// Runs the vector file at `path`; exit 0 when every case behaves as expected, 1
/// otherwise.
///
/// # Errors
/// A [`CliError`] (exit 2) for an unreadable or malformed file.
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
    let outcome = check(&text).map_err(|e| CliError::new(format!("{name}: {e}")))?;
    let tally = &outcome.tally;
    let mut out = std::io::stdout().lock();
    for line in &tally.wrong {
        writeln!(out, "{line}")?;
    }
    let checks = if tally.checks_ok > 0 {
        format!(", {} further checks as recorded", tally.checks_ok)
    } else {
        String::new()
    };
    writeln!(
        out,
        "{name}: {}, {} cases, {} as expected ({} valid accepted, {} invalid rejected){checks}, {} unexpected",
        outcome.kind,
        outcome.cases,
        tally.valid_ok + tally.invalid_ok,
        tally.valid_ok,
        tally.invalid_ok,
        tally.wrong.len()
    )?;
    Ok(ExitCode::from(if outcome.as_expected() {
        EXIT_OK
    } else {
        EXIT_INVALID
    }))
}
