"""Verification from several threads at once, and the GIL released meanwhile."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import ballistic
from ballistic import ristretto, secp256k1


def test_parallel_verification_gets_every_verdict_right():
    good = [ristretto.prove([i], bits=32, domain=b"threads") for i in range(4)]
    good += [secp256k1.prove([i]) for i in range(4)]
    bad = []
    for p in good:
        tampered = bytearray(p.proof)
        tampered[-40] ^= 1
        bad.append((p, bytes(tampered)))

    def check(k: int) -> bool:
        p = good[k % len(good)]
        p.verify()
        q, tampered = bad[k % len(bad)]
        try:
            (ristretto if q.curve == "ristretto255" else secp256k1).verify(
                tampered,
                q.commitments,
                q.bits,
                **({"domain": q.domain} if q.curve == "ristretto255" else {}),
            )
        except (ballistic.InvalidProof, ballistic.MalformedProof):
            return True
        return False

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(check, range(64)))
    assert results == [True] * 64


def others_run_during(call) -> bool:
    """Whether a Python thread counting meanwhile ran in the middle half of
    ``call`` (tried five times). With the GIL held by the call, the counter could
    only move at the call's edges."""
    stamps: list = []
    stop = threading.Event()

    def count() -> None:
        while not stop.is_set():
            stamps.append(time.perf_counter())

    worker = threading.Thread(target=count)
    worker.start()
    try:
        time.sleep(0.01)
        for _ in range(5):
            start = time.perf_counter()
            call()
            end = time.perf_counter()
            quarter = (end - start) / 4
            if any(start + quarter < t < end - quarter for t in stamps):
                return True
        return False
    finally:
        stop.set()
        worker.join()


def test_verification_releases_the_gil():
    # Long native calls: 64-value proofs.
    proofs = [ristretto.prove(list(range(64)), bits=64, domain=b"gil") for _ in range(2)]
    p = proofs[0]
    assert others_run_during(lambda: p.verify())
    assert others_run_during(lambda: ballistic.verify_batch(proofs * 4))
