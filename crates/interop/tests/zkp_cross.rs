//! Cross-verification of `ballistic::secp256k1` against secp256k1-zkp's Bulletproofs
//! as the crates.io crate `grin_secp256k1zkp` 0.8 builds them (the C library Grin
//! runs). Format: `crates/ballistic/docs/secp256k1-zkp-format.md`.
//!
//! Every case draws fresh random values (with the edges `0` and `2^n − 1`),
//! blindings, nonces, private nonces, extra commitments and messages from a seeded
//! RNG; the seed is printed (`--nocapture`) and can be fixed with `ZKP_CROSS_SEED`.
//!
//! * `zkp_context_basics`: the FFI wrapper `interop::zkp::ZkpContext` itself.
//! * `single_proofs_safe_api`: 64-bit single proofs through the crate's safe API
//!   (`bullet_proof`, `verify_bullet_proof`, `commit`), with and without
//!   `extra_data` (including `Some(vec![])`) and message (20 bytes, shorter messages
//!   padded by the C): identical commitments and byte-identical proofs for identical
//!   inputs; the C's proofs (also with independent fresh nonces) verify in ballistic,
//!   ballistic's (also with a random nonce) in the C; a wrong `extra_data` and a
//!   wrong commitment fail on both sides.
//! * `rewind_both_ways` and `rewind_documented_vector`: the C rewinds ballistic's
//!   proofs and ballistic rewinds the C's, with `private_nonce` equal to, different
//!   from and absent next to `nonce`: same value, message and blinding on both sides;
//!   the blinding is the real one (and `opens_commitment`) exactly when the private
//!   nonce was absent or equal to the nonce (§10's quirk); wrong nonce / extra fail.
//! * `aggregated_proofs_ffi`: `m = 2, 4, 8` 64-bit values (256, 512, 1024
//!   generators) and 16-bit `m = 4`, through the raw FFI (`interop::zkp`): both
//!   directions, with and without `extra_commit`, byte-identical proofs; negatives
//!   (wrong extra, swapped commitments, another generator count) fail on both sides.
//! * `safe_api_verify_multi_mixed`, `c_verify_multi_aggregated`: the C's batch
//!   verifiers accept mixes of C and ballistic proofs and reject a corrupted one.
//! * `ballistic_batch_mixed`: ballistic's `BatchVerifier` on C and ballistic proofs
//!   of different shapes (one generator set per batch) accepts, and names exactly
//!   the corrupted proof (also rejected by the C).
//! * `limb64_builds_cross`: the 64-bit-limb builds of the C library
//!   (`interop::zkp::ZkpBuild`, compiled by build.rs) against grin's 32-bit build and
//!   ballistic: byte-identical proofs, both directions, rewinding and batches.

use ballistic::curve::Curve;
use ballistic::secp256k1::{self as ours, Scalar, Secp256k1};
use interop::zkp::{random_secret, scalar_be, test_rng};
use interop::zkp::{ZkpBuild, ZkpContext};
use rand::rngs::StdRng;
use rand::{Rng, RngCore};
use secp256k1zkp::constants::MAX_PROOF_SIZE;
use secp256k1zkp::pedersen::{Commitment, ProofMessage, RangeProof as CProof};
use secp256k1zkp::{ContextFlag, Secp256k1 as CCtx, SecretKey};

/// The environment variable that replays a test's seed.
const SEED_VAR: &str = "ZKP_CROSS_SEED";

// ---------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn random_bytes<R: RngCore>(rng: &mut R, len: usize) -> Vec<u8> {
    let mut v = vec![0u8; len];
    rng.fill_bytes(&mut v);
    v
}

/// The `i`-th value of a case list for `n`-bit values: the edges first, then random.
fn value_for<R: RngCore>(rng: &mut R, n: usize, i: usize) -> u64 {
    let max = u64::MAX >> (64 - n);
    match i % 6 {
        0 => 0,
        1 => max,
        2 => 1,
        3 => max - 1,
        _ => rng.next_u64() & max,
    }
}

/// `m` values mixing the edges and random values (which edge comes first rotates).
fn values_for<R: RngCore>(rng: &mut R, n: usize, m: usize, case: usize) -> Vec<u64> {
    (0..m).map(|j| value_for(rng, n, case + j)).collect()
}

/// Wraps bytes as the safe API's proof type.
fn c_proof(bytes: &[u8]) -> CProof {
    assert!(bytes.len() <= MAX_PROOF_SIZE);
    let mut proof = [0u8; MAX_PROOF_SIZE];
    proof[..bytes.len()].copy_from_slice(bytes);
    CProof {
        proof,
        plen: bytes.len(),
    }
}

fn c_bytes(p: &CProof) -> &[u8] {
    &p.proof[..p.plen]
}

/// The verifier's (and rewinder's) statement configuration.
fn statement(extra: Option<&[u8]>) -> ours::Transcript {
    match extra {
        Some(e) => ours::Transcript::new().with_extra_commit(e),
        None => ours::Transcript::new(),
    }
}

/// The prover's transcript: statement plus nonces and message.
fn prover(
    extra: Option<&[u8]>,
    nonce: &[u8; 32],
    private_nonce: Option<&[u8; 32]>,
    message: Option<&[u8; 20]>,
) -> ours::Transcript {
    let mut t = statement(extra).with_nonce(*nonce);
    if let Some(p) = private_nonce {
        t = t.with_private_nonce(*p);
    }
    if let Some(m) = message {
        t = t.with_message(*m);
    }
    t
}

/// One statement's prover inputs, given identically to the C and to ballistic.
struct ProverInputs<'a> {
    values: &'a [u64],
    blinds: &'a [[u8; 32]],
    nonce: &'a [u8; 32],
    private_nonce: Option<&'a [u8; 32]>,
    extra: Option<&'a [u8]>,
    message: Option<&'a [u8; 20]>,
}

impl ProverInputs<'_> {
    /// The C's proof of `n`-bit values (`None` if it fails).
    fn prove_c(&self, zkp: &ZkpContext, n: usize) -> Option<Vec<u8>> {
        zkp.prove(
            self.values,
            self.blinds,
            n,
            self.nonce,
            self.private_nonce,
            self.extra,
            self.message,
        )
    }

    /// ballistic's proof bytes and commitments.
    fn prove_ours(
        &self,
        bp: &ours::BulletproofGens,
        pc: &ours::PedersenGens,
        n: usize,
        rng: &mut StdRng,
    ) -> (Vec<u8>, Vec<[u8; 33]>) {
        let scalars: Vec<Scalar> = self.blinds.iter().map(scalar_be).collect();
        let (proof, commits) = ours::RangeProof::prove_multiple_with_rng(
            bp,
            pc,
            &mut prover(self.extra, self.nonce, self.private_nonce, self.message),
            self.values,
            &scalars,
            n,
            rng,
        )
        .expect("ballistic proves");
        (proof.to_bytes(), commits)
    }
}

