//! Batch verification of every statement the single verifiers check: ordinary
//! range proofs, rewindable ones, `[a, b]` range proofs of both protocols,
//! Bulletproofs+ proofs with minimum values, secp256k1-zkp proofs with minimum
//! values, and circuits (shuffles, SHA-256 compressions), mixed in one batch of the
//! one verification engine on each curve. The batch's verdict (the failed indices
//! and their errors) must be exactly the single verifiers', in one batch and
//! streamed in chunks.

#![allow(non_snake_case)]

use std::rc::Rc;

use ballistic::bp_plus::{Opening, RangeProofPlus};
use ballistic::curve::ristretto::Ristretto;
use ballistic::curve::secp256k1::Secp256k1;
use ballistic::curve::Curve;
use ballistic::gadgets::{sha256, shuffle};
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens, PedersenGens};
use ballistic::merlin::Transcript;
use ballistic::r1cs::{R1CSError, R1CSProof};
use ballistic::range_proof::batch::{BatchVerifier, StreamingVerifier};
use ballistic::range_proof::format::{Dalek, RangeProofFormat};
use ballistic::range_proof::range::range_bits;
use ballistic::range_proof::RangeProof;
use ballistic::secp256k1::{Transcript as ZkpTranscript, Zkp};
use ballistic::ProofError;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// Where a case is added: a batch, or a stream.
enum Target<'v, 'g, C: Curve> {
    Batch(&'v mut BatchVerifier<'g, C>),
    Stream(&'v mut StreamingVerifier<'g, C, ChaCha20Rng>),
}

/// Runs `$body` with `$v` bound to the batch or the stream (the same method names).
macro_rules! on_target {
    ($t:expr, |$v:ident| $body:expr) => {
        match $t {
            Target::Batch($v) => $body,
            Target::Stream($v) => $body,
        }
    };
}

/// One proof with its statement: how the single verifier checks it and how it is
/// added to a batch.
struct Case<'g, C: Curve> {
    what: String,
    single: Single<'g>,
    add: Add<'g, C>,
}

/// The single verification of a case.
type Single<'g> = Box<dyn Fn(&mut ChaCha20Rng) -> Result<(), ProofError> + 'g>;
/// Adds a case to a batch or a stream; returns its index.
type Add<'g, C> = Box<dyn Fn(Target<'_, 'g, C>) -> usize + 'g>;
/// Tampers with a proof.
type Tamper<C, F> = fn(&RangeProof<C, F>, &mut ChaCha20Rng) -> RangeProof<C, F>;

/// The byte codec of a proof type.
trait Codec: Sized {
    fn bytes(&self) -> Vec<u8>;
    fn parse(bytes: &[u8]) -> Option<Self>;
}

impl<C: Curve> Codec for RangeProof<C, Dalek> {
    fn bytes(&self) -> Vec<u8> {
        self.to_bytes()
    }
    fn parse(bytes: &[u8]) -> Option<Self> {
        Self::from_bytes(bytes).ok()
    }
}

impl Codec for RangeProof<Secp256k1, Zkp> {
    fn bytes(&self) -> Vec<u8> {
        self.to_bytes()
    }
    fn parse(bytes: &[u8]) -> Option<Self> {
        Self::from_bytes(bytes).ok()
    }
}

impl<C: Curve> Codec for RangeProofPlus<C> {
    fn bytes(&self) -> Vec<u8> {
        self.to_bytes()
    }
    fn parse(bytes: &[u8]) -> Option<Self> {
        Self::from_bytes(bytes).ok()
    }
}

/// The proof with one random bit flipped, among the flips that still parse.
fn flipped<P: Codec>(proof: &P, r: &mut ChaCha20Rng) -> P {
    let bytes = proof.bytes();
    loop {
        let mut t = bytes.clone();
        let i = r.gen_range(0..t.len());
        t[i] ^= 1 << r.gen_range(0..8);
        if let Some(p) = P::parse(&t) {
            return p;
        }
    }
}

/// A transcript per format: Merlin with a fixed label, secp256k1-zkp's with an extra
/// commitment.
trait Label<C: Curve>: RangeProofFormat<C> {
    const NAME: &'static str;
    fn transcript() -> Self::Transcript;
}

impl<C: Curve> Label<C> for Dalek {
    const NAME: &'static str = "dalek";
    fn transcript() -> Transcript {
        Transcript::new(b"batch statements")
    }
}

impl Label<Secp256k1> for Zkp {
    const NAME: &'static str = "zkp";
    fn transcript() -> ZkpTranscript {
        ZkpTranscript::new().with_extra_commit(b"batch statements")
    }
}

fn plus_transcript() -> Transcript {
    Transcript::new(b"batch statements+")
}

/// An ordinary range proof of `values` in `n` bits.
fn plain_case<'g, C: Curve, F: Label<C> + 'g>(
    bp: &'g BulletproofGens<C>,
    pc: &'g PedersenGens<C>,
    values: &[u64],
    n: usize,
    r: &mut ChaCha20Rng,
) -> Case<'g, C> {
    let blindings: Vec<C::ApiScalar> = values
        .iter()
        .map(|_| C::scalar_to_api(&C::scalar_random(r)))
        .collect();
    let (proof, V) = RangeProof::<C, F>::prove_multiple_with_rng(
        bp,
        pc,
        &mut F::transcript(),
        values,
        &blindings,
        n,
        r,
    )
    .expect("proves");
    let (proof, V) = (Rc::new(proof), Rc::new(V));
    let (p2, V2) = (proof.clone(), V.clone());
    Case {
        what: format!(
            "{} {} plain n={n} m={}",
            C::NAME,
            <F as Label<C>>::NAME,
            values.len()
        ),
        single: Box::new(move |r| {
            proof.verify_multiple_with_rng(bp, pc, &mut F::transcript(), &V, n, r)
        }),
        add: Box::new(move |t| on_target!(t, |v| v.add(&p2, pc, &mut F::transcript(), &V2, n))),
    }
}

