//! End-to-end tests of `ballistic mpc`: the in-memory demo, the dealer and parties
//! as separate processes exchanging files, the proof files they write (checked by
//! `ballistic verify` and by the library), and bad input.

mod support;

use std::path::Path;
use std::process::{Child, Command, Stdio};

use ballistic::merlin::Transcript;
use ballistic::ristretto::{BulletproofGens, CompressedRistretto, PedersenGens, RangeProof};
use serde_json::Value;
use support::{read_json, run};

/// Starts `ballistic args...` in `dir` without waiting for it.
fn spawn(dir: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_ballistic"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn ballistic")
}

/// Waits for a child; its exit status and standard output.
fn finish(child: Child) -> (i32, String) {
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "panicked: {stderr}");
    (
        out.status.code().expect("exited"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The proof of a proof file, checked against the library with its commitments.
fn check_with_library(file: &Value, n: usize, m: usize) {
    assert_eq!(file["curve"], "ristretto255");
    assert_eq!(file["bits"], n);
    let commitments: Vec<CompressedRistretto> = file["commitments"]
        .as_array()
        .expect("commitments")
        .iter()
        .map(|c| {
            let b = hex::decode(c.as_str().expect("hex")).expect("hex");
            CompressedRistretto::from_slice(&b).expect("32 bytes")
        })
        .collect();
    assert_eq!(commitments.len(), m);
    let proof = RangeProof::from_bytes(&support::proof_of(file)).expect("proof bytes");
    let domain = file["domain"].as_str().expect("domain").to_owned();
    let label: &'static [u8] = Box::leak(domain.into_boxed_str()).as_bytes();
    let bp = BulletproofGens::new(n, m);
    assert!(proof
        .verify_multiple(
            &bp,
            &PedersenGens::default(),
            &mut Transcript::new(label),
            &commitments,
            n
        )
        .is_ok());
}

#[test]
fn demo_runs_every_round_and_verifies() {
    let dir = tempfile::tempdir().expect("tempdir");
    for (parties, bits, trusted) in [(4, 64, false), (3, 7, true), (1, 1, false)] {
        let p = parties.to_string();
        let b = bits.to_string();
        let mut args = vec!["mpc", "demo", "--parties", &p, "--bits", &b];
        if trusted {
            args.push("--trusted");
        }
        let r = run(dir.path(), &args)
            .expect(0)
            .stdout_has("the proof verifies");
        // Dalek's message sizes: 96, 64, 64, 32 and 112 + 64·n bytes.
        for size in ["96 B bincode", "64 B bincode", "32 B bincode"] {
            assert!(r.stdout.contains(size), "{size} in\n{}", r.stdout);
        }
        let share = format!("{:>5} B bincode", 112 + 64 * bits);
        assert!(r.stdout.contains(&share), "{share} in\n{}", r.stdout);
    }
}

#[test]
fn demo_json_dir_holds_a_verifiable_proof_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let msgs = dir.path().join("msgs");
    let m = msgs.to_str().expect("utf-8");
    run(
        dir.path(),
        &[
            "mpc",
            "demo",
            "--parties",
            "2",
            "--bits",
            "16",
            "--json-dir",
            m,
        ],
    )
    .expect(0);
    for name in [
        "bit_commitment_0.json",
        "bit_commitment_1.json",
        "bit_challenge.json",
        "poly_commitment_1.json",
        "poly_challenge.json",
        "proof_share_0.json",
    ] {
        assert!(msgs.join(name).exists(), "{name}");
    }
    // A share holds n scalars in each of l and r (as dalek's serde writes them).
    let share = read_json(&msgs.join("proof_share_1.json"));
    assert_eq!(share["l_vec"].as_array().expect("l_vec").len(), 16);
    let file = read_json(&msgs.join("proof.json"));
    check_with_library(&file, 16, 2);
    run(dir.path(), &["verify", "msgs/proof.json"]).expect(0);
}

#[test]
fn dealer_and_parties_as_processes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let msgs = dir.path().join("msgs");
    std::fs::create_dir(&msgs).expect("mkdir");
    let m = msgs.to_str().expect("utf-8");
    let values = [5u64, 250, 0];
    let mut parties = Vec::new();
    for (j, v) in values.iter().enumerate() {
        let (j, v) = (j.to_string(), v.to_string());
        let openings = format!("opening_{j}.json");
        parties.push(spawn(
            dir.path(),
            &[
                "mpc",
                "party",
                "--json-dir",
                m,
                "--index",
                &j,
                "--value",
                &v,
                "--bits",
                "8",
                "--openings",
                &openings,
                "--timeout",
                "60",
            ],
        ));
    }
    let dealer = spawn(
        dir.path(),
        &[
            "mpc",
            "dealer",
            "--json-dir",
            m,
            "--parties",
            "3",
            "--bits",
            "8",
            "--domain",
            "mpc test",
            "--timeout",
            "60",
        ],
    );
    let (code, out) = finish(dealer);
    assert_eq!(code, 0, "{out}");
    for p in parties {
        assert_eq!(finish(p).0, 0);
    }
    let file = read_json(&msgs.join("proof.json"));
    assert_eq!(file["domain"], "mpc test");
    check_with_library(&file, 8, 3);
    run(dir.path(), &["verify", "msgs/proof.json"]).expect(0);
    // Each party's opening opens its commitment in the proof file.
    let pc = PedersenGens::default();
    for (j, v) in values.iter().enumerate() {
        let o = read_json(&dir.path().join(format!("opening_{j}.json")));
        let opening = &o["openings"][0];
        assert_eq!(opening["value"], *v);
        let blinding: [u8; 32] = hex::decode(opening["blinding"].as_str().expect("hex"))
            .expect("hex")
            .try_into()
            .expect("32 bytes");
        let blinding =
            ballistic::ristretto::Scalar::from_canonical_bytes(blinding).expect("scalar");
        let c = pc
            .commit(ballistic::ristretto::Scalar::from(*v), blinding)
            .compress();
        assert_eq!(hex::encode(c.as_bytes()), file["commitments"][j]);
        assert_eq!(opening["commitment"], file["commitments"][j]);
    }
}

