//! The frozen Bulletproofs+ vectors (`crates/ballistic/tests/vectors/bp_plus_v1.json`)
//! through `tari_bulletproofs_plus` 0.5: every ristretto255 case whose statement
//! Tari can take is parsed and verified by Tari, and Tari's verdict must be the
//! file's.
//!
//! * Valid cases: every case tagged `TariCompatible` (`n` and `m` powers of two,
//!   `n·m > 1`: Tari's parser refuses a proof without rounds) verifies under Tari's
//!   `verify_batch`; for a seed-nonce case Tari's `RecoverAndVerify` returns the
//!   file's `recoveredMasks` (also for the wrong seed's). The tag must be on exactly
//!   the valid cases of Tari's shapes.
//! * Invalid cases: Tari rejects each one, at its parser, when building the
//!   statement (a wrong number of minimum values) or at verification. Statements
//!   Tari cannot express (a bit width or number of commitments that is not a power
//!   of two, a commitment that is not a point) are counted and skipped.
//!
//! Prints the counts (`--nocapture`).

#![allow(non_snake_case)]

use ballistic::ristretto::{CompressedRistretto, RistrettoPoint, Scalar};
use serde_json::Value;
use tari_bulletproofs_plus::{
    generators::pedersen_gens::ExtensionDegree,
    range_parameters::RangeParameters,
    range_proof::{RangeProof as TariRangeProof, VerifyAction as TariAction},
    range_statement::RangeStatement,
    ristretto::{create_pedersen_gens_with_extension_degree, RistrettoRangeProof},
    Transcript as TariTranscript,
};

fn load() -> Vec<Value> {
    let path = format!(
        "{}/../ballistic/tests/vectors/bp_plus_v1.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let doc: Value = serde_json::from_str(&text).expect("valid JSON");
    let tests = doc["tests"].as_array().expect("tests").clone();
    assert_eq!(doc["numberOfTests"].as_u64(), Some(tests.len() as u64));
    tests
}

fn hex_bytes(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().expect("hex string")).expect("hex")
}

fn scalar(v: &Value) -> Scalar {
    let b: [u8; 32] = hex_bytes(v).try_into().expect("32 bytes");
    Option::from(Scalar::from_canonical_bytes(b)).expect("canonical scalar")
}

fn has_flag(t: &Value, flag: &str) -> bool {
    t["flags"]
        .as_array()
        .expect("flags")
        .iter()
        .any(|f| f.as_str() == Some(flag))
}

fn degree(t: usize) -> ExtensionDegree {
    match t {
        1 => ExtensionDegree::DefaultPedersen,
        2 => ExtensionDegree::AddOneBasePoint,
        3 => ExtensionDegree::AddTwoBasePoints,
        4 => ExtensionDegree::AddThreeBasePoints,
        5 => ExtensionDegree::AddFourBasePoints,
        6 => ExtensionDegree::AddFiveBasePoints,
        _ => panic!("no degree {t}"),
    }
}

/// A case's statement in Tari's terms: `None` if Tari cannot express it.
struct TariCase {
    bits: usize,
    t: usize,
    commitments: Vec<RistrettoPoint>,
    /// One per commitment, or another count (which Tari refuses).
    promises: Vec<Option<u64>>,
    domain: &'static [u8],
    proof: Vec<u8>,
    seed: Option<Scalar>,
}

impl TariCase {
    fn from_json(t: &Value) -> Option<Self> {
        let bits = t["bits"].as_u64().expect("bits") as usize;
        let m = t["commitments"].as_array().expect("commitments").len();
        if !bits.is_power_of_two() || bits > 64 || !m.is_power_of_two() {
            return None;
        }
        let commitments = t["commitments"]
            .as_array()
            .expect("commitments")
            .iter()
            .map(|c| {
                CompressedRistretto::from_slice(&hex_bytes(c))
                    .ok()?
                    .decompress()
            })
            .collect::<Option<Vec<_>>>()?;
        let mins: Vec<u64> = t["minValues"]
            .as_array()
            .expect("minValues")
            .iter()
            .map(|o| o.as_u64().expect("u64"))
            .collect();
        // Tari's `None` is ballistic's zero; an empty list is all zero.
        let promises = if mins.is_empty() {
            vec![None; m]
        } else {
            mins.iter().map(|o| (*o != 0).then_some(*o)).collect()
        };
        Some(TariCase {
            bits,
            t: t["extensionDegree"].as_u64().expect("extensionDegree") as usize,
            commitments,
            promises,
            domain: t["domain"]
                .as_str()
                .expect("domain")
                .as_bytes()
                .to_vec()
                .leak(),
            proof: hex_bytes(&t["proof"]),
            seed: t.get("seed").map(scalar),
        })
    }

