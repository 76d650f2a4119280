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

/// A new directory `parent/name` writable by its owner only (the exchange
/// directory's rule, whatever the umask).
fn private_dir(parent: &Path, name: &str) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = parent.join(name);
    std::fs::create_dir(&dir).expect("mkdir");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    dir
}

/// `m` parties (values `10·j`, 8 bits) and a dealer over `dir`; `party_args` are
/// added to every party's arguments. The dealer's and the parties' exit statuses
/// and the parties' standard error.
fn run_proof(
    dir: &Path,
    m: usize,
    dealer_domain: &str,
    party_args: &[&str],
    timeout: &str,
) -> (i32, Vec<(i32, String)>) {
    let d = dir.to_str().expect("utf-8");
    let parties: Vec<Child> = (0..m)
        .map(|j| {
            let (j, v) = (j.to_string(), (10 * j).to_string());
            let mut args = vec![
                "mpc",
                "party",
                "--json-dir",
                d,
                "--index",
                &j,
                "--value",
                &v,
                "--bits",
                "8",
                "--timeout",
                timeout,
            ];
            args.extend_from_slice(party_args);
            spawn(dir, &args)
        })
        .collect();
    let m_text = m.to_string();
    let dealer = spawn(
        dir,
        &[
            "mpc",
            "dealer",
            "--json-dir",
            d,
            "--parties",
            &m_text,
            "--bits",
            "8",
            "--domain",
            dealer_domain,
            "--timeout",
            timeout,
        ],
    );
    let parties = parties
        .into_iter()
        .map(|p| {
            let out = p.wait_with_output().expect("wait");
            let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
            assert!(!stderr.contains("panicked"), "{stderr}");
            (out.status.code().expect("exited"), stderr)
        })
        .collect();
    let dealer = dealer.wait_with_output().expect("wait");
    (dealer.status.code().expect("exited"), parties)
}

/// Recomputing parties check each of the dealer's challenges against their own
/// transcript and every party's commitments: with the dealer's context they
/// answer and the proof verifies; with another they refuse and send no share.
#[test]
fn recomputing_parties_check_the_dealers_challenges() {
    let dir = tempfile::tempdir().expect("tempdir");
    let ok = private_dir(dir.path(), "ok");
    let args = [
        "--recompute",
        "--parties",
        "3",
        "--domain",
        "shared context",
    ];
    let (dealer, parties) = run_proof(&ok, 3, "shared context", &args, "60");
    assert_eq!(dealer, 0);
    assert!(parties.iter().all(|(code, _)| *code == 0), "{parties:?}");
    check_with_library(&read_json(&ok.join("proof.json")), 8, 3);

    let other = private_dir(dir.path(), "other");
    let args = [
        "--recompute",
        "--parties",
        "2",
        "--domain",
        "another context",
    ];
    let (dealer, parties) = run_proof(&other, 2, "shared context", &args, "3");
    assert_eq!(dealer, 2, "the dealer gets no shares");
    for (code, stderr) in &parties {
        assert_eq!(*code, 2);
        assert!(
            stderr.contains("the dealer's challenge is not the one"),
            "{stderr}"
        );
    }
    assert!(!other.join("proof_share_0.json").exists());
    assert!(!other.join("proof.json").exists());
    // An index beyond the parties is refused before anything is written.
    let d = other.to_str().expect("utf-8");
    run(
        dir.path(),
        &[
            "mpc",
            "party",
            "--json-dir",
            d,
            "--index",
            "2",
            "--value",
            "1",
            "--bits",
            "8",
            "--recompute",
            "--parties",
            "2",
        ],
    )
    .expect(2)
    .stderr_has("positions 0..2");
}

/// The exchange directory (issue 48): others may not write it, and a link planted
/// at a message or at the proof file is never written through.
#[test]
fn exchange_directory_rules() {
    use std::os::unix::fs::{symlink, PermissionsExt};
    let dir = tempfile::tempdir().expect("tempdir");
    let open = private_dir(dir.path(), "open");
    let d = open.to_str().expect("utf-8");
    for (mode, who) in [(0o770, "its group"), (0o707, "other users")] {
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(mode)).expect("chmod");
        run(
            dir.path(),
            &[
                "mpc",
                "dealer",
                "--json-dir",
                d,
                "--parties",
                "1",
                "--timeout",
                "1",
            ],
        )
        .expect(2)
        .stderr_has(who);
        run(
            dir.path(),
            &[
                "mpc",
                "party",
                "--json-dir",
                d,
                "--index",
                "0",
                "--value",
                "1",
            ],
        )
        .expect(2)
        .stderr_has(who);
    }
    assert_eq!(
        std::fs::read_dir(&open).expect("ls").count(),
        0,
        "nothing written"
    );

    let msgs = private_dir(dir.path(), "msgs");
    let victim = dir.path().join("victim");
    std::fs::write(&victim, b"keep me").expect("write");
    symlink(&victim, msgs.join("proof.json")).expect("link");
    let (dealer, parties) = run_proof(&msgs, 2, "links", &[], "60");
    assert_eq!(dealer, 0);
    assert!(parties.iter().all(|(code, _)| *code == 0), "{parties:?}");
    assert_eq!(std::fs::read(&victim).expect("read"), b"keep me");
    let meta = std::fs::symlink_metadata(msgs.join("proof.json")).expect("proof");
    assert!(meta.file_type().is_file());
    run(dir.path(), &["verify", "msgs/proof.json"]).expect(0);

    // A message planted as a link is refused, not read.
    let planted = private_dir(dir.path(), "planted");
    symlink(&victim, planted.join("bit_commitment_0.json")).expect("link");
    let p = planted.to_str().expect("utf-8");
    run(
        dir.path(),
        &[
            "mpc",
            "dealer",
            "--json-dir",
            p,
            "--parties",
            "1",
            "--timeout",
            "5",
        ],
    )
    .expect(2)
    .stderr_has("symbolic link");
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
    let msgs = private_dir(dir.path(), "msgs");
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
