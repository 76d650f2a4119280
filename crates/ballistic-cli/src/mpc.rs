//! `ballistic mpc`: aggregated range proofs made by several parties on ristretto255,
//! with dalek's dealer and parties (`ballistic::ristretto::range_proof_mpc`).
//!
//! ```text
//! ballistic mpc demo [--parties M] [--bits N] [--domain LABEL] [--trusted] [--json-dir DIR]
//! ballistic mpc dealer --json-dir DIR --parties M [--bits N] [--domain LABEL] [--trusted]
//!                      [--out FILE] [--timeout SECS]
//! ballistic mpc party --json-dir DIR --index J --value V [--bits N]
//!                     [--openings FILE] [--timeout SECS]
//! ```
//!
//! `demo` runs a dealer and `M` parties (one thread each) over in-memory channels,
//! prints every round with its messages' sizes (bincode, as dalek's crate encodes
//! them, and JSON), verifies the proof and exits 0 if it is valid. With `--json-dir`
//! it also writes every message it passed as the files below.
//!
//! `dealer` and `party` are the same rounds as separate processes that exchange
//! messages as files in one directory (an empty one per proof, writable by its
//! owner only: the messages are not authenticated, see [`crate::exchange`]), each
//! written atomically (an unpredictable temporary name, then renamed) and polled
//! for by the reader, which refuses links:
//!
//! | round | writer | file |
//! |---|---|---|
//! | 1 | party `j` | `bit_commitment_{j}.json` (`V_j`, `A_j`, `S_j`) |
//! | 2 | dealer | `bit_challenge.json` (`y`, `z`) |
//! | 3 | party `j` | `poly_commitment_{j}.json` (`T_1,j`, `T_2,j`) |
//! | 4 | dealer | `poly_challenge.json` (`x`) |
//! | 5 | party `j` | `proof_share_{j}.json` (`t_x`, `τ_x`, `μ`, `l`, `r`) |
//! | 6 | dealer | the proof file (`--out`, default `DIR/proof.json`) |
//!
//! The messages are dalek's message structs in serde's JSON (points as arrays of 32
//! bytes, scalars likewise), so parties and dealers of dalek's crate can read and
//! write them. The proof file is an ordinary ristretto255 proof file (`ballistic
//! verify` checks it). A party's secrets (its value's bits, its nonces) never leave
//! its process; its blinding is drawn at random and written, with its value, to
//! `--openings` (an owner-only file) when given. The dealer verifies the proof and
//! names any party whose share is bad, unless `--trusted`.
//!
//! Exit status: 0 the proof was made (and, for `demo`, verified); 1 a party's share
//! was bad (the dealer names it) or the proof did not verify; 2 usage errors,
//! malformed or missing messages, timeouts, I/O errors.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ballistic::merlin::Transcript;
use ballistic::ristretto::range_proof_mpc::dealer::Dealer;
use ballistic::ristretto::range_proof_mpc::messages::{
    BitChallenge, BitCommitment, PolyChallenge, PolyCommitment, ProofShare,
};
use ballistic::ristretto::range_proof_mpc::party::Party;
use ballistic::ristretto::range_proof_mpc::MPCError;
use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof};
use clap::{Args, Subcommand};
use rand::Rng;
use serde::de::DeserializeOwned;
use serde::Serialize;
use zeroize::Zeroizing;

use crate::error::{CliError, EXIT_INVALID};
use crate::format::{self, Opening, OpeningsFile, ProofFileOut, DEFAULT_DOMAIN, MAX_DOMAIN_BYTES};
use crate::{exchange, output};

/// Largest number of parties `mpc` runs (as many as a proof file may hold values).
pub const MAX_PARTIES: usize = format::MAX_VALUES;

/// Arguments of `ballistic mpc`.
#[derive(Debug, Args)]
pub struct MpcArgs {
    /// What to run.
    #[command(subcommand)]
    pub command: MpcCommand,
}

