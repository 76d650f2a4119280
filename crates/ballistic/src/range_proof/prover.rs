//! The range-proof prover.
//!
//! # Constant-time policy
//! Everything that touches the values `v_j`, the blindings `γ_j` or the prover's
//! randomness runs in constant time:
//! * the range check `v_j < 2^n` is computed with `subtle` and only its overall result
//!   (all values in range or not) decides whether an error is returned;
//! * bits of `v_j` are `Choice`s; `A = α·B̃ + Σ_i (a_L[i] ? G_i : −H_i)` uses
//!   constant-time selects and complete additions;
//! * `S`, `T_1`, `T_2`, `V_j` use constant-time (multi)scalar multiplication;
//! * all scalar arithmetic is curve25519-dalek's (resp. the curve's) constant-time
//!   arithmetic.
//!
//! Deliberately variable-time: the inner-product argument over `l = l(x)`,
//! `r = r(x)` (see `inner_product.rs`: these vectors are uniformly blinded and are
//! what Protocol 1 of the paper sends in the clear), and public data (`n`, `m`,
//! challenges, generators).
//!
//! # Secrets left behind
//! Every secret the prover derives (the bits of the values, `α, ρ, τ_1, τ_2`, `s_L`,
//! `s_R`, `t_1`, `t_2` and the vectors of `l(X)`, `r(X)` before `x`) lives in one
//! `ProverSecrets`, whose `Drop` zeroizes it: on success, on every early return
//! (a rejected challenge, a failed inner-product argument) and on unwinding. The
//! caller's blindings converted to the curve's scalars are held in
//! [`Zeroizing`], the nonce generators zeroize themselves on drop, and the
//! constant-time multiplications zeroize their digit buffers. Vectors are allocated
//! at their final capacity, so no reallocation leaves a copy behind.
//!
//! # Randomness
//! Blinding scalars come from the transcript's witness RNG, built after the whole
//! statement (`n`, `m`, every commitment) is in the transcript: the transcript state,
//! the witness and the caller's RNG are all mixed in (Merlin's `TranscriptRng`, as
//! Merlin recommends), so that a weak caller RNG alone never repeats the nonces of
//! one witness across statements.

#![allow(non_snake_case)]

use alloc::vec::Vec;
use rand_core::{CryptoRng, RngCore};
use subtle::{Choice, ConstantTimeEq, ConstantTimeLess};
use zeroize::{Zeroize, Zeroizing};

use super::format::RangeProofFormat;
use super::party::{self, Party, PartyPositions, ProofShare};
use super::transcript::{ProverNonces, RangeProofTranscript, RangeStatement};
use super::RangeProof;
use crate::ct::{declassify_bool, declassify_point, Declassified};
use crate::curve::scalars::powers;
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, GeneratorLayout, PedersenGens};
use crate::inner_product::{InnerProductProof, ProofPoint, ProverTables};
use crate::range_statement::Extras;

/// Whether every `v_j − o_j` (`o_j` the minimum values, zero when `None`) is an
/// `n`-bit number (no borrow, no high bits), computed without secret-dependent
/// branches.
fn all_in_range(values: &[u64], min_values: Option<&[u64]>, n: usize) -> Choice {
    let mut ok = Choice::from(1u8);
    for (j, v) in values.iter().enumerate() {
        let o = min_values.and_then(|o| o.get(j)).copied().unwrap_or(0);
        ok &= !v.ct_lt(&o);
        let diff = v.wrapping_sub(o);
        let high = if n >= 64 { 0 } else { diff >> n };
        ok &= high.ct_eq(&0u64);
    }
    ok
}

/// Test hooks that turn the prover into a cheating prover (never set outside tests).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Cheat {
    /// Skip the range check and prove the low `n` bits of each value.
    pub(crate) skip_range_check: bool,
    /// Give the padding positions the weights `z^{2+m-1}·2^(n+k)`, i.e. try to hide
    /// high bits of the last value in the padding.
    pub(crate) weights_into_padding: bool,
}

/// A proof and the encodings of its value commitments.
pub(crate) type Proven<C, F> = (RangeProof<C, F>, Vec<<C as Curve>::Encoding>);

