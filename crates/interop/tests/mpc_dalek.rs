//! Multi-party proving against dalek's `bulletproofs` 5 `range_proof_mpc`.
//!
//! * Every message crosses as bytes: ballistic's and dalek's messages serialise to
//!   the same bincode bytes and the same JSON, whichever side made them, and each
//!   side deserialises the other's (checked on every message of every run).
//! * Lockstep dealers: one ballistic and one dalek dealer are fed the same message
//!   bytes; they send the same challenges and output byte-identical proofs (trusted
//!   and verifying dealers), which verify under both crates. Parties are all
//!   ballistic, all dalek, or mixed, for `m ∈ {1, 2, 4, 8}`.
//! * Malice across crates: dalek's parties with out-of-range values are named by a
//!   ballistic dealer; a ballistic party refuses zero challenges sent as bytes.
//! * Message sizes are dalek's (`96, 64, 64, 32, 112 + 64·n` bytes).

use ballistic::merlin::Transcript;
use ballistic::ristretto as ours;
use ballistic::ristretto::range_proof_mpc as ours_mpc;
use bulletproofs as dalek;
use bulletproofs::range_proof_mpc as dalek_mpc;
use interop::{commitments_from_v4, random_scalar, random_value};
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::de::DeserializeOwned;
use serde::Serialize;

const LABEL: &[u8] = b"ballistic interop: mpc";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Ours,
    Dalek,
}

/// Deserialises `bytes` (bincode) into both crates' type, checks that both
/// re-serialise to `bytes` and to the same JSON, and that each side reads the
/// other's JSON; returns both.
fn cross<O, D>(bytes: &[u8]) -> (O, D)
where
    O: Serialize + DeserializeOwned,
    D: Serialize + DeserializeOwned,
{
    let o: O = bincode::deserialize(bytes).expect("ballistic reads the bytes");
    let d: D = bincode::deserialize(bytes).expect("dalek reads the bytes");
    assert_eq!(bincode::serialize(&o).unwrap(), bytes);
    assert_eq!(bincode::serialize(&d).unwrap(), bytes);
    let (jo, jd) = (
        serde_json::to_string(&o).unwrap(),
        serde_json::to_string(&d).unwrap(),
    );
    assert_eq!(jo, jd);
    let (po, pd) = (
        serde_json::to_string_pretty(&o).unwrap(),
        serde_json::to_string_pretty(&d).unwrap(),
    );
    assert_eq!(po, pd);
    let o2: O = serde_json::from_str(&jd).unwrap();
    let d2: D = serde_json::from_str(&jo).unwrap();
    assert_eq!(bincode::serialize(&o2).unwrap(), bytes);
    assert_eq!(bincode::serialize(&d2).unwrap(), bytes);
    (o, d)
}

fn ser<T: Serialize>(t: &T) -> Vec<u8> {
    bincode::serialize(t).unwrap()
}

