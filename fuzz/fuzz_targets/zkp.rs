//! secp256k1-zkp proofs: decoding never panics and anything accepted re-encodes byte
//! for byte; verification of whatever decodes, against a commitment taken from the
//! input, never panics (the seeds include real proofs with their commitments, so
//! acceptance is not an error here; soundness is the gauntlet's and the vectors').
#![no_main]
use ballistic::secp256k1::{grin_generators, BulletproofGens, PedersenGens, RangeProof, Transcript};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

static GENS: OnceLock<(BulletproofGens, PedersenGens)> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    // Layout: [bits selector][33-byte commitment][proof bytes].
    let Some((&sel, rest)) = data.split_first() else { return };
    if rest.len() < 33 {
        if let Ok(proof) = RangeProof::from_bytes(rest) {
            assert_eq!(proof.to_bytes(), rest, "decode∘encode must be the identity");
        }
        return;
    }
    let (commitment, proof_bytes) = rest.split_at(33);
    let Ok(proof) = RangeProof::from_bytes(proof_bytes) else { return };
    assert_eq!(proof.to_bytes(), proof_bytes, "decode∘encode must be the identity");
    let (bp, pc) = GENS.get_or_init(|| (grin_generators(), PedersenGens::default()));
    let n = 1usize << (sel % 7);
    let mut c = [0u8; 33];
    c.copy_from_slice(commitment);
    let _ = proof.verify_single(bp, pc, &mut Transcript::new(), &c, n);
});
