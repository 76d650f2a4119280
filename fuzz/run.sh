#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60) from the committed seeds, on a
# scratch copy of the corpus; one target: `fuzz/run.sh 60 diff_zkp`; long campaigns:
# fuzz/campaign.sh. Needs nightly and cargo-fuzz. Any crash fails the script;
# libFuzzer leaves the reproducer in fuzz/artifacts/<target>/ (turn it into a
# regression test). Targets and sanitizers: fuzz/targets.sh.
set -euo pipefail
cd "$(dirname "$0")"
source ./targets.sh
secs="${1:-60}"
if [ $# -gt 1 ]; then TARGETS=("${@:2}"); fi
for target in "${TARGETS[@]}"; do
  corpus="$(mktemp -d)"
  if [ -d "seeds/$target" ]; then cp -r "seeds/$target/." "$corpus/"; fi
  log="$(mktemp)"
  mapfile -t flags < <(target_flags "$target" smoke)
  if ! cargo +nightly fuzz run "${flags[@]}" "$target" "$corpus" -- \
      -max_total_time="$secs" -print_final_stats=1 >"$log" 2>&1; then
    tail -40 "$log"
    echo "fuzz: $target FAILED" >&2
    exit 1
  fi
  note="${flags[*]}"
  backend=$(grep -o 'lane backends \[[A-Za-z0-9, ]*\]' "$log" | head -1 || true)
  if [ -n "$backend" ]; then note="$note; ristretto255 $backend"; fi
  echo "fuzz: $target: $(executions "$log") executions in ${secs}s, no crash ($note)"
  rm -rf "$corpus" "$log"
done
