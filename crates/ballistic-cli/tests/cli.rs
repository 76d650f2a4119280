//! End-to-end tests of the `ballistic` binary: every test runs the built executable in
//! a fresh temporary directory and checks exit statuses, outputs and files.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use ballistic::ristretto::{CompressedRistretto, PedersenGens, Scalar};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use support::{
    expected_secp_proof_len, flip_proof_bit, proof_of, read_json, reported_files, rounds, run,
    run_with_stdin, sorted_keys, verify_all_valid, write_json, Run,
};

/// Proves `values` at `bits` into `dir/name`; returns the path.
fn prove(dir: &Path, name: &str, bits: u32, values: &str) -> PathBuf {
    let bits = bits.to_string();
    run(
        dir,
        &["prove", "--bits", &bits, "--values", values, "--out", name],
    )
    .expect(0);
    dir.join(name)
}

/// `(2·⌈log2(n·m)⌉ + 9)·32`, computed independently of the binary.
fn expected_proof_len(n: usize, m: usize) -> usize {
    (2 * rounds(n, m) + 9) * 32
}

fn is_lower_hex(s: &str) -> bool {
    s.bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[test]
fn prove_verify_round_trip_for_several_shapes() {
    let dir = tempfile::tempdir().expect("tempdir");
    // (bits, values): includes non-powers of two for n, m and n·m.
    let cases: &[(usize, &[u64])] = &[
        (64, &[0]),
        (64, &[u64::MAX, 1]),
        (32, &[0, 4_294_967_295]),
        (48, &[1, 2, (1 << 48) - 1]),
        (7, &[127, 0, 5, 6, 100]),
        (1, &[0, 1, 1]),
    ];
    for (i, &(bits, values)) in cases.iter().enumerate() {
        let name = format!("p{i}.json");
        let list = values
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let path = prove(dir.path(), &name, bits as u32, &list);

        let file = read_json(&path);
        let keys = sorted_keys(&file);
        assert_eq!(keys, ["bits", "commitments", "curve", "domain", "proof"]);
        assert_eq!(file["curve"], "ristretto255");
        assert_eq!(file["bits"], bits);
        assert_eq!(file["domain"], "ballistic");
        let commitments = file["commitments"].as_array().expect("array");
        assert_eq!(commitments.len(), values.len());
        for c in commitments {
            let c = c.as_str().expect("string");
            assert_eq!(c.len(), 64);
            assert!(is_lower_hex(c), "{c}");
        }
        let proof = file["proof"].as_str().expect("string");
        assert!(is_lower_hex(proof));
        let len = expected_proof_len(bits, values.len());
        assert_eq!(proof.len(), 2 * len);

        let out = run(dir.path(), &["verify", &name]).expect(0);
        let plural = if values.len() == 1 { "value" } else { "values" };
        assert!(
            out.stdout.contains(&format!(
                "{name}: valid (ristretto255, {bits} bits, {} {plural}, {len} bytes)",
                values.len()
            )),
            "{}",
            out.stdout
        );
        assert!(out.stdout.contains("all 1 proof valid"), "{}", out.stdout);
    }
}

#[test]
fn default_output_is_stdout_and_verify_reads_stdin() {
    let dir = tempfile::tempdir().expect("tempdir");
    let proved = run(
        dir.path(),
        &["prove", "--values", "5,6", "--domain", "my app"],
    )
    .expect(0);
    let file: Value = serde_json::from_str(&proved.stdout).expect("proof JSON on stdout");
    assert_eq!(file["bits"], 64);
    assert_eq!(file["domain"], "my app");
    assert_eq!(
        fs::read_dir(dir.path()).expect("ls").count(),
        0,
        "no files written without --out"
    );

    let out =
        run_with_stdin(dir.path(), &["verify", "-"], Some(proved.stdout.as_bytes())).expect(0);
    assert!(
        out.stdout
            .contains("<stdin>: valid (ristretto255, 64 bits, 2 values, 736 bytes)"),
        "{}",
        out.stdout
    );

    // The domain label is part of the statement.
    let mut other = file.clone();
    other["domain"] = json!("another app");
    write_json(&dir.path().join("other.json"), &other);
    let out = run(dir.path(), &["verify", "other.json"]).expect(1);
    assert!(out.stdout.contains("other.json: INVALID"), "{}", out.stdout);
}

#[test]
fn openings_file_holds_the_secrets_and_the_proof_file_does_not() {
    let dir = tempfile::tempdir().expect("tempdir");
    run(
        dir.path(),
        &[
            "prove",
            "--bits",
            "16",
            "--values",
            "10,65535,0",
            "--out",
            "proof.json",
            "--openings",
            "secrets.json",
        ],
    )
    .expect(0);
    let proof_text = fs::read_to_string(dir.path().join("proof.json")).expect("proof file");
    let proof = read_json(&dir.path().join("proof.json"));
    let openings = read_json(&dir.path().join("secrets.json"));

    assert_eq!(openings["curve"], "ristretto255");
    assert_eq!(openings["bits"], 16);
    assert_eq!(openings["domain"], "ballistic");
    let list = openings["openings"].as_array().expect("openings array");
    assert_eq!(list.len(), 3);
    let pc = PedersenGens::default();
    for (j, (o, value)) in list.iter().zip([10u64, 65535, 0]).enumerate() {
        let keys = sorted_keys(o);
        assert_eq!(keys, ["blinding", "commitment", "value"]);
        assert_eq!(o["value"], value);
        let blinding_hex = o["blinding"].as_str().expect("hex");
        assert_eq!(blinding_hex.len(), 64);
        assert!(is_lower_hex(blinding_hex));
        assert_eq!(o["commitment"], proof["commitments"][j]);

        // The opening really opens the commitment in the proof file.
        let bytes: [u8; 32] = hex::decode(blinding_hex)
            .expect("hex")
            .try_into()
            .expect("32 bytes");
        let blinding =
            Option::<Scalar>::from(Scalar::from_canonical_bytes(bytes)).expect("canonical");
        let commitment = pc.commit(Scalar::from(value), blinding).compress();
        let in_file: [u8; 32] = hex::decode(proof["commitments"][j].as_str().expect("hex"))
            .expect("hex")
            .try_into()
            .expect("32 bytes");
        assert_eq!(commitment, CompressedRistretto(in_file));

        // No secret leaks into the proof file.
        assert!(!proof_text.contains(blinding_hex));
    }
    assert!(!proof_text.contains("blinding"));
    assert!(!proof_text.contains("openings"));

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(dir.path().join("secrets.json"))
            .expect("stat")
            .permissions()
            .mode();
        assert_eq!(
            mode & 0o077,
            0,
            "openings file readable by others: {mode:o}"
        );
    }

    run(dir.path(), &["verify", "proof.json"]).expect(0);

    // --out and --openings must differ.
    let out = run(
        dir.path(),
        &[
            "prove",
            "--values",
            "1",
            "--out",
            "x.json",
            "--openings",
            "x.json",
        ],
    )
    .expect(2);
    assert!(out.stderr.contains("same file"), "{}", out.stderr);
    assert!(!dir.path().join("x.json").exists());
}

#[test]
fn tampered_proofs_are_invalid_and_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = prove(dir.path(), "good.json", 64, "100,200");
    let good = read_json(&path);
    let proof = hex::decode(good["proof"].as_str().expect("hex")).expect("hex");

    // Flip a bit in A, in t_x, in an L point and in the final scalar b.
    for (k, pos) in [0usize, 4 * 32, 7 * 32 + 5, proof.len() - 32]
        .into_iter()
        .enumerate()
    {
        let mut bad = proof.clone();
        bad[pos] ^= 0x01;
        let mut file = good.clone();
        file["proof"] = json!(hex::encode(&bad));
        let name = format!("tampered{k}.json");
        write_json(&dir.path().join(&name), &file);
        let out = run(dir.path(), &["verify", &name]).expect(1);
        assert!(
            out.stdout.contains(&format!("{name}: INVALID")),
            "{}",
            out.stdout
        );
        assert!(
            out.stdout.contains(&format!("invalid: {name}")),
            "{}",
            out.stdout
        );
    }

    // The right proof against another commitment (a valid point from another proof).
    let other = read_json(&prove(dir.path(), "other.json", 64, "100,200"));
    let mut file = good.clone();
    file["commitments"][1] = other["commitments"][1].clone();
    write_json(&dir.path().join("swapped.json"), &file);
    let out = run(dir.path(), &["verify", "swapped.json"]).expect(1);
    assert!(
        out.stdout.contains("swapped.json: INVALID"),
        "{}",
        out.stdout
    );

    // Reordered commitments are another statement.
    let mut file = good.clone();
    file["commitments"] = json!([good["commitments"][1], good["commitments"][0]]);
    write_json(&dir.path().join("reordered.json"), &file);
    run(dir.path(), &["verify", "reordered.json"]).expect(1);

    // Another bit width: the proof has the wrong length for the claimed shape.
    let mut file = good.clone();
    file["bits"] = json!(32);
    write_json(&dir.path().join("bits.json"), &file);
    let out = run(dir.path(), &["verify", "bits.json"]).expect(1);
    assert!(out.stdout.contains("bits.json: INVALID"), "{}", out.stdout);

    // A commitment that is 32 bytes of hex but not a ristretto255 point.
    let mut file = good.clone();
    file["commitments"][0] = json!("ff".repeat(32));
    write_json(&dir.path().join("notpoint.json"), &file);
    let out = run(dir.path(), &["verify", "notpoint.json"]).expect(1);
    assert!(
        out.stdout
            .contains("notpoint.json: INVALID (commitments[0]"),
        "{}",
        out.stdout
    );
}

