"""The examples of the documentation run: the package README's code blocks and the
modules' doctests."""

from __future__ import annotations

import doctest
import re

import pytest

import ballistic
from ballistic import _errors, _types, ristretto, secp256k1

from conftest import REPO


def python_blocks(text: str) -> list:
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_package_readme_examples_run():
    blocks = python_blocks((REPO / "bindings" / "python" / "README.md").read_text())
    assert blocks
    for code in blocks:
        exec(compile(code, "README.md", "exec"), {})


@pytest.mark.parametrize("mod", [ballistic, ristretto, secp256k1, _errors, _types])
def test_doctests(mod):
    failures, tried = doctest.testmod(mod, report=True)
    assert failures == 0
    if mod in (ballistic, ristretto, secp256k1):
        assert tried > 0
