//! End-to-end tests of `[a, b]` range proofs in the `ballistic` binary (`prove
//! --range A..=B`, `verify` of range files among others): every test runs the built
//! executable in a fresh temporary directory, checks exit statuses, outputs and
//! files, and checks the files against the library.

mod support;

use std::path::{Path, PathBuf};

use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens};
use ballistic::merlin::Transcript;
use ballistic::range_proof::transcript::append_range_statement;
use ballistic::ProofError;
use serde_json::{json, Value};
use support::{
    assert_malformed_beside, expected_plus_len, expected_secp_proof_len, flip_proof_bit, proof_of,
    read_json, rounds, run, sorted_keys, verify_all_valid, write_json,
};

/// Every curve and protocol.
const KINDS: [(&str, &str); 4] = [
    ("ristretto255", "bp"),
    ("ristretto255", "bp+"),
    ("secp256k1", "bp"),
    ("secp256k1", "bp+"),
];

/// The bit width of `[a, b]`, computed independently of the library: the least
/// `k >= 1` with `b − a < 2^k`.
fn width(a: u64, b: u64) -> usize {
    let span = u128::from(b - a);
    (1..=64).find(|&k| span < 1u128 << k).expect("k <= 64")
}

/// The length of a range proof of `k` bits (a proof of two `k`-bit values) of
/// `protocol` on `curve` with extension degree `t` (bp+).
fn expected_len(curve: &str, protocol: &str, t: usize, k: usize) -> usize {
    match (curve, protocol) {
        ("ristretto255", "bp") => (2 * rounds(k, 2) + 9) * 32,
        ("secp256k1", "bp") => expected_secp_proof_len((2 * k).next_power_of_two()),
        _ => expected_plus_len(curve, t, k, 2),
    }
}

/// Runs `prove --curve curve --protocol protocol --range a..=b --values v` with
/// `extra` arguments into `dir/name`; returns the path.
fn prove_range(
    dir: &Path,
    name: &str,
    (curve, protocol): (&str, &str),
    (a, b): (u64, u64),
    v: u64,
    extra: &[&str],
) -> PathBuf {
    let (range, value) = (format!("{a}..={b}"), v.to_string());
    let mut args = vec![
        "prove",
        "--curve",
        curve,
        "--protocol",
        protocol,
        "--range",
        &range,
        "--values",
        &value,
        "--out",
        name,
    ];
    args.extend_from_slice(extra);
    run(dir, &args).expect(0).stderr_has(&format!(
        "wrote {name}: 1 value in [{a}, {b}] ({}-bit range proof) on {curve}",
        width(a, b)
    ));
    dir.join(name)
}

/// The bytes of `file`'s one commitment.
fn commitment_of(file: &Value) -> Vec<u8> {
    let list = file["commitments"].as_array().expect("commitments");
    assert_eq!(list.len(), 1, "{file}");
    hex::decode(list[0].as_str().expect("hex")).expect("hex")
}

/// The Merlin label of `file`.
fn label_of(file: &Value) -> &'static [u8] {
    let domain = file["domain"].as_str().expect("domain").to_string();
    Box::leak(domain.into_boxed_str()).as_bytes()
}

/// Verifies a Bulletproofs+ range file on `C` with the library, over the bases
/// `bases(t)`.
fn verify_plus_with_library<C: Curve>(
    file: &Value,
    (a, b): (u64, u64),
    bases: fn(usize) -> Result<ExtendedPedersenGens<C>, ProofError>,
) -> Result<(), ProofError> {
    let t = file["extension_degree"].as_u64().expect("degree") as usize;
    let proof = ballistic::bp_plus::RangeProofPlus::<C>::from_bytes(&proof_of(file))?;
    let v = C::encoding_from_bytes(&commitment_of(file)).expect("encoding");
    proof.verify_range(
        &BulletproofGens::<C>::new(64, 2),
        &bases(t)?,
        &mut Transcript::new(label_of(file)),
        &v,
        a,
        b,
        &mut rand::thread_rng(),
    )
}

