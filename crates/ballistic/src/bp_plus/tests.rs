//! Bulletproofs+ round trips, statement binding and recovery on every curve.

use super::{Opening, RangeProofPlus, VerifyAction};
use crate::curve::ristretto::Ristretto;
use crate::curve::secp256k1::Secp256k1;
use crate::curve::Curve;
use crate::generators::{BulletproofGens, ExtendedPedersenGens};
use crate::ProofError;
use alloc::vec;
use alloc::vec::Vec;
use merlin::Transcript;
use rand::{Rng, SeedableRng};

fn rng(seed: u64) -> rand_chacha::ChaCha20Rng {
    rand_chacha::ChaCha20Rng::seed_from_u64(seed)
}

fn gens<C: Curve>(t: usize) -> ExtendedPedersenGens<C> {
    let chain = C::generator_chain(b"bp+ test bases", 1 + t);
    ExtendedPedersenGens::from_points(chain[0], chain[1..].to_vec()).unwrap()
}

fn random_masks<C: Curve>(
    r: &mut rand_chacha::ChaCha20Rng,
    m: usize,
    t: usize,
) -> Vec<C::ApiScalar> {
    (0..m * t)
        .map(|_| C::scalar_to_api(&C::scalar_random(r)))
        .collect()
}

/// Proves and verifies every shape, then checks that the proof fails for another
/// statement (another commitment, bit width, minimum value, label).
fn round_trips<C: Curve>() {
    let mut r = rng(7);
    for &(n, m) in &[
        (1usize, 1usize),
        (2, 1),
        (8, 1),
        (7, 3),
        (64, 1),
        (64, 2),
        (16, 4),
        (5, 5),
    ] {
        for t in 1..=3 {
            let bp = BulletproofGens::<C>::new(n, m);
            let pc = gens::<C>(t);
            let masks = random_masks::<C>(&mut r, m, t);
            let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            let mins: Vec<u64> = (0..m)
                .map(|j| if j % 2 == 0 { 0 } else { r.gen_range(0..=max) })
                .collect();
            // Every value within its own range [o_j, o_j + 2^n), below 2^64.
            let values: Vec<u64> = mins
                .iter()
                .map(|o| o + r.gen_range(0..=max.min(u64::MAX - o)))
                .collect();
            let openings: Vec<Opening<'_, C>> = (0..m)
                .map(|j| Opening::new(values[j], &masks[j * t..(j + 1) * t]))
                .collect();
            let (proof, V) = RangeProofPlus::<C>::prove(
                &bp,
                &pc,
                &mut Transcript::new(b"bp+ test"),
                &openings,
                &mins,
                n,
                &mut r,
            )
            .unwrap();
            let bytes = proof.to_bytes();
            assert_eq!(
                bytes.len(),
                super::wire::proof_len::<C>(
                    t,
                    (n * m).next_power_of_two().trailing_zeros() as usize
                )
            );
            let parsed = RangeProofPlus::<C>::from_bytes(&bytes).unwrap();
            assert_eq!(parsed.to_bytes(), bytes);
            let verify = |V: &[C::Encoding], mins: &[u64], n: usize, label: &'static [u8]| {
                parsed.verify(
                    &bp,
                    &pc,
                    &mut Transcript::new(label),
                    V,
                    mins,
                    n,
                    &mut rng(1),
                )
            };
            verify(&V, &mins, n, b"bp+ test").unwrap();
            assert!(verify(&V, &mins, n, b"bp+ other").is_err());
            if n > 1 {
                assert!(verify(&V, &mins, n - 1, b"bp+ test").is_err());
            }
            let mut other = mins.clone();
            other[0] ^= 1;
            if n > 1 || other[0] <= 1 {
                assert!(verify(&V, &other, n, b"bp+ test").is_err());
            }
            let mut W = V.clone();
            W[m - 1] = V[0];
            if m > 1 {
                assert!(verify(&W, &mins, n, b"bp+ test").is_err());
            }
            // Any changed byte (past the degree byte) breaks parsing or verification.
            for _ in 0..4 {
                let mut b = bytes.clone();
                let i = r.gen_range(1..b.len());
                b[i] ^= 1 << r.gen_range(0..8);
                if let Ok(p) = RangeProofPlus::<C>::from_bytes(&b) {
                    assert!(p
                        .verify(
                            &bp,
                            &pc,
                            &mut Transcript::new(b"bp+ test"),
                            &V,
                            &mins,
                            n,
                            &mut rng(1)
                        )
                        .is_err());
                }
            }
        }
    }
}

