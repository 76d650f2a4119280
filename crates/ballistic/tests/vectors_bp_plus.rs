//! Frozen Bulletproofs+ test vectors (append-only, `tests/vectors/bp_plus_v1.json`,
//! made by `crates/vectors/src/bin/bp_plus.rs`): proofs on ristretto255 (Tari's bases)
//! and secp256k1 made by earlier versions keep verifying, every invalid case keeps
//! failing with the same error class, and the masks of every seed-nonce proof keep
//! being recovered.

use std::collections::{BTreeMap, BTreeSet};

use ballistic::bp_plus::{RangeProofPlus, VerifyAction};
use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens};
use ballistic::merlin::Transcript;
use ballistic::ProofError;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde_json::Value;

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/vectors/bp_plus_v1.json");

/// The curve's default Bulletproofs+ bases with `t` mask bases (the facades'
/// `bp_plus::pedersen_gens`).
fn pedersen_gens<C: Curve>(t: usize) -> ExtendedPedersenGens<C> {
    ExtendedPedersenGens::default_for_degree(t).expect("degree")
}

fn load() -> Value {
    let text = std::fs::read_to_string(PATH).expect("vector file");
    let doc: Value = serde_json::from_str(&text).expect("valid JSON");
    let tests = doc["tests"].as_array().expect("tests");
    assert_eq!(doc["numberOfTests"].as_u64(), Some(tests.len() as u64));
    doc
}

fn hex_bytes(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().expect("hex string")).expect("hex")
}

fn usize_field(v: &Value, name: &str) -> usize {
    v[name].as_u64().unwrap_or_else(|| panic!("{name}")) as usize
}

fn has_flag(t: &Value, flag: &str) -> bool {
    t["flags"]
        .as_array()
        .expect("flags")
        .iter()
        .any(|f| f.as_str() == Some(flag))
}

/// The error class an invalid case names.
fn expected_error(t: &Value, id: usize) -> ProofError {
    match t["error"].as_str() {
        Some("FormatError") => ProofError::FormatError,
        Some("VerificationError") => ProofError::VerificationError,
        Some("InvalidExtensionDegree") => ProofError::InvalidExtensionDegree,
        Some("InvalidMinValue") => ProofError::InvalidMinValue,
        Some("InvalidInputLength") => ProofError::InvalidInputLength,
        Some("InvalidBitsize") => ProofError::InvalidBitsize,
        other => panic!("tcId {id}: unknown error {other:?}"),
    }
}

fn api_scalar<C: Curve>(v: &Value) -> C::ApiScalar {
    C::scalar_to_api(&C::scalar_from_canonical_bytes(&hex_bytes(v)).expect("canonical scalar"))
}

/// Parses (the encoding must round-trip) and verifies one case; for a case with a
/// seed, also recovers its masks and checks them (see the file's `recovery`).
fn run_case<C: Curve>(
    t: &Value,
    id: usize,
    bp: &BulletproofGens<C>,
    rng: &mut ChaCha20Rng,
) -> Result<(), ProofError> {
    let bytes = hex_bytes(&t["proof"]);
    let proof = RangeProofPlus::<C>::from_bytes(&bytes)?;
    assert_eq!(proof.to_bytes(), bytes, "tcId {id}: re-encoding differs");
    let pc = pedersen_gens::<C>(usize_field(t, "extensionDegree"));
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
    let min_values: Vec<u64> = t["minValues"]
        .as_array()
        .expect("minValues")
        .iter()
        .map(|o| o.as_u64().expect("u64 minimum value"))
        .collect();
    let bits = usize_field(t, "bits");
    let result = proof.verify(
        bp,
        &pc,
        &mut Transcript::new(domain),
        &commitments,
        &min_values,
        bits,
        rng,
    );
    if t.get("seed").is_none() {
        return result;
    }
    assert_eq!(commitments.len(), 1, "tcId {id}: a seed case has one value");
    let seed = api_scalar::<C>(&t["seed"]);
    let min = min_values.first().copied().unwrap_or(0);
    let mut recover = |action| {
        proof.recover_masks(
            bp,
            &pc,
            &mut Transcript::new(domain),
            &commitments[0],
            min,
            bits,
            &seed,
            action,
            rng,
        )
    };
    let checked = recover(VerifyAction::RecoverAndVerify);
    assert_eq!(
        checked.clone().map(|_| ()),
        result,
        "tcId {id}: RecoverAndVerify disagrees with verify"
    );
    result?;
    let expected: Vec<C::ApiScalar> = t["recoveredMasks"]
        .as_array()
        .expect("recoveredMasks")
        .iter()
        .map(api_scalar::<C>)
        .collect();
    assert_eq!(checked, Ok(Some(expected.clone())), "tcId {id}: masks");
    assert_eq!(
        recover(VerifyAction::RecoverOnly),
        Ok(Some(expected.clone())),
        "tcId {id}: RecoverOnly"
    );
    assert_eq!(recover(VerifyAction::VerifyOnly), Ok(None), "tcId {id}");
    // The right seed's masks open the commitment to the value; a wrong seed's do not.
    let value = t["value"].as_u64().expect("value");
    let opened = pc
        .commit(C::scalar_to_api(&C::scalar_from_u64(value)), &expected)
        .expect("one mask per base");
    let opens = C::encode(&C::point_from_api(&opened)) == commitments[0];
    assert_eq!(
        opens,
        !has_flag(t, "WrongSeed"),
        "tcId {id}: the recovered masks open the commitment"
    );
    Ok(())
}