/// Verifies a range file with the library's `verify_range` from the file's curve,
/// protocol, range, commitment, domain or extra commitment and proof (not its
/// `bits`: the generators are those of 64-bit pairs).
fn verify_with_library(file: &Value) -> Result<(), ProofError> {
    let range = file["range"].as_array().expect("range");
    let (a, b) = (range[0].as_u64().expect("a"), range[1].as_u64().expect("b"));
    let protocol = file.get("protocol").and_then(Value::as_str).unwrap_or("bp");
    let mut rng = rand::thread_rng();
    match (file["curve"].as_str().expect("curve"), protocol) {
        ("ristretto255", "bp") => {
            use ballistic::ristretto::{CompressedRistretto, PedersenGens, RangeProof};
            let proof = RangeProof::from_bytes(&proof_of(file))?;
            let v = CompressedRistretto::from_slice(&commitment_of(file)).expect("32 bytes");
            proof.verify_range(
                &BulletproofGens::new(64, 2),
                &PedersenGens::default(),
                &mut Transcript::new(label_of(file)),
                &v,
                a,
                b,
                &mut rng,
            )
        }
        ("secp256k1", "bp") => {
            use ballistic::secp256k1 as k1;
            let proof = k1::RangeProof::from_bytes(&proof_of(file))?;
            let v: [u8; 33] = commitment_of(file).try_into().expect("33 bytes");
            let mut transcript = k1::Transcript::new();
            if let Some(extra) = file.get("extra_commit") {
                let extra = hex::decode(extra.as_str().expect("hex")).expect("hex");
                transcript = transcript.with_extra_commit(&extra);
            }
            proof.verify_range(
                &k1::grin_generators(),
                &k1::PedersenGens::default(),
                &mut transcript,
                &v,
                a,
                b,
                &mut rng,
            )
        }
        ("ristretto255", _) => verify_plus_with_library::<Ristretto>(
            file,
            (a, b),
            ballistic::ristretto::bp_plus::pedersen_gens,
        ),
        _ => verify_plus_with_library::<Secp256k1>(
            file,
            (a, b),
            ballistic::secp256k1::bp_plus::pedersen_gens,
        ),
    }
}