/// An `[a, b]` range proof in the format `F` of `v` (blinding zero if `zero`),
/// checked against `[check.0, check.1]` (`tamper` then flips a bit of the proof).
#[allow(clippy::too_many_arguments)]
fn range_case<'g, C: Curve, F: Label<C> + 'g>(
    bp: &'g BulletproofGens<C>,
    pc: &'g PedersenGens<C>,
    (a, b, v): (u64, u64, u64),
    zero: bool,
    check: (u64, u64),
    tamper: Option<Tamper<C, F>>,
    r: &mut ChaCha20Rng,
) -> Case<'g, C> {
    let g = if zero {
        C::scalar_zero()
    } else {
        C::scalar_random(r)
    };
    let (mut proof, V) = RangeProof::<C, F>::prove_range(
        bp,
        pc,
        &mut F::transcript(),
        v,
        &C::scalar_to_api(&g),
        a,
        b,
        r,
    )
    .expect("proves");
    if let Some(f) = tamper {
        proof = f(&proof, r);
    }
    let proof = Rc::new(proof);
    let p2 = proof.clone();
    let (ca, cb) = check;
    Case {
        what: format!(
            "{} {} [{a}, {b}] v={v} zero={zero} checked [{ca}, {cb}] tampered={}",
            C::NAME,
            F::NAME,
            tamper.is_some()
        ),
        single: Box::new(move |r| proof.verify_range(bp, pc, &mut F::transcript(), &V, ca, cb, r)),
        add: Box::new(move |t| {
            on_target!(t, |x| x.add_range(
                &p2,
                pc,
                &mut F::transcript(),
                &V,
                ca,
                cb
            ))
        }),
    }
}

/// A Bulletproofs+ `[a, b]` range proof of `v` (masks zero if `zero`), checked
/// against `check`.
fn plus_range_case<'g, C: Curve>(
    bp: &'g BulletproofGens<C>,
    pc: &'g ExtendedPedersenGens<C>,
    (a, b, v): (u64, u64, u64),
    zero: bool,
    check: (u64, u64),
    tamper: bool,
    r: &mut ChaCha20Rng,
) -> Case<'g, C> {
    let masks: Vec<C::ApiScalar> = (0..pc.extension_degree())
        .map(|_| {
            C::scalar_to_api(&if zero {
                C::scalar_zero()
            } else {
                C::scalar_random(r)
            })
        })
        .collect();
    let (mut proof, V) = RangeProofPlus::prove_range(
        bp,
        pc,
        &mut plus_transcript(),
        &Opening::new(v, &masks),
        a,
        b,
        r,
    )
    .expect("proves");
    if tamper {
        proof = flipped(&proof, r);
    }
    let proof = Rc::new(proof);
    let p2 = proof.clone();
    let (ca, cb) = check;
    Case {
        what: format!(
            "{} bp+ t={} [{a}, {b}] v={v} zero={zero} checked [{ca}, {cb}] tampered={tamper}",
            C::NAME,
            pc.extension_degree()
        ),
        single: Box::new(move |r| {
            proof.verify_range(bp, pc, &mut plus_transcript(), &V, ca, cb, r)
        }),
        add: Box::new(move |t| {
            on_target!(t, |x| x.add_plus_range(
                &p2,
                pc,
                &mut plus_transcript(),
                &V,
                ca,
                cb
            ))
        }),
    }
}

/// A Bulletproofs+ proof of `values` with minimum values `mins`, checked against
/// `check_mins`.
fn plus_case<'g, C: Curve>(
    bp: &'g BulletproofGens<C>,
    pc: &'g ExtendedPedersenGens<C>,
    values: &[u64],
    mins: &[u64],
    check_mins: Vec<u64>,
    n: usize,
    r: &mut ChaCha20Rng,
) -> Case<'g, C> {
    let masks: Vec<Vec<C::ApiScalar>> = values
        .iter()
        .map(|_| {
            (0..pc.extension_degree())
                .map(|_| C::scalar_to_api(&C::scalar_random(r)))
                .collect()
        })
        .collect();
    let openings: Vec<Opening<'_, C>> = values
        .iter()
        .zip(&masks)
        .map(|(v, m)| Opening::new(*v, m))
        .collect();
    let (proof, V) = RangeProofPlus::prove(bp, pc, &mut plus_transcript(), &openings, mins, n, r)
        .expect("proves");
    let (proof, V, mins) = (Rc::new(proof), Rc::new(V), Rc::new(check_mins));
    let (p2, V2, m2) = (proof.clone(), V.clone(), mins.clone());
    Case {
        what: format!(
            "{} bp+ n={n} values={values:?} mins={:?} checked {mins:?}",
            C::NAME,
            mins
        ),
        single: Box::new(move |r| proof.verify(bp, pc, &mut plus_transcript(), &V, &mins, n, r)),
        add: Box::new(move |t| {
            on_target!(t, |x| x.add_plus(
                &p2,
                pc,
                &mut plus_transcript(),
                &V2,
                &m2,
                n
            ))
        }),
    }
}

