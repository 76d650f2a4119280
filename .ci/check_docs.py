#!/usr/bin/env python3
"""The user documents stay documents: every relative link in the repository's
markdown resolves to a file or folder of the repository, and the three front pages
keep within what a reader takes in (README.md 12 KB, BENCHMARKS.md 10 KB,
CHANGELOG.md 6 KB). Run by .ci/run; exits non-zero with the offending links."""

import os
import re
import subprocess
import sys

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
LIMITS = {"README.md": 12_000, "BENCHMARKS.md": 10_000, "CHANGELOG.md": 6_000}
# `[text](target)`, not images' inline data and not code spans.
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def markdown_files():
    out = subprocess.run(["git", "ls-files", "*.md"], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.split()
    # The dated history quotes old pages verbatim, links and all.
    return [f for f in out if "/history/" not in f]


def strip_code(text):
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.sub(r"`[^`\n]*`", "", text)


def main():
    bad = []
    for rel in markdown_files():
        path = os.path.join(ROOT, rel)
        with open(path, encoding="utf-8") as f:
            text = strip_code(f.read())
        for target in LINK.findall(text):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue  # a URL or an anchor of the same page
            file_part = target.split("#", 1)[0]
            dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part))
            if not os.path.exists(dest):
                bad.append(f"{rel}: link to {target} does not resolve")
    for name, limit in LIMITS.items():
        size = os.path.getsize(os.path.join(ROOT, name))
        if size > limit:
            bad.append(f"{name}: {size} bytes, above its {limit}")
    for line in bad:
        print(line, file=sys.stderr)
    if bad:
        sys.exit(1)
    print(f"{len(markdown_files())} markdown files: every relative link resolves; "
          + ", ".join(f"{n} {os.path.getsize(os.path.join(ROOT, n))} bytes" for n in LIMITS))


if __name__ == "__main__":
    main()
