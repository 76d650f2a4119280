//! `ballistic demo`: a guided first run.
//!
//! Commits to a few amounts, proves them one at a time and aggregated, verifies,
//! shows that tampered statements and proofs are rejected, repeats the single proof
//! on secp256k1 in Grin's format (675 bytes, tampering, rewinding with the nonce),
//! measures proof sizes and times for a handful of shapes, and ends with an
//! arithmetic circuit: knowledge of a SHA-256 preimage of a digest, its size and
//! times, and two forgeries rejected. Every check is real: if a valid proof were
//! rejected or a tampered one accepted, the demo says so and exits with status 1.

use std::fmt::Display;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use ballistic::merlin::Transcript;
use ballistic::ristretto::{
    BulletproofGens, CompressedRistretto, PedersenGens, ProofError, RangeProof, Scalar,
};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::OsRng;
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::error::{CliError, EXIT_INVALID};
use crate::format::{proof_len, rounds_for_shape};
use crate::prove::random_scalar;
use crate::secp;

/// Arguments of `ballistic demo` (none yet).
#[derive(Debug, Args)]
pub struct DemoArgs {}

/// The transcript label of the demo's proofs.
const DEMO_DOMAIN: &[u8] = b"ballistic demo";
/// The amounts committed to in the walkthrough (five: not a power of two).
const AMOUNTS: [u64; 5] = [42, 1_337, 250_000, 9_000_000_000, u64::MAX];
/// The shapes `(n bits, m values)` of the size and timing table.
const TABLE_SHAPES: [(usize, usize); 5] = [(64, 1), (32, 1), (64, 4), (48, 3), (64, 16)];
/// Each table entry is the fastest of this many runs (the first also warms caches).
const TABLE_RUNS: usize = 3;
/// The secret message of the circuit section: its SHA-256 is public.
const CIRCUIT_MESSAGE: &[u8] = b"ballistic";
/// Another message, whose digest the circuit proof must not verify for.
const OTHER_MESSAGE: &[u8] = b"ballistic!";

/// Formats a duration as milliseconds.
fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1e3)
}

/// `0123abcd…89ef`: a short form of a hex string.
fn short_hex(bytes: &[u8]) -> String {
    let h = hex::encode(bytes);
    if h.len() <= 12 {
        return h;
    }
    format!("{}…{}", &h[..8], &h[h.len() - 4..])
}

/// Runs `f` and returns its result and duration.
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let r = f();
    (r, start.elapsed())
}

/// Counts the demo's checks and how many came out unexpectedly.
#[derive(Default)]
struct Checks {
    unexpected: usize,
}

impl Checks {
    /// Describes the outcome of verifying a genuine proof.
    fn expect_valid<E: Display>(&mut self, r: &Result<(), E>) -> String {
        match r {
            Ok(()) => "valid ✓".into(),
            Err(e) => {
                self.unexpected += 1;
                format!("REJECTED ✗ ({e}) — this is a bug, please report it")
            }
        }
    }

    /// Describes the outcome of verifying (or proving) something false.
    fn expect_rejected<E: Display>(&mut self, r: &Result<(), E>, verb: &str) -> String {
        match r {
            Err(e) => format!("{verb} ✓ ({e})"),
            Ok(()) => {
                self.unexpected += 1;
                "ACCEPTED ✗ — this is a bug, please report it".into()
            }
        }
    }
}

/// The walkthrough's state: output, randomness, bases and the check counter.
struct Demo<W: Write> {
    out: W,
    rng: OsRng,
    pc: PedersenGens,
    checks: Checks,
}

/// What step 1 produces and steps 2 and 3 use.
struct Committed {
    blindings: Vec<Scalar>,
    commitments: Vec<CompressedRistretto>,
}

/// What step 2 produces and step 3 tampers with.
struct Aggregated {
    gens: BulletproofGens,
    proof: RangeProof,
    commitments: Vec<CompressedRistretto>,
}

/// One row of the table: `(n, m, proof bytes, fastest prove, fastest verify)`.
type Row = (usize, usize, usize, Duration, Duration);

/// Maps a proving failure (not expected in the demo) to an error.
fn proving_failed(e: ProofError) -> CliError {
    CliError::new(format!("demo: proving failed: {e}"))
}

