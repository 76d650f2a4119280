//! Cross-verification of `ballistic::ristretto` against dalek's `bulletproofs` 5 crate.
//!
//! For every shape `n ∈ {8, 16, 32, 64}` × `m ∈ {1, 2, 4, 8}` and several value sets
//! (random values, and the edges `0` and `2^n − 1`), with fresh random blindings:
//!
//! * (a) a ballistic proof parses and verifies in dalek's crate;
//! * (b) a dalek proof parses and verifies in ballistic;
//! * (c) `from_bytes` of the other side's bytes round-trips exactly, both ways;
//! * (d) both sides compute byte-identical commitments for the same value/blinding;
//! * (e) a proof made under one transcript label is rejected by the other side under
//!   another label, and a proof is rejected by both sides once one commitment changes.
//!
//! Separately: the Pedersen bases and the per-party `G`/`H` generator chains are
//! byte-identical (dalek does not expose `H`, so it is re-derived with dalek's
//! published SHAKE256 chain construction, which is first checked against dalek's `G`).

#![allow(non_snake_case)]

use ballistic::merlin::Transcript;
use ballistic::ristretto as ours;
use bulletproofs as dalek;
use curve25519_dalek_v4::ristretto::{
    CompressedRistretto as CompressedRistrettoV4, RistrettoPoint as RistrettoPointV4,
};
use curve25519_dalek_v4::scalar::Scalar as ScalarV4;
use interop::{
    commitments_from_v4, commitments_to_v4, compressed_to_v4, max_value, random_blindings,
    random_value,
};
use rand::rngs::ThreadRng;
use rand::Rng;

const LABEL: &[u8] = b"ballistic interop: dalek cross-verification";
const OTHER_LABEL: &[u8] = b"ballistic interop: some other statement";

/// The aggregation sizes tested for every bit width (one `#[test]` per bit width).
const PARTIES: [usize; 4] = [1, 2, 4, 8];

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Generators of both sides for one shape, built exactly as a user would.
struct Gens {
    n: usize,
    m: usize,
    ours_bp: ours::BulletproofGens,
    ours_pc: ours::PedersenGens,
    dalek_bp: dalek::BulletproofGens,
    dalek_pc: dalek::PedersenGens,
}

impl Gens {
    fn new(n: usize, m: usize) -> Self {
        Gens {
            n,
            m,
            ours_bp: ours::BulletproofGens::new(n, m),
            ours_pc: ours::PedersenGens::default(),
            dalek_bp: dalek::BulletproofGens::new(n, m),
            dalek_pc: dalek::PedersenGens::default(),
        }
    }

    fn ours_verify(
        &self,
        proof: &ours::RangeProof,
        label: &'static [u8],
        commitments: &[ours::CompressedRistretto],
        rng: &mut ThreadRng,
    ) -> Result<(), ballistic::ProofError> {
        proof.verify_multiple_with_rng(
            &self.ours_bp,
            &self.ours_pc,
            &mut Transcript::new(label),
            commitments,
            self.n,
            rng,
        )
    }

    fn dalek_verify(
        &self,
        proof: &dalek::RangeProof,
        label: &'static [u8],
        commitments: &[CompressedRistrettoV4],
        rng: &mut ThreadRng,
    ) -> Result<(), dalek::ProofError> {
        proof.verify_multiple_with_rng(
            &self.dalek_bp,
            &self.dalek_pc,
            &mut Transcript::new(label),
            commitments,
            self.n,
            rng,
        )
    }
}

