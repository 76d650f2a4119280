//! The Bulletproofs+ range prover.
//!
//! # Constant-time policy
//! Everything that touches the values, the masks, the nonces or the witness of the
//! weighted inner-product argument runs in constant time: the range check is
//! computed with `subtle` and only its overall result is public; the bits of
//! `v_j − o_j` are `Choice`s, `A = Σ_i (a_L[i] ? G_i : −H_i) + Σ_k α_k·B̃_k` uses
//! constant-time selects; `â_L`, `â_R`, `α̂` are computed with the curve's
//! constant-time scalar arithmetic, and the argument's sums are constant-time
//! multiscalar multiplications (see [`crate::weighted_inner_product`]: its witness,
//! unlike the range proof's, is not blinded).
//!
//! # Secrets left behind
//! The witness vectors, the masks and every nonce live in [`Zeroizing`] containers
//! (allocated at their final capacity), the witness bytes of the nonce generator
//! too; they are cleared on success and on every early return.

#![allow(non_snake_case)]

use alloc::vec::Vec;
use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use subtle::{Choice, ConditionallySelectable, ConstantTimeLess};
use zeroize::Zeroizing;

use super::transcript::{append_statement, PlusStatement, ProverTranscript};
use super::{Opening, RangeProofPlus};
use crate::ct::{declassify_bool, declassify_point, Declassified};
use crate::curve::scalars::powers;
use crate::curve::{Curve, ProofPoint};
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, ExtendedPedersenGens, GeneratorLayout};
use crate::range_statement::{append_range_statement, committed_values};
use crate::weighted_inner_product::{self as wip, BitForm, WipBases, WipWitness};

