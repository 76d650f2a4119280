#!/usr/bin/env python3
"""Plot the interop benchmarks from criterion's output as SVG files (no dependencies).

Reads what the benches of `crates/interop` write (criterion 0.5):

    <CRITERION_DIR>/<group>/<id>/<side>/new/estimates.json   (median.point_estimate, ns)
    <CRITERION_DIR>/<group>/<id>/<side>/new/benchmark.json   (group_id, function_id, value_str)

and writes these plots to docs/img/ (or --out):

    prove_vs_m.svg        group `prove`, ids n64_m{1,2,4,8,16,32}: ballistic, dalek
    verify_vs_m.svg       group `verify`, same ids and sides
    batch_per_proof.svg   `batch_verify/n64_m1_k{K}` (ballistic, dalek one by one) and
                          `tari_batch/n64_m1_k{K}` (tari_bulletproofs_plus), time / K
    secp256k1_ratios.svg  `zkp_prove/n64_m1`, `zkp_verify/n64_m1`, `zkp_batch/n64_m1_k{64,1024}`:
                          ballistic / c_ffi, c64_ffi, c64_asm_ffi (secp256k1-zkp's C code)
    r1cs_shuffle.svg      `r1cs_shuffle_prove/k{K}` and `r1cs_shuffle_verify/k{K}`: ballistic,
                          dalek (`bulletproofs` 4.0.0, `yoloproofs`)
    r1cs_sha256.svg       `sha256_{prove,verify,batch16}/compression/{ballistic,dalek}`:
                          ballistic ÷ dalek, and ÷ Blockstream's published 2017 figures
    bp_plus_ratios.svg    `bp_plus_{prove,verify}/n64_m{1,2,8}`, `bp_plus_batch/n64_m1_k{64,1024}`:
                          ballistic's BP+ ÷ tari_bulletproofs_plus, and ÷ ballistic's own BP

Each directory given is one run (one backend); up to four can be drawn together (the
first with solid lines, filled markers and plain bars, the others dashed, hollow and
hatched). Give one --label per directory, e.g. --label "AVX2, Zen 4, 2026-11-25": the
caption shows it whole, the legend (with two runs or more) its text before the first
comma. Without it the label is the directory and the UTC date of its newest result.
--note is appended to every caption, e.g. "(short validation run)". A plot without
any data point is not written (an existing file is left alone). --markdown also
prints the plotted numbers and ratios as markdown tables.

Usage:
    python3 crates/bench/plot.py [CRITERION_DIR ...] [--label LABEL ...] [--note TEXT]
        [--out docs/img] [--stat median] [--max-age-min MINUTES] [--markdown]

    # both backends (BENCHMARKS.md gives the bench commands that fill the directories)
    python3 crates/bench/plot.py target/criterion target/ifma/criterion \
        --label "AVX2, Zen 4, 2026-11-25" --label "IFMA, Zen 4, 2026-11-25" --markdown

CRITERION_DIR defaults to $CARGO_TARGET_DIR/criterion, else target/criterion of the
workspace (one level above this script). Standard library only.
"""

import argparse
import datetime
import math
import os
import re
import sys
from xml.sax.saxutils import escape

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_ratios  # noqa: E402  (the criterion reader shared with the ratio tables)

PROVE_MS = [1, 2, 4, 8, 16, 32]
BATCH_KS = [1, 4, 16, 64, 256, 1024]
ZKP_WORKLOADS = [
    ("zkp_prove", "n64_m1", 1, "prove"),
    ("zkp_verify", "n64_m1", 1, "verify"),
    ("zkp_batch", "n64_m1_k64", 64, "batch of 64"),
    ("zkp_batch", "n64_m1_k1024", 1024, "batch of 1024"),
]
ZKP_PEERS = [
    ("c_ffi", "C 32-bit (grin's build)"),
    ("c64_ffi", "C 64-bit"),
    ("c64_asm_ffi", "C 64-bit + asm"),
]

COLOURS = {
    "ballistic": "#0072B2",
    "dalek": "#D55E00",
    "tari_bulletproofs_plus": "#009E73",
    "c_ffi": "#E69F00",
    "c64_ffi": "#CC79A7",
    "c64_asm_ffi": "#56B4E9",
    "blockstream": "#999999",
    "ballistic_bp": "#56B4E9",
}
DASHES = [None, "7,4", "2,3", "9,3,2,3"]
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


