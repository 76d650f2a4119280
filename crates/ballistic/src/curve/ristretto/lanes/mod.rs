//! Lane-parallel arithmetic modulo `2^255 − 19`: `L` independent field elements per
//! operation, one per SIMD lane.
//!
//! | name | meaning |
//! |---|---|
//! | `L` | lanes: 8 (AVX-512 IFMA), 4 (AVX2), 1 (portable) |
//! | [`FeLanes`] | `L` field elements; every operation acts lane by lane |
//! | vector M | one lane-parallel multiplication (`L` field multiplications) |
//!
//! curve25519-dalek's vector backends run the four multiplications *inside one*
//! point operation in parallel; here each lane is a different point (a different
//! bucket, accumulator or decompression), which needs no shuffles and scales to the
//! eight lanes of AVX-512. The algorithms that use it ([`super::engine`]) are written
//! once over [`FeLanes`] and instantiated per backend:
//!
//! * **IFMA** (`avx512ifma`, eight lanes, radix 2^51, 52-bit multiply-accumulate):
//!   compiled into every x86-64 build and chosen at run time when the CPU has
//!   `avx512f` and `avx512ifma` (most servers since Ice Lake and Zen 4).
//! * **AVX2** (four lanes, radix 2^25.5): chosen at run time when the CPU has AVX2 but
//!   not IFMA.
//! * **portable** ([`Fe`] itself, one lane): the reference the others are tested
//!   against, and the fallback everywhere else.
//!
//! [`backend`] makes the choice (detected once, then a cached load); [`force_backend`]
//! or the environment variable `BALLISTIC_BACKEND` overrides it, for tests and
//! benchmarks. Every backend computes the same results: only the speed differs.
//!
//! All operations are constant time; the algorithms decide what is public.

use core::sync::atomic::{AtomicU8, Ordering};

use super::edwards::AffineNiels;
use super::field::Fe;

#[cfg(target_arch = "x86_64")]
pub mod ifma;

#[cfg(target_arch = "x86_64")]
pub mod avx2;

/// `L` field elements modulo `2^255 − 19`, operated on lane by lane.
///
/// Bounds: every value returned by an operation may be the input of any other, and
/// [`FeLanes::splat`] and [`FeLanes::from_fn`] accept any [`Fe`] (limbs below `2^64`).
pub trait FeLanes: Copy {
    /// Number of lanes.
    const L: usize;
    /// Every lane set to `f`.
    fn splat(f: &Fe) -> Self;
    /// Lane `l` set to `g(l)`.
    fn from_fn<G: FnMut(usize) -> Fe>(g: G) -> Self;
    /// The element in lane `l` (`l < L`).
    fn lane(&self, l: usize) -> Fe;
    /// Every lane at once (entry `l` is lane `l % L`): one pass over the limbs
    /// instead of one per lane.
    #[inline(always)]
    fn lanes(&self) -> [Fe; 8] {
        core::array::from_fn(|l| self.lane(l % Self::L))
    }
    /// `self + b`.
    fn add(&self, b: &Self) -> Self;
    /// `self − b`.
    fn sub(&self, b: &Self) -> Self;
    /// `self + b` whose result may only be an operand of [`FeLanes::mul`] or
    /// [`FeLanes::square`] (a backend may then skip the carries; default:
    /// [`FeLanes::add`]).
    #[inline(always)]
    fn add_loose(&self, b: &Self) -> Self {
        self.add(b)
    }
    /// `self − b` whose result may only be an operand of [`FeLanes::mul`] or
    /// [`FeLanes::square`] (default: [`FeLanes::sub`]).
    #[inline(always)]
    fn sub_loose(&self, b: &Self) -> Self {
        self.sub(b)
    }
    /// `self · b`.
    fn mul(&self, b: &Self) -> Self;
    /// `self²`.
    fn square(&self) -> Self;
    /// `−self`.
    fn neg(&self) -> Self;
    /// Lane `l` from `b` where bit `l` of `mask` is set, from `self` elsewhere.
    fn select(&self, b: &Self, mask: u32) -> Self;
    /// The three coordinates of the table entries `e[l]` (lane `l` from `e[l]`;
    /// entries beyond `L` are ignored).
    #[inline(always)]
    fn gather_niels(e: &[&AffineNiels; 8]) -> [Self; 3] {
        [
            Self::from_fn(|l| e[l & 7].y_plus_x),
            Self::from_fn(|l| e[l & 7].y_minus_x),
            Self::from_fn(|l| e[l & 7].xy2d),
        ]
    }
    /// Asks the memory system for a table entry that will be gathered soon (a hint;
    /// default: nothing).
    #[inline(always)]
    fn prefetch(_e: &AffineNiels) {}
    /// `self^(2^k)`, `k >= 1`.
    #[inline(always)]
    fn pow2k(&self, k: u32) -> Self {
        let mut x = self.square();
        for _ in 1..k {
            x = x.square();
        }
        x
    }
}

