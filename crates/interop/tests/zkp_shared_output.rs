//! Shared outputs (Grin's multisig outputs) against secp256k1-zkp's multi-party mode,
//! driven as `grin_secp256k1zkp` 0.8's `bullet_proof_multisig` drives it (steps 1, 2
//! and 0), against `ballistic::secp256k1::shared_output`.
//!
//! Every case draws fresh values (with the edges 0 and 2^64 − 1), blinding shares,
//! common and private nonces, extra data and messages from a seeded RNG; the seed is
//! printed (`--nocapture`) and can be fixed with `ZKP_SHARED_SEED`. Party 0 carries
//! the value, the others commit zero (as the C library's own test); `C = Σ C_j`.
//!
//! * `c_and_ballistic_byte_identical`: two and three parties, with and without extra
//!   data and message: the same `T` shares (SEC 1 bytes), `τ_x` shares and proof
//!   bytes on both sides; both verifiers accept.
//! * `mixed_parties`: three parties, every assignment of the parties to the C or
//!   ballistic, and the final step by either: always the same proof bytes.
//! * `rewind_shared`: the C's `rewind_bullet_proof` and ballistic's
//!   `rewind_unchecked` agree (value, message, blinding) on the shared proof; that
//!   blinding is not the total; ballistic's checked `rewind` refuses it and
//!   `shared_output::rewind` recovers value and message.
//! * `bad_tau_share`: one party's `τ_x` share tweaked: both verifiers reject the
//!   proof (whoever finalized it) and the audit names exactly that party.

use ballistic::secp256k1::shared_output::{
    self, sum_commitments, Combiner, SharedOutputError, SharedParty, SharedStatement, TauPoints,
};
use ballistic::secp256k1::{self as ours, ProofError, Scalar};
use interop::zkp::{random_secret, scalar_be, test_rng};
use rand::rngs::StdRng;
use rand::{Rng, RngCore};
use secp256k1zkp::constants::MAX_PROOF_SIZE;
use secp256k1zkp::key::PublicKey;
use secp256k1zkp::pedersen::{Commitment, ProofMessage, RangeProof as CProof};
use secp256k1zkp::{ContextFlag, Secp256k1 as CCtx, SecretKey};

/// The environment variable that replays a test's seed.
const SEED_VAR: &str = "ZKP_SHARED_SEED";

fn c_proof(bytes: &[u8]) -> CProof {
    let mut proof = [0u8; MAX_PROOF_SIZE];
    proof[..bytes.len()].copy_from_slice(bytes);
    CProof {
        proof,
        plen: bytes.len(),
    }
}

fn sec1(secp: &CCtx, p: &PublicKey) -> [u8; 33] {
    p.serialize_vec(secp, true)
        .as_slice()
        .try_into()
        .expect("33 bytes")
}

fn pubkey(secp: &CCtx, b: &[u8; 33]) -> PublicKey {
    PublicKey::from_slice(secp, b).expect("valid public key")
}

/// One shared output's inputs, given identically to both sides.
struct Case {
    value: u64,
    common: [u8; 32],
    extra: Option<Vec<u8>>,
    message: Option<[u8; 20]>,
    blinds: Vec<[u8; 32]>,
    private_nonces: Vec<[u8; 32]>,
    partial: Vec<[u8; 33]>,
    commit: [u8; 33],
}

impl Case {
    fn new(secp: &CCtx, rng: &mut StdRng, k: usize, i: usize, extra: bool, message: bool) -> Self {
        let value = match i % 4 {
            0 => 0,
            1 => u64::MAX,
            _ => rng.next_u64(),
        };
        let blinds: Vec<[u8; 32]> = (0..k).map(|_| random_secret(rng)).collect();
        let private_nonces = (0..k).map(|_| random_secret(rng)).collect();
        let partial: Vec<[u8; 33]> = blinds
            .iter()
            .enumerate()
            .map(|(j, b)| {
                let v = if j == 0 { value } else { 0 };
                secp.commit(v, SecretKey(*b)).expect("C commits").0
            })
            .collect();
        let commit = secp
            .commit_sum(partial.iter().map(|c| Commitment(*c)).collect(), vec![])
            .expect("C sums")
            .0;
        assert_eq!(sum_commitments(&partial).expect("sums"), commit);
        let extra = extra.then(|| {
            let mut e = vec![0u8; rng.gen_range(1..48)];
            rng.fill_bytes(&mut e);
            e
        });
        let message = message.then(|| {
            let mut m = [0u8; 20];
            rng.fill_bytes(&mut m);
            m
        });
        Case {
            value,
            common: random_secret(rng),
            extra,
            message,
            blinds,
            private_nonces,
            partial,
            commit,
        }
    }

