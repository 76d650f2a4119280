//! P3 (docs/testing.md): multiscalar-multiplication differential tests. Every MSM
//! path the protocol uses (constant-time, variable-time, precomputed tables, mixed
//! static/dynamic) is compared with a naive sum of single scalar multiplications,
//! for every size 0..=300 and 2^k−1, 2^k, 2^k+1 up to 2^12, with edge scalars
//! {0, 1, ℓ−1} and edge points {identity, P and −P, duplicates}. The oracle is
//! curve25519-dalek: its `vartime_multiscalar_mul`, and a naive sum of its single
//! scalar multiplications.

use ballistic::curve::ristretto::{Point as RistrettoPoint, Ristretto};
use ballistic::curve::{Curve, TableStrategy};
use ballistic::ristretto::Scalar;
use curve25519_dalek::traits::VartimeMultiscalarMul;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

fn inputs(
    size: usize,
    r: &mut ChaCha20Rng,
    pool: &[RistrettoPoint],
) -> (Vec<Scalar>, Vec<RistrettoPoint>) {
    let mut scalars = Vec::with_capacity(size);
    let mut points: Vec<RistrettoPoint> = Vec::with_capacity(size);
    for i in 0..size {
        scalars.push(match r.gen_range(0..8) {
            0 => Scalar::ZERO,
            1 => Scalar::ONE,
            2 => -Scalar::ONE, // ℓ − 1
            _ => ballistic::ristretto::random_scalar(r),
        });
        points.push(match r.gen_range(0..6) {
            0 => Ristretto::identity(),
            1 if i > 0 => -points[i - 1],            // P and −P
            2 if i > 0 => points[r.gen_range(0..i)], // duplicate
            _ => pool[r.gen_range(0..pool.len())],
        });
    }
    (scalars, points)
}

/// curve25519-dalek's results: a naive sum of single multiplications, and its own
/// variable-time multiscalar multiplication (they must agree).
fn naive(s: &[Scalar], p: &[RistrettoPoint]) -> RistrettoPoint {
    let dalek: Vec<_> = p.iter().map(RistrettoPoint::to_dalek).collect();
    let sum = s.iter().zip(&dalek).fold(
        curve25519_dalek::RistrettoPoint::default(),
        |acc, (s, p)| acc + p * s,
    );
    assert_eq!(
        sum,
        curve25519_dalek::RistrettoPoint::vartime_multiscalar_mul(s, &dalek)
    );
    RistrettoPoint::from_dalek(&sum)
}

#[test]
fn msm_paths_agree_with_naive_oracle() {
    let mut r = ChaCha20Rng::seed_from_u64(30);
    let pool = Ristretto::generator_chain(b"msm differential", 64);
    let mut sizes: Vec<usize> = (0..=300).collect();
    // Around ristretto255's Straus/Pippenger switch (STRAUS_MAX = 384).
    sizes.extend([383, 384, 385]);
    for k in 9..=12 {
        sizes.extend([(1 << k) - 1, 1 << k, (1 << k) + 1]);
    }
    let mut mismatches = 0;
    let mut checks = 0;
    for &size in &sizes {
        let (dalek_s, p) = inputs(size, &mut r, &pool);
        let expect = naive(&dalek_s, &p);
        let s: Vec<_> = dalek_s.iter().map(Ristretto::scalar_from_api).collect();
        let mut check = |got: RistrettoPoint, what: &str| {
            checks += 1;
            if got != expect {
                mismatches += 1;
                eprintln!("mismatch: {what} at size {size}");
            }
        };
        check(Ristretto::vartime_multiscalar_mul(&s, &p), "vartime");
        if size <= 300 || size.is_power_of_two() {
            check(Ristretto::multiscalar_mul(&s, &p), "constant-time");
        }
        if size <= 300 {
            let pre = Ristretto::precompute(&p);
            assert_eq!(Ristretto::precomputation_len(&pre), size);
            check(
                Ristretto::vartime_precomputed_mul(&pre, &s, &[], &[]),
                "precomputed",
            );
            let k = size / 3;
            check(
                Ristretto::vartime_precomputed_mul(&pre, &s[..k], &s[k..], &p[k..]),
                "mixed static/dynamic",
            );
            // The pair of sums (a prover round's L and R): this sum split at every
            // third of its terms against the same sum's other part.
            let k2 = (2 * size) / 3;
            let (x, y) =
                Ristretto::multiscalar_mul_pair((&s[..k2], &p[..k2]), (&s[k2..], &p[k2..]));
            check(x + y, "constant-time pair");
            let (x2, y2) =
                Ristretto::multiscalar_mul_pair((&s[k2..], &p[k2..]), (&s[..k2], &p[..k2]));
            check(x2 + y2, "constant-time pair, swapped");
            assert_eq!(
                y,
                naive(&dalek_s[k2..], &p[k2..]),
                "pair's second sum, size {size}"
            );
            if let Some(ct) = <Ristretto as Curve>::Strategy::precompute_for_ct(&p) {
                check(
                    <Ristretto as Curve>::Strategy::ct_precomputed_mul(&ct, &s, &p),
                    "constant-time over tables",
                );
            }
        }
    }
    println!(
        "msm differential: {checks} checks over {} sizes, {mismatches} mismatches",
        sizes.len()
    );
    assert_eq!(mismatches, 0);
}

