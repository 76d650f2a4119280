//! Generates the frozen R1CS test-vector file `tests/vectors/r1cs_v1.json`: proofs
//! of the k-shuffle, range and membership gadgets on ristretto255 and secp256k1,
//! invalid cases derived from them, and batches (`tests/vectors_r1cs.rs` checks
//! them).
//!
//! The file is append-only: once committed, later versions must keep passing it.
//! Regenerate only to *add* groups, never to change cases. The output is
//! deterministic (a seeded ChaCha RNG): running the command again reproduces the
//! committed file byte for byte.
//!
//! ```text
//! cargo run -p vectors --bin r1cs > crates/ballistic/tests/vectors/r1cs_v1.json
//! ```
//!
//! Every case is verified here before it is written: a valid case must verify, an
//! invalid one must fail, with the error class the mutation implies where it
//! implies one (a flipped bit may give a malformed encoding or a proof that does
//! not verify: the file records which).

use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::gadgets::{membership, range, shuffle};
use ballistic::generators::{BulletproofGens, PedersenGens};
use ballistic::merlin::Transcript;
use ballistic::r1cs::{BatchVerifier, Prover, R1CSError, R1CSProof, Verifier};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde_json::{json, Value};

/// The circuit of a case, with its public parameters.
#[derive(Clone, Debug)]
enum Circuit {
    /// `shuffle::gadget` over `2k` commitments (inputs first), transcript
    /// `shuffle::transcript(domain, k)`.
    Shuffle { k: usize },
    /// `range::range(v, n)` over one commitment, transcript `Transcript::new(domain)`.
    Range { n: usize },
    /// `membership::one_of(v, set)` over one commitment, transcript
    /// `Transcript::new(domain)`.
    Membership { set: Vec<u64> },
}

impl Circuit {
    fn to_json(&self) -> Value {
        match self {
            Circuit::Shuffle { k } => json!({"name": "shuffle", "k": k}),
            Circuit::Range { n } => json!({"name": "range", "n": n}),
            Circuit::Membership { set } => json!({"name": "membership", "set": set}),
        }
    }

    /// The generators a verifier of this circuit uses: dalek's shuffle test's
    /// `(2k).next_power_of_two()`, otherwise the multipliers rounded up to a power
    /// of two.
    fn generators(&self) -> usize {
        match self {
            Circuit::Shuffle { k } => shuffle::generators_capacity(*k).expect("k"),
            Circuit::Range { n } => n.next_power_of_two(),
            Circuit::Membership { set } => (set.len() - 1).next_power_of_two(),
        }
    }

    /// The verifier of the statement, with the circuit built.
    fn verifier<C: Curve>(
        &self,
        domain: &'static [u8],
        commitments: &[C::Encoding],
    ) -> Result<Verifier<C, Transcript>, R1CSError> {
        match self {
            Circuit::Shuffle { k } => {
                assert_eq!(commitments.len(), 2 * k, "a shuffle has 2k commitments");
                shuffle::verifier::<C>(domain, commitments)
            }
            Circuit::Range { n } => {
                assert_eq!(commitments.len(), 1);
                let mut v = Verifier::<C, _>::new(Transcript::new(domain));
                let x = v.commit(commitments[0]);
                range::range(&mut v, x.into(), None, *n)?;
                Ok(v)
            }
            Circuit::Membership { set } => {
                assert_eq!(commitments.len(), 1);
                let mut v = Verifier::<C, _>::new(Transcript::new(domain));
                let x = v.commit(commitments[0]);
                membership::one_of(&mut v, x.into(), &set[..])?;
                Ok(v)
            }
        }
    }
}

/// One case: a statement and proof bytes.
#[derive(Clone)]
struct Case {
    comment: String,
    flags: Vec<&'static str>,
    circuit: Circuit,
    domain: &'static [u8],
    generators: usize,
    commitments: Vec<Vec<u8>>,
    proof: Vec<u8>,
}

fn leak(s: &str) -> &'static [u8] {
    s.as_bytes().to_vec().leak()
}

