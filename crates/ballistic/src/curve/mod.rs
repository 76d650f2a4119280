//! The group abstraction the protocol is written against.
//!
//! The range-proof protocol, the inner-product argument and the verifier are written
//! once, generic over [`Curve`]. A curve module supplies the prime-order group, its
//! scalar field, canonical encodings, generator derivation and the multiscalar
//! multiplications (constant-time for the prover's secrets, variable-time for public
//! data, and a precomputed-table variant for fixed generators).
//!
//! Naming follows the field's convention: anything variable-time carries `vartime` in
//! its name and is only ever called on public data.

use alloc::vec::Vec;
use core::fmt::Debug;
use core::ops::{Add, AddAssign, Mul, MulAssign, Neg, Sub, SubAssign};
use rand_core::{CryptoRng, RngCore};
use subtle::{ConditionallySelectable, ConstantTimeEq};
use zeroize::Zeroize;

use crate::ProofError;

/// `[e(n₀), e(n₁), …]` with `i` bound to each listed index: `each!(k => a[k] + b[k];
/// 0 1 2 3 4)`. Plain code, unlike `core::array::from_fn`: the SIMD backends' intrinsics
/// wrappers are `#[target_feature]` functions, inlined only into callers with the
/// features, and `from_fn`'s closures have none. Optimised builds inline `from_fn`
/// anyway; an instrumented fuzzing build does not, and every vector instruction then
/// becomes a call (about ten times slower). Defined before the curve modules, so
/// in scope in all of them.
#[cfg(target_arch = "x86_64")]
macro_rules! each {
    ($i:ident => $e:expr; $($n:literal)+) => {
        [$({
            let $i: usize = $n;
            $e
        }),+]
    };
}

pub mod dispatch;
#[cfg(target_arch = "x86_64")]
pub(crate) mod ifma_ops;
pub(crate) mod inverse_vartime;
pub mod ristretto;
pub(crate) mod scalars;
pub mod secp256k1;
#[cfg(test)]
pub mod toy;

/// Largest vector length `N'` for which the prover caches precomputed tables over
/// `G || H` for its inner-product rounds (`Curve::precompute_for_prover`; on
/// ristretto255 width-10 NAF tables of every generator and of `2^128` times it,
/// 64 KiB per generator, so 8 MiB at `N' = 64`), and
/// the default of [`TableStrategy::VERIFIER_TABLE_MAX_LEN`].
/// Curves without profitable prover tables ignore it (`Curve::PROVER_USES_TABLES`).
pub const TABLE_MAX_LEN: usize = 64;

/// How many draws [`Curve::scalar_random_nonzero`] makes before it declares the RNG
/// broken: 64 zeros in a row have probability below 2^-640 on the toy group of
/// order 1019, the smallest group the protocol runs on.
pub const RANDOM_NONZERO_TRIES: usize = 64;

/// One input of [`Curve::vartime_multiscalar_mul_many`]: scalars and their points.
pub type MsmInput<'a, C> = (&'a [<C as Curve>::Scalar], &'a [<C as Curve>::Point]);

/// One sum of [`Curve::vartime_precomputed_mul_many`]: sparse terms over the
/// precomputed points (by index) and terms over other points.
pub struct SparseMsm<'a, C: Curve> {
    /// `(index of the precomputed point, scalar)`.
    pub statics: &'a [(usize, C::Scalar)],
    /// `(scalar, point)`.
    pub dynamic: &'a [(C::Scalar, C::Point)],
}

