//! secp256k1-zkp's minimum values (`min_value`) against the C library as
//! `grin_secp256k1zkp` 0.8 builds it, through the FFI (`interop::zkp::ZkpContext`).
//! Format: `crates/ballistic/docs/secp256k1-zkp-format.md` §5.1, §6, §10, §13.1.
//!
//! Seeded RNG (printed; `ZKP_CROSS_SEED` fixes it). For single and aggregated shapes
//! and minimum values zero, small, large below `2^32` and (64-bit) at `2^32` or more:
//!
//! * identical inputs give identical commitments and byte-identical proofs;
//! * ballistic verifies every C proof; the C verifies ballistic's (the same bytes)
//!   exactly where it verifies its own: one value and a minimum value below `2^32`
//!   (§13: its `δ` is wrong for `m >= 2` and truncates minimum values to 32 bits);
//! * another minimum value, or no array, fails on both sides (where the C verifies
//!   at all);
//! * rewinding (one value) gives the C's value, blinding and message on both sides,
//!   and ballistic rewinds the array `[0]`, which the C cannot;
//! * the C's and ballistic's provers both refuse a value below its minimum.

use ballistic::curve::Curve;
use ballistic::secp256k1::{self as ours, Scalar, Secp256k1};
use interop::zkp::ZkpContext;
use interop::zkp::{random_secret, scalar_be, test_rng};
use rand::{Rng, RngCore};

/// The environment variable that replays a test's seed.
const SEED_VAR: &str = "ZKP_CROSS_SEED";

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The kinds of minimum value tested.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Zero,
    Small,
    /// Below `2^32`, and at least `2^31` where the width allows.
    Large,
    /// `2^32` or more (64-bit values only).
    Huge,
}

/// A minimum value of `kind` for `n`-bit values (the C's prover needs `v < 2^n`,
/// so `o < 2^n`).
fn min_value<R: RngCore>(rng: &mut R, kind: Kind, n: usize) -> u64 {
    let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    match kind {
        Kind::Zero => 0,
        Kind::Small => rng.gen_range(1..=1000u64.min(max)),
        Kind::Large => rng.gen_range((max.min(u32::MAX as u64) / 2 + 1)..=max.min(u32::MAX as u64)),
        Kind::Huge => rng.gen_range(1u64 << 32..=u64::MAX),
    }
}

/// A value in `[o, o + 2^n)` below `2^n` (the C's prover condition), at either
/// edge or random.
fn value<R: RngCore>(rng: &mut R, o: u64, n: usize, case: usize) -> u64 {
    let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let top = o.saturating_add(max).min(max);
    match case % 3 {
        0 => o,
        1 => top,
        _ => rng.gen_range(o..=top),
    }
}

