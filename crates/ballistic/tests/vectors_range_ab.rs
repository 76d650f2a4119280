//! Frozen `[a, b]` and rewindable test vectors (append-only,
//! `tests/vectors/range_ab_v2.json`, made by `crates/vectors/src/bin/range_ab.rs`):
//! `[a, b]` proofs in dalek's format on ristretto255, in secp256k1-zkp's format on
//! secp256k1 and with Bulletproofs+ on both curves made by earlier versions keep
//! verifying for their range and failing for any other statement (so the range
//! statement of the transcript cannot change unnoticed), every invalid case keeps
//! failing with the same error class, rewindable proofs keep verifying and rewinding
//! to their opening, and proving a valid case's recorded witness again with its RNG
//! seed gives the same bytes. The file replaced `range_ab_v1.json` when the range
//! statement changed to version 2 (the one deliberate break, in CHANGELOG); from
//! version 2 on it is append-only again.

use std::collections::BTreeSet;

use ballistic::bp_plus::{Opening, RangeProofPlus};
use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens, PedersenGens};
use ballistic::merlin::Transcript;
use ballistic::ProofError;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use serde_json::Value;

const PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/vectors/range_ab_v2.json"
);

/// The `[a, b]` schemes of the file: (`scheme`, `curve`).
const SCHEMES: [(&str, &str); 4] = [
    ("dalek", "ristretto255"),
    ("secp256k1-zkp", "secp256k1"),
    ("bp+", "ristretto255"),
    ("bp+", "secp256k1"),
];

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

fn tests(doc: &Value) -> &[Value] {
    doc["tests"].as_array().expect("tests")
}

fn hex_bytes(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().expect("hex string")).expect("hex")
}

fn str_field<'a>(t: &'a Value, name: &str) -> &'a str {
    t[name].as_str().unwrap_or_else(|| panic!("{name}"))
}

fn u64_field(t: &Value, name: &str) -> u64 {
    t[name].as_u64().unwrap_or_else(|| panic!("{name}"))
}

fn leak(t: &Value) -> &'static [u8] {
    str_field(t, "domain").as_bytes().to_vec().leak()
}

fn has_flag(t: &Value, flag: &str) -> bool {
    t["flags"]
        .as_array()
        .expect("flags")
        .iter()
        .any(|f| f.as_str() == Some(flag))
}

fn is_scheme(t: &Value, (scheme, curve): (&str, &str)) -> bool {
    t["scheme"].as_str() == Some(scheme) && t["curve"].as_str() == Some(curve)
}

/// The error class a case names under `field` (`error`, `rewindError`).
fn named_error(t: &Value, field: &str) -> ProofError {
    match t[field].as_str() {
        Some("FormatError") => ProofError::FormatError,
        Some("VerificationError") => ProofError::VerificationError,
        Some("InvalidRange") => ProofError::InvalidRange,
        Some("RewindError") => ProofError::RewindError,
        other => panic!("tcId {}: unknown {field} {other:?}", t["tcId"]),
    }
}

/// What the file says verification returns.
fn expected(t: &Value) -> Result<(), ProofError> {
    match t["result"].as_str() {
        Some("valid") => Ok(()),
        Some("invalid") => Err(named_error(t, "error")),
        other => panic!("tcId {}: unknown result {other:?}", t["tcId"]),
    }
}

fn api_scalar<C: Curve>(b: &[u8]) -> C::ApiScalar {
    C::scalar_to_api(&C::scalar_from_canonical_bytes(b).expect("canonical scalar"))
}

fn zkp_transcript(t: &Value) -> ballistic::secp256k1::Transcript {
    ballistic::secp256k1::Transcript::new().with_extra_commit(str_field(t, "domain").as_bytes())
}

