//! End-to-end tests of Bulletproofs+ in the `ballistic` binary (`prove --protocol
//! bp+`, mixed `verify`, `rewind`): every test runs the built executable in a fresh
//! temporary directory and checks exit statuses, outputs and files, and checks the
//! files against the library.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens};
use ballistic::merlin::Transcript;
use serde_json::{json, Value};
use support::{
    assert_malformed_beside, expected_plus_len, flip_proof_bit, join, proof_of, read_json, run,
    run_with_stdin, sorted_keys, verify_all_valid, write_json,
};

/// Runs `prove --protocol bp+ --curve curve --bits bits --values values` with
/// `extra` arguments into `dir/name`; returns the path.
fn prove_plus(
    dir: &Path,
    name: &str,
    curve: &str,
    bits: usize,
    values: &[u64],
    extra: &[&str],
) -> PathBuf {
    let (bits, values) = (bits.to_string(), join(values));
    let mut args = vec![
        "prove",
        "--protocol",
        "bp+",
        "--curve",
        curve,
        "--bits",
        &bits,
        "--values",
        &values,
        "--out",
        name,
    ];
    args.extend_from_slice(extra);
    let out = run(dir, &args).expect(0);
    assert!(
        out.stderr.contains(&format!("wrote {name}:"))
            && out
                .stderr
                .contains(&format!("on {curve} (bp+, extension degree")),
        "{}",
        out.stderr
    );
    dir.join(name)
}

/// The index of the lowest byte of the first `d1` scalar (little-endian on
/// ristretto255, big-endian on secp256k1): flipping its low bit keeps the proof
/// canonical, so that it parses and must fail verification.
fn low_d1_byte(curve: &str) -> usize {
    if curve == "secp256k1" {
        32
    } else {
        1
    }
}

/// The Bulletproofs+ bases of `curve` with `t` masks, as the library builds them.
fn bases<C: Curve>(curve: &str, t: usize) -> ExtendedPedersenGens<C>
where
    ExtendedPedersenGens<C>: FromBases,
{
    <ExtendedPedersenGens<C> as FromBases>::bases(curve, t)
}

/// Picks the library's `bp_plus::pedersen_gens` of a curve.
trait FromBases: Sized {
    fn bases(curve: &str, t: usize) -> Self;
}

impl FromBases for ExtendedPedersenGens<Ristretto> {
    fn bases(curve: &str, t: usize) -> Self {
        assert_eq!(curve, "ristretto255");
        ballistic::ristretto::bp_plus::pedersen_gens(t).expect("degree")
    }
}

impl FromBases for ExtendedPedersenGens<Secp256k1> {
    fn bases(curve: &str, t: usize) -> Self {
        assert_eq!(curve, "secp256k1");
        ballistic::secp256k1::bp_plus::pedersen_gens(t).expect("degree")
    }
}

/// The scalar of a hex mask or seed in `curve`'s encoding.
fn scalar<C: Curve>(hex_text: &str) -> C::ApiScalar {
    let bytes = hex::decode(hex_text).expect("hex");
    assert_eq!(bytes.len(), 32, "{hex_text}");
    C::scalar_to_api(&C::scalar_from_canonical_bytes(&bytes).expect("canonical scalar"))
}

/// Checks that every opening of a Bulletproofs+ openings file opens its commitment
/// with the library's bases of the file's extension degree.
fn assert_masks_open<C: Curve>(curve: &str, openings: &Value, proof: &Value, values: &[u64])
where
    ExtendedPedersenGens<C>: FromBases,
{
    let t = openings["extension_degree"].as_u64().expect("degree") as usize;
    let pc = bases::<C>(curve, t);
    let list = openings["openings"].as_array().expect("openings");
    assert_eq!(list.len(), values.len());
    for (j, (o, &v)) in list.iter().zip(values).enumerate() {
        assert!(o.get("blinding").is_none(), "{o}");
        assert_eq!(o["value"], v);
        assert_eq!(o["commitment"], proof["commitments"][j]);
        let masks: Vec<C::ApiScalar> = o["masks"]
            .as_array()
            .expect("masks")
            .iter()
            .map(|m| scalar::<C>(m.as_str().expect("hex")))
            .collect();
        assert_eq!(masks.len(), t);
        let point = pc
            .commit(C::scalar_to_api(&C::scalar_from_u64(v)), &masks)
            .expect("commit");
        let encoding = C::encode(&C::point_from_api(&point));
        assert_eq!(
            hex::encode(C::encoding_bytes(&encoding)),
            proof["commitments"][j].as_str().expect("hex"),
            "opening {j}"
        );
    }
}