fn error_name(e: &R1CSError) -> &'static str {
    match e {
        R1CSError::FormatError => "FormatError",
        R1CSError::VerificationError => "VerificationError",
        R1CSError::InvalidGeneratorsLength => "InvalidGeneratorsLength",
        other => panic!("unexpected error class {other:?}"),
    }
}

impl Case {
    fn encodings<C: Curve>(&self) -> Vec<C::Encoding> {
        self.commitments
            .iter()
            .map(|c| C::encoding_from_bytes(c).expect("commitment length"))
            .collect()
    }

    /// Parses (strictly: the encoding must round-trip) and verifies.
    fn run<C: Curve>(&self, rng: &mut ChaCha20Rng) -> Result<(), R1CSError> {
        let proof = R1CSProof::<C>::from_bytes(&self.proof)?;
        assert_eq!(
            proof.to_bytes(),
            self.proof,
            "{}: re-encoding",
            self.comment
        );
        let pc = PedersenGens::<C>::default();
        let bp = BulletproofGens::<C>::new(self.generators, 1);
        self.circuit
            .verifier::<C>(self.domain, &self.encodings::<C>())?
            .verify_with_rng(&proof, &pc, &bp, rng)
            .map(|_| ())
    }

    fn to_json(&self, id: usize, curve: &str, result: Result<(), R1CSError>) -> Value {
        let mut v = json!({
            "tcId": id,
            "comment": self.comment,
            "flags": self.flags,
            "curve": curve,
            "circuit": self.circuit.to_json(),
            "domain": String::from_utf8(self.domain.to_vec()).expect("utf-8 domain"),
            "generators": self.generators,
            "commitments": self.commitments.iter().map(hex::encode).collect::<Vec<_>>(),
            "proof": hex::encode(&self.proof),
            "result": if result.is_ok() { "valid" } else { "invalid" },
        });
        if let Err(e) = result {
            v["error"] = json!(error_name(&e));
        }
        v
    }
}

/// A proof's fields: name, offset and length, in wire order.
fn fields(point: usize, two_phase: bool, rounds: usize) -> Vec<(String, usize, usize)> {
    let mut names: Vec<(String, usize)> = ["A_I1", "A_O1", "S1"]
        .iter()
        .map(|n| (n.to_string(), point))
        .collect();
    if two_phase {
        names.extend(
            ["A_I2", "A_O2", "S2"]
                .iter()
                .map(|n| (n.to_string(), point)),
        );
    }
    names.extend(
        ["T_1", "T_3", "T_4", "T_5", "T_6"]
            .iter()
            .map(|n| (n.to_string(), point)),
    );
    names.extend(
        ["t_x", "t_x_blinding", "e_blinding"]
            .iter()
            .map(|n| (n.to_string(), 32)),
    );
    for i in 0..rounds {
        names.push((format!("L_{i}"), point));
        names.push((format!("R_{i}"), point));
    }
    names.push(("a".into(), 32));
    names.push(("b".into(), 32));
    let mut offset = 1;
    names
        .into_iter()
        .map(|(name, len)| {
            let f = (name, offset, len);
            offset += len;
            f
        })
        .collect()
}

/// A valid proof, with what is needed to derive invalid cases from it.
struct Base {
    case: Case,
    two_phase: bool,
    rounds: usize,
}

impl Base {
    fn field(&self, point: usize, name: &str) -> (usize, usize) {
        fields(point, self.two_phase, self.rounds)
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
    fn with_field(
        &self,
        point: usize,
        name: &str,
        bytes: &[u8],
        comment: &str,
        flag: &'static str,
    ) -> Case {
        let (o, l) = self.field(point, name);
        assert_eq!(bytes.len(), l);
        let mut p = self.case.proof.clone();
        p[o..o + l].copy_from_slice(bytes);
        self.with_proof(&format!("{name} = {comment}"), &[flag], p)
    }

    /// One bit flipped in the middle byte of a field.
    fn flip(&self, point: usize, name: &str) -> Case {
        let (o, l) = self.field(point, name);
        let mut p = self.case.proof.clone();
        p[o + l / 2] ^= 0x01;
        self.with_proof(&format!("bit flip in {name}"), &["ModifiedProof"], p)
    }

    /// The valid proof under another statement.
    fn with_statement(
        &self,
        comment: &str,
        flag: &'static str,
        circuit: Circuit,
        domain: &'static [u8],
        commitments: Vec<Vec<u8>>,
    ) -> Case {
        Case {
            comment: format!("{}: {comment}", self.case.comment),
            flags: vec![flag],
            generators: circuit.generators(),
            circuit,
            domain,
            commitments,
            ..self.case.clone()
        }
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
            identity: vec![0u8; 33],
        }
    }
}

