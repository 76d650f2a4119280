//! `ballistic prove`: commit to values with random blindings and prove that they lie
//! in `[0, 2^bits)`.

use std::io::Write;
use std::path::{Path, PathBuf};

use ballistic::merlin::Transcript;
use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof, Scalar};
use clap::Args;
use rand::rngs::OsRng;
use rand::RngCore;

use crate::error::CliError;
use crate::format::{
    self, Curve, Opening, OpeningsFile, ProofFileOut, DEFAULT_DOMAIN, MAX_DOMAIN_BYTES, MAX_VALUES,
};
use crate::output;
use crate::secp;

/// Arguments of `ballistic prove`.
#[derive(Debug, Args)]
pub struct ProveArgs {
    /// Curve and wire format: ristretto255 (dalek's bulletproofs) or secp256k1
    /// (secp256k1-zkp's, i.e. Grin's).
    #[arg(long, value_name = "NAME", default_value = crate::format::CURVE_RISTRETTO255)]
    pub curve: String,

    /// Bit width n: proves 0 <= v < 2^n for every value (1..=64; on secp256k1 one of
    /// 1, 2, 4, 8, 16, 32, 64).
    #[arg(long, value_name = "N", default_value_t = 64,
          value_parser = clap::value_parser!(u8).range(1..=64))]
    pub bits: u8,

    /// Comma-separated values to commit to and prove, e.g. 10,20,30 (on secp256k1, a
    /// power of two of them: 1, 2, 4, ...).
    #[arg(long, value_name = "V1,V2,...", value_delimiter = ',', required = true)]
    pub values: Vec<u64>,

    /// ristretto255 only: the Merlin transcript label [default: ballistic]; the
    /// verifier must use the same one (it is stored in the proof file).
    #[arg(long, value_name = "LABEL")]
    pub domain: Option<String>,

    /// secp256k1 only: bytes (hex) bound into the proof as secp256k1-zkp's
    /// extra_commit, stored in the proof file. --extra-commit "" binds an empty one,
    /// which is a different statement from none.
    #[arg(long, value_name = "HEX")]
    pub extra_commit: Option<String>,

    /// Write the proof file here instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Also write the openings (values and blinding factors; on secp256k1 also the
    /// rewind nonce) to this file. It holds secrets: it is written as a new file
    /// with mode 0600 on Unix (replacing an existing one), never through a symbolic
    /// link, and never the same file as --out.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
}

/// A uniformly random scalar from the operating system's RNG.
pub fn random_scalar<R: RngCore>(rng: &mut R) -> Scalar {
    let mut wide = [0u8; 64];
    rng.fill_bytes(&mut wide);
    Scalar::from_bytes_mod_order_wide(&wide)
}

/// Checks that every value fits in `bits` bits; the error names the first that does
/// not.
pub fn check_values_fit(values: &[u64], bits: usize) -> Result<(), CliError> {
    let max = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    match values.iter().enumerate().find(|(_, &v)| v > max) {
        Some((i, v)) => Err(CliError::new(format!(
            "value {v} (values[{i}]) does not fit in {bits} bits (the largest is {max}); \
             use a larger --bits"
        ))),
        None => Ok(()),
    }
}

/// Checks, before anything is written, that the openings path is not a symbolic
/// link and that `--out` and `--openings` name different files (compared where the
/// writes would land: see [`output`]).
fn check_outputs(out: Option<&Path>, openings: Option<&Path>) -> Result<(), CliError> {
    let Some(openings) = openings else {
        return Ok(());
    };
    output::refuse_symlink(openings, "--openings")?;
    let locate = |flag: &str, path: &Path| {
        output::destination(path)
            .map_err(|e| CliError::new(format!("{flag} {}: {e}", path.display())))
    };
    let secret = locate("--openings", openings)?;
    if let Some(out) = out {
        if locate("--out", out)?.same_file(&secret) {
            return Err(CliError::new(format!(
                "--out {} and --openings {} name the same file; the openings are secret \
                 and must not go into the proof file",
                out.display(),
                openings.display()
            )));
        }
    }
    Ok(())
}

