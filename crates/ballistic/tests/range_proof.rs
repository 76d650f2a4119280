#![allow(non_snake_case)]
//! Public-API tests of ristretto255 range proofs: completeness over many shapes,
//! soundness against tampering and wrong statements, canonical encoding.

use ballistic::merlin::Transcript;
use ballistic::ristretto::*;
use ballistic::ProofError;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

fn random_values(r: &mut ChaCha20Rng, n: usize, m: usize) -> Vec<u64> {
    let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    (0..m)
        .map(|j| match j % 4 {
            0 => max,                  // top of the range
            1 => 0,                    // bottom of the range
            _ => r.gen::<u64>() & max, // anywhere
        })
        .collect()
}

fn random_blindings(r: &mut ChaCha20Rng, m: usize) -> Vec<Scalar> {
    (0..m)
        .map(|_| {
            let mut b = [0u8; 64];
            r.fill(&mut b[..]);
            Scalar::from_bytes_mod_order_wide(&b)
        })
        .collect()
}

struct Case {
    n: usize,
    values: Vec<u64>,
    blindings: Vec<Scalar>,
    proof: RangeProof,
    commitments: Vec<CompressedRistretto>,
}

fn make(bp: &BulletproofGens, pc: &PedersenGens, n: usize, m: usize, r: &mut ChaCha20Rng) -> Case {
    let values = random_values(r, n, m);
    let blindings = random_blindings(r, m);
    let (proof, commitments) = RangeProof::prove_multiple_with_rng(
        bp,
        pc,
        &mut Transcript::new(b"ballistic tests"),
        &values,
        &blindings,
        n,
        r,
    )
    .unwrap_or_else(|e| panic!("prove n={n} m={m}: {e}"));
    Case {
        n,
        values,
        blindings,
        proof,
        commitments,
    }
}

fn verify(
    bp: &BulletproofGens,
    pc: &PedersenGens,
    proof: &RangeProof,
    vs: &[CompressedRistretto],
    n: usize,
    label: &'static [u8],
) -> Result<(), ProofError> {
    proof.verify_multiple_with_rng(
        bp,
        pc,
        &mut Transcript::new(label),
        vs,
        n,
        &mut rand::thread_rng(),
    )
}

#[test]
fn completeness_over_shapes() {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(64, 16);
    let mut r = rng(10);
    let mut count = 0;
    for n in [1usize, 2, 7, 8, 16, 32, 33, 63, 64] {
        for m in [1usize, 2, 3, 4, 5, 8, 16] {
            let c = make(&bp, &pc, n, m, &mut r);
            assert_eq!(c.commitments.len(), m);
            for j in 0..m {
                let expect = pc
                    .commit(Scalar::from(c.values[j]), c.blindings[j])
                    .compress();
                assert_eq!(c.commitments[j], expect, "commitment {j}");
            }
            verify(&bp, &pc, &c.proof, &c.commitments, n, b"ballistic tests")
                .unwrap_or_else(|e| panic!("n={n} m={m}: {e}"));
            // Proof size: (2·⌈log2(n·m)⌉ + 9)·32.
            let lg = (n * m).next_power_of_two().trailing_zeros() as usize;
            let bytes = c.proof.to_bytes();
            assert_eq!(bytes.len(), (2 * lg + 9) * 32, "n={n} m={m}");
            // Canonical: decode∘encode = id and encode∘decode = id.
            let back = RangeProof::from_bytes(&bytes).expect("own bytes parse");
            assert_eq!(back, c.proof);
            assert_eq!(back.to_bytes(), bytes);
            verify(&bp, &pc, &back, &c.commitments, n, b"ballistic tests")
                .expect("parsed proof verifies");
            count += 1;
        }
    }
    assert_eq!(count, 63);
}

#[test]
fn single_api_and_exact_generators() {
    // BulletproofGens::new(n, m) suffices for every shape, including padded ones.
    let pc = PedersenGens::default();
    let mut r = rng(11);
    for (n, m) in [(7usize, 3usize), (1, 1), (64, 1), (33, 5), (2, 1)] {
        let bp = BulletproofGens::new(n, m);
        let c = make(&bp, &pc, n, m, &mut r);
        verify(&bp, &pc, &c.proof, &c.commitments, n, b"ballistic tests").unwrap();
    }
    let bp = BulletproofGens::new(32, 1);
    let (proof, v) = RangeProof::prove_single_with_rng(
        &bp,
        &pc,
        &mut Transcript::new(b"s"),
        5,
        &Scalar::from(3u64),
        32,
        &mut r,
    )
    .unwrap();
    proof
        .verify_single_with_rng(&bp, &pc, &mut Transcript::new(b"s"), &v, 32, &mut r)
        .unwrap();
    assert_eq!(proof.to_bytes().len(), 608);
}

