//! P1 for secp256k1 in secp256k1-zkp's format: the malformed-proof gauntlet
//! (docs/testing.md, P1).
//!
//! For seed proofs over several shapes: every single-bit flip, every truncation,
//! extensions by 1..=64 bytes, every scalar slot replaced by 0, ℓ, ℓ+1 and 2^256−1,
//! every x-coordinate slot replaced by 0, p, p+1, 2^256−1, an x with no curve point
//! and another valid x, every unused flag bit set, swaps (A↔S, T_1↔T_2, L_k↔R_k,
//! −τ_x↔−μ, a↔b), and wrong statements (V+H, −V, another proof's V, other n, other
//! m, extra commitment added or removed, another generator set). Every mutation must
//! be rejected; a panic is caught and counted as a failure. Each class prints
//! "k/k rejected".
//!
//! CI runs three seed proofs; `BALLISTIC_GAUNTLET=full` runs the whole grid.

#![allow(non_snake_case)]

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use ballistic::curve::{secp256k1::Secp256k1, Curve};
use ballistic::range_proof::zkp::wire::proof_len;
use ballistic::secp256k1::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// ℓ, the order of secp256k1, big-endian.
const ELL: [u8; 32] = hex32("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
/// p, the field prime, big-endian.
const P: [u8; 32] = hex32("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");

const fn hex32(s: &str) -> [u8; 32] {
    let b = s.as_bytes();
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        let hi = (b[2 * i] as char).to_digit(16);
        let lo = (b[2 * i + 1] as char).to_digit(16);
        out[i] = match (hi, lo) {
            (Some(h), Some(l)) => (h * 16 + l) as u8,
            _ => 0,
        };
        i += 1;
    }
    out
}

fn plus_one(x: [u8; 32]) -> [u8; 32] {
    let mut y = x;
    for b in y.iter_mut().rev() {
        let (v, carry) = b.overflowing_add(1);
        *b = v;
        if !carry {
            break;
        }
    }
    y
}

struct Seed {
    n: usize,
    m: usize,
    extra: bool,
    bytes: Vec<u8>,
    vs: Vec<[u8; 33]>,
}

impl Seed {
    fn transcript(&self) -> Transcript {
        if self.extra {
            Transcript::new().with_extra_commit(b"gauntlet")
        } else {
            Transcript::new()
        }
    }
    /// Byte offsets of the scalar slots and of the x-coordinate slots, and the
    /// offsets/counts of the two flag vectors.
    fn layout(&self) -> (Vec<usize>, Vec<usize>, [(usize, usize); 2]) {
        let np = self.n * self.m;
        let q = if np == 1 { 1 } else { 2 };
        let rounds = if np <= 2 {
            0
        } else {
            np.trailing_zeros() as usize - 1
        };
        let mut scalars = vec![0, 32, 193];
        scalars.extend((0..2 * q).map(|i| 225 + 32 * i));
        let lr_flags = 225 + 64 * q;
        let lr_x = lr_flags + (2 * rounds).div_ceil(8);
        let mut xs = vec![65, 97, 129, 161];
        xs.extend((0..2 * rounds).map(|i| lr_x + 32 * i));
        (scalars, xs, [(64, 4), (lr_flags, 2 * rounds)])
    }
}

#[derive(Default)]
struct Tally {
    classes: BTreeMap<&'static str, (usize, usize, usize)>, // (total, rejected, panicked)
}

