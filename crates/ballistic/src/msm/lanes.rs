//! Multiscalar multiplication on `L` SIMD lanes at once, variable time.
//!
//! | name | meaning |
//! |---|---|
//! | `L` | lanes of the backend ([`LanePoint::LANES`]: 8 with AVX-512 IFMA, 4 with AVX2, 1 portable) |
//! | `k` | number of points; `b` = 253 scalar bits |
//! | `A_mix`, `A`, `D` | vector mixed addition, full addition, doubling (`L` of them at once) |
//! | `c`, `H` | Pippenger window width, `H = 2^(c−1)` buckets |
//!
//! Both algorithms rest on one fact: a sum of point terms may be split across `L`
//! accumulators in any way, as long as the accumulators are treated alike (doubled
//! together) and added at the end. So every lane does useful work, whatever the
//! scalars are.
//!
//! **Straus by events** ([`straus`]): width-`w` NAF digits, grouped by bit position
//! (a counting sort). From the top bit down: double all `L` accumulators, then add
//! the `E_b` non-zero digits of this bit `L` at a time, each lane taking the next
//! digit whatever term it belongs to. Cost: `b·D + Σ_b ⌈E_b / L⌉·A_mix` vector
//! operations; with `Σ E_b ≈ k·b/(w+1)`, about `b·D + (k·b/(w+1))/L·A_mix` plus
//! half an addition per bit for the last partial group. A single 64-bit range proof
//! (147 points, tables of width 8 for the 130 fixed ones) needs ≈ 253 doublings and
//! ≈ 4,500/L additions.
//!
//! **Pippenger with sorted buckets** ([`PippengerInput::Windows`]): signed radix-`2^c` digits; per
//! window, the points are sorted by bucket (a counting sort) and the sorted list is
//! cut into `L` equal runs, one per lane. Each lane adds its run's points into its
//! accumulator and, where the bucket changes, flushes the accumulator into the bucket
//! (a lane extraction; two lanes meeting in one bucket are added serially). The
//! buckets are then summed with weights `1..H` by the running-sum trick on `L` ranges
//! of `H/L` buckets at once, and the `L` range sums are combined with their offsets.
//! Cost per window: `⌈k/L⌉·A_mix + 2·(H/L)·A + (flushes: ≤ H + L lane extractions)`;
//! [`window`] minimises the total over `c`.
//!
//! **Fixed-base Pippenger** ([`PippengerInput::Shifted`]) for points known in advance
//! (the generators of a large shape): with the `h` shifted copies `2^(c·j)·P` of every
//! point precomputed, the digits of all windows index one set of buckets, so the
//! whole sum is **one** bucket pass over `k·h` entries and one bucket sum:
//! `⌈k·h/L⌉·A_mix + 2·(H/L)·A + flushes`, no doublings. With the per-window bucket
//! sums gone, wider windows pay: at `k = 4,096`, `c = 12` needs `22·k + 2H`
//! additions where windowed Pippenger (`c = 10`) needs `26·(k + 2H)` plus 253
//! doublings, about 30 % fewer, for 22 entries (2.75 KiB) of memory per point
//! ([`shifted_window`]; its windows stop at 12, where the buckets still fit in L2).

use alloc::vec;
use alloc::vec::Vec;

/// `L` points processed lane by lane, and the serial types they come from.
pub trait LanePoint: Copy {
    /// A table entry (an affine point prepared for mixed additions).
    type Entry: 'static;
    /// A single point.
    type Point: Copy;
    /// Number of lanes.
    const LANES: usize;
    /// Every lane the identity.
    fn identity() -> Self;
    /// Doubles every lane.
    fn double(&self) -> Self;
    /// Lane `l` plus `±g(l)` (minus where bit `l` of `neg` is set).
    fn add_entries<'a, G: FnMut(usize) -> &'a Self::Entry>(&self, g: G, neg: u32) -> Self;
    /// Lane by lane `self + other`.
    fn add(&self, other: &Self) -> Self;
    /// Lane `l` from `other` where bit `l` of `mask` is set.
    fn select(&self, other: &Self, mask: u32) -> Self;
    /// The point in lane `l`.
    fn lane(&self, l: usize) -> Self::Point;
    /// Every lane's point (entry `l` is lane `l % LANES`), in one pass.
    #[inline(always)]
    fn lanes(&self) -> [Self::Point; 8] {
        core::array::from_fn(|l| self.lane(l % Self::LANES))
    }
    /// Lane `l` set to `g(l)`.
    fn from_points<G: FnMut(usize) -> Self::Point>(g: G) -> Self;
    /// `a + b` for single points.
    fn point_add(a: &Self::Point, b: &Self::Point) -> Self::Point;
    /// The single identity point.
    fn point_identity() -> Self::Point;
    /// Asks the memory system for a table entry that will be added soon (a hint;
    /// default: nothing).
    #[inline(always)]
    fn prefetch(_e: &Self::Entry) {}
    /// The identity as a table entry (for lanes with nothing to add).
    fn identity_entry() -> &'static Self::Entry;

