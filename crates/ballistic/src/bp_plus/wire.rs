//! The byte layout of Tari's `tari_bulletproofs_plus` (on every curve, with its
//! encodings).
//!
//! ```text
//! t (1 byte) || d1_0 … d1_{t−1} || A || A1 || B || r1 || s1 || (L_0 || R_0) || …
//! ```
//!
//! `t` is the extension degree (1..=6), scalars are [`Curve::SCALAR_BYTES`]-byte
//! canonical encodings, points canonical encodings. Size:
//! `1 + (t + 2)·S + (3 + 2·log2(N'))·P`: `1 + 32·(t + 5 + 2·log2(N'))` on
//! ristretto255 (577 bytes for one 64-bit value with `t = 1`), 592 on secp256k1.
//!
//! Decoding is strict (`to_bytes(from_bytes(b)) == b`): the length is checked
//! against [`crate::MAX_IPP_ROUNDS`] before anything is allocated, scalars must be
//! canonical, points valid, canonical and not the identity (Tari rejects identity
//! points only at verification, and invalid encodings too; both reject the same byte
//! strings). One divergence: a proof of `N' = 1` (one 1-bit value) has no rounds;
//! ballistic reads it, Tari's parser (which wants at least one `(L, R)` pair) does not.

#![allow(non_snake_case)]
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use alloc::vec::Vec;

use super::RangeProofPlus;
use crate::curve::{Curve, ProofPoint, ProofReader};
use crate::errors::ProofError;
use crate::generators::MAX_EXTENSION_DEGREE;
use crate::weighted_inner_product::WeightedInnerProductProof;

/// The size in bytes of a proof with extension degree `t` and `rounds` rounds.
///
/// # Example
/// ```
/// use ballistic::bp_plus::wire::proof_len;
/// use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1};
/// assert_eq!(proof_len::<Ristretto>(1, 6), 577);
/// assert_eq!(proof_len::<Secp256k1>(1, 6), 592);
/// ```
pub fn proof_len<C: Curve>(t: usize, rounds: usize) -> usize {
    1 + (t + 2) * C::SCALAR_BYTES + (3 + 2 * rounds) * C::POINT_BYTES
}

impl<C: Curve> RangeProofPlus<C> {
    /// Serialises the proof in Tari's byte layout (see [`proof_len`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let w = &self.wip;
        let mut buf = Vec::with_capacity(proof_len::<C>(w.d1.len(), w.L.len()));
        // The degree is at most MAX_EXTENSION_DEGREE by construction.
        buf.push(w.d1.len() as u8);
        for d in &w.d1 {
            buf.extend_from_slice(&C::scalar_to_bytes(d));
        }
        for P in [&self.A, &w.A1, &w.Bp] {
            buf.extend_from_slice(C::encoding_bytes(&P.encoding));
        }
        for s in [&w.r1, &w.s1] {
            buf.extend_from_slice(&C::scalar_to_bytes(s));
        }
        for (L, R) in w.L.iter().zip(&w.R) {
            buf.extend_from_slice(C::encoding_bytes(&L.encoding));
            buf.extend_from_slice(C::encoding_bytes(&R.encoding));
        }
        buf
    }

    /// Parses a proof in Tari's byte layout, strictly (see the module
    /// documentation).
    ///
    /// # Errors
    /// [`ProofError::InvalidExtensionDegree`] for a first byte outside `1..=6`;
    /// [`ProofError::FormatError`] for any other byte string that is not the
    /// canonical encoding of a proof.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::bp_plus::RangeProofPlus;
    /// use ballistic::ProofError;
    /// assert_eq!(RangeProofPlus::from_bytes(&[7u8; 600]).unwrap_err(),
    ///     ProofError::InvalidExtensionDegree);
    /// assert_eq!(RangeProofPlus::from_bytes(&[1u8; 600]).unwrap_err(), ProofError::FormatError);
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let t = match bytes.first() {
            Some(&t) if (1..=MAX_EXTENSION_DEGREE).contains(&(t as usize)) => t as usize,
            Some(_) => return Err(ProofError::InvalidExtensionDegree),
            None => return Err(ProofError::FormatError),
        };
        let fixed = proof_len::<C>(t, 0);
        if bytes.len() < fixed || bytes.len() > proof_len::<C>(t, crate::MAX_IPP_ROUNDS) {
            return Err(ProofError::FormatError);
        }
        let var = bytes.len() - fixed;
        if !var.is_multiple_of(2 * C::POINT_BYTES) {
            return Err(ProofError::FormatError);
        }
        let rounds = var / (2 * C::POINT_BYTES);
        let mut r = ProofReader::new(bytes.get(1..).unwrap_or(&[]), ProofError::FormatError);
        let mut d1 = Vec::with_capacity(t);
        for _ in 0..t {
            d1.push(r.scalar::<C>()?);
        }
        let mut enc: Vec<C::Encoding> = Vec::with_capacity(3 + 2 * rounds);
        for _ in 0..3 {
            enc.push(r.encoding::<C>()?);
        }
        let r1 = r.scalar::<C>()?;
        let s1 = r.scalar::<C>()?;
        for _ in 0..2 * rounds {
            enc.push(r.encoding::<C>()?);
        }
        r.finish()?;
        // All points at once (lane-parallel where the curve supports it); none may be
        // the identity.
        let points = C::decode_batch_vartime(&enc).map_err(|_| ProofError::FormatError)?;
        let mut it = points.into_iter().zip(enc.iter().copied());
        let mut next = || match it.next() {
            Some((point, encoding)) if !C::is_identity(&point) => {
                Ok(ProofPoint { point, encoding })
            }
            _ => Err(ProofError::FormatError),
        };
        let (A, A1, Bp) = (next()?, next()?, next()?);
        let mut L = Vec::with_capacity(rounds);
        let mut R = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            L.push(next()?);
            R.push(next()?);
        }
        Ok(RangeProofPlus {
            A,
            wip: WeightedInnerProductProof {
                L,
                R,
                A1,
                Bp,
                r1,
                s1,
                d1,
            },
        })
    }
}
