"""Range proofs on secp256k1: Bulletproofs in secp256k1-zkp's (Grin's) wire format
(``protocol="bp"``) and Bulletproofs+ in Tari's layout with 33-byte points and
big-endian scalars (``protocol="bp+"``).

Commitments are secp256k1-zkp's 33-byte encodings (``0x08``/``0x09`` then the
x-coordinate), blindings and nonces 32-byte big-endian canonical scalars.

* Bulletproofs: bit widths 1, 2, 4, 8, 16, 32 or 64, a power of two of values (or a
  ``range``); the transcript has no label (``domain`` must be left out) and binds
  context with secp256k1-zkp's ``extra_commit`` instead (``b""`` differs from
  ``None``). Every proof that is not a range proof is rewindable: its ``nonce``
  (returned in :attr:`ballistic.Proof.nonce`, or given) recovers value, blinding
  and message with :func:`rewind`. ``generators`` names secp256k1-zkp's generator
  set (default: Grin's 256 up to ``n·m = 128``, ``2·n·m`` beyond); a proof
  verifies only over the set it was made with.
* Bulletproofs+: any bit width in ``1..=64`` and number of values, the transcript
  label ``domain`` (default ``DEFAULT_DOMAIN``), ``extension_degree`` and
  ``min_values``, as on ristretto255.

>>> from ballistic import secp256k1
>>> p = secp256k1.prove([42], extra_commit=b"tx 1")
>>> secp256k1.verify(p.proof, p.commitments, extra_commit=b"tx 1")
>>> secp256k1.rewind(p.proof, p.commitments[0], p.nonce, extra_commit=b"tx 1").value
42
"""

from __future__ import annotations

from typing import Iterable, List, Optional, Sequence, Tuple, Union

from . import _curve, _native
from ._types import Proof, Rewound

__all__ = ["CURVE", "DEFAULT_DOMAIN", "prove", "verify", "verify_batch", "rewind"]

#: The curve's name in :attr:`ballistic.Proof.curve`.
CURVE = "secp256k1"
#: The transcript label of Bulletproofs+ proofs when none is given.
DEFAULT_DOMAIN = b"ballistic"

_Bytes = Union[bytes, bytearray]
_Domain = Union[bytes, bytearray, str]


def _domain(protocol: str, domain: Optional[_Domain]) -> Optional[_Domain]:
    """The label of the statement: the given one, else ``DEFAULT_DOMAIN`` for
    Bulletproofs+ and none for Bulletproofs."""
    if domain is None and protocol == "bp+":
        return DEFAULT_DOMAIN
    return domain


def prove(
    values: Sequence[int],
    bits: int = 64,
    blindings: Optional[Sequence[_Bytes]] = None,
    *,
    protocol: str = "bp",
    domain: Optional[_Domain] = None,
    range: Optional[Tuple[int, int]] = None,
    extension_degree: int = 1,
    min_values: Optional[Sequence[int]] = None,
    rewindable: bool = False,
    nonce: Optional[_Bytes] = None,
    extra_commit: Optional[_Bytes] = None,
    generators: Optional[int] = None,
) -> Proof:
    """Proves that every value lies in ``[0, 2**bits)`` (Bulletproofs+ with
    ``min_values``: ``[o_j, o_j + 2**bits)``), or with ``range=(a, b)`` that the
    one value lies in ``[a, b]``.

    The arguments are those of :func:`ballistic.ristretto.prove`, with
    ``extra_commit`` and ``generators`` (the size of secp256k1-zkp's generator
    set: even, at least ``2·n·m``, at most ``ballistic.MAX_GENERATORS``; ``None``:
    derived from the shape) for Bulletproofs and ``domain`` for Bulletproofs+ only.
    ``rewindable`` is for Bulletproofs+ (a Bulletproofs proof that is not a range
    proof always has a ``nonce``); ``nonce`` fixes the rewind nonce (Bulletproofs)
    or seed nonce (Bulletproofs+). Never reuse a nonce.

    Raises :class:`ballistic.InvalidArgument`, :class:`ballistic.LimitExceeded` and
    ``TypeError`` as :func:`ballistic.ristretto.prove`.
    """
    return _curve.prove(
        CURVE,
        values,
        bits,
        _domain(protocol, domain),
        blindings,
        protocol,
        range,
        extension_degree,
        min_values,
        rewindable,
        nonce,
        extra_commit,
        generators,
    )


def verify(
    proof: _Bytes,
    commitments: Sequence[_Bytes],
    bits: int = 64,
    *,
    protocol: str = "bp",
    domain: Optional[_Domain] = None,
    range: Optional[Tuple[int, int]] = None,
    extension_degree: int = 1,
    min_values: Optional[Sequence[int]] = None,
    extra_commit: Optional[_Bytes] = None,
    generators: Optional[int] = None,
) -> None:
    """Verifies ``proof`` about ``commitments`` for the statement (the keywords of
    :func:`prove`); returns ``None`` or raises as
    :func:`ballistic.ristretto.verify`. The generator set (Grin's 256 up to two
    64-bit values, else secp256k1-zkp's ``2·n·m``) follows from the shape unless
    ``generators`` names it. The GIL is released while the proof is checked.
    """
    _native.verify(
        CURVE,
        protocol,
        proof,
        commitments,
        bits,
        _domain(protocol, domain),
        range,
        extension_degree,
        min_values,
        extra_commit,
        generators,
    )


def verify_batch(
    items: Iterable[Union[Proof, Tuple[_Bytes, Sequence[_Bytes]]]],
    bits: int = 64,
    *,
    protocol: str = "bp",
    domain: Optional[_Domain] = None,
    range: Optional[Tuple[int, int]] = None,
    extension_degree: int = 1,
    min_values: Optional[Sequence[int]] = None,
    extra_commit: Optional[_Bytes] = None,
    generators: Optional[int] = None,
) -> List[int]:
    """Verifies many proofs at once and returns the indices of the invalid ones, as
    :func:`ballistic.ristretto.verify_batch` (``(proof, commitments)`` pairs take
    this function's statement; :class:`ballistic.Proof` items their own)."""
    return _curve.verify_batch(
        _curve.batch_item(
            CURVE,
            item,
            bits,
            _domain(protocol, domain),
            protocol,
            range,
            extension_degree,
            min_values,
            extra_commit,
            generators,
        )
        for item in items
    )


def rewind(
    proof: _Bytes,
    commitment: _Bytes,
    nonce: _Bytes,
    bits: int = 64,
    *,
    protocol: str = "bp",
    domain: Optional[_Domain] = None,
    extension_degree: int = 1,
    min_values: Optional[Sequence[int]] = None,
    value: Optional[int] = None,
    extra_commit: Optional[_Bytes] = None,
    generators: Optional[int] = None,
) -> Rewound:
    """Recovers the opening of a one-value proof about ``commitment`` with its
    ``nonce``, as :func:`ballistic.ristretto.rewind` (Bulletproofs: the statement's
    ``extra_commit`` must be the one the proof was made with)."""
    return _curve.rewind(
        CURVE,
        proof,
        commitment,
        nonce,
        bits,
        _domain(protocol, domain),
        protocol,
        extension_degree,
        min_values,
        value,
        extra_commit,
        generators,
    )
