//! Four lanes of AVX2, radix 2^25.5.
//!
//! | name | meaning |
//! |---|---|
//! | `F4` | four field elements, limb `i` of every lane in one 256-bit register (a `u64` per lane) |
//! | `s_i` | the width of limb `i`: 26 bits for even `i`, 25 for odd `i` |
//! | `w_i` | the weight of limb `i`: `2^⌈25.5·i⌉` = `2^0, 2^26, 2^51, 2^77, …, 2^230` |
//! | `m(x, y)` | the 64-bit product of the low 32 bits of `x` and `y` (`vpmuludq`) |
//!
//! **Invariant.** Every value this module returns, and every value [`FeLanes::from_fn`]
//! builds, has limbs `l_i < 2^s_i + 2^14`; every operation accepts exactly those. So
//! every value stays a valid input of every operation. The exceptions are
//! [`FeLanes::add_loose`] and [`FeLanes::sub_loose`]: they skip the carry, and their
//! results, below the **loose bound** `3·2^s_i + 2^14` (`< 2^27.59`), are accepted
//! only by the multiplication and the squaring, which return the invariant.
//!
//! **Multiplication** (ref10's schoolbook, 100 `vpmuludq`). `w_i + w_j = w_(i+j)`,
//! plus one when `i` and `j` are both odd; products of weight `2^255` or more wrap
//! with a factor 19. So column `k` is `c_k = Σ_(i+j≡k mod 10) a_i·b_j·(2 if i, j
//! odd)·(19 if i+j ≥ 10)`, computed as `m(a_i or 2·a_i, b_j or 19·b_j)`: with
//! operands up to the loose bound, `2·a_i < 2^27.6` and `19·b_j < 2^31.84`, so they
//! fit in 32 bits. With every limb at the loose bound the columns are below
//! `2^62.13` (`c_0`, the largest), `c_8 < 2^59.22` and `c_9 < 2^57.5`; no column
//! overflows. A sequential carry chain in two interleaved halves (0→1→2→3→4→5 and
//! 4→5→6→7→8→9) leaves every limb below `2^s_i` except limb 5 (below
//! `2^25 + 2^10.1`: limb 4 was at most `2^36.1` when carried a second time). The
//! carry `c` out of limb 9 is below `2^32.5`, so `19·c` is computed in 64 bits as
//! `c + 2c + 16c`; added to limb 0 and carried once more, it leaves limb 1 below
//! `2^25 + 2^10.8`. Squaring computes each of the 55 products `i ≤ j` once, with the
//! factor 2 of `i < j` on the left operand (`2·a_i < 2^28.6`) and the factors of odd
//! pairs and wrapping on the right (`19·a_j`, `38·a_j < 2^31.84` at the loose bound:
//! `38·a_j` only for odd `j`); its columns are those of `a·a`.
//!
//! **Additions** and subtractions (`a + 2p − b`, `2p_i ≥ 2^(s_i+1) − 38 > b_i`)
//! produce limbs below `2^(s_i+2)` and are followed by one parallel carry (limb `i`
//! keeps its low `s_i` bits plus the carry of limb `i−1`, at most 3; limb 0 receives
//! 19 times the carry of limb 9): limbs below `2^s_i + 57`. The loose forms skip
//! the carry (`a + b < 2^(s_i+1) + 2^15`, `a + 2p − b < 3·2^s_i + 2^14`); the point
//! formulas use them wherever the result is only multiplied (six of the seven
//! additions of a mixed addition, three of the six of a doubling).
//!
//! **Conversions.** [`FeLanes::from_fn`] splits each 64-bit serial limb `x_k` into
//! limbs `2k` (low 26 bits) and `2k+1` (the next 25 bits); the bits above 51 (below
//! `2^13`) are carried into limb `2k+2` (limb 0, times 19, then carried into limb 1),
//! so any serial [`Fe`] is accepted. [`FeLanes::lane`] recombines
//! `l_2k + l_(2k+1)·2^26 < 2^51 + 2^41 < 2^52`, a valid serial [`Fe`].
//!
//! **Cost.** A multiplication is 109 `vpmuludq` (100 products, `19·b_j`) and three
//! shifts and adds for `19·c`,
//! about 107 additions and 24 shifts and masks; a squaring 61 `vpmuludq` and about
//! 70 additions; an addition or subtraction about 40 instructions.
//!
//! **Code generation.** To the compiler, `vpmuludq` is a 64-bit multiplication of
//! operands masked to 32 bits. Where it can prove an operand below `2^32`, or sees
//! only the low 32 bits of a product used (as with `19·b_j`), it drops the mask,
//! and instruction selection, which cannot always re-prove the bound, then emits a
//! full 64×64-bit multiplication (five instructions instead of one). So
//! the inputs of every multiplication pass through an empty `asm!` block
//! (`v::opaque`), and the products by 19 that feed other products are `asm!`
//! themselves (`v::mul_opaque`).
//!
//! **Target feature.** The methods of `F4` are not `#[target_feature]` functions (trait
//! methods cannot be); they are `#[inline(always)]` and must be compiled inside
//! [`run`]'s `#[target_feature(enable = "avx2")]` entry. So every function between
//! that entry and the field operations must be `#[inline(always)]` too, including
//! the task's [`LaneTask::run`]: a generic function the compiler keeps out of line is
//! compiled without AVX2, and each intrinsic in it becomes a function call (an order
//! of magnitude slower, still correct). An `F4` can only be created on a machine with
//! AVX2: [`FeLanes::splat`] and [`FeLanes::from_fn`] check the (cached) run-time
//! detection, which is what makes the intrinsics below sound.

