//! The secp256k1 backend against k256's own group law (an independent
//! implementation: k256 uses its own complete formulas and GLV scalar multiplication).

use super::*;
use crate::msm::{pippenger, straus};
use alloc::vec;
use k256::elliptic_curve::sec1::FromEncodedPoint;
use k256::elliptic_curve::Field;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

fn rng() -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(0x5ec9_256b)
}

/// Our point as a k256 point (through the uncompressed SEC 1 encoding).
fn to_k256(p: &Point) -> k256::ProjectivePoint {
    let a = p.to_affine();
    if bool::from(a.infinity) {
        return k256::ProjectivePoint::IDENTITY;
    }
    let enc = k256::EncodedPoint::from_affine_coordinates(&a.x.to_bytes(), &a.y.to_bytes(), false);
    let aff: Option<k256::AffinePoint> = k256::AffinePoint::from_encoded_point(&enc).into();
    aff.expect("our affine point is on the curve").into()
}

fn k256_g() -> k256::ProjectivePoint {
    k256::ProjectivePoint::GENERATOR
}

fn random_scalar(r: &mut ChaCha20Rng) -> Scalar {
    Secp256k1::scalar_random(r)
}

fn random_point(r: &mut ChaCha20Rng) -> Point {
    Secp256k1::mul(&random_scalar(r), &Point::generator())
}

#[test]
fn generator_matches_k256() {
    assert_eq!(to_k256(&Point::generator()), k256_g());
    assert!(Affine::generator().is_on_curve());
}

#[test]
fn group_law_matches_k256() {
    let mut r = rng();
    for _ in 0..64 {
        let (a, b) = (random_scalar(&mut r), random_scalar(&mut r));
        let p = Secp256k1::mul(&a, &Point::generator());
        let q = Secp256k1::mul(&b, &Point::generator());
        assert_eq!(to_k256(&p), k256_g() * a);
        assert_eq!(to_k256(&(p + q)), k256_g() * (a + b));
        assert_eq!(to_k256(&(p - q)), k256_g() * (a - b));
        assert_eq!(to_k256(&p.double()), k256_g() * (a + a));
        assert_eq!(p.add_affine(&q.to_affine()), p + q);
        assert_eq!(p.add_affine(&p.to_affine()), p.double());
        assert_eq!(p.add_affine(&p.negate().to_affine()), Point::IDENTITY);
    }
}

#[test]
fn complete_formulas_edge_cases() {
    let mut r = rng();
    let p = random_point(&mut r);
    let id = Point::IDENTITY;
    assert_eq!(p + id, p);
    assert_eq!(id + p, p);
    assert_eq!(id + id, id);
    assert_eq!(id.double(), id);
    assert_eq!(p + p, p.double());
    assert!(Secp256k1::is_identity(&(p + p.negate())));
    assert_eq!(p.add_affine(&Affine::identity()), p);
    assert_eq!(id.add_affine(&p.to_affine()), p);
    assert!(bool::from(id.to_affine().infinity));
    assert_ne!(p, id);
    assert_ne!(id, p);
    // Projective representatives with Z ≠ 1 compare equal to their affine form.
    let q = p.double() - p;
    assert_eq!(q, p);
    assert_eq!(q.to_affine().to_projective(), p);
}

#[test]
fn batch_to_affine_matches_one_by_one() {
    let mut r = rng();
    let mut pts: Vec<Point> = (0..20).map(|_| random_point(&mut r).double()).collect();
    pts[3] = Point::IDENTITY;
    pts[19] = Point::IDENTITY;
    let aff = point::batch_to_affine(&pts);
    for (p, a) in pts.iter().zip(&aff) {
        assert_eq!(a.to_projective(), *p);
        let b = p.to_affine();
        assert_eq!(bool::from(a.infinity), bool::from(b.infinity));
        assert_eq!(a.x, b.x);
        assert_eq!(a.y, b.y);
    }
    assert!(point::batch_to_affine(&[]).is_empty());
}

