//! The command's error type and exit statuses.
//!
//! Every failure the user can cause (bad arguments, unreadable or malformed files,
//! values out of range, I/O errors) becomes a [`CliError`], which `main` prints as
//! `error: <message>` on standard error before exiting with [`EXIT_ERROR`]. Nothing
//! in this crate panics on user data.

use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

/// Exit status: everything succeeded (for `verify`: every proof is valid).
pub const EXIT_OK: u8 = 0;
/// Exit status of `verify` (and `demo`) when a proof was rejected.
pub const EXIT_INVALID: u8 = 1;
/// Exit status for usage errors, unreadable or malformed files, values that do not fit,
/// and I/O errors. Clap's own usage errors use the same status.
pub const EXIT_ERROR: u8 = 2;

/// An error that ends the command with [`EXIT_ERROR`].
///
/// The message is complete and user-facing: it names the file and, for malformed
/// files, the field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError {
    message: String,
}

impl CliError {
    /// An error with the given user-facing message.
    pub fn new(message: impl Into<String>) -> Self {
        CliError {
            message: message.into(),
        }
    }

    /// The exit code this error ends the process with.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(EXIT_ERROR)
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

/// Write errors on standard output (e.g. a closed pipe) end the command cleanly
/// instead of panicking, as `println!` would.
impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError::new(format!("cannot write to standard output: {e}"))
    }
}

/// Prints one line on standard error, ignoring failures (there is nowhere left to
/// report them).
pub fn eprint_line(line: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{line}");
}