#[test]
fn malformed_files_exit_2_naming_file_and_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = read_json(&prove(dir.path(), "good.json", 64, "1,2"));
    let c0 = good["commitments"][0].clone();

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
    let proof_hex = good["proof"].as_str().expect("hex").to_string();

    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "badhex.json",
            with("commitments", json!([c0, "zz".repeat(32)])),
            "field \"commitments[1]\": not 32 bytes of hex",
        ),
        (
            "short.json",
            with("commitments", json!([c0, "ab".repeat(31)])),
            "field \"commitments[1]\": not 32 bytes of hex",
        ),
        (
            "long.json",
            with("commitments", json!(["ab".repeat(33), c0])),
            "field \"commitments[0]\": not 32 bytes of hex",
        ),
        (
            "numbercommit.json",
            with("commitments", json!([c0, 7])),
            "field \"commitments[1]\": expected 32 bytes of hex, got a number",
        ),
        (
            "prooflen.json",
            with("proof", json!(&proof_hex[..proof_hex.len() - 2])),
            "field \"proof\": 735 bytes is not a proof length",
        ),
        (
            "proofhex.json",
            with("proof", json!(format!("{}xy", &proof_hex[2..]))),
            "field \"proof\": not hex",
        ),
        (
            "nodomain.json",
            without("domain"),
            "field \"domain\": missing",
        ),
        ("noproof.json", without("proof"), "field \"proof\": missing"),
        (
            "nocommitments.json",
            without("commitments"),
            "field \"commitments\": missing",
        ),
        (
            "unknown.json",
            with("extra", json!(true)),
            "unknown field `extra`",
        ),
        ("bits0.json", with("bits", json!(0)), "field \"bits\""),
        ("bits65.json", with("bits", json!(65)), "field \"bits\""),
        (
            "bitsstring.json",
            with("bits", json!("64")),
            "field \"bits\": expected an integer in 1..=64",
        ),
        (
            "empty.json",
            with("commitments", json!([])),
            "field \"commitments\": empty",
        ),
        (
            "notarray.json",
            with("commitments", json!(c0)),
            "field \"commitments\": expected an array",
        ),
        (
            "curve.json",
            with("curve", json!("ed25519")),
            "field \"curve\": unsupported curve \"ed25519\"",
        ),
        (
            "ristrettoextra.json",
            with("extra_commit", json!("00")),
            "field \"extra_commit\": only secp256k1 proofs have one",
        ),
        (
            "toplevel.json",
            json!([good.clone()]),
            "a ballistic proof file",
        ),
    ];
    for (name, value, expected) in &cases {
        write_json(&dir.path().join(name), value);
        let out = run(dir.path(), &["verify", name]).expect(2);
        assert!(
            out.stderr.contains(&format!("{name}: {expected}"))
                || (out.stderr.contains(name) && out.stderr.contains(expected)),
            "{name}: expected {expected:?} in stderr:\n{}",
            out.stderr
        );
        assert!(
            out.stdout.contains(&format!("{name}: MALFORMED")),
            "{}",
            out.stdout
        );
        assert!(
            out.stdout.contains(&format!("malformed: {name}")),
            "{}",
            out.stdout
        );
    }

    // Raw-text cases that cannot be built as JSON values.
    let raw: &[(&str, &[u8], &str)] = &[
        ("syntax.json", b"{\"curve\": ", "not valid JSON"),
        ("blank.json", b"", "not valid JSON"),
        ("binary.json", &[0xff, 0xfe, 0x00, 0x01], "not valid JSON"),
        (
            "duplicate.json",
            br#"{"bits": 64, "bits": 64}"#,
            "duplicate field `bits`",
        ),
    ];
    for (name, bytes, expected) in raw {
        fs::write(dir.path().join(name), bytes).expect("write");
        let out = run(dir.path(), &["verify", name]).expect(2);
        assert!(
            out.stderr.contains(name) && out.stderr.contains(expected),
            "{name}: expected {expected:?} in stderr:\n{}",
            out.stderr
        );
    }
}

#[test]
fn unreadable_and_oversized_inputs_exit_2() {
    let dir = tempfile::tempdir().expect("tempdir");

    let out = run(dir.path(), &["verify", "missing.json"]).expect(2);
    assert!(
        out.stderr.contains("missing.json: cannot open"),
        "{}",
        out.stderr
    );

    fs::create_dir(dir.path().join("adir")).expect("mkdir");
    let out = run(dir.path(), &["verify", "adir"]).expect(2);
    assert!(
        out.stderr.contains("adir: is a directory"),
        "{}",
        out.stderr
    );

    // A (sparse) file over the 1 MiB limit is refused before being read.
    let big = fs::File::create(dir.path().join("big.json")).expect("create");
    big.set_len(1024 * 1024 + 1).expect("set_len");
    let out = run(dir.path(), &["verify", "big.json"]).expect(2);
    assert!(
        out.stderr
            .contains("big.json: file is 1048577 bytes, larger than the limit"),
        "{}",
        out.stderr
    );

    // More commitments than MAX_VALUES (1024).
    let good = read_json(&prove(dir.path(), "good.json", 8, "1"));
    let mut file = good.clone();
    file["commitments"] = Value::Array(vec![good["commitments"][0].clone(); 1025]);
    write_json(&dir.path().join("many.json"), &file);
    let out = run(dir.path(), &["verify", "many.json"]).expect(2);
    assert!(
        out.stderr
            .contains("many.json: field \"commitments\": 1025 entries; the limit is 1024"),
        "{}",
        out.stderr
    );

    // A domain label over the limit.
    let mut file = good.clone();
    file["domain"] = json!("d".repeat(1025));
    write_json(&dir.path().join("domain.json"), &file);
    let out = run(dir.path(), &["verify", "domain.json"]).expect(2);
    assert!(
        out.stderr.contains("domain.json: field \"domain\""),
        "{}",
        out.stderr
    );
}

#[test]
fn prove_rejects_bad_input_with_exit_2() {
    let dir = tempfile::tempdir().expect("tempdir");

    let out = run(
        dir.path(),
        &[
            "prove", "--bits", "8", "--values", "1,256", "--out", "p.json",
        ],
    )
    .expect(2);
    assert!(
        out.stderr
            .contains("value 256 (values[1]) does not fit in 8 bits (the largest is 255)"),
        "{}",
        out.stderr
    );
    assert!(!dir.path().join("p.json").exists(), "no proof written");

    let out = run(
        dir.path(),
        &["prove", "--bits", "32", "--values", "4294967296"],
    )
    .expect(2);
    assert!(
        out.stderr.contains("does not fit in 32 bits"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.is_empty());

    let out = run(
        dir.path(),
        &["prove", "--curve", "ed25519", "--values", "1"],
    )
    .expect(2);
    assert!(
        out.stderr
            .contains("unsupported curve \"ed25519\" (supported: ristretto255, secp256k1)"),
        "{}",
        out.stderr
    );

    for bits in ["0", "65", "x"] {
        let out = run(dir.path(), &["prove", "--bits", bits, "--values", "1"]).expect(2);
        assert!(out.stderr.contains("--bits"), "{}", out.stderr);
    }
    for values in ["-1", "1,x", "18446744073709551616"] {
        let out = run(dir.path(), &["prove", "--values", values]).expect(2);
        assert!(out.stderr.contains("--values"), "{}", out.stderr);
    }
    let out = run(dir.path(), &["prove"]).expect(2);
    assert!(out.stderr.contains("--values"), "{}", out.stderr);

    let long_domain = "d".repeat(1025);
    let out = run(
        dir.path(),
        &["prove", "--values", "1", "--domain", &long_domain],
    )
    .expect(2);
    assert!(out.stderr.contains("--domain"), "{}", out.stderr);
}

#[test]
fn mixed_files_are_all_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    prove(dir.path(), "a.json", 64, "1");
    let b = read_json(&prove(dir.path(), "b.json", 48, "7,8,9"));
    let mut bad = b.clone();
    bad["commitments"] = json!([
        b["commitments"][1],
        b["commitments"][0],
        b["commitments"][2]
    ]);
    write_json(&dir.path().join("bad.json"), &bad);

    // Valid + invalid: exit 1, the invalid one named.
    let out = run(dir.path(), &["verify", "a.json", "bad.json", "b.json"]).expect(1);
    assert!(out
        .stdout
        .contains("a.json: valid (ristretto255, 64 bits, 1 value, 672 bytes)"));
    assert!(out
        .stdout
        .contains("b.json: valid (ristretto255, 48 bits, 3 values, 800 bytes)"));
    assert!(out.stdout.contains("bad.json: INVALID"));
    let summary = out.stdout.lines().last().expect("summary line");
    assert_eq!(summary, "2 of 3 proofs valid; invalid: bad.json");

    // Valid + invalid + malformed + missing: malformed wins (exit 2), all reported.
    fs::write(dir.path().join("junk.json"), "not json").expect("write");
    let out = run(
        dir.path(),
        &[
            "verify",
            "junk.json",
            "a.json",
            "bad.json",
            "gone.json",
            "b.json",
        ],
    )
    .expect(2);
    assert!(out.stdout.contains("a.json: valid"));
    assert!(out.stdout.contains("b.json: valid"));
    assert!(out.stdout.contains("bad.json: INVALID"));
    assert!(
        out.stderr.contains("junk.json: not valid JSON"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("gone.json: cannot open"),
        "{}",
        out.stderr
    );
    let summary = out.stdout.lines().last().expect("summary line");
    assert_eq!(
        summary,
        "2 of 5 proofs valid; invalid: bad.json; malformed: junk.json, gone.json"
    );
}

#[test]
fn demo_runs_and_shows_rejections() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(dir.path(), &["demo"]).expect(0);
    assert!(out.stdout.contains("rejected"), "{}", out.stdout);
    assert_eq!(
        out.stdout.matches("rejected ✓").count(),
        6,
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("refused ✓"), "{}", out.stdout);
    assert_eq!(out.stdout.matches("valid ✓").count(), 4, "{}", out.stdout);
    // First-use times are labelled as such, and the table says its times are warm.
    assert!(out.stdout.contains("(first use)"), "{}", out.stdout);
    assert!(out.stdout.contains("warm: fastest of"), "{}", out.stdout);
    // The circuit section: a SHA-256 preimage proof of SHA-256("ballistic"), its
    // multipliers and size, and two forgeries rejected.
    let circuit = out
        .stdout
        .split("6. An arithmetic circuit")
        .nth(1)
        .expect("a circuit section");
    let digest = hex::encode(Sha256::digest(b"ballistic"));
    assert!(
        circuit.contains(&format!("D = SHA-256(\"ballistic\") = {digest}")),
        "{circuit}"
    );
    assert!(
        circuit.contains("25827 multipliers (padded to 32768)"),
        "{circuit}"
    );
    let line = circuit
        .lines()
        .find(|l| l.contains("D's preimage"))
        .unwrap_or_else(|| panic!("no proof line:\n{circuit}"));
    assert!(
        line.contains("1377 bytes") && line.contains("valid ✓"),
        "{line}"
    );
    assert_eq!(line.matches(" ms").count(), 2, "{line}");
    assert_eq!(circuit.matches("rejected ✓").count(), 2, "{circuit}");
    assert!(
        circuit.contains("verify for D' = SHA-256(\"ballistic!\")"),
        "{circuit}"
    );
    // The secp256k1 section: a Grin-style 64-bit proof is 675 bytes, verifies, is
    // rejected once tampered with, and rewinds with its nonce.
    let grin = out
        .stdout
        .lines()
        .find(|l| l.contains("V0 alone (Grin)"))
        .unwrap_or_else(|| panic!("no secp256k1 line:\n{}", out.stdout));
    assert!(
        grin.contains("675 bytes") && grin.contains("valid ✓"),
        "{grin}"
    );
    let section = out
        .stdout
        .split("secp256k1-zkp's (Grin's) format")
        .nth(1)
        .expect("a secp256k1 section");
    assert!(section.contains("flip one bit of the proof"), "{section}");
    assert!(section.contains("recovered 42 and γ ✓"), "{section}");
    for (shape, size) in [
        ("n=64 m=1", 672),
        ("n=32 m=1", 608),
        ("n=64 m=4", 800),
        ("n=48 m=3 (padded)", 800),
        ("n=64 m=16", 928),
    ] {
        let row = out
            .stdout
            .lines()
            .find(|l| l.trim_start().starts_with(shape))
            .unwrap_or_else(|| panic!("no table row for {shape}:\n{}", out.stdout));
        assert!(row.contains(&format!("{size} B")), "{row}");
        assert_eq!(row.matches(" ms").count(), 2, "{row}");
    }
    assert!(!out.stdout.contains("please report"), "{}", out.stdout);
    assert!(out.stdout.contains("All checks passed"), "{}", out.stdout);
}