/// The value sets tested for one shape: random values, then the edges.
fn value_sets(n: usize, m: usize, rng: &mut ThreadRng) -> Vec<(&'static str, Vec<u64>)> {
    let max = max_value(n);
    let random: Vec<u64> = (0..m).map(|_| random_value(rng, n)).collect();
    let mut sets = vec![("random", random.clone())];
    if m == 1 {
        sets.push(("zero", vec![0]));
        sets.push(("max", vec![max]));
    } else {
        // 0 first, 2^n − 1 last, random in between.
        let mut edges = random;
        edges[0] = 0;
        edges[m - 1] = max;
        sets.push(("edges", edges));
        // Alternating extremes.
        sets.push((
            "alternating",
            (0..m).map(|j| if j % 2 == 0 { max } else { 0 }).collect(),
        ));
    }
    sets
}

/// Runs checks (a)–(e) for one shape and one value set.
fn cross_check_case(g: &Gens, case: &str, values: &[u64], rng: &mut ThreadRng) {
    let (n, m) = (g.n, g.m);
    let (ours_blindings, dalek_blindings) = random_blindings(rng, m);
    let ctx = format!(
        "[n={n} m={m} case={case} values={values:?} blindings={:?}]",
        ours_blindings
            .iter()
            .map(|b| hex(b.as_bytes()))
            .collect::<Vec<_>>()
    );

    // Both provers, same label, same values and blindings.
    let (ours_proof, ours_V) = ours::RangeProof::prove_multiple_with_rng(
        &g.ours_bp,
        &g.ours_pc,
        &mut Transcript::new(LABEL),
        values,
        &ours_blindings,
        n,
        rng,
    )
    .unwrap_or_else(|e| panic!("{ctx} ballistic failed to prove: {e:?}"));
    let (dalek_proof, dalek_V) = dalek::RangeProof::prove_multiple_with_rng(
        &g.dalek_bp,
        &g.dalek_pc,
        &mut Transcript::new(LABEL),
        values,
        &dalek_blindings,
        n,
        rng,
    )
    .unwrap_or_else(|e| panic!("{ctx} dalek failed to prove: {e:?}"));

    // (d) identical commitments, also against PedersenGens::commit on both sides.
    assert_eq!(
        ours_V.len(),
        m,
        "{ctx} ballistic returned wrong number of commitments"
    );
    assert_eq!(
        dalek_V.len(),
        m,
        "{ctx} dalek returned wrong number of commitments"
    );
    for j in 0..m {
        let ours_commit = g
            .ours_pc
            .commit(ours::Scalar::from(values[j]), ours_blindings[j])
            .compress();
        let dalek_commit = g
            .dalek_pc
            .commit(ScalarV4::from(values[j]), dalek_blindings[j])
            .compress();
        assert_eq!(
            hex(ours_V[j].as_bytes()),
            hex(dalek_V[j].as_bytes()),
            "{ctx} commitment {j}: ballistic's prover and dalek's prover disagree"
        );
        assert_eq!(
            hex(ours_commit.as_bytes()),
            hex(dalek_commit.as_bytes()),
            "{ctx} commitment {j}: PedersenGens::commit disagrees between the two crates"
        );
        assert_eq!(
            hex(ours_V[j].as_bytes()),
            hex(ours_commit.as_bytes()),
            "{ctx} commitment {j}: ballistic's prover output differs from PedersenGens::commit"
        );
    }

    // Sizes: (2·log2(n·m) + 9)·32 on both sides.
    let ours_bytes = ours_proof.to_bytes();
    let dalek_bytes = dalek_proof.to_bytes();
    let expected_len = (2 * (n * m).trailing_zeros() as usize + 9) * 32;
    assert_eq!(ours_bytes.len(), expected_len, "{ctx} ballistic proof size");
    assert_eq!(dalek_bytes.len(), expected_len, "{ctx} dalek proof size");
    // Fresh randomness on both sides: the two proofs must differ.
    assert_ne!(
        ours_bytes, dalek_bytes,
        "{ctx} the two proofs are identical"
    );

    // Sanity: each side verifies its own proof.
    g.ours_verify(&ours_proof, LABEL, &ours_V, rng)
        .unwrap_or_else(|e| panic!("{ctx} ballistic rejects its own proof: {e:?}"));
    g.dalek_verify(&dalek_proof, LABEL, &dalek_V, rng)
        .unwrap_or_else(|e| panic!("{ctx} dalek rejects its own proof: {e:?}"));

    // (a) + (c): ours → dalek.
    let ours_in_dalek = dalek::RangeProof::from_bytes(&ours_bytes).unwrap_or_else(|e| {
        panic!(
            "{ctx} dalek cannot parse ballistic's proof: {e:?}; bytes={}",
            hex(&ours_bytes)
        )
    });
    assert!(
        ours_in_dalek.to_bytes() == ours_bytes,
        "{ctx} dalek's from_bytes/to_bytes does not round-trip ballistic's proof bytes"
    );
    g.dalek_verify(&ours_in_dalek, LABEL, &commitments_to_v4(&ours_V), rng)
        .unwrap_or_else(|e| {
            panic!(
                "{ctx} dalek rejects ballistic's proof: {e:?}; proof={}",
                hex(&ours_bytes)
            )
        });

    // (b) + (c): dalek → ours.
    let dalek_in_ours = ours::RangeProof::from_bytes(&dalek_bytes).unwrap_or_else(|e| {
        panic!(
            "{ctx} ballistic cannot parse dalek's proof: {e:?}; bytes={}",
            hex(&dalek_bytes)
        )
    });
    assert!(
        dalek_in_ours.to_bytes() == dalek_bytes,
        "{ctx} ballistic's from_bytes/to_bytes does not round-trip dalek's proof bytes"
    );
    g.ours_verify(&dalek_in_ours, LABEL, &commitments_from_v4(&dalek_V), rng)
        .unwrap_or_else(|e| {
            panic!(
                "{ctx} ballistic rejects dalek's proof: {e:?}; proof={}",
                hex(&dalek_bytes)
            )
        });

    // Each side's own round trip, for completeness.
    assert!(
        ours::RangeProof::from_bytes(&ours_bytes)
            .map(|p| p == ours_proof && p.to_bytes() == ours_bytes)
            .unwrap_or(false),
        "{ctx} ballistic's own from_bytes/to_bytes does not round-trip"
    );
    assert!(
        dalek::RangeProof::from_bytes(&dalek_bytes)
            .map(|p| p.to_bytes() == dalek_bytes)
            .unwrap_or(false),
        "{ctx} dalek's own from_bytes/to_bytes does not round-trip"
    );

    // (e1) made under LABEL, verified by the other side under OTHER_LABEL: rejected.
    assert_eq!(
        g.dalek_verify(
            &ours_in_dalek,
            OTHER_LABEL,
            &commitments_to_v4(&ours_V),
            rng
        ),
        Err(dalek::ProofError::VerificationError),
        "{ctx} dalek accepts ballistic's proof under a different transcript label"
    );
    assert_eq!(
        g.ours_verify(
            &dalek_in_ours,
            OTHER_LABEL,
            &commitments_from_v4(&dalek_V),
            rng
        ),
        Err(ballistic::ProofError::VerificationError),
        "{ctx} ballistic accepts dalek's proof under a different transcript label"
    );
    // ... and the label is also binding on each side itself.
    assert_eq!(
        g.ours_verify(&ours_proof, OTHER_LABEL, &ours_V, rng),
        Err(ballistic::ProofError::VerificationError),
        "{ctx} ballistic accepts its own proof under a different transcript label"
    );

    // (e2) one commitment changed (value + 1, same blinding): rejected by both sides,
    // for both proofs.
    let j = rng.gen_range(0..m);
    let tampered_commitment = g
        .ours_pc
        .commit(
            ours::Scalar::from(values[j]) + ours::Scalar::ONE,
            ours_blindings[j],
        )
        .compress();
    let mut tampered = ours_V.clone();
    tampered[j] = tampered_commitment;
    let tampered_v4 = commitments_to_v4(&tampered);
    assert_ne!(
        tampered, ours_V,
        "{ctx} tampering did not change commitment {j}"
    );
    assert_eq!(
        g.ours_verify(&ours_proof, LABEL, &tampered, rng),
        Err(ballistic::ProofError::VerificationError),
        "{ctx} ballistic accepts its proof with commitment {j} changed"
    );
    assert_eq!(
        g.dalek_verify(&ours_in_dalek, LABEL, &tampered_v4, rng),
        Err(dalek::ProofError::VerificationError),
        "{ctx} dalek accepts ballistic's proof with commitment {j} changed"
    );
    assert_eq!(
        g.ours_verify(&dalek_in_ours, LABEL, &tampered, rng),
        Err(ballistic::ProofError::VerificationError),
        "{ctx} ballistic accepts dalek's proof with commitment {j} changed"
    );
    assert_eq!(
        g.dalek_verify(&dalek_proof, LABEL, &tampered_v4, rng),
        Err(dalek::ProofError::VerificationError),
        "{ctx} dalek accepts its proof with commitment {j} changed"
    );
}

