//! Test harness of the gadgets (a circuit proved and verified on either curve) and
//! tests of gadgets composed and batch-verified.

use alloc::vec::Vec;

use merlin::Transcript;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

use super::{comparison, membership, range, shuffle};
use crate::curve::ristretto::Ristretto;
use crate::curve::secp256k1::Secp256k1;
use crate::curve::Curve;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::r1cs::{
    BatchVerifier, ConstraintSystem, Metrics, Prover, R1CSError, Variable, Verifier,
};

/// A circuit over committed values: the prover's call gets `Some(values)`, the
/// verifier's `None`.
pub(super) type Circuit<'a, C> = dyn Fn(&mut dyn ConstraintSystem<C>, &[Variable<C>], Option<&[u64]>) -> Result<(), R1CSError>
    + 'a;

pub(super) fn rng() -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(0x9ad9e7)
}

pub(super) fn random_api<C: Curve>(r: &mut ChaCha20Rng) -> C::ApiScalar {
    C::scalar_to_api(&C::scalar_random(r))
}

/// Commits `values`, proves `circuit` and verifies the proof against the same
/// circuit: `Err(Unsatisfied)` from the prover, `Err(VerificationError)` from the
/// verifier.
pub(super) fn prove_verify<C: Curve>(
    values: &[u64],
    circuit: &Circuit<'_, C>,
) -> Result<(), R1CSError> {
    run(values, circuit, circuit, true)
}

/// [`prove_verify`] with another circuit on the verifier's side.
pub(super) fn prove_verify_with<C: Curve>(
    values: &[u64],
    prover_circuit: &Circuit<'_, C>,
    verifier_circuit: &Circuit<'_, C>,
) -> Result<(), R1CSError> {
    run(values, prover_circuit, verifier_circuit, false)
}

fn run<C: Curve>(
    values: &[u64],
    prover_circuit: &Circuit<'_, C>,
    verifier_circuit: &Circuit<'_, C>,
    same_circuit: bool,
) -> Result<(), R1CSError> {
    let mut r = rng();
    let pc = PedersenGens::<C>::default();
    let mut p = Prover::<C, _>::new(&pc, Transcript::new(b"gadget test"));
    let (coms, vars): (Vec<_>, Vec<_>) = values
        .iter()
        .map(|v| p.commit((*v).into(), random_api::<C>(&mut r)))
        .unzip();
    prover_circuit(&mut p, &vars, Some(values))?;
    let mut v = Verifier::<C, _>::new(Transcript::new(b"gadget test"));
    let vars: Vec<_> = coms.iter().map(|c| v.commit(*c)).collect();
    verifier_circuit(&mut v, &vars, None)?;
    // Both sides build the same number of multipliers for the same circuit.
    if same_circuit {
        assert_eq!(p.metrics(), v.metrics());
    }
    let n = p.metrics().multipliers.max(v.metrics().multipliers);
    let bp = BulletproofGens::<C>::new(n.next_power_of_two(), 1);
    let proof = p.prove_with_rng(&bp, &mut r)?;
    v.verify_with_rng(&proof, &pc, &bp, &mut r).map(|_| ())
}

/// The size of `circuit` over `committed` values, as the verifier builds it.
pub(super) fn metrics<C: Curve>(committed: usize, circuit: &Circuit<'_, C>) -> Metrics {
    let mut v = Verifier::<C, _>::new(Transcript::new(b"metrics"));
    let vars: Vec<Variable<C>> = (0..committed).map(Variable::Committed).collect();
    let before = v.metrics();
    assert_eq!(before, Metrics::default());
    assert_eq!(circuit(&mut v, &vars, None), Ok(()));
    v.metrics()
}

/// The module's example circuit, on both curves: x, y < 2^16, x < y, x in a set.
fn composed<C: Curve>(
    cs: &mut dyn ConstraintSystem<C>,
    vars: &[Variable<C>],
    values: Option<&[u64]>,
) -> Result<(), R1CSError> {
    let (x, y) = (vars[0], vars[1]);
    let values = values.map(|v| (v[0], v[1]));
    range::range(cs, x.into(), values.map(|v| v.0), 16)?;
    range::range(cs, y.into(), values.map(|v| v.1), 16)?;
    comparison::less_than(cs, x.into(), y.into(), values, 16)?;
    membership::one_of(cs, x.into(), &[3u64, 5, 8])
}