#[test]
fn help_and_version() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(dir.path(), &["--help"]).expect(0);
    for cmd in ["prove", "verify", "circuit", "demo"] {
        assert!(out.stdout.contains(cmd), "{}", out.stdout);
    }
    let out = run(dir.path(), &["circuit", "--help"]).expect(0);
    for text in ["prove", "verify", "shuffle", "sha256", "Exit status"] {
        assert!(out.stdout.contains(text), "{text}:\n{}", out.stdout);
    }
    let out = run(dir.path(), &["circuit", "prove", "shuffle", "--help"]).expect(0);
    for flag in [
        "--inputs",
        "--outputs",
        "--domain",
        "--curve",
        "--out",
        "ShuffleProofTest",
        "not a permutation",
    ] {
        assert!(out.stdout.contains(flag), "{flag}:\n{}", out.stdout);
    }
    // `circuit` alone prints its help (a usage error).
    let out = run(dir.path(), &["circuit"]).expect(2);
    assert!(out.stderr.contains("prove"), "{}", out.stderr);
    let out = run(dir.path(), &["prove", "--help"]).expect(0);
    for flag in [
        "--curve",
        "--bits",
        "--values",
        "--domain",
        "--extra-commit",
        "--out",
        "--openings",
        "secp256k1",
        // The secp256k1 generator rule is documented.
        "Grin's 256",
        "n·m <= 128",
        "2·n·m",
    ] {
        assert!(out.stdout.contains(flag), "{flag}:\n{}", out.stdout);
    }
    let out = run(dir.path(), &["--version"]).expect(0);
    assert_eq!(
        out.stdout.trim(),
        format!("ballistic {}", env!("CARGO_PKG_VERSION"))
    );
    let out = run(dir.path(), &["verify"]).expect(2);
    assert!(out.stderr.contains("FILE"), "{}", out.stderr);
    run(dir.path(), &["frobnicate"]).expect(2);
}

#[test]
fn verify_vectors_runs_the_frozen_secp256k1_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../ballistic/tests/vectors/secp256k1_range_v1.json"
    );
    let out = run(dir.path(), &["verify", "--vectors", file]).expect(0);
    assert!(
        out.stdout.contains("256 cases, 256 as expected"),
        "{}",
        out.stdout
    );
    // Drop the extra commitment of a valid case that has one: now unexpected, exit 1.
    let mut doc = read_json(Path::new(file));
    let tests = doc["tests"].as_array_mut().expect("tests");
    let k = tests
        .iter()
        .position(|t| t["result"] == "valid" && t.get("extra_commit").is_some())
        .expect("a valid case with an extra commitment");
    let id = tests[k]["tcId"].clone();
    tests[k]
        .as_object_mut()
        .expect("object")
        .remove("extra_commit");
    write_json(&dir.path().join("dropped.json"), &doc);
    let out = run(dir.path(), &["verify", "--vectors", "dropped.json"]).expect(1);
    assert!(
        out.stdout.contains(&format!("case {id}: expected valid")),
        "{}",
        out.stdout
    );
    // A generator count that is not a power of two: exit 2 naming the field.
    let mut doc = read_json(Path::new(file));
    doc["tests"][0]["generators"] = json!(300);
    write_json(&dir.path().join("bad.json"), &doc);
    let out = run(dir.path(), &["verify", "--vectors", "bad.json"]).expect(2);
    assert!(
        out.stderr.contains("field \"generators\""),
        "{}",
        out.stderr
    );
}

#[test]
fn verify_vectors_runs_the_frozen_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../ballistic/tests/vectors/ristretto_range_v1.json"
    );
    let out = run(dir.path(), &["verify", "--vectors", file]).expect(0);
    assert!(
        out.stdout.contains("336 cases, 336 as expected"),
        "{}",
        out.stdout
    );

    // Flip the expected result of one valid case: reported, exit 1.
    let mut doc = read_json(Path::new(file));
    let tests = doc["tests"].as_array_mut().expect("tests");
    let k = tests
        .iter()
        .position(|t| t["result"] == "valid")
        .expect("a valid case");
    let id = tests[k]["tcId"].clone();
    tests[k]["result"] = json!("invalid");
    write_json(&dir.path().join("flipped.json"), &doc);
    let out = run(dir.path(), &["verify", "--vectors", "flipped.json"]).expect(1);
    assert!(
        out.stdout.contains(&format!("case {id}: expected invalid")),
        "{}",
        out.stdout
    );

    // A malformed vector file: exit 2 naming the field.
    let mut doc = read_json(Path::new(file));
    doc["tests"][0]["proof"] = json!("zz");
    write_json(&dir.path().join("bad.json"), &doc);
    let out = run(dir.path(), &["verify", "--vectors", "bad.json"]).expect(2);
    assert!(
        out.stderr.contains("field \"proof\": not hex"),
        "{}",
        out.stderr
    );
}

/// Every vector file the repository ships runs through `verify --vectors` with
/// every case as expected (issue 48, item 11), and a changed expectation of each
/// kind (a verdict, recovered masks, a rewound opening, a batch's invalid list) is
/// reported with exit 1.
#[test]
fn verify_vectors_runs_every_shipped_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let vectors = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ballistic/tests/vectors");
    let mut files: Vec<_> = std::fs::read_dir(&vectors)
        .expect("vector directory")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "{files:?}");
    for file in &files {
        let doc = read_json(file);
        let n = doc["tests"].as_array().expect("tests").len();
        let out = run(
            dir.path(),
            &["verify", "--vectors", file.to_str().expect("utf-8")],
        )
        .expect(0);
        assert!(
            out.stdout.contains(&format!("{n} cases, {n} as expected"))
                && out.stdout.contains(", 0 unexpected"),
            "{}: {}",
            file.display(),
            out.stdout
        );
    }
    let changed = |name: &str, edit: &dyn Fn(&mut Value)| -> String {
        let mut doc = read_json(&vectors.join(name));
        edit(&mut doc);
        write_json(&dir.path().join(name), &doc);
        run(dir.path(), &["verify", "--vectors", name])
            .expect(1)
            .stdout
    };
    let first = |doc: &mut Value, key: &str| -> usize {
        doc["tests"]
            .as_array()
            .expect("tests")
            .iter()
            .position(|t| t.get(key).is_some())
            .expect(key)
    };
    let out = changed("bp_plus_v1.json", &|doc| {
        let k = first(doc, "recoveredMasks");
        doc["tests"][k]["recoveredMasks"][0] = json!("00".repeat(32));
    });
    assert!(out.contains("recovered masks differ"), "{out}");
    let out = changed("range_ab_v2.json", &|doc| {
        let k = first(doc, "rewound");
        doc["tests"][k]["rewound"]["value"] = json!(1);
    });
    assert!(out.contains("does not give the recorded opening"), "{out}");
    let out = changed("r1cs_v1.json", &|doc| {
        let b = doc["batches"]
            .as_array()
            .expect("batches")
            .iter()
            .position(|b| b["invalid"].as_array().is_some_and(|l| !l.is_empty()))
            .expect("a batch with an invalid case");
        doc["batches"][b]["invalid"] = json!([]);
    });
    assert!(out.contains("the file says []"), "{out}");
}

#[test]
fn bench_quick_runs_every_workload() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(dir.path(), &["bench", "--quick"]).expect(0);
    for w in [
        "prove   n=64 m=1",
        "verify  n=64 m=1",
        "prove   n=64 m=8",
        "verify  n=64 m=8",
        "batch   32 x (64, 1)",
        "prove   secp256k1 n=64 m=1",
        "verify  secp256k1 n=64 m=1",
        "verifier tables n=64 m=1: ",
        "verifier tables n=64 m=8: ",
    ] {
        assert!(out.stdout.contains(w), "missing {w}:\n{}", out.stdout);
    }
    // The tables' memory is reported, and is not zero for these shapes.
    for line in out.stdout.lines().filter(|l| l.contains("verifier tables")) {
        let mib: f64 = line
            .split(": ")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .and_then(|x| x.parse().ok())
            .unwrap_or_else(|| panic!("no size in {line}"));
        assert!(mib > 0.0, "{line}");
    }
}

// ---------------------------------------------------------------------------------
// secp256k1 (secp256k1-zkp's, i.e. Grin's, format)
// ---------------------------------------------------------------------------------

