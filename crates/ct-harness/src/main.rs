//! Constant-time check of the prover (reliability plan P7), after libsecp256k1's
//! `ctime_tests`.
//!
//! Run under valgrind's memcheck:
//!
//! ```text
//! cargo build --release -p ct-harness
//! valgrind --error-exitcode=42 target/release/ct_prover
//! ```
//!
//! The values, the blindings and every byte the prover's RNG produces are marked
//! *undefined* with valgrind client requests. Memcheck then reports every branch and
//! every memory index that depends on them. The prover's deliberate declassification
//! points (the proof itself, the in-range verdict, the blinded `l(x)`, `r(x)` handed to
//! the variable-time inner-product argument; reasons in `ballistic::ct`) mark their
//! outputs *defined* through the hook installed here. Any report is a secret-dependent
//! branch or index the prover should not have: the process then exits with valgrind's
//! `--error-exitcode`.
//!
//! Outside valgrind the client requests are no-ops and the binary just proves (and
//! verifies, with the secrets marked defined again) every configuration.

use ballistic::merlin::Transcript;
use ballistic::ristretto::{BulletproofGens, PedersenGens, RangeProof, Scalar};
use rand_core::{CryptoRng, RngCore, SeedableRng};

/// Valgrind client requests on x86_64 (valgrind.h's `VALGRIND_DO_CLIENT_REQUEST_EXPR`).
#[cfg(target_arch = "x86_64")]
mod valgrind {
    const MAKE_MEM_UNDEFINED: u64 = 0x4d43_0001; // VG_USERREQ_TOOL_BASE('M','C') + 1
    const MAKE_MEM_DEFINED: u64 = 0x4d43_0002;

    fn request(req: u64, addr: u64, len: u64) {
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
        let _ = result;
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
}

#[cfg(not(target_arch = "x86_64"))]
mod valgrind {
    pub fn undefined(_: &[u8]) {}
    pub fn defined(_: &mut [u8]) {}
}

/// An RNG whose every output byte is marked undefined: the prover's randomness is
/// secret too.
struct SecretRng(rand_chacha::ChaCha20Rng);

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
        self.0.fill_bytes(dest);
        valgrind::undefined(dest);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}
impl CryptoRng for SecretRng {}

fn main() {
    // Controls that must FAIL under valgrind, proving the harness sees secrets:
    // `control-branch` branches on a secret value; `control-nohook` runs the prover
    // without the declassification hook, so the variable-time inner-product argument
    // runs on (secret-derived) undefined data.
    // `secp256k1-control-nohook` runs only the secp256k1 configurations without the
    // hook: it shows that the secrets (values, blindings, nonces) reach the secp256k1
    // prover's variable-time argument undefined, i.e. the harness tracks them there.
    let mode = std::env::args().nth(1).unwrap_or_default();
    if mode != "control-nohook" && mode != "secp256k1-control-nohook" {
        ballistic::ct::set_declassify_hook(valgrind::defined);
    }
    let mut seed_rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x6374);
    let pc = PedersenGens::default();
    let mut configurations = 0;
    let ristretto_shapes: &[(usize, usize)] = if mode.starts_with("secp256k1") {
        &[]
    } else {
        &[(8, 1), (64, 1), (8, 4), (64, 4), (7, 3)]
    };
    for &(n, m) in ristretto_shapes {
        let bp = BulletproofGens::new(n, m);
        let mask = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut values: Vec<u64> = (0..m).map(|_| seed_rng.next_u64() & mask).collect();
        let mut blindings: Vec<Scalar> = (0..m)
            .map(|_| {
                let mut w = [0u8; 64];
                seed_rng.fill_bytes(&mut w);
                Scalar::from_bytes_mod_order_wide(&w)
            })
            .collect();
        // The secrets: values and blindings.
        for v in values.iter_mut() {
            valgrind::undefined(&v.to_le_bytes()); // the copy...
            let bytes: &mut [u8; 8] = bytemuck_u64(v);
            valgrind::undefined(bytes); // ...and the value itself
        }
        for b in blindings.iter_mut() {
            let bytes = b.to_bytes();
            valgrind::undefined(&bytes);
            *b = scalar_undefined(bytes);
        }
        if mode == "control-branch" && values[0] & 1 == 1 {
            println!("ct_prover: control: branched on a secret bit");
        }
        let mut rng = SecretRng(rand_chacha::ChaCha20Rng::seed_from_u64(seed_rng.next_u64()));
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
        configurations += 1;
        println!("ct_prover: n={n} m={m}: proved and verified with secrets marked undefined");
    }
    configurations += secp256k1_configurations(&mut seed_rng, mode == "control-branch");
    println!("ct_prover: {configurations} configurations");
}

/// secp256k1 in secp256k1-zkp's format: values, blindings and both nonces (from
/// which all the prover's randomness derives) are marked undefined.
fn secp256k1_configurations(seed_rng: &mut rand_chacha::ChaCha20Rng, control: bool) -> usize {
    use ballistic::curve::{secp256k1::Secp256k1, Curve};
    use ballistic::secp256k1 as secp;
    let pc = secp::PedersenGens::default();
    let mut configurations = 0;
    for &(n, m) in &[(8usize, 1usize), (64, 1), (8, 4), (64, 4)] {
        let bp = secp::zkp_generators((2 * n * m).max(secp::GRIN_GENERATORS));
        let mask = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut values: Vec<u64> = (0..m).map(|_| seed_rng.next_u64() & mask).collect();
        for v in values.iter_mut() {
            valgrind::undefined(bytemuck_u64(v));
        }
        let blindings: Vec<secp::Scalar> = (0..m)
            .map(|_| {
                // Reduced in constant time from undefined bytes: the scalar is undefined.
                let mut w = [0u8; 64];
                seed_rng.fill_bytes(&mut w);
                valgrind::undefined(&w);
                Secp256k1::scalar_from_wide_bytes(&w)
            })
            .collect();
        let mut nonce = [0u8; 32];
        let mut private_nonce = [0u8; 32];
        seed_rng.fill_bytes(&mut nonce);
        seed_rng.fill_bytes(&mut private_nonce);
        valgrind::undefined(&nonce);
        valgrind::undefined(&private_nonce);
        if control && values[0] & 1 == 1 {
            println!("ct_prover: control: branched on a secret bit");
        }
        let mut t = secp::Transcript::new()
            .with_extra_commit(b"ct harness")
            .with_nonce(nonce)
            .with_private_nonce(private_nonce);
        let (proof, commitments) = secp::RangeProof::prove_multiple_with_rng(
            &bp,
            &pc,
            &mut t,
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
        configurations += 1;
        println!(
            "ct_prover: secp256k1 n={n} m={m}: proved and verified with secrets marked undefined"
        );
    }
    configurations
}

/// The bytes of a `u64` in place (so that the value the prover reads is the one
/// marked undefined).
fn bytemuck_u64(v: &mut u64) -> &mut [u8; 8] {
    // SAFETY: u64 and [u8; 8] have the same size; alignment of [u8; 8] is 1.
    unsafe { &mut *(v as *mut u64 as *mut [u8; 8]) }
}

/// A scalar whose bytes carry the undefinedness of `bytes`.
fn scalar_undefined(bytes: [u8; 32]) -> Scalar {
    Scalar::from_bytes_mod_order(bytes)
}
