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
//! With minimum values `o_j` (secp256k1-zkp's `min_value`) `δ(y, z)` is replaced by
//! `δ(y, z) − Σ_j z^{2+j}·o_j`, since `V_j − o_j·B` commits to the proven `v_j − o_j`.
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
// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use alloc::vec::Vec;
use rand_core::{CryptoRng, RngCore};

use super::format::{QBase, RangeProofFormat};
use super::transcript::{RangeProofTranscript, RangeStatement};
use super::{delta_with_min_values, RangeProof};
use crate::curve::scalars::pow_vartime;
use crate::curve::Curve;
use crate::errors::ProofError;
use crate::generators::{BulletproofGens, GeneratorLayout, PedersenGens};
use crate::inner_product::{verification_scalars, Folding};
use crate::range_statement::{equation_commitments, Commitments, DecodedRange, Extras};
use crate::verify::{check_one, Accumulator, Statement, Terms};

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
    /// once: the batch verifier; and for an `[a, b]` statement, whose caller holds
    /// the decoded `V`).
    pub(crate) V: Vec<C::Point>,
    /// The commitments as given.
    pub(crate) V_enc: Vec<C::Encoding>,
    /// The decoded `[a, b]` statement the equation takes instead of `V` (set by
    /// the callers of [`RangeProof::prepare_range`](super::RangeProof)).
    pub(crate) range: Option<DecodedRange<C>>,
    /// The minimum values (empty: none, the same as all zero for the equation).
    pub(crate) min_values: Vec<u64>,
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
    /// The format's folding and `Q` base.
    pub(crate) folding: Folding,
    pub(crate) q_base: QBase,
    pub(crate) y: C::Scalar,
    pub(crate) z: C::Scalar,
    pub(crate) x: C::Scalar,
    pub(crate) w: C::Scalar,
    pub(crate) u: Vec<C::Scalar>,
}

impl<C: Curve, F: RangeProofFormat<C>> RangeProof<C, F> {
    /// Checks the shape, decodes the statement and replays the transcript.
    pub(crate) fn prepare(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        value_commitments: &[C::Encoding],
        n: usize,
        decode_commitments: bool,
    ) -> Result<Prepared<C>, ProofError> {
        self.prepare_statement(
            bp_gens,
            pc_gens,
            transcript,
            value_commitments,
            n,
            Extras::default(),
            decode_commitments,
        )
    }

    /// [`RangeProof::prepare`] for a statement with the optional parts `extras`
    /// (an `[a, b]` range, minimum values).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn prepare_statement(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        value_commitments: &[C::Encoding],
        n: usize,
        extras: Extras<'_>,
        decode_commitments: bool,
    ) -> Result<Prepared<C>, ProofError> {
        // An `[a, b]` statement: one commitment `V`, two values (the caller gives the
        // decoded statement to the equation: `Commitments::Range`).
        let m = crate::range_statement::statement_values(
            extras.range.is_some(),
            value_commitments.len(),
        )
        .ok_or(ProofError::VerificationError)?;
        let np = bp_gens.check_parties(n, m)?;
        super::check_min_values(extras.min_values, m, n)?;
        if self.ipp_proof.a.len() != F::FOLDING.final_len(np)
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
        let mut statement = RangeStatement::new(n, value_commitments);
        statement.range = extras.range;
        statement.min_values = extras.min_values;
        transcript.append_statement(&statement);
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
            range: None,
            min_values: extras.min_values.map(<[u64]>::to_vec).unwrap_or_default(),
            ASTT: [self.A.point, self.S.point, self.T_1.point, self.T_2.point],
            L: self.ipp_proof.L_vec.iter().map(|p| p.point).collect(),
            R: self.ipp_proof.R_vec.iter().map(|p| p.point).collect(),
            t_x: self.t_x,
            t_x_blinding: self.t_x_blinding,
            e_blinding: self.e_blinding,
            a: self.ipp_proof.a.clone(),
            b: self.ipp_proof.b.clone(),
            folding: F::FOLDING,
            q_base: F::Q_BASE,
            y,
            z,
            x,
            w,
            u,
        })
    }

    /// Verifies one proof (see the module documentation).
    pub(crate) fn verify_impl<R>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        value_commitments: &[C::Encoding],
        n: usize,
        rng: &mut R,
    ) -> Result<(), ProofError>
    where
        R: RngCore + CryptoRng,
    {
        self.verify_statement(
            bp_gens,
            pc_gens,
            transcript,
            value_commitments,
            n,
            Extras::default(),
            rng,
        )
    }

    /// Verifies one proof of a statement with the optional parts `extras`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn verify_statement<R>(
        &self,
        bp_gens: &BulletproofGens<C>,
        pc_gens: &PedersenGens<C>,
        transcript: &mut F::Transcript,
        value_commitments: &[C::Encoding],
        n: usize,
        extras: Extras<'_>,
        rng: &mut R,
    ) -> Result<(), ProofError>
    where
        R: RngCore + CryptoRng,
    {
        let p = self.prepare_statement(
            bp_gens,
            pc_gens,
            transcript,
            value_commitments,
            n,
            extras,
            true,
        )?;
        bp_gens.verify_over_tables(p.layout(), |tables| p.verify_alone(bp_gens, tables, rng))
    }
}

impl<C: Curve> Prepared<C> {
    /// The generators this proof uses.
    pub(crate) fn layout(&self) -> GeneratorLayout {
        GeneratorLayout::Parties {
            n: self.n,
            m: self.m,
        }
    }

