//! Generates the frozen test-vector file `tests/vectors/range_ab_v2.json`: proofs
//! of `a <= v <= b` for public `[a, b]` in dalek's format on ristretto255
//! (`RangeProof::prove_range`), in secp256k1-zkp's format on secp256k1 (the same
//! call) and with Bulletproofs+ on both curves (`RangeProofPlus::prove_range`),
//! with invalid cases derived from them; and rewindable proofs in dalek's format on
//! ristretto255 (`RangeProof::prove_single_rewindable`) with what rewinding them
//! recovers. `tests/vectors_range_ab.rs` checks them.
//!
//! The file is append-only: once committed, later versions must keep passing it.
//! Regenerate only to *add* groups, never to change cases. The output is
//! deterministic (a seeded ChaCha RNG): running the command again reproduces the
//! committed file byte for byte. (`range_ab_v2.json` replaced `range_ab_v1.json`
//! when the `[a, b]` range statement changed to version 2; its rewindable cases
//! were made again when the rewind nonces were bound to the message, with the
//! domain `ballistic rewind vectors v2`: proofs of the earlier nonces still verify
//! but no longer rewind.)
//!
//! ```text
//! cargo run --release -p vectors --bin range_ab > crates/ballistic/tests/vectors/range_ab_v2.json
//! ```
//!
//! Every case is checked here before it is written: a valid case must verify (and a
//! rewindable one rewind to its opening), an invalid one must fail; the file
//! records the error class the verifier returns. Every valid proof records its
//! witness and the seed of the RNG it was proved with, so that the test can prove
//! it again and compare the bytes.

use ballistic::bp_plus::{Opening, RangeProofPlus};
use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens, PedersenGens};
use ballistic::merlin::Transcript;
use ballistic::ProofError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde_json::{json, Value};

const DOMAIN: &str = "ballistic [a, b] vectors v2";
/// The rewindable proofs' transcript label.
const REWIND_DOMAIN: &str = "ballistic rewind vectors v2";

/// The ranges of every scheme, and whether the values `a` and `b` are proved too
/// (besides one inside): `a = b` (at 0, inside, at `2^64 − 1`), `a = 0`,
/// `b = 2^64 − 1`, and `b − a + 1` a power of two (256, `2^64`, `2^63`, `2^20`)
/// and not (113, 1000).
const RANGES: [(u64, u64, bool); 9] = [
    (12_345, 12_345, false),
    (0, 0, false),
    (u64::MAX, u64::MAX, false),
    (0, 255, true),
    (18, 130, false),
    (0, u64::MAX, true),
    (u64::MAX - 999, u64::MAX, true),
    (1 << 63, u64::MAX, true),
    (1_000_000, 1_000_000 + (1 << 20) - 1, false),
];

/// The curve's default Bulletproofs+ bases with `t` mask bases (the facades'
/// `bp_plus::pedersen_gens`).
fn pedersen_gens<C: Curve>(t: usize) -> ExtendedPedersenGens<C> {
    ExtendedPedersenGens::default_for_degree(t).expect("degree")
}

/// A proof system of the file (`scheme` in the JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scheme {
    /// `RangeProof::prove_range` in dalek's format, ristretto255.
    Dalek,
    /// `RangeProof::prove_range` in secp256k1-zkp's format, secp256k1.
    Zkp,
    /// `RangeProofPlus::prove_range`, ristretto255 (Tari's bases).
    PlusRistretto,
    /// `RangeProofPlus::prove_range`, secp256k1.
    PlusSecp256k1,
}

const SCHEMES: [Scheme; 4] = [
    Scheme::Dalek,
    Scheme::Zkp,
    Scheme::PlusRistretto,
    Scheme::PlusSecp256k1,
];

impl Scheme {
    fn name(self) -> &'static str {
        match self {
            Scheme::Dalek => "dalek",
            Scheme::Zkp => "secp256k1-zkp",
            Scheme::PlusRistretto | Scheme::PlusSecp256k1 => "bp+",
        }
    }

    fn curve(self) -> &'static str {
        match self {
            Scheme::Dalek | Scheme::PlusRistretto => Ristretto::NAME,
            Scheme::Zkp | Scheme::PlusSecp256k1 => Secp256k1::NAME,
        }
    }

    fn is_plus(self) -> bool {
        matches!(self, Scheme::PlusRistretto | Scheme::PlusSecp256k1)
    }
}

