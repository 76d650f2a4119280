//! secp256k1 helpers shared by `prove`, `verify`, `demo` and `bench`: random
//! scalars, fresh rewind nonces and the generator sets of
//! [`format::secp256k1_generator_count`].

use std::collections::{BTreeMap, BTreeSet};

use ballistic::curve::secp256k1::zkp_generators::generators;
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

/// The generator sets of the given sizes (each even), derived from one computation of
/// the largest: secp256k1-zkp's generator sequence is the same for every size, only
/// its split into `G` and `H` halves differs, so each set is two slices of it.
pub fn generator_sets(counts: &BTreeSet<usize>) -> BTreeMap<usize, BulletproofGens> {
    let Some(&max) = counts.last() else {
        return BTreeMap::new();
    };
    let all = generators(max);
    counts
        .iter()
        .map(|&count| {
            let half = count / 2;
            let g = all.get(..half).unwrap_or_default().to_vec();
            let h = all.get(half..count).unwrap_or_default().to_vec();
            (count, BulletproofGens::from_flat_vectors(g, h))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generator_sets_match_the_library() {
        let sets = generator_sets(&BTreeSet::from([256, 512]));
        for (count, shape) in [(256, (64, 2)), (512, (64, 4))] {
            let ours = &sets[&count];
            let lib = zkp_generators(count);
            assert!(ours.supports(shape.0, shape.1));
            assert!(!ours.supports(shape.0, 2 * shape.1));
            assert!(ours.G(shape.0, shape.1).eq(lib.G(shape.0, shape.1)));
            assert!(ours.H(shape.0, shape.1).eq(lib.H(shape.0, shape.1)));
        }
        assert!(generator_sets(&BTreeSet::new()).is_empty());
    }

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