/// Prefetches the two cache lines of a table entry (128 bytes, aligned to a line).
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[inline(always)]
pub(crate) fn prefetch_entry(e: &AffineNiels) {
    let p = e as *const AffineNiels as *const i8;
    // SAFETY: prefetching is a hint that never faults; the addresses lie in `e`.
    unsafe {
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p);
        core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p.add(64));
    }
}

/// The portable backend: one lane, the serial arithmetic.
impl FeLanes for Fe {
    const L: usize = 1;
    #[inline(always)]
    fn splat(f: &Fe) -> Fe {
        *f
    }
    #[inline(always)]
    fn from_fn<G: FnMut(usize) -> Fe>(mut g: G) -> Fe {
        g(0)
    }
    #[inline(always)]
    fn lane(&self, _l: usize) -> Fe {
        *self
    }
    #[inline(always)]
    fn add(&self, b: &Fe) -> Fe {
        Fe::add(self, b)
    }
    #[inline(always)]
    fn sub(&self, b: &Fe) -> Fe {
        Fe::sub(self, b)
    }
    #[inline(always)]
    fn mul(&self, b: &Fe) -> Fe {
        Fe::mul(self, b)
    }
    #[inline(always)]
    fn square(&self) -> Fe {
        Fe::square(self)
    }
    #[inline(always)]
    fn neg(&self) -> Fe {
        Fe::neg(self)
    }
    #[inline(always)]
    fn select(&self, b: &Fe, mask: u32) -> Fe {
        use subtle::ConditionallySelectable;
        Fe::conditional_select(self, b, subtle::Choice::from((mask & 1) as u8))
    }
}

/// A computation written once over [`FeLanes`], run on the best backend available.
pub trait LaneTask {
    /// What the computation returns.
    type Output;
    /// Runs the computation with the backend `F`.
    fn run<F: FeLanes>(self) -> Self::Output;
}

/// Realigns the stack frame of the function it is inlined into to 64 bytes.
///
/// The vector backends keep far more field elements live than there are registers,
/// so their entry functions spill `ymm`/`zmm` values to the stack. LLVM decides
/// during register allocation whether it may realign a frame; once the frame
/// pointer is allocated as a general register it is too late, and the spill slots
/// are only 16-byte aligned, stored and loaded with unaligned moves. Whether those
/// 32- or 64-byte moves then split cache lines depends on where the stack happens to
/// end (address-space randomisation), so the speed of one binary would change from
/// one process to the next. A 64-byte aligned local that must live in memory makes
/// the frame realigned before register allocation, so every spill slot gets its
/// natural alignment.
#[inline(always)]
pub(crate) fn align_frame() {
    #[repr(C, align(64))]
    struct Anchor(u8);
    let anchor = Anchor(0);
    core::hint::black_box(&anchor);
}

/// A lane backend of the ristretto255 arithmetic: which one runs is chosen at run
/// time ([`backend`]), and every one computes the same results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Eight lanes of AVX-512 IFMA (x86-64 with `avx512f` and `avx512ifma`).
    Ifma,
    /// Four lanes of AVX2 (x86-64 with AVX2).
    Avx2,
    /// One lane of portable 64-bit arithmetic (everywhere).
    Portable,
}

#[cfg(target_arch = "x86_64")]
cpufeatures::new!(avx2_cpuid, "avx2");

impl Backend {
    /// Every backend, widest first: the order in which [`backend`] tries them.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::Backend;
    /// assert_eq!(Backend::ALL[0].lanes(), 8);
    /// ```
    pub const ALL: [Backend; 3] = [Backend::Ifma, Backend::Avx2, Backend::Portable];

    /// Field elements per vector: 8, 4 or 1.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::Backend;
    /// assert_eq!(Backend::Avx2.lanes(), 4);
    /// ```
    pub fn lanes(self) -> usize {
        match self {
            Backend::Ifma => 8,
            Backend::Avx2 => 4,
            Backend::Portable => 1,
        }
    }

