//! Soundness tests that need the prover's internals: a cheating prover.

use super::prover::{prove_with, Cheat};
use super::RangeProof;
use crate::curve::ristretto::scalar::MontScalar as Scalar;
use crate::curve::ristretto::Ristretto;
use crate::curve::Curve;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::ProofError;
use alloc::vec::Vec;
use merlin::Transcript;
use rand::{Rng, SeedableRng};

fn rng(seed: u64) -> rand_chacha::ChaCha20Rng {
    rand_chacha::ChaCha20Rng::seed_from_u64(seed)
}

/// A value ≥ 2^n proven by a prover that skips the range check (it proves the low
/// `n` bits) never verifies against the commitment to the real value.
#[test]
fn out_of_range_value_with_cheating_prover_fails() {
    let pc = PedersenGens::<Ristretto>::default();
    let mut r = rng(1);
    let mut rejected = 0;
    for &(n, m) in &[(8usize, 1usize), (7, 1), (7, 3), (33, 2), (63, 1), (16, 5)] {
        let bp = BulletproofGens::<Ristretto>::new(n, m);
        for trial in 0..3 {
            let mut values: Vec<u64> = (0..m).map(|_| r.gen::<u64>() >> (64 - n)).collect();
            // One value just above the range, or far above.
            let j = trial % m;
            values[j] = if trial == 0 {
                1u64 << n
            } else {
                (1u64 << n) + r.gen_range(0..1000u64)
            };
            let blindings: Vec<Scalar> = (0..m).map(|_| Scalar::from(r.gen::<u64>())).collect();
            let api_blindings: Vec<_> = blindings.iter().map(Scalar::to_dalek).collect();
            let honest = super::prover::prove::<_, crate::range_proof::format::Dalek, _>(
                &bp,
                &pc,
                &mut Transcript::new(b"cheat"),
                &values,
                &api_blindings,
                n,
                &mut r,
            );
            assert_eq!(honest.unwrap_err(), ProofError::ValueOutOfRange);
            let cheat = Cheat {
                skip_range_check: true,
                weights_into_padding: false,
            };
            let (proof, vs) = prove_with::<_, crate::range_proof::format::Dalek, _>(
                &bp,
                &pc,
                &mut Transcript::new(b"cheat"),
                &values,
                &blindings,
                n,
                &mut r,
                cheat,
            )
            .expect("cheating prover runs");
            let res = proof.verify_impl(&bp, &pc, &mut Transcript::new(b"cheat"), &vs, n, &mut r);
            assert_eq!(
                res,
                Err(ProofError::VerificationError),
                "n={n} m={m} accepted v={values:?}"
            );
            rejected += 1;
        }
    }
    assert_eq!(rejected, 18);
}

/// The padding positions carry zero weight: a prover that hides the high bits of a
/// value in the padding bits (the firo#888 class of bug) is rejected.
#[test]
fn value_hidden_in_padding_bits_fails() {
    let pc = PedersenGens::<Ristretto>::default();
    let mut r = rng(2);
    for &(n, m) in &[(7usize, 1usize), (5, 3), (33, 1), (48, 3), (1, 3), (63, 1)] {
        let bp = BulletproofGens::<Ristretto>::new(n, m);
        let np = crate::util::padded_len(n, m);
        assert!(np > n * m, "shape must need padding");
        let mut values: Vec<u64> = (0..m).map(|_| r.gen::<u64>() >> (64 - n)).collect();
        values[m - 1] |= 1u64 << n; // out of range, bit n goes to the first padding slot
        let blindings: Vec<Scalar> = (0..m).map(|_| Scalar::from(r.gen::<u64>())).collect();
        let cheat = Cheat {
            skip_range_check: true,
            weights_into_padding: true,
        };
        let (proof, vs) = prove_with::<_, crate::range_proof::format::Dalek, _>(
            &bp,
            &pc,
            &mut Transcript::new(b"pad"),
            &values,
            &blindings,
            n,
            &mut r,
            cheat,
        )
        .expect("cheating prover runs");
        let res = proof.verify_impl(&bp, &pc, &mut Transcript::new(b"pad"), &vs, n, &mut r);
        assert_eq!(
            res,
            Err(ProofError::VerificationError),
            "n={n} m={m} accepted"
        );
    }
}

