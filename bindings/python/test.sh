#!/usr/bin/env bash
# Builds the Python package `ballistic` in the dev profile into the workspace's
# target directory, installs it into a virtualenv under that directory (with
# maturin and pytest from PyPI) and runs its pytest suite, including interop with
# the `ballistic` command (built here too if absent). Fails if anything cannot be
# installed or built.
#
#   bash bindings/python/test.sh [pytest arguments...]
#
# PYTHON picks the interpreter (default python3, >= 3.9); CARGO_TARGET_DIR the
# target directory (default target/ of the workspace).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
TARGET=${CARGO_TARGET_DIR:-$ROOT/target}
PYTHON=${PYTHON:-python3}
VENV=$TARGET/python-venv
WHEELS=$TARGET/python-wheels

if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
  "maturin>=1.9.4,<2" "pytest>=7"

# The dev profile and the workspace's target directory: no release build. The
# extension's feature set differs from the workspace tests' (--all-features), so its
# ballistic is a compilation of its own; at opt-level 1 instead of the workspace's 3
# it compiles in half the time (about 3 instead of 6 minutes on 2 cores) and the
# suite runs about a second longer.
rm -rf "$WHEELS"
"$VENV/bin/maturin" build --profile dev --quiet \
  --config 'profile.dev.package.ballistic.opt-level=1' \
  --manifest-path bindings/python/Cargo.toml \
  --interpreter "$VENV/bin/python" --out "$WHEELS"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
  --force-reinstall --no-deps "$WHEELS"/ballistic-*.whl

# The command for the interop tests: the workspace's debug build when the workspace
# tests have built it, else built now.
if [ -z "${BALLISTIC_CLI:-}" ]; then
  BALLISTIC_CLI=$TARGET/debug/ballistic
  if [ ! -x "$BALLISTIC_CLI" ]; then
    CARGO_TARGET_DIR=$TARGET cargo build --quiet -p ballistic-cli
  fi
fi
export BALLISTIC_CLI BALLISTIC_REPO=$ROOT

# From a directory outside the sources: the installed package is the one tested.
cd "$TARGET"
"$VENV/bin/python" -m pytest -q -p no:cacheprovider "$ROOT/bindings/python/tests" "$@"
