//! The CLI's circuit-proof-file reader (`ballistic circuit verify`) never panics on
//! any bytes, and whatever it accepts has the shape the verifier relies on: a
//! shuffle has `k` in `1..=MAX_SHUFFLE_K`, exactly `2k` commitments of the curve's
//! commitment size (secp256k1: prefix `0x08`/`0x09`) and a domain of at most
//! `MAX_DOMAIN_BYTES`; every proof has the length of some R1CS proof on its curve.
//! An accepted file, written back with the CLI's own writer, parses to the same
//! value (the writer's output is always accepted, and the parser loses nothing).
#![no_main]
use ballistic_cli::circuit_format::{
    parse_circuit_file, plausible_r1cs_proof_len, CircuitFile, Sha256FileOut, ShuffleFileOut,
    CIRCUIT_SHA256, CIRCUIT_SHUFFLE, MAX_SHUFFLE_K,
};
use ballistic_cli::format::{Curve, MAX_DOMAIN_BYTES};
use libfuzzer_sys::fuzz_target;

/// The file as `ballistic circuit prove` writes it.
fn write(file: &CircuitFile) -> String {
    let json = match file {
        CircuitFile::Shuffle(f) => serde_json::to_string(&ShuffleFileOut {
            circuit: CIRCUIT_SHUFFLE,
            curve: f.curve.name(),
            k: f.k,
            domain: &f.domain,
            commitments: f.commitments.iter().map(hex::encode).collect(),
            proof: hex::encode(&f.proof),
        }),
        CircuitFile::Sha256(f) => serde_json::to_string(&Sha256FileOut {
            circuit: CIRCUIT_SHA256,
            curve: f.curve.name(),
            statement: f.statement.name(),
            digest: hex::encode(f.digest),
            proof: hex::encode(&f.proof),
        }),
    };
    json.expect("a proof file serialises")
}

fuzz_target!(|data: &[u8]| {
    let Ok(file) = parse_circuit_file(data) else {
        return;
    };
    let curve = file.curve();
    assert!(plausible_r1cs_proof_len(curve, file.proof().len()));
    match &file {
        CircuitFile::Shuffle(f) => {
            assert_eq!(f.curve, curve);
            assert!((1..=MAX_SHUFFLE_K).contains(&f.k));
            assert_eq!(f.commitments.len(), 2 * f.k);
            for c in &f.commitments {
                assert_eq!(c.len(), curve.commitment_bytes());
                if curve == Curve::Secp256k1 {
                    assert!(c[0] == 0x08 || c[0] == 0x09, "prefix {:02x}", c[0]);
                }
            }
            assert!(f.domain.len() <= MAX_DOMAIN_BYTES);
            assert_eq!(file.proof(), f.proof.as_slice());
        }
        CircuitFile::Sha256(f) => {
            assert_eq!(f.curve, curve);
            assert_eq!(file.proof(), f.proof.as_slice());
        }
    }
    let again = parse_circuit_file(write(&file).as_bytes());
    assert_eq!(
        again.as_ref(),
        Ok(&file),
        "the writer's file does not parse back"
    );
});
