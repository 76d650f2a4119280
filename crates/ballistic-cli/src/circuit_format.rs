//! The proof files of `ballistic circuit`: arithmetic-circuit (R1CS) proofs of the
//! library's gadgets, their fields, limits and strict parser.
//!
//! A shuffle proof file (`circuit prove shuffle`):
//!
//! ```json
//! {"circuit":"shuffle","curve":"ristretto255","k":4,"domain":"ShuffleProofTest",
//!  "commitments":["<k input commitments>", "…", "<then k output commitments>"],
//!  "proof":"<hex>"}
//! ```
//!
//! | field         | meaning |
//! |---------------|---------|
//! | `circuit`     | `"shuffle"` |
//! | `curve`       | `"ristretto255"` or `"secp256k1"` |
//! | `k`           | the number of inputs (and of outputs), in `1..=`[`MAX_SHUFFLE_K`] |
//! | `domain`      | the Merlin transcript label, at most [`MAX_DOMAIN_BYTES`](crate::format::MAX_DOMAIN_BYTES) bytes (default [`SHUFFLE_DEFAULT_DOMAIN`], dalek's test's) |
//! | `commitments` | `2k` Pedersen commitments to `u64` values, the `k` inputs then the `k` outputs (32 bytes on ristretto255; 33 on secp256k1, `0x08`/`0x09` then x) |
//! | `proof`       | the R1CS proof ([`ballistic::r1cs::R1CSProof::to_bytes`]) |
//!
//! The proof is dalek's shuffle test's: `Transcript::new(domain)`, `dom-sep` =
//! `ShuffleProof`, `k`, the inputs committed first, `PedersenGens::default()` and
//! `BulletproofGens::new((2k).next_power_of_two(), 1)`
//! ([`ballistic::gadgets::shuffle`]). On ristretto255 the file's bytes are those of
//! dalek's `bulletproofs` 4.0.0 `r1cs` module.
//!
//! A SHA-256 preimage proof file (`circuit prove sha256`):
//!
//! ```json
//! {"circuit":"sha256","curve":"ristretto255","statement":"message",
//!  "digest":"<64 hex digits>","proof":"<hex>"}
//! ```
//!
//! | field       | meaning |
//! |-------------|---------|
//! | `circuit`   | `"sha256"` |
//! | `curve`     | `"ristretto255"` or `"secp256k1"` |
//! | `statement` | `"message"`: the prover knows a message of at most 55 bytes whose SHA-256 is `digest` (its length stays hidden); `"compression"`: the prover knows a 64-byte block whose SHA-256 compression from the standard initial value (no padding) is `digest` |
//! | `digest`    | the public 32-byte digest |
//! | `proof`     | the R1CS proof, one phase, `2^15` multipliers padded (1,377 bytes on ristretto255, 1,415 on secp256k1) |
//!
//! The preimage is never in the file. The proof is
//! [`ballistic::gadgets::sha256`]'s `prove_message` or `prove_compression` with the
//! transcript `Transcript::new(`[`SHA256_DOMAIN`]`)` (the gadget appends the
//! statement and the digest), `PedersenGens::default()` and
//! `BulletproofGens::new(2^15, 1)`.
//!
//! Whether the bytes are valid points and scalars and whether the proof verifies is
//! decided by `circuit verify` (an `INVALID` verdict); this parser checks structure
//! only, as [`crate::format`]'s does: unknown, duplicate or missing fields, fields of
//! the other circuit, wrong types, bad hex, wrong lengths or commitment prefixes, a
//! `k` outside its limits, a commitment list of another length than `2k`, and proof
//! lengths no R1CS proof has are refused with a message naming the field.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::format::{
    commitments_field, domain_field, exact_hex_field, hex_field, parse_object, present,
    string_field, Curve, Malformed,
};

