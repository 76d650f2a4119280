#!/usr/bin/env python3
"""Paired A/B timing of two builds of one criterion bench binary.

This machine drifts 10-50 % between runs, so a change of a few per cent cannot be
read from two separate `cargo bench` runs. This script alternates the two binaries
(old, new, new, old, ...) on the same filter, several rounds of short criterion
measurements, and reports for every benchmark the median of the per-round new/old
ratios (with min and max), which cancels most of the drift.

Build the old side from a worktree into its own target directory, e.g.

    git worktree add /tmp/old <commit>
    (cd /tmp/old && CARGO_TARGET_DIR=$PWD/../old-target cargo bench -p interop --bench range_proof --no-run)
    cargo bench -p interop --bench range_proof --no-run
    python3 crates/bench/paired_ab.py OLD_BIN NEW_BIN 'verify/n64_m(1|2)/ballistic' 8

where OLD_BIN and NEW_BIN are the `Executable` paths cargo prints.
"""

import re
import statistics
import subprocess
import sys

UNIT = {"ns": 1e-3, "µs": 1.0, "us": 1.0, "ms": 1e3, "s": 1e6}


def run(binary: str, bench_filter: str) -> dict:
    """One short criterion run: {benchmark id: median estimate in µs}."""
    out = subprocess.run(
        [binary, "--bench", bench_filter, "--warm-up-time", "0.5", "--measurement-time", "1.5"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    times, name = {}, None
    for line in out.splitlines():
        head = line.split()[0] if line.strip() and not line.startswith(" ") else None
        if head and "/" in head:
            name = head
        m = re.search(r"time:\s+\[\S+ \S+ (\S+) (\S+)", line)
        if m and name:
            times[name] = float(m.group(1)) * UNIT[m.group(2)]
    return times


def main() -> None:
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    old, new, bench_filter = sys.argv[1:4]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    samples = {}
    for r in range(rounds):
        order = [("old", old), ("new", new)] if r % 2 == 0 else [("new", new), ("old", old)]
        for side, binary in order:
            for name, t in run(binary, bench_filter).items():
                samples.setdefault(name, {}).setdefault(side, []).append(t)
    for name, d in sorted(samples.items()):
        o, n = d.get("old", []), d.get("new", [])
        ratios = [b / a for a, b in zip(o, n)]
        if not ratios:
            continue
        print(
            f"{name}: old median {statistics.median(o):.1f} µs, new median {statistics.median(n):.1f} µs; "
            f"new/old paired median {statistics.median(ratios):.3f} "
            f"(min {min(ratios):.3f}, max {max(ratios):.3f}, {len(ratios)} rounds)"
        )


if __name__ == "__main__":
    main()
