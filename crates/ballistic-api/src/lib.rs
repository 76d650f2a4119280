//! ballistic's byte-level API: one dispatch layer, shared by the `ballistic` command
//! and the C, Python and Go bindings, over the range proofs of the `ballistic` crate.
//!
//! Everything here is chosen at run time and speaks bytes and plain integers: the
//! curve ([`Curve`]), the protocol ([`Protocol`]) and the statement ([`Params`]: bit
//! width or range `[a, b]`, transcript label, Bulletproofs+ extension degree and
//! minimum values, secp256k1-zkp's extra commitment); commitments, blindings and
//! proofs are their wire encodings. Errors are one [`Error`] type with a stable
//! numeric [`ErrorCode`] and a message.
//!
//! | curve | protocol | format |
//! |---|---|---|
//! | ristretto255 | Bulletproofs | dalek's `bulletproofs` (32-byte points, little-endian scalars) |
//! | secp256k1 | Bulletproofs | secp256k1-zkp's (Grin's): 33-byte commitments `0x08`/`0x09`, big-endian scalars |
//! | ristretto255 | Bulletproofs+ | Tari's `tari_bulletproofs_plus` 0.5 |
//! | secp256k1 | Bulletproofs+ | Tari's layout with 33-byte points and big-endian scalars |
//!
//! Generators, Pedersen bases and transcript labels are cached per process and
//! shared by every call and thread, within the limits of [Caches](#caches).
//!
//! ```
//! use ballistic_api::{prove, verify, Curve, Params, Protocol, Secrets};
//!
//! let params = Params::new(Curve::Ristretto255, Protocol::Bp, 64).with_domain(b"my app");
//! let proven = prove(&params, &[5, 1_000_000], &Secrets::default())?;
//! assert_eq!(proven.proof.len(), params.proof_len(2));
//! verify(&params, &proven.commitments, &proven.proof)?;
//!
//! // Another label is another statement.
//! let other = params.clone().with_domain(b"another app");
//! let e = verify(&other, &proven.commitments, &proven.proof).unwrap_err();
//! assert_eq!(e.code(), ballistic_api::ErrorCode::InvalidProof);
//! # Ok::<(), ballistic_api::Error>(())
//! ```
//!
//! # Caches
//!
//! A long-running process never grows without bound:
//!
//! * generators: one set per curve for the party layout, grown to the largest number
//!   of values asked for (at most [`MAX_VALUES`]; 21 MiB on ristretto255), and on
//!   secp256k1 Grin's 256 plus at most [`ZKP_SETS_CACHED`] other secp256k1-zkp sets
//!   (least recently used evicted; at most [`MAX_GENERATORS`] generators each); each
//!   set's verifier tables within [`TABLE_BUDGET`];
//! * Bulletproofs+ bases: one per extension degree and curve (at most 12);
//! * transcript labels are not cached: each call absorbs its label (at most
//!   [`MAX_DOMAIN_BYTES`]) into its own transcript ([`transcript`]) and keeps
//!   nothing, so any number of distinct domains works in one process.

// The one exception, with its argument beside it: `transcript.rs`.
#![deny(unsafe_code)]
#![deny(missing_docs)]
// The lint wall of code that reads hostile bytes, on the whole crate.
#![cfg_attr(
    not(test),
    deny(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::panic,
        clippy::indexing_slicing
    )
)]

mod cache;
mod error;
mod prove;
mod rewind;
mod transcript;
mod verify;

pub use cache::{TABLE_BUDGET, ZKP_SETS_CACHED};
pub use error::{Error, ErrorCode};
pub use prove::{prove, prove_with_rng, Proven, Secret, Secrets};
pub use rewind::{rewind, rewound_scalars, Rewound};
pub use transcript::transcript;
pub use verify::{verify, BatchVerifier, MAX_BATCH_PROOFS};

use ballistic::range_proof::range::range_bits;

