//! The k-shuffle: `k` committed outputs are a permutation of `k` committed inputs
//! (dalek's `ShuffleProof` gadget of `tests/r1cs.rs`, and its test's transcript and
//! commitment order, so that proofs interoperate with dalek's on ristretto255).
//!
//! **The gadget.** After every input and output is committed, a challenge `z` is
//! drawn and the circuit proves `Π_i (x_i − z) = Π_i (y_i − z)`: two polynomials in
//! `z` of degree `k` whose roots are the `x_i` and the `y_i`, equal at a random
//! point only if they are equal (Schwartz–Zippel: `k/p` soundness error), i.e. if
//! the multisets of inputs and outputs are equal. Each product is a chain of
//! `k − 1` multipliers, `2(k − 1)` in all; `k = 1` is the linear constraint
//! `y_1 = x_1`.
//!
//! **The proof.** [`prove`], [`verifier`] and [`verify_with_rng`] (`verify` with
//! the `std` feature) run the gadget with dalek's test construction: the
//! transcript [`transcript`] (`Transcript::new(domain)`, `dom-sep` =
//! `ShuffleProof`, `k`), the inputs committed first and then the outputs, each
//! `u64` value as a scalar with a random blinding. The generators must cover
//! `2(k − 1)` multipliers rounded up to a power of two; [`generators_capacity`]
//! gives dalek's test's choice, `(2k).next_power_of_two()`. The domain is
//! `&'static [u8]` because Merlin's `Transcript::new` takes a static label.

use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};

use super::gadget_error;
use crate::curve::Curve;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::r1cs::{
    ConstraintSystem, LinearCombination, Prover, R1CSError, R1CSProof,
    RandomizableConstraintSystem, RandomizedConstraintSystem, Variable, Verifier, MAX_MULTIPLIERS,
};

/// The transcript's domain of dalek's shuffle test (`Transcript::new(b"ShuffleProofTest")`).
pub const DEFAULT_DOMAIN: &[u8] = b"ShuffleProofTest";

/// Constrains the variables `y` to be a permutation of `x` (`k = x.len() =
/// y.len() ≥ 1`), with a second-phase challenge.
///
/// Size: `2(k − 1)` multipliers and `4k − 3` constraints, all in the second phase
/// (until the prover or verifier runs it, [`Metrics`](crate::r1cs::Metrics) counts
/// one registered callback); `k = 1`: no multiplier, the one constraint
/// `y_1 = x_1`, no second phase. If `y` is not a permutation of `x` the prover fails
/// with [`R1CSError::Unsatisfied`] (but for a `k/p` chance over the challenge).
///
/// `k` is a public parameter: the caller appends it to the transcript, as
/// [`transcript`] does.
///
/// # Errors
/// [`R1CSError::GadgetError`] if `x` is empty or `y` has another length.
///
/// # Example
/// ```
/// use ballistic::gadgets::shuffle;
/// use ballistic::ristretto::r1cs::{Prover, R1CSError, Verifier};
/// use ballistic::ristretto::{random_scalar, BulletproofGens, PedersenGens, Scalar};
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(8, 1));
/// let mut rng = rand::thread_rng();
/// let mut prover = Prover::new(&pc, shuffle::transcript(b"cards", 3));
/// let (coms, vars): (Vec<_>, Vec<_>) = [7u64, 1, 4, 4, 7, 1]
///     .iter()
///     .map(|v| prover.commit(Scalar::from(*v), random_scalar(&mut rng)))
///     .unzip();
/// shuffle::gadget(&mut prover, vars[..3].to_vec(), vars[3..].to_vec())?;
/// let proof = prover.prove(&bp)?;
///
/// let mut verifier = Verifier::new(shuffle::transcript(b"cards", 3));
/// let vars: Vec<_> = coms.iter().map(|c| verifier.commit(*c)).collect();
/// shuffle::gadget(&mut verifier, vars[..3].to_vec(), vars[3..].to_vec())?;
/// verifier.verify(&proof, &pc, &bp)?;
/// # Ok::<(), R1CSError>(())
/// ```
pub fn gadget<C: Curve, CS: RandomizableConstraintSystem<C>>(
    cs: &mut CS,
    x: Vec<Variable<C>>,
    y: Vec<Variable<C>>,
) -> Result<(), R1CSError> {
    check_lengths(x.len(), y.len())?;
    if let ([x1], [y1]) = (x.as_slice(), y.as_slice()) {
        cs.constrain(*y1 - *x1);
        return Ok(());
    }
    cs.specify_randomized_constraints(move |cs| {
        let z = cs.challenge_scalar(b"shuffle challenge");
        products_equal(cs, &x, &y, z);
        Ok(())
    })
}