#![allow(unsafe_code)]

use core::arch::x86_64::__m256i;

use super::{AffineNiels, FeLanes, LaneTask};
use crate::curve::ristretto::field::Fe;

const MASK26: i64 = (1 << 26) - 1;
const MASK25: i64 = (1 << 25) - 1;

/// Safe wrappers of the intrinsics this backend uses.
///
/// SAFETY (every block below): these functions are called only by the methods of
/// [`F4`](super::F4) and by its constructors after [`check`](super::check). An `F4`
/// value exists only if its constructor found AVX2 on this machine (the detection is
/// cached and never changes), so the `avx`/`avx2` instructions exist wherever these
/// run.
mod v {
    use core::arch::x86_64 as x;
    pub use x::__m256i;
    #[inline(always)]
    pub fn add(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (this module's note).
        unsafe { x::_mm256_add_epi64(a, b) }
    }
    #[inline(always)]
    pub fn sub(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (this module's note).
        unsafe { x::_mm256_sub_epi64(a, b) }
    }
    #[inline(always)]
    pub fn and(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (this module's note).
        unsafe { x::_mm256_and_si256(a, b) }
    }
    /// Logical right shift of each 64-bit lane.
    #[inline(always)]
    pub fn shr<const S: i32>(a: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (this module's note).
        unsafe { x::_mm256_srli_epi64::<S>(a) }
    }
    /// Left shift of each 64-bit lane.
    #[inline(always)]
    pub fn shl<const S: i32>(a: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (this module's note).
        unsafe { x::_mm256_slli_epi64::<S>(a) }
    }
    /// The 64-bit products of the low 32 bits of each 64-bit lane.
    #[inline(always)]
    pub fn mul(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (this module's note).
        unsafe { x::_mm256_mul_epu32(a, b) }
    }
    #[inline(always)]
    pub fn splat(a: i64) -> __m256i {
        // SAFETY: AVX2 is present (this module's note).
        unsafe { x::_mm256_set1_epi64x(a) }
    }
    /// Lane `l` set to `e[l]`.
    #[inline(always)]
    pub fn set(e: [u64; 4]) -> __m256i {
        // SAFETY: AVX2 is present (this module's note).
        unsafe { x::_mm256_set_epi64x(e[3] as i64, e[2] as i64, e[1] as i64, e[0] as i64) }
    }
    /// `a`, hidden from the optimiser (no instruction).
    ///
    /// The intrinsic [`mul`] is, to the compiler, a 64-bit multiplication of operands
    /// masked to 32 bits. Where its analyses prove an operand below `2^32` (or only
    /// its low 32 bits used) it drops the mask, and instruction selection, which
    /// cannot always re-prove it, then emits a full 64×64-bit multiplication: five
    /// instructions instead of one `vpmuludq`. Passing the inputs of a multiplication
    /// through `opaque` keeps every mask, so each product is one `vpmuludq`.
    #[inline(always)]
    pub fn opaque(a: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (this module's note).
        unsafe { opaque_avx2(a) }
    }
    /// [`mul`] the optimiser cannot rewrite (the same reason as [`opaque`]), for the
    /// products by 19 that feed further products.
    #[inline(always)]
    pub fn mul_opaque(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (this module's note).
        unsafe { vpmuludq_avx2(a, b) }
    }
    /// # Safety
    ///
    /// The CPU must support AVX2 (`ymm` registers).
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn opaque_avx2(mut a: __m256i) -> __m256i {
        // SAFETY: an empty instruction sequence: it only claims to modify `a`.
        unsafe {
            core::arch::asm!(
                "/* {a} */",
                a = inout(ymm_reg) a,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        a
    }
    /// # Safety
    ///
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn vpmuludq_avx2(a: __m256i, b: __m256i) -> __m256i {
        let r;
        // SAFETY: `vpmuludq` reads two registers and writes a third: no memory,
        // stack or flags.
        // SAFETY: AVX2 is present (this module's note).
        unsafe {
            core::arch::asm!(
                "vpmuludq {r}, {a}, {b}",
                r = lateout(ymm_reg) r,
                a = in(ymm_reg) a,
                b = in(ymm_reg) b,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        r
    }
    /// The four 64-bit words at `p` (unaligned load).
    ///
    /// # Safety
    /// `p .. p + 4` must be readable.
    #[inline(always)]
    pub unsafe fn load4(p: *const u64) -> __m256i {
        // SAFETY: AVX2 is present (this module's note).
        unsafe { x::_mm256_loadu_si256(p as *const __m256i) }
    }
    /// Transposes a 4×4 block of 64-bit words: `out[j]` lane `l` = `r[l]` lane `j`
    /// (four unpacks, four 128-bit permutes).
    #[inline(always)]
    pub fn transpose4(r: [__m256i; 4]) -> [__m256i; 4] {
        // SAFETY: AVX2 is present (this module's note).
        unsafe {
            let t0 = x::_mm256_unpacklo_epi64(r[0], r[1]);
            let t1 = x::_mm256_unpackhi_epi64(r[0], r[1]);
            let t2 = x::_mm256_unpacklo_epi64(r[2], r[3]);
            let t3 = x::_mm256_unpackhi_epi64(r[2], r[3]);
            [
                x::_mm256_permute2x128_si256::<0x20>(t0, t2),
                x::_mm256_permute2x128_si256::<0x20>(t1, t3),
                x::_mm256_permute2x128_si256::<0x31>(t0, t2),
                x::_mm256_permute2x128_si256::<0x31>(t1, t3),
            ]
        }
    }
    /// All ones in the 64-bit lanes where `a = b`.
    #[inline(always)]
    pub fn eq(a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (this module's note).
        unsafe { x::_mm256_cmpeq_epi64(a, b) }
    }
    /// `b` where `m` is all ones, `a` where it is zero (byte by byte).
    #[inline(always)]
    pub fn blend(a: __m256i, b: __m256i, m: __m256i) -> __m256i {
        // SAFETY: AVX2 is present (this module's note).
        unsafe { x::_mm256_blendv_epi8(a, b, m) }
    }
}

/// Four field elements, one per lane, in ten limbs of radix 2^25.5.
#[derive(Clone, Copy)]
pub struct F4([__m256i; 10]);

/// Whether this machine has AVX2 (detected once, cached).
#[inline(always)]
pub fn available() -> bool {
    super::avx2_cpuid::get()
}

/// Runs a task with four AVX2 lanes, or with the portable backend if this machine has
/// no AVX2.
pub fn run<T: LaneTask>(task: T) -> T::Output {
    if available() {
        // SAFETY: the CPU has AVX2 (run-time detection just above), the only
        // requirement of calling an `avx2` target-feature function.
        unsafe { run_avx2(task) }
    } else {
        task.run::<Fe>()
    }
}

/// The task compiled with AVX2 enabled, so that the `#[inline(always)]` arithmetic
/// of [`F4`] inlines its intrinsics.
///
/// # Safety
///
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
unsafe fn run_avx2<T: LaneTask>(task: T) -> T::Output {
    super::align_frame();
    task.run::<F4>()
}

/// Panics unless this machine has AVX2; every `F4` constructor calls it first.
#[inline(always)]
fn check() {
    if !available() {
        no_avx2();
    }
}

#[cold]
#[inline(never)]
#[allow(clippy::panic)]
fn no_avx2() -> ! {
    panic!("ballistic: the AVX2 backend used on a machine without AVX2")
}

/// [`each`] over the ten limbs.
macro_rules! each10 {
    ($i:ident => $e:expr) => {
        each!($i => $e; 0 1 2 3 4 5 6 7 8 9)
    };
}

/// [`each`] over five entries.
macro_rules! each5 {
    ($i:ident => $e:expr) => {
        each!($i => $e; 0 1 2 3 4)
    };
}

#[inline(always)]
fn to_array(x: __m256i) -> [u64; 4] {
    // SAFETY: `__m256i` and `[u64; 4]` are 32 bytes of plain integers.
    unsafe { core::mem::transmute::<__m256i, [u64; 4]>(x) }
}

/// Carries limb `i` into limb `i + 1` (`i < 9`).
#[inline(always)]
fn carry(z: &mut [__m256i; 10], i: usize) {
    if i.is_multiple_of(2) {
        z[i + 1] = v::add(z[i + 1], v::shr::<26>(z[i]));
        z[i] = v::and(z[i], v::splat(MASK26));
    } else {
        z[i + 1] = v::add(z[i + 1], v::shr::<25>(z[i]));
        z[i] = v::and(z[i], v::splat(MASK25));
    }
}

/// Columns `c_k < 2^59` (with `c_8 < 2^56.1`, `c_9 < 2^54.4`) → limbs of the
/// invariant (see the module documentation).
#[inline(always)]
fn reduce(mut z: [__m256i; 10]) -> F4 {
    carry(&mut z, 0);
    carry(&mut z, 4);
    carry(&mut z, 1);
    carry(&mut z, 5);
    carry(&mut z, 2);
    carry(&mut z, 6);
    carry(&mut z, 3);
    carry(&mut z, 7);
    carry(&mut z, 4);
    carry(&mut z, 8);
    // c < 2^32.5 (loose operands): 19·c = c + 2c + 16c in 64 bits.
    let c = v::shr::<25>(z[9]);
    z[9] = v::and(z[9], v::splat(MASK25));
    let c19 = v::add(v::add(c, v::shl::<1>(c)), v::shl::<4>(c));
    z[0] = v::add(z[0], c19);
    carry(&mut z, 0);
    F4(z)
}

/// One parallel carry: limb `i` keeps its low `s_i` bits plus the carry of limb
/// `i − 1`; the carry of limb 9 comes back into limb 0 times 19 (input limbs below
/// `2^(s_i+2)`, so carries are at most 3).
#[inline(always)]
fn carry_parallel(x: [__m256i; 10]) -> F4 {
    let (m26, m25) = (v::splat(MASK26), v::splat(MASK25));
    let c: [__m256i; 10] = each10!(i => if i.is_multiple_of(2) {
        v::shr::<26>(x[i])
    } else {
        v::shr::<25>(x[i])
    });
    F4(each10!(i => {
        let low = v::and(x[i], if i.is_multiple_of(2) { m26 } else { m25 });
        let cin = if i == 0 {
            v::mul(c[9], v::splat(19))
        } else {
            c[i - 1]
        };
        v::add(low, cin)
    }))
}

/// Five vectors of serial limbs (any 64-bit values) → ten limbs of the invariant.
#[inline(always)]
fn split(x: [__m256i; 5]) -> F4 {
    let (m26, m25) = (v::splat(MASK26), v::splat(MASK25));
    let lo: [__m256i; 5] = each5!(k => v::and(x[k], m26));
    let hi: [__m256i; 5] = each5!(k => v::shr::<26>(x[k]));
    // hi < 2^38, so the carries are below 2^13.
    let c: [__m256i; 5] = each5!(k => v::shr::<25>(hi[k]));
    let mut z: [__m256i; 10] = each10!(i => {
        let k = i / 2;
        if i % 2 == 1 {
            v::and(hi[k], m25)
        } else if k == 0 {
            // 19·c_4 < 2^17.3 (a 32-bit product).
            v::add(lo[0], v::mul(c[4], v::splat(19)))
        } else {
            v::add(lo[k], c[k - 1])
        }
    });
    // Limb 0 is below 2^26 + 2^17.3: one more carry into limb 1 (at most 2).
    carry(&mut z, 0);
    F4(z)
}

#[inline(always)]
fn sum5(p: [__m256i; 5]) -> __m256i {
    v::add(v::add(v::add(p[0], p[1]), p[2]), v::add(p[3], p[4]))
}

#[inline(always)]
fn sum6(p: [__m256i; 6]) -> __m256i {
    v::add(
        v::add(v::add(p[0], p[1]), p[2]),
        v::add(v::add(p[3], p[4]), p[5]),
    )
}

#[inline(always)]
fn sum10(p: [__m256i; 10]) -> __m256i {
    v::add(
        v::add(v::add(v::add(p[0], p[1]), p[2]), v::add(p[3], p[4])),
        v::add(v::add(v::add(p[5], p[6]), p[7]), v::add(p[8], p[9])),
    )
}

/// `2p` in limbs: `2^27 − 38`, then alternately `2^26 − 2` (odd limbs) and
/// `2^27 − 2` (even limbs).
#[inline(always)]
fn two_p(i: usize) -> i64 {
    match (i, i % 2) {
        (0, _) => (1 << 27) - 38,
        (_, 1) => (1 << 26) - 2,
        _ => (1 << 27) - 2,
    }
}

impl FeLanes for F4 {
    const L: usize = 4;

    #[inline(always)]
    fn splat(f: &Fe) -> F4 {
        F4::from_fn(|_| *f)
    }

    #[inline(always)]
    fn from_fn<G: FnMut(usize) -> Fe>(mut g: G) -> F4 {
        check();
        let fes: [Fe; 4] = [g(0), g(1), g(2), g(3)];
        split(each5!(k => v::set([fes[0].0[k], fes[1].0[k], fes[2].0[k], fes[3].0[k]])))
    }

    #[inline(always)]
    fn lane(&self, l: usize) -> Fe {
        let l = l & 3;
        Fe(each5!(k => to_array(self.0[2 * k])[l] + (to_array(self.0[2 * k + 1])[l] << 26)))
    }

    #[inline(always)]
    fn lanes(&self) -> [Fe; 8] {
        let limbs: [[u64; 4]; 10] = core::array::from_fn(|i| to_array(self.0[i]));
        core::array::from_fn(|l| {
            let l = l & 3;
            Fe(each5!(k => limbs[2 * k][l] + (limbs[2 * k + 1][l] << 26)))
        })
    }

    #[inline(always)]
    fn add(&self, b: &F4) -> F4 {
        carry_parallel(self.add_loose(b).0)
    }

    #[inline(always)]
    fn sub(&self, b: &F4) -> F4 {
        carry_parallel(self.sub_loose(b).0)
    }

    /// No carry: limbs below `2^(s_i+1) + 2^15`, within the loose bound.
    #[inline(always)]
    fn add_loose(&self, b: &F4) -> F4 {
        F4(each10!(i => v::add(self.0[i], b.0[i])))
    }

    /// No carry: limbs below `2^s_i + 2^14 + 2p_i < 3·2^s_i + 2^14`, the loose bound.
    #[inline(always)]
    fn sub_loose(&self, b: &F4) -> F4 {
        F4(each10!(i => v::sub(v::add(self.0[i], v::splat(two_p(i))), b.0[i])))
    }

    #[inline(always)]
    fn neg(&self) -> F4 {
        carry_parallel(each10!(i => v::sub(v::splat(two_p(i)), self.0[i])))
    }

    #[inline(always)]
    #[rustfmt::skip]
    fn mul(&self, b: &F4) -> F4 {
        let a: [__m256i; 10] = each10!(i => v::opaque(self.0[i]));
        let b: [__m256i; 10] = each10!(j => v::opaque(b.0[j]));
        let n19 = v::splat(19);
        // Only the odd ones and b19[1..] are used (the rest is dead code).
        let a2: [__m256i; 10] = each10!(i => v::add(a[i], a[i]));
        let b19: [__m256i; 10] = each10!(j => v::mul_opaque(b[j], n19));
        let m = v::mul;
        reduce([
            sum10([m(a[0], b[0]), m(a2[1], b19[9]), m(a[2], b19[8]), m(a2[3], b19[7]), m(a[4], b19[6]), m(a2[5], b19[5]), m(a[6], b19[4]), m(a2[7], b19[3]), m(a[8], b19[2]), m(a2[9], b19[1])]),
            sum10([m(a[0], b[1]), m(a[1], b[0]), m(a[2], b19[9]), m(a[3], b19[8]), m(a[4], b19[7]), m(a[5], b19[6]), m(a[6], b19[5]), m(a[7], b19[4]), m(a[8], b19[3]), m(a[9], b19[2])]),
            sum10([m(a[0], b[2]), m(a2[1], b[1]), m(a[2], b[0]), m(a2[3], b19[9]), m(a[4], b19[8]), m(a2[5], b19[7]), m(a[6], b19[6]), m(a2[7], b19[5]), m(a[8], b19[4]), m(a2[9], b19[3])]),
            sum10([m(a[0], b[3]), m(a[1], b[2]), m(a[2], b[1]), m(a[3], b[0]), m(a[4], b19[9]), m(a[5], b19[8]), m(a[6], b19[7]), m(a[7], b19[6]), m(a[8], b19[5]), m(a[9], b19[4])]),
            sum10([m(a[0], b[4]), m(a2[1], b[3]), m(a[2], b[2]), m(a2[3], b[1]), m(a[4], b[0]), m(a2[5], b19[9]), m(a[6], b19[8]), m(a2[7], b19[7]), m(a[8], b19[6]), m(a2[9], b19[5])]),
            sum10([m(a[0], b[5]), m(a[1], b[4]), m(a[2], b[3]), m(a[3], b[2]), m(a[4], b[1]), m(a[5], b[0]), m(a[6], b19[9]), m(a[7], b19[8]), m(a[8], b19[7]), m(a[9], b19[6])]),
            sum10([m(a[0], b[6]), m(a2[1], b[5]), m(a[2], b[4]), m(a2[3], b[3]), m(a[4], b[2]), m(a2[5], b[1]), m(a[6], b[0]), m(a2[7], b19[9]), m(a[8], b19[8]), m(a2[9], b19[7])]),
            sum10([m(a[0], b[7]), m(a[1], b[6]), m(a[2], b[5]), m(a[3], b[4]), m(a[4], b[3]), m(a[5], b[2]), m(a[6], b[1]), m(a[7], b[0]), m(a[8], b19[9]), m(a[9], b19[8])]),
            sum10([m(a[0], b[8]), m(a2[1], b[7]), m(a[2], b[6]), m(a2[3], b[5]), m(a[4], b[4]), m(a2[5], b[3]), m(a[6], b[2]), m(a2[7], b[1]), m(a[8], b[0]), m(a2[9], b19[9])]),
            sum10([m(a[0], b[9]), m(a[1], b[8]), m(a[2], b[7]), m(a[3], b[6]), m(a[4], b[5]), m(a[5], b[4]), m(a[6], b[3]), m(a[7], b[2]), m(a[8], b[1]), m(a[9], b[0])]),
        ])
    }

    #[inline(always)]
    #[rustfmt::skip]
    fn square(&self) -> F4 {
        let a: [__m256i; 10] = each10!(i => v::opaque(self.0[i]));
        let n19 = v::splat(19);
        // Used: a2[0..9], a19[6..10], a38[5, 7, 9] (the rest is dead code).
        let a2: [__m256i; 10] = each10!(i => v::add(a[i], a[i]));
        let a19: [__m256i; 10] = each10!(j => v::mul_opaque(a[j], n19));
        let a38: [__m256i; 10] = each10!(j => v::add(a19[j], a19[j]));
        let m = v::mul;
        reduce([
            sum6([m(a[0], a[0]), m(a2[1], a38[9]), m(a2[2], a19[8]), m(a2[3], a38[7]), m(a2[4], a19[6]), m(a[5], a38[5])]),
            sum5([m(a2[0], a[1]), m(a2[2], a19[9]), m(a2[3], a19[8]), m(a2[4], a19[7]), m(a2[5], a19[6])]),
            sum6([m(a2[0], a[2]), m(a[1], a2[1]), m(a2[3], a38[9]), m(a2[4], a19[8]), m(a2[5], a38[7]), m(a[6], a19[6])]),
            sum5([m(a2[0], a[3]), m(a2[1], a[2]), m(a2[4], a19[9]), m(a2[5], a19[8]), m(a2[6], a19[7])]),
            sum6([m(a2[0], a[4]), m(a2[1], a2[3]), m(a[2], a[2]), m(a2[5], a38[9]), m(a2[6], a19[8]), m(a[7], a38[7])]),
            sum5([m(a2[0], a[5]), m(a2[1], a[4]), m(a2[2], a[3]), m(a2[6], a19[9]), m(a2[7], a19[8])]),
            sum6([m(a2[0], a[6]), m(a2[1], a2[5]), m(a2[2], a[4]), m(a[3], a2[3]), m(a2[7], a38[9]), m(a[8], a19[8])]),
            sum5([m(a2[0], a[7]), m(a2[1], a[6]), m(a2[2], a[5]), m(a2[3], a[4]), m(a2[8], a19[9])]),
            sum6([m(a2[0], a[8]), m(a2[1], a2[7]), m(a2[2], a[6]), m(a2[3], a2[5]), m(a[4], a[4]), m(a[9], a38[9])]),
            sum5([m(a2[0], a[9]), m(a2[1], a[8]), m(a2[2], a[7]), m(a2[3], a[6]), m(a2[4], a[5])]),
        ])
    }

    #[inline(always)]
    fn gather_niels(e: &[&AffineNiels; 8]) -> [F4; 3] {
        check();
        // Each entry is `#[repr(C)]` 15 consecutive `u64` (and a padding word, never
        // read): words 0..4, 4..8, 8..12 and
        // 11..15 of the four entries, each block transposed, give the 15 radix-2^51
        // limbs lane by lane (loads and shuffles instead of building every vector
        // from four scalars).
        let p = |l: usize| e[l] as *const AffineNiels as *const u64;
        let block = |o: usize| {
            // SAFETY: words o..o + 4 with o + 4 <= 15 of the live entry e[l].
            v::transpose4(core::array::from_fn(|l| unsafe { v::load4(p(l).add(o)) }))
        };
        let (a, b, c, d) = (block(0), block(4), block(8), block(11));
        let w = [
            a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3], c[0], c[1], c[2], c[3], d[1], d[2],
            d[3],
        ];
        [
            split(each5!(k => w[k])),
            split(each5!(k => w[5 + k])),
            split(each5!(k => w[10 + k])),
        ]
    }

    #[inline(always)]
    fn prefetch(e: &AffineNiels) {
        super::prefetch_entry(e);
    }

    #[inline(always)]
    fn select(&self, b: &F4, mask: u32) -> F4 {
        // Lane l of `sel` is all ones iff bit l of `mask` is set (no branch).
        let bits = v::set([1, 2, 4, 8]);
        let sel = v::eq(v::and(v::splat(mask as i64), bits), bits);
        F4(each10!(i => v::blend(self.0[i], b.0[i], sel)))
    }
}

#[cfg(test)]
mod tests {
    use super::super::{dispatch_with, Backend};
    use super::*;
    use rand::{Rng, SeedableRng};

    /// Widths `s_i` and the invariant's bound `2^s_i + 2^14`.
    fn bound(i: usize) -> u64 {
        (1u64 << (26 - (i % 2))) + (1 << 14)
    }

    fn limbs(x: &F4) -> [[u64; 10]; 4] {
        let a: [[u64; 4]; 10] = core::array::from_fn(|i| to_array(x.0[i]));
        core::array::from_fn(|l| core::array::from_fn(|i| a[i][l]))
    }

    fn assert_invariant(x: &F4) {
        for (l, lane) in limbs(x).iter().enumerate() {
            for (i, &li) in lane.iter().enumerate() {
                assert!(li < bound(i), "lane {l} limb {i} = {li:#x} out of bounds");
            }
        }
    }

    /// `F4` with the given limbs (any values within the invariant).
    fn from_limbs(l: [[u64; 10]; 4]) -> F4 {
        check();
        F4(core::array::from_fn(|i| {
            v::set([l[0][i], l[1][i], l[2][i], l[3][i]])
        }))
    }

    /// The serial element with the same value as ten limbs: `w_2k = 51k` and
    /// `w_(2k+1) = 51k + 26`.
    fn serial(l: &[u64; 10]) -> Fe {
        Fe(core::array::from_fn(|k| l[2 * k] + (l[2 * k + 1] << 26)))
    }

    fn random_fe(rng: &mut impl Rng) -> Fe {
        Fe(core::array::from_fn(|_| match rng.gen_range(0..8) {
            0 => 0,
            1 => (1 << 51) - 1,
            2 => (1 << 52) - 1,
            _ => rng.gen::<u64>() >> 12,
        }))
    }

    fn random_limbs(rng: &mut impl Rng) -> [[u64; 10]; 4] {
        core::array::from_fn(|_| {
            core::array::from_fn(|i| match rng.gen_range(0..4) {
                0 => 0,
                1 => bound(i) - 1,
                _ => rng.gen_range(0..bound(i)),
            })
        })
    }

    /// Every operation on `x`, `y` against the serial arithmetic on `xs`, `ys` (the
    /// same values), lane by lane.
    fn check_ops(x: &F4, y: &F4, xs: &[Fe; 4], ys: &[Fe; 4], mask: u32) {
        // The serial operations take limbs below 2^54.
        let xs: [Fe; 4] = core::array::from_fn(|l| xs[l].weak_reduce());
        let ys: [Fe; 4] = core::array::from_fn(|l| ys[l].weak_reduce());
        assert_invariant(x);
        assert_invariant(y);
        type Serial = fn(&Fe, &Fe) -> Fe;
        let ops: [(F4, Serial); 10] = [
            // Loose sums and differences as either operand of a product.
            (x.sub_loose(y).mul(&y.add_loose(x)), |a, b| {
                a.sub(b).mul(&b.add(a))
            }),
            (y.add_loose(x).mul(&y.sub_loose(x)), |a, b| {
                b.add(a).mul(&b.sub(a))
            }),
            (x.sub_loose(y).square(), |a, b| a.sub(b).square()),
            (x.mul(&y.add_loose(y)), |a, b| a.mul(&b.add(b))),
            (x.mul(y), |a, b| a.mul(b)),
            (x.square(), |a, _| a.square()),
            (x.add(y), |a, b| a.add(b)),
            (x.sub(y), |a, b| a.sub(b)),
            (x.neg(), |a, _| a.neg()),
            (y.sub(x), |a, b| b.sub(a)),
        ];
        for (got, want) in ops.iter() {
            assert_invariant(got);
            for l in 0..4 {
                assert_eq!(got.lane(l).to_bytes(), want(&xs[l], &ys[l]).to_bytes());
            }
        }
        let sel = x.select(y, mask);
        assert_invariant(&sel);
        for l in 0..4 {
            let want = if (mask >> l) & 1 == 1 { ys[l] } else { xs[l] };
            assert_eq!(sel.lane(l).to_bytes(), want.to_bytes());
        }
    }

    fn all_checks() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(25);
        // Random serial elements, with extreme limbs, through `from_fn` and `lane`.
        for _ in 0..2000 {
            let xs: [Fe; 4] = core::array::from_fn(|_| random_fe(&mut rng));
            let ys: [Fe; 4] = core::array::from_fn(|_| random_fe(&mut rng));
            let (x, y) = (F4::from_fn(|l| xs[l]), F4::from_fn(|l| ys[l]));
            for (l, f) in xs.iter().enumerate() {
                assert_eq!(x.lane(l).to_bytes(), f.to_bytes());
                assert!(x.lane(l).0.iter().all(|&k| k < 1 << 52));
            }
            check_ops(&x, &y, &xs, &ys, rng.gen());
        }
        // Serial limbs 2^52 − 1 and 2^64 − 1 (any 64-bit limbs are accepted).
        for top in [(1u64 << 52) - 1, u64::MAX] {
            let f = Fe([top; 5]);
            let x = F4::splat(&f);
            assert_invariant(&x);
            check_ops(&x, &x, &[f; 4], &[f; 4], 0b0101);
        }
        // Raw limbs anywhere within the invariant, and all at its maximum.
        let top: [[u64; 10]; 4] = [core::array::from_fn(|i| bound(i) - 1); 4];
        for r in 0..2000 {
            let (lx, ly) = if r == 0 {
                (top, top)
            } else {
                (random_limbs(&mut rng), random_limbs(&mut rng))
            };
            let xs: [Fe; 4] = core::array::from_fn(|l| serial(&lx[l]));
            let ys: [Fe; 4] = core::array::from_fn(|l| serial(&ly[l]));
            check_ops(&from_limbs(lx), &from_limbs(ly), &xs, &ys, rng.gen());
        }
        // Loose operands anywhere up to the loose bound `3·2^s_i + 2^14`, and all at
        // its maximum: products and squares are exact and within the invariant.
        let loose = |i: usize| 3 * (1u64 << (26 - (i % 2))) + (1 << 14);
        for r in 0..2000 {
            let (lx, ly): ([[u64; 10]; 4], [[u64; 10]; 4]) = if r == 0 {
                let top = [core::array::from_fn(|i| loose(i) - 1); 4];
                (top, top)
            } else {
                let mut l = || -> [[u64; 10]; 4] {
                    core::array::from_fn(|_| {
                        core::array::from_fn(|i| match rng.gen_range(0..4) {
                            0 => loose(i) - 1,
                            1 => 0,
                            _ => rng.gen_range(0..loose(i)),
                        })
                    })
                };
                (l(), l())
            };
            let (x, y) = (from_limbs(lx), from_limbs(ly));
            for l in 0..4 {
                let (xs, ys) = (serial(&lx[l]).weak_reduce(), serial(&ly[l]).weak_reduce());
                assert_eq!(x.mul(&y).lane(l).to_bytes(), xs.mul(&ys).to_bytes());
                assert_eq!(x.square().lane(l).to_bytes(), xs.square().to_bytes());
            }
            assert_invariant(&x.mul(&y));
            assert_invariant(&x.square());
        }
        // Chains of 1,000 random operations, from the maximal limbs.
        for chain in 0..4 {
            let (mut x, mut y) = (from_limbs(top), from_limbs(random_limbs(&mut rng)));
            let mut xs: [Fe; 4] = core::array::from_fn(|l| x.lane(l));
            let mut ys: [Fe; 4] = core::array::from_fn(|l| y.lane(l));
            if chain == 1 {
                y = from_limbs(top);
                ys = xs;
            }
            for _ in 0..1000 {
                let mask: u32 = rng.gen();
                let op = rng.gen_range(0..8);
                let nx = match op {
                    0 => x.mul(&y),
                    1 => x.square(),
                    2 => x.add(&y),
                    3 => x.sub(&y),
                    4 => x.neg(),
                    5 => x.select(&y, mask),
                    6 => x.sub_loose(&y).mul(&x.add_loose(&y)),
                    _ => x.add(&x).add(&x.add(&x)),
                };
                let nxs: [Fe; 4] = core::array::from_fn(|l| {
                    let (a, b) = (&xs[l], &ys[l]);
                    match op {
                        0 => a.mul(b),
                        1 => a.square(),
                        2 => a.add(b),
                        3 => a.sub(b),
                        4 => a.neg(),
                        5 => {
                            if (mask >> l) & 1 == 1 {
                                *b
                            } else {
                                *a
                            }
                        }
                        6 => a.sub(b).mul(&a.add(b)),
                        _ => a.add(a).add(&a.add(a)),
                    }
                });
                assert_invariant(&nx);
                for (l, f) in nxs.iter().enumerate() {
                    assert_eq!(nx.lane(l).to_bytes(), f.to_bytes());
                }
                // Alternate which operand is fed back.
                (y, ys) = (x, xs);
                (x, xs) = (nx, nxs);
            }
        }
    }

    struct Check;
    impl LaneTask for Check {
        type Output = usize;
        #[inline(always)]
        fn run<F: FeLanes>(self) -> usize {
            if F::L == 4 {
                all_checks();
            }
            F::L
        }
    }

    #[test]
    fn matches_serial_arithmetic() {
        if !available() {
            return;
        }
        assert_eq!(dispatch_with(Backend::Avx2, Check), 4);
    }
}