/// An extra commitment that differs from `extra` as a statement: absent ↔ present
/// but empty, or one byte changed.
fn wrong_extra(extra: Option<&[u8]>) -> Option<Vec<u8>> {
    match extra {
        None => Some(vec![]),
        Some([]) => None,
        Some(e) => {
            let mut w = e.to_vec();
            w[e.len() / 2] ^= 0x01;
            Some(w)
        }
    }
}

/// The proof length of §8 for `N = n·m` (`N >= 2`).
fn expected_len(nm: usize) -> usize {
    let lg = nm.trailing_zeros() as usize;
    if nm == 1 {
        289
    } else {
        193 + 160 + (2 * lg - 2).div_ceil(8) + 64 * (lg - 1)
    }
}

/// Flips the lowest bit of `−τ_x` (byte 31): the proof still parses (the scalar stays
/// below `ℓ` except with negligible probability) but no longer verifies.
fn corrupt(bytes: &[u8]) -> Vec<u8> {
    let mut b = bytes.to_vec();
    b[31] ^= 0x01;
    b
}

/// Counts of proofs that crossed, per direction, printed at the end of each test.
#[derive(Default)]
struct Tally {
    c_in_ours: usize,
    ours_in_c: usize,
    identical: usize,
    rejected_both: usize,
}

impl Tally {
    fn report(&self, test: &str) {
        eprintln!(
            "{test}: C proofs accepted by ballistic: {}, ballistic proofs accepted by the C: {}, \
             byte-identical pairs: {}, negative cases rejected by both: {}",
            self.c_in_ours, self.ours_in_c, self.identical, self.rejected_both
        );
    }
}

// ---------------------------------------------------------------------------------
// 0. The FFI wrapper itself
// ---------------------------------------------------------------------------------

/// `interop::zkp::ZkpContext` basics (including its documentation example).
#[test]
fn zkp_context_basics() {
    let ctx = ZkpContext::grin();
    assert_eq!(ctx.n_generators(), 256);
    assert!(ctx.supports(64, 2) && !ctx.supports(64, 4) && ZkpContext::new(512).supports(64, 4));
    // The documentation example.
    let blind = [0x11u8; 32];
    let commit = ctx.commit(1037, &blind).expect("valid blinding");
    let proof = ctx
        .prove(
            &[1037],
            &[blind],
            64,
            &[7u8; 32],
            None,
            Some(b"extra"),
            None,
        )
        .expect("proves");
    assert_eq!(proof.len(), 675);
    assert!(ctx.verify(&proof, &[commit], 64, Some(b"extra")));
    assert!(!ctx.verify(&proof, &[commit], 64, None));
    // Same commitment as the safe API; parse/serialise; the C's failures are `None`.
    let secp = CCtx::with_caps(ContextFlag::Commit);
    assert_eq!(
        secp.commit(1037, SecretKey(blind)).expect("commits").0,
        commit
    );
    assert!(ctx.parse_commitment(&commit).is_some());
    assert!(ctx.parse_commitment(&[0u8; 33]).is_none());
    assert!(ctx.commit(5, &[0xffu8; 32]).is_none()); // blinding >= ℓ
    assert!(ctx
        .prove(&[5], &[[0u8; 32]], 64, &[7u8; 32], None, None, None)
        .is_none()); // zero blinding
    assert!(ctx
        .prove(&[5], &[blind], 48, &[7u8; 32], None, None, None)
        .is_none()); // n not a power of two
    assert!(!ctx.verify(&proof, &[[0u8; 33]], 64, Some(b"extra"))); // unparsable commitment
    assert!(!ctx.verify(&proof[..674], &[commit], 64, Some(b"extra")));
    // Batches: empty is vacuously valid; differing lengths are rejected.
    assert!(ctx.verify_multi(&[], &[], 64, None));
    let extra: &[u8] = b"extra";
    assert!(ctx.verify_multi(&[&proof[..]], &[&[commit][..]], 64, Some(&[Some(extra)])));
    assert!(!ctx.verify_multi(
        &[&proof[..], &proof[..674]],
        &[&[commit][..], &[commit][..]],
        64,
        Some(&[Some(extra), Some(extra)])
    ));
    // Rewind through the FFI (no private nonce: the real blinding).
    let r = ctx
        .rewind(&proof, &commit, &[7u8; 32], Some(b"extra"))
        .expect("rewinds");
    assert_eq!((r.value, r.blinding, r.message), (1037, blind, [0u8; 20]));
    assert!(ctx
        .rewind(&proof, &commit, &[8u8; 32], Some(b"extra"))
        .is_none());
}

// ---------------------------------------------------------------------------------
// 1. Single 64-bit proofs through the safe API
// ---------------------------------------------------------------------------------

