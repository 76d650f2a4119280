#!/usr/bin/env bash
# Constant-time check of the prover under valgrind memcheck (reliability plan P7).
# The real run must report 0 errors; the two controls must be caught (exit 42),
# which shows that the harness really tracks the secrets.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -p ct-harness
bin="${CARGO_TARGET_DIR:-target}/release/ct_prover"
vg=(valgrind --error-exitcode=42 -q)

echo "ct: prover with values, blindings and randomness marked undefined"
"${vg[@]}" "$bin"
echo "ct: 0 valgrind errors in the prover"

for control in control-branch control-nohook secp256k1-control-nohook; do
  set +e
  "${vg[@]}" "$bin" "$control" >/dev/null 2>&1
  code=$?
  set -e
  if [ "$code" -ne 42 ]; then
    echo "ct: control '$control' was NOT caught by valgrind (exit $code): the harness is blind" >&2
    exit 1
  fi
  echo "ct: control '$control' caught by valgrind, as it must be"
done
