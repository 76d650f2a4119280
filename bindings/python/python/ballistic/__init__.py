"""ballistic: Bulletproofs range proofs and Bulletproofs+ on ristretto255 and
secp256k1, over ballistic's Rust byte-level API.

* :mod:`ballistic.ristretto`: dalek's ``bulletproofs`` format and Tari's
  Bulletproofs+;
* :mod:`ballistic.secp256k1`: secp256k1-zkp's (Grin's) format and Bulletproofs+.

Each has ``prove`` (returning a :class:`Proof`), ``verify`` (returning ``None`` or
raising), ``verify_batch`` (returning the invalid indices) and ``rewind``
(returning a :class:`Rewound`). Every error is an :class:`Error` with a stable
``code`` (:class:`ErrorCode`); an argument of the wrong type raises ``TypeError``.

Secrets (blindings, masks, nonces, rewound openings) are returned as ``bytes``,
which Python cannot wipe: the Rust side wipes its own copies, the interpreter frees
yours when the last reference goes. Keep them only as long as needed.

Verification, batch verification, proving and rewinding release the GIL.

>>> import ballistic
>>> from ballistic import ristretto
>>> p = ristretto.prove([7], bits=8)
>>> p.verify()
>>> try:
...     ristretto.verify(p.proof, p.commitments, bits=8, domain=b"other")
... except ballistic.InvalidProof as e:
...     print(e.code.name)
INVALID_PROOF
"""

from __future__ import annotations

from importlib import metadata as _metadata
from typing import Iterable, List

from . import _curve, _native
from ._errors import (
    BufferTooSmall,
    Error,
    ErrorCode,
    InvalidArgument,
    InvalidProof,
    LimitExceeded,
    MalformedProof,
    NullPointer,
    Panic,
    ProvingFailed,
    RewindFailed,
)
from ._types import Proof, Rewound

try:
    #: The installed package's version.
    __version__: str = _metadata.version("ballistic")
except _metadata.PackageNotFoundError:  # imported from a source tree
    __version__ = "0+unknown"

__all__ = [
    "BufferTooSmall",
    "Error",
    "ErrorCode",
    "InvalidArgument",
    "InvalidProof",
    "LimitExceeded",
    "MalformedProof",
    "NullPointer",
    "Panic",
    "ProvingFailed",
    "RewindFailed",
    "Proof",
    "Rewound",
    "verify_batch",
    "MAX_VALUES",
    "MAX_BATCH_PROOFS",
    "MAX_DOMAIN_BYTES",
    "MAX_EXTRA_COMMIT_BYTES",
    "MAX_GENERATORS",
    "MAX_EXTENSION_DEGREE",
    "ristretto",
    "secp256k1",
]

#: The most values (commitments) in one proof.
MAX_VALUES: int = _native.MAX_VALUES
#: The most proofs in one batch.
MAX_BATCH_PROOFS: int = _native.MAX_BATCH_PROOFS
#: The longest transcript label, in bytes.
MAX_DOMAIN_BYTES: int = _native.MAX_DOMAIN_BYTES
#: The longest secp256k1-zkp extra commitment, in bytes.
MAX_EXTRA_COMMIT_BYTES: int = _native.MAX_EXTRA_COMMIT_BYTES
#: The largest secp256k1-zkp generator set a statement may name (``generators``).
MAX_GENERATORS: int = _native.MAX_GENERATORS
#: The most distinct transcript labels one process may use (each is kept for the
#: life of the process).
#: The largest Bulletproofs+ extension degree.
MAX_EXTENSION_DEGREE: int = _native.MAX_EXTENSION_DEGREE


def verify_batch(proofs: Iterable[Proof]) -> List[int]:
    """Verifies :class:`Proof` objects of any curves, protocols and statements at
    once; returns the indices of the invalid ones (undecodable ones included) in
    increasing order. See :func:`ballistic.ristretto.verify_batch`."""
    items = []
    for i, p in enumerate(proofs):
        if not isinstance(p, Proof):
            raise TypeError(f"proofs[{i}] must be a Proof, not {type(p).__name__}")
        items.append(p._batch_item())
    return _curve.verify_batch(items)


from . import ristretto, secp256k1  # noqa: E402  (they import the names above)