# ---------------------------------------------------------------------------
# Reading criterion's output


def default_criterion_dir():
    target = os.environ.get("CARGO_TARGET_DIR")
    if target:
        return os.path.join(target, "criterion")
    here = os.path.dirname(os.path.abspath(__file__))
    return os.path.normpath(os.path.join(here, "..", "..", "target", "criterion"))


def load(criterion_dir, stat, max_age_min):
    """{(group, id, side): ns} for every `new` result, and the newest result's mtime
    (the results as `crates/bench/bench_ratios.py` reads them)."""
    results, newest = {}, None
    for group, function, value, estimates, mtime in bench_ratios.load(criterion_dir, max_age_min):
        est = estimates.get(stat) or estimates.get("median")
        if not est:
            continue
        results[(group, function, value)] = est["point_estimate"]
        newest = mtime if newest is None else max(newest, mtime)
    return results, newest


class Run:
    def __init__(self, index, directory, label, results):
        self.index = index
        self.directory = directory
        self.label = label
        self.r = results

    def get(self, group, ident, side):
        return self.r.get((group, ident, side))

    def per_m(self, group, side):
        """[(m, ns)] for n = 64."""
        return [(m, t) for m in PROVE_MS if (t := self.get(group, f"n64_m{m}", side))]

    def per_shuffle_k(self, group, side):
        """[(k, ns)] for the k-shuffle circuit benches."""
        out = []
        for g, ident, sd in self.r:
            m = re.fullmatch(r"k(\d+)", ident or "")
            if g == group and sd == side and m:
                out.append((int(m.group(1)), self.r[(g, ident, sd)]))
        return sorted(out)

    def per_k(self, group, side):
        """[(k, ns per proof)] for batches of single 64-bit proofs."""
        out = []
        for k in self.batch_ks(group):
            t = self.get(group, f"n64_m1_k{k}", side)
            if t:
                out.append((k, t / k))
        return out

    def batch_ks(self, group):
        ks = set(BATCH_KS)
        for g, ident, _ in self.r:
            m = re.fullmatch(r"n64_m1_k(\d+)", ident or "")
            if g == group and m:
                ks.add(int(m.group(1)))
        return sorted(ks)


# ---------------------------------------------------------------------------
# Number formatting


def fmt_time(ns, digits=3):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale * 0.9995:
            return f"{ns / scale:.{digits}g} {unit}"
    return f"{ns:.{digits}g} ns"


def fmt_tick_time(ns):
    return fmt_time(ns, 3)


def fmt_table(ns):
    """As bench_ratios.py prints durations: three decimals."""
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3f} {unit}"
    return f"{ns:.1f} ns"


def fmt_num(x):
    return f"{x:,.0f}" if x >= 1 else f"{x:g}"


# ---------------------------------------------------------------------------
# A minimal SVG chart


