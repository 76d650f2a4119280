//! The proof file and openings file formats, their limits and their strict parser.
//!
//! See the crate documentation (`main.rs`) for the format itself. The parser checks
//! structure only: JSON syntax, the exact set of fields for the file's curve and
//! protocol (Bulletproofs or Bulletproofs+), types, hex and byte lengths, the shapes
//! a curve supports, the extension degree against the proof's first byte, the
//! minimum values against the bit width, and the limits below. Whether
//! the bytes are valid curve points and whether the proof verifies is decided by
//! `verify`, which reports such files as `INVALID` rather than malformed.

use std::fmt;
use std::io::Read;
use std::path::Path;

use ballistic::range_proof::range::range_bits;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use zeroize::Zeroize;

pub use ballistic_api::{
    check_secp256k1_bits, check_secp256k1_shape, check_secp256k1_values, plus_proof_len,
    rounds_for_shape, secp256k1_generator_count, Curve, Protocol, CURVE_RISTRETTO255,
    CURVE_SECP256K1, MAX_DOMAIN_BYTES, MAX_VALUES, POINT_BYTES, PROTOCOL_BP, PROTOCOL_BP_PLUS,
    RANGE_PROOF_VALUES, SECP256K1_BITS, SUPPORTED_CURVES,
};

/// The Merlin transcript label used when `--domain` is not given.
pub const DEFAULT_DOMAIN: &str = "ballistic";
/// Files larger than this are refused before they are read in full (1 MiB; the
/// largest legitimate proof file, [`MAX_VALUES`] commitments, is about 70 KiB).
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;
/// The size of a secp256k1-zkp Pedersen commitment: `0x08` or `0x09`, then the
/// big-endian x-coordinate.
pub const SECP256K1_COMMITMENT_BYTES: usize = ballistic_api::SECP256K1_POINT_BYTES;
/// The generator-set rule of secp256k1 proofs, shown in `--help`: both `prove` and
/// `verify` derive the set from `n` and `m` alone (see [`secp256k1_generator_count`]).
pub const SECP256K1_GENERATORS_RULE: &str = "Generators on secp256k1: Grin's 256 \
     (secp256k1_bulletproof_generators_create(ctx, G, 256)) when n·m <= 128, i.e. up to \
     two 64-bit values; otherwise secp256k1-zkp's 2·n·m. verify derives the same set from \
     n and m, so nothing about it is stored in the proof file.";

/// The byte length of a Bulletproofs proof of `m` values of `n` bits on `curve`
/// (for secp256k1, `n·m` is rounded up to a power of two; the shapes it supports
/// have none to round).
pub fn bp_proof_len(curve: Curve, n: usize, m: usize) -> usize {
    ballistic_api::Params::new(curve, Protocol::Bp, n).proof_len(m)
}

/// The byte length of a ristretto255 Bulletproofs proof with `rounds` inner-product
/// rounds: `(2·rounds + 9)·32`.
pub fn proof_len(rounds: usize) -> usize {
    ballistic_api::bp_proof_len(rounds)
}

/// A proof file as written by `prove` (field order is the file's field order).
#[derive(Debug, Serialize)]
pub struct ProofFileOut<'a> {
    /// The curve name.
    pub curve: &'a str,
    /// The protocol name: `Some("bp+")` for Bulletproofs+; `None` (no field) for
    /// Bulletproofs, so that their files are unchanged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub protocol: Option<&'a str>,
    /// The bit width `n`: every value is in `[0, 2^n)` (with minimum values,
    /// `[o_j, o_j + 2^n)`).
    pub bits: usize,
    /// The range `[a, b]` of a range proof (`prove --range`), as two JSON integers;
    /// `bits` is then [`range_bits`]`(a, b)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<[u64; 2]>,
    /// The extension degree `t` (Bulletproofs+ only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extension_degree: Option<usize>,
    /// The minimum values `o_j`, one per commitment, as JSON integers (Bulletproofs+
    /// only, and only when one is not zero).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_values: Option<Vec<u64>>,
    /// The Merlin transcript label (ristretto255, and Bulletproofs+ on both curves).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub domain: Option<&'a str>,
    /// The commitments, lowercase hex of the compressed points.
    pub commitments: Vec<String>,
    /// The proof bytes, lowercase hex.
    pub proof: String,
    /// secp256k1-zkp's extra commitment, lowercase hex (secp256k1 only; absent when
    /// there is none, which differs from an empty one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub extra_commit: Option<String>,
}

/// The openings file written by `prove --openings`: the secrets behind a proof file.
/// `Debug` prints no nonce and no opening's value or blinding; they are zeroized on
/// drop.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpeningsFile {
    /// The curve name.
    pub curve: String,
    /// The protocol name (`"bp+"`; absent for Bulletproofs).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    /// The bit width of the proof.
    pub bits: usize,
    /// The range `[a, b]` of a range proof.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<[u64; 2]>,
    /// The extension degree of the proof (Bulletproofs+ only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extension_degree: Option<usize>,
    /// The minimum values of the proof (Bulletproofs+ only, when one is not zero).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_values: Option<Vec<u64>>,
    /// The transcript label of the proof (ristretto255, and Bulletproofs+ on both
    /// curves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    /// The extra commitment of the proof, hex (secp256k1 only, when given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_commit: Option<String>,
    /// The 32-byte rewind nonce the proof was made with, hex (secp256k1 only): with
    /// it, a wallet can rewind a single-value proof to its value and blinding.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nonce: Option<String>,
    /// The seed nonce of a one-value Bulletproofs+ proof made with `--seed-nonce`,
    /// hex of the 32-byte scalar (little-endian on ristretto255, big-endian on
    /// secp256k1): with it, `ballistic rewind` recovers the masks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_nonce: Option<String>,
    /// One opening per commitment, in the proof file's order.
    pub openings: Vec<Opening>,
}

