//! SHA-256 in zero knowledge: "I know a 64-byte block `B` with
//! `compress(IV, B) = D`" and "I know a message `m` of at most 55 bytes with
//! `SHA-256(m) = D`", for a public digest `D`, as one-phase [`crate::r1cs`] proofs on
//! any [`Curve`].
//!
//! # Statements
//!
//! * **Compression** ([`prove_compression`], [`verify_compression`]): one 64-byte
//!   block, the standard initial value, no padding; `D` is the 32-byte big-endian
//!   output of the compression function ([`compress`]).
//! * **Message** ([`prove_message`], [`verify_message`]): the full hash of a message
//!   that fits one padded block (`0 ≤ len ≤ 55` bytes, [`MAX_MESSAGE_LEN`]). **The
//!   length is hidden**: the circuit does not depend on it. 56 one-hot selector bits
//!   `s_j = [j = len]` (`Σ s_j = 1`) place the `0x80` byte and the zeros after it (one
//!   multiplier per byte: `byte_j · Σ_{k≤j} s_k = 0x80 · s_j`), and the length field
//!   `8·len` is six bits tied to `Σ j·s_j`. A proof says nothing about the message but
//!   its digest (the proof has the same size and shape for every length).
//!
//! The block is a secret witness: its 512 bits are multiplier inputs, with no
//! commitment (the proof is a plain one-phase R1CS proof with `m = 0`).
//!
//! # The circuit
//!
//! Every bit that a bitwise function reads is a variable constrained to `{0, 1}` by
//! a multiplier `b·(1 − b) = 0`; a 32-bit word is the linear combination `Σ 2^i b_i`
//! of its bits, so rotations and shifts cost nothing. The bitwise functions cost, per
//! bit (with `a·b` a multiplier):
//!
//! | function | formula | multipliers |
//! |---|---|---:|
//! | `x ⊕ y` | `x + y − 2xy` | 1 |
//! | `x ⊕ y ⊕ z` (Σ0, Σ1, σ0, σ1) | `(x ⊕ y) ⊕ z` | 2 |
//! | `Ch(e, f, g)` | `e·(f − g) + g` | 1 |
//! | `Maj(a, b, c)` | `ab + c·(a + b − 2ab)` | 2 |
//!
//! Their outputs are linear combinations and are never decomposed: a modular
//! addition is the field sum of its operands (every sum is below `2^36`, so it
//! never wraps around the scalar field), decomposed into 32 new bits plus the carry
//! bits its largest value needs. Public constants propagate: a function of constant bits is a
//! constant, `x ⊕ 1 = 1 − x`, `Ch` and `Maj` with constant inputs lose their
//! products. The digest is compared in the circuit's last linear constraints, so the
//! final `a` and `e` are never decomposed: `a_64 + IV_0 ≡ D_0 (mod 2^32)` costs only
//! the carry bits of `a_64`'s sum.
//!
//! Multipliers of the compression function ([`COMPRESSION_MULTIPLIERS`] = 25,997;
//! the test `multiplier_breakdown` measures each line):
//!
//! | part | each | total |
//! |---|---:|---:|
//! | the block's bits | 1 | 512 |
//! | `W_16..W_61`: σ1 (54), σ0 (61), 32 bits, 2 carry bits | 149 | 6,854 |
//! | `W_62`, `W_63`: σ1 + σ0, kept as sums | 115 | 230 |
//! | round 0: `a_1`, `e_1` (32 + 2 each) | | 68 |
//! | round 1: Σ1, Σ0 (64 each), `a_2`, `e_2` (69) | | 197 |
//! | round 2: Σ1, Σ0, `Ch`, `Maj` (32 each), `a_3`, `e_3` | | 262 |
//! | rounds 3..61: Σ1, Σ0, `Maj` (64 each), `Ch` (32), `a`, `e` (35 each) | 294 | 17,346 |
//! | round 62: as above, one more carry bit each (`W_62` is a sum) | | 296 |
//! | round 63: the bitwise functions; `a_64`, `e_64` stay sums | | 224 |
//! | digest: the carry bits of `a_64`, `e_64` (4 each) | | 8 |
//!
//! In rounds 0 to 2 part of the state is the constant IV: in round 0 every function
//! is a constant and only `W_0` is secret; in round 1 `Ch(e, f, g)` and `Maj(a, b,
//! c)` with constant `f, g` and `b, c` are linear; in round 2 `Maj` with a constant
//! `c` is one product. `W_62` and `W_63` are only read linearly by the rounds, so
//! they are never decomposed.
//!
//! Padded to `2^15` ([`GENERATORS_CAPACITY`]): a proof is `417 + 64·15 = 1,377` bytes
//! on ristretto255 and `425 + 66·15 = 1,415` bytes on secp256k1. The message circuit
//! ([`MESSAGE_MULTIPLIERS`] = 25,827) allocates 448 message bits, 56 selectors, 56
//! padding products and 6 length bits (566) instead of the block's 512 bits, and
//! saves 224 multipliers of σ0 and σ1 on the public-constant bits of `W_14 = 0` and
//! `W_15 = 8·len < 2^9`.
//!
//! The prover's assignments are computed from the block with word arithmetic on
//! 0/1 values, without branching on them; the message's length selects the padding
//! by constant-time comparisons (only the copy of the message into the block takes
//! time linear in its length).
//!
//! # Binding the statement
//!
//! The R1CS transcript binds the prover's messages, not the circuit's constants. The
//! high-level functions append the statement (compression or message) and the digest
//! to the caller's transcript before the prover or the verifier is created, and the
//! gadgets ([`compression_gadget`], [`message_gadget`]) append their statement and
//! digest to the constraint system's transcript again when they are built, so that
//! a gadget embedded in a larger circuit binds its digest too. A proof for one digest
//! or one statement never verifies for another.
//!
//! # Example
//! ```
//! use ballistic::curve::ristretto::Ristretto;
//! use ballistic::gadgets::sha256;
//! use ballistic::merlin::Transcript;
//! use ballistic::generators::{BulletproofGens, PedersenGens};
//!
//! let pc = PedersenGens::<Ristretto>::default();
//! let bp = BulletproofGens::<Ristretto>::new(sha256::GENERATORS_CAPACITY, 1);
//! let mut rng = rand::thread_rng();
//! let (proof, digest) =
//!     sha256::prove_message(&pc, &bp, Transcript::new(b"doc"), b"abc", &mut rng)?;
//! assert_eq!(proof.to_bytes().len(), 1377);
//! sha256::verify_message(&pc, &bp, Transcript::new(b"doc"), &digest, &proof, &mut rng)?;
//! let mut other = digest;
//! other[0] ^= 1;
//! assert!(sha256::verify_message(&pc, &bp, Transcript::new(b"doc"), &other, &proof, &mut rng)
//!     .is_err());
//! # Ok::<(), ballistic::r1cs::R1CSError>(())
//! ```

use alloc::vec::Vec;

use merlin::Transcript;
use rand_core::{CryptoRng, RngCore};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use zeroize::{Zeroize, Zeroizing};

use crate::ct::{declassify_array, Declassified};
use crate::curve::Curve;
use crate::generators::{BulletproofGens, PedersenGens};
use crate::r1cs::{
    ConstraintSystem, LinearCombination, Prover, R1CSError, R1CSProof, Variable, Verifier,
};

/// Longest message [`prove_message`] accepts: the message, the `0x80` byte and the
/// 8-byte length fill one 64-byte block.
///
/// # Example
/// ```
/// assert_eq!(ballistic::gadgets::sha256::MAX_MESSAGE_LEN, 55);
/// ```
pub const MAX_MESSAGE_LEN: usize = 55;

/// Multipliers of the compression circuit ([`compression_gadget`]); the module
/// documentation says where they go.
///
/// # Example
/// ```
/// use ballistic::gadgets::sha256;
/// assert!(sha256::COMPRESSION_MULTIPLIERS <= 30_000);
/// assert_eq!(sha256::COMPRESSION_MULTIPLIERS.next_power_of_two(), sha256::GENERATORS_CAPACITY);
/// ```
pub const COMPRESSION_MULTIPLIERS: usize = 25_997;

/// Multipliers of the message circuit ([`message_gadget`]).
///
/// # Example
/// ```
/// use ballistic::gadgets::sha256;
/// assert_eq!(sha256::MESSAGE_MULTIPLIERS.next_power_of_two(), sha256::GENERATORS_CAPACITY);
/// ```
pub const MESSAGE_MULTIPLIERS: usize = 25_827;

/// Generators both circuits need (their multipliers padded to a power of two):
/// `BulletproofGens::new(GENERATORS_CAPACITY, 1)`.
///
/// # Example
/// ```
/// assert_eq!(ballistic::gadgets::sha256::GENERATORS_CAPACITY, 1 << 15);
/// ```
pub const GENERATORS_CAPACITY: usize = 1 << 15;

/// SHA-256's initial value.
const IV: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// SHA-256's round constants.
const K: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/// The statements, as the transcripts name them.
const COMPRESSION: &[u8] = b"compression";
const MESSAGE: &[u8] = b"message";

/// The SHA-256 compression function of one block from the standard initial value
/// (no padding): the digest [`prove_compression`] proves knowledge of a preimage of.
///
/// # Example
/// ```
/// use ballistic::gadgets::sha256::compress;
/// use sha2::{Digest, Sha256};
/// // The padded block of the empty message compresses to SHA-256("").
/// let mut block = [0u8; 64];
/// block[0] = 0x80;
/// assert_eq!(compress(&block), <[u8; 32]>::from(Sha256::digest(b"")));
/// ```
pub fn compress(block: &[u8; 64]) -> [u8; 32] {
    let mut state = IV;
    let block = sha2::digest::generic_array::GenericArray::from_slice(block);
    sha2::compress256(&mut state, core::slice::from_ref(block));
    let mut out = [0u8; 32];
    for (chunk, word) in out.chunks_exact_mut(4).zip(state.iter()) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    state.zeroize();
    out
}

