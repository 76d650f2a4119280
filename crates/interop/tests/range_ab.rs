//! `[a, b]` range proofs on ristretto255 against verifiers that know nothing of
//! ranges: dalek's `bulletproofs` 5 (ballistic's Bulletproofs in dalek's format) and
//! `tari_bulletproofs_plus` 0.5 (ballistic's Bulletproofs+), both ways.
//!
//! The statement, as `crates/ballistic/docs/range-proof.md` ("Ranges `[a, b]`")
//! specifies it and as this file re-derives it independently: the transcript
//! receives `dom-sep` = `ballistic range v1`, `a`, `b` (`append_u64`) before the
//! protocol's own statement, which is that of two `k`-bit values,
//! `k = ⌈log2(b − a + 1)⌉`, committed in `V − a·B` and `b·B − V` (`B` the basepoint).
//!
//! For `k ∈ {8, 16, 32, 64}`, ranges with `b − a + 1 = 2^k` and with another width
//! of bit length `k`, values at `a`, `b` and random:
//! * ballistic's proof verifies under the peer's verifier, given the derived
//!   commitments and the three messages; it fails there without the messages, with
//!   another range's messages, or with another commitment;
//! * the peer's two-value proof of `v − a`, `b − v` (blinding `γ`, `−γ`; masks
//!   negated) under the same messages verifies under ballistic's `verify_range`.

#![allow(non_snake_case)]

use ballistic::merlin::Transcript;
use ballistic::range_proof::range::range_bits;
use ballistic::ristretto::bp_plus::{self as ours_plus, Opening, RangeProofPlus};
use ballistic::ristretto::{self as ours, CompressedRistretto, RistrettoPoint, Scalar};
use bulletproofs as dalek;
use curve25519_dalek_v4::ristretto::CompressedRistretto as CompressedRistrettoV4;
use interop::random_scalar;
use rand::Rng;
use tari_bulletproofs_plus::{
    commitment_opening::CommitmentOpening,
    generators::pedersen_gens::ExtensionDegree,
    range_parameters::RangeParameters,
    range_proof::{RangeProof as TariRangeProof, VerifyAction},
    range_statement::RangeStatement,
    range_witness::RangeWitness,
    ristretto::{create_pedersen_gens_with_extension_degree, RistrettoRangeProof},
    Transcript as TariTranscript,
};

const LABEL: &[u8] = b"ballistic interop: [a, b] ranges";
const WIDTHS: [usize; 4] = [8, 16, 32, 64];

/// The ranges of width `k`: `b − a + 1 = 2^k`, and a random width of bit length `k`.
fn ranges<R: Rng>(rng: &mut R, k: usize) -> Vec<(u64, u64)> {
    let full = if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
    let low = 1u64 << (k - 1);
    let other = rng.gen_range(low..full);
    let mut out = Vec::new();
    for width in [full, other] {
        let a = rng.gen_range(0..=u64::MAX - width);
        out.push((a, a + width));
    }
    out
}

/// The values tested in `[a, b]`.
fn values<R: Rng>(rng: &mut R, a: u64, b: u64) -> [u64; 3] {
    [a, b, rng.gen_range(a..=b)]
}

/// `V − a·B` and `b·B − V`, computed here with curve25519-dalek 5's own arithmetic.
fn derived(V: &CompressedRistretto, a: u64, b: u64) -> [RistrettoPoint; 2] {
    let V = V.decompress().expect("valid commitment");
    let B = ballistic::curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT;
    [V - B * Scalar::from(a), B * Scalar::from(b) - V]
}

/// A Merlin transcript with the range statement appended (the labels of the
/// documentation, written out here rather than taken from ballistic).
fn merlin_with_range(a: u64, b: u64) -> Transcript {
    let mut t = Transcript::new(LABEL);
    t.append_message(b"dom-sep", b"ballistic range v1");
    t.append_u64(b"a", a);
    t.append_u64(b"b", b);
    t
}

