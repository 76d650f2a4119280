//! Pedersen and Bulletproof generators.
//!
//! * [`PedersenGens`]: the bases `B` (value) and `B_blinding` of the commitments
//!   `V = v·B + γ·B_blinding`.
//! * [`BulletproofGens`]: the vectors `G`, `H` of the inner-product argument, one chain
//!   per party (value slot) as in dalek's `bulletproofs` crate: party `j` uses the chains
//!   labelled `"G" || le32(j)` and `"H" || le32(j)`, and value `j` of an aggregated proof
//!   uses the first `n` generators of party `j`.
//!
//! **Padding generators.** A proof of `m` values of `n` bits works on vectors of length
//! `N = n·m`, padded to the next power of two `N'` (see `docs/padding.md`). The `N' − N`
//! padding positions use two further chains labelled `"ballistic padding G"` and
//! `"ballistic padding H"`, derived on first use and cached. Their labels differ from
//! every party label, so their discrete logarithms are unknown, like all the others.
//! `BulletproofGens::new(n, m)` therefore suffices for every shape with at most `n` bits
//! and `m` values.

#![allow(non_snake_case)]

use alloc::sync::Arc;
use alloc::vec::Vec;
use spin::{Mutex, RwLock};

use crate::curve::Curve;
use crate::util::padded_len;
use crate::ProofError;
use zeroize::Zeroize;

/// Label of the chain of padding `G` generators.
pub const PADDING_G_LABEL: &[u8] = b"ballistic padding G";
/// Label of the chain of padding `H` generators.
pub const PADDING_H_LABEL: &[u8] = b"ballistic padding H";
/// Largest vector length `N'` for which the prover caches precomputed tables over
/// `G || H` for its inner-product rounds (`Curve::precompute_for_prover`; on
/// ristretto255 width-10 NAF tables of every generator and of `2^128` times it,
/// 64 KiB per generator, so 8 MiB at `N' = 64`), and
/// the default of [`Curve::VERIFIER_TABLE_MAX_LEN`].
/// Curves without profitable prover tables ignore it (`Curve::PROVER_USES_TABLES`).
pub const TABLE_MAX_LEN: usize = 64;
/// Largest vector length `N'` for which the prover caches the tables of its
/// constant-time `S = ρ·B̃ + <s_L, G> + <s_R, H>` ([`Curve::precompute_for_ct`]:
/// eight odd multiples per generator on ristretto255, 1 KiB, so 4 MiB at
/// `N' = 2048`); above it `S` builds its tables per proof.
pub const CT_TABLE_MAX_LEN: usize = 2048;

/// Largest vector length `N'` for which a prover whose verifier tables do not serve
/// its rounds ([`Curve::precompute_serves_rounds`]) caches tables of its own for
/// the first block of inner-product rounds ([`Curve::precompute_first_block`]; on
/// ristretto255 width-8 NAF tables, 8 MiB at `N' = 512`, 16 MiB at `N' = 1024`,
/// 32 MiB at `N' = 2048`).
pub const FIRST_BLOCK_TABLE_MAX_LEN: usize = 2048;

/// The Pedersen commitment bases.
///
/// # Example
/// ```
/// use ballistic::ristretto::PedersenGens;
/// use ballistic::curve25519_dalek::scalar::Scalar;
/// let pc = PedersenGens::default();
/// let c = pc.commit(Scalar::from(5u64), Scalar::from(7u64));
/// assert_eq!(c, pc.B * Scalar::from(5u64) + pc.B_blinding * Scalar::from(7u64));
/// ```
#[derive(Copy, Clone, Debug)]
pub struct PedersenGens<C: Curve> {
    /// Base for the committed value.
    pub B: C::ApiPoint,
    /// Base for the blinding factor.
    pub B_blinding: C::ApiPoint,
}

impl<C: Curve> PedersenGens<C> {
    /// The commitment `value·B + blinding·B_blinding` (constant time).
    pub fn commit(&self, value: C::ApiScalar, blinding: C::ApiScalar) -> C::ApiPoint {
        let (B, B_blinding) = self.bases();
        let mut s = [C::scalar_from_api(&value), C::scalar_from_api(&blinding)];
        let c = C::point_to_api(&C::pedersen_mul(&s, &[B, B_blinding]));
        s.zeroize();
        c
    }

