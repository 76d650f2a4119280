#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60) from the committed seeds, on a
# scratch copy of the corpus; long runs: `fuzz/run.sh 3600`. Needs nightly and
# cargo-fuzz. Any crash fails the script; libFuzzer leaves the reproducer in
# fuzz/artifacts/<target>/ (turn it into a regression test).
set -euo pipefail
cd "$(dirname "$0")"
secs="${1:-60}"
for target in decode verify batch msm msm_secp256k1 proof_file zkp; do
  corpus="$(mktemp -d)"
  if [ -d "seeds/$target" ]; then cp -r "seeds/$target/." "$corpus/"; fi
  log="$(mktemp)"
  # The secp256k1 MSM target builds without debug assertions (-O): k256's magnitude
  # checks would cost it ~3× the executions (they run in the debug unit tests).
  opt=()
  if [ "$target" = msm_secp256k1 ]; then opt=(-O); fi
  if ! cargo +nightly fuzz run "${opt[@]}" --sanitizer none "$target" "$corpus" -- \
      -max_total_time="$secs" -print_final_stats=1 >"$log" 2>&1; then
    tail -40 "$log"
    echo "fuzz: $target FAILED" >&2
    exit 1
  fi
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
  echo "fuzz: $target: $execs executions in ${secs}s, no crash"
  rm -rf "$corpus" "$log"
done