/// The name of ristretto255 in files, messages and the command line.
pub const CURVE_RISTRETTO255: &str = "ristretto255";
/// The name of secp256k1 (secp256k1-zkp's, i.e. Grin's, format).
pub const CURVE_SECP256K1: &str = "secp256k1";
/// Every curve, for messages.
pub const SUPPORTED_CURVES: &[&str] = &[CURVE_RISTRETTO255, CURVE_SECP256K1];
/// The name of Bulletproofs.
pub const PROTOCOL_BP: &str = "bp";
/// The name of Bulletproofs+.
pub const PROTOCOL_BP_PLUS: &str = "bp+";
/// The largest number of values (commitments) in one proof. Verifying `m` values of
/// 64 bits derives `128·m` generators (for `m = 1024` about 21 MiB and one second
/// on ristretto255, a few seconds on secp256k1), so hostile input cannot make a
/// process allocate gigabytes; the library itself allows
/// [`ballistic::MAX_AGGREGATION`].
pub const MAX_VALUES: usize = 1024;
/// The largest secp256k1-zkp generator set a statement may name
/// ([`Params::generators`]): the set of the largest shape, `2·64·`[`MAX_VALUES`]
/// (about 13 MiB, a few seconds to derive once per process).
pub const MAX_GENERATORS: usize = 2 * 64 * MAX_VALUES;
/// The longest transcript label (domain), in bytes.
pub const MAX_DOMAIN_BYTES: usize = 1024;
/// The longest secp256k1-zkp extra commitment, in bytes.
pub const MAX_EXTRA_COMMIT_BYTES: usize = 64 * 1024;
/// The size of a compressed ristretto255 point.
pub const POINT_BYTES: usize = 32;
/// The size of a secp256k1 commitment or proof point: a prefix byte and the
/// big-endian x-coordinate.
pub const SECP256K1_POINT_BYTES: usize = 33;
/// The size of a scalar (blinding, mask, nonce) on either curve.
pub const SCALAR_BYTES: usize = 32;
/// The bit widths secp256k1-zkp's Bulletproofs support.
pub const SECP256K1_BITS: [usize; 7] = [1, 2, 4, 8, 16, 32, 64];
/// The number of values the proof of a range `[a, b]` is about: `v − a` and `b − v`.
pub const RANGE_PROOF_VALUES: usize = 2;
/// The size of the message a rewindable Bulletproofs proof carries.
pub const MESSAGE_BYTES: usize = 20;

/// A curve, with its wire format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum Curve {
    /// ristretto255, in the wire format of dalek's `bulletproofs` (and Tari's for
    /// Bulletproofs+).
    Ristretto255 = 1,
    /// secp256k1, in secp256k1-zkp's (Grin's) wire format.
    Secp256k1 = 2,
}

impl Curve {
    /// Parses a curve name (`ristretto255`, `secp256k1`); the error is a complete
    /// message.
    ///
    /// ```
    /// assert_eq!(ballistic_api::Curve::parse("secp256k1"), Ok(ballistic_api::Curve::Secp256k1));
    /// assert!(ballistic_api::Curve::parse("p256").is_err());
    /// ```
    pub fn parse(name: &str) -> Result<Curve, String> {
        match name {
            CURVE_RISTRETTO255 => Ok(Curve::Ristretto255),
            CURVE_SECP256K1 => Ok(Curve::Secp256k1),
            other => Err(format!(
                "unsupported curve {other:?} (supported: {})",
                SUPPORTED_CURVES.join(", ")
            )),
        }
    }

    /// The curve of a numeric code (1 ristretto255, 2 secp256k1), as the bindings
    /// pass it.
    ///
    /// ```
    /// assert_eq!(ballistic_api::Curve::from_code(2), Some(ballistic_api::Curve::Secp256k1));
    /// assert_eq!(ballistic_api::Curve::from_code(0), None);
    /// ```
    pub fn from_code(code: u32) -> Option<Curve> {
        match code {
            1 => Some(Curve::Ristretto255),
            2 => Some(Curve::Secp256k1),
            _ => None,
        }
    }