    fn k(&self) -> usize {
        self.blinds.len()
    }

    fn value_share(&self, j: usize) -> u64 {
        if j == 0 {
            self.value
        } else {
            0
        }
    }

    fn transcript(&self) -> ours::Transcript {
        let mut t = self.statement_transcript();
        if let Some(m) = self.message {
            t = t.with_message(m);
        }
        t
    }

    fn statement_transcript(&self) -> ours::Transcript {
        match &self.extra {
            Some(e) => ours::Transcript::new().with_extra_commit(e),
            None => ours::Transcript::new(),
        }
    }

    fn statement<'g>(
        &self,
        bp: &'g ours::BulletproofGens,
        pc: &'g ours::PedersenGens,
    ) -> SharedStatement<'g> {
        SharedStatement::new(
            bp,
            pc,
            &self.transcript(),
            self.common,
            &[self.value],
            &[self.commit],
            64,
        )
        .expect("statement")
    }

    /// One call of `bullet_proof_multisig` by party `j`.
    fn c_call(
        &self,
        secp: &CCtx,
        j: usize,
        tau_x: Option<&mut SecretKey>,
        t_one: &mut PublicKey,
        t_two: &mut PublicKey,
        step: u8,
    ) -> Option<CProof> {
        secp.bullet_proof_multisig(
            self.value,
            SecretKey(self.blinds[j]),
            SecretKey(self.common),
            self.extra.clone(),
            self.message.map(|m| ProofMessage::from_bytes(&m)),
            tau_x,
            Some(t_one),
            Some(t_two),
            vec![Commitment(self.commit)],
            Some(&SecretKey(self.private_nonces[j])),
            step,
        )
    }

    /// The C's step 1 for party `j`: its `T` shares.
    fn c_round1(&self, secp: &CCtx, j: usize) -> TauPoints {
        let (mut t1, mut t2) = (PublicKey::new(), PublicKey::new());
        assert!(self.c_call(secp, j, None, &mut t1, &mut t2, 1).is_none());
        TauPoints {
            t_one: sec1(secp, &t1),
            t_two: sec1(secp, &t2),
        }
    }

    /// The C's step 2 for party `j`: its `τ_x` share.
    fn c_round2(&self, secp: &CCtx, j: usize, sums: &TauPoints) -> [u8; 32] {
        let (mut t1, mut t2) = (pubkey(secp, &sums.t_one), pubkey(secp, &sums.t_two));
        // Overwritten by the C.
        let mut tau_x = SecretKey([1u8; 32]);
        assert!(self
            .c_call(secp, j, Some(&mut tau_x), &mut t1, &mut t2, 2)
            .is_none());
        tau_x.0
    }

    /// The C's final step (by party `j`) with the sum of the `τ_x` shares.
    fn c_final(&self, secp: &CCtx, j: usize, sums: &TauPoints, tau_x: &[[u8; 32]]) -> Vec<u8> {
        let mut sum = SecretKey(tau_x[0]);
        for t in &tau_x[1..] {
            sum.add_assign(secp, &SecretKey(*t)).expect("C adds");
        }
        let (mut t1, mut t2) = (pubkey(secp, &sums.t_one), pubkey(secp, &sums.t_two));
        let p = self
            .c_call(secp, j, Some(&mut sum), &mut t1, &mut t2, 0)
            .expect("C finalizes");
        p.proof[..p.plen].to_vec()
    }

    fn c_sums(&self, secp: &CCtx, shares: &[TauPoints]) -> TauPoints {
        let ones: Vec<PublicKey> = shares.iter().map(|s| pubkey(secp, &s.t_one)).collect();
        let twos: Vec<PublicKey> = shares.iter().map(|s| pubkey(secp, &s.t_two)).collect();
        TauPoints {
            t_one: sec1(
                secp,
                &PublicKey::from_combination(secp, ones.iter().collect()).expect("C combines"),
            ),
            t_two: sec1(
                secp,
                &PublicKey::from_combination(secp, twos.iter().collect()).expect("C combines"),
            ),
        }
    }

    /// Every round with the parties in `by_c` run by the C (the others by ballistic)
    /// and the final step by the C (`c_final`) or ballistic; the sums by the C when
    /// `c_final`. Returns the `T` shares, the `τ_x` shares and the proof.
    fn run(
        &self,
        secp: &CCtx,
        bp: &ours::BulletproofGens,
        pc: &ours::PedersenGens,
        by_c: &[bool],
        c_final: bool,
    ) -> (Vec<TauPoints>, Vec<[u8; 32]>, Vec<u8>) {
        let st = self.statement(bp, pc);
        let mut ours_parties = Vec::new();
        let mut shares = Vec::new();
        for (j, &c_party) in by_c.iter().enumerate().take(self.k()) {
            if c_party {
                shares.push(self.c_round1(secp, j));
                ours_parties.push(None);
            } else {
                let (p, t) = SharedParty::with_private_nonce(
                    &st,
                    &[scalar_be(&self.blinds[j])],
                    self.private_nonces[j],
                )
                .expect("round 1");
                shares.push(t);
                ours_parties.push(Some(p));
            }
        }
        let sums = if c_final {
            self.c_sums(secp, &shares)
        } else {
            TauPoints::sum(&shares).expect("sums")
        };
        let mut tau_x = Vec::new();
        for (j, p) in ours_parties.into_iter().enumerate() {
            tau_x.push(match p {
                None => self.c_round2(secp, j, &sums),
                Some(p) => p.tau_x(&sums).expect("round 2").1,
            });
        }
        let proof = if c_final {
            self.c_final(secp, self.k() - 1, &sums, &tau_x)
        } else {
            Combiner::new(&st, &sums)
                .expect("combiner")
                .finalize(&tau_x)
                .expect("finalize")
                .to_bytes()
        };
        (shares, tau_x, proof)
    }

    fn c_verifies(&self, secp: &CCtx, proof: &[u8]) -> bool {
        secp.verify_bullet_proof(Commitment(self.commit), c_proof(proof), self.extra.clone())
            .is_ok()
    }

    fn ours_verifies(
        &self,
        bp: &ours::BulletproofGens,
        pc: &ours::PedersenGens,
        proof: &[u8],
    ) -> bool {
        ours::RangeProof::from_bytes(proof).is_ok_and(|p| {
            p.verify_single(bp, pc, &mut self.statement_transcript(), &self.commit, 64)
                .is_ok()
        })
    }
}

