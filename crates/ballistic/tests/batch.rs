//! Batch verification: the batch result equals the AND of single verifications and
//! names every invalid proof.

#![allow(non_snake_case)]

use ballistic::merlin::Transcript;
use ballistic::ristretto::*;
use ballistic::ProofError;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

struct Item {
    proof: RangeProof,
    pc: PedersenGens,
    vs: Vec<CompressedRistretto>,
    n: usize,
    label: &'static [u8],
}

fn make(
    bp: &BulletproofGens,
    pc: PedersenGens,
    n: usize,
    m: usize,
    label: &'static [u8],
    r: &mut ChaCha20Rng,
) -> Item {
    let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let values: Vec<u64> = (0..m).map(|_| r.gen::<u64>() & max).collect();
    let blindings: Vec<Scalar> = (0..m).map(|_| random_scalar(r)).collect();
    let (proof, vs) = RangeProof::prove_multiple_with_rng(
        bp,
        &pc,
        &mut Transcript::new(label),
        &values,
        &blindings,
        n,
        r,
    )
    .unwrap();
    Item {
        proof,
        pc,
        vs,
        n,
        label,
    }
}

fn asset_gens(i: u64) -> PedersenGens {
    // A per-asset value generator (confidential assets), same blinding base.
    let base = PedersenGens::default();
    let mut wide = [0u8; 64];
    wide[..8].copy_from_slice(&i.to_le_bytes());
    wide[8] = 0xa5;
    PedersenGens {
        B: RistrettoPoint::from_uniform_bytes(&wide),
        B_blinding: base.B_blinding,
    }
}

fn single_ok(bp: &BulletproofGens, it: &Item) -> bool {
    it.proof
        .verify_multiple(bp, &it.pc, &mut Transcript::new(it.label), &it.vs, it.n)
        .is_ok()
}

fn batch_result(
    bp: &BulletproofGens,
    items: &[Item],
    r: &mut (impl rand::RngCore + rand::CryptoRng),
) -> Result<(), BatchError> {
    let mut batch = BatchVerifier::new(bp);
    for it in items {
        batch.add(
            &it.proof,
            &it.pc,
            &mut Transcript::new(it.label),
            &it.vs,
            it.n,
        );
    }
    assert_eq!(batch.len(), items.len());
    batch.verify(r)
}

fn pool(bp: &BulletproofGens, r: &mut ChaCha20Rng) -> Vec<Item> {
    let shapes = [
        (64usize, 1usize),
        (32, 2),
        (8, 4),
        (7, 3),
        (64, 3),
        (16, 1),
        (1, 1),
        (48, 2),
    ];
    let mut items = Vec::new();
    for (k, (n, m)) in shapes.iter().enumerate() {
        let pc = if k % 3 == 2 {
            asset_gens(k as u64)
        } else {
            PedersenGens::default()
        };
        let label: &'static [u8] = if k % 2 == 0 { b"batch A" } else { b"batch B" };
        items.push(make(bp, pc, *n, *m, label, r));
    }
    items
}

#[test]
fn valid_batches_of_mixed_shapes_and_generators_verify() {
    let bp = BulletproofGens::new(64, 4);
    let mut r = ChaCha20Rng::seed_from_u64(1);
    let items = pool(&bp, &mut r);
    assert!(items.iter().all(|it| single_ok(&bp, it)));
    batch_result(&bp, &items, &mut r).expect("all valid");
    batch_result(&bp, &items[..1], &mut r).expect("one valid");
    batch_result(&bp, &[], &mut r).expect("empty batch is valid");
}

