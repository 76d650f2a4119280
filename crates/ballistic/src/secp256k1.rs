//! Range proofs on secp256k1, interchangeable with secp256k1-zkp's Bulletproofs (the
//! ones Grin runs).
//!
//! The API is the one of [`crate::ristretto`] (dalek's names), with secp256k1-zkp's
//! transcript ([`Transcript`]: a SHA-256 chain with the optional `extra_commit`, the
//! rewind nonce and message) and byte layout (675 bytes for a 64-bit proof). Value
//! commitments are secp256k1-zkp's 33-byte Pedersen commitments `v·H + γ·G`.
//! Shapes: secp256k1-zkp's own (`n ∈ {1, 2, 4, …, 64}`, `m` a power of two) with
//! `n·m` at most half the generators ([`grin_generators`]: 256, so up to two 64-bit
//! values; [`zkp_generators`] for more), interchangeable with the C library; and
//! every other `1 <= n <= 64`, `m >= 1` by ballistic's padding rule
//! (`docs/padding.md`; the C library cannot verify those). The format is specified in
//! `docs/secp256k1-zkp-format.md`.
//!
//! # Example
//! ```
//! use ballistic::secp256k1::{grin_generators, PedersenGens, RangeProof, Transcript};
//! use ballistic::curve::{Curve, secp256k1::Secp256k1};
//! let (bp, pc) = (grin_generators(), PedersenGens::default());
//! let blinding = Secp256k1::scalar_from_u64(0x1234_5678); // use a random scalar in practice
//! let t = Transcript::new().with_extra_commit(b"tx kernel");
//! let (proof, commitment) = RangeProof::prove_single(&bp, &pc, &mut t.clone(), 1037, &blinding, 64)?;
//! let bytes = proof.to_bytes();
//! assert_eq!(bytes.len(), 675);
//! let proof = RangeProof::from_bytes(&bytes)?;
//! proof.verify_single(&bp, &pc, &mut t.clone(), &commitment, 64)?;
//! # Ok::<(), ballistic::ProofError>(())
//! ```

use alloc::vec::Vec;

pub use crate::curve::secp256k1::{Point, Secp256k1};
pub use crate::errors::ProofError;
pub use crate::range_proof::zkp::rewind::Rewound;
pub use crate::range_proof::zkp::transcript::ZkpTranscript as Transcript;
pub use crate::range_proof::zkp::Zkp;
pub use k256::Scalar;

/// The Pedersen bases: `B = H` (secp256k1-zkp's value generator), `B_blinding = G`.
pub type PedersenGens = crate::generators::PedersenGens<Secp256k1>;
/// The inner-product generators (secp256k1-zkp's flat vector; see [`zkp_generators`]).
pub type BulletproofGens = crate::generators::BulletproofGens<Secp256k1>;
/// A range proof on secp256k1 in secp256k1-zkp's format
/// ([`RangeProof::to_bytes`](crate::range_proof::RangeProof::to_bytes),
/// [`RangeProof::from_bytes`](crate::range_proof::RangeProof::from_bytes)).
pub type RangeProof = crate::range_proof::RangeProof<Secp256k1, Zkp>;
/// Verifies many secp256k1 range proofs (any shapes, any value generators) at once.
pub type BatchVerifier<'g> = crate::range_proof::batch::BatchVerifier<'g, Secp256k1>;
pub use crate::range_proof::batch::BatchError;
/// One secp256k1 range proof in secp256k1-zkp's format for [`BatchVerifier::add_many`](crate::range_proof::batch::BatchVerifier::add_many).
pub type BatchItem<'a> = crate::range_proof::batch::BatchItem<'a, Secp256k1, Zkp>;

/// Number of generators in Grin's set (`secp256k1_bulletproof_generators_create(ctx,
/// G, 256)`): proofs with `n·m <= 128`.
pub const GRIN_GENERATORS: usize = 256;

/// secp256k1-zkp's generator set of `total` generators (an even number):
/// `G_i = 𝔊[i]`, `H_i = 𝔊[total/2 + i]`. The split depends on `total`, so a proof
/// verifies only with the set it was made with; Grin uses [`GRIN_GENERATORS`].
///
/// # Example
/// ```
/// let gens = ballistic::secp256k1::zkp_generators(1024); // 64-bit proofs of up to 8 values
/// assert!(gens.supports(64, 8));
/// ```
pub fn zkp_generators(total: usize) -> BulletproofGens {
    let mut all = crate::curve::secp256k1::zkp_generators::generators(total);
    let h_vec: Vec<Point> = all.split_off(total / 2);
    all.truncate(total / 2);
    BulletproofGens::from_flat_vectors(all, h_vec)
}

