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

use crate::curve::{Curve, TableStrategy};
use crate::util::padded_len;
use crate::ProofError;
use zeroize::{Zeroize, Zeroizing};

/// Label of the chain of padding `G` generators.
pub const PADDING_G_LABEL: &[u8] = b"ballistic padding G";
/// Label of the chain of padding `H` generators.
pub const PADDING_H_LABEL: &[u8] = b"ballistic padding H";
pub use crate::curve::TABLE_MAX_LEN;
/// Largest vector length `N'` for which the prover caches the tables of its
/// constant-time `S = ρ·B̃ + <s_L, G> + <s_R, H>` ([`TableStrategy::precompute_for_ct`]:
/// eight odd multiples per generator on ristretto255, 1 KiB, so 4 MiB at
/// `N' = 2048`); above it `S` builds its tables per proof.
pub const CT_TABLE_MAX_LEN: usize = 2048;

/// Default budget, in bytes, of the tables [`BulletproofGens`] builds and caches on
/// its own (see [`BulletproofGens::set_table_budget`]): room for the verifier's and
/// the prover's tables of a few shapes (the largest single table is 32 MiB, a
/// prover's first block at `N' = 2048`; a 64-bit verifier's is 4 MiB).
pub const DEFAULT_TABLE_BUDGET: usize = 64 << 20;

/// Largest vector length `N'` for which a prover whose verifier tables do not serve
/// its rounds ([`TableStrategy::precompute_serves_rounds`]) caches tables of its own for
/// the first block of inner-product rounds ([`TableStrategy::precompute_first_block`]; on
/// ristretto255 width-8 NAF tables, 8 MiB at `N' = 512`, 16 MiB at `N' = 1024`,
/// 32 MiB at `N' = 2048`).
pub const FIRST_BLOCK_TABLE_MAX_LEN: usize = 2048;

/// Which generators an argument uses, in order: its vectors `G`, `H` of the padded
/// length `N'` (a power of two). Tables are cached per layout.
///
/// # Example
/// ```
/// use ballistic::generators::GeneratorLayout;
/// assert_eq!(GeneratorLayout::Parties { n: 48, m: 3 }.padded_len(), 256);
/// assert_eq!(GeneratorLayout::Prefix { len: 5 }.padded_len(), 8);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GeneratorLayout {
    /// `m` parties of `n` generators each, party-major: position `j·n + k` is party
    /// `j`'s generator `k` (on flat generators, generator `j·n + k`); positions
    /// `n·m .. N'` take the padding chains ([`PADDING_G_LABEL`],
    /// [`PADDING_H_LABEL`]; see `docs/padding.md`). Aggregated range proofs and
    /// their multi-party form use it.
    Parties {
        /// Generators per party (the bit width of a range proof).
        n: usize,
        /// Number of parties (values).
        m: usize,
    },
    /// Party 0's chain (the flat vectors on flat generators) through the whole
    /// padded length `N' = next_power_of_two(len)`, with no padding chains: the
    /// layout of dalek's arithmetic-circuit proofs.
    Prefix {
        /// The unpadded length.
        len: usize,
    },
    /// One party's generators in an aggregated proof of `n`-bit values, for a party
    /// that does not know how many parties there are: party `j`'s first `n`
    /// generators of `G` and of `H` ([`BulletproofGens::party_slice`]), not padded.
    /// A multi-party range-proof party caches the constant-time tables of its `S_j`
    /// under it; for the cache's size limits it counts as `n` rounded up to a power
    /// of two ([`GeneratorLayout::padded_len`]).
    Share {
        /// The party's index.
        j: usize,
        /// Generators per party (the bit width of a range proof).
        n: usize,
    },
}