/// The name of the shuffle circuit in proof files and on the command line.
pub const CIRCUIT_SHUFFLE: &str = "shuffle";
/// The name of the SHA-256 preimage circuit in proof files and on the command line.
pub const CIRCUIT_SHA256: &str = "sha256";
/// Every circuit `ballistic circuit` proves, for error messages.
pub const SUPPORTED_CIRCUITS: &[&str] = &[CIRCUIT_SHUFFLE, CIRCUIT_SHA256];
/// The Merlin transcript label of every SHA-256 proof file (the gadget then appends
/// the statement and the digest).
pub const SHA256_DOMAIN: &[u8] = b"ballistic circuit sha256";
/// The size of a SHA-256 digest.
pub const DIGEST_BYTES: usize = 32;
/// The transcript label of a shuffle proof when `--domain` is not given: dalek's
/// test's, [`ballistic::gadgets::shuffle::DEFAULT_DOMAIN`].
pub const SHUFFLE_DEFAULT_DOMAIN: &str = "ShuffleProofTest";
/// The largest `k` of a shuffle proof file: `2k` commitments (under 140 KiB of hex
/// on secp256k1, well within [`crate::format::MAX_FILE_BYTES`]) and `2(k − 1)`
/// multipliers, so that a hostile file costs the verifier at most 2,048 generators.
pub const MAX_SHUFFLE_K: usize = 1024;
/// The size of an R1CS proof's scalars, on both curves.
const SCALAR_BYTES: usize = 32;

/// A structurally valid circuit proof file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CircuitFile {
    /// A k-shuffle proof.
    Shuffle(ShuffleFile),
    /// A SHA-256 preimage proof.
    Sha256(Sha256File),
}

impl CircuitFile {
    /// The curve of the proof.
    pub fn curve(&self) -> Curve {
        match self {
            CircuitFile::Shuffle(f) => f.curve,
            CircuitFile::Sha256(f) => f.curve,
        }
    }

    /// The proof bytes.
    pub fn proof(&self) -> &[u8] {
        match self {
            CircuitFile::Shuffle(f) => &f.proof,
            CircuitFile::Sha256(f) => &f.proof,
        }
    }
}

/// The statement of a SHA-256 proof.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sha256Statement {
    /// A message of at most 55 bytes hashes to the digest.
    Message,
    /// A 64-byte block compresses (from the standard initial value, no padding) to
    /// the digest.
    Compression,
}

impl Sha256Statement {
    /// The statement's name in files: `"message"` or `"compression"`.
    pub fn name(self) -> &'static str {
        match self {
            Sha256Statement::Message => "message",
            Sha256Statement::Compression => "compression",
        }
    }

    /// Parses a statement name; the error is a complete message.
    pub fn parse(name: &str) -> Result<Sha256Statement, String> {
        match name {
            "message" => Ok(Sha256Statement::Message),
            "compression" => Ok(Sha256Statement::Compression),
            other => Err(format!(
                "unsupported statement {other:?} (supported: message, compression)"
            )),
        }
    }
}

/// A structurally valid SHA-256 proof file (the proof has a length some R1CS proof
/// on the curve has: [`plausible_r1cs_proof_len`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sha256File {
    /// The curve.
    pub curve: Curve,
    /// What the proof claims of the digest.
    pub statement: Sha256Statement,
    /// The public digest.
    pub digest: [u8; DIGEST_BYTES],
    /// The proof bytes.
    pub proof: Vec<u8>,
}

/// A SHA-256 proof file as `circuit prove sha256` writes it (field order is the
/// file's).
#[derive(Debug, Serialize)]
pub struct Sha256FileOut<'a> {
    /// Always [`CIRCUIT_SHA256`].
    pub circuit: &'a str,
    /// The curve name.
    pub curve: &'a str,
    /// The statement's name.
    pub statement: &'a str,
    /// The digest, lowercase hex.
    pub digest: String,
    /// The proof bytes, lowercase hex.
    pub proof: String,
}

/// A structurally valid shuffle proof file.
///
/// Invariants established by [`parse_circuit_file`]: `k` is in `1..=`
/// [`MAX_SHUFFLE_K`], there are `2k` commitments of [`Curve::commitment_bytes`]
/// bytes each (on secp256k1 starting with `0x08` or `0x09`), the domain has at most
/// [`MAX_DOMAIN_BYTES`](crate::format::MAX_DOMAIN_BYTES) bytes, and the proof has a length some R1CS proof on the
/// curve has ([`plausible_r1cs_proof_len`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShuffleFile {
    /// The curve.
    pub curve: Curve,
    /// The number of inputs and of outputs.
    pub k: usize,
    /// The transcript label.
    pub domain: String,
    /// The `k` input commitments, then the `k` output commitments.
    pub commitments: Vec<Vec<u8>>,
    /// The proof bytes.
    pub proof: Vec<u8>,
}

