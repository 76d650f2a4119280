//! The exchange directory of `ballistic mpc dealer` and `party`: where the parties
//! and the dealer leave their messages for each other.
//!
//! The messages are not authenticated (a dealer cannot tell who wrote
//! `bit_commitment_0.json`), so whoever may write the directory takes part in the
//! proof. Rules:
//! * the directory must be writable by its owner only (no group or other write
//!   bit, Unix): parties of different users exchange messages over a channel of
//!   their own, not a shared directory (and its parent directories should be the
//!   user's too, or another user may replace it);
//! * a message is written to a new file with an unpredictable name in the directory
//!   (created exclusively, which never follows a link), then renamed over its name:
//!   a link planted at the name is replaced, never written through;
//! * the proof file `DIR/proof.json` is written the same way;
//! * a message is read through a no-follow open and must be a regular file of at
//!   most [`MAX_FILE_BYTES`]: a link planted at its name is refused.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::Path;

use crate::error::CliError;
use crate::format::MAX_FILE_BYTES;
use crate::output;

/// The mode of the message files (Unix): messages are public, the directory is not
/// writable by others.
const MESSAGE_MODE: u32 = 0o644;

/// Checks that `dir` is a directory that only its owner may write.
///
/// # Errors
/// A [`CliError`] naming the rule that `dir` breaks.
pub fn check_dir(dir: &Path) -> Result<(), CliError> {
    let fail = |why: String| CliError::new(format!("--json-dir {}: {why}", dir.display()));
    let meta = fs::metadata(dir).map_err(|e| fail(format!("cannot open: {e}")))?;
    if !meta.is_dir() {
        return Err(fail("is not a directory".into()));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.mode() & 0o022 != 0 {
            return Err(fail(format!(
                "is writable by {} (mode {:o}); the messages are not authenticated, so \
                 nobody but its owner may write the exchange directory (chmod go-w)",
                if meta.mode() & 0o020 != 0 {
                    "its group"
                } else {
                    "other users"
                },
                meta.mode() & 0o7777
            )));
        }
    }
    Ok(())
}

/// Creates `dir` (and its missing parents) writable by its owner only, unless it
/// exists.
///
/// # Errors
/// A [`CliError`] if it cannot be created.
pub fn create_dir(dir: &Path) -> Result<(), CliError> {
    let mut b = fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        b.mode(0o700);
    }
    b.create(dir)
        .map_err(|e| CliError::new(format!("{}: cannot create: {e}", dir.display())))
}

/// Writes `contents` as `dir/name`: into a new file with an unpredictable name in
/// `dir`, synced, then renamed over `dir/name` (replacing a link there, never
/// following it).
///
/// # Errors
/// A [`CliError`] for I/O errors; the temporary file is then removed.
pub fn write(dir: &Path, name: &str, contents: &[u8]) -> Result<(), CliError> {
    let path = dir.join(name);
    let fail = |e: io::Error| CliError::new(format!("{}: cannot write: {e}", path.display()));
    let (mut file, tmp) = output::create_temporary(&path, MESSAGE_MODE).map_err(fail)?;
    file.write_all(contents)
        .and_then(|()| file.sync_all())
        .map_err(fail)?;
    drop(file);
    tmp.rename_to(&path).map_err(fail)
}

/// Opens `path` for reading without following a link at its last component.
fn open_no_follow(path: &Path) -> io::Result<File> {
    let mut opts = OpenOptions::new();
    opts.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.custom_flags(libc::O_NOFOLLOW);
    }
    #[cfg(not(unix))]
    {
        if fs::symlink_metadata(path)?.file_type().is_symlink() {
            return Err(io::Error::other("is a symbolic link"));
        }
    }
    opts.open(path)
}

/// Whether `dir/name` exists (a link there counts: reading it is then refused).
pub fn exists(dir: &Path, name: &str) -> bool {
    fs::symlink_metadata(dir.join(name)).is_ok()
}

