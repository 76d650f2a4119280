//! One batch of every protocol against one batch per protocol, on ristretto255:
//! 256 range proofs (dalek's format, 64 bits, one value each), 64 Bulletproofs+
//! proofs (64 bits, one value, mask degree 1) and 8 shuffle proofs (`k = 32`, 62
//! multipliers) verified as one `ballistic::verify::BatchVerifier` (one
//! multiscalar multiplication), and as three batches (the range proofs, the
//! Bulletproofs+ proofs, the circuits: three multiscalar multiplications).
//!
//! Every round proves a new set (new values, blindings, masks and permutations),
//! then times both sides on it, in alternating order; each side's time covers
//! adding the proofs (replaying their transcripts) and the verification. A third
//! side is the one batch with weights derived from the batch
//! (`verify_deterministic`, no RNG). Prints the medians and the medians of the
//! per-round ratios (one batch / three batches; derived / random weights).
//!
//! ```text
//! cargo run --release -p bench --bin mixed_batch [ROUNDS]
//! ```

use std::time::Instant;

use ballistic::gadgets::shuffle;
use ballistic::merlin::Transcript;
use ballistic::ristretto::bp_plus::{pedersen_gens, ExtendedPedersenGens, Opening, RangeProofPlus};
use ballistic::ristretto::r1cs::{self, R1CSProof};
use ballistic::ristretto::{
    random_scalar, BulletproofGens, CompressedRistretto, PedersenGens, RangeProof, Scalar,
};
use ballistic::verify::BatchVerifier;
use rand::seq::SliceRandom;
use rand::Rng;

const RANGE: usize = 256;
const PLUS: usize = 64;
const SHUFFLES: usize = 8;
const K: usize = 32;
const BITS: usize = 64;
const DOMAIN: &[u8] = b"mixed batch shuffle";

/// One round's proofs with their statements.
struct Set {
    range: Vec<(RangeProof, CompressedRistretto)>,
    plus: Vec<(RangeProofPlus, Vec<CompressedRistretto>)>,
    shuffles: Vec<(R1CSProof, Vec<CompressedRistretto>)>,
}

fn prove_set(
    bp: &BulletproofGens,
    pc: &PedersenGens,
    xpc: &ExtendedPedersenGens,
    rng: &mut rand::rngs::ThreadRng,
) -> Set {
    let range = (0..RANGE)
        .map(|_| {
            RangeProof::prove_single_with_rng(
                bp,
                pc,
                &mut Transcript::new(b"mixed range"),
                rng.gen(),
                &random_scalar(rng),
                BITS,
                rng,
            )
            .expect("proves")
        })
        .collect();
    let plus = (0..PLUS)
        .map(|_| {
            let mask: [Scalar; 1] = [random_scalar(rng)];
            RangeProofPlus::prove(
                bp,
                xpc,
                &mut Transcript::new(b"mixed plus"),
                &[Opening::new(rng.gen(), &mask)],
                &[],
                BITS,
                rng,
            )
            .expect("proves")
        })
        .collect();
    let shuffles = (0..SHUFFLES)
        .map(|_| {
            let inputs: Vec<u64> = (0..K).map(|_| rng.gen()).collect();
            let mut outputs = inputs.clone();
            outputs.shuffle(rng);
            shuffle::prove(pc, bp, DOMAIN, &inputs, &outputs, rng).expect("proves")
        })
        .collect();
    Set {
        range,
        plus,
        shuffles,
    }
}

fn add_range<'g>(
    batch: &mut BatchVerifier<'g, ballistic::ristretto::Ristretto>,
    s: &Set,
    pc: &'g PedersenGens,
) {
    for (p, v) in &s.range {
        batch.add(p, pc, &mut Transcript::new(b"mixed range"), &[*v], BITS);
    }
}

fn add_plus<'g>(
    batch: &mut BatchVerifier<'g, ballistic::ristretto::Ristretto>,
    s: &Set,
    xpc: &'g ExtendedPedersenGens,
) {
    for (p, v) in &s.plus {
        batch.add_plus(p, xpc, &mut Transcript::new(b"mixed plus"), v, &[], BITS);
    }
}