class Svg:
    def __init__(self, width, height):
        self.w, self.h = width, height
        self.parts = []

    def add(self, s):
        self.parts.append(s)

    def text(self, x, y, s, size=12, anchor="start", weight=None, fill="#222", rotate=None,
             style=None):
        attrs = f'x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" fill="{fill}"'
        if weight:
            attrs += f' font-weight="{weight}"'
        if style:
            attrs += f' font-style="{style}"'
        if rotate is not None:
            attrs += f' transform="rotate({rotate} {x:.1f} {y:.1f})"'
        self.add(f"<text {attrs}>{escape(s)}</text>")

    def line(self, x1, y1, x2, y2, stroke="#222", width=1.0, dash=None, opacity=None):
        attrs = f'x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{stroke}" stroke-width="{width}"'
        if dash:
            attrs += f' stroke-dasharray="{dash}"'
        if opacity is not None:
            attrs += f' stroke-opacity="{opacity}"'
        self.add(f"<line {attrs}/>")

    def polyline(self, pts, stroke, width=2.0, dash=None):
        p = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
        attrs = f'points="{p}" fill="none" stroke="{stroke}" stroke-width="{width}" stroke-linejoin="round"'
        if dash:
            attrs += f' stroke-dasharray="{dash}"'
        self.add(f"<polyline {attrs}/>")

    def marker(self, x, y, colour, filled, shape="circle"):
        fill = colour if filled else "#fff"
        if shape == "square":
            self.add(f'<rect x="{x - 4:.1f}" y="{y - 4:.1f}" width="8" height="8" fill="{fill}" '
                     f'stroke="{colour}" stroke-width="1.6"/>')
        elif shape == "diamond":
            self.add(f'<polygon points="{x:.1f},{y - 5.5:.1f} {x + 5.5:.1f},{y:.1f} {x:.1f},{y + 5.5:.1f} '
                     f'{x - 5.5:.1f},{y:.1f}" fill="{fill}" stroke="{colour}" stroke-width="1.6"/>')
        else:
            self.add(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4.2" fill="{fill}" '
                     f'stroke="{colour}" stroke-width="1.6"/>')

    def rect(self, x, y, w, h, fill, stroke=None, opacity=None, pattern=None):
        attrs = f'x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{fill}"'
        if stroke:
            attrs += f' stroke="{stroke}" stroke-width="1.2"'
        if opacity is not None:
            attrs += f' fill-opacity="{opacity}"'
        self.add(f"<rect {attrs}/>")
        if pattern:
            self.add(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" '
                     f'fill="url(#{pattern})"/>')

    def render(self, title):
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.w}" height="{self.h}" '
            f'viewBox="0 0 {self.w} {self.h}" font-family="{FONT}" role="img">\n'
            f"<title>{escape(title)}</title>\n"
            '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="6" stroke="#fff" '
            'stroke-width="2.2"/></pattern></defs>\n'
            f'<rect width="{self.w}" height="{self.h}" fill="#fff"/>\n'
        )
        return head + "\n".join(self.parts) + "\n</svg>\n"


class Axis:
    """A log10 or linear axis mapping data values to pixels."""

    def __init__(self, lo, hi, p0, p1, log):
        self.log = log
        self.lo, self.hi = lo, hi
        self.p0, self.p1 = p0, p1

    def __call__(self, v):
        if self.log:
            a, b, x = math.log10(self.lo), math.log10(self.hi), math.log10(v)
        else:
            a, b, x = self.lo, self.hi, v
        return self.p0 + (x - a) / (b - a) * (self.p1 - self.p0)


def log_range(values, pad=1.15):
    """A log axis range around the values, widened to labelled ticks at both ends."""
    lo, hi = min(values) / pad, max(values) * pad
    steps = (1, 2, 3, 5) if math.log10(hi / lo) <= 3.0 else (1,)
    ticks = [s * 10.0**e for e in range(math.floor(math.log10(lo)) - 1,
                                        math.ceil(math.log10(hi)) + 2) for s in steps]
    return max(t for t in ticks if t <= lo), min(t for t in ticks if t >= hi)


def log_ticks(lo, hi):
    """Major (labelled) and minor ticks of a log axis: 1-2-5 per decade."""
    decades = math.log10(hi / lo)
    steps = (1, 2, 5) if decades <= 3.5 else (1,)
    minors = (1, 2, 3, 4, 5, 6, 7, 8, 9)
    major, minor = [], []
    for e in range(math.floor(math.log10(lo)) - 1, math.ceil(math.log10(hi)) + 1):
        for s in minors:
            v = s * 10.0**e
            if lo <= v <= hi:
                end = math.isclose(v, lo) or math.isclose(v, hi)
                (major if s in steps or (end and steps != (1,)) else minor).append(v)
    return major, minor