#[test]
fn proof_size_672_for_64_bits() {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(64, 1);
    let (proof, _) = RangeProof::prove_single(
        &bp,
        &pc,
        &mut Transcript::new(b"s"),
        u64::MAX,
        &Scalar::ONE,
        64,
    )
    .unwrap();
    assert_eq!(proof.to_bytes().len(), 672);
}

#[test]
fn prover_rejects_bad_inputs() {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(64, 4);
    let t = || Transcript::new(b"bad");
    let one = [Scalar::ONE];
    let mut r = rng(12);
    for (v, n) in [(256u64, 8usize), (2, 1), (1u64 << 63, 63), (u64::MAX, 32)] {
        assert_eq!(
            RangeProof::prove_multiple_with_rng(&bp, &pc, &mut t(), &[v], &one, n, &mut r)
                .unwrap_err(),
            ProofError::ValueOutOfRange,
            "v={v} n={n}"
        );
    }
    assert_eq!(
        RangeProof::prove_multiple_with_rng(&bp, &pc, &mut t(), &[1, 2], &one, 8, &mut r)
            .unwrap_err(),
        ProofError::WrongNumBlindingFactors
    );
    assert_eq!(
        RangeProof::prove_multiple_with_rng(&bp, &pc, &mut t(), &[], &[], 8, &mut r).unwrap_err(),
        ProofError::InvalidAggregation
    );
    assert_eq!(
        RangeProof::prove_multiple_with_rng(&bp, &pc, &mut t(), &[1], &one, 0, &mut r).unwrap_err(),
        ProofError::InvalidBitsize
    );
    assert_eq!(
        RangeProof::prove_multiple_with_rng(&bp, &pc, &mut t(), &[1], &one, 65, &mut r)
            .unwrap_err(),
        ProofError::InvalidBitsize
    );
    assert_eq!(
        RangeProof::prove_multiple_with_rng(
            &bp,
            &pc,
            &mut t(),
            &[1; 5],
            &[Scalar::ONE; 5],
            8,
            &mut r
        )
        .unwrap_err(),
        ProofError::InvalidGeneratorsLength
    );
    let small = BulletproofGens::new(8, 1);
    assert_eq!(
        RangeProof::prove_multiple_with_rng(&small, &pc, &mut t(), &[1], &one, 16, &mut r)
            .unwrap_err(),
        ProofError::InvalidGeneratorsLength
    );
}

#[test]
fn wrong_statements_are_rejected() {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(64, 8);
    let mut r = rng(13);
    for (n, m) in [(64usize, 1usize), (32, 2), (7, 3), (8, 4), (64, 5)] {
        let c = make(&bp, &pc, n, m, &mut r);
        let other = make(&bp, &pc, n, m, &mut r);
        let label = b"ballistic tests";
        verify(&bp, &pc, &c.proof, &c.commitments, n, label).unwrap();
        // Wrong domain label.
        assert_eq!(
            verify(&bp, &pc, &c.proof, &c.commitments, n, b"other label"),
            Err(ProofError::VerificationError)
        );
        // Wrong n (a smaller and a larger width with the same m).
        for n2 in [n - 1, n + 1] {
            if (1..=64).contains(&n2) {
                assert!(
                    verify(&bp, &pc, &c.proof, &c.commitments, n2, label).is_err(),
                    "n={n} accepted as {n2}"
                );
            }
        }
        // Each commitment changed: V+B, −V, another proof's V.
        for j in 0..m {
            let Vj = c.commitments[j].decompress().unwrap();
            for bad in [
                Vj + pc.B,
                -Vj,
                other.commitments[j].decompress().unwrap(),
                Vj + pc.B_blinding,
            ] {
                let mut vs = c.commitments.clone();
                vs[j] = bad.compress();
                assert_eq!(
                    verify(&bp, &pc, &c.proof, &vs, n, label),
                    Err(ProofError::VerificationError),
                    "n={n} m={m} j={j}"
                );
            }
        }
        // Fewer or more commitments.
        assert!(verify(&bp, &pc, &c.proof, &c.commitments[..m - 1], n, label).is_err());
        let mut more = c.commitments.clone();
        more.push(other.commitments[0]);
        assert!(verify(&bp, &pc, &c.proof, &more, n, label).is_err());
        // One proof against another statement.
        assert_eq!(
            verify(&bp, &pc, &c.proof, &other.commitments, n, label),
            Err(ProofError::VerificationError)
        );
        assert_eq!(
            verify(&bp, &pc, &other.proof, &c.commitments, n, label),
            Err(ProofError::VerificationError)
        );
        // Reordered commitments.
        if m > 1 {
            let mut vs = c.commitments.clone();
            vs.swap(0, 1);
            assert_eq!(
                verify(&bp, &pc, &c.proof, &vs, n, label),
                Err(ProofError::VerificationError)
            );
        }
        // Other generators (a different B_blinding).
        let pc2 = PedersenGens {
            B: pc.B,
            B_blinding: pc.B_blinding + pc.B,
        };
        assert_eq!(
            verify(&bp, &pc2, &c.proof, &c.commitments, n, label),
            Err(ProofError::VerificationError)
        );
        let _ = c.n;
    }
}