/// A party of either crate awaiting the bit challenge (held briefly; size is moot).
#[allow(clippy::large_enum_variant)]
enum Bit<'a> {
    Ours(ours_mpc::party::PartyAwaitingBitChallenge<'a>),
    Dalek(dalek_mpc::party::PartyAwaitingBitChallenge<'a>),
}

/// A party of either crate awaiting the polynomial challenge.
#[allow(clippy::large_enum_variant)]
enum Poly {
    Ours(ours_mpc::party::PartyAwaitingPolyChallenge),
    Dalek(dalek_mpc::party::PartyAwaitingPolyChallenge),
}

struct Shape {
    n: usize,
    m: usize,
    ours_bp: ours::BulletproofGens,
    ours_pc: ours::PedersenGens,
    dalek_bp: dalek::BulletproofGens,
    dalek_pc: dalek::PedersenGens,
}

impl Shape {
    fn new(n: usize, m: usize) -> Self {
        Shape {
            n,
            m,
            ours_bp: ours::BulletproofGens::new(n, m),
            ours_pc: ours::PedersenGens::default(),
            dalek_bp: dalek::BulletproofGens::new(n, m),
            dalek_pc: dalek::PedersenGens::default(),
        }
    }

    /// The parties' first round: their states and bit commitments as bytes.
    fn start(
        &self,
        sides: &[Side],
        values: &[u64],
        rng: &mut StdRng,
    ) -> (Vec<Bit<'_>>, Vec<Vec<u8>>) {
        let mut states = Vec::new();
        let mut msgs = Vec::new();
        for (j, (side, v)) in sides.iter().zip(values).enumerate() {
            let (b_ours, b_dalek) = random_scalar(rng);
            match side {
                Side::Ours => {
                    let p = ours_mpc::party::Party::new(
                        &self.ours_bp,
                        &self.ours_pc,
                        *v,
                        b_ours,
                        self.n,
                    )
                    .unwrap();
                    let (p, msg) = p.assign_position_with_rng(j, rng).unwrap();
                    states.push(Bit::Ours(p));
                    msgs.push(ser(&msg));
                }
                Side::Dalek => {
                    let p = dalek_mpc::party::Party::new(
                        &self.dalek_bp,
                        &self.dalek_pc,
                        *v,
                        b_dalek,
                        self.n,
                    )
                    .unwrap();
                    let (p, msg) = p.assign_position_with_rng(j, rng).unwrap();
                    states.push(Bit::Dalek(p));
                    msgs.push(ser(&msg));
                }
            }
        }
        (states, msgs)
    }
}

/// Both parties' rounds 2 and 3 for the challenge bytes.
fn poly_round(parties: Vec<Bit<'_>>, yz: &[u8], rng: &mut StdRng) -> (Vec<Poly>, Vec<Vec<u8>>) {
    let (o, d): (
        ours_mpc::messages::BitChallenge,
        dalek_mpc::messages::BitChallenge,
    ) = cross(yz);
    parties
        .into_iter()
        .map(|p| match p {
            Bit::Ours(p) => {
                let (p, msg) = p.apply_challenge_with_rng(&o, rng);
                (Poly::Ours(p), ser(&msg))
            }
            Bit::Dalek(p) => {
                let (p, msg) = p.apply_challenge_with_rng(&d, rng);
                (Poly::Dalek(p), ser(&msg))
            }
        })
        .unzip()
}

fn share_round(parties: Vec<Poly>, x: &[u8]) -> Vec<Vec<u8>> {
    let (o, d): (
        ours_mpc::messages::PolyChallenge,
        dalek_mpc::messages::PolyChallenge,
    ) = cross(x);
    parties
        .into_iter()
        .map(|p| match p {
            Poly::Ours(p) => ser(&p.apply_challenge(&o).unwrap()),
            Poly::Dalek(p) => ser(&p.apply_challenge(&d).unwrap()),
        })
        .collect()
}

/// One run with both dealers in lockstep; returns the proof bytes.
fn lockstep(shape: &Shape, sides: &[Side], trusted: bool, seed: u64) -> Vec<u8> {
    let (n, m) = (shape.n, shape.m);
    let mut rng = StdRng::seed_from_u64(seed);
    let values: Vec<u64> = (0..m).map(|_| random_value(&mut rng, n)).collect();
    let mut t_ours = Transcript::new(LABEL);
    let mut t_dalek = Transcript::new(LABEL);
    let d_ours =
        ours_mpc::dealer::Dealer::new(&shape.ours_bp, &shape.ours_pc, &mut t_ours, n, m).unwrap();
    let d_dalek =
        dalek_mpc::dealer::Dealer::new(&shape.dalek_bp, &shape.dalek_pc, &mut t_dalek, n, m)
            .unwrap();

    let (parties, bits) = shape.start(sides, &values, &mut rng);
    let (bits_o, bits_d): (
        Vec<ours_mpc::messages::BitCommitment>,
        Vec<dalek_mpc::messages::BitCommitment>,
    ) = bits
        .iter()
        .map(|b| cross::<ours_mpc::messages::BitCommitment, dalek_mpc::messages::BitCommitment>(b))
        .unzip();
    for b in &bits {
        assert_eq!(b.len(), 96);
    }
    let commitments: Vec<_> = bits_o.iter().map(|b| *b.v_j()).collect();
    let (d_ours, yz_o) = d_ours.receive_bit_commitments(bits_o).unwrap();
    let (d_dalek, yz_d) = d_dalek.receive_bit_commitments(bits_d).unwrap();
    let yz = ser(&yz_o);
    assert_eq!(yz, ser(&yz_d), "both dealers draw the same y, z");
    assert_eq!(yz.len(), 64);

    let (parties, polys) = poly_round(parties, &yz, &mut rng);
    let (polys_o, polys_d): (
        Vec<ours_mpc::messages::PolyCommitment>,
        Vec<dalek_mpc::messages::PolyCommitment>,
    ) = polys
        .iter()
        .map(|p| {
            cross::<ours_mpc::messages::PolyCommitment, dalek_mpc::messages::PolyCommitment>(p)
        })
        .unzip();
    for p in &polys {
        assert_eq!(p.len(), 64);
    }
    let (d_ours, x_o) = d_ours.receive_poly_commitments(polys_o).unwrap();
    let (d_dalek, x_d) = d_dalek.receive_poly_commitments(polys_d).unwrap();
    let x = ser(&x_o);
    assert_eq!(x, ser(&x_d), "both dealers draw the same x");
    assert_eq!(x.len(), 32);

    let shares = share_round(parties, &x);
    let (shares_o, shares_d): (
        Vec<ours_mpc::messages::ProofShare>,
        Vec<dalek_mpc::messages::ProofShare>,
    ) = shares
        .iter()
        .map(|s| cross::<ours_mpc::messages::ProofShare, dalek_mpc::messages::ProofShare>(s))
        .unzip();
    for s in &shares {
        assert_eq!(s.len(), 112 + 64 * n);
    }
    let (p_ours, p_dalek) = if trusted {
        (
            d_ours.receive_trusted_shares(&shares_o).unwrap(),
            d_dalek.receive_trusted_shares(&shares_d).unwrap(),
        )
    } else {
        (
            d_ours.receive_shares_with_rng(&shares_o, &mut rng).unwrap(),
            d_dalek
                .receive_shares_with_rng(&shares_d, &mut rng)
                .unwrap(),
        )
    };
    let bytes = p_ours.to_bytes();
    assert_eq!(bytes, p_dalek.to_bytes(), "byte-identical proofs");
    assert_eq!(ser(&p_ours), ser(&p_dalek));

    // Each proof verifies under both crates.
    let theirs = dalek::RangeProof::from_bytes(&bytes).unwrap();
    let commitments_v4: Vec<_> = commitments.iter().map(interop::compressed_to_v4).collect();
    theirs
        .verify_multiple(
            &shape.dalek_bp,
            &shape.dalek_pc,
            &mut Transcript::new(LABEL),
            &commitments_v4,
            n,
        )
        .unwrap();
    assert_eq!(commitments_from_v4(&commitments_v4), commitments);
    ours::RangeProof::from_bytes(&bytes)
        .unwrap()
        .verify_multiple(
            &shape.ours_bp,
            &shape.ours_pc,
            &mut Transcript::new(LABEL),
            &commitments,
            n,
        )
        .unwrap();
    bytes
}

fn mixes(m: usize) -> Vec<Vec<Side>> {
    vec![
        vec![Side::Ours; m],
        vec![Side::Dalek; m],
        (0..m)
            .map(|j| if j % 2 == 0 { Side::Ours } else { Side::Dalek })
            .collect(),
    ]
}

#[test]
fn lockstep_dealers_n8() {
    let mut seed = 0;
    for m in [1, 2, 4, 8] {
        let shape = Shape::new(8, m);
        for sides in mixes(m) {
            seed += 1;
            lockstep(&shape, &sides, seed % 2 == 0, seed);
        }
    }
}

#[test]
fn lockstep_dealers_wide() {
    let mut seed = 100;
    for (n, ms) in [(16, &[2][..]), (32, &[2][..]), (64, &[1, 2, 4, 8][..])] {
        for &m in ms {
            let shape = Shape::new(n, m);
            let sides = mixes(m).pop().unwrap();
            for trusted in [false, true] {
                seed += 1;
                lockstep(&shape, &sides, trusted, seed);
            }
        }
    }
}

/// dalek's parties with 64-bit values in a 32-bit proof (dalek's own test of its
/// dealer) are named by a ballistic dealer; the honest parties (one ballistic) are not.
#[test]
fn dalek_out_of_range_parties_named_by_ballistic_dealer() {
    let (n, m) = (32, 4);
    let shape = Shape::new(n, m);
    let mut rng = StdRng::seed_from_u64(7);
    let values = [5u64, 1 << 40, 9, u64::MAX];
    let sides = [Side::Ours, Side::Dalek, Side::Dalek, Side::Dalek];
    let mut t = Transcript::new(LABEL);
    let dealer =
        ours_mpc::dealer::Dealer::new(&shape.ours_bp, &shape.ours_pc, &mut t, n, m).unwrap();
    let (parties, bits) = shape.start(&sides, &values, &mut rng);
    let bits: Vec<ours_mpc::messages::BitCommitment> = bits
        .iter()
        .map(|b| bincode::deserialize(b).unwrap())
        .collect();
    let (dealer, yz) = dealer.receive_bit_commitments(bits).unwrap();
    let (parties, polys) = poly_round(parties, &ser(&yz), &mut rng);
    let polys = polys
        .iter()
        .map(|p| bincode::deserialize(p).unwrap())
        .collect();
    let (dealer, x) = dealer.receive_poly_commitments(polys).unwrap();
    let shares: Vec<ours_mpc::messages::ProofShare> = share_round(parties, &ser(&x))
        .iter()
        .map(|s| bincode::deserialize(s).unwrap())
        .collect();
    let err = dealer
        .receive_shares_with_rng(&shares, &mut rng)
        .unwrap_err();
    assert_eq!(
        err,
        ours_mpc::MPCError::MalformedProofShares {
            bad_shares: vec![1, 3]
        }
    );
}

/// A ballistic party refuses zero challenges received as bytes (a "dalek dealer"
/// that sends 32 zero bytes); a dalek party refuses only the zero `x`.
#[test]
fn ballistic_party_refuses_zero_challenges_as_bytes() {
    let shape = Shape::new(8, 1);
    let mut rng = StdRng::seed_from_u64(8);
    let zero_x: ours_mpc::messages::PolyChallenge = bincode::deserialize(&[0u8; 32]).unwrap();
    for zero_y in [false, true] {
        let (parties, _) = shape.start(&[Side::Ours], &[3], &mut rng);
        let Some(Bit::Ours(p)) = parties.into_iter().next() else {
            unreachable!()
        };
        let mut yz = [1u8; 64];
        let at = if zero_y { 0 } else { 32 };
        yz[at..at + 32].fill(0);
        let yz: ours_mpc::messages::BitChallenge = bincode::deserialize(&yz).unwrap();
        let (p, _) = p.apply_challenge_with_rng(&yz, &mut rng);
        let x: ours_mpc::messages::PolyChallenge = bincode::deserialize(&[1u8; 32]).unwrap();
        assert_eq!(
            p.apply_challenge(&x).unwrap_err(),
            ours_mpc::MPCError::MaliciousDealer
        );
    }
    let (parties, _) = shape.start(&[Side::Ours], &[3], &mut rng);
    let Some(Bit::Ours(p)) = parties.into_iter().next() else {
        unreachable!()
    };
    let yz: ours_mpc::messages::BitChallenge = bincode::deserialize(&[1u8; 64]).unwrap();
    let (p, _) = p.apply_challenge_with_rng(&yz, &mut rng);
    assert_eq!(
        p.apply_challenge(&zero_x).unwrap_err(),
        ours_mpc::MPCError::MaliciousDealer
    );
    // Non-canonical scalars are refused by both crates' serde, as dalek's.
    let bad = [0xffu8; 32];
    assert!(bincode::deserialize::<ours_mpc::messages::PolyChallenge>(&bad).is_err());
    assert!(bincode::deserialize::<dalek_mpc::messages::PolyChallenge>(&bad).is_err());
}

/// The error conversions and names match dalek's for the shared variants.
#[test]
fn errors_convert_as_dalek() {
    use ours_mpc::MPCError as O;
    assert_eq!(
        ours::ProofError::from(O::InvalidBitsize),
        ours::ProofError::InvalidBitsize
    );
    assert_eq!(
        dalek::ProofError::from(dalek_mpc::MPCError::InvalidBitsize),
        dalek::ProofError::InvalidBitsize
    );
    assert_eq!(
        ours::ProofError::from(O::WrongNumProofShares),
        ours::ProofError::ProvingError
    );
    assert_eq!(
        format!("{:?}", O::MaliciousDealer),
        format!("{:?}", dalek_mpc::MPCError::MaliciousDealer)
    );
}
