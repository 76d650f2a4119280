//! Verification: one proof, or many of any curves, protocols and shapes in batches
//! (one multiscalar multiplication per batch when all are valid; bisection names the
//! invalid ones).

use std::collections::{BTreeMap, BTreeSet};

use ballistic::bp_plus::RangeProofPlus;
use ballistic::curve::Curve as CurveOps;
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens};
use ballistic::merlin::Transcript;
use ballistic::range_proof::batch::{BatchError, BatchVerifier as LibBatch};
use ballistic::ristretto::{CompressedRistretto, PedersenGens, RangeProof, Ristretto};
use ballistic::secp256k1 as k1;
use ballistic::secp256k1::Secp256k1;

use crate::{cache, plural, Curve, Error, ErrorCode, Params, Protocol};

/// The largest number of proofs one [`BatchVerifier`] holds; [`BatchVerifier::add`]
/// refuses more (each proof holds its decoded points: at most about 100 KiB for
/// [`crate::MAX_VALUES`] commitments, far less for usual shapes).
pub const MAX_BATCH_PROOFS: usize = 1 << 16;

/// A decoded Bulletproofs+ proof on curve `C`.
struct PlusProof<C: CurveOps> {
    proof: RangeProofPlus<C>,
    commitments: Vec<C::Encoding>,
    label: &'static [u8],
}