fn cross_check_bits(n: usize) {
    let mut rng = rand::thread_rng();
    for m in PARTIES {
        let g = Gens::new(n, m);
        for (case, values) in value_sets(n, m, &mut rng) {
            cross_check_case(&g, case, &values, &mut rng);
        }
    }
}

#[test]
fn cross_verify_n8() {
    cross_check_bits(8);
}

#[test]
fn cross_verify_n16() {
    cross_check_bits(16);
}

#[test]
fn cross_verify_n32() {
    cross_check_bits(32);
}

#[test]
fn cross_verify_n64() {
    cross_check_bits(64);
}

/// Generators with more capacity than the proof uses (a common deployment: one
/// `BulletproofGens::new(64, 8)` for every shape) give the same interop result.
#[test]
fn cross_verify_with_oversized_generators() {
    let mut rng = rand::thread_rng();
    let ours_bp = ours::BulletproofGens::new(64, 8);
    let dalek_bp = dalek::BulletproofGens::new(64, 8);
    let (ours_pc, dalek_pc) = (
        ours::PedersenGens::default(),
        dalek::PedersenGens::default(),
    );
    for (n, m) in [(8, 2), (32, 4), (64, 1)] {
        let values: Vec<u64> = (0..m).map(|_| random_value(&mut rng, n)).collect();
        let (ours_bl, dalek_bl) = random_blindings(&mut rng, m);
        let ctx = format!("[n={n} m={m} values={values:?} generators=(64, 8)]");
        let (op, oV) = ours::RangeProof::prove_multiple_with_rng(
            &ours_bp,
            &ours_pc,
            &mut Transcript::new(LABEL),
            &values,
            &ours_bl,
            n,
            &mut rng,
        )
        .unwrap_or_else(|e| panic!("{ctx} ballistic failed to prove: {e:?}"));
        let (dp, dV) = dalek::RangeProof::prove_multiple_with_rng(
            &dalek_bp,
            &dalek_pc,
            &mut Transcript::new(LABEL),
            &values,
            &dalek_bl,
            n,
            &mut rng,
        )
        .unwrap_or_else(|e| panic!("{ctx} dalek failed to prove: {e:?}"));
        let op_d = dalek::RangeProof::from_bytes(&op.to_bytes())
            .unwrap_or_else(|e| panic!("{ctx} dalek cannot parse ballistic's proof: {e:?}"));
        op_d.verify_multiple_with_rng(
            &dalek_bp,
            &dalek_pc,
            &mut Transcript::new(LABEL),
            &commitments_to_v4(&oV),
            n,
            &mut rng,
        )
        .unwrap_or_else(|e| panic!("{ctx} dalek rejects ballistic's proof: {e:?}"));
        let dp_o = ours::RangeProof::from_bytes(&dp.to_bytes())
            .unwrap_or_else(|e| panic!("{ctx} ballistic cannot parse dalek's proof: {e:?}"));
        dp_o.verify_multiple_with_rng(
            &ours_bp,
            &ours_pc,
            &mut Transcript::new(LABEL),
            &commitments_from_v4(&dV),
            n,
            &mut rng,
        )
        .unwrap_or_else(|e| panic!("{ctx} ballistic rejects dalek's proof: {e:?}"));
    }
}