/// A secp256k1-zkp proof of `values` with minimum values `mins`, checked against
/// `check_mins` (`tamper`: a bit of the proof flipped).
#[allow(clippy::too_many_arguments)]
fn zkp_min_case<'g>(
    bp: &'g BulletproofGens<Secp256k1>,
    pc: &'g PedersenGens<Secp256k1>,
    values: &[u64],
    mins: &[u64],
    check_mins: Vec<u64>,
    n: usize,
    tamper: bool,
    r: &mut ChaCha20Rng,
) -> Case<'g, Secp256k1> {
    let g: Vec<_> = values.iter().map(|_| Secp256k1::scalar_random(r)).collect();
    let (mut proof, V) = RangeProof::<Secp256k1, Zkp>::prove_with_min_values(
        bp,
        pc,
        &mut <Zkp as Label<Secp256k1>>::transcript(),
        values,
        mins,
        &g,
        n,
        r,
    )
    .expect("proves");
    if tamper {
        proof = flipped(&proof, r);
    }
    let (proof, V, cm) = (Rc::new(proof), Rc::new(V), Rc::new(check_mins));
    let (p2, V2, cm2) = (proof.clone(), V.clone(), cm.clone());
    Case {
        what: format!("zkp n={n} values={values:?} mins={mins:?} checked {cm:?} tampered={tamper}"),
        single: Box::new(move |r| {
            proof.verify_with_min_values(
                bp,
                pc,
                &mut <Zkp as Label<Secp256k1>>::transcript(),
                &V,
                &cm,
                n,
                r,
            )
        }),
        add: Box::new(move |t| {
            on_target!(t, |x| x.add_with_min_values(
                &p2,
                pc,
                &mut <Zkp as Label<Secp256k1>>::transcript(),
                &V2,
                &cm2,
                n
            ))
        }),
    }
}

/// `[a, b]` and a value in it: `a = b`, `b = u64::MAX`, `[0, u64::MAX]`,
/// `b − a + 1` a power of two, and random widths.
fn random_range(r: &mut ChaCha20Rng) -> (u64, u64, u64) {
    let (a, b) = match r.gen_range(0..6) {
        0 => {
            let a = r.gen();
            (a, a)
        }
        1 => (r.gen(), u64::MAX),
        2 => (0, u64::MAX),
        3 => {
            let bits = r.gen_range(1..=63u32);
            let width = (1u64 << bits) - 1;
            let a = r.gen_range(0..=u64::MAX - width);
            (a, a + width)
        }
        _ => {
            let bits = r.gen_range(1..=64u32);
            let width = r.gen::<u64>() >> (64 - bits);
            let a = r.gen_range(0..=u64::MAX - width);
            (a, a + width)
        }
    };
    let v = match r.gen_range(0..4) {
        0 => a,
        1 => b,
        _ => r.gen_range(a..=b),
    };
    (a, b, v)
}

/// A statement to check an `[a, b]` proof against: the proven one, or (`kind` 1..)
/// another lower bound, another upper bound, `a > b`.
fn range_check(kind: usize, (a, b, _): (u64, u64, u64)) -> (u64, u64) {
    match kind {
        1 if a > 0 => (a - 1, b),
        1 => (a + 1, b.max(a + 1)),
        2 if b < u64::MAX => (a, b + 1),
        2 => (a, b - 1),
        3 if a < b => (b, a),
        3 => (a, a.wrapping_sub(1)),
        _ => (a, b),
    }
}

fn tamper_dalek<C: Curve>(p: &RangeProof<C, Dalek>, r: &mut ChaCha20Rng) -> RangeProof<C, Dalek> {
    flipped(p, r)
}

fn tamper_zkp(p: &RangeProof<Secp256k1, Zkp>, r: &mut ChaCha20Rng) -> RangeProof<Secp256k1, Zkp> {
    flipped(p, r)
}

/// The verdict of the single verifiers: `(index, error)` of every failure.
fn singles<C: Curve>(cases: &[Case<'_, C>], r: &mut ChaCha20Rng) -> Vec<(usize, ProofError)> {
    cases
        .iter()
        .enumerate()
        .filter_map(|(i, c)| (c.single)(r).err().map(|e| (i, e)))
        .collect()
}

/// The verdict of one batch of all the cases.
fn batch<'g, C: Curve>(
    bp: &'g BulletproofGens<C>,
    cases: &[Case<'g, C>],
    r: &mut ChaCha20Rng,
) -> Vec<(usize, ProofError)> {
    let mut batch = BatchVerifier::new(bp);
    for (i, c) in cases.iter().enumerate() {
        assert_eq!((c.add)(Target::Batch(&mut batch)), i);
    }
    batch.verify(r).err().map(|e| e.invalid).unwrap_or_default()
}

/// The verdict of a stream of the cases in chunks of `chunk`.
fn stream<'g, C: Curve>(
    bp: &'g BulletproofGens<C>,
    cases: &[Case<'g, C>],
    chunk: usize,
    r: &mut ChaCha20Rng,
) -> Vec<(usize, ProofError)> {
    let mut stream = StreamingVerifier::new(bp, chunk, ChaCha20Rng::seed_from_u64(r.gen()));
    for (i, c) in cases.iter().enumerate() {
        assert_eq!((c.add)(Target::Stream(&mut stream)), i);
    }
    stream.finish().err().map(|e| e.invalid).unwrap_or_default()
}

/// The entries of `got` and `expected` that the other lacks, described.
fn differences<C: Curve>(
    cases: &[Case<'_, C>],
    got: &[(usize, ProofError)],
    expected: &[(usize, ProofError)],
) -> Vec<String> {
    let describe =
        |tag: &str, (i, e): &(usize, ProofError)| format!("{tag} #{i} {e:?}: {}", cases[*i].what);
    let extra = got.iter().filter(|x| !expected.contains(x));
    let missing = expected.iter().filter(|x| !got.contains(x));
    extra
        .map(|x| describe("batch only", x))
        .chain(missing.map(|x| describe("single only", x)))
        .collect()
}

/// Batch and stream verdicts equal the singles'; returns them.
fn assert_same_verdicts<'g, C: Curve>(
    bp: &'g BulletproofGens<C>,
    cases: &[Case<'g, C>],
    r: &mut ChaCha20Rng,
) -> Vec<(usize, ProofError)> {
    let expected = singles(cases, r);
    let got = batch(bp, cases, r);
    assert_eq!(
        differences(cases, &got, &expected),
        Vec::<String>::new(),
        "one batch"
    );
    assert_eq!(got, expected);
    for chunk in [1, 3, 64] {
        let got = stream(bp, cases, chunk, r);
        let diff = differences(cases, &got, &expected);
        assert_eq!(diff, Vec::<String>::new(), "chunks of {chunk}");
        assert_eq!(got, expected);
    }
    expected
}

/// Makes a case.
type Make<'g, C> = Box<dyn Fn(&mut ChaCha20Rng) -> Case<'g, C> + 'g>;

/// One valid case of every kind on ristretto255.
fn ristretto_pool<'g>(
    bp: &'g BulletproofGens<Ristretto>,
    pc: &'g PedersenGens<Ristretto>,
    plus: &'g [ExtendedPedersenGens<Ristretto>],
    r: &mut ChaCha20Rng,
) -> Vec<Case<'g, Ristretto>> {
    vec![
        plain_case::<Ristretto, Dalek>(bp, pc, &[5, 1 << 40], 64, r),
        range_case::<Ristretto, Dalek>(bp, pc, (18, 130, 42), false, (18, 130), None, r),
        plus_case(bp, &plus[0], &[300, 9], &[100, 0], vec![100, 0], 16, r),
        plus_range_case(
            bp,
            &plus[1],
            (7, u64::MAX, 1 << 50),
            false,
            (7, u64::MAX),
            false,
            r,
        ),
        range_case::<Ristretto, Dalek>(bp, pc, (9, 9, 9), false, (9, 9), None, r),
        plus_range_case(bp, &plus[0], (0, 255, 255), false, (0, 255), false, r),
        plain_case::<Ristretto, Dalek>(bp, pc, &[77], 8, r),
    ]
}

