//! Writing a file so that it is either fully replaced or left untouched: the new text goes to a
//! temporary file in the same folder, which is then renamed over the target.

use std::io::Write;
use std::path::Path;

/// Write `contents` to `path` atomically.
pub fn write_atomic(path: &Path, contents: &str) -> std::io::Result<()> {
    write_atomic_with(path, contents, |temp, target| {
        temp.persist(target).map(|_| ()).map_err(|e| e.error)
    })
}

/// [`write_atomic`] with the final rename supplied by the caller, so tests can make it fail.
pub fn write_atomic_with(
    path: &Path,
    contents: &str,
    rename: impl FnOnce(tempfile::NamedTempFile, &Path) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let mut temp = tempfile::Builder::new()
        .prefix(".buntai-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    temp.write_all(contents.as_bytes())?;
    temp.as_file().sync_all()?;
    if let Ok(meta) = std::fs::metadata(path) {
        // Keep the user's permissions on the replaced file.
        std::fs::set_permissions(temp.path(), meta.permissions())?;
    }
    // On failure the temporary file is dropped, which deletes it; the original is untouched.
    rename(temp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_contents() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("r.toml");
        std::fs::write(&path, "old").expect("write");
        write_atomic(&path, "new").expect("atomic write");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new");
    }

    #[test]
    fn a_failed_rename_leaves_the_original_and_no_temporary_file() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("r.toml");
        std::fs::write(&path, "# my comments\noriginal = true\n").expect("write");
        let result = write_atomic_with(&path, "replacement", |_temp, _target| {
            Err(std::io::Error::other("killed mid-write"))
        });
        assert!(result.is_err());
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            "# my comments\noriginal = true\n"
        );
        let leftovers: Vec<_> = std::fs::read_dir(dir.path())
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(
            leftovers,
            vec![std::ffi::OsString::from("r.toml")],
            "no temporary file is left behind"
        );
    }
}