/// Whether every `v_j − o_j` is a `n`-bit number (no borrow, no high bits), in
/// constant time in the values.
fn all_in_range(openings: &[Opening<'_, impl Curve>], min_values: &[u64], n: usize) -> Choice {
    let mut ok = Choice::from(1u8);
    for (o, min) in openings.iter().zip(min_values) {
        ok &= !o.value.ct_lt(min);
        let diff = o.value.wrapping_sub(*min);
        let high = if n >= 64 { 0 } else { diff >> n };
        ok &= subtle::ConstantTimeEq::ct_eq(&high, &0u64);
    }
    ok
}

/// Creates a Bulletproofs+ range proof (see [`RangeProofPlus::prove`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn prove<C, R>(
    bp_gens: &BulletproofGens<C>,
    pc_gens: &ExtendedPedersenGens<C>,
    transcript: &mut Transcript,
    openings: &[Opening<'_, C>],
    min_values: &[u64],
    n: usize,
    seed: Option<&C::ApiScalar>,
    rng: &mut R,
) -> Result<(RangeProofPlus<C>, Vec<C::Encoding>), ProofError>
where
    C: Curve,
    R: RngCore + CryptoRng,
{
    prove_impl(
        bp_gens, pc_gens, transcript, openings, min_values, n, seed, rng, None, true,
    )
}

/// [`prove`], with the argument's rounds over the bits (`bit_form`, the prover's
/// choice) or over the general witness (the same proof, more slowly: for tests),
/// and for an `[a, b]` statement when `range` is given: then `openings` are those of
/// `v − a` and `b − v` (masks `γ_k`, `−γ_k`), the range statement comes first, and
/// the statement's one commitment (returned) is `V = v·B + Σ_k γ_k·B̃_k`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn prove_impl<C, R>(
    bp_gens: &BulletproofGens<C>,
    pc_gens: &ExtendedPedersenGens<C>,
    transcript: &mut Transcript,
    openings: &[Opening<'_, C>],
    min_values: &[u64],
    n: usize,
    seed: Option<&C::ApiScalar>,
    rng: &mut R,
    range: Option<(u64, u64)>,
    bit_form: bool,
) -> Result<(RangeProofPlus<C>, Vec<C::Encoding>), ProofError>
where
    C: Curve,
    R: RngCore + CryptoRng,
{
    let m = openings.len();
    let np = bp_gens.check_parties(n, m)?;
    let (B, masks) = pc_gens.bases();
    let t = masks.len();
    if openings.iter().any(|o| o.masks.len() != t) {
        return Err(ProofError::InvalidExtensionDegree);
    }
    let min_values = super::min_values_or_zero(min_values, m, n)?;
    if seed.is_some() && m != 1 {
        return Err(ProofError::RecoveryUnsupported);
    }
    // Public by design: the call's result says whether the statement holds.
    if !declassify_bool(
        Declassified::InRange,
        all_in_range(openings, &min_values, n),
    ) {
        return Err(ProofError::ValueOutOfRange);
    }

    // The masks as protocol scalars, gamma[j·t + k].
    let gamma: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(
        openings
            .iter()
            .flat_map(|o| o.masks.iter().map(C::scalar_from_api))
            .collect(),
    );
    // The committed values: each opening's, or for `[a, b]` the one `v = (v − a) + a`
    // with the first opening's masks.
    let committed = committed_values(range, openings.iter().map(|o| o.value))?;
    let mut V: Vec<C::Encoding> = Vec::with_capacity(m);
    for (j, v) in committed.iter().enumerate() {
        let mut s: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(1 + t));
        s.push(C::scalar_from_u64(*v));
        s.extend_from_slice(&gamma[j * t..(j + 1) * t]);
        // Public by design: the commitments are the statement.
        let p = ProofPoint::<C>::new(pc_gens.commit_scalars(&s));
        V.push(declassify_point(Declassified::Commitment, p).encoding);
    }
    if let Some((a, b)) = range {
        append_range_statement(transcript, a, b);
    }
    let (B_enc, mask_enc) = pc_gens.encodings();
    append_statement::<C>(
        transcript,
        &PlusStatement {
            B: B_enc,
            masks: mask_enc,
            n,
            values: m,
            commitments: &V,
            min_values: &min_values,
        },
    );

    // The witness bytes that rekey the nonce generator: each value, then its masks.
    let mut witness: Zeroizing<Vec<u8>> = Zeroizing::new(Vec::with_capacity(m * (8 + 32 * t)));
    for (j, o) in openings.iter().enumerate() {
        witness.extend_from_slice(&o.value.to_le_bytes());
        for g in &gamma[j * t..(j + 1) * t] {
            witness.extend_from_slice(&*Zeroizing::new(C::scalar_to_bytes(g)));
        }
    }
    let seed = seed.map(C::scalar_from_api);
    let mut pt = ProverTranscript::<C, R>::new(transcript, witness, rng, seed);

    let mut alpha: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(alloc::vec![C::scalar_zero(); t]);
    pt.alpha(&mut alpha)?;

    let layout = GeneratorLayout::Parties { n, m };
    let (G, H) = bp_gens.vectors(layout);
    // The bits a_L of v_j − o_j at positions j·n + b; padding positions are 0.
    let mut bits: Zeroizing<Vec<u8>> = Zeroizing::new(Vec::with_capacity(np));
    for (o, min) in openings.iter().zip(&min_values) {
        let diff = Zeroizing::new(o.value.wrapping_sub(*min));
        for b in 0..n {
            bits.push(((*diff >> b) & 1) as u8);
        }
    }
    bits.resize(np, 0);
    let mut A = C::multiscalar_mul(&alpha, masks);
    for i in 0..np {
        A += C::Point::conditional_select(&(-H[i]), &G[i], Choice::from(bits[i]));
    }
    // Public by design: A is part of the proof.
    let A = declassify_point(Declassified::A, ProofPoint::<C>::new(A));
    // The codec refuses an identity A (probability about 2^-250 for an honest prover).
    if C::is_identity(&A.point) {
        return Err(ProofError::ProvingError);
    }
    let (y, z) = pt
        .challenge_yz(&A.encoding)
        .ok_or(ProofError::ProvingError)?;

    // â_L = a_L − z, â_R = a_L − 1 + z + d_i·y^{N'−i}, α̂_k = α_k + y^{N'+1}·Σ_j z^{2(j+1)}·γ_{j,k}.
    let y_pow = powers::<C>(&y, np + 2);
    let zz = z * z;
    let one = C::scalar_one();
    let zero = C::scalar_zero();
    let mut a: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(np));
    let mut b: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(np));
    let z_minus_one = z - one;
    let mut b_pub: Vec<C::Scalar> = Vec::with_capacity(np);
    let mut z_even = zz;
    for i in 0..np {
        let a_L = C::Scalar::conditional_select(&zero, &one, Choice::from(bits[i]));
        a.push(a_L - z);
        let (j, k) = (i / n, i % n);
        let d = if j < m {
            if k == 0 && j > 0 {
                z_even *= zz;
            }
            z_even * C::scalar_from_u64(1u64 << k) * y_pow[np - i]
        } else {
            zero
        };
        b_pub.push(z_minus_one + d);
        b.push(a_L + z_minus_one + d);
    }
    let y_top = y_pow[np + 1];
    let mut z_j = zz;
    for j in 0..m {
        let w = y_top * z_j;
        for k in 0..t {
            alpha[k] += w * gamma[j * t + k];
        }
        z_j *= zz;
    }
    drop(gamma);

    let ct_table = bp_gens.ct_table(layout);
    let vartime_table = bp_gens.first_block_table(layout);
    let wip = wip::prove::<C, _>(
        &mut pt,
        &WipBases {
            y_pow: &y_pow,
            B,
            masks,
            ct_table: ct_table.as_deref(),
            vartime_table: vartime_table.as_deref(),
        },
        G,
        H,
        WipWitness {
            a,
            b,
            alpha,
            form: bit_form.then_some(BitForm {
                bits,
                a_pub: zero - z,
                b_pub,
            }),
        },
    )?;
    Ok((RangeProofPlus { A, wip }, V))
}