    /// The sum of all lanes.
    #[inline(always)]
    fn sum_lanes(&self) -> Self::Point {
        let all = self.lanes();
        let mut acc = all[0];
        for p in all.iter().take(Self::LANES).skip(1) {
            acc = Self::point_add(&acc, p);
        }
        acc
    }
}

/// The input of [`straus`]: tables of odd multiples and the non-zero NAF digits of
/// their scalars, as events `(bit, table, digit)`.
pub struct Straus<'t, E> {
    tables: Vec<&'t [E]>,
    events: Vec<(u16, i16, u32)>,
}

impl<'t, E> Default for Straus<'t, E> {
    fn default() -> Self {
        Straus {
            tables: Vec::new(),
            events: Vec::new(),
        }
    }
}

impl<'t, E> Straus<'t, E> {
    /// An empty sum with room for `terms` terms.
    pub fn with_capacity(terms: usize) -> Self {
        Straus {
            tables: Vec::with_capacity(terms),
            events: Vec::with_capacity(terms * 32),
        }
    }

    /// Adds the terms `scalars[i]·P_i` with `tables(i)` the odd multiples of `P_i`
    /// (as in [`Straus::push`]), recoding several scalars in lockstep.
    pub fn push_many<G: FnMut(usize) -> Option<&'t [E]>>(
        &mut self,
        scalars: &[[u64; 4]],
        w: usize,
        mut tables: G,
    ) {
        let base = self.tables.len();
        for i in 0..scalars.len() {
            match tables(i) {
                Some(t) => self.tables.push(t),
                None => self.tables.push(&[]),
            }
        }
        let events = &mut self.events;
        wnaf_sparse_many(scalars, w, |i, bit, d| {
            events.push((bit, d, (base + i) as u32));
        });
    }

    /// Adds the term `s·P`, with `table` the odd multiples `P, 3P, …` of `P`
    /// (`table.len() = 2^(w−2)`) and `s` a 256-bit little-endian scalar recoded to
    /// width-`w` NAF. Zero scalars add nothing.
    #[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
    pub fn push(&mut self, table: &'t [E], s: &[u64; 4], w: usize) {
        let t = self.tables.len() as u32;
        let before = self.events.len();
        wnaf_sparse(s, w, |bit, d| self.events.push((bit, d, t)));
        if self.events.len() > before {
            self.tables.push(table);
        }
    }
}

/// The state of one width-`w` NAF recoding (see [`wnaf_sparse`]).
#[derive(Clone, Copy)]
struct NafState {
    /// The scalar, with two zero limbs on top (windows past bit 255 read zeros).
    x: [u64; 6],
    pos: usize,
    carry: u64,
}

impl NafState {
    fn new(s: &[u64; 4]) -> Self {
        NafState {
            x: [s[0], s[1], s[2], s[3], 0, 0],
            pos: 0,
            carry: 0,
        }
    }

    /// The next non-zero digit `(bit, d)`, or `None` when the scalar is exhausted.
    /// Runs of zeros (or, under a carry, of ones) are skipped with one
    /// `trailing_zeros`, so a digit costs about a dozen instructions, not one per bit.
    #[inline(always)]
    fn next(&mut self, w: usize) -> Option<(u16, i16)> {
        let width = 1i64 << w;
        let mask = (width - 1) as u64;
        // The next position whose bit differs from the carry: with no carry the next
        // set bit; under a carry the next clear bit (the run of ones below it turns
        // into zeros and the carry lands there).
        let flip = 0u64.wrapping_sub(self.carry);
        loop {
            let idx = self.pos >> 6;
            if idx >= 4 && (self.carry == 0 || idx >= 5) {
                return None;
            }
            let cur = (self.x.get(idx).copied().unwrap_or(0) ^ flip) >> (self.pos & 63);
            if cur != 0 {
                self.pos += cur.trailing_zeros() as usize;
                break;
            }
            self.pos = (idx + 1) << 6;
        }
        if self.pos >= 257 || (self.carry == 0 && self.pos >= 256) {
            return None;
        }
        let (idx, bit) = (self.pos >> 6, self.pos & 63);
        let lo = self.x.get(idx).copied().unwrap_or(0) >> bit;
        // `<< 1 << (63 − bit)`: no branch, and zero for `bit = 0`.
        let hi = (self.x.get(idx + 1).copied().unwrap_or(0) << 1) << (63 - bit);
        // Odd by construction: the bit at `pos` plus the carry is 1 (mod 2).
        let window = (self.carry + ((lo | hi) & mask)) as i64;
        let neg = (window >= width / 2) as i64;
        let out = (self.pos as u16, (window - neg * width) as i16);
        self.carry = neg as u64;
        self.pos += w;
        Some(out)
    }
}

