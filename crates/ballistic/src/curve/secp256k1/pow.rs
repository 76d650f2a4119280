//! Long exponentiations in the secp256k1 base field on four 64-bit limbs: the square
//! root `x^((p+1)/4)` of point decompression.
//!
//! `W` is the 4×64-bit field element of `super::field`.
//!
//! **Why.** A square root is ≈ 255 squarings and 13 multiplications in a row, so
//! on `W` it costs about two thirds of what it costs on k256's `FieldElement`
//! (`super::field`). Decompression is a third of batch verification in the
//! secp256k1-zkp format (17 roots per 64-bit proof), so this is where the faster
//! arithmetic pays. The exponentiation is constant time.
//!
//! The chain of exponentiation is the standard one for `(p+1)/4` (as in
//! libsecp256k1): blocks of ones `x_k = x^(2^k − 1)` for `k` = 2, 3, 6, 9, 11, 22, 44,
//! 88, 176, 220, 223, then `((x_223^(2^23)·x_22)^(2^6)·x_2)^(2^2)`: 253 squarings and
//! 13 multiplications.

use super::field::W;
use k256::FieldElement as Fe;

/// The two operations a square-root chain needs, for `W` and for the IFMA lanes
/// (one chain, written once: [`pow_sqrt`]).
pub(crate) trait SqrtChain: Copy {
    /// `self · b`.
    fn mul(&self, b: &Self) -> Self;
    /// `self²`.
    fn square(&self) -> Self;
    /// `self^(2^n)`.
    #[inline(always)]
    fn square_n(&self, n: u32) -> Self {
        let mut x = *self;
        for _ in 0..n {
            x = x.square();
        }
        x
    }
}

impl SqrtChain for W {
    #[inline(always)]
    fn mul(&self, b: &W) -> W {
        W::mul(self, b)
    }
    #[inline(always)]
    fn square(&self) -> W {
        W::square(self)
    }
}

/// `x^((p+1)/4)` by the chain of the module doc.
#[inline(always)]
pub(crate) fn pow_sqrt<F: SqrtChain>(x: &F) -> F {
    let x2 = x.square().mul(x);
    let x3 = x2.square().mul(x);
    let x6 = x3.square_n(3).mul(&x3);
    let x9 = x6.square_n(3).mul(&x3);
    let x11 = x9.square_n(2).mul(&x2);
    let x22 = x11.square_n(11).mul(&x11);
    let x44 = x22.square_n(22).mul(&x22);
    let x88 = x44.square_n(44).mul(&x44);
    let x176 = x88.square_n(88).mul(&x88);
    let x220 = x176.square_n(44).mul(&x44);
    let x223 = x220.square_n(3).mul(&x3);
    x223.square_n(23).mul(&x22).square_n(6).mul(&x2).square_n(2)
}

/// `x^((p+1)/4)`: the square root of `x` that is itself a square, if `x` is a square
/// (then its square is `x`); `None` otherwise. The exponentiation is constant time;
/// only the final verdict is revealed by the `Option`.
pub fn sqrt(x: &Fe) -> Option<Fe> {
    let x = W::from_fe(x);
    let r = pow_sqrt(&x);
    r.square().eq_vartime(&x).then(|| r.to_fe())
}

/// Smallest group of roots worth the IFMA lanes: eight lanes cost about as much as
/// three roots on four 64-bit limbs (the lanes' chain is latency-bound).
#[cfg(target_arch = "x86_64")]
const LANES_MIN: usize = 3;

/// [`sqrt`] of every element, eight at a time on AVX-512 IFMA where the CPU has it
/// (variable time in the count and the verdicts only; for public data such as
/// decompression).
pub fn sqrt_many(xs: &[Fe]) -> alloc::vec::Vec<Option<Fe>> {
    let ws: alloc::vec::Vec<W> = xs.iter().map(W::from_fe).collect();
    let mut roots = alloc::vec::Vec::with_capacity(ws.len());
    for chunk in ws.chunks(8) {
        #[cfg(target_arch = "x86_64")]
        if chunk.len() >= LANES_MIN {
            let lanes: [W; 8] = core::array::from_fn(|l| chunk.get(l).copied().unwrap_or(W::ZERO));
            if let Some(r) = super::pow_ifma::sqrt8(&lanes) {
                roots.extend_from_slice(&r[..chunk.len()]);
                continue;
            }
        }
        roots.extend(chunk.iter().map(pow_sqrt));
    }
    ws.iter()
        .zip(&roots)
        .map(|(x, r)| r.square().eq_vartime(x).then(|| r.to_fe()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;
    use rand::{Rng, SeedableRng};

    #[test]
    fn sqrt_matches_k256() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(8);
        let mut inputs: Vec<Fe> = super::super::field::tests::edge_limbs()
            .into_iter()
            .map(|l| W(l).to_fe())
            .collect();
        for _ in 0..3000 {
            inputs
                .push(Fe::from_u64(rng.gen()) * Fe::from_u64(rng.gen()) + Fe::from_u64(rng.gen()));
        }
        let (mut some, mut none) = (0, 0);
        for x in &inputs {
            let want: Option<Fe> = Option::from(x.sqrt()).map(|r: Fe| r.normalize());
            let got = sqrt(x);
            assert_eq!(got, want, "sqrt of {:x?}", x.to_bytes());
            if got.is_some() {
                some += 1;
            } else {
                none += 1;
            }
        }
        // Both outcomes exercised (about half of all elements are squares).
        assert!(
            some > 1000 && none > 1000,
            "{some} squares, {none} non-squares"
        );
        // −1 is not a square (p ≡ 3 mod 4); 0 is.
        assert_eq!(sqrt(&Fe::ONE.negate(1).normalize()), None);
        assert_eq!(sqrt(&Fe::ZERO), Some(Fe::ZERO));
    }

    /// The batched roots equal the single ones, for every group size around the
    /// lanes' threshold and width.
    #[test]
    fn sqrt_many_matches_sqrt() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(12);
        let xs: Vec<Fe> = (0..40)
            .map(|i| match i {
                0 => Fe::ZERO,
                1 => Fe::ONE.negate(1).normalize(),
                _ => Fe::from_u64(rng.gen()) * Fe::from_u64(rng.gen()) + Fe::from_u64(rng.gen()),
            })
            .collect();
        for len in [0, 1, 2, 3, 7, 8, 9, 16, 17, 40] {
            let want: Vec<Option<Fe>> = xs[..len].iter().map(sqrt).collect();
            assert_eq!(sqrt_many(&xs[..len]), want, "{len} roots");
        }
    }
}