/// Grin's generator set ([`zkp_generators`]`(256)`).
///
/// # Example
/// ```
/// let gens = ballistic::secp256k1::grin_generators();
/// assert!(gens.supports(64, 2) && !gens.supports(64, 4));
/// ```
pub fn grin_generators() -> BulletproofGens {
    zkp_generators(GRIN_GENERATORS)
}
/// Shared outputs (Grin's multisig outputs): one proof for a commitment whose
/// blinding factor is split between parties, in the rounds of secp256k1-zkp's
/// multi-party mode, byte-identical with the C library. Rounds, what each party
/// learns and the rogue-key hazard wallets must handle:
/// [`crate::range_proof::zkp::shared`].
///
/// # Example
/// ```
/// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
/// use ballistic::secp256k1::shared_output::{sum_commitments, SharedParty, SharedStatement, TauPoints};
/// use ballistic::curve::{Curve, secp256k1::Secp256k1};
/// let (bp, pc) = (grin_generators(), PedersenGens::default());
/// let (g_a, g_b) = (Scalar::from(31u64), Scalar::from(41u64)); // random in practice
/// let c = sum_commitments(&[Secp256k1::encode(&pc.commit(Scalar::from(600u64), g_a)),
///                           Secp256k1::encode(&pc.commit(Scalar::ZERO, g_b))])?;
/// let t = Transcript::new().with_extra_commit(b"kernel");
/// let st = SharedStatement::new(&bp, &pc, &t, [8u8; 32], &[600], &[c], 64)?;
/// let mut rng = rand::thread_rng();
/// let (a, tau_a) = SharedParty::new(&st, &[g_a], &mut rng)?; // round 1, wallet A
/// let (b, tau_b) = SharedParty::new(&st, &[g_b], &mut rng)?; // round 1, wallet B
/// let sums = TauPoints::sum(&[tau_a, tau_b])?;
/// let (combiner, x_a) = a.tau_x(&sums)?; // round 2
/// let (_, x_b) = b.tau_x(&sums)?;
/// let proof = combiner.finalize(&[x_a, x_b])?; // final
/// proof.verify_single(&bp, &pc, &mut t.clone(), &c, 64)?;
/// assert_eq!(proof.to_bytes().len(), 675);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod shared_output {
    pub use crate::range_proof::zkp::shared::{
        rewind, sum_commitments, sum_points, sum_scalars, Combiner, PartyAwaitingTauSums,
        SharedOutputError, SharedParty, SharedRewound, SharedStatement, TauPoints,
    };
}

/// Arithmetic-circuit proofs on secp256k1: the protocol of [`crate::r1cs`] with its
/// Merlin transcript (the labels of dalek's `r1cs v1`), 33-byte points and
/// big-endian scalars (byte layout in [`crate::r1cs::R1CSProof`]'s module notes).
pub mod r1cs {
    use super::Secp256k1;
    pub use crate::r1cs::{
        BatchError, ConstraintSystem, Metrics, R1CSError, RandomizableConstraintSystem,
        RandomizedConstraintSystem, MAX_MULTIPLIERS,
    };
    use merlin::Transcript;
    /// A variable of a secp256k1 constraint system.
    pub type Variable = crate::r1cs::Variable<Secp256k1>;
    /// A linear combination of secp256k1 variables.
    pub type LinearCombination = crate::r1cs::LinearCombination<Secp256k1>;
    /// The prover's constraint system on secp256k1.
    pub type Prover<'g, T = Transcript> = crate::r1cs::Prover<'g, Secp256k1, T>;
    /// The prover in the second phase.
    pub type RandomizingProver<'g, T = Transcript> =
        crate::r1cs::RandomizingProver<'g, Secp256k1, T>;
    /// The verifier's constraint system on secp256k1.
    pub type Verifier<T = Transcript> = crate::r1cs::Verifier<Secp256k1, T>;
    /// The verifier in the second phase.
    pub type RandomizingVerifier<T = Transcript> = crate::r1cs::RandomizingVerifier<Secp256k1, T>;
    /// An R1CS proof on secp256k1.
    pub type R1CSProof = crate::r1cs::R1CSProof<Secp256k1>;
    /// Verifies many R1CS proofs of any circuits at once.
    pub type BatchVerifier<'g> = crate::r1cs::BatchVerifier<'g, Secp256k1>;
}

/// Bulletproofs+ on secp256k1: Tari's protocol and Merlin transcript with 33-byte
/// points and big-endian scalars (see [`crate::bp_plus`]; no deployed format to
/// match). The transcript is a plain [`merlin::Transcript`].
pub mod bp_plus {
    use super::Secp256k1;
    pub use crate::bp_plus::VerifyAction;
    use crate::errors::ProofError;
    pub use crate::generators::MAX_EXTENSION_DEGREE;
    /// A Bulletproofs+ range proof on secp256k1.
    pub type RangeProofPlus = crate::bp_plus::RangeProofPlus<Secp256k1>;
    /// The opening of an extended commitment.
    pub type Opening<'a> = crate::bp_plus::Opening<'a, Secp256k1>;
    /// Extended Pedersen bases on secp256k1.
    pub type ExtendedPedersenGens = crate::generators::ExtendedPedersenGens<Secp256k1>;

    /// Extended Pedersen bases with `t` mask bases: `B` = the value base `H` of
    /// secp256k1-zkp (Grin), `B̃_0` = the curve's generator `G` (so that degree-1
    /// commitments are Grin's commitments), `B̃_1 … B̃_5` the first points of the
    /// chain `ballistic bp+ mask base`.
    ///
    /// # Errors
    /// [`ProofError::InvalidExtensionDegree`] unless `1 <= t <= 6`.
    ///
    /// # Example
    /// ```
    /// let pc = ballistic::secp256k1::bp_plus::pedersen_gens(1)?;
    /// assert_eq!(pc.extension_degree(), 1);
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn pedersen_gens(t: usize) -> Result<ExtendedPedersenGens, ProofError> {
        ExtendedPedersenGens::default_for_degree(t)
    }
}