class Chart:
    """A line chart with log axes, a legend on the right and a caption below."""

    W, H = 860, 500
    L, R, T, B = 86, 590, 52, 400

    def __init__(self, title, xlabel, ylabel, caption):
        self.svg = Svg(self.W, self.H)
        self.title, self.xlabel, self.ylabel, self.caption = title, xlabel, ylabel, caption
        self.legend = []  # (sort key, label, colour, dash, filled, shape)

    def frame(self, xs, ys, xticks, xlabels=None, ytick_fmt=fmt_tick_time):
        s = self.svg
        xlo, xhi = min(xs) / 1.3, max(xs) * 1.3
        ylo, yhi = log_range(ys)
        self.x = Axis(xlo, xhi, self.L, self.R, log=True)
        self.y = Axis(ylo, yhi, self.B, self.T, log=True)
        major, minor = log_ticks(ylo, yhi)
        for v in minor:
            s.line(self.L, self.y(v), self.R, self.y(v), stroke="#eee")
        for v in major:
            s.line(self.L, self.y(v), self.R, self.y(v), stroke="#d4d4d4")
            s.text(self.L - 7, self.y(v) + 4, ytick_fmt(v), size=11, anchor="end", fill="#444")
        for i, v in enumerate(xticks):
            s.line(self.x(v), self.T, self.x(v), self.B, stroke="#eee")
            s.line(self.x(v), self.B, self.x(v), self.B + 5, stroke="#444")
            lab = xlabels[i] if xlabels else fmt_num(v)
            s.text(self.x(v), self.B + 19, lab, size=11, anchor="middle", fill="#444")
        s.add(f'<rect x="{self.L}" y="{self.T}" width="{self.R - self.L}" height="{self.B - self.T}" '
              'fill="none" stroke="#444" stroke-width="1"/>')
        s.text((self.L + self.R) / 2, 28, self.title, size=16, anchor="middle", weight="bold")
        s.text((self.L + self.R) / 2, self.B + 42, self.xlabel, size=13, anchor="middle")
        s.text(22, (self.T + self.B) / 2, self.ylabel, size=13, anchor="middle", rotate=-90)

    def series(self, pts, label, colour, dash, filled, shape="circle", key=0):
        if not pts:
            return
        xy = [(self.x(x), self.y(y)) for x, y in pts]
        self.svg.polyline(xy, colour, dash=dash)
        for x, y in xy:
            self.svg.marker(x, y, colour, filled, shape)
        self.legend.append((key, label, colour, dash, filled, shape))

    def annotate(self, x, y, s, colour, below=True):
        px, py = self.x(x), self.y(y)
        self.svg.text(px, py + (17 if below else -9), s, size=10, anchor="middle", fill=colour,
                      weight="bold")

    def finish(self, note_lines=()):
        s = self.svg
        y = self.T + 8
        for _, label, colour, dash, filled, shape in sorted(self.legend, key=lambda e: e[0]):
            s.line(self.R + 16, y, self.R + 50, y, stroke=colour, width=2, dash=dash)
            s.marker(self.R + 33, y, colour, filled, shape)
            s.text(self.R + 58, y + 4, label, size=12)
            y += 22
        y += 6
        for line in note_lines:
            s.text(self.R + 16, y + 4, line, size=11, fill="#555", style="italic")
            y += 16
        for i, line in enumerate(self.caption):
            s.text(12, self.H - 12 - 16 * (len(self.caption) - 1 - i), line, size=11, fill="#333")
        return s.render(self.title)


LINE_STYLES = ["solid, filled", "dashed, hollow", "dotted, hollow", "dash-dot, hollow"]
BAR_STYLES = ["plain bars", "hatched bars", "hatched bars (3)", "hatched bars (4)"]


def caption_lines(runs, note, what, styles=LINE_STYLES):
    """The caption: what was measured, then the runs (backend, date) and the note."""
    lines = [what]
    if len(runs) == 1:
        lines.append(f"Backend and date: {runs[0].label}. {note}".strip())
    else:
        desc = "; ".join(f"{styles[r.index]}: {r.label}" for r in runs)
        lines.append(f"{desc}. {note}".strip())
    return lines


def style(run):
    return DASHES[run.index % len(DASHES)], run.index == 0


def suffix(runs, run):
    return f" ({run.label.split(',')[0]})" if len(runs) > 1 else ""


# ---------------------------------------------------------------------------
# The plots