impl GeneratorLayout {
    /// The padded length `N'` of the layout's vectors; `usize::MAX` if it overflows
    /// (no generators support such a layout). For [`GeneratorLayout::Share`], whose
    /// vectors are not padded, the length `n` rounded up to a power of two: the
    /// length class under which its tables are sized and limited.
    ///
    /// # Example
    /// ```
    /// use ballistic::generators::GeneratorLayout;
    /// assert_eq!(GeneratorLayout::Share { j: 3, n: 48 }.padded_len(), 64);
    /// ```
    pub fn padded_len(&self) -> usize {
        let unpadded = match *self {
            GeneratorLayout::Parties { n, m } => n.checked_mul(m),
            GeneratorLayout::Prefix { len } => Some(len),
            GeneratorLayout::Share { n, .. } => Some(n),
        };
        unpadded
            .and_then(usize::checked_next_power_of_two)
            .unwrap_or(usize::MAX)
    }
}

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

pub use crate::curve::MAX_EXTENSION_DEGREE;

/// Pedersen bases with several mask bases: commitments
/// `V = v·B + Σ_k γ_k·B̃_k` with `t` = [`ExtendedPedersenGens::extension_degree`]
/// masks, `1 <= t <=` [`MAX_EXTENSION_DEGREE`] (Bulletproofs+'s "extended
/// commitments"; `t = 1` is an ordinary Pedersen commitment).
///
/// # Example
/// ```
/// use ballistic::generators::ExtendedPedersenGens;
/// use ballistic::curve::{Curve, ristretto::Ristretto};
/// let (b, b1) = Ristretto::default_pedersen_api();
/// let pc = ExtendedPedersenGens::<Ristretto>::new(b, &[b1])?;
/// let s = |x: u64| ballistic::curve25519_dalek::scalar::Scalar::from(x);
/// assert_eq!(pc.commit(s(5), &[s(7)])?, b * s(5) + b1 * s(7));
/// # Ok::<(), ballistic::ProofError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtendedPedersenGens<C: Curve> {
    B: C::Point,
    masks: Vec<C::Point>,
    /// The encodings of `B` and of the mask bases, computed once (every proof's
    /// transcript absorbs them).
    B_enc: C::Encoding,
    mask_enc: Vec<C::Encoding>,
}

impl<C: Curve> ExtendedPedersenGens<C> {
    /// Bases with the value base `B` and the mask bases `masks`.
    ///
    /// # Errors
    /// [`ProofError::InvalidExtensionDegree`] unless `1 <= masks.len() <=`
    /// [`MAX_EXTENSION_DEGREE`].
    pub fn new(B: C::ApiPoint, masks: &[C::ApiPoint]) -> Result<Self, ProofError> {
        Self::from_points(
            C::point_from_api(&B),
            masks.iter().map(C::point_from_api).collect(),
        )
    }

    /// The curve's default Bulletproofs+ bases with `t` mask bases
    /// ([`Curve::default_mask_bases`]): on ristretto255 Tari's, on secp256k1 the
    /// blinding base `G` and a chain after it. The facades' `bp_plus::pedersen_gens`.
    ///
    /// # Errors
    /// [`ProofError::InvalidExtensionDegree`] unless `1 <= t <=`
    /// [`MAX_EXTENSION_DEGREE`].
    ///
    /// # Example
    /// ```
    /// use ballistic::curve::ristretto::Ristretto;
    /// use ballistic::generators::ExtendedPedersenGens;
    /// assert_eq!(ExtendedPedersenGens::<Ristretto>::default_for_degree(2)?.extension_degree(), 2);
    /// assert!(ExtendedPedersenGens::<Ristretto>::default_for_degree(0).is_err());
    /// # Ok::<(), ballistic::ProofError>(())
    /// ```
    pub fn default_for_degree(t: usize) -> Result<Self, ProofError> {
        let masks = C::default_mask_bases(t).ok_or(ProofError::InvalidExtensionDegree)?;
        Self::from_points(C::default_pedersen_bases().0, masks)
    }

    pub(crate) fn from_points(B: C::Point, masks: Vec<C::Point>) -> Result<Self, ProofError> {
        if masks.is_empty() || masks.len() > MAX_EXTENSION_DEGREE {
            return Err(ProofError::InvalidExtensionDegree);
        }
        let B_enc = C::encode_vartime(&B);
        let mask_enc = masks.iter().map(C::encode_vartime).collect();
        Ok(ExtendedPedersenGens {
            B,
            masks,
            B_enc,
            mask_enc,
        })
    }

