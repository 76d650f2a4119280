#!/usr/bin/env bash
# The Go binding's tests: builds the C ABI's static library, then runs `go vet` and
# `go test ./...` with cgo pointed at the header and the library. The dev profile's
# library is the one `cargo test` builds (target/debug/deps; BALLISTIC_CARGO_BUILD
# overrides the build command, e.g. CI's `cargo test --workspace --all-features
# --no-run`, then a no-op); PROFILE=release builds and links the release library
# (for benchmarks). Extra arguments go to `go test` (e.g. -bench . -run '^$').
#
# Usage: bindings/go/test.sh [go test flags]   (from anywhere)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
target=${CARGO_TARGET_DIR:-$root/target}
case $target in /*) ;; *) target=$root/$target ;; esac
profile=${PROFILE:-debug}

command -v go >/dev/null || { echo "test.sh: go is required but not installed" >&2; exit 1; }
if [ "$profile" = release ]; then
    (cd "$root" && cargo build --release -p ballistic-capi)
    lib=$target/release
else
    read -ra build <<<"${BALLISTIC_CARGO_BUILD:-cargo test -p ballistic-capi --no-run}"
    (cd "$root" && "${build[@]}")
    lib=$target/debug/deps
fi

export CGO_ENABLED=1
export CGO_CFLAGS="-I$root/crates/ballistic-capi/include"
export CGO_LDFLAGS="$lib/libballistic_capi.a"
cd "$here"
go vet ./...
go test -count=1 -v "$@" ./... | grep -v -e "^=== RUN" -e "^=== PAUSE" -e "^=== CONT"
