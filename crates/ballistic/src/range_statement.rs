//! The statement both range protocols prove (Bulletproofs in every wire format and
//! Bulletproofs+): its parts ([`RangeStatement`], the optional ones in [`Extras`]),
//! the transcript messages of an `[a, b]` statement, the rule that counts its values,
//! and the verifier's view of its commitments ([`Commitments`]). Both protocols
//! import it; neither imports the other.
//!
//! | name | meaning |
//! |---|---|
//! | `n`, `bits` | the bit width of each value |
//! | `m` | the number of values ([`RangeStatement::values`]) |
//! | `V_j` | the value commitments |
//! | `[a, b]` | the range of an `[a, b]` statement: one commitment `V`, two values `v − a`, `b − v` |
//! | `o_j` | the minimum values |

#![allow(non_snake_case)]
// Lint wall for code that handles proof bytes (docs/testing.md, P8): no panicking
// unwraps, no panics, no unchecked indexing.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use subtle::{Choice, ConstantTimeLess};
use zeroize::Zeroizing;

use crate::curve::Curve;
use crate::errors::ProofError;
use crate::verify::Terms;

/// What a range proof proves: every commitment `V_j` opens to a value `v_j` with
/// `o_j <= v_j < o_j + 2^bits` (`o_j` the minimum values, zero by default), or, for
/// an `[a, b]` range proof, that the one commitment `V` opens to a value in `[a, b]`
/// (see [`RangeStatement::with_range`]).
///
/// Every part is bound in the transcript before the first challenge. The type is
/// `#[non_exhaustive]` so that further parts of a statement are added without a
/// breaking change; build it with [`RangeStatement::new`] and the `with_` methods.
///
/// # Example
/// ```
/// use ballistic::range_proof::transcript::RangeStatement;
/// use ballistic::curve::ristretto::Ristretto;
/// let s = RangeStatement::<Ristretto>::new(64, &[]);
/// assert_eq!((s.bits, s.commitments.len(), s.range, s.min_values), (64, 0, None, None));
/// let s = s.with_range(18, 130).with_min_values(&[]);
/// assert_eq!((s.range, s.min_values), (Some((18, 130)), Some(&[][..])));
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct RangeStatement<'a, C: Curve> {
    /// The bit width `n`.
    pub bits: usize,
    /// The value commitments `V_j`, in order (their number is `m`); for an `[a, b]`
    /// range proof, the one commitment `V`.
    pub commitments: &'a [C::Encoding],
    /// The range `[a, b]` of an `[a, b]` range proof (`None` for an ordinary range
    /// proof). Such a proof is one of the two values `v − a`, `b − v` (`m = 2`) over
    /// the commitments `V − a·B`, `b·B − V`, which the verifier derives from `V`:
    /// the transcript binds `V`, `a` and `b`, which determine them.
    pub range: Option<(u64, u64)>,
    /// The minimum values `o_j`, one per commitment (secp256k1-zkp's `min_value`).
    /// `None` and `Some` of zeros are different statements (as in secp256k1-zkp,
    /// whose transcript hashes the array whenever it is present).
    pub min_values: Option<&'a [u64]>,
}

impl<'a, C: Curve> RangeStatement<'a, C> {
    /// Every commitment of `commitments` opens to a `bits`-bit value.
    pub fn new(bits: usize, commitments: &'a [C::Encoding]) -> Self {
        RangeStatement {
            bits,
            commitments,
            range: None,
            min_values: None,
        }
    }

    /// The statement of an `[a, b]` range proof: `commitments` is the one
    /// commitment `V`, `bits = ⌈log2(b − a + 1)⌉` (at least 1), and the proof is of
    /// `v − a` and `b − v` over `V − a·B` and `b·B − V`.
    pub fn with_range(mut self, a: u64, b: u64) -> Self {
        self.range = Some((a, b));
        self
    }

    /// The number of values `m` the proof is of: two for an `[a, b]` range proof,
    /// else one per commitment (a range with other than one commitment, which the
    /// provers and verifiers refuse, counts its commitments).
    ///
    /// # Example
    /// ```
    /// use ballistic::range_proof::transcript::RangeStatement;
    /// use ballistic::curve::ristretto::Ristretto;
    /// use ballistic::ristretto::CompressedRistretto;
    /// let V = [CompressedRistretto::default()];
    /// assert_eq!(RangeStatement::<Ristretto>::new(64, &V).values(), 1);
    /// assert_eq!(RangeStatement::<Ristretto>::new(8, &V).with_range(18, 130).values(), 2);
    /// ```
    pub fn values(&self) -> usize {
        statement_values(self.range.is_some(), self.commitments.len())
            .unwrap_or(self.commitments.len())
    }

    /// The minimum values `o_j`: commitment `j` opens to `v_j` with
    /// `o_j <= v_j < o_j + 2^bits`.
    pub fn with_min_values(mut self, min_values: &'a [u64]) -> Self {
        self.min_values = Some(min_values);
        self
    }
}

