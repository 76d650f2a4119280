//! Two-way parallelism: `rayon` with the `parallel` feature, sequential without.
//!
//! The only place that decides whether work is split across threads; the split of
//! [`split_halves`] depends only on public lengths, so constant-time code may use it.

use alloc::vec::Vec;

/// The number of threads [`join`] can use: rayon's pool size with the `parallel`
/// feature, else 1. Splits that cost extra work (a second pass of doublings) are
/// only worth it when this is above 1.
///
/// # Example
/// ```
/// assert!(ballistic::parallel::parallelism() >= 1);
/// ```
pub fn parallelism() -> usize {
    #[cfg(feature = "parallel")]
    {
        rayon::current_num_threads()
    }
    #[cfg(not(feature = "parallel"))]
    {
        1
    }
}

/// Runs two closures, in parallel with `parallel` and more than one thread, and
/// returns both results.
///
/// # Example
/// ```
/// let (a, b) = ballistic::parallel::join(|| 1 + 1, || 2 + 2);
/// assert_eq!((a, b), (2, 4));
/// ```
pub fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    // With one thread, both on the caller's: a join would hand the work to the
    // pool's only thread and block the caller.
    #[cfg(feature = "parallel")]
    if parallelism() > 1 {
        return rayon::join(a, b);
    }
    (a(), b())
}

/// `f` over the index range `0..k`, or, when [`parallelism`] is above 1 and `k ≥ min`,
/// over its two halves on two threads, the results joined by `combine`. The split
/// depends only on the public `k` (constant-time callers may use it).
///
/// # Example
/// ```
/// let sum = ballistic::parallel::split_halves(10, 4, |r| r.sum::<usize>(), |a, b| a + b);
/// assert_eq!(sum, 45);
/// ```
pub fn split_halves<R, F, G>(k: usize, min: usize, f: F, combine: G) -> R
where
    R: Send,
    F: Fn(core::ops::Range<usize>) -> R + Sync,
    G: FnOnce(R, R) -> R,
{
    if parallelism() > 1 && k >= min {
        let h = k / 2;
        let (a, b) = join(|| f(0..h), || f(h..k));
        combine(a, b)
    } else {
        f(0..k)
    }
}

/// Contiguous ranges covering `0..n`, one per thread, each of at least `min` items:
/// `min(parallelism(), n / min)` ranges (one, `0..n`, when that is below 2). Depends
/// only on `n` (constant-time callers may use it).
///
/// # Example
/// ```
/// let r = ballistic::parallel::chunks(10, 4);
/// assert_eq!(r.iter().map(|r| r.len()).sum::<usize>(), 10);
/// assert!(r.len() <= ballistic::parallel::parallelism());
/// ```
pub fn chunks(n: usize, min: usize) -> Vec<core::ops::Range<usize>> {
    let parts = parallelism().min(n / min.max(1)).max(1);
    let size = n.div_ceil(parts).max(1);
    (0..n).step_by(size).map(|a| a..(a + size).min(n)).collect()
}

/// `f` over every item of `items`, in order: on all of rayon's threads with
/// `parallel`, in a loop without. For independent work of public data (each call
/// should take microseconds or more, a thread handoff's order).
pub(crate) fn map_vec<T, R, F>(items: Vec<T>, f: F) -> Vec<R>
where
    T: Send,
    R: Send,
    F: Fn(T) -> R + Sync + Send,
{
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        if parallelism() > 1 && items.len() > 1 {
            return items.into_par_iter().map(f).collect();
        }
    }
    items.into_iter().map(f).collect()
}