#[test]
fn round_trips_ristretto() {
    round_trips::<Ristretto>();
}

#[test]
fn round_trips_secp256k1() {
    round_trips::<Secp256k1>();
}

#[test]
fn round_trips_toy() {
    round_trips_small::<crate::curve::toy::Toy>();
}

/// Shapes whose padded length fits the toy group's generator count.
fn round_trips_small<C: Curve>() {
    let mut r = rng(9);
    for &(n, m) in &[(1usize, 1usize), (2, 1), (3, 1), (2, 2), (4, 2), (3, 3)] {
        let bp = BulletproofGens::<C>::new(n, m);
        let pc = gens::<C>(2);
        for v in 0..(1u64 << n) {
            let masks = random_masks::<C>(&mut r, m, 2);
            let openings: Vec<Opening<'_, C>> = (0..m)
                .map(|j| Opening::new(v, &masks[2 * j..2 * j + 2]))
                .collect();
            let (proof, V) = RangeProofPlus::<C>::prove(
                &bp,
                &pc,
                &mut Transcript::new(b"toy"),
                &openings,
                &[],
                n,
                &mut r,
            )
            .unwrap();
            proof
                .verify(&bp, &pc, &mut Transcript::new(b"toy"), &V, &[], n, &mut r)
                .unwrap();
        }
    }
}

/// The prover refuses values outside `[o, o + 2^n)`, minimum values of `n` bits or
/// more, and openings with the wrong number of masks.
#[test]
fn prover_refuses_bad_statements() {
    type C = Ristretto;
    let mut r = rng(3);
    let bp = BulletproofGens::<C>::new(8, 2);
    let pc = gens::<C>(2);
    let masks = random_masks::<C>(&mut r, 2, 2);
    let one = |v: u64| [Opening::<C>::new(v, &masks[..2])];
    let prove = |o: &[Opening<'_, C>], mins: &[u64], n: usize| {
        RangeProofPlus::<C>::prove(
            &bp,
            &pc,
            &mut Transcript::new(b"x"),
            o,
            mins,
            n,
            &mut rng(4),
        )
        .map(|_| ())
    };
    assert_eq!(prove(&one(256), &[], 8), Err(ProofError::ValueOutOfRange));
    assert_eq!(prove(&one(255), &[], 8), Ok(()));
    assert_eq!(prove(&one(9), &[10], 8), Err(ProofError::ValueOutOfRange));
    assert_eq!(prove(&one(10), &[10], 8), Ok(()));
    assert_eq!(prove(&one(265), &[10], 8), Ok(()));
    assert_eq!(prove(&one(266), &[10], 8), Err(ProofError::ValueOutOfRange));
    assert_eq!(
        prove(&one(300), &[256], 8),
        Err(ProofError::InvalidMinValue)
    );
    assert_eq!(
        prove(&one(3), &[0, 0], 8),
        Err(ProofError::InvalidInputLength)
    );
    let short = [Opening::<C>::new(3, &masks[..1])];
    assert_eq!(
        prove(&short, &[], 8),
        Err(ProofError::InvalidExtensionDegree)
    );
    assert_eq!(
        prove(&one(3), &[], 9),
        Err(ProofError::InvalidGeneratorsLength)
    );
}

