//! Helpers shared by the cross-verification tests and the peer benchmarks.
//!
//! `ballistic` is built on curve25519-dalek 5, dalek's `bulletproofs` 5 crate on
//! curve25519-dalek 4. The two versions' `Scalar`, `RistrettoPoint` and
//! `CompressedRistretto` are distinct Rust types with the same canonical 32-byte
//! encodings, so every value crosses the boundary through bytes. `merlin` 3 is shared:
//! `ballistic::merlin::Transcript` *is* `merlin::Transcript`, the type dalek's crate
//! takes.
//!
//! Naming: `*_to_v4` converts from ballistic's types (curve25519-dalek 5) to dalek's
//! (curve25519-dalek 4); `*_from_v4` goes the other way.
//!
//! dalek's R1CS is only in `bulletproofs` 4.0.0 (re-exported as [`bulletproofs4`]),
//! built on `curve25519-dalek-ng` 4: `*_to_ng` and `*_from_ng` convert to and from its
//! types, through the same canonical bytes. [`r1cs_gadgets`] holds circuits written
//! once for both R1CS implementations; [`dalek_cs`] runs ballistic's own gadgets
//! ([`ballistic::gadgets`]) on dalek's prover and verifier.
//!
//! # Example
//! ```
//! use interop::{scalar_from_v4, scalar_to_v4};
//! let ours = ballistic::ristretto::Scalar::from(12345u64);
//! let theirs = scalar_to_v4(&ours);
//! assert_eq!(theirs, curve25519_dalek_v4::Scalar::from(12345u64));
//! assert_eq!(scalar_from_v4(&theirs), ours);
//! ```

#![deny(missing_docs)]

pub use ballistic;
pub use bulletproofs;
pub use bulletproofs4;
pub use curve25519_dalek_ng;
pub use curve25519_dalek_v4;

pub mod dalek_cs;
pub mod peers;
pub mod r1cs_gadgets;
pub mod zkp;

use ballistic::ristretto::{CompressedRistretto, RistrettoPoint, Scalar};
use curve25519_dalek_ng::ristretto::CompressedRistretto as CompressedRistrettoNg;
use curve25519_dalek_ng::scalar::Scalar as ScalarNg;
use curve25519_dalek_v4::ristretto::{
    CompressedRistretto as CompressedRistrettoV4, RistrettoPoint as RistrettoPointV4,
};
use curve25519_dalek_v4::scalar::Scalar as ScalarV4;
use rand::{CryptoRng, RngCore};

/// Converts one of ballistic's scalars (curve25519-dalek 5) to curve25519-dalek 4.
///
/// Both versions keep every `Scalar` reduced, so its bytes are canonical and the
/// conversion is exact.
///
/// # Panics
/// Never for a `Scalar` built through curve25519-dalek's public API (they are always
/// canonical); a non-canonical encoding would be a bug in one of the two crates.
pub fn scalar_to_v4(s: &Scalar) -> ScalarV4 {
    Option::from(ScalarV4::from_canonical_bytes(s.to_bytes()))
        .expect("curve25519-dalek 5 scalar has a non-canonical encoding")
}

/// Converts a curve25519-dalek 4 scalar (dalek's crate) to ballistic's scalar type.
///
/// # Panics
/// As [`scalar_to_v4`], never for scalars built through the public API.
pub fn scalar_from_v4(s: &ScalarV4) -> Scalar {
    Option::from(Scalar::from_canonical_bytes(s.to_bytes()))
        .expect("curve25519-dalek 4 scalar has a non-canonical encoding")
}

/// Converts a slice of ballistic scalars to curve25519-dalek 4 scalars.
pub fn scalars_to_v4(s: &[Scalar]) -> Vec<ScalarV4> {
    s.iter().map(scalar_to_v4).collect()
}

/// Converts a slice of curve25519-dalek 4 scalars to ballistic scalars.
pub fn scalars_from_v4(s: &[ScalarV4]) -> Vec<Scalar> {
    s.iter().map(scalar_from_v4).collect()
}

/// Re-wraps a compressed point (commitment) of ballistic for dalek's crate. The 32
/// bytes are copied unchanged, whether or not they decode to a point.
pub fn compressed_to_v4(c: &CompressedRistretto) -> CompressedRistrettoV4 {
    CompressedRistrettoV4(c.to_bytes())
}

/// Re-wraps a compressed point (commitment) of dalek's crate for ballistic. The 32
/// bytes are copied unchanged, whether or not they decode to a point.
pub fn compressed_from_v4(c: &CompressedRistrettoV4) -> CompressedRistretto {
    CompressedRistretto(c.to_bytes())
}

/// Converts a slice of ballistic commitments to dalek's type.
pub fn commitments_to_v4(c: &[CompressedRistretto]) -> Vec<CompressedRistrettoV4> {
    c.iter().map(compressed_to_v4).collect()
}

/// Converts a slice of dalek's commitments to ballistic's type.
pub fn commitments_from_v4(c: &[CompressedRistrettoV4]) -> Vec<CompressedRistretto> {
    c.iter().map(compressed_from_v4).collect()
}

