//! The one writer: checked targets, one temporary file per target, atomic rename, kept permissions.

use std::fmt;
use std::fs::{File, OpenOptions, Permissions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};

use super::ReadError;
use super::read::read_bounded;

/// What a command allows when it writes a file.
#[derive(Debug, Clone, Copy, Default)]
pub struct WriteOptions<'a> {
    /// Replace an existing file (`--force`; edits always replace the file they edit).
    pub force: bool,
    /// The command's own input files, which are never written over, even with `force`.
    pub inputs: &'a [&'a Path],
}

/// Why a file was not written. The user's file is untouched in every case.
#[derive(Debug)]
pub enum WriteError {
    /// The file exists and `--force` was not given.
    Exists(PathBuf),
    /// The file is one of the command's inputs.
    IsInput(PathBuf),
    /// The path is a folder, a device, a FIFO or a socket.
    NotRegular(PathBuf, &'static str),
    /// The file has no write permission.
    ReadOnly(PathBuf),
    /// The file to edit could not be read.
    Read(PathBuf, ReadError),
    Io(PathBuf, io::Error),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Exists(p) => {
                write!(f, "`{}` exists; use --force to overwrite it", p.display())
            }
            WriteError::IsInput(p) => write!(
                f,
                "`{}` is one of this command's input files; choose another output file",
                p.display()
            ),
            WriteError::NotRegular(p, kind) => write!(
                f,
                "`{}` is {kind}, not a regular file; Buntai writes only regular files",
                p.display()
            ),
            WriteError::ReadOnly(p) => write!(
                f,
                "`{}` is read-only; make it writable first (chmod u+w) if you mean to change it",
                p.display()
            ),
            WriteError::Read(p, err) => write!(f, "cannot read `{}`: {err}", p.display()),
            WriteError::Io(p, err) => write!(f, "cannot write `{}`: {err}", p.display()),
        }
    }
}

impl std::error::Error for WriteError {}

/// A file being written: its checks passed and its temporary file exists and is locked, so a
/// command that writes after long work (a million simulated games) learns at once that it cannot.
/// Nothing replaces the target until [`OutputFile::commit`]; dropped without it, the temporary file
/// is removed and the target is untouched.
#[derive(Debug)]
pub struct OutputFile {
    target: PathBuf,
    temp_path: PathBuf,
    file: Option<File>,
    /// The replaced file's permissions and owner, or the new file's permissions.
    mode: Permissions,
    owner: Option<(u32, u32)>,
}

impl OutputFile {
    /// Check `path` and open its temporary file.
    pub fn create(path: &Path, options: &WriteOptions<'_>) -> Result<OutputFile, WriteError> {
        let target = resolve(path).map_err(|e| WriteError::Io(path.to_owned(), e))?;
        let shown = || path.to_owned();
        let (mode, owner) = match std::fs::metadata(&target) {
            Ok(meta) => {
                if !meta.is_file() {
                    return Err(WriteError::NotRegular(shown(), kind_of(&meta)));
                }
                if options.inputs.iter().any(|input| same_file(input, &meta)) {
                    return Err(WriteError::IsInput(shown()));
                }
                if !options.force {
                    return Err(WriteError::Exists(shown()));
                }
                if meta.mode() & 0o222 == 0 {
                    return Err(WriteError::ReadOnly(shown()));
                }
                (meta.permissions(), Some((meta.uid(), meta.gid())))
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                (Permissions::from_mode(0o666 & !umask()), None)
            }
            Err(e) => return Err(WriteError::Io(shown(), e)),
        };
        let temp_path = temp_path_for(&target);
        let file = open_temp(&temp_path).map_err(|e| WriteError::Io(shown(), e))?;
        Ok(OutputFile {
            target,
            temp_path,
            file: Some(file),
            mode,
            owner,
        })
    }