    /// The bases as protocol points.
    pub(crate) fn bases(&self) -> (C::Point, C::Point) {
        (
            C::point_from_api(&self.B),
            C::point_from_api(&self.B_blinding),
        )
    }
}

impl<C: Curve> Default for PedersenGens<C> {
    fn default() -> Self {
        let (B, B_blinding) = C::default_pedersen_api();
        PedersenGens { B, B_blinding }
    }
}

struct Padding<C: Curve> {
    G: Vec<C::Point>,
    H: Vec<C::Point>,
}

/// The generators of the inner-product argument.
///
/// # Example
/// ```
/// use ballistic::ristretto::BulletproofGens;
/// // Enough for aggregated proofs of up to 4 values of up to 64 bits, any shape.
/// let gens = BulletproofGens::new(64, 4);
/// assert_eq!(gens.G(64, 4).count(), 256);
/// ```
pub struct BulletproofGens<C: Curve> {
    /// Number of generators per party (the largest bit width supported).
    pub gens_capacity: usize,
    /// Number of parties (the largest number of values supported).
    pub party_capacity: usize,
    G_vec: Vec<Vec<C::Point>>,
    H_vec: Vec<Vec<C::Point>>,
    /// Flat layout (secp256k1-zkp): one vector each, value `j` bit `k` of an `n`-bit
    /// proof uses position `j·n + k`; capacity is then `n·m <= gens_capacity`.
    flat: bool,
    padding: RwLock<Padding<C>>,
    tables: Mutex<TableCache<C>>,
}

/// What a cached table is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TableUse {
    /// [`Curve::precompute`], for the verifier.
    Verifier,
    /// [`Curve::precompute_for_prover`], the prover's inner-product rounds.
    Prover,
    /// [`Curve::precompute_for_ct`], the prover's constant-time `S`.
    ConstantTime,
    /// [`Curve::precompute_first_block`], the prover's first block of rounds where
    /// the verifier's tables do not serve it.
    FirstBlock,
}

/// Precomputed tables per shape `(n, m)` and use.
type TableCache<C> = Vec<((usize, usize, TableUse), Arc<<C as Curve>::Precomputation>)>;

impl<C: Curve> Clone for BulletproofGens<C> {
    fn clone(&self) -> Self {
        let pad = self.padding.read();
        BulletproofGens {
            gens_capacity: self.gens_capacity,
            party_capacity: self.party_capacity,
            G_vec: self.G_vec.clone(),
            H_vec: self.H_vec.clone(),
            flat: self.flat,
            padding: RwLock::new(Padding {
                G: pad.G.clone(),
                H: pad.H.clone(),
            }),
            tables: Mutex::new(self.tables.lock().clone()),
        }
    }
}

impl<C: Curve> core::fmt::Debug for BulletproofGens<C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BulletproofGens")
            .field("curve", &C::NAME)
            .field("gens_capacity", &self.gens_capacity)
            .field("party_capacity", &self.party_capacity)
            .finish()
    }
}

fn party_label(kind: u8, j: usize) -> [u8; 5] {
    let mut label = [kind, 0, 0, 0, 0];
    label[1..5].copy_from_slice(&(j as u32).to_le_bytes());
    label
}

impl<C: Curve> BulletproofGens<C> {
    /// Creates generators for proofs of up to `party_capacity` values of up to
    /// `gens_capacity` bits each.
    pub fn new(gens_capacity: usize, party_capacity: usize) -> Self {
        let mut gens = BulletproofGens {
            gens_capacity: 0,
            party_capacity,
            G_vec: (0..party_capacity).map(|_| Vec::new()).collect(),
            H_vec: (0..party_capacity).map(|_| Vec::new()).collect(),
            flat: false,
            padding: RwLock::new(Padding {
                G: Vec::new(),
                H: Vec::new(),
            }),
            tables: Mutex::new(Vec::new()),
        };
        gens.increase_capacity(gens_capacity);
        gens
    }