/// A shuffle proof file as `circuit prove shuffle` writes it (field order is the
/// file's).
#[derive(Debug, Serialize)]
pub struct ShuffleFileOut<'a> {
    /// Always [`CIRCUIT_SHUFFLE`].
    pub circuit: &'a str,
    /// The curve name.
    pub curve: &'a str,
    /// The number of inputs and of outputs.
    pub k: usize,
    /// The transcript label.
    pub domain: &'a str,
    /// The input commitments then the output commitments, lowercase hex.
    pub commitments: Vec<String>,
    /// The proof bytes, lowercase hex.
    pub proof: String,
}

/// The byte length of an R1CS proof on `curve` with `rounds` inner-product rounds,
/// one phase or two (the layout of [`ballistic::r1cs::R1CSProof`]): a version
/// byte, 8 points (11 with the second phase), 3 scalars, `2·rounds` points and 2
/// scalars.
pub fn r1cs_proof_len(curve: Curve, two_phase: bool, rounds: usize) -> usize {
    let point = curve.commitment_bytes();
    let points = if two_phase { 11 } else { 8 };
    1 + points * point + 3 * SCALAR_BYTES + 2 * rounds * point + 2 * SCALAR_BYTES
}

/// Whether `len` is the length of some R1CS proof on `curve` (either phase count,
/// up to [`ballistic::MAX_IPP_ROUNDS`] rounds).
pub fn plausible_r1cs_proof_len(curve: Curve, len: usize) -> bool {
    (0..=ballistic::MAX_IPP_ROUNDS).any(|rounds| {
        len == r1cs_proof_len(curve, false, rounds) || len == r1cs_proof_len(curve, true, rounds)
    })
}

/// The byte length of a `k`-shuffle proof on `curve`: `2(k − 1)` multipliers padded
/// to a power of two give the rounds, and `k ≥ 2` has a second phase (after the
/// shuffle's challenge); `k = 1` is one linear constraint, no multiplier, no round.
pub fn shuffle_proof_len(curve: Curve, k: usize) -> usize {
    if k <= 1 {
        return r1cs_proof_len(curve, false, 0);
    }
    let multipliers = 2 * (k - 1);
    let rounds = multipliers.next_power_of_two().trailing_zeros() as usize;
    r1cs_proof_len(curve, true, rounds)
}

/// The byte length of a SHA-256 proof on `curve` (either statement): one phase,
/// [`ballistic::gadgets::sha256::GENERATORS_CAPACITY`] padded multipliers.
pub fn sha256_proof_len(curve: Curve) -> usize {
    let rounds = ballistic::gadgets::sha256::GENERATORS_CAPACITY.trailing_zeros() as usize;
    r1cs_proof_len(curve, false, rounds)
}

/// What a circuit proof file is, for messages.
const EXPECTING: &str = "a ballistic circuit proof file (a JSON object with fields circuit, \
                         curve, then the circuit's fields and proof)";

/// The raw top level of a circuit proof file: every field of every circuit, each
/// `None` when absent or `null`, so that a field of another circuit is named as
/// such.
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a ballistic circuit proof file (a JSON object with fields circuit, curve, then the circuit's fields and proof)"
)]
struct RawCircuitFile {
    #[serde(default)]
    circuit: Value,
    #[serde(default)]
    curve: Value,
    #[serde(default, deserialize_with = "present")]
    k: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    domain: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    commitments: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    statement: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    digest: Option<Value>,
    #[serde(default)]
    proof: Value,
}

/// Refuses a field that belongs to another circuit.
fn refuse(name: &str, field: &Option<Value>, circuit: &str) -> Result<(), Malformed> {
    match field {
        None => Ok(()),
        Some(_) => Err(Malformed::field(
            name,
            format!("not a field of a {circuit} proof file"),
        )),
    }
}