    /// Replace the target with what was written, keeping the old file's permissions and owner.
    pub fn commit(mut self) -> Result<(), WriteError> {
        let failed = |e| WriteError::Io(self.target.clone(), e);
        let Some(file) = self.file.as_mut() else {
            return Err(failed(io::Error::other("already committed")));
        };
        file.flush().map_err(failed)?;
        file.set_permissions(self.mode.clone()).map_err(failed)?;
        if let Some((uid, gid)) = self.owner {
            // Only root can give a file away; everyone else keeps their own file anyway.
            let _ = std::os::unix::fs::fchown(&*file, Some(uid), Some(gid));
        }
        file.sync_all().map_err(failed)?;
        std::fs::rename(&self.temp_path, &self.target).map_err(failed)?;
        // Closing the file releases its lock; the temporary name is gone, so nothing is removed.
        self.file = None;
        Ok(())
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.file.as_mut() {
            Some(file) => file.write(buf),
            None => Err(io::Error::other("the file is already committed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.as_mut().map_or(Ok(()), Write::flush)
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.temp_path);
        }
    }
}

/// Write `contents` to `path` through an [`OutputFile`].
pub fn write_file(
    path: &Path,
    contents: &str,
    options: &WriteOptions<'_>,
) -> Result<(), WriteError> {
    let mut out = OutputFile::create(path, options)?;
    out.write_all(contents.as_bytes())
        .map_err(|e| WriteError::Io(path.to_owned(), e))?;
    out.commit()
}

/// Edit a file in place: lock it, read it, let `edit` turn its text into the new text, and write
/// that atomically, all while holding the lock, so that concurrent edits run one after the other.
/// `edit` sees the text without a byte-order mark and with `\n` line endings; both are restored as
/// the file had them. When `edit` fails nothing is written and its error is returned inside `Ok`.
pub fn edit_file<T, E>(
    path: &Path,
    edit: impl FnOnce(&str) -> Result<(String, T), E>,
) -> Result<Result<T, E>, WriteError> {
    let (target, mut locked) = lock_for_edit(path)?;
    let shown = || path.to_owned();
    let raw = read_bounded(&mut locked).map_err(|e| WriteError::Read(shown(), e))?;
    let (style, text) = LineStyle::detect(&raw);
    let (edited, value) = match edit(&text) {
        Ok(done) => done,
        Err(err) => return Ok(Err(err)),
    };
    let options = WriteOptions {
        force: true,
        inputs: &[],
    };
    // The text before the edit is kept beside the file for `buntai undo`.
    write_file(&undo_path_for(&target), &raw, &options)?;
    let mut out = OutputFile::create(&target, &options)?;
    out.write_all(style.restore(&edited).as_bytes())
        .map_err(|e| WriteError::Io(shown(), e))?;
    out.commit()?;
    drop(locked);
    Ok(Ok(value))
}

/// Put back the text a file had before its last edit; the text it has now becomes the one kept,
/// so a second undo redoes. `Ok(false)` when no edit has been made to undo.
pub fn undo_file(path: &Path) -> Result<bool, WriteError> {
    let (target, mut locked) = lock_for_edit(path)?;
    let shown = || path.to_owned();
    let undo = undo_path_for(&target);
    let before = match std::fs::File::open(&undo) {
        Ok(file) => read_bounded(file).map_err(|e| WriteError::Read(undo.clone(), e))?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(WriteError::Read(undo, ReadError(e.to_string()))),
    };
    let now = read_bounded(&mut locked).map_err(|e| WriteError::Read(shown(), e))?;
    let options = WriteOptions {
        force: true,
        inputs: &[],
    };
    write_file(&undo, &now, &options)?;
    write_file(&target, &before, &options)?;
    drop(locked);
    Ok(true)
}

/// Where the text before the last edit is kept: a hidden sibling of the file.
fn undo_path_for(target: &Path) -> PathBuf {
    sibling(target, "buntai-undo")
}

/// A file's byte-order mark and line endings, kept across an edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LineStyle {
    pub bom: bool,
    pub crlf: bool,
}

impl LineStyle {
    /// The style of `text` and the text as an editor works on it (no BOM, `\n` endings). A file
    /// whose lines mostly end in CRLF is a CRLF file.
    pub fn detect(text: &str) -> (LineStyle, String) {
        let (bom, body) = match text.strip_prefix('\u{feff}') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let lines = body.matches('\n').count();
        let crlf_lines = body.matches("\r\n").count();
        let crlf = crlf_lines > 0 && crlf_lines * 2 >= lines;
        let body = if crlf {
            body.replace("\r\n", "\n")
        } else {
            body.to_owned()
        };
        (LineStyle { bom, crlf }, body)
    }

    /// `text` (with `\n` endings) in this style.
    pub fn restore(&self, text: &str) -> String {
        let mut out = String::with_capacity(text.len() + text.len() / 16 + 3);
        if self.bom {
            out.push('\u{feff}');
        }
        if self.crlf {
            out.push_str(&text.replace("\r\n", "\n").replace('\n', "\r\n"));
        } else {
            out.push_str(text);
        }
        out
    }
}

/// The file `path` names (symlinks followed), opened and locked for an edit; refused when it is not
/// a regular file or is read-only.
fn lock_for_edit(path: &Path) -> Result<(PathBuf, File), WriteError> {
    let target = resolve(path).map_err(|e| WriteError::Io(path.to_owned(), e))?;
    let shown = || path.to_owned();
    let (locked, meta) = lock_current(&target).map_err(|e| match e {
        Locked::Refused(err) => err(shown()),
        Locked::Io(e) => WriteError::Read(shown(), ReadError(e.to_string())),
    })?;
    if meta.mode() & 0o222 == 0 {
        return Err(WriteError::ReadOnly(shown()));
    }
    Ok((target, locked))
}

enum Locked {
    Refused(fn(PathBuf) -> WriteError),
    Io(io::Error),
}

