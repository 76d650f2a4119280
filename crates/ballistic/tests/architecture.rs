//! The library's layering (`docs/architecture.md`): a module's code names only
//! modules of its own layer or of the layers below. Documentation comments may link
//! anywhere; test modules (`#[cfg(test)] mod …`) may use anything.

use std::fs;
use std::path::{Path, PathBuf};

/// The layers, bottom up, each a list of module paths (a path covers its
/// submodules unless a longer path is listed).
const LAYERS: &[(&str, &[&str])] = &[
    (
        "foundations",
        &["errors", "util", "secret", "parallel", "lib", "notes"],
    ),
    ("MSM algorithms", &["msm"]),
    // Each curve's arithmetic; the curve's implementation of `Curve` (its module
    // root) belongs to the trait's layer.
    (
        "curve backends",
        &[
            "curve::ifma_ops",
            "curve::inverse_vartime",
            "curve::ristretto::edwards",
            "curve::ristretto::engine",
            "curve::ristretto::field",
            "curve::ristretto::lanes",
            "curve::ristretto::scalar",
            "curve::ristretto::scalar_ifma",
            "curve::secp256k1::batch_affine",
            "curve::secp256k1::field",
            "curve::secp256k1::jacobi",
            "curve::secp256k1::point",
            "curve::secp256k1::pow",
            "curve::secp256k1::pow_ifma",
            "curve::secp256k1::zkp_generators",
        ],
    ),
    // ristretto255's `Curve` implementation is split by cohesion: the tables, the
    // MSM policy, the constant-time MSMs and batch decoding sit beside its root.
    (
        "Curve trait",
        &[
            "curve",
            "curve::dispatch",
            "ct",
            "curve::ristretto::ct_msm",
            "curve::ristretto::decode",
            "curve::ristretto::msm_policy",
            "curve::ristretto::tables",
        ],
    ),
    ("generators", &["generators"]),
    (
        "arguments",
        &["transcript", "inner_product", "weighted_inner_product"],
    ),
    // The verification engine: the accumulators every protocol's equation is
    // written into.
    ("verification engine", &["verify"]),
    // The statement both range protocols prove.
    ("statements", &["range_statement"]),
    ("protocols", &["range_proof", "r1cs", "bp_plus"]),
    // Circuits over the R1CS constraint-system traits, generic over the curve.
    ("gadgets", &["gadgets"]),
    ("facades", &["ristretto", "secp256k1"]),
];

/// The layer of a module path (longest listed prefix wins).
fn layer_of(module: &str) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (layer, (_, modules)) in LAYERS.iter().enumerate() {
        for m in *modules {
            let covers = module == *m || module.starts_with(&format!("{m}::"));
            if covers && best.is_none_or(|(len, _)| m.len() > len) {
                best = Some((m.len(), layer));
            }
        }
    }
    best.map(|(_, layer)| layer)
}

/// The module path of a source file (`src/curve/ristretto/field.rs` →
/// `curve::ristretto::field`).
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts.join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("read_dir") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The `crate::a::b` paths named by a file's code (not its comments, not its test
/// modules), with their line numbers.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut cfg_test = false;
    for (no, line) in text.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") || code.starts_with("#[cfg(all(test") {
            cfg_test = true;
            continue;
        }
        if cfg_test && (code.starts_with("mod ") || code.starts_with("pub(crate) mod ")) {
            // The rest of the file is test code (test modules come last).
            break;
        }
        cfg_test = false;
        if code.starts_with("//") {
            continue;
        }
        let code = code.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            let tail = &rest[i + "crate::".len()..];
            let path: String = tail
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            let path = path.trim_end_matches(':').to_string();
            // Keep module segments (lower case), drop items (types, functions).
            let modules: Vec<&str> = path
                .split("::")
                .take_while(|s| s.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
                .collect();
            if !modules.is_empty() {
                out.push((no + 1, modules.join("::")));
            }
            rest = tail;
        }
    }
    out
}

#[test]
fn layers() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut violations = Vec::new();
    for file in &files {
        let module = module_of(&src, file);
        if module.ends_with("tests") || module.ends_with("toy_tests") {
            continue;
        }
        let Some(own) = layer_of(&module) else {
            violations.push(format!("{module}: in no layer"));
            continue;
        };
        let text = fs::read_to_string(file).expect("read");
        for (line, used) in crate_paths(&text) {
            // `crate::f` may name a function of lib.rs; only module paths count.
            let Some(layer) = layer_of(&used) else {
                continue;
            };
            if layer > own {
                violations.push(format!(
                    "{}:{line}: {module} ({}) uses crate::{used} ({})",
                    file.display(),
                    LAYERS[own].0,
                    LAYERS[layer].0
                ));
            }
        }
    }
    assert!(
        violations.is_empty(),
        "layering violations:\n{}",
        violations.join("\n")
    );
}

#[test]
fn layer_table_is_consistent() {
    assert_eq!(layer_of("curve::ristretto::field"), Some(2));
    assert_eq!(layer_of("curve::ristretto"), Some(3));
    assert_eq!(layer_of("curve"), Some(3));
    assert_eq!(layer_of("curve::ristretto::msm_policy"), Some(3));
    assert_eq!(layer_of("msm::lanes"), Some(1));
    assert_eq!(layer_of("msm"), Some(1));
    assert_eq!(layer_of("curve::dispatch"), Some(3));
    assert_eq!(layer_of("verify"), Some(6));
    assert_eq!(layer_of("range_statement"), Some(7));
    assert_eq!(layer_of("range_proof::zkp::wire"), Some(8));
    assert_eq!(layer_of("gadgets::shuffle"), Some(9));
    assert_eq!(layer_of("ristretto"), Some(10));
    assert_eq!(
        crate_paths("use crate::curve::Curve; // crate::range_proof\n/// crate::secp256k1"),
        vec![(1, "curve".to_string())]
    );
}
