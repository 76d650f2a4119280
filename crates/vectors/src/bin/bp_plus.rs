//! Generates the frozen Bulletproofs+ test-vector file `tests/vectors/bp_plus_v1.json`:
//! proofs on ristretto255 (Tari's bases and format) and secp256k1 over bit widths
//! {1, 8, 13, 32, 64}, numbers of values {1, 2, 3, 4} and extension degrees
//! {1, 2, 3, 6}, with and without minimum values; seed-nonce proofs with the masks
//! their seed recovers; invalid cases derived from them (`tests/vectors_bp_plus.rs`
//! checks them).
//!
//! The file is append-only: once committed, later versions must keep passing it.
//! Regenerate only to *add* groups, never to change cases. The output is
//! deterministic (a seeded ChaCha RNG): running the command again reproduces the
//! committed file byte for byte.
//!
//! ```text
//! cargo run --release -p vectors --bin bp_plus > crates/ballistic/tests/vectors/bp_plus_v1.json
//! ```
//!
//! Every case is verified here before it is written: a valid case must verify, an
//! invalid one must fail, with the error class the mutation implies where it
//! implies one (a flipped bit may give a malformed encoding or a proof that does
//! not verify: the file records which).

use ballistic::bp_plus::{Opening, RangeProofPlus, VerifyAction};
use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens};
use ballistic::merlin::Transcript;
use ballistic::{ProofError, MAX_IPP_ROUNDS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde_json::{json, Value};

const DOMAIN: &str = "ballistic bp+ vectors v1";
const BITS: [usize; 5] = [1, 8, 13, 32, 64];
const AGGREGATION: [usize; 4] = [1, 2, 3, 4];
const DEGREES: [usize; 4] = [1, 2, 3, 6];
/// Every case is verified with `BulletproofGens::new(GENS.0, GENS.1)`.
const GENS: (usize, usize) = (64, 8);

/// The curve's default Bulletproofs+ bases with `t` mask bases (the facades'
/// `bp_plus::pedersen_gens`).
fn pedersen_gens<C: Curve>(t: usize) -> ExtendedPedersenGens<C> {
    ExtendedPedersenGens::default_for_degree(t).expect("degree")
}

/// What a seed-nonce case also checks: the masks `seed` recovers (written by the
/// generator from the recovery it ran) and the value they open the commitment with.
#[derive(Clone)]
struct Recovery {
    seed: Vec<u8>,
    value: u64,
    masks: Vec<Vec<u8>>,
}

/// One case: a statement and proof bytes.
#[derive(Clone)]
struct Case {
    comment: String,
    flags: Vec<&'static str>,
    bits: usize,
    /// The extension degree of the bases the case is verified with.
    t: usize,
    domain: String,
    commitments: Vec<Vec<u8>>,
    /// Empty: all zero.
    min_values: Vec<u64>,
    proof: Vec<u8>,
    recovery: Option<Recovery>,
}

fn error_name(e: &ProofError) -> &'static str {
    match e {
        ProofError::FormatError => "FormatError",
        ProofError::VerificationError => "VerificationError",
        ProofError::InvalidExtensionDegree => "InvalidExtensionDegree",
        ProofError::InvalidMinValue => "InvalidMinValue",
        ProofError::InvalidInputLength => "InvalidInputLength",
        ProofError::InvalidBitsize => "InvalidBitsize",
        other => panic!("unexpected error class {other:?}"),
    }
}

fn scalar_bytes<C: Curve>(s: &C::ApiScalar) -> Vec<u8> {
    C::scalar_to_bytes(&C::scalar_from_api(s)).to_vec()
}

fn api_scalar<C: Curve>(b: &[u8]) -> C::ApiScalar {
    C::scalar_to_api(&C::scalar_from_canonical_bytes(b).expect("canonical scalar"))
}

impl Case {
    fn encodings<C: Curve>(&self) -> Vec<C::Encoding> {
        self.commitments
            .iter()
            .map(|c| C::encoding_from_bytes(c).expect("commitment length"))
            .collect()
    }