#[test]
fn range_files_round_trip_on_both_curves_and_protocols() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let max = u64::MAX;
    // (a, b, values): inside and at both bounds, a = b (at 0, inside, at u64::MAX),
    // the whole u64 range, and bounds beyond 2^53 (exact only as JSON integers).
    let cases: &[(u64, u64, &[u64])] = &[
        (18, 130, &[18, 42, 130]),
        (0, 0, &[0]),
        (5, 5, &[5]),
        (max, max, &[max]),
        (0, max, &[0, max]),
        ((1 << 53) + 1, max - 1, &[(1 << 53) + 1, max - 1]),
        (1000, 1999, &[1500]),
    ];
    let mut proofs = 0;
    for (curve, protocol) in KINDS {
        for &(a, b, values) in cases {
            let k = width(a, b);
            for &v in values {
                let name = format!("{curve}-{protocol}-{a}-{v}.json");
                let secrets = format!("secrets-{name}");
                let t = if v % 2 == 0 { 1 } else { 3 };
                let t_arg = t.to_string();
                let mut extra = vec!["--openings", secrets.as_str()];
                if protocol == "bp+" {
                    extra.extend(["--extension-degree", &t_arg]);
                }
                let path = prove_range(d, &name, (curve, protocol), (a, b), v, &extra);
                proofs += 1;

                let text = std::fs::read_to_string(&path).expect("proof file");
                let file: Value = serde_json::from_str(&text).expect("json");
                let keys = sorted_keys(&file);
                let expected_keys: &[&str] = match (curve, protocol) {
                    ("secp256k1", "bp") => &["bits", "commitments", "curve", "proof", "range"],
                    (_, "bp") => &["bits", "commitments", "curve", "domain", "proof", "range"],
                    _ => &[
                        "bits",
                        "commitments",
                        "curve",
                        "domain",
                        "extension_degree",
                        "proof",
                        "protocol",
                        "range",
                    ],
                };
                assert_eq!(keys, expected_keys, "{name}");
                // JSON integers, exact beyond 2^53: the text holds the digits.
                assert!(
                    text.contains(&format!("\"bits\":{k},\"range\":[{a},{b}]")),
                    "{text}"
                );
                assert_eq!(file["range"], json!([a, b]), "{name}");
                assert_eq!(file["bits"], k, "{name}");
                if protocol == "bp+" {
                    assert_eq!(file["protocol"], "bp+");
                    assert_eq!(file["extension_degree"], t);
                }
                let proof = proof_of(&file);
                assert_eq!(proof.len(), expected_len(curve, protocol, t, k), "{name}");
                assert_eq!(
                    commitment_of(&file).len(),
                    if curve == "secp256k1" { 33 } else { 32 }
                );

                // The openings repeat the range and name the one commitment (on
                // ristretto255 bp, checked to open it).
                let openings = read_json(&d.join(&secrets));
                assert_eq!(openings["range"], json!([a, b]), "{name}");
                assert!(openings.get("nonce").is_none(), "{openings}");
                let list = openings["openings"].as_array().expect("openings");
                assert_eq!(list.len(), 1);
                assert_eq!(list[0]["value"], v);
                assert_eq!(list[0]["commitment"], file["commitments"][0]);
                if (curve, protocol) == ("ristretto255", "bp") {
                    use ballistic::ristretto::{PedersenGens, Scalar};
                    let blinding = hex::decode(list[0]["blinding"].as_str().expect("hex"));
                    let blinding: [u8; 32] = blinding.expect("hex").try_into().expect("32 bytes");
                    let point = PedersenGens::default()
                        .commit(Scalar::from(v), Scalar::from_bytes_mod_order(blinding));
                    assert_eq!(point.compress().as_bytes().to_vec(), commitment_of(&file));
                }

                assert_eq!(verify_with_library(&file), Ok(()), "{name}");
                let plus = if protocol == "bp+" { ", bp+" } else { "" };
                let degree = if protocol == "bp+" {
                    format!(", extension degree {t}")
                } else {
                    String::new()
                };
                run(d, &["verify", &name]).expect(0).stdout_has(&format!(
                    "{name}: valid ({curve}{plus}, range [{a}, {b}], {k} bits, 1 value{degree}, \
                     {} bytes)",
                    proof.len()
                ));
            }
        }
    }
    let per_kind: usize = cases.iter().map(|(_, _, values)| values.len()).sum();
    assert_eq!(proofs, 4 * per_kind);
    // The widths of the cases, and [18, 130]'s proof sizes (4 rounds).
    assert_eq!((width(18, 130), width(5, 5), width(0, max)), (7, 1, 64));
    assert_eq!(width(0, 255), 8);
    assert_eq!(expected_len("ristretto255", "bp", 1, 7), 544);
    assert_eq!(expected_len("ristretto255", "bp+", 1, 7), 449);
}

#[test]
fn extra_commit_and_domain_bind_range_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let k = read_json(&prove_range(
        d,
        "k.json",
        ("secp256k1", "bp"),
        (10, 20),
        15,
        &["--extra-commit", "00ff"],
    ));
    assert_eq!(k["extra_commit"], "00ff");
    let r = read_json(&prove_range(
        d,
        "r.json",
        ("ristretto255", "bp+"),
        (10, 20),
        15,
        &["--domain", "my app"],
    ));
    assert_eq!(r["domain"], "my app");
    run(d, &["verify", "k.json", "r.json"]).expect(0);
    let mut other_k = k.clone();
    other_k["extra_commit"] = json!("00fe");
    write_json(&d.join("k2.json"), &other_k);
    let mut other_r = r.clone();
    other_r["domain"] = json!("another app");
    write_json(&d.join("r2.json"), &other_r);
    run(d, &["verify", "k.json", "k2.json", "r2.json"])
        .expect(1)
        .stdout_has("k.json: valid")
        .stdout_has("k2.json: INVALID (proof does not verify)")
        .stdout_has("r2.json: INVALID (proof does not verify)");
}

