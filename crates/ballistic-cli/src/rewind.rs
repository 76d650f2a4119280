//! `ballistic rewind`: recover what a proof's nonce reveals to its holder.
//!
//! * A secp256k1 Bulletproofs file (secp256k1-zkp's format, one value): `--nonce` is
//!   the rewind nonce of the openings file; prints the value, the blinding factor and
//!   the 20-byte message (`RangeProof::rewind`, which also checks that the value and
//!   blinding open the commitment; the proof itself is not verified: `verify` does
//!   that).
//! * A Bulletproofs+ file made with `prove --seed-nonce` (one value, either curve):
//!   `--nonce` is the seed nonce of the openings file; the proof is verified and its
//!   masks recovered (`recover_masks` with `VerifyAction::RecoverAndVerify`). The
//!   value is not in a Bulletproofs+ proof: only the masks are recovered, and a wrong
//!   seed gives wrong masks, not an error; `--value V` checks that `V` and the masks
//!   open the commitment (exit 1 if not).
//! * A ristretto255 Bulletproofs file made with `prove --rewindable` (one value):
//!   `--nonce` is the rewind nonce of the openings file; prints the value and the
//!   blinding (`RangeProof::rewind`, which checks that they open the commitment;
//!   the proof itself is not verified).
//!
//! Range-proof files (`prove --range`) are refused.
//!
//! Exit status: 0 recovered; 1 the proof does not rewind with this nonce or (for
//! Bulletproofs+) does not verify, or the masks and `--value` do not open the
//! commitment; 2 usage error, unreadable or malformed file, or
//! an unsupported kind of proof.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use ballistic::bp_plus::VerifyAction;
use ballistic::curve::Curve as CurveOps;
use ballistic::generators::{BulletproofGens, ExtendedPedersenGens};
use ballistic::merlin::Transcript;
use ballistic::secp256k1 as k1;
use ballistic::ProofError;
use clap::Args;
use zeroize::Zeroizing;

use crate::error::{CliError, EXIT_INVALID};
use crate::format::{self, Curve, ProofFile, Protocol};
use crate::verify::{decode_plus, Verdict};

/// Arguments of `ballistic rewind`.
#[derive(Debug, Args)]
pub struct RewindArgs {
    /// The proof file (`-` reads it from standard input): a one-value secp256k1
    /// (secp256k1-zkp format) file, or a one-value bp+ file made with --seed-nonce.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// 32 bytes of hex: the "nonce" (secp256k1 bp) or the "seed_nonce" (bp+) of the
    /// proof's openings file.
    #[arg(long, value_name = "HEX", required = true)]
    pub nonce: String,

    /// bp+ only: the committed value, if known: the recovered masks are then checked
    /// to open the commitment with it (a wrong seed fails this check).
    #[arg(long, value_name = "V")]
    pub value: Option<u64>,
}

/// The name of `path` in messages.
fn display_name(path: &std::path::Path) -> String {
    if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// The 32 bytes of `--nonce`.
fn nonce_bytes(hex_text: &str) -> Result<Zeroizing<[u8; 32]>, CliError> {
    let bytes = Zeroizing::new(
        hex::decode(hex_text).map_err(|e| CliError::new(format!("--nonce: not hex ({e})")))?,
    );
    let mut nonce = Zeroizing::new([0u8; 32]);
    if bytes.len() != nonce.len() {
        return Err(CliError::new(format!(
            "--nonce: not 32 bytes of hex (got {} bytes)",
            bytes.len()
        )));
    }
    nonce.copy_from_slice(&bytes);
    Ok(nonce)
}

/// Runs `ballistic rewind`.
pub fn run(args: RewindArgs) -> Result<ExitCode, CliError> {
    let name = display_name(&args.file);
    let file = format::read_limited(&args.file)
        .and_then(|bytes| format::parse_proof_file(&bytes))
        .map_err(|e| CliError::new(format!("{name}: {e}")))?;
    if let Some((a, b)) = file.range {
        return Err(CliError::new(format!(
            "{name}: a range proof of [{a}, {b}]; rewinding is not supported for range \
             proofs (their proof is about two derived values)"
        )));
    }
    let m = file.commitments.len();
    if m != 1 {
        return Err(CliError::new(format!(
            "{name}: a proof of {m} values; rewinding needs a proof of exactly one value"
        )));
    }
    if args.value.is_some() && file.protocol == Protocol::Bp {
        return Err(CliError::new(
            "--value is only for bp+ files (a secp256k1 bp rewind recovers the value and \
             checks the opening itself)",
        ));
    }
    let nonce = nonce_bytes(&args.nonce)?;
    match file.curve {
        Curve::Secp256k1 if file.protocol == Protocol::Bp => rewind_secp256k1(&name, &file, &nonce),
        Curve::Ristretto255 if file.protocol == Protocol::Bp => {
            rewind_ristretto255(&name, &file, &nonce)
        }
        Curve::Ristretto255 => rewind_plus::<ballistic::ristretto::Ristretto>(
            &name,
            &file,
            &nonce,
            args.value,
            ballistic::ristretto::bp_plus::pedersen_gens,
        ),
        Curve::Secp256k1 => rewind_plus::<k1::Secp256k1>(
            &name,
            &file,
            &nonce,
            args.value,
            k1::bp_plus::pedersen_gens,
        ),
    }
}

/// Prints `lines` on standard output.
fn print_lines(lines: &[String]) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    for line in lines {
        writeln!(out, "{line}")?;
    }
    out.flush()?;
    Ok(())
}

