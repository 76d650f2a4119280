"""The implementation shared by ``ballistic.ristretto`` and ``ballistic.secp256k1``:
statement normalisation and the calls into ``ballistic._native``."""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Sequence, Tuple, Union

from . import _native
from ._types import Proof, Rewound, _range_bits, _rewound

Bytes = Union[bytes, bytearray]
Domain = Union[bytes, bytearray, str]


def _domain_bytes(domain: Any) -> Any:
    """A ``str`` domain as its UTF-8 bytes; anything else unchanged (the native
    module checks its type)."""
    if isinstance(domain, str):
        return domain.encode("utf-8")
    if isinstance(domain, bytearray):
        return bytes(domain)
    return domain


def prove(
    curve: str,
    values: Sequence[int],
    bits: int,
    domain: Any,
    blindings: Optional[Sequence[Bytes]],
    protocol: str,
    range: Optional[Tuple[int, int]],
    extension_degree: int,
    min_values: Optional[Sequence[int]],
    rewindable: bool,
    nonce: Optional[Bytes],
    extra_commit: Optional[Bytes],
    generators: Optional[int] = None,
) -> Proof:
    if not isinstance(rewindable, bool):
        raise TypeError(f"rewindable must be a bool, not {type(rewindable).__name__}")
    domain = b"" if domain is None else _domain_bytes(domain)
    proof, commitments, secrets, used_nonce = _native.prove(
        curve,
        protocol,
        values,
        bits,
        domain,
        range,
        extension_degree,
        min_values,
        extra_commit,
        blindings,
        rewindable,
        nonce,
        generators,
    )
    if range is not None:
        a, b = range
        range = (a, b)
        bits = _range_bits(a, b)
    return Proof(
        proof=proof,
        commitments=commitments,
        blindings=secrets,
        nonce=used_nonce,
        curve=curve,
        protocol=protocol,
        bits=bits,
        domain=domain,
        range=range,
        extension_degree=extension_degree,
        min_values=list(min_values) if min_values is not None else None,
        extra_commit=bytes(extra_commit) if extra_commit is not None else None,
        generators=generators,
    )


def batch_item(
    curve: str,
    item: Any,
    bits: int,
    domain: Any,
    protocol: str,
    range: Optional[Tuple[int, int]],
    extension_degree: int,
    min_values: Optional[Sequence[int]],
    extra_commit: Optional[Bytes],
    generators: Optional[int] = None,
) -> Tuple[Any, ...]:
    """The native batch tuple of a :class:`Proof` (its own statement) or of a
    ``(proof, commitments)`` pair (the statement given)."""
    if isinstance(item, Proof):
        return item._batch_item()
    try:
        proof, commitments = item
    except (TypeError, ValueError):
        raise TypeError(
            "a batch item must be a Proof or a (proof, commitments) pair, not "
            f"{type(item).__name__}"
        ) from None
    return (
        curve,
        protocol,
        proof,
        commitments,
        bits,
        _domain_bytes(domain),
        range,
        extension_degree,
        min_values,
        extra_commit,
        generators,
    )


def verify_batch(items: Iterable[Tuple[Any, ...]]) -> List[int]:
    return [index for index, _code, _message in _native.verify_batch(list(items))]


def rewind(
    curve: str,
    proof: Bytes,
    commitment: Bytes,
    nonce: Bytes,
    bits: int,
    domain: Any,
    protocol: str,
    extension_degree: int,
    min_values: Optional[Sequence[int]],
    value: Optional[int],
    extra_commit: Optional[Bytes],
    generators: Optional[int] = None,
) -> Rewound:
    return _rewound(
        _native.rewind(
            curve,
            protocol,
            proof,
            commitment,
            nonce,
            bits,
            domain,
            extension_degree,
            min_values,
            extra_commit,
            value,
            generators,
        )
    )
