//! secp256k1-zkp's Fiat–Shamir transcript: a SHA-256 chain (§5).
//!
//! | name | meaning |
//! |---|---|
//! | `state` | the 32-byte chain value `c`, initially zero |
//! | `upd(P, Q)` | `c ← SHA-256(c ‖ [2·flag(P) + flag(Q)] ‖ X(P) ‖ X(Q))` (§1.4) |
//! | `flag(P)`, `X(P)` | the low bit of the encoding's prefix (`y` is not a square) and its x-coordinate |
//! | `scalar(c)` | `c` read big-endian; rejected (`None`) if `≥ ℓ` or zero — no reduction |
//!
//! Statement: the optional minimum values (`SHA(c ‖ le32(m) ‖ le64(o_0) ‖ …)`),
//! `upd(V_j, value_gen)` for every commitment (`value_gen` is the `B` of
//! the Pedersen bases in use; a transcript pinned to another one is rejected), then
//! the optional `extra_commit`. For
//! shapes secp256k1-zkp does not have (`n·m` not a power of two, padded as in
//! `docs/padding.md`), `SHA(c ‖ "ballistic padded shape" ‖ le64(n) ‖ le64(m))` comes
//! first, and before it, for ballistic's `[a, b]` range proofs,
//! `SHA(c ‖ "ballistic range v2" ‖ le64(a) ‖ le64(b))` (their one commitment is `V`,
//! their `m` is 2). Then `y, z` from `upd(A, S)` twice,
//! `x` from `upd(T_1, T_2)`, `w` from `SHA(c ‖ −τ_x ‖ −μ)` then `SHA(c ‖ t)`, and each
//! round's `u` from `upd(L, R)`.
//!
//! **What binds the statement.** secp256k1-zkp does not hash the bit width `n` (nor
//! `m`, without minimum values) and no domain separator: `n` is fixed by the proof
//! length and the generator positions it uses, so a proof for `n` bits does not verify
//! for another `n` (the vectors and the `δ(y, z)` term differ); this flavour keeps the
//! format exactly and the tests check that cross-width verification fails.

#![allow(non_snake_case)]

use alloc::vec::Vec;
use core::fmt;
use k256::elliptic_curve::PrimeField;
use k256::Scalar;
use rand_core::{CryptoRng, RngCore};
use sha2::{Digest, Sha256};
use zeroize::Zeroize;

use super::nonces::ZkpNonces;
use crate::curve::secp256k1::Secp256k1;
use crate::curve::Curve;
use crate::range_proof::transcript::{RangeProofTranscript, RangeStatement};
use crate::transcript::InnerProductTranscript;

/// The secp256k1-zkp transcript of one proof, with the statement's optional parts
/// and, for proving, the nonces.
///
/// The rewind nonce, the private nonce and the message are secrets: [`Debug`] prints
/// only whether they are set, and they are zeroized when the transcript (or any
/// clone of it) is dropped.
///
/// # Example
/// ```
/// use ballistic::range_proof::zkp::transcript::ZkpTranscript;
/// let t = ZkpTranscript::new().with_extra_commit(b"abc").with_nonce([1u8; 32]);
/// assert_eq!(t.state(), [0u8; 32]);
/// assert!(format!("{t:?}").contains("nonce: Some(<redacted>)"));
/// ```
#[derive(Clone)]
pub struct ZkpTranscript {
    state: [u8; 32],
    /// The configured value generator; `None`: the proving or verifying
    /// [`PedersenGens`](crate::generators::PedersenGens)'s `B`.
    value_gen: Option<[u8; 33]>,
    extra_commit: Option<Vec<u8>>,
    nonce: Option<[u8; 32]>,
    private_nonce: Option<[u8; 32]>,
    message: Option<[u8; 20]>,
    /// The bit width of the statement absorbed for proving (secp256k1-zkp's own
    /// shapes do not hash it); keys the hedged nonce.
    bits: Option<u64>,
}

impl Drop for ZkpTranscript {
    fn drop(&mut self) {
        self.nonce.zeroize();
        self.private_nonce.zeroize();
        self.message.zeroize();
    }
}

impl fmt::Debug for ZkpTranscript {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        /// A secret's presence, never its bytes.
        fn redacted<T>(x: &Option<T>) -> Option<Redacted> {
            x.as_ref().map(|_| Redacted)
        }
        f.debug_struct("ZkpTranscript")
            .field("state", &self.state)
            .field("value_gen", &self.value_gen)
            .field("extra_commit", &self.extra_commit)
            .field("nonce", &redacted(&self.nonce))
            .field("private_nonce", &redacted(&self.private_nonce))
            .field("message", &redacted(&self.message))
            .finish()
    }
}

/// Stands for a secret in `Debug` output.
pub(crate) struct Redacted;

impl fmt::Debug for Redacted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

impl Default for ZkpTranscript {
    fn default() -> Self {
        Self::new()
    }
}

