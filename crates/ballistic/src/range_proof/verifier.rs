//! The range-proof verifier: every check as one multiscalar multiplication.
//!
//! With random weights `r` and `c` (from the verifier's RNG) joining the
//! inner-product check and the polynomial check, the proof is valid iff
//!
//! ```text
//! 0 = r·A + r·x·S + c·x·T_1 + c·x²·T_2 + Σ_k r·(u_k²·L_k + u_k⁻²·R_k)
//!     − (r·e_blinding + c·t_x_blinding)·B̃ + (r·w·(t_x − a·b) + c·(δ(y,z) − t_x))·B
//!     + Σ_i r·g_i·G_i + Σ_i r·h_i·H_i + Σ_j c·z^{2+j}·V_j
//! g_i = −z − a·s_i
//! h_i = z + y^{−i}·(d_i − b·s_{N'−1−i}),   d_i = z^{2+j}·2^(i mod n) (0 at padding)
//! ```
//!
//! A single proof uses `r = 1`; the batch verifier ([`super::batch`]) draws an
//! independent `(r, c)` per proof and adds the equations, so the coefficients of the
//! fixed generators `G_i`, `H_i`, `B`, `B̃` are summed across proofs.
//!
//! Cost: `2N' + 2·log2(N') + m + 6` points. Scalars: one batched inversion for
//! `y⁻¹` and all `u_k⁻¹` (across all proofs of a batch), then **three
//! multiplications per generator** (dalek: about seven): `a·s_i` by the product
//! recursion with `r·a` folded into its seed; `t_i = b·y^{−i}·s_{N'−1−i}` by the same
//! recursion with per-round factors `u_k⁻²·y^{−2^(lg−1−k)}` (the `y^{−i}` of the `H`
//! side folded into the challenges, as in secp256k1-zkp); and `e_i = y^{−i}·d_i` by a
//! running product per value.
//!
//! The verifier never panics on proof data: shapes are checked against the named
//! limits before anything is allocated, points were validated when the proof was
//! parsed, and every failure is a [`ProofError`].

#![allow(non_snake_case)]
// Lint wall for code that handles proof bytes (RELIABILITY.md P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use alloc::vec;
use alloc::vec::Vec;
use rand_core::{CryptoRng, RngCore};

use super::{check_shape, delta, RangeProof, Variant};
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::inner_product::s_vector;
use crate::transcript::TranscriptProtocol;

/// A proof whose transcript has been replayed: the statement, the proof's points and
/// scalars, and every challenge. Independent of the verifier's random weights.
#[derive(Clone, Debug)]
pub(crate) struct Prepared<C: Curve> {
    pub(crate) n: usize,
    pub(crate) m: usize,
    pub(crate) np: usize,
    pub(crate) B: C::Point,
    pub(crate) B_blinding: C::Point,
    /// The commitments, decoded (empty when the caller decodes them later, all at
    /// once: the batch verifier).
    pub(crate) V: Vec<C::Point>,
    /// The commitments as given.
    pub(crate) V_enc: Vec<C::Encoding>,
    /// `A, S, T_1, T_2`.
    pub(crate) ASTT: [C::Point; 4],
    pub(crate) L: Vec<C::Point>,
    pub(crate) R: Vec<C::Point>,
    pub(crate) t_x: C::Scalar,
    pub(crate) t_x_blinding: C::Scalar,
    pub(crate) e_blinding: C::Scalar,
    /// The inner-product argument's final vectors (length 1 or 2).
    pub(crate) a: Vec<C::Scalar>,
    pub(crate) b: Vec<C::Scalar>,
    pub(crate) variant: Variant,
    pub(crate) y: C::Scalar,
    pub(crate) z: C::Scalar,
    pub(crate) x: C::Scalar,
    pub(crate) w: C::Scalar,
    pub(crate) u: Vec<C::Scalar>,
}

/// Receives the terms of a (weighted) verification equation.
pub(crate) trait Terms<C: Curve> {
    /// A term over a point of the proof or the statement.
    fn dynamic(&mut self, scalar: C::Scalar, point: C::Point);
    /// The coefficient of `B` and of `B_blinding` of this proof's Pedersen bases.
    fn pedersen(&mut self, B: (C::Scalar, C::Point), B_blinding: (C::Scalar, C::Point));
    /// The coefficient of `G_i` at padded position `i` of the shape `(n, m)`.
    fn g(&mut self, i: usize, scalar: C::Scalar);
    /// The coefficient of `H_i` at padded position `i` of the shape `(n, m)`.
    fn h(&mut self, i: usize, scalar: C::Scalar);
}

