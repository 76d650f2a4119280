//! The R1CS proof and its byte layout (dalek's `R1CSProof` on ristretto255).
//!
//! ```text
//! version (1 byte: 0 one phase, 1 two phases)
//! A_I1 || A_O1 || S1 || [A_I2 || A_O2 || S2]   (the bracket only for version 1)
//! T_1 || T_3 || T_4 || T_5 || T_6 || t_x || t_x_blinding || e_blinding
//! (L_0 || R_0) || … || (L_{k−1} || R_{k−1}) || a || b
//! ```
//!
//! Points are canonical encodings ([`Curve::POINT_BYTES`]: 32 on ristretto255, 33 on
//! secp256k1), scalars 32 bytes canonical (little-endian on ristretto255, big-endian
//! on secp256k1). Size: `1 + 8·P + 3·32 + 2·P·k + 64` for one phase (`+ 3·P` for
//! two), `k = log2` of the padded number of multipliers: on ristretto255
//! `417 + 64·k` bytes, 96 more for two phases.
//!
//! Decoding is strict, so that every proof has exactly one encoding: the length is
//! bounded by [`crate::MAX_IPP_ROUNDS`] before anything is allocated, every scalar is
//! canonical, every point a valid canonical encoding and not the identity (a
//! one-phase proof's second-phase commitments are the identity and are not on the
//! wire).

#![allow(non_snake_case)]
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use alloc::vec::Vec;

use super::R1CSError;
use crate::curve::{Curve, ProofPoint, ProofReader};
use crate::inner_product::InnerProductProof;

/// Version byte of a proof without second-phase commitments.
const ONE_PHASE: u8 = 0;
/// Version byte of a proof with second-phase commitments.
const TWO_PHASE: u8 = 1;

/// A proof that committed values satisfy a constraint system (see
/// [`crate::r1cs`]): the first- and second-phase commitments, the commitments to
/// the coefficients of `t(x)`, the evaluations and the inner-product proof.
///
/// # Example
/// ```
/// use ballistic::r1cs::R1CSProof;
/// use ballistic::curve::ristretto::Ristretto;
/// // The shortest byte string of the right length is still not a proof:
/// assert!(R1CSProof::<Ristretto>::from_bytes(&[0u8; 417]).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct R1CSProof<C: Curve = crate::curve::ristretto::Ristretto> {
    pub(super) A_I1: ProofPoint<C>,
    pub(super) A_O1: ProofPoint<C>,
    pub(super) S1: ProofPoint<C>,
    /// `None` for a one-phase proof (the identity, version byte 0).
    pub(super) phase2: Option<[ProofPoint<C>; 3]>,
    pub(super) T: [ProofPoint<C>; 5],
    pub(super) t_x: C::Scalar,
    pub(super) t_x_blinding: C::Scalar,
    pub(super) e_blinding: C::Scalar,
    pub(super) ipp_proof: InnerProductProof<C>,
}

/// Proofs are equal when their encodings are (the encoding is canonical).
impl<C: Curve> PartialEq for R1CSProof<C> {
    fn eq(&self, other: &Self) -> bool {
        self.to_bytes() == other.to_bytes()
    }
}
impl<C: Curve> Eq for R1CSProof<C> {}

impl<C: Curve> R1CSProof<C> {
    /// The size of a proof with `rounds` inner-product rounds.
    fn len_for(two_phase: bool, rounds: usize) -> usize {
        let points = if two_phase { 11 } else { 8 };
        1 + points * C::POINT_BYTES
            + 3 * C::SCALAR_BYTES
            + 2 * rounds * C::POINT_BYTES
            + 2 * C::SCALAR_BYTES
    }

    /// Whether the proof has second-phase commitments (version byte 1).
    pub fn is_two_phase(&self) -> bool {
        self.phase2.is_some()
    }

    /// Number of inner-product rounds: `log2` of the padded number of multipliers.
    pub fn rounds(&self) -> usize {
        self.ipp_proof.L_vec.len()
    }

    /// The length of [`R1CSProof::to_bytes`].
    pub fn serialized_size(&self) -> usize {
        Self::len_for(self.is_two_phase(), self.rounds())
    }