/// Calls `emit(bit, digit)` for the non-zero digits of the width-`w` NAF of `s`
/// (`2 ≤ w ≤ 15`), least significant first.
#[cfg_attr(not(feature = "unstable-internals"), allow(dead_code))]
#[inline]
pub fn wnaf_sparse<F: FnMut(u16, i16)>(s: &[u64; 4], w: usize, mut emit: F) {
    debug_assert!((2..=15).contains(&w));
    let mut st = NafState::new(s);
    while let Some((bit, d)) = st.next(w) {
        emit(bit, d);
    }
}

/// Scalars recoded in lockstep by [`wnaf_sparse_many`].
const NAF_INTERLEAVE: usize = 4;

/// [`wnaf_sparse`] of many scalars, `NAF_INTERLEAVE` (4) at a time in lockstep: one recoding is a
/// chain of dependent loads and shifts, so interleaving independent ones lets the
/// processor overlap them. Calls `emit(index, bit, digit)`.
#[inline]
pub fn wnaf_sparse_many<F: FnMut(usize, u16, i16)>(scalars: &[[u64; 4]], w: usize, mut emit: F) {
    debug_assert!((2..=15).contains(&w));
    for (c, chunk) in scalars.chunks(NAF_INTERLEAVE).enumerate() {
        let mut st: [NafState; NAF_INTERLEAVE] =
            core::array::from_fn(|j| NafState::new(chunk.get(j).unwrap_or(&[0; 4])));
        let mut live = [true; NAF_INTERLEAVE];
        for (j, l) in live.iter_mut().enumerate() {
            *l = j < chunk.len();
        }
        while live.iter().any(|l| *l) {
            for j in 0..NAF_INTERLEAVE {
                if live[j] {
                    match st[j].next(w) {
                        Some((bit, d)) => emit(NAF_INTERLEAVE * c + j, bit, d),
                        None => live[j] = false,
                    }
                }
            }
        }
    }
}

/// `Σ s_t·P_t` by Straus on `L` lanes (see the module doc). A digit whose table
/// entry is missing is skipped (never happens for tables of the digits' width).
#[inline(always)]
pub fn straus<P: LanePoint>(input: &Straus<'_, P::Entry>) -> P::Point {
    straus_multi::<P>(core::slice::from_ref(input))
        .pop()
        .unwrap_or(P::point_identity())
}

/// How many steps ahead the Straus schedule prefetches its table entries.
const STRAUS_PREFETCH_AHEAD: usize = 1;