/// Appends the statement and the digest to a transcript.
fn bind(transcript: &mut Transcript, statement: &'static [u8], digest: &[u8; 32]) {
    transcript.append_message(b"dom-sep", b"sha256 v1");
    transcript.append_message(b"sha256 statement", statement);
    transcript.append_message(b"sha256 digest", digest);
}

/// Proves knowledge of a block whose compression ([`compress`]) is the returned
/// digest. `transcript` must be the verifier's; the statement and the digest are
/// appended to it first. `bp` needs [`GENERATORS_CAPACITY`] generators.
///
/// # Errors
/// [`R1CSError::InvalidGeneratorsLength`] if `bp` is too small, and the prover's
/// other errors ([`Prover::prove_with_rng`]).
///
/// # Example
/// ```
/// use ballistic::curve::ristretto::Ristretto;
/// use ballistic::gadgets::sha256;
/// use ballistic::merlin::Transcript;
/// use ballistic::generators::{BulletproofGens, PedersenGens};
///
/// let pc = PedersenGens::<Ristretto>::default();
/// let bp = BulletproofGens::<Ristretto>::new(sha256::GENERATORS_CAPACITY, 1);
/// let mut rng = rand::thread_rng();
/// let block = [0x42u8; 64];
/// let (proof, digest) =
///     sha256::prove_compression(&pc, &bp, Transcript::new(b"doc"), &block, &mut rng)?;
/// assert_eq!(digest, sha256::compress(&block));
/// sha256::verify_compression(&pc, &bp, Transcript::new(b"doc"), &digest, &proof, &mut rng)?;
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub fn prove_compression<C: Curve, R: RngCore + CryptoRng>(
    pc: &PedersenGens<C>,
    bp: &BulletproofGens<C>,
    transcript: Transcript,
    block: &[u8; 64],
    rng: &mut R,
) -> Result<(R1CSProof<C>, [u8; 32]), R1CSError> {
    let gadget = |prover: &mut Prover<'_, C, Transcript>, digest: &[u8; 32]| {
        compression_gadget(prover, Some(block), digest).map(drop)
    };
    // Public by design: the digest is the statement.
    let digest = declassify_array(Declassified::Digest, compress(block));
    prove_statement(pc, bp, transcript, COMPRESSION, digest, gadget, rng)
}

/// Verifies a proof of [`prove_compression`] for `digest`.
///
/// # Errors
/// [`R1CSError::VerificationError`] if the proof does not verify for this digest
/// and transcript, [`R1CSError::InvalidGeneratorsLength`] if `bp` is too small.
///
/// # Example
/// ```no_run
/// # use ballistic::curve::ristretto::Ristretto;
/// # use ballistic::gadgets::sha256;
/// # use ballistic::merlin::Transcript;
/// # use ballistic::generators::{BulletproofGens, PedersenGens};
/// # let pc = PedersenGens::<Ristretto>::default();
/// # let bp = BulletproofGens::<Ristretto>::new(sha256::GENERATORS_CAPACITY, 1);
/// # let mut rng = rand::thread_rng();
/// let (proof, digest) =
///     sha256::prove_compression(&pc, &bp, Transcript::new(b"doc"), &[7u8; 64], &mut rng)?;
/// sha256::verify_compression(&pc, &bp, Transcript::new(b"doc"), &digest, &proof, &mut rng)?;
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub fn verify_compression<C: Curve, R: RngCore + CryptoRng>(
    pc: &PedersenGens<C>,
    bp: &BulletproofGens<C>,
    transcript: Transcript,
    digest: &[u8; 32],
    proof: &R1CSProof<C>,
    rng: &mut R,
) -> Result<(), R1CSError> {
    let verifier = compression_verifier_for_proof(transcript, digest, proof)?;
    verify_statement(pc, bp, verifier, proof, rng)
}

/// The verifier's constraint system of the compression statement for `digest`,
/// built but not checked: for [`crate::r1cs::BatchVerifier::add`] (or
/// [`Verifier::verify`]). Binds the statement as [`prove_compression`] does.
///
/// # Errors
/// None in practice (the verifier's gadget allocates without assignments); the
/// signature carries the gadget's.
///
/// # Example
/// ```
/// use ballistic::curve::secp256k1::Secp256k1;
/// use ballistic::gadgets::sha256;
/// use ballistic::r1cs::ConstraintSystem;
/// let v = sha256::compression_verifier::<Secp256k1>(
///     ballistic::merlin::Transcript::new(b"doc"), &[0u8; 32])?;
/// assert_eq!(v.metrics().multipliers, sha256::COMPRESSION_MULTIPLIERS);
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub fn compression_verifier<C: Curve>(
    transcript: Transcript,
    digest: &[u8; 32],
) -> Result<Verifier<C, Transcript>, R1CSError> {
    statement_verifier(transcript, COMPRESSION, digest, None, |verifier, digest| {
        compression_gadget(verifier, None, digest).map(drop)
    })
}

/// [`compression_verifier`] for checking `proof` (only): a verifier made by
/// [`Verifier::for_proof`], which stores no constraint (a fifth faster). Give
/// [`crate::r1cs::BatchVerifier::add`] or [`Verifier::verify`] the same `proof`.
///
/// # Errors
/// As [`compression_verifier`].
///
/// # Example
/// ```no_run
/// # use ballistic::curve::ristretto::Ristretto;
/// # use ballistic::gadgets::sha256;
/// # use ballistic::merlin::Transcript;
/// # use ballistic::generators::{BulletproofGens, PedersenGens};
/// use ballistic::r1cs::BatchVerifier;
/// # let pc = PedersenGens::<Ristretto>::default();
/// # let bp = BulletproofGens::<Ristretto>::new(sha256::GENERATORS_CAPACITY, 1);
/// # let mut rng = rand::thread_rng();
/// let t = || Transcript::new(b"doc");
/// let mut batch = BatchVerifier::new(&pc, &bp);
/// for block in [[1u8; 64], [2u8; 64]] {
///     let (proof, digest) = sha256::prove_compression(&pc, &bp, t(), &block, &mut rng)?;
///     batch.add(sha256::compression_verifier_for_proof(t(), &digest, &proof)?, &proof);
/// }
/// assert!(batch.verify().is_ok());
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub fn compression_verifier_for_proof<C: Curve>(
    transcript: Transcript,
    digest: &[u8; 32],
    proof: &R1CSProof<C>,
) -> Result<Verifier<C, Transcript>, R1CSError> {
    statement_verifier(
        transcript,
        COMPRESSION,
        digest,
        Some(proof),
        |verifier, digest| compression_gadget(verifier, None, digest).map(drop),
    )
}

/// Proves knowledge of a message of at most [`MAX_MESSAGE_LEN`] bytes whose
/// SHA-256 is the returned digest; the length stays hidden. `transcript` must be
/// the verifier's; the statement and the digest are appended to it first.
///
/// # Errors
/// [`R1CSError::GadgetError`] if the message is longer than [`MAX_MESSAGE_LEN`],
/// [`R1CSError::InvalidGeneratorsLength`] if `bp` has fewer than
/// [`GENERATORS_CAPACITY`] generators, and the prover's other errors.
///
/// # Example
/// ```no_run
/// # use ballistic::curve::ristretto::Ristretto;
/// # use ballistic::gadgets::sha256;
/// # use ballistic::merlin::Transcript;
/// # use ballistic::generators::{BulletproofGens, PedersenGens};
/// use sha2::{Digest, Sha256};
/// # let pc = PedersenGens::<Ristretto>::default();
/// # let bp = BulletproofGens::<Ristretto>::new(sha256::GENERATORS_CAPACITY, 1);
/// # let mut rng = rand::thread_rng();
/// let (proof, digest) =
///     sha256::prove_message(&pc, &bp, Transcript::new(b"doc"), b"secret", &mut rng)?;
/// assert_eq!(digest, <[u8; 32]>::from(Sha256::digest(b"secret")));
/// assert!(sha256::prove_message(&pc, &bp, Transcript::new(b"doc"), &[0; 56], &mut rng).is_err());
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub fn prove_message<C: Curve, R: RngCore + CryptoRng>(
    pc: &PedersenGens<C>,
    bp: &BulletproofGens<C>,
    transcript: Transcript,
    message: &[u8],
    rng: &mut R,
) -> Result<(R1CSProof<C>, [u8; 32]), R1CSError> {
    check_message_len(message)?;
    // Public by design: the digest is the statement.
    let digest = declassify_array(Declassified::Digest, Sha256::digest(message).into());
    let gadget = |prover: &mut Prover<'_, C, Transcript>, digest: &[u8; 32]| {
        message_gadget(prover, Some(message), digest).map(drop)
    };
    prove_statement(pc, bp, transcript, MESSAGE, digest, gadget, rng)
}

/// Verifies a proof of [`prove_message`] for `digest`.
///
/// # Errors
/// [`R1CSError::VerificationError`] if the proof does not verify for this digest
/// and transcript, [`R1CSError::InvalidGeneratorsLength`] if `bp` is too small.
///
/// # Example
/// ```no_run
/// # use ballistic::curve::ristretto::Ristretto;
/// # use ballistic::gadgets::sha256;
/// # use ballistic::merlin::Transcript;
/// # use ballistic::generators::{BulletproofGens, PedersenGens};
/// # let pc = PedersenGens::<Ristretto>::default();
/// # let bp = BulletproofGens::<Ristretto>::new(sha256::GENERATORS_CAPACITY, 1);
/// # let mut rng = rand::thread_rng();
/// let (proof, digest) =
///     sha256::prove_message(&pc, &bp, Transcript::new(b"doc"), b"abc", &mut rng)?;
/// sha256::verify_message(&pc, &bp, Transcript::new(b"doc"), &digest, &proof, &mut rng)?;
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub fn verify_message<C: Curve, R: RngCore + CryptoRng>(
    pc: &PedersenGens<C>,
    bp: &BulletproofGens<C>,
    transcript: Transcript,
    digest: &[u8; 32],
    proof: &R1CSProof<C>,
    rng: &mut R,
) -> Result<(), R1CSError> {
    let verifier = message_verifier_for_proof(transcript, digest, proof)?;
    verify_statement(pc, bp, verifier, proof, rng)
}

