//! Fiat–Shamir as named, labelled operations.
//!
//! The protocol never hashes ad hoc: it calls the operations of [`TranscriptProtocol`],
//! one per protocol message, in the order of the interactive protocol. A wire format
//! chooses the transcript flavour by implementing this trait; the Merlin flavour below
//! is byte-for-byte the one of dalek's `bulletproofs` crate (labels `dom-sep`,
//! `rangeproof v1`, `ipp v1`, `V`, `A`, `S`, `y`, `z`, `T_1`, `T_2`, `x`, `t_x`,
//! `t_x_blinding`, `e_blinding`, `w`, `L`, `R`, `u`).
//!
//! What binds the statement: the domain separator carries the bit width `n` and the
//! number of values `m`; every commitment `V_j` is appended before the first challenge;
//! the inner-product domain separator carries the (padded) vector length; the
//! generators are fixed by `n`, `m` and the generator labels.

#![allow(non_snake_case)]

use crate::curve::Curve;
use crate::range_proof::Variant;
use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroize;

/// The Fiat–Shamir operations of the range-proof protocol, one per protocol message.
///
/// Each flavour decides how a message is absorbed and how a challenge is drawn; a
/// challenge the flavour rejects (zero, or a hash outside the scalar range for
/// flavours that do not reduce) is `None`, and the prover and the verifier fail.
///
/// # Example
/// ```
/// use ballistic::transcript::TranscriptProtocol;
/// use ballistic::curve::{Curve, ristretto::Ristretto};
/// use ballistic::merlin::Transcript;
/// let (a, s) = Ristretto::default_pedersen_bases();
/// let (a, s) = (Ristretto::encode(&a), Ristretto::encode(&s));
/// let mut t1 = Transcript::new(b"example");
/// let mut t2 = Transcript::new(b"example");
/// TranscriptProtocol::<Ristretto>::append_statement(&mut t1, 64, &[]);
/// TranscriptProtocol::<Ristretto>::append_statement(&mut t2, 32, &[]);
/// let c1 = TranscriptProtocol::<Ristretto>::challenge_yz(&mut t1, &a, &s);
/// let c2 = TranscriptProtocol::<Ristretto>::challenge_yz(&mut t2, &a, &s);
/// assert_ne!(c1, c2); // the bit width is bound before the first challenge
/// ```
pub trait TranscriptProtocol<C: Curve> {
    /// The structural variant of the protocol this flavour belongs to.
    const VARIANT: Variant = Variant::Dalek;
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
    /// The statement, before any challenge: the bit width `n` and every commitment
    /// (their number is `m`).
    fn append_statement(&mut self, n: u64, commitments: &[C::Encoding]);
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
    /// Starts an inner-product argument over vectors of length `n`.
    fn innerproduct_domain_sep(&mut self, n: u64);
    /// Absorbs one round's `L`, `R` and draws its challenge `u`.
    fn challenge_u(&mut self, L: &C::Encoding, R: &C::Encoding) -> Option<C::Scalar>;
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
/// use ballistic::transcript::{ProverNonces, RngNonces};
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

/// Draws a Merlin challenge (64 bytes reduced: uniform); zero is rejected.
fn merlin_challenge<C: Curve>(
    t: &mut merlin::Transcript,
    label: &'static [u8],
) -> Option<C::Scalar> {
    let mut buf = [0u8; 64];
    t.challenge_bytes(label, &mut buf);
    let c = C::scalar_from_wide_bytes(&buf);
    (!C::scalar_is_zero(&c)).then_some(c)
}

/// The Merlin flavour: byte-for-byte dalek's `bulletproofs` transcript.
impl<C: Curve> TranscriptProtocol<C> for merlin::Transcript {
    type Nonces = RngNonces<merlin::TranscriptRng>;

    fn append_statement(&mut self, n: u64, commitments: &[C::Encoding]) {
        self.append_message(b"dom-sep", b"rangeproof v1");
        self.append_u64(b"n", n);
        self.append_u64(b"m", commitments.len() as u64);
        for V in commitments {
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

    fn innerproduct_domain_sep(&mut self, n: u64) {
        self.append_message(b"dom-sep", b"ipp v1");
        self.append_u64(b"n", n);
    }

    fn challenge_u(&mut self, L: &C::Encoding, R: &C::Encoding) -> Option<C::Scalar> {
        self.append_message(b"L", C::encoding_bytes(L));
        self.append_message(b"R", C::encoding_bytes(R));
        merlin_challenge::<C>(self, b"u")
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