    /// Whether this machine runs this backend: IFMA on x86-64 CPUs with `avx512f`
    /// and `avx512ifma`, AVX2 on x86-64 CPUs with AVX2 (each detected once), portable
    /// always. An unavailable backend is never run: the widest available one runs in
    /// its place.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::{backend, Backend};
    /// assert!(Backend::Portable.available());
    /// assert!(backend().available());
    /// ```
    pub fn available(self) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            Backend::Ifma => ifma::available(),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => avx2_cpuid::get(),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Ifma | Backend::Avx2 => false,
            Backend::Portable => true,
        }
    }

    /// The backend named `s` (`ifma`, `avx2` or `portable`, any case), or `None`.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::Backend;
    /// assert_eq!(Backend::from_name("AVX2"), Some(Backend::Avx2));
    /// assert_eq!(Backend::from_name("neon"), None);
    /// ```
    pub fn from_name(s: &str) -> Option<Backend> {
        Backend::ALL
            .into_iter()
            .find(|b| b.name().eq_ignore_ascii_case(s))
    }

    /// The backend's name: `ifma`, `avx2` or `portable`.
    ///
    /// # Example
    /// ```
    /// assert_eq!(ballistic::ristretto::Backend::Ifma.name(), "ifma");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Backend::Ifma => "ifma",
            Backend::Avx2 => "avx2",
            Backend::Portable => "portable",
        }
    }

    fn code(self) -> u8 {
        match self {
            Backend::Ifma => 1,
            Backend::Avx2 => 2,
            Backend::Portable => 3,
        }
    }
}

/// The widest backend this machine runs.
fn best() -> Backend {
    Backend::ALL
        .into_iter()
        .find(|b| b.available())
        .unwrap_or(Backend::Portable)
}

/// The backend [`force_backend`] or `BALLISTIC_BACKEND` asked for: [`UNREAD`] until
/// the first [`backend`] call reads the environment, then [`AUTOMATIC`] or a
/// [`Backend::code`].
static FORCED: AtomicU8 = AtomicU8::new(UNREAD);
const UNREAD: u8 = 0xff;
const AUTOMATIC: u8 = 0;

/// The backend `BALLISTIC_BACKEND` names (with the `std` feature), or `None` when it
/// is unset, `auto` or not a backend's name.
fn from_environment() -> Option<Backend> {
    #[cfg(feature = "std")]
    {
        std::env::var("BALLISTIC_BACKEND")
            .ok()
            .and_then(|v| Backend::from_name(v.trim()))
    }
    #[cfg(not(feature = "std"))]
    {
        None
    }
}

/// The backend that runs the ristretto255 arithmetic in this process: the one
/// [`force_backend`] or the environment variable `BALLISTIC_BACKEND` (`ifma`, `avx2`
/// or `portable`, read at the first call; with the `std` feature) names if this
/// machine runs it, otherwise the widest this machine runs (IFMA, then AVX2, then
/// portable).
///
/// # Example
/// ```
/// use ballistic::ristretto::backend;
/// println!("ristretto255 runs on {} ({} lanes)", backend().name(), backend().lanes());
/// ```
#[inline]
pub fn backend() -> Backend {
    let mut code = FORCED.load(Ordering::Relaxed);
    if code == UNREAD {
        code = from_environment().map_or(AUTOMATIC, Backend::code);
        // A concurrent `force_backend` wins over the environment.
        code = match FORCED.compare_exchange(UNREAD, code, Ordering::Relaxed, Ordering::Relaxed) {
            Ok(_) => code,
            Err(current) => current,
        };
    }
    Backend::ALL
        .into_iter()
        .find(|b| b.code() == code && b.available())
        .unwrap_or_else(best)
}

/// Makes [`backend`] return `choice` from now on in this process (when this machine
/// runs it), overriding `BALLISTIC_BACKEND`; `None` restores the default choice
/// (`BALLISTIC_BACKEND`, else the widest backend). Returns the backend that now
/// runs. For tests and benchmarks: every backend computes the same proofs and
/// verdicts, so a call racing with running proofs only changes their speed. Tables
/// cached in a `BulletproofGens` serve every backend.
///
/// # Example
/// ```
/// use ballistic::ristretto::{backend, force_backend, Backend};
/// assert_eq!(force_backend(Some(Backend::Portable)), Backend::Portable);
/// assert_eq!(backend(), Backend::Portable);
/// force_backend(None); // back to the default choice
/// ```
pub fn force_backend(choice: Option<Backend>) -> Backend {
    let choice = choice.or_else(from_environment);
    FORCED.store(choice.map_or(AUTOMATIC, Backend::code), Ordering::Relaxed);
    backend()
}

/// The number of lanes of [`backend`] (8, 4 or 1).
pub fn backend_lanes() -> usize {
    backend().lanes()
}