/// Mask recovery returns the masks for the right seed, others for a wrong one, and
/// `None` for `VerifyOnly`; `RecoverOnly` does not verify.
fn recovery<C: Curve>() {
    let mut r = rng(11);
    for t in 1..=3 {
        let bp = BulletproofGens::<C>::new(64, 1);
        let pc = gens::<C>(t);
        let masks = random_masks::<C>(&mut r, 1, t);
        let seed = C::scalar_to_api(&C::scalar_random(&mut r));
        let (proof, V) = RangeProofPlus::<C>::prove_with_seed(
            &bp,
            &pc,
            &mut Transcript::new(b"rec"),
            &Opening::new(1000, &masks),
            7,
            64,
            &seed,
            &mut r,
        )
        .unwrap();
        let rec = |seed: &C::ApiScalar, action, V: &C::Encoding| {
            proof.recover_masks(
                &bp,
                &pc,
                &mut Transcript::new(b"rec"),
                V,
                7,
                64,
                seed,
                action,
                &mut rng(2),
            )
        };
        assert_eq!(
            rec(&seed, VerifyAction::RecoverAndVerify, &V).unwrap(),
            Some(masks.clone())
        );
        assert_eq!(
            rec(&seed, VerifyAction::RecoverOnly, &V).unwrap(),
            Some(masks.clone())
        );
        assert_eq!(rec(&seed, VerifyAction::VerifyOnly, &V).unwrap(), None);
        let other = C::scalar_to_api(&C::scalar_random(&mut r));
        assert_ne!(
            rec(&other, VerifyAction::RecoverOnly, &V).unwrap(),
            Some(masks.clone())
        );
        // Another commitment: RecoverAndVerify fails, RecoverOnly does not verify.
        let (_, W) = RangeProofPlus::<C>::prove(
            &bp,
            &pc,
            &mut Transcript::new(b"rec"),
            &[Opening::new(1000, &masks)],
            &[],
            64,
            &mut r,
        )
        .unwrap();
        let W = W[0];
        if W != V {
            assert!(rec(&seed, VerifyAction::RecoverAndVerify, &W).is_err());
            assert!(rec(&seed, VerifyAction::RecoverOnly, &W).is_ok());
        }
    }
}

#[test]
fn recovery_ristretto() {
    recovery::<Ristretto>();
}

#[test]
fn recovery_secp256k1() {
    recovery::<Secp256k1>();
}

/// A seed needs a proof of one value, as in Tari.
#[test]
fn seed_needs_one_value() {
    type C = Ristretto;
    let mut r = rng(5);
    let bp = BulletproofGens::<C>::new(8, 2);
    let pc = gens::<C>(1);
    let masks = random_masks::<C>(&mut r, 2, 1);
    let seed = C::scalar_to_api(&C::scalar_random(&mut r));
    let openings = [
        Opening::<C>::new(1, &masks[..1]),
        Opening::<C>::new(2, &masks[1..]),
    ];
    let res = super::prover::prove(
        &bp,
        &pc,
        &mut Transcript::new(b"s"),
        &openings,
        &[],
        8,
        Some(&seed),
        &mut r,
    );
    assert_eq!(res.unwrap_err(), ProofError::RecoveryUnsupported);
}

