//! Tests of the multi-party prover: completeness over shapes, every error path,
//! the recomputing parties, secret cleanup.

use alloc::vec::Vec;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

use super::dealer::{Dealer, DealerAwaitingBitCommitments};
use super::messages::{BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare};
use super::party::{Party, PartyAwaitingBitChallenge};
use super::MPCError;
use crate::curve::ristretto::Ristretto;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::range_proof::format::Dalek;
use crate::range_proof::prover::Cheat;
use crate::range_proof::RangeProof;
use curve25519_dalek::ristretto::CompressedRistretto;
use curve25519_dalek::scalar::Scalar;
use merlin::Transcript;

type Proof = RangeProof<Ristretto, Dalek>;
type Bp = BulletproofGens<Ristretto>;
type Pc = PedersenGens<Ristretto>;

fn rng(seed: u64) -> ChaCha20Rng {
    ChaCha20Rng::seed_from_u64(seed)
}

fn blinding(rng: &mut ChaCha20Rng) -> Scalar {
    crate::ristretto::random_scalar(rng)
}

/// Values that fill the bit width (the largest, the smallest, and between).
fn values(n: usize, m: usize) -> Vec<u64> {
    let max = if n == 64 { u64::MAX } else { (1 << n) - 1 };
    (0..m as u64)
        .map(|j| match j % 3 {
            0 => max,
            1 => 0,
            _ => max / (j + 1),
        })
        .collect()
}

/// How the dealer ends the protocol.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum End {
    Verifying,
    Trusted,
}

/// Tampering applied to the protocol's messages (by party or by the dealer).
#[derive(Default)]
struct Tamper {
    /// Parties whose range check is skipped (they prove the low bits).
    cheaters: Vec<usize>,
    /// `(copier, victim)`: the copier sends the victim's bit commitment.
    copy: Option<(usize, usize)>,
    /// Edits each share before the dealer sees it.
    share: Option<fn(usize, &mut ProofShare<Ristretto>)>,
}

struct Run {
    proof: Proof,
    commitments: Vec<CompressedRistretto>,
}

fn run(n: usize, vals: &[u64], end: End, seed: u64, tamper: &Tamper) -> Result<Run, MPCError> {
    let m = vals.len();
    let (bp, pc) = (Bp::new(n, m), Pc::default());
    let mut rng = rng(seed);
    let mut transcript = Transcript::new(b"mpc test");
    let dealer = Dealer::<Ristretto, Dalek>::new(&bp, &pc, &mut transcript, n, m)?;
    let mut parties = Vec::new();
    let mut bits = Vec::new();
    for (j, v) in vals.iter().enumerate() {
        let cheat = Cheat {
            skip_range_check: tamper.cheaters.contains(&j),
            ..Cheat::default()
        };
        let p = Party::<Ristretto, Dalek>::new_with(&bp, &pc, *v, blinding(&mut rng), n, cheat)?;
        let (p, b) = p.assign_position_with_rng(j, &mut rng)?;
        parties.push(p);
        bits.push(b);
    }
    if let Some((copier, victim)) = tamper.copy {
        bits[copier] = bits[victim];
    }
    let commitments: Vec<CompressedRistretto> = bits.iter().map(|b| b.V_j).collect();
    let (dealer, yz) = dealer.receive_bit_commitments(bits)?;
    let (parties, polys): (Vec<_>, Vec<_>) = parties
        .into_iter()
        .map(|p| p.apply_challenge_with_rng(&yz, &mut rng))
        .unzip();
    let (dealer, x) = dealer.receive_poly_commitments(polys)?;
    let mut shares = parties
        .into_iter()
        .map(|p| p.apply_challenge(&x))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(edit) = tamper.share {
        for (j, s) in shares.iter_mut().enumerate() {
            edit(j, s);
        }
    }
    let proof = match end {
        End::Verifying => dealer.receive_shares_with_rng(&shares, &mut rng)?,
        End::Trusted => dealer.receive_trusted_shares(&shares)?,
    };
    Ok(Run { proof, commitments })
}

fn verifies(n: usize, r: &Run) -> bool {
    let m = r.commitments.len();
    let (bp, pc) = (Bp::new(n, m), Pc::default());
    r.proof
        .verify_multiple_with_rng(
            &bp,
            &pc,
            &mut Transcript::new(b"mpc test"),
            &r.commitments,
            n,
            &mut rng(99),
        )
        .is_ok()
}