    /// The curve's name in files and messages.
    ///
    /// ```
    /// assert_eq!(ballistic_api::Curve::Ristretto255.name(), "ristretto255");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Curve::Ristretto255 => CURVE_RISTRETTO255,
            Curve::Secp256k1 => CURVE_SECP256K1,
        }
    }

    /// The byte length of one commitment (and of a proof point) on this curve.
    ///
    /// ```
    /// assert_eq!(ballistic_api::Curve::Secp256k1.commitment_bytes(), 33);
    /// ```
    pub fn commitment_bytes(self) -> usize {
        match self {
            Curve::Ristretto255 => POINT_BYTES,
            Curve::Secp256k1 => SECP256K1_POINT_BYTES,
        }
    }
}

/// A range-proof protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u32)]
pub enum Protocol {
    /// Bulletproofs: dalek's format on ristretto255, secp256k1-zkp's on secp256k1.
    Bp = 1,
    /// Bulletproofs+: Tari's format on ristretto255, the same layout with 33-byte
    /// points and big-endian scalars on secp256k1.
    BpPlus = 2,
}

impl Protocol {
    /// Parses a protocol name (`bp`, `bp+`); the error is a complete message.
    ///
    /// ```
    /// assert_eq!(ballistic_api::Protocol::parse("bp+"), Ok(ballistic_api::Protocol::BpPlus));
    /// ```
    pub fn parse(name: &str) -> Result<Protocol, String> {
        match name {
            PROTOCOL_BP => Ok(Protocol::Bp),
            PROTOCOL_BP_PLUS => Ok(Protocol::BpPlus),
            other => Err(format!(
                "unsupported protocol {other:?} (supported: {PROTOCOL_BP}, {PROTOCOL_BP_PLUS})"
            )),
        }
    }

    /// The protocol of a numeric code (1 Bulletproofs, 2 Bulletproofs+).
    ///
    /// ```
    /// assert_eq!(ballistic_api::Protocol::from_code(1), Some(ballistic_api::Protocol::Bp));
    /// ```
    pub fn from_code(code: u32) -> Option<Protocol> {
        match code {
            1 => Some(Protocol::Bp),
            2 => Some(Protocol::BpPlus),
            _ => None,
        }
    }

    /// The protocol's name in files and messages.
    ///
    /// ```
    /// assert_eq!(ballistic_api::Protocol::BpPlus.name(), "bp+");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Bp => PROTOCOL_BP,
            Protocol::BpPlus => PROTOCOL_BP_PLUS,
        }
    }
}

/// The public statement of a proof, except its commitments: what prover and
/// verifier must agree on.
///
/// * `bits`: every value `v_j` is proved in `[o_j, o_j + 2^bits)` (`o_j` the minimum
///   value, zero unless given), or with a `range` `(a, b)` the one value in
///   `[a, b]` (then `bits` is the bit length of `b − a`, set by
///   [`Params::with_range`]);
/// * `domain`: the Merlin transcript label (ristretto255, and Bulletproofs+ on both
///   curves; empty for secp256k1 Bulletproofs, whose transcript has no label);
/// * `extra_commit`: secp256k1-zkp's extra commitment (secp256k1 Bulletproofs only);
///   `Some(vec![])` differs from `None`;
/// * `extension_degree`: the number of mask bases of a Bulletproofs+ commitment,
///   `1..=6` (Tari's `ExtensionDegree`); 1 for Bulletproofs;
/// * `min_values`: Bulletproofs+ minimum values, empty or one per value;
/// * `generators`: the size of secp256k1-zkp's generator set (secp256k1
///   Bulletproofs only; `None`: [`secp256k1_generator_count`] of the shape, what
///   Grin and the CLI use). A proof verifies only over the set it was made with.
///
/// ```
/// use ballistic_api::{Curve, Params, Protocol};
/// let p = Params::new(Curve::Ristretto255, Protocol::BpPlus, 64)
///     .with_domain(b"wallet")
///     .with_extension_degree(2);
/// assert_eq!(p.proof_len(1), 609);
/// let r = Params::new(Curve::Secp256k1, Protocol::Bp, 64).with_range(18, 130);
/// assert_eq!(r.bits, 7);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params {
    /// The curve.
    pub curve: Curve,
    /// The protocol.
    pub protocol: Protocol,
    /// The bit width `n`, in `1..=64`.
    pub bits: usize,
    /// The range `(a, b)` of a range proof: `a <= v <= b` for the one value.
    pub range: Option<(u64, u64)>,
    /// The Bulletproofs+ extension degree `t` (1 for Bulletproofs).
    pub extension_degree: usize,
    /// The Bulletproofs+ minimum values (empty: all zero).
    pub min_values: Vec<u64>,
    /// The transcript label.
    pub domain: Vec<u8>,
    /// secp256k1-zkp's extra commitment.
    pub extra_commit: Option<Vec<u8>>,
    /// The size of secp256k1-zkp's generator set (`None`: derived from the shape).
    pub generators: Option<usize>,
}