/// Checks every case of curve `C`; returns (valid, invalid, seed cases).
fn run_tests<C: Curve>(doc: &Value) -> (usize, usize, usize) {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let bp = BulletproofGens::<C>::new(64, 8);
    let (mut valid, mut invalid, mut seeds) = (0, 0, 0);
    for t in doc["tests"].as_array().expect("tests") {
        if t["curve"].as_str() != Some(C::NAME) {
            continue;
        }
        let id = usize_field(t, "tcId");
        let result = run_case::<C>(t, id, &bp, &mut rng);
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
        if t.get("seed").is_some() {
            seeds += 1;
        }
    }
    println!(
        "{} Bulletproofs+ vectors: {valid} valid accepted, {invalid}/{invalid} invalid rejected, \
         {seeds} with a seed nonce",
        C::NAME
    );
    (valid, invalid, seeds)
}

#[test]
fn bp_plus_v1_ristretto255() {
    let (valid, invalid, seeds) = run_tests::<Ristretto>(&load());
    assert!(valid >= 26);
    assert!(invalid >= 110);
    assert!(seeds >= 6);
}

#[test]
fn bp_plus_v1_secp256k1() {
    let (valid, invalid, seeds) = run_tests::<Secp256k1>(&load());
    assert!(valid >= 26);
    assert!(invalid >= 110);
    assert!(seeds >= 6);
}

/// Every flag the file uses is explained in its notes and used on both curves; the
/// valid proofs cover every bit width, number of values and extension degree of the
/// grid with and without minimum values, and every error class appears on both
/// curves.
#[test]
fn bp_plus_v1_coverage() {
    let doc = load();
    let notes = doc["notes"].as_object().expect("notes");
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    let mut grid: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for t in doc["tests"].as_array().expect("tests") {
        let curve = t["curve"].as_str().expect("curve").to_string();
        for f in t["flags"].as_array().expect("flags") {
            let f = f.as_str().expect("flag");
            assert!(notes.contains_key(f), "flag {f} has no note");
            seen.insert((curve.clone(), f.to_string()));
        }
        match t["error"].as_str() {
            Some(e) => {
                seen.insert((curve, format!("error {e}")));
            }
            None if t.get("seed").is_none() => {
                let n = usize_field(t, "bits");
                let m = t["commitments"].as_array().expect("commitments").len();
                let d = usize_field(t, "extensionDegree");
                let mins = if has_flag(t, "MinValues") { "o" } else { "-" };
                let g = grid.entry(curve).or_default();
                for key in [
                    format!("n={n} m={m}"),
                    format!("n={n} t={d}"),
                    format!("m={m} t={d}"),
                    format!("n={n} {mins}"),
                    format!("m={m} {mins}"),
                    format!("t={d} {mins}"),
                ] {
                    g.insert(key);
                }
            }
            None => {}
        }
    }
    for curve in ["ristretto255", "secp256k1"] {
        for f in notes.keys() {
            if f == "TariCompatible" && curve == "secp256k1" {
                continue;
            }
            assert!(seen.contains(&(curve.into(), f.clone())), "{curve}: no {f}");
        }
        for e in [
            "FormatError",
            "VerificationError",
            "InvalidExtensionDegree",
            "InvalidMinValue",
            "InvalidInputLength",
            "InvalidBitsize",
        ] {
            assert!(
                seen.contains(&(curve.into(), format!("error {e}"))),
                "{curve}: no error {e}"
            );
        }
        let g = &grid[curve];
        for n in [1, 8, 13, 32, 64] {
            for m in 1..=4 {
                assert!(g.contains(&format!("n={n} m={m}")), "{curve}: n={n} m={m}");
            }
            for d in [1, 2, 3, 6] {
                assert!(g.contains(&format!("n={n} t={d}")), "{curve}: n={n} t={d}");
            }
        }
        for m in 1..=4 {
            for d in [1, 2, 3, 6] {
                assert!(g.contains(&format!("m={m} t={d}")), "{curve}: m={m} t={d}");
            }
        }
        for mins in ["o", "-"] {
            for n in [1, 8, 13, 32, 64] {
                assert!(
                    g.contains(&format!("n={n} {mins}")),
                    "{curve}: n={n} {mins}"
                );
            }
            for m in 1..=4 {
                assert!(
                    g.contains(&format!("m={m} {mins}")),
                    "{curve}: m={m} {mins}"
                );
            }
            for d in [1, 2, 3, 6] {
                assert!(
                    g.contains(&format!("t={d} {mins}")),
                    "{curve}: t={d} {mins}"
                );
            }
        }
    }
}
