//! Exhaustive protocol tests over the toy group of order 1019 (docs/testing.md, P4):
//! every value for n <= 8, out-of-range cheating provers, and grids of challenges.

use alloc::vec::Vec;
use rand::{Rng, SeedableRng};

use super::format::{Dalek, Folding, QBase, RangeProofFormat};
use super::prover::{prove_with, Cheat};
use super::transcript::{RangeProofTranscript, RangeStatement, RngNonces};
use super::RangeProof;
use crate::curve::toy::{Toy, ToyScalar, Q};
use crate::curve::Curve;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::transcript::InnerProductTranscript;
use crate::ProofError;

type TestRng = rand_chacha::ChaCha20Rng;

fn blindings(r: &mut TestRng, m: usize) -> Vec<ToyScalar> {
    (0..m).map(|_| Toy::scalar_random(r)).collect()
}

/// Whether a proof contains the identity: in a group of order 1019 an honest prover
/// hits it with probability about (#points)/1019, and the verifier rightly rejects
/// it (in ristretto255 the probability is 2^-250).
fn degenerate<F>(p: &RangeProof<Toy, F>) -> bool {
    [&p.A, &p.S, &p.T_1, &p.T_2]
        .into_iter()
        .chain(p.ipp_proof.L_vec.iter())
        .chain(p.ipp_proof.R_vec.iter())
        .any(|q| Toy::is_identity(&q.point))
}

/// Proves and verifies; `Err(None)` for a degenerate honest proof (see
/// [`degenerate`]) or a zero challenge.
fn prove_verify(
    bp: &BulletproofGens<Toy>,
    pc: &PedersenGens<Toy>,
    values: &[u64],
    n: usize,
    cheat: Cheat,
    r: &mut TestRng,
) -> Result<(), Option<ProofError>> {
    prove_verify_with::<Dalek>(
        || merlin::Transcript::new(b"toy"),
        bp,
        pc,
        values,
        n,
        cheat,
        r,
    )
}

/// [`prove_verify`] in any format.
fn prove_verify_with<F: RangeProofFormat<Toy>>(
    transcript: impl Fn() -> F::Transcript,
    bp: &BulletproofGens<Toy>,
    pc: &PedersenGens<Toy>,
    values: &[u64],
    n: usize,
    cheat: Cheat,
    r: &mut TestRng,
) -> Result<(), Option<ProofError>> {
    let bl = blindings(r, values.len());
    let (proof, vs) =
        match prove_with::<_, F, _>(bp, pc, &mut transcript(), values, &bl, n, r, cheat) {
            Ok(x) => x,
            Err(ProofError::ProvingError) => return Err(None),
            Err(e) => return Err(Some(e)),
        };
    if degenerate(&proof) {
        return Err(None);
    }
    proof
        .verify_impl(bp, pc, &mut transcript(), &vs, n, r)
        .map_err(Some)
}

/// The Merlin transcript rejecting the challenge of stage `reject` (0: `y, z`; 1: `x`;
/// 2: `w`; 3: every inner-product round; other: none), for the format
/// [`ToyFormat<ZKP>`].
struct MerlinAs<const ZKP: bool> {
    t: merlin::Transcript,
    reject: u8,
}

/// dalek's construction (`ZKP = false`) or secp256k1-zkp's (`ZKP = true`: even/odd
/// folding to two final elements, `Q` on the blinding base) with the transcript
/// [`MerlinAs`]: secp256k1-zkp's algebra is so checked exhaustively in the toy group,
/// independently of SHA-256 and ChaCha20.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ToyFormat<const ZKP: bool>;

impl<const ZKP: bool> RangeProofFormat<Toy> for ToyFormat<ZKP> {
    type Transcript = MerlinAs<ZKP>;
    const FOLDING: Folding = if ZKP {
        Folding::EvenOdd
    } else {
        Folding::Halves
    };
    const Q_BASE: QBase = if ZKP { QBase::Blinding } else { QBase::Value };
}

/// secp256k1-zkp's construction, rejecting no challenge.
type ZkpVariant = MerlinAs<true>;

impl<const ZKP: bool> MerlinAs<ZKP> {
    fn new(label: &'static [u8], reject: u8) -> Self {
        MerlinAs {
            t: merlin::Transcript::new(label),
            reject,
        }
    }
}

