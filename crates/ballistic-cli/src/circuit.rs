//! `ballistic circuit`: arithmetic-circuit (R1CS) proofs of the library's gadgets.
//!
//! * `circuit prove shuffle` commits to `k` inputs and `k` outputs and proves that
//!   the outputs are a permutation of the inputs ([`ballistic::gadgets::shuffle`]).
//!   Outputs that are not a permutation are refused before proving, as a value that
//!   does not fit is by `prove`: exit status 2.
//! * `circuit prove sha256` proves knowledge of a SHA-256 preimage of the digest it
//!   writes ([`ballistic::gadgets::sha256`]): a message of at most 55 bytes
//!   (`--message`, `--message-hex`; a longer one is a usage error, exit 2) or one
//!   64-byte block under the bare compression function (`--block-hex`). The
//!   preimage never reaches the file.
//! * `circuit verify FILE...` verifies circuit proof files of every circuit and
//!   curve, in one [`ballistic::r1cs::BatchVerifier`] per curve (split when the
//!   pending proofs reach [`BATCH_MULTIPLIERS`] padded multipliers, which bounds the
//!   memory a batch holds), and reports every file as `verify` does: valid,
//!   `INVALID` (the bytes are not points and scalars, the proof has the length of
//!   another shape, or it does not verify) or malformed (exit 2, which wins over
//!   1).
//!
//! The file format is [`ballistic_cli::circuit_format`]'s.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ballistic::curve::ristretto::Ristretto;
use ballistic::curve::secp256k1::Secp256k1;
use ballistic::curve::Curve as CurveOps;
use ballistic::gadgets::{sha256, shuffle};
use ballistic::generators::{BulletproofGens, PedersenGens};
use ballistic::merlin::Transcript;
use ballistic::r1cs::{BatchVerifier, R1CSError, R1CSProof};
use clap::{ArgGroup, Args, Subcommand};
use rand::rngs::OsRng;
use zeroize::Zeroizing;

use ballistic_cli::circuit_format::{
    parse_circuit_file, sha256_proof_len, shuffle_proof_len, CircuitFile, Sha256File,
    Sha256FileOut, Sha256Statement, ShuffleFile, ShuffleFileOut, CIRCUIT_SHA256, CIRCUIT_SHUFFLE,
    MAX_SHUFFLE_K, SHA256_DOMAIN, SHUFFLE_DEFAULT_DOMAIN,
};
use ballistic_cli::format::{self, Curve, CURVE_RISTRETTO255, MAX_DOMAIN_BYTES};

use crate::error::{eprint_line, CliError};
use crate::verify::{report, Verdict};

/// The most padded multipliers of the proofs one batch holds before it is checked
/// (`2^20`: each pending proof keeps two scalars per padded multiplier, so a batch
/// holds at most 64 MiB of them). Larger sets of files are verified in several
/// batches.
pub const BATCH_MULTIPLIERS: usize = 1 << 20;

/// Arguments of `ballistic circuit`.
#[derive(Debug, Args)]
pub struct CircuitArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: CircuitCommand,
}

/// The subcommands of `ballistic circuit`.
#[derive(Debug, Subcommand)]
pub enum CircuitCommand {
    /// Prove a circuit statement (a shuffle, a SHA-256 preimage); writes a circuit
    /// proof file.
    #[command(arg_required_else_help = true)]
    Prove(ProveArgs),
    /// Verify circuit proof files in one batch per curve; prints one line per file.
    #[command(
        long_about = "Verifies every circuit proof file (shuffle and SHA-256 proofs, \
                      ristretto255 and secp256k1, may be mixed) in one batch per curve, and prints one \
                      line per file (valid or INVALID) and a summary. Malformed or \
                      unreadable files are reported on standard error, naming the field \
                      at fault; the other files are still verified.",
        after_help = "Exit status: 0 all valid, 1 some proof is invalid, \
                      2 some file is unreadable or malformed (all files are still checked)."
    )]
    Verify(VerifyArgs),
}

/// Arguments of `ballistic circuit prove`.
#[derive(Debug, Args)]
pub struct ProveArgs {
    /// The circuit.
    #[command(subcommand)]
    pub circuit: ProveCircuit,
}

