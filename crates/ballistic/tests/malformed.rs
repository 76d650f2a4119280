//! P1: the malformed-proof gauntlet (docs/testing.md, P1).
//!
//! For seed proofs over many shapes: every single-bit flip, every truncation,
//! extensions by 1..=64 bytes, every 32-byte slot replaced by the identity, invalid
//! and non-canonical encodings, ℓ, ℓ+1 and 2^256−1, swaps (A↔S, T_1↔T_2, L_k↔R_k,
//! t_x↔t_x_blinding, a↔b), and wrong statements (V+B, −V, another proof's V, other n,
//! other m, other label). Every mutation must be rejected with an error; a panic is
//! caught and counted as a failure. Each class prints "k/k rejected".
//!
//! CI runs three seed proofs; `BALLISTIC_GAUNTLET=full` runs the whole grid
//! (n ∈ {8,16,32,64} × m ∈ {1,2,4,8,16} plus the padded shapes).

#![allow(non_snake_case)]

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use ballistic::merlin::Transcript;
use ballistic::ristretto::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

const LABEL: &[u8] = b"gauntlet";

/// ℓ, the order of ristretto255, little-endian.
const ELL: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];

struct Seed {
    n: usize,
    m: usize,
    bytes: Vec<u8>,
    vs: Vec<CompressedRistretto>,
}

#[derive(Default)]
struct Tally {
    classes: BTreeMap<&'static str, (usize, usize, usize)>, // (total, rejected, panicked)
}

impl Tally {
    /// Runs parse + verify on a mutation; counts it under `class`.
    fn check(
        &mut self,
        class: &'static str,
        bp: &BulletproofGens,
        bytes: &[u8],
        vs: &[CompressedRistretto],
        n: usize,
        label: &'static [u8],
    ) {
        let pc = PedersenGens::default();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let proof = RangeProof::from_bytes(bytes)?;
            proof.verify_multiple_with_rng(
                bp,
                &pc,
                &mut Transcript::new(label),
                vs,
                n,
                &mut rand::thread_rng(),
            )
        }));
        let e = self.classes.entry(class).or_default();
        e.0 += 1;
        match outcome {
            Ok(Err(_)) => e.1 += 1,
            Ok(Ok(())) => {}
            Err(_) => e.2 += 1,
        }
    }

    fn report_and_assert(&self) {
        let mut failures = Vec::new();
        for (class, (total, rejected, panicked)) in &self.classes {
            println!("gauntlet {class}: {rejected}/{total} rejected, {panicked} panics");
            if rejected != total {
                failures.push(format!(
                    "{class}: {} accepted, {panicked} panics",
                    total - rejected - panicked
                ));
            }
        }
        assert!(failures.is_empty(), "gauntlet failures: {failures:?}");
    }
}

fn seed(bp: &BulletproofGens, n: usize, m: usize, r: &mut ChaCha20Rng) -> Seed {
    let pc = PedersenGens::default();
    let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let values: Vec<u64> = (0..m).map(|_| r.gen::<u64>() & max).collect();
    let bl: Vec<Scalar> = (0..m).map(|_| random_scalar(r)).collect();
    let (p, vs) = RangeProof::prove_multiple_with_rng(
        bp,
        &pc,
        &mut Transcript::new(LABEL),
        &values,
        &bl,
        n,
        r,
    )
    .expect("prove");
    Seed {
        n,
        m,
        bytes: p.to_bytes(),
        vs,
    }
}

