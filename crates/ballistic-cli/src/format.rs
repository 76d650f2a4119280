//! The proof file and openings file formats, their limits and their strict parser.
//!
//! See the crate documentation (`main.rs`) for the format itself. The parser checks
//! structure only: JSON syntax, the exact set of fields, types, hex and byte lengths,
//! and the limits below. Whether the bytes are valid curve points and whether the
//! proof verifies is decided by `verify`, which reports such files as `INVALID`
//! rather than malformed.

use std::fmt;
use std::io::Read;
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The name of the ristretto255 curve in proof files and on the command line.
pub const CURVE_RISTRETTO255: &str = "ristretto255";
/// Every curve the command supports, for error messages.
pub const SUPPORTED_CURVES: &[&str] = &[CURVE_RISTRETTO255];
/// The Merlin transcript label used when `--domain` is not given.
pub const DEFAULT_DOMAIN: &str = "ballistic";
/// Files larger than this are refused before they are read in full (1 MiB; the
/// largest legitimate proof file, [`MAX_VALUES`] commitments, is about 70 KiB).
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;
/// The largest number of values (commitments) in one proof file. Verifying a proof of
/// `m` values of `n` bits derives `2·n·m` generators (about 21 MiB and one second for
/// `n = 64`, `m = 1024`), so the command caps `m` well below the library's
/// [`ballistic::MAX_AGGREGATION`]: a hostile file cannot make it allocate gigabytes.
pub const MAX_VALUES: usize = 1024;
/// The longest accepted domain label, in bytes.
pub const MAX_DOMAIN_BYTES: usize = 1024;
/// The size of a compressed curve point (a commitment).
pub const POINT_BYTES: usize = 32;

/// A curve the command can prove and verify on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Curve {
    /// ristretto255, in the wire format of dalek's `bulletproofs` crate.
    Ristretto255,
}

impl Curve {
    /// Parses a curve name; the error is a complete message.
    pub fn parse(name: &str) -> Result<Curve, String> {
        match name {
            CURVE_RISTRETTO255 => Ok(Curve::Ristretto255),
            other => Err(format!(
                "unsupported curve {other:?} (supported: {})",
                SUPPORTED_CURVES.join(", ")
            )),
        }
    }

    /// The curve's name in files and messages.
    pub fn name(self) -> &'static str {
        match self {
            Curve::Ristretto255 => CURVE_RISTRETTO255,
        }
    }
}

/// The byte length of a proof with `rounds` inner-product rounds: `(2·rounds + 9)·32`.
pub fn proof_len(rounds: usize) -> usize {
    (2 * rounds + 9) * POINT_BYTES
}

/// The number of inner-product rounds of a proof of `m` values of `n` bits:
/// `⌈log2(n·m)⌉`.
pub fn rounds_for_shape(n: usize, m: usize) -> usize {
    ballistic::util::padded_len(n, m).trailing_zeros() as usize
}

/// A proof file as written by `prove` (field order is the file's field order).
#[derive(Debug, Serialize)]
pub struct ProofFileOut<'a> {
    /// The curve name.
    pub curve: &'a str,
    /// The bit width `n`: every value is in `[0, 2^n)`.
    pub bits: usize,
    /// The Merlin transcript label.
    pub domain: &'a str,
    /// The commitments, lowercase hex of the compressed points.
    pub commitments: Vec<String>,
    /// The proof bytes, lowercase hex.
    pub proof: String,
}

/// The openings file written by `prove --openings`: the secrets behind a proof file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningsFile {
    /// The curve name.
    pub curve: String,
    /// The bit width of the proof.
    pub bits: usize,
    /// The transcript label of the proof.
    pub domain: String,
    /// One opening per commitment, in the proof file's order.
    pub openings: Vec<Opening>,
}

/// The opening of one commitment `V = value·B + blinding·B_blinding`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opening {
    /// The committed value.
    pub value: u64,
    /// The blinding factor, lowercase hex of the 32-byte little-endian scalar.
    pub blinding: String,
    /// The commitment it opens, as in the proof file.
    pub commitment: String,
}

/// A structurally valid proof file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProofFile {
    /// The curve.
    pub curve: Curve,
    /// The bit width, in `1..=64`.
    pub bits: usize,
    /// The transcript label, at most [`MAX_DOMAIN_BYTES`] bytes.
    pub domain: String,
    /// Between 1 and [`MAX_VALUES`] commitment encodings.
    pub commitments: Vec<[u8; POINT_BYTES]>,
    /// Proof bytes of a possible proof length (see [`proof_len`]).
    pub proof: Vec<u8>,
}

/// Why a file is not a well-formed proof file; the message does not include the
/// file name (the caller adds it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed(String);

