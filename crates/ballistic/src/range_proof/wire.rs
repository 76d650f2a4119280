//! The byte layout of dalek's `bulletproofs` crate (used by the ristretto255 format).
//!
//! ```text
//! A || S || T_1 || T_2 || t_x || t_x_blinding || e_blinding || (L_0 || R_0) || … || a || b
//! ```
//!
//! Points are canonical encodings ([`Curve::POINT_BYTES`] each), scalars 32-byte
//! canonical little-endian. Size: `4·P + 5·32 + 2·P·⌈log2(n·m)⌉`, i.e.
//! `(2·⌈log2(n·m)⌉ + 9)·32` bytes on ristretto255 (672 for one 64-bit value).
//!
//! Decoding is strict, so that every proof has exactly one encoding
//! (`from_bytes(to_bytes(p)) == p` and `to_bytes(from_bytes(b)) == b`): the length
//! is checked against [`crate::MAX_IPP_ROUNDS`] before anything is allocated; every
//! scalar must be canonical; every point must be a valid, canonical encoding and not
//! the identity (dalek rejects identity points only at verification; ballistic already
//! at parsing, with [`ProofError::FormatError`]).

#![allow(non_snake_case)]
// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use alloc::vec::Vec;

use super::format::Dalek;
use super::{RangeProof, WirePoints};
use crate::curve::{Curve, ProofReader};
use crate::errors::ProofError;

/// The size in bytes of a proof with `rounds` inner-product rounds.
pub fn proof_len<C: Curve>(rounds: usize) -> usize {
    4 * C::POINT_BYTES + 5 * C::SCALAR_BYTES + 2 * rounds * C::POINT_BYTES
}

/// dalek's byte layout, the codec of the [`Dalek`] format on every curve.
impl<C: Curve> RangeProof<C, Dalek> {
    /// Serialises the proof in dalek's byte layout: `(2·⌈log2(n·m)⌉ + 9)·32` bytes on
    /// ristretto255.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof};
    /// use ballistic::merlin::Transcript;
    /// use ballistic::curve25519_dalek::scalar::Scalar;
    /// let (bp, pc) = (BulletproofGens::new(7, 3), PedersenGens::default());
    /// let (proof, _) = RangeProof::prove_multiple(&bp, &pc, &mut Transcript::new(b"ex"),
    ///     &[1, 2, 3], &[Scalar::ONE; 3], 7)?;
    /// assert_eq!(proof.to_bytes().len(), (2 * 5 + 9) * 32); // ⌈log2(21)⌉ = 5
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut buf = Vec::with_capacity(proof_len::<C>(self.rounds()));
        for P in [&self.A, &self.S, &self.T_1, &self.T_2] {
            buf.extend_from_slice(C::encoding_bytes(&P.encoding));
        }
        for s in [&self.t_x, &self.t_x_blinding, &self.e_blinding] {
            buf.extend_from_slice(&C::scalar_to_bytes(s));
        }
        for (L, R) in self.ipp_proof.L_vec.iter().zip(self.ipp_proof.R_vec.iter()) {
            buf.extend_from_slice(C::encoding_bytes(&L.encoding));
            buf.extend_from_slice(C::encoding_bytes(&R.encoding));
        }
        // A dalek-variant proof has final vectors of length one.
        for s in self.ipp_proof.a.iter().chain(self.ipp_proof.b.iter()) {
            buf.extend_from_slice(&C::scalar_to_bytes(s));
        }
        buf
    }

    /// Parses a proof in dalek's byte layout, strictly (see the module
    /// documentation).
    ///
    /// # Errors
    /// [`ProofError::FormatError`] for any byte string that is not the canonical
    /// encoding of a proof.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{RangeProof, ProofError};
    /// assert_eq!(RangeProof::from_bytes(&[0u8; 100]).unwrap_err(), ProofError::FormatError);
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let fixed = proof_len::<C>(0);
        if bytes.len() < fixed || bytes.len() > proof_len::<C>(crate::MAX_IPP_ROUNDS) {
            return Err(ProofError::FormatError);
        }
        let var = bytes.len() - fixed;
        if !var.is_multiple_of(2 * C::POINT_BYTES) {
            return Err(ProofError::FormatError);
        }
        let rounds = var / (2 * C::POINT_BYTES);

        let mut r = ProofReader::new(bytes, ProofError::FormatError);
        // Encodings in order A, S, T_1, T_2, then L_k, R_k; all decoded at once below
        // (lane-parallel where the curve supports it).
        let mut enc: Vec<C::Encoding> = Vec::with_capacity(4 + 2 * rounds);
        for _ in 0..4 {
            enc.push(r.encoding::<C>()?);
        }
        let t_x = r.scalar::<C>()?;
        let t_x_blinding = r.scalar::<C>()?;
        let e_blinding = r.scalar::<C>()?;
        for _ in 0..2 * rounds {
            enc.push(r.encoding::<C>()?);
        }
        let a = r.scalar::<C>()?;
        let b = r.scalar::<C>()?;
        r.finish()?;
        Ok(WirePoints::<C>::decode(&enc, rounds)?.into_proof(
            [t_x, t_x_blinding, e_blinding],
            alloc::vec![a],
            alloc::vec![b],
        ))
    }
}
