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

use crate::curve::Curve;
use rand_core::{CryptoRng, RngCore};

/// The Fiat–Shamir operations of the range-proof protocol.
///
/// # Example
/// ```
/// use ballistic::transcript::TranscriptProtocol;
/// use ballistic::curve::ristretto::Ristretto;
/// use ballistic::merlin::Transcript;
/// let mut t1 = Transcript::new(b"example");
/// let mut t2 = Transcript::new(b"example");
/// TranscriptProtocol::<Ristretto>::rangeproof_domain_sep(&mut t1, 64, 1);
/// TranscriptProtocol::<Ristretto>::rangeproof_domain_sep(&mut t2, 32, 1);
/// let c1 = TranscriptProtocol::<Ristretto>::challenge_scalar(&mut t1, b"y");
/// let c2 = TranscriptProtocol::<Ristretto>::challenge_scalar(&mut t2, b"y");
/// assert_ne!(c1, c2); // the bit width is bound before the first challenge
/// ```
pub trait TranscriptProtocol<C: Curve> {
    /// The prover's randomness source derived from the transcript and the witness.
    type Rng: RngCore + CryptoRng;

    /// Domain separator for a range proof of `m` values of `n` bits.
    fn rangeproof_domain_sep(&mut self, n: u64, m: u64);
    /// Domain separator for an inner-product argument over vectors of length `n`.
    fn innerproduct_domain_sep(&mut self, n: u64);
    /// Appends a scalar.
    fn append_scalar(&mut self, label: &'static [u8], scalar: &C::Scalar);
    /// Appends a point encoding.
    fn append_point(&mut self, label: &'static [u8], point: &C::Encoding);
    /// Draws a challenge scalar.
    fn challenge_scalar(&mut self, label: &'static [u8]) -> C::Scalar;
    /// Derives the prover's RNG from the current transcript state, the secret witness
    /// and external randomness (so that a weak external RNG alone cannot leak the
    /// witness, and a repeated witness alone cannot repeat nonces).
    fn witness_rng<R: RngCore + CryptoRng>(&self, witness: &[&[u8]], rng: &mut R) -> Self::Rng;
}

impl<C: Curve> TranscriptProtocol<C> for merlin::Transcript {
    type Rng = merlin::TranscriptRng;

    fn rangeproof_domain_sep(&mut self, n: u64, m: u64) {
        self.append_message(b"dom-sep", b"rangeproof v1");
        self.append_u64(b"n", n);
        self.append_u64(b"m", m);
    }

    fn innerproduct_domain_sep(&mut self, n: u64) {
        self.append_message(b"dom-sep", b"ipp v1");
        self.append_u64(b"n", n);
    }

    fn append_scalar(&mut self, label: &'static [u8], scalar: &C::Scalar) {
        self.append_message(label, &C::scalar_to_bytes(scalar));
    }

    fn append_point(&mut self, label: &'static [u8], point: &C::Encoding) {
        self.append_message(label, C::encoding_bytes(point));
    }

    fn challenge_scalar(&mut self, label: &'static [u8]) -> C::Scalar {
        let mut buf = [0u8; 64];
        self.challenge_bytes(label, &mut buf);
        C::scalar_from_wide_bytes(&buf)
    }

    fn witness_rng<R: RngCore + CryptoRng>(&self, witness: &[&[u8]], rng: &mut R) -> Self::Rng {
        let mut builder = self.build_rng();
        for w in witness {
            builder = builder.rekey_with_witness_bytes(b"witness", w);
        }
        builder.finalize(rng)
    }
}
