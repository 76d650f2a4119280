"""Type stubs of the extension module ``ballistic._native`` (private: use
``ballistic.ristretto`` and ``ballistic.secp256k1``). Every function takes the whole
statement positionally; integers must be ``int`` in ``0..2**64`` (``bool`` is
refused), byte strings ``bytes`` or ``bytearray``, the domain also ``str``."""

from typing import Iterable, List, Optional, Sequence, Tuple, Union

_Bytes = Union[bytes, bytearray]
_Domain = Union[bytes, bytearray, str, None]
_Range = Optional[Tuple[int, int]]
_BatchItem = Tuple[
    str,
    str,
    _Bytes,
    Sequence[_Bytes],
    int,
    _Domain,
    _Range,
    int,
    Optional[Sequence[int]],
    Optional[_Bytes],
    Optional[int],
]

MAX_VALUES: int
MAX_BATCH_PROOFS: int
MAX_DOMAIN_BYTES: int
MAX_EXTRA_COMMIT_BYTES: int
MAX_GENERATORS: int
SCALAR_BYTES: int
MESSAGE_BYTES: int
MAX_EXTENSION_DEGREE: int

def prove(
    curve: str,
    protocol: str,
    values: Iterable[int],
    bits: int,
    domain: _Domain,
    range: _Range,
    extension_degree: int,
    min_values: Optional[Iterable[int]],
    extra_commit: Optional[_Bytes],
    blindings: Optional[Iterable[_Bytes]],
    rewindable: bool,
    nonce: Optional[_Bytes],
    generators: Optional[int] = None,
) -> Tuple[bytes, List[bytes], List[bytes], Optional[bytes]]:
    """A new proof: ``(proof, commitments, blindings, nonce)``."""

def verify(
    curve: str,
    protocol: str,
    proof: _Bytes,
    commitments: Iterable[_Bytes],
    bits: int,
    domain: _Domain,
    range: _Range,
    extension_degree: int,
    min_values: Optional[Iterable[int]],
    extra_commit: Optional[_Bytes],
    generators: Optional[int] = None,
) -> None:
    """``None``, or raises the error of the proof."""

def verify_batch(items: Iterable[_BatchItem]) -> List[Tuple[int, int, str]]:
    """The failures ``(index, code, message)`` in index order."""

def rewind(
    curve: str,
    protocol: str,
    proof: _Bytes,
    commitment: _Bytes,
    nonce: _Bytes,
    bits: int,
    domain: _Domain,
    extension_degree: int,
    min_values: Optional[Iterable[int]],
    extra_commit: Optional[_Bytes],
    value: Optional[int],
    generators: Optional[int] = None,
) -> Tuple[Optional[int], List[bytes], Optional[bytes]]:
    """What the nonce recovered: ``(value, blindings, message)``."""
