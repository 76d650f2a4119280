//! Builds secp256k1-zkp's C sources a second time, from the `grin_secp256k1zkp`
//! package that Cargo resolved, with 64-bit limbs: `libsecp256k1_limb64.a` (5x52
//! field, 4x64 scalar, `unsigned __int128`) and, on x86_64,
//! `libsecp256k1_limb64_asm.a` (the same plus `USE_ASM_X86_64`). Every other define
//! is read from `grin_secp256k1zkp`'s own build script, so a build differs from the
//! crate's 32-bit one (`USE_FIELD_10X26`, `USE_SCALAR_8X32`, no assembly) in limb
//! width and assembly only. Every global symbol a build defines gets a prefix
//! (`ballistic_l64_`, `ballistic_l64asm_`) with `objcopy --redefine-syms`, so the
//! three copies link into one binary; `src/zkp.rs` declares the renamed functions.
//!
//! The sources are never copied into this repository. They are found at
//! `$GRIN_SECP256K1ZKP_SRC` if set (a `grin_secp256k1zkp` package directory, e.g. a
//! vendored one), else at `$CARGO_HOME/registry/src/*/grin_secp256k1zkp-<version>`
//! with the version Cargo.lock pins; the build fails with a message naming the paths
//! it tried otherwise.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The package whose C sources are rebuilt.
const PACKAGE: &str = "grin_secp256k1zkp";

/// A file every `grin_secp256k1zkp` package directory holds.
const MARKER: &str = "depend/secp256k1-zkp/src/secp256k1.c";

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=GRIN_SECP256K1ZKP_SRC");
    println!("cargo::rerun-if-env-changed=CARGO_HOME");
    println!("cargo::rustc-check-cfg=cfg(zkp_limb64)");
    println!("cargo::rustc-check-cfg=cfg(zkp_limb64_asm)");

    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let width = env::var("CARGO_CFG_TARGET_POINTER_WIDTH").unwrap_or_default();
    // The 5x52 field and 4x64 scalar need `unsigned __int128`: 64-bit targets only.
    if width != "64" {
        return;
    }
    let package = locate_package();
    let grin_build = package.join("build.rs");
    println!("cargo::rerun-if-changed={}", grin_build.display());
    let defines = limb64_defines(&grin_build);

    build(&package, "secp256k1_limb64", "ballistic_l64_", &defines);
    println!("cargo::rustc-cfg=zkp_limb64");
    if arch == "x86_64" {
        let mut asm = defines.clone();
        asm.push("USE_ASM_X86_64".to_owned());
        build(&package, "secp256k1_limb64_asm", "ballistic_l64asm_", &asm);
        println!("cargo::rustc-cfg=zkp_limb64_asm");
    }
}

/// The `grin_secp256k1zkp` package directory (see the module documentation).
fn locate_package() -> PathBuf {
    if let Some(dir) = env::var_os("GRIN_SECP256K1ZKP_SRC") {
        let dir = PathBuf::from(dir);
        if dir.join(MARKER).is_file() {
            return dir;
        }
        panic!(
            "GRIN_SECP256K1ZKP_SRC={} does not hold {MARKER}",
            dir.display()
        );
    }
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by Cargo"));
    let lock = manifest.join("../../Cargo.lock");
    println!("cargo::rerun-if-changed={}", lock.display());
    let version = locked_version(&lock).unwrap_or_else(|| {
        panic!(
            "{} pins no version of {PACKAGE}; set GRIN_SECP256K1ZKP_SRC to its package directory",
            lock.display()
        )
    });
    let cargo_home = env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")))
        .expect("neither CARGO_HOME nor HOME is set");
    let registry = cargo_home.join("registry/src");
    let name = format!("{PACKAGE}-{version}");
    let mut tried = Vec::new();
    if let Ok(indexes) = fs::read_dir(&registry) {
        for index in indexes.flatten() {
            let dir = index.path().join(&name);
            if dir.join(MARKER).is_file() {
                return dir;
            }
            tried.push(dir);
        }
    }
    panic!(
        "{name} (pinned by Cargo.lock) not found under {}: tried {tried:?}; \
         set GRIN_SECP256K1ZKP_SRC to its package directory",
        registry.display()
    );
}

