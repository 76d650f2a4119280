//! Multi-party range proving: dalek's dealer and parties on the phased prover.
//!
//! `m` parties, each holding one secret value `v_j` and its blinding `γ_j`, build
//! one aggregated range proof of `V_0, …, V_{m−1}` without revealing their
//! secrets to each other or to the dealer. The parties run the phases of
//! `range_proof/party.rs` (the single prover's own phases) over their positions
//! `j·n .. (j+1)·n` of the argument's vectors; the dealer sums their commitments,
//! draws the Fiat–Shamir challenges from the transcript, and folds their shares
//! into the proof with the single prover's last steps. The rounds, as in dalek's
//! `bulletproofs` (`range_proof_mpc`):
//!
//! 1. [`party::Party::new`] → [`party::PartyAwaitingPosition::assign_position`] —
//!    party `j` sends its [`messages::BitCommitment`] `(V_j, A_j, S_j)`;
//! 2. [`dealer::DealerAwaitingBitCommitments::receive_bit_commitments`] — the dealer
//!    appends the statement (`n`, `m`, every `V_j`) and `A = Σ A_j`, `S = Σ S_j`,
//!    and sends the [`messages::BitChallenge`] `(y, z)`;
//! 3. [`party::PartyAwaitingBitChallenge::apply_challenge`] — the party sends its
//!    [`messages::PolyCommitment`] `(T_1,j, T_2,j)`;
//! 4. [`dealer::DealerAwaitingPolyCommitments::receive_poly_commitments`] — the
//!    [`messages::PolyChallenge`] `x`;
//! 5. [`party::PartyAwaitingPolyChallenge::apply_challenge`] — the party's
//!    [`messages::ProofShare`];
//! 6. [`dealer::DealerAwaitingProofShares::receive_shares`] (verifies the proof and
//!    names the parties whose shares fail their checks) or
//!    [`dealer::DealerAwaitingProofShares::receive_trusted_shares`].
//!
//! Every transition consumes its state and no state is `Clone`, so no party
//! answers a phase twice (two answers with the same randomness reveal its bits or
//! its blinding). For `n ∈ {8, 16, 32, 64}` and `m` a power of two the messages,
//! the transcript and the proof are dalek's, byte for byte; other shapes (any
//! `1 <= n <= 64`, any `m`) use the padding rule of `docs/padding.md` through a
//! public padding party (`audit.rs`: why it keeps soundness and zero knowledge).
//!
//! # Trusting and recomputing parties
//! Bulletproofs are honest-verifier zero-knowledge: the simulation argument holds
//! for challenges drawn independently of the prover's messages, which the
//! Fiat–Shamir hash guarantees in a non-interactive proof. Here the dealer draws
//! the challenges and may choose them as it likes. A party refuses the degenerate
//! ones that reveal its secrets outright (`x`, `y` or `z` zero:
//! [`MPCError::MaliciousDealer`]), but against other adaptively chosen challenges
//! the zero-knowledge proof gives no guarantee, and a dealer can also run the
//! parties under a context (transcript) they did not intend. A party that takes the
//! dealer's initial transcript and `m`
//! ([`party::PartyAwaitingPosition::assign_position_checked`]) recomputes every
//! challenge from that transcript and all parties' commitments (which the dealer
//! forwards), refuses a challenge that differs ([`MPCError::ChallengeMismatch`])
//! and a list in which its own commitment was replaced
//! ([`MPCError::MaliciousDealer`]): its challenges are then the Fiat–Shamir outputs
//! of its own statement and the usual argument applies.
//!
//! # Secrets
//! A party's secrets (value, blinding, bits, `α`, `ρ`, `s_L`, `s_R`, `τ_1`, `τ_2`,
//! the polynomials) are zeroized when its state is dropped, on every path;
//! `Debug` prints none of them. Its nonces come from a party-local Merlin
//! transcript of `n`, `j` and `V_j` (then `y`, `z`) rekeyed with the witness and
//! finalised with the caller's RNG, never from the secrets alone. The party's
//! computations on secrets are the single prover's constant-time ones.

