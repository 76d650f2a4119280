//! Batch decompression of ristretto255 encodings on the lane backend.

use alloc::vec::Vec;
use curve25519_dalek::ristretto::CompressedRistretto;

use super::edwards::EdwardsPoint;
use super::engine;
use super::lanes::{self, FeLanes, LaneTask};
use super::Point;

/// Batch decompression.
struct DecodeTask<'a> {
    encodings: &'a [[u8; 32]],
}
impl LaneTask for DecodeTask<'_> {
    type Output = Result<Vec<EdwardsPoint>, usize>;
    #[inline(always)]
    fn run<F: FeLanes>(self) -> Self::Output {
        engine::decode_batch_vartime::<F>(self.encodings)
    }
}

/// [`Ristretto::decode_batch_vartime`](crate::curve::Curve::decode_batch_vartime): every
/// encoding on the lanes; the index of the first invalid one.
pub(super) fn decode_batch_vartime(e: &[CompressedRistretto]) -> Result<Vec<Point>, usize> {
    let bytes: Vec<[u8; 32]> = e.iter().map(|c| c.to_bytes()).collect();
    let pts = lanes::dispatch(DecodeTask { encodings: &bytes })?;
    Ok(pts.into_iter().map(Point).collect())
}
