//! Frozen R1CS test vectors (append-only, `tests/vectors/r1cs_v1.json`, made by
//! `crates/vectors/src/bin/r1cs.rs`): proofs of the shuffle, range and membership
//! gadgets on ristretto255 and secp256k1 made by earlier versions keep verifying,
//! every invalid case keeps failing with the same error class, and every batch
//! names exactly its invalid cases.

use std::collections::BTreeMap;

use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::gadgets::{membership, range, shuffle};
use ballistic::generators::{BulletproofGens, PedersenGens};
use ballistic::merlin::Transcript;
use ballistic::r1cs::{BatchVerifier, R1CSError, R1CSProof, Verifier};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde_json::Value;

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/r1cs_v1.json");

fn load() -> Value {
    let text = std::fs::read_to_string(PATH).expect("vector file");
    let doc: Value = serde_json::from_str(&text).expect("valid JSON");
    let tests = doc["tests"].as_array().expect("tests");
    assert_eq!(doc["numberOfTests"].as_u64(), Some(tests.len() as u64));
    let batches = doc["batches"].as_array().expect("batches");
    assert_eq!(doc["numberOfBatches"].as_u64(), Some(batches.len() as u64));
    doc
}

fn hex_bytes(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().expect("hex string")).expect("hex")
}

fn usize_field(v: &Value, name: &str) -> usize {
    v[name].as_u64().unwrap_or_else(|| panic!("{name}")) as usize
}

/// The error class an invalid case names.
fn expected_error(t: &Value, id: usize) -> R1CSError {
    match t["error"].as_str() {
        Some("FormatError") => R1CSError::FormatError,
        Some("VerificationError") => R1CSError::VerificationError,
        Some("InvalidGeneratorsLength") => R1CSError::InvalidGeneratorsLength,
        other => panic!("tcId {id}: unknown error {other:?}"),
    }
}

/// The verifier of a case's statement (the file's `statements`), circuit built.
fn verifier<C: Curve>(t: &Value, id: usize) -> Verifier<C, Transcript> {
    let domain: &'static [u8] = t["domain"]
        .as_str()
        .expect("domain")
        .as_bytes()
        .to_vec()
        .leak();
    let commitments: Vec<C::Encoding> = t["commitments"]
        .as_array()
        .expect("commitments")
        .iter()
        .map(|c| C::encoding_from_bytes(&hex_bytes(c)).expect("commitment length"))
        .collect();
    let circuit = &t["circuit"];
    let built = match circuit["name"].as_str() {
        Some("shuffle") => {
            let k = usize_field(circuit, "k");
            assert_eq!(commitments.len(), 2 * k, "tcId {id}: 2k commitments");
            shuffle::verifier::<C>(domain, &commitments)
        }
        Some(name @ ("range" | "membership")) => {
            assert_eq!(commitments.len(), 1, "tcId {id}: one commitment");
            let mut v = Verifier::<C, _>::new(Transcript::new(domain));
            let x = v.commit(commitments[0]);
            if name == "range" {
                range::range(&mut v, x.into(), None, usize_field(circuit, "n"))
            } else {
                let set: Vec<u64> = circuit["set"]
                    .as_array()
                    .expect("set")
                    .iter()
                    .map(|s| s.as_u64().expect("u64 element"))
                    .collect();
                membership::one_of(&mut v, x.into(), &set[..])
            }
            .map(|()| v)
        }
        other => panic!("tcId {id}: unknown circuit {other:?}"),
    };
    built.unwrap_or_else(|e| panic!("tcId {id}: the circuit does not build: {e:?}"))
}

/// Parses (the encoding must round-trip) and verifies one case.
fn run_case<C: Curve>(
    t: &Value,
    id: usize,
    gens: &mut BTreeMap<usize, BulletproofGens<C>>,
    rng: &mut ChaCha20Rng,
) -> Result<(), R1CSError> {
    let bytes = hex_bytes(&t["proof"]);
    let proof = R1CSProof::<C>::from_bytes(&bytes)?;
    assert_eq!(proof.to_bytes(), bytes, "tcId {id}: re-encoding differs");
    let pc = PedersenGens::<C>::default();
    let n = usize_field(t, "generators");
    let bp = gens.entry(n).or_insert_with(|| BulletproofGens::new(n, 1));
    verifier::<C>(t, id)
        .verify_with_rng(&proof, &pc, bp, rng)
        .map(|_| ())
}

/// Checks every case of curve `C`; returns (valid, invalid) counts.
fn run_tests<C: Curve>(doc: &Value) -> (usize, usize) {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let mut gens = BTreeMap::new();
    let (mut valid, mut invalid) = (0, 0);
    for t in doc["tests"].as_array().expect("tests") {
        if t["curve"].as_str() != Some(C::NAME) {
            continue;
        }
        let id = usize_field(t, "tcId");
        let result = run_case::<C>(t, id, &mut gens, &mut rng);
        match t["result"].as_str() {
            Some("valid") => {
                assert_eq!(result, Ok(()), "tcId {id} ({}) must verify", t["comment"]);
                valid += 1;
            }
            Some("invalid") => {
                assert_eq!(
                    result,
                    Err(expected_error(t, id)),
                    "tcId {id} ({})",
                    t["comment"]
                );
                invalid += 1;
            }
            other => panic!("tcId {id}: unknown result {other:?}"),
        }
    }
    println!(
        "{} R1CS vectors: {valid} valid accepted, {invalid}/{invalid} invalid rejected",
        C::NAME
    );
    (valid, invalid)
}