#[test]
fn scalar_mul_edge_scalars() {
    let mut r = rng();
    let p = random_point(&mut r);
    let kp = to_k256(&p);
    let minus_one = -Scalar::ONE;
    for s in [
        Scalar::ZERO,
        Scalar::ONE,
        Scalar::from(2u64),
        minus_one,
        random_scalar(&mut r),
    ] {
        assert_eq!(to_k256(&Secp256k1::mul(&s, &p)), kp * s);
    }
    assert!(Secp256k1::is_identity(&Secp256k1::mul(
        &Scalar::ONE,
        &Point::IDENTITY
    )));
}

#[test]
fn encoding_round_trip_and_tiebreak() {
    let mut r = rng();
    for _ in 0..64 {
        let p = random_point(&mut r);
        let e = Secp256k1::encode(&p);
        assert_eq!(Secp256k1::decode(&e), Some(p));
        let a = p.to_affine();
        assert_eq!(e[0] == 0x08, jacobi::is_square_euler(&a.y));
        assert_eq!(&e[1..], &a.x.to_bytes()[..]);
        // The other prefix is the negation.
        let mut f = e;
        f[0] ^= 1;
        assert_eq!(Secp256k1::decode(&f), Some(-p));
    }
    assert_eq!(Secp256k1::encode(&Point::IDENTITY), [0u8; 33]);
    assert_eq!(Secp256k1::decode(&[0u8; 33]), None);
}

#[test]
fn decode_rejects_malformed() {
    let mut r = rng();
    let e = Secp256k1::encode(&random_point(&mut r));
    for prefix in [0x00u8, 0x02, 0x03, 0x04, 0x0a, 0x88, 0xff] {
        let mut f = e;
        f[0] = prefix;
        assert_eq!(Secp256k1::decode(&f), None, "prefix {prefix:#x}");
    }
    // x = p and x = 2^256 − 1 are not canonical field elements.
    let mut f = [0xffu8; 33];
    f[0] = 0x08;
    assert_eq!(Secp256k1::decode(&f), None);
    let p_bytes = point::hex32("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");
    f[1..].copy_from_slice(&p_bytes);
    assert_eq!(Secp256k1::decode(&f), None);
    // About half of all x have no point: find some and check they are rejected.
    let mut rejected = 0;
    for x in 1u64..64 {
        let mut f = [0u8; 33];
        f[0] = 0x08;
        f[25..].copy_from_slice(&x.to_be_bytes());
        let fx = Fe::from_u64(x);
        let rhs = fx.square() * fx + Fe::from_u64(7);
        let exists = jacobi::is_square_euler(&rhs.normalize());
        assert_eq!(Secp256k1::decode(&f).is_some(), exists, "x = {x}");
        rejected += usize::from(!exists);
    }
    assert!(rejected > 10);
}

#[test]
fn jacobi_matches_euler() {
    let mut r = rng();
    for _ in 0..500 {
        let mut b = [0u8; 32];
        r.fill(&mut b[..]);
        b[0] &= 0x7f;
        let y = Fe::from_bytes(&b.into()).unwrap();
        assert_eq!(jacobi::is_square_vartime(&y), jacobi::is_square_euler(&y));
        let sq = y.square().normalize();
        assert!(jacobi::is_square_vartime(&sq));
        // −1 is not a square mod p ≡ 3 (mod 4), so −y² is not.
        if !bool::from(sq.is_zero()) {
            assert!(!jacobi::is_square_vartime(&sq.negate(1).normalize()));
        }
    }
    for v in [0u64, 1, 2, 3, 4, 7, 1 << 63] {
        let y = Fe::from_u64(v);
        assert_eq!(
            jacobi::is_square_vartime(&y),
            jacobi::is_square_euler(&y),
            "{v}"
        );
    }
    let minus_one = Fe::ONE.negate(1).normalize();
    assert!(!jacobi::is_square_vartime(&minus_one));
}