fn leak(s: &str) -> &'static [u8] {
    s.as_bytes().to_vec().leak()
}

fn zkp_transcript(domain: &str) -> ballistic::secp256k1::Transcript {
    ballistic::secp256k1::Transcript::new().with_extra_commit(domain.as_bytes())
}

fn api_scalar<C: Curve>(b: &[u8]) -> C::ApiScalar {
    C::scalar_to_api(&C::scalar_from_canonical_bytes(b).expect("canonical scalar"))
}

/// What a valid `[a, b]` proof was made from: the value, the blinding (dalek,
/// secp256k1-zkp) or the masks (Bulletproofs+), and the seed of the prover's RNG
/// (`ChaCha20Rng::seed_from_u64`).
#[derive(Clone)]
struct Witness {
    value: u64,
    blindings: Vec<Vec<u8>>,
    rng_seed: u64,
}

/// Proves `a <= value <= b`: the proof's and the commitment's bytes.
fn prove(
    scheme: Scheme,
    w: &Witness,
    domain: &str,
    a: u64,
    b: u64,
) -> Result<(Vec<u8>, Vec<u8>), ProofError> {
    let mut rng = ChaCha20Rng::seed_from_u64(w.rng_seed);
    match scheme {
        Scheme::Dalek => {
            let (proof, v) = ballistic::ristretto::RangeProof::prove_range(
                &BulletproofGens::new(64, 2),
                &PedersenGens::default(),
                &mut Transcript::new(leak(domain)),
                w.value,
                &api_scalar::<Ristretto>(&w.blindings[0]),
                a,
                b,
                &mut rng,
            )?;
            Ok((proof.to_bytes(), v.as_bytes().to_vec()))
        }
        Scheme::Zkp => {
            let (proof, v) = ballistic::secp256k1::RangeProof::prove_range(
                &ballistic::secp256k1::grin_generators(),
                &PedersenGens::default(),
                &mut zkp_transcript(domain),
                w.value,
                &api_scalar::<Secp256k1>(&w.blindings[0]),
                a,
                b,
                &mut rng,
            )?;
            Ok((proof.to_bytes(), v.to_vec()))
        }
        Scheme::PlusRistretto => prove_plus::<Ristretto>(w, domain, a, b, &mut rng),
        Scheme::PlusSecp256k1 => prove_plus::<Secp256k1>(w, domain, a, b, &mut rng),
    }
}

fn prove_plus<C: Curve>(
    w: &Witness,
    domain: &str,
    a: u64,
    b: u64,
    rng: &mut ChaCha20Rng,
) -> Result<(Vec<u8>, Vec<u8>), ProofError> {
    let masks: Vec<C::ApiScalar> = w.blindings.iter().map(|m| api_scalar::<C>(m)).collect();
    let (proof, v) = RangeProofPlus::<C>::prove_range(
        &BulletproofGens::new(64, 2),
        &pedersen_gens::<C>(masks.len()),
        &mut Transcript::new(leak(domain)),
        &Opening::new(w.value, &masks),
        a,
        b,
        rng,
    )?;
    Ok((proof.to_bytes(), C::encoding_bytes(&v).to_vec()))
}