/// The verifier's constraint system of the message statement for `digest`, built
/// but not checked (for [`crate::r1cs::BatchVerifier::add`]). Binds the statement
/// as [`prove_message`] does.
///
/// # Errors
/// None in practice; the signature carries the gadget's.
///
/// # Example
/// ```
/// use ballistic::curve::ristretto::Ristretto;
/// use ballistic::gadgets::sha256;
/// use ballistic::r1cs::ConstraintSystem;
/// let v = sha256::message_verifier::<Ristretto>(
///     ballistic::merlin::Transcript::new(b"doc"), &[0u8; 32])?;
/// assert_eq!(v.metrics().multipliers, sha256::MESSAGE_MULTIPLIERS);
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub fn message_verifier<C: Curve>(
    transcript: Transcript,
    digest: &[u8; 32],
) -> Result<Verifier<C, Transcript>, R1CSError> {
    statement_verifier(transcript, MESSAGE, digest, None, |verifier, digest| {
        message_gadget(verifier, None, digest).map(drop)
    })
}

/// [`message_verifier`] for checking `proof` (only), as
/// [`compression_verifier_for_proof`].
///
/// # Errors
/// As [`message_verifier`].
///
/// # Example
/// ```no_run
/// # use ballistic::curve::ristretto::Ristretto;
/// # use ballistic::gadgets::sha256;
/// # use ballistic::merlin::Transcript;
/// # use ballistic::generators::{BulletproofGens, PedersenGens};
/// # let pc = PedersenGens::<Ristretto>::default();
/// # let bp = BulletproofGens::<Ristretto>::new(sha256::GENERATORS_CAPACITY, 1);
/// # let mut rng = rand::thread_rng();
/// let t = || Transcript::new(b"doc");
/// let (proof, digest) = sha256::prove_message(&pc, &bp, t(), b"abc", &mut rng)?;
/// let verifier = sha256::message_verifier_for_proof(t(), &digest, &proof)?;
/// verifier.verify(&proof, &pc, &bp)?;
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub fn message_verifier_for_proof<C: Curve>(
    transcript: Transcript,
    digest: &[u8; 32],
    proof: &R1CSProof<C>,
) -> Result<Verifier<C, Transcript>, R1CSError> {
    statement_verifier(
        transcript,
        MESSAGE,
        digest,
        Some(proof),
        |verifier, digest| message_gadget(verifier, None, digest).map(drop),
    )
}

/// Proves a statement of this module: binds `statement` and `digest` to
/// `transcript`, runs `gadget` (with the witness) on a prover over it and proves
/// the result; returns the proof with `digest`.
fn prove_statement<'g, C: Curve, R: RngCore + CryptoRng>(
    pc: &'g PedersenGens<C>,
    bp: &BulletproofGens<C>,
    mut transcript: Transcript,
    statement: &'static [u8],
    digest: [u8; 32],
    gadget: impl FnOnce(&mut Prover<'g, C, Transcript>, &[u8; 32]) -> Result<(), R1CSError>,
    rng: &mut R,
) -> Result<(R1CSProof<C>, [u8; 32]), R1CSError> {
    bind(&mut transcript, statement, &digest);
    let mut prover = Prover::new(pc, transcript);
    gadget(&mut prover, &digest)?;
    Ok((prover.prove_with_rng(bp, rng)?, digest))
}

/// The verifier's constraint system of a statement of this module: binds
/// `statement` and `digest` to `transcript` as [`prove_statement`] does, then runs
/// `gadget` (without a witness) on a verifier over it.
fn statement_verifier<C: Curve>(
    mut transcript: Transcript,
    statement: &'static [u8],
    digest: &[u8; 32],
    proof: Option<&R1CSProof<C>>,
    gadget: impl FnOnce(&mut Verifier<C, Transcript>, &[u8; 32]) -> Result<(), R1CSError>,
) -> Result<Verifier<C, Transcript>, R1CSError> {
    bind(&mut transcript, statement, digest);
    let mut verifier = match proof {
        Some(proof) => Verifier::for_proof(transcript, proof),
        None => Verifier::new(transcript),
    };
    verifier.reserve(VERIFIER_CONSTRAINTS, VERIFIER_TERMS);
    gadget(&mut verifier, digest)?;
    Ok(verifier)
}

/// At least the constraints and their terms of either circuit on a verifier (a
/// hint for its storage; a test checks that it covers both).
const VERIFIER_CONSTRAINTS: usize = 54_000;
/// See [`VERIFIER_CONSTRAINTS`].
const VERIFIER_TERMS: usize = 206_000;

/// Checks `proof` against a statement's built `verifier` ([`statement_verifier`]).
fn verify_statement<C: Curve, R: RngCore + CryptoRng>(
    pc: &PedersenGens<C>,
    bp: &BulletproofGens<C>,
    verifier: Verifier<C, Transcript>,
    proof: &R1CSProof<C>,
    rng: &mut R,
) -> Result<(), R1CSError> {
    verifier.verify_with_rng(proof, pc, bp, rng).map(|_| ())
}

fn check_message_len(message: &[u8]) -> Result<(), R1CSError> {
    if message.len() > MAX_MESSAGE_LEN {
        return Err(R1CSError::GadgetError {
            description: alloc::format!(
                "a SHA-256 message of {} bytes does not fit one block (at most {MAX_MESSAGE_LEN})",
                message.len()
            ),
        });
    }
    Ok(())
}

/// The compression circuit: allocates the block's 512 bits (the prover passes
/// `Some(block)`, the verifier `None`) and constrains `compress(IV, block) =
/// digest`. Appends the statement and `digest` to `cs`'s transcript first.
///
/// Returns the block's bit variables, byte by byte, most significant bit first
/// (each constrained to `{0, 1}`), for circuits that constrain the block further.
/// Costs [`COMPRESSION_MULTIPLIERS`] multipliers.
///
/// # Errors
/// [`R1CSError::MissingAssignment`] for a prover called with `None`.
///
/// # Example
/// ```
/// use ballistic::curve::ristretto::Ristretto;
/// use ballistic::gadgets::sha256;
/// use ballistic::r1cs::{ConstraintSystem, Verifier};
/// let mut v = Verifier::<Ristretto, _>::new(ballistic::merlin::Transcript::new(b"doc"));
/// let bits = sha256::compression_gadget(&mut v, None, &[0u8; 32])?;
/// assert_eq!(bits.len(), 512);
/// assert_eq!(v.metrics().multipliers, sha256::COMPRESSION_MULTIPLIERS);
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub fn compression_gadget<C: Curve, CS: ConstraintSystem<C>>(
    cs: &mut CS,
    block: Option<&[u8; 64]>,
    digest: &[u8; 32],
) -> Result<Vec<Variable<C>>, R1CSError> {
    bind_gadget(cs.transcript(), COMPRESSION, digest);
    let mut circuit = Circuit::new(cs);
    let mut vars = Vec::with_capacity(512);
    // The block's bits with the prover's values, wiped when dropped.
    let mut bits: Zeroizing<Vec<Bit<C>>> = Zeroizing::new(Vec::with_capacity(512));
    for j in 0..64 {
        for k in 0..8 {
            let value = block.map(|b| u64::from((b[j] >> (7 - k)) & 1));
            let var = circuit.boolean(value)?;
            vars.push(var);
            bits.push(Bit::Var(var, value));
        }
    }
    let mut words: [Word<C>; 16] =
        core::array::from_fn(|t| Word::from_fn(|i| bits[32 * t + 31 - i]));
    drop(bits);
    let result = circuit.compression(words, digest);
    words.zeroize();
    result.map(|()| vars)
}

/// The variables of [`message_gadget`], for circuits that constrain the message
/// further.
///
/// # Example
/// ```
/// use ballistic::curve::ristretto::Ristretto;
/// use ballistic::gadgets::sha256;
/// use ballistic::r1cs::Verifier;
/// let mut v = Verifier::<Ristretto, _>::new(ballistic::merlin::Transcript::new(b"doc"));
/// let vars = sha256::message_gadget(&mut v, None, &[0u8; 32])?;
/// assert_eq!(vars.bits.len(), 8 * 56);
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
#[derive(Clone, Debug)]
pub struct MessageVariables<C: Curve> {
    /// The first 56 bytes of the padded block, byte by byte, most significant bit
    /// first (each constrained to `{0, 1}`): byte `j` is the message's for
    /// `j < len`, `0x80` at `j = len`, zero after.
    pub bits: Vec<Variable<C>>,
    /// The message length in bytes, `len = Σ j·s_j` over the selector bits.
    pub length: LinearCombination<C>,
}

