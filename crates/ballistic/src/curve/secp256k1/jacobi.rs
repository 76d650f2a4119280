//! Quadratic residuosity of field elements (the Jacobi symbol), variable time.
//!
//! secp256k1-zkp's 33-byte commitments break the tie between `y` and `−y` by whether
//! `y` is a square mod `p` (BIP 340 later moved to evenness: Pieter Wuille,
//! "Revisiting squaredness tiebreaker for R point in BIP340", bitcoin-dev mailing
//! list, 2020-08-12; BIP 340, "Design",
//! <https://github.com/bitcoin/bips/blob/master/bip-0340.mediawiki#design>). Two ways
//! to decide it:
//!
//! | method | cost | here |
//! |---|---|---|
//! | Euler's criterion `y^((p−1)/2)` | ≈ 255 squarings + 15 multiplications | [`ct_is_square`] (constant time: encoding secret-derived points in the prover) |
//! | binary Jacobi symbol (Stein-style reciprocity on 256-bit integers) | ≈ 2·256 subtract-and-shift steps on four limbs, no field multiplication | [`is_square_vartime`] |
//!
//! The binary algorithm keeps `(a, n)` with `n` odd and the sign `t`, and repeats:
//! strip the factors of two of `a` (each flips `t` when `n ≡ 3, 5 (mod 8)`), order the
//! pair so `a ≥ n` (a swap flips `t` when both are `≡ 3 (mod 4)`, quadratic
//! reciprocity), subtract. It stops at `a = 0` with `n = gcd = 1` for `p` prime. It is
//! variable time and used on public data only ([`crate::curve::Curve::encode_vartime`]).
//! Benchmarked on varied inputs in `crates/interop/benches/secp256k1.rs`.

use core::cmp::Ordering;
use k256::FieldElement as Fe;

fn cmp(a: &[u64; 4], b: &[u64; 4]) -> Ordering {
    for i in (0..4).rev() {
        match a[i].cmp(&b[i]) {
            Ordering::Equal => continue,
            o => return o,
        }
    }
    Ordering::Equal
}

/// `a -= b` for `a ≥ b`.
fn sub_assign(a: &mut [u64; 4], b: &[u64; 4]) {
    let mut borrow = 0u64;
    for i in 0..4 {
        let (d1, b1) = a[i].overflowing_sub(b[i]);
        let (d2, b2) = d1.overflowing_sub(borrow);
        a[i] = d2;
        borrow = (b1 | b2) as u64;
    }
}

/// `a >>= k` for `0 < k < 64`.
fn shr(a: &mut [u64; 4], k: u32) {
    for i in 0..3 {
        a[i] = (a[i] >> k) | (a[i + 1] << (64 - k));
    }
    a[3] >>= k;
}

fn is_zero(a: &[u64; 4]) -> bool {
    a.iter().all(|&x| x == 0)
}

/// The field prime `p = 2^256 − 2^32 − 977`, little-endian limbs.
const P: [u64; 4] = [
    0xffff_fffe_ffff_fc2f,
    0xffff_ffff_ffff_ffff,
    0xffff_ffff_ffff_ffff,
    0xffff_ffff_ffff_ffff,
];

/// Whether `y` is a square mod `p` (zero counts as a square), by the binary Jacobi
/// symbol. Variable time: public inputs only.
///
/// # Example
/// ```
/// # #[cfg(feature = "unstable-internals")] {
/// use ballistic::curve::secp256k1::jacobi::is_square_vartime;
/// use k256::FieldElement;
/// assert!(is_square_vartime(&FieldElement::from_u64(4)));
/// assert!(!is_square_vartime(&FieldElement::from_u64(4).negate(1)));
/// # }
/// ```
pub fn is_square_vartime(y: &Fe) -> bool {
    let mut a = super::field::be_limbs(&y.normalize().to_bytes().into());
    let mut n = P;
    let mut t = false; // true = sign −1
    while !is_zero(&a) {
        let tz = a[0].trailing_zeros();
        if tz == 64 {
            // 64 factors of two: an even count, no sign change.
            a = [a[1], a[2], a[3], 0];
            continue;
        }
        if tz > 0 {
            shr(&mut a, tz);
            let n8 = n[0] & 7;
            if tz & 1 == 1 && (n8 == 3 || n8 == 5) {
                t = !t;
            }
        }
        if cmp(&a, &n) == Ordering::Less {
            core::mem::swap(&mut a, &mut n);
            if a[0] & 3 == 3 && n[0] & 3 == 3 {
                t = !t;
            }
        }
        sub_assign(&mut a, &n);
    }
    // gcd(y, p) = n: 1 unless y ≡ 0, which counts as a square.
    !t || n != [1, 0, 0, 0]
}

/// Whether `y` is a square mod `p` by Euler's criterion `y^((p−1)/2) ∈ {0, 1}`
/// (constant time; the reference for [`is_square_vartime`]).
///
/// # Example
/// ```
/// # #[cfg(feature = "unstable-internals")] {
/// use ballistic::curve::secp256k1::jacobi::is_square_euler;
/// use k256::FieldElement;
/// assert!(is_square_euler(&FieldElement::from_u64(9)));
/// # }
/// ```
#[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
pub fn is_square_euler(y: &Fe) -> bool {
    ct_is_square(y).into()
}

/// [`is_square_euler`] as a `Choice` (constant time: the exponent is public, the
/// result is combined without branches).
pub fn ct_is_square(y: &Fe) -> subtle::Choice {
    use subtle::ConstantTimeEq;
    // (p − 1)/2 = 2^255 − 2^31 − 489: square-and-multiply over its bits.
    let mut e = P;
    e[0] -= 1;
    shr(&mut e, 1);
    let mut acc = Fe::ONE;
    for i in (0..256).rev() {
        acc = acc.square();
        if (e[i / 64] >> (i % 64)) & 1 == 1 {
            acc *= y;
        }
    }
    let acc = acc.normalize();
    acc.is_zero() | acc.ct_eq(&Fe::ONE)
}