/// The transcript of a `k`-shuffle proof: `Transcript::new(domain)`, then
/// `dom-sep` = `ShuffleProof` and `k` (dalek's test). `domain` is `'static`, as
/// Merlin's transcript labels are.
///
/// # Example
/// ```
/// use ballistic::gadgets::shuffle;
/// use ballistic::merlin::Transcript;
/// let mut expected = Transcript::new(b"ShuffleProofTest");
/// expected.append_message(b"dom-sep", b"ShuffleProof");
/// expected.append_u64(b"k", 4);
/// let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
/// expected.challenge_bytes(b"c", &mut a);
/// shuffle::transcript(shuffle::DEFAULT_DOMAIN, 4).challenge_bytes(b"c", &mut b);
/// assert_eq!(a, b);
/// ```
pub fn transcript(domain: &'static [u8], k: usize) -> Transcript {
    transcript_from(Transcript::new(domain), k)
}

/// [`transcript`] from the caller's transcript `base` in place of
/// `Transcript::new(domain)` (for a domain that is not `&'static`, or a transcript
/// that already holds more of the caller's statement).
///
/// # Example
/// ```
/// use ballistic::gadgets::shuffle;
/// use ballistic::merlin::Transcript;
/// let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
/// shuffle::transcript(b"d", 3).challenge_bytes(b"c", &mut a);
/// shuffle::transcript_from(Transcript::new(b"d"), 3).challenge_bytes(b"c", &mut b);
/// assert_eq!(a, b);
/// ```
pub fn transcript_from(mut base: Transcript, k: usize) -> Transcript {
    base.append_message(b"dom-sep", b"ShuffleProof");
    base.append_u64(b"k", k as u64);
    base
}

/// The generators' capacity for a `k`-shuffle proof: `(2k).next_power_of_two()`
/// (dalek's test; the circuit has `2(k − 1)` multipliers), one party.
///
/// # Errors
/// [`R1CSError::GadgetError`] if `k = 0`, [`R1CSError::TooManyMultipliers`] if
/// `2(k − 1)` exceeds [`MAX_MULTIPLIERS`].
///
/// # Example
/// ```
/// use ballistic::gadgets::shuffle;
/// assert_eq!(shuffle::generators_capacity(1)?, 2);
/// assert_eq!(shuffle::generators_capacity(5)?, 16);
/// assert!(shuffle::generators_capacity(0).is_err());
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub fn generators_capacity(k: usize) -> Result<usize, R1CSError> {
    check_lengths(k, k)?;
    // k ≤ MAX_MULTIPLIERS/2 + 1 here: 2k cannot overflow.
    Ok((2 * k).next_power_of_two())
}

/// Proves that `outputs` is a permutation of `inputs` (`k` each, `k ≥ 1`): commits
/// the inputs, then the outputs, with blindings from `rng`, runs [`gadget`] under
/// [`transcript`]`(domain, k)` and proves. Returns the proof and the `2k`
/// commitments, inputs first.
///
/// # Errors
/// [`R1CSError::GadgetError`] if `inputs` is empty or `outputs` has another length,
/// [`R1CSError::TooManyMultipliers`] if `k` is too large,
/// [`R1CSError::Unsatisfied`] if `outputs` is not a permutation of `inputs`,
/// [`R1CSError::InvalidGeneratorsLength`] if `bp` is too small
/// ([`generators_capacity`]).
///
/// # Example
/// ```
/// use ballistic::gadgets::shuffle;
/// use ballistic::ristretto::{BulletproofGens, PedersenGens};
/// let k = 4;
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(shuffle::generators_capacity(k)?, 1));
/// let mut rng = rand::thread_rng();
/// let (proof, commitments) =
///     shuffle::prove(&pc, &bp, shuffle::DEFAULT_DOMAIN, &[3, 1, 4, 1], &[1, 1, 3, 4], &mut rng)?;
/// assert_eq!(commitments.len(), 2 * k);
/// shuffle::verify(&pc, &bp, shuffle::DEFAULT_DOMAIN, &commitments, &proof)?;
/// // Not a permutation: no proof.
/// assert!(shuffle::prove(&pc, &bp, b"d", &[3, 1, 4, 1], &[3, 1, 4, 2], &mut rng).is_err());
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
#[allow(clippy::type_complexity)] // (proof, commitments)
pub fn prove<C: Curve, R: RngCore + CryptoRng>(
    pc: &PedersenGens<C>,
    bp: &BulletproofGens<C>,
    domain: &'static [u8],
    inputs: &[u64],
    outputs: &[u64],
    rng: &mut R,
) -> Result<(R1CSProof<C>, Vec<C::Encoding>), R1CSError> {
    prove_from(pc, bp, Transcript::new(domain), inputs, outputs, rng)
}

