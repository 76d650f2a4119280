//! Shared outputs: one secp256k1-zkp range proof for a commitment whose blinding
//! factor is split between several parties (Grin's multisig outputs), byte-identical
//! with secp256k1-zkp's multi-party mode of `secp256k1_bulletproof_rangeproof_prove`
//! (the rounds `grin_secp256k1zkp`'s `bullet_proof_multisig` drives with `step`
//! 1, 2 and 0).
//!
//! | name | meaning |
//! |---|---|
//! | `v` | the value(s), known to every party; one value in Grin (`m = 1`) |
//! | `γ_j` | party `j`'s blinding share (its secret); its partial commitment `C_j = v_j·H + γ_j·G` with `Σ_j v_j = v` |
//! | `C` | the shared commitment `Σ_j C_j` ([`sum_commitments`]), the statement |
//! | common nonce | 32 bytes every party knows: `α, ρ, s_L, s_R` (hence `A`, `S`, `l`, `r`, `μ`) and rewinding come from it |
//! | private nonce | party `j`'s own 32 bytes: `(τ_1,j, τ_2,j) = CC(private nonce, 1)` |
//! | `TauPoints` | `T_1,j = τ_1,j·G`, `T_2,j = τ_2,j·G` (SEC 1 compressed, as public keys) |
//! | `τ_x,j` | `τ_1,j·x + τ_2,j·x² + Σ_i z^{2+i}·γ_j,i`, 32 bytes big-endian |
//!
//! # Rounds
//! 1. Everyone builds the same [`SharedStatement`] (generators, transcript with the
//!    extra commitment and message, common nonce, `v`, `C`, `n`). Each party calls
//!    [`SharedParty::new`] with its blinding share and sends its [`TauPoints`].
//! 2. Each party sums every party's points ([`TauPoints::sum`]) and answers with its
//!    `τ_x,j` ([`PartyAwaitingTauSums::tau_x`], which consumes the party: it cannot
//!    answer twice). It gets back a [`Combiner`].
//! 3. Any holder of the statement ([`Combiner::new`], or the combiner of round 2)
//!    checks each `τ_x,j` ([`Combiner::audit_tau_share`] names a bad party) and
//!    finalizes the proof from the shares ([`Combiner::finalize`]); anyone verifies
//!    it against `C` as a single-value proof.
//!
//! # What each party learns
//! Every party knows `v`, the common nonce and therefore `α, ρ, s_L, s_R`, the bits,
//! `A`, `S`, `l`, `r`, `μ`: the range proof hides nothing from a co-signer except the
//! blinding. Party `j` keeps `γ_j`, `τ_1,j`, `τ_2,j` to itself; it reveals
//! `τ_1,j·G`, `τ_2,j·G` and one `τ_x,j`, which is uniformly masked by `τ_1,j·x`,
//! `τ_2,j·x²` as long as the party answers **once** with these `τ`: two answers for
//! two different `x` and `γ_j` follows by linear algebra (design brief risk 2). The
//! party state consumes itself at round 2, and [`SharedParty::new`] draws a fresh
//! private nonce (hedged with the statement and the blinding share); never persist a
//! party, and never derive the private nonce from the blinding alone (as some
//! wallets do with `SHA-256(blind)`). [`SharedParty::with_private_nonce`] exists only
//! to reproduce the C library's outputs.
//!
//! Nobody, not even all the parties together through the proof, recovers the total
//! blinding by rewinding: rewinding with the common nonce returns the value and the
//! message ([`rewind`]), the C's blinding output is meaningless here.
//!
//! # Rogue keys: what the range proof cannot prevent
//! The proof shows that `C` commits to a value in range; it says nothing about *who*
//! can open `C`. A party that moves last can pick its partial commitment as
//! `C_B = C* − (C_A − v_A·H)` for a `C*` it alone can open, so that the shared output
//! is its own; it can likewise choose its `T` shares as a function of the others' to
//! cancel them. Wallets must therefore (a) commit to their partial commitments and
//! `T` shares (a hash) before any is revealed, then reveal; (b) require from each party
//! a proof of knowledge of the discrete logarithm of `P_j = C_j − v_j·H` to `G`
//! (a Schnorr signature under `P_j` over the session) before accepting `C`; (c) use
//! a fresh common nonce per output, never reused (it is derived in Grin's proposal
//! from a Diffie–Hellman secret). The transaction kernel's signature, not this
//! module, is where the output's ownership is finally enforced.

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
use core::fmt;

use k256::Scalar;
use rand_core::{CryptoRng, RngCore};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, Zeroizing};

use super::nonces::ZkpNonces;
use super::transcript::{Redacted, ZkpTranscript};
use super::Zkp;
use crate::ct::{declassify_bool, Declassified};
use crate::curve::secp256k1::{Point, Secp256k1};
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, GeneratorLayout, PedersenGens};
use crate::inner_product::ProofPoint;
use crate::range_proof::party::{Party, PartyPositions, ProofShare};
use crate::range_proof::prover::{finish, Cheat};
use crate::range_proof::transcript::{RangeProofTranscript, RangeStatement};
use crate::range_proof::RangeProof;

/// A secp256k1-zkp range proof (the shared output's proof).
type ZkpProof = RangeProof<Secp256k1, Zkp>;

/// An error of the shared-output flow.
///
/// # Example
/// ```
/// use ballistic::secp256k1::shared_output::{sum_scalars, SharedOutputError};
/// assert_eq!(sum_scalars(&[[0u8; 32]]), Err(SharedOutputError::ZeroSum));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SharedOutputError {
    /// An error of the underlying prover (shape, range, generators, value generator).
    Proof(ProofError),
    /// The point at `index` of an input is not a valid encoding (SEC 1 compressed
    /// for `T` shares and sums, the commitment form for commitments).
    InvalidPoint {
        /// The position of the bad encoding in the input.
        index: usize,
    },
    /// A sum of points is the identity (cancelled shares).
    IdentitySum,
    /// The scalar at `index` is not canonical (not below the group order).
    InvalidScalar {
        /// The position of the bad scalar in the input.
        index: usize,
    },
    /// A sum of scalars (the `τ_x` shares) is zero.
    ZeroSum,
    /// Party `party`'s `τ_x` share (or its points) fails
    /// [`Combiner::audit_tau_share`].
    BadTauShare {
        /// The index of the party.
        party: usize,
    },
}