fn add_shuffles<'g>(
    batch: &mut BatchVerifier<'g, ballistic::ristretto::Ristretto>,
    s: &Set,
    pc: &'g PedersenGens,
) {
    for (p, v) in &s.shuffles {
        let verifier: r1cs::Verifier = shuffle::verifier(DOMAIN, v).expect("builds");
        batch.add_circuit(verifier, p, pc);
    }
}

/// Milliseconds of one batch of everything, with random weights from `rng`, or
/// with weights derived from the batch (`verify_deterministic`) if `rng` is `None`.
fn one_batch(
    bp: &BulletproofGens,
    pc: &PedersenGens,
    xpc: &ExtendedPedersenGens,
    s: &Set,
    rng: Option<&mut rand::rngs::ThreadRng>,
) -> f64 {
    let t = Instant::now();
    let mut batch = BatchVerifier::new(bp);
    add_range(&mut batch, s, pc);
    add_plus(&mut batch, s, xpc);
    add_shuffles(&mut batch, s, pc);
    match rng {
        Some(rng) => batch.verify(rng),
        None => batch.verify_deterministic(),
    }
    .expect("valid");
    t.elapsed().as_secs_f64() * 1e3
}

/// Milliseconds of three batches, one per protocol.
fn three_batches(
    bp: &BulletproofGens,
    pc: &PedersenGens,
    xpc: &ExtendedPedersenGens,
    s: &Set,
    rng: &mut rand::rngs::ThreadRng,
) -> f64 {
    let t = Instant::now();
    let mut range = BatchVerifier::new(bp);
    add_range(&mut range, s, pc);
    range.verify(rng).expect("valid");
    let mut plus = BatchVerifier::new(bp);
    add_plus(&mut plus, s, xpc);
    plus.verify(rng).expect("valid");
    let mut circuits = BatchVerifier::new(bp);
    add_shuffles(&mut circuits, s, pc);
    circuits.verify(rng).expect("valid");
    t.elapsed().as_secs_f64() * 1e3
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let capacity = shuffle::generators_capacity(K).expect("k").max(BITS);
    let bp = BulletproofGens::new(capacity, 1);
    let pc = PedersenGens::default();
    let xpc = pedersen_gens(1).expect("degree 1");
    bp.precompute_verifier(BITS, 1).expect("64-bit shape");
    let mut rng = rand::thread_rng();
    println!(
        "mixed batch: {RANGE} range proofs + {PLUS} BP+ + {SHUFFLES} shuffles (k = {K}), \
         {rounds} rounds (new proofs each round)"
    );
    let (mut one, mut three, mut derived) = (Vec::new(), Vec::new(), Vec::new());
    let (mut ratio, mut derived_ratio) = (Vec::new(), Vec::new());
    for r in 0..rounds {
        let s = prove_set(&bp, &pc, &xpc, &mut rng);
        // The three sides in a rotating order, so that drift hits each alike.
        let mut t = [0.0f64; 3];
        for k in 0..3 {
            let side = (r + k) % 3;
            t[side] = match side {
                0 => one_batch(&bp, &pc, &xpc, &s, Some(&mut rng)),
                1 => three_batches(&bp, &pc, &xpc, &s, &mut rng),
                _ => one_batch(&bp, &pc, &xpc, &s, None),
            };
        }
        one.push(t[0]);
        three.push(t[1]);
        derived.push(t[2]);
        ratio.push(t[0] / t[1]);
        derived_ratio.push(t[2] / t[0]);
    }
    let range = |v: &[f64]| {
        v.iter()
            .fold((f64::INFINITY, 0.0f64), |(l, h), &x| (l.min(x), h.max(x)))
    };
    let ((lo, hi), (dlo, dhi)) = (range(&ratio), range(&derived_ratio));
    println!("one batch:     {:8.1} ms (median)", median(&mut one));
    println!("three batches: {:8.1} ms (median)", median(&mut three));
    println!(
        "one, derived:  {:8.1} ms (median; weights without an RNG)",
        median(&mut derived)
    );
    println!(
        "one / three:   {:8.3}  (median of per-round ratios; min {lo:.3}, max {hi:.3})",
        median(&mut ratio)
    );
    println!(
        "derived / one: {:8.3}  (median of per-round ratios; min {dlo:.3}, max {dhi:.3})",
        median(&mut derived_ratio)
    );
}