/// Converts a ballistic (curve25519-dalek 5) point to curve25519-dalek 4 by compressing
/// and decompressing.
///
/// # Panics
/// Never: the encoding of a valid point always decodes.
pub fn point_to_v4(p: &RistrettoPoint) -> RistrettoPointV4 {
    compressed_to_v4(&p.compress())
        .decompress()
        .expect("curve25519-dalek 4 rejects a curve25519-dalek 5 ristretto encoding")
}

/// Converts a curve25519-dalek 4 point to ballistic's type (curve25519-dalek 5).
///
/// # Panics
/// Never: the encoding of a valid point always decodes.
pub fn point_from_v4(p: &RistrettoPointV4) -> RistrettoPoint {
    compressed_from_v4(&p.compress())
        .decompress()
        .expect("curve25519-dalek 5 rejects a curve25519-dalek 4 ristretto encoding")
}

/// Converts one of ballistic's scalars to curve25519-dalek-ng's (`bulletproofs` 4.0.0).
///
/// # Panics
/// As [`scalar_to_v4`], never for scalars built through the public API.
///
/// # Example
/// ```
/// use interop::{scalar_from_ng, scalar_to_ng};
/// let ours = -ballistic::ristretto::Scalar::from(7u64);
/// let theirs = scalar_to_ng(&ours);
/// assert_eq!(theirs, -curve25519_dalek_ng::scalar::Scalar::from(7u64));
/// assert_eq!(scalar_from_ng(&theirs), ours);
/// ```
pub fn scalar_to_ng(s: &Scalar) -> ScalarNg {
    ScalarNg::from_canonical_bytes(s.to_bytes())
        .expect("curve25519-dalek 5 scalar has a non-canonical encoding")
}

/// Converts a curve25519-dalek-ng scalar (`bulletproofs` 4.0.0) to ballistic's type.
///
/// # Panics
/// As [`scalar_to_v4`], never for scalars built through the public API.
pub fn scalar_from_ng(s: &ScalarNg) -> Scalar {
    Option::from(Scalar::from_canonical_bytes(s.to_bytes()))
        .expect("curve25519-dalek-ng scalar has a non-canonical encoding")
}

/// Re-wraps a compressed point (commitment) of ballistic for `bulletproofs` 4.0.0.
/// The 32 bytes are copied unchanged, whether or not they decode to a point.
///
/// # Example
/// ```
/// use interop::{compressed_from_ng, compressed_to_ng};
/// let c = ballistic::curve25519_dalek::constants::RISTRETTO_BASEPOINT_COMPRESSED;
/// assert_eq!(compressed_to_ng(&c).0, c.0);
/// assert_eq!(compressed_from_ng(&compressed_to_ng(&c)), c);
/// ```
pub fn compressed_to_ng(c: &CompressedRistretto) -> CompressedRistrettoNg {
    CompressedRistrettoNg(c.to_bytes())
}

/// Re-wraps a compressed point (commitment) of `bulletproofs` 4.0.0 for ballistic.
/// The 32 bytes are copied unchanged, whether or not they decode to a point.
pub fn compressed_from_ng(c: &CompressedRistrettoNg) -> CompressedRistretto {
    CompressedRistretto(c.to_bytes())
}

/// Converts a slice of ballistic commitments to `bulletproofs` 4.0.0's type.
pub fn commitments_to_ng(c: &[CompressedRistretto]) -> Vec<CompressedRistrettoNg> {
    c.iter().map(compressed_to_ng).collect()
}

/// Converts a slice of `bulletproofs` 4.0.0's commitments to ballistic's type.
pub fn commitments_from_ng(c: &[CompressedRistrettoNg]) -> Vec<CompressedRistretto> {
    c.iter().map(compressed_from_ng).collect()
}

/// Both R1CS implementations' ristretto255 generators, for the cross tests and
/// benchmarks: ballistic's and those of dalek's `bulletproofs` 4.0.0, each the
/// default Pedersen bases and one party's chain of `capacity` generators.
///
/// # Example
/// ```
/// use interop::{compressed_from_ng, scalar_to_ng, R1csGens};
/// let gens = R1csGens::new(8);
/// let (v, b) = (ballistic::ristretto::Scalar::from(5u64), ballistic::ristretto::Scalar::from(9u64));
/// let ours = gens.ours_pc.commit(v, b).compress();
/// let theirs = gens.dalek_pc.commit(scalar_to_ng(&v), scalar_to_ng(&b)).compress();
/// assert_eq!(compressed_from_ng(&theirs), ours);
/// assert_eq!((gens.ours_bp.gens_capacity, gens.dalek_bp.gens_capacity), (8, 8));
/// ```
pub struct R1csGens {
    /// ballistic's Pedersen bases.
    pub ours_pc: ballistic::ristretto::PedersenGens,
    /// ballistic's Bulletproof generators.
    pub ours_bp: ballistic::ristretto::BulletproofGens,
    /// dalek's Pedersen bases.
    pub dalek_pc: bulletproofs4::PedersenGens,
    /// dalek's Bulletproof generators.
    pub dalek_bp: bulletproofs4::BulletproofGens,
}