/// One step of a Straus schedule: double every lane, or add a group of table entries
/// (with the lanes to negate).
enum Op<'t, E> {
    Double,
    Add([&'t E; 8], u32),
}

/// Several independent Straus sums at once, sharing the doublings: with `k` inputs,
/// each gets `L/k` lanes (rounded down to a power of two; at least one), and inputs
/// are processed `L / lanes-per-input` at a time. So two sums (a round's `L_k` and
/// `R_k` in the prover) share one set of doublings, and many small sums (the
/// prover's materialised generators) run one per lane.
#[inline(always)]
pub fn straus_multi<P: LanePoint>(inputs: &[Straus<'_, P::Entry>]) -> Vec<P::Point> {
    let lanes = P::LANES;
    let mut per = (lanes / inputs.len().max(1)).max(1);
    while !per.is_power_of_two() {
        per -= 1;
    }
    let slots = lanes / per;
    let mut out = Vec::with_capacity(inputs.len());
    // Per input: its entries and signs sorted by bit (a counting sort; the table
    // lookup done once per digit here) and the start of every bit's run.
    let mut sorted: Vec<Vec<(&P::Entry, bool)>> = Vec::with_capacity(slots);
    let mut starts: Vec<[u32; 258]> = Vec::with_capacity(slots);
    for round in inputs.chunks(slots) {
        sorted.clear();
        starts.clear();
        let mut top: Option<usize> = None;
        for input in round {
            let mut start = [0u32; 258];
            for &(bit, _, _) in &input.events {
                if let Some(x) = start.get_mut(bit as usize + 1) {
                    *x += 1;
                }
            }
            for bit in 0..257 {
                start[bit + 1] += start[bit];
            }
            let mut fill = start;
            let mut ev: Vec<(&P::Entry, bool)> =
                vec![(P::identity_entry(), false); start[257] as usize];
            for &(bit, d, t) in &input.events {
                if let Some(f) = fill.get_mut(bit as usize) {
                    // A digit whose table entry is missing adds the identity (never
                    // happens for tables of the digits' width).
                    let entry = input
                        .tables
                        .get(t as usize)
                        .and_then(|t| t.get((d.unsigned_abs() >> 1) as usize));
                    if let (Some(slot), Some(e)) = (ev.get_mut(*f as usize), entry) {
                        *slot = (e, d < 0);
                    }
                    *f += 1;
                }
            }
            if let Some(b) = (0..257).rev().find(|&b| start[b + 1] > start[b]) {
                top = Some(top.map_or(b, |t: usize| t.max(b)));
            }
            sorted.push(ev);
            starts.push(start);
        }
        // The schedule first (doublings and groups of table entries), then its
        // execution with the entries of the next group prefetched: table lookups are
        // random accesses, often beyond L2 for large shapes.
        let mut ops: Vec<Op<'_, P::Entry>> = Vec::new();
        if let Some(top) = top {
            for bit in (0..=top).rev() {
                ops.push(Op::Double);
                // This bit's run of every input, `per` digits per group.
                let mut runs: [&[(&P::Entry, bool)]; 8] = [&[]; 8];
                for (slot, (st, ev)) in starts.iter().zip(&sorted).enumerate().take(8) {
                    runs[slot] = ev
                        .get(st[bit] as usize..st[bit + 1] as usize)
                        .unwrap_or(&[]);
                }
                while runs.iter().any(|r| !r.is_empty()) {
                    let mut neg = 0u32;
                    let mut entries: [&P::Entry; 8] = [P::identity_entry(); 8];
                    for (slot, run) in runs.iter_mut().enumerate().take(round.len()) {
                        let (group, rest) = run.split_at(per.min(run.len()));
                        for (j, &(e, n)) in group.iter().enumerate() {
                            let l = (slot * per + j) & 7;
                            entries[l] = e;
                            neg |= (n as u32) << l;
                        }
                        *run = rest;
                    }
                    ops.push(Op::Add(entries, neg));
                }
            }
        }
        let mut acc = P::identity();
        for (k, op) in ops.iter().enumerate() {
            if let Some(Op::Add(next, _)) = ops.get(k + STRAUS_PREFETCH_AHEAD) {
                for e in next.iter().take(lanes) {
                    P::prefetch(e);
                }
            }
            acc = match op {
                Op::Double => acc.double(),
                Op::Add(entries, neg) => acc.add_entries(|l| entries[l & 7], *neg),
            };
        }
        for slot in 0..round.len() {
            let mut sum = acc.lane(slot * per);
            for j in 1..per {
                sum = P::point_add(&sum, &acc.lane(slot * per + j));
            }
            out.push(sum);
        }
    }
    out
}

/// Number of windows of width `c` for 256-bit scalars (plus the last carry).
fn windows(c: usize) -> usize {
    256 / c + 1
}

/// Relative costs of the cost model, in half vector multiplications.
const COST_A_MIX: usize = 14;
const COST_A: usize = 18;
/// A flush: a lane extraction, a store and, rarely, a serial addition (measured as
/// about two vector additions).
const COST_FLUSH: usize = 32;

/// The serial work of one entry of a bucket pass (its digit and word in the
/// counting sort, its word in the step, its share of the transposition into
/// lanes), which does not shrink with the lanes, in the same units: one (half a
/// vector multiplication) against the eight-lane IFMA field, none against the
/// slower four-lane AVX2 field and the serial one. Only [`shifted_window`] counts it:
/// the windows of [`window`] (batches) were chosen without it, and it would move
/// eight-lane windows only above about 20,000 points. Chosen by paired criterion
/// rounds of `verify/n64_m8` with the window forced to 10 and 11 (IFMA and AVX2).
const fn cost_entry(lanes: usize) -> usize {
    if lanes >= 8 {
        1
    } else {
        0
    }
}

/// The widest window of [`shifted_window`]: 2,048 buckets (320 KiB of points),
/// which stay in L2 beside the streamed entries. The model's terms would take
/// `c = 13` for n = 64, m = 32 on eight lanes, whose 640 KiB of buckets do not.
/// Chosen by paired criterion rounds of `verify/n64_m32` (IFMA) at `c` = 12 and 13.
const SHIFTED_C_MAX: usize = 12;

/// The modelled lane-parallel cost of one bucket pass over `entries` entries into
/// `2^(c−1)` buckets on `lanes` lanes (see the module doc).
fn pass_cost(entries: usize, c: usize, lanes: usize) -> usize {
    let h = 1usize << (c - 1);
    let lanes = lanes.max(1);
    entries.div_ceil(lanes) * COST_A_MIX
        + 2 * h.div_ceil(lanes) * COST_A
        + entries.min(h) * COST_FLUSH / lanes
}

/// How many steps ahead the Pippenger bucket accumulation prefetches its entries.
const PIPPENGER_PREFETCH_AHEAD: usize = 4;

/// The Pippenger window for `k` points on `lanes` lanes, by the cost model of the
/// module doc.
pub fn window(k: usize, lanes: usize) -> usize {
    (4..=16)
        .min_by_key(|&c| windows(c) * pass_cost(k, c, lanes))
        .unwrap_or(8)
}

/// The input of [`pippenger_run`]: a multiplication by Pippenger's method.
///
/// One entry point for both forms (and one call site of the bucket pass) keeps the
/// inlined lane code to one copy per backend: everything below a lane backend's
/// entry is `#[inline(always)]`, so every call site is a full copy, and each copy
/// of the bucket pass costs minutes of optimised compilation.
#[derive(Clone, Copy)]
pub enum PippengerInput<'a, E> {
    /// `Σ s_i·E_i` (`E_i = entries[i]`, the prepared points), window by window
    /// with windows of `c` bits (`2 ≤ c ≤ 16`; `0`: [`window`] for this many points
    /// on the backend's lanes), doubling between windows.
    Windows {
        /// 256-bit little-endian scalars.
        scalars: &'a [[u64; 4]],
        /// The prepared points.
        entries: &'a [E],
        /// The window width.
        c: usize,
    },
    /// **Fixed-base Pippenger**: `Σ s_t·P_(index[t])` where `entries` holds, for every
    /// point `P_i`, its `h` = [`shifted_copies`]`(c)` shifted copies `2^(c·j)·P_i`
    /// (entry `i·h + j`). With the signed `c`-bit digits `d_tj` of `s_t`,
    /// `s_t·P = Σ_j d_tj·(2^(c·j)·P)`, so every window of every point goes into
    /// **one** set of `2^(c−1)` buckets: one bucket pass over `k·h` entries and one
    /// weighted bucket sum, with no doublings and no per-window bucket sums. Cost
    /// `⌈k·h/L⌉·A_mix + 2·⌈H/L⌉·A + flushes`, against
    /// `h·(⌈k/L⌉·A_mix + 2·⌈H/L⌉·A + flushes) + b·D` for `Windows`; the price is
    /// `h` entries of memory per point. `index = None` means `index[t] = t` (a
    /// dense sum; the prover's rounds use subsets); a term whose point has no
    /// copies in `entries` adds nothing.
    Shifted {
        /// 256-bit little-endian scalars.
        scalars: &'a [[u64; 4]],
        /// The point of every term (`None`: term `t` is point `t`).
        index: Option<&'a [usize]>,
        /// The shifted copies, point-major.
        entries: &'a [E],
        /// The window width (`2 ≤ c ≤ 16`) the copies were made for.
        c: usize,
    },
}

/// Number of shifted copies `2^(c·j)·P`, `j < h`, that [`PippengerInput::Shifted`] needs
/// per point for scalars below `2^256` with windows of `c` bits: the number of
/// signed windows, `⌊256/c⌋ + 1`.
pub fn shifted_copies(c: usize) -> usize {
    windows(c.clamp(2, 16))
}

/// The window of [`PippengerInput::Shifted`] for `k` points on `lanes` lanes: it
/// minimises `k·h(c)·(A_mix/L + e_L) + 2·(H/L)·A + flushes` (one bucket pass, one
/// bucket sum, no doublings), with `h(c)` = [`shifted_copies`]`(c)` and `e_L` the
/// serial work of an entry (`cost_entry`), over `c ≤ SHIFTED_C_MAX` (12).
///
/// # Example
/// ```
/// # #[cfg(feature = "unstable-internals")] {
/// use ballistic::msm::lanes::shifted_window;
/// // n = 64, m = 8 (1,024 generator points): four AVX2 lanes, eight IFMA lanes.
/// assert_eq!(shifted_window(1024, 4), 10);
/// assert_eq!(shifted_window(1024, 8), 11);
/// # }
/// ```
pub fn shifted_window(k: usize, lanes: usize) -> usize {
    (4..=SHIFTED_C_MAX)
        .min_by_key(|&c| {
            let entries = k * shifted_copies(c);
            pass_cost(entries, c, lanes) + entries * cost_entry(lanes)
        })
        .unwrap_or(SHIFTED_C_MAX)
}

/// The buckets a run of [`pippenger_run_buckets`] fills: all `2^(c−1)` of them,
/// or one half (digits with `|d| ≤ 2^(c−2)`, or above). Every sum is linear in
/// the buckets, so the two halves' results add up to the whole: two threads split
/// one multiplication without repeating each other's bucket work (each computes
/// the digits and, for the upper half, a bucket sum over all buckets).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buckets {
    /// Every bucket: the whole multiplication.
    All,
    /// Buckets of `|d| ≤ 2^(c−2)`.
    Lower,
    /// Buckets of `|d| > 2^(c−2)`.
    Upper,
}

