//! Exhaustive Bulletproofs+ tests over the toy group of order 1019 (docs/testing.md,
//! P4): every value of small widths proves and verifies, with and without minimum
//! values; cheating provers that skip the range check are rejected for every
//! out-of-range value of small shapes; and grids of challenges.
//!
//! The cheating provers are built here from the prover's pieces (the statement, the
//! nonce transcript, the weighted inner-product argument), as a copy of
//! `prover::prove` with the range check removed and a choice of witness
//! ([`Cheat`]). The copy is checked against the prover: with in-range values it
//! produces the prover's proofs byte for byte.
//!
//! In a group of order `Q`, "out of range" means `(v − o) mod Q >= 2^n`: every
//! commitment opens to its value modulo `Q` only. The tests keep `v, o < Q` and
//! `2^n <= 256 < Q/2`, so that out-of-range values are out of range modulo `Q`
//! too.

#![allow(non_snake_case)]

use alloc::vec;
use alloc::vec::Vec;
use merlin::Transcript;
use rand::{Rng, SeedableRng};
use rand_core::{CryptoRng, RngCore};
use zeroize::Zeroizing;

use super::transcript::{append_statement, PlusStatement, ProverTranscript};
use super::verifier::PreparedPlus;
use super::{Opening, RangeProofPlus};
use crate::curve::scalars::powers;
use crate::curve::toy::{Toy, ToyScalar, Q};
use crate::curve::{Curve, ProofPoint};
use crate::generators::{BulletproofGens, ExtendedPedersenGens, GeneratorLayout};
use crate::transcript::WeightedInnerProductTranscript;
use crate::weighted_inner_product::{self as wip, WipBases, WipProverTranscript, WipWitness};
use crate::ProofError;

type TestRng = rand_chacha::ChaCha20Rng;
type C = Toy;

/// The witness a cheating prover commits to in `A` (`a_L`), for values `v_j` and
/// minimum values `o_j` (`δ_j = v_j − o_j`, wrapping), and the weights `d_i` it
/// proves against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cheat {
    /// The prover's witness: the `n` low bits of `δ_j` (the prover then checks the
    /// range; this copy does not).
    Honest,
    /// The bits of `δ_j mod 2^n` with the excess carried into the top digit:
    /// `Σ_b 2^b·a_L[j·n + b] = v_j − o_j` modulo `Q`, one digit not a bit.
    NonBinaryDigit,
    /// The last value's bits continue into the padding positions, which the prover
    /// weights as bits `n, n + 1, …` of that value (`d_i = z^{2m}·2^{n+k}`): high
    /// bits hidden in the padding.
    PaddingWeights,
}

/// The prover's transcript as the cheating prover uses it: the real one (Merlin,
/// Tari's nonces) or a grid of fixed challenges.
trait PlusProverTranscript: WipProverTranscript<C> {
    fn alpha(&mut self, out: &mut [ToyScalar]) -> Result<(), ProofError>;
    fn challenge_yz(&mut self, A: &[u8; 2]) -> Option<(ToyScalar, ToyScalar)>;
}

impl<R: RngCore + CryptoRng> PlusProverTranscript for ProverTranscript<'_, C, R> {
    fn alpha(&mut self, out: &mut [ToyScalar]) -> Result<(), ProofError> {
        ProverTranscript::alpha(self, out)
    }
    fn challenge_yz(&mut self, A: &[u8; 2]) -> Option<(ToyScalar, ToyScalar)> {
        ProverTranscript::challenge_yz(self, A)
    }
}

/// A statement: its bases, the openings' masks (`gamma[j·t + k]`) and the
/// commitments.
struct Statement {
    masks: Vec<ToyScalar>,
    V: Vec<[u8; 2]>,
}