/// Proves the valid cases of one curve.
fn valid_cases<C: Curve>(rng: &mut ChaCha20Rng) -> Vec<Base> {
    let pc = PedersenGens::<C>::default();
    let enc = |e: &C::Encoding| C::encoding_bytes(e).to_vec();
    let blinding = |rng: &mut ChaCha20Rng| C::scalar_to_api(&C::scalar_random(rng));
    let mut out = Vec::new();
    let domain = leak("ballistic r1cs vectors v1");
    for k in [1usize, 2, 3, 8] {
        let generators = shuffle::generators_capacity(k).expect("k");
        let bp = BulletproofGens::<C>::new(generators, 1);
        let inputs: Vec<u64> = (0..k).map(|_| rng.gen()).collect();
        let mut outputs = inputs.clone();
        outputs.shuffle(rng);
        let (proof, coms) =
            shuffle::prove(&pc, &bp, domain, &inputs, &outputs, rng).expect("shuffle");
        out.push(Base {
            two_phase: proof.is_two_phase(),
            rounds: proof.rounds(),
            case: Case {
                comment: format!("{} shuffle k={k}", C::NAME),
                flags: vec!["Valid"],
                circuit: Circuit::Shuffle { k },
                domain,
                generators,
                commitments: coms.iter().map(enc).collect(),
                proof: proof.to_bytes(),
            },
        });
    }
    for n in [8usize, 32] {
        let bp = BulletproofGens::<C>::new(n, 1);
        // The largest value for n = 8, a random one for n = 32.
        let value = if n == 8 { 255 } else { rng.gen::<u32>() as u64 };
        let mut p = Prover::<C, _>::new(&pc, Transcript::new(domain));
        let (c, v) = p.commit(C::ApiScalar::from(value), blinding(rng));
        range::range(&mut p, v.into(), Some(value), n).expect("range");
        let proof = p.prove_with_rng(&bp, rng).expect("prove range");
        out.push(Base {
            two_phase: proof.is_two_phase(),
            rounds: proof.rounds(),
            case: Case {
                comment: format!("{} range n={n}", C::NAME),
                flags: vec!["Valid"],
                circuit: Circuit::Range { n },
                domain,
                generators: n,
                commitments: vec![enc(&c)],
                proof: proof.to_bytes(),
            },
        });
    }
    let set = vec![3u64, 1000, 1 << 40, u64::MAX, 77];
    let bp = BulletproofGens::<C>::new(4, 1);
    let mut p = Prover::<C, _>::new(&pc, Transcript::new(domain));
    let (c, v) = p.commit(C::ApiScalar::from(u64::MAX), blinding(rng));
    membership::one_of(&mut p, v.into(), &set).expect("membership");
    let proof = p.prove_with_rng(&bp, rng).expect("prove membership");
    out.push(Base {
        two_phase: proof.is_two_phase(),
        rounds: proof.rounds(),
        case: Case {
            comment: format!("{} membership |set|=5", C::NAME),
            flags: vec!["Valid"],
            circuit: Circuit::Membership { set },
            domain,
            generators: 4,
            commitments: vec![enc(&c)],
            proof: proof.to_bytes(),
        },
    });
    out
}