/// A field that must be present: its value, `null` when absent (the field's parser
/// then names it as missing).
fn required(field: &Option<Value>) -> &Value {
    const NULL: &Value = &Value::Null;
    field.as_ref().unwrap_or(NULL)
}

/// The circuits, as named in files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Circuit {
    Shuffle,
    Sha256,
}

impl Circuit {
    fn parse(name: &str) -> Result<Circuit, Malformed> {
        match name {
            CIRCUIT_SHUFFLE => Ok(Circuit::Shuffle),
            CIRCUIT_SHA256 => Ok(Circuit::Sha256),
            other => Err(Malformed::field(
                "circuit",
                format!(
                    "unsupported circuit {other:?} (supported: {})",
                    SUPPORTED_CIRCUITS.join(", ")
                ),
            )),
        }
    }
}

/// Parses and checks the structure of a circuit proof file.
pub fn parse_circuit_file(bytes: &[u8]) -> Result<CircuitFile, Malformed> {
    let raw: RawCircuitFile = parse_object(bytes, EXPECTING)?;
    let circuit = Circuit::parse(string_field("circuit", &raw.circuit, "a circuit name")?)?;
    let curve_name = string_field("curve", &raw.curve, "a curve name")?;
    let curve = Curve::parse(curve_name).map_err(|m| Malformed::field("curve", m))?;
    let proof = hex_field("proof", &raw.proof)?;
    if !plausible_r1cs_proof_len(curve, proof.len()) {
        return Err(Malformed::field(
            "proof",
            format!(
                "{} bytes is not the length of an R1CS proof on {} ({} bytes, or {} with \
                 a second phase, plus {} per inner-product round)",
                proof.len(),
                curve.name(),
                r1cs_proof_len(curve, false, 0),
                r1cs_proof_len(curve, true, 0),
                2 * curve.commitment_bytes()
            ),
        ));
    }
    match circuit {
        Circuit::Shuffle => parse_shuffle(&raw, curve, proof).map(CircuitFile::Shuffle),
        Circuit::Sha256 => parse_sha256(&raw, curve, proof).map(CircuitFile::Sha256),
    }
}

/// The shuffle's fields.
fn parse_shuffle(
    raw: &RawCircuitFile,
    curve: Curve,
    proof: Vec<u8>,
) -> Result<ShuffleFile, Malformed> {
    refuse("statement", &raw.statement, CIRCUIT_SHUFFLE)?;
    refuse("digest", &raw.digest, CIRCUIT_SHUFFLE)?;
    let k_value = required(&raw.k);
    let k = match k_value.as_u64() {
        Some(k) if (1..=MAX_SHUFFLE_K as u64).contains(&k) => k as usize,
        _ => {
            let got = match k_value {
                Value::Null => "nothing (missing or null)".to_string(),
                other => other.to_string(),
            };
            return Err(Malformed::field(
                "k",
                format!("expected an integer in 1..={MAX_SHUFFLE_K}, got {got}"),
            ));
        }
    };
    let domain = domain_field(required(&raw.domain))?;
    let commitments = commitments_field(curve, required(&raw.commitments), |n| {
        if n != 2 * k {
            return Err(Malformed::field(
                "commitments",
                format!(
                    "{n} entries; a shuffle of k = {k} has 2k = {} (the inputs, then the outputs)",
                    2 * k
                ),
            ));
        }
        Ok(())
    })?;
    Ok(ShuffleFile {
        curve,
        k,
        domain: domain.to_owned(),
        commitments,
        proof,
    })
}

