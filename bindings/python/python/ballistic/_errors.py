"""The exceptions of ballistic: one class per error code of the byte-level API.

Every exception is a :class:`Error` with a ``code`` (an :class:`ErrorCode`, stable
across releases) and a message that says what is wrong.
"""

from __future__ import annotations

import enum


class ErrorCode(enum.IntEnum):
    """The stable numeric error codes of ballistic's byte-level API (the same numbers
    as the C ABI's and the Go binding's)."""

    INVALID_ARGUMENT = 1
    MALFORMED_PROOF = 2
    INVALID_PROOF = 3
    LIMIT_EXCEEDED = 4
    REWIND_FAILED = 5
    PROVING_FAILED = 6
    BUFFER_TOO_SMALL = 7
    NULL_POINTER = 8
    PANIC = 9


class Error(Exception):
    """The base class of every error ballistic raises (besides ``TypeError`` for an
    argument of the wrong type). ``code`` is the :class:`ErrorCode`; ``str(e)`` the
    message."""

    code: int = 0

    def __init__(self, message: str, code: int | None = None) -> None:
        super().__init__(message)
        if code is not None:
            try:
                self.code = ErrorCode(code)
            except ValueError:
                self.code = code


class InvalidArgument(Error, ValueError):
    """An argument is outside what the curve, protocol or statement allows: a bit
    width, a shape, an option of another protocol, a value out of its range, an
    integer outside ``0..2**64``, a secret that is not a canonical 32-byte scalar."""

    code = ErrorCode.INVALID_ARGUMENT


class MalformedProof(Error):
    """The proof or a commitment does not decode: a wrong length for the statement,
    a non-canonical scalar, bytes that are not a point."""

    code = ErrorCode.MALFORMED_PROOF


class InvalidProof(Error):
    """The proof decodes but does not verify for the statement."""

    code = ErrorCode.INVALID_PROOF


class LimitExceeded(Error, ValueError):
    """An input is beyond a named limit: more than ``MAX_VALUES`` values, a domain
    longer than ``MAX_DOMAIN_BYTES``, more than ``MAX_BATCH_PROOFS`` proofs in a
    batch."""

    code = ErrorCode.LIMIT_EXCEEDED


class RewindFailed(Error):
    """The nonce does not rewind the proof (or the recovered opening does not open
    the commitment)."""

    code = ErrorCode.REWIND_FAILED


class ProvingFailed(Error):
    """The prover failed on a statement its checks accepted: a bug worth
    reporting."""

    code = ErrorCode.PROVING_FAILED


class BufferTooSmall(Error):
    """A caller's buffer is too small (the C ABI's code; Python never raises it)."""

    code = ErrorCode.BUFFER_TOO_SMALL


class NullPointer(Error):
    """A null pointer or invalid handle (the C ABI's code; Python never raises
    it)."""

    code = ErrorCode.NULL_POINTER


class Panic(Error):
    """A panic inside ballistic was caught at the boundary: a bug worth reporting.
    The interpreter and later calls are unaffected."""

    code = ErrorCode.PANIC


_CLASSES: dict[int, type[Error]] = {
    cls.code: cls
    for cls in (
        InvalidArgument,
        MalformedProof,
        InvalidProof,
        LimitExceeded,
        RewindFailed,
        ProvingFailed,
        BufferTooSmall,
        NullPointer,
        Panic,
    )
}


def _error(code: int, message: str) -> Error:
    """The exception of ``code`` (the base class, carrying the number, for a code
    this version does not know)."""
    cls = _CLASSES.get(code)
    if cls is None:
        return Error(message, code)
    return cls(message)