#[test]
fn tampered_bytes_are_rejected() {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(64, 2);
    let mut r = rng(14);
    for (n, m) in [(64usize, 1usize), (16, 2), (7, 1)] {
        let c = make(&bp, &pc, n, m, &mut r);
        let bytes = c.proof.to_bytes();
        let mut checked = 0;
        // One random bit in every byte, plus the top and bottom bit of each 32-byte slot.
        for i in 0..bytes.len() {
            let mut bits = vec![r.gen_range(0..8u8)];
            if i % 32 == 0 {
                bits.push(0);
            }
            if i % 32 == 31 {
                bits.push(7);
            }
            for bit in bits {
                let mut t = bytes.clone();
                t[i] ^= 1 << bit;
                match RangeProof::from_bytes(&t) {
                    Err(e) => assert_eq!(e, ProofError::FormatError),
                    Ok(p) => assert_eq!(
                        verify(&bp, &pc, &p, &c.commitments, n, b"ballistic tests"),
                        Err(ProofError::VerificationError),
                        "byte {i} bit {bit} accepted"
                    ),
                }
                checked += 1;
            }
        }
        assert!(checked >= bytes.len());
        // Truncations and extensions.
        for len in [
            0,
            1,
            31,
            32,
            255,
            256,
            287,
            bytes.len() - 64,
            bytes.len() - 32,
            bytes.len() - 1,
        ] {
            assert_eq!(
                RangeProof::from_bytes(&bytes[..len]).unwrap_err(),
                ProofError::FormatError,
                "len {len}"
            );
        }
        for extra in [1usize, 31, 32, 64] {
            let mut t = bytes.clone();
            t.extend(std::iter::repeat_n(0u8, extra));
            match RangeProof::from_bytes(&t) {
                Err(e) => assert_eq!(e, ProofError::FormatError),
                Ok(p) => {
                    assert!(verify(&bp, &pc, &p, &c.commitments, n, b"ballistic tests").is_err())
                }
            }
        }
    }
}

#[test]
fn non_canonical_and_identity_slots_are_format_errors() {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(64, 1);
    let mut r = rng(15);
    let c = make(&bp, &pc, 64, 1, &mut r);
    let bytes = c.proof.to_bytes();
    let slots = bytes.len() / 32;
    // ℓ (the group order), ℓ+1, 2^256−1 and all-zero / identity.
    let ell: [u8; 32] = [
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde,
        0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    ];
    let mut ell1 = ell;
    ell1[0] += 1;
    let ones = [0xffu8; 32];
    let zero = [0u8; 32];
    let scalar_slots: Vec<usize> = [4, 5, 6, slots - 2, slots - 1].to_vec();
    for s in 0..slots {
        for rep in [ell, ell1, ones, zero] {
            let mut t = bytes.clone();
            t[s * 32..(s + 1) * 32].copy_from_slice(&rep);
            let res = RangeProof::from_bytes(&t);
            if scalar_slots.contains(&s) && rep == zero {
                // Zero is a canonical scalar: parses, but the proof no longer verifies.
                let p = res.expect("zero scalar parses");
                assert!(verify(&bp, &pc, &p, &c.commitments, 64, b"ballistic tests").is_err());
            } else {
                assert_eq!(res.unwrap_err(), ProofError::FormatError, "slot {s}");
            }
        }
    }
    // Swaps: A↔S, T1↔T2, L_i↔R_i.
    for (a, b) in [(0usize, 1usize), (2, 3), (7, 8), (9, 10)] {
        let mut t = bytes.clone();
        let (x, y) = (
            t[a * 32..(a + 1) * 32].to_vec(),
            t[b * 32..(b + 1) * 32].to_vec(),
        );
        t[a * 32..(a + 1) * 32].copy_from_slice(&y);
        t[b * 32..(b + 1) * 32].copy_from_slice(&x);
        let p = RangeProof::from_bytes(&t).unwrap();
        assert_eq!(
            verify(&bp, &pc, &p, &c.commitments, 64, b"ballistic tests"),
            Err(ProofError::VerificationError)
        );
    }
}

