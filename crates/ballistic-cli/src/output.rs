//! The files `prove` writes: the openings (secrets) through a new owner-only
//! temporary file renamed over the target, the proof in place, and the check that
//! the two are different files however they are spelled.
//!
//! Rules:
//! * the openings path must not be a symbolic link (its target is never written);
//! * the openings are written to a temporary file in the target's directory, created
//!   exclusively (`create_new`, which does not follow a link either) with mode 0600
//!   on Unix from the start, synced, then renamed over the target: an existing file
//!   is replaced by the new one, never written into (its mode and other hard links
//!   keep nothing of the new secrets), and a failure removes the temporary file;
//! * `--out` and `--openings` are compared before anything is written, by canonical
//!   path (symbolic links, `.` and `..` resolved; for a file that does not exist
//!   yet, its directory's canonical path and its name) and, on Unix, by (device,
//!   inode) when both exist (hard links); the proof file is then opened without
//!   truncation and refused if it is the openings file just written.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rand::RngCore;

use crate::error::CliError;

/// How many symbolic links [`destination`] follows before giving up (the Linux
/// kernel's limit for one path lookup).
const MAX_LINK_HOPS: usize = 40;

/// A file's identity: (device, inode) on Unix, nothing elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileId(Option<(u64, u64)>);

impl FileId {
    /// The identity of an open or existing file.
    fn of(meta: &fs::Metadata) -> FileId {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            FileId(Some((meta.dev(), meta.ino())))
        }
        #[cfg(not(unix))]
        {
            let _ = meta;
            FileId(None)
        }
    }

    /// Whether both are known and equal.
    fn same(self, other: FileId) -> bool {
        self.0.is_some() && self.0 == other.0
    }
}

/// Where writing to a path lands: the canonical path of the file (after every
/// symbolic link) and, if it exists, its identity.
#[derive(Debug)]
pub struct Destination {
    path: PathBuf,
    id: FileId,
}

impl Destination {
    /// Whether writing to `self` and to `other` would write the same file.
    pub fn same_file(&self, other: &Destination) -> bool {
        self.path == other.path || self.id.same(other.id)
    }
}

/// The directory part of `path` (`.` for a bare file name).
fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Where writing to `path` lands (following symbolic links, also dangling ones,
/// as opening it for writing would).
pub fn destination(path: &Path) -> io::Result<Destination> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINK_HOPS {
        match fs::metadata(&current) {
            Ok(meta) => {
                return Ok(Destination {
                    path: fs::canonicalize(&current)?,
                    id: FileId::of(&meta),
                })
            }
            Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
            Err(_) => {}
        }
        // Missing: a dangling link is followed by hand, anything else is a new file
        // named in an existing directory.
        if fs::symlink_metadata(&current).is_ok_and(|m| m.file_type().is_symlink()) {
            let target = fs::read_link(&current)?;
            current = parent_dir(&current).join(target);
            continue;
        }
        let name = current
            .file_name()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
        return Ok(Destination {
            path: fs::canonicalize(parent_dir(&current))?.join(name),
            id: FileId(None),
        });
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

/// Refuses a symbolic link at `path` (dangling or not): secrets are never written
/// through one.
pub fn refuse_symlink(path: &Path, flag: &str) -> Result<(), CliError> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => Err(CliError::new(format!(
            "{flag} {}: is a symbolic link; the secrets are not written through links \
             (name the file itself)",
            path.display()
        ))),
        _ => Ok(()),
    }
}

/// A temporary file that is removed when dropped unless [`Temporary::keep`] was
/// called.
pub(crate) struct Temporary {
    path: PathBuf,
    kept: bool,
}

impl Temporary {
    fn keep(mut self) {
        self.kept = true;
    }