    /// The number of mask bases `t`.
    pub fn extension_degree(&self) -> usize {
        self.masks.len()
    }

    /// The value base `B`.
    pub fn value_base(&self) -> C::ApiPoint {
        C::point_to_api(&self.B)
    }

    /// The mask bases `B̃_0 … B̃_{t−1}`.
    pub fn mask_bases(&self) -> Vec<C::ApiPoint> {
        self.masks.iter().map(C::point_to_api).collect()
    }

    /// The commitment `value·B + Σ_k masks[k]·B̃_k` (constant time).
    ///
    /// # Errors
    /// [`ProofError::WrongNumBlindingFactors`] unless there is one mask per base.
    pub fn commit(
        &self,
        value: C::ApiScalar,
        masks: &[C::ApiScalar],
    ) -> Result<C::ApiPoint, ProofError> {
        if masks.len() != self.masks.len() {
            return Err(ProofError::WrongNumBlindingFactors);
        }
        let mut s: Zeroizing<Vec<C::Scalar>> = Zeroizing::new(Vec::with_capacity(1 + masks.len()));
        s.push(C::scalar_from_api(&value));
        s.extend(masks.iter().map(C::scalar_from_api));
        Ok(C::point_to_api(&self.commit_scalars(&s)))
    }

    /// `s[0]·B + Σ_k s[1 + k]·B̃_k` in constant time.
    pub(crate) fn commit_scalars(&self, s: &[C::Scalar]) -> C::Point {
        let mut pts: Vec<C::Point> = Vec::with_capacity(1 + self.masks.len());
        pts.push(self.B);
        pts.extend_from_slice(&self.masks);
        C::pedersen_mul(s, &pts)
    }

    /// The bases as protocol points.
    pub(crate) fn bases(&self) -> (C::Point, &[C::Point]) {
        (self.B, &self.masks)
    }

    /// The encodings of `B` and of the mask bases.
    pub(crate) fn encodings(&self) -> (&C::Encoding, &[C::Encoding]) {
        (&self.B_enc, &self.mask_enc)
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
    /// Precomputed tables: those of [`Self::precompute_verifier`] (kept), and those
    /// built on demand within [`Self::table_budget`] (least recently used evicted).
    tables: Mutex<TableCache<C>>,
}

/// What a cached table is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TableUse {
    /// [`Curve::precompute`], for the verifier.
    Verifier,
    /// [`TableStrategy::precompute_for_prover`], the prover's inner-product rounds.
    Prover,
    /// [`TableStrategy::precompute_for_ct`], the prover's constant-time `S`.
    ConstantTime,
    /// [`TableStrategy::precompute_first_block`], the prover's first block of rounds where
    /// the verifier's tables do not serve it.
    FirstBlock,
}

impl TableUse {
    const ALL: [TableUse; 4] = [
        TableUse::Verifier,
        TableUse::Prover,
        TableUse::ConstantTime,
        TableUse::FirstBlock,
    ];
}

/// A cached table of one layout and use.
struct CachedTable<C: Curve> {
    key: (GeneratorLayout, TableUse),
    table: Arc<C::Precomputation>,
    bytes: usize,
    /// Built by [`BulletproofGens::precompute_verifier`]: kept for good, outside the
    /// budget.
    pinned: bool,
    /// The cache's clock at the last lookup (least recently used goes first).
    last_use: u64,
}

impl<C: Curve> Clone for CachedTable<C> {
    fn clone(&self) -> Self {
        CachedTable {
            key: self.key,
            table: self.table.clone(),
            bytes: self.bytes,
            pinned: self.pinned,
            last_use: self.last_use,
        }
    }
}

/// The table cache of a [`BulletproofGens`]: pinned tables, and tables built on
/// demand whose bytes stay within `budget` (least recently used evicted first).
struct TableCache<C: Curve> {
    entries: Vec<CachedTable<C>>,
    clock: u64,
    budget: usize,
    /// The bytes of a table of each use and padded length `2^k` (index
    /// `[use][k]`; 0 until one was built): a table larger than the budget is then
    /// never built again, and room is made before building one that fits.
    sizes: [[usize; 64]; 4],
}