#[test]
fn verifier_rejects_bad_shapes_without_panicking() {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(64, 2);
    let mut r = rng(16);
    let c = make(&bp, &pc, 64, 1, &mut r);
    let l = b"ballistic tests";
    assert_eq!(
        verify(&bp, &pc, &c.proof, &c.commitments, 0, l),
        Err(ProofError::InvalidBitsize)
    );
    assert_eq!(
        verify(&bp, &pc, &c.proof, &c.commitments, 65, l),
        Err(ProofError::InvalidBitsize)
    );
    assert_eq!(
        verify(&bp, &pc, &c.proof, &[], 64, l),
        Err(ProofError::InvalidAggregation)
    );
    let three = vec![c.commitments[0]; 3];
    assert_eq!(
        verify(&bp, &pc, &c.proof, &three, 64, l),
        Err(ProofError::InvalidGeneratorsLength)
    );
    // A commitment that is not a valid encoding.
    let bad = CompressedRistretto([0xff; 32]);
    assert_eq!(
        verify(&bp, &pc, &c.proof, &[bad], 64, l),
        Err(ProofError::VerificationError)
    );
    // Identity commitment (value 0, blinding 0) is a legal statement, as in dalek.
    let (p0, v0) = RangeProof::prove_single_with_rng(
        &bp,
        &pc,
        &mut Transcript::new(l),
        0,
        &Scalar::ZERO,
        64,
        &mut r,
    )
    .unwrap();
    assert_eq!(v0, CompressedRistretto([0u8; 32]));
    p0.verify_single_with_rng(&bp, &pc, &mut Transcript::new(l), &v0, 64, &mut r)
        .unwrap();
}

/// Random bytes, and random well-formed proofs (valid points, canonical scalars) of
/// every length, never panic and never verify.
#[test]
fn random_inputs_never_panic_or_verify() {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(64, 4);
    let mut r = rng(17);
    let mut format_errors = 0;
    let mut verification_errors = 0;
    for case in 0..600 {
        let bytes: Vec<u8> = if case % 2 == 0 {
            let len = r.gen_range(0..1200);
            (0..len).map(|_| r.gen()).collect()
        } else {
            // A structurally valid proof: 4 points, 3 scalars, `rounds` (L, R), 2 scalars.
            let rounds = r.gen_range(0..10);
            let mut v = Vec::new();
            let point = |r: &mut ChaCha20Rng| {
                let mut w = [0u8; 64];
                r.fill(&mut w[..]);
                RistrettoPoint::from_uniform_bytes(&w).compress().to_bytes()
            };
            let scalar = |r: &mut ChaCha20Rng| random_blindings(r, 1)[0].to_bytes();
            for _ in 0..4 {
                v.extend_from_slice(&point(&mut r));
            }
            for _ in 0..3 {
                v.extend_from_slice(&scalar(&mut r));
            }
            for _ in 0..2 * rounds {
                v.extend_from_slice(&point(&mut r));
            }
            v.extend_from_slice(&scalar(&mut r));
            v.extend_from_slice(&scalar(&mut r));
            v
        };
        match RangeProof::from_bytes(&bytes) {
            Err(e) => {
                assert_eq!(e, ProofError::FormatError);
                format_errors += 1;
            }
            Ok(p) => {
                assert_eq!(p.to_bytes(), bytes, "canonical re-encoding");
                let m = r.gen_range(1..=4);
                let n = [1usize, 7, 8, 16, 32, 64][r.gen_range(0..6)];
                let vs: Vec<CompressedRistretto> = random_blindings(&mut r, m)
                    .iter()
                    .map(|b| pc.commit(Scalar::from(r.gen::<u64>()), *b).compress())
                    .collect();
                let res = verify(&bp, &pc, &p, &vs, n, b"random");
                assert_eq!(res, Err(ProofError::VerificationError));
                verification_errors += 1;
            }
        }
    }
    println!("random inputs: {format_errors} format errors, {verification_errors} verification errors, 0 accepted, 0 panics");
    assert!(verification_errors >= 250 && format_errors >= 250);
}