/// A decoded proof with what its batch needs.
enum Decoded {
    Ristretto255 {
        proof: RangeProof,
        commitments: Vec<CompressedRistretto>,
        label: &'static [u8],
    },
    Secp256k1 {
        proof: k1::RangeProof,
        commitments: Vec<[u8; 33]>,
        transcript: k1::Transcript,
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
    let rng = &mut rand::thread_rng();
    let m = params.proof_values(match decoded {
        Decoded::Ristretto255 { commitments, .. } => commitments.len(),
        Decoded::Secp256k1 { commitments, .. } => commitments.len(),
        Decoded::Ristretto255Plus(p) => p.commitments.len(),
        Decoded::Secp256k1Plus(p) => p.commitments.len(),
    });
    match decoded {
        Decoded::Ristretto255 {
            proof,
            commitments,
            label,
        } => {
            let gens = cache::ristretto_gens(m);
            let pc = PedersenGens::default();
            let mut transcript = Transcript::new(label);
            match params.range {
                Some((a, b)) => {
                    let v = single(commitments)?;
                    proof.verify_range(&gens, &pc, &mut transcript, v, a, b, rng)
                }
                None => proof.verify_multiple_with_rng(
                    &gens,
                    &pc,
                    &mut transcript,
                    commitments,
                    params.bits,
                    rng,
                ),
            }
        }
        Decoded::Secp256k1 {
            proof,
            commitments,
            transcript,
            generators,
        } => {
            let gens = cache::zkp_gens(*generators);
            let pc = k1::PedersenGens::default();
            let mut transcript = transcript.clone();
            match params.range {
                Some((a, b)) => {
                    let v = single(commitments)?;
                    proof.verify_range(&gens, &pc, &mut transcript, v, a, b, rng)
                }
                None => proof.verify_multiple_with_rng(
                    &gens,
                    &pc,
                    &mut transcript,
                    commitments,
                    params.bits,
                    rng,
                ),
            }
        }
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

/// Verifies one decoded Bulletproofs+ proof.
fn verify_plus<C: CurveOps>(
    params: &Params,
    p: &PlusProof<C>,
    gens: &BulletproofGens<C>,
    pc: &ExtendedPedersenGens<C>,
) -> Result<(), ballistic::ProofError> {
    let rng = &mut rand::thread_rng();
    let mut transcript = Transcript::new(p.label);
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
        (Curve::Ristretto255, Protocol::Bp) => {
            let proof = RangeProof::from_bytes(proof).map_err(|_| not_canonical())?;
            let mut points = Vec::with_capacity(m);
            for (i, bytes) in commitments.iter().enumerate() {
                let c = CompressedRistretto::from_slice(bytes.as_ref())
                    .ok()
                    .filter(|c| c.decompress().is_some())
                    .ok_or_else(|| not_a_point(params.curve, i))?;
                points.push(c);
            }
            Decoded::Ristretto255 {
                proof,
                commitments: points,
                label: cache::transcript_label(&params.domain)?,
            }
        }
        (Curve::Secp256k1, Protocol::Bp) => {
            let proof = k1::RangeProof::from_bytes(proof).map_err(|_| not_canonical())?;
            let mut points = Vec::with_capacity(m);
            for (i, bytes) in commitments.iter().enumerate() {
                let c = <[u8; 33]>::try_from(bytes.as_ref())
                    .ok()
                    .filter(|c| Secp256k1::decode(c).is_some())
                    .ok_or_else(|| not_a_point(params.curve, i))?;
                points.push(c);
            }
            let mut transcript = k1::Transcript::new();
            if let Some(extra) = &params.extra_commit {
                transcript = transcript.with_extra_commit(extra);
            }
            Decoded::Secp256k1 {
                proof,
                commitments: points,
                transcript,
                generators: crate::secp256k1_generator_count(params.bits, params.proof_values(m)),
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
    let mut points = Vec::with_capacity(m);
    for (i, bytes) in commitments.iter().enumerate() {
        let c = C::encoding_from_bytes(bytes.as_ref())
            .filter(|c| C::decode(c).is_some())
            .ok_or_else(|| not_a_point(params.curve, i))?;
        points.push(c);
    }
    Ok(PlusProof {
        proof: decoded,
        commitments: points,
        label: cache::transcript_label(&params.domain)?,
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
        let mut transcript = Transcript::new(p.label);
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
            Decoded::Ristretto255 {
                proof,
                commitments,
                label,
            } => Some((i, &it.params, proof, commitments, *label)),
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
            .map(|(_, params, _, c, _)| params.proof_values(c.len()))
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
    for (i, params, proof, commitments, label) in bp {
        let mut transcript = Transcript::new(label);
        let slot = match params.range {
            Some((a, b)) => match single(commitments) {
                Ok(v) => batch.add_range(proof, &pc, &mut transcript, v, a, b),
                Err(e) => {
                    failures.insert(i, e);
                    continue;
                }
            },
            None => batch.add(proof, &pc, &mut transcript, commitments, params.bits),
        };
        slots.insert(slot, i);
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
    type Entry<'a> = (
        usize,
        &'a Params,
        &'a k1::RangeProof,
        &'a Vec<[u8; 33]>,
        &'a k1::Transcript,
    );
    let mut groups: BTreeMap<usize, Vec<Entry<'_>>> = BTreeMap::new();
    for (i, it) in items.iter().enumerate() {
        if let Decoded::Secp256k1 {
            proof,
            commitments,
            transcript,
            generators,
        } = &it.decoded
        {
            groups.entry(*generators).or_default().push((
                i,
                &it.params,
                proof,
                commitments,
                transcript,
            ));
        }
    }
    let counts: BTreeSet<usize> = groups.keys().copied().collect();
    let pc = k1::PedersenGens::default();
    let mut failures = BTreeMap::new();
    for count in counts {
        let Some(entries) = groups.remove(&count) else {
            continue;
        };
        let gens: std::sync::Arc<BulletproofGens<Secp256k1>> = cache::zkp_gens(count);
        let mut batch = LibBatch::new(&gens);
        let mut slots = BTreeMap::new();
        for (i, params, proof, commitments, transcript) in entries {
            let mut transcript = transcript.clone();
            let slot = match params.range {
                Some((a, b)) => match single(commitments) {
                    Ok(v) => batch.add_range(proof, &pc, &mut transcript, v, a, b),
                    Err(e) => {
                        failures.insert(i, e);
                        continue;
                    }
                },
                None => batch.add(proof, &pc, &mut transcript, commitments, params.bits),
            };
            slots.insert(slot, i);
        }
        failures.extend(failures_by_item(
            batch.verify(&mut rand::thread_rng()),
            &slots,
        ));
    }
    failures
}