#[test]
fn prove_refuses_values_outside_the_range_bad_syntax_and_conflicting_flags() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    // a − 1 and b + 1 on every curve and protocol.
    for (curve, protocol) in KINDS {
        for (range, v, a, b) in [
            ("18..=130", 17, 18, 130),
            ("18..=130", 131, 18, 130),
            ("5..=5", 4, 5, 5),
            ("5..=5", 6, 5, 5),
            ("1..=18446744073709551615", 0, 1, u64::MAX),
            ("0..=18446744073709551614", u64::MAX, 0, u64::MAX - 1),
        ] {
            let value = v.to_string();
            let args = [
                "prove",
                "--curve",
                curve,
                "--protocol",
                protocol,
                "--range",
                range,
                "--values",
                &value,
                "--out",
                "p.json",
            ];
            run(d, &args).expect(2).stderr_has(&format!(
                "error: value {v} (values[0]) is outside --range {a}..={b}"
            ));
            assert!(!d.join("p.json").exists(), "no proof written");
        }
    }
    let cases: &[(&[&str], &str)] = &[
        (
            &["--range", "18..130"],
            "only the inclusive form A..=B is accepted",
        ),
        (&["--range", "18..=130..=140"], "is not a decimal integer"),
        (&["--range", "18-130"], "no \"..=\" between the bounds"),
        (&["--range", "[18,130]"], "no \"..=\" between the bounds"),
        (&["--range", "18,130"], "no \"..=\" between the bounds"),
        (&["--range", "..=130"], "the bound A is missing"),
        (&["--range", "18..="], "the bound B is missing"),
        (&["--range", "0x12..=130"], "is not a decimal integer"),
        (&["--range=-1..=130"], "is not a decimal integer"),
        (
            &["--range", "130..=18"],
            "130..=18 is empty: A must not be above B",
        ),
        (
            &["--range", "0..=18446744073709551616"],
            "does not fit in u64 (the largest is 18446744073709551615)",
        ),
        (
            &["--range", "18..=130", "--bits", "8"],
            "--range cannot be used with --bits",
        ),
        (
            &["--range", "18..=130", "--bits", "64"],
            "--range cannot be used with --bits",
        ),
        (
            &[
                "--range",
                "18..=130",
                "--protocol",
                "bp+",
                "--min-values",
                "18",
            ],
            "--range cannot be used with --min-values",
        ),
        (
            &["--range", "18..=130", "--min-values", "18"],
            "--range cannot be used with --min-values",
        ),
        (
            &[
                "--range",
                "18..=130",
                "--rewindable",
                "--openings",
                "s.json",
            ],
            "--range cannot be used with --rewindable",
        ),
        (
            &[
                "--range",
                "18..=130",
                "--protocol",
                "bp+",
                "--seed-nonce",
                "--openings",
                "s.json",
            ],
            "--range cannot be used with --seed-nonce",
        ),
        (
            &["--range", "18..=130", "--values", "42,43"],
            "--range proves one value (got 2)",
        ),
        (
            &[
                "--range",
                "18..=130",
                "--curve",
                "secp256k1",
                "--domain",
                "x",
            ],
            "--domain is not available with --curve secp256k1",
        ),
        (
            &["--range", "18..=130", "--extension-degree", "2"],
            "--extension-degree is only for --protocol bp+",
        ),
    ];
    for (args, expected) in cases {
        let mut full = vec!["prove", "--out", "p.json"];
        full.extend_from_slice(args);
        if !args.contains(&"--values") {
            full.extend(["--values", "42"]);
        }
        run(d, &full).expect(2).stderr_has(expected);
        assert!(!d.join("p.json").exists(), "no proof written");
        assert!(!d.join("s.json").exists(), "no openings written");
    }
    // The help documents the flag and its syntax.
    run(d, &["prove", "--help"])
        .expect(0)
        .stdout_has("--range <A..=B>")
        .stdout_has("18..=130")
        .stdout_has("\"range\":[a,b]");
    run(d, &["verify", "--help"])
        .expect(0)
        .stdout_has("range proofs");
}

