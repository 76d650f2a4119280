//! Per-process caches shared by every call and thread: generators, Bulletproofs+
//! bases and transcript labels, each bounded by a named limit.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use ballistic::curve::Curve as CurveOps;
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens, MAX_EXTENSION_DEGREE};
use ballistic::ristretto::Ristretto;
use ballistic::secp256k1::Secp256k1;

use crate::{Error, ErrorCode, MAX_DOMAIN_BYTES};

/// The verifier-table budget of each cached generator set, in bytes (the tables of
/// one 64-bit shape take about 4 MiB): with two party-layout sets and at most
/// `1 + ZKP_SETS_CACHED` secp256k1-zkp sets, tables never exceed 160 MiB in all.
pub const TABLE_BUDGET: usize = 32 << 20;

/// The number of secp256k1-zkp generator sets larger than Grin's kept besides it
/// (least recently used evicted): each shape above two 64-bit values has its own
/// set (the split into `G` and `H` depends on the size).
pub const ZKP_SETS_CACHED: usize = 2;

/// The number of distinct transcript labels a process may use (each stored for the
/// life of the process, at most [`MAX_DOMAIN_BYTES`] bytes: 256 KiB in all).
pub const MAX_LABELS: usize = 256;

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

/// secp256k1-zkp's generator set of `count` generators (a statement's
/// [`crate::Params::generator_count`], checked against [`crate::MAX_GENERATORS`]).
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
    let gens = Arc::new(ballistic::secp256k1::zkp_generators(count));
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

/// The interned transcript labels.
static LABELS: Mutex<BTreeMap<Vec<u8>, &'static [u8]>> = Mutex::new(BTreeMap::new());

/// `domain` as a `&'static` Merlin label (Merlin's `Transcript::new` takes only
/// `&'static` labels): stored once per distinct label for the life of the process,
/// at most [`MAX_LABELS`] of them, each at most [`MAX_DOMAIN_BYTES`].
///
/// # Errors
/// [`ErrorCode::LimitExceeded`] for a label longer than [`MAX_DOMAIN_BYTES`], or a
/// new label once [`MAX_LABELS`] are stored.
///
/// ```
/// let a = ballistic_api::transcript_label(b"my protocol")?;
/// let b = ballistic_api::transcript_label(b"my protocol")?;
/// assert!(core::ptr::eq(a, b)); // stored once
/// let _t = ballistic::merlin::Transcript::new(a);
/// # Ok::<(), ballistic_api::Error>(())
/// ```
pub fn transcript_label(domain: &[u8]) -> Result<&'static [u8], Error> {
    if domain.len() > MAX_DOMAIN_BYTES {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            format!(
                "the domain is {} bytes long; the limit is {MAX_DOMAIN_BYTES}",
                domain.len()
            ),
        ));
    }
    let mut labels = lock(&LABELS);
    if let Some(label) = labels.get(domain) {
        return Ok(label);
    }
    if labels.len() >= MAX_LABELS {
        return Err(Error::new(
            ErrorCode::LimitExceeded,
            format!(
                "this process has used {MAX_LABELS} distinct domain labels, the limit \
                 (each is kept for the life of the process)"
            ),
        ));
    }
    // The one place a label is leaked: once per distinct label, bounded above.
    let label: &'static [u8] = Box::leak(domain.to_vec().into_boxed_slice());
    labels.insert(domain.to_vec(), label);
    Ok(label)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_interned_and_bounded() {
        let a = transcript_label(b"interned-label-test").unwrap();
        let b = transcript_label(b"interned-label-test").unwrap();
        assert!(core::ptr::eq(a, b));
        assert_eq!(
            transcript_label(&[0u8; MAX_DOMAIN_BYTES + 1])
                .unwrap_err()
                .code(),
            ErrorCode::LimitExceeded
        );
    }

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