fn composition_cases<C: Curve>() {
    assert_eq!(prove_verify::<C>(&[5, 900], &composed::<C>), Ok(()));
    // Not in the set, not less, out of range: each unsatisfied.
    for values in [[4u64, 900], [8, 8], [5, 1 << 16]] {
        assert_eq!(
            prove_verify::<C>(&values, &composed::<C>),
            Err(R1CSError::Unsatisfied),
            "{values:?}"
        );
    }
    let m = metrics::<C>(2, &composed::<C>);
    assert_eq!(m.multipliers, 3 * 16 + 2);
    assert_eq!(m.constraints, 3 * (2 * 16 + 1) + 5);
}

#[test]
fn composition_ristretto() {
    composition_cases::<Ristretto>();
}

#[test]
fn composition_secp256k1() {
    composition_cases::<Secp256k1>();
}

/// Gadget proofs of several circuits in one batch: the batch names exactly the
/// proofs whose verifier expects another statement.
#[test]
fn batch_of_gadget_proofs() {
    let mut r = rng();
    let pc = PedersenGens::<Ristretto>::default();
    let bp = BulletproofGens::<Ristretto>::new(64, 1);
    let mut batch = BatchVerifier::new(&pc, &bp);
    let mut expected = Vec::new();
    for i in 0..6u64 {
        let bad = i % 3 == 1;
        let index = if i % 2 == 0 {
            let k = 2 + i as usize;
            let inputs: Vec<u64> = (0..k).map(|_| r.gen()).collect();
            let mut outputs = inputs.clone();
            outputs.rotate_left(1);
            let (proof, mut coms) = shuffle::prove::<Ristretto, _>(
                &pc,
                &bp,
                shuffle::DEFAULT_DOMAIN,
                &inputs,
                &outputs,
                &mut r,
            )
            .expect("prove");
            if bad {
                coms.swap(0, k);
            }
            let v = shuffle::verifier::<Ristretto>(shuffle::DEFAULT_DOMAIN, &coms).expect("gadget");
            batch.add(v, &proof)
        } else {
            let value = r.gen_range(100..=200u64);
            let mut p = Prover::<Ristretto, _>::new(&pc, Transcript::new(b"range_in"));
            let (com, x) = p.commit(value.into(), random_api::<Ristretto>(&mut r));
            range::range_in(&mut p, x.into(), Some(value), 100, 200).expect("gadget");
            let proof = p.prove_with_rng(&bp, &mut r).expect("prove");
            let mut v = Verifier::<Ristretto, _>::new(Transcript::new(b"range_in"));
            let x = v.commit(com);
            // A verifier of a narrower interval that excludes the value.
            let (lo, hi) = if bad {
                (value + 1, value + 101)
            } else {
                (100, 200)
            };
            range::range_in(&mut v, x.into(), None, lo, hi).expect("gadget");
            batch.add(v, &proof)
        };
        if bad {
            expected.push(index);
        }
    }
    assert_eq!(
        batch.verify_with_rng(&mut r).unwrap_err().invalid_indices(),
        expected
    );
}

/// The byte length of an R1CS proof over `n` multipliers: `1 + 8P + 3·32 +
/// 2P·log2(N') + 2·32`, `3P` more with a second phase (`P` the point size, `N'` the
/// padded `n`).
fn expected_size<C: Curve>(n: usize, two_phase: bool) -> usize {
    let p = C::POINT_BYTES;
    let rounds = n.next_power_of_two().trailing_zeros() as usize;
    1 + 8 * p + 96 + 2 * p * rounds + 64 + if two_phase { 3 * p } else { 0 }
}

