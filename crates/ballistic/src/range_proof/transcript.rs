//! The range proof's Fiat–Shamir messages, built on the inner-product argument's
//! ([`InnerProductTranscript`]), and the prover's nonces.
//!
//! The Merlin flavour is byte-for-byte the one of dalek's `bulletproofs` crate
//! (labels `dom-sep`, `rangeproof v1`, `n`, `m`, `V`, `A`, `S`, `y`, `z`, `T_1`,
//! `T_2`, `x`, `t_x`, `t_x_blinding`, `e_blinding`, `w`, then the argument's
//! `ipp v1`, `L`, `R`, `u`).
//!
//! What binds the statement: the domain separator carries the bit width `n` and the
//! number of values `m`; every commitment `V_j` is appended before the first challenge
//! (after the range of an `[a, b]` proof and the minimum values, when the statement
//! has them: [`RangeStatement`]);
//! the inner-product domain separator carries the (padded) vector length; the
//! generators are fixed by `n`, `m` and the generator labels.

#![allow(non_snake_case)]

use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroize;

use crate::curve::Curve;
pub use crate::range_statement::{
    append_range_statement, RangeStatement, MIN_VALUES_DOMAIN_SEP, RANGE_DOMAIN_SEP,
};
use crate::transcript::{merlin_challenge, InnerProductTranscript};

/// The Fiat–Shamir messages of the range-proof protocol, built on the
/// inner-product argument's ([`InnerProductTranscript`]).
///
/// Each flavour decides how a message is absorbed and how a challenge is drawn; a
/// challenge the flavour rejects is `None`, and the prover and the verifier fail.
/// A wire format names its flavour
/// ([`RangeProofFormat::Transcript`](super::format::RangeProofFormat::Transcript)).
///
/// # Example
/// ```
/// use ballistic::range_proof::transcript::{RangeProofTranscript, RangeStatement};
/// use ballistic::curve::{Curve, ristretto::Ristretto};
/// use ballistic::merlin::Transcript;
/// let (a, s) = Ristretto::default_pedersen_bases();
/// let (a, s) = (Ristretto::encode(&a), Ristretto::encode(&s));
/// let mut t1 = Transcript::new(b"example");
/// let mut t2 = Transcript::new(b"example");
/// RangeProofTranscript::<Ristretto>::append_statement(&mut t1, &RangeStatement::new(64, &[]));
/// RangeProofTranscript::<Ristretto>::append_statement(&mut t2, &RangeStatement::new(32, &[]));
/// let c1 = RangeProofTranscript::<Ristretto>::challenge_yz(&mut t1, &a, &s);
/// let c2 = RangeProofTranscript::<Ristretto>::challenge_yz(&mut t2, &a, &s);
/// assert_ne!(c1, c2); // the bit width is bound before the first challenge
/// ```
pub trait RangeProofTranscript<C: Curve>: InnerProductTranscript<C> {
    /// The prover's blinding scalars for one proof.
    type Nonces: ProverNonces<C>;