/// Runs a [`PippengerInput`] on `L` lanes (see the module doc): the digits, then
/// the bucket passes from the top window down (one pass for shifted copies), with
/// `c` doublings between two windows.
#[inline(always)]
pub fn pippenger_run<P: LanePoint>(input: &PippengerInput<'_, P::Entry>) -> P::Point {
    pippenger_run_buckets::<P>(input, Buckets::All)
}

/// [`pippenger_run`] over the buckets `part` only (see [`Buckets`]).
#[inline(always)]
pub fn pippenger_run_buckets<P: LanePoint>(
    input: &PippengerInput<'_, P::Entry>,
    part: Buckets,
) -> P::Point {
    // `digits`: every pass's digits in a row (window-major for `Windows`,
    // point-major for `Shifted`); `map`: the entry of every digit of a sparse
    // shifted sum (else digit `e` of a pass uses entry `e`).
    let (c, passes, digits, map, entries) = match *input {
        PippengerInput::Windows {
            scalars,
            entries,
            c,
        } => {
            let k = scalars.len().min(entries.len());
            let c = if c == 0 {
                window(k, P::LANES)
            } else {
                c.clamp(2, 16)
            };
            let w = windows(c);
            let mut digits = vec![0i32; k * w];
            let mut one = vec![0i32; w];
            for (i, s) in scalars.iter().take(k).enumerate() {
                super::pippenger::signed_digits(s, c, &mut one);
                for (win, d) in one.iter().enumerate() {
                    if let Some(slot) = digits.get_mut(win * k + i) {
                        *slot = *d;
                    }
                }
            }
            (c, w, digits, None, entries)
        }
        PippengerInput::Shifted {
            scalars,
            index,
            entries,
            c,
        } => {
            let c = c.clamp(2, 16);
            let h = shifted_copies(c);
            let mut digits = vec![0i32; scalars.len() * h];
            for (s, out) in scalars.iter().zip(digits.chunks_exact_mut(h)) {
                super::pippenger::signed_digits(s, c, out);
            }
            // A sparse sum names its entries; an index past the tables maps past
            // them (`u32::MAX`: the term adds nothing).
            let map: Option<Vec<u32>> = index.map(|ix| {
                (0..digits.len())
                    .map(|e| {
                        ix.get(e / h)
                            .and_then(|i| i.checked_mul(h))
                            .and_then(|x| u32::try_from(x + e % h).ok())
                            .unwrap_or(u32::MAX)
                    })
                    .collect()
            });
            (c, 1, digits, map, entries)
        }
    };
    let per_pass = digits.len() / passes.max(1);
    let mut pass = BucketPass::<P>::new(c, per_pass);
    let mut total = P::point_identity();
    let mut started = false;
    for p in (0..passes).rev() {
        if started {
            for _ in 0..c {
                total = double_point::<P>(&total);
            }
        }
        let pass_digits = digits.get(p * per_pass..(p + 1) * per_pass).unwrap_or(&[]);
        if let Some(sum) = pass.run(pass_digits, entries, map.as_deref(), part) {
            started = true;
            total = P::point_add(&total, &sum);
        }
    }
    total
}

