//! The bounded reader: every input, from any kind of source, is read with a hard size limit.

use std::fmt;
use std::io::Read;
use std::path::Path;

/// Larger inputs are refused: no real roster or data file comes near this.
pub const MAX_INPUT_BYTES: u64 = 4 * 1024 * 1024;

/// The name that means standard input wherever a roster is read.
pub const STDIN: &str = "-";

/// Why an input could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError(pub String);

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReadError {}

/// Read a whole input as UTF-8 text: a path, or standard input when the path is `-`.
pub fn read_input(path: &Path) -> Result<String, ReadError> {
    if path.as_os_str() == STDIN {
        return read_bounded(std::io::stdin().lock());
    }
    let meta = std::fs::metadata(path).map_err(|e| ReadError(e.to_string()))?;
    if meta.is_dir() {
        return Err(ReadError("it is a folder, not a file".to_owned()));
    }
    // A regular file's size is known up front; pipes, devices and /proc files say 0, so the read
    // itself is bounded too.
    if meta.len() > MAX_INPUT_BYTES {
        return Err(too_large(Some(meta.len())));
    }
    let file = std::fs::File::open(path).map_err(|e| ReadError(e.to_string()))?;
    read_bounded(file)
}

/// Read at most [`MAX_INPUT_BYTES`] from `source`, refusing anything longer.
pub fn read_bounded(source: impl Read) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    source
        .take(MAX_INPUT_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError(e.to_string()))?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(too_large(None));
    }
    String::from_utf8(bytes).map_err(|e| {
        ReadError(format!(
            "it is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })
}

fn too_large(size: Option<u64>) -> ReadError {
    let size = size.map_or_else(
        || format!("more than {MAX_INPUT_BYTES} bytes"),
        |n| format!("{n} bytes"),
    );
    ReadError(format!(
        "it is {size}; inputs larger than {MAX_INPUT_BYTES} bytes (4 MiB) are refused"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_source_is_cut_off_at_the_limit() {
        let endless = std::io::repeat(b'a');
        let err = read_bounded(endless).expect_err("refused");
        assert!(err.0.contains("more than 4194304 bytes"), "{err}");
    }

    #[test]
    fn a_source_of_exactly_the_limit_is_read() {
        let exact = std::io::repeat(b'a').take(MAX_INPUT_BYTES);
        assert_eq!(
            read_bounded(exact).expect("read").len() as u64,
            MAX_INPUT_BYTES
        );
    }
}
