#!/usr/bin/env python3
"""Pair ballistic/dalek criterion results and print a markdown table of ratios.

Reads what `cargo bench -p interop --bench range_proof` writes (criterion 0.5):

    target/criterion/<group>/<function>/<value>/new/benchmark.json
    target/criterion/<group>/<function>/<value>/new/estimates.json

with <group> = prove | verify, <function> = n<bits>_m<values> and
<value> = ballistic | dalek. benchmark.json carries group_id / function_id /
value_str; estimates.json carries mean / median / slope (...) point estimates and
95% confidence intervals in nanoseconds. Rows are paired on (group, function).

Usage:
    python3 crates/bench/bench_ratios.py [CRITERION_DIR] [--stat median]
        [--ours ballistic] [--theirs dalek] [--max-age-min MINUTES] [--ci]

CRITERION_DIR defaults to $CARGO_TARGET_DIR/criterion, else the workspace's
target/criterion (two levels above this script). Criterion keeps results of
earlier runs, so after a quick run `--max-age-min` helps to show only fresh ones.
Exit status 1 if no pair was found. Standard library only.
"""

import argparse
import json
import os
import re
import sys
import time


def default_criterion_dir():
    target = os.environ.get("CARGO_TARGET_DIR")
    if target:
        return os.path.join(target, "criterion")
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.join(here, "..", "..", "target", "criterion")


def fmt_ns(ns):
    """Human-readable duration from nanoseconds."""
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3f} {unit}"
    return f"{ns:.1f} ns"


def shape_key(function_id):
    """Sort key: n<bits>_m<values> numerically by (bits, values); others last."""
    m = re.fullmatch(r"n(\d+)_m(\d+)", function_id)
    if m:
        return (0, int(m.group(1)), int(m.group(2)), function_id)
    return (1, 0, 0, function_id)


def load(criterion_dir, max_age_min=None):
    """Yields (group, function, value, estimates, mtime) for every `new` result."""
    now = time.time()
    for root, dirs, files in os.walk(criterion_dir):
        dirs.sort()
        if os.path.basename(root) != "new" or "estimates.json" not in files:
            continue
        est_path = os.path.join(root, "estimates.json")
        mtime = os.path.getmtime(est_path)
        if max_age_min is not None and now - mtime > max_age_min * 60:
            continue
        with open(est_path, encoding="utf-8") as f:
            estimates = json.load(f)
        bench_path = os.path.join(root, "benchmark.json")
        if os.path.exists(bench_path):
            with open(bench_path, encoding="utf-8") as f:
                bench = json.load(f)
            group = bench.get("group_id")
            function = bench.get("function_id")
            value = bench.get("value_str")
        else:
            # Fall back to the directory layout <group>/<function>/<value>/new.
            rel = os.path.relpath(os.path.dirname(root), criterion_dir)
            parts = rel.split(os.sep)
            if len(parts) != 3:
                continue
            group, function, value = parts
        if group is None or function is None or value is None:
            continue
        yield group, function, value, estimates, mtime


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("criterion_dir", nargs="?", default=default_criterion_dir())
    ap.add_argument("--stat", default="median",
                    help="estimate to compare: median (default), mean, slope")
    ap.add_argument("--ours", default="ballistic", help="value id of our results")
    ap.add_argument("--theirs", default="dalek", help="value id of the peer's results")
    ap.add_argument("--max-age-min", type=float, default=None,
                    help="ignore results older than this many minutes")
    ap.add_argument("--ci", action="store_true",
                    help="also print the 95%% confidence intervals")
    args = ap.parse_args()

    if not os.path.isdir(args.criterion_dir):
        print(f"no criterion directory at {args.criterion_dir}", file=sys.stderr)
        return 1

    results = {}  # (group, function) -> {value: estimate dict}
    for group, function, value, estimates, _ in load(args.criterion_dir, args.max_age_min):
        est = estimates.get(args.stat)
        if est is None:  # e.g. slope is absent under flat sampling
            est = estimates.get("median")
            if est is None:
                continue
            print(f"note: {group}/{function}/{value} has no {args.stat}; using median",
                  file=sys.stderr)
        results.setdefault((group, function), {})[value] = est

    rows = []
    for (group, function), by_value in results.items():
        if args.ours in by_value and args.theirs in by_value:
            rows.append((group, function, by_value[args.ours], by_value[args.theirs]))
    if not rows:
        print(f"no {args.ours}/{args.theirs} pairs under {args.criterion_dir}", file=sys.stderr)
        return 1
    rows.sort(key=lambda r: (r[0], shape_key(r[1])))

    header = ["op", "shape", f"{args.ours} {args.stat}", f"{args.theirs} {args.stat}",
              f"ratio {args.ours}/{args.theirs}"]
    if args.ci:
        header[2:4] = [f"{args.ours} {args.stat} [95% CI]", f"{args.theirs} {args.stat} [95% CI]"]
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join(["---", "---", "---:", "---:", "---:"]) + "|")

    def cell(est):
        s = fmt_ns(est["point_estimate"])
        if args.ci:
            ci = est["confidence_interval"]
            s += f" [{fmt_ns(ci['lower_bound'])}, {fmt_ns(ci['upper_bound'])}]"
        return s

    for group, function, ours, theirs in rows:
        ratio = ours["point_estimate"] / theirs["point_estimate"]
        print(f"| {group} | {function} | {cell(ours)} | {cell(theirs)} | {ratio:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
