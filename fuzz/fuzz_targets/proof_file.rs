//! The CLI's proof-file reader never panics on any bytes, and whatever it accepts
//! has the shape the verifier expects (bit width in range, 1..=MAX_VALUES
//! commitments of 32 bytes).
#![no_main]
use ballistic_cli::format::{parse_proof_file, MAX_VALUES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(file) = parse_proof_file(data) {
        assert!((1..=64).contains(&file.bits));
        assert!(!file.commitments.is_empty() && file.commitments.len() <= MAX_VALUES);
    }
});
