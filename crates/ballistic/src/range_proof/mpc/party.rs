//! The parties' type states: [`Party::new`] → [`PartyAwaitingPosition`] →
//! [`PartyAwaitingBitChallenge`] → [`PartyAwaitingPolyChallenge`] →
//! [`ProofShare`]. Each transition consumes the state, and no state is `Clone`:
//!
//! ```compile_fail
//! use ballistic::ristretto::range_proof_mpc::party::Party;
//! use ballistic::ristretto::{BulletproofGens, PedersenGens, Scalar};
//! let (bp, pc) = (BulletproofGens::new(8, 1), PedersenGens::default());
//! let party = Party::new(&bp, &pc, 1, Scalar::ONE, 8).unwrap();
//! let (_, _) = party.assign_position(0).unwrap();
//! let again = party.assign_position(0); // moved: a phase runs once
//! ```

#![allow(non_snake_case)]

use core::marker::PhantomData;
use rand_core::{CryptoRng, RngCore};
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, Zeroizing};

use super::messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use super::{MPCError, Recomputing, Trusting};
use crate::ct::{declassify_bool, declassify_point, Declassified};
use crate::curve::{Curve, ProofPoint};
use crate::generators::{BulletproofGens, GeneratorLayout, PedersenGens};
use crate::range_proof::format::{Dalek, RangeProofFormat};
use crate::range_proof::party::{self as phases, PartyPositions};
use crate::range_proof::prover::Cheat;
use crate::range_proof::transcript::RngNonces;

/// The label of a party's local nonce transcript.
const PARTY_NONCE_LABEL: &[u8] = b"ballistic mpc party v1";

/// Entry point of a party (dalek's `Party`): [`Party::new`].
pub struct Party<C: Curve, F: RangeProofFormat<C> = Dalek>(PhantomData<(C, F)>);

impl<C: Curve, F: RangeProofFormat<C>> Party<C, F> {
    /// A party proving `0 <= v < 2^n` for `V = v·B + v_blinding·B̃` in an aggregated
    /// proof of `n`-bit values; it learns its position next.
    ///
    /// # Errors
    /// [`MPCError::InvalidBitsize`] unless `1 <= n <= 64`;
    /// [`MPCError::InvalidGeneratorsLength`] if `n > bp_gens.gens_capacity`;
    /// [`MPCError::ValueOutOfRange`] if `v >= 2^n` (checked in constant time).
    #[allow(clippy::new_ret_no_self)]
    pub fn new<'a>(
        bp_gens: &'a BulletproofGens<C>,
        pc_gens: &'a PedersenGens<C>,
        v: u64,
        v_blinding: C::ApiScalar,
        n: usize,
    ) -> Result<PartyAwaitingPosition<'a, C, F>, MPCError> {
        Self::new_with(bp_gens, pc_gens, v, v_blinding, n, Cheat::default())
    }

    pub(crate) fn new_with<'a>(
        bp_gens: &'a BulletproofGens<C>,
        pc_gens: &'a PedersenGens<C>,
        v: u64,
        v_blinding: C::ApiScalar,
        n: usize,
        cheat: Cheat,
    ) -> Result<PartyAwaitingPosition<'a, C, F>, MPCError> {
        if n == 0 || n > crate::MAX_BITS {
            return Err(MPCError::InvalidBitsize);
        }
        if n > bp_gens.gens_capacity {
            return Err(MPCError::InvalidGeneratorsLength);
        }
        let high = if n >= 64 { 0 } else { v >> n };
        // Public by design: the result of the call says whether the value is in range.
        if !cheat.skip_range_check && !declassify_bool(Declassified::InRange, high.ct_eq(&0u64)) {
            return Err(MPCError::ValueOutOfRange);
        }
        let bases = pc_gens.bases();
        let v_blinding = Zeroizing::new(C::scalar_from_api(&v_blinding));
        let s = Zeroizing::new([C::scalar_from_u64(v), *v_blinding]);
        // Public by design: the commitment is the party's statement.
        let V = declassify_point(
            Declassified::Commitment,
            ProofPoint::<C>::new(C::pedersen_mul(&*s, &[bases.0, bases.1])),
        );
        Ok(PartyAwaitingPosition {
            bp_gens,
            bases,
            n,
            v: Zeroizing::new(v),
            v_blinding,
            V_j: V.encoding,
            cheat,
            format: PhantomData,
        })
    }
}

