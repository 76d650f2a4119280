//! `ballistic verify`: check proof files and report each one.
//!
//! Every file gets one of three verdicts:
//!
//! * **valid**: well formed, and the proof verifies for its commitments, bit width and
//!   domain label (ristretto255, and Bulletproofs+ on both curves) or extra
//!   commitment (secp256k1 Bulletproofs), for Bulletproofs+ its extension degree
//!   and minimum values, and for a range proof its range `[a, b]` (the proof is
//!   about `V − a·B` and `b·B − V`, derived here from the file's commitment `V`);
//! * **INVALID**: well formed, but the proof bytes or the commitments do not decode to
//!   canonical points and scalars, the proof's length belongs to another shape, or
//!   the proof does not verify;
//! * **malformed**: unreadable, too large, not JSON, or a field is missing, unknown,
//!   of the wrong type, not hex, of the wrong length, outside its limits, or a shape
//!   the file's curve does not support.
//!
//! All decodable proofs are verified with ballistic's `BatchVerifier`: one batch for
//! the ristretto255 files, Bulletproofs and Bulletproofs+ together (`add` and
//! `add_plus`, over one `BulletproofGens::new(n, m)` large enough for all of them,
//! each Bulletproofs+ proof with the Tari bases of its extension degree); for the
//! secp256k1 files one batch per secp256k1-zkp generator set (each proof with its
//! own transcript, including its `extra_commit`), and one batch of the
//! Bulletproofs+ files over `BulletproofGens::new(n, m)`. A batch costs
//! one multiscalar multiplication when all its proofs are valid; bisection names the
//! invalid ones, and every file is reported even after a failure. Range-proof files
//! (with a `range` field) join the same batches (`add_range`, `add_plus_range`: the
//! verifier derives the two commitments each is about from the file's one). The
//! exit status is
//! [`EXIT_ERROR`] if any file is malformed, else [`EXIT_INVALID`] if any proof is
//! invalid, else [`EXIT_OK`].

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use ballistic::bp_plus::RangeProofPlus;
use ballistic::curve::Curve as CurveOps;
use ballistic::generators::ExtendedPedersenGens;
use ballistic::merlin::Transcript;
use ballistic::range_proof::batch::BatchError;
use ballistic::ristretto::{
    BatchVerifier, BulletproofGens, CompressedRistretto, PedersenGens, ProofError, RangeProof,
};
use ballistic::secp256k1 as k1;
use clap::Args;

use crate::error::{eprint_line, CliError, EXIT_ERROR, EXIT_INVALID, EXIT_OK};
use crate::format::{
    self, proof_len, rounds_for_shape, Curve, ProofFile, Protocol, RANGE_PROOF_VALUES,
};
use crate::secp;

/// Arguments of `ballistic verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Proof files to verify (`-` reads one from standard input); ristretto255 and
    /// secp256k1 files, bp and bp+ files may be mixed.
    #[arg(value_name = "FILE", required_unless_present = "vectors", num_args = 1..)]
    pub files: Vec<PathBuf>,
    /// Instead of proof files, run a Wycheproof-style test-vector file (ristretto255)
    /// and check that every case gets its expected result.
    #[arg(long, value_name = "FILE", conflicts_with = "files")]
    pub vectors: Option<PathBuf>,
}

/// The verdict on one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The proof verifies; the text describes it (curve, shape, size).
    Valid(String),
    /// The file is well formed but the proof is rejected, for the given reason.
    Invalid(String),
    /// The file cannot be read or is not a well-formed proof file.
    Malformed(String),
}

/// A decoded ristretto255 proof with its statement.
struct RistrettoProof {
    proof: RangeProof,
    commitments: Vec<CompressedRistretto>,
    /// The Merlin label.
    label: &'static [u8],
}

/// A decoded secp256k1 proof with its statement.
struct Secp256k1Proof {
    proof: k1::RangeProof,
    commitments: Vec<[u8; 33]>,
    /// The transcript, with the file's extra commitment.
    transcript: k1::Transcript,
    /// The size of the generator set (see [`format::secp256k1_generator_count`]).
    generators: usize,
}

/// A decoded Bulletproofs+ proof with its statement, on curve `C`.
pub(crate) struct PlusProof<C: CurveOps> {
    pub(crate) proof: RangeProofPlus<C>,
    pub(crate) commitments: Vec<C::Encoding>,
    /// The Merlin label.
    pub(crate) label: &'static [u8],
    /// The minimum values (empty: all zero).
    pub(crate) min_values: Vec<u64>,
    /// The extension degree.
    pub(crate) t: usize,
}

