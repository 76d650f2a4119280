//! The dealer's checks of one party's share, and the public padding party.
//!
//! # The padding party
//! A proof of `m` values of `n` bits runs on vectors of the padded length
//! `N' = next_power_of_two(n·m)`; positions `n·m .. N'` belong to no party (see
//! `docs/padding.md`: they take the padding generators, their bits are 0 and
//! their weights in `r(X)` are 0). Their contributions are those of a party with
//! no value and all its randomness zero (`α = ρ = τ_1 = τ_2 = 0`, `s_L = s_R = 0`),
//! which the dealer and every recomputing party compute from public data alone:
//! `A_pad = −Σ_k H^pad_k`, `S_pad = T_1,pad = T_2,pad = 0`, and the share
//! `l_k = −z`, `r_k = y^{nm+k}·(z − 1)`, `τ_x = μ = 0`, `t_x = <l, r>`. It needs
//! no message.
//!
//! Soundness is the padding rule's: the verifier checks the same equations for
//! every shape, and a padding position carries weight 0 in `r(X)`, so no bit of
//! any value can be moved there; the padding party's zero randomness is what an
//! honest single prover's padding bits would be, bar the blinding, and the verifier
//! never relies on the prover's randomness. Zero knowledge holds because the
//! padding entries of `l` and `r` are public constants of `(y, z)`, which a
//! simulator sets to the same values, while the honest parties' `s_L`, `s_R`, `α`,
//! `ρ`, `τ_1`, `τ_2` still blind every entry and every scalar that depends on a
//! secret (each party's `S_j`, `T_k,j`, `μ_j`, `τ_x,j` are uniformly masked as in
//! the single proof).

#![allow(non_snake_case)]

use alloc::vec::Vec;

use super::messages::{BitCommitment, PolyCommitment};
use crate::curve::scalars::{inner_product, pow_vartime};
use crate::curve::Curve;
use crate::generators::BulletproofGens;
use crate::range_proof::party::ProofShare;
use crate::util::padded_len;

/// `A_pad = −Σ_{k < N' − n·m} H^pad_k` (the identity when `n·m` is a power of two).
pub(crate) fn padding_A<C: Curve>(bp_gens: &BulletproofGens<C>, n: usize, m: usize) -> C::Point {
    let pad = padded_len(n, m) - n * m;
    let mut A = C::identity();
    if pad > 0 {
        let (_, H) = bp_gens.padding_generators(pad);
        for h in H {
            A += -h;
        }
    }
    A
}

/// The padding party's share over positions `n·m .. N'` (empty when `n·m` is a
/// power of two).
pub(crate) fn padding_share<C: Curve>(
    n: usize,
    m: usize,
    y: &C::Scalar,
    z: &C::Scalar,
) -> ProofShare<C> {
    let nm = n * m;
    let pad = padded_len(n, m) - nm;
    let one = C::scalar_one();
    let mut y_i = pow_vartime::<C>(y, nm as u64);
    let l: Vec<C::Scalar> = (0..pad).map(|_| -*z).collect();
    let mut r: Vec<C::Scalar> = Vec::with_capacity(pad);
    for _ in 0..pad {
        r.push(y_i * (*z - one));
        y_i *= *y;
    }
    ProofShare {
        t_x: inner_product::<C>(&l, &r),
        t_x_blinding: C::scalar_zero(),
        e_blinding: C::scalar_zero(),
        l,
        r,
    }
}

/// The challenges and public data against which the dealer audits a share.
pub(crate) struct AuditContext<'g, C: Curve> {
    pub(crate) bp_gens: &'g BulletproofGens<C>,
    /// `(B, B̃)`.
    pub(crate) bases: (C::Point, C::Point),
    pub(crate) n: usize,
    pub(crate) y: C::Scalar,
    pub(crate) z: C::Scalar,
    pub(crate) x: C::Scalar,
}

impl<C: Curve> AuditContext<'_, C> {
    /// Whether party `j`'s share satisfies dalek's `audit_share` checks against the
    /// party's own commitments, over its own generators:
    /// 1. `l`, `r` have `n` entries and `t_x = <l, r>`;
    /// 2. `A_j + x·S_j − μ·B̃ + Σ_i (−z − l_i)·G_i
    ///    + Σ_i (z + y^{−(jn+i)}·(z^{2+j}·2^i − r_i))·H_i = 0`;
    /// 3. `V_j` decodes;
    /// 4. `z^{2+j}·V_j + x·T_1,j + x²·T_2,j + (δ_j − t_x)·B − τ_x·B̃ = 0` with
    ///    `δ_j = (z − z²)·Σ_{i<n} y^{jn+i} − z^{3+j}·(2^n − 1)`.
    pub(crate) fn audit_share(
        &self,
        j: usize,
        bits: &BitCommitment<C>,
        poly: &PolyCommitment<C>,
        share: &ProofShare<C>,
    ) -> bool {
        let n = self.n;
        let (y, z, x) = (self.y, self.z, self.x);
        let (B, B_blinding) = self.bases;
        if share.l.len() != n || share.r.len() != n {
            return false;
        }
        if inner_product::<C>(&share.l, &share.r) != share.t_x {
            return false;
        }
        let Some((G, H)) = self.bp_gens.party_slice(n, j) else {
            return false;
        };
        // (2) the bit commitments.
        let y_inv = C::scalar_invert_vartime(&y);
        let mut y_inv_i = pow_vartime::<C>(&y_inv, (j * n) as u64);
        let z_j2 = pow_vartime::<C>(&z, j as u64 + 2);
        let mut two_i = C::scalar_one();
        let two = C::scalar_from_u64(2);
        let mut scalars: Vec<C::Scalar> = Vec::with_capacity(2 * n + 3);
        let mut points: Vec<C::Point> = Vec::with_capacity(2 * n + 3);
        scalars.extend([C::scalar_one(), x, -share.e_blinding]);
        points.extend([
            C::point_from_api(&bits.A_j),
            C::point_from_api(&bits.S_j),
            B_blinding,
        ]);
        for i in 0..n {
            scalars.push(-z - share.l[i]);
            points.push(G[i]);
            scalars.push(z + y_inv_i * (z_j2 * two_i - share.r[i]));
            points.push(H[i]);
            y_inv_i *= y_inv;
            two_i *= two;
        }
        if !C::is_identity(&C::vartime_multiscalar_mul(&scalars, &points)) {
            return false;
        }
        // (3) the value commitment.
        let Some(V) = C::decode(&bits.V_j) else {
            return false;
        };
        // (4) the polynomial commitments.
        let zz = z * z;
        let mut sum_y = C::scalar_zero();
        let mut y_i = pow_vartime::<C>(&y, (j * n) as u64);
        for _ in 0..n {
            sum_y += y_i;
            y_i *= y;
        }
        let delta = (z - zz) * sum_y - z_j2 * z * crate::curve::scalars::two_pow_minus_one::<C>(n);
        let check = C::vartime_multiscalar_mul(
            &[z_j2, x, x * x, delta - share.t_x, -share.t_x_blinding],
            &[
                V,
                C::point_from_api(&poly.T_1_j),
                C::point_from_api(&poly.T_2_j),
                B,
                B_blinding,
            ],
        );
        C::is_identity(&check)
    }
}
