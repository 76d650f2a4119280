//! The Bulletproofs+ file (`bp_plus_v1.json`, Tari's format on both curves): each
//! case verifies or fails with its error class; a case with a `seed` also recovers
//! its masks (with and without verification), which must be `recoveredMasks` and
//! open the commitment to `value` unless the case is flagged `WrongSeed`.

use ballistic::bp_plus::{RangeProofPlus, VerifyAction};
use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::generators::{BulletproofGens, MAX_EXTENSION_DEGREE};
use ballistic::ProofError;
use rand::rngs::OsRng;
use serde_json::Value;

use super::{class, party_gens, Fields, PlusBases, Tally, MAX_CASE_VALUES};

/// Runs the cases of a Bulletproofs+ file.
pub(crate) fn run(tests: &[Value]) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let (gens_r, gens_k) = (party_gens::<Ristretto>(), party_gens::<Secp256k1>());
    for (i, t) in tests.iter().enumerate() {
        let f = Fields::new(t, i);
        if f.secp256k1()? {
            case::<Secp256k1>(&f, gens_k, &mut tally)?;
        } else {
            case::<Ristretto>(&f, gens_r, &mut tally)?;
        }
    }
    Ok(tally)
}

fn scalar<C: Curve>(f: &Fields<'_>, name: &str, bytes: &[u8]) -> Result<C::ApiScalar, String> {
    C::scalar_from_canonical_bytes(bytes)
        .map(|s| C::scalar_to_api(&s))
        .ok_or_else(|| f.bad(name, "not a canonical scalar"))
}

fn case<C: PlusBases>(
    f: &Fields<'_>,
    bp: &BulletproofGens<C>,
    tally: &mut Tally,
) -> Result<(), String> {
    let bits = f.small("bits", 1024)?;
    let degree = f.small("extensionDegree", 1024)?;
    let commitments: Vec<C::Encoding> = f
        .hex_list("commitments", MAX_CASE_VALUES)?
        .iter()
        .enumerate()
        .map(|(k, c)| {
            C::encoding_from_bytes(c)
                .ok_or_else(|| f.bad(&format!("commitments[{k}]"), "not a point encoding"))
        })
        .collect::<Result<_, _>>()?;
    let min_values = f.u64_list("minValues", MAX_CASE_VALUES)?;
    let domain = f.str("domain")?;
    let proof_bytes = f.hex("proof")?;
    let valid = f.valid()?;
    let want = f.t.get("error").and_then(Value::as_str);
    let transcript = || {
        ballistic_api::transcript(domain.as_bytes()).map_err(|e| f.bad("domain", &e.to_string()))
    };
    let proof = RangeProofPlus::<C>::from_bytes(&proof_bytes);
    // A degree outside Tari's 1..=6 has no bases: the verifier's error for it.
    let bases = if (1..=MAX_EXTENSION_DEGREE).contains(&degree) {
        C::bases(degree).map_err(|e| f.bad("extensionDegree", &format!("{e:?}")))?
    } else {
        C::bases(1).map_err(|e| f.bad("extensionDegree", &format!("{e:?}")))?
    };
    let result = proof.as_ref().map_err(Clone::clone).and_then(|p| {
        if !(1..=MAX_EXTENSION_DEGREE).contains(&degree) {
            return Err(ProofError::InvalidExtensionDegree);
        }
        let mut t = transcript().map_err(|_| ProofError::FormatError)?;
        p.verify(
            bp,
            &bases,
            &mut t,
            &commitments,
            &min_values,
            bits,
            &mut OsRng,
        )
    });
    if let Ok(p) = &proof {
        tally.check(p.to_bytes() == proof_bytes, || {
            format!("case {}: the proof does not re-encode to its bytes", f.id)
        });
    }
    tally.verdict(f.id, valid, want, result.err().map(|e| class(&e)));

    let (Some(seed), Ok(p)) = (f.t.get("seed"), &proof) else {
        return Ok(());
    };
    let seed =
        hex::decode(seed.as_str().unwrap_or_default()).map_err(|_| f.bad("seed", "not hex"))?;
    let seed = scalar::<C>(f, "seed", &seed)?;
    let [commitment] = commitments.as_slice() else {
        return Err(f.bad("commitments", "a case with a seed has one commitment"));
    };
    let min = min_values.first().copied().unwrap_or(0);
    let recover = |action| -> Result<_, String> {
        Ok(p.recover_masks(
            bp,
            &bases,
            &mut transcript()?,
            commitment,
            min,
            bits,
            &seed,
            action,
            &mut OsRng,
        ))
    };
    let checked = recover(VerifyAction::RecoverAndVerify)?;
    tally.check(checked.is_ok() == valid, || {
        format!(
            "case {}: recovering and verifying disagrees with verifying: {checked:?}",
            f.id
        )
    });
    if !valid {
        return Ok(());
    }
    let expected: Vec<C::ApiScalar> = f
        .hex_list("recoveredMasks", MAX_EXTENSION_DEGREE)?
        .iter()
        .map(|m| scalar::<C>(f, "recoveredMasks", m))
        .collect::<Result<_, _>>()?;
    tally.check(checked == Ok(Some(expected.clone())), || {
        format!("case {}: recovered masks differ from the file's", f.id)
    });
    let only = recover(VerifyAction::RecoverOnly)?;
    tally.check(only == Ok(Some(expected.clone())), || {
        format!(
            "case {}: recovering without verifying differs from the file's masks",
            f.id
        )
    });
    let value = f.u64("value")?;
    let opens = bases
        .commit(C::scalar_to_api(&C::scalar_from_u64(value)), &expected)
        .map(|c| C::encode(&C::point_from_api(&c)) == *commitment)
        .unwrap_or(false);
    let wrong_seed =
        f.t.get("flags")
            .and_then(Value::as_array)
            .is_some_and(|l| l.iter().any(|x| x.as_str() == Some("WrongSeed")));
    tally.check(opens != wrong_seed, || {
        format!(
            "case {}: the recovered masks {} the commitment",
            f.id,
            if opens { "open" } else { "do not open" }
        )
    });
    Ok(())
}