/// The decoded statement and proof of one file, by curve and protocol.
enum Decoded {
    Ristretto255(RistrettoProof),
    Secp256k1(Secp256k1Proof),
    Ristretto255Plus(PlusProof<ballistic::ristretto::Ristretto>),
    Secp256k1Plus(PlusProof<k1::Secp256k1>),
}

/// A well-formed file whose proof and commitments decode, waiting for the batch.
struct Pending {
    curve: Curve,
    protocol: Protocol,
    /// The extension degree (Bulletproofs+).
    extension_degree: Option<usize>,
    /// Whether some minimum value is not zero (Bulletproofs+).
    min_values: bool,
    /// The range `(a, b)` of a range proof.
    range: Option<(u64, u64)>,
    bits: usize,
    values: usize,
    proof_bytes: usize,
    decoded: Decoded,
}

/// The message for a proof whose length belongs to another shape.
fn wrong_length(file: &ProofFile, expected: usize) -> Verdict {
    let (n, m) = (file.bits, file.proof_values());
    let statement = match file.range {
        Some((a, b)) => format!("a range proof of [{a}, {b}] ({m} values of {n} bits) needs"),
        None => format!("{} of {n} bits need", plural(m, "value")),
    };
    Verdict::Invalid(format!(
        "proof is {} bytes; {statement} {expected}",
        file.proof.len()
    ))
}

/// The message for a commitment that is not a curve point.
fn not_a_point(curve: Curve, i: usize) -> Verdict {
    Verdict::Invalid(format!(
        "commitments[{i}] is not a valid {} point",
        curve.name()
    ))
}

/// Decodes a structurally valid ristretto255 file.
fn decode_ristretto255(file: &ProofFile) -> Result<Decoded, Verdict> {
    let n = file.bits;
    let proof = RangeProof::from_bytes(&file.proof)
        .map_err(|_| Verdict::Invalid("proof bytes are not canonical points and scalars".into()))?;
    let expected_rounds = rounds_for_shape(n, file.proof_values());
    if proof.rounds() != expected_rounds {
        return Err(wrong_length(file, proof_len(expected_rounds)));
    }
    let mut commitments = Vec::with_capacity(file.commitments.len());
    for (i, bytes) in file.commitments.iter().enumerate() {
        let c = CompressedRistretto::from_slice(bytes)
            .ok()
            .filter(|c| c.decompress().is_some())
            .ok_or_else(|| not_a_point(file.curve, i))?;
        commitments.push(c);
    }
    let domain = file
        .domain
        .clone()
        .ok_or_else(|| Verdict::Malformed("field \"domain\": missing".into()))?;
    // Transcript labels are &'static; the process is short-lived and labels are
    // bounded by MAX_DOMAIN_BYTES, so leaking them is harmless.
    let label: &'static [u8] = Box::leak(domain.into_boxed_str()).as_bytes();
    Ok(Decoded::Ristretto255(RistrettoProof {
        proof,
        commitments,
        label,
    }))
}

/// Decodes a structurally valid secp256k1 file (the parser has checked the shape and
/// the commitments' prefixes).
fn decode_secp256k1(file: &ProofFile) -> Result<Decoded, Verdict> {
    let (n, m) = (file.bits, file.proof_values());
    let expected = Curve::Secp256k1.proof_len(n, m);
    if file.proof.len() != expected {
        return Err(wrong_length(file, expected));
    }
    let proof = k1::RangeProof::from_bytes(&file.proof)
        .map_err(|_| Verdict::Invalid("proof bytes are not canonical points and scalars".into()))?;
    let mut commitments = Vec::with_capacity(file.commitments.len());
    for (i, bytes) in file.commitments.iter().enumerate() {
        let c = <[u8; 33]>::try_from(bytes.as_slice())
            .ok()
            .filter(|c| k1::Secp256k1::decode(c).is_some())
            .ok_or_else(|| not_a_point(file.curve, i))?;
        commitments.push(c);
    }
    let mut transcript = k1::Transcript::new();
    if let Some(extra) = &file.extra_commit {
        transcript = transcript.with_extra_commit(extra);
    }
    Ok(Decoded::Secp256k1(Secp256k1Proof {
        proof,
        commitments,
        transcript,
        generators: format::secp256k1_generator_count(n, m),
    }))
}