impl<const ZKP: bool> InnerProductTranscript<Toy> for MerlinAs<ZKP> {
    fn innerproduct_domain_sep(&mut self, n: u64) {
        InnerProductTranscript::<Toy>::innerproduct_domain_sep(&mut self.t, n)
    }
    fn challenge_u(&mut self, l: &[u8; 2], r: &[u8; 2]) -> Option<ToyScalar> {
        InnerProductTranscript::<Toy>::challenge_u(&mut self.t, l, r).filter(|_| self.reject != 3)
    }
}

impl<const ZKP: bool> RangeProofTranscript<Toy> for MerlinAs<ZKP> {
    type Nonces = <merlin::Transcript as RangeProofTranscript<Toy>>::Nonces;
    fn append_statement(&mut self, statement: &RangeStatement<'_, Toy>) {
        RangeProofTranscript::<Toy>::append_statement(&mut self.t, statement)
    }
    fn challenge_yz(&mut self, a: &[u8; 2], s: &[u8; 2]) -> Option<(ToyScalar, ToyScalar)> {
        RangeProofTranscript::<Toy>::challenge_yz(&mut self.t, a, s).filter(|_| self.reject != 0)
    }
    fn challenge_x(&mut self, t1: &[u8; 2], t2: &[u8; 2]) -> Option<ToyScalar> {
        RangeProofTranscript::<Toy>::challenge_x(&mut self.t, t1, t2).filter(|_| self.reject != 1)
    }
    fn challenge_w(&mut self, a: &ToyScalar, b: &ToyScalar, c: &ToyScalar) -> Option<ToyScalar> {
        RangeProofTranscript::<Toy>::challenge_w(&mut self.t, a, b, c).filter(|_| self.reject != 2)
    }
    fn prover_nonces<R: rand_core::RngCore + rand_core::CryptoRng>(
        &self,
        values: &[u64],
        blindings: &[ToyScalar],
        rng: &mut R,
    ) -> Self::Nonces {
        RangeProofTranscript::<Toy>::prover_nonces(&self.t, values, blindings, rng)
    }
}

/// The secp256k1-zkp variant over the toy group with flat generators: every value
/// for n <= 6 proves and verifies (m = 1, 2, 3), and out-of-range cheating provers
/// (range check skipped; high bits hidden in the padding) are rejected except at
/// the soundness bound's rate.
#[test]
fn toy_zkp_variant() {
    let pc = PedersenGens::<Toy>::default();
    let bp = BulletproofGens::<Toy>::from_flat_vectors(
        Toy::generator_chain(b"flat G", 32),
        Toy::generator_chain(b"flat H", 32),
    );
    let mut r = TestRng::seed_from_u64(43);
    let zkp = || ZkpVariant::new(b"toy zkp", u8::MAX);
    let (mut honest, mut degenerate_count) = (0u32, 0u32);
    for n in 1..=6usize {
        for v in 0..(1u64 << n) {
            for values in [
                alloc::vec![v],
                alloc::vec![v, (1u64 << n) - 1 - v],
                alloc::vec![v, 0, (1u64 << n) - 1],
            ] {
                match prove_verify_with::<ToyFormat<true>>(
                    zkp,
                    &bp,
                    &pc,
                    &values,
                    n,
                    Cheat::default(),
                    &mut r,
                ) {
                    Ok(()) => honest += 1,
                    Err(None) => degenerate_count += 1,
                    Err(Some(e)) => panic!("zkp variant n={n} {values:?}: {e}"),
                }
            }
        }
    }
    assert!(
        degenerate_count < honest / 20,
        "{degenerate_count} degenerate of {honest}"
    );
    let (mut trials, mut accepted) = (0u32, 0u32);
    for n in 1..=6usize {
        for _ in 0..120 {
            let v = r.gen_range((1u64 << n)..Q as u64);
            for (values, padding) in [
                (alloc::vec![v], false),
                (alloc::vec![v, 1], false),
                (alloc::vec![1, 0, v], true),
            ] {
                if padding && (n * values.len()).is_power_of_two() {
                    continue;
                }
                let cheat = Cheat {
                    skip_range_check: true,
                    weights_into_padding: padding,
                };
                trials += 1;
                if prove_verify_with::<ToyFormat<true>>(zkp, &bp, &pc, &values, n, cheat, &mut r)
                    .is_ok()
                {
                    accepted += 1;
                }
            }
        }
    }
    let bound = 3 + 4 * trials / Q;
    std::println!("toy zkp variant: {honest} honest proofs ({degenerate_count} degenerate); {accepted} of {trials} cheating proofs accepted (bound {bound})");
    assert!(accepted <= bound, "{accepted} of {trials} accepted");
    assert!(honest > 300 && trials > 1000);
}