#[test]
fn min_values_both_ways() {
    let mut rng = test_rng(SEED_VAR, "min_values_both_ways");
    let pc = ours::PedersenGens::default();
    let (mut identical, mut c_accepts, mut c_rejects, mut rewinds) = (0, 0, 0, 0);
    for (n, m, ng) in [
        (64, 1, 256),
        (32, 1, 256),
        (8, 1, 256),
        (1, 1, 256),
        (64, 2, 256),
        (16, 4, 256),
        (64, 4, 512),
    ] {
        let zkp = ZkpContext::new(ng);
        let bp = ours::zkp_generators(ng);
        let kinds: &[Kind] = if n == 64 {
            &[Kind::Zero, Kind::Small, Kind::Large, Kind::Huge]
        } else if n == 1 {
            &[Kind::Zero, Kind::Small]
        } else {
            &[Kind::Zero, Kind::Small, Kind::Large]
        };
        for (case, &kind) in kinds.iter().enumerate() {
            // Value 0 gets `kind`; the others the next kinds.
            let mins: Vec<u64> = (0..m)
                .map(|j| min_value(&mut rng, kinds[(case + j) % kinds.len()], n))
                .collect();
            let values: Vec<u64> = mins
                .iter()
                .enumerate()
                .map(|(j, o)| value(&mut rng, *o, n, case + j))
                .collect();
            let blinds: Vec<[u8; 32]> = (0..m).map(|_| random_secret(&mut rng)).collect();
            let nonce = random_secret(&mut rng);
            let private_nonce = (case % 2 == 1).then(|| random_secret(&mut rng));
            let extra = (case != 0).then(|| vec![case as u8; case * 7]);
            let message = (m == 1).then(|| {
                let mut msg = [0u8; 20];
                rng.fill_bytes(&mut msg);
                msg
            });
            let ctx = format!("n={n} m={m} Ng={ng} {kind:?}: mins={mins:?} values={values:?}");

            let bytes_c = zkp
                .prove_with_min_values(
                    &values,
                    &mins,
                    &blinds,
                    n,
                    &nonce,
                    private_nonce.as_ref(),
                    extra.as_deref(),
                    message.as_ref(),
                )
                .unwrap_or_else(|| panic!("the C fails to prove, {ctx}"));
            let mut t = ours::Transcript::new().with_nonce(nonce);
            if let Some(e) = &extra {
                t = t.with_extra_commit(e);
            }
            if let Some(p) = &private_nonce {
                t = t.with_private_nonce(*p);
            }
            if let Some(msg) = &message {
                t = t.with_message(*msg);
            }
            let scalars: Vec<Scalar> = blinds.iter().map(scalar_be).collect();
            let (proof_o, commits) = ours::RangeProof::prove_with_min_values(
                &bp, &pc, &mut t, &values, &mins, &scalars, n, &mut rng,
            )
            .unwrap_or_else(|e| panic!("ballistic fails to prove ({e}), {ctx}"));
            let commits_c: Vec<[u8; 33]> = values
                .iter()
                .zip(&blinds)
                .map(|(v, b)| zkp.commit(*v, b).expect("C commits"))
                .collect();
            assert_eq!(commits, commits_c, "{ctx}");
            assert_eq!(
                hex(&proof_o.to_bytes()),
                hex(&bytes_c),
                "proof bytes differ, {ctx}"
            );
            identical += 1;

            let statement = || match &extra {
                Some(e) => ours::Transcript::new().with_extra_commit(e),
                None => ours::Transcript::new(),
            };
            // The C's proof in ballistic.
            let parsed = ours::RangeProof::from_bytes(&bytes_c).expect("parses");
            parsed
                .verify_with_min_values(&bp, &pc, &mut statement(), &commits, &mins, n, &mut rng)
                .unwrap_or_else(|e| panic!("ballistic rejects the C's proof ({e}), {ctx}"));
            // ballistic's proof (the same bytes) in the C, where the C is right.
            let c_ok = m == 1 && mins.iter().all(|o| *o < 1 << 32);
            assert_eq!(
                zkp.verify_with_min_values(&bytes_c, &commits, &mins, n, extra.as_deref()),
                c_ok,
                "the C's verdict, {ctx}"
            );
            if c_ok {
                c_accepts += 1;
            } else {
                c_rejects += 1;
            }
            // Another minimum value; no array.
            let mut other = mins.clone();
            other[m - 1] = if other[m - 1] == 0 {
                1
            } else {
                other[m - 1] - 1
            };
            assert!(
                parsed
                    .verify_with_min_values(
                        &bp,
                        &pc,
                        &mut statement(),
                        &commits,
                        &other,
                        n,
                        &mut rng
                    )
                    .is_err(),
                "{ctx}"
            );
            assert!(
                parsed
                    .verify_multiple_with_rng(&bp, &pc, &mut statement(), &commits, n, &mut rng)
                    .is_err(),
                "{ctx}"
            );
            assert!(!zkp.verify_with_min_values(&bytes_c, &commits, &other, n, extra.as_deref()));
            assert!(
                !zkp.verify(&bytes_c, &commits, n, extra.as_deref()),
                "{ctx}"
            );

            if m == 1 {
                let o = mins[0];
                let c =
                    zkp.rewind_with_min_value(&bytes_c, &commits[0], o, &nonce, extra.as_deref());
                let ours = parsed.rewind_unchecked_with_min_value(
                    &pc,
                    &statement(),
                    &commits[0],
                    Some(o),
                    &nonce,
                );
                let real_blinding = private_nonce.is_none();
                if o == 0 {
                    // The C hashes no array for a zero minimum value: it cannot
                    // rewind this proof; ballistic, told that the array is `[0]`, can.
                    assert!(c.is_none_or(|r| r.value != values[0]), "{ctx}");
                } else {
                    let c = c.unwrap_or_else(|| panic!("the C fails to rewind, {ctx}"));
                    let r = ours.as_ref().expect("ballistic rewinds");
                    assert_eq!(
                        (c.value, c.blinding, c.message),
                        (r.value, Secp256k1::scalar_to_bytes(&r.blinding), r.message),
                        "{ctx}"
                    );
                }
                let r = ours.unwrap_or_else(|e| panic!("ballistic fails to rewind ({e}), {ctx}"));
                assert_eq!(r.value, values[0], "{ctx}");
                assert_eq!(Some(&r.message), message.as_ref(), "{ctx}");
                assert_eq!(r.opens_commitment, real_blinding, "{ctx}");
                assert_eq!(r.blinding == scalars[0], real_blinding, "{ctx}");
                let checked = parsed.rewind_with_min_value(
                    &pc,
                    &statement(),
                    &commits[0],
                    Some(o),
                    None,
                    &nonce,
                );
                assert_eq!(checked.is_ok(), real_blinding, "{ctx}");
                // The wrong minimum value: ballistic's checked rewind fails.
                assert!(parsed
                    .rewind_with_min_value(
                        &pc,
                        &statement(),
                        &commits[0],
                        Some(o ^ 1),
                        None,
                        &nonce
                    )
                    .is_err());
                rewinds += 1;
            }
        }
    }
    eprintln!(
        "min_values_both_ways: {identical} byte-identical proofs, all verified by ballistic; \
         the C accepted {c_accepts} and rejected {c_rejects} (m >= 2 or a minimum value >= 2^32); \
         {rewinds} rewound on both sides"
    );
    assert!(identical >= 20 && c_accepts >= 8 && c_rejects >= 8 && rewinds >= 10);
}

