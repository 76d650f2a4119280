//! Bulletproofs+ against `tari_bulletproofs_plus` 0.5, both ways: ballistic's proofs
//! verify under Tari's verifier (single and batched, more than one of Tari's
//! 256-proof chunks), Tari's proofs verify under ballistic's and re-encode to the same
//! bytes, masks recovered across the two, the generators equal, and malformed proofs
//! rejected by both.

#![allow(non_snake_case)]

use ballistic::merlin::Transcript;
use ballistic::ristretto::bp_plus::{self as ours, Opening};
use ballistic::ristretto::{BulletproofGens, CompressedRistretto, RistrettoPoint, Scalar};
use interop::{random_scalar, random_value};
use rand::Rng;
use tari_bulletproofs_plus::{
    commitment_opening::CommitmentOpening,
    generators::pedersen_gens::ExtensionDegree,
    range_parameters::RangeParameters,
    range_proof::{RangeProof as TariRangeProof, VerifyAction as TariAction},
    range_statement::RangeStatement,
    range_witness::RangeWitness,
    ristretto::{create_pedersen_gens_with_extension_degree, RistrettoRangeProof},
    Transcript as TariTranscript,
};

const LABEL: &[u8] = b"ballistic interop bp+";
const BITS: [usize; 4] = [8, 16, 32, 64];
const AGGREGATION: [usize; 4] = [1, 2, 4, 8];

fn degree(t: usize) -> ExtensionDegree {
    match t {
        1 => ExtensionDegree::DefaultPedersen,
        2 => ExtensionDegree::AddOneBasePoint,
        3 => ExtensionDegree::AddTwoBasePoints,
        4 => ExtensionDegree::AddThreeBasePoints,
        5 => ExtensionDegree::AddFourBasePoints,
        6 => ExtensionDegree::AddFiveBasePoints,
        _ => panic!("no degree {t}"),
    }
}

fn params(bits: usize, m_max: usize, t: usize) -> RangeParameters<RistrettoPoint> {
    RangeParameters::init(
        bits,
        m_max,
        create_pedersen_gens_with_extension_degree(degree(t)),
    )
    .expect("tari parameters")
}

/// One statement of the grid: values, masks (`m·t`), minimum values.
struct Case {
    bits: usize,
    t: usize,
    values: Vec<u64>,
    masks: Vec<Scalar>,
    mins: Vec<u64>,
}

/// Values in range; with `promises`, minimum values `v/3`, `v`, `0` in turn.
fn case<R: Rng + rand::CryptoRng>(
    rng: &mut R,
    bits: usize,
    m: usize,
    t: usize,
    promises: bool,
) -> Case {
    let values: Vec<u64> = (0..m).map(|_| random_value(rng, bits)).collect();
    let masks: Vec<Scalar> = (0..m * t).map(|_| random_scalar(rng).0).collect();
    let mins = values
        .iter()
        .enumerate()
        .map(|(j, v)| match (promises, j % 3) {
            (false, _) | (true, 2) => 0,
            (true, 0) => v / 3,
            _ => *v,
        })
        .collect();
    Case {
        bits,
        t,
        values,
        masks,
        mins,
    }
}

impl Case {
    fn m(&self) -> usize {
        self.values.len()
    }