/// [`prove`] under [`transcript_from`]`(base, k)`.
///
/// # Errors
/// As [`prove`].
///
/// # Example
/// ```
/// use ballistic::gadgets::shuffle;
/// use ballistic::merlin::Transcript;
/// use ballistic::ristretto::{BulletproofGens, PedersenGens};
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(4, 1));
/// let mut rng = rand::thread_rng();
/// let mut base = Transcript::new(b"app");
/// base.append_message(b"round", b"7");
/// let (proof, v) = shuffle::prove_from(&pc, &bp, base.clone(), &[1, 2], &[2, 1], &mut rng)?;
/// shuffle::verifier_from(base, &v)?.verify_with_rng(&proof, &pc, &bp, &mut rng)?;
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
#[allow(clippy::type_complexity)] // (proof, commitments)
pub fn prove_from<C: Curve, R: RngCore + CryptoRng>(
    pc: &PedersenGens<C>,
    bp: &BulletproofGens<C>,
    base: Transcript,
    inputs: &[u64],
    outputs: &[u64],
    rng: &mut R,
) -> Result<(R1CSProof<C>, Vec<C::Encoding>), R1CSError> {
    let k = check_lengths(inputs.len(), outputs.len())?;
    let mut prover = Prover::<C, _>::new(pc, transcript_from(base, k));
    let mut commitments = Vec::with_capacity(2 * k);
    let mut x = Vec::with_capacity(2 * k);
    for v in inputs.iter().chain(outputs) {
        let blinding = C::scalar_to_api(&C::scalar_random(rng));
        let (commitment, var) = prover.commit(C::ApiScalar::from(*v), blinding);
        commitments.push(commitment);
        x.push(var);
    }
    let y = x.split_off(k);
    gadget(&mut prover, x, y)?;
    let proof = prover.prove_with_rng(bp, rng)?;
    Ok((proof, commitments))
}

/// The verifier of a shuffle proof over `commitments` (`2k` of them, inputs first),
/// with the gadget built: pass it to [`Verifier::verify_with_rng`] or to
/// [`BatchVerifier::add`](crate::r1cs::BatchVerifier::add).
///
/// # Errors
/// [`R1CSError::GadgetError`] if the number of commitments is zero or odd,
/// [`R1CSError::TooManyMultipliers`] if it is too large.
///
/// # Example
/// ```
/// use ballistic::gadgets::shuffle;
/// use ballistic::ristretto::r1cs::BatchVerifier;
/// use ballistic::ristretto::{BulletproofGens, PedersenGens};
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(8, 1));
/// let mut rng = rand::thread_rng();
/// let mut batch = BatchVerifier::new(&pc, &bp);
/// for inputs in [[1u64, 2, 3], [9, 9, 0]] {
///     let mut outputs = inputs;
///     outputs.reverse();
///     let (proof, commitments) =
///         shuffle::prove(&pc, &bp, shuffle::DEFAULT_DOMAIN, &inputs, &outputs, &mut rng)?;
///     batch.add(shuffle::verifier(shuffle::DEFAULT_DOMAIN, &commitments)?, &proof);
/// }
/// assert!(batch.verify().is_ok());
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub fn verifier<C: Curve>(
    domain: &'static [u8],
    commitments: &[C::Encoding],
) -> Result<Verifier<C, Transcript>, R1CSError> {
    verifier_from(Transcript::new(domain), commitments)
}