/// Runs `prove --curve secp256k1` with `extra` arguments into `dir/name`.
fn prove_secp(dir: &Path, name: &str, bits: u32, values: &str, extra: &[&str]) -> PathBuf {
    let bits = bits.to_string();
    let mut args = vec![
        "prove",
        "--curve",
        "secp256k1",
        "--bits",
        &bits,
        "--values",
        values,
        "--out",
        name,
    ];
    args.extend_from_slice(extra);
    let out = run(dir, &args).expect(0);
    assert!(
        out.stderr.contains(&format!("wrote {name}:")) && out.stderr.contains("on secp256k1"),
        "{}",
        out.stderr
    );
    dir.join(name)
}

#[test]
fn secp256k1_round_trip_single_and_aggregated() {
    let dir = tempfile::tempdir().expect("tempdir");
    // (bits, values, extra_commit): Grin's 256 generators up to n·m = 128, then
    // secp256k1-zkp's 2·n·m (64 × 4 → 512), with and without an extra commitment.
    let cases: &[(usize, &[u64], Option<&str>)] = &[
        (64, &[42], None),
        (64, &[u64::MAX, 0], None),
        (64, &[1_000_000], Some("deadbeef")),
        (32, &[7, 4_294_967_295], Some("")),
        (1, &[1], None),
        (8, &[255, 0, 1, 2], Some("00")),
        (64, &[1, 2, 3, 4], None),
    ];
    for (i, &(bits, values, extra)) in cases.iter().enumerate() {
        let name = format!("k{i}.json");
        let list = values
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(",");
        let extra_args: Vec<&str> = match extra {
            Some(hex) => vec!["--extra-commit", hex],
            None => vec![],
        };
        let path = prove_secp(dir.path(), &name, bits as u32, &list, &extra_args);

        let text = fs::read_to_string(&path).expect("proof file");
        let file: Value = serde_json::from_str(&text).expect("json");
        let keys = sorted_keys(&file);
        match extra {
            Some(hex) => {
                assert_eq!(
                    keys,
                    ["bits", "commitments", "curve", "extra_commit", "proof"]
                );
                assert_eq!(file["extra_commit"], *hex);
            }
            None => assert_eq!(keys, ["bits", "commitments", "curve", "proof"]),
        }
        // The issue's field order: curve, bits, commitments, proof, extra_commit.
        assert!(
            text.starts_with("{\"curve\":\"secp256k1\",\"bits\":"),
            "{text}"
        );
        assert_eq!(file["bits"], bits);
        let commitments = file["commitments"].as_array().expect("array");
        assert_eq!(commitments.len(), values.len());
        for c in commitments {
            let c = c.as_str().expect("string");
            assert_eq!(c.len(), 66, "{c}");
            assert!(c.starts_with("08") || c.starts_with("09"), "{c}");
            assert!(is_lower_hex(c), "{c}");
        }
        let proof = file["proof"].as_str().expect("string");
        let len = expected_secp_proof_len(bits * values.len());
        assert_eq!(proof.len(), 2 * len, "{name}");

        let out = run(dir.path(), &["verify", &name]).expect(0);
        let plural = if values.len() == 1 { "value" } else { "values" };
        assert!(
            out.stdout.contains(&format!(
                "{name}: valid (secp256k1, {bits} bits, {} {plural}, {len} bytes)",
                values.len()
            )),
            "{}",
            out.stdout
        );
    }
    // Grin's sizes.
    assert_eq!(expected_secp_proof_len(64), 675);
    assert_eq!(expected_secp_proof_len(128), 739);

    // Standard output and standard input work as for ristretto255.
    let proved = run(
        dir.path(),
        &["prove", "--curve", "secp256k1", "--values", "5,6"],
    )
    .expect(0);
    let out =
        run_with_stdin(dir.path(), &["verify", "-"], Some(proved.stdout.as_bytes())).expect(0);
    assert!(
        out.stdout
            .contains("<stdin>: valid (secp256k1, 64 bits, 2 values, 739 bytes)"),
        "{}",
        out.stdout
    );
}

#[test]
fn secp256k1_extra_commit_is_part_of_the_statement_and_empty_differs_from_absent() {
    let dir = tempfile::tempdir().expect("tempdir");
    let none = read_json(&prove_secp(dir.path(), "none.json", 64, "9", &[]));
    let empty = read_json(&prove_secp(
        dir.path(),
        "empty.json",
        64,
        "9",
        &["--extra-commit", ""],
    ));
    let some = read_json(&prove_secp(
        dir.path(),
        "some.json",
        64,
        "9,10",
        &["--extra-commit", "C0FFEE"],
    ));
    assert!(none.get("extra_commit").is_none());
    assert_eq!(empty["extra_commit"], "");
    assert_eq!(some["extra_commit"], "c0ffee", "written as lowercase hex");
    run(
        dir.path(),
        &["verify", "none.json", "empty.json", "some.json"],
    )
    .expect(0);

    // Each variant of the statement verifies only as proved.
    let mut variants: Vec<(&str, Value)> = Vec::new();
    let mut f = none.clone();
    f["extra_commit"] = json!("");
    variants.push(("none-as-empty.json", f));
    let mut f = empty.clone();
    f.as_object_mut().expect("object").remove("extra_commit");
    variants.push(("empty-as-none.json", f));
    let mut f = empty.clone();
    f["extra_commit"] = json!("00");
    variants.push(("empty-as-00.json", f));
    let mut f = some.clone();
    f["extra_commit"] = json!("c0ffef");
    variants.push(("some-changed.json", f));
    let mut f = some.clone();
    f.as_object_mut().expect("object").remove("extra_commit");
    variants.push(("some-as-none.json", f));
    for (name, value) in &variants {
        write_json(&dir.path().join(name), value);
        let out = run(dir.path(), &["verify", name]).expect(1);
        assert!(
            out.stdout
                .contains(&format!("{name}: INVALID (proof does not verify)")),
            "{}",
            out.stdout
        );
    }
}

#[test]
fn secp256k1_tampered_proofs_and_statements_exit_1_naming_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = read_json(&prove_secp(dir.path(), "good.json", 64, "100,200", &[]));

    // Byte 31 is the low byte of the big-endian −τ_x: the proof still parses.
    write_json(
        &dir.path().join("tampered.json"),
        &flip_proof_bit(&good, 31),
    );
    let out = run(dir.path(), &["verify", "good.json", "tampered.json"]).expect(1);
    assert!(out.stdout.contains("good.json: valid"), "{}", out.stdout);
    assert!(
        out.stdout
            .contains("tampered.json: INVALID (proof does not verify)"),
        "{}",
        out.stdout
    );
    assert_eq!(
        out.stdout.lines().last(),
        Some("1 of 2 proofs valid; invalid: tampered.json")
    );

    // Swapped commitments are another statement.
    let mut f = good.clone();
    f["commitments"] = json!([good["commitments"][1], good["commitments"][0]]);
    write_json(&dir.path().join("swapped.json"), &f);
    let out = run(dir.path(), &["verify", "swapped.json"]).expect(1);
    assert!(
        out.stdout.contains("swapped.json: INVALID"),
        "{}",
        out.stdout
    );

    // Another width of the same shape class: the proof length belongs to 64 × 2.
    let mut f = good.clone();
    f["bits"] = json!(32);
    write_json(&dir.path().join("bits.json"), &f);
    let out = run(dir.path(), &["verify", "bits.json"]).expect(1);
    assert!(
        out.stdout
            .contains("bits.json: INVALID (proof is 739 bytes; 2 values of 32 bits need 675)"),
        "{}",
        out.stdout
    );

    // 33 bytes with a commitment prefix, but x = 0 is not on secp256k1.
    let mut f = good.clone();
    f["commitments"][1] = json!(format!("08{}", "00".repeat(32)));
    write_json(&dir.path().join("notpoint.json"), &f);
    let out = run(dir.path(), &["verify", "notpoint.json"]).expect(1);
    assert!(
        out.stdout
            .contains("notpoint.json: INVALID (commitments[1] is not a valid secp256k1 point)"),
        "{}",
        out.stdout
    );

    // The other flag bit of the commitment: the negated point.
    let mut f = good.clone();
    let c0 = good["commitments"][0].as_str().expect("hex");
    let flipped = if c0.starts_with("08") { "09" } else { "08" };
    f["commitments"][0] = json!(format!("{flipped}{}", &c0[2..]));
    write_json(&dir.path().join("negated.json"), &f);
    run(dir.path(), &["verify", "negated.json"]).expect(1);

    // Non-canonical proof bytes (a scalar ≥ ℓ): INVALID, not malformed.
    let mut bytes = hex::decode(good["proof"].as_str().expect("hex")).expect("hex");
    bytes[..32].fill(0xff);
    let mut f = good.clone();
    f["proof"] = json!(hex::encode(bytes));
    write_json(&dir.path().join("noncanonical.json"), &f);
    let out = run(dir.path(), &["verify", "noncanonical.json"]).expect(1);
    assert!(
        out.stdout
            .contains("noncanonical.json: INVALID (proof bytes are not canonical"),
        "{}",
        out.stdout
    );
}