/// One Bulletproofs+ round-trip case: curve, bits, values, extension degree,
/// minimum values.
type Case = (
    &'static str,
    usize,
    &'static [u64],
    usize,
    Option<&'static [u64]>,
);

#[test]
fn bp_plus_round_trips_on_both_curves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let big_min = (1u64 << 53) + 1;
    let cases: &[Case] = &[
        ("ristretto255", 64, &[5, 6], 1, None),
        ("ristretto255", 64, &[u64::MAX], 2, Some(&[(1 << 53) + 1])),
        ("ristretto255", 7, &[127, 0, 5], 3, Some(&[0, 0, 2])),
        ("ristretto255", 1, &[1], 6, None),
        ("secp256k1", 64, &[42], 1, None),
        ("secp256k1", 10, &[5, 6, 7], 2, Some(&[1, 0, 3])),
        ("secp256k1", 33, &[1, 2, 3, 4, 5], 1, None),
        (
            "secp256k1",
            64,
            &[u64::MAX, 9],
            4,
            Some(&[(1 << 53) + 1, 0]),
        ),
    ];
    for (i, &(curve, bits, values, t, min_values)) in cases.iter().enumerate() {
        let name = format!("plus{i}.json");
        let secrets = format!("secrets{i}.json");
        let (t_arg, min_arg) = (t.to_string(), min_values.map(join).unwrap_or_default());
        let mut extra = vec!["--extension-degree", &t_arg, "--openings", &secrets];
        if min_values.is_some() {
            extra.extend(["--min-values", &min_arg]);
        }
        let path = prove_plus(dir.path(), &name, curve, bits, values, &extra);

        let text = fs::read_to_string(&path).expect("proof file");
        let file: Value = serde_json::from_str(&text).expect("json");
        let keys = sorted_keys(&file);
        let mut expected_keys = vec![
            "bits",
            "commitments",
            "curve",
            "domain",
            "extension_degree",
            "proof",
            "protocol",
        ];
        if min_values.is_some() {
            expected_keys.insert(5, "min_values");
        }
        assert_eq!(keys, expected_keys, "{name}");
        assert!(
            text.starts_with(&format!(
                "{{\"curve\":\"{curve}\",\"protocol\":\"bp+\",\"bits\":{bits},\"extension_degree\":{t}"
            )),
            "{text}"
        );
        assert_eq!(file["domain"], "ballistic");
        if let Some(min) = min_values {
            // JSON integers, exact beyond 2^53 (the text holds the digits).
            assert_eq!(file["min_values"], json!(min));
            if min.contains(&big_min) {
                assert!(text.contains(&big_min.to_string()), "{text}");
            }
        }
        let commitment_hex = if curve == "secp256k1" { 66 } else { 64 };
        for c in file["commitments"].as_array().expect("array") {
            assert_eq!(c.as_str().expect("hex").len(), commitment_hex);
        }
        let len = expected_plus_len(curve, t, bits, values.len());
        let proof = proof_of(&file);
        assert_eq!(proof.len(), len, "{name}");
        assert_eq!(usize::from(proof[0]), t, "degree byte");

        let openings = read_json(&dir.path().join(&secrets));
        assert_eq!(openings["protocol"], "bp+");
        assert_eq!(openings["extension_degree"], t);
        assert!(openings.get("seed_nonce").is_none());
        assert!(openings.get("nonce").is_none());
        match curve {
            "ristretto255" => assert_masks_open::<Ristretto>(curve, &openings, &file, values),
            _ => assert_masks_open::<Secp256k1>(curve, &openings, &file, values),
        }

        let out = run(dir.path(), &["verify", &name]).expect(0);
        let plural = if values.len() == 1 { "value" } else { "values" };
        let min_note = if min_values.is_some() {
            ", with minimum values"
        } else {
            ""
        };
        assert!(
            out.stdout.contains(&format!(
                "{name}: valid ({curve}, bp+, {bits} bits, {} {plural}, extension degree \
                 {t}{min_note}, {len} bytes)",
                values.len()
            )),
            "{}",
            out.stdout
        );
    }
    // Tari's size for one 64-bit value at the default degree, and secp256k1's.
    assert_eq!(expected_plus_len("ristretto255", 1, 64, 1), 577);
    assert_eq!(expected_plus_len("secp256k1", 1, 64, 1), 592);

    // All-zero minimum values are not written; a custom domain is.
    let path = prove_plus(
        dir.path(),
        "zeros.json",
        "secp256k1",
        8,
        &[1, 2],
        &["--min-values", "0,0", "--domain", "my app"],
    );
    let file = read_json(&path);
    assert!(file.get("min_values").is_none(), "{file}");
    assert_eq!(file["domain"], "my app");
    run(dir.path(), &["verify", "zeros.json"]).expect(0);
}

