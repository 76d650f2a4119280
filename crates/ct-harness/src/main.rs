//! Constant-time check of the prover (`crates/ballistic/docs/testing.md`, P7), after
//! libsecp256k1's `ctime_tests`.
//!
//! Run under valgrind's memcheck:
//!
//! ```text
//! cargo build --release -p ct-harness
//! valgrind --error-exitcode=42 target/release/ct_prover [MODE]
//! ```
//!
//! The values, the blindings, every byte the prover's RNG produces (ristretto255) and
//! the rewind and private nonces (secp256k1), for Bulletproofs+ the masks and the
//! seed nonce, for rewindable proofs the rewind nonce and the message, and for a
//! shared-output party its blinding shares, the common nonce, its private nonce or
//! its RNG's bytes and the message, are marked *undefined* with valgrind client
//! requests. Memcheck then
//! reports every branch and every memory index that depends on them. The prover's
//! deliberate declassification points (the proof itself, the in-range verdict, the
//! blinded `l(x)`, `r(x)` handed to the variable-time inner-product argument;
//! reasons in `ballistic::ct`) mark their outputs *defined* through the hook
//! installed here. Any report is a secret-dependent branch or index the prover should
//! not have: the process then exits with valgrind's `--error-exitcode`.
//!
//! # Configurations and the multiplications they reach
//!
//! | configurations | `V_j`, `T_1`, `T_2`, `α·B̃` | `S` |
//! |---|---|---|
//! | ristretto255, default bases, `N' ≤ 2048` | fixed-base combs of the default bases | constant-time MSM over the cached tables of `G ‖ H` (`CT_TABLE_MAX_LEN`) |
//! | ristretto255, custom bases | constant-time MSM with tables built per call | cached tables, `ρ·B̃` by the per-call MSM |
//! | ristretto255, `n = 64, m = 64` (`N' = 4096 > CT_TABLE_MAX_LEN`) | combs | the fallback constant-time MSM with tables built per call, over all `2N' + 1` points |
//! | secp256k1, default or custom bases | constant-time MSM | constant-time MSM (secp256k1 has no cached constant-time tables) |
//!
//! # Modes (all but the first are controls that must be caught: exit 42)
//!
//! * none: every configuration (range proofs, R1CS, Bulletproofs+, the
//!   rewindable, `[a, b]` and minimum-value proofs, the multi-party party and the
//!   shared-output party below) with every secret marked undefined; 0 errors.
//! * `control-branch`: branches on a secret value before proving.
//! * `control-nohook` / `secp256k1-control-nohook`: no declassification hook, so the
//!   variable-time inner-product argument runs on (secret-derived) undefined data.
//! * `control-values`, `control-blindings`, `control-randomness` (ristretto255) and
//!   `secp256k1-control-values`, `-blindings`, `-nonce`, `-private-nonce`: only
//!   that secret is marked undefined, and the hook branches on every value it is
//!   handed before declassifying it. The harness counts valgrind's errors around
//!   each branch (`VALGRIND_COUNT_ERRORS`), so it knows which declassified values
//!   still carry the secret's taint, and checks that set against the data flow
//!   ([`expected_taint`]). Each secret must arrive, still tainted, at every MSM
//!   output it feeds (`V_j`, `A`, `S`, `T_1`, `T_2`) and at the values computed
//!   after `S` and `T` (`τ_x`, `μ`, `l`, `r`): the harness would not see a secret
//!   branch that comes after a point where the secret's taint got lost. The controls
//!   run the default bases (combs and cached tables) and the custom bases (the
//!   per-call constant-time MSM, the function that also computes `S` above
//!   `CT_TABLE_MAX_LEN`) on both curves. The harness prints `ct_prover: taint as
//!   expected` only if every configuration matched (and exits 1 otherwise).
//!
//! # The R1CS prover
//!
//! The same method covers `ballistic::r1cs::Prover::prove_with_rng` on both curves,
//! with default and custom Pedersen bases, on one circuit ([`r1cs_circuit`]) that has
//! both phases: `x_1 ∈ [0, 2^8)` by `gadgets::range` (eight multipliers declared
//! small, the first phase's constant-time selections), the product `x_1·x_2` (a
//! first-phase multiplier through the constant-time MSM) and a `k = 3`
//! `gadgets::shuffle` of the committed `x` onto the committed `y` (the second phase,
//! after its challenge), 13 multipliers padded to 16. The secrets marked undefined:
//! the committed values, their blindings, the RNG's bytes and the witness the range
//! gadget is given (its own copy of `x_1`). The R1CS prover declassifies `V_j`, the
//! satisfaction verdicts, `A_I1`, `A_O1`, `S1`, `A_I2`, `A_O2`, `S2`, `T_1`, `T_3` …
//! `T_6`, `t_x`, `τ_x`, `μ`, `l` and `r` (reasons in `ballistic::ct`).
//!
//! * `r1cs`: only the R1CS configurations, every secret marked undefined; 0 errors
//!   (the first mode runs them too).
//! * `r1cs-control-nohook` / `r1cs-secp256k1-control-nohook`: no hook.
//! * `r1cs-control-values`, `-blindings`, `-randomness`, `-witness`: one secret
//!   marked undefined, both curves, checked against [`expected_r1cs_taint`]. The
//!   witness must reach the first phase's `A_I1`, `A_O1`, the verdict, `T_1` … `T_5`,
//!   `t_x`, `l` and `r`, and nothing that only the committed values, the blindings or
//!   the nonces feed (`S1`, the second phase, `T_6`, `τ_x`, `μ`).
//!
//! # The gadgets
//!
//! Two more R1CS configurations (ristretto255, default bases) cover the gadgets'
//! witness computations ([`gadget_circuit`]): `x < y` by `gadgets::comparison` over
//! `gadgets::range` of both (32 bits), `x` one of a public set and `z` one of the
//! committed `{y, x}` by `gadgets::membership`; and a SHA-256 preimage proof of a
//! 48-byte message by `gadgets::sha256::prove_message` (its 25,827 multipliers: the
//! message bits, the selectors of its hidden length, the rounds). The secrets: the
//! committed values, their blindings, the RNG's bytes and the witness (the values
//! the comparison and range gadgets are given; the message). The SHA-256 prover also
//! declassifies the message's digest (the statement).
//!
//! * `gadgets`: both configurations, every secret marked undefined; 0 errors. The
//!   first mode runs the comparison, range and membership circuit; the SHA-256
//!   proof, the slowest configuration under valgrind, runs in its own process,
//!   mode `sha256` (0 errors), with `CT_SHA256=1 bash crates/ct-harness/run.sh`.
//! * `gadgets-control-nohook`: no hook.
//! * `gadgets-control-values`, `-blindings`, `-randomness`, `-witness` and
//!   `sha256-control-witness`: one secret marked undefined, checked against
//!   [`expected_gadget_taint`]: a one-phase circuit, so the second phase's points
//!   are never declassified; the witness reaches the multipliers (`A_I1`, `A_O1`),
//!   the verdict, `T_1` … `T_5`, `t_x`, `l`, `r` and, for SHA-256, the digest. The
//!   SHA-256 prover is the R1CS prover of the other configurations over a larger
//!   circuit: its randomness and hook controls are theirs.
//!
//! # The Bulletproofs+ prover
//!
//! `ballistic::bp_plus::RangeProofPlus::prove` and `prove_with_seed` on both curves,
//! over each curve's `bp_plus::pedersen_gens(t)` (on ristretto255 Tari's bases, whose
//! mask bases have no combs: every sum is the constant-time MSM), for `t` = 1 and 3,
//! the shapes `(n, m)` = `(64, 1)`, `(8, 4)` and the padded `(7, 3)`, with zero and
//! nonzero minimum values ([`BP_PLUS_ALL`]). The secrets marked undefined: the
//! values, the masks, the bytes of the caller's RNG and the seed nonce. Unlike the
//! range proof's, the weighted inner-product argument runs on the unblinded witness,
//! so all of it is covered, not only the prover's first moves. The prover
//! declassifies `V_j`, the in-range verdict, `A`, every `L_j`, `R_j`, `A1`, `B`,
//! `r1`, `s1`, `d1_k`, and whether a drawn nonce was zero and is drawn again
//! (`NonceRetry`; reasons in `ballistic::ct`). A seeded proof is checked by
//! recovering its masks from the seed.
//!
//! * `bp-plus`: only the Bulletproofs+ configurations, every secret marked
//!   undefined; 0 errors (the first mode runs them too).
//! * `bp-plus-control-nohook` / `bp-plus-secp256k1-control-nohook`: no hook.
//! * `bp-plus-control-values`, `-masks`, `-randomness`, `-seed`: one secret marked
//!   undefined, both curves, a padded `prove` and a `prove_with_seed`
//!   ([`BP_PLUS_CONTROL`]; the seed control runs only the latter), checked against
//!   [`expected_plus_taint`]. The nonce generator is keyed with the values, the
//!   masks and the RNG's bytes, so without a seed each of them reaches every point
//!   and scalar of the proof. With a seed the sets split: the seed must reach `A`,
//!   `L_j`, `R_j`, `A1`, `B` and `d1` and not `r1`, `s1` (their nonces `r`, `s` are
//!   drawn); the RNG's bytes only `A1`, `B`, `r1`, `s1` and the retries; the values
//!   not `d1`.
//!
//! # Rewindable, `[a, b]` and minimum-value proofs
//!
//! The provers built on the range proof's and on Bulletproofs+', each with its own
//! modes, checked against the data flow of the prover it wraps:
//!
//! * `RangeProof::prove_single_rewindable` (dalek's format, ristretto255;
//!   [`REWIND_ALL`]): the value, the blinding, the rewind nonce and the 20-byte
//!   message secret; the proof is verified as an ordinary proof and rewound to the
//!   value, blinding and message. Mode `rewind`; controls `rewind-control-nohook`
//!   and `rewind-control-values`, `-blindings`, `-nonce`, `-message`
//!   ([`expected_rewind_taint`]: `s_L`, `s_R` are keyed with the rewind nonce, the
//!   message, the value and the blinding, and `α`, `τ_1`, `τ_2` with the nonce and
//!   the published `S`, so each secret reaches `S`, `T_1`, `T_2`, `l`, `r`; the
//!   nonce also `A`, `τ_x`, `μ`; the value `A` and `μ` (its bits and the embedded
//!   message block); the blinding `τ_x`; the message `A` and `μ`, never `τ_x`).
//! * `RangeProof::prove_range` in dalek's format on ristretto255 and in
//!   secp256k1-zkp's on secp256k1, and `RangeProofPlus::prove_range` on both curves
//!   ([`RANGE_DALEK_ALL`], [`RANGE_ZKP_ALL`], [`RANGE_PLUS_ALL`]: `a = b`, the whole
//!   `u64` range, ranges ending at `2^64 − 1`, widths that are powers of two and
//!   not): the value and the blinding or masks secret (with the RNG's bytes, or
//!   secp256k1-zkp's nonces), `a` and `b` public; the proof is verified for
//!   `[a, b]`. Mode `range`; controls `range-control-nohook`,
//!   `range-secp256k1-control-nohook`, `range-plus-control-nohook`,
//!   `range-plus-secp256k1-control-nohook`, and `range-control-values`,
//!   `-blindings`, `-masks`, `-randomness`, `-nonce`, `-private-nonce`, each over
//!   every `[a, b]` prover that has that secret: a proof of the two values `v − a`,
//!   `b − v`, so [`expected_taint`] with `m = 2` and [`expected_plus_taint`].
//! * secp256k1-zkp's `prove_with_min_values` ([`MIN_VALUES_ALL`]): the values, the
//!   blindings and both nonces secret, the minimum values public. Mode
//!   `min-values`; controls `min-values-control-nohook` and `min-values-control-values`,
//!   `-blindings`, `-nonce`, `-private-nonce` ([`expected_taint`]; one value is
//!   still embedded in `α`).
//!
//! # One party of multi-party proving
//!
//! dalek's dealer and parties on ristretto255
//! (`ballistic::ristretto::range_proof_mpc`): one party's whole life,
//! `Party::new`, `assign_position_with_rng` (or `assign_position_checked_with_rng`
//! for a recomputing party), `apply_challenge_with_rng` (the bit challenge) and
//! `apply_challenge` (the polynomial challenge), with the party's value, its
//! blinding and the bytes of its RNG secret. The other parties (public values,
//! blindings and RNGs) and the dealer run in the same process, so that the party
//! answers real challenges; the dealer verifies the assembled proof
//! (`receive_shares_with_rng`) and it is verified again as an ordinary aggregated
//! proof. The shapes `(n, m, j)` ([`MPC_ALL`]) put the observed party first, in the
//! middle and last, in shapes with and without the padding party, over the default
//! bases (combs) and the custom ones (the per-call constant-time MSM), with its
//! `S_j` over the cached constant-time tables of its generators or, with the table
//! budget 0, over the per-call constant-time MSM ([`MpcTables`]). The party
//! declassifies the range verdict, `V_j`, `A_j`, `S_j`, `T_1,j`, `T_2,j`, and in its
//! share `τ_x,j`, `μ_j`, `l` and `r` (`t_x,j` is computed from the declassified
//! `l`, `r`).
//!
//! * `mpc`: only the multi-party configurations, the observed party's secrets
//!   marked undefined; 0 errors (the first mode runs them too).
//! * `mpc-control-nohook`: no hook.
//! * `mpc-control-values`, `-blindings`, `-randomness`: one secret of the observed
//!   party marked undefined, a trusting party over the default bases and the cached
//!   tables and a recomputing one over the custom bases without tables
//!   ([`MPC_CONTROL`]), checked against [`expected_mpc_taint`]. Both of the party's
//!   nonce draws are keyed with its value, its blinding and its RNG's bytes, so each
//!   of the three reaches `A_j`, `S_j`, `T_1,j`, `T_2,j`, `τ_x,j`, `μ_j`, `l` and
//!   `r`; the value also the verdict and `V_j`, the blinding `V_j`.
//!
//! # One party of a shared output
//!
//! secp256k1-zkp's multi-party flow (Grin's shared outputs,
//! `ballistic::secp256k1::shared_output`): one of two parties, its whole life through
//! the public API. It computes its partial commitments `C_j,i = v_j,i·H + γ_j,i·G`
//! and publishes them (the harness applies the declassification hook to them, as
//! `Commitment`), builds the `SharedStatement`, draws its private nonce from its RNG
//! (`SharedParty::new`) or is given one (`SharedParty::with_private_nonce`), sends
//! its `TauPoints`, answers with its `τ_x` share (`PartyAwaitingTauSums::tau_x`) and,
//! as the configuration says, finalizes with the combiner it gets back (or one from
//! `Combiner::new` over its statement), or leaves that to the other party; the
//! finalizer may first audit the other shares (`audit_tau_share`). Its secrets: the
//! values (every party builds the statement with them; its own value shares are the
//! values or zeros: [`SharedRole`]), its blinding shares, the common nonce, its
//! private nonce or its RNG's bytes, and the message. The other party runs beside it
//! on public copies of the values, the common nonce and the message; its messages
//! are public. The proof must verify, and a single-value proof rewind (with public
//! copies) to the value and the message. The configurations ([`SHARED_ALL`]): Grin's
//! `n = 64, m = 1` for the first and the second party, carrying the value and
//! committing zero, with a drawn and a given private nonce, with and without an
//! extra commitment and a message, over the default and custom bases (another
//! value generator), finalized by the party, the other party and `Combiner::new`;
//! two values (nothing embedded); the padded `(7, 3)`. The party declassifies the
//! range verdict, its `T` shares (as `T1`, `T2`), the nonce retries, `A`, `S`,
//! `T_1`, `T_2`, and in its share `τ_x,j`, `μ`, `l` and `r`.
//!
//! An audit takes the value shares the auditor knows: the observed party's secret
//! values, or the other party's public copies. With secret values its check
//! multiplies `(Σ_i z^{2+i}·v_j,i)·H` in constant time and declassifies only the
//! verdict (`ShareAudit`).
//!
//! * `shared`: only the shared-output configurations, the observed party's secrets
//!   marked undefined; 0 errors (the first mode runs them too).
//! * `shared-control-nohook`: no hook.
//! * `shared-control-values`, `-blindings`, `-randomness`, `-nonce`,
//!   `-private-nonce`, `-message`: one secret marked undefined, one value with a
//!   drawn private nonce and an embedded message over the default bases, two values
//!   with a given private nonce over the custom bases, audited with the secret
//!   values ([`SHARED_CONTROL`]; the
//!   randomness and the private nonce only where the party has them), checked
//!   against [`expected_shared_taint`]. The common nonce reaches every nonce retry,
//!   `A`, `S`, `T_1`, `T_2`, `μ`, `l`, `r` and not `τ_x,j`; the private nonce its
//!   retry, its `T` shares and `τ_x,j`; a drawn private nonce hashes the values, the
//!   blinding shares and the RNG's bytes, so they reach those too; the values the
//!   verdict, `A`, `T_1`, `l`, `r` (and `μ` for one value, the partial commitments
//!   they are in, the verdict of an audit given them); the blinding shares the partial commitments and `τ_x,j`; the
//!   message `A` and `μ` for one value and nothing for two.
//!
//! Outside valgrind the client requests are no-ops and the binary just proves (and
//! verifies, with the secrets marked defined again) every configuration.