impl ZkpTranscript {
    /// A fresh transcript with no extra commitment, whose value generator is the
    /// `B` of the [`PedersenGens`](crate::generators::PedersenGens) it is proved,
    /// verified or rewound with (Grin's `H` for the default ones); proving then draws
    /// a random nonce (not rewindable).
    pub fn new() -> Self {
        ZkpTranscript {
            state: [0u8; 32],
            value_gen: None,
            extra_commit: None,
            nonce: None,
            private_nonce: None,
            message: None,
            bits: None,
        }
    }

    /// Pins the value generator (confidential assets); it is hashed with every
    /// commitment. Without it the value generator is the `B` of the
    /// [`PedersenGens`](crate::generators::PedersenGens) in use; with it, proving,
    /// verifying and rewinding with `PedersenGens` whose `B` differs fail with
    /// [`ProofError::ValueGeneratorMismatch`](crate::ProofError::ValueGeneratorMismatch)
    /// (the commitments would be made with one generator and hashed with another).
    pub fn with_value_gen(mut self, value_gen: &<Secp256k1 as Curve>::Point) -> Self {
        self.value_gen = Some(Secp256k1::encode(value_gen));
        self
    }

    /// Binds `extra_commit` into the statement. Note that an empty `extra_commit`
    /// differs from none, as in secp256k1-zkp.
    pub fn with_extra_commit(mut self, extra_commit: &[u8]) -> Self {
        self.extra_commit = Some(extra_commit.to_vec());
        self
    }

    /// The rewind nonce the prover derives `α, ρ, s_L, s_R` (and, without a private
    /// nonce, `τ_1, τ_2`) from: whoever knows it can rewind a single-value proof.
    /// Never use one nonce for two different proofs: like secp256k1-zkp's, these
    /// proofs are deterministic in the nonce, and two proofs sharing it reveal the
    /// blinding factors.
    pub fn with_nonce(mut self, nonce: [u8; 32]) -> Self {
        self.nonce = Some(nonce);
        self
    }

    /// A second nonce for `τ_1, τ_2` (secp256k1-zkp's `private_nonce`).
    pub fn with_private_nonce(mut self, private_nonce: [u8; 32]) -> Self {
        self.private_nonce = Some(private_nonce);
        self
    }

    /// A 20-byte message embedded in a single-value proof, recovered by rewinding.
    pub fn with_message(mut self, message: [u8; 20]) -> Self {
        self.message = Some(message);
        self
    }

    /// The current chain value.
    pub fn state(&self) -> [u8; 32] {
        self.state
    }

    fn hash(&mut self, parts: &[&[u8]]) {
        let mut h = Sha256::new();
        h.update(self.state);
        for p in parts {
            h.update(p);
        }
        self.state.copy_from_slice(&h.finalize());
    }

    /// `upd(P, Q)` from two 33-byte encodings (prefix `0x08 | flag`, then `X`).
    pub(crate) fn update_points(&mut self, P: &[u8; 33], Q: &[u8; 33]) {
        let parity = [((P[0] & 1) << 1) | (Q[0] & 1)];
        self.hash(&[&parity, &P[1..], &Q[1..]]);
    }

    /// `scalar(c)`: the chain value as a challenge, if it is below `ℓ` and non-zero.
    fn challenge(&self) -> Option<Scalar> {
        let s: Option<Scalar> = Scalar::from_repr(self.state.into()).into();
        s.filter(|s| !bool::from(s.is_zero()))
    }

    /// Takes the value generator from the Pedersen bases' `value_gen`: `false` if the
    /// transcript was pinned to another one ([`ZkpTranscript::with_value_gen`]).
    pub(crate) fn bind_value_gen(&mut self, value_gen: &[u8; 33]) -> bool {
        match self.value_gen {
            Some(pinned) => pinned == *value_gen,
            None => {
                self.value_gen = Some(*value_gen);
                true
            }
        }
    }

    /// Hashes the statement: each commitment with the value generator, then the
    /// extra commitment (§5.1), without minimum values.
    #[cfg(test)]
    pub(crate) fn absorb_statement(&mut self, n: Option<usize>, commitments: &[[u8; 33]]) {
        self.absorb_statement_with(n, commitments, None, None);
    }

