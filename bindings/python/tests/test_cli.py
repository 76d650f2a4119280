"""Interop with the ``ballistic`` command's files (crates/ballistic-cli/src/format.rs):
proofs the command writes verify and rewind through the binding, and proofs the
binding makes, written in the file format, verify with the command."""

from __future__ import annotations

import json
import subprocess

import pytest

import ballistic

from conftest import module

CASES = [
    ("ristretto255", "bp", ["--bits", "32", "--values", "1,2,3", "--domain", "cli test"]),
    ("secp256k1", "bp", ["--bits", "64", "--values", "7,8", "--extra-commit", "abcd"]),
    (
        "ristretto255",
        "bp+",
        ["--bits", "16", "--values", "1100,2", "--extension-degree", "2", "--min-values", "1000,0", "--domain", "cli test"],
    ),
    ("secp256k1", "bp+", ["--bits", "8", "--values", "5,6,7", "--domain", "cli test"]),
    ("ristretto255", "bp", ["--range", "18..=130", "--values", "42", "--domain", "cli test"]),
    ("secp256k1", "bp", ["--range", "18..=130", "--values", "42"]),
    ("secp256k1", "bp+", ["--range", "0..=1000", "--values", "999", "--extension-degree", "3", "--domain", "cli test"]),
]


def run(cli, *args, expect=0):
    out = subprocess.run([cli, *args], capture_output=True, text=True, timeout=300)
    assert out.returncode == expect, (args, out.stdout, out.stderr)
    return out


def statement(doc: dict) -> dict:
    """The binding's keywords of a proof file's statement."""
    kw = {"bits": doc["bits"], "protocol": doc.get("protocol", "bp")}
    if "range" in doc:
        kw["range"] = tuple(doc["range"])
    if "domain" in doc:
        kw["domain"] = doc["domain"].encode()
    if "extension_degree" in doc:
        kw["extension_degree"] = doc["extension_degree"]
    if "min_values" in doc:
        kw["min_values"] = doc["min_values"]
    if "extra_commit" in doc:
        kw["extra_commit"] = bytes.fromhex(doc["extra_commit"])
    return kw


def proof_file(p: ballistic.Proof) -> dict:
    """A proof in the command's file format."""
    doc = {"curve": p.curve}
    if p.protocol == "bp+":
        doc["protocol"] = "bp+"
    doc["bits"] = p.bits
    if p.range is not None:
        doc["range"] = list(p.range)
    if p.protocol == "bp+":
        doc["extension_degree"] = p.extension_degree
        if p.min_values and any(p.min_values):
            doc["min_values"] = p.min_values
    if p.curve == "ristretto255" or p.protocol == "bp+":
        doc["domain"] = p.domain.decode()
    doc["commitments"] = [c.hex() for c in p.commitments]
    doc["proof"] = p.proof.hex()
    if p.extra_commit is not None:
        doc["extra_commit"] = p.extra_commit.hex()
    return doc


@pytest.mark.parametrize("curve,protocol,args", CASES)
def test_command_files_verify_in_python(cli, tmp_path, curve, protocol, args):
    out = tmp_path / "proof.json"
    run(cli, "prove", "--curve", curve, "--protocol", protocol, *args, "--out", str(out))
    doc = json.loads(out.read_text())
    mod = module(curve)
    proof = bytes.fromhex(doc["proof"])
    commitments = [bytes.fromhex(c) for c in doc["commitments"]]
    kw = statement(doc)
    mod.verify(proof, commitments, **kw)
    assert mod.verify_batch([(proof, commitments)], **kw) == []
    if len(commitments) > 1:
        with pytest.raises(ballistic.InvalidProof):
            mod.verify(proof, commitments[::-1], **kw)
    tampered = bytearray(proof)
    tampered[len(proof) // 2] ^= 1
    with pytest.raises((ballistic.InvalidProof, ballistic.MalformedProof)):
        mod.verify(bytes(tampered), commitments, **kw)


@pytest.mark.parametrize("curve,protocol,args", CASES)
def test_python_proofs_verify_with_the_command(cli, tmp_path, curve, protocol, args):
    mod = module(curve)
    # The same statements, made by the binding.
    ref = tmp_path / "ref.json"
    run(cli, "prove", "--curve", curve, "--protocol", protocol, *args, "--out", str(ref))
    doc = json.loads(ref.read_text())
    kw = statement(doc)
    values = [int(v) for v in args[args.index("--values") + 1].split(",")]
    p = mod.prove(values, **kw)
    path = tmp_path / "python.json"
    path.write_text(json.dumps(proof_file(p)))
    out = run(cli, "verify", str(path))
    assert "VALID" in out.stdout.upper()
    # Tampered: the command rejects it (exit 1).
    tampered = proof_file(p)
    tampered["commitments"] = doc["commitments"]
    path.write_text(json.dumps(tampered))
    run(cli, "verify", str(path), expect=1)


def test_command_openings_rewind_in_python(cli, tmp_path):
    out, openings = tmp_path / "p.json", tmp_path / "o.json"
    run(cli, "prove", "--curve", "secp256k1", "--values", "4242", "--extra-commit", "00",
        "--out", str(out), "--openings", str(openings))
    doc, secrets = json.loads(out.read_text()), json.loads(openings.read_text())
    from ballistic import secp256k1

    r = secp256k1.rewind(
        bytes.fromhex(doc["proof"]),
        bytes.fromhex(doc["commitments"][0]),
        bytes.fromhex(secrets["nonce"]),
        extra_commit=b"\x00",
    )
    assert (r.value, r.blindings[0].hex()) == (4242, secrets["openings"][0]["blinding"])