use std::sync::Mutex;

use ballistic::bp_plus::{Opening, RangeProofPlus, VerifyAction};
use ballistic::ct::Declassified;
use ballistic::curve::{ristretto::Ristretto, secp256k1::Secp256k1, Curve};
use ballistic::gadgets::{comparison, membership, range, sha256, shuffle};
use ballistic::generators::{ExtendedPedersenGens, PedersenGens};
use ballistic::merlin::Transcript;
use ballistic::r1cs::{Prover, R1CSError, RandomizableConstraintSystem, Variable, Verifier};
use ballistic::range_proof::range::range_bits;
use ballistic::ristretto::{BulletproofGens, RangeProof, Scalar};
use rand_core::{CryptoRng, RngCore, SeedableRng};

/// Valgrind client requests on x86_64 (valgrind.h's `VALGRIND_DO_CLIENT_REQUEST_EXPR`).
#[cfg(target_arch = "x86_64")]
mod valgrind {
    const MAKE_MEM_UNDEFINED: u64 = 0x4d43_0001; // VG_USERREQ_TOOL_BASE('M','C') + 1
    const MAKE_MEM_DEFINED: u64 = 0x4d43_0002;
    const COUNT_ERRORS: u64 = 0x1201; // VG_USERREQ__COUNT_ERRORS

    /// The request's result; 0 outside valgrind.
    fn request(req: u64, addr: u64, len: u64) -> u64 {
        let args: [u64; 6] = [req, addr, len, 0, 0, 0];
        let mut result: u64 = 0;
        // SAFETY: the "special instruction preamble" rotates rdi by 128 bits in total
        // (a no-op) and `xchg rbx, rbx` is a no-op; natively nothing changes, and under
        // valgrind the sequence is intercepted and reads `args`.
        unsafe {
            core::arch::asm!(
                "rol rdi, 3",
                "rol rdi, 13",
                "rol rdi, 61",
                "rol rdi, 51",
                "xchg rbx, rbx",
                inout("rdx") result,
                in("rax") args.as_ptr(),
                inout("rdi") 0u64 => _,
                options(nostack)
            );
        }
        result
    }

    pub fn undefined(bytes: &[u8]) {
        request(
            MAKE_MEM_UNDEFINED,
            bytes.as_ptr() as u64,
            bytes.len() as u64,
        );
    }

    pub fn defined(bytes: &mut [u8]) {
        request(MAKE_MEM_DEFINED, bytes.as_ptr() as u64, bytes.len() as u64);
    }

    /// The number of errors valgrind has found so far (repeats included).
    pub fn errors() -> u64 {
        request(COUNT_ERRORS, 0, 0)
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod valgrind {
    pub fn undefined(_: &[u8]) {}
    pub fn defined(_: &mut [u8]) {}
    pub fn errors() -> u64 {
        0
    }
}

/// A secret input of the prover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    Values,
    Blindings,
    /// The bytes of the caller's RNG (ristretto255; Bulletproofs+ on both curves).
    Randomness,
    /// The rewind nonce: secp256k1-zkp's, and the one of ristretto255's rewindable
    /// proofs in dalek's format (`prove_single_rewindable`).
    Nonce,
    /// secp256k1-zkp's private nonce (for `τ_1`, `τ_2`).
    PrivateNonce,
    /// R1CS: the assignment a gadget is given (not a committed value).
    Witness,
    /// Bulletproofs+: the masks `γ_{j,k}` of the extended commitments.
    Masks,
    /// Bulletproofs+: the seed nonce of `prove_with_seed`.
    Seed,
    /// The 20-byte message a rewindable proof embeds.
    Message,
}

/// The secrets a run marks undefined: all of them, or one (a per-source control).
#[derive(Clone, Copy, Debug)]
struct Secrets(Option<Source>);

impl Secrets {
    fn marks(self, s: Source) -> bool {
        self.0.is_none_or(|only| only == s)
    }
}

/// Which Pedersen bases a configuration uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bases {
    Default,
    /// Two further hash-derived points: no fixed-base combs.
    Custom,
}

impl Bases {
    fn gens<C: Curve>(self) -> PedersenGens<C> {
        match self {
            Bases::Default => PedersenGens::default(),
            Bases::Custom => {
                let p = C::generator_chain(b"ct harness custom Pedersen bases", 2);
                PedersenGens {
                    B: C::point_to_api(&p[0]),
                    B_blinding: C::point_to_api(&p[1]),
                }
            }
        }
    }
}

/// One proof shape.
type Shape = (usize, usize, Bases);

/// What the harness runs.
struct Plan {
    secrets: Secrets,
    /// Branch on a secret value before proving (`control-branch`).
    branch_first: bool,
    ristretto: &'static [Shape],
    secp256k1: &'static [Shape],
    /// The R1CS configurations: Pedersen bases on ristretto255, on secp256k1.
    r1cs_ristretto: &'static [Bases],
    r1cs_secp256k1: &'static [Bases],
    /// The Bulletproofs+ configurations on ristretto255, on secp256k1.
    bp_plus_ristretto: &'static [PlusShape],
    bp_plus_secp256k1: &'static [PlusShape],
    /// The rewindable proofs in dalek's format on ristretto255 (bit width, bases).
    rewind: &'static [(usize, Bases)],
    /// The `[a, b]` proofs: `RangeProof::prove_range` in dalek's format on
    /// ristretto255 and in secp256k1-zkp's on secp256k1, `RangeProofPlus::prove_range`
    /// on ristretto255 and on secp256k1.
    range_dalek: &'static [RangeShape],
    range_zkp: &'static [RangeShape],
    range_plus_ristretto: &'static [PlusRangeShape],
    range_plus_secp256k1: &'static [PlusRangeShape],
    /// secp256k1-zkp's `prove_with_min_values` (nonzero minimum values).
    min_values: &'static [Shape],
    /// One party of dalek's multi-party proving on ristretto255.
    mpc: &'static [MpcShape],
    /// One party of a shared output (secp256k1-zkp's multi-party flow).
    shared: &'static [SharedShape],
    /// The gadget configurations (ristretto255).
    gadgets: &'static [Gadget],
}

/// A gadget configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Gadget {
    /// [`gadget_circuit`]: comparison, range and membership.
    Circuit,
    /// A SHA-256 preimage of a 48-byte message (`sha256::prove_message`).
    Sha256Message,
}

/// The gadget configurations of mode `gadgets`.
const GADGETS_ALL: &[Gadget] = &[Gadget::Circuit, Gadget::Sha256Message];
/// The gadget configurations of the main run (SHA-256 runs in mode `sha256`).
const GADGETS_MAIN: &[Gadget] = &[Gadget::Circuit];

impl Plan {
    /// A plan that proves nothing, with `secrets` marked.
    const fn nothing(secrets: Secrets) -> Plan {
        Plan {
            secrets,
            branch_first: false,
            ristretto: &[],
            secp256k1: &[],
            r1cs_ristretto: &[],
            r1cs_secp256k1: &[],
            bp_plus_ristretto: &[],
            bp_plus_secp256k1: &[],
            rewind: &[],
            range_dalek: &[],
            range_zkp: &[],
            range_plus_ristretto: &[],
            range_plus_secp256k1: &[],
            min_values: &[],
            mpc: &[],
            shared: &[],
            gadgets: &[],
        }
    }
}

/// An `[a, b]` proof of `RangeProof::prove_range`: `a`, `b` (public) and the
/// Pedersen bases.
type RangeShape = (u64, u64, Bases);

/// An `[a, b]` proof of `RangeProofPlus::prove_range`: `a`, `b` (public) and the
/// extension degree `t`.
type PlusRangeShape = (u64, u64, usize);

/// Which Bulletproofs+ statement and prover entry point a configuration uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PlusKind {
    /// `prove` with `min_values` empty (all zero).
    Zero,
    /// `prove` with nonzero minimum values.
    Min,
    /// `prove_with_seed` (one value, a nonzero minimum value); the masks are then
    /// recovered from the seed and compared.
    Seed,
}

/// One Bulletproofs+ configuration: bit width `n`, number of values `m`,
/// extension degree `t` (mask bases of the curve's `bp_plus::pedersen_gens(t)`).
#[derive(Clone, Copy, Debug)]
struct PlusShape {
    n: usize,
    m: usize,
    t: usize,
    kind: PlusKind,
}

const fn plus(n: usize, m: usize, t: usize, kind: PlusKind) -> PlusShape {
    PlusShape { n, m, t, kind }
}

const RISTRETTO_ALL: &[Shape] = &[
    (8, 1, Bases::Default),
    (64, 1, Bases::Default),
    (8, 4, Bases::Default),
    (64, 4, Bases::Default),
    (7, 3, Bases::Default),
    (64, 1, Bases::Custom),
    (7, 3, Bases::Custom),
    (64, 64, Bases::Default),
];
const SECP256K1_ALL: &[Shape] = &[
    (8, 1, Bases::Default),
    (64, 1, Bases::Default),
    (8, 4, Bases::Default),
    (64, 4, Bases::Default),
    (8, 2, Bases::Custom),
];
/// The controls' shapes: the default bases' combs and cached tables, and the custom
/// bases' per-call MSM.
const RISTRETTO_CONTROL: &[Shape] = &[(8, 1, Bases::Default), (8, 2, Bases::Custom)];
const SECP256K1_CONTROL: &[Shape] = &[(8, 1, Bases::Default), (8, 2, Bases::Custom)];
/// The R1CS configurations (the main run and the R1CS controls alike).
const R1CS_ALL: &[Bases] = &[Bases::Default, Bases::Custom];
/// The Bulletproofs+ configurations of the main run (both curves): `N'` = 64 with
/// and without padding, one and several values, `t` = 1 and 3, zero and nonzero
/// minimum values, and the seeded prover.
const BP_PLUS_ALL: &[PlusShape] = &[
    plus(64, 1, 1, PlusKind::Zero),
    plus(64, 1, 3, PlusKind::Min),
    plus(8, 4, 1, PlusKind::Min),
    plus(8, 4, 3, PlusKind::Zero),
    plus(7, 3, 3, PlusKind::Min),
    plus(64, 1, 1, PlusKind::Seed),
];
/// The Bulletproofs+ controls' configurations: a padded `prove` and a
/// `prove_with_seed`, with two masks per value.
const BP_PLUS_CONTROL: &[PlusShape] =
    &[plus(7, 2, 2, PlusKind::Min), plus(8, 1, 2, PlusKind::Seed)];
/// The seed control's configurations (only the seeded prover has a seed).
const BP_PLUS_SEED_CONTROL: &[PlusShape] = &[plus(8, 1, 2, PlusKind::Seed)];