/// Every shape (padded or not) gives a proof that verifies as an aggregated proof,
/// under both dealers; with the same randomness both dealers output the same proof.
#[test]
fn completeness_over_shapes() {
    let shapes: &[(usize, &[usize])] = &[
        (1, &[1, 2, 3, 5, 8]),
        (7, &[1, 2, 3, 5, 8]),
        (8, &[1, 2, 3, 5, 8]),
        (33, &[1, 3]),
        (64, &[1, 2]),
    ];
    let mut seed = 0;
    for &(n, ms) in shapes {
        for &m in ms {
            seed += 1;
            let vals = values(n, m);
            let r = run(n, &vals, End::Verifying, seed, &Tamper::default()).unwrap();
            assert!(verifies(n, &r), "n = {n}, m = {m}");
            assert_eq!(
                r.proof.rounds(),
                crate::util::padded_len(n, m).trailing_zeros() as usize
            );
            let t = run(n, &vals, End::Trusted, seed, &Tamper::default()).unwrap();
            assert_eq!(t.proof.to_bytes(), r.proof.to_bytes(), "n = {n}, m = {m}");
        }
    }
}

#[test]
fn shape_errors() {
    let (bp, pc) = (Bp::new(16, 2), Pc::default());
    let mut t = Transcript::new(b"t");
    let dealer =
        |t: &mut Transcript, n, m| Dealer::<Ristretto, Dalek>::new(&bp, &pc, t, n, m).map(|_| ());
    assert_eq!(dealer(&mut t, 0, 1), Err(MPCError::InvalidBitsize));
    assert_eq!(dealer(&mut t, 65, 1), Err(MPCError::InvalidBitsize));
    assert_eq!(dealer(&mut t, 8, 0), Err(MPCError::InvalidAggregation));
    assert_eq!(
        dealer(&mut t, 17, 1),
        Err(MPCError::InvalidGeneratorsLength)
    );
    assert_eq!(dealer(&mut t, 8, 3), Err(MPCError::InvalidGeneratorsLength));
    assert_eq!(dealer(&mut t, 16, 2), Ok(()));

    let party = |v, n| Party::<Ristretto, Dalek>::new(&bp, &pc, v, Scalar::ONE, n).map(|_| ());
    assert_eq!(party(0, 0), Err(MPCError::InvalidBitsize));
    assert_eq!(party(0, 65), Err(MPCError::InvalidBitsize));
    assert_eq!(party(0, 17), Err(MPCError::InvalidGeneratorsLength));
    assert_eq!(party(1 << 16, 16), Err(MPCError::ValueOutOfRange));
    assert_eq!(party((1 << 16) - 1, 16), Ok(()));
    assert_eq!(party(u64::MAX, 16), Err(MPCError::ValueOutOfRange));
    let p = Party::<Ristretto, Dalek>::new(&bp, &pc, 1, Scalar::ONE, 8).unwrap();
    assert_eq!(
        p.assign_position(2).map(|_| ()).unwrap_err(),
        MPCError::InvalidGeneratorsLength
    );
    assert_eq!(
        MPCError::from_shape(crate::ProofError::InvalidAggregation),
        MPCError::InvalidAggregation
    );
}