impl Params {
    /// A statement of `bits`-bit values on `curve` with `protocol`: empty label, no
    /// range, extension degree 1, no minimum values, no extra commitment.
    ///
    /// ```
    /// let p = ballistic_api::Params::new(ballistic_api::Curve::Ristretto255, ballistic_api::Protocol::Bp, 32);
    /// assert_eq!(p.proof_len(4), 736);
    /// ```
    pub fn new(curve: Curve, protocol: Protocol, bits: usize) -> Params {
        Params {
            curve,
            protocol,
            bits,
            range: None,
            extension_degree: 1,
            min_values: Vec::new(),
            domain: Vec::new(),
            extra_commit: None,
            generators: None,
        }
    }

    /// With the transcript label `domain`.
    ///
    /// ```
    /// # use ballistic_api::{Curve, Params, Protocol};
    /// let p = Params::new(Curve::Ristretto255, Protocol::Bp, 64).with_domain(b"app");
    /// assert_eq!(p.domain, b"app");
    /// ```
    pub fn with_domain(mut self, domain: &[u8]) -> Params {
        self.domain = domain.to_vec();
        self
    }

    /// A range proof of `a <= v <= b`; sets `bits` to the bit length of `b − a`
    /// (leaves it when `a > b`, which [`prove`] and [`verify`] refuse).
    ///
    /// ```
    /// # use ballistic_api::{Curve, Params, Protocol};
    /// let p = Params::new(Curve::Ristretto255, Protocol::Bp, 64).with_range(1000, 1255);
    /// assert_eq!((p.bits, p.range), (8, Some((1000, 1255))));
    /// ```
    pub fn with_range(mut self, a: u64, b: u64) -> Params {
        if let Ok(bits) = range_bits(a, b) {
            self.bits = bits;
        }
        self.range = Some((a, b));
        self
    }

    /// With the Bulletproofs+ extension degree `t`.
    ///
    /// ```
    /// # use ballistic_api::{Curve, Params, Protocol};
    /// let p = Params::new(Curve::Ristretto255, Protocol::BpPlus, 64).with_extension_degree(3);
    /// assert_eq!(p.extension_degree, 3);
    /// ```
    pub fn with_extension_degree(mut self, t: usize) -> Params {
        self.extension_degree = t;
        self
    }

    /// With Bulletproofs+ minimum values, one per value.
    ///
    /// ```
    /// # use ballistic_api::{Curve, Params, Protocol};
    /// let p = Params::new(Curve::Ristretto255, Protocol::BpPlus, 8).with_min_values(&[100]);
    /// assert_eq!(p.min_values, [100]);
    /// ```
    pub fn with_min_values(mut self, min_values: &[u64]) -> Params {
        self.min_values = min_values.to_vec();
        self
    }

    /// With secp256k1-zkp's extra commitment.
    ///
    /// ```
    /// # use ballistic_api::{Curve, Params, Protocol};
    /// let p = Params::new(Curve::Secp256k1, Protocol::Bp, 64).with_extra_commit(b"tx");
    /// assert_eq!(p.extra_commit.as_deref(), Some(&b"tx"[..]));
    /// ```
    pub fn with_extra_commit(mut self, extra: &[u8]) -> Params {
        self.extra_commit = Some(extra.to_vec());
        self
    }