/// Decodes a structurally valid Bulletproofs+ file on curve `C` (the parser has
/// checked the extension degree byte and the minimum values).
pub(crate) fn decode_plus<C: CurveOps>(file: &ProofFile) -> Result<PlusProof<C>, Verdict> {
    let n = file.bits;
    let t = file
        .extension_degree
        .ok_or_else(|| Verdict::Malformed("field \"extension_degree\": missing".into()))?;
    let proof = RangeProofPlus::<C>::from_bytes(&file.proof)
        .map_err(|_| Verdict::Invalid("proof bytes are not canonical points and scalars".into()))?;
    let expected_rounds = rounds_for_shape(n, file.proof_values());
    if proof.rounds() != expected_rounds || proof.extension_degree() != t {
        return Err(wrong_length(
            file,
            format::plus_proof_len(file.curve, t, expected_rounds),
        ));
    }
    let mut commitments = Vec::with_capacity(file.commitments.len());
    for (i, bytes) in file.commitments.iter().enumerate() {
        let c = C::encoding_from_bytes(bytes)
            .filter(|c| C::decode(c).is_some())
            .ok_or_else(|| not_a_point(file.curve, i))?;
        commitments.push(c);
    }
    let domain = file
        .domain
        .clone()
        .ok_or_else(|| Verdict::Malformed("field \"domain\": missing".into()))?;
    // Transcript labels are &'static; the process is short-lived and labels are
    // bounded by MAX_DOMAIN_BYTES, so leaking them is harmless.
    let label: &'static [u8] = Box::leak(domain.into_boxed_str()).as_bytes();
    Ok(PlusProof {
        proof,
        commitments,
        label,
        min_values: file.min_values.clone(),
        t,
    })
}

/// Decodes a structurally valid proof file: the proof must parse, have the length of
/// its shape, and every commitment must be a valid point.
fn decode_file(file: &ProofFile) -> Result<Pending, Verdict> {
    let decoded = match (file.curve, file.protocol) {
        (Curve::Ristretto255, Protocol::Bp) => decode_ristretto255(file)?,
        (Curve::Secp256k1, Protocol::Bp) => decode_secp256k1(file)?,
        (Curve::Ristretto255, Protocol::BpPlus) => Decoded::Ristretto255Plus(decode_plus(file)?),
        (Curve::Secp256k1, Protocol::BpPlus) => Decoded::Secp256k1Plus(decode_plus(file)?),
    };
    Ok(Pending {
        curve: file.curve,
        protocol: file.protocol,
        extension_degree: file.extension_degree,
        min_values: file.min_values.iter().any(|&o| o != 0),
        range: file.range,
        bits: file.bits,
        values: file.commitments.len(),
        proof_bytes: file.proof.len(),
        decoded,
    })
}

/// Reads, parses and decodes one file.
fn check_path(path: &std::path::Path) -> Result<Pending, Verdict> {
    let parsed = format::read_limited(path).and_then(|bytes| format::parse_proof_file(&bytes));
    match parsed {
        Ok(file) => decode_file(&file),
        Err(e) => Err(Verdict::Malformed(e.to_string())),
    }
}

/// A decoded proof of one file: `(file index, bits, range, proof)`.
type Entry<'a, P> = (usize, usize, Option<(u64, u64)>, &'a P);

/// The Bulletproofs files that decoded on ristretto255.
fn ristretto_files(
    files: &[Result<Pending, Verdict>],
) -> impl Iterator<Item = Entry<'_, RistrettoProof>> {
    files.iter().enumerate().filter_map(|(i, f)| match f {
        Ok(Pending {
            bits,
            decoded: Decoded::Ristretto255(r),
            range,
            ..
        }) => Some((i, *bits, *range, r)),
        _ => None,
    })
}

/// The Bulletproofs+ files that decoded on ristretto255.
fn ristretto_plus_files(
    files: &[Result<Pending, Verdict>],
) -> impl Iterator<Item = Entry<'_, PlusProof<ballistic::ristretto::Ristretto>>> {
    files.iter().enumerate().filter_map(|(i, f)| match f {
        Ok(Pending {
            bits,
            decoded: Decoded::Ristretto255Plus(r),
            range,
            ..
        }) => Some((i, *bits, *range, r)),
        _ => None,
    })
}

