//! The committed header `include/ballistic.h` is what cbindgen generates from the
//! crate now: a change to the exported functions or their docs without a
//! regenerated header fails here. Regenerate it with
//! `BALLISTIC_BLESS=1 cargo test -p ballistic-capi --test header`.

use std::path::Path;

#[test]
fn header_is_up_to_date() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen parses src/lib.rs")
        .write(&mut generated);
    let generated = String::from_utf8(generated).expect("UTF-8 header");
    let path = dir.join("include/ballistic.h");
    if std::env::var_os("BALLISTIC_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write the header");
        println!("wrote {}", path.display());
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "the header is stale: {} differs from what cbindgen generates; run \
         `BALLISTIC_BLESS=1 cargo test -p ballistic-capi --test header` and commit it",
        path.display()
    );
}
