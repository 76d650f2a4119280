//! The one place that decides how a multiscalar multiplication over a [`Curve`]
//! runs: the curve's own algorithm, split across threads with `parallel` (cost
//! model in the [MSM module's documentation](crate::msm)).

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
/// assert_eq!(ballistic::curve::dispatch::vartime_multiscalar_mul::<Ristretto>(&s, &p), p[0] + p[1] + p[1] + p[2] + p[2] + p[2]);
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
/// assert_eq!(ballistic::curve::dispatch::multiscalar_mul::<Ristretto>(&s, &p), Ristretto::multiscalar_mul(&s, &p));
/// ```
pub fn multiscalar_mul<C: Curve>(scalars: &[C::Scalar], points: &[C::Point]) -> C::Point {
    split::<C>(scalars, points, C::multiscalar_mul)
}

/// A multiscalar multiplication of the curve backend.
type MsmFn<C> = fn(&[<C as Curve>::Scalar], &[<C as Curve>::Point]) -> <C as Curve>::Point;

/// Runs `msm` on chunks of at least [`PARALLEL_MIN_CHUNK`] points, one per thread,
/// and adds the partial sums (with `parallel` and more than one thread; otherwise one
/// call). The chunks depend only on the public length.
fn split<C: Curve>(scalars: &[C::Scalar], points: &[C::Point], msm: MsmFn<C>) -> C::Point {
    let n = scalars.len().min(points.len());
    // One thread or too few points: one call, and no list of chunks allocated (the
    // path of every multiplication in a build without `parallel`).
    if crate::parallel::parallelism() < 2 || n < 2 * PARALLEL_MIN_CHUNK {
        return msm(scalars, points);
    }
    let chunks = crate::parallel::chunks(n, PARALLEL_MIN_CHUNK);
    crate::parallel::map_vec(chunks, |r| match (scalars.get(r.clone()), points.get(r)) {
        (Some(s), Some(p)) => msm(s, p),
        // Never: every chunk lies in `0..n`.
        _ => C::identity(),
    })
    .into_iter()
    .fold(C::identity(), |a, b| a + b)
}