/// The circuits `circuit prove` proves.
#[derive(Debug, Subcommand)]
pub enum ProveCircuit {
    /// Commit to k inputs and k outputs and prove that the outputs are a permutation
    /// of the inputs (dalek's k-shuffle).
    #[command(
        long_about = "Commits to the k inputs, then the k outputs (u64 values, random \
                      blindings that are not saved) and proves that the outputs are a \
                      permutation of the inputs, revealing nothing else: dalek's k-shuffle \
                      gadget and its test's transcript (Transcript::new(domain), dom-sep = \
                      ShuffleProof, k), so that ristretto255 proofs interoperate with \
                      dalek's bulletproofs 4.0.0. Writes the proof file (JSON: circuit, \
                      curve, k, domain, commitments, proof) to standard output or --out.\n\n\
                      Outputs that are not a permutation of the inputs are refused (exit \
                      status 2): no proof of a false statement exists.",
        after_help = "Example:\n  \
                      ballistic circuit prove shuffle --inputs 3,1,4,1 --outputs 1,1,3,4 --out shuffle.json\n  \
                      ballistic circuit verify shuffle.json"
    )]
    Shuffle(ShuffleArgs),

    /// Prove knowledge of a SHA-256 preimage of a digest (the preimage stays secret).
    #[command(
        long_about = "Proves knowledge of a preimage of a SHA-256 digest without revealing \
                      it, and writes the proof file (JSON: circuit, curve, statement, \
                      digest, proof; never the preimage) to standard output or --out.\n\n\
                      --message TEXT or --message-hex HEX: the statement \"message\", the \
                      digest is the ordinary SHA-256 of the message; the message fits one \
                      block, at most 55 bytes (a longer one is refused, exit status 2), and \
                      its length stays hidden.\n\n\
                      --block-hex HEX: the statement \"compression\", one 64-byte block \
                      (128 hex digits) compressed from SHA-256's initial value with no \
                      padding; the digest is that compression output.\n\n\
                      About 26,000 multipliers, 2^15 padded: proving takes seconds. The \
                      preimage is an argument, which other users of this machine may see \
                      in the process list.",
        after_help = "Example:\n  \
                      ballistic circuit prove sha256 --message ballistic --out h.json\n  \
                      ballistic circuit verify h.json"
    )]
    Sha256(Sha256Args),
}

/// Arguments of `ballistic circuit prove shuffle`.
#[derive(Debug, Args)]
pub struct ShuffleArgs {
    /// The k inputs, comma-separated u64 values (1 <= k <= 1024), e.g. 3,1,4,1.
    #[arg(long, value_name = "V1,V2,...", value_delimiter = ',', required = true)]
    pub inputs: Vec<u64>,

    /// The k outputs: a permutation of the inputs, e.g. 1,1,3,4.
    #[arg(long, value_name = "V1,V2,...", value_delimiter = ',', required = true)]
    pub outputs: Vec<u64>,

    /// The Merlin transcript label [default: ShuffleProofTest, dalek's test's]; the
    /// verifier uses the one stored in the proof file.
    #[arg(long, value_name = "LABEL")]
    pub domain: Option<String>,

    /// The curve: ristretto255 or secp256k1.
    #[arg(long, value_name = "NAME", default_value = CURVE_RISTRETTO255)]
    pub curve: String,

    /// Write the proof file here instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Arguments of `ballistic circuit prove sha256`: exactly one preimage.
#[derive(Debug, Args)]
#[command(group(
    ArgGroup::new("preimage")
        .required(true)
        .args(["message", "message_hex", "block_hex", "message_file", "block_file"])
))]
pub struct Sha256Args {
    /// The message, as UTF-8 text (at most 55 bytes). Prefer --message-file: an
    /// argument is visible to other users of the machine (a warning says so).
    #[arg(long, value_name = "TEXT")]
    pub message: Option<String>,

    /// The message, in hex (at most 55 bytes); as --message, prefer --message-file.
    #[arg(long, value_name = "HEX")]
    pub message_hex: Option<String>,

    /// One 64-byte block (128 hex digits) for the bare compression function; prefer
    /// --block-file.
    #[arg(long, value_name = "HEX128")]
    pub block_hex: Option<String>,

    /// A file holding the message, its bytes as they are (at most 55); `-` reads it
    /// from standard input.
    #[arg(long, value_name = "FILE")]
    pub message_file: Option<PathBuf>,

