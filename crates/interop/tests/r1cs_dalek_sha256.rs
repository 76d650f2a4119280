//! ballistic's own gadgets on dalek's `bulletproofs` 4.0.0 (`yoloproofs`) through the
//! `interop::dalek_cs` adapter: the same gadget source, unchanged, on both crates'
//! provers and verifiers, and proofs that cross between them both ways.
//!
//! * SHA-256 compression (`ballistic::gadgets::sha256`, 25,997 multipliers padded to
//!   2^15): a proof by dalek's prover verifies under ballistic's verifier and the
//!   other way round, is 1,377 bytes, and fails on both sides for another digest;
//!   dalek's prover, which does not check the constraints, makes a proof for a wrong
//!   digest that neither side accepts (ballistic's prover refuses it).
//! * The shuffle (`ballistic::gadgets::shuffle`, two phases): the adapter's
//!   second-phase system runs the challenge-dependent constraints on dalek's side.
//! * A two-phase gadget allocating in two second-phase callbacks (a gate opened by
//!   the first and filled by the second): the adapter's recorded calls land on the
//!   variables ballistic's prover assigns.

use std::sync::OnceLock;

use ballistic::curve::ristretto::Ristretto;
use ballistic::gadgets::{sha256, shuffle};
use ballistic::merlin::Transcript;
use ballistic::r1cs::{
    ConstraintSystem, Prover, R1CSError, R1CSProof, RandomizableConstraintSystem,
    RandomizedConstraintSystem, Variable, Verifier,
};
use ballistic::ristretto::{self as ristretto, Scalar};
use interop::bulletproofs4::r1cs as dalek_r1cs;
use interop::dalek_cs::{self, error_from_dalek, variable_from_dalek, DalekCs};
use interop::{
    commitments_from_ng, commitments_to_ng, random_block, random_scalar, scalar_to_ng, R1csGens,
};
use rand::seq::SliceRandom;
use rand::Rng;

const LABEL: &[u8] = b"interop sha256";

/// The SHA-256 circuits' generators, built once for every test of this file.
fn sha_gens() -> &'static R1csGens {
    static GENS: OnceLock<R1csGens> = OnceLock::new();
    GENS.get_or_init(|| R1csGens::new(sha256::GENERATORS_CAPACITY))
}

/// The digest with one bit flipped.
fn other_digest(digest: &[u8; 32]) -> [u8; 32] {
    let mut other = *digest;
    other[rand::thread_rng().gen_range(0..32)] ^= 1 << rand::thread_rng().gen_range(0..8);
    other
}

fn ours_verify(proof: &[u8], digest: &[u8; 32]) -> Result<(), R1CSError> {
    let g = sha_gens();
    let proof = R1CSProof::<Ristretto>::from_bytes(proof)?;
    sha256::verify_compression(
        &g.ours_pc,
        &g.ours_bp,
        Transcript::new(LABEL),
        digest,
        &proof,
        &mut rand::thread_rng(),
    )
}

fn dalek_verify(proof: &[u8], digest: &[u8; 32]) -> Result<(), R1CSError> {
    let g = sha_gens();
    let proof = dalek_r1cs::R1CSProof::from_bytes(proof).map_err(error_from_dalek)?;
    dalek_cs::sha256::verify_compression(
        &g.dalek_pc,
        &g.dalek_bp,
        Transcript::new(LABEL),
        digest,
        &proof,
    )
}

