//! The Bulletproofs+ Fiat–Shamir messages (Tari's, on any curve) and the prover's
//! nonces.
//!
//! The statement, before the first challenge: the domain separator
//! `Bulletproofs+ Range Proof` (label `dom-sep`), the value base `B` (`H`), every mask
//! base `B̃_k` (`G`), the bit width `n` (`N`), the extension degree `t` (`T`), the
//! number of values `m` (`M`), every commitment `V_j` (`Ci`) and every minimum value
//! `o_j` (`vi - minimum_value`). An `[a, b]` proof (ballistic's) appends the range
//! statement first and has `M = 2` values but the one commitment `V`. Then `A` → `y`, `z`; the weighted inner-product
//! argument's rounds (`L`, `R` → `e`) and final round (`A1`, `B` → `e`). The verifier
//! then absorbs `r1`, `s1` and each `d1_k`, as Tari's does, so a caller who keeps
//! using the transcript sees the same state as with Tari's verifier. Points are their
//! canonical encodings, integers `u64` little-endian (Merlin's `append_u64`),
//! scalars [`Curve::scalar_to_bytes`]. On ristretto255 this is Tari's transcript
//! byte for byte.
//!
//! # The prover's nonces
//! As in Tari's prover, every nonce comes from a Merlin `TranscriptRng` built from
//! the transcript **after each message the prover sends** (after the statement,
//! after `A`, after each `L_j, R_j`, after `A1, B`), rekeyed with the witness (each
//! value as 8 little-endian bytes, then its masks) and 32 bytes of the caller's RNG;
//! every scalar is one 64-byte draw reduced wide, drawn again while zero. The same
//! caller RNG bytes therefore give Tari's proof bytes. With a seed nonce, `α`, `dL`,
//! `dR`, `d`, `η` come from the seed ([`super::nonces`]) instead; `r`, `s` never do.

#![allow(non_snake_case)]

use alloc::vec::Vec;
use merlin::{Transcript, TranscriptRng};
use rand_core::{CryptoRng, RngCore};
use subtle::ConstantTimeEq;
use zeroize::Zeroizing;

use super::nonces::seed_nonce;
use crate::ct::{declassify_bool, Declassified};
use crate::curve::{Curve, RANDOM_NONZERO_TRIES};
use crate::errors::ProofError;
use crate::transcript::{
    merlin_challenge, wip_absorb_final, wip_absorb_round, WeightedInnerProductTranscript,
};
use crate::weighted_inner_product::WipProverTranscript;

/// The statement of a Bulletproofs+ range proof, as absorbed.
pub(crate) struct PlusStatement<'a, C: Curve> {
    pub(crate) B: &'a C::Encoding,
    pub(crate) masks: &'a [C::Encoding],
    pub(crate) n: usize,
    /// The number of values `m`: the commitments' number, or 2 for an `[a, b]`
    /// proof (whose one commitment is `V`).
    pub(crate) values: usize,
    pub(crate) commitments: &'a [C::Encoding],
    /// One per value (zero for none).
    pub(crate) min_values: &'a [u64],
}

/// Absorbs the statement (see the module documentation).
pub(crate) fn append_statement<C: Curve>(t: &mut Transcript, s: &PlusStatement<'_, C>) {
    t.append_message(b"dom-sep", b"Bulletproofs+ Range Proof");
    t.append_message(b"H", C::encoding_bytes(s.B));
    for g in s.masks {
        t.append_message(b"G", C::encoding_bytes(g));
    }
    t.append_u64(b"N", s.n as u64);
    t.append_u64(b"T", s.masks.len() as u64);
    t.append_u64(b"M", s.values as u64);
    for c in s.commitments {
        t.append_message(b"Ci", C::encoding_bytes(c));
    }
    for o in s.min_values {
        t.append_u64(b"vi - minimum_value", *o);
    }
}

/// Absorbs `A`.
pub(crate) fn absorb_A<C: Curve>(t: &mut Transcript, A: &C::Encoding) {
    t.append_message(b"A", C::encoding_bytes(A));
}

/// Draws `y`, `z` (after [`absorb_A`]).
pub(crate) fn draw_yz<C: Curve>(t: &mut Transcript) -> Option<(C::Scalar, C::Scalar)> {
    let y = merlin_challenge::<C>(t, b"y")?;
    let z = merlin_challenge::<C>(t, b"z")?;
    Some((y, z))
}

/// The verifier's tail: absorbs `r1`, `s1` and each `d1_k`.
pub(crate) fn absorb_responses<C: Curve>(
    t: &mut Transcript,
    r1: &C::Scalar,
    s1: &C::Scalar,
    d1: &[C::Scalar],
) {
    t.append_message(b"r1", &C::scalar_to_bytes(r1));
    t.append_message(b"s1", &C::scalar_to_bytes(s1));
    for d in d1 {
        t.append_message(b"d1", &C::scalar_to_bytes(d));
    }
}

