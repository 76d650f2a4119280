//! The byte-level API end to end: every curve and protocol, ranges, minimum values,
//! rewinding, the caller's blindings, batches with failures, limits and threads.

use ballistic_api::{
    prove, prove_with_rng, rewind, verify, BatchVerifier, Curve, ErrorCode, Params, Protocol,
    Secrets, MAX_GENERATORS, MAX_VALUES,
};
use rand::rngs::StdRng;
use rand::SeedableRng;
use zeroize::Zeroizing;

fn all_params() -> Vec<Params> {
    let mut out = Vec::new();
    for curve in [Curve::Ristretto255, Curve::Secp256k1] {
        for protocol in [Protocol::Bp, Protocol::BpPlus] {
            let domain: &[u8] = if curve == Curve::Secp256k1 && protocol == Protocol::Bp {
                b""
            } else {
                b"api test"
            };
            out.push(Params::new(curve, protocol, 32).with_domain(domain));
        }
    }
    out
}

#[test]
fn round_trips_on_every_curve_and_protocol() {
    let mut rng = StdRng::seed_from_u64(1);
    for params in all_params() {
        for values in [vec![0u64], vec![1, u32::MAX as u64]] {
            let proven = prove_with_rng(&params, &values, &Secrets::default(), &mut rng).unwrap();
            assert_eq!(
                proven.proof.len(),
                params.proof_len(values.len()),
                "{params:?}"
            );
            assert_eq!(proven.commitments.len(), values.len());
            for c in &proven.commitments {
                assert_eq!(c.len(), params.curve.commitment_bytes());
            }
            verify(&params, &proven.commitments, &proven.proof).unwrap();
            // Any flipped byte of the proof is refused (malformed or invalid).
            for i in [0, proven.proof.len() / 2, proven.proof.len() - 1] {
                let mut bad = proven.proof.clone();
                bad[i] ^= 1;
                let e = verify(&params, &proven.commitments, &bad).unwrap_err();
                assert!(
                    matches!(
                        e.code(),
                        ErrorCode::InvalidProof | ErrorCode::MalformedProof
                    ),
                    "{params:?} byte {i}: {e}"
                );
            }
            // Values out of range are refused before proving.
            let e = prove(&params, &[1u64 << 32], &Secrets::default()).unwrap_err();
            assert_eq!(e.code(), ErrorCode::InvalidArgument);
        }
    }
}

#[test]
fn ranges_on_every_curve_and_protocol() {
    for params in all_params() {
        let params = params.with_range(1000, 1999);
        assert_eq!(params.bits, 10);
        let proven = prove(&params, &[1500], &Secrets::default()).unwrap();
        verify(&params, &proven.commitments, &proven.proof).unwrap();
        let other = params.clone().with_range(1000, 1998);
        let e = verify(&other, &proven.commitments, &proven.proof).unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidProof, "{params:?}");
        let e = prove(&params, &[2000], &Secrets::default()).unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidArgument);
    }
}

#[test]
fn given_blindings_give_the_same_commitments() {
    for params in all_params() {
        let first = prove(&params, &[5, 6], &Secrets::default()).unwrap();
        let again = prove(
            &params,
            &[5, 6],
            &Secrets {
                blindings: Some(first.blindings.clone()),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(first.commitments, again.commitments, "{params:?}");
        verify(&params, &again.commitments, &again.proof).unwrap();
        let e = prove(
            &params,
            &[5, 6],
            &Secrets {
                blindings: Some(vec![Zeroizing::new([0xff; 32]); 2]),
                ..Default::default()
            },
        )
        .unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}");
    }
}

#[test]
fn bulletproofs_plus_options() {
    for curve in [Curve::Ristretto255, Curve::Secp256k1] {
        let params = Params::new(curve, Protocol::BpPlus, 8)
            .with_domain(b"plus")
            .with_extension_degree(3)
            .with_min_values(&[100, 0]);
        let proven = prove(&params, &[355, 255], &Secrets::default()).unwrap();
        assert_eq!(proven.blindings.len(), 6);
        verify(&params, &proven.commitments, &proven.proof).unwrap();
        let shifted = params.clone().with_min_values(&[101, 0]);
        assert_eq!(
            verify(&shifted, &proven.commitments, &proven.proof)
                .unwrap_err()
                .code(),
            ErrorCode::InvalidProof
        );
        // Above o + 2^n and below o: refused, and the error (decided in constant
        // time by the prover) names no value.
        for values in [[356, 0], [99, 0]] {
            let e = prove(&params, &values, &Secrets::default()).unwrap_err();
            assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}");
            assert!(e.message().contains("outside its range"), "{e}");
            assert!(!e.message().contains(&values[0].to_string()), "{e}");
        }
    }
}