/// [`verifier`] under [`transcript_from`]`(base, k)` (see [`prove_from`]).
///
/// # Errors
/// As [`verifier`].
pub fn verifier_from<C: Curve>(
    base: Transcript,
    commitments: &[C::Encoding],
) -> Result<Verifier<C, Transcript>, R1CSError> {
    if commitments.len() % 2 != 0 {
        return Err(gadget_error(
            "shuffle: the commitments must be k inputs then k outputs (an even number)",
        ));
    }
    let k = check_lengths(commitments.len() / 2, commitments.len() / 2)?;
    let mut verifier = Verifier::<C, _>::new(transcript_from(base, k));
    let mut x: Vec<Variable<C>> = commitments.iter().map(|c| verifier.commit(*c)).collect();
    let y = x.split_off(k);
    gadget(&mut verifier, x, y)?;
    Ok(verifier)
}

/// [`verify_with_rng`] with the operating system's RNG.
///
/// # Errors
/// As [`verify_with_rng`].
///
/// # Example
/// ```
/// use ballistic::gadgets::shuffle;
/// use ballistic::secp256k1::{BulletproofGens, PedersenGens};
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(4, 1));
/// let mut rng = rand::thread_rng();
/// let (proof, mut commitments) =
///     shuffle::prove(&pc, &bp, b"secp", &[10, 20], &[20, 10], &mut rng)?;
/// shuffle::verify(&pc, &bp, b"secp", &commitments, &proof)?;
/// // Under another domain, or with an input and an output exchanged, it fails.
/// assert!(shuffle::verify(&pc, &bp, b"other", &commitments, &proof).is_err());
/// commitments.swap(0, 2);
/// assert!(shuffle::verify(&pc, &bp, b"secp", &commitments, &proof).is_err());
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
#[cfg(feature = "std")]
pub fn verify<C: Curve>(
    pc: &PedersenGens<C>,
    bp: &BulletproofGens<C>,
    domain: &'static [u8],
    commitments: &[C::Encoding],
    proof: &R1CSProof<C>,
) -> Result<(), R1CSError> {
    verify_with_rng(pc, bp, domain, commitments, proof, &mut rand_core::OsRng)
}

/// Verifies a shuffle proof over `commitments` (`2k`, inputs first) with the
/// caller's RNG (available without `std`).
///
/// # Errors
/// Those of [`verifier`], and [`R1CSError::VerificationError`] if the proof does
/// not verify ([`R1CSError::InvalidGeneratorsLength`] if `bp` is too small).
///
/// # Example
/// ```
/// use ballistic::gadgets::shuffle;
/// use ballistic::ristretto::{BulletproofGens, PedersenGens};
/// let (pc, bp) = (PedersenGens::default(), BulletproofGens::new(2, 1));
/// let mut rng = rand::thread_rng();
/// let (proof, commitments) = shuffle::prove(&pc, &bp, b"one", &[5], &[5], &mut rng)?;
/// shuffle::verify_with_rng(&pc, &bp, b"one", &commitments, &proof, &mut rng)?;
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub fn verify_with_rng<C: Curve, R: RngCore + CryptoRng>(
    pc: &PedersenGens<C>,
    bp: &BulletproofGens<C>,
    domain: &'static [u8],
    commitments: &[C::Encoding],
    proof: &R1CSProof<C>,
    rng: &mut R,
) -> Result<(), R1CSError> {
    verifier(domain, commitments)?
        .verify_with_rng(proof, pc, bp, rng)
        .map(|_| ())
}

/// `k` if `k = inputs = outputs ≥ 1` and the circuit's `2(k − 1)` multipliers are
/// within [`MAX_MULTIPLIERS`].
fn check_lengths(inputs: usize, outputs: usize) -> Result<usize, R1CSError> {
    if inputs == 0 {
        return Err(gadget_error("shuffle: k must be at least 1"));
    }
    if inputs != outputs {
        return Err(gadget_error(
            "shuffle: as many outputs as inputs are required",
        ));
    }
    if inputs - 1 > MAX_MULTIPLIERS / 2 {
        return Err(R1CSError::TooManyMultipliers);
    }
    Ok(inputs)
}

/// Constrains `Π (x_i − z) = Π (y_i − z)`: `2(k − 1)` multipliers, `4k − 3`
/// constraints for `k ≥ 2`.
fn products_equal<C: Curve, CS: ConstraintSystem<C> + ?Sized>(
    cs: &mut CS,
    x: &[Variable<C>],
    y: &[Variable<C>],
    z: C::ApiScalar,
) {
    let px = product(cs, x, z);
    let py = product(cs, y, z);
    cs.constrain(px - py);
}