#[test]
fn tampered_ranges_and_proofs_are_invalid() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    for (curve, protocol) in KINDS {
        let good_name = format!("{curve}-{protocol}.json");
        let good = read_json(&prove_range(
            d,
            &good_name,
            (curve, protocol),
            (18, 130),
            42,
            &[],
        ));
        // Ranges of the same width (7 bits): well formed, another statement.
        let mut variants: Vec<(String, Value)> = Vec::new();
        for (tag, range) in [
            ("widen-b", [18, 131]),
            ("widen-a", [17, 130]),
            ("shift", [19, 131]),
            ("narrow", [18, 129]),
            ("shift-down", [0, 112]),
        ] {
            let mut f = good.clone();
            f["range"] = json!(range);
            variants.push((format!("{tag}-{good_name}"), f));
        }
        // Wider, with bits following: 8 bits (two 8-bit values have the proof shape
        // of two 7-bit ones), and 9 bits (another shape).
        for (tag, b, bits) in [("wide8", 255, 8), ("wide", 511, 9)] {
            let mut wide = good.clone();
            wide["range"] = json!([0, b]);
            wide["bits"] = json!(bits);
            variants.push((format!("{tag}-{good_name}"), wide));
        }
        // Another commitment.
        let other = read_json(&prove_range(
            d,
            "other.json",
            (curve, protocol),
            (18, 130),
            42,
            &[],
        ));
        let mut f = good.clone();
        f["commitments"] = other["commitments"].clone();
        variants.push((format!("commitment-{good_name}"), f));
        // A flipped bit of the last proof byte (a scalar's, or secp256k1-zkp's
        // final bytes).
        let last = proof_of(&good).len() - 1;
        variants.push((format!("flip-{good_name}"), flip_proof_bit(&good, last)));

        let mut args = vec!["verify".to_string(), good_name.clone()];
        for (name, value) in &variants {
            write_json(&d.join(name), value);
            args.push(name.clone());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut out = run(d, &args)
            .expect(1)
            .stdout_has(&format!("{good_name}: valid"));
        for (name, value) in &variants {
            out = out.stdout_has(&format!("{name}: INVALID ("));
            assert!(verify_with_library(value).is_err(), "{name}");
        }
        let out = out
            .stdout_has(&format!(
                "wide-{good_name}: INVALID (proof is {} bytes; a range proof of [0, 511] (2 \
                 values of 9 bits) needs {})",
                proof_of(&good).len(),
                expected_len(curve, protocol, 1, 9)
            ))
            .stdout_has(&format!(
                "wide8-{good_name}: INVALID (proof does not verify)"
            ));
        assert_eq!(
            out.stdout
                .lines()
                .last()
                .map(|l| l.starts_with("1 of 10 proofs valid; invalid: ")),
            Some(true),
            "{}",
            out.stdout
        );
        // A range of another width with bits unchanged disagrees with bits.
        let mut f = good.clone();
        f["range"] = json!([0, 255]);
        write_json(&d.join("disagree.json"), &f);
        run(d, &["verify", "disagree.json"]).expect(2).stderr_has(
            "disagree.json: field \"bits\": 7 disagrees with field \"range\" ([0, 255] is \
             proved in 8 bits",
        );
    }
}

