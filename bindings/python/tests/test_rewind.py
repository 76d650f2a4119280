"""Rewinding: what a proof's nonce reveals to its holder, on both curves and
protocols."""

from __future__ import annotations

import pytest

import ballistic
from ballistic import ristretto, secp256k1


def test_ristretto_bulletproofs():
    p = ristretto.prove([123456], bits=32, domain=b"rw", rewindable=True)
    assert len(p.nonce) == 32
    r = ristretto.rewind(p.proof, p.commitments[0], p.nonce, bits=32, domain=b"rw")
    assert (r.value, r.blindings, r.message) == (123456, p.blindings, bytes(20))
    wrong = bytes([p.nonce[0] ^ 1]) + p.nonce[1:]
    with pytest.raises(ballistic.RewindFailed):
        ristretto.rewind(p.proof, p.commitments[0], wrong, bits=32, domain=b"rw")
    # A given nonce is used.
    nonce = bytes(range(32))
    q = ristretto.prove([5], bits=8, rewindable=True, nonce=nonce)
    assert q.nonce == nonce and q.rewind().value == 5
    # Not rewindable: no nonce, and a nonce alone is refused.
    assert ristretto.prove([5], bits=8).nonce is None
    with pytest.raises(ballistic.InvalidArgument):
        ristretto.prove([5], bits=8, nonce=nonce)
    with pytest.raises(ballistic.InvalidArgument):
        ristretto.prove([5, 6], bits=8, rewindable=True)
    with pytest.raises(ballistic.InvalidArgument):
        ristretto.prove([5], range=(0, 9), rewindable=True)


def test_secp256k1_bulletproofs():
    p = secp256k1.prove([1234], extra_commit=b"ctx")
    r = secp256k1.rewind(p.proof, p.commitments[0], p.nonce, extra_commit=b"ctx")
    assert (r.value, r.blindings) == (1234, p.blindings)
    assert len(r.message) == 20
    with pytest.raises(ballistic.RewindFailed):
        secp256k1.rewind(p.proof, p.commitments[0], p.nonce, extra_commit=b"other")
    with pytest.raises(ballistic.InvalidArgument):
        secp256k1.rewind(p.proof, p.commitments[0], p.nonce, extra_commit=b"ctx", value=1234)
    # Range proofs have no nonce.
    assert secp256k1.prove([5], range=(0, 9)).nonce is None


@pytest.mark.parametrize("mod", [ristretto, secp256k1])
def test_bulletproofs_plus_seed(mod):
    kw = dict(bits=16, protocol="bp+", domain=b"seed", extension_degree=2, min_values=[1000])
    p = mod.prove([1500], rewindable=True, **kw)
    r = mod.rewind(p.proof, p.commitments[0], p.nonce, **kw)
    assert r.blindings == p.blindings and r.value is None and r.message is None
    r = mod.rewind(p.proof, p.commitments[0], p.nonce, value=1500, **kw)
    assert r.value == 1500
    with pytest.raises(ballistic.RewindFailed):
        mod.rewind(p.proof, p.commitments[0], p.nonce, value=1501, **kw)
    # A zero seed is not a seed.
    with pytest.raises(ballistic.InvalidArgument):
        mod.prove([1500], rewindable=True, nonce=bytes(32), **kw)
    # Tampered: the proof is verified before the masks are recovered.
    bad = bytearray(p.proof)
    bad[len(bad) // 2] ^= 1
    with pytest.raises((ballistic.InvalidProof, ballistic.MalformedProof)):
        mod.rewind(bytes(bad), p.commitments[0], p.nonce, **kw)


def test_rewind_needs_a_nonce_and_one_value():
    p = ristretto.prove([1, 2], bits=8)
    with pytest.raises(ballistic.InvalidArgument):
        p.rewind()
    with pytest.raises(ballistic.InvalidArgument):
        p.rewind(nonce=bytes(32))
    with pytest.raises(ballistic.InvalidArgument):
        ristretto.rewind(p.proof, p.commitments[0], bytes(31), bits=8)


def test_rewind_checks_the_statement_first():
    # The statement's own error, before anything about the proof (issue 48, item 4).
    p = ristretto.prove([5], bits=64, protocol="bp+", extension_degree=2, rewindable=True)
    for degree in (0, 7, 2**20):
        with pytest.raises(ballistic.InvalidArgument):
            ristretto.rewind(p.proof, p.commitments[0], p.nonce, bits=64, protocol="bp+", extension_degree=degree)
    with pytest.raises(ballistic.LimitExceeded):
        ristretto.rewind(p.proof, p.commitments[0], p.nonce, bits=64, protocol="bp+", domain=b"x" * (ballistic.MAX_DOMAIN_BYTES + 1))
