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
    Curve, Opening, OpeningsFile, ProofFileOut, DEFAULT_DOMAIN, MAX_DOMAIN_BYTES, MAX_VALUES,
};

/// Arguments of `ballistic prove`.
#[derive(Debug, Args)]
pub struct ProveArgs {
    /// Curve to prove on (only ristretto255 for now).
    #[arg(long, value_name = "NAME", default_value = crate::format::CURVE_RISTRETTO255)]
    pub curve: String,

    /// Bit width n: proves 0 <= v < 2^n for every value (1..=64).
    #[arg(long, value_name = "N", default_value_t = 64,
          value_parser = clap::value_parser!(u8).range(1..=64))]
    pub bits: u8,

    /// Comma-separated values to commit to and prove, e.g. 10,20,30.
    #[arg(long, value_name = "V1,V2,...", value_delimiter = ',', required = true)]
    pub values: Vec<u64>,

    /// Merlin transcript label; the verifier must use the same one (it is stored in
    /// the proof file).
    #[arg(long, value_name = "LABEL", default_value = DEFAULT_DOMAIN)]
    pub domain: String,

    /// Write the proof file here instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Also write the openings (values and blinding factors) to this file. It holds
    /// secrets: it is created with mode 0600 on Unix and never mixed into the proof.
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

/// Writes `contents` to `path`; with `secret`, the file is created readable by its
/// owner only (on Unix).
fn write_file(path: &Path, contents: &[u8], secret: bool) -> Result<(), CliError> {
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create(true).truncate(true);
    #[cfg(unix)]
    if secret {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    #[cfg(not(unix))]
    let _ = secret;
    let mut file = opts
        .open(path)
        .map_err(|e| CliError::new(format!("{}: cannot create: {e}", path.display())))?;
    file.write_all(contents)
        .and_then(|()| file.flush())
        .map_err(|e| CliError::new(format!("{}: cannot write: {e}", path.display())))
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
    check_values_fit(values, bits)?;
    if args.domain.len() > MAX_DOMAIN_BYTES {
        return Err(CliError::new(format!(
            "--domain is {} bytes long; the limit is {MAX_DOMAIN_BYTES}",
            args.domain.len()
        )));
    }
    if let (Some(out), Some(openings)) = (&args.out, &args.openings) {
        if out == openings {
            return Err(CliError::new(
                "--out and --openings name the same file; the openings are secret and \
                 must not go into the proof file",
            ));
        }
    }

    let m = values.len();
    let mut rng = OsRng;
    let blindings: Vec<Scalar> = (0..m).map(|_| random_scalar(&mut rng)).collect();
    let bp_gens = BulletproofGens::new(bits, m);
    let pc_gens = PedersenGens::default();
    // Transcript labels are &'static; the process is short-lived, so leaking one
    // label is harmless.
    let label: &'static [u8] = Box::leak(args.domain.clone().into_boxed_str()).as_bytes();
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

    let commitments_hex: Vec<String> = commitments
        .iter()
        .map(|c| hex::encode(c.as_bytes()))
        .collect();
    let proof_bytes = proof.to_bytes();
    let file = ProofFileOut {
        curve: curve.name(),
        bits,
        domain: &args.domain,
        commitments: commitments_hex.clone(),
        proof: hex::encode(&proof_bytes),
    };
    let mut json = serde_json::to_string(&file)
        .map_err(|e| CliError::new(format!("cannot encode the proof file: {e}")))?;
    json.push('\n');

    // Openings first: if they cannot be saved, no proof is emitted whose blindings
    // are lost.
    if let Some(path) = &args.openings {
        let openings = OpeningsFile {
            curve: curve.name().to_owned(),
            bits,
            domain: args.domain.clone(),
            openings: values
                .iter()
                .zip(&blindings)
                .zip(&commitments_hex)
                .map(|((&value, blinding), commitment)| Opening {
                    value,
                    blinding: hex::encode(blinding.to_bytes()),
                    commitment: commitment.clone(),
                })
                .collect(),
        };
        let mut text = serde_json::to_string_pretty(&openings)
            .map_err(|e| CliError::new(format!("cannot encode the openings: {e}")))?;
        text.push('\n');
        write_file(path, text.as_bytes(), true)?;
    }

    match &args.out {
        Some(path) => {
            write_file(path, json.as_bytes(), false)?;
            crate::error::eprint_line(&format!(
                "wrote {}: {} {} of {bits} bits on {}, {}-byte proof",
                path.display(),
                m,
                if m == 1 { "value" } else { "values" },
                curve.name(),
                proof_bytes.len()
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