    fn openings(&self) -> Vec<Opening<'_>> {
        (0..self.m())
            .map(|j| Opening::new(self.values[j], &self.masks[j * self.t..(j + 1) * self.t]))
            .collect()
    }

    /// Tari's statement for commitments `V` under parameters for up to `m_max` values.
    fn tari_statement(
        &self,
        V: &[CompressedRistretto],
        m_max: usize,
    ) -> RangeStatement<RistrettoPoint> {
        let points = V
            .iter()
            .map(|c| c.decompress().expect("valid commitment"))
            .collect();
        let promises = self.mins.iter().map(|o| (*o != 0).then_some(*o)).collect();
        RangeStatement::init(params(self.bits, m_max, self.t), points, promises, None)
            .expect("tari statement")
    }

    fn ours_prove(&self) -> (ours::RangeProofPlus, Vec<CompressedRistretto>) {
        let bp = BulletproofGens::new(self.bits, self.m());
        let pc = ours::pedersen_gens(self.t).expect("degree");
        ours::RangeProofPlus::prove(
            &bp,
            &pc,
            &mut Transcript::new(LABEL),
            &self.openings(),
            &self.mins,
            self.bits,
            &mut rand::thread_rng(),
        )
        .expect("ballistic proves")
    }

    fn ours_verify(
        &self,
        proof: &ours::RangeProofPlus,
        V: &[CompressedRistretto],
    ) -> Result<(), ballistic::ProofError> {
        let bp = BulletproofGens::new(self.bits, self.m());
        let pc = ours::pedersen_gens(self.t).expect("degree");
        proof.verify(
            &bp,
            &pc,
            &mut Transcript::new(LABEL),
            V,
            &self.mins,
            self.bits,
            &mut rand::thread_rng(),
        )
    }

    /// Tari proves this case; returns the proof bytes and the commitments.
    fn tari_prove(&self) -> (Vec<u8>, Vec<CompressedRistretto>) {
        let p = params(self.bits, self.m(), self.t);
        let openings: Vec<CommitmentOpening> = (0..self.m())
            .map(|j| {
                CommitmentOpening::new(
                    self.values[j],
                    self.masks[j * self.t..(j + 1) * self.t].to_vec(),
                )
            })
            .collect();
        let V: Vec<RistrettoPoint> = (0..self.m())
            .map(|j| {
                p.pc_gens()
                    .commit(
                        &Scalar::from(self.values[j]),
                        &self.masks[j * self.t..(j + 1) * self.t],
                    )
                    .expect("tari commits")
            })
            .collect();
        let promises = self.mins.iter().map(|o| (*o != 0).then_some(*o)).collect();
        let statement = RangeStatement::init(p, V.clone(), promises, None).expect("tari statement");
        let witness = RangeWitness::init(openings).expect("tari witness");
        let proof =
            RistrettoRangeProof::prove(&mut TariTranscript::new(LABEL), &statement, &witness)
                .expect("tari proves");
        (proof.to_bytes(), V.iter().map(|v| v.compress()).collect())
    }
}

fn tari_verify(bytes: &[u8], statements: &[RangeStatement<RistrettoPoint>]) -> bool {
    let proofs: Result<Vec<RistrettoRangeProof>, _> = std::iter::repeat_n(bytes, statements.len())
        .map(RistrettoRangeProof::from_bytes)
        .collect();
    let Ok(proofs) = proofs else { return false };
    let mut transcripts: Vec<TariTranscript> = statements
        .iter()
        .map(|_| TariTranscript::new(LABEL))
        .collect();
    TariRangeProof::verify_batch(
        &mut transcripts,
        statements,
        &proofs,
        TariAction::VerifyOnly,
    )
    .is_ok()
}

/// T1 and T2: every bit width × aggregation × degree 1..3 × with and without
/// minimum-value promises, both directions.
#[test]
fn proofs_cross_verify_both_ways() {
    let mut rng = rand::thread_rng();
    for bits in BITS {
        for m in AGGREGATION {
            for t in 1..=3 {
                for promises in [false, true] {
                    let c = case(&mut rng, bits, m, t, promises);
                    // Ballistic → Tari.
                    let (proof, V) = c.ours_prove();
                    let bytes = proof.to_bytes();
                    let rounds = (bits * m).trailing_zeros() as usize;
                    assert_eq!(bytes.len(), 1 + 32 * (t + 5 + 2 * rounds));
                    assert!(
                        tari_verify(&bytes, &[c.tari_statement(&V, m)]),
                        "tari rejects ballistic's proof: bits {bits}, m {m}, t {t}, promises {promises}"
                    );
                    // Tari → ballistic.
                    let (tbytes, TV) = c.tari_prove();
                    let parsed = ours::RangeProofPlus::from_bytes(&tbytes)
                        .expect("ballistic parses tari's proof");
                    assert_eq!(parsed.to_bytes(), tbytes);
                    c.ours_verify(&parsed, &TV).unwrap_or_else(|e| {
                        panic!("ballistic rejects tari's proof ({e}): bits {bits}, m {m}, t {t}, promises {promises}")
                    });
                    // Neither verifies the other's commitments with other minimum values.
                    if promises && c.mins.iter().any(|o| *o > 0) {
                        let mut other = Case {
                            mins: vec![0; m],
                            ..c
                        };
                        assert!(other.ours_verify(&parsed, &TV).is_err());
                        other.mins = other.values.clone();
                        other.mins[0] = other.mins[0].wrapping_add(1);
                        if other.mins[0] >> bits.min(63) == 0 || bits == 64 {
                            assert!(!tari_verify(&bytes, &[other.tari_statement(&V, m)]));
                        }
                    }
                }
            }
        }
    }
}