/// The message circuit: allocates the padded block of a message of at most
/// [`MAX_MESSAGE_LEN`] bytes (the prover passes `Some(message)`, the verifier
/// `None`) with a hidden length, and constrains `SHA-256(message) = digest`.
/// Appends the statement and `digest` to `cs`'s transcript first. Costs
/// [`MESSAGE_MULTIPLIERS`] multipliers.
///
/// # Errors
/// [`R1CSError::GadgetError`] if the message is longer than [`MAX_MESSAGE_LEN`],
/// [`R1CSError::MissingAssignment`] for a prover called with `None`.
///
/// # Example
/// ```
/// use ballistic::curve::ristretto::Ristretto;
/// use ballistic::gadgets::sha256;
/// use ballistic::r1cs::{ConstraintSystem, Verifier};
/// let mut v = Verifier::<Ristretto, _>::new(ballistic::merlin::Transcript::new(b"doc"));
/// sha256::message_gadget(&mut v, None, &[0u8; 32])?;
/// assert_eq!(v.metrics().multipliers, sha256::MESSAGE_MULTIPLIERS);
/// # Ok::<(), ballistic::r1cs::R1CSError>(())
/// ```
pub fn message_gadget<C: Curve, CS: ConstraintSystem<C>>(
    cs: &mut CS,
    message: Option<&[u8]>,
    digest: &[u8; 32],
) -> Result<MessageVariables<C>, R1CSError> {
    if let Some(m) = message {
        check_message_len(m)?;
    }
    bind_gadget(cs.transcript(), MESSAGE, digest);
    // The prover's padded bytes 0..56 and one-hot length selectors, without
    // branching on the length.
    let mut padded = [0u8; 64];
    let mut selectors = [0u8; 56];
    let len = message.map(|m| {
        padded[..m.len()].copy_from_slice(m);
        for (j, (byte, sel)) in padded.iter_mut().zip(selectors.iter_mut()).enumerate() {
            let at = (j as u64).ct_eq(&(m.len() as u64)).unwrap_u8();
            *byte |= 0x80 * at;
            *sel = at;
        }
        m.len() as u64
    });
    let known = message.is_some();

    let mut circuit = Circuit::new(cs);
    let mut vars = Vec::with_capacity(8 * 56);
    // The message's bits with the prover's values, wiped when dropped.
    let mut bits: Zeroizing<Vec<Bit<C>>> = Zeroizing::new(Vec::with_capacity(8 * 56));
    for byte in padded.iter().take(56) {
        for k in 0..8 {
            let value = known.then(|| u64::from((byte >> (7 - k)) & 1));
            let var = circuit.boolean(value)?;
            vars.push(var);
            bits.push(Bit::Var(var, value));
        }
    }
    let mut sel = Vec::with_capacity(56);
    for s in selectors.iter() {
        sel.push(circuit.boolean(known.then_some(u64::from(*s)))?);
    }
    let one = C::scalar_one();
    // Exactly one selector is set: Σ s_j = 1.
    let mut sum: Vec<(Variable<C>, C::Scalar)> = sel.iter().map(|s| (*s, one)).collect();
    sum.push((Variable::One(), -one));
    circuit.cs.constrain(LinearCombination { terms: sum });
    // Byte j is 0x80 at the selected position, zero after it, free before it:
    // byte_j · Σ_{k≤j} s_k = 0x80·s_j.
    for (j, byte_bits) in vars.chunks_exact(8).enumerate() {
        let byte = LinearCombination {
            terms: byte_bits
                .iter()
                .enumerate()
                .map(|(k, v)| (*v, circuit.k.pow2[7 - k]))
                .collect(),
        };
        let at_or_after = LinearCombination {
            terms: sel.iter().take(j + 1).map(|s| (*s, one)).collect(),
        };
        let (_, _, product) = circuit.cs.multiply(byte, at_or_after);
        circuit.cs.constrain(LinearCombination {
            terms: alloc::vec![(product, one), (sel[j], -circuit.k.pow2[7])],
        });
    }
    // The length: six bits l_k with Σ 2^k·l_k = Σ j·s_j (< 56 < 2^6).
    let mut length = Vec::with_capacity(56);
    let mut len_bits = [Bit::Const(false); 6];
    let mut check = Vec::with_capacity(62);
    for (k, slot) in len_bits.iter_mut().enumerate() {
        let value = len.map(|l| (l >> k) & 1);
        let var = circuit.boolean(value)?;
        *slot = Bit::Var(var, value);
        check.push((var, circuit.k.pow2[k]));
    }
    for (j, s) in sel.iter().enumerate().skip(1) {
        let c = C::scalar_from_u64(j as u64);
        length.push((*s, c));
        check.push((*s, -c));
    }
    circuit.cs.constrain(LinearCombination { terms: check });
    padded.zeroize();
    selectors.zeroize();

    // W_0..W_13: the 56 bytes; W_14 = 0; W_15 = 8·len (bits 3..8).
    let mut words: [Word<C>; 16] = core::array::from_fn(|t| match t {
        0..=13 => Word::from_fn(|i| bits[32 * t + 31 - i]),
        14 => Word::constant(0),
        _ => Word::from_fn(|i| match i {
            3..=8 => len_bits[i - 3],
            _ => Bit::Const(false),
        }),
    });
    drop(bits);
    len_bits.zeroize();
    let result = circuit.compression(words, digest);
    words.zeroize();
    result?;
    Ok(MessageVariables {
        bits: vars,
        length: LinearCombination { terms: length },
    })
}

/// A gadget binds its statement and digest in the constraint system's transcript.
fn bind_gadget(transcript: &mut Transcript, statement: &'static [u8], digest: &[u8; 32]) {
    transcript.append_message(b"sha256 gadget", statement);
    transcript.append_message(b"sha256 digest", digest);
}

/// A bit of the circuit: a public constant, or a variable constrained to `{0, 1}`
/// with its value on the prover's side.
#[derive(Clone, Copy)]
enum Bit<C: Curve> {
    Const(bool),
    Var(Variable<C>, Option<u64>),
}

/// Wipes the prover's value (the variable is public).
impl<C: Curve> Zeroize for Bit<C> {
    fn zeroize(&mut self) {
        if let Bit::Var(_, value) = self {
            value.zeroize();
        }
    }
}

/// A 32-bit word as its bits, least significant first.
#[derive(Clone, Copy)]
struct Word<C: Curve> {
    bits: [Bit<C>; 32],
}

impl<C: Curve> Zeroize for Word<C> {
    fn zeroize(&mut self) {
        self.bits.zeroize();
    }
}

impl<C: Curve> Word<C> {
    fn constant(x: u32) -> Self {
        Word {
            bits: core::array::from_fn(|i| Bit::Const((x >> i) & 1 == 1)),
        }
    }

    fn from_fn(f: impl FnMut(usize) -> Bit<C>) -> Self {
        Word {
            bits: core::array::from_fn(f),
        }
    }

    /// Bit `i` of `ROTR^n(x)`.
    fn rotr(&self, n: usize, i: usize) -> Bit<C> {
        self.bits[(i + n) % 32]
    }

    /// Bit `i` of `SHR^n(x)`.
    fn shr(&self, n: usize, i: usize) -> Bit<C> {
        self.bits.get(i + n).copied().unwrap_or(Bit::Const(false))
    }
}

/// Most terms of a [`Lin`]: `1 − ((x ⊕ y) ⊕ z)` has five.
const LIN_TERMS: usize = 6;

/// A short linear form `Σ c·v + constant` in the variables (small integer
/// coefficients), with its value on the prover's side: the outputs of the bitwise
/// functions and the inputs of their multipliers.
#[derive(Clone, Copy)]
struct Lin<C: Curve> {
    terms: [(Variable<C>, i8); LIN_TERMS],
    len: usize,
    constant: i64,
    value: Option<i64>,
}

impl<C: Curve> Lin<C> {
    fn constant(k: i64) -> Self {
        Lin {
            terms: [(Variable::One(), 0); LIN_TERMS],
            len: 0,
            constant: k,
            value: Some(k),
        }
    }

    fn bit(b: Bit<C>) -> Self {
        match b {
            Bit::Const(k) => Self::constant(i64::from(k)),
            Bit::Var(v, value) => {
                let mut lin = Self::constant(0);
                lin.terms[0] = (v, 1);
                lin.len = 1;
                lin.value = value.map(|x| x as i64);
                lin
            }
        }
    }

    /// `self + k·other`.
    fn plus(mut self, k: i8, other: &Self) -> Self {
        for &(v, c) in &other.terms[..other.len] {
            self.terms[self.len] = (v, c * k);
            self.len += 1;
        }
        self.constant += i64::from(k) * other.constant;
        self.value = self
            .value
            .zip(other.value)
            .map(|(a, b)| a + i64::from(k) * b);
        self
    }

    /// `1 − self`.
    fn complement(&self) -> Self {
        Self::constant(1).plus(-1, self)
    }

    /// The largest value of a bit-valued form: its constant, or 1.
    fn max_bit(&self) -> i64 {
        if self.len == 0 {
            self.constant
        } else {
            1
        }
    }
}

/// Number of small integers whose scalars [`Coefficients`] keeps (every
/// coefficient and most constants of the circuit are below it).
const SMALL: usize = 64;

/// Powers of two and small integers as scalars: the coefficients of the circuit's
/// sums (each conversion into the scalar field costs a multiplication; the
/// verifier builds the circuit once per proof).
struct Coefficients<C: Curve> {
    pow2: [C::Scalar; 64],
    /// `−2^k`: a negative coefficient costs no negation.
    neg_pow2: [C::Scalar; 64],
    small: [C::Scalar; SMALL],
}

impl<C: Curve> Coefficients<C> {
    fn new() -> Self {
        let pow2: [C::Scalar; 64] = core::array::from_fn(|k| C::scalar_from_u64(1u64 << k));
        Coefficients {
            pow2,
            neg_pow2: pow2.map(|p| -p),
            small: core::array::from_fn(|k| C::scalar_from_u64(k as u64)),
        }
    }

    /// The scalar of `k`.
    fn unsigned(&self, k: u64) -> C::Scalar {
        match usize::try_from(k).ok().and_then(|i| self.small.get(i)) {
            Some(s) => *s,
            None => C::scalar_from_u64(k),
        }
    }

    /// `c·2^shift` (`shift < 62`).
    fn get(&self, c: i8, shift: usize) -> C::Scalar {
        match c {
            1 => self.pow2[shift],
            2 => self.pow2[shift + 1],
            -1 => self.neg_pow2[shift],
            -2 => self.neg_pow2[shift + 1],
            _ => {
                let s = self.pow2[shift] * self.unsigned(u64::from(c.unsigned_abs()));
                if c < 0 {
                    -s
                } else {
                    s
                }
            }
        }
    }

    fn signed(&self, k: i64) -> C::Scalar {
        let s = self.unsigned(k.unsigned_abs());
        if k < 0 {
            -s
        } else {
            s
        }
    }
}

/// A sum of words and bit functions, each weighted by a power of two, before it is
/// reduced modulo `2^32`: its terms, its constant, its value on the prover's side
/// and an upper bound of its value (every summand is non-negative).
struct Sum<C: Curve> {
    terms: Vec<(Variable<C>, C::Scalar)>,
    constant: i64,
    value: Option<i64>,
    max: i64,
}

