//! secp256k1-zkp's Bulletproof generator vector `𝔊`, byte-exact
//! (`docs/secp256k1-zkp-format.md` §1.6, §2.2; test vectors in §14).
//!
//! | name | meaning |
//! |---|---|
//! | `p` | the field prime `2^256 − 2^32 − 977` |
//! | `𝔊[k]` | the `k`-th generator, [`generators`]`(n)[k]` for any `n > k` |
//! | `HmacDrbg` | libsecp256k1's RFC 6979 HMAC-SHA256 DRBG (`secp256k1_rfc6979_hmac_sha256_*`) |
//! | `seed` | `X(G) ‖ Y(G)`: the standard base point, 64 bytes big-endian |
//! | `key_k` | the `k`-th 32-byte DRBG output |
//! | `t1`, `t2` | `SHA256("1st generation: " ‖ key)`, `SHA256("2nd generation: " ‖ key)` as field elements |
//! | `svdw` | the Shallue–van de Woestijne map `F_p → E` |
//! | `SVDW_C` | `c`, a square root of `−3` |
//! | `SVDW_D` | `d = (c − 1)/2` |
//! | `wd` | `t² + 8` (`1 + b + t²` with `b = 7`) |
//! | `j` | `c·t·wd`, the one denominator inverted per `t` |
//! | `w`, `winv` | `c·t / wd = (c·t)²/j` and `1/w = wd²/j` |
//!
//! # Algorithm
//!
//! `secp256k1_bulletproof_generators_create` (`modules/bulletproofs/main_impl.h`):
//!
//! 1. Initialise the DRBG (`HmacDrbg::new`, `secp256k1_rfc6979_hmac_sha256_initialize`)
//!    with `seed`, always the standard base point (whatever the blinding generator).
//! 2. For `k = 0, 1, …`: `key_k` = `HmacDrbg::generate`
//!    (`secp256k1_rfc6979_hmac_sha256_generate`), `𝔊[k] = gen(key_k)`.
//!
//! The stream is sequential, so `𝔊[k]` depends only on `k`, never on the count.
//!
//! `gen(key)` is the unblinded `secp256k1_generator_generate`
//! (`secp256k1_generator_generate_internal`, `modules/generator/main_impl.h`),
//! here [`generator_from_key`]: `gen(key) = SvdW(t1) + SvdW(t2)`. The C aborts if a
//! hash is `≥ p` (probability ≈ 2⁻²²⁴, never for the Grin set); we reduce it mod `p`.
//!
//! `SvdW(t)` (`shallue_van_de_woestijne`, after Fouque–Tibouchi):
//!
//! ```text
//! w  = c·t / (t² + 8)
//! x1 = d − t·w
//! x2 = −(x1 + 1)
//! x3 = 1 + 1/w²
//! x  = the first of x1, x2, x3 with x³ + 7 a square
//! y  = (x³ + 7)^((p+1)/4)      (the root that is itself a quadratic residue)
//! if t is odd: y = −y
//! ```
//!
//! [`generators`] evaluates all `SvdW`s with one shared inversion of the `j`s
//! (Montgomery's trick) and adds the pairs with one more
//! (`super::batch_affine::batch_add`); the rest is ≈ 1.5 square roots per `t`. Everything is
//! variable time: the inputs are public.

// `a * &b` is k256's by-reference operator form (the field element is 40 bytes).
#![allow(clippy::op_ref)]

use alloc::vec::Vec;
use k256::FieldElement as Fe;
use sha2::{Digest, Sha256};
use subtle::Choice;

use super::batch_affine::{batch_add, Affine64, BatchScratch};
use super::point::{hex32, Affine, Point};

/// `c`, a square root of `−3` mod `p` (the one the C uses).
const SVDW_C: [u8; 32] = hex32("0a2d2ba93507f1df233770c2a797962cc61f6d15da14ecd47d8d27ae1cd5f852");
/// `d = (c − 1)/2` mod `p`.
const SVDW_D: [u8; 32] = hex32("851695d49a83f8ef919bb86153cbcb16630fb68aed0a766a3ec693d68e6afa40");
/// The first hash prefix of `secp256k1_generator_generate` (16 bytes, no NUL).
const PREFIX1: &[u8; 16] = b"1st generation: ";
/// The second hash prefix of `secp256k1_generator_generate` (16 bytes, no NUL).
const PREFIX2: &[u8; 16] = b"2nd generation: ";

