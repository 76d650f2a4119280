//! The inner-product argument alone, prover and verifier, under a transcript of a
//! protocol that is not a range proof, on both curves and in both foldings: the
//! argument is a building block of its own (R1CS and other protocols reuse it).

#![allow(non_snake_case)]

use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::inner_product::{Folding, InnerProductProof};
use ballistic::transcript::InnerProductTranscript;
use ballistic::ProofError;
use rand::SeedableRng;

/// Another protocol's transcript: its own labels, its own domain separator, and a
/// statement of its own absorbed before the argument.
struct OtherProtocol(ballistic::merlin::Transcript);

impl OtherProtocol {
    fn new(statement: &[u8]) -> Self {
        let mut t = ballistic::merlin::Transcript::new(b"not a range proof");
        t.append_message(b"statement", statement);
        OtherProtocol(t)
    }
}

impl<C: Curve> InnerProductTranscript<C> for OtherProtocol {
    fn innerproduct_domain_sep(&mut self, n: u64) {
        self.0.append_u64(b"ipa length", n);
    }

    fn challenge_u(&mut self, L: &C::Encoding, R: &C::Encoding) -> Option<C::Scalar> {
        self.0.append_message(b"left", C::encoding_bytes(L));
        self.0.append_message(b"right", C::encoding_bytes(R));
        let mut wide = [0u8; 64];
        self.0.challenge_bytes(b"round challenge", &mut wide);
        let u = C::scalar_from_wide_bytes(&wide);
        (!C::scalar_is_zero(&u)).then_some(u)
    }
}

type TestRng = rand_chacha::ChaCha20Rng;

fn random_vec<C: Curve>(rng: &mut TestRng, n: usize) -> Vec<C::Scalar> {
    (0..n).map(|_| C::scalar_random(rng)).collect()
}

/// Proves and verifies `P = <a, G> + <b, H'> + <a, b>·Q` for every power-of-two
/// length up to 256 in both foldings, and checks that a wrong statement, a wrong
/// `y`, a wrong transcript and a wrong length are rejected.
fn ipa_alone<C: Curve>() {
    let mut rng = TestRng::seed_from_u64(21);
    let G_all = C::generator_chain(b"other protocol G", 512);
    let H_all = C::generator_chain(b"other protocol H", 512);
    let Q = C::generator_chain(b"other protocol Q", 1)[0];
    for lg in 0..=8usize {
        let np = 1usize << lg;
        let (G, H) = (&G_all[..np], &H_all[..np]);
        for folding in [Folding::Halves, Folding::EvenOdd] {
            let a = random_vec::<C>(&mut rng, np);
            let b = random_vec::<C>(&mut rng, np);
            let y = C::scalar_random(&mut rng);
            let y_inv = C::scalar_invert(&y);
            // P = <a, G> + <b, y^{-i}·H> + <a, b>·Q, computed directly.
            let mut y_pow = C::scalar_one();
            let mut b_scaled = Vec::with_capacity(np);
            let mut ab = C::scalar_zero();
            for (ai, bi) in a.iter().zip(&b) {
                b_scaled.push(*bi * y_pow);
                y_pow *= y_inv;
                ab += *ai * *bi;
            }
            let P = C::vartime_multiscalar_mul(&a, G)
                + C::vartime_multiscalar_mul(&b_scaled, H)
                + C::mul(&ab, &Q);

            let proof = InnerProductProof::<C>::prove(
                &mut OtherProtocol::new(b"statement"),
                folding,
                &Q,
                &y_inv,
                G,
                H,
                a.clone(),
                b.clone(),
            )
            .expect("prove");
            assert_eq!(proof.rounds(), lg + 1 - folding.final_len(np));
            let verify = |t: &mut OtherProtocol, y_inv: &C::Scalar, P: &C::Point, len: usize| {
                proof.verify(t, folding, &Q, y_inv, P, &G_all[..len], &H_all[..len])
            };
            let ok = |t: &[u8]| OtherProtocol::new(t);
            assert_eq!(verify(&mut ok(b"statement"), &y_inv, &P, np), Ok(()));
            // Another statement (once there is a round), another point, another y
            // (once there is an H' other than H_0), another length.
            let err = Err(ProofError::VerificationError);
            if proof.rounds() > 0 {
                assert_eq!(verify(&mut ok(b"other statement"), &y_inv, &P, np), err);
            }
            assert_eq!(verify(&mut ok(b"statement"), &y_inv, &(P + Q), np), err);
            if np > 1 {
                assert_eq!(verify(&mut ok(b"statement"), &y, &P, np), err);
            }
            assert_eq!(verify(&mut ok(b"statement"), &y_inv, &P, 2 * np), err);
            // The verification scalars satisfy the equation they document.
            let v = proof
                .verification_scalars(np, folding, &y_inv, &mut ok(b"statement"))
                .expect("scalars");
            assert_eq!(v.g.len(), np);
            assert_eq!(v.h.len(), np);
            assert_eq!(v.u_sq.len(), proof.rounds());
        }
    }
    // Mismatched lengths are an error, never a panic.
    let a = random_vec::<C>(&mut rng, 4);
    assert_eq!(
        InnerProductProof::<C>::prove(
            &mut OtherProtocol::new(b"s"),
            Folding::Halves,
            &Q,
            &C::scalar_one(),
            &G_all[..4],
            &H_all[..3],
            a.clone(),
            a,
        )
        .unwrap_err(),
        ProofError::InvalidGeneratorsLength
    );
}

#[test]
fn ipa_alone_ristretto255() {
    ipa_alone::<Ristretto>();
}

#[test]
fn ipa_alone_secp256k1() {
    ipa_alone::<Secp256k1>();
}
