//! Rewindable range proofs in dalek's format: the secp256k1-zkp construction
//! (value, blinding and a 20-byte message recoverable with a nonce) on any curve,
//! with nonces bound to the whole statement and to the message. The proofs are
//! ordinary proofs of the [`Dalek`] format: dalek's verifier accepts them.
//!
//! | name | meaning |
//! |---|---|
//! | `nonce` | the 32-byte rewind nonce, secret, shared with whoever may rewind |
//! | `K(role, …)` | Merlin's `TranscriptRng` built from the transcript right after the statement (label, `n`, `m`, `V`), rekeyed with `nonce` under `ballistic rewind nonce`, then with `role` under `ballistic rewind role` and the listed inputs, finalized without external randomness |
//! | `ρ` | the first scalar of `K("rho")`: the only scalar bound to the statement alone |
//! | `s_L[i], s_R[i]` | drawn in order from `K("s", msg, v, γ)`: bound to the message and the witness |
//! | `S` | `ρ·B̃ + <s_L, G> + <s_R, H>`, computed before `A` |
//! | `α, τ_1, τ_2` | the first three scalars of `K("alpha tau", S)` (64 bytes each, reduced wide) |
//! | `E` | `v + 2^64·msg`: the value in bytes 0..8 (little-endian), the message in bytes 8..28, bytes 28..32 zero |
//!
//! The prover commits `A` with `α − E` instead of `α`. The rewinder replays the
//! transcript, derives `ρ`, reads `S` from the proof and derives `α, τ_1, τ_2` from
//! it, and computes `E = α + ρ·x − μ` (`μ` = `e_blinding`) and
//! `γ = (τ_x − τ_1·x − τ_2·x²)·z⁻²` (`τ_x` = `t_x_blinding`), then checks that bytes
//! 28..32 of `E` are zero and that `v·B + γ·B̃` is the commitment.
//!
//! # Security
//! * **Without the nonce** every prover scalar is the output of a PRF (Merlin's
//!   STROBE keyed with the secret nonce and the statement) and `α − E` is a
//!   pseudorandom scalar minus a fixed one, itself pseudorandom: the proof is
//!   computationally indistinguishable from an ordinary proof of the same statement,
//!   so an observer learns nothing beyond what a normal proof reveals.
//! * **With the nonce** one learns `v`, `γ` and the message: the nonce is as secret as
//!   the blinding (in a wallet, derive it from a private key and the commitment).
//! * **Reusing a nonce.** The rewinder must derive `α, ρ, τ_1, τ_2` from the nonce and
//!   public data, and `α` hides the message, so no scalar can depend on the message
//!   directly. Here `s_L, s_R` depend on the message and the witness, `S` on them, and
//!   `α, τ_1, τ_2` on `S`: proofs of one statement under one nonce with different
//!   messages share only `ρ`, which appears in `S` beside fresh `s_L, s_R` and in `μ`
//!   beside a fresh `α`, so it is masked in both. (Were `τ_1, τ_2` shared, three such
//!   proofs would give `γ` by solving `τ_x = τ_2·x² + τ_1·x + z²·γ`; were `α, ρ`
//!   shared, two with known messages would give `α − v` from their `μ`, then `v` from
//!   `A`: `tests/attacks.rs` runs both.) The same nonce, statement and message give
//!   the same proof (deterministic); different statements share nothing, because every
//!   generator is keyed by the whole statement through the transcript.
//! * **secp256k1-zkp's format is not this one.** Its nonces are fixed by the C library
//!   (see [`super::zkp::rewind`]): `α, ρ, s_L, s_R` from the rewind nonce alone,
//!   `τ_1, τ_2` from the private nonce (the rewind nonce when none is given), so there
//!   a nonce must never serve two proofs, not even of one commitment with two messages
//!   or two extra commitments.
//! * **Not the scheme of dalek's pull request 340.** That proposal derived its
//!   rewind nonces from *public* rewind keys (`H(H(P), V)`), so that anyone holding
//!   the public key learns the value and message, embedded 23 bytes with no
//!   statement binding and needed two key pairs; here there is one secret nonce, the
//!   nonces are bound to the statement, the recovered opening is checked against the
//!   commitment, and the protocol and its proof bytes are unchanged.
//!
//! Only single-value proofs are rewindable (as in secp256k1-zkp).

