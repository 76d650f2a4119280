//! Verification of arbitrary (bits, commitments, proof) never panics.
//! Input: byte 0 → n (1..=64 or out of range), byte 1 → m (0..=4), then m 32-byte
//! commitments, then the proof bytes.
#![no_main]
use ballistic::merlin::Transcript;
use ballistic::ristretto::{BulletproofGens, CompressedRistretto, PedersenGens, RangeProof};
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;
use std::sync::OnceLock;

static GENS: OnceLock<BulletproofGens> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    if data.len() < 2 {
        return;
    }
    let n = data[0] as usize % 70;
    let m = data[1] as usize % 5;
    let rest = &data[2..];
    if rest.len() < 32 * m {
        return;
    }
    let (cs, proof_bytes) = rest.split_at(32 * m);
    let vs: Vec<CompressedRistretto> = cs
        .chunks(32)
        .map(|c| CompressedRistretto::from_slice(c).expect("32 bytes"))
        .collect();
    let bp = GENS.get_or_init(|| BulletproofGens::new(64, 4));
    if let Ok(proof) = RangeProof::from_bytes(proof_bytes) {
        let _ = proof.verify_multiple_with_rng(
            bp,
            &PedersenGens::default(),
            &mut Transcript::new(b"fuzz"),
            &vs,
            n,
            &mut rand_chacha::ChaCha20Rng::seed_from_u64(0),
        );
    }
});
