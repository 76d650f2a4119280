"""Bad inputs raise the documented exceptions (TypeError for a wrong type, the
ballistic exception of the API's code otherwise) and never crash the
interpreter."""

from __future__ import annotations

import pytest

import ballistic
from ballistic import _native, ristretto, secp256k1


@pytest.fixture(scope="module")
def proof():
    return ristretto.prove([5], bits=8)


def test_exception_hierarchy():
    for name in (
        "InvalidArgument",
        "MalformedProof",
        "InvalidProof",
        "LimitExceeded",
        "RewindFailed",
        "ProvingFailed",
        "BufferTooSmall",
        "NullPointer",
        "Panic",
    ):
        cls = getattr(ballistic, name)
        assert issubclass(cls, ballistic.Error) and issubclass(cls, Exception)
        code = ballistic.ErrorCode[
            "".join("_" + c if c.isupper() else c.upper() for c in name).lstrip("_")
        ]
        assert cls.code == code
    assert issubclass(ballistic.InvalidArgument, ValueError)
    assert issubclass(ballistic.LimitExceeded, ValueError)
    assert not issubclass(ballistic.InvalidProof, ValueError)
    assert [c.value for c in ballistic.ErrorCode] == list(range(1, 10))
    # An unknown code is the base class carrying the number.
    e = ballistic._errors._error(99, "new")
    assert type(e) is ballistic.Error and e.code == 99 and str(e) == "new"


def test_wrong_types(proof):
    p, c = proof.proof, proof.commitments
    for call in (
        lambda: ristretto.verify(None, c, 8),
        lambda: ristretto.verify("00" * 100, c, 8),
        lambda: ristretto.verify(p, None, 8),
        lambda: ristretto.verify(p, c[0], 8),  # bytes, not a list of bytes
        lambda: ristretto.verify(p, [None], 8),
        lambda: ristretto.verify(p, [1234], 8),
        lambda: ristretto.verify(p, c, "8"),
        lambda: ristretto.verify(p, c, 8.0),
        lambda: ristretto.verify(p, c, True),
        lambda: ristretto.verify(p, c, None),
        lambda: ristretto.verify(p, c, 8, 1234),
        lambda: ristretto.verify(p, c, 8, protocol=None),
        lambda: ristretto.verify(p, c, 8, range=5),
        lambda: ristretto.prove(None),
        lambda: ristretto.prove(5),
        lambda: ristretto.prove("123"),
        lambda: ristretto.prove(b"\x01"),
        lambda: ristretto.prove([1.5]),
        lambda: ristretto.prove([None]),
        lambda: ristretto.prove([True]),
        lambda: ristretto.prove([1], blindings=[None]),
        lambda: ristretto.prove([1], blindings=b"\x00" * 32),
        lambda: ristretto.prove([1], rewindable=1),
        lambda: ristretto.prove([1], rewindable=True, nonce="00" * 32),
        lambda: secp256k1.verify(p, c, extra_commit="ctx"),
        lambda: ristretto.rewind(p, c, bytes(32), 8),
        lambda: ristretto.rewind(p, c[0], None, 8),
    ):
        with pytest.raises(TypeError):
            call()


def test_integers_out_of_range(proof):
    p, c = proof.proof, proof.commitments
    for call in (
        lambda: ristretto.prove([-1]),
        lambda: ristretto.prove([2**64]),
        lambda: ristretto.prove([2**200]),
        lambda: ristretto.prove([1], bits=-1),
        lambda: ristretto.prove([1], bits=2**64),
        lambda: ristretto.prove([1], bits=0),
        lambda: ristretto.prove([1], bits=65),
        lambda: ristretto.verify(p, c, -8),
        lambda: ristretto.verify(p, c, 2**100),
        lambda: ristretto.prove([1], range=(-1, 5)),
        lambda: ristretto.prove([1], range=(0, 2**64)),
        lambda: ristretto.prove([1], range=(0, 1, 2)),
        lambda: ristretto.prove([1], protocol="bp+", min_values=[-1]),
        lambda: ristretto.prove([1], protocol="bp+", extension_degree=-1),
        lambda: ristretto.prove([1], protocol="bp+", extension_degree=0),
        lambda: ristretto.rewind(p, c[0], bytes(32), 8, protocol="bp+", value=-1),
    ):
        with pytest.raises(ballistic.InvalidArgument) as e:
            call()
        assert isinstance(e.value, ValueError) and e.value.code == 1