#![allow(non_snake_case)]
// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use core::fmt;
use merlin::TranscriptRng;
use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroize;

use super::format::Dalek;
use super::prover::{prove_with_nonces, Cheat};
use super::transcript::{ProverNonces, RangeProofTranscript, RangeStatement};
use super::RangeProof;
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::range_statement::Extras;

/// What rewinding recovers: the value, the blinding and the 20-byte message.
///
/// Every field is secret: `Debug` prints none of them, and they are zeroized on drop.
///
/// # Example
/// ```
/// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof, Scalar};
/// use ballistic::merlin::Transcript;
/// let (bp, pc) = (BulletproofGens::new(64, 1), PedersenGens::default());
/// let (nonce, memo) = ([7u8; 32], *b"twenty bytes of memo");
/// let (proof, v) = RangeProof::prove_single_rewindable(&bp, &pc, &mut Transcript::new(b"ex"),
///     1234, &Scalar::from(99u64), 64, &nonce, &memo)?;
/// let r = proof.rewind(&bp, &pc, &mut Transcript::new(b"ex"), &v, 64, &nonce)?;
/// assert_eq!((r.value(), r.blinding(), r.message()), (1234, Scalar::from(99u64), memo));
/// assert!(!format!("{r:?}").contains("1234"));
/// # Ok::<(), ballistic::ProofError>(())
/// ```
pub struct Recovered<C: Curve> {
    value: u64,
    blinding: C::Scalar,
    message: [u8; 20],
}

impl<C: Curve> Recovered<C> {
    /// The committed value.
    pub fn value(&self) -> u64 {
        self.value
    }
    /// The blinding factor.
    pub fn blinding(&self) -> C::ApiScalar {
        C::scalar_to_api(&self.blinding)
    }
    /// The 20-byte message (zeros if none was embedded).
    pub fn message(&self) -> [u8; 20] {
        self.message
    }
}

impl<C: Curve> Drop for Recovered<C> {
    fn drop(&mut self) {
        self.value.zeroize();
        self.blinding.zeroize();
        self.message.zeroize();
    }
}

impl<C: Curve> fmt::Debug for Recovered<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Recovered { <redacted> }")
    }
}

/// The external randomness of a nonce generator that is deterministic by design
/// (keyed by a secret nonce and the statement, so that the rewinder, or every party
/// of a shared output, derives the same scalars): none, all zeros. Never the only
/// input of a generator.
pub(crate) struct NoExternalRandomness;

impl RngCore for NoExternalRandomness {
    fn next_u32(&mut self) -> u32 {
        0
    }
    fn next_u64(&mut self) -> u64 {
        0
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        dest.fill(0);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        dest.fill(0);
        Ok(())
    }
}

impl CryptoRng for NoExternalRandomness {}