/// The dealer's count checks, round by round.
#[test]
fn wrong_message_counts() {
    let (bp, pc) = (Bp::new(8, 2), Pc::default());
    let mut r = rng(1);
    let start = |j, r: &mut ChaCha20Rng| {
        Party::<Ristretto, Dalek>::new(&bp, &pc, 3, blinding(r), 8)
            .unwrap()
            .assign_position_with_rng(j, r)
            .unwrap()
    };
    let (p0, b0) = start(0, &mut r);
    let (p1, b1) = start(1, &mut r);
    let (mut t1, mut t2, mut t3) = (
        Transcript::new(b"t"),
        Transcript::new(b"t"),
        Transcript::new(b"t"),
    );
    let e = Dealer::<Ristretto, Dalek>::new(&bp, &pc, &mut t1, 8, 2)
        .unwrap()
        .receive_bit_commitments(alloc::vec![b0])
        .unwrap_err();
    assert_eq!(e, MPCError::WrongNumBitCommitments);
    let e = Dealer::<Ristretto, Dalek>::new(&bp, &pc, &mut t2, 8, 2)
        .unwrap()
        .receive_bit_commitments(alloc::vec![b0, b1, b0])
        .unwrap_err();
    assert_eq!(e, MPCError::WrongNumBitCommitments);
    let (d, yz) = Dealer::<Ristretto, Dalek>::new(&bp, &pc, &mut t3, 8, 2)
        .unwrap()
        .receive_bit_commitments(alloc::vec![b0, b1])
        .unwrap();
    let (p0, c0) = p0.apply_challenge_with_rng(&yz, &mut r);
    let (p1, c1) = p1.apply_challenge_with_rng(&yz, &mut r);
    assert_eq!(
        Dealer_poly_count(d, alloc::vec![c0]),
        MPCError::WrongNumPolyCommitments
    );
    let mut t = Transcript::new(b"t");
    let (d, yz2) = Dealer::<Ristretto, Dalek>::new(&bp, &pc, &mut t, 8, 2)
        .unwrap()
        .receive_bit_commitments(alloc::vec![b0, b1])
        .unwrap();
    assert_eq!(yz2, yz, "the same messages give the same challenges");
    let (d, x) = d.receive_poly_commitments(alloc::vec![c0, c1]).unwrap();
    let s0 = p0.apply_challenge(&x).unwrap();
    let s1 = p1.apply_challenge(&x).unwrap();
    let _ = s1;
    let e = d.receive_trusted_shares(&[s0]).unwrap_err();
    assert_eq!(e, MPCError::WrongNumProofShares);
}

#[allow(non_snake_case)]
fn Dealer_poly_count(
    d: super::dealer::DealerAwaitingPolyCommitments<'_, '_, Ristretto, Dalek>,
    polys: Vec<PolyCommitment<Ristretto>>,
) -> MPCError {
    d.receive_poly_commitments(polys).map(|_| ()).unwrap_err()
}

/// A share with a short `l_vec` or a wrong `t_x` is named, under both dealers for
/// the sizes.
#[test]
fn malformed_shares_are_named() {
    let vals = values(8, 4);
    let short = Tamper {
        share: Some(|j, s| {
            if j == 2 {
                s.l_vec.pop();
            }
        }),
        ..Tamper::default()
    };
    for end in [End::Verifying, End::Trusted] {
        let e = run(8, &vals, end, 5, &short).map(|_| ()).unwrap_err();
        assert_eq!(
            e,
            MPCError::MalformedProofShares {
                bad_shares: alloc::vec![2]
            }
        );
    }
    let t_x = Tamper {
        share: Some(|j, s| {
            if j == 1 || j == 3 {
                s.t_x += Scalar::ONE;
            }
        }),
        ..Tamper::default()
    };
    let e = run(8, &vals, End::Verifying, 5, &t_x)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e,
        MPCError::MalformedProofShares {
            bad_shares: alloc::vec![1, 3]
        }
    );
    // A consistent but wrong share (blinding shifted) is found by the audit.
    let tau = Tamper {
        share: Some(|j, s| {
            if j == 0 {
                s.t_x_blinding += Scalar::ONE;
            }
        }),
        ..Tamper::default()
    };
    let e = run(8, &vals, End::Verifying, 5, &tau)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e,
        MPCError::MalformedProofShares {
            bad_shares: alloc::vec![0]
        }
    );
    // The trusted dealer outputs a proof that does not verify.
    let r = run(8, &vals, End::Trusted, 5, &tau).unwrap();
    assert!(!verifies(8, &r));
}

/// A party whose value does not fit (it skipped its range check) is named by its
/// position, in a padded shape too; the trusted dealer's proof does not verify.
#[test]
fn out_of_range_parties_are_named() {
    for (n, m) in [(8, 4), (7, 5)] {
        let mut vals = values(n, m);
        vals[1] = 1 << n;
        vals[3] = u64::MAX;
        let cheat = Tamper {
            cheaters: alloc::vec![1, 3],
            ..Tamper::default()
        };
        let e = run(n, &vals, End::Verifying, 7, &cheat)
            .map(|_| ())
            .unwrap_err();
        assert_eq!(
            e,
            MPCError::MalformedProofShares {
                bad_shares: alloc::vec![1, 3]
            }
        );
        let r = run(n, &vals, End::Trusted, 7, &cheat).unwrap();
        assert!(!verifies(n, &r));
    }
}

