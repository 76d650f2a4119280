//! Batch verification never panics and equals the AND of single verifications.
//! Input: up to four records `[n][m][len: u16][m·32 commitment bytes][proof]`
//! (n < 18, m < 3 so that an execution stays fast).
#![no_main]
use ballistic::merlin::Transcript;
use ballistic::ristretto::{
    BatchVerifier, BulletproofGens, CompressedRistretto, PedersenGens, RangeProof,
};
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;
use std::sync::OnceLock;

static GENS: OnceLock<BulletproofGens> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let bp = GENS.get_or_init(|| BulletproofGens::new(64, 4));
    let pc = PedersenGens::default();
    let mut items = Vec::new();
    let mut rest = data;
    while rest.len() >= 4 && items.len() < 4 {
        // Small shapes keep an execution fast (several verifications per input).
        let n = rest[0] as usize % 18;
        let m = rest[1] as usize % 3;
        let len = u16::from_le_bytes([rest[2], rest[3]]) as usize % 1200;
        rest = &rest[4..];
        if rest.len() < 32 * m + len {
            break;
        }
        let vs: Vec<CompressedRistretto> = rest[..32 * m]
            .chunks(32)
            .map(|c| CompressedRistretto::from_slice(c).expect("32 bytes"))
            .collect();
        let proof_bytes = &rest[32 * m..32 * m + len];
        rest = &rest[32 * m + len..];
        if let Ok(p) = RangeProof::from_bytes(proof_bytes) {
            items.push((p, vs, n));
        }
    }
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(1);
    let singles: Vec<bool> = items
        .iter()
        .map(|(p, vs, n)| {
            p.verify_multiple_with_rng(bp, &pc, &mut Transcript::new(b"fuzz"), vs, *n, &mut rng)
                .is_ok()
        })
        .collect();
    let mut batch = BatchVerifier::new(bp);
    for (p, vs, n) in &items {
        batch.add(p, &pc, &mut Transcript::new(b"fuzz"), vs, *n);
    }
    let invalid = match batch.verify(&mut rng) {
        Ok(()) => Vec::new(),
        Err(e) => e.invalid_indices(),
    };
    let expected: Vec<usize> = (0..items.len()).filter(|i| !singles[*i]).collect();
    assert_eq!(invalid, expected, "batch must equal the AND of single verifications");
    let derived = batch.verify_deterministic().err().map(|e| e.invalid_indices());
    assert_eq!(derived.unwrap_or_default(), expected, "derived weights: the same verdict");
});
