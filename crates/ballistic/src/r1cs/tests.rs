//! Unit tests of the R1CS prover, verifier, wire format and batch verifier, with
//! dalek's example gadget and the shuffle and range gadgets of [`crate::gadgets`]
//! (dalek's test gadgets, written against the generic traits).

use alloc::vec::Vec;

use merlin::Transcript;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

use super::*;
use crate::curve::ristretto::Ristretto;
use crate::curve::secp256k1::Secp256k1;
use crate::curve::Curve;
use crate::gadgets::range::range;
use crate::gadgets::shuffle;
use crate::generators::{BulletproofGens, PedersenGens};

fn rng() -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(0x5eed)
}

fn random_api<C: Curve, R: rand_core::RngCore + rand_core::CryptoRng>(r: &mut R) -> C::ApiScalar {
    C::scalar_to_api(&C::scalar_random(r))
}

type Shuffled<C> = (R1CSProof<C>, Vec<<C as Curve>::Encoding>);

/// dalek's shuffle test, by the gadget library.
fn prove_shuffle<C: Curve>(
    pc: &PedersenGens<C>,
    bp: &BulletproofGens<C>,
    input: &[u64],
    output: &[u64],
    r: &mut ChaCha20Rng,
) -> Result<Shuffled<C>, R1CSError> {
    shuffle::prove(pc, bp, shuffle::DEFAULT_DOMAIN, input, output, r)
}

fn shuffle_verifier<C: Curve>(coms: &[C::Encoding]) -> Verifier<C, Transcript> {
    shuffle::verifier(shuffle::DEFAULT_DOMAIN, coms).expect("gadget")
}

fn shuffle_roundtrip<C: Curve>(k: usize) {
    let mut r = rng();
    let pc = PedersenGens::<C>::default();
    let bp = BulletproofGens::<C>::new((2 * k).next_power_of_two(), 1);
    let input: Vec<u64> = (0..k).map(|_| r.gen()).collect();
    let mut output = input.clone();
    output.shuffle(&mut r);
    let (proof, coms) = prove_shuffle::<C>(&pc, &bp, &input, &output, &mut r).expect("prove");
    assert_eq!(proof.is_two_phase(), k > 1);
    // 417 + 64·log2 bytes on ristretto255 (dalek's size), 96 more with two phases.
    if C::POINT_BYTES == 32 {
        let rounds = (2 * (k - 1)).max(1).next_power_of_two().trailing_zeros() as usize;
        let rounds = if k == 1 { 0 } else { rounds };
        let extra = if k > 1 { 96 } else { 0 };
        assert_eq!(proof.to_bytes().len(), 417 + 64 * rounds + extra, "k = {k}");
    }
    let bytes = proof.to_bytes();
    let parsed = R1CSProof::<C>::from_bytes(&bytes).expect("parse");
    assert_eq!(parsed, proof);
    assert!(shuffle_verifier::<C>(&coms)
        .verify_with_rng(&parsed, &pc, &bp, &mut r)
        .is_ok());
    // Another domain, or the outputs in another order as inputs: invalid.
    let mut t = Transcript::new(b"other");
    t.append_u64(b"k", k as u64);
    let mut v = Verifier::<C, _>::new(t);
    let vars: Vec<Variable<C>> = coms.iter().map(|c| v.commit(*c)).collect();
    shuffle::gadget(&mut v, vars[..k].to_vec(), vars[k..].to_vec()).expect("gadget");
    assert!(v.verify_with_rng(&proof, &pc, &bp, &mut r).is_err());
    if k > 1 {
        let mut coms2 = coms.clone();
        coms2.swap(0, k); // an input replaced by an output commitment
        if coms2 != coms {
            assert!(shuffle_verifier::<C>(&coms2)
                .verify_with_rng(&proof, &pc, &bp, &mut r)
                .is_err());
        }
    }
}

#[test]
fn shuffle_ristretto() {
    for k in [1, 2, 3, 4, 5, 6, 7, 24, 42] {
        shuffle_roundtrip::<Ristretto>(k);
    }
}

