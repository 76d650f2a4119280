//! Per-process caches shared by every call and thread: generators and
//! Bulletproofs+ bases, each bounded by a named limit.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use ballistic::curve::secp256k1::Point;
use ballistic::curve::Curve as CurveOps;
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens, MAX_EXTENSION_DEGREE};
use ballistic::ristretto::Ristretto;
use ballistic::secp256k1::Secp256k1;

use crate::Error;

/// The verifier-table budget of each cached generator set, in bytes (the tables of
/// one 64-bit shape take about 4 MiB): with two party-layout sets and at most
/// `1 + ZKP_SETS_CACHED` secp256k1-zkp sets, tables never exceed 160 MiB in all.
pub const TABLE_BUDGET: usize = 32 << 20;

/// The number of secp256k1-zkp generator sets larger than Grin's kept besides it
/// (least recently used evicted): each shape above two 64-bit values has its own
/// set (the split into `G` and `H` depends on the size).
pub const ZKP_SETS_CACHED: usize = 2;

/// Locks `m`, recovering the data from a poisoned lock (the caches hold only
/// completed values, never a half-written one).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A party-layout generator set of one curve, grown on demand.
struct PartySets<C: CurveOps> {
    current: Mutex<Option<Arc<BulletproofGens<C>>>>,
}

impl<C: CurveOps> PartySets<C> {
    const fn new() -> Self {
        PartySets {
            current: Mutex::new(None),
        }
    }

    /// A set with 64 generators per party for at least `m` parties (`1 <= m <=`
    /// [`crate::MAX_VALUES`], checked by the caller): the cached one, or a new one of
    /// `m.next_power_of_two()` parties that replaces it. A party's generators do not
    /// depend on the set's size, so one set serves every smaller shape.
    fn get(&self, m: usize) -> Arc<BulletproofGens<C>> {
        if let Some(gens) = lock(&self.current).as_ref() {
            if gens.party_capacity >= m {
                return Arc::clone(gens);
            }
        }
        // Built outside the lock: a large set takes a second.
        let gens = Arc::new(BulletproofGens::<C>::new(
            ballistic::MAX_BITS,
            m.next_power_of_two(),
        ));
        gens.set_table_budget(TABLE_BUDGET);
        let mut current = lock(&self.current);
        match current.as_ref() {
            // Another thread built a set at least as large meanwhile.
            Some(other) if other.party_capacity >= gens.party_capacity => Arc::clone(other),
            _ => {
                *current = Some(Arc::clone(&gens));
                gens
            }
        }
    }
}

static RISTRETTO_GENS: PartySets<Ristretto> = PartySets::new();
static SECP256K1_GENS: PartySets<Secp256k1> = PartySets::new();

/// The ristretto255 generators (dalek's party layout) for proofs of up to `m` values.
pub(crate) fn ristretto_gens(m: usize) -> Arc<BulletproofGens<Ristretto>> {
    RISTRETTO_GENS.get(m)
}

/// The secp256k1 party-layout generators (Bulletproofs+) for up to `m` values.
pub(crate) fn secp256k1_gens(m: usize) -> Arc<BulletproofGens<Secp256k1>> {
    SECP256K1_GENS.get(m)
}

/// The secp256k1-zkp sets: Grin's, and up to [`ZKP_SETS_CACHED`] others.
struct ZkpSets {
    grin: Option<Arc<BulletproofGens<Secp256k1>>>,
    /// `(count, set)`, most recently used last.
    others: Vec<(usize, Arc<BulletproofGens<Secp256k1>>)>,
}

static ZKP_SETS: Mutex<ZkpSets> = Mutex::new(ZkpSets {
    grin: None,
    others: Vec::new(),
});

/// secp256k1-zkp's generator chain `𝔊[0..len)`, grown to the largest count asked
/// for (at most [`crate::MAX_GENERATORS`] points). `𝔊[k]` depends only on `k`, so
/// the set of any count is a slice of it: the chain is the only hash-to-curve work,
/// done once per doubling, and a set of a count the cache does not hold costs a
/// copy of its points, however the counts vary.
static ZKP_CHAIN: Mutex<Option<Arc<Vec<Point>>>> = Mutex::new(None);