#[test]
fn single_proofs_safe_api() {
    let mut rng = test_rng(SEED_VAR, "single_proofs_safe_api");
    let secp = CCtx::with_caps(ContextFlag::Commit);
    let bp = ours::grin_generators();
    let pc = ours::PedersenGens::default();
    let mut tally = Tally::default();

    // 3 extra variants × 3 message variants, each twice, values cycling through
    // 0, 2^64 − 1, 1, 2^64 − 2 and random ones.
    for case in 0..18 {
        let v = value_for(&mut rng, 64, case);
        let blind = random_secret(&mut rng);
        let nonce = random_secret(&mut rng);
        // The safe API always passes a private nonce; sometimes make it the nonce.
        let private_nonce = if case % 5 == 0 {
            nonce
        } else {
            random_secret(&mut rng)
        };
        let extra: Option<Vec<u8>> = match case % 3 {
            0 => None,
            1 => Some(vec![]),
            _ => {
                let len = rng.gen_range(1..100);
                Some(random_bytes(&mut rng, len))
            }
        };
        // None, a full 20-byte message, or a shorter one the C zero-pads.
        let message: Option<Vec<u8>> = match (case / 3) % 3 {
            0 => None,
            1 => Some(random_bytes(&mut rng, 20)),
            _ => {
                let len = rng.gen_range(1..20);
                Some(random_bytes(&mut rng, len))
            }
        };
        let padded: Option<[u8; 20]> = message.as_ref().map(|m| {
            let mut p = [0u8; 20];
            p[..m.len()].copy_from_slice(m);
            p
        });
        let ctx = format!(
            "case {case}: v={v} extra={:?} message={:?} pn==nonce:{}",
            extra.as_deref().map(hex),
            message.as_deref().map(hex),
            private_nonce == nonce
        );

        // The C's commitment and proof.
        let commit = secp.commit(v, SecretKey(blind)).expect("C commits").0;
        let proof_c = secp
            .bullet_proof(
                v,
                SecretKey(blind),
                SecretKey(nonce),
                SecretKey(private_nonce),
                extra.clone(),
                message.as_deref().map(ProofMessage::from_bytes),
            )
            .expect("C proves");
        assert_eq!(proof_c.plen, 675, "{ctx}");

        // ballistic's, from the same inputs.
        let (proof_o, commit_o) = ours::RangeProof::prove_single_with_rng(
            &bp,
            &pc,
            &mut prover(
                extra.as_deref(),
                &nonce,
                Some(&private_nonce),
                padded.as_ref(),
            ),
            v,
            &scalar_be(&blind),
            64,
            &mut rng,
        )
        .expect("ballistic proves");
        let bytes_o = proof_o.to_bytes();
        assert_eq!(hex(&commit_o), hex(&commit), "commitment differs, {ctx}");
        assert_eq!(
            hex(&bytes_o),
            hex(c_bytes(&proof_c)),
            "proof bytes differ, {ctx}"
        );
        tally.identical += 1;

        // The C's proof in ballistic (parse, re-serialise, verify).
        let parsed = ours::RangeProof::from_bytes(c_bytes(&proof_c)).expect("parses C proof");
        assert_eq!(parsed.to_bytes(), c_bytes(&proof_c), "{ctx}");
        parsed
            .verify_single_with_rng(
                &bp,
                &pc,
                &mut statement(extra.as_deref()),
                &commit,
                64,
                &mut rng,
            )
            .unwrap_or_else(|e| panic!("ballistic rejects the C's proof ({e:?}), {ctx}"));
        tally.c_in_ours += 1;

        // ballistic's proof in the C.
        assert!(
            secp.verify_bullet_proof(Commitment(commit_o), c_proof(&bytes_o), extra.clone())
                .is_ok(),
            "the C rejects ballistic's proof, {ctx}"
        );
        tally.ours_in_c += 1;

        // ballistic with a random nonce (not rewindable, not byte-comparable).
        let (proof_r, commit_r) = ours::RangeProof::prove_single_with_rng(
            &bp,
            &pc,
            &mut statement(extra.as_deref()),
            v,
            &scalar_be(&blind),
            64,
            &mut rng,
        )
        .expect("ballistic proves");
        assert_eq!(commit_r, commit);
        let bytes_r = proof_r.to_bytes();
        assert_ne!(bytes_r, bytes_o, "{ctx}");
        assert!(
            secp.verify_bullet_proof(Commitment(commit_r), c_proof(&bytes_r), extra.clone())
                .is_ok(),
            "the C rejects ballistic's random-nonce proof, {ctx}"
        );
        tally.ours_in_c += 1;

        // The C with fresh nonces (independent of ballistic's), into ballistic.
        let proof_f = secp
            .bullet_proof(
                v,
                SecretKey(blind),
                SecretKey(random_secret(&mut rng)),
                SecretKey(random_secret(&mut rng)),
                extra.clone(),
                message.as_deref().map(ProofMessage::from_bytes),
            )
            .expect("C proves");
        ours::RangeProof::from_bytes(c_bytes(&proof_f))
            .expect("parses C proof")
            .verify_single_with_rng(
                &bp,
                &pc,
                &mut statement(extra.as_deref()),
                &commit,
                64,
                &mut rng,
            )
            .unwrap_or_else(|e| panic!("ballistic rejects the C's fresh proof ({e:?}), {ctx}"));
        tally.c_in_ours += 1;

        // A wrong extra commitment fails on both sides (for all three proofs).
        let wrong = wrong_extra(extra.as_deref());
        for bytes in [c_bytes(&proof_c), &bytes_r[..], c_bytes(&proof_f)] {
            assert!(
                secp.verify_bullet_proof(Commitment(commit), c_proof(bytes), wrong.clone())
                    .is_err(),
                "the C accepts a wrong extra {:?}, {ctx}",
                wrong.as_deref().map(hex)
            );
            assert!(
                ours::RangeProof::from_bytes(bytes)
                    .expect("parses")
                    .verify_single_with_rng(
                        &bp,
                        &pc,
                        &mut statement(wrong.as_deref()),
                        &commit,
                        64,
                        &mut rng
                    )
                    .is_err(),
                "ballistic accepts a wrong extra {:?}, {ctx}",
                wrong.as_deref().map(hex)
            );
            tally.rejected_both += 1;
        }

        // Another commitment (value + 1, same blinding) fails on both sides.
        let other = secp
            .commit(v.wrapping_add(1), SecretKey(blind))
            .expect("C commits")
            .0;
        assert!(secp
            .verify_bullet_proof(Commitment(other), c_proof(&bytes_o), extra.clone())
            .is_err());
        assert!(parsed
            .verify_single_with_rng(
                &bp,
                &pc,
                &mut statement(extra.as_deref()),
                &other,
                64,
                &mut rng
            )
            .is_err());
        tally.rejected_both += 1;
    }
    tally.report("single_proofs_safe_api");
}

// ---------------------------------------------------------------------------------
// 2. Rewind
// ---------------------------------------------------------------------------------

/// How the private nonce relates to the rewind nonce.
#[derive(Clone, Copy, Debug, PartialEq)]
enum PrivateNonce {
    /// Absent (FFI only; the safe API always passes one).
    Absent,
    /// Equal to the nonce.
    Equal,
    /// A different random nonce.
    Different,
}

