//! # `ballistic`: prove, verify and demo Bulletproofs range proofs
//!
//! ```text
//! ballistic prove [--curve ristretto255] [--bits N] --values v1,v2,... \
//!                 [--domain LABEL] [--out FILE] [--openings FILE]
//! ballistic prove --curve secp256k1 [--bits N] --values v1,v2,... \
//!                 [--extra-commit HEX] [--out FILE] [--openings FILE]
//! ballistic prove --protocol bp+ [--curve ristretto255|secp256k1] [--bits N] \
//!                 --values v1,v2,... [--extension-degree T] [--min-values o1,o2,...] \
//!                 [--domain LABEL] [--out FILE] [--openings FILE [--seed-nonce]]
//! ballistic prove --range A..=B --values V [--curve ristretto255|secp256k1] \
//!                 [--protocol bp|bp+] [--extension-degree T] [--domain LABEL] \
//!                 [--extra-commit HEX] [--out FILE] [--openings FILE]
//! ballistic verify FILE...
//! ballistic rewind FILE --nonce HEX [--value V]
//! ballistic circuit prove shuffle --inputs v1,v2,... --outputs w1,w2,... \
//!                 [--domain LABEL] [--curve ristretto255|secp256k1] [--out FILE]
//! ballistic circuit prove sha256 --message TEXT | --message-hex HEX | --block-hex HEX128 \
//!                 [--curve ristretto255|secp256k1] [--out FILE]
//! ballistic circuit verify FILE...
//! ballistic mpc demo [--parties M] [--bits N] [--trusted] [--json-dir DIR]
//! ballistic mpc dealer --json-dir DIR --parties M [--bits N] [--out FILE]
//! ballistic mpc party --json-dir DIR --index J --value V [--bits N] [--openings FILE]
//! ballistic demo
//! ballistic bench [--quick]
//! ```
//!
//! ## Proof file
//!
//! `prove` writes one JSON object (one line, then a newline). On ristretto255:
//!
//! ```json
//! {"curve":"ristretto255","bits":64,"domain":"ballistic",
//!  "commitments":["<64 hex digits>", "..."],"proof":"<hex>"}
//! ```
//!
//! On secp256k1, in secp256k1-zkp's (Grin's) format:
//!
//! ```json
//! {"curve":"secp256k1","bits":64,
//!  "commitments":["<66 hex digits>", "..."],"proof":"<hex>","extra_commit":"<hex>"}
//! ```
//!
//! A Bulletproofs+ proof file (`prove --protocol bp+`), on either curve:
//!
//! ```json
//! {"curve":"ristretto255","protocol":"bp+","bits":64,"extension_degree":1,
//!  "min_values":[1,0],"domain":"ballistic",
//!  "commitments":["<64 hex digits>", "..."],"proof":"<hex>"}
//! ```
//!
//! A range proof file (`prove --range A..=B`: `a <= v <= b` for one committed `v`),
//! of either protocol on either curve, adds `range`; its `bits` is derived from it:
//!
//! ```json
//! {"curve":"ristretto255","bits":7,"range":[18,130],"domain":"ballistic",
//!  "commitments":["<64 hex digits>"],"proof":"<hex>"}
//! ```
//!
//! | field          | meaning                                                          |
//! |----------------|------------------------------------------------------------------|
//! | `curve`        | `"ristretto255"` or `"secp256k1"`                                |
//! | `protocol`     | optional: `"bp"` (Bulletproofs) or `"bp+"` (Bulletproofs+); absent means `"bp"` (files written before Bulletproofs+ stay valid; `prove` writes the field only for `"bp+"`) |
//! | `bits`         | the bit width `n` in `1..=64` (secp256k1 bp: 1, 2, 4, 8, 16, 32 or 64): every value is in `[0, 2^n)` (bp+ with minimum values: `[o_j, o_j + 2^n)`). With `range`: `k = range_bits(a, b)`, the bit length of `b − a` (1 when `a = b`), any width on both curves, and it must agree with `range` |
//! | `range`        | optional: `[a, b]`, two JSON integers (u64, exact: see below) with `a <= b`: the file proves `a <= v <= b` for its one commitment. Absent means an ordinary proof of `[0, 2^n)`. Not with `min_values` |
//! | `extension_degree` | bp+ only (required): the number `t` in `1..=6` of mask bases per commitment (Tari's extension degree); the proof's first byte must be `t` |
//! | `min_values`   | bp+ only (optional): one minimum value `o_j` per commitment, each below `2^n`, as JSON integers (u64, exact: see below). Absent means all zero; `prove` writes it only when one is not zero |
//! | `domain`       | ristretto255 and bp+ on both curves (required): the Merlin transcript label (default `ballistic`), ≤ 1024 bytes |
//! | `extra_commit` | secp256k1 bp only (optional): secp256k1-zkp's `extra_commit`, hashed into the transcript. Absent means none, which differs from `""` (an empty one) |
//! | `commitments`  | `m` ≥ 1 commitments `V_j = v_j·B + γ_j·B̃` (bp+: `v_j·B + Σ_k γ_{j,k}·B̃_k`; secp256k1 bp: `m` a power of two; with `range`: exactly one, `V`); ristretto255: compressed points (32 bytes); secp256k1: secp256k1-zkp commitments `v·H + γ·G` (33 bytes, `0x08`/`0x09` then x) |
//! | `proof`        | ristretto255 bp: the byte layout of dalek's `bulletproofs` crate, `(2·⌈log2(n·m)⌉ + 9)·32` bytes; secp256k1 bp: secp256k1-zkp's layout (675 bytes for one 64-bit value, 739 for two); bp+: Tari's layout (`t`, `d1`, `A`, `A1`, `B`, `r1`, `s1`, `L`/`R` pairs), `1 + 32·(t + 5 + 2·⌈log2(n·m)⌉)` bytes on ristretto255 (577 for one 64-bit value at `t = 1`), `1 + 32·(t + 2) + 33·(3 + 2·⌈log2(n·m)⌉)` on secp256k1 (592) |
//!
//! Bytes are lowercase hex (uppercase is accepted on input). On ristretto255 the
//! generators are `BulletproofGens::new(n, m)` and `PedersenGens::default()`, so for
//! `n` in {8, 16, 32, 64} and `m` a power of two the files carry proofs that dalek's
//! crate verifies too. On secp256k1 the Pedersen bases are Grin's (`H` for values,
//! `G` for blindings) and the generators are Grin's 256
//! (`ballistic::secp256k1::grin_generators()`) when `n·m ≤ 128`, otherwise
//! secp256k1-zkp's set of `2·n·m` (`zkp_generators(2·n·m)`): `verify` derives the
//! same set from `n` and `m`, so nothing about it is stored. secp256k1 proofs have no
//! domain label (`--domain` is refused with `--curve secp256k1`).
//!
//! Bulletproofs+ proofs take any `n` in `1..=64` and any number of values on both
//! curves (ballistic's padding rule where `n·m` is not a power of two). Their
//! generators are `BulletproofGens::new(n, m)` on both curves and their bases
//! `bp_plus::pedersen_gens(t)`: on ristretto255 Tari's
//! (`create_pedersen_gens_with_extension_degree`), on secp256k1 Grin's `H` for
//! values, `G` then ballistic's chain for masks. Their transcript is Merlin's with
//! the label in `domain` on both curves (no `extra_commit`). On ristretto255, for
//! `n` in {8, 16, 32, 64} and `m` a power of two (Tari's shapes), a bp+ file holds
//! everything Tari's verifier needs (`tari_bulletproofs_plus` 0.5:
//! `RangeParameters::init(bits, m, create_pedersen_gens_with_extension_degree(t))`,
//! the commitments, the minimum values as `minimum_value_promises` and
//! `Transcript::new(domain)`), so it checks the proof from the file alone.
//!
//! **Range proofs.** A file with `range` `[a, b]` holds the library's
//! `prove_range` proof (`RangeProof::prove_range` for bp, `RangeProofPlus::prove_range`
//! for bp+): one aggregated proof that `v − a` and `b − v` lie in `[0, 2^k)`, over
//! the commitments `V − a·B` and `b·B − V`. Those two are never stored: `verify`
//! checks them through `V` and the range (`add_range` of the batch), so the range is part of the
//! statement, and the proof's shape is that of two `k`-bit values (544 bytes on
//! ristretto255 bp for `[18, 130]`). The transcript binds the range before the
//! proof's own statement (`ballistic range v2`, `a`, `b`), whose one commitment is
//! `V`; the generators are those
//! of a proof of two `k`-bit values (`BulletproofGens::new(k, 2)`; secp256k1 bp:
//! Grin's 256). `verify` checks range files in the same batches as the others. A range
//! proof on secp256k1 bp has no rewind nonce, and `rewind` refuses range files.
//!
//! **Minimum values and range bounds are JSON integers.** ballistic reads and
//! writes them exactly over the whole u64 range (serde_json parses integers without
//! going through a float), as the openings file does for values. Other JSON readers
//! may not: a JavaScript `JSON.parse` rounds integers above 2^53, so such readers
//! must parse them as 64-bit or big integers. A number with a fraction or an
//! exponent (`1.0`, `1e3`) is refused.
//!
//! The reader is strict: unknown or duplicate fields, missing fields, fields of the
//! other curve or protocol, wrong types, bad hex, wrong lengths or commitment
//! prefixes, shapes the curve does not support, an empty or oversized commitment
//! list (more than [`format::MAX_VALUES`]), an extension degree outside `1..=6` or
//! that disagrees with the proof's first byte, minimum values of the wrong number or
//! not below `2^n`, a `range` that is not two integers in u64 with `a <= b`, that
//! disagrees with `bits` or comes with minimum values or more than one commitment,
//! and files over [`format::MAX_FILE_BYTES`] are refused with a message naming the
//! file and the field.
//!
//! ## Circuit proof files
//!
//! `circuit prove` writes arithmetic-circuit (R1CS) proofs of the library's gadgets,
//! one JSON object per file with a `circuit` field; `circuit verify` reads them (and
//! only them). The shuffle's, on either curve:
//!
//! ```json
//! {"circuit":"shuffle","curve":"ristretto255","k":4,"domain":"ShuffleProofTest",
//!  "commitments":["<4 inputs>", "…", "<then 4 outputs>"],"proof":"<hex>"}
//! ```
//!
//! The SHA-256 preimage proof's (the preimage is never in the file):
//!
//! ```json
//! {"circuit":"sha256","curve":"ristretto255","statement":"message",
//!  "digest":"<64 hex digits>","proof":"<hex>"}
//! ```
//!
//! The fields, the transcripts and the limits are described in
//! [`ballistic_cli::circuit_format`]; the reader is as strict as the range proofs'.
//!
//! ## Openings file
//!
//! `prove --openings FILE` writes the secrets separately; they never appear in the
//! proof file. The file is written as a new file, created with mode 0600 on Unix,
//! and renamed over `FILE` (an existing file is replaced, not written into); a
//! symbolic link at `FILE` is refused, and so is an `--out` naming the same file in
//! any spelling (`./FILE`, `dir/../FILE`, a link or a hard link to it):
//!
//! ```json
//! {"curve":"ristretto255","bits":64,"domain":"ballistic",
//!  "openings":[{"value":10,"blinding":"<64 hex digits>","commitment":"<64 hex digits>"}]}
//! {"curve":"secp256k1","bits":64,"extra_commit":"<hex>","nonce":"<64 hex digits>",
//!  "openings":[{"value":10,"blinding":"<64 hex digits>","commitment":"<66 hex digits>"}]}
//! ```
//!
//! `blinding` is the 32-byte scalar `γ_j` (little-endian on ristretto255, big-endian
//! on secp256k1 as secp256k1-zkp stores keys); `commitment` repeats `V_j`. On
//! secp256k1, `nonce` is the 32-byte rewind nonce the proof was made with (drawn from
//! the OS RNG for every proof, never stored in the proof file): with it a wallet can
//! rewind a single-value proof (`RangeProof::rewind`, `ballistic rewind`) to its
//! value and blinding.
//!
//! A range proof's openings file repeats `range` (and has no `nonce`). A
//! Bulletproofs+ openings file repeats `protocol`, `extension_degree` and
//! `min_values` and holds `masks` (the `t` scalars `γ_{j,k}`, encoded as `blinding`
//! is) instead of `blinding`; with `--seed-nonce` (one value) also `seed_nonce`, the
//! random 32-byte scalar (encoded as a mask) the proof's nonces were derived from
//! (`prove_with_seed`), from which `ballistic rewind` recovers the masks:
//!
//! ```json
//! {"curve":"ristretto255","protocol":"bp+","bits":64,"extension_degree":2,
//!  "domain":"ballistic","seed_nonce":"<64 hex digits>",
//!  "openings":[{"value":10,"masks":["<64 hex digits>","<64 hex digits>"],
//!               "commitment":"<64 hex digits>"}]}
//! ```
//!
//! ## Rewinding
//!
//! `rewind FILE --nonce HEX` reads one proof file of one value. A secp256k1 bp file:
//! `--nonce` is the openings file's `nonce`; prints the value, the blinding and the
//! 20-byte message (`RangeProof::rewind`, which checks that they open the
//! commitment). A bp+ file made with `--seed-nonce`: `--nonce` is its `seed_nonce`;
//! verifies the proof and prints the masks (`recover_masks` with
//! `VerifyAction::RecoverAndVerify`). A Bulletproofs+ proof does not carry the value,
//! and a wrong seed gives wrong masks rather than an error: `--value V` checks that
//! `V` and the masks open the commitment. ristretto255 bp files are not supported
//! yet. Range-proof files are not supported.
//!
//! ## Exit status
//!
//! * 0: success; for `verify` and `circuit verify`, every proof is valid; for
//!   `rewind`, the proof was rewound.
//! * 1: `verify` or `circuit verify` rejected at least one proof (and no file was
//!   malformed); `rewind`: the nonce does not rewind the proof, or (bp+) the proof
//!   does not verify or the masks and `--value` do not open the commitment.
//! * 2: usage error, a value that does not fit in `--bits` or lies outside
//!   `--range`, shuffle outputs that are
//!   not a permutation of the inputs, an unsupported curve, protocol or shape, an
//!   unreadable or malformed file (this wins over 1), `rewind` of a kind of proof it
//!   does not support, or an I/O error.

