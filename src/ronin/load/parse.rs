//! Reading one file the user named into a [`SourceFile`] (deserializing it is shared:
//! [`crate::files::parse_toml`]).

use std::path::Path;

use super::LoadError;
use crate::diag::SourceFile;
pub use crate::files::parse_toml;

/// Read a text file the user named (`-` is standard input) through the one bounded reader.
pub fn read_text_file(path: &Path) -> Result<SourceFile, LoadError> {
    crate::files::read_source(path).map_err(|reason| LoadError::Unreadable {
        path: path.to_owned(),
        reason,
    })
}
