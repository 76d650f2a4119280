#!/usr/bin/env bash
# Builds and installs ballistic's C library under PREFIX: include/ballistic.h,
# lib/libballistic_capi.{a,so} and lib/pkgconfig/ballistic.pc (from ballistic.pc.in).
#
# Usage: crates/ballistic-capi/install.sh PREFIX [release|debug]   (default release)
# With BALLISTIC_LIB_DIR set, the libraries are taken from there and nothing is built.
# Then: PKG_CONFIG_PATH=PREFIX/lib/pkgconfig cc app.c $(pkg-config --cflags --libs ballistic)
set -euo pipefail

prefix=${1:?usage: install.sh PREFIX [release|debug]}
profile=${2:-release}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
case $target in /*) ;; *) target=$root/$target ;; esac
libdir=${BALLISTIC_LIB_DIR:-$target/$profile}
case ${BALLISTIC_LIB_DIR:+prebuilt}$profile in
    prebuilt*) ;;
    release) (cd "$root" && cargo build --release -p ballistic-capi) ;;
    debug) (cd "$root" && cargo build -p ballistic-capi) ;;
    *) echo "install.sh: profile must be release or debug" >&2; exit 1 ;;
esac
mkdir -p "$prefix"
prefix=$(cd "$prefix" && pwd)

version=$(cd "$root" && sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' Cargo.toml)
install -d "$prefix/include" "$prefix/lib/pkgconfig"
install -m 644 "$here/include/ballistic.h" "$prefix/include/"
install -m 644 "$libdir/libballistic_capi.a" "$prefix/lib/"
install -m 755 "$libdir/libballistic_capi.so" "$prefix/lib/"
sed -e "s|@PREFIX@|$prefix|" -e "s|@VERSION@|$version|" "$here/ballistic.pc.in" >"$prefix/lib/pkgconfig/ballistic.pc"
echo "installed ballistic $version ($profile) under $prefix"