#![forbid(unsafe_code)]
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod bench;
mod circuit;
mod demo;
mod exchange;
mod mpc;
mod output;
mod prove;
mod rewind;
mod secp;
mod secret_input;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use ballistic_cli::{error, format};
use error::{eprint_line, EXIT_ERROR};

/// Command-line interface of `ballistic`.
#[derive(Debug, Parser)]
#[command(
    name = "ballistic",
    version,
    about = "Prove and verify Bulletproofs and Bulletproofs+ range proofs (zero-knowledge \
             proofs that committed values lie in [0, 2^n) or in [a, b]) and \
             arithmetic-circuit proofs",
    long_about = "Prove and verify Bulletproofs range proofs: short zero-knowledge proofs \
                  that committed values lie in [0, 2^n), or one value in [a, b] (prove \
                  --range A..=B), with no trusted setup. Curves: \
                  ristretto255 (dalek's bulletproofs format, the default) and secp256k1 \
                  (secp256k1-zkp's format, as in Grin; prove --curve secp256k1). \
                  Bulletproofs+ (prove --protocol bp+: Tari's format on ristretto255, \
                  extended commitments, minimum values) on both curves.\n\n\
                  `ballistic circuit` proves and verifies arithmetic-circuit (R1CS) \
                  statements: a shuffle of committed values, knowledge of a SHA-256 \
                  preimage.\n\n\
                  New here? Run `ballistic demo`.",
    after_help = "Exit status: 0 success (all proofs valid), 1 a proof was rejected, \
                  2 usage error or unreadable/malformed input.",
    propagate_version = true,
    arg_required_else_help = true
)]
struct Cli {
    /// The subcommand to run.
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    /// Commit to values and prove they lie in [0, 2^bits), or one value in [a, b]
    /// (--range A..=B); writes a proof file.
    #[command(
        long_about = prove_long_about(),
        after_help = "Examples:\n  \
                      ballistic prove --values 42 > proof.json\n  \
                      ballistic prove --bits 32 --values 10,20,30 --out p.json --openings secrets.json\n  \
                      ballistic prove --curve secp256k1 --values 42 --extra-commit 00ff --out grin.json\n  \
                      ballistic prove --protocol bp+ --values 5,6 --min-values 1,0 --out plus.json\n  \
                      ballistic prove --range 18..=130 --values 42 --out age.json\n  \
                      ballistic prove --range 1000..=1999 --values 1500 --curve secp256k1 \
                      --protocol bp+ --extension-degree 2 --out r.json\n  \
                      ballistic prove --protocol bp+ --curve secp256k1 --values 7 --extension-degree 2 \
                      --seed-nonce --out p.json --openings s.json"
    )]
    Prove(prove::ProveArgs),

    /// Verify proof files; prints one line per file and a summary.
    #[command(
        long_about = "Verifies every proof file and prints one line per file (valid or \
                      INVALID) and a summary. Files may mix ristretto255 and secp256k1 \
                      proofs, Bulletproofs (bp) and Bulletproofs+ (bp+), and range proofs \
                      ([a, b], with a \"range\" field); they are batch-verified per curve, \
                      bp and bp+ together on ristretto255 (secp256k1: per generator set, \
                      each proof with its own extra_commit, and the bp+ proofs in a batch \
                      of their own); range proofs join the same batches, with the \
                      commitments V − a·B and b·B − V derived from the file's V and range. \
                      Malformed or unreadable files are reported on standard error, naming \
                      the field at fault.",
        after_help = "Exit status: 0 all valid, 1 some proof is invalid, \
                      2 some file is unreadable or malformed (all files are still checked)."
    )]
    Verify(verify::VerifyArgs),

    /// Recover what a proof's nonce reveals: value, blinding and message (secp256k1),
    /// or the masks (bp+ with a seed nonce).
    #[command(
        long_about = "Rewinds one single-value proof file with the nonce from its openings \
                      file.\n\n\
                      secp256k1 bp (secp256k1-zkp's format): --nonce is the openings file's \
                      \"nonce\"; prints the value, the blinding factor and the 20-byte \
                      message, checked to open the commitment.\n\n\
                      bp+ made with prove --seed-nonce (either curve): --nonce is the \
                      openings file's \"seed_nonce\"; verifies the proof and prints the \
                      recovered masks. The value is not recoverable from a Bulletproofs+ \
                      proof, and a wrong seed gives wrong masks, not an error: --value V \
                      checks that V and the masks open the commitment.\n\n\
                      ristretto255 bp made with prove --rewindable: --nonce is the openings \
                      file's \"nonce\"; prints the value, the blinding factor and the message. \
                      Range proofs (prove --range): not supported.",
        after_help = "Examples:\n  \
                      ballistic prove --curve secp256k1 --values 42 --out grin.json --openings grin-secrets.json\n  \
                      ballistic rewind grin.json --nonce <\"nonce\" of grin-secrets.json>\n\n\
                      Exit status: 0 rewound, 1 the nonce does not rewind the proof, the \
                      bp+ proof does not verify or --value does not open the commitment, \
                      2 usage error, unsupported proof, or unreadable/malformed file."
    )]
    Rewind(rewind::RewindArgs),

    /// Arithmetic-circuit (R1CS) proofs: a shuffle, a SHA-256 preimage; verify them.
    #[command(
        arg_required_else_help = true,
        long_about = "Arithmetic-circuit (R1CS) proofs of the library's gadgets, on \
                      ristretto255 or secp256k1:\n  \
                      circuit prove shuffle: committed outputs are a permutation of \
                      committed inputs (dalek's k-shuffle);\n  \
                      circuit prove sha256: knowledge of a message (at most 55 bytes) or \
                      of a 64-byte block with a public SHA-256 digest;\n  \
                      circuit verify FILE...: batch-verify circuit proof files.",
        after_help = "Examples:\n  \
                      ballistic circuit prove shuffle --inputs 3,1,4,1 --outputs 1,1,3,4 --out s.json\n  \
                      ballistic circuit prove shuffle --curve secp256k1 --inputs 5,6 --outputs 6,5 --out k.json\n  \
                      ballistic circuit prove sha256 --message 'my secret' --out h.json\n  \
                      ballistic circuit verify s.json k.json h.json\n\n\
                      Exit status: 0 success (all proofs valid), 1 a proof was rejected, \
                      2 usage error, a false statement to prove, or unreadable/malformed input."
    )]
    Circuit(circuit::CircuitArgs),

    /// Multi-party range proofs: a dealer and parties (dalek's), in one process or as
    /// separate processes exchanging message files.
    #[command(
        arg_required_else_help = true,
        long_about = "Aggregated range proofs made by several parties on ristretto255, \
                      each holding one secret value, with dalek's dealer and parties \
                      (messages interchangeable with dalek's bulletproofs crate):\n  \
                      mpc demo: a dealer and parties over in-memory channels; prints the \
                      rounds and the messages' sizes and verifies the proof;\n  \
                      mpc dealer / mpc party: the same rounds as separate processes \
                      exchanging JSON message files in one directory (an empty one per \
                      proof); the dealer writes an ordinary proof file.",
        after_help = "Examples:\n  \
                      ballistic mpc demo --parties 4 --bits 64\n  \
                      ballistic mpc demo --parties 2 --bits 32 --json-dir msgs\n  \
                      ballistic mpc party --json-dir msgs --index 0 --value 42 --openings o0.json &\n  \
                      ballistic mpc party --json-dir msgs --index 1 --value 7 --openings o1.json &\n  \
                      ballistic mpc dealer --json-dir msgs --parties 2 --out proof.json\n\n\
                      Exit status: 0 success, 1 a party's share was bad or the proof did not \
                      verify, 2 usage error, malformed or missing messages, timeouts."
    )]
    Mpc(mpc::MpcArgs),

    /// A guided first run: commit, prove, verify, tamper, and measure sizes and times.
    Demo(demo::DemoArgs),

    /// Time the standard workloads (prove, verify, batch verify) on this machine.
    Bench(bench::BenchArgs),
}