#[test]
fn secp256k1_malformed_fields_exit_2_naming_the_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = read_json(&prove_secp(
        dir.path(),
        "good.json",
        64,
        "1,2",
        &["--extra-commit", "abcd"],
    ));
    let c0 = good["commitments"][0].as_str().expect("hex").to_string();
    let with = |field: &str, v: Value| {
        let mut f = good.clone();
        f[field] = v;
        f
    };
    let proof_hex = good["proof"].as_str().expect("hex").to_string();
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "short.json",
            with("commitments", json!([c0, "08".repeat(32)])),
            "field \"commitments[1]\": not 33 bytes of hex (got 32 bytes)",
        ),
        (
            "long.json",
            with("commitments", json!([format!("{c0}00"), c0])),
            "field \"commitments[0]\": not 33 bytes of hex (got 34 bytes)",
        ),
        (
            "prefix.json",
            with("commitments", json!([c0, format!("02{}", &c0[2..])])),
            "field \"commitments[1]\": prefix 0x02 is not a secp256k1-zkp commitment prefix (0x08 or 0x09)",
        ),
        (
            "badhex.json",
            with("commitments", json!([c0, format!("08{}", "zz".repeat(32))])),
            "field \"commitments[1]\": not 33 bytes of hex",
        ),
        (
            "extrahex.json",
            with("extra_commit", json!("abc")),
            "field \"extra_commit\": not hex",
        ),
        (
            "extranumber.json",
            with("extra_commit", json!(12)),
            "field \"extra_commit\": expected a hex string, got a number",
        ),
        (
            "domain.json",
            with("domain", json!("ballistic")),
            "field \"domain\": secp256k1 proofs have no domain label",
        ),
        (
            "bits7.json",
            with("bits", json!(7)),
            "field \"bits\": 7 bits is not a secp256k1-zkp bit width",
        ),
        (
            "three.json",
            with("commitments", json!([c0, c0, c0])),
            "field \"commitments\": 3 values: secp256k1-zkp aggregates a power of two",
        ),
        (
            "prooflen.json",
            with("proof", json!(&proof_hex[..proof_hex.len() - 2])),
            "field \"proof\": 738 bytes is not a proof length",
        ),
        (
            "proofhex.json",
            with("proof", json!(format!("{}xy", &proof_hex[2..]))),
            "field \"proof\": not hex",
        ),
    ];
    support::assert_null_is_absent(dir.path(), &good, &["extra_commit", "domain", "range"]);
    for (name, value, expected) in &cases {
        write_json(&dir.path().join(name), value);
        let out = run(dir.path(), &["verify", name]).expect(2);
        assert!(
            out.stderr.contains(&format!("{name}: {expected}")),
            "{name}: expected {expected:?} in stderr:\n{}",
            out.stderr
        );
        assert!(
            out.stdout.contains(&format!("{name}: MALFORMED")),
            "{}",
            out.stdout
        );
    }
    // Malformed wins over invalid and valid, and every file is reported.
    write_json(
        &dir.path().join("tampered.json"),
        &flip_proof_bit(&good, 31),
    );
    let out = run(
        dir.path(),
        &["verify", "good.json", "prefix.json", "tampered.json"],
    )
    .expect(2);
    assert_eq!(
        out.stdout.lines().last(),
        Some("1 of 3 proofs valid; invalid: tampered.json; malformed: prefix.json")
    );
}

#[test]
fn secp256k1_prove_rejects_bad_shapes_and_flags_with_exit_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cases: &[(&[&str], &str)] = &[
        (
            &["--bits", "7", "--values", "1"],
            "--bits 7: 7 bits is not a secp256k1-zkp bit width (one of 1, 2, 4, 8, 16, 32, 64)",
        ),
        (
            &["--bits", "48", "--values", "1"],
            "--bits 48: 48 bits is not a secp256k1-zkp bit width",
        ),
        (
            &["--values", "1,2,3"],
            "--values: 3 values: secp256k1-zkp aggregates a power of two of values",
        ),
        (
            &["--values", "1", "--domain", "my app"],
            "--domain is not available with --curve secp256k1",
        ),
        (
            &["--values", "1", "--extra-commit", "xyz"],
            "--extra-commit: not hex",
        ),
        (
            &["--bits", "8", "--values", "256"],
            "value 256 (values[0]) does not fit in 8 bits",
        ),
    ];
    for (args, expected) in cases {
        let mut full = vec!["prove", "--curve", "secp256k1", "--out", "p.json"];
        full.extend_from_slice(args);
        let out = run(dir.path(), &full).expect(2);
        assert!(
            out.stderr.contains(expected),
            "{args:?}: expected {expected:?} in:\n{}",
            out.stderr
        );
        assert!(!dir.path().join("p.json").exists(), "no proof written");
    }
    // --extra-commit is secp256k1-only.
    let out = run(
        dir.path(),
        &["prove", "--values", "1", "--extra-commit", "00"],
    )
    .expect(2);
    assert!(
        out.stderr
            .contains("--extra-commit is only for --curve secp256k1"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn mixed_curve_files_are_verified_together() {
    let dir = tempfile::tempdir().expect("tempdir");
    prove(dir.path(), "r1.json", 64, "1");
    prove(dir.path(), "r2.json", 48, "7,8,9");
    let k1 = read_json(&prove_secp(dir.path(), "k1.json", 64, "5", &[]));
    prove_secp(dir.path(), "k2.json", 32, "5,6", &["--extra-commit", "01"]);
    // 64 × 4 needs secp256k1-zkp's 512 generators: a second secp256k1 batch.
    prove_secp(dir.path(), "k4.json", 64, "1,2,3,4", &[]);
    write_json(&dir.path().join("k1bad.json"), &flip_proof_bit(&k1, 31));

    let files = ["r1.json", "k1.json", "r2.json", "k2.json", "k4.json"];
    // Reported in argument order.
    let out = verify_all_valid(dir.path(), &files);
    for line in [
        "r1.json: valid (ristretto255, 64 bits, 1 value, 672 bytes)",
        "r2.json: valid (ristretto255, 48 bits, 3 values, 800 bytes)",
        "k1.json: valid (secp256k1, 64 bits, 1 value, 675 bytes)",
        "k2.json: valid (secp256k1, 32 bits, 2 values, 675 bytes)",
        "k4.json: valid (secp256k1, 64 bits, 4 values, 803 bytes)",
    ] {
        assert!(out.stdout.contains(line), "missing {line}:\n{}", out.stdout);
    }

    // One invalid secp256k1 proof among valid files of both curves is named.
    let out = run(
        dir.path(),
        &[
            "verify",
            "r1.json",
            "k1bad.json",
            "k2.json",
            "r2.json",
            "k1.json",
        ],
    )
    .expect(1);
    assert!(out.stdout.contains("k1bad.json: INVALID"), "{}", out.stdout);
    assert_eq!(
        out.stdout.lines().last(),
        Some("4 of 5 proofs valid; invalid: k1bad.json")
    );

    // A ristretto255 proof relabelled as secp256k1 is malformed (no domain, 32-byte
    // commitments), and the other way round too.
    let mut f = read_json(&dir.path().join("r1.json"));
    f["curve"] = json!("secp256k1");
    write_json(&dir.path().join("r-as-k.json"), &f);
    let mut f = k1.clone();
    f["curve"] = json!("ristretto255");
    f["domain"] = json!("ballistic");
    write_json(&dir.path().join("k-as-r.json"), &f);
    let out = run(
        dir.path(),
        &["verify", "r-as-k.json", "k-as-r.json", "k1.json"],
    )
    .expect(2);
    assert!(
        out.stderr
            .contains("r-as-k.json: field \"domain\": secp256k1 proofs have no domain label"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("k-as-r.json: field \"commitments[0]\": not 32 bytes of hex (got 33 bytes)"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.contains("k1.json: valid"), "{}", out.stdout);
}

#[test]
fn secp256k1_openings_hold_the_nonce_and_the_proof_file_does_not() {
    use ballistic::curve::{secp256k1::Secp256k1, Curve};
    use ballistic::secp256k1::{PedersenGens, RangeProof, Transcript};

    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(
        dir.path(),
        &[
            "prove",
            "--curve",
            "secp256k1",
            "--values",
            "1037",
            "--extra-commit",
            "6b65726e656c",
            "--out",
            "proof.json",
            "--openings",
            "secrets.json",
        ],
    )
    .expect(0);
    assert!(out.stdout.is_empty());
    let proof_text = fs::read_to_string(dir.path().join("proof.json")).expect("proof file");
    let proof = read_json(&dir.path().join("proof.json"));
    let openings = read_json(&dir.path().join("secrets.json"));

    let keys = sorted_keys(&openings);
    assert_eq!(keys, ["bits", "curve", "extra_commit", "nonce", "openings"]);
    assert_eq!(openings["curve"], "secp256k1");
    assert_eq!(openings["bits"], 64);
    assert_eq!(openings["extra_commit"], "6b65726e656c");
    let nonce_hex = openings["nonce"].as_str().expect("nonce hex");
    assert_eq!(nonce_hex.len(), 64);
    assert!(is_lower_hex(nonce_hex));
    let o = &openings["openings"][0];
    assert_eq!(o["value"], 1037);
    assert_eq!(o["commitment"], proof["commitments"][0]);
    let blinding_hex = o["blinding"].as_str().expect("blinding hex");
    assert_eq!(blinding_hex.len(), 64);

    // No secret reaches the proof file.
    assert!(
        !proof_text.contains(nonce_hex),
        "nonce leaked: {proof_text}"
    );
    assert!(!proof_text.contains(blinding_hex), "blinding leaked");
    assert!(!proof_text.contains("nonce") && !proof_text.contains("blinding"));

    // The opening opens the commitment (blinding big-endian, value on H, blinding on G).
    let pc = PedersenGens::default();
    let blinding = Secp256k1::scalar_from_canonical_bytes(&hex::decode(blinding_hex).expect("hex"))
        .expect("canonical scalar");
    let v = Secp256k1::encode(&pc.commit(Secp256k1::scalar_from_u64(1037), blinding));
    assert_eq!(
        hex::encode(v),
        proof["commitments"][0].as_str().expect("hex")
    );

    // The nonce is the one the proof was made with: a wallet rewinds the proof.
    let nonce: [u8; 32] = hex::decode(nonce_hex)
        .expect("hex")
        .try_into()
        .expect("32 bytes");
    let bytes = hex::decode(proof["proof"].as_str().expect("hex")).expect("hex");
    let rp = RangeProof::from_bytes(&bytes).expect("parses");
    let t = Transcript::new().with_extra_commit(b"kernel");
    let r = rp.rewind(&pc, &t, &v, &nonce).expect("rewinds");
    assert_eq!((r.value, r.blinding), (1037, blinding));
    assert!(r.opens_commitment);

    // A second proof of the same value uses a fresh nonce and blinding.
    run(
        dir.path(),
        &[
            "prove",
            "--curve",
            "secp256k1",
            "--values",
            "1037",
            "--out",
            "p2.json",
            "--openings",
            "s2.json",
        ],
    )
    .expect(0);
    let again = read_json(&dir.path().join("s2.json"));
    assert_ne!(again["nonce"], openings["nonce"]);
    assert_ne!(again["openings"][0]["blinding"], o["blinding"]);
    assert!(again.get("extra_commit").is_none());
    assert!(again.get("domain").is_none());

    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(dir.path().join("secrets.json"))
            .expect("stat")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
}

/// The names in `dir`, sorted.
fn dir_names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .expect("read dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// Runs `ballistic prove --values values --out out --openings openings` in `dir`.
fn prove_to(dir: &Path, values: &str, out: &str, openings: &str) -> Run {
    run(
        dir,
        &[
            "prove",
            "--values",
            values,
            "--out",
            out,
            "--openings",
            openings,
        ],
    )
}

/// Checks that `path` holds the openings of `values` on ristretto255.
fn assert_openings_of(path: &Path, values: &[u64]) {
    let openings = read_json(path);
    let list = openings["openings"].as_array().expect("openings array");
    let got: Vec<u64> = list
        .iter()
        .map(|o| o["value"].as_u64().expect("value"))
        .collect();
    assert_eq!(got, values);
    assert!(list
        .iter()
        .all(|o| o["blinding"].as_str().is_some_and(|b| b.len() == 64)));
}

#[cfg(unix)]
#[test]
fn existing_openings_file_is_replaced_by_a_new_owner_only_file() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = tempfile::tempdir().expect("tempdir");
    let secrets = dir.path().join("secrets.json");
    fs::write(&secrets, b"old contents\n").expect("write");
    fs::set_permissions(&secrets, fs::Permissions::from_mode(0o644)).expect("chmod");
    // A second name of the old file (e.g. a backup someone else may read).
    fs::hard_link(&secrets, dir.path().join("backup.json")).expect("hard link");
    let old_inode = fs::metadata(&secrets).expect("stat").ino();

    prove_to(dir.path(), "7,9", "p.json", "secrets.json").expect(0);
    let meta = fs::metadata(&secrets).expect("stat");
    assert_eq!(meta.permissions().mode() & 0o777, 0o600);
    assert_ne!(
        meta.ino(),
        old_inode,
        "the secrets were written into the old file"
    );
    assert_openings_of(&secrets, &[7, 9]);
    // The old file's other name holds none of the new secrets.
    assert_eq!(
        fs::read(dir.path().join("backup.json")).expect("read"),
        b"old contents\n"
    );
    assert_eq!(
        dir_names(dir.path()),
        ["backup.json", "p.json", "secrets.json"]
    );
    run(dir.path(), &["verify", "p.json"]).expect(0);
}

#[cfg(unix)]
#[test]
fn openings_through_a_symbolic_link_are_refused_and_its_target_untouched() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().expect("tempdir");
    fs::write(dir.path().join("target.txt"), b"keep me\n").expect("write");
    symlink("target.txt", dir.path().join("secrets.json")).expect("symlink");
    symlink("missing.txt", dir.path().join("dangling.json")).expect("symlink");
    for link in ["secrets.json", "dangling.json"] {
        let out = prove_to(dir.path(), "1", "p.json", link).expect(2);
        assert!(out.stderr.contains("symbolic link"), "{}", out.stderr);
        assert!(out.stderr.contains(link), "{}", out.stderr);
        assert!(fs::symlink_metadata(dir.path().join(link))
            .expect("lstat")
            .file_type()
            .is_symlink());
    }
    assert_eq!(
        fs::read(dir.path().join("target.txt")).expect("read"),
        b"keep me\n"
    );
    // Nothing was written: no proof, no link target, no temporary file.
    assert_eq!(
        dir_names(dir.path()),
        ["dangling.json", "secrets.json", "target.txt"]
    );
}

#[test]
fn out_and_openings_naming_one_file_are_refused_before_writing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path();
    fs::create_dir(d.join("sub")).expect("mkdir");
    let absolute = d.join("x.json").to_str().expect("utf-8 path").to_owned();
    let mut cases: Vec<(&str, &str)> = vec![
        ("./x.json", "x.json"),
        ("x.json", "./x.json"),
        ("sub/../x.json", "x.json"),
        ("x.json", "sub/../x.json"),
        (&absolute, "x.json"),
        ("sub/x.json", "sub/./x.json"),
    ];
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        // A hard link and a link to an existing openings file, and a dangling link
        // to where the openings would be created.
        fs::write(d.join("old.json"), b"old secrets\n").expect("write");
        fs::hard_link(d.join("old.json"), d.join("hard.json")).expect("hard link");
        symlink("old.json", d.join("link.json")).expect("symlink");
        symlink("sub/../new.json", d.join("dangling.json")).expect("symlink");
        cases.extend([
            ("hard.json", "old.json"),
            ("link.json", "old.json"),
            ("dangling.json", "new.json"),
        ]);
    }
    let before = dir_names(d);
    for (out_path, openings) in cases {
        let out = prove_to(d, "1", out_path, openings).expect(2);
        assert!(
            out.stderr.contains("same file"),
            "--out {out_path} --openings {openings}: {}",
            out.stderr
        );
        assert_eq!(
            dir_names(d),
            before,
            "--out {out_path} --openings {openings}"
        );
        assert!(dir_names(&d.join("sub")).is_empty());
    }
    #[cfg(unix)]
    assert_eq!(
        fs::read(d.join("old.json")).expect("read"),
        b"old secrets\n"
    );

    // Different files in one directory are fine.
    prove_to(d, "1", "./sub/p.json", "sub/s.json").expect(0);
    assert_eq!(dir_names(&d.join("sub")), ["p.json", "s.json"]);
    assert_openings_of(&d.join("sub/s.json"), &[1]);
}

#[test]
fn a_failed_openings_write_leaves_no_file_behind_and_no_proof() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The openings path is a directory: the new file cannot replace it.
    fs::create_dir(dir.path().join("secrets.json")).expect("mkdir");
    fs::write(dir.path().join("secrets.json/keep"), b"k").expect("write");
    let out = prove_to(dir.path(), "1", "p.json", "secrets.json").expect(2);
    assert!(out.stderr.contains("secrets.json"), "{}", out.stderr);
    // No temporary file is left, and no proof whose blindings are lost is written.
    assert_eq!(dir_names(dir.path()), ["secrets.json"]);
    assert_eq!(dir_names(&dir.path().join("secrets.json")), ["keep"]);

    // A directory that does not exist: nothing is created either.
    let out = prove_to(dir.path(), "1", "p.json", "nodir/s.json").expect(2);
    assert!(out.stderr.contains("nodir/s.json"), "{}", out.stderr);
    assert_eq!(dir_names(dir.path()), ["secrets.json"]);
}

