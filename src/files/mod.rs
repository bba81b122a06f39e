//! The one way Buntai reads and writes the user's files.
//!
//! - [`read_input`]: every roster and data file is read through one bounded reader, whatever it is
//!   (a regular file, a pipe, standard input as `-`, a device): at most [`MAX_INPUT_BYTES`] are read,
//!   so `/dev/zero` is refused instead of filling memory.
//! - [`OutputFile`]: every file written (`-o`, `--log`, `new`, `suggest -o`, edits) is checked first
//!   (an existing file needs `--force`, the command's own inputs are never overwritten, only regular
//!   files are replaced, a symlink's target is written and the link stays), then written to one
//!   temporary file beside the target and renamed over it, keeping the old file's permissions and
//!   owner. New files get the umask's mode, as other Unix tools give them.
//! - [`edit_file`]: a read-modify-write of a roster under an advisory lock, so concurrent edits
//!   queue instead of losing updates, keeping the file's BOM and line endings.

mod read;
mod toml;
mod write;

pub use read::{MAX_INPUT_BYTES, ReadError, STDIN, read_input};
pub use toml::{parse_into, parse_toml, read_source, system_files};
pub use write::{
    LineStyle, OutputFile, WriteError, WriteOptions, edit_file, undo_file, write_file,
};
