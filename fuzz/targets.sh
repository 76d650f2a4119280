# Sourced by run.sh and campaign.sh: the fuzz targets and how each is built.
#
# Two modes: `smoke` (run.sh, CI: short runs, as few builds as possible) and
# `campaign` (campaign.sh: executions count). verify always runs under
# AddressSanitizer: it exercises the unsafe SIMD field code (the ristretto255 lane
# backend chosen at run time: IFMA, else AVX2, on x86-64) on proofs. In smoke mode
# every target runs under ASan, so that CI builds one configuration; msm among them
# reaches every lane backend the CPU has, one per input (and prints them). In
# campaign mode the others run without a sanitizer (safe Rust, the C library, which
# is not instrumented, or, for msm, the lane code that verify and the smoke runs
# check under ASan), which multiplies their executions. ASan builds have their own
# target directory.
# In campaign mode msm_secp256k1 and diff_zkp build without debug assertions (-O):
# k256's magnitude checks would cost them ~3× and ~1.7× the executions (they run in
# the debug unit tests).
# Fastest first (executions per second), which campaign.sh relies on.
TARGETS=(decode proof_file circuit_file api verify zkp msm_secp256k1 batch diff_dalek bp_plus msm diff_zkp r1cs vectors mpc shared_output)

# Prints the `cargo fuzz run` options of target $1 in mode $2 (smoke or campaign),
# one per line.
target_flags() {
  local asan=(--sanitizer address --target-dir target/asan)
  if [ "$2" = smoke ]; then
    printf '%s\n' "${asan[@]}"
    return
  fi
  case "$1" in
    msm_secp256k1 | diff_zkp) printf '%s\n' -O --sanitizer none ;;
    verify) printf '%s\n' "${asan[@]}" ;;
    *) printf '%s\n' --sanitizer none ;;
  esac
}

# Prints the executions libFuzzer reports in log $1 ("?" if none).
executions() {
  grep -o 'stat::number_of_executed_units: *[0-9]*' "$1" | grep -o '[0-9]*$' | tail -1 || echo "?"
}