/// A party that knows its value and blinding and awaits its position `j`.
pub struct PartyAwaitingPosition<'a, C: Curve, F: RangeProofFormat<C> = Dalek> {
    bp_gens: &'a BulletproofGens<C>,
    bases: (C::Point, C::Point),
    n: usize,
    v: Zeroizing<u64>,
    v_blinding: Zeroizing<C::Scalar>,
    V_j: C::Encoding,
    cheat: Cheat,
    format: PhantomData<F>,
}

impl<C: Curve, F: RangeProofFormat<C>> core::fmt::Debug for PartyAwaitingPosition<'_, C, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PartyAwaitingPosition")
            .field("n", &self.n)
            .field("V_j", &self.V_j)
            .finish_non_exhaustive()
    }
}

impl<'a, C: Curve, F: RangeProofFormat<C>> PartyAwaitingPosition<'a, C, F> {
    /// The party's value commitment `V_j` (as its encoding).
    pub fn value_commitment(&self) -> &C::Encoding {
        &self.V_j
    }

    /// Takes position `j` and commits to the bits: returns the next state and the
    /// [`BitCommitment`] for the dealer. The party's nonces come from a party-local
    /// transcript of `n`, `j`, `V_j`, rekeyed with the value and blinding and
    /// finalised with `rng`.
    ///
    /// # Errors
    /// [`MPCError::InvalidGeneratorsLength`] if the generators have no party `j`
    /// (`j >= party_capacity`).
    pub fn assign_position_with_rng<R: RngCore + CryptoRng>(
        self,
        j: usize,
        rng: &mut R,
    ) -> Result<(PartyAwaitingBitChallenge<'a, C, F>, BitCommitment<C>), MPCError> {
        self.start(j, Trusting, rng)
    }

    /// [`PartyAwaitingPosition::assign_position_with_rng`] with the operating
    /// system's RNG.
    #[cfg(feature = "std")]
    pub fn assign_position(
        self,
        j: usize,
    ) -> Result<(PartyAwaitingBitChallenge<'a, C, F>, BitCommitment<C>), MPCError> {
        self.assign_position_with_rng(j, &mut rand_core::OsRng)
    }

    /// Takes position `j` of `m` parties in a recomputing party (see the
    /// [module documentation](super)): `transcript` is the dealer's transcript
    /// before [`Dealer::new`](super::dealer::Dealer::new) (the party's copy of
    /// the context), from which it recomputes every challenge.
    ///
    /// # Errors
    /// [`MPCError::InvalidAggregation`] or [`MPCError::InvalidGeneratorsLength`]
    /// for a shape the generators do not serve or `j >= m`.
    #[allow(clippy::type_complexity)]
    pub fn assign_position_checked_with_rng<R: RngCore + CryptoRng>(
        self,
        j: usize,
        m: usize,
        transcript: &F::Transcript,
        rng: &mut R,
    ) -> Result<
        (
            PartyAwaitingBitChallenge<'a, C, F, Recomputing<C, F>>,
            BitCommitment<C>,
        ),
        MPCError,
    >
    where
        F::Transcript: Clone,
    {
        self.bp_gens
            .check_parties(self.n, m)
            .map_err(MPCError::from_shape)?;
        if j >= m {
            return Err(MPCError::InvalidGeneratorsLength);
        }
        let mode = Recomputing {
            transcript: transcript.clone(),
            m,
            own_bits: None,
            own_poly: None,
        };
        let (mut state, bits) = self.start(j, mode, rng)?;
        state.mode.own_bits = Some(bits);
        Ok((state, bits))
    }

    /// [`PartyAwaitingPosition::assign_position_checked_with_rng`] with the operating
    /// system's RNG.
    #[cfg(feature = "std")]
    #[allow(clippy::type_complexity)]
    pub fn assign_position_checked(
        self,
        j: usize,
        m: usize,
        transcript: &F::Transcript,
    ) -> Result<
        (
            PartyAwaitingBitChallenge<'a, C, F, Recomputing<C, F>>,
            BitCommitment<C>,
        ),
        MPCError,
    >
    where
        F::Transcript: Clone,
    {
        self.assign_position_checked_with_rng(j, m, transcript, &mut rand_core::OsRng)
    }