/// Parses (the encoding must round-trip) and verifies an `[a, b]` proof; `t` is the
/// Bulletproofs+ extension degree.
fn verify(
    scheme: Scheme,
    proof: &[u8],
    domain: &str,
    commitment: &[u8],
    (a, b): (u64, u64),
    t: usize,
) -> Result<(), ProofError> {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    match scheme {
        Scheme::Dalek => {
            let p = ballistic::ristretto::RangeProof::from_bytes(proof)?;
            assert_eq!(p.to_bytes(), proof, "re-encoding");
            p.verify_range(
                &BulletproofGens::new(64, 2),
                &PedersenGens::default(),
                &mut Transcript::new(leak(domain)),
                &Ristretto::encoding_from_bytes(commitment).expect("length"),
                a,
                b,
                &mut rng,
            )
        }
        Scheme::Zkp => {
            let p = ballistic::secp256k1::RangeProof::from_bytes(proof)?;
            assert_eq!(p.to_bytes(), proof, "re-encoding");
            p.verify_range(
                &ballistic::secp256k1::grin_generators(),
                &PedersenGens::default(),
                &mut zkp_transcript(domain),
                &Secp256k1::encoding_from_bytes(commitment).expect("length"),
                a,
                b,
                &mut rng,
            )
        }
        Scheme::PlusRistretto => {
            verify_plus::<Ristretto>(proof, domain, commitment, (a, b), t, &mut rng)
        }
        Scheme::PlusSecp256k1 => {
            verify_plus::<Secp256k1>(proof, domain, commitment, (a, b), t, &mut rng)
        }
    }
}

fn verify_plus<C: Curve>(
    proof: &[u8],
    domain: &str,
    commitment: &[u8],
    (a, b): (u64, u64),
    t: usize,
    rng: &mut ChaCha20Rng,
) -> Result<(), ProofError> {
    let p = RangeProofPlus::<C>::from_bytes(proof)?;
    assert_eq!(p.to_bytes(), proof, "re-encoding");
    p.verify_range(
        &BulletproofGens::new(64, 2),
        &pedersen_gens::<C>(t),
        &mut Transcript::new(leak(domain)),
        &C::encoding_from_bytes(commitment).expect("length"),
        a,
        b,
        rng,
    )
}

/// The commitment plus the scheme's value base `B` (a commitment to `v + 1`).
fn plus_value_base(scheme: Scheme, commitment: &[u8], t: usize) -> Vec<u8> {
    fn add<C: Curve>(commitment: &[u8], base: &C::ApiPoint) -> Vec<u8> {
        let v = C::decode(&C::encoding_from_bytes(commitment).expect("length")).expect("point");
        C::encoding_bytes(&C::encode(&(v + C::point_from_api(base)))).to_vec()
    }
    match scheme {
        Scheme::Dalek => add::<Ristretto>(commitment, &PedersenGens::<Ristretto>::default().B),
        Scheme::Zkp => add::<Secp256k1>(commitment, &PedersenGens::<Secp256k1>::default().B),
        Scheme::PlusRistretto => {
            add::<Ristretto>(commitment, &pedersen_gens::<Ristretto>(t).value_base())
        }
        Scheme::PlusSecp256k1 => {
            add::<Secp256k1>(commitment, &pedersen_gens::<Secp256k1>(t).value_base())
        }
    }
}

fn random_scalar_bytes(scheme: Scheme, rng: &mut ChaCha20Rng) -> Vec<u8> {
    if scheme.curve() == Ristretto::NAME {
        Ristretto::scalar_to_bytes(&Ristretto::scalar_random(rng)).to_vec()
    } else {
        Secp256k1::scalar_to_bytes(&Secp256k1::scalar_random(rng)).to_vec()
    }
}

fn error_name(e: &ProofError) -> &'static str {
    match e {
        ProofError::FormatError => "FormatError",
        ProofError::VerificationError => "VerificationError",
        ProofError::InvalidRange => "InvalidRange",
        ProofError::RewindError => "RewindError",
        other => panic!("unexpected error class {other:?}"),
    }
}

/// One `[a, b]` case.
#[derive(Clone)]
struct Case {
    scheme: Scheme,
    comment: String,
    flags: Vec<&'static str>,
    /// The range the case is verified with.
    range: (u64, u64),
    t: usize,
    commitment: Vec<u8>,
    proof: Vec<u8>,
    witness: Option<Witness>,
}