/// Tari's transcript with the range statement appended.
fn tari_with_range(a: u64, b: u64) -> TariTranscript {
    let mut t = TariTranscript::new(LABEL);
    t.append_message(b"dom-sep", b"ballistic range v1");
    t.append_u64(b"a", a);
    t.append_u64(b"b", b);
    t
}

fn to_v4(P: &RistrettoPoint) -> CompressedRistrettoV4 {
    CompressedRistrettoV4(P.compress().to_bytes())
}

/// dalek's verifier on ballistic's proof bytes.
fn dalek_verify(
    bytes: &[u8],
    t: &mut Transcript,
    commitments: &[RistrettoPoint; 2],
    k: usize,
) -> Result<(), dalek::ProofError> {
    let proof = dalek::RangeProof::from_bytes(bytes)?;
    proof.verify_multiple_with_rng(
        &dalek::BulletproofGens::new(k, 2),
        &dalek::PedersenGens::default(),
        t,
        &commitments.each_ref().map(to_v4),
        k,
        &mut rand::thread_rng(),
    )
}

#[test]
fn bp_ranges_cross_dalek() {
    let mut rng = rand::thread_rng();
    let pc = ours::PedersenGens::default();
    let mut count = (0, 0);
    for k in WIDTHS {
        let bp = ours::BulletproofGens::new(k, 2);
        for (a, b) in ranges(&mut rng, k) {
            assert_eq!(range_bits(a, b).expect("a <= b"), k);
            for v in values(&mut rng, a, b) {
                let ctx = format!("k={k} [{a}, {b}] v={v}");
                let (g, g4) = random_scalar(&mut rng);
                // ballistic proves; dalek verifies.
                let (proof, V) = ours::RangeProof::prove_range(
                    &bp,
                    &pc,
                    &mut Transcript::new(LABEL),
                    v,
                    &g,
                    a,
                    b,
                    &mut rng,
                )
                .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                assert_eq!(V, pc.commit(Scalar::from(v), g).compress(), "{ctx}");
                let bytes = proof.to_bytes();
                let D = derived(&V, a, b);
                dalek_verify(&bytes, &mut merlin_with_range(a, b), &D, k)
                    .unwrap_or_else(|e| panic!("dalek rejects ballistic's proof ({e:?}), {ctx}"));
                assert!(
                    dalek_verify(&bytes, &mut Transcript::new(LABEL), &D, k).is_err(),
                    "{ctx}"
                );
                if b < u64::MAX {
                    let mut t = merlin_with_range(a, b + 1);
                    assert!(dalek_verify(&bytes, &mut t, &derived(&V, a, b + 1), k).is_err());
                }
                let other = pc.commit(Scalar::from(v), g + Scalar::ONE).compress();
                assert!(dalek_verify(
                    &bytes,
                    &mut merlin_with_range(a, b),
                    &derived(&other, a, b),
                    k
                )
                .is_err());
                count.0 += 1;

                // dalek proves v − a, b − v; ballistic's verify_range accepts.
                let (theirs, _) = dalek::RangeProof::prove_multiple_with_rng(
                    &dalek::BulletproofGens::new(k, 2),
                    &dalek::PedersenGens::default(),
                    &mut merlin_with_range(a, b),
                    &[v - a, b - v],
                    &[g4, -g4],
                    k,
                    &mut rng,
                )
                .unwrap_or_else(|e| panic!("dalek fails to prove ({e:?}), {ctx}"));
                let theirs = ours::RangeProof::from_bytes(&theirs.to_bytes()).expect("parses");
                theirs
                    .verify_range(&bp, &pc, &mut Transcript::new(LABEL), &V, a, b, &mut rng)
                    .unwrap_or_else(|e| panic!("ballistic rejects dalek's proof ({e}), {ctx}"));
                count.1 += 1;
            }
        }
    }
    eprintln!(
        "bp_ranges_cross_dalek: {} ballistic [a, b] proofs verified by dalek, {} dalek proofs by ballistic",
        count.0, count.1
    );
}

