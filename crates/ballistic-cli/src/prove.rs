//! `ballistic prove`: commit to values with random blindings and prove that they lie
//! in `[0, 2^bits)` (Bulletproofs+: in `[o_j, o_j + 2^bits)` for minimum values
//! `o_j`), or that one value lies in a range `[a, b]` (`--range A..=B`).

use std::io::Write;
use std::path::{Path, PathBuf};

use ballistic::range_proof::range::range_bits;
use ballistic::ristretto::Scalar;
use clap::Args;
use rand::RngCore;

use crate::error::CliError;
use crate::format::{
    self, Curve, Opening, OpeningsFile, ProofFileOut, Protocol, DEFAULT_DOMAIN, MAX_DOMAIN_BYTES,
    MAX_VALUES,
};
use crate::output;

/// Arguments of `ballistic prove`.
#[derive(Debug, Args)]
pub struct ProveArgs {
    /// Curve and wire format: ristretto255 (dalek's bulletproofs) or secp256k1
    /// (secp256k1-zkp's, i.e. Grin's).
    #[arg(long, value_name = "NAME", default_value = crate::format::CURVE_RISTRETTO255)]
    pub curve: String,

    /// Protocol: bp (Bulletproofs) or bp+ (Bulletproofs+: Tari's format on
    /// ristretto255; any n in 1..=64 and any number of values on both curves).
    #[arg(long, value_name = "NAME", default_value = crate::format::PROTOCOL_BP)]
    pub protocol: String,

    /// Bit width n: proves 0 <= v < 2^n for every value (1..=64; on secp256k1 one of
    /// 1, 2, 4, 8, 16, 32, 64) [default: 64]. Not with --range.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=64))]
    pub bits: Option<u8>,

    /// Prove a <= v <= b for one value instead of 0 <= v < 2^n: the inclusive range
    /// A..=B of u64 bounds, e.g. 18..=130 (no other syntax). The bit width is derived
    /// from the range (the bit length of b − a) and the proof file stores the range.
    /// Either protocol and curve; not with --bits, --min-values, --rewindable or
    /// --seed-nonce.
    #[arg(long, value_name = "A..=B", value_parser = parse_range)]
    pub range: Option<RangeArg>,

    /// Comma-separated values to commit to and prove, e.g. 10,20,30 (on secp256k1, a
    /// power of two of them: 1, 2, 4, ...).
    #[arg(long, value_name = "V1,V2,...", value_delimiter = ',', required = true)]
    pub values: Vec<u64>,

    /// The Merlin transcript label [default: ballistic] (ristretto255, and bp+ on
    /// both curves); the verifier must use the same one (it is stored in the proof
    /// file).
    #[arg(long, value_name = "LABEL")]
    pub domain: Option<String>,

    /// bp+ only: the number of masks (blinding bases) per commitment, 1..=6
    /// [default: 1]; Tari's extension degree.
    #[arg(long, value_name = "T", value_parser = clap::value_parser!(u8).range(1..=6))]
    pub extension_degree: Option<u8>,

    /// bp+ only: comma-separated minimum values, one per value: proves
    /// o_j <= v_j < o_j + 2^bits (each o_j below 2^bits); stored in the proof file.
    #[arg(long, value_name = "O1,O2,...", value_delimiter = ',')]
    pub min_values: Option<Vec<u64>>,

    /// bp+ only, one value, with --openings: derive the proof's nonces from a random
    /// seed nonce, saved in the openings file, from which `ballistic rewind`
    /// recovers the masks (never reuse a seed).
    #[arg(long)]
    pub seed_nonce: bool,

    /// ristretto255 bp only, one value, with --openings: make the proof rewindable
    /// with a random 32-byte rewind nonce saved in the openings file, from which
    /// `ballistic rewind` recovers the value and the blinding (the proof stays an
    /// ordinary proof in dalek's format).
    #[arg(long)]
    pub rewindable: bool,

    /// secp256k1 only: bytes (hex) bound into the proof as secp256k1-zkp's
    /// extra_commit, stored in the proof file. --extra-commit "" binds an empty one,
    /// which is a different statement from none.
    #[arg(long, value_name = "HEX")]
    pub extra_commit: Option<String>,

    /// Write the proof file here instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Also write the openings (values and blinding factors, or bp+ masks; on
    /// secp256k1 bp also the rewind nonce; with --seed-nonce the seed) to this file. It holds secrets: it is written as a new file
    /// with mode 0600 on Unix (replacing an existing one), never through a symbolic
    /// link, and never the same file as --out.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
}

