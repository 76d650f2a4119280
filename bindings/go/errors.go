package ballistic

/*
#include "ballistic.h"
*/
import "C"

// ErrorCode is the library's stable number for a kind of error.
type ErrorCode int

// The error codes (those of the C ABI's BALLISTIC_ERR_*).
const (
	CodeInvalidArgument ErrorCode = C.BALLISTIC_ERR_INVALID_ARGUMENT
	CodeMalformedProof  ErrorCode = C.BALLISTIC_ERR_MALFORMED_PROOF
	CodeInvalidProof    ErrorCode = C.BALLISTIC_ERR_INVALID_PROOF
	CodeLimitExceeded   ErrorCode = C.BALLISTIC_ERR_LIMIT_EXCEEDED
	CodeRewindFailed    ErrorCode = C.BALLISTIC_ERR_REWIND_FAILED
	CodeProvingFailed   ErrorCode = C.BALLISTIC_ERR_PROVING_FAILED
	CodeBufferTooSmall  ErrorCode = C.BALLISTIC_ERR_BUFFER_TOO_SMALL
	CodeNullPointer     ErrorCode = C.BALLISTIC_ERR_NULL_POINTER
	CodePanic           ErrorCode = C.BALLISTIC_ERR_PANIC
)

// String is the code's fixed description.
func (c ErrorCode) String() string {
	return C.GoString(C.ballistic_error_message(C.int(c)))
}

// Error is an error of the library: a stable code and a message saying what is
// wrong. Match kinds with errors.Is and the sentinels (errors.Is(err,
// ErrInvalidProof)); errors.As gives the *Error with its message.
type Error struct {
	Code    ErrorCode
	Message string
}

// Error is the message (the code's description when there is none).
func (e *Error) Error() string {
	if e.Message == "" {
		return "ballistic: " + e.Code.String()
	}
	return "ballistic: " + e.Message
}

// Is reports whether target is an *Error of the same code (the sentinels are).
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

func newError(code int, message string) error {
	return &Error{Code: ErrorCode(code), Message: message}
}

// The sentinel errors, one per code, for errors.Is.
var (
	// ErrInvalidArgument: an argument is outside what the curve, protocol or
	// statement allows.
	ErrInvalidArgument = &Error{Code: CodeInvalidArgument}
	// ErrMalformed: the proof or a commitment does not decode (a wrong length for
	// the statement, a non-canonical scalar, bytes that are not a point).
	ErrMalformed = &Error{Code: CodeMalformedProof}
	// ErrInvalidProof: the proof decodes but does not verify.
	ErrInvalidProof = &Error{Code: CodeInvalidProof}
	// ErrLimitExceeded: an input is beyond a named limit (MaxValues, …).
	ErrLimitExceeded = &Error{Code: CodeLimitExceeded}
	// ErrRewindFailed: the nonce does not rewind the proof.
	ErrRewindFailed = &Error{Code: CodeRewindFailed}
	// ErrProvingFailed: the prover failed (a bug worth reporting).
	ErrProvingFailed = &Error{Code: CodeProvingFailed}
	// ErrBufferTooSmall: an output buffer was too small (a bug of this binding).
	ErrBufferTooSmall = &Error{Code: CodeBufferTooSmall}
	// ErrNullPointer: a closed handle or missing buffer.
	ErrNullPointer = &Error{Code: CodeNullPointer}
	// ErrPanic: the library caught a panic (a bug worth reporting).
	ErrPanic = &Error{Code: CodePanic}
)
