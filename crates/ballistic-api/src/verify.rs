//! Verification: one proof, or many of any curves, protocols and shapes in batches
//! (one multiscalar multiplication per batch when all are valid; bisection names the
//! invalid ones).

use std::collections::{BTreeMap, BTreeSet};

use ballistic::bp_plus::RangeProofPlus;
use ballistic::curve::Curve as CurveOps;
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens, PedersenGens};
use ballistic::merlin::Transcript;
use ballistic::range_proof::batch::{BatchError, BatchVerifier as LibBatch};
use ballistic::range_proof::format::{Dalek, RangeProofFormat};
use ballistic::range_proof::RangeProof;
use ballistic::ristretto::Ristretto;
use ballistic::secp256k1 as k1;
use ballistic::secp256k1::{Secp256k1, Zkp};

use crate::{cache, plural, Curve, Error, ErrorCode, Params, Protocol};

/// The largest number of proofs one [`BatchVerifier`] holds; [`BatchVerifier::add`]
/// refuses more (each proof holds its decoded points: at most about 100 KiB for
/// [`crate::MAX_VALUES`] commitments, far less for usual shapes).
pub const MAX_BATCH_PROOFS: usize = 1 << 16;

/// A decoded Bulletproofs+ proof on curve `C`.
struct PlusProof<C: CurveOps> {
    proof: RangeProofPlus<C>,
    commitments: Vec<C::Encoding>,
    /// The transcript before the proof (its label).
    transcript: Transcript,
}

/// A decoded Bulletproofs proof in format `F` with its statement's transcript.
struct BpProof<C: CurveOps, F: RangeProofFormat<C>> {
    proof: RangeProof<C, F>,
    commitments: Vec<C::Encoding>,
    /// The transcript before the proof (label, or secp256k1-zkp's extra commitment).
    transcript: F::Transcript,
}

/// A decoded proof with what its batch needs.
enum Decoded {
    Ristretto255(BpProof<Ristretto, Dalek>),
    Secp256k1 {
        bp: BpProof<Secp256k1, Zkp>,
        /// The size of the secp256k1-zkp generator set.
        generators: usize,
    },
    Ristretto255Plus(PlusProof<Ristretto>),
    Secp256k1Plus(PlusProof<Secp256k1>),
}

/// A proof added to a batch.
struct Item {
    params: Params,
    decoded: Decoded,
}

/// Verifies many proofs at once: any mix of curves, protocols, shapes, labels and
/// ranges. Proofs are decoded when added (a proof that does not decode is refused
/// there, with [`ErrorCode::MalformedProof`]); [`BatchVerifier::verify`] checks them
/// all, one batch per curve (and on secp256k1 one per secp256k1-zkp generator set),
/// and names the invalid ones.
///
/// ```
/// use ballistic_api::{prove, BatchVerifier, Curve, Params, Protocol, Secrets};
/// let a = Params::new(Curve::Ristretto255, Protocol::Bp, 32).with_domain(b"app");
/// let b = Params::new(Curve::Secp256k1, Protocol::BpPlus, 64).with_domain(b"app");
/// let pa = prove(&a, &[7, 8], &Secrets::default())?;
/// let pb = prove(&b, &[9], &Secrets::default())?;
/// let mut batch = BatchVerifier::new();
/// batch.add(&a, &pa.commitments, &pa.proof)?;
/// batch.add(&b, &pb.commitments, &pb.proof)?;
/// batch.add(&b, &pb.commitments, &pa.proof).unwrap_err(); // does not decode
/// let mut wrong = pb.commitments.clone();
/// wrong[0] = prove(&b, &[10], &Secrets::default())?.commitments[0].clone();
/// let index = batch.add(&b, &wrong, &pb.proof)?;
/// let failures = batch.verify();
/// assert_eq!(failures.len(), 1);
/// assert_eq!(failures[0].0, index);
/// # Ok::<(), ballistic_api::Error>(())
/// ```
#[derive(Default)]
pub struct BatchVerifier {
    items: Vec<Item>,
}

