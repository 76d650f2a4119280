"""Range proofs on ristretto255: Bulletproofs in the wire format of dalek's
``bulletproofs`` crate (``protocol="bp"``) and Bulletproofs+ in Tari's
``tari_bulletproofs_plus`` 0.5 format (``protocol="bp+"``).

Commitments are 32-byte compressed points, blindings and nonces 32-byte
little-endian canonical scalars. The transcript label ``domain`` (``bytes`` or a
``str``, taken as UTF-8) is part of the statement: a proof verifies only under the
label it was made with.

>>> from ballistic import ristretto
>>> p = ristretto.prove([5, 1_000_000], bits=32, domain=b"my app")
>>> ristretto.verify(p.proof, p.commitments, bits=32, domain=b"my app")
"""

from __future__ import annotations

from typing import Iterable, List, Optional, Sequence, Tuple, Union

from . import _curve, _native
from ._types import Proof, Rewound

__all__ = ["CURVE", "DEFAULT_DOMAIN", "prove", "verify", "verify_batch", "rewind"]

#: The curve's name in :attr:`ballistic.Proof.curve`.
CURVE = "ristretto255"
#: The transcript label used when none is given (the ``ballistic`` command's too).
DEFAULT_DOMAIN = b"ballistic"

_Bytes = Union[bytes, bytearray]
_Domain = Union[bytes, bytearray, str]


def prove(
    values: Sequence[int],
    bits: int = 64,
    domain: _Domain = DEFAULT_DOMAIN,
    blindings: Optional[Sequence[_Bytes]] = None,
    *,
    protocol: str = "bp",
    range: Optional[Tuple[int, int]] = None,
    extension_degree: int = 1,
    min_values: Optional[Sequence[int]] = None,
    rewindable: bool = False,
    nonce: Optional[_Bytes] = None,
) -> Proof:
    """Proves that every value lies in ``[0, 2**bits)`` (with ``min_values``,
    ``[o_j, o_j + 2**bits)``), or with ``range=(a, b)`` that the one value lies in
    ``[a, b]``.

    * ``blindings``: one 32-byte blinding per value (``bp``), or
      ``extension_degree`` masks per value, value by value (``bp+``); ``None`` draws
      them from the operating system's RNG. They are returned in
      :attr:`Proof.blindings`.
    * ``protocol``: ``"bp"`` (Bulletproofs) or ``"bp+"`` (Bulletproofs+, which takes
      ``extension_degree`` in ``1..=6`` and ``min_values``, one per value).
    * ``rewindable``: a one-value proof whose ``nonce`` recovers its opening
      (:func:`rewind`); ``nonce`` is the rewind nonce (``bp``) or seed nonce
      (``bp+``, a canonical non-zero scalar), drawn when ``None``. Never reuse a
      nonce: two proofs with one nonce reveal their blindings.

    Raises :class:`ballistic.InvalidArgument` (a value out of range, a bit width
    outside ``1..=64``, an option of the other protocol, a malformed secret, an
    integer outside ``0..2**64``), :class:`ballistic.LimitExceeded` (more than
    ``MAX_VALUES`` values, a domain longer than ``MAX_DOMAIN_BYTES``) and
    ``TypeError`` for arguments of the wrong type.
    """
    return _curve.prove(
        CURVE,
        values,
        bits,
        domain,
        blindings,
        protocol,
        range,
        extension_degree,
        min_values,
        rewindable,
        nonce,
        None,
    )


def verify(
    proof: _Bytes,
    commitments: Sequence[_Bytes],
    bits: int = 64,
    domain: _Domain = DEFAULT_DOMAIN,
    *,
    protocol: str = "bp",
    range: Optional[Tuple[int, int]] = None,
    extension_degree: int = 1,
    min_values: Optional[Sequence[int]] = None,
) -> None:
    """Verifies ``proof`` about ``commitments`` for the statement (the same keywords
    as :func:`prove`); returns ``None``.

    Raises :class:`ballistic.InvalidProof` if it does not verify,
    :class:`ballistic.MalformedProof` if the proof or a commitment does not decode
    (a wrong length for the statement included), :class:`ballistic.InvalidArgument`
    or :class:`ballistic.LimitExceeded` for a statement that is not one. The GIL is
    released while the proof is checked.
    """
    _native.verify(
        CURVE,
        protocol,
        proof,
        commitments,
        bits,
        domain,
        range,
        extension_degree,
        min_values,
        None,
    )


def verify_batch(
    items: Iterable[Union[Proof, Tuple[_Bytes, Sequence[_Bytes]]]],
    bits: int = 64,
    domain: _Domain = DEFAULT_DOMAIN,
    *,
    protocol: str = "bp",
    range: Optional[Tuple[int, int]] = None,
    extension_degree: int = 1,
    min_values: Optional[Sequence[int]] = None,
) -> List[int]:
    """Verifies many proofs at once and returns the indices of the invalid ones in
    increasing order (``[]`` when all verify).

    Each item is a :class:`ballistic.Proof` (checked against its own statement, of
    either curve) or a ``(proof, commitments)`` pair (checked against the statement
    the keywords give). An item whose proof or commitments do not decode counts as
    invalid (its index is returned; :func:`verify` tells why); a statement that is
    not one raises :class:`ballistic.InvalidArgument` (or ``LimitExceeded``) naming
    the item. One multiscalar multiplication checks a valid batch; the GIL is
    released meanwhile.
    """
    return _curve.verify_batch(
        _curve.batch_item(
            CURVE, item, bits, domain, protocol, range, extension_degree, min_values, None
        )
        for item in items
    )


def rewind(
    proof: _Bytes,
    commitment: _Bytes,
    nonce: _Bytes,
    bits: int = 64,
    domain: _Domain = DEFAULT_DOMAIN,
    *,
    protocol: str = "bp",
    extension_degree: int = 1,
    min_values: Optional[Sequence[int]] = None,
    value: Optional[int] = None,
) -> Rewound:
    """Recovers the opening of a rewindable one-value proof about ``commitment``
    with its ``nonce``.

    Bulletproofs: the value, blinding and 20-byte message. Bulletproofs+: the masks
    (the proof is verified first); with the claimed ``value`` the masks are checked
    to open the commitment (without it a wrong nonce gives wrong masks, not an
    error).

    Raises :class:`ballistic.RewindFailed` if the nonce does not rewind the proof,
    :class:`ballistic.InvalidProof` / :class:`ballistic.MalformedProof` as
    :func:`verify`, :class:`ballistic.InvalidArgument` for a statement that is not
    about one value.
    """
    return _curve.rewind(
        CURVE,
        proof,
        commitment,
        nonce,
        bits,
        domain,
        protocol,
        extension_degree,
        min_values,
        value,
        None,
    )
