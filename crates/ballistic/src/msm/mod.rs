//! Multiscalar multiplication: the algorithms and one place that decides how an MSM
//! runs.
//!
//! * ristretto255 runs on ballistic's own lane-parallel algorithms, `lanes`:
//!   Straus by events (one or many sums sharing `L` SIMD lanes and their doublings,
//!   over precomputed or on-the-fly tables) and Pippenger with sorted buckets; the
//!   lanes are AVX-512 IFMA, AVX2 or portable (`crate::curve::ristretto::lanes`).
//! * secp256k1 runs on ballistic's own algorithms, generic over [`MsmPoint`]:
//!   [`straus`] (interleaved wNAF, and precomputed tables for fixed points) and
//!   [`pippenger`] (signed-digit buckets); [`vartime_msm`] picks between them at
//!   [`STRAUS_MAX`] points. Each file states its algorithm and cost model.
//!
//! [`crate::curve::dispatch`] runs a multiscalar multiplication over any
//! [`Curve`](crate::curve::Curve) and adds **all cores** (feature `parallel`): an MSM
//! of `k` points is split into `t` chunks of at least
//! [`PARALLEL_MIN_CHUNK`](crate::curve::dispatch::PARALLEL_MIN_CHUNK) points, one per
//! thread, and the partial sums are added.
//!
//! Cost model of the split, in point operations (`D` = 253 doublings): Straus
//! `D + 50·k` becomes `t·D + 50·k` spread over `t` cores, i.e. a wall-clock time of
//! `D + 50·k/t`; Pippenger's per-point cost rises slightly as chunks shrink (a smaller
//! window), which the minimum chunk size keeps below a few percent. Measured 1 vs 2
//! threads in BENCHMARKS.md.

pub use crate::parallel::{join, parallelism, split_halves};
use alloc::vec::Vec;

// Internal: public only with the `unstable-internals` feature (no semver guarantee).
#[cfg(feature = "unstable-internals")]
pub mod lanes;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) mod lanes;
pub mod pippenger;
pub mod straus;

/// The group operations the generic MSM algorithms need (variable time is allowed:
/// the algorithms only ever see public data).
pub trait MsmPoint: Copy + Send + Sync {
    /// The affine form (cheaper additions; see [`MsmPoint::add_affine`]).
    type Affine: Copy + Send + Sync + core::fmt::Debug;
    /// The neutral element.
    fn identity() -> Self;
    /// `self + other`.
    fn add(&self, other: &Self) -> Self;
    /// `self + other` for an affine `other`.
    fn add_affine(&self, other: &Self::Affine) -> Self;
    /// `self − other` for an affine `other`.
    fn sub_affine(&self, other: &Self::Affine) -> Self;
    /// `2·self`.
    fn double(&self) -> Self;
    /// The point of an affine form.
    fn from_affine(a: &Self::Affine) -> Self;
    /// `−a`.
    fn neg_affine(a: &Self::Affine) -> Self::Affine;
    /// Affine forms of many points, sharing one inversion.
    fn batch_to_affine(points: &[Self]) -> Vec<Self::Affine>;
}

/// Groups whose affine points can be added many at a time with one shared field
/// inversion (short Weierstrass curves; see [`pippenger::msm_batch_affine`]).
///
/// The batch form may differ from [`MsmPoint::Affine`]: secp256k1 keeps it on a
/// faster field representation than its projective formulas use.
pub trait BatchAffine: MsmPoint {
    /// An affine point in the form the batch additions work on.
    type BatchAffinePoint: Copy + Send + Sync + core::fmt::Debug;
    /// Reusable buffers for [`BatchAffine::batch_add_affine`].
    type BatchScratch: Default;
    /// The identity in batch form.
    fn identity_batch_affine() -> Self::BatchAffinePoint;
    /// Many points in batch form (sharing one inversion).
    fn to_batch_affine(points: &[Self]) -> Vec<Self::BatchAffinePoint>;
    /// `−a`.
    fn neg_batch_affine(a: &Self::BatchAffinePoint) -> Self::BatchAffinePoint;
    /// The point of a batch-form point.
    fn from_batch_affine(a: &Self::BatchAffinePoint) -> Self;
    /// `self + a`.
    fn add_batch_affine(&self, a: &Self::BatchAffinePoint) -> Self;
    /// `out[i] = a[i] + b[i]` for every `i` (any inputs, including equal, opposite
    /// and identity points), sharing one field inversion.
    fn batch_add_affine(
        a: &[Self::BatchAffinePoint],
        b: &[Self::BatchAffinePoint],
        out: &mut Vec<Self::BatchAffinePoint>,
        scratch: &mut Self::BatchScratch,
    );
}

/// Largest MSM run by Straus; above it, Pippenger. Chosen by the secp256k1
/// crossover of `cargo bench -p interop --bench secp256k1 -- msm`.
pub const STRAUS_MAX: usize = 112;

/// Smallest MSM run with batch-affine buckets ([`pippenger::msm_batch_affine`]);
/// below it, projective buckets. Chosen by the same secp256k1 `msm` bench.
pub const BATCH_AFFINE_MIN: usize = 512;

/// Points per piece of a constant-time multiscalar multiplication without
/// precomputed tables ([`sum_in_chunks`]): each curve builds tables of every point
/// of a sum and reads all of them once per digit, so a piece's tables must stay in
/// L2 (1 MiB per core here): 640 KiB for ristretto255's lane tables (eight entries
/// per point), 480 KiB for secp256k1's (sixteen projective multiples). A piece
/// pays its own doublings (252, under 2 % of its additions). One sum over the 52k
/// points of a SHA-256 circuit's `S` built 133 MiB (ristretto255) or 100 MiB
/// (secp256k1) of tables streamed from memory 64 times. Chosen by alternating
/// `crates/bench/src/bin/sha256_profile.rs prove` at 256, 512, 2,048 and one piece.
pub(crate) const CT_CHUNK: usize = 256;

/// `Σ f(a_piece, b_piece)` over consecutive pieces of `chunk` terms of `a` and
/// `b` (chunk boundaries depend only on the public lengths), starting from `zero`:
/// how a long sum whose per-term tables must stay in cache runs.
pub(crate) fn sum_in_chunks<A, B, Q: core::ops::Add<Output = Q>>(
    a: &[A],
    b: &[B],
    chunk: usize,
    zero: Q,
    f: impl Fn(&[A], &[B]) -> Q,
) -> Q {
    let chunk = chunk.max(1);
    a.chunks(chunk)
        .zip(b.chunks(chunk))
        .fold(zero, |acc, (x, y)| acc + f(x, y))
}

/// `Σ s_i·P_i` over the generic algorithms, variable time (public inputs only).
/// Scalars are 256-bit little-endian limbs.
pub fn vartime_msm<P: MsmPoint>(scalars: &[[u64; 4]], points: &[P]) -> P {
    let k = scalars.len().min(points.len());
    if k <= STRAUS_MAX {
        straus::msm(&scalars[..k], &points[..k])
    } else {
        pippenger::msm(&scalars[..k], &points[..k])
    }
}

/// [`vartime_msm`] for groups with batch-affine addition: batch-affine buckets from
/// [`BATCH_AFFINE_MIN`] points on.
pub fn vartime_msm_batch_affine<P: BatchAffine>(scalars: &[[u64; 4]], points: &[P]) -> P {
    let k = scalars.len().min(points.len());
    if k >= BATCH_AFFINE_MIN {
        pippenger::msm_batch_affine(&scalars[..k], &points[..k])
    } else {
        vartime_msm(&scalars[..k], &points[..k])
    }
}