#[test]
fn pedersen_gens_identical() {
    let ours_pc = ours::PedersenGens::default();
    let dalek_pc = dalek::PedersenGens::default();
    assert_eq!(
        hex(ours_pc.B.compress().as_bytes()),
        hex(dalek_pc.B.compress().as_bytes()),
        "PedersenGens::B differs"
    );
    assert_eq!(
        hex(ours_pc.B_blinding.compress().as_bytes()),
        hex(dalek_pc.B_blinding.compress().as_bytes()),
        "PedersenGens::B_blinding differs"
    );
    // And commit() agrees for a few fixed and random inputs.
    let mut rng = rand::thread_rng();
    for v in [0u64, 1, 255, u64::MAX] {
        let (bo, bd) = interop::random_scalar(&mut rng);
        assert_eq!(
            compressed_to_v4(&ours_pc.commit(ours::Scalar::from(v), bo).compress()),
            dalek_pc.commit(ScalarV4::from(v), bd).compress(),
            "commit({v}, {}) differs",
            hex(bo.as_bytes())
        );
    }
}

/// dalek's generator chain (`GeneratorsChain` in bulletproofs/src/generators.rs):
/// SHAKE256("GeneratorsChain" || label), each 64-byte block mapped by ristretto255
/// hash-to-group. Used only because dalek keeps `H` crate-private.
fn dalek_chain(label: &[u8], count: usize) -> Vec<RistrettoPointV4> {
    use sha3::digest::{ExtendableOutput, Update, XofReader};
    let mut shake = sha3::Shake256::default();
    shake.update(b"GeneratorsChain");
    shake.update(label);
    let mut reader = shake.finalize_xof();
    (0..count)
        .map(|_| {
            let mut uniform = [0u8; 64];
            reader.read(&mut uniform);
            RistrettoPointV4::from_uniform_bytes(&uniform)
        })
        .collect()
}