/// Runs `ballistic circuit prove shuffle --inputs inputs --outputs outputs --out name`
/// with `extra` arguments in `dir`.
fn prove_shuffle(dir: &Path, name: &str, inputs: &str, outputs: &str, extra: &[&str]) -> Run {
    let mut args = vec![
        "circuit",
        "prove",
        "shuffle",
        "--inputs",
        inputs,
        "--outputs",
        outputs,
        "--out",
        name,
    ];
    args.extend_from_slice(extra);
    run(dir, &args)
}

/// The length of an R1CS proof with `point`-byte points and `multipliers`
/// multipliers, computed independently of the binary: a version byte, 8 points (11
/// with a second phase), 5 scalars and two points per inner-product round.
fn expected_r1cs_len(point: usize, two_phase: bool, multipliers: usize) -> usize {
    let mut rounds = 0;
    while (1usize << rounds) < multipliers {
        rounds += 1;
    }
    1 + if two_phase { 11 } else { 8 } * point + 5 * 32 + 2 * rounds * point
}

/// The commitments of a circuit proof file, decoded from hex.
fn commitments_of(file: &Value) -> Vec<Vec<u8>> {
    file["commitments"]
        .as_array()
        .expect("commitments")
        .iter()
        .map(|c| hex::decode(c.as_str().expect("hex string")).expect("hex"))
        .collect()
}

#[test]
fn circuit_shuffle_round_trip_checked_by_the_library() {
    use ballistic::gadgets::shuffle;
    use ballistic::ristretto::r1cs::R1CSProof;
    use ballistic::ristretto::BulletproofGens;

    let dir = tempfile::tempdir().expect("tempdir");
    let out = prove_shuffle(dir.path(), "s.json", "3,1,4,1", "1,1,3,4", &[]).expect(0);
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr
            .contains("wrote s.json: shuffle of k = 4 on ristretto255, 705-byte proof"),
        "{}",
        out.stderr
    );
    let file = read_json(&dir.path().join("s.json"));
    let keys = sorted_keys(&file);
    assert_eq!(
        keys,
        ["circuit", "commitments", "curve", "domain", "k", "proof"]
    );
    assert_eq!(file["circuit"], "shuffle");
    assert_eq!(file["curve"], "ristretto255");
    assert_eq!(file["k"], 4);
    assert_eq!(file["domain"], "ShuffleProofTest");
    let commitments = commitments_of(&file);
    assert_eq!(commitments.len(), 8);
    for c in file["commitments"].as_array().expect("array") {
        let c = c.as_str().expect("string");
        assert_eq!(c.len(), 64);
        assert!(is_lower_hex(c), "{c}");
    }
    let proof = proof_of(&file);
    // 2(k − 1) = 6 multipliers and the shuffle's second phase.
    assert_eq!(proof.len(), expected_r1cs_len(32, true, 6));
    assert_eq!(proof.len(), 705);

    let out = run(dir.path(), &["circuit", "verify", "s.json"]).expect(0);
    assert_eq!(
        out.stdout,
        "s.json: valid (shuffle, ristretto255, k = 4, 705 bytes)\nall 1 proof valid\n"
    );

    // The library's own shuffle verifier, with dalek's test's transcript and
    // generators, accepts the file's proof for the file's commitments.
    let coms: Vec<CompressedRistretto> = commitments
        .iter()
        .map(|c| CompressedRistretto::from_slice(c).expect("32 bytes"))
        .collect();
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(shuffle::generators_capacity(4).expect("k"), 1);
    let r1cs = R1CSProof::from_bytes(&proof).expect("parses");
    shuffle::verify(&pc, &bp, b"ShuffleProofTest", &coms, &r1cs).expect("the library verifies");
    assert!(shuffle::verify(&pc, &bp, b"another", &coms, &r1cs).is_err());

    // Standard output without --out, a chosen domain, read back from standard input.
    let proved = run(
        dir.path(),
        &[
            "circuit",
            "prove",
            "shuffle",
            "--inputs",
            "7",
            "--outputs",
            "7",
            "--domain",
            "my app",
        ],
    )
    .expect(0);
    let file: Value = serde_json::from_str(&proved.stdout).expect("proof JSON on stdout");
    assert_eq!(file["domain"], "my app");
    assert_eq!(file["k"], 1);
    // k = 1: one linear constraint, no multiplier, no second phase.
    assert_eq!(proof_of(&file).len(), expected_r1cs_len(32, false, 1));
    let out = run_with_stdin(
        dir.path(),
        &["circuit", "verify", "-"],
        Some(proved.stdout.as_bytes()),
    )
    .expect(0);
    assert!(
        out.stdout
            .contains("<stdin>: valid (shuffle, ristretto255, k = 1, 417 bytes)"),
        "{}",
        out.stdout
    );
}