#[test]
fn mixed_bp_and_bp_plus_files_are_batch_verified_and_a_tampered_one_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    run(
        d,
        &[
            "prove", "--bits", "48", "--values", "7,8,9", "--out", "r.json",
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
            "5",
            "--out",
            "k.json",
        ],
    )
    .expect(0);
    let rp = read_json(&prove_plus(d, "rp.json", "ristretto255", 64, &[5, 6], &[]));
    prove_plus(
        d,
        "rp2.json",
        "ristretto255",
        12,
        &[100, 4000, 7],
        &["--extension-degree", "3", "--min-values", "90,0,0"],
    );
    let kp = read_json(&prove_plus(d, "kp.json", "secp256k1", 64, &[11], &[]));
    prove_plus(
        d,
        "kp2.json",
        "secp256k1",
        5,
        &[40, 1, 2],
        &["--extension-degree", "2", "--min-values", "20,0,1"],
    );
    let files = [
        "r.json", "rp.json", "k.json", "kp.json", "rp2.json", "kp2.json",
    ];
    verify_all_valid(d, &files);

    // One tampered bp+ file among valid files of both protocols and curves, on each
    // curve: exit 1, named.
    for (curve, good) in [("ristretto255", &rp), ("secp256k1", &kp)] {
        let bad = format!("bad-{curve}.json");
        write_json(&d.join(&bad), &flip_proof_bit(good, low_d1_byte(curve)));
        let mut args = vec!["verify", "r.json", "rp.json", &bad, "k.json", "kp.json"];
        args.push("rp2.json");
        let out = run(d, &args).expect(1);
        assert!(
            out.stdout
                .contains(&format!("{bad}: INVALID (proof does not verify)")),
            "{}",
            out.stdout
        );
        assert_eq!(
            out.stdout.lines().last(),
            Some(format!("5 of 6 proofs valid; invalid: {bad}").as_str())
        );
    }

    // The statement binds the minimum values, the domain and the commitments' order.
    let rp2 = read_json(&d.join("rp2.json"));
    let kp2 = read_json(&d.join("kp2.json"));
    let mut variants: Vec<(&str, Value)> = Vec::new();
    let mut f = rp2.clone();
    f["min_values"] = json!([91, 0, 0]);
    variants.push(("min-changed.json", f));
    let mut f = kp2.clone();
    f.as_object_mut().expect("object").remove("min_values");
    variants.push(("min-dropped.json", f));
    let mut f = rp.clone();
    f["domain"] = json!("another app");
    variants.push(("domain.json", f));
    let mut f = kp.clone();
    f["domain"] = json!("another app");
    variants.push(("kdomain.json", f));
    let mut f = rp.clone();
    f["commitments"] = json!([rp["commitments"][1], rp["commitments"][0]]);
    variants.push(("swapped.json", f));
    for (name, value) in &variants {
        write_json(&d.join(name), value);
        let out = run(d, &["verify", "rp.json", name, "kp.json"]).expect(1);
        assert!(
            out.stdout
                .contains(&format!("{name}: INVALID (proof does not verify)")),
            "{}",
            out.stdout
        );
        assert!(out.stdout.contains("rp.json: valid"), "{}", out.stdout);
    }

    // Another bit width: the proof's length belongs to another shape.
    let mut f = rp.clone();
    f["bits"] = json!(32);
    write_json(&d.join("bits.json"), &f);
    let out = run(d, &["verify", "bits.json"]).expect(1);
    assert!(
        out.stdout
            .contains("bits.json: INVALID (proof is 641 bytes; 2 values of 32 bits need 577)"),
        "{}",
        out.stdout
    );
    // A bp+ file read as bp (protocol dropped with its fields): another statement.
    let mut f = rp.clone();
    let obj = f.as_object_mut().expect("object");
    obj.remove("protocol");
    obj.remove("extension_degree");
    write_json(&d.join("as-bp.json"), &f);
    let out = run(d, &["verify", "as-bp.json"]).expect(2);
    assert!(
        out.stderr
            .contains("as-bp.json: field \"proof\": 641 bytes is not a proof length"),
        "{}",
        out.stderr
    );
}