/// The bit width when neither `--bits` nor `--range` gives one.
const DEFAULT_BITS: usize = 64;

/// An inclusive range `[a, b]` of `--range A..=B`, with `a <= b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RangeArg {
    /// The lower bound `a`.
    pub a: u64,
    /// The upper bound `b`.
    pub b: u64,
}

/// Parses `--range A..=B`: two decimal u64 bounds (digits only) around `..=`, with
/// `A <= B`; every other syntax is refused with a message saying what is expected.
pub fn parse_range(text: &str) -> Result<RangeArg, String> {
    const EXPECTED: &str = "expected an inclusive range A..=B of two u64 integers, e.g. 18..=130";
    let Some((a, b)) = text.split_once("..=") else {
        let why = if text.contains("..") {
            "only the inclusive form A..=B is accepted (not A..B or open ranges)"
        } else {
            "no \"..=\" between the bounds"
        };
        return Err(format!("{why}; {EXPECTED}"));
    };
    let bound = |name: &str, digits: &str| -> Result<u64, String> {
        if digits.is_empty() {
            return Err(format!("the bound {name} is missing; {EXPECTED}"));
        }
        if !digits.bytes().all(|c| c.is_ascii_digit()) {
            return Err(format!(
                "the bound {name} = {digits:?} is not a decimal integer; {EXPECTED}"
            ));
        }
        digits.parse::<u64>().map_err(|_| {
            format!(
                "the bound {name} = {digits} does not fit in u64 (the largest is {})",
                u64::MAX
            )
        })
    };
    let (a, b) = (bound("A", a)?, bound("B", b)?);
    if a > b {
        return Err(format!("{a}..={b} is empty: A must not be above B"));
    }
    Ok(RangeArg { a, b })
}

/// The bit width of the proof: [`range_bits`] of `--range`, else `--bits` (default
/// [`DEFAULT_BITS`]).
fn proof_bits(args: &ProveArgs) -> usize {
    match args.range {
        // `parse_range` has checked a <= b, for which range_bits cannot fail.
        Some(r) => range_bits(r.a, r.b).unwrap_or(DEFAULT_BITS),
        None => args.bits.map_or(DEFAULT_BITS, usize::from),
    }
}