impl Case {
    fn to_json(&self, id: usize, result: &Result<(), ProofError>) -> Value {
        let mut v = json!({
            "tcId": id,
            "comment": self.comment,
            "flags": self.flags,
            "scheme": self.scheme.name(),
            "curve": self.scheme.curve(),
            "domain": DOMAIN,
            "a": self.range.0,
            "b": self.range.1,
            "commitment": hex::encode(&self.commitment),
            "proof": hex::encode(&self.proof),
            "result": if result.is_ok() { "valid" } else { "invalid" },
        });
        if self.scheme.is_plus() {
            v["extensionDegree"] = json!(self.t);
        }
        if let Err(e) = result {
            v["error"] = json!(error_name(e));
        }
        if let Some(w) = &self.witness {
            v["witness"] = json!({
                "value": w.value,
                "blindings": w.blindings.iter().map(hex::encode).collect::<Vec<_>>(),
                "rngSeed": w.rng_seed,
            });
        }
        v
    }

    /// This valid case under another statement or with other proof bytes.
    fn mutated(&self, comment: &str, flag: &'static str, f: impl FnOnce(&mut Case)) -> Case {
        let mut c = Case {
            comment: format!("{}: {comment}", self.comment),
            flags: vec![flag],
            witness: None,
            ..self.clone()
        };
        f(&mut c);
        c
    }
}

/// The flags describing a valid case's range and value.
fn range_flags(a: u64, b: u64, v: u64) -> Vec<&'static str> {
    let mut flags = vec!["Valid"];
    if a == b {
        flags.push("SingleValue");
    }
    if a == 0 {
        flags.push("ZeroLowerBound");
    }
    if b == u64::MAX {
        flags.push("MaxUpperBound");
    }
    if (u128::from(b - a) + 1).is_power_of_two() {
        flags.push("PowerOfTwoWidth");
    } else {
        flags.push("OtherWidth");
    }
    if a < b {
        flags.push(if v == a {
            "ValueAtA"
        } else if v == b {
            "ValueAtB"
        } else {
            "ValueInside"
        });
    }
    flags
}

/// The valid cases of one scheme: for every range one value inside (the value
/// when `a = b`), and `a` and `b` where [`RANGES`] says so; the Bulletproofs+
/// extension degree cycles through 1, 2, 3.
fn valid_cases(scheme: Scheme, rng: &mut ChaCha20Rng) -> Vec<Vec<Case>> {
    let mut out = Vec::new();
    for (i, &(a, b, ends)) in RANGES.iter().enumerate() {
        let t = if scheme.is_plus() { 1 + i % 3 } else { 1 };
        let inside = if b - a >= 2 {
            a + 1 + rng.gen_range(0..=(b - a - 2))
        } else {
            a
        };
        let mut values = vec![inside];
        if ends {
            values.extend([a, b]);
        }
        let mut group = Vec::new();
        for v in values {
            let w = Witness {
                value: v,
                blindings: (0..t).map(|_| random_scalar_bytes(scheme, rng)).collect(),
                rng_seed: rng.gen(),
            };
            let (proof, commitment) = prove(scheme, &w, DOMAIN, a, b).expect("proves");
            // Deterministic given the RNG: the test proves it again.
            assert_eq!(
                prove(scheme, &w, DOMAIN, a, b).expect("proves"),
                (proof.clone(), commitment.clone()),
                "{scheme:?}: deterministic prover"
            );
            let t_label = if scheme.is_plus() {
                format!(" t={t}")
            } else {
                String::new()
            };
            group.push(Case {
                scheme,
                comment: format!(
                    "{} {} [{a}, {b}]{t_label} v={v}",
                    scheme.name(),
                    scheme.curve()
                ),
                flags: range_flags(a, b, v),
                range: (a, b),
                t,
                commitment,
                proof,
                witness: Some(w),
            });
        }
        out.push(group);
    }
    out
}

