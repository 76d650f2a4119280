//! Fiat–Shamir transcripts, one operation per protocol message.
//!
//! Every protocol hashes through named operations, one per message of the
//! interactive protocol, in its order; a wire format chooses how each message is
//! absorbed and how each challenge is drawn by implementing the traits. The layers:
//!
//! * [`InnerProductTranscript`] (this module): the inner-product argument's messages,
//!   a domain separator carrying the vector length and one `(L_k, R_k)` → `u_k`
//!   exchange per round. The argument runs under any protocol's transcript that
//!   implements it.
//! * Each protocol's transcript builds on it:
//!   [`RangeProofTranscript`](crate::range_proof::transcript::RangeProofTranscript)
//!   adds the range proof's statement and its `y, z`, `x`, `w` challenges.
//!
//! The Merlin implementation below is byte-for-byte the `ipp v1` transcript of dalek's
//! `bulletproofs` crate (labels `dom-sep`, `ipp v1`, `n`, `L`, `R`, `u`);
//! secp256k1-zkp's SHA-256 chain implements the same trait
//! ([`ZkpTranscript`](crate::range_proof::zkp::transcript::ZkpTranscript)).

#![allow(non_snake_case)]

use crate::curve::Curve;

/// The Fiat–Shamir messages of the inner-product argument.
///
/// A challenge the flavour rejects (zero, or a hash outside the scalar range for
/// flavours that do not reduce) is `None`, and the prover and the verifier fail.
///
/// # Example
/// ```
/// use ballistic::transcript::InnerProductTranscript;
/// use ballistic::curve::{Curve, ristretto::Ristretto};
/// use ballistic::merlin::Transcript;
/// let (l, r) = Ristretto::default_pedersen_bases();
/// let (l, r) = (Ristretto::encode(&l), Ristretto::encode(&r));
/// let (mut t1, mut t2) = (Transcript::new(b"example"), Transcript::new(b"example"));
/// InnerProductTranscript::<Ristretto>::innerproduct_domain_sep(&mut t1, 64);
/// InnerProductTranscript::<Ristretto>::innerproduct_domain_sep(&mut t2, 32);
/// let u1 = InnerProductTranscript::<Ristretto>::challenge_u(&mut t1, &l, &r);
/// let u2 = InnerProductTranscript::<Ristretto>::challenge_u(&mut t2, &l, &r);
/// assert_ne!(u1, u2); // the vector length is bound before the first round
/// ```
pub trait InnerProductTranscript<C: Curve> {
    /// Starts an inner-product argument over vectors of length `n`.
    fn innerproduct_domain_sep(&mut self, n: u64);
    /// Absorbs one round's message `(L, R)` and draws its challenge `u`.
    fn challenge_u(&mut self, L: &C::Encoding, R: &C::Encoding) -> Option<C::Scalar>;
}

/// Draws a Merlin challenge (64 bytes reduced: uniform); zero is rejected.
pub(crate) fn merlin_challenge<C: Curve>(
    t: &mut merlin::Transcript,
    label: &'static [u8],
) -> Option<C::Scalar> {
    let mut buf = [0u8; 64];
    t.challenge_bytes(label, &mut buf);
    let c = C::scalar_from_wide_bytes(&buf);
    (!C::scalar_is_zero(&c)).then_some(c)
}

/// dalek's `ipp v1` messages.
impl<C: Curve> InnerProductTranscript<C> for merlin::Transcript {
    fn innerproduct_domain_sep(&mut self, n: u64) {
        self.append_message(b"dom-sep", b"ipp v1");
        self.append_u64(b"n", n);
    }

    fn challenge_u(&mut self, L: &C::Encoding, R: &C::Encoding) -> Option<C::Scalar> {
        self.append_message(b"L", C::encoding_bytes(L));
        self.append_message(b"R", C::encoding_bytes(R));
        merlin_challenge::<C>(self, b"u")
    }
}

/// The Fiat–Shamir messages of the weighted inner-product argument
/// ([`crate::weighted_inner_product`]): one `(L_j, R_j)` → `e_j` exchange per round,
/// then the final `(A1, Bp)` → `e`.
///
/// The Merlin implementation is the one of Tari's `tari_bulletproofs_plus` (labels
/// `L`, `R`, `e`, `A1`, `B`, `e`; no domain separator of its own: the protocol's
/// statement carries the vector length).
///
/// # Example
/// ```
/// use ballistic::transcript::WeightedInnerProductTranscript;
/// use ballistic::curve::{Curve, ristretto::Ristretto};
/// use ballistic::merlin::Transcript;
/// let (l, r) = Ristretto::default_pedersen_bases();
/// let (l, r) = (Ristretto::encode(&l), Ristretto::encode(&r));
/// let mut t = Transcript::new(b"example");
/// let e1 = WeightedInnerProductTranscript::<Ristretto>::challenge_e(&mut t, &l, &r);
/// let e2 = WeightedInnerProductTranscript::<Ristretto>::challenge_final_e(&mut t, &l, &r);
/// assert!(e1.is_some() && e1 != e2);
/// ```
pub trait WeightedInnerProductTranscript<C: Curve> {
    /// Absorbs one round's message `(L, R)` and draws its challenge `e_j`.
    fn challenge_e(&mut self, L: &C::Encoding, R: &C::Encoding) -> Option<C::Scalar>;
    /// Absorbs the final round's `(A1, Bp)` and draws the final challenge `e`.
    fn challenge_final_e(&mut self, A1: &C::Encoding, Bp: &C::Encoding) -> Option<C::Scalar>;
}

/// Tari's messages of the weighted inner-product argument.
impl<C: Curve> WeightedInnerProductTranscript<C> for merlin::Transcript {
    fn challenge_e(&mut self, L: &C::Encoding, R: &C::Encoding) -> Option<C::Scalar> {
        wip_absorb_round::<C>(self, L, R);
        merlin_challenge::<C>(self, b"e")
    }

    fn challenge_final_e(&mut self, A1: &C::Encoding, Bp: &C::Encoding) -> Option<C::Scalar> {
        wip_absorb_final::<C>(self, A1, Bp);
        merlin_challenge::<C>(self, b"e")
    }
}

/// Absorbs a round's `(L, R)` under Tari's labels (the challenge `e` is drawn
/// separately, so that a prover can rebuild its nonce generator in between, as
/// Tari's does).
pub(crate) fn wip_absorb_round<C: Curve>(
    t: &mut merlin::Transcript,
    L: &C::Encoding,
    R: &C::Encoding,
) {
    t.append_message(b"L", C::encoding_bytes(L));
    t.append_message(b"R", C::encoding_bytes(R));
}

/// Absorbs the final `(A1, Bp)` under Tari's labels (see [`wip_absorb_round`]).
pub(crate) fn wip_absorb_final<C: Curve>(
    t: &mut merlin::Transcript,
    A1: &C::Encoding,
    Bp: &C::Encoding,
) {
    t.append_message(b"A1", C::encoding_bytes(A1));
    t.append_message(b"B", C::encoding_bytes(Bp));
}
