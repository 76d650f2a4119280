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

pub use crate::curve::ristretto::lanes::{backend, force_backend, Backend};
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
/// One ristretto255 range proof in dalek's format for [`BatchVerifier::add_many`](crate::range_proof::batch::BatchVerifier::add_many).
pub type BatchItem<'a> =
    crate::range_proof::batch::BatchItem<'a, Ristretto, crate::range_proof::format::Dalek>;

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
        ExtendedPedersenGens::default_for_degree(t)
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

/// Multi-party proving with the names, signatures, lifetimes and messages of
/// dalek's `bulletproofs::range_proof_mpc`: `m` parties, each with one secret
/// value, and a dealer build one aggregated range proof (see
/// [`crate::range_proof::mpc`] for the rounds, the trust placed in the dealer,
/// and the recomputing parties). With the `serde` feature the messages serialise
/// to the bytes of dalek's, so parties and dealers of both crates work together.
///
/// Beyond dalek: any `n` in `1..=64` and any `m`, a constant-time range check in
/// [`range_proof_mpc::party::Party::new`](crate::range_proof::mpc::party::Party::new)
/// ([`MPCError::ValueOutOfRange`](crate::errors::MPCError::ValueOutOfRange)), zero
/// `y` and `z` refused as well as zero `x`, and recomputing parties.
///
/// # Example
/// Four parties and a dealer; the proof verifies as an ordinary aggregated proof.
/// ```
/// use ballistic::ristretto::range_proof_mpc::{dealer::Dealer, party::Party};
/// use ballistic::ristretto::{random_scalar, BulletproofGens, PedersenGens, RangeProof};
/// use ballistic::merlin::Transcript;
///
/// let (bp, pc) = (BulletproofGens::new(64, 4), PedersenGens::default());
/// let mut rng = rand::thread_rng();
/// let values = [7u64, 1 << 40, 0, u64::MAX];
///
/// let mut transcript = Transcript::new(b"mpc example");
/// let dealer = Dealer::new(&bp, &pc, &mut transcript, 64, 4)?;
/// let parties = values
///     .iter()
///     .map(|v| Party::new(&bp, &pc, *v, random_scalar(&mut rng), 64))
///     .collect::<Result<Vec<_>, _>>()?;
/// let (parties, bit_commitments): (Vec<_>, Vec<_>) = parties
///     .into_iter()
///     .enumerate()
///     .map(|(j, p)| p.assign_position(j))
///     .collect::<Result<Vec<_>, _>>()?
///     .into_iter()
///     .unzip();
/// let commitments: Vec<_> = bit_commitments.iter().map(|c| *c.v_j()).collect();
///
/// let (dealer, bit_challenge) = dealer.receive_bit_commitments(bit_commitments)?;
/// let (parties, poly_commitments): (Vec<_>, Vec<_>) =
///     parties.into_iter().map(|p| p.apply_challenge(&bit_challenge)).unzip();
/// let (dealer, poly_challenge) = dealer.receive_poly_commitments(poly_commitments)?;
/// let shares = parties
///     .into_iter()
///     .map(|p| p.apply_challenge(&poly_challenge))
///     .collect::<Result<Vec<_>, _>>()?;
/// let proof: RangeProof = dealer.receive_shares(&shares)?;
///
/// proof.verify_multiple(&bp, &pc, &mut Transcript::new(b"mpc example"), &commitments, 64)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod range_proof_mpc {
    pub use crate::errors::MPCError;

    /// The parties' type states (dalek's `range_proof_mpc::party`).
    pub mod party {
        use crate::range_proof::format::Dalek;
        use crate::range_proof::mpc::party as generic;
        pub use crate::range_proof::mpc::Trusting;
        use crate::ristretto::Ristretto;

        /// A recomputing party's mode ([`crate::range_proof::mpc::Recomputing`]).
        pub type Recomputing = crate::range_proof::mpc::Recomputing<Ristretto, Dalek>;

        /// Entry point of a party: `Party::new(bp_gens, pc_gens, v, v_blinding, n)`.
        ///
        /// # Example
        /// ```
        /// use ballistic::ristretto::range_proof_mpc::{party::Party, MPCError};
        /// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
        /// let (bp, pc) = (BulletproofGens::new(16, 1), PedersenGens::default());
        /// let party = Party::new(&bp, &pc, 1000, Scalar::from(3u64), 16)?;
        /// assert_eq!(*party.value_commitment(), pc.commit(Scalar::from(1000u64), Scalar::from(3u64)).compress());
        /// // 2^16 does not fit in 16 bits.
        /// assert_eq!(Party::new(&bp, &pc, 1 << 16, Scalar::ONE, 16).unwrap_err(),
        ///     MPCError::ValueOutOfRange);
        /// # Ok::<(), MPCError>(())
        /// ```
        pub type Party = generic::Party<Ristretto, Dalek>;

        /// A party awaiting its position.
        ///
        /// # Example
        /// ```
        /// use ballistic::ristretto::range_proof_mpc::party::{Party, PartyAwaitingPosition};
        /// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
        /// let (bp, pc) = (BulletproofGens::new(8, 2), PedersenGens::default());
        /// let party: PartyAwaitingPosition = Party::new(&bp, &pc, 5, Scalar::ONE, 8)?;
        /// let (_party, bit_commitment) = party.assign_position(1)?;
        /// assert_eq!(*bit_commitment.v_j(), pc.commit(Scalar::from(5u64), Scalar::ONE).compress());
        /// # Ok::<(), ballistic::ristretto::range_proof_mpc::MPCError>(())
        /// ```
        pub type PartyAwaitingPosition<'a> = generic::PartyAwaitingPosition<'a, Ristretto, Dalek>;

        /// A party awaiting the bit challenge; `M` is [`Trusting`] (dalek's) or
        /// [`Recomputing`].
        ///
        /// # Example
        /// A recomputing party refuses a challenge its transcript does not give.
        /// ```
        /// use ballistic::ristretto::range_proof_mpc::{dealer::Dealer, party::Party, MPCError};
        /// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
        /// use ballistic::merlin::Transcript;
        /// let (bp, pc) = (BulletproofGens::new(8, 1), PedersenGens::default());
        /// let mut t = Transcript::new(b"dealer's context");
        /// let dealer = Dealer::new(&bp, &pc, &mut t, 8, 1)?;
        /// // The party expects another context.
        /// let party = Party::new(&bp, &pc, 5, Scalar::ONE, 8)?;
        /// let (party, bits) = party.assign_position_checked(0, 1, &Transcript::new(b"party's"))?;
        /// let (_dealer, challenge) = dealer.receive_bit_commitments(vec![bits])?;
        /// let r = party.apply_challenge(&challenge, &[bits]);
        /// assert_eq!(r.unwrap_err(), MPCError::ChallengeMismatch);
        /// # Ok::<(), MPCError>(())
        /// ```
        pub type PartyAwaitingBitChallenge<'a, M = Trusting> =
            generic::PartyAwaitingBitChallenge<'a, Ristretto, Dalek, M>;

        /// A party awaiting the polynomial challenge (no lifetime).
        ///
        /// # Example
        /// ```
        /// use ballistic::ristretto::range_proof_mpc::{dealer::Dealer, party::Party};
        /// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
        /// use ballistic::merlin::Transcript;
        /// let (bp, pc) = (BulletproofGens::new(8, 1), PedersenGens::default());
        /// let mut t = Transcript::new(b"ex");
        /// let dealer = Dealer::new(&bp, &pc, &mut t, 8, 1)?;
        /// let (party, bits) = Party::new(&bp, &pc, 5, Scalar::ONE, 8)?.assign_position(0)?;
        /// let (dealer, yz) = dealer.receive_bit_commitments(vec![bits])?;
        /// let (party, poly) = party.apply_challenge(&yz);
        /// let (_dealer, x) = dealer.receive_poly_commitments(vec![poly])?;
        /// let share = party.apply_challenge(&x)?;
        /// assert_eq!(share.l_vec().len(), 8);
        /// # Ok::<(), ballistic::ristretto::range_proof_mpc::MPCError>(())
        /// ```
        pub type PartyAwaitingPolyChallenge<M = Trusting> =
            generic::PartyAwaitingPolyChallenge<Ristretto, Dalek, M>;
    }

    /// The dealer's type states (dalek's `range_proof_mpc::dealer`).
    pub mod dealer {
        use crate::range_proof::format::Dalek;
        use crate::range_proof::mpc::dealer as generic;
        use crate::ristretto::Ristretto;

        /// Entry point of the dealer:
        /// `Dealer::new(bp_gens, pc_gens, transcript, n, m)`.
        ///
        /// # Example
        /// ```
        /// use ballistic::ristretto::range_proof_mpc::{dealer::Dealer, MPCError};
        /// use ballistic::ristretto::{BulletproofGens, PedersenGens};
        /// use ballistic::merlin::Transcript;
        /// let (bp, pc) = (BulletproofGens::new(64, 4), PedersenGens::default());
        /// let mut t = Transcript::new(b"ex");
        /// assert!(Dealer::new(&bp, &pc, &mut t, 48, 3).is_ok()); // any shape
        /// assert_eq!(Dealer::new(&bp, &pc, &mut t, 64, 5).unwrap_err(),
        ///     MPCError::InvalidGeneratorsLength);
        /// assert_eq!(Dealer::new(&bp, &pc, &mut t, 65, 1).unwrap_err(), MPCError::InvalidBitsize);
        /// ```
        pub type Dealer = generic::Dealer<Ristretto, Dalek>;

        /// The dealer awaiting the bit commitments.
        ///
        /// # Example
        /// ```
        /// use ballistic::ristretto::range_proof_mpc::{dealer::Dealer, MPCError};
        /// use ballistic::ristretto::{BulletproofGens, PedersenGens};
        /// use ballistic::merlin::Transcript;
        /// let (bp, pc) = (BulletproofGens::new(8, 2), PedersenGens::default());
        /// let mut t = Transcript::new(b"ex");
        /// let dealer = Dealer::new(&bp, &pc, &mut t, 8, 2)?;
        /// assert_eq!(dealer.receive_bit_commitments(vec![]).unwrap_err(),
        ///     MPCError::WrongNumBitCommitments);
        /// # Ok::<(), MPCError>(())
        /// ```
        pub type DealerAwaitingBitCommitments<'a, 'b> =
            generic::DealerAwaitingBitCommitments<'a, 'b, Ristretto, Dalek>;

        /// The dealer awaiting the polynomial commitments.
        ///
        /// # Example
        /// ```
        /// use ballistic::ristretto::range_proof_mpc::{dealer::Dealer, party::Party, MPCError};
        /// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
        /// use ballistic::merlin::Transcript;
        /// let (bp, pc) = (BulletproofGens::new(8, 1), PedersenGens::default());
        /// let mut t = Transcript::new(b"ex");
        /// let dealer = Dealer::new(&bp, &pc, &mut t, 8, 1)?;
        /// let (_party, bits) = Party::new(&bp, &pc, 5, Scalar::ONE, 8)?.assign_position(0)?;
        /// let (dealer, _yz) = dealer.receive_bit_commitments(vec![bits])?;
        /// assert_eq!(dealer.receive_poly_commitments(vec![]).unwrap_err(),
        ///     MPCError::WrongNumPolyCommitments);
        /// # Ok::<(), MPCError>(())
        /// ```
        pub type DealerAwaitingPolyCommitments<'a, 'b> =
            generic::DealerAwaitingPolyCommitments<'a, 'b, Ristretto, Dalek>;

        /// The dealer awaiting the proof shares.
        ///
        /// # Example
        /// ```
        /// use ballistic::ristretto::range_proof_mpc::{dealer::Dealer, party::Party, MPCError};
        /// use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof, Scalar};
        /// use ballistic::merlin::Transcript;
        /// let (bp, pc) = (BulletproofGens::new(8, 1), PedersenGens::default());
        /// let mut t = Transcript::new(b"ex");
        /// let dealer = Dealer::new(&bp, &pc, &mut t, 8, 1)?;
        /// let (party, bits) = Party::new(&bp, &pc, 5, Scalar::ONE, 8)?.assign_position(0)?;
        /// let v = *bits.v_j();
        /// let (dealer, yz) = dealer.receive_bit_commitments(vec![bits])?;
        /// let (party, poly) = party.apply_challenge(&yz);
        /// let (dealer, x) = dealer.receive_poly_commitments(vec![poly])?;
        /// let proof: RangeProof = dealer.receive_trusted_shares(&[party.apply_challenge(&x)?])?;
        /// assert!(proof.verify_single(&bp, &pc, &mut Transcript::new(b"ex"), &v, 8).is_ok());
        /// # Ok::<(), MPCError>(())
        /// ```
        pub type DealerAwaitingProofShares<'a, 'b> =
            generic::DealerAwaitingProofShares<'a, 'b, Ristretto, Dalek>;
    }

    /// The messages (dalek's `range_proof_mpc::messages`), with curve25519-dalek's
    /// field types.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::range_proof_mpc::{messages::BitCommitment, party::Party};
    /// use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
    /// let (bp, pc) = (BulletproofGens::new(8, 1), PedersenGens::default());
    /// let (_party, bits): (_, BitCommitment) =
    ///     Party::new(&bp, &pc, 5, Scalar::ONE, 8)?.assign_position(0)?;
    /// assert_ne!(bits.a_j(), bits.s_j());
    /// # Ok::<(), ballistic::ristretto::range_proof_mpc::MPCError>(())
    /// ```
    pub mod messages {
        use crate::range_proof::mpc::messages as generic;
        use crate::ristretto::Ristretto;

        /// Party → dealer: `V_j`, `A_j`, `S_j` (96 bytes in bincode).
        pub type BitCommitment = generic::BitCommitment<Ristretto>;
        /// Dealer → parties: `y`, `z` (64 bytes in bincode).
        pub type BitChallenge = generic::BitChallenge<Ristretto>;
        /// Party → dealer: `T_1_j`, `T_2_j` (64 bytes in bincode).
        pub type PolyCommitment = generic::PolyCommitment<Ristretto>;
        /// Dealer → parties: `x` (32 bytes in bincode).
        pub type PolyChallenge = generic::PolyChallenge<Ristretto>;
        /// Party → dealer: `t_x`, `t_x_blinding`, `e_blinding`, `l_vec`, `r_vec`
        /// (`112 + 64·n` bytes in bincode).
        pub type ProofShare = generic::ProofShare<Ristretto>;
    }
}