#[test]
fn a_ristretto255_bp_range_file_needs_its_range() {
    use ballistic::ristretto::{CompressedRistretto, PedersenGens, RangeProof, Scalar};
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    // [100, 355]: 8 bits, a width dalek's verifier supports.
    let (a, b) = (100u64, 355u64);
    let good = read_json(&prove_range(
        d,
        "good.json",
        ("ristretto255", "bp"),
        (a, b),
        300,
        &[],
    ));
    run(d, &["verify", "good.json"]).expect(0);

    // "range" removed: a proof of one 8-bit value for V, which it is not.
    let mut f = good.clone();
    f.as_object_mut().expect("object").remove("range");
    write_json(&d.join("no-range.json"), &f);
    run(d, &["verify", "good.json", "no-range.json"])
        .expect(1)
        .stdout_has("good.json: valid")
        .stdout_has("no-range.json: INVALID (proof is 544 bytes; 1 value of 8 bits need 480)");

    // The derived commitments V − a·B and b·B − V stored as an ordinary file of two
    // 8-bit values: the proof's shape, but the range is part of its transcript.
    let pc = PedersenGens::default();
    let v = CompressedRistretto::from_slice(&commitment_of(&good))
        .expect("32 bytes")
        .decompress()
        .expect("point");
    let derived = [v - Scalar::from(a) * pc.B, Scalar::from(b) * pc.B - v].map(|p| p.compress());
    let mut f = good.clone();
    f.as_object_mut().expect("object").remove("range");
    f["commitments"] = json!(derived.map(|c| hex::encode(c.as_bytes())));
    write_json(&d.join("derived.json"), &f);
    run(d, &["verify", "derived.json"])
        .expect(1)
        .stdout_has("derived.json: INVALID (proof does not verify)");

    // The transcript binds `V`, not the derived commitments: a verifier that knows
    // nothing of ranges (the library's plain verifier) rejects the proof for the
    // derived commitments even with the range statement in its transcript.
    let proof = RangeProof::from_bytes(&proof_of(&good)).expect("proof");
    let gens = BulletproofGens::new(8, 2);
    let mut transcript = Transcript::new(b"ballistic");
    append_range_statement(&mut transcript, a, b);
    assert!(proof
        .verify_multiple(&gens, &pc, &mut transcript, &derived, 8)
        .is_err());
}

#[test]
fn malformed_range_fields_exit_2_naming_file_and_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    for (curve, protocol) in KINDS {
        let good = read_json(&prove_range(
            d,
            "good.json",
            (curve, protocol),
            (18, 130),
            42,
            &[],
        ));
        let with = |field: &str, v: Value| {
            let mut f = good.clone();
            f[field] = v;
            f
        };
        let two = json!([good["commitments"][0], good["commitments"][0]]);
        let mut cases: Vec<(&str, Value, &str)> = vec![
            (
                "short.json",
                with("range", json!([18])),
                "field \"range\": 1 entry; expected [a, b]",
            ),
            (
                "long.json",
                with("range", json!([18, 130, 140])),
                "field \"range\": 3 entries",
            ),
            (
                "empty.json",
                with("range", json!([])),
                "field \"range\": 0 entries",
            ),
            (
                "reversed.json",
                with("range", json!([131, 130])),
                "field \"range\": [131, 130] is empty: its lower bound is above its upper bound",
            ),
            (
                "float.json",
                with("range", json!([18.5, 130])),
                "field \"range[0]\": expected an integer in 0..=18446744073709551615, got 18.5",
            ),
            (
                "negative.json",
                with("range", json!([18, -130])),
                "field \"range[1]\": expected an integer",
            ),
            (
                "string.json",
                with("range", json!(["18", 130])),
                "field \"range[0]\": expected an integer",
            ),
            (
                "text.json",
                with("range", json!("18..=130")),
                "field \"range\": expected an array [a, b] of two integers, got a string",
            ),
            (
                "bits.json",
                with("bits", json!(8)),
                "field \"bits\": 8 disagrees with field \"range\"",
            ),
            (
                "two.json",
                with("commitments", two),
                "field \"commitments\": 2 entries; a range proof has one commitment",
            ),
        ];
        if protocol == "bp+" {
            cases.push((
                "min.json",
                with("min_values", json!([18])),
                "field \"min_values\": a range proof has none",
            ));
        }
        assert_malformed_beside(d, "good.json", &cases, &format!("{curve} {protocol}"));
        support::assert_null_is_absent(d, &good, &["range", "min_values", "protocol"]);
        // Bounds beyond u64 and exponents, in raw text: not integers.
        let text = serde_json::to_string(&good).expect("encode");
        for bad in ["18446744073709551616", "1e2", "130.0"] {
            let changed = text.replace("[18,130]", &format!("[18,{bad}]"));
            assert_ne!(changed, text);
            std::fs::write(d.join("raw.json"), changed).expect("write");
            run(d, &["verify", "raw.json"])
                .expect(2)
                .stderr_has("raw.json: field \"range[1]\": expected an integer");
        }
        // rewind refuses range files.
        run(d, &["rewind", "good.json", "--nonce", &"00".repeat(32)])
            .expect(2)
            .stderr_has("good.json: a range proof of [18, 130]; rewinding is not supported");
    }
}

