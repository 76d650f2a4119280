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
//! challenges, generators). Secret vectors are zeroized before returning.
//!
//! # Randomness
//! Blinding scalars come from the transcript's witness RNG: the transcript state, the
//! witness and the caller's RNG are all mixed in (Merlin's `TranscriptRng`).

#![allow(non_snake_case)]

use alloc::vec::Vec;
use rand_core::{CryptoRng, RngCore};
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use super::{check_shape, RangeProof, Variant};
use crate::ct::{declassify_bool, declassify_point, declassify_scalar};
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::inner_product::{InnerProductProof, IpaTables, ProofPoint};
use crate::transcript::{ProverNonces, TranscriptProtocol};
use crate::util::powers;

/// Reorders `v` into the inner-product argument's working order of `variant`.
fn permute<X: Copy>(v: &mut [X], variant: Variant, np: usize) {
    for i in 0..v.len() {
        let j = variant.ipa_position(i, np);
        if j > i {
            v.swap(i, j);
        }
    }
}

/// Whether every value fits in `n` bits, computed without secret-dependent branches.
fn all_in_range(values: &[u64], n: usize) -> Choice {
    let mut ok = Choice::from(1u8);
    for v in values {
        let high = if n >= 64 { 0 } else { *v >> n };
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

/// Creates an aggregated range proof (see the facade for the public API).
#[allow(clippy::too_many_arguments)]
pub(crate) fn prove<C, T, R>(
    bp_gens: &BulletproofGens<C>,
    pc_gens: &PedersenGens<C>,
    transcript: &mut T,
    values: &[u64],
    blindings: &[C::ApiScalar],
    n: usize,
    rng: &mut R,
) -> Result<(RangeProof<C>, Vec<C::Encoding>), ProofError>
where
    C: Curve,
    T: TranscriptProtocol<C>,
    R: RngCore + CryptoRng,
{
    let mut blindings: Vec<C::Scalar> = blindings.iter().map(C::scalar_from_api).collect();
    let proof = prove_with(
        bp_gens,
        pc_gens,
        transcript,
        values,
        &blindings,
        n,
        rng,
        Cheat::default(),
    );
    blindings.zeroize();
    proof
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn prove_with<C, T, R>(
    bp_gens: &BulletproofGens<C>,
    pc_gens: &PedersenGens<C>,
    transcript: &mut T,
    values: &[u64],
    blindings: &[C::Scalar],
    n: usize,
    rng: &mut R,
    cheat: Cheat,
) -> Result<(RangeProof<C>, Vec<C::Encoding>), ProofError>
where
    C: Curve,
    T: TranscriptProtocol<C>,
    R: RngCore + CryptoRng,
{
    if values.len() != blindings.len() {
        return Err(ProofError::WrongNumBlindingFactors);
    }
    let m = values.len();
    let np = check_shape(bp_gens, n, m, T::VARIANT)?;
    // Public by design: the result of the call says whether the values are in range.
    if !cheat.skip_range_check && !declassify_bool(all_in_range(values, n)) {
        return Err(ProofError::ValueOutOfRange);
    }

    // Witness-bound randomness, derived before the statement is appended.
    let mut nonces = transcript.prover_nonces(values, blindings, rng);
    let variant = T::VARIANT;

    let (B, B_blinding) = pc_gens.bases();
    if !transcript.bind_value_generator(&B) {
        return Err(ProofError::ValueGeneratorMismatch);
    }
    let (G, H) = bp_gens.padded_vectors(n, m);

    // Statement: n, m and every commitment, before any challenge.
    let V: Vec<C::Encoding> = values
        .iter()
        .zip(blindings.iter())
        .map(|(v, g)| {
            // Public by design: the commitments are the statement.
            declassify_point(ProofPoint::<C>::new(C::pedersen_mul(
                &[C::scalar_from_u64(*v), *g],
                &[B, B_blinding],
            )))
            .encoding
        })
        .collect();
    transcript.append_statement(n as u64, &V);

    // Bits: a_L[j·n + i] = bit i of v_j; padding positions are 0.
    let mut a_L: Vec<Choice> = Vec::with_capacity(np);
    for v in values {
        for i in 0..n {
            a_L.push(Choice::from(((*v >> i) & 1) as u8));
        }
    }
    if cheat.weights_into_padding {
        // Continue the last value's bits into the padding positions.
        let last = values[m - 1];
        for k in 0..(np - n * m) {
            let bit = n + k;
            a_L.push(Choice::from(if bit < 64 {
                ((last >> bit) & 1) as u8
            } else {
                0
            }));
        }
    }
    a_L.resize(np, Choice::from(0u8));

    // A = α·B̃ + Σ (a_L[i] ? G_i : −H_i)
    let (mut alpha, mut rho) = nonces.alpha_rho();
    let mut A = C::pedersen_mul(&[alpha], &[B_blinding]);
    for i in 0..np {
        A += C::Point::conditional_select(&(-H[i]), &G[i], a_L[i]);
    }

    // S = ρ·B̃ + <s_L, G> + <s_R, H>  (constant-time MSM)
    let mut s_L: Vec<C::Scalar> = Vec::with_capacity(np);
    let mut s_R: Vec<C::Scalar> = Vec::with_capacity(np);
    for i in 0..np {
        let (l, r) = nonces.s_pair(i);
        s_L.push(l);
        s_R.push(r);
    }
    let S = match bp_gens.ct_table(n, m) {
        // Over the cached constant-time tables of G || H (no table build).
        Some(table) => {
            let mut sc: Vec<C::Scalar> = Vec::with_capacity(2 * np);
            sc.extend_from_slice(&s_L);
            sc.extend_from_slice(&s_R);
            let mut pts: Vec<C::Point> = Vec::with_capacity(2 * np);
            pts.extend_from_slice(&G);
            pts.extend_from_slice(&H);
            let S =
                C::ct_precomputed_mul(&table, &sc, &pts) + C::pedersen_mul(&[rho], &[B_blinding]);
            sc.zeroize();
            S
        }
        None => {
            let mut sc: Vec<C::Scalar> = Vec::with_capacity(2 * np + 1);
            sc.push(rho);
            sc.extend_from_slice(&s_L);
            sc.extend_from_slice(&s_R);
            let mut pts: Vec<C::Point> = Vec::with_capacity(2 * np + 1);
            pts.push(B_blinding);
            pts.extend_from_slice(&G);
            pts.extend_from_slice(&H);
            let S = crate::msm::multiscalar_mul::<C>(&sc, &pts);
            sc.zeroize();
            S
        }
    };
    // Public by design: A and S are part of the proof.
    let A = declassify_point(ProofPoint::<C>::new(A));
    let S = declassify_point(ProofPoint::<C>::new(S));
    let (y, z) = transcript
        .challenge_yz(&A.encoding, &S.encoding)
        .ok_or(ProofError::ProvingError)?;

    // l(X) = (a_L − z) + s_L·X ;  r(X) = y^i ∘ (a_R + z + s_R·X) + d,
    // d[j·n + i] = z^{2+j}·2^i (0 at padding positions).
    let one = C::scalar_one();
    let zero = C::scalar_zero();
    let y_pow = powers::<C>(&y, np);
    let mut l0: Vec<C::Scalar> = Vec::with_capacity(np);
    let mut r0: Vec<C::Scalar> = Vec::with_capacity(np);
    let mut r1: Vec<C::Scalar> = Vec::with_capacity(np);
    let mut z_j2 = z * z; // z^{2+j}
    for i in 0..np {
        let bit = C::Scalar::conditional_select(&zero, &one, a_L[i]);
        let a_R = bit - one;
        l0.push(bit - z);
        let d = if i < n * m {
            let k = i % n;
            if k == 0 && i > 0 {
                z_j2 *= z;
            }
            z_j2 * C::scalar_from_u64(1u64 << k)
        } else if cheat.weights_into_padding && n + (i - n * m) < 64 {
            z_j2 * C::scalar_from_u64(1u64 << (n + (i - n * m)))
        } else {
            zero
        };
        r0.push(y_pow[i] * (a_R + z) + d);
        r1.push(y_pow[i] * s_R[i]);
    }
    let t1 = crate::util::inner_product::<C>(&l0, &r1) + crate::util::inner_product::<C>(&s_L, &r0);
    let t2 = crate::util::inner_product::<C>(&s_L, &r1);

    let (mut tau1, mut tau2) = nonces.tau();
    // Public by design: T_1 and T_2 are part of the proof.
    let T_1 = declassify_point(ProofPoint::<C>::new(C::pedersen_mul(
        &[t1, tau1],
        &[B, B_blinding],
    )));
    let T_2 = declassify_point(ProofPoint::<C>::new(C::pedersen_mul(
        &[t2, tau2],
        &[B, B_blinding],
    )));
    let x = transcript
        .challenge_x(&T_1.encoding, &T_2.encoding)
        .ok_or(ProofError::ProvingError)?;

    // τ_x = τ2·x² + τ1·x + Σ z^{2+j}·γ_j ;  μ = α + ρ·x
    let mut t_x_blinding = tau2 * x * x + tau1 * x;
    let mut zz_j = z * z;
    for g in blindings {
        t_x_blinding += zz_j * *g;
        zz_j *= z;
    }
    // Public by design: e_blinding and t_x_blinding are part of the proof.
    let e_blinding = declassify_scalar::<C>(alpha + rho * x);
    t_x_blinding = declassify_scalar::<C>(t_x_blinding);

    // l = l(x), r = r(x) are blinded by the uniformly random s_L·x, s_R·x and are what
    // Protocol 1 of the paper sends in the clear: public to the variable-time
    // inner-product argument (see `inner_product.rs`); t_x = <l, r> is in the proof.
    let mut l: Vec<C::Scalar> = l0
        .iter()
        .zip(s_L.iter())
        .map(|(a, s)| declassify_scalar::<C>(*a + *s * x))
        .collect();
    let mut r: Vec<C::Scalar> = r0
        .iter()
        .zip(r1.iter())
        .map(|(a, s)| declassify_scalar::<C>(*a + *s * x))
        .collect();
    let t_x = crate::util::inner_product::<C>(&l, &r);

    let w = transcript
        .challenge_w(&t_x, &t_x_blinding, &e_blinding)
        .ok_or(ProofError::ProvingError)?;
    let Q_base = match variant {
        Variant::Dalek => B,
        Variant::Zkp => B_blinding,
    };
    let Q = C::pedersen_mul(&[w], &[Q_base]);

    // Secrets no longer needed.
    for v in [&mut l0, &mut r0, &mut r1, &mut s_L, &mut s_R] {
        v.zeroize();
    }
    alpha.zeroize();
    rho.zeroize();
    tau1.zeroize();
    tau2.zeroize();
    a_L.iter_mut().for_each(|c| *c = Choice::from(0u8));

    let y_inv = C::scalar_invert(&y);
    let mut h_factors = powers::<C>(&y_inv, np);
    // The argument's working order (bit-reversed for secp256k1-zkp's even/odd folding).
    let (mut G, mut H) = (G, H);
    if variant != Variant::Dalek {
        for v in [&mut l, &mut r, &mut h_factors] {
            permute::<C::Scalar>(v, variant, np);
        }
        permute::<C::Point>(&mut G, variant, np);
        permute::<C::Point>(&mut H, variant, np);
    }
    // Precomputed tables for every round over the original generators, where the
    // curve's prover tables pay off (`Curve::PROVER_USES_TABLES`, `N' ≤ TABLE_MAX_LEN`).
    let table = if C::PROVER_USES_TABLES {
        bp_gens.prover_table(n, m).map(|t| (t, usize::MAX))
    } else {
        None
    };
    // Larger shapes run a first block of rounds over cached tables of all generators
    // (the verifier's where they serve the rounds), then materialise the current
    // generators from them (measured on ristretto255, n = 64, m = 8: 35.3 → 28.1 ms
    // per proof on AVX2).
    let table = table.or_else(|| {
        bp_gens
            .first_block_table(n, m)
            .map(|t| (t, crate::inner_product::LAZY_BLOCK_ROUNDS))
    });
    let position = move |i: usize| variant.ipa_position(i, np);
    // Every round over split prover tables: the `Q` terms are split at 2^128 too.
    let q_high = match &table {
        Some((_, usize::MAX)) if C::prover_split(&C::scalar_one()).is_some() => {
            let two32 = C::scalar_from_u64(1 << 32);
            let two64 = two32 * two32;
            Some(C::pedersen_mul(&[w * two64 * two64], &[Q_base]))
        }
        _ => None,
    };
    let ipa_tables = table.as_ref().map(|(t, rounds)| IpaTables {
        table: &**t,
        np,
        position: &position,
        rounds: *rounds,
        q_high,
    });
    let ipp_proof = InnerProductProof::create(
        variant.ipa_final_len(np),
        ipa_tables.as_ref(),
        transcript,
        &Q,
        &h_factors,
        &G,
        &H,
        core::mem::take(&mut l),
        core::mem::take(&mut r),
    );
    l.zeroize();
    r.zeroize();
    let ipp_proof = ipp_proof?;

    Ok((
        RangeProof {
            variant,
            A,
            S,
            T_1,
            T_2,
            t_x,
            t_x_blinding,
            e_blinding,
            ipp_proof,
        },
        V,
    ))
}