    /// Renames the file over `path` (replacing a file or link there, never
    /// following a link), or removes it if that fails.
    pub(crate) fn rename_to(self, path: &Path) -> io::Result<()> {
        fs::rename(&self.path, path)?;
        self.keep();
        Ok(())
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.kept {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Creates a new file next to `path` with an unpredictable name, exclusively (which
/// never follows a link) and (on Unix) with `mode` from its creation.
pub(crate) fn create_temporary(path: &Path, mode: u32) -> io::Result<(File, Temporary)> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let dir = parent_dir(path);
    let mut last = None;
    for _ in 0..8 {
        let mut tag = [0u8; 8];
        rand::rngs::OsRng.fill_bytes(&mut tag);
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".{}.tmp", hex::encode(tag)));
        let tmp = dir.join(tmp_name);
        let mut opts = OpenOptions::new();
        opts.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            opts.mode(mode);
        }
        #[cfg(not(unix))]
        let _ = mode;
        match opts.open(&tmp) {
            Ok(file) => {
                return Ok((
                    file,
                    Temporary {
                        path: tmp,
                        kept: false,
                    },
                ))
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("no temporary name")))
}

/// Writes secrets to `path` with `fill`: into a new owner-only temporary file in the
/// same directory, synced, then renamed over `path`. On any failure the temporary
/// file is removed and `path` is left as it was. Returns the identity of the new
/// file.
pub fn write_secret<F>(path: &Path, fill: F) -> Result<FileId, CliError>
where
    F: FnOnce(&mut File) -> io::Result<()>,
{
    let fail = |what: &str, e: io::Error| CliError::new(format!("{}: {what}: {e}", path.display()));
    let (mut file, tmp) = create_temporary(path, 0o600).map_err(|e| fail("cannot create", e))?;
    fill(&mut file)
        .and_then(|()| file.sync_all())
        .map_err(|e| fail("cannot write", e))?;
    let id = FileId::of(&file.metadata().map_err(|e| fail("cannot write", e))?);
    drop(file);
    tmp.rename_to(path).map_err(|e| fail("cannot replace", e))?;
    Ok(id)
}

/// Writes `contents` to `path` (following links, truncating an existing file), unless
/// `path` is the file `not` (checked on the open file, before truncating it).
pub fn write_public(path: &Path, contents: &[u8], not: Option<FileId>) -> Result<(), CliError> {
    let fail = |what: &str, e: io::Error| CliError::new(format!("{}: {what}: {e}", path.display()));
    let mut file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| fail("cannot create", e))?;
    if let Some(not) = not {
        let id = FileId::of(&file.metadata().map_err(|e| fail("cannot create", e))?);
        if id.same(not) {
            return Err(CliError::new(format!(
                "{}: is the openings file just written; the proof is not written over it",
                path.display()
            )));
        }
    }
    file.set_len(0)
        .and_then(|()| file.write_all(contents))
        .and_then(|()| file.flush())
        .map_err(|e| fail("cannot write", e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names in `dir`, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_failed_write_leaves_no_temporary_file_and_the_target_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("secrets.json");
        fs::write(&target, b"old").unwrap();
        let mut seen = None;
        let err = write_secret(&target, |file| {
            file.write_all(b"half of the sec")?;
            seen = Some(names(dir.path()));
            Err(io::Error::other("disk full"))
        })
        .unwrap_err();
        assert!(err.to_string().contains("disk full"), "{err}");
        // The temporary file existed while writing, and is gone.
        let seen = seen.unwrap();
        assert_eq!(seen.len(), 2, "{seen:?}");
        assert!(seen
            .iter()
            .any(|n| n.starts_with(".secrets.json.") && n.ends_with(".tmp")));
        assert_eq!(names(dir.path()), ["secrets.json"]);
        assert_eq!(fs::read(&target).unwrap(), b"old");
    }

    #[cfg(unix)]
    #[test]
    fn the_temporary_file_is_owner_only_from_its_creation() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("secrets.json");
        let mut mode_while_empty = None;
        write_secret(&target, |file| {
            mode_while_empty = Some(file.metadata()?.permissions().mode() & 0o777);
            assert_eq!(file.metadata()?.len(), 0);
            file.write_all(b"secret")
        })
        .unwrap();
        assert_eq!(mode_while_empty, Some(0o600));
        assert_eq!(fs::read(&target).unwrap(), b"secret");
        let mode = fs::metadata(&target).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn a_temporary_name_in_use_is_not_reused() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("s");
        let (_f1, t1) = create_temporary(&target, 0o600).unwrap();
        let (_f2, t2) = create_temporary(&target, 0o600).unwrap();
        assert_ne!(t1.path, t2.path);
        assert_eq!(names(dir.path()).len(), 2);
        drop((t1, t2));
        assert!(names(dir.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn the_proof_is_not_written_over_the_openings_just_written() {
        let dir = tempfile::tempdir().unwrap();
        let secrets = dir.path().join("secrets.json");
        let id = write_secret(&secrets, |f| f.write_all(b"secret")).unwrap();
        // A name that only the open file's identity can tell apart (a hard link
        // made after the check by path).
        let alias = dir.path().join("alias.json");
        fs::hard_link(&secrets, &alias).unwrap();
        let err = write_public(&alias, b"proof", Some(id)).unwrap_err();
        assert!(err.to_string().contains("openings file"), "{err}");
        assert_eq!(fs::read(&secrets).unwrap(), b"secret");
        // Another file is written normally, an existing one truncated first.
        let other = dir.path().join("proof.json");
        fs::write(&other, b"a much longer previous proof").unwrap();
        write_public(&other, b"proof", Some(id)).unwrap();
        assert_eq!(fs::read(&other).unwrap(), b"proof");
    }

    #[cfg(unix)]
    #[test]
    fn destinations_see_through_spellings_and_links() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        fs::create_dir(d.join("sub")).unwrap();
        fs::write(d.join("x"), b"x").unwrap();
        fs::hard_link(d.join("x"), d.join("hard")).unwrap();
        symlink("x", d.join("link")).unwrap();
        symlink("sub/../new", d.join("dangling")).unwrap();
        symlink("loop", d.join("loop")).unwrap();
        let at = |p: &str| destination(&d.join(p)).unwrap();
        assert!(at("x").same_file(&at("sub/../x")));
        assert!(at("x").same_file(&at("./x")));
        assert!(at("x").same_file(&at("hard")));
        assert!(at("x").same_file(&at("link")));
        assert!(at("new").same_file(&at("dangling")));
        assert!(at("new").same_file(&at("sub/../new")));
        assert!(!at("x").same_file(&at("new")));
        assert!(!at("x").same_file(&at("sub/x")));
        assert!(destination(&d.join("loop")).is_err());
        assert!(destination(&d.join("missing/x")).is_err());
    }
}