/// The opening of one commitment `V = value·B + blinding·B_blinding` (secret: see
/// [`OpeningsFile`]).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Opening {
    /// The committed value.
    pub value: u64,
    /// The blinding factor (Bulletproofs), lowercase hex of the 32-byte scalar:
    /// little-endian on ristretto255, big-endian on secp256k1 (as secp256k1-zkp and
    /// Grin store keys).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blinding: Option<String>,
    /// The masks `γ_0 … γ_{t−1}` (Bulletproofs+), one per mask base, each encoded as
    /// `blinding` is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub masks: Option<Vec<String>>,
    /// The commitment it opens, as in the proof file.
    pub commitment: String,
}

impl Drop for OpeningsFile {
    fn drop(&mut self) {
        self.nonce.zeroize();
        self.seed_nonce.zeroize();
    }
}

impl Drop for Opening {
    fn drop(&mut self) {
        self.value.zeroize();
        self.blinding.zeroize();
        self.masks.zeroize();
    }
}

impl fmt::Debug for OpeningsFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OpeningsFile")
            .field("curve", &self.curve)
            .field("protocol", &self.protocol)
            .field("bits", &self.bits)
            .field("range", &self.range)
            .field("extension_degree", &self.extension_degree)
            .field("min_values", &self.min_values)
            .field("domain", &self.domain)
            .field("extra_commit", &self.extra_commit)
            .field("nonce", &self.nonce.as_ref().map(|_| "<redacted>"))
            .field(
                "seed_nonce",
                &self.seed_nonce.as_ref().map(|_| "<redacted>"),
            )
            .field("openings", &self.openings)
            .finish()
    }
}

impl fmt::Debug for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Opening")
            .field("value", &"<redacted>")
            .field("blinding", &self.blinding.as_ref().map(|_| "<redacted>"))
            .field("masks", &self.masks.as_ref().map(|_| "<redacted>"))
            .field("commitment", &self.commitment)
            .finish()
    }
}

/// A structurally valid proof file.
///
/// Invariants established by [`parse_proof_file`]: `domain` is `Some` exactly for
/// ristretto255 and for every Bulletproofs+ file; `extra_commit` is `None` except
/// for secp256k1 Bulletproofs; every commitment has [`Curve::commitment_bytes`]
/// bytes (and on secp256k1 starts with `0x08` or `0x09`); for Bulletproofs on
/// secp256k1 the shape passes [`check_secp256k1_shape`]; `extension_degree` is
/// `Some(t)` with `1 <= t <= 6` exactly for Bulletproofs+, and the proof's first
/// byte is `t`; `min_values` is empty (all zero) or has one entry per commitment,
/// each below `2^bits`, and is empty for Bulletproofs; with a `range` `(a, b)`,
/// `a <= b`, `bits` is [`range_bits`]`(a, b)`, there is exactly one commitment and
/// no minimum values (and on secp256k1 `bits` need not be a secp256k1-zkp width:
/// the proof is one of two `bits`-bit values, padded as the library pads).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProofFile {
    /// The curve.
    pub curve: Curve,
    /// The protocol (`Bp` when the file has no `protocol` field).
    pub protocol: Protocol,
    /// The bit width, in `1..=64`.
    pub bits: usize,
    /// The range `(a, b)` of a range proof (`a <= v <= b` for the one commitment).
    pub range: Option<(u64, u64)>,
    /// The extension degree `t` of a Bulletproofs+ proof (its number of mask bases).
    pub extension_degree: Option<usize>,
    /// The minimum values `o_j` of a Bulletproofs+ proof (empty: all zero).
    pub min_values: Vec<u64>,
    /// The transcript label, at most [`MAX_DOMAIN_BYTES`] bytes.
    pub domain: Option<String>,
    /// secp256k1-zkp's extra commitment (secp256k1; `Some(vec![])` differs from `None`).
    pub extra_commit: Option<Vec<u8>>,
    /// Between 1 and [`MAX_VALUES`] commitment encodings.
    pub commitments: Vec<Vec<u8>>,
    /// Proof bytes of a possible proof length for the curve.
    pub proof: Vec<u8>,
}

impl ProofFile {
    /// The statement of the file for the byte-level API (a missing domain is the
    /// empty label; the parser requires one wherever the protocol uses it).
    pub fn params(&self) -> ballistic_api::Params {
        ballistic_api::Params {
            curve: self.curve,
            protocol: self.protocol,
            bits: self.bits,
            range: self.range,
            extension_degree: self.extension_degree.unwrap_or(1),
            min_values: self.min_values.clone(),
            domain: self
                .domain
                .clone()
                .map(String::into_bytes)
                .unwrap_or_default(),
            extra_commit: self.extra_commit.clone(),
            // Proof files use the set the shape derives (Grin's up to n·m = 128).
            generators: None,
        }
    }

    /// The number of values the proof itself is about: two (`v − a` and `b − v`,
    /// over the commitments the verifier derives) for a range proof, else one per
    /// commitment.
    pub fn proof_values(&self) -> usize {
        if self.range.is_some() {
            RANGE_PROOF_VALUES
        } else {
            self.commitments.len()
        }
    }
}

/// Why a file is not a well-formed proof file; the message does not include the
/// file name (the caller adds it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed(String);

impl Malformed {
    /// A problem with one field: `field "<name>": <message>`.
    pub(crate) fn field(name: &str, message: impl fmt::Display) -> Self {
        Malformed(format!("field {name:?}: {message}"))
    }
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// What a proof file is, for messages.
const EXPECTING: &str = "a ballistic proof file (a JSON object with fields curve, bits, \
                         domain or extra_commit, commitments, proof; range for a range \
                         proof; protocol, extension_degree, min_values for bp+)";

/// The raw top level of a proof file. Unknown and duplicate fields are rejected by
/// serde; the values are checked field by field so that messages name the field.
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a ballistic proof file (a JSON object with fields curve, bits, domain or extra_commit, commitments, proof; range for a range proof; protocol, extension_degree, min_values for bp+)"
)]
struct RawProofFile {
    #[serde(default)]
    curve: Value,
    /// `None` when absent or `null`.
    #[serde(default, deserialize_with = "present")]
    protocol: Option<Value>,
    #[serde(default)]
    bits: Value,
    /// `None` when absent or `null`.
    #[serde(default, deserialize_with = "present")]
    range: Option<Value>,
    /// `None` when absent or `null`.
    #[serde(default, deserialize_with = "present")]
    extension_degree: Option<Value>,
    /// `None` when absent or `null`.
    #[serde(default, deserialize_with = "present")]
    min_values: Option<Value>,
    /// `None` when absent or `null`.
    #[serde(default, deserialize_with = "present")]
    domain: Option<Value>,
    #[serde(default)]
    commitments: Value,
    #[serde(default)]
    proof: Value,
    /// `None` when absent or `null`.
    #[serde(default, deserialize_with = "present")]
    extra_commit: Option<Value>,
}