impl From<ProofError> for SharedOutputError {
    fn from(e: ProofError) -> Self {
        SharedOutputError::Proof(e)
    }
}

impl fmt::Display for SharedOutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SharedOutputError::Proof(e) => write!(f, "{e}"),
            SharedOutputError::InvalidPoint { index } => {
                write!(f, "invalid point encoding at index {index}")
            }
            SharedOutputError::IdentitySum => f.write_str("the points sum to the identity"),
            SharedOutputError::InvalidScalar { index } => {
                write!(f, "non-canonical scalar at index {index}")
            }
            SharedOutputError::ZeroSum => f.write_str("the scalars sum to zero"),
            SharedOutputError::BadTauShare { party } => {
                write!(f, "party {party}'s tau_x share is wrong")
            }
        }
    }
}

impl core::error::Error for SharedOutputError {}

/// A party's shares of the blinding parts of `T_1`, `T_2` (round 1), or their sums
/// (round 2): SEC 1 compressed points, the encoding of secp256k1 public keys
/// (`PublicKey::serialize_vec(true)` in `grin_secp256k1zkp`).
///
/// # Example
/// ```
/// use ballistic::secp256k1::shared_output::TauPoints;
/// use ballistic::curve::{Curve, secp256k1::Secp256k1};
/// let g = Secp256k1::encode_sec1(&Secp256k1::default_pedersen_bases().1).unwrap();
/// let sum = TauPoints::sum(&[TauPoints { t_one: g, t_two: g }; 2])?;
/// assert_ne!(sum.t_one, g);
/// # Ok::<(), ballistic::secp256k1::shared_output::SharedOutputError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TauPoints {
    /// `τ_1·G` (a share) or `Σ_j τ_1,j·G` (the sum).
    pub t_one: [u8; 33],
    /// `τ_2·G` (a share) or `Σ_j τ_2,j·G` (the sum).
    pub t_two: [u8; 33],
}

impl TauPoints {
    /// The sums of every party's points, in any order.
    ///
    /// # Errors
    /// [`SharedOutputError::InvalidPoint`] (the index of the party) for an invalid
    /// encoding, [`SharedOutputError::IdentitySum`] if a sum is the identity (also
    /// for no shares at all).
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::shared_output::{SharedOutputError, TauPoints};
    /// let bad = TauPoints { t_one: [0; 33], t_two: [0; 33] }; // no valid prefix
    /// assert_eq!(TauPoints::sum(&[]), Err(SharedOutputError::IdentitySum));
    /// assert!(TauPoints::sum(&[bad]).is_err());
    /// ```
    pub fn sum(shares: &[TauPoints]) -> Result<TauPoints, SharedOutputError> {
        let ones: Vec<[u8; 33]> = shares.iter().map(|s| s.t_one).collect();
        let twos: Vec<[u8; 33]> = shares.iter().map(|s| s.t_two).collect();
        Ok(TauPoints {
            t_one: sum_points(&ones)?,
            t_two: sum_points(&twos)?,
        })
    }

    fn decode(&self) -> Result<(Point, Point), SharedOutputError> {
        let one = Secp256k1::decode_sec1(&self.t_one)
            .ok_or(SharedOutputError::InvalidPoint { index: 0 })?;
        let two = Secp256k1::decode_sec1(&self.t_two)
            .ok_or(SharedOutputError::InvalidPoint { index: 1 })?;
        Ok((one, two))
    }
}

/// The sum of SEC 1 compressed points (`secp256k1_ec_pubkey_combine`).
///
/// # Errors
/// [`SharedOutputError::InvalidPoint`] with the index of an invalid encoding;
/// [`SharedOutputError::IdentitySum`] if the sum is the identity (or `points` is
/// empty).
///
/// # Example
/// ```
/// use ballistic::secp256k1::shared_output::{sum_points, SharedOutputError};
/// use ballistic::curve::{Curve, secp256k1::Secp256k1};
/// let g = Secp256k1::default_pedersen_bases().1;
/// let (p, q) = (Secp256k1::encode_sec1(&g).unwrap(), Secp256k1::encode_sec1(&-g).unwrap());
/// assert_eq!(sum_points(&[p, q]), Err(SharedOutputError::IdentitySum));
/// assert_eq!(sum_points(&[p, p])?, Secp256k1::encode_sec1(&(g + g)).unwrap());
/// # Ok::<(), SharedOutputError>(())
/// ```
pub fn sum_points(points: &[[u8; 33]]) -> Result<[u8; 33], SharedOutputError> {
    let mut acc = Secp256k1::identity();
    for (index, p) in points.iter().enumerate() {
        acc += Secp256k1::decode_sec1(p).ok_or(SharedOutputError::InvalidPoint { index })?;
    }
    Secp256k1::encode_sec1(&acc).ok_or(SharedOutputError::IdentitySum)
}

/// The sum of commitments in secp256k1-zkp's 33-byte commitment form
/// (`secp256k1_pedersen_commit_sum` with no negative terms): the shared commitment
/// `C = Σ_j C_j` of the partial commitments.
///
/// # Errors
/// [`SharedOutputError::InvalidPoint`] with the index of an invalid encoding;
/// [`SharedOutputError::IdentitySum`] if the sum is the identity.
///
/// # Example
/// ```
/// use ballistic::secp256k1::{shared_output::sum_commitments, PedersenGens, Scalar};
/// use ballistic::curve::{Curve, secp256k1::Secp256k1};
/// let pc = PedersenGens::default();
/// let c_a = Secp256k1::encode(&pc.commit(Scalar::from(5u64), Scalar::from(7u64)));
/// let c_b = Secp256k1::encode(&pc.commit(Scalar::ZERO, Scalar::from(9u64)));
/// let c = Secp256k1::encode(&pc.commit(Scalar::from(5u64), Scalar::from(16u64)));
/// assert_eq!(sum_commitments(&[c_a, c_b])?, c);
/// # Ok::<(), ballistic::secp256k1::shared_output::SharedOutputError>(())
/// ```
pub fn sum_commitments(commitments: &[[u8; 33]]) -> Result<[u8; 33], SharedOutputError> {
    let mut acc = Secp256k1::identity();
    for (index, c) in commitments.iter().enumerate() {
        acc += Secp256k1::decode(c).ok_or(SharedOutputError::InvalidPoint { index })?;
    }
    if Secp256k1::is_identity(&acc) {
        return Err(SharedOutputError::IdentitySum);
    }
    Ok(Secp256k1::encode_vartime(&acc))
}