/// With the `serde` feature, proofs serialise as their bytes (as in dalek's crate)
/// and deserialise through the strict parser.
#[cfg(feature = "serde")]
#[test]
fn serde_round_trip_is_strict() {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(16, 2);
    let mut r = rng(18);
    let c = make(&bp, &pc, 16, 2, &mut r);
    let encoded = bincode::serialize(&c.proof).expect("serialize");
    let decoded: RangeProof = bincode::deserialize(&encoded).expect("deserialize");
    assert_eq!(decoded, c.proof);
    verify(&bp, &pc, &decoded, &c.commitments, 16, b"ballistic tests").expect("verifies");
    // A tampered encoding is refused by the deserialiser itself.
    let mut bad = encoded.clone();
    let last = bad.len() - 1;
    bad[last] = 0xff; // b is no longer canonical
    assert!(bincode::deserialize::<RangeProof>(&bad).is_err());
}

/// The largest shapes of the verifier's tables (n·m padded to 2,048: shifted copies
/// for fixed-base Pippenger on ristretto255) and of the prover's first block of
/// rounds (its own width-8 tables there): proofs verify singly and in a batch,
/// and a wrong statement, a tampered proof and a bad proof in a batch are caught.
#[test]
fn largest_shapes_verify_and_reject() {
    let pc = PedersenGens::default();
    let bp = BulletproofGens::new(64, 32);
    let mut r = rng(32);
    let cases: Vec<Case> = [(64usize, 32usize), (33, 32), (64, 17)]
        .iter()
        .map(|&(n, m)| make(&bp, &pc, n, m, &mut r))
        .collect();
    for c in &cases {
        let m = c.commitments.len();
        verify(&bp, &pc, &c.proof, &c.commitments, c.n, b"ballistic tests")
            .unwrap_or_else(|e| panic!("n={} m={m}: {e}", c.n));
        // A commitment to another value, the wrong label, a flipped proof bit.
        let mut vs = c.commitments.clone();
        vs[m - 1] = pc
            .commit(Scalar::from(c.values[m - 1] ^ 1), c.blindings[m - 1])
            .compress();
        assert!(verify(&bp, &pc, &c.proof, &vs, c.n, b"ballistic tests").is_err());
        assert!(verify(&bp, &pc, &c.proof, &c.commitments, c.n, b"other").is_err());
        let mut bytes = c.proof.to_bytes();
        let at = r.gen_range(0..bytes.len());
        bytes[at] ^= 1 << r.gen_range(0..8);
        if let Ok(p) = RangeProof::from_bytes(&bytes) {
            assert!(verify(&bp, &pc, &p, &c.commitments, c.n, b"ballistic tests").is_err());
        }
    }
    // A batch of one shape takes the shape's tables; one bad proof is named.
    let (n, m) = (64, 32);
    let mut items: Vec<Case> = (0..3).map(|_| make(&bp, &pc, n, m, &mut r)).collect();
    let batch_of = |items: &[Case], r: &mut ChaCha20Rng| {
        let mut batch = BatchVerifier::new(&bp);
        for it in items {
            batch.add(
                &it.proof,
                &pc,
                &mut Transcript::new(b"ballistic tests"),
                &it.commitments,
                n,
            );
        }
        batch.verify(r)
    };
    batch_of(&items, &mut r).expect("three valid proofs of 32 values");
    items[1].commitments[5] = pc
        .commit(Scalar::from(items[1].values[5] + 1), items[1].blindings[5])
        .compress();
    let err = batch_of(&items, &mut r).unwrap_err();
    assert_eq!(err.invalid, vec![(1, ProofError::VerificationError)]);
}

