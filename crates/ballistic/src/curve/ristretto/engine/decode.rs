//! RFC 9496 `DECODE` of many encodings at once, lane by lane, variable time.

#![allow(non_snake_case)]

use alloc::vec::Vec;

use super::pow22501;
use crate::curve::ristretto::edwards::{AffineNiels, EdwardsPoint};
use crate::curve::ristretto::field::{Fe, D, D2, SQRT_M1};
use crate::curve::ristretto::lanes::FeLanes;

/// Lanes whose canonical value is odd, as a mask.
#[inline(always)]
fn negative_mask<F: FeLanes>(x: &F) -> u32 {
    let mut m = 0;
    for (l, fe) in x.lanes().iter().enumerate().take(F::L) {
        m |= ((fe.to_bytes()[0] & 1) as u32) << l;
    }
    m
}

/// One mask per target: bit `l` of mask `i` is set where lane `l` of `x` equals
/// `targets[i]` (one canonical encoding per lane, one per target).
#[inline(always)]
fn eq_masks<F: FeLanes, const N: usize>(x: &F, targets: [&Fe; N]) -> [u32; N] {
    let want: [[u8; 32]; N] = core::array::from_fn(|i| targets[i].to_bytes());
    let mut m = [0u32; N];
    let all = x.lanes();
    for (l, fe) in all.iter().enumerate().take(F::L) {
        let got = fe.to_bytes();
        for (mask, w) in m.iter_mut().zip(want.iter()) {
            *mask |= ((got == *w) as u32) << l;
        }
    }
    m
}

/// `|x|` lane by lane.
#[inline(always)]
fn abs<F: FeLanes>(x: &F) -> F {
    x.select(&x.neg(), negative_mask(x))
}

/// RFC 9496 `DECODE` of up to `L` encodings at once, variable time (public points
/// only): lane `l` of the result is the Edwards representative `(x, y, 1, x·y)` of
/// `enc[l]`, and bit `l` of the mask is set if that encoding is valid and canonical.
/// Lanes beyond `enc.len()` decode the identity.
#[inline(always)]
pub fn decode_lanes_vartime<F: FeLanes>(enc: &[[u8; 32]]) -> (Vec<EdwardsPoint>, u32) {
    let zero = [0u8; 32];
    let bytes = |l: usize| enc.get(l).unwrap_or(&zero);
    let s_fe: [Fe; 8] = core::array::from_fn(|l| Fe::from_bytes(bytes(l)));
    // Canonical (s < p, top bit clear) and non-negative s: byte checks, per lane.
    let mut ok: u32 = 0;
    for (l, s) in s_fe.iter().enumerate().take(F::L) {
        let canon = s.to_bytes() == *bytes(l);
        let even = bytes(l)[0] & 1 == 0;
        ok |= ((canon && even) as u32) << l;
    }
    let one = F::splat(&Fe::ONE);
    let s = F::from_fn(|l| s_fe[l & 7]);
    let ss = s.square();
    let u1 = one.sub(&ss);
    let u2 = one.add(&ss);
    let u2_sqr = u2.square();
    let v = F::splat(&D).mul(&u1.square()).neg().sub(&u2_sqr);
    // SQRT_RATIO_M1(1, v·u2²).
    let w = v.mul(&u2_sqr);
    let w3 = w.square().mul(&w);
    let w7 = w3.square().mul(&w);
    let (t19, _) = pow22501(&w7);
    let mut r = w3.mul(&t19.pow2k(2).mul(&w7));
    let check = w.mul(&r.square());
    let [correct, flipped, flipped_i] =
        eq_masks(&check, [&Fe::ONE, &Fe::ONE.neg(), &SQRT_M1.neg()]);
    r = r.select(&r.mul(&F::splat(&SQRT_M1)), flipped | flipped_i);
    let invsqrt = abs(&r);
    ok &= correct | flipped;
    let den_x = invsqrt.mul(&u2);
    let den_y = invsqrt.mul(&den_x).mul(&v);
    let x = abs(&s.add(&s).mul(&den_x));
    let y = u1.mul(&den_y);
    let t = x.mul(&y);
    let [y_zero] = eq_masks(&y, [&Fe::ZERO]);
    ok &= !negative_mask(&t) & !y_zero;
    let mut out = Vec::with_capacity(enc.len().min(F::L));
    for l in 0..enc.len().min(F::L) {
        out.push(EdwardsPoint {
            X: x.lane(l),
            Y: y.lane(l),
            Z: Fe::ONE,
            T: t.lane(l),
        });
    }
    let valid = if enc.len() >= 32 {
        u32::MAX
    } else {
        (1u32 << enc.len().min(F::L)) - 1
    };
    (out, ok & valid)
}

/// Decodes many ristretto255 encodings with the lane backend `F`, variable time:
/// `Err` with the index of the first invalid one.
#[inline(always)]
pub fn decode_batch_vartime<F: FeLanes>(enc: &[[u8; 32]]) -> Result<Vec<EdwardsPoint>, usize> {
    let mut out = Vec::with_capacity(enc.len());
    for (c, chunk) in enc.chunks(F::L).enumerate() {
        let (pts, ok) = decode_lanes_vartime::<F>(chunk);
        let want = if chunk.len() >= 32 {
            u32::MAX
        } else {
            (1u32 << chunk.len()) - 1
        };
        if ok != want {
            let bad = (!ok & want).trailing_zeros() as usize;
            return Err(c * F::L + bad);
        }
        out.extend(pts);
    }
    Ok(out)
}

/// `(x : y : 1 : x·y)` prepared for mixed additions: `(y + x, y − x, 2d·x·y)`, for
/// points with `Z = 1` (decoded points).
#[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
pub fn affine_niels_of_decoded(p: &EdwardsPoint) -> AffineNiels {
    AffineNiels {
        y_plus_x: p.Y.add(&p.X),
        y_minus_x: p.Y.sub(&p.X),
        xy2d: p.T.mul(&D2),
    }
}
