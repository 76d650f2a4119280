//! secp256k1-zkp's proof byte layout (§8), parsed strictly.
//!
//! ```text
//! S32(−τ_x) ‖ S32(−μ) ‖ flags(A, S, T_1, T_2) ‖ X(A) ‖ X(S) ‖ X(T_1) ‖ X(T_2)
//! ‖ S32(t) ‖ a_0 [‖ a_1] ‖ b_0 [‖ b_1] ‖ flags(L_0, R_0, …) ‖ X(L_0) ‖ X(R_0) ‖ …
//! ```
//!
//! `flags` is a bit vector (bit `i` of byte `i/8`, least significant first) of the
//! points' `flag` (y is not a square). The length fixes `N' = n·m`: 289 bytes for
//! `N' = 1`, 353 for `N' = 2`, and `353 + ⌈2r/8⌉ + 64·r` with `r = log2(N') − 1`
//! rounds above. **Canonical**: unlike secp256k1-zkp's own verifier, this parser
//! rejects set bits the format does not use, x-coordinates `≥ p`, x-coordinates
//! with no curve point, scalars `≥ ℓ`, and zero `τ_x`, `μ`, `t` or final scalars (which
//! secp256k1-zkp rejects at verification), so every accepted proof has exactly one
//! encoding and re-encodes to the same bytes.

#![allow(non_snake_case)]
// Lint wall for code that handles proof bytes (docs/testing.md, P8).
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use alloc::vec::Vec;
use k256::Scalar;

use super::Zkp;
use crate::curve::secp256k1::Secp256k1;
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::inner_product::ProofPoint;
use crate::range_proof::{RangeProof, WirePoints};

/// Length of a proof with vectors of length `np` (a power of two).
///
/// # Example
/// ```
/// use ballistic::range_proof::zkp::wire::proof_len;
/// assert_eq!(proof_len(64), 675);
/// assert_eq!(proof_len(1), 289);
/// ```
pub fn proof_len(np: usize) -> usize {
    match np {
        0 | 1 => 289,
        2 => 353,
        _ => {
            let r = np.trailing_zeros() as usize - 1;
            353 + (2 * r).div_ceil(8) + 64 * r
        }
    }
}

/// The number of inner-product rounds `r` and final length `q` of a proof of `len`
/// bytes, if that is a valid length (at most [`crate::MAX_IPP_ROUNDS`] − 1 rounds).
fn shape_of_len(len: usize) -> Option<(usize, usize)> {
    match len {
        289 => Some((0, 1)),
        353 => Some((0, 2)),
        _ => (1..crate::MAX_IPP_ROUNDS)
            .find(|r| proof_len(1 << (r + 1)) == len)
            .map(|r| (r, 2)),
    }
}

struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, k: usize) -> Result<&'a [u8], ProofError> {
        if self.rest.len() < k {
            return Err(ProofError::FormatError);
        }
        let (head, tail) = self.rest.split_at(k);
        self.rest = tail;
        Ok(head)
    }

    /// A canonical, non-zero scalar.
    fn scalar(&mut self) -> Result<Scalar, ProofError> {
        let s = Secp256k1::scalar_from_canonical_bytes(self.take(32)?)
            .ok_or(ProofError::FormatError)?;
        if bool::from(s.is_zero()) {
            return Err(ProofError::FormatError);
        }
        Ok(s)
    }

    /// A flag bit vector for `count` points; unused bits must be zero.
    fn flags(&mut self, count: usize) -> Result<Vec<bool>, ProofError> {
        let bytes = self.take(count.div_ceil(8))?;
        let mut out = Vec::with_capacity(count);
        for i in 0..count {
            let byte = bytes.get(i / 8).ok_or(ProofError::FormatError)?;
            out.push((byte >> (i % 8)) & 1 == 1);
        }
        for (i, byte) in bytes.iter().enumerate() {
            let used = count.saturating_sub(8 * i).min(8);
            let mask = if used == 8 { 0 } else { 0xffu8 << used };
            if byte & mask != 0 {
                return Err(ProofError::FormatError);
            }
        }
        Ok(out)
    }

    /// A point's encoding from its x-coordinate and flag (decoded later, all of a
    /// proof's points at once: [`WirePoints::decode`]).
    fn point(&mut self, flag: bool) -> Result<[u8; 33], ProofError> {
        let mut encoding = [0u8; 33];
        encoding[0] = 0x08 | u8::from(flag);
        let x = self.take(32)?;
        encoding
            .get_mut(1..)
            .ok_or(ProofError::FormatError)?
            .copy_from_slice(x);
        Ok(encoding)
    }
}