    /// A file holding one 64-byte block, its bytes as they are; `-` reads it from
    /// standard input.
    #[arg(long, value_name = "FILE")]
    pub block_file: Option<PathBuf>,

    /// The curve: ristretto255 or secp256k1.
    #[arg(long, value_name = "NAME", default_value = CURVE_RISTRETTO255)]
    pub curve: String,

    /// Write the proof file here instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Arguments of `ballistic circuit verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Circuit proof files to verify (`-` reads one from standard input).
    #[arg(value_name = "FILE", required = true, num_args = 1..)]
    pub files: Vec<PathBuf>,
}

/// Runs `ballistic circuit`.
pub fn run(args: CircuitArgs) -> Result<ExitCode, CliError> {
    match args.command {
        CircuitCommand::Prove(ProveArgs {
            circuit: ProveCircuit::Shuffle(args),
        }) => prove_shuffle(args),
        CircuitCommand::Prove(ProveArgs {
            circuit: ProveCircuit::Sha256(args),
        }) => prove_sha256(args),
        CircuitCommand::Verify(args) => verify(&args.files),
    }
}

/// Checks that `outputs` is a permutation of `inputs`; the error names a value whose
/// counts differ.
fn check_permutation(inputs: &[u64], outputs: &[u64]) -> Result<(), CliError> {
    if inputs.len() != outputs.len() {
        return Err(CliError::new(format!(
            "--inputs has {} values and --outputs {}; a shuffle has as many outputs as inputs",
            inputs.len(),
            outputs.len()
        )));
    }
    let mut counts: BTreeMap<u64, (usize, usize)> = BTreeMap::new();
    for &v in inputs {
        counts.entry(v).or_default().0 += 1;
    }
    for &v in outputs {
        counts.entry(v).or_default().1 += 1;
    }
    match counts.into_iter().find(|(_, (i, o))| i != o) {
        None => Ok(()),
        Some((v, (i, o))) => Err(CliError::new(format!(
            "--outputs is not a permutation of --inputs: {v} appears {} in the inputs and \
             {} in the outputs; a shuffle proof exists only for a permutation",
            times(i),
            times(o)
        ))),
    }
}

/// `"once"`, `"twice"`, `"3 times"`; `"0 times"`.
fn times(n: usize) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

/// `Transcript::new(domain)` for a domain of the command line or a file (kept by
/// nobody once the transcript is made); the error is a message.
fn domain_transcript(domain: &str) -> Result<Transcript, String> {
    ballistic_api::transcript(domain.as_bytes()).map_err(|e| format!("domain: {e}"))
}

/// Proves a shuffle on curve `C`: the commitments (hex, inputs first) and the proof.
fn prove_shuffle_on<C: CurveOps>(
    base: Transcript,
    inputs: &[u64],
    outputs: &[u64],
) -> Result<(Vec<String>, Vec<u8>), CliError> {
    let failed = |e: R1CSError| match e {
        R1CSError::Unsatisfied => CliError::new(
            "--outputs is not a permutation of --inputs: a shuffle proof exists only for a \
             permutation",
        ),
        e => CliError::new(format!("proving failed: {e}")),
    };
    let capacity = shuffle::generators_capacity(inputs.len()).map_err(failed)?;
    let pc = PedersenGens::<C>::default();
    let bp = BulletproofGens::<C>::new(capacity, 1);
    let (proof, commitments) =
        shuffle::prove_from(&pc, &bp, base, inputs, outputs, &mut OsRng).map_err(failed)?;
    Ok((
        commitments
            .iter()
            .map(|c| hex::encode(C::encoding_bytes(c)))
            .collect(),
        proof.to_bytes(),
    ))
}

