//! Generates the frozen test-vector file `tests/vectors/ristretto_range_v1.json`.
//!
//! The file is append-only: once committed, later versions must keep passing it
//! (`tests/vectors.rs`). Regenerate only to *add* groups, never to change cases.
//!
//! ```text
//! cargo run -p vectors --bin ristretto_range > crates/ballistic/tests/vectors/ristretto_range_v1.json
//! ```

use ballistic::merlin::Transcript;
use ballistic::ristretto::*;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

const LABEL: &str = "ballistic vectors v1";

#[allow(clippy::too_many_arguments)]
fn case(
    id: &mut usize,
    comment: &str,
    flags: &[&str],
    bits: usize,
    domain: &str,
    commitments: &[CompressedRistretto],
    proof: &[u8],
    result: &str,
    error: Option<&str>,
) -> Value {
    *id += 1;
    let mut v = json!({
        "tcId": *id,
        "comment": comment,
        "flags": flags,
        "bits": bits,
        "domain": domain,
        "commitments": commitments.iter().map(|c| hex::encode(c.as_bytes())).collect::<Vec<_>>(),
        "proof": hex::encode(proof),
        "result": result,
    });
    if let Some(e) = error {
        v["error"] = json!(e);
    }
    v
}

fn main() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x6261_6c6c_6973_7469);
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(64, 8);
    let mut id = 0usize;
    let mut tests = Vec::new();
    let shapes: &[(usize, usize)] = &[
        (8, 1),
        (16, 1),
        (32, 1),
        (64, 1),
        (64, 2),
        (32, 4),
        (8, 8),
        (7, 1),
        (48, 3),
        (1, 1),
        (33, 5),
    ];
    for &(n, m) in shapes {
        let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let values: Vec<u64> = (0..m)
            .map(|j| if j == 0 { max } else { rng.gen::<u64>() & max })
            .collect();
        let blindings: Vec<Scalar> = (0..m)
            .map(|_| {
                let mut b = [0u8; 64];
                rng.fill(&mut b[..]);
                Scalar::from_bytes_mod_order_wide(&b)
            })
            .collect();
        let (proof, vs) = RangeProof::prove_multiple_with_rng(
            &bp,
            &pc,
            &mut Transcript::new(LABEL.as_bytes().to_vec().leak()),
            &values,
            &blindings,
            n,
            &mut rng,
        )
        .expect("prove");
        let bytes = proof.to_bytes();
        let shape = format!("n={n} m={m}");
        let pow2 = n.is_power_of_two() && n >= 8 && m.is_power_of_two();
        let valid_flag = if pow2 { "DalekCompatible" } else { "Padded" };
        tests.push(case(
            &mut id,
            &format!("valid {shape}"),
            &[valid_flag],
            n,
            LABEL,
            &vs,
            &bytes,
            "valid",
            None,
        ));
        // Wrong statement.
        let mut other = vs.clone();
        other[0] = (other[0].decompress().unwrap() + pc.B).compress();
        tests.push(case(
            &mut id,
            &format!("{shape}: V_0 + B"),
            &["WrongCommitment"],
            n,
            LABEL,
            &other,
            &bytes,
            "invalid",
            Some("VerificationError"),
        ));
        if m > 1 {
            let mut sw = vs.clone();
            sw.swap(0, 1);
            tests.push(case(
                &mut id,
                &format!("{shape}: commitments swapped"),
                &["WrongCommitment"],
                n,
                LABEL,
                &sw,
                &bytes,
                "invalid",
                Some("VerificationError"),
            ));
        }
        if n < 64 {
            tests.push(case(
                &mut id,
                &format!("{shape}: verified as n+1"),
                &["WrongBits"],
                n + 1,
                LABEL,
                &vs,
                &bytes,
                "invalid",
                Some("VerificationError"),
            ));
        }
        if n > 1 {
            tests.push(case(
                &mut id,
                &format!("{shape}: verified as n-1"),
                &["WrongBits"],
                n - 1,
                LABEL,
                &vs,
                &bytes,
                "invalid",
                Some("VerificationError"),
            ));
        }
        tests.push(case(
            &mut id,
            &format!("{shape}: other domain label"),
            &["WrongDomain"],
            n,
            "another label",
            &vs,
            &bytes,
            "invalid",
            Some("VerificationError"),
        ));
        // Tampering: a bit flip in each named field (checked at verification or parsing).
        let slots = bytes.len() / 32;
        let names: Vec<String> = (0..slots)
            .map(|s| match s {
                0 => "A".into(),
                1 => "S".into(),
                2 => "T_1".into(),
                3 => "T_2".into(),
                4 => "t_x".into(),
                5 => "t_x_blinding".into(),
                6 => "e_blinding".into(),
                s if s == slots - 2 => "a".into(),
                s if s == slots - 1 => "b".into(),
                s => format!(
                    "{}_{}",
                    if (s - 7) % 2 == 0 { "L" } else { "R" },
                    (s - 7) / 2
                ),
            })
            .collect();
        for s in 0..slots {
            let mut t = bytes.clone();
            t[s * 32 + 1] ^= 0x10;
            let err = match RangeProof::from_bytes(&t) {
                Err(_) => "FormatError",
                Ok(p) => {
                    assert!(p
                        .verify_multiple(
                            &bp,
                            &pc,
                            &mut Transcript::new(LABEL.as_bytes().to_vec().leak()),
                            &vs,
                            n
                        )
                        .is_err());
                    "VerificationError"
                }
            };
            tests.push(case(
                &mut id,
                &format!("{shape}: bit flip in {}", names[s]),
                &["ModifiedProof"],
                n,
                LABEL,
                &vs,
                &t,
                "invalid",
                Some(err),
            ));
        }
        // Truncated and extended.
        tests.push(case(
            &mut id,
            &format!("{shape}: last 32 bytes removed"),
            &["WrongLength"],
            n,
            LABEL,
            &vs,
            &bytes[..bytes.len() - 32],
            "invalid",
            Some("FormatError"),
        ));
        tests.push(case(
            &mut id,
            &format!("{shape}: one byte removed"),
            &["WrongLength"],
            n,
            LABEL,
            &vs,
            &bytes[..bytes.len() - 1],
            "invalid",
            Some("FormatError"),
        ));
        let mut ext = bytes.clone();
        ext.extend_from_slice(&[0u8; 64]);
        tests.push(case(
            &mut id,
            &format!("{shape}: 64 zero bytes appended"),
            &["WrongLength"],
            n,
            LABEL,
            &vs,
            &ext,
            "invalid",
            Some("FormatError"),
        ));
        // Non-canonical scalar t_x + ℓ, identity A.
        let ell: [u8; 32] = [
            0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
            0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
        ];
        let mut t = bytes.clone();
        t[4 * 32..5 * 32].copy_from_slice(&ell);
        tests.push(case(
            &mut id,
            &format!("{shape}: t_x = ℓ (non-canonical)"),
            &["NonCanonicalScalar"],
            n,
            LABEL,
            &vs,
            &t,
            "invalid",
            Some("FormatError"),
        ));
        let mut t = bytes.clone();
        t[0..32].copy_from_slice(&[0u8; 32]);
        tests.push(case(
            &mut id,
            &format!("{shape}: A = identity"),
            &["IdentityPoint"],
            n,
            LABEL,
            &vs,
            &t,
            "invalid",
            Some("FormatError"),
        ));
        let mut t = bytes.clone();
        t[32..64].copy_from_slice(&[0xffu8; 32]);
        tests.push(case(
            &mut id,
            &format!("{shape}: S not a valid encoding"),
            &["InvalidPoint"],
            n,
            LABEL,
            &vs,
            &t,
            "invalid",
            Some("FormatError"),
        ));
    }
    let out = json!({
        "algorithm": "Bulletproofs range proof",
        "curve": "ristretto255",
        "wireFormat": "dalek bulletproofs v1 layout; padding rule docs/padding.md",
        "generators": "PedersenGens::default(), BulletproofGens::new(n, m)",
        "transcript": "merlin::Transcript::new(domain)",
        "version": 1,
        "numberOfTests": tests.len(),
        "notes": {
            "DalekCompatible": "n in {8,16,32,64}, m a power of two: dalek's bulletproofs crate accepts it",
            "Padded": "n·m not a power of two (or n < 8): ballistic's padding rule",
            "WrongCommitment": "a commitment was changed or reordered",
            "WrongBits": "verified with another bit width",
            "WrongDomain": "verified with another transcript label",
            "ModifiedProof": "one bit of one 32-byte field flipped",
            "WrongLength": "truncated or extended",
            "NonCanonicalScalar": "a scalar field holds a value >= ℓ",
            "IdentityPoint": "a point field holds the identity",
            "InvalidPoint": "a point field is not a valid ristretto255 encoding"
        },
        "tests": tests,
    });
    println!("{}", serde_json::to_string_pretty(&out).expect("json"));
}