#[test]
fn bad_input_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    run(dir.path(), &["mpc", "demo", "--bits", "65"])
        .expect(2)
        .stderr_has("--bits");
    run(dir.path(), &["mpc", "demo", "--bits", "0"]).expect(2);
    run(dir.path(), &["mpc", "demo", "--parties", "0"])
        .expect(2)
        .stderr_has("--parties");
    run(dir.path(), &["mpc", "demo", "--parties", "1025"]).expect(2);
    // A value out of range: the party refuses before writing anything.
    let m = dir.path().to_str().expect("utf-8");
    run(
        dir.path(),
        &[
            "mpc",
            "party",
            "--json-dir",
            m,
            "--index",
            "0",
            "--value",
            "256",
            "--bits",
            "8",
        ],
    )
    .expect(2)
    .stderr_has("ValueOutOfRange");
    assert!(!dir.path().join("bit_commitment_0.json").exists());
    // A dealer whose parties never come gives up.
    run(
        dir.path(),
        &[
            "mpc",
            "dealer",
            "--json-dir",
            m,
            "--parties",
            "2",
            "--bits",
            "8",
            "--timeout",
            "1",
        ],
    )
    .expect(2)
    .stderr_has("not there after");
    // A stale directory (a challenge of an earlier proof) is refused.
    std::fs::write(dir.path().join("bit_challenge.json"), b"{}").expect("write");
    run(
        dir.path(),
        &["mpc", "dealer", "--json-dir", m, "--parties", "1"],
    )
    .expect(2)
    .stderr_has("empty directory");
    // A malformed message: the dealer names the file.
    let d2 = tempfile::tempdir().expect("tempdir");
    let m2 = d2.path().to_str().expect("utf-8");
    std::fs::write(d2.path().join("bit_commitment_0.json"), b"{\"V_j\":1}").expect("write");
    run(
        d2.path(),
        &[
            "mpc",
            "dealer",
            "--json-dir",
            m2,
            "--parties",
            "1",
            "--bits",
            "8",
            "--timeout",
            "5",
        ],
    )
    .expect(2)
    .stderr_has("bit_commitment_0.json");
}