/// A party that sends another party's bit commitment is named; the party it
/// copied is not blamed.
#[test]
fn copied_commitments_name_the_copier() {
    let vals = values(8, 4);
    let copy = Tamper {
        copy: Some((2, 0)),
        ..Tamper::default()
    };
    let e = run(8, &vals, End::Verifying, 11, &copy)
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        e,
        MPCError::MalformedProofShares {
            bad_shares: alloc::vec![2]
        }
    );
}

/// A party in phase 2 after the bit challenge `yz`, and the dealer's `x`.
fn party_and_x(
    bp: &Bp,
    pc: &Pc,
    yz: Option<BitChallenge<Ristretto>>,
) -> (
    super::party::PartyAwaitingPolyChallenge<Ristretto, Dalek>,
    PolyChallenge<Ristretto>,
) {
    let mut r = rng(3);
    let mut t = Transcript::new(b"t");
    let d = Dealer::<Ristretto, Dalek>::new(bp, pc, &mut t, 8, 1).unwrap();
    let p = Party::<Ristretto, Dalek>::new(bp, pc, 9, blinding(&mut r), 8).unwrap();
    let (p, b) = p.assign_position_with_rng(0, &mut r).unwrap();
    let (d, real_yz) = d.receive_bit_commitments(alloc::vec![b]).unwrap();
    let (p, c) = p.apply_challenge_with_rng(&yz.unwrap_or(real_yz), &mut r);
    let (_, x) = d.receive_poly_commitments(alloc::vec![c]).unwrap();
    (p, x)
}

/// Zero challenges are refused before the party reveals anything that depends on
/// them.
#[test]
fn zero_challenges_are_refused() {
    let (bp, pc) = (Bp::new(8, 1), Pc::default());
    let zero = Scalar::ZERO;
    let (p, _) = party_and_x(&bp, &pc, None);
    assert_eq!(
        p.apply_challenge(&PolyChallenge { x: zero }).unwrap_err(),
        MPCError::MaliciousDealer
    );
    for yz in [
        BitChallenge {
            y: zero,
            z: Scalar::ONE,
        },
        BitChallenge {
            y: Scalar::ONE,
            z: zero,
        },
    ] {
        let (p, x) = party_and_x(&bp, &pc, Some(yz));
        assert_eq!(
            p.apply_challenge(&x).unwrap_err(),
            MPCError::MaliciousDealer
        );
    }
    let (p, x) = party_and_x(&bp, &pc, None);
    assert!(p.apply_challenge(&x).is_ok());
}