/// Invalid cases against another statement: another circuit (every base proof);
/// with `all`, also another domain, a wrong commitment and reordered outputs.
fn statement_cases<C: Curve>(b: &Base, all: bool) -> Vec<(Case, Option<&'static str>)> {
    let c = &b.case;
    let pc = PedersenGens::<C>::default();
    let verr = Some("VerificationError");
    let mut out = Vec::new();
    if all {
        out.push((
            b.with_statement(
                "other domain",
                "WrongDomain",
                c.circuit.clone(),
                leak("another domain"),
                c.commitments.clone(),
            ),
            verr,
        ));
    }
    if all {
        let v0 =
            C::decode(&C::encoding_from_bytes(&c.commitments[0]).expect("len")).expect("point");
        let mut moved = c.commitments.clone();
        moved[0] = C::encoding_bytes(&C::encode(&(v0 + C::point_from_api(&pc.B)))).to_vec();
        out.push((
            b.with_statement(
                "commitment 0 + B",
                "WrongCommitment",
                c.circuit.clone(),
                c.domain,
                moved,
            ),
            verr,
        ));
    }
    match &c.circuit {
        Circuit::Shuffle { k } => {
            let k = *k;
            if k >= 2 {
                if all {
                    let mut swapped = c.commitments.clone();
                    swapped.swap(k, k + 1);
                    out.push((
                        b.with_statement(
                            "outputs 0 and 1 exchanged",
                            "WrongPublicInput",
                            c.circuit.clone(),
                            c.domain,
                            swapped,
                        ),
                        verr,
                    ));
                }
                let mut fewer = c.commitments[..k - 1].to_vec();
                fewer.extend_from_slice(&c.commitments[k..2 * k - 1]);
                out.push((
                    b.with_statement(
                        &format!("verified as k={} (last input and output dropped)", k - 1),
                        "WrongCircuit",
                        Circuit::Shuffle { k: k - 1 },
                        c.domain,
                        fewer,
                    ),
                    verr,
                ));
            } else {
                let swapped = vec![c.commitments[1].clone(), c.commitments[0].clone()];
                out.push((
                    b.with_statement(
                        "input and output exchanged",
                        "WrongPublicInput",
                        c.circuit.clone(),
                        c.domain,
                        swapped,
                    ),
                    verr,
                ));
                let (x, y) = (c.commitments[0].clone(), c.commitments[1].clone());
                out.push((
                    b.with_statement(
                        "verified as k=2 (input and output repeated)",
                        "WrongCircuit",
                        Circuit::Shuffle { k: 2 },
                        c.domain,
                        vec![x.clone(), x, y.clone(), y],
                    ),
                    verr,
                ));
            }
        }
        Circuit::Range { n } => {
            for m in [n - 1, n + 1] {
                out.push((
                    b.with_statement(
                        &format!("verified as n={m}"),
                        "WrongCircuit",
                        Circuit::Range { n: m },
                        c.domain,
                        c.commitments.clone(),
                    ),
                    verr,
                ));
            }
        }
        Circuit::Membership { set } => {
            let mut other = set.clone();
            other[0] += 1;
            out.push((
                b.with_statement(
                    "verified with set element 0 changed",
                    "WrongCircuit",
                    Circuit::Membership { set: other },
                    c.domain,
                    c.commitments.clone(),
                ),
                verr,
            ));
            let mut more = set.clone();
            more.push(5);
            out.push((
                b.with_statement(
                    "verified with one more set element",
                    "WrongCircuit",
                    Circuit::Membership { set: more },
                    c.domain,
                    c.commitments.clone(),
                ),
                verr,
            ));
        }
    }
    out
}

/// Bit flips in one field of each section: A_I1, A_I2 (two phases), T_1, t_x, L_0
/// (if there is a round), a; only in `a` unless `all`.
fn section_flips<C: Curve>(b: &Base, all: bool) -> Vec<(Case, Option<&'static str>)> {
    if !all {
        return vec![(b.flip(C::POINT_BYTES, "a"), None)];
    }
    let mut names = vec!["A_I1"];
    if b.two_phase {
        names.push("A_I2");
    }
    names.extend(["T_1", "t_x"]);
    if b.rounds > 0 {
        names.push("L_0");
    }
    names.push("a");
    names
        .into_iter()
        .map(|n| (b.flip(C::POINT_BYTES, n), None))
        .collect()
}