impl<C: Curve> Clone for TableCache<C> {
    fn clone(&self) -> Self {
        TableCache {
            entries: self.entries.clone(),
            clock: self.clock,
            budget: self.budget,
            sizes: self.sizes,
        }
    }
}

impl<C: Curve> TableCache<C> {
    fn new() -> Self {
        TableCache {
            entries: Vec::new(),
            clock: 0,
            budget: DEFAULT_TABLE_BUDGET,
            sizes: [[0; 64]; 4],
        }
    }

    /// The cached table of `key`, marked as just used.
    fn lookup(&mut self, key: (GeneratorLayout, TableUse)) -> Option<&mut CachedTable<C>> {
        self.clock += 1;
        let clock = self.clock;
        let e = self.entries.iter_mut().find(|e| e.key == key)?;
        e.last_use = clock;
        Some(e)
    }

    /// The bytes held by the tables that count toward the budget.
    fn unpinned_bytes(&self) -> usize {
        self.entries
            .iter()
            .filter(|e| !e.pinned)
            .map(|e| e.bytes)
            .sum()
    }

    /// Evicts unpinned tables, least recently used first, until `extra` more bytes
    /// fit in the budget; `false` if they cannot fit even then.
    fn make_room(&mut self, extra: usize) -> bool {
        if extra > self.budget {
            return false;
        }
        while self.unpinned_bytes() + extra > self.budget {
            let oldest = self
                .entries
                .iter()
                .enumerate()
                .filter(|(_, e)| !e.pinned)
                .min_by_key(|(_, e)| e.last_use)
                .map(|(i, _)| i);
            match oldest {
                Some(i) => {
                    self.entries.swap_remove(i);
                }
                None => return false,
            }
        }
        true
    }