/// The shape `(bits, values)` a proof needs generators for: a range proof is an
/// aggregate of [`RANGE_PROOF_VALUES`] values of its width.
fn shape(bits: usize, range: Option<(u64, u64)>, values: usize) -> (usize, usize) {
    match range {
        Some(_) => (bits, RANGE_PROOF_VALUES),
        None => (bits, values),
    }
}

/// The Bulletproofs+ bases of every extension degree among `proofs`, built once
/// each with `bases` (a curve's `bp_plus::pedersen_gens`).
fn plus_bases<'a, C: CurveOps + 'a>(
    proofs: impl Iterator<Item = &'a PlusProof<C>>,
    bases: fn(usize) -> Result<ExtendedPedersenGens<C>, ProofError>,
) -> BTreeMap<usize, Result<ExtendedPedersenGens<C>, ProofError>> {
    let degrees: BTreeSet<usize> = proofs.map(|p| p.t).collect();
    degrees.into_iter().map(|t| (t, bases(t))).collect()
}

/// Adds the Bulletproofs+ `proofs` to `batch` (range proofs with their `[a, b]`),
/// each with the bases of its extension degree from `bases`; records the batch slots
/// in `slots` and returns the files that cannot be added (no bases for their degree,
/// a range file without exactly one commitment).
fn add_plus_proofs<'a, C: CurveOps + 'a>(
    batch: &mut ballistic::range_proof::batch::BatchVerifier<'_, C>,
    proofs: impl Iterator<Item = Entry<'a, PlusProof<C>>>,
    bases: &BTreeMap<usize, Result<ExtendedPedersenGens<C>, ProofError>>,
    slots: &mut BTreeMap<usize, usize>,
) -> BTreeMap<usize, ProofError> {
    let mut failures = BTreeMap::new();
    for (i, bits, range, p) in proofs {
        match bases.get(&p.t) {
            Some(Ok(pc)) => {
                let mut transcript = Transcript::new(p.label);
                let slot = match range {
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
                        &p.min_values,
                        bits,
                    ),
                };
                slots.insert(slot, i);
            }
            Some(Err(e)) => {
                failures.insert(i, e.clone());
            }
            None => {
                failures.insert(i, ProofError::InvalidExtensionDegree);
            }
        }
    }
    failures
}

/// Batch-verifies the ristretto255 proofs among `files`, Bulletproofs and
/// Bulletproofs+ together (one multiscalar multiplication when all are valid);
/// returns the failures by file index.
fn verify_ristretto255(files: &[Result<Pending, Verdict>]) -> BTreeMap<usize, ProofError> {
    if ristretto_files(files).next().is_none() && ristretto_plus_files(files).next().is_none() {
        return BTreeMap::new();
    }
    let shapes = ristretto_files(files)
        .map(|(_, bits, range, r)| shape(bits, range, r.commitments.len()))
        .chain(
            ristretto_plus_files(files)
                .map(|(_, bits, range, p)| shape(bits, range, p.commitments.len())),
        );
    let (max_n, max_m) = shapes.fold((1, 1), |(n, m), (bits, values)| {
        (n.max(bits), m.max(values))
    });
    let gens = BulletproofGens::new(max_n, max_m);
    let pc = PedersenGens::default();
    let plus_pc = plus_bases(
        ristretto_plus_files(files).map(|(.., p)| p),
        ballistic::ristretto::bp_plus::pedersen_gens,
    );
    let mut batch = BatchVerifier::new(&gens);
    let mut slots = BTreeMap::new();
    let mut failures = BTreeMap::new();
    for (i, bits, range, r) in ristretto_files(files) {
        let mut transcript = Transcript::new(r.label);
        let slot = match range {
            Some((a, b)) => match single(&r.commitments) {
                Ok(v) => batch.add_range(&r.proof, &pc, &mut transcript, v, a, b),
                Err(e) => {
                    failures.insert(i, e);
                    continue;
                }
            },
            None => batch.add(&r.proof, &pc, &mut transcript, &r.commitments, bits),
        };
        slots.insert(slot, i);
    }
    failures.extend(add_plus_proofs(
        &mut batch,
        ristretto_plus_files(files),
        &plus_pc,
        &mut slots,
    ));
    failures.extend(failures_by_file(
        batch.verify(&mut rand::thread_rng()),
        &slots,
    ));
    failures
}