impl<W: Write> Demo<W> {
    /// Step 1: Pedersen commitments to [`AMOUNTS`].
    fn commit(&mut self) -> Result<Committed, CliError> {
        writeln!(
            self.out,
            "1. Commit to {} amounts: V = v·B + γ·B̃ with a random blinding γ, so V hides v.",
            AMOUNTS.len()
        )?;
        let blindings: Vec<Scalar> = AMOUNTS
            .iter()
            .map(|_| random_scalar(&mut self.rng))
            .collect();
        let commitments: Vec<CompressedRistretto> = AMOUNTS
            .iter()
            .zip(&blindings)
            .map(|(&v, &g)| self.pc.commit(Scalar::from(v), g).compress())
            .collect();
        for (j, (v, c)) in AMOUNTS.iter().zip(&commitments).enumerate() {
            writeln!(
                self.out,
                "   {v:>20}  ->  V{j} = {}",
                short_hex(c.as_bytes())
            )?;
        }
        Ok(Committed {
            blindings,
            commitments,
        })
    }

    /// Prints one line of step 2.
    fn report_proof<E: Display>(
        &mut self,
        label: &str,
        bytes: usize,
        t_prove: Duration,
        verified: &Result<(), E>,
        t_verify: Duration,
    ) -> Result<(), CliError> {
        let status = self.checks.expect_valid(verified);
        writeln!(
            self.out,
            "   {label:<16} {bytes:>4} bytes   prove {:>9}   verify {:>9} (first use)   {status}",
            ms(t_prove),
            ms(t_verify),
        )?;
        Ok(())
    }

    /// Step 2: prove and verify the first amount alone, then all in one proof.
    fn prove(&mut self, c: &Committed) -> Result<Aggregated, CliError> {
        writeln!(
            self.out,
            "\n2. Prove that the amounts lie in [0, 2^64) and verify (first use of each \
             shape: the times include building its generators and tables, which later \
             proofs reuse; warm times are in step 5):"
        )?;
        let pc = self.pc;
        let rng = &mut self.rng;

        let gens = BulletproofGens::new(64, 1);
        let mut transcript = Transcript::new(DEMO_DOMAIN);
        let (res, t_prove) = timed(|| {
            RangeProof::prove_single_with_rng(
                &gens,
                &pc,
                &mut transcript,
                AMOUNTS[0],
                &c.blindings[0],
                64,
                rng,
            )
        });
        let (single, v0) = res.map_err(proving_failed)?;
        let (mut r, t_verify) = timed(|| {
            single.verify_single_with_rng(
                &gens,
                &pc,
                &mut Transcript::new(DEMO_DOMAIN),
                &v0,
                64,
                rng,
            )
        });
        if r.is_ok() && v0 != c.commitments[0] {
            r = Err(ProofError::VerificationError);
        }
        let size = single.to_bytes().len();
        self.report_proof("V0 alone", size, t_prove, &r, t_verify)?;

        let rng = &mut self.rng;
        let gens = BulletproofGens::new(64, AMOUNTS.len());
        let mut transcript = Transcript::new(DEMO_DOMAIN);
        let (res, t_prove) = timed(|| {
            RangeProof::prove_multiple_with_rng(
                &gens,
                &pc,
                &mut transcript,
                &AMOUNTS,
                &c.blindings,
                64,
                rng,
            )
        });
        let (proof, commitments) = res.map_err(proving_failed)?;
        let agg = Aggregated {
            gens,
            proof,
            commitments,
        };
        let (mut r, t_verify) = timed(|| self.verify_agg(&agg.proof, &agg, DEMO_DOMAIN, None));
        if r.is_ok() && agg.commitments != c.commitments {
            r = Err(ProofError::VerificationError);
        }
        let label = format!("V0..V{} in one", AMOUNTS.len() - 1);
        let size = agg.proof.to_bytes().len();
        self.report_proof(&label, size, t_prove, &r, t_verify)?;
        Ok(agg)
    }

    /// Verifies `proof` against the aggregated statement, optionally with other
    /// commitments.
    fn verify_agg(
        &self,
        proof: &RangeProof,
        agg: &Aggregated,
        label: &'static [u8],
        commitments: Option<&[CompressedRistretto]>,
    ) -> Result<(), ProofError> {
        proof.verify_multiple_with_rng(
            &agg.gens,
            &self.pc,
            &mut Transcript::new(label),
            commitments.unwrap_or(&agg.commitments),
            64,
            &mut OsRng,
        )
    }

    /// Prints one line of step 3.
    fn report_rejection<E: Display>(
        &mut self,
        label: &str,
        r: &Result<(), E>,
        verb: &str,
    ) -> Result<(), CliError> {
        let status = self.checks.expect_rejected(r, verb);
        writeln!(self.out, "   {label:<42} {status}")?;
        Ok(())
    }

