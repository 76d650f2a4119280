//! The phases of the range-proof prover, for one party.
//!
//! A party holds consecutive values of an aggregated proof (value slots
//! `first_slot ..`) at consecutive positions of the argument's vectors, and runs the
//! three phases of the interactive protocol over its own positions:
//!
//! 1. [`Party::commit_bits`]: the bit commitments `A_j`, `S_j`;
//! 2. [`Party::commit_poly`], given `y`, `z`: the polynomial commitments
//!    `T_1,j`, `T_2,j`;
//! 3. [`Party::share`], given `x`: its [`ProofShare`] (`τ_x,j`, `μ_j` and its
//!    slices of `l = l(x)`, `r = r(x)`).
//!
//! A dealer adds the parties' commitments (`A = Σ A_j`, …), draws the challenges,
//! and [`fold`]s the shares into the proof's scalars and the argument's vectors. The
//! single prover ([`super::prover`]) is one party holding every value and the
//! padding positions, with the transcript as its dealer; multi-party proving is
//! another front end over the same phases.
//!
//! The constant-time policy and the secret hygiene are the prover's (see
//! [`super::prover`]): every secret of a party lives in its `ProverSecrets`,
//! zeroized when the party is dropped.

#![allow(non_snake_case)]

use alloc::vec::Vec;
use subtle::{Choice, ConditionallySelectable};
use zeroize::{Zeroize, Zeroizing};

use super::prover::Cheat;
use super::transcript::ProverNonces;
use crate::ct::{declassify_point, declassify_scalar, Declassified};
use crate::curve::scalars::{inner_product, pow_vartime};
use crate::curve::{Curve, ProofPoint, TableStrategy};

/// Which positions and values of an aggregated proof a party holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PartyPositions {
    /// The bit width `n`.
    pub(crate) n: usize,
    /// The aggregate index of the party's first value (its weight is
    /// `z^{2+first_slot}`).
    pub(crate) first_slot: usize,
    /// How many values the party holds.
    pub(crate) values: usize,
    /// The party's positions `offset .. offset + len` of the argument's vectors:
    /// `n` per value, then the padding positions it covers (bits 0, weight 0).
    pub(crate) offset: usize,
    pub(crate) len: usize,
}

/// A party's share of the proof after the last challenge: public by design (see
/// [`super::prover`]).
#[derive(Clone, Debug)]
pub(crate) struct ProofShare<C: Curve> {
    /// `t_x,j = <l_j, r_j>`, the party's part of `t_x = <l, r>`.
    pub(crate) t_x: C::Scalar,
    /// `τ_x,j = τ_2·x² + τ_1·x + Σ_{j} z^{2+j}·γ_j`.
    pub(crate) t_x_blinding: C::Scalar,
    /// `μ_j = α + ρ·x`.
    pub(crate) e_blinding: C::Scalar,
    /// `l(x)` over the party's positions.
    pub(crate) l: Vec<C::Scalar>,
    /// `r(x)` over the party's positions.
    pub(crate) r: Vec<C::Scalar>,
}

/// One party of a proof, between its phases. It owns copies of its blindings
/// (zeroized when it is dropped) and borrows nothing, so that a multi-party
/// front end can hold it between messages.
pub(crate) struct Party<C: Curve> {
    pos: PartyPositions,
    blindings: Zeroizing<Vec<C::Scalar>>,
    B: C::Point,
    B_blinding: C::Point,
    sec: ProverSecrets<C>,
    z: C::Scalar,
    cheat: Cheat,
}

impl<C: Curve> Party<C> {
    /// A party holding `values` (with `blindings`) at `pos`; the caller has checked
    /// the lengths and the range.
    pub(crate) fn new(
        pos: PartyPositions,
        values: &[u64],
        blindings: &[C::Scalar],
        (B, B_blinding): (C::Point, C::Point),
        cheat: Cheat,
    ) -> Self {
        let len = pos.len;
        let mut sec = ProverSecrets::<C>::with_capacity(len);
        // Bits: a_L[k·n + i] = bit i of the party's value k; padding positions are 0.
        for v in values {
            for i in 0..pos.n {
                sec.bits.push(((*v >> i) & 1) as u8);
            }
        }
        if cheat.weights_into_padding {
            // Continue the last value's bits into the padding positions.
            if let Some(last) = values.last() {
                for k in 0..len.saturating_sub(pos.n * pos.values) {
                    let bit = pos.n + k;
                    sec.bits.push(if bit < 64 {
                        ((*last >> bit) & 1) as u8
                    } else {
                        0
                    });
                }
            }
        }
        sec.bits.resize(len, 0);
        Party {
            pos,
            blindings: Zeroizing::new(blindings.to_vec()),
            B,
            B_blinding,
            sec,
            z: C::scalar_zero(),
            cheat,
        }
    }

