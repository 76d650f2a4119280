#!/usr/bin/env bash
# The C ABI from C: builds tests/c/test_ballistic.c against the static and the
# shared library of the dev profile (${CARGO_TARGET_DIR:-target}/debug/deps: the
# library as `cargo test` builds it, so that no second build of ballistic with
# another feature set is needed; BALLISTIC_CARGO_BUILD overrides the build command,
# e.g. CI's `cargo test --workspace --all-features --no-run`), runs both,
# then the static build under valgrind (no leaks, no invalid reads; every
# VALGRIND_STRIDE-th vector case, default 32) and built with AddressSanitizer and
# UBSan (every vector case). Fails if cc or valgrind is missing.
#
# Usage: crates/ballistic-capi/tests/run_c.sh   (from anywhere)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
crate=$(dirname "$here")
root=$(cd "$crate/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
case $target in /*) ;; *) target=$root/$target ;; esac
lib=$target/debug/deps
vectors=$root/crates/ballistic/tests/vectors
stride=${VALGRIND_STRIDE:-32}

for tool in cc valgrind cargo; do
    command -v "$tool" >/dev/null || { echo "run_c.sh: $tool is required but not installed" >&2; exit 1; }
done

read -ra build <<<"${BALLISTIC_CARGO_BUILD:-cargo test -p ballistic-capi --no-run}"
(cd "$root" && "${build[@]}")

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cflags=(-std=c11 -Wall -Wextra -Werror -g -O1 -I"$crate/include")
libs=(-lpthread -ldl -lm)
src=$here/c/test_ballistic.c

step() { echo "== $*"; }
timed() { local t0=$SECONDS; "$@"; echo "   ($((SECONDS - t0)) s)"; }

step "static library"
cc "${cflags[@]}" "$src" "$lib/libballistic_capi.a" "${libs[@]}" -o "$out/static"
timed "$out/static" "$vectors"

step "the crate README's example (static library)"
cc "${cflags[@]}" "$here/c/example.c" "$lib/libballistic_capi.a" "${libs[@]}" -o "$out/example"
"$out/example"

step "shared library"
cc "${cflags[@]}" "$src" -L"$lib" -lballistic_capi -Wl,-rpath,"$lib" "${libs[@]}" -o "$out/shared"
ldd "$out/shared" | grep "$lib/libballistic_capi.so" >/dev/null || { echo "not linked to the shared library" >&2; exit 1; }
timed "$out/shared" "$vectors"

step "AddressSanitizer + UBSan (static library)"
cc "${cflags[@]}" -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all \
    "$src" "$lib/libballistic_capi.a" "${libs[@]}" -o "$out/asan"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 timed "$out/asan" "$vectors"

step "pkg-config (installed under a temporary prefix)"
BALLISTIC_LIB_DIR=$lib "$crate/install.sh" "$out/prefix" debug >/dev/null
PKG_CONFIG_PATH=$out/prefix/lib/pkgconfig
export PKG_CONFIG_PATH
# shellcheck disable=SC2046
cc -std=c11 -Wall -Wextra -Werror -O1 "$src" $(pkg-config --cflags --libs ballistic) -o "$out/pkgconfig"
LD_LIBRARY_PATH=$out/prefix/lib timed "$out/pkgconfig" "$vectors" 64

step "valgrind (static library, one vector case in $stride)"
# Definite and indirect leaks fail the run. "Possibly lost" blocks are not counted:
# with the `parallel` feature (CI's --all-features build) rayon's global pool
# threads live until exit and their thread-local blocks show as possibly lost.
timed valgrind --quiet --error-exitcode=1 --leak-check=full --show-leak-kinds=definite,indirect \
    --errors-for-leak-kinds=definite,indirect "$out/static" "$vectors" "$stride"

echo "run_c.sh: all C ABI runs passed"