    /// Tari's verdict: `Ok` with the recovered masks (for a seed) or the stage that
    /// rejected the case.
    fn run(&self) -> Result<Option<Vec<Scalar>>, &'static str> {
        let proof = RistrettoRangeProof::from_bytes(&self.proof).map_err(|_| "parser")?;
        let params = RangeParameters::init(
            self.bits,
            self.commitments.len(),
            create_pedersen_gens_with_extension_degree(degree(self.t)),
        )
        .map_err(|_| "statement")?;
        let statement = RangeStatement::init(
            params,
            self.commitments.clone(),
            self.promises.clone(),
            self.seed,
        )
        .map_err(|_| "statement")?;
        let action = if self.seed.is_some() {
            TariAction::RecoverAndVerify
        } else {
            TariAction::VerifyOnly
        };
        let masks = TariRangeProof::verify_batch(
            &mut [TariTranscript::new(self.domain)],
            std::slice::from_ref(&statement),
            std::slice::from_ref(&proof),
            action,
        )
        .map_err(|_| "verifier")?;
        Ok(masks
            .into_iter()
            .next()
            .flatten()
            .map(|m| m.blindings().expect("masks")))
    }
}

#[test]
fn bp_plus_vectors_through_tari() {
    let (mut valid, mut recovered, mut skipped_valid, mut skipped_invalid) = (0, 0, 0, 0);
    let mut rejected = std::collections::BTreeMap::<&str, usize>::new();
    for t in load() {
        if t["curve"].as_str() != Some("ristretto255") {
            continue;
        }
        let id = t["tcId"].as_u64().expect("tcId");
        let case = TariCase::from_json(&t);
        let n_m = t["bits"].as_u64().expect("bits") as usize
            * t["commitments"].as_array().expect("commitments").len();
        match t["result"].as_str() {
            Some("valid") => {
                let tari_shape = case.is_some() && n_m > 1;
                assert_eq!(
                    has_flag(&t, "TariCompatible"),
                    tari_shape,
                    "tcId {id}: the TariCompatible tag"
                );
                let Some(case) = case.filter(|_| tari_shape) else {
                    skipped_valid += 1;
                    continue;
                };
                let masks = case.run().unwrap_or_else(|stage| {
                    panic!("tcId {id} ({}): Tari's {stage} rejects it", t["comment"])
                });
                if case.seed.is_some() {
                    let expected: Vec<Scalar> = t["recoveredMasks"]
                        .as_array()
                        .expect("recoveredMasks")
                        .iter()
                        .map(scalar)
                        .collect();
                    assert_eq!(masks, Some(expected), "tcId {id}: Tari's recovered masks");
                    recovered += 1;
                }
                valid += 1;
            }
            Some("invalid") => {
                let Some(case) = case else {
                    skipped_invalid += 1;
                    continue;
                };
                match case.run() {
                    Ok(_) => panic!("tcId {id} ({}): Tari accepts it", t["comment"]),
                    Err(stage) => *rejected.entry(stage).or_default() += 1,
                }
            }
            other => panic!("tcId {id}: unknown result {other:?}"),
        }
    }
    let invalid: usize = rejected.values().sum();
    println!(
        "bp_plus_v1 through Tari: {valid} valid accepted ({recovered} with masks recovered), \
         {invalid}/{invalid} invalid rejected (by stage: {rejected:?}); \
         skipped (not Tari's shapes): {skipped_valid} valid, {skipped_invalid} invalid"
    );
    assert!(valid >= 8 && recovered >= 2);
    assert!(invalid >= 60);
    assert!(rejected.get("verifier").is_some_and(|k| *k >= 20));
    assert!(rejected.get("parser").is_some_and(|k| *k >= 10));
}
