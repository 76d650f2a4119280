//! Rewindable range proofs on ristretto255 are ordinary proofs of dalek's format:
//! dalek's `bulletproofs` 5 verifier accepts them, and the nonce holder recovers the
//! value, the blinding and the message.

use ballistic::merlin::Transcript;
use ballistic::ristretto as ours;
use bulletproofs as dalek;
use interop::{compressed_to_v4, random_scalar, random_value};
use rand::Rng;

const LABEL: &[u8] = b"ballistic interop: rewindable proofs";

#[test]
fn dalek_verifies_rewindable_proofs() {
    let mut rng = rand::thread_rng();
    for n in [8usize, 16, 32, 64] {
        let (bp, pc) = (
            ours::BulletproofGens::new(n, 1),
            ours::PedersenGens::default(),
        );
        let (dbp, dpc) = (
            dalek::BulletproofGens::new(n, 1),
            dalek::PedersenGens::default(),
        );
        for _ in 0..4 {
            let v = random_value(&mut rng, n);
            let blinding = random_scalar(&mut rng).0;
            let nonce: [u8; 32] = rng.gen();
            let message: [u8; 20] = rng.gen();
            let (proof, commitment) = ours::RangeProof::prove_single_rewindable(
                &bp,
                &pc,
                &mut Transcript::new(LABEL),
                v,
                &blinding,
                n,
                &nonce,
                &message,
            )
            .expect("proves");
            let theirs = dalek::RangeProof::from_bytes(&proof.to_bytes()).expect("dalek parses");
            theirs
                .verify_single(
                    &dbp,
                    &dpc,
                    &mut Transcript::new(LABEL),
                    &compressed_to_v4(&commitment),
                    n,
                )
                .expect("dalek verifies a rewindable proof");
            let got = proof
                .rewind(
                    &bp,
                    &pc,
                    &mut Transcript::new(LABEL),
                    &commitment,
                    n,
                    &nonce,
                )
                .expect("rewinds");
            assert_eq!(
                (got.value(), got.blinding(), got.message()),
                (v, blinding, message)
            );
        }
    }
}