impl<C: Curve> Clone for Sum<C> {
    fn clone(&self) -> Self {
        Sum {
            terms: self.terms.clone(),
            constant: self.constant,
            value: self.value,
            max: self.max,
        }
    }
}

impl<C: Curve> Sum<C> {
    fn new() -> Self {
        Sum {
            terms: Vec::with_capacity(320),
            constant: 0,
            value: Some(0),
            max: 0,
        }
    }

    /// Adds `2^shift · lin` for a bit-valued `lin`.
    fn add_lin(&mut self, k: &Coefficients<C>, lin: &Lin<C>, shift: usize) {
        for &(v, c) in &lin.terms[..lin.len] {
            self.terms.push((v, k.get(c, shift)));
        }
        self.constant += lin.constant << shift;
        self.value = self.value.zip(lin.value).map(|(a, b)| a + (b << shift));
        self.max += lin.max_bit() << shift;
    }

    fn add_word(&mut self, k: &Coefficients<C>, w: &Word<C>) {
        for (i, b) in w.bits.iter().enumerate() {
            self.add_lin(k, &Lin::bit(*b), i);
        }
    }

    fn add_const(&mut self, x: u32) {
        self.constant += i64::from(x);
        self.value = self.value.map(|v| v + i64::from(x));
        self.max += i64::from(x);
    }

    fn add_sum(&mut self, other: &Sum<C>) {
        self.terms.extend_from_slice(&other.terms);
        self.constant += other.constant;
        self.value = self.value.zip(other.value).map(|(a, b)| a + b);
        self.max += other.max;
    }
}

/// Number of bits of `x`.
fn bit_len(x: i64) -> usize {
    (64 - x.leading_zeros()) as usize
}

/// The message schedule: `W_0..W_61` as words, `W_62` and `W_63` as sums (only
/// the rounds read them, linearly).
struct Schedule<C: Curve> {
    /// The words with the prover's values, wiped when dropped.
    words: Zeroizing<Vec<Word<C>>>,
    tail: [Sum<C>; 2],
}

impl<C: Curve> Schedule<C> {
    /// `W_t` as a sum.
    fn get(&self, k: &Coefficients<C>, t: usize) -> Sum<C> {
        match (self.words.get(t), self.tail.get(t.wrapping_sub(62))) {
            (Some(word), _) => {
                let mut sum = Sum::new();
                sum.add_word(k, word);
                sum
            }
            (None, Some(sum)) => sum.clone(),
            (None, None) => Sum::new(),
        }
    }
}

/// The circuit under construction: the constraint system and the coefficients.
struct Circuit<'a, C: Curve, CS: ConstraintSystem<C>> {
    cs: &'a mut CS,
    k: Coefficients<C>,
}

impl<'a, C: Curve, CS: ConstraintSystem<C>> Circuit<'a, C, CS> {
    fn new(cs: &'a mut CS) -> Self {
        Circuit {
            cs,
            k: Coefficients::new(),
        }
    }

    /// A new variable constrained to `{0, 1}`: one multiplier `b·(1 − b) = 0`.
    fn boolean(&mut self, value: Option<u64>) -> Result<Variable<C>, R1CSError> {
        let i = self.cs.metrics().multipliers;
        let (l, r, o) = self
            .cs
            .allocate_multiplier(value.map(|b| (b.into(), (1 - b).into())))?;
        // `b`, `1 − b` and zero: committed by selection.
        self.cs.declare_small(i..i + 1);
        let one = C::scalar_one();
        self.cs.constrain(LinearCombination {
            terms: alloc::vec![(l, one), (r, one), (Variable::One(), -one)],
        });
        self.cs.constrain(LinearCombination {
            terms: alloc::vec![(o, one)],
        });
        Ok(l)
    }

    fn lc(&self, lin: &Lin<C>) -> LinearCombination<C> {
        let mut terms = Vec::with_capacity(lin.len + 1);
        for &(v, c) in &lin.terms[..lin.len] {
            terms.push((v, self.k.get(c, 0)));
        }
        if lin.constant != 0 {
            terms.push((Variable::One(), self.k.signed(lin.constant)));
        }
        LinearCombination { terms }
    }

    /// The product of two forms: one multiplier.
    fn mul(&mut self, l: &Lin<C>, r: &Lin<C>) -> Lin<C> {
        let (left, right) = (self.lc(l), self.lc(r));
        let i = self.cs.metrics().multipliers;
        let (_, _, o) = self.cs.multiply(left, right);
        // Every product of the rounds and the schedule multiplies forms of bits
        // whose values are in {−1, 0, 1} (a bit, a XOR of bits, a difference of
        // two bits), so its inputs and output are small: committed by selection.
        self.cs.declare_small(i..i + 1);
        let mut out = Lin::bit(Bit::Var(o, None));
        out.value = l.value.zip(r.value).map(|(a, b)| a * b);
        out
    }

    /// `x ⊕ y = x + y − 2xy`: one multiplier.
    fn xor2(&mut self, x: &Lin<C>, y: &Lin<C>) -> Lin<C> {
        let p = self.mul(x, y);
        x.plus(1, y).plus(-2, &p)
    }

    /// `x ⊕ y ⊕ z`: two multipliers, fewer with constant inputs.
    fn xor3(&mut self, bits: [Bit<C>; 3]) -> Lin<C> {
        let mut flip = false;
        let mut vars = [Lin::constant(0); 3];
        let mut n = 0;
        for b in bits {
            match b {
                Bit::Const(k) => flip ^= k,
                Bit::Var(..) => {
                    vars[n] = Lin::bit(b);
                    n += 1;
                }
            }
        }
        let out = match n {
            0 => Lin::constant(0),
            1 => vars[0],
            2 => self.xor2(&vars[0], &vars[1]),
            _ => {
                let x = self.xor2(&vars[0], &vars[1]);
                self.xor2(&x, &vars[2])
            }
        };
        if flip {
            out.complement()
        } else {
            out
        }
    }

    /// `Maj(x, y, z) = xy + z·(x ⊕ y)`: two multipliers, fewer with constant inputs.
    fn maj(&mut self, bits: [Bit<C>; 3]) -> Lin<C> {
        let mut ones = 0;
        let mut vars = [Lin::constant(0); 3];
        let mut n = 0;
        for b in bits {
            match b {
                Bit::Const(k) => ones += usize::from(k),
                Bit::Var(..) => {
                    vars[n] = Lin::bit(b);
                    n += 1;
                }
            }
        }
        match n {
            // The constants are the majority.
            0 => Lin::constant(i64::from(ones >= 2)),
            // Two constants: their value if equal, else the variable decides.
            1 if ones == 1 => vars[0],
            1 => Lin::constant(i64::from(ones == 2)),
            // One constant: x ∨ y = x + y − xy if it is 1, x ∧ y if it is 0.
            2 => {
                let p = self.mul(&vars[0], &vars[1]);
                if ones == 1 {
                    vars[0].plus(1, &vars[1]).plus(-1, &p)
                } else {
                    p
                }
            }
            _ => {
                let p = self.mul(&vars[0], &vars[1]);
                let x = vars[0].plus(1, &vars[1]).plus(-2, &p);
                let q = self.mul(&x, &vars[2]);
                p.plus(1, &q)
            }
        }
    }

    /// `Ch(e, f, g) = e·(f − g) + g`: one multiplier, none with constant `e` or
    /// constant `f` and `g`.
    fn ch(&mut self, e: Bit<C>, f: Bit<C>, g: Bit<C>) -> Lin<C> {
        match (e, f, g) {
            (Bit::Const(true), ..) => Lin::bit(f),
            (Bit::Const(false), ..) => Lin::bit(g),
            (_, Bit::Const(x), Bit::Const(y)) => match (x, y) {
                (true, false) => Lin::bit(e),
                (false, true) => Lin::bit(e).complement(),
                _ => Lin::constant(i64::from(x)),
            },
            _ => {
                let (f, g) = (Lin::bit(f), Lin::bit(g));
                let p = self.mul(&Lin::bit(e), &f.plus(-1, &g));
                p.plus(1, &g)
            }
        }
    }

    /// Adds `ROTR^r0(x) ⊕ ROTR^r1(x) ⊕ ROTR^r2(x)` (Σ0, Σ1), or with `SHR^r2` if
    /// `shift` (σ0, σ1), to `sum`.
    fn sigma(&mut self, x: &Word<C>, r: [usize; 3], shift: bool, sum: &mut Sum<C>) {
        for i in 0..32 {
            let last = if shift {
                x.shr(r[2], i)
            } else {
                x.rotr(r[2], i)
            };
            let bit = self.xor3([x.rotr(r[0], i), x.rotr(r[1], i), last]);
            sum.add_lin(&self.k, &bit, i);
        }
    }

    /// The word `sum mod 2^32`: 32 new bits and the carry bits of `sum`'s bound,
    /// one multiplier each, and one linear constraint.
    fn reduce(&mut self, sum: Sum<C>) -> Result<Word<C>, R1CSError> {
        if sum.terms.is_empty() {
            return Ok(Word::constant(sum.constant as u32));
        }
        let carries = bit_len(sum.max >> 32);
        let mut terms = sum.terms;
        terms.reserve(33 + carries);
        if sum.constant != 0 {
            terms.push((Variable::One(), self.k.signed(sum.constant)));
        }
        let mut bits = [Bit::Const(false); 32];
        for (i, slot) in bits.iter_mut().enumerate() {
            let value = sum.value.map(|v| ((v >> i) & 1) as u64);
            let var = self.boolean(value)?;
            *slot = Bit::Var(var, value);
            terms.push((var, -self.k.pow2[i]));
        }
        for j in 0..carries {
            let var = self.boolean(sum.value.map(|v| ((v >> (32 + j)) & 1) as u64))?;
            terms.push((var, -self.k.pow2[32 + j]));
        }
        self.cs.constrain(LinearCombination { terms });
        Ok(Word { bits })
    }