/// Parses a constant below `p` (big-endian).
fn fe_const(bytes: &[u8; 32]) -> Fe {
    Fe::from_bytes(&(*bytes).into()).unwrap_or(Fe::ZERO)
}

/// A 32-byte hash read big-endian as a field element, reduced mod `p` if it is `≥ p`
/// (then `h − p = h + (2^256 − p) mod 2^256`, which is below `p`).
fn fe_from_hash(h: &[u8; 32]) -> Fe {
    if let Some(t) = Option::<Fe>::from(Fe::from_bytes(&(*h).into())) {
        return t;
    }
    let mut r = *h;
    let mut carry = 0x1_0000_03d1u64; // 2^256 − p
    for b in r.iter_mut().rev() {
        let s = u64::from(*b) + (carry & 0xff);
        *b = s as u8;
        carry = (carry >> 8) + (s >> 8);
    }
    fe_const(&r)
}

/// `a − b` for `b` of magnitude at most `mb` (result magnitude `mag(a) + mb + 1`).
fn sub(a: &Fe, b: &Fe, mb: u32) -> Fe {
    *a + &b.negate(mb)
}

/// HMAC-SHA256 with a 32-byte key over the concatenation of `parts`.
fn hmac_sha256(key: &[u8; 32], parts: &[&[u8]]) -> [u8; 32] {
    let mut ipad = [0x36u8; 64];
    let mut opad = [0x5cu8; 64];
    for (i, k) in key.iter().enumerate() {
        ipad[i] ^= k;
        opad[i] ^= k;
    }
    let mut inner = Sha256::new();
    inner.update(ipad);
    for p in parts {
        inner.update(p);
    }
    let inner = inner.finalize();
    Sha256::new()
        .chain_update(opad)
        .chain_update(inner)
        .finalize()
        .into()
}

/// libsecp256k1's RFC 6979 HMAC-SHA256 DRBG (`secp256k1_rfc6979_hmac_sha256_initialize`
/// / `_generate`, `src/hash_impl.h`), keyed with a seed only, producing 32-byte blocks
/// (format §1.6).
pub(crate) struct HmacDrbg {
    /// The HMAC key `K`.
    k: [u8; 32],
    /// The chaining value `V`.
    v: [u8; 32],
    /// Whether a block was already produced (then `K`, `V` are refreshed first).
    retry: bool,
}

impl HmacDrbg {
    /// `V = 0x01×32`, `K = 0x00×32`; `K = HMAC_K(V ‖ 0x00 ‖ seed)`; `V = HMAC_K(V)`;
    /// `K = HMAC_K(V ‖ 0x01 ‖ seed)`; `V = HMAC_K(V)`.
    pub(crate) fn new(seed: &[u8]) -> HmacDrbg {
        let mut v = [0x01u8; 32];
        let mut k = [0x00u8; 32];
        k = hmac_sha256(&k, &[&v, &[0x00], seed]);
        v = hmac_sha256(&k, &[&v]);
        k = hmac_sha256(&k, &[&v, &[0x01], seed]);
        v = hmac_sha256(&k, &[&v]);
        HmacDrbg { k, v, retry: false }
    }

    /// The next 32 bytes: after the first call, `K = HMAC_K(V ‖ 0x00)`,
    /// `V = HMAC_K(V)`; then `V = HMAC_K(V)` is the output.
    pub(crate) fn generate(&mut self) -> [u8; 32] {
        if self.retry {
            self.k = hmac_sha256(&self.k, &[&self.v, &[0x00]]);
            self.v = hmac_sha256(&self.k, &[&self.v]);
        }
        self.v = hmac_sha256(&self.k, &[&self.v]);
        self.retry = true;
        self.v
    }
}

/// `(t1, t2)` of `secp256k1_generator_generate` for `key`.
fn hash_pair(key: &[u8; 32]) -> (Fe, Fe) {
    let h = |prefix: &[u8; 16]| -> [u8; 32] {
        Sha256::new()
            .chain_update(prefix)
            .chain_update(key)
            .finalize()
            .into()
    };
    (fe_from_hash(&h(PREFIX1)), fe_from_hash(&h(PREFIX2)))
}