/// How many times [`zkp_chain`] has computed the chain (for the tests).
static ZKP_CHAIN_BUILDS: AtomicUsize = AtomicUsize::new(0);

/// The chain with at least `count` generators: the cached one, or a new one of
/// `count` rounded up to a power of two (at least Grin's 256, at most
/// [`crate::MAX_GENERATORS`]) that replaces it. Built under the lock, so that
/// threads asking at once wait for one build instead of each making its own.
fn zkp_chain(count: usize) -> Arc<Vec<Point>> {
    let mut chain = lock(&ZKP_CHAIN);
    if let Some(c) = chain.as_ref() {
        if c.len() >= count {
            return Arc::clone(c);
        }
    }
    let len = count
        .max(ballistic::secp256k1::GRIN_GENERATORS)
        .next_power_of_two()
        .min(crate::MAX_GENERATORS.max(count));
    ZKP_CHAIN_BUILDS.fetch_add(1, Ordering::Relaxed);
    let c = Arc::new(ballistic::curve::secp256k1::zkp_generators::generators(len));
    *chain = Some(Arc::clone(&c));
    c
}

/// secp256k1-zkp's generator set of `count` generators (a statement's
/// [`crate::Params::generator_count`], checked against [`crate::MAX_GENERATORS`]):
/// `G = 𝔊[0..count/2)`, `H = 𝔊[count/2..count)`, as
/// `secp256k1_bulletproof_generators_create` splits them.
pub(crate) fn zkp_gens(count: usize) -> Arc<BulletproofGens<Secp256k1>> {
    let grin = count == ballistic::secp256k1::GRIN_GENERATORS;
    {
        let mut sets = lock(&ZKP_SETS);
        if grin {
            if let Some(g) = &sets.grin {
                return Arc::clone(g);
            }
        } else if let Some(pos) = sets.others.iter().position(|(c, _)| *c == count) {
            let entry = sets.others.remove(pos);
            let gens = Arc::clone(&entry.1);
            sets.others.push(entry);
            return gens;
        }
    }
    let chain = zkp_chain(count);
    let points = chain.get(..count).unwrap_or(&chain[..]);
    let (g, h) = points.split_at(count / 2);
    let gens = Arc::new(BulletproofGens::from_flat_vectors(g.to_vec(), h.to_vec()));
    gens.set_table_budget(TABLE_BUDGET);
    let mut sets = lock(&ZKP_SETS);
    if grin {
        sets.grin = Some(Arc::clone(&gens));
    } else if !sets.others.iter().any(|(c, _)| *c == count) {
        if sets.others.len() >= ZKP_SETS_CACHED {
            sets.others.remove(0);
        }
        sets.others.push((count, Arc::clone(&gens)));
    }
    gens
}

/// The Bulletproofs+ bases of each extension degree, built once.
struct PlusBases<C: CurveOps> {
    degrees: [OnceLock<ExtendedPedersenGens<C>>; MAX_EXTENSION_DEGREE],
}

impl<C: CurveOps> PlusBases<C> {
    const fn new() -> Self {
        PlusBases {
            degrees: [const { OnceLock::new() }; MAX_EXTENSION_DEGREE],
        }
    }

    /// The bases of extension degree `t` from `make`, built on first use.
    fn get(
        &self,
        t: usize,
        make: fn(usize) -> Result<ExtendedPedersenGens<C>, ballistic::ProofError>,
    ) -> Result<&ExtendedPedersenGens<C>, Error> {
        let slot = t
            .checked_sub(1)
            .and_then(|k| self.degrees.get(k))
            .ok_or_else(|| {
                Error::argument(format!(
                    "extension degree {t}: must be in 1..={MAX_EXTENSION_DEGREE}"
                ))
            })?;
        if let Some(bases) = slot.get() {
            return Ok(bases);
        }
        let bases = make(t).map_err(|e| Error::argument(format!("extension degree {t}: {e}")))?;
        Ok(slot.get_or_init(|| bases))
    }
}

