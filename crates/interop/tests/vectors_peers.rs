//! The frozen vector files, run through the peer implementations.
//!
//! * `ristretto_vectors_through_dalek`: every case of
//!   `crates/ballistic/tests/vectors/ristretto_range_v1.json` whose statement has one
//!   of dalek's shapes (`n ∈ {8, 16, 32, 64}`, `m ∈ {1, 2, 4, 8}`,
//!   `interop::peers::dalek_shape`) is verified by ballistic and by dalek's
//!   `bulletproofs` 5; both verdicts must equal the file's. The file tags only its
//!   valid proofs of these shapes `DalekCompatible`; its invalid cases derived from
//!   them (modified proofs, other statements) have the same shapes and are run too.
//!   Cases of other shapes (ballistic's padding rule, or verified as such a shape)
//!   are ones dalek cannot take: they are counted and skipped.
//! * `secp256k1_vectors_through_c`: every case of `secp256k1_range_v1.json` is
//!   verified by ballistic and by secp256k1-zkp (C, through the FFI) with the case's
//!   generator count and extra commitment. The verdicts must equal the file's, except
//!   the named differences: `UnusedBitSet` cases, which the C accepts (it ignores
//!   unused flag bits, `docs/secp256k1-zkp-format.md` §9.2) and ballistic rejects
//!   with `FormatError` while accepting the same proof with the bits cleared; and
//!   statements that need more generators than the case's set, which the C cannot
//!   be given (it aborts) and ballistic rejects with `InvalidGeneratorsLength`.
//!
//! Each prints "k/k cases agree" (`--nocapture`).

use std::collections::BTreeMap;

use ballistic::ristretto::CompressedRistretto;
use interop::peers::{dalek_shape, Agreement, Leniency, RistrettoPeers, ZkpPeers};
use rand::SeedableRng;
use serde_json::Value;

fn load(name: &str) -> Vec<Value> {
    let path = format!(
        "{}/../ballistic/tests/vectors/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let doc: Value = serde_json::from_str(&text).expect("valid JSON");
    let tests = doc["tests"].as_array().expect("tests").clone();
    assert_eq!(doc["numberOfTests"].as_u64(), Some(tests.len() as u64));
    tests
}

fn hex_field(t: &Value, key: &str) -> Vec<u8> {
    hex::decode(t[key].as_str().expect(key)).expect("hex")
}

fn hex_list<T: TryFrom<Vec<u8>>>(t: &Value, key: &str) -> Vec<T> {
    t[key]
        .as_array()
        .expect(key)
        .iter()
        .map(|c| {
            let bytes = hex::decode(c.as_str().expect("hex string")).expect("hex");
            T::try_from(bytes).unwrap_or_else(|_| panic!("{key}: wrong length"))
        })
        .collect()
}

fn flags(t: &Value) -> Vec<&str> {
    t["flags"]
        .as_array()
        .expect("flags")
        .iter()
        .map(|f| f.as_str().expect("flag"))
        .collect()
}

fn expect_valid(t: &Value) -> bool {
    match t["result"].as_str() {
        Some("valid") => true,
        Some("invalid") => false,
        other => panic!("unknown result {other:?}"),
    }
}

#[test]
fn ristretto_vectors_through_dalek() {
    let tests = load("ristretto_range_v1.json");
    let peers = RistrettoPeers::new();
    let mut rng = rand::rngs::StdRng::seed_from_u64(20);
    let (mut agree, mut compared, mut tagged, mut skipped) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for t in &tests {
        let id = t["tcId"].as_u64().expect("tcId");
        let bits = t["bits"].as_u64().expect("bits") as usize;
        let commitments: Vec<CompressedRistretto> = hex_list::<[u8; 32]>(t, "commitments")
            .into_iter()
            .map(CompressedRistretto)
            .collect();
        let is_tagged = flags(t).contains(&"DalekCompatible");
        if !dalek_shape(bits, commitments.len()) {
            assert!(
                !is_tagged,
                "tcId {id} is tagged DalekCompatible, shape is not"
            );
            skipped += 1;
            continue;
        }
        compared += 1;
        tagged += usize::from(is_tagged);
        let label: &'static [u8] = t["domain"]
            .as_str()
            .expect("domain")
            .as_bytes()
            .to_vec()
            .leak();
        let proof = hex_field(t, "proof");
        match peers
            .compare(&proof, &commitments, bits, label, &mut rng)
            .map(|c| c.agreement)
        {
            Ok(Agreement::Same(v)) if v == expect_valid(t) => agree += 1,
            other => failures.push(format!("tcId {id} ({}): {other:?}", t["comment"])),
        }
    }
    println!(
        "ristretto255 vectors through dalek's bulletproofs: {agree}/{compared} dalek-shaped \
         cases agree ({tagged} tagged DalekCompatible); {skipped} cases of other shapes skipped"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(agree, compared);
    let tagged_in_file = tests
        .iter()
        .filter(|t| flags(t).contains(&"DalekCompatible"))
        .count();
    assert_eq!(tagged, tagged_in_file, "every tagged case is compared");
    assert!(compared >= 200, "only {compared} cases had dalek's shapes");
}

#[test]
fn secp256k1_vectors_through_c() {
    let tests = load("secp256k1_range_v1.json");
    let mut peers: BTreeMap<usize, ZkpPeers> = BTreeMap::new();
    let (mut same, mut lenient, mut beyond) = (0, 0, 0);
    let mut failures = Vec::new();
    for t in &tests {
        let id = t["tcId"].as_u64().expect("tcId");
        let bits = t["bits"].as_u64().expect("bits") as usize;
        let ng = t["generators"].as_u64().expect("generators") as usize;
        let p = peers.entry(ng).or_insert_with(|| ZkpPeers::new(ng));
        let commitments = hex_list::<[u8; 33]>(t, "commitments");
        let extra = t["extra_commit"]
            .as_str()
            .map(|e| hex::decode(e).expect("hex"));
        let proof = hex_field(t, "proof");
        let outcome = p
            .compare(&proof, &commitments, bits, extra.as_deref())
            .map(|c| c.agreement);
        let ok = match &outcome {
            Ok(Agreement::Same(v)) => *v == expect_valid(t),
            // Named difference: unused flag bits (§9.2), only where the file says so.
            Ok(Agreement::CLenient(l)) => {
                *l == [Leniency::UnusedFlagBit]
                    && flags(t).contains(&"UnusedBitSet")
                    && t["error"] == "FormatError"
            }
            // Named difference: the C aborts on such shapes; ballistic's error class.
            Ok(Agreement::BeyondCGenerators) => t["error"] == "InvalidGeneratorsLength",
            Err(_) => false,
        };
        match (ok, &outcome) {
            (true, Ok(Agreement::Same(_))) => same += 1,
            (true, Ok(Agreement::CLenient(_))) => lenient += 1,
            (true, _) => beyond += 1,
            (false, _) => failures.push(format!("tcId {id} ({}): {outcome:?}", t["comment"])),
        }
    }
    let total = tests.len();
    println!(
        "secp256k1 vectors through secp256k1-zkp: {}/{total} cases agree ({same} same \
         verdict; {lenient} UnusedFlagBit: the C accepts, ballistic rejects; {beyond} beyond \
         the C's generators: ballistic rejects, the C is not called)",
        same + lenient + beyond
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let unused_bit_cases = tests
        .iter()
        .filter(|t| flags(t).contains(&"UnusedBitSet"))
        .count();
    assert_eq!(
        lenient, unused_bit_cases,
        "every UnusedBitSet case is lenient in the C"
    );
    assert!(same >= 200);
}