    /// Parses (strictly: the encoding must round-trip) and verifies; for a seed case,
    /// also recovers the masks (`RecoverAndVerify` must agree with the verifier) and
    /// returns them.
    fn run<C: Curve>(
        &self,
        bp: &BulletproofGens<C>,
        rng: &mut ChaCha20Rng,
    ) -> (Result<(), ProofError>, Option<Vec<Vec<u8>>>) {
        let pc = pedersen_gens::<C>(self.t);
        let proof = match RangeProofPlus::<C>::from_bytes(&self.proof) {
            Ok(p) => p,
            Err(e) => return (Err(e), None),
        };
        assert_eq!(
            proof.to_bytes(),
            self.proof,
            "{}: re-encoding",
            self.comment
        );
        let coms = self.encodings::<C>();
        let result = proof.verify(
            bp,
            &pc,
            &mut Transcript::new(self.domain.as_bytes().to_vec().leak()),
            &coms,
            &self.min_values,
            self.bits,
            rng,
        );
        let Some(rec) = &self.recovery else {
            return (result, None);
        };
        assert_eq!(
            coms.len(),
            1,
            "{}: recovery needs one commitment",
            self.comment
        );
        let recover = |action, rng: &mut ChaCha20Rng| {
            proof.recover_masks(
                bp,
                &pc,
                &mut Transcript::new(self.domain.as_bytes().to_vec().leak()),
                &coms[0],
                self.min_values.first().copied().unwrap_or(0),
                self.bits,
                &api_scalar::<C>(&rec.seed),
                action,
                rng,
            )
        };
        let checked = recover(VerifyAction::RecoverAndVerify, rng);
        assert_eq!(
            checked.clone().map(|_| ()),
            result,
            "{}: RecoverAndVerify",
            self.comment
        );
        let masks = checked
            .ok()
            .flatten()
            .map(|m| m.iter().map(scalar_bytes::<C>).collect::<Vec<_>>());
        if result.is_ok() {
            let only = recover(VerifyAction::RecoverOnly, rng).expect("RecoverOnly");
            let only: Option<Vec<Vec<u8>>> =
                only.map(|m| m.iter().map(scalar_bytes::<C>).collect());
            assert_eq!(only, masks, "{}: RecoverOnly", self.comment);
            assert_eq!(
                recover(VerifyAction::VerifyOnly, rng),
                Ok(None),
                "{}",
                self.comment
            );
        }
        (result, masks)
    }

    fn to_json(&self, id: usize, curve: &str, result: &Result<(), ProofError>) -> Value {
        let mut v = json!({
            "tcId": id,
            "comment": self.comment,
            "flags": self.flags,
            "curve": curve,
            "bits": self.bits,
            "extensionDegree": self.t,
            "domain": self.domain,
            "commitments": self.commitments.iter().map(hex::encode).collect::<Vec<_>>(),
            "minValues": self.min_values,
            "proof": hex::encode(&self.proof),
            "result": if result.is_ok() { "valid" } else { "invalid" },
        });
        if let Err(e) = result {
            v["error"] = json!(error_name(e));
        }
        if let Some(r) = &self.recovery {
            v["seed"] = json!(hex::encode(&r.seed));
            if result.is_ok() {
                v["value"] = json!(r.value);
                v["recoveredMasks"] = json!(r.masks.iter().map(hex::encode).collect::<Vec<_>>());
            }
        }
        v
    }
}

/// A proof's fields: name, offset and length, in wire order.
fn fields<C: Curve>(t: usize, rounds: usize) -> Vec<(String, usize, usize)> {
    let (s, p) = (C::SCALAR_BYTES, C::POINT_BYTES);
    let mut names: Vec<(String, usize)> = vec![("t".into(), 1)];
    names.extend((0..t).map(|k| (format!("d1_{k}"), s)));
    names.extend(["A", "A1", "B"].iter().map(|n| (n.to_string(), p)));
    names.extend(["r1", "s1"].iter().map(|n| (n.to_string(), s)));
    for j in 0..rounds {
        names.push((format!("L_{j}"), p));
        names.push((format!("R_{j}"), p));
    }
    let mut offset = 0;
    names
        .into_iter()
        .map(|(name, len)| {
            let f = (name, offset, len);
            offset += len;
            f
        })
        .collect()
}

/// The points of a proof outside its rounds.
const POINTS: [&str; 3] = ["A", "A1", "B"];

/// A valid proof, with what is needed to derive invalid cases from it.
struct Base {
    case: Case,
    m: usize,
    rounds: usize,
}

impl Base {
    fn field<C: Curve>(&self, name: &str) -> (usize, usize) {
        fields::<C>(self.case.t, self.rounds)
            .into_iter()
            .find(|(n, _, _)| n == name)
            .map(|(_, o, l)| (o, l))
            .unwrap_or_else(|| panic!("no field {name}"))
    }