/// Every value of every width n <= 8 proves and verifies (m = 1); every pair for
/// n <= 4 and a sample of pairs for n <= 8 (m = 2).
#[test]
fn toy_every_value_is_provable() {
    let pc = PedersenGens::<Toy>::default();
    let bp = BulletproofGens::<Toy>::new(8, 2);
    let mut r = TestRng::seed_from_u64(40);
    let mut count = 0;
    let mut degenerate_count = 0;
    let mut check = |res: Result<(), Option<ProofError>>,
                     what: &dyn Fn() -> alloc::string::String| match res {
        Ok(()) => {}
        Err(None) => degenerate_count += 1,
        Err(Some(e)) => panic!("{}: {e}", what()),
    };
    for n in 1..=8usize {
        for v in 0..(1u64 << n) {
            check(
                prove_verify(&bp, &pc, &[v], n, Cheat::default(), &mut r),
                &|| alloc::format!("n={n} v={v}"),
            );
            count += 1;
        }
        let pairs: Vec<(u64, u64)> = if n <= 4 {
            (0..(1u64 << n))
                .flat_map(|a| (0..(1u64 << n)).map(move |b| (a, b)))
                .collect()
        } else {
            (0..64)
                .map(|_| (r.gen_range(0..1u64 << n), r.gen_range(0..1u64 << n)))
                .collect()
        };
        for (a, b) in pairs {
            check(
                prove_verify(&bp, &pc, &[a, b], n, Cheat::default(), &mut r),
                &|| alloc::format!("n={n} ({a},{b})"),
            );
            count += 1;
        }
    }
    assert!(count > 1000);
    // Degenerate proofs occur at the expected rate (≈ 8 points / 1019 per proof).
    std::println!("toy completeness: {count} proofs, {degenerate_count} degenerate (identity point or zero challenge)");
    assert!(
        degenerate_count < count / 20,
        "{degenerate_count} of {count} degenerate"
    );
}

/// Every out-of-range value below the group order, proven by cheating provers (range
/// check skipped; or high bits hidden in the padding), is rejected except at the
/// rate the soundness bound allows: acceptance needs the verifier's random weight to
/// cancel a non-zero term, probability 1/Q per attempt.
#[test]
fn toy_out_of_range_values_are_rejected() {
    let pc = PedersenGens::<Toy>::default();
    let bp = BulletproofGens::<Toy>::new(8, 2);
    let mut r = TestRng::seed_from_u64(41);
    let (mut trials, mut accepted) = (0u32, 0u32);
    for n in 1..=8usize {
        // Every v in [2^n, Q) for m = 1 when n >= 7, a dense sample otherwise.
        let vs: Vec<u64> = if n >= 7 {
            ((1u64 << n)..Q as u64).collect()
        } else {
            ((1u64 << n)..(1u64 << n) + 64)
                .chain((0..64).map(|_| r.gen_range((1u64 << n)..Q as u64)))
                .collect()
        };
        for &v in &vs {
            for (values, padding) in [
                (alloc::vec![v], false),
                (alloc::vec![r.gen_range(0..1u64 << n), v], false),
                (alloc::vec![v], true),
            ] {
                let np = (n * values.len()).next_power_of_two();
                if padding && np == n * values.len() {
                    continue;
                }
                let cheat = Cheat {
                    skip_range_check: true,
                    weights_into_padding: padding,
                };
                let res = prove_verify(&bp, &pc, &values, n, cheat, &mut r);
                trials += 1;
                if res.is_ok() {
                    accepted += 1;
                }
            }
        }
    }
    // Expected accepted ≈ trials / Q; the bound leaves room for chance, the run is
    // deterministic (seeded).
    let bound = 3 + 4 * trials / Q;
    std::println!("toy out-of-range: {accepted} of {trials} cheating proofs accepted (bound {bound}, expected ≈ {})", trials / Q);
    assert!(
        accepted <= bound,
        "{accepted} of {trials} out-of-range proofs accepted (bound {bound})"
    );
    assert!(trials > 2000);
}