/// Creates an aggregated range proof (see the facade for the public API).
#[allow(clippy::too_many_arguments)]
pub(crate) fn prove<C, F, R>(
    bp_gens: &BulletproofGens<C>,
    pc_gens: &PedersenGens<C>,
    transcript: &mut F::Transcript,
    values: &[u64],
    blindings: &[C::ApiScalar],
    n: usize,
    rng: &mut R,
) -> Result<Proven<C, F>, ProofError>
where
    C: Curve,
    F: RangeProofFormat<C>,
    R: RngCore + CryptoRng,
{
    let blindings: Zeroizing<Vec<C::Scalar>> =
        Zeroizing::new(blindings.iter().map(C::scalar_from_api).collect());
    prove_with(
        bp_gens,
        pc_gens,
        transcript,
        values,
        &blindings,
        n,
        rng,
        Cheat::default(),
    )
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn prove_with<C, F, R>(
    bp_gens: &BulletproofGens<C>,
    pc_gens: &PedersenGens<C>,
    transcript: &mut F::Transcript,
    values: &[u64],
    blindings: &[C::Scalar],
    n: usize,
    rng: &mut R,
    cheat: Cheat,
) -> Result<Proven<C, F>, ProofError>
where
    C: Curve,
    F: RangeProofFormat<C>,
    R: RngCore + CryptoRng,
{
    prove_statement(
        bp_gens,
        pc_gens,
        transcript,
        values,
        blindings,
        n,
        Extras::default(),
        rng,
        cheat,
    )
}

/// Proves `o_j <= v_j < o_j + 2^n` for `V_j = v_j·B + γ_j·B̃` (`o_j` the minimum
/// values of `extras`, zero by default), binding the range of `extras` too: the
/// bits are those of `v_j − o_j`; the commitments, the transcript's nonces and
/// secp256k1-zkp's embedded value use `v_j` itself. With a range (`Extras::range`)
/// the two values are `v − a`, `b − v` and the one commitment is `V` (returned).
#[allow(clippy::too_many_arguments)]
pub(crate) fn prove_statement<C, F, R>(
    bp_gens: &BulletproofGens<C>,
    pc_gens: &PedersenGens<C>,
    transcript: &mut F::Transcript,
    values: &[u64],
    blindings: &[C::Scalar],
    n: usize,
    extras: Extras<'_>,
    rng: &mut R,
    cheat: Cheat,
) -> Result<Proven<C, F>, ProofError>
where
    C: Curve,
    F: RangeProofFormat<C>,
    R: RngCore + CryptoRng,
{
    prove_with_nonces::<C, F, _, _>(
        bp_gens,
        pc_gens,
        transcript,
        values,
        blindings,
        n,
        extras,
        cheat,
        |t: &F::Transcript| t.prover_nonces(values, blindings, rng),
    )
}

/// [`prove_statement`] with the nonces made by `make_nonces` from the transcript
/// once the whole statement is in it (the transcript's own
/// [`RangeProofTranscript::prover_nonces`], or the rewindable nonces of
/// [`super::rewind`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn prove_with_nonces<C, F, N, M>(
    bp_gens: &BulletproofGens<C>,
    pc_gens: &PedersenGens<C>,
    transcript: &mut F::Transcript,
    values: &[u64],
    blindings: &[C::Scalar],
    n: usize,
    extras: Extras<'_>,
    cheat: Cheat,
    make_nonces: M,
) -> Result<Proven<C, F>, ProofError>
where
    C: Curve,
    F: RangeProofFormat<C>,
    N: ProverNonces<C>,
    M: FnOnce(&F::Transcript) -> N,
{
    if values.len() != blindings.len() {
        return Err(ProofError::WrongNumBlindingFactors);
    }
    let m = values.len();
    let np = bp_gens.check_parties(n, m)?;
    super::check_min_values(extras.min_values, m, n)?;
    // Public by design: the result of the call says whether the values are in range.
    if !cheat.skip_range_check
        && !declassify_bool(
            Declassified::InRange,
            all_in_range(values, extras.min_values, n),
        )
    {
        return Err(ProofError::ValueOutOfRange);
    }
    // The numbers whose bits the proof commits to: v_j − o_j.
    let shifted: Zeroizing<Vec<u64>> = Zeroizing::new(
        values
            .iter()
            .enumerate()
            .map(|(j, v)| {
                let o = extras.min_values.and_then(|o| o.get(j)).copied();
                v.wrapping_sub(o.unwrap_or(0))
            })
            .collect(),
    );

    let (B, B_blinding) = pc_gens.bases();
    if !transcript.bind_value_generator(&B) {
        return Err(ProofError::ValueGeneratorMismatch);
    }
    let layout = GeneratorLayout::Parties { n, m };
    let (G, H) = bp_gens.vectors(layout);

    // Statement: n, m and every commitment, before any challenge. An `[a, b]`
    // statement's one commitment is `V = v·B + γ·B̃` with `v = (v − a) + a` and `γ`
    // the first value's blinding.
    let committed = crate::range_statement::committed_values(extras.range, values.iter().copied())?;
    let V: Vec<C::Encoding> = committed
        .iter()
        .zip(blindings.iter())
        .map(|(v, g)| {
            // Public by design: the commitments are the statement.
            declassify_point(
                Declassified::Commitment,
                ProofPoint::<C>::new(C::pedersen_mul(
                    &[C::scalar_from_u64(*v), *g],
                    &[B, B_blinding],
                )),
            )
            .encoding
        })
        .collect();
    let mut statement = RangeStatement::new(n, &V);
    statement.range = extras.range;
    statement.min_values = extras.min_values;
    transcript.append_statement(&statement);
    // Witness-bound randomness, derived after the whole statement is in the
    // transcript (its nonce generator zeroizes itself when dropped).
    let mut nonces = make_nonces(transcript);

    // One party holding every value and the padding positions; the transcript is
    // its dealer (see `party.rs`).
    let mut party = Party::new(
        PartyPositions {
            n,
            first_slot: 0,
            values: m,
            offset: 0,
            len: np,
        },
        &shifted,
        blindings,
        (B, B_blinding),
        cheat,
    );
    let ct_table = bp_gens.ct_table(layout);
    let (A, S) = party
        .commit_bits((&G, &H), &mut nonces, ct_table.as_deref())
        .ok_or(ProofError::ProvingError)?;
    let (y, z) = transcript
        .challenge_yz(&A.encoding, &S.encoding)
        .ok_or(ProofError::ProvingError)?;
    let (T_1, T_2) = party.commit_poly(&mut nonces, &y, &z);
    drop(nonces);
    let x = transcript
        .challenge_x(&T_1.encoding, &T_2.encoding)
        .ok_or(ProofError::ProvingError)?;
    let share = party.share(&x);
    // Secrets no longer needed.
    drop(party);
    let proof = finish(
        bp_gens,
        layout,
        (G, H),
        transcript,
        (B, B_blinding),
        [A, S, T_1, T_2],
        &y,
        alloc::vec![share],
    )?;
    Ok((proof, V))
}