/// Sanity check of the cheat hook itself: with an in-range value the hook that skips
/// the range check still produces valid proofs, so the rejections above come from the
/// out-of-range statement and not from a broken prover.
#[test]
fn cheat_hook_is_honest_on_in_range_values() {
    let pc = PedersenGens::<Ristretto>::default();
    let mut r = rng(3);
    let bp = BulletproofGens::<Ristretto>::new(7, 3);
    let values = [1u64, 100, 127];
    let blindings = [Scalar::from(3u64), Scalar::from(4u64), Scalar::from(5u64)];
    let cheat = Cheat {
        skip_range_check: true,
        weights_into_padding: false,
    };
    let (proof, vs) = prove_with::<_, crate::range_proof::format::Dalek, _>(
        &bp,
        &pc,
        &mut Transcript::new(b"ok"),
        &values,
        &blindings,
        7,
        &mut r,
        cheat,
    )
    .expect("prover runs");
    proof
        .verify_impl(&bp, &pc, &mut Transcript::new(b"ok"), &vs, 7, &mut r)
        .expect("in-range values verify");
}

/// A caller RNG that always returns the same bytes: the weakest possible.
pub(crate) struct ConstantRng;

impl rand_core::RngCore for ConstantRng {
    fn next_u32(&mut self) -> u32 {
        0x4242_4242
    }
    fn next_u64(&mut self) -> u64 {
        0x4242_4242_4242_4242
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        dest.fill(0x42);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

impl rand_core::CryptoRng for ConstantRng {}

/// `α·B̃` of a single-value proof of `v` at width `n`, recovered as
/// `A − Σ_i (a_L[i] ? G_i : −H_i)` (exact: the same `α` gives the same encoding).
pub(crate) fn alpha_blinding_of<C: Curve, F>(
    proof: &RangeProof<C, F>,
    bp: &BulletproofGens<C>,
    v: u64,
    n: usize,
) -> C::Encoding {
    let (G, H) = bp.vectors(crate::generators::GeneratorLayout::Parties { n, m: 1 });
    let mut a = proof.A.point;
    for i in 0..n {
        a = if (v >> i) & 1 == 1 {
            a - G[i]
        } else {
            a + H[i]
        };
    }
    C::encode(&a)
}

/// With a constant caller RNG, one `(v, γ)` proved at n = 32 and at n = 64 must not
/// reuse `α` (the prover's witness RNG is keyed by the whole statement): `α·B̃` is
/// recovered from each proof as `A − Σ_i (a_L[i] ? G_i : −H_i)`.
#[test]
fn weak_rng_does_not_repeat_nonces_across_statements() {
    let pc = PedersenGens::<Ristretto>::default();
    let (v, gamma) = (0x1234_5678u64, Scalar::from(99u64));
    let alpha_blinding = |n: usize| {
        let bp = BulletproofGens::<Ristretto>::new(n, 1);
        let (proof, _) = prove_with::<_, crate::range_proof::format::Dalek, _>(
            &bp,
            &pc,
            &mut Transcript::new(b"weak rng"),
            &[v],
            &[gamma],
            n,
            &mut ConstantRng,
            Cheat::default(),
        )
        .expect("proves");
        alpha_blinding_of(&proof, &bp, v, n)
    };
    // The recovery is exact: the same statement gives the same α (so the test can
    // see a reuse)…
    assert_eq!(alpha_blinding(32), alpha_blinding(32));
    // …and another bit width another α.
    assert_ne!(alpha_blinding(32), alpha_blinding(64));
}

/// The prover's phases compose across parties: `m` parties of one value each (the
/// last also covering the padding positions), each with its own nonces, answer the
/// dealer's challenges; the dealer sums their commitments and finishes with their
/// shares. The proof verifies under the ordinary verifier, and a party whose value
/// is out of range, or whose share is altered, makes it fail.
#[test]
fn parties_compose_into_one_proof() {
    use super::format::Dalek;
    use super::party::{Party, PartyPositions};
    use super::transcript::{RangeProofTranscript, RangeStatement, RngNonces};
    use crate::generators::GeneratorLayout;
    use crate::inner_product::ProofPoint;
    use crate::ristretto::Ristretto;

    let mut r = rng(24);
    for (n, m, tamper) in [
        (8usize, 4usize, 0u8),
        (16, 3, 0),
        (64, 2, 0),
        (8, 3, 1),
        (8, 2, 2),
    ] {
        let bp = BulletproofGens::new(n, m);
        let pc = PedersenGens::default();
        let (B, B_blinding) = pc.bases();
        let layout = GeneratorLayout::Parties { n, m };
        let np = layout.padded_len();
        let (G, H) = bp.vectors(layout);
        let mut values: Vec<u64> = (0..m).map(|_| r.gen::<u64>() >> (64 - n)).collect();
        if tamper == 1 {
            values[1] = 1u64 << n; // out of range, proved as its low n bits
        }
        let blindings: Vec<Scalar> = (0..m).map(|_| Scalar::from(r.gen::<u64>())).collect();
        let V: Vec<_> = values
            .iter()
            .zip(&blindings)
            .map(|(v, g)| {
                ProofPoint::<Ristretto>::new(Ristretto::pedersen_mul(
                    &[Ristretto::scalar_from_u64(*v), *g],
                    &[B, B_blinding],
                ))
                .encoding
            })
            .collect();
        let mut t = Transcript::new(b"parties");
        RangeProofTranscript::<Ristretto>::append_statement(&mut t, &RangeStatement::new(n, &V));
        let mut parties: Vec<_> = (0..m)
            .map(|j| {
                let len = if j + 1 == m { np - j * n } else { n };
                let cheat = Cheat {
                    skip_range_check: true,
                    weights_into_padding: false,
                };
                Party::<Ristretto>::new(
                    PartyPositions {
                        n,
                        first_slot: j,
                        values: 1,
                        offset: j * n,
                        len,
                    },
                    &values[j..j + 1],
                    &blindings[j..j + 1],
                    (B, B_blinding),
                    cheat,
                )
            })
            .collect();
        let mut nonces: Vec<_> = (0..m)
            .map(|j| RngNonces::new(rng(100 + j as u64)))
            .collect();
        let sum = |pts: &[ProofPoint<Ristretto>]| {
            ProofPoint::<Ristretto>::new(pts.iter().fold(Ristretto::identity(), |a, p| a + p.point))
        };
        let (As, Ss): (Vec<_>, Vec<_>) = parties
            .iter_mut()
            .zip(&mut nonces)
            .enumerate()
            .map(|(j, (p, nc))| {
                let len = if j + 1 == m { np - j * n } else { n };
                let gens = (&G[j * n..j * n + len], &H[j * n..j * n + len]);
                p.commit_bits(gens, nc, None).expect("lengths")
            })
            .unzip();
        let (A, S) = (sum(&As), sum(&Ss));
        let (y, z) =
            RangeProofTranscript::<Ristretto>::challenge_yz(&mut t, &A.encoding, &S.encoding)
                .expect("y, z");
        let (T1s, T2s): (Vec<_>, Vec<_>) = parties
            .iter_mut()
            .zip(&mut nonces)
            .map(|(p, nc)| p.commit_poly(nc, &y, &z))
            .unzip();
        let (T_1, T_2) = (sum(&T1s), sum(&T2s));
        let x =
            RangeProofTranscript::<Ristretto>::challenge_x(&mut t, &T_1.encoding, &T_2.encoding)
                .expect("x");
        let mut shares: Vec<_> = parties.iter().map(|p| p.share(&x)).collect();
        if tamper == 2 {
            shares[0].t_x_blinding += Scalar::from(1u64);
        }
        drop(parties);
        let proof: RangeProof<Ristretto, Dalek> = super::prover::finish(
            &bp,
            layout,
            (G, H),
            &mut t,
            (B, B_blinding),
            [A, S, T_1, T_2],
            &y,
            shares,
        )
        .expect("finish");
        let verdict = proof.verify_multiple_with_rng(
            &bp,
            &pc,
            &mut Transcript::new(b"parties"),
            &V,
            n,
            &mut r,
        );
        assert_eq!(verdict.is_ok(), tamper == 0, "n {n} m {m} tamper {tamper}");
    }
}