#[test]
fn c_and_ballistic_byte_identical() {
    let mut rng = test_rng(SEED_VAR, "c_and_ballistic_byte_identical");
    let secp = CCtx::with_caps(ContextFlag::Commit);
    let (bp, pc) = (ours::grin_generators(), ours::PedersenGens::default());
    let mut identical = 0;
    for k in [2usize, 3] {
        for (i, (extra, message)) in [(false, false), (true, false), (false, true), (true, true)]
            .into_iter()
            .enumerate()
        {
            let case = Case::new(&secp, &mut rng, k, i, extra, message);
            let ctx = format!("k={k} value={} extra={extra} message={message}", case.value);
            let (t_c, x_c, proof_c) = case.run(&secp, &bp, &pc, &vec![true; k], true);
            let (t_o, x_o, proof_o) = case.run(&secp, &bp, &pc, &vec![false; k], false);
            assert_eq!(t_c, t_o, "T shares differ, {ctx}");
            assert_eq!(x_c, x_o, "tau_x shares differ, {ctx}");
            assert_eq!(proof_c, proof_o, "proofs differ, {ctx}");
            assert_eq!(proof_o.len(), 675);
            assert!(case.c_verifies(&secp, &proof_o), "{ctx}");
            assert!(case.ours_verifies(&bp, &pc, &proof_c), "{ctx}");
            identical += 1;
        }
    }
    eprintln!("c_and_ballistic_byte_identical: byte-identical shared proofs: {identical}");
}

#[test]
fn mixed_parties() {
    let mut rng = test_rng(SEED_VAR, "mixed_parties");
    let secp = CCtx::with_caps(ContextFlag::Commit);
    let (bp, pc) = (ours::grin_generators(), ours::PedersenGens::default());
    let case = Case::new(&secp, &mut rng, 3, 2, true, true);
    let (_, _, reference) = case.run(&secp, &bp, &pc, &[true; 3], true);
    assert!(case.c_verifies(&secp, &reference));
    let mut runs = 0;
    for mask in 0..8u32 {
        let by_c: Vec<bool> = (0..3).map(|j| (mask >> j) & 1 == 1).collect();
        for c_final in [false, true] {
            let (_, _, proof) = case.run(&secp, &bp, &pc, &by_c, c_final);
            assert_eq!(proof, reference, "by_c={by_c:?} c_final={c_final}");
            runs += 1;
        }
    }
    assert!(case.ours_verifies(&bp, &pc, &reference));
    eprintln!("mixed_parties: {runs} mixed runs, all byte-identical");
}