/// The prover's transcript: the caller's transcript, the witness bytes that rekey
/// its nonce generator, the caller's RNG, the current nonce generator and the seed
/// nonce if any (see the module documentation).
pub(crate) struct ProverTranscript<'a, C: Curve, R: RngCore + CryptoRng> {
    t: &'a mut Transcript,
    witness: Zeroizing<Vec<u8>>,
    rng: &'a mut R,
    trng: TranscriptRng,
    seed: Option<Zeroizing<C::Scalar>>,
}

impl<'a, C: Curve, R: RngCore + CryptoRng> ProverTranscript<'a, C, R> {
    /// Starts the prover's transcript after the statement (builds the first nonce
    /// generator). `witness` holds the witness bytes.
    pub(crate) fn new(
        t: &'a mut Transcript,
        witness: Zeroizing<Vec<u8>>,
        rng: &'a mut R,
        seed: Option<C::Scalar>,
    ) -> Self {
        let trng = build_rng(t, &witness, rng);
        ProverTranscript {
            t,
            witness,
            rng,
            trng,
            seed: seed.map(Zeroizing::new),
        }
    }

    fn rebuild(&mut self) {
        self.trng = build_rng(self.t, &self.witness, self.rng);
    }

    /// A nonzero scalar from the current nonce generator: drawn again while zero, at
    /// most [`RANDOM_NONZERO_TRIES`] times (as [`Curve::scalar_random_nonzero`]).
    fn draw(&mut self) -> Result<C::Scalar, ProofError> {
        for _ in 0..RANDOM_NONZERO_TRIES {
            let s = C::scalar_random(&mut self.trng);
            // Public by design: whether a draw is zero and drawn again (probability
            // at most 2^−252; it reveals only that this draw was zero).
            if !declassify_bool(Declassified::NonceRetry, s.ct_eq(&C::scalar_zero())) {
                return Ok(s);
            }
        }
        Err(ProofError::RngFailure)
    }

    /// `k`-indexed nonces: from the seed under `label` (and round `j`), or drawn.
    fn nonces(
        &mut self,
        label: &str,
        j: Option<usize>,
        out: &mut [C::Scalar],
    ) -> Result<(), ProofError> {
        for (k, slot) in out.iter_mut().enumerate() {
            *slot = match &self.seed {
                Some(seed) => seed_nonce::<C>(seed, label, j, Some(k))?,
                None => self.draw()?,
            };
        }
        Ok(())
    }

    /// The masks `α_k` of `A` (drawn from the first generator).
    pub(crate) fn alpha(&mut self, out: &mut [C::Scalar]) -> Result<(), ProofError> {
        self.nonces("alpha", None, out)
    }

    /// Absorbs `A`, rebuilds the generator and draws `y`, `z`.
    pub(crate) fn challenge_yz(&mut self, A: &C::Encoding) -> Option<(C::Scalar, C::Scalar)> {
        absorb_A::<C>(self.t, A);
        self.rebuild();
        draw_yz::<C>(self.t)
    }
}

fn build_rng<R: RngCore + CryptoRng>(t: &Transcript, witness: &[u8], rng: &mut R) -> TranscriptRng {
    t.build_rng()
        .rekey_with_witness_bytes(b"witness", witness)
        .finalize(rng)
}

impl<C: Curve, R: RngCore + CryptoRng> WeightedInnerProductTranscript<C>
    for ProverTranscript<'_, C, R>
{
    fn challenge_e(&mut self, L: &C::Encoding, R: &C::Encoding) -> Option<C::Scalar> {
        wip_absorb_round::<C>(self.t, L, R);
        self.rebuild();
        merlin_challenge::<C>(self.t, b"e")
    }

    fn challenge_final_e(&mut self, A1: &C::Encoding, Bp: &C::Encoding) -> Option<C::Scalar> {
        wip_absorb_final::<C>(self.t, A1, Bp);
        self.rebuild();
        merlin_challenge::<C>(self.t, b"e")
    }
}

impl<C: Curve, R: RngCore + CryptoRng> WipProverTranscript<C> for ProverTranscript<'_, C, R> {
    fn round_nonces(
        &mut self,
        round: usize,
        out_l: &mut [C::Scalar],
        out_r: &mut [C::Scalar],
    ) -> Result<(), ProofError> {
        self.nonces("dL", Some(round), out_l)?;
        self.nonces("dR", Some(round), out_r)
    }

    fn final_nonces(
        &mut self,
        r: &mut C::Scalar,
        s: &mut C::Scalar,
        d: &mut [C::Scalar],
        eta: &mut [C::Scalar],
    ) -> Result<(), ProofError> {
        *r = self.draw()?;
        *s = self.draw()?;
        self.nonces("d", None, d)?;
        self.nonces("eta", None, eta)
    }
}
