//! Proof decoding never panics, and anything accepted re-encodes byte for byte.
#![no_main]
use ballistic::ristretto::RangeProof;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(proof) = RangeProof::from_bytes(data) {
        assert_eq!(proof.to_bytes(), data, "decode∘encode must be the identity");
    }
});