/// T3: Tari's batch verifier over ballistic's proofs of mixed aggregation sizes (one
/// parameter set per bit width and degree, as Tari requires), a batch of 300 (two of
/// Tari's chunks), and one tampered proof failing the batch.
#[test]
fn tari_batch_verifies_ballistic_proofs() {
    let mut rng = rand::thread_rng();
    for (bits, t) in [(8, 1), (64, 1), (32, 2), (16, 3)] {
        let mut proofs = Vec::new();
        let mut statements = Vec::new();
        for m in AGGREGATION.into_iter().chain(AGGREGATION) {
            let c = case(&mut rng, bits, m, t, m % 2 == 0);
            let (proof, V) = c.ours_prove();
            proofs.push(RistrettoRangeProof::from_bytes(&proof.to_bytes()).expect("tari parses"));
            statements.push(c.tari_statement(&V, 8));
        }
        let mut transcripts: Vec<TariTranscript> = statements
            .iter()
            .map(|_| TariTranscript::new(LABEL))
            .collect();
        TariRangeProof::verify_batch(
            &mut transcripts,
            &statements,
            &proofs,
            TariAction::VerifyOnly,
        )
        .unwrap_or_else(|e| {
            panic!("tari batch rejects ballistic's proofs: bits {bits}, t {t}: {e:?}")
        });
        // Swap two statements of one shape: the batch fails.
        statements.swap(0, 4);
        let mut transcripts: Vec<TariTranscript> = statements
            .iter()
            .map(|_| TariTranscript::new(LABEL))
            .collect();
        assert!(TariRangeProof::verify_batch(
            &mut transcripts,
            &statements,
            &proofs,
            TariAction::VerifyOnly
        )
        .is_err());
    }
    // 300 proofs: more than one of Tari's 256-proof chunks.
    let mut proofs = Vec::new();
    let mut statements = Vec::new();
    for _ in 0..300 {
        let c = case(&mut rng, 8, 1, 1, false);
        let (proof, V) = c.ours_prove();
        proofs.push(RistrettoRangeProof::from_bytes(&proof.to_bytes()).expect("tari parses"));
        statements.push(c.tari_statement(&V, 1));
    }
    let mut transcripts: Vec<TariTranscript> = statements
        .iter()
        .map(|_| TariTranscript::new(LABEL))
        .collect();
    TariRangeProof::verify_batch(
        &mut transcripts,
        &statements,
        &proofs,
        TariAction::VerifyOnly,
    )
    .expect("tari verifies 300 ballistic proofs");
    // The last proof (in the second chunk) for another commitment.
    let k = statements.len() - 1;
    statements.swap(k, 0);
    let mut transcripts: Vec<TariTranscript> = statements
        .iter()
        .map(|_| TariTranscript::new(LABEL))
        .collect();
    assert!(TariRangeProof::verify_batch(
        &mut transcripts,
        &statements,
        &proofs,
        TariAction::VerifyOnly
    )
    .is_err());
}

