//! Tests of the shared-output flow: completeness for two and three parties and one
//! or two values (with and without extra commitment and message), equality with the
//! single prover's proof of the same nonces, the combiner's audit naming a bad
//! share, rejected sums, rewinding, zeroization and `Debug` redaction.

use alloc::vec::Vec;
use rand::rngs::StdRng;
use rand::{RngCore, SeedableRng};

use super::*;
use crate::range_proof::party::cleanup_hook;

fn rng(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

fn random_scalar(rng: &mut StdRng) -> Scalar {
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    Secp256k1::scalar_from_wide_bytes(&wide)
}

/// One shared output: `k` parties, `values` (party 0 carries them, the others
/// commit zero), each party's blinding shares and partial commitments.
struct Setup {
    values: Vec<u64>,
    blinds: Vec<Vec<Scalar>>,
    partial: Vec<Vec<[u8; 33]>>,
    shares: Vec<Vec<u64>>,
    commitments: Vec<[u8; 33]>,
}

fn setup(pc: &PedersenGens<Secp256k1>, k: usize, values: &[u64], rng: &mut StdRng) -> Setup {
    let m = values.len();
    let mut blinds = Vec::new();
    let mut partial = Vec::new();
    let mut shares = Vec::new();
    for j in 0..k {
        let b: Vec<Scalar> = (0..m).map(|_| random_scalar(rng)).collect();
        let v: Vec<u64> = values.iter().map(|v| if j == 0 { *v } else { 0 }).collect();
        partial.push(
            v.iter()
                .zip(&b)
                .map(|(v, g)| Secp256k1::encode(&pc.commit(Scalar::from(*v), *g)))
                .collect::<Vec<_>>(),
        );
        blinds.push(b);
        shares.push(v);
    }
    let commitments = (0..m)
        .map(|i| {
            let cs: Vec<[u8; 33]> = partial.iter().map(|p| p[i]).collect();
            sum_commitments(&cs).unwrap()
        })
        .collect();
    Setup {
        values: values.to_vec(),
        blinds,
        partial,
        shares,
        commitments,
    }
}

fn transcript(extra: bool, message: bool) -> ZkpTranscript {
    let mut t = ZkpTranscript::new();
    if extra {
        t = t.with_extra_commit(b"shared output test");
    }
    if message {
        t = t.with_message(*b"a message of 20 byte");
    }
    t
}

/// Runs every round; returns the proof, the T shares and the tau_x shares.
fn run(
    st: &SharedStatement<'_>,
    s: &Setup,
    rng: &mut StdRng,
) -> (ZkpProof, Vec<TauPoints>, Vec<[u8; 32]>) {
    let mut parties = Vec::new();
    let mut taus = Vec::new();
    for b in &s.blinds {
        let (p, t) = SharedParty::new(st, b, rng).unwrap();
        parties.push(p);
        taus.push(t);
    }
    let sums = TauPoints::sum(&taus).unwrap();
    let mut combiner = None;
    let mut tau_x = Vec::new();
    for p in parties {
        let (c, x) = p.tau_x(&sums).unwrap();
        combiner.get_or_insert(c);
        tau_x.push(x);
    }
    let combiner = combiner.unwrap();
    for (j, x) in tau_x.iter().enumerate() {
        combiner
            .audit_tau_share(j, x, &taus[j], &s.partial[j], &s.shares[j])
            .unwrap();
    }
    (combiner.finalize(&tau_x).unwrap(), taus, tau_x)
}

#[test]
fn parties_and_values_round_trip() {
    let (bp, pc) = (crate::secp256k1::grin_generators(), PedersenGens::default());
    let mut rng = rng(1);
    let mut case = 0;
    for k in [2usize, 3] {
        for values in [&[u64::MAX][..], &[7, 1 << 40][..]] {
            let (extra, message) = (case % 2 == 0, case % 3 != 2);
            case += 1;
            let s = setup(&pc, k, values, &mut rng);
            let t = transcript(extra, message);
            let mut nonce = [0u8; 32];
            rng.fill_bytes(&mut nonce);
            let st =
                SharedStatement::new(&bp, &pc, &t, nonce, &s.values, &s.commitments, 64).unwrap();
            let (proof, _, _) = run(&st, &s, &mut rng);
            let bytes = proof.to_bytes();
            let proof = ZkpProof::from_bytes(&bytes).unwrap();
            proof
                .verify_multiple(&bp, &pc, &mut t.clone(), &s.commitments, 64)
                .unwrap_or_else(|e| panic!("k={k} m={} {e:?}", values.len()));
            // Another extra commitment is another statement.
            let other = ZkpTranscript::new().with_extra_commit(b"other");
            assert!(proof
                .verify_multiple(&bp, &pc, &mut other.clone(), &s.commitments, 64)
                .is_err());
        }
    }
}

/// One party holding the whole blinding with private nonce = common nonce is the
/// single prover: the same bytes.
#[test]
fn one_party_is_the_single_prover() {
    let (bp, pc) = (crate::secp256k1::grin_generators(), PedersenGens::default());
    let mut rng = rng(2);
    let g = random_scalar(&mut rng);
    let nonce = [0x42u8; 32];
    let t = transcript(true, true);
    let (single, c) = ZkpProof::prove_single_with_rng(
        &bp,
        &pc,
        &mut t.clone().with_nonce(nonce),
        123_456,
        &g,
        64,
        &mut rng,
    )
    .unwrap();
    let st = SharedStatement::new(&bp, &pc, &t, nonce, &[123_456], &[c], 64).unwrap();
    let (party, tau) = SharedParty::with_private_nonce(&st, &[g], nonce).unwrap();
    let (combiner, x) = party.tau_x(&tau).unwrap();
    let shared = combiner.finalize(&[x]).unwrap();
    assert_eq!(shared.to_bytes(), single.to_bytes());
}

#[test]
fn bad_tau_share_is_named() {
    let (bp, pc) = (crate::secp256k1::grin_generators(), PedersenGens::default());
    let mut rng = rng(3);
    let s = setup(&pc, 3, &[1000], &mut rng);
    let t = transcript(false, false);
    let st = SharedStatement::new(&bp, &pc, &t, [9u8; 32], &s.values, &s.commitments, 64).unwrap();
    let mut parties = Vec::new();
    let mut taus = Vec::new();
    for b in &s.blinds {
        let (p, t) = SharedParty::new(&st, b, &mut rng).unwrap();
        parties.push(p);
        taus.push(t);
    }
    let sums = TauPoints::sum(&taus).unwrap();
    let mut tau_x: Vec<[u8; 32]> = parties
        .into_iter()
        .map(|p| p.tau_x(&sums).unwrap().1)
        .collect();
    // Party 1 cheats.
    let bad = sum_scalars(&[tau_x[1], {
        let mut one = [0u8; 32];
        one[31] = 1;
        one
    }])
    .unwrap();
    tau_x[1] = bad;
    let combiner = Combiner::new(&st, &sums).unwrap();
    let verdicts: Vec<bool> = (0..3)
        .map(|j| {
            combiner
                .audit_tau_share(j, &tau_x[j], &taus[j], &s.partial[j], &s.shares[j])
                .is_ok()
        })
        .collect();
    assert_eq!(verdicts, [true, false, true]);
    assert_eq!(
        combiner.audit_tau_share(1, &tau_x[1], &taus[1], &s.partial[1], &s.shares[1]),
        Err(SharedOutputError::BadTauShare { party: 1 })
    );
    // Someone else's points or commitments do not pass either.
    assert!(combiner
        .audit_tau_share(0, &tau_x[0], &taus[2], &s.partial[0], &s.shares[0])
        .is_err());
    assert!(combiner
        .audit_tau_share(0, &tau_x[0], &taus[0], &s.partial[2], &s.shares[0])
        .is_err());
    assert!(combiner
        .audit_tau_share(0, &tau_x[0], &taus[0], &s.partial[0], &[])
        .is_err());
    let proof = combiner.finalize(&tau_x).unwrap();
    assert!(proof
        .verify_single(&bp, &pc, &mut t.clone(), &s.commitments[0], 64)
        .is_err());
}

#[test]
fn wrong_sums_are_rejected() {
    let (bp, pc) = (crate::secp256k1::grin_generators(), PedersenGens::default());
    let mut rng = rng(4);
    let s = setup(&pc, 2, &[5], &mut rng);
    let t = transcript(false, false);
    let st = SharedStatement::new(&bp, &pc, &t, [1u8; 32], &s.values, &s.commitments, 64).unwrap();
    let (a, tau_a) = SharedParty::new(&st, &s.blinds[0], &mut rng).unwrap();
    let (b, tau_b) = SharedParty::new(&st, &s.blinds[1], &mut rng).unwrap();

    // Cancelling shares: the identity has no encoding.
    let neg = |p: &[u8; 33]| {
        let mut q = *p;
        q[0] ^= 1;
        q
    };
    let cancel = TauPoints {
        t_one: neg(&tau_a.t_one),
        t_two: neg(&tau_a.t_two),
    };
    assert_eq!(
        TauPoints::sum(&[tau_a, cancel]),
        Err(SharedOutputError::IdentitySum)
    );
    // Invalid encodings are named by index.
    let mut broken = tau_b;
    broken.t_two[0] = 0x08;
    assert_eq!(
        sum_points(&[tau_a.t_two, broken.t_two]),
        Err(SharedOutputError::InvalidPoint { index: 1 })
    );
    assert_eq!(
        a.tau_x(&broken).unwrap_err(),
        SharedOutputError::InvalidPoint { index: 1 }
    );
    // Scalars: out of range, zero.
    let order_minus_one: [u8; 32] = (-Scalar::ONE).to_bytes().into();
    let mut one = [0u8; 32];
    one[31] = 1;
    assert_eq!(
        sum_scalars(&[order_minus_one, one]),
        Err(SharedOutputError::ZeroSum)
    );
    assert_eq!(sum_scalars(&[]), Err(SharedOutputError::ZeroSum));
    let mut order = order_minus_one;
    order[31] += 1;
    assert_eq!(
        sum_scalars(&[one, order]),
        Err(SharedOutputError::InvalidScalar { index: 1 })
    );
    // A party answering wrong sums (one share missing) makes a proof that fails.
    let (c, x_b) = b.tau_x(&tau_b).unwrap();
    let proof = c.finalize(&[x_b]).unwrap();
    assert!(proof
        .verify_single(&bp, &pc, &mut t.clone(), &s.commitments[0], 64)
        .is_err());
    // Commitments that sum to the identity.
    let c0 = s.partial[0][0];
    let p = Secp256k1::decode(&c0).unwrap();
    assert_eq!(
        sum_commitments(&[c0, Secp256k1::encode(&-p)]),
        Err(SharedOutputError::IdentitySum)
    );
}

#[test]
fn statement_checks() {
    let (bp, pc) = (crate::secp256k1::grin_generators(), PedersenGens::default());
    let mut rng = rng(5);
    let s = setup(&pc, 2, &[5], &mut rng);
    let t = ZkpTranscript::new();
    let new = |values: &[u64], commitments: &[[u8; 33]], n| {
        SharedStatement::new(&bp, &pc, &t, [1u8; 32], values, commitments, n).map(|_| ())
    };
    assert_eq!(
        new(&[5, 6], &s.commitments, 64),
        Err(ProofError::InvalidInputLength.into())
    );
    assert_eq!(
        new(&[256], &s.commitments, 8),
        Err(ProofError::ValueOutOfRange.into())
    );
    assert_eq!(
        new(&[5], &[[0u8; 33]], 64),
        Err(SharedOutputError::InvalidPoint { index: 0 })
    );
    assert_eq!(
        new(&[5; 4], &[s.commitments[0]; 4], 64),
        Err(ProofError::InvalidGeneratorsLength.into())
    );
    let pinned = ZkpTranscript::new().with_value_gen(&pc.B_blinding);
    assert_eq!(
        SharedStatement::new(&bp, &pc, &pinned, [1u8; 32], &[5], &s.commitments, 64).map(|_| ()),
        Err(ProofError::ValueGeneratorMismatch.into())
    );
    let st = SharedStatement::new(&bp, &pc, &t, [1u8; 32], &[5], &s.commitments, 64).unwrap();
    assert_eq!(
        SharedParty::new(&st, &[], &mut rng)
            .map(|_| ())
            .unwrap_err(),
        ProofError::WrongNumBlindingFactors.into()
    );
}

#[test]
fn rewind_recovers_value_and_message() {
    let (bp, pc) = (crate::secp256k1::grin_generators(), PedersenGens::default());
    let mut rng = rng(6);
    let s = setup(&pc, 2, &[987_654_321], &mut rng);
    let t = transcript(true, true);
    let nonce = [0x5au8; 32];
    let st = SharedStatement::new(&bp, &pc, &t, nonce, &s.values, &s.commitments, 64).unwrap();
    let (proof, _, _) = run(&st, &s, &mut rng);
    let stmt = transcript(true, false);
    let c = &s.commitments[0];
    let r = rewind(&proof, &bp, &pc, &stmt, c, 64, &nonce).unwrap();
    assert_eq!(
        (r.value, &r.message),
        (987_654_321, b"a message of 20 byte")
    );
    // The C-identical rewind returns the same value; its blinding opens nothing.
    let u = proof.rewind_unchecked(&pc, &stmt, c, &nonce).unwrap();
    assert_eq!(u.value, 987_654_321);
    assert!(!u.opens_commitment);
    assert_eq!(
        proof.rewind(&pc, &stmt, c, &nonce),
        Err(ProofError::RewindError)
    );
    // Wrong nonce or statement.
    assert!(rewind(&proof, &bp, &pc, &stmt, c, 64, &[0x5b; 32]).is_err());
    assert!(rewind(&proof, &bp, &pc, &transcript(false, false), c, 64, &nonce).is_err());
}

#[test]
fn secrets_zeroized_and_redacted() {
    let (bp, pc) = (crate::secp256k1::grin_generators(), PedersenGens::default());
    let mut rng = rng(7);
    let value = 0x1234_5678_9abc_u64;
    let s = setup(&pc, 2, &[value], &mut rng);
    let nonce = [0xabu8; 32];
    let st = SharedStatement::new(
        &bp,
        &pc,
        &transcript(false, true),
        nonce,
        &s.values,
        &s.commitments,
        64,
    )
    .unwrap();
    let secret_hex = |bytes: &[u8]| {
        bytes
            .iter()
            .map(|b| alloc::format!("{b:02x}"))
            .collect::<alloc::string::String>()
    };
    let g_hex = secret_hex(&s.blinds[0][0].to_bytes());
    let debug_st = alloc::format!("{st:?}");
    for needle in [alloc::format!("{value}"), "171, 171".into(), "abab".into()] {
        assert!(!debug_st.contains(&needle), "{debug_st}");
    }
    let (before, clean_before) = cleanup_hook::get();
    let (a, tau_a) = SharedParty::new(&st, &s.blinds[0], &mut rng).unwrap();
    let (b, tau_b) = SharedParty::new(&st, &s.blinds[1], &mut rng).unwrap();
    let debug_a = alloc::format!("{a:?}");
    assert!(debug_a.contains("<redacted>"));
    assert!(!debug_a.to_lowercase().contains(&g_hex), "{debug_a}");
    let sums = TauPoints::sum(&[tau_a, tau_b]).unwrap();
    let (combiner, _) = a.tau_x(&sums).unwrap();
    drop(b);
    let debug_c = alloc::format!("{combiner:?}");
    assert!(debug_c.contains("<redacted>") && !debug_c.contains(&alloc::format!("{value}")));
    drop(combiner);
    // Every party state (two parties and the combiner's own) was cleaned.
    let (after, clean_after) = cleanup_hook::get();
    assert_eq!(after - before, 2);
    assert_eq!(clean_after - clean_before, 2);
}

#[test]
fn sec1_encoding_round_trip() {
    let mut rng = rng(8);
    let g = Secp256k1::default_pedersen_bases().1;
    for _ in 0..8 {
        let p = Secp256k1::mul(&random_scalar(&mut rng), &g);
        let e = Secp256k1::encode_sec1(&p).unwrap();
        assert!(e[0] == 2 || e[0] == 3);
        assert_eq!(Secp256k1::decode_sec1(&e), Some(p));
        // The other prefix is the negation; the commitment form shares the x.
        let mut neg = e;
        neg[0] ^= 1;
        assert_eq!(Secp256k1::decode_sec1(&neg), Some(-p));
        assert_eq!(Secp256k1::encode(&p)[1..], e[1..]);
    }
    let mut above_p = [0xffu8; 33];
    above_p[0] = 2;
    assert_eq!(Secp256k1::decode_sec1(&above_p), None);
}