/// A proof made on one curve, hex-encoded for the proof and openings files.
struct Proven {
    /// The commitments, in the values' order.
    commitments: Vec<String>,
    /// The blinding factors, in the values' order.
    blindings: Vec<String>,
    /// The proof bytes.
    proof: Vec<u8>,
    /// The transcript label (ristretto255).
    domain: Option<String>,
    /// The extra commitment (secp256k1, when given).
    extra_commit: Option<String>,
    /// The rewind nonce (secp256k1): for the openings file only.
    nonce: Option<String>,
}

/// The curve-specific options, checked against the curve.
enum Options {
    /// ristretto255: the Merlin label.
    Ristretto255 { domain: String },
    /// secp256k1: the extra commitment (`Some(vec![])` differs from `None`).
    Secp256k1 { extra_commit: Option<Vec<u8>> },
}

/// Checks the curve-specific flags and the shape; usage errors name the flag.
fn check_options(args: &ProveArgs, curve: Curve) -> Result<Options, CliError> {
    match curve {
        Curve::Ristretto255 => {
            if args.extra_commit.is_some() {
                return Err(CliError::new(
                    "--extra-commit is only for --curve secp256k1; ristretto255 proofs bind \
                     context with --domain",
                ));
            }
            let domain = args
                .domain
                .clone()
                .unwrap_or_else(|| DEFAULT_DOMAIN.to_owned());
            if domain.len() > MAX_DOMAIN_BYTES {
                return Err(CliError::new(format!(
                    "--domain is {} bytes long; the limit is {MAX_DOMAIN_BYTES}",
                    domain.len()
                )));
            }
            Ok(Options::Ristretto255 { domain })
        }
        Curve::Secp256k1 => {
            if args.domain.is_some() {
                return Err(CliError::new(
                    "--domain is not available with --curve secp256k1: secp256k1-zkp's \
                     transcript has no label; bind context with --extra-commit HEX instead",
                ));
            }
            let bits = usize::from(args.bits);
            format::check_secp256k1_bits(bits)
                .map_err(|m| CliError::new(format!("--bits {bits}: {m}")))?;
            let m = args.values.len();
            format::check_secp256k1_values(m).map_err(|msg| {
                CliError::new(format!(
                    "--values: {msg}; add zero values to reach {}",
                    m.next_power_of_two()
                ))
            })?;
            let extra_commit = args
                .extra_commit
                .as_deref()
                .map(|h| {
                    hex::decode(h)
                        .map_err(|e| CliError::new(format!("--extra-commit: not hex ({e}): {h:?}")))
                })
                .transpose()?;
            Ok(Options::Secp256k1 { extra_commit })
        }
    }
}

/// Proves on ristretto255 with the Merlin label `domain`.
fn prove_ristretto255(values: &[u64], bits: usize, domain: String) -> Result<Proven, CliError> {
    let m = values.len();
    let mut rng = OsRng;
    let blindings: Vec<Scalar> = (0..m).map(|_| random_scalar(&mut rng)).collect();
    let bp_gens = BulletproofGens::new(bits, m);
    let pc_gens = PedersenGens::default();
    // Transcript labels are &'static; the process is short-lived, so leaking one
    // label is harmless.
    let label: &'static [u8] = Box::leak(domain.clone().into_boxed_str()).as_bytes();
    let (proof, commitments) = RangeProof::prove_multiple_with_rng(
        &bp_gens,
        &pc_gens,
        &mut Transcript::new(label),
        values,
        &blindings,
        bits,
        &mut rng,
    )
    .map_err(|e| CliError::new(format!("proving failed: {e}")))?;
    Ok(Proven {
        commitments: commitments
            .iter()
            .map(|c| hex::encode(c.as_bytes()))
            .collect(),
        blindings: blindings
            .iter()
            .map(|b| hex::encode(b.to_bytes()))
            .collect(),
        proof: proof.to_bytes(),
        domain: Some(domain),
        extra_commit: None,
        nonce: None,
    })
}