fn commit(pc: &ExtendedPedersenGens<C>, values: &[u64], masks: &[ToyScalar]) -> Statement {
    let t = pc.extension_degree();
    let V = values
        .iter()
        .enumerate()
        .map(|(j, v)| {
            let mut s = vec![C::scalar_from_u64(*v)];
            s.extend_from_slice(&masks[j * t..(j + 1) * t]);
            C::encode(&pc.commit_scalars(&s))
        })
        .collect();
    Statement {
        masks: masks.to_vec(),
        V,
    }
}

/// `prover::prove` after the statement, without the range check and with the
/// witness of `cheat`.
#[allow(clippy::too_many_arguments)]
fn prove_rest<T: PlusProverTranscript>(
    pt: &mut T,
    bp: &BulletproofGens<C>,
    pc: &ExtendedPedersenGens<C>,
    st: &Statement,
    values: &[u64],
    mins: &[u64],
    n: usize,
    cheat: Cheat,
) -> Result<RangeProofPlus<C>, ProofError> {
    let m = values.len();
    let np = bp.check_parties(n, m)?;
    let (B, masks) = pc.bases();
    let t = masks.len();
    let mut alpha: Zeroizing<Vec<ToyScalar>> = Zeroizing::new(vec![C::scalar_zero(); t]);
    pt.alpha(&mut alpha)?;
    let layout = GeneratorLayout::Parties { n, m };
    let (G, H) = bp.vectors(layout);
    // The digits a_L.
    let mut digits: Vec<ToyScalar> = Vec::with_capacity(np);
    for (v, o) in values.iter().zip(mins) {
        let diff = v.wrapping_sub(*o);
        for b in 0..n {
            let mut digit = C::scalar_from_u64((diff >> b) & 1);
            if cheat == Cheat::NonBinaryDigit && b == n - 1 {
                // The top digit absorbs (v − o) − (diff mod 2^n), modulo Q.
                let low = diff & ((1u64 << (n - 1)) << 1).wrapping_sub(1);
                let excess =
                    C::scalar_from_u64(*v) - C::scalar_from_u64(*o) - C::scalar_from_u64(low);
                digit += excess * C::scalar_invert(&C::scalar_from_u64(1u64 << (n - 1)));
            }
            digits.push(digit);
        }
    }
    let last = values[m - 1].wrapping_sub(mins[m - 1]);
    for k in 0..np - n * m {
        let bit = n + k;
        digits.push(if cheat == Cheat::PaddingWeights && bit < 64 {
            C::scalar_from_u64((last >> bit) & 1)
        } else {
            C::scalar_zero()
        });
    }
    let one = C::scalar_one();
    let mut scalars: Vec<ToyScalar> = alpha.to_vec();
    let mut points: Vec<_> = masks.to_vec();
    for i in 0..np {
        scalars.extend([digits[i], digits[i] - one]);
        points.extend([G[i], H[i]]);
    }
    let A = ProofPoint::<C>::new(C::vartime_multiscalar_mul(&scalars, &points));
    let (y, z) = pt
        .challenge_yz(&A.encoding)
        .ok_or(ProofError::ProvingError)?;
    let y_pow = powers::<C>(&y, np + 2);
    let zz = z * z;
    let mut a: Zeroizing<Vec<ToyScalar>> = Zeroizing::new(Vec::with_capacity(np));
    let mut b: Zeroizing<Vec<ToyScalar>> = Zeroizing::new(Vec::with_capacity(np));
    let z_last = powers::<C>(&zz, m + 1)[m];
    for (i, a_L) in digits.iter().enumerate() {
        a.push(*a_L - z);
        let (j, k) = (i / n, i % n);
        let d = if j < m {
            powers::<C>(&zz, j + 2)[j + 1] * C::scalar_from_u64(1u64 << k) * y_pow[np - i]
        } else if cheat == Cheat::PaddingWeights && n + (i - n * m) < 64 {
            z_last * C::scalar_from_u64(1u64 << (n + (i - n * m))) * y_pow[np - i]
        } else {
            C::scalar_zero()
        };
        b.push(*a_L - one + z + d);
    }
    let y_top = y_pow[np + 1];
    let mut z_j = zz;
    for j in 0..m {
        for k in 0..t {
            alpha[k] += y_top * z_j * st.masks[j * t + k];
        }
        z_j *= zz;
    }
    let ct_table = bp.ct_table(layout);
    let wip = wip::prove::<C, _>(
        pt,
        &WipBases {
            y_pow: &y_pow,
            B,
            masks,
            ct_table: ct_table.as_deref(),
            vartime_table: None,
        },
        G,
        H,
        WipWitness {
            a,
            b,
            alpha,
            form: None,
        },
    )?;
    Ok(RangeProofPlus { A, wip })
}