/// Layout cases (the format bases: one two-phase and one one-phase proof per
/// curve): the other phase count, other round counts, too few generators. With
/// `full`, also a bit flip in every field `section_flips` does not cover, the
/// version byte 2, lengths, (L, R) exchanged and the encoding cases (one base per
/// curve: they do not depend on the proof's shape).
fn format_cases<C: Curve>(b: &Base, full: bool) -> Vec<(Case, Option<&'static str>)> {
    let p = C::POINT_BYTES;
    let ferr = Some("FormatError");
    let verr = Some("VerificationError");
    let bytes = &b.case.proof;
    let bad = bad::<C>();
    let mut out = Vec::new();
    // Every point replaced by another valid point (a flipped bit mostly gives an
    // invalid encoding: this checks that the verification equation binds each
    // point), and a bit flipped in every scalar `section_flips` does not cover.
    let scalars = ["t_x", "t_x_blinding", "e_blinding", "a", "b"];
    let covered = ["t_x", "a"];
    let value_base = C::point_from_api(&PedersenGens::<C>::default().B);
    for (name, o, l) in fields(p, b.two_phase, b.rounds) {
        if !full {
            break;
        }
        if !scalars.contains(&name.as_str()) {
            let e = C::encoding_from_bytes(&bytes[o..o + l]).expect("length");
            let moved = C::encode(&(C::decode(&e).expect("a point") + value_base));
            out.push((
                b.with_field(
                    p,
                    &name,
                    C::encoding_bytes(&moved),
                    &format!("{name} + B"),
                    "ModifiedProof",
                ),
                verr,
            ));
        } else if !covered.contains(&name.as_str()) {
            out.push((b.flip(p, &name), None));
        }
    }
    // Version and phase layout.
    if full {
        let mut t = bytes.clone();
        t[0] = 2;
        out.push((b.with_proof("version byte 2", &["WrongVersion"], t), ferr));
    }
    let mut t = bytes.clone();
    t[0] ^= 1;
    out.push((
        b.with_proof(
            "version byte of the other phase count (length mismatch)",
            &["WrongVersion"],
            t,
        ),
        ferr,
    ));
    let (a_i1, _) = b.field(p, "A_I1");
    let (t_1, _) = b.field(p, "T_1");
    if b.two_phase {
        // Version 0 and the second-phase commitments removed: a well-formed
        // one-phase proof for a two-phase circuit.
        let mut t = vec![0u8];
        t.extend_from_slice(&bytes[1..a_i1 + 3 * p]);
        t.extend_from_slice(&bytes[t_1..]);
        out.push((
            b.with_proof(
                "version 0, second-phase commitments removed",
                &["PhaseMismatch"],
                t,
            ),
            verr,
        ));
        if full {
            out.push((
                b.with_field(p, "A_I2", &bad.identity, "identity", "IdentityPoint"),
                ferr,
            ));
        }
    } else {
        // Version 1 and copies of A_I1, A_O1, S1 inserted as second-phase
        // commitments: a well-formed two-phase proof for a one-phase circuit.
        let mut t = vec![1u8];
        t.extend_from_slice(&bytes[1..t_1]);
        t.extend_from_slice(&bytes[a_i1..a_i1 + 3 * p]);
        t.extend_from_slice(&bytes[t_1..]);
        out.push((
            b.with_proof(
                "version 1, first-phase commitments repeated as second-phase ones",
                &["PhaseMismatch"],
                t,
            ),
            verr,
        ));
    }
    // Lengths.
    if full {
        out.push((
            b.with_proof(
                "last byte removed",
                &["WrongLength"],
                bytes[..bytes.len() - 1].to_vec(),
            ),
            ferr,
        ));
        let mut t = bytes.clone();
        t.push(0);
        out.push((
            b.with_proof("one zero byte appended", &["WrongLength"], t),
            ferr,
        ));
        out.push((b.with_proof("empty", &["WrongLength"], Vec::new()), ferr));
    }
    // Inner-product rounds (well-formed proofs of another size).
    let (ab, _) = b.field(p, "a");
    if b.rounds > 0 {
        let mut t = bytes[..ab - 2 * p].to_vec();
        t.extend_from_slice(&bytes[ab..]);
        out.push((
            b.with_proof("last (L, R) round removed", &["WrongRounds"], t),
            verr,
        ));
        let mut t = bytes[..ab].to_vec();
        t.extend_from_slice(&bytes[ab - 2 * p..]);
        out.push((
            b.with_proof("last (L, R) round repeated", &["WrongRounds"], t),
            verr,
        ));
        if full {
            let (l0, _) = b.field(p, "L_0");
            let mut t = bytes.clone();
            t[l0..l0 + p].copy_from_slice(&bytes[l0 + p..l0 + 2 * p]);
            t[l0 + p..l0 + 2 * p].copy_from_slice(&bytes[l0..l0 + p]);
            out.push((
                b.with_proof("L_0 and R_0 exchanged", &["ModifiedProof"], t),
                verr,
            ));
            out.push((
                b.with_field(p, "L_0", &bad.identity, "identity", "IdentityPoint"),
                ferr,
            ));
        }
    } else {
        let mut t = bytes[..ab].to_vec();
        t.extend_from_slice(&bytes[a_i1..a_i1 + 2 * p]);
        t.extend_from_slice(&bytes[ab..]);
        out.push((
            b.with_proof("a round (A_I1, A_O1) inserted", &["WrongRounds"], t),
            verr,
        ));
    }
    // Encodings.
    if full {
        out.push((
            b.with_field(
                p,
                "t_x",
                &bad.order,
                "the group order",
                "NonCanonicalScalar",
            ),
            ferr,
        ));
        out.push((
            b.with_field(p, "a", &bad.order, "the group order", "NonCanonicalScalar"),
            ferr,
        ));
        out.push((
            b.with_field(
                p,
                "e_blinding",
                &[0xff; 32],
                "2^256 - 1",
                "NonCanonicalScalar",
            ),
            ferr,
        ));
        out.push((
            b.with_field(p, "A_I1", &bad.identity, "identity", "IdentityPoint"),
            ferr,
        ));
        for (i, (enc, what)) in bad.not_points.iter().enumerate() {
            let field = if i == 0 { "T_1" } else { "S1" };
            out.push((b.with_field(p, field, enc, what, "InvalidPoint"), ferr));
        }
        // Commitments that are not points, or the identity: the verifier takes any
        // encoding and fails at verification.
        let (enc, what) = &bad.not_points[0];
        let mut coms = b.case.commitments.clone();
        coms[0] = enc.clone();
        out.push((
            b.with_statement(
                &format!("commitment 0 = {what}"),
                "InvalidCommitment",
                b.case.circuit.clone(),
                b.case.domain,
                coms,
            ),
            verr,
        ));
        let mut coms = b.case.commitments.clone();
        coms[0] = bad.identity.clone();
        out.push((
            b.with_statement(
                "commitment 0 = identity encoding",
                "InvalidCommitment",
                b.case.circuit.clone(),
                b.case.domain,
                coms,
            ),
            verr,
        ));
    }
    // Generators: too few for the padded multipliers.
    assert!(b.rounds > 0, "a format base has multipliers");
    let mut few = b.case.clone();
    few.generators = (1 << b.rounds) / 2;
    few.comment = format!(
        "{}: generators = {} (half the padded multipliers)",
        b.case.comment, few.generators
    );
    few.flags = vec!["TooFewGenerators"];
    out.push((few, Some("InvalidGeneratorsLength")));
    out
}

