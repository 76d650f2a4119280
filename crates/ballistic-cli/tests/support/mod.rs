//! Helpers shared by the end-to-end tests of the `ballistic` binary (`mod support;`
//! in each test file): running the binary, reading and writing JSON files, and
//! editing proof files.

// Each test file uses a subset of these helpers.
#![allow(dead_code)]

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

/// The outcome of one run of the binary.
#[derive(Debug)]
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// Asserts the exit status and that nothing panicked.
    pub fn expect(self, code: i32) -> Run {
        assert_eq!(
            self.code, code,
            "unexpected exit status\nstdout:\n{}\nstderr:\n{}",
            self.stdout, self.stderr
        );
        assert!(
            !self.stderr.contains("panicked") && !self.stderr.contains("RUST_BACKTRACE"),
            "the binary panicked:\n{}",
            self.stderr
        );
        self
    }

    /// Asserts that standard output contains `text`.
    pub fn stdout_has(self, text: &str) -> Run {
        assert_contains("stdout", &self.stdout, text);
        self
    }

    /// Asserts that standard error contains `text`.
    pub fn stderr_has(self, text: &str) -> Run {
        assert_contains("stderr", &self.stderr, text);
        self
    }
}

/// Asserts that the output `stream` (named `name`) contains `text`.
fn assert_contains(name: &str, stream: &str, text: &str) {
    assert!(
        stream.contains(text),
        "expected {text:?} in {name}:\n{stream}"
    );
}

/// Runs `ballistic args...` in `dir`, optionally feeding `stdin`.
pub fn run_with_stdin(dir: &Path, args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_ballistic"));
    cmd.args(args)
        .current_dir(dir)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn ballistic");
    if let Some(input) = stdin {
        child
            .stdin
            .take()
            .expect("piped stdin")
            .write_all(input)
            .expect("write stdin");
    }
    let out = child.wait_with_output().expect("wait for ballistic");
    Run {
        code: out.status.code().expect("exited normally, not by a signal"),
        stdout: String::from_utf8(out.stdout).expect("utf-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("utf-8 stderr"),
    }
}

/// Runs `ballistic args...` in `dir`.
pub fn run(dir: &Path, args: &[&str]) -> Run {
    run_with_stdin(dir, args, None)
}

/// The JSON value in the file at `path`.
pub fn read_json(path: &Path) -> Value {
    serde_json::from_slice(&fs::read(path).expect("read json")).expect("valid json")
}

/// Writes `v` as JSON to `path`.
pub fn write_json(path: &Path, v: &Value) {
    fs::write(path, serde_json::to_vec(v).expect("encode")).expect("write json");
}

/// `values` as a `--values` argument: `1,2,3`.
pub fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The proof bytes of a proof file.
pub fn proof_of(file: &Value) -> Vec<u8> {
    hex::decode(file["proof"].as_str().expect("hex string")).expect("hex")
}

/// `file` with the lowest bit of proof byte `i` flipped.
pub fn flip_proof_bit(file: &Value, i: usize) -> Value {
    let mut bytes = proof_of(file);
    bytes[i] ^= 0x01;
    let mut out = file.clone();
    out["proof"] = json!(hex::encode(bytes));
    out
}

/// `⌈log2(n·m)⌉`, computed independently of the binary.
pub fn rounds(n: usize, m: usize) -> usize {
    let mut r = 0;
    while (1usize << r) < n * m {
        r += 1;
    }
    r
}

/// secp256k1-zkp's proof length for `n·m` generators (a power of two), computed
/// independently of the binary: 289, 353, then `353 + ⌈2r/8⌉ + 64·r` for `r` rounds.
pub fn expected_secp_proof_len(nm: usize) -> usize {
    match nm {
        1 => 289,
        2 => 353,
        _ => {
            let r = nm.trailing_zeros() as usize - 1;
            353 + (2 * r).div_ceil(8) + 64 * r
        }
    }
}

/// Tari's proof length, computed independently of the binary: the degree byte,
/// `t + 2` scalars and `3 + 2·rounds` points (32 bytes on ristretto255, 33 on
/// secp256k1).
pub fn expected_plus_len(curve: &str, t: usize, n: usize, m: usize) -> usize {
    let point = if curve == "secp256k1" { 33 } else { 32 };
    1 + 32 * (t + 2) + point * (3 + 2 * rounds(n, m))
}

/// For each case `(name, file, expected)`: writes `file` to `dir/name` and checks
/// that `verify good name` exits 2, reports `name` MALFORMED with `error: name:
/// expected` on standard error, and still finds `good` valid. `context` starts the
/// assertion messages.
pub fn assert_malformed_beside<S: AsRef<str>>(
    dir: &Path,
    good: &str,
    cases: &[(&str, Value, S)],
    context: &str,
) {
    for (name, value, expected) in cases {
        let expected = expected.as_ref();
        write_json(&dir.join(name), value);
        let out = run(dir, &["verify", good, name]).expect(2);
        assert!(
            out.stderr.contains(&format!("error: {name}: {expected}")),
            "{context} {name}: expected {expected:?} in stderr:\n{}",
            out.stderr
        );
        out.stdout_has(&format!("{name}: MALFORMED"))
            .stdout_has(&format!("{good}: valid"));
    }
}

/// Runs `verify files...` in `dir`, expects every proof valid, and checks that the
/// files are reported in their order.
pub fn verify_all_valid<S: AsRef<str>>(dir: &Path, files: &[S]) -> Run {
    let files: Vec<&str> = files.iter().map(AsRef::as_ref).collect();
    let mut args = vec!["verify"];
    args.extend_from_slice(&files);
    let out = run(dir, &args).expect(0);
    let summary = format!("all {} proofs valid", files.len());
    assert_eq!(out.stdout.lines().last(), Some(summary.as_str()));
    assert_eq!(reported_files(&out.stdout), files);
    out
}

/// The files `verify` reports on, in its order: the names before `:` of the lines
/// of `stdout` about `.json` files.
pub fn reported_files(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .filter_map(|l| l.split(':').next())
        .filter(|n| n.ends_with(".json"))
        .collect()
}

/// The field names of a JSON object, sorted.
pub fn sorted_keys(object: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = object
        .as_object()
        .expect("a JSON object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

/// `null` is absence: `ballistic verify` gives `file` with each of `fields` set to
/// `null` the exit status and the verdict it gives `file` without the field (a
/// field the file has, or one it does not).
pub fn assert_null_is_absent(dir: &Path, file: &Value, fields: &[&str]) {
    for field in fields {
        let mut absent = file.clone();
        absent
            .as_object_mut()
            .expect("a proof file is an object")
            .remove(*field);
        let mut null = file.clone();
        null[*field] = Value::Null;
        write_json(&dir.join("absent.json"), &absent);
        write_json(&dir.join("null.json"), &null);
        let a = run(dir, &["verify", "absent.json"]);
        let n = run(dir, &["verify", "null.json"]);
        assert_eq!(a.code, n.code, "{field}: {n:?}");
        assert_eq!(
            a.stdout.replace("absent.json", "FILE"),
            n.stdout.replace("null.json", "FILE"),
            "{field}"
        );
    }
}