/// Rewinds a one-value secp256k1-zkp proof with its rewind nonce.
fn rewind_secp256k1(name: &str, file: &ProofFile, nonce: &[u8; 32]) -> Result<ExitCode, CliError> {
    let invalid = |what: &str| CliError::new(format!("{name}: {what}"));
    let expected = Curve::Secp256k1.proof_len(file.bits, 1);
    if file.proof.len() != expected {
        return Err(invalid(&format!(
            "proof is {} bytes; 1 value of {} bits needs {expected}",
            file.proof.len(),
            file.bits
        )));
    }
    let proof = k1::RangeProof::from_bytes(&file.proof)
        .map_err(|_| invalid("proof bytes are not canonical points and scalars"))?;
    let commitment: [u8; 33] = file
        .commitments
        .first()
        .and_then(|c| <[u8; 33]>::try_from(c.as_slice()).ok())
        .ok_or_else(|| invalid("field \"commitments[0]\": not 33 bytes"))?;
    let mut transcript = k1::Transcript::new();
    if let Some(extra) = &file.extra_commit {
        transcript = transcript.with_extra_commit(extra);
    }
    let pc = k1::PedersenGens::default();
    match proof.rewind_with_bits(&pc, &transcript, &commitment, Some(file.bits), nonce) {
        Ok(r) => {
            print_lines(&[
                format!("{name}: rewound (secp256k1, {} bits, 1 value)", file.bits),
                format!("value: {}", r.value),
                format!("blinding: {}", hex::encode(r.blinding.to_bytes())),
                format!("message: {}", hex::encode(r.message)),
            ])?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            let why = match e {
                ProofError::RewindError => {
                    "the nonce does not rewind this proof: a wrong nonce, another \
                     extra_commit, or a proof made with another nonce"
                        .to_string()
                }
                other => other.to_string(),
            };
            print_lines(&[format!("{name}: NOT REWOUND ({why})")])?;
            Ok(ExitCode::from(EXIT_INVALID))
        }
    }
}

/// Rewinds a one-value ristretto255 proof made with `prove --rewindable`.
fn rewind_ristretto255(
    name: &str,
    file: &ProofFile,
    nonce: &[u8; 32],
) -> Result<ExitCode, CliError> {
    use ballistic::ristretto::{BulletproofGens, CompressedRistretto, PedersenGens, RangeProof};
    let invalid = |what: &str| CliError::new(format!("{name}: {what}"));
    let proof = RangeProof::from_bytes(&file.proof)
        .map_err(|_| invalid("proof bytes are not canonical points and scalars"))?;
    let commitment = file
        .commitments
        .first()
        .and_then(|c| CompressedRistretto::from_slice(c).ok())
        .ok_or_else(|| invalid("field \"commitments[0]\": not 32 bytes"))?;
    let domain = file
        .domain
        .clone()
        .ok_or_else(|| invalid("field \"domain\" is missing"))?;
    // Transcript labels are &'static; the process is short-lived.
    let label: &'static [u8] = Box::leak(domain.into_boxed_str()).as_bytes();
    let bp = BulletproofGens::new(file.bits, 1);
    let pc = PedersenGens::default();
    match proof.rewind(
        &bp,
        &pc,
        &mut Transcript::new(label),
        &commitment,
        file.bits,
        nonce,
    ) {
        Ok(r) => {
            print_lines(&[
                format!(
                    "{name}: rewound (ristretto255, {} bits, 1 value)",
                    file.bits
                ),
                format!("value: {}", r.value()),
                format!("blinding: {}", hex::encode(r.blinding().to_bytes())),
                format!("message: {}", hex::encode(r.message())),
            ])?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            let why = match e {
                ProofError::RewindError => "the nonce does not rewind this proof: a wrong \
                     nonce, or a proof not made with --rewindable"
                    .to_string(),
                other => other.to_string(),
            };
            print_lines(&[format!("{name}: NOT REWOUND ({why})")])?;
            Ok(ExitCode::from(EXIT_INVALID))
        }
    }
}