/// The sum of big-endian scalars (the `τ_x` shares; `secp256k1_ec_privkey_tweak_add`).
///
/// # Errors
/// [`SharedOutputError::InvalidScalar`] with the index of a scalar not below the
/// group order; [`SharedOutputError::ZeroSum`] if the sum is zero (or `scalars` is
/// empty).
///
/// # Example
/// ```
/// use ballistic::secp256k1::shared_output::{sum_scalars, SharedOutputError};
/// let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
/// a[31] = 2;
/// b[31] = 3;
/// assert_eq!(sum_scalars(&[a, b])?[31], 5);
/// assert_eq!(sum_scalars(&[[0xff; 32]]), Err(SharedOutputError::InvalidScalar { index: 0 }));
/// # Ok::<(), SharedOutputError>(())
/// ```
pub fn sum_scalars(scalars: &[[u8; 32]]) -> Result<[u8; 32], SharedOutputError> {
    let mut acc = Scalar::ZERO;
    for (index, s) in scalars.iter().enumerate() {
        acc += Secp256k1::scalar_from_canonical_bytes(s)
            .ok_or(SharedOutputError::InvalidScalar { index })?;
    }
    if bool::from(acc.is_zero()) {
        return Err(SharedOutputError::ZeroSum);
    }
    Ok(acc.to_bytes().into())
}

/// The statement and the inputs every party of a shared output shares: the
/// generators, the transcript configuration (extra commitment, value generator,
/// message), the common nonce, the value(s), the shared commitment(s) and the bit
/// width. Every party (and the combiner) builds the same one.
///
/// The values and the common nonce are secret to outsiders: [`Debug`] redacts them
/// and they are zeroized on drop.
///
/// # Example
/// ```
/// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
/// use ballistic::secp256k1::shared_output::SharedStatement;
/// use ballistic::curve::{Curve, secp256k1::Secp256k1};
/// let (bp, pc) = (grin_generators(), PedersenGens::default());
/// let c = Secp256k1::encode(&pc.commit(Scalar::from(1000u64), Scalar::from(77u64)));
/// let st = SharedStatement::new(&bp, &pc, &Transcript::new(), [9u8; 32], &[1000], &[c], 64)?;
/// assert!(!format!("{st:?}").contains("1000"));
/// # Ok::<(), ballistic::secp256k1::shared_output::SharedOutputError>(())
/// ```
#[derive(Clone)]
pub struct SharedStatement<'g> {
    bp_gens: &'g BulletproofGens<Secp256k1>,
    pc_gens: &'g PedersenGens<Secp256k1>,
    /// The caller's configuration with the common nonce set and the value generator
    /// bound (no statement absorbed yet).
    transcript: ZkpTranscript,
    values: Zeroizing<Vec<u64>>,
    commitments: Vec<[u8; 33]>,
    n: usize,
}

impl fmt::Debug for SharedStatement<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SharedStatement")
            .field("transcript", &self.transcript)
            .field("values", &Redacted)
            .field("commitments", &self.commitments)
            .field("n", &self.n)
            .finish()
    }
}

