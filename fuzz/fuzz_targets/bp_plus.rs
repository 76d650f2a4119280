//! Bulletproofs+ on both curves: decoding never panics and anything accepted
//! re-encodes byte for byte; verification (and `RecoverOnly` mask recovery, for one
//! value) against a fixed statement never panics, and a proof that verifies has the
//! statement's extension degree and number of rounds.
//!
//! Input: `[curve][n][m][t][mins][min value bytes][proof bytes]`:
//! curve = byte & 1 (0 ristretto255 with Tari's bases, 1 secp256k1), n = byte % 66
//! (0 and 65 are out of range), m = byte % 5 (0 is out of range), t = 1 + byte % 6
//! (the bases' degree), mins = byte % 4: 0 none (an empty list), 1 m zeros, 2 m
//! values of one byte each follow, 3 m little-endian u64 follow (any value, so also
//! `>= 2^n`).
//!
//! The fixed statement: value `v_j = o_j + j % 2` (saturating) with masks
//! `γ_{j,k} = 1 + 16·j + k`, committed with `bp_plus::pedersen_gens(t)`; the
//! generators `BulletproofGens::new(64, 4)`; the transcript `Transcript::new(b"fuzz
//! bp+")`. The seeds (`fuzz/seeds/bp_plus`) are honest proofs of such statements, so
//! that mutations start from proofs that verify; acceptance is not an error here
//! (soundness is the gauntlet's and the vectors').
#![no_main]
use ballistic::bp_plus::{RangeProofPlus, VerifyAction};
use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens};
use ballistic::merlin::Transcript;
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;
use std::sync::OnceLock;

/// The generators and the bases of every degree of one curve.
struct Gens<C: Curve> {
    bp: BulletproofGens<C>,
    pc: Vec<ExtendedPedersenGens<C>>,
}

impl<C: Curve> Gens<C> {
    fn new(pc: fn(usize) -> ExtendedPedersenGens<C>) -> Self {
        Gens {
            bp: BulletproofGens::new(64, 4),
            pc: (1..=6).map(pc).collect(),
        }
    }
}

static RISTRETTO: OnceLock<Gens<Ristretto>> = OnceLock::new();
static SECP256K1: OnceLock<Gens<Secp256k1>> = OnceLock::new();

/// The statement's parameters read from the input.
struct Shape {
    n: usize,
    t: usize,
    mins: Vec<u64>,
    m: usize,
}

/// Reads the header; returns the shape and the proof bytes.
fn header(data: &[u8]) -> Option<(u8, Shape, &[u8])> {
    let (&[curve, n, m, t, mode], rest) = data.split_first_chunk::<5>()?;
    let m = usize::from(m % 5);
    let (mins, proof) = match mode % 4 {
        0 => (Vec::new(), rest),
        1 => (vec![0; m], rest),
        2 => {
            let (b, proof) = rest.split_at_checked(m)?;
            (b.iter().map(|x| u64::from(*x)).collect(), proof)
        }
        _ => {
            let (b, proof) = rest.split_at_checked(8 * m)?;
            let mins = b
                .chunks_exact(8)
                .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
                .collect();
            (mins, proof)
        }
    };
    let shape = Shape {
        n: usize::from(n % 66),
        t: 1 + usize::from(t % 6),
        mins,
        m,
    };
    Some((curve & 1, shape, proof))
}

fn run<C: Curve>(g: &Gens<C>, s: &Shape, bytes: &[u8]) {
    let Ok(proof) = RangeProofPlus::<C>::from_bytes(bytes) else {
        return;
    };
    assert_eq!(
        proof.to_bytes(),
        bytes,
        "decode∘encode must be the identity"
    );
    let pc = &g.pc[s.t - 1];
    let scalar = |x: u64| C::scalar_to_api(&C::scalar_from_u64(x));
    let commitments: Vec<C::Encoding> = (0..s.m)
        .map(|j| {
            let o = s.mins.get(j).copied().unwrap_or(0);
            let v = o.saturating_add(j as u64 % 2);
            let masks: Vec<C::ApiScalar> = (0..s.t)
                .map(|k| scalar(1 + 16 * j as u64 + k as u64))
                .collect();
            let p = pc.commit(scalar(v), &masks).expect("one mask per base");
            C::encode(&C::point_from_api(&p))
        })
        .collect();
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0);
    let label: &'static [u8] = b"fuzz bp+";
    if s.m == 1 {
        let _ = proof.recover_masks(
            &g.bp,
            pc,
            &mut Transcript::new(label),
            &commitments[0],
            s.mins.first().copied().unwrap_or(0),
            s.n,
            &scalar(7),
            VerifyAction::RecoverOnly,
            &mut rng,
        );
    }
    let verified = proof.verify(
        &g.bp,
        pc,
        &mut Transcript::new(label),
        &commitments,
        &s.mins,
        s.n,
        &mut rng,
    );
    if verified.is_ok() {
        assert_eq!(proof.extension_degree(), s.t);
        let np = (s.n * s.m).next_power_of_two();
        assert_eq!(1usize << proof.rounds(), np);
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((curve, shape, proof)) = header(data) else {
        return;
    };
    if curve == 0 {
        let g = RISTRETTO.get_or_init(|| {
            Gens::new(|t| ballistic::ristretto::bp_plus::pedersen_gens(t).expect("degree"))
        });
        run(g, &shape, proof);
    } else {
        let g = SECP256K1.get_or_init(|| {
            Gens::new(|t| ballistic::secp256k1::bp_plus::pedersen_gens(t).expect("degree"))
        });
        run(g, &shape, proof);
    }
});