#[test]
fn a_directory_of_bp_bp_plus_and_range_files_is_verified_together() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    run(
        d,
        &[
            "prove",
            "--bits",
            "32",
            "--values",
            "7,8,9",
            "--out",
            "a-bp.json",
        ],
    )
    .expect(0);
    run(
        d,
        &[
            "prove",
            "--curve",
            "secp256k1",
            "--values",
            "5,6",
            "--out",
            "b-bp-k1.json",
        ],
    )
    .expect(0);
    run(
        d,
        &[
            "prove",
            "--protocol",
            "bp+",
            "--bits",
            "16",
            "--values",
            "1,2,3",
            "--out",
            "c-plus.json",
        ],
    )
    .expect(0);
    run(
        d,
        &[
            "prove",
            "--protocol",
            "bp+",
            "--curve",
            "secp256k1",
            "--values",
            "11",
            "--min-values",
            "3",
            "--out",
            "d-plus-k1.json",
        ],
    )
    .expect(0);
    let ranges = [
        ((18, 130), 42),
        ((0, u64::MAX), u64::MAX),
        ((7, 7), 7),
        ((1 << 40, (1 << 41) - 1), 1 << 40),
    ];
    for (i, (curve, protocol)) in KINDS.iter().enumerate() {
        let (range, v) = ranges[i];
        let name = format!("r{i}-{curve}-{protocol}.json");
        prove_range(d, &name, (curve, protocol), range, v, &[]);
    }
    let listing = |d: &Path| {
        let mut names: Vec<String> = std::fs::read_dir(d)
            .expect("read dir")
            .map(|e| e.expect("entry").file_name().into_string().expect("utf-8"))
            .collect();
        names.sort();
        names
    };
    let names = listing(d);
    assert_eq!(names.len(), 8);
    let out = verify_all_valid(d, &names);
    assert_eq!(out.stdout.matches(", range [").count(), 4, "{}", out.stdout);

    // A tampered range file and a tampered batch file among them: both named, the
    // others valid; then a malformed range file wins the exit status.
    let mut f = read_json(&d.join("r1-ristretto255-bp+.json"));
    f["range"] = json!([1, u64::MAX]);
    write_json(&d.join("x-range.json"), &f);
    let f = read_json(&d.join("a-bp.json"));
    write_json(
        &d.join("y-bp.json"),
        &flip_proof_bit(&f, proof_of(&f).len() - 1),
    );
    let names = listing(d);
    let mut args = vec!["verify"];
    args.extend(names.iter().map(String::as_str));
    let out = run(d, &args).expect(1);
    assert_eq!(
        out.stdout.lines().last(),
        Some("8 of 10 proofs valid; invalid: x-range.json, y-bp.json")
    );
    let mut f = read_json(&d.join("r2-secp256k1-bp.json"));
    f["range"] = json!([8, 7]);
    write_json(&d.join("z-malformed.json"), &f);
    let names = listing(d);
    let mut args = vec!["verify"];
    args.extend(names.iter().map(String::as_str));
    let out = run(d, &args).expect(2);
    assert_eq!(
        out.stdout.lines().last(),
        Some("8 of 11 proofs valid; invalid: x-range.json, y-bp.json; malformed: z-malformed.json")
    );
}
