//! Secrets read from a file or standard input, and the warning for secrets given
//! as arguments.
//!
//! A secret on the command line (`--nonce HEX`, `--message TEXT`, …) is visible to
//! every user of the machine while the command runs (`ps`, `/proc/PID/cmdline`) and
//! may be kept in the shell's history. The `--…-file FILE` forms read it from a file
//! or, with `-`, from standard input, into a buffer that is wiped when dropped; the
//! argument forms still work and print a warning.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use zeroize::Zeroizing;

use crate::error::{eprint_line, CliError};

/// The largest secret file read (a nonce in hex with a newline needs 65 bytes, a
/// SHA-256 block 64).
pub const MAX_SECRET_BYTES: usize = 4096;

/// Reads the secret in `path` (`-`: standard input) for `flag`: at most
/// [`MAX_SECRET_BYTES`], into a buffer allocated once (no reallocation leaves an
/// unwiped copy) and wiped on drop.
///
/// # Errors
/// A [`CliError`] naming `flag` if the file cannot be read or is too large.
pub fn read(flag: &str, path: &Path) -> Result<Zeroizing<Vec<u8>>, CliError> {
    let fail = |e: io::Error| CliError::new(format!("{flag} {}: cannot read: {e}", path.display()));
    let mut buf = Zeroizing::new(Vec::with_capacity(MAX_SECRET_BYTES + 1));
    let limit = MAX_SECRET_BYTES as u64 + 1;
    if path.as_os_str() == "-" {
        io::stdin()
            .lock()
            .take(limit)
            .read_to_end(&mut buf)
            .map_err(fail)?;
    } else {
        File::open(path)
            .and_then(|f| f.take(limit).read_to_end(&mut buf))
            .map_err(fail)?;
    }
    if buf.len() > MAX_SECRET_BYTES {
        return Err(CliError::new(format!(
            "{flag} {}: larger than {MAX_SECRET_BYTES} bytes; a secret file holds only the secret",
            path.display()
        )));
    }
    Ok(buf)
}

/// `bytes` without leading and trailing ASCII white space (a newline at the end of a
/// file written by `echo`), as a new wiped buffer.
pub fn trimmed(bytes: &[u8]) -> Zeroizing<Vec<u8>> {
    Zeroizing::new(bytes.trim_ascii().to_vec())
}

/// Warns that `flag` put a secret on the command line, and names the safe form.
pub fn warn_argument(flag: &str, file_flag: &str) {
    eprint_line(&format!(
        "warning: {flag} puts a secret on the command line, where other users of this \
         machine can read it while the command runs and the shell may keep it in its \
         history; use {file_flag} FILE (or {file_flag} - for standard input)"
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_files_within_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("s");
        std::fs::write(&p, b"  abcd\n").unwrap();
        assert_eq!(trimmed(&read("--x", &p).unwrap()).as_slice(), b"abcd");
        std::fs::write(&p, vec![b'a'; MAX_SECRET_BYTES]).unwrap();
        assert_eq!(read("--x", &p).unwrap().len(), MAX_SECRET_BYTES);
        std::fs::write(&p, vec![b'a'; MAX_SECRET_BYTES + 1]).unwrap();
        let e = read("--x", &p).unwrap_err().to_string();
        assert!(e.contains("larger than"), "{e}");
        let e = read("--x", &dir.path().join("missing"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("--x "), "{e}");
    }
}
