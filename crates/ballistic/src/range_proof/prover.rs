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
use subtle::{Choice, ConditionallySelectable, ConstantTimeEq};
use zeroize::{Zeroize, Zeroizing};

use super::format::{QBase, RangeProofFormat};
use super::transcript::{ProverNonces, RangeProofTranscript, RangeStatement};
use super::RangeProof;
use crate::ct::{declassify_bool, declassify_point, declassify_scalar, Declassified};
use crate::curve::scalars::powers;
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::inner_product::{InnerProductProof, IpaTables, ProofPoint};

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

/// Every secret the prover derives for one proof; [`Drop`] zeroizes all of it, on every
/// path out of [`prove_with`] (see the module documentation).
struct ProverSecrets<C: Curve> {
    /// `a_L`: bit `i` of `v_j` at `j·n + i` (0 or 1; 0 at padding positions), as
    /// bytes so that it can be zeroized.
    bits: Vec<u8>,
    alpha: C::Scalar,
    rho: C::Scalar,
    tau1: C::Scalar,
    tau2: C::Scalar,
    t1: C::Scalar,
    t2: C::Scalar,
    s_L: Vec<C::Scalar>,
    s_R: Vec<C::Scalar>,
    /// `l(X) = l0 + s_L·X`.
    l0: Vec<C::Scalar>,
    /// `r(X) = r0 + r1·X`.
    r0: Vec<C::Scalar>,
    r1: Vec<C::Scalar>,
}

impl<C: Curve> ProverSecrets<C> {
    /// Empty vectors with the capacity of `np` positions (never reallocated).
    fn with_capacity(np: usize) -> Self {
        let zero = C::scalar_zero();
        ProverSecrets {
            bits: Vec::with_capacity(np),
            alpha: zero,
            rho: zero,
            tau1: zero,
            tau2: zero,
            t1: zero,
            t2: zero,
            s_L: Vec::with_capacity(np),
            s_R: Vec::with_capacity(np),
            l0: Vec::with_capacity(np),
            r0: Vec::with_capacity(np),
            r1: Vec::with_capacity(np),
        }
    }
}

impl<C: Curve> Drop for ProverSecrets<C> {
    fn drop(&mut self) {
        self.bits.zeroize();
        for s in [
            &mut self.alpha,
            &mut self.rho,
            &mut self.tau1,
            &mut self.tau2,
            &mut self.t1,
            &mut self.t2,
        ] {
            s.zeroize();
        }
        for v in [
            &mut self.s_L,
            &mut self.s_R,
            &mut self.l0,
            &mut self.r0,
            &mut self.r1,
        ] {
            v.zeroize();
        }
        #[cfg(all(test, feature = "std"))]
        cleanup_hook::record::<C>(self);
    }
}

/// Test hook: counts the prover's cleanups on this thread and whether each left
/// every secret zero.
#[cfg(all(test, feature = "std"))]
pub(crate) mod cleanup_hook {
    use super::ProverSecrets;
    use crate::curve::Curve;
    use core::cell::Cell;

    std::thread_local! {
        /// `(cleanups, cleanups that left every secret zero)`.
        static CLEANUPS: Cell<(usize, usize)> = const { Cell::new((0, 0)) };
    }

    pub(super) fn record<C: Curve>(s: &ProverSecrets<C>) {
        let zero = C::scalar_zero();
        let scalars_zero = [s.alpha, s.rho, s.tau1, s.tau2, s.t1, s.t2]
            .iter()
            .all(|x| *x == zero);
        // `Vec::zeroize` clears the vectors (after zeroing their whole capacity).
        let vectors_empty = s.bits.is_empty()
            && [&s.s_L, &s.s_R, &s.l0, &s.r0, &s.r1]
                .iter()
                .all(|v| v.is_empty());
        CLEANUPS.with(|c| {
            let (n, ok) = c.get();
            c.set((n + 1, ok + usize::from(scalars_zero && vectors_empty)));
        });
    }