/// One valid case of every kind on secp256k1, over secp256k1-zkp's flat generators.
fn secp256k1_pool<'g>(
    bp: &'g BulletproofGens<Secp256k1>,
    pc: &'g PedersenGens<Secp256k1>,
    plus: &'g [ExtendedPedersenGens<Secp256k1>],
    r: &mut ChaCha20Rng,
) -> Vec<Case<'g, Secp256k1>> {
    vec![
        plain_case::<Secp256k1, Zkp>(bp, pc, &[5, 1 << 40], 64, r),
        range_case::<Secp256k1, Zkp>(bp, pc, (18, 130, 42), false, (18, 130), None, r),
        zkp_min_case(
            bp,
            pc,
            &[1500, 80],
            &[1000, 80],
            vec![1000, 80],
            16,
            false,
            r,
        ),
        plus_range_case(
            bp,
            &plus[0],
            (1 << 63, u64::MAX, u64::MAX),
            false,
            (1 << 63, u64::MAX),
            false,
            r,
        ),
        range_case::<Secp256k1, Dalek>(bp, pc, (3, 1000, 999), false, (3, 1000), None, r),
        plus_case(bp, &plus[1], &[70], &[7], vec![7], 8, r),
        zkp_min_case(
            bp,
            pc,
            &[u64::MAX],
            &[u64::MAX - 5],
            vec![u64::MAX - 5],
            64,
            false,
            r,
        ),
        plain_case::<Secp256k1, Dalek>(bp, pc, &[77], 8, r),
    ]
}

fn ristretto_plus_gens() -> Vec<ExtendedPedersenGens<Ristretto>> {
    [1, 2]
        .map(|t| ballistic::ristretto::bp_plus::pedersen_gens(t).expect("degree"))
        .to_vec()
}

fn secp256k1_plus_gens() -> Vec<ExtendedPedersenGens<Secp256k1>> {
    [1, 3]
        .map(|t| ballistic::secp256k1::bp_plus::pedersen_gens(t).expect("degree"))
        .to_vec()
}

/// Mixed batches of valid proofs of every kind verify, on both curves.
#[test]
fn mixed_valid_batches_verify() {
    let mut r = ChaCha20Rng::seed_from_u64(230);
    let (bp, pc, plus) = (
        BulletproofGens::<Ristretto>::new(64, 2),
        PedersenGens::<Ristretto>::default(),
        ristretto_plus_gens(),
    );
    let cases = ristretto_pool(&bp, &pc, &plus, &mut r);
    assert_eq!(singles(&cases, &mut r), vec![]);
    assert_eq!(assert_same_verdicts(&bp, &cases, &mut r), vec![]);

    let (bp, pc, plus) = (
        ballistic::secp256k1::grin_generators(),
        PedersenGens::<Secp256k1>::default(),
        secp256k1_plus_gens(),
    );
    let cases = secp256k1_pool(&bp, &pc, &plus, &mut r);
    assert_eq!(singles(&cases, &mut r), vec![]);
    assert_eq!(assert_same_verdicts(&bp, &cases, &mut r), vec![]);
}