#[test]
fn rewind_both_ways() {
    let mut rng = test_rng(SEED_VAR, "rewind_both_ways");
    let secp = CCtx::with_caps(ContextFlag::Commit);
    let zkp = ZkpContext::grin();
    let bp = ours::grin_generators();
    let pc = ours::PedersenGens::default();
    let mut rewound = (0usize, 0usize); // (C rewinds ballistic, ballistic rewinds the C)

    for case in 0..18 {
        let mode = [
            PrivateNonce::Absent,
            PrivateNonce::Equal,
            PrivateNonce::Different,
        ][case % 3];
        let v = value_for(&mut rng, 64, case / 3);
        let blind = random_secret(&mut rng);
        let nonce = random_secret(&mut rng);
        let private_nonce = match mode {
            PrivateNonce::Absent => None,
            PrivateNonce::Equal => Some(nonce),
            PrivateNonce::Different => Some(random_secret(&mut rng)),
        };
        let extra: Option<Vec<u8>> = match (case / 3) % 3 {
            0 => None,
            1 => Some(vec![]),
            _ => {
                let len = rng.gen_range(1..64);
                Some(random_bytes(&mut rng, len))
            }
        };
        let message: Option<[u8; 20]> = (case % 2 == 0).then(|| {
            let mut m = [0u8; 20];
            rng.fill_bytes(&mut m);
            m
        });
        let ctx = format!(
            "case {case}: v={v} private nonce {mode:?} extra={:?} message={:?}",
            extra.as_deref().map(hex),
            message.as_ref().map(|m| hex(m))
        );

        // The C's proof: the safe API needs a private nonce, the FFI allows none.
        let commit = zkp.commit(v, &blind).expect("C commits");
        let bytes_c = match private_nonce {
            Some(pn) => c_bytes(
                &secp
                    .bullet_proof(
                        v,
                        SecretKey(blind),
                        SecretKey(nonce),
                        SecretKey(pn),
                        extra.clone(),
                        message.map(|m| ProofMessage::from_bytes(&m)),
                    )
                    .expect("C proves"),
            )
            .to_vec(),
            None => zkp
                .prove(
                    &[v],
                    &[blind],
                    64,
                    &nonce,
                    None,
                    extra.as_deref(),
                    message.as_ref(),
                )
                .expect("C proves"),
        };
        let (proof_o, commit_o) = ours::RangeProof::prove_single_with_rng(
            &bp,
            &pc,
            &mut prover(
                extra.as_deref(),
                &nonce,
                private_nonce.as_ref(),
                message.as_ref(),
            ),
            v,
            &scalar_be(&blind),
            64,
            &mut rng,
        )
        .expect("ballistic proves");
        let bytes_o = proof_o.to_bytes();
        assert_eq!(commit_o, commit, "{ctx}");
        assert_eq!(hex(&bytes_o), hex(&bytes_c), "proof bytes differ, {ctx}");

        // The C (safe API and FFI) rewinds ballistic's proof.
        let info = secp
            .rewind_bullet_proof(
                Commitment(commit),
                SecretKey(nonce),
                extra.clone(),
                c_proof(&bytes_o),
            )
            .unwrap_or_else(|e| panic!("the C cannot rewind ballistic's proof ({e:?}), {ctx}"));
        let ffi = zkp
            .rewind(&bytes_o, &commit, &nonce, extra.as_deref())
            .unwrap_or_else(|| panic!("the C (FFI) cannot rewind ballistic's proof, {ctx}"));
        rewound.0 += 1;
        // ballistic rewinds the C's proof, as the C does (`rewind_unchecked`).
        let proof_c = ours::RangeProof::from_bytes(&bytes_c).expect("parses");
        let r = proof_c
            .rewind_unchecked(&pc, &statement(extra.as_deref()), &commit, &nonce)
            .unwrap_or_else(|e| panic!("ballistic cannot rewind the C's proof ({e:?}), {ctx}"));
        rewound.1 += 1;
        // The checked rewind succeeds exactly when the recovered blinding opens the
        // commitment.
        let checked = proof_c.rewind(&pc, &statement(extra.as_deref()), &commit, &nonce);

        let expected_message = message.unwrap_or([0u8; 20]);
        assert_eq!(info.value, v, "{ctx}");
        assert_eq!(ffi.value, v, "{ctx}");
        assert_eq!(r.value, v, "{ctx}");
        assert_eq!(info.message.as_bytes(), &expected_message[..], "{ctx}");
        assert_eq!(ffi.message, expected_message, "{ctx}");
        assert_eq!(r.message, expected_message, "{ctx}");
        // Both sides compute the same blinding, right or wrong.
        let ours_blinding = Secp256k1::scalar_to_bytes(&r.blinding);
        assert_eq!(hex(&info.blinding.0), hex(&ours_blinding), "{ctx}");
        assert_eq!(ffi.blinding, ours_blinding, "{ctx}");
        // §10: it is the real blinding iff the private nonce was absent or equal.
        let real = mode != PrivateNonce::Different;
        assert_eq!(ours_blinding == blind, real, "{ctx}");
        assert_eq!(r.opens_commitment, real, "{ctx}");
        match checked {
            Ok(c) => {
                assert!(real, "{ctx}");
                assert_eq!((c.value, c.blinding, c.message), (v, r.blinding, r.message));
            }
            Err(e) => {
                assert!(!real, "{ctx}");
                assert_eq!(e, ours::ProofError::RewindError, "{ctx}");
            }
        }
        if !real {
            // The wrong blinding does not open the commitment on the C side either.
            assert_ne!(zkp.commit(v, &ours_blinding), Some(commit), "{ctx}");
        }

        // Rewinding with the private nonce, a random nonce or a wrong extra fails on
        // both sides (false positives: 2^-32 each).
        let mut wrong_nonces = vec![random_secret(&mut rng)];
        if mode == PrivateNonce::Different {
            wrong_nonces.push(private_nonce.expect("present"));
        }
        for wrong in wrong_nonces {
            assert!(secp
                .rewind_bullet_proof(
                    Commitment(commit),
                    SecretKey(wrong),
                    extra.clone(),
                    c_proof(&bytes_o)
                )
                .is_err());
            assert!(proof_c
                .rewind_unchecked(&pc, &statement(extra.as_deref()), &commit, &wrong)
                .is_err());
            assert!(proof_c
                .rewind(&pc, &statement(extra.as_deref()), &commit, &wrong)
                .is_err());
        }
        let wrong = wrong_extra(extra.as_deref());
        assert!(secp
            .rewind_bullet_proof(
                Commitment(commit),
                SecretKey(nonce),
                wrong.clone(),
                c_proof(&bytes_o)
            )
            .is_err());
        assert!(proof_c
            .rewind_unchecked(&pc, &statement(wrong.as_deref()), &commit, &nonce)
            .is_err());
        assert!(proof_c
            .rewind(&pc, &statement(wrong.as_deref()), &commit, &nonce)
            .is_err());
    }
    eprintln!(
        "rewind_both_ways: ballistic proofs rewound by the C: {}, C proofs rewound by ballistic: {}",
        rewound.0, rewound.1
    );
}

/// The documented vector P1 (§14): the C's wrong blinding `df28…2ecf`, reproduced by
/// both sides.
#[test]
fn rewind_documented_vector() {
    let secp = CCtx::with_caps(ContextFlag::Commit);
    let bp = ours::grin_generators();
    let pc = ours::PedersenGens::default();
    let gamma: [u8; 32] = core::array::from_fn(|k| if k == 0 { 0x3f } else { (0x11 + k) as u8 });
    let nonce: [u8; 32] = core::array::from_fn(|k| 0xa0 + k as u8);
    let private_nonce: [u8; 32] = core::array::from_fn(|k| 0x50 + 3 * k as u8);
    let message: [u8; 20] = core::array::from_fn(|k| 0xc0 + k as u8);
    let extra = b"abc".to_vec();
    let wrong_blind = "df28af5f834bde55f2ca49d8b08b7c0629e0f3e60675319c94aa5548480c2ecf";

    let commit = secp.commit(12345, SecretKey(gamma)).expect("commits").0;
    let proof_c = secp
        .bullet_proof(
            12345,
            SecretKey(gamma),
            SecretKey(nonce),
            SecretKey(private_nonce),
            Some(extra.clone()),
            Some(ProofMessage::from_bytes(&message)),
        )
        .expect("proves");
    let (proof_o, commit_o) = ours::RangeProof::prove_single_with_rng(
        &bp,
        &pc,
        &mut prover(Some(&extra), &nonce, Some(&private_nonce), Some(&message)),
        12345,
        &scalar_be(&gamma),
        64,
        &mut rand::thread_rng(),
    )
    .expect("proves");
    assert_eq!(commit_o, commit);
    assert_eq!(hex(&proof_o.to_bytes()), hex(c_bytes(&proof_c)));
    assert!(hex(c_bytes(&proof_c)).starts_with("38f2c043ca350f05"));

    let info = secp
        .rewind_bullet_proof(
            Commitment(commit),
            SecretKey(nonce),
            Some(extra.clone()),
            proof_c,
        )
        .expect("C rewinds");
    assert_eq!(info.value, 12345);
    assert_eq!(hex(&info.blinding.0), wrong_blind);
    assert_eq!(info.message.as_bytes(), &message[..]);
    let r = proof_o
        .rewind_unchecked(&pc, &statement(Some(&extra)), &commit, &nonce)
        .expect("ballistic rewinds");
    assert_eq!(r.value, 12345);
    assert_eq!(hex(&Secp256k1::scalar_to_bytes(&r.blinding)), wrong_blind);
    assert_eq!(r.message, message);
    assert!(!r.opens_commitment);
    // The checked rewind refuses the C's wrong blinding.
    assert_eq!(
        proof_o
            .rewind(&pc, &statement(Some(&extra)), &commit, &nonce)
            .unwrap_err(),
        ours::ProofError::RewindError
    );
}