/// The rewindable proofs of the main run: 64 bits over the combs, 13 bits (padded)
/// over the per-call MSM, 8 bits.
const REWIND_ALL: &[(usize, Bases)] = &[
    (64, Bases::Default),
    (13, Bases::Custom),
    (8, Bases::Default),
];
/// The rewind controls' configurations: the combs and the per-call MSM.
const REWIND_CONTROL: &[(usize, Bases)] = &[(8, Bases::Default), (8, Bases::Custom)];
/// The `[a, b]` proofs of `RangeProof::prove_range` in the main run (dalek's format):
/// the whole `u64` range (`k = 64`), a range of 113 values (`k = 7`), `a = b`
/// (`k = 1`) and 1000 values ending at `2^64 − 1` (`k = 10`).
const RANGE_DALEK_ALL: &[RangeShape] = &[
    (0, u64::MAX, Bases::Default),
    (18, 130, Bases::Default),
    (12_345, 12_345, Bases::Custom),
    (u64::MAX - 999, u64::MAX, Bases::Custom),
];
/// The same in secp256k1-zkp's format.
const RANGE_ZKP_ALL: &[RangeShape] = &[
    (0, u64::MAX, Bases::Default),
    (1000, 1999, Bases::Default),
    (7, 7, Bases::Custom),
];
/// The `[a, b]` controls' configurations of `RangeProof::prove_range` (both formats).
const RANGE_CONTROL: &[RangeShape] = &[(18, 130, Bases::Default), (1000, 1255, Bases::Custom)];
/// The `[a, b]` proofs of `RangeProofPlus::prove_range` in the main run (both curves).
const RANGE_PLUS_ALL: &[PlusRangeShape] = &[(0, u64::MAX, 1), (18, 130, 3), (5, 5, 2)];
/// The `[a, b]` controls' configurations of `RangeProofPlus::prove_range`.
const RANGE_PLUS_CONTROL: &[PlusRangeShape] = &[(18, 130, 2), (0, 255, 1)];
/// secp256k1-zkp's proofs with minimum values in the main run.
const MIN_VALUES_ALL: &[Shape] = &[
    (64, 1, Bases::Default),
    (8, 4, Bases::Default),
    (13, 2, Bases::Custom),
];
/// The minimum-value controls' configurations: one value (embedded in `α`) over the
/// default bases, two over the custom ones.
const MIN_VALUES_CONTROL: &[Shape] = &[(8, 1, Bases::Default), (8, 2, Bases::Custom)];

/// How the observed party of a multi-party configuration takes its challenges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MpcMode {
    /// `assign_position_with_rng`: trusts the dealer's challenges (dalek's parties).
    Trusting,
    /// `assign_position_checked_with_rng`: recomputes them from the transcript.
    Recomputing,
}

/// Where the observed party's `S_j` is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MpcTables {
    /// Over the cached constant-time tables of its generators (`GeneratorLayout::Share`).
    Cached,
    /// Table budget 0 and a party before it of the same `n`: the cache has learnt
    /// the table's size and keeps none, so the party gets no table and runs the
    /// per-call constant-time MSM over `ρ·B̃ + <s_L, G> + <s_R, H>`.
    None,
}

/// One multi-party configuration: `m` parties of `n` bits, the observed party at
/// position `j` (its secrets marked undefined; the other parties' and the dealer's
/// data public), the Pedersen bases, the party's mode and its `S_j` tables.
#[derive(Clone, Copy, Debug)]
struct MpcShape {
    n: usize,
    m: usize,
    j: usize,
    bases: Bases,
    mode: MpcMode,
    tables: MpcTables,
}

const fn mpc(
    n: usize,
    m: usize,
    j: usize,
    bases: Bases,
    mode: MpcMode,
    tables: MpcTables,
) -> MpcShape {
    MpcShape {
        n,
        m,
        j,
        bases,
        mode,
        tables,
    }
}

/// The multi-party configurations of the main run: a single party (`64, 1, 0`), a
/// middle party (`8, 4, 2`), the last party before the padding party (`7, 3, 2`),
/// the last of two (`64, 2, 1`, without `S_j` tables), and recomputing parties
/// first in a padded shape over the custom bases (`7, 3, 0`), last (`8, 4, 3`) and
/// middle over the custom bases without tables (`13, 3, 1`).
const MPC_ALL: &[MpcShape] = &[
    mpc(
        64,
        1,
        0,
        Bases::Default,
        MpcMode::Trusting,
        MpcTables::Cached,
    ),
    mpc(
        8,
        4,
        2,
        Bases::Default,
        MpcMode::Trusting,
        MpcTables::Cached,
    ),
    mpc(
        7,
        3,
        2,
        Bases::Default,
        MpcMode::Trusting,
        MpcTables::Cached,
    ),
    mpc(64, 2, 1, Bases::Default, MpcMode::Trusting, MpcTables::None),
    mpc(
        7,
        3,
        0,
        Bases::Custom,
        MpcMode::Recomputing,
        MpcTables::Cached,
    ),
    mpc(
        8,
        4,
        3,
        Bases::Default,
        MpcMode::Recomputing,
        MpcTables::Cached,
    ),
    mpc(
        13,
        3,
        1,
        Bases::Custom,
        MpcMode::Recomputing,
        MpcTables::None,
    ),
];
/// The multi-party controls' configurations: a trusting party over the combs and
/// the cached tables, a recomputing one over the custom bases' per-call MSM
/// without tables.
const MPC_CONTROL: &[MpcShape] = &[
    mpc(
        7,
        3,
        2,
        Bases::Default,
        MpcMode::Trusting,
        MpcTables::Cached,
    ),
    mpc(
        8,
        2,
        1,
        Bases::Custom,
        MpcMode::Recomputing,
        MpcTables::None,
    ),
];

/// Which value shares the observed party of a shared output commits to (every
/// party builds the statement with the values: the API has no party without them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SharedRole {
    /// Its partial commitments carry the values, `C_j,i = v_i·H + γ_j,i·G`; the
    /// other party's commit zero.
    Value,
    /// Its partial commitments commit zero, `C_j,i = γ_j,i·G`; the other party's
    /// carry the values.
    Zero,
}

/// How the observed party of a shared output gets its private nonce (`τ_1, τ_2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SharedNonce {
    /// `SharedParty::new`: 32 bytes of its RNG, hashed (SHA-256) with the bit width,
    /// the values, the shared commitments and its blinding shares.
    Drawn,
    /// `SharedParty::with_private_nonce`: given by the caller.
    Given,
}

/// Who finalizes a shared output's proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SharedFinish {
    /// The observed party, with the combiner its `tau_x` returns.
    Party,
    /// The other party, with its own combiner; the observed party only sends its
    /// `τ_x` share.
    Other,
    /// A combiner built from the observed party's statement (`Combiner::new`),
    /// which reruns round 2's computation from the values and the common nonce.
    Separate,
}

/// One configuration of a two-party shared output (secp256k1-zkp's multi-party
/// flow): `m` values of `n` bits, the observed party first or second in the
/// order of the `T` shares and `τ_x` shares (its secrets marked undefined; the
/// other party's messages public), its role, how it gets its private nonce, the
/// Pedersen bases (custom ones: another value generator), whether the
/// transcript has an extra commitment and a message, who finalizes and whether
/// the finalizer first audits (`audit_tau_share`) every share but its own, with
/// the value shares it knows (the observed party's secret copies of the values, the
/// other party's public ones).
#[derive(Clone, Copy, Debug)]
struct SharedShape {
    n: usize,
    m: usize,
    second: bool,
    role: SharedRole,
    nonce: SharedNonce,
    bases: Bases,
    extra_commit: bool,
    message: bool,
    finish: SharedFinish,
    audit: bool,
}

/// The shared-output configurations of the main run. Grin's shape (one 64-bit
/// value): the first party carrying the value with a drawn private nonce,
/// finalizing after auditing the other's share; the second party committing zero
/// with a given private nonce, an extra commitment and an embedded message,
/// finalized (and audited) by the other party; the second party carrying the value
/// over the custom bases, finalized by `Combiner::new` after auditing both shares
/// (the party's with the secret values). Two values (the message is not embedded),
/// the first party committing zero and finalizing after auditing the other's share
/// with the secret values; the padded shape `(7, 3)`.
const SHARED_ALL: &[SharedShape] = &[
    SharedShape {
        n: 64,
        m: 1,
        second: false,
        role: SharedRole::Value,
        nonce: SharedNonce::Drawn,
        bases: Bases::Default,
        extra_commit: false,
        message: false,
        finish: SharedFinish::Party,
        audit: true,
    },
    SharedShape {
        n: 64,
        m: 1,
        second: true,
        role: SharedRole::Zero,
        nonce: SharedNonce::Given,
        bases: Bases::Default,
        extra_commit: true,
        message: true,
        finish: SharedFinish::Other,
        audit: true,
    },
    SharedShape {
        n: 64,
        m: 1,
        second: true,
        role: SharedRole::Value,
        nonce: SharedNonce::Drawn,
        bases: Bases::Custom,
        extra_commit: true,
        message: false,
        finish: SharedFinish::Separate,
        audit: true,
    },
    SharedShape {
        n: 32,
        m: 2,
        second: false,
        role: SharedRole::Zero,
        nonce: SharedNonce::Given,
        bases: Bases::Default,
        extra_commit: true,
        message: true,
        finish: SharedFinish::Party,
        audit: true,
    },
    SharedShape {
        n: 7,
        m: 3,
        second: true,
        role: SharedRole::Value,
        nonce: SharedNonce::Drawn,
        bases: Bases::Custom,
        extra_commit: false,
        message: true,
        finish: SharedFinish::Party,
        audit: true,
    },
];
/// The shared-output controls' configurations: one value over the default bases
/// with a drawn private nonce and an embedded message, finalized by the party; two
/// values over the custom bases with a given private nonce and a message that is not
/// embedded, the party committing zero and finalizing after auditing the other's
/// share with the secret values.
const SHARED_CONTROL: &[SharedShape] = &[SHARED_DRAWN_CONTROL[0], SHARED_GIVEN_CONTROL[0]];
/// The control configuration with a drawn private nonce (the RNG's bytes).
const SHARED_DRAWN_CONTROL: &[SharedShape] = &[SharedShape {
    n: 8,
    m: 1,
    second: false,
    role: SharedRole::Value,
    nonce: SharedNonce::Drawn,
    bases: Bases::Default,
    extra_commit: true,
    message: true,
    finish: SharedFinish::Party,
    audit: true,
}];
/// The control configuration with a given private nonce.
const SHARED_GIVEN_CONTROL: &[SharedShape] = &[SharedShape {
    n: 8,
    m: 2,
    second: true,
    role: SharedRole::Zero,
    nonce: SharedNonce::Given,
    bases: Bases::Custom,
    extra_commit: true,
    message: true,
    finish: SharedFinish::Party,
    audit: true,
}];
fn plan(mode: &str) -> Option<Plan> {
    let all = Secrets(None);
    let only = |s| Secrets(Some(s));
    let none = &[][..];
    let r1cs = |secrets, r1cs_ristretto, r1cs_secp256k1| Plan {
        r1cs_ristretto,
        r1cs_secp256k1,
        ..Plan::nothing(secrets)
    };
    let bp_plus = |secrets, bp_plus_ristretto, bp_plus_secp256k1| Plan {
        bp_plus_ristretto,
        bp_plus_secp256k1,
        ..Plan::nothing(secrets)
    };
    let no_plus = &[][..];
    let both = |s| Some(bp_plus(only(s), BP_PLUS_CONTROL, BP_PLUS_CONTROL));
    match mode {
        "bp-plus" => return Some(bp_plus(all, BP_PLUS_ALL, BP_PLUS_ALL)),
        "bp-plus-control-nohook" => return Some(bp_plus(all, BP_PLUS_CONTROL, no_plus)),
        "bp-plus-secp256k1-control-nohook" => return Some(bp_plus(all, no_plus, BP_PLUS_CONTROL)),
        "bp-plus-control-values" => return both(Source::Values),
        "bp-plus-control-masks" => return both(Source::Masks),
        "bp-plus-control-randomness" => return both(Source::Randomness),
        "bp-plus-control-seed" => {
            return Some(bp_plus(
                only(Source::Seed),
                BP_PLUS_SEED_CONTROL,
                BP_PLUS_SEED_CONTROL,
            ))
        }
        _ => {}
    }
    match mode {
        "r1cs" => return Some(r1cs(all, R1CS_ALL, R1CS_ALL)),
        "r1cs-control-nohook" => return Some(r1cs(all, R1CS_ALL, none)),
        "r1cs-secp256k1-control-nohook" => return Some(r1cs(all, none, R1CS_ALL)),
        "r1cs-control-values" => return Some(r1cs(only(Source::Values), R1CS_ALL, R1CS_ALL)),
        "r1cs-control-blindings" => return Some(r1cs(only(Source::Blindings), R1CS_ALL, R1CS_ALL)),
        "r1cs-control-randomness" => {
            return Some(r1cs(only(Source::Randomness), R1CS_ALL, R1CS_ALL))
        }
        "r1cs-control-witness" => return Some(r1cs(only(Source::Witness), R1CS_ALL, R1CS_ALL)),
        _ => {}
    }
    let gadgets = |secrets, gadgets| {
        Some(Plan {
            gadgets,
            ..Plan::nothing(secrets)
        })
    };
    let circuit = &[Gadget::Circuit][..];
    let sha = &[Gadget::Sha256Message][..];
    match mode {
        "gadgets" => return gadgets(all, GADGETS_ALL),
        "gadgets-control-nohook" => return gadgets(all, circuit),
        "gadgets-control-values" => return gadgets(only(Source::Values), circuit),
        "gadgets-control-blindings" => return gadgets(only(Source::Blindings), circuit),
        "gadgets-control-randomness" => return gadgets(only(Source::Randomness), circuit),
        "gadgets-control-witness" => return gadgets(only(Source::Witness), circuit),
        "sha256" => return gadgets(all, sha),
        "sha256-control-witness" => return gadgets(only(Source::Witness), sha),
        _ => {}
    }
    let mpc = |secrets, mpc| {
        Some(Plan {
            mpc,
            ..Plan::nothing(secrets)
        })
    };
    match mode {
        "mpc" => return mpc(all, MPC_ALL),
        "mpc-control-nohook" => return mpc(all, MPC_CONTROL),
        "mpc-control-values" => return mpc(only(Source::Values), MPC_CONTROL),
        "mpc-control-blindings" => return mpc(only(Source::Blindings), MPC_CONTROL),
        "mpc-control-randomness" => return mpc(only(Source::Randomness), MPC_CONTROL),
        _ => {}
    }
    let shared = |secrets, shared| {
        Some(Plan {
            shared,
            ..Plan::nothing(secrets)
        })
    };
    match mode {
        "shared" => return shared(all, SHARED_ALL),
        "shared-control-nohook" => return shared(all, SHARED_CONTROL),
        "shared-control-values" => return shared(only(Source::Values), SHARED_CONTROL),
        "shared-control-blindings" => return shared(only(Source::Blindings), SHARED_CONTROL),
        "shared-control-randomness" => {
            return shared(only(Source::Randomness), SHARED_DRAWN_CONTROL)
        }
        "shared-control-nonce" => return shared(only(Source::Nonce), SHARED_CONTROL),
        "shared-control-private-nonce" => {
            return shared(only(Source::PrivateNonce), SHARED_GIVEN_CONTROL)
        }
        "shared-control-message" => return shared(only(Source::Message), SHARED_CONTROL),
        _ => {}
    }
    if let Some(plan) = plan_rewind_range_min(mode) {
        return Some(plan);
    }
    let (secrets, branch_first, ristretto, secp256k1) = match mode {
        "" => (all, false, RISTRETTO_ALL, SECP256K1_ALL),
        "control-branch" | "control-nohook" => (
            all,
            mode == "control-branch",
            RISTRETTO_CONTROL,
            SECP256K1_CONTROL,
        ),
        "secp256k1-control-nohook" => (all, false, &[][..], SECP256K1_CONTROL),
        "control-values" => (only(Source::Values), false, RISTRETTO_CONTROL, &[][..]),
        "control-blindings" => (only(Source::Blindings), false, RISTRETTO_CONTROL, &[][..]),
        "control-randomness" => (only(Source::Randomness), false, RISTRETTO_CONTROL, &[][..]),
        "secp256k1-control-values" => (only(Source::Values), false, &[][..], SECP256K1_CONTROL),
        "secp256k1-control-blindings" => {
            (only(Source::Blindings), false, &[][..], SECP256K1_CONTROL)
        }
        "secp256k1-control-nonce" => (only(Source::Nonce), false, &[][..], SECP256K1_CONTROL),
        "secp256k1-control-private-nonce" => (
            only(Source::PrivateNonce),
            false,
            &[][..],
            SECP256K1_CONTROL,
        ),
        _ => return None,
    };
    // The main run proves every other family too.
    let plan = Plan {
        secrets,
        branch_first,
        ristretto,
        secp256k1,
        ..Plan::nothing(secrets)
    };
    if !mode.is_empty() {
        return Some(plan);
    }
    Some(Plan {
        r1cs_ristretto: R1CS_ALL,
        r1cs_secp256k1: R1CS_ALL,
        bp_plus_ristretto: BP_PLUS_ALL,
        bp_plus_secp256k1: BP_PLUS_ALL,
        rewind: REWIND_ALL,
        range_dalek: RANGE_DALEK_ALL,
        range_zkp: RANGE_ZKP_ALL,
        range_plus_ristretto: RANGE_PLUS_ALL,
        range_plus_secp256k1: RANGE_PLUS_ALL,
        min_values: MIN_VALUES_ALL,
        mpc: MPC_ALL,
        shared: SHARED_ALL,
        gadgets: GADGETS_MAIN,
        ..plan
    })
}