/// Corruptions of one proof; each must be caught and attributed to that proof only.
fn corrupt(it: &mut Item, kind: usize, other: &Item, r: &mut ChaCha20Rng) {
    match kind % 6 {
        0 => {
            // Another valid commitment for value slot 0.
            let V = it.vs[0].decompress().unwrap() + it.pc.B;
            it.vs[0] = V.compress();
        }
        1 => it.label = b"wrong label",
        2 => it.n = if it.n == 64 { 32 } else { it.n + 1 },
        3 => {
            // A proof of another statement.
            it.proof = other.proof.clone();
        }
        4 => {
            // Verify with another value generator.
            it.pc = asset_gens(999);
        }
        _ => {
            // Flip a random byte of the proof; keep it only if it still parses.
            let mut bytes = it.proof.to_bytes();
            loop {
                let i = r.gen_range(0..bytes.len());
                let mut t = bytes.clone();
                t[i] ^= 1 << r.gen_range(0..8);
                if let Ok(p) = RangeProof::from_bytes(&t) {
                    it.proof = p;
                    break;
                }
                bytes = it.proof.to_bytes();
            }
        }
    }
}

#[test]
fn batch_equals_and_of_singles_and_names_the_invalid() {
    let bp = BulletproofGens::new(64, 4);
    let mut r = ChaCha20Rng::seed_from_u64(2);
    let base = pool(&bp, &mut r);
    let spare = make(&bp, PedersenGens::default(), 64, 1, b"batch A", &mut r);
    let mut checked = 0;
    for trial in 0..24 {
        // Rebuild the items (RangeProof is Clone; Items are cheap to copy).
        let mut items: Vec<Item> = base
            .iter()
            .map(|it| Item {
                proof: it.proof.clone(),
                pc: it.pc,
                vs: it.vs.clone(),
                n: it.n,
                label: it.label,
            })
            .collect();
        let mut idx: Vec<usize> = (0..items.len()).collect();
        idx.shuffle(&mut r);
        let bad_count = 1 + trial % 3;
        let mut bad: Vec<usize> = idx[..bad_count].to_vec();
        bad.sort();
        for (k, b) in bad.iter().enumerate() {
            corrupt(&mut items[*b], trial + k, &spare, &mut r);
        }
        let singles: Vec<bool> = items.iter().map(|it| single_ok(&bp, it)).collect();
        let expected: Vec<usize> = (0..items.len()).filter(|i| !singles[*i]).collect();
        assert_eq!(
            expected, bad,
            "trial {trial}: each corruption breaks single verification"
        );
        let err =
            batch_result(&bp, &items, &mut r).expect_err("a bad proof is hidden in the batch");
        assert_eq!(err.invalid_indices(), expected, "trial {trial}");
        checked += 1;
    }
    assert_eq!(checked, 24);
}

#[test]
fn one_bad_proof_among_many() {
    let bp = BulletproofGens::new(64, 1);
    let mut r = ChaCha20Rng::seed_from_u64(3);
    let mut items: Vec<Item> = (0..40)
        .map(|_| make(&bp, PedersenGens::default(), 64, 1, b"many", &mut r))
        .collect();
    batch_result(&bp, &items, &mut r).expect("40 valid");
    let bad = 27;
    let V = items[bad].vs[0].decompress().unwrap() + items[bad].pc.B_blinding;
    items[bad].vs[0] = V.compress();
    let err = batch_result(&bp, &items, &mut r).unwrap_err();
    assert_eq!(err.invalid, vec![(bad, ProofError::VerificationError)]);
    // Errors found while replaying (a shape over the generators' capacity) are reported too.
    let mut batch = BatchVerifier::new(&bp);
    for it in &items[..3] {
        batch.add(
            &it.proof,
            &it.pc,
            &mut Transcript::new(it.label),
            &it.vs,
            it.n,
        );
    }
    batch.add(
        &items[0].proof,
        &items[0].pc,
        &mut Transcript::new(b"many"),
        &[items[0].vs[0], items[1].vs[0]],
        64,
    );
    let err = batch.verify(&mut r).unwrap_err();
    assert_eq!(err.invalid, vec![(3, ProofError::InvalidGeneratorsLength)]);
}