/// All cases and batches of one curve; `id` is the last tcId used.
fn curve_vectors<C: Curve>(
    rng: &mut ChaCha20Rng,
    id: &mut usize,
    tests: &mut Vec<Value>,
    batches: &mut Vec<Value>,
) {
    let bases = valid_cases::<C>(rng);
    // (tcId, case, result) of every case, for the batches.
    let mut written: Vec<(usize, Case, Result<(), R1CSError>)> = Vec::new();
    let mut push = |case: Case, expect: Option<Option<&'static str>>, rng: &mut ChaCha20Rng| {
        let result = case.run::<C>(rng);
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
        *id += 1;
        tests.push(case.to_json(*id, C::NAME, result.clone()));
        written.push((*id, case, result));
    };
    for b in &bases {
        push(b.case.clone(), None, rng);
    }
    // Format bases (the encoding and layout cases, every section flipped, another
    // domain): the k = 2 shuffle (two phases, 1 round; every field flipped) and the
    // membership proof (one phase, 2 rounds). The small proofs keep the file small.
    let format_bases = ["shuffle k=2", "membership |set|=5"];
    for b in &bases {
        let format = format_bases.iter().any(|n| b.case.comment.ends_with(n));
        for (case, e) in statement_cases::<C>(b, format)
            .into_iter()
            .chain(section_flips::<C>(b, format))
        {
            push(case, Some(e), rng);
        }
    }
    for (name, full) in format_bases.iter().zip([true, false]) {
        let b = bases
            .iter()
            .find(|b| b.case.comment.ends_with(name))
            .expect("format base");
        for (case, e) in format_cases::<C>(b, full) {
            push(case, Some(e), rng);
        }
    }

    // Batches: all valid cases, then with invalid ones that parse added.
    let valid: Vec<usize> = written
        .iter()
        .filter(|(_, _, r)| r.is_ok())
        .map(|(i, _, _)| *i)
        .collect();
    let find = |flag: &str, comment: &str| -> usize {
        written
            .iter()
            .find(|(_, c, r)| {
                r.is_err()
                    && c.flags.contains(&flag)
                    && c.comment.contains(comment)
                    && R1CSProof::<C>::from_bytes(&c.proof).is_ok()
            })
            .map(|(i, _, _)| *i)
            .unwrap_or_else(|| panic!("no batch case {flag} {comment}"))
    };
    let one_bad = vec![find("ModifiedProof", "shuffle k=3: bit flip")];
    let three_bad = vec![
        find("WrongCommitment", "membership"),
        find("PhaseMismatch", "shuffle k=2"),
        find("ModifiedProof", "shuffle k=8: bit flip in a"),
    ];
    let specs: Vec<(&str, Vec<usize>)> = vec![
        ("every valid case", vec![]),
        (
            "every valid case and one proof that does not verify",
            one_bad,
        ),
        (
            "every valid case and three invalid ones (one fails before the final check)",
            three_bad,
        ),
    ];
    for (comment, bad_ids) in specs {
        let mut ids = valid.clone();
        // The invalid ones go in the middle, so that bisection has work to do.
        let mid = ids.len() / 2;
        for (j, b) in bad_ids.iter().enumerate() {
            ids.insert(mid + j, *b);
        }
        let generators = ids
            .iter()
            .map(|i| written[i - written[0].0].1.generators)
            .max()
            .expect("non-empty");
        let pc = PedersenGens::<C>::default();
        let bp = BulletproofGens::<C>::new(generators, 1);
        let mut batch = BatchVerifier::new(&pc, &bp);
        let proofs: Vec<R1CSProof<C>> = ids
            .iter()
            .map(|i| R1CSProof::from_bytes(&written[i - written[0].0].1.proof).expect("parses"))
            .collect();
        for (i, proof) in ids.iter().zip(&proofs) {
            let case = &written[i - written[0].0].1;
            let verifier = case
                .circuit
                .verifier::<C>(case.domain, &case.encodings::<C>())
                .expect("verifier");
            batch.add(verifier, proof);
        }
        let mut invalid: Vec<usize> = match batch.verify_with_rng(rng) {
            Ok(()) => vec![],
            Err(e) => e.invalid.iter().map(|(j, _)| ids[*j]).collect(),
        };
        invalid.sort_unstable();
        let mut expected = bad_ids.clone();
        expected.sort_unstable();
        assert_eq!(invalid, expected, "batch {comment}");
        batches.push(json!({
            "batchId": batches.len() + 1,
            "comment": format!("{}: {comment}", C::NAME),
            "curve": C::NAME,
            "generators": generators,
            "tcIds": ids,
            "result": if expected.is_empty() { "valid" } else { "invalid" },
            "invalid": expected,
        }));
    }
}