/// The secrets of the rewindable prover.
const REWIND_SOURCES: &[Source] = &[
    Source::Values,
    Source::Blindings,
    Source::Nonce,
    Source::Message,
];
/// The secrets of the prover in dalek's format on ristretto255.
const DALEK_SOURCES: &[Source] = &[Source::Values, Source::Blindings, Source::Randomness];
/// The secrets of the prover in secp256k1-zkp's format.
const ZKP_SOURCES: &[Source] = &[
    Source::Values,
    Source::Blindings,
    Source::Nonce,
    Source::PrivateNonce,
];
/// The secrets of the Bulletproofs+ prover without a seed.
const PLUS_SOURCES: &[Source] = &[Source::Values, Source::Masks, Source::Randomness];

/// The modes of the rewindable, `[a, b]` and minimum-value provers (`None`: another
/// mode).
fn plan_rewind_range_min(mode: &str) -> Option<Plan> {
    let all = Secrets(None);
    let source = |name: &str| match name {
        "values" => Some(Source::Values),
        "blindings" => Some(Source::Blindings),
        "randomness" => Some(Source::Randomness),
        "nonce" => Some(Source::Nonce),
        "private-nonce" => Some(Source::PrivateNonce),
        "masks" => Some(Source::Masks),
        "message" => Some(Source::Message),
        _ => None,
    };
    // `shapes` if the prover has the control's secret `s`.
    fn when<T>(sources: &[Source], s: Source, shapes: &'static [T]) -> &'static [T] {
        if sources.contains(&s) {
            shapes
        } else {
            &[]
        }
    }
    let plan = match mode {
        "rewind" => Plan {
            rewind: REWIND_ALL,
            ..Plan::nothing(all)
        },
        "rewind-control-nohook" => Plan {
            rewind: REWIND_CONTROL,
            ..Plan::nothing(all)
        },
        "range" => Plan {
            range_dalek: RANGE_DALEK_ALL,
            range_zkp: RANGE_ZKP_ALL,
            range_plus_ristretto: RANGE_PLUS_ALL,
            range_plus_secp256k1: RANGE_PLUS_ALL,
            ..Plan::nothing(all)
        },
        "range-control-nohook" => Plan {
            range_dalek: RANGE_CONTROL,
            ..Plan::nothing(all)
        },
        "range-secp256k1-control-nohook" => Plan {
            range_zkp: RANGE_CONTROL,
            ..Plan::nothing(all)
        },
        "range-plus-control-nohook" => Plan {
            range_plus_ristretto: RANGE_PLUS_CONTROL,
            ..Plan::nothing(all)
        },
        "range-plus-secp256k1-control-nohook" => Plan {
            range_plus_secp256k1: RANGE_PLUS_CONTROL,
            ..Plan::nothing(all)
        },
        "min-values" => Plan {
            min_values: MIN_VALUES_ALL,
            ..Plan::nothing(all)
        },
        "min-values-control-nohook" => Plan {
            min_values: MIN_VALUES_CONTROL,
            ..Plan::nothing(all)
        },
        _ => {
            // Per-source controls: the secret marked alone, over every prover of the
            // family that has it.
            let (family, name) = ["rewind", "range", "min-values"]
                .into_iter()
                .find_map(|f| Some((f, mode.strip_prefix(f)?.strip_prefix("-control-")?)))?;
            let s = source(name)?;
            let plan = match family {
                "rewind" => Plan {
                    rewind: when(REWIND_SOURCES, s, REWIND_CONTROL),
                    ..Plan::nothing(Secrets(Some(s)))
                },
                "range" => Plan {
                    range_dalek: when(DALEK_SOURCES, s, RANGE_CONTROL),
                    range_zkp: when(ZKP_SOURCES, s, RANGE_CONTROL),
                    range_plus_ristretto: when(PLUS_SOURCES, s, RANGE_PLUS_CONTROL),
                    range_plus_secp256k1: when(PLUS_SOURCES, s, RANGE_PLUS_CONTROL),
                    ..Plan::nothing(Secrets(Some(s)))
                },
                _ => Plan {
                    min_values: when(ZKP_SOURCES, s, MIN_VALUES_CONTROL),
                    ..Plan::nothing(Secrets(Some(s)))
                },
            };
            // A secret no prover of the family has is not a mode.
            if plan.rewind.is_empty()
                && plan.range_dalek.is_empty()
                && plan.range_zkp.is_empty()
                && plan.range_plus_ristretto.is_empty()
                && plan.min_values.is_empty()
            {
                return None;
            }
            plan
        }
    };
    Some(plan)
}

/// The declassified values that carry `source`'s taint in a proof of `m` values,
/// by the prover's data flow (`range_proof/prover.rs`).
fn expected_taint(secp256k1: bool, source: Source, m: usize) -> Vec<Declassified> {
    use Declassified::*;
    match (secp256k1, source) {
        // Merlin's witness RNG mixes the values and blindings into every nonce
        // (α, ρ, s_L, s_R, τ_1, τ_2), so they reach everything the nonces reach.
        (false, Source::Values) => vec![
            InRange, Commitment, A, S, T1, T2, TxBlinding, EBlinding, L, R,
        ],
        (false, Source::Blindings) => vec![Commitment, A, S, T1, T2, TxBlinding, EBlinding, L, R],
        // The RNG's bytes (ristretto255 takes no nonces) reach every nonce.
        (false, _) => vec![A, S, T1, T2, TxBlinding, EBlinding, L, R],
        // secp256k1-zkp: the bits a_L enter A, t_1 (T_1), l and r; a single value is
        // also folded into α (hence μ).
        (true, Source::Values) => {
            let mut v = vec![InRange, Commitment, A, T1, L, R];
            if m == 1 {
                v.push(EBlinding);
            }
            v
        }
        (true, Source::Blindings) => vec![Commitment, TxBlinding],
        // (α, ρ) and (s_L, s_R) come from the rewind nonce, (τ_1, τ_2) from the
        // private nonce; both decide whether a ChaCha20 block is retried.
        (true, Source::Nonce) => vec![NonceRetry, A, S, T1, T2, EBlinding, L, R],
        (true, _) => vec![NonceRetry, T1, T2, TxBlinding],
    }
}

/// The declassified values that carry `source`'s taint in an R1CS proof of
/// [`r1cs_circuit`], by the prover's data flow (`r1cs/prover.rs`; the same on both
/// curves).
fn expected_r1cs_taint(source: Source) -> Vec<Declassified> {
    use Declassified::*;
    // Everything the prover's nonces (the blindings of A_I, A_O, S and T_k, s_L, s_R)
    // reach: every point and scalar of the proof.
    let nonces = [
        AI1, AO1, S1, AI2, AO2, S2, T1, T3, T4, T5, T6, Tx, TxBlinding, EBlinding, L, R,
    ];
    match source {
        // Merlin's witness RNG mixes the committed values and their blindings into
        // every nonce; the values also decide the verdicts.
        Source::Values => [&[Commitment, Satisfied][..], &nonces].concat(),
        Source::Blindings => [&[Commitment][..], &nonces].concat(),
        // The range gadget's bits are first-phase assignments (a_L, a_R, a_O): they
        // enter A_I1, A_O1, the verdicts, every t_k with an a-vector factor (not
        // t_6 = <s_L, y^i∘s_R>), t_x, l and r; not S1, the second phase's points
        // (the shuffle multiplies committed values), τ_x or μ.
        Source::Witness => vec![Satisfied, AI1, AO1, T1, T3, T4, T5, Tx, L, R],
        // The RNG's bytes reach every nonce.
        _ => nonces.to_vec(),
    }
}

/// The declassified values that carry `source`'s taint in a gadget configuration:
/// one-phase R1CS proofs (`r1cs/prover.rs`), so `A_I2`, `A_O2`, `S2` are never
/// declassified.
fn expected_gadget_taint(source: Source, gadget: Gadget) -> Vec<Declassified> {
    use Declassified::*;
    let nonces = [
        AI1, AO1, S1, T1, T3, T4, T5, T6, Tx, TxBlinding, EBlinding, L, R,
    ];
    // The witness's bits and products are first-phase assignments: A_I1, A_O1, the
    // verdicts, every t_k with an a-vector factor (not t_6), t_x, l and r.
    let witness = [Satisfied, AI1, AO1, T1, T3, T4, T5, Tx, L, R];
    match (source, gadget) {
        // Merlin's witness RNG mixes the committed values and their blindings into
        // every nonce; the values also decide the verdicts (membership multiplies
        // them).
        (Source::Values, Gadget::Circuit) => [&[Commitment, Satisfied][..], &nonces].concat(),
        (Source::Blindings, Gadget::Circuit) => [&[Commitment][..], &nonces].concat(),
        (Source::Witness, Gadget::Circuit) => witness.to_vec(),
        // The message is the witness; its digest is the statement.
        (Source::Witness, Gadget::Sha256Message) => [&[Digest][..], &witness].concat(),
        (Source::Randomness, _) => nonces.to_vec(),
        // No commitments in the SHA-256 statement.
        _ => vec![],
    }
}

/// The declassified values that carry `source`'s taint in a Bulletproofs+ proof, by
/// the prover's data flow (`bp_plus/prover.rs`, `bp_plus/transcript.rs`,
/// `weighted_inner_product.rs`; the same on both curves). `seeded`: made by
/// `prove_with_seed`.
fn expected_plus_taint(source: Source, seeded: bool) -> Vec<Declassified> {
    use Declassified::*;
    // The nonce generator is rebuilt from the transcript, rekeyed with the witness
    // bytes (values and masks) and the RNG's bytes: those three reach every drawn
    // nonce and whether a draw is zero and drawn again (`NonceRetry`). With a seed,
    // only r, s are drawn; they enter A1, B, r1, s1 and not d1.
    let drawn_final = [WipA1, WipB, WipR1, WipS1, NonceRetry];
    // Without a seed every nonce is drawn (α in A, dL, dR in L_j, R_j, d, η in A1,
    // B and d1; r, s in A1, B, r1, s1).
    let drawn_all = [A, WipL, WipR, WipA1, WipB, WipR1, WipS1, WipD1, NonceRetry];
    match (source, seeded) {
        (Source::Values, false) => [&[InRange, Commitment][..], &drawn_all].concat(),
        (Source::Masks, false) => [&[Commitment][..], &drawn_all].concat(),
        (Source::Randomness, false) => drawn_all.to_vec(),
        // With a seed the values still reach A (the bits a_L), L_j and R_j (the
        // unblinded witness â_L, â_R and c_L, c_R), and r1, s1 (the folded witness);
        // not d1 = η + e·d + e²·α̂ (seed nonces and masks only).
        (Source::Values, true) => {
            [&[InRange, Commitment, A, WipL, WipR][..], &drawn_final].concat()
        }
        // The masks enter α̂, hence d1, and the drawn r, s; not A, L_j, R_j (their
        // masks α, dL, dR come from the seed).
        (Source::Masks, true) => [&[Commitment, WipD1][..], &drawn_final].concat(),
        (Source::Randomness, true) => drawn_final.to_vec(),
        // α (A), dL, dR (L_j, R_j), d (A1), η (B) and all of them in d1; never r, s.
        (Source::Seed, true) => vec![A, WipL, WipR, WipA1, WipB, WipD1],
        // Not a Bulletproofs+ secret (or no seed to mark): nothing.
        _ => vec![],
    }
}

/// The declassified values that carry `source`'s taint in a rewindable proof
/// (`range_proof/rewind.rs`, then `range_proof/prover.rs`; one value). Its nonces
/// come from the transcript (public once `V` is declassified) rekeyed with the
/// rewind nonce: `ρ` with nothing else, `s_L, s_R` also with the message, the value
/// and the blinding, and `α, τ_1, τ_2` with `S` (public once declassified). `A` is
/// committed with `α − E`, `E = v + 2^64·msg`.
fn expected_rewind_taint(source: Source) -> Vec<Declassified> {
    use Declassified::*;
    // What s_L, s_R reach: S, t_1, t_2 (T_1, T_2), l and r.
    let s = [S, T1, T2, L, R];
    match source {
        // The bits a_L enter A, t_1, l and r; E enters A and μ = α − E + ρ·x; the
        // value keys s_L, s_R. Not τ_x.
        Source::Values => [&[InRange, Commitment, A, EBlinding][..], &s].concat(),
        // γ keys s_L, s_R and enters τ_x; not A or μ.
        Source::Blindings => [&[Commitment, TxBlinding][..], &s].concat(),
        Source::Nonce => [&[A, TxBlinding, EBlinding][..], &s].concat(),
        // The message keys s_L, s_R and is in E (A, μ); not τ_x.
        Source::Message => [&[A, EBlinding][..], &s].concat(),
        _ => vec![],
    }
}

/// The declassified values that carry `source`'s taint in one party's life in
/// multi-party proving (`range_proof/mpc/party.rs`, over the phases of
/// `range_proof/party.rs`), the same for a trusting and a recomputing party.
fn expected_mpc_taint(source: Source) -> Vec<Declassified> {
    use Declassified::*;
    // Both of the party's nonce draws (α, ρ, s_L, s_R when it takes its position;
    // τ_1, τ_2 when it answers the bit challenge) come from its nonce transcript
    // rekeyed with the bytes of its value and of its blinding and finalised with
    // its RNG (`witness_nonces`), so each of the three reaches every nonce, hence
    // A_j, S_j, T_1,j, T_2,j, τ_x,j = τ_2·x² + τ_1·x + z^{2+j}·γ, μ_j = α + ρ·x,
    // l and r. The share's t_x,j = <l, r> is computed from the declassified l, r
    // and is declassified by nothing else.
    let nonces = [A, S, T1, T2, TxBlinding, EBlinding, L, R];
    match source {
        // The range check (v < 2^n) and V_j = v·B + γ·B̃; the bits a_L also enter
        // A_j, t_1 (T_1,j), l and r.
        Source::Values => [&[InRange, Commitment][..], &nonces].concat(),
        // V_j; γ also enters τ_x,j.
        Source::Blindings => [&[Commitment][..], &nonces].concat(),
        Source::Randomness => nonces.to_vec(),
        // Not a secret of a party.
        _ => vec![],
    }
}

/// The declassified values that carry `source`'s taint in one party's life in a
/// shared output (`range_proof/zkp/shared.rs`, over `range_proof/party.rs` and
/// `range_proof/zkp/nonces.rs`), with the partial commitments the party publishes
/// (`Commitment`: the harness declassifies them when it sends them).
fn expected_shared_taint(source: Source, shape: SharedShape) -> Vec<Declassified> {
    use Declassified::*;
    // τ_1, τ_2 = CC(private nonce, 1): whether its block is retried, the party's
    // T shares τ_1·G, τ_2·G (declassified as T1, T2) and τ_x,j = τ_1·x + τ_2·x² +
    // Σ_i z^{2+i}·γ_i.
    let private = [NonceRetry, T1, T2, TxBlinding];
    // A drawn private nonce is SHA-256 of the values, the shared commitments, the
    // blinding shares and the RNG's bytes, so those three reach what it reaches.
    let hashed = |s: Source| {
        shape.nonce == SharedNonce::Drawn
            && matches!(s, Source::Values | Source::Blindings | Source::Randomness)
    };
    // One value: α ← α − E with E = v + 2^64·message (`embedded_word`), hence A and
    // μ = α + ρ·x. Several values embed nothing.
    let embedded = shape.m == 1;
    let mut taint = match source {
        // The range check (`SharedStatement::new`); the bits a_L in A, t_1 (T_1 =
        // t_1·B + ΣT_1,j), l and r; not S, t_2 (T_2) or τ_x. Its partial
        // commitments only if they carry the values.
        Source::Values => {
            let mut v = vec![InRange, A, T1, L, R];
            if embedded {
                v.push(EBlinding);
            }
            if shape.role == SharedRole::Value {
                v.push(Commitment);
            }
            // An audit with the secret values: a separate combiner audits both
            // shares (one of them carries the values); the party committing zero
            // audits the other's share, which carries them.
            let secret_audit = shape.finish == SharedFinish::Separate
                || (shape.finish == SharedFinish::Party && shape.role == SharedRole::Zero);
            if shape.audit && secret_audit {
                v.push(ShareAudit);
            }
            v
        }
        // γ_j,i in its partial commitments and in τ_x,j.
        Source::Blindings => vec![Commitment, TxBlinding],
        // The common nonce: (α, ρ) = CC(nonce, 0) and (s_L[i], s_R[i]) =
        // CC(nonce, i + 2), in A, S, t_1, t_2, μ, l and r; never τ (a separate
        // combiner draws no τ: its τ_x is zero).
        Source::Nonce => vec![NonceRetry, A, S, T1, T2, EBlinding, L, R],
        Source::PrivateNonce if shape.nonce == SharedNonce::Given => private.to_vec(),
        Source::Message if embedded && shape.message => vec![A, EBlinding],
        // The RNG's bytes (added below for a drawn private nonce), a private nonce
        // the party is not given, a message not embedded or not set: nothing.
        _ => vec![],
    };
    if hashed(source) {
        for d in private {
            if !taint.contains(&d) {
                taint.push(d);
            }
        }
    }
    taint
}

/// The declassified values whose bytes were undefined, in a per-source control.
static TAINTED: Mutex<Vec<Declassified>> = Mutex::new(Vec::new());

/// A declassification hook.
type Hook = fn(Declassified, &mut [u8]);

/// The hook of the main run: the value is public.
fn declassify(_: Declassified, bytes: &mut [u8]) {
    valgrind::defined(bytes);
}

/// The hook of the per-source controls: branches on the value, notes whether
/// valgrind reported the branch, then declassifies it.
fn declassify_traced(what: Declassified, bytes: &mut [u8]) {
    if branch_on(bytes) {
        let mut tainted = TAINTED.lock().unwrap_or_else(|e| e.into_inner());
        if !tainted.contains(&what) {
            tainted.push(what);
        }
    }
    valgrind::defined(bytes);
}

/// Branches on the parity of `bytes`' bit sums; whether valgrind reported it.
#[inline(never)]
fn branch_on(bytes: &[u8]) -> bool {
    let before = valgrind::errors();
    if bytes.iter().fold(0u8, |a, b| a ^ b) & 1 == 1 {
        odd();
    }
    valgrind::errors() > before
}

#[inline(never)]
fn odd() {
    std::hint::black_box(());
}

/// Checks (in a per-source control) the tainted declassified values of one
/// configuration against `expected` (of the source); whether they matched.
fn check_taint(
    secrets: Secrets,
    label: &str,
    expected: impl Fn(Source) -> Vec<Declassified>,
) -> bool {
    let Some(source) = secrets.0 else {
        return true;
    };
    let mut got = std::mem::take(&mut *TAINTED.lock().unwrap_or_else(|e| e.into_inner()));
    let mut want = expected(source);
    let key = |d: &Declassified| format!("{d:?}");
    got.sort_by_key(key);
    want.sort_by_key(key);
    println!("ct_prover: {label}: {source:?} taints {got:?}");
    if got != want {
        println!("ct_prover: {label}: {source:?} should taint exactly {want:?}");
    }
    got == want
}

/// An RNG whose output bytes are marked undefined when the randomness is secret.
struct SecretRng {
    rng: rand_chacha::ChaCha20Rng,
    secret: bool,
}

impl RngCore for SecretRng {
    fn next_u32(&mut self) -> u32 {
        let mut b = [0u8; 4];
        self.fill_bytes(&mut b);
        u32::from_le_bytes(b)
    }
    fn next_u64(&mut self) -> u64 {
        let mut b = [0u8; 8];
        self.fill_bytes(&mut b);
        u64::from_le_bytes(b)
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.rng.fill_bytes(dest);
        if self.secret {
            valgrind::undefined(dest);
        }
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}
impl CryptoRng for SecretRng {}

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let Some(plan) = plan(&mode) else {
        eprintln!("ct_prover: unknown mode {mode:?}");
        std::process::exit(2);
    };
    // The hook, also applied by the harness to what a shared-output party publishes
    // itself (its partial commitments).
    let hook: Option<Hook> = if plan.secrets.0.is_some() {
        Some(declassify_traced)
    } else if !mode.ends_with("control-nohook") {
        Some(declassify)
    } else {
        None
    };
    if let Some(hook) = hook {
        ballistic::ct::set_declassify_hook(hook);
    }
    // Under valgrind (which emulates AVX2 but not AVX-512) this is AVX2 on x86_64
    // CPUs that have it; the IFMA backend is only compiled in with the target feature.
    println!(
        "ct_prover: ristretto255 lane backend {:?}",
        ballistic::curve::ristretto::lanes::backend()
    );
    let mut seed_rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x6374);
    let mut configurations = 0;
    let mut as_expected = true;
    for &(n, m, bases) in plan.ristretto {
        ristretto_configuration(&plan, &mut seed_rng, n, m, bases);
        let label = format!("n={n} m={m} {bases:?} bases");
        as_expected &= check_taint(plan.secrets, &label, |s| expected_taint(false, s, m));
        configurations += 1;
        println!("ct_prover: {label}: proved and verified with secrets marked undefined");
    }
    for &(n, m, bases) in plan.secp256k1 {
        secp256k1_configuration(&plan, &mut seed_rng, n, m, bases);
        let label = format!("secp256k1 n={n} m={m} {bases:?} bases");
        as_expected &= check_taint(plan.secrets, &label, |s| expected_taint(true, s, m));
        configurations += 1;
        println!("ct_prover: {label}: proved and verified with secrets marked undefined");
    }
    for &bases in plan.r1cs_ristretto {
        r1cs_configuration::<Ristretto>(&plan, &mut seed_rng, bases);
        let label = format!("r1cs {bases:?} bases");
        as_expected &= check_taint(plan.secrets, &label, expected_r1cs_taint);
        configurations += 1;
        println!("ct_prover: {label}: proved and verified with secrets marked undefined");
    }
    for &bases in plan.r1cs_secp256k1 {
        r1cs_configuration::<Secp256k1>(&plan, &mut seed_rng, bases);
        let label = format!("r1cs secp256k1 {bases:?} bases");
        as_expected &= check_taint(plan.secrets, &label, expected_r1cs_taint);
        configurations += 1;
        println!("ct_prover: {label}: proved and verified with secrets marked undefined");
    }
    for &shape in plan.bp_plus_ristretto {
        let pc = ballistic::ristretto::bp_plus::pedersen_gens(shape.t).expect("1 <= t <= 6");
        bp_plus_configuration::<Ristretto>(&plan, &mut seed_rng, shape, &pc);
        let label = format!("bp+ {}", plus_label(shape));
        let seeded = shape.kind == PlusKind::Seed;
        as_expected &= check_taint(plan.secrets, &label, |s| expected_plus_taint(s, seeded));
        configurations += 1;
        println!("ct_prover: {label}: proved and verified with secrets marked undefined");
    }
    for &shape in plan.bp_plus_secp256k1 {
        let pc = ballistic::secp256k1::bp_plus::pedersen_gens(shape.t).expect("1 <= t <= 6");
        bp_plus_configuration::<Secp256k1>(&plan, &mut seed_rng, shape, &pc);
        let label = format!("bp+ secp256k1 {}", plus_label(shape));
        let seeded = shape.kind == PlusKind::Seed;
        as_expected &= check_taint(plan.secrets, &label, |s| expected_plus_taint(s, seeded));
        configurations += 1;
        println!("ct_prover: {label}: proved and verified with secrets marked undefined");
    }
    for &shape in plan.rewind {
        rewind_configuration(&plan, &mut seed_rng, shape);
        let label = format!("rewindable n={} {:?} bases", shape.0, shape.1);
        as_expected &= check_taint(plan.secrets, &label, expected_rewind_taint);
        configurations += 1;
        println!("ct_prover: {label}: proved, verified and rewound with secrets marked undefined");
    }
    for &shape in plan.range_dalek {
        range_dalek_configuration(&plan, &mut seed_rng, shape);
        let label = format!("[{}, {}] {:?} bases", shape.0, shape.1, shape.2);
        as_expected &= check_taint(plan.secrets, &label, |s| expected_taint(false, s, 2));
        configurations += 1;
        println!("ct_prover: {label}: proved and verified with secrets marked undefined");
    }
    for &shape in plan.range_zkp {
        range_zkp_configuration(&plan, &mut seed_rng, shape);
        let label = format!("secp256k1 [{}, {}] {:?} bases", shape.0, shape.1, shape.2);
        as_expected &= check_taint(plan.secrets, &label, |s| expected_taint(true, s, 2));
        configurations += 1;
        println!("ct_prover: {label}: proved and verified with secrets marked undefined");
    }
    for &shape in plan.range_plus_ristretto {
        let pc = ballistic::ristretto::bp_plus::pedersen_gens(shape.2).expect("1 <= t <= 6");
        range_plus_configuration::<Ristretto>(&plan, &mut seed_rng, shape, &pc);
        let label = format!("bp+ [{}, {}] t={}", shape.0, shape.1, shape.2);
        as_expected &= check_taint(plan.secrets, &label, |s| expected_plus_taint(s, false));
        configurations += 1;
        println!("ct_prover: {label}: proved and verified with secrets marked undefined");
    }
    for &shape in plan.range_plus_secp256k1 {
        let pc = ballistic::secp256k1::bp_plus::pedersen_gens(shape.2).expect("1 <= t <= 6");
        range_plus_configuration::<Secp256k1>(&plan, &mut seed_rng, shape, &pc);
        let label = format!("bp+ secp256k1 [{}, {}] t={}", shape.0, shape.1, shape.2);
        as_expected &= check_taint(plan.secrets, &label, |s| expected_plus_taint(s, false));
        configurations += 1;
        println!("ct_prover: {label}: proved and verified with secrets marked undefined");
    }
    for &(n, m, bases) in plan.min_values {
        min_values_configuration(&plan, &mut seed_rng, n, m, bases);
        let label = format!("secp256k1 minimum values n={n} m={m} {bases:?} bases");
        as_expected &= check_taint(plan.secrets, &label, |s| expected_taint(true, s, m));
        configurations += 1;
        println!("ct_prover: {label}: proved and verified with secrets marked undefined");
    }
    for &shape in plan.mpc {
        mpc_configuration(&plan, &mut seed_rng, shape);
        let label = mpc_label(shape);
        as_expected &= check_taint(plan.secrets, &label, expected_mpc_taint);
        configurations += 1;
        println!("ct_prover: {label}: party run, proof assembled and verified with its secrets marked undefined");
    }
    for &shape in plan.shared {
        shared_configuration(&plan, &mut seed_rng, shape, hook);
        let label = shared_label(shape);
        as_expected &= check_taint(plan.secrets, &label, |s| expected_shared_taint(s, shape));
        configurations += 1;
        println!("ct_prover: {label}: party run, proof finalized, verified and rewound with its secrets marked undefined");
    }
    for &gadget in plan.gadgets {
        gadget_configuration(&plan, &mut seed_rng, gadget);
        let label = format!("gadgets {gadget:?}");
        as_expected &= check_taint(plan.secrets, &label, |s| expected_gadget_taint(s, gadget));
        configurations += 1;
        println!("ct_prover: {label}: proved and verified with secrets marked undefined");
    }
    println!("ct_prover: {configurations} configurations");
    if plan.secrets.0.is_some() {
        if !as_expected {
            println!("ct_prover: taint NOT as expected");
            std::process::exit(1);
        }
        println!("ct_prover: taint as expected");
    }
}

