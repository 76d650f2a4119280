//! A small safe wrapper around secp256k1-zkp's Bulletproofs C API, as built by the
//! `grin_secp256k1zkp` 0.8 crate (library name `secp256k1zkp`), for aggregated
//! proofs and reusable contexts.
//!
//! The crate's safe API (`Secp256k1::bullet_proof`, …) is fixed to one 64-bit value,
//! Grin's 256 generators and a fresh 256 MiB scratch space per call. [`ZkpContext`]
//! calls the same C functions through `secp256k1zkp::ffi` with any shape the C
//! accepts, any generator count, and one context, generator object and scratch space
//! created once and freed on drop. See `crates/ballistic/docs/secp256k1-zkp-format.md`
//! §12 for the API and §13 for the C's quirks.
//!
//! **Builds.** [`ZkpContext::with_build`] calls another compiled copy of the same C
//! sources instead ([`ZkpBuild`]): this crate's build script compiles them again with
//! 64-bit limbs (and, on x86_64, with assembly) under renamed symbols, so the C's
//! speed can be compared at the limb width grin's build does not use.
//!
//! **Aborts.** The C library aborts the process on invalid arguments (`ARG_CHECK`):
//! every such precondition is checked here first and turned into a Rust panic
//! (documented per method), so no call through this wrapper can abort.
//!
//! # Example
//! ```
//! use interop::zkp::ZkpContext;
//! let ctx = ZkpContext::grin();
//! let blind = [0x11u8; 32];
//! let commit = ctx.commit(1037, &blind).expect("valid blinding");
//! let proof = ctx
//!     .prove(&[1037], &[blind], 64, &[7u8; 32], None, Some(b"extra"), None)
//!     .expect("proves");
//! assert_eq!(proof.len(), 675);
//! assert!(ctx.verify(&proof, &[commit], 64, Some(b"extra")));
//! assert!(!ctx.verify(&proof, &[commit], 64, None));
//! ```

use core::ffi::{c_int, c_uchar, c_uint};
use core::ptr::{self, NonNull};

use secp256k1zkp::constants::{GENERATOR_G, GENERATOR_H};
use secp256k1zkp::ffi::{self, BulletproofGenerators, Context, PublicKey, ScratchSpace};

/// Which compiled copy of secp256k1-zkp's C code a [`ZkpContext`] calls. All copies
/// are built from the same C sources (those of the `grin_secp256k1zkp` package Cargo
/// resolved) with the same modules and settings; they differ only in limb width and
/// assembly, so a timing difference between them is the arithmetic's alone.
///
/// # Example
/// ```
/// use interop::zkp::{ZkpBuild, ZkpContext};
/// let blind = [0x11u8; 32];
/// let grin = ZkpContext::grin();
/// let wide = ZkpContext::with_build(ZkpBuild::Limb64, 256);
/// let proof = wide.prove(&[5], &[blind], 64, &[7u8; 32], None, None, None).unwrap();
/// // The same deterministic proof, and each copy verifies the other's.
/// assert_eq!(grin.prove(&[5], &[blind], 64, &[7u8; 32], None, None, None).unwrap(), proof);
/// assert!(grin.verify(&proof, &[wide.commit(5, &blind).unwrap()], 64, None));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZkpBuild {
    /// `grin_secp256k1zkp`'s own build (what Grin ships): 10x26 field, 8x32 scalar,
    /// no assembly (`USE_FIELD_10X26`, `USE_SCALAR_8X32`), plus `USE_NUM_NONE`,
    /// `USE_FIELD_INV_BUILTIN`, `USE_SCALAR_INV_BUILTIN`, `USE_ENDOMORPHISM` and the
    /// ECDH, generator, recovery, rangeproof, bulletproof, aggsig and schnorrsig
    /// modules.
    Grin32,
    /// This crate's build script's copy with 64-bit limbs: `USE_FIELD_5X52`,
    /// `USE_SCALAR_4X64`, `HAVE___INT128`, every other define as in [`Self::Grin32`].
    #[cfg(zkp_limb64)]
    Limb64,
    /// [`Self::Limb64`] plus `USE_ASM_X86_64` (the field's and scalar's x86_64
    /// inline assembly).
    #[cfg(zkp_limb64_asm)]
    Limb64Asm,
}