/// One tampered proof among valid ones of every kind (wrong `a`, wrong `b`, `a > b`,
/// wrong minimum value, a flipped bit) is the one blamed, with the single verifier's
/// error, at every position of the batch.
#[test]
fn one_tampered_proof_is_blamed_alone() {
    let mut r = ChaCha20Rng::seed_from_u64(231);
    let (bp, pc, plus) = (
        BulletproofGens::<Ristretto>::new(64, 2),
        PedersenGens::<Ristretto>::default(),
        ristretto_plus_gens(),
    );
    let s = (1000, 1999, 1500);
    let bad: Vec<(&str, Make<'_, Ristretto>)> = vec![
        (
            "wrong a",
            Box::new(|r: &mut ChaCha20Rng| {
                range_case::<_, Dalek>(&bp, &pc, s, false, range_check(1, s), None, r)
            }),
        ),
        (
            "wrong b",
            Box::new(|r: &mut ChaCha20Rng| {
                range_case::<_, Dalek>(&bp, &pc, s, false, range_check(2, s), None, r)
            }),
        ),
        (
            "a > b",
            Box::new(|r: &mut ChaCha20Rng| {
                range_case::<_, Dalek>(&bp, &pc, s, false, range_check(3, s), None, r)
            }),
        ),
        (
            "flipped bit",
            Box::new(|r: &mut ChaCha20Rng| {
                range_case::<_, Dalek>(&bp, &pc, s, false, (s.0, s.1), Some(tamper_dalek), r)
            }),
        ),
        (
            "bp+ wrong a",
            Box::new(|r: &mut ChaCha20Rng| {
                plus_range_case(&bp, &plus[1], s, false, range_check(1, s), false, r)
            }),
        ),
        (
            "bp+ wrong b",
            Box::new(|r: &mut ChaCha20Rng| {
                plus_range_case(&bp, &plus[0], s, false, range_check(2, s), false, r)
            }),
        ),
        (
            "bp+ flipped bit",
            Box::new(|r: &mut ChaCha20Rng| {
                plus_range_case(&bp, &plus[0], s, false, (s.0, s.1), true, r)
            }),
        ),
        (
            "bp+ wrong min",
            Box::new(|r: &mut ChaCha20Rng| {
                plus_case(&bp, &plus[0], &[300], &[100], vec![101], 16, r)
            }),
        ),
    ];
    for (what, make) in &bad {
        for at in [0, 3, 7] {
            let mut cases = ristretto_pool(&bp, &pc, &plus, &mut r);
            cases.insert(at, make(&mut r));
            let verdict = assert_same_verdicts(&bp, &cases, &mut r);
            assert_eq!(
                verdict.iter().map(|(i, _)| *i).collect::<Vec<_>>(),
                vec![at],
                "{what}"
            );
            let expected = if what.contains("a > b") {
                ProofError::InvalidRange
            } else {
                ProofError::VerificationError
            };
            assert_eq!(verdict[0].1, expected, "{what}");
        }
    }

    let (bp, pc, plus) = (
        ballistic::secp256k1::grin_generators(),
        PedersenGens::<Secp256k1>::default(),
        secp256k1_plus_gens(),
    );
    let bad: Vec<(&str, Make<'_, Secp256k1>)> = vec![
        (
            "zkp wrong a",
            Box::new(|r: &mut ChaCha20Rng| {
                range_case::<_, Zkp>(&bp, &pc, s, false, range_check(1, s), None, r)
            }),
        ),
        (
            "zkp wrong b",
            Box::new(|r: &mut ChaCha20Rng| {
                range_case::<_, Zkp>(&bp, &pc, s, false, range_check(2, s), None, r)
            }),
        ),
        (
            "zkp a > b",
            Box::new(|r: &mut ChaCha20Rng| {
                range_case::<_, Zkp>(&bp, &pc, s, false, range_check(3, s), None, r)
            }),
        ),
        (
            "zkp flipped bit",
            Box::new(|r: &mut ChaCha20Rng| {
                range_case::<_, Zkp>(&bp, &pc, s, false, (s.0, s.1), Some(tamper_zkp), r)
            }),
        ),
        (
            "dalek wrong b",
            Box::new(|r: &mut ChaCha20Rng| {
                range_case::<_, Dalek>(&bp, &pc, s, false, range_check(2, s), None, r)
            }),
        ),
        (
            "bp+ wrong a",
            Box::new(|r: &mut ChaCha20Rng| {
                plus_range_case(&bp, &plus[1], s, false, range_check(1, s), false, r)
            }),
        ),
        (
            "wrong min",
            Box::new(|r: &mut ChaCha20Rng| {
                zkp_min_case(
                    &bp,
                    &pc,
                    &[1500, 3],
                    &[1000, 0],
                    vec![1000, 1],
                    32,
                    false,
                    r,
                )
            }),
        ),
        (
            "min beyond n bits",
            Box::new(|r: &mut ChaCha20Rng| {
                zkp_min_case(&bp, &pc, &[300], &[200], vec![256], 8, false, r)
            }),
        ),
        (
            "min flipped bit",
            Box::new(|r: &mut ChaCha20Rng| {
                zkp_min_case(&bp, &pc, &[1500], &[1000], vec![1000], 64, true, r)
            }),
        ),
    ];
    for (what, make) in &bad {
        for at in [0, 4, 8] {
            let mut cases = secp256k1_pool(&bp, &pc, &plus, &mut r);
            cases.insert(at, make(&mut r));
            let verdict = assert_same_verdicts(&bp, &cases, &mut r);
            assert_eq!(
                verdict.iter().map(|(i, _)| *i).collect::<Vec<_>>(),
                vec![at],
                "{what}"
            );
            let expected = if what.contains("a > b") {
                ProofError::InvalidRange
            } else if what.contains("beyond") {
                ProofError::InvalidMinValue
            } else {
                ProofError::VerificationError
            };
            assert_eq!(verdict[0].1, expected, "{what}");
        }
    }
}

/// A random case of one protocol on curve `C` for the statement `s`, with zero
/// blindings if `zero`, checked as `kind` says (see [`range_check`]; 4: a bit of the
/// proof flipped).
type Maker<'g, C> = Box<dyn Fn((u64, u64, u64), bool, usize, &mut ChaCha20Rng) -> Case<'g, C> + 'g>;

/// Random cases: ranges of every class (`a = b`, `b = u64::MAX`, widths a power of two
/// and not), values at and inside the bounds, zero blindings (so that a derived
/// commitment is the identity when `v = a` or `v = b`), half of them checked against
/// another statement or tampered with. `count` cases per protocol.
fn random_cases<'g, C: Curve>(
    makers: &[Maker<'g, C>],
    count: usize,
    r: &mut ChaCha20Rng,
) -> Vec<Case<'g, C>> {
    let mut cases = Vec::new();
    for _ in 0..count {
        for make in makers {
            let s = random_range(r);
            let zero = r.gen_ratio(1, 8);
            let kind = r.gen_range(0..8);
            cases.push(make(s, zero, kind, r));
        }
    }
    cases
}

/// The minimum value to check a proof with minimum value `a` and width `n` against,
/// by `kind`: another one below `2^n`, the next one (possibly `2^n`), `2^n` itself.
fn min_check(kind: usize, a: u64, n: usize) -> u64 {
    match kind {
        1 => a ^ 1,
        2 => a.wrapping_add(1),
        3 if n < 64 => 1 << n,
        3 => a.wrapping_sub(1),
        _ => a,
    }
}

