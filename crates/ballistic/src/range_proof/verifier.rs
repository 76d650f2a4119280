//! The range-proof verifier: every check as one multiscalar multiplication.
//!
//! With a random weight `c` (from the verifier's RNG) joining the polynomial check and
//! the inner-product check, the proof is valid iff
//!
//! ```text
//! 0 = A + x·S + c·x·T_1 + c·x²·T_2 + Σ_k (u_k²·L_k + u_k⁻²·R_k)
//!     − (e_blinding + c·t_x_blinding)·B̃ + (w·(t_x − a·b) + c·(δ(y,z) − t_x))·B
//!     + Σ_i g_i·G_i + Σ_i h_i·H_i + Σ_j c·z^{2+j}·V_j
//! g_i = −z − a·s_i
//! h_i = z + y^{−i}·(d_i − b·s_{N'−1−i}),   d_i = z^{2+j}·2^(i mod n) (0 at padding)
//! ```
//!
//! Cost: `2N' + 2·log2(N') + m + 6` points. Scalars: one batched inversion for
//! `y⁻¹` and all `u_k⁻¹`, then **three multiplications per index** (dalek: about
//! seven): `a·s_i` by the product recursion with `a` folded into its seed;
//! `t_i = b·y^{−i}·s_{N'−1−i}` by the same recursion with per-round factors
//! `u_k⁻²·y^{−2^(lg−1−k)}` (the `y^{−i}` of the `H` side folded into the challenges,
//! as in secp256k1-zkp); and `e_i = y^{−i}·d_i` by a running product per value.
//!
//! The verifier never panics on proof data: shapes are checked against the named
//! limits before anything is allocated, points were validated when the proof was
//! parsed, and every failure is a [`ProofError`].

#![allow(non_snake_case)]

use alloc::vec;
use alloc::vec::Vec;
use rand_core::{CryptoRng, RngCore};

use super::{check_shape, delta, RangeProof};
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::inner_product::s_vector;
use crate::transcript::TranscriptProtocol;