impl ZkpBuild {
    /// Every build compiled into this binary, [`Self::Grin32`] first.
    pub const ALL: &'static [ZkpBuild] = &[
        ZkpBuild::Grin32,
        #[cfg(zkp_limb64)]
        ZkpBuild::Limb64,
        #[cfg(zkp_limb64_asm)]
        ZkpBuild::Limb64Asm,
    ];

    /// A short name for reports and benchmark rows: `c32`, `c64`, `c64_asm`.
    pub fn name(self) -> &'static str {
        match self {
            ZkpBuild::Grin32 => "c32",
            #[cfg(zkp_limb64)]
            ZkpBuild::Limb64 => "c64",
            #[cfg(zkp_limb64_asm)]
            ZkpBuild::Limb64Asm => "c64_asm",
        }
    }

    fn api(self) -> &'static Api {
        match self {
            ZkpBuild::Grin32 => &GRIN32,
            #[cfg(zkp_limb64)]
            ZkpBuild::Limb64 => &limb64::API,
            #[cfg(zkp_limb64_asm)]
            ZkpBuild::Limb64Asm => &limb64_asm::API,
        }
    }
}

/// Declares the C functions [`ZkpContext`] calls once: the table type `Api`, the
/// table of `grin_secp256k1zkp`'s copy (`secp256k1zkp::ffi`), and one module per
/// renamed copy of `build.rs` whose `extern` block links to `<prefix><C name>`.
macro_rules! zkp_api {
    ($($name:ident: fn($($arg:ident: $ty:ty),* $(,)?) $(-> $ret:ty)?;)*) => {
        /// One build's entry points (field names are the C names).
        struct Api {
            $($name: unsafe extern "C" fn($($ty),*) $(-> $ret)?,)*
        }

        static GRIN32: Api = Api { $($name: ffi::$name,)* };

        zkp_api!(@renamed limb64, zkp_limb64, "ballistic_l64_", $($name($($arg: $ty),*) $(-> $ret)?;)*);
        zkp_api!(@renamed limb64_asm, zkp_limb64_asm, "ballistic_l64asm_", $($name($($arg: $ty),*) $(-> $ret)?;)*);
    };
    (@renamed $module:ident, $cfg:ident, $prefix:literal, $($name:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)?;)*) => {
        /// The copy `build.rs` links under the symbol prefix this module names.
        #[cfg($cfg)]
        mod $module {
            use super::*;

            unsafe extern "C" {
                $(
                    #[link_name = concat!($prefix, stringify!($name))]
                    fn $name($($arg: $ty),*) $(-> $ret)?;
                )*
            }

            pub(super) static API: Api = Api { $($name,)* };
        }
    };
}

zkp_api! {
    secp256k1_context_create: fn(flags: c_uint) -> *mut Context;
    secp256k1_context_destroy: fn(cx: *mut Context);
    secp256k1_scratch_space_create: fn(cx: *const Context, max_size: usize) -> *mut ScratchSpace;
    secp256k1_scratch_space_destroy: fn(sp: *mut ScratchSpace);
    secp256k1_pedersen_commitment_parse: fn(
        cx: *const Context,
        commit: *mut c_uchar,
        input: *const c_uchar,
    ) -> c_int;
    secp256k1_pedersen_commitment_serialize: fn(
        cx: *const Context,
        output: *mut c_uchar,
        commit: *const c_uchar,
    ) -> c_int;
    secp256k1_pedersen_commit: fn(
        ctx: *const Context,
        commit: *mut c_uchar,
        blind: *const c_uchar,
        value: u64,
        value_gen: *const c_uchar,
        blind_gen: *const c_uchar,
    ) -> c_int;
    secp256k1_bulletproof_generators_create: fn(
        ctx: *const Context,
        blinding_gen: *const c_uchar,
        n: usize,
    ) -> *mut BulletproofGenerators;
    secp256k1_bulletproof_generators_destroy: fn(
        ctx: *const Context,
        gen: *mut BulletproofGenerators,
    );
    secp256k1_bulletproof_rangeproof_prove: fn(
        ctx: *const Context,
        scratch: *mut ScratchSpace,
        gens: *const BulletproofGenerators,
        proof: *mut c_uchar,
        plen: *mut usize,
        tau_x: *mut c_uchar,
        t_one: *mut PublicKey,
        t_two: *mut PublicKey,
        value: *const u64,
        min_value: *const u64,
        blind: *const *const c_uchar,
        commits: *const *const c_uchar,
        n_commits: usize,
        value_gen: *const c_uchar,
        nbits: usize,
        nonce: *const c_uchar,
        private_nonce: *const c_uchar,
        extra_commit: *const c_uchar,
        extra_commit_len: usize,
        message: *const c_uchar,
    ) -> c_int;
    secp256k1_bulletproof_rangeproof_verify: fn(
        ctx: *const Context,
        scratch: *mut ScratchSpace,
        gens: *const BulletproofGenerators,
        proof: *const c_uchar,
        plen: usize,
        min_value: *const u64,
        commit: *const c_uchar,
        n_commits: usize,
        nbits: usize,
        value_gen: *const c_uchar,
        extra_commit: *const c_uchar,
        extra_commit_len: usize,
    ) -> c_int;
    secp256k1_bulletproof_rangeproof_verify_multi: fn(
        ctx: *const Context,
        scratch: *mut ScratchSpace,
        gens: *const BulletproofGenerators,
        proofs: *const *const c_uchar,
        n_proofs: usize,
        plen: usize,
        min_value: *const *const u64,
        commits: *const *const c_uchar,
        n_commits: usize,
        nbits: usize,
        value_gen: *const c_uchar,
        extra_commit: *const *const c_uchar,
        extra_commit_len: *const usize,
    ) -> c_int;
    secp256k1_bulletproof_rangeproof_rewind: fn(
        ctx: *const Context,
        value: *mut u64,
        blind: *mut c_uchar,
        proof: *const c_uchar,
        plen: usize,
        min_value: u64,
        commit: *const c_uchar,
        value_gen: *const c_uchar,
        nonce: *const c_uchar,
        extra_commit: *const c_uchar,
        extra_commit_len: usize,
        message: *mut c_uchar,
    ) -> c_int;
}