    /// Serialises the proof (module documentation: dalek's layout on ristretto255).
    ///
    /// # Example
    /// See [`crate::r1cs`]; a one-phase proof over 1 multiplier has 0 rounds:
    /// ```
    /// # use ballistic::merlin::Transcript;
    /// # use ballistic::ristretto::r1cs::{ConstraintSystem, Prover};
    /// # use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
    /// let pc = PedersenGens::default();
    /// let mut prover = Prover::new(&pc, Transcript::new(b"doc"));
    /// let (_, x) = prover.commit(Scalar::from(2u64), Scalar::from(5u64));
    /// let (_, _, o) = prover.multiply(x.into(), x.into());
    /// prover.constrain(o - 4u64);
    /// let proof = prover.prove(&BulletproofGens::new(1, 1))?;
    /// assert_eq!(proof.to_bytes().len(), 417);
    /// # Ok::<(), ballistic::r1cs::R1CSError>(())
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut buf = Vec::with_capacity(self.serialized_size());
        buf.push(if self.is_two_phase() {
            TWO_PHASE
        } else {
            ONE_PHASE
        });
        let phase2 = self.phase2.iter().flatten();
        for P in [&self.A_I1, &self.A_O1, &self.S1]
            .into_iter()
            .chain(phase2)
            .chain(self.T.iter())
        {
            buf.extend_from_slice(C::encoding_bytes(&P.encoding));
        }
        for s in [&self.t_x, &self.t_x_blinding, &self.e_blinding] {
            buf.extend_from_slice(&C::scalar_to_bytes(s));
        }
        for (L, R) in self.ipp_proof.L_vec.iter().zip(self.ipp_proof.R_vec.iter()) {
            buf.extend_from_slice(C::encoding_bytes(&L.encoding));
            buf.extend_from_slice(C::encoding_bytes(&R.encoding));
        }
        for s in self.ipp_proof.a.iter().chain(self.ipp_proof.b.iter()) {
            buf.extend_from_slice(&C::scalar_to_bytes(s));
        }
        buf
    }

    /// Parses a proof, strictly (module documentation).
    ///
    /// # Errors
    /// [`R1CSError::FormatError`] for any byte string that is not the canonical
    /// encoding of a proof.
    ///
    /// # Example
    /// ```
    /// use ballistic::r1cs::{R1CSError, R1CSProof};
    /// use ballistic::curve::ristretto::Ristretto;
    /// assert_eq!(R1CSProof::<Ristretto>::from_bytes(&[2; 449]), Err(R1CSError::FormatError));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, R1CSError> {
        let mut r = ProofReader::new(bytes, R1CSError::FormatError);
        let two_phase = match r.take(1)? {
            [ONE_PHASE] => false,
            [TWO_PHASE] => true,
            _ => return Err(R1CSError::FormatError),
        };
        let fixed = Self::len_for(two_phase, 0);
        if bytes.len() < fixed || bytes.len() > Self::len_for(two_phase, crate::MAX_IPP_ROUNDS) {
            return Err(R1CSError::FormatError);
        }
        let var = bytes.len() - fixed;
        if !var.is_multiple_of(2 * C::POINT_BYTES) {
            return Err(R1CSError::FormatError);
        }
        let rounds = var / (2 * C::POINT_BYTES);
        let commitments = if two_phase { 11 } else { 8 };
        let mut enc: Vec<C::Encoding> = Vec::with_capacity(commitments + 2 * rounds);
        for _ in 0..commitments {
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
        let points = C::decode_batch_vartime(&enc).map_err(|_| R1CSError::FormatError)?;
        let mut it = points.into_iter().zip(enc.iter().copied());
        let mut next = || match it.next() {
            Some((point, encoding)) if !C::is_identity(&point) => {
                Ok(ProofPoint { point, encoding })
            }
            _ => Err(R1CSError::FormatError),
        };
        let (A_I1, A_O1, S1) = (next()?, next()?, next()?);
        let phase2 = if two_phase {
            Some([next()?, next()?, next()?])
        } else {
            None
        };
        let T = [next()?, next()?, next()?, next()?, next()?];
        let mut L_vec = Vec::with_capacity(rounds);
        let mut R_vec = Vec::with_capacity(rounds);
        for _ in 0..rounds {
            L_vec.push(next()?);
            R_vec.push(next()?);
        }
        Ok(R1CSProof {
            A_I1,
            A_O1,
            S1,
            phase2,
            T,
            t_x,
            t_x_blinding,
            e_blinding,
            ipp_proof: InnerProductProof {
                L_vec,
                R_vec,
                a: alloc::vec![a],
                b: alloc::vec![b],
            },
        })
    }

    /// The second-phase commitments, the identity for a one-phase proof.
    pub(super) fn phase2_points(&self) -> [ProofPoint<C>; 3] {
        self.phase2.unwrap_or_else(|| {
            let id = ProofPoint {
                point: C::identity(),
                encoding: C::encode_vartime(&C::identity()),
            };
            [id; 3]
        })
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::R1CSProof;
    use crate::curve::Curve;
    use core::fmt;
    use core::marker::PhantomData;
    use serde::de::{Error, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Serialises as the bytes of [`R1CSProof::to_bytes`], like dalek's crate.
    impl<C: Curve> Serialize for R1CSProof<C> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_bytes(&self.to_bytes())
        }
    }

    /// Deserialises with the strict [`R1CSProof::from_bytes`].
    impl<'de, C: Curve> Deserialize<'de> for R1CSProof<C> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct ProofVisitor<C>(PhantomData<C>);
            impl<'de, C: Curve> Visitor<'de> for ProofVisitor<C> {
                type Value = R1CSProof<C>;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("the bytes of an R1CS proof")
                }
                fn visit_bytes<E: Error>(self, v: &[u8]) -> Result<R1CSProof<C>, E> {
                    R1CSProof::from_bytes(v).map_err(E::custom)
                }
                /// Formats without a byte type (JSON) give a sequence of numbers; at
                /// most the longest proof's length is collected.
                fn visit_seq<A: serde::de::SeqAccess<'de>>(
                    self,
                    mut seq: A,
                ) -> Result<R1CSProof<C>, A::Error> {
                    let max = R1CSProof::<C>::len_for(true, crate::MAX_IPP_ROUNDS);
                    let mut bytes =
                        alloc::vec::Vec::with_capacity(seq.size_hint().unwrap_or(0).min(max));
                    while let Some(b) = seq.next_element::<u8>()? {
                        if bytes.len() == max {
                            return Err(A::Error::custom("too long for an R1CS proof"));
                        }
                        bytes.push(b);
                    }
                    R1CSProof::from_bytes(&bytes).map_err(A::Error::custom)
                }
            }
            deserializer.deserialize_bytes(ProofVisitor(PhantomData))
        }
    }
}
