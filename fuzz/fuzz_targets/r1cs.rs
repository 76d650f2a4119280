//! R1CS proofs: parsing and verification never panic, batch verification equals
//! the AND of single verifications, and an unmodified proof verifies.
//! Input: byte 0 picks one of the seed proofs (shuffles k = 1..4, a range gadget,
//! made once with a fixed RNG), then edits: up to 4 `[position: u16][xor byte]`
//! flips of the proof bytes, a byte choosing a commitment to replace by the next 32
//! bytes, then optionally a truncation length. Most executions reach the verifier.
#![no_main]
use ballistic::curve::ristretto::Ristretto;
use ballistic::gadgets::{range, shuffle};
use ballistic::merlin::Transcript;
use ballistic::r1cs::{BatchVerifier, ConstraintSystem, Prover, R1CSProof, Verifier};
use ballistic::ristretto::{BulletproofGens, CompressedRistretto, PedersenGens, Scalar};
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;
use std::sync::OnceLock;

#[path = "common/mutate.rs"]
mod mutate;
use mutate::Input;

/// A seed: its circuit, commitments and proof bytes.
struct Seed {
    /// `Some(k)`: a k-shuffle; `None`: a 16-bit range gadget over one commitment.
    shuffle_k: Option<usize>,
    commitments: Vec<CompressedRistretto>,
    proof: Vec<u8>,
}

static GENS: OnceLock<(PedersenGens, BulletproofGens, Vec<Seed>)> = OnceLock::new();

fn range_verifier(commitments: &[CompressedRistretto]) -> Option<Verifier<Ristretto, Transcript>> {
    let mut v = Verifier::new(Transcript::new(b"fuzz range"));
    let x = v.commit(*commitments.first()?);
    range::range(&mut v, x.into(), None, 16).ok()?;
    Some(v)
}

fn verifier(seed: &Seed, commitments: &[CompressedRistretto]) -> Option<Verifier<Ristretto, Transcript>> {
    match seed.shuffle_k {
        Some(_) => shuffle::verifier(shuffle::DEFAULT_DOMAIN, commitments).ok(),
        None => range_verifier(commitments),
    }
}

fn setup() -> (PedersenGens, BulletproofGens, Vec<Seed>) {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(16, 1);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let mut seeds = Vec::new();
    for k in 1..=4usize {
        let inputs: Vec<u64> = (0..k as u64).map(|i| 3 * i + 1).collect();
        let outputs: Vec<u64> = inputs.iter().rev().copied().collect();
        let (proof, commitments) =
            shuffle::prove(&pc, &bp, shuffle::DEFAULT_DOMAIN, &inputs, &outputs, &mut rng)
                .expect("seed proof");
        seeds.push(Seed { shuffle_k: Some(k), commitments, proof: proof.to_bytes() });
    }
    let mut p = Prover::new(&pc, Transcript::new(b"fuzz range"));
    let (c, x) = p.commit(Scalar::from(40_000u64), Scalar::from(99u64));
    range::range(&mut p, x.into(), Some(40_000), 16).expect("gadget");
    let _ = p.metrics();
    let proof = p.prove_with_rng(&bp, &mut rng).expect("seed proof");
    seeds.push(Seed { shuffle_k: None, commitments: vec![c], proof: proof.to_bytes() });
    (pc, bp, seeds)
}

fuzz_target!(|data: &[u8]| {
    let (pc, bp, seeds) = GENS.get_or_init(setup);
    let mut input = Input(data);
    let seed = &seeds[input.byte() as usize % seeds.len()];
    let mut proof = seed.proof.clone();
    let mut commitments = seed.commitments.clone();
    let flips = input.byte() % 5;
    for _ in 0..flips {
        let pos = input.u16() as usize;
        let x = input.byte();
        if let Some(b) = proof.get_mut(pos % (seed.proof.len() + 1)) {
            *b ^= x;
        }
    }
    let which = input.byte() as usize;
    if which < commitments.len() {
        commitments[which] = CompressedRistretto(input.array::<32>());
    }
    let cut = input.u16() as usize;
    if cut != 0 && cut < proof.len() {
        proof.truncate(cut);
    }
    let unmodified = proof == seed.proof && commitments == seed.commitments;
    let rng = &mut rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let single = match (R1CSProof::<Ristretto>::from_bytes(&proof), verifier(seed, &commitments)) {
        (Ok(p), Some(v)) => v.verify_with_rng(&p, pc, bp, rng).is_ok(),
        _ => false,
    };
    if unmodified {
        assert!(single, "an unmodified seed proof must verify");
    }
    // In a batch beside a valid proof: the verdicts match the single ones.
    if let (Ok(p), Some(v)) = (R1CSProof::<Ristretto>::from_bytes(&proof), verifier(seed, &commitments)) {
        let other = &seeds[(seeds.len() - 1 + seed.shuffle_k.unwrap_or(0)) % seeds.len()];
        let mut batch = BatchVerifier::new(pc, bp);
        batch.add(v, &p);
        let good = R1CSProof::<Ristretto>::from_bytes(&other.proof).expect("seed parses");
        batch.add(verifier(other, &other.commitments).expect("seed circuit"), &good);
        let res = batch.verify_with_rng(rng);
        let expected: Vec<usize> = if single { vec![] } else { vec![0] };
        assert_eq!(res.err().map(|e| e.invalid_indices()).unwrap_or_default(), expected);
        let derived = batch.verify_deterministic().err().map(|e| e.invalid_indices());
        assert_eq!(derived.unwrap_or_default(), expected, "derived weights");
    }
});