/// Verifies one proof of the statement `params` about `commitments` (their
/// encodings).
///
/// # Errors
/// [`ErrorCode::InvalidArgument`] / [`ErrorCode::LimitExceeded`] for a statement
/// [`Params::check`] refuses, [`ErrorCode::MalformedProof`] if the proof or a
/// commitment does not decode (or has another shape's length),
/// [`ErrorCode::InvalidProof`] if it does not verify.
///
/// ```
/// use ballistic_api::{prove, verify, Curve, Params, Protocol, Secrets, ErrorCode};
/// let p = Params::new(Curve::Secp256k1, Protocol::Bp, 64);
/// let proven = prove(&p, &[1], &Secrets::default())?;
/// verify(&p, &proven.commitments, &proven.proof)?;
/// let e = verify(&p, &proven.commitments, &proven.proof[1..]).unwrap_err();
/// assert_eq!(e.code(), ErrorCode::MalformedProof);
/// # Ok::<(), ballistic_api::Error>(())
/// ```
pub fn verify<T: AsRef<[u8]>>(
    params: &Params,
    commitments: &[T],
    proof: &[u8],
) -> Result<(), Error> {
    params.check(commitments.len())?;
    let decoded = decode(params, commitments, proof)?;
    verify_one(params, &decoded).map_err(|e| Error::from_verifier(&e))
}

/// Verifies one decoded proof with the library's single-proof verifier (no batch
/// weights, no bisection), over the cached generators.
fn verify_one(params: &Params, decoded: &Decoded) -> Result<(), ballistic::ProofError> {
    let m = params.proof_values(match decoded {
        Decoded::Ristretto255(p) => p.commitments.len(),
        Decoded::Secp256k1 { bp, .. } => bp.commitments.len(),
        Decoded::Ristretto255Plus(p) => p.commitments.len(),
        Decoded::Secp256k1Plus(p) => p.commitments.len(),
    });
    match decoded {
        Decoded::Ristretto255(p) => verify_bp(
            params,
            p,
            &cache::ristretto_gens(m),
            &PedersenGens::default(),
        ),
        Decoded::Secp256k1 { bp, generators } => verify_bp(
            params,
            bp,
            &cache::zkp_gens(*generators),
            &PedersenGens::default(),
        ),
        Decoded::Ristretto255Plus(p) => verify_plus(
            params,
            p,
            &cache::ristretto_gens(m),
            cache::ristretto_plus_bases(params.extension_degree)
                .map_err(|_| ballistic::ProofError::InvalidExtensionDegree)?,
        ),
        Decoded::Secp256k1Plus(p) => verify_plus(
            params,
            p,
            &cache::secp256k1_gens(m),
            cache::secp256k1_plus_bases(params.extension_degree)
                .map_err(|_| ballistic::ProofError::InvalidExtensionDegree)?,
        ),
    }
}

/// Verifies one decoded Bulletproofs proof of either format.
fn verify_bp<C: CurveOps, F: RangeProofFormat<C>>(
    params: &Params,
    p: &BpProof<C, F>,
    gens: &BulletproofGens<C>,
    pc: &PedersenGens<C>,
) -> Result<(), ballistic::ProofError>
where
    F::Transcript: Clone,
{
    let rng = &mut rand::thread_rng();
    let mut transcript = p.transcript.clone();
    match params.range {
        Some((a, b)) => {
            let v = single(&p.commitments)?;
            p.proof
                .verify_range(gens, pc, &mut transcript, v, a, b, rng)
        }
        None => p.proof.verify_multiple_with_rng(
            gens,
            pc,
            &mut transcript,
            &p.commitments,
            params.bits,
            rng,
        ),
    }
}

/// Adds one decoded Bulletproofs proof of either format to `batch`; returns its slot.
fn add_bp<C: CurveOps, F: RangeProofFormat<C>>(
    batch: &mut LibBatch<'_, C>,
    params: &Params,
    p: &BpProof<C, F>,
    pc: &PedersenGens<C>,
) -> Result<usize, ballistic::ProofError>
where
    F::Transcript: Clone,
{
    let mut transcript = p.transcript.clone();
    Ok(match params.range {
        Some((a, b)) => {
            batch.add_range(&p.proof, pc, &mut transcript, single(&p.commitments)?, a, b)
        }
        None => batch.add(&p.proof, pc, &mut transcript, &p.commitments, params.bits),
    })
}