#[test]
fn shuffle_secp256k1() {
    for k in [1, 2, 3, 7, 16] {
        shuffle_roundtrip::<Secp256k1>(k);
    }
}

#[test]
fn a_non_permutation_is_refused_by_the_prover() {
    let mut r = rng();
    let pc = PedersenGens::<Ristretto>::default();
    let bp = BulletproofGens::<Ristretto>::new(16, 1);
    let res = prove_shuffle::<Ristretto>(&pc, &bp, &[1, 2, 3, 4], &[1, 2, 3, 5], &mut r);
    assert_eq!(res.unwrap_err(), R1CSError::Unsatisfied);
}

/// dalek's example gadget: (a1 + a2)·(b1 + b2) = c1 + c2.
fn example<C: Curve, CS: ConstraintSystem<C>>(cs: &mut CS, v: &[Variable<C>], c2: u64) {
    let (_, _, c) = cs.multiply(v[0] + v[1], v[2] + v[3]);
    cs.constrain(v[4] + c2 - c);
}

fn example_roundtrip<C: Curve>(vals: [u64; 5], c2: u64, verifier_c2: u64) -> Result<(), R1CSError> {
    let mut r = rng();
    let pc = PedersenGens::<C>::default();
    let bp = BulletproofGens::<C>::new(128, 1);
    let mut p = Prover::<C, _>::new(&pc, Transcript::new(b"R1CSExampleGadget"));
    let (coms, vars): (Vec<_>, Vec<_>) = vals
        .iter()
        .map(|x| p.commit((*x).into(), random_api::<C, _>(&mut r)))
        .unzip();
    example(&mut p, &vars, c2);
    let proof = p.prove_with_rng(&bp, &mut r)?;
    assert_eq!(proof.to_bytes().len(), 1 + 8 * C::POINT_BYTES + 5 * 32);
    same_verdict(b"R1CSExampleGadget", &proof, |v| {
        let vars: Vec<_> = coms.iter().map(|c| v.commit(*c)).collect();
        example(v, &vars, verifier_c2);
        Ok(())
    })
}

/// The verdict on `proof` of a verifier over `build`'s circuit (one phase), and a
/// check that a verifier made by [`Verifier::for_proof`] (constraints streamed)
/// gives the same verdict as one made by [`Verifier::new`] (constraints stored).
fn same_verdict<C: Curve>(
    label: &'static [u8],
    proof: &R1CSProof<C>,
    build: impl Fn(&mut Verifier<C, Transcript>) -> Result<(), R1CSError>,
) -> Result<(), R1CSError> {
    let pc = PedersenGens::<C>::default();
    let bp = BulletproofGens::<C>::new(128, 1);
    let mut verdicts = [Ok(()), Ok(())];
    for (streamed, verdict) in verdicts.iter_mut().enumerate() {
        let t = Transcript::new(label);
        let mut v = match streamed {
            0 => Verifier::<C, _>::new(t),
            _ => Verifier::<C, _>::for_proof(t, proof),
        };
        *verdict =
            build(&mut v).and_then(|()| v.verify_with_rng(proof, &pc, &bp, &mut rng()).map(|_| ()));
    }
    let [stored, streamed] = verdicts;
    assert_eq!(stored, streamed);
    stored
}

#[test]
fn example_gadget() {
    assert!(example_roundtrip::<Ristretto>([3, 4, 6, 1, 40], 9, 9).is_ok());
    assert_eq!(
        example_roundtrip::<Ristretto>([3, 4, 6, 1, 40], 10, 10),
        Err(R1CSError::Unsatisfied)
    );
    assert_eq!(
        example_roundtrip::<Ristretto>([3, 4, 6, 1, 40], 9, 10),
        Err(R1CSError::VerificationError)
    );
    assert!(example_roundtrip::<Secp256k1>([3, 4, 6, 1, 40], 9, 9).is_ok());
    assert_eq!(
        example_roundtrip::<Secp256k1>([3, 4, 6, 1, 40], 9, 8),
        Err(R1CSError::VerificationError)
    );
}

