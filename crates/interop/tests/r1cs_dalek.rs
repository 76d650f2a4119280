//! ballistic's R1CS against dalek's `bulletproofs` 4.0.0 (`yoloproofs`), both ways.
//!
//! Every gadget is the same source compiled against both crates
//! (`interop::r1cs_gadgets`), with the transcripts and generator sizes of dalek's R1CS
//! tests. For each statement:
//!
//! * a proof made by one side parses and verifies on the other, and re-encodes to the
//!   same bytes (`from_bytes` then `to_bytes` is the identity, both ways);
//! * the prover's transcript after proving and the other side's verifier transcript
//!   after verifying are in the same state (equal challenges drawn from both);
//! * the same values and blindings give byte-identical commitments on both sides;
//! * the proof fails on both sides when the verifier's statement differs (another
//!   public constant, other commitments, another transcript label).
//!
//! Commitments and proofs cross between the crates through their byte encodings.

use ballistic::merlin::Transcript;
use ballistic::ristretto::{self as ristretto, r1cs as ours_r1cs};
use interop::bulletproofs4::r1cs as dalek_r1cs;
use interop::r1cs_gadgets::{dalek4, ours, SHUFFLE_BENCH_LABEL, SHUFFLE_TEST_LABEL};
use interop::{
    commitments_from_ng, commitments_to_ng, compressed_from_ng, compressed_to_ng, max_value,
    random_blindings, random_value, scalar_to_ng, R1csGens,
};
use rand::seq::SliceRandom;
use rand::Rng;

type NgScalar = interop::curve25519_dalek_ng::scalar::Scalar;

/// 32 challenge bytes drawn from a transcript, to compare two transcripts' states.
fn state(mut t: Transcript) -> [u8; 32] {
    let mut out = [0u8; 32];
    t.challenge_bytes(b"interop transcript state", &mut out);
    out
}

/// Parses ballistic's proof bytes in dalek's crate and checks that they re-encode
/// unchanged, and the same the other way round from dalek's encoding.
fn to_dalek(proof: &ours_r1cs::R1CSProof) -> dalek_r1cs::R1CSProof {
    let bytes = proof.to_bytes();
    let theirs = dalek_r1cs::R1CSProof::from_bytes(&bytes).expect("dalek parses ballistic's proof");
    assert_eq!(
        theirs.to_bytes(),
        bytes,
        "dalek re-encodes ballistic's proof"
    );
    theirs
}

/// Parses dalek's proof bytes in ballistic and checks the round trip.
fn to_ours(proof: &dalek_r1cs::R1CSProof) -> ours_r1cs::R1CSProof {
    let bytes = proof.to_bytes();
    let ours = ours_r1cs::R1CSProof::from_bytes(&bytes).expect("ballistic parses dalek's proof");
    assert_eq!(ours.to_bytes(), bytes, "ballistic re-encodes dalek's proof");
    ours
}

// ----- k-shuffle -----------------------------------------------------------------

/// One shuffle instance: random 64-bit inputs, a random permutation of them as
/// outputs, `2k` blindings, in both scalar types.
struct ShuffleInstance {
    input: Vec<ristretto::Scalar>,
    output: Vec<ristretto::Scalar>,
    blindings: Vec<ristretto::Scalar>,
}

impl ShuffleInstance {
    fn random(k: usize) -> Self {
        let mut rng = rand::thread_rng();
        let values: Vec<u64> = (0..k).map(|_| rng.gen()).collect();
        let mut permuted = values.clone();
        permuted.shuffle(&mut rng);
        let (blindings, _) = random_blindings(&mut rng, 2 * k);
        ShuffleInstance {
            input: values.iter().map(|v| (*v).into()).collect(),
            output: permuted.iter().map(|v| (*v).into()).collect(),
            blindings,
        }
    }

    fn ng(s: &[ristretto::Scalar]) -> Vec<NgScalar> {
        s.iter().map(scalar_to_ng).collect()
    }
}