#[test]
fn malformed_bp_plus_files_exit_2_naming_file_and_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    for curve in ["ristretto255", "secp256k1"] {
        let good = read_json(&prove_plus(
            d,
            "good.json",
            curve,
            8,
            &[10, 20],
            &["--extension-degree", "2", "--min-values", "1,2"],
        ));
        let with = |field: &str, v: Value| {
            let mut f = good.clone();
            f[field] = v;
            f
        };
        let without = |field: &str| {
            let mut f = good.clone();
            f.as_object_mut().expect("object").remove(field);
            f
        };
        let mut cases: Vec<(&str, Value, String)> = vec![
            (
                "protocol.json",
                with("protocol", json!("bp3")),
                "field \"protocol\": unsupported protocol \"bp3\" (supported: bp, bp+)".into(),
            ),
            (
                "unknown.json",
                with("seed_nonce", json!("00")),
                "unknown field `seed_nonce`".into(),
            ),
            (
                "degree0.json",
                with("extension_degree", json!(0)),
                "field \"extension_degree\": expected an integer in 1..=6".into(),
            ),
            (
                "degree7.json",
                with("extension_degree", json!(7)),
                "field \"extension_degree\": expected an integer in 1..=6 (the number of mask \
                 bases), got 7"
                    .into(),
            ),
            (
                "degreestring.json",
                with("extension_degree", json!("2")),
                "field \"extension_degree\": expected an integer in 1..=6".into(),
            ),
            (
                "nodegree.json",
                without("extension_degree"),
                "field \"extension_degree\": expected an integer in 1..=6 (the number of mask \
                 bases), got nothing"
                    .into(),
            ),
            (
                "degreebyte.json",
                with("extension_degree", json!(1)),
                "field \"proof\": its extension degree byte is 2, which disagrees with field \
                 \"extension_degree\" (1)"
                    .into(),
            ),
            (
                "minshort.json",
                with("min_values", json!([1])),
                "field \"min_values\": 1 entry for 2 commitments".into(),
            ),
            (
                "minlong.json",
                with("min_values", json!([1, 2, 3])),
                "field \"min_values\": 3 entries for 2 commitments".into(),
            ),
            (
                "minbig.json",
                with("min_values", json!([1, 256])),
                "field \"min_values[1]\": 256 is not below 2^8".into(),
            ),
            (
                "minfloat.json",
                with("min_values", json!([1.5, 2])),
                "field \"min_values[0]\": expected an integer in 0..2^8, got 1.5".into(),
            ),
            (
                "minnegative.json",
                with("min_values", json!([1, -2])),
                "field \"min_values[1]\": expected an integer in 0..2^8, got -2".into(),
            ),
            (
                "minstring.json",
                with("min_values", json!(["1", 2])),
                "field \"min_values[0]\": expected an integer".into(),
            ),
            (
                "nodomain.json",
                without("domain"),
                "field \"domain\": missing".into(),
            ),
            (
                "extra.json",
                with("extra_commit", json!("00")),
                "field \"extra_commit\"".into(),
            ),
        ];
        // The degree byte itself disagreeing with the field.
        let mut bytes = proof_of(&good);
        bytes[0] = 3;
        cases.push((
            "byte.json",
            with("proof", json!(hex::encode(&bytes))),
            "field \"proof\": its extension degree byte is 3, which disagrees with field \
             \"extension_degree\" (2)"
                .into(),
        ));
        bytes[0] = 2;
        bytes.pop();
        cases.push((
            "prooflen.json",
            with("proof", json!(hex::encode(&bytes))),
            format!(
                "field \"proof\": {} bytes is not a bp+ proof length for extension degree 2",
                bytes.len()
            ),
        ));
        assert_malformed_beside(d, "good.json", &cases, curve);
        support::assert_null_is_absent(
            d,
            &good,
            &[
                "protocol",
                "min_values",
                "range",
                "extra_commit",
                "extension_degree",
            ],
        );
        // A duplicate field, in raw text.
        let text = serde_json::to_string(&good).expect("encode");
        let dup = text.replacen("{", "{\"extension_degree\":2,", 1);
        fs::write(d.join("dup.json"), dup).expect("write");
        let out = run(d, &["verify", "dup.json"]).expect(2);
        assert!(
            out.stderr
                .contains("dup.json: duplicate field `extension_degree`"),
            "{}",
            out.stderr
        );
    }
    // bp files refuse the bp+ fields.
    run(d, &["prove", "--values", "1", "--out", "bp.json"]).expect(0);
    let bp = read_json(&d.join("bp.json"));
    for (name, field, value, expected) in [
        (
            "bpdegree.json",
            "extension_degree",
            json!(1),
            "field \"extension_degree\": only bp+ proofs have one",
        ),
        (
            "bpmin.json",
            "min_values",
            json!([0]),
            "field \"min_values\": only bp+ proofs have minimum values",
        ),
    ] {
        let mut f = bp.clone();
        f[field] = value;
        write_json(&d.join(name), &f);
        let out = run(d, &["verify", name]).expect(2);
        assert!(
            out.stderr.contains(&format!("{name}: {expected}")),
            "{}",
            out.stderr
        );
    }
}