#[test]
fn dalek_sha256_proof_verifies_under_ballistic() {
    let g = sha_gens();
    let block = random_block(&mut rand::thread_rng());
    let (proof, digest) = dalek_cs::sha256::prove_compression(
        &g.dalek_pc,
        &g.dalek_bp,
        Transcript::new(LABEL),
        &block,
    )
    .expect("dalek proves through the adapter");
    assert_eq!(digest, sha256::compress(&block));
    let bytes = proof.to_bytes();
    assert_eq!(bytes.len(), 1377);
    // ballistic parses dalek's encoding and re-encodes it unchanged.
    let ours = R1CSProof::<Ristretto>::from_bytes(&bytes).expect("ballistic parses it");
    assert_eq!(ours.to_bytes(), bytes);

    ours_verify(&bytes, &digest).expect("ballistic verifies dalek's proof");
    dalek_verify(&bytes, &digest).expect("dalek verifies its own proof");

    let wrong = other_digest(&digest);
    assert_eq!(
        ours_verify(&bytes, &wrong),
        Err(R1CSError::VerificationError)
    );
    assert_eq!(
        dalek_verify(&bytes, &wrong),
        Err(R1CSError::VerificationError)
    );
    // Another transcript label is another statement.
    let proof = R1CSProof::<Ristretto>::from_bytes(&bytes).expect("parses");
    assert!(sha256::verify_compression(
        &g.ours_pc,
        &g.ours_bp,
        Transcript::new(b"another label"),
        &digest,
        &proof,
        &mut rand::thread_rng(),
    )
    .is_err());
}

#[test]
fn ballistic_sha256_proof_verifies_under_dalek() {
    let g = sha_gens();
    let block = random_block(&mut rand::thread_rng());
    let (proof, digest) = sha256::prove_compression(
        &g.ours_pc,
        &g.ours_bp,
        Transcript::new(LABEL),
        &block,
        &mut rand::thread_rng(),
    )
    .expect("ballistic proves");
    let bytes = proof.to_bytes();
    assert_eq!(bytes.len(), 1377);
    let theirs = dalek_r1cs::R1CSProof::from_bytes(&bytes).expect("dalek parses it");
    assert_eq!(theirs.to_bytes(), bytes);

    dalek_verify(&bytes, &digest).expect("dalek verifies ballistic's proof");
    ours_verify(&bytes, &digest).expect("ballistic verifies its own proof");

    let wrong = other_digest(&digest);
    assert_eq!(
        dalek_verify(&bytes, &wrong),
        Err(R1CSError::VerificationError)
    );
    assert_eq!(
        ours_verify(&bytes, &wrong),
        Err(R1CSError::VerificationError)
    );
}

/// dalek's prover does not check the constraints: given a block and a digest that
/// is not its compression it makes a proof, which neither verifier accepts;
/// ballistic's prover refuses the same statement.
#[test]
fn wrong_digest_proof_fails_on_both_sides() {
    let g = sha_gens();
    let block = random_block(&mut rand::thread_rng());
    let digest = sha256::compress(&block);
    let wrong = other_digest(&digest);

    let mut t = Transcript::new(LABEL);
    dalek_cs::sha256::bind_compression(&mut t, &wrong);
    let mut prover = dalek_r1cs::Prover::new(&g.dalek_pc, t);
    sha256::compression_gadget(&mut DalekCs::new(&mut prover), Some(&block), &wrong)
        .expect("the gadget builds");
    let proof = prover.prove(&g.dalek_bp).expect("dalek makes a proof");
    let bytes = proof.to_bytes();
    assert_eq!(
        ours_verify(&bytes, &wrong),
        Err(R1CSError::VerificationError)
    );
    assert_eq!(
        dalek_verify(&bytes, &wrong),
        Err(R1CSError::VerificationError)
    );
    assert!(ours_verify(&bytes, &digest).is_err());

    let mut t = Transcript::new(LABEL);
    dalek_cs::sha256::bind_compression(&mut t, &wrong);
    let mut prover = Prover::<Ristretto, _>::new(&g.ours_pc, t);
    sha256::compression_gadget(&mut prover, Some(&block), &wrong).expect("the gadget builds");
    assert_eq!(
        prover
            .prove_with_rng(&g.ours_bp, &mut rand::thread_rng())
            .err(),
        Some(R1CSError::Unsatisfied)
    );
}