/// Checks the flags of a range proof (`--range`): none that sets the statement
/// otherwise, exactly one value, and the value inside the range.
fn check_range_options(args: &ProveArgs, range: RangeArg) -> Result<(), CliError> {
    let refused = [
        (
            args.bits.is_some(),
            "--bits: the bit width is derived from the range",
        ),
        (
            args.min_values.is_some(),
            "--min-values: the range's bounds are the statement",
        ),
        (
            args.rewindable,
            "--rewindable: range proofs are not rewindable",
        ),
        (
            args.seed_nonce,
            "--seed-nonce: range proofs are not rewindable",
        ),
    ];
    if let Some((_, why)) = refused.iter().find(|(given, _)| *given) {
        return Err(CliError::new(format!("--range cannot be used with {why}")));
    }
    let RangeArg { a, b } = range;
    match args.values.as_slice() {
        [v] if (a..=b).contains(v) => Ok(()),
        [v] => Err(CliError::new(format!(
            "value {v} (values[0]) is outside --range {a}..={b}: a range proof proves \
             {a} <= v <= {b}"
        ))),
        more => Err(CliError::new(format!(
            "--range proves one value (got {})",
            more.len()
        ))),
    }
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

/// Checks the minimum values of a Bulletproofs+ proof: one per value, each below
/// `2^bits`, and each value in `[o_j, o_j + 2^bits)`; the error names the first
/// that fails.
pub fn check_min_values(values: &[u64], min_values: &[u64], bits: usize) -> Result<(), CliError> {
    if min_values.len() != values.len() {
        let entries = match min_values.len() {
            1 => "1 entry".to_string(),
            k => format!("{k} entries"),
        };
        return Err(CliError::new(format!(
            "--min-values has {entries} for {}; give one per value",
            crate::verify::plural(values.len(), "value")
        )));
    }
    for (i, (&v, &o)) in values.iter().zip(min_values).enumerate() {
        if bits < 64 && o >> bits != 0 {
            return Err(CliError::new(format!(
                "minimum value {o} (min-values[{i}]) does not fit in {bits} bits; a minimum \
                 value must be below 2^{bits}"
            )));
        }
        let offset = v.checked_sub(o).ok_or_else(|| {
            CliError::new(format!(
                "value {v} (values[{i}]) is below its minimum value {o}"
            ))
        })?;
        if bits < 64 && offset >> bits != 0 {
            return Err(CliError::new(format!(
                "value {v} (values[{i}]) is not below its minimum value {o} + 2^{bits}; use \
                 a larger --bits"
            )));
        }
    }
    Ok(())
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
    /// The blinding factors (Bulletproofs), in the values' order.
    blindings: Vec<String>,
    /// The masks (Bulletproofs+), one list per value, in the values' order.
    masks: Vec<Vec<String>>,
    /// The proof bytes.
    proof: Vec<u8>,
    /// The transcript label (ristretto255).
    domain: Option<String>,
    /// The extra commitment (secp256k1, when given).
    extra_commit: Option<String>,
    /// The rewind nonce (secp256k1): for the openings file only.
    nonce: Option<String>,
    /// The seed nonce (Bulletproofs+ with `--seed-nonce`): for the openings file
    /// only.
    seed_nonce: Option<String>,
}

/// The curve-specific options, checked against the curve.
enum Options {
    /// ristretto255: the Merlin label; whether the proof is rewindable.
    Ristretto255 { domain: String, rewindable: bool },
    /// secp256k1: the extra commitment (`Some(vec![])` differs from `None`).
    Secp256k1 { extra_commit: Option<Vec<u8>> },
    /// Bulletproofs+ (either curve).
    Plus(PlusOptions),
}

/// The options of a Bulletproofs+ proof.
struct PlusOptions {
    /// The Merlin label.
    domain: String,
    /// The extension degree `t`.
    t: usize,
    /// The minimum values (empty: all zero).
    min_values: Vec<u64>,
    /// Whether to prove with a random seed nonce.
    seed: bool,
}

/// The usage error for a bp+ flag given without `--protocol bp+`.
fn plus_only(flag: &str) -> CliError {
    CliError::new(format!("{flag} is only for --protocol bp+ (Bulletproofs+)"))
}

/// The transcript label `--domain` asks for (or the default), within the limit.
fn domain_option(args: &ProveArgs) -> Result<String, CliError> {
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
    Ok(domain)
}

/// Checks the Bulletproofs+ flags (either curve).
fn check_plus_options(args: &ProveArgs, curve: Curve) -> Result<Options, CliError> {
    if args.rewindable {
        return Err(CliError::new(
            "--rewindable is only for --protocol bp on ristretto255 (bp+ proofs: --seed-nonce)",
        ));
    }
    if args.extra_commit.is_some() {
        return Err(CliError::new(format!(
            "--extra-commit is only for --curve secp256k1 with --protocol bp; bp+ proofs \
             on {} bind context with --domain",
            curve.name()
        )));
    }
    let domain = domain_option(args)?;
    let bits = proof_bits(args);
    let min_values = match &args.min_values {
        None => Vec::new(),
        Some(list) => {
            check_min_values(&args.values, list, bits)?;
            if list.iter().all(|&o| o == 0) {
                Vec::new()
            } else {
                list.clone()
            }
        }
    };
    if min_values.is_empty() && args.range.is_none() {
        check_values_fit(&args.values, bits)?;
    }
    if args.seed_nonce {
        if args.values.len() != 1 {
            return Err(CliError::new(format!(
                "--seed-nonce needs exactly one value (got {}): mask recovery works on \
                 single-value proofs",
                args.values.len()
            )));
        }
        if args.openings.is_none() {
            return Err(CliError::new(
                "--seed-nonce needs --openings FILE: the seed nonce is saved only there",
            ));
        }
    }
    Ok(Options::Plus(PlusOptions {
        domain,
        t: args.extension_degree.map_or(1, usize::from),
        min_values,
        seed: args.seed_nonce,
    }))
}

/// Checks the protocol- and curve-specific flags, the shape and that the values
/// fit; usage errors name the flag.
fn check_options(args: &ProveArgs, curve: Curve, protocol: Protocol) -> Result<Options, CliError> {
    if let Some(range) = args.range {
        check_range_options(args, range)?;
    }
    if protocol == Protocol::BpPlus {
        return check_plus_options(args, curve);
    }
    if args.extension_degree.is_some() {
        return Err(plus_only("--extension-degree"));
    }
    if args.min_values.is_some() {
        return Err(plus_only("--min-values"));
    }
    if args.seed_nonce {
        return Err(plus_only("--seed-nonce"));
    }
    if args.rewindable {
        if curve != Curve::Ristretto255 {
            return Err(CliError::new(
                "--rewindable is only for ristretto255 (secp256k1 proofs are always rewindable)",
            ));
        }
        if args.values.len() != 1 {
            return Err(CliError::new(format!(
                "--rewindable needs exactly one value (got {})",
                args.values.len()
            )));
        }
        if args.openings.is_none() {
            return Err(CliError::new(
                "--rewindable needs --openings FILE: the rewind nonce is saved only there",
            ));
        }
    }
    match curve {
        Curve::Ristretto255 => {
            if args.extra_commit.is_some() {
                return Err(CliError::new(
                    "--extra-commit is only for --curve secp256k1; ristretto255 proofs bind \
                     context with --domain",
                ));
            }
            let domain = domain_option(args)?;
            if args.range.is_none() {
                check_values_fit(&args.values, proof_bits(args))?;
            }
            Ok(Options::Ristretto255 {
                domain,
                rewindable: args.rewindable,
            })
        }
        Curve::Secp256k1 => {
            if args.domain.is_some() {
                return Err(CliError::new(
                    "--domain is not available with --curve secp256k1: secp256k1-zkp's \
                     transcript has no label; bind context with --extra-commit HEX instead",
                ));
            }
            // A range proof has secp256k1-zkp's shape for any width (the library
            // pads it): one value, two in the proof.
            let plain = args.range.is_none();
            let bits = proof_bits(args);
            if plain {
                format::check_secp256k1_bits(bits)
                    .map_err(|m| CliError::new(format!("--bits {bits}: {m}")))?;
                let m = args.values.len();
                format::check_secp256k1_values(m).map_err(|msg| {
                    CliError::new(format!(
                        "--values: {msg}; add zero values to reach {}",
                        m.next_power_of_two()
                    ))
                })?;
            }
            let extra_commit = args
                .extra_commit
                .as_deref()
                .map(|h| {
                    hex::decode(h)
                        .map_err(|e| CliError::new(format!("--extra-commit: not hex ({e}): {h:?}")))
                })
                .transpose()?;
            if plain {
                check_values_fit(&args.values, bits)?;
            }
            Ok(Options::Secp256k1 { extra_commit })
        }
    }
}

/// Proves through the byte-level API with fresh random blindings (or masks) and,
/// where the proof has one, a fresh nonce.
fn prove_with_api(
    curve: Curve,
    protocol: Protocol,
    values: &[u64],
    bits: usize,
    range: Option<(u64, u64)>,
    options: Options,
) -> Result<Proven, CliError> {
    let mut params = ballistic_api::Params::new(curve, protocol, bits);
    params.range = range;
    let mut secrets = ballistic_api::Secrets::default();
    let domain = match options {
        Options::Ristretto255 { domain, rewindable } => {
            secrets.rewindable = rewindable;
            Some(domain)
        }
        Options::Secp256k1 { extra_commit } => {
            params.extra_commit = extra_commit;
            None
        }
        Options::Plus(plus) => {
            params.extension_degree = plus.t;
            params.min_values = plus.min_values;
            secrets.rewindable = plus.seed;
            Some(plus.domain)
        }
    };
    if let Some(domain) = &domain {
        params.domain = domain.as_bytes().to_vec();
    }
    let out = ballistic_api::prove(&params, values, &secrets)
        .map_err(|e| CliError::new(e.to_string()))?;
    let hex_of = |secret: &ballistic_api::Secret| hex::encode(**secret);
    let (blindings, masks) = match protocol {
        Protocol::Bp => (out.blindings.iter().map(hex_of).collect(), Vec::new()),
        Protocol::BpPlus => (
            Vec::new(),
            out.blindings
                .chunks(params.extension_degree)
                .map(|masks| masks.iter().map(hex_of).collect())
                .collect(),
        ),
    };
    let nonce = out.nonce.as_ref().map(hex_of);
    Ok(Proven {
        commitments: out.commitments.iter().map(hex::encode).collect(),
        blindings,
        masks,
        proof: out.proof.clone(),
        domain,
        extra_commit: params.extra_commit.as_ref().map(hex::encode),
        nonce: nonce.clone().filter(|_| protocol == Protocol::Bp),
        seed_nonce: nonce.filter(|_| protocol == Protocol::BpPlus),
    })
}

/// Runs `ballistic prove`.
pub fn run(args: ProveArgs) -> Result<std::process::ExitCode, CliError> {
    let curve = Curve::parse(&args.curve).map_err(CliError::new)?;
    let bits = proof_bits(&args);
    let range = args.range.map(|r| (r.a, r.b));
    let values = &args.values;
    if values.len() > MAX_VALUES {
        return Err(CliError::new(format!(
            "{} values; the limit is {MAX_VALUES} per proof",
            values.len()
        )));
    }
    let protocol = Protocol::parse(&args.protocol).map_err(CliError::new)?;
    let options = check_options(&args, curve, protocol)?;
    check_outputs(args.out.as_deref(), args.openings.as_deref())?;

    let m = values.len();
    // Bulletproofs+: the extension degree and the minimum values (when not all zero).
    let (plus_t, plus_min) = match &options {
        Options::Plus(p) => (
            Some(p.t),
            Some(p.min_values.clone()).filter(|o| !o.is_empty()),
        ),
        _ => (None, None),
    };
    let proven = prove_with_api(curve, protocol, values, bits, range, options)?;
    let protocol_field = plus_t.map(|_| protocol.name());
    let file = ProofFileOut {
        curve: curve.name(),
        protocol: protocol_field,
        bits,
        range: range.map(|(a, b)| [a, b]),
        extension_degree: plus_t,
        min_values: plus_min.clone(),
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
            protocol: protocol_field.map(str::to_owned),
            bits,
            range: range.map(|(a, b)| [a, b]),
            extension_degree: plus_t,
            min_values: plus_min,
            domain: proven.domain.clone(),
            extra_commit: proven.extra_commit.clone(),
            nonce: proven.nonce.clone(),
            seed_nonce: proven.seed_nonce.clone(),
            openings: values
                .iter()
                .zip(&proven.commitments)
                .enumerate()
                .map(|(j, (&value, commitment))| Opening {
                    value,
                    blinding: proven.blindings.get(j).cloned(),
                    masks: proven.masks.get(j).cloned(),
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
            let protocol_note = match plus_t {
                Some(t) => format!(" (bp+, extension degree {t})"),
                None => String::new(),
            };
            let statement = match range {
                Some((a, b)) => format!("1 value in [{a}, {b}] ({bits}-bit range proof)"),
                None => format!("{} of {bits} bits", crate::verify::plural(m, "value")),
            };
            crate::error::eprint_line(&format!(
                "wrote {}: {statement} on {}{protocol_note}, {}-byte proof",
                path.display(),
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
    fn range_syntax() {
        assert_eq!(parse_range("18..=130"), Ok(RangeArg { a: 18, b: 130 }));
        assert_eq!(parse_range("7..=7"), Ok(RangeArg { a: 7, b: 7 }));
        assert_eq!(
            parse_range("0..=18446744073709551615"),
            Ok(RangeArg { a: 0, b: u64::MAX })
        );
        for (text, expected) in [
            ("18..130", "only the inclusive form A..=B"),
            ("18..", "only the inclusive form A..=B"),
            ("..130", "only the inclusive form A..=B"),
            ("18-130", "no \"..=\" between the bounds"),
            ("[18,130]", "no \"..=\" between the bounds"),
            ("", "no \"..=\" between the bounds"),
            ("..=130", "the bound A is missing"),
            ("18..=", "the bound B is missing"),
            (
                "+18..=130",
                "the bound A = \"+18\" is not a decimal integer",
            ),
            (
                "18..= 130",
                "the bound B = \" 130\" is not a decimal integer",
            ),
            ("-1..=130", "the bound A = \"-1\" is not a decimal integer"),
            (
                "0x12..=130",
                "the bound A = \"0x12\" is not a decimal integer",
            ),
            ("18..=1e3", "the bound B = \"1e3\" is not a decimal integer"),
            (
                "1..=2..=3",
                "the bound B = \"2..=3\" is not a decimal integer",
            ),
            ("0..=18446744073709551616", "does not fit in u64"),
            ("131..=130", "131..=130 is empty: A must not be above B"),
        ] {
            let e = parse_range(text).expect_err(text);
            assert!(e.contains(expected), "{text:?}: {e}");
        }
    }

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
