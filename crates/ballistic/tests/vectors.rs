//! Frozen test vectors (append-only): proofs made by earlier versions keep verifying,
//! and every invalid case keeps failing with the same error class.

use ballistic::merlin::Transcript;
use ballistic::ristretto::*;
use ballistic::ProofError;
use serde_json::Value;

/// The error class an invalid case names (one mapping for both vector files).
fn expected_error(t: &Value, id: u64) -> ProofError {
    match t["error"].as_str() {
        Some("FormatError") => ProofError::FormatError,
        Some("VerificationError") => ProofError::VerificationError,
        Some("InvalidGeneratorsLength") => ProofError::InvalidGeneratorsLength,
        other => panic!("tcId {id}: unknown error {other:?}"),
    }
}

fn run_file(path: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(path).expect("vector file");
    let doc: Value = serde_json::from_str(&text).expect("valid JSON");
    let tests = doc["tests"].as_array().expect("tests");
    assert_eq!(doc["numberOfTests"].as_u64(), Some(tests.len() as u64));
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(64, 8);
    let (mut valid, mut invalid) = (0, 0);
    for t in tests {
        let id = t["tcId"].as_u64().expect("tcId");
        let bits = t["bits"].as_u64().expect("bits") as usize;
        let domain: &'static [u8] = t["domain"]
            .as_str()
            .expect("domain")
            .as_bytes()
            .to_vec()
            .leak();
        let commitments: Vec<CompressedRistretto> = t["commitments"]
            .as_array()
            .expect("commitments")
            .iter()
            .map(|c| {
                CompressedRistretto::from_slice(&hex::decode(c.as_str().unwrap()).unwrap()).unwrap()
            })
            .collect();
        let proof_bytes = hex::decode(t["proof"].as_str().expect("proof")).expect("hex");
        let result = (|| -> Result<(), ProofError> {
            let proof = RangeProof::from_bytes(&proof_bytes)?;
            assert_eq!(
                proof.to_bytes(),
                proof_bytes,
                "tcId {id}: re-encoding differs"
            );
            proof.verify_multiple(&bp, &pc, &mut Transcript::new(domain), &commitments, bits)
        })();
        match t["result"].as_str() {
            Some("valid") => {
                assert_eq!(result, Ok(()), "tcId {id} ({}) must verify", t["comment"]);
                valid += 1;
            }
            Some("invalid") => {
                let expected = expected_error(t, id);
                assert_eq!(result, Err(expected), "tcId {id} ({})", t["comment"]);
                invalid += 1;
            }
            other => panic!("tcId {id}: unknown result {other:?}"),
        }
    }
    println!("{path}: {valid} valid accepted, {invalid}/{invalid} invalid rejected");
    (valid, invalid)
}

#[test]
fn ristretto_range_v1() {
    let (valid, invalid) = run_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/vectors/ristretto_range_v1.json"
    ));
    assert!(valid >= 11);
    assert!(invalid >= 300);
}

/// The secp256k1 file (secp256k1-zkp's format): same rules, plus optional
/// `extra_commit` and the generator-set size per case.
fn run_secp256k1_file(path: &str) -> (usize, usize) {
    use ballistic::secp256k1 as secp;
    let text = std::fs::read_to_string(path).expect("vector file");
    let doc: Value = serde_json::from_str(&text).expect("valid JSON");
    let tests = doc["tests"].as_array().expect("tests");
    assert_eq!(doc["numberOfTests"].as_u64(), Some(tests.len() as u64));
    let pc = secp::PedersenGens::default();
    let mut gens = std::collections::BTreeMap::new();
    let (mut valid, mut invalid) = (0, 0);
    for t in tests {
        let id = t["tcId"].as_u64().expect("tcId");
        let bits = t["bits"].as_u64().expect("bits") as usize;
        let ng = t["generators"].as_u64().expect("generators") as usize;
        let bp = gens.entry(ng).or_insert_with(|| secp::zkp_generators(ng));
        let commitments: Vec<[u8; 33]> = t["commitments"]
            .as_array()
            .expect("commitments")
            .iter()
            .map(|c| {
                hex::decode(c.as_str().unwrap())
                    .unwrap()
                    .try_into()
                    .unwrap()
            })
            .collect();
        let transcript = match t["extra_commit"].as_str() {
            Some(e) => secp::Transcript::new().with_extra_commit(&hex::decode(e).unwrap()),
            None => secp::Transcript::new(),
        };
        let proof_bytes = hex::decode(t["proof"].as_str().expect("proof")).expect("hex");
        let result = (|| -> Result<(), ProofError> {
            let proof = secp::RangeProof::from_bytes(&proof_bytes)?;
            assert_eq!(
                proof.to_bytes(),
                proof_bytes,
                "tcId {id}: re-encoding differs"
            );
            proof.verify_multiple(bp, &pc, &mut transcript.clone(), &commitments, bits)
        })();
        match t["result"].as_str() {
            Some("valid") => {
                assert_eq!(result, Ok(()), "tcId {id} ({}) must verify", t["comment"]);
                valid += 1;
            }
            Some("invalid") => {
                let expected = expected_error(t, id);
                assert_eq!(result, Err(expected), "tcId {id} ({})", t["comment"]);
                invalid += 1;
            }
            other => panic!("tcId {id}: unknown result {other:?}"),
        }
    }
    println!("{path}: {valid} valid accepted, {invalid}/{invalid} invalid rejected");
    (valid, invalid)
}

#[test]
fn secp256k1_range_v1() {
    let (valid, invalid) = run_secp256k1_file(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/vectors/secp256k1_range_v1.json"
    ));
    assert!(valid >= 18);
    assert!(invalid >= 200);
}