#[test]
fn bp_plus_prove_rejects_bad_flags_with_exit_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cases: &[(&[&str], &str)] = &[
        (
            &["--values", "1", "--extension-degree", "2"],
            "--extension-degree is only for --protocol bp+",
        ),
        (
            &["--values", "1", "--min-values", "0"],
            "--min-values is only for --protocol bp+",
        ),
        (
            &["--values", "1", "--seed-nonce"],
            "--seed-nonce is only for --protocol bp+",
        ),
        (
            &["--protocol", "bp3", "--values", "1"],
            "unsupported protocol \"bp3\"",
        ),
        (
            &[
                "--protocol",
                "bp+",
                "--values",
                "1",
                "--extension-degree",
                "7",
            ],
            "--extension-degree",
        ),
        (
            &[
                "--protocol",
                "bp+",
                "--values",
                "1",
                "--extension-degree",
                "0",
            ],
            "--extension-degree",
        ),
        (
            &["--protocol", "bp+", "--values", "1,2", "--min-values", "1"],
            "--min-values has 1 entry for 2 values",
        ),
        (
            &["--protocol", "bp+", "--values", "5", "--min-values", "6"],
            "value 5 (values[0]) is below its minimum value 6",
        ),
        (
            &[
                "--protocol",
                "bp+",
                "--bits",
                "8",
                "--values",
                "300",
                "--min-values",
                "44",
            ],
            "value 300 (values[0]) is not below its minimum value 44 + 2^8",
        ),
        (
            &[
                "--protocol",
                "bp+",
                "--bits",
                "8",
                "--values",
                "300",
                "--min-values",
                "256",
            ],
            "minimum value 256 (min-values[0]) does not fit in 8 bits",
        ),
        (
            &["--protocol", "bp+", "--bits", "8", "--values", "256"],
            "value 256 (values[0]) does not fit in 8 bits",
        ),
        (
            &[
                "--protocol",
                "bp+",
                "--values",
                "1,2",
                "--seed-nonce",
                "--openings",
                "s.json",
            ],
            "--seed-nonce needs exactly one value (got 2)",
        ),
        (
            &["--protocol", "bp+", "--values", "1", "--seed-nonce"],
            "--seed-nonce needs --openings FILE",
        ),
        (
            &[
                "--protocol",
                "bp+",
                "--curve",
                "secp256k1",
                "--values",
                "1",
                "--extra-commit",
                "00",
            ],
            "--extra-commit is only for --curve secp256k1 with --protocol bp",
        ),
    ];
    for (args, expected) in cases {
        let mut full = vec!["prove", "--out", "p.json"];
        full.extend_from_slice(args);
        let out = run(dir.path(), &full).expect(2);
        assert!(
            out.stderr.contains(expected),
            "{args:?}: expected {expected:?} in:\n{}",
            out.stderr
        );
        assert!(!dir.path().join("p.json").exists(), "no proof written");
        assert!(!dir.path().join("s.json").exists(), "no openings written");
    }
}

#[test]
fn rewind_a_ristretto255_rewindable_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    let args = [
        "prove",
        "--bits",
        "40",
        "--values",
        "777",
        "--domain",
        "wallet",
        "--rewindable",
        "--out",
        "r.json",
        "--openings",
        "rs.json",
    ];
    run(d, &args).expect(0);
    run(d, &["verify", "r.json"]).expect(0);
    let openings = read_json(&d.join("rs.json"));
    let nonce = openings["nonce"].as_str().expect("nonce").to_string();
    let blinding = openings["openings"][0]["blinding"].as_str().expect("hex");
    let out = run(d, &["rewind", "r.json", "--nonce", &nonce]).expect(0);
    assert_eq!(
        out.stdout,
        format!(
            "r.json: rewound (ristretto255, 40 bits, 1 value)\nvalue: 777\nblinding: \
             {blinding}\nmessage: {}\n",
            "00".repeat(20)
        )
    );
    let other = if nonce.starts_with('0') { "1" } else { "0" };
    let wrong = format!("{other}{}", &nonce[1..]);
    let out = run(d, &["rewind", "r.json", "--nonce", &wrong]).expect(1);
    assert!(out.stdout.contains("r.json: NOT REWOUND"), "{}", out.stdout);
    // An ordinary ristretto255 proof does not rewind; --rewindable needs one value,
    // --openings and ristretto255 bp.
    run(d, &["prove", "--values", "3", "--out", "p.json"]).expect(0);
    run(d, &["rewind", "p.json", "--nonce", &nonce]).expect(1);
    for bad in [
        &[
            "prove",
            "--values",
            "1,2",
            "--rewindable",
            "--openings",
            "x.json",
        ][..],
        &["prove", "--values", "1", "--rewindable"][..],
        &[
            "prove",
            "--curve",
            "secp256k1",
            "--values",
            "1",
            "--rewindable",
            "--openings",
            "x.json",
        ][..],
        &[
            "prove",
            "--protocol",
            "bp+",
            "--values",
            "1",
            "--rewindable",
            "--openings",
            "x.json",
        ][..],
    ] {
        let out = run(d, bad).expect(2);
        assert!(out.stderr.contains("--rewindable"), "{}", out.stderr);
    }
}

