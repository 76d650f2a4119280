//! Generates the frozen test-vector file `tests/vectors/secp256k1_range_v1.json`
//! (secp256k1-zkp's format).
//!
//! The file is append-only: once committed, later versions must keep passing it
//! (`tests/vectors.rs`). Regenerate only to *add* groups, never to change cases.
//!
//! ```text
//! cargo run -p vectors --bin secp256k1_range > crates/ballistic/tests/vectors/secp256k1_range_v1.json
//! ```

use ballistic::curve::{secp256k1::Secp256k1, Curve};
use ballistic::range_proof::zkp::wire::proof_len;
use ballistic::secp256k1::*;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

/// One proof's statement as the vector file records it.
#[derive(Clone)]
struct Statement {
    bits: usize,
    generators: usize,
    extra_commit: Option<Vec<u8>>,
    commitments: Vec<[u8; 33]>,
}

impl Statement {
    fn transcript(&self) -> Transcript {
        match &self.extra_commit {
            Some(e) => Transcript::new().with_extra_commit(e),
            None => Transcript::new(),
        }
    }
    /// Parses and verifies; the error class as the vector records it.
    fn check(&self, proof: &[u8]) -> Result<(), String> {
        let bp = zkp_generators(self.generators);
        let pc = PedersenGens::default();
        let p = RangeProof::from_bytes(proof).map_err(|e| format!("{e:?}"))?;
        p.verify_multiple_with_rng(
            &bp,
            &pc,
            &mut self.transcript(),
            &self.commitments,
            self.bits,
            &mut rand::thread_rng(),
        )
        .map_err(|e| format!("{e:?}"))
    }
}

struct Out {
    id: usize,
    tests: Vec<Value>,
}

impl Out {
    /// Records a case; its expected result is what the verifier returns now, and
    /// `want_valid` must agree with it (a generator bug must not freeze a wrong case).
    fn case(
        &mut self,
        comment: &str,
        flags: &[&str],
        st: &Statement,
        proof: &[u8],
        want_valid: bool,
    ) {
        self.id += 1;
        let res = st.check(proof);
        assert_eq!(
            res.is_ok(),
            want_valid,
            "case {}: {comment}: {res:?}",
            self.id
        );
        let mut v = json!({
            "tcId": self.id,
            "comment": comment,
            "flags": flags,
            "bits": st.bits,
            "generators": st.generators,
            "commitments": st.commitments.iter().map(hex::encode).collect::<Vec<_>>(),
            "proof": hex::encode(proof),
            "result": if want_valid { "valid" } else { "invalid" },
        });
        if let Some(e) = &st.extra_commit {
            v["extra_commit"] = json!(hex::encode(e));
        }
        if let Err(e) = res {
            v["error"] = json!(e);
        }
        self.tests.push(v);
    }
}

/// Proofs P1–P5: made by secp256k1-zkp itself (docs/secp256k1-zkp-format.md §14).
fn c_library_proofs(out: &mut Out) {
    let doc = include_str!("../../../ballistic/docs/secp256k1-zkp-format.md");
    let blinding = |j: usize| {
        let mut b = [0u8; 32];
        b[0] = 0x3f;
        for (k, x) in b.iter_mut().enumerate().skip(1) {
            *x = ((0x11 * (j + 1) + k) % 256) as u8;
        }
        Secp256k1::scalar_from_canonical_bytes(&b).expect("canonical")
    };
    let pc = PedersenGens::default();
    let commit = |vals: &[u64]| -> Vec<[u8; 33]> {
        vals.iter()
            .enumerate()
            .map(|(j, v)| Secp256k1::encode(&pc.commit(Scalar::from(*v), blinding(j))))
            .collect()
    };
    for (name, bits, vals, extra) in [
        ("P1", 64usize, &[12345u64][..], true),
        ("P2", 64, &[12345][..], false),
        ("P3", 64, &[12345, u64::MAX][..], false),
        ("P4", 16, &[12345, 65535, 0, 1][..], true),
        ("P5_1", 1, &[1][..], false),
    ] {
        let bytes = {
            let key = format!("{name} ({} bytes)", proof_len(bits * vals.len()));
            let start = doc.find(&key).expect("vector");
            let start = start + doc[start..].find("```text").expect("block") + 7;
            let end = start + doc[start..].find("```").expect("end");
            hex::decode(doc[start..end].split_whitespace().collect::<String>()).expect("hex")
        };
        let st = Statement {
            bits,
            generators: GRIN_GENERATORS,
            extra_commit: extra.then(|| b"abc".to_vec()),
            commitments: commit(vals),
        };
        out.case(
            &format!("secp256k1-zkp proof {name}"),
            &["CLibraryProof"],
            &st,
            &bytes,
            true,
        );
        let mut wrong = st.clone();
        wrong.extra_commit = if extra { None } else { Some(Vec::new()) };
        out.case(
            &format!("secp256k1-zkp proof {name}, extra commitment changed"),
            &["CLibraryProof", "WrongExtraCommit"],
            &wrong,
            &bytes,
            false,
        );
    }
}