/// T5: masks recovered across the libraries, every degree; `VerifyOnly` gives none.
#[test]
fn mask_recovery_both_ways() {
    let mut rng = rand::thread_rng();
    for t in 1..=6 {
        let c = case(&mut rng, 64, 1, t, t % 2 == 0);
        let seed = random_scalar(&mut rng).0;
        let bp = BulletproofGens::new(64, 1);
        let pc = ours::pedersen_gens(t).expect("degree");
        // Ballistic proves with the seed; Tari recovers.
        let (proof, V) = ours::RangeProofPlus::prove_with_seed(
            &bp,
            &pc,
            &mut Transcript::new(LABEL),
            &c.openings()[0],
            c.mins[0],
            64,
            &seed,
            &mut rng,
        )
        .expect("ballistic proves");
        let promise = (c.mins[0] != 0).then_some(c.mins[0]);
        let statement = RangeStatement::init(
            params(64, 1, t),
            vec![V.decompress().expect("valid")],
            vec![promise],
            Some(seed),
        )
        .expect("tari statement");
        let tproof = RistrettoRangeProof::from_bytes(&proof.to_bytes()).expect("tari parses");
        for action in [
            TariAction::RecoverOnly,
            TariAction::RecoverAndVerify,
            TariAction::VerifyOnly,
        ] {
            let masks = TariRangeProof::verify_batch(
                &mut [TariTranscript::new(LABEL)],
                std::slice::from_ref(&statement),
                std::slice::from_ref(&tproof),
                action,
            )
            .expect("tari recovers");
            let got = masks[0].as_ref().map(|m| m.blindings().expect("masks"));
            if action == TariAction::VerifyOnly {
                assert!(got.is_none());
            } else {
                assert_eq!(
                    got.as_deref(),
                    Some(&c.masks[..]),
                    "tari recovers ballistic's masks, t {t}"
                );
            }
        }
        // Tari proves with the seed; ballistic recovers.
        let p = params(64, 1, t);
        let TV = p
            .pc_gens()
            .commit(&Scalar::from(c.values[0]), &c.masks)
            .expect("commits");
        let statement =
            RangeStatement::init(p, vec![TV], vec![promise], Some(seed)).expect("statement");
        let witness =
            RangeWitness::init(vec![CommitmentOpening::new(c.values[0], c.masks.clone())])
                .expect("witness");
        let tbytes =
            RistrettoRangeProof::prove(&mut TariTranscript::new(LABEL), &statement, &witness)
                .expect("tari proves")
                .to_bytes();
        let parsed = ours::RangeProofPlus::from_bytes(&tbytes).expect("parses");
        for action in [
            ours::VerifyAction::RecoverOnly,
            ours::VerifyAction::RecoverAndVerify,
        ] {
            let got = parsed
                .recover_masks(
                    &bp,
                    &pc,
                    &mut Transcript::new(LABEL),
                    &TV.compress(),
                    c.mins[0],
                    64,
                    &seed,
                    action,
                    &mut rng,
                )
                .expect("ballistic recovers");
            assert_eq!(
                got.as_deref(),
                Some(&c.masks[..]),
                "ballistic recovers tari's masks, t {t}"
            );
        }
        let wrong = random_scalar(&mut rng).0;
        let got = parsed
            .recover_masks(
                &bp,
                &pc,
                &mut Transcript::new(LABEL),
                &TV.compress(),
                c.mins[0],
                64,
                &wrong,
                ours::VerifyAction::RecoverOnly,
                &mut rng,
            )
            .expect("recovers something");
        assert_ne!(got.as_deref(), Some(&c.masks[..]));
    }
}

/// T8: ballistic's Tari bases and party generators are Tari's.
#[test]
fn generators_are_taris() {
    for t in 1..=6 {
        let ours_pc = ours::pedersen_gens(t).expect("degree");
        let tari_pc = create_pedersen_gens_with_extension_degree(degree(t));
        assert_eq!(ours_pc.value_base(), *tari_pc.h_base());
        let p = RangeParameters::init(64, 8, tari_pc).expect("params");
        assert_eq!(ours_pc.mask_bases(), p.g_bases().to_vec());
    }
    let p = params(64, 8, 1);
    let bp = BulletproofGens::new(64, 8);
    use ballistic::curve::{ristretto::Ristretto, Curve};
    assert!(bp
        .G(64, 8)
        .map(Ristretto::point_to_api)
        .eq(p.gi_base_iter().copied()));
    assert!(bp
        .H(64, 8)
        .map(Ristretto::point_to_api)
        .eq(p.hi_base_iter().copied()));
    assert!(ours::pedersen_gens(0).is_err() && ours::pedersen_gens(7).is_err());
}

/// T6: malformed or mismatched proofs are rejected by both libraries.
#[test]
fn malformed_proofs_rejected_by_both() {
    let mut rng = rand::thread_rng();
    let c = case(&mut rng, 32, 2, 2, true);
    let (proof, V) = c.ours_prove();
    let bytes = proof.to_bytes();
    let statement = c.tari_statement(&V, 2);
    assert!(tari_verify(&bytes, std::slice::from_ref(&statement)));
    let ours_accepts =
        |b: &[u8]| ours::RangeProofPlus::from_bytes(b).is_ok_and(|p| c.ours_verify(&p, &V).is_ok());
    let mut variants: Vec<Vec<u8>> = Vec::new();
    for degree_byte in [0u8, 1, 3, 7] {
        let mut b = bytes.clone();
        b[0] = degree_byte;
        variants.push(b);
    }
    variants.push(bytes[..bytes.len() - 1].to_vec());
    variants.push([&bytes[..], &[0u8]].concat());
    variants.push([&bytes[..], &[0u8; 32]].concat());
    variants.push(bytes[..bytes.len() - 64].to_vec());
    // A truncated d1: one scalar fewer than the degree byte says.
    variants.push([&bytes[..1], &bytes[33..]].concat());
    // A non-canonical r1 (the group order's bytes plus one) and an identity L_0.
    let r1_at = 1 + 32 * 2 + 96;
    let mut b = bytes.clone();
    b[r1_at..r1_at + 32].copy_from_slice(&[0xff; 32]);
    variants.push(b);
    let l0_at = r1_at + 64;
    let mut b = bytes.clone();
    b[l0_at..l0_at + 32].copy_from_slice(&[0; 32]);
    variants.push(b);
    // An invalid point encoding (not on the curve: all 0xee) for A.
    let mut b = bytes.clone();
    b[65..97].copy_from_slice(&[0xee; 32]);
    variants.push(b);
    // Every single-bit flip of the first 200 bytes past the degree byte.
    for i in 1..200 {
        let mut b = bytes.clone();
        b[i] ^= 1 << (i % 8);
        variants.push(b);
    }
    for (k, b) in variants.iter().enumerate() {
        let tari = tari_verify(b, std::slice::from_ref(&statement));
        let ballistic = ours_accepts(b);
        assert_eq!(
            tari, ballistic,
            "variant {k}: tari {tari}, ballistic {ballistic}"
        );
        assert!(!ballistic, "variant {k} accepted");
    }
    // Another label: both reject.
    let mut t = [TariTranscript::new(b"another label")];
    let parsed = RistrettoRangeProof::from_bytes(&bytes).expect("parses");
    assert!(TariRangeProof::verify_batch(
        &mut t,
        std::slice::from_ref(&statement),
        &[parsed],
        TariAction::VerifyOnly
    )
    .is_err());
}