/// Verifies one decoded Bulletproofs+ proof.
fn verify_plus<C: CurveOps>(
    params: &Params,
    p: &PlusProof<C>,
    gens: &BulletproofGens<C>,
    pc: &ExtendedPedersenGens<C>,
) -> Result<(), ballistic::ProofError> {
    let rng = &mut rand::thread_rng();
    let mut transcript = p.transcript.clone();
    match params.range {
        Some((a, b)) => {
            let v = single(&p.commitments)?;
            p.proof
                .verify_range(gens, pc, &mut transcript, v, a, b, rng)
        }
        None => p.proof.verify(
            gens,
            pc,
            &mut transcript,
            &p.commitments,
            &params.min_values,
            params.bits,
            rng,
        ),
    }
}

impl BatchVerifier {
    /// An empty batch.
    pub fn new() -> BatchVerifier {
        BatchVerifier::default()
    }

    /// The number of proofs added.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether no proof was added.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Decodes a proof of the statement `params` about `commitments` and adds it;
    /// returns its index (0, 1, 2, … in the order of successful adds).
    ///
    /// # Errors
    /// As [`verify`] except [`ErrorCode::InvalidProof`] (decided by
    /// [`BatchVerifier::verify`]); [`ErrorCode::LimitExceeded`] beyond
    /// [`MAX_BATCH_PROOFS`]. A refused proof is not added.
    pub fn add<T: AsRef<[u8]>>(
        &mut self,
        params: &Params,
        commitments: &[T],
        proof: &[u8],
    ) -> Result<usize, Error> {
        if self.items.len() >= MAX_BATCH_PROOFS {
            return Err(Error::new(
                ErrorCode::LimitExceeded,
                format!("a batch holds at most {MAX_BATCH_PROOFS} proofs"),
            ));
        }
        params.check(commitments.len())?;
        let decoded = decode(params, commitments, proof)?;
        self.items.push(Item {
            params: params.clone(),
            decoded,
        });
        Ok(self.items.len() - 1)
    }

    /// Verifies every proof added; returns the invalid ones as `(index, error)` in
    /// index order (empty when all verify). The batch is kept: more proofs may be
    /// added and the batch verified again.
    pub fn verify(&self) -> Vec<(usize, Error)> {
        let mut failures = verify_ristretto255(&self.items);
        failures.extend(verify_secp256k1(&self.items));
        failures.extend(verify_secp256k1_plus(&self.items));
        failures
            .into_iter()
            .map(|(i, e)| (i, Error::from_verifier(&e)))
            .collect()
    }
}

/// The error for a proof whose length belongs to another shape.
fn wrong_length(params: &Params, m: usize, len: usize) -> Error {
    let (n, values) = (params.bits, params.proof_values(m));
    let statement = match params.range {
        Some((a, b)) => format!("a range proof of [{a}, {b}] ({values} values of {n} bits) needs"),
        None => format!("{} of {n} bits need", plural(values, "value")),
    };
    Error::malformed(format!(
        "proof is {len} bytes; {statement} {}",
        params.proof_len(m)
    ))
}

/// The error for a commitment that is not a point.
fn not_a_point(curve: Curve, i: usize) -> Error {
    Error::malformed(format!(
        "commitments[{i}] is not a valid {} point",
        curve.name()
    ))
}

/// The error for proof bytes that do not decode.
fn not_canonical() -> Error {
    Error::malformed("proof bytes are not canonical points and scalars")
}

/// Decodes the proof and commitments of a checked statement.
fn decode<T: AsRef<[u8]>>(
    params: &Params,
    commitments: &[T],
    proof: &[u8],
) -> Result<Decoded, Error> {
    let m = commitments.len();
    if proof.len() != params.proof_len(m) {
        return Err(wrong_length(params, m, proof.len()));
    }
    Ok(match (params.curve, params.protocol) {
        (Curve::Ristretto255, Protocol::Bp) => Decoded::Ristretto255(BpProof {
            proof: ballistic::ristretto::RangeProof::from_bytes(proof)
                .map_err(|_| not_canonical())?,
            commitments: decode_points::<Ristretto, T>(params.curve, commitments)?,
            transcript: crate::transcript(&params.domain)?,
        }),
        (Curve::Secp256k1, Protocol::Bp) => {
            let mut transcript = k1::Transcript::new();
            if let Some(extra) = &params.extra_commit {
                transcript = transcript.with_extra_commit(extra);
            }
            Decoded::Secp256k1 {
                bp: BpProof {
                    proof: k1::RangeProof::from_bytes(proof).map_err(|_| not_canonical())?,
                    commitments: decode_points::<Secp256k1, T>(params.curve, commitments)?,
                    transcript,
                },
                generators: params.generator_count(m),
            }
        }
        (Curve::Ristretto255, Protocol::BpPlus) => {
            Decoded::Ristretto255Plus(decode_plus(params, commitments, proof)?)
        }
        (Curve::Secp256k1, Protocol::BpPlus) => {
            Decoded::Secp256k1Plus(decode_plus(params, commitments, proof)?)
        }
    })
}