/// Bulletproofs and Bulletproofs+ proofs of several shapes, degrees and bases in one
/// batch: valid together, and each invalid one blamed by its index.
fn mixed_batch<C: Curve>() {
    use crate::generators::PedersenGens;
    use crate::range_proof::batch::BatchVerifier;
    use crate::range_proof::{format::Dalek, RangeProof};
    let mut r = rng(21);
    let bp = BulletproofGens::<C>::new(64, 4);
    let pc = PedersenGens::<C>::default();
    enum P<C: Curve> {
        Bp(RangeProof<C, Dalek>, Vec<C::Encoding>, usize),
        Plus(
            RangeProofPlus<C>,
            Vec<C::Encoding>,
            Vec<u64>,
            usize,
            ExtendedPedersenGens<C>,
        ),
    }
    let mut proofs: Vec<P<C>> = Vec::new();
    for (k, &(n, m, t)) in [
        (64usize, 1usize, 1usize),
        (8, 3, 2),
        (64, 4, 1),
        (16, 2, 3),
        (5, 1, 1),
        (64, 1, 6),
    ]
    .iter()
    .enumerate()
    {
        let values: Vec<u64> = (0..m).map(|_| r.gen::<u64>() >> (64 - n)).collect();
        let blind: Vec<C::ApiScalar> = random_masks::<C>(&mut r, m, 1);
        let (p, v) = super::super::range_proof::prover::prove::<C, Dalek, _>(
            &bp,
            &pc,
            &mut Transcript::new(b"mixed"),
            &values,
            &blind,
            n,
            &mut r,
        )
        .unwrap();
        proofs.push(P::Bp(p, v, n));
        // Even entries share the test bases, odd ones have their own (assets).
        let pcp = if k % 2 == 0 {
            gens::<C>(t)
        } else {
            let chain = C::generator_chain(&[b'a', k as u8], 1 + t);
            ExtendedPedersenGens::from_points(chain[0], chain[1..].to_vec()).unwrap()
        };
        let masks = random_masks::<C>(&mut r, m, t);
        let mins: Vec<u64> = values.iter().map(|v| v / 2).collect();
        let openings: Vec<Opening<'_, C>> = (0..m)
            .map(|j| Opening::new(values[j], &masks[j * t..(j + 1) * t]))
            .collect();
        let (p, v) = RangeProofPlus::<C>::prove(
            &bp,
            &pcp,
            &mut Transcript::new(b"mixed"),
            &openings,
            &mins,
            n,
            &mut r,
        )
        .unwrap();
        proofs.push(P::Plus(p, v, mins, n, pcp));
    }
    let run = |bad: &[usize]| {
        let mut batch = BatchVerifier::new(&bp);
        for (i, p) in proofs.iter().enumerate() {
            let label: &'static [u8] = if bad.contains(&i) { b"other" } else { b"mixed" };
            match p {
                P::Bp(p, v, n) => batch.add(p, &pc, &mut Transcript::new(label), v, *n),
                P::Plus(p, v, mins, n, pcp) => {
                    batch.add_plus(p, pcp, &mut Transcript::new(label), v, mins, *n)
                }
            };
        }
        batch.verify(&mut rng(5)).map_err(|e| e.invalid_indices())
    };
    assert_eq!(run(&[]), Ok(()));
    for bad in [
        vec![1],
        vec![0, 3],
        vec![5, 6, 11],
        (0..12).collect::<Vec<_>>(),
    ] {
        assert_eq!(run(&bad), Err(bad.clone()));
    }
}

#[test]
fn mixed_batch_ristretto() {
    mixed_batch::<Ristretto>();
}

#[test]
fn mixed_batch_secp256k1() {
    mixed_batch::<Secp256k1>();
}

/// The argument's rounds over the bits give the very proof the general rounds give
/// (same transcript, same nonces), for shapes with one, two and three such rounds
/// and for padded shapes, with and without minimum values.
fn bit_rounds_same_proof<C: Curve>() {
    let mut r = rng(33);
    for &(n, m, t) in &[
        (8usize, 1usize, 1usize),
        (16, 1, 2),
        (32, 2, 1),
        (64, 1, 1),
        (64, 2, 3),
        (7, 3, 1),
        (64, 4, 2),
    ] {
        let bp = BulletproofGens::<C>::new(n, m);
        let pc = gens::<C>(t);
        let masks = random_masks::<C>(&mut r, m, t);
        let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mins: Vec<u64> = (0..m).map(|j| if j == 1 { 3 } else { 0 }).collect();
        let values: Vec<u64> = mins
            .iter()
            .map(|o| o + r.gen_range(0..=max.min(u64::MAX - o)))
            .collect();
        let openings: Vec<Opening<'_, C>> = (0..m)
            .map(|j| Opening::new(values[j], &masks[j * t..(j + 1) * t]))
            .collect();
        let seed: u64 = r.gen();
        let proofs: Vec<_> = [true, false]
            .iter()
            .map(|&bit_form| {
                super::prover::prove_impl(
                    &bp,
                    &pc,
                    &mut Transcript::new(b"bits"),
                    &openings,
                    &mins,
                    n,
                    None,
                    &mut rng(seed),
                    None,
                    bit_form,
                )
                .unwrap()
            })
            .collect();
        assert_eq!(proofs[0].1, proofs[1].1, "commitments n={n} m={m} t={t}");
        assert_eq!(
            proofs[0].0.to_bytes(),
            proofs[1].0.to_bytes(),
            "proof n={n} m={m} t={t}"
        );
        let (proof, v) = &proofs[0];
        proof
            .verify(&bp, &pc, &mut Transcript::new(b"bits"), v, &mins, n, &mut r)
            .unwrap();
    }
}

#[test]
fn bit_rounds_same_proof_ristretto() {
    bit_rounds_same_proof::<Ristretto>();
}

#[test]
fn bit_rounds_same_proof_secp256k1() {
    bit_rounds_same_proof::<Secp256k1>();
}