/// Over a few hundred random statements of every protocol, the single verifiers and
/// the batch (one batch, and streams in chunks of 1, 3 and 64) agree on every
/// verdict, including the errors of statements that cannot be replayed.
#[test]
fn batch_and_single_verdicts_agree_on_random_statements() {
    let mut r = ChaCha20Rng::seed_from_u64(232);
    let (bp, pc, plus) = (
        BulletproofGens::<Ristretto>::new(64, 2),
        PedersenGens::<Ristretto>::default(),
        ristretto_plus_gens(),
    );
    let makers: Vec<Maker<'_, Ristretto>> = vec![
        Box::new(
            |s: (u64, u64, u64), zero: bool, kind: usize, r: &mut ChaCha20Rng| {
                let tamper = (kind == 4).then_some(tamper_dalek as _);
                range_case::<_, Dalek>(&bp, &pc, s, zero, range_check(kind, s), tamper, r)
            },
        ),
        Box::new(
            |s: (u64, u64, u64), zero: bool, kind: usize, r: &mut ChaCha20Rng| {
                let pcx = &plus[r.gen_range(0..2)];
                plus_range_case(&bp, pcx, s, zero, range_check(kind, s), kind == 4, r)
            },
        ),
    ];
    let cases = random_cases(&makers, 60, &mut r);
    let failed = assert_same_verdicts(&bp, &cases, &mut r);
    println!(
        "ristretto255: {} cases, {} failed",
        cases.len(),
        failed.len()
    );
    assert!(failed.len() > cases.len() / 4 && failed.len() < cases.len() * 3 / 4);

    let (bp, pc, plus) = (
        ballistic::secp256k1::grin_generators(),
        PedersenGens::<Secp256k1>::default(),
        secp256k1_plus_gens(),
    );
    let makers: Vec<Maker<'_, Secp256k1>> = vec![
        Box::new(
            |s: (u64, u64, u64), zero: bool, kind: usize, r: &mut ChaCha20Rng| {
                let tamper = (kind == 4).then_some(tamper_zkp as _);
                range_case::<_, Zkp>(&bp, &pc, s, zero, range_check(kind, s), tamper, r)
            },
        ),
        Box::new(
            |s: (u64, u64, u64), zero: bool, kind: usize, r: &mut ChaCha20Rng| {
                let tamper = (kind == 4).then_some(tamper_dalek as _);
                range_case::<_, Dalek>(&bp, &pc, s, zero, range_check(kind, s), tamper, r)
            },
        ),
        Box::new(
            |s: (u64, u64, u64), zero: bool, kind: usize, r: &mut ChaCha20Rng| {
                let pcx = &plus[r.gen_range(0..2)];
                plus_range_case(&bp, pcx, s, zero, range_check(kind, s), kind == 4, r)
            },
        ),
        // Minimum values: the range's lower bound as the minimum of one or two
        // values, in the smallest width that holds it and the value's offset.
        Box::new(
            |(a, _, v): (u64, u64, u64), _: bool, kind: usize, r: &mut ChaCha20Rng| {
                let n = range_bits(0, a.max(v - a)).expect("0 <= x");
                let m = r.gen_range(1..=2usize);
                let mins = vec![a; m];
                let mut checked = mins.clone();
                checked[m - 1] = min_check(kind, a, n);
                zkp_min_case(&bp, &pc, &vec![v; m], &mins, checked, n, kind == 4, r)
            },
        ),
    ];
    let cases = random_cases(&makers, 40, &mut r);
    let failed = assert_same_verdicts(&bp, &cases, &mut r);
    println!("secp256k1: {} cases, {} failed", cases.len(), failed.len());
    assert!(failed.len() > cases.len() / 4 && failed.len() < cases.len() * 3 / 4);
}

/// A rewindable range proof in dalek's format of one `n`-bit value under a random
/// nonce and message (rewound once to check that it is one).
fn rewind_case<'g, C: Curve>(
    bp: &'g BulletproofGens<C>,
    pc: &'g PedersenGens<C>,
    n: usize,
    r: &mut ChaCha20Rng,
) -> Case<'g, C> {
    let v = r.gen::<u64>() >> (64 - n);
    let (nonce, message): ([u8; 32], [u8; 20]) = (r.gen(), r.gen());
    let blinding = C::scalar_to_api(&C::scalar_random(r));
    let t = <Dalek as Label<C>>::transcript;
    let (proof, V) = RangeProof::<C, Dalek>::prove_single_rewindable(
        bp,
        pc,
        &mut t(),
        v,
        &blinding,
        n,
        &nonce,
        &message,
    )
    .expect("proves");
    let opened = proof
        .rewind(bp, pc, &mut t(), &V, n, &nonce)
        .expect("rewinds");
    assert_eq!((opened.value(), opened.message()), (v, message));
    let proof = Rc::new(proof);
    let p2 = proof.clone();
    Case {
        what: format!("{} dalek rewindable n={n}", C::NAME),
        single: Box::new(move |r| proof.verify_multiple_with_rng(bp, pc, &mut t(), &[V], n, r)),
        add: Box::new(move |x| on_target!(x, |v| v.add(&p2, pc, &mut t(), &[V], n))),
    }
}