/// Parses (the encoding must round-trip) and verifies an `[a, b]` case.
fn verify_case(t: &Value, rng: &mut ChaCha20Rng) -> Result<(), ProofError> {
    let id = &t["tcId"];
    let proof = hex_bytes(&t["proof"]);
    let commitment = hex_bytes(&t["commitment"]);
    let (a, b) = (u64_field(t, "a"), u64_field(t, "b"));
    match (str_field(t, "scheme"), str_field(t, "curve")) {
        ("dalek", "ristretto255") => {
            let p = ballistic::ristretto::RangeProof::from_bytes(&proof)?;
            assert_eq!(p.to_bytes(), proof, "tcId {id}: re-encoding");
            p.verify_range(
                &BulletproofGens::new(64, 2),
                &PedersenGens::default(),
                &mut Transcript::new(leak(t)),
                &Ristretto::encoding_from_bytes(&commitment).expect("length"),
                a,
                b,
                rng,
            )
        }
        ("secp256k1-zkp", "secp256k1") => {
            let p = ballistic::secp256k1::RangeProof::from_bytes(&proof)?;
            assert_eq!(p.to_bytes(), proof, "tcId {id}: re-encoding");
            p.verify_range(
                &ballistic::secp256k1::grin_generators(),
                &PedersenGens::default(),
                &mut zkp_transcript(t),
                &Secp256k1::encoding_from_bytes(&commitment).expect("length"),
                a,
                b,
                rng,
            )
        }
        ("bp+", "ristretto255") => verify_plus::<Ristretto>(t, &proof, &commitment, rng),
        ("bp+", "secp256k1") => verify_plus::<Secp256k1>(t, &proof, &commitment, rng),
        other => panic!("tcId {id}: unknown scheme {other:?}"),
    }
}

fn verify_plus<C: Curve>(
    t: &Value,
    proof: &[u8],
    commitment: &[u8],
    rng: &mut ChaCha20Rng,
) -> Result<(), ProofError> {
    let p = RangeProofPlus::<C>::from_bytes(proof)?;
    assert_eq!(p.to_bytes(), proof, "tcId {}: re-encoding", t["tcId"]);
    p.verify_range(
        &BulletproofGens::new(64, 2),
        &pedersen_gens::<C>(u64_field(t, "extensionDegree") as usize),
        &mut Transcript::new(leak(t)),
        &C::encoding_from_bytes(commitment).expect("length"),
        u64_field(t, "a"),
        u64_field(t, "b"),
        rng,
    )
}

/// Proves an `[a, b]` case's witness again: the proof's and the commitment's bytes.
fn reprove(t: &Value) -> (Vec<u8>, Vec<u8>) {
    let w = &t["witness"];
    let value = u64_field(w, "value");
    let blindings: Vec<Vec<u8>> = w["blindings"]
        .as_array()
        .expect("blindings")
        .iter()
        .map(hex_bytes)
        .collect();
    let mut rng = ChaCha20Rng::seed_from_u64(u64_field(w, "rngSeed"));
    let (a, b) = (u64_field(t, "a"), u64_field(t, "b"));
    match (str_field(t, "scheme"), str_field(t, "curve")) {
        ("dalek", "ristretto255") => {
            let (proof, v) = ballistic::ristretto::RangeProof::prove_range(
                &BulletproofGens::new(64, 2),
                &PedersenGens::default(),
                &mut Transcript::new(leak(t)),
                value,
                &api_scalar::<Ristretto>(&blindings[0]),
                a,
                b,
                &mut rng,
            )
            .expect("proves");
            (proof.to_bytes(), v.as_bytes().to_vec())
        }
        ("secp256k1-zkp", "secp256k1") => {
            let (proof, v) = ballistic::secp256k1::RangeProof::prove_range(
                &ballistic::secp256k1::grin_generators(),
                &PedersenGens::default(),
                &mut zkp_transcript(t),
                value,
                &api_scalar::<Secp256k1>(&blindings[0]),
                a,
                b,
                &mut rng,
            )
            .expect("proves");
            (proof.to_bytes(), v.to_vec())
        }
        ("bp+", "ristretto255") => reprove_plus::<Ristretto>(t, value, &blindings, &mut rng),
        ("bp+", "secp256k1") => reprove_plus::<Secp256k1>(t, value, &blindings, &mut rng),
        other => panic!("tcId {}: unknown scheme {other:?}", t["tcId"]),
    }
}

fn reprove_plus<C: Curve>(
    t: &Value,
    value: u64,
    masks: &[Vec<u8>],
    rng: &mut ChaCha20Rng,
) -> (Vec<u8>, Vec<u8>) {
    let masks: Vec<C::ApiScalar> = masks.iter().map(|m| api_scalar::<C>(m)).collect();
    let (proof, v) = RangeProofPlus::<C>::prove_range(
        &BulletproofGens::new(64, 2),
        &pedersen_gens::<C>(u64_field(t, "extensionDegree") as usize),
        &mut Transcript::new(leak(t)),
        &Opening::new(value, &masks),
        u64_field(t, "a"),
        u64_field(t, "b"),
        rng,
    )
    .expect("proves");
    (proof.to_bytes(), C::encoding_bytes(&v).to_vec())
}

