//! The dealer's type states: [`Dealer::new`] → [`DealerAwaitingBitCommitments`] →
//! [`DealerAwaitingPolyCommitments`] → [`DealerAwaitingProofShares`] →
//! [`RangeProof`]. Each transition consumes the state, and no state is `Clone`:
//!
//! ```compile_fail
//! use ballistic::ristretto::range_proof_mpc::dealer::Dealer;
//! use ballistic::ristretto::{BulletproofGens, PedersenGens};
//! use ballistic::merlin::Transcript;
//! let (bp, pc) = (BulletproofGens::new(8, 1), PedersenGens::default());
//! let mut t = Transcript::new(b"ex");
//! let dealer = Dealer::new(&bp, &pc, &mut t, 8, 1).unwrap();
//! let _ = dealer.receive_bit_commitments(vec![]);
//! let _ = dealer.receive_bit_commitments(vec![]); // moved: a round runs once
//! ```
//!
//! The dealer handles public data only (variable time throughout).

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
use core::marker::PhantomData;
use rand_core::{CryptoRng, RngCore};

use super::audit::{padding_share, AuditContext};
use super::messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use super::MPCError;
use crate::curve::scalars::inner_product;
use crate::curve::{Curve, ProofPoint};
use crate::generators::{BulletproofGens, GeneratorLayout, PedersenGens};
use crate::range_proof::format::{Dalek, RangeProofFormat};
use crate::range_proof::party::ProofShare as PhaseShare;
use crate::range_proof::prover::finish;
use crate::range_proof::RangeProof;

/// Entry point of the dealer (dalek's `Dealer`): [`Dealer::new`].
pub struct Dealer<C: Curve, F: RangeProofFormat<C> = Dalek>(PhantomData<(C, F)>);

impl<C: Curve, F: RangeProofFormat<C>> Dealer<C, F>
where
    F::Transcript: Clone,
{
    /// A dealer for a proof of `m` values of `n` bits under `transcript`. The
    /// transcript's state now is the proof's context: a verifier starts from the
    /// same state, and so does a recomputing party
    /// ([`assign_position_checked`](super::party::PartyAwaitingPosition::assign_position_checked)).
    ///
    /// # Errors
    /// [`MPCError::InvalidBitsize`] unless `1 <= n <= 64`;
    /// [`MPCError::InvalidAggregation`] unless `1 <= m <=` [`crate::MAX_AGGREGATION`];
    /// [`MPCError::InvalidGeneratorsLength`] if the generators do not serve the shape.
    #[allow(clippy::new_ret_no_self)]
    pub fn new<'a, 'b>(
        bp_gens: &'b BulletproofGens<C>,
        pc_gens: &'b PedersenGens<C>,
        transcript: &'a mut F::Transcript,
        n: usize,
        m: usize,
    ) -> Result<DealerAwaitingBitCommitments<'a, 'b, C, F>, MPCError> {
        bp_gens.check_parties(n, m).map_err(MPCError::from_shape)?;
        let initial_transcript = transcript.clone();
        Ok(DealerAwaitingBitCommitments {
            bp_gens,
            pc_gens,
            transcript,
            initial_transcript,
            n,
            m,
        })
    }
}

/// The dealer awaiting the parties' [`BitCommitment`]s.
pub struct DealerAwaitingBitCommitments<'a, 'b, C: Curve, F: RangeProofFormat<C> = Dalek> {
    bp_gens: &'b BulletproofGens<C>,
    pc_gens: &'b PedersenGens<C>,
    transcript: &'a mut F::Transcript,
    /// The transcript before the proof, for the verification of the result.
    initial_transcript: F::Transcript,
    n: usize,
    m: usize,
}

impl<C: Curve, F: RangeProofFormat<C>> core::fmt::Debug
    for DealerAwaitingBitCommitments<'_, '_, C, F>
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DealerAwaitingBitCommitments")
            .field("n", &self.n)
            .field("m", &self.m)
            .finish_non_exhaustive()
    }
}

impl<'a, 'b, C: Curve, F: RangeProofFormat<C>> DealerAwaitingBitCommitments<'a, 'b, C, F> {
    /// Absorbs the statement (`n`, `m`, every `V_j` in position order) and
    /// `A = Σ A_j`, `S = Σ S_j` (plus the padding party's `A_pad`), and draws the
    /// [`BitChallenge`] for the parties. The position of a commitment is its index
    /// in `bit_commitments`.
    ///
    /// # Errors
    /// [`MPCError::WrongNumBitCommitments`] unless there are `m`;
    /// [`MPCError::ProvingError`] if the transcript gives a zero challenge.
    pub fn receive_bit_commitments(
        self,
        bit_commitments: Vec<BitCommitment<C>>,
    ) -> Result<(DealerAwaitingPolyCommitments<'a, 'b, C, F>, BitChallenge<C>), MPCError> {
        if bit_commitments.len() != self.m {
            return Err(MPCError::WrongNumBitCommitments);
        }
        let B = self.pc_gens.bases().0;
        let (A, S, y, z) = super::bit_challenge::<C, F>(
            self.transcript,
            self.bp_gens,
            &B,
            self.n,
            &bit_commitments,
        )?;
        let challenge = BitChallenge {
            y: C::scalar_to_api(&y),
            z: C::scalar_to_api(&z),
        };
        Ok((
            DealerAwaitingPolyCommitments {
                base: self,
                bit_commitments,
                A,
                S,
                y,
                z,
            },
            challenge,
        ))
    }
}