/// Decodes commitment encodings, each checked to be a valid point of `C`.
fn decode_points<C: CurveOps, T: AsRef<[u8]>>(
    curve: Curve,
    commitments: &[T],
) -> Result<Vec<C::Encoding>, Error> {
    commitments
        .iter()
        .enumerate()
        .map(|(i, bytes)| {
            C::encoding_from_bytes(bytes.as_ref())
                .filter(|c| C::decode(c).is_some())
                .ok_or_else(|| not_a_point(curve, i))
        })
        .collect()
}

/// Decodes a Bulletproofs+ proof on curve `C` (its length already checked).
fn decode_plus<C: CurveOps, T: AsRef<[u8]>>(
    params: &Params,
    commitments: &[T],
    proof: &[u8],
) -> Result<PlusProof<C>, Error> {
    let m = commitments.len();
    let decoded = RangeProofPlus::<C>::from_bytes(proof).map_err(|_| not_canonical())?;
    let rounds = crate::rounds_for_shape(params.bits, params.proof_values(m));
    if decoded.rounds() != rounds || decoded.extension_degree() != params.extension_degree {
        return Err(wrong_length(params, m, proof.len()));
    }
    Ok(PlusProof {
        proof: decoded,
        commitments: decode_points::<C, T>(params.curve, commitments)?,
        transcript: crate::transcript(&params.domain)?,
    })
}

/// The one commitment of a range proof ([`Params::check`] admits no other number).
fn single<T>(commitments: &[T]) -> Result<&T, ballistic::ProofError> {
    match commitments {
        [v] => Ok(v),
        _ => Err(ballistic::ProofError::WrongNumBlindingFactors),
    }
}

/// Maps a batch's failures from batch slots to item indices.
fn failures_by_item(
    result: Result<(), BatchError>,
    slots: &BTreeMap<usize, usize>,
) -> BTreeMap<usize, ballistic::ProofError> {
    match result {
        Ok(()) => BTreeMap::new(),
        Err(e) => e
            .invalid
            .into_iter()
            .filter_map(|(slot, err)| slots.get(&slot).map(|&i| (i, err)))
            .collect(),
    }
}

/// Adds the Bulletproofs+ `proofs` to `batch`, each over the bases of its extension
/// degree from `bases`; records the slots and returns the items that could not be
/// added.
fn add_plus<'a, C: CurveOps + 'a>(
    batch: &mut LibBatch<'_, C>,
    proofs: impl Iterator<Item = (usize, &'a Params, &'a PlusProof<C>)>,
    bases: fn(usize) -> Result<&'static ExtendedPedersenGens<C>, Error>,
    slots: &mut BTreeMap<usize, usize>,
) -> BTreeMap<usize, ballistic::ProofError> {
    let mut failures = BTreeMap::new();
    for (i, params, p) in proofs {
        let Ok(pc) = bases(params.extension_degree) else {
            failures.insert(i, ballistic::ProofError::InvalidExtensionDegree);
            continue;
        };
        let mut transcript = p.transcript.clone();
        let slot = match params.range {
            Some((a, b)) => match single(&p.commitments) {
                Ok(v) => batch.add_plus_range(&p.proof, pc, &mut transcript, v, a, b),
                Err(e) => {
                    failures.insert(i, e);
                    continue;
                }
            },
            None => batch.add_plus(
                &p.proof,
                pc,
                &mut transcript,
                &p.commitments,
                &params.min_values,
                params.bits,
            ),
        };
        slots.insert(slot, i);
    }
    failures
}

/// The largest number of values (of the proofs themselves) among `shapes`.
fn max_values(shapes: impl Iterator<Item = usize>) -> usize {
    shapes.fold(1, usize::max)
}