/// `K(role, …)` of the module documentation: the transcript right after the
/// statement, keyed with the nonce, the role and `inputs` (label, bytes).
fn keyed(
    t: &merlin::Transcript,
    nonce: &[u8; 32],
    role: &[u8],
    inputs: &[(&'static [u8], &[u8])],
) -> TranscriptRng {
    let mut b = t
        .build_rng()
        .rekey_with_witness_bytes(b"ballistic rewind nonce", nonce)
        .rekey_with_witness_bytes(b"ballistic rewind role", role);
    for (label, bytes) in inputs {
        b = b.rekey_with_witness_bytes(label, bytes);
    }
    b.finalize(&mut NoExternalRandomness)
}

/// `ρ`: the first scalar of `K("rho")`.
fn derive_rho<C: Curve>(t: &merlin::Transcript, nonce: &[u8; 32]) -> C::Scalar {
    C::scalar_random(&mut keyed(t, nonce, b"rho", &[]))
}

/// `(α, τ_1, τ_2)`: the first three scalars of `K("alpha tau", S)`.
fn derive_alpha_tau<C: Curve>(
    t: &merlin::Transcript,
    nonce: &[u8; 32],
    S: &C::Encoding,
) -> [C::Scalar; 3] {
    let mut k = keyed(t, nonce, b"alpha tau", &[(b"S", C::encoding_bytes(S))]);
    let alpha = C::scalar_random(&mut k);
    let tau_1 = C::scalar_random(&mut k);
    let tau_2 = C::scalar_random(&mut k);
    [alpha, tau_1, tau_2]
}

/// `E = v + 2^64·msg` (little-endian `msg`), below `2^224`, in constant time.
fn embedded<C: Curve>(value: u64, message: &[u8; 20]) -> C::Scalar {
    let word = |b: &[u8]| {
        let mut w = [0u8; 8];
        for (d, s) in w.iter_mut().zip(b) {
            *d = *s;
        }
        C::scalar_from_u64(u64::from_le_bytes(w))
    };
    let two_64 = C::scalar_from_u64(1 << 32) * C::scalar_from_u64(1 << 32);
    let hi = word(&message[..8]) + two_64 * (word(&message[8..16]) + two_64 * word(&message[16..]));
    C::scalar_from_u64(value) + two_64 * hi
}

/// The little-endian bytes of a scalar (curves encode scalars in their own order).
fn le_bytes<C: Curve>(s: &C::Scalar) -> [u8; 32] {
    let mut b = C::scalar_to_bytes(s);
    if C::scalar_to_bytes(&C::scalar_one())[0] != 1 {
        b.reverse();
    }
    b
}

/// The rewindable prover's nonces (see the module documentation).
struct RewindNonces<C: Curve> {
    /// The transcript right after the statement.
    at_statement: merlin::Transcript,
    nonce: [u8; 32],
    rho: C::Scalar,
    /// `K("s", msg, v, γ)`.
    s: TranscriptRng,
    /// `(α, τ_1, τ_2)` once `S` is known.
    alpha_tau: [C::Scalar; 3],
    embedded: C::Scalar,
}

impl<C: Curve> RewindNonces<C> {
    fn new(
        t: &merlin::Transcript,
        nonce: &[u8; 32],
        value: u64,
        blinding: &C::Scalar,
        message: &[u8; 20],
    ) -> Self {
        let mut v = value.to_le_bytes();
        let mut g = C::scalar_to_bytes(blinding);
        let s = keyed(
            t,
            nonce,
            b"s",
            &[
                (b"ballistic rewind message", message),
                (b"ballistic rewind value", &v),
                (b"ballistic rewind blinding", &g),
            ],
        );
        v.zeroize();
        g.zeroize();
        RewindNonces {
            at_statement: t.clone(),
            nonce: *nonce,
            rho: derive_rho::<C>(t, nonce),
            s,
            alpha_tau: [C::scalar_zero(); 3],
            embedded: embedded::<C>(value, message),
        }
    }
}

impl<C: Curve> Drop for RewindNonces<C> {
    fn drop(&mut self) {
        self.nonce.zeroize();
        self.rho.zeroize();
        self.alpha_tau.zeroize();
        self.embedded.zeroize();
    }
}

impl<C: Curve> ProverNonces<C> for RewindNonces<C> {
    fn alpha_rho(&mut self) -> (C::Scalar, C::Scalar) {
        // α is bound to S: `alpha_after_S` gives it.
        (C::scalar_zero(), self.rho)
    }
    fn s_pair(&mut self, _i: usize) -> (C::Scalar, C::Scalar) {
        (C::scalar_random(&mut self.s), C::scalar_random(&mut self.s))
    }
    fn alpha_after_S(&mut self, S: &C::Encoding, _alpha: C::Scalar) -> C::Scalar {
        self.alpha_tau = derive_alpha_tau::<C>(&self.at_statement, &self.nonce, S);
        self.alpha_tau[0] - self.embedded
    }
    fn tau(&mut self) -> (C::Scalar, C::Scalar) {
        (self.alpha_tau[1], self.alpha_tau[2])
    }
}

impl<C: Curve> RangeProof<C, Dalek> {
    /// Proves that `v` is an `n`-bit value, rewindable with `nonce`: whoever holds
    /// the nonce (and the statement: label, `n`, commitment) recovers `v`, the
    /// blinding and `message` with [`RangeProof::rewind`]. The proof is an ordinary
    /// proof in dalek's format (see the [module documentation](self) for what the
    /// nonce protects and what reusing it costs). Deterministic: the same inputs give
    /// the same proof.
    ///
    /// # Errors
    /// As [`RangeProof::prove_single`].
    #[allow(clippy::too_many_arguments)]
    pub fn prove_single_rewindable(
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut merlin::Transcript,
        v: u64,
        blinding: &C::ApiScalar,
        n: usize,
        nonce: &[u8; 32],
        message: &[u8; 20],
    ) -> Result<(Self, C::Encoding), ProofError> {
        let mut g = [C::scalar_from_api(blinding)];
        let out = prove_with_nonces::<C, Dalek, _, _>(
            bp_gens,
            pc_gens,
            transcript,
            &[v],
            &g,
            n,
            Extras::default(),
            Cheat::default(),
            |t: &merlin::Transcript| RewindNonces::new(t, nonce, v, &g[0], message),
        );
        g.zeroize();
        let (proof, mut V) = out?;
        let V = V.pop().ok_or(ProofError::ProvingError)?;
        Ok((proof, V))
    }

    /// Recovers the value, blinding and message of a proof made with
    /// [`RangeProof::prove_single_rewindable`] for `commitment`, given the nonce and
    /// the same statement (the transcript in the prover's initial state, `n`), and
    /// checks that they open the commitment. Does not verify the proof (call
    /// [`RangeProof::verify_single`] for that).
    ///
    /// # Errors
    /// [`ProofError::RewindError`] if the recovered value and blinding do not open
    /// `commitment` (a wrong nonce or statement, or a proof that is not rewindable);
    /// the shape errors of verification.
    pub fn rewind(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut merlin::Transcript,
        commitment: &C::Encoding,
        n: usize,
        nonce: &[u8; 32],
    ) -> Result<Recovered<C>, ProofError> {
        let commitments = core::slice::from_ref(commitment);
        let mut at_statement = transcript.clone();
        RangeProofTranscript::<C>::append_statement(
            &mut at_statement,
            &RangeStatement::new(n, commitments),
        );
        let mut rho = derive_rho::<C>(&at_statement, nonce);
        let mut alpha_tau = derive_alpha_tau::<C>(&at_statement, nonce, &self.S.encoding);
        let [alpha, tau_1, tau_2] = alpha_tau;
        let p = self.prepare(bp_gens, pc_gens, transcript, commitments, n, true)?;
        let (x, z) = (p.x, p.z);
        let e = alpha + rho * x - self.e_blinding;
        let gamma = (self.t_x_blinding - tau_1 * x - tau_2 * x * x) * C::scalar_invert(&(z * z));
        rho.zeroize();
        alpha_tau.zeroize();
        let mut bytes = le_bytes::<C>(&e);
        let mut value = [0u8; 8];
        value.copy_from_slice(&bytes[..8]);
        let mut message = [0u8; 20];
        message.copy_from_slice(&bytes[8..28]);
        let high_clear = bytes[28..].iter().all(|b| *b == 0);
        bytes.zeroize();
        let out = Recovered::<C> {
            value: u64::from_le_bytes(value),
            blinding: gamma,
            message,
        };
        value.zeroize();
        message.zeroize();
        let (B, B_blinding) = pc_gens.bases();
        let opening = C::pedersen_mul(
            &[C::scalar_from_u64(out.value), out.blinding],
            &[B, B_blinding],
        );
        // Public by design: whether the rewind succeeded.
        if high_clear && C::encode(&opening) == *commitment {
            Ok(out)
        } else {
            Err(ProofError::RewindError)
        }
    }
}

#[allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::ristretto::Ristretto;
    use crate::curve::secp256k1::Secp256k1;
    use merlin::Transcript;
    use rand::{Rng, SeedableRng};

    fn round_trip<C: Curve>() {
        let mut r = rand_chacha::ChaCha20Rng::seed_from_u64(3);
        let pc = PedersenGens::<C>::default();
        for n in [1usize, 8, 13, 32, 64] {
            let bp = BulletproofGens::<C>::new(n, 1);
            for _ in 0..4 {
                let v = r.gen::<u64>() >> (64 - n);
                let blinding = C::scalar_to_api(&C::scalar_random(&mut r));
                let nonce: [u8; 32] = r.gen();
                let message: [u8; 20] = r.gen();
                let prove = || {
                    RangeProof::<C, Dalek>::prove_single_rewindable(
                        &bp,
                        &pc,
                        &mut Transcript::new(b"rewind"),
                        v,
                        &blinding,
                        n,
                        &nonce,
                        &message,
                    )
                    .unwrap()
                };
                let (proof, V) = prove();
                // Deterministic, and an ordinary proof.
                assert_eq!(prove().0.to_bytes(), proof.to_bytes());
                proof
                    .verify_single(&bp, &pc, &mut Transcript::new(b"rewind"), &V, n)
                    .unwrap();
                let rew = |label: &'static [u8], n: usize, nonce: &[u8; 32]| {
                    proof.rewind(&bp, &pc, &mut Transcript::new(label), &V, n, nonce)
                };
                let got = rew(b"rewind", n, &nonce).unwrap();
                assert_eq!(
                    (got.value(), got.blinding(), got.message()),
                    (v, blinding, message)
                );
                let mut other = nonce;
                other[0] ^= 1;
                assert_eq!(
                    rew(b"rewind", n, &other).unwrap_err(),
                    ProofError::RewindError
                );
                assert_eq!(
                    rew(b"other", n, &nonce).unwrap_err(),
                    ProofError::RewindError
                );
                // An ordinary proof does not rewind.
                let (plain, W) = RangeProof::<C, Dalek>::prove_single_with_rng(
                    &bp,
                    &pc,
                    &mut Transcript::new(b"rewind"),
                    v,
                    &blinding,
                    n,
                    &mut r,
                )
                .unwrap();
                assert!(plain
                    .rewind(&bp, &pc, &mut Transcript::new(b"rewind"), &W, n, &nonce)
                    .is_err());
            }
        }
    }

    #[test]
    fn round_trip_ristretto() {
        round_trip::<Ristretto>();
    }

    #[test]
    fn round_trip_secp256k1() {
        round_trip::<Secp256k1>();
    }

    /// One nonce, one statement, two messages: the proofs share no point and no
    /// scalar (only `ρ`, inside `S` and `μ`), and each rewinds to its own message.
    #[test]
    fn messages_share_no_nonce_but_rho() {
        type C = Ristretto;
        let pc = PedersenGens::<C>::default();
        let bp = BulletproofGens::<C>::new(64, 1);
        let (nonce, gamma) = ([6u8; 32], curve25519_dalek::scalar::Scalar::from(13u64));
        let prove = |msg: &[u8; 20]| {
            RangeProof::<C, Dalek>::prove_single_rewindable(
                &bp,
                &pc,
                &mut Transcript::new(b"memo"),
                77,
                &gamma,
                64,
                &nonce,
                msg,
            )
            .unwrap()
        };
        let ((a, V), (b, W)) = (prove(&[1; 20]), prove(&[2; 20]));
        assert_eq!(V, W);
        for (p, q) in [
            (&a.A, &b.A),
            (&a.S, &b.S),
            (&a.T_1, &b.T_1),
            (&a.T_2, &b.T_2),
        ] {
            assert_ne!(p.encoding, q.encoding);
        }
        assert_ne!(a.e_blinding, b.e_blinding);
        assert_ne!(a.t_x_blinding, b.t_x_blinding);
        for (proof, msg) in [(&a, [1u8; 20]), (&b, [2u8; 20])] {
            let r = proof
                .rewind(&bp, &pc, &mut Transcript::new(b"memo"), &V, 64, &nonce)
                .unwrap();
            assert_eq!((r.value(), r.blinding(), r.message()), (77, gamma, msg));
        }
    }

    /// The same nonce for two statements gives unrelated nonces: the proofs share no
    /// point.
    #[test]
    fn nonce_reuse_across_statements_shares_nothing() {
        type C = Ristretto;
        let pc = PedersenGens::<C>::default();
        let bp = BulletproofGens::<C>::new(64, 1);
        let nonce = [5u8; 32];
        let prove = |v: u64| {
            RangeProof::<C, Dalek>::prove_single_rewindable(
                &bp,
                &pc,
                &mut Transcript::new(b"reuse"),
                v,
                &curve25519_dalek::scalar::Scalar::from(11u64),
                64,
                &nonce,
                &[0; 20],
            )
            .unwrap()
            .0
        };
        let (a, b) = (prove(1), prove(2));
        assert_ne!(a.S, b.S);
        assert_ne!(a.T_1, b.T_1);
        assert_ne!(a.e_blinding, b.e_blinding);
    }
}
