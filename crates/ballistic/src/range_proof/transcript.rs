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

/// What a range proof proves: every commitment `V_j` opens to a value `v_j` with
/// `o_j <= v_j < o_j + 2^bits` (`o_j` the minimum values, zero by default), or, for
/// an `[a, b]` range proof, that the one commitment `V` opens to a value in `[a, b]`
/// (see [`RangeStatement::with_range`]).
///
/// Every part is bound in the transcript before the first challenge. The type is
/// `#[non_exhaustive]` so that further parts of a statement are added without a
/// breaking change; build it with [`RangeStatement::new`] and the `with_` methods.
///
/// # Example
/// ```
/// use ballistic::range_proof::transcript::RangeStatement;
/// use ballistic::curve::ristretto::Ristretto;
/// let s = RangeStatement::<Ristretto>::new(64, &[]);
/// assert_eq!((s.bits, s.commitments.len(), s.range, s.min_values), (64, 0, None, None));
/// let s = s.with_range(18, 130).with_min_values(&[]);
/// assert_eq!((s.range, s.min_values), (Some((18, 130)), Some(&[][..])));
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct RangeStatement<'a, C: Curve> {
    /// The bit width `n`.
    pub bits: usize,
    /// The value commitments `V_j`, in order (their number is `m`); for an `[a, b]`
    /// range proof, the one commitment `V`.
    pub commitments: &'a [C::Encoding],
    /// The range `[a, b]` of an `[a, b]` range proof (`None` for an ordinary range
    /// proof). Such a proof is one of the two values `v − a`, `b − v` (`m = 2`) over
    /// the commitments `V − a·B`, `b·B − V`, which the verifier derives from `V`:
    /// the transcript binds `V`, `a` and `b`, which determine them.
    pub range: Option<(u64, u64)>,
    /// The minimum values `o_j`, one per commitment (secp256k1-zkp's `min_value`).
    /// `None` and `Some` of zeros are different statements (as in secp256k1-zkp,
    /// whose transcript hashes the array whenever it is present).
    pub min_values: Option<&'a [u64]>,
}

impl<'a, C: Curve> RangeStatement<'a, C> {
    /// Every commitment of `commitments` opens to a `bits`-bit value.
    pub fn new(bits: usize, commitments: &'a [C::Encoding]) -> Self {
        RangeStatement {
            bits,
            commitments,
            range: None,
            min_values: None,
        }
    }

    /// The statement of an `[a, b]` range proof: `commitments` is the one
    /// commitment `V`, `bits = ⌈log2(b − a + 1)⌉` (at least 1), and the proof is of
    /// `v − a` and `b − v` over `V − a·B` and `b·B − V`.
    pub fn with_range(mut self, a: u64, b: u64) -> Self {
        self.range = Some((a, b));
        self
    }

    /// The number of values `m` the proof is of: two for an `[a, b]` range proof,
    /// else one per commitment (a range with other than one commitment, which the
    /// provers and verifiers refuse, counts its commitments).
    ///
    /// # Example
    /// ```
    /// use ballistic::range_proof::transcript::RangeStatement;
    /// use ballistic::curve::ristretto::Ristretto;
    /// use ballistic::ristretto::CompressedRistretto;
    /// let V = [CompressedRistretto::default()];
    /// assert_eq!(RangeStatement::<Ristretto>::new(64, &V).values(), 1);
    /// assert_eq!(RangeStatement::<Ristretto>::new(8, &V).with_range(18, 130).values(), 2);
    /// ```
    pub fn values(&self) -> usize {
        crate::range_proof::range::statement_values(self.range.is_some(), self.commitments.len())
            .unwrap_or(self.commitments.len())
    }

    /// The minimum values `o_j`: commitment `j` opens to `v_j` with
    /// `o_j <= v_j < o_j + 2^bits`.
    pub fn with_min_values(mut self, min_values: &'a [u64]) -> Self {
        self.min_values = Some(min_values);
        self
    }
}

/// The domain separator of an `[a, b]` range statement (label `dom-sep`), appended
/// with `a` and `b` before the proof's own statement. Version 2 binds the commitment
/// `V` in the proof's statement (version 1 bound the derived commitments instead).
pub const RANGE_DOMAIN_SEP: &[u8] = b"ballistic range v2";

/// The domain separator of a statement with minimum values (label `dom-sep`) in the
/// Merlin flavour, appended with each minimum value before the proof's own
/// statement.
pub const MIN_VALUES_DOMAIN_SEP: &[u8] = b"ballistic min values v1";

/// Binds an `[a, b]` range statement in a Merlin transcript: `dom-sep` =
/// [`RANGE_DOMAIN_SEP`], then `a` and `b` (`append_u64`, labels `a`, `b`). Both
/// protocols append this before their own statement (the range proofs' `dom-sep`
/// `rangeproof v1`, Bulletproofs+'s `Bulletproofs+ Range Proof`), whose commitment
/// list is the one commitment `V` while its value count is two.
///
/// # Example
/// ```
/// use ballistic::merlin::Transcript;
/// use ballistic::range_proof::transcript::append_range_statement;
/// let (mut t1, mut t2) = (Transcript::new(b"ex"), Transcript::new(b"ex"));
/// append_range_statement(&mut t1, 18, 130);
/// append_range_statement(&mut t2, 18, 131);
/// let (mut c1, mut c2) = ([0u8; 32], [0u8; 32]);
/// t1.challenge_bytes(b"c", &mut c1);
/// t2.challenge_bytes(b"c", &mut c2);
/// assert_ne!(c1, c2);
/// ```
pub fn append_range_statement(transcript: &mut merlin::Transcript, a: u64, b: u64) {
    transcript.append_message(b"dom-sep", RANGE_DOMAIN_SEP);
    transcript.append_u64(b"a", a);
    transcript.append_u64(b"b", b);
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