/// A secp256k1-zkp proof of one `n`-bit value made with a rewind nonce and message
/// in its transcript (rewound once to check that it is one).
fn zkp_rewind_case<'g>(
    bp: &'g BulletproofGens<Secp256k1>,
    pc: &'g PedersenGens<Secp256k1>,
    n: usize,
    r: &mut ChaCha20Rng,
) -> Case<'g, Secp256k1> {
    let v = r.gen::<u64>() >> (64 - n);
    let (nonce, message): ([u8; 32], [u8; 20]) = (r.gen(), r.gen());
    let blinding = Secp256k1::scalar_to_api(&Secp256k1::scalar_random(r));
    let t = <Zkp as Label<Secp256k1>>::transcript;
    let (proof, V) = RangeProof::<Secp256k1, Zkp>::prove_single_with_rng(
        bp,
        pc,
        &mut t().with_nonce(nonce).with_message(message),
        v,
        &blinding,
        n,
        r,
    )
    .expect("proves");
    let opened = proof
        .rewind_with_bits(pc, &t(), &V, Some(n), &nonce)
        .expect("rewinds");
    assert_eq!((opened.value, opened.message), (v, message));
    let proof = Rc::new(proof);
    let p2 = proof.clone();
    Case {
        what: format!("secp256k1 zkp rewindable n={n}"),
        single: Box::new(move |r| proof.verify_multiple_with_rng(bp, pc, &mut t(), &[V], n, r)),
        add: Box::new(move |x| on_target!(x, |v| v.add(&p2, pc, &mut t(), &[V], n))),
    }
}

const SHUFFLE_DOMAIN: &[u8] = b"batch statements shuffle";

/// A shuffle proof of `k` random values; if `bad`, checked with the first input and
/// the first output exchanged.
fn shuffle_case<'g, C: Curve>(
    bp: &'g BulletproofGens<C>,
    pc: &'g PedersenGens<C>,
    k: usize,
    bad: bool,
    r: &mut ChaCha20Rng,
) -> Case<'g, C> {
    let inputs: Vec<u64> = (0..k).map(|_| r.gen_range(0..100)).collect();
    let mut outputs = inputs.clone();
    outputs.shuffle(r);
    let (proof, mut commitments) =
        shuffle::prove(pc, bp, SHUFFLE_DOMAIN, &inputs, &outputs, r).expect("proves");
    if bad {
        commitments.swap(0, k);
    }
    circuit_case(
        format!("{} shuffle k={k} bad={bad}", C::NAME),
        pc,
        bp,
        Rc::new(proof),
        move || shuffle::verifier(SHUFFLE_DOMAIN, &commitments),
    )
}

/// A SHA-256 compression proof of a random block, as two cases: checked against
/// its digest, and against the digest with one bit flipped.
fn sha256_cases<'g, C: Curve>(
    bp: &'g BulletproofGens<C>,
    pc: &'g PedersenGens<C>,
    r: &mut ChaCha20Rng,
) -> [Case<'g, C>; 2] {
    let mut block = [0u8; 64];
    r.fill(&mut block[..]);
    let t = || Transcript::new(b"batch statements sha256");
    let (proof, digest) = sha256::prove_compression(pc, bp, t(), &block, r).expect("proves");
    let mut wrong = digest;
    wrong[r.gen_range(0..32)] ^= 1 << r.gen_range(0..8);
    let proof = Rc::new(proof);
    [(digest, false), (wrong, true)].map(|(digest, bad)| {
        let p2 = proof.clone();
        circuit_case(
            format!("{} sha256 bad={bad}", C::NAME),
            pc,
            bp,
            proof.clone(),
            move || sha256::compression_verifier_for_proof(t(), &digest, &p2),
        )
    })
}

/// A circuit proof with the builder of its verifier (a verifier is consumed by a
/// check, so each check builds its own).
fn circuit_case<'g, C: Curve, V>(
    what: String,
    pc: &'g PedersenGens<C>,
    bp: &'g BulletproofGens<C>,
    proof: Rc<R1CSProof<C>>,
    verifier: V,
) -> Case<'g, C>
where
    V: Fn() -> Result<ballistic::r1cs::Verifier<C, Transcript>, R1CSError> + 'g,
{
    let verifier = Rc::new(verifier);
    let (proof2, v2) = (proof.clone(), verifier.clone());
    Case {
        what,
        single: Box::new(move |r| {
            verifier()
                .and_then(|v| v.verify_with_rng(&proof, pc, bp, r))
                .map(drop)
                .map_err(ProofError::from)
        }),
        add: Box::new(move |x| {
            let v = v2().expect("the verifier builds");
            on_target!(x, |b| b.add_circuit(v, &proof2, pc))
        }),
    }
}

/// Verdicts of one batch and of a stream in chunks of 5 over `mix` (cases of a pool
/// by index) equal the singles' (`singles[i]`: the verdict of case `i` alone).
fn assert_mix<'g, C: Curve>(
    bp: &'g BulletproofGens<C>,
    pool: &[Case<'g, C>],
    singles: &[Option<ProofError>],
    mix: &[usize],
    r: &mut ChaCha20Rng,
) -> usize {
    let expected: Vec<(usize, ProofError)> = mix
        .iter()
        .enumerate()
        .filter_map(|(j, &i)| singles[i].clone().map(|e| (j, e)))
        .collect();
    let mut batch = BatchVerifier::new(bp);
    let mut stream = StreamingVerifier::new(bp, 5, ChaCha20Rng::seed_from_u64(r.gen()));
    for (j, &i) in mix.iter().enumerate() {
        assert_eq!((pool[i].add)(Target::Batch(&mut batch)), j);
        assert_eq!((pool[i].add)(Target::Stream(&mut stream)), j);
    }
    let names = |v: &[(usize, ProofError)]| -> Vec<String> {
        v.iter()
            .map(|(j, e)| format!("#{j} {e:?}: {}", pool[mix[*j]].what))
            .collect()
    };
    let got = batch.verify(r).err().map(|e| e.invalid).unwrap_or_default();
    assert_eq!(names(&got), names(&expected), "one batch");
    let got = stream.finish().err().map(|e| e.invalid).unwrap_or_default();
    assert_eq!(names(&got), names(&expected), "stream");
    let got = batch.verify_deterministic().err().map(|e| e.invalid);
    assert_eq!(
        names(&got.clone().unwrap_or_default()),
        names(&expected),
        "derived weights"
    );
    assert_eq!(
        batch.verify_deterministic().err().map(|e| e.invalid),
        got,
        "derived twice"
    );
    expected.len()
}