fn shuffle_both_ways(k: usize) {
    let g = R1csGens::new((2 * k).next_power_of_two());
    let inst = ShuffleInstance::random(k);

    // ballistic proves, dalek verifies.
    let (proof, coms, prover_t) = ours::prove_shuffle(
        &g.ours_pc,
        &g.ours_bp,
        SHUFFLE_TEST_LABEL,
        &inst.input,
        &inst.output,
        &inst.blindings,
    )
    .expect("ballistic proves");
    assert_eq!(proof.is_two_phase(), k > 1, "k = {k}");
    let theirs = to_dalek(&proof);
    let dalek_coms = commitments_to_ng(&coms);
    let verifier_t = dalek4::verify_shuffle(
        &g.dalek_pc,
        &g.dalek_bp,
        SHUFFLE_TEST_LABEL,
        &theirs,
        &dalek_coms,
    )
    .unwrap_or_else(|e| panic!("dalek rejects ballistic's {k}-shuffle proof: {e:?}"));
    assert_eq!(state(prover_t), state(verifier_t), "transcripts, k = {k}");
    assert!(
        ours::verify_shuffle(&g.ours_pc, &g.ours_bp, SHUFFLE_TEST_LABEL, &proof, &coms).is_ok()
    );

    // dalek proves the same statement with the same blindings, ballistic verifies.
    let (dproof, dcoms, dprover_t) = dalek4::prove_shuffle(
        &g.dalek_pc,
        &g.dalek_bp,
        SHUFFLE_TEST_LABEL,
        &ShuffleInstance::ng(&inst.input),
        &ShuffleInstance::ng(&inst.output),
        &ShuffleInstance::ng(&inst.blindings),
    )
    .expect("dalek proves");
    assert_eq!(dcoms, dalek_coms, "same commitments on both sides, k = {k}");
    let mine = to_ours(&dproof);
    let verifier_t = ours::verify_shuffle(
        &g.ours_pc,
        &g.ours_bp,
        SHUFFLE_TEST_LABEL,
        &mine,
        &commitments_from_ng(&dcoms),
    )
    .unwrap_or_else(|e| panic!("ballistic rejects dalek's {k}-shuffle proof: {e:?}"));
    assert_eq!(state(dprover_t), state(verifier_t), "transcripts, k = {k}");

    // Another statement: another transcript label, and (k ≥ 2) an input commitment
    // swapped with an output commitment of another value.
    assert!(dalek4::verify_shuffle(
        &g.dalek_pc,
        &g.dalek_bp,
        SHUFFLE_BENCH_LABEL,
        &theirs,
        &dalek_coms
    )
    .is_err());
    assert!(
        ours::verify_shuffle(&g.ours_pc, &g.ours_bp, SHUFFLE_BENCH_LABEL, &mine, &coms).is_err()
    );
    if let Some(j) = (0..k).find(|j| inst.output[*j] != inst.input[0]) {
        let mut swapped = coms.clone();
        swapped.swap(0, k + j);
        assert!(dalek4::verify_shuffle(
            &g.dalek_pc,
            &g.dalek_bp,
            SHUFFLE_TEST_LABEL,
            &theirs,
            &commitments_to_ng(&swapped)
        )
        .is_err());
        assert!(
            ours::verify_shuffle(&g.ours_pc, &g.ours_bp, SHUFFLE_TEST_LABEL, &mine, &swapped)
                .is_err()
        );
    }
}

#[test]
fn shuffle_1() {
    shuffle_both_ways(1);
}

#[test]
fn shuffle_2() {
    shuffle_both_ways(2);
}

#[test]
fn shuffle_3() {
    shuffle_both_ways(3);
}

#[test]
fn shuffle_4() {
    shuffle_both_ways(4);
}

#[test]
fn shuffle_7() {
    shuffle_both_ways(7);
}

#[test]
fn shuffle_24() {
    shuffle_both_ways(24);
}

#[test]
fn shuffle_42() {
    shuffle_both_ways(42);
}

/// A non-permutation: ballistic's prover refuses it; dalek's prover (which does not
/// check the witness) makes a proof that neither verifier accepts.
#[test]
fn shuffle_of_a_non_permutation() {
    let g = R1csGens::new(8);
    let input = [1u64, 2, 3, 4];
    let output = [4u64, 3, 2, 5];
    let mut rng = rand::thread_rng();
    let (blindings, _) = random_blindings(&mut rng, 8);
    let res = ours::prove_shuffle(
        &g.ours_pc,
        &g.ours_bp,
        SHUFFLE_TEST_LABEL,
        &input.map(Into::into),
        &output.map(Into::into),
        &blindings,
    );
    assert_eq!(res.err(), Some(ours_r1cs::R1CSError::Unsatisfied));
    let (dproof, dcoms, _) = dalek4::prove_shuffle(
        &g.dalek_pc,
        &g.dalek_bp,
        SHUFFLE_TEST_LABEL,
        &input.map(NgScalar::from),
        &output.map(NgScalar::from),
        &ShuffleInstance::ng(&blindings),
    )
    .expect("dalek's prover does not check the witness");
    assert!(dalek4::verify_shuffle(
        &g.dalek_pc,
        &g.dalek_bp,
        SHUFFLE_TEST_LABEL,
        &dproof,
        &dcoms
    )
    .is_err());
    assert!(ours::verify_shuffle(
        &g.ours_pc,
        &g.ours_bp,
        SHUFFLE_TEST_LABEL,
        &to_ours(&dproof),
        &commitments_from_ng(&dcoms)
    )
    .is_err());
}

