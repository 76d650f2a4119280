//! Range proofs on ristretto255, interchangeable with dalek's `bulletproofs` crate.
//!
//! The names and signatures are those of dalek's crate: code written against it
//! compiles against this module once it takes `curve25519_dalek` and `merlin` from
//! ballistic's re-exports. For `n ∈ {8, 16, 32, 64}` and `m` a power of two the
//! proofs are in dalek's byte format and transcript and cross-verify both ways; every
//! other shape (`1 <= n <= 64`, any `m >= 1`) uses the padding rule of
//! `docs/padding.md`.
//!
//! # Example
//! ```
//! use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof};
//! use ballistic::merlin::Transcript;
//! use ballistic::curve25519_dalek::scalar::Scalar;
//!
//! let pc_gens = PedersenGens::default();
//! let bp_gens = BulletproofGens::new(64, 1);
//! let secret_value = 1037578891u64;
//! let blinding = Scalar::from(0x1234_5678u64); // use a random scalar in practice
//!
//! let mut prover_transcript = Transcript::new(b"doctest example");
//! let (proof, committed_value) = RangeProof::prove_single(
//!     &bp_gens, &pc_gens, &mut prover_transcript, secret_value, &blinding, 64,
//! ).expect("value is in range");
//! let bytes = proof.to_bytes();
//! assert_eq!(bytes.len(), 672);
//!
//! let proof = RangeProof::from_bytes(&bytes)?;
//! let mut verifier_transcript = Transcript::new(b"doctest example");
//! proof.verify_single(&bp_gens, &pc_gens, &mut verifier_transcript, &committed_value, 64)?;
//! # Ok::<(), ballistic::ProofError>(())
//! ```

pub use crate::curve::ristretto::Ristretto;
pub use crate::errors::ProofError;
pub use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
pub use curve25519_dalek::scalar::Scalar;

/// A uniformly random scalar from a `rand_core` 0.6 RNG (the RNG traits of `rand` 0.8,
/// `merlin` and dalek's `bulletproofs`; curve25519-dalek 5's own `Scalar::random`
/// takes `rand_core` 0.10).
///
/// # Example
/// ```
/// let blinding = ballistic::ristretto::random_scalar(&mut rand::thread_rng());
/// assert_ne!(blinding, ballistic::ristretto::Scalar::ZERO);
/// ```
pub fn random_scalar<R: rand_core::RngCore + rand_core::CryptoRng>(rng: &mut R) -> Scalar {
    use crate::curve::Curve;
    Ristretto::scalar_to_api(&Ristretto::scalar_random(rng))
}

/// The Pedersen bases on ristretto255 (`B` = basepoint, `B_blinding` as in dalek).
pub type PedersenGens = crate::generators::PedersenGens<Ristretto>;
/// The inner-product generators on ristretto255 (dalek's chains plus padding chains).
pub type BulletproofGens = crate::generators::BulletproofGens<Ristretto>;
/// A range proof on ristretto255 in dalek's format
/// ([`RangeProof::to_bytes`](crate::range_proof::RangeProof::to_bytes),
/// [`RangeProof::from_bytes`](crate::range_proof::RangeProof::from_bytes)).
pub type RangeProof = crate::range_proof::RangeProof<Ristretto, crate::range_proof::format::Dalek>;
/// Verifies many ristretto255 range proofs (any shapes, any Pedersen bases) at once.
pub type BatchVerifier<'g> = crate::range_proof::batch::BatchVerifier<'g, Ristretto>;
pub use crate::range_proof::batch::BatchError;