    /// Binds the value generator `B` the commitments are made with, before the
    /// statement: `false` if the flavour is configured with another one (the prover,
    /// the verifier and rewinding then fail with
    /// [`ProofError::ValueGeneratorMismatch`](crate::ProofError::ValueGeneratorMismatch)).
    /// Flavours that do not hash the value generator (the default, and Merlin's, as
    /// in dalek's format) accept any.
    fn bind_value_generator(&mut self, _value_gen: &C::Point) -> bool {
        true
    }
    /// The statement, before any challenge: the bit width, the number of values `m`
    /// ([`RangeStatement::values`]), every commitment, and the range and minimum
    /// values when present. A flavour must bind all of them: with a range,
    /// `commitments` is the one commitment `V` and only `range` carries `a`, `b`.
    fn append_statement(&mut self, statement: &RangeStatement<'_, C>);
    /// Absorbs `A`, `S` and draws `y`, `z`.
    fn challenge_yz(&mut self, A: &C::Encoding, S: &C::Encoding) -> Option<(C::Scalar, C::Scalar)>;
    /// Absorbs `T_1`, `T_2` and draws `x`.
    fn challenge_x(&mut self, T_1: &C::Encoding, T_2: &C::Encoding) -> Option<C::Scalar>;
    /// Absorbs `t_x`, `t_x_blinding` (`τ_x`), `e_blinding` (`μ`) and draws the
    /// inner-product base challenge `w`.
    fn challenge_w(
        &mut self,
        t_x: &C::Scalar,
        t_x_blinding: &C::Scalar,
        e_blinding: &C::Scalar,
    ) -> Option<C::Scalar>;
    /// The prover's blinding scalars, derived from the current transcript state, the
    /// secret witness (values and blindings) and external randomness, as the flavour
    /// prescribes.
    fn prover_nonces<R: RngCore + CryptoRng>(
        &self,
        values: &[u64],
        blindings: &[C::Scalar],
        rng: &mut R,
    ) -> Self::Nonces;
}

/// The prover's blinding scalars of one proof: `α, ρ` (for `A`, `S`), the pairs
/// `(s_L[i], s_R[i])`, and `τ_1, τ_2`. Implementations zeroize what they hold.
pub trait ProverNonces<C: Curve> {
    /// `(α, ρ)`.
    fn alpha_rho(&mut self) -> (C::Scalar, C::Scalar);
    /// `(s_L[i], s_R[i])`, requested for `i = 0, 1, …` in order.
    fn s_pair(&mut self, i: usize) -> (C::Scalar, C::Scalar);
    /// `α` once `S` is known, in place of the `α` of [`ProverNonces::alpha_rho`]:
    /// called once, after every [`ProverNonces::s_pair`] and before `A` is computed.
    /// A generator that binds `α` (and `τ_1, τ_2`) to `S` derives them here (the
    /// rewindable prover's, whose rewinder reads `S` from the proof); the default
    /// keeps `alpha`.
    #[allow(non_snake_case)]
    fn alpha_after_S(&mut self, _S: &C::Encoding, alpha: C::Scalar) -> C::Scalar {
        alpha
    }
    /// `(τ_1, τ_2)`.
    fn tau(&mut self) -> (C::Scalar, C::Scalar);
}

/// Nonces drawn from an RNG in request order (the Merlin flavour's witness RNG).
///
/// The pairs `(s_L[i], s_R[i])` are drawn [`NONCE_PAIRS_PER_DRAW`] at a time from
/// one `fill_bytes` call: merlin's `TranscriptRng` pays at least one Keccak
/// permutation per call (a `meta_AD` of the length, then a fresh `PRF`) and one per
/// 166 bytes after that, so drawing 4 KiB at once costs 25 permutations instead of
/// 64. The buffer is zeroized when it is consumed and when the nonces are dropped.
///
/// # Example
/// ```
/// use ballistic::range_proof::transcript::{ProverNonces, RngNonces};
/// use ballistic::curve::ristretto::Ristretto;
/// let mut nonces = RngNonces::new(rand::thread_rng());
/// let (s_l, s_r) = ProverNonces::<Ristretto>::s_pair(&mut nonces, 0);
/// assert_ne!(s_l, s_r);
/// ```
pub struct RngNonces<R: RngCore + CryptoRng> {
    rng: R,
    buf: [u8; 128 * NONCE_PAIRS_PER_DRAW],
    /// Bytes of `buf` already used (`buf.len()`: empty).
    used: usize,
}

/// How many `(s_L[i], s_R[i])` pairs [`RngNonces`] draws with one `fill_bytes` call.
pub const NONCE_PAIRS_PER_DRAW: usize = 32;

impl<R: RngCore + CryptoRng> RngNonces<R> {
    /// Nonces from `rng`.
    pub fn new(rng: R) -> Self {
        RngNonces {
            rng,
            buf: [0u8; 128 * NONCE_PAIRS_PER_DRAW],
            used: 128 * NONCE_PAIRS_PER_DRAW,
        }
    }
}

impl<R: RngCore + CryptoRng> Drop for RngNonces<R> {
    fn drop(&mut self) {
        self.buf.zeroize();
    }
}

impl<C: Curve, R: RngCore + CryptoRng> ProverNonces<C> for RngNonces<R> {
    fn alpha_rho(&mut self) -> (C::Scalar, C::Scalar) {
        (
            C::scalar_random(&mut self.rng),
            C::scalar_random(&mut self.rng),
        )
    }
    fn s_pair(&mut self, _i: usize) -> (C::Scalar, C::Scalar) {
        if self.used == self.buf.len() {
            self.rng.fill_bytes(&mut self.buf);
            self.used = 0;
        }
        let mut pair = [0u8; 128];
        let chunk = self
            .buf
            .get_mut(self.used..self.used + 128)
            .unwrap_or_default();
        pair.copy_from_slice(chunk);
        chunk.zeroize();
        self.used += 128;
        let (lo, hi) = pair.split_at(64);
        let mut wide = [0u8; 64];
        wide.copy_from_slice(lo);
        let l = C::scalar_from_wide_bytes(&wide);
        wide.copy_from_slice(hi);
        let r = C::scalar_from_wide_bytes(&wide);
        wide.zeroize();
        pair.zeroize();
        (l, r)
    }
    fn tau(&mut self) -> (C::Scalar, C::Scalar) {
        (
            C::scalar_random(&mut self.rng),
            C::scalar_random(&mut self.rng),
        )
    }
}

/// The Merlin flavour: byte-for-byte dalek's `bulletproofs` range-proof transcript.
impl<C: Curve> RangeProofTranscript<C> for merlin::Transcript {
    type Nonces = RngNonces<merlin::TranscriptRng>;

