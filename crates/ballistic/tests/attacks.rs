//! Attacks as tests (docs/testing.md, P9): each test runs a published attack against
//! the public API only, as an outsider holding nothing but proofs and commitments
//! would, and asserts that it recovers nothing.
//!
//! Rewindable proofs of one commitment under one rewind nonce, with different
//! messages: the attacker replays dalek's transcript from the proof bytes (the
//! challenges `y`, `z`, `x` are public) and solves the proofs' linear equations,
//! `τ_x = τ_2·x² + τ_1·x + z²·γ` and `μ = α − (v + 2^64·msg) + ρ·x`, for the secrets.
//! They are solvable whenever the proofs share `τ_1, τ_2` (three proofs give `γ`) or
//! `α, ρ` (two proofs with known messages give `α − v`, then `v` from `A`).

#![allow(non_snake_case)]

use std::collections::HashMap;

use ballistic::curve::{ristretto::Ristretto, Curve};
use ballistic::merlin::Transcript;
use ballistic::ristretto::{
    BulletproofGens, CompressedRistretto, PedersenGens, RangeProof, RistrettoPoint, Scalar,
};
use rand::{Rng, SeedableRng};

/// The public parts of a proof in dalek's layout that the attacks read.
struct Public {
    A: CompressedRistretto,
    S: CompressedRistretto,
    T_1: CompressedRistretto,
    T_2: CompressedRistretto,
    t_x_blinding: Scalar,
    e_blinding: Scalar,
}

/// Dalek's layout: `A ‖ S ‖ T_1 ‖ T_2 ‖ t_x ‖ t_x_blinding ‖ e_blinding ‖ …`.
fn parse(bytes: &[u8]) -> Public {
    let slot = |i: usize| -> [u8; 32] { bytes[32 * i..32 * (i + 1)].try_into().unwrap() };
    let scalar = |i: usize| Scalar::from_canonical_bytes(slot(i)).unwrap();
    Public {
        A: CompressedRistretto(slot(0)),
        S: CompressedRistretto(slot(1)),
        T_1: CompressedRistretto(slot(2)),
        T_2: CompressedRistretto(slot(3)),
        t_x_blinding: scalar(5),
        e_blinding: scalar(6),
    }
}

fn challenge(t: &mut Transcript, label: &'static [u8]) -> Scalar {
    let mut buf = [0u8; 64];
    t.challenge_bytes(label, &mut buf);
    Scalar::from_bytes_mod_order_wide(&buf)
}

/// `(z, x)` of a single-value proof, replayed from public data with dalek's
/// transcript (`rangeproof v1`, `n`, `m`, `V`, `A`, `S` → `y`, `z`; `T_1`, `T_2` → `x`).
fn challenges(
    label: &'static [u8],
    n: u64,
    V: &CompressedRistretto,
    p: &Public,
) -> (Scalar, Scalar) {
    let mut t = Transcript::new(label);
    t.append_message(b"dom-sep", b"rangeproof v1");
    t.append_u64(b"n", n);
    t.append_u64(b"m", 1);
    t.append_message(b"V", V.as_bytes());
    t.append_message(b"A", p.A.as_bytes());
    t.append_message(b"S", p.S.as_bytes());
    let _y = challenge(&mut t, b"y");
    let z = challenge(&mut t, b"z");
    t.append_message(b"T_1", p.T_1.as_bytes());
    t.append_message(b"T_2", p.T_2.as_bytes());
    let x = challenge(&mut t, b"x");
    (z, x)
}

