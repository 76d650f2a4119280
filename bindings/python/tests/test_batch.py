"""Batch verification: mixed curves, protocols and statements; blame."""

from __future__ import annotations

from dataclasses import replace

import pytest

import ballistic
from ballistic import ristretto, secp256k1

from conftest import STATEMENTS, module


def mixed_proofs():
    out = []
    for curve, protocol, kw in STATEMENTS:
        mod = module(curve)
        out.append(mod.prove([1, 2], bits=32, protocol=protocol, **kw))
        out.append(mod.prove([7], protocol=protocol, range=(5, 9), **kw))
    out.append(secp256k1.prove([1, 2, 3, 4]))  # another secp256k1-zkp generator set
    return out


def test_all_valid():
    proofs = mixed_proofs()
    assert ballistic.verify_batch(proofs) == []
    assert ballistic.verify_batch([]) == []


def test_blame_names_the_invalid_ones():
    proofs = mixed_proofs()
    # Swap the commitments of two same-shape proofs: both invalid.
    a, b = proofs[0], ristretto.prove([3, 4], bits=32, domain=b"py test")
    proofs.append(replace(a, commitments=b.commitments))
    # A proof under another range.
    c = proofs[3]
    proofs.insert(1, replace(c, range=(5, 10)))
    # Undecodable: truncated.
    d = proofs[6]
    proofs.append(replace(d, proof=d.proof[:-1]))
    bad = ballistic.verify_batch(proofs)
    assert bad == [1, len(proofs) - 2, len(proofs) - 1]
    for i, p in enumerate(proofs):
        if i in bad:
            with pytest.raises((ballistic.InvalidProof, ballistic.MalformedProof)):
                p.verify()
        else:
            p.verify()


def test_pairs_take_the_keyword_statement():
    ps = [ristretto.prove([i], bits=16, domain=b"pairs") for i in range(4)]
    pairs = [(p.proof, p.commitments) for p in ps]
    assert ristretto.verify_batch(pairs, bits=16, domain=b"pairs") == []
    assert ristretto.verify_batch(pairs, bits=16, domain=b"other") == [0, 1, 2, 3]
    pairs[2] = (ps[2].proof, ps[3].commitments)
    assert ristretto.verify_batch(pairs, bits=16, domain=b"pairs") == [2]
    # Pairs and Proof objects mix; a Proof keeps its own statement.
    assert ristretto.verify_batch([ps[0], (ps[1].proof, ps[1].commitments)], bits=16, domain=b"pairs") == []
    assert ristretto.verify_batch([ps[0]], bits=64, domain=b"ignored") == []
    s = [secp256k1.prove([i], extra_commit=b"x") for i in range(2)]
    pairs = [(p.proof, p.commitments) for p in s]
    assert secp256k1.verify_batch(pairs, extra_commit=b"x") == []
    assert secp256k1.verify_batch(pairs) == [0, 1]


def test_statement_errors_raise_naming_the_item():
    p = ristretto.prove([1], bits=8)
    with pytest.raises(ballistic.InvalidArgument, match=r"items\[1\]"):
        ristretto.verify_batch([(p.proof, p.commitments), replace(p, bits=65)], bits=8)
    with pytest.raises(ballistic.InvalidArgument, match=r"items\[2\]: bits = -1"):
        ristretto.verify_batch([p, p, (p.proof, p.commitments)], bits=-1)
    with pytest.raises(ballistic.InvalidArgument, match=r"items\[0\]: .*protocol"):
        ristretto.verify_batch([(p.proof, p.commitments)], protocol="bp++")
    with pytest.raises(TypeError, match=r"items\[0\]"):
        ristretto.verify_batch([(p.proof, [None])], bits=8)
    with pytest.raises(TypeError):
        ristretto.verify_batch([p.proof], bits=8)
    with pytest.raises(TypeError):
        ballistic.verify_batch([(p.proof, p.commitments)])