/// The invalid cases of the first (inside) proof of the range of index `index` in
/// [`RANGES`]: the range shifted by one (or narrowed when it cannot move), widened
/// by one (or narrowed); for `[18, 130]` the bounds exchanged; and for the ranges
/// of index 3 to 8 in turn the commitment plus `B`, one bit flipped in the middle
/// byte of the proof, the last byte removed (each kind at two bit widths).
fn invalid_cases(base: &Case, index: usize) -> Vec<Case> {
    let (a, b) = base.range;
    let mut out = Vec::new();
    let with_range = |comment: &str, flag, range| base.mutated(comment, flag, |c| c.range = range);
    out.push(if b < u64::MAX {
        with_range("range shifted up by one", "ShiftedRange", (a + 1, b + 1))
    } else if a > 0 {
        with_range("range shifted down by one", "ShiftedRange", (a - 1, b - 1))
    } else {
        with_range("range narrowed to [1, b]", "NarrowedRange", (1, b))
    });
    out.push(if a > 0 {
        with_range("range widened to [a - 1, b]", "WidenedRange", (a - 1, b))
    } else if b < u64::MAX {
        with_range("range widened to [a, b + 1]", "WidenedRange", (a, b + 1))
    } else {
        with_range("range narrowed to [a, b - 1]", "NarrowedRange", (a, b - 1))
    });
    if a < b && index == 4 {
        out.push(with_range("a and b exchanged", "SwappedBounds", (b, a)));
    }
    match index {
        3 | 6 => out.push(base.mutated("commitment + B", "WrongCommitment", |c| {
            c.commitment = plus_value_base(c.scheme, &c.commitment, c.t);
        })),
        4 | 7 => out.push(
            base.mutated("bit flip in the middle byte", "ModifiedProof", |c| {
                let mid = c.proof.len() / 2;
                c.proof[mid] ^= 0x01;
            }),
        ),
        5 | 8 => out.push(base.mutated("last byte removed", "TruncatedProof", |c| {
            c.proof.pop();
        })),
        _ => {}
    }
    out
}

/// One rewindable proof and how it is rewound.
struct RewindCase {
    comment: String,
    flags: Vec<&'static str>,
    domain: String,
    bits: usize,
    commitment: Vec<u8>,
    proof: Vec<u8>,
    /// The nonce the case rewinds with.
    nonce: [u8; 32],
    /// The prover's inputs: value, blinding, nonce, message.
    witness: (u64, Vec<u8>, [u8; 32], [u8; 20]),
}

impl RewindCase {
    /// Verifies as an ordinary proof, and rewinds: the verifier's result and the
    /// rewind's (value, blinding, message).
    #[allow(clippy::type_complexity)]
    fn run(
        &self,
    ) -> (
        Result<(), ProofError>,
        Result<(u64, Vec<u8>, [u8; 20]), ProofError>,
    ) {
        use ballistic::ristretto::*;
        let (bp, pc) = (BulletproofGens::new(64, 2), PedersenGens::default());
        let proof = RangeProof::from_bytes(&self.proof).expect("a well-formed proof");
        let v = CompressedRistretto::from_slice(&self.commitment).expect("32 bytes");
        let verified = proof.verify_single(
            &bp,
            &pc,
            &mut Transcript::new(leak(&self.domain)),
            &v,
            self.bits,
        );
        let rewound = proof
            .rewind(
                &bp,
                &pc,
                &mut Transcript::new(leak(&self.domain)),
                &v,
                self.bits,
                &self.nonce,
            )
            .map(|r| (r.value(), r.blinding().to_bytes().to_vec(), r.message()));
        (verified, rewound)
    }

    fn to_json(&self, id: usize) -> Value {
        let (verified, rewound) = self.run();
        let (value, blinding, nonce, message) = &self.witness;
        let mut v = json!({
            "tcId": id,
            "comment": self.comment,
            "flags": self.flags,
            "scheme": "dalek-rewindable",
            "curve": Ristretto::NAME,
            "domain": self.domain,
            "bits": self.bits,
            "commitment": hex::encode(&self.commitment),
            "proof": hex::encode(&self.proof),
            "result": if verified.is_ok() { "valid" } else { "invalid" },
            "nonce": hex::encode(self.nonce),
            "witness": {
                "value": value,
                "blindings": [hex::encode(blinding)],
                "nonce": hex::encode(nonce),
                "message": hex::encode(message),
            },
        });
        if let Err(e) = &verified {
            v["error"] = json!(error_name(e));
        }
        match rewound {
            Ok((value, blinding, message)) => {
                v["rewound"] = json!({
                    "value": value,
                    "blinding": hex::encode(blinding),
                    "message": hex::encode(message),
                });
            }
            Err(e) => v["rewindError"] = json!(error_name(&e)),
        }
        v
    }
}

