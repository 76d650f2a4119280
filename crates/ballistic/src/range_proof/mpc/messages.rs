//! The messages between the dealer and the parties, with dalek's names, fields and
//! field order.
//!
//! Fields are in the curve's public API types ([`Curve::ApiPoint`],
//! [`Curve::ApiScalar`], [`Curve::Encoding`]): on ristretto255 curve25519-dalek's
//! `RistrettoPoint`, `Scalar` and `CompressedRistretto`, so that with the `serde`
//! feature a message serialises to the bytes of dalek's `bulletproofs` message
//! (bincode and JSON alike) and deserialises under dalek's rules (points
//! decompress, scalars are canonical, `V_j` is any 32 bytes). The fields are
//! private: messages come from the parties and the dealer, or from serde; the
//! accessors read them.

#![allow(non_snake_case)]

use alloc::vec::Vec;

use crate::curve::Curve;

#[cfg(feature = "serde")]
use serde::{Deserialize, Serialize};

/// Party `j` → dealer, phase 1: its value commitment `V_j` and bit commitments
/// `A_j`, `S_j`.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "C::Encoding: Serialize, C::ApiPoint: Serialize",
        deserialize = "C::Encoding: Deserialize<'de>, C::ApiPoint: Deserialize<'de>"
    ))
)]
pub struct BitCommitment<C: Curve> {
    pub(crate) V_j: C::Encoding,
    pub(crate) A_j: C::ApiPoint,
    pub(crate) S_j: C::ApiPoint,
}

impl<C: Curve> BitCommitment<C> {
    /// The value commitment `V_j = v_j·B + γ_j·B̃` (as its encoding).
    pub fn v_j(&self) -> &C::Encoding {
        &self.V_j
    }
    /// `A_j = α_j·B̃ + Σ_i (a_L[i]·G_i + a_R[i]·H_i)` over the party's generators.
    pub fn a_j(&self) -> &C::ApiPoint {
        &self.A_j
    }
    /// `S_j = ρ_j·B̃ + <s_L, G> + <s_R, H>` over the party's generators.
    pub fn s_j(&self) -> &C::ApiPoint {
        &self.S_j
    }
}

/// Dealer → parties, phase 1: the challenges `y`, `z`.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "C::ApiScalar: Serialize",
        deserialize = "C::ApiScalar: Deserialize<'de>"
    ))
)]
pub struct BitChallenge<C: Curve> {
    pub(crate) y: C::ApiScalar,
    pub(crate) z: C::ApiScalar,
}

impl<C: Curve> BitChallenge<C> {
    /// The challenge `y`.
    pub fn y(&self) -> &C::ApiScalar {
        &self.y
    }
    /// The challenge `z`.
    pub fn z(&self) -> &C::ApiScalar {
        &self.z
    }
}

/// Party `j` → dealer, phase 2: the polynomial commitments `T_1,j`, `T_2,j`.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "C::ApiPoint: Serialize",
        deserialize = "C::ApiPoint: Deserialize<'de>"
    ))
)]
pub struct PolyCommitment<C: Curve> {
    pub(crate) T_1_j: C::ApiPoint,
    pub(crate) T_2_j: C::ApiPoint,
}

impl<C: Curve> PolyCommitment<C> {
    /// `T_1,j = t_1,j·B + τ_1,j·B̃`.
    pub fn t_1_j(&self) -> &C::ApiPoint {
        &self.T_1_j
    }
    /// `T_2,j = t_2,j·B + τ_2,j·B̃`.
    pub fn t_2_j(&self) -> &C::ApiPoint {
        &self.T_2_j
    }
}

/// Dealer → parties, phase 2: the challenge `x`.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "C::ApiScalar: Serialize",
        deserialize = "C::ApiScalar: Deserialize<'de>"
    ))
)]
pub struct PolyChallenge<C: Curve> {
    pub(crate) x: C::ApiScalar,
}

impl<C: Curve> PolyChallenge<C> {
    /// The challenge `x`.
    pub fn x(&self) -> &C::ApiScalar {
        &self.x
    }
}

/// Party `j` → dealer, phase 3: its share of the proof. Public by design (each
/// entry is blinded by the party's one-time randomness), but a party answers only
/// once.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(Serialize, Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "C::ApiScalar: Serialize",
        deserialize = "C::ApiScalar: Deserialize<'de>"
    ))
)]
pub struct ProofShare<C: Curve> {
    pub(crate) t_x: C::ApiScalar,
    pub(crate) t_x_blinding: C::ApiScalar,
    pub(crate) e_blinding: C::ApiScalar,
    pub(crate) l_vec: Vec<C::ApiScalar>,
    pub(crate) r_vec: Vec<C::ApiScalar>,
}

impl<C: Curve> ProofShare<C> {
    /// `t_x,j = <l_j, r_j>`, the party's part of `t(x)`.
    pub fn t_x(&self) -> &C::ApiScalar {
        &self.t_x
    }
    /// `τ_x,j = τ_2,j·x² + τ_1,j·x + z^{2+j}·γ_j`.
    pub fn t_x_blinding(&self) -> &C::ApiScalar {
        &self.t_x_blinding
    }
    /// `μ_j = α_j + ρ_j·x`.
    pub fn e_blinding(&self) -> &C::ApiScalar {
        &self.e_blinding
    }
    /// `l(x)` over the party's `n` positions.
    pub fn l_vec(&self) -> &[C::ApiScalar] {
        &self.l_vec
    }
    /// `r(x)` over the party's `n` positions.
    pub fn r_vec(&self) -> &[C::ApiScalar] {
        &self.r_vec
    }
}

impl<C: Curve> PartialEq for BitCommitment<C> {
    fn eq(&self, o: &Self) -> bool {
        self.V_j == o.V_j && self.A_j == o.A_j && self.S_j == o.S_j
    }
}

impl<C: Curve> PartialEq for BitChallenge<C> {
    fn eq(&self, o: &Self) -> bool {
        self.y == o.y && self.z == o.z
    }
}

impl<C: Curve> PartialEq for PolyCommitment<C> {
    fn eq(&self, o: &Self) -> bool {
        self.T_1_j == o.T_1_j && self.T_2_j == o.T_2_j
    }
}

impl<C: Curve> PartialEq for PolyChallenge<C> {
    fn eq(&self, o: &Self) -> bool {
        self.x == o.x
    }
}

impl<C: Curve> PartialEq for ProofShare<C> {
    fn eq(&self, o: &Self) -> bool {
        self.t_x == o.t_x
            && self.t_x_blinding == o.t_x_blinding
            && self.e_blinding == o.e_blinding
            && self.l_vec == o.l_vec
            && self.r_vec == o.r_vec
    }
}