impl<'g> SharedStatement<'g> {
    /// The statement "each of `commitments` opens to an `n`-bit value" with the
    /// prover inputs every party knows: `values` (one per commitment; the shared
    /// commitments are the sums of the parties' partial commitments), the
    /// `common_nonce` (it replaces any nonce set on `transcript`; any private nonce
    /// set there is ignored) and `transcript`'s extra commitment, value generator and
    /// message. Grin: `n = 64`, one value, [`grin_generators`](crate::secp256k1::grin_generators).
    ///
    /// # Errors
    /// [`ProofError::InvalidInputLength`] if `values` and `commitments` differ in
    /// length; the prover's shape errors ([`ProofError::InvalidBitsize`], …);
    /// [`ProofError::ValueOutOfRange`] if a value does not fit in `n` bits;
    /// [`ProofError::ValueGeneratorMismatch`] for a transcript pinned to another
    /// value generator; [`SharedOutputError::InvalidPoint`] for a commitment that does
    /// not decode.
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, ProofError, Transcript};
    /// use ballistic::secp256k1::shared_output::{SharedOutputError, SharedStatement};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let r = SharedStatement::new(&bp, &pc, &Transcript::new(), [9u8; 32], &[300], &[[0u8; 33]], 8);
    /// assert_eq!(r.unwrap_err(), SharedOutputError::Proof(ProofError::ValueOutOfRange));
    /// ```
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        bp_gens: &'g BulletproofGens<Secp256k1>,
        pc_gens: &'g PedersenGens<Secp256k1>,
        transcript: &ZkpTranscript,
        common_nonce: [u8; 32],
        values: &[u64],
        commitments: &[[u8; 33]],
        n: usize,
    ) -> Result<Self, SharedOutputError> {
        if values.len() != commitments.len() {
            return Err(ProofError::InvalidInputLength.into());
        }
        bp_gens.check_parties(n, values.len())?;
        let mut in_range = subtle::Choice::from(1u8);
        for v in values {
            let high = if n >= 64 { 0 } else { *v >> n };
            in_range &= high.ct_eq(&0u64);
        }
        // Public by design: the result of the call says whether the values are in range.
        if !declassify_bool(Declassified::InRange, in_range) {
            return Err(ProofError::ValueOutOfRange.into());
        }
        if let Some(index) = commitments
            .iter()
            .position(|c| Secp256k1::decode(c).is_none())
        {
            return Err(SharedOutputError::InvalidPoint { index });
        }
        let mut transcript = transcript.clone().with_nonce(common_nonce);
        if !transcript.bind_value_generator(&pc_gens.bases().0) {
            return Err(ProofError::ValueGeneratorMismatch.into());
        }
        Ok(SharedStatement {
            bp_gens,
            pc_gens,
            transcript,
            values: Zeroizing::new(values.to_vec()),
            commitments: commitments.to_vec(),
            n,
        })
    }

    /// The shared commitments (the statement).
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
    /// use ballistic::secp256k1::shared_output::SharedStatement;
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let c = Secp256k1::encode(&pc.commit(Scalar::from(3u64), Scalar::from(4u64)));
    /// let st = SharedStatement::new(&bp, &pc, &Transcript::new(), [1u8; 32], &[3], &[c], 64)?;
    /// assert_eq!(st.commitments(), &[c]);
    /// # Ok::<(), ballistic::secp256k1::shared_output::SharedOutputError>(())
    /// ```
    pub fn commitments(&self) -> &[[u8; 33]] {
        &self.commitments
    }

    fn m(&self) -> usize {
        self.values.len()
    }

    fn layout(&self) -> GeneratorLayout {
        GeneratorLayout::Parties {
            n: self.n,
            m: self.m(),
        }
    }

    /// The prover's nonces: `α, ρ, s_L, s_R` (and the embedded value and message)
    /// from the common nonce, `τ_1, τ_2` from `private_nonce` (the common nonce when
    /// `None`; the combiner never uses them).
    fn nonces(&self, private_nonce: Option<&[u8; 32]>) -> ZkpNonces {
        let t = match private_nonce {
            Some(p) => self.transcript.clone().with_private_nonce(*p),
            None => self.transcript.clone(),
        };
        // The transcript has a nonce, so the RNG (for a hedged random nonce) is
        // never read.
        t.prover_nonces(
            &self.values,
            &[],
            &mut crate::range_proof::rewind::NoExternalRandomness,
        )
    }

    /// A party at every position holding every value, with the given blindings.
    fn party(&self, blindings: &[Scalar]) -> Party<Secp256k1> {
        let m = self.m();
        Party::new(
            PartyPositions {
                n: self.n,
                first_slot: 0,
                values: m,
                offset: 0,
                len: self.layout().padded_len(),
            },
            &self.values,
            blindings,
            self.pc_gens.bases(),
            Cheat::default(),
        )
    }

    /// Round 2's public computation (every party's and the combiner's): the
    /// statement, `A`, `S`, `y`, `z`, `T_1 = t_1·H + ΣT_1,j`, `T_2`, `x`, and
    /// `party`'s share at `x`.
    fn round2(
        &self,
        party: &mut Party<Secp256k1>,
        nonces: &mut ZkpNonces,
        sums: &TauPoints,
    ) -> Result<(Combiner<'g>, Scalar), SharedOutputError> {
        let (t1_sum, t2_sum) = sums.decode()?;
        let layout = self.layout();
        let (G, H) = self.bp_gens.vectors(layout);
        let mut t = self.transcript.clone();
        t.append_statement(&RangeStatement::new(self.n, &self.commitments));
        let ct_table = self.bp_gens.ct_table(layout);
        let (A, S) = party
            .commit_bits((&G, &H), nonces, ct_table.as_deref())
            .ok_or(ProofError::ProvingError)?;
        let (y, z) = t
            .challenge_yz(&A.encoding, &S.encoding)
            .ok_or(ProofError::ProvingError)?;
        let (T_1, T_2) = party.commit_poly_with(&y, &z, (&t1_sum, &t2_sum));
        let x = t
            .challenge_x(&T_1.encoding, &T_2.encoding)
            .ok_or(ProofError::ProvingError)?;
        let mut share = party.share(&x);
        let tau_x = core::mem::replace(&mut share.t_x_blinding, Scalar::ZERO);
        let combiner = Combiner {
            statement: self.clone(),
            transcript: t,
            points: [A, S, T_1, T_2],
            y,
            z,
            x,
            share,
        };
        Ok((combiner, tau_x))
    }
}

/// The entry point of a party of a shared output (round 1).
///
/// # Example
/// ```
/// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
/// use ballistic::secp256k1::shared_output::{sum_commitments, Combiner, SharedParty, SharedStatement, TauPoints};
/// use ballistic::curve::{Curve, secp256k1::Secp256k1};
/// let (bp, pc) = (grin_generators(), PedersenGens::default());
/// let (g_a, g_b) = (Scalar::from(1111u64), Scalar::from(2222u64)); // random in practice
/// // A carries the value, B commits zero.
/// let c = sum_commitments(&[Secp256k1::encode(&pc.commit(Scalar::from(50u64), g_a)),
///                           Secp256k1::encode(&pc.commit(Scalar::ZERO, g_b))])?;
/// let st = SharedStatement::new(&bp, &pc, &Transcript::new(), [5u8; 32], &[50], &[c], 64)?;
/// let mut rng = rand::thread_rng();
/// let (a, tau_a) = SharedParty::new(&st, &[g_a], &mut rng)?;
/// let (b, tau_b) = SharedParty::new(&st, &[g_b], &mut rng)?;
/// let sums = TauPoints::sum(&[tau_a, tau_b])?;
/// let (combiner, x_a) = a.tau_x(&sums)?;
/// let (_, x_b) = b.tau_x(&sums)?;
/// let proof = combiner.finalize(&[x_a, x_b])?;
/// proof.verify_single(&bp, &pc, &mut Transcript::new(), &c, 64)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SharedParty;

