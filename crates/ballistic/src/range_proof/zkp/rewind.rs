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
//! or proof passes with probability 2^−32, returning garbage) and returns a wrong
//! blinding factor, reporting success, when the proof was made with a private nonce
//! different from the rewind nonce. [`RangeProof::rewind`] therefore also checks that
//! the recovered value and blinding open the commitment and fails otherwise;
//! [`RangeProof::rewind_unchecked`] keeps the C library's behaviour (same numbers,
//! same successes) and only reports the opening check in
//! [`Rewound::opens_commitment`].

// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
use core::fmt;

use k256::Scalar;
use zeroize::Zeroize;

use super::nonces::scalar_pair;
use super::transcript::{Redacted, ZkpTranscript};
use super::Zkp;
use crate::curve::secp256k1::Secp256k1;
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::PedersenGens;
use crate::range_proof::RangeProof;

/// What rewinding recovers.
///
/// Every field but `opens_commitment` is secret (the blinding is the spend key in
/// Grin): [`Debug`] prints none of them, and they are zeroized on drop (copies taken
/// out of the fields are the caller's to clear).
///
/// # Example
/// ```
/// use ballistic::secp256k1::{Rewound, Scalar};
/// let r = Rewound { value: 5, blinding: Scalar::ONE, message: [9; 20], opens_commitment: true };
/// assert!(!format!("{r:?}").contains('5'));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Rewound {
    /// The committed value.
    pub value: u64,
    /// The blinding factor as secp256k1-zkp computes it (from
    /// [`RangeProof::rewind_unchecked`], wrong when the proof used a private nonce
    /// different from the rewind nonce; see `opens_commitment`).
    pub blinding: Scalar,
    /// The 20-byte message (zeros if none was embedded).
    pub message: [u8; 20],
    /// Whether `value·H + blinding·G` equals the commitment (always `true` from
    /// [`RangeProof::rewind`]; secp256k1-zkp does not check it).
    pub opens_commitment: bool,
}

impl Drop for Rewound {
    fn drop(&mut self) {
        self.value.zeroize();
        self.blinding.zeroize();
        self.message.zeroize();
    }
}

impl fmt::Debug for Rewound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rewound")
            .field("value", &Redacted)
            .field("blinding", &Redacted)
            .field("message", &Redacted)
            .field("opens_commitment", &self.opens_commitment)
            .finish()
    }
}