/// `(c·t, t² + 8)` for a normalised `t` (magnitudes 1 and 2).
fn ct_wd(t: &Fe, c: &Fe) -> (Fe, Fe) {
    (*c * t, t.square() + &Fe::from_u64(8))
}

/// The Shallue–van de Woestijne map given `t` (normalised), `c`, `d` and
/// `jinv = 1/(c·t·(t² + 8))` (zero for `t = 0`).
fn svdw_with_jinv(t: &Fe, c: &Fe, d: &Fe, jinv: &Fe) -> Affine {
    let (ct, wd) = ct_wd(t, c);
    let w = ct.square() * jinv; // c·t/wd [1]
    let winv = wd.square() * jinv; // wd/(c·t) [1]
    let x1 = sub(d, &(*t * &w), 1).normalize(); // d − t·w
    let x2 = (x1 + &Fe::ONE).negate(2).normalize(); // −(x1 + 1)
    let x3 = (winv.square() + &Fe::ONE).normalize(); // 1 + 1/w²
    for x in [x1, x2, x3] {
        // `g(x)^((p+1)/4)`: the root that is a quadratic residue (the one
        // decompression uses too).
        if let Some(y) = super::pow::sqrt(&super::point::curve_rhs(&x)) {
            let y = if bool::from(t.is_odd()) {
                y.negate(1).normalize()
            } else {
                y
            };
            return Affine {
                x,
                y,
                infinity: Choice::from(0),
            };
        }
    }
    // Unreachable: g(x1)·g(x2)·g(x3) is a square, so one of the three is.
    Affine::identity()
}

/// The Shallue–van de Woestijne map of secp256k1-zkp (`shallue_van_de_woestijne`,
/// `modules/generator/main_impl.h`; format §2.2): `t ↦ (x, y)` with `x` the first of
/// `x1, x2, x3` on the curve, `y` its quadratic-residue root, negated when `t` is odd.
/// One field inversion; variable time (public inputs only).
pub(crate) fn svdw(t: &Fe) -> Affine {
    let t = t.normalize();
    let (c, d) = (fe_const(&SVDW_C), fe_const(&SVDW_D));
    let (ct, wd) = ct_wd(&t, &c);
    let jinv = (ct * &wd).invert().unwrap_or(Fe::ZERO);
    svdw_with_jinv(&t, &c, &d, &jinv)
}

/// `secp256k1_generator_generate`'s unblinded map (format §2.2):
/// `SvdW(SHA256("1st generation: " ‖ key)) + SvdW(SHA256("2nd generation: " ‖ key))`.
///
/// [`generators`] applies it to the DRBG's keys; this is the one-key form.
///
/// # Example
/// ```
/// use ballistic::curve::secp256k1::zkp_generators::{generator_from_key, generators};
/// let p = generator_from_key(&[7u8; 32]);
/// assert_eq!(p, generator_from_key(&[7u8; 32]));
/// assert_ne!(p, generator_from_key(&[8u8; 32]));
/// assert_ne!(p, generators(1)[0]);
/// ```
pub fn generator_from_key(key: &[u8; 32]) -> Point {
    let (t1, t2) = hash_pair(key);
    svdw(&t1).to_projective().add_affine(&svdw(&t2))
}

