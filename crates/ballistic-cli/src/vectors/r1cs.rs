//! The R1CS file (`r1cs_v1.json`): circuit proofs of the gadgets' shuffle, range
//! and membership statements on both curves, each verified alone (its verdict and
//! error class), then the file's batches, each of which must name exactly its
//! `invalid` cases.

use std::collections::BTreeMap;

use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::gadgets::{membership, range, shuffle};
use ballistic::generators::{BulletproofGens, PedersenGens};
use ballistic::merlin::Transcript;
use ballistic::r1cs::{BatchVerifier, R1CSProof, Verifier};
use rand::rngs::OsRng;
use serde_json::Value;

use super::{class, Fields, Tally, MAX_CASES};

/// The largest generator count a case or batch may ask for.
const MAX_GENERATORS: u64 = 1 << 12;
/// The largest shuffle, set or range a case may describe.
const MAX_CIRCUIT_SIZE: u64 = 1 << 12;

/// Generators by count, built once per file.
struct Gens {
    ristretto: BTreeMap<usize, BulletproofGens<Ristretto>>,
    secp256k1: BTreeMap<usize, BulletproofGens<Secp256k1>>,
}

/// The curves of the file.
trait R1csCurve: Curve {
    fn gens(g: &mut Gens, n: usize) -> &BulletproofGens<Self>;
}

impl R1csCurve for Ristretto {
    fn gens(g: &mut Gens, n: usize) -> &BulletproofGens<Self> {
        g.ristretto
            .entry(n)
            .or_insert_with(|| BulletproofGens::new(n, 1))
    }
}

impl R1csCurve for Secp256k1 {
    fn gens(g: &mut Gens, n: usize) -> &BulletproofGens<Self> {
        g.secp256k1
            .entry(n)
            .or_insert_with(|| BulletproofGens::new(n, 1))
    }
}

/// Runs the cases and the batches of an R1CS file.
pub(crate) fn run(doc: &Value, tests: &[Value]) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let mut gens = Gens {
        ristretto: BTreeMap::new(),
        secp256k1: BTreeMap::new(),
    };
    let mut by_id: BTreeMap<u64, (usize, &Value)> = BTreeMap::new();
    for (i, t) in tests.iter().enumerate() {
        let f = Fields::new(t, i);
        by_id.insert(f.id, (i, t));
        if f.secp256k1()? {
            case::<Secp256k1>(&f, &mut gens, &mut tally)?;
        } else {
            case::<Ristretto>(&f, &mut gens, &mut tally)?;
        }
    }
    let batches = doc
        .get("batches")
        .and_then(Value::as_array)
        .filter(|b| b.len() <= MAX_CASES)
        .ok_or_else(|| format!("field \"batches\": not a list of at most {MAX_CASES}"))?;
    for (i, b) in batches.iter().enumerate() {
        let f = Fields::new(b, i);
        let f = Fields {
            id: b.get("batchId").and_then(Value::as_u64).unwrap_or(f.id),
            ..f
        };
        if f.secp256k1()? {
            batch::<Secp256k1>(&f, &by_id, &mut gens, &mut tally)?;
        } else {
            batch::<Ristretto>(&f, &by_id, &mut gens, &mut tally)?;
        }
    }
    Ok(tally)
}