    /// Generators in the flat layout of secp256k1-zkp: `G_i = G[i]`, `H_i = H[i]`, and
    /// value `j`, bit `k` of an `n`-bit proof uses position `j·n + k` (so any shape
    /// with `n·m <= G.len()` fits). The two vectors must have equal lengths.
    pub fn from_flat_vectors(G: Vec<C::Point>, H: Vec<C::Point>) -> Self {
        let len = G.len().min(H.len());
        let (mut G, mut H) = (G, H);
        G.truncate(len);
        H.truncate(len);
        BulletproofGens {
            gens_capacity: len,
            party_capacity: 1,
            G_vec: alloc::vec![G],
            H_vec: alloc::vec![H],
            flat: true,
            padding: RwLock::new(Padding {
                G: Vec::new(),
                H: Vec::new(),
            }),
            tables: Mutex::new(Vec::new()),
        }
    }

    /// Whether these generators serve `m`-value, `n`-bit proofs.
    pub fn supports(&self, n: usize, m: usize) -> bool {
        if self.flat {
            n.checked_mul(m).is_some_and(|nm| nm <= self.gens_capacity)
        } else {
            n <= self.gens_capacity && m <= self.party_capacity
        }
    }

    /// Whether the generators use the flat layout ([`BulletproofGens::from_flat_vectors`]).
    pub fn is_flat(&self) -> bool {
        self.flat
    }

    /// The flat vectors `(G, H)` (empty unless [`BulletproofGens::is_flat`]).
    pub(crate) fn flat_vectors(&self) -> (&[C::Point], &[C::Point]) {
        match (self.flat, self.G_vec.first(), self.H_vec.first()) {
            (true, Some(g), Some(h)) => (g, h),
            _ => (&[], &[]),
        }
    }

    /// Grows every party's chains to `new_capacity` generators (no-op if smaller, and
    /// for the flat layout, whose generators are fixed by the format).
    pub fn increase_capacity(&mut self, new_capacity: usize) {
        if self.flat || self.gens_capacity >= new_capacity {
            return;
        }
        for j in 0..self.party_capacity {
            self.G_vec[j] = C::generator_chain(&party_label(b'G', j), new_capacity);
            self.H_vec[j] = C::generator_chain(&party_label(b'H', j), new_capacity);
        }
        self.gens_capacity = new_capacity;
    }