/// The `mpc` subcommands.
#[derive(Debug, Subcommand)]
pub enum MpcCommand {
    /// A dealer and parties in one process over in-memory channels.
    Demo(DemoArgs),
    /// The dealer, exchanging messages with parties through files in a directory.
    Dealer(DealerArgs),
    /// One party, exchanging messages with the dealer through files in a directory.
    Party(PartyArgs),
}

/// Arguments of `ballistic mpc demo`.
#[derive(Debug, Args)]
pub struct DemoArgs {
    /// The number of parties `m` (one value each), 1 up to the proof files' limit.
    #[arg(long, default_value_t = 4)]
    pub parties: usize,
    /// The bit width `n` in 1..=64.
    #[arg(long, default_value_t = 64)]
    pub bits: usize,
    /// The dealer's transcript label.
    #[arg(long)]
    pub domain: Option<String>,
    /// Trust the parties' shares (dalek's `receive_trusted_shares`): no check of the
    /// proof, no blame.
    #[arg(long)]
    pub trusted: bool,
    /// Also write every message as the files `dealer` and `party` exchange.
    #[arg(long, value_name = "DIR")]
    pub json_dir: Option<PathBuf>,
}

/// Arguments of `ballistic mpc dealer`.
#[derive(Debug, Args)]
pub struct DealerArgs {
    /// The directory of the messages (empty when the proof starts).
    #[arg(long, value_name = "DIR")]
    pub json_dir: PathBuf,
    /// The number of parties `m`.
    #[arg(long)]
    pub parties: usize,
    /// The bit width `n` in 1..=64.
    #[arg(long, default_value_t = 64)]
    pub bits: usize,
    /// The transcript label.
    #[arg(long)]
    pub domain: Option<String>,
    /// Trust the parties' shares: no check of the proof, no blame.
    #[arg(long)]
    pub trusted: bool,
    /// Where to write the proof file (default `DIR/proof.json`).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// How long to wait for each round's messages, in seconds.
    #[arg(long, default_value_t = 300)]
    pub timeout: u64,
}

/// Arguments of `ballistic mpc party`.
#[derive(Debug, Args)]
pub struct PartyArgs {
    /// The directory of the messages.
    #[arg(long, value_name = "DIR")]
    pub json_dir: PathBuf,
    /// The party's position `j` (0-based; one per party).
    #[arg(long)]
    pub index: usize,
    /// The party's value, below `2^bits`.
    #[arg(long)]
    pub value: u64,
    /// The bit width `n` in 1..=64.
    #[arg(long, default_value_t = 64)]
    pub bits: usize,
    /// Write the party's opening (value, blinding, commitment) to this owner-only file.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Recompute every challenge from the dealer's transcript and every party's
    /// commitments (read from the directory) before answering it, instead of trusting
    /// the dealer's: needs --parties and the dealer's --domain.
    #[arg(long, requires = "parties")]
    pub recompute: bool,
    /// The number of parties `m` (with --recompute).
    #[arg(long)]
    pub parties: Option<usize>,
    /// The dealer's transcript label (with --recompute).
    #[arg(long, requires = "recompute")]
    pub domain: Option<String>,
    /// How long to wait for each of the dealer's messages, in seconds.
    #[arg(long, default_value_t = 300)]
    pub timeout: u64,
}

/// Runs `ballistic mpc`.
///
/// # Errors
/// A [`CliError`] for usage errors, malformed or missing messages and I/O errors.
pub fn run(args: MpcArgs) -> Result<ExitCode, CliError> {
    match args.command {
        MpcCommand::Demo(a) => demo(a),
        MpcCommand::Dealer(a) => dealer(a),
        MpcCommand::Party(a) => party(a),
    }
}