/// Reads `dir/name`: a regular file, not a link, at most [`MAX_FILE_BYTES`].
///
/// # Errors
/// A [`CliError`] if it is a link or not a regular file, too large, or unreadable.
pub fn read(dir: &Path, name: &str) -> Result<Vec<u8>, CliError> {
    let path = dir.join(name);
    let fail = |why: String| CliError::new(format!("{}: {why}", path.display()));
    let file = open_no_follow(&path).map_err(|e| {
        let link = fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_symlink());
        if link {
            fail("is a symbolic link; messages are not read through links".into())
        } else {
            fail(format!("cannot open: {e}"))
        }
    })?;
    let meta = file
        .metadata()
        .map_err(|e| fail(format!("cannot read: {e}")))?;
    if !meta.is_file() {
        return Err(fail("is not a regular file".into()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(fail(format!(
            "is {} bytes, larger than the limit of {MAX_FILE_BYTES}",
            meta.len()
        )));
    }
    let mut buf = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut buf)
        .map_err(|e| fail(format!("cannot read: {e}")))?;
    if buf.len() as u64 > MAX_FILE_BYTES {
        return Err(fail(format!("larger than the limit of {MAX_FILE_BYTES}")));
    }
    Ok(buf)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::{symlink, PermissionsExt};

    fn private_dir() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o700)).unwrap();
        dir
    }

    #[test]
    fn a_link_planted_at_a_message_name_is_replaced_not_followed() {
        let dir = private_dir();
        let victim = dir.path().join("victim");
        fs::write(&victim, b"keep me").unwrap();
        symlink(&victim, dir.path().join("bit_commitment_0.json")).unwrap();
        write(dir.path(), "bit_commitment_0.json", b"{}\n").unwrap();
        assert_eq!(fs::read(&victim).unwrap(), b"keep me");
        let meta = fs::symlink_metadata(dir.path().join("bit_commitment_0.json")).unwrap();
        assert!(meta.file_type().is_file());
        assert_eq!(meta.permissions().mode() & 0o777, MESSAGE_MODE);
        assert_eq!(read(dir.path(), "bit_commitment_0.json").unwrap(), b"{}\n");
    }

    #[test]
    fn a_link_planted_at_the_proof_file_is_replaced_not_followed() {
        let dir = private_dir();
        let outside = private_dir();
        let victim = outside.path().join("authorized_keys");
        fs::write(&victim, b"keep me").unwrap();
        symlink(&victim, dir.path().join("proof.json")).unwrap();
        write(dir.path(), "proof.json", b"proof").unwrap();
        assert_eq!(fs::read(&victim).unwrap(), b"keep me");
        assert_eq!(fs::read(dir.path().join("proof.json")).unwrap(), b"proof");
    }

    #[test]
    fn temporary_names_are_unpredictable_and_left_nowhere() {
        let dir = private_dir();
        // A name derived from the process id (the old scheme) planted as a link.
        let victim = dir.path().join("victim");
        fs::write(&victim, b"keep me").unwrap();
        let pid_name = format!(".m.json.{}.tmp", std::process::id());
        symlink(&victim, dir.path().join(pid_name)).unwrap();
        for _ in 0..4 {
            write(dir.path(), "m.json", b"x").unwrap();
        }
        assert_eq!(fs::read(&victim).unwrap(), b"keep me");
        let names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 3, "{names:?}");
    }

    #[test]
    fn a_message_that_is_a_link_is_not_read() {
        let dir = private_dir();
        let secret = dir.path().join("secret");
        fs::write(&secret, b"{\"x\": 1}").unwrap();
        symlink(&secret, dir.path().join("bit_challenge.json")).unwrap();
        assert!(exists(dir.path(), "bit_challenge.json"));
        let err = read(dir.path(), "bit_challenge.json").unwrap_err();
        assert!(err.to_string().contains("symbolic link"), "{err}");
        fs::create_dir(dir.path().join("sub")).unwrap();
        let err = read(dir.path(), "sub").unwrap_err();
        assert!(err.to_string().contains("regular file"), "{err}");
    }

    #[test]
    fn a_directory_others_may_write_is_refused() {
        let dir = private_dir();
        check_dir(dir.path()).unwrap();
        for (mode, who) in [
            (0o770, "its group"),
            (0o702, "other users"),
            (0o777, "its group"),
        ] {
            fs::set_permissions(dir.path(), fs::Permissions::from_mode(mode)).unwrap();
            let err = check_dir(dir.path()).unwrap_err();
            assert!(err.to_string().contains(who), "{mode:o}: {err}");
        }
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o755)).unwrap();
        check_dir(dir.path()).unwrap();
        let file = dir.path().join("f");
        fs::write(&file, b"").unwrap();
        assert!(check_dir(&file)
            .unwrap_err()
            .to_string()
            .contains("not a directory"));
    }
}