/// The scratch space of one bucket pass with `2^(c−1)` buckets (reused across the
/// windows of [`pippenger_run`]).
struct BucketPass<P: LanePoint> {
    count: Vec<u32>,
    /// The digits of the pass's part sorted by bucket, [`BucketPass::run`]'s
    /// words: the entry index times four, plus [`LAST`] and [`NEG`]; padded with
    /// [`PAD`] to `L` equal pieces; after them the sink (zero digits and the other
    /// part's), which no lane reads.
    sorted: Vec<u32>,
    /// The bucket `|d| − 1` of every sorted digit (`u32::MAX` in the sink).
    sorted_bucket: Vec<u32>,
    buckets: Vec<P::Point>,
    filled: Vec<bool>,
}

/// A sorted digit is negative.
const NEG: u32 = 1;
/// A sorted digit is the last of its bucket in its lane's piece: flush after it.
const LAST: u32 = 2;
/// Padding after the last sorted digit: the entry index `2^30 − 1`, past every
/// table (adds the identity entry), neither negative nor last. Real entry indices
/// are below it: the largest shifted tables (`VERIFIER_TABLE_MAX_LEN` = 2,048,
/// 4,096 generators) hold about `2^17` entries, and a windowed pass has one entry
/// per point (`2^30` of them would take 128 GiB).
const PAD: u32 = !(NEG | LAST);

impl<P: LanePoint> BucketPass<P> {
    /// Scratch for `2^(c−1)` buckets and up to `k` digits per pass.
    fn new(c: usize, k: usize) -> Self {
        let h = 1usize << (c - 1);
        BucketPass {
            count: vec![0; h + 1],
            sorted: vec![PAD; k + P::LANES],
            sorted_bucket: vec![0; k + P::LANES],
            buckets: vec![P::point_identity(); h],
            filled: vec![false; h],
        }
    }

