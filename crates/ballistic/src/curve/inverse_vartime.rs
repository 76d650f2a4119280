//! Variable-time modular inversion for **public** scalars (Fiat–Shamir challenges and
//! the values derived from them): Bernstein and Yang's "safegcd" divsteps, 62 at a
//! time, on integers modulo an odd prime group order below `2^256`.
//!
//! | name | meaning |
//! |---|---|
//! | `M` | the modulus, odd, `< 2^256` ([`Modulus`]) |
//! | `x` | the input, `0 < x < M` |
//! | `f`, `g` | the gcd state, `f` odd; initially `f = M`, `g = x`; `|f|, |g| ≤ M` |
//! | `d`, `e` | `f ≡ d·x`, `g ≡ e·x (mod M)`, kept in `[0, M)`; initially `d = 0`, `e = 1` |
//! | `δ` | the divstep balance, initially 1 |
//! | `[[u, v], [q, r]]` | the transition matrix of 62 divsteps: `2^62·f' = u·f + v·g`, `2^62·g' = q·f + r·g`; `|u| + |v| ≤ 2^62`, likewise `q, r` |
//! | `S62` | five signed limbs of 62 bits, `Σ a_i·2^(62·i)`: `a_0..a_3` in `[0, 2^62)`, `a_4` signed |
//!
//! One divstep (Bernstein–Yang, "Fast constant-time gcd computation and modular
//! inversion", 2019, §8): if `δ > 0` and `g` is odd, `(δ, f, g) ← (1 − δ, g, (g − f)/2)`;
//! else if `g` is odd, `(1 + δ, f, (g + f)/2)`; else `(1 + δ, f, g/2)`. The gcd keeps
//! `f` odd and reaches `g = 0` with `f = ±gcd(M, x) = ±1`, so `x⁻¹ = ±d`. The 62 steps
//! of a batch depend only on the low 64 bits of `f` and `g` (step `k` reads bit 0 of
//! values whose low `64 − k` bits are exact), so they run on machine words and the
//! matrix then updates the full `f, g` (exact division by `2^62`) and `d, e` (with a
//! multiple of `M` added so that the division by `2^62` is exact modulo `M`).
//!
//! Variable time: the number of batches and each batch's branches depend on `x`. Use
//! it for public values only; secrets go through the curves' constant-time
//! `scalar_invert`.

/// Mask of a 62-bit limb.
const MASK62: i64 = (1 << 62) - 1;

/// Five signed 62-bit limbs (`S62` in the notation table).
type S62 = [i64; 5];

/// An odd modulus below `2^256` in the form the inversion uses.
pub(crate) struct Modulus {
    /// `M` as `S62`.
    m62: S62,
    /// `M⁻¹ mod 2^62`.
    inv62: u64,
}

impl Modulus {
    /// The modulus `limbs` (little-endian, odd, below `2^256`).
    pub(crate) const fn new(limbs: [u64; 4]) -> Modulus {
        assert!(limbs[0] & 1 == 1, "the modulus must be odd");
        // Newton's iteration doubles the correct low bits: starting from `x` itself
        // (x·x ≡ 1 mod 8 for odd x: 3 bits), five steps give 96 ≥ 64.
        let mut inv = limbs[0];
        let mut i = 0;
        while i < 5 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(limbs[0].wrapping_mul(inv)));
            i += 1;
        }
        Modulus {
            m62: to_s62(&limbs),
            inv62: inv & (MASK62 as u64),
        }
    }
}

/// `a` (little-endian 64-bit limbs) as `S62`.
const fn to_s62(a: &[u64; 4]) -> S62 {
    let m = MASK62 as u64;
    [
        (a[0] & m) as i64,
        ((a[0] >> 62 | a[1] << 2) & m) as i64,
        ((a[1] >> 60 | a[2] << 4) & m) as i64,
        ((a[2] >> 58 | a[3] << 6) & m) as i64,
        (a[3] >> 56) as i64,
    ]
}

