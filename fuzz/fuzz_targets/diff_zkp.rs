//! Differential: a secp256k1 range proof is accepted by ballistic iff it is accepted
//! by secp256k1-zkp's C verifier (through the FFI, Grin's 256 generators; on the C's
//! shapes: `n` a power of two up to 64, `m ∈ {1, 2, 4, 8}`), except the documented
//! strictness differences, asserted by name in
//! `interop::peers::ZkpPeers::compare`: the C ignores unused flag bits and reduces
//! x-coordinates `>= p` (`Leniency`), where ballistic rejects with `FormatError`
//! and accepts the proof once they are removed; shapes beyond the C's generators
//! are not given to the C (it aborts) and ballistic must reject them.
//!
//! Input: byte 0 picks one of nine valid seed proofs (made once, by the C or by
//! ballistic, with and without extra commitments); byte 1 picks statement edits
//! (other `n`, other `m`, a commitment replaced by input bytes or an edge value or
//! its prefix flipped, another extra commitment, or the proof taken raw from the
//! rest of the input); then up to four proof edits (bytes, bits, truncation,
//! extension, 32-byte fields set to edge values, copied, swapped or replaced, an
//! unused flag bit set).
#![no_main]

#[path = "common/mutate.rs"]
mod mutate;

use ballistic::curve::{secp256k1::Secp256k1, Curve};
use ballistic::ProofError;
use interop::peers::{Agreement, ZkpLayout, ZkpPeers};
use libfuzzer_sys::fuzz_target;
use mutate::{proof_from, statement, Input, Layout, Stats};
use rand_core::{RngCore, SeedableRng};

const SHAPES_N: [usize; 7] = [1, 2, 4, 8, 16, 32, 64];
const SHAPES_M: [usize; 4] = [1, 2, 4, 8];
const EXTRAS: [Option<&[u8]>; 3] = [None, Some(b""), Some(b"abc")];

struct Seed {
    n: usize,
    proof: Vec<u8>,
    commitments: Vec<[u8; 33]>,
    extra: Option<&'static [u8]>,
    fields: Vec<usize>,
    unused_bits: Vec<(usize, u8)>,
}

struct State {
    peers: ZkpPeers,
    seeds: Vec<Seed>,
    specials: Vec<[u8; 32]>,
}

/// A random scalar in `[1, ℓ)`, big-endian.
fn secret(rng: &mut impl RngCore) -> [u8; 32] {
    loop {
        let mut b = [0u8; 32];
        rng.fill_bytes(&mut b);
        if Secp256k1::scalar_from_canonical_bytes(&b)
            .is_some_and(|s| !Secp256k1::scalar_is_zero(&s))
        {
            return b;
        }
    }
}

