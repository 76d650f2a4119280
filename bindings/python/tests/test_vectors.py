"""The frozen golden vectors (crates/ballistic/tests/vectors/*.json, r1cs excepted)
through the binding's verify: every case must get the verdict the file expects,
as in Rust."""

from __future__ import annotations

import json

import pytest

import ballistic
from ballistic import ristretto, secp256k1

from conftest import VECTORS, module

# The verifier's error classes of the files and the exception the API raises for
# each. A proof whose length belongs to another shape is MalformedProof in the
# API (it checks the length before decoding) where the library may report
# VerificationError; a statement the API refuses (a bit width outside 1..=64,
# minimum values of the wrong number or too large, a > b, a secp256k1 generator
# set too small for the shape) is InvalidArgument.
EXPECTED = {
    "FormatError": (ballistic.MalformedProof,),
    "VerificationError": (ballistic.InvalidProof, ballistic.MalformedProof),
    "InvalidExtensionDegree": (ballistic.MalformedProof, ballistic.InvalidProof),
    "InvalidMinValue": (ballistic.InvalidArgument,),
    "InvalidInputLength": (ballistic.InvalidArgument,),
    "InvalidBitsize": (ballistic.InvalidArgument,),
    "InvalidRange": (ballistic.InvalidArgument,),
    "InvalidGeneratorsLength": (ballistic.InvalidArgument,),
}


def load(name: str) -> dict:
    with open(VECTORS / name, encoding="utf-8") as f:
        doc = json.load(f)
    assert doc["numberOfTests"] == len(doc["tests"]), name
    return doc


def verdict(call, case: dict) -> None:
    """Runs ``call`` and checks it against the case's result and error class."""
    if case["result"] == "valid":
        call()
        return
    with pytest.raises(ballistic.Error) as info:
        call()
    want = case.get("error")
    if want is not None:
        assert isinstance(info.value, EXPECTED[want]), (case["tcId"], want, info.value)


def test_ristretto_range_v1():
    doc = load("ristretto_range_v1.json")
    for case in doc["tests"]:
        verdict(
            lambda: ristretto.verify(
                bytes.fromhex(case["proof"]),
                [bytes.fromhex(c) for c in case["commitments"]],
                bits=case["bits"],
                domain=case["domain"].encode(),
            ),
            case,
        )
    assert len(doc["tests"]) == 336


def test_secp256k1_range_v1():
    doc = load("secp256k1_range_v1.json")
    for case in doc["tests"]:
        extra = case.get("extra_commit")
        # The case's generator set, named (a proof verifies only over its own).
        verdict(
            lambda: secp256k1.verify(
                bytes.fromhex(case["proof"]),
                [bytes.fromhex(c) for c in case["commitments"]],
                bits=case["bits"],
                extra_commit=None if extra is None else bytes.fromhex(extra),
                generators=case["generators"],
            ),
            case,
        )
    assert len(doc["tests"]) == 256


def test_secp256k1_generator_sets():
    p = secp256k1.prove([5], generators=1024)
    p.verify()
    secp256k1.verify(p.proof, p.commitments, generators=1024)
    with pytest.raises(ballistic.InvalidProof):
        secp256k1.verify(p.proof, p.commitments)
    assert p.rewind().value == 5
    q = secp256k1.prove([6])
    assert secp256k1.verify_batch([p, (p.proof, p.commitments), q]) == [1]
    assert secp256k1.verify_batch([(p.proof, p.commitments)], generators=1024) == []
    for bad, error in [
        (1023, ballistic.InvalidArgument),
        (126, ballistic.InvalidArgument),
        (ballistic.MAX_GENERATORS + 2, ballistic.LimitExceeded),
        (-2, ballistic.InvalidArgument),
    ]:
        with pytest.raises(error):
            secp256k1.verify(p.proof, p.commitments, generators=bad)
    with pytest.raises(ballistic.InvalidArgument):
        secp256k1.prove([5], protocol="bp+", generators=256)


def test_bp_plus_v1():
    doc = load("bp_plus_v1.json")
    rewound = 0
    for case in doc["tests"]:
        mod = module(case["curve"])
        proof = bytes.fromhex(case["proof"])
        commitments = [bytes.fromhex(c) for c in case["commitments"]]
        statement = dict(
            bits=case["bits"],
            protocol="bp+",
            domain=case["domain"].encode(),
            extension_degree=case["extensionDegree"],
            min_values=case["minValues"],
        )
        verdict(lambda: mod.verify(proof, commitments, **statement), case)
        if "recoveredMasks" in case:
            masks = [bytes.fromhex(x) for x in case["recoveredMasks"]]
            seed = bytes.fromhex(case["seed"])
            r = mod.rewind(proof, commitments[0], seed, **statement)
            assert r.blindings == masks, case["tcId"]
            if "WrongSeed" in case["flags"]:
                with pytest.raises(ballistic.RewindFailed):
                    mod.rewind(proof, commitments[0], seed, value=case["value"], **statement)
            else:
                r = mod.rewind(proof, commitments[0], seed, value=case["value"], **statement)
                assert (r.value, r.blindings) == (case["value"], masks)
            rewound += 1
    assert (len(doc["tests"]), rewound) == (276, 12)


def test_range_ab_v2():
    doc = load("range_ab_v2.json")
    schemes = {}
    for case in doc["tests"]:
        scheme = case["scheme"]
        mod = module(case["curve"])
        proof = bytes.fromhex(case["proof"])
        commitment = bytes.fromhex(case["commitment"])
        domain = case["domain"].encode()
        if scheme == "dalek-rewindable":
            statement = dict(bits=case["bits"], domain=domain)
        else:
            statement = dict(range=(case["a"], case["b"]))
            if scheme == "secp256k1-zkp":
                statement["extra_commit"] = domain
            else:
                statement["domain"] = domain
            if scheme == "bp+":
                statement["protocol"] = "bp+"
                statement["extension_degree"] = case["extensionDegree"]
        verdict(lambda: mod.verify(proof, [commitment], **statement), case)
        if scheme == "dalek-rewindable":
            nonce = bytes.fromhex(case["nonce"])
            if "rewound" in case:
                r = ristretto.rewind(proof, commitment, nonce, **statement)
                want = case["rewound"]
                assert (r.value, r.blindings[0].hex(), r.message.hex()) == (
                    want["value"],
                    want["blinding"],
                    want["message"],
                )
            else:
                assert case["rewindError"] == "RewindError"
                with pytest.raises(ballistic.RewindFailed):
                    ristretto.rewind(proof, commitment, nonce, **statement)
        if case["result"] == "valid" and "witness" in case and scheme != "dalek-rewindable":
            # The witness's blindings commit to the same point through the binding.
            w = case["witness"]
            again = mod.prove(
                [w["value"]], blindings=[bytes.fromhex(b) for b in w["blindings"]], **statement
            )
            assert again.commitments == [commitment], case["tcId"]
            again.verify()
        schemes[scheme] = schemes.get(scheme, 0) + 1
    assert schemes == {"dalek": 42, "secp256k1-zkp": 42, "bp+": 84, "dalek-rewindable": 7}
