//! The CLI's proof-file reader never panics on any bytes, and whatever it accepts
//! has the shape the verifier expects: bit width in range, 1..=MAX_VALUES
//! commitments of the curve's size, and for Bulletproofs+ files an extension degree
//! in 1..=6 that is the proof's first byte (so the library's parser never reports
//! another degree), a domain label, no extra_commit, and no or one minimum value per
//! commitment, each below 2^bits; Bulletproofs files carry neither.
#![no_main]
use ballistic::bp_plus::RangeProofPlus;
use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1};
use ballistic::ProofError;
use ballistic_cli::format::{parse_proof_file, Curve, Protocol, MAX_VALUES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(file) = parse_proof_file(data) else {
        return;
    };
    assert!((1..=64).contains(&file.bits));
    assert!(!file.commitments.is_empty() && file.commitments.len() <= MAX_VALUES);
    assert!(file
        .commitments
        .iter()
        .all(|c| c.len() == file.curve.commitment_bytes()));
    match file.protocol {
        Protocol::Bp => {
            assert!(file.extension_degree.is_none());
            assert!(file.min_values.is_empty());
            assert_eq!(file.domain.is_some(), file.curve == Curve::Ristretto255);
        }
        Protocol::BpPlus => {
            let t = file.extension_degree.expect("bp+ files have a degree");
            assert!((1..=6).contains(&t));
            assert_eq!(file.proof.first().map(|&b| usize::from(b)), Some(t));
            assert!(file.domain.is_some() && file.extra_commit.is_none());
            let m = file.commitments.len();
            assert!(file.min_values.is_empty() || file.min_values.len() == m);
            if file.bits < 64 {
                assert!(file.min_values.iter().all(|o| o >> file.bits == 0));
            }
            // The reader's length check admits only lengths of degree t.
            let parsed = match file.curve {
                Curve::Ristretto255 => RangeProofPlus::<Ristretto>::from_bytes(&file.proof)
                    .map(|p| (p.extension_degree(), p.rounds())),
                Curve::Secp256k1 => RangeProofPlus::<Secp256k1>::from_bytes(&file.proof)
                    .map(|p| (p.extension_degree(), p.rounds())),
            };
            match parsed {
                Ok((degree, _)) => assert_eq!(degree, t),
                Err(e) => assert_eq!(e, ProofError::FormatError),
            }
        }
    }
});
