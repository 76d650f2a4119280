#!/usr/bin/env bash
# A long fuzzing campaign: `fuzz/campaign.sh HOURS [TARGET...]` runs every target of
# fuzz/targets.sh (or the ones named), one after the other, within HOURS of wall time
# in total (fractions allowed). Each target stops at CAMPAIGN_RUNS executions
# (default 10^8, the goal before a release) or at its share of the time left (the
# time left divided by the targets left), whichever comes first; the targets run
# fastest first, so the time a fast target does not need goes to the slow ones.
# On a machine with several cores, run several campaigns on disjoint targets at once.
#
# Each target keeps its corpus in fuzz/corpus/<target> (started from the committed
# seeds; later campaigns continue from it). Writes one line per target (seconds
# fuzzed, executions, executions per second, flags, result) to
# fuzz/campaign-<UTC time>.txt and stdout. A crash does not stop the other targets;
# the script then exits 1, the reproducer is in fuzz/artifacts/<target>/ and the log
# in fuzz/campaign-<target>.log.
set -euo pipefail
cd "$(dirname "$0")"
source ./targets.sh
if [ $# -lt 1 ]; then
  echo "usage: fuzz/campaign.sh HOURS [TARGET...]" >&2
  exit 2
fi
hours="$1"
if [ $# -gt 1 ]; then TARGETS=("${@:2}"); fi
runs="${CAMPAIGN_RUNS:-100000000}"
deadline=$(awk -v h="$hours" -v now="$(date +%s)" 'BEGIN { printf "%d", now + h * 3600 }')
out="campaign-$(date -u +%Y%m%dT%H%MZ).txt"
row() { printf '%-14s %8s %12s %9s  %-48s %s\n' "$@"; }
{
  echo "# fuzz/campaign.sh $hours (CAMPAIGN_RUNS=$runs), started $(date -u +%FT%TZ)"
  echo "# commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
  row target seconds executions exec/s flags result
} | tee "$out"
failed=0
left=${#TARGETS[@]}
for target in "${TARGETS[@]}"; do
  mapfile -t flags < <(target_flags "$target" campaign)
  cargo +nightly fuzz build "${flags[@]}" "$target" >/dev/null 2>&1 ||
    cargo +nightly fuzz build "${flags[@]}" "$target"
  share=$(( ($deadline - $(date +%s)) / left ))
  left=$((left - 1))
  if [ "$share" -lt 1 ]; then share=1; fi
  corpus="corpus/$target"
  mkdir -p "$corpus"
  if [ -d "seeds/$target" ]; then cp -r "seeds/$target/." "$corpus/"; fi
  log="$(mktemp)"
  start=$(date +%s)
  if cargo +nightly fuzz run "${flags[@]}" "$target" "$corpus" -- \
      -max_total_time="$share" -runs="$runs" -print_final_stats=1 >"$log" 2>&1; then
    result="no crash"
  else
    result="CRASH: $(grep -o 'artifacts/[^ ]*' "$log" | tail -1 || echo 'see the log')"
    failed=1
    cp "$log" "campaign-$target.log"
  fi
  secs=$(( $(date +%s) - start ))
  execs=$(executions "$log")
  rate=$(awk -v e="$execs" -v s="$secs" 'BEGIN { if (e ~ /^[0-9]+$/ && s > 0) printf "%d", e / s; else print "?" }')
  row "$target" "$secs" "$execs" "$rate" "${flags[*]}" "$result" | tee -a "$out"
  rm -f "$log"
done
echo "# finished $(date -u +%FT%TZ)" | tee -a "$out"
echo "written: fuzz/$out"
exit "$failed"