/// The cheating prover with Tari's transcript and nonces (as `prover::prove`).
#[allow(clippy::too_many_arguments)]
fn cheat_prove(
    bp: &BulletproofGens<C>,
    pc: &ExtendedPedersenGens<C>,
    transcript: &mut Transcript,
    values: &[u64],
    masks: &[ToyScalar],
    mins: &[u64],
    n: usize,
    cheat: Cheat,
    rng: &mut TestRng,
) -> Result<(RangeProofPlus<C>, Vec<[u8; 2]>), ProofError> {
    let m = values.len();
    let t = pc.extension_degree();
    let mins = super::min_values_or_zero(mins, m, n)?;
    let st = commit(pc, values, masks);
    let (B, mask_bases) = pc.bases();
    let mask_enc: Vec<[u8; 2]> = mask_bases.iter().map(C::encode).collect();
    append_statement::<C>(
        transcript,
        &PlusStatement {
            B: &C::encode(&B),
            masks: &mask_enc,
            n,
            values: m,
            commitments: &st.V,
            min_values: &mins,
        },
    );
    let mut witness: Zeroizing<Vec<u8>> = Zeroizing::new(Vec::new());
    for (j, v) in values.iter().enumerate() {
        witness.extend_from_slice(&v.to_le_bytes());
        for g in &masks[j * t..(j + 1) * t] {
            witness.extend_from_slice(&C::scalar_to_bytes(g));
        }
    }
    let mut pt = ProverTranscript::<C, _>::new(transcript, witness, rng, None);
    let proof = prove_rest(&mut pt, bp, pc, &st, values, &mins, n, cheat)?;
    Ok((proof, st.V))
}

fn random_masks(r: &mut TestRng, count: usize) -> Vec<ToyScalar> {
    (0..count).map(|_| C::scalar_random(r)).collect()
}

fn bases(t: usize) -> ExtendedPedersenGens<C> {
    let chain = C::generator_chain(b"toy bp+ bases", 1 + t);
    ExtendedPedersenGens::from_points(chain[0], chain[1..].to_vec()).expect("degree")
}

/// Whether `v_j ∈ [o_j, o_j + 2^n)` modulo `Q` for every `j`.
fn in_range_mod_q(values: &[u64], mins: &[u64], n: usize) -> bool {
    values.iter().enumerate().all(|(j, v)| {
        let o = mins.get(j).copied().unwrap_or(0);
        let q = u64::from(Q);
        (v % q + q - o % q) % q < 1 << n
    })
}

/// Proves with `cheat` and verifies with the real verifier. `Err(None)`: the
/// prover hit a zero challenge or an identity point (probability about one in a
/// hundred per proof in a group of order 1019; the verifier rejects identity points
/// at parsing).
fn cheat_prove_verify(
    bp: &BulletproofGens<C>,
    pc: &ExtendedPedersenGens<C>,
    values: &[u64],
    mins: &[u64],
    n: usize,
    cheat: Cheat,
    r: &mut TestRng,
) -> Result<(), Option<ProofError>> {
    let masks = random_masks(r, values.len() * pc.extension_degree());
    let (proof, V) = match cheat_prove(
        bp,
        pc,
        &mut Transcript::new(b"toy bp+"),
        values,
        &masks,
        mins,
        n,
        cheat,
        r,
    ) {
        Ok(x) => x,
        Err(ProofError::ProvingError) => return Err(None),
        Err(e) => return Err(Some(e)),
    };
    if C::is_identity(&proof.A.point) {
        return Err(None);
    }
    proof
        .verify(bp, pc, &mut Transcript::new(b"toy bp+"), &V, mins, n, r)
        .map_err(Some)
}

