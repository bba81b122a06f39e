//! The loader never panics, whatever bytes a data file holds.

use buntai::diag::SourceFile;
use buntai::ronin::load::{DataSource, load_files, read_files};
use proptest::prelude::*;

fn shipped() -> Vec<SourceFile> {
    read_files(&DataSource::Embedded).expect("embedded data")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Truncating any file anywhere gives problems or a catalogue, never a panic.
    #[test]
    fn truncated_files_never_panic(file in 0usize..10, cut in 0.0f64..1.0) {
        let mut files = shipped();
        let index = file % files.len();
        let text = files[index].text.to_string();
        let mut at = (text.len() as f64 * cut) as usize;
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        files[index] = SourceFile::new(files[index].name.clone(), &text[..at]);
        let _ = load_files(&files);
    }

    /// Random text spliced into any file gives problems or a catalogue, never a panic.
    #[test]
    fn spliced_garbage_never_panics(file in 0usize..10, at in 0.0f64..1.0, junk in "\\PC{0,40}") {
        let mut files = shipped();
        let index = file % files.len();
        let text = files[index].text.to_string();
        let mut pos = (text.len() as f64 * at) as usize;
        while !text.is_char_boundary(pos) {
            pos -= 1;
        }
        let spliced = format!("{}{}{}", &text[..pos], junk, &text[pos..]);
        files[index] = SourceFile::new(files[index].name.clone(), spliced);
        let _ = load_files(&files);
    }

    /// A whole file of arbitrary text is rejected with located problems.
    #[test]
    fn arbitrary_text_is_rejected_not_panicked_on(junk in "\\PC{1,200}") {
        let mut files = shipped();
        let index = files.iter().position(|f| f.name.ends_with("bushi.toml")).expect("bushi");
        files[index] = SourceFile::new(files[index].name.clone(), junk);
        prop_assert!(load_files(&files).is_err());
    }
}