impl SharedParty {
    /// Starts party `j` with its blinding shares `γ_j` (one per value): draws its
    /// private nonce from `rng`, hedged with the statement and the blinding shares
    /// (SHA-256), and returns the party awaiting the sums of `T` shares and its
    /// [`TauPoints`] to send to every other party.
    ///
    /// # Errors
    /// [`ProofError::WrongNumBlindingFactors`] unless there is one blinding share per
    /// value.
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
    /// use ballistic::secp256k1::shared_output::{SharedParty, SharedStatement};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let c = Secp256k1::encode(&pc.commit(Scalar::from(3u64), Scalar::from(4u64)));
    /// let st = SharedStatement::new(&bp, &pc, &Transcript::new(), [1u8; 32], &[3], &[c], 64)?;
    /// let (_, t1) = SharedParty::new(&st, &[Scalar::from(4u64)], &mut rand::thread_rng())?;
    /// let (_, t2) = SharedParty::new(&st, &[Scalar::from(4u64)], &mut rand::thread_rng())?;
    /// assert_ne!(t1, t2); // a fresh private nonce each time
    /// # Ok::<(), ballistic::secp256k1::shared_output::SharedOutputError>(())
    /// ```
    // The entry point returns the first state, as dalek's `Party::new` does.
    #[allow(clippy::new_ret_no_self)]
    pub fn new<'g, R: RngCore + CryptoRng>(
        statement: &SharedStatement<'g>,
        blind_shares: &[Scalar],
        rng: &mut R,
    ) -> Result<(PartyAwaitingTauSums<'g>, TauPoints), SharedOutputError> {
        let mut random = Zeroizing::new([0u8; 32]);
        rng.fill_bytes(random.as_mut());
        let mut h = Sha256::new();
        h.update(b"ballistic shared output private nonce");
        h.update((statement.n as u64).to_le_bytes());
        for (v, c) in statement.values.iter().zip(&statement.commitments) {
            h.update(v.to_le_bytes());
            h.update(c);
        }
        for g in blind_shares {
            h.update(Zeroizing::new(g.to_bytes()).as_slice());
        }
        h.update(random.as_slice());
        let private_nonce = Zeroizing::new(<[u8; 32]>::from(h.finalize()));
        Self::with_private_nonce(statement, blind_shares, *private_nonce)
    }

    /// [`SharedParty::new`] with a given private nonce, as secp256k1-zkp takes it:
    /// only to reproduce the C library's outputs. **Never** use one private nonce
    /// twice, nor one derived from the blinding share alone: a party that answers
    /// round 2 twice with the same private nonce reveals its blinding share.
    ///
    /// # Errors
    /// As [`SharedParty::new`].
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
    /// use ballistic::secp256k1::shared_output::{SharedParty, SharedStatement};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let c = Secp256k1::encode(&pc.commit(Scalar::from(3u64), Scalar::from(4u64)));
    /// let st = SharedStatement::new(&bp, &pc, &Transcript::new(), [1u8; 32], &[3], &[c], 64)?;
    /// let (_, t1) = SharedParty::with_private_nonce(&st, &[Scalar::ONE], [2u8; 32])?;
    /// let (_, t2) = SharedParty::with_private_nonce(&st, &[Scalar::ONE], [2u8; 32])?;
    /// assert_eq!(t1, t2); // deterministic in the private nonce
    /// # Ok::<(), ballistic::secp256k1::shared_output::SharedOutputError>(())
    /// ```
    pub fn with_private_nonce<'g>(
        statement: &SharedStatement<'g>,
        blind_shares: &[Scalar],
        private_nonce: [u8; 32],
    ) -> Result<(PartyAwaitingTauSums<'g>, TauPoints), SharedOutputError> {
        if blind_shares.len() != statement.m() {
            return Err(ProofError::WrongNumBlindingFactors.into());
        }
        let mut private_nonce = private_nonce;
        let mut nonces = statement.nonces(Some(&private_nonce));
        private_nonce.zeroize();
        let mut party = statement.party(blind_shares);
        let (T_1, T_2) = party.tau_points(&mut nonces);
        let points = TauPoints {
            t_one: Secp256k1::encode_sec1(&T_1.point).ok_or(ProofError::ProvingError)?,
            t_two: Secp256k1::encode_sec1(&T_2.point).ok_or(ProofError::ProvingError)?,
        };
        Ok((
            PartyAwaitingTauSums {
                statement: statement.clone(),
                party,
                nonces,
            },
            points,
        ))
    }
}

/// A party after round 1, awaiting the sums of every party's [`TauPoints`]. It holds
/// the party's secrets (blinding shares, `τ_1`, `τ_2`; zeroized on drop, redacted in
/// [`Debug`]) and answers once: [`PartyAwaitingTauSums::tau_x`] consumes it.
///
/// # Example
/// ```
/// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
/// use ballistic::secp256k1::shared_output::{SharedParty, SharedStatement};
/// use ballistic::curve::{Curve, secp256k1::Secp256k1};
/// let (bp, pc) = (grin_generators(), PedersenGens::default());
/// let c = Secp256k1::encode(&pc.commit(Scalar::from(3u64), Scalar::from(4u64)));
/// let st = SharedStatement::new(&bp, &pc, &Transcript::new(), [1u8; 32], &[3], &[c], 64)?;
/// let (party, _) = SharedParty::new(&st, &[Scalar::from(4u64)], &mut rand::thread_rng())?;
/// assert!(format!("{party:?}").contains("<redacted>"));
/// # Ok::<(), ballistic::secp256k1::shared_output::SharedOutputError>(())
/// ```
///
/// Answering twice does not compile:
/// ```compile_fail
/// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
/// use ballistic::secp256k1::shared_output::{SharedParty, SharedStatement, TauPoints};
/// use ballistic::curve::{Curve, secp256k1::Secp256k1};
/// let (bp, pc) = (grin_generators(), PedersenGens::default());
/// let c = Secp256k1::encode(&pc.commit(Scalar::from(3u64), Scalar::from(4u64)));
/// let st = SharedStatement::new(&bp, &pc, &Transcript::new(), [1u8; 32], &[3], &[c], 64).unwrap();
/// let (party, t) = SharedParty::new(&st, &[Scalar::from(4u64)], &mut rand::thread_rng()).unwrap();
/// let _ = party.tau_x(&t);
/// let _ = party.tau_x(&t);
/// ```
pub struct PartyAwaitingTauSums<'g> {
    statement: SharedStatement<'g>,
    party: Party<Secp256k1>,
    nonces: ZkpNonces,
}