/// Verifies a one-value Bulletproofs+ proof and recovers its masks with the seed
/// nonce `seed` (a canonical scalar encoding), over the bases `bases(t)`; with
/// `value`, checks that the value and the masks open the commitment.
fn rewind_plus<C: CurveOps>(
    name: &str,
    file: &ProofFile,
    seed: &[u8; 32],
    value: Option<u64>,
    bases: fn(usize) -> Result<ExtendedPedersenGens<C>, ProofError>,
) -> Result<ExitCode, CliError> {
    let p = match decode_plus::<C>(file) {
        Ok(p) => p,
        Err(Verdict::Invalid(why)) => {
            print_lines(&[format!("{name}: INVALID ({why})")])?;
            return Ok(ExitCode::from(EXIT_INVALID));
        }
        Err(Verdict::Malformed(why) | Verdict::Valid(why)) => {
            return Err(CliError::new(format!("{name}: {why}")))
        }
    };
    let seed = C::scalar_from_canonical_bytes(seed)
        .map(|s| C::scalar_to_api(&s))
        .ok_or_else(|| {
            CliError::new(format!(
                "--nonce: not a canonical {} scalar (the \"seed_nonce\" of the openings file)",
                C::NAME
            ))
        })?;
    let pc = bases(p.t).map_err(|e| CliError::new(format!("{name}: {e}")))?;
    let commitment = p
        .commitments
        .first()
        .ok_or_else(|| CliError::new(format!("{name}: no commitment")))?;
    let bp_gens = BulletproofGens::<C>::new(file.bits, 1);
    let result = p.proof.recover_masks(
        &bp_gens,
        &pc,
        &mut Transcript::new(p.label),
        commitment,
        p.min_values.first().copied().unwrap_or(0),
        file.bits,
        &seed,
        VerifyAction::RecoverAndVerify,
        &mut rand::thread_rng(),
    );
    match result {
        Ok(Some(masks)) => {
            if let Some(v) = value {
                let opens = pc
                    .commit(C::scalar_to_api(&C::scalar_from_u64(v)), &masks)
                    .is_ok_and(|point| C::encode(&C::point_from_api(&point)) == *commitment);
                if !opens {
                    print_lines(&[format!(
                        "{name}: NOT REWOUND (the recovered masks and the value {v} do not \
                         open the commitment: a wrong seed nonce, or another value)"
                    )])?;
                    return Ok(ExitCode::from(EXIT_INVALID));
                }
            }
            let mut lines = vec![format!(
                "{name}: valid, masks recovered ({}, bp+, {} bits, 1 value, extension degree {})",
                C::NAME,
                file.bits,
                p.t
            )];
            for (k, mask) in masks.iter().enumerate() {
                let bytes = Zeroizing::new(C::scalar_to_bytes(&C::scalar_from_api(mask)));
                lines.push(format!("mask[{k}]: {}", hex::encode(*bytes)));
            }
            match value {
                Some(v) => lines.push(format!(
                    "value: {v} (given with --value; with the masks it opens the commitment)"
                )),
                None => {
                    lines.push(
                        "value: not recoverable from a Bulletproofs+ proof (only the masks \
                         are; v·B = V − Σ mask[k]·B̃_k leaves v to a search)"
                            .to_string(),
                    );
                    lines.push(
                        "note: a wrong seed gives wrong masks, not an error; give --value \
                         to check them against the commitment"
                            .to_string(),
                    );
                }
            }
            print_lines(&lines)?;
            Ok(ExitCode::SUCCESS)
        }
        Ok(None) => Err(CliError::new(format!("{name}: no masks recovered"))),
        Err(e) => {
            let why = match e {
                ProofError::VerificationError => "proof does not verify".to_string(),
                other => other.to_string(),
            };
            print_lines(&[format!("{name}: INVALID ({why})")])?;
            Ok(ExitCode::from(EXIT_INVALID))
        }
    }
}