/// secp256k1-zkp's Bulletproof generators `𝔊[0..count)`
/// (`secp256k1_bulletproof_generators_create`; Grin uses `count = 256`).
///
/// `𝔊[k]` depends only on `k`: `generators(a)` is a prefix of `generators(b)` for
/// `a ≤ b`. The returned points have `Z = 1`. Cost: about three field square roots per
/// generator plus two shared inversions.
///
/// # Example
/// ```
/// use ballistic::curve::{Curve, secp256k1::{zkp_generators::generators, Secp256k1}};
/// let g = generators(4);
/// assert_eq!(g.len(), 4);
/// assert_eq!(generators(2)[..], g[..2]);
/// // 𝔊[0]'s x-coordinate begins b34d5fa6 (format §14).
/// assert_eq!(Secp256k1::encode(&g[0])[1..5], [0xb3, 0x4d, 0x5f, 0xa6]);
/// ```
pub fn generators(count: usize) -> Vec<Point> {
    let (c, d) = (fe_const(&SVDW_C), fe_const(&SVDW_D));
    let g = Affine::generator();
    let mut seed = [0u8; 64];
    seed[..32].copy_from_slice(&g.x.to_bytes());
    seed[32..].copy_from_slice(&g.y.to_bytes());
    let mut drbg = HmacDrbg::new(&seed);

    // t1, t2 of every generator, interleaved.
    let mut ts: Vec<Fe> = Vec::with_capacity(2 * count);
    for _ in 0..count {
        let (t1, t2) = hash_pair(&drbg.generate());
        ts.push(t1);
        ts.push(t2);
    }

    // One inversion for all j = c·t·(t² + 8) (a zero j, only for t = 0, maps to 0).
    let js: Vec<Fe> = ts
        .iter()
        .map(|t| {
            let (ct, wd) = ct_wd(t, &c);
            ct * &wd
        })
        .collect();
    let mut prefix: Vec<Fe> = Vec::with_capacity(js.len());
    let mut acc = Fe::ONE;
    for j in &js {
        prefix.push(acc);
        if !bool::from(j.normalizes_to_zero()) {
            acc *= j;
        }
    }
    let mut inv = acc.invert().unwrap_or(Fe::ZERO);
    let mut jinvs = alloc::vec![Fe::ZERO; js.len()];
    for i in (0..js.len()).rev() {
        if !bool::from(js[i].normalizes_to_zero()) {
            jinvs[i] = inv * &prefix[i];
            inv *= &js[i];
        }
    }

    let mut first = Vec::with_capacity(count);
    let mut second = Vec::with_capacity(count);
    for (i, (t, jinv)) in ts.iter().zip(&jinvs).enumerate() {
        let a = svdw_with_jinv(t, &c, &d, jinv);
        if i % 2 == 0 {
            first.push(a);
        } else {
            second.push(a);
        }
    }
    let first: Vec<Affine64> = first.iter().map(Affine64::from_affine).collect();
    let second: Vec<Affine64> = second.iter().map(Affine64::from_affine).collect();
    let mut sums = Vec::with_capacity(count);
    batch_add(&first, &second, &mut sums, &mut BatchScratch::default());
    sums.iter().map(|a| a.to_affine().to_projective()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex64(s: &str) -> ([u8; 32], [u8; 32]) {
        (hex32(&s[..64]), hex32(&s[64..]))
    }

    fn xy(p: &Point) -> ([u8; 32], [u8; 32]) {
        let a = p.to_affine();
        assert!(!bool::from(a.infinity));
        (a.x.to_bytes().into(), a.y.to_bytes().into())
    }

    /// Format §14, `𝔊[k]` as `x ‖ y`.
    const VECTORS: [(usize, &str); 4] = [
        (0, "b34d5fa6b8f3d13849ce5191b7f67618fe5bd12a88b20eac338945667fb3305645764c5127badee8be74c88f9b55fcdd466947217f9985a89e33d492d331026e"),
        (1, "628615169242109e9e64d4cb2881609c24b989512ad901aeff75649c375dbd79a2a4ab84fc9fc5172a9d8bd68d1f01304d0193bfc1f4f101f650dcc67460e610"),
        (128, "2224027aaeed035cdcd5deb0b905e2168147133a291d59ea43e83f01b86de45a2a091f5c8baabfe5e7a358b1424d8e5f3e6530a2890a012649cd24d593aa1ab3"),
        (255, "242cdce4b5605f85498c014b78dd29b1ce1a88e361199b5a98be64cff233f9762b351fef76f22d11e5f010d6d5cd4c1a8fbe5229b59d22b45617ebc963b0102b"),
    ];

    fn seed() -> [u8; 64] {
        let g = Affine::generator();
        let mut s = [0u8; 64];
        s[..32].copy_from_slice(&g.x.to_bytes());
        s[32..].copy_from_slice(&g.y.to_bytes());
        s
    }

    #[test]
    fn drbg_keys() {
        let mut d = HmacDrbg::new(&seed());
        assert_eq!(
            d.generate(),
            hex32("edc883a98f9ad8dad390a2c814647b6dac92aed530da554db914ea4f8ad988c7")
        );
        assert_eq!(
            d.generate(),
            hex32("d99994e5535e0788752493113103145529e20b38e1c68dc28f67816b2a85b65f")
        );
    }

    #[test]
    fn hmac_rfc4231_case2() {
        // RFC 4231 test case 2 has a 4-byte key; zero-padding it to 32 bytes gives the
        // same HMAC (keys shorter than the block are zero-padded).
        let mut key = [0u8; 32];
        key[..4].copy_from_slice(b"Jefe");
        assert_eq!(
            hmac_sha256(&key, &[b"what do ya want ", b"for nothing?"]),
            hex32("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        );
    }

    #[test]
    fn svdw_of_t1() {
        let key0 = HmacDrbg::new(&seed()).generate();
        let (t1, _) = hash_pair(&key0);
        assert_eq!(
            <[u8; 32]>::from(t1.to_bytes()),
            hex32("0d889ed5347235b90a90b552be4638738b4d53585f61fde552e8211f3e66d391")
        );
        let a = svdw(&t1);
        assert!(a.is_on_curve());
        assert_eq!(
            <[u8; 32]>::from(a.x.to_bytes()),
            hex32("4f7b0eb390c72a80a8b436556e756486c47dccb0894ecf08057e55575ff299a9")
        );
        assert_eq!(
            <[u8; 32]>::from(a.y.to_bytes()),
            hex32("9ebcc5941e42f4f385df3754f5b6f7bc391c4ec472612b9209d232281fffa796")
        );
    }

    #[test]
    fn generator_vectors() {
        let g = generators(256);
        assert_eq!(g.len(), 256);
        for (k, v) in VECTORS {
            assert_eq!(xy(&g[k]), hex64(v), "𝔊[{k}]");
        }
        // The one-key path agrees with the batched one.
        let mut d = HmacDrbg::new(&seed());
        for (k, p) in g.iter().take(4).enumerate() {
            assert_eq!(generator_from_key(&d.generate()), *p, "𝔊[{k}]");
        }
        for (k, p) in g.iter().enumerate() {
            assert!(!bool::from(p.ct_is_identity()), "𝔊[{k}] is the identity");
            assert!(p.to_affine().is_on_curve(), "𝔊[{k}] is off the curve");
        }
    }

    #[test]
    fn prefix_independent_of_count() {
        let a = generators(300);
        let b = generators(256);
        assert_eq!(a.len(), 300);
        assert_eq!(a[..256], b[..]);
        assert!(a[256..]
            .iter()
            .all(|p| !bool::from(p.ct_is_identity()) && p.to_affine().is_on_curve()));
        assert!(generators(0).is_empty());
        assert_eq!(generators(1)[..], b[..1]);
    }

    #[test]
    fn svdw_all_branches_on_curve() {
        // Small t (both parities) and t = 0, p − 1: every output is on the curve, and
        // the sign of y follows the parity of t.
        let c = fe_const(&SVDW_C);
        assert!(bool::from(
            (c.square() + &Fe::from_u64(3)).normalizes_to_zero()
        ));
        let d = fe_const(&SVDW_D);
        assert!(bool::from(
            sub(&d.double(), &sub(&c, &Fe::ONE, 1), 3).normalizes_to_zero()
        ));
        let mut ts: Vec<Fe> = (0..64u64).map(Fe::from_u64).collect();
        ts.push(Fe::ONE.negate(1).normalize());
        for t in &ts {
            let a = svdw(t);
            assert!(!bool::from(a.infinity));
            assert!(a.is_on_curve());
            let y_is_qr = bool::from(a.y.sqrt().is_some());
            assert_eq!(y_is_qr, !bool::from(t.is_odd()));
        }
    }

    #[test]
    fn hash_reduction() {
        // A hash ≥ p is reduced mod p: 0xff…ff − p = 2^32 + 976.
        let r = fe_from_hash(&[0xff; 32]);
        assert_eq!(r.normalize(), Fe::from_u64((1 << 32) + 976).normalize());
    }
}
