//! Pippenger's bucket method with signed digits, variable time.
//!
//! | name | meaning |
//! |---|---|
//! | `k` | number of points |
//! | `c` | window width in bits; `W = ⌊256/c⌋ + 1` windows cover a 256-bit scalar plus the last carry |
//! | `d` | a signed digit, `−2^(c−1) ≤ d < 2^(c−1)` |
//! | `A`, `A_mix`, `D` | point addition, addition of an affine point, doubling |
//!
//! **Algorithm.** Every scalar is recoded into `W` signed radix-`2^c` digits (a digit
//! `≥ 2^(c−1)` becomes `d − 2^c` with a carry into the next window), so only
//! `2^(c−1)` buckets are needed per window. For each window from the top: shift the
//! accumulator by `c` doublings; add `±P_i` (affine) into bucket `|d_i| − 1`; then
//! sum the buckets with weights `1, 2, …, 2^(c−1)` by the running-sum trick (two
//! additions per bucket) and add the result.
//!
//! **Cost model** (secp256k1 complete formulas, `A_mix` = 11M, `A` = 12M, `D` = 8M):
//! `W·(k·A_mix + 2^c·A) + 256·D` plus the affine conversion of the inputs (3M per
//! point, one inversion). [`window`] picks the `c` that minimises it; at `k = 147`,
//! `c = 5` (≈ 480M per point); at `k = 17,130` (a batch of 1000 single proofs),
//! `c = 11` (≈ 300M per point). Empty buckets are skipped (a flag, not an addition
//! of the identity), which matters when `2^(c−1)` is comparable to `k`.
//!
//! **Batch-affine buckets** ([`msm_batch_affine`], for groups with [`BatchAffine`]):
//! instead of adding points into projective buckets one by one (`A_mix` = 11M each),
//! the points of each bucket are summed as a tree of affine additions, all the
//! additions of one tree level across all buckets sharing one field inversion
//! (Montgomery's trick). An affine addition then costs `λ = Δy·(Δx)⁻¹`, `x₃ = λ² − x₁ −
//! x₂`, `y₃ = λ(x₁ − x₃) − y₁` plus 3M for its share of the batched inversion:
//! **≈ 6M**, and `log2(k/2^(c−1))` inversions per window (EdMSM, eprint 2022/1396
//! §5.3; gnark-crypto uses it for `c ≥ 10`). Cost model:
//! `W·(k·6M + 2^c·A + levels·I) + 256·D`; [`window_batch_affine`] minimises it.

use alloc::vec;

use alloc::vec::Vec;

use super::{BatchAffine, MsmPoint};

/// Relative costs (in field multiplications) of the operations of the cost model.
const A_MIX: usize = 11;
const A_FULL: usize = 12;

/// Number of windows for width `c`.
fn windows(c: usize) -> usize {
    256 / c + 1
}

/// The window width that minimises the modelled cost for `k` points.
pub fn window(k: usize) -> usize {
    (2..=16)
        .min_by_key(|&c| windows(c) * (k * A_MIX + (1usize << c) * A_FULL))
        .unwrap_or(8)
}

/// Signed radix-`2^c` digits of a 256-bit little-endian scalar, least significant
/// first, written to `out` (length [`windows`]`(c)`).
pub(crate) fn signed_digits(s: &[u64; 4], c: usize, out: &mut [i32]) {
    let mask = (1u64 << c) - 1;
    let half = 1i64 << (c - 1);
    let mut carry = 0i64;
    for (j, d) in out.iter_mut().enumerate() {
        let pos = j * c;
        let (idx, bit) = (pos / 64, pos % 64);
        let lo = if idx < 4 { s[idx] >> bit } else { 0 };
        let hi = if bit + c > 64 && idx + 1 < 4 {
            s[idx + 1] << (64 - bit)
        } else {
            0
        };
        let v = ((lo | hi) & mask) as i64 + carry;
        if v >= half {
            *d = (v - (1i64 << c)) as i32;
            carry = 1;
        } else {
            *d = v as i32;
            carry = 0;
        }
    }
    debug_assert_eq!(carry, 0);
}

/// `Σ s_i·P_i` by Pippenger's method with the window of [`window`]. Scalars are
/// 256-bit little-endian limbs.
pub fn msm<P: MsmPoint>(scalars: &[[u64; 4]], points: &[P]) -> P {
    let k = scalars.len().min(points.len());
    msm_with_window(&scalars[..k], &points[..k], window(k))
}

/// [`msm`] with an explicit window width `c` (`2..=20`).
pub fn msm_with_window<P: MsmPoint>(scalars: &[[u64; 4]], points: &[P], c: usize) -> P {
    let k = scalars.len().min(points.len());
    if k == 0 {
        return P::identity();
    }
    let c = c.clamp(2, 20);
    let w = windows(c);
    let affine = P::batch_to_affine(&points[..k]);
    let mut digits = vec![0i32; k * w];
    for (s, out) in scalars.iter().zip(digits.chunks_mut(w)) {
        signed_digits(s, c, out);
    }
    let nb = 1usize << (c - 1);
    let mut buckets = vec![P::identity(); nb];
    let mut used = vec![false; nb];
    let mut acc = P::identity();
    for j in (0..w).rev() {
        for _ in 0..c {
            acc = acc.double();
        }
        used.iter_mut().for_each(|u| *u = false);
        for (i, p) in affine.iter().enumerate() {
            let d = digits[i * w + j];
            if d == 0 {
                continue;
            }
            let b = (d.unsigned_abs() - 1) as usize;
            if !used[b] {
                used[b] = true;
                buckets[b] = if d > 0 {
                    P::from_affine(p)
                } else {
                    P::from_affine(&P::neg_affine(p))
                };
            } else if d > 0 {
                buckets[b] = buckets[b].add_affine(p);
            } else {
                buckets[b] = buckets[b].sub_affine(p);
            }
        }
        // Σ (b+1)·bucket[b] = Σ_t (Σ_{b ≥ t} bucket[b]).
        let mut running = P::identity();
        let mut sum = P::identity();
        let mut any = false;
        for b in (0..nb).rev() {
            if used[b] {
                running = if any {
                    running.add(&buckets[b])
                } else {
                    buckets[b]
                };
                any = true;
            }
            if any {
                sum = sum.add(&running);
            }
        }
        acc = acc.add(&sum);
    }
    acc
}