/// Recomputing parties: an honest run verifies; a forged challenge, a substituted
/// own commitment and a wrong count are refused.
#[test]
fn recomputing_parties() {
    let (n, m) = (7, 3);
    let (bp, pc) = (Bp::new(n, m), Pc::default());
    let context = Transcript::new(b"recompute");
    let start = |r: &mut ChaCha20Rng| {
        let mut parties = Vec::new();
        let mut bits = Vec::new();
        for j in 0..m {
            let p = Party::<Ristretto, Dalek>::new(&bp, &pc, j as u64, blinding(r), n).unwrap();
            let (p, b) = p
                .assign_position_checked_with_rng(j, m, &context, r)
                .unwrap();
            parties.push(p);
            bits.push(b);
        }
        (parties, bits)
    };
    type Checked<'a> =
        PartyAwaitingBitChallenge<'a, Ristretto, Dalek, super::Recomputing<Ristretto, Dalek>>;
    let one = |p: Checked<'_>, yz, all: &[BitCommitment<Ristretto>]| {
        p.apply_challenge_with_rng(yz, all, &mut rng(0))
            .map(|_| ())
            .unwrap_err()
    };

    // Honest.
    let mut r = rng(21);
    let mut t = context.clone();
    let d: DealerAwaitingBitCommitments<'_, '_, Ristretto, Dalek> =
        Dealer::new(&bp, &pc, &mut t, n, m).unwrap();
    let (parties, bits) = start(&mut r);
    let V: Vec<_> = bits.iter().map(|b| b.V_j).collect();
    let (d, yz) = d.receive_bit_commitments(bits.clone()).unwrap();
    let (parties, polys): (Vec<_>, Vec<_>) = parties
        .into_iter()
        .map(|p| p.apply_challenge_with_rng(&yz, &bits, &mut r).unwrap())
        .unzip();
    let (d, x) = d.receive_poly_commitments(polys.clone()).unwrap();
    // A forged x is refused; the honest one answered.
    let mut shares = Vec::new();
    for (j, p) in parties.into_iter().enumerate() {
        match j {
            0 => assert_eq!(
                p.apply_challenge(&x, &polys[..2]).map(|_| ()).unwrap_err(),
                MPCError::WrongNumPolyCommitments
            ),
            1 => {
                let forged = PolyChallenge {
                    x: x.x + Scalar::ONE,
                };
                assert_eq!(
                    p.apply_challenge(&forged, &polys).unwrap_err(),
                    MPCError::ChallengeMismatch
                );
            }
            _ => {
                let mut swapped = polys.clone();
                swapped.swap(1, 2);
                assert_eq!(
                    p.apply_challenge(&x, &swapped).unwrap_err(),
                    MPCError::MaliciousDealer
                );
            }
        }
    }
    // A full honest run.
    let mut t = context.clone();
    let d2 = Dealer::<Ristretto, Dalek>::new(&bp, &pc, &mut t, n, m).unwrap();
    let (parties, bits) = start(&mut r);
    let V2: Vec<_> = bits.iter().map(|b| b.V_j).collect();
    let (d2, yz) = d2.receive_bit_commitments(bits.clone()).unwrap();
    let (parties, polys): (Vec<_>, Vec<_>) = parties
        .into_iter()
        .map(|p| p.apply_challenge_with_rng(&yz, &bits, &mut r).unwrap())
        .unzip();
    let (d2, x) = d2.receive_poly_commitments(polys.clone()).unwrap();
    for p in parties {
        shares.push(p.apply_challenge(&x, &polys).unwrap());
    }
    let proof = d2.receive_shares_with_rng(&shares, &mut r).unwrap();
    proof
        .verify_multiple_with_rng(&bp, &pc, &mut context.clone(), &V2, n, &mut r)
        .unwrap();
    drop((d, V));

    // Bit round: forged y, substituted own commitment, wrong count, other context.
    let (parties, bits) = start(&mut r);
    let mut t = context.clone();
    let d = Dealer::<Ristretto, Dalek>::new(&bp, &pc, &mut t, n, m).unwrap();
    let (_, yz) = d.receive_bit_commitments(bits.clone()).unwrap();
    let mut it = parties.into_iter();
    let forged = BitChallenge {
        y: yz.y + Scalar::ONE,
        z: yz.z,
    };
    assert_eq!(
        one(it.next().unwrap(), &forged, &bits),
        MPCError::ChallengeMismatch
    );
    let mut other = bits.clone();
    other[1] = other[0];
    assert_eq!(
        one(it.next().unwrap(), &yz, &other),
        MPCError::MaliciousDealer
    );
    assert_eq!(
        one(it.next().unwrap(), &yz, &bits[..2]),
        MPCError::WrongNumBitCommitments
    );
    let (parties, bits) = start(&mut r);
    let mut t = Transcript::new(b"another context");
    let d = Dealer::<Ristretto, Dalek>::new(&bp, &pc, &mut t, n, m).unwrap();
    let (_, yz) = d.receive_bit_commitments(bits.clone()).unwrap();
    for p in parties {
        assert_eq!(one(p, &yz, &bits), MPCError::ChallengeMismatch);
    }
    // Position checks of the recomputing party.
    let p = Party::<Ristretto, Dalek>::new(&bp, &pc, 1, Scalar::ONE, n).unwrap();
    assert_eq!(
        p.assign_position_checked(m, m, &context)
            .map(|_| ())
            .unwrap_err(),
        MPCError::InvalidGeneratorsLength
    );
}

