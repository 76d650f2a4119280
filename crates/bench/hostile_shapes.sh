#!/usr/bin/env bash
# Peak memory and time of `ballistic verify` on proofs of many distinct shapes,
# invalid (checked against another transcript label) and valid, under
# /usr/bin/time -v. Usage: crates/bench/hostile_shapes.sh [BINARY]
# (default: builds target/release/ballistic).
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="${1:-}"
if [ -z "$bin" ]; then
  cargo build --release -q -p ballistic-cli
  bin=target/release/ballistic
fi
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
# 100 shapes: n = 40..64 bits, m = 1..4 values.
i=0
for n in $(seq 40 64); do
  for m in 1 2 3 4; do
    values=$(seq -s, 1 "$m")
    "$bin" prove --bits "$n" --values "$values" --domain valid --out "$dir/valid-$i.json" >/dev/null 2>&1
    sed 's/"domain": *"valid"/"domain": "other"/' "$dir/valid-$i.json" >"$dir/invalid-$i.json"
    i=$((i + 1))
  done
done
for kind in invalid valid; do
  set +e
  /usr/bin/time -v "$bin" verify "$dir"/$kind-*.json >"$dir/out" 2>"$dir/time"
  code=$?
  set -e
  rss=$(grep 'Maximum resident set size' "$dir/time" | grep -o '[0-9]*$')
  wall=$(grep 'Elapsed (wall clock)' "$dir/time" | awk '{print $NF}')
  echo "$kind: 100 proofs of distinct shapes, exit $code, peak RSS $((rss / 1024)) MiB, wall $wall"
done
