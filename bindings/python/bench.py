"""The overhead of the Python binding: one 64-bit verification through
``ballistic.<curve>.verify`` against the Rust call ``ballistic_api::verify`` on the
same proofs (a pool made here, cycled through by both sides).

Run it against a release build of both sides, from the repository root:

    python3 -m venv /tmp/bench && /tmp/bench/bin/pip install ./bindings/python
    /tmp/bench/bin/python bindings/python/bench.py [--curve ristretto255] [--protocol bp]

``pip install`` builds the package in release; the Rust side is the example
``verify_timing`` of this crate, run with ``cargo run --release`` (the same target
directory). Each side runs ``--rounds`` rounds of ``--calls`` verifications, twice,
alternating; the report gives the best and the median time per verification and
the ratio Python / Rust (the target: at most 1.05).
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import ballistic
from ballistic import ristretto, secp256k1

ROOT = pathlib.Path(__file__).resolve().parents[2]


def python_rounds(mod, pool, kw, rounds: int, calls: int) -> list:
    verify = mod.verify
    n = len(pool)
    for p in pool:  # warm-up, as the Rust side
        verify(p.proof, p.commitments, **kw)
    out = []
    for _ in range(rounds):
        start = time.perf_counter_ns()
        for k in range(calls):
            p = pool[k % n]
            verify(p.proof, p.commitments, **kw)
        out.append((time.perf_counter_ns() - start) / calls)
    return out


def rust_rounds(pool_file: str, rounds: int, calls: int) -> list:
    cmd = [
        "cargo", "run", "--quiet", "--release", "-p", "ballistic-python",
        "--example", "verify_timing", "--", pool_file, str(rounds), str(calls),
    ]
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    return [result["best_ns"], result["median_ns"]]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--curve", default="ristretto255", choices=["ristretto255", "secp256k1"])
    ap.add_argument("--protocol", default="bp", choices=["bp", "bp+"])
    ap.add_argument("--pool", type=int, default=16, help="proofs in the pool")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--calls", type=int, default=200, help="verifications per round")
    args = ap.parse_args()

    mod = ristretto if args.curve == "ristretto255" else secp256k1
    domain = b"" if (args.curve, args.protocol) == ("secp256k1", "bp") else b"bench"
    kw = {"bits": 64, "protocol": args.protocol}
    if domain:
        kw["domain"] = domain
    pool = [mod.prove([k * 7919 + 1], **kw) for k in range(args.pool)]
    doc = {
        "curve": args.curve,
        "protocol": args.protocol,
        "bits": 64,
        "domain": domain.hex(),
        "proofs": [{"proof": p.proof.hex(), "commitments": [c.hex() for c in p.commitments]} for p in pool],
    }
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(doc, f)
        pool_file = f.name
    try:
        # Build the Rust side before timing anything.
        subprocess.run(
            ["cargo", "build", "--quiet", "--release", "-p", "ballistic-python", "--example", "verify_timing"],
            cwd=ROOT, check=True,
        )
        py, rs = [], []
        for _ in range(2):
            r = rust_rounds(pool_file, args.rounds, args.calls)
            rs.append(r)
            py.extend(python_rounds(mod, pool, kw, args.rounds, args.calls))
    finally:
        os.unlink(pool_file)
    rust_best = min(r[0] for r in rs)
    rust_median = statistics.median(r[1] for r in rs)
    py_best = min(py)
    py_median = statistics.median(py)
    print(f"{args.curve} {args.protocol}, one 64-bit value, pool of {args.pool}, "
          f"{args.rounds} rounds x {args.calls} calls x 2 (Python {sys.version.split()[0]}, ballistic "
          f"{getattr(ballistic, '__version__', '?')})")
    print(f"  Rust   ballistic_api::verify : best {rust_best / 1000:9.1f} us   median {rust_median / 1000:9.1f} us")
    print(f"  Python {mod.__name__}.verify : best {py_best / 1000:9.1f} us   median {py_median / 1000:9.1f} us")
    print(f"  ratio Python / Rust         : best {py_best / rust_best:.3f}        median {py_median / rust_median:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