/// Fixed-base Pippenger over shifted copies ([`Tables::shifted`], the verifier's
/// tables of the largest shapes) agrees with the oracle: every size 0..=300 at the
/// cost model's window, several windows on some sizes, static and dynamic terms
/// mixed, several sums at once (large ones by bucket passes, small ones by Straus
/// over the points), and the default tables of the sizes that get shifted copies.
#[test]
fn shifted_tables_agree_with_naive_oracle() {
    use ballistic::curve::ristretto::{Tables, SHIFTED_MIN};
    use ballistic::curve::SparseMsm;
    let mut r = ChaCha20Rng::seed_from_u64(31);
    let pool = Ristretto::generator_chain(b"msm shifted", 64);
    let mut checks = 0;
    let mut check = |got: RistrettoPoint, expect: RistrettoPoint, what: &str| {
        checks += 1;
        assert_eq!(got, expect, "{what}");
    };
    for size in 0..=300usize {
        let (dalek_s, p) = inputs(size, &mut r, &pool);
        let expect = naive(&dalek_s, &p);
        let s: Vec<_> = dalek_s.iter().map(Ristretto::scalar_from_api).collect();
        let windows: &[usize] = match size {
            1 | 37 | 300 => &[0, 4, 5, 9, 12, 16],
            _ => &[0],
        };
        for &c in windows {
            let pre = Tables::shifted(&p, c);
            assert_eq!(Ristretto::precomputation_len(&pre), size);
            check(
                Ristretto::vartime_precomputed_mul(&pre, &s, &[], &[]),
                expect,
                &format!("shifted size {size} c {c}"),
            );
            let k = size / 3;
            check(
                Ristretto::vartime_precomputed_mul(&pre, &s[..k], &s[k..], &p[k..]),
                expect,
                &format!("shifted mixed size {size} c {c}"),
            );
        }
    }
    // Several sums over one table: two of 300 static terms (bucket passes), then
    // many small ones (Straus over the points), each with a dynamic term.
    let (dalek_s, p) = inputs(600, &mut r, &pool);
    let s: Vec<_> = dalek_s.iter().map(Ristretto::scalar_from_api).collect();
    let pre = Tables::shifted(&p, 0);
    let extra = pool[7];
    let extra_s = Ristretto::scalar_from_u64(12345);
    let dynamic = [(extra_s, extra)];
    for parts in [2usize, 40] {
        let per = 600 / parts;
        // Sum t: the points t, t + parts, t + 2·parts, … (interleaved indices).
        let statics: Vec<Vec<(usize, _)>> = (0..parts)
            .map(|t| {
                (0..per)
                    .map(|j| (t + j * parts, s[t + j * parts]))
                    .collect()
            })
            .collect();
        let inputs_many: Vec<SparseMsm<'_, Ristretto>> = statics
            .iter()
            .map(|st| SparseMsm {
                statics: st,
                dynamic: &dynamic,
            })
            .collect();
        let got = Ristretto::vartime_precomputed_mul_many(&pre, &inputs_many);
        assert_eq!(got.len(), parts);
        for (t, g) in got.iter().enumerate() {
            let idx: Vec<usize> = (0..per).map(|j| t + j * parts).collect();
            let mut ss: Vec<_> = idx.iter().map(|&i| dalek_s[i]).collect();
            let mut pp: Vec<_> = idx.iter().map(|&i| p[i]).collect();
            ss.push(Scalar::from(12345u64));
            pp.push(extra);
            check(*g, naive(&ss, &pp), &format!("many: {parts} sums, sum {t}"));
        }
    }
    // A sparse term whose index is past the tables adds nothing (ristretto255's
    // shifted tables; in a bucket pass it becomes the padding's identity entry),
    // whether the sum is large (bucket pass) or small (Straus over the points).
    for terms in [300usize, 20] {
        let mut st: Vec<(usize, _)> = (0..terms).map(|i| (i, s[i])).collect();
        let past = [600, 601, 1 << 20, (1 << 30) - 1, 1 << 30, usize::MAX];
        for (j, &i) in past.iter().enumerate() {
            st.insert((j * 7).min(st.len()), (i, s[j]));
        }
        let got = Ristretto::vartime_precomputed_mul_many(
            &pre,
            &[SparseMsm {
                statics: &st,
                dynamic: &dynamic,
            }],
        );
        let mut ss = dalek_s[..terms].to_vec();
        let mut pp = p[..terms].to_vec();
        ss.push(Scalar::from(12345u64));
        pp.push(extra);
        check(
            got[0],
            naive(&ss, &pp),
            &format!("{terms} terms and indices past the tables"),
        );
    }
    // The default tables of the sizes above SHIFTED_MIN are shifted copies.
    for size in [SHIFTED_MIN, SHIFTED_MIN + 1, 2 * SHIFTED_MIN] {
        let (dalek_s, p) = inputs(size, &mut r, &pool);
        let s: Vec<_> = dalek_s.iter().map(Ristretto::scalar_from_api).collect();
        let pre = Ristretto::precompute(&p);
        let k = size - 40;
        check(
            Ristretto::vartime_precomputed_mul(&pre, &s[..k], &s[k..], &p[k..]),
            naive(&dalek_s, &p),
            &format!("default tables of {size} points"),
        );
    }
    println!("shifted tables: {checks} checks, 0 mismatches");
}