static RISTRETTO_PLUS: PlusBases<Ristretto> = PlusBases::new();
static SECP256K1_PLUS: PlusBases<Secp256k1> = PlusBases::new();

/// Tari's Bulletproofs+ bases of extension degree `t` on ristretto255.
pub(crate) fn ristretto_plus_bases(
    t: usize,
) -> Result<&'static ExtendedPedersenGens<Ristretto>, Error> {
    RISTRETTO_PLUS.get(t, ballistic::ristretto::bp_plus::pedersen_gens)
}

/// ballistic's Bulletproofs+ bases of extension degree `t` on secp256k1.
pub(crate) fn secp256k1_plus_bases(
    t: usize,
) -> Result<&'static ExtendedPedersenGens<Secp256k1>, Error> {
    SECP256K1_PLUS.get(t, ballistic::secp256k1::bp_plus::pedersen_gens)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorCode;

    #[test]
    fn party_sets_grow_and_are_shared() {
        let small = secp256k1_gens(1);
        let again = secp256k1_gens(1);
        assert!(Arc::ptr_eq(&small, &again) || again.party_capacity >= 1);
        let big = secp256k1_gens(3);
        assert!(big.party_capacity >= 4 && big.supports(64, 3));
        assert!(secp256k1_gens(2).party_capacity >= 4);
        assert_eq!(big.table_budget(), TABLE_BUDGET);
    }

    #[test]
    fn zkp_sets_are_bounded() {
        for count in [256, 512, 1024, 2048, 512] {
            let g = zkp_gens(count);
            assert!(g.supports(count / 2, 1));
        }
        let sets = lock(&ZKP_SETS);
        assert!(sets.others.len() <= ZKP_SETS_CACHED);
        assert!(sets.grin.is_some());
        assert_eq!(sets.others.last().map(|(c, _)| *c), Some(512));
    }

    /// Counts that vary from call to call (each a new set) never repeat the
    /// hash-to-curve work: the chain is built once per doubling of the largest count,
    /// and every set is the C library's for its count.
    #[test]
    fn varied_generator_counts_reuse_one_chain() {
        let before = ZKP_CHAIN_BUILDS.load(Ordering::Relaxed);
        for round in 0..3 {
            for count in (258..=300).step_by(2) {
                let g = zkp_gens(count);
                assert_eq!(g.party_capacity, 1);
                if round == 0 && count % 14 == 0 {
                    let fresh = ballistic::secp256k1::zkp_generators(count);
                    assert!(g.G(count / 2, 1).eq(fresh.G(count / 2, 1)), "{count}");
                    assert!(g.H(count / 2, 1).eq(fresh.H(count / 2, 1)), "{count}");
                }
            }
        }
        // 66 sets of 22 counts from one chain of 512: at most one build here, and
        // the test beside it grows the chain at most three times (to 2048).
        let builds = ZKP_CHAIN_BUILDS.load(Ordering::Relaxed) - before;
        assert!(builds <= 4, "{builds} chain builds for 66 sets");
        assert!(lock(&ZKP_CHAIN).as_ref().is_some_and(|c| c.len() >= 512));
        let sets = lock(&ZKP_SETS);
        assert!(sets.others.len() <= ZKP_SETS_CACHED);
    }

    #[test]
    fn plus_bases_by_degree() {
        assert_eq!(ristretto_plus_bases(3).unwrap().extension_degree(), 3);
        assert!(core::ptr::eq(
            ristretto_plus_bases(3).unwrap(),
            ristretto_plus_bases(3).unwrap()
        ));
        assert_eq!(
            secp256k1_plus_bases(0).unwrap_err().code(),
            ErrorCode::InvalidArgument
        );
        assert_eq!(
            secp256k1_plus_bases(7).unwrap_err().code(),
            ErrorCode::InvalidArgument
        );
    }
}