/// `BulletproofGens::precompute_verifier` builds the verifier's tables of a shape
/// once, reports their memory (`table_bytes`), rejects shapes no proof may have,
/// returns 0 for shapes verified without tables, and verification reuses the
/// tables it built.
#[test]
fn precompute_verifier_builds_reports_and_serves() {
    let gens = BulletproofGens::new(64, 4);
    assert_eq!(gens.table_bytes(), 0);
    let one = gens.precompute_verifier(64, 1).expect("valid shape");
    let four = gens.precompute_verifier(64, 4).expect("valid shape");
    // 2·64 generators (m = 1) and 2·256 (m = 4), each with 2^(w−2) entries of
    // 128 bytes (`AffineNiels::BYTES`, an internal) at the small shapes' NAF width.
    use ballistic::curve::ristretto::Tables;
    const ENTRY_BYTES: usize = 128;
    let per_point = (1 << (Tables::SMALL_SHAPE_WIDTH - 2)) * ENTRY_BYTES;
    assert_eq!(one, 128 * per_point);
    assert_eq!(four, 512 * per_point);
    assert_eq!(gens.table_bytes(), one + four);
    assert_eq!(gens.precompute_verifier(64, 1), Ok(one), "cached");
    assert_eq!(gens.table_bytes(), one + four);
    for (n, m, e) in [
        (0, 1, ProofError::InvalidBitsize),
        (65, 1, ProofError::InvalidBitsize),
        (64, 0, ProofError::InvalidAggregation),
        (64, 5, ProofError::InvalidGeneratorsLength),
        (128, 1, ProofError::InvalidBitsize),
    ] {
        assert_eq!(gens.precompute_verifier(n, m), Err(e), "n {n} m {m}");
    }
    assert_eq!(gens.table_bytes(), one + four);

    // A proof made with other generators verifies over the prepared tables, and
    // verifying builds nothing more.
    let mut r = rng(77);
    let pc = PedersenGens::default();
    let values = random_values(&mut r, 64, 4);
    let blindings = random_blindings(&mut r, 4);
    let (proof, commitments) = RangeProof::prove_multiple(
        &BulletproofGens::new(64, 4),
        &pc,
        &mut Transcript::new(b"precompute"),
        &values,
        &blindings,
        64,
    )
    .expect("proves");
    proof
        .verify_multiple(
            &gens,
            &pc,
            &mut Transcript::new(b"precompute"),
            &commitments,
            64,
        )
        .expect("verifies");
    assert_eq!(gens.table_bytes(), one + four);

    // Threads preparing one shape at once keep one copy of its tables.
    let shared = BulletproofGens::new(64, 8);
    let sizes: Vec<usize> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| s.spawn(|| shared.precompute_verifier(64, 8).expect("valid shape")))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("joins"))
            .collect()
    });
    assert!(sizes.iter().all(|&b| b == sizes[0] && b > 0), "{sizes:?}");
    assert_eq!(shared.table_bytes(), sizes[0]);

    // A shape whose n·m is not a power of two has the tables of its padded length.
    let padded = BulletproofGens::new(48, 3);
    let bytes = padded.precompute_verifier(48, 3).expect("valid shape");
    assert_eq!(bytes, 2 * 256 * per_point, "N' = 256");
    assert_eq!(padded.table_bytes(), bytes);

    // Above the verifier's table limit (N' = 64·m = 2·VERIFIER_TABLE_MAX_LEN): no
    // tables.
    use ballistic::curve::{ristretto::Ristretto, Curve, TableStrategy};
    let m = 2
        * <<Ristretto as Curve>::Strategy as TableStrategy<Ristretto>>::VERIFIER_TABLE_MAX_LEN
        / 64;
    let big = BulletproofGens::new(64, m);
    assert_eq!(big.precompute_verifier(64, m), Ok(0));
    assert_eq!(big.table_bytes(), 0);
}

/// On secp256k1 (flat generators, secp256k1-zkp's), `precompute_verifier` builds and
/// reports the Straus tables of the shape's 2·64 generators, once.
#[test]
fn precompute_verifier_reports_secp256k1_tables() {
    let gens = ballistic::secp256k1::grin_generators();
    assert_eq!(gens.table_bytes(), 0);
    let bytes = gens.precompute_verifier(64, 1).expect("valid shape");
    assert!(
        bytes >= 128 * 64 * 64,
        "at least 64 entries of 64 bytes per generator: {bytes}"
    );
    assert_eq!(
        bytes % 128,
        0,
        "the same bytes for each of the 128 generators"
    );
    assert_eq!(gens.table_bytes(), bytes);
    assert_eq!(gens.precompute_verifier(64, 1), Ok(bytes));
    assert_eq!(gens.table_bytes(), bytes);
}
