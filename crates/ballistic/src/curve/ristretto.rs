//! ristretto255 through curve25519-dalek 5.
//!
//! Group and field arithmetic, encodings and multiscalar multiplication all come from
//! curve25519-dalek, whose backend (serial, AVX2, AVX-512 IFMA) is chosen by that crate
//! at build and run time. Generators are derived exactly as dalek's `bulletproofs`
//! crate derives them, so that proofs are interchangeable:
//!
//! * `B` is the ristretto255 basepoint and `B_blinding = hash_to_group(SHA3-512(B))`;
//! * the chain named `label` is SHAKE256(`"GeneratorsChain" || label`) read 64 bytes
//!   at a time, each block mapped with `RistrettoPoint::from_uniform_bytes`.

use alloc::vec::Vec;
use curve25519_dalek::constants::{RISTRETTO_BASEPOINT_COMPRESSED, RISTRETTO_BASEPOINT_POINT};
use curve25519_dalek::ristretto::{
    CompressedRistretto, RistrettoPoint, VartimeRistrettoPrecomputation,
};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::{
    Identity, IsIdentity, MultiscalarMul, VartimeMultiscalarMul, VartimePrecomputedMultiscalarMul,
};
use sha3::digest::{ExtendableOutput, Update, XofReader};
use sha3::{Digest, Sha3_512, Shake256};

use super::Curve;

/// The ristretto255 group (curve25519-dalek).
///
/// # Example
/// ```
/// use ballistic::curve::{Curve, ristretto::Ristretto};
/// let (b, _) = Ristretto::default_pedersen_bases();
/// let e = Ristretto::encode(&b);
/// assert_eq!(Ristretto::decode(&e), Some(b));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ristretto;

impl Curve for Ristretto {
    type Scalar = Scalar;
    type Point = RistrettoPoint;
    type Encoding = CompressedRistretto;
    type Precomputation = VartimeRistrettoPrecomputation;

    const NAME: &'static str = "ristretto255";
    const SCALAR_BYTES: usize = 32;
    const POINT_BYTES: usize = 32;

    fn scalar_from_u64(x: u64) -> Scalar {
        Scalar::from(x)
    }
    fn scalar_from_wide_bytes(bytes: &[u8; 64]) -> Scalar {
        Scalar::from_bytes_mod_order_wide(bytes)
    }
    fn scalar_from_canonical_bytes(bytes: &[u8]) -> Option<Scalar> {
        let arr: [u8; 32] = bytes.try_into().ok()?;
        Option::from(Scalar::from_canonical_bytes(arr))
    }
    fn scalar_to_bytes(s: &Scalar) -> [u8; 32] {
        s.to_bytes()
    }
    fn scalar_invert(s: &Scalar) -> Scalar {
        s.invert()
    }
    fn scalar_batch_invert(s: &mut [Scalar]) -> Scalar {
        if s.is_empty() {
            return Scalar::ONE;
        }
        Scalar::invert_batch_alloc(s)
    }

    fn identity() -> RistrettoPoint {
        RistrettoPoint::identity()
    }
    fn is_identity(p: &RistrettoPoint) -> bool {
        p.is_identity()
    }
    fn encode(p: &RistrettoPoint) -> CompressedRistretto {
        p.compress()
    }
    fn decode(e: &CompressedRistretto) -> Option<RistrettoPoint> {
        e.decompress()
    }
    fn encoding_from_bytes(b: &[u8]) -> Option<CompressedRistretto> {
        CompressedRistretto::from_slice(b).ok()
    }
    fn encoding_bytes(e: &CompressedRistretto) -> &[u8] {
        e.as_bytes()
    }

    fn default_pedersen_bases() -> (RistrettoPoint, RistrettoPoint) {
        let h = Sha3_512::digest(RISTRETTO_BASEPOINT_COMPRESSED.as_bytes());
        let mut wide = [0u8; 64];
        wide.copy_from_slice(&h);
        (
            RISTRETTO_BASEPOINT_POINT,
            RistrettoPoint::from_uniform_bytes(&wide),
        )
    }

    fn generator_chain(label: &[u8], count: usize) -> Vec<RistrettoPoint> {
        let mut shake = Shake256::default();
        shake.update(b"GeneratorsChain");
        shake.update(label);
        let mut reader = shake.finalize_xof();
        (0..count)
            .map(|_| {
                let mut uniform = [0u8; 64];
                reader.read(&mut uniform);
                RistrettoPoint::from_uniform_bytes(&uniform)
            })
            .collect()
    }

    fn mul(s: &Scalar, p: &RistrettoPoint) -> RistrettoPoint {
        s * p
    }
    fn multiscalar_mul(scalars: &[Scalar], points: &[RistrettoPoint]) -> RistrettoPoint {
        debug_assert_eq!(scalars.len(), points.len());
        RistrettoPoint::multiscalar_mul(scalars, points)
    }
    fn vartime_multiscalar_mul(scalars: &[Scalar], points: &[RistrettoPoint]) -> RistrettoPoint {
        debug_assert_eq!(scalars.len(), points.len());
        RistrettoPoint::vartime_multiscalar_mul(scalars, points)
    }
    fn precompute(points: &[RistrettoPoint]) -> VartimeRistrettoPrecomputation {
        VartimeRistrettoPrecomputation::new(points)
    }
    fn precomputation_len(pre: &VartimeRistrettoPrecomputation) -> usize {
        pre.len()
    }
    fn vartime_precomputed_mul(
        pre: &VartimeRistrettoPrecomputation,
        static_scalars: &[Scalar],
        dynamic_scalars: &[Scalar],
        dynamic_points: &[RistrettoPoint],
    ) -> RistrettoPoint {
        debug_assert!(static_scalars.len() <= pre.len());
        debug_assert_eq!(dynamic_scalars.len(), dynamic_points.len());
        pre.vartime_mixed_multiscalar_mul(static_scalars, dynamic_scalars, dynamic_points)
    }
}