def test_unknown_names():
    with pytest.raises(ballistic.InvalidArgument, match="protocol"):
        ristretto.prove([1], protocol="bp++")
    with pytest.raises(ballistic.InvalidArgument, match="curve"):
        _native.verify("p256", "bp", b"", [b""], 8, b"", None, 1, None, None)


def test_wrong_lengths(proof):
    p, c = proof.proof, proof.commitments
    for bad_p, bad_c in (
        (p[:-1], c),
        (p + b"\x00", c),
        (b"", c),
        (p, [c[0][:-1]]),
        (p, [c[0] + b"\x00"]),
        (p, [b""]),
        (p, [b"\xff" * 32]),  # not a point
    ):
        with pytest.raises(ballistic.MalformedProof) as e:
            ristretto.verify(bad_p, bad_c, 8)
        assert e.value.code == ballistic.ErrorCode.MALFORMED_PROOF
    with pytest.raises(ballistic.MalformedProof):
        secp256k1.verify(b"\x00" * 675, [b"\x08" + b"\xff" * 32])
    # Another number of commitments is another shape.
    with pytest.raises(ballistic.MalformedProof):
        ristretto.verify(p, c * 2, 8)
    with pytest.raises(ballistic.InvalidArgument):
        ristretto.verify(p, [], 8)


def test_huge_inputs_are_refused_before_work(proof):
    m = ballistic.MAX_VALUES + 1
    with pytest.raises(ballistic.LimitExceeded) as e:
        ristretto.prove([0] * m, bits=1)
    assert isinstance(e.value, ValueError)
    with pytest.raises(ballistic.LimitExceeded):
        ristretto.verify(proof.proof, proof.commitments * m, 8)
    with pytest.raises(ballistic.LimitExceeded):
        ristretto.verify(proof.proof, proof.commitments * 10**7, 8)

    def endless():
        while True:
            yield proof.commitments[0]

    with pytest.raises(ballistic.LimitExceeded):
        ristretto.verify(proof.proof, endless(), 8)
    with pytest.raises(ballistic.LimitExceeded):
        ristretto.prove([1], domain=b"x" * (ballistic.MAX_DOMAIN_BYTES + 1))
    with pytest.raises(ballistic.LimitExceeded):
        secp256k1.prove([1], extra_commit=b"x" * (ballistic.MAX_EXTRA_COMMIT_BYTES + 1))
    with pytest.raises(ballistic.LimitExceeded):
        ballistic.verify_batch([proof] * (ballistic.MAX_BATCH_PROOFS + 1))


def test_the_interpreter_survives_garbage():
    # Random bytes of every length around the expected ones, on every curve and
    # protocol: always a ballistic.Error, never a crash.
    import random

    rng = random.Random(25)
    for mod, protocol, n in ((ristretto, "bp", 672), (ristretto, "bp+", 577), (secp256k1, "bp", 675), (secp256k1, "bp+", 592)):
        for length in (0, 1, n - 1, n, n + 1):
            for _ in range(3):
                data = bytes(rng.getrandbits(8) for _ in range(length))
                c = bytes(rng.getrandbits(8) for _ in range(33 if mod is secp256k1 else 32))
                with pytest.raises(ballistic.Error):
                    mod.verify(data, [c], protocol=protocol)
    ristretto.prove([1]).verify()