fn party_label(kind: u8, j: usize) -> [u8; 5] {
    let mut label = [kind, 0, 0, 0, 0];
    label[1..].copy_from_slice(&(j as u32).to_le_bytes());
    label
}

#[test]
fn bulletproof_gens_identical() {
    const N: usize = 64;
    const M: usize = 4;
    let ours_bp = ours::BulletproofGens::new(N, M);
    let dalek_bp = dalek::BulletproofGens::new(N, M);

    let enc_ours = |p: &ballistic::curve::ristretto::Point| hex(p.compress().as_bytes());
    let enc_dalek = |p: &RistrettoPointV4| hex(p.compress().as_bytes());

    for j in 0..M {
        // G: dalek's public share(j).G(n) against ballistic's share(j).G(n).
        let dalek_G: Vec<String> = dalek_bp.share(j).G(N).map(enc_dalek).collect();
        let ours_G: Vec<String> = ours_bp.share(j).G(N).map(enc_ours).collect();
        assert_eq!(dalek_G.len(), N, "dalek party {j}: G count");
        assert_eq!(ours_G.len(), N, "ballistic party {j}: G count");
        for i in 0..N {
            assert_eq!(
                ours_G[i], dalek_G[i],
                "G generator {i} of party {j} differs (ballistic vs dalek)"
            );
        }

        // The re-derived chain reproduces dalek's public G, so it is trustworthy for H.
        let chain_G: Vec<String> = dalek_chain(&party_label(b'G', j), N)
            .iter()
            .map(enc_dalek)
            .collect();
        assert_eq!(
            chain_G, dalek_G,
            "party {j}: the re-derived dalek chain does not match dalek's public G"
        );
        let chain_H: Vec<String> = dalek_chain(&party_label(b'H', j), N)
            .iter()
            .map(enc_dalek)
            .collect();
        let ours_H: Vec<String> = ours_bp.share(j).H(N).map(enc_ours).collect();
        assert_eq!(ours_H.len(), N, "ballistic party {j}: H count");
        for i in 0..N {
            assert_eq!(
                ours_H[i], chain_H[i],
                "H generator {i} of party {j} differs (ballistic vs dalek's chain)"
            );
        }
    }

    // ballistic's flat G(n, m)/H(n, m) iterators: party-major, first n of each party.
    for (n, m) in [(8, 1), (8, 2), (16, 4), (64, 4)] {
        let expected_G: Vec<String> = (0..m)
            .flat_map(|j| dalek_bp.share(j).G(n).map(enc_dalek).collect::<Vec<_>>())
            .collect();
        let ours_G: Vec<String> = ours_bp.G(n, m).map(enc_ours).collect();
        assert_eq!(ours_G, expected_G, "BulletproofGens::G({n}, {m}) differs");
        let expected_H: Vec<String> = (0..m)
            .flat_map(|j| {
                dalek_chain(&party_label(b'H', j), n)
                    .iter()
                    .map(enc_dalek)
                    .collect::<Vec<_>>()
            })
            .collect();
        let ours_H: Vec<String> = ours_bp.H(n, m).map(enc_ours).collect();
        assert_eq!(ours_H, expected_H, "BulletproofGens::H({n}, {m}) differs");
    }

    // Growing capacity later gives the same chains (dalek fast-forwards its reader).
    let mut ours_small = ours::BulletproofGens::new(8, 2);
    ours_small.increase_capacity(N);
    let mut dalek_small = dalek::BulletproofGens::new(8, 2);
    dalek_small.increase_capacity(N);
    for j in 0..2 {
        let a: Vec<String> = ours_small.share(j).G(N).map(enc_ours).collect();
        let b: Vec<String> = dalek_small.share(j).G(N).map(enc_dalek).collect();
        assert_eq!(
            a, b,
            "party {j}: G differs after increase_capacity(8 → {N})"
        );
        let h: Vec<String> = ours_small.share(j).H(N).map(enc_ours).collect();
        let ours_H: Vec<String> = ours_bp.share(j).H(N).map(enc_ours).collect();
        assert_eq!(
            h, ours_H,
            "party {j}: H differs after increase_capacity(8 → {N})"
        );
    }
}

/// Parsing strictness on malformed input: both crates reject lengths that are not a
/// multiple of 32 or shorter than the 7 fixed elements.
#[test]
fn malformed_lengths_rejected_by_both() {
    let mut rng = rand::thread_rng();
    let g = Gens::new(32, 2);
    let values = [random_value(&mut rng, 32), random_value(&mut rng, 32)];
    let (bl, _) = random_blindings(&mut rng, 2);
    let (proof, _) = ours::RangeProof::prove_multiple_with_rng(
        &g.ours_bp,
        &g.ours_pc,
        &mut Transcript::new(LABEL),
        &values,
        &bl,
        32,
        &mut rng,
    )
    .expect("ballistic proves");
    let bytes = proof.to_bytes();
    for len in [0, 31, 32 * 7 - 1, bytes.len() - 1, bytes.len() + 1] {
        let slice: Vec<u8> = bytes.iter().copied().chain([0u8]).take(len).collect();
        assert!(
            ours::RangeProof::from_bytes(&slice).is_err(),
            "ballistic parses a {len}-byte proof"
        );
        assert!(
            dalek::RangeProof::from_bytes(&slice).is_err(),
            "dalek parses a {len}-byte proof"
        );
    }
}