fn main() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x7231_6373_7665_6331);
    let mut id = 0usize;
    let mut tests = Vec::new();
    let mut batches = Vec::new();
    curve_vectors::<Ristretto>(&mut rng, &mut id, &mut tests, &mut batches);
    curve_vectors::<Secp256k1>(&mut rng, &mut id, &mut tests, &mut batches);
    let out = json!({
        "algorithm": "Bulletproofs R1CS (arithmetic circuit) proof",
        "curves": ["ristretto255", "secp256k1"],
        "wireFormat": "dalek bulletproofs 4.0.0 R1CSProof layout (version byte 0 one phase, 1 two phases); \
                       secp256k1: 33-byte points (0x08/0x09 then x), big-endian scalars",
        "generators": "PedersenGens::default(); BulletproofGens::new(generators, 1) with the case's generators",
        "statements": {
            "shuffle": "commitments: k inputs then k outputs; transcript shuffle::transcript(domain, k) \
                        (Transcript::new(domain), dom-sep = ShuffleProof, k); gadgets::shuffle::gadget",
            "range": "commitments: v; transcript Transcript::new(domain) (n is not appended: a wrong n \
                      is caught by the constraints alone); gadgets::range::range(v, n)",
            "membership": "commitments: v; transcript Transcript::new(domain) (the set is not appended: \
                           a wrong set is caught by the constraints alone); gadgets::membership::one_of(v, set)"
        },
        "errors": "the R1CSError variant the verifier returns: FormatError from R1CSProof::from_bytes, \
                   VerificationError or InvalidGeneratorsLength from Verifier::verify",
        "version": 1,
        "numberOfTests": tests.len(),
        "numberOfBatches": batches.len(),
        "notes": {
            "Valid": "an honest proof",
            "WrongDomain": "verified under another transcript label",
            "WrongCommitment": "a commitment replaced by another point",
            "WrongPublicInput": "the commitments reordered (another public statement)",
            "WrongCircuit": "verified against another circuit (k, n or set)",
            "ModifiedProof": "one bit flipped in the middle byte of a field, a point P replaced by the valid point P + B (B the value base), or L_0 and R_0 exchanged",
            "WrongVersion": "the version byte changed",
            "PhaseMismatch": "a well-formed proof with the other phase count than its circuit",
            "WrongLength": "truncated, extended or empty",
            "WrongRounds": "a well-formed proof with another number of inner-product rounds",
            "NonCanonicalScalar": "a scalar field holds a value >= the group order",
            "IdentityPoint": "a point field holds the identity's encoding",
            "InvalidPoint": "a point field is not a valid encoding",
            "InvalidCommitment": "a commitment is not a valid point encoding, or the identity",
            "TooFewGenerators": "generators fewer than the circuit's padded multipliers"
        },
        "batchNotes": "BatchVerifier::new(PedersenGens::default(), BulletproofGens::new(generators, 1)), \
                       the cases added in the order of tcIds; the batch must name exactly the invalid tcIds",
    });
    // The metadata pretty-printed, then one test (and one batch) per line: appending
    // cases appends lines.
    let head = serde_json::to_string_pretty(&out).expect("json");
    let head = head.strip_suffix("\n}").expect("an object");
    let lines = |items: &[Value]| {
        items
            .iter()
            .map(|v| format!("    {}", serde_json::to_string(v).expect("json")))
            .collect::<Vec<_>>()
            .join(",\n")
    };
    println!(
        "{head},\n  \"tests\": [\n{}\n  ],\n  \"batches\": [\n{}\n  ]\n}}",
        lines(&tests),
        lines(&batches)
    );
}
