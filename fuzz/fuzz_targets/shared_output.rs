//! Grin's shared outputs (secp256k1-zkp's multi-party flow) with a hostile second
//! party: summing its `T` shares, the first party's `τ_x` round, auditing its `τ_x`
//! share and finalizing never panic, and a finalized proof verifies exactly when the
//! audit passes (a share that passes is the one the party's points define). One
//! 8-bit value over Grin's generators (Grin's shape has 64 bits: the same code over
//! longer vectors); the second party's honest messages are computed once.
//!
//! Input: XOR masks over the second party's honest messages, so that an empty or
//! all-zero input is the honest run: bytes 0..33 over `τ_1·G`, 33..66 over `τ_2·G`,
//! 66..98 over its `τ_x` share (missing bytes are zero).
#![no_main]
use ballistic::curve::{secp256k1::Secp256k1, Curve};
use ballistic::secp256k1::shared_output::{
    sum_commitments, PartyAwaitingTauSums, SharedParty, SharedStatement, TauPoints,
};
use ballistic::secp256k1::{grin_generators, BulletproofGens, PedersenGens, Scalar, Transcript};
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;
use std::sync::OnceLock;

/// The bit width of the shared value.
const BITS: usize = 8;

fn gens() -> &'static BulletproofGens {
    static GENS: OnceLock<BulletproofGens> = OnceLock::new();
    GENS.get_or_init(grin_generators)
}

/// The statement's inputs: the value, both parties' blinding shares, the shared
/// commitment, the second party's commitment, its `T` shares and its `τ_x` share.
struct Honest {
    value: u64,
    g_a: Scalar,
    c: [u8; 33],
    c_b: [u8; 33],
    tau_b: TauPoints,
    x_b: [u8; 32],
}

fn transcript() -> Transcript {
    Transcript::new().with_extra_commit(b"fuzz shared output")
}

/// The first party, deterministic (the second party's messages were made against
/// its `T` shares).
fn party_a<'g>(st: &SharedStatement<'g>, h: &Honest) -> (PartyAwaitingTauSums<'g>, TauPoints) {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    SharedParty::new(st, &[h.g_a], &mut rng).expect("party a")
}

fn honest() -> &'static Honest {
    static HONEST: OnceLock<Honest> = OnceLock::new();
    HONEST.get_or_init(|| {
        let pc = PedersenGens::default();
        let (value, g_a, g_b) = (200u64, Scalar::from(31u64), Scalar::from(41u64));
        let c_a = Secp256k1::encode(&pc.commit(Scalar::from(value), g_a));
        let c_b = Secp256k1::encode(&pc.commit(Scalar::ZERO, g_b));
        let c = sum_commitments(&[c_a, c_b]).expect("a valid sum");
        let st = SharedStatement::new(gens(), &pc, &transcript(), [8u8; 32], &[value], &[c], BITS)
            .expect("statement");
        let mut h = Honest {
            value,
            g_a,
            c,
            c_b,
            tau_b: TauPoints {
                t_one: [0; 33],
                t_two: [0; 33],
            },
            x_b: [0; 32],
        };
        let (_, tau_a) = party_a(&st, &h);
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(8);
        let (b, tau_b) = SharedParty::new(&st, &[g_b], &mut rng).expect("party b");
        let sums = TauPoints::sum(&[tau_a, tau_b]).expect("honest sums");
        let (_, x_b) = b.tau_x(&sums).expect("party b's share");
        h.tau_b = tau_b;
        h.x_b = x_b;
        h
    })
}

fn xor<const N: usize>(honest: [u8; N], mask: &[u8]) -> [u8; N] {
    let mut out = honest;
    for (o, m) in out.iter_mut().zip(mask) {
        *o ^= m;
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let mask =
        |from: usize, len: usize| data.get(from..).map_or(&[][..], |d| &d[..len.min(d.len())]);
    let (bp, pc, h) = (gens(), PedersenGens::default(), honest());
    let t = transcript();
    let st =
        SharedStatement::new(bp, &pc, &t, [8u8; 32], &[h.value], &[h.c], BITS).expect("statement");
    let (a, tau_a) = party_a(&st, h);
    let hostile = TauPoints {
        t_one: xor(h.tau_b.t_one, mask(0, 33)),
        t_two: xor(h.tau_b.t_two, mask(33, 33)),
    };
    let x_b = xor(h.x_b, mask(66, 32));
    let Ok(sums) = TauPoints::sum(&[tau_a, hostile]) else {
        return;
    };
    let Ok((combiner, x_a)) = a.tau_x(&sums) else {
        return;
    };
    let audit = combiner.audit_tau_share(1, &x_b, &hostile, &[h.c_b], &[0]);
    if let Ok(proof) = combiner.finalize(&[x_a, x_b]) {
        let verifies = proof
            .verify_single(bp, &pc, &mut t.clone(), &h.c, BITS)
            .is_ok();
        assert_eq!(verifies, audit.is_ok(), "the audit and the proof disagree");
        if data.iter().all(|b| *b == 0) {
            assert!(verifies, "the honest run verifies");
        }
    }
});
