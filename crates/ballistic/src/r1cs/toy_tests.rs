//! Soundness of the R1CS protocol over the toy group of order 1019
//! (docs/testing.md, P4): small circuits, every witness in a domain, an honest
//! prover (which refuses unsatisfied assignments) and a cheating prover (which
//! proves them anyway); the verifier must accept every honest proof and almost no
//! cheating one.

use alloc::vec::Vec;

use merlin::Transcript;
use rand::SeedableRng;

use super::*;
use crate::curve::toy::{Toy, Q};
use crate::curve::Curve;
use crate::generators::{BulletproofGens, PedersenGens};

type TestRng = rand_chacha::ChaCha20Rng;

/// The small circuits under test, each over committed values.
#[derive(Clone, Copy, Debug)]
enum Circuit {
    /// `v·(1 − v) = 0`: v is a bit (1 multiplier, 3 constraints).
    Bit,
    /// `x·y = 6` (1 multiplier, 3 constraints).
    Product,
    /// `a = x`, `b = x` allocated, `a·b = 4` (1 multiplier, 3 constraints).
    SquareIsFour,
    /// dalek's 2-shuffle, two phases: `(x1 − c)(x2 − c) = (y1 − c)(y2 − c)`.
    Shuffle2,
}

impl Circuit {
    /// Builds the circuit; `values` are the committed values (the prover's
    /// assignments for allocated variables derive from them).
    fn build<CS: RandomizableConstraintSystem<Toy>>(
        self,
        cs: &mut CS,
        vars: &[Variable<Toy>],
        values: Option<&[u64]>,
    ) -> Result<(), R1CSError> {
        match self {
            Circuit::Bit => {
                let (_, _, o) =
                    cs.multiply(vars[0].into(), LinearCombination::from(1u64) - vars[0]);
                cs.constrain(o.into());
            }
            Circuit::Product => {
                let (_, _, o) = cs.multiply(vars[0].into(), vars[1].into());
                cs.constrain(o - 6u64);
            }
            Circuit::SquareIsFour => {
                let x = values.map(|v| v[0].into());
                let a = cs.allocate(x)?;
                let b = cs.allocate(x)?;
                cs.constrain(a - vars[0]);
                cs.constrain(b - vars[0]);
                cs.constrain(Variable::MultiplierOutput(0) - 4u64);
            }
            Circuit::Shuffle2 => {
                let (x1, x2, y1, y2) = (vars[0], vars[1], vars[2], vars[3]);
                cs.specify_randomized_constraints(move |cs| {
                    let c = cs.challenge_scalar(b"shuffle challenge");
                    let c = Variable::One() * c;
                    let (_, _, ox) = cs.multiply(x1 - c.clone(), x2 - c.clone());
                    let (_, _, oy) = cs.multiply(y1 - c.clone(), y2 - c);
                    cs.constrain(ox - oy);
                    Ok(())
                })?;
            }
        }
        Ok(())
    }

    fn satisfied(self, v: &[u64]) -> bool {
        let q = Q as u64;
        match self {
            Circuit::Bit => v[0] < 2,
            Circuit::Product => v[0] * v[1] % q == 6,
            Circuit::SquareIsFour => v[0] * v[0] % q == 4,
            Circuit::Shuffle2 => {
                let (mut a, mut b) = ([v[0], v[1]], [v[2], v[3]]);
                a.sort_unstable();
                b.sort_unstable();
                a == b
            }
        }
    }
}

/// What became of one proof attempt.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    Accepted,
    Rejected,
    /// The honest prover refused (unsatisfied assignments).
    Refused,
    /// A proof point is the identity or a challenge was zero: in a group of order
    /// 1019 this happens to honest provers with probability about (#points)/1019
    /// and the verifier rightly rejects it (2^-250 on the real curves).
    Degenerate,
}

fn degenerate(p: &R1CSProof<Toy>) -> bool {
    [&p.A_I1, &p.A_O1, &p.S1]
        .into_iter()
        .chain(p.phase2.iter().flatten())
        .chain(p.T.iter())
        .chain(p.ipp_proof.L_vec.iter())
        .chain(p.ipp_proof.R_vec.iter())
        .any(|q| Toy::is_identity(&q.point))
}