/// A transcript whose challenges are taken from a fixed list (the verifier's coins of
/// the interactive protocol), for grids of challenges.
struct GridTranscript {
    challenges: Vec<ToyScalar>,
    next: usize,
}

impl GridTranscript {
    fn next_challenge(&mut self) -> ToyScalar {
        let c = self.challenges[self.next % self.challenges.len()];
        self.next += 1;
        c
    }
}

/// The format of [`GridTranscript`] (dalek's construction).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct GridFormat;

impl RangeProofFormat<Toy> for GridFormat {
    type Transcript = GridTranscript;
    const FOLDING: Folding = Folding::Halves;
    const Q_BASE: QBase = QBase::Value;
}

impl InnerProductTranscript<Toy> for GridTranscript {
    fn innerproduct_domain_sep(&mut self, _n: u64) {}
    fn challenge_u(&mut self, _l: &[u8; 2], _r: &[u8; 2]) -> Option<ToyScalar> {
        Some(self.next_challenge())
    }
}

impl RangeProofTranscript<Toy> for GridTranscript {
    type Nonces = RngNonces<TestRng>;
    fn append_statement(&mut self, _statement: &RangeStatement<'_, Toy>) {}
    fn challenge_yz(&mut self, _a: &[u8; 2], _s: &[u8; 2]) -> Option<(ToyScalar, ToyScalar)> {
        Some((self.next_challenge(), self.next_challenge()))
    }
    fn challenge_x(&mut self, _t1: &[u8; 2], _t2: &[u8; 2]) -> Option<ToyScalar> {
        Some(self.next_challenge())
    }
    fn challenge_w(&mut self, _: &ToyScalar, _: &ToyScalar, _: &ToyScalar) -> Option<ToyScalar> {
        Some(self.next_challenge())
    }
    fn prover_nonces<R: rand_core::RngCore + rand_core::CryptoRng>(
        &self,
        _values: &[u64],
        _blindings: &[ToyScalar],
        rng: &mut R,
    ) -> Self::Nonces {
        RngNonces::new(TestRng::seed_from_u64(rng.next_u64()))
    }
}

/// Over a grid of challenges (y, z, x, w, u_1, u_2 each in {1, 2, Q−1, random}),
/// honest proofs always verify (unless degenerate) and out-of-range proofs are
/// rejected (n = 4, m = 1; and n = 3, m = 1 with one padding position) up to the
/// bound explained at the end.
#[test]
fn toy_challenge_grid() {
    let pc = PedersenGens::<Toy>::default();
    let bp = BulletproofGens::<Toy>::new(4, 1);
    let mut r = TestRng::seed_from_u64(42);
    let mut honest = 0;
    let mut cheats = 0;
    let mut degenerate_count = 0;
    // Accepted cheating proofs: [n = 4 (value bits beyond n), n = 3 (padding cheat)].
    let mut accepted = [0u32; 2];
    for n in [4usize, 3] {
        let slots = 4 + 2; // y z x w u1 u2 (N' = 4)
        let set = |r: &mut TestRng| {
            [
                ToyScalar(1),
                ToyScalar(2),
                ToyScalar(Q - 1),
                ToyScalar(r.gen_range(3..Q - 1)),
            ]
        };
        let mut grid = Vec::new();
        let choices: Vec<[ToyScalar; 4]> = (0..slots).map(|_| set(&mut r)).collect();
        for idx in 0..4usize.pow(slots as u32) {
            let mut k = idx;
            let mut ch = Vec::with_capacity(slots);
            for c in &choices {
                ch.push(c[k % 4]);
                k /= 4;
            }
            grid.push(ch);
        }
        for ch in grid {
            let v = r.gen_range(0..1u64 << n);
            let bl = blindings(&mut r, 1);
            let mut t = GridTranscript {
                challenges: ch.clone(),
                next: 0,
            };
            let (proof, vs) = prove_with::<_, GridFormat, _>(
                &bp,
                &pc,
                &mut t,
                &[v],
                &bl,
                n,
                &mut r,
                Cheat::default(),
            )
            .expect("prove");
            let mut t = GridTranscript {
                challenges: ch.clone(),
                next: 0,
            };
            let res = proof.verify_impl(&bp, &pc, &mut t, &vs, n, &mut r);
            if degenerate(&proof) {
                assert!(res.is_err(), "identity points are rejected");
                degenerate_count += 1;
            } else {
                res.unwrap_or_else(|e| panic!("n={n} v={v} challenges {ch:?}: {e}"));
            }
            honest += 1;

            let bad = (1u64 << n) + r.gen_range(0..(Q as u64 - (1u64 << n)));
            let cheat = Cheat {
                skip_range_check: true,
                weights_into_padding: n == 3,
            };
            let mut t = GridTranscript {
                challenges: ch.clone(),
                next: 0,
            };
            let (proof, vs): (RangeProof<Toy, GridFormat>, _) =
                prove_with::<_, GridFormat, _>(&bp, &pc, &mut t, &[bad], &bl, n, &mut r, cheat)
                    .expect("cheat runs");
            let mut t = GridTranscript {
                challenges: ch,
                next: 0,
            };
            if proof.verify_impl(&bp, &pc, &mut t, &vs, n, &mut r).is_ok() {
                accepted[(n == 3) as usize] += 1;
            }
            cheats += 1;
        }
    }
    assert_eq!(honest, 2 * 4096);
    assert!(
        degenerate_count < honest / 20,
        "{degenerate_count} degenerate"
    );
    assert_eq!(cheats, 2 * 4096);
    // Without padding the cheat leaves a non-zero multiple of B alone: never accepted
    // (the verifier's weights are non-zero). The padding cheat leaves a multiple of
    // B and one of H_3; in this toy group H_3 is a known multiple of B, so the random
    // weights cancel them with probability 1/Q (in ristretto255 that needs a discrete
    // logarithm): the count must stay near 4096/Q ≈ 4.
    std::println!(
        "toy grid: {honest} honest proofs over 2×4096 challenge tuples ({degenerate_count} degenerate), \
         {cheats} cheating proofs, accepted: {} value-bit, {} padding",
        accepted[0], accepted[1]
    );
    assert_eq!(accepted[0], 0, "value-bit cheat accepted");
    assert!(
        accepted[1] <= 3 + 4 * 4096 / Q,
        "padding cheat accepted {} times",
        accepted[1]
    );
}

/// The prover's secrets are zeroized on every path out of it: a challenge rejected
/// at each stage (an early return) and success. The prover's drop guard counts its
/// cleanups on this thread and whether each left every secret zero.
#[test]
fn prover_zeroizes_its_secrets_on_every_path() {
    use super::party::cleanup_hook;
    let pc = PedersenGens::<Toy>::default();
    let bp = BulletproofGens::<Toy>::new(4, 1);
    let mut r = TestRng::seed_from_u64(44);
    let mut outcomes = Vec::new();
    for stage in 0..5u8 {
        let bl = blindings(&mut r, 1);
        let before = cleanup_hook::get();
        let out = prove_with::<_, ToyFormat<false>, _>(
            &bp,
            &pc,
            &mut MerlinAs::<false>::new(b"toy", stage),
            &[5],
            &bl,
            4,
            &mut r,
            Cheat::default(),
        );
        let after = cleanup_hook::get();
        assert_eq!(after, (before.0 + 1, before.1 + 1), "stage {stage}");
        outcomes.push(out.map(|_| ()));
    }
    // The first four stages returned early; the last proved.
    assert_eq!(
        outcomes,
        [
            Err(ProofError::ProvingError),
            Err(ProofError::ProvingError),
            Err(ProofError::ProvingError),
            Err(ProofError::ProvingError),
            Ok(())
        ]
    );
    // A refused statement derives no secret and so has nothing to clean.
    let before = cleanup_hook::get();
    let out = prove_with::<_, Dalek, _>(
        &bp,
        &pc,
        &mut merlin::Transcript::new(b"toy"),
        &[16],
        &blindings(&mut r, 1),
        4,
        &mut r,
        Cheat::default(),
    );
    assert_eq!(out.unwrap_err(), ProofError::ValueOutOfRange);
    assert_eq!(cleanup_hook::get(), before);
}