#[test]
fn rewind_shared() {
    let mut rng = test_rng(SEED_VAR, "rewind_shared");
    let secp = CCtx::with_caps(ContextFlag::Commit);
    let (bp, pc) = (ours::grin_generators(), ours::PedersenGens::default());
    for (i, k) in [2usize, 3].into_iter().enumerate() {
        let case = Case::new(&secp, &mut rng, k, i + 2, i == 0, true);
        let (_, _, proof) = case.run(&secp, &bp, &pc, &vec![false; k], false);
        let info = secp
            .rewind_bullet_proof(
                Commitment(case.commit),
                SecretKey(case.common),
                case.extra.clone(),
                c_proof(&proof),
            )
            .expect("the C rewinds the shared proof");
        let parsed = ours::RangeProof::from_bytes(&proof).expect("parses");
        let st = case.statement_transcript();
        let r = parsed
            .rewind_unchecked(&pc, &st, &case.commit, &case.common)
            .expect("ballistic rewinds as the C");
        assert_eq!(info.value, case.value);
        assert_eq!(r.value, case.value);
        assert_eq!(&info.message.as_bytes()[..20], &case.message.unwrap()[..]);
        assert_eq!(r.message, case.message.unwrap());
        assert_eq!(
            r.blinding,
            scalar_be(&info.blinding.0),
            "same blinding output"
        );
        assert!(!r.opens_commitment);
        let total = case
            .blinds
            .iter()
            .fold(Scalar::ZERO, |acc, b| acc + scalar_be(b));
        assert_ne!(r.blinding, total, "nobody recovers the total blinding");
        assert_eq!(
            parsed.rewind(&pc, &st, &case.commit, &case.common),
            Err(ProofError::RewindError)
        );
        let shared = shared_output::rewind(&parsed, &bp, &pc, &st, &case.commit, 64, &case.common)
            .expect("shared rewind");
        assert_eq!(
            (shared.value, shared.message),
            (case.value, case.message.unwrap())
        );
        // Both refuse a wrong nonce (the C's 32-bit check fails but with 2^−32).
        let wrong = random_secret(&mut rng);
        assert!(shared_output::rewind(&parsed, &bp, &pc, &st, &case.commit, 64, &wrong).is_err());
        assert!(secp
            .rewind_bullet_proof(
                Commitment(case.commit),
                SecretKey(wrong),
                case.extra.clone(),
                c_proof(&proof),
            )
            .is_err());
    }
}

#[test]
fn bad_tau_share() {
    let mut rng = test_rng(SEED_VAR, "bad_tau_share");
    let secp = CCtx::with_caps(ContextFlag::Commit);
    let (bp, pc) = (ours::grin_generators(), ours::PedersenGens::default());
    let k = 3;
    for (bad, by_c) in [
        (0usize, [true, false, true]),
        (1, [false, true, false]),
        (2, [true; 3]),
    ] {
        let case = Case::new(&secp, &mut rng, k, bad + 2, bad == 1, bad == 2);
        let st = case.statement(&bp, &pc);
        let (shares, mut tau_x, _) = case.run(&secp, &bp, &pc, &by_c, true);
        // Party `bad` adds one to its share.
        let mut one = [0u8; 32];
        one[31] = 1;
        tau_x[bad] = shared_output::sum_scalars(&[tau_x[bad], one]).expect("sum");
        let sums = TauPoints::sum(&shares).expect("sums");
        let proof_c = case.c_final(&secp, 0, &sums, &tau_x);
        let combiner = Combiner::new(&st, &sums).expect("combiner");
        let named: Vec<usize> = (0..k)
            .filter(|&j| {
                combiner
                    .audit_tau_share(
                        j,
                        &tau_x[j],
                        &shares[j],
                        &[case.partial[j]],
                        &[case.value_share(j)],
                    )
                    .is_err()
            })
            .collect();
        assert_eq!(named, [bad]);
        assert_eq!(
            combiner.audit_tau_share(
                bad,
                &tau_x[bad],
                &shares[bad],
                &[case.partial[bad]],
                &[case.value_share(bad)]
            ),
            Err(SharedOutputError::BadTauShare { party: bad })
        );
        let proof_o = combiner.finalize(&tau_x).expect("finalize").to_bytes();
        assert_eq!(proof_o, proof_c);
        assert!(
            !case.c_verifies(&secp, &proof_c),
            "the C accepts a bad share"
        );
        assert!(
            !case.ours_verifies(&bp, &pc, &proof_c),
            "ballistic accepts a bad share"
        );
    }
}