/// The domain separator of an `[a, b]` range statement (label `dom-sep`), appended
/// with `a` and `b` before the proof's own statement. Version 2 binds the commitment
/// `V` in the proof's statement (version 1 bound the derived commitments instead).
pub const RANGE_DOMAIN_SEP: &[u8] = b"ballistic range v2";

/// The domain separator of a statement with minimum values (label `dom-sep`) in the
/// Merlin flavour, appended with each minimum value before the proof's own
/// statement.
pub const MIN_VALUES_DOMAIN_SEP: &[u8] = b"ballistic min values v1";

/// Binds an `[a, b]` range statement in a Merlin transcript: `dom-sep` =
/// [`RANGE_DOMAIN_SEP`], then `a` and `b` (`append_u64`, labels `a`, `b`). Both
/// protocols append this before their own statement (the range proofs' `dom-sep`
/// `rangeproof v1`, Bulletproofs+'s `Bulletproofs+ Range Proof`), whose commitment
/// list is the one commitment `V` while its value count is two.
///
/// # Example
/// ```
/// use ballistic::merlin::Transcript;
/// use ballistic::range_proof::transcript::append_range_statement;
/// let (mut t1, mut t2) = (Transcript::new(b"ex"), Transcript::new(b"ex"));
/// append_range_statement(&mut t1, 18, 130);
/// append_range_statement(&mut t2, 18, 131);
/// let (mut c1, mut c2) = ([0u8; 32], [0u8; 32]);
/// t1.challenge_bytes(b"c", &mut c1);
/// t2.challenge_bytes(b"c", &mut c2);
/// assert_ne!(c1, c2);
/// ```
pub fn append_range_statement(transcript: &mut merlin::Transcript, a: u64, b: u64) {
    transcript.append_message(b"dom-sep", RANGE_DOMAIN_SEP);
    transcript.append_u64(b"a", a);
    transcript.append_u64(b"b", b);
}

/// The optional parts of a statement beyond the bit width and the commitments (see
/// [`RangeStatement`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Extras<'a> {
    /// The range of an `[a, b]` proof: the values are `v − a`, `b − v` with the
    /// blindings `γ`, `−γ`, the statement's one commitment is `V = v·B + γ·B̃`.
    pub(crate) range: Option<(u64, u64)>,
    /// The minimum values, one per value.
    pub(crate) min_values: Option<&'a [u64]>,
}

/// The bit width `k` of an `[a, b]` proof: the number of bits of `b − a`, i.e.
/// `⌈log2(b − a + 1)⌉`, and 1 when `a = b` (a one-bit proof of `v − a = b − v = 0`).
/// The generators must support `k` bits for two values.
///
/// # Errors
/// [`ProofError::InvalidRange`] if `a > b`.
///
/// # Example
/// ```
/// use ballistic::range_proof::range::range_bits;
/// assert_eq!(range_bits(18, 130)?, 7); // 113 values
/// assert_eq!(range_bits(0, 255)?, 8); // 256 values: a power of two
/// assert_eq!(range_bits(5, 5)?, 1);
/// assert_eq!(range_bits(0, u64::MAX)?, 64);
/// assert!(range_bits(2, 1).is_err());
/// # Ok::<(), ballistic::ProofError>(())
/// ```
pub fn range_bits(a: u64, b: u64) -> Result<usize, ProofError> {
    let width = b.checked_sub(a).ok_or(ProofError::InvalidRange)?;
    Ok((64 - width.leading_zeros() as usize).max(1))
}

/// The number of values of a statement with `commitments` commitments: two for an
/// `[a, b]` statement (`range`), whose one commitment is `V`; else one per
/// commitment. `None` for a range with other than one commitment. The one rule of
/// the transcripts, the verifiers and the provers of both protocols.
pub(crate) fn statement_values(range: bool, commitments: usize) -> Option<usize> {
    match (range, commitments) {
        (false, m) => Some(m),
        (true, 1) => Some(2),
        (true, _) => None,
    }
}

/// The values a prover commits to: `values` themselves, or for an `[a, b]` statement
/// (`range`, values `v − a`, `b − v`) the one `v = (v − a) + a` of `V`. Zeroized on
/// drop.
///
/// # Errors
/// [`ProofError::ProvingError`] for a range with other than two values.
pub(crate) fn committed_values(
    range: Option<(u64, u64)>,
    values: impl ExactSizeIterator<Item = u64>,
) -> Result<Zeroizing<alloc::vec::Vec<u64>>, ProofError> {
    match range {
        None => Ok(Zeroizing::new(values.collect())),
        Some(_) if values.len() != 2 => Err(ProofError::ProvingError),
        Some((a, _)) => Ok(Zeroizing::new(
            values.take(1).map(|v| v.wrapping_add(a)).collect(),
        )),
    }
}