/// Largest proof the C library writes or reads (`SECP256K1_BULLETPROOF_MAX_PROOF`,
/// `160 + 36·32 + 7`).
pub const MAX_PROOF_LEN: usize = 1319;

/// Budget of the scratch space (the same as the crate's `SCRATCH_SPACE_SIZE`). It is a
/// limit only: the C allocates each frame on demand.
pub const SCRATCH_SPACE_SIZE: usize = 256 << 20;

/// Number of generators in Grin's set (`secp256k1_bulletproof_generators_create(ctx,
/// GENERATOR_G, 256)`): 64-bit proofs of up to two values.
pub const GRIN_GENERATORS: usize = 256;

/// What [`ZkpContext::rewind`] recovers, as the C returns it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZkpRewound {
    /// The committed value.
    pub value: u64,
    /// The blinding factor as the C computes it (wrong when the proof was made with a
    /// `private_nonce` different from the rewind nonce; §10 of the format document).
    pub blinding: [u8; 32],
    /// The 20-byte message (zeros if none was embedded).
    pub message: [u8; 20],
}

/// A secp256k1-zkp context (SIGN | VERIFY), a generator object of `n_generators`
/// generators with blinding generator `G` and value generator `H` (Grin's
/// [`GENERATOR_G`], [`GENERATOR_H`]), and one scratch space, reused by every call.
///
/// Not `Send`/`Sync` (it holds raw pointers, and the scratch space is mutated by every
/// call); create one per thread.
pub struct ZkpContext {
    api: &'static Api,
    ctx: NonNull<ffi::Context>,
    gens: NonNull<ffi::BulletproofGenerators>,
    scratch: NonNull<ffi::ScratchSpace>,
    n_generators: usize,
}

impl ZkpContext {
    /// A context with a generator object of `n_generators` generators: `G_i = 𝔊[i]`,
    /// `H_i = 𝔊[n_generators/2 + i]`, so proofs need `nbits·m <= n_generators/2` and
    /// verify only with the same count ([`GRIN_GENERATORS`] is Grin's set).
    ///
    /// # Panics
    /// If `n_generators` is odd or below 2, or if the C library fails to allocate.
    pub fn new(n_generators: usize) -> Self {
        Self::with_build(ZkpBuild::Grin32, n_generators)
    }

