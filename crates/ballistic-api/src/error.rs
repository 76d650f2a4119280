//! The one error type of the byte-level API, with stable numeric codes.

use core::fmt;

use ballistic::ProofError;

/// What went wrong, as a stable number (the C ABI returns it; `0` is success there).
/// New codes may be added; existing ones never change meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum ErrorCode {
    /// An argument is outside what the curve, protocol or statement allows (a bit
    /// width, a shape, an option for another protocol, a value that does not fit).
    InvalidArgument = 1,
    /// The proof or a commitment does not decode: a wrong length for the statement,
    /// a non-canonical scalar, bytes that are not a point.
    MalformedProof = 2,
    /// The proof decodes but does not verify for the statement.
    InvalidProof = 3,
    /// An input is beyond a named limit ([`crate::MAX_VALUES`],
    /// [`crate::MAX_DOMAIN_BYTES`], [`crate::MAX_BATCH_PROOFS`], …).
    LimitExceeded = 4,
    /// The nonce does not rewind the proof (or the recovered opening does not open
    /// the commitment).
    RewindFailed = 5,
    /// The prover failed (an error the statement checks should have caught); a bug
    /// worth reporting.
    ProvingFailed = 6,
    /// A caller's buffer is too small for the output (C ABI).
    BufferTooSmall = 7,
    /// A null pointer or an invalid handle was passed (C ABI).
    NullPointer = 8,
    /// A panic was caught at the boundary (C ABI); a bug worth reporting.
    Panic = 9,
}

impl ErrorCode {
    /// The code as an integer.
    ///
    /// ```
    /// assert_eq!(ballistic_api::ErrorCode::InvalidProof.as_i32(), 3);
    /// ```
    pub fn as_i32(self) -> i32 {
        self as i32
    }

    /// The code of an integer, if it is one.
    ///
    /// ```
    /// use ballistic_api::ErrorCode;
    /// assert_eq!(ErrorCode::from_i32(2), Some(ErrorCode::MalformedProof));
    /// assert_eq!(ErrorCode::from_i32(0), None);
    /// ```
    pub fn from_i32(code: i32) -> Option<ErrorCode> {
        Some(match code {
            1 => ErrorCode::InvalidArgument,
            2 => ErrorCode::MalformedProof,
            3 => ErrorCode::InvalidProof,
            4 => ErrorCode::LimitExceeded,
            5 => ErrorCode::RewindFailed,
            6 => ErrorCode::ProvingFailed,
            7 => ErrorCode::BufferTooSmall,
            8 => ErrorCode::NullPointer,
            9 => ErrorCode::Panic,
            _ => return None,
        })
    }

    /// A short, fixed description of the code (the C ABI's message for a code).
    ///
    /// ```
    /// assert_eq!(ballistic_api::ErrorCode::InvalidProof.description(), "the proof does not verify");
    /// ```
    pub fn description(self) -> &'static str {
        match self {
            ErrorCode::InvalidArgument => "invalid argument",
            ErrorCode::MalformedProof => "the proof or a commitment does not decode",
            ErrorCode::InvalidProof => "the proof does not verify",
            ErrorCode::LimitExceeded => "an input is beyond a limit",
            ErrorCode::RewindFailed => "the nonce does not rewind the proof",
            ErrorCode::ProvingFailed => "proving failed",
            ErrorCode::BufferTooSmall => "the output buffer is too small",
            ErrorCode::NullPointer => "a null pointer or invalid handle",
            ErrorCode::Panic => "internal error (a panic was caught)",
        }
    }
}

/// An error: a stable [`ErrorCode`] and a message that says what is wrong.
///
/// ```
/// use ballistic_api::{Error, ErrorCode};
/// let e = Error::new(ErrorCode::InvalidProof, "proof does not verify");
/// assert_eq!(e.to_string(), "proof does not verify");
/// assert_eq!(e.code().as_i32(), 3);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    code: ErrorCode,
    message: String,
}

impl Error {
    /// An error with `code` and `message`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Error {
        Error {
            code,
            message: message.into(),
        }
    }

    /// The code.
    pub fn code(&self) -> ErrorCode {
        self.code
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The error for a verifier's [`ProofError`]: `VerificationError` is
    /// [`ErrorCode::InvalidProof`] ("proof does not verify"), a decoding error
    /// [`ErrorCode::MalformedProof`], anything else [`ErrorCode::InvalidProof`] with
    /// the library's message.
    pub(crate) fn from_verifier(e: &ProofError) -> Error {
        match e {
            ProofError::VerificationError => {
                Error::new(ErrorCode::InvalidProof, "proof does not verify")
            }
            ProofError::FormatError => Error::new(ErrorCode::MalformedProof, e.to_string()),
            other => Error::new(ErrorCode::InvalidProof, other.to_string()),
        }
    }

    /// The error of a prover's [`ProofError`]: a value outside its range (which the
    /// prover decides in constant time, without saying which value) is
    /// [`ErrorCode::InvalidArgument`], anything else [`ErrorCode::ProvingFailed`].
    pub(crate) fn proving(e: &ProofError) -> Error {
        match e {
            ProofError::ValueOutOfRange => Error::argument(
                "a value is outside its range (the prover checks the values in constant \
                 time and does not say which)",
            ),
            other => Error::new(ErrorCode::ProvingFailed, format!("proving failed: {other}")),
        }
    }

    /// An [`ErrorCode::InvalidArgument`] error.
    pub(crate) fn argument(message: impl Into<String>) -> Error {
        Error::new(ErrorCode::InvalidArgument, message)
    }

    /// An [`ErrorCode::MalformedProof`] error.
    pub(crate) fn malformed(message: impl Into<String>) -> Error {
        Error::new(ErrorCode::MalformedProof, message)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}
