//! The prover's blinding scalars of secp256k1-zkp (§1.5, §6 step 2–3).
//!
//! | name | meaning |
//! |---|---|
//! | `CC(seed, idx)` | [`scalar_pair`]: two scalars from one ChaCha20 block keyed by `seed` at counter `idx` |
//! | `nonce` | the rewind nonce (shared with whoever may rewind the proof) |
//! | `private_nonce` | optional second nonce for `τ_1, τ_2` (defaults to `nonce`) |
//! | `E` | the 32-byte big-endian word holding the value (bytes 24..32) and the 20-byte message (bytes 4..24) |
//!
//! `(α, ρ) = CC(nonce, 0)`, `(τ_1, τ_2) = CC(private_nonce or nonce, 1)`,
//! `(s_L[i], s_R[i]) = CC(nonce, i + 2)`; for a single value, `α ← α − E`, which
//! [`super::rewind`] undoes. Everything is computed in constant time except the
//! retry when a ChaCha20 output is not below the group order (probability ≈ 2^−127
//! per block; the C library does the same).

use k256::elliptic_curve::PrimeField;
use k256::Scalar;
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::curve::secp256k1::Secp256k1;
use crate::range_proof::transcript::ProverNonces;

/// One ChaCha20 block (RFC 7539 rounds, DJB's original word layout): key words from
/// `key` (8 little-endian `u32`), words 12–13 the 64-bit counter, 14 zero, 15 `retry`.
fn chacha20_block(key: &[u8; 32], counter: u64, retry: u32) -> [u8; 64] {
    let mut input = [0u32; 16];
    input[..4].copy_from_slice(&[0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574]);
    for (w, chunk) in input[4..12].iter_mut().zip(key.chunks_exact(4)) {
        *w = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
    }
    input[12] = counter as u32;
    input[13] = (counter >> 32) as u32;
    input[14] = 0;
    input[15] = retry;
    let mut x = input;
    fn qr(x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
        x[a] = x[a].wrapping_add(x[b]);
        x[d] = (x[d] ^ x[a]).rotate_left(16);
        x[c] = x[c].wrapping_add(x[d]);
        x[b] = (x[b] ^ x[c]).rotate_left(12);
        x[a] = x[a].wrapping_add(x[b]);
        x[d] = (x[d] ^ x[a]).rotate_left(8);
        x[c] = x[c].wrapping_add(x[d]);
        x[b] = (x[b] ^ x[c]).rotate_left(7);
    }
    for _ in 0..10 {
        qr(&mut x, 0, 4, 8, 12);
        qr(&mut x, 1, 5, 9, 13);
        qr(&mut x, 2, 6, 10, 14);
        qr(&mut x, 3, 7, 11, 15);
        qr(&mut x, 0, 5, 10, 15);
        qr(&mut x, 1, 6, 11, 12);
        qr(&mut x, 2, 7, 8, 13);
        qr(&mut x, 3, 4, 9, 14);
    }
    let mut out = [0u8; 64];
    for (i, chunk) in out.chunks_exact_mut(4).enumerate() {
        chunk.copy_from_slice(&x[i].wrapping_add(input[i]).to_le_bytes());
    }
    x.zeroize();
    input.zeroize();
    out
}

/// `CC(seed, idx)`: the two halves of a ChaCha20 block read big-endian, retried
/// (with the retry counter in word 15) until both are below the group order.
///
/// # Example
/// ```
/// use ballistic::range_proof::zkp::nonces::scalar_pair;
/// let (a, b) = scalar_pair(&[7u8; 32], 0);
/// assert_ne!(a, b);
/// ```
pub fn scalar_pair(seed: &[u8; 32], idx: u64) -> (Scalar, Scalar) {
    let mut retry = 0u32;
    loop {
        let mut block = chacha20_block(seed, idx, retry);
        let mut r1 = [0u8; 32];
        let mut r2 = [0u8; 32];
        r1.copy_from_slice(&block[..32]);
        r2.copy_from_slice(&block[32..]);
        block.zeroize();
        let s1 = Scalar::from_repr(r1.into());
        let s2 = Scalar::from_repr(r2.into());
        r1.zeroize();
        r2.zeroize();
        // Public by design: whether a block is retried (probability ≈ 2^−127, and it
        // only reveals that one ChaCha20 output exceeded ℓ).
        if crate::ct::declassify_bool(
            crate::ct::Declassified::NonceRetry,
            s1.is_some() & s2.is_some(),
        ) {
            return (s1.unwrap_or(Scalar::ZERO), s2.unwrap_or(Scalar::ZERO));
        }
        retry = retry.wrapping_add(1);
    }
}

/// The 32-byte word `E` that a single-value proof folds into `α` (§6 step 3):
/// `value` big-endian in bytes 24..32, `message` in bytes 4..24.
pub(crate) fn embedded_word(value: u64, message: Option<&[u8; 20]>) -> Scalar {
    let mut e = [0u8; 32];
    e[24..].copy_from_slice(&value.to_be_bytes());
    if let Some(msg) = message {
        e[4..24].copy_from_slice(msg);
    }
    // Below 2^224 < ℓ: always canonical.
    let s = Scalar::from_repr(e.into()).unwrap_or(Scalar::ZERO);
    e.zeroize();
    s
}

/// secp256k1-zkp's prover nonces (see the module documentation).
#[derive(Zeroize, ZeroizeOnDrop)]
pub struct ZkpNonces {
    nonce: [u8; 32],
    private_nonce: [u8; 32],
    /// `E` for a single-value proof, zero otherwise.
    embedded: Scalar,
}

impl ZkpNonces {
    /// Nonces for a proof of `values` (the value and message are embedded only when
    /// there is exactly one value, as secp256k1-zkp does).
    pub fn new(
        nonce: &[u8; 32],
        private_nonce: Option<&[u8; 32]>,
        values: &[u64],
        message: Option<&[u8; 20]>,
    ) -> Self {
        let embedded = match values {
            [v] => embedded_word(*v, message),
            _ => Scalar::ZERO,
        };
        ZkpNonces {
            nonce: *nonce,
            private_nonce: *private_nonce.unwrap_or(nonce),
            embedded,
        }
    }
}

impl ProverNonces<Secp256k1> for ZkpNonces {
    fn alpha_rho(&mut self) -> (Scalar, Scalar) {
        let (alpha, rho) = scalar_pair(&self.nonce, 0);
        (alpha - self.embedded, rho)
    }
    fn s_pair(&mut self, i: usize) -> (Scalar, Scalar) {
        scalar_pair(&self.nonce, i as u64 + 2)
    }
    fn tau(&mut self) -> (Scalar, Scalar) {
        scalar_pair(&self.private_nonce, 1)
    }
}