/// Derived weights (no RNG) blame a false proof at every position: the valid
/// cases of `pool` (without the SHA-256 ones, for time) with the case at position
/// `p` replaced by a bad one (the bad cases in turn), for every `p`; the verdict
/// names exactly `p`, with the bad case's error. The valid cases alone pass.
fn assert_every_position<'g, C: Curve>(
    bp: &'g BulletproofGens<C>,
    pool: &[Case<'g, C>],
    singles: &[Option<ProofError>],
) {
    let light = |i: &usize| !pool[*i].what.contains("sha256");
    let valid: Vec<usize> = (0..pool.len())
        .filter(|i| singles[*i].is_none() && light(i))
        .collect();
    let bad: Vec<usize> = (0..pool.len())
        .filter(|i| singles[*i].is_some() && light(i))
        .collect();
    assert!(valid.len() >= 8 && !bad.is_empty());
    let verdict = |mix: &[usize]| {
        let mut batch = BatchVerifier::new(bp);
        for (j, &i) in mix.iter().enumerate() {
            assert_eq!((pool[i].add)(Target::Batch(&mut batch)), j);
        }
        batch.verify_deterministic().err().map(|e| e.invalid)
    };
    assert_eq!(verdict(&valid), None, "{} valid cases", valid.len());
    for p in 0..valid.len() {
        let mut mix = valid.clone();
        let b = bad[p % bad.len()];
        mix[p] = b;
        let error = singles[b].clone().expect("a bad case");
        assert_eq!(
            verdict(&mix),
            Some(vec![(p, error)]),
            "false proof at position {p}: {}",
            pool[b].what
        );
    }
}

/// Random mixes of a pool: every case once, in a random order, and random subsets
/// with repetitions.
fn random_mixes(len: usize, r: &mut ChaCha20Rng) -> Vec<Vec<usize>> {
    let mut all: Vec<usize> = (0..len).collect();
    all.shuffle(r);
    let mut mixes = vec![all];
    for _ in 0..2 {
        let size = r.gen_range(len / 2..=len);
        mixes.push((0..size).map(|_| r.gen_range(0..len)).collect());
    }
    mixes
}

/// One engine batch per curve takes every protocol at once: Bulletproofs in each
/// format (plain, rewindable, `[a, b]`), secp256k1-zkp's with minimum values,
/// Bulletproofs+ (minimum values, `[a, b]`), shuffle and SHA-256 circuits. Over
/// random mixes with hidden bad proofs of every kind, the verdict is exactly the
/// AND of the single verifications, with the same failed indices and errors, with
/// random weights and with weights derived from the batch (which also blame a false
/// proof at every position).
#[test]
fn every_protocol_in_one_engine_batch() {
    let mut r = ChaCha20Rng::seed_from_u64(233);
    let capacity = sha256::GENERATORS_CAPACITY;
    let (bp, pc, plus) = (
        BulletproofGens::<Ristretto>::new(capacity, 2),
        PedersenGens::<Ristretto>::default(),
        ristretto_plus_gens(),
    );
    let s = (1000, 1999, 1500);
    let mut pool = ristretto_pool(&bp, &pc, &plus, &mut r);
    pool.extend([
        rewind_case(&bp, &pc, 64, &mut r),
        rewind_case(&bp, &pc, 8, &mut r),
        shuffle_case(&bp, &pc, 3, false, &mut r),
        shuffle_case(&bp, &pc, 1, false, &mut r),
        shuffle_case(&bp, &pc, 4, true, &mut r),
        range_case::<_, Dalek>(&bp, &pc, s, false, range_check(1, s), None, &mut r),
        range_case::<_, Dalek>(
            &bp,
            &pc,
            s,
            false,
            range_check(0, s),
            Some(tamper_dalek),
            &mut r,
        ),
        plus_range_case(&bp, &plus[1], s, false, range_check(2, s), false, &mut r),
        plus_case(&bp, &plus[0], &[300], &[100], vec![101], 16, &mut r),
    ]);
    pool.extend(sha256_cases(&bp, &pc, &mut r));
    check_pool(&bp, &pool, &mut r);

    // secp256k1-zkp's flat generators, large enough for the SHA-256 circuit.
    let (bp, pc, plus) = (
        ballistic::secp256k1::zkp_generators(2 * capacity),
        PedersenGens::<Secp256k1>::default(),
        secp256k1_plus_gens(),
    );
    let mut pool = secp256k1_pool(&bp, &pc, &plus, &mut r);
    pool.extend([
        zkp_rewind_case(&bp, &pc, 64, &mut r),
        zkp_rewind_case(&bp, &pc, 16, &mut r),
        rewind_case(&bp, &pc, 32, &mut r),
        shuffle_case(&bp, &pc, 2, false, &mut r),
        shuffle_case(&bp, &pc, 3, true, &mut r),
        range_case::<_, Zkp>(&bp, &pc, s, false, range_check(2, s), None, &mut r),
        zkp_min_case(&bp, &pc, &[1500], &[1000], vec![999], 16, false, &mut r),
        plus_range_case(&bp, &plus[0], s, false, range_check(0, s), true, &mut r),
    ]);
    pool.extend(sha256_cases(&bp, &pc, &mut r));
    check_pool(&bp, &pool, &mut r);
}

/// Checks random mixes of `pool`, whose bad cases must be the ones named so.
fn check_pool<'g, C: Curve>(bp: &'g BulletproofGens<C>, pool: &[Case<'g, C>], r: &mut ChaCha20Rng) {
    let singles: Vec<Option<ProofError>> = pool.iter().map(|c| (c.single)(r).err()).collect();
    let bad = singles.iter().filter(|e| e.is_some()).count();
    assert!(
        bad >= 4 && bad < pool.len() / 2,
        "{bad} bad cases of {}",
        pool.len()
    );
    let mut failed = 0;
    for mix in random_mixes(pool.len(), r) {
        failed += assert_mix(bp, pool, &singles, &mix, r);
    }
    assert!(failed > 0);
    assert_every_position(bp, pool, &singles);
}