#[test]
fn rewind_a_secp256k1_file_recovers_value_blinding_and_message() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    for (i, extra) in [None, Some("6b65726e656c")].into_iter().enumerate() {
        let (name, secrets) = (format!("k{i}.json"), format!("s{i}.json"));
        let mut args = vec![
            "prove",
            "--curve",
            "secp256k1",
            "--bits",
            "32",
            "--values",
            "1037",
            "--out",
            &name,
            "--openings",
            &secrets,
        ];
        if let Some(hex) = extra {
            args.extend(["--extra-commit", hex]);
        }
        run(d, &args).expect(0);
        let openings = read_json(&d.join(&secrets));
        let nonce = openings["nonce"].as_str().expect("nonce");
        let blinding = openings["openings"][0]["blinding"].as_str().expect("hex");
        let out = run(d, &["rewind", &name, "--nonce", nonce]).expect(0);
        let expected = format!(
            "{name}: rewound (secp256k1, 32 bits, 1 value)\nvalue: 1037\nblinding: \
             {blinding}\nmessage: {}\n",
            "00".repeat(20)
        );
        assert_eq!(out.stdout, expected);
        // The argument puts the secret in the process list: a warning says so.
        assert!(
            out.stderr
                .contains("warning: --nonce puts a secret on the command line"),
            "{}",
            out.stderr
        );
        // From a file (white space around the hex ignored) or standard input: the
        // same opening, no warning.
        std::fs::write(d.join("nonce.hex"), format!("  {nonce}\n")).expect("write");
        let out = run(d, &["rewind", &name, "--nonce-file", "nonce.hex"]).expect(0);
        assert_eq!(out.stdout, expected);
        assert!(!out.stderr.contains("warning"), "{}", out.stderr);
        let out = run_with_stdin(
            d,
            &["rewind", &name, "--nonce-file", "-"],
            Some(nonce.as_bytes()),
        )
        .expect(0);
        assert_eq!(out.stdout, expected);
        run_with_stdin(d, &["rewind", "-", "--nonce-file", "-"], Some(b"{}"))
            .expect(2)
            .stderr_has("both read standard input");
        run(
            d,
            &[
                "rewind",
                &name,
                "--nonce-file",
                "nonce.hex",
                "--nonce",
                nonce,
            ],
        )
        .expect(2);

        // Another nonce does not rewind it.
        let other = if nonce.starts_with('0') { "1" } else { "0" };
        let wrong = format!("{other}{}", &nonce[1..]);
        let out = run(d, &["rewind", &name, "--nonce", &wrong]).expect(1);
        assert!(
            out.stdout
                .contains(&format!("{name}: NOT REWOUND (the nonce does not rewind")),
            "{}",
            out.stdout
        );
        assert!(!out.stdout.contains("1037"), "{}", out.stdout);
    }
    // Without its extra commitment the proof is another statement.
    let mut f = read_json(&d.join("k1.json"));
    f.as_object_mut().expect("object").remove("extra_commit");
    write_json(&d.join("noextra.json"), &f);
    let nonce = read_json(&d.join("s1.json"))["nonce"]
        .as_str()
        .expect("nonce")
        .to_string();
    run(d, &["rewind", "noextra.json", "--nonce", &nonce]).expect(1);

    // Unsupported files and bad nonces: exit 2.
    run(
        d,
        &[
            "prove",
            "--curve",
            "secp256k1",
            "--values",
            "1,2",
            "--out",
            "two.json",
        ],
    )
    .expect(0);
    run(d, &["prove", "--values", "3", "--out", "r.json"]).expect(0);
    let cases: &[(&[&str], &str)] = &[
        (
            &["two.json", "--nonce", &nonce],
            "two.json: a proof of 2 values; rewinding needs a proof of exactly one value",
        ),
        (
            &["k0.json", "--nonce", "abcd"],
            "--nonce: not 32 bytes of hex (got 2 bytes)",
        ),
        (&["k0.json", "--nonce", "xyz"], "--nonce: not hex"),
        (
            &["k0.json", "--nonce", &nonce, "--value", "1037"],
            "--value is only for bp+ files",
        ),
        (
            &["missing.json", "--nonce", &nonce],
            "missing.json: cannot open",
        ),
        (&["k0.json"], "--nonce"),
    ];
    for (args, expected) in cases {
        let mut full = vec!["rewind"];
        full.extend_from_slice(args);
        let out = run(d, &full).expect(2);
        assert!(
            out.stderr.contains(expected),
            "{args:?}: expected {expected:?} in:\n{}",
            out.stderr
        );
    }
}