/// The cheating prover's copy of the prover is the prover: with in-range values
/// every witness that equals the prover's gives the prover's proof byte for byte
/// (same transcript, same RNG), on shapes with and without padding, minimum values
/// and several degrees.
#[test]
fn toy_cheating_prover_is_the_prover_when_honest() {
    let bp = BulletproofGens::<C>::new(8, 3);
    let mut r = TestRng::seed_from_u64(50);
    let mut compared = 0;
    for &(n, m, t) in &[
        (1usize, 1usize, 1usize),
        (3, 1, 2),
        (4, 2, 3),
        (3, 3, 1),
        (8, 1, 6),
        (5, 2, 2),
    ] {
        let pc = bases(t);
        for _ in 0..8 {
            let mins: Vec<u64> = (0..m).map(|_| r.gen_range(0..1u64 << n)).collect();
            let values: Vec<u64> = mins.iter().map(|o| o + r.gen_range(0..1u64 << n)).collect();
            let masks = random_masks(&mut r, m * t);
            let seed = r.gen::<u64>();
            let openings: Vec<Opening<'_, C>> = (0..m)
                .map(|j| Opening::new(values[j], &masks[j * t..(j + 1) * t]))
                .collect();
            let honest = super::prover::prove(
                &bp,
                &pc,
                &mut Transcript::new(b"copy"),
                &openings,
                &mins,
                n,
                None,
                &mut TestRng::seed_from_u64(seed),
            );
            for cheat in [Cheat::Honest, Cheat::NonBinaryDigit] {
                let copy = cheat_prove(
                    &bp,
                    &pc,
                    &mut Transcript::new(b"copy"),
                    &values,
                    &masks,
                    &mins,
                    n,
                    cheat,
                    &mut TestRng::seed_from_u64(seed),
                );
                match (&honest, copy) {
                    (Ok((p, V)), Ok((q, W))) => {
                        assert_eq!(p.to_bytes(), q.to_bytes(), "n={n} m={m} t={t} {cheat:?}");
                        assert_eq!(*V, W);
                        compared += 1;
                    }
                    (Err(e), Err(f)) => assert_eq!(*e, f),
                    (h, c) => panic!("prover {:?}, copy {:?}", h.is_ok(), c.is_ok()),
                }
            }
        }
    }
    assert!(compared > 80, "{compared} proofs compared");
}

/// Every value of every width `n <= 8` proves and verifies (m = 1), with every
/// minimum value for `n <= 4`; every pair for `n <= 3` (m = 2).
#[test]
fn toy_every_value_is_provable() {
    let bp = BulletproofGens::<C>::new(8, 2);
    let pc = bases(2);
    let mut r = TestRng::seed_from_u64(51);
    let (mut count, mut degenerate) = (0u32, 0u32);
    let mut check = |values: &[u64], mins: &[u64], n: usize, r: &mut TestRng| {
        match cheat_prove_verify(&bp, &pc, values, mins, n, Cheat::Honest, r) {
            Ok(()) => {}
            Err(None) => degenerate += 1,
            Err(Some(e)) => panic!("n={n} {values:?} min {mins:?}: {e}"),
        }
        count += 1;
    };
    for n in 1..=8usize {
        for v in 0..1u64 << n {
            check(&[v], &[], n, &mut r);
        }
        if n <= 4 {
            for o in 0..1u64 << n {
                for v in o..o + (1 << n) {
                    check(&[v], &[o], n, &mut r);
                }
            }
        }
        if n <= 3 {
            for a in 0..1u64 << n {
                for b in 0..1u64 << n {
                    check(&[a, b], &[], n, &mut r);
                }
            }
        }
    }
    std::println!("toy bp+ completeness: {count} proofs, {degenerate} degenerate");
    assert!(count > 900);
    assert!(
        degenerate < count / 20,
        "{degenerate} of {count} degenerate"
    );
}