/// The SHA-256 proof's fields.
fn parse_sha256(
    raw: &RawCircuitFile,
    curve: Curve,
    proof: Vec<u8>,
) -> Result<Sha256File, Malformed> {
    refuse("k", &raw.k, CIRCUIT_SHA256)?;
    refuse("domain", &raw.domain, CIRCUIT_SHA256)?;
    refuse("commitments", &raw.commitments, CIRCUIT_SHA256)?;
    let name = string_field(
        "statement",
        required(&raw.statement),
        "\"message\" or \"compression\"",
    )?;
    let statement = Sha256Statement::parse(name).map_err(|m| Malformed::field("statement", m))?;
    let bytes = exact_hex_field("digest", required(&raw.digest), DIGEST_BYTES)?;
    let mut digest = [0u8; DIGEST_BYTES];
    // `exact_hex_field` returned exactly DIGEST_BYTES bytes.
    digest.copy_from_slice(&bytes);
    Ok(Sha256File {
        curve,
        statement,
        digest,
        proof,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::test_support::{assert_field_errors, object};

    fn good_shuffle() -> serde_json::Map<String, Value> {
        let v = serde_json::json!({
            "circuit": "shuffle",
            "curve": "ristretto255",
            "k": 2,
            "domain": "d",
            "commitments": vec!["00".repeat(32); 4],
            "proof": "00".repeat(shuffle_proof_len(Curve::Ristretto255, 2)),
        });
        object(v)
    }

    fn parse(m: &serde_json::Map<String, Value>) -> Result<CircuitFile, String> {
        parse_circuit_file(&serde_json::to_vec(m).unwrap_or_default()).map_err(|e| e.to_string())
    }

    #[test]
    fn lengths_match_the_library() {
        // dalek's shuffle proof sizes: 417 + 64·rounds on ristretto255, 96 more with
        // the second phase.
        assert_eq!(r1cs_proof_len(Curve::Ristretto255, false, 0), 417);
        assert_eq!(r1cs_proof_len(Curve::Ristretto255, true, 3), 417 + 96 + 192);
        assert_eq!(shuffle_proof_len(Curve::Ristretto255, 1), 417);
        assert_eq!(shuffle_proof_len(Curve::Ristretto255, 2), 417 + 96 + 64);
        assert_eq!(shuffle_proof_len(Curve::Ristretto255, 4), 417 + 96 + 192);
        assert_eq!(shuffle_proof_len(Curve::Ristretto255, 5), 417 + 96 + 192);
        // secp256k1: 33-byte points.
        assert_eq!(r1cs_proof_len(Curve::Secp256k1, false, 15), 425 + 66 * 15);
        assert!(plausible_r1cs_proof_len(Curve::Secp256k1, 425));
        assert!(!plausible_r1cs_proof_len(Curve::Secp256k1, 417));
        assert!(!plausible_r1cs_proof_len(Curve::Ristretto255, 418));
    }

    #[test]
    fn accepts_well_formed_shuffle() {
        let Ok(CircuitFile::Shuffle(f)) = parse(&good_shuffle()) else {
            panic!("well formed: {:?}", parse(&good_shuffle()));
        };
        assert_eq!((f.k, f.commitments.len(), f.domain.as_str()), (2, 4, "d"));
        assert_eq!(f.proof.len(), 577);
        let mut m = good_shuffle();
        m.insert("curve".into(), Value::from("secp256k1"));
        m.insert(
            "commitments".into(),
            serde_json::json!(vec![format!("09{}", "00".repeat(32)); 4]),
        );
        m.insert(
            "proof".into(),
            Value::from("00".repeat(shuffle_proof_len(Curve::Secp256k1, 2))),
        );
        assert_eq!(parse(&m).expect("secp256k1").curve(), Curve::Secp256k1);
    }

    fn good_sha256() -> serde_json::Map<String, Value> {
        let v = serde_json::json!({
            "circuit": "sha256",
            "curve": "secp256k1",
            "statement": "compression",
            "digest": "ab".repeat(32),
            "proof": "00".repeat(sha256_proof_len(Curve::Secp256k1)),
        });
        object(v)
    }

    /// Every field of a circuit file read through `present`: `null` parses as the
    /// field's absence (a missing required field, or a field of another circuit
    /// that is not there).
    #[test]
    fn null_is_absent_for_every_field() {
        for fixture in [good_shuffle(), good_sha256()] {
            for field in ["k", "domain", "commitments", "statement", "digest"] {
                let mut absent = fixture.clone();
                absent.remove(field);
                let mut null = fixture.clone();
                null.insert(field.into(), Value::Null);
                assert_eq!(
                    format!("{:?}", parse(&absent)),
                    format!("{:?}", parse(&null)),
                    "{field}"
                );
            }
        }
    }

    #[test]
    fn sha256_files() {
        let Ok(CircuitFile::Sha256(f)) = parse(&good_sha256()) else {
            panic!("well formed: {:?}", parse(&good_sha256()));
        };
        assert_eq!(f.statement, Sha256Statement::Compression);
        assert_eq!(f.digest, [0xab; 32]);
        assert_eq!(f.proof.len(), 1415);
        assert_eq!(sha256_proof_len(Curve::Ristretto255), 1377);
        let cases: Vec<(&str, Option<Value>, &str)> = vec![
            (
                "statement",
                Some(Value::from("Message")),
                "field \"statement\": unsupported statement \"Message\"",
            ),
            ("statement", None, "field \"statement\": missing"),
            ("digest", None, "field \"digest\": missing"),
            (
                "digest",
                Some(Value::from("ab".repeat(31))),
                "field \"digest\": not 32 bytes of hex (got 31 bytes)",
            ),
            (
                "digest",
                Some(Value::from("xy".repeat(32))),
                "field \"digest\": not 32 bytes of hex (Invalid",
            ),
            (
                "k",
                Some(Value::from(1)),
                "field \"k\": not a field of a sha256 proof file",
            ),
            (
                "domain",
                Some(Value::from("d")),
                "field \"domain\": not a field of a sha256 proof file",
            ),
            (
                "commitments",
                Some(serde_json::json!([])),
                "field \"commitments\": not a field of a sha256",
            ),
        ];
        assert_field_errors(good_sha256, parse, cases);
        for field in ["statement", "digest"] {
            let mut m = good_shuffle();
            m.insert(field.into(), Value::from("message"));
            let e = parse(&m).unwrap_err();
            assert!(
                e.contains(&format!(
                    "field \"{field}\": not a field of a shuffle proof file"
                )),
                "{e}"
            );
        }
    }

    #[test]
    fn names_fields() {
        let cases: Vec<(&str, Option<Value>, &str)> = vec![
            (
                "circuit",
                Some(Value::from("sha512")),
                "field \"circuit\": unsupported circuit \"sha512\"",
            ),
            ("circuit", None, "field \"circuit\": missing"),
            (
                "curve",
                Some(Value::from("ed25519")),
                "field \"curve\": unsupported curve",
            ),
            (
                "k",
                Some(Value::from(0)),
                "field \"k\": expected an integer in 1..=1024, got 0",
            ),
            (
                "k",
                Some(Value::from(1025)),
                "field \"k\": expected an integer in 1..=1024",
            ),
            (
                "k",
                Some(Value::from("2")),
                "field \"k\": expected an integer",
            ),
            (
                "k",
                None,
                "field \"k\": expected an integer in 1..=1024, got nothing",
            ),
            ("domain", None, "field \"domain\": missing"),
            (
                "domain",
                Some(Value::from("x".repeat(1025))),
                "field \"domain\": 1025 bytes long",
            ),
            ("commitments", None, "field \"commitments\": missing"),
            (
                "commitments",
                Some(Value::from(3)),
                "field \"commitments\": expected an array",
            ),
            (
                "commitments",
                Some(serde_json::json!(vec!["00".repeat(32); 3])),
                "field \"commitments\": 3 entries; a shuffle of k = 2 has 2k = 4",
            ),
            (
                "commitments",
                Some(serde_json::json!([
                    "00".repeat(32),
                    "00".repeat(32),
                    "00".repeat(32),
                    "0011"
                ])),
                "field \"commitments[3]\": not 32 bytes of hex (got 2 bytes)",
            ),
            ("proof", Some(Value::from("zz")), "field \"proof\": not hex"),
            (
                "proof",
                Some(Value::from("00".repeat(418))),
                "field \"proof\": 418 bytes is not the length of an R1CS proof",
            ),
            ("proof", None, "field \"proof\": missing"),
            ("bits", Some(Value::from(8)), "unknown field `bits`"),
        ];
        assert_field_errors(good_shuffle, parse, cases);
        let e = parse_circuit_file(br#"{"k":1,"k":1}"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("duplicate field"), "{e}");
        let e = parse_circuit_file(b"[1, 2]").unwrap_err().to_string();
        assert!(e.contains("a JSON object"), "{e}");
        let e = parse_circuit_file(b"{").unwrap_err().to_string();
        assert!(e.starts_with("not valid JSON"), "{e}");
    }
}