    /// [`ZkpContext::new`] on the given build of the C library.
    ///
    /// # Panics
    /// As [`ZkpContext::new`].
    pub fn with_build(build: ZkpBuild, n_generators: usize) -> Self {
        let api = build.api();
        assert!(
            n_generators >= 2 && n_generators.is_multiple_of(2),
            "the generator count must be even and at least 2, got {n_generators}"
        );
        // SAFETY: `secp256k1_context_create` takes only flags; the returned pointer is
        // owned by `Self` and destroyed exactly once in `Drop`.
        let ctx = unsafe {
            (api.secp256k1_context_create)(ffi::SECP256K1_START_SIGN | ffi::SECP256K1_START_VERIFY)
        };
        let ctx = NonNull::new(ctx).expect("secp256k1_context_create returned NULL");
        // SAFETY: `ctx` is a live context; `GENERATOR_G` is a 64-byte
        // `secp256k1_generator` (`x ‖ y`) that the C only reads during the call.
        let gens = unsafe {
            (api.secp256k1_bulletproof_generators_create)(
                ctx.as_ptr(),
                GENERATOR_G.as_ptr(),
                n_generators,
            )
        };
        let Some(gens) = NonNull::new(gens) else {
            // SAFETY: `ctx` was created above and is not used afterwards.
            unsafe { (api.secp256k1_context_destroy)(ctx.as_ptr()) };
            panic!("secp256k1_bulletproof_generators_create returned NULL");
        };
        // SAFETY: `ctx` is a live context; the scratch space is owned by `Self`.
        let scratch =
            unsafe { (api.secp256k1_scratch_space_create)(ctx.as_ptr(), SCRATCH_SPACE_SIZE) };
        let Some(scratch) = NonNull::new(scratch) else {
            // SAFETY: both objects were created above and are not used afterwards.
            unsafe {
                (api.secp256k1_bulletproof_generators_destroy)(ctx.as_ptr(), gens.as_ptr());
                (api.secp256k1_context_destroy)(ctx.as_ptr());
            }
            panic!("secp256k1_scratch_space_create returned NULL");
        };
        ZkpContext {
            api,
            ctx,
            gens,
            scratch,
            n_generators,
        }
    }

    /// Grin's set: [`ZkpContext::new`]`(`[`GRIN_GENERATORS`]`)`.
    pub fn grin() -> Self {
        Self::new(GRIN_GENERATORS)
    }

    /// The number of generators of this context's generator object.
    pub fn n_generators(&self) -> usize {
        self.n_generators
    }

    /// Whether the generator object is large enough for `m` values of `nbits` bits
    /// (`2·nbits·m <= n_generators`, the C's `ARG_CHECK`).
    pub fn supports(&self, nbits: usize, m: usize) -> bool {
        nbits
            .checked_mul(m)
            .and_then(|nm| nm.checked_mul(2))
            .is_some_and(|need| need <= self.n_generators)
    }

    /// The Pedersen commitment `value·H + blind·G` in its 33-byte serialization
    /// (`secp256k1_pedersen_commit` then `…_commitment_serialize`), or `None` if the C
    /// rejects it (`blind >= ℓ`, or the result is the point at infinity).
    pub fn commit(&self, value: u64, blind: &[u8; 32]) -> Option<[u8; 33]> {
        let mut internal = [0u8; 64];
        // SAFETY: `internal` is a writable 64-byte `secp256k1_pedersen_commitment`;
        // `blind` is 32 bytes; both generators are 64-byte `secp256k1_generator`s.
        let ok = unsafe {
            (self.api.secp256k1_pedersen_commit)(
                self.ctx.as_ptr(),
                internal.as_mut_ptr(),
                blind.as_ptr(),
                value,
                GENERATOR_H.as_ptr(),
                GENERATOR_G.as_ptr(),
            )
        };
        if ok != 1 {
            return None;
        }
        let mut out = [0u8; 33];
        // SAFETY: `out` is 33 writable bytes, `internal` a commitment the C just wrote.
        let ok = unsafe {
            (self.api.secp256k1_pedersen_commitment_serialize)(
                self.ctx.as_ptr(),
                out.as_mut_ptr(),
                internal.as_ptr(),
            )
        };
        (ok == 1).then_some(out)
    }

    /// Parses a 33-byte commitment into the C's 64-byte internal form
    /// (`secp256k1_pedersen_commitment_parse`); `None` if it is not a valid encoding.
    pub fn parse_commitment(&self, commitment: &[u8; 33]) -> Option<[u8; 64]> {
        let mut internal = [0u8; 64];
        // SAFETY: `internal` is 64 writable bytes, `commitment` 33 readable bytes.
        let ok = unsafe {
            (self.api.secp256k1_pedersen_commitment_parse)(
                self.ctx.as_ptr(),
                internal.as_mut_ptr(),
                commitment.as_ptr(),
            )
        };
        (ok == 1).then_some(internal)
    }