/// `m` values below `2^n`, the ones marked undefined in place when values are secret.
fn values(seed_rng: &mut rand_chacha::ChaCha20Rng, plan: &Plan, n: usize, m: usize) -> Vec<u64> {
    let mask = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut values: Vec<u64> = (0..m).map(|_| seed_rng.next_u64() & mask).collect();
    if plan.secrets.marks(Source::Values) {
        for v in values.iter_mut() {
            valgrind::undefined(bytemuck_u64(v));
        }
    }
    if plan.branch_first && values[0] & 1 == 1 {
        println!("ct_prover: control: branched on a secret bit");
    }
    values
}

/// 64 bytes to reduce to a blinding, undefined when blindings are secret (the
/// constant-time reduction carries that into the scalar).
fn blinding_bytes(seed_rng: &mut rand_chacha::ChaCha20Rng, plan: &Plan) -> [u8; 64] {
    secret_wide_bytes(seed_rng, plan, Source::Blindings)
}

/// 64 bytes to reduce to a scalar of `source`, undefined when it is secret.
fn secret_wide_bytes(
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    plan: &Plan,
    source: Source,
) -> [u8; 64] {
    let mut w = [0u8; 64];
    seed_rng.fill_bytes(&mut w);
    if plan.secrets.marks(source) {
        valgrind::undefined(&w);
    }
    w
}