impl<C: Curve> RangeProof<C> {
    /// Verifies the proof for the commitments `value_commitments`, each to an `n`-bit
    /// value, using `rng` for the random weight that joins the two checks.
    pub(crate) fn verify_impl<T, R>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut T,
        value_commitments: &[C::Encoding],
        n: usize,
        rng: &mut R,
    ) -> Result<(), ProofError>
    where
        T: TranscriptProtocol<C>,
        R: RngCore + CryptoRng,
    {
        let m = value_commitments.len();
        let np = check_shape(bp_gens, n, m)?;
        if self.ipp_proof.rounds() != np.trailing_zeros() as usize {
            return Err(ProofError::VerificationError);
        }
        let mut V: Vec<C::Point> = Vec::with_capacity(m);
        for e in value_commitments {
            V.push(C::decode(e).ok_or(ProofError::VerificationError)?);
        }
        for P in [&self.A, &self.S, &self.T_1, &self.T_2] {
            if C::is_identity(&P.point) {
                return Err(ProofError::VerificationError);
            }
        }

        transcript.rangeproof_domain_sep(n as u64, m as u64);
        for Vj in value_commitments {
            // Commitments may be the identity (value 0, blinding 0), as in dalek.
            transcript.append_point(b"V", Vj);
        }
        transcript.append_point(b"A", &self.A.encoding);
        transcript.append_point(b"S", &self.S.encoding);
        let y = transcript.challenge_scalar(b"y");
        let z = transcript.challenge_scalar(b"z");
        transcript.append_point(b"T_1", &self.T_1.encoding);
        transcript.append_point(b"T_2", &self.T_2.encoding);
        let x = transcript.challenge_scalar(b"x");
        transcript.append_scalar(b"t_x", &self.t_x);
        transcript.append_scalar(b"t_x_blinding", &self.t_x_blinding);
        transcript.append_scalar(b"e_blinding", &self.e_blinding);
        let w = transcript.challenge_scalar(b"w");
        for ch in [&y, &z, &x, &w] {
            if C::scalar_is_zero(ch) {
                return Err(ProofError::VerificationError);
            }
        }
        let u = self.ipp_proof.verification_challenges(np, transcript)?;
        let lg = u.len();

        let c = C::scalar_random(rng);

        // One inversion for y⁻¹ and every u_k⁻¹.
        let mut inv: Vec<C::Scalar> = Vec::with_capacity(lg + 1);
        inv.push(y);
        inv.extend_from_slice(&u);
        C::scalar_batch_invert(&mut inv);
        let y_inv = inv[0];
        let u_inv = &inv[1..];
        let mut all_inv = C::scalar_one();
        let mut all = C::scalar_one();
        for (ui, ui_inv) in u.iter().zip(u_inv) {
            all_inv *= *ui_inv;
            all *= *ui;
        }
        let u_sq: Vec<C::Scalar> = u.iter().map(|ui| *ui * *ui).collect();
        let u_inv_sq: Vec<C::Scalar> = u_inv.iter().map(|ui| *ui * *ui).collect();

        let a = self.ipp_proof.a;
        let b = self.ipp_proof.b;
        // a·s_i, one multiplication per index (a folded into the seed).
        let a_s = s_vector::<C>(&u_sq, a * all_inv, np);
        // t_i = b·y^{-i}·s_{N'−1−i} = b·Π_k u_k · Π_{k: bit lg−1−k of i} (u_k⁻²·y^{−2^{lg−1−k}}),
        // built by the same recursion (one multiplication per index).
        let mut y_inv_pow2 = y_inv; // y^{-2^j}, j = lg−1−k
        let mut t_factors = vec![C::scalar_zero(); lg];
        for k in (0..lg).rev() {
            t_factors[k] = u_inv_sq[k] * y_inv_pow2;
            y_inv_pow2 *= y_inv_pow2;
        }
        let b_t = s_vector::<C>(&t_factors, b * all, np);
        let zz = z * z;
        let minus_z = -z;
        let (G, H) = bp_gens.padded_vectors(n, m);

        // Dynamic points first, then the fixed generators G, H (so that the fixed part
        // can come from precomputed tables when the shape has them).
        let dynamic = 2 * lg + m + 6;
        let mut scalars: Vec<C::Scalar> = Vec::with_capacity(dynamic + 2 * np);
        let mut points: Vec<C::Point> = Vec::with_capacity(dynamic);

        scalars.push(C::scalar_one());
        points.push(self.A.point);
        scalars.push(x);
        points.push(self.S.point);
        scalars.push(c * x);
        points.push(self.T_1.point);
        scalars.push(c * x * x);
        points.push(self.T_2.point);
        for k in 0..lg {
            scalars.push(u_sq[k]);
            points.push(self.ipp_proof.L_vec[k].point);
            scalars.push(u_inv_sq[k]);
            points.push(self.ipp_proof.R_vec[k].point);
        }
        scalars.push(-(self.e_blinding + c * self.t_x_blinding));
        points.push(pc_gens.B_blinding);
        scalars.push(w * (self.t_x - a * b) + c * (delta::<C>(n, m, &y, &z) - self.t_x));
        points.push(pc_gens.B);
        let cz = c * zz;
        let mut zj = C::scalar_one();
        for Vj in V {
            scalars.push(cz * zj);
            points.push(Vj);
            zj *= z;
        }

        for a_s_i in &a_s {
            scalars.push(minus_z - *a_s_i);
        }
        // h_i = z + e_i − t_i with e_i = y^{-i}·d_i = z^{2+j}·y^{-j·n}·(2·y⁻¹)^{i mod n}
        // at value positions and 0 at padding positions: one multiplication per index.
        let two_y_inv = y_inv + y_inv;
        let mut y_inv_n = C::scalar_one();
        for _ in 0..n {
            y_inv_n *= y_inv;
        }
        let z_y_inv_n = z * y_inv_n;
        let mut e_block = zz; // z^{2+j}·y^{-j·n}
        for j in 0..m {
            let mut e = e_block;
            for i in 0..n {
                scalars.push(z + e - b_t[j * n + i]);
                e *= two_y_inv;
            }
            e_block *= z_y_inv_n;
        }
        for t_i in &b_t[n * m..] {
            scalars.push(z - *t_i);
        }

        let (dyn_scalars, gh_scalars) = scalars.split_at(dynamic);
        let check = match bp_gens.table(n, m, &G, &H) {
            Some(table) => C::vartime_precomputed_mul(&table, gh_scalars, dyn_scalars, &points),
            None => {
                points.extend_from_slice(&G);
                points.extend_from_slice(&H);
                C::vartime_multiscalar_mul(&scalars, &points)
            }
        };
        if C::is_identity(&check) {
            Ok(())
        } else {
            Err(ProofError::VerificationError)
        }
    }
}