    #[allow(clippy::type_complexity)]
    fn start<M, R: RngCore + CryptoRng>(
        self,
        j: usize,
        mode: M,
        rng: &mut R,
    ) -> Result<(PartyAwaitingBitChallenge<'a, C, F, M>, BitCommitment<C>), MPCError> {
        let n = self.n;
        let (G, H) = self
            .bp_gens
            .party_slice(n, j)
            .ok_or(MPCError::InvalidGeneratorsLength)?;
        let mut nonce_transcript = merlin::Transcript::new(PARTY_NONCE_LABEL);
        nonce_transcript.append_u64(b"n", n as u64);
        nonce_transcript.append_u64(b"j", j as u64);
        nonce_transcript.append_message(b"V", C::encoding_bytes(&self.V_j));
        let mut nonces = witness_nonces::<C>(&nonce_transcript, &self.v, &self.v_blinding, rng);
        let mut party = phases::Party::new(
            PartyPositions {
                n,
                first_slot: j,
                values: 1,
                offset: j * n,
                len: n,
            },
            core::slice::from_ref(&*self.v),
            core::slice::from_ref(&*self.v_blinding),
            self.bases,
            self.cheat,
        );
        let ct_table = self.bp_gens.ct_table(GeneratorLayout::Share { j, n });
        let (A, S) = party
            .commit_bits((G, H), &mut nonces, ct_table.as_deref())
            .ok_or(MPCError::InvalidGeneratorsLength)?;
        let bits = BitCommitment {
            V_j: self.V_j,
            A_j: C::point_to_api_encoded(&A),
            S_j: C::point_to_api_encoded(&S),
        };
        Ok((
            PartyAwaitingBitChallenge {
                j,
                party,
                nonce_transcript,
                v: self.v,
                v_blinding: self.v_blinding,
                bp_gens: self.bp_gens,
                mode,
                format: PhantomData,
            },
            bits,
        ))
    }
}

/// Nonces from the party's nonce transcript rekeyed with its witness and
/// finalised with `rng` (Merlin's witness RNG).
fn witness_nonces<C: Curve>(
    t: &merlin::Transcript,
    v: &u64,
    v_blinding: &C::Scalar,
    rng: &mut (impl RngCore + CryptoRng),
) -> RngNonces<merlin::TranscriptRng> {
    let mut v_bytes = v.to_le_bytes();
    let mut g_bytes = C::scalar_to_bytes(v_blinding);
    let built = t
        .build_rng()
        .rekey_with_witness_bytes(b"v", &v_bytes)
        .rekey_with_witness_bytes(b"blinding", &g_bytes)
        .finalize(rng);
    v_bytes.zeroize();
    g_bytes.zeroize();
    RngNonces::new(built)
}

/// A party that has sent its bit commitment and awaits the challenges `y`, `z`.
/// `M` is its mode: [`Trusting`] (dalek's) or [`Recomputing`].
pub struct PartyAwaitingBitChallenge<'a, C: Curve, F: RangeProofFormat<C> = Dalek, M = Trusting> {
    j: usize,
    party: phases::Party<C>,
    nonce_transcript: merlin::Transcript,
    v: Zeroizing<u64>,
    v_blinding: Zeroizing<C::Scalar>,
    bp_gens: &'a BulletproofGens<C>,
    mode: M,
    format: PhantomData<F>,
}

impl<C: Curve, F: RangeProofFormat<C>, M: core::fmt::Debug> core::fmt::Debug
    for PartyAwaitingBitChallenge<'_, C, F, M>
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PartyAwaitingBitChallenge")
            .field("j", &self.j)
            .field("mode", &self.mode)
            .finish_non_exhaustive()
    }
}

impl<'a, C: Curve, F: RangeProofFormat<C>, M> PartyAwaitingBitChallenge<'a, C, F, M> {
    /// The same state in mode `mode`, and the previous mode.
    fn with_mode<M2>(self, mode: M2) -> (PartyAwaitingBitChallenge<'a, C, F, M2>, M) {
        let PartyAwaitingBitChallenge {
            j,
            party,
            nonce_transcript,
            v,
            v_blinding,
            bp_gens,
            mode: old,
            format,
        } = self;
        (
            PartyAwaitingBitChallenge {
                j,
                party,
                nonce_transcript,
                v,
                v_blinding,
                bp_gens,
                mode,
                format,
            },
            old,
        )
    }