/// Proves on secp256k1 in secp256k1-zkp's format, with a fresh random rewind nonce
/// and the generators of [`format::secp256k1_generator_count`].
fn prove_secp256k1(
    values: &[u64],
    bits: usize,
    extra_commit: Option<Vec<u8>>,
) -> Result<Proven, CliError> {
    use ballistic::secp256k1::{PedersenGens, RangeProof, Transcript};
    let m = values.len();
    let mut rng = OsRng;
    let blindings: Vec<ballistic::secp256k1::Scalar> =
        (0..m).map(|_| secp::random_scalar(&mut rng)).collect();
    let nonce = secp::random_nonce(&mut rng);
    let bp_gens = secp::generators_for(bits, m);
    let pc_gens = PedersenGens::default();
    let mut transcript = Transcript::new().with_nonce(nonce);
    if let Some(extra) = &extra_commit {
        transcript = transcript.with_extra_commit(extra);
    }
    let (proof, commitments) = RangeProof::prove_multiple_with_rng(
        &bp_gens,
        &pc_gens,
        &mut transcript,
        values,
        &blindings,
        bits,
        &mut rng,
    )
    .map_err(|e| CliError::new(format!("proving failed: {e}")))?;
    Ok(Proven {
        commitments: commitments.iter().map(hex::encode).collect(),
        blindings: blindings
            .iter()
            .map(|b| hex::encode(b.to_bytes()))
            .collect(),
        proof: proof.to_bytes(),
        domain: None,
        extra_commit: extra_commit.map(hex::encode),
        nonce: Some(hex::encode(nonce)),
    })
}

/// Runs `ballistic prove`.
pub fn run(args: ProveArgs) -> Result<std::process::ExitCode, CliError> {
    let curve = Curve::parse(&args.curve).map_err(CliError::new)?;
    let bits = usize::from(args.bits);
    let values = &args.values;
    if values.len() > MAX_VALUES {
        return Err(CliError::new(format!(
            "{} values; the limit is {MAX_VALUES} per proof",
            values.len()
        )));
    }
    let options = check_options(&args, curve)?;
    check_values_fit(values, bits)?;
    check_outputs(args.out.as_deref(), args.openings.as_deref())?;

    let m = values.len();
    let proven = match options {
        Options::Ristretto255 { domain } => prove_ristretto255(values, bits, domain)?,
        Options::Secp256k1 { extra_commit } => prove_secp256k1(values, bits, extra_commit)?,
    };
    let file = ProofFileOut {
        curve: curve.name(),
        bits,
        domain: proven.domain.as_deref(),
        commitments: proven.commitments.clone(),
        proof: hex::encode(&proven.proof),
        extra_commit: proven.extra_commit.clone(),
    };
    let mut json = serde_json::to_string(&file)
        .map_err(|e| CliError::new(format!("cannot encode the proof file: {e}")))?;
    json.push('\n');

    // Openings first: if they cannot be saved, no proof is emitted whose blindings
    // are lost.
    let openings_id = if let Some(path) = &args.openings {
        let openings = OpeningsFile {
            curve: curve.name().to_owned(),
            bits,
            domain: proven.domain.clone(),
            extra_commit: proven.extra_commit.clone(),
            nonce: proven.nonce.clone(),
            openings: values
                .iter()
                .zip(&proven.blindings)
                .zip(&proven.commitments)
                .map(|((&value, blinding), commitment)| Opening {
                    value,
                    blinding: blinding.clone(),
                    commitment: commitment.clone(),
                })
                .collect(),
        };
        let mut text = zeroize::Zeroizing::new(
            serde_json::to_string_pretty(&openings)
                .map_err(|e| CliError::new(format!("cannot encode the openings: {e}")))?,
        );
        text.push('\n');
        Some(output::write_secret(path, |file| {
            file.write_all(text.as_bytes())
        })?)
    } else {
        None
    };

    match &args.out {
        Some(path) => {
            output::write_public(path, json.as_bytes(), openings_id)?;
            crate::error::eprint_line(&format!(
                "wrote {}: {} {} of {bits} bits on {}, {}-byte proof",
                path.display(),
                m,
                if m == 1 { "value" } else { "values" },
                curve.name(),
                proven.proof.len()
            ));
        }
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(json.as_bytes())?;
            out.flush()?;
        }
    }
    Ok(std::process::ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn value_fit() {
        assert!(check_values_fit(&[255], 8).is_ok());
        let e = check_values_fit(&[1, 256], 8).unwrap_err().to_string();
        assert!(
            e.contains("value 256 (values[1]) does not fit in 8 bits"),
            "{e}"
        );
        assert!(check_values_fit(&[u64::MAX], 64).is_ok());
        assert!(check_values_fit(&[1], 1).is_ok());
        assert!(check_values_fit(&[2], 1).is_err());
    }
}