/// Writes a proof file to `out` or standard output, and says what was written.
fn emit(json: &str, out: Option<&Path>, what: &str) -> Result<ExitCode, CliError> {
    match out {
        Some(path) => {
            crate::output::write_public(path, json.as_bytes(), None)?;
            eprint_line(&format!("wrote {}: {what}", path.display()));
        }
        None => {
            let mut stdout = std::io::stdout().lock();
            stdout.write_all(json.as_bytes())?;
            stdout.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `ballistic circuit prove shuffle`.
fn prove_shuffle(args: ShuffleArgs) -> Result<ExitCode, CliError> {
    let curve = Curve::parse(&args.curve).map_err(CliError::new)?;
    let k = args.inputs.len();
    if k > MAX_SHUFFLE_K {
        return Err(CliError::new(format!(
            "--inputs has {k} values; the limit is {MAX_SHUFFLE_K}"
        )));
    }
    check_permutation(&args.inputs, &args.outputs)?;
    let domain = args
        .domain
        .unwrap_or_else(|| SHUFFLE_DEFAULT_DOMAIN.to_owned());
    if domain.len() > MAX_DOMAIN_BYTES {
        return Err(CliError::new(format!(
            "--domain is {} bytes long; the limit is {MAX_DOMAIN_BYTES}",
            domain.len()
        )));
    }
    let base = domain_transcript(&domain).map_err(CliError::new)?;
    let (commitments, proof) = match curve {
        Curve::Ristretto255 => prove_shuffle_on::<Ristretto>(base, &args.inputs, &args.outputs)?,
        Curve::Secp256k1 => prove_shuffle_on::<Secp256k1>(base, &args.inputs, &args.outputs)?,
    };
    let file = ShuffleFileOut {
        circuit: CIRCUIT_SHUFFLE,
        curve: curve.name(),
        k,
        domain: &domain,
        commitments,
        proof: hex::encode(&proof),
    };
    let mut json = serde_json::to_string(&file)
        .map_err(|e| CliError::new(format!("cannot encode the proof file: {e}")))?;
    json.push('\n');
    let what = format!(
        "shuffle of k = {k} on {}, {}-byte proof",
        curve.name(),
        proof.len()
    );
    emit(&json, args.out.as_deref(), &what)
}

/// The secret preimage of `circuit prove sha256`, zeroized on drop.
enum Preimage {
    /// A message of at most [`sha256::MAX_MESSAGE_LEN`] bytes.
    Message(Zeroizing<Vec<u8>>),
    /// One block for the compression function.
    Block(Zeroizing<[u8; 64]>),
}

/// The preimage of the arguments; usage errors name the flag.
fn preimage(args: &mut Sha256Args) -> Result<Preimage, CliError> {
    let max = sha256::MAX_MESSAGE_LEN;
    let limit = |flag: &str, len: usize| {
        CliError::new(format!(
            "{flag} is {len} bytes; the limit is {max} (the message, the 0x80 byte and the \
             8-byte length fill one 64-byte block); prove a whole block with --block-hex"
        ))
    };
    if let Some(path) = args.message_file.take() {
        let bytes = crate::secret_input::read("--message-file", &path)?;
        if bytes.len() > max {
            return Err(limit("--message-file", bytes.len()));
        }
        return Ok(Preimage::Message(bytes));
    }
    if let Some(path) = args.block_file.take() {
        let bytes = crate::secret_input::read("--block-file", &path)?;
        let mut block = Zeroizing::new([0u8; 64]);
        if bytes.len() != block.len() {
            return Err(CliError::new(format!(
                "--block-file {}: {} bytes; a block is 64",
                path.display(),
                bytes.len()
            )));
        }
        block.copy_from_slice(&bytes);
        return Ok(Preimage::Block(block));
    }
    if let Some(text) = args.message.take() {
        crate::secret_input::warn_argument("--message", "--message-file");
        let bytes = Zeroizing::new(text.into_bytes());
        if bytes.len() > max {
            return Err(limit("--message", bytes.len()));
        }
        return Ok(Preimage::Message(bytes));
    }
    if let Some(h) = args.message_hex.take() {
        crate::secret_input::warn_argument("--message-hex", "--message-file");
        let h = Zeroizing::new(h);
        let bytes = Zeroizing::new(
            hex::decode(h.as_str())
                .map_err(|e| CliError::new(format!("--message-hex: not hex ({e})")))?,
        );
        if bytes.len() > max {
            return Err(limit("--message-hex", bytes.len()));
        }
        return Ok(Preimage::Message(bytes));
    }
    crate::secret_input::warn_argument("--block-hex", "--block-file");
    let h = Zeroizing::new(args.block_hex.take().unwrap_or_default());
    let mut block = Zeroizing::new([0u8; 64]);
    hex::decode_to_slice(h.as_str(), block.as_mut_slice()).map_err(|e| {
        CliError::new(format!(
            "--block-hex: not 64 bytes of hex (128 digits; got {} characters): {e}",
            h.len()
        ))
    })?;
    Ok(Preimage::Block(block))
}

/// Proves knowledge of `preimage` on curve `C`: the digest and the proof.
fn prove_sha256_on<C: CurveOps>(preimage: &Preimage) -> Result<([u8; 32], Vec<u8>), CliError> {
    let pc = PedersenGens::<C>::default();
    let bp = BulletproofGens::<C>::new(sha256::GENERATORS_CAPACITY, 1);
    let transcript = ballistic::merlin::Transcript::new(SHA256_DOMAIN);
    let (proof, digest) = match preimage {
        Preimage::Message(m) => sha256::prove_message(&pc, &bp, transcript, m, &mut OsRng),
        Preimage::Block(b) => sha256::prove_compression(&pc, &bp, transcript, b, &mut OsRng),
    }
    .map_err(|e| CliError::new(format!("proving failed: {e}")))?;
    Ok((digest, proof.to_bytes()))
}

/// Runs `ballistic circuit prove sha256`.
fn prove_sha256(mut args: Sha256Args) -> Result<ExitCode, CliError> {
    let curve = Curve::parse(&args.curve).map_err(CliError::new)?;
    let preimage = preimage(&mut args)?;
    let statement = match preimage {
        Preimage::Message(_) => Sha256Statement::Message,
        Preimage::Block(_) => Sha256Statement::Compression,
    };
    let (digest, proof) = match curve {
        Curve::Ristretto255 => prove_sha256_on::<Ristretto>(&preimage)?,
        Curve::Secp256k1 => prove_sha256_on::<Secp256k1>(&preimage)?,
    };
    drop(preimage);
    let file = Sha256FileOut {
        circuit: CIRCUIT_SHA256,
        curve: curve.name(),
        statement: statement.name(),
        digest: hex::encode(digest),
        proof: hex::encode(&proof),
    };
    let mut json = serde_json::to_string(&file)
        .map_err(|e| CliError::new(format!("cannot encode the proof file: {e}")))?;
    json.push('\n');
    let what = format!(
        "sha256 {} proof on {}, digest {}, {}-byte proof",
        statement.name(),
        curve.name(),
        file.digest,
        proof.len()
    );
    emit(&json, args.out.as_deref(), &what)
}

/// The statement of a decoded circuit proof on curve `C`.
enum Statement<C: CurveOps> {
    /// A shuffle: the transcript of its label and `2k` commitments, inputs first.
    Shuffle {
        base: Transcript,
        commitments: Vec<C::Encoding>,
    },
    /// A SHA-256 preimage: the statement and the public digest.
    Sha256 {
        statement: Sha256Statement,
        digest: [u8; 32],
    },
}

/// A decoded proof waiting for its batch.
struct Decoded<C: CurveOps> {
    statement: Statement<C>,
    proof: R1CSProof<C>,
    /// The generators its circuit needs.
    capacity: usize,
    /// How the file is described once valid.
    description: String,
}

/// A decoded proof on either curve.
enum Pending {
    Ristretto255(Decoded<Ristretto>),
    Secp256k1(Decoded<Secp256k1>),
}

/// The message for a proof whose length belongs to another shape.
fn wrong_length(len: usize, shape: &str, expected: usize) -> Verdict {
    Verdict::Invalid(format!("proof is {len} bytes; {shape} needs {expected}"))
}

/// Decodes a structurally valid shuffle file on curve `C`: the proof must have the
/// length of a `k`-shuffle and parse, every commitment must be a point.
fn decode_shuffle<C: CurveOps>(file: &ShuffleFile) -> Result<Decoded<C>, Verdict> {
    let k = file.k;
    let expected = shuffle_proof_len(file.curve, k);
    if file.proof.len() != expected {
        return Err(wrong_length(
            file.proof.len(),
            &format!("a shuffle of k = {k}"),
            expected,
        ));
    }
    let proof = R1CSProof::<C>::from_bytes(&file.proof)
        .map_err(|_| Verdict::Invalid("proof bytes are not canonical points and scalars".into()))?;
    let mut commitments = Vec::with_capacity(file.commitments.len());
    for (i, bytes) in file.commitments.iter().enumerate() {
        let c = C::encoding_from_bytes(bytes)
            .filter(|c| C::decode(c).is_some())
            .ok_or_else(|| {
                Verdict::Invalid(format!(
                    "commitments[{i}] is not a valid {} point",
                    file.curve.name()
                ))
            })?;
        commitments.push(c);
    }
    let capacity = shuffle::generators_capacity(k).map_err(|e| Verdict::Invalid(e.to_string()))?;
    Ok(Decoded {
        statement: Statement::Shuffle {
            base: domain_transcript(&file.domain).map_err(Verdict::Malformed)?,
            commitments,
        },
        proof,
        capacity,
        description: format!(
            "shuffle, {}, k = {k}, {} bytes",
            file.curve.name(),
            file.proof.len()
        ),
    })
}

/// Decodes a structurally valid SHA-256 file on curve `C`: the proof must have the
/// length of the circuit's and parse.
fn decode_sha256<C: CurveOps>(file: &Sha256File) -> Result<Decoded<C>, Verdict> {
    let expected = sha256_proof_len(file.curve);
    if file.proof.len() != expected {
        return Err(wrong_length(file.proof.len(), "a SHA-256 proof", expected));
    }
    let proof = R1CSProof::<C>::from_bytes(&file.proof)
        .map_err(|_| Verdict::Invalid("proof bytes are not canonical points and scalars".into()))?;
    Ok(Decoded {
        statement: Statement::Sha256 {
            statement: file.statement,
            digest: file.digest,
        },
        proof,
        capacity: sha256::GENERATORS_CAPACITY,
        description: format!(
            "sha256 {}, {}, digest {}, {} bytes",
            file.statement.name(),
            file.curve.name(),
            hex::encode(file.digest),
            file.proof.len()
        ),
    })
}

/// Decodes a structurally valid circuit file on its curve.
fn decode(file: &CircuitFile) -> Result<Pending, Verdict> {
    match (file, file.curve()) {
        (CircuitFile::Shuffle(f), Curve::Ristretto255) => {
            decode_shuffle::<Ristretto>(f).map(Pending::Ristretto255)
        }
        (CircuitFile::Shuffle(f), Curve::Secp256k1) => {
            decode_shuffle::<Secp256k1>(f).map(Pending::Secp256k1)
        }
        (CircuitFile::Sha256(f), Curve::Ristretto255) => {
            decode_sha256::<Ristretto>(f).map(Pending::Ristretto255)
        }
        (CircuitFile::Sha256(f), Curve::Secp256k1) => {
            decode_sha256::<Secp256k1>(f).map(Pending::Secp256k1)
        }
    }
}

/// Reads, parses and decodes one file.
fn check_path(path: &Path) -> Result<Pending, Verdict> {
    let parsed = format::read_limited(path).and_then(|bytes| parse_circuit_file(&bytes));
    match parsed {
        Ok(file) => decode(&file),
        Err(e) => Err(Verdict::Malformed(e.to_string())),
    }
}

/// The verifier of a decoded proof's statement for its proof, with its circuit
/// built (the SHA-256 circuits folded into the proof's check as they are built).
fn verifier<C: CurveOps>(
    statement: &Statement<C>,
    proof: &R1CSProof<C>,
) -> Result<ballistic::r1cs::Verifier<C, ballistic::merlin::Transcript>, R1CSError> {
    match statement {
        Statement::Shuffle { base, commitments } => {
            shuffle::verifier_from::<C>(base.clone(), commitments)
        }
        Statement::Sha256 { statement, digest } => {
            let transcript = ballistic::merlin::Transcript::new(SHA256_DOMAIN);
            match statement {
                Sha256Statement::Message => {
                    sha256::message_verifier_for_proof::<C>(transcript, digest, proof)
                }
                Sha256Statement::Compression => {
                    sha256::compression_verifier_for_proof::<C>(transcript, digest, proof)
                }
            }
        }
    }
}

/// Splits proofs of the given capacities, in order, into consecutive batches of
/// at most `budget` padded multipliers in all (a proof larger than the budget
/// alone is a batch of one); returns the batches' sizes.
fn batch_sizes(capacities: &[usize], budget: usize) -> Vec<usize> {
    let mut sizes = Vec::new();
    let (mut count, mut total) = (0usize, 0usize);
    for &c in capacities {
        if count > 0 && total.saturating_add(c) > budget {
            sizes.push(count);
            (count, total) = (0, 0);
        }
        count += 1;
        total = total.saturating_add(c);
    }
    if count > 0 {
        sizes.push(count);
    }
    sizes
}

/// Batch-verifies the proofs `items` (file index, proof) of curve `C`, in batches of
/// at most [`BATCH_MULTIPLIERS`] padded multipliers over one set of generators;
/// returns the failures by file index.
fn verify_curve<C: CurveOps>(items: &[(usize, &Decoded<C>)]) -> BTreeMap<usize, String> {
    let mut failures = BTreeMap::new();
    let Some(capacity) = items.iter().map(|(_, d)| d.capacity).max() else {
        return failures;
    };
    let pc = PedersenGens::<C>::default();
    let bp = BulletproofGens::<C>::new(capacity, 1);
    let capacities: Vec<usize> = items.iter().map(|(_, d)| d.capacity).collect();
    let mut rest = items;
    for size in batch_sizes(&capacities, BATCH_MULTIPLIERS) {
        let (chunk, tail) = rest.split_at(size.min(rest.len()));
        rest = tail;
        let mut batch = BatchVerifier::new(&pc, &bp);
        let mut slots = BTreeMap::new();
        for &(i, d) in chunk {
            match verifier(&d.statement, &d.proof) {
                Ok(v) => {
                    slots.insert(batch.add(v, &d.proof), i);
                }
                Err(e) => {
                    failures.insert(i, e.to_string());
                }
            }
        }
        if let Err(e) = batch.verify() {
            for (slot, _) in e.invalid {
                if let Some(&i) = slots.get(&slot) {
                    failures.insert(i, "proof does not verify".into());
                }
            }
        }
    }
    failures
}

/// Runs `ballistic circuit verify`.
fn verify(files: &[PathBuf]) -> Result<ExitCode, CliError> {
    let pending: Vec<Result<Pending, Verdict>> = files.iter().map(|p| check_path(p)).collect();
    let ristretto: Vec<(usize, &Decoded<Ristretto>)> = pending
        .iter()
        .enumerate()
        .filter_map(|(i, p)| match p {
            Ok(Pending::Ristretto255(d)) => Some((i, d)),
            _ => None,
        })
        .collect();
    let secp: Vec<(usize, &Decoded<Secp256k1>)> = pending
        .iter()
        .enumerate()
        .filter_map(|(i, p)| match p {
            Ok(Pending::Secp256k1(d)) => Some((i, d)),
            _ => None,
        })
        .collect();
    let mut failures = verify_curve(&ristretto);
    failures.extend(verify_curve(&secp));
    let verdicts = pending
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let description = match p {
                Err(verdict) => return verdict,
                Ok(Pending::Ristretto255(d)) => d.description,
                Ok(Pending::Secp256k1(d)) => d.description,
            };
            match failures.remove(&i) {
                None => Verdict::Valid(description),
                Some(reason) => Verdict::Invalid(reason),
            }
        })
        .collect();
    report(files, verdicts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_domain_is_the_gadgets() {
        assert_eq!(SHUFFLE_DEFAULT_DOMAIN.as_bytes(), shuffle::DEFAULT_DOMAIN);
        assert_eq!(
            ballistic_cli::circuit_format::SUPPORTED_CIRCUITS,
            [CIRCUIT_SHUFFLE, CIRCUIT_SHA256]
        );
        assert_eq!(sha256::MAX_MESSAGE_LEN, 55);
    }

    #[test]
    fn permutation_check() {
        assert!(check_permutation(&[3, 1, 4, 1], &[1, 1, 3, 4]).is_ok());
        assert!(check_permutation(&[], &[]).is_ok());
        let e = check_permutation(&[1, 2, 3, 4], &[1, 1, 3, 4])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("1 appears once in the inputs and twice in the outputs"),
            "{e}"
        );
        let e = check_permutation(&[1, 2], &[1]).unwrap_err().to_string();
        assert!(e.contains("--inputs has 2 values and --outputs 1"), "{e}");
        let e = check_permutation(&[5], &[6]).unwrap_err().to_string();
        assert!(
            e.contains("5 appears once in the inputs and 0 times"),
            "{e}"
        );
    }

    fn sha_args(
        message: Option<&str>,
        message_hex: Option<&str>,
        block_hex: Option<&str>,
    ) -> Sha256Args {
        Sha256Args {
            message: message.map(str::to_owned),
            message_hex: message_hex.map(str::to_owned),
            block_hex: block_hex.map(str::to_owned),
            message_file: None,
            block_file: None,
            curve: CURVE_RISTRETTO255.into(),
            out: None,
        }
    }

    #[test]
    fn preimages_from_files() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (msg, block) = (dir.path().join("m"), dir.path().join("b"));
        std::fs::write(&msg, b"ballistic\n").expect("write");
        let block_bytes: Vec<u8> = (100..164).collect();
        std::fs::write(&block, &block_bytes).expect("write");
        let mut args = sha_args(None, None, None);
        args.message_file = Some(msg.clone());
        match preimage(&mut args) {
            // The file's bytes as they are: the newline is part of the message.
            Ok(Preimage::Message(m)) => assert_eq!(m.as_slice(), b"ballistic\n"),
            _ => panic!("a message"),
        }
        let mut args = sha_args(None, None, None);
        args.block_file = Some(block);
        match preimage(&mut args) {
            Ok(Preimage::Block(b)) => assert_eq!(b.as_slice(), block_bytes.as_slice()),
            _ => panic!("a block"),
        }
        let mut args = sha_args(None, None, None);
        args.block_file = Some(msg.clone());
        let e = preimage(&mut args)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("10 bytes; a block is 64"), "{e}");
        std::fs::write(&msg, vec![b'x'; 56]).expect("write");
        let mut args = sha_args(None, None, None);
        args.message_file = Some(msg);
        let e = preimage(&mut args)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(
            e.contains("--message-file is 56 bytes; the limit is 55"),
            "{e}"
        );
    }

    #[test]
    fn preimages_from_the_flags() {
        let block: Vec<u8> = (0..64).collect();
        match preimage(&mut sha_args(None, None, Some(&hex::encode(&block)))) {
            Ok(Preimage::Block(b)) => assert_eq!(b.as_slice(), block.as_slice()),
            _ => panic!("a block"),
        }
        match preimage(&mut sha_args(None, Some("6162"), None)) {
            Ok(Preimage::Message(m)) => assert_eq!(m.as_slice(), b"ab"),
            _ => panic!("a message"),
        }
        match preimage(&mut sha_args(Some(&"é".repeat(27)), None, None)) {
            Ok(Preimage::Message(m)) => assert_eq!(m.len(), 54),
            _ => panic!("a message"),
        }
        // 55 bytes fit; 56 do not (UTF-8 bytes, not characters).
        assert!(preimage(&mut sha_args(Some(&"x".repeat(55)), None, None)).is_ok());
        let e = preimage(&mut sha_args(Some(&"é".repeat(28)), None, None))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("--message is 56 bytes; the limit is 55"), "{e}");
        let e = preimage(&mut sha_args(None, None, Some(&"00".repeat(65))))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("--block-hex: not 64 bytes of hex"), "{e}");
    }

    #[test]
    fn batches_stay_within_the_budget() {
        assert_eq!(batch_sizes(&[], 8), Vec::<usize>::new());
        assert_eq!(batch_sizes(&[2, 2, 4], 8), [3]);
        assert_eq!(batch_sizes(&[4, 4, 4, 2, 2, 8], 8), [2, 3, 1]);
        // Larger than the budget alone: a batch of one.
        assert_eq!(batch_sizes(&[16, 1, 16], 8), [1, 1, 1]);
        // 32 SHA-256 proofs fill a batch; the 33rd starts the next.
        let sha = vec![sha256::GENERATORS_CAPACITY; 33];
        assert_eq!(batch_sizes(&sha, BATCH_MULTIPLIERS), [32, 1]);
    }

    /// The proof lengths the parser and the decoder expect are the library's.
    #[test]
    fn shuffle_lengths_are_the_librarys() {
        for k in [1usize, 2, 3, 5] {
            let inputs: Vec<u64> = (0..k as u64).collect();
            let (_, r) = prove_shuffle_on::<Ristretto>(Transcript::new(b"t"), &inputs, &inputs)
                .expect("prove");
            assert_eq!(
                r.len(),
                shuffle_proof_len(Curve::Ristretto255, k),
                "k = {k}"
            );
            let (_, s) = prove_shuffle_on::<Secp256k1>(Transcript::new(b"t"), &inputs, &inputs)
                .expect("prove");
            assert_eq!(s.len(), shuffle_proof_len(Curve::Secp256k1, k), "k = {k}");
        }
    }
}