/// Checks every case of one `[a, b]` scheme; returns (valid, invalid).
fn run_scheme(scheme: (&str, &str)) -> (usize, usize) {
    let doc = load();
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let (mut valid, mut invalid) = (0, 0);
    for t in tests(&doc).iter().filter(|t| is_scheme(t, scheme)) {
        let want = expected(t);
        assert_eq!(
            verify_case(t, &mut rng),
            want,
            "tcId {} ({})",
            t["tcId"],
            t["comment"]
        );
        if want.is_ok() {
            valid += 1;
        } else {
            invalid += 1;
        }
    }
    println!(
        "{scheme:?} [a, b] vectors: {valid} valid accepted, {invalid}/{invalid} invalid rejected"
    );
    (valid, invalid)
}

#[test]
fn range_ab_v2_dalek_ristretto255() {
    let (valid, invalid) = run_scheme(SCHEMES[0]);
    assert!(valid >= 17 && invalid >= 25);
}

#[test]
fn range_ab_v2_zkp_secp256k1() {
    let (valid, invalid) = run_scheme(SCHEMES[1]);
    assert!(valid >= 17 && invalid >= 25);
}

#[test]
fn range_ab_v2_bp_plus_ristretto255() {
    let (valid, invalid) = run_scheme(SCHEMES[2]);
    assert!(valid >= 17 && invalid >= 25);
}

#[test]
fn range_ab_v2_bp_plus_secp256k1() {
    let (valid, invalid) = run_scheme(SCHEMES[3]);
    assert!(valid >= 17 && invalid >= 25);
}

/// The rewindable cases: each verifies as an ordinary proof (or fails as the file
/// says), and rewinding with the case's nonce gives back the recorded value,
/// blinding and message (or fails as the file says).
#[test]
fn range_ab_v2_rewindable() {
    use ballistic::ristretto::{CompressedRistretto, RangeProof};
    let doc = load();
    let (bp, pc) = (BulletproofGens::new(64, 2), PedersenGens::default());
    let (mut rewound, mut refused) = (0, 0);
    for t in tests(&doc)
        .iter()
        .filter(|t| t["scheme"] == "dalek-rewindable")
    {
        let id = &t["tcId"];
        let bytes = hex_bytes(&t["proof"]);
        let proof = RangeProof::from_bytes(&bytes).expect("a well-formed proof");
        assert_eq!(proof.to_bytes(), bytes, "tcId {id}: re-encoding");
        let v = CompressedRistretto::from_slice(&hex_bytes(&t["commitment"])).expect("32 bytes");
        let bits = u64_field(t, "bits") as usize;
        assert_eq!(
            proof.verify_single(&bp, &pc, &mut Transcript::new(leak(t)), &v, bits),
            expected(t),
            "tcId {id} ({})",
            t["comment"]
        );
        let nonce: [u8; 32] = hex_bytes(&t["nonce"]).try_into().expect("32 bytes");
        let got = proof.rewind(&bp, &pc, &mut Transcript::new(leak(t)), &v, bits, &nonce);
        if t.get("rewound").is_some() {
            let r = &t["rewound"];
            let got = got.unwrap_or_else(|e| panic!("tcId {id}: rewind: {e}"));
            assert_eq!(got.value(), u64_field(r, "value"), "tcId {id}: value");
            assert_eq!(
                got.blinding().to_bytes().to_vec(),
                hex_bytes(&r["blinding"]),
                "tcId {id}: blinding"
            );
            assert_eq!(
                got.message().to_vec(),
                hex_bytes(&r["message"]),
                "tcId {id}: message"
            );
            rewound += 1;
        } else {
            assert_eq!(
                got.map(|_| ()),
                Err(named_error(t, "rewindError")),
                "tcId {id}"
            );
            refused += 1;
        }
    }
    println!("rewindable vectors: {rewound} rewound, {refused}/{refused} refused");
    assert!(rewound >= 3 && refused >= 4);
}