impl State {
    fn new() -> Self {
        let peers = ZkpPeers::new(256);
        let pc = ballistic::secp256k1::PedersenGens::default();
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(9);
        let mut seeds = Vec::new();
        // (n, m, prover: true = the C, extra commitment)
        for (n, m, c, extra) in [
            (64, 1, true, EXTRAS[2]),
            (64, 1, false, EXTRAS[0]),
            (8, 1, true, EXTRAS[0]),
            (1, 1, true, EXTRAS[0]),
            (2, 1, false, EXTRAS[1]),
            (32, 2, true, EXTRAS[0]),
            (16, 4, false, EXTRAS[2]),
            (8, 8, true, EXTRAS[1]),
            (64, 2, true, EXTRAS[0]),
        ] {
            let values: Vec<u64> = (0..m).map(|_| rng.next_u64() >> (64 - n)).collect();
            let blinds: Vec<[u8; 32]> = (0..m).map(|_| secret(&mut rng)).collect();
            let (proof, commitments) = if c {
                let nonce = secret(&mut rng);
                let proof = peers
                    .c
                    .prove(&values, &blinds, n, &nonce, None, extra, None)
                    .expect("the C proves");
                let commitments = values
                    .iter()
                    .zip(&blinds)
                    .map(|(v, b)| peers.c.commit(*v, b).expect("the C commits"))
                    .collect();
                (proof, commitments)
            } else {
                let scalars: Vec<_> = blinds
                    .iter()
                    .map(|b| {
                        let s = Secp256k1::scalar_from_canonical_bytes(b).expect("canonical");
                        Secp256k1::scalar_to_api(&s)
                    })
                    .collect();
                let mut t = match extra {
                    Some(e) => ballistic::secp256k1::Transcript::new().with_extra_commit(e),
                    None => ballistic::secp256k1::Transcript::new(),
                };
                let (p, v) = ballistic::secp256k1::RangeProof::prove_multiple_with_rng(
                    &peers.ours_bp,
                    &pc,
                    &mut t,
                    &values,
                    &scalars,
                    n,
                    &mut rng,
                )
                .expect("ballistic proves");
                (p.to_bytes(), v)
            };
            // Every seed is a valid proof for both.
            let both = peers.compare(&proof, &commitments, n, extra);
            assert_eq!(both.map(|c| c.agreement), Ok(Agreement::Same(true)));
            let layout = ZkpLayout::of_len(proof.len()).expect("a proof's length");
            let mut fields = layout.scalars.clone();
            fields.extend(&layout.xs);
            seeds.push(Seed {
                n,
                proof,
                commitments,
                extra,
                fields,
                unused_bits: layout.unused_bits(),
            });
        }
        let be = |h: &str| -> [u8; 32] { hex_literal(h) };
        let ell = be("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
        let p = be("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");
        let plus = |mut x: [u8; 32], k: u8| {
            x[31] += k; // no carry: both constants end below 0xf0
            x
        };
        let mut one = [0u8; 32];
        one[31] = 1;
        let g_x = {
            let enc = Secp256k1::encode(&Secp256k1::default_pedersen_bases().1);
            let mut x = [0u8; 32];
            x.copy_from_slice(&Secp256k1::encoding_bytes(&enc)[1..]);
            x
        };
        let specials = vec![
            [0u8; 32],
            one,
            ell,
            plus(ell, 1),
            p,
            plus(p, 1),
            plus(p, 7),
            [0xff; 32],
            g_x,
        ];
        State {
            peers,
            seeds,
            specials,
        }
    }
}

fn hex_literal(h: &str) -> [u8; 32] {
    core::array::from_fn(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).expect("hex"))
}

thread_local! {
    static STATE: State = State::new();
    static STATS: Stats = Stats {
        name: "diff_zkp",
        counts: Default::default(),
        labels: [
            "rejected when parsing or by shape",
            "rejected by verification",
            "accepted by both",
            "documented difference",
        ],
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
    let mut extra: Option<Vec<u8>> = seed.extra.map(<[u8]>::to_vec);
    if edits & 8 != 0 {
        commitments[j] = input.array();
    }
    if edits & 16 != 0 {
        commitments[j][0] ^= 1;
    }
    if edits & 128 != 0 {
        commitments[j][1..].copy_from_slice(&s.specials[param % s.specials.len()]);
    }
    if edits & 32 != 0 {
        extra = match param % 4 {
            3 => {
                let len = usize::from(input.byte()) % 40;
                Some((0..len).map(|_| input.byte()).collect())
            }
            k => EXTRAS[k].map(<[u8]>::to_vec),
        };
    }
    let layout = Layout {
        fields: &seed.fields,
        specials: &s.specials,
        unused_bits: &seed.unused_bits,
    };
    let proof = proof_from(&seed.proof, &layout, edits & 64 != 0, &mut input);
    let compared = s
        .peers
        .compare(&proof, &commitments, n, extra.as_deref())
        .unwrap_or_else(|e| panic!("ballistic and secp256k1-zkp disagree: {e}"));
    STATS.with(|st| {
        st.count(match (&compared.agreement, &compared.ours) {
            (Agreement::CLenient(_), _) => 3,
            (_, Ok(())) => 2,
            (_, Err(ProofError::VerificationError)) => 1,
            _ => 0,
        })
    });
}