    /// Step 3: a tampered proof, a different commitment, another domain label, and
    /// a value that does not fit.
    fn tamper(&mut self, c: &Committed, agg: &Aggregated) -> Result<(), CliError> {
        writeln!(
            self.out,
            "\n3. Tamper with the aggregated proof and its statement:"
        )?;
        let mut flipped = agg.proof.to_bytes();
        // Byte 128 is the lowest byte of the scalar t_x: flipping its low bit keeps the
        // encoding canonical, so the proof still parses and the verifier must catch it.
        flipped[4 * 32] ^= 0x01;
        let r = RangeProof::from_bytes(&flipped)
            .and_then(|p| self.verify_agg(&p, agg, DEMO_DOMAIN, None));
        self.report_rejection("flip one bit of the proof", &r, "rejected")?;

        let mut other = agg.commitments.clone();
        other[1] = self
            .pc
            .commit(Scalar::from(AMOUNTS[1] + 1), c.blindings[1])
            .compress();
        let r = self.verify_agg(&agg.proof, agg, DEMO_DOMAIN, Some(&other));
        let label = format!("swap V1 for a commitment to {}", AMOUNTS[1] + 1);
        self.report_rejection(&label, &r, "rejected")?;

        let r = self.verify_agg(&agg.proof, agg, b"another application", None);
        self.report_rejection("verify under another domain label", &r, "rejected")?;

        let big = 5_000_000_000u64;
        let r = RangeProof::prove_single_with_rng(
            &BulletproofGens::new(32, 1),
            &self.pc,
            &mut Transcript::new(DEMO_DOMAIN),
            big,
            &c.blindings[0],
            32,
            &mut self.rng,
        )
        .map(|_| ());
        let label = format!("prove that {big} fits in 32 bits");
        self.report_rejection(&label, &r, "refused")
    }

    /// Step 4: a Grin-style proof on secp256k1 (secp256k1-zkp's format, Grin's 256
    /// generators): size, verification, a flipped bit, and rewinding with the nonce.
    fn secp256k1(&mut self) -> Result<(), CliError> {
        use ballistic::secp256k1::{grin_generators, PedersenGens, RangeProof, Transcript};
        writeln!(
            self.out,
            "\n4. The same on secp256k1, in secp256k1-zkp's (Grin's) format:"
        )?;
        let (gens, pc) = (grin_generators(), PedersenGens::default());
        let blinding = secp::random_scalar(&mut self.rng);
        let nonce = secp::random_nonce(&mut self.rng);
        let rng = &mut self.rng;
        let (res, t_prove) = timed(|| {
            RangeProof::prove_single_with_rng(
                &gens,
                &pc,
                &mut Transcript::new().with_nonce(nonce),
                AMOUNTS[0],
                &blinding,
                64,
                rng,
            )
        });
        let (proof, v0) = res.map_err(proving_failed)?;
        let bytes = proof.to_bytes();
        let (r, t_verify) = timed(|| {
            RangeProof::from_bytes(&bytes).and_then(|p| {
                p.verify_single_with_rng(&gens, &pc, &mut Transcript::new(), &v0, 64, rng)
            })
        });
        let label = "V0 alone (Grin)";
        self.report_proof(label, bytes.len(), t_prove, &r, t_verify)?;
        if bytes.len() != 675 {
            self.checks.unexpected += 1;
        }

        let mut flipped = bytes.clone();
        // Byte 31 is the lowest byte of the big-endian scalar −τ_x: flipping its low
        // bit keeps the encoding canonical, so the verifier must catch it.
        flipped[31] ^= 0x01;
        let r = RangeProof::from_bytes(&flipped).and_then(|p| {
            p.verify_single_with_rng(&gens, &pc, &mut Transcript::new(), &v0, 64, &mut OsRng)
        });
        self.report_rejection("flip one bit of the proof", &r, "rejected")?;

        // A wallet that knows the nonce recovers the value and the blinding factor.
        let rewound = proof.rewind(&pc, &Transcript::new(), &v0, &nonce);
        let status = match rewound {
            Ok(w) if w.value == AMOUNTS[0] && w.blinding == blinding && w.opens_commitment => {
                format!("recovered {} and γ ✓", w.value)
            }
            other => {
                self.checks.unexpected += 1;
                format!("WRONG ✗ ({other:?}) — this is a bug, please report it")
            }
        };
        writeln!(
            self.out,
            "   {:<42} {status}",
            "rewind with the prover's nonce"
        )?;
        Ok(())
    }

