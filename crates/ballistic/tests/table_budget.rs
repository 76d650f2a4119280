//! Table memory under hostile proofs: a proof that has not verified never causes a
//! table to be built, and the tables built on demand stay within the budget
//! (`BulletproofGens::set_table_budget`), measured with a counting allocator.
//!
//! One test function: the allocator counts the whole process, so nothing may run
//! beside it.

#[path = "support/counting_alloc.rs"]
mod counting_alloc;

use ballistic::merlin::Transcript;
use ballistic::ristretto::*;
use counting_alloc::{mib, peak, reset_peak, Counting};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

#[global_allocator]
static ALLOC: Counting = Counting;

/// The budget the verifier's generators get in this test.
const BUDGET: usize = 8 << 20;
/// Memory a verification may use beside the cached tables: its terms, the
/// generators it gathers and the multiscalar multiplication's scratch (a
/// 256-bit, 4-value proof gathers 512 generators).
const SLACK: usize = 6 << 20;

struct Case {
    proof: RangeProof,
    vs: Vec<CompressedRistretto>,
    n: usize,
}

/// One valid proof of each shape `(n, m)`.
fn prove(shapes: &[(usize, usize)], r: &mut ChaCha20Rng) -> Vec<Case> {
    let gens = BulletproofGens::new(64, 4);
    gens.set_table_budget(0);
    let pc = PedersenGens::default();
    shapes
        .iter()
        .map(|&(n, m)| {
            let max = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            let values: Vec<u64> = (0..m).map(|_| r.gen::<u64>() & max).collect();
            let blindings: Vec<Scalar> = (0..m).map(|_| random_scalar(r)).collect();
            let (proof, vs) = RangeProof::prove_multiple_with_rng(
                &gens,
                &pc,
                &mut Transcript::new(b"budget"),
                &values,
                &blindings,
                n,
                r,
            )
            .unwrap();
            Case { proof, vs, n }
        })
        .collect()
}

#[test]
fn hostile_shapes_stay_within_the_table_budget() {
    let mut r = ChaCha20Rng::seed_from_u64(20);
    let pc = PedersenGens::default();
    // 100 distinct shapes, n = 40..=64 × m = 1..=4 (padded lengths 64 to 256).
    let shapes: Vec<(usize, usize)> = (40..=64)
        .flat_map(|n| (1..=4).map(move |m| (n, m)))
        .collect();
    assert_eq!(shapes.len(), 100);
    let cases = prove(&shapes, &mut r);

    // 1. Invalid proofs (checked against another statement: the wrong label), one
    //    by one and as one batch with blame: no table is built.
    let gens = BulletproofGens::new(64, 4);
    gens.set_table_budget(BUDGET);
    let base = reset_peak();
    let mut rejected = 0;
    for c in &cases {
        let t = &mut Transcript::new(b"another statement");
        if c.proof.verify_multiple(&gens, &pc, t, &c.vs, c.n).is_err() {
            rejected += 1;
        }
    }
    let mut batch = BatchVerifier::new(&gens);
    for c in &cases {
        batch.add(&c.proof, &pc, &mut Transcript::new(b"another"), &c.vs, c.n);
    }
    let blamed = batch.verify(&mut r).unwrap_err().invalid_indices();
    let invalid_peak = peak() - base;
    println!(
        "{rejected}/100 invalid proofs rejected one by one, {}/100 blamed in a batch; \
         peak {:.2} MiB, tables {} bytes",
        blamed.len(),
        mib(invalid_peak),
        gens.table_bytes()
    );
    assert_eq!(rejected, 100);
    assert_eq!(blamed, (0..100).collect::<Vec<_>>());
    assert_eq!(gens.table_bytes(), 0, "an invalid proof built a table");
    assert!(invalid_peak < SLACK, "peak {invalid_peak} bytes");

    // 2. The same proofs, valid: every verdict is right, the shapes verified get
    //    tables on demand, least recently used evicted, never above the budget;
    //    a registered shape keeps its tables.
    let pinned = gens.precompute_verifier(64, 1).unwrap();
    // A table whose size is not yet known is built before it is found not to fit
    // (once per use and padded length): the peak may hold one beside the budget.
    let largest = BulletproofGens::new(64, 4)
        .precompute_verifier(64, 4)
        .unwrap();
    let base = reset_peak();
    for c in &cases {
        let t = &mut Transcript::new(b"budget");
        c.proof.verify_multiple(&gens, &pc, t, &c.vs, c.n).unwrap();
        assert!(gens.table_bytes() <= BUDGET + pinned);
    }
    // Again, over tables built on demand where they survived.
    for c in cases.iter().rev() {
        let t = &mut Transcript::new(b"budget");
        c.proof.verify_multiple(&gens, &pc, t, &c.vs, c.n).unwrap();
    }
    let valid_peak = peak() - base;
    println!(
        "200/200 valid verifications; peak {:.2} MiB, tables {:.2} MiB (budget {:.0} MiB + \
         registered {:.2} MiB; largest table {:.2} MiB)",
        mib(valid_peak),
        mib(gens.table_bytes()),
        mib(BUDGET),
        mib(pinned),
        mib(largest)
    );
    assert!(gens.table_bytes() > pinned, "no table was built on demand");
    assert!(
        valid_peak < BUDGET + pinned + largest + SLACK,
        "peak {valid_peak} bytes"
    );
    // The registered shape is still cached after 200 verifications of others.
    gens.set_table_budget(0);
    assert_eq!(gens.table_bytes(), pinned);
}
