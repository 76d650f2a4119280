"""Round trips on both curves and protocols: prove, verify, tampering, statements,
ranges, minimum values, extension degrees, the caller's blindings."""

from __future__ import annotations

import dataclasses

import pytest

import ballistic
from ballistic import ristretto, secp256k1

from conftest import STATEMENTS, module

# Proof sizes of one 64-bit value (t = 1), from the formats' documentation.
ONE_VALUE_BYTES = {
    ("ristretto255", "bp"): 672,
    ("secp256k1", "bp"): 675,
    ("ristretto255", "bp+"): 577,
    ("secp256k1", "bp+"): 592,
}
COMMITMENT_BYTES = {"ristretto255": 32, "secp256k1": 33}


@pytest.mark.parametrize("curve,protocol,kw", STATEMENTS)
def test_round_trip(curve, protocol, kw):
    mod = module(curve)
    p = mod.prove([0], protocol=protocol, **kw)
    assert len(p.proof) == ONE_VALUE_BYTES[(curve, protocol)]
    assert (p.curve, p.protocol, p.bits) == (curve, protocol, 64)
    mod.verify(p.proof, p.commitments, protocol=protocol, **kw)
    p.verify()
    values = [1, 2**32 - 1]
    p = mod.prove(values, bits=32, protocol=protocol, **kw)
    assert len(p.commitments) == 2
    assert all(len(c) == COMMITMENT_BYTES[curve] for c in p.commitments)
    assert all(len(b) == 32 for b in p.blindings)
    mod.verify(p.proof, p.commitments, bits=32, protocol=protocol, **kw)
    # Commitments exchanged: another statement.
    with pytest.raises(ballistic.InvalidProof) as e:
        mod.verify(p.proof, p.commitments[::-1], bits=32, protocol=protocol, **kw)
    assert e.value.code == ballistic.ErrorCode.INVALID_PROOF
    # Another bit width: another proof length.
    with pytest.raises(ballistic.MalformedProof):
        mod.verify(p.proof, p.commitments, bits=16, protocol=protocol, **kw)
    # Any flipped byte is refused.
    for i in (0, len(p.proof) // 2, len(p.proof) - 1):
        bad = bytearray(p.proof)
        bad[i] ^= 1
        with pytest.raises((ballistic.InvalidProof, ballistic.MalformedProof)):
            mod.verify(bytes(bad), p.commitments, bits=32, protocol=protocol, **kw)
    # Values beyond the width are refused before proving.
    with pytest.raises(ballistic.InvalidArgument):
        mod.prove([2**32], bits=32, protocol=protocol, **kw)


@pytest.mark.parametrize("curve,protocol,kw", STATEMENTS)
def test_context_is_part_of_the_statement(curve, protocol, kw):
    mod = module(curve)
    p = mod.prove([9], bits=8, protocol=protocol, **kw)
    other = {k: v + b"!" for k, v in kw.items()}
    with pytest.raises(ballistic.InvalidProof):
        mod.verify(p.proof, p.commitments, bits=8, protocol=protocol, **other)
    # A str domain is its UTF-8 bytes.
    if "domain" in kw:
        mod.verify(p.proof, p.commitments, bits=8, protocol=protocol, domain=kw["domain"].decode())


def test_default_domains():
    p = ristretto.prove([3], bits=8)
    assert p.domain == ristretto.DEFAULT_DOMAIN == b"ballistic"
    ristretto.verify(p.proof, p.commitments, 8, b"ballistic")
    q = secp256k1.prove([3], bits=8, protocol="bp+")
    assert q.domain == secp256k1.DEFAULT_DOMAIN
    secp256k1.verify(q.proof, q.commitments, 8, protocol="bp+", domain=b"ballistic")
    r = secp256k1.prove([3], bits=8)
    assert r.domain == b"" and r.extra_commit is None


def test_extra_commit_empty_differs_from_none():
    p = secp256k1.prove([5], bits=8, extra_commit=b"")
    secp256k1.verify(p.proof, p.commitments, bits=8, extra_commit=b"")
    with pytest.raises(ballistic.InvalidProof):
        secp256k1.verify(p.proof, p.commitments, bits=8)


@pytest.mark.parametrize("curve,protocol,kw", STATEMENTS)
def test_ranges(curve, protocol, kw):
    mod = module(curve)
    p = mod.prove([1500], protocol=protocol, range=(1000, 1999), **kw)
    assert p.range == (1000, 1999) and p.bits == 10
    mod.verify(p.proof, p.commitments, protocol=protocol, range=(1000, 1999), **kw)
    p.verify()
    with pytest.raises(ballistic.InvalidProof):
        mod.verify(p.proof, p.commitments, protocol=protocol, range=(1000, 1998), **kw)
    with pytest.raises(ballistic.InvalidArgument):
        mod.prove([2000], protocol=protocol, range=(1000, 1999), **kw)
    with pytest.raises(ballistic.InvalidArgument):
        mod.verify(p.proof, p.commitments, protocol=protocol, range=(1999, 1000), **kw)
    # The whole u64 range.
    top = 2**64 - 1
    q = mod.prove([top], protocol=protocol, range=(0, top), **kw)
    assert q.bits == 64
    q.verify()


@pytest.mark.parametrize("mod", [ristretto, secp256k1])
def test_bulletproofs_plus_options(mod):
    kw = {"protocol": "bp+", "domain": b"plus"}
    p = mod.prove([355, 255], bits=8, extension_degree=3, min_values=[100, 0], **kw)
    assert len(p.blindings) == 6 and p.proof[0] == 3
    mod.verify(p.proof, p.commitments, bits=8, extension_degree=3, min_values=[100, 0], **kw)
    with pytest.raises(ballistic.InvalidProof):
        mod.verify(p.proof, p.commitments, bits=8, extension_degree=3, min_values=[101, 0], **kw)
    with pytest.raises(ballistic.MalformedProof):
        mod.verify(p.proof, p.commitments, bits=8, extension_degree=2, min_values=[100, 0], **kw)
    with pytest.raises(ballistic.InvalidArgument):
        mod.prove([99], bits=8, min_values=[100], **kw)
    with pytest.raises(ballistic.InvalidArgument):
        mod.prove([1], bits=8, extension_degree=7, **kw)
    # Minimum values and extension degrees are Bulletproofs+ only.
    with pytest.raises(ballistic.InvalidArgument):
        mod.prove([1], bits=8, min_values=[0])
    with pytest.raises(ballistic.InvalidArgument):
        mod.prove([1], bits=8, extension_degree=2)


@pytest.mark.parametrize("curve,protocol,kw", STATEMENTS)
def test_given_blindings_give_the_same_commitments(curve, protocol, kw):
    mod = module(curve)
    first = mod.prove([5, 6], bits=16, protocol=protocol, **kw)
    again = mod.prove([5, 6], bits=16, blindings=first.blindings, protocol=protocol, **kw)
    assert again.commitments == first.commitments
    assert again.blindings == first.blindings
    again.verify()
    # A bytearray is accepted as bytes.
    third = mod.prove(
        [5, 6], bits=16, blindings=[bytearray(b) for b in first.blindings], protocol=protocol, **kw
    )
    assert third.commitments == first.commitments
    with pytest.raises(ballistic.InvalidArgument):
        mod.prove([5, 6], bits=16, blindings=[b"\xff" * 32] * 2, protocol=protocol, **kw)
    with pytest.raises(ballistic.InvalidArgument):
        mod.prove([5, 6], bits=16, blindings=first.blindings[:1], protocol=protocol, **kw)
    with pytest.raises(ballistic.InvalidArgument):
        mod.prove([5, 6], bits=16, blindings=[b"\x01" * 31] * 2, protocol=protocol, **kw)


def test_proof_objects():
    p = ristretto.prove([7], bits=8, rewindable=True)
    text = repr(p)
    assert p.blindings[0].hex() not in text and p.nonce.hex() not in text
    assert "blindings" not in text and "nonce" not in text
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.proof = b""  # type: ignore[misc]
    forged = dataclasses.replace(p, domain=b"forged")
    with pytest.raises(ballistic.InvalidProof):
        forged.verify()
    r = p.rewind()
    assert repr(r) == "Rewound()"
    assert (r.value, r.blindings) == (7, p.blindings)


def test_secp256k1_shapes():
    # secp256k1-zkp: widths 1, 2, 4, ..., 64 and a power of two of values; larger
    # shapes use their own generator sets.
    p = secp256k1.prove([1, 2, 3, 4], bits=64)
    assert len(p.proof) == secp256k1.prove([1, 2, 3, 4]).proof.__len__()
    p.verify()
    with pytest.raises(ballistic.InvalidArgument):
        secp256k1.prove([1, 2, 3], bits=64)
    with pytest.raises(ballistic.InvalidArgument):
        secp256k1.prove([1], bits=48)
    with pytest.raises(ballistic.InvalidArgument):
        secp256k1.prove([1], bits=8, domain=b"no labels in secp256k1-zkp")
    # Bulletproofs+ takes any shape on secp256k1.
    secp256k1.prove([1, 2, 3], bits=48, protocol="bp+").verify()
