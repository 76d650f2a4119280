//! The secp256k1-zkp wire format (Grin's Bulletproofs), as an adapter beside the
//! generic protocol: its transcript flavour ([`transcript::ZkpTranscript`], a SHA-256
//! chain), its prover nonces ([`nonces`], ChaCha20 from the rewind nonce), its byte
//! layout ([`wire`]) and rewinding ([`rewind`]). The protocol itself is
//! [`super::prover`] and [`super::verifier`] with [`super::Variant::Zkp`].
//!
//! The format is specified in `docs/secp256k1-zkp-format.md` (section numbers below
//! refer to it); the notation table there maps every name to the code.

pub mod nonces;
pub mod rewind;
pub mod transcript;
pub mod wire;

#[cfg(test)]
mod vectors;

#[cfg(test)]
mod tests;