/// A scalar of `source` (reduced from [`secret_wide_bytes`]).
fn secret_scalar<C: Curve>(
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    plan: &Plan,
    source: Source,
) -> C::ApiScalar {
    C::scalar_to_api(&C::scalar_from_wide_bytes(&secret_wide_bytes(
        seed_rng, plan, source,
    )))
}

/// A copy of a scalar with its bytes marked defined (for the checks after proving).
fn public_copy<C: Curve>(s: &C::ApiScalar) -> C::ApiScalar {
    let mut bytes = C::scalar_to_bytes(&C::scalar_from_api(s));
    valgrind::defined(&mut bytes);
    let s = C::scalar_from_canonical_bytes(&bytes).expect("a scalar's encoding is canonical");
    C::scalar_to_api(&s)
}

/// ristretto255 in dalek's format: proves and verifies one configuration.
fn ristretto_configuration(
    plan: &Plan,
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    n: usize,
    m: usize,
    bases: Bases,
) {
    let bp = BulletproofGens::new(n, m);
    let pc = bases.gens::<Ristretto>();
    let blindings: Vec<Scalar> = (0..m)
        .map(|_| Scalar::from_bytes_mod_order_wide(&blinding_bytes(seed_rng, plan)))
        .collect();
    let values = values(seed_rng, plan, n, m);
    let mut rng = SecretRng {
        rng: rand_chacha::ChaCha20Rng::seed_from_u64(seed_rng.next_u64()),
        secret: plan.secrets.marks(Source::Randomness),
    };
    let (proof, commitments) = RangeProof::prove_multiple_with_rng(
        &bp,
        &pc,
        &mut Transcript::new(b"ct harness"),
        &values,
        &blindings,
        n,
        &mut rng,
    )
    .expect("in-range values prove");
    // The proof must still be valid: the harness tests the real prover.
    proof
        .verify_multiple_with_rng(
            &bp,
            &pc,
            &mut Transcript::new(b"ct harness"),
            &commitments,
            n,
            &mut rand_chacha::ChaCha20Rng::seed_from_u64(1),
        )
        .expect("the proof verifies");
}

/// secp256k1 in secp256k1-zkp's format: values, blindings and both nonces (from
/// which all the prover's randomness derives) are the secrets.
fn secp256k1_configuration(
    plan: &Plan,
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    n: usize,
    m: usize,
    bases: Bases,
) {
    use ballistic::secp256k1 as secp;
    let pc = bases.gens::<Secp256k1>();
    let bp = secp::zkp_generators((2 * n * m).max(secp::GRIN_GENERATORS));
    let blindings: Vec<secp::Scalar> = (0..m)
        .map(|_| Secp256k1::scalar_from_wide_bytes(&blinding_bytes(seed_rng, plan)))
        .collect();
    let values = values(seed_rng, plan, n, m);
    let (proof, commitments) = secp::RangeProof::prove_multiple_with_rng(
        &bp,
        &pc,
        &mut zkp_prover_transcript(seed_rng, plan),
        &values,
        &blindings,
        n,
        &mut rand_chacha::ChaCha20Rng::seed_from_u64(2),
    )
    .expect("in-range values prove");
    proof
        .verify_multiple_with_rng(
            &bp,
            &pc,
            &mut secp::Transcript::new().with_extra_commit(b"ct harness"),
            &commitments,
            n,
            &mut rand_chacha::ChaCha20Rng::seed_from_u64(3),
        )
        .expect("the proof verifies");
}

/// A secp256k1-zkp prover's transcript with its rewind and private nonces, undefined
/// when they are secret.
fn zkp_prover_transcript(
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    plan: &Plan,
) -> ballistic::secp256k1::Transcript {
    let mut nonce = [0u8; 32];
    let mut private_nonce = [0u8; 32];
    seed_rng.fill_bytes(&mut nonce);
    seed_rng.fill_bytes(&mut private_nonce);
    if plan.secrets.marks(Source::Nonce) {
        valgrind::undefined(&nonce);
    }
    if plan.secrets.marks(Source::PrivateNonce) {
        valgrind::undefined(&private_nonce);
    }
    ballistic::secp256k1::Transcript::new()
        .with_extra_commit(b"ct harness")
        .with_nonce(nonce)
        .with_private_nonce(private_nonce)
}

/// secp256k1-zkp's `prove_with_min_values`: nonzero minimum values (public), the
/// values, blindings and both nonces secret.
fn min_values_configuration(
    plan: &Plan,
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    n: usize,
    m: usize,
    bases: Bases,
) {
    use ballistic::secp256k1 as secp;
    let pc = bases.gens::<Secp256k1>();
    let bp = secp::zkp_generators((2 * n * m).max(secp::GRIN_GENERATORS));
    let blindings: Vec<secp::Scalar> = (0..m)
        .map(|_| Secp256k1::scalar_from_wide_bytes(&blinding_bytes(seed_rng, plan)))
        .collect();
    let (values, min_values) = plus_values(seed_rng, plan, n, m, true);
    let (proof, commitments) = secp::RangeProof::prove_with_min_values(
        &bp,
        &pc,
        &mut zkp_prover_transcript(seed_rng, plan),
        &values,
        &min_values,
        &blindings,
        n,
        &mut rand_chacha::ChaCha20Rng::seed_from_u64(2),
    )
    .expect("in-range values prove");
    proof
        .verify_with_min_values(
            &bp,
            &pc,
            &mut secp::Transcript::new().with_extra_commit(b"ct harness"),
            &commitments,
            &min_values,
            n,
            &mut rand_chacha::ChaCha20Rng::seed_from_u64(3),
        )
        .expect("the proof verifies");
}

/// A value in `[a, b]`, marked undefined when values are secret.
fn range_value(seed_rng: &mut rand_chacha::ChaCha20Rng, plan: &Plan, a: u64, b: u64) -> u64 {
    let width = b - a;
    let r = seed_rng.next_u64();
    let mut v = a + if width == u64::MAX {
        r
    } else {
        r % (width + 1)
    };
    if plan.secrets.marks(Source::Values) {
        valgrind::undefined(bytemuck_u64(&mut v));
    }
    v
}

/// A copy of a `u64` marked defined (for the checks after proving).
fn public_u64(v: u64) -> u64 {
    let mut v = std::hint::black_box(v);
    valgrind::defined(bytemuck_u64(&mut v));
    v
}

/// `RangeProof::prove_range` in dalek's format on ristretto255: the value, the
/// blinding and the RNG's bytes secret, `a` and `b` public.
fn range_dalek_configuration(
    plan: &Plan,
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    (a, b, bases): RangeShape,
) {
    let k = range_bits(a, b).expect("a <= b");
    let bp = BulletproofGens::new(k, 2);
    let pc = bases.gens::<Ristretto>();
    let blinding = Scalar::from_bytes_mod_order_wide(&blinding_bytes(seed_rng, plan));
    let v = range_value(seed_rng, plan, a, b);
    let mut rng = SecretRng {
        rng: rand_chacha::ChaCha20Rng::seed_from_u64(seed_rng.next_u64()),
        secret: plan.secrets.marks(Source::Randomness),
    };
    let label = b"ct harness range";
    let (proof, commitment) = RangeProof::prove_range(
        &bp,
        &pc,
        &mut Transcript::new(label),
        v,
        &blinding,
        a,
        b,
        &mut rng,
    )
    .expect("an in-range value proves");
    proof
        .verify_range(
            &bp,
            &pc,
            &mut Transcript::new(label),
            &commitment,
            a,
            b,
            &mut rand_chacha::ChaCha20Rng::seed_from_u64(6),
        )
        .expect("the proof verifies");
}

/// `RangeProof::prove_range` in secp256k1-zkp's format: the value, the blinding and
/// both nonces secret, `a` and `b` public.
fn range_zkp_configuration(
    plan: &Plan,
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    (a, b, bases): RangeShape,
) {
    use ballistic::secp256k1 as secp;
    let k = range_bits(a, b).expect("a <= b");
    let pc = bases.gens::<Secp256k1>();
    let bp = secp::zkp_generators((4 * k).max(secp::GRIN_GENERATORS));
    let blinding = Secp256k1::scalar_from_wide_bytes(&blinding_bytes(seed_rng, plan));
    let v = range_value(seed_rng, plan, a, b);
    let (proof, commitment) = secp::RangeProof::prove_range(
        &bp,
        &pc,
        &mut zkp_prover_transcript(seed_rng, plan),
        v,
        &blinding,
        a,
        b,
        &mut rand_chacha::ChaCha20Rng::seed_from_u64(2),
    )
    .expect("an in-range value proves");
    proof
        .verify_range(
            &bp,
            &pc,
            &mut secp::Transcript::new().with_extra_commit(b"ct harness"),
            &commitment,
            a,
            b,
            &mut rand_chacha::ChaCha20Rng::seed_from_u64(3),
        )
        .expect("the proof verifies");
}

/// `RangeProof::prove_single_rewindable` (dalek's format, ristretto255): the value,
/// the blinding, the rewind nonce and the message secret. The proof must verify as
/// an ordinary proof and rewind to the value, blinding and message.
fn rewind_configuration(
    plan: &Plan,
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    (n, bases): (usize, Bases),
) {
    let bp = BulletproofGens::new(n, 1);
    let pc = bases.gens::<Ristretto>();
    let blinding = Scalar::from_bytes_mod_order_wide(&blinding_bytes(seed_rng, plan));
    let mut v = values(seed_rng, plan, n, 1)[0];
    let mut nonce = [0u8; 32];
    let mut message = [0u8; 20];
    seed_rng.fill_bytes(&mut nonce);
    seed_rng.fill_bytes(&mut message);
    if plan.secrets.marks(Source::Nonce) {
        valgrind::undefined(&nonce);
    }
    if plan.secrets.marks(Source::Message) {
        valgrind::undefined(&message);
    }
    let label = b"ct harness rewind";
    let (proof, commitment) = RangeProof::prove_single_rewindable(
        &bp,
        &pc,
        &mut Transcript::new(label),
        v,
        &blinding,
        n,
        &nonce,
        &message,
    )
    .expect("an in-range value proves");
    // The proof must be an ordinary valid proof and rewind: the harness tests the
    // real prover.
    proof
        .verify_single_with_rng(
            &bp,
            &pc,
            &mut Transcript::new(label),
            &commitment,
            n,
            &mut rand_chacha::ChaCha20Rng::seed_from_u64(7),
        )
        .expect("the proof verifies");
    valgrind::defined(&mut nonce);
    valgrind::defined(&mut message);
    v = public_u64(v);
    let recovered = proof
        .rewind(
            &bp,
            &pc,
            &mut Transcript::new(label),
            &commitment,
            n,
            &nonce,
        )
        .expect("the proof rewinds");
    assert!(
        recovered.value() == v
            && recovered.blinding() == public_copy::<Ristretto>(&blinding)
            && recovered.message() == message,
        "rewinding gives back the value, blinding and message"
    );
}

/// The bytes of a `u64` in place (so that the value the prover reads is the one
/// marked undefined).
fn bytemuck_u64(v: &mut u64) -> &mut [u8; 8] {
    // SAFETY: u64 and [u8; 8] have the same size; alignment of [u8; 8] is 1.
    unsafe { &mut *(v as *mut u64 as *mut [u8; 8]) }
}

/// The shuffle's `k` in [`r1cs_circuit`].
const SHUFFLE_K: usize = 3;
/// The range gadget's bit width in [`r1cs_circuit`].
const RANGE_BITS: usize = 8;

/// The R1CS circuit, for the prover (`witness`: the range gadget's assignment of
/// `x_1`) and the verifier (`None`): `x_1 ∈ [0, 2^RANGE_BITS)` (bits: multipliers
/// declared small), the product `x_1·x_2` (a first-phase multiplier not declared
/// small), and `y` a permutation of `x` (the shuffle: second-phase multipliers).
fn r1cs_circuit<C: Curve, CS: RandomizableConstraintSystem<C>>(
    cs: &mut CS,
    x: Vec<Variable<C>>,
    y: Vec<Variable<C>>,
    witness: Option<u64>,
) -> Result<(), R1CSError> {
    range::range(cs, x[0].into(), witness, RANGE_BITS)?;
    cs.multiply(x[0].into(), x[1].into());
    shuffle::gadget(cs, x, y)
}