fn range_roundtrip<C: Curve>(value: u64, n: usize) -> Result<(), R1CSError> {
    let mut r = rng();
    let pc = PedersenGens::<C>::default();
    let bp = BulletproofGens::<C>::new(128, 1);
    let mut p = Prover::<C, _>::new(&pc, Transcript::new(b"RangeProofTest"));
    let (com, var) = p.commit(value.into(), random_api::<C, _>(&mut r));
    range(&mut p, var.into(), Some(value), n)?;
    let proof = p.prove_with_rng(&bp, &mut r)?;
    same_verdict(b"RangeProofTest", &proof, |v| {
        let var = v.commit(com);
        range(v, var.into(), None, n)
    })
}

#[test]
fn range_gadget() {
    let mut r = rng();
    for n in [1usize, 2, 10, 32, 63] {
        let max = (1u64 << n) - 1;
        for _ in 0..2 {
            assert!(range_roundtrip::<Ristretto>(r.gen_range(0..=max), n).is_ok());
        }
        assert!(range_roundtrip::<Ristretto>(max, n).is_ok());
        assert_eq!(
            range_roundtrip::<Ristretto>(max + 1, n),
            Err(R1CSError::Unsatisfied)
        );
    }
    assert!(range_roundtrip::<Secp256k1>(1000, 10).is_ok());
    assert_eq!(
        range_roundtrip::<Secp256k1>(1024, 10),
        Err(R1CSError::Unsatisfied)
    );
}

#[test]
fn empty_circuit_and_small_generators() {
    let mut r = rng();
    let pc = PedersenGens::<Ristretto>::default();
    // No multiplier at all: one padding position, no rounds.
    let bp = BulletproofGens::<Ristretto>::new(1, 1);
    let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"e"));
    let (com, x) = p.commit(5u64.into(), random_api::<Ristretto, _>(&mut r));
    p.constrain(x - 5u64);
    let proof = p.prove_with_rng(&bp, &mut r).expect("prove");
    assert_eq!(proof.rounds(), 0);
    let mut v = Verifier::<Ristretto, _>::new(Transcript::new(b"e"));
    let x = v.commit(com);
    v.constrain(x - 5u64);
    assert!(v.verify_with_rng(&proof, &pc, &bp, &mut r).is_ok());
    // Too few generators: an error, both sides.
    let res = range_roundtrip_with_gens(&BulletproofGens::<Ristretto>::new(8, 1));
    assert_eq!(res, Err(R1CSError::InvalidGeneratorsLength));
}

fn range_roundtrip_with_gens(bp: &BulletproofGens<Ristretto>) -> Result<(), R1CSError> {
    let mut r = rng();
    let pc = PedersenGens::<Ristretto>::default();
    let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"g"));
    let (_, var) = p.commit(7u64.into(), random_api::<Ristretto, _>(&mut r));
    range(&mut p, var.into(), Some(7), 10)?;
    p.prove_with_rng(bp, &mut r).map(|_| ())
}

#[test]
fn unknown_variables_are_errors_not_panics() {
    let mut r = rng();
    let pc = PedersenGens::<Ristretto>::default();
    let bp = BulletproofGens::<Ristretto>::new(4, 1);
    let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"u"));
    let _ = p.multiply(
        Variable::Committed(3).into(),
        Variable::MultiplierOutput(9).into(),
    );
    assert!(matches!(
        p.prove_with_rng(&bp, &mut r),
        Err(R1CSError::GadgetError { .. })
    ));
    let mut v = Verifier::<Ristretto, _>::new(Transcript::new(b"u"));
    v.constrain(Variable::MultiplierLeft(5).into());
    let proof = example_proof();
    assert!(matches!(
        v.verify_with_rng(&proof, &pc, &bp, &mut r),
        Err(R1CSError::VerificationError | R1CSError::GadgetError { .. })
    ));
}