impl R1csGens {
    /// Both sides' generators for circuits of up to `capacity` multipliers.
    ///
    /// # Example
    /// See [`R1csGens`].
    pub fn new(capacity: usize) -> Self {
        R1csGens {
            ours_pc: ballistic::ristretto::PedersenGens::default(),
            ours_bp: ballistic::ristretto::BulletproofGens::new(capacity, 1),
            dalek_pc: bulletproofs4::PedersenGens::default(),
            dalek_bp: bulletproofs4::BulletproofGens::new(capacity, 1),
        }
    }
}

/// A block of 64 random bytes (a SHA-256 compression input).
///
/// # Example
/// ```
/// let block = interop::random_block(&mut rand::thread_rng());
/// assert_ne!(block, interop::random_block(&mut rand::thread_rng()));
/// ```
pub fn random_block<R: RngCore>(rng: &mut R) -> [u8; 64] {
    let mut block = [0u8; 64];
    rng.fill_bytes(&mut block);
    block
}

/// A uniformly random scalar, returned in both versions' types (same value).
///
/// Drawn as 64 random bytes reduced modulo the group order, so it does not depend on
/// either curve25519-dalek's `rand_core` version (v5 uses rand_core 0.10, this
/// workspace's RNGs are rand 0.8 / rand_core 0.6).
pub fn random_scalar<R: RngCore + CryptoRng>(rng: &mut R) -> (Scalar, ScalarV4) {
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    let theirs = ScalarV4::from_bytes_mod_order_wide(&wide);
    let ours = Scalar::from_bytes_mod_order_wide(&wide);
    debug_assert_eq!(ours.to_bytes(), theirs.to_bytes());
    (ours, theirs)
}

/// `count` random blindings in both versions' types (`ours[i] == theirs[i]`).
pub fn random_blindings<R: RngCore + CryptoRng>(
    rng: &mut R,
    count: usize,
) -> (Vec<Scalar>, Vec<ScalarV4>) {
    (0..count).map(|_| random_scalar(rng)).unzip()
}

/// A random `n`-bit value (`n` in `1..=64`): a random `u64` masked to its low `n` bits.
///
/// # Panics
/// If `n` is 0 or above 64.
pub fn random_value<R: RngCore>(rng: &mut R, n: usize) -> u64 {
    rng.next_u64() & max_value(n)
}

/// The largest `n`-bit value, `2^n − 1` (`n` in `1..=64`).
///
/// # Panics
/// If `n` is 0 or above 64.
pub fn max_value(n: usize) -> u64 {
    assert!((1..=64).contains(&n), "bit width {n} is not in 1..=64");
    u64::MAX >> (64 - n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scalar_round_trip() {
        let mut rng = rand::thread_rng();
        for _ in 0..100 {
            let (ours, theirs) = random_scalar(&mut rng);
            assert_eq!(scalar_to_v4(&ours), theirs);
            assert_eq!(scalar_from_v4(&theirs), ours);
        }
        let minus_one = -Scalar::ONE;
        assert_eq!(scalar_to_v4(&minus_one), -ScalarV4::ONE);
    }

    #[test]
    fn ng_round_trip() {
        let mut rng = rand::thread_rng();
        for _ in 0..100 {
            let (ours, theirs) = random_scalar(&mut rng);
            let ng = scalar_to_ng(&ours);
            assert_eq!(ng.to_bytes(), theirs.to_bytes());
            assert_eq!(scalar_from_ng(&ng), ours);
            let p = (ballistic::curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT * ours)
                .compress();
            let q = (curve25519_dalek_ng::constants::RISTRETTO_BASEPOINT_POINT * ng).compress();
            assert_eq!(compressed_to_ng(&p), q);
            assert_eq!(compressed_from_ng(&q), p);
        }
        assert_eq!(scalar_to_ng(&-Scalar::ONE), -ScalarNg::one());
    }

    #[test]
    fn point_round_trip() {
        let mut rng = rand::thread_rng();
        for _ in 0..20 {
            let (ours, theirs) = random_scalar(&mut rng);
            let p = ballistic::curve25519_dalek::constants::RISTRETTO_BASEPOINT_POINT * ours;
            let q = curve25519_dalek_v4::constants::RISTRETTO_BASEPOINT_POINT * theirs;
            assert_eq!(point_to_v4(&p), q);
            assert_eq!(point_from_v4(&q), p);
            assert_eq!(compressed_to_v4(&p.compress()), q.compress());
            assert_eq!(compressed_from_v4(&q.compress()), p.compress());
        }
    }

    #[test]
    fn max_values() {
        assert_eq!(max_value(1), 1);
        assert_eq!(max_value(8), 255);
        assert_eq!(max_value(64), u64::MAX);
    }
}