/// Writes a flag bit vector (bit `i` = the low bit of point `i`'s prefix byte).
fn write_flags(buf: &mut Vec<u8>, points: &[&ProofPoint<Secp256k1>]) {
    let mut bytes = alloc::vec![0u8; points.len().div_ceil(8)];
    for (i, p) in points.iter().enumerate() {
        if let Some(slot) = bytes.get_mut(i / 8) {
            *slot |= (p.encoding[0] & 1) << (i % 8);
        }
    }
    buf.extend_from_slice(&bytes);
}

/// secp256k1-zkp's byte layout, the codec of the [`Zkp`] format.
impl RangeProof<Secp256k1, Zkp> {
    /// Serialises in secp256k1-zkp's layout (675 bytes for a 64-bit proof).
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, RangeProof, Scalar, Transcript};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let (proof, _) = RangeProof::prove_single(&bp, &pc, &mut Transcript::new(), 1037,
    ///     &Scalar::from(9u64), 64)?;
    /// assert_eq!(proof.to_bytes().len(), 675);
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let ipp = &self.ipp_proof;
        let np = (ipp.a.len()) << ipp.rounds();
        let mut buf = Vec::with_capacity(proof_len(np));
        buf.extend_from_slice(&(-self.t_x_blinding).to_bytes());
        buf.extend_from_slice(&(-self.e_blinding).to_bytes());
        let ast = [&self.A, &self.S, &self.T_1, &self.T_2];
        write_flags(&mut buf, &ast);
        for P in ast {
            buf.extend_from_slice(P.encoding.get(1..).unwrap_or(&[]));
        }
        buf.extend_from_slice(&self.t_x.to_bytes());
        for s in ipp.a.iter().chain(ipp.b.iter()) {
            buf.extend_from_slice(&s.to_bytes());
        }
        let lr: Vec<&ProofPoint<Secp256k1>> = ipp
            .L_vec
            .iter()
            .zip(ipp.R_vec.iter())
            .flat_map(|(l, r)| [l, r])
            .collect();
        write_flags(&mut buf, &lr);
        for P in lr {
            buf.extend_from_slice(P.encoding.get(1..).unwrap_or(&[]));
        }
        buf
    }

    /// Parses secp256k1-zkp's layout strictly (see the module documentation).
    ///
    /// # Errors
    /// [`ProofError::FormatError`] for any byte string that is not the canonical
    /// encoding of a proof.
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{RangeProof, ProofError};
    /// assert_eq!(RangeProof::from_bytes(&[0u8; 675]).unwrap_err(), ProofError::FormatError);
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ProofError> {
        let (rounds, q) = shape_of_len(bytes.len()).ok_or(ProofError::FormatError)?;
        let mut r = Reader { rest: bytes };
        let t_x_blinding = -r.scalar()?;
        let e_blinding = -r.scalar()?;
        let f = r.flags(4)?;
        let flag = |i: usize| f.get(i).copied().ok_or(ProofError::FormatError);
        let mut encodings = Vec::with_capacity(4 + 2 * rounds);
        for i in 0..4 {
            encodings.push(r.point(flag(i)?)?);
        }
        let t_x = r.scalar()?;
        let mut a = Vec::with_capacity(q);
        let mut b = Vec::with_capacity(q);
        for _ in 0..q {
            a.push(r.scalar()?);
        }
        for _ in 0..q {
            b.push(r.scalar()?);
        }
        let lr_flags = r.flags(2 * rounds)?;
        for k in 0..2 * rounds {
            let f = lr_flags.get(k).copied().ok_or(ProofError::FormatError)?;
            encodings.push(r.point(f)?);
        }
        if !r.rest.is_empty() {
            return Err(ProofError::FormatError);
        }
        Ok(
            WirePoints::<Secp256k1>::decode(&encodings, rounds)?.into_proof(
                [t_x, t_x_blinding, e_blinding],
                a,
                b,
            ),
        )
    }
}