/// A value below its minimum: the C's prover fails, ballistic's refuses with
/// `ValueOutOfRange`; a minimum value of `2^n` or more is `InvalidMinValue` in
/// ballistic (the C's prover cannot get there: it needs `v < 2^n`).
#[test]
fn min_values_refused() {
    let mut rng = test_rng(SEED_VAR, "min_values_refused");
    let zkp = ZkpContext::grin();
    let (bp, pc) = (ours::grin_generators(), ours::PedersenGens::default());
    let blind = random_secret(&mut rng);
    for (v, o, n) in [(999u64, 1000u64, 64usize), (0, 1, 8), (5, 6, 8)] {
        assert!(zkp
            .prove_with_min_values(&[v], &[o], &[blind], n, &[1u8; 32], None, None, None)
            .is_none());
        let res = ours::RangeProof::prove_with_min_values(
            &bp,
            &pc,
            &mut ours::Transcript::new(),
            &[v],
            &[o],
            &[scalar_be(&blind)],
            n,
            &mut rng,
        );
        assert_eq!(res.map(|_| ()), Err(ballistic::ProofError::ValueOutOfRange));
    }
    let res = ours::RangeProof::prove_with_min_values(
        &bp,
        &pc,
        &mut ours::Transcript::new(),
        &[300],
        &[256],
        &[scalar_be(&blind)],
        8,
        &mut rng,
    );
    assert_eq!(res.map(|_| ()), Err(ballistic::ProofError::InvalidMinValue));
}