/// The rewindable proofs (bit widths 8, 13 (padded), 64; values 0, `2^n − 1` and
/// random; random messages and the zero message) and, for each, a rewind with
/// another nonce; for the first, also verification and rewinding under another
/// transcript label.
fn rewind_cases(rng: &mut ChaCha20Rng) -> Vec<RewindCase> {
    use ballistic::ristretto::*;
    let (bp, pc) = (BulletproofGens::new(64, 2), PedersenGens::default());
    let mut out = Vec::new();
    for (i, bits) in [8usize, 13, 64].into_iter().enumerate() {
        let max = if bits == 64 {
            u64::MAX
        } else {
            (1 << bits) - 1
        };
        let value = match i {
            0 => 0,
            1 => max,
            _ => rng.gen_range(0..=max),
        };
        let blinding = Ristretto::scalar_to_api(&Ristretto::scalar_random(rng));
        let nonce: [u8; 32] = rng.gen();
        let message: [u8; 20] = if i == 1 { [0; 20] } else { rng.gen() };
        let (proof, v) = RangeProof::prove_single_rewindable(
            &bp,
            &pc,
            &mut Transcript::new(leak(REWIND_DOMAIN)),
            value,
            &blinding,
            bits,
            &nonce,
            &message,
        )
        .expect("proves");
        let base = RewindCase {
            comment: format!(
                "dalek ristretto255 rewindable n={bits} v={value}{}",
                if message == [0; 20] {
                    ", zero message"
                } else {
                    ""
                }
            ),
            flags: vec!["Valid", "Rewindable"],
            domain: REWIND_DOMAIN.into(),
            bits,
            commitment: v.as_bytes().to_vec(),
            proof: proof.to_bytes(),
            nonce,
            witness: (value, blinding.to_bytes().to_vec(), nonce, message),
        };
        let mut wrong = nonce;
        wrong[0] ^= 1;
        let wrong_nonce = RewindCase {
            comment: format!("{}: rewound with another nonce", base.comment),
            flags: vec!["Rewindable", "WrongNonce"],
            nonce: wrong,
            witness: base.witness.clone(),
            domain: base.domain.clone(),
            commitment: base.commitment.clone(),
            proof: base.proof.clone(),
            ..base
        };
        let other_domain = (i == 0).then(|| RewindCase {
            comment: format!("{}: another transcript label", base.comment),
            flags: vec!["Rewindable", "WrongDomain"],
            domain: "another label".into(),
            witness: base.witness.clone(),
            commitment: base.commitment.clone(),
            proof: base.proof.clone(),
            ..base
        });
        out.push(base);
        out.push(wrong_nonce);
        out.extend(other_domain);
    }
    out
}