/// The same circuit on both sides: the same metrics, and the verifiers' transcripts
/// in the same state after the gadget (the binding is replicated exactly).
#[test]
fn sha256_circuits_agree() {
    let digest = sha256::compress(&random_block(&mut rand::thread_rng()));
    let mut ours = sha256::compression_verifier::<Ristretto>(Transcript::new(LABEL), &digest)
        .expect("ballistic builds the verifier");
    let mut theirs = dalek_cs::sha256::compression_verifier(Transcript::new(LABEL), &digest)
        .expect("dalek builds the verifier");
    let mut adapter = DalekCs::new(&mut theirs);
    assert_eq!(adapter.metrics(), ours.metrics());
    assert_eq!(
        adapter.metrics().multipliers,
        sha256::COMPRESSION_MULTIPLIERS
    );
    let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
    ours.transcript().challenge_bytes(b"state", &mut a);
    adapter.transcript().challenge_bytes(b"state", &mut b);
    assert_eq!(a, b);
}

/// A `k`-shuffle of random values: inputs, a random permutation of them, and the
/// same values as dalek-ng scalars with random blindings.
struct ShuffleInstance {
    inputs: Vec<u64>,
    outputs: Vec<u64>,
}

impl ShuffleInstance {
    fn random(k: usize) -> Self {
        let mut rng = rand::thread_rng();
        let inputs: Vec<u64> = (0..k).map(|_| rng.gen()).collect();
        let mut outputs = inputs.clone();
        outputs.shuffle(&mut rng);
        ShuffleInstance { inputs, outputs }
    }

    /// dalek's prover runs ballistic's shuffle gadget through the adapter; the
    /// commitments in ballistic's type.
    fn prove_dalek(
        &self,
        g: &R1csGens,
    ) -> Result<(Vec<u8>, Vec<ristretto::CompressedRistretto>), R1CSError> {
        let k = self.inputs.len();
        let mut rng = rand::thread_rng();
        let mut prover =
            dalek_r1cs::Prover::new(&g.dalek_pc, shuffle::transcript(shuffle::DEFAULT_DOMAIN, k));
        let (coms, mut x): (Vec<_>, Vec<Variable>) = self
            .inputs
            .iter()
            .chain(&self.outputs)
            .map(|v| {
                let (c, var) = prover.commit(
                    scalar_to_ng(&Scalar::from(*v)),
                    scalar_to_ng(&random_scalar(&mut rng).0),
                );
                (c, variable_from_dalek(var))
            })
            .unzip();
        let y = x.split_off(k);
        shuffle::gadget(&mut DalekCs::new(&mut prover), x, y)?;
        let proof = prover.prove(&g.dalek_bp).map_err(error_from_dalek)?;
        Ok((proof.to_bytes(), commitments_from_ng(&coms)))
    }
}

/// dalek's verifier runs ballistic's shuffle gadget through the adapter.
fn verify_shuffle_dalek(
    g: &R1csGens,
    bytes: &[u8],
    coms: &[ristretto::CompressedRistretto],
) -> Result<(), R1CSError> {
    let k = coms.len() / 2;
    let proof = dalek_r1cs::R1CSProof::from_bytes(bytes).map_err(error_from_dalek)?;
    let mut verifier = dalek_r1cs::Verifier::new(shuffle::transcript(shuffle::DEFAULT_DOMAIN, k));
    let mut x: Vec<Variable> = commitments_to_ng(coms)
        .into_iter()
        .map(|c| variable_from_dalek(verifier.commit(c)))
        .collect();
    let y = x.split_off(k);
    shuffle::gadget(&mut DalekCs::new(&mut verifier), x, y)?;
    verifier
        .verify(&proof, &g.dalek_pc, &g.dalek_bp)
        .map_err(error_from_dalek)
}

