"""Shared fixtures: the repository's paths, the command-line binary, small proofs."""

from __future__ import annotations

import os
import pathlib
import shutil

import pytest

# bindings/python/tests -> repository root.
REPO = pathlib.Path(os.environ.get("BALLISTIC_REPO", pathlib.Path(__file__).resolve().parents[3]))
VECTORS = REPO / "crates" / "ballistic" / "tests" / "vectors"

#: Every curve and protocol, with the keywords a statement on it needs.
STATEMENTS = [
    ("ristretto255", "bp", {"domain": b"py test"}),
    ("ristretto255", "bp+", {"domain": b"py test"}),
    ("secp256k1", "bp", {"extra_commit": b"py test"}),
    ("secp256k1", "bp+", {"domain": b"py test"}),
]


def module(curve: str):
    """The ballistic module of a curve."""
    from ballistic import ristretto, secp256k1

    return {"ristretto255": ristretto, "secp256k1": secp256k1}[curve]


@pytest.fixture(scope="session")
def cli() -> str:
    """The ``ballistic`` command: ``$BALLISTIC_CLI``, else the workspace's debug
    build (test.sh builds it). A missing binary fails the tests that need it."""
    path = os.environ.get("BALLISTIC_CLI")
    if not path:
        target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
        path = str(target / "debug" / "ballistic")
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        found = shutil.which("ballistic")
        if found is None:
            pytest.fail(
                f"the ballistic command is not at {path}: run `cargo build -p ballistic-cli` "
                "or set BALLISTIC_CLI"
            )
        path = found
    return path