/// The dealer's last steps once every party's [`ProofShare`] is in: folds the
/// shares (`τ_x`, `μ`, `l`, `r`), computes `t_x = <l, r>`, draws `w`, and runs the
/// inner-product argument over the generators `G`, `H` of `layout` (over the
/// cached prover tables where the curve's [`TableStrategy`] says they pay).
/// `A`, `S`, `T_1`, `T_2` are the sums of the parties' commitments and `y` the
/// challenge they answered; the transcript has absorbed everything up to `x`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn finish<C, F>(
    bp_gens: &BulletproofGens<C>,
    layout: GeneratorLayout,
    (G, H): (Vec<C::Point>, Vec<C::Point>),
    transcript: &mut F::Transcript,
    (B, B_blinding): (C::Point, C::Point),
    [A, S, T_1, T_2]: [ProofPoint<C>; 4],
    y: &C::Scalar,
    shares: Vec<ProofShare<C>>,
) -> Result<RangeProof<C, F>, ProofError>
where
    C: Curve,
    F: RangeProofFormat<C>,
{
    let np = layout.padded_len();
    if G.len() != np || H.len() != np {
        return Err(ProofError::ProvingError);
    }
    let ProofShare {
        t_x,
        t_x_blinding,
        e_blinding,
        mut l,
        mut r,
    } = party::fold(shares, np).ok_or(ProofError::ProvingError)?;

    let w = transcript
        .challenge_w(&t_x, &t_x_blinding, &e_blinding)
        .ok_or(ProofError::ProvingError)?;
    let Q_base = F::Q_BASE.pick(B, B_blinding);
    let Q = C::pedersen_mul(&[w], &[Q_base]);

    let y_inv = C::scalar_invert_vartime(y);
    let h_factors = powers::<C>(&y_inv, np);
    let tables = ProverTables::lookup(bp_gens, layout, &Q_base, &w, &Q);
    let ipa_tables = tables.as_ref().map(|t| t.ipa(np, F::FOLDING));
    let ipp_proof = InnerProductProof::create(
        F::FOLDING,
        ipa_tables.as_ref(),
        transcript,
        &Q,
        None,
        &h_factors,
        G,
        H,
        core::mem::take(&mut l),
        core::mem::take(&mut r),
    );
    l.zeroize();
    r.zeroize();
    let ipp_proof = ipp_proof?;

    Ok(RangeProof {
        A,
        S,
        T_1,
        T_2,
        t_x,
        t_x_blinding,
        e_blinding,
        ipp_proof,
        format: core::marker::PhantomData,
    })
}