// ---------------------------------------------------------------------------------
// 3. Aggregated proofs through the FFI
// ---------------------------------------------------------------------------------

/// `(n, m, generators)`: the aggregated shapes of the cross-check.
const AGG_SHAPES: [(usize, usize, usize); 4] =
    [(64, 2, 256), (64, 4, 512), (64, 8, 1024), (16, 4, 256)];

#[test]
fn aggregated_proofs_ffi() {
    let mut rng = test_rng(SEED_VAR, "aggregated_proofs_ffi");
    let pc = ours::PedersenGens::default();
    let mut tally = Tally::default();

    for (n, m, ng) in AGG_SHAPES {
        let zkp = ZkpContext::new(ng);
        let bp = ours::zkp_generators(ng);
        for case in 0..4 {
            let values = values_for(&mut rng, n, m, case);
            let blinds: Vec<[u8; 32]> = (0..m).map(|_| random_secret(&mut rng)).collect();
            let scalars: Vec<Scalar> = blinds.iter().map(scalar_be).collect();
            let nonce = random_secret(&mut rng);
            let private_nonce = match case {
                2 => None,
                3 => Some(nonce),
                _ => Some(random_secret(&mut rng)),
            };
            let extra: Option<Vec<u8>> = match case {
                0 | 3 => None,
                1 => Some(vec![]),
                _ => {
                    let len = rng.gen_range(1..80);
                    Some(random_bytes(&mut rng, len))
                }
            };
            // A message is only embedded for m = 1; both sides must ignore it here.
            let message: Option<[u8; 20]> = (case == 3).then(|| {
                let mut msg = [0u8; 20];
                rng.fill_bytes(&mut msg);
                msg
            });
            let ctx = format!(
                "n={n} m={m} Ng={ng} case {case}: values={values:?} extra={:?} \
                 private nonce {:?} message {}",
                extra.as_deref().map(hex),
                private_nonce.map(|p| if p == nonce { "=nonce" } else { "random" }),
                message.is_some()
            );

            let commits: Vec<[u8; 33]> = values
                .iter()
                .zip(&blinds)
                .map(|(&v, b)| zkp.commit(v, b).expect("C commits"))
                .collect();
            let inputs = ProverInputs {
                values: &values,
                blinds: &blinds,
                nonce: &nonce,
                private_nonce: private_nonce.as_ref(),
                extra: extra.as_deref(),
                message: message.as_ref(),
            };
            let bytes_c = inputs
                .prove_c(&zkp, n)
                .unwrap_or_else(|| panic!("C fails to prove, {ctx}"));
            assert_eq!(bytes_c.len(), expected_len(n * m), "{ctx}");
            let (bytes_o, commits_o) = inputs.prove_ours(&bp, &pc, n, &mut rng);
            assert_eq!(commits_o, commits, "commitments differ, {ctx}");
            assert_eq!(hex(&bytes_o), hex(&bytes_c), "proof bytes differ, {ctx}");
            tally.identical += 1;

            // Both directions.
            assert!(
                zkp.verify(&bytes_o, &commits, n, extra.as_deref()),
                "the C rejects ballistic's proof, {ctx}"
            );
            tally.ours_in_c += 1;
            let parsed = ours::RangeProof::from_bytes(&bytes_c).expect("parses the C's proof");
            assert_eq!(parsed.to_bytes(), bytes_c);
            parsed
                .verify_multiple_with_rng(
                    &bp,
                    &pc,
                    &mut statement(extra.as_deref()),
                    &commits,
                    n,
                    &mut rng,
                )
                .unwrap_or_else(|e| panic!("ballistic rejects the C's proof ({e:?}), {ctx}"));
            tally.c_in_ours += 1;

            // ballistic with a random nonce, into the C.
            let (proof_r, _) = ours::RangeProof::prove_multiple_with_rng(
                &bp,
                &pc,
                &mut statement(extra.as_deref()),
                &values,
                &scalars,
                n,
                &mut rng,
            )
            .expect("ballistic proves");
            let bytes_r = proof_r.to_bytes();
            assert!(
                zkp.verify(&bytes_r, &commits, n, extra.as_deref()),
                "the C rejects ballistic's random-nonce proof, {ctx}"
            );
            tally.ours_in_c += 1;

            // Negatives, on both sides.
            let wrong = wrong_extra(extra.as_deref());
            let mut swapped = commits.clone();
            swapped.swap(0, m - 1);
            for (label, commitments, ex) in [
                ("wrong extra", &commits, wrong.as_deref()),
                ("swapped commitments", &swapped, extra.as_deref()),
            ] {
                for bytes in [&bytes_c, &bytes_r] {
                    assert!(
                        !zkp.verify(bytes, commitments, n, ex),
                        "the C accepts ({label}), {ctx}"
                    );
                    assert!(
                        ours::RangeProof::from_bytes(bytes)
                            .expect("parses")
                            .verify_multiple_with_rng(
                                &bp,
                                &pc,
                                &mut statement(ex),
                                commitments,
                                n,
                                &mut rng
                            )
                            .is_err(),
                        "ballistic accepts ({label}), {ctx}"
                    );
                    tally.rejected_both += 1;
                }
            }
        }
        // The generator count is part of the statement (the H_i offset is Ng/2): a
        // proof for Ng generators fails with 2·Ng on both sides.
        let values = values_for(&mut rng, n, m, 4);
        let blinds: Vec<[u8; 32]> = (0..m).map(|_| random_secret(&mut rng)).collect();
        let commits: Vec<[u8; 33]> = values
            .iter()
            .zip(&blinds)
            .map(|(&v, b)| zkp.commit(v, b).expect("C commits"))
            .collect();
        let bytes = zkp
            .prove(
                &values,
                &blinds,
                n,
                &random_secret(&mut rng),
                None,
                None,
                None,
            )
            .expect("C proves");
        let bigger = ZkpContext::new(2 * ng);
        assert!(zkp.verify(&bytes, &commits, n, None));
        assert!(!bigger.verify(&bytes, &commits, n, None));
        let parsed = ours::RangeProof::from_bytes(&bytes).expect("parses");
        parsed
            .verify_multiple_with_rng(&bp, &pc, &mut statement(None), &commits, n, &mut rng)
            .expect("ballistic verifies with the same generators");
        tally.c_in_ours += 1;
        assert!(parsed
            .verify_multiple_with_rng(
                &ours::zkp_generators(2 * ng),
                &pc,
                &mut statement(None),
                &commits,
                n,
                &mut rng
            )
            .is_err());
        tally.rejected_both += 1;
    }
    tally.report("aggregated_proofs_ffi");
}