    /// With a range, [`append_range_statement`] first; with minimum values,
    /// `dom-sep` = [`MIN_VALUES_DOMAIN_SEP`] and one `min_value` (`u64`) per value
    /// next; then dalek's statement.
    fn append_statement(&mut self, statement: &RangeStatement<'_, C>) {
        if let Some((a, b)) = statement.range {
            append_range_statement(self, a, b);
        }
        if let Some(min_values) = statement.min_values {
            self.append_message(b"dom-sep", MIN_VALUES_DOMAIN_SEP);
            for o in min_values {
                self.append_u64(b"min_value", *o);
            }
        }
        self.append_message(b"dom-sep", b"rangeproof v1");
        self.append_u64(b"n", statement.bits as u64);
        self.append_u64(b"m", statement.values() as u64);
        for V in statement.commitments {
            self.append_message(b"V", C::encoding_bytes(V));
        }
    }

    fn challenge_yz(&mut self, A: &C::Encoding, S: &C::Encoding) -> Option<(C::Scalar, C::Scalar)> {
        self.append_message(b"A", C::encoding_bytes(A));
        self.append_message(b"S", C::encoding_bytes(S));
        let y = merlin_challenge::<C>(self, b"y");
        let z = merlin_challenge::<C>(self, b"z");
        Some((y?, z?))
    }

    fn challenge_x(&mut self, T_1: &C::Encoding, T_2: &C::Encoding) -> Option<C::Scalar> {
        self.append_message(b"T_1", C::encoding_bytes(T_1));
        self.append_message(b"T_2", C::encoding_bytes(T_2));
        merlin_challenge::<C>(self, b"x")
    }

    fn challenge_w(
        &mut self,
        t_x: &C::Scalar,
        t_x_blinding: &C::Scalar,
        e_blinding: &C::Scalar,
    ) -> Option<C::Scalar> {
        self.append_message(b"t_x", &C::scalar_to_bytes(t_x));
        self.append_message(b"t_x_blinding", &C::scalar_to_bytes(t_x_blinding));
        self.append_message(b"e_blinding", &C::scalar_to_bytes(e_blinding));
        merlin_challenge::<C>(self, b"w")
    }

    /// Merlin's witness RNG: the transcript state, then every value and blinding,
    /// then 32 bytes of `rng` (so that a weak external RNG alone cannot leak the
    /// witness, and a repeated witness alone cannot repeat nonces).
    fn prover_nonces<R: RngCore + CryptoRng>(
        &self,
        values: &[u64],
        blindings: &[C::Scalar],
        rng: &mut R,
    ) -> Self::Nonces {
        let mut builder = self.build_rng();
        for (v, g) in values.iter().zip(blindings) {
            let mut bytes = C::scalar_to_bytes(g);
            builder = builder
                .rekey_with_witness_bytes(b"v", &v.to_le_bytes())
                .rekey_with_witness_bytes(b"blinding", &bytes);
            bytes.zeroize();
        }
        RngNonces::new(builder.finalize(rng))
    }
}