#[test]
fn pedersen_bases_and_chain() {
    let (h, g) = Secp256k1::default_pedersen_bases();
    assert!(h.to_affine().is_on_curve());
    assert_eq!(to_k256(&g), k256_g());
    let c = Secp256k1::generator_chain(b"test", 8);
    assert_eq!(c, Secp256k1::generator_chain(b"test", 8));
    for (i, p) in c.iter().enumerate() {
        assert!(!Secp256k1::is_identity(p));
        for q in &c[..i] {
            assert_ne!(p, q);
        }
    }
}

#[test]
fn scalars() {
    let mut r = rng();
    let mut v: Vec<Scalar> = (0..17).map(|_| random_scalar(&mut r)).collect();
    let orig = v.clone();
    let all = Secp256k1::scalar_batch_invert(&mut v);
    let mut prod = Scalar::ONE;
    for (a, b) in orig.iter().zip(&v) {
        assert_eq!(*a * b, Scalar::ONE);
        prod *= a;
    }
    assert_eq!(all * prod, Scalar::ONE);
    let s = random_scalar(&mut r);
    let b = Secp256k1::scalar_to_bytes(&s);
    assert_eq!(Secp256k1::scalar_from_canonical_bytes(&b), Some(s));
    // The group order and above are not canonical.
    let n = point::hex32("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
    assert_eq!(Secp256k1::scalar_from_canonical_bytes(&n), None);
    assert_eq!(Secp256k1::scalar_from_canonical_bytes(&[0xff; 32]), None);
    assert_eq!(Secp256k1::scalar_from_canonical_bytes(&[0; 31]), None);
    let wide = [0xffu8; 64];
    let _ = Secp256k1::scalar_from_wide_bytes(&wide);
    assert_eq!(limbs(&Scalar::from(5u64)), [5, 0, 0, 0]);
    assert!(!bool::from(Scalar::random(&mut r).is_zero()));
}

/// Naive `Σ s_i P_i` by k256.
fn oracle(scalars: &[Scalar], points: &[Point]) -> k256::ProjectivePoint {
    scalars
        .iter()
        .zip(points)
        .fold(k256::ProjectivePoint::IDENTITY, |acc, (s, p)| {
            acc + to_k256(p) * s
        })
}

fn edge_scalar(r: &mut ChaCha20Rng, i: usize) -> Scalar {
    match i % 9 {
        0 => Scalar::ZERO,
        1 => Scalar::ONE,
        2 => -Scalar::ONE,
        3 => Scalar::from(u64::MAX),
        4 => Secp256k1::scalar_from_canonical_bytes(&{
            let mut b = [0u8; 32];
            b[0] = 0x80; // 2^255
            b
        })
        .expect("2^255 < n"),
        _ => random_scalar(r),
    }
}

/// P3 (docs/testing.md) for the secp256k1 MSMs: Straus, Pippenger (several windows), the dispatcher,
/// the constant-time MSM and precomputed tables against the naive oracle, with edge
/// scalars, the identity, repeated points and inverse pairs.
#[test]
fn msm_differential() {
    let mut r = rng();
    let base: Vec<Point> = (0..64).map(|_| random_point(&mut r)).collect();
    let mut sizes: Vec<usize> = vec![0, 1, 2, 3, 5, 8, 17, 33, 63, 64, 65, 97, 128, 129, 200];
    if std::env::var("BALLISTIC_GAUNTLET").as_deref() == Ok("full") {
        sizes.extend(0..=300);
        sizes.extend([255, 256, 257, 511, 512, 513, 1023, 1024, 1025]);
    }
    let mut checks = 0;
    for &k in &sizes {
        let mut points: Vec<Point> = (0..k).map(|i| base[(i * 7 + k) % base.len()]).collect();
        let scalars: Vec<Scalar> = (0..k).map(|i| edge_scalar(&mut r, i + k)).collect();
        if k > 3 {
            points[1] = Point::IDENTITY;
            points[2] = points[0].negate();
            points[3] = points[0];
        }
        let want = oracle(&scalars, &points);
        let l: Vec<[u64; 4]> = scalars.iter().map(limbs).collect();
        assert_eq!(to_k256(&straus::msm(&l, &points)), want, "straus k={k}");
        assert_eq!(
            to_k256(&pippenger::msm(&l, &points)),
            want,
            "pippenger k={k}"
        );
        for c in [2, 5, 9, 13] {
            assert_eq!(
                to_k256(&pippenger::msm_with_window(&l, &points, c)),
                want,
                "pippenger c={c} k={k}"
            );
        }
        assert_eq!(
            to_k256(&Secp256k1::vartime_multiscalar_mul(&scalars, &points)),
            want
        );
        assert_eq!(
            to_k256(
                &crate::curve::dispatch::vartime_multiscalar_mul::<Secp256k1>(&scalars, &points)
            ),
            want
        );
        if k <= 65 {
            assert_eq!(
                to_k256(&Secp256k1::multiscalar_mul(&scalars, &points)),
                want,
                "ct k={k}"
            );
        }
        // Precomputed tables over the first half, dynamic points for the rest.
        let half = k / 2;
        let pre = Secp256k1::precompute(&points[..half]);
        assert_eq!(Secp256k1::precomputation_len(&pre), half);
        let got = Secp256k1::vartime_precomputed_mul(
            &pre,
            &scalars[..half],
            &scalars[half..],
            &points[half..],
        );
        assert_eq!(to_k256(&got), want, "tables k={k}");
        checks += 9;
    }
    assert!(checks >= 9 * 15);
}

#[test]
fn wnaf_reconstructs() {
    let mut r = rng();
    for i in 0..200 {
        let s = edge_scalar(&mut r, i);
        for w in [2usize, 5, 8] {
            let naf = straus::wnaf(&limbs(&s), w);
            let mut acc = Scalar::ZERO;
            for d in naf.iter().rev() {
                acc = acc + acc;
                let abs = Scalar::from(d.unsigned_abs() as u64);
                if *d >= 0 {
                    acc += abs;
                } else {
                    acc -= abs;
                }
                assert!(*d == 0 || (d % 2 != 0 && (d.unsigned_abs() as usize) < 1 << (w - 1)));
            }
            assert_eq!(acc, s, "w={w}");
        }
    }
    let _ = r.gen::<u8>();
}

/// The generic protocol runs unchanged on secp256k1 (Merlin transcript): every shape
/// class proves and verifies, batch verification agrees, and out-of-range values and
/// tampered proofs fail.
#[test]
fn range_proofs_on_secp256k1() {
    use crate::generators::{BulletproofGens, PedersenGens};
    use crate::range_proof::batch::BatchVerifier;
    use crate::range_proof::RangeProof;
    use merlin::Transcript;
    let mut r = rng();
    let pc = PedersenGens::<Secp256k1>::default();
    let bp = BulletproofGens::<Secp256k1>::new(64, 4);
    let mut batch = BatchVerifier::new(&bp);
    let mut proofs = Vec::new();
    for (n, m) in [(8usize, 1usize), (64, 1), (32, 2), (7, 3), (64, 4)] {
        let values: Vec<u64> = (0..m)
            .map(|_| {
                if n == 64 {
                    r.gen()
                } else {
                    r.gen_range(0..1u64 << n)
                }
            })
            .collect();
        let blindings: Vec<Scalar> = (0..m).map(|_| random_scalar(&mut r)).collect();
        let (proof, vs) = RangeProof::<Secp256k1>::prove_multiple_with_rng(
            &bp,
            &pc,
            &mut Transcript::new(b"secp"),
            &values,
            &blindings,
            n,
            &mut r,
        )
        .unwrap();
        proof
            .verify_multiple_with_rng(&bp, &pc, &mut Transcript::new(b"secp"), &vs, n, &mut r)
            .unwrap();
        assert!(proof
            .verify_multiple_with_rng(&bp, &pc, &mut Transcript::new(b"other"), &vs, n, &mut r)
            .is_err());
        if n < 64 {
            let mut bad = values.clone();
            bad[0] = 1u64 << n;
            assert!(RangeProof::<Secp256k1>::prove_multiple_with_rng(
                &bp,
                &pc,
                &mut Transcript::new(b"secp"),
                &bad,
                &blindings,
                n,
                &mut r,
            )
            .is_err());
        }
        proofs.push((proof, vs, n));
    }
    for (proof, vs, n) in &proofs {
        batch.add(proof, &pc, &mut Transcript::new(b"secp"), vs, *n);
    }
    batch.verify(&mut r).unwrap();
}

/// Batch-affine Pippenger (every secp256k1 MSM from `BATCH_AFFINE_MIN` points on)
/// against the oracle in the default test run: projective and Jacobian inputs,
/// several windows, with the identity, opposite and repeated points (the same 40
/// points recur, so buckets see equal and cancelling pairs).
#[test]
fn batch_affine_msm_differential() {
    let mut r = rng();
    let base: Vec<Point> = (0..40).map(|_| random_point(&mut r)).collect();
    let k = crate::msm::BATCH_AFFINE_MIN + 37;
    let mut points: Vec<Point> = (0..k).map(|i| base[(i * 7) % base.len()]).collect();
    points[1] = Point::IDENTITY;
    points[2] = points[0].negate();
    points[3] = points[0];
    let scalars: Vec<Scalar> = (0..k).map(|i| edge_scalar(&mut r, i)).collect();
    let want = oracle(&scalars, &points);
    let l: Vec<[u64; 4]> = scalars.iter().map(limbs).collect();
    for c in [3, 8, 11] {
        assert_eq!(
            to_k256(&pippenger::msm_batch_affine_with_window(&l, &points, c)),
            want,
            "c={c}"
        );
    }
    let jac = to_jacobian(&points);
    assert_eq!(
        to_k256(&pippenger::msm_batch_affine_with_window(&l, &jac, 9).to_point()),
        want
    );
    assert_eq!(
        to_k256(&Secp256k1::vartime_multiscalar_mul(&scalars, &points)),
        want
    );
}

#[test]
fn batch_affine_addition_cases() {
    let mut r = rng();
    let p = random_point(&mut r).to_affine();
    let q = random_point(&mut r).to_affine();
    let id = Affine::identity();
    let a = [p, p, p, id, p, id, q].map(|x| Affine64::from_affine(&x));
    let b = [q, p, p.negate(), q, id, id, p].map(|x| Affine64::from_affine(&x));
    let mut out = Vec::new();
    let mut scratch = batch_affine::BatchScratch::default();
    batch_affine::batch_add(&a, &b, &mut out, &mut scratch);
    assert_eq!(out.len(), a.len());
    let proj = |x: &Affine64| x.to_affine().to_projective();
    for ((x, y), z) in a.iter().zip(&b).zip(&out) {
        assert_eq!(proj(z), proj(x) + proj(y));
        assert!(z.to_affine().infinity.into() || z.to_affine().is_on_curve());
    }
    // Repeated points and cancelling pairs inside one bucket (window 2: 2 buckets).
    let pts = [p, p, p.negate(), q, q.negate(), p].map(|a| a.to_projective());
    let s: Vec<[u64; 4]> = (0..6).map(|_| [1u64, 0, 0, 0]).collect();
    let want = pts.iter().fold(Point::IDENTITY, |acc, x| acc + *x);
    assert_eq!(pippenger::msm_batch_affine_with_window(&s, &pts, 2), want);
    assert_eq!(
        pippenger::msm_batch_affine_with_window(&s[..3], &pts[..3], 2),
        pts[0]
    );
}

#[test]
fn jacobian_vartime_group_law() {
    let mut r = rng();
    for _ in 0..32 {
        let p = random_point(&mut r);
        let q = random_point(&mut r);
        let (ja, qa) = (p.to_affine(), q.to_affine());
        let jp = Jacobian::from_affine(&ja);
        let jq = Jacobian::from_affine(&qa).double_vartime(); // Z ≠ 1
        assert_eq!(jp.to_point(), p);
        assert_eq!(jp.double_vartime().to_point(), p.double());
        assert_eq!(jp.add_affine_vartime(&qa).to_point(), p + q);
        assert_eq!(jq.add_affine_vartime(&ja).to_point(), q.double() + p);
        assert_eq!(jq.add_vartime(&jp).to_point(), q.double() + p);
        assert_eq!(jp.add_vartime(&jq).to_point(), q.double() + p);
        // Exceptional cases: equal, opposite, identity.
        assert_eq!(jp.add_affine_vartime(&ja).to_point(), p.double());
        assert!(Secp256k1::is_identity(
            &jp.add_affine_vartime(&ja.negate()).to_point()
        ));
        let jp2 = jp.double_vartime().add_affine_vartime(&ja.negate()); // p with Z ≠ 1
        assert_eq!(jp2.add_vartime(&jp).to_point(), p.double());
        assert!(Secp256k1::is_identity(
            &jp2.add_vartime(&Jacobian::from_affine(&ja.negate()))
                .to_point()
        ));
        assert_eq!(Jacobian::IDENTITY.add_vartime(&jp).to_point(), p);
        assert_eq!(jp.add_vartime(&Jacobian::IDENTITY).to_point(), p);
        assert_eq!(Jacobian::IDENTITY.add_affine_vartime(&ja).to_point(), p);
        assert_eq!(jp.add_affine_vartime(&Affine::identity()).to_point(), p);
        let aff = point::batch_jacobian_to_affine(&[jp, jq, Jacobian::IDENTITY, jp2]);
        assert_eq!(aff[0].to_projective(), p);
        assert_eq!(aff[1].to_projective(), q.double());
        assert!(bool::from(aff[2].infinity));
        assert_eq!(aff[3].to_projective(), p);
    }
}

/// The constant-time sum runs in pieces of `msm::CT_CHUNK` points: at and around the
/// chunk boundaries it equals the variable-time sum.
#[test]
fn ct_msm_chunks_agree_with_vartime() {
    use crate::msm::CT_CHUNK;
    let mut r = rng();
    let pool = Secp256k1::generator_chain(b"ct chunks", 2 * CT_CHUNK + 3);
    for k in [CT_CHUNK - 1, CT_CHUNK, CT_CHUNK + 1, 2 * CT_CHUNK + 3] {
        let scalars: Vec<Scalar> = (0..k).map(|_| Scalar::random(&mut r)).collect();
        let points = &pool[..k];
        assert_eq!(
            to_k256(&Secp256k1::multiscalar_mul(&scalars, points)),
            to_k256(&Secp256k1::vartime_multiscalar_mul(&scalars, points)),
            "k = {k}"
        );
    }
}

/// The IFMA lanes (where the CPU has them) and the serial engine agree with the
/// naive sum, on both sides of the lanes' Straus/Pippenger crossover, with tables
/// in either form, static scalars shorter and longer than the tables, dynamic
/// scalars and points of different lengths, identity points, opposite and repeated
/// points, zero and edge scalars. Each form is built directly (not through the
/// process-wide backend choice, which other tests may force meanwhile).
#[test]
fn lanes_and_serial_agree() {
    let mut r = rng();
    let base: Vec<Point> = (0..48).map(|_| random_point(&mut r)).collect();
    let fixed: Vec<Point> = (0..40).map(|i| base[(i * 5) % base.len()]).collect();
    let jac = to_jacobian(&fixed);
    for &k in &[0usize, 1, 9, 160, 161, 230] {
        let mut points: Vec<Point> = (0..k).map(|i| base[(i * 7 + k) % base.len()]).collect();
        if k > 3 {
            points[1] = Point::IDENTITY;
            points[2] = points[0].negate();
            points[3] = points[0];
        }
        let scalars: Vec<Scalar> = (0..k).map(|i| edge_scalar(&mut r, i + k)).collect();
        let l: Vec<[u64; 4]> = scalars.iter().map(limbs).collect();
        let want = oracle(&scalars, &points);
        assert_eq!(
            to_k256(&straus::msm(&l, &to_jacobian(&points)).to_point()),
            want
        );
        #[cfg(target_arch = "x86_64")]
        if lanes::available() {
            assert_eq!(
                to_k256(&lanes_msm(None, &l, &points)),
                want,
                "lanes msm k={k}"
            );
            // One more scalar than points: ignored, as by the serial engine.
            let mut longer = l.clone();
            longer.push([5, 0, 0, 0]);
            assert_eq!(
                to_k256(&lanes_msm(None, &longer, &points)),
                want,
                "k={k}, extra scalar"
            );
        }
        // Static scalars: 37 (shorter than the 40 tables) and 43 (the last 3 ignored).
        for n_static in [37usize, 43] {
            let statics: Vec<Scalar> = (0..n_static)
                .map(|i| edge_scalar(&mut r, 3 * i + k))
                .collect();
            let mut all_s = statics[..n_static.min(fixed.len())].to_vec();
            all_s.extend_from_slice(&scalars);
            let mut all_p = fixed[..n_static.min(fixed.len())].to_vec();
            all_p.extend_from_slice(&points);
            let want_tables = oracle(&all_s, &all_p);
            for w in [8usize, 10] {
                let serial = straus::Tables::new(&jac, w);
                let mut forms = vec![Tables(TablesInner::Serial(serial.clone()))];
                #[cfg(target_arch = "x86_64")]
                if lanes::available() {
                    forms.push(Tables(TablesInner::Lanes {
                        w,
                        entries: lanes::lane_entries(serial.entries()),
                    }));
                }
                for pre in &forms {
                    let entry = match &pre.0 {
                        TablesInner::Serial(_) => core::mem::size_of::<point::Affine>(),
                        #[cfg(target_arch = "x86_64")]
                        TablesInner::Lanes { .. } => core::mem::size_of::<lanes::LaneAffine>(),
                    };
                    assert_eq!(Secp256k1::precomputation_len(pre), fixed.len());
                    assert_eq!(
                        Secp256k1::precomputation_bytes(pre),
                        (fixed.len() << (w - 2)) * entry
                    );
                    let got = Secp256k1::vartime_precomputed_mul(pre, &statics, &scalars, &points);
                    assert_eq!(
                        to_k256(&got),
                        want_tables,
                        "tables w={w} k={k} statics={n_static}"
                    );
                }
            }
        }
    }
}

#[test]
fn invert_vartime_matches_k256() {
    let mut r = rng();
    let mut xs: Vec<Scalar> = (0..2000).map(|_| random_scalar(&mut r)).collect();
    xs.extend((0..300u64).map(Scalar::from));
    xs.extend([-Scalar::ONE, -Scalar::from(2u64), Scalar::ZERO]);
    let mut pow2 = Scalar::ONE;
    for _ in 0..256 {
        xs.push(pow2);
        pow2 = pow2.double();
    }
    for x in &xs {
        assert_eq!(
            Secp256k1::scalar_invert_vartime(x),
            Secp256k1::scalar_invert(x),
            "{x:?}"
        );
    }
    let mut batch: Vec<Scalar> = xs[..500].to_vec();
    let mut ct = batch.clone();
    assert_eq!(
        Secp256k1::scalar_batch_invert_vartime(&mut batch),
        Secp256k1::scalar_batch_invert(&mut ct)
    );
    assert_eq!(batch, ct);
}