/// Huge indices are unknown variables, never another variable's alias (as they
/// would be if stored terms kept only the low bits of an index): with `o` the
/// output of multiplier 0, a constraint on multiplier `2^59` (`0` in the low 59
/// bits) or `usize::MAX` is an error on both sides, while the same constraint on
/// `o` holds.
#[cfg(target_pointer_width = "64")]
#[test]
fn huge_variable_indices_do_not_alias() {
    let mut r = rng();
    let pc = PedersenGens::<Ristretto>::default();
    let bp = BulletproofGens::<Ristretto>::new(4, 1);
    let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"alias"));
    let (cx, x) = p.commit(3u64.into(), random_api::<Ristretto, _>(&mut r));
    let (cy, y) = p.commit(4u64.into(), random_api::<Ristretto, _>(&mut r));
    let (_, _, o) = p.multiply(x.into(), y.into());
    p.constrain(o - 12u64);
    let proof = p.prove_with_rng(&bp, &mut r).expect("prove");
    let verifier = |target: Option<usize>| {
        let mut verdicts = [Ok(()), Ok(())];
        for (streamed, verdict) in verdicts.iter_mut().enumerate() {
            let t = Transcript::new(b"alias");
            let mut v = match streamed {
                0 => Verifier::<Ristretto, _>::new(t),
                _ => Verifier::for_proof(t, &proof),
            };
            let (x, y) = (v.commit(cx), v.commit(cy));
            let (_, _, o) = v.multiply(x.into(), y.into());
            let out = target.map_or(o, Variable::MultiplierOutput);
            v.constrain(LinearCombination::from(out) - 12u64);
            *verdict = v.verify_with_rng(&proof, &pc, &bp, &mut rng()).map(drop);
        }
        assert_eq!(verdicts[0], verdicts[1]);
        verdicts[0].clone()
    };
    assert!(verifier(None).is_ok());
    for huge in [1usize << 59, usize::MAX] {
        assert!(matches!(
            verifier(Some(huge)),
            Err(R1CSError::GadgetError { .. })
        ));
        let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"alias"));
        let (_, x) = p.commit(3u64.into(), random_api::<Ristretto, _>(&mut r));
        let (_, y) = p.commit(4u64.into(), random_api::<Ristretto, _>(&mut r));
        let _ = p.multiply(x.into(), y.into());
        p.constrain(LinearCombination::from(Variable::MultiplierOutput(huge)) - 12u64);
        assert!(matches!(
            p.prove_with_rng(&bp, &mut r),
            Err(R1CSError::GadgetError { .. })
        ));
    }
}

fn example_proof() -> R1CSProof<Ristretto> {
    let mut r = rng();
    let pc = PedersenGens::<Ristretto>::default();
    let bp = BulletproofGens::<Ristretto>::new(4, 1);
    let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"R1CSExampleGadget"));
    let vars: Vec<_> = [3u64, 4, 6, 1, 40]
        .iter()
        .map(|x| p.commit((*x).into(), random_api::<Ristretto, _>(&mut r)).1)
        .collect();
    example(&mut p, &vars, 9);
    p.prove_with_rng(&bp, &mut r).expect("prove")
}