    fn size_slot(&mut self, use_: TableUse, len: usize) -> Option<&mut usize> {
        let u = TableUse::ALL.iter().position(|x| *x == use_)?;
        self.sizes
            .get_mut(u)?
            .get_mut(len.trailing_zeros() as usize)
    }
}

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
            tables: Mutex::new(TableCache::new()),
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
            tables: Mutex::new(TableCache::new()),
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

    /// Checks `m` parties of `n` generators each against the limits
    /// ([`crate::MAX_BITS`], [`crate::MAX_AGGREGATION`]) and these generators'
    /// capacity; returns the padded length `N'`. Every `n ≤ 64` and `m` are accepted
    /// (secp256k1-zkp itself only has `n·m` a power of two; other shapes use the
    /// padding rule of `docs/padding.md`).
    pub(crate) fn check_parties(&self, n: usize, m: usize) -> Result<usize, ProofError> {
        if n == 0 || n > crate::MAX_BITS {
            return Err(ProofError::InvalidBitsize);
        }
        if m == 0 || m > crate::MAX_AGGREGATION {
            return Err(ProofError::InvalidAggregation);
        }
        if !self.supports(n, m) {
            return Err(ProofError::InvalidGeneratorsLength);
        }
        Ok(padded_len(n, m))
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

    /// Whether these generators hold every generator of `layout`.
    pub fn supports_layout(&self, layout: GeneratorLayout) -> bool {
        match layout {
            GeneratorLayout::Parties { n, m } => self.supports(n, m),
            GeneratorLayout::Prefix { len } => {
                self.party_capacity >= 1
                    && GeneratorLayout::Prefix { len }.padded_len() <= self.gens_capacity
            }
            GeneratorLayout::Share { j, n } => self.party_slice(n, j).is_some(),
        }
    }

    /// Party `j`'s generators in an aggregated proof of `n`-bit values, `(G, H)`
    /// with `n` points each: the first `n` of the chains `"G" || le32(j)` and
    /// `"H" || le32(j)` (dalek's `share(j)`), or positions `j·n .. (j+1)·n` of flat
    /// generators ([`Self::from_flat_vectors`]). They are the positions
    /// `j·n .. (j+1)·n` of [`GeneratorLayout::Parties`] for any number of parties
    /// above `j`, so a party needs only these. `None` if the generators do not hold
    /// them (`n > gens_capacity` or `j >= party_capacity`; `(j+1)·n > gens_capacity`
    /// on flat generators) or if `n == 0`.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::BulletproofGens;
    /// let gens = BulletproofGens::new(16, 4);
    /// let (g, h) = gens.party_slice(8, 2).unwrap();
    /// assert_eq!((g.len(), h.len()), (8, 8));
    /// assert!(g.iter().eq(gens.G(8, 4).skip(16).take(8)));
    /// assert!(gens.party_slice(8, 4).is_none());
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn party_slice(&self, n: usize, j: usize) -> Option<(&[C::Point], &[C::Point])> {
        if n == 0 {
            return None;
        }
        let (range, chain) = if self.flat {
            let start = j.checked_mul(n)?;
            (start..start.checked_add(n)?, 0)
        } else {
            (0..n, j)
        };
        if range.end > self.gens_capacity {
            return None;
        }
        let G = self.G_vec.get(chain)?.get(range.clone())?;
        let H = self.H_vec.get(chain)?.get(range)?;
        Some((G, H))
    }

    /// The vectors `G`, `H` of `layout`, of its padded length `N'`. The caller has
    /// checked [`Self::supports_layout`].
    pub(crate) fn vectors(&self, layout: GeneratorLayout) -> (Vec<C::Point>, Vec<C::Point>) {
        match layout {
            GeneratorLayout::Parties { n, m } => {
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
            GeneratorLayout::Prefix { len } => {
                let np = len.next_power_of_two();
                let take = |v: &[Vec<C::Point>]| -> Vec<C::Point> {
                    v.first()
                        .map(|chain| chain.iter().take(np).copied().collect())
                        .unwrap_or_default()
                };
                (take(&self.G_vec), take(&self.H_vec))
            }
            GeneratorLayout::Share { j, n } => self
                .party_slice(n, j)
                .map(|(G, H)| (G.to_vec(), H.to_vec()))
                .unwrap_or_default(),
        }
    }

    /// Builds now the verifier's precomputed tables for proofs of `m` values of `n`
    /// bits, unless they are cached already, keeps them for the life of these
    /// generators (outside the [budget](Self::set_table_budget)), and returns the
    /// bytes they hold: `0` for a shape verified without tables (more than
    /// [`TableStrategy::VERIFIER_TABLE_MAX_LEN`] generators after padding). Batches of one
    /// shape use the same tables, except on flat generators
    /// ([`Self::from_flat_vectors`], secp256k1-zkp's), whose batches take the
    /// generic multiscalar multiplication.
    ///
    /// A node registers here the shapes it expects. Other shapes get their tables
    /// only after a proof of that shape has verified (see
    /// [`Self::set_table_budget`]), so invalid proofs never cost table memory.
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
        self.check_parties(n, m)?;
        Ok(self
            .get_or_build(
                (GeneratorLayout::Parties { n, m }, TableUse::Verifier),
                true,
            )
            .map_or(0, |t| C::precomputation_bytes(&t)))
    }

    /// Sets the budget, in bytes, of the tables these generators build on demand
    /// (default [`DEFAULT_TABLE_BUDGET`], 64 MiB), evicting the least recently used
    /// ones at once if they hold more. Tables built by
    /// [`Self::precompute_verifier`] are kept and do not count.
    ///
    /// On demand means: the verifier's tables of a shape after a proof of that shape
    /// has verified without them (by the generic multiscalar multiplication; a
    /// proof that fails never causes a table to be built), and the prover's tables
    /// of the shapes it proves. When a new table would exceed the budget, the least
    /// recently used tables are evicted first; a table larger than the whole budget
    /// is not kept (nor, once its size is known, built). A budget of 0 turns
    /// tables on demand off: only registered shapes use tables.
    ///
    /// At rest the cached tables hold at most the budget plus the registered
    /// tables; while a table is built, or used by a verification after its
    /// eviction, it occupies memory beside them.
    ///
    /// # Example
    /// ```
    /// use ballistic::ristretto::BulletproofGens;
    /// let gens = BulletproofGens::new(64, 8);
    /// gens.set_table_budget(16 << 20); // 16 MiB for shapes not registered
    /// let pinned = gens.precompute_verifier(64, 1).unwrap();
    /// gens.set_table_budget(0); // registered shapes only
    /// assert_eq!(gens.table_bytes(), pinned);
    /// assert_eq!(gens.table_budget(), 0);
    /// ```
    pub fn set_table_budget(&self, bytes: usize) {
        let mut cache = self.tables.lock();
        cache.budget = bytes;
        cache.make_room(0);
    }

    /// The budget of the tables built on demand ([`Self::set_table_budget`]).
    pub fn table_budget(&self) -> usize {
        self.tables.lock().budget
    }

    /// Memory held by the precomputed tables cached in these generators, in bytes:
    /// the verifier's of the shapes [registered](Self::precompute_verifier) and of
    /// the shapes verified so far, and the prover's of the shapes proved, within the
    /// caching limits ([`TABLE_MAX_LEN`], [`CT_TABLE_MAX_LEN`],
    /// [`FIRST_BLOCK_TABLE_MAX_LEN`]) and the [budget](Self::set_table_budget). A
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
        self.tables.lock().entries.iter().map(|e| e.bytes).sum()
    }

    /// The verifier's cached tables over `G || H` (padded) of a shape, if any: a
    /// lookup that never builds (see [`Self::admit_verifier_table`]).
    pub(crate) fn verifier_table(&self, layout: GeneratorLayout) -> Option<Arc<C::Precomputation>> {
        self.tables
            .lock()
            .lookup((layout, TableUse::Verifier))
            .map(|e| e.table.clone())
    }

    /// Called after a proof of shape `(n, m)` verified without tables: builds and
    /// caches the shape's verifier tables if they fit in the budget.
    pub(crate) fn admit_verifier_table(&self, layout: GeneratorLayout) {
        let _ = self.get_or_build((layout, TableUse::Verifier), false);
    }

    /// One verification of a proof of shape `layout`: `check` over the shape's cached
    /// verifier tables if there are some, and, when it passed without them, the
    /// shape's tables admitted (they are built only once a proof of it has verified).
    pub(crate) fn verify_over_tables(
        &self,
        layout: GeneratorLayout,
        check: impl FnOnce(Option<Arc<C::Precomputation>>) -> Result<(), ProofError>,
    ) -> Result<(), ProofError> {
        let tables = self.verifier_table(layout);
        let with_tables = tables.is_some();
        check(tables)?;
        if !with_tables {
            self.admit_verifier_table(layout);
        }
        Ok(())
    }

    /// The prover's tables over `G || H` (a curve may size them differently from the
    /// verifier's: [`TableStrategy::precompute_for_prover`]), built on demand within the
    /// budget.
    pub(crate) fn prover_table(&self, layout: GeneratorLayout) -> Option<Arc<C::Precomputation>> {
        self.get_or_build((layout, TableUse::Prover), false)
    }

    /// Tables over `G || H` for the prover's first block of inner-product rounds in
    /// shapes above [`TABLE_MAX_LEN`]: the verifier's where they serve the rounds
    /// ([`TableStrategy::precompute_serves_rounds`]), else tables of their own
    /// ([`TableStrategy::precompute_first_block`], up to [`FIRST_BLOCK_TABLE_MAX_LEN`]), so
    /// that a prover never builds verifier tables it cannot use.
    pub(crate) fn first_block_table(
        &self,
        layout: GeneratorLayout,
    ) -> Option<Arc<C::Precomputation>> {
        let use_ = if C::Strategy::precompute_serves_rounds(2 * layout.padded_len()) {
            TableUse::Verifier
        } else {
            TableUse::FirstBlock
        };
        self.get_or_build((layout, use_), false)
    }

    /// The prover's constant-time tables over `G || H` ([`TableStrategy::precompute_for_ct`]),
    /// built on demand within the budget; `None` above [`CT_TABLE_MAX_LEN`] or if
    /// the curve has none.
    pub(crate) fn ct_table(&self, layout: GeneratorLayout) -> Option<Arc<C::Precomputation>> {
        self.get_or_build((layout, TableUse::ConstantTime), false)
    }

    /// The table of `key`, from the cache or built now; `pinned` keeps it outside
    /// the budget. `None` above the use's length limit, or if an unpinned table is
    /// known to exceed the budget. A table built here that does not fit the budget is
    /// returned for this use and not kept. The generators are only gathered when a
    /// table is built, so a cached lookup costs no copy. The caller has checked the
    /// shape against the capacity.
    fn get_or_build(
        &self,
        key: (GeneratorLayout, TableUse),
        pinned: bool,
    ) -> Option<Arc<C::Precomputation>> {
        let (layout, use_) = key;
        let limit = match use_ {
            TableUse::Verifier => C::Strategy::VERIFIER_TABLE_MAX_LEN,
            TableUse::Prover => TABLE_MAX_LEN,
            TableUse::ConstantTime => CT_TABLE_MAX_LEN,
            TableUse::FirstBlock => FIRST_BLOCK_TABLE_MAX_LEN,
        };
        let len = layout.padded_len();
        if len > limit {
            return None;
        }
        // A cached table (pinned now if asked), or room made for a new one of known
        // size; tables known not to fit are not built.
        let cached = |cache: &mut TableCache<C>| {
            cache.lookup(key).map(|e| {
                e.pinned |= pinned;
                e.table.clone()
            })
        };
        {
            let mut cache = self.tables.lock();
            if let Some(t) = cached(&mut cache) {
                return Some(t);
            }
            let known = cache.size_slot(use_, len).map_or(0, |s| *s);
            if !pinned && known > 0 && !cache.make_room(known) {
                return None;
            }
        }
        let (mut points, H) = self.vectors(layout);
        points.extend_from_slice(&H);
        let table = Arc::new(match use_ {
            TableUse::Verifier => C::precompute(&points),
            TableUse::Prover => C::Strategy::precompute_for_prover(&points),
            TableUse::ConstantTime => C::Strategy::precompute_for_ct(&points)?,
            TableUse::FirstBlock => C::Strategy::precompute_first_block(&points),
        });
        drop(points);
        let bytes = C::precomputation_bytes(&table);
        let mut cache = self.tables.lock();
        if let Some(slot) = cache.size_slot(use_, len) {
            *slot = bytes;
        }
        // Another thread may have built the same table meanwhile: keep one.
        if let Some(t) = cached(&mut cache) {
            return Some(t);
        }
        if pinned || cache.make_room(bytes) {
            let last_use = cache.clock;
            cache.entries.push(CachedTable {
                key,
                table: table.clone(),
                bytes,
                pinned,
                last_use,
            });
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curve::ristretto::Ristretto;

    /// Each layout gathers the generators its documentation names, in order.
    #[test]
    fn layouts_gather_their_generators() {
        let gens = BulletproofGens::<Ristretto>::new(16, 4);
        let chain = |j: usize, k: usize| -> (Vec<_>, Vec<_>) {
            (
                gens.share(j).G(k).copied().collect(),
                gens.share(j).H(k).copied().collect(),
            )
        };
        // Three parties of three, then seven padding positions.
        let (G, H) = gens.vectors(GeneratorLayout::Parties { n: 3, m: 3 });
        assert_eq!((G.len(), H.len()), (16, 16));
        for j in 0..3 {
            let (g, h) = chain(j, 3);
            assert_eq!(G[3 * j..3 * j + 3], g[..]);
            assert_eq!(H[3 * j..3 * j + 3], h[..]);
        }
        let (pg, ph) = gens.padding_generators(7);
        assert_eq!((&G[9..], &H[9..]), (&pg[..], &ph[..]));
        // Party 0's chain through the padded length.
        let (G, H) = gens.vectors(GeneratorLayout::Prefix { len: 5 });
        assert_eq!((G, H), chain(0, 8));
        assert!(gens.supports_layout(GeneratorLayout::Prefix { len: 16 }));
        assert!(!gens.supports_layout(GeneratorLayout::Prefix { len: 17 }));
        assert!(gens.supports_layout(GeneratorLayout::Parties { n: 16, m: 4 }));
        assert!(!gens.supports_layout(GeneratorLayout::Parties { n: 16, m: 5 }));
        // Lengths that overflow are unsupported, never a panic.
        assert!(!gens.supports_layout(GeneratorLayout::Prefix { len: usize::MAX }));
        assert_eq!(
            GeneratorLayout::Parties {
                n: usize::MAX,
                m: 2
            }
            .padded_len(),
            usize::MAX
        );
        // Flat generators: the prefix of the flat vectors.
        let flat = BulletproofGens::<Ristretto>::from_flat_vectors(
            Ristretto::generator_chain(b"flat G", 8),
            Ristretto::generator_chain(b"flat H", 8),
        );
        let (G, _) = flat.vectors(GeneratorLayout::Prefix { len: 8 });
        assert_eq!(G, Ristretto::generator_chain(b"flat G", 8));
        let (G, _) = flat.vectors(GeneratorLayout::Parties { n: 2, m: 3 });
        assert_eq!(G[..6], Ristretto::generator_chain(b"flat G", 6)[..]);
    }

    /// A party's slice is its positions in every aggregate that contains it, on
    /// chained and flat generators; out-of-capacity slices are `None`.
    #[test]
    fn party_slices_are_the_parties_positions() {
        let gens = BulletproofGens::<Ristretto>::new(16, 5);
        for (n, m) in [(1, 5), (7, 3), (16, 5)] {
            let (G, H) = gens.vectors(GeneratorLayout::Parties { n, m });
            for j in 0..m {
                let (g, h) = gens.party_slice(n, j).unwrap();
                assert_eq!((&G[j * n..(j + 1) * n], &H[j * n..(j + 1) * n]), (g, h));
                let layout = GeneratorLayout::Share { j, n };
                assert!(gens.supports_layout(layout));
                assert_eq!(gens.vectors(layout), (g.to_vec(), h.to_vec()));
            }
        }
        assert!(gens.party_slice(17, 0).is_none());
        assert!(gens.party_slice(8, 5).is_none());
        assert!(gens.party_slice(0, 0).is_none());
        assert!(!gens.supports_layout(GeneratorLayout::Share { j: 5, n: 8 }));
        assert_eq!(GeneratorLayout::Share { j: 0, n: 33 }.padded_len(), 64);

        let flat = BulletproofGens::<Ristretto>::from_flat_vectors(
            Ristretto::generator_chain(b"flat G", 16),
            Ristretto::generator_chain(b"flat H", 16),
        );
        let (G, H) = flat.vectors(GeneratorLayout::Parties { n: 4, m: 4 });
        let (g, h) = flat.party_slice(4, 3).unwrap();
        assert_eq!((&G[12..16], &H[12..16]), (g, h));
        assert!(flat.party_slice(4, 4).is_none());
        assert!(flat.party_slice(usize::MAX, 2).is_none());
    }

    /// A party's constant-time tables are cached per party within the budget, and
    /// none is kept under a zero budget.
    #[test]
    fn share_tables_are_cached_within_the_budget() {
        let gens = BulletproofGens::<Ristretto>::new(8, 4);
        let layout = GeneratorLayout::Share { j: 1, n: 8 };
        let Some(t) = gens.ct_table(layout) else {
            // The curve has no constant-time tables: nothing is cached.
            assert_eq!(gens.table_bytes(), 0);
            return;
        };
        let bytes = Ristretto::precomputation_bytes(&t);
        assert!(bytes > 0);
        assert_eq!(gens.table_bytes(), bytes);
        let again = gens.ct_table(layout).unwrap();
        assert!(Arc::ptr_eq(&t, &again));
        gens.ct_table(GeneratorLayout::Share { j: 2, n: 8 })
            .unwrap();
        assert_eq!(gens.table_bytes(), 2 * bytes);
        // Within a budget of one table, the least recently used is evicted.
        gens.set_table_budget(bytes);
        assert_eq!(gens.table_bytes(), bytes);
        // A zero budget: no table is kept, and none of a known size is built.
        gens.set_table_budget(0);
        assert_eq!(gens.table_bytes(), 0);
        assert!(gens.ct_table(layout).is_none());
        assert_eq!(gens.table_bytes(), 0);
    }
}