    /// `Σ_i d_i·E_i` over the digits of `part` (see [`Buckets`]), with
    /// `E_i = entries[map[i]]` (`entries[i]` without a map; an
    /// entry past the end adds nothing) and signed digits `|d_i| ≤ 2^(c−1)`
    /// (`digits.len()` at most the `k` of [`BucketPass::new`]); `None` if no digit
    /// is in `part`. Those digits are counting-sorted by bucket, each as one word
    /// (entry index, sign, and whether it ends its bucket's run in its lane's
    /// piece), and the sorted run, padded at its end, is cut into `L` equal pieces
    /// (trailing pieces may be padding only), one per lane; each
    /// lane adds its piece into its accumulator, flushing it into the bucket where
    /// the bucket changes (a lane extraction; two lanes meeting in one bucket are
    /// added serially); then the weighted bucket sum.
    #[inline(always)]
    fn run(
        &mut self,
        digits: &[i32],
        entries: &[P::Entry],
        map: Option<&[u32]>,
        part: Buckets,
    ) -> Option<P::Point> {
        let lanes = P::LANES;
        debug_assert!(
            entries.len() < (PAD >> 2) as usize,
            "entry indices fit a word"
        );
        debug_assert!(
            digits.len() + lanes <= self.sorted.len(),
            "digits fit the scratch"
        );
        // The entry of digit `i` (past the tables for an index past the map).
        let entry_index = |i: usize| -> u32 {
            let e = match map {
                Some(m) => m.get(i).copied().unwrap_or(u32::MAX),
                None => u32::try_from(i).unwrap_or(u32::MAX),
            };
            e.min(PAD >> 2)
        };
        let entry = |w: u32| {
            entries
                .get((w >> 2) as usize)
                .unwrap_or(P::identity_entry())
        };
        let BucketPass {
            count,
            sorted,
            sorted_bucket,
            buckets,
            filled,
        } = self;
        // The digits of `part`: `|d|` in `lo..=hi` (zero is in no bucket).
        let half = (buckets.len() / 2) as u32;
        let (lo, hi) = match part {
            Buckets::All => (1, buckets.len() as u32),
            Buckets::Lower => (1, half),
            Buckets::Upper => (half + 1, buckets.len() as u32),
        };
        // The counting slot of a digit: `|d|` for a digit of `part`, else slot 0, a
        // sink placed after every bucket (no branch on the digits: with half of
        // them in `part`, a branch would be mispredicted half of the time).
        let slot = |d: i32| -> usize {
            let a = d.unsigned_abs();
            let keep = a.wrapping_sub(lo) <= hi - lo;
            (a * u32::from(keep)) as usize
        };
        // Counting sort of the digits by slot: buckets `|d| − 1` in order, then the sink.
        count.iter_mut().for_each(|x| *x = 0);
        for &d in digits {
            if let Some(x) = count.get_mut(slot(d)) {
                *x += 1;
            }
        }
        let mut pos = 0u32;
        for x in count.iter_mut().skip(1) {
            let n = *x;
            *x = pos;
            pos += n;
        }
        let nz = pos as usize;
        if nz == 0 {
            return None;
        }
        if let Some(sink) = count.first_mut() {
            *sink = pos;
        }
        for (i, &d) in digits.iter().enumerate() {
            let b = slot(d);
            if let Some(x) = count.get_mut(b) {
                let at = *x as usize;
                *x += 1;
                if let (Some(s), Some(sb)) = (sorted.get_mut(at), sorted_bucket.get_mut(at)) {
                    *s = (entry_index(i) << 2) | if d < 0 { NEG } else { 0 };
                    *sb = (b as u32).wrapping_sub(1);
                }
            }
        }
        // Lane l walks sorted[l·run .. (l + 1)·run]; it flushes after the last digit
        // of every bucket (count[b] is now the end of bucket b − 1's run) and at the
        // end of its piece.
        let run = nz.div_ceil(lanes);
        let padded = run * lanes;
        sorted
            .get_mut(nz..padded)
            .into_iter()
            .flatten()
            .for_each(|s| *s = PAD);
        let piece_ends = (1..lanes).map(|l| l * run).filter(|&e| e < nz);
        // (The sink's end, count[0], lies past the run: not a bucket's.)
        for end in count.iter().skip(1).map(|&e| e as usize).chain(piece_ends) {
            if let Some(s) = end.checked_sub(1).and_then(|at| sorted.get_mut(at)) {
                *s |= LAST;
            }
        }
        filled.iter_mut().for_each(|f| *f = false);
        let mut acc = P::identity();
        let word = |at: usize| sorted.get(at).copied().unwrap_or(PAD);
        for step in 0..run {
            // The entries are random accesses (a batch's points exceed L2): ask for
            // those of a later step now.
            let ahead = step + PIPPENGER_PREFETCH_AHEAD;
            if ahead < run {
                for l in 0..lanes {
                    P::prefetch(entry(word(l * run + ahead)));
                }
            }
            let mut w = [PAD; 8];
            for (l, slot) in w.iter_mut().enumerate().take(lanes) {
                *slot = word(l * run + step);
            }
            let (mut neg, mut flush) = (0u32, 0u32);
            for (l, &x) in w.iter().enumerate().take(lanes) {
                neg |= (x & NEG) << l;
                flush |= ((x & LAST) >> 1) << l;
            }
            acc = acc.add_entries(|l| entry(w[l & 7]), neg);
            // Flush the lanes whose bucket ends here (all lanes extracted in one pass).
            if flush != 0 {
                let points = acc.lanes();
                for (l, p) in points.iter().enumerate().take(lanes) {
                    if (flush >> l) & 1 == 1 {
                        let b = sorted_bucket.get(l * run + step).copied().unwrap_or(0) as usize;
                        if let (Some(slot), Some(f)) = (buckets.get_mut(b), filled.get_mut(b)) {
                            *slot = if *f { P::point_add(slot, p) } else { *p };
                            *f = true;
                        }
                    }
                }
                acc = acc.select(&P::identity(), flush);
            }
        }
        for (slot, f) in buckets.iter_mut().zip(filled.iter()) {
            if !*f {
                *slot = P::point_identity();
            }
        }
        // The lower half's buckets are a prefix: its sum stops there.
        let used = match part {
            Buckets::Lower => buckets.get(..half as usize).unwrap_or(buckets),
            _ => buckets,
        };
        Some(weighted_bucket_sum::<P>(used))
    }
}