fn attempt(circuit: Circuit, values: &[u64], cheat: bool, r: &mut TestRng) -> Outcome {
    let pc = PedersenGens::<Toy>::default();
    let bp = BulletproofGens::<Toy>::new(4, 1);
    let mut prover = Prover::<Toy, _>::new(&pc, Transcript::new(b"toy r1cs"));
    prover.skip_satisfaction_check = cheat;
    let mut coms = Vec::new();
    let mut vars = Vec::new();
    for v in values {
        let (c, x) = prover.commit((*v).into(), Toy::scalar_random(r));
        coms.push(c);
        vars.push(x);
    }
    if circuit.build(&mut prover, &vars, Some(values)).is_err() {
        return Outcome::Refused;
    }
    let proof = match prover.prove_with_rng(&bp, r) {
        Ok(p) => p,
        Err(R1CSError::Unsatisfied) => return Outcome::Refused,
        Err(R1CSError::ProvingError) => return Outcome::Degenerate,
        Err(e) => panic!("unexpected prover error {e:?}"),
    };
    if degenerate(&proof) {
        return Outcome::Degenerate;
    }
    let mut verifier = Verifier::<Toy, _>::new(Transcript::new(b"toy r1cs"));
    let vars: Vec<_> = coms.iter().map(|c| verifier.commit(*c)).collect();
    circuit
        .build(&mut verifier, &vars, None)
        .expect("verifier circuit");
    match verifier.verify_with_rng(&proof, &pc, &bp, r) {
        Ok(_) => Outcome::Accepted,
        Err(_) => Outcome::Rejected,
    }
}

/// Every witness of each circuit's domain, honest and cheating.
#[test]
fn toy_every_witness_of_small_circuits() {
    let mut r = TestRng::seed_from_u64(1019);
    let q = Q as u64;
    let mut cases: Vec<(Circuit, Vec<u64>)> = Vec::new();
    for v in 0..q {
        cases.push((Circuit::Bit, alloc::vec![v]));
        cases.push((Circuit::SquareIsFour, alloc::vec![v]));
        // y = 6/x (satisfying).
        if v != 0 {
            let inv = (1..q).find(|i| v * i % q == 1).expect("inverse");
            cases.push((Circuit::Product, alloc::vec![v, 6 * inv % q]));
        }
        // And every y for 16 values of x.
        if v < 16 {
            for y in 0..q {
                cases.push((Circuit::Product, alloc::vec![v, y]));
            }
        }
    }
    for i in 0..625u64 {
        let w: Vec<u64> = (0..4).map(|k| i / 5u64.pow(k) % 5).collect();
        cases.push((Circuit::Shuffle2, w));
    }
    let (mut cheats, mut cheats_accepted, mut honest, mut degenerate_honest) =
        (0u32, 0u32, 0u32, 0u32);
    for (circuit, values) in &cases {
        let sat = circuit.satisfied(values);
        if sat {
            honest += 1;
            match attempt(*circuit, values, false, &mut r) {
                Outcome::Accepted => {}
                Outcome::Degenerate => degenerate_honest += 1,
                other => panic!("{circuit:?} {values:?}: honest proof {other:?}"),
            }
        } else {
            assert_eq!(
                attempt(*circuit, values, false, &mut r),
                Outcome::Refused,
                "{circuit:?} {values:?}: the honest prover must refuse"
            );
            cheats += 1;
            match attempt(*circuit, values, true, &mut r) {
                Outcome::Accepted => cheats_accepted += 1,
                Outcome::Rejected | Outcome::Degenerate => {}
                Outcome::Refused => panic!("the cheating prover refused"),
            }
        }
    }
    // A cheating proof passes only when a challenge hits a root of a low-degree
    // polynomial (the z-weighted constraint violations, the degree-6 t(x), the
    // inner-product rounds): for these circuits the z-polynomial has degree ≤ 3,
    // the rest fails unless a second challenge is also unlucky, so ≤ 3/Q per
    // attempt; the bound doubles that (the run is seeded, hence deterministic).
    let bound = 3 + 2 * cheats * 3 / Q;
    std::println!(
        "toy r1cs: {honest} honest proofs ({degenerate_honest} degenerate), \
         {cheats_accepted} of {cheats} cheating proofs accepted (bound {bound})"
    );
    assert!(honest > 1000 && cheats > 15000);
    assert!(degenerate_honest * 20 < honest);
    assert!(cheats_accepted <= bound);
}