/// Proving a valid case's witness again (same RNG seed; the rewindable prover takes
/// none) gives the frozen proof and commitment byte for byte: the provers are
/// deterministic given their RNG, so a change to the transcript or the nonce
/// derivation shows here even where the verifier would still accept.
#[test]
fn range_ab_v2_reprove_is_byte_identical() {
    use ballistic::ristretto::RangeProof;
    let doc = load();
    let mut n = 0;
    for t in tests(&doc).iter().filter(|t| t.get("witness").is_some()) {
        let id = &t["tcId"];
        let got = if t["scheme"] == "dalek-rewindable" {
            if !has_flag(t, "Valid") {
                continue;
            }
            let w = &t["witness"];
            let blinding = api_scalar::<Ristretto>(&hex_bytes(&w["blindings"][0]));
            let nonce: [u8; 32] = hex_bytes(&w["nonce"]).try_into().expect("32 bytes");
            let message: [u8; 20] = hex_bytes(&w["message"]).try_into().expect("20 bytes");
            let bits = u64_field(t, "bits") as usize;
            let (proof, v) = RangeProof::prove_single_rewindable(
                &BulletproofGens::new(64, 2),
                &PedersenGens::default(),
                &mut Transcript::new(leak(t)),
                u64_field(w, "value"),
                &blinding,
                bits,
                &nonce,
                &message,
            )
            .expect("proves");
            (proof.to_bytes(), v.as_bytes().to_vec())
        } else {
            assert_eq!(
                t["result"], "valid",
                "tcId {id}: a witness on an invalid case"
            );
            reprove(t)
        };
        assert_eq!(
            hex::encode(&got.1),
            str_field(t, "commitment"),
            "tcId {id}: commitment"
        );
        assert_eq!(
            hex::encode(&got.0),
            str_field(t, "proof"),
            "tcId {id} ({}): proof bytes",
            t["comment"]
        );
        n += 1;
    }
    println!("{n} proofs proved again byte for byte");
    assert!(n >= 4 * 17 + 3);
}

/// Every flag is explained in the notes and agrees with the case's data; every
/// `[a, b]` scheme has valid proofs for `a = b`, `a = 0`, `b = 2^64 − 1`, widths
/// that are powers of two and not, values at `a`, at `b` and inside, and every kind
/// of invalid case.
#[test]
fn range_ab_v2_coverage() {
    let doc = load();
    let notes = doc["notes"].as_object().expect("notes");
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    for t in tests(&doc) {
        let id = &t["tcId"];
        let key = format!("{} {}", str_field(t, "scheme"), str_field(t, "curve"));
        for f in t["flags"].as_array().expect("flags") {
            let f = f.as_str().expect("flag");
            assert!(notes.contains_key(f), "tcId {id}: flag {f} has no note");
            seen.insert((key.clone(), f.to_string()));
        }
        if t["scheme"] == "dalek-rewindable" || !has_flag(t, "Valid") {
            continue;
        }
        // The range flags of a valid case describe its range and witness.
        let (a, b) = (u64_field(t, "a"), u64_field(t, "b"));
        let v = u64_field(&t["witness"], "value");
        assert!(a <= v && v <= b, "tcId {id}: value outside [a, b]");
        let pow2 = (u128::from(b - a) + 1).is_power_of_two();
        for (flag, holds) in [
            ("SingleValue", a == b),
            ("ZeroLowerBound", a == 0),
            ("MaxUpperBound", b == u64::MAX),
            ("PowerOfTwoWidth", pow2),
            ("OtherWidth", !pow2),
            ("ValueAtA", a < b && v == a),
            ("ValueAtB", a < b && v == b),
            ("ValueInside", a < v && v < b),
        ] {
            assert_eq!(has_flag(t, flag), holds, "tcId {id}: flag {flag}");
        }
    }
    for (scheme, curve) in SCHEMES {
        let key = format!("{scheme} {curve}");
        for f in [
            "Valid",
            "SingleValue",
            "ZeroLowerBound",
            "MaxUpperBound",
            "PowerOfTwoWidth",
            "OtherWidth",
            "ValueAtA",
            "ValueAtB",
            "ValueInside",
            "ShiftedRange",
            "WidenedRange",
            "NarrowedRange",
            "SwappedBounds",
            "WrongCommitment",
            "ModifiedProof",
            "TruncatedProof",
        ] {
            assert!(seen.contains(&(key.clone(), f.into())), "{key}: no {f}");
        }
    }
    for f in ["Valid", "Rewindable", "WrongNonce", "WrongDomain"] {
        assert!(
            seen.contains(&("dalek-rewindable ristretto255".into(), f.into())),
            "rewindable: no {f}"
        );
    }
}