/// A verifier made by `Verifier::for_proof` refuses what its early challenges
/// cannot serve (a transcript message or a commitment after the first constraint,
/// second-phase constraints) and a proof other than its own; on every one-bit
/// change of a proof it agrees with `Verifier::new`.
#[test]
fn a_streaming_verifier_refuses_misuse() {
    let pc = PedersenGens::<Ristretto>::default();
    let bp = BulletproofGens::<Ristretto>::new(128, 1);
    let mut r = rng();
    let blindings: Vec<_> = (0..5).map(|_| random_api::<Ristretto, _>(&mut r)).collect();
    // Two proofs of one statement (other nonces).
    let mut prove = || {
        let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"R1CSExampleGadget"));
        let (coms, vars): (Vec<_>, Vec<_>) = [3u64, 4, 6, 1, 40]
            .iter()
            .zip(&blindings)
            .map(|(x, b)| p.commit((*x).into(), *b))
            .unzip();
        example(&mut p, &vars, 9);
        (p.prove_with_rng(&bp, &mut r).expect("prove"), coms)
    };
    let ((proof, coms), (other, _)) = (prove(), prove());
    assert_ne!(proof, other);
    let build = |v: &mut Verifier<Ristretto, Transcript>| {
        let vars: Vec<_> = coms.iter().map(|c| v.commit(*c)).collect();
        example(v, &vars, 9);
        Ok(())
    };
    assert_eq!(same_verdict(b"R1CSExampleGadget", &proof, build), Ok(()));
    let streaming = || Verifier::for_proof(Transcript::new(b"R1CSExampleGadget"), &proof);
    let gadget_error =
        |res: Result<Transcript, R1CSError>| matches!(res, Err(R1CSError::GadgetError { .. }));
    // Another proof than its own, valid on its own: invalid.
    assert_eq!(same_verdict(b"R1CSExampleGadget", &other, build), Ok(()));
    let mut v = streaming();
    build(&mut v).expect("gadget");
    assert_eq!(
        v.verify_with_rng(&other, &pc, &bp, &mut r).map(drop),
        Err(R1CSError::VerificationError)
    );
    // A transcript message after the first constraint.
    let mut v = streaming();
    build(&mut v).expect("gadget");
    v.transcript().append_message(b"late", b"statement");
    assert!(gadget_error(v.verify_with_rng(&proof, &pc, &bp, &mut r)));
    // A commitment after the first constraint (the last one, moved late).
    let mut v = streaming();
    let mut vars: Vec<_> = coms[..4].iter().map(|c| v.commit(*c)).collect();
    let (_, _, c) = v.multiply(vars[0] + vars[1], vars[2] + vars[3]);
    vars.push(v.commit(coms[4]));
    v.constrain(vars[4] + 9u64 - c);
    assert!(gadget_error(v.verify_with_rng(&proof, &pc, &bp, &mut r)));
    // Second-phase constraints.
    let mut v = streaming();
    build(&mut v).expect("gadget");
    assert!(matches!(
        v.specify_randomized_constraints(|_| Ok(())),
        Err(R1CSError::GadgetError { .. })
    ));
    assert!(gadget_error(v.verify_with_rng(&proof, &pc, &bp, &mut r)));
    // Every one-bit change: both verifiers refuse it.
    let bytes = proof.to_bytes();
    for i in (0..bytes.len()).step_by(7) {
        let mut b = bytes.clone();
        b[i] ^= 1 << (i % 8);
        if let Ok(p) = R1CSProof::<Ristretto>::from_bytes(&b) {
            assert!(
                same_verdict(b"R1CSExampleGadget", &p, build).is_err(),
                "byte {i}"
            );
        }
    }
}

#[test]
fn every_byte_matters() {
    // Flipping any bit of a proof makes it unparsable or invalid.
    let mut r = rng();
    let pc = PedersenGens::<Ristretto>::default();
    let bp = BulletproofGens::<Ristretto>::new(16, 1);
    let input = [5u64, 9, 1, 7];
    let (proof, coms) =
        prove_shuffle::<Ristretto>(&pc, &bp, &input, &[7, 5, 9, 1], &mut r).expect("prove");
    let bytes = proof.to_bytes();
    for i in 0..bytes.len() {
        let mut b = bytes.clone();
        b[i] ^= 1 << (i % 8);
        if let Ok(p) = R1CSProof::<Ristretto>::from_bytes(&b) {
            assert!(
                shuffle_verifier::<Ristretto>(&coms)
                    .verify_with_rng(&p, &pc, &bp, &mut r)
                    .is_err(),
                "byte {i}"
            );
        }
    }
    // Truncations, extensions and the other version byte are malformed.
    for len in [0, 1, 32, bytes.len() - 1, bytes.len() + 1, bytes.len() + 64] {
        let mut b = bytes.clone();
        b.resize(len, 0);
        assert!(R1CSProof::<Ristretto>::from_bytes(&b).is_err(), "len {len}");
    }
    let mut b = bytes.clone();
    b[0] = 0;
    assert!(
        R1CSProof::<Ristretto>::from_bytes(&b).is_err() || {
            let p = R1CSProof::<Ristretto>::from_bytes(&b).expect("parsed");
            shuffle_verifier::<Ristretto>(&coms)
                .verify_with_rng(&p, &pc, &bp, &mut r)
                .is_err()
        }
    );
}