/// The dealer awaiting the parties' [`PolyCommitment`]s.
pub struct DealerAwaitingPolyCommitments<'a, 'b, C: Curve, F: RangeProofFormat<C> = Dalek> {
    base: DealerAwaitingBitCommitments<'a, 'b, C, F>,
    bit_commitments: Vec<BitCommitment<C>>,
    A: ProofPoint<C>,
    S: ProofPoint<C>,
    y: C::Scalar,
    z: C::Scalar,
}

impl<C: Curve, F: RangeProofFormat<C>> core::fmt::Debug
    for DealerAwaitingPolyCommitments<'_, '_, C, F>
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DealerAwaitingPolyCommitments")
            .field("n", &self.base.n)
            .field("m", &self.base.m)
            .finish_non_exhaustive()
    }
}

impl<'a, 'b, C: Curve, F: RangeProofFormat<C>> DealerAwaitingPolyCommitments<'a, 'b, C, F> {
    /// Absorbs `T_1 = Σ T_1,j`, `T_2 = Σ T_2,j` and draws the [`PolyChallenge`].
    ///
    /// # Errors
    /// [`MPCError::WrongNumPolyCommitments`] unless there are `m`;
    /// [`MPCError::ProvingError`] if the transcript gives a zero challenge.
    pub fn receive_poly_commitments(
        self,
        poly_commitments: Vec<PolyCommitment<C>>,
    ) -> Result<(DealerAwaitingProofShares<'a, 'b, C, F>, PolyChallenge<C>), MPCError> {
        if poly_commitments.len() != self.base.m {
            return Err(MPCError::WrongNumPolyCommitments);
        }
        let (T_1, T_2, x) = super::poly_challenge::<C, F>(self.base.transcript, &poly_commitments)?;
        let challenge = PolyChallenge {
            x: C::scalar_to_api(&x),
        };
        Ok((
            DealerAwaitingProofShares {
                bits: self,
                poly_commitments,
                T_1,
                T_2,
                x,
            },
            challenge,
        ))
    }
}

/// The dealer awaiting the parties' [`ProofShare`]s.
pub struct DealerAwaitingProofShares<'a, 'b, C: Curve, F: RangeProofFormat<C> = Dalek> {
    bits: DealerAwaitingPolyCommitments<'a, 'b, C, F>,
    poly_commitments: Vec<PolyCommitment<C>>,
    T_1: ProofPoint<C>,
    T_2: ProofPoint<C>,
    x: C::Scalar,
}

impl<C: Curve, F: RangeProofFormat<C>> core::fmt::Debug
    for DealerAwaitingProofShares<'_, '_, C, F>
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("DealerAwaitingProofShares")
            .field("n", &self.bits.base.n)
            .field("m", &self.bits.base.m)
            .finish_non_exhaustive()
    }
}

/// A share in the protocol's scalars.
fn phase_share<C: Curve>(s: &ProofShare<C>) -> PhaseShare<C> {
    PhaseShare {
        t_x: C::scalar_from_api(&s.t_x),
        t_x_blinding: C::scalar_from_api(&s.t_x_blinding),
        e_blinding: C::scalar_from_api(&s.e_blinding),
        l: s.l_vec.iter().map(C::scalar_from_api).collect(),
        r: s.r_vec.iter().map(C::scalar_from_api).collect(),
    }
}

impl<'a, 'b, C: Curve, F: RangeProofFormat<C>> DealerAwaitingProofShares<'a, 'b, C, F> {
    /// The shares in the protocol's scalars, after the count and size checks.
    fn checked_shares(
        &self,
        proof_shares: &[ProofShare<C>],
    ) -> Result<Vec<PhaseShare<C>>, MPCError> {
        let (n, m) = (self.bits.base.n, self.bits.base.m);
        if proof_shares.len() != m {
            return Err(MPCError::WrongNumProofShares);
        }
        let bad_shares: Vec<usize> = proof_shares
            .iter()
            .enumerate()
            .filter(|(_, s)| s.l_vec.len() != n || s.r_vec.len() != n)
            .map(|(j, _)| j)
            .collect();
        if !bad_shares.is_empty() {
            return Err(MPCError::MalformedProofShares { bad_shares });
        }
        Ok(proof_shares.iter().map(phase_share::<C>).collect())
    }