    /// Parses every commitment and concatenates the 64-byte internal forms.
    fn parse_all(&self, commitments: &[[u8; 33]]) -> Option<Vec<u8>> {
        let mut flat = Vec::with_capacity(64 * commitments.len());
        for c in commitments {
            flat.extend_from_slice(&self.parse_commitment(c)?);
        }
        Some(flat)
    }

    /// Panics unless `(nbits, m)` passes the C's argument checks for this context.
    fn check_shape(&self, nbits: usize, m: usize) {
        assert!(m > 0, "at least one value/commitment is required");
        assert!(
            (1..=64).contains(&nbits),
            "nbits must be in 1..=64, got {nbits}"
        );
        assert!(
            self.supports(nbits, m),
            "{m} values of {nbits} bits need {} generators, the context has {}",
            2 * nbits * m,
            self.n_generators
        );
    }

    /// Proves that every `values[j]` lies in `[0, 2^nbits)` for the commitments
    /// `values[j]·H + blinds[j]·G` (single-party `secp256k1_bulletproof_rangeproof_prove`,
    /// no minimum values). Deterministic: `(α, ρ)` and `s_L, s_R` come from `nonce`,
    /// `(τ_1, τ_2)` from `private_nonce` (or `nonce` if `None`); with one value, the
    /// value and the optional 20-byte `message` are embedded for rewinding.
    /// `extra` is bound into the statement; `Some(&[])` differs from `None`.
    ///
    /// Returns the proof bytes, or `None` if the C fails (a blinding that is zero or
    /// `>= ℓ`, `nbits` not a power of two, …). The C "proves" `m` that is not a power of
    /// two, but such proofs never verify.
    ///
    /// # Panics
    /// If `values` is empty or its length differs from `blinds`', if `nbits` is not in
    /// `1..=64`, if the context has fewer than `2·nbits·m` generators, or if a value is
    /// `>= 2^nbits` (all `ARG_CHECK`s that would abort the process).
    #[allow(clippy::too_many_arguments)]
    pub fn prove(
        &self,
        values: &[u64],
        blinds: &[[u8; 32]],
        nbits: usize,
        nonce: &[u8; 32],
        private_nonce: Option<&[u8; 32]>,
        extra: Option<&[u8]>,
        message: Option<&[u8; 20]>,
    ) -> Option<Vec<u8>> {
        self.prove_impl(
            values,
            None,
            blinds,
            nbits,
            nonce,
            private_nonce,
            extra,
            message,
        )
    }