#[test]
fn batch_equals_the_and_of_single_verifications() {
    let mut r = rng();
    let pc = PedersenGens::<Ristretto>::default();
    let bp = BulletproofGens::<Ristretto>::new(128, 1);
    // Proofs of three circuits of different sizes, some made invalid by a verifier
    // that expects another statement.
    for round in 0..6 {
        let mut batch = BatchVerifier::new(&pc, &bp);
        let mut expected = Vec::new();
        for i in 0..7usize {
            let bad = r.gen_bool(0.3) || (round == 0 && i == 3);
            let idx = match i % 3 {
                0 => {
                    let k = 2 + i;
                    let input: Vec<u64> = (0..k as u64).collect();
                    let mut output = input.clone();
                    output.reverse();
                    let (proof, coms) =
                        prove_shuffle::<Ristretto>(&pc, &bp, &input, &output, &mut r)
                            .expect("prove");
                    let mut coms = coms;
                    if bad {
                        coms.swap(0, 1);
                    }
                    let v = shuffle_verifier::<Ristretto>(&coms);
                    batch.add(v, &proof)
                }
                1 => {
                    let mut p =
                        Prover::<Ristretto, _>::new(&pc, Transcript::new(b"RangeProofTest"));
                    let value = r.gen_range(0..1024u64);
                    let (com, var) = p.commit(value.into(), random_api::<Ristretto, _>(&mut r));
                    range(&mut p, var.into(), Some(value), 10).expect("gadget");
                    let rp = p.prove_with_rng(&bp, &mut r).expect("prove");
                    let mut v = Verifier::<Ristretto, _>::new(Transcript::new(b"RangeProofTest"));
                    let var = v.commit(com);
                    range(&mut v, var.into(), None, if bad { 9 } else { 10 }).expect("gadget");
                    batch.add(v, &rp)
                }
                _ => {
                    let (proof, coms) =
                        prove_shuffle::<Ristretto>(&pc, &bp, &[4, 4, 2], &[2, 4, 4], &mut r)
                            .expect("prove");
                    let v = shuffle_verifier::<Ristretto>(&coms);
                    if bad {
                        // A proof that does not parse as this circuit's: one phase.
                        batch.add(v, &example_proof())
                    } else {
                        batch.add(v, &proof)
                    }
                }
            };
            if bad {
                expected.push(idx);
            }
        }
        let res = batch.verify_with_rng(&mut r);
        if expected.is_empty() {
            assert_eq!(res, Ok(()));
        } else {
            assert_eq!(res.unwrap_err().invalid_indices(), expected);
        }
    }
}

#[test]
fn prover_debug_redacts_secrets() {
    let pc = PedersenGens::<Ristretto>::default();
    let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"d"));
    let secret = 0x1234_5678_9abc_def1u64;
    let _ = p.commit(secret.into(), 77u64.into());
    let s = alloc::format!("{p:?}");
    assert!(s.contains("redacted"));
    assert!(!s.contains(&alloc::format!("{secret}")) && !s.contains("77"));
}

