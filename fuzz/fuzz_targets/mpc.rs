//! Multi-party proving (dalek's dealer and parties, ristretto255) with one hostile
//! message: the dealer never panics on any bit commitment, polynomial commitment or
//! proof share, and a proof it returns verifies; a recomputing party never panics on
//! any challenge and answers only the challenges its transcript gives.
//!
//! Input: `[m][n][round][party][message bytes]`: m = 1 + byte % 3 parties of
//! n ∈ {1, 8, 13} bits (honest, values `j·37 mod 2^n`); round = byte % 4: the bit
//! commitment (0), the polynomial commitment (1) or the proof share (2) of party
//! `party % m` is replaced by the message bytes decoded as dalek's wire encoding
//! (bincode, fixed-width integers); 3: the dealer's bit challenge is, and the
//! parties recompute it. Bytes that do not decode leave the honest message.
#![no_main]
use ballistic::merlin::Transcript;
use ballistic::ristretto::range_proof_mpc::dealer::Dealer;
use ballistic::ristretto::range_proof_mpc::messages::{
    BitChallenge, BitCommitment, PolyCommitment, ProofShare,
};
use ballistic::ristretto::range_proof_mpc::party::Party;
use ballistic::ristretto::range_proof_mpc::MPCError;
use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof, Scalar};
use bincode::Options;
use libfuzzer_sys::fuzz_target;
use rand_core::SeedableRng;
use serde::de::DeserializeOwned;
use std::sync::OnceLock;

const LABEL: &[u8] = b"fuzz mpc";

/// The widths the target proves.
const WIDTHS: [usize; 3] = [1, 8, 13];

/// The generators of every shape (1 to 3 parties of each width), built once.
fn gens(n: usize, m: usize) -> &'static BulletproofGens {
    static GENS: OnceLock<Vec<BulletproofGens>> = OnceLock::new();
    let all = GENS.get_or_init(|| {
        WIDTHS
            .iter()
            .flat_map(|n| (1..=3).map(move |m| BulletproofGens::new(*n, m)))
            .collect()
    });
    let w = WIDTHS.iter().position(|w| *w == n).unwrap_or(0);
    &all[3 * w + (m - 1)]
}

fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Option<T> {
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .allow_trailing_bytes()
        .with_limit(1 << 16)
        .deserialize(bytes)
        .ok()
}

fuzz_target!(|data: &[u8]| {
    let (head, message) = data.split_at(data.len().min(4));
    let byte = |i: usize| head.get(i).copied().unwrap_or(0);
    let m = 1 + usize::from(byte(0) % 3);
    let n = WIDTHS[usize::from(byte(1) % 3)];
    let round = byte(2) % 4;
    let target = usize::from(byte(3)) % m;
    let (bp, pc) = (gens(n, m), PedersenGens::default());
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(u64::from(byte(3)));
    let values: Vec<u64> = (0..m)
        .map(|j| (j as u64 * 37) & ((1u64 << n) - 1))
        .collect();

    let mut t = Transcript::new(LABEL);
    let dealer = Dealer::new(bp, &pc, &mut t, n, m).expect("a valid shape");
    let parties = values
        .iter()
        .enumerate()
        .map(|(j, v)| Party::new(bp, &pc, *v, Scalar::from(j as u64 + 7), n).expect("in range"));
    if round == 3 {
        // Recomputing parties against a hostile bit challenge.
        let context = Transcript::new(LABEL);
        let mut states = Vec::new();
        let mut bits = Vec::new();
        for (j, p) in parties.enumerate() {
            let (s, b) = p
                .assign_position_checked_with_rng(j, m, &context, &mut rng)
                .expect("position");
            states.push(s);
            bits.push(b);
        }
        let Ok((_, honest)) = dealer.receive_bit_commitments(bits.clone()) else {
            return;
        };
        let hostile: BitChallenge = decode(message).unwrap_or(honest);
        let same = hostile.y() == honest.y() && hostile.z() == honest.z();
        for s in states {
            match s.apply_challenge_with_rng(&hostile, &bits, &mut rng) {
                Ok(_) => assert!(same, "a recomputing party answered a forged challenge"),
                Err(e) => assert!(!same || e == MPCError::ProvingError, "{e:?}"),
            }
        }
        return;
    }
    let (states, mut bits): (Vec<_>, Vec<BitCommitment>) = parties
        .enumerate()
        .map(|(j, p)| p.assign_position_with_rng(j, &mut rng).expect("position"))
        .unzip();
    if round == 0 {
        if let Some(b) = decode(message) {
            bits[target] = b;
        }
    }
    let Ok((dealer, yz)) = dealer.receive_bit_commitments(bits.clone()) else {
        return;
    };
    let (states, mut polys): (Vec<_>, Vec<PolyCommitment>) = states
        .into_iter()
        .map(|s| s.apply_challenge_with_rng(&yz, &mut rng))
        .unzip();
    if round == 1 {
        if let Some(p) = decode(message) {
            polys[target] = p;
        }
    }
    let Ok((dealer, x)) = dealer.receive_poly_commitments(polys) else {
        return;
    };
    let Ok(mut shares) = states
        .into_iter()
        .map(|s| s.apply_challenge(&x))
        .collect::<Result<Vec<ProofShare>, _>>()
    else {
        return;
    };
    if round == 2 {
        if let Some(s) = decode(message) {
            shares[target] = s;
        }
    }
    if let Ok(proof) = dealer.receive_shares_with_rng(&shares, &mut rng) {
        let commitments: Vec<_> = bits.iter().map(|b| *b.v_j()).collect();
        let bytes = proof.to_bytes();
        let again = RangeProof::from_bytes(&bytes).expect("the dealer's proof decodes");
        again
            .verify_multiple(bp, &pc, &mut Transcript::new(LABEL), &commitments, n)
            .expect("a proof the dealer returns verifies");
    }
});