// ----- range gadget ---------------------------------------------------------------

fn range_both_ways(g: &R1csGens, value: u64, n: usize) {
    let mut rng = rand::thread_rng();
    let (blinding, _) = interop::random_scalar(&mut rng);
    let dalek_blinding = scalar_to_ng(&blinding);

    let (proof, com, prover_t) =
        ours::prove_range(&g.ours_pc, &g.ours_bp, value, blinding, n).expect("ballistic proves");
    let theirs = to_dalek(&proof);
    let verifier_t =
        dalek4::verify_range(&g.dalek_pc, &g.dalek_bp, &theirs, compressed_to_ng(&com), n)
            .unwrap_or_else(|e| panic!("dalek rejects ballistic's range proof n = {n}: {e:?}"));
    assert_eq!(state(prover_t), state(verifier_t), "transcripts, n = {n}");

    let (dproof, dcom, dprover_t) =
        dalek4::prove_range(&g.dalek_pc, &g.dalek_bp, value, dalek_blinding, n)
            .expect("dalek proves");
    assert_eq!(compressed_from_ng(&dcom), com, "same commitment, n = {n}");
    let mine = to_ours(&dproof);
    let verifier_t = ours::verify_range(&g.ours_pc, &g.ours_bp, &mine, com, n)
        .unwrap_or_else(|e| panic!("ballistic rejects dalek's range proof n = {n}: {e:?}"));
    assert_eq!(state(dprover_t), state(verifier_t), "transcripts, n = {n}");

    // Another public bit width: another circuit, rejected on both sides.
    for other in [n - 1, n + 1] {
        assert!(
            dalek4::verify_range(&g.dalek_pc, &g.dalek_bp, &theirs, dcom, other).is_err(),
            "n = {n} as {other}"
        );
        assert!(
            ours::verify_range(&g.ours_pc, &g.ours_bp, &mine, com, other).is_err(),
            "n = {n} as {other}"
        );
    }
}

#[test]
fn range_gadget() {
    let g = R1csGens::new(128);
    let mut rng = rand::thread_rng();
    for n in [2usize, 10, 32, 63] {
        for _ in 0..3 {
            range_both_ways(&g, random_value(&mut rng, n), n);
        }
        range_both_ways(&g, 0, n);
        range_both_ways(&g, max_value(n), n);

        // 2^n: ballistic refuses to prove it; dalek proves it and neither accepts.
        let too_big = max_value(n) + 1;
        let (blinding, _) = interop::random_scalar(&mut rng);
        assert_eq!(
            ours::prove_range(&g.ours_pc, &g.ours_bp, too_big, blinding, n).err(),
            Some(ours_r1cs::R1CSError::Unsatisfied)
        );
        let (dproof, dcom, _) = dalek4::prove_range(
            &g.dalek_pc,
            &g.dalek_bp,
            too_big,
            scalar_to_ng(&blinding),
            n,
        )
        .expect("dalek's prover does not check the witness");
        assert!(dalek4::verify_range(&g.dalek_pc, &g.dalek_bp, &dproof, dcom, n).is_err());
        let mine = to_ours(&dproof);
        assert!(
            ours::verify_range(&g.ours_pc, &g.ours_bp, &mine, compressed_from_ng(&dcom), n)
                .is_err()
        );
    }
}

// ----- example gadget -------------------------------------------------------------

const EXAMPLE_VALUES: [u64; 5] = [3, 4, 6, 1, 40];
const EXAMPLE_C2: u64 = 9;