    /// Constrains `word ≡ target (mod 2^32)`: a linear constraint for a
    /// decomposed word.
    fn expect_word(&mut self, word: &Word<C>, target: u32) {
        let mut sum = Sum::new();
        sum.add_word(&self.k, word);
        let mut terms = sum.terms;
        terms.push((
            Variable::One(),
            self.k.signed(sum.constant - i64::from(target)),
        ));
        self.cs.constrain(LinearCombination { terms });
    }

    /// Constrains `sum ≡ target (mod 2^32)`: `sum = target + 2^32·c` with the carry
    /// bits of `sum`'s bound.
    fn expect_sum(&mut self, sum: Sum<C>, target: u32) -> Result<(), R1CSError> {
        let carries = bit_len(sum.max >> 32);
        let mut terms = sum.terms;
        for j in 0..carries {
            let var = self.boolean(sum.value.map(|v| ((v >> (32 + j)) & 1) as u64))?;
            terms.push((var, -self.k.pow2[32 + j]));
        }
        terms.push((
            Variable::One(),
            self.k.signed(sum.constant - i64::from(target)),
        ));
        self.cs.constrain(LinearCombination { terms });
        Ok(())
    }

    /// The message schedule.
    fn schedule(&mut self, block: [Word<C>; 16]) -> Result<Schedule<C>, R1CSError> {
        // Room for all 62 words: the vector never reallocates (an unwiped copy).
        let mut w: Zeroizing<Vec<Word<C>>> = Zeroizing::new(Vec::with_capacity(62));
        w.extend_from_slice(&block);
        let mut tail = [Sum::new(), Sum::new()];
        for t in 16..64 {
            let mut sum = Sum::new();
            let (w2, w15) = (w[t - 2], w[t - 15]);
            self.sigma(&w2, [17, 19, 10], true, &mut sum);
            sum.add_word(&self.k, &w[t - 7]);
            self.sigma(&w15, [7, 18, 3], true, &mut sum);
            sum.add_word(&self.k, &w[t - 16]);
            if t < 62 {
                let word = self.reduce(sum)?;
                w.push(word);
            } else {
                tail[t - 62] = sum;
            }
        }
        Ok(Schedule { words: w, tail })
    }

    /// Round `t` on the state `s = [a, …, h]` with `W_t`: the sums of the new `a`
    /// and the new `e`, before their reduction.
    fn round(&mut self, t: usize, s: &[Word<C>; 8], w_t: &Sum<C>) -> (Sum<C>, Sum<C>) {
        let [a, b, c, d, e, f, g, h] = s;
        // T1 = h + Σ1(e) + Ch(e, f, g) + K_t + W_t.
        let mut t1 = Sum::new();
        t1.add_word(&self.k, h);
        self.sigma(e, [6, 11, 25], false, &mut t1);
        for i in 0..32 {
            let bit = self.ch(e.bits[i], f.bits[i], g.bits[i]);
            t1.add_lin(&self.k, &bit, i);
        }
        t1.add_const(K[t % 64]);
        t1.add_sum(w_t);
        // T2 = Σ0(a) + Maj(a, b, c).
        let mut t2 = Sum::new();
        self.sigma(a, [2, 13, 22], false, &mut t2);
        for i in 0..32 {
            let bit = self.maj([a.bits[i], b.bits[i], c.bits[i]]);
            t2.add_lin(&self.k, &bit, i);
        }
        let mut new_e = t1.clone();
        new_e.add_word(&self.k, d);
        let mut new_a = t1;
        new_a.add_sum(&t2);
        (new_a, new_e)
    }

    /// Constrains the digest `H_i = IV_i + state_i (mod 2^32)` of the final state
    /// `[a_64, a_63, a_62, a_61, e_64, e_63, e_62, e_61]`: `a_64`, `e_64` as sums,
    /// the others as words.
    fn expect_digest(
        &mut self,
        a: Sum<C>,
        e: Sum<C>,
        words: [&Word<C>; 6],
        digest: &[u8; 32],
    ) -> Result<(), R1CSError> {
        let mut target = [0u32; 8];
        for ((t, iv), d) in target.iter_mut().zip(IV).zip(digest.chunks_exact(4)) {
            *t = u32::from_be_bytes([d[0], d[1], d[2], d[3]]).wrapping_sub(iv);
        }
        self.expect_sum(a, target[0])?;
        self.expect_sum(e, target[4])?;
        for (i, word) in [1, 2, 3, 5, 6, 7].into_iter().zip(words) {
            self.expect_word(word, target[i]);
        }
        Ok(())
    }