/// `a` in `[0, 2^256)` (as `S62`) as little-endian 64-bit limbs.
fn from_s62(a: &S62) -> [u64; 4] {
    let l = a.map(|x| x as u64);
    [
        l[0] | l[1] << 62,
        l[1] >> 2 | l[2] << 60,
        l[2] >> 4 | l[3] << 58,
        l[3] >> 6 | l[4] << 56,
    ]
}

/// 62 divsteps on the low words of `f` (odd) and `g`: the new `δ` and the matrix
/// `[u, v, q, r]`. Runs of zero bits of `g` are halved at once.
fn divsteps_62(mut delta: i64, mut f: u64, mut g: u64) -> (i64, [i64; 4]) {
    let (mut u, mut v, mut q, mut r) = (1i64, 0i64, 0i64, 1i64);
    let mut left = 62u32;
    loop {
        // `g/2` steps: `(1 + δ, f, g/2)`; the `f` row doubles, keeping `2^k·f` exact.
        let zeros = g.trailing_zeros().min(left);
        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        delta += i64::from(zeros);
        left -= zeros;
        if left == 0 {
            return (delta, [u, v, q, r]);
        }
        // `g` is odd. With `δ > 0` the step swaps: `(f, g) ← (g, −f)`, `δ ← −δ`, and
        // then both cases add: `g ← g + f` (halved by the next pass of the loop,
        // which adds the 1 to `δ`).
        if delta > 0 {
            delta = -delta;
            (f, g) = (g, f.wrapping_neg());
            (u, v, q, r) = (q, r, -u, -v);
        }
        g = g.wrapping_add(f);
        q += u;
        r += v;
    }
}

/// `(u·f + v·g)/2^62` and `(q·f + r·g)/2^62`, both exact.
fn update_fg(f: &mut S62, g: &mut S62, [u, v, q, r]: [i64; 4]) {
    let (u, v, q, r) = (i128::from(u), i128::from(v), i128::from(q), i128::from(r));
    let mut cf = u * i128::from(f[0]) + v * i128::from(g[0]);
    let mut cg = q * i128::from(f[0]) + r * i128::from(g[0]);
    debug_assert!(cf as i64 & MASK62 == 0 && cg as i64 & MASK62 == 0);
    cf >>= 62;
    cg >>= 62;
    for i in 1..5 {
        cf += u * i128::from(f[i]) + v * i128::from(g[i]);
        cg += q * i128::from(f[i]) + r * i128::from(g[i]);
        f[i - 1] = cf as i64 & MASK62;
        g[i - 1] = cg as i64 & MASK62;
        cf >>= 62;
        cg >>= 62;
    }
    f[4] = cf as i64;
    g[4] = cg as i64;
}

/// `(u·d + v·e)/2^62` and `(q·d + r·e)/2^62` modulo `M`, for `d, e` in `[0, M)`;
/// the results are in `[0, M)` again.
fn update_de(d: &mut S62, e: &mut S62, [u, v, q, r]: [i64; 4], m: &Modulus) {
    // `md ≡ −(u·d + v·e)·M⁻¹ (mod 2^62)` makes `u·d + v·e + md·M ≡ 0 (mod 2^62)`.
    let low = |a: i64, b: i64| {
        let t = (a.wrapping_mul(d[0]).wrapping_add(b.wrapping_mul(e[0]))) as u64;
        (t.wrapping_mul(m.inv62).wrapping_neg() & MASK62 as u64) as i128
    };
    let (md, me) = (low(u, v), low(q, r));
    let (u, v, q, r) = (i128::from(u), i128::from(v), i128::from(q), i128::from(r));
    let mut cd = u * i128::from(d[0]) + v * i128::from(e[0]) + md * i128::from(m.m62[0]);
    let mut ce = q * i128::from(d[0]) + r * i128::from(e[0]) + me * i128::from(m.m62[0]);
    debug_assert!(cd as i64 & MASK62 == 0 && ce as i64 & MASK62 == 0);
    cd >>= 62;
    ce >>= 62;
    for i in 1..5 {
        let mi = i128::from(m.m62[i]);
        cd += u * i128::from(d[i]) + v * i128::from(e[i]) + md * mi;
        ce += q * i128::from(d[i]) + r * i128::from(e[i]) + me * mi;
        d[i - 1] = cd as i64 & MASK62;
        e[i - 1] = ce as i64 & MASK62;
        cd >>= 62;
        ce >>= 62;
    }
    d[4] = cd as i64;
    e[4] = ce as i64;
    // `|u·d + v·e| ≤ 2^62·M` and `0 ≤ md·M < 2^62·M`: the result is in `(−M, 2M)`.
    normalize(d, m);
    normalize(e, m);
}

