//! The C test program (`tests/c/test_ballistic.c`) compiled with `cc` against this
//! crate's static library and run over the frozen vectors, so that `cargo test`
//! covers the ABI from C (`tests/run_c.sh` adds the shared library, valgrind and
//! AddressSanitizer). Fails if `cc` is missing.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The static library cargo built next to this test binary.
fn static_library() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let deps = exe.parent().expect("deps directory");
    [deps, deps.parent().expect("profile directory")]
        .iter()
        .map(|dir| dir.join("libballistic_capi.a"))
        .find(|p| p.exists())
        .unwrap_or_else(|| panic!("libballistic_capi.a not found near {}", deps.display()))
}

#[test]
fn c_test_program_passes() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("ballistic_capi_c_test_{}", std::process::id()));
    let status = Command::new("cc")
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-O1", "-I"])
        .arg(crate_dir.join("include"))
        .arg(crate_dir.join("tests/c/test_ballistic.c"))
        .arg(static_library())
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&out)
        .status()
        .expect("cc runs (a C compiler is required for this test)");
    assert!(status.success(), "cc failed: {status}");
    let output = Command::new(&out)
        .arg(crate_dir.join("../ballistic/tests/vectors"))
        .output()
        .expect("the C test runs");
    let _ = std::fs::remove_file(&out);
    let stdout = String::from_utf8_lossy(&output.stdout);
    println!("{stdout}");
    eprintln!("{}", String::from_utf8_lossy(&output.stderr));
    assert!(
        output.status.success(),
        "the C test failed: {}",
        output.status
    );
    assert!(
        stdout.contains(" passed, 0 failed"),
        "no summary line in the C test's output"
    );
}
