//! `[a, b]` range proofs of both protocols (the range proofs in dalek's format and
//! in secp256k1-zkp's, Bulletproofs+) on both curves, and exhaustively on the toy
//! group: completeness at and inside the bounds, refusal outside them, the
//! statement's binding, typed errors, and cheating provers.

#![allow(non_snake_case)]

use alloc::vec::Vec;
use alloc::{format, string::String};
use rand::{Rng, SeedableRng};

use super::format::{Dalek, RangeProofFormat};
use super::prover::{prove_statement, Cheat};
use super::RangeProof;
use crate::bp_plus::{Opening, RangeProofPlus};
use crate::curve::ristretto::Ristretto;
use crate::curve::secp256k1::Secp256k1;
use crate::curve::toy::{Toy, Q};
use crate::curve::Curve;
use crate::generators::{BulletproofGens, ExtendedPedersenGens, PedersenGens};
use crate::range_proof::zkp::transcript::ZkpTranscript;
use crate::range_proof::zkp::Zkp;
use crate::range_statement::{range_bits, Commitments, DecodedRange, Extras};
use crate::verify::Terms;
use crate::ProofError;
use merlin::Transcript;

type TestRng = rand_chacha::ChaCha20Rng;

/// One protocol and format on one curve, for one statement `[a, b]`.
trait Protocol<C: Curve> {
    /// The proof type.
    type Proof;
    /// Proves `a <= v <= b` with a fresh commitment; the transcript label is `label`.
    fn prove(
        &self,
        label: &'static [u8],
        v: u64,
        a: u64,
        b: u64,
        r: &mut TestRng,
    ) -> Result<(Self::Proof, C::Encoding), ProofError>;
    /// Verifies under the transcript label `label`.
    fn verify(
        &self,
        label: &'static [u8],
        proof: &Self::Proof,
        V: &C::Encoding,
        a: u64,
        b: u64,
        r: &mut TestRng,
    ) -> Result<(), ProofError>;
    /// Verifies the proof as an ordinary two-value proof of `k` bits over the
    /// derived commitments, without the range statement in the transcript.
    fn verify_plain(
        &self,
        label: &'static [u8],
        proof: &Self::Proof,
        derived: &[C::Encoding; 2],
        k: usize,
        r: &mut TestRng,
    ) -> Result<(), ProofError>;
    /// The value base `B`.
    fn value_base(&self) -> C::Point;
}