    /// Measures one shape: the fastest of [`TABLE_RUNS`] proofs and verifications.
    fn measure(&mut self, n: usize, m: usize) -> Result<Row, CliError> {
        let gens = BulletproofGens::new(n, m);
        let values: Vec<u64> = (0..m).map(|_| self.rng.next_u64() >> (64 - n)).collect();
        let blindings: Vec<Scalar> = (0..m).map(|_| random_scalar(&mut self.rng)).collect();
        let (mut best_prove, mut best_verify) = (Duration::MAX, Duration::MAX);
        let mut size = 0;
        for _ in 0..TABLE_RUNS {
            let (pc, rng) = (&self.pc, &mut self.rng);
            let mut transcript = Transcript::new(DEMO_DOMAIN);
            let (res, t) = timed(|| {
                RangeProof::prove_multiple_with_rng(
                    &gens,
                    pc,
                    &mut transcript,
                    &values,
                    &blindings,
                    n,
                    rng,
                )
            });
            let (proof, vs) = res.map_err(proving_failed)?;
            best_prove = best_prove.min(t);
            size = proof.to_bytes().len();
            let mut transcript = Transcript::new(DEMO_DOMAIN);
            let (r, t) =
                timed(|| proof.verify_multiple_with_rng(&gens, pc, &mut transcript, &vs, n, rng));
            if r.is_err() {
                self.checks.unexpected += 1;
            }
            best_verify = best_verify.min(t);
        }
        Ok((n, m, size, best_prove, best_verify))
    }