/// Proves [`r1cs_circuit`] (the values, blindings, the RNG's bytes and the witness
/// secret) and verifies the proof.
fn r1cs_configuration<C: Curve>(
    plan: &Plan,
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    bases: Bases,
) {
    let pc = bases.gens::<C>();
    let bp = ballistic::generators::BulletproofGens::<C>::new(16, 1);
    // x (x_1 below 2^RANGE_BITS), then y: x rotated by one.
    let mut values: Vec<u64> = (0..SHUFFLE_K).map(|_| seed_rng.next_u64()).collect();
    values[0] &= (1 << RANGE_BITS) - 1;
    values.extend_from_within(1..SHUFFLE_K);
    values.push(values[0]);
    let blindings: Vec<C::ApiScalar> = values
        .iter()
        .map(|_| C::scalar_to_api(&C::scalar_from_wide_bytes(&blinding_bytes(seed_rng, plan))))
        .collect();
    let mut witness = values[0];
    if plan.secrets.marks(Source::Values) {
        for v in values.iter_mut() {
            valgrind::undefined(bytemuck_u64(v));
        }
    }
    if plan.secrets.marks(Source::Witness) {
        valgrind::undefined(bytemuck_u64(&mut witness));
    }
    let mut rng = SecretRng {
        rng: rand_chacha::ChaCha20Rng::seed_from_u64(seed_rng.next_u64()),
        secret: plan.secrets.marks(Source::Randomness),
    };
    let mut prover = Prover::<C, _>::new(&pc, Transcript::new(b"ct harness r1cs"));
    let (commitments, mut x): (Vec<C::Encoding>, Vec<Variable<C>>) = values
        .iter()
        .zip(&blindings)
        .map(|(v, b)| prover.commit(C::ApiScalar::from(*v), *b))
        .unzip();
    let y = x.split_off(SHUFFLE_K);
    r1cs_circuit(&mut prover, x, y, Some(witness)).expect("the circuit is well formed");
    let proof = prover
        .prove_with_rng(&bp, &mut rng)
        .expect("the assignments satisfy the circuit");
    // The proof must still be valid: the harness tests the real prover.
    let mut verifier = Verifier::<C, _>::new(Transcript::new(b"ct harness r1cs"));
    let mut x: Vec<Variable<C>> = commitments.iter().map(|c| verifier.commit(*c)).collect();
    let y = x.split_off(SHUFFLE_K);
    r1cs_circuit(&mut verifier, x, y, None).expect("the circuit is well formed");
    verifier
        .verify_with_rng(
            &proof,
            &pc,
            &bp,
            &mut rand_chacha::ChaCha20Rng::seed_from_u64(4),
        )
        .expect("the proof verifies");
}

/// The comparison, range and membership gadgets over committed `x < y` and `z = x`
/// (`values`: the prover's witness copies of `x`, `y`; `None` for the verifier).
fn gadget_circuit<C: Curve, CS: RandomizableConstraintSystem<C>>(
    cs: &mut CS,
    [x, y, z]: [Variable<C>; 3],
    values: Option<(u64, u64)>,
    set: &[u64],
) -> Result<(), R1CSError> {
    range::range(cs, x.into(), values.map(|v| v.0), GADGET_BITS)?;
    range::range(cs, y.into(), values.map(|v| v.1), GADGET_BITS)?;
    comparison::less_than(cs, x.into(), y.into(), values, GADGET_BITS)?;
    membership::one_of(cs, x.into(), set)?;
    membership::one_of_committed(cs, z.into(), &[y, x])
}

/// The comparison's and the ranges' width.
const GADGET_BITS: usize = 32;

/// Proves a gadget configuration (its secrets marked as the plan says) and verifies
/// the proof.
fn gadget_configuration(plan: &Plan, seed_rng: &mut rand_chacha::ChaCha20Rng, gadget: Gadget) {
    let pc = PedersenGens::<Ristretto>::default();
    let mut rng = SecretRng {
        rng: rand_chacha::ChaCha20Rng::seed_from_u64(seed_rng.next_u64()),
        secret: plan.secrets.marks(Source::Randomness),
    };
    match gadget {
        Gadget::Sha256Message => {
            let bp = BulletproofGens::new(sha256::GENERATORS_CAPACITY, 1);
            let mut message = [0u8; 48];
            seed_rng.fill_bytes(&mut message);
            if plan.secrets.marks(Source::Witness) {
                valgrind::undefined(&message);
            }
            let (proof, digest) = sha256::prove_message(
                &pc,
                &bp,
                Transcript::new(b"ct harness sha256"),
                &message,
                &mut rng,
            )
            .expect("a 48-byte message proves");
            sha256::verify_message(
                &pc,
                &bp,
                Transcript::new(b"ct harness sha256"),
                &digest,
                &proof,
                &mut rand_chacha::ChaCha20Rng::seed_from_u64(5),
            )
            .expect("the proof verifies");
        }
        Gadget::Circuit => {
            let bp = BulletproofGens::new(128, 1);
            let x = seed_rng.next_u64() >> 33;
            let y = x + 1 + (seed_rng.next_u64() >> 34);
            let set = [seed_rng.next_u64(), x, seed_rng.next_u64()];
            let mut values = [x, y, x];
            let blindings: Vec<Scalar> = values
                .iter()
                .map(|_| Scalar::from_bytes_mod_order_wide(&blinding_bytes(seed_rng, plan)))
                .collect();
            let mut witness = (x, y);
            if plan.secrets.marks(Source::Values) {
                for v in values.iter_mut() {
                    valgrind::undefined(bytemuck_u64(v));
                }
            }
            if plan.secrets.marks(Source::Witness) {
                valgrind::undefined(bytemuck_u64(&mut witness.0));
                valgrind::undefined(bytemuck_u64(&mut witness.1));
            }
            let mut prover =
                Prover::<Ristretto, _>::new(&pc, Transcript::new(b"ct harness gadgets"));
            let committed: Vec<_> = values
                .iter()
                .zip(&blindings)
                .map(|(v, b)| prover.commit(Scalar::from(*v), *b))
                .collect();
            let vars = [committed[0].1, committed[1].1, committed[2].1];
            gadget_circuit(&mut prover, vars, Some(witness), &set)
                .expect("the circuit is well formed");
            let proof = prover
                .prove_with_rng(&bp, &mut rng)
                .expect("the assignments satisfy the circuit");
            let mut verifier =
                Verifier::<Ristretto, _>::new(Transcript::new(b"ct harness gadgets"));
            let v: Vec<_> = committed.iter().map(|(c, _)| verifier.commit(*c)).collect();
            gadget_circuit(&mut verifier, [v[0], v[1], v[2]], None, &set)
                .expect("the circuit is well formed");
            verifier
                .verify_with_rng(
                    &proof,
                    &pc,
                    &bp,
                    &mut rand_chacha::ChaCha20Rng::seed_from_u64(6),
                )
                .expect("the proof verifies");
        }
    }
}

/// A configuration's label: `n=… m=… t=…` and its kind.
fn plus_label(shape: PlusShape) -> String {
    let PlusShape { n, m, t, kind } = shape;
    let kind = match kind {
        PlusKind::Zero => "zero minimum values",
        PlusKind::Min => "minimum values",
        PlusKind::Seed => "prove_with_seed, minimum value",
    };
    format!("n={n} m={m} t={t} {kind}")
}

/// `m` values with their minimum values (zero unless `with_min`): each value in
/// `[o_j, o_j + 2^n)`, below `2^64`; the values are marked undefined in place when
/// they are secret (the minimum values are public).
fn plus_values(
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    plan: &Plan,
    n: usize,
    m: usize,
    with_min: bool,
) -> (Vec<u64>, Vec<u64>) {
    // Any n-bit value without minimum values; with them, minimum values and offsets
    // below 2^(n−1), so that their sums stay in range and below 2^64.
    let mask = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let bound = if with_min { mask >> 1 } else { mask };
    let min_values: Vec<u64> = (0..m)
        .map(|_| {
            if with_min {
                seed_rng.next_u64() & bound
            } else {
                0
            }
        })
        .collect();
    let mut values: Vec<u64> = min_values
        .iter()
        .map(|o| o + (seed_rng.next_u64() & bound))
        .collect();
    if plan.secrets.marks(Source::Values) {
        for v in values.iter_mut() {
            valgrind::undefined(bytemuck_u64(v));
        }
    }
    (values, min_values)
}

/// Bulletproofs+ (Tari's format on ristretto255, the same protocol on secp256k1):
/// proves one configuration over `pc` with the values, the masks, the RNG's bytes and
/// the seed nonce secret, then verifies the proof (and, for `prove_with_seed`,
/// recovers the masks from the seed and compares them).
fn bp_plus_configuration<C: Curve>(
    plan: &Plan,
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    shape: PlusShape,
    pc: &ExtendedPedersenGens<C>,
) {
    let PlusShape { n, m, t, kind } = shape;
    let bp = ballistic::generators::BulletproofGens::<C>::new(n, m);
    let masks: Vec<C::ApiScalar> = (0..m * t)
        .map(|_| secret_scalar::<C>(seed_rng, plan, Source::Masks))
        .collect();
    let (values, min_values) = plus_values(seed_rng, plan, n, m, kind != PlusKind::Zero);
    let openings: Vec<Opening<'_, C>> = values
        .iter()
        .zip(masks.chunks(t))
        .map(|(v, g)| Opening::new(*v, g))
        .collect();
    let mut rng = SecretRng {
        rng: rand_chacha::ChaCha20Rng::seed_from_u64(seed_rng.next_u64()),
        secret: plan.secrets.marks(Source::Randomness),
    };
    let label = b"ct harness bp+";
    let mut verifier_rng = rand_chacha::ChaCha20Rng::seed_from_u64(5);
    if kind == PlusKind::Seed {
        let seed = secret_scalar::<C>(seed_rng, plan, Source::Seed);
        let (proof, commitment) = RangeProofPlus::<C>::prove_with_seed(
            &bp,
            pc,
            &mut Transcript::new(label),
            &openings[0],
            min_values[0],
            n,
            &seed,
            &mut rng,
        )
        .expect("an in-range value proves");
        // The proof must verify and give back the masks: the harness tests the real
        // prover, seeded.
        let recovered = proof
            .recover_masks(
                &bp,
                pc,
                &mut Transcript::new(label),
                &commitment,
                min_values[0],
                n,
                &public_copy::<C>(&seed),
                VerifyAction::RecoverAndVerify,
                &mut verifier_rng,
            )
            .expect("the proof verifies")
            .expect("the masks are recovered");
        let masks: Vec<C::ApiScalar> = masks.iter().map(public_copy::<C>).collect();
        assert!(recovered == masks, "the seed gives back the masks");
    } else {
        let min_values = if kind == PlusKind::Zero {
            Vec::new()
        } else {
            min_values
        };
        let (proof, commitments) = RangeProofPlus::<C>::prove(
            &bp,
            pc,
            &mut Transcript::new(label),
            &openings,
            &min_values,
            n,
            &mut rng,
        )
        .expect("in-range values prove");
        proof
            .verify(
                &bp,
                pc,
                &mut Transcript::new(label),
                &commitments,
                &min_values,
                n,
                &mut verifier_rng,
            )
            .expect("the proof verifies");
    }
}

/// `RangeProofPlus::prove_range` over the curve's `bp_plus::pedersen_gens(t)`: the
/// value, the masks and the RNG's bytes secret, `a` and `b` public.
fn range_plus_configuration<C: Curve>(
    plan: &Plan,
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    (a, b, _): PlusRangeShape,
    pc: &ExtendedPedersenGens<C>,
) {
    let k = range_bits(a, b).expect("a <= b");
    let bp = ballistic::generators::BulletproofGens::<C>::new(k, 2);
    let masks: Vec<C::ApiScalar> = (0..pc.extension_degree())
        .map(|_| secret_scalar::<C>(seed_rng, plan, Source::Masks))
        .collect();
    let v = range_value(seed_rng, plan, a, b);
    let mut rng = SecretRng {
        rng: rand_chacha::ChaCha20Rng::seed_from_u64(seed_rng.next_u64()),
        secret: plan.secrets.marks(Source::Randomness),
    };
    let label = b"ct harness bp+ range";
    let (proof, commitment) = RangeProofPlus::<C>::prove_range(
        &bp,
        pc,
        &mut Transcript::new(label),
        &Opening::new(v, &masks),
        a,
        b,
        &mut rng,
    )
    .expect("an in-range value proves");
    proof
        .verify_range(
            &bp,
            pc,
            &mut Transcript::new(label),
            &commitment,
            a,
            b,
            &mut rand_chacha::ChaCha20Rng::seed_from_u64(8),
        )
        .expect("the proof verifies");
}

/// A multi-party configuration's label.
fn mpc_label(shape: MpcShape) -> String {
    let MpcShape {
        n,
        m,
        j,
        bases,
        mode,
        tables,
    } = shape;
    let tables = match tables {
        MpcTables::Cached => "cached S_j tables",
        MpcTables::None => "no S_j tables",
    };
    format!("mpc n={n} m={m} j={j} {bases:?} bases {mode:?} party, {tables}")
}

