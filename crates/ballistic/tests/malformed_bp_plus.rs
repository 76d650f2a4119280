//! P1 for Bulletproofs+: the malformed-proof gauntlet (docs/testing.md, P1), on
//! ristretto255 (Tari's bases) and secp256k1.
//!
//! For seed proofs of several shapes (`n`, `m`, `t`, with and without minimum
//! values, one without rounds): every truncation, extensions by 1..=64 bytes, every
//! single-bit flip, every single-byte change at a sample of positions, every degree
//! byte, every point slot replaced by the identity, invalid and non-canonical
//! encodings and another valid point, every scalar slot replaced by `ℓ`, `ℓ + 1`,
//! `2^256 − 1` and zero, lengths implying more than `MAX_IPP_ROUNDS` rounds, swaps
//! of fields of one type, and wrong statements: other commitments, bit widths,
//! numbers of values, extension degrees, minimum values, labels. Every mutation
//! must be rejected with an error of the class the mutation implies (a panic is
//! caught and counted as a failure); mask recovery (`RecoverOnly`) on every
//! mutation of a one-value proof must not panic either. Each class prints
//! "k/k rejected".
//!
//! CI runs three seed proofs per curve; `BALLISTIC_GAUNTLET=full` runs more shapes.

#![allow(non_snake_case)]

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};

use ballistic::bp_plus::wire::proof_len;
use ballistic::bp_plus::{Opening, RangeProofPlus, VerifyAction};
use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens};
use ballistic::merlin::Transcript;
use ballistic::{ProofError, MAX_IPP_ROUNDS};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

const LABEL: &[u8] = b"gauntlet bp+";
/// The generators of every check: `BulletproofGens::new(64, GENS_M)`.
const GENS_M: usize = 8;