/// The window width that minimises the batch-affine cost model for `k` points
/// (additions ≈ 6M, one ≈ 270M inversion per tree level).
pub fn window_batch_affine(k: usize) -> usize {
    (4..=16)
        .min_by_key(|&c| {
            let per_bucket = (k >> (c - 1)).max(1);
            let levels = (usize::BITS - per_bucket.leading_zeros()) as usize + 1;
            windows(c) * (k * 6 + (1usize << c) * A_FULL + levels * 270)
        })
        .unwrap_or(10)
}

/// `Σ s_i·P_i` by Pippenger's method with batch-affine buckets (see the module
/// documentation). Scalars are 256-bit little-endian limbs.
pub fn msm_batch_affine<P: BatchAffine>(scalars: &[[u64; 4]], points: &[P]) -> P {
    let k = scalars.len().min(points.len());
    msm_batch_affine_with_window(&scalars[..k], &points[..k], window_batch_affine(k))
}

/// [`msm_batch_affine`] with an explicit window width `c` (`2..=20`).
pub fn msm_batch_affine_with_window<P: BatchAffine>(
    scalars: &[[u64; 4]],
    points: &[P],
    c: usize,
) -> P {
    let k = scalars.len().min(points.len());
    if k == 0 {
        return P::identity();
    }
    let c = c.clamp(2, 20);
    let w = windows(c);
    let affine = P::to_batch_affine(&points[..k]);
    let neg: Vec<P::BatchAffinePoint> = affine.iter().map(P::neg_batch_affine).collect();
    let mut digits = vec![0i32; k * w];
    for (s, out) in scalars.iter().zip(digits.chunks_mut(w)) {
        signed_digits(s, c, out);
    }
    let nb = 1usize << (c - 1);
    // Per window: points grouped by bucket (counting sort), then reduced level by level.
    let mut count = vec![0usize; nb + 1];
    let mut start = vec![0usize; nb + 1];
    let mut len = vec![0usize; nb];
    let mut buf: Vec<P::BatchAffinePoint> = Vec::with_capacity(k);
    let mut a: Vec<P::BatchAffinePoint> = Vec::with_capacity(k / 2);
    let mut b: Vec<P::BatchAffinePoint> = Vec::with_capacity(k / 2);
    let mut sums: Vec<P::BatchAffinePoint> = Vec::with_capacity(k / 2);
    let mut scratch = P::BatchScratch::default();
    let mut acc = P::identity();
    for j in (0..w).rev() {
        for _ in 0..c {
            acc = acc.double();
        }
        count.iter_mut().for_each(|x| *x = 0);
        for i in 0..k {
            let d = digits[i * w + j];
            if d != 0 {
                count[(d.unsigned_abs() - 1) as usize + 1] += 1;
            }
        }
        for t in 0..nb {
            count[t + 1] += count[t];
        }
        start.copy_from_slice(&count);
        buf.clear();
        buf.resize(count[nb], P::identity_batch_affine());
        for i in 0..k {
            let d = digits[i * w + j];
            if d != 0 {
                let bkt = (d.unsigned_abs() - 1) as usize;
                buf[start[bkt]] = if d > 0 { affine[i] } else { neg[i] };
                start[bkt] += 1;
            }
        }
        for t in 0..nb {
            len[t] = count[t + 1] - count[t];
        }
        // Tree levels: pair neighbours inside every bucket, one inversion per level.
        loop {
            a.clear();
            b.clear();
            for t in 0..nb {
                let base = count[t];
                for q in 0..len[t] / 2 {
                    a.push(buf[base + 2 * q]);
                    b.push(buf[base + 2 * q + 1]);
                }
            }
            if a.is_empty() {
                break;
            }
            P::batch_add_affine(&a, &b, &mut sums, &mut scratch);
            let mut next = 0usize;
            for t in 0..nb {
                let base = count[t];
                let l = len[t];
                for q in 0..l / 2 {
                    buf[base + q] = sums[next];
                    next += 1;
                }
                if l % 2 == 1 {
                    buf[base + l / 2] = buf[base + l - 1];
                }
                len[t] = l.div_ceil(2);
            }
        }
        // Σ (t+1)·bucket[t] by the running sum.
        let mut running = P::identity();
        let mut sum = P::identity();
        let mut any = false;
        for t in (0..nb).rev() {
            if len[t] == 1 {
                running = if any {
                    running.add_batch_affine(&buf[count[t]])
                } else {
                    P::from_batch_affine(&buf[count[t]])
                };
                any = true;
            }
            if any {
                sum = sum.add(&running);
            }
        }
        acc = acc.add(&sum);
    }
    acc
}