/// Deserializes an optional field: `null` is absent, as serde's `Option` and most
/// JSON producers have it (with `#[serde(default)]`, an absent field stays `None`).
pub(crate) fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(|v| (!v.is_null()).then_some(v))
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
            "larger than the limit of {MAX_FILE_BYTES} bytes (1 MiB)"
        )));
    }
    Ok(buf)
}

/// `"1 entry"`, `"2 entries"`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Describes a JSON value's type for messages ("got a number").
pub(crate) fn kind(v: &Value) -> &'static str {
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
pub(crate) fn string_field<'a>(name: &str, v: &'a Value, what: &str) -> Result<&'a str, Malformed> {
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

/// The bytes in field `name`, a string of hex digits, or a message naming the field.
pub(crate) fn hex_field(name: &str, v: &Value) -> Result<Vec<u8>, Malformed> {
    let s = string_field(name, v, "a hex string")?;
    hex::decode(s).map_err(|e| Malformed::field(name, format!("not hex ({e})")))
}

/// The `len` bytes in field `name`, a string of exactly `2·len` hex digits, or a
/// message naming the field.
pub(crate) fn exact_hex_field(name: &str, v: &Value, len: usize) -> Result<Vec<u8>, Malformed> {
    let what = format!("{len} bytes of hex");
    let s = string_field(name, v, &what)?;
    let bytes = hex::decode(s).map_err(|e| Malformed::field(name, format!("not {what} ({e})")))?;
    if bytes.len() != len {
        return Err(Malformed::field(
            name,
            format!("not {what} (got {} bytes)", bytes.len()),
        ));
    }
    Ok(bytes)
}

/// The transcript label in field `domain`: a string of at most
/// [`MAX_DOMAIN_BYTES`] bytes.
pub(crate) fn domain_field(v: &Value) -> Result<&str, Malformed> {
    let domain = string_field("domain", v, "a string (the transcript label)")?;
    if domain.len() > MAX_DOMAIN_BYTES {
        return Err(Malformed::field(
            "domain",
            format!(
                "{} bytes long; the limit is {MAX_DOMAIN_BYTES}",
                domain.len()
            ),
        ));
    }
    Ok(domain)
}