/// T4: ballistic's batch verifier over Tari's proofs (several widths, aggregation
/// sizes, degrees), mixed with ballistic's own Bulletproofs (dalek's format) and
/// Bulletproofs+; proofs checked against the wrong statement are blamed by index.
#[test]
fn ballistic_batch_verifies_tari_proofs() {
    let mut rng = rand::thread_rng();
    let bp = BulletproofGens::new(64, 8);
    let pc = ballistic::ristretto::PedersenGens::default();
    struct Item {
        bytes: Vec<u8>,
        v: Vec<CompressedRistretto>,
        mins: Vec<u64>,
        bits: usize,
        t: usize,
        plus: bool,
    }
    let mut items = Vec::new();
    for (bits, m, t) in [(64, 1, 1), (8, 4, 2), (32, 8, 3), (16, 2, 1), (64, 2, 6)] {
        let c = case(&mut rng, bits, m, t, true);
        let (bytes, v) = c.tari_prove();
        items.push(Item {
            bytes,
            v,
            mins: c.mins.clone(),
            bits,
            t,
            plus: true,
        });
        let (p, v) = c.ours_prove();
        items.push(Item {
            bytes: p.to_bytes(),
            v,
            mins: c.mins,
            bits,
            t,
            plus: true,
        });
        let values: Vec<u64> = (0..m).map(|_| random_value(&mut rng, bits)).collect();
        let blindings: Vec<Scalar> = (0..m).map(|_| random_scalar(&mut rng).0).collect();
        let (p, v) = ballistic::ristretto::RangeProof::prove_multiple_with_rng(
            &bp,
            &pc,
            &mut Transcript::new(LABEL),
            &values,
            &blindings,
            bits,
            &mut rng,
        )
        .expect("proves");
        items.push(Item {
            bytes: p.to_bytes(),
            v,
            mins: Vec::new(),
            bits,
            t: 1,
            plus: false,
        });
    }
    let gens: Vec<ours::ExtendedPedersenGens> = (1..=6)
        .map(|t| ours::pedersen_gens(t).expect("degree"))
        .collect();
    let run = |bad: &[usize]| {
        let mut batch = ballistic::ristretto::BatchVerifier::new(&bp);
        for (i, it) in items.iter().enumerate() {
            let label: &'static [u8] = if bad.contains(&i) {
                b"wrong label"
            } else {
                LABEL
            };
            if it.plus {
                let p = ours::RangeProofPlus::from_bytes(&it.bytes).expect("parses");
                batch.add_plus(
                    &p,
                    &gens[it.t - 1],
                    &mut Transcript::new(label),
                    &it.v,
                    &it.mins,
                    it.bits,
                );
            } else {
                let p = ballistic::ristretto::RangeProof::from_bytes(&it.bytes).expect("parses");
                batch.add(&p, &pc, &mut Transcript::new(label), &it.v, it.bits);
            }
        }
        batch
            .verify(&mut rng.clone())
            .map_err(|e| e.invalid_indices())
    };
    assert_eq!(run(&[]), Ok(()));
    for bad in [
        vec![0],
        vec![3, 4],
        vec![2, 6, 13],
        (0..items.len()).collect(),
    ] {
        assert_eq!(run(&bad), Err(bad.clone()));
    }
}