/// Proves one value with `--seed-nonce` into `name` (secrets in `secrets`); returns
/// the proof file and the openings file.
fn prove_seeded(
    dir: &Path,
    name: &str,
    secrets: &str,
    curve: &str,
    extra: &[&str],
) -> (Value, Value) {
    let mut args = vec!["--seed-nonce", "--openings", secrets];
    args.extend_from_slice(extra);
    let file = read_json(&prove_plus(dir, name, curve, 64, &[123_456], &args));
    let openings = read_json(&dir.join(secrets));
    (file, openings)
}

#[test]
fn rewind_a_bp_plus_seed_file_recovers_the_masks() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    for curve in ["ristretto255", "secp256k1"] {
        let name = format!("{curve}.json");
        let (file, openings) = prove_seeded(
            d,
            &name,
            &format!("{curve}-secrets.json"),
            curve,
            &["--extension-degree", "3", "--min-values", "100000"],
        );
        let seed = openings["seed_nonce"].as_str().expect("seed").to_string();
        assert_eq!(seed.len(), 64);
        assert!(openings.get("nonce").is_none());
        assert!(
            !fs::read_to_string(d.join(&name))
                .expect("proof")
                .contains(&seed),
            "the seed stays out of the proof file"
        );
        let masks: Vec<&str> = openings["openings"][0]["masks"]
            .as_array()
            .expect("masks")
            .iter()
            .map(|m| m.as_str().expect("hex"))
            .collect();
        assert_eq!(masks.len(), 3);

        let out = run(d, &["rewind", &name, "--nonce", &seed]).expect(0);
        let mut expected = format!(
            "{name}: valid, masks recovered ({curve}, bp+, 64 bits, 1 value, extension degree 3)\n"
        );
        for (k, m) in masks.iter().enumerate() {
            expected.push_str(&format!("mask[{k}]: {m}\n"));
        }
        assert!(out.stdout.starts_with(&expected), "{}", out.stdout);
        assert!(
            out.stdout
                .contains("value: not recoverable from a Bulletproofs+ proof"),
            "{}",
            out.stdout
        );
        // With the value, the masks are checked against the commitment.
        let out = run(d, &["rewind", &name, "--nonce", &seed, "--value", "123456"]).expect(0);
        assert!(out.stdout.contains("value: 123456"), "{}", out.stdout);
        let out = run(d, &["rewind", &name, "--nonce", &seed, "--value", "123457"]).expect(1);
        assert!(
            out.stdout.contains(&format!("{name}: NOT REWOUND")),
            "{}",
            out.stdout
        );

        // Another seed (the one of another proof) gives other masks, which do not
        // open the commitment.
        let (_, other) = prove_seeded(d, "other.json", "other-secrets.json", curve, &[]);
        let other_seed = other["seed_nonce"].as_str().expect("seed");
        let out = run(d, &["rewind", &name, "--nonce", other_seed]).expect(0);
        for m in &masks {
            assert!(!out.stdout.contains(m), "{}", out.stdout);
        }
        run(
            d,
            &["rewind", &name, "--nonce", other_seed, "--value", "123456"],
        )
        .expect(1);

        // A tampered proof does not verify: exit 1, no masks.
        write_json(
            &d.join("bad.json"),
            &flip_proof_bit(&file, low_d1_byte(curve)),
        );
        let out = run(d, &["rewind", "bad.json", "--nonce", &seed]).expect(1);
        assert_eq!(out.stdout, "bad.json: INVALID (proof does not verify)\n");
        // Another minimum value is another statement.
        let mut f = file.clone();
        f["min_values"] = json!([99_999]);
        write_json(&d.join("min.json"), &f);
        run(d, &["rewind", "min.json", "--nonce", &seed]).expect(1);

        // A seed that is not a canonical scalar, and a bp+ proof of two values.
        let out = run(d, &["rewind", &name, "--nonce", &"ff".repeat(32)]).expect(2);
        assert!(
            out.stderr
                .contains(&format!("--nonce: not a canonical {curve} scalar")),
            "{}",
            out.stderr
        );
        prove_plus(d, "two.json", curve, 8, &[1, 2], &[]);
        let out = run(d, &["rewind", "two.json", "--nonce", &seed]).expect(2);
        assert!(
            out.stderr
                .contains("rewinding needs a proof of exactly one value"),
            "{}",
            out.stderr
        );
    }
}