    /// The party's positions.
    pub(crate) fn positions(&self) -> PartyPositions {
        self.pos
    }

    /// The Pedersen bases `(B, B̃)` of the party's commitments.
    pub(crate) fn bases(&self) -> (C::Point, C::Point) {
        (self.B, self.B_blinding)
    }

    fn a_L(&self, i: usize) -> Choice {
        Choice::from(self.sec.bits[i])
    }

    /// Phase 1: `S_j = ρ·B̃ + <s_L, G> + <s_R, H>`, then
    /// `A_j = α·B̃ + Σ_i (a_L[i] ? G_i : −H_i)` (`α` from the nonces once `S_j` is
    /// known: [`ProverNonces::alpha_after_S`]) over the generators `G`, `H` of the
    /// party's `len` positions (constant-time; over the cached constant-time tables
    /// `ct_table` of `G || H` when given). `None` if `G` or `H` does not have `len`
    /// points.
    pub(crate) fn commit_bits<N: ProverNonces<C>>(
        &mut self,
        (G, H): (&[C::Point], &[C::Point]),
        nonces: &mut N,
        ct_table: Option<&C::Precomputation>,
    ) -> Option<(ProofPoint<C>, ProofPoint<C>)> {
        let len = self.pos.len;
        if G.len() != len || H.len() != len {
            return None;
        }
        let B_blinding = self.B_blinding;
        (self.sec.alpha, self.sec.rho) = nonces.alpha_rho();
        for i in 0..len {
            let (l, r) = nonces.s_pair(i);
            self.sec.s_L.push(l);
            self.sec.s_R.push(r);
        }
        let sec = &self.sec;
        let S = match ct_table {
            // Over the cached constant-time tables of G || H (no table build).
            Some(table) => {
                let mut sc: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(2 * len));
                sc.extend_from_slice(&sec.s_L);
                sc.extend_from_slice(&sec.s_R);
                let mut pts: Vec<C::Point> = Vec::with_capacity(2 * len);
                pts.extend_from_slice(G);
                pts.extend_from_slice(H);
                C::Strategy::ct_precomputed_mul(table, &sc, &pts)
                    + C::pedersen_mul(&[sec.rho], &[B_blinding])
            }
            None => {
                let mut sc: Zeroizing<Vec<C::Scalar>> =
                    Zeroizing::new(Vec::with_capacity(2 * len + 1));
                sc.push(sec.rho);
                sc.extend_from_slice(&sec.s_L);
                sc.extend_from_slice(&sec.s_R);
                let mut pts: Vec<C::Point> = Vec::with_capacity(2 * len + 1);
                pts.push(B_blinding);
                pts.extend_from_slice(G);
                pts.extend_from_slice(H);
                crate::curve::dispatch::multiscalar_mul::<C>(&sc, &pts)
            }
        };
        // Public by design: A and S are part of the proof.
        let S = declassify_point(Declassified::S, ProofPoint::<C>::new(S));
        // `S` before `A`: a nonce generator may bind `α` to `S`.
        self.sec.alpha = nonces.alpha_after_S(&S.encoding, self.sec.alpha);
        let mut A = C::pedersen_mul(&[self.sec.alpha], &[B_blinding]);
        for i in 0..len {
            A += C::Point::conditional_select(&(-H[i]), &G[i], self.a_L(i));
        }
        let A = declassify_point(Declassified::A, ProofPoint::<C>::new(A));
        Some((A, S))
    }

    /// Phase 2, given `y`, `z`: `l(X) = (a_L − z) + s_L·X`,
    /// `r(X) = y^i ∘ (a_R + z + s_R·X) + d` over the party's positions `i` (global
    /// powers), `d[j·n + k] = z^{2+j}·2^k` (0 at padding positions), and
    /// `T_1,j = t_1·B + τ_1·B̃`, `T_2,j = t_2·B + τ_2·B̃`.
    pub(crate) fn commit_poly<N: ProverNonces<C>>(
        &mut self,
        nonces: &mut N,
        y: &C::Scalar,
        z: &C::Scalar,
    ) -> (ProofPoint<C>, ProofPoint<C>) {
        self.poly_coefficients(y, z);
        let sec = &mut self.sec;
        (sec.tau1, sec.tau2) = nonces.tau();
        let (B, B_blinding) = (self.B, self.B_blinding);
        // Public by design: T_1 and T_2 are part of the proof.
        let T_1 = declassify_point(
            Declassified::T1,
            ProofPoint::<C>::new(C::pedersen_mul(&[sec.t1, sec.tau1], &[B, B_blinding])),
        );
        let T_2 = declassify_point(
            Declassified::T2,
            ProofPoint::<C>::new(C::pedersen_mul(&[sec.t2, sec.tau2], &[B, B_blinding])),
        );
        (T_1, T_2)
    }

    /// Round 1 of a shared proof (secp256k1-zkp's multi-party flow): draws the
    /// party's `τ_1, τ_2` from `nonces` and returns its shares `τ_1·B̃`, `τ_2·B̃`
    /// of the blinding parts of `T_1`, `T_2` (constant-time). The party's share of
    /// `τ_x` (phase 3) then uses these `τ_1, τ_2`.
    pub(crate) fn tau_points<N: ProverNonces<C>>(
        &mut self,
        nonces: &mut N,
    ) -> (ProofPoint<C>, ProofPoint<C>) {
        let sec = &mut self.sec;
        (sec.tau1, sec.tau2) = nonces.tau();
        let B_blinding = self.B_blinding;
        // Public by design: the parties exchange them; their sums enter T_1, T_2.
        let T_1 = declassify_point(
            Declassified::T1,
            ProofPoint::<C>::new(C::pedersen_mul(&[sec.tau1], &[B_blinding])),
        );
        let T_2 = declassify_point(
            Declassified::T2,
            ProofPoint::<C>::new(C::pedersen_mul(&[sec.tau2], &[B_blinding])),
        );
        (T_1, T_2)
    }

    /// Phase 2 of a shared proof, given `y`, `z` and the sums `Σ_j τ_1,j·B̃`,
    /// `Σ_j τ_2,j·B̃` of every party's [`Party::tau_points`]: the vectors of
    /// [`Party::commit_poly`] and `T_1 = t_1·B + Σ_j τ_1,j·B̃`,
    /// `T_2 = t_2·B + Σ_j τ_2,j·B̃` (no `τ` drawn; constant-time in `t_1`, `t_2`).
    pub(crate) fn commit_poly_with(
        &mut self,
        y: &C::Scalar,
        z: &C::Scalar,
        (tau1_sum, tau2_sum): (&C::Point, &C::Point),
    ) -> (ProofPoint<C>, ProofPoint<C>) {
        self.poly_coefficients(y, z);
        let sec = &self.sec;
        let B = self.B;
        // Public by design: T_1 and T_2 are part of the proof.
        let T_1 = declassify_point(
            Declassified::T1,
            ProofPoint::<C>::new(C::pedersen_mul(&[sec.t1], &[B]) + *tau1_sum),
        );
        let T_2 = declassify_point(
            Declassified::T2,
            ProofPoint::<C>::new(C::pedersen_mul(&[sec.t2], &[B]) + *tau2_sum),
        );
        (T_1, T_2)
    }

    /// The body of phase 2 before `T_1`, `T_2`: stores `z`, the vectors `l0`, `r0`,
    /// `r1` of `l(X)`, `r(X)` over the party's positions and `t_1`, `t_2`.
    fn poly_coefficients(&mut self, y: &C::Scalar, z: &C::Scalar) {
        let (y, z) = (*y, *z);
        self.z = z;
        let PartyPositions {
            n,
            first_slot,
            values,
            offset,
            len,
        } = self.pos;
        let one = C::scalar_one();
        let zero = C::scalar_zero();
        // y^offset, z^{2+first_slot}: the party's place in the aggregate.
        let mut y_i = pow_vartime::<C>(&y, offset as u64);
        let mut z_j2 = pow_vartime::<C>(&z, first_slot as u64 + 2);
        let nv = n * values;
        for i in 0..len {
            let bit = C::Scalar::conditional_select(&zero, &one, self.a_L(i));
            let a_R = bit - one;
            self.sec.l0.push(bit - z);
            let d = if i < nv {
                let k = i % n;
                if k == 0 && i > 0 {
                    z_j2 *= z;
                }
                z_j2 * C::scalar_from_u64(1u64 << k)
            } else if self.cheat.weights_into_padding && n + (i - nv) < 64 {
                z_j2 * C::scalar_from_u64(1u64 << (n + (i - nv)))
            } else {
                zero
            };
            self.sec.r0.push(y_i * (a_R + z) + d);
            let r1 = y_i * self.sec.s_R[i];
            self.sec.r1.push(r1);
            y_i *= y;
        }
        let sec = &mut self.sec;
        sec.t1 = inner_product::<C>(&sec.l0, &sec.r1) + inner_product::<C>(&sec.s_L, &sec.r0);
        sec.t2 = inner_product::<C>(&sec.s_L, &sec.r1);
    }

    /// Phase 3, given `x`: the party's [`ProofShare`]. The party's secrets are
    /// zeroized when it is dropped.
    pub(crate) fn share(&self, x: &C::Scalar) -> ProofShare<C> {
        let (x, z) = (*x, self.z);
        let sec = &self.sec;
        // τ_x = τ2·x² + τ1·x + Σ z^{2+j}·γ_j ;  μ = α + ρ·x
        let mut t_x_blinding = sec.tau2 * x * x + sec.tau1 * x;
        let mut zz_j = pow_vartime::<C>(&z, self.pos.first_slot as u64 + 2);
        for g in self.blindings.iter() {
            t_x_blinding += zz_j * *g;
            zz_j *= z;
        }
        // Public by design: e_blinding and t_x_blinding are part of the proof.
        let e_blinding = declassify_scalar::<C>(Declassified::EBlinding, sec.alpha + sec.rho * x);
        t_x_blinding = declassify_scalar::<C>(Declassified::TxBlinding, t_x_blinding);

        // l = l(x), r = r(x) are blinded by the uniformly random s_L·x, s_R·x and
        // are what Protocol 1 of the paper sends in the clear: public to the
        // variable-time inner-product argument (see `inner_product.rs`).
        let l: Vec<C::Scalar> = sec
            .l0
            .iter()
            .zip(sec.s_L.iter())
            .map(|(a, s)| declassify_scalar::<C>(Declassified::L, *a + *s * x))
            .collect();
        let r: Vec<C::Scalar> = sec
            .r0
            .iter()
            .zip(sec.r1.iter())
            .map(|(a, s)| declassify_scalar::<C>(Declassified::R, *a + *s * x))
            .collect();
        // Public: computed from the public l, r.
        let t_x = inner_product::<C>(&l, &r);
        ProofShare {
            t_x,
            t_x_blinding,
            e_blinding,
            l,
            r,
        }
    }
}