    /// [`ZkpContext::prove`] with the minimum-value array `min_values` (one per
    /// value; hashed even if all zero): proves `min_values[j] <= values[j] <
    /// min_values[j] + 2^nbits`. `None` if the C fails, also when a value is below
    /// its minimum or `values[j] − min_values[j] >= 2^nbits`.
    ///
    /// # Panics
    /// As [`ZkpContext::prove`] (the C aborts unless `values[j] < 2^nbits` for
    /// `nbits < 64`, minimum values notwithstanding), and if `min_values` does not
    /// have one entry per value.
    #[allow(clippy::too_many_arguments)]
    pub fn prove_with_min_values(
        &self,
        values: &[u64],
        min_values: &[u64],
        blinds: &[[u8; 32]],
        nbits: usize,
        nonce: &[u8; 32],
        private_nonce: Option<&[u8; 32]>,
        extra: Option<&[u8]>,
        message: Option<&[u8; 20]>,
    ) -> Option<Vec<u8>> {
        assert_eq!(
            min_values.len(),
            values.len(),
            "one minimum value per value"
        );
        self.prove_impl(
            values,
            Some(min_values),
            blinds,
            nbits,
            nonce,
            private_nonce,
            extra,
            message,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn prove_impl(
        &self,
        values: &[u64],
        min_values: Option<&[u64]>,
        blinds: &[[u8; 32]],
        nbits: usize,
        nonce: &[u8; 32],
        private_nonce: Option<&[u8; 32]>,
        extra: Option<&[u8]>,
        message: Option<&[u8; 20]>,
    ) -> Option<Vec<u8>> {
        let m = values.len();
        assert_eq!(m, blinds.len(), "one blinding per value");
        self.check_shape(nbits, m);
        if nbits < 64 {
            assert!(
                values.iter().all(|&v| v < 1u64 << nbits),
                "every value must be below 2^{nbits}"
            );
        }
        let blind_ptrs: Vec<*const u8> = blinds.iter().map(|b| b.as_ptr()).collect();
        let (extra_ptr, extra_len) = extra.map_or((ptr::null(), 0), |e| (e.as_ptr(), e.len()));
        let mut proof = vec![0u8; MAX_PROOF_LEN];
        let mut plen = proof.len();
        // SAFETY: all pointers are valid for the duration of the call: `proof` has
        // `plen` writable bytes, `values` and `blind_ptrs` have `m` entries (each
        // blinding 32 bytes), `nonce`/`private_nonce` 32 bytes, `message` 20 bytes,
        // `extra` `extra_len` bytes (a non-NULL dangling pointer when empty, which the
        // C hashes as zero bytes); the generators are 64 bytes; `tau_x`, `t_one`,
        // `t_two` and `commits` are NULL (single-party); `min_value` is NULL or has
        // `m` entries. The shape checks above rule out every `ARG_CHECK` abort.
        // `self` is `!Sync`, so the scratch space is not used concurrently.
        let ok = unsafe {
            (self.api.secp256k1_bulletproof_rangeproof_prove)(
                self.ctx.as_ptr(),
                self.scratch.as_ptr(),
                self.gens.as_ptr(),
                proof.as_mut_ptr(),
                &mut plen,
                ptr::null_mut(),
                ptr::null_mut(),
                ptr::null_mut(),
                values.as_ptr(),
                min_values.map_or(ptr::null(), |o| o.as_ptr()),
                blind_ptrs.as_ptr(),
                ptr::null(),
                m,
                GENERATOR_H.as_ptr(),
                nbits,
                nonce.as_ptr(),
                private_nonce.map_or(ptr::null(), |p| p.as_ptr()),
                extra_ptr,
                extra_len,
                message.map_or(ptr::null(), |msg| msg.as_ptr()),
            )
        };
        if ok != 1 || plen > MAX_PROOF_LEN {
            return None;
        }
        proof.truncate(plen);
        Some(proof)
    }

    /// Verifies one (possibly aggregated) proof for `commitments`, each an `nbits`-bit
    /// value (`secp256k1_bulletproof_rangeproof_verify`, value generator `H`, no
    /// minimum values). `false` also when a commitment does not parse.
    ///
    /// # Panics
    /// If `commitments` is empty, `nbits` is not in `1..=64`, or the context has fewer
    /// than `2·nbits·m` generators.
    pub fn verify(
        &self,
        proof: &[u8],
        commitments: &[[u8; 33]],
        nbits: usize,
        extra: Option<&[u8]>,
    ) -> bool {
        self.verify_impl(proof, commitments, None, nbits, extra)
    }

    /// [`ZkpContext::verify`] with the minimum-value array `min_values` (one per
    /// commitment). The C's verifier gets `δ` wrong for `m >= 2` and for minimum
    /// values of `2^32` or more (§13 of the format document): it rejects those
    /// proofs, its own included.
    ///
    /// # Panics
    /// As [`ZkpContext::verify`], and if `min_values` does not have one entry per
    /// commitment.
    pub fn verify_with_min_values(
        &self,
        proof: &[u8],
        commitments: &[[u8; 33]],
        min_values: &[u64],
        nbits: usize,
        extra: Option<&[u8]>,
    ) -> bool {
        assert_eq!(
            min_values.len(),
            commitments.len(),
            "one minimum value per commitment"
        );
        self.verify_impl(proof, commitments, Some(min_values), nbits, extra)
    }

    fn verify_impl(
        &self,
        proof: &[u8],
        commitments: &[[u8; 33]],
        min_values: Option<&[u64]>,
        nbits: usize,
        extra: Option<&[u8]>,
    ) -> bool {
        self.check_shape(nbits, commitments.len());
        let Some(flat) = self.parse_all(commitments) else {
            return false;
        };
        let (extra_ptr, extra_len) = extra.map_or((ptr::null(), 0), |e| (e.as_ptr(), e.len()));
        // SAFETY: `proof` has `proof.len()` readable bytes (the C rejects lengths
        // outside its bounds before reading), `flat` holds `m` 64-byte commitments,
        // `min_values` is NULL or has `m` entries,
        // `extra` has `extra_len` bytes, `GENERATOR_H` is 64 bytes; the shape checks
        // rule out every `ARG_CHECK`. `self` is `!Sync` (exclusive scratch use).
        let ok = unsafe {
            (self.api.secp256k1_bulletproof_rangeproof_verify)(
                self.ctx.as_ptr(),
                self.scratch.as_ptr(),
                self.gens.as_ptr(),
                proof.as_ptr(),
                proof.len(),
                min_values.map_or(ptr::null(), |o| o.as_ptr()),
                flat.as_ptr(),
                commitments.len(),
                nbits,
                GENERATOR_H.as_ptr(),
                extra_ptr,
                extra_len,
            )
        };
        ok == 1
    }

    /// Verifies several proofs of one shape in one call
    /// (`secp256k1_bulletproof_rangeproof_verify_multi`): `proofs[i]` for
    /// `commitments[i]` (all with the same number `m` of commitments, each an
    /// `nbits`-bit value) and, if `extras` is given, `extras[i]` as its extra
    /// commitment (`None` entries = absent). `true` iff all verify; an empty batch is
    /// `true` (the C is not called: it aborts on zero proofs). `false` if the proofs do
    /// not all have the same length (the C requires it) or a commitment does not parse.
    ///
    /// # Panics
    /// If `commitments` or `extras` does not have one entry per proof, if the proofs'
    /// commitment counts differ, or on the shape conditions of [`ZkpContext::verify`].
    pub fn verify_multi(
        &self,
        proofs: &[&[u8]],
        commitments: &[&[[u8; 33]]],
        nbits: usize,
        extras: Option<&[Option<&[u8]>]>,
    ) -> bool {
        let k = proofs.len();
        assert_eq!(k, commitments.len(), "one commitment list per proof");
        if let Some(e) = extras {
            assert_eq!(k, e.len(), "one extra commitment entry per proof");
        }
        if k == 0 {
            return true;
        }
        let m = commitments[0].len();
        assert!(
            commitments.iter().all(|c| c.len() == m),
            "every proof of a batch must have the same number of commitments"
        );
        self.check_shape(nbits, m);
        let plen = proofs[0].len();
        if proofs.iter().any(|p| p.len() != plen) {
            return false;
        }
        let mut flats = Vec::with_capacity(k);
        for c in commitments {
            let Some(flat) = self.parse_all(c) else {
                return false;
            };
            flats.push(flat);
        }
        let commit_ptrs: Vec<*const u8> = flats.iter().map(|f| f.as_ptr()).collect();
        let proof_ptrs: Vec<*const u8> = proofs.iter().map(|p| p.as_ptr()).collect();
        let value_gens: Vec<u8> = GENERATOR_H.repeat(k);
        let extra_arrays = extras.map(|e| {
            let ptrs: Vec<*const u8> = e
                .iter()
                .map(|x| x.map_or(ptr::null(), |x| x.as_ptr()))
                .collect();
            let lens: Vec<usize> = e.iter().map(|x| x.map_or(0, |x| x.len())).collect();
            (ptrs, lens)
        });
        let (extra_ptrs, extra_lens) = match &extra_arrays {
            Some((p, l)) => (p.as_ptr(), l.as_ptr()),
            None => (ptr::null(), ptr::null()),
        };
        // SAFETY: `proof_ptrs` has `k` pointers to `plen` readable bytes each (all
        // lengths checked equal); `commit_ptrs` has `k` pointers to `m` 64-byte
        // commitments; `value_gens` holds `k` 64-byte generators; the extra arrays are
        // both NULL or both `k` long, each entry NULL with length 0 or `len` readable
        // bytes. The shape checks and `k > 0` rule out every `ARG_CHECK`. `self` is
        // `!Sync` (exclusive scratch use). The C declares `extra_commit_len` as
        // `size_t *` but only reads it.
        let ok = unsafe {
            (self.api.secp256k1_bulletproof_rangeproof_verify_multi)(
                self.ctx.as_ptr(),
                self.scratch.as_ptr(),
                self.gens.as_ptr(),
                proof_ptrs.as_ptr(),
                k,
                plen,
                ptr::null(),
                commit_ptrs.as_ptr(),
                m,
                nbits,
                value_gens.as_ptr(),
                extra_ptrs,
                extra_lens,
            )
        };
        ok == 1
    }

    /// Rewinds a single-value proof with its `nonce`
    /// (`secp256k1_bulletproof_rangeproof_rewind`, minimum value 0, value generator `H`):
    /// the value, blinding and message exactly as the C returns them, or `None` if the
    /// C fails (wrong nonce, commitment or extra commitment, bar a 2^−32 chance; an
    /// unparsable commitment). The C does not verify the proof, and its blinding is
    /// wrong when the proof used a different `private_nonce`.
    pub fn rewind(
        &self,
        proof: &[u8],
        commitment: &[u8; 33],
        nonce: &[u8; 32],
        extra: Option<&[u8]>,
    ) -> Option<ZkpRewound> {
        self.rewind_with_min_value(proof, commitment, 0, nonce, extra)
    }

    /// [`ZkpContext::rewind`] of a proof made with the minimum value `min_value`,
    /// which the C hashes only when it is non-zero (so a proof made with the array
    /// `[0]` cannot be rewound). The value returned is the committed value.
    pub fn rewind_with_min_value(
        &self,
        proof: &[u8],
        commitment: &[u8; 33],
        min_value: u64,
        nonce: &[u8; 32],
        extra: Option<&[u8]>,
    ) -> Option<ZkpRewound> {
        let internal = self.parse_commitment(commitment)?;
        let (extra_ptr, extra_len) = extra.map_or((ptr::null(), 0), |e| (e.as_ptr(), e.len()));
        let mut value = 0u64;
        let mut blinding = [0u8; 32];
        let mut message = [0u8; 20];
        // SAFETY: outputs are writable (`u64`, 32 and 20 bytes); `proof` has
        // `proof.len()` readable bytes (the C checks the length bounds first),
        // `internal` is a 64-byte commitment, `GENERATOR_H` 64 bytes, `nonce` 32 bytes,
        // `extra` `extra_len` bytes. No `ARG_CHECK` can fail (no NULL required pointer).
        let ok = unsafe {
            (self.api.secp256k1_bulletproof_rangeproof_rewind)(
                self.ctx.as_ptr(),
                &mut value,
                blinding.as_mut_ptr(),
                proof.as_ptr(),
                proof.len(),
                min_value,
                internal.as_ptr(),
                GENERATOR_H.as_ptr(),
                nonce.as_ptr(),
                extra_ptr,
                extra_len,
                message.as_mut_ptr(),
            )
        };
        (ok == 1).then_some(ZkpRewound {
            value,
            blinding,
            message,
        })
    }
}

impl Drop for ZkpContext {
    fn drop(&mut self) {
        // SAFETY: the three objects were created in `new`, are owned exclusively by
        // `self` and destroyed exactly once here, the context last (the generator
        // destructor takes it).
        unsafe {
            (self.api.secp256k1_scratch_space_destroy)(self.scratch.as_ptr());
            (self.api.secp256k1_bulletproof_generators_destroy)(
                self.ctx.as_ptr(),
                self.gens.as_ptr(),
            );
            (self.api.secp256k1_context_destroy)(self.ctx.as_ptr());
        }
    }
}

/// A seeded RNG for one cross-test of the C library: the seed comes from the
/// environment variable `var` when set (to replay a failure), else from the thread
/// RNG, and is printed with the test's name.
///
/// # Panics
/// If `var` is set to something other than a `u64`.
pub fn test_rng(var: &str, test: &str) -> rand::rngs::StdRng {
    use rand::{Rng, SeedableRng};
    let seed = match std::env::var(var) {
        Ok(s) => s
            .parse::<u64>()
            .unwrap_or_else(|_| panic!("{var} must be a u64")),
        Err(_) => rand::thread_rng().gen(),
    };
    eprintln!("{test}: {var}={seed}");
    rand::rngs::StdRng::seed_from_u64(seed)
}

/// A uniformly random scalar in `[1, ℓ)` of secp256k1, as 32 big-endian bytes (a
/// valid `SecretKey` and blinding for both the C library and ballistic).
pub fn random_secret<R: rand::RngCore>(rng: &mut R) -> [u8; 32] {
    use ballistic::curve::Curve;
    use ballistic::secp256k1::{Scalar, Secp256k1};
    loop {
        let mut b = [0u8; 32];
        rng.fill_bytes(&mut b);
        if Secp256k1::scalar_from_canonical_bytes(&b).is_some_and(|s| s != Scalar::ZERO) {
            return b;
        }
    }
}

/// The secp256k1 scalar of 32 big-endian bytes.
///
/// # Panics
/// If the bytes are not a canonical scalar.
pub fn scalar_be(b: &[u8; 32]) -> ballistic::secp256k1::Scalar {
    use ballistic::curve::Curve;
    ballistic::secp256k1::Secp256k1::scalar_from_canonical_bytes(b).expect("canonical scalar")
}