/// 300 valid shuffle files, each under its own domain, verified in one process
/// (issue 48: the byte-level API's label table held 256, so 44 of them were
/// reported malformed): every one is valid.
#[test]
fn circuit_verify_takes_any_number_of_distinct_domains() {
    use ballistic::gadgets::shuffle;
    use ballistic::ristretto::BulletproofGens;

    let dir = tempfile::tempdir().expect("tempdir");
    let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(2, 1));
    let mut rng = rand::thread_rng();
    let files = 300;
    let mut names = Vec::new();
    for i in 0..files {
        let domain = format!("distinct domain {i}");
        let (proof, commitments) = shuffle::prove_from(
            &pc,
            &bp,
            ballistic_api::transcript(domain.as_bytes()).expect("a short domain"),
            &[i as u64],
            &[i as u64],
            &mut rng,
        )
        .expect("proves");
        let name = format!("s{i}.json");
        write_json(
            &dir.path().join(&name),
            &json!({
                "circuit": "shuffle",
                "curve": "ristretto255",
                "k": 1,
                "domain": domain,
                "commitments": commitments.iter().map(|c| hex::encode(c.as_bytes())).collect::<Vec<_>>(),
                "proof": hex::encode(proof.to_bytes()),
            }),
        );
        names.push(name);
    }
    let mut args = vec!["circuit", "verify"];
    args.extend(names.iter().map(String::as_str));
    let out = run(dir.path(), &args).expect(0);
    assert_eq!(
        out.stdout.matches(": valid (shuffle").count(),
        files,
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains(&format!("all {files} proofs valid")),
        "{}",
        out.stdout
    );
}

#[test]
fn circuit_shuffle_refuses_false_statements_and_bad_flags_with_exit_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let long_domain = "d".repeat(1025);
    let cases: &[(&str, &str, &[&str], &str)] = &[
        (
            "3,1,4,1",
            "1,2,3,4",
            &[],
            "--outputs is not a permutation of --inputs: 1 appears twice in the inputs and once in the outputs",
        ),
        (
            "5",
            "6",
            &["--curve", "secp256k1"],
            "--outputs is not a permutation of --inputs: 5 appears once in the inputs and 0 times in the outputs",
        ),
        (
            "1,2,3",
            "3,2",
            &[],
            "--inputs has 3 values and --outputs 2",
        ),
        ("1", "1", &["--curve", "ed25519"], "unsupported curve \"ed25519\""),
        ("1", "1", &["--domain", &long_domain], "--domain is 1025 bytes long; the limit is 1024"),
        ("1,x", "1", &[], "invalid value"),
    ];
    for &(inputs, outputs, extra, expected) in cases {
        let out = prove_shuffle(dir.path(), "p.json", inputs, outputs, extra).expect(2);
        assert!(
            out.stderr.contains(expected),
            "{inputs} -> {outputs} {extra:?}: expected {expected:?} in:\n{}",
            out.stderr
        );
        assert!(!dir.path().join("p.json").exists(), "no proof written");
    }
    let many = (0..1025)
        .map(|i| i.to_string())
        .collect::<Vec<_>>()
        .join(",");
    let out = prove_shuffle(dir.path(), "p.json", &many, &many, &[]).expect(2);
    assert!(
        out.stderr
            .contains("--inputs has 1025 values; the limit is 1024"),
        "{}",
        out.stderr
    );
    run(
        dir.path(),
        &["circuit", "prove", "shuffle", "--inputs", "1"],
    )
    .expect(2);
    run(dir.path(), &["circuit", "prove", "sha512"]).expect(2);
}

#[test]
fn circuit_tampered_shuffles_are_invalid_and_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    prove_shuffle(dir.path(), "good.json", "10,20,30", "30,10,20", &[]).expect(0);
    let good = read_json(&dir.path().join("good.json"));
    let proof = proof_of(&good);
    let mut cases: Vec<(&str, Value)> = Vec::new();
    // A bit of t_x (after the version byte and 11 points), of the first point, of
    // the last scalar.
    for (name, pos) in [
        ("tx.json", 1 + 11 * 32),
        ("point.json", 1),
        ("b.json", proof.len() - 32),
    ] {
        let mut bad = proof.clone();
        bad[pos] ^= 0x01;
        let mut file = good.clone();
        file["proof"] = json!(hex::encode(&bad));
        cases.push((name, file));
    }
    // Inputs and outputs exchanged: a shuffle too, but another statement.
    let c = good["commitments"].as_array().expect("array").clone();
    let mut file = good.clone();
    file["commitments"] = json!([c[3], c[4], c[5], c[0], c[1], c[2]]);
    cases.push(("exchanged.json", file));
    // Another domain.
    let mut file = good.clone();
    file["domain"] = json!("another");
    cases.push(("domain.json", file));
    // A commitment that is not a point.
    let mut file = good.clone();
    file["commitments"][0] = json!("ff".repeat(32));
    cases.push(("notpoint.json", file));
    // The proof of another k: the length of another shape.
    let other = read_json(&dir.path().join({
        prove_shuffle(dir.path(), "k5.json", "1,2,3,4,5", "5,4,3,2,1", &[]).expect(0);
        "k5.json"
    }));
    let mut file = good.clone();
    file["proof"] = other["proof"].clone();
    cases.push(("shape.json", file));

    for (name, file) in &cases {
        write_json(&dir.path().join(name), file);
        let out = run(dir.path(), &["circuit", "verify", name]).expect(1);
        assert!(
            out.stdout.contains(&format!("{name}: INVALID (")),
            "{}",
            out.stdout
        );
        assert!(
            out.stdout
                .ends_with(&format!("0 of 1 proof valid; invalid: {name}\n")),
            "{}",
            out.stdout
        );
    }
    let out = run(dir.path(), &["circuit", "verify", "notpoint.json"]).expect(1);
    assert!(
        out.stdout
            .contains("INVALID (commitments[0] is not a valid ristretto255 point)"),
        "{}",
        out.stdout
    );
    let out = run(dir.path(), &["circuit", "verify", "shape.json"]).expect(1);
    assert!(
        out.stdout
            .contains("INVALID (proof is 705 bytes; a shuffle of k = 3 needs 641)"),
        "{}",
        out.stdout
    );
    run(dir.path(), &["circuit", "verify", "good.json", "k5.json"]).expect(0);
}

#[test]
fn circuit_malformed_files_exit_2_naming_file_and_field() {
    let dir = tempfile::tempdir().expect("tempdir");
    prove_shuffle(dir.path(), "good.json", "1,2", "2,1", &[]).expect(0);
    let good = read_json(&dir.path().join("good.json"));
    // A range proof file is not a circuit proof file.
    prove(dir.path(), "range.json", 8, "1");
    let mut cases: Vec<(&str, &str)> = vec![
        ("junk.json", "junk.json: not valid JSON"),
        ("range.json", "range.json: unknown field `bits`"),
    ];
    fs::write(dir.path().join("junk.json"), "{not json").expect("write");
    let edits: Vec<(&str, &str, Option<Value>, &str)> = vec![
        (
            "circuit",
            "nocircuit.json",
            None,
            "field \"circuit\": missing",
        ),
        (
            "circuit",
            "circuit.json",
            Some(json!("sha512")),
            "field \"circuit\": unsupported circuit \"sha512\"",
        ),
        (
            "k",
            "k.json",
            Some(json!(3)),
            "field \"commitments\": 4 entries; a shuffle of k = 3 has 2k = 6",
        ),
        (
            "k",
            "k0.json",
            Some(json!(0)),
            "field \"k\": expected an integer in 1..=1024, got 0",
        ),
        ("domain", "domain.json", None, "field \"domain\": missing"),
        (
            "proof",
            "proof.json",
            Some(json!("00".repeat(100))),
            "field \"proof\": 100 bytes is not the length of an R1CS proof",
        ),
        (
            "commitments",
            "hex.json",
            Some(json!(["zz", "00", "00", "00"])),
            "field \"commitments[0]\": not 32 bytes of hex",
        ),
    ];
    for (field, name, value, expected) in edits {
        let mut file = good.clone();
        let obj = file.as_object_mut().expect("object");
        match value {
            Some(v) => obj.insert(field.into(), v),
            None => obj.remove(field),
        };
        write_json(&dir.path().join(name), &file);
        cases.push((name, expected));
    }
    for (name, expected) in &cases {
        let out = run(dir.path(), &["circuit", "verify", name]).expect(2);
        assert!(out.stderr.contains(expected), "{name}: {}", out.stderr);
        assert!(
            out.stdout.contains(&format!("{name}: MALFORMED")),
            "{}",
            out.stdout
        );
    }
    let out = run(dir.path(), &["circuit", "verify", "missing.json"]).expect(2);
    assert!(
        out.stderr.contains("missing.json: cannot open"),
        "{}",
        out.stderr
    );
    run(dir.path(), &["circuit", "verify"]).expect(2);
}

