//! Tari's deterministic nonces from a seed nonce, for mask recovery.
//!
//! `nonce(seed, label, j, k)` is BLAKE2b-512 in keyed mode with the key
//! `0x00 ‖ seed ‖ ("j" ‖ le32(j))? ‖ ("k" ‖ le32(k))?` (the seed as
//! [`Curve::scalar_to_bytes`]), no salt, the label (at most 16 bytes) as the
//! personalisation and no message; its 64-byte output is reduced wide. The labels are
//! `alpha` (`α_k`), `dL`, `dR` (round `j`, mask `k`), `d` and `eta`. On ristretto255
//! this is Tari's `nonce` function.

use blake2::digest::FixedOutput;
use blake2::Blake2bMac512;
use zeroize::Zeroizing;

use crate::curve::Curve;
use crate::errors::ProofError;

/// The nonce of `label`, round `j` and mask index `k` under `seed`.
pub(crate) fn seed_nonce<C: Curve>(
    seed: &C::Scalar,
    label: &str,
    j: Option<usize>,
    k: Option<usize>,
) -> Result<C::Scalar, ProofError> {
    let mut key: Zeroizing<[u8; 43]> = Zeroizing::new([0u8; 43]);
    let mut len = 1;
    key[1..33].copy_from_slice(&*Zeroizing::new(C::scalar_to_bytes(seed)));
    len += 32;
    for (tag, index) in [(b'j', j), (b'k', k)] {
        if let Some(i) = index {
            let i = u32::try_from(i).map_err(|_| ProofError::InvalidInputLength)?;
            key[len] = tag;
            key[len + 1..len + 5].copy_from_slice(&i.to_le_bytes());
            len += 5;
        }
    }
    let mac = Blake2bMac512::new_with_salt_and_personal(&key[..len], &[], label.as_bytes())
        .map_err(|_| ProofError::InvalidInputLength)?;
    let mut wide: Zeroizing<[u8; 64]> = Zeroizing::new([0u8; 64]);
    wide.copy_from_slice(&mac.finalize_fixed());
    Ok(C::scalar_from_wide_bytes(&wide))
}