impl Tally {
    #[allow(clippy::too_many_arguments)]
    fn check(
        &mut self,
        class: &'static str,
        bp: &BulletproofGens,
        bytes: &[u8],
        vs: &[[u8; 33]],
        n: usize,
        transcript: &Transcript,
    ) {
        let pc = PedersenGens::default();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let proof = RangeProof::from_bytes(bytes)?;
            proof.verify_multiple_with_rng(
                bp,
                &pc,
                &mut transcript.clone(),
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
            println!("gauntlet secp256k1 {class}: {rejected}/{total} rejected, {panicked} panics");
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

fn seed(bp: &BulletproofGens, n: usize, m: usize, extra: bool, r: &mut ChaCha20Rng) -> Seed {
    let pc = PedersenGens::default();
    let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let values: Vec<u64> = (0..m).map(|_| r.gen::<u64>() & max).collect();
    let bl: Vec<Scalar> = (0..m).map(|_| Secp256k1::scalar_random(r)).collect();
    let mut s = Seed {
        n,
        m,
        extra,
        bytes: Vec::new(),
        vs: Vec::new(),
    };
    let mut t = s.transcript().with_nonce(r.gen());
    let (p, vs) =
        RangeProof::prove_multiple_with_rng(bp, &pc, &mut t, &values, &bl, n, r).expect("prove");
    s.bytes = p.to_bytes();
    assert_eq!(s.bytes.len(), proof_len(n * m));
    s.vs = vs;
    s
}

/// An x-coordinate with no point on the curve.
fn x_without_point() -> [u8; 32] {
    (1u8..)
        .map(|v| {
            let mut x = [0u8; 32];
            x[31] = v;
            x
        })
        .find(|x| {
            let mut e = [0u8; 33];
            e[0] = 0x08;
            e[1..].copy_from_slice(x);
            Secp256k1::decode(&e).is_none()
        })
        .expect("about half of all x have no point")
}

fn run(shapes: &[(usize, usize, bool)], seed_value: u64) {
    let bp = grin_generators();
    let big = zkp_generators(1024);
    let mut r = ChaCha20Rng::seed_from_u64(seed_value);
    let seeds: Vec<Seed> = shapes
        .iter()
        .map(|&(n, m, extra)| seed(if n * m > 128 { &big } else { &bp }, n, m, extra, &mut r))
        .collect();
    let mut t = Tally::default();
    let pc = PedersenGens::default();
    let no_point = x_without_point();
    for (k, s) in seeds.iter().enumerate() {
        let gens = if s.n * s.m > 128 { &big } else { &bp };
        let other_gens = if s.n * s.m > 128 { &bp } else { &big };
        let (n, bytes, vs, tr) = (s.n, &s.bytes, &s.vs, s.transcript());
        let mut sanity = Tally::default();
        sanity.check("seed", gens, bytes, vs, n, &tr);
        assert_eq!(
            sanity.classes["seed"],
            (1, 0, 0),
            "seed n={n} m={} verifies",
            s.m
        );

        for i in 0..bytes.len() * 8 {
            let mut b = bytes.clone();
            b[i / 8] ^= 1 << (i % 8);
            t.check("bit flip", gens, &b, vs, n, &tr);
        }
        for len in 0..bytes.len() {
            t.check("truncation", gens, &bytes[..len], vs, n, &tr);
        }
        for extra in 1..=64usize {
            let mut b = bytes.clone();
            b.extend((0..extra).map(|_| r.gen::<u8>()));
            t.check("extension", gens, &b, vs, n, &tr);
        }
        let (scalar_slots, x_slots, flags) = s.layout();
        for &o in &scalar_slots {
            for (name, rep) in [
                ("scalar := 0", [0u8; 32]),
                ("scalar := ℓ", ELL),
                ("scalar := ℓ+1", plus_one(ELL)),
                ("scalar := 2^256-1", [0xffu8; 32]),
            ] {
                let mut b = bytes.clone();
                b[o..o + 32].copy_from_slice(&rep);
                t.check(name, gens, &b, vs, n, &tr);
            }
        }
        for &o in &x_slots {
            let other = {
                let e = Secp256k1::encode(&Secp256k1::mul(
                    &Secp256k1::scalar_random(&mut r),
                    &pc.B_blinding,
                ));
                let mut x = [0u8; 32];
                x.copy_from_slice(&e[1..]);
                x
            };
            for (name, rep) in [
                ("x := 0", [0u8; 32]),
                ("x := p", P),
                ("x := p+1", plus_one(P)),
                ("x := 2^256-1", [0xffu8; 32]),
                ("x := no curve point", no_point),
                ("x := other valid point", other),
            ] {
                let mut b = bytes.clone();
                b[o..o + 32].copy_from_slice(&rep);
                if b != *bytes {
                    t.check(name, gens, &b, vs, n, &tr);
                }
            }
        }
        for (offset, used) in flags {
            let len = used.div_ceil(8);
            for bit in used..8 * len {
                let mut b = bytes.clone();
                b[offset + bit / 8] |= 1 << (bit % 8);
                t.check("unused flag bit set", gens, &b, vs, n, &tr);
            }
        }
        let swap = |a: usize, c: usize| {
            let mut b = bytes.clone();
            let (x, y) = (b[a..a + 32].to_vec(), b[c..c + 32].to_vec());
            b[a..a + 32].copy_from_slice(&y);
            b[c..c + 32].copy_from_slice(&x);
            b
        };
        t.check("swap", gens, &swap(0, 32), vs, n, &tr);
        t.check(
            "swap",
            gens,
            &swap(scalar_slots[3], scalar_slots[scalar_slots.len() - 1]),
            vs,
            n,
            &tr,
        );
        for pair in x_slots.chunks(2) {
            t.check("swap", gens, &swap(pair[0], pair[1]), vs, n, &tr);
        }
        // Wrong statements.
        for j in 0..vs.len() {
            let V = Secp256k1::decode(&vs[j]).expect("valid commitment");
            let other = &seeds[(k + 1) % seeds.len()].vs[0];
            for bad in [V + pc.B, -V, V + pc.B_blinding] {
                let mut w = vs.clone();
                w[j] = Secp256k1::encode(&bad);
                t.check("wrong commitment", gens, bytes, &w, n, &tr);
            }
            if *other != vs[j] {
                let mut w = vs.clone();
                w[j] = *other;
                t.check("wrong commitment", gens, bytes, &w, n, &tr);
            }
        }
        for n2 in [n / 2, n * 2, n + 1] {
            if (1..=64).contains(&n2) && n2 != n {
                t.check("wrong n", gens, bytes, vs, n2, &tr);
            }
        }
        let mut more = vs.clone();
        more.extend_from_slice(vs);
        t.check("wrong m", &big, bytes, &more, n, &tr);
        if vs.len() > 1 {
            t.check("wrong m", gens, bytes, &vs[..vs.len() / 2], n, &tr);
        }
        let other_tr = if s.extra {
            Transcript::new()
        } else {
            Transcript::new().with_extra_commit(b"")
        };
        t.check("wrong extra commitment", gens, bytes, vs, n, &other_tr);
        if other_gens.supports(n, s.m) {
            t.check("wrong generator set", other_gens, bytes, vs, n, &tr);
        }
    }
    t.report_and_assert();
}

#[test]
fn gauntlet_secp256k1() {
    if std::env::var("BALLISTIC_GAUNTLET").is_ok_and(|v| v == "full") {
        let mut shapes = Vec::new();
        for n in [1usize, 2, 4, 8, 16, 32, 64] {
            for m in [1usize, 2] {
                shapes.push((n, m, n % 2 == 0));
            }
        }
        shapes.extend([(64, 4, true), (16, 8, false), (8, 4, true)]);
        run(&shapes, 0x007a_6b70);
    } else {
        // CI: three seed proofs.
        run(&[(64, 1, true), (16, 2, false), (1, 1, false)], 0x007a_6b70);
    }
}