    /// Over secp256k1-zkp's generator set of `count` generators
    /// (`secp256k1_bulletproof_generators_create(ctx, G, count)`): an even count of
    /// at least `2·n·m` (`n·m` rounded up to a power of two), at most
    /// [`MAX_GENERATORS`].
    ///
    /// ```
    /// # use ballistic_api::{Curve, Params, Protocol};
    /// let p = Params::new(Curve::Secp256k1, Protocol::Bp, 64).with_generators(1024);
    /// assert_eq!(p.generator_count(4), 1024);
    /// assert_eq!(Params::new(Curve::Secp256k1, Protocol::Bp, 64).generator_count(4), 512);
    /// ```
    pub fn with_generators(mut self, count: usize) -> Params {
        self.generators = Some(count);
        self
    }

    /// The size of the secp256k1-zkp generator set of a proof of `m` commitments:
    /// [`Params::generators`], else [`secp256k1_generator_count`] of the shape.
    ///
    /// ```
    /// # use ballistic_api::{Curve, Params, Protocol};
    /// assert_eq!(Params::new(Curve::Secp256k1, Protocol::Bp, 64).generator_count(2), 256);
    /// ```
    pub fn generator_count(&self, m: usize) -> usize {
        self.generators
            .unwrap_or_else(|| secp256k1_generator_count(self.bits, self.proof_values(m)))
    }

    /// The number of values the proof itself is about for `m` commitments: two for a
    /// range proof, else `m`.
    ///
    /// ```
    /// # use ballistic_api::{Curve, Params, Protocol};
    /// assert_eq!(Params::new(Curve::Ristretto255, Protocol::Bp, 8).with_range(0, 200).proof_values(1), 2);
    /// ```
    pub fn proof_values(&self, m: usize) -> usize {
        if self.range.is_some() {
            RANGE_PROOF_VALUES
        } else {
            m
        }
    }

    /// The byte length of the proof for `m` commitments (for a shape the curve
    /// supports; [`prove`] and [`verify`] check that).
    ///
    /// ```
    /// # use ballistic_api::{Curve, Params, Protocol};
    /// assert_eq!(Params::new(Curve::Ristretto255, Protocol::Bp, 64).proof_len(1), 672);
    /// assert_eq!(Params::new(Curve::Secp256k1, Protocol::Bp, 64).proof_len(1), 675);
    /// assert_eq!(Params::new(Curve::Ristretto255, Protocol::BpPlus, 64).proof_len(1), 577);
    /// ```
    pub fn proof_len(&self, m: usize) -> usize {
        let values = self.proof_values(m);
        match (self.curve, self.protocol) {
            (Curve::Ristretto255, Protocol::Bp) => {
                bp_proof_len(rounds_for_shape(self.bits, values))
            }
            (Curve::Secp256k1, Protocol::Bp) => ballistic::range_proof::zkp::wire::proof_len(
                self.bits.saturating_mul(values).next_power_of_two(),
            ),
            (curve, Protocol::BpPlus) => plus_proof_len(
                curve,
                self.extension_degree,
                rounds_for_shape(self.bits, values),
            ),
        }
    }

