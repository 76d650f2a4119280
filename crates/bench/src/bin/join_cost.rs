//! What two threads can give on this machine, whatever the algorithm: a fixed amount
//! of arithmetic run on one thread, then split in two halves by
//! `ballistic::parallel::join` (rayon's pool with the `parallel` feature) and called
//! from the main thread, with [`GAP_US`] of serial work between calls (as between
//! the rounds of a proof). Prints the speedup for each amount of work per call in
//! [`WORK_US`]:
//!
//! ```text
//! cargo run --release -p bench --features parallel --bin join_cost
//! ```
//! Handing a closure to the pool from outside it and waking a worker that went to
//! sleep costs a fixed time per call, so the speedup depends on the work per call,
//! not on what the work is (`crates/bench/history/2026-11.md`, 2026-11-28). The last
//! column splits the same work with a helper thread that spins between calls
//! instead of sleeping (it burns its core while idle, which a library must not do):
//! the speedup the arithmetic would give without the wake-up.

use std::hint::black_box;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Serial work between two calls, in microseconds.
const GAP_US: u64 = 50;
/// The amounts of work per call timed, in microseconds.
const WORK_US: [u64; 6] = [50, 100, 200, 500, 1000, 5000];

/// Spins for `us` microseconds (the serial work between calls).
fn spin(us: u64) {
    let t = Instant::now();
    while t.elapsed() < Duration::from_micros(us) {
        std::hint::spin_loop();
    }
}

/// `n` steps of a dependent multiply-add chain (no memory traffic).
fn work(n: u64) -> u64 {
    let mut x = 1u64;
    for i in 0..n {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(i ^ (x >> 29));
    }
    x
}

/// A thread that spins on an atomic between calls, never sleeping.
struct Spinner {
    /// The next call's step count plus one (0: none); `u64::MAX`: stop.
    job: Arc<AtomicU64>,
    /// Set to 1 when a call's work is done.
    done: Arc<AtomicU64>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Spinner {
    fn new() -> Self {
        let job = Arc::new(AtomicU64::new(0));
        let done = Arc::new(AtomicU64::new(0));
        let (j, d) = (job.clone(), done.clone());
        let thread = std::thread::spawn(move || loop {
            let n = j.swap(0, Ordering::Acquire);
            if n == u64::MAX {
                return;
            }
            if n == 0 {
                std::hint::spin_loop();
                continue;
            }
            black_box(work(n - 1));
            d.store(1, Ordering::Release);
        });
        Spinner {
            job,
            done,
            thread: Some(thread),
        }
    }

    /// `work(a)` on this thread beside `work(b)` on the spinning one.
    fn split(&self, a: u64, b: u64) {
        self.done.store(0, Ordering::Relaxed);
        self.job.store(b + 1, Ordering::Release);
        black_box(work(a));
        while self.done.load(Ordering::Acquire) == 0 {
            std::hint::spin_loop();
        }
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        self.job.store(u64::MAX, Ordering::Release);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn main() {
    // Wake the pool once.
    let _ = ballistic::parallel::join(|| 0, || 0);
    let per_step = {
        let t = Instant::now();
        black_box(work(black_box(10_000_000)));
        t.elapsed().as_secs_f64() / 1e7
    };
    println!("threads: {}", ballistic::parallel::parallelism());
    for us in WORK_US {
        let n = (us as f64 * 1e-6 / per_step) as u64;
        let calls = (200_000 / us).max(20);
        let time = |f: &dyn Fn()| {
            let t = Instant::now();
            for _ in 0..calls {
                f();
                spin(GAP_US);
            }
            t.elapsed().as_secs_f64() * 1e6 / calls as f64 - GAP_US as f64
        };
        let one = time(&|| {
            black_box(work(black_box(n)));
        });
        let two = time(&|| {
            black_box(ballistic::parallel::join(
                || work(black_box(n / 2)),
                || work(black_box(n / 2)),
            ));
        });
        // The spinning helper only runs for its own column (it would take a core
        // from the pool's threads).
        let spinning = {
            let helper = Spinner::new();
            time(&|| helper.split(black_box(n / 2), black_box(n / 2)))
        };
        println!(
            "{us:5} us of work per call: one thread {one:7.1} us, two {two:7.1} us, speedup {:.2}; \
             spinning helper {spinning:7.1} us, speedup {:.2}",
            one / two,
            one / spinning
        );
    }
}