/// The dealer's fold of the parties' shares, in position order: `t_x = Σ t_x,j`,
/// `τ_x = Σ τ_x,j`, `μ = Σ μ_j`, and `l`, `r` the concatenation of the parties'
/// slices (`len` in all). `None` if the slices do not cover `len` positions.
pub(crate) fn fold<C: Curve>(shares: Vec<ProofShare<C>>, len: usize) -> Option<ProofShare<C>> {
    let mut t_x = C::scalar_zero();
    let mut t_x_blinding = C::scalar_zero();
    let mut e_blinding = C::scalar_zero();
    let mut l: Vec<C::Scalar> = Vec::with_capacity(len);
    let mut r: Vec<C::Scalar> = Vec::with_capacity(len);
    for mut s in shares {
        t_x += s.t_x;
        t_x_blinding += s.t_x_blinding;
        e_blinding += s.e_blinding;
        if s.l.len() != s.r.len() || l.len() + s.l.len() > len {
            return None;
        }
        l.append(&mut s.l);
        r.append(&mut s.r);
    }
    (l.len() == len).then_some(ProofShare {
        t_x,
        t_x_blinding,
        e_blinding,
        l,
        r,
    })
}

/// Every secret the prover derives for one proof; [`Drop`] zeroizes all of it, on every
/// path out of a proof (see the [prover](super::prover)'s documentation).
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
