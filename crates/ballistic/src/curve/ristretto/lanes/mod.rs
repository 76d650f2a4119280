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
//!   compiled when the build enables the target feature (e.g.
//!   `RUSTFLAGS="-C target-cpu=native"`), the same policy as curve25519-dalek 5's own
//!   IFMA backend, so that benchmarks compare like with like.
//! * **AVX2** (four lanes, radix 2^25.5): detected at run time (`cpufeatures`) and
//!   chosen by [`backend`] when IFMA is not compiled in: the default on x86-64.
//! * **portable** ([`Fe`] itself, one lane): the reference the others are tested
//!   against, and the fallback everywhere else.
//!
//! All operations are constant time; the algorithms decide what is public.

use super::edwards::AffineNiels;
use super::field::Fe;

#[cfg(all(target_arch = "x86_64", target_feature = "avx512ifma"))]
pub mod ifma;

#[cfg(target_arch = "x86_64")]
pub mod avx2;

/// `L` field elements modulo `2^255 − 19`, operated on lane by lane.
///
/// Bounds: every value returned by an operation may be the input of any other.
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

/// The backend [`dispatch`] uses on this machine and build.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// Eight lanes of AVX-512 IFMA (compiled in with the target feature).
    Ifma,
    /// Four lanes of AVX2 (detected at run time).
    Avx2,
    /// One lane of portable 64-bit arithmetic.
    Portable,
}

#[cfg(target_arch = "x86_64")]
cpufeatures::new!(avx2_cpuid, "avx2");

impl Backend {
    /// Field elements per vector: 8, 4 or 1.
    ///
    /// # Example
    /// ```
    /// # #[cfg(feature = "unstable-internals")] {
    /// use ballistic::curve::ristretto::lanes::Backend;
    /// assert_eq!(Backend::Avx2.lanes(), 4);
    /// # }
    /// ```
    pub fn lanes(self) -> usize {
        match self {
            Backend::Ifma => 8,
            Backend::Avx2 => 4,
            Backend::Portable => 1,
        }
    }

    /// Whether this build on this machine runs this backend: IFMA when the build
    /// enables `avx512ifma`, AVX2 when the CPU has it (detected once), portable
    /// always. [`dispatch_with`] runs the portable backend in place of an
    /// unavailable one.
    ///
    /// # Example
    /// ```
    /// # #[cfg(feature = "unstable-internals")] {
    /// use ballistic::curve::ristretto::lanes::{backend, Backend};
    /// assert!(Backend::Portable.available());
    /// assert!(backend().available());
    /// # }
    /// ```
    pub fn available(self) -> bool {
        match self {
            Backend::Ifma => cfg!(all(target_arch = "x86_64", target_feature = "avx512ifma")),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => avx2_cpuid::get(),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Avx2 => false,
            Backend::Portable => true,
        }
    }
}

/// The backend [`dispatch`] selects in this build on this machine.
///
/// Every [`LaneTask::run`] given to [`dispatch`] must be `#[inline(always)]`, and so
/// must everything it calls down to the field operations (see [`avx2`]): otherwise
/// the task is compiled without the entry's target features and runs many times
/// slower (still correctly).
pub fn backend() -> Backend {
    [Backend::Ifma, Backend::Avx2]
        .into_iter()
        .find(|b| b.available())
        .unwrap_or(Backend::Portable)
}

/// The number of lanes of [`backend`] (8, 4 or 1).
pub fn backend_lanes() -> usize {
    backend().lanes()
}

/// Runs `task` on the best available backend.
#[inline]
pub fn dispatch<T: LaneTask>(task: T) -> T::Output {
    dispatch_with(backend(), task)
}

/// Runs `task` on `backend`, or on the portable one if `backend` is not available in
/// this build or on this machine.
pub fn dispatch_with<T: LaneTask>(backend: Backend, task: T) -> T::Output {
    match backend {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx512ifma"))]
        Backend::Ifma => ifma::run(task),
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
        for backend in [Backend::Ifma, Backend::Avx2, Backend::Portable] {
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