/// Verifies a Bulletproofs+ proof file with the library alone, from the file's
/// fields: `BulletproofGens::new(bits, m)`, the curve's `pedersen_gens(t)`,
/// `Transcript::new(domain)`, the commitments and minimum values.
fn verify_with_library<C: Curve>(file: &Value) -> Result<(), ballistic::ProofError>
where
    ExtendedPedersenGens<C>: FromBases,
{
    let curve = file["curve"].as_str().expect("curve");
    let bits = file["bits"].as_u64().expect("bits") as usize;
    let t = file["extension_degree"].as_u64().expect("degree") as usize;
    let commitments: Vec<C::Encoding> = file["commitments"]
        .as_array()
        .expect("commitments")
        .iter()
        .map(|c| {
            C::encoding_from_bytes(&hex::decode(c.as_str().expect("hex")).expect("hex"))
                .expect("encoding")
        })
        .collect();
    let min_values: Vec<u64> = file
        .get("min_values")
        .map(|v| {
            v.as_array()
                .expect("array")
                .iter()
                .map(|o| o.as_u64().expect("u64"))
                .collect()
        })
        .unwrap_or_default();
    let domain = file["domain"].as_str().expect("domain").to_string();
    let label: &'static [u8] = Box::leak(domain.into_boxed_str()).as_bytes();
    let proof = ballistic::bp_plus::RangeProofPlus::<C>::from_bytes(&proof_of(file))?;
    proof.verify(
        &BulletproofGens::<C>::new(bits, commitments.len()),
        &bases::<C>(curve, t),
        &mut Transcript::new(label),
        &commitments,
        &min_values,
        bits,
        &mut rand::thread_rng(),
    )
}

#[test]
fn a_bp_plus_file_verifies_with_the_library_from_its_fields_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    // Tari's shapes (n in {8, 16, 32, 64}, m a power of two) and a padded one.
    let shapes: &[(usize, &[u64], &[&str])] = &[
        (64, &[5], &[]),
        (
            32,
            &[7, 4_000_000_000],
            &["--extension-degree", "2", "--min-values", "6,0"],
        ),
        (
            8,
            &[1, 2, 3, 4],
            &["--domain", "Tari test", "--extension-degree", "6"],
        ),
        (20, &[9, 10, 11], &["--min-values", "1,2,3"]),
    ];
    for (i, &(bits, values, extra)) in shapes.iter().enumerate() {
        for curve in ["ristretto255", "secp256k1"] {
            let name = format!("{curve}{i}.json");
            let file = read_json(&prove_plus(d, &name, curve, bits, values, extra));
            let verified = match curve {
                "ristretto255" => verify_with_library::<Ristretto>(&file),
                _ => verify_with_library::<Secp256k1>(&file),
            };
            assert_eq!(verified, Ok(()), "{name}");
            // The check can fail: another domain label is another statement.
            let mut other = file.clone();
            other["domain"] = json!("another label");
            let verified = match curve {
                "ristretto255" => verify_with_library::<Ristretto>(&other),
                _ => verify_with_library::<Secp256k1>(&other),
            };
            assert_eq!(verified, Err(ballistic::ProofError::VerificationError));
        }
    }
}

#[test]
fn help_describes_bp_plus_and_rewind() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(dir.path(), &["prove", "--help"]).expect(0);
    for text in [
        "--protocol",
        "bp+",
        "--extension-degree",
        "--min-values",
        "--seed-nonce",
        "Tari",
    ] {
        assert!(out.stdout.contains(text), "{text}:\n{}", out.stdout);
    }
    let out = run(dir.path(), &["rewind", "--help"]).expect(0);
    for text in [
        "--nonce",
        "--value",
        "seed_nonce",
        "--rewindable",
        "Exit status",
    ] {
        assert!(out.stdout.contains(text), "{text}:\n{}", out.stdout);
    }
    let out = run(dir.path(), &["--help"]).expect(0);
    assert!(out.stdout.contains("rewind"), "{}", out.stdout);
    let out = run(dir.path(), &["verify", "--help"]).expect(0);
    assert!(out.stdout.contains("bp+"), "{}", out.stdout);
}
