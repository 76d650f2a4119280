//! Notes on the mathematics, the wire formats and the tests, as rustdoc pages.
//!
//! Each submodule holds one file of `crates/ballistic/docs/`, which also reads as plain
//! Markdown in the repository (the links between notes work here, in rustdoc). The
//! modules are empty: the notes name the items they describe.
//!
//! | note | what it covers |
//! |---|---|
//! | [`architecture`] | the library's layers and the rule that keeps them apart |
//! | [`range_proof`] | the aggregated range proof as implemented: prover, verifier, transcript |
//! | [`verify`] | the one verification engine: the batch equation, blame, weights derived without an RNG and why they are sound |
//! | [`inner_product`] | the inner-product argument, its lazy-generator prover and its cost |
//! | [`bp_plus`] | Bulletproofs+: the range proof, the weighted inner-product argument, Tari's format, mask recovery |
//! | [`r1cs`] | arithmetic-circuit proofs: constraints, both phases, transcript, bytes, gadgets |
//! | [`multi_party`] | several parties, one proof: dalek's dealer and parties, Grin's shared outputs, the trust in each |
//! | [`padding`] | any bit width and any number of values: the padding rule and why it is sound |
//! | [`ristretto_engine`] | the lane-parallel ristretto255 field, points and multiscalar multiplication |
//! | [`secp256k1_arithmetic`] | the secp256k1 verifier's 4×64-bit field, IFMA square roots, batch-affine buckets |
//! | [`secp256k1_zkp_format`] | secp256k1-zkp's Bulletproofs (Grin): protocol and byte-exact wire format |
//! | [`testing`] | the test layers P1 to P9: what each checks and how to run it |

#[doc = include_str!("../docs/architecture.md")]
pub mod architecture {}

#[doc = include_str!("../docs/range-proof.md")]
pub mod range_proof {}

#[doc = include_str!("../docs/verify.md")]
pub mod verify {}

#[doc = include_str!("../docs/inner-product.md")]
pub mod inner_product {}

#[doc = include_str!("../docs/bp-plus.md")]
pub mod bp_plus {}

#[doc = include_str!("../docs/r1cs.md")]
pub mod r1cs {}

#[doc = include_str!("../docs/multi-party.md")]
pub mod multi_party {}

#[doc = include_str!("../docs/padding.md")]
pub mod padding {}

#[doc = include_str!("../docs/ristretto-engine.md")]
pub mod ristretto_engine {}

#[doc = include_str!("../docs/secp256k1-arithmetic.md")]
pub mod secp256k1_arithmetic {}

#[doc = include_str!("../docs/secp256k1-zkp-format.md")]
pub mod secp256k1_zkp_format {}

#[doc = include_str!("../docs/testing.md")]
pub mod testing {}