    /// The generators of party `j`.
    ///
    /// # Panics
    /// If `j >= party_capacity`.
    pub fn share(&self, j: usize) -> BulletproofGensShare<'_, C> {
        BulletproofGensShare {
            gens: self,
            share: j,
        }
    }

    /// The `G` generators of an `m`-value, `n`-bit proof, before padding: the first `n`
    /// of each of the first `m` parties.
    pub fn G(&self, n: usize, m: usize) -> impl Iterator<Item = &C::Point> {
        let (flat, per) = if self.flat { (n * m, 0) } else { (0, n) };
        self.G_vec
            .iter()
            .take(if self.flat { 1 } else { m })
            .flat_map(move |g| g.iter().take(flat + per))
    }

    /// The `H` generators of an `m`-value, `n`-bit proof, before padding.
    pub fn H(&self, n: usize, m: usize) -> impl Iterator<Item = &C::Point> {
        let (flat, per) = if self.flat { (n * m, 0) } else { (0, n) };
        self.H_vec
            .iter()
            .take(if self.flat { 1 } else { m })
            .flat_map(move |h| h.iter().take(flat + per))
    }

    /// The `G` and `H` chains of party `j` (`gens_capacity` each).
    pub(crate) fn party_vectors(&self, j: usize) -> (&[C::Point], &[C::Point]) {
        (&self.G_vec[j], &self.H_vec[j])
    }

    /// The first `count` padding generators `(G, H)`, derived on first use.
    pub fn padding_generators(&self, count: usize) -> (Vec<C::Point>, Vec<C::Point>) {
        {
            let pad = self.padding.read();
            if pad.G.len() >= count {
                return (pad.G[..count].to_vec(), pad.H[..count].to_vec());
            }
        }
        let mut pad = self.padding.write();
        if pad.G.len() < count {
            pad.G = C::generator_chain(PADDING_G_LABEL, count);
            pad.H = C::generator_chain(PADDING_H_LABEL, count);
        }
        (pad.G[..count].to_vec(), pad.H[..count].to_vec())
    }

    /// The full padded vectors `G`, `H` (length `N' = next_pow2(n·m)`) of a shape.
    /// The caller has checked `n <= gens_capacity` and `m <= party_capacity`.
    pub(crate) fn padded_vectors(&self, n: usize, m: usize) -> (Vec<C::Point>, Vec<C::Point>) {
        let nm = n * m;
        let np = padded_len(n, m);
        let mut G: Vec<C::Point> = Vec::with_capacity(np);
        let mut H: Vec<C::Point> = Vec::with_capacity(np);
        G.extend(self.G(n, m).copied());
        H.extend(self.H(n, m).copied());
        if np > nm {
            let (pg, ph) = self.padding_generators(np - nm);
            G.extend(pg);
            H.extend(ph);
        }
        (G, H)
    }

    /// Builds now the verifier's precomputed tables for proofs of `m` values of `n`
    /// bits, unless they are cached already (otherwise the first verification of
    /// the shape builds them, or on ristretto255 the first proof of a shape whose
    /// prover's first rounds run over them), and returns the bytes they hold: `0`
    /// for a shape verified without tables (more than
    /// [`Curve::VERIFIER_TABLE_MAX_LEN`] generators after padding). Batches of one
    /// shape use the same tables, except on flat generators
    /// ([`Self::from_flat_vectors`], secp256k1-zkp's), whose batches take the
    /// generic multiscalar multiplication.
    ///
    /// # Errors
    /// [`ProofError::InvalidBitsize`], [`ProofError::InvalidAggregation`] or
    /// [`ProofError::InvalidGeneratorsLength`] for a shape no proof may have with
    /// these generators (the checks of proving and verifying).
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::BulletproofGens;
    /// let gens = BulletproofGens::new(64, 8);
    /// let bytes = gens.precompute_verifier(64, 8).unwrap();
    /// assert!(bytes > 0);
    /// assert_eq!(gens.table_bytes(), bytes);
    /// // Cached: a second call builds nothing.
    /// assert_eq!(gens.precompute_verifier(64, 8).unwrap(), bytes);
    /// assert_eq!(gens.table_bytes(), bytes);
    /// ```
    pub fn precompute_verifier(&self, n: usize, m: usize) -> Result<usize, ProofError> {
        crate::range_proof::check_shape(self, n, m, crate::range_proof::Variant::Dalek)?;
        Ok(self.table(n, m).map_or(0, |t| C::precomputation_bytes(&t)))
    }

    /// Memory held by the precomputed tables cached in these generators, in bytes:
    /// the verifier's of every shape verified or [prepared](Self::precompute_verifier)
    /// so far, and the prover's of every shape proved, within the caching limits
    /// ([`TABLE_MAX_LEN`], [`CT_TABLE_MAX_LEN`], [`FIRST_BLOCK_TABLE_MAX_LEN`]). A
    /// clone shares the tables cached before it was made, so each counts them. The
    /// process-wide comb tables of the default Pedersen bases (128 KiB on
    /// ristretto255) are not counted.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::BulletproofGens;
    /// let gens = BulletproofGens::new(64, 1);
    /// assert_eq!(gens.table_bytes(), 0);
    /// ```
    pub fn table_bytes(&self) -> usize {
        self.tables
            .lock()
            .iter()
            .map(|(_, t)| C::precomputation_bytes(t))
            .sum()
    }

    /// Precomputed tables over `G || H` (padded), cached per shape, for the verifier
    /// and for the first inner-product rounds of provers above [`TABLE_MAX_LEN`];
    /// `None` above [`Curve::VERIFIER_TABLE_MAX_LEN`].
    /// The generators are only gathered when the table is first built, so a cached
    /// lookup costs no copy. The caller has checked the shape against the capacity.
    pub(crate) fn table(&self, n: usize, m: usize) -> Option<Arc<C::Precomputation>> {
        self.cached_table(n, m, TableUse::Verifier)
    }

    /// The prover's tables over `G || H` (a curve may size them differently from the
    /// verifier's: [`Curve::precompute_for_prover`]); cached like [`Self::table`].
    pub(crate) fn prover_table(&self, n: usize, m: usize) -> Option<Arc<C::Precomputation>> {
        self.cached_table(n, m, TableUse::Prover)
    }

    /// Tables over `G || H` for the prover's first block of inner-product rounds in
    /// shapes above [`TABLE_MAX_LEN`]: the verifier's ([`Self::table`]) where they
    /// serve the rounds ([`Curve::precompute_serves_rounds`]), else tables of their
    /// own ([`Curve::precompute_first_block`], up to [`FIRST_BLOCK_TABLE_MAX_LEN`]),
    /// so that a prover never builds verifier tables it cannot use.
    pub(crate) fn first_block_table(&self, n: usize, m: usize) -> Option<Arc<C::Precomputation>> {
        if C::precompute_serves_rounds(2 * padded_len(n, m)) {
            self.table(n, m)
        } else {
            self.cached_table(n, m, TableUse::FirstBlock)
        }
    }

    /// The prover's constant-time tables over `G || H` ([`Curve::precompute_for_ct`]),
    /// cached like [`Self::table`]; `None` above [`CT_TABLE_MAX_LEN`] or if the curve
    /// has none.
    pub(crate) fn ct_table(&self, n: usize, m: usize) -> Option<Arc<C::Precomputation>> {
        self.cached_table(n, m, TableUse::ConstantTime)
    }

    fn cached_table(&self, n: usize, m: usize, use_: TableUse) -> Option<Arc<C::Precomputation>> {
        let limit = match use_ {
            TableUse::Verifier => C::VERIFIER_TABLE_MAX_LEN,
            TableUse::Prover => TABLE_MAX_LEN,
            TableUse::ConstantTime => CT_TABLE_MAX_LEN,
            TableUse::FirstBlock => FIRST_BLOCK_TABLE_MAX_LEN,
        };
        if padded_len(n, m) > limit {
            return None;
        }
        let key = (n, m, use_);
        let cached = |tables: &TableCache<C>| {
            tables
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, t)| t.clone())
        };
        if let Some(t) = cached(&self.tables.lock()) {
            return Some(t);
        }
        let (mut points, H) = self.padded_vectors(n, m);
        points.extend_from_slice(&H);
        let table = Arc::new(match use_ {
            TableUse::Verifier => C::precompute(&points),
            TableUse::Prover => C::precompute_for_prover(&points),
            TableUse::ConstantTime => C::precompute_for_ct(&points)?,
            TableUse::FirstBlock => C::precompute_first_block(&points),
        });
        // Another thread may have built the same table meanwhile: keep one.
        let mut tables = self.tables.lock();
        if let Some(t) = cached(&tables) {
            return Some(t);
        }
        tables.push((key, table.clone()));
        Some(table)
    }
}

/// The generators of one party (value slot) of an aggregated proof.
///
/// # Example
/// ```
/// use ballistic::ristretto::BulletproofGens;
/// let gens = BulletproofGens::new(8, 2);
/// assert_eq!(gens.share(1).G(8).count(), 8);
/// ```
pub struct BulletproofGensShare<'a, C: Curve> {
    gens: &'a BulletproofGens<C>,
    share: usize,
}

impl<'a, C: Curve> BulletproofGensShare<'a, C> {
    /// The first `n` `G` generators of this party.
    pub fn G(&self, n: usize) -> impl Iterator<Item = &'a C::Point> {
        self.gens.G_vec[self.share].iter().take(n)
    }
    /// The first `n` `H` generators of this party.
    pub fn H(&self, n: usize) -> impl Iterator<Item = &'a C::Point> {
        self.gens.H_vec[self.share].iter().take(n)
    }
}