/// The range proofs in the format `F` (transcripts from labels by `T`).
struct Bp<C: Curve, F: RangeProofFormat<C>> {
    bp: BulletproofGens<C>,
    pc: PedersenGens<C>,
    transcript: fn(&'static [u8]) -> F::Transcript,
}

impl<C: Curve, F: RangeProofFormat<C>> Protocol<C> for Bp<C, F> {
    type Proof = RangeProof<C, F>;
    fn prove(
        &self,
        label: &'static [u8],
        v: u64,
        a: u64,
        b: u64,
        r: &mut TestRng,
    ) -> Result<(Self::Proof, C::Encoding), ProofError> {
        let g = C::scalar_to_api(&C::scalar_random(r));
        RangeProof::<C, F>::prove_range(
            &self.bp,
            &self.pc,
            &mut (self.transcript)(label),
            v,
            &g,
            a,
            b,
            r,
        )
    }
    fn verify(
        &self,
        label: &'static [u8],
        proof: &Self::Proof,
        V: &C::Encoding,
        a: u64,
        b: u64,
        r: &mut TestRng,
    ) -> Result<(), ProofError> {
        proof.verify_range(
            &self.bp,
            &self.pc,
            &mut (self.transcript)(label),
            V,
            a,
            b,
            r,
        )
    }
    fn verify_plain(
        &self,
        label: &'static [u8],
        proof: &Self::Proof,
        derived: &[C::Encoding; 2],
        k: usize,
        r: &mut TestRng,
    ) -> Result<(), ProofError> {
        proof.verify_multiple_with_rng(
            &self.bp,
            &self.pc,
            &mut (self.transcript)(label),
            derived,
            k,
            r,
        )
    }
    fn value_base(&self) -> C::Point {
        self.pc.bases().0
    }
}

/// Bulletproofs+ with `t` masks.
struct Plus<C: Curve> {
    bp: BulletproofGens<C>,
    pc: ExtendedPedersenGens<C>,
}

impl<C: Curve> Protocol<C> for Plus<C> {
    type Proof = RangeProofPlus<C>;
    fn prove(
        &self,
        label: &'static [u8],
        v: u64,
        a: u64,
        b: u64,
        r: &mut TestRng,
    ) -> Result<(Self::Proof, C::Encoding), ProofError> {
        let masks: Vec<C::ApiScalar> = (0..self.pc.extension_degree())
            .map(|_| C::scalar_to_api(&C::scalar_random(r)))
            .collect();
        RangeProofPlus::prove_range(
            &self.bp,
            &self.pc,
            &mut Transcript::new(label),
            &Opening::new(v, &masks),
            a,
            b,
            r,
        )
    }
    fn verify(
        &self,
        label: &'static [u8],
        proof: &Self::Proof,
        V: &C::Encoding,
        a: u64,
        b: u64,
        r: &mut TestRng,
    ) -> Result<(), ProofError> {
        proof.verify_range(&self.bp, &self.pc, &mut Transcript::new(label), V, a, b, r)
    }
    fn verify_plain(
        &self,
        label: &'static [u8],
        proof: &Self::Proof,
        derived: &[C::Encoding; 2],
        k: usize,
        r: &mut TestRng,
    ) -> Result<(), ProofError> {
        proof.verify(
            &self.bp,
            &self.pc,
            &mut Transcript::new(label),
            derived,
            &[],
            k,
            r,
        )
    }
    fn value_base(&self) -> C::Point {
        self.pc.bases().0
    }
}

/// The ranges of the completeness test: `a = b` (at 0, inside, at `u64::MAX`),
/// `b − a + 1` a power of two and not, `a = 0`, `b = u64::MAX`, `[0, u64::MAX]`
/// (`k = 64`), and random ranges of random widths (power-of-two counts and not).
fn ranges(r: &mut TestRng) -> Vec<(u64, u64)> {
    let mut v = alloc::vec![
        (0, 0),
        (5, 5),
        (u64::MAX, u64::MAX),
        (0, 255),
        (0, 254),
        (0, 256),
        (18, 130),
        (1000, 1999),
        (1 << 40, (1 << 41) - 1),
        (u64::MAX - 1000, u64::MAX),
        (1 << 63, u64::MAX),
        (1, u64::MAX),
        (0, u64::MAX),
    ];
    for i in 0..6 {
        let bits = r.gen_range(1..=63u32);
        let width: u64 = if i % 2 == 0 {
            (1u64 << bits) - 1 // b − a + 1 = 2^bits
        } else {
            r.gen_range(1..1u64 << bits)
        };
        let a = r.gen_range(0..=u64::MAX - width);
        v.push((a, a + width));
    }
    v
}

/// Completeness at `a`, `b` and random inside points; refusal at `a − 1`, `b + 1`
/// and random outside points; binding to `a`, `b`, `V`, the label, and to the range
/// statement itself. Returns the number of proofs made.
fn check_ranges<C: Curve, P: Protocol<C>>(p: &P, r: &mut TestRng) -> usize {
    let mut proofs = 0;
    for (a, b) in ranges(r) {
        let k = range_bits(a, b).expect("a <= b");
        let ctx = |v: u64| -> String { format!("{} [{a}, {b}] k={k} v={v}", C::NAME) };
        let mut inside = alloc::vec![a, b, a + (b - a) / 2];
        if b > a {
            inside.push(r.gen_range(a..=b));
        }
        for (i, v) in inside.into_iter().enumerate() {
            let (proof, V) = p
                .prove(b"range", v, a, b, r)
                .unwrap_or_else(|e| panic!("{}: {e}", ctx(v)));
            proofs += 1;
            p.verify(b"range", &proof, &V, a, b, r)
                .unwrap_or_else(|e| panic!("{}: {e}", ctx(v)));
            // Another range.
            if b < u64::MAX {
                assert!(
                    p.verify(b"range", &proof, &V, a, b + 1, r).is_err(),
                    "{}",
                    ctx(v)
                );
            }
            if a > 0 {
                assert!(
                    p.verify(b"range", &proof, &V, a - 1, b, r).is_err(),
                    "{}",
                    ctx(v)
                );
            }
            if a < b {
                assert!(
                    p.verify(b"range", &proof, &V, a + 1, b, r).is_err(),
                    "{}",
                    ctx(v)
                );
            }
            if i > 0 {
                continue;
            }
            // Another commitment, another label.
            let (_, other) = p.prove(b"range", v, a, b, r).expect("proves");
            assert!(
                p.verify(b"range", &proof, &other, a, b, r).is_err(),
                "{}",
                ctx(v)
            );
            assert!(
                p.verify(b"other", &proof, &V, a, b, r).is_err(),
                "{}",
                ctx(v)
            );
            // A shifted statement (V + c·B, [a + c, b + c]) has the same derived
            // commitments; it is rejected because V and the range are in the
            // transcript (the range alone: `the_range_is_bound_in_the_transcript`).
            if b < u64::MAX {
                let B = p.value_base();
                let shifted = C::encode(&(C::decode(&V).expect("valid") + B));
                assert!(
                    p.verify(b"range", &proof, &shifted, a + 1, b + 1, r)
                        .is_err(),
                    "{}",
                    ctx(v)
                );
            }
            // Without the range statement the proof is not a plain two-value proof.
            let derived = derived::<C>(&C::decode(&V).expect("valid"), &p.value_base(), a, b)
                .map(|P| C::encode(&P));
            assert!(
                p.verify_plain(b"range", &proof, &derived, k, r).is_err(),
                "{}",
                ctx(v)
            );
        }
        let mut outside = Vec::new();
        if a > 0 {
            outside.push(a - 1);
            outside.push(r.gen_range(0..a));
        }
        if b < u64::MAX {
            outside.push(b + 1);
            outside.push(r.gen_range(b + 1..=u64::MAX));
        }
        for v in outside {
            assert_eq!(
                p.prove(b"range", v, a, b, r).map(|_| ()),
                Err(ProofError::ValueOutOfRange),
                "{}",
                ctx(v)
            );
        }
    }
    proofs
}

fn merlin_label(label: &'static [u8]) -> Transcript {
    Transcript::new(label)
}

/// A secp256k1-zkp transcript per label (the label becomes the extra commitment).
fn zkp_label(label: &'static [u8]) -> ZkpTranscript {
    ZkpTranscript::new().with_extra_commit(label)
}

#[test]
fn ranges_ristretto_dalek() {
    let mut r = TestRng::seed_from_u64(60);
    let p = Bp::<Ristretto, Dalek> {
        bp: BulletproofGens::new(64, 2),
        pc: PedersenGens::default(),
        transcript: merlin_label,
    };
    assert!(check_ranges(&p, &mut r) > 50);
}

#[test]
fn ranges_secp256k1_dalek() {
    let mut r = TestRng::seed_from_u64(61);
    let p = Bp::<Secp256k1, Dalek> {
        bp: BulletproofGens::new(64, 2),
        pc: PedersenGens::default(),
        transcript: merlin_label,
    };
    assert!(check_ranges(&p, &mut r) > 50);
}

#[test]
fn ranges_secp256k1_zkp() {
    let mut r = TestRng::seed_from_u64(62);
    let p = Bp::<Secp256k1, Zkp> {
        bp: crate::secp256k1::grin_generators(),
        pc: PedersenGens::default(),
        transcript: zkp_label,
    };
    assert!(check_ranges(&p, &mut r) > 50);
}

#[test]
fn ranges_ristretto_bp_plus() {
    let mut r = TestRng::seed_from_u64(63);
    for t in [1, 3] {
        let p = Plus::<Ristretto> {
            bp: BulletproofGens::new(64, 2),
            pc: crate::ristretto::bp_plus::pedersen_gens(t).expect("degree"),
        };
        assert!(check_ranges(&p, &mut r) > 50);
    }
}

#[test]
fn ranges_secp256k1_bp_plus() {
    let mut r = TestRng::seed_from_u64(64);
    let p = Plus::<Secp256k1> {
        bp: BulletproofGens::new(64, 2),
        pc: crate::secp256k1::bp_plus::pedersen_gens(2).expect("degree"),
    };
    assert!(check_ranges(&p, &mut r) > 50);
}

/// The range header is what binds `a` and `b`: a proof's challenges replayed with
/// the header of `[a + 1, b + 1]` (same width, same `V`, same everything else) and
/// checked against the equation of `(V, [a, b])` fail, while the same replay with
/// the true header passes. Both protocols, both curves and both range-proof formats.
#[test]
fn the_range_is_bound_in_the_transcript() {
    fn bp<C: Curve, F: RangeProofFormat<C>>(
        bp: &BulletproofGens<C>,
        transcript: fn(&'static [u8]) -> F::Transcript,
        r: &mut TestRng,
    ) -> usize {
        let pc = PedersenGens::<C>::default();
        let mut checked = 0;
        for (a, b) in [
            (18u64, 130u64),
            (0, 255),
            (1000, 1999),
            (1 << 40, (1 << 41) - 1),
        ] {
            let v = r.gen_range(a..=b);
            let g = C::scalar_to_api(&C::scalar_random(r));
            let (proof, V) =
                RangeProof::<C, F>::prove_range(bp, &pc, &mut transcript(b"bound"), v, &g, a, b, r)
                    .expect("proves");
            let k = range_bits(a, b).expect("a <= b");
            let statement = DecodedRange::<C> {
                V: C::decode(&V).expect("valid"),
                a,
                b,
            };
            let replay = |range: (u64, u64), r: &mut TestRng| {
                let mut p = proof
                    .prepare_statement(
                        bp,
                        &pc,
                        &mut transcript(b"bound"),
                        core::slice::from_ref(&V),
                        k,
                        Extras {
                            range: Some(range),
                            min_values: None,
                        },
                        false,
                    )
                    .expect("replays");
                p.range = Some(statement);
                p.verify_alone(bp, None, r)
            };
            assert_eq!(replay((a, b), r), Ok(()), "{} [{a}, {b}]", C::NAME);
            assert_eq!(
                replay((a + 1, b + 1), r),
                Err(ProofError::VerificationError),
                "{} [{a}, {b}]",
                C::NAME
            );
            checked += 1;
        }
        checked
    }
    fn plus<C: Curve>(r: &mut TestRng) -> usize {
        let bpg = BulletproofGens::<C>::new(64, 2);
        let pc = ExtendedPedersenGens::<C>::from_points(
            C::default_pedersen_bases().0,
            C::generator_chain(b"bound masks", 2),
        )
        .expect("degree 2");
        let mut checked = 0;
        for (a, b) in [(18u64, 130u64), (0, 255), (1 << 40, (1 << 41) - 1)] {
            let v = r.gen_range(a..=b);
            let masks: Vec<C::ApiScalar> = (0..2)
                .map(|_| C::scalar_to_api(&C::scalar_random(r)))
                .collect();
            let (proof, V) = RangeProofPlus::<C>::prove_range(
                &bpg,
                &pc,
                &mut Transcript::new(b"bound"),
                &Opening::new(v, &masks),
                a,
                b,
                r,
            )
            .expect("proves");
            let k = range_bits(a, b).expect("a <= b");
            let statement = DecodedRange::<C> {
                V: C::decode(&V).expect("valid"),
                a,
                b,
            };
            let replay = |range: (u64, u64)| {
                let mut p = proof
                    .prepare_statement(
                        &bpg,
                        &pc,
                        &mut Transcript::new(b"bound"),
                        core::slice::from_ref(&V),
                        &[],
                        k,
                        Some(range),
                    )
                    .expect("replays");
                p.range = Some(statement);
                p.verify_alone(&bpg, &[], None)
            };
            assert_eq!(replay((a, b)), Ok(()), "{} [{a}, {b}]", C::NAME);
            assert_eq!(
                replay((a + 1, b + 1)),
                Err(ProofError::VerificationError),
                "{} [{a}, {b}]",
                C::NAME
            );
            checked += 1;
        }
        checked
    }
    let mut r = TestRng::seed_from_u64(69);
    assert_eq!(
        bp::<Ristretto, Dalek>(&BulletproofGens::new(64, 2), merlin_label, &mut r),
        4
    );
    assert_eq!(
        bp::<Secp256k1, Zkp>(&crate::secp256k1::grin_generators(), zkp_label, &mut r),
        4
    );
    assert_eq!(plus::<Ristretto>(&mut r), 3);
    assert_eq!(plus::<Secp256k1>(&mut r), 3);
}

/// The derived commitments `[V − a·B, b·B − V]`, by two multiplications.
fn derived<C: Curve>(V: &C::Point, B: &C::Point, a: u64, b: u64) -> [C::Point; 2] {
    [
        *V - C::mul(&C::scalar_from_u64(a), B),
        C::mul(&C::scalar_from_u64(b), B) - *V,
    ]
}

/// Sums the dynamic terms of an equation.
struct Sum<C: Curve>(C::Point);

impl<C: Curve> Terms<C> for Sum<C> {
    fn dynamic(&mut self, scalar: C::Scalar, point: C::Point) {
        self.0 += C::mul(&scalar, &point);
    }
    fn pedersen(&mut self, bases: &[(C::Scalar, C::Point)]) {
        for (s, P) in bases {
            self.dynamic(*s, *P);
        }
    }
    fn g(&mut self, _: usize, _: C::Scalar) {
        unreachable!("commitments emit no generator")
    }
    fn h(&mut self, _: usize, _: C::Scalar) {
        unreachable!("commitments emit no generator")
    }
}

/// The verifiers' `[a, b]` terms (`(c_lo − c_hi)·V` and `c_hi·b − c_lo·a` for the
/// coefficient of `B`) equal the derived commitments weighted by `c_lo`, `c_hi`, on
/// every curve (the toy group reduces the bounds modulo its order): at the edges of
/// `u64` (zero, one, alternating bits, the top bit, the maximum) and at random,
/// with `a = b`, `b − a` short and `b − a` full width; plain commitments emit each
/// weighted once and add nothing to `B`.
#[test]
fn range_terms_equal_the_derived_commitments() {
    fn check<C: Curve>(r: &mut TestRng) -> usize {
        let (B, B_blinding) = C::default_pedersen_bases();
        let V = B + C::mul(&C::scalar_random(r), &B_blinding);
        let edges = [
            0,
            1,
            2,
            3,
            7,
            0x5555_5555_5555_5555,
            0xaaaa_aaaa_aaaa_aaaa,
            0x7fff_ffff_ffff_ffff,
            1 << 63,
            u64::MAX - 1,
            u64::MAX,
        ];
        let mut pairs: Vec<(u64, u64)> = Vec::new();
        for a in edges {
            pairs.extend(edges.iter().filter(|b| **b >= a).map(|b| (a, *b)));
        }
        for _ in 0..30 {
            let a: u64 = r.gen();
            let short = r.gen::<u64>() >> r.gen_range(1..64);
            pairs.push((a, a.saturating_add(short)));
            pairs.push((a, r.gen_range(a..=u64::MAX)));
        }
        for (a, b) in &pairs {
            let (c_lo, c_hi) = (C::scalar_random(r), C::scalar_random(r));
            let range = DecodedRange::<C> { V, a: *a, b: *b };
            let terms = Commitments::Range(&range);
            assert_eq!(terms.len(), 2);
            let mut sum = Sum::<C>(C::identity());
            let B_scalar = terms.emit([c_lo, c_hi], &mut sum);
            let [lo, hi] = derived::<C>(&V, &B, *a, *b);
            assert_eq!(
                sum.0 + C::mul(&B_scalar, &B),
                C::mul(&c_lo, &lo) + C::mul(&c_hi, &hi),
                "{} [{a}, {b}]",
                C::NAME
            );
        }
        let points = [V, B_blinding];
        let (c0, c1) = (C::scalar_random(r), C::scalar_random(r));
        let mut sum = Sum::<C>(C::identity());
        let B_scalar = Commitments::Points(&points).emit([c0, c1], &mut sum);
        assert_eq!(B_scalar, C::scalar_zero());
        assert_eq!(sum.0, C::mul(&c0, &V) + C::mul(&c1, &B_blinding));
        pairs.len()
    }
    let mut r = TestRng::seed_from_u64(67);
    assert!(check::<Ristretto>(&mut r) > 100);
    assert!(check::<Secp256k1>(&mut r) > 100);
    assert!(check::<Toy>(&mut r) > 100);
}

/// The derived commitments are never encoded (the transcript binds `V`), so one
/// may be the identity on every curve: with a zero blinding and `v = a`, `V − a·B`
/// is the identity and the proof verifies on ristretto255 and on secp256k1. The
/// commitment `V` itself follows the curve's rule: on secp256k1, which has no
/// encoding of the identity, `V = 0·B + 0·B̃` (`v = a = 0`) fails as an ordinary
/// proof of that commitment does.
#[test]
fn identity_derived_commitments_verify() {
    let mut r = TestRng::seed_from_u64(68);
    let bp = BulletproofGens::<Ristretto>::new(8, 2);
    let pc = PedersenGens::<Ristretto>::default();
    let zero = Ristretto::scalar_to_api(&Ristretto::scalar_zero());
    let t = || Transcript::new(b"identity");
    for (v, a, b) in [(10, 10, 20), (20, 10, 20), (0, 0, 5)] {
        let (proof, V) =
            RangeProof::<Ristretto, Dalek>::prove_range(&bp, &pc, &mut t(), v, &zero, a, b, &mut r)
                .expect("proves");
        proof
            .verify_range(&bp, &pc, &mut t(), &V, a, b, &mut r)
            .unwrap_or_else(|e| panic!("ristretto255 v={v} [{a}, {b}]: {e}"));
    }

    let (bp, pc) = (
        crate::secp256k1::grin_generators(),
        PedersenGens::<Secp256k1>::default(),
    );
    let zero = Secp256k1::scalar_zero();
    let t = ZkpTranscript::new;
    for (v, a, b) in [(10, 10, 20), (20, 10, 20)] {
        let (proof, V) =
            RangeProof::<Secp256k1, Zkp>::prove_range(&bp, &pc, &mut t(), v, &zero, a, b, &mut r)
                .expect("proves");
        proof
            .verify_range(&bp, &pc, &mut t(), &V, a, b, &mut r)
            .unwrap_or_else(|e| panic!("secp256k1 v={v} [{a}, {b}]: {e}"));
    }
    let (proof, V) =
        RangeProof::<Secp256k1, Zkp>::prove_range(&bp, &pc, &mut t(), 0, &zero, 0, 5, &mut r)
            .expect("proves");
    assert_eq!(
        proof.verify_range(&bp, &pc, &mut t(), &V, 0, 5, &mut r),
        Err(ProofError::VerificationError)
    );
    let (plain, W) = RangeProof::<Secp256k1, Zkp>::prove_single_with_rng(
        &bp,
        &pc,
        &mut t(),
        0,
        &zero,
        8,
        &mut r,
    )
    .expect("proves");
    assert_eq!(
        plain.verify_single_with_rng(&bp, &pc, &mut t(), &W, 8, &mut r),
        Err(ProofError::VerificationError)
    );
}

/// `a > b` is [`ProofError::InvalidRange`] for proving and verifying, in both
/// protocols; too few generators for the range's width is a typed error too.
#[test]
fn bad_ranges_are_typed_errors() {
    let mut r = TestRng::seed_from_u64(65);
    let bp = BulletproofGens::<Ristretto>::new(64, 2);
    let pc = PedersenGens::<Ristretto>::default();
    let g = Ristretto::scalar_to_api(&Ristretto::scalar_random(&mut r));
    let prove = |v: u64, a: u64, b: u64, bp: &BulletproofGens<Ristretto>, r: &mut TestRng| {
        RangeProof::<Ristretto, Dalek>::prove_range(
            bp,
            &pc,
            &mut Transcript::new(b"bad"),
            v,
            &g,
            a,
            b,
            r,
        )
    };
    for (a, b) in [(1, 0), (u64::MAX, 0), (u64::MAX, u64::MAX - 1)] {
        assert_eq!(
            prove(a, a, b, &bp, &mut r).map(|_| ()),
            Err(ProofError::InvalidRange)
        );
    }
    let (proof, V) = prove(7, 5, 9, &bp, &mut r).expect("proves");
    assert_eq!(
        proof.verify_range(&bp, &pc, &mut Transcript::new(b"bad"), &V, 9, 5, &mut r),
        Err(ProofError::InvalidRange)
    );
    assert_eq!(
        prove(7, 0, 1 << 40, &BulletproofGens::new(32, 2), &mut r).map(|_| ()),
        Err(ProofError::InvalidGeneratorsLength)
    );
    let bpp = BulletproofGens::<Ristretto>::new(8, 2);
    let pcx = crate::ristretto::bp_plus::pedersen_gens(1).expect("degree");
    let masks = [g];
    let (plus, W) = RangeProofPlus::<Ristretto>::prove_range(
        &bpp,
        &pcx,
        &mut Transcript::new(b"bad"),
        &Opening::new(7, &masks),
        5,
        9,
        &mut r,
    )
    .expect("proves");
    assert_eq!(
        plus.verify_range(&bpp, &pcx, &mut Transcript::new(b"bad"), &W, 9, 5, &mut r),
        Err(ProofError::InvalidRange)
    );
    for (v, a, b, err) in [
        (7, 9, 5, ProofError::InvalidRange),
        (4, 5, 9, ProofError::ValueOutOfRange),
        (10, 5, 9, ProofError::ValueOutOfRange),
        (7, 0, 1 << 20, ProofError::InvalidGeneratorsLength),
    ] {
        let res = RangeProofPlus::<Ristretto>::prove_range(
            &bpp,
            &pcx,
            &mut Transcript::new(b"bad"),
            &Opening::new(v, &masks),
            a,
            b,
            &mut r,
        );
        assert_eq!(res.map(|_| ()), Err(err));
    }
    let two = [g, g];
    assert_eq!(
        RangeProofPlus::<Ristretto>::prove_range(
            &bpp,
            &pcx,
            &mut Transcript::new(b"bad"),
            &Opening::new(7, &two),
            5,
            9,
            &mut r,
        )
        .map(|_| ()),
        Err(ProofError::InvalidExtensionDegree)
    );
    // An invalid commitment encoding is a failed verification, not a panic.
    let bad = curve25519_dalek::ristretto::CompressedRistretto([0xff; 32]);
    assert_eq!(
        proof.verify_range(&bp, &pc, &mut Transcript::new(b"bad"), &bad, 5, 9, &mut r),
        Err(ProofError::VerificationError)
    );
}

/// Whether an honest toy proof failed for a reason the toy group's size explains
/// (an identity point in the proof or as the commitment `V`: probability about
/// 1/Q per point; the derived commitments are never encoded, so their being the
/// identity is no reason).
fn toy_degenerate(proof: &RangeProof<Toy, Dalek>, V: &[u8; 2]) -> bool {
    let Some(V) = Toy::decode(V) else { return true };
    [&proof.A, &proof.S, &proof.T_1, &proof.T_2]
        .into_iter()
        .chain(proof.ipp_proof.L_vec.iter())
        .chain(proof.ipp_proof.R_vec.iter())
        .map(|q| q.point)
        .chain([V])
        .any(|q| Toy::is_identity(&q))
}

/// On the toy group of order 1019, every range `0 <= a <= b <= 24` and every `v`
/// within two of it: values inside prove and verify (bar degenerate proofs), values
/// outside are refused; a cheating prover, proving the derived commitments' true
/// openings `(v − a) mod Q`, `(b − v) mod Q` without the range check, is rejected
/// except at the soundness bound's rate. Bulletproofs+ likewise for `b <= 12`
/// (honest provers).
#[test]
fn toy_ranges_exhaustive() {
    let pc = PedersenGens::<Toy>::default();
    let bp = BulletproofGens::<Toy>::new(8, 2);
    let mut r = TestRng::seed_from_u64(66);
    let (mut honest, mut degenerate) = (0u32, 0u32);
    let (mut trials, mut accepted, mut refused) = (0u32, 0u32, 0u32);
    let q = Q as u64;
    for b in 0..=24u64 {
        for a in 0..=b {
            for v in a.saturating_sub(2)..=b + 2 {
                let g = Toy::scalar_random(&mut r);
                let res = RangeProof::<Toy, Dalek>::prove_range(
                    &bp,
                    &pc,
                    &mut Transcript::new(b"toy range"),
                    v,
                    &g,
                    a,
                    b,
                    &mut r,
                );
                if v < a || v > b {
                    assert_eq!(res.map(|_| ()), Err(ProofError::ValueOutOfRange));
                    refused += 1;
                    // The cheating prover.
                    let values = [(v + q - a) % q, (b + q - v) % q];
                    let blindings = [g, -g];
                    let k = range_bits(a, b).expect("a <= b");
                    let Ok((proof, _)) = prove_statement::<Toy, Dalek, _>(
                        &bp,
                        &pc,
                        &mut Transcript::new(b"toy range"),
                        &values,
                        &blindings,
                        k,
                        Extras {
                            range: Some((a, b)),
                            min_values: None,
                        },
                        &mut r,
                        Cheat {
                            skip_range_check: true,
                            weights_into_padding: false,
                        },
                    ) else {
                        continue;
                    };
                    let V = Toy::encode(&pc.commit(Toy::scalar_from_u64(v), g));
                    trials += 1;
                    if proof
                        .verify_range(
                            &bp,
                            &pc,
                            &mut Transcript::new(b"toy range"),
                            &V,
                            a,
                            b,
                            &mut r,
                        )
                        .is_ok()
                    {
                        accepted += 1;
                    }
                    continue;
                }
                honest += 1;
                let (proof, V) = match res {
                    Ok(x) => x,
                    Err(ProofError::ProvingError) => {
                        degenerate += 1;
                        continue;
                    }
                    Err(e) => panic!("[{a}, {b}] v={v}: {e}"),
                };
                if let Err(e) = proof.verify_range(
                    &bp,
                    &pc,
                    &mut Transcript::new(b"toy range"),
                    &V,
                    a,
                    b,
                    &mut r,
                ) {
                    assert!(toy_degenerate(&proof, &V), "[{a}, {b}] v={v}: {e}");
                    degenerate += 1;
                }
            }
        }
    }
    let bound = 3 + 4 * trials / Q;
    std::println!(
        "toy ranges: {honest} honest proofs ({degenerate} degenerate), {refused} refused, \
         {accepted} of {trials} cheating proofs accepted (bound {bound})"
    );
    assert!(honest > 2500 && trials > 1000);
    assert!(
        degenerate < honest / 20,
        "{degenerate} of {honest} degenerate"
    );
    assert!(
        accepted <= bound,
        "{accepted} of {trials} cheating proofs accepted"
    );

    // Bulletproofs+ on the toy group: honest provers, refusals.
    let pcx = ExtendedPedersenGens::<Toy>::from_points(
        pc.bases().0,
        Toy::generator_chain(b"toy range masks", 2),
    )
    .expect("degree 2");
    let (mut plus, mut plus_degenerate) = (0u32, 0u32);
    for b in 0..=12u64 {
        for a in 0..=b {
            for v in a.saturating_sub(1)..=b + 1 {
                let masks = [Toy::scalar_random(&mut r), Toy::scalar_random(&mut r)];
                let res = RangeProofPlus::<Toy>::prove_range(
                    &bp,
                    &pcx,
                    &mut Transcript::new(b"toy range+"),
                    &Opening::new(v, &masks),
                    a,
                    b,
                    &mut r,
                );
                if v < a || v > b {
                    assert_eq!(res.map(|_| ()), Err(ProofError::ValueOutOfRange));
                    continue;
                }
                plus += 1;
                let (proof, V) = match res {
                    Ok(x) => x,
                    Err(ProofError::ProvingError) => {
                        plus_degenerate += 1;
                        continue;
                    }
                    Err(e) => panic!("bp+ [{a}, {b}] v={v}: {e}"),
                };
                // A failure here is a degenerate proof (an identity point: the toy
                // group is small); their rate is bounded below.
                if proof
                    .verify_range(
                        &bp,
                        &pcx,
                        &mut Transcript::new(b"toy range+"),
                        &V,
                        a,
                        b,
                        &mut r,
                    )
                    .is_err()
                {
                    plus_degenerate += 1;
                }
            }
        }
    }
    std::println!("toy ranges bp+: {plus} honest proofs ({plus_degenerate} degenerate)");
    assert!(plus > 400);
    assert!(
        plus_degenerate < plus / 20,
        "{plus_degenerate} of {plus} degenerate"
    );
}