/// Every out-of-range value (modulo Q) of small shapes, proven by cheating provers
/// that skip the range check, is rejected:
///
/// * m = 1, every `v < Q` out of range, every width `n <= 8`, minimum value 0; and
///   every minimum value `o < 2^n` with every `v < Q` out of `[o, o + 2^n)` for
///   `n <= 3`;
/// * m = 2, a random in-range value and every out-of-range second value, `n <= 4`.
///
/// The honest witness (bits of `v − o mod 2^n`) and the non-binary digit leave a
/// non-zero multiple of `B` in the verification equation for every non-zero
/// challenge: never accepted. The padding cheat leaves multiples of padding
/// generators, which in this group are known multiples of `B`: accepted with
/// probability about `1/Q` per proof (in a real group that needs a discrete
/// logarithm), so its count is bounded by that rate.
#[test]
fn toy_out_of_range_values_are_rejected() {
    let bp = BulletproofGens::<C>::new(8, 2);
    let pc = bases(1);
    let mut r = TestRng::seed_from_u64(52);
    let q = u64::from(Q);
    // (trials, accepted) per cheat.
    let mut tally = [(0u32, 0u32); 3];
    let mut run = |values: &[u64], mins: &[u64], n: usize, r: &mut TestRng| {
        assert!(!in_range_mod_q(values, mins, n));
        let padded = !(n * values.len()).is_power_of_two();
        for (c, cheat) in [Cheat::Honest, Cheat::NonBinaryDigit, Cheat::PaddingWeights]
            .into_iter()
            .enumerate()
        {
            if cheat == Cheat::PaddingWeights && !padded {
                continue;
            }
            match cheat_prove_verify(&bp, &pc, values, mins, n, cheat, r) {
                Ok(()) => tally[c].1 += 1,
                Err(None) => continue,
                Err(Some(_)) => {}
            }
            tally[c].0 += 1;
        }
    };
    for n in 1..=8usize {
        for v in 1u64 << n..q {
            run(&[v], &[], n, &mut r);
        }
        if n <= 3 {
            for o in 1..1u64 << n {
                for v in 0..q {
                    if !in_range_mod_q(&[v], &[o], n) {
                        run(&[v], &[o], n, &mut r);
                    }
                }
            }
        }
        if n <= 4 {
            for v in 1u64 << n..q {
                // The out-of-range value last: the padding cheat hides its bits.
                let other = r.gen_range(0..1u64 << n);
                run(&[other, v], &[], n, &mut r);
            }
        }
    }
    let [honest, digit, padding] = tally;
    let bound = 3 + 4 * padding.0 / Q;
    std::println!(
        "toy bp+ out-of-range: accepted {} of {} (low bits), {} of {} (non-binary digit), \
         {} of {} (padding weights; bound {bound})",
        honest.1,
        honest.0,
        digit.1,
        digit.0,
        padding.1,
        padding.0
    );
    assert_eq!(honest.1, 0, "out-of-range low bits accepted");
    assert_eq!(digit.1, 0, "non-binary digit accepted");
    assert!(
        padding.1 <= bound,
        "padding cheat accepted {} times",
        padding.1
    );
    assert!(honest.0 > 10_000 && digit.0 > 10_000 && padding.0 > 2_000);
}

/// A transcript whose challenges come from a fixed list (the verifier's coins of the
/// interactive protocol) and whose nonces come from a seeded RNG.
struct GridTranscript {
    challenges: Vec<ToyScalar>,
    next: usize,
    rng: TestRng,
}