/// The curves, with their Bulletproofs+ bases and the byte strings the gauntlet
/// writes into point and scalar slots.
trait PlusCurve: Curve {
    /// The facade's `bp_plus::pedersen_gens(t)`.
    fn pedersen_gens(t: usize) -> ExtendedPedersenGens<Self>;
    /// Encodings that are not valid canonical encodings of a point other than the
    /// identity, with a name.
    fn bad_points() -> Vec<(&'static str, Vec<u8>)>;
    /// Scalar encodings of values `>= ℓ`, with a name.
    fn bad_scalars() -> Vec<(&'static str, [u8; 32])>;
}

/// ℓ, the order of ristretto255, little-endian.
const ELL_25519: [u8; 32] = [
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
];
/// n, the order of secp256k1, big-endian.
const ELL_SECP: [u8; 32] =
    hex32("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
/// p, secp256k1's field prime, big-endian.
const P_SECP: [u8; 32] = hex32("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");

const fn hex32(s: &str) -> [u8; 32] {
    let b = s.as_bytes();
    let mut out = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        let hi = (b[2 * i] as char).to_digit(16);
        let lo = (b[2 * i + 1] as char).to_digit(16);
        out[i] = match (hi, lo) {
            (Some(h), Some(l)) => (h * 16 + l) as u8,
            _ => 0,
        };
        i += 1;
    }
    out
}

/// `x + 1` for a big-endian (`be`) or little-endian number.
fn plus_one(x: [u8; 32], be: bool) -> [u8; 32] {
    let mut y = x;
    let add = |b: &mut u8| {
        let (v, carry) = b.overflowing_add(1);
        *b = v;
        carry
    };
    if be {
        for b in y.iter_mut().rev() {
            if !add(b) {
                break;
            }
        }
    } else {
        for b in y.iter_mut() {
            if !add(b) {
                break;
            }
        }
    }
    y
}

impl PlusCurve for Ristretto {
    fn pedersen_gens(t: usize) -> ExtendedPedersenGens<Self> {
        ballistic::ristretto::bp_plus::pedersen_gens(t).expect("degree")
    }
    fn bad_points() -> Vec<(&'static str, Vec<u8>)> {
        // p = 2^255 − 19, little-endian: s = p is a non-canonical encoding of 0.
        let mut p = vec![0xffu8; 32];
        p[0] = 0xed;
        p[31] = 0x7f;
        let mut p1 = p.clone();
        p1[0] = 0xee;
        let mut negative = vec![0u8; 32];
        negative[0] = 1;
        let mut high = vec![0u8; 32];
        high[31] = 0x80;
        vec![
            ("identity", vec![0u8; 32]),
            ("s = p (non-canonical)", p),
            ("s = p + 1 (non-canonical)", p1),
            ("s = 2^255 - 1", {
                let mut x = vec![0xffu8; 32];
                x[31] = 0x7f;
                x
            }),
            ("s = 1 (negative)", negative),
            ("bit 255 set", high),
        ]
    }
    fn bad_scalars() -> Vec<(&'static str, [u8; 32])> {
        vec![
            ("ℓ", ELL_25519),
            ("ℓ + 1", plus_one(ELL_25519, false)),
            ("2^256 - 1", [0xff; 32]),
        ]
    }
}

impl PlusCurve for Secp256k1 {
    fn pedersen_gens(t: usize) -> ExtendedPedersenGens<Self> {
        ballistic::secp256k1::bp_plus::pedersen_gens(t).expect("degree")
    }
    fn bad_points() -> Vec<(&'static str, Vec<u8>)> {
        let with = |prefix: u8, x: [u8; 32]| {
            let mut e = vec![prefix];
            e.extend_from_slice(&x);
            e
        };
        // A valid x (the generator's) under prefixes other than 0x08/0x09.
        let g = Secp256k1::encode(&Secp256k1::default_pedersen_bases().1);
        let mut gx = [0u8; 32];
        gx.copy_from_slice(&g[1..]);
        let no_point = (1u8..)
            .map(|v| {
                let mut x = [0u8; 32];
                x[31] = v;
                x
            })
            .find(|x| Secp256k1::decode(&with(0x08, *x).try_into().expect("33")).is_none())
            .expect("about half of all x have no point");
        vec![
            ("identity", vec![0u8; 33]),
            ("prefix 0x02 (SEC1)", with(0x02, gx)),
            ("prefix 0x0a", with(0x0a, gx)),
            ("prefix 0x00, valid x", with(0x00, gx)),
            ("x = p", with(0x08, P_SECP)),
            ("x = p + 1", with(0x09, plus_one(P_SECP, true))),
            ("x = 2^256 - 1", with(0x08, [0xff; 32])),
            ("x with no point", with(0x08, no_point)),
        ]
    }
    fn bad_scalars() -> Vec<(&'static str, [u8; 32])> {
        vec![
            ("ℓ", ELL_SECP),
            ("ℓ + 1", plus_one(ELL_SECP, true)),
            ("2^256 - 1", [0xff; 32]),
        ]
    }
}

/// A statement and its proof.
#[derive(Clone)]
struct Seed {
    n: usize,
    t: usize,
    bytes: Vec<u8>,
    vs: Vec<Vec<u8>>,
    /// Empty: all zero.
    mins: Vec<u64>,
}

impl Seed {
    fn m(&self) -> usize {
        self.vs.len()
    }
    fn rounds(&self) -> usize {
        (self.n * self.m()).next_power_of_two().trailing_zeros() as usize
    }
    /// The offsets of the proof's scalar slots and point slots.
    fn slots<C: Curve>(&self) -> (Vec<usize>, Vec<usize>) {
        let (s, p) = (C::SCALAR_BYTES, C::POINT_BYTES);
        let mut scalars: Vec<usize> = (0..self.t).map(|k| 1 + s * k).collect();
        let a = 1 + s * self.t;
        let mut points = vec![a, a + p, a + 2 * p];
        let r1 = a + 3 * p;
        scalars.extend([r1, r1 + s]);
        points.extend((0..2 * self.rounds()).map(|i| r1 + 2 * s + p * i));
        (scalars, points)
    }
}

/// What a mutation must give: one of these errors.
#[derive(Clone, Copy)]
struct Expect(&'static [ProofError]);

impl Expect {
    fn admits(&self, e: &ProofError) -> bool {
        self.0.contains(e)
    }
}

const FORMAT: Expect = Expect(&[ProofError::FormatError]);
const VERIFY: Expect = Expect(&[ProofError::VerificationError]);
const FORMAT_OR_VERIFY: Expect = Expect(&[ProofError::FormatError, ProofError::VerificationError]);

/// (total, rejected with the expected class, rejected with another class, panics)
/// per class of mutation.
#[derive(Default)]
struct Tally {
    classes: BTreeMap<String, (usize, usize, usize, usize)>,
    wrong: Vec<String>,
}

/// One check's statement: everything `verify` takes besides the proof.
struct Statement<'a> {
    vs: &'a [Vec<u8>],
    mins: &'a [u64],
    n: usize,
    t: usize,
    label: &'static [u8],
}

impl Tally {
    /// Parses and verifies a mutation (and, for one value, recovers its masks);
    /// counts it under `class`.
    fn check<C: PlusCurve>(
        &mut self,
        class: &str,
        expect: Expect,
        bp: &BulletproofGens<C>,
        bytes: &[u8],
        s: &Statement<'_>,
    ) {
        let class = format!("{} {class}", C::NAME);
        let pc = C::pedersen_gens(s.t);
        let vs: Vec<C::Encoding> =
            s.vs.iter()
                .map(|v| C::encoding_from_bytes(v).expect("encoding length"))
                .collect();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            let proof = RangeProofPlus::<C>::from_bytes(bytes)?;
            assert_eq!(proof.to_bytes(), bytes, "accepted encodings round-trip");
            let mut rng = ChaCha20Rng::seed_from_u64(0);
            if vs.len() == 1 {
                // RecoverOnly does not verify: its result is not checked, only that
                // it returns.
                let _ = proof.recover_masks(
                    bp,
                    &pc,
                    &mut Transcript::new(s.label),
                    &vs[0],
                    s.mins.first().copied().unwrap_or(0),
                    s.n,
                    &C::scalar_to_api(&C::scalar_from_u64(7)),
                    VerifyAction::RecoverOnly,
                    &mut rng,
                );
            }
            proof.verify(
                bp,
                &pc,
                &mut Transcript::new(s.label),
                &vs,
                s.mins,
                s.n,
                &mut rng,
            )
        }));
        let e = self.classes.entry(class.clone()).or_default();
        e.0 += 1;
        match outcome {
            Ok(Err(err)) if expect.admits(&err) => e.1 += 1,
            Ok(Err(err)) => {
                e.2 += 1;
                if self.wrong.len() < 20 {
                    self.wrong.push(format!("{class}: {err:?}"));
                }
            }
            Ok(Ok(())) => {}
            Err(_) => e.3 += 1,
        }
    }

    fn report_and_assert(&self) {
        let mut failures = Vec::new();
        for (class, (total, rejected, other, panicked)) in &self.classes {
            println!(
                "gauntlet {class}: {rejected}/{total} rejected with its error class, \
                 {other} with another, {panicked} panics"
            );
            if rejected != total {
                failures.push(format!(
                    "{class}: {} accepted, {other} other error, {panicked} panics",
                    total - rejected - other - panicked
                ));
            }
        }
        assert!(
            failures.is_empty(),
            "gauntlet failures: {failures:?} (first wrong classes: {:?})",
            self.wrong
        );
    }
}