/// Runs `task` on the backend [`backend`] names.
///
/// Every [`LaneTask::run`] given here must be `#[inline(always)]`, and so must
/// everything it calls down to the field operations (see [`avx2`]): otherwise the
/// task is compiled without the entry's target features and runs many times slower
/// (still correctly).
#[inline]
pub fn dispatch<T: LaneTask>(task: T) -> T::Output {
    dispatch_with(backend(), task)
}

/// Runs `task` on `backend`, or on the portable one if this machine does not run
/// `backend`.
pub fn dispatch_with<T: LaneTask>(backend: Backend, task: T) -> T::Output {
    match backend {
        #[cfg(target_arch = "x86_64")]
        Backend::Ifma if backend.available() => ifma::run(task),
        #[cfg(target_arch = "x86_64")]
        Backend::Avx2 if backend.available() => avx2::run(task),
        _ => task.run::<Fe>(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;
    use rand::{Rng, SeedableRng};

    /// Entries at scattered addresses, gathered eight at a time by index.
    struct Gather(Vec<AffineNiels>, Vec<[usize; 8]>);

    impl LaneTask for Gather {
        type Output = usize;
        #[inline(always)]
        fn run<F: FeLanes>(self) -> usize {
            for idx in &self.1 {
                let e: [&AffineNiels; 8] = core::array::from_fn(|l| &self.0[idx[l]]);
                let [yp, ym, t2d] = F::gather_niels(&e);
                for (l, e) in e.iter().enumerate().take(F::L) {
                    assert_eq!(yp.lane(l).0, e.y_plus_x.0, "y + x, lane {l}");
                    assert_eq!(ym.lane(l).0, e.y_minus_x.0, "y - x, lane {l}");
                    assert_eq!(t2d.lane(l).0, e.xy2d.0, "2dxy, lane {l}");
                }
            }
            F::L
        }
    }

    /// Random operands of every kind: canonical values, limbs at the serial bounds
    /// (`2^51 − 1`, `2^52 − 1`), zero, `p − 1`, `p`, `2p − 1` (non-canonical forms of
    /// small values) and random limbs below `2^52`.
    fn operand(rng: &mut impl Rng) -> Fe {
        const P: [u64; 5] = [
            (1 << 51) - 19,
            (1 << 51) - 1,
            (1 << 51) - 1,
            (1 << 51) - 1,
            (1 << 51) - 1,
        ];
        match rng.gen_range(0..10) {
            0 => Fe::ZERO,
            1 => Fe(core::array::from_fn(|i| P[i] - u64::from(i == 0))),
            2 => Fe(P),
            3 => Fe(core::array::from_fn(|i| 2 * P[i] - u64::from(i == 0))),
            4 => Fe([(1 << 51) - 1; 5]),
            5 => Fe([(1 << 52) - 1; 5]),
            6 => Fe(core::array::from_fn(|_| rng.gen_range(0..4))),
            _ => Fe(core::array::from_fn(|_| rng.gen::<u64>() >> 12)),
        }
    }

    /// Every field operation of a backend, lane by lane, against the portable field
    /// on the same operands: fresh operands and, for 64 rounds, the backend's own
    /// results fed back in (so every output bound is exercised as an input).
    struct FieldOps(u64);

    impl LaneTask for FieldOps {
        type Output = usize;
        #[inline(always)]
        fn run<F: FeLanes>(self) -> usize {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(self.0);
            let same = |x: &F, want: &[Fe; 8], what: &str| {
                for (l, w) in want.iter().enumerate().take(F::L) {
                    assert_eq!(x.lane(l).to_bytes(), w.to_bytes(), "{what}, lane {l}");
                }
            };
            for _ in 0..40 {
                let a0: [Fe; 8] = core::array::from_fn(|_| operand(&mut rng));
                let b0: [Fe; 8] = core::array::from_fn(|_| operand(&mut rng));
                let (mut a, mut b) = (F::from_fn(|l| a0[l]), F::from_fn(|l| b0[l]));
                let (mut sa, mut sb) = (a0, b0);
                same(&a, &sa, "from_fn");
                assert_eq!(a.lanes()[..F::L], sa[..F::L], "lanes() keeps the limbs");
                for round in 0..64 {
                    let mask: u32 = rng.gen::<u32>() & 0xff;
                    let k = rng.gen_range(1..6);
                    let r = [
                        a.add(&b),
                        a.sub(&b),
                        a.mul(&b),
                        a.square(),
                        a.neg(),
                        a.add_loose(&b).mul(&a.sub_loose(&b)),
                        a.sub_loose(&b).square(),
                        a.select(&b, mask),
                        a.pow2k(k),
                        F::splat(&sa[0]).mul(&b),
                    ];
                    let want: [[Fe; 8]; 10] = [
                        core::array::from_fn(|l| sa[l].add(&sb[l])),
                        core::array::from_fn(|l| sa[l].sub(&sb[l])),
                        core::array::from_fn(|l| sa[l].mul(&sb[l])),
                        core::array::from_fn(|l| sa[l].square()),
                        core::array::from_fn(|l| sa[l].neg()),
                        core::array::from_fn(|l| sa[l].add(&sb[l]).mul(&sa[l].sub(&sb[l]))),
                        core::array::from_fn(|l| sa[l].sub(&sb[l]).square()),
                        core::array::from_fn(|l| if mask >> l & 1 == 1 { sb[l] } else { sa[l] }),
                        core::array::from_fn(|l| sa[l].pow2k(k)),
                        core::array::from_fn(|l| sa[0].mul(&sb[l])),
                    ];
                    let names = [
                        "add",
                        "sub",
                        "mul",
                        "square",
                        "neg",
                        "loose mul",
                        "loose square",
                        "select",
                        "pow2k",
                        "splat mul",
                    ];
                    for ((x, w), name) in r.iter().zip(want.iter()).zip(names) {
                        same(x, w, &alloc::format!("{name}, round {round}"));
                    }
                    // Feed results back: two of the outputs become the next operands.
                    let (i, j) = (rng.gen_range(0..10), rng.gen_range(0..10));
                    (a, b, sa, sb) = (r[i], r[j], want[i], want[j]);
                }
            }
            F::L
        }
    }

    /// Each backend's field against the portable one, lane by lane, in this build
    /// (the IFMA and AVX2 backends through their run-time entries; a backend this
    /// machine lacks is skipped, and the test says which ran).
    #[test]
    fn every_backend_matches_the_portable_field() {
        for backend in Backend::ALL {
            if !backend.available() {
                std::eprintln!("{backend:?}: not on this machine, skipped");
                continue;
            }
            assert_eq!(
                dispatch_with(backend, FieldOps(0xf1e1d)),
                backend.lanes(),
                "{backend:?}"
            );
        }
    }

    /// `force_backend` and the choice it overrides: a forced backend runs when
    /// available; `None` restores the default choice (`BALLISTIC_BACKEND`, else the
    /// widest backend), so the CI run with `BALLISTIC_BACKEND=avx2` stays on AVX2.
    #[test]
    fn forcing_a_backend() {
        let default = force_backend(None);
        assert!(default.available());
        let wanted = from_environment();
        assert_eq!(
            default,
            wanted.filter(|b| b.available()).unwrap_or_else(best)
        );
        for b in Backend::ALL {
            let ran = force_backend(Some(b));
            assert_eq!(ran == b, b.available(), "{b:?}");
            assert_eq!(backend(), ran);
        }
        assert_eq!(force_backend(None), default);
        assert_eq!(Backend::from_name("Portable"), Some(Backend::Portable));
        assert_eq!(Backend::from_name("auto"), None);
    }

    /// Every backend's `gather_niels` puts word `i` of entry `e[l]` in limb `i` of
    /// lane `l`, exactly (limbs below `2^51` survive every backend's conversion
    /// unchanged), for repeated, adjacent and last-in-allocation entries.
    #[test]
    fn gather_niels_matches_the_entries() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x9a7e);
        let mut fe = || Fe(core::array::from_fn(|_| rng.gen::<u64>() >> 13));
        let entries: Vec<AffineNiels> = (0..67)
            .map(|_| AffineNiels {
                y_plus_x: fe(),
                y_minus_x: fe(),
                xy2d: fe(),
            })
            .collect();
        let last = entries.len() - 1;
        let mut sets: Vec<[usize; 8]> = (0..200)
            .map(|_| core::array::from_fn(|_| rng.gen_range(0..entries.len())))
            .collect();
        sets.push([last; 8]);
        sets.push(core::array::from_fn(|l| last - l));
        sets.push(core::array::from_fn(|l| l));
        for backend in Backend::ALL {
            // The backend that actually ran (dispatch falls back to the portable one
            // when a backend is not in this build or on this machine).
            let ran = if backend.available() {
                backend.lanes()
            } else {
                1
            };
            let lanes = dispatch_with(backend, Gather(entries.clone(), sets.clone()));
            assert_eq!(lanes, ran, "{backend:?} ran on the backend it names");
        }
    }
}