impl<C: Curve> RangeProof<C> {
    /// Checks the shape, decodes the statement and replays the transcript.
    pub(crate) fn prepare<T: TranscriptProtocol<C>>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut T,
        value_commitments: &[C::Encoding],
        n: usize,
        decode_commitments: bool,
    ) -> Result<Prepared<C>, ProofError> {
        let m = value_commitments.len();
        if self.variant != T::VARIANT {
            return Err(ProofError::VerificationError);
        }
        let np = check_shape(bp_gens, n, m, self.variant)?;
        if self.ipp_proof.a.len() != self.variant.ipa_final_len(np)
            || self.ipp_proof.rounds() + self.ipp_proof.a.len().trailing_zeros() as usize
                != np.trailing_zeros() as usize
        {
            return Err(ProofError::VerificationError);
        }
        let V: Vec<C::Point> = if decode_commitments {
            C::decode_batch_vartime(value_commitments).map_err(|_| ProofError::VerificationError)?
        } else {
            Vec::new()
        };
        for P in [&self.A, &self.S, &self.T_1, &self.T_2] {
            if C::is_identity(&P.point) {
                return Err(ProofError::VerificationError);
            }
        }

        let (B, B_blinding) = pc_gens.bases();
        if !transcript.bind_value_generator(&B) {
            return Err(ProofError::ValueGeneratorMismatch);
        }
        // Commitments may be the identity (value 0, blinding 0), as in dalek.
        transcript.append_statement(n as u64, value_commitments);
        let (y, z) = transcript
            .challenge_yz(&self.A.encoding, &self.S.encoding)
            .ok_or(ProofError::VerificationError)?;
        let x = transcript
            .challenge_x(&self.T_1.encoding, &self.T_2.encoding)
            .ok_or(ProofError::VerificationError)?;
        let w = transcript
            .challenge_w(&self.t_x, &self.t_x_blinding, &self.e_blinding)
            .ok_or(ProofError::VerificationError)?;
        let u = self.ipp_proof.verification_challenges(np, transcript)?;

        Ok(Prepared {
            n,
            m,
            np,
            B,
            B_blinding,
            V,
            V_enc: value_commitments.to_vec(),
            ASTT: [self.A.point, self.S.point, self.T_1.point, self.T_2.point],
            L: self.ipp_proof.L_vec.iter().map(|p| p.point).collect(),
            R: self.ipp_proof.R_vec.iter().map(|p| p.point).collect(),
            t_x: self.t_x,
            t_x_blinding: self.t_x_blinding,
            e_blinding: self.e_blinding,
            a: self.ipp_proof.a.clone(),
            b: self.ipp_proof.b.clone(),
            variant: self.variant,
            y,
            z,
            x,
            w,
            u,
        })
    }

    /// Verifies one proof (see the module documentation).
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
        let p = self.prepare(bp_gens, pc_gens, transcript, value_commitments, n, true)?;
        let tables = bp_gens.verifier_table(n, p.m);
        let with_tables = tables.is_some();
        p.verify_alone(bp_gens, &p.V, tables, rng)?;
        // The shape's tables are built only once a proof of it has verified.
        if !with_tables {
            bp_gens.admit_verifier_table(n, p.m);
        }
        Ok(())
    }
}

impl<C: Curve> Prepared<C> {
    /// Checks this proof alone against the decoded commitments `V`: over the shape's
    /// cached `tables` when given, else over the generators of `bp_gens` gathered
    /// for one plain multiscalar multiplication. Builds no table.
    pub(crate) fn verify_alone<R: RngCore + CryptoRng>(
        &self,
        bp_gens: &BulletproofGens<C>,
        V: &[C::Point],
        tables: Option<alloc::sync::Arc<C::Precomputation>>,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        let p = self;
        let mut inv: Vec<C::Scalar> = Vec::with_capacity(p.u.len() + 1);
        p.push_inversions(&mut inv);
        C::scalar_batch_invert(&mut inv);

        let mut terms = SingleTerms::<C> {
            scalars: Vec::with_capacity(p.L.len() * 2 + p.m + 6 + 2 * p.np),
            points: Vec::with_capacity(p.L.len() * 2 + p.m + 6),
            gh: vec![C::scalar_zero(); 2 * p.np],
            np: p.np,
            out_of_range: false,
        };
        let c = C::scalar_random_nonzero(rng)?;
        p.emit(V, &inv, C::scalar_one(), c, &mut terms)?;
        if terms.out_of_range {
            return Err(ProofError::VerificationError);
        }

        let SingleTerms {
            mut scalars,
            mut points,
            gh,
            ..
        } = terms;
        let check = match tables {
            Some(table) => C::vartime_precomputed_mul(&table, &gh, &scalars, &points),
            None => {
                let (G, H) = bp_gens.padded_vectors(p.n, p.m);
                scalars.extend_from_slice(&gh);
                points.extend_from_slice(&G);
                points.extend_from_slice(&H);
                crate::msm::vartime_multiscalar_mul::<C>(&scalars, &points)
            }
        };
        if C::is_identity(&check) {
            Ok(())
        } else {
            Err(ProofError::VerificationError)
        }
    }
}