    /// Phase 2 for the challenges `(y, z)`: `T_1,j`, `T_2,j` with `τ_1`, `τ_2` from the
    /// nonce transcript after `y`, `z`, rekeyed with the witness, finalised with `rng`.
    fn poly<M2, R: RngCore + CryptoRng>(
        self,
        y: C::Scalar,
        z: C::Scalar,
        mode: M2,
        rng: &mut R,
    ) -> (PartyAwaitingPolyChallenge<C, F, M2>, PolyCommitment<C>) {
        let PartyAwaitingBitChallenge {
            mut party,
            mut nonce_transcript,
            v,
            v_blinding,
            ..
        } = self;
        nonce_transcript.append_message(b"y", &C::scalar_to_bytes(&y));
        nonce_transcript.append_message(b"z", &C::scalar_to_bytes(&z));
        let mut nonces = witness_nonces::<C>(&nonce_transcript, &v, &v_blinding, rng);
        drop((v, v_blinding));
        let (T_1, T_2) = party.commit_poly(&mut nonces, &y, &z);
        drop(nonces);
        let degenerate = C::scalar_is_zero(&y) || C::scalar_is_zero(&z);
        (
            PartyAwaitingPolyChallenge {
                party,
                degenerate,
                mode,
                format: PhantomData,
            },
            PolyCommitment {
                T_1_j: C::point_to_api_encoded(&T_1),
                T_2_j: C::point_to_api_encoded(&T_2),
            },
        )
    }
}

impl<'a, C: Curve, F: RangeProofFormat<C>> PartyAwaitingBitChallenge<'a, C, F, Trusting> {
    /// Answers the dealer's [`BitChallenge`] with the party's [`PolyCommitment`].
    /// Infallible as dalek's: a zero `y` or `z` is refused in the next phase, before
    /// anything that depends on them is revealed (`T_1,j`, `T_2,j` are blinded by
    /// fresh `τ_1`, `τ_2` whatever the challenges).
    pub fn apply_challenge_with_rng<R: RngCore + CryptoRng>(
        self,
        vc: &BitChallenge<C>,
        rng: &mut R,
    ) -> (PartyAwaitingPolyChallenge<C, F>, PolyCommitment<C>) {
        let (y, z) = (C::scalar_from_api(&vc.y), C::scalar_from_api(&vc.z));
        self.poly(y, z, Trusting, rng)
    }

    /// [`PartyAwaitingBitChallenge::apply_challenge_with_rng`] with the operating
    /// system's RNG.
    #[cfg(feature = "std")]
    pub fn apply_challenge(
        self,
        vc: &BitChallenge<C>,
    ) -> (PartyAwaitingPolyChallenge<C, F>, PolyCommitment<C>) {
        self.apply_challenge_with_rng(vc, &mut rand_core::OsRng)
    }
}

impl<'a, C: Curve, F: RangeProofFormat<C>> PartyAwaitingBitChallenge<'a, C, F, Recomputing<C, F>> {
    /// Answers the dealer's [`BitChallenge`] after recomputing it from the initial
    /// transcript and `all`, the bit commitments of every party in position order
    /// (as the dealer received them).
    ///
    /// # Errors
    /// [`MPCError::WrongNumBitCommitments`] unless `all` has `m` entries;
    /// [`MPCError::MaliciousDealer`] if entry `j` is not the party's own;
    /// [`MPCError::ChallengeMismatch`] if `vc` is not the recomputed challenge;
    /// [`MPCError::ProvingError`] if the transcript gives a zero challenge.
    #[allow(clippy::type_complexity)]
    pub fn apply_challenge_with_rng<R: RngCore + CryptoRng>(
        mut self,
        vc: &BitChallenge<C>,
        all: &[BitCommitment<C>],
        rng: &mut R,
    ) -> Result<
        (
            PartyAwaitingPolyChallenge<C, F, Recomputing<C, F>>,
            PolyCommitment<C>,
        ),
        MPCError,
    > {
        if all.len() != self.mode.m {
            return Err(MPCError::WrongNumBitCommitments);
        }
        if all.get(self.j) != self.mode.own_bits.as_ref() {
            return Err(MPCError::MaliciousDealer);
        }
        let B = self.party.bases().0;
        let n = self.party.positions().n;
        let (_, _, y, z) =
            super::bit_challenge::<C, F>(&mut self.mode.transcript, self.bp_gens, &B, n, all)?;
        if C::scalar_from_api(&vc.y) != y || C::scalar_from_api(&vc.z) != z {
            return Err(MPCError::ChallengeMismatch);
        }
        let (state, old) = self.with_mode(Trusting);
        let mode = Recomputing {
            transcript: old.transcript,
            m: old.m,
            own_bits: None,
            own_poly: None,
        };
        let (mut state, poly) = state.poly(y, z, mode, rng);
        state.mode.own_poly = Some(poly);
        Ok((state, poly))
    }