impl GridTranscript {
    fn challenge(&mut self) -> ToyScalar {
        let c = self.challenges[self.next % self.challenges.len()];
        self.next += 1;
        c
    }
    fn nonces(&mut self, out: &mut [ToyScalar]) -> Result<(), ProofError> {
        for x in out {
            *x = C::scalar_random_nonzero(&mut self.rng)?;
        }
        Ok(())
    }
}

impl WeightedInnerProductTranscript<C> for GridTranscript {
    fn challenge_e(&mut self, _L: &[u8; 2], _R: &[u8; 2]) -> Option<ToyScalar> {
        Some(self.challenge())
    }
    fn challenge_final_e(&mut self, _A1: &[u8; 2], _Bp: &[u8; 2]) -> Option<ToyScalar> {
        Some(self.challenge())
    }
}

impl WipProverTranscript<C> for GridTranscript {
    fn round_nonces(
        &mut self,
        _round: usize,
        out_l: &mut [ToyScalar],
        out_r: &mut [ToyScalar],
    ) -> Result<(), ProofError> {
        self.nonces(out_l)?;
        self.nonces(out_r)
    }
    fn final_nonces(
        &mut self,
        r: &mut ToyScalar,
        s: &mut ToyScalar,
        d: &mut [ToyScalar],
        eta: &mut [ToyScalar],
    ) -> Result<(), ProofError> {
        *r = C::scalar_random_nonzero(&mut self.rng)?;
        *s = C::scalar_random_nonzero(&mut self.rng)?;
        self.nonces(d)?;
        self.nonces(eta)
    }
}

impl PlusProverTranscript for GridTranscript {
    fn alpha(&mut self, out: &mut [ToyScalar]) -> Result<(), ProofError> {
        self.nonces(out)
    }
    fn challenge_yz(&mut self, _A: &[u8; 2]) -> Option<(ToyScalar, ToyScalar)> {
        Some((self.challenge(), self.challenge()))
    }
}

/// The verifier's equation for `proof` under the challenges `ch` (`y, z, e_1 …
/// e_lg, e`, the grid transcript's order).
fn grid_verify(
    bp: &BulletproofGens<C>,
    pc: &ExtendedPedersenGens<C>,
    proof: &RangeProofPlus<C>,
    V: &[[u8; 2]],
    n: usize,
    ch: &[ToyScalar],
) -> Result<(), ProofError> {
    let m = V.len();
    let np = bp.check_parties(n, m)?;
    let (B, masks) = pc.bases();
    let lg = proof.wip.L.len();
    let p = PreparedPlus::<C> {
        n,
        m,
        np,
        min_values: vec![0; m],
        B,
        masks: masks.to_vec(),
        V_enc: V.to_vec(),
        range: None,
        points: [proof.A.point, proof.wip.A1.point, proof.wip.Bp.point],
        L: proof.wip.L.iter().map(|p| p.point).collect(),
        R: proof.wip.R.iter().map(|p| p.point).collect(),
        r1: proof.wip.r1,
        s1: proof.wip.s1,
        d1: proof.wip.d1.clone(),
        y: ch[0],
        z: ch[1],
        e_round: ch[2..2 + lg].to_vec(),
        e: ch[2 + lg],
    };
    let points: Vec<_> = V
        .iter()
        .map(|v| C::decode(v).ok_or(ProofError::VerificationError))
        .collect::<Result<_, _>>()?;
    p.verify_alone(bp, &points, None)
}