    /// The compression of `block` from the initial value, constrained to equal
    /// `digest`.
    fn compression(&mut self, block: [Word<C>; 16], digest: &[u8; 32]) -> Result<(), R1CSError> {
        let w = self.schedule(block)?;
        let mut s: [Word<C>; 8] = IV.map(Word::constant);
        for t in 0..63 {
            let (a, e) = self.round(t, &s, &w.get(&self.k, t));
            let (a, e) = (self.reduce(a)?, self.reduce(e)?);
            s = [a, s[0], s[1], s[2], e, s[4], s[5], s[6]];
        }
        // The last round's a and e are only compared with the digest.
        let (a, e) = self.round(63, &s, &w.get(&self.k, 63));
        let [b, c, d, _, f, g, h, _] = &s;
        self.expect_digest(a, e, [b, c, d, f, g, h], digest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::ristretto::Ristretto;
    use crate::curve::secp256k1::Secp256k1;
    use crate::r1cs::{BatchVerifier, Metrics};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha20Rng;

    fn rng() -> ChaCha20Rng {
        ChaCha20Rng::seed_from_u64(0x5a256)
    }

    /// The verifier's storage hint covers both circuits (a circuit that outgrew
    /// it would copy its constraints as it grows).
    #[test]
    fn verifier_reservation_covers_both_circuits() {
        for verifier in [
            compression_verifier::<Ristretto>(Transcript::new(b"t"), &[0; 32]),
            message_verifier::<Ristretto>(Transcript::new(b"t"), &[0; 32]),
        ] {
            let verifier = verifier.expect("circuit");
            let constraints = verifier.metrics().phase_one_constraints;
            let terms = verifier.terms_len();
            std::println!("constraints {constraints}, terms {terms}");
            assert!(constraints <= VERIFIER_CONSTRAINTS && terms <= VERIFIER_TERMS);
        }
    }

    /// A constraint system that checks every constraint as it is added, under the
    /// prover's assignments: the satisfaction check of a proof, without the proof.
    struct Checker<C: Curve> {
        transcript: Transcript,
        a_l: Vec<C::Scalar>,
        a_r: Vec<C::Scalar>,
        a_o: Vec<C::Scalar>,
        constraints: usize,
        violated: usize,
    }

    impl<C: Curve> Checker<C> {
        fn new() -> Self {
            Checker {
                transcript: Transcript::new(b"checker"),
                a_l: Vec::new(),
                a_r: Vec::new(),
                a_o: Vec::new(),
                constraints: 0,
                violated: 0,
            }
        }

        fn eval(&self, lc: &LinearCombination<C>) -> C::Scalar {
            let mut sum = C::scalar_zero();
            for (v, c) in &lc.terms {
                let x = match v {
                    Variable::MultiplierLeft(i) => self.a_l[*i],
                    Variable::MultiplierRight(i) => self.a_r[*i],
                    Variable::MultiplierOutput(i) => self.a_o[*i],
                    Variable::One() => C::scalar_one(),
                    Variable::Committed(_) => panic!("no commitments in this circuit"),
                    Variable::__Curve(_, never) => match *never {},
                };
                sum += *c * x;
            }
            sum
        }

        fn eval_lin(&self, lin: &Lin<C>) -> C::Scalar {
            let k = Coefficients::<C>::new();
            let mut sum = Sum::new();
            sum.add_lin(&k, lin, 0);
            let mut terms = sum.terms;
            terms.push((Variable::One(), k.signed(sum.constant)));
            self.eval(&LinearCombination { terms })
        }

        fn metrics(&self) -> Metrics {
            ConstraintSystem::metrics(self)
        }
    }

    impl<C: Curve> ConstraintSystem<C> for Checker<C> {
        fn transcript(&mut self) -> &mut Transcript {
            &mut self.transcript
        }

        fn multiply(
            &mut self,
            mut left: LinearCombination<C>,
            mut right: LinearCombination<C>,
        ) -> (Variable<C>, Variable<C>, Variable<C>) {
            let (l, r) = (self.eval(&left), self.eval(&right));
            let i = self.a_l.len();
            self.a_l.push(l);
            self.a_r.push(r);
            self.a_o.push(l * r);
            let vars = (
                Variable::MultiplierLeft(i),
                Variable::MultiplierRight(i),
                Variable::MultiplierOutput(i),
            );
            left.terms.push((vars.0, -C::scalar_one()));
            right.terms.push((vars.1, -C::scalar_one()));
            self.constrain(left);
            self.constrain(right);
            vars
        }

        fn allocate(&mut self, a: Option<C::ApiScalar>) -> Result<Variable<C>, R1CSError> {
            let a = a.ok_or(R1CSError::MissingAssignment)?;
            Ok(self.allocate_multiplier(Some((a, 0u64.into())))?.0)
        }

        fn allocate_multiplier(
            &mut self,
            a: Option<(C::ApiScalar, C::ApiScalar)>,
        ) -> Result<(Variable<C>, Variable<C>, Variable<C>), R1CSError> {
            let (l, r) = a.ok_or(R1CSError::MissingAssignment)?;
            let (l, r) = (C::scalar_from_api(&l), C::scalar_from_api(&r));
            let i = self.a_l.len();
            self.a_l.push(l);
            self.a_r.push(r);
            self.a_o.push(l * r);
            Ok((
                Variable::MultiplierLeft(i),
                Variable::MultiplierRight(i),
                Variable::MultiplierOutput(i),
            ))
        }

        fn metrics(&self) -> Metrics {
            Metrics {
                multipliers: self.a_l.len(),
                constraints: self.constraints,
                phase_one_constraints: self.constraints,
                phase_two_constraints: 0,
            }
        }

        fn constrain(&mut self, lc: LinearCombination<C>) {
            self.constraints += 1;
            if self.eval(&lc) != C::scalar_zero() {
                self.violated += 1;
            }
        }
    }

    /// Builds the compression circuit with the prover's assignments: (metrics,
    /// violated constraints).
    fn check_compression<C: Curve>(block: &[u8; 64], digest: &[u8; 32]) -> (Metrics, usize) {
        let mut cs = Checker::<C>::new();
        let bits = compression_gadget(&mut cs, Some(block), digest).expect("gadget");
        assert_eq!(bits.len(), 512);
        (cs.metrics(), cs.violated)
    }

    fn check_message<C: Curve>(message: &[u8], digest: &[u8; 32]) -> (Metrics, usize) {
        let mut cs = Checker::<C>::new();
        let vars = message_gadget(&mut cs, Some(message), digest).expect("gadget");
        assert_eq!(vars.bits.len(), 448);
        let length = cs.eval(&vars.length);
        assert_eq!(length, C::scalar_from_u64(message.len() as u64));
        (cs.metrics(), cs.violated)
    }

    /// The digest with bit `bit` flipped.
    fn flipped(digest: &[u8; 32], bit: usize) -> [u8; 32] {
        let mut d = *digest;
        d[bit / 8] ^= 1 << (bit % 8);
        d
    }

    fn padded(message: &[u8]) -> [u8; 64] {
        let mut block = [0u8; 64];
        block[..message.len()].copy_from_slice(message);
        block[message.len()] = 0x80;
        block[56..].copy_from_slice(&(8 * message.len() as u64).to_be_bytes());
        block
    }

    /// The multipliers of each part of the compression circuit, as the module
    /// documentation lists them.
    #[test]
    fn multiplier_breakdown() {
        let mut cs = Checker::<Ristretto>::new();
        let mut block = [0u8; 64];
        rng().fill(&mut block[..]);
        let mut c = Circuit::new(&mut cs);
        let mut bits = Vec::new();
        for byte in block {
            for k in 0..8 {
                let v = Some(u64::from((byte >> (7 - k)) & 1));
                bits.push(Bit::Var(c.boolean(v).expect("boolean"), v));
            }
        }
        fn count(c: &Circuit<'_, Ristretto, Checker<Ristretto>>) -> usize {
            c.cs.a_l.len()
        }
        let block_bits = count(&c);
        let words = core::array::from_fn(|t| Word::from_fn(|i| bits[32 * t + 31 - i]));
        let w = c.schedule(words).expect("schedule");
        let schedule = count(&c) - block_bits;
        let mut rounds = Vec::new();
        let mut s: [Word<Ristretto>; 8] = IV.map(Word::constant);
        for t in 0..63 {
            let before = count(&c);
            let (a, e) = c.round(t, &s, &w.get(&c.k, t));
            let (a, e) = (c.reduce(a).expect("a"), c.reduce(e).expect("e"));
            s = [a, s[0], s[1], s[2], e, s[4], s[5], s[6]];
            rounds.push(count(&c) - before);
        }
        let before = count(&c);
        let (a, e) = c.round(63, &s, &w.get(&c.k, 63));
        rounds.push(count(&c) - before);
        let before = count(&c);
        let [b, c_, d, _, f, g, h, _] = &s;
        c.expect_digest(a, e, [b, c_, d, f, g, h], &compress(&block))
            .expect("digest");
        let digest = count(&c) - before;
        std::println!(
            "block {block_bits}, schedule {schedule}, rounds {rounds:?}, digest {digest}"
        );
        assert_eq!((block_bits, schedule, digest), (512, 46 * 149 + 2 * 115, 8));
        assert_eq!(rounds[..3], [68, 197, 262]);
        assert!(rounds[3..62].iter().all(|r| *r == 294));
        assert_eq!(rounds[62..], [296, 224]);
        assert_eq!(cs.violated, 0);
        assert_eq!(cs.a_l.len(), COMPRESSION_MULTIPLIERS);
    }

    #[test]
    fn compress_is_sha256_of_a_padded_block() {
        for m in [&b""[..], b"abc", &[0xa5; 55]] {
            let expected: [u8; 32] = Sha256::digest(m).into();
            assert_eq!(compress(&padded(m)), expected);
        }
    }

    #[test]
    fn compression_circuit_matches_sha2() {
        let mut r = rng();
        let mut blocks = alloc::vec![[0u8; 64], [0xff; 64]];
        for _ in 0..12 {
            let mut b = [0u8; 64];
            r.fill(&mut b[..]);
            blocks.push(b);
        }
        for block in &blocks {
            let mut state = IV;
            let array = sha2::digest::generic_array::GenericArray::from_slice(block);
            sha2::compress256(&mut state, core::slice::from_ref(array));
            let mut digest = [0u8; 32];
            for (c, w) in digest.chunks_exact_mut(4).zip(state) {
                c.copy_from_slice(&w.to_be_bytes());
            }
            assert_eq!(compress(block), digest);
            let (metrics, violated) = check_compression::<Ristretto>(block, &digest);
            assert_eq!(violated, 0);
            assert_eq!(metrics.multipliers, COMPRESSION_MULTIPLIERS);
            // A wrong digest, in each word (the decomposed words and the sums
            // of a_64 and e_64) and in a low and a high bit.
            for word in 0..8 {
                for bit in [0, 31] {
                    let bad = flipped(&digest, 32 * word + bit);
                    assert!(check_compression::<Ristretto>(block, &bad).1 > 0);
                }
            }
        }
        let (metrics, _) = check_compression::<Ristretto>(&blocks[0], &[0; 32]);
        std::println!("SHA-256 compression: {metrics:?}");
        assert!(metrics.multipliers <= 30_000);
        assert_eq!(metrics.multipliers.next_power_of_two(), GENERATORS_CAPACITY);
        // The same circuit on secp256k1's scalar field.
        let digest = compress(&blocks[2]);
        assert_eq!(check_compression::<Secp256k1>(&blocks[2], &digest).1, 0);
        assert!(check_compression::<Secp256k1>(&blocks[2], &flipped(&digest, 100)).1 > 0);
    }

    #[test]
    fn message_circuit_matches_sha2_for_every_length() {
        let mut r = rng();
        for len in 0..=MAX_MESSAGE_LEN {
            let mut m = alloc::vec![0u8; len];
            r.fill(&mut m[..]);
            let digest: [u8; 32] = Sha256::digest(&m).into();
            let (metrics, violated) = check_message::<Ristretto>(&m, &digest);
            assert_eq!(violated, 0, "len {len}");
            assert_eq!(metrics.multipliers, MESSAGE_MULTIPLIERS);
            if len % 11 == 0 {
                // Another message's digest; the same bytes with one more zero byte
                // (another length).
                assert!(check_message::<Ristretto>(&m, &flipped(&digest, (7 * len) % 256)).1 > 0);
                if len < MAX_MESSAGE_LEN {
                    let mut longer = m.clone();
                    longer.push(0);
                    assert!(check_message::<Ristretto>(&longer, &digest).1 > 0);
                }
            }
        }
        let (metrics, _) = check_message::<Ristretto>(b"", &[0; 32]);
        std::println!("SHA-256 message: {metrics:?}");
        let digest: [u8; 32] = Sha256::digest(b"secp").into();
        assert_eq!(check_message::<Secp256k1>(b"secp", &digest).1, 0);
    }

    #[test]
    fn messages_longer_than_a_block_are_errors() {
        let mut cs = Checker::<Ristretto>::new();
        let res = message_gadget(&mut cs, Some(&[0u8; 56][..]), &[0; 32]);
        assert!(matches!(res, Err(R1CSError::GadgetError { .. })));
        assert_eq!(cs.metrics().multipliers, 0);
        let pc = PedersenGens::<Ristretto>::default();
        let bp = BulletproofGens::<Ristretto>::new(1, 1);
        let res = prove_message(&pc, &bp, Transcript::new(b"t"), &[1u8; 100], &mut rng());
        assert!(matches!(res, Err(R1CSError::GadgetError { .. })));
        // Too few generators: an error, not a panic.
        let res = prove_message(&pc, &bp, Transcript::new(b"t"), b"abc", &mut rng());
        assert_eq!(res.unwrap_err(), R1CSError::InvalidGeneratorsLength);
    }

    /// Every bitwise function, on every mix of constant and variable inputs: the
    /// right output, satisfied constraints, and the documented multipliers.
    #[test]
    fn bit_functions_exhaustive() {
        fn bit(cs: &mut Checker<Ristretto>, kind: usize) -> Bit<Ristretto> {
            // 0, 1: constants; 2, 3: variables of value 0, 1.
            match kind {
                0 | 1 => Bit::Const(kind == 1),
                _ => {
                    let value = (kind - 2) as u64;
                    let mut c = Circuit::new(cs);
                    Bit::Var(c.boolean(Some(value)).expect("boolean"), Some(value))
                }
            }
        }
        for code in 0..64 {
            let kinds = [code % 4, (code / 4) % 4, code / 16];
            let values = kinds.map(|k| u64::from(k == 1 || k == 3));
            let vars = kinds.iter().filter(|k| **k >= 2).count();
            let [x, y, z] = values;
            type F = fn(
                &mut Circuit<'_, Ristretto, Checker<Ristretto>>,
                [Bit<Ristretto>; 3],
            ) -> Lin<Ristretto>;
            let cases: [(F, u64, usize); 3] = [
                (|c, b| c.xor3(b), x ^ y ^ z, vars.saturating_sub(1)),
                (|c, b| c.maj(b), (x & y) | (x & z) | (y & z), {
                    // Products only when the constants do not decide.
                    let ones = kinds.iter().filter(|k| **k == 1).count();
                    match vars {
                        3 => 2,
                        2 => 1,
                        _ => usize::from(ones > 3),
                    }
                }),
                (|c, b| c.ch(b[0], b[1], b[2]), (x & y) | ((1 - x) & z), {
                    usize::from(kinds[0] >= 2 && (kinds[1] >= 2 || kinds[2] >= 2))
                }),
            ];
            for (f, expected, products) in cases {
                let mut cs = Checker::<Ristretto>::new();
                let bits = [
                    bit(&mut cs, kinds[0]),
                    bit(&mut cs, kinds[1]),
                    bit(&mut cs, kinds[2]),
                ];
                let before = cs.metrics().multipliers;
                let out = {
                    let mut c = Circuit::new(&mut cs);
                    f(&mut c, bits)
                };
                assert_eq!(
                    cs.metrics().multipliers - before,
                    products,
                    "kinds {kinds:?}"
                );
                assert_eq!(out.value, Some(expected as i64), "kinds {kinds:?}");
                assert_eq!(cs.eval_lin(&out), Ristretto::scalar_from_u64(expected));
                assert_eq!(cs.violated, 0);
            }
        }
    }

    #[test]
    fn a_prover_with_a_wrong_digest_is_refused() {
        let pc = PedersenGens::<Ristretto>::default();
        let bp = BulletproofGens::<Ristretto>::new(GENERATORS_CAPACITY, 1);
        let block = [3u8; 64];
        let digest = flipped(&compress(&block), 200);
        let mut prover = Prover::new(&pc, Transcript::new(b"t"));
        compression_gadget(&mut prover, Some(&block), &digest).expect("gadget");
        assert_eq!(
            prover.prove_with_rng(&bp, &mut rng()).unwrap_err(),
            R1CSError::Unsatisfied
        );
        let message = b"not this one";
        let digest: [u8; 32] = Sha256::digest(b"but this one").into();
        let mut prover = Prover::new(&pc, Transcript::new(b"t"));
        message_gadget(&mut prover, Some(&message[..]), &digest).expect("gadget");
        assert_eq!(
            prover.prove_with_rng(&bp, &mut rng()).unwrap_err(),
            R1CSError::Unsatisfied
        );
    }

    /// Two proofs on ristretto255 (a compression and a message), checked every way:
    /// the debug-mode budget of full proofs.
    #[test]
    fn prove_and_verify_ristretto() {
        let mut r = rng();
        let pc = PedersenGens::<Ristretto>::default();
        let bp = BulletproofGens::<Ristretto>::new(GENERATORS_CAPACITY, 1);
        let t = || Transcript::new(b"sha256 test");
        let mut block = [0u8; 64];
        r.fill(&mut block[..]);
        let (proof, digest) = prove_compression(&pc, &bp, t(), &block, &mut r).expect("prove");
        assert_eq!(digest, compress(&block));
        assert_eq!(proof.to_bytes().len(), 417 + 64 * 15);
        let proof = R1CSProof::<Ristretto>::from_bytes(&proof.to_bytes()).expect("parse");
        assert_eq!(
            verify_compression(&pc, &bp, t(), &digest, &proof, &mut r),
            Ok(())
        );

        let mut message = alloc::vec![0u8; r.gen_range(0..=MAX_MESSAGE_LEN)];
        r.fill(&mut message[..]);
        let (mproof, mdigest) = prove_message(&pc, &bp, t(), &message, &mut r).expect("prove");
        assert_eq!(mdigest, <[u8; 32]>::from(Sha256::digest(&message)));
        assert_eq!(
            verify_message(&pc, &bp, t(), &mdigest, &mproof, &mut r),
            Ok(())
        );

        // Another digest, another statement, another transcript: invalid.
        let err = Err(R1CSError::VerificationError);
        let other = flipped(&digest, 255);
        assert_eq!(
            verify_compression(&pc, &bp, t(), &other, &proof, &mut r),
            err
        );
        assert_eq!(
            verify_compression(&pc, &bp, t(), &mdigest, &proof, &mut r),
            err
        );
        assert_eq!(verify_message(&pc, &bp, t(), &digest, &proof, &mut r), err);
        assert_eq!(
            verify_compression(&pc, &bp, t(), &digest, &mproof, &mut r),
            err
        );
        let t2 = Transcript::new(b"another");
        assert_eq!(verify_message(&pc, &bp, t2, &mdigest, &mproof, &mut r), err);

        // The batch verifier names the proof checked against a wrong digest, with
        // constraints stored or streamed (`Verifier::for_proof`), and a streaming
        // verifier given another proof than its own.
        let mut batch = BatchVerifier::new(&pc, &bp);
        let v = |d: &[u8; 32]| compression_verifier::<Ristretto>(t(), d).expect("verifier");
        let mv = |d: &[u8; 32]| message_verifier::<Ristretto>(t(), d).expect("verifier");
        let vp = |d: &[u8; 32], p: &R1CSProof<Ristretto>| {
            compression_verifier_for_proof::<Ristretto>(t(), d, p).expect("verifier")
        };
        let mvp = |d: &[u8; 32], p: &R1CSProof<Ristretto>| {
            message_verifier_for_proof::<Ristretto>(t(), d, p).expect("verifier")
        };
        assert_eq!(batch.add(v(&digest), &proof), 0);
        assert_eq!(batch.add(mv(&mdigest), &mproof), 1);
        assert_eq!(batch.add(v(&other), &proof), 2);
        assert_eq!(batch.add(mvp(&mdigest, &mproof), &mproof), 3);
        assert_eq!(batch.add(vp(&other, &proof), &proof), 4);
        assert_eq!(batch.add(vp(&digest, &proof), &proof), 5);
        assert_eq!(batch.add(vp(&digest, &mproof), &proof), 6);
        assert_eq!(
            batch.verify_with_rng(&mut r).unwrap_err().invalid_indices(),
            alloc::vec![2, 4, 6]
        );
        let mut batch = BatchVerifier::new(&pc, &bp);
        batch.add(v(&digest), &proof);
        batch.add(vp(&digest, &proof), &proof);
        batch.add(mv(&mdigest), &mproof);
        assert_eq!(batch.verify_with_rng(&mut r), Ok(()));
    }

    #[test]
    fn prove_and_verify_secp256k1() {
        let mut r = rng();
        let pc = PedersenGens::<Secp256k1>::default();
        let bp = BulletproofGens::<Secp256k1>::new(GENERATORS_CAPACITY, 1);
        let t = || Transcript::new(b"sha256 test");
        let message = b"one proof on secp256k1";
        let (proof, digest) = prove_message(&pc, &bp, t(), message, &mut r).expect("prove");
        assert_eq!(proof.to_bytes().len(), 425 + 66 * 15);
        assert_eq!(
            verify_message(&pc, &bp, t(), &digest, &proof, &mut r),
            Ok(())
        );
        assert_eq!(
            verify_message(&pc, &bp, t(), &flipped(&digest, 3), &proof, &mut r),
            Err(R1CSError::VerificationError)
        );
    }

    /// Release-mode measurements (printed, not asserted; ignored by default so that CI
    /// does not spend a minute on them): `cargo test --release -p ballistic --lib
    /// gadgets::sha256::tests::release_timings -- --ignored --nocapture`.
    #[cfg(not(debug_assertions))]
    #[test]
    #[ignore = "a measurement that prints timings, no check: cargo test --release -p ballistic --lib gadgets::sha256::tests::release_timings -- --ignored --nocapture"]
    fn release_timings() {
        fn run<C: Curve>(proofs: usize) {
            use std::time::Instant;
            let mut r = rng();
            let pc = PedersenGens::<C>::default();
            let start = Instant::now();
            let bp = BulletproofGens::<C>::new(GENERATORS_CAPACITY, 1);
            std::println!("{}: generators {:?}", C::NAME, start.elapsed());
            let t = || Transcript::new(b"sha256 timing");
            let mut batch = Vec::new();
            // The prover's circuit alone: allocations, assignments, constraints.
            let start = Instant::now();
            let mut prover = Prover::new(&pc, t());
            compression_gadget(&mut prover, Some(&[1u8; 64]), &compress(&[1u8; 64]))
                .expect("gadget");
            std::println!("{}: prover circuit {:?}", C::NAME, start.elapsed());
            drop(prover);
            for i in 0..proofs {
                let mut block = [0u8; 64];
                r.fill(&mut block[..]);
                let start = Instant::now();
                let (proof, digest) =
                    prove_compression::<C, _>(&pc, &bp, t(), &block, &mut r).expect("prove");
                let prove = start.elapsed();
                let start = Instant::now();
                let ok = verify_compression(&pc, &bp, t(), &digest, &proof, &mut r);
                let verify = start.elapsed();
                assert_eq!(ok, Ok(()));
                std::println!(
                    "{} compression #{i}: prove {prove:?}, verify {verify:?}, {} bytes",
                    C::NAME,
                    proof.to_bytes().len()
                );
                batch.push((proof, digest));
            }
            let mut message = alloc::vec![0u8; 32];
            r.fill(&mut message[..]);
            let start = Instant::now();
            let (proof, digest) =
                prove_message::<C, _>(&pc, &bp, t(), &message, &mut r).expect("prove");
            let prove = start.elapsed();
            let start = Instant::now();
            assert_eq!(
                verify_message(&pc, &bp, t(), &digest, &proof, &mut r),
                Ok(())
            );
            std::println!(
                "{} message (32 bytes): prove {prove:?}, verify {:?}, {} bytes",
                C::NAME,
                start.elapsed(),
                proof.to_bytes().len()
            );
            let start = Instant::now();
            let v = compression_verifier::<C>(t(), &batch[0].1).expect("verifier");
            std::println!(
                "{} verifier circuit: {:?} ({:?})",
                C::NAME,
                start.elapsed(),
                ConstraintSystem::metrics(&v)
            );
            if batch.len() > 1 {
                let start = Instant::now();
                let mut b = BatchVerifier::new(&pc, &bp);
                for (proof, digest) in &batch {
                    b.add(
                        compression_verifier::<C>(t(), digest).expect("verifier"),
                        proof,
                    );
                }
                assert_eq!(b.verify_with_rng(&mut r), Ok(()));
                std::println!(
                    "{} batch of {}: {:?}",
                    C::NAME,
                    batch.len(),
                    start.elapsed()
                );
            }
        }
        run::<Ristretto>(3);
        run::<Secp256k1>(1);
    }
}