def plot_vs_m(runs, group, verb, note):
    data = [(r, r.per_m(group, "ballistic"), r.per_m(group, "dalek")) for r in runs]
    ys = [t for _, a, b in data for _, t in a + b]
    if not ys:
        return None
    what = (f"{verb.capitalize()} one aggregated range proof of m values of 64 bits, "
            "criterion medians; labels: ballistic ÷ dalek in the same run.")
    c = Chart(f"{verb.capitalize()} time against m (n = 64)", "m (values per proof)",
              f"{verb} time (log scale)", caption_lines(runs, note, what))
    xs = [m for _, a, b in data for m, _ in a + b]
    ticks = [m for m in PROVE_MS if min(xs) <= m <= max(xs)]
    c.frame(xs, ys, ticks)
    for run, ours, theirs in data:
        dash, filled = style(run)
        c.series(theirs, "dalek bulletproofs 5" + suffix(runs, run), COLOURS["dalek"], dash,
                 filled, "square", key=(1, run.index))
        c.series(ours, "ballistic" + suffix(runs, run), COLOURS["ballistic"], dash, filled,
                 key=(0, run.index))
        d = dict(theirs)
        for m, t in ours:
            if m in d:
                c.annotate(m, t, f"{t / d[m]:.2f}×", COLOURS["ballistic"])
    return c.finish(["lower is better"])


def plot_shuffle(runs, note):
    series = []
    for r in runs:
        for group, verb in (("r1cs_shuffle_prove", "prove"), ("r1cs_shuffle_verify", "verify")):
            series.append((r, verb, r.per_shuffle_k(group, "ballistic"), r.per_shuffle_k(group, "dalek")))
    ys = [t for _, _, a, b in series for _, t in a + b]
    if not ys:
        return None
    what = ("dalek's k-shuffle circuit (2(k − 1) multipliers, two phases), one gadget on both "
            "sides, criterion medians; labels: ballistic ÷ dalek, same run.")
    lines = caption_lines(runs, note, what)
    lines.insert(1, "Solid: prove; dashed: verify (ballistic over its cached generator tables).")
    c = Chart("R1CS: k-shuffle against dalek's bulletproofs 4.0.0", "k (values shuffled)",
              "time (log scale)", lines)
    xs = [k for _, _, a, b in series for k, _ in a + b]
    c.frame(xs, ys, sorted(set(xs)))
    for run, verb, ours, theirs in series:
        _, filled = style(run)
        dash = "6,4" if verb == "verify" else None
        c.series(theirs, f"dalek 4.0.0 {verb}" + suffix(runs, run), COLOURS["dalek"], dash,
                 filled, "square", key=(1, run.index, verb))
        c.series(ours, f"ballistic {verb}" + suffix(runs, run), COLOURS["ballistic"], dash, filled,
                 key=(0, run.index, verb))
        d = dict(theirs)
        for k, t in ours:
            if k in d:
                c.annotate(k, t, f"{t / d[k]:.2f}×", COLOURS["ballistic"])
    return c.finish(["lower is better"])


def dalek_per_proof(run):
    """dalek verifies one by one: the batch bench's time / k, else its single verify."""
    pts = run.per_k("batch_verify", "dalek")
    if pts:
        return pts, False
    t = run.get("verify", "n64_m1", "dalek")
    return ([(None, t)] if t else []), True


def plot_batch(runs, note):
    data = []
    for run in runs:
        ours = run.per_k("batch_verify", "ballistic") or run.per_k("tari_batch", "ballistic")
        tari = run.per_k("tari_batch", "tari_bulletproofs_plus")
        dalek, flat = dalek_per_proof(run)
        data.append((run, ours, tari, dalek, flat))
    ys = [t for _, a, b, d, _ in data for _, t in a + b + d]
    xs = [k for _, a, b, d, _ in data for k, _ in a + b + d if k is not None]
    if not ys or not xs:
        return None
    what = ("Verify k single 64-bit proofs, time per proof (criterion median ÷ k); "
            "dalek has no batch API and verifies one by one.")
    c = Chart("Batch verification: time per proof", "batch size k (proofs)",
              "time per proof (log scale)", caption_lines(runs, note, what))
    ticks = sorted({k for k in xs})
    c.frame(xs, ys, ticks)
    notes = ["lower is better"]
    for run, ours, tari, dalek, flat in data:
        dash, filled = style(run)
        if flat and dalek:
            t = dalek[0][1]
            dalek = [(min(xs), t), (max(xs), t)]
            notes.append("dalek: its single verify" + suffix(runs, run))
        c.series(dalek, "dalek, one by one" + suffix(runs, run), COLOURS["dalek"], dash, filled,
                 "square", key=(2, run.index))
        c.series(tari, "tari_bulletproofs_plus" + suffix(runs, run),
                 COLOURS["tari_bulletproofs_plus"], dash, filled, "diamond", key=(1, run.index))
        c.series(ours, "ballistic" + suffix(runs, run), COLOURS["ballistic"], dash, filled,
                 key=(0, run.index))
    return c.finish(notes)