#[test]
fn shuffle_gadget_through_the_adapter() {
    for k in [2usize, 3, 8, 17] {
        let g = R1csGens::new(shuffle::generators_capacity(k).expect("k > 0"));
        let instance = ShuffleInstance::random(k);

        // dalek proves, both verify.
        let (bytes, coms) = instance.prove_dalek(&g).expect("dalek proves");
        let proof = R1CSProof::<Ristretto>::from_bytes(&bytes).expect("ballistic parses it");
        shuffle::verify(
            &g.ours_pc,
            &g.ours_bp,
            shuffle::DEFAULT_DOMAIN,
            &coms,
            &proof,
        )
        .expect("ballistic verifies dalek's shuffle proof");
        verify_shuffle_dalek(&g, &bytes, &coms).expect("dalek verifies its own proof");

        // ballistic proves, both verify.
        let (proof, coms) = shuffle::prove(
            &g.ours_pc,
            &g.ours_bp,
            shuffle::DEFAULT_DOMAIN,
            &instance.inputs,
            &instance.outputs,
            &mut rand::thread_rng(),
        )
        .expect("ballistic proves");
        verify_shuffle_dalek(&g, &proof.to_bytes(), &coms)
            .expect("dalek verifies ballistic's shuffle proof");

        // Outputs swapped with inputs: another statement, rejected by both.
        let mut swapped = coms[k..].to_vec();
        swapped.extend_from_slice(&coms[..k]);
        if swapped != coms {
            assert!(verify_shuffle_dalek(&g, &proof.to_bytes(), &swapped).is_err());
            assert!(shuffle::verify(
                &g.ours_pc,
                &g.ours_bp,
                shuffle::DEFAULT_DOMAIN,
                &swapped,
                &proof
            )
            .is_err());
        }

        // Not a permutation: dalek's prover makes a proof neither side accepts.
        let mut bad = ShuffleInstance::random(k);
        bad.outputs[0] = bad.outputs[0].wrapping_add(1);
        let (bytes, coms) = bad.prove_dalek(&g).expect("dalek proves anyway");
        let proof = R1CSProof::<Ristretto>::from_bytes(&bytes).expect("parses");
        assert!(shuffle::verify(
            &g.ours_pc,
            &g.ours_bp,
            shuffle::DEFAULT_DOMAIN,
            &coms,
            &proof
        )
        .is_err());
        assert!(verify_shuffle_dalek(&g, &bytes, &coms).is_err());
    }
}

/// A two-phase gadget over a committed `x`: the first phase allocates `a = x` (one
/// allocation: a half-filled gate, which the second phase must not reuse); the first
/// callback allocates `b = x + c` for a challenge `c` (opening a gate) and multiplies
/// `(x + c)·b`; the second allocates `e = d·x` for a challenge `d` (filling the gate
/// the first opened), then a multiplier `(x, d)` whose output is `e`. `witness` is
/// the prover's `x`; `cheat` shifts `b` off its value.
fn two_phase<CS: RandomizableConstraintSystem<Ristretto>>(
    cs: &mut CS,
    x: Variable,
    witness: Option<Scalar>,
    cheat: bool,
) -> Result<(), R1CSError> {
    let a = cs.allocate(witness)?;
    cs.constrain(a - x);
    cs.specify_randomized_constraints(move |cs| {
        let c = cs.challenge_scalar(b"c");
        let before = cs.metrics().multipliers;
        let shift = if cheat { Scalar::ONE } else { Scalar::ZERO };
        let b = cs.allocate(witness.map(|w| w + c + shift))?;
        assert_eq!(b, Variable::MultiplierLeft(before));
        cs.constrain(b - x - c);
        let (_, _, o) = cs.multiply(x + c, b.into());
        let (_, _, p) = cs.multiply(b.into(), x + c);
        cs.constrain(o - p);
        assert_eq!(cs.metrics().multipliers, before + 3);
        Ok(())
    })?;
    cs.specify_randomized_constraints(move |cs| {
        let d = cs.challenge_scalar(b"d");
        let before = cs.metrics().multipliers;
        let e = cs.allocate(witness.map(|w| w * d))?;
        assert_eq!(
            e,
            Variable::MultiplierRight(before - 3),
            "fills the open gate"
        );
        let (l, r, o) = cs.allocate_multiplier(witness.map(|w| (w, d)))?;
        cs.constrain(l - x);
        cs.constrain(r - d);
        cs.constrain(o - e);
        assert_eq!(cs.metrics().multipliers, before + 1);
        Ok(())
    })
}

const TWO_PHASE_LABEL: &[u8] = b"interop two-phase";

