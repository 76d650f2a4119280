//! secp256k1 helpers shared by `demo` and `bench`: random scalars, fresh rewind
//! nonces and the generator sets of [`format::secp256k1_generator_count`].

use ballistic::curve::Curve as _;
use ballistic::secp256k1::{zkp_generators, BulletproofGens, Scalar, Secp256k1};
use rand::RngCore;

use ballistic_cli::format;

/// A uniformly random secp256k1 scalar (64 random bytes reduced mod ℓ).
pub fn random_scalar<R: RngCore>(rng: &mut R) -> Scalar {
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    Secp256k1::scalar_from_wide_bytes(&wide)
}

/// A fresh 32-byte rewind nonce. Each proof needs its own: two proofs made with one
/// nonce reveal their blinding factors.
pub fn random_nonce<R: RngCore>(rng: &mut R) -> [u8; 32] {
    let mut nonce = [0u8; 32];
    rng.fill_bytes(&mut nonce);
    nonce
}

/// The generators of a proof of `m` values of `n` bits: Grin's 256 when `n·m <= 128`,
/// otherwise secp256k1-zkp's `2·n·m` (see [`format::secp256k1_generator_count`]).
pub fn generators_for(n: usize, m: usize) -> BulletproofGens {
    zkp_generators(format::secp256k1_generator_count(n, m))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generator_rule() {
        assert_eq!(format::secp256k1_generator_count(64, 1), 256);
        assert_eq!(format::secp256k1_generator_count(64, 2), 256);
        assert_eq!(format::secp256k1_generator_count(1, 128), 256);
        assert_eq!(format::secp256k1_generator_count(64, 4), 512);
        assert_eq!(format::secp256k1_generator_count(64, 1024), 131_072);
        assert!(generators_for(64, 2).supports(64, 2));
    }
}