    /// Checks this proof alone against its own commitments (decoded by
    /// [`RangeProof::prepare`], or its `[a, b]` statement): over the shape's cached
    /// `tables` when given, else over the generators of `bp_gens` gathered for one
    /// plain multiscalar multiplication. Builds no table. The inner-product check
    /// has weight one, the polynomial check a random weight from `rng`.
    pub(crate) fn verify_alone<R: RngCore + CryptoRng>(
        &self,
        bp_gens: &BulletproofGens<C>,
        tables: Option<alloc::sync::Arc<C::Precomputation>>,
        rng: &mut R,
    ) -> Result<(), ProofError> {
        let c = C::scalar_random_nonzero(rng)?;
        check_one(bp_gens, self, &[], tables, [C::scalar_one(), c])
    }
}

/// The engine's view of a range proof: weights `(r, c)` of the inner-product and
/// the polynomial checks.
impl<C: Curve> Statement<C> for Prepared<C> {
    fn layout(&self) -> GeneratorLayout {
        Prepared::layout(self)
    }
    fn weights(&self) -> usize {
        2
    }
    fn bases(&self) -> Vec<C::Point> {
        alloc::vec![self.B, self.B_blinding]
    }
    fn commitments(&self) -> &[C::Encoding] {
        if self.range.is_none() && self.V.is_empty() {
            &self.V_enc
        } else {
            &[]
        }
    }
    fn push_inversions(&self, out: &mut Vec<C::Scalar>) {
        Prepared::push_inversions(self, out);
    }
    fn bind(&self, t: &mut merlin::Transcript) {
        use crate::verify::{bind_scalars, bind_u64s};
        t.append_message(b"protocol", b"range proof");
        let format = [
            matches!(self.folding, Folding::EvenOdd) as u64,
            matches!(self.q_base, QBase::Blinding) as u64,
        ];
        bind_u64s(t, b"shape", &[self.n as u64, self.m as u64, self.np as u64]);
        bind_u64s(t, b"format", &format);
        crate::range_statement::bind_range_statement(t, &self.V_enc, &self.range, &self.min_values);
        bind_scalars::<C>(
            t,
            b"scalars",
            &[
                self.t_x,
                self.t_x_blinding,
                self.e_blinding,
                self.y,
                self.z,
                self.x,
                self.w,
            ],
        );
        bind_scalars::<C>(t, b"a", &self.a);
        bind_scalars::<C>(t, b"b", &self.b);
        bind_scalars::<C>(t, b"u", &self.u);
    }
    fn emit(
        &self,
        V: &[C::Point],
        inv: &[C::Scalar],
        [r, c]: [C::Scalar; 2],
        out: &mut Accumulator<'_, C>,
    ) -> Result<(), ProofError> {
        let V = equation_commitments(&self.range, &self.V, V);
        Prepared::emit(self, V, inv, r, c, out)
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
        V: Commitments<'_, C>,
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

        // The inner-product argument's scalars, weighted by r: coefficients of every
        // G_i and H_i in the generators' order.
        let ipa = verification_scalars::<C>(
            self.folding,
            np,
            &self.a,
            &self.b,
            &self.u,
            u_inv,
            y_inv,
            r,
        )?;
        let zz = z * z;

        // Dynamic points.
        out.dynamic(r, self.ASTT[0]);
        out.dynamic(r * x, self.ASTT[1]);
        let cx = c * x;
        out.dynamic(cx, self.ASTT[2]);
        out.dynamic(cx * x, self.ASTT[3]);
        for (((sq, inv_sq), Lk), Rk) in ipa.u_sq.iter().zip(&ipa.u_inv_sq).zip(&self.L).zip(&self.R)
        {
            out.dynamic(r * *sq, *Lk);
            out.dynamic(r * *inv_sq, *Rk);
        }
        // V_j weighted by c·z^{2+j}.
        let weights = core::iter::successors(Some(c * zz), |cz| Some(*cz * z)).take(m);
        let B_from_V = V.emit(weights, out);
        let ipa_q = r * w * (self.t_x - ipa.ab);
        let mut B_scalar =
            c * (delta_with_min_values::<C>(n, m, &y, &z, &self.min_values) - self.t_x) + B_from_V;
        let mut B_blinding_scalar = -(r * self.e_blinding + c * self.t_x_blinding);
        *self.q_base.pick(&mut B_scalar, &mut B_blinding_scalar) += ipa_q;
        out.pedersen(&[(B_scalar, self.B), (B_blinding_scalar, self.B_blinding)]);

        // G side: r·g_i = −r·z − r·a·s_i.
        let rz = r * z;
        for (i, a_s) in ipa.g.iter().enumerate() {
            out.g(i, -rz - *a_s);
        }
        // H side: r·h_i = r·z + r·e_i − r·b·y^{−i}·s_i⁻¹, with
        // e_i = y^{−i}·d_i = z^{2+j}·y^{−j·n}·(2·y⁻¹)^{i mod n} (0 at padding).
        let two_y_inv = y_inv + y_inv;
        let z_y_inv_n = z * pow_vartime::<C>(&y_inv, n as u64);
        let mut e_block = r * zz;
        let mut b_t = ipa.h.iter();
        for j in 0..m {
            let mut e = e_block;
            for k in 0..n {
                let t_i = b_t.next().ok_or(ProofError::VerificationError)?;
                out.h(j * n + k, rz + e - *t_i);
                e *= two_y_inv;
            }
            e_block *= z_y_inv_n;
        }
        for (i, t_i) in (n * m..np).zip(b_t) {
            out.h(i, rz - *t_i);
        }
        Ok(())
    }
}