/// Every party's secrets are zeroized once: on its answer, and when a party is
/// dropped between phases. `Debug` prints no secret.
#[cfg(feature = "std")]
#[test]
fn party_secrets_are_cleaned_up() {
    use crate::range_proof::party::cleanup_hook;
    let before = cleanup_hook::get();
    run(8, &values(8, 5), End::Verifying, 31, &Tamper::default()).unwrap();
    let after = cleanup_hook::get();
    assert_eq!((after.0 - before.0, after.1 - before.1), (5, 5));

    let (bp, pc) = (Bp::new(32, 1), Pc::default());
    let secret = Scalar::from(0x0bad_cafe_u64);
    let p = Party::<Ristretto, Dalek>::new(&bp, &pc, 0xdead_beef, secret, 32).unwrap();
    let shown = alloc::format!("{p:?}");
    assert!(
        !shown.contains("3735928559") && !shown.contains("blinding"),
        "{shown}"
    );
    let (p, _) = p.assign_position_with_rng(0, &mut rng(1)).unwrap();
    let shown = alloc::format!("{p:?}");
    assert!(
        !shown.contains("3735928559") && !shown.contains("blinding"),
        "{shown}"
    );
    let before = cleanup_hook::get();
    drop(p);
    let after = cleanup_hook::get();
    assert_eq!((after.0 - before.0, after.1 - before.1), (1, 1));
}

/// One generic run on any curve and format: `m` parties of `n` bits under a
/// verifying dealer; the proof verifies as an ordinary aggregated proof.
fn generic_run<C, F>(
    bp: &BulletproofGens<C>,
    make_transcript: impl Fn() -> F::Transcript,
    n: usize,
    m: usize,
    seed: u64,
) where
    C: crate::curve::Curve,
    F: crate::range_proof::format::RangeProofFormat<C>,
    F::Transcript: Clone,
{
    let pc = PedersenGens::<C>::default();
    let mut r = rng(seed);
    let vals = values(n, m);
    let mut t = make_transcript();
    let dealer = Dealer::<C, F>::new(bp, &pc, &mut t, n, m).unwrap();
    let (parties, bits): (Vec<_>, Vec<_>) = vals
        .iter()
        .enumerate()
        .map(|(j, v)| {
            let g = C::scalar_to_api(&C::scalar_random(&mut r));
            Party::<C, F>::new(bp, &pc, *v, g, n)
                .unwrap()
                .assign_position_with_rng(j, &mut r)
                .unwrap()
        })
        .unzip();
    let V: Vec<C::Encoding> = bits.iter().map(|b| *b.v_j()).collect();
    let (dealer, yz) = dealer.receive_bit_commitments(bits).unwrap();
    let (parties, polys): (Vec<_>, Vec<_>) = parties
        .into_iter()
        .map(|p| p.apply_challenge_with_rng(&yz, &mut r))
        .unzip();
    let (dealer, x) = dealer.receive_poly_commitments(polys).unwrap();
    let shares: Vec<_> = parties
        .into_iter()
        .map(|p| p.apply_challenge(&x).unwrap())
        .collect();
    let proof = dealer.receive_shares_with_rng(&shares, &mut r).unwrap();
    proof
        .verify_multiple_with_rng(bp, &pc, &mut make_transcript(), &V, n, &mut r)
        .unwrap();
    // The order of the commitments is part of the statement.
    let mut swapped = V.clone();
    swapped.swap(0, 1);
    assert!(proof
        .verify_multiple_with_rng(bp, &pc, &mut make_transcript(), &swapped, n, &mut r)
        .is_err());
}

/// The same core serves secp256k1, in dalek's construction (chained generators)
/// and in secp256k1-zkp's format (flat generators, its transcript).
#[test]
fn generic_over_curves_and_formats() {
    use crate::curve::secp256k1::Secp256k1;
    use crate::range_proof::zkp::{transcript::ZkpTranscript, Zkp};
    let bp = BulletproofGens::<Secp256k1>::new(8, 3);
    generic_run::<Secp256k1, Dalek>(&bp, || Transcript::new(b"secp mpc"), 8, 2, 41);
    generic_run::<Secp256k1, Dalek>(&bp, || Transcript::new(b"secp mpc"), 7, 3, 42);
    let flat = crate::secp256k1::zkp_generators(128);
    generic_run::<Secp256k1, Zkp>(&flat, ZkpTranscript::new, 8, 2, 43);
    generic_run::<Secp256k1, Zkp>(&flat, ZkpTranscript::new, 16, 3, 44);
}