// ---------------------------------------------------------------------------------
// 4. Batches
// ---------------------------------------------------------------------------------

/// A single 64-bit proof with its statement.
struct Single {
    commit: [u8; 33],
    bytes: Vec<u8>,
    extra: Option<Vec<u8>>,
    from_c: bool,
}

/// `k` single 64-bit proofs, alternately made by the C (safe API) and ballistic
/// (random nonce); with `extras`, each has a random (sometimes empty) extra
/// commitment.
fn singles(secp: &CCtx, rng: &mut StdRng, k: usize, extras: bool) -> Vec<Single> {
    let bp = ours::grin_generators();
    let pc = ours::PedersenGens::default();
    (0..k)
        .map(|i| {
            let v = value_for(rng, 64, i);
            let blind = random_secret(rng);
            let extra = extras.then(|| {
                let len = if i % 3 == 0 { 0 } else { rng.gen_range(1..40) };
                random_bytes(rng, len)
            });
            let from_c = i % 2 == 0;
            let (commit, bytes) = if from_c {
                let p = secp
                    .bullet_proof(
                        v,
                        SecretKey(blind),
                        SecretKey(random_secret(rng)),
                        SecretKey(random_secret(rng)),
                        extra.clone(),
                        None,
                    )
                    .expect("C proves");
                let c = secp.commit(v, SecretKey(blind)).expect("commits").0;
                (c, c_bytes(&p).to_vec())
            } else {
                let (p, c) = ours::RangeProof::prove_single_with_rng(
                    &bp,
                    &pc,
                    &mut statement(extra.as_deref()),
                    v,
                    &scalar_be(&blind),
                    64,
                    rng,
                )
                .expect("ballistic proves");
                (c, p.to_bytes())
            };
            Single {
                commit,
                bytes,
                extra,
                from_c,
            }
        })
        .collect()
}

fn multi_via_safe_api(secp: &CCtx, proofs: &[Single], extras: Option<Vec<Vec<u8>>>) -> bool {
    secp.verify_bullet_proof_multi(
        proofs.iter().map(|p| Commitment(p.commit)).collect(),
        proofs.iter().map(|p| c_proof(&p.bytes)).collect(),
        extras,
    )
    .is_ok()
}

#[test]
fn safe_api_verify_multi_mixed() {
    let mut rng = test_rng(SEED_VAR, "safe_api_verify_multi_mixed");
    let secp = CCtx::with_caps(ContextFlag::Commit);

    // Without extra commitments: the safe API passes NULL extras.
    let plain = singles(&secp, &mut rng, 8, false);
    assert!(multi_via_safe_api(&secp, &plain, None));
    // With extra commitments (one per proof).
    let with_extra = singles(&secp, &mut rng, 8, true);
    let extras: Vec<Vec<u8>> = with_extra
        .iter()
        .map(|p| p.extra.clone().expect("has extra"))
        .collect();
    assert!(multi_via_safe_api(&secp, &with_extra, Some(extras.clone())));
    // ... which is a different statement from no extras at all.
    assert!(!multi_via_safe_api(&secp, &with_extra, None));
    // One wrong extra, one corrupted proof (C-made and ballistic-made), one wrong
    // commitment: the batch fails.
    let mut bad_extras = extras.clone();
    // Proof 4's extra is non-empty (every third one is empty): flip one of its bytes.
    bad_extras[4] = wrong_extra(Some(&extras[4])).expect("a changed extra");
    assert!(!multi_via_safe_api(&secp, &with_extra, Some(bad_extras)));
    for i in [2usize, 5] {
        let mut batch = singles(&secp, &mut rng, 6, false);
        batch[i].bytes = corrupt(&batch[i].bytes);
        assert_eq!(batch[i].from_c, i % 2 == 0);
        assert!(!multi_via_safe_api(&secp, &batch, None));
    }
    let mut batch = singles(&secp, &mut rng, 4, false);
    batch[1].commit = batch[0].commit;
    assert!(!multi_via_safe_api(&secp, &batch, None));

    let from_ours = plain
        .iter()
        .chain(&with_extra)
        .filter(|p| !p.from_c)
        .count();
    eprintln!(
        "safe_api_verify_multi_mixed: accepted batches held {} ballistic and {} C proofs",
        from_ours,
        plain.len() + with_extra.len() - from_ours
    );
}

/// An aggregated proof with its statement.
struct Aggregated {
    n: usize,
    commits: Vec<[u8; 33]>,
    bytes: Vec<u8>,
    extra: Option<Vec<u8>>,
    from_c: bool,
}

/// An aggregated proof of `m` `n`-bit values for the context's generator set, made by
/// the C (FFI, random nonces) or by ballistic (random nonce).
fn aggregated(
    zkp: &ZkpContext,
    bp: &ours::BulletproofGens,
    rng: &mut StdRng,
    n: usize,
    m: usize,
    extra: Option<Vec<u8>>,
    from_c: bool,
) -> Aggregated {
    let first = rng.gen_range(0..6);
    let values = values_for(rng, n, m, first);
    let blinds: Vec<[u8; 32]> = (0..m).map(|_| random_secret(rng)).collect();
    let commits: Vec<[u8; 33]> = values
        .iter()
        .zip(&blinds)
        .map(|(&v, b)| zkp.commit(v, b).expect("C commits"))
        .collect();
    let bytes = if from_c {
        zkp.prove(
            &values,
            &blinds,
            n,
            &random_secret(rng),
            Some(&random_secret(rng)),
            extra.as_deref(),
            None,
        )
        .expect("C proves")
    } else {
        let scalars: Vec<Scalar> = blinds.iter().map(scalar_be).collect();
        let (p, c) = ours::RangeProof::prove_multiple_with_rng(
            bp,
            &ours::PedersenGens::default(),
            &mut statement(extra.as_deref()),
            &values,
            &scalars,
            n,
            rng,
        )
        .expect("ballistic proves");
        assert_eq!(c, commits);
        p.to_bytes()
    };
    Aggregated {
        n,
        commits,
        bytes,
        extra,
        from_c,
    }
}

fn verify_multi_ffi(zkp: &ZkpContext, batch: &[Aggregated]) -> bool {
    let proofs: Vec<&[u8]> = batch.iter().map(|p| &p.bytes[..]).collect();
    let commits: Vec<&[[u8; 33]]> = batch.iter().map(|p| &p.commits[..]).collect();
    let extras: Vec<Option<&[u8]>> = batch.iter().map(|p| p.extra.as_deref()).collect();
    zkp.verify_multi(&proofs, &commits, batch[0].n, Some(&extras))
}