/// Over a grid of challenges (`y, z, e_1, e_2, e` each in `{1, 2, Q − 1, random}`,
/// 1,024 tuples per shape): honest proofs verify; out-of-range values proven with
/// the honest witness or a non-binary digit are never accepted (n = 4, m = 1 and
/// n = 2, m = 2 without padding; n = 3, m = 1 with one padding position), and the
/// padding cheat (n = 3) within the bound of [`toy_out_of_range_values_are_rejected`].
#[test]
fn toy_challenge_grid() {
    let bp = BulletproofGens::<C>::new(4, 2);
    let pc = bases(2);
    let mut r = TestRng::seed_from_u64(53);
    let (mut honest, mut degenerate) = (0u32, 0u32);
    // Accepted cheats: [low bits, non-binary digit, padding weights].
    let mut accepted = [0u32; 3];
    let mut cheats = [0u32; 3];
    for &(n, m) in &[(4usize, 1usize), (2, 2), (3, 1)] {
        let slots = 2 + 2 + 1; // y z e_1 e_2 e (N' = 4)
        let choices: Vec<[ToyScalar; 4]> = (0..slots)
            .map(|_| {
                [
                    ToyScalar(1),
                    ToyScalar(2),
                    ToyScalar(Q - 1),
                    ToyScalar(r.gen_range(3..Q - 1)),
                ]
            })
            .collect();
        for idx in 0..4usize.pow(slots as u32) {
            let mut k = idx;
            let ch: Vec<ToyScalar> = choices
                .iter()
                .map(|c| {
                    let x = c[k % 4];
                    k /= 4;
                    x
                })
                .collect();
            let prove = |values: &[u64], cheat: Cheat, r: &mut TestRng| {
                let masks = random_masks(r, m * 2);
                let st = commit(&pc, values, &masks);
                let mut t = GridTranscript {
                    challenges: ch.clone(),
                    next: 0,
                    rng: TestRng::seed_from_u64(r.gen()),
                };
                let proof = prove_rest(&mut t, &bp, &pc, &st, values, &vec![0; m], n, cheat);
                proof.map(|p| (p, st.V))
            };
            let values: Vec<u64> = (0..m).map(|_| r.gen_range(0..1u64 << n)).collect();
            match prove(&values, Cheat::Honest, &mut r) {
                Ok((proof, V)) => {
                    grid_verify(&bp, &pc, &proof, &V, n, &ch).unwrap_or_else(|e| {
                        panic!("n={n} m={m} {values:?} challenges {ch:?}: {e}")
                    });
                    honest += 1;
                }
                // An identity point: the prover refuses to send it.
                Err(ProofError::ProvingError) => degenerate += 1,
                Err(e) => panic!("{e}"),
            }
            let mut bad = values.clone();
            bad[0] = r.gen_range(1u64 << n..u64::from(Q));
            let mut cases = vec![(0, Cheat::Honest), (1, Cheat::NonBinaryDigit)];
            if n == 3 {
                cases.push((2, Cheat::PaddingWeights));
            }
            for (c, cheat) in cases {
                if let Ok((proof, V)) = prove(&bad, cheat, &mut r) {
                    cheats[c] += 1;
                    if grid_verify(&bp, &pc, &proof, &V, n, &ch).is_ok() {
                        accepted[c] += 1;
                    }
                }
            }
        }
    }
    std::println!(
        "toy bp+ grid: {honest} honest proofs over 3×1024 challenge tuples ({degenerate} degenerate); \
         cheats accepted: {} of {} (low bits), {} of {} (non-binary digit), {} of {} (padding weights)",
        accepted[0], cheats[0], accepted[1], cheats[1], accepted[2], cheats[2]
    );
    assert_eq!(honest + degenerate, 3 * 1024);
    assert!(degenerate < 3 * 1024 / 20, "{degenerate} degenerate");
    assert_eq!(accepted[0], 0, "low-bits cheat accepted");
    assert_eq!(accepted[1], 0, "non-binary digit accepted");
    assert!(
        accepted[2] <= 3 + 4 * cheats[2] / Q,
        "padding cheat accepted {} times",
        accepted[2]
    );
    assert!(cheats[0] > 2900 && cheats[1] > 2900 && cheats[2] > 900);
}