    /// Hashes the statement (§5.1): for an `[a, b]` range proof (ballistic's, not
    /// secp256k1-zkp's) `"ballistic range v2" ‖ le64(a) ‖ le64(b)` first (then
    /// `commitments` is the one commitment `V` and the proof is of two values); the padded
    /// shape's `n` and `m` where the shape is not secp256k1-zkp's; the minimum values
    /// when present (`le32(m) ‖ le64(o_0) ‖ … ‖ le64(o_{m−1})`, even if all zero,
    /// as secp256k1-zkp does); each commitment with the value generator; the extra
    /// commitment.
    pub(crate) fn absorb_statement_with(
        &mut self,
        n: Option<usize>,
        commitments: &[[u8; 33]],
        range: Option<(u64, u64)>,
        min_values: Option<&[u64]>,
    ) {
        if let Some((a, b)) = range {
            self.hash(&[
                crate::range_proof::transcript::RANGE_DOMAIN_SEP,
                &a.to_le_bytes(),
                &b.to_le_bytes(),
            ]);
        }
        // Shapes secp256k1-zkp does not have (n·m not a power of two: ballistic's
        // padding rule) bind n and m first, so that they can never share a transcript
        // with a secp256k1-zkp statement. secp256k1-zkp's own shapes hash exactly what
        // it hashes (it binds neither n nor m).
        let m = crate::range_statement::statement_values(range.is_some(), commitments.len())
            .unwrap_or(commitments.len());
        if let Some(n) = n.filter(|n| !(n * m).is_power_of_two()) {
            self.hash(&[
                b"ballistic padded shape",
                &(n as u64).to_le_bytes(),
                &(m as u64).to_le_bytes(),
            ]);
        }
        if let Some(min_values) = min_values {
            // secp256k1-zkp writes the count as four little-endian bytes of a size_t.
            let mut h = Sha256::new();
            h.update(self.state);
            h.update((min_values.len() as u32).to_le_bytes());
            for o in min_values {
                h.update(o.to_le_bytes());
            }
            self.state.copy_from_slice(&h.finalize());
        }
        let value_gen = self
            .value_gen
            .unwrap_or_else(|| Secp256k1::encode(&Secp256k1::default_pedersen_bases().0));
        for V in commitments {
            self.update_points(V, &value_gen);
        }
        if let Some(extra) = self.extra_commit.clone() {
            self.hash(&[&extra]);
        }
    }
}

/// The inner-product rounds: `u` from `upd(L, R)`; no domain separator (the vector
/// length is fixed by the proof length).
impl InnerProductTranscript<Secp256k1> for ZkpTranscript {
    fn innerproduct_domain_sep(&mut self, _n: u64) {}

    fn challenge_u(&mut self, L: &[u8; 33], R: &[u8; 33]) -> Option<Scalar> {
        self.update_points(L, R);
        self.challenge()
    }
}

impl RangeProofTranscript<Secp256k1> for ZkpTranscript {
    type Nonces = ZkpNonces;

    fn bind_value_generator(&mut self, value_gen: &crate::curve::secp256k1::Point) -> bool {
        self.bind_value_gen(&Secp256k1::encode(value_gen))
    }

    fn append_statement(&mut self, statement: &RangeStatement<'_, Secp256k1>) {
        self.bits = Some(statement.bits as u64);
        self.absorb_statement_with(
            Some(statement.bits),
            statement.commitments,
            statement.range,
            statement.min_values,
        );
    }

    fn challenge_yz(&mut self, A: &[u8; 33], S: &[u8; 33]) -> Option<(Scalar, Scalar)> {
        self.update_points(A, S);
        let y = self.challenge();
        self.update_points(A, S);
        let z = self.challenge();
        Some((y?, z?))
    }

    fn challenge_x(&mut self, T_1: &[u8; 33], T_2: &[u8; 33]) -> Option<Scalar> {
        self.update_points(T_1, T_2);
        self.challenge()
    }

    fn challenge_w(
        &mut self,
        t_x: &Scalar,
        t_x_blinding: &Scalar,
        e_blinding: &Scalar,
    ) -> Option<Scalar> {
        let neg_taux = (-*t_x_blinding).to_bytes();
        let neg_mu = (-*e_blinding).to_bytes();
        self.hash(&[&neg_taux, &neg_mu]);
        self.hash(&[&t_x.to_bytes()]);
        self.challenge()
    }

    /// secp256k1-zkp's deterministic nonces from the configured nonce; without one, a
    /// fresh nonce (the proof is then valid but not rewindable), hedged: SHA-256 of
    /// the transcript after the statement, the bit width, the witness and 32 bytes
    /// of `rng`, so that a weak `rng` never gives two statements or witnesses the
    /// same nonces.
    fn prover_nonces<R: RngCore + CryptoRng>(
        &self,
        values: &[u64],
        blindings: &[Scalar],
        rng: &mut R,
    ) -> ZkpNonces {
        let nonce = zeroize::Zeroizing::new(match self.nonce {
            Some(n) => n,
            None => {
                let mut random = zeroize::Zeroizing::new([0u8; 32]);
                rng.fill_bytes(random.as_mut());
                let mut h = Sha256::new();
                h.update(b"ballistic secp256k1 hedged nonce");
                h.update(self.state());
                h.update(self.bits.unwrap_or(0).to_le_bytes());
                for (v, g) in values.iter().zip(blindings) {
                    h.update(v.to_le_bytes());
                    h.update(zeroize::Zeroizing::new(g.to_bytes()).as_slice());
                }
                h.update(random.as_slice());
                h.finalize().into()
            }
        });
        ZkpNonces::new(
            &nonce,
            self.private_nonce.as_ref(),
            values,
            self.message.as_ref(),
        )
    }
}