fn main() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x7365_6370_6b31);
    let pc = PedersenGens::default();
    let mut out = Out {
        id: 0,
        tests: Vec::new(),
    };
    c_library_proofs(&mut out);
    let shapes: &[(usize, usize, bool)] = &[
        (64, 1, false),
        (64, 1, true),
        (32, 1, false),
        (8, 1, true),
        (1, 1, false),
        (2, 1, false),
        (4, 1, true),
        (16, 1, false),
        (64, 2, true),
        (32, 4, false),
        (16, 8, true),
        (64, 4, false),
        (64, 8, true),
    ];
    for &(n, m, extra) in shapes {
        let generators = if n * m > GRIN_GENERATORS / 2 {
            1024
        } else {
            GRIN_GENERATORS
        };
        let bp = zkp_generators(generators);
        let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let values: Vec<u64> = (0..m)
            .map(|j| if j == 0 { max } else { rng.gen::<u64>() & max })
            .collect();
        let blindings: Vec<Scalar> = (0..m).map(|_| Secp256k1::scalar_random(&mut rng)).collect();
        let extra_commit = extra.then(|| {
            let len = rng.gen_range(0..48);
            (0..len).map(|_| rng.gen::<u8>()).collect::<Vec<u8>>()
        });
        let st0 = Statement {
            bits: n,
            generators,
            extra_commit: extra_commit.clone(),
            commitments: Vec::new(),
        };
        let mut t = st0.transcript().with_nonce(rng.gen());
        let (proof, vs) =
            RangeProof::prove_multiple_with_rng(&bp, &pc, &mut t, &values, &blindings, n, &mut rng)
                .expect("prove");
        let bytes = proof.to_bytes();
        let st = Statement {
            commitments: vs.clone(),
            ..st0
        };
        let shape = format!("n={n} m={m}{}", if extra { " extra" } else { "" });
        let mut flags = vec![if n == 64 && m == 1 && generators == GRIN_GENERATORS {
            "GrinSingle"
        } else {
            "Aggregated"
        }];
        if extra {
            flags.push("ExtraCommit");
        }
        out.case(&format!("valid {shape}"), &flags, &st, &bytes, true);

        // Wrong statements.
        let mut w = st.clone();
        let v0 = Secp256k1::decode(&vs[0]).expect("commitment");
        w.commitments[0] = Secp256k1::encode(&(v0 + pc.B));
        out.case(
            &format!("{shape}: V_0 + H"),
            &["WrongCommitment"],
            &w,
            &bytes,
            false,
        );
        let mut w = st.clone();
        w.commitments[0][0] ^= 1;
        out.case(
            &format!("{shape}: −V_0"),
            &["WrongCommitment"],
            &w,
            &bytes,
            false,
        );
        if m > 1 {
            let mut w = st.clone();
            w.commitments.swap(0, 1);
            out.case(
                &format!("{shape}: commitments swapped"),
                &["WrongCommitment"],
                &w,
                &bytes,
                false,
            );
        }
        for bits in [n / 2, n * 2] {
            if (1..=64).contains(&bits) && bits != n {
                let mut w = st.clone();
                w.bits = bits;
                out.case(
                    &format!("{shape}: verified as n={bits}"),
                    &["WrongBits"],
                    &w,
                    &bytes,
                    false,
                );
            }
        }
        let mut w = st.clone();
        w.extra_commit = match &st.extra_commit {
            Some(e) if !e.is_empty() => Some(e[1..].to_vec()),
            Some(_) => None,
            None => Some(Vec::new()),
        };
        out.case(
            &format!("{shape}: extra commitment changed"),
            &["WrongExtraCommit"],
            &w,
            &bytes,
            false,
        );
        let mut w = st.clone();
        w.generators = if generators == 1024 { 2048 } else { 1024 };
        out.case(
            &format!("{shape}: other generator set"),
            &["WrongGenerators"],
            &w,
            &bytes,
            false,
        );

        // Encoding: truncated, extended, non-canonical fields, unused bits.
        out.case(
            &format!("{shape}: last byte removed"),
            &["WrongLength"],
            &st,
            &bytes[..bytes.len() - 1],
            false,
        );
        let mut e = bytes.clone();
        e.push(0);
        out.case(
            &format!("{shape}: zero byte appended"),
            &["WrongLength"],
            &st,
            &e,
            false,
        );
        let mut e = bytes.clone();
        e[64] |= 0x80;
        out.case(
            &format!("{shape}: unused flag bit of A,S,T1,T2 set"),
            &["UnusedBitSet"],
            &st,
            &e,
            false,
        );
        let mut e = bytes.clone();
        e[..32].copy_from_slice(&[0xff; 32]);
        out.case(
            &format!("{shape}: −τx = 2^256−1"),
            &["NonCanonicalScalar"],
            &st,
            &e,
            false,
        );
        let mut e = bytes.clone();
        let ell = hex::decode("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
            .expect("hex");
        e[193..225].copy_from_slice(&ell);
        out.case(
            &format!("{shape}: t = ℓ"),
            &["NonCanonicalScalar"],
            &st,
            &e,
            false,
        );
        let mut e = bytes.clone();
        let p = hex::decode("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f")
            .expect("hex");
        e[65..97].copy_from_slice(&p);
        out.case(
            &format!("{shape}: X(A) = p"),
            &["NonCanonicalFieldElement"],
            &st,
            &e,
            false,
        );
        let mut e = bytes.clone();
        let mut x = [0u8; 32];
        x[31] = (1u8..)
            .find(|v| {
                let mut enc = [0u8; 33];
                enc[0] = 0x08;
                enc[32] = *v;
                Secp256k1::decode(&enc).is_none()
            })
            .expect("an x without a point");
        e[97..129].copy_from_slice(&x);
        out.case(
            &format!("{shape}: X(S) has no curve point"),
            &["InvalidPoint"],
            &st,
            &e,
            false,
        );
        // A bit flip in a few fields (checked at parsing or verification).
        for (field, offset) in [
            ("−μ", 40usize),
            ("X(T1)", 140),
            ("t", 200),
            ("a_0", 230),
            ("last x", bytes.len() - 5),
        ] {
            let mut e = bytes.clone();
            e[offset] ^= 0x04;
            out.case(
                &format!("{shape}: bit flipped in {field}"),
                &["ModifiedProof"],
                &st,
                &e,
                false,
            );
        }
    }
    let doc = json!({
        "algorithm": "Bulletproofs range proof (secp256k1-zkp format)",
        "curve": "secp256k1",
        "generators": "zkp_generators(generators): G_i = gens[i], H_i = gens[generators/2 + i]; value generator H, blinding generator G (Grin)",
        "notes": {
            "CLibraryProof": "made by secp256k1-zkp (grin_secp256k1zkp 0.8.0), docs/secp256k1-zkp-format.md §14",
            "GrinSingle": "a 64-bit single proof with Grin's 256 generators (675 bytes)",
            "Aggregated": "several values or another bit width",
            "ExtraCommit": "the statement includes an extra commitment (extra_commit, hex; an empty string differs from none)",
            "WrongCommitment": "a commitment was changed or reordered",
            "WrongBits": "verified with another bit width",
            "WrongExtraCommit": "verified with another extra commitment (or none)",
            "WrongGenerators": "verified with another generator set",
            "WrongLength": "truncated or extended",
            "UnusedBitSet": "a bit the format does not use is set",
            "NonCanonicalScalar": "a scalar field holds a value >= ℓ",
            "NonCanonicalFieldElement": "an x-coordinate holds a value >= p",
            "InvalidPoint": "an x-coordinate with no curve point",
            "ModifiedProof": "one bit of one field flipped"
        },
        "numberOfTests": out.tests.len(),
        "tests": out.tests,
    });
    println!("{}", serde_json::to_string_pretty(&doc).expect("json"));
}