def zkp_ratios(run):
    """{(workload label, peer): ratio} from one run."""
    out = {}
    for group, ident, _, label in ZKP_WORKLOADS:
        ours = run.get(group, ident, "ballistic")
        for peer, _ in ZKP_PEERS:
            theirs = run.get(group, ident, peer)
            if ours and theirs:
                out[(label, peer)] = ours / theirs
    return out


def plot_secp(runs, note):
    what = ("secp256k1, 64-bit single proofs, Grin's 256 generators: ballistic ÷ secp256k1-zkp's "
            "C code (FFI, one scratch space); batch ratios per proof.")
    workloads = [w[3] for w in ZKP_WORKLOADS]
    return ratio_bars(runs, note, "secp256k1: ballistic ÷ secp256k1-zkp", what, workloads,
                      ZKP_PEERS, zkp_ratios)


# The SHA-256 compression benches (`crates/interop/benches/sha256.rs`): group, the
# workload's label; dalek's batch group is 16 single verifications.
SHA256_WORKLOADS = [
    ("sha256_prove", "prove"),
    ("sha256_verify", "verify"),
    ("sha256_batch16", "16 proofs"),
]
# Blockstream's published 2017 figures (not measured here): prove, verify, and a
# batch of 16 as one verification plus 15 extra proofs at 28 ms.
BLOCKSTREAM_NS = {"prove": 13e9, "verify": 435e6, "16 proofs": 435e6 + 15 * 28e6}
SHA256_PEERS = [
    ("dalek", "dalek 4.0.0, same run"),
    ("blockstream", "Blockstream 2017, published"),
]


def sha256_ratios(run):
    """{(workload label, peer): ballistic ÷ peer} from one run."""
    out = {}
    for group, label in SHA256_WORKLOADS:
        ours = run.get(group, "compression", "ballistic")
        dalek = run.get(group, "compression", "dalek")
        if ours and dalek:
            out[(label, "dalek")] = ours / dalek
        if ours:
            out[(label, "blockstream")] = ours / BLOCKSTREAM_NS[label]
    return out


def plot_sha256(runs, note):
    what = ("SHA-256 compression, 2^15 multipliers, one core; dalek: the same gadget, "
            "16 proofs one by one; Blockstream: 13 s, 435 ms, +28 ms per proof.")
    workloads = [w[1] for w in SHA256_WORKLOADS]
    return ratio_bars(runs, note, "R1CS: SHA-256 compression, ballistic ÷ peers", what,
                      workloads, SHA256_PEERS, sha256_ratios)


# The Bulletproofs+ benches (`crates/interop/benches/bp_plus.rs`): group, id, label.
BP_PLUS_WORKLOADS = [
    ("bp_plus_prove", "n64_m1", "prove\nm = 1"),
    ("bp_plus_prove", "n64_m2", "prove\nm = 2"),
    ("bp_plus_prove", "n64_m8", "prove\nm = 8"),
    ("bp_plus_verify", "n64_m1", "verify\nm = 1"),
    ("bp_plus_verify", "n64_m2", "verify\nm = 2"),
    ("bp_plus_verify", "n64_m8", "verify\nm = 8"),
    ("bp_plus_batch", "n64_m1_k64", "batch 64"),
    ("bp_plus_batch", "n64_m1_k1024", "batch 1024"),
]
BP_PLUS_PEERS = [
    ("tari_bulletproofs_plus", "÷ tari_bulletproofs_plus 0.5"),
    ("ballistic_bp", "÷ ballistic's BP (dalek format)"),
]