#[test]
fn rewinding_every_kind() {
    // secp256k1 Bulletproofs: always rewindable.
    let k1 = Params::new(Curve::Secp256k1, Protocol::Bp, 64).with_extra_commit(b"ctx");
    let proven = prove(&k1, &[77], &Secrets::default()).unwrap();
    let nonce = proven.nonce.clone().unwrap();
    let r = rewind(&k1, &proven.commitments[0], &proven.proof, &nonce, None).unwrap();
    assert_eq!((r.value, r.message), (Some(77), Some([0u8; 20])));
    assert_eq!(r.blindings[0], proven.blindings[0]);
    let e = rewind(&k1, &proven.commitments[0], &proven.proof, &[7u8; 32], None).unwrap_err();
    assert_eq!(e.code(), ErrorCode::RewindFailed);
    let no_extra = Params::new(Curve::Secp256k1, Protocol::Bp, 64);
    assert!(rewind(
        &no_extra,
        &proven.commitments[0],
        &proven.proof,
        &nonce,
        None
    )
    .is_err());

    // ristretto255 Bulletproofs: when asked.
    let r255 = Params::new(Curve::Ristretto255, Protocol::Bp, 64).with_domain(b"r");
    let secrets = Secrets {
        rewindable: true,
        nonce: Some(Zeroizing::new([9u8; 32])),
        ..Default::default()
    };
    let proven = prove(&r255, &[88], &secrets).unwrap();
    verify(&r255, &proven.commitments, &proven.proof).unwrap();
    let r = rewind(
        &r255,
        &proven.commitments[0],
        &proven.proof,
        &[9u8; 32],
        None,
    )
    .unwrap();
    assert_eq!(r.value, Some(88));
    assert_eq!(r.blindings[0], proven.blindings[0]);
    assert_eq!(
        rewind(
            &r255,
            &proven.commitments[0],
            &proven.proof,
            &[8u8; 32],
            None
        )
        .unwrap_err()
        .code(),
        ErrorCode::RewindFailed
    );
    let two = prove(&r255, &[1, 2], &secrets).unwrap_err();
    assert_eq!(two.code(), ErrorCode::InvalidArgument);

    // Bulletproofs+: the masks, and the value checked when given.
    for curve in [Curve::Ristretto255, Curve::Secp256k1] {
        let plus = Params::new(curve, Protocol::BpPlus, 64)
            .with_domain(b"p")
            .with_extension_degree(2);
        let proven = prove(
            &plus,
            &[99],
            &Secrets {
                rewindable: true,
                ..Default::default()
            },
        )
        .unwrap();
        let seed = proven.nonce.clone().unwrap();
        let r = rewind(
            &plus,
            &proven.commitments[0],
            &proven.proof,
            &seed,
            Some(99),
        )
        .unwrap();
        assert_eq!(r.blindings, proven.blindings);
        let e = rewind(
            &plus,
            &proven.commitments[0],
            &proven.proof,
            &seed,
            Some(98),
        )
        .unwrap_err();
        assert_eq!(e.code(), ErrorCode::RewindFailed);
        let wrong = rewind(
            &plus,
            &proven.commitments[0],
            &proven.proof,
            &[1u8; 32],
            None,
        )
        .unwrap();
        assert_ne!(wrong.blindings, proven.blindings);
    }
    // Range proofs are not rewindable.
    let range = Params::new(Curve::Secp256k1, Protocol::Bp, 64).with_range(0, 9);
    let proven = prove(&range, &[3], &Secrets::default()).unwrap();
    assert!(proven.nonce.is_none());
    let e = rewind(
        &range,
        &proven.commitments[0],
        &proven.proof,
        &[0; 32],
        None,
    )
    .unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidArgument);
}