fn degree(t: usize) -> ExtensionDegree {
    match t {
        1 => ExtensionDegree::DefaultPedersen,
        2 => ExtensionDegree::AddOneBasePoint,
        3 => ExtensionDegree::AddTwoBasePoints,
        _ => panic!("degree {t} not tested"),
    }
}

fn tari_params(k: usize, t: usize) -> RangeParameters<RistrettoPoint> {
    RangeParameters::init(k, 2, create_pedersen_gens_with_extension_degree(degree(t)))
        .expect("tari parameters")
}

/// Tari's verifier on ballistic's proof bytes for the two commitments.
fn tari_verify(
    bytes: &[u8],
    mut t: TariTranscript,
    commitments: &[RistrettoPoint; 2],
    k: usize,
    deg: usize,
) -> bool {
    let Ok(proof) = RistrettoRangeProof::from_bytes(bytes) else {
        return false;
    };
    let statement = RangeStatement::init(
        tari_params(k, deg),
        commitments.to_vec(),
        vec![None, None],
        None,
    )
    .expect("tari statement");
    TariRangeProof::verify_batch(
        std::slice::from_mut(&mut t),
        &[statement],
        &[proof],
        VerifyAction::VerifyOnly,
    )
    .is_ok()
}

#[test]
fn bp_plus_ranges_cross_tari() {
    let mut rng = rand::thread_rng();
    let mut count = (0, 0);
    for k in WIDTHS {
        let bp = ours::BulletproofGens::new(k, 2);
        for deg in [1, 2] {
            let pc = ours_plus::pedersen_gens(deg).expect("degree");
            for (a, b) in ranges(&mut rng, k) {
                for v in values(&mut rng, a, b) {
                    let ctx = format!("k={k} t={deg} [{a}, {b}] v={v}");
                    let masks: Vec<Scalar> = (0..deg).map(|_| random_scalar(&mut rng).0).collect();
                    // ballistic proves; Tari verifies.
                    let (proof, V) = RangeProofPlus::prove_range(
                        &bp,
                        &pc,
                        &mut Transcript::new(LABEL),
                        &Opening::new(v, &masks),
                        a,
                        b,
                        &mut rng,
                    )
                    .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    let bytes = proof.to_bytes();
                    let D = derived(&V, a, b);
                    assert!(
                        tari_verify(&bytes, tari_with_range(a, b), &D, k, deg),
                        "Tari rejects ballistic's proof, {ctx}"
                    );
                    assert!(
                        !tari_verify(&bytes, TariTranscript::new(LABEL), &D, k, deg),
                        "{ctx}"
                    );
                    if a > 0 {
                        let D2 = derived(&V, a - 1, b);
                        assert!(!tari_verify(&bytes, tari_with_range(a - 1, b), &D2, k, deg));
                    }
                    count.0 += 1;

                    // Tari proves v − a, b − v; ballistic's verify_range accepts.
                    let negated: Vec<Scalar> = masks.iter().map(|m| -m).collect();
                    let statement = RangeStatement::init(
                        tari_params(k, deg),
                        D.to_vec(),
                        vec![None, None],
                        None,
                    )
                    .expect("tari statement");
                    let witness = RangeWitness::init(vec![
                        CommitmentOpening::new(v - a, masks.clone()),
                        CommitmentOpening::new(b - v, negated),
                    ])
                    .expect("tari witness");
                    let theirs = RistrettoRangeProof::prove(
                        &mut tari_with_range(a, b),
                        &statement,
                        &witness,
                    )
                    .unwrap_or_else(|e| panic!("Tari fails to prove ({e:?}), {ctx}"));
                    RangeProofPlus::from_bytes(&theirs.to_bytes())
                        .expect("parses")
                        .verify_range(&bp, &pc, &mut Transcript::new(LABEL), &V, a, b, &mut rng)
                        .unwrap_or_else(|e| panic!("ballistic rejects Tari's proof ({e}), {ctx}"));
                    count.1 += 1;
                }
            }
        }
    }
    eprintln!(
        "bp_plus_ranges_cross_tari: {} ballistic [a, b] proofs verified by Tari, {} Tari proofs by ballistic",
        count.0, count.1
    );
}