def bp_plus_ratios(run):
    """{(workload label, peer): ballistic's BP+ ÷ peer} from one run."""
    out = {}
    for group, ident, label in BP_PLUS_WORKLOADS:
        ours = run.get(group, ident, "ballistic")
        for peer, _ in BP_PLUS_PEERS:
            theirs = run.get(group, ident, peer)
            if ours and theirs:
                out[(label, peer)] = ours / theirs
    return out


def plot_bp_plus(runs, note):
    what = ("Bulletproofs+ on ristretto255, 64-bit values, extension degree 1: each side "
            "proves and verifies its own proofs; ballistic's prover is constant-time.")
    workloads = [w[2] for w in BP_PLUS_WORKLOADS]
    return ratio_bars(runs, note, "Bulletproofs+: ballistic ÷ peers", what, workloads,
                      BP_PLUS_PEERS, bp_plus_ratios)


def ratio_bars(runs, note, title, what, workloads, peers, ratios_of):
    """Bars of ballistic ÷ each peer per workload (`ratios_of(run)` gives
    {(workload, peer): ratio}), one bar per run and peer; None without data."""
    ratios = [(run, ratios_of(run)) for run in runs]
    if not any(r for _, r in ratios):
        return None
    workloads = [w for w in workloads if any((w, p) in r for _, r in ratios for p, _ in peers)]
    series = [(run, peer, name) for run, r in ratios for peer, name in peers
              if any((w, peer) in r for w in workloads)]
    c = Chart(title, "", "ratio (lower is better for ballistic)",
              caption_lines(runs, note, what, BAR_STYLES))
    s = c.svg
    top = max([1.0] + [v for _, r in ratios for v in r.values()]) * 1.15
    top = math.ceil(top * 5) / 5
    y = Axis(0.0, top, c.B, c.T, log=False)
    step = 0.1 if top <= 1.2 else 0.2
    v = 0.0
    while v <= top + 1e-9:
        s.line(c.L, y(v), c.R, y(v), stroke="#e4e4e4")
        s.text(c.L - 7, y(v) + 4, f"{v:.1f}", size=11, anchor="end", fill="#444")
        v += step
    s.line(c.L, y(1.0), c.R, y(1.0), stroke="#444", width=1.2, dash="6,3")
    s.text(c.R - 4, y(1.0) - 5, "same speed", size=10, anchor="end", fill="#444")
    cluster = (c.R - c.L) / max(1, len(workloads))
    bar = min(34.0, (cluster - 24) / max(1, len(series)))
    for i, w in enumerate(workloads):
        x0 = c.L + i * cluster + (cluster - bar * len(series)) / 2
        for j, (run, peer, _) in enumerate(series):
            val = dict(ratios)[run].get((w, peer))
            if val is None:
                continue
            bx = x0 + j * bar
            s.rect(bx + 1, y(val), bar - 2, y(0) - y(val), COLOURS[peer],
                   pattern="hatch" if run.index else None)
            if bar >= 26:
                s.text(bx + bar / 2, y(val) - 4, f"{val:.2f}", size=10, anchor="middle")
            else:
                s.text(bx + bar / 2 + 3.5, y(val) - 4, f"{val:.2f}", size=10, rotate=-90)
        for k, line in enumerate(w.split("\n")):
            s.text(c.L + (i + 0.5) * cluster, c.B + 19 + 15 * k, line, size=12, anchor="middle",
                   fill="#333")
        if w.startswith("batch"):
            s.text(c.L + (i + 0.5) * cluster, c.B + 34, "per proof", size=12, anchor="middle",
                   fill="#333")
    s.add(f'<rect x="{c.L}" y="{c.T}" width="{c.R - c.L}" height="{c.B - c.T}" fill="none" '
          'stroke="#444" stroke-width="1"/>')
    s.text((c.L + c.R) / 2, 28, c.title, size=16, anchor="middle", weight="bold")
    s.text(22, (c.T + c.B) / 2, c.ylabel, size=13, anchor="middle", rotate=-90)
    ly = c.T + 8
    for run, peer, name in series:
        s.rect(c.R + 16, ly - 7, 26, 14, COLOURS[peer], pattern="hatch" if run.index else None)
        s.text(c.R + 50, ly + 4, name + suffix(runs, run), size=11)
        ly += 22
    return c.finish([])


# ---------------------------------------------------------------------------
# Markdown tables of what was plotted


