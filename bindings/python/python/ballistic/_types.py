"""The values ballistic returns: :class:`Proof` and :class:`Rewound`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List, Optional, Tuple

from . import _native
from ._errors import InvalidArgument


def _range_bits(a: int, b: int) -> int:
    """The bit width of a range proof of ``[a, b]``: the bit length of ``b - a``
    (1 when ``a == b``)."""
    return max(1, (b - a).bit_length())


@dataclass(frozen=True)
class Proof:
    """A proof with its commitments, the secrets its prover keeps, and its statement.

    ``proof`` and ``commitments`` are what a verifier needs besides the statement
    (the remaining fields); ``blindings`` (Bulletproofs: one per value; Bulletproofs+:
    ``extension_degree`` masks per value, value by value) and ``nonce`` (the rewind
    or seed nonce of a rewindable proof, and of every secp256k1 Bulletproofs proof
    that is not a range proof) are secrets: they open the commitments. ``repr``
    shows neither. Python ``bytes`` cannot be wiped: drop every reference to a
    secret you no longer need and let the interpreter free it.
    """

    proof: bytes
    commitments: List[bytes]
    blindings: List[bytes] = field(repr=False)
    nonce: Optional[bytes] = field(repr=False)
    curve: str
    protocol: str = "bp"
    bits: int = 64
    domain: bytes = b""
    range: Optional[Tuple[int, int]] = None
    extension_degree: int = 1
    min_values: Optional[List[int]] = None
    extra_commit: Optional[bytes] = None
    generators: Optional[int] = None

    def verify(self) -> None:
        """Verifies the proof against its own statement and commitments; returns
        ``None`` or raises :class:`ballistic.InvalidProof`,
        :class:`ballistic.MalformedProof`, ..."""
        _native.verify(
            self.curve,
            self.protocol,
            self.proof,
            self.commitments,
            self.bits,
            self.domain,
            self.range,
            self.extension_degree,
            self.min_values,
            self.extra_commit,
            self.generators,
        )

    def rewind(
        self, nonce: Optional[bytes] = None, value: Optional[int] = None
    ) -> Rewound:
        """Recovers the opening of this one-value proof with ``nonce`` (default: the
        nonce it was made with); ``value`` is the claimed value a Bulletproofs+
        rewind checks. See ``ballistic.ristretto.rewind``."""
        if nonce is None:
            nonce = self.nonce
        if nonce is None:
            raise InvalidArgument("this proof has no nonce: it is not rewindable")
        if len(self.commitments) != 1:
            raise InvalidArgument(
                f"a proof of {len(self.commitments)} values: only one-value proofs rewind"
            )
        return _rewound(
            _native.rewind(
                self.curve,
                self.protocol,
                self.proof,
                self.commitments[0],
                nonce,
                self.bits,
                self.domain,
                self.extension_degree,
                self.min_values,
                self.extra_commit,
                value,
                self.generators,
            )
        )

    def _batch_item(self) -> Tuple[Any, ...]:
        return (
            self.curve,
            self.protocol,
            self.proof,
            self.commitments,
            self.bits,
            self.domain,
            self.range,
            self.extension_degree,
            self.min_values,
            self.extra_commit,
            self.generators,
        )


@dataclass(frozen=True)
class Rewound:
    """What a nonce recovered from a one-value proof (every field a secret; ``repr``
    shows none).

    * Bulletproofs (either curve): ``value``, ``blindings`` (the one blinding) and
      the 20-byte ``message``;
    * Bulletproofs+: ``blindings`` holds the masks; ``value`` is the claimed value
      that was checked against them (``None`` if none was given), ``message`` is
      ``None``.
    """

    value: Optional[int] = field(repr=False)
    blindings: List[bytes] = field(repr=False)
    message: Optional[bytes] = field(repr=False)


def _rewound(raw: Tuple[Optional[int], List[bytes], Optional[bytes]]) -> Rewound:
    value, blindings, message = raw
    return Rewound(value=value, blindings=blindings, message=message)