/// Batch-verifies the secp256k1 Bulletproofs+ proofs among `files`, in one batch
/// over `BulletproofGens::new(n, m)` for the largest `n` and `m` (secp256k1-zkp's
/// generator sets serve only its own proofs); returns the failures by file index.
fn verify_secp256k1_plus(files: &[Result<Pending, Verdict>]) -> BTreeMap<usize, ProofError> {
    let proofs: Vec<Entry<'_, PlusProof<k1::Secp256k1>>> = files
        .iter()
        .enumerate()
        .filter_map(|(i, f)| match f {
            Ok(Pending {
                bits,
                decoded: Decoded::Secp256k1Plus(p),
                range,
                ..
            }) => Some((i, *bits, *range, p)),
            _ => None,
        })
        .collect();
    if proofs.is_empty() {
        return BTreeMap::new();
    }
    let (max_n, max_m) = proofs.iter().fold((1, 1), |(n, m), (_, bits, range, p)| {
        let (bits, values) = shape(*bits, *range, p.commitments.len());
        (n.max(bits), m.max(values))
    });
    let gens = k1::BulletproofGens::new(max_n, max_m);
    let pc = plus_bases(proofs.iter().map(|(.., p)| *p), k1::bp_plus::pedersen_gens);
    let mut batch = k1::BatchVerifier::new(&gens);
    let mut slots = BTreeMap::new();
    let mut failures = add_plus_proofs(&mut batch, proofs.into_iter(), &pc, &mut slots);
    failures.extend(failures_by_file(
        batch.verify(&mut rand::thread_rng()),
        &slots,
    ));
    failures
}

/// Maps a batch's failures from batch slots to file indices.
fn failures_by_file(
    result: Result<(), BatchError>,
    slots: &BTreeMap<usize, usize>,
) -> BTreeMap<usize, ProofError> {
    match result {
        Ok(()) => BTreeMap::new(),
        Err(e) => e
            .invalid
            .into_iter()
            .filter_map(|(slot, err)| slots.get(&slot).map(|&i| (i, err)))
            .collect(),
    }
}

/// Batch-verifies the secp256k1 proofs among `files`, one batch per generator set
/// (a proof verifies only with the set it was made with); returns the failures by
/// file index.
fn verify_secp256k1(files: &[Result<Pending, Verdict>]) -> BTreeMap<usize, ProofError> {
    // Generator-set size -> the proofs made with it.
    let mut groups: BTreeMap<usize, Vec<Entry<'_, Secp256k1Proof>>> = BTreeMap::new();
    for (i, f) in files.iter().enumerate() {
        if let Ok(Pending {
            bits,
            decoded: Decoded::Secp256k1(k),
            range,
            ..
        }) = f
        {
            groups
                .entry(k.generators)
                .or_default()
                .push((i, *bits, *range, k));
        }
    }
    let counts: BTreeSet<usize> = groups.keys().copied().collect();
    let sets = secp::generator_sets(&counts);
    let pc = k1::PedersenGens::default();
    let mut failures = BTreeMap::new();
    for (count, entries) in &groups {
        let Some(gens) = sets.get(count) else {
            for &(i, ..) in entries {
                failures.insert(i, ProofError::InvalidGeneratorsLength);
            }
            continue;
        };
        let mut batch = k1::BatchVerifier::new(gens);
        let mut slots = BTreeMap::new();
        for &(i, bits, range, k) in entries {
            let mut transcript = k.transcript.clone();
            let slot = match range {
                Some((a, b)) => match single(&k.commitments) {
                    Ok(v) => batch.add_range(&k.proof, &pc, &mut transcript, v, a, b),
                    Err(e) => {
                        failures.insert(i, e);
                        continue;
                    }
                },
                None => batch.add(&k.proof, &pc, &mut transcript, &k.commitments, bits),
            };
            slots.insert(slot, i);
        }
        failures.extend(failures_by_file(
            batch.verify(&mut rand::thread_rng()),
            &slots,
        ));
    }
    failures
}

/// The one commitment of a range proof (the parser admits no other number).
fn single<T>(commitments: &[T]) -> Result<&T, ProofError> {
    match commitments {
        [v] => Ok(v),
        _ => Err(ProofError::WrongNumBlindingFactors),
    }
}