/// Checks every batch of curve `C`: the batch names exactly the invalid tcIds.
fn run_batches<C: Curve>(doc: &Value) -> usize {
    let by_id: BTreeMap<usize, &Value> = doc["tests"]
        .as_array()
        .expect("tests")
        .iter()
        .map(|t| (usize_field(t, "tcId"), t))
        .collect();
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let pc = PedersenGens::<C>::default();
    let mut count = 0;
    for b in doc["batches"].as_array().expect("batches") {
        if b["curve"].as_str() != Some(C::NAME) {
            continue;
        }
        let bid = usize_field(b, "batchId");
        let bp = BulletproofGens::<C>::new(usize_field(b, "generators"), 1);
        let ids: Vec<usize> = b["tcIds"]
            .as_array()
            .expect("tcIds")
            .iter()
            .map(|i| i.as_u64().expect("tcId") as usize)
            .collect();
        let mut batch = BatchVerifier::new(&pc, &bp);
        let proofs: Vec<R1CSProof<C>> = ids
            .iter()
            .map(|i| {
                let t = by_id[i];
                assert_eq!(t["curve"].as_str(), Some(C::NAME), "batch {bid}: tcId {i}");
                R1CSProof::from_bytes(&hex_bytes(&t["proof"]))
                    .unwrap_or_else(|e| panic!("batch {bid}: tcId {i} does not parse: {e:?}"))
            })
            .collect();
        for (i, proof) in ids.iter().zip(&proofs) {
            let index = batch.add(verifier::<C>(by_id[i], *i), proof);
            assert_eq!(ids[index], *i);
        }
        // The batch names positions; the file names tcIds, ascending.
        let mut named: Vec<usize> = match batch.verify_with_rng(&mut rng) {
            Ok(()) => Vec::new(),
            Err(e) => e.invalid.iter().map(|(j, _)| ids[*j]).collect(),
        };
        named.sort_unstable();
        let expected: Vec<usize> = b["invalid"]
            .as_array()
            .expect("invalid")
            .iter()
            .map(|i| i.as_u64().expect("tcId") as usize)
            .collect();
        assert_eq!(named, expected, "batch {bid} ({})", b["comment"]);
        // The batch's verdict is the cases' own.
        for i in &ids {
            let single_invalid = by_id[i]["result"].as_str() == Some("invalid");
            assert_eq!(
                single_invalid,
                expected.contains(i),
                "batch {bid}: tcId {i}"
            );
        }
        assert_eq!(
            b["result"].as_str(),
            Some(if expected.is_empty() {
                "valid"
            } else {
                "invalid"
            })
        );
        count += 1;
    }
    count
}

#[test]
fn r1cs_v1_ristretto255() {
    let doc = load();
    let (valid, invalid) = run_tests::<Ristretto>(&doc);
    assert!(valid >= 7);
    assert!(invalid >= 73);
    assert!(run_batches::<Ristretto>(&doc) >= 3);
}

#[test]
fn r1cs_v1_secp256k1() {
    let doc = load();
    let (valid, invalid) = run_tests::<Secp256k1>(&doc);
    assert!(valid >= 7);
    assert!(invalid >= 73);
    assert!(run_batches::<Secp256k1>(&doc) >= 3);
}

/// Every flag the file uses is explained in its notes, and every error class and
/// circuit is covered on both curves.
#[test]
fn r1cs_v1_coverage() {
    let doc = load();
    let notes = doc["notes"].as_object().expect("notes");
    let mut seen: BTreeMap<(String, String), usize> = BTreeMap::new();
    for t in doc["tests"].as_array().expect("tests") {
        let curve = t["curve"].as_str().expect("curve").to_string();
        for f in t["flags"].as_array().expect("flags") {
            let f = f.as_str().expect("flag");
            assert!(notes.contains_key(f), "flag {f} has no note");
            *seen.entry((curve.clone(), f.to_string())).or_default() += 1;
        }
        let what = match t["error"].as_str() {
            Some(e) => format!("error {e}"),
            None => format!("valid {}", t["circuit"]["name"].as_str().expect("name")),
        };
        *seen.entry((curve, what)).or_default() += 1;
    }
    for curve in ["ristretto255", "secp256k1"] {
        for f in notes.keys() {
            assert!(
                seen.contains_key(&(curve.into(), f.clone())),
                "{curve}: no {f}"
            );
        }
        for what in [
            "error FormatError",
            "error VerificationError",
            "error InvalidGeneratorsLength",
            "valid shuffle",
            "valid range",
            "valid membership",
        ] {
            assert!(
                seen.contains_key(&(curve.into(), what.into())),
                "{curve}: no {what}"
            );
        }
    }
}