/// Batch-verifies the ristretto255 items, Bulletproofs and Bulletproofs+ together.
fn verify_ristretto255(items: &[Item]) -> BTreeMap<usize, ballistic::ProofError> {
    let bp: Vec<_> = items
        .iter()
        .enumerate()
        .filter_map(|(i, it)| match &it.decoded {
            Decoded::Ristretto255(p) => Some((i, &it.params, p)),
            _ => None,
        })
        .collect();
    let plus: Vec<_> = items
        .iter()
        .enumerate()
        .filter_map(|(i, it)| match &it.decoded {
            Decoded::Ristretto255Plus(p) => Some((i, &it.params, p)),
            _ => None,
        })
        .collect();
    if bp.is_empty() && plus.is_empty() {
        return BTreeMap::new();
    }
    let m = max_values(
        bp.iter()
            .map(|(_, params, p)| params.proof_values(p.commitments.len()))
            .chain(
                plus.iter()
                    .map(|(_, params, p)| params.proof_values(p.commitments.len())),
            ),
    );
    let gens = cache::ristretto_gens(m);
    let pc = PedersenGens::default();
    let mut batch = LibBatch::new(&gens);
    let mut slots = BTreeMap::new();
    let mut failures = BTreeMap::new();
    for (i, params, p) in bp {
        match add_bp(&mut batch, params, p, &pc) {
            Ok(slot) => {
                slots.insert(slot, i);
            }
            Err(e) => {
                failures.insert(i, e);
            }
        }
    }
    failures.extend(add_plus(
        &mut batch,
        plus.into_iter(),
        cache::ristretto_plus_bases,
        &mut slots,
    ));
    failures.extend(failures_by_item(
        batch.verify(&mut rand::thread_rng()),
        &slots,
    ));
    failures
}

/// Batch-verifies the secp256k1 Bulletproofs+ items over the party-layout set.
fn verify_secp256k1_plus(items: &[Item]) -> BTreeMap<usize, ballistic::ProofError> {
    let plus: Vec<_> = items
        .iter()
        .enumerate()
        .filter_map(|(i, it)| match &it.decoded {
            Decoded::Secp256k1Plus(p) => Some((i, &it.params, p)),
            _ => None,
        })
        .collect();
    if plus.is_empty() {
        return BTreeMap::new();
    }
    let m = max_values(
        plus.iter()
            .map(|(_, params, p)| params.proof_values(p.commitments.len())),
    );
    let gens = cache::secp256k1_gens(m);
    let mut batch = LibBatch::new(&gens);
    let mut slots = BTreeMap::new();
    let mut failures = add_plus(
        &mut batch,
        plus.into_iter(),
        cache::secp256k1_plus_bases,
        &mut slots,
    );
    failures.extend(failures_by_item(
        batch.verify(&mut rand::thread_rng()),
        &slots,
    ));
    failures
}

/// Batch-verifies the secp256k1 Bulletproofs items, one batch per generator set (a
/// proof verifies only with the set it was made with).
fn verify_secp256k1(items: &[Item]) -> BTreeMap<usize, ballistic::ProofError> {
    type Entry<'a> = (usize, &'a Params, &'a BpProof<Secp256k1, Zkp>);
    let mut groups: BTreeMap<usize, Vec<Entry<'_>>> = BTreeMap::new();
    for (i, it) in items.iter().enumerate() {
        if let Decoded::Secp256k1 { bp, generators } = &it.decoded {
            groups
                .entry(*generators)
                .or_default()
                .push((i, &it.params, bp));
        }
    }
    let counts: BTreeSet<usize> = groups.keys().copied().collect();
    let pc = PedersenGens::default();
    let mut failures = BTreeMap::new();
    for count in counts {
        let Some(entries) = groups.remove(&count) else {
            continue;
        };
        let gens: std::sync::Arc<BulletproofGens<Secp256k1>> = cache::zkp_gens(count);
        let mut batch = LibBatch::new(&gens);
        let mut slots = BTreeMap::new();
        for (i, params, p) in entries {
            match add_bp(&mut batch, params, p, &pc) {
                Ok(slot) => {
                    slots.insert(slot, i);
                }
                Err(e) => {
                    failures.insert(i, e);
                }
            }
        }
        failures.extend(failures_by_item(
            batch.verify(&mut rand::thread_rng()),
            &slots,
        ));
    }
    failures
}