    /// Folds the shares and the padding party's into the proof: `t_x = Σ t_x,j`,
    /// `τ_x`, `μ`, and the inner-product argument over `l`, `r` (the single prover's
    /// last steps).
    fn assemble(&mut self, mut shares: Vec<PhaseShare<C>>) -> Result<RangeProof<C, F>, MPCError> {
        let base = &mut self.bits.base;
        let (n, m) = (base.n, base.m);
        shares.push(padding_share::<C>(n, m, &self.bits.y, &self.bits.z));
        let layout = GeneratorLayout::Parties { n, m };
        finish::<C, F>(
            base.bp_gens,
            layout,
            base.bp_gens.vectors(layout),
            base.transcript,
            base.pc_gens.bases(),
            [self.bits.A, self.bits.S, self.T_1, self.T_2],
            &self.bits.y,
            shares,
        )
        .map_err(|_| MPCError::ProvingError)
    }

    /// The positions of the shares that fail their checks against their parties'
    /// commitments ([`AuditContext::audit_share`]).
    fn audit(&self, shares: &[PhaseShare<C>]) -> Vec<usize> {
        let base = &self.bits.base;
        let ctx = AuditContext {
            bp_gens: base.bp_gens,
            bases: base.pc_gens.bases(),
            n: base.n,
            y: self.bits.y,
            z: self.bits.z,
            x: self.x,
        };
        shares
            .iter()
            .enumerate()
            .filter(|(j, s)| {
                // A share without its party's commitments fails (never: the dealer
                // holds one of each per party).
                match (
                    self.bits.bit_commitments.get(*j),
                    self.poly_commitments.get(*j),
                ) {
                    (Some(bits), Some(poly)) => !ctx.audit_share(*j, bits, poly, s),
                    _ => true,
                }
            })
            .map(|(j, _)| j)
            .collect()
    }

    /// Assembles the proof from the shares (in position order) and verifies it
    /// against the initial transcript and the parties' `V_j`. A share whose
    /// `t_x,j` is not `<l_j, r_j>` is refused before the inner-product argument;
    /// when the proof does not verify, every share is audited against its party's
    /// commitments and the failing ones are named.
    ///
    /// # Errors
    /// [`MPCError::WrongNumProofShares`] unless there are `m`;
    /// [`MPCError::MalformedProofShares`] with the positions of the bad shares;
    /// [`MPCError::ProvingError`] if the transcript gives a zero challenge.
    pub fn receive_shares_with_rng<R: RngCore + CryptoRng>(
        mut self,
        proof_shares: &[ProofShare<C>],
        rng: &mut R,
    ) -> Result<RangeProof<C, F>, MPCError>
    where
        F::Transcript: Clone,
    {
        let shares = self.checked_shares(proof_shares)?;
        let bad_shares: Vec<usize> = shares
            .iter()
            .enumerate()
            .filter(|(_, s)| inner_product::<C>(&s.l, &s.r) != s.t_x)
            .map(|(j, _)| j)
            .collect();
        if !bad_shares.is_empty() {
            return Err(MPCError::MalformedProofShares { bad_shares });
        }
        let proof = self.assemble(shares.clone())?;
        let base = &self.bits.base;
        let V: Vec<C::Encoding> = self.bits.bit_commitments.iter().map(|b| b.V_j).collect();
        let verified = proof.verify_impl(
            base.bp_gens,
            base.pc_gens,
            &mut base.initial_transcript.clone(),
            &V,
            base.n,
            rng,
        );
        match verified {
            Ok(()) => Ok(proof),
            Err(_) => Err(MPCError::MalformedProofShares {
                bad_shares: self.audit(&shares),
            }),
        }
    }

    /// [`DealerAwaitingProofShares::receive_shares_with_rng`] with the operating
    /// system's RNG.
    #[cfg(feature = "std")]
    pub fn receive_shares(
        self,
        proof_shares: &[ProofShare<C>],
    ) -> Result<RangeProof<C, F>, MPCError>
    where
        F::Transcript: Clone,
    {
        self.receive_shares_with_rng(proof_shares, &mut rand_core::OsRng)
    }

    /// Assembles the proof from the shares (in position order) without verifying
    /// it: for a dealer that trusts every party (dalek's behaviour; a bad share
    /// gives a proof that does not verify).
    ///
    /// # Errors
    /// [`MPCError::WrongNumProofShares`] unless there are `m`;
    /// [`MPCError::MalformedProofShares`] for shares whose vectors do not have `n`
    /// entries; [`MPCError::ProvingError`] if the transcript gives a zero challenge.
    pub fn receive_trusted_shares(
        mut self,
        proof_shares: &[ProofShare<C>],
    ) -> Result<RangeProof<C, F>, MPCError> {
        let shares = self.checked_shares(proof_shares)?;
        self.assemble(shares)
    }
}