/// Verifies every decoded file, batched per curve (and, on secp256k1, per generator
/// set), range proofs in the same batches; the batches name the invalid ones.
fn verify_all(files: Vec<Result<Pending, Verdict>>) -> Vec<Verdict> {
    let mut failures = verify_ristretto255(&files);
    failures.extend(verify_secp256k1(&files));
    failures.extend(verify_secp256k1_plus(&files));
    files
        .into_iter()
        .enumerate()
        .map(|(i, f)| match f {
            Err(verdict) => verdict,
            Ok(p) => match failures.get(&i) {
                None => Verdict::Valid(describe(&p)),
                Some(ProofError::VerificationError) => {
                    Verdict::Invalid("proof does not verify".into())
                }
                Some(e) => Verdict::Invalid(e.to_string()),
            },
        })
        .collect()
}

/// What a valid proof proves: `ristretto255, 64 bits, 2 values, 736 bytes`, and for
/// Bulletproofs+ `ristretto255, bp+, 64 bits, 2 values, extension degree 1, 641
/// bytes` (with `, with minimum values` when one is not zero); a range proof adds
/// `range [a, b], ` before its bit width.
fn describe(p: &Pending) -> String {
    let plus = match (p.protocol, p.extension_degree) {
        (Protocol::BpPlus, Some(t)) => (
            format!(", {}", p.protocol.name()),
            format!(
                ", extension degree {t}{}",
                if p.min_values {
                    ", with minimum values"
                } else {
                    ""
                }
            ),
        ),
        _ => (String::new(), String::new()),
    };
    let range = match p.range {
        Some((a, b)) => format!("range [{a}, {b}], "),
        None => String::new(),
    };
    format!(
        "{}{}, {range}{} bits, {}{}, {} bytes",
        p.curve.name(),
        plus.0,
        p.bits,
        plural(p.values, "value"),
        plus.1,
        p.proof_bytes
    )
}

/// `"1 value"`, `"2 values"`.
pub fn plural(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("{count} {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

/// Runs `ballistic verify`.
pub fn run(args: VerifyArgs) -> Result<ExitCode, CliError> {
    if let Some(path) = &args.vectors {
        return crate::vectors::run(path);
    }
    let decoded: Vec<Result<Pending, Verdict>> = args.files.iter().map(|p| check_path(p)).collect();
    report(&args.files, verify_all(decoded))
}

/// Prints one line per file (`valid (…)`, `INVALID (reason)`, or `MALFORMED` with
/// the reason on standard error), then a summary, and returns the exit status:
/// [`EXIT_ERROR`] if any file is malformed, else [`EXIT_INVALID`] if any proof is
/// invalid, else [`EXIT_OK`]. `verdicts` are in the order of `files`.
pub fn report(files: &[PathBuf], verdicts: Vec<Verdict>) -> Result<ExitCode, CliError> {
    let mut out = std::io::stdout().lock();
    let (mut valid, mut invalid, mut malformed) = (0usize, Vec::new(), Vec::new());
    for (path, verdict) in files.iter().zip(verdicts) {
        let name = if path.as_os_str() == "-" {
            "<stdin>".to_string()
        } else {
            path.display().to_string()
        };
        match verdict {
            Verdict::Valid(description) => {
                valid += 1;
                writeln!(out, "{name}: valid ({description})")?;
            }
            Verdict::Invalid(reason) => {
                writeln!(out, "{name}: INVALID ({reason})")?;
                invalid.push(name);
            }
            Verdict::Malformed(reason) => {
                out.flush()?;
                eprint_line(&format!("error: {name}: {reason}"));
                writeln!(out, "{name}: MALFORMED")?;
                malformed.push(name);
            }
        }
    }

    let total = files.len();
    let mut summary = if valid == total {
        format!("all {} valid", plural(total, "proof"))
    } else {
        format!("{valid} of {} valid", plural(total, "proof"))
    };
    if !invalid.is_empty() {
        summary.push_str(&format!("; invalid: {}", invalid.join(", ")));
    }
    if !malformed.is_empty() {
        summary.push_str(&format!("; malformed: {}", malformed.join(", ")));
    }
    writeln!(out, "{summary}")?;
    out.flush()?;

    let code = if !malformed.is_empty() {
        EXIT_ERROR
    } else if !invalid.is_empty() {
        EXIT_INVALID
    } else {
        EXIT_OK
    };
    Ok(ExitCode::from(code))
}
