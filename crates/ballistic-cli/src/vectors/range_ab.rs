//! The `[a, b]` file (`range_ab_v2.json`): range proofs of `a <= v <= b` in four
//! schemes (dalek's format on ristretto255, secp256k1-zkp's on secp256k1 with the
//! domain as its extra commitment, Bulletproofs+ on both curves), and rewindable
//! proofs in dalek's format, which verify as ordinary proofs and rewind with the
//! case's nonce to the recorded value, blinding and message (or fail with the
//! recorded `rewindError`).

use ballistic::bp_plus::RangeProofPlus;
use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::generators::{BulletproofGens, MAX_EXTENSION_DEGREE};
use ballistic::ProofError;
use rand::rngs::OsRng;
use serde_json::Value;

use super::{class, party_gens, Fields, PlusBases, Tally};

/// The generators of the schemes: the party layout on both curves (the proofs are
/// of two values, `v − a` and `b − v`), and Grin's set.
struct Gens {
    ristretto: &'static BulletproofGens<Ristretto>,
    secp256k1: &'static BulletproofGens<Secp256k1>,
    grin: &'static BulletproofGens<Secp256k1>,
}

/// Runs the cases of an `[a, b]` file.
pub(crate) fn run(tests: &[Value]) -> Result<Tally, String> {
    static GRIN: std::sync::OnceLock<BulletproofGens<Secp256k1>> = std::sync::OnceLock::new();
    let gens = Gens {
        ristretto: party_gens::<Ristretto>(),
        secp256k1: party_gens::<Secp256k1>(),
        grin: GRIN.get_or_init(ballistic::secp256k1::grin_generators),
    };
    let mut tally = Tally::default();
    for (i, t) in tests.iter().enumerate() {
        let f = Fields::new(t, i);
        let (scheme, curve) = (f.str("scheme")?, f.str("curve")?);
        let proof = f.hex("proof")?;
        let commitment = f.hex("commitment")?;
        let domain = f.str("domain")?;
        let valid = f.valid()?;
        let want = t.get("error").and_then(Value::as_str);
        let result = match (scheme, curve) {
            ("dalek-rewindable", "ristretto255") => {
                rewindable(&f, gens.ristretto, &proof, &commitment, domain, &mut tally)?
            }
            ("dalek", "ristretto255") => {
                let (a, b) = (f.u64("a")?, f.u64("b")?);
                let v = encoding::<Ristretto>(&f, &commitment)?;
                let mut t = transcript(&f, domain)?;
                ballistic::ristretto::RangeProof::from_bytes(&proof).and_then(|p| {
                    p.verify_range(
                        gens.ristretto,
                        &Default::default(),
                        &mut t,
                        &v,
                        a,
                        b,
                        &mut OsRng,
                    )
                })
            }
            ("secp256k1-zkp", "secp256k1") => {
                let (a, b) = (f.u64("a")?, f.u64("b")?);
                let v = encoding::<Secp256k1>(&f, &commitment)?;
                let mut t =
                    ballistic::secp256k1::Transcript::new().with_extra_commit(domain.as_bytes());
                ballistic::secp256k1::RangeProof::from_bytes(&proof).and_then(|p| {
                    p.verify_range(gens.grin, &Default::default(), &mut t, &v, a, b, &mut OsRng)
                })
            }
            ("bp+", "ristretto255") => {
                plus::<Ristretto>(&f, gens.ristretto, &proof, &commitment, domain)?
            }
            ("bp+", "secp256k1") => {
                plus::<Secp256k1>(&f, gens.secp256k1, &proof, &commitment, domain)?
            }
            other => return Err(f.bad("scheme", &format!("unknown scheme and curve {other:?}"))),
        };
        tally.verdict(f.id, valid, want, result.err().map(|e| class(&e)));
    }
    Ok(tally)
}

fn transcript(f: &Fields<'_>, domain: &str) -> Result<ballistic::merlin::Transcript, String> {
    ballistic_api::transcript(domain.as_bytes()).map_err(|e| f.bad("domain", &e.to_string()))
}

fn encoding<C: Curve>(f: &Fields<'_>, bytes: &[u8]) -> Result<C::Encoding, String> {
    C::encoding_from_bytes(bytes).ok_or_else(|| f.bad("commitment", "not a point encoding"))
}

/// A Bulletproofs+ `[a, b]` case (the bases of its `extensionDegree`).
fn plus<C: PlusBases>(
    f: &Fields<'_>,
    bp: &BulletproofGens<C>,
    proof: &[u8],
    commitment: &[u8],
    domain: &str,
) -> Result<Result<(), ProofError>, String> {
    let (a, b) = (f.u64("a")?, f.u64("b")?);
    let degree = f.small("extensionDegree", MAX_EXTENSION_DEGREE as u64)?;
    let bases = C::bases(degree).map_err(|e| f.bad("extensionDegree", &format!("{e:?}")))?;
    let v = encoding::<C>(f, commitment)?;
    let mut t = transcript(f, domain)?;
    Ok(RangeProofPlus::<C>::from_bytes(proof)
        .and_then(|p| p.verify_range(bp, &bases, &mut t, &v, a, b, &mut OsRng)))
}

/// A rewindable case: its verdict as an ordinary proof; the rewind is checked
/// against the file as a further check.
fn rewindable(
    f: &Fields<'_>,
    bp: &BulletproofGens<Ristretto>,
    proof: &[u8],
    commitment: &[u8],
    domain: &str,
    tally: &mut Tally,
) -> Result<Result<(), ProofError>, String> {
    use ballistic::ristretto::RangeProof;
    let bits = f.small("bits", 64)?;
    let v = encoding::<Ristretto>(f, commitment)?;
    let p = match RangeProof::from_bytes(proof) {
        Ok(p) => p,
        Err(e) => return Ok(Err(e)),
    };
    let pc = Default::default();
    let verdict = p.verify_single(bp, &pc, &mut transcript(f, domain)?, &v, bits);
    let nonce: [u8; 32] = f
        .hex("nonce")?
        .try_into()
        .map_err(|_| f.bad("nonce", "not 32 bytes"))?;
    let got = p.rewind(bp, &pc, &mut transcript(f, domain)?, &v, bits, &nonce);
    match f.t.get("rewound") {
        Some(r) => {
            let r = Fields { t: r, id: f.id };
            let (value, blinding, message) =
                (r.u64("value")?, r.hex("blinding")?, r.hex("message")?);
            tally.check(
                got.as_ref().is_ok_and(|g| {
                    g.value() == value
                        && g.blinding().to_bytes()[..] == blinding[..]
                        && g.message()[..] == message[..]
                }),
                || {
                    format!(
                        "case {}: rewinding does not give the recorded opening",
                        f.id
                    )
                },
            );
        }
        None => {
            let want = f.str("rewindError")?;
            let got = got.err().map(|e| class(&e));
            tally.check(got.as_deref() == Some(want), || {
                format!("case {}: rewinding gave {got:?}, not {want}", f.id)
            });
        }
    }
    Ok(verdict)
}