/// The shape and the label, checked.
fn shape(parties: usize, bits: usize, domain: Option<String>) -> Result<String, CliError> {
    if !(1..=64).contains(&bits) {
        return Err(CliError::new(format!("--bits {bits}: must be in 1..=64")));
    }
    if !(1..=MAX_PARTIES).contains(&parties) {
        return Err(CliError::new(format!(
            "--parties {parties}: must be in 1..={MAX_PARTIES}"
        )));
    }
    let domain = domain.unwrap_or_else(|| DEFAULT_DOMAIN.to_owned());
    if domain.len() > MAX_DOMAIN_BYTES {
        return Err(CliError::new(format!(
            "--domain is {} bytes long; the limit is {MAX_DOMAIN_BYTES}",
            domain.len()
        )));
    }
    Ok(domain)
}

/// `Transcript::new(domain)` for the dealer's label.
fn dealer_transcript(domain: &str) -> Result<Transcript, CliError> {
    ballistic_api::transcript(domain.as_bytes())
        .map_err(|e| CliError::new(format!("--domain: {e}")))
}

/// A recomputing party's refusal of a challenge.
fn refused_challenge(e: MPCError) -> CliError {
    match e {
        MPCError::ChallengeMismatch => CliError::new(
            "the dealer's challenge is not the one its transcript and the parties' \
             commitments give (another --domain or --parties, or a dishonest dealer): no \
             share sent",
        ),
        MPCError::MaliciousDealer => CliError::new(
            "the commitments in the directory do not include this party's own: no share \
             sent",
        ),
        e => mpc_error(e),
    }
}

fn mpc_error(e: MPCError) -> CliError {
    CliError::new(format!("multi-party proof: {e:?}"))
}

/// A message's sizes: bincode (dalek's wire encoding) and JSON.
fn sizes<T: Serialize>(msg: &T) -> Result<(usize, usize), CliError> {
    let bin = bincode::serialized_size(msg)
        .map_err(|e| CliError::new(format!("cannot encode a message: {e}")))?;
    let json = serde_json::to_vec(msg)
        .map_err(|e| CliError::new(format!("cannot encode a message: {e}")))?;
    Ok((bin as usize, json.len()))
}

/// Writes `msg` as `dir/name` (see [`exchange::write`]).
fn write_message<T: Serialize>(dir: &Path, name: &str, msg: &T) -> Result<(), CliError> {
    let mut json =
        serde_json::to_vec(msg).map_err(|e| CliError::new(format!("cannot encode {name}: {e}")))?;
    json.push(b'\n');
    exchange::write(dir, name, &json)
}

