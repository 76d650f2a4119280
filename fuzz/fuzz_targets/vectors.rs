//! The test-vector runner of `ballistic verify --vectors` (every kind of vector
//! file: range proofs, Bulletproofs+, `[a, b]` and rewindable proofs, R1CS with
//! batches) never panics on any bytes: a file is malformed (a message) or every case
//! gets a verdict. The seeds are short excerpts of the shipped vector files.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The runner verifies every case it reads: a bound keeps each input fast.
    if data.len() > 1 << 15 {
        return;
    }
    if let Ok(outcome) = ballistic_cli::vectors::check(data) {
        assert_eq!(outcome.as_expected(), outcome.unexpected().is_empty());
    }
});