fn det3(m: [[Scalar; 3]; 3]) -> Scalar {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

/// `2^64·msg` for a 20-byte little-endian message.
fn shifted_message(msg: &[u8; 20]) -> Scalar {
    let mut b = [0u8; 32];
    b[8..28].copy_from_slice(msg);
    Scalar::from_canonical_bytes(b).unwrap()
}

const LABEL: &[u8] = b"attack";

fn prove(
    bp: &BulletproofGens,
    pc: &PedersenGens,
    v: u64,
    gamma: &Scalar,
    n: usize,
    nonce: &[u8; 32],
    msg: &[u8; 20],
) -> (Public, CompressedRistretto) {
    let (proof, V) = RangeProof::prove_single_rewindable(
        bp,
        pc,
        &mut Transcript::new(LABEL),
        v,
        gamma,
        n,
        nonce,
        msg,
    )
    .unwrap();
    proof
        .verify_single(bp, pc, &mut Transcript::new(LABEL), &V, n)
        .unwrap();
    (parse(&proof.to_bytes()), V)
}

/// Three proofs, three messages, one nonce: if they shared `τ_1, τ_2`, Cramer's rule
/// on `[x_i², x_i, z_i²]·(τ_2, τ_1, γ) = τ_x,i` would give the blinding `γ`.
#[test]
fn three_messages_do_not_reveal_the_blinding() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(48);
    let (bp, pc) = (BulletproofGens::new(64, 1), PedersenGens::default());
    let mut recovered = 0;
    let trials = 4;
    for _ in 0..trials {
        let v: u64 = rng.gen();
        let gamma = Scalar::from_bytes_mod_order_wide(&{
            let mut b = [0u8; 64];
            rng.fill(&mut b[..]);
            b
        });
        let nonce: [u8; 32] = rng.gen();
        let rows: Vec<([Scalar; 3], Scalar)> = (0..3)
            .map(|_| {
                let (p, V) = prove(&bp, &pc, v, &gamma, 64, &nonce, &rng.gen());
                let (z, x) = challenges(LABEL, 64, &V, &p);
                ([x * x, x, z * z], p.t_x_blinding)
            })
            .collect();
        let m = [rows[0].0, rows[1].0, rows[2].0];
        let d = det3(m);
        assert_ne!(d, Scalar::ZERO);
        let mut m_gamma = m;
        for (row, (_, tau_x)) in m_gamma.iter_mut().zip(&rows) {
            row[2] = *tau_x;
        }
        let candidate = det3(m_gamma) * d.invert();
        if candidate == gamma {
            recovered += 1;
        }
    }
    assert_eq!(recovered, 0, "{recovered}/{trials} blindings recovered");
}

/// Two proofs of a 16-bit value with known messages: if they shared `α, ρ`,
/// `μ_1 − μ_2 = 2^64·(m_2 − m_1) + ρ·(x_1 − x_2)` would give `ρ`, then
/// `A_1 − (μ_1 − ρ·x_1)·B̃ = Σ_i (bit_i ? G_i : −H_i)`, whose bits a
/// meet-in-the-middle search over two bytes finds (2^32 work for 64 bits).
#[test]
fn two_known_messages_do_not_reveal_the_value() {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(4848);
    let n = 16;
    let (bp, pc) = (BulletproofGens::new(n, 1), PedersenGens::default());
    let G: Vec<RistrettoPoint> = bp.G(n, 1).map(Ristretto::point_to_api).collect();
    let H: Vec<RistrettoPoint> = bp.H(n, 1).map(Ristretto::point_to_api).collect();
    // Σ_{i in bits} (bit_i ? G_i : −H_i) over one byte of the value.
    let half = |byte: u64, first: usize| -> RistrettoPoint {
        (0..8)
            .map(|k| {
                if (byte >> k) & 1 == 1 {
                    G[first + k]
                } else {
                    -H[first + k]
                }
            })
            .sum()
    };
    let low: HashMap<[u8; 32], u64> = (0..256u64)
        .map(|b| (half(b, 0).compress().to_bytes(), b))
        .collect();
    let mut found = 0;
    let trials = 4;
    for _ in 0..trials {
        let v: u64 = rng.gen_range(0..1 << n);
        let gamma = Scalar::from(rng.gen::<u64>());
        let nonce: [u8; 32] = rng.gen();
        let (m1, m2): ([u8; 20], [u8; 20]) = (rng.gen(), rng.gen());
        let (p1, V) = prove(&bp, &pc, v, &gamma, n, &nonce, &m1);
        let (p2, _) = prove(&bp, &pc, v, &gamma, n, &nonce, &m2);
        let (_, x1) = challenges(LABEL, n as u64, &V, &p1);
        let (_, x2) = challenges(LABEL, n as u64, &V, &p2);
        let rho = (p1.e_blinding - p2.e_blinding - shifted_message(&m2) + shifted_message(&m1))
            * (x1 - x2).invert();
        let Q = p1.A.decompress().unwrap() - pc.B_blinding * (p1.e_blinding - rho * x1);
        for high in 0..256u64 {
            let rest = (Q - half(high, 8)).compress().to_bytes();
            if let Some(lo) = low.get(&rest) {
                if (high << 8 | lo) == v {
                    found += 1;
                }
            }
        }
    }
    assert_eq!(found, 0, "{found}/{trials} values recovered");
}