impl Malformed {
    /// A problem with one field: `field "<name>": <message>`.
    fn field(name: &str, message: impl fmt::Display) -> Self {
        Malformed(format!("field {name:?}: {message}"))
    }
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The raw top level of a proof file. Unknown and duplicate fields are rejected by
/// serde; the values are checked field by field so that messages name the field.
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a ballistic proof file (a JSON object with fields curve, bits, domain, commitments, proof)"
)]
struct RawProofFile {
    #[serde(default)]
    curve: Value,
    #[serde(default)]
    bits: Value,
    #[serde(default)]
    domain: Value,
    #[serde(default)]
    commitments: Value,
    #[serde(default)]
    proof: Value,
}

/// Reads at most [`MAX_FILE_BYTES`] from `path` (`-` is standard input); larger files
/// are refused, using the file's size when known before reading anything.
pub fn read_limited(path: &Path) -> Result<Vec<u8>, Malformed> {
    let limit_msg = |size: u64| {
        Malformed(format!(
            "file is {size} bytes, larger than the limit of {MAX_FILE_BYTES} bytes (1 MiB)"
        ))
    };
    let mut buf = Vec::new();
    if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut buf)
            .map_err(|e| Malformed(format!("cannot read standard input: {e}")))?;
    } else {
        let file = std::fs::File::open(path).map_err(|e| Malformed(format!("cannot open: {e}")))?;
        let meta = file
            .metadata()
            .map_err(|e| Malformed(format!("cannot read: {e}")))?;
        if meta.is_dir() {
            return Err(Malformed("is a directory, not a proof file".into()));
        }
        if meta.len() > MAX_FILE_BYTES {
            return Err(limit_msg(meta.len()));
        }
        file.take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut buf)
            .map_err(|e| Malformed(format!("cannot read: {e}")))?;
    }
    if buf.len() as u64 > MAX_FILE_BYTES {
        return Err(Malformed(format!(
            "larger than the limit of {MAX_FILE_BYTES} bytes (16 MiB)"
        )));
    }
    Ok(buf)
}

/// Describes a JSON value's type for messages ("got a number").
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The string in field `name`, or a message naming the field.
fn string_field<'a>(name: &str, v: &'a Value, what: &str) -> Result<&'a str, Malformed> {
    match v {
        Value::String(s) => Ok(s),
        Value::Null => Err(Malformed::field(
            name,
            format!("missing (or null); expected {what}"),
        )),
        other => Err(Malformed::field(
            name,
            format!("expected {what}, got {}", kind(other)),
        )),
    }
}

/// Decodes one commitment: exactly [`POINT_BYTES`] bytes of hex.
fn commitment_field(name: &str, v: &Value) -> Result<[u8; POINT_BYTES], Malformed> {
    let s = string_field(name, v, "32 bytes of hex")?;
    let bytes =
        hex::decode(s).map_err(|e| Malformed::field(name, format!("not 32 bytes of hex ({e})")))?;
    <[u8; POINT_BYTES]>::try_from(bytes.as_slice()).map_err(|_| {
        Malformed::field(
            name,
            format!("not 32 bytes of hex (got {} bytes)", bytes.len()),
        )
    })
}