    /// `(cleanups, clean ones)` on this thread so far.
    pub(crate) fn get() -> (usize, usize) {
        CLEANUPS.with(Cell::get)
    }
}

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
) -> Result<(RangeProof<C, F>, Vec<C::Encoding>), ProofError>
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
) -> Result<(RangeProof<C, F>, Vec<C::Encoding>), ProofError>
where
    C: Curve,
    F: RangeProofFormat<C>,
    R: RngCore + CryptoRng,
{
    if values.len() != blindings.len() {
        return Err(ProofError::WrongNumBlindingFactors);
    }
    let m = values.len();
    let np = bp_gens.check_parties(n, m)?;
    // Public by design: the result of the call says whether the values are in range.
    if !cheat.skip_range_check && !declassify_bool(Declassified::InRange, all_in_range(values, n)) {
        return Err(ProofError::ValueOutOfRange);
    }

    let (B, B_blinding) = pc_gens.bases();
    if !transcript.bind_value_generator(&B) {
        return Err(ProofError::ValueGeneratorMismatch);
    }
    let (G, H) = bp_gens.padded_vectors(n, m);
    let mut sec = ProverSecrets::<C>::with_capacity(np);

    // Statement: n, m and every commitment, before any challenge.
    let V: Vec<C::Encoding> = values
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
    transcript.append_statement(&RangeStatement::new(n, &V));
    // Witness-bound randomness, derived after the whole statement is in the
    // transcript (its nonce generator zeroizes itself when dropped).
    let mut nonces = transcript.prover_nonces(values, blindings, rng);

    // Bits: a_L[j·n + i] = bit i of v_j; padding positions are 0.
    for v in values {
        for i in 0..n {
            sec.bits.push(((*v >> i) & 1) as u8);
        }
    }
    if cheat.weights_into_padding {
        // Continue the last value's bits into the padding positions.
        let last = values[m - 1];
        for k in 0..(np - n * m) {
            let bit = n + k;
            sec.bits.push(if bit < 64 {
                ((last >> bit) & 1) as u8
            } else {
                0
            });
        }
    }
    sec.bits.resize(np, 0);
    let a_L = |i: usize| Choice::from(sec.bits[i]);

    // A = α·B̃ + Σ (a_L[i] ? G_i : −H_i)
    (sec.alpha, sec.rho) = nonces.alpha_rho();
    let mut A = C::pedersen_mul(&[sec.alpha], &[B_blinding]);
    for i in 0..np {
        A += C::Point::conditional_select(&(-H[i]), &G[i], a_L(i));
    }

    // S = ρ·B̃ + <s_L, G> + <s_R, H>  (constant-time MSM)
    for i in 0..np {
        let (l, r) = nonces.s_pair(i);
        sec.s_L.push(l);
        sec.s_R.push(r);
    }
    let S = match bp_gens.ct_table(n, m) {
        // Over the cached constant-time tables of G || H (no table build).
        Some(table) => {
            let mut sc: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(2 * np));
            sc.extend_from_slice(&sec.s_L);
            sc.extend_from_slice(&sec.s_R);
            let mut pts: Vec<C::Point> = Vec::with_capacity(2 * np);
            pts.extend_from_slice(&G);
            pts.extend_from_slice(&H);
            C::ct_precomputed_mul(&table, &sc, &pts) + C::pedersen_mul(&[sec.rho], &[B_blinding])
        }
        None => {
            let mut sc: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(2 * np + 1));
            sc.push(sec.rho);
            sc.extend_from_slice(&sec.s_L);
            sc.extend_from_slice(&sec.s_R);
            let mut pts: Vec<C::Point> = Vec::with_capacity(2 * np + 1);
            pts.push(B_blinding);
            pts.extend_from_slice(&G);
            pts.extend_from_slice(&H);
            crate::msm::dispatch::multiscalar_mul::<C>(&sc, &pts)
        }
    };
    // Public by design: A and S are part of the proof.
    let A = declassify_point(Declassified::A, ProofPoint::<C>::new(A));
    let S = declassify_point(Declassified::S, ProofPoint::<C>::new(S));
    let (y, z) = transcript
        .challenge_yz(&A.encoding, &S.encoding)
        .ok_or(ProofError::ProvingError)?;

    // l(X) = (a_L − z) + s_L·X ;  r(X) = y^i ∘ (a_R + z + s_R·X) + d,
    // d[j·n + i] = z^{2+j}·2^i (0 at padding positions).
    let one = C::scalar_one();
    let zero = C::scalar_zero();
    let y_pow = powers::<C>(&y, np);
    let mut z_j2 = z * z; // z^{2+j}
    for (i, y_i) in y_pow.iter().enumerate() {
        let bit = C::Scalar::conditional_select(&zero, &one, a_L(i));
        let a_R = bit - one;
        sec.l0.push(bit - z);
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
        sec.r0.push(*y_i * (a_R + z) + d);
        sec.r1.push(*y_i * sec.s_R[i]);
    }
    sec.t1 = crate::curve::scalars::inner_product::<C>(&sec.l0, &sec.r1)
        + crate::curve::scalars::inner_product::<C>(&sec.s_L, &sec.r0);
    sec.t2 = crate::curve::scalars::inner_product::<C>(&sec.s_L, &sec.r1);

    (sec.tau1, sec.tau2) = nonces.tau();
    drop(nonces);
    // Public by design: T_1 and T_2 are part of the proof.
    let T_1 = declassify_point(
        Declassified::T1,
        ProofPoint::<C>::new(C::pedersen_mul(&[sec.t1, sec.tau1], &[B, B_blinding])),
    );
    let T_2 = declassify_point(
        Declassified::T2,
        ProofPoint::<C>::new(C::pedersen_mul(&[sec.t2, sec.tau2], &[B, B_blinding])),
    );
    let x = transcript
        .challenge_x(&T_1.encoding, &T_2.encoding)
        .ok_or(ProofError::ProvingError)?;

    // τ_x = τ2·x² + τ1·x + Σ z^{2+j}·γ_j ;  μ = α + ρ·x
    let mut t_x_blinding = sec.tau2 * x * x + sec.tau1 * x;
    let mut zz_j = z * z;
    for g in blindings {
        t_x_blinding += zz_j * *g;
        zz_j *= z;
    }
    // Public by design: e_blinding and t_x_blinding are part of the proof.
    let e_blinding = declassify_scalar::<C>(Declassified::EBlinding, sec.alpha + sec.rho * x);
    t_x_blinding = declassify_scalar::<C>(Declassified::TxBlinding, t_x_blinding);

    // l = l(x), r = r(x) are blinded by the uniformly random s_L·x, s_R·x and are what
    // Protocol 1 of the paper sends in the clear: public to the variable-time
    // inner-product argument (see `inner_product.rs`); t_x = <l, r> is in the proof.
    let mut l: Vec<C::Scalar> = sec
        .l0
        .iter()
        .zip(sec.s_L.iter())
        .map(|(a, s)| declassify_scalar::<C>(Declassified::L, *a + *s * x))
        .collect();
    let mut r: Vec<C::Scalar> = sec
        .r0
        .iter()
        .zip(sec.r1.iter())
        .map(|(a, s)| declassify_scalar::<C>(Declassified::R, *a + *s * x))
        .collect();
    let t_x = crate::curve::scalars::inner_product::<C>(&l, &r);

    let w = transcript
        .challenge_w(&t_x, &t_x_blinding, &e_blinding)
        .ok_or(ProofError::ProvingError)?;
    let Q_base = match F::Q_BASE {
        QBase::Value => B,
        QBase::Blinding => B_blinding,
    };
    let Q = C::pedersen_mul(&[w], &[Q_base]);

    // Secrets no longer needed.
    drop(sec);

    let y_inv = C::scalar_invert(&y);
    let h_factors = powers::<C>(&y_inv, np);
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
        folding: F::FOLDING,
        rounds: *rounds,
        q_high,
    });
    let ipp_proof = InnerProductProof::create(
        F::FOLDING,
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
            A,
            S,
            T_1,
            T_2,
            t_x,
            t_x_blinding,
            e_blinding,
            ipp_proof,
            format: core::marker::PhantomData,
        },
        V,
    ))
}
