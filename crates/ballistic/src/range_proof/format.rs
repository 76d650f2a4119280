//! Wire formats as types.
//!
//! A format fixes, at compile time, everything in which two range-proof formats
//! differ: the transcript flavour, the inner-product argument's folding order (and
//! so its final length), the Pedersen base under its `Q`, and the byte codec (the
//! inherent `to_bytes` / `from_bytes` of [`RangeProof<C, F>`](super::RangeProof) for
//! that `F`). One prover and one verifier serve every format; a proof's type says
//! which format it is in, so a proof can never be encoded in a layout that its own
//! decoder cannot read.
//!
//! | format | transcript | folding | `Q` | codec |
//! |---|---|---|---|---|
//! | [`Dalek`] (any curve) | Merlin, dalek's labels | [`Folding::Halves`] | `w·B` | [`wire`](super::wire) |
//! | [`Zkp`](super::zkp::Zkp) (secp256k1) | SHA-256 chain | [`Folding::EvenOdd`] | `w·B_blinding` | [`zkp::wire`](super::zkp::wire) |

use core::fmt::Debug;

use super::transcript::RangeProofTranscript;
use crate::curve::Curve;
pub use crate::inner_product::Folding;

/// The Pedersen base under the inner-product argument's `Q = w·base`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QBase {
    /// The value base `B` (dalek).
    Value,
    /// The blinding base `B_blinding` (secp256k1-zkp).
    Blinding,
}

impl QBase {
    /// The one of `(value, blinding)` this base names: the base itself, or the
    /// verifier's scalar of it.
    ///
    /// # Example
    /// ```
    /// use ballistic::range_proof::format::QBase;
    /// assert_eq!(QBase::Blinding.pick("B", "B_blinding"), "B_blinding");
    /// ```
    pub fn pick<T>(self, value: T, blinding: T) -> T {
        match self {
            QBase::Value => value,
            QBase::Blinding => blinding,
        }
    }
}

/// A range-proof wire format on the curve `C`.
///
/// # Example
/// ```
/// use ballistic::range_proof::format::{Dalek, Folding, QBase, RangeProofFormat};
/// use ballistic::curve::ristretto::Ristretto;
/// assert_eq!(<Dalek as RangeProofFormat<Ristretto>>::FOLDING, Folding::Halves);
/// assert_eq!(<Dalek as RangeProofFormat<Ristretto>>::Q_BASE, QBase::Value);
/// ```
pub trait RangeProofFormat<C: Curve>:
    'static + Copy + Debug + Default + PartialEq + Eq + Send + Sync
{
    /// The transcript flavour (its labels and challenge derivation).
    type Transcript: RangeProofTranscript<C>;
    /// How the inner-product argument folds, and so its final length.
    const FOLDING: Folding;
    /// The base of the argument's `Q`.
    const Q_BASE: QBase;
}

/// dalek's `bulletproofs` format: Merlin transcript with dalek's labels, lo/hi
/// folding to one element, `Q = w·B`, dalek's byte layout with the curve's point
/// encodings. On ristretto255 it is dalek's format byte for byte; on other curves the
/// same construction with that curve's encodings.
///
/// # Example
/// ```
/// use ballistic::range_proof::{format::Dalek, RangeProof};
/// use ballistic::curve::secp256k1::Secp256k1;
/// use ballistic::generators::{BulletproofGens, PedersenGens};
/// use ballistic::merlin::Transcript;
/// // secp256k1 in dalek's construction: 33-byte points in dalek's layout.
/// let (bp, pc) = (BulletproofGens::<Secp256k1>::new(8, 1), PedersenGens::default());
/// let blinding = ballistic::curve::secp256k1::Secp256k1::scalar_from_u64(5);
/// # use ballistic::curve::Curve;
/// let (proof, v) = RangeProof::<Secp256k1, Dalek>::prove_single(
///     &bp, &pc, &mut Transcript::new(b"ex"), 7, &blinding, 8)?;
/// let proof = RangeProof::<Secp256k1, Dalek>::from_bytes(&proof.to_bytes())?;
/// proof.verify_single(&bp, &pc, &mut Transcript::new(b"ex"), &v, 8)?;
/// # Ok::<(), ballistic::ProofError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dalek;

impl<C: Curve> RangeProofFormat<C> for Dalek {
    type Transcript = merlin::Transcript;
    const FOLDING: Folding = Folding::Halves;
    const Q_BASE: QBase = QBase::Value;
}