/// Proves and verifies `circuit` over `values`; asserts the proof's size and
/// prints it with the times of proving and verifying (`--nocapture`).
#[cfg(feature = "std")]
fn measure<C: Curve>(name: &str, values: &[u64], circuit: &Circuit<'_, C>) {
    use std::time::Instant;
    let mut r = rng();
    let pc = PedersenGens::<C>::default();
    let mut p = Prover::<C, _>::new(&pc, Transcript::new(b"sizes"));
    let (coms, vars): (Vec<_>, Vec<_>) = values
        .iter()
        .map(|v| p.commit((*v).into(), random_api::<C>(&mut r)))
        .unzip();
    circuit(&mut p, &vars, Some(values)).expect("gadget");
    let n = p.metrics().multipliers;
    let bp = BulletproofGens::<C>::new(n.next_power_of_two(), 1);
    let start = Instant::now();
    let proof = p.prove_with_rng(&bp, &mut r).expect("prove");
    let prove = start.elapsed();
    let mut v = Verifier::<C, _>::new(Transcript::new(b"sizes"));
    let vars: Vec<_> = coms.iter().map(|c| v.commit(*c)).collect();
    circuit(&mut v, &vars, None).expect("gadget");
    let start = Instant::now();
    assert!(
        v.verify_with_rng(&proof, &pc, &bp, &mut r).is_ok(),
        "{name}"
    );
    let verify = start.elapsed();
    let size = proof.to_bytes().len();
    assert_eq!(size, expected_size::<C>(n, false), "{name}");
    std::println!("{name}: {n} multipliers, {size} bytes, prove {prove:.2?}, verify {verify:.2?}");
}

#[cfg(feature = "std")]
fn measure_shuffle<C: Curve>(k: usize) {
    use std::time::Instant;
    let mut r = rng();
    let pc = PedersenGens::<C>::default();
    let bp = BulletproofGens::<C>::new(shuffle::generators_capacity(k).expect("k"), 1);
    let inputs: Vec<u64> = (0..k as u64).collect();
    let mut outputs = inputs.clone();
    outputs.reverse();
    let start = Instant::now();
    let (proof, coms) =
        shuffle::prove(&pc, &bp, shuffle::DEFAULT_DOMAIN, &inputs, &outputs, &mut r)
            .expect("prove");
    let prove = start.elapsed();
    let start = Instant::now();
    let ok = shuffle::verify_with_rng(&pc, &bp, shuffle::DEFAULT_DOMAIN, &coms, &proof, &mut r);
    let verify = start.elapsed();
    assert_eq!(ok, Ok(()));
    let n = 2 * (k - 1);
    let size = proof.to_bytes().len();
    assert_eq!(size, expected_size::<C>(n, k > 1), "shuffle {k}");
    std::println!(
        "shuffle k = {k}: {n} multipliers, {size} bytes, prove {prove:.2?}, verify {verify:.2?}"
    );
}

/// Sizes (asserted) and times (printed) of single-gadget proofs.
#[cfg(feature = "std")]
fn sizes_and_times<C: Curve>(full: bool) {
    std::println!(
        "-- {} --",
        if C::POINT_BYTES == 32 {
            "ristretto255"
        } else {
            "secp256k1"
        }
    );
    let widths: &[usize] = if full { &[8, 32, 64] } else { &[64] };
    for &n in widths {
        measure::<C>(&alloc::format!("range n = {n}"), &[200], &|cs, x, v| {
            range::range(cs, x[0].into(), v.map(|v| v[0]), n)
        });
    }
    measure::<C>("range_in [18, 130]", &[42], &|cs, x, v| {
        range::range_in(cs, x[0].into(), v.map(|v| v[0]), 18, 130)
    });
    if full {
        measure::<C>("range_in [1, 2^64 - 1]", &[42], &|cs, x, v| {
            range::range_in(cs, x[0].into(), v.map(|v| v[0]), 1, u64::MAX)
        });
        measure::<C>("less_than n = 64", &[7, 9], &|cs, x, v| {
            comparison::less_than(cs, x[0].into(), x[1].into(), v.map(|v| (v[0], v[1])), 64)
        });
        let set: Vec<u64> = (0..16).map(|i| 3 * i).collect();
        measure::<C>("one_of k = 16", &[27], &|cs, x, _| {
            membership::one_of(cs, x[0].into(), &set[..])
        });
        let values: Vec<u64> = core::iter::once(27).chain(set.iter().copied()).collect();
        measure::<C>("one_of_committed k = 16", &values, &|cs, x, _| {
            membership::one_of_committed(cs, x[0].into(), &x[1..])
        });
    }
    let ks: &[usize] = if full { &[1, 2, 8, 32] } else { &[8] };
    for &k in ks {
        measure_shuffle::<C>(k);
    }
}

#[cfg(feature = "std")]
#[test]
fn proof_sizes_and_times() {
    sizes_and_times::<Ristretto>(true);
    sizes_and_times::<Secp256k1>(false);
}