fn max_of(n: usize) -> u64 {
    if n == 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

fn seed<C: PlusCurve>(
    bp: &BulletproofGens<C>,
    (n, m, t, with_mins): (usize, usize, usize, bool),
    r: &mut ChaCha20Rng,
) -> Seed {
    let mins: Vec<u64> = if with_mins {
        (0..m).map(|_| r.gen_range(0..=max_of(n))).collect()
    } else {
        Vec::new()
    };
    let values: Vec<u64> = (0..m)
        .map(|j| {
            let o = mins.get(j).copied().unwrap_or(0);
            o + r.gen_range(0..=max_of(n).min(u64::MAX - o))
        })
        .collect();
    let masks: Vec<C::ApiScalar> = (0..m * t)
        .map(|_| C::scalar_to_api(&C::scalar_random(r)))
        .collect();
    let openings: Vec<Opening<'_, C>> = (0..m)
        .map(|j| Opening::new(values[j], &masks[j * t..(j + 1) * t]))
        .collect();
    let (p, vs) = RangeProofPlus::<C>::prove(
        bp,
        &C::pedersen_gens(t),
        &mut Transcript::new(LABEL),
        &openings,
        &mins,
        n,
        r,
    )
    .expect("prove");
    let s = Seed {
        n,
        t,
        bytes: p.to_bytes(),
        vs: vs.iter().map(|v| C::encoding_bytes(v).to_vec()).collect(),
        mins,
    };
    assert_eq!(s.bytes.len(), proof_len::<C>(t, s.rounds()));
    s
}

/// Runs every mutation of every seed of the shapes `(n, m, t, minimum values)`.
fn run<C: PlusCurve>(shapes: &[(usize, usize, usize, bool)], seed_value: u64, t: &mut Tally) {
    let bp = BulletproofGens::<C>::new(64, GENS_M);
    let mut r = ChaCha20Rng::seed_from_u64(seed_value);
    let seeds: Vec<Seed> = shapes.iter().map(|s| seed(&bp, *s, &mut r)).collect();
    let (s_len, p_len) = (C::SCALAR_BYTES, C::POINT_BYTES);
    for (k, s) in seeds.iter().enumerate() {
        let bytes = &s.bytes;
        let st = Statement {
            vs: &s.vs,
            mins: &s.mins,
            n: s.n,
            t: s.t,
            label: LABEL,
        };
        // The seed itself verifies.
        let mut sanity = Tally::default();
        sanity.check::<C>("seed", VERIFY, &bp, bytes, &st);
        let seed_class = format!("{} seed", C::NAME);
        assert_eq!(
            sanity.classes[&seed_class],
            (1, 0, 0, 0),
            "seed proof n={} m={} t={} must verify",
            s.n,
            s.m(),
            s.t
        );

        // Lengths.
        for len in 0..bytes.len() {
            t.check::<C>("truncation", FORMAT_OR_VERIFY, &bp, &bytes[..len], &st);
        }
        for extra in 1..=64usize {
            let mut b = bytes.clone();
            b.extend((0..extra).map(|_| r.gen::<u8>()));
            t.check::<C>("extension", FORMAT_OR_VERIFY, &bp, &b, &st);
        }
        // More rounds than MAX_IPP_ROUNDS (refused on the length alone), and exactly
        // MAX_IPP_ROUNDS (well-formed, the wrong number for the statement).
        let fixed = proof_len::<C>(s.t, 0);
        let pair = if s.rounds() > 0 {
            bytes[fixed..fixed + 2 * p_len].to_vec()
        } else {
            let (_, points) = s.slots::<C>();
            bytes[points[0]..points[0] + 2 * p_len].to_vec()
        };
        for rounds in [MAX_IPP_ROUNDS, MAX_IPP_ROUNDS + 1, 2 * MAX_IPP_ROUNDS, 64] {
            let mut b = bytes[..fixed].to_vec();
            for _ in 0..rounds {
                b.extend_from_slice(&pair);
            }
            let expect = if rounds <= MAX_IPP_ROUNDS {
                VERIFY
            } else {
                FORMAT
            };
            t.check::<C>("rounds beyond the statement", expect, &bp, &b, &st);
        }
        let mut huge = bytes.clone();
        huge.resize(1 << 20, 0x42);
        t.check::<C>("rounds beyond the statement", FORMAT, &bp, &huge, &st);

        // Bits and bytes.
        for i in 0..bytes.len() * 8 {
            let mut b = bytes.clone();
            b[i / 8] ^= 1 << (i % 8);
            let expect = if i < 8 {
                Expect(&[ProofError::FormatError, ProofError::InvalidExtensionDegree])
            } else {
                FORMAT_OR_VERIFY
            };
            t.check::<C>("bit flip", expect, &bp, &b, &st);
        }
        // Every value of the degree byte.
        for d in 0..=255u8 {
            if usize::from(d) == s.t {
                continue;
            }
            let mut b = bytes.clone();
            b[0] = d;
            let expect = if (1..=6).contains(&d) {
                // Another length: a format error, or (degree t ± 2k on ristretto255)
                // a well-formed proof whose degree is not the bases'.
                Expect(&[ProofError::FormatError, ProofError::InvalidExtensionDegree])
            } else {
                Expect(&[ProofError::InvalidExtensionDegree])
            };
            t.check::<C>("degree byte", expect, &bp, &b, &st);
        }
        // Every byte value at a sample of positions: the first and the last byte of
        // a scalar and a point slot, and random positions.
        let (scalars, points) = s.slots::<C>();
        let mut positions = vec![
            scalars[0],
            scalars[0] + s_len - 1,
            points[points.len() - 1],
            points[points.len() - 1] + p_len - 1,
        ];
        positions.extend((0..4).map(|_| r.gen_range(1..bytes.len())));
        for &pos in &positions {
            for v in 0..=255u8 {
                if v == bytes[pos] {
                    continue;
                }
                let mut b = bytes.clone();
                b[pos] = v;
                t.check::<C>("byte change", FORMAT_OR_VERIFY, &bp, &b, &st);
            }
        }

        // Slots.
        let other_point = {
            let p = C::mul(&C::scalar_random(&mut r), &C::default_pedersen_bases().0);
            C::encoding_bytes(&C::encode(&p)).to_vec()
        };
        for &o in &points {
            for (name, enc) in C::bad_points() {
                let mut b = bytes.clone();
                b[o..o + p_len].copy_from_slice(&enc);
                t.check::<C>(&format!("point := {name}"), FORMAT, &bp, &b, &st);
            }
            let mut b = bytes.clone();
            b[o..o + p_len].copy_from_slice(&other_point);
            t.check::<C>("point := other valid point", VERIFY, &bp, &b, &st);
        }
        for &o in &scalars {
            for (name, enc) in C::bad_scalars() {
                let mut b = bytes.clone();
                b[o..o + s_len].copy_from_slice(&enc);
                t.check::<C>(&format!("scalar := {name}"), FORMAT, &bp, &b, &st);
            }
            let mut b = bytes.clone();
            b[o..o + s_len].copy_from_slice(&[0u8; 32]);
            t.check::<C>("scalar := 0", VERIFY, &bp, &b, &st);
        }
        // Swaps of fields of one type (A↔A1, A1↔B, L_j↔R_j, r1↔s1, d1_0↔d1_1).
        let swap = |a: usize, c: usize, len: usize| {
            let mut b = bytes.clone();
            let (x, y) = (b[a..a + len].to_vec(), b[c..c + len].to_vec());
            b[a..a + len].copy_from_slice(&y);
            b[c..c + len].copy_from_slice(&x);
            b
        };
        let mut swaps = vec![(points[0], points[1], p_len), (points[1], points[2], p_len)];
        swaps.extend(points[3..].chunks(2).map(|lr| (lr[0], lr[1], p_len)));
        swaps.push((scalars[s.t], scalars[s.t + 1], s_len));
        if s.t > 1 {
            swaps.push((scalars[0], scalars[1], s_len));
        }
        for (a, c, len) in swaps {
            t.check::<C>("swap", VERIFY, &bp, &swap(a, c, len), &st);
        }

        // Wrong statements: commitments.
        let pc = C::pedersen_gens(s.t);
        let (B, masks) = (
            C::point_from_api(&pc.value_base()),
            pc.mask_bases()
                .iter()
                .map(C::point_from_api)
                .collect::<Vec<_>>(),
        );
        let other_seed = &seeds[(k + 1) % seeds.len()];
        for j in 0..s.m() {
            let V = C::decode(&C::encoding_from_bytes(&s.vs[j]).expect("length")).expect("point");
            let mut wrong = vec![
                C::encode(&(V + B)),
                C::encode(&-V),
                C::encode(&(V + masks[0])),
            ];
            if s.m() > 1 {
                wrong.push(C::encoding_from_bytes(&s.vs[(j + 1) % s.m()]).expect("length"));
            }
            wrong.push(C::encoding_from_bytes(&other_seed.vs[0]).expect("length"));
            for w in wrong {
                if C::encoding_bytes(&w) == s.vs[j].as_slice() {
                    continue;
                }
                let mut vs = s.vs.clone();
                vs[j] = C::encoding_bytes(&w).to_vec();
                t.check::<C>(
                    "wrong commitment",
                    VERIFY,
                    &bp,
                    bytes,
                    &Statement { vs: &vs, ..st },
                );
            }
        }
        // Bit widths.
        for n2 in [s.n - 1, s.n + 1, 2 * s.n, s.n / 2] {
            if n2 == s.n || !(1..=64).contains(&n2) {
                continue;
            }
            let fits = s.mins.iter().all(|o| n2 == 64 || o >> n2 == 0);
            let expect = if fits {
                VERIFY
            } else {
                Expect(&[ProofError::InvalidMinValue])
            };
            t.check::<C>("wrong n", expect, &bp, bytes, &Statement { n: n2, ..st });
        }
        for n2 in [0, 65, 128, usize::MAX] {
            t.check::<C>(
                "n out of 1..=64",
                Expect(&[ProofError::InvalidBitsize]),
                &bp,
                bytes,
                &Statement { n: n2, ..st },
            );
        }
        // Numbers of values.
        let with_m = |m2: usize| -> (Vec<Vec<u8>>, Vec<u64>) {
            let vs: Vec<Vec<u8>> = (0..m2).map(|j| s.vs[j % s.m()].clone()).collect();
            let mins = if s.mins.is_empty() {
                Vec::new()
            } else {
                (0..m2).map(|j| s.mins[j % s.m()]).collect()
            };
            (vs, mins)
        };
        let mut ms = vec![s.m() + 1, 2 * s.m()];
        if s.m() > 1 {
            ms.push(s.m() - 1);
        }
        for m2 in ms {
            let (vs, mins) = with_m(m2);
            t.check::<C>(
                "wrong m",
                VERIFY,
                &bp,
                bytes,
                &Statement {
                    vs: &vs,
                    mins: &mins,
                    ..st
                },
            );
        }
        t.check::<C>(
            "m = 0",
            Expect(&[ProofError::InvalidAggregation]),
            &bp,
            bytes,
            &Statement {
                vs: &[],
                mins: &[],
                ..st
            },
        );
        let (vs, mins) = with_m(GENS_M + 1);
        t.check::<C>(
            "m above the generators",
            Expect(&[ProofError::InvalidGeneratorsLength]),
            &bp,
            bytes,
            &Statement {
                vs: &vs,
                mins: &mins,
                ..st
            },
        );
        // Extension degrees.
        for t2 in 1..=6 {
            if t2 != s.t {
                t.check::<C>(
                    "wrong t",
                    Expect(&[ProofError::InvalidExtensionDegree]),
                    &bp,
                    bytes,
                    &Statement { t: t2, ..st },
                );
            }
        }
        // Minimum values.
        let base_mins = if s.mins.is_empty() {
            vec![0; s.m()]
        } else {
            s.mins.clone()
        };
        for j in 0..s.m() {
            let mut too_large = vec![u64::MAX];
            if s.n < 64 {
                too_large.extend([1 << s.n, (1 << s.n) + 1]);
            }
            for o in too_large {
                let mut mins = base_mins.clone();
                mins[j] = o;
                let expect = if s.n < 64 {
                    Expect(&[ProofError::InvalidMinValue])
                } else {
                    VERIFY
                };
                t.check::<C>(
                    "min value >= 2^n",
                    expect,
                    &bp,
                    bytes,
                    &Statement { mins: &mins, ..st },
                );
            }
            let mut mins = base_mins.clone();
            mins[j] ^= 1;
            t.check::<C>(
                "wrong min value",
                VERIFY,
                &bp,
                bytes,
                &Statement { mins: &mins, ..st },
            );
        }
        let mut more = base_mins.clone();
        more.push(0);
        t.check::<C>(
            "min value count",
            Expect(&[ProofError::InvalidInputLength]),
            &bp,
            bytes,
            &Statement { mins: &more, ..st },
        );
        if s.m() > 1 {
            t.check::<C>(
                "min value count",
                Expect(&[ProofError::InvalidInputLength]),
                &bp,
                bytes,
                &Statement {
                    mins: &base_mins[1..],
                    ..st
                },
            );
        }
        t.check::<C>(
            "wrong label",
            VERIFY,
            &bp,
            bytes,
            &Statement {
                label: b"another label",
                ..st
            },
        );
    }
}

#[test]
fn gauntlet_bp_plus() {
    let full = std::env::var("BALLISTIC_GAUNTLET").is_ok_and(|v| v == "full");
    let mut t = Tally::default();
    if full {
        let mut shapes = Vec::new();
        for (i, n) in [1usize, 8, 13, 32, 64].into_iter().enumerate() {
            for m in [1usize, 2, 3, 4] {
                shapes.push((n, m, [1, 2, 3, 6][(i + m) % 4], (i + m) % 2 == 0));
            }
        }
        run::<Ristretto>(&shapes, 0x6270_6761, &mut t);
        run::<Secp256k1>(&shapes, 0x6270_6762, &mut t);
    } else {
        // CI: three seed proofs per curve, one of them without rounds.
        run::<Ristretto>(
            &[(64, 1, 1, false), (13, 3, 2, true), (1, 1, 6, true)],
            0x6270_6761,
            &mut t,
        );
        run::<Secp256k1>(
            &[(32, 2, 3, true), (8, 3, 1, false), (1, 1, 2, false)],
            0x6270_6762,
            &mut t,
        );
    }
    t.report_and_assert();
}