    /// [`PartyAwaitingBitChallenge::apply_challenge_with_rng`] (recomputing) with the
    /// operating system's RNG.
    #[cfg(feature = "std")]
    #[allow(clippy::type_complexity)]
    pub fn apply_challenge(
        self,
        vc: &BitChallenge<C>,
        all: &[BitCommitment<C>],
    ) -> Result<
        (
            PartyAwaitingPolyChallenge<C, F, Recomputing<C, F>>,
            PolyCommitment<C>,
        ),
        MPCError,
    > {
        self.apply_challenge_with_rng(vc, all, &mut rand_core::OsRng)
    }
}

/// A party that has sent its polynomial commitment and awaits the challenge `x`.
/// It has no lifetime: it needs no generators any more.
pub struct PartyAwaitingPolyChallenge<C: Curve, F: RangeProofFormat<C> = Dalek, M = Trusting> {
    party: phases::Party<C>,
    /// Whether `y` or `z` was zero (refused before any answer that depends on them).
    degenerate: bool,
    mode: M,
    format: PhantomData<F>,
}

impl<C: Curve, F: RangeProofFormat<C>, M: core::fmt::Debug> core::fmt::Debug
    for PartyAwaitingPolyChallenge<C, F, M>
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PartyAwaitingPolyChallenge")
            .field("j", &self.party.positions().first_slot)
            .field("mode", &self.mode)
            .finish_non_exhaustive()
    }
}

impl<C: Curve, F: RangeProofFormat<C>, M> PartyAwaitingPolyChallenge<C, F, M> {
    fn answer(self, x: C::Scalar) -> Result<ProofShare<C>, MPCError> {
        if self.degenerate || C::scalar_is_zero(&x) {
            return Err(MPCError::MaliciousDealer);
        }
        let share = self.party.share(&x);
        // The party's secrets are zeroized here, when `self.party` is dropped.
        drop(self.party);
        Ok(ProofShare {
            t_x: C::scalar_to_api(&share.t_x),
            t_x_blinding: C::scalar_to_api(&share.t_x_blinding),
            e_blinding: C::scalar_to_api(&share.e_blinding),
            l_vec: share.l.iter().map(C::scalar_to_api).collect(),
            r_vec: share.r.iter().map(C::scalar_to_api).collect(),
        })
    }
}

impl<C: Curve, F: RangeProofFormat<C>> PartyAwaitingPolyChallenge<C, F, Trusting> {
    /// Answers the dealer's [`PolyChallenge`] with the party's [`ProofShare`].
    ///
    /// # Errors
    /// [`MPCError::MaliciousDealer`] if `x`, `y` or `z` is zero (dalek refuses only a
    /// zero `x`): the answer would reveal the party's bits or blinding.
    pub fn apply_challenge(self, pc: &PolyChallenge<C>) -> Result<ProofShare<C>, MPCError> {
        let x = C::scalar_from_api(&pc.x);
        self.answer(x)
    }
}

impl<C: Curve, F: RangeProofFormat<C>> PartyAwaitingPolyChallenge<C, F, Recomputing<C, F>> {
    /// Answers the dealer's [`PolyChallenge`] after recomputing it from the
    /// transcript and `all`, the polynomial commitments of every party in position
    /// order.
    ///
    /// # Errors
    /// [`MPCError::WrongNumPolyCommitments`] unless `all` has `m` entries;
    /// [`MPCError::MaliciousDealer`] if entry `j` is not the party's own, or if a
    /// challenge is zero; [`MPCError::ChallengeMismatch`] if `pc` is not the
    /// recomputed challenge.
    pub fn apply_challenge(
        mut self,
        pc: &PolyChallenge<C>,
        all: &[PolyCommitment<C>],
    ) -> Result<ProofShare<C>, MPCError> {
        if all.len() != self.mode.m {
            return Err(MPCError::WrongNumPolyCommitments);
        }
        let j = self.party.positions().first_slot;
        if all.get(j) != self.mode.own_poly.as_ref() {
            return Err(MPCError::MaliciousDealer);
        }
        let (_, _, x) = super::poly_challenge::<C, F>(&mut self.mode.transcript, all)?;
        if C::scalar_from_api(&pc.x) != x {
            return Err(MPCError::ChallengeMismatch);
        }
        self.answer(x)
    }
}