/// Brings `a` in `(−M, 2M)` into `[0, M)`.
fn normalize(a: &mut S62, m: &Modulus) {
    if a[4] < 0 {
        add(a, &m.m62, 1);
    } else if !less(a, &m.m62) {
        add(a, &m.m62, -1);
    }
}

/// `a < b` for non-negative `a` and `b`.
fn less(a: &S62, b: &S62) -> bool {
    for i in (0..5).rev() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// `a ← a + sign·b`, carries propagated.
fn add(a: &mut S62, b: &S62, sign: i64) {
    let mut c = 0i64;
    for i in 0..4 {
        c += a[i] + sign * b[i];
        a[i] = c & MASK62;
        c >>= 62;
    }
    a[4] += sign * b[4] + c;
}

/// `x⁻¹ mod M` for `x` in `[0, M)` (little-endian limbs; callers pass canonical
/// scalars), 0 for 0. Variable time: public values only.
pub(crate) fn invert_vartime(x: &[u64; 4], m: &Modulus) -> [u64; 4] {
    if *x == [0; 4] {
        return [0; 4];
    }
    let (mut f, mut g) = (m.m62, to_s62(x));
    debug_assert!(less(&g, &f), "x must be below the modulus");
    let (mut d, mut e): (S62, S62) = ([0; 5], [1, 0, 0, 0, 0]);
    let mut delta = 1i64;
    while g != [0; 5] {
        let low = |a: &S62| (a[0] as u64) | (a[1] as u64) << 62;
        let (next, t) = divsteps_62(delta, low(&f), low(&g));
        delta = next;
        update_fg(&mut f, &mut g, t);
        update_de(&mut d, &mut e, t, m);
    }
    // `f = ±1` (M is prime and 0 < x < M), and `f ≡ d·x`.
    debug_assert!(f == [1, 0, 0, 0, 0] || f == [MASK62, MASK62, MASK62, MASK62, -1]);
    if f[4] < 0 && d != [0; 5] {
        let mut neg = m.m62;
        add(&mut neg, &d, -1);
        d = neg;
    }
    debug_assert!(less(&d, &m.m62));
    from_s62(&d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::{vec, vec::Vec};
    use rand::{Rng, SeedableRng};

    /// The Mersenne prime `2^61 − 1`: small enough for a `u128` oracle, with inputs
    /// that exercise every batch length from one to several.
    const P61: u64 = (1 << 61) - 1;

    #[test]
    fn inverts_modulo_a_small_prime() {
        let m = Modulus::new([P61, 0, 0, 0]);
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(61);
        let mut xs: Vec<u64> = vec![1, 2, 3, P61 - 1, P61 - 2, 1 << 60, (1 << 60) + 1];
        xs.extend((0..61).map(|k| 1u64 << k));
        xs.extend((0..20_000).map(|_| rng.gen_range(1..P61)));
        assert_eq!(invert_vartime(&[0; 4], &m), [0; 4]);
        for x in xs {
            let inv = invert_vartime(&[x, 0, 0, 0], &m);
            assert_eq!(inv[1..], [0, 0, 0], "x = {x}");
            assert!(inv[0] < P61);
            assert_eq!(
                u128::from(x) * u128::from(inv[0]) % u128::from(P61),
                1,
                "x = {x}"
            );
        }
    }

    #[test]
    fn limb_conversions_round_trip() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(62);
        for _ in 0..1000 {
            let a: [u64; 4] = rng.gen();
            assert_eq!(from_s62(&to_s62(&a)), a);
        }
        let m = Modulus::new([u64::MAX, u64::MAX, u64::MAX, u64::MAX]);
        assert_eq!(m.inv62.wrapping_mul(u64::MAX) & MASK62 as u64, 1);
    }
}
