//! Prints the CPU features relevant to curve25519-dalek's backend selection.
//!
//! curve25519-dalek does not expose which backend it picked, so this reports the
//! inputs to that choice:
//!
//! * runtime CPU support (`is_x86_feature_detected!`) for AVX2 and AVX-512 IFMA/VL;
//! * the target features compiled in (`cfg!(target_feature = ...)`, i.e. what
//!   `-C target-cpu=...` / `-C target-feature=...` enabled for this build);
//! * a `--cfg curve25519_dalek_backend=...` override in `RUSTFLAGS`, if any.
//!
//! Selection rules (from the crates' build scripts and `backend` modules):
//! * curve25519-dalek 4.1 (dalek's `bulletproofs`): on x86_64 the `simd` backend is the
//!   default; at run time it uses AVX2 if detected, else serial. Its AVX-512 IFMA path
//!   is only compiled on a nightly compiler.
//! * curve25519-dalek 5 (ballistic): on x86_64 `simd` with runtime AVX2 detection; the
//!   AVX-512 IFMA path is compiled only when `avx512ifma` and `avx512vl` are enabled
//!   target features at build time (rustc >= 1.89), and then used if detected.
//!
//! Run with `cargo run -p interop --release --bin backend`.

fn main() {
    println!("target_arch: {}", std::env::consts::ARCH);
    println!(
        "ballistic ristretto255 backend (chosen at run time): {}",
        ballistic::ristretto::backend().name()
    );

    #[cfg(target_arch = "x86_64")]
    {
        let avx2 = std::arch::is_x86_feature_detected!("avx2");
        let ifma = std::arch::is_x86_feature_detected!("avx512ifma");
        let vl = std::arch::is_x86_feature_detected!("avx512vl");
        println!("runtime  avx2:        {avx2}");
        println!("runtime  avx512ifma:  {ifma}");
        println!("runtime  avx512vl:    {vl}");
    }
    #[cfg(not(target_arch = "x86_64"))]
    println!("runtime  (not x86_64: curve25519-dalek uses its serial backend)");

    let compiled_avx2 = cfg!(target_feature = "avx2");
    let compiled_ifma = cfg!(target_feature = "avx512ifma");
    let compiled_vl = cfg!(target_feature = "avx512vl");
    println!("compiled avx2:        {compiled_avx2}");
    println!("compiled avx512ifma:  {compiled_ifma}");
    println!("compiled avx512vl:    {compiled_vl}");

    let override_cfg = if cfg!(curve25519_dalek_backend = "serial") {
        "serial"
    } else if cfg!(curve25519_dalek_backend = "simd") {
        "simd"
    } else if cfg!(curve25519_dalek_backend = "avx512") {
        "avx512"
    } else if cfg!(curve25519_dalek_backend = "unstable_avx512") {
        "unstable_avx512"
    } else if cfg!(curve25519_dalek_backend = "fiat") {
        "fiat"
    } else {
        "none (automatic selection)"
    };
    println!("RUSTFLAGS curve25519_dalek_backend override: {override_cfg}");

    #[cfg(target_arch = "x86_64")]
    {
        let avx2 = std::arch::is_x86_feature_detected!("avx2");
        let avx512 = std::arch::is_x86_feature_detected!("avx512ifma")
            && std::arch::is_x86_feature_detected!("avx512vl");
        let v5 = if compiled_ifma && compiled_vl && avx512 {
            "AVX-512 IFMA"
        } else if avx2 {
            "AVX2"
        } else {
            "serial"
        };
        let v4 = if avx2 {
            "AVX2 (AVX-512 IFMA only on nightly)"
        } else {
            "serial"
        };
        println!("likely vector backend (no override), curve25519-dalek 5 (ballistic): {v5}");
        println!("likely vector backend (no override), curve25519-dalek 4 (dalek):     {v4}");
    }
}