/// The version of [`PACKAGE`] in a Cargo.lock (`name = "…"` followed by `version = "…"`).
fn locked_version(lock: &Path) -> Option<String> {
    let text = fs::read_to_string(lock).ok()?;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() == format!("name = \"{PACKAGE}\"") {
            let version = lines.next()?.trim().strip_prefix("version = \"")?;
            return Some(version.strip_suffix('"')?.to_owned());
        }
    }
    None
}

/// Every `.define("NAME", …)` of `grin_secp256k1zkp`'s build script, with the 10x26
/// field and 8x32 scalar replaced by 5x52 and 4x64, and `HAVE___INT128` added.
fn limb64_defines(grin_build: &Path) -> Vec<String> {
    let text = fs::read_to_string(grin_build)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", grin_build.display()));
    let mut defines: Vec<String> = text
        .split(".define(\"")
        .skip(1)
        .filter_map(|rest| rest.split('"').next().map(str::to_owned))
        .collect();
    for (from, to) in [
        ("USE_FIELD_10X26", "USE_FIELD_5X52"),
        ("USE_SCALAR_8X32", "USE_SCALAR_4X64"),
    ] {
        let slot = defines.iter_mut().find(|d| *d == from).unwrap_or_else(|| {
            panic!(
                "{} no longer defines {from}: re-check which build ballistic compares against",
                grin_build.display()
            )
        });
        *slot = to.to_owned();
    }
    assert!(
        !defines
            .iter()
            .any(|d| d.starts_with("USE_ASM") || d == "HAVE___INT128"),
        "{} now sets assembly or __int128 itself: re-check the comparison",
        grin_build.display()
    );
    defines.push("HAVE___INT128".to_owned());
    defines
}

/// Compiles `secp256k1.c` with `defines` into `lib<lib>.a`, then prefixes every
/// global symbol the archive defines with `prefix`.
fn build(package: &Path, lib: &str, prefix: &str, defines: &[String]) {
    let root = package.join("depend/secp256k1-zkp");
    let mut cc = cc::Build::new();
    cc.include(&root)
        .include(root.join("include"))
        .include(root.join("src"))
        // `grin_secp256k1zkp` is a dependency, which this workspace builds at
        // opt-level 3 in every profile; this copy is compiled the same way.
        .opt_level(3)
        // Uninstrumented even when the crate is built with a sanitizer (the fuzz
        // targets link `interop`): under AddressSanitizer the x86-64 assembly's
        // register constraints cannot be met, and the C code is not fuzzed here.
        .flag_if_supported("-fno-sanitize=all")
        .warnings(false);
    for d in defines {
        cc.define(d, Some("1"));
    }
    cc.file(root.join("src/secp256k1.c")).compile(lib);

    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by Cargo"));
    let archive = out.join(format!("lib{lib}.a"));
    let nm = run(Command::new("nm")
        .args(["-g", "--defined-only", "-P"])
        .arg(&archive));
    let mut renames = String::new();
    for line in nm.lines() {
        // POSIX format: `name type value size`; member headers end in `:`.
        let Some(sym) = line.split_whitespace().next() else {
            continue;
        };
        if !sym.ends_with(':') {
            renames.push_str(&format!("{sym} {prefix}{sym}\n"));
        }
    }
    assert!(
        renames.contains(&format!("{prefix}secp256k1_bulletproof_rangeproof_prove")),
        "{} defines no secp256k1_bulletproof_rangeproof_prove",
        archive.display()
    );
    let map = out.join(format!("{lib}.redefine"));
    fs::write(&map, renames).expect("write the symbol map");
    run(Command::new("objcopy")
        .arg(format!("--redefine-syms={}", map.display()))
        .arg(&archive));
}

/// Runs a binutils command and returns its standard output; panics with its stderr.
fn run(cmd: &mut Command) -> String {
    let output = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?} (binutils must be on PATH): {e}"));
    assert!(
        output.status.success(),
        "{cmd:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("nm prints UTF-8")
}