/// The verifier of a case's circuit, built.
fn verifier<C: Curve>(f: &Fields<'_>) -> Result<Verifier<C, Transcript>, String> {
    let base = ballistic_api::transcript(f.str("domain")?.as_bytes())
        .map_err(|e| f.bad("domain", &e.to_string()))?;
    let commitments: Vec<C::Encoding> = f
        .hex_list("commitments", 2 * MAX_CIRCUIT_SIZE as usize)?
        .iter()
        .enumerate()
        .map(|(k, c)| {
            C::encoding_from_bytes(c)
                .ok_or_else(|| f.bad(&format!("commitments[{k}]"), "not a point encoding"))
        })
        .collect::<Result<_, _>>()?;
    let circuit = Fields {
        t: f.get("circuit")?,
        id: f.id,
    };
    let built = match circuit.str("name")? {
        "shuffle" => {
            let k = circuit.small("k", MAX_CIRCUIT_SIZE)?;
            if commitments.len() != 2 * k {
                return Err(f.bad(
                    "commitments",
                    &format!("a shuffle of k = {k} has {}", 2 * k),
                ));
            }
            shuffle::verifier_from::<C>(base, &commitments)
        }
        name @ ("range" | "membership") => {
            let [v] = commitments.as_slice() else {
                return Err(f.bad("commitments", "a range or membership circuit has one"));
            };
            let mut verifier = Verifier::<C, _>::new(base);
            let x = verifier.commit(*v);
            if name == "range" {
                let n = circuit.small("n", 64)?;
                range::range(&mut verifier, x.into(), None, n)
            } else {
                let set = circuit.u64_list("set", MAX_CIRCUIT_SIZE as usize)?;
                membership::one_of(&mut verifier, x.into(), &set[..])
            }
            .map(|()| verifier)
        }
        other => return Err(circuit.bad("name", &format!("unknown circuit {other:?}"))),
    };
    built.map_err(|e| f.bad("circuit", &format!("does not build: {e:?}")))
}

fn case<C: R1csCurve>(f: &Fields<'_>, gens: &mut Gens, tally: &mut Tally) -> Result<(), String> {
    let n = f.small("generators", MAX_GENERATORS)?;
    let proof_bytes = f.hex("proof")?;
    let valid = f.valid()?;
    let want = f.t.get("error").and_then(Value::as_str);
    let verifier = verifier::<C>(f)?;
    let (pc, bp) = (PedersenGens::<C>::default(), C::gens(gens, n));
    let result = R1CSProof::<C>::from_bytes(&proof_bytes).and_then(|p| {
        verifier
            .verify_with_rng(&p, &pc, bp, &mut OsRng)
            .map(|_| ())
    });
    tally.verdict(f.id, valid, want, result.err().map(|e| class(&e)));
    Ok(())
}

/// A batch: its cases added in order must fail exactly at its `invalid` ones.
fn batch<C: R1csCurve>(
    f: &Fields<'_>,
    by_id: &BTreeMap<u64, (usize, &Value)>,
    gens: &mut Gens,
    tally: &mut Tally,
) -> Result<(), String> {
    let n = f.small("generators", MAX_GENERATORS)?;
    let ids = f.u64_list("tcIds", MAX_CASES)?;
    let mut expected = f.u64_list("invalid", MAX_CASES)?;
    expected.sort_unstable();
    let (pc, bp) = (PedersenGens::<C>::default(), C::gens(gens, n));
    let mut proofs = Vec::with_capacity(ids.len());
    let mut verifiers = Vec::with_capacity(ids.len());
    for id in &ids {
        let &(index, t) = by_id
            .get(id)
            .ok_or_else(|| format!("batch {}: tcId {id} is not a case of the file", f.id))?;
        let case = Fields::new(t, index);
        let proof = R1CSProof::<C>::from_bytes(&case.hex("proof")?)
            .map_err(|e| format!("batch {}: tcId {id} does not parse: {e:?}", f.id))?;
        proofs.push(proof);
        verifiers.push(verifier::<C>(&case)?);
    }
    let mut batch = BatchVerifier::new(&pc, bp);
    for (verifier, proof) in verifiers.into_iter().zip(&proofs) {
        batch.add(verifier, proof);
    }
    let mut named: Vec<u64> = match batch.verify_with_rng(&mut OsRng) {
        Ok(()) => Vec::new(),
        Err(e) => e
            .invalid
            .iter()
            .filter_map(|(j, _)| ids.get(*j).copied())
            .collect(),
    };
    named.sort_unstable();
    tally.check(named == expected, || {
        format!(
            "batch {}: named {named:?} invalid, the file says {expected:?}",
            f.id
        )
    });
    Ok(())
}
