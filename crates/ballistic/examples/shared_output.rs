//! Two wallets build one shared output (Grin's multisig output) end to end: Alice
//! pays 25,000,000 nanogrin into an output whose blinding factor is split between
//! her and Bob, and they produce its 675-byte range proof together, in the rounds of
//! secp256k1-zkp's multi-party mode. Every message that crosses between the wallets
//! is printed with its size.
//!
//! ```text
//! cargo run -p ballistic --example shared_output
//! ```
//!
//! A real wallet must also (see `ballistic::range_proof::zkp::shared`): commit to its
//! partial commitment and `T` shares before seeing the other's (commit, then reveal),
//! demand a proof of knowledge of the other's blinding share (a signature under
//! `C_j − v_j·H`), derive the common nonce freshly per output (e.g. from a
//! Diffie–Hellman secret) and never keep a party's state across restarts.

use ballistic::curve::{secp256k1::Secp256k1, Curve};
use ballistic::secp256k1::shared_output::{
    rewind, sum_commitments, SharedParty, SharedStatement, TauPoints,
};
use ballistic::secp256k1::{grin_generators, PedersenGens, RangeProof, Scalar, Transcript};
use rand::rngs::OsRng;
use rand::RngCore;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn short(bytes: &[u8]) -> String {
    let h = hex(bytes);
    format!("{}…{} ({} bytes)", &h[..12], &h[h.len() - 8..], bytes.len())
}

fn random_scalar() -> Scalar {
    let mut wide = [0u8; 64];
    OsRng.fill_bytes(&mut wide);
    Secp256k1::scalar_from_wide_bytes(&wide)
}

fn send(from: &str, to: &str, what: &str, bytes: &[u8]) {
    println!("  {from} -> {to}: {what:<28} {}", short(bytes));
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (bp, pc) = (grin_generators(), PedersenGens::default());
    let value = 25_000_000u64;

    println!("Setup (each wallet on its own):");
    // Alice carries the value; Bob commits zero. Each keeps its blinding share.
    let gamma_alice = random_scalar();
    let gamma_bob = random_scalar();
    let c_alice = Secp256k1::encode(&pc.commit(Scalar::from(value), gamma_alice));
    let c_bob = Secp256k1::encode(&pc.commit(Scalar::ZERO, gamma_bob));
    send("Alice", "Bob", "partial commitment C_A", &c_alice);
    send("Bob", "Alice", "partial commitment C_B", &c_bob);
    let commitment = sum_commitments(&[c_alice, c_bob])?;
    println!("  both: C = C_A + C_B = {}", short(&commitment));
    // Agreed on by both (in Grin's proposal from a Diffie-Hellman secret).
    let mut common_nonce = [0u8; 32];
    OsRng.fill_bytes(&mut common_nonce);
    let transcript = Transcript::new().with_message(*b"shared output demo  ");

    // Both wallets build the same statement.
    let st_alice = SharedStatement::new(
        &bp,
        &pc,
        &transcript,
        common_nonce,
        &[value],
        &[commitment],
        64,
    )?;
    let st_bob = SharedStatement::new(
        &bp,
        &pc,
        &transcript,
        common_nonce,
        &[value],
        &[commitment],
        64,
    )?;

    println!("Round 1 (T shares, SEC 1 public keys):");
    let (alice, tau_alice) = SharedParty::new(&st_alice, &[gamma_alice], &mut OsRng)?;
    let (bob, tau_bob) = SharedParty::new(&st_bob, &[gamma_bob], &mut OsRng)?;
    send("Alice", "Bob", "T1_A = tau1_A*G", &tau_alice.t_one);
    send("Alice", "Bob", "T2_A = tau2_A*G", &tau_alice.t_two);
    send("Bob", "Alice", "T1_B = tau1_B*G", &tau_bob.t_one);
    send("Bob", "Alice", "T2_B = tau2_B*G", &tau_bob.t_two);

    println!("Round 2 (tau_x shares):");
    let sums_alice = TauPoints::sum(&[tau_alice, tau_bob])?;
    let sums_bob = TauPoints::sum(&[tau_alice, tau_bob])?;
    assert_eq!(sums_alice, sums_bob);
    let (combiner, tau_x_alice) = alice.tau_x(&sums_alice)?;
    let (_, tau_x_bob) = bob.tau_x(&sums_bob)?;
    send("Bob", "Alice", "tau_x_B", &tau_x_bob);

    println!("Final (Alice combines):");
    combiner.audit_tau_share(1, &tau_x_bob, &tau_bob, &[c_bob], &[0])?;
    println!("  Alice: Bob's tau_x share passes the audit");
    let proof = combiner.finalize(&[tau_x_alice, tau_x_bob])?;
    let bytes = proof.to_bytes();
    send("Alice", "Bob", "range proof", &bytes);

    // Anyone verifies the proof as an ordinary single-value proof of C.
    RangeProof::from_bytes(&bytes)?.verify_single(
        &bp,
        &pc,
        &mut Transcript::new(),
        &commitment,
        64,
    )?;
    println!("Verified: C commits to a 64-bit value.");

    // Either wallet recovers the value and the message with the common nonce.
    let r = rewind(
        &proof,
        &bp,
        &pc,
        &Transcript::new(),
        &commitment,
        64,
        &common_nonce,
    )?;
    println!(
        "Rewound with the common nonce: value {}, message {:?}",
        r.value,
        String::from_utf8_lossy(&r.message)
    );
    assert_eq!(r.value, value);
    Ok(())
}