#![allow(non_snake_case)]

pub(crate) mod audit;
pub mod dealer;
pub mod messages;
pub mod party;

pub use crate::errors::MPCError;

use alloc::vec::Vec;

use super::format::RangeProofFormat;
use super::transcript::{RangeProofTranscript, RangeStatement};
use crate::curve::{Curve, ProofPoint};
use crate::generators::BulletproofGens;
use messages::{BitCommitment, PolyCommitment};

/// The party's mode: trusts the dealer's challenges (dalek's behaviour), checking
/// only that they are not zero.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trusting;

/// The party's mode: recomputes every challenge from the dealer's initial transcript
/// and all parties' commitments (see the [module documentation](self)).
pub struct Recomputing<C: Curve, F: RangeProofFormat<C>> {
    /// The transcript: the dealer's initial one, then with every message absorbed.
    transcript: F::Transcript,
    /// The number of parties.
    m: usize,
    /// The party's own message of the current round.
    own_bits: Option<BitCommitment<C>>,
    own_poly: Option<PolyCommitment<C>>,
}

impl<C: Curve, F: RangeProofFormat<C>> core::fmt::Debug for Recomputing<C, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Recomputing").field("m", &self.m).finish()
    }
}

/// The statement and the bit challenges `y`, `z` of a transcript in its initial
/// state: binds the value generator, appends `n`, `m` (the number of commitments)
/// and every `V_j`, then `A = Σ A_j + A_pad` and `S = Σ S_j`, as the dealer and a
/// recomputing party both do. Returns `A`, `S`, `y`, `z`.
#[allow(clippy::type_complexity)]
pub(crate) fn bit_challenge<C, F>(
    transcript: &mut F::Transcript,
    bp_gens: &BulletproofGens<C>,
    B: &C::Point,
    n: usize,
    bits: &[BitCommitment<C>],
) -> Result<(ProofPoint<C>, ProofPoint<C>, C::Scalar, C::Scalar), MPCError>
where
    C: Curve,
    F: RangeProofFormat<C>,
{
    let m = bits.len();
    let V: Vec<C::Encoding> = bits.iter().map(|b| b.V_j).collect();
    if !transcript.bind_value_generator(B) {
        return Err(MPCError::ProvingError);
    }
    transcript.append_statement(&RangeStatement::new(n, &V));
    let A = C::point_sum_from_api(bits.iter().map(|b| &b.A_j));
    let pad = audit::padding_A(bp_gens, n, m);
    // The padding positions' bits (none when `n·m` is a power of two).
    let A = if C::is_identity(&pad) {
        A
    } else {
        ProofPoint::new_vartime(A.point + pad)
    };
    let S = C::point_sum_from_api(bits.iter().map(|b| &b.S_j));
    let (y, z) = transcript
        .challenge_yz(&A.encoding, &S.encoding)
        .ok_or(MPCError::ProvingError)?;
    Ok((A, S, y, z))
}

/// The challenge `x` after the bit challenges: appends `T_1 = Σ T_1,j` and
/// `T_2 = Σ T_2,j` (the padding party's are zero). Returns `T_1`, `T_2`, `x`.
#[allow(clippy::type_complexity)]
pub(crate) fn poly_challenge<C, F>(
    transcript: &mut F::Transcript,
    polys: &[PolyCommitment<C>],
) -> Result<(ProofPoint<C>, ProofPoint<C>, C::Scalar), MPCError>
where
    C: Curve,
    F: RangeProofFormat<C>,
{
    let T_1 = C::point_sum_from_api(polys.iter().map(|p| &p.T_1_j));
    let T_2 = C::point_sum_from_api(polys.iter().map(|p| &p.T_2_j));
    let x = transcript
        .challenge_x(&T_1.encoding, &T_2.encoding)
        .ok_or(MPCError::ProvingError)?;
    Ok((T_1, T_2, x))
}

#[cfg(test)]
mod tests;