#[test]
fn statements_each_curve_refuses() {
    let bad = [
        Params::new(Curve::Secp256k1, Protocol::Bp, 48),
        Params::new(Curve::Secp256k1, Protocol::Bp, 64).with_domain(b"no label here"),
        Params::new(Curve::Ristretto255, Protocol::Bp, 64).with_extra_commit(b"x"),
        Params::new(Curve::Ristretto255, Protocol::Bp, 64).with_extension_degree(2),
        Params::new(Curve::Ristretto255, Protocol::Bp, 64).with_min_values(&[1]),
        Params::new(Curve::Ristretto255, Protocol::BpPlus, 64).with_extension_degree(7),
        Params::new(Curve::Ristretto255, Protocol::BpPlus, 8).with_min_values(&[256]),
        Params::new(Curve::Ristretto255, Protocol::Bp, 0),
        Params::new(Curve::Ristretto255, Protocol::Bp, 65),
        Params::new(Curve::Ristretto255, Protocol::Bp, 64).with_range(5, 4),
    ];
    for params in bad {
        let e = prove(&params, &[1], &Secrets::default()).unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidArgument, "{params:?}: {e}");
        let e = verify(&params, &[[0u8; 32]], &[0u8; 672]).unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidArgument, "{params:?}: {e}");
    }
    let three = Params::new(Curve::Secp256k1, Protocol::Bp, 64);
    assert_eq!(
        prove(&three, &[1, 2, 3], &Secrets::default())
            .unwrap_err()
            .code(),
        ErrorCode::InvalidArgument
    );
    let r = Params::new(Curve::Ristretto255, Protocol::Bp, 8);
    assert_eq!(
        verify(&r, &vec![[0u8; 32]; MAX_VALUES + 1], &[])
            .unwrap_err()
            .code(),
        ErrorCode::LimitExceeded
    );
    let long = r
        .clone()
        .with_domain(&[b'x'; ballistic_api::MAX_DOMAIN_BYTES + 1]);
    assert_eq!(
        prove(&long, &[1], &Secrets::default()).unwrap_err().code(),
        ErrorCode::LimitExceeded
    );
    assert_eq!(
        verify(&r, &Vec::<[u8; 32]>::new(), &[]).unwrap_err().code(),
        ErrorCode::InvalidArgument
    );
}

#[test]
fn secp256k1_generator_sets() {
    let grin = Params::new(Curve::Secp256k1, Protocol::Bp, 64);
    let big = grin.clone().with_generators(1024);
    let proven = prove(&big, &[7], &Secrets::default()).unwrap();
    verify(&big, &proven.commitments, &proven.proof).unwrap();
    // Another set is another statement: the proof does not verify over Grin's.
    let e = verify(&grin, &proven.commitments, &proven.proof).unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidProof);
    let nonce = proven.nonce.as_ref().unwrap();
    assert_eq!(
        rewind(&big, &proven.commitments[0], &proven.proof, nonce, None)
            .unwrap()
            .value,
        Some(7)
    );
    // The default set, named explicitly, is the default statement.
    let same = prove(&grin, &[8], &Secrets::default()).unwrap();
    verify(
        &grin.clone().with_generators(256),
        &same.commitments,
        &same.proof,
    )
    .unwrap();
    let mut batch = BatchVerifier::new();
    batch.add(&big, &proven.commitments, &proven.proof).unwrap();
    batch.add(&grin, &same.commitments, &same.proof).unwrap();
    batch
        .add(&grin, &proven.commitments, &proven.proof)
        .unwrap();
    let bad: Vec<usize> = batch.verify().iter().map(|(i, _)| *i).collect();
    assert_eq!(bad, [2]);
    for (params, code) in [
        (
            grin.clone().with_generators(1023),
            ErrorCode::InvalidArgument,
        ),
        (
            grin.clone().with_generators(126),
            ErrorCode::InvalidArgument,
        ),
        (grin.clone().with_generators(0), ErrorCode::InvalidArgument),
        (
            grin.clone().with_generators(MAX_GENERATORS + 2),
            ErrorCode::LimitExceeded,
        ),
        (
            Params::new(Curve::Ristretto255, Protocol::Bp, 64).with_generators(256),
            ErrorCode::InvalidArgument,
        ),
        (
            Params::new(Curve::Secp256k1, Protocol::BpPlus, 64).with_generators(256),
            ErrorCode::InvalidArgument,
        ),
    ] {
        let e = prove(&params, &[1], &Secrets::default()).unwrap_err();
        assert_eq!(e.code(), code, "{params:?}: {e}");
        let e = verify(&params, &proven.commitments, &proven.proof).unwrap_err();
        assert_eq!(e.code(), code, "{params:?}: {e}");
    }
    // 2·n·m is enough: 64 bits, 4 values, 512 generators.
    let four = grin.clone().with_generators(512);
    let p4 = prove(&four, &[1, 2, 3, 4], &Secrets::default()).unwrap();
    verify(&grin, &p4.commitments, &p4.proof).unwrap();
}