fn prove_two_phase_dalek(
    g: &R1csGens,
    x: Scalar,
    cheat: bool,
) -> (Vec<u8>, ristretto::CompressedRistretto) {
    let mut prover = dalek_r1cs::Prover::new(&g.dalek_pc, Transcript::new(TWO_PHASE_LABEL));
    let (com, var) = prover.commit(
        scalar_to_ng(&x),
        scalar_to_ng(&random_scalar(&mut rand::thread_rng()).0),
    );
    two_phase(
        &mut DalekCs::new(&mut prover),
        variable_from_dalek(var),
        Some(x),
        cheat,
    )
    .expect("the gadget builds");
    let proof = prover.prove(&g.dalek_bp).expect("dalek proves");
    (proof.to_bytes(), interop::compressed_from_ng(&com))
}

fn verify_two_phase_ours(
    g: &R1csGens,
    bytes: &[u8],
    com: ristretto::CompressedRistretto,
) -> Result<(), R1CSError> {
    let proof = R1CSProof::<Ristretto>::from_bytes(bytes)?;
    let mut verifier = Verifier::<Ristretto, _>::new(Transcript::new(TWO_PHASE_LABEL));
    let x = verifier.commit(com);
    two_phase(&mut verifier, x, None, false)?;
    verifier.verify(&proof, &g.ours_pc, &g.ours_bp)
}

fn verify_two_phase_dalek(
    g: &R1csGens,
    bytes: &[u8],
    com: ristretto::CompressedRistretto,
) -> Result<(), R1CSError> {
    let proof = dalek_r1cs::R1CSProof::from_bytes(bytes).map_err(error_from_dalek)?;
    let mut verifier = dalek_r1cs::Verifier::new(Transcript::new(TWO_PHASE_LABEL));
    let x = variable_from_dalek(verifier.commit(interop::compressed_to_ng(&com)));
    two_phase(&mut DalekCs::new(&mut verifier), x, None, false)?;
    verifier
        .verify(&proof, &g.dalek_pc, &g.dalek_bp)
        .map_err(error_from_dalek)
}

#[test]
fn second_phase_allocations_match_ballistic() {
    let g = R1csGens::new(8);
    let x = random_scalar(&mut rand::thread_rng()).0;

    let (bytes, com) = prove_two_phase_dalek(&g, x, false);
    verify_two_phase_ours(&g, &bytes, com).expect("ballistic verifies dalek's proof");
    verify_two_phase_dalek(&g, &bytes, com).expect("dalek verifies its own proof");

    let mut prover = Prover::<Ristretto, _>::new(&g.ours_pc, Transcript::new(TWO_PHASE_LABEL));
    let (com, var) = prover.commit(x, random_scalar(&mut rand::thread_rng()).0);
    two_phase(&mut prover, var, Some(x), false).expect("the gadget builds");
    let proof = prover.prove(&g.ours_bp).expect("ballistic proves");
    verify_two_phase_dalek(&g, &proof.to_bytes(), com).expect("dalek verifies ballistic's proof");

    // A wrong second-phase assignment: dalek proves anyway, neither side accepts.
    let (bytes, com) = prove_two_phase_dalek(&g, x, true);
    assert!(verify_two_phase_ours(&g, &bytes, com).is_err());
    assert!(verify_two_phase_dalek(&g, &bytes, com).is_err());
}

/// A prover's second-phase `allocate(None)` fails when dalek runs the callback.
#[test]
fn second_phase_missing_assignment_fails_the_proof() {
    let g = R1csGens::new(8);
    let mut prover = dalek_r1cs::Prover::new(&g.dalek_pc, Transcript::new(b"missing"));
    let (_, x) = prover.commit(
        scalar_to_ng(&Scalar::from(3u64)),
        scalar_to_ng(&Scalar::ONE),
    );
    let x = variable_from_dalek(x);
    DalekCs::new(&mut prover)
        .specify_randomized_constraints(move |cs| {
            let v = cs.allocate(None)?;
            cs.constrain(v - x);
            Ok(())
        })
        .expect("registered");
    assert_eq!(
        prover.prove(&g.dalek_bp).map_err(error_from_dalek).err(),
        Some(R1CSError::MissingAssignment)
    );
}