/// The commitments in field `commitments`: an array whose length `check_count`
/// accepts, of commitments on `curve` ([`commitment_field`], each named
/// `commitments[i]`).
pub(crate) fn commitments_field(
    curve: Curve,
    v: &Value,
    check_count: impl FnOnce(usize) -> Result<(), Malformed>,
) -> Result<Vec<Vec<u8>>, Malformed> {
    let list = match v {
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
    check_count(list.len())?;
    list.iter()
        .enumerate()
        .map(|(i, v)| commitment_field(curve, &format!("commitments[{i}]"), v))
        .collect()
}

/// Decodes one commitment: exactly `curve.commitment_bytes()` bytes of hex, and on
/// secp256k1 the prefix `0x08` or `0x09` of a secp256k1-zkp Pedersen commitment.
pub(crate) fn commitment_field(curve: Curve, name: &str, v: &Value) -> Result<Vec<u8>, Malformed> {
    let bytes = exact_hex_field(name, v, curve.commitment_bytes())?;
    if curve == Curve::Secp256k1 {
        if let Some(&prefix) = bytes.first().filter(|&&p| p & 0xfe != 0x08) {
            let hint = if prefix == 0x02 || prefix == 0x03 {
                " (that is a public-key prefix)"
            } else {
                ""
            };
            return Err(Malformed::field(
                name,
                format!(
                    "prefix 0x{prefix:02x} is not a secp256k1-zkp commitment prefix \
                     (0x08 or 0x09){hint}"
                ),
            ));
        }
    }
    Ok(bytes)
}

/// Whether `len` is the length of some proof on `curve` (any shape within the
/// library's limits).
fn plausible_proof_len(curve: Curve, len: usize) -> bool {
    let max_rounds = ballistic::MAX_IPP_ROUNDS;
    match curve {
        Curve::Ristretto255 => {
            let fixed = proof_len(0);
            len >= fixed
                && len <= proof_len(max_rounds)
                && (len - fixed).is_multiple_of(2 * POINT_BYTES)
        }
        Curve::Secp256k1 => {
            (0..=max_rounds).any(|k| ballistic::range_proof::zkp::wire::proof_len(1 << k) == len)
        }
    }
}

/// Whether `len` is the length of some Bulletproofs+ proof of extension degree `t`
/// on `curve` (any number of rounds within the library's limits).
fn plausible_plus_proof_len(curve: Curve, t: usize, len: usize) -> bool {
    (0..=ballistic::MAX_IPP_ROUNDS).any(|k| plus_proof_len(curve, t, k) == len)
}

/// The largest extension degree (Tari's `ExtensionDegree::AddFiveBasePoints`).
pub const MAX_EXTENSION_DEGREE: usize = ballistic::generators::MAX_EXTENSION_DEGREE;

/// The protocol in field `protocol`: absent is Bulletproofs.
fn protocol_field(v: Option<&Value>) -> Result<Protocol, Malformed> {
    let Some(v) = v else {
        return Ok(Protocol::Bp);
    };
    let name = match v {
        Value::String(s) => s,
        other => {
            return Err(Malformed::field(
                "protocol",
                format!(
                    "expected \"{PROTOCOL_BP}\" or \"{PROTOCOL_BP_PLUS}\", got {}",
                    kind(other)
                ),
            ))
        }
    };
    Protocol::parse(name).map_err(|m| Malformed::field("protocol", m))
}

/// The extension degree in field `extension_degree`: required for Bulletproofs+,
/// refused for Bulletproofs.
fn extension_degree_field(
    protocol: Protocol,
    v: Option<&Value>,
) -> Result<Option<usize>, Malformed> {
    let name = "extension_degree";
    match (protocol, v) {
        (Protocol::Bp, None) => Ok(None),
        (Protocol::Bp, Some(_)) => Err(Malformed::field(
            name,
            "only bp+ proofs have one (add \"protocol\":\"bp+\" if this is one)",
        )),
        (Protocol::BpPlus, v) => {
            let v = v.unwrap_or(&Value::Null);
            match v.as_u64() {
                Some(t) if (1..=MAX_EXTENSION_DEGREE as u64).contains(&t) => Ok(Some(t as usize)),
                _ => {
                    let got = match v {
                        Value::Null => "nothing (missing or null)".to_string(),
                        other => other.to_string(),
                    };
                    Err(Malformed::field(
                        name,
                        format!(
                            "expected an integer in 1..={MAX_EXTENSION_DEGREE} (the number of \
                             mask bases), got {got}"
                        ),
                    ))
                }
            }
        }
    }
}

/// The minimum values in field `min_values`: for Bulletproofs+ absent (all zero) or
/// an array of `m` integers, each below `2^bits`; refused for Bulletproofs.
fn min_values_field(
    protocol: Protocol,
    v: Option<&Value>,
    m: usize,
    bits: usize,
) -> Result<Vec<u64>, Malformed> {
    let name = "min_values";
    let list = match (protocol, v) {
        (_, None) => return Ok(Vec::new()),
        (Protocol::Bp, Some(_)) => {
            return Err(Malformed::field(
                name,
                "only bp+ proofs have minimum values",
            ))
        }
        (Protocol::BpPlus, Some(Value::Array(list))) => list,
        (Protocol::BpPlus, Some(other)) => {
            return Err(Malformed::field(
                name,
                format!("expected an array of integers, got {}", kind(other)),
            ))
        }
    };
    if list.len() != m {
        return Err(Malformed::field(
            name,
            format!(
                "{} for {}; one minimum value per commitment",
                count(list.len(), "entry", "entries"),
                count(m, "commitment", "commitments")
            ),
        ));
    }
    list.iter()
        .enumerate()
        .map(|(i, v)| {
            let field = format!("min_values[{i}]");
            // serde_json reads integers exactly (up to 2^64 − 1); a number with a
            // fraction or an exponent, or outside u64, is not an integer here.
            let o = v.as_u64().ok_or_else(|| {
                Malformed::field(
                    &field,
                    format!("expected an integer in 0..2^{bits}, got {v}"),
                )
            })?;
            if bits < 64 && o >> bits != 0 {
                return Err(Malformed::field(
                    &field,
                    format!("{o} is not below 2^{bits}: a minimum value must fit in the bit width"),
                ));
            }
            Ok(o)
        })
        .collect()
}

/// The range in field `range`: absent for a proof of `[0, 2^bits)`, else an array
/// `[a, b]` of two JSON integers (exact over the whole u64 range) with `a <= b`.
fn range_field(v: Option<&Value>) -> Result<Option<(u64, u64)>, Malformed> {
    let name = "range";
    let list = match v {
        None => return Ok(None),
        Some(Value::Array(list)) => list,
        Some(other) => {
            return Err(Malformed::field(
                name,
                format!(
                    "expected an array [a, b] of two integers, got {}",
                    kind(other)
                ),
            ))
        }
    };
    let bound = |i: usize, v: &Value| {
        // serde_json reads integers exactly (up to 2^64 − 1); a number with a
        // fraction or an exponent, or outside u64, is not an integer here.
        v.as_u64().ok_or_else(|| {
            Malformed::field(
                &format!("range[{i}]"),
                format!("expected an integer in 0..={}, got {v}", u64::MAX),
            )
        })
    };
    match list.as_slice() {
        [a, b] => {
            let (a, b) = (bound(0, a)?, bound(1, b)?);
            if a > b {
                return Err(Malformed::field(
                    name,
                    format!("[{a}, {b}] is empty: its lower bound is above its upper bound"),
                ));
            }
            Ok(Some((a, b)))
        }
        other => Err(Malformed::field(
            name,
            format!(
                "{}; expected [a, b], two integers",
                count(other.len(), "entry", "entries")
            ),
        )),
    }
}

/// Checks the fields a range proof constrains: `bits` is [`range_bits`]`(a, b)` and
/// there are no minimum values.
fn check_range_fields(
    (a, b): (u64, u64),
    bits: usize,
    min_values: Option<&Value>,
) -> Result<(), Malformed> {
    let k = range_bits(a, b).map_err(|e| Malformed::field("range", e))?;
    if bits != k {
        return Err(Malformed::field(
            "bits",
            format!(
                "{bits} disagrees with field \"range\" ([{a}, {b}] is proved in {k} bits, \
                 the bit length of b − a)"
            ),
        ));
    }
    if min_values.is_some() {
        return Err(Malformed::field(
            "min_values",
            "a range proof has none (its bounds are field \"range\")",
        ));
    }
    Ok(())
}

/// Deserializes the top level of a JSON file into `T`, a struct of fields: serde's
/// derived structs also accept a JSON array of the fields in order, but a file must
/// be an object (`expecting` says which). Syntax errors are "not valid JSON"; unknown
/// or duplicate fields are serde's messages.
pub(crate) fn parse_object<T: serde::de::DeserializeOwned>(
    bytes: &[u8],
    expecting: &str,
) -> Result<T, Malformed> {
    match bytes.iter().find(|b| !b.is_ascii_whitespace()) {
        Some(b'{') | None => {}
        Some(_) if serde_json::from_slice::<serde::de::IgnoredAny>(bytes).is_ok() => {
            return Err(Malformed(format!("expected {expecting}")))
        }
        Some(_) => {}
    }
    serde_json::from_slice(bytes).map_err(|e| match e.classify() {
        serde_json::error::Category::Data => Malformed(e.to_string()),
        _ => Malformed(format!("not valid JSON: {e}")),
    })
}

/// Parses and checks the structure of a proof file.
pub fn parse_proof_file(bytes: &[u8]) -> Result<ProofFile, Malformed> {
    let raw: RawProofFile = parse_object(bytes, EXPECTING)?;

    let curve_name = string_field("curve", &raw.curve, "a curve name")?;
    let curve = Curve::parse(curve_name).map_err(|m| Malformed::field("curve", m))?;
    let protocol = protocol_field(raw.protocol.as_ref())?;

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
    let range = range_field(raw.range.as_ref())?;
    if let Some(range) = range {
        check_range_fields(range, bits, raw.min_values.as_ref())?;
    }
    let extension_degree = extension_degree_field(protocol, raw.extension_degree.as_ref())?;

    let (domain, extra_commit) = match (curve, protocol) {
        (Curve::Ristretto255, _) | (Curve::Secp256k1, Protocol::BpPlus) => {
            if raw.extra_commit.is_some() {
                let why = if curve == Curve::Ristretto255 {
                    "only secp256k1 proofs have one (ristretto255 proofs bind a domain label)"
                } else {
                    "only secp256k1 bp proofs have one (bp+ proofs bind a domain label)"
                };
                return Err(Malformed::field("extra_commit", why));
            }
            let v = raw.domain.unwrap_or(Value::Null);
            (Some(domain_field(&v)?.to_owned()), None)
        }
        (Curve::Secp256k1, Protocol::Bp) => {
            if raw.domain.is_some() {
                return Err(Malformed::field(
                    "domain",
                    "secp256k1 proofs have no domain label (secp256k1-zkp's transcript \
                     has none; bind context with extra_commit)",
                ));
            }
            let extra = match &raw.extra_commit {
                None => None,
                Some(v) => Some(hex_field("extra_commit", v)?),
            };
            (None, extra)
        }
    };

    let commitments = commitments_field(curve, &raw.commitments, |n| {
        if n == 0 {
            return Err(Malformed::field(
                "commitments",
                "empty; a proof covers at least one commitment",
            ));
        }
        if n > MAX_VALUES {
            return Err(Malformed::field(
                "commitments",
                format!("{n} entries; the limit is {MAX_VALUES} values per proof"),
            ));
        }
        if range.is_some() && n != 1 {
            return Err(Malformed::field(
                "commitments",
                format!(
                    "{}; a range proof has one commitment (the verifier derives the two \
                     its proof is about)",
                    count(n, "entry", "entries")
                ),
            ));
        }
        // A range proof's width is any bit length (the library pads the proof).
        if curve == Curve::Secp256k1 && protocol == Protocol::Bp && range.is_none() {
            check_secp256k1_bits(bits).map_err(|m| Malformed::field("bits", m))?;
            check_secp256k1_values(n).map_err(|m| Malformed::field("commitments", m))?;
        }
        Ok(())
    })?;
    let min_values = min_values_field(protocol, raw.min_values.as_ref(), commitments.len(), bits)?;

    let proof = hex_field("proof", &raw.proof)?;
    if let Some(t) = extension_degree {
        check_plus_proof(curve, t, &proof)?;
    } else if !plausible_proof_len(curve, proof.len()) {
        let lengths = match curve {
            Curve::Ristretto255 => {
                format!("(2k+9)·32 bytes for k in 0..={}", ballistic::MAX_IPP_ROUNDS)
            }
            Curve::Secp256k1 => format!(
                "secp256k1-zkp's lengths for n·m = 1, 2, 4, …, 64: {}, …",
                (0..7)
                    .map(|k| ballistic::range_proof::zkp::wire::proof_len(1 << k).to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        return Err(Malformed::field(
            "proof",
            format!("{} bytes is not a proof length ({lengths})", proof.len()),
        ));
    }

    Ok(ProofFile {
        curve,
        protocol,
        bits,
        range,
        extension_degree,
        min_values,
        domain,
        extra_commit,
        commitments,
        proof,
    })
}

/// Checks a Bulletproofs+ proof's bytes against its file: the first byte is the
/// extension degree `t` of field `extension_degree`, and the length is Tari's for
/// `t` and some number of rounds.
fn check_plus_proof(curve: Curve, t: usize, proof: &[u8]) -> Result<(), Malformed> {
    if let Some(&byte) = proof.first() {
        if usize::from(byte) != t {
            return Err(Malformed::field(
                "proof",
                format!(
                    "its extension degree byte is {byte}, which disagrees with field \
                     \"extension_degree\" ({t})"
                ),
            ));
        }
    }
    if !plausible_plus_proof_len(curve, t, proof.len()) {
        return Err(Malformed::field(
            "proof",
            format!(
                "{} bytes is not a bp+ proof length for extension degree {t} \
                 ({} + {}·k bytes for k in 0..={} rounds)",
                proof.len(),
                plus_proof_len(curve, t, 0),
                2 * curve.commitment_bytes(),
                ballistic::MAX_IPP_ROUNDS
            ),
        ));
    }
    Ok(())
}

/// Helpers of the tests of the proof-file parsers (this module's and
/// [`crate::circuit_format`]'s).
#[cfg(test)]
pub(crate) mod test_support {
    use serde_json::{Map, Value};
    use std::fmt::{Debug, Display};

    /// The map of a `json!` object literal.
    pub(crate) fn object(v: Value) -> Map<String, Value> {
        match v {
            Value::Object(m) => m,
            _ => unreachable!("json! object"),
        }
    }

    /// For each case `(field, value, expected)`: the file `good()` with `field` set
    /// to `value` (removed for `None`) fails to `parse` with a message containing
    /// `expected`.
    pub(crate) fn assert_field_errors<T: Debug, E: Display, V: Into<Option<Value>>>(
        good: impl Fn() -> Map<String, Value>,
        parse: impl Fn(&Map<String, Value>) -> Result<T, E>,
        cases: Vec<(&str, V, &str)>,
    ) {
        for (field, value, expected) in cases {
            let mut m = good();
            match value.into() {
                Some(v) => m.insert(field.into(), v),
                None => m.remove(field),
            };
            match parse(&m) {
                Ok(f) => panic!("{field}: parsed {f:?}"),
                Err(e) => assert!(e.to_string().contains(expected), "{field}: {e}"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::{assert_field_errors, object};
    use super::*;

    fn good() -> serde_json::Map<String, Value> {
        let v = serde_json::json!({
            "curve": "ristretto255",
            "bits": 8,
            "domain": "d",
            "commitments": ["00".repeat(32)],
            "proof": "00".repeat(proof_len(3)),
        });
        object(v)
    }

    fn parse(m: &serde_json::Map<String, Value>) -> Result<ProofFile, Malformed> {
        parse_proof_file(&serde_json::to_vec(m).unwrap_or_default())
    }

    /// Every optional field of every kind of proof file: `null` parses exactly as
    /// the field's absence (the same file, or the same error).
    #[test]
    fn null_is_absent_for_every_optional_field() {
        let mut fixtures = vec![good(), good_secp()];
        for curve in ["ristretto255", "secp256k1"] {
            fixtures.push(good_plus(curve));
            for protocol in ["bp", "bp+"] {
                fixtures.push(good_range(curve, protocol));
            }
        }
        let optional = [
            "protocol",
            "range",
            "extension_degree",
            "min_values",
            "domain",
            "extra_commit",
        ];
        let mut compared = 0;
        for fixture in &fixtures {
            for field in optional {
                let mut absent = fixture.clone();
                absent.remove(field);
                let mut null = fixture.clone();
                null.insert(field.into(), Value::Null);
                assert_eq!(
                    format!("{:?}", parse(&absent)),
                    format!("{:?}", parse(&null)),
                    "{field} in {fixture:?}"
                );
                compared += 1;
            }
        }
        assert_eq!(compared, fixtures.len() * optional.len());
        // A field that is present and not null still counts: a secp256k1 file
        // refuses a domain.
        let mut m = good_secp();
        m.insert("domain".into(), Value::from("d"));
        assert!(parse(&m).is_err());
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
        m.insert("curve".into(), Value::from("ed25519"));
        assert!(parse(&m).unwrap_err().0.contains("unsupported curve"));

        // A ristretto255 file has no extra_commit (null is absent).
        let mut m = good();
        m.insert("extra_commit".into(), Value::from(""));
        let e = parse(&m).unwrap_err().0;
        assert!(e.contains("field \"extra_commit\": only secp256k1"), "{e}");

        let mut m = good();
        m.remove("domain");
        assert!(parse(&m)
            .unwrap_err()
            .0
            .contains("field \"domain\": missing"));

        let mut m = good();
        m.insert("commitments".into(), serde_json::json!([]));
        assert!(parse(&m).unwrap_err().0.contains("empty"));
    }

    fn good_secp() -> serde_json::Map<String, Value> {
        let v = serde_json::json!({
            "curve": "secp256k1",
            "bits": 64,
            "commitments": [format!("08{}", "00".repeat(32)), format!("09{}", "11".repeat(32))],
            "proof": "00".repeat(739),
        });
        object(v)
    }

    #[test]
    fn secp256k1_files() {
        let f = parse(&good_secp()).expect("well formed");
        assert_eq!(f.curve, Curve::Secp256k1);
        assert_eq!((f.bits, f.commitments.len(), f.proof.len()), (64, 2, 739));
        assert_eq!(f.commitments[1].len(), 33);
        assert_eq!((f.domain, f.extra_commit), (None, None));

        // An empty extra_commit differs from none.
        let mut m = good_secp();
        m.insert("extra_commit".into(), Value::from(""));
        assert_eq!(parse(&m).expect("empty").extra_commit, Some(vec![]));
        m.insert("extra_commit".into(), Value::from("00FF"));
        assert_eq!(parse(&m).expect("hex").extra_commit, Some(vec![0, 255]));

        let cases: Vec<(&str, Value, &str)> = vec![
            (
                "extra_commit",
                Value::from("abc"),
                "field \"extra_commit\": not hex",
            ),
            (
                "extra_commit",
                Value::from(7),
                "field \"extra_commit\": expected a hex string",
            ),
            (
                "domain",
                Value::from("ballistic"),
                "field \"domain\": secp256k1 proofs have no domain",
            ),
            (
                "bits",
                Value::from(48),
                "field \"bits\": 48 bits is not a secp256k1-zkp bit width",
            ),
            (
                "commitments",
                Value::Array(vec![Value::from(format!("08{}", "00".repeat(32))); 3]),
                "field \"commitments\": 3 values: secp256k1-zkp aggregates a power of two",
            ),
            (
                "commitments",
                serde_json::json!([format!("02{}", "00".repeat(32))]),
                "field \"commitments[0]\": prefix 0x02 is not a secp256k1-zkp commitment prefix",
            ),
            (
                "commitments",
                serde_json::json!(["08".repeat(32)]),
                "field \"commitments[0]\": not 33 bytes of hex (got 32 bytes)",
            ),
            (
                "proof",
                Value::from("00".repeat(672)),
                "field \"proof\": 672 bytes is not a proof length",
            ),
        ];
        assert_field_errors(good_secp, parse, cases);
    }

    /// A well-formed Bulletproofs+ file of two 8-bit values (`t = 2`, 4 rounds).
    fn good_plus(curve: &str) -> serde_json::Map<String, Value> {
        let c = Curve::parse(curve).expect("curve");
        let commitment = match c {
            Curve::Ristretto255 => "00".repeat(32),
            Curve::Secp256k1 => format!("08{}", "00".repeat(32)),
        };
        let mut proof = "00".repeat(plus_proof_len(c, 2, 4));
        proof.replace_range(..2, "02");
        object(serde_json::json!({
            "curve": curve,
            "protocol": "bp+",
            "bits": 8,
            "extension_degree": 2,
            "min_values": [1, 255],
            "domain": "d",
            "commitments": [commitment.clone(), commitment],
            "proof": proof,
        }))
    }

    #[test]
    fn bp_plus_files() {
        for curve in ["ristretto255", "secp256k1"] {
            let f = parse(&good_plus(curve)).expect("well formed");
            assert_eq!(f.protocol, Protocol::BpPlus);
            assert_eq!(f.extension_degree, Some(2));
            assert_eq!(f.min_values, [1, 255]);
            assert_eq!(f.domain.as_deref(), Some("d"));
            let mut m = good_plus(curve);
            m.remove("min_values");
            assert!(parse(&m).expect("no min values").min_values.is_empty());
            // Any number of values and bit width on both curves.
            let mut m = good_plus(curve);
            m.insert("bits".into(), Value::from(7));
            let c = m["commitments"][0].clone();
            m.insert("commitments".into(), Value::Array(vec![c; 3]));
            m.insert("min_values".into(), serde_json::json!([0, 1, 127]));
            assert!(parse(&m).is_ok(), "7 bits, 3 values on {curve}");
            // Minimum values are exact over the whole u64 range.
            let mut m = good_plus(curve);
            m.insert("bits".into(), Value::from(64));
            m.insert(
                "min_values".into(),
                serde_json::json!([u64::MAX, (1u64 << 53) + 1]),
            );
            assert_eq!(
                parse(&m).expect("64 bits").min_values,
                [u64::MAX, (1 << 53) + 1]
            );

            let mut bad_byte = good_plus(curve);
            let proof = bad_byte["proof"].as_str().unwrap_or_default().to_owned();
            bad_byte.insert("proof".into(), Value::from(format!("03{}", &proof[2..])));
            let cases: Vec<(&str, Option<Value>, &str)> = vec![
                ("protocol", Some(Value::from("bp++")), "field \"protocol\": unsupported protocol \"bp++\""),
                ("protocol", Some(Value::from(2)), "field \"protocol\": expected \"bp\" or \"bp+\", got a number"),
                ("extension_degree", None, "field \"extension_degree\": expected an integer in 1..=6"),
                ("extension_degree", Some(Value::from(0)), "field \"extension_degree\": expected an integer in 1..=6"),
                ("extension_degree", Some(Value::from(7)), "field \"extension_degree\": expected an integer in 1..=6"),
                ("extension_degree", Some(Value::from("2")), "field \"extension_degree\""),
                ("extension_degree", Some(Value::from(3)), "field \"proof\": its extension degree byte is 2, which disagrees with field \"extension_degree\" (3)"),
                ("min_values", Some(serde_json::json!([1])), "field \"min_values\": 1 entry for 2 commitments"),
                ("min_values", Some(serde_json::json!([1, 2, 3])), "field \"min_values\": 3 entries for 2 commitments"),
                ("min_values", Some(serde_json::json!([1, 256])), "field \"min_values[1]\": 256 is not below 2^8"),
                ("min_values", Some(serde_json::json!([-1, 0])), "field \"min_values[0]\": expected an integer"),
                ("min_values", Some(serde_json::json!([1.0, 0])), "field \"min_values[0]\": expected an integer"),
                ("min_values", Some(serde_json::json!(["1", 0])), "field \"min_values[0]\": expected an integer"),
                ("min_values", Some(Value::from(1)), "field \"min_values\": expected an array"),
                ("domain", None, "field \"domain\": missing"),
                ("extra_commit", Some(Value::from("00")), "field \"extra_commit\""),
                ("proof", Some(Value::from("")), "field \"proof\": 0 bytes is not a bp+ proof length"),
                ("proof", Some(Value::from(format!("02{}", "00".repeat(40)))), "is not a bp+ proof length for extension degree 2"),
            ];
            assert_field_errors(|| good_plus(curve), parse, cases);
            let e = parse(&bad_byte).unwrap_err().0;
            assert!(e.contains("its extension degree byte is 3"), "{e}");
        }
        // Integers beyond u64 and exponents are not integers for the reader.
        let text = serde_json::to_string(&good_plus("ristretto255")).unwrap_or_default();
        for (i, bad) in ["18446744073709551616", "1e2"].iter().enumerate() {
            let changed = text.replace("[1,255]", &format!("[{bad},0]"));
            assert_ne!(changed, text, "{i}");
            let e = parse_proof_file(changed.as_bytes()).unwrap_err().0;
            assert!(
                e.contains("field \"min_values[0]\": expected an integer"),
                "{e}"
            );
        }
        // A secp256k1 bp+ file takes shapes secp256k1-zkp does not (3 values above).
        // bp files refuse the bp+ fields.
        let mut m = good();
        m.insert("extension_degree".into(), Value::from(1));
        let e = parse(&m).unwrap_err().0;
        assert!(
            e.contains("field \"extension_degree\": only bp+ proofs"),
            "{e}"
        );
        let mut m = good();
        m.insert("min_values".into(), serde_json::json!([0]));
        let e = parse(&m).unwrap_err().0;
        assert!(e.contains("field \"min_values\": only bp+ proofs"), "{e}");
        // An explicit "bp" is the default.
        let mut m = good();
        m.insert("protocol".into(), Value::from("bp"));
        assert_eq!(parse(&m).expect("bp").protocol, Protocol::Bp);
    }

    /// A well-formed range file of `[18, 130]` (7 bits; a proof of two 7-bit values,
    /// 4 rounds) of `protocol` on `curve`.
    fn good_range(curve: &str, protocol: &str) -> serde_json::Map<String, Value> {
        let c = Curve::parse(curve).expect("curve");
        let commitment = match c {
            Curve::Ristretto255 => "00".repeat(32),
            Curve::Secp256k1 => format!("08{}", "00".repeat(32)),
        };
        let mut m = object(serde_json::json!({
            "curve": curve,
            "bits": 7,
            "range": [18, 130],
            "commitments": [commitment],
        }));
        let proof = match (c, protocol) {
            (_, "bp+") => {
                m.insert("protocol".into(), Value::from("bp+"));
                m.insert("extension_degree".into(), Value::from(1));
                format!("01{}", "00".repeat(plus_proof_len(c, 1, 4) - 1))
            }
            (Curve::Ristretto255, _) => "00".repeat(proof_len(4)),
            (Curve::Secp256k1, _) => "00".repeat(bp_proof_len(c, 7, 2)),
        };
        if c == Curve::Ristretto255 || protocol == "bp+" {
            m.insert("domain".into(), Value::from("d"));
        }
        m.insert("proof".into(), Value::from(proof));
        m
    }

    #[test]
    fn range_files() {
        for (curve, protocol) in [
            ("ristretto255", "bp"),
            ("ristretto255", "bp+"),
            ("secp256k1", "bp"),
            ("secp256k1", "bp+"),
        ] {
            let ctx = format!("{curve} {protocol}");
            let f = parse(&good_range(curve, protocol)).expect(&ctx);
            assert_eq!(f.range, Some((18, 130)), "{ctx}");
            assert_eq!((f.bits, f.proof_values()), (7, 2), "{ctx}");
            // The bounds are exact over the whole u64 range; a = b is one bit.
            for (a, b, bits) in [(0, u64::MAX, 64), ((1 << 53) + 1, u64::MAX, 64), (5, 5, 1)] {
                let mut m = good_range(curve, protocol);
                m.insert("range".into(), serde_json::json!([a, b]));
                m.insert("bits".into(), Value::from(bits));
                assert_eq!(parse(&m).map(|f| f.range), Ok(Some((a, b))), "{ctx}");
            }
            let two = Value::Array(vec![
                good_range(curve, protocol)["commitments"][0].clone();
                2
            ]);
            let cases: Vec<(&str, Option<Value>, &str)> = vec![
                ("range", Some(Value::from("18..=130")), "field \"range\": expected an array [a, b] of two integers, got a string"),
                ("range", Some(serde_json::json!([18])), "field \"range\": 1 entry; expected [a, b], two integers"),
                ("range", Some(serde_json::json!([])), "field \"range\": 0 entries"),
                ("range", Some(serde_json::json!([18, 130, 140])), "field \"range\": 3 entries"),
                ("range", Some(serde_json::json!([131, 130])), "field \"range\": [131, 130] is empty"),
                ("range", Some(serde_json::json!([18.0, 130])), "field \"range[0]\": expected an integer"),
                ("range", Some(serde_json::json!([18, -1])), "field \"range[1]\": expected an integer"),
                ("range", Some(serde_json::json!(["18", 130])), "field \"range[0]\": expected an integer"),
                ("range", Some(serde_json::json!([18, null])), "field \"range[1]\": expected an integer"),
                ("range", Some(serde_json::json!([0, 255])), "field \"bits\": 7 disagrees with field \"range\" ([0, 255] is proved in 8 bits"),
                ("bits", Some(Value::from(64)), "field \"bits\": 64 disagrees with field \"range\" ([18, 130] is proved in 7 bits"),
                ("min_values", Some(serde_json::json!([0])), "field \"min_values\": a range proof has none"),
                ("commitments", Some(two), "field \"commitments\": 2 entries; a range proof has one commitment"),
                ("commitments", Some(serde_json::json!([])), "field \"commitments\": empty"),
            ];
            assert_field_errors(|| good_range(curve, protocol), parse, cases);
            // Integers beyond u64 and exponents are not integers for the reader.
            let text = serde_json::to_string(&good_range(curve, protocol)).unwrap_or_default();
            for bad in ["18446744073709551616", "1e2", "130.5"] {
                let changed = text.replace("[18,130]", &format!("[18,{bad}]"));
                assert_ne!(changed, text, "{bad}");
                let e = parse_proof_file(changed.as_bytes()).unwrap_err().0;
                assert!(e.contains("field \"range[1]\": expected an integer"), "{e}");
            }
        }
        // Without a range, a secp256k1 bp file keeps secp256k1-zkp's widths.
        let mut m = good_range("secp256k1", "bp");
        m.remove("range");
        let e = parse(&m).unwrap_err().0;
        assert!(e.contains("7 bits is not a secp256k1-zkp bit width"), "{e}");
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
        assert_eq!(bp_proof_len(Curve::Secp256k1, 64, 1), 675);
        assert_eq!(bp_proof_len(Curve::Secp256k1, 64, 2), 739);
        assert_eq!(bp_proof_len(Curve::Secp256k1, 1, 1), 289);
        assert_eq!(bp_proof_len(Curve::Ristretto255, 48, 3), 800);
        assert!(plausible_proof_len(Curve::Secp256k1, 675));
        assert!(!plausible_proof_len(Curve::Secp256k1, 672));
        assert!(plausible_proof_len(Curve::Ristretto255, 672));
        assert_eq!(proof_len(rounds_for_shape(64, 1)), 672);
        assert_eq!(proof_len(rounds_for_shape(64, 2)), 736);
        assert_eq!(proof_len(rounds_for_shape(48, 3)), 800);
        assert_eq!(proof_len(rounds_for_shape(1, 1)), 288);
    }
}

#[cfg(test)]
mod secret_debug_tests {
    use super::*;

    /// `Debug` of the openings prints neither the nonce nor any value or blinding.
    #[test]
    fn openings_debug_redacts_secrets() {
        let file = OpeningsFile {
            curve: "secp256k1".into(),
            protocol: Some("bp+".into()),
            bits: 64,
            range: Some([18, 130]),
            extension_degree: Some(2),
            min_values: None,
            domain: None,
            extra_commit: None,
            nonce: Some("ab".repeat(32)),
            seed_nonce: Some("ef".repeat(32)),
            openings: vec![Opening {
                value: 987_654_321,
                blinding: Some("cd".repeat(32)),
                masks: Some(vec!["12".repeat(32), "34".repeat(32)]),
                commitment: "09".repeat(33),
            }],
        };
        for shown in [format!("{file:?}"), format!("{file:#?}")] {
            for secret in ["abab", "cdcd", "efef", "1212", "3434", "987654321"] {
                assert!(!shown.contains(secret), "{secret}: {shown}");
            }
            assert!(shown.contains("0909"), "{shown}");
        }
    }
}