impl fmt::Debug for PartyAwaitingTauSums<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PartyAwaitingTauSums")
            .field("statement", &self.statement)
            .field("secrets", &Redacted)
            .finish()
    }
}

impl<'g> PartyAwaitingTauSums<'g> {
    /// Round 2: given the sums of every party's `T` shares (including this
    /// party's), the party's `τ_x,j` (32 bytes big-endian, to send to the combiner)
    /// and a [`Combiner`] for the same statement and sums (with which this party can
    /// audit the others and finalize). The party's secrets are zeroized.
    ///
    /// # Errors
    /// [`SharedOutputError::InvalidPoint`] (index 0: `t_one`, 1: `t_two`) if a sum
    /// does not decode (the identity has no encoding);
    /// [`ProofError::ProvingError`] if a challenge is degenerate (probability 2^−128).
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
    /// use ballistic::secp256k1::shared_output::{SharedParty, SharedStatement};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let g = Scalar::from(4u64);
    /// let c = Secp256k1::encode(&pc.commit(Scalar::from(3u64), g));
    /// let st = SharedStatement::new(&bp, &pc, &Transcript::new(), [1u8; 32], &[3], &[c], 64)?;
    /// // One party alone: its own points are the sums.
    /// let (party, t) = SharedParty::new(&st, &[g], &mut rand::thread_rng())?;
    /// let (combiner, tau_x) = party.tau_x(&t)?;
    /// let proof = combiner.finalize(&[tau_x])?;
    /// proof.verify_single(&bp, &pc, &mut Transcript::new(), &c, 64)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn tau_x(
        mut self,
        sums: &TauPoints,
    ) -> Result<(Combiner<'g>, [u8; 32]), SharedOutputError> {
        let (combiner, mut share) =
            self.statement
                .round2(&mut self.party, &mut self.nonces, sums)?;
        let tau_x: [u8; 32] = share.to_bytes().into();
        share.zeroize();
        Ok((combiner, tau_x))
    }
}

/// The public side of round 2 and the final round: from the statement and the
/// sums of the `T` shares, everything but the blinding (`A`, `S`, `T_1`, `T_2`, the
/// challenges, `l`, `r`, `μ`). Audits the parties' `τ_x` shares and finalizes the
/// proof. Anyone who holds the [`SharedStatement`] (hence the values and the common
/// nonce) can be the combiner; it learns no party's secret.
///
/// # Example
/// ```
/// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
/// use ballistic::secp256k1::shared_output::{Combiner, SharedParty, SharedStatement};
/// use ballistic::curve::{Curve, secp256k1::Secp256k1};
/// let (bp, pc) = (grin_generators(), PedersenGens::default());
/// let g = Scalar::from(4u64);
/// let c = Secp256k1::encode(&pc.commit(Scalar::from(3u64), g));
/// let st = SharedStatement::new(&bp, &pc, &Transcript::new(), [1u8; 32], &[3], &[c], 64)?;
/// let (party, t) = SharedParty::new(&st, &[g], &mut rand::thread_rng())?;
/// let (_, tau_x) = party.tau_x(&t)?;
/// // A separate combiner (a third machine) finalizes.
/// let proof = Combiner::new(&st, &t)?.finalize(&[tau_x])?;
/// proof.verify_single(&bp, &pc, &mut Transcript::new(), &c, 64)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Combiner<'g> {
    statement: SharedStatement<'g>,
    /// The transcript after `x`.
    transcript: ZkpTranscript,
    points: [ProofPoint<Secp256k1>; 4],
    y: Scalar,
    z: Scalar,
    x: Scalar,
    /// `l`, `r`, `t_x`, `μ`; `t_x_blinding` is zero until finalized.
    share: ProofShare<Secp256k1>,
}

impl fmt::Debug for Combiner<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Combiner")
            .field("statement", &self.statement)
            .field("A", &self.points[0].encoding)
            .field("S", &self.points[1].encoding)
            .field("T_1", &self.points[2].encoding)
            .field("T_2", &self.points[3].encoding)
            .field("share", &Redacted)
            .finish()
    }
}

impl Drop for Combiner<'_> {
    fn drop(&mut self) {
        // l, r and μ are public once the proof is, but reveal the value's bits
        // before then.
        self.share.l.zeroize();
        self.share.r.zeroize();
        self.share.e_blinding.zeroize();
        self.share.t_x.zeroize();
    }
}

impl<'g> Combiner<'g> {
    /// The combiner of `statement` once every party's `T` shares are summed
    /// (`sums`), without being a party.
    ///
    /// # Errors
    /// As [`PartyAwaitingTauSums::tau_x`].
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
    /// use ballistic::secp256k1::shared_output::{Combiner, SharedOutputError, SharedStatement, TauPoints};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let c = Secp256k1::encode(&pc.commit(Scalar::from(3u64), Scalar::from(4u64)));
    /// let st = SharedStatement::new(&bp, &pc, &Transcript::new(), [1u8; 32], &[3], &[c], 64)?;
    /// let bad = TauPoints { t_one: [0u8; 33], t_two: [0u8; 33] };
    /// assert_eq!(Combiner::new(&st, &bad).unwrap_err(), SharedOutputError::InvalidPoint { index: 0 });
    /// # Ok::<(), SharedOutputError>(())
    /// ```
    pub fn new(
        statement: &SharedStatement<'g>,
        sums: &TauPoints,
    ) -> Result<Self, SharedOutputError> {
        let mut nonces = statement.nonces(None);
        let zeros = alloc::vec![Scalar::ZERO; statement.m()];
        let mut party = statement.party(&zeros);
        let (combiner, _) = statement.round2(&mut party, &mut nonces, sums)?;
        Ok(combiner)
    }

