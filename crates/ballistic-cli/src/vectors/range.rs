//! The range-proof files: dalek's format on ristretto255 (cases carry a Merlin
//! `domain`) and secp256k1-zkp's on secp256k1 (cases carry the generator-set size
//! `generators` and an optional `extra_commit`), chosen by the file's `"curve"`.

use ballistic::merlin::Transcript;
use ballistic::ristretto::{BulletproofGens, CompressedRistretto, PedersenGens, RangeProof};
use serde_json::Value;

use super::{class, Tally, MAX_CASE_VALUES};

/// Largest secp256k1 generator set a case may ask for (64 bits × 64 values × 2).
pub const MAX_CASE_GENERATORS: usize = 2 * 64 * MAX_CASE_VALUES;

/// The curve-specific statement of a case.
enum Statement {
    Ristretto {
        /// `Transcript::new(domain)`.
        base: Transcript,
        commitments: Vec<CompressedRistretto>,
    },
    Secp256k1 {
        generators: usize,
        extra_commit: Option<Vec<u8>>,
        commitments: Vec<[u8; 33]>,
    },
}

/// One case, decoded.
struct Case {
    id: u64,
    bits: usize,
    statement: Statement,
    proof: Vec<u8>,
    valid: bool,
    error: Option<String>,
}

impl Case {
    fn values(&self) -> usize {
        match &self.statement {
            Statement::Ristretto { commitments, .. } => commitments.len(),
            Statement::Secp256k1 { commitments, .. } => commitments.len(),
        }
    }
}

fn field<'a>(t: &'a Value, name: &str, id: u64) -> Result<&'a Value, String> {
    t.get(name)
        .ok_or_else(|| format!("case {id}: missing field \"{name}\""))
}

fn decode_case(t: &Value, index: usize, secp256k1: bool) -> Result<Case, String> {
    let id = t
        .get("tcId")
        .and_then(Value::as_u64)
        .unwrap_or(index as u64);
    let bits = field(t, "bits", id)?
        .as_u64()
        .filter(|b| *b <= 1024)
        .ok_or_else(|| format!("case {id}: field \"bits\": not a small integer"))?
        as usize;
    let list = field(t, "commitments", id)?
        .as_array()
        .filter(|l| l.len() <= MAX_CASE_VALUES)
        .ok_or_else(|| {
            format!("case {id}: field \"commitments\": not a list of at most {MAX_CASE_VALUES}")
        })?;
    let mut raw = Vec::with_capacity(list.len());
    for (k, c) in list.iter().enumerate() {
        raw.push(
            c.as_str()
                .and_then(|s| hex::decode(s).ok())
                .ok_or_else(|| format!("case {id}: field \"commitments[{k}]\": not hex"))?,
        );
    }
    let statement = if secp256k1 {
        let generators = field(t, "generators", id)?
            .as_u64()
            .map(|g| g as usize)
            .filter(|g| g.is_power_of_two() && *g >= 2 && *g <= MAX_CASE_GENERATORS)
            .ok_or_else(|| {
                format!("case {id}: field \"generators\": not a power of two in 2..={MAX_CASE_GENERATORS}")
            })?;
        let extra_commit = match t.get("extra_commit") {
            None => None,
            Some(e) => Some(
                e.as_str()
                    .filter(|e| e.len() <= 2048)
                    .and_then(|e| hex::decode(e).ok())
                    .ok_or_else(|| format!("case {id}: field \"extra_commit\": not short hex"))?,
            ),
        };
        let mut commitments = Vec::with_capacity(raw.len());
        for (k, bytes) in raw.into_iter().enumerate() {
            commitments.push(
                <[u8; 33]>::try_from(bytes)
                    .map_err(|_| format!("case {id}: field \"commitments[{k}]\": not 33 bytes"))?,
            );
        }
        Statement::Secp256k1 {
            generators,
            extra_commit,
            commitments,
        }
    } else {
        let domain = field(t, "domain", id)?
            .as_str()
            .filter(|d| d.len() <= 1024)
            .ok_or_else(|| format!("case {id}: field \"domain\": not a short string"))?;
        let mut commitments = Vec::with_capacity(raw.len());
        for (k, bytes) in raw.iter().enumerate() {
            commitments.push(
                CompressedRistretto::from_slice(bytes)
                    .map_err(|_| format!("case {id}: field \"commitments[{k}]\": not 32 bytes"))?,
            );
        }
        let base =
            ballistic_api::transcript(domain.as_bytes()).map_err(|e| format!("domain: {e}"))?;
        Statement::Ristretto { base, commitments }
    };
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
    let error = t.get("error").and_then(Value::as_str).map(str::to_owned);
    Ok(Case {
        id,
        bits,
        statement,
        proof,
        valid,
        error,
    })
}

/// Runs the cases of a range-proof file.
pub(crate) fn run(doc: &Value, tests: &[Value]) -> Result<Tally, String> {
    let secp256k1 = match doc.get("curve").and_then(Value::as_str) {
        None | Some("ristretto255") => false,
        Some("secp256k1") => true,
        Some(curve) => {
            return Err(format!(
                "field \"curve\": unsupported curve {curve:?} (ristretto255 or secp256k1)"
            ))
        }
    };
    let cases: Vec<Case> = tests
        .iter()
        .enumerate()
        .map(|(i, t)| decode_case(t, i, secp256k1))
        .collect::<Result<_, _>>()?;

    let max_n = cases
        .iter()
        .map(|c| c.bits)
        .filter(|b| (1..=64).contains(b))
        .max()
        .unwrap_or(1);
    let max_m = cases.iter().map(Case::values).max().unwrap_or(1).max(1);
    let bp = BulletproofGens::new(max_n, max_m);
    let pc = PedersenGens::default();
    let secp_pc = ballistic::secp256k1::PedersenGens::default();
    let mut secp_gens = std::collections::BTreeMap::new();
    let mut tally = Tally::default();
    for c in &cases {
        let result = match &c.statement {
            Statement::Ristretto { base, commitments } => RangeProof::from_bytes(&c.proof)
                .and_then(|p| p.verify_multiple(&bp, &pc, &mut base.clone(), commitments, c.bits)),
            Statement::Secp256k1 {
                generators,
                extra_commit,
                commitments,
            } => {
                use ballistic::secp256k1 as secp;
                let gens = secp_gens
                    .entry(*generators)
                    .or_insert_with(|| secp::zkp_generators(*generators));
                let mut t = match extra_commit {
                    Some(e) => secp::Transcript::new().with_extra_commit(e),
                    None => secp::Transcript::new(),
                };
                secp::RangeProof::from_bytes(&c.proof)
                    .and_then(|p| p.verify_multiple(gens, &secp_pc, &mut t, commitments, c.bits))
            }
        };
        tally.verdict(
            c.id,
            c.valid,
            c.error.as_deref(),
            result.err().map(|e| class(&e)),
        );
    }
    Ok(tally)
}
