#!/usr/bin/env bash
# Constant-time check of the prover under valgrind memcheck
# (crates/ballistic/docs/testing.md, P7).
# The real run must report 0 errors; every control must be caught (exit 42), which
# shows that the harness really tracks the secrets. The per-source controls must
# also report that each secret's taint reached exactly the declassified values the
# prover's data flow says (through the MSMs of V_j, A, S, T_1, T_2; for R1CS, of
# V_j, A_I, A_O, S of both phases and T_1, T_3 ... T_6, and the SHA-256 digest; for
# Bulletproofs+, of V_j, A,
# every L_j, R_j, A1, B and the scalars r1, s1, d1; for the rewindable, [a, b] and
# minimum-value proofs, as for the prover they wrap; for one party of multi-party
# proving, of V_j, A_j, S_j, T_1,j, T_2,j and its share's tau_x,j, mu_j, l, r; for
# one party of a shared output, of its partial commitments, its T shares, A, S,
# T_1, T_2 and its share's tau_x,j, mu, l, r), i.e. that no secret stops being
# tracked on its way.
set -euo pipefail
cd "$(dirname "$0")/../.."
# valgrind 3.19 does not implement AVX-512: the ristretto255 arithmetic runs on its
# AVX2 backend here (a default build would pick IFMA wherever the CPU reports it).
export BALLISTIC_BACKEND="${BALLISTIC_BACKEND:-avx2}"
cargo build --release -p ct-harness
bin="${CARGO_TARGET_DIR:-target}/release/ct_prover"
vg=(valgrind --error-exitcode=42 -q)

sha_note=""
if [ "${CT_SHA256:-0}" = 1 ]; then sha_note=", SHA-256"; fi
echo "ct: range (rewindable, [a, b], minimum values), R1CS (gadgets: comparison,"
echo "    membership, shuffle$sha_note) and Bulletproofs+ ([a, b]) provers, one"
echo "    multi-party party and one shared-output party with values,"
echo "    blindings (masks), randomness, nonces, seed nonces, messages and witness"
echo "    marked undefined"
# The real run and the controls are independent valgrind processes (each
# single-threaded): they run $CT_JOBS at a time (default: one per CPU), each into its
# own files, and are checked in order once all have finished.
jobs_max="${CT_JOBS:-$(nproc 2>/dev/null || echo 1)}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
controls=(control-branch control-nohook secp256k1-control-nohook
  control-values control-blindings control-randomness
  secp256k1-control-values secp256k1-control-blindings
  secp256k1-control-nonce secp256k1-control-private-nonce
  r1cs-control-nohook r1cs-secp256k1-control-nohook
  r1cs-control-values r1cs-control-blindings r1cs-control-randomness
  r1cs-control-witness
  bp-plus-control-nohook bp-plus-secp256k1-control-nohook
  bp-plus-control-values bp-plus-control-masks bp-plus-control-randomness
  bp-plus-control-seed
  rewind-control-nohook rewind-control-values rewind-control-blindings
  rewind-control-nonce rewind-control-message
  range-control-nohook range-secp256k1-control-nohook
  range-plus-control-nohook range-plus-secp256k1-control-nohook
  range-control-values range-control-blindings range-control-masks
  range-control-randomness range-control-nonce range-control-private-nonce
  min-values-control-nohook min-values-control-values min-values-control-blindings
  min-values-control-nonce min-values-control-private-nonce
  mpc-control-nohook mpc-control-values mpc-control-blindings
  mpc-control-randomness
  shared-control-nohook shared-control-values shared-control-blindings
  shared-control-randomness shared-control-nonce shared-control-private-nonce
  shared-control-message
  gadgets-control-nohook gadgets-control-values gadgets-control-blindings
  gadgets-control-randomness gadgets-control-witness)
# The runs that must report 0 errors: the main run, and with CT_SHA256=1 the
# SHA-256 preimage proof in a process of its own. That proof (25,827 multipliers)
# takes 5 to 8 minutes under valgrind, each of its two runs longer than all the
# other controls together, so CI leaves it out; CT_SHA256=1 runs it and its witness
# control first, so that no long run is left for the end.
clean=(real)
if [ "${CT_SHA256:-0}" = 1 ]; then
  clean+=(sha256)
  controls=(sha256-control-witness "${controls[@]}")
fi
start() { # start NAME [MODE]: one valgrind run in the background
  local name="$1"
  shift
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
  ( set +e; t0=$SECONDS
    "${vg[@]}" "$bin" "$@" >"$out/$name.out" 2>"$out/$name.err"; echo $? >"$out/$name.code"
    echo $((SECONDS - t0)) >"$out/$name.time" ) &
}
for run in "${clean[@]}"; do
  if [ "$run" = real ]; then start real; else start "$run" "$run"; fi
done
for control in "${controls[@]}"; do start "$control" "$control"; done
wait

for run in "${clean[@]}"; do
  cat "$out/$run.out"
  if [ "$(cat "$out/$run.code")" -ne 0 ]; then
    cat "$out/$run.err" >&2
    echo "ct: valgrind errors in the provers, run '$run' (exit $(cat "$out/$run.code"))" >&2
    exit 1
  fi
  echo "ct: run '$run': 0 valgrind errors in the provers ($(cat "$out/$run.time") s)"
done

for control in "${controls[@]}"; do
  output=$(cat "$out/$control.out")
  code=$(cat "$out/$control.code")
  if [ "$code" -ne 42 ]; then
    echo "ct: control '$control' was NOT caught by valgrind (exit $code): the harness is blind" >&2
    grep taint <<<"$output" >&2 || true
    exit 1
  fi
  case "$control" in
    *-values | *-blindings | *-masks | *-randomness | *-nonce | *-seed | *-witness | *-message)
      if ! grep -qx 'ct_prover: taint as expected' <<<"$output"; then
        echo "ct: control '$control': a secret's taint did not arrive where the data flow says:" >&2
        grep taint <<<"$output" >&2 || true
        exit 1
      fi
      echo "ct: control '$control' caught by valgrind, its taint where the data flow says ($(cat "$out/$control.time") s)"
      ;;
    *)
      echo "ct: control '$control' caught by valgrind, as it must be ($(cat "$out/$control.time") s)"
      ;;
  esac
done
