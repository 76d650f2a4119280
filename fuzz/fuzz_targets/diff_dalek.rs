//! Differential: a ristretto255 range proof is accepted by ballistic iff it is
//! accepted by dalek's `bulletproofs` 5, on dalek's shapes (`n ∈ {8, 16, 32, 64}`,
//! `m ∈ {1, 2, 4, 8}`; `interop::peers::RistrettoPeers::compare`). No difference is
//! documented: identity points are rejected by both (ballistic when parsing, dalek
//! when verifying), identity commitments accepted by both.
//!
//! Input: byte 0 picks one of nine valid seed proofs (made once, by ballistic or by
//! dalek, one of them for an identity commitment); byte 1 picks statement edits
//! (other `n`, other `m`, a commitment replaced, swapped or set to the identity or
//! to a generator, the other transcript label, or the proof taken raw from the rest
//! of the input); then up to four proof edits (bytes, bits, truncation, extension,
//! 32-byte fields set to edge values, copied, swapped or replaced).
#![no_main]

#[path = "common/mutate.rs"]
mod mutate;

use ballistic::merlin::Transcript;
use ballistic::ristretto::CompressedRistretto;
use interop::peers::{Agreement, RistrettoPeers};
use interop::{commitments_from_v4, curve25519_dalek_v4, random_blindings};
use libfuzzer_sys::fuzz_target;
use mutate::{proof_from, statement, Input, Layout, Stats};
use rand_core::{RngCore, SeedableRng};

const LABEL: &[u8] = b"ballistic fuzz: dalek differential";
const OTHER_LABEL: &[u8] = b"ballistic fuzz: another label";
const SHAPES_N: [usize; 4] = [8, 16, 32, 64];
const SHAPES_M: [usize; 4] = [1, 2, 4, 8];

struct Seed {
    n: usize,
    proof: Vec<u8>,
    commitments: Vec<CompressedRistretto>,
    fields: Vec<usize>,
}

struct State {
    peers: RistrettoPeers,
    seeds: Vec<Seed>,
    specials: Vec<[u8; 32]>,
}

impl State {
    fn new() -> Self {
        let peers = RistrettoPeers::new();
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        let mut seeds = Vec::new();
        // (n, m, prover: true = dalek, identity commitment)
        for (n, m, dalek, zero) in [
            (8, 1, false, false),
            (8, 1, true, true),
            (16, 1, true, false),
            (32, 1, false, false),
            (64, 1, false, false),
            (8, 2, true, false),
            (16, 2, false, false),
            (8, 4, false, false),
            (8, 8, true, false),
        ] {
            let values: Vec<u64> = (0..m)
                .map(|_| if zero { 0 } else { rng.next_u64() >> (64 - n) })
                .collect();
            let (mut ours_b, mut dalek_b) = random_blindings(&mut rng, m);
            if zero {
                ours_b.fill(ballistic::ristretto::Scalar::ZERO);
                dalek_b.fill(curve25519_dalek_v4::Scalar::ZERO);
            }
            let (proof, commitments) = if dalek {
                let (bp, pc) = peers.dalek();
                let (p, v) = bulletproofs::RangeProof::prove_multiple_with_rng(
                    bp,
                    pc,
                    &mut Transcript::new(LABEL),
                    &values,
                    &dalek_b,
                    n,
                    &mut rng,
                )
                .expect("dalek proves");
                (p.to_bytes(), commitments_from_v4(&v))
            } else {
                let (bp, pc) = peers.ours();
                let (p, v) = ballistic::ristretto::RangeProof::prove_multiple_with_rng(
                    bp,
                    pc,
                    &mut Transcript::new(LABEL),
                    &values,
                    &ours_b,
                    n,
                    &mut rng,
                )
                .expect("ballistic proves");
                (p.to_bytes(), v)
            };
            // Every seed is a valid proof for both (an identity commitment included).
            let both = peers.compare(&proof, &commitments, n, LABEL, &mut rng);
            assert_eq!(both.map(|c| c.agreement), Ok(Agreement::Same(true)));
            let fields = (0..proof.len() / 32).map(|i| 32 * i).collect();
            seeds.push(Seed {
                n,
                proof,
                commitments,
                fields,
            });
        }
        let (_, pc) = peers.ours();
        // ℓ = 2^252 + 27742317777372353535851937790883648493, little-endian.
        let mut ell = [0u8; 32];
        ell[..16].copy_from_slice(&0x14def9dea2f79cd65812631a5cf5d3ed_u128.to_le_bytes());
        ell[31] = 0x10;
        let ell_bytes = ell;
        ell[0] += 1;
        let mut p25519 = [0xffu8; 32];
        p25519[0] = 0xed;
        p25519[31] = 0x7f;
        let mut one = [0u8; 32];
        one[0] = 1;
        let specials = vec![
            [0u8; 32], // identity encoding, zero scalar
            one,
            ell_bytes,
            ell,
            [0xff; 32],
            p25519, // 2^255 − 19: a non-canonical field element
            pc.B.compress().to_bytes(),
            pc.B_blinding.compress().to_bytes(),
        ];
        State {
            peers,
            seeds,
            specials,
        }
    }
}

thread_local! {
    static STATE: State = State::new();
    static STATS: Stats = Stats {
        name: "diff_dalek",
        counts: Default::default(),
        labels: ["rejected when parsing", "rejected by verification", "accepted by both", "-"],
    };
}

fuzz_target!(|data: &[u8]| {
    STATE.with(|s| run(s, data));
});

fn run(s: &State, data: &[u8]) {
    let mut input = Input(data);
    let seed_of = |i: usize| (s.seeds[i].n, s.seeds[i].commitments.as_slice());
    let st = statement(&mut input, s.seeds.len(), seed_of, &SHAPES_N, &SHAPES_M);
    let seed = &s.seeds[st.seed];
    let (edits, param, n, j) = (st.edits, st.param, st.n, st.j);
    let mut commitments = st.commitments;
    if edits & 8 != 0 {
        commitments[j] = CompressedRistretto(input.array());
    }
    if edits & 16 != 0 {
        commitments[j] = CompressedRistretto(s.specials[param % s.specials.len()]);
    }
    if edits & 128 != 0 {
        let k = param % commitments.len();
        commitments.swap(j, k);
    }
    let label = if edits & 32 != 0 { OTHER_LABEL } else { LABEL };
    let layout = Layout {
        fields: &seed.fields,
        specials: &s.specials,
        unused_bits: &[],
    };
    let proof = proof_from(&seed.proof, &layout, edits & 64 != 0, &mut input);
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0);
    let compared = s
        .peers
        .compare(&proof, &commitments, n, label, &mut rng)
        .unwrap_or_else(|e| panic!("ballistic and dalek disagree: {e}"));
    STATS.with(|st| {
        st.count(match compared.ours {
            Ok(()) => 2,
            Err(ballistic::ProofError::VerificationError) => 1,
            Err(_) => 0,
        })
    });
}