def markdown(runs):
    out = []
    for run in runs:
        out.append(f"### {run.label} ({run.directory})\n")
        rows = []
        for group in ("prove", "verify"):
            ours, theirs = dict(run.per_m(group, "ballistic")), dict(run.per_m(group, "dalek"))
            for m in PROVE_MS:
                if m in ours and m in theirs:
                    rows.append((f"{group} n64_m{m}", "dalek", ours[m], theirs[m]))
        for group, peer in (("batch_verify", "dalek"), ("tari_batch", "tari_bulletproofs_plus")):
            ours = dict(run.per_k(group, "ballistic"))
            theirs = dict(run.per_k(group, peer))
            for k in sorted(ours):
                if k in theirs:
                    rows.append((f"{group} k = {k}, per proof", peer, ours[k], theirs[k]))
        for group, ident, k, label in ZKP_WORKLOADS:
            ours = run.get(group, ident, "ballistic")
            for peer, _ in ZKP_PEERS:
                theirs = run.get(group, ident, peer)
                if ours and theirs:
                    per = ", per proof" if k > 1 else ""
                    rows.append((f"secp256k1 {label}{per}", peer, ours / k, theirs / k))
        if not rows:
            out.append("(no pairs)\n")
            continue
        out.append("| workload | peer | ballistic | peer | **ratio** |")
        out.append("|---|---|---:|---:|---:|")
        for w, peer, a, b in rows:
            out.append(f"| {w} | {peer} | {fmt_table(a)} | {fmt_table(b)} | **{a / b:.3f}** |")
        out.append("")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dirs", nargs="*", metavar="CRITERION_DIR",
                    help="criterion output of one run per backend (default target/criterion)")
    ap.add_argument("--label", action="append", default=[],
                    help='label of each run, in order, e.g. "AVX2, 2026-11-25"')
    ap.add_argument("--note", default="", help='added to every caption, e.g. "(short validation run)"')
    ap.add_argument("--out", default=None, help="output directory (default docs/img of the workspace)")
    ap.add_argument("--stat", default="median", help="estimate: median (default), mean, slope")
    ap.add_argument("--max-age-min", type=float, default=None,
                    help="ignore results older than this many minutes")
    ap.add_argument("--markdown", action="store_true", help="also print the numbers as tables")
    args = ap.parse_args()

    dirs = args.dirs or [default_criterion_dir()]
    if len(dirs) > len(DASHES):
        ap.error(f"at most {len(DASHES)} directories")
    if len(args.label) > len(dirs):
        ap.error("more --label than directories")
    out_dir = args.out or os.path.normpath(
        os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "img"))

    runs = []
    for i, d in enumerate(dirs):
        if not os.path.isdir(d):
            print(f"no criterion directory at {d}", file=sys.stderr)
            return 1
        results, newest = load(d, args.stat, args.max_age_min)
        if not results:
            print(f"no results under {d}", file=sys.stderr)
            return 1
        if i < len(args.label):
            label = args.label[i]
        else:
            day = datetime.datetime.fromtimestamp(newest, datetime.timezone.utc).date()
            label = f"{d}, {day.isoformat()}"
        runs.append(Run(i, d, label, results))

    note = args.note.strip()
    plots = [
        ("prove_vs_m.svg", plot_vs_m(runs, "prove", "prove", note)),
        ("verify_vs_m.svg", plot_vs_m(runs, "verify", "verify", note)),
        ("batch_per_proof.svg", plot_batch(runs, note)),
        ("r1cs_shuffle.svg", plot_shuffle(runs, note)),
        ("secp256k1_ratios.svg", plot_secp(runs, note)),
        ("r1cs_sha256.svg", plot_sha256(runs, note)),
        ("bp_plus_ratios.svg", plot_bp_plus(runs, note)),
    ]
    os.makedirs(out_dir, exist_ok=True)
    written = 0
    for name, svg in plots:
        path = os.path.join(out_dir, name)
        if svg is None:
            print(f"{name}: no data points, not written", file=sys.stderr)
            continue
        with open(path, "w", encoding="utf-8") as f:
            f.write(svg)
        print(f"wrote {path}")
        written += 1
    if args.markdown:
        print(markdown(runs))
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())