    /// Checks party `party`'s `τ_x` share against its [`TauPoints`] and its partial
    /// commitments `C_j,i = v_j,i·H + γ_j,i·G` (one per value, with its value shares
    /// `v_j,i`): `τ_x,j·G = x·T_1,j + x²·T_2,j + Σ_i z^{2+i}·(C_j,i − v_j,i·H)`.
    /// A share that passes is the one the party's points and commitments define; the
    /// proof is valid exactly when every share passes and the partial commitments sum
    /// to the statement.
    ///
    /// # Errors
    /// [`SharedOutputError::BadTauShare`] naming `party` if the check fails or any of
    /// its inputs does not decode or has the wrong length.
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
    /// use ballistic::secp256k1::shared_output::{SharedOutputError, SharedParty, SharedStatement};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let g = Scalar::from(4u64);
    /// let c = Secp256k1::encode(&pc.commit(Scalar::from(3u64), g));
    /// let st = SharedStatement::new(&bp, &pc, &Transcript::new(), [1u8; 32], &[3], &[c], 64)?;
    /// let (party, t) = SharedParty::new(&st, &[g], &mut rand::thread_rng())?;
    /// let (combiner, mut tau_x) = party.tau_x(&t)?;
    /// combiner.audit_tau_share(0, &tau_x, &t, &[c], &[3])?;
    /// tau_x[31] ^= 1;
    /// assert_eq!(combiner.audit_tau_share(0, &tau_x, &t, &[c], &[3]),
    ///            Err(SharedOutputError::BadTauShare { party: 0 }));
    /// # Ok::<(), SharedOutputError>(())
    /// ```
    pub fn audit_tau_share(
        &self,
        party: usize,
        tau_x: &[u8; 32],
        tau: &TauPoints,
        partial_commitments: &[[u8; 33]],
        value_shares: &[u64],
    ) -> Result<(), SharedOutputError> {
        let bad = SharedOutputError::BadTauShare { party };
        let m = self.statement.m();
        if partial_commitments.len() != m || value_shares.len() != m {
            return Err(bad);
        }
        let tau_x = Secp256k1::scalar_from_canonical_bytes(tau_x).ok_or(bad.clone())?;
        let (T_1, T_2) = tau.decode().map_err(|_| bad.clone())?;
        let (B, B_blinding) = self.statement.pc_gens.bases();
        // x·T_1 + x²·T_2 + Σ_i z^{2+i}·C_i − τ_x·G = (Σ_i z^{2+i}·v_i)·B. The left
        // side is public (the party's messages, the challenges); the value shares
        // may be an auditor's secret (a co-signer knows the values), so the right
        // side is a constant-time multiplication and the two encodings are compared
        // in constant time: only the verdict is public.
        let mut scalars = alloc::vec![self.x, self.x * self.x];
        let mut points = alloc::vec![T_1, T_2];
        let mut zz = self.z * self.z;
        let mut value_weight = Scalar::ZERO;
        for (c, v) in partial_commitments.iter().zip(value_shares) {
            points.push(Secp256k1::decode(c).ok_or(bad.clone())?);
            scalars.push(zz);
            value_weight += zz * Scalar::from(*v);
            zz *= self.z;
        }
        scalars.push(Scalar::ZERO - tau_x);
        points.push(B_blinding);
        let public =
            Secp256k1::encode_vartime(&Secp256k1::vartime_multiscalar_mul(&scalars, &points));
        let mut secret = Secp256k1::encode(&Secp256k1::mul(&value_weight, &B));
        value_weight.zeroize();
        let equal = Secp256k1::encoding_bytes(&public).ct_eq(Secp256k1::encoding_bytes(&secret));
        secret.zeroize();
        if declassify_bool(Declassified::ShareAudit, equal) {
            Ok(())
        } else {
            Err(bad)
        }
    }

    /// The final round: sums the parties' `τ_x` shares ([`sum_scalars`]) and
    /// completes the proof (secp256k1-zkp's step 0 with the sum). Verify the proof
    /// against the statement; if it fails, [`Combiner::audit_tau_share`] names the
    /// party whose share is wrong.
    ///
    /// # Errors
    /// The errors of [`sum_scalars`]; [`ProofError::ProvingError`] if a challenge is
    /// degenerate.
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
    /// use ballistic::secp256k1::shared_output::{SharedOutputError, SharedParty, SharedStatement};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let g = Scalar::from(4u64);
    /// let c = Secp256k1::encode(&pc.commit(Scalar::from(3u64), g));
    /// let st = SharedStatement::new(&bp, &pc, &Transcript::new(), [1u8; 32], &[3], &[c], 64)?;
    /// let (party, t) = SharedParty::new(&st, &[g], &mut rand::thread_rng())?;
    /// let (combiner, tau_x) = party.tau_x(&t)?;
    /// let proof = combiner.finalize(&[tau_x])?;
    /// assert_eq!(proof.to_bytes().len(), 675);
    /// # Ok::<(), SharedOutputError>(())
    /// ```
    pub fn finalize(self, tau_x_shares: &[[u8; 32]]) -> Result<ZkpProof, SharedOutputError> {
        let sum = sum_scalars(tau_x_shares)?;
        self.finalize_with_sum(&sum)
    }