    /// The valid case with other proof bytes.
    fn with_proof(&self, comment: &str, flags: &[&'static str], proof: Vec<u8>) -> Case {
        Case {
            comment: format!("{}: {comment}", self.case.comment),
            flags: flags.to_vec(),
            proof,
            ..self.case.clone()
        }
    }

    /// The valid case with a field replaced by `bytes`.
    fn with_field<C: Curve>(
        &self,
        name: &str,
        bytes: &[u8],
        comment: &str,
        flag: &'static str,
    ) -> Case {
        let (o, l) = self.field::<C>(name);
        assert_eq!(bytes.len(), l);
        let mut p = self.case.proof.clone();
        p[o..o + l].copy_from_slice(bytes);
        self.with_proof(&format!("{name} = {comment}"), &[flag], p)
    }

    /// One bit flipped in the middle byte of a field.
    fn flip<C: Curve>(&self, name: &str) -> Case {
        let (o, l) = self.field::<C>(name);
        let mut p = self.case.proof.clone();
        p[o + l / 2] ^= 0x01;
        self.with_proof(&format!("bit flip in {name}"), &["ModifiedProof"], p)
    }

    /// The valid proof under another statement.
    fn with_statement(&self, comment: &str, flag: &'static str, f: impl FnOnce(&mut Case)) -> Case {
        let mut c = Case {
            comment: format!("{}: {comment}", self.case.comment),
            flags: vec![flag],
            ..self.case.clone()
        };
        f(&mut c);
        c
    }
}

/// The curve-specific byte strings of the invalid cases.
struct Bad {
    /// The group order, in the curve's scalar byte order.
    order: [u8; 32],
    /// Encodings that are not points (with a description).
    not_points: Vec<(Vec<u8>, &'static str)>,
    /// The identity's encoding (never accepted in a proof).
    identity: Vec<u8>,
}

fn bad<C: Curve>() -> Bad {
    if C::NAME == "ristretto255" {
        // ℓ = 2^252 + 27742317777372353535851937790883648493, little-endian.
        let order = [
            0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
            0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
        ];
        let mut negative = vec![0u8; 32];
        negative[0] = 1; // s = 1 is "negative" (odd): not a canonical encoding
        Bad {
            order,
            not_points: vec![
                (vec![0xff; 32], "0xff repeated (s >= p)"),
                (negative, "s = 1 (negative field element)"),
            ],
            identity: vec![0u8; 32],
        }
    } else {
        // n = FFFFFFFF FFFFFFFF FFFFFFFF FFFFFFFE BAAEDCE6 AF48A03B BFD25E8C D0364141.
        let order: [u8; 32] =
            hex::decode("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
                .expect("hex")
                .try_into()
                .expect("32 bytes");
        let mut pubkey_prefix = vec![0x02u8];
        pubkey_prefix.extend_from_slice(&[0x11; 32]);
        let mut x_too_large = vec![0x08u8];
        x_too_large.extend_from_slice(&[0xff; 32]);
        Bad {
            order,
            not_points: vec![
                (pubkey_prefix, "prefix 0x02 (a public-key prefix)"),
                (x_too_large, "x >= p"),
            ],
            identity: vec![0u8; C::POINT_BYTES],
        }
    }
}

fn max_of(n: usize) -> u64 {
    if n == 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

fn random_masks<C: Curve>(rng: &mut ChaCha20Rng, count: usize) -> Vec<C::ApiScalar> {
    (0..count)
        .map(|_| C::scalar_to_api(&C::scalar_random(rng)))
        .collect()
}

/// The statement of one grid proof: minimum values (`mins`: `o_j` random, 0 and
/// `2^n − 1` in turn; none: empty) and values at the ends of their ranges and
/// random in between.
fn statement(rng: &mut ChaCha20Rng, n: usize, m: usize, mins: bool) -> (Vec<u64>, Vec<u64>) {
    let max = max_of(n);
    let min_values: Vec<u64> = if mins {
        (0..m)
            .map(|j| match j % 3 {
                0 => rng.gen_range(0..=max),
                1 => 0,
                _ => max,
            })
            .collect()
    } else {
        Vec::new()
    };
    let values = (0..m)
        .map(|j| {
            let o = min_values.get(j).copied().unwrap_or(0);
            let room = max.min(u64::MAX - o);
            o + match j {
                0 => room,
                1 => 0,
                _ => rng.gen_range(0..=room),
            }
        })
        .collect();
    (min_values, values)
}

/// Proves the valid cases of one curve: the grid (every `(n, m)` once, `t` and the
/// use of minimum values in a pattern that pairs every `n` and every `m` with every
/// `t` and with both), then the seed-nonce proofs.
fn valid_cases<C: Curve>(rng: &mut ChaCha20Rng, bp: &BulletproofGens<C>, c: usize) -> Vec<Base> {
    let enc = |e: &C::Encoding| C::encoding_bytes(e).to_vec();
    let mut out = Vec::new();
    for (i_n, &n) in BITS.iter().enumerate() {
        for (i_m, &m) in AGGREGATION.iter().enumerate() {
            let t = DEGREES[(i_n + i_m + c) % 4];
            let mins = (i_n + i_m / 2 + c) % 2 == 1;
            let (min_values, values) = statement(rng, n, m, mins);
            let masks = random_masks::<C>(rng, m * t);
            let openings: Vec<Opening<'_, C>> = (0..m)
                .map(|j| Opening::new(values[j], &masks[j * t..(j + 1) * t]))
                .collect();
            let (proof, coms) = RangeProofPlus::<C>::prove(
                bp,
                &pedersen_gens::<C>(t),
                &mut Transcript::new(DOMAIN.as_bytes()),
                &openings,
                &min_values,
                n,
                rng,
            )
            .expect("prove");
            let tari = n.is_power_of_two() && m.is_power_of_two() && n * m > 1;
            let mut flags = vec!["Valid"];
            if mins {
                flags.push("MinValues");
            }
            if C::NAME == "ristretto255" && tari {
                flags.push("TariCompatible");
            }
            if !(n * m).is_power_of_two() {
                flags.push("Padded");
            }
            if n * m == 1 {
                flags.push("ZeroRounds");
            }
            out.push(Base {
                m,
                rounds: proof.rounds(),
                case: Case {
                    comment: format!(
                        "{} n={n} m={m} t={t}{}",
                        C::NAME,
                        if mins { " with minimum values" } else { "" }
                    ),
                    flags,
                    bits: n,
                    t,
                    domain: DOMAIN.into(),
                    commitments: coms.iter().map(enc).collect(),
                    min_values,
                    proof: proof.to_bytes(),
                    recovery: None,
                },
            });
        }
    }
    // Seed nonces: one value, masks recoverable by whoever holds the seed.
    for (n, t, min) in [(64usize, 1usize, 0u64), (13, 3, 4000), (1, 6, 1)] {
        let value = min + max_of(n).min(u64::MAX - min) / 3;
        let masks = random_masks::<C>(rng, t);
        let seed = C::scalar_to_api(&C::scalar_random(rng));
        let (proof, com) = RangeProofPlus::<C>::prove_with_seed(
            bp,
            &pedersen_gens::<C>(t),
            &mut Transcript::new(DOMAIN.as_bytes()),
            &Opening::new(value, &masks),
            min,
            n,
            &seed,
            rng,
        )
        .expect("prove with seed");
        let mut flags = vec!["Valid", "SeedNonce"];
        if min != 0 {
            flags.push("MinValues");
        }
        if C::NAME == "ristretto255" && n.is_power_of_two() && n > 1 {
            flags.push("TariCompatible");
        }
        if n == 1 {
            flags.push("ZeroRounds");
        }
        out.push(Base {
            m: 1,
            rounds: proof.rounds(),
            case: Case {
                comment: format!("{} n={n} t={t} seed nonce, minimum value {min}", C::NAME),
                flags,
                bits: n,
                t,
                domain: DOMAIN.into(),
                commitments: vec![enc(&com)],
                min_values: vec![min],
                proof: proof.to_bytes(),
                recovery: Some(Recovery {
                    seed: scalar_bytes::<C>(&seed),
                    value,
                    masks: masks.iter().map(scalar_bytes::<C>).collect(),
                }),
            },
        });
    }
    out
}

/// The valid proof under one wrong statement, chosen by `k`: another commitment,
/// another minimum value, another domain, another bit width, the commitments
/// exchanged (one commitment more when there is only one).
fn statement_case<C: Curve>(b: &Base, k: usize) -> (Case, Option<&'static str>) {
    let c = &b.case;
    let n = c.bits;
    let verr = Some("VerificationError");
    match k % 5 {
        0 => {
            let value_base = C::point_from_api(&pedersen_gens::<C>(c.t).value_base());
            let v0 =
                C::decode(&C::encoding_from_bytes(&c.commitments[0]).expect("len")).expect("point");
            (
                b.with_statement("commitment 0 + B", "WrongCommitment", |s| {
                    s.commitments[0] = C::encoding_bytes(&C::encode(&(v0 + value_base))).to_vec();
                }),
                verr,
            )
        }
        1 => (
            b.with_statement("minimum value 0 changed", "WrongMinValue", |s| {
                if s.min_values.is_empty() {
                    s.min_values = vec![0; b.m];
                }
                s.min_values[0] ^= 1;
            }),
            verr,
        ),
        2 => (
            b.with_statement("other domain", "WrongDomain", |s| {
                s.domain = "another domain".into();
            }),
            verr,
        ),
        3 => {
            let n2 = if n < 64 { n + 1 } else { n - 1 };
            // A minimum value that does not fit in the new width is refused first.
            let fits = c.min_values.iter().all(|o| n2 == 64 || o >> n2 == 0);
            (
                b.with_statement(&format!("verified as n={n2}"), "WrongBits", |s| s.bits = n2),
                if fits { verr } else { Some("InvalidMinValue") },
            )
        }
        _ if b.m > 1 && c.commitments[0] != c.commitments[1] => (
            b.with_statement("commitments 0 and 1 exchanged", "WrongCommitment", |s| {
                s.commitments.swap(0, 1);
                if !s.min_values.is_empty() {
                    s.min_values.swap(0, 1);
                }
            }),
            verr,
        ),
        _ => (
            b.with_statement(
                "commitment 0 repeated at the end",
                "WrongAggregation",
                |s| {
                    // Recovery takes one commitment: not this statement.
                    s.recovery = None;
                    s.commitments.push(s.commitments[0].clone());
                    if !s.min_values.is_empty() {
                        s.min_values.push(s.min_values[0]);
                    }
                },
            ),
            verr,
        ),
    }
}

/// A wrong seed for a seed case: a valid case whose recovered masks must not open
/// the commitment.
fn wrong_seed<C: Curve>(b: &Base, rng: &mut ChaCha20Rng) -> Case {
    let mut c = b.with_statement("another seed", "WrongSeed", |_| {});
    c.flags = b.case.flags.clone();
    c.flags.push("WrongSeed");
    if let Some(r) = &mut c.recovery {
        r.seed = C::scalar_to_bytes(&C::scalar_random(rng)).to_vec();
        r.masks.clear();
    }
    c
}

/// The encoding and layout cases of a format base. With `full`, every field is
/// flipped, the points of the proof but the later rounds' are replaced by another
/// valid point and by the identity, and every encoding case is made; otherwise the
/// degree, length and round cases only.
fn format_cases<C: Curve>(b: &Base, full: bool) -> Vec<(Case, Option<&'static str>)> {
    let (s, p) = (C::SCALAR_BYTES, C::POINT_BYTES);
    let ferr = Some("FormatError");
    let verr = Some("VerificationError");
    let derr = Some("InvalidExtensionDegree");
    let bytes = &b.case.proof;
    let t = b.case.t;
    let bad = bad::<C>();
    let value_base = C::point_from_api(&pedersen_gens::<C>(t).value_base());
    let mut out = Vec::new();
    if full {
        for (name, o, l) in fields::<C>(t, b.rounds) {
            if name == "t" {
                continue;
            }
            out.push((b.flip::<C>(&name), None));
            // The points of the first round stand for every round's.
            if POINTS.contains(&name.as_str()) || name == "L_0" || name == "R_0" {
                // Another valid point: the equation binds every point.
                let e = C::encoding_from_bytes(&bytes[o..o + l]).expect("length");
                let moved = C::encode(&(C::decode(&e).expect("a point") + value_base));
                out.push((
                    b.with_field::<C>(
                        &name,
                        C::encoding_bytes(&moved),
                        &format!("{name} + B"),
                        "ModifiedProof",
                    ),
                    verr,
                ));
                out.push((
                    b.with_field::<C>(&name, &bad.identity, "identity", "IdentityPoint"),
                    ferr,
                ));
            }
        }
    }
    // The degree byte.
    for d in [0u8, 7, 255] {
        let mut x = bytes.clone();
        x[0] = d;
        out.push((
            b.with_proof(&format!("degree byte {d}"), &["WrongDegree"], x),
            derr,
        ));
    }
    if t < 6 {
        let mut x = bytes.clone();
        x[0] += 1;
        out.push((
            b.with_proof(
                &format!("degree byte {} (length mismatch)", t + 1),
                &["WrongDegree"],
                x,
            ),
            ferr,
        ));
        // One d1 scalar more (a copy of d1_0) and the degree byte to match: a
        // well-formed proof of degree t + 1 for bases of degree t.
        let mut x = vec![bytes[0] + 1];
        x.extend_from_slice(&bytes[1..1 + s]);
        x.extend_from_slice(&bytes[1..]);
        out.push((
            b.with_proof(
                &format!("d1_0 repeated, degree byte {}", t + 1),
                &["WrongDegree"],
                x,
            ),
            derr,
        ));
    }
    if t > 1 {
        let mut x = vec![bytes[0] - 1];
        x.extend_from_slice(&bytes[1 + s..]);
        out.push((
            b.with_proof(
                &format!("d1_0 removed, degree byte {}", t - 1),
                &["WrongDegree"],
                x,
            ),
            derr,
        ));
    }
    let other_t = if t == 1 { 2 } else { t - 1 };
    out.push((
        b.with_statement(
            &format!("verified with bases of degree {other_t}"),
            "WrongDegree",
            |c| c.t = other_t,
        ),
        derr,
    ));
    // Lengths.
    out.push((
        b.with_proof(
            "last byte removed",
            &["WrongLength"],
            bytes[..bytes.len() - 1].to_vec(),
        ),
        ferr,
    ));
    let mut x = bytes.clone();
    x.push(0);
    out.push((
        b.with_proof("one zero byte appended", &["WrongLength"], x),
        ferr,
    ));
    if full {
        out.push((
            b.with_proof(
                "last 32 bytes removed",
                &["WrongLength"],
                bytes[..bytes.len() - 32].to_vec(),
            ),
            ferr,
        ));
        out.push((
            b.with_proof("degree byte only", &["WrongLength"], bytes[..1].to_vec()),
            ferr,
        ));
        out.push((b.with_proof("empty", &["WrongLength"], Vec::new()), ferr));
        // d1 one scalar short: the degree byte says t.
        let mut x = vec![bytes[0]];
        x.extend_from_slice(&bytes[1 + s..]);
        out.push((b.with_proof("d1_0 removed", &["WrongLength"], x), ferr));
    }
    // Rounds (well-formed proofs of another size).
    let lr = fields::<C>(t, 0)
        .last()
        .map(|(_, o, l)| o + l)
        .expect("fields");
    let pair = if b.rounds > 0 {
        bytes[lr..lr + 2 * p].to_vec()
    } else {
        // A and A1 as a round.
        let (a, _) = b.field::<C>("A");
        bytes[a..a + 2 * p].to_vec()
    };
    if b.rounds > 0 {
        out.push((
            b.with_proof(
                "last (L, R) round removed",
                &["WrongRounds"],
                bytes[..bytes.len() - 2 * p].to_vec(),
            ),
            verr,
        ));
        let mut x = bytes.clone();
        x.extend_from_slice(&bytes[bytes.len() - 2 * p..]);
        out.push((
            b.with_proof("last (L, R) round repeated", &["WrongRounds"], x),
            verr,
        ));
        if full {
            let (l0, _) = b.field::<C>("L_0");
            let mut x = bytes.clone();
            x[l0..l0 + p].copy_from_slice(&bytes[l0 + p..l0 + 2 * p]);
            x[l0 + p..l0 + 2 * p].copy_from_slice(&bytes[l0..l0 + p]);
            out.push((
                b.with_proof("L_0 and R_0 exchanged", &["ModifiedProof"], x),
                verr,
            ));
        }
    } else {
        let mut x = bytes.clone();
        x.extend_from_slice(&pair);
        out.push((
            b.with_proof("a round (A, A1) appended", &["WrongRounds"], x),
            verr,
        ));
    }
    if full {
        // MAX_IPP_ROUNDS rounds (well-formed, too many for the statement), and one
        // more (refused on the length alone).
        let mut x = bytes[..lr].to_vec();
        for _ in 0..MAX_IPP_ROUNDS {
            x.extend_from_slice(&pair);
        }
        out.push((
            b.with_proof(
                &format!("{MAX_IPP_ROUNDS} rounds"),
                &["WrongRounds"],
                x.clone(),
            ),
            verr,
        ));
        x.extend_from_slice(&pair);
        out.push((
            b.with_proof(
                &format!("{} rounds (above MAX_IPP_ROUNDS)", MAX_IPP_ROUNDS + 1),
                &["WrongRounds"],
                x,
            ),
            ferr,
        ));
    }
    // Encodings.
    if full {
        out.push((
            b.with_field::<C>("d1_0", &bad.order, "the group order", "NonCanonicalScalar"),
            ferr,
        ));
        out.push((
            b.with_field::<C>("r1", &bad.order, "the group order", "NonCanonicalScalar"),
            ferr,
        ));
        let mut order1 = bad.order;
        if C::NAME == "ristretto255" {
            order1[0] += 1;
        } else {
            order1[31] += 1;
        }
        out.push((
            b.with_field::<C>("s1", &order1, "the group order + 1", "NonCanonicalScalar"),
            ferr,
        ));
        out.push((
            b.with_field::<C>("r1", &[0xff; 32], "2^256 - 1", "NonCanonicalScalar"),
            ferr,
        ));
        for (i, (enc, what)) in bad.not_points.iter().enumerate() {
            let field = if i == 0 { "A1" } else { "B" };
            out.push((b.with_field::<C>(field, enc, what, "InvalidPoint"), ferr));
        }
        // Commitments that are not points, or the identity: the verifier takes any
        // encoding and fails at verification.
        let (enc, what) = &bad.not_points[0];
        out.push((
            b.with_statement(
                &format!("commitment 0 = {what}"),
                "InvalidCommitment",
                |c| {
                    c.commitments[0] = enc.clone();
                },
            ),
            verr,
        ));
        out.push((
            b.with_statement(
                "commitment 0 = identity encoding",
                "InvalidCommitment",
                |c| {
                    c.commitments[0] = bad.identity.clone();
                },
            ),
            verr,
        ));
    }
    // Minimum values and bit widths the statement cannot have.
    let n = b.case.bits;
    if n < 64 {
        out.push((
            b.with_statement(
                &format!("minimum value 0 = 2^{n}"),
                "MinValueTooLarge",
                |c| {
                    c.min_values = vec![0; b.m];
                    c.min_values[0] = 1 << n;
                },
            ),
            Some("InvalidMinValue"),
        ));
        if full {
            out.push((
                b.with_statement("minimum value 0 = 2^64 - 1", "MinValueTooLarge", |c| {
                    c.min_values = vec![0; b.m];
                    c.min_values[0] = u64::MAX;
                }),
                Some("InvalidMinValue"),
            ));
        }
    }
    out.push((
        b.with_statement(
            "one minimum value more than commitments",
            "WrongMinValueCount",
            |c| {
                c.min_values = vec![0; b.m + 1];
            },
        ),
        Some("InvalidInputLength"),
    ));
    if full {
        for bits in [0usize, 65] {
            out.push((
                b.with_statement(&format!("verified as n={bits}"), "InvalidBits", |c| {
                    c.bits = bits
                }),
                Some("InvalidBitsize"),
            ));
        }
    }
    out
}

/// All cases of one curve; `id` is the last tcId used.
fn curve_vectors<C: Curve>(
    rng: &mut ChaCha20Rng,
    c: usize,
    id: &mut usize,
    tests: &mut Vec<Value>,
) {
    let bp = BulletproofGens::<C>::new(GENS.0, GENS.1);
    let bases = valid_cases::<C>(rng, &bp, c);
    let mut push = |mut case: Case, expect: Option<Option<&'static str>>, rng: &mut ChaCha20Rng| {
        let (result, masks) = case.run::<C>(&bp, rng);
        match expect {
            None => assert_eq!(result, Ok(()), "{} must verify", case.comment),
            Some(e) => {
                let got = result.as_ref().err().map(error_name);
                assert!(got.is_some(), "{} must fail", case.comment);
                if e.is_some() {
                    assert_eq!(got, e, "{}", case.comment);
                }
            }
        }
        if let (Some(r), Ok(())) = (&mut case.recovery, &result) {
            let masks = masks.expect("masks recovered");
            // The right seed recovers the opening's masks; a wrong one others.
            let opens = {
                let pc = pedersen_gens::<C>(case.t);
                let api: Vec<C::ApiScalar> = masks.iter().map(|m| api_scalar::<C>(m)).collect();
                let v = C::scalar_to_api(&C::scalar_from_u64(r.value));
                let com = C::encode(&C::point_from_api(&pc.commit(v, &api).expect("commit")));
                C::encoding_bytes(&com) == case.commitments[0].as_slice()
            };
            if case.flags.contains(&"WrongSeed") {
                assert!(!opens && r.masks.is_empty(), "{}", case.comment);
            } else {
                assert!(opens && r.masks == masks, "{}", case.comment);
            }
            r.masks = masks;
        }
        *id += 1;
        tests.push(case.to_json(*id, C::NAME, &result));
    };
    for b in &bases {
        push(b.case.clone(), None, rng);
        if b.case.recovery.is_some() {
            let wrong = wrong_seed::<C>(b, rng);
            push(wrong, None, rng);
        }
    }
    // Per base: a wrong statement and a bit flip in one field (both in turn).
    for (k, b) in bases.iter().enumerate() {
        let (case, e) = statement_case::<C>(b, k);
        push(case, Some(e), rng);
        let names: Vec<String> = fields::<C>(b.case.t, b.rounds)
            .into_iter()
            .map(|f| f.0)
            .filter(|n| n != "t")
            .collect();
        push(b.flip::<C>(&names[k % names.len()]), Some(None), rng);
    }
    // Format bases: n = 8, m = 1 (every field, every encoding case) and the
    // zero-round proof n = 1, m = 1 (degrees, lengths, rounds).
    for (name, full) in [("n=8 m=1 ", true), ("n=1 m=1 ", false)] {
        let b = bases
            .iter()
            .find(|b| b.case.comment.contains(name) && b.case.recovery.is_none())
            .expect("format base");
        for (case, e) in format_cases::<C>(b, full) {
            push(case, Some(e), rng);
        }
    }
}

fn main() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x6270_706c_7573_7631);
    let mut id = 0usize;
    let mut tests = Vec::new();
    curve_vectors::<Ristretto>(&mut rng, 0, &mut id, &mut tests);
    curve_vectors::<Secp256k1>(&mut rng, 1, &mut id, &mut tests);
    let out = json!({
        "algorithm": "Bulletproofs+ range proof",
        "curves": ["ristretto255", "secp256k1"],
        "wireFormat": "tari_bulletproofs_plus 0.5: t (1 byte) || d1_0..d1_{t-1} || A || A1 || B || r1 || s1 || (L_j || R_j)*; \
                       secp256k1: 33-byte points (0x08/0x09 then x), big-endian scalars; padding rule docs/padding.md \
                       (N' = next_power_of_two(n·m)); a proof with N' = 1 has no rounds",
        "generators": "BulletproofGens::new(64, 8); ristretto255: ristretto::bp_plus::pedersen_gens(extensionDegree) \
                       (Tari's bases); secp256k1: secp256k1::bp_plus::pedersen_gens(extensionDegree)",
        "statement": "RangeProofPlus::verify(bp, pc, Transcript::new(domain), commitments, minValues, bits): \
                      o_j <= v_j < o_j + 2^bits for o_j = minValues[j] (all zero when minValues is empty)",
        "recovery": "cases with a seed: recover_masks(seed, minValues[0]) with RecoverAndVerify and RecoverOnly \
                     returns recoveredMasks (and with RecoverAndVerify the verifier's error, if any); the masks open \
                     commitments[0] to value, except in WrongSeed cases, where they must not",
        "errors": "the ProofError variant: FormatError or InvalidExtensionDegree (degree byte) from \
                   RangeProofPlus::from_bytes; VerificationError, InvalidExtensionDegree, InvalidMinValue, \
                   InvalidInputLength or InvalidBitsize from verify",
        "version": 1,
        "numberOfTests": tests.len(),
        "notes": {
            "Valid": "an honest proof",
            "MinValues": "a statement with minimum values",
            "TariCompatible": "ristretto255, n and m powers of two, n·m > 1: tari_bulletproofs_plus 0.5 takes it",
            "Padded": "n·m not a power of two: ballistic's padding rule",
            "ZeroRounds": "n·m = 1: no inner-product rounds (Tari's parser refuses the proof)",
            "SeedNonce": "a proof made with a seed nonce, its masks recoverable",
            "WrongSeed": "a seed-nonce proof recovered with another seed: it verifies, the masks are wrong",
            "WrongCommitment": "a commitment replaced by another point, or two exchanged",
            "WrongMinValue": "a minimum value changed (still below 2^n)",
            "WrongDomain": "verified under another transcript label",
            "WrongBits": "verified with another bit width",
            "WrongAggregation": "verified with one more commitment",
            "ModifiedProof": "one bit flipped in the middle byte of a field, a point P replaced by the valid point P + B (B the value base), or L_0 and R_0 exchanged",
            "IdentityPoint": "a point field holds the identity's encoding",
            "InvalidPoint": "a point field is not a valid encoding",
            "NonCanonicalScalar": "a scalar field holds a value >= the group order",
            "WrongDegree": "the degree byte out of 1..=6 or not matching the proof's length, d1 lengthened or shortened with the degree byte to match, or bases of another degree",
            "WrongLength": "truncated, extended or empty",
            "WrongRounds": "a well-formed proof with another number of rounds, up to MAX_IPP_ROUNDS + 1",
            "InvalidCommitment": "a commitment is not a valid point encoding, or the identity",
            "MinValueTooLarge": "a minimum value >= 2^n",
            "WrongMinValueCount": "more minimum values than commitments",
            "InvalidBits": "a bit width outside 1..=64"
        },
    });
    // The metadata pretty-printed, then one test per line: appending cases appends
    // lines.
    let head = serde_json::to_string_pretty(&out).expect("json");
    let head = head.strip_suffix("\n}").expect("an object");
    let lines = tests
        .iter()
        .map(|v| format!("    {}", serde_json::to_string(v).expect("json")))
        .collect::<Vec<_>>()
        .join(",\n");
    println!("{head},\n  \"tests\": [\n{lines}\n  ]\n}}");
}