/// One party's whole life in dalek's multi-party proving on ristretto255
/// (`ballistic::ristretto::range_proof_mpc`): `Party::new`, its position
/// (`assign_position_with_rng`, or `assign_position_checked_with_rng` for a
/// recomputing party), the bit challenge (`apply_challenge_with_rng`) and the
/// polynomial challenge (`apply_challenge`). Party `j`'s value, blinding and the
/// bytes of its RNG are the secrets; the other parties (public values, blindings
/// and RNGs) and the dealer run beside it, so that it answers the real challenges.
/// The dealer verifies the assembled proof (`receive_shares_with_rng`), and the
/// proof must verify again as an ordinary aggregated proof.
fn mpc_configuration(plan: &Plan, seed_rng: &mut rand_chacha::ChaCha20Rng, shape: MpcShape) {
    use ballistic::ristretto::range_proof_mpc::dealer::Dealer;
    use ballistic::ristretto::range_proof_mpc::party::Party;
    let MpcShape {
        n,
        m,
        j,
        bases,
        mode,
        tables,
    } = shape;
    let bp = BulletproofGens::new(n, m);
    if tables == MpcTables::None {
        // Party 0 builds the table (not kept) and the cache learns its size; party j
        // then gets none.
        assert!(j > 0, "a party before the observed one sizes the table");
        bp.set_table_budget(0);
    }
    let pc = bases.gens::<Ristretto>();
    let mask = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let mut values: Vec<u64> = (0..m).map(|_| seed_rng.next_u64() & mask).collect();
    let blindings: Vec<Scalar> = (0..m)
        .map(|k| {
            if k == j {
                Scalar::from_bytes_mod_order_wide(&blinding_bytes(seed_rng, plan))
            } else {
                let mut w = [0u8; 64];
                seed_rng.fill_bytes(&mut w);
                Scalar::from_bytes_mod_order_wide(&w)
            }
        })
        .collect();
    if plan.secrets.marks(Source::Values) {
        valgrind::undefined(bytemuck_u64(&mut values[j]));
    }
    let mut public_rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed_rng.next_u64());
    let mut rng = SecretRng {
        rng: rand_chacha::ChaCha20Rng::seed_from_u64(seed_rng.next_u64()),
        secret: plan.secrets.marks(Source::Randomness),
    };
    let label = b"ct harness mpc";
    let mut transcript = Transcript::new(label);
    // A recomputing party's copy of the proof's context.
    let context = transcript.clone();
    let dealer =
        Dealer::new(&bp, &pc, &mut transcript, n, m).expect("the generators serve the shape");

    // Round 1: every party's bit commitment, in position order.
    let mut others = Vec::with_capacity(m - 1);
    let (mut trusting, mut recomputing) = (None, None);
    let mut bits = Vec::with_capacity(m);
    for (k, (v, blinding)) in values.iter().zip(&blindings).enumerate() {
        let party = Party::new(&bp, &pc, *v, *blinding, n).expect("an in-range value");
        let commitment = if k != j {
            let (party, commitment) = party
                .assign_position_with_rng(k, &mut public_rng)
                .expect("the generators have the position");
            others.push(party);
            commitment
        } else if mode == MpcMode::Trusting {
            let (party, commitment) = party
                .assign_position_with_rng(j, &mut rng)
                .expect("the generators have the position");
            trusting = Some(party);
            commitment
        } else {
            let (party, commitment) = party
                .assign_position_checked_with_rng(j, m, &context, &mut rng)
                .expect("the generators have the position");
            recomputing = Some(party);
            commitment
        };
        bits.push(commitment);
    }
    let commitments: Vec<_> = bits.iter().map(|b| *b.v_j()).collect();
    let (dealer, bit_challenge) = dealer
        .receive_bit_commitments(bits.clone())
        .expect("m bit commitments");

    // Round 2: every party's polynomial commitment.
    let mut others = others
        .into_iter()
        .map(|party| party.apply_challenge_with_rng(&bit_challenge, &mut public_rng));
    let (mut trusting, mut recomputing) = (
        trusting.map(|party| party.apply_challenge_with_rng(&bit_challenge, &mut rng)),
        recomputing.map(|party| {
            party
                .apply_challenge_with_rng(&bit_challenge, &bits, &mut rng)
                .expect("the party recomputes the dealer's challenge")
        }),
    );
    let mut waiting = Vec::with_capacity(m - 1);
    let mut polys = Vec::with_capacity(m);
    for k in 0..m {
        let poly = if k != j {
            let (party, poly) = others.next().expect("m - 1 other parties");
            waiting.push(party);
            poly
        } else if let Some((_, poly)) = &trusting {
            *poly
        } else {
            recomputing.as_ref().expect("the observed party").1
        };
        polys.push(poly);
    }
    let (dealer, poly_challenge) = dealer
        .receive_poly_commitments(polys.clone())
        .expect("m polynomial commitments");

    // Round 3: every party's share.
    let mut waiting = waiting.into_iter();
    let mut shares = Vec::with_capacity(m);
    for k in 0..m {
        let share = if k != j {
            waiting
                .next()
                .expect("m - 1 other parties")
                .apply_challenge(&poly_challenge)
        } else if let Some((party, _)) = trusting.take() {
            party.apply_challenge(&poly_challenge)
        } else {
            let (party, _) = recomputing.take().expect("the observed party");
            party.apply_challenge(&poly_challenge, &polys)
        };
        shares.push(share.expect("the challenges are not zero"));
    }
    // The dealer verifies the proof; it must also verify as an ordinary proof: the
    // harness tests the real party.
    let proof = dealer
        .receive_shares_with_rng(&shares, &mut rand_chacha::ChaCha20Rng::seed_from_u64(9))
        .expect("every share is good");
    proof
        .verify_multiple_with_rng(
            &bp,
            &pc,
            &mut Transcript::new(label),
            &commitments,
            n,
            &mut rand_chacha::ChaCha20Rng::seed_from_u64(10),
        )
        .expect("the proof verifies");
}

/// A shared-output configuration's label.
fn shared_label(shape: SharedShape) -> String {
    let SharedShape {
        n,
        m,
        second,
        role,
        nonce,
        bases,
        extra_commit,
        message,
        finish,
        audit,
    } = shape;
    let party = if second { "second" } else { "first" };
    let role = match role {
        SharedRole::Value => "carrying the values",
        SharedRole::Zero => "committing zero",
    };
    let nonce = match nonce {
        SharedNonce::Drawn => "drawn",
        SharedNonce::Given => "given",
    };
    let extra = if extra_commit {
        ", extra commitment"
    } else {
        ""
    };
    let message = if message { ", message" } else { "" };
    let finish = match finish {
        SharedFinish::Party => "finalized by the party",
        SharedFinish::Other => "finalized by the other party",
        SharedFinish::Separate => "finalized by Combiner::new",
    };
    let audit = if audit { " after an audit" } else { "" };
    format!(
        "shared n={n} m={m} {party} party {role}, {nonce} private nonce, {bases:?} bases{extra}{message}, {finish}{audit}"
    )
}

/// One party's whole life in a two-party shared output
/// (`ballistic::secp256k1::shared_output`): its partial commitments (published
/// through `hook`, as the party sends them), `SharedStatement::new`,
/// `SharedParty::new` or `SharedParty::with_private_nonce` (round 1),
/// `PartyAwaitingTauSums::tau_x` (round 2) and, as the shape says, its combiner's
/// `audit_tau_share` of the other party and `finalize`, or `Combiner::new` from
/// its statement. Its secrets: the values, its blinding shares, the common nonce,
/// its private nonce or its RNG's bytes, and the message. The other party runs
/// beside it with public copies of the values, the common nonce and the message;
/// its messages (partial commitments, `T` shares, `τ_x` share) are public. The proof
/// must verify, and a single-value proof rewind to the value and the message.
fn shared_configuration(
    plan: &Plan,
    seed_rng: &mut rand_chacha::ChaCha20Rng,
    shape: SharedShape,
    hook: Option<Hook>,
) {
    use ballistic::secp256k1 as secp;
    use secp::shared_output::{
        rewind, sum_commitments, Combiner, SharedParty, SharedStatement, TauPoints,
    };
    let SharedShape {
        n,
        m,
        second,
        role,
        nonce,
        bases,
        extra_commit,
        message: with_message,
        finish,
        audit,
    } = shape;
    let pc = bases.gens::<Secp256k1>();
    let bp = secp::zkp_generators((2 * n * m).max(secp::GRIN_GENERATORS));

    // The observed party's secrets.
    let blind_shares: Vec<secp::Scalar> = (0..m)
        .map(|_| Secp256k1::scalar_from_wide_bytes(&blinding_bytes(seed_rng, plan)))
        .collect();
    let values = values(seed_rng, plan, n, m);
    let mut common_nonce = [0u8; 32];
    let mut private_nonce = [0u8; 32];
    let mut message = [0u8; 20];
    seed_rng.fill_bytes(&mut common_nonce);
    seed_rng.fill_bytes(&mut private_nonce);
    seed_rng.fill_bytes(&mut message);
    let public_nonce = common_nonce;
    let public_message = message;
    if plan.secrets.marks(Source::Nonce) {
        valgrind::undefined(&common_nonce);
    }
    if plan.secrets.marks(Source::PrivateNonce) {
        valgrind::undefined(&private_nonce);
    }
    if plan.secrets.marks(Source::Message) {
        valgrind::undefined(&message);
    }
    let mut rng = SecretRng {
        rng: rand_chacha::ChaCha20Rng::seed_from_u64(seed_rng.next_u64()),
        secret: plan.secrets.marks(Source::Randomness),
    };

    // The other party: public blinding shares, RNG and copies of the shared inputs.
    let other_blinds: Vec<secp::Scalar> = (0..m)
        .map(|_| {
            let mut w = [0u8; 64];
            seed_rng.fill_bytes(&mut w);
            Secp256k1::scalar_from_wide_bytes(&w)
        })
        .collect();
    let mut other_rng = rand_chacha::ChaCha20Rng::seed_from_u64(seed_rng.next_u64());
    let public_values: Vec<u64> = values.iter().map(|v| public_u64(*v)).collect();
    let transcript = |message: &[u8; 20]| {
        let mut t = secp::Transcript::new();
        if extra_commit {
            t = t.with_extra_commit(b"ct harness shared");
        }
        if with_message {
            t = t.with_message(*message);
        }
        t
    };
    // Two items in the parties' order.
    fn in_order<T>(second: bool, own: T, other: T) -> [T; 2] {
        if second {
            [other, own]
        } else {
            [own, other]
        }
    }
    let ordered = |own, other| in_order(second, own, other);
    let (own_index, other_index) = if second { (1, 0) } else { (0, 1) };

    // Setup: the partial commitments C_j,i = v_j,i·H + γ_j,i·G (the value shares are
    // the values or zeros) and their sums, the shared commitments.
    let zeros = vec![0u64; m];
    let (own_shares, other_shares) = match role {
        SharedRole::Value => (values.clone(), zeros),
        SharedRole::Zero => (zeros, public_values.clone()),
    };
    let own_partials: Vec<[u8; 33]> = own_shares
        .iter()
        .zip(&blind_shares)
        .map(|(v, g)| {
            let mut c = Secp256k1::encode(&pc.commit(secp::Scalar::from(*v), *g));
            // Public by design: the party sends it.
            if let Some(hook) = hook {
                hook(Declassified::Commitment, &mut c);
            }
            c
        })
        .collect();
    let other_partials: Vec<[u8; 33]> = other_shares
        .iter()
        .zip(&other_blinds)
        .map(|(v, g)| Secp256k1::encode(&pc.commit(secp::Scalar::from(*v), *g)))
        .collect();
    let commitments: Vec<[u8; 33]> = own_partials
        .iter()
        .zip(&other_partials)
        .map(|(own, other)| sum_commitments(&ordered(*own, *other)).expect("a shared commitment"))
        .collect();

    // Round 1: every party's T shares.
    let statement = SharedStatement::new(
        &bp,
        &pc,
        &transcript(&message),
        common_nonce,
        &values,
        &commitments,
        n,
    )
    .expect("in-range values");
    let other_statement = SharedStatement::new(
        &bp,
        &pc,
        &transcript(&public_message),
        public_nonce,
        &public_values,
        &commitments,
        n,
    )
    .expect("in-range values");
    let (party, own_tau) = match nonce {
        SharedNonce::Drawn => SharedParty::new(&statement, &blind_shares, &mut rng),
        SharedNonce::Given => {
            SharedParty::with_private_nonce(&statement, &blind_shares, private_nonce)
        }
    }
    .expect("one blinding share per value");
    let (other, other_tau) = SharedParty::new(&other_statement, &other_blinds, &mut other_rng)
        .expect("one blinding share per value");
    let sums =
        TauPoints::sum(&in_order(second, own_tau, other_tau)).expect("the T shares do not cancel");

    // Round 2: every party's τ_x share.
    let (combiner, own_tau_x) = party
        .tau_x(&sums)
        .expect("the challenges are not degenerate");
    let (other_combiner, other_tau_x) = other
        .tau_x(&sums)
        .expect("the challenges are not degenerate");
    let tau_x_shares = in_order(second, own_tau_x, other_tau_x);

    // Final round. The observed party knows the values, hence every value share
    // (the values or zeros); the other party audits with its public copies.
    let own_public: Vec<u64> = own_shares.iter().map(|v| public_u64(*v)).collect();
    let other_seen = match role {
        SharedRole::Value => vec![0u64; m],
        SharedRole::Zero => values.clone(),
    };
    let audit_own = |c: &Combiner, shares: &[u64]| {
        c.audit_tau_share(own_index, &own_tau_x, &own_tau, &own_partials, shares)
            .expect("the observed party's share is good")
    };
    let audit_other = |c: &Combiner| {
        c.audit_tau_share(
            other_index,
            &other_tau_x,
            &other_tau,
            &other_partials,
            &other_seen,
        )
        .expect("the other party's share is good")
    };
    let proof = match finish {
        SharedFinish::Party => {
            if audit {
                audit_other(&combiner);
            }
            combiner.finalize(&tau_x_shares)
        }
        SharedFinish::Other => {
            if audit {
                audit_own(&other_combiner, &own_public);
            }
            other_combiner.finalize(&tau_x_shares)
        }
        SharedFinish::Separate => {
            let separate = Combiner::new(&statement, &sums).expect("the sums decode");
            if audit {
                audit_own(&separate, &own_shares);
                audit_other(&separate);
            }
            separate.finalize(&tau_x_shares)
        }
    }
    .expect("the shares sum to a nonzero τ_x");

    // The proof must verify (and rewind): the harness tests the real party.
    let verifier = || {
        let mut t = secp::Transcript::new();
        if extra_commit {
            t = t.with_extra_commit(b"ct harness shared");
        }
        t
    };
    proof
        .verify_multiple_with_rng(
            &bp,
            &pc,
            &mut verifier(),
            &commitments,
            n,
            &mut rand_chacha::ChaCha20Rng::seed_from_u64(11),
        )
        .expect("the proof verifies");
    if m == 1 {
        let rewound = rewind(
            &proof,
            &bp,
            &pc,
            &verifier(),
            &commitments[0],
            n,
            &public_nonce,
        )
        .expect("the proof rewinds");
        let embedded = if with_message {
            public_message
        } else {
            [0u8; 20]
        };
        assert!(
            rewound.value == public_values[0] && rewound.message == embedded,
            "rewinding gives back the value and the message"
        );
    }
}