/// The long help of `prove`, with the secp256k1 generator rule.
fn prove_long_about() -> String {
    format!(
        "Commits to the values with random blinding factors and proves, in one aggregated \
         proof, that each lies in [0, 2^bits). Writes the proof file (JSON: curve, bits, \
         domain or extra_commit, commitments, proof) to standard output or --out. The \
         blinding factors are only saved with --openings.\n\n\
         --curve ristretto255 (default): dalek's bulletproofs format; any n in 1..=64 and \
         any number of values; --domain sets the Merlin transcript label.\n\n\
         --curve secp256k1: secp256k1-zkp's (Grin's) format, 33-byte commitments v·H + γ·G; \
         n in {{1, 2, 4, 8, 16, 32, 64}} and a power of two of values. No domain label \
         (--domain is refused); --extra-commit HEX binds extra bytes instead. Each proof \
         uses a fresh random rewind nonce, saved only in the --openings file.\n\n\
         --protocol bp+: Bulletproofs+ on either curve (Tari's format and bases on \
         ristretto255, so that Tari's verifier checks the file alone for n in {{8, 16, 32, \
         64}} and a power of two of values); any n in 1..=64 and any number of values; \
         --extension-degree T commits with T random masks per value (1..=6, default 1); \
         --min-values o1,o2,... proves o_j <= v_j < o_j + 2^n; --domain sets the Merlin \
         label on both curves; --seed-nonce (one value, with --openings) derives the \
         proof's nonces from a random seed saved in the openings file, for `ballistic \
         rewind`. The file adds protocol, extension_degree and min_values.\n\n\
         --range A..=B (one value, either protocol and curve): proves a <= v <= b for \
         inclusive u64 bounds instead of [0, 2^bits); only the A..=B syntax is accepted \
         (e.g. 18..=130, 0..=18446744073709551615). The bit width is derived from the range \
         (the bit length of b − a, 1 when a = b), so --bits is refused, as are \
         --min-values, --rewindable and --seed-nonce. The proof is one aggregated proof \
         of v − a and b − v over V − a·B and b·B − V, which the verifier derives from the \
         commitment V and the range; the file adds \"range\":[a,b] (JSON integers).\n\n{}",
        format::SECP256K1_GENERATORS_RULE
    )
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and --version exit 0; usage errors exit 2.
            let _ = e.print();
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(EXIT_ERROR));
        }
    };
    let result = match cli.command {
        Command::Prove(args) => prove::run(args),
        Command::Verify(args) => verify::run(args),
        Command::Rewind(args) => rewind::run(args),
        Command::Circuit(args) => circuit::run(args),
        Command::Mpc(args) => mpc::run(args),
        Command::Demo(args) => demo::run(args),
        Command::Bench(args) => bench::run(args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprint_line(&format!("error: {e}"));
            e.exit_code()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