    /// Step 4: the table of sizes and times, with a progress bar while measuring.
    fn table(&mut self) -> Result<(), CliError> {
        writeln!(
            self.out,
            "\n5. Proof sizes and times on ristretto255 (n bits, m values; warm: fastest of \
             {TABLE_RUNS} runs over cached tables{}):",
            if cfg!(debug_assertions) {
                "; debug build, release is faster"
            } else {
                ""
            }
        )?;
        self.out.flush()?;
        // Drawn on standard error, and only when it is a terminal.
        let bar = ProgressBar::new(TABLE_SHAPES.len() as u64);
        bar.set_style(
            ProgressStyle::with_template("   {spinner} measuring {msg:<10} [{bar:20}] {pos}/{len}")
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar.enable_steady_tick(Duration::from_millis(100));
        let mut rows = Vec::new();
        for &(n, m) in &TABLE_SHAPES {
            bar.set_message(format!("n={n} m={m}"));
            let row = self.measure(n, m);
            bar.inc(1);
            match row {
                Ok(row) => rows.push(row),
                Err(e) => {
                    bar.finish_and_clear();
                    return Err(e);
                }
            }
        }
        bar.finish_and_clear();

        writeln!(
            self.out,
            "   shape                  proof       prove      verify"
        )?;
        for &(n, m, size, p, v) in &rows {
            let note = if (n * m).is_power_of_two() {
                ""
            } else {
                " (padded)"
            };
            let shape = format!("n={n} m={m}{note}");
            if size != proof_len(rounds_for_shape(n, m)) {
                self.checks.unexpected += 1;
            }
            writeln!(
                self.out,
                "   {shape:<22} {size:>5} B  {:>10}  {:>10}",
                ms(p),
                ms(v)
            )?;
        }
        let one = proof_len(rounds_for_shape(64, 1));
        let sixteen = proof_len(rounds_for_shape(64, 16));
        writeln!(
            self.out,
            "   Size is (2·⌈log2(n·m)⌉ + 9)·32 bytes: 16 values cost {} bytes more than one.",
            sixteen - one
        )?;
        Ok(())
    }
}

impl<W: Write> Demo<W> {
    /// Step 6: an arithmetic circuit on ristretto255, knowledge of a message whose
    /// SHA-256 is a public digest (the message statement): the circuit's size, the
    /// proof's size and times, a flipped bit and another digest rejected.
    fn circuit(&mut self) -> Result<(), CliError> {
        use ballistic::gadgets::sha256;
        use ballistic::r1cs::ConstraintSystem;
        use ballistic::ristretto::r1cs::R1CSProof;

        let digest: [u8; 32] = Sha256::digest(CIRCUIT_MESSAGE).into();
        let message = String::from_utf8_lossy(CIRCUIT_MESSAGE);
        writeln!(
            self.out,
            "\n6. An arithmetic circuit: prove you know a message whose SHA-256 is D, \
             without revealing it:\n   D = SHA-256({message:?}) = {}",
            hex::encode(digest)
        )?;
        let multipliers = sha256::message_verifier::<ballistic::curve::ristretto::Ristretto>(
            Transcript::new(DEMO_DOMAIN),
            &digest,
        )
        .map(|v| v.metrics().multipliers)
        .map_err(|e| CliError::new(format!("demo: building the circuit failed: {e}")))?;
        writeln!(
            self.out,
            "   circuit: {multipliers} multipliers (padded to {}); the message and its \
             length stay secret",
            sha256::GENERATORS_CAPACITY
        )?;
        self.out.flush()?;

        let bp = BulletproofGens::new(sha256::GENERATORS_CAPACITY, 1);
        let (pc, rng) = (&self.pc, &mut self.rng);
        // Drawn on standard error, and only when it is a terminal.
        let spinner = ProgressBar::new_spinner();
        spinner.set_message("proving");
        spinner.enable_steady_tick(Duration::from_millis(100));
        let (res, t_prove) = timed(|| {
            sha256::prove_message(pc, &bp, Transcript::new(DEMO_DOMAIN), CIRCUIT_MESSAGE, rng)
        });
        spinner.finish_and_clear();
        let (proof, proven) =
            res.map_err(|e| CliError::new(format!("demo: proving the circuit failed: {e}")))?;
        let bytes = proof.to_bytes();
        let (mut r, t_verify) = timed(|| {
            sha256::verify_message(pc, &bp, Transcript::new(DEMO_DOMAIN), &digest, &proof, rng)
        });
        if r.is_ok() && proven != digest {
            r = Err(ballistic::r1cs::R1CSError::VerificationError);
        }
        self.report_proof("D's preimage", bytes.len(), t_prove, &r, t_verify)?;

        let mut flipped = bytes.clone();
        // Byte 257 is the lowest byte of the scalar t_x (after the version byte and
        // the 8 points of a one-phase proof): flipping its low bit keeps the encoding
        // canonical, so the proof still parses and the verifier must catch it.
        if let Some(b) = flipped.get_mut(1 + 8 * 32) {
            *b ^= 0x01;
        }
        let r = R1CSProof::from_bytes(&flipped).and_then(|p| {
            sha256::verify_message(
                &self.pc,
                &bp,
                Transcript::new(DEMO_DOMAIN),
                &digest,
                &p,
                &mut self.rng,
            )
        });
        self.report_rejection("flip one bit of the proof", &r, "rejected")?;

        let other: [u8; 32] = Sha256::digest(OTHER_MESSAGE).into();
        let r = sha256::verify_message(
            &self.pc,
            &bp,
            Transcript::new(DEMO_DOMAIN),
            &other,
            &proof,
            &mut self.rng,
        );
        let label = format!(
            "verify for D' = SHA-256({:?})",
            String::from_utf8_lossy(OTHER_MESSAGE)
        );
        self.report_rejection(&label, &r, "rejected")
    }
}

/// Runs `ballistic demo`.
pub fn run(_args: DemoArgs) -> Result<ExitCode, CliError> {
    let mut demo = Demo {
        out: std::io::stdout().lock(),
        rng: OsRng,
        pc: PedersenGens::default(),
        checks: Checks::default(),
    };
    writeln!(
        demo.out,
        "ballistic {} demo: Bulletproofs range proofs on ristretto255 (and secp256k1), \
         and a circuit\n",
        env!("CARGO_PKG_VERSION")
    )?;
    let committed = demo.commit()?;
    let agg = demo.prove(&committed)?;
    demo.tamper(&committed, &agg)?;
    demo.secp256k1()?;
    demo.table()?;
    demo.circuit()?;

    if demo.checks.unexpected > 0 {
        writeln!(
            demo.out,
            "\n{} check(s) came out wrong; please report this.",
            demo.checks.unexpected
        )?;
        demo.out.flush()?;
        return Ok(ExitCode::from(EXIT_INVALID));
    }
    writeln!(
        demo.out,
        "\nAll checks passed. Try it on your own values:\n   \
         ballistic prove --bits 32 --values 10,20,30 --out proof.json --openings secrets.json\n   \
         ballistic prove --curve secp256k1 --values 42 --out grin.json --openings grin-secrets.json\n   \
         ballistic prove --protocol bp+ --values 5,6 --min-values 1,0 --out plus.json\n   \
         ballistic verify proof.json grin.json plus.json\n   \
         ballistic circuit prove sha256 --message 'my secret' --out preimage.json\n   \
         ballistic circuit prove shuffle --inputs 3,1,4,1 --outputs 1,1,3,4 --out shuffle.json\n   \
         ballistic circuit verify preimage.json shuffle.json"
    )?;
    demo.out.flush()?;
    Ok(ExitCode::SUCCESS)
}
