//! The secp256k1-zkp wire format (Grin's Bulletproofs), as an adapter beside the
//! generic protocol: its transcript flavour ([`transcript::ZkpTranscript`], a SHA-256
//! chain), its prover nonces ([`nonces`], ChaCha20 from the rewind nonce), its byte
//! layout ([`wire`]), rewinding ([`rewind`]) and minimum values ([`min_values`]),
//! named together by the format type
//! [`Zkp`]. The protocol itself is [`super::prover`] and [`super::verifier`].
//!
//! The format is specified in `docs/secp256k1-zkp-format.md` (section numbers below
//! refer to it); the notation table there maps every name to the code.

pub mod min_values;
pub mod nonces;
pub mod rewind;
pub mod shared;
pub mod transcript;
pub mod wire;

use super::format::{QBase, RangeProofFormat};
use crate::curve::secp256k1::Secp256k1;
use crate::inner_product::Folding;

/// secp256k1-zkp's format (Grin's Bulletproofs): the SHA-256 chain transcript
/// ([`transcript::ZkpTranscript`]), even/odd folding to two final elements,
/// `Q = w·B_blinding` (the curve's `G`) and the byte layout of [`wire`].
///
/// # Example
/// ```
/// use ballistic::range_proof::format::{Folding, RangeProofFormat};
/// use ballistic::secp256k1::{Secp256k1, Zkp};
/// assert_eq!(<Zkp as RangeProofFormat<Secp256k1>>::FOLDING, Folding::EvenOdd);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Zkp;

impl RangeProofFormat<Secp256k1> for Zkp {
    type Transcript = transcript::ZkpTranscript;
    const FOLDING: Folding = Folding::EvenOdd;
    const Q_BASE: QBase = QBase::Blinding;
}

#[cfg(test)]
mod vectors;

#[cfg(test)]
mod tests;