/// `run` over `inputs` with each sum's `extra_terms` over `points` added to its
/// dynamic terms (the fallback of [`Curve::vartime_precomputed_mul_many_extra`];
/// indices beyond `points` are skipped).
pub(crate) fn extra_as_dynamic<C: Curve>(
    inputs: &[SparseMsm<'_, C>],
    points: &[C::Point],
    extra_terms: &[&[(usize, C::Scalar)]],
    run: impl FnOnce(&[SparseMsm<'_, C>]) -> Vec<C::Point>,
) -> Vec<C::Point> {
    let dynamic: Vec<Vec<(C::Scalar, C::Point)>> = inputs
        .iter()
        .enumerate()
        .map(|(k, x)| {
            let mut d = x.dynamic.to_vec();
            let terms = extra_terms.get(k).copied().unwrap_or(&[]);
            d.extend(
                terms
                    .iter()
                    .filter_map(|(i, s)| points.get(*i).map(|p| (*s, *p))),
            );
            d
        })
        .collect();
    let merged: Vec<SparseMsm<'_, C>> = inputs
        .iter()
        .zip(&dynamic)
        .map(|(x, d)| SparseMsm {
            statics: x.statics,
            dynamic: d,
        })
        .collect();
    run(&merged)
}

/// How a curve's provers and verifiers use precomputed tables over fixed generators:
/// the schedule hooks of the inner-product argument, chosen per curve by measurement
/// ([`Curve::Strategy`]). The defaults ([`DefaultStrategy`]) build only the
/// verifier's [`Curve::precompute`] tables.
///
/// # Example
/// ```
/// use ballistic::curve::{Curve, TableStrategy, ristretto::Ristretto};
/// assert!(<Ristretto as Curve>::Strategy::PROVER_USES_TABLES);
/// ```
pub trait TableStrategy<C: Curve> {
    /// Whether the prover's inner-product rounds over the original generators should
    /// use the cached precomputed tables (a measured, per-curve choice).
    const PROVER_USES_TABLES: bool = false;
    /// Largest padded length `N'` whose `2N'` generators the verifier keeps in
    /// precomputed tables (cached per shape by [`crate::generators::BulletproofGens`]);
    /// larger shapes run a plain multiscalar multiplication.
    const VERIFIER_TABLE_MAX_LEN: usize = TABLE_MAX_LEN;
    /// Whether [`Curve::precompute`] of `len` points serves the prover's first block
    /// of inner-product rounds (its sparse sums over
    /// [`Curve::vartime_precomputed_mul_many`] are cheap on it); where not, the
    /// prover builds [`TableStrategy::precompute_first_block`] instead. Default: yes.
    fn precompute_serves_rounds(_len: usize) -> bool {
        true
    }
    /// Tables for the prover's first block of inner-product rounds over all
    /// generators, for shapes whose verifier tables do not serve it
    /// ([`TableStrategy::precompute_serves_rounds`]); default: [`Curve::precompute`].
    fn precompute_first_block(points: &[C::Point]) -> C::Precomputation {
        C::precompute(points)
    }
    /// Tables for the prover's rounds over fixed generators (which use them many
    /// times per proof, so wider tables may pay; default: [`Curve::precompute`]).
    fn precompute_for_prover(points: &[C::Point]) -> C::Precomputation {
        C::precompute(points)
    }
    /// `Some((lo, hi))` with `s = lo + 2^128·hi` (both below `2^128`) if this curve's
    /// prover tables ([`TableStrategy::precompute_for_prover`]) also hold `2^128·P` for every
    /// point and split every scalar of a multiplication over them, so that a term
    /// over another point `Q` must be split the same way (`lo·Q + hi·(2^128·Q)`) to
    /// keep the multiplication at 128 bits; `None` (the default) otherwise.
    fn prover_split(_s: &C::Scalar) -> Option<(C::Scalar, C::Scalar)> {
        None
    }
    /// Tables for [`TableStrategy::ct_precomputed_mul`] over fixed points (the prover's
    /// generators), if this curve has a constant-time multiplication over tables
    /// (default: no).
    fn precompute_for_ct(_points: &[C::Point]) -> Option<C::Precomputation> {
        None
    }
    /// `Σ s_i P_i` in constant time in the scalars, over `pre` =
    /// [`TableStrategy::precompute_for_ct`]`(points)` (default: [`Curve::multiscalar_mul`],
    /// which ignores `pre`).
    fn ct_precomputed_mul(
        _pre: &C::Precomputation,
        scalars: &[C::Scalar],
        points: &[C::Point],
    ) -> C::Point {
        C::multiscalar_mul(scalars, points)
    }
    /// `Σ s_k·P_{i_k} + Σ e_j·Q_j` over the terms `(i_k, s_k)` of `indices` and
    /// `scalars` and the few extra terms `(e_j, Q_j)` of `extra`, in constant time in
    /// the scalars (the indices are public), over `pre` =
    /// [`TableStrategy::precompute_for_ct`]`(points)` (default: the points gathered
    /// with the extra ones for [`Curve::multiscalar_mul`]). An index outside `points`
    /// contributes nothing.
    fn ct_precomputed_mul_indexed(
        _pre: &C::Precomputation,
        scalars: &[C::Scalar],
        indices: &[usize],
        points: &[C::Point],
        extra: (&[C::Scalar], &[C::Point]),
    ) -> C::Point {
        let cap = indices.len() + extra.0.len();
        let mut s: alloc::vec::Vec<C::Scalar> = alloc::vec::Vec::with_capacity(cap);
        let mut p: alloc::vec::Vec<C::Point> = alloc::vec::Vec::with_capacity(cap);
        for (sc, i) in scalars.iter().zip(indices) {
            if let Some(pt) = points.get(*i) {
                s.push(*sc);
                p.push(*pt);
            }
        }
        s.extend_from_slice(extra.0);
        p.extend_from_slice(extra.1);
        let out = C::multiscalar_mul(&s, &p);
        s.zeroize();
        out
    }
    /// Tables for the prover's rounds over a block's explicit generators (see
    /// `inner_product.rs`), and for the `Q` terms that every round of a proof has
    /// (built once per proof), if this curve's tables pay off there (default: no; the
    /// rounds then use [`Curve::vartime_multiscalar_mul_many`], the `Q` terms are
    /// dynamic).
    fn precompute_for_rounds(_points: &[C::Point]) -> Option<C::Precomputation> {
        None
    }
}

/// The default [`TableStrategy`]: no prover tables, the verifier's tables up to
/// [`TABLE_MAX_LEN`] generators.
#[derive(Clone, Copy, Debug)]
pub struct DefaultStrategy;

impl<C: Curve> TableStrategy<C> for DefaultStrategy {}

/// Largest number of mask bases a Bulletproofs+ commitment may carry beside its
/// value base (Tari's `ExtensionDegree::AddFiveBasePoints`).
///
/// ```
/// assert_eq!(ballistic::generators::MAX_EXTENSION_DEGREE, 6);
/// ```
pub const MAX_EXTENSION_DEGREE: usize = 6;

/// A prime-order group with its scalar field, as the protocol needs it.
///
/// Implementations must make every method without `vartime` in its name constant-time
/// in its secret inputs.
///
/// # Example
/// ```
/// use ballistic::curve::{Curve, ristretto::Ristretto};
/// let two = Ristretto::scalar_from_u64(2);
/// let g = Ristretto::default_pedersen_bases().0;
/// assert_eq!(Ristretto::mul(&two, &g), g + g);
/// ```
pub trait Curve: 'static + Sized + Copy + Debug + Send + Sync {
    /// An element of the scalar field.
    type Scalar: Copy
        + Debug
        + Default
        + Eq
        + ConditionallySelectable
        + ConstantTimeEq
        + Zeroize
        + Send
        + Sync
        + Add<Output = Self::Scalar>
        + Sub<Output = Self::Scalar>
        + Mul<Output = Self::Scalar>
        + Neg<Output = Self::Scalar>
        + AddAssign
        + SubAssign
        + MulAssign;
    /// A group element.
    type Point: Copy
        + Debug
        + Eq
        + ConditionallySelectable
        + Send
        + Sync
        + Add<Output = Self::Point>
        + Sub<Output = Self::Point>
        + Neg<Output = Self::Point>
        + AddAssign;
    /// The scalar type of the public API (blindings passed to the prover, the
    /// arguments of [`crate::generators::PedersenGens::commit`]): the curve
    /// library's own type where users expect it (curve25519-dalek's `Scalar` on
    /// ristretto255), otherwise [`Curve::Scalar`]. Its field arithmetic is what
    /// circuit code ([`crate::r1cs`]) computes assignments with.
    type ApiScalar: Copy
        + Debug
        + PartialEq
        + Send
        + Sync
        + From<u64>
        + Add<Output = Self::ApiScalar>
        + Sub<Output = Self::ApiScalar>
        + Mul<Output = Self::ApiScalar>
        + Neg<Output = Self::ApiScalar>;
    /// The point type of the public API ([`crate::generators::PedersenGens`]): the
    /// curve library's own type where users expect it (curve25519-dalek's
    /// `RistrettoPoint` on ristretto255), otherwise [`Curve::Point`].
    type ApiPoint: Copy + Debug + PartialEq + Send + Sync;
    /// The canonical encoding of a group element.
    type Encoding: Copy + Debug + Eq + Send + Sync;
    /// Precomputed tables for a fixed list of points (see [`Curve::precompute`]).
    type Precomputation: Send + Sync;
    /// Which tables the arguments' provers and verifiers build over fixed
    /// generators, and how: a measured, per-curve strategy.
    type Strategy: TableStrategy<Self>;

    /// A short name, e.g. `"ristretto255"`.
    const NAME: &'static str;
    /// Length of a canonical scalar encoding in bytes.
    const SCALAR_BYTES: usize;
    /// Length of a canonical point encoding in bytes.
    const POINT_BYTES: usize;

    /// The scalar `x`.
    fn scalar_from_u64(x: u64) -> Self::Scalar;
    /// Reduces 64 uniformly random bytes to a scalar (bias below 2^-250).
    fn scalar_from_wide_bytes(bytes: &[u8; 64]) -> Self::Scalar;
    /// Parses a canonical scalar encoding; `None` if it is not fully reduced or has the
    /// wrong length.
    fn scalar_from_canonical_bytes(bytes: &[u8]) -> Option<Self::Scalar>;
    /// The canonical 32-byte encoding of a scalar (little-endian on ristretto255,
    /// big-endian on secp256k1: each curve's own convention).
    fn scalar_to_bytes(s: &Self::Scalar) -> [u8; 32];
    /// Inverts a scalar in constant time (0 maps to 0).
    fn scalar_invert(s: &Self::Scalar) -> Self::Scalar;
    /// Replaces every element by its inverse with one field inversion (Montgomery's
    /// trick) and returns the inverse of the product. All inputs must be non-zero.
    fn scalar_batch_invert(s: &mut [Self::Scalar]) -> Self::Scalar;
    /// [`Curve::scalar_invert`] for a **public** scalar (a Fiat–Shamir challenge or a
    /// value derived from challenges), in variable time where the curve has a faster
    /// such inversion (ristretto255 and secp256k1: safegcd); the constant-time one
    /// otherwise.
    fn scalar_invert_vartime(s: &Self::Scalar) -> Self::Scalar {
        Self::scalar_invert(s)
    }
    /// [`Curve::scalar_batch_invert`] for **public** scalars, with
    /// [`Curve::scalar_invert_vartime`] for the product.
    fn scalar_batch_invert_vartime(s: &mut [Self::Scalar]) -> Self::Scalar {
        Self::scalar_batch_invert(s)
    }
    /// `out[i] = a[i]·b[i]` for every `i` below the shortest length: the verifiers'
    /// element-wise passes, which a curve may run several values at a time
    /// (ristretto255: eight per AVX-512 IFMA instruction where the CPU has it).
    fn scalar_mul_many(out: &mut [Self::Scalar], a: &[Self::Scalar], b: &[Self::Scalar]) {
        for ((o, a), b) in out.iter_mut().zip(a).zip(b) {
            *o = *a * *b;
        }
    }
    /// `out[i] = a[i]·c` for every `i` below the shorter length, as
    /// [`Curve::scalar_mul_many`].
    fn scalar_mul_by_many(out: &mut [Self::Scalar], a: &[Self::Scalar], c: &Self::Scalar) {
        for (o, a) in out.iter_mut().zip(a) {
            *o = *a * *c;
        }
    }

    /// A uniformly random scalar.
    fn scalar_random<R: RngCore + CryptoRng + ?Sized>(rng: &mut R) -> Self::Scalar {
        let mut wide = [0u8; 64];
        rng.fill_bytes(&mut wide);
        let s = Self::scalar_from_wide_bytes(&wide);
        wide.zeroize();
        s
    }
    /// A uniformly random non-zero scalar (the verifier's random weights: a zero
    /// weight would drop a check). Draws at most [`RANDOM_NONZERO_TRIES`] times: a
    /// zero has probability about 2^-250 on a real curve (1/1019 on the toy test
    /// group), so only a broken RNG exhausts them.
    ///
    /// # Errors
    /// [`ProofError::RngFailure`] if every draw was zero.
    fn scalar_random_nonzero<R: RngCore + CryptoRng + ?Sized>(
        rng: &mut R,
    ) -> Result<Self::Scalar, ProofError> {
        for _ in 0..RANDOM_NONZERO_TRIES {
            let s = Self::scalar_random(rng);
            if !Self::scalar_is_zero(&s) {
                return Ok(s);
            }
        }
        Err(ProofError::RngFailure)
    }
    /// The zero scalar.
    fn scalar_zero() -> Self::Scalar {
        Self::scalar_from_u64(0)
    }
    /// The scalar one.
    fn scalar_one() -> Self::Scalar {
        Self::scalar_from_u64(1)
    }
    /// Whether a scalar is zero (constant time).
    fn scalar_is_zero(s: &Self::Scalar) -> bool {
        bool::from(s.ct_eq(&Self::scalar_zero()))
    }

    /// The protocol's scalar for an API scalar.
    fn scalar_from_api(s: &Self::ApiScalar) -> Self::Scalar;
    /// The API scalar for a protocol scalar.
    fn scalar_to_api(s: &Self::Scalar) -> Self::ApiScalar;
    /// The protocol's point for an API point.
    fn point_from_api(p: &Self::ApiPoint) -> Self::Point;
    /// The API point for a protocol point.
    fn point_to_api(p: &Self::Point) -> Self::ApiPoint;
    /// The API point for a point whose encoding is known (variable time: for
    /// public points). Default: [`Curve::point_to_api`] of the point; a curve whose
    /// conversion goes through the encoding starts from the one given.
    fn point_to_api_encoded(p: &ProofPoint<Self>) -> Self::ApiPoint {
        Self::point_to_api(&p.point)
    }
    /// The sum of API points as a protocol point with its encoding (variable time:
    /// for public points). Default: the sum of their conversions, encoded; a curve
    /// whose conversion costs an encoding and a decoding adds the API points and
    /// converts the sum, keeping the encoding that conversion computes.
    fn point_sum_from_api<'a, I>(points: I) -> ProofPoint<Self>
    where
        I: IntoIterator<Item = &'a Self::ApiPoint>,
        Self::ApiPoint: 'a,
    {
        ProofPoint::new_vartime(
            points
                .into_iter()
                .fold(Self::identity(), |acc, p| acc + Self::point_from_api(p)),
        )
    }
    /// The default Pedersen bases as API points.
    fn default_pedersen_api() -> (Self::ApiPoint, Self::ApiPoint) {
        let (b, b_blinding) = Self::default_pedersen_bases();
        (Self::point_to_api(&b), Self::point_to_api(&b_blinding))
    }

    /// The neutral element.
    fn identity() -> Self::Point;
    /// Whether `p` is the neutral element (may be variable time: asked only of public
    /// points).
    fn is_identity(p: &Self::Point) -> bool;
    /// The canonical encoding of `p`, in constant time.
    fn encode(p: &Self::Point) -> Self::Encoding;
    /// The canonical encoding of a public point (may be faster than
    /// [`Curve::encode`]; variable time).
    fn encode_vartime(p: &Self::Point) -> Self::Encoding {
        Self::encode(p)
    }
    /// Decodes a canonical encoding; `None` if it is not a valid, canonical encoding.
    fn decode(e: &Self::Encoding) -> Option<Self::Point>;
    /// Decodes many public encodings (variable time, possibly lane-parallel); `Err(i)`
    /// names the first invalid one.
    fn decode_batch_vartime(e: &[Self::Encoding]) -> Result<Vec<Self::Point>, usize> {
        e.iter()
            .enumerate()
            .map(|(i, x)| Self::decode(x).ok_or(i))
            .collect()
    }
    /// Reads an encoding from bytes (length must be [`Curve::POINT_BYTES`]); no
    /// validation beyond the length.
    fn encoding_from_bytes(b: &[u8]) -> Option<Self::Encoding>;
    /// The bytes of an encoding.
    fn encoding_bytes(e: &Self::Encoding) -> &[u8];

    /// The default Pedersen bases `(B, B_blinding)` of this curve's wire format.
    fn default_pedersen_bases() -> (Self::Point, Self::Point);
    /// The first `t` mask bases of this curve's Bulletproofs+ format (beside the value
    /// base `B` of [`Curve::default_pedersen_bases`]), or `None` when the format has
    /// fewer than `t` (any `t` above [`MAX_EXTENSION_DEGREE`]).
    fn default_mask_bases(t: usize) -> Option<Vec<Self::Point>>;
    /// The first `count` generators of the deterministic chain named `label`.
    fn generator_chain(label: &[u8], count: usize) -> Vec<Self::Point>;

    /// `s * p` in constant time.
    fn mul(s: &Self::Scalar, p: &Self::Point) -> Self::Point;
    /// `Σ s_i P_i` in constant time in the scalars.
    fn multiscalar_mul(scalars: &[Self::Scalar], points: &[Self::Point]) -> Self::Point;
    /// Two independent sums `(Σ a_i P_i, Σ b_j Q_j)` in constant time in the scalars
    /// (a prover round's `L` and `R`); a curve may compute them together, sharing
    /// work (default: [`Curve::multiscalar_mul`] twice).
    fn multiscalar_mul_pair(
        a: MsmInput<'_, Self>,
        b: MsmInput<'_, Self>,
    ) -> (Self::Point, Self::Point) {
        (
            Self::multiscalar_mul(a.0, a.1),
            Self::multiscalar_mul(b.0, b.1),
        )
    }
    /// `Σ s_i P_i`, variable time: public inputs only.
    fn vartime_multiscalar_mul(scalars: &[Self::Scalar], points: &[Self::Point]) -> Self::Point;
    /// Builds tables for a fixed list of points for [`Curve::vartime_precomputed_mul`].
    fn precompute(points: &[Self::Point]) -> Self::Precomputation;
    /// `Σ s_i P_i` in constant time in the scalars, for a few points that are
    /// usually the Pedersen bases (commitments, `T_1`, `T_2`, the blinding terms of
    /// `A` and `S`): a curve may use fixed-base tables for its default bases
    /// (default: [`Curve::multiscalar_mul`]).
    fn pedersen_mul(scalars: &[Self::Scalar], points: &[Self::Point]) -> Self::Point {
        Self::multiscalar_mul(scalars, points)
    }
    /// Several independent sums over one precomputation, each
    /// `Σ s·B_i` over its sparse `(i, s)` terms plus `Σ d·P` over its dynamic terms
    /// (variable time: public inputs only). Curves may share work between the sums.
    fn vartime_precomputed_mul_many(
        pre: &Self::Precomputation,
        inputs: &[SparseMsm<'_, Self>],
    ) -> Vec<Self::Point> {
        let len = Self::precomputation_len(pre);
        inputs
            .iter()
            .map(|x| {
                let mut st = alloc::vec![Self::scalar_zero(); len];
                for (i, s) in x.statics {
                    if let Some(slot) = st.get_mut(*i) {
                        *slot = *s;
                    }
                }
                let (ds, dp): (Vec<Self::Scalar>, Vec<Self::Point>) =
                    x.dynamic.iter().copied().unzip();
                Self::vartime_precomputed_mul(pre, &st, &ds, &dp)
            })
            .collect()
    }
    /// [`Curve::vartime_precomputed_mul_many`] in which sum `k` also has the terms
    /// `extra_terms[k]` (`(index, scalar)`) over a second precomputation `extra.0` of
    /// the points `extra.1`: tables built once for points that take part in several
    /// calls (the inner-product prover's `Q` terms, in every round). Variable time:
    /// public inputs only. The default passes those terms as dynamic ones.
    fn vartime_precomputed_mul_many_extra(
        pre: &Self::Precomputation,
        inputs: &[SparseMsm<'_, Self>],
        extra: (&Self::Precomputation, &[Self::Point]),
        extra_terms: &[&[(usize, Self::Scalar)]],
    ) -> Vec<Self::Point> {
        extra_as_dynamic(inputs, extra.1, extra_terms, |merged| {
            Self::vartime_precomputed_mul_many(pre, merged)
        })
    }
    /// Several independent variable-time multiscalar multiplications (public inputs
    /// only); curves may share work between them.
    fn vartime_multiscalar_mul_many(inputs: &[MsmInput<'_, Self>]) -> Vec<Self::Point> {
        inputs
            .iter()
            .map(|(s, p)| Self::vartime_multiscalar_mul(s, p))
            .collect()
    }
    /// Number of points in a precomputation.
    fn precomputation_len(pre: &Self::Precomputation) -> usize;
    /// Memory held by a precomputation, in bytes (its tables' entries).
    fn precomputation_bytes(pre: &Self::Precomputation) -> usize;
    /// `Σ a_i B_i + Σ b_j P_j` with `B_i` the precomputed points (`static_scalars` may be
    /// shorter than the table), variable time: public inputs only.
    fn vartime_precomputed_mul(
        pre: &Self::Precomputation,
        static_scalars: &[Self::Scalar],
        dynamic_scalars: &[Self::Scalar],
        dynamic_points: &[Self::Point],
    ) -> Self::Point;
}

/// Reads a proof's consecutive fields (canonical point encodings and scalars of the
/// curve) from a byte slice without ever indexing out of bounds; any shortfall or
/// non-canonical field is the format's error `err`. Shared by the wire formats.
pub(crate) struct ProofReader<'a, E: Clone> {
    rest: &'a [u8],
    err: E,
}

impl<'a, E: Clone> ProofReader<'a, E> {
    /// A reader over `bytes` whose failures are `err`.
    pub(crate) fn new(bytes: &'a [u8], err: E) -> Self {
        ProofReader { rest: bytes, err }
    }

    /// The next `len` bytes.
    pub(crate) fn take(&mut self, len: usize) -> Result<&'a [u8], E> {
        if self.rest.len() < len {
            return Err(self.err.clone());
        }
        let (head, tail) = self.rest.split_at(len);
        self.rest = tail;
        Ok(head)
    }

    /// The next point encoding (checked for form, not decoded).
    pub(crate) fn encoding<C: Curve>(&mut self) -> Result<C::Encoding, E> {
        let bytes = self.take(C::POINT_BYTES)?;
        C::encoding_from_bytes(bytes).ok_or_else(|| self.err.clone())
    }

    /// The next canonical scalar.
    pub(crate) fn scalar<C: Curve>(&mut self) -> Result<C::Scalar, E> {
        let bytes = self.take(C::SCALAR_BYTES)?;
        C::scalar_from_canonical_bytes(bytes).ok_or_else(|| self.err.clone())
    }

    /// Succeeds only if every byte was read.
    pub(crate) fn finish(self) -> Result<(), E> {
        if self.rest.is_empty() {
            Ok(())
        } else {
            Err(self.err)
        }
    }
}

/// A point of a proof together with its canonical encoding (both are needed: the
/// encoding for the transcript and the wire, the point for arithmetic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofPoint<C: Curve> {
    /// The group element.
    pub point: C::Point,
    /// Its canonical encoding.
    pub encoding: C::Encoding,
}

impl<C: Curve> ProofPoint<C> {
    pub(crate) fn new(point: C::Point) -> Self {
        ProofPoint {
            point,
            encoding: C::encode(&point),
        }
    }

    /// [`ProofPoint::new`] for a public point.
    pub(crate) fn new_vartime(point: C::Point) -> Self {
        ProofPoint {
            point,
            encoding: C::encode_vartime(&point),
        }
    }
}
