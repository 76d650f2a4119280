//! A circuit of your own: prove that two committed amounts add up to a public total
//! and that each fits in 32 bits, without revealing either (the R1CS API of dalek's
//! crate, with the range gadget of `ballistic::gadgets`).
//!
//! ```text
//! cargo run --release -p ballistic --example circuit
//! ```

use ballistic::gadgets::range::range;
use ballistic::merlin::Transcript;
use ballistic::ristretto::r1cs::{
    ConstraintSystem, Prover, R1CSError, R1CSProof, Variable, Verifier,
};
use ballistic::ristretto::{
    random_scalar, BulletproofGens, CompressedRistretto, PedersenGens, Scalar,
};

/// The statement, written once for both sides: `a + b = total`, `a` and `b` below `2^32`.
fn split_total<CS: ConstraintSystem>(
    cs: &mut CS,
    a: (Variable, Option<u64>),
    b: (Variable, Option<u64>),
    total: u64,
) -> Result<(), R1CSError> {
    cs.constrain(a.0 + b.0 - total);
    range(cs, a.0.into(), a.1, 32)?;
    range(cs, b.0.into(), b.1, 32)
}

/// The transcript of both sides, with the public input bound before the proof.
fn transcript(total: u64) -> Transcript {
    let mut t = Transcript::new(b"example: split a total");
    t.append_u64(b"total", total);
    t
}

fn main() -> Result<(), R1CSError> {
    let (pc_gens, bp_gens) = (PedersenGens::default(), BulletproofGens::new(128, 1));
    let mut rng = rand::thread_rng();
    let (a, b, total) = (1_234_567u64, 98_765u64, 1_333_332u64);

    let mut prover = Prover::new(&pc_gens, transcript(total));
    let (ca, va) = prover.commit(Scalar::from(a), random_scalar(&mut rng));
    let (cb, vb) = prover.commit(Scalar::from(b), random_scalar(&mut rng));
    split_total(&mut prover, (va, Some(a)), (vb, Some(b)), total)?;
    let proof: R1CSProof = prover.prove(&bp_gens)?;
    let bytes = proof.to_bytes();
    println!("proof: {} bytes over 64 multipliers", bytes.len());

    let check = |ca: CompressedRistretto, cb: CompressedRistretto, total: u64| {
        let proof = R1CSProof::from_bytes(&bytes)?;
        let mut verifier = Verifier::new(transcript(total));
        let (va, vb) = (verifier.commit(ca), verifier.commit(cb));
        split_total(&mut verifier, (va, None), (vb, None), total)?;
        verifier.verify(&proof, &pc_gens, &bp_gens)
    };
    println!("the statement: {:?}", check(ca, cb, total));
    println!("another total: {:?}", check(ca, cb, total + 1));
    println!(
        "commitments swapped with another: {:?}",
        check(ca, ca, total)
    );
    assert!(check(ca, cb, total).is_ok() && check(ca, cb, total + 1).is_err());
    Ok(())
}