/// The streaming verifier (bounded memory, chunks) reports exactly what one batch over
/// the whole stream reports, with stream positions.
#[test]
fn streaming_matches_one_batch() {
    use ballistic::range_proof::batch::StreamingVerifier;
    let bp = BulletproofGens::new(64, 4);
    let mut r = ChaCha20Rng::seed_from_u64(4);
    let spare = make(&bp, PedersenGens::default(), 64, 1, b"batch A", &mut r);
    let mut items: Vec<Item> = Vec::new();
    for round in 0..4 {
        items.extend(pool(&bp, &mut r));
        let k = items.len() - 1 - round;
        corrupt(&mut items[k], round, &spare, &mut r);
    }
    let expected = batch_result(&bp, &items, &mut r)
        .unwrap_err()
        .invalid_indices();
    assert_eq!(expected.len(), 4);
    for chunk in [1usize, 3, 8, 100] {
        let mut stream =
            StreamingVerifier::new(&bp, chunk, ChaCha20Rng::seed_from_u64(chunk as u64));
        for (i, it) in items.iter().enumerate() {
            assert_eq!(
                stream.add(
                    &it.proof,
                    &it.pc,
                    &mut Transcript::new(it.label),
                    &it.vs,
                    it.n
                ),
                i
            );
        }
        assert_eq!(
            stream.finish().unwrap_err().invalid_indices(),
            expected,
            "chunk {chunk}"
        );
    }
}

/// Blame with many invalid proofs, each with its own value generator (confidential
/// assets): 48 proofs, 0 to 48 of them invalid at random positions, the reported
/// indices are exactly the invalid ones.
#[test]
fn blame_finds_every_invalid_among_per_proof_bases() {
    let bp = BulletproofGens::new(16, 1);
    let mut r = ChaCha20Rng::seed_from_u64(5);
    let items: Vec<Item> = (0..48)
        .map(|k| make(&bp, asset_gens(100 + k), 16, 1, b"assets", &mut r))
        .collect();
    for bad_count in [0usize, 1, 2, 5, 13, 31, 47, 48] {
        let mut idx: Vec<usize> = (0..items.len()).collect();
        idx.shuffle(&mut r);
        let mut bad = idx[..bad_count].to_vec();
        bad.sort();
        let mut batch = BatchVerifier::new(&bp);
        for (i, it) in items.iter().enumerate() {
            // An invalid proof is checked against the next proof's value generator.
            let pc = if bad.contains(&i) {
                items[(i + 1) % items.len()].pc
            } else {
                it.pc
            };
            batch.add(&it.proof, &pc, &mut Transcript::new(it.label), &it.vs, it.n);
        }
        let found = match batch.verify(&mut r) {
            Ok(()) => Vec::new(),
            Err(e) => e.invalid_indices(),
        };
        assert_eq!(found, bad, "{bad_count} invalid");
    }
}

/// An RNG that returns only zeros (broken).
struct ZeroRng;

impl rand::RngCore for ZeroRng {
    fn next_u32(&mut self) -> u32 {
        0
    }
    fn next_u64(&mut self) -> u64 {
        0
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        dest.fill(0);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        dest.fill(0);
        Ok(())
    }
}

impl rand::CryptoRng for ZeroRng {}

/// The verifier's random weights must be non-zero; an RNG that only returns zeros
/// is an error (before: an endless loop), for one proof and for a batch.
#[test]
fn a_broken_rng_is_an_error_not_a_loop() {
    let bp = BulletproofGens::new(8, 1);
    let mut r = ChaCha20Rng::seed_from_u64(6);
    let items: Vec<Item> = (0..3)
        .map(|_| make(&bp, PedersenGens::default(), 8, 1, b"zero", &mut r))
        .collect();
    let it = &items[0];
    let single = it.proof.verify_single_with_rng(
        &bp,
        &it.pc,
        &mut Transcript::new(it.label),
        &it.vs[0],
        8,
        &mut ZeroRng,
    );
    assert_eq!(single, Err(ProofError::RngFailure));
    let err = batch_result(&bp, &items, &mut ZeroRng).unwrap_err();
    assert_eq!(
        err.invalid,
        (0..3)
            .map(|i| (i, ProofError::RngFailure))
            .collect::<Vec<_>>()
    );
}
