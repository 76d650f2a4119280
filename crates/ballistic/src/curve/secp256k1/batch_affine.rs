//! Affine points added many at a time with one shared inversion (Montgomery's
//! trick), on the 4×64-bit field of `super::field`: the inner loop of batch-affine
//! Pippenger ([`crate::msm::pippenger::msm_batch_affine`]).
//!
//! | name | meaning |
//! |---|---|
//! | `W` | a field element on four 64-bit limbs (`super::field`) |
//! | [`Affine64`] | an affine point `(x, y)` with `W` coordinates, or the identity |
//! | `λ` | the slope: `(y₂ − y₁)/(x₂ − x₁)` (chord), `3x₁²/(2y₁)` (tangent) |
//! | `M`, `S` | one multiplication, one squaring of `W` |
//!
//! `(x₃, y₃) = (λ² − x₁ − x₂, λ·(x₁ − x₃) − y₁)`. A batch of `k` additions costs one
//! inversion plus, per addition, `3M` for the shared inversion (prefix products,
//! then two multiplications on the way back) and `2M + 1S` for `λ`, `x₃`, `y₃`:
//! `5M + 1S`, about half of the same on k256's `FieldElement` and a third of a
//! projective mixed addition (11M). Where it pays is chosen by
//! `cargo bench -p interop --bench secp256k1 -- msm` ([`crate::msm::BATCH_AFFINE_MIN`]).
//! Variable time: only the verifier's public points come here; every case
//! (identity, equal and opposite points) is handled.

use alloc::vec::Vec;

use super::field::W;
use super::point::Affine;
use subtle::Choice;

/// An affine point on `W` coordinates (see the module doc), or the identity
/// (`infinity`, with `x = y = 0`).
///
/// # Example
/// ```
/// # #[cfg(feature = "unstable-internals")] {
/// use ballistic::curve::secp256k1::{batch_affine::Affine64, Affine};
/// let g = Affine::generator();
/// assert_eq!(Affine64::from_affine(&g).to_affine().to_projective(), g.to_projective());
/// # }
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Affine64 {
    x: W,
    y: W,
    infinity: bool,
}

impl Affine64 {
    /// The identity.
    pub const IDENTITY: Affine64 = Affine64 {
        x: W::ZERO,
        y: W::ZERO,
        infinity: true,
    };

    /// The same point, from k256 coordinates.
    pub fn from_affine(a: &Affine) -> Affine64 {
        if bool::from(a.infinity) {
            return Affine64::IDENTITY;
        }
        Affine64 {
            x: W::from_fe(&a.x),
            y: W::from_fe(&a.y),
            infinity: false,
        }
    }

    /// The same point, in k256 coordinates.
    // By reference: clippy exempts this signature only where it is exported
    // (with `unstable-internals`).
    #[allow(clippy::wrong_self_convention)]
    pub fn to_affine(&self) -> Affine {
        if self.infinity {
            return Affine::identity();
        }
        Affine {
            x: self.x.to_fe(),
            y: self.y.to_fe(),
            infinity: Choice::from(0),
        }
    }

    /// `−self`.
    pub fn negate(&self) -> Affine64 {
        if self.infinity {
            return *self;
        }
        Affine64 {
            x: self.x,
            y: self.y.neg(),
            infinity: false,
        }
    }
}

/// Buffers reused across [`batch_add`] calls.
#[derive(Default)]
pub struct BatchScratch {
    den: Vec<W>,
    prefix: Vec<W>,
    kind: Vec<AddKind>,
}

/// Which formula a pair of affine points needs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum AddKind {
    /// Distinct x: the chord, denominator `x₂ − x₁`.
    Chord,
    /// Equal points: the tangent, denominator `2y`.
    Tangent,
    /// `a` is the identity: the result is `b`.
    TakeB,
    /// `b` is the identity: the result is `a`.
    TakeA,
    /// `a = −b`: the result is the identity.
    Cancel,
}

/// `out[i] = a[i] + b[i]` for every `i < min(a.len(), b.len())`, sharing one field
/// inversion (see the module doc for the cost). Any inputs: identities, equal and
/// opposite points.
///
/// # Example
/// ```
/// # #[cfg(feature = "unstable-internals")] {
/// use ballistic::curve::secp256k1::{batch_affine::*, Affine, Point};
/// let g = Affine::generator();
/// let a = [Affine64::from_affine(&g), Affine64::IDENTITY];
/// let mut out = Vec::new();
/// batch_add(&a, &a, &mut out, &mut BatchScratch::default());
/// let two_g = g.to_projective().double();
/// assert_eq!(out[0].to_affine().to_projective(), two_g);
/// assert_eq!(out[1].to_affine().to_projective(), Point::IDENTITY);
/// # }
/// ```
pub fn batch_add(
    a: &[Affine64],
    b: &[Affine64],
    out: &mut Vec<Affine64>,
    scratch: &mut BatchScratch,
) {
    let n = a.len().min(b.len());
    let (a, b) = (&a[..n], &b[..n]);
    let BatchScratch { den, prefix, kind } = scratch;
    den.clear();
    prefix.clear();
    kind.clear();
    out.clear();
    let mut acc = W::ONE;
    for (p, q) in a.iter().zip(b) {
        let (k, d) = if p.infinity {
            (AddKind::TakeB, W::ONE)
        } else if q.infinity {
            (AddKind::TakeA, W::ONE)
        } else if p.x.eq_vartime(&q.x) {
            if p.y.eq_vartime(&q.y) {
                (AddKind::Tangent, p.y.double())
            } else {
                (AddKind::Cancel, W::ONE)
            }
        } else {
            (AddKind::Chord, q.x.sub(&p.x))
        };
        kind.push(k);
        prefix.push(acc);
        acc = acc.mul(&d);
        den.push(d);
    }
    // All denominators are non-zero (distinct x, or 2y with y ≠ 0 on a prime-order
    // curve), so the product is invertible.
    let mut inv = acc.invert();
    for (pre, d) in prefix.iter_mut().zip(den.iter()).rev() {
        let d_inv = inv.mul(pre);
        inv = inv.mul(d);
        *pre = d_inv;
    }
    for (((p, q), k), d_inv) in a.iter().zip(b).zip(kind.iter()).zip(prefix.iter()) {
        let r = match k {
            AddKind::TakeA => *p,
            AddKind::TakeB => *q,
            AddKind::Cancel => Affine64::IDENTITY,
            AddKind::Chord | AddKind::Tangent => {
                let lambda = if *k == AddKind::Chord {
                    q.y.sub(&p.y).mul(d_inv)
                } else {
                    let xx = p.x.square();
                    xx.double().add(&xx).mul(d_inv)
                };
                let x3 = lambda.square().sub(&p.x.add(&q.x));
                let y3 = lambda.mul(&p.x.sub(&x3)).sub(&p.y);
                Affine64 {
                    x: x3,
                    y: y3,
                    infinity: false,
                }
            }
        };
        out.push(r);
    }
}