/// Waits (polling) until `dir/name` exists, then reads and parses it (see
/// [`exchange::read`]).
fn await_message<T: DeserializeOwned>(
    dir: &Path,
    name: &str,
    timeout: Duration,
) -> Result<T, CliError> {
    let start = Instant::now();
    while !exchange::exists(dir, name) {
        if start.elapsed() > timeout {
            return Err(CliError::new(format!(
                "{}: not there after {} s",
                dir.join(name).display(),
                timeout.as_secs()
            )));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let bytes = exchange::read(dir, name)?;
    serde_json::from_slice(&bytes).map_err(|e| {
        CliError::new(format!(
            "{}: malformed message: {e}",
            dir.join(name).display()
        ))
    })
}

/// Refuses a directory that already holds `name` (a message of an earlier proof).
fn refuse_stale(dir: &Path, name: &str) -> Result<(), CliError> {
    if exchange::exists(dir, name) {
        return Err(CliError::new(format!(
            "{}: exists already; use an empty directory for each proof",
            dir.join(name).display()
        )));
    }
    Ok(())
}

/// Writes the proof file of a proof of the `commitments`.
fn proof_file(
    bits: usize,
    domain: &str,
    commitments: &[BitCommitment],
    proof: &RangeProof,
) -> Result<Vec<u8>, CliError> {
    let file = ProofFileOut {
        curve: format::Curve::Ristretto255.name(),
        protocol: None,
        bits,
        range: None,
        extension_degree: None,
        min_values: None,
        domain: Some(domain),
        commitments: commitments
            .iter()
            .map(|c| hex::encode(c.v_j().as_bytes()))
            .collect(),
        proof: hex::encode(proof.to_bytes()),
        extra_commit: None,
    };
    let mut json = serde_json::to_vec(&file)
        .map_err(|e| CliError::new(format!("cannot encode the proof file: {e}")))?;
    json.push(b'\n');
    Ok(json)
}

/// The `m` messages of one round from the party threads, in party order: `None` if
/// a party stopped before sending its message.
fn collect<T>(rx: &mpsc::Receiver<(usize, T)>, m: usize) -> Option<Vec<T>> {
    let mut got: Vec<Option<T>> = (0..m).map(|_| None).collect();
    for _ in 0..m {
        let (j, msg) = rx.recv().ok()?;
        *got.get_mut(j)? = Some(msg);
    }
    got.into_iter().collect()
}

/// Prints one round: the messages, their sizes and the round's time.
fn print_round<T: Serialize>(
    out: &mut impl Write,
    round: &str,
    msgs: &[T],
    elapsed: Duration,
) -> Result<(), CliError> {
    let (bin, json) = match msgs.first() {
        Some(msg) => sizes(msg)?,
        None => (0, 0),
    };
    writeln!(
        out,
        "  {round:<44} {:>3} × {bin:>5} B bincode ({json:>6} B JSON)  {:>9.3} ms",
        msgs.len(),
        elapsed.as_secs_f64() * 1e3
    )?;
    Ok(())
}

/// Writes the messages of a round as `prefix_{j}.json`.
fn write_round<T: Serialize>(dir: Option<&Path>, prefix: &str, msgs: &[T]) -> Result<(), CliError> {
    if let Some(dir) = dir {
        for (j, msg) in msgs.iter().enumerate() {
            write_message(dir, &format!("{prefix}_{j}.json"), msg)?;
        }
    }
    Ok(())
}

fn demo(args: DemoArgs) -> Result<ExitCode, CliError> {
    let (m, n) = (args.parties, args.bits);
    let domain = shape(m, n, args.domain)?;
    let dir = args.json_dir.as_deref();
    if let Some(dir) = dir {
        exchange::create_dir(dir)?;
        exchange::check_dir(dir)?;
    }
    let bp = BulletproofGens::new(n, m);
    let pc = PedersenGens::default();
    let mut rng = rand::thread_rng();
    let values: Vec<u64> = (0..m)
        .map(|_| {
            if n == 64 {
                rng.gen()
            } else {
                rng.gen_range(0..1u64 << n)
            }
        })
        .collect();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "multi-party range proof on ristretto255: {m} parties, one {n}-bit value each; \
         the dealer {} the shares",
        if args.trusted { "trusts" } else { "verifies" }
    )?;

    let (bits_tx, bits_rx) = mpsc::channel::<(usize, BitCommitment)>();
    let (poly_tx, poly_rx) = mpsc::channel::<(usize, PolyCommitment)>();
    let (share_tx, share_rx) = mpsc::channel::<(usize, Result<ProofShare, MPCError>)>();
    let mut transcript = dealer_transcript(&domain)?;
    let total = Instant::now();
    let result = std::thread::scope(|s| -> Result<_, CliError> {
        // One thread per party; its only links to the dealer are the channels.
        let mut to_parties = Vec::with_capacity(m);
        for (j, &v) in values.iter().enumerate() {
            let (yz_tx, yz_rx) = mpsc::channel::<BitChallenge>();
            let (x_tx, x_rx) = mpsc::channel::<PolyChallenge>();
            to_parties.push((yz_tx, x_tx));
            let (bits_tx, poly_tx, share_tx) = (bits_tx.clone(), poly_tx.clone(), share_tx.clone());
            let (bp, pc) = (&bp, &pc);
            s.spawn(move || {
                let mut rng = rand::thread_rng();
                let blinding = Zeroizing::new(ballistic::ristretto::random_scalar(&mut rng));
                let started = Party::new(bp, pc, v, *blinding, n)
                    .and_then(|p| p.assign_position_with_rng(j, &mut rng));
                let (party, bits) = match started {
                    Ok(x) => x,
                    Err(e) => {
                        let _ = share_tx.send((j, Err(e)));
                        return;
                    }
                };
                let _ = bits_tx.send((j, bits));
                let Ok(yz) = yz_rx.recv() else { return };
                let (party, poly) = party.apply_challenge_with_rng(&yz, &mut rng);
                let _ = poly_tx.send((j, poly));
                let Ok(x) = x_rx.recv() else { return };
                let _ = share_tx.send((j, party.apply_challenge(&x)));
            });
        }
        drop((bits_tx, poly_tx, share_tx));
        let stopped = || CliError::new("a party stopped before its message");

        let dealer = Dealer::new(&bp, &pc, &mut transcript, n, m).map_err(mpc_error)?;
        let t = Instant::now();
        let bits = collect(&bits_rx, m).ok_or_else(stopped)?;
        print_round(
            &mut out,
            "1. parties → dealer: BitCommitment",
            &bits,
            t.elapsed(),
        )?;
        write_round(dir, "bit_commitment", &bits)?;

        let t = Instant::now();
        let (dealer, yz) = dealer
            .receive_bit_commitments(bits.clone())
            .map_err(mpc_error)?;
        for (tx, _) in &to_parties {
            let _ = tx.send(yz);
        }
        print_round(
            &mut out,
            "2. dealer → parties: BitChallenge",
            &[yz],
            t.elapsed(),
        )?;
        if let Some(dir) = dir {
            write_message(dir, "bit_challenge.json", &yz)?;
        }

        let t = Instant::now();
        let polys = collect(&poly_rx, m).ok_or_else(stopped)?;
        print_round(
            &mut out,
            "3. parties → dealer: PolyCommitment",
            &polys,
            t.elapsed(),
        )?;
        write_round(dir, "poly_commitment", &polys)?;

        let t = Instant::now();
        let (dealer, x) = dealer.receive_poly_commitments(polys).map_err(mpc_error)?;
        for (_, tx) in &to_parties {
            let _ = tx.send(x);
        }
        print_round(
            &mut out,
            "4. dealer → parties: PolyChallenge",
            &[x],
            t.elapsed(),
        )?;
        if let Some(dir) = dir {
            write_message(dir, "poly_challenge.json", &x)?;
        }

        let t = Instant::now();
        let shares = collect(&share_rx, m)
            .ok_or_else(stopped)?
            .into_iter()
            .enumerate()
            .map(|(j, s)| s.map_err(|e| CliError::new(format!("party {j}: {e:?}"))))
            .collect::<Result<Vec<ProofShare>, _>>()?;
        print_round(
            &mut out,
            "5. parties → dealer: ProofShare",
            &shares,
            t.elapsed(),
        )?;
        write_round(dir, "proof_share", &shares)?;

        let t = Instant::now();
        let proof = if args.trusted {
            dealer.receive_trusted_shares(&shares)
        } else {
            dealer.receive_shares(&shares)
        }
        .map_err(mpc_error)?;
        let step = if args.trusted {
            "6. dealer: fold, prove"
        } else {
            "6. dealer: fold, prove, verify"
        };
        writeln!(
            out,
            "  {step:<44} proof of {} B{:>32.3} ms",
            proof.to_bytes().len(),
            t.elapsed().as_secs_f64() * 1e3
        )?;
        Ok((proof, bits))
    });
    let (proof, bits) = result?;
    writeln!(out, "  total {:.3} ms", total.elapsed().as_secs_f64() * 1e3)?;

    let commitments: Vec<_> = bits.iter().map(|b| *b.v_j()).collect();
    let verdict =
        proof.verify_multiple(&bp, &pc, &mut dealer_transcript(&domain)?, &commitments, n);
    if let Some(dir) = dir {
        let path = dir.join("proof.json");
        output::write_public(&path, &proof_file(n, &domain, &bits, &proof)?, None)?;
        writeln!(out, "messages and proof file written to {}", dir.display())?;
    }
    match verdict {
        Ok(()) => {
            writeln!(out, "the proof verifies")?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            writeln!(out, "the proof does not verify: {e}")?;
            Ok(ExitCode::from(EXIT_INVALID))
        }
    }
}

fn dealer(args: DealerArgs) -> Result<ExitCode, CliError> {
    let (m, n) = (args.parties, args.bits);
    let domain = shape(m, n, args.domain)?;
    let dir = &args.json_dir;
    exchange::check_dir(dir)?;
    let timeout = Duration::from_secs(args.timeout);
    for name in ["bit_challenge.json", "poly_challenge.json"] {
        refuse_stale(dir, name)?;
    }
    let bp = BulletproofGens::new(n, m);
    let pc = PedersenGens::default();
    let mut transcript = dealer_transcript(&domain)?;
    let dealer = Dealer::new(&bp, &pc, &mut transcript, n, m).map_err(mpc_error)?;
    let mut out = std::io::stdout().lock();

    let bits: Vec<BitCommitment> = (0..m)
        .map(|j| await_message(dir, &format!("bit_commitment_{j}.json"), timeout))
        .collect::<Result<_, _>>()?;
    let (dealer, yz) = dealer
        .receive_bit_commitments(bits.clone())
        .map_err(mpc_error)?;
    write_message(dir, "bit_challenge.json", &yz)?;
    writeln!(out, "round 1-2: {m} bit commitments in, bit challenge out")?;

    let polys: Vec<PolyCommitment> = (0..m)
        .map(|j| await_message(dir, &format!("poly_commitment_{j}.json"), timeout))
        .collect::<Result<_, _>>()?;
    let (dealer, x) = dealer.receive_poly_commitments(polys).map_err(mpc_error)?;
    write_message(dir, "poly_challenge.json", &x)?;
    writeln!(
        out,
        "round 3-4: {m} polynomial commitments in, polynomial challenge out"
    )?;

    let shares: Vec<ProofShare> = (0..m)
        .map(|j| await_message(dir, &format!("proof_share_{j}.json"), timeout))
        .collect::<Result<_, _>>()?;
    let proof = if args.trusted {
        dealer.receive_trusted_shares(&shares)
    } else {
        dealer.receive_shares(&shares)
    };
    let proof = match proof {
        Ok(p) => p,
        Err(MPCError::MalformedProofShares { bad_shares }) => {
            writeln!(out, "bad shares from parties {bad_shares:?}: no proof")?;
            return Ok(ExitCode::from(EXIT_INVALID));
        }
        Err(e) => return Err(mpc_error(e)),
    };
    let file = proof_file(n, &domain, &bits, &proof)?;
    let path = match &args.out {
        Some(out) => {
            output::write_public(out, &file, None)?;
            out.clone()
        }
        None => {
            exchange::write(dir, "proof.json", &file)?;
            dir.join("proof.json")
        }
    };
    writeln!(
        out,
        "round 5-6: {m} proof shares in; proof of {} bytes written to {}",
        proof.to_bytes().len(),
        path.display()
    )?;
    Ok(ExitCode::SUCCESS)
}

fn party(args: PartyArgs) -> Result<ExitCode, CliError> {
    let (j, n) = (args.index, args.bits);
    shape(j.saturating_add(1), n, None)?;
    let dir = &args.json_dir;
    exchange::check_dir(dir)?;
    let timeout = Duration::from_secs(args.timeout);
    for name in [
        format!("bit_commitment_{j}.json"),
        format!("poly_commitment_{j}.json"),
        format!("proof_share_{j}.json"),
    ] {
        refuse_stale(dir, &name)?;
    }
    // Party j's generators are the j-th chain: capacity j + 1 parties suffices to
    // prove; recomputing the challenges checks the shape of all m.
    let capacity = match args.parties.filter(|_| args.recompute) {
        Some(m) if j >= m => {
            return Err(CliError::new(format!(
                "--index {j}: a proof of {m} parties has positions 0..{m}"
            )))
        }
        Some(m) => m,
        None => j + 1,
    };
    let bp = BulletproofGens::new(n, capacity);
    let pc = PedersenGens::default();
    let mut rng = rand::thread_rng();
    let blinding = Zeroizing::new(ballistic::ristretto::random_scalar(&mut rng));
    let party = Party::new(&bp, &pc, args.value, *blinding, n).map_err(mpc_error)?;
    let commitment = hex::encode(party.value_commitment().as_bytes());
    // The opening first: a proof whose blinding is lost is useless to its owner.
    if let Some(path) = &args.openings {
        let file = OpeningsFile {
            curve: format::Curve::Ristretto255.name().to_owned(),
            protocol: None,
            bits: n,
            range: None,
            extension_degree: None,
            min_values: None,
            domain: None,
            extra_commit: None,
            nonce: None,
            seed_nonce: None,
            openings: vec![Opening {
                value: args.value,
                blinding: Some(hex::encode(blinding.as_bytes())),
                commitment: commitment.clone(),
                masks: None,
            }],
        };
        output::write_secret(path, |f| {
            serde_json::to_writer(&mut *f, &file)?;
            f.write_all(b"\n")
        })?;
    }
    let share = match args.parties.filter(|_| args.recompute) {
        None => {
            let (party, bits) = party
                .assign_position_with_rng(j, &mut rng)
                .map_err(mpc_error)?;
            write_message(dir, &format!("bit_commitment_{j}.json"), &bits)?;
            let yz: BitChallenge = await_message(dir, "bit_challenge.json", timeout)?;
            let (party, poly) = party.apply_challenge_with_rng(&yz, &mut rng);
            write_message(dir, &format!("poly_commitment_{j}.json"), &poly)?;
            let x: PolyChallenge = await_message(dir, "poly_challenge.json", timeout)?;
            party.apply_challenge(&x).map_err(mpc_error)?
        }
        Some(m) => {
            let domain = shape(m, n, args.domain.clone())?;
            let (party, bits) = party
                .assign_position_checked_with_rng(j, m, &dealer_transcript(&domain)?, &mut rng)
                .map_err(mpc_error)?;
            write_message(dir, &format!("bit_commitment_{j}.json"), &bits)?;
            let yz: BitChallenge = await_message(dir, "bit_challenge.json", timeout)?;
            // The dealer drew its challenge from every bit commitment: all are there.
            let all: Vec<BitCommitment> = (0..m)
                .map(|k| await_message(dir, &format!("bit_commitment_{k}.json"), timeout))
                .collect::<Result<_, _>>()?;
            let (party, poly) = party
                .apply_challenge_with_rng(&yz, &all, &mut rng)
                .map_err(refused_challenge)?;
            write_message(dir, &format!("poly_commitment_{j}.json"), &poly)?;
            let x: PolyChallenge = await_message(dir, "poly_challenge.json", timeout)?;
            let all: Vec<PolyCommitment> = (0..m)
                .map(|k| await_message(dir, &format!("poly_commitment_{k}.json"), timeout))
                .collect::<Result<_, _>>()?;
            party.apply_challenge(&x, &all).map_err(refused_challenge)?
        }
    };
    write_message(dir, &format!("proof_share_{j}.json"), &share)?;
    writeln!(
        std::io::stdout().lock(),
        "party {j}: commitment {commitment}; share sent"
    )?;
    Ok(ExitCode::SUCCESS)
}