fn run(shapes: &[(usize, usize)], seed_value: u64) {
    let max_m = shapes.iter().map(|s| s.1).max().unwrap_or(1) + 1;
    let bp = BulletproofGens::new(64, max_m);
    let mut r = ChaCha20Rng::seed_from_u64(seed_value);
    let seeds: Vec<Seed> = shapes
        .iter()
        .map(|(n, m)| seed(&bp, *n, *m, &mut r))
        .collect();
    let mut t = Tally::default();
    let pc = PedersenGens::default();
    for (k, s) in seeds.iter().enumerate() {
        let (n, bytes, vs) = (s.n, &s.bytes, &s.vs);
        // The seed itself verifies.
        let mut sanity = Tally::default();
        sanity.check("seed", &bp, bytes, vs, n, LABEL);
        assert_eq!(
            sanity.classes["seed"],
            (1, 0, 0),
            "seed proof n={n} m={} must verify",
            s.m
        );

        for i in 0..bytes.len() * 8 {
            let mut b = bytes.clone();
            b[i / 8] ^= 1 << (i % 8);
            t.check("bit flip", &bp, &b, vs, n, LABEL);
        }
        for len in 0..bytes.len() {
            t.check("truncation", &bp, &bytes[..len], vs, n, LABEL);
        }
        for extra in 1..=64usize {
            let mut b = bytes.clone();
            b.extend((0..extra).map(|_| r.gen::<u8>()));
            t.check("extension", &bp, &b, vs, n, LABEL);
        }
        let slots = bytes.len() / 32;
        let invalid_point = {
            // A 32-byte string that is not a ristretto255 encoding.
            let mut x = [0xffu8; 32];
            x[31] = 0x7f;
            x
        };
        let mut ell1 = ELL;
        ell1[0] += 1;
        for slot in 0..slots {
            for (name, rep) in [
                ("slot := identity", [0u8; 32]),
                ("slot := invalid encoding", invalid_point),
                ("slot := ℓ", ELL),
                ("slot := ℓ+1", ell1),
                ("slot := 2^256-1", [0xffu8; 32]),
            ] {
                let mut b = bytes.clone();
                b[slot * 32..slot * 32 + 32].copy_from_slice(&rep);
                if b != *bytes {
                    t.check(name, &bp, &b, vs, n, LABEL);
                }
            }
            // A valid point encoding that is not the right one.
            let mut w = [0u8; 64];
            r.fill(&mut w[..]);
            let mut b = bytes.clone();
            b[slot * 32..slot * 32 + 32]
                .copy_from_slice(RistrettoPoint::from_uniform_bytes(&w).compress().as_bytes());
            t.check("slot := other valid point", &bp, &b, vs, n, LABEL);
        }
        let swap = |a: usize, c: usize| {
            let mut b = bytes.clone();
            let (x, y) = (
                b[a * 32..a * 32 + 32].to_vec(),
                b[c * 32..c * 32 + 32].to_vec(),
            );
            b[a * 32..a * 32 + 32].copy_from_slice(&y);
            b[c * 32..c * 32 + 32].copy_from_slice(&x);
            b
        };
        let mut swaps = vec![(0, 1), (2, 3), (4, 5), (slots - 2, slots - 1)];
        for k in 0..(slots - 9) / 2 {
            swaps.push((7 + 2 * k, 8 + 2 * k));
        }
        for (a, c) in swaps {
            t.check("swap", &bp, &swap(a, c), vs, n, LABEL);
        }
        // Wrong statements.
        for j in 0..vs.len() {
            let V = vs[j].decompress().expect("valid commitment");
            let other = &seeds[(k + 1) % seeds.len()].vs[0];
            for bad in [V + pc.B, -V, V + pc.B_blinding] {
                let mut w = vs.clone();
                w[j] = bad.compress();
                t.check("wrong commitment", &bp, bytes, &w, n, LABEL);
            }
            if *other != vs[j] {
                let mut w = vs.clone();
                w[j] = *other;
                t.check("wrong commitment", &bp, bytes, &w, n, LABEL);
            }
        }
        for n2 in [n - 1, n + 1, 2 * n] {
            if (1..=64).contains(&n2) {
                t.check("wrong n", &bp, bytes, vs, n2, LABEL);
            }
        }
        let mut more = vs.clone();
        more.push(vs[0]);
        t.check("wrong m", &bp, bytes, &more, n, LABEL);
        if vs.len() > 1 {
            t.check("wrong m", &bp, bytes, &vs[..vs.len() - 1], n, LABEL);
        }
        t.check("wrong label", &bp, bytes, vs, n, b"another label");
    }
    t.report_and_assert();
}

#[test]
fn gauntlet() {
    if std::env::var("BALLISTIC_GAUNTLET").is_ok_and(|v| v == "full") {
        let mut shapes = Vec::new();
        for n in [8usize, 16, 32, 64] {
            for m in [1usize, 2, 4, 8, 16] {
                shapes.push((n, m));
            }
        }
        shapes.extend([(1, 1), (7, 3), (33, 5), (48, 3), (63, 1)]);
        run(&shapes, 0x6761_756e);
    } else {
        // CI: three seed proofs.
        run(&[(64, 1), (7, 3), (16, 2)], 0x6761_756e);
    }
}
