//! The one place that decides how a multiscalar multiplication over a [`Curve`]
//! runs: the curve's own algorithm, split across threads with `parallel` (cost
//! model in the [module documentation](super)).

use crate::curve::Curve;

/// Smallest number of points per thread worth a split (below it the extra 253
/// doublings per chunk and the thread hand-off cost more than they save).
pub const PARALLEL_MIN_CHUNK: usize = 96;

/// `Σ s_i·P_i`, variable time (public inputs only), on all cores with `parallel`.
///
/// # Example
/// ```
/// use ballistic::curve::{Curve, ristretto::Ristretto};
/// let p = Ristretto::generator_chain(b"doc", 3);
/// let s = [Ristretto::scalar_from_u64(1), Ristretto::scalar_from_u64(2), Ristretto::scalar_from_u64(3)];
/// assert_eq!(ballistic::msm::dispatch::vartime_multiscalar_mul::<Ristretto>(&s, &p), p[0] + p[1] + p[1] + p[2] + p[2] + p[2]);
/// ```
pub fn vartime_multiscalar_mul<C: Curve>(scalars: &[C::Scalar], points: &[C::Point]) -> C::Point {
    split::<C>(scalars, points, C::vartime_multiscalar_mul)
}

/// `Σ s_i·P_i` in constant time in the scalars, on all cores with `parallel` (the
/// split points depend only on the public length).
///
/// # Example
/// ```
/// use ballistic::curve::{Curve, ristretto::Ristretto};
/// let p = Ristretto::generator_chain(b"doc", 2);
/// let s = [Ristretto::scalar_from_u64(5), Ristretto::scalar_from_u64(7)];
/// assert_eq!(ballistic::msm::dispatch::multiscalar_mul::<Ristretto>(&s, &p), Ristretto::multiscalar_mul(&s, &p));
/// ```
pub fn multiscalar_mul<C: Curve>(scalars: &[C::Scalar], points: &[C::Point]) -> C::Point {
    split::<C>(scalars, points, C::multiscalar_mul)
}

/// A multiscalar multiplication of the curve backend.
type MsmFn<C> = fn(&[<C as Curve>::Scalar], &[<C as Curve>::Point]) -> <C as Curve>::Point;

/// Runs `msm` on chunks of at least [`PARALLEL_MIN_CHUNK`] points, one per thread,
/// and adds the partial sums (with `parallel`; otherwise one call).
fn split<C: Curve>(scalars: &[C::Scalar], points: &[C::Point], msm: MsmFn<C>) -> C::Point {
    #[cfg(feature = "parallel")]
    {
        let threads = rayon::current_num_threads();
        let n = scalars.len().min(points.len());
        if threads > 1 && n >= 2 * PARALLEL_MIN_CHUNK {
            let chunks = threads.min(n / PARALLEL_MIN_CHUNK);
            let size = n.div_ceil(chunks);
            use rayon::prelude::*;
            return scalars[..n]
                .par_chunks(size)
                .zip(points[..n].par_chunks(size))
                .map(|(s, p)| msm(s, p))
                .reduce(C::identity, |a, b| a + b);
        }
    }
    msm(scalars, points)
}