/// Collects the terms of one proof: dynamic points in a list, `G`/`H` by position.
struct SingleTerms<C: Curve> {
    scalars: Vec<C::Scalar>,
    points: Vec<C::Point>,
    /// Coefficients of `G` (positions `0..np`) then `H` (`np..2np`), the order of the
    /// cached tables.
    gh: Vec<C::Scalar>,
    np: usize,
    /// Set if a term named a generator outside the shape (never, by construction;
    /// checked rather than indexed so that a bug fails verification, not the process).
    out_of_range: bool,
}

impl<C: Curve> SingleTerms<C> {
    /// Stores a coefficient; an index outside the shape marks the equation invalid.
    fn set(&mut self, in_shape: bool, slot: usize, scalar: C::Scalar) {
        match self.gh.get_mut(slot) {
            Some(x) if in_shape => *x = scalar,
            _ => self.out_of_range = true,
        }
    }
}

impl<C: Curve> Terms<C> for SingleTerms<C> {
    fn dynamic(&mut self, scalar: C::Scalar, point: C::Point) {
        self.scalars.push(scalar);
        self.points.push(point);
    }
    fn pedersen(&mut self, B: (C::Scalar, C::Point), B_blinding: (C::Scalar, C::Point)) {
        self.dynamic(B.0, B.1);
        self.dynamic(B_blinding.0, B_blinding.1);
    }
    fn g(&mut self, i: usize, scalar: C::Scalar) {
        self.set(i < self.np, i, scalar);
    }
    fn h(&mut self, i: usize, scalar: C::Scalar) {
        self.set(i < self.np, self.np + i, scalar);
    }
}

impl<C: Curve> Prepared<C> {
    /// Appends the scalars to invert for this proof: `y`, then every `u_k`.
    pub(crate) fn push_inversions(&self, out: &mut Vec<C::Scalar>) {
        out.push(self.y);
        out.extend_from_slice(&self.u);
    }