/// Arithmetic-circuit proofs on ristretto255 with the names, the transcript and the
/// byte format of dalek's `r1cs` module (`bulletproofs` 4.0.0, `yoloproofs`): see
/// [`crate::r1cs`] for the protocol and an example.
pub mod r1cs {
    use super::Ristretto;
    pub use crate::r1cs::{
        BatchError, ConstraintSystem, Metrics, R1CSError, RandomizableConstraintSystem,
        RandomizedConstraintSystem, MAX_MULTIPLIERS,
    };
    use merlin::Transcript;
    /// A variable of a ristretto255 constraint system.
    pub type Variable = crate::r1cs::Variable<Ristretto>;
    /// A linear combination of ristretto255 variables.
    pub type LinearCombination = crate::r1cs::LinearCombination<Ristretto>;
    /// The prover's constraint system on ristretto255.
    pub type Prover<'g, T = Transcript> = crate::r1cs::Prover<'g, Ristretto, T>;
    /// The prover in the second phase.
    pub type RandomizingProver<'g, T = Transcript> =
        crate::r1cs::RandomizingProver<'g, Ristretto, T>;
    /// The verifier's constraint system on ristretto255.
    pub type Verifier<T = Transcript> = crate::r1cs::Verifier<Ristretto, T>;
    /// The verifier in the second phase.
    pub type RandomizingVerifier<T = Transcript> = crate::r1cs::RandomizingVerifier<Ristretto, T>;
    /// An R1CS proof in dalek's byte format.
    pub type R1CSProof = crate::r1cs::R1CSProof<Ristretto>;
    /// Verifies many R1CS proofs of any circuits at once.
    pub type BatchVerifier<'g> = crate::r1cs::BatchVerifier<'g, Ristretto>;
}

/// Bulletproofs+ on ristretto255 in the format, transcript and generators of
/// `tari_bulletproofs_plus` 0.5 (see [`crate::bp_plus`]).
pub mod bp_plus {
    use super::Ristretto;
    pub use crate::bp_plus::VerifyAction;
    use crate::errors::ProofError;
    pub use crate::generators::MAX_EXTENSION_DEGREE;
    /// A Bulletproofs+ range proof on ristretto255 in Tari's format.
    pub type RangeProofPlus = crate::bp_plus::RangeProofPlus<Ristretto>;
    /// The opening of an extended commitment.
    pub type Opening<'a> = crate::bp_plus::Opening<'a, Ristretto>;
    /// Extended Pedersen bases on ristretto255.
    pub type ExtendedPedersenGens = crate::generators::ExtendedPedersenGens<Ristretto>;

    /// Tari's extended Pedersen bases with `t` mask bases
    /// (`create_pedersen_gens_with_extension_degree`): `B` the ristretto255
    /// basepoint, `B̃_k` the point of `SHA3-512("RISTRETTO_MASKING_BASEPOINT_" ‖ (k+1))`
    /// by ristretto255's map from uniform bytes. `B̃_0` is not dalek's `B_blinding`.
    ///
    /// # Errors
    /// [`ProofError::InvalidExtensionDegree`] unless `1 <= t <= 6`.
    ///
    /// # Example
    /// ```
    /// let pc = ballistic::ristretto::bp_plus::pedersen_gens(2)?;
    /// assert_eq!(pc.extension_degree(), 2);
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn pedersen_gens(t: usize) -> Result<ExtendedPedersenGens, ProofError> {
        let bases = crate::curve::ristretto::tari_mask_bases();
        let masks = bases.get(..t).ok_or(ProofError::InvalidExtensionDegree)?;
        ExtendedPedersenGens::from_points(
            <Ristretto as crate::curve::Curve>::default_pedersen_bases().0,
            masks.to_vec(),
        )
    }
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::RangeProof;
    use core::fmt;
    use serde::de::{Error, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// Serialises as the bytes of [`RangeProof::to_bytes`], like dalek's crate.
    impl Serialize for RangeProof {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_bytes(&self.to_bytes())
        }
    }

    /// Deserialises with the strict [`RangeProof::from_bytes`].
    impl<'de> Deserialize<'de> for RangeProof {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            struct ProofVisitor;
            impl Visitor<'_> for ProofVisitor {
                type Value = RangeProof;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("the bytes of a ristretto255 range proof")
                }
                fn visit_bytes<E: Error>(self, v: &[u8]) -> Result<RangeProof, E> {
                    RangeProof::from_bytes(v).map_err(E::custom)
                }
            }
            deserializer.deserialize_bytes(ProofVisitor)
        }
    }
}