#[test]
fn c_verify_multi_aggregated() {
    let mut rng = test_rng(SEED_VAR, "c_verify_multi_aggregated");
    let mut counts = (0usize, 0usize); // (ballistic, C) proofs in accepted batches
    for (n, m, ng, k) in [
        (64, 2, 256, 4),
        (16, 4, 256, 5),
        (64, 4, 512, 3),
        (64, 8, 1024, 3),
    ] {
        let zkp = ZkpContext::new(ng);
        let bp = ours::zkp_generators(ng);
        let extra_for = |rng: &mut StdRng, i: usize| match i % 3 {
            0 => None,
            1 => Some(vec![]),
            _ => Some(random_bytes(rng, 17)),
        };
        // Only ballistic's proofs.
        let mut batch: Vec<Aggregated> = (0..k)
            .map(|i| {
                let e = extra_for(&mut rng, i);
                aggregated(&zkp, &bp, &mut rng, n, m, e, false)
            })
            .collect();
        assert!(
            verify_multi_ffi(&zkp, &batch),
            "n={n} m={m} Ng={ng}: C rejects the batch"
        );
        counts.0 += k;
        // Mixed with C proofs.
        let e = extra_for(&mut rng, 2);
        batch.push(aggregated(&zkp, &bp, &mut rng, n, m, e, true));
        let e = extra_for(&mut rng, 0);
        batch.insert(1, aggregated(&zkp, &bp, &mut rng, n, m, e, true));
        assert!(
            verify_multi_ffi(&zkp, &batch),
            "n={n} m={m} Ng={ng}: C rejects the mix"
        );
        counts.1 += 2;
        // ballistic agrees on every proof of the batch.
        for p in &batch {
            ours::RangeProof::from_bytes(&p.bytes)
                .expect("parses")
                .verify_multiple_with_rng(
                    &bp,
                    &ours::PedersenGens::default(),
                    &mut statement(p.extra.as_deref()),
                    &p.commits,
                    n,
                    &mut rng,
                )
                .expect("ballistic verifies");
        }
        // Negatives: a corrupted ballistic proof, a wrong extra, swapped statements.
        let saved = batch[0].bytes.clone();
        batch[0].bytes = corrupt(&saved);
        assert!(!batch[0].from_c);
        assert!(!verify_multi_ffi(&zkp, &batch));
        batch[0].bytes = saved;
        let saved = batch[2].extra.clone();
        batch[2].extra = wrong_extra(saved.as_deref());
        assert!(!verify_multi_ffi(&zkp, &batch));
        batch[2].extra = saved;
        let last = batch.len() - 1;
        let (a, b) = (batch[0].commits.clone(), batch[last].commits.clone());
        batch[0].commits = b;
        batch[last].commits = a;
        assert!(!verify_multi_ffi(&zkp, &batch));
    }
    eprintln!(
        "c_verify_multi_aggregated: accepted batches held {} distinct ballistic and {} C proofs",
        counts.0, counts.1
    );
}

/// ballistic's batch: adds every proof with its statement.
fn ballistic_batch<'g>(
    bp: &'g ours::BulletproofGens,
    pc: &ours::PedersenGens,
    proofs: &[Aggregated],
) -> ours::BatchVerifier<'g> {
    let mut batch = ours::BatchVerifier::new(bp);
    for (i, p) in proofs.iter().enumerate() {
        let proof = ours::RangeProof::from_bytes(&p.bytes).expect("parses");
        let idx = batch.add(
            &proof,
            pc,
            &mut statement(p.extra.as_deref()),
            &p.commits,
            p.n,
        );
        assert_eq!(idx, i);
    }
    batch
}

#[test]
fn ballistic_batch_mixed() {
    let mut rng = test_rng(SEED_VAR, "ballistic_batch_mixed");
    let secp = CCtx::with_caps(ContextFlag::Commit);
    let pc = ours::PedersenGens::default();
    let mut counts = (0usize, 0usize); // (C, ballistic) proofs in accepted batches

    // Grin's set, shapes with n·m <= 128.
    let mut sets: Vec<(usize, Vec<Aggregated>)> = Vec::new();
    {
        let ng = 256;
        let zkp = ZkpContext::new(ng);
        let bp = ours::zkp_generators(ng);
        let mut proofs: Vec<Aggregated> = singles(&secp, &mut rng, 4, true)
            .into_iter()
            .map(|s| Aggregated {
                n: 64,
                commits: vec![s.commit],
                bytes: s.bytes,
                extra: s.extra,
                from_c: s.from_c,
            })
            .collect();
        let shapes: [(usize, usize, bool); 12] = [
            (64, 2, true),
            (16, 4, true),
            (8, 1, true),
            (1, 1, true),
            (32, 4, true),
            (2, 2, true),
            (64, 1, false),
            (64, 2, false),
            (16, 8, false),
            (2, 1, false),
            (4, 2, false),
            (32, 1, false),
        ];
        for (i, (n, m, from_c)) in shapes.into_iter().enumerate() {
            let extra = (i % 2 == 1).then(|| random_bytes(&mut rng, i));
            proofs.push(aggregated(&zkp, &bp, &mut rng, n, m, extra, from_c));
        }
        sets.push((ng, proofs));
    }
    // 1024 generators: up to eight 64-bit values.
    {
        let ng = 1024;
        let zkp = ZkpContext::new(ng);
        let bp = ours::zkp_generators(ng);
        let shapes: [(usize, usize, bool); 8] = [
            (64, 8, true),
            (64, 4, true),
            (64, 1, true),
            (16, 4, true),
            (64, 8, false),
            (64, 2, false),
            (32, 16, false),
            (8, 1, false),
        ];
        let proofs = shapes
            .into_iter()
            .enumerate()
            .map(|(i, (n, m, from_c))| {
                let extra = (i % 3 == 0).then(|| random_bytes(&mut rng, 8));
                aggregated(&zkp, &bp, &mut rng, n, m, extra, from_c)
            })
            .collect();
        sets.push((ng, proofs));
    }

    for (ng, mut proofs) in sets {
        let zkp = ZkpContext::new(ng);
        let bp = ours::zkp_generators(ng);
        // Interleave C and ballistic proofs.
        proofs.sort_by_key(|p| (p.bytes[40], p.from_c));
        // Every proof also verifies on its own in the C (same generator set).
        for p in &proofs {
            assert!(zkp.verify(&p.bytes, &p.commits, p.n, p.extra.as_deref()));
        }
        ballistic_batch(&bp, &pc, &proofs)
            .verify(&mut rng)
            .unwrap_or_else(|e| panic!("Ng={ng}: ballistic's batch rejects: {e}"));
        let from_c = proofs.iter().filter(|p| p.from_c).count();
        counts.0 += from_c;
        counts.1 += proofs.len() - from_c;

        // One corrupted proof (a C one, a ballistic one, the last one): exactly its
        // index fails, and the C rejects it too.
        let first_c = proofs.iter().position(|p| p.from_c).expect("has a C proof");
        let first_ours = proofs.iter().position(|p| !p.from_c).expect("has ours");
        for bad in [first_c, first_ours, proofs.len() - 1] {
            let saved = proofs[bad].bytes.clone();
            proofs[bad].bytes = corrupt(&saved);
            let p = &proofs[bad];
            assert!(!zkp.verify(&p.bytes, &p.commits, p.n, p.extra.as_deref()));
            let err = ballistic_batch(&bp, &pc, &proofs)
                .verify(&mut rng)
                .expect_err("a corrupted proof");
            assert_eq!(err.invalid_indices(), vec![bad], "Ng={ng}");
            proofs[bad].bytes = saved;
        }
        // A wrong statement (extra commitment) for one proof: exactly that index.
        let bad = proofs.len() / 2;
        let saved = proofs[bad].extra.clone();
        proofs[bad].extra = wrong_extra(saved.as_deref());
        let p = &proofs[bad];
        assert!(!zkp.verify(&p.bytes, &p.commits, p.n, p.extra.as_deref()));
        let err = ballistic_batch(&bp, &pc, &proofs)
            .verify(&mut rng)
            .expect_err("a wrong extra");
        assert_eq!(err.invalid_indices(), vec![bad], "Ng={ng}");
        proofs[bad].extra = saved;
        ballistic_batch(&bp, &pc, &proofs)
            .verify(&mut rng)
            .expect("restored batch verifies");
    }
    eprintln!(
        "ballistic_batch_mixed: accepted batches held {} C and {} ballistic proofs",
        counts.0, counts.1
    );
}

