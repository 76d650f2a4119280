//! Rewinding a single-value proof with its nonce (§10): the value, the 20-byte
//! message and the blinding factor, exactly as secp256k1-zkp's
//! `secp256k1_bulletproof_rangeproof_rewind` computes them.
//!
//! | name | meaning |
//! |---|---|
//! | `(α, ρ)`, `(τ_1, τ_2)` | `CC(nonce, 0)`, `CC(nonce, 1)` ([`super::nonces::scalar_pair`]) |
//! | `E'` | `−μ + ρ·x + α`: the embedded word (value in bytes 24..32, message in bytes 4..24) |
//! | `γ` | the blinding: `−(−τ_x + τ_1·x + τ_2·x²)·z⁻²` |
//!
//! secp256k1-zkp checks only that bytes 0..4 of `E'` are zero (a wrong nonce, statement
//! or proof passes with probability 2^−32) and returns a wrong blinding factor,
//! reporting success, when the proof was made with a private nonce different from
//! the rewind nonce. This implementation returns the same numbers and **also** says
//! whether they open the commitment ([`Rewound::opens_commitment`]).

use k256::Scalar;

use super::nonces::scalar_pair;
use super::transcript::ZkpTranscript;
use crate::curve::secp256k1::Secp256k1;
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::PedersenGens;
use crate::range_proof::{RangeProof, Variant};

/// What rewinding recovers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rewound {
    /// The committed value.
    pub value: u64,
    /// The blinding factor as secp256k1-zkp computes it (wrong when the proof used a
    /// private nonce different from the rewind nonce; see `opens_commitment`).
    pub blinding: Scalar,
    /// The 20-byte message (zeros if none was embedded).
    pub message: [u8; 20],
    /// Whether `value·H + blinding·G` equals the commitment (secp256k1-zkp does not
    /// check this).
    pub opens_commitment: bool,
}

impl RangeProof<Secp256k1> {
    /// Recovers the value, message and blinding factor of a single-value
    /// secp256k1-zkp proof for `commitment`, given the rewind `nonce` and the
    /// transcript configuration it was made with (value generator, extra commitment).
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, RangeProof, Transcript};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let nonce = [7u8; 32];
    /// let blinding = Secp256k1::scalar_from_u64(99);
    /// let t = Transcript::new().with_nonce(nonce).with_message(*b"twenty bytes of memo");
    /// let (proof, v) = RangeProof::prove_single_with_rng(&bp, &pc, &mut t.clone(), 1234,
    ///     &blinding, 64, &mut rand::thread_rng())?;
    /// let r = proof.rewind(&pc, &Transcript::new(), &v, &nonce)?;
    /// assert_eq!((r.value, r.blinding, &r.message), (1234, blinding, b"twenty bytes of memo"));
    /// assert!(r.opens_commitment);
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn rewind(
        &self,
        pc_gens: &PedersenGens<Secp256k1>,
        transcript: &ZkpTranscript,
        commitment: &[u8; 33],
        nonce: &[u8; 32],
    ) -> Result<Rewound, ProofError> {
        self.rewind_with_bits(pc_gens, transcript, commitment, None, nonce)
    }

    /// [`RangeProof::rewind`] for a proof of any bit width: `bits` is needed for the
    /// widths secp256k1-zkp does not have (not a power of two), whose transcript
    /// binds it.
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, RangeProof, Transcript};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let g = Secp256k1::scalar_from_u64(5);
    /// let (proof, v) = RangeProof::prove_single_with_rng(&bp, &pc,
    ///     &mut Transcript::new().with_nonce([3u8; 32]), 100, &g, 7, &mut rand::thread_rng())?;
    /// let r = proof.rewind_with_bits(&pc, &Transcript::new(), &v, Some(7), &[3u8; 32])?;
    /// assert_eq!((r.value, r.blinding), (100, g));
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn rewind_with_bits(
        &self,
        pc_gens: &PedersenGens<Secp256k1>,
        transcript: &ZkpTranscript,
        commitment: &[u8; 33],
        bits: Option<usize>,
        nonce: &[u8; 32],
    ) -> Result<Rewound, ProofError> {
        if self.variant != Variant::Zkp {
            return Err(ProofError::VerificationError);
        }
        let (alpha, rho) = scalar_pair(nonce, 0);
        let (tau1, tau2) = scalar_pair(nonce, 1);
        let mut t = transcript.clone();
        t.absorb_statement(bits, core::slice::from_ref(commitment));
        t.update_points(&self.A.encoding, &self.S.encoding);
        t.update_points(&self.A.encoding, &self.S.encoding);
        let z = nonzero(t.state()).ok_or(ProofError::VerificationError)?;
        t.update_points(&self.T_1.encoding, &self.T_2.encoding);
        let x = nonzero(t.state()).ok_or(ProofError::VerificationError)?;

        let e = (-self.e_blinding + rho * x + alpha).to_bytes();
        if e[..4] != [0u8; 4] {
            return Err(ProofError::VerificationError);
        }
        let mut value_bytes = [0u8; 8];
        value_bytes.copy_from_slice(&e[24..]);
        let value = u64::from_be_bytes(value_bytes);
        let mut message = [0u8; 20];
        message.copy_from_slice(&e[4..24]);
        let zz_inv = Secp256k1::scalar_invert(&(z * z));
        let blinding = -((-self.t_x_blinding + tau1 * x + tau2 * x * x) * zz_inv);
        let opens_commitment = Secp256k1::decode(commitment)
            .is_some_and(|v| pc_gens.commit(Scalar::from(value), blinding) == v);
        Ok(Rewound {
            value,
            blinding,
            message,
            opens_commitment,
        })
    }
}

/// A chain value as a challenge if below `ℓ` and non-zero.
fn nonzero(state: [u8; 32]) -> Option<Scalar> {
    Secp256k1::scalar_from_canonical_bytes(&state).filter(|s| !bool::from(s.is_zero()))
}