fn main() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x7261_6e67_6561_6231);
    let mut id = 0usize;
    let mut tests = Vec::new();
    for scheme in SCHEMES {
        let groups = valid_cases(scheme, &mut rng);
        let mut push = |case: Case, valid: bool| {
            let result = verify(
                scheme,
                &case.proof,
                DOMAIN,
                &case.commitment,
                case.range,
                case.t,
            );
            assert_eq!(result.is_ok(), valid, "{}: {result:?}", case.comment);
            id += 1;
            tests.push(case.to_json(id, &result));
        };
        for case in groups.iter().flatten() {
            push(case.clone(), true);
        }
        for (i, group) in groups.iter().enumerate() {
            for case in invalid_cases(&group[0], i) {
                push(case, false);
            }
        }
    }
    for case in rewind_cases(&mut rng) {
        let (verified, rewound) = case.run();
        let (value, blinding, _, message) = &case.witness;
        match case.flags.as_slice() {
            ["Valid", "Rewindable"] => {
                assert_eq!(verified, Ok(()), "{}", case.comment);
                assert_eq!(
                    rewound,
                    Ok((*value, blinding.clone(), *message)),
                    "{}",
                    case.comment
                );
            }
            _ => {
                assert_eq!(
                    verified.is_ok(),
                    !case.flags.contains(&"WrongDomain"),
                    "{}",
                    case.comment
                );
                assert_eq!(rewound, Err(ProofError::RewindError), "{}", case.comment);
            }
        }
        id += 1;
        tests.push(case.to_json(id));
    }
    let out = json!({
        "algorithm": "range proofs of a <= v <= b for public a <= b; rewindable range proofs",
        "curves": ["ristretto255", "secp256k1"],
        "schemes": {
            "dalek": "ristretto::RangeProof::prove_range / verify_range (dalek's wire format), \
                      BulletproofGens::new(64, 2), PedersenGens::default(), Transcript::new(domain)",
            "secp256k1-zkp": "secp256k1::RangeProof::prove_range / verify_range (secp256k1-zkp's wire \
                              format), grin_generators(), PedersenGens::default(), \
                              Transcript::new().with_extra_commit(domain)",
            "bp+": "RangeProofPlus::prove_range / verify_range (Tari's wire format) on the case's curve, \
                    BulletproofGens::new(64, 2), the curve's bp_plus::pedersen_gens(extensionDegree), \
                    Transcript::new(domain)",
            "dalek-rewindable": "ristretto::RangeProof::prove_single_rewindable, verified with \
                                 verify_single(bits) and rewound with rewind(bits, nonce); \
                                 BulletproofGens::new(64, 2), PedersenGens::default(), \
                                 Transcript::new(domain)"
        },
        "statement": "[a, b] cases: the proof of a <= v <= b for the commitment, the range and the \
                      commitment V bound in the transcript (range statement v2, docs/range-proof.md, \
                      section \"Ranges [a, b]\"): an aggregated proof of v - a and b - v in \
                      range_bits(a, b) bits over V - a·B and b·B - V",
        "witness": "valid proofs made by the prover: the value, the blindings (the blinding for dalek, \
                    secp256k1-zkp and dalek-rewindable, the masks for bp+, in the curve's scalar \
                    encoding) and rngSeed, the seed of the prover's RNG (ChaCha20Rng::seed_from_u64); \
                    rewindable proofs: the nonce and message they were made with (no RNG). Proving \
                    the witness again gives the same proof and commitment bytes",
        "rewind": "dalek-rewindable cases: rewind with the case's nonce returns rewound (value, blinding, \
                   message) or fails with rewindError",
        "errors": "the ProofError variant: FormatError from from_bytes; VerificationError or \
                   InvalidRange from verify_range / verify_single; RewindError from rewind",
        "version": 2,
        "numberOfTests": tests.len(),
        "notes": {
            "Valid": "an honest proof",
            "SingleValue": "a = b",
            "ZeroLowerBound": "a = 0",
            "MaxUpperBound": "b = 2^64 - 1",
            "PowerOfTwoWidth": "b - a + 1 is a power of two",
            "OtherWidth": "b - a + 1 is not a power of two",
            "ValueAtA": "v = a < b",
            "ValueAtB": "v = b > a",
            "ValueInside": "a < v < b",
            "ShiftedRange": "verified with [a + 1, b + 1] (or [a - 1, b - 1] when b = 2^64 - 1)",
            "WidenedRange": "verified with [a - 1, b] (or [a, b + 1] when a = 0)",
            "NarrowedRange": "verified with [1, b] or [a, b - 1] (the range [0, 2^64 - 1] can neither move nor grow)",
            "SwappedBounds": "verified with a and b exchanged (a > b)",
            "WrongCommitment": "the commitment replaced by the commitment plus the value base B",
            "ModifiedProof": "one bit flipped in the middle byte of the proof",
            "TruncatedProof": "the last byte of the proof removed",
            "Rewindable": "a rewindable proof (an ordinary proof in dalek's format)",
            "WrongNonce": "rewound with another nonce (the first byte's low bit flipped): the proof verifies, rewinding fails",
            "WrongDomain": "verified and rewound under another transcript label: both fail"
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