/// Whether `a <= v <= b`, in constant time in `v`.
pub(crate) fn ct_in_range(v: u64, a: u64, b: u64) -> Choice {
    !v.ct_lt(&a) & !b.ct_lt(&v)
}

/// An `[a, b]` statement as the verification equations take it: the commitment `V`
/// decoded, and the bounds. The derived commitments `V_lo = V − a·B` and
/// `V_hi = b·B − V` are never computed: an equation with the weights `c_lo`, `c_hi`
/// on them takes `(c_lo − c_hi)·V` and adds `c_hi·b − c_lo·a` to the coefficient of
/// the value base `B` ([`Commitments::emit`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct DecodedRange<C: Curve> {
    /// The commitment `V`.
    pub(crate) V: C::Point,
    /// The lower bound `a`.
    pub(crate) a: u64,
    /// The upper bound `b`.
    pub(crate) b: u64,
}

/// The verifier's side of an `[a, b]` statement, shared by the single verifiers and
/// the batch verifier of both protocols: the width [`range_bits`]`(a, b)` and the
/// statement with `V` decoded (in variable time: all of it is public).
///
/// # Errors
/// [`ProofError::InvalidRange`] if `a > b`; [`ProofError::VerificationError`] if `V`
/// is not a valid encoding.
pub(crate) fn decode_range_statement_vartime<C: Curve>(
    V: &C::Encoding,
    a: u64,
    b: u64,
) -> Result<(usize, DecodedRange<C>), ProofError> {
    let k = range_bits(a, b)?;
    let V = C::decode(V).ok_or(ProofError::VerificationError)?;
    Ok((k, DecodedRange { V, a, b }))
}

/// Binds the statement both range protocols check, for weights derived from a
/// batch ([`crate::verify::BatchVerifier::verify_deterministic`]): the encodings of
/// the commitments as given, the `[a, b]` range if any, and the minimum values.
pub(crate) fn bind_range_statement<C: Curve>(
    t: &mut merlin::Transcript,
    commitments: &[C::Encoding],
    range: &Option<DecodedRange<C>>,
    min_values: &[u64],
) {
    use crate::verify::bind_u64s;
    for V in commitments {
        t.append_message(b"V", C::encoding_bytes(V));
    }
    let range = range.as_ref().map_or([0, 0, 0], |r| [1, r.a, r.b]);
    bind_u64s(t, b"range", &range);
    bind_u64s(t, b"min values", min_values);
}

/// The commitments a replayed proof's equation takes: its `[a, b]` statement
/// `range` if it has one, else its own decoded commitments `own`, else (when the
/// batch decoded them) `decoded`.
pub(crate) fn equation_commitments<'a, C: Curve>(
    range: &'a Option<DecodedRange<C>>,
    own: &'a [C::Point],
    decoded: &'a [C::Point],
) -> Commitments<'a, C> {
    match range {
        Some(range) => Commitments::Range(range),
        None if own.is_empty() => Commitments::Points(decoded),
        None => Commitments::Points(own),
    }
}

/// The commitments of a statement as a verification equation takes them.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Commitments<'a, C: Curve> {
    /// The decoded commitments `V_j`.
    Points(&'a [C::Point]),
    /// The two derived commitments `V − a·B`, `b·B − V` of an `[a, b]` statement,
    /// given by `V` and the bounds.
    Range(&'a DecodedRange<C>),
}

impl<C: Curve> Commitments<'_, C> {
    /// The number of commitments the equation weighs (two for `[a, b]`).
    pub(crate) fn len(&self) -> usize {
        match self {
            Commitments::Points(V) => V.len(),
            Commitments::Range(_) => 2,
        }
    }

    /// Emits `Σ_j c_j·V_j` for the weights `c` (one per commitment, in order; a
    /// missing weight is zero) and returns what it adds to the coefficient of the
    /// value base `B`: zero, or for `[a, b]` `c_hi·b − c_lo·a`, with
    /// `(c_lo − c_hi)·V` emitted (`c_lo·(V − a·B) + c_hi·(b·B − V)`).
    pub(crate) fn emit<W: Terms<C>>(
        &self,
        c: impl IntoIterator<Item = C::Scalar>,
        out: &mut W,
    ) -> C::Scalar {
        match self {
            Commitments::Points(V) => {
                for (Vj, cj) in V.iter().zip(c) {
                    out.dynamic(cj, *Vj);
                }
                C::scalar_zero()
            }
            Commitments::Range(range) => {
                let mut c = c.into_iter();
                let c_lo = c.next().unwrap_or_else(C::scalar_zero);
                let c_hi = c.next().unwrap_or_else(C::scalar_zero);
                out.dynamic(c_lo - c_hi, range.V);
                c_hi * C::scalar_from_u64(range.b) - c_lo * C::scalar_from_u64(range.a)
            }
        }
    }
}