/// `Π (v_i − z)` in dalek's order: the last two factors first, then down to `v_1`
/// (`k − 1` multipliers; no multiplier for one factor, the constant 1 for none).
fn product<C: Curve, CS: ConstraintSystem<C> + ?Sized>(
    cs: &mut CS,
    v: &[Variable<C>],
    z: C::ApiScalar,
) -> LinearCombination<C> {
    let shifted = |x: Variable<C>| x - Variable::One() * z;
    let mut factors = v.iter().rev().map(|x| shifted(*x));
    let Some(mut acc) = factors.next() else {
        return LinearCombination::from(1u64);
    };
    for factor in factors {
        let (_, _, o) = cs.multiply(acc, factor);
        acc = o.into();
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::ristretto::Ristretto;
    use crate::curve::secp256k1::Secp256k1;
    use crate::gadgets::tests::rng;
    use rand::seq::SliceRandom;
    use rand::Rng;
    use rand_chacha::ChaCha20Rng;

    fn gens<C: Curve>(k: usize) -> (PedersenGens<C>, BulletproofGens<C>) {
        let cap = generators_capacity(k).expect("k");
        (PedersenGens::default(), BulletproofGens::new(cap, 1))
    }

    fn roundtrip<C: Curve>(k: usize, r: &mut ChaCha20Rng) {
        let (pc, bp) = gens::<C>(k);
        let inputs: Vec<u64> = (0..k).map(|_| r.gen()).collect();
        let mut outputs = inputs.clone();
        outputs.shuffle(r);
        let (proof, coms) = prove(&pc, &bp, DEFAULT_DOMAIN, &inputs, &outputs, r).expect("prove");
        assert_eq!(coms.len(), 2 * k);
        assert_eq!(proof.is_two_phase(), k > 1);
        assert_eq!(
            verify_with_rng(&pc, &bp, DEFAULT_DOMAIN, &coms, &proof, r),
            Ok(())
        );
        // Another domain: invalid.
        assert_eq!(
            verify_with_rng(&pc, &bp, b"another domain", &coms, &proof, r),
            Err(R1CSError::VerificationError)
        );
        // Inputs and outputs exchanged: still a shuffle, but not this proof.
        let mut swapped = coms[k..].to_vec();
        swapped.extend_from_slice(&coms[..k]);
        if swapped != coms {
            assert_eq!(
                verify_with_rng(&pc, &bp, DEFAULT_DOMAIN, &swapped, &proof, r),
                Err(R1CSError::VerificationError)
            );
        }
        // A commitment dropped from each side: another k, another statement.
        if k > 1 {
            let mut fewer = coms[..k - 1].to_vec();
            fewer.extend_from_slice(&coms[k..2 * k - 1]);
            assert!(verify_with_rng(&pc, &bp, DEFAULT_DOMAIN, &fewer, &proof, r).is_err());
        }
    }

    #[test]
    fn shuffle_ristretto() {
        let mut r = rng();
        for k in [1, 2, 3, 4, 5, 8, 17] {
            roundtrip::<Ristretto>(k, &mut r);
        }
    }

    #[test]
    fn shuffle_secp256k1() {
        let mut r = rng();
        for k in [1, 2, 5] {
            roundtrip::<Secp256k1>(k, &mut r);
        }
    }

    fn non_permutations<C: Curve>() {
        let mut r = rng();
        let (pc, bp) = gens::<C>(4);
        for (inputs, outputs) in [
            (&[1u64, 2, 3, 4][..], &[1u64, 2, 3, 5][..]),
            (&[1, 2, 3, 4], &[1, 1, 3, 4]), // same set, other multiset
            (&[7, 7, 7, 8], &[7, 7, 8, 8]),
            (&[0, 0, 0, 0], &[0, 0, 0, 1]),
            (&[9], &[8]), // k = 1: the linear constraint
        ] {
            assert_eq!(
                prove(&pc, &bp, DEFAULT_DOMAIN, inputs, outputs, &mut r).map(|_| ()),
                Err(R1CSError::Unsatisfied),
                "{inputs:?} -> {outputs:?}"
            );
        }
    }

    #[test]
    fn non_permutations_are_unsatisfied_ristretto() {
        non_permutations::<Ristretto>();
    }

    #[test]
    fn non_permutations_are_unsatisfied_secp256k1() {
        non_permutations::<Secp256k1>();
    }

    #[test]
    fn invalid_lengths_are_errors_not_panics() {
        let mut r = rng();
        let (pc, bp) = gens::<Ristretto>(2);
        for (inputs, outputs) in [(&[][..], &[][..]), (&[1, 2], &[2]), (&[1], &[1, 1])] {
            assert!(matches!(
                prove(&pc, &bp, DEFAULT_DOMAIN, inputs, outputs, &mut r),
                Err(R1CSError::GadgetError { .. })
            ));
        }
        let (_, coms) = prove(&pc, &bp, DEFAULT_DOMAIN, &[1, 2], &[2, 1], &mut r).expect("prove");
        for n in [0, 1, 3] {
            assert!(matches!(
                verifier::<Ristretto>(DEFAULT_DOMAIN, &coms[..n]),
                Err(R1CSError::GadgetError { .. })
            ));
        }
        let mut cs = Verifier::<Ristretto, _>::new(Transcript::new(b"t"));
        let x: Vec<Variable<Ristretto>> = (0..3).map(Variable::Committed).collect();
        assert!(matches!(
            gadget(&mut cs, x.clone(), x[..2].to_vec()),
            Err(R1CSError::GadgetError { .. })
        ));
        assert!(matches!(
            gadget(&mut cs, Vec::new(), Vec::new()),
            Err(R1CSError::GadgetError { .. })
        ));
        assert_eq!(
            generators_capacity(MAX_MULTIPLIERS / 2 + 2),
            Err(R1CSError::TooManyMultipliers)
        );
        assert_eq!(
            generators_capacity(usize::MAX),
            Err(R1CSError::TooManyMultipliers)
        );
        assert_eq!(
            generators_capacity(MAX_MULTIPLIERS / 2 + 1),
            Ok(2 * MAX_MULTIPLIERS)
        );
        // Too few generators: an error.
        let small = BulletproofGens::<Ristretto>::new(2, 1);
        assert_eq!(
            prove(&pc, &small, DEFAULT_DOMAIN, &[1, 2, 3], &[3, 2, 1], &mut r).map(|_| ()),
            Err(R1CSError::InvalidGeneratorsLength)
        );
    }

    /// The documented size: `2(k − 1)` multipliers, `4k − 3` constraints (the second
    /// phase run with a fixed challenge on a plain verifier).
    #[test]
    fn size() {
        for k in [2usize, 3, 4, 10] {
            let mut cs = Verifier::<Ristretto, _>::new(Transcript::new(b"size"));
            let x: Vec<Variable<Ristretto>> = (0..k).map(Variable::Committed).collect();
            let y: Vec<Variable<Ristretto>> = (k..2 * k).map(Variable::Committed).collect();
            products_equal(&mut cs, &x, &y, 7u64.into());
            let m = cs.metrics();
            assert_eq!(
                (m.multipliers, m.constraints),
                (2 * (k - 1), 4 * k - 3),
                "k = {k}"
            );
            // Before the second phase: one registered callback, no multiplier.
            let mut cs = Verifier::<Ristretto, _>::new(Transcript::new(b"size"));
            gadget(&mut cs, x, y).expect("gadget");
            let m = cs.metrics();
            assert_eq!((m.multipliers, m.phase_two_constraints), (0, 1));
        }
        let mut cs = Verifier::<Ristretto, _>::new(Transcript::new(b"size"));
        gadget(
            &mut cs,
            alloc::vec![Variable::Committed(0)],
            alloc::vec![Variable::Committed(1)],
        )
        .expect("gadget");
        let m = cs.metrics();
        assert_eq!(
            (m.multipliers, m.constraints, m.phase_two_constraints),
            (0, 1, 0)
        );
    }

    /// The proof sizes of dalek's shuffle: `417 + 64·log2(N')` bytes on
    /// ristretto255, 96 more with the second phase.
    #[test]
    fn proof_sizes() {
        let mut r = rng();
        for k in [1usize, 2, 3, 4, 9] {
            let (pc, bp) = gens::<Ristretto>(k);
            let inputs: Vec<u64> = (0..k as u64).collect();
            let (proof, _) =
                prove(&pc, &bp, DEFAULT_DOMAIN, &inputs, &inputs, &mut r).expect("prove");
            let rounds = if k == 1 {
                0
            } else {
                (2 * (k - 1)).next_power_of_two().trailing_zeros() as usize
            };
            let extra = if k > 1 { 96 } else { 0 };
            assert_eq!(proof.to_bytes().len(), 417 + 64 * rounds + extra, "k = {k}");
        }
    }
}