#[test]
fn small_multipliers_commit_by_selection() {
    let mut r = rng();
    let pc = PedersenGens::<Ristretto>::default();
    let bp = BulletproofGens::<Ristretto>::new(64, 1);
    // dalek's range gadget with its multipliers declared small (bits and 1 − bit):
    // the proof verifies under a verifier that does not declare anything.
    for value in [0u64, 1, 1000, u32::MAX as u64] {
        let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"RangeProofTest"));
        let (com, var) = p.commit(value.into(), random_api::<Ristretto, _>(&mut r));
        p.declare_small(0..32);
        range(&mut p, var.into(), Some(value), 32).expect("gadget");
        let proof = p.prove_with_rng(&bp, &mut r).expect("prove");
        let mut v = Verifier::<Ristretto, _>::new(Transcript::new(b"RangeProofTest"));
        let var = v.commit(com);
        range(&mut v, var.into(), None, 32).expect("gadget");
        assert!(v.verify_with_rng(&proof, &pc, &bp, &mut r).is_ok());
    }
    // −1 is small too: x·(−1) = −x for a committed bit x, declared small.
    let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"neg"));
    let (com, x) = p.commit(1u64.into(), random_api::<Ristretto, _>(&mut r));
    let (_, _, o) = p.multiply(x.into(), LinearCombination::from(0u64) - 1u64);
    p.constrain(o + x);
    p.declare_small(0..1);
    let proof = p.prove_with_rng(&bp, &mut r).expect("prove");
    let mut v = Verifier::<Ristretto, _>::new(Transcript::new(b"neg"));
    let x = v.commit(com);
    let (_, _, o) = v.multiply(x.into(), LinearCombination::from(0u64) - 1u64);
    v.constrain(o + x);
    assert!(v.verify_with_rng(&proof, &pc, &bp, &mut r).is_ok());
    // A false declaration is an error, in either phase, not a proof.
    let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"false"));
    let (_, x) = p.commit(5u64.into(), random_api::<Ristretto, _>(&mut r));
    let (_, _, o) = p.multiply(x.into(), x.into());
    p.constrain(o - 25u64);
    p.declare_small(0..1);
    assert!(matches!(
        p.prove_with_rng(&bp, &mut r),
        Err(R1CSError::GadgetError { .. })
    ));
    let (proof, _) = {
        let mut p =
            Prover::<Ristretto, _>::new(&pc, shuffle::transcript(shuffle::DEFAULT_DOMAIN, 3));
        let vars: Vec<_> = [1u64, 2, 3, 3, 1, 2]
            .iter()
            .map(|v| p.commit((*v).into(), random_api::<Ristretto, _>(&mut r)).1)
            .collect();
        shuffle::gadget(&mut p, vars[..3].to_vec(), vars[3..].to_vec()).expect("gadget");
        // The second phase's multipliers (x_i − z) are not small.
        p.declare_small(0..4);
        (p.prove_with_rng(&bp, &mut r), ())
    };
    assert!(matches!(proof, Err(R1CSError::GadgetError { .. })));
}

#[test]
fn generators_shorter_than_their_claimed_capacity_are_an_error() {
    let mut r = rng();
    let pc = PedersenGens::<Ristretto>::default();
    let mut bp = BulletproofGens::<Ristretto>::new(2, 1);
    bp.gens_capacity = 64; // a caller's mistake: the chains hold 2 generators
    let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"g"));
    let (com, var) = p.commit(7u64.into(), random_api::<Ristretto, _>(&mut r));
    range(&mut p, var.into(), Some(7), 10).expect("gadget");
    assert_eq!(
        p.prove_with_rng(&bp, &mut r).unwrap_err(),
        R1CSError::InvalidGeneratorsLength
    );
    // The verifier of a valid proof, with the same generators: an error, no panic.
    let good = BulletproofGens::<Ristretto>::new(16, 1);
    let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"g"));
    let (com2, var) = p.commit(7u64.into(), random_api::<Ristretto, _>(&mut r));
    range(&mut p, var.into(), Some(7), 10).expect("gadget");
    let proof = p.prove_with_rng(&good, &mut r).expect("prove");
    let mut v = Verifier::<Ristretto, _>::new(Transcript::new(b"g"));
    let var = v.commit(com2);
    range(&mut v, var.into(), None, 10).expect("gadget");
    assert!(v.verify_with_rng(&proof, &pc, &bp, &mut r).is_err());
    let _ = com;
}

#[cfg(feature = "serde")]
#[test]
fn serde_is_the_byte_encoding() {
    let proof = example_proof();
    let json = serde_json::to_string(&proof).expect("serialise");
    let back: R1CSProof<Ristretto> = serde_json::from_str(&json).expect("deserialise");
    assert_eq!(back.to_bytes(), proof.to_bytes());
    let bytes: Vec<u8> = serde_json::from_str(&json).expect("a byte array");
    assert_eq!(bytes, proof.to_bytes());
    // A malformed encoding is a deserialisation error.
    assert!(serde_json::from_str::<R1CSProof<Ristretto>>("[1, 2, 3]").is_err());
}