impl RangeProof<Secp256k1, Zkp> {
    /// Recovers the value, message and blinding factor of a single-value
    /// secp256k1-zkp proof for `commitment`, given the rewind `nonce` and the
    /// transcript configuration it was made with (extra commitment; the value
    /// generator is `pc_gens.B`), and checks that they open the commitment.
    ///
    /// # Errors
    /// [`ProofError::RewindError`] if the recovered value and blinding do not open
    /// `commitment`: a wrong nonce or transcript configuration (which
    /// secp256k1-zkp's own check misses with probability 2^−32), or a proof made
    /// with a private nonce other than `nonce` (see [`RangeProof::rewind_unchecked`]).
    /// [`ProofError::VerificationError`] if the proof is not in secp256k1-zkp's
    /// variant or its transcript draws a challenge secp256k1-zkp rejects.
    /// [`ProofError::ValueGeneratorMismatch`] if the transcript is pinned to a value
    /// generator other than `pc_gens.B`.
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, ProofError, RangeProof, Transcript};
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
    /// let wrong = proof.rewind(&pc, &Transcript::new(), &v, &[8u8; 32]);
    /// assert_eq!(wrong.unwrap_err(), ProofError::RewindError);
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
        let r = self.rewind_impl(pc_gens, transcript, commitment, bits, None, nonce)?;
        if !r.opens_commitment {
            return Err(ProofError::RewindError);
        }
        Ok(r)
    }

    /// secp256k1-zkp's `secp256k1_bulletproof_rangeproof_rewind`, exactly: the same
    /// numbers and the same successes, for callers that must match the C library
    /// (e.g. Grin's wallets, whose proofs use a private nonce other than the rewind
    /// nonce, so that their blinding is never recovered and cannot open the
    /// commitment).
    ///
    /// **Dangerous**: only 32 bits are checked, so a wrong nonce or transcript
    /// configuration returns `Ok` with a garbage value, message and blinding with
    /// probability 2^−32 per proof (a wallet scanning a chain with its nonce meets
    /// such proofs), and the blinding is wrong whenever the proof used another
    /// private nonce. [`Rewound::opens_commitment`] tells whether the result opens
    /// the commitment; when it is `false`, nothing in the result is authenticated.
    /// Prefer [`RangeProof::rewind`].
    ///
    /// # Errors
    /// [`ProofError::RewindError`] when secp256k1-zkp's check fails (the top four
    /// bytes of the recovered word are not zero); otherwise as [`RangeProof::rewind`],
    /// except that the opening is not checked.
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, RangeProof, Transcript};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let t = Transcript::new().with_nonce([1u8; 32]).with_private_nonce([2u8; 32]);
    /// let g = Secp256k1::scalar_from_u64(5);
    /// let (proof, v) = RangeProof::prove_single_with_rng(&bp, &pc, &mut t.clone(), 42, &g, 64,
    ///     &mut rand::thread_rng())?;
    /// // The value is recovered, the blinding is not (it came from the private nonce).
    /// let r = proof.rewind_unchecked(&pc, &Transcript::new(), &v, &[1u8; 32])?;
    /// assert_eq!(r.value, 42);
    /// assert!(!r.opens_commitment);
    /// assert!(proof.rewind(&pc, &Transcript::new(), &v, &[1u8; 32]).is_err());
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn rewind_unchecked(
        &self,
        pc_gens: &PedersenGens<Secp256k1>,
        transcript: &ZkpTranscript,
        commitment: &[u8; 33],
        nonce: &[u8; 32],
    ) -> Result<Rewound, ProofError> {
        self.rewind_impl(pc_gens, transcript, commitment, None, None, nonce)
    }

    /// The C library's rewind, and whether the result opens the commitment;
    /// `min_value` is the statement's minimum-value array of one entry (`None`:
    /// none).
    pub(crate) fn rewind_impl(
        &self,
        pc_gens: &PedersenGens<Secp256k1>,
        transcript: &ZkpTranscript,
        commitment: &[u8; 33],
        bits: Option<usize>,
        min_value: Option<u64>,
        nonce: &[u8; 32],
    ) -> Result<Rewound, ProofError> {
        let mut t = transcript.clone();
        if !t.bind_value_gen(&Secp256k1::encode(&pc_gens.B)) {
            return Err(ProofError::ValueGeneratorMismatch);
        }
        let min_values = min_value.map(|o| [o]);
        t.absorb_statement_with(
            bits,
            core::slice::from_ref(commitment),
            None,
            min_values.as_ref().map(|o| &o[..]),
        );
        t.update_points(&self.A.encoding, &self.S.encoding);
        t.update_points(&self.A.encoding, &self.S.encoding);
        let z = nonzero(t.state()).ok_or(ProofError::VerificationError)?;
        t.update_points(&self.T_1.encoding, &self.T_2.encoding);
        let x = nonzero(t.state()).ok_or(ProofError::VerificationError)?;

        let mut nonces = Nonces::default();
        (nonces.alpha, nonces.rho) = scalar_pair(nonce, 0);
        (nonces.tau1, nonces.tau2) = scalar_pair(nonce, 1);
        nonces.e = (-self.e_blinding + nonces.rho * x + nonces.alpha)
            .to_bytes()
            .into();
        let e = &nonces.e;
        // secp256k1-zkp's check: the four top bytes of `E'` are zero.
        if e[..4] != [0u8; 4] {
            return Err(ProofError::RewindError);
        }
        let mut r = Rewound {
            value: 0,
            blinding: Scalar::ZERO,
            message: [0u8; 20],
            opens_commitment: false,
        };
        let mut value_bytes = [0u8; 8];
        value_bytes.copy_from_slice(&e[24..]);
        r.value = u64::from_be_bytes(value_bytes);
        value_bytes.zeroize();
        r.message.copy_from_slice(&e[4..24]);
        let zz_inv = Secp256k1::scalar_invert(&(z * z));
        r.blinding = -((-self.t_x_blinding + nonces.tau1 * x + nonces.tau2 * x * x) * zz_inv);
        r.opens_commitment = Secp256k1::decode(commitment)
            .is_some_and(|v| pc_gens.commit(Scalar::from(r.value), r.blinding) == v);
        Ok(r)
    }
}

/// The rewinder's secrets: the nonce's scalars and the embedded word `E'`, zeroized
/// on drop (every return of [`RangeProof::rewind_impl`]).
#[derive(Default, Zeroize, zeroize::ZeroizeOnDrop)]
struct Nonces {
    alpha: Scalar,
    rho: Scalar,
    tau1: Scalar,
    tau2: Scalar,
    e: [u8; 32],
}

/// A chain value as a challenge if below `ℓ` and non-zero.
fn nonzero(state: [u8; 32]) -> Option<Scalar> {
    Secp256k1::scalar_from_canonical_bytes(&state).filter(|s| !bool::from(s.is_zero()))
}