// ---------------------------------------------------------------------------------
// 5. The 64-bit-limb builds of the C library
// ---------------------------------------------------------------------------------

/// `(n, m, generators)` for the builds' cross-check: Grin's single proof and the
/// aggregated shapes.
const BUILD_SHAPES: [(usize, usize, usize); 4] =
    [(64, 1, 256), (64, 2, 256), (64, 4, 512), (16, 4, 256)];

/// Every build of the C library (`ZkpBuild::ALL`: grin's 32-bit one, and build.rs's
/// 64-bit-limb copies) against each other and ballistic: the same commitments and
/// byte-identical proofs for identical inputs; proofs each build makes with fresh
/// nonces verify in every build and ballistic, and ballistic's in every build; a
/// corrupted proof or a wrong extra commitment fails in every build; every build
/// rewinds to the same value, blinding and message; a batch of one proof per build
/// plus ballistic verifies in every build's `verify_multi` and fails with one
/// corrupted proof.
#[test]
fn limb64_builds_cross() {
    let builds = ZkpBuild::ALL;
    if cfg!(target_pointer_width = "64") {
        assert!(builds.len() >= 2, "build.rs compiled no 64-bit-limb copy");
    }
    let mut rng = test_rng(SEED_VAR, "limb64_builds_cross");
    let pc = ours::PedersenGens::default();
    let mut tally = Tally::default();

    for (n, m, ng) in BUILD_SHAPES {
        let zkps: Vec<(ZkpBuild, ZkpContext)> = builds
            .iter()
            .map(|&b| (b, ZkpContext::with_build(b, ng)))
            .collect();
        let bp = ours::zkp_generators(ng);
        for case in 0..3 {
            let values = values_for(&mut rng, n, m, case);
            let blinds: Vec<[u8; 32]> = (0..m).map(|_| random_secret(&mut rng)).collect();
            let nonce = random_secret(&mut rng);
            let private_nonce = (case != 1).then(|| random_secret(&mut rng));
            let extra = (case != 0).then(|| {
                let len = rng.gen_range(0..80);
                random_bytes(&mut rng, len)
            });
            let message = (m == 1).then(|| {
                let mut msg = [0u8; 20];
                rng.fill_bytes(&mut msg);
                msg
            });
            let ctx = format!("n={n} m={m} Ng={ng} case {case}: values={values:?}");

            let inputs = ProverInputs {
                values: &values,
                blinds: &blinds,
                nonce: &nonce,
                private_nonce: private_nonce.as_ref(),
                extra: extra.as_deref(),
                message: message.as_ref(),
            };
            let (bytes_o, commits) = inputs.prove_ours(&bp, &pc, n, &mut rng);
            let mut fresh = Vec::new();
            for (build, zkp) in &zkps {
                let name = build.name();
                let c: Vec<[u8; 33]> = values
                    .iter()
                    .zip(&blinds)
                    .map(|(&v, b)| zkp.commit(v, b).expect("C commits"))
                    .collect();
                assert_eq!(c, commits, "{name} commits differently, {ctx}");
                let bytes = inputs
                    .prove_c(zkp, n)
                    .unwrap_or_else(|| panic!("{name} fails to prove, {ctx}"));
                assert_eq!(hex(&bytes), hex(&bytes_o), "{name}'s bytes differ, {ctx}");
                tally.identical += 1;
                fresh.push(aggregated(zkp, &bp, &mut rng, n, m, extra.clone(), true));
            }
            fresh.push(aggregated(
                &zkps[0].1,
                &bp,
                &mut rng,
                n,
                m,
                extra.clone(),
                false,
            ));

            for (i, p) in fresh.iter().enumerate() {
                let maker = zkps.get(i).map_or("ballistic", |(b, _)| b.name());
                for (build, zkp) in &zkps {
                    let name = build.name();
                    assert!(
                        zkp.verify(&p.bytes, &p.commits, n, extra.as_deref()),
                        "{name} rejects {maker}'s proof, {ctx}"
                    );
                    let wrong = wrong_extra(extra.as_deref());
                    assert!(
                        !zkp.verify(&corrupt(&p.bytes), &p.commits, n, extra.as_deref())
                            && !zkp.verify(&p.bytes, &p.commits, n, wrong.as_deref()),
                        "{name} accepts {maker}'s corrupted proof or a wrong extra, {ctx}"
                    );
                    tally.rejected_both += 1;
                    if !p.from_c {
                        tally.ours_in_c += 1;
                    }
                }
                ours::RangeProof::from_bytes(&p.bytes)
                    .expect("parses")
                    .verify_multiple_with_rng(
                        &bp,
                        &pc,
                        &mut statement(extra.as_deref()),
                        &p.commits,
                        n,
                        &mut rng,
                    )
                    .unwrap_or_else(|e| panic!("ballistic rejects {maker}'s proof ({e:?}), {ctx}"));
                if p.from_c {
                    tally.c_in_ours += 1;
                }
            }

            if m == 1 {
                let rewound: Vec<_> = zkps
                    .iter()
                    .map(|(_, zkp)| zkp.rewind(&bytes_o, &commits[0], &nonce, extra.as_deref()))
                    .collect();
                let first = rewound[0].clone().expect("grin's build rewinds");
                assert_eq!(first.value, values[0], "{ctx}");
                assert_eq!(Some(&first.message), message.as_ref(), "{ctx}");
                assert!(rewound.iter().all(|r| r.as_ref() == Some(&first)), "{ctx}");
            }

            let mut batch = fresh;
            for (build, zkp) in &zkps {
                assert!(
                    verify_multi_ffi(zkp, &batch),
                    "{}'s verify_multi rejects the batch, {ctx}",
                    build.name()
                );
            }
            let last = batch.len() - 1;
            batch[last].bytes = corrupt(&batch[last].bytes);
            for (build, zkp) in &zkps {
                assert!(
                    !verify_multi_ffi(zkp, &batch),
                    "{}'s verify_multi accepts a corrupted proof, {ctx}",
                    build.name()
                );
            }
        }
    }
    tally.report("limb64_builds_cross");
}