    /// Checks the statement for `m` commitments: every limit, and the shapes and
    /// options each curve and protocol support. The error is
    /// [`ErrorCode::InvalidArgument`] or [`ErrorCode::LimitExceeded`] and names what
    /// is wrong.
    ///
    /// ```
    /// # use ballistic_api::{Curve, Params, Protocol, ErrorCode};
    /// let p = Params::new(Curve::Secp256k1, Protocol::Bp, 48);
    /// assert_eq!(p.check(1).unwrap_err().code(), ErrorCode::InvalidArgument);
    /// assert!(Params::new(Curve::Ristretto255, Protocol::Bp, 48).check(3).is_ok());
    /// ```
    pub fn check(&self, m: usize) -> Result<(), Error> {
        let bad = |msg: String| Err(Error::new(ErrorCode::InvalidArgument, msg));
        if m == 0 {
            return bad("no values: a proof is about at least one".into());
        }
        if m > MAX_VALUES {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("{m} values; the limit is {MAX_VALUES} per proof"),
            ));
        }
        if !(1..=64).contains(&self.bits) {
            return bad(format!(
                "{} bits: the bit width must be in 1..=64",
                self.bits
            ));
        }
        if self.domain.len() > MAX_DOMAIN_BYTES {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!(
                    "the domain is {} bytes long; the limit is {MAX_DOMAIN_BYTES}",
                    self.domain.len()
                ),
            ));
        }
        if let Some(extra) = &self.extra_commit {
            if self.curve != Curve::Secp256k1 || self.protocol != Protocol::Bp {
                return bad(format!(
                    "an extra commitment is only for secp256k1 Bulletproofs; {} proofs on {} \
                     bind context with the domain",
                    self.protocol.name(),
                    self.curve.name()
                ));
            }
            if extra.len() > MAX_EXTRA_COMMIT_BYTES {
                return Err(Error::new(
                    ErrorCode::LimitExceeded,
                    format!(
                        "the extra commitment is {} bytes long; the limit is \
                         {MAX_EXTRA_COMMIT_BYTES}",
                        extra.len()
                    ),
                ));
            }
        }
        if let Some(count) = self.generators {
            if self.curve != Curve::Secp256k1 || self.protocol != Protocol::Bp {
                return bad(format!(
                    "a generator count is only for secp256k1 Bulletproofs (secp256k1-zkp's \
                     generator sets); {} proofs on {} use the party layout",
                    self.protocol.name(),
                    self.curve.name()
                ));
            }
            if count > MAX_GENERATORS {
                return Err(Error::new(
                    ErrorCode::LimitExceeded,
                    format!("{count} generators; the limit is {MAX_GENERATORS}"),
                ));
            }
            let needed = self
                .bits
                .saturating_mul(self.proof_values(m))
                .next_power_of_two()
                .saturating_mul(2);
            if count % 2 != 0 || count < needed {
                return bad(format!(
                    "{count} generators: a proof of {} of {} bits needs an even number, at \
                     least {needed}",
                    plural(self.proof_values(m), "value"),
                    self.bits
                ));
            }
        }
        if let Some((a, b)) = self.range {
            if a > b {
                return bad(format!(
                    "the range [{a}, {b}] is empty: a must not be above b"
                ));
            }
            let bits = range_bits(a, b).unwrap_or(64);
            if self.bits != bits {
                return bad(format!(
                    "{} bits for the range [{a}, {b}], which needs {bits} (the bit length \
                     of b − a)",
                    self.bits
                ));
            }
            if m != 1 {
                return bad(format!("a range proof is about one value (got {m})"));
            }
            if !self.min_values.is_empty() {
                return bad("a range proof has no minimum values".into());
            }
        }
        match self.protocol {
            Protocol::Bp => {
                if self.extension_degree != 1 {
                    return bad(format!(
                        "extension degree {}: only Bulletproofs+ commitments have more than \
                         one mask",
                        self.extension_degree
                    ));
                }
                if !self.min_values.is_empty() {
                    return bad("minimum values are only for Bulletproofs+".into());
                }
                if self.curve == Curve::Secp256k1 {
                    if !self.domain.is_empty() {
                        return bad("secp256k1-zkp's transcript has no label (domain); bind \
                                    context with an extra commitment instead"
                            .into());
                    }
                    if self.range.is_none() {
                        check_secp256k1_shape(self.bits, m)
                            .map_err(|e| Error::new(ErrorCode::InvalidArgument, e))?;
                    }
                }
            }
            Protocol::BpPlus => {
                if !(1..=ballistic::generators::MAX_EXTENSION_DEGREE)
                    .contains(&self.extension_degree)
                {
                    return bad(format!(
                        "extension degree {}: must be in 1..={}",
                        self.extension_degree,
                        ballistic::generators::MAX_EXTENSION_DEGREE
                    ));
                }
                if !self.min_values.is_empty() {
                    if self.min_values.len() != m {
                        return bad(format!(
                            "{} minimum values for {m} values; give one per value",
                            self.min_values.len()
                        ));
                    }
                    if let Some((i, o)) = self
                        .min_values
                        .iter()
                        .enumerate()
                        .find(|(_, &o)| self.bits < 64 && o >> self.bits != 0)
                    {
                        return bad(format!(
                            "minimum value {o} (min_values[{i}]) does not fit in {} bits",
                            self.bits
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// The byte length of a Bulletproofs proof with `rounds` inner-product rounds on
/// ristretto255: `(2·rounds + 9)·32`.
///
/// ```
/// assert_eq!(ballistic_api::bp_proof_len(6), 672);
/// ```
pub fn bp_proof_len(rounds: usize) -> usize {
    (2 * rounds + 9) * POINT_BYTES
}

/// The byte length of a Bulletproofs+ proof with extension degree `t` and `rounds`
/// weighted inner-product rounds on `curve` (Tari's layout:
/// `1 + (t + 2)·32 + (3 + 2·rounds)·P` with `P` = 32 or 33).
///
/// ```
/// use ballistic_api::{plus_proof_len, Curve};
/// assert_eq!(plus_proof_len(Curve::Ristretto255, 1, 6), 577);
/// ```
pub fn plus_proof_len(curve: Curve, t: usize, rounds: usize) -> usize {
    use ballistic::bp_plus::wire::proof_len;
    match curve {
        Curve::Ristretto255 => proof_len::<ballistic::curve::ristretto::Ristretto>(t, rounds),
        Curve::Secp256k1 => proof_len::<ballistic::curve::secp256k1::Secp256k1>(t, rounds),
    }
}

/// The number of inner-product rounds of a proof of `m` values of `n` bits:
/// `⌈log2(n·m)⌉`.
///
/// ```
/// assert_eq!(ballistic_api::rounds_for_shape(48, 3), 8);
/// ```
pub fn rounds_for_shape(n: usize, m: usize) -> usize {
    ballistic::util::padded_len(n, m).trailing_zeros() as usize
}

/// Checks that secp256k1-zkp supports the bit width: `n` in [`SECP256K1_BITS`]. The
/// error says what is wrong (without a field or flag name).
///
/// ```
/// assert!(ballistic_api::check_secp256k1_bits(32).is_ok());
/// assert!(ballistic_api::check_secp256k1_bits(48).is_err());
/// ```
pub fn check_secp256k1_bits(n: usize) -> Result<(), String> {
    if SECP256K1_BITS.contains(&n) {
        Ok(())
    } else {
        Err(format!(
            "{n} bits is not a secp256k1-zkp bit width (one of 1, 2, 4, 8, 16, 32, 64)"
        ))
    }
}

/// Checks that secp256k1-zkp supports aggregating `m` values (a power of two).
///
/// ```
/// assert!(ballistic_api::check_secp256k1_values(4).is_ok());
/// assert!(ballistic_api::check_secp256k1_values(3).is_err());
/// ```
pub fn check_secp256k1_values(m: usize) -> Result<(), String> {
    if m.is_power_of_two() {
        Ok(())
    } else {
        Err(format!(
            "{m} values: secp256k1-zkp aggregates a power of two of values (1, 2, 4, 8, …)"
        ))
    }
}

/// Checks that secp256k1-zkp supports the shape: `n` in [`SECP256K1_BITS`] and `m` a
/// power of two.
///
/// ```
/// assert!(ballistic_api::check_secp256k1_shape(64, 2).is_ok());
/// ```
pub fn check_secp256k1_shape(n: usize, m: usize) -> Result<(), String> {
    check_secp256k1_bits(n).and_then(|()| check_secp256k1_values(m))
}

/// The number of generators of a secp256k1 Bulletproofs proof of `m` values of `n`
/// bits: Grin's 256 ([`ballistic::secp256k1::GRIN_GENERATORS`]) when `n·m <= 128`,
/// otherwise `2·n·m` (with `n·m` rounded up to a power of two). Prover and verifier
/// both derive the set from the shape, so it is not part of the statement.
///
/// ```
/// assert_eq!(ballistic_api::secp256k1_generator_count(64, 2), 256);
/// assert_eq!(ballistic_api::secp256k1_generator_count(64, 4), 512);
/// ```
pub fn secp256k1_generator_count(n: usize, m: usize) -> usize {
    let grin = ballistic::secp256k1::GRIN_GENERATORS;
    let nm = n.saturating_mul(m).next_power_of_two();
    if nm <= grin / 2 {
        grin
    } else {
        nm.saturating_mul(2)
    }
}

/// `"1 value"`, `"2 values"`.
pub(crate) fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}