/// `2·p` for a single point, through lane 0.
#[inline(always)]
fn double_point<P: LanePoint>(p: &P::Point) -> P::Point {
    P::from_points(|_| *p).double().lane(0)
}

/// `Σ_b (b + 1)·buckets[b]` by running sums on `L` ranges at once.
#[inline(always)]
fn weighted_bucket_sum<P: LanePoint>(buckets: &[P::Point]) -> P::Point {
    let h = buckets.len();
    let lanes = P::LANES;
    if h < lanes || h % lanes != 0 {
        // Serial running sums.
        let mut run = P::point_identity();
        let mut sum = P::point_identity();
        for b in buckets.iter().rev() {
            run = P::point_add(&run, b);
            sum = P::point_add(&sum, &run);
        }
        return sum;
    }
    let per = h / lanes;
    // Lane l sums the range [l·per, (l+1)·per) from the top: run_l = Σ B, sum_l =
    // Σ (b − l·per + 1)·B.
    let mut run = P::identity();
    let mut sum = P::identity();
    for t in 0..per {
        let col = P::from_points(|l| {
            buckets
                .get((l + 1) * per - 1 - t)
                .copied()
                .unwrap_or(P::point_identity())
        });
        run = run.add(&col);
        sum = sum.add(&run);
    }
    // Add l·per·run_l: multiply run by the lane index l (< 8, three bits) with
    // per-lane selects, then by per (a power of two) with doublings.
    let mut mult = P::identity();
    for bit in (0..3).rev() {
        mult = mult.double();
        let mut mask = 0u32;
        for l in 0..lanes {
            if (l >> bit) & 1 == 1 {
                mask |= 1 << l;
            }
        }
        if mask != 0 {
            let added = mult.add(&run);
            mult = mult.select(&added, mask);
        }
    }
    let mut p = per;
    while p > 1 {
        mult = mult.double();
        p >>= 1;
    }
    sum.add(&mult).sum_lanes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The windows the cost model gives the generator tables of n = 64,
    /// m = 8, 16, 32 (1,024, 2,048 and 4,096 points), pinned to the choices measured
    /// by paired criterion rounds of one binary with the window forced
    /// (`verify/n64_m{8,16,32}`) and by alternating `crates/bench/src/bin/profile.rs agg M`
    /// processes. Known gap: eight lanes measure m = 16 faster at 11 than at the 12
    /// pinned here, and no value of `cost_entry` gives 11, 11, 12 (that needs a new
    /// term in the model). Any change of the constants that moves them needs new
    /// measurements.
    #[test]
    fn shifted_windows_are_the_measured_choices() {
        let picks = |lanes| [1024, 2048, 4096].map(|k| shifted_window(k, lanes));
        assert_eq!(picks(4), [10, 11, 12]);
        assert_eq!(picks(8), [11, 12, 12]);
        // The windowed form keeps its choices for a batch's points.
        assert_eq!(window(17 * 1024, 4), 10);
        assert_eq!(window(17 * 1024, 8), 10);
    }

    #[test]
    fn sparse_naf_matches_dense_naf() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
        let mut cases: Vec<[u64; 4]> = vec![
            [0; 4],
            [1, 0, 0, 0],
            [u64::MAX; 4],
            [u64::MAX, u64::MAX, 0, 0],
            [0, 0, 0, 1 << 63],
            [0x5555_5555_5555_5555; 4],
        ];
        for _ in 0..2000 {
            let mut s = [0u64; 4];
            for x in s.iter_mut() {
                *x = match rng.gen_range(0..4) {
                    0 => 0,
                    1 => u64::MAX,
                    _ => rng.gen(),
                };
            }
            cases.push(s);
        }
        for s in &cases {
            for w in 2..=10 {
                let dense = crate::msm::straus::wnaf(s, w);
                let mut sparse = [0i16; 257];
                wnaf_sparse(s, w, |bit, d| sparse[bit as usize] = d);
                assert_eq!(dense, sparse, "w = {w}, s = {s:x?}");
            }
        }
        // Four at a time, any count.
        for count in [0usize, 1, 3, 4, 5, 9, 64] {
            for w in [5usize, 8] {
                let mut many = alloc::vec![[0i16; 257]; count];
                wnaf_sparse_many(&cases[..count], w, |i, bit, d| many[i][bit as usize] = d);
                for (s, got) in cases.iter().zip(&many) {
                    assert_eq!(*got, crate::msm::straus::wnaf(s, w));
                }
            }
        }
    }
}