/// Parses and checks the structure of a proof file.
pub fn parse_proof_file(bytes: &[u8]) -> Result<ProofFile, Malformed> {
    // serde's derived structs also accept a JSON array of the fields in order; a
    // proof file must be an object.
    match bytes.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'{') | None => {}
        Some(_) if serde_json::from_slice::<serde::de::IgnoredAny>(bytes).is_ok() => {
            return Err(Malformed(
                "expected a ballistic proof file (a JSON object with fields curve, bits, \
                 domain, commitments, proof)"
                    .into(),
            ))
        }
        Some(_) => {}
    }
    let raw: RawProofFile = serde_json::from_slice(bytes).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => Malformed(e.to_string()),
        _ => Malformed(format!("not valid JSON: {e}")),
    })?;

    let curve_name = string_field("curve", &raw.curve, "a curve name")?;
    let curve = Curve::parse(curve_name).map_err(|m| Malformed::field("curve", m))?;

    let max_bits = ballistic::MAX_BITS as u64;
    let bits = match raw.bits.as_u64() {
        Some(b) if (1..=max_bits).contains(&b) => b as usize,
        _ => {
            let got = match &raw.bits {
                Value::Null => "nothing (missing or null)".to_string(),
                other => other.to_string(),
            };
            return Err(Malformed::field(
                "bits",
                format!("expected an integer in 1..={max_bits}, got {got}"),
            ));
        }
    };

    let domain = string_field("domain", &raw.domain, "a string (the transcript label)")?;
    if domain.len() > MAX_DOMAIN_BYTES {
        return Err(Malformed::field(
            "domain",
            format!(
                "{} bytes long; the limit is {MAX_DOMAIN_BYTES}",
                domain.len()
            ),
        ));
    }

    let list = match &raw.commitments {
        Value::Array(list) => list,
        Value::Null => {
            return Err(Malformed::field(
                "commitments",
                "missing (or null); expected an array of hex strings",
            ))
        }
        other => {
            return Err(Malformed::field(
                "commitments",
                format!("expected an array of hex strings, got {}", kind(other)),
            ))
        }
    };
    if list.is_empty() {
        return Err(Malformed::field(
            "commitments",
            "empty; a proof covers at least one commitment",
        ));
    }
    if list.len() > MAX_VALUES {
        return Err(Malformed::field(
            "commitments",
            format!(
                "{} entries; the limit is {MAX_VALUES} values per proof",
                list.len()
            ),
        ));
    }
    let commitments = list
        .iter()
        .enumerate()
        .map(|(i, v)| commitment_field(&format!("commitments[{i}]"), v))
        .collect::<Result<Vec<_>, _>>()?;

    let proof_hex = string_field("proof", &raw.proof, "a hex string")?;
    let proof =
        hex::decode(proof_hex).map_err(|e| Malformed::field("proof", format!("not hex ({e})")))?;
    let max_rounds = ballistic::MAX_IPP_ROUNDS;
    let fixed = proof_len(0);
    let plausible = proof.len() >= fixed
        && proof.len() <= proof_len(max_rounds)
        && (proof.len() - fixed) % (2 * POINT_BYTES) == 0;
    if !plausible {
        return Err(Malformed::field(
            "proof",
            format!(
                "{} bytes is not a proof length ((2k+9)·32 bytes for k in 0..={max_rounds})",
                proof.len()
            ),
        ));
    }

    Ok(ProofFile {
        curve,
        bits,
        domain: domain.to_owned(),
        commitments,
        proof,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn good() -> serde_json::Map<String, Value> {
        let v = serde_json::json!({
            "curve": "ristretto255",
            "bits": 8,
            "domain": "d",
            "commitments": ["00".repeat(32)],
            "proof": "00".repeat(proof_len(3)),
        });
        match v {
            Value::Object(m) => m,
            _ => unreachable!("json! object"),
        }
    }

    fn parse(m: &serde_json::Map<String, Value>) -> Result<ProofFile, Malformed> {
        parse_proof_file(&serde_json::to_vec(m).unwrap_or_default())
    }

    #[test]
    fn accepts_well_formed() {
        let f = parse(&good()).expect("well formed");
        assert_eq!(f.bits, 8);
        assert_eq!(f.commitments.len(), 1);
        assert_eq!(f.proof.len(), 15 * 32);
    }

    #[test]
    fn names_fields() {
        let mut m = good();
        m.insert("bits".into(), Value::from(65));
        assert!(parse(&m).unwrap_err().0.contains("field \"bits\""));

        let mut m = good();
        m.insert(
            "commitments".into(),
            serde_json::json!(["00".repeat(32), "0011"]),
        );
        let e = parse(&m).unwrap_err().0;
        assert!(
            e.contains("field \"commitments[1]\": not 32 bytes of hex"),
            "{e}"
        );

        let mut m = good();
        m.remove("proof");
        assert!(parse(&m)
            .unwrap_err()
            .0
            .contains("field \"proof\": missing"));

        let mut m = good();
        m.insert("extra".into(), Value::from(1));
        assert!(parse(&m).unwrap_err().0.contains("unknown field `extra`"));

        let mut m = good();
        m.insert("proof".into(), Value::from("00".repeat(100)));
        assert!(parse(&m).unwrap_err().0.contains("not a proof length"));

        let mut m = good();
        m.insert("curve".into(), Value::from("secp256k1"));
        assert!(parse(&m).unwrap_err().0.contains("unsupported curve"));

        let mut m = good();
        m.insert("commitments".into(), serde_json::json!([]));
        assert!(parse(&m).unwrap_err().0.contains("empty"));
    }

    #[test]
    fn rejects_duplicates_and_non_objects() {
        let dup = br#"{"bits":8,"bits":8}"#;
        assert!(parse_proof_file(dup)
            .unwrap_err()
            .0
            .contains("duplicate field"));
        let e = parse_proof_file(br#"["ristretto255", 8, "d", [], ""]"#).unwrap_err();
        assert!(e.0.contains("a JSON object"), "{e}");
        assert!(parse_proof_file(b"[1")
            .unwrap_err()
            .0
            .starts_with("not valid JSON"));
        assert!(parse_proof_file(b"")
            .unwrap_err()
            .0
            .starts_with("not valid JSON"));
    }

    #[test]
    fn proof_lengths() {
        assert_eq!(proof_len(rounds_for_shape(64, 1)), 672);
        assert_eq!(proof_len(rounds_for_shape(64, 2)), 736);
        assert_eq!(proof_len(rounds_for_shape(48, 3)), 800);
        assert_eq!(proof_len(rounds_for_shape(1, 1)), 288);
    }
}