/// Open and lock the file now at `target`. A file replaced while we waited for the lock (another
/// edit renamed its result over it) is opened again, so the edit always starts from the latest text.
fn lock_current(target: &Path) -> Result<(File, std::fs::Metadata), Locked> {
    loop {
        let meta = std::fs::metadata(target).map_err(Locked::Io)?;
        if !meta.is_file() {
            // Opening a FIFO would block; a device is not a roster.
            return Err(Locked::Refused(match kind_of(&meta) {
                "a folder" => |p| WriteError::NotRegular(p, "a folder"),
                "a FIFO" => |p| WriteError::NotRegular(p, "a FIFO"),
                "a socket" => |p| WriteError::NotRegular(p, "a socket"),
                _ => |p| WriteError::NotRegular(p, "a device"),
            }));
        }
        let file = File::open(target).map_err(Locked::Io)?;
        file.lock().map_err(Locked::Io)?;
        let locked = file.metadata().map_err(Locked::Io)?;
        match std::fs::metadata(target) {
            Ok(now) if now.ino() == locked.ino() && now.dev() == locked.dev() => {
                return Ok((file, locked));
            }
            _ => continue,
        }
    }
}

/// The one temporary file for `target`: a hidden sibling, so a killed write leaves at most one,
/// which the next write to the same target reuses.
fn temp_path_for(target: &Path) -> PathBuf {
    sibling(target, "buntai-tmp")
}

/// `.NAME.SUFFIX` in the folder of `target`.
fn sibling(target: &Path, suffix: &str) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy());
    let dir = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    dir.join(format!(".{name}.{suffix}"))
}

/// Open and lock the temporary file, emptied. Another writer of the same target holds the lock
/// until it has renamed its file; we then find the name gone or new and open it again.
fn open_temp(path: &Path) -> io::Result<File> {
    for _ in 0..100 {
        let file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .mode(0o600)
            .open(path)?;
        file.lock()?;
        let ours = file.metadata()?;
        match std::fs::symlink_metadata(path) {
            Ok(now) if now.is_file() && now.ino() == ours.ino() && now.dev() == ours.dev() => {
                file.set_len(0)?;
                return Ok(file);
            }
            // Something else took the name (a symlink planted there): remove it and start again.
            Ok(now) if !now.is_file() => std::fs::remove_file(path)?,
            _ => {}
        }
    }
    Err(io::Error::other(format!(
        "cannot take the temporary file `{}`",
        path.display()
    )))
}

/// Follow symlinks to the file they name, even when it does not exist yet.
fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

fn same_file(input: &Path, target: &std::fs::Metadata) -> bool {
    std::fs::metadata(input).is_ok_and(|m| m.dev() == target.dev() && m.ino() == target.ino())
}

fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let kind = meta.file_type();
    if kind.is_dir() {
        "a folder"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_socket() {
        "a socket"
    } else if kind.is_char_device() || kind.is_block_device() {
        "a device"
    } else {
        "not a regular file"
    }
}

/// The process's umask, read from `/proc/self/status` (Linux); 022 when it cannot be read.
fn umask() -> u32 {
    let mut status = String::new();
    let read = File::open("/proc/self/status").and_then(|mut f| f.read_to_string(&mut status));
    read.ok()
        .and_then(|_| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("Umask:"))
                .and_then(|m| u32::from_str_radix(m.trim(), 8).ok())
        })
        .unwrap_or(0o022)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(force: bool) -> WriteOptions<'static> {
        WriteOptions { force, inputs: &[] }
    }

    #[test]
    fn replaces_the_file_contents() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("r.toml");
        std::fs::write(&path, "old").expect("write");
        write_file(&path, "new", &options(true)).expect("write");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
    }

    #[test]
    fn an_uncommitted_write_leaves_the_original_and_no_temporary_file() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("r.toml");
        std::fs::write(&path, "# my comments\noriginal = true\n").expect("write");
        {
            let mut out = OutputFile::create(&path, &options(true)).expect("create");
            out.write_all(b"half a rost").expect("write");
            // Dropped here, as when a command fails between creating and committing.
        }
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            "# my comments\noriginal = true\n"
        );
        let leftovers: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(leftovers, vec![std::ffi::OsString::from("r.toml")]);
    }

    #[test]
    fn a_stale_temporary_file_is_reused_not_piled_up() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("r.toml");
        std::fs::write(&path, "old").expect("write");
        std::fs::write(
            dir.path().join(".r.toml.buntai-tmp"),
            "left by a killed edit",
        )
        .expect("w");
        write_file(&path, "new", &options(true)).expect("write");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("r.toml")]);
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
    }

    #[test]
    fn line_style_round_trips_crlf_and_bom() {
        let original = "\u{feff}a = 1\r\nb = 2\r\n";
        let (style, text) = LineStyle::detect(original);
        assert_eq!(
            style,
            LineStyle {
                bom: true,
                crlf: true
            }
        );
        assert_eq!(text, "a = 1\nb = 2\n");
        assert_eq!(style.restore(&text), original);
    }
}