#[test]
fn example_gadget() {
    let g = R1csGens::new(128);
    let mut rng = rand::thread_rng();
    let (blindings, _) = random_blindings(&mut rng, 5);
    let blindings: [ristretto::Scalar; 5] = blindings.try_into().expect("five");
    let dalek_blindings = blindings.map(|b| scalar_to_ng(&b));

    // (3 + 4)·(6 + 1) = 40 + 9, ballistic to dalek.
    let (proof, coms, prover_t) = ours::prove_example(
        &g.ours_pc,
        &g.ours_bp,
        EXAMPLE_VALUES,
        &blindings,
        EXAMPLE_C2,
    )
    .expect("ballistic proves");
    assert!(!proof.is_two_phase());
    let theirs = to_dalek(&proof);
    let dcoms = commitments_to_ng(&coms);
    let verifier_t = dalek4::verify_example(&g.dalek_pc, &g.dalek_bp, &theirs, &dcoms, EXAMPLE_C2)
        .expect("dalek verifies ballistic's proof");
    assert_eq!(state(prover_t), state(verifier_t));

    // dalek to ballistic.
    let (dproof, dcoms2, dprover_t) = dalek4::prove_example(
        &g.dalek_pc,
        &g.dalek_bp,
        EXAMPLE_VALUES,
        &dalek_blindings,
        EXAMPLE_C2,
    )
    .expect("dalek proves");
    assert_eq!(dcoms2, dcoms, "same commitments on both sides");
    let mine = to_ours(&dproof);
    let verifier_t = ours::verify_example(&g.ours_pc, &g.ours_bp, &mine, &coms, EXAMPLE_C2)
        .expect("ballistic verifies dalek's proof");
    assert_eq!(state(dprover_t), state(verifier_t));

    // Another public constant: rejected both ways.
    for c2 in [EXAMPLE_C2 + 1, EXAMPLE_C2 - 1, 0] {
        assert!(
            dalek4::verify_example(&g.dalek_pc, &g.dalek_bp, &theirs, &dcoms, c2).is_err(),
            "c2 = {c2}"
        );
        assert!(
            ours::verify_example(&g.ours_pc, &g.ours_bp, &mine, &coms, c2).is_err(),
            "c2 = {c2}"
        );
    }

    // (3 + 4)·(6 + 1) ≠ 40 + 10: ballistic refuses to prove; dalek's prover makes a
    // proof that both verifiers reject as a proof of "= 40 + 10". Neither prover uses
    // the constant terms of the constraints (they enter only the verifier's equation),
    // so that proof is a valid proof of the true statement "= 40 + 9", and both
    // verifiers accept it as such.
    assert_eq!(
        ours::prove_example(&g.ours_pc, &g.ours_bp, EXAMPLE_VALUES, &blindings, 10).err(),
        Some(ours_r1cs::R1CSError::Unsatisfied)
    );
    let (bad, bad_coms, _) = dalek4::prove_example(
        &g.dalek_pc,
        &g.dalek_bp,
        EXAMPLE_VALUES,
        &dalek_blindings,
        10,
    )
    .expect("dalek's prover does not check the witness");
    let bad_mine = to_ours(&bad);
    let bad_coms_mine = commitments_from_ng(&bad_coms);
    assert!(dalek4::verify_example(&g.dalek_pc, &g.dalek_bp, &bad, &bad_coms, 10).is_err());
    assert!(ours::verify_example(&g.ours_pc, &g.ours_bp, &bad_mine, &bad_coms_mine, 10).is_err());
    let c2 = EXAMPLE_C2;
    assert!(dalek4::verify_example(&g.dalek_pc, &g.dalek_bp, &bad, &bad_coms, c2).is_ok());
    assert!(ours::verify_example(&g.ours_pc, &g.ours_bp, &bad_mine, &bad_coms_mine, c2).is_ok());
}

/// A proof of one circuit never verifies as another: a one-phase example proof as a
/// two-phase shuffle and the reverse, on each side, whichever side made it.
#[test]
fn proofs_do_not_cross_circuits() {
    let g = R1csGens::new(128);
    let mut rng = rand::thread_rng();
    let (blindings, _) = random_blindings(&mut rng, 5);
    let blindings: [ristretto::Scalar; 5] = blindings.try_into().expect("five");
    let (example, _, _) = ours::prove_example(
        &g.ours_pc,
        &g.ours_bp,
        EXAMPLE_VALUES,
        &blindings,
        EXAMPLE_C2,
    )
    .expect("ballistic proves");
    let inst = ShuffleInstance::random(2);
    let (shuffle, coms, _) = ours::prove_shuffle(
        &g.ours_pc,
        &g.ours_bp,
        SHUFFLE_TEST_LABEL,
        &inst.input,
        &inst.output,
        &inst.blindings,
    )
    .expect("ballistic proves");
    let dcoms = commitments_to_ng(&coms);
    assert!(dalek4::verify_shuffle(
        &g.dalek_pc,
        &g.dalek_bp,
        SHUFFLE_TEST_LABEL,
        &to_dalek(&example),
        &dcoms
    )
    .is_err());
    assert!(
        ours::verify_shuffle(&g.ours_pc, &g.ours_bp, SHUFFLE_TEST_LABEL, &example, &coms).is_err()
    );
    // Five commitments: the shuffle's four and the first again.
    let five = [&coms[..], &coms[..1]].concat();
    assert!(dalek4::verify_example(
        &g.dalek_pc,
        &g.dalek_bp,
        &to_dalek(&shuffle),
        &commitments_to_ng(&five),
        EXAMPLE_C2
    )
    .is_err());
    assert!(ours::verify_example(&g.ours_pc, &g.ours_bp, &shuffle, &five, EXAMPLE_C2).is_err());
}