    /// Emits the terms of `r·(inner-product check) + c·(polynomial check)`, with
    /// `V` the decoded commitments. `inv` holds the inverses of [`Prepared::push_inversions`], in that order; a
    /// wrong length is an error (never a panic, never a silently empty equation).
    pub(crate) fn emit<W: Terms<C>>(
        &self,
        V: &[C::Point],
        inv: &[C::Scalar],
        r: C::Scalar,
        c: C::Scalar,
        out: &mut W,
    ) -> Result<(), ProofError> {
        let (n, m, np) = (self.n, self.m, self.np);
        let lg = self.u.len();
        let (y, z, x, w) = (self.y, self.z, self.x, self.w);
        let (y_inv, u_inv) = match inv.split_first() {
            Some((y_inv, rest))
                if rest.len() == lg && self.L.len() == lg && self.R.len() == lg && V.len() == m =>
            {
                (*y_inv, rest)
            }
            _ => return Err(ProofError::VerificationError),
        };

        let mut all_inv = C::scalar_one();
        let mut all = C::scalar_one();
        for (ui, ui_inv) in self.u.iter().zip(u_inv) {
            all_inv *= *ui_inv;
            all *= *ui;
        }
        let zz = z * z;

        // Dynamic points.
        out.dynamic(r, self.ASTT[0]);
        out.dynamic(r * x, self.ASTT[1]);
        let cx = c * x;
        out.dynamic(cx, self.ASTT[2]);
        out.dynamic(cx * x, self.ASTT[3]);
        let mut u_sq: Vec<C::Scalar> = Vec::with_capacity(lg);
        let mut u_inv_sq: Vec<C::Scalar> = Vec::with_capacity(lg);
        for (((uk, uk_inv), Lk), Rk) in self.u.iter().zip(u_inv).zip(&self.L).zip(&self.R) {
            let sq = *uk * *uk;
            let inv_sq = *uk_inv * *uk_inv;
            out.dynamic(r * sq, *Lk);
            out.dynamic(r * inv_sq, *Rk);
            u_sq.push(sq);
            u_inv_sq.push(inv_sq);
        }
        let cz = c * zz;
        let mut zj = C::scalar_one();
        for Vj in V {
            out.dynamic(cz * zj, *Vj);
            zj *= z;
        }
        // The argument's final vectors: f = 1 (dalek) or 2 (secp256k1-zkp); position
        // p = j·f + h of the working order uses a_h·s'_j, where s' runs over the
        // rounds (see `docs/secp256k1-zkp-format.md` §7 for the bit-reversed order).
        let f = self.a.len();
        if f == 0 || self.b.len() != f || !f.is_power_of_two() || np % f != 0 {
            return Err(ProofError::VerificationError);
        }
        let mut ab = C::scalar_zero();
        for (ah, bh) in self.a.iter().zip(&self.b) {
            ab += *ah * *bh;
        }
        let ipa_q = r * w * (self.t_x - ab);
        let mut B_scalar = c * (delta::<C>(n, m, &y, &z) - self.t_x);
        let mut B_blinding_scalar = -(r * self.e_blinding + c * self.t_x_blinding);
        match self.variant {
            Variant::Dalek => B_scalar += ipa_q,
            Variant::Zkp => B_blinding_scalar += ipa_q,
        }
        out.pedersen((B_scalar, self.B), (B_blinding_scalar, self.B_blinding));

        let rounds_len = np / f;
        let variant = self.variant;
        let pos = |i: usize| variant.ipa_position(i, np);
        // G side: r·g_i = −r·z − (r·a_h)·s'_j at working position p(i) = j·f + h.
        let rz = r * z;
        // With one final element (dalek's variant) `a` is folded into the seed of the
        // recursion, which then yields `r·a·s'_j` directly.
        let a_s: Vec<C::Scalar> = match self.a.as_slice() {
            [a0] => s_vector::<C>(&u_sq, r * all_inv * *a0, rounds_len),
            _ => {
                let s_prime = s_vector::<C>(&u_sq, r * all_inv, rounds_len);
                let mut a_s: Vec<C::Scalar> = Vec::with_capacity(np);
                for s_j in &s_prime {
                    for ah in &self.a {
                        a_s.push(*ah * *s_j);
                    }
                }
                a_s
            }
        };
        for i in 0..np {
            let a_s_i = a_s.get(pos(i)).ok_or(ProofError::VerificationError)?;
            out.g(i, -rz - *a_s_i);
        }
        // H side: r·h_i = r·z + r·e_i − r·t_i, with t_i = b_h·y^{−i}·s_i⁻¹ computed in
        // working order: s⁻¹ = Π_k u_k · Π_{k: bit set} u_k⁻², and the y^{−i} factor
        // folded into the rounds (round k consumes bit lg−1−k of the working position,
        // i.e. bit lg−1−k of i for dalek and bit k of i for secp256k1-zkp; the final
        // index h consumes bit lg−1 of i for secp256k1-zkp).
        // e_i = y^{−i}·d_i = z^{2+j}·y^{−j·n}·(2·y⁻¹)^{i mod n}.
        let lg_np = np.trailing_zeros() as usize;
        let y_inv_2k = |k: usize| {
            let mut p = y_inv;
            for _ in 0..k {
                p *= p;
            }
            p
        };
        let mut t_factors: Vec<C::Scalar> = Vec::with_capacity(lg);
        for (k, inv_sq) in u_inv_sq.iter().enumerate() {
            let bit = match variant {
                Variant::Dalek => lg_np - 1 - k,
                Variant::Zkp => k,
            };
            t_factors.push(*inv_sq * y_inv_2k(bit));
        }
        // Likewise `b` into the seed of the `t` recursion for one final element.
        let b_t: Vec<C::Scalar> = match self.b.as_slice() {
            [b0] => s_vector::<C>(&t_factors, r * all * *b0, rounds_len),
            _ => {
                let t_prime = s_vector::<C>(&t_factors, r * all, rounds_len);
                let top = if f == 2 {
                    y_inv_2k(lg_np - 1)
                } else {
                    C::scalar_one()
                };
                let mut b_t: Vec<C::Scalar> = Vec::with_capacity(np);
                for t_j in &t_prime {
                    for (h, bh) in self.b.iter().enumerate() {
                        let bh = if h == 1 { *bh * top } else { *bh };
                        b_t.push(bh * *t_j);
                    }
                }
                b_t
            }
        };
        let two_y_inv = y_inv + y_inv;
        let mut y_inv_n = C::scalar_one();
        for _ in 0..n {
            y_inv_n *= y_inv;
        }
        let z_y_inv_n = z * y_inv_n;
        let mut e_block = r * zz;
        for j in 0..m {
            let mut e = e_block;
            for k in 0..n {
                let i = j * n + k;
                let t_i = b_t.get(pos(i)).ok_or(ProofError::VerificationError)?;
                out.h(i, rz + e - *t_i);
                e *= two_y_inv;
            }
            e_block *= z_y_inv_n;
        }
        for i in n * m..np {
            let t_i = b_t.get(pos(i)).ok_or(ProofError::VerificationError)?;
            out.h(i, rz - *t_i);
        }
        Ok(())
    }
}
