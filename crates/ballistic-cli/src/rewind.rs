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
//! Range-proof files (`prove --range`) are refused. The nonce is as secret as the
//! blinding: give it with `--nonce-file FILE` (hex; `-` reads standard input);
//! `--nonce HEX` puts it on the command line and warns.
//!
//! Exit status: 0 recovered; 1 the proof does not rewind with this nonce or (for
//! Bulletproofs+) does not verify, or the masks and `--value` do not open the
//! commitment; 2 usage error, unreadable or malformed file, or
//! an unsupported kind of proof.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use ballistic_api::ErrorCode;
use clap::Args;
use zeroize::Zeroizing;

use crate::error::{CliError, EXIT_INVALID};
use crate::format::{self, Curve, ProofFile, Protocol};
use crate::secret_input;

/// Arguments of `ballistic rewind`.
#[derive(Debug, Args)]
pub struct RewindArgs {
    /// The proof file (`-` reads it from standard input): a one-value secp256k1
    /// (secp256k1-zkp format) file, or a one-value bp+ file made with --seed-nonce.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// 32 bytes of hex: the "nonce" (secp256k1 bp) or the "seed_nonce" (bp+) of the
    /// proof's openings file. Prefer --nonce-file: an argument is visible to other
    /// users of the machine (a warning says so).
    #[arg(
        long,
        value_name = "HEX",
        required_unless_present = "nonce_file",
        conflicts_with = "nonce_file"
    )]
    pub nonce: Option<String>,

    /// A file holding the nonce as 64 hex digits (white space around them is
    /// ignored); `-` reads it from standard input.
    #[arg(long, value_name = "FILE")]
    pub nonce_file: Option<PathBuf>,

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

/// The 32 bytes of the nonce in hex, given with `flag`.
fn nonce_bytes(flag: &str, hex_text: &[u8]) -> Result<Zeroizing<[u8; 32]>, CliError> {
    let bytes = Zeroizing::new(
        hex::decode(hex_text).map_err(|e| CliError::new(format!("{flag}: not hex ({e})")))?,
    );
    let mut nonce = Zeroizing::new([0u8; 32]);
    if bytes.len() != nonce.len() {
        return Err(CliError::new(format!(
            "{flag}: not 32 bytes of hex (got {} bytes)",
            bytes.len()
        )));
    }
    nonce.copy_from_slice(&bytes);
    Ok(nonce)
}

/// The nonce of `--nonce-file` or (with a warning) `--nonce`.
fn nonce(args: &RewindArgs) -> Result<Zeroizing<[u8; 32]>, CliError> {
    match (&args.nonce_file, &args.nonce) {
        (Some(path), _) => {
            let text = secret_input::read("--nonce-file", path)?;
            nonce_bytes("--nonce-file", &secret_input::trimmed(&text))
        }
        (None, Some(hex_text)) => {
            secret_input::warn_argument("--nonce", "--nonce-file");
            nonce_bytes("--nonce", hex_text.as_bytes())
        }
        (None, None) => Err(CliError::new("give the nonce with --nonce-file FILE")),
    }
}

/// Runs `ballistic rewind`.
pub fn run(args: RewindArgs) -> Result<ExitCode, CliError> {
    if args.file.as_os_str() == "-"
        && args
            .nonce_file
            .as_ref()
            .is_some_and(|p| p.as_os_str() == "-")
    {
        return Err(CliError::new(
            "--nonce-file - and the proof file - both read standard input; name one of them",
        ));
    }
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
    let nonce = nonce(&args)?;
    let commitment = file
        .commitments
        .first()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let result = ballistic_api::rewind(&file.params(), commitment, &file.proof, &nonce, args.value);
    let r = match result {
        Ok(r) => r,
        Err(e) => return rewind_failure(&name, &file, args.value, &e),
    };
    let mut lines = Vec::new();
    match file.protocol {
        Protocol::Bp => {
            lines.push(format!(
                "{name}: rewound ({}, {} bits, 1 value)",
                file.curve.name(),
                file.bits
            ));
            lines.push(format!("value: {}", r.value.unwrap_or_default()));
            if let Some(blinding) = r.blindings.first() {
                lines.push(format!("blinding: {}", hex::encode(**blinding)));
            }
            lines.push(format!(
                "message: {}",
                hex::encode(r.message.unwrap_or_default())
            ));
        }
        Protocol::BpPlus => {
            lines.push(format!(
                "{name}: valid, masks recovered ({}, bp+, {} bits, 1 value, extension degree {})",
                file.curve.name(),
                file.bits,
                file.extension_degree.unwrap_or(1)
            ));
            for (k, mask) in r.blindings.iter().enumerate() {
                lines.push(format!("mask[{k}]: {}", hex::encode(**mask)));
            }
            match args.value {
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
        }
    }
    // The lines hold the blinding or masks: wiped once printed.
    let lines = Zeroizing::new(lines);
    print_lines(&lines)?;
    Ok(ExitCode::SUCCESS)
}

/// Reports a failed rewind: a proof that does not rewind (or, for Bulletproofs+,
/// does not verify) is exit 1 with `NOT REWOUND` / `INVALID`; a file whose
/// Bulletproofs proof does not decode, or a bad seed nonce, is a usage error.
fn rewind_failure(
    name: &str,
    file: &ProofFile,
    value: Option<u64>,
    e: &ballistic_api::Error,
) -> Result<ExitCode, CliError> {
    let line = match (e.code(), file.protocol) {
        (ErrorCode::RewindFailed, Protocol::Bp) => {
            let hint = match file.curve {
                Curve::Secp256k1 => {
                    "a wrong nonce, another extra_commit, or a proof made with another nonce"
                }
                Curve::Ristretto255 => "a wrong nonce, or a proof not made with --rewindable",
            };
            format!("{name}: NOT REWOUND (the nonce does not rewind this proof: {hint})")
        }
        (ErrorCode::RewindFailed, Protocol::BpPlus) => match value {
            Some(v) => format!(
                "{name}: NOT REWOUND (the recovered masks and the value {v} do not open the \
                 commitment: a wrong seed nonce, or another value)"
            ),
            None => format!("{name}: NOT REWOUND ({e})"),
        },
        (ErrorCode::InvalidProof, _) => format!("{name}: INVALID ({e})"),
        (ErrorCode::MalformedProof, Protocol::BpPlus) => format!("{name}: INVALID ({e})"),
        (ErrorCode::InvalidArgument, Protocol::BpPlus) if e.message().contains("seed nonce") => {
            return Err(CliError::new(format!(
                "--nonce: not a canonical {} scalar (the \"seed_nonce\" of the openings file)",
                file.curve.name()
            )))
        }
        _ => return Err(CliError::new(format!("{name}: {e}"))),
    };
    print_lines(&[line])?;
    Ok(ExitCode::from(EXIT_INVALID))
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