#[test]
fn circuit_verify_batches_many_files_and_names_the_invalid_one() {
    let dir = tempfile::tempdir().expect("tempdir");
    prove_shuffle(dir.path(), "a.json", "1,2,3", "3,2,1", &[]).expect(0);
    prove_shuffle(dir.path(), "b.json", "9", "9", &["--domain", "b"]).expect(0);
    prove_shuffle(
        dir.path(),
        "c.json",
        "5,6",
        "6,5",
        &["--curve", "secp256k1"],
    )
    .expect(0);
    prove_shuffle(
        dir.path(),
        "d.json",
        "0,0,1,1,2",
        "1,0,2,1,0",
        &["--curve", "secp256k1", "--domain", "d"],
    )
    .expect(0);
    let c = read_json(&dir.path().join("c.json"));
    let mut bad = c.clone();
    bad["domain"] = json!("not the one");
    write_json(&dir.path().join("bad.json"), &bad);

    let out = run(
        dir.path(),
        &[
            "circuit", "verify", "a.json", "c.json", "bad.json", "b.json", "d.json",
        ],
    )
    .expect(1);
    for line in [
        "a.json: valid (shuffle, ristretto255, k = 3, 641 bytes)",
        "b.json: valid (shuffle, ristretto255, k = 1, 417 bytes)",
        "c.json: valid (shuffle, secp256k1, k = 2, 590 bytes)",
        "bad.json: INVALID (proof does not verify)",
        "d.json: valid (shuffle, secp256k1, k = 5, 722 bytes)",
    ] {
        assert!(out.stdout.contains(line), "missing {line}:\n{}", out.stdout);
    }
    assert_eq!(
        out.stdout.lines().last(),
        Some("4 of 5 proofs valid; invalid: bad.json")
    );
    // In argument order.
    assert_eq!(
        reported_files(&out.stdout),
        ["a.json", "c.json", "bad.json", "b.json", "d.json"]
    );

    // A malformed file among them: exit 2, and every other file is still verified.
    fs::write(dir.path().join("junk.json"), "[]").expect("write");
    let out = run(
        dir.path(),
        &[
            "circuit",
            "verify",
            "junk.json",
            "a.json",
            "bad.json",
            "d.json",
        ],
    )
    .expect(2);
    assert!(out.stdout.contains("a.json: valid"), "{}", out.stdout);
    assert!(out.stdout.contains("d.json: valid"), "{}", out.stdout);
    assert!(out.stdout.contains("bad.json: INVALID"), "{}", out.stdout);
    assert!(
        out.stderr
            .contains("junk.json: expected a ballistic circuit proof file"),
        "{}",
        out.stderr
    );
    assert_eq!(
        out.stdout.lines().last(),
        Some("2 of 4 proofs valid; invalid: bad.json; malformed: junk.json")
    );
}

#[test]
fn circuit_shuffle_on_secp256k1_checked_by_the_library() {
    use ballistic::curve::secp256k1::Secp256k1;
    use ballistic::gadgets::shuffle;
    use ballistic::generators::{BulletproofGens, PedersenGens};
    use ballistic::r1cs::R1CSProof;

    let dir = tempfile::tempdir().expect("tempdir");
    prove_shuffle(
        dir.path(),
        "k.json",
        "100,200,300",
        "300,100,200",
        &["--curve", "secp256k1", "--domain", "mix"],
    )
    .expect(0);
    let file = read_json(&dir.path().join("k.json"));
    assert_eq!(file["curve"], "secp256k1");
    assert_eq!(file["domain"], "mix");
    let commitments = commitments_of(&file);
    assert_eq!(commitments.len(), 6);
    for c in &commitments {
        assert_eq!(c.len(), 33);
        assert!(c[0] == 0x08 || c[0] == 0x09, "prefix {:02x}", c[0]);
    }
    let proof = proof_of(&file);
    assert_eq!(proof.len(), expected_r1cs_len(33, true, 4));
    let out = run(dir.path(), &["circuit", "verify", "k.json"]).expect(0);
    assert!(
        out.stdout.contains(&format!(
            "k.json: valid (shuffle, secp256k1, k = 3, {} bytes)",
            proof.len()
        )),
        "{}",
        out.stdout
    );

    let coms: Vec<[u8; 33]> = commitments
        .iter()
        .map(|c| <[u8; 33]>::try_from(c.as_slice()).expect("33 bytes"))
        .collect();
    let pc = PedersenGens::<Secp256k1>::default();
    let bp = BulletproofGens::<Secp256k1>::new(shuffle::generators_capacity(3).expect("k"), 1);
    let r1cs = R1CSProof::<Secp256k1>::from_bytes(&proof).expect("parses");
    shuffle::verify(&pc, &bp, b"mix", &coms, &r1cs).expect("the library verifies");

    // The same proof relabelled as ristretto255 is malformed (33-byte commitments).
    let mut relabelled = file.clone();
    relabelled["curve"] = json!("ristretto255");
    write_json(&dir.path().join("r.json"), &relabelled);
    let out = run(dir.path(), &["circuit", "verify", "r.json"]).expect(2);
    assert!(
        out.stderr.contains("r.json: field \"proof\""),
        "{}",
        out.stderr
    );
}

#[test]
fn circuit_sha256_message_round_trip_digest_is_sha2s_and_forgeries_are_invalid() {
    let dir = tempfile::tempdir().expect("tempdir");
    let message = "ballistic: a secret";
    let out = run(
        dir.path(),
        &[
            "circuit",
            "prove",
            "sha256",
            "--message",
            message,
            "--out",
            "h.json",
        ],
    )
    .expect(0);
    assert!(out.stdout.is_empty());
    let digest = hex::encode(Sha256::digest(message.as_bytes()));
    assert!(
        out.stderr.contains(&format!(
            "wrote h.json: sha256 message proof on ristretto255, digest {digest}, 1377-byte proof"
        )),
        "{}",
        out.stderr
    );
    let text = fs::read_to_string(dir.path().join("h.json")).expect("read");
    let file: Value = serde_json::from_str(&text).expect("json");
    let keys = sorted_keys(&file);
    assert_eq!(keys, ["circuit", "curve", "digest", "proof", "statement"]);
    assert_eq!(file["circuit"], "sha256");
    assert_eq!(file["curve"], "ristretto255");
    assert_eq!(file["statement"], "message");
    // The digest is the ordinary SHA-256 of the message.
    assert_eq!(file["digest"], json!(digest));
    // One phase, 2^15 padded multipliers.
    assert_eq!(proof_of(&file).len(), expected_r1cs_len(32, false, 1 << 15));
    // The preimage is not in the file, as text or as hex.
    assert!(!text.contains("secret"), "{text}");
    assert!(!text.contains(&hex::encode(message)), "{text}");
    // The argument form warns; a file (its bytes as they are) gives the same digest.
    assert!(
        out.stderr.contains("warning: --message puts a secret"),
        "{}",
        out.stderr
    );
    fs::write(dir.path().join("m.txt"), message).expect("write");
    let out = run(
        dir.path(),
        &[
            "circuit",
            "prove",
            "sha256",
            "--message-file",
            "m.txt",
            "--out",
            "hf.json",
        ],
    )
    .expect(0);
    assert!(!out.stderr.contains("warning"), "{}", out.stderr);
    assert_eq!(
        read_json(&dir.path().join("hf.json"))["digest"],
        json!(digest)
    );

    // Forgeries: a flipped proof bit (t_x, after the version byte and 8 points), another
    // digest, the other statement. With a shuffle proof in the same batch.
    let mut flipped = proof_of(&file);
    flipped[1 + 8 * 32] ^= 0x01;
    let mut f = file.clone();
    f["proof"] = json!(hex::encode(&flipped));
    write_json(&dir.path().join("flipped.json"), &f);
    let mut f = file.clone();
    f["digest"] = json!(hex::encode(Sha256::digest(b"ballistic: another")));
    write_json(&dir.path().join("digest.json"), &f);
    let mut f = file.clone();
    f["statement"] = json!("compression");
    write_json(&dir.path().join("statement.json"), &f);
    prove_shuffle(dir.path(), "s.json", "1,2", "2,1", &[]).expect(0);

    let out = run(
        dir.path(),
        &[
            "circuit",
            "verify",
            "flipped.json",
            "h.json",
            "digest.json",
            "s.json",
            "statement.json",
        ],
    )
    .expect(1);
    assert!(
        out.stdout.contains(&format!(
            "h.json: valid (sha256 message, ristretto255, digest {digest}, 1377 bytes)"
        )),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("s.json: valid (shuffle"),
        "{}",
        out.stdout
    );
    for name in ["flipped.json", "digest.json", "statement.json"] {
        assert!(
            out.stdout
                .contains(&format!("{name}: INVALID (proof does not verify)")),
            "{}",
            out.stdout
        );
    }
    assert_eq!(
        out.stdout.lines().last(),
        Some("2 of 5 proofs valid; invalid: flipped.json, digest.json, statement.json")
    );
    run(dir.path(), &["circuit", "verify", "h.json", "s.json"]).expect(0);

    // A shuffle proof is no SHA-256 proof: another length.
    let mut f = file.clone();
    f["proof"] = read_json(&dir.path().join("s.json"))["proof"].clone();
    write_json(&dir.path().join("short.json"), &f);
    let out = run(dir.path(), &["circuit", "verify", "short.json"]).expect(1);
    assert!(
        out.stdout
            .contains("short.json: INVALID (proof is 577 bytes; a SHA-256 proof needs 1377)"),
        "{}",
        out.stdout
    );
}

#[test]
fn circuit_sha256_refuses_long_messages_and_bad_preimages_with_exit_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let long_text = "x".repeat(56);
    let long_hex = "00".repeat(56);
    let short_block = "00".repeat(63);
    let cases: &[(&[&str], &str)] = &[
        (
            &["--message", &long_text],
            "--message is 56 bytes; the limit is 55",
        ),
        (
            &["--message-hex", &long_hex],
            "--message-hex is 56 bytes; the limit is 55",
        ),
        (&["--message-hex", "abc"], "--message-hex: not hex"),
        (
            &["--block-hex", &short_block],
            "--block-hex: not 64 bytes of hex (128 digits; got 126 characters)",
        ),
        (&["--block-hex", "zz"], "--block-hex: not 64 bytes of hex"),
        (
            &["--message", "a", "--message-hex", "61"],
            "cannot be used with",
        ),
        (
            &[],
            "--message <TEXT>|--message-hex <HEX>|--block-hex <HEX128>",
        ),
        (
            &["--message", "a", "--curve", "p256"],
            "unsupported curve \"p256\"",
        ),
    ];
    for &(extra, expected) in cases {
        let mut args = vec!["circuit", "prove", "sha256", "--out", "p.json"];
        args.extend_from_slice(extra);
        let out = run(dir.path(), &args).expect(2);
        assert!(
            out.stderr.contains(expected),
            "{extra:?}: expected {expected:?} in:\n{}",
            out.stderr
        );
        assert!(!dir.path().join("p.json").exists(), "no proof written");
    }
    let out = run(dir.path(), &["circuit", "prove", "sha256", "--help"]).expect(0);
    for text in [
        "--message",
        "--message-hex",
        "--block-hex",
        "55 bytes",
        "compression",
    ] {
        assert!(out.stdout.contains(text), "{text}:\n{}", out.stdout);
    }
}