/// The Pedersen-base path (fixed-base combs for the default bases, the general
/// constant-time MSM otherwise) agrees with curve25519-dalek, edge scalars included.
#[test]
fn pedersen_mul_agrees_with_naive_oracle() {
    let mut r = ChaCha20Rng::seed_from_u64(31);
    let (b, b_blinding) = Ristretto::default_pedersen_bases();
    let other = Ristretto::generator_chain(b"pedersen other", 1)[0];
    let edge = [Scalar::ZERO, Scalar::ONE, -Scalar::ONE, Scalar::from(2u8)];
    for i in 0..200 {
        let pick = |r: &mut ChaCha20Rng, i: usize| {
            if i < 16 {
                edge[(i + r.gen_range(0..4)) % 4]
            } else {
                ballistic::ristretto::random_scalar(r)
            }
        };
        let (x, y) = (pick(&mut r, i), pick(&mut r, i));
        let cases: [(Vec<Scalar>, Vec<RistrettoPoint>); 4] = [
            (vec![x, y], vec![b, b_blinding]),
            (vec![x], vec![b_blinding]),
            (vec![y, x], vec![b_blinding, b]),
            (vec![x, y], vec![b, other]),
        ];
        for (s, p) in cases {
            let ours: Vec<_> = s.iter().map(Ristretto::scalar_from_api).collect();
            assert_eq!(Ristretto::pedersen_mul(&ours, &p), naive(&s, &p));
        }
    }
}