    /// [`Combiner::finalize`] given the sum `τ_x` of the shares (what
    /// secp256k1-zkp's final step takes).
    ///
    /// # Errors
    /// [`SharedOutputError::InvalidScalar`] (index 0) if `tau_x` is not canonical;
    /// [`SharedOutputError::ZeroSum`] if it is zero; [`ProofError::ProvingError`] if
    /// a challenge is degenerate.
    ///
    /// # Example
    /// ```
    /// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
    /// use ballistic::secp256k1::shared_output::{Combiner, SharedOutputError, SharedStatement, TauPoints};
    /// use ballistic::curve::{Curve, secp256k1::Secp256k1};
    /// let (bp, pc) = (grin_generators(), PedersenGens::default());
    /// let c = Secp256k1::encode(&pc.commit(Scalar::from(3u64), Scalar::from(4u64)));
    /// let st = SharedStatement::new(&bp, &pc, &Transcript::new(), [1u8; 32], &[3], &[c], 64)?;
    /// let g = Secp256k1::encode_sec1(&pc.B_blinding).unwrap();
    /// let combiner = Combiner::new(&st, &TauPoints { t_one: g, t_two: g })?;
    /// assert_eq!(combiner.finalize_with_sum(&[0u8; 32]).unwrap_err(), SharedOutputError::ZeroSum);
    /// # Ok::<(), SharedOutputError>(())
    /// ```
    pub fn finalize_with_sum(mut self, tau_x: &[u8; 32]) -> Result<ZkpProof, SharedOutputError> {
        let tau_x = Secp256k1::scalar_from_canonical_bytes(tau_x)
            .ok_or(SharedOutputError::InvalidScalar { index: 0 })?;
        if bool::from(tau_x.is_zero()) {
            return Err(SharedOutputError::ZeroSum);
        }
        let layout = self.statement.layout();
        let bp_gens = self.statement.bp_gens;
        let share = ProofShare {
            t_x: self.share.t_x,
            t_x_blinding: tau_x,
            e_blinding: self.share.e_blinding,
            l: core::mem::take(&mut self.share.l),
            r: core::mem::take(&mut self.share.r),
        };
        let proof = finish(
            bp_gens,
            layout,
            bp_gens.vectors(layout),
            &mut self.transcript,
            self.statement.pc_gens.bases(),
            self.points,
            &self.y,
            alloc::vec![share],
        )?;
        Ok(proof)
    }
}

/// What rewinding a shared proof recovers: the value and the message (secret;
/// redacted in [`Debug`], zeroized on drop). The blinding is split between the
/// parties and never recovered.
///
/// # Example
/// ```
/// use ballistic::secp256k1::shared_output::SharedRewound;
/// let r = SharedRewound { value: 77, message: [1; 20] };
/// assert!(!format!("{r:?}").contains("77"));
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct SharedRewound {
    /// The committed value.
    pub value: u64,
    /// The 20-byte message (zeros if none).
    pub message: [u8; 20],
}

impl Drop for SharedRewound {
    fn drop(&mut self) {
        self.value.zeroize();
        self.message.zeroize();
    }
}

impl fmt::Debug for SharedRewound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SharedRewound")
            .field("value", &Redacted)
            .field("message", &Redacted)
            .finish()
    }
}

/// Rewinds a single-value shared proof of `n` bits for `commitment` with the
/// common nonce: the value and message that secp256k1-zkp's
/// `secp256k1_bulletproof_rangeproof_rewind` returns
/// ([`RangeProof::rewind_unchecked`], whose blinding output is meaningless for a
/// shared proof), authenticated: `A` and `S` recomputed from the common nonce,
/// the value and the message must equal the proof's (the C library only checks 32
/// bits).
///
/// # Errors
/// [`ProofError::RewindError`] if the nonce or the transcript configuration is not
/// the proof's (or the proof is not a shared proof of this value); the errors of
/// [`RangeProof::rewind_unchecked`].
///
/// # Example
/// ```
/// use ballistic::secp256k1::{grin_generators, PedersenGens, Scalar, Transcript};
/// use ballistic::secp256k1::shared_output::{rewind, SharedParty, SharedStatement};
/// use ballistic::curve::{Curve, secp256k1::Secp256k1};
/// let (bp, pc) = (grin_generators(), PedersenGens::default());
/// let g = Scalar::from(4u64);
/// let c = Secp256k1::encode(&pc.commit(Scalar::from(3u64), g));
/// let t = Transcript::new().with_message(*b"shared output memo!!");
/// let st = SharedStatement::new(&bp, &pc, &t, [1u8; 32], &[3], &[c], 64)?;
/// let (party, tau) = SharedParty::new(&st, &[g], &mut rand::thread_rng())?;
/// let (combiner, tau_x) = party.tau_x(&tau)?;
/// let proof = combiner.finalize(&[tau_x])?;
/// let r = rewind(&proof, &bp, &pc, &Transcript::new(), &c, 64, &[1u8; 32])?;
/// assert_eq!((r.value, &r.message), (3, b"shared output memo!!"));
/// assert!(rewind(&proof, &bp, &pc, &Transcript::new(), &c, 64, &[2u8; 32]).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rewind(
    proof: &ZkpProof,
    bp_gens: &BulletproofGens<Secp256k1>,
    pc_gens: &PedersenGens<Secp256k1>,
    transcript: &ZkpTranscript,
    commitment: &[u8; 33],
    n: usize,
    common_nonce: &[u8; 32],
) -> Result<SharedRewound, ProofError> {
    let r = proof.rewind_impl(pc_gens, transcript, commitment, Some(n), None, common_nonce)?;
    let out = SharedRewound {
        value: r.value,
        message: r.message,
    };
    let layout = GeneratorLayout::Parties { n, m: 1 };
    bp_gens.check_parties(n, 1)?;
    if n < 64 && out.value >> n != 0 {
        return Err(ProofError::RewindError);
    }
    // A, S of the recovered value and message under the common nonce.
    let mut nonces = ZkpNonces::new(common_nonce, None, &[out.value], Some(&out.message));
    let mut party = Party::<Secp256k1>::new(
        PartyPositions {
            n,
            first_slot: 0,
            values: 1,
            offset: 0,
            len: layout.padded_len(),
        },
        &[out.value],
        &[Scalar::ZERO],
        pc_gens.bases(),
        Cheat::default(),
    );
    let (G, H) = bp_gens.vectors(layout);
    let (A, S) = party
        .commit_bits((&G, &H), &mut nonces, None)
        .ok_or(ProofError::RewindError)?;
    if A.encoding != proof.A.encoding || S.encoding != proof.S.encoding {
        return Err(ProofError::RewindError);
    }
    Ok(out)
}

#[allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
#[cfg(test)]
mod tests;