#[test]
fn malformed_inputs_are_named() {
    let params = Params::new(Curve::Ristretto255, Protocol::Bp, 64).with_domain(b"m");
    let proven = prove(&params, &[1], &Secrets::default()).unwrap();
    let e = verify(&params, &proven.commitments, &proven.proof[..640]).unwrap_err();
    assert_eq!(e.code(), ErrorCode::MalformedProof);
    assert!(
        e.message()
            .contains("proof is 640 bytes; 1 value of 64 bits need 672"),
        "{e}"
    );
    let e = verify(&params, &[[0xffu8; 32]], &proven.proof).unwrap_err();
    assert_eq!(
        e.message(),
        "commitments[0] is not a valid ristretto255 point"
    );
    let e = verify(&params, &[[0u8; 31]], &proven.proof).unwrap_err();
    assert_eq!(e.code(), ErrorCode::MalformedProof);
    let mut bad = proven.proof.clone();
    bad[640..].copy_from_slice(&[0xff; 32]);
    let e = verify(&params, &proven.commitments, &bad).unwrap_err();
    assert_eq!(
        e.message(),
        "proof bytes are not canonical points and scalars"
    );
}

#[test]
fn batch_names_the_invalid_across_curves() {
    let mut batch = BatchVerifier::new();
    let mut expected_bad = Vec::new();
    let mut rng = StdRng::seed_from_u64(5);
    for (k, params) in all_params().into_iter().cycle().take(12).enumerate() {
        let proven =
            prove_with_rng(&params, &[k as u64, 3], &Secrets::default(), &mut rng).unwrap();
        let mut commitments = proven.commitments.clone();
        if k % 5 == 2 {
            commitments.swap(0, 1);
            expected_bad.push(k);
        }
        assert_eq!(batch.add(&params, &commitments, &proven.proof).unwrap(), k);
    }
    let failures = batch.verify();
    let bad: Vec<usize> = failures.iter().map(|(i, _)| *i).collect();
    assert_eq!(bad, expected_bad);
    assert!(failures
        .iter()
        .all(|(_, e)| e.code() == ErrorCode::InvalidProof));
    assert_eq!(batch.len(), 12);
    assert!(BatchVerifier::new().verify().is_empty());
}

#[test]
fn shared_caches_across_threads() {
    let params = Params::new(Curve::Ristretto255, Protocol::Bp, 64).with_domain(b"threads");
    let proven = prove(&params, &[1, 2, 3, 4], &Secrets::default()).unwrap();
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| {
                for _ in 0..3 {
                    verify(&params, &proven.commitments, &proven.proof).unwrap();
                }
            });
        }
    });
}

#[test]
fn debug_shows_no_secret() {
    let params = Params::new(Curve::Secp256k1, Protocol::Bp, 64);
    let proven = prove(&params, &[1], &Secrets::default()).unwrap();
    let text = format!("{proven:?}");
    for secret in proven.blindings.iter().chain(proven.nonce.iter()) {
        let hex_secret: String = secret.iter().map(|b| format!("{b:02x}")).collect();
        assert!(!text.contains(&hex_secret));
        assert!(!text.contains(&format!("{:?}", &secret[..4])));
    }
}

/// Any number of distinct transcript labels in one process (issue 48, item 2): a
/// label is absorbed by its call's transcript and kept by nobody, so 10,000 distinct
/// domains (the old table held 256) all prove and verify, singly and as one batch,
/// on each protocol whose transcript takes a label, and every proof fails under
/// another domain.
#[test]
fn ten_thousand_distinct_domains_in_one_process() {
    let mut rng = StdRng::seed_from_u64(48);
    let kinds = [
        (Curve::Ristretto255, Protocol::Bp),
        (Curve::Ristretto255, Protocol::BpPlus),
        (Curve::Secp256k1, Protocol::BpPlus),
    ];
    let mut batch = BatchVerifier::new();
    let domains = 10_000;
    for d in 0..domains {
        let (curve, protocol) = kinds[d % kinds.len()];
        let domain = format!("distinct domain {d}");
        let params = Params::new(curve, protocol, 8).with_domain(domain.as_bytes());
        let proven = prove_with_rng(&params, &[d as u64 % 256], &Secrets::default(), &mut rng)
            .unwrap_or_else(|e| panic!("domain {d}: {e}"));
        if d % 97 == 0 {
            verify(&params, &proven.commitments, &proven.proof)
                .unwrap_or_else(|e| panic!("domain {d}: {e}"));
            let other = params
                .clone()
                .with_domain(format!("distinct domain {}", d + 1).as_bytes());
            let e = verify(&other, &proven.commitments, &proven.proof).unwrap_err();
            assert_eq!(e.code(), ErrorCode::InvalidProof, "domain {d}");
        }
        batch
            .add(&params, &proven.commitments, &proven.proof)
            .unwrap();
    }
    assert_eq!(batch.len(), domains);
    let failures = batch.verify();
    assert!(
        failures.is_empty(),
        "{} of {domains} failed: {:?}",
        failures.len(),
        failures.first()
    );
}
