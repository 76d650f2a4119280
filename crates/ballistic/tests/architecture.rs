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
            "curve::secp256k1::lanes",
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
    ("engine", &["verify"]),
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

/// The code of a file as `(line number, code)`: comments dropped, and nothing
/// from its first test module on (test modules come last).
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut cfg_test = false;
    for (no, line) in text.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("#[cfg(test)]") || code.starts_with("#[cfg(all(test") {
            cfg_test = true;
            continue;
        }
        if cfg_test && (code.starts_with("mod ") || code.starts_with("pub(crate) mod ")) {
            break;
        }
        cfg_test = false;
        if code.starts_with("//") {
            continue;
        }
        out.push((no + 1, code.split("//").next().unwrap_or("").to_string()));
    }
    out
}

/// The paths of a (possibly grouped) path tree starting at `s`: `a::b` gives
/// `["a::b"]`, `{a::b, c::{d, e}}` gives `["a::b", "c::d", "c::e"]`.
fn expand(s: &str) -> Vec<String> {
    fn tree(s: &[char], i: &mut usize) -> Vec<String> {
        let mut out = Vec::new();
        if s.get(*i) == Some(&'{') {
            *i += 1;
            loop {
                while s.get(*i).is_some_and(|c| c.is_whitespace() || *c == ',') {
                    *i += 1;
                }
                match s.get(*i) {
                    None => break,
                    Some('}') => {
                        *i += 1;
                        break;
                    }
                    _ => out.extend(tree(s, i)),
                }
            }
            return out;
        }
        let mut head = String::new();
        while let Some(c) = s.get(*i) {
            if c.is_ascii_alphanumeric() || *c == '_' {
                head.push(*c);
                *i += 1;
            } else if s.get(*i) == Some(&':') && s.get(*i + 1) == Some(&':') {
                *i += 2;
                let subs = tree(s, i);
                if subs.is_empty() {
                    return vec![head];
                }
                return subs.into_iter().map(|t| format!("{head}::{t}")).collect();
            } else {
                break;
            }
        }
        if head.is_empty() {
            Vec::new()
        } else {
            vec![head]
        }
    }
    let chars: Vec<char> = s.chars().collect();
    tree(&chars, &mut 0)
}

/// The module paths (from the crate root) that a file's code names, with their line
/// numbers: `crate::…` paths, grouped ones (`crate::{a, b::c}`) expanded, and
/// `super::…` paths resolved against `module`, the file's own module path. Item
/// names (types, functions: not lower case) are dropped.
fn crate_paths_of(text: &str, module: &str) -> Vec<(usize, String)> {
    let lines = code_lines(text);
    // One string of the code, with the line each character came from.
    let mut code = String::new();
    let mut line_of = Vec::new();
    for (no, l) in &lines {
        for c in l.chars().chain(core::iter::once('\n')) {
            code.push(c);
            line_of.push(*no);
        }
    }
    let chars: Vec<char> = code.chars().collect();
    let parent: Vec<&str> = module.split("::").collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let at_word = i == 0
            || !(chars[i - 1].is_ascii_alphanumeric()
                || chars[i - 1] == '_'
                || chars[i - 1] == ':');
        let rest: String = chars[i..chars.len().min(i + 7)].iter().collect();
        let (base, skip): (Vec<&str>, usize) = if at_word && rest.starts_with("crate::") {
            (Vec::new(), 7)
        } else if at_word && rest.starts_with("super::") {
            // `super::super::x` from module `a::b::c` is `a::x`.
            let mut k = i;
            let mut up = 0;
            while chars[k..].iter().take(7).collect::<String>() == "super::" {
                k += 7;
                up += 1;
            }
            let keep = parent.len().saturating_sub(up);
            let base = parent[..keep].to_vec();
            (base, k - i)
        } else {
            i += 1;
            continue;
        };
        let tail: String = chars[i + skip..].iter().collect();
        for path in expand(&tail) {
            let full: Vec<&str> = base
                .iter()
                .copied()
                .chain(path.split("::"))
                .take_while(|s| s.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
                .collect();
            if !full.is_empty() && full != ["self"] {
                out.push((line_of[i], full.join("::")));
            }
        }
        i += skip;
    }
    out
}

/// The protocols, each a folder that imports no other.
const PROTOCOLS: &[&str] = &["range_proof", "r1cs", "bp_plus"];

/// Imports between protocols that remain, each with its reason (remove the entry
/// with the import).
const PROTOCOL_IMPORTS: &[(&str, &str, &str)] = &[];

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
        let top = module.split("::").next().unwrap_or("");
        for (line, used) in crate_paths_of(&text, &module) {
            let used_top = used.split("::").next().unwrap_or("");
            let allowed = PROTOCOL_IMPORTS
                .iter()
                .any(|(from, to, _)| module == *from && used_top == *to);
            if PROTOCOLS.contains(&top)
                && PROTOCOLS.contains(&used_top)
                && used_top != top
                && !allowed
            {
                violations.push(format!(
                    "{}:{line}: protocol {top} imports protocol {used_top} (crate::{used})",
                    file.display()
                ));
            }
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
        crate_paths_of(
            "use crate::curve::Curve; // crate::range_proof\n/// crate::secp256k1",
            "bp_plus::wire"
        ),
        vec![(1, "curve".to_string())]
    );
    // Grouped imports and `super::` are read too.
    let grouped = "use crate::{\n    curve::{ristretto, Curve},\n    msm::lanes,\n};\nuse super::super::edwards::X;\nsuper::Point::identity();";
    assert_eq!(
        crate_paths_of(grouped, "curve::ristretto::engine"),
        vec![
            (1, "curve::ristretto".to_string()),
            (1, "curve".to_string()),
            (1, "msm::lanes".to_string()),
            (5, "curve::edwards".to_string()),
            (6, "curve::ristretto".to_string()),
        ]
    );
}

/// The layer diagram of `docs/architecture.md` names the layers of [`LAYERS`], top
/// down, one row each (a row's first column; continuation rows leave it empty).
#[test]
fn the_note_names_the_same_layers() {
    let note = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/architecture.md");
    let text = fs::read_to_string(note).expect("read docs/architecture.md");
    let rows: Vec<String> = text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("│ "))
        // The label column is 15 characters wide.
        .map(|row| row.chars().take(15).collect::<String>().trim().to_string())
        .filter(|label| !label.is_empty())
        .collect();
    let layers: Vec<String> = LAYERS
        .iter()
        .rev()
        .map(|(name, _)| name.to_string())
        .collect();
    assert_eq!(
        rows, layers,
        "docs/architecture.md's diagram against LAYERS"
    );
}
