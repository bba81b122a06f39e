//! Finding the byte span of a value in a TOML document from its path (`profiles[2].weapons[0]`).
//!
//! Typed records stay free of `Spanned` wrappers (which serde loses inside tagged enums); a check that
//! finds a problem names the path it was looking at, and the span is looked up only then.

use std::fmt;
use std::ops::Range;

use toml::de::{DeTable, DeValue};

/// One step of a path: a table key or an array index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// A path from the document root to a value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TomlPath(pub Vec<Seg>);

impl TomlPath {
    pub fn root() -> TomlPath {
        TomlPath(Vec::new())
    }

    pub fn key(&self, key: &str) -> TomlPath {
        let mut segs = self.0.clone();
        segs.push(Seg::Key(key.to_owned()));
        TomlPath(segs)
    }

    pub fn index(&self, index: usize) -> TomlPath {
        let mut segs = self.0.clone();
        segs.push(Seg::Index(index));
        TomlPath(segs)
    }
}

impl fmt::Display for TomlPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Seg::Key(k) if i == 0 => write!(f, "{k}")?,
                Seg::Key(k) => write!(f, ".{k}")?,
                Seg::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// The span of the value at `path`, or of the deepest part of the path that exists.
///
/// Returns `None` only when the text is not valid TOML or the path's first step is missing.
pub fn locate(text: &str, path: &TomlPath) -> Option<Range<usize>> {
    let root = DeTable::parse(text).ok()?;
    let mut best: Option<Range<usize>> = None;
    let mut table: Option<&DeTable<'_>> = Some(root.get_ref());
    let mut array: Option<&[toml::Spanned<DeValue<'_>>]> = None;
    for seg in &path.0 {
        let next = match (seg, table, array) {
            (Seg::Key(key), Some(t), _) => t.get(key.as_str()),
            (Seg::Index(i), _, Some(a)) => a.get(*i),
            _ => None,
        };
        let Some(value) = next else { break };
        best = Some(value.span());
        table = value.get_ref().as_table();
        array = value.get_ref().as_array().map(|a| &a[..]);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "name = \"x\"\n[[profiles]]\nid = \"a\"\nweapons = [\"katana\", \"yari\"]\n";

    #[test]
    fn finds_an_array_element_inside_an_array_of_tables() {
        let path = TomlPath::root()
            .key("profiles")
            .index(0)
            .key("weapons")
            .index(1);
        let span = locate(DOC, &path).expect("span");
        assert_eq!(&DOC[span], "\"yari\"");
    }

    #[test]
    fn falls_back_to_the_deepest_existing_parent() {
        // A table of an array of tables is labelled at its `[[header]]`.
        let path = TomlPath::root().key("profiles").index(0).key("missing");
        let span = locate(DOC, &path).expect("span");
        assert_eq!(&DOC[span], "[[profiles]]");
    }

    #[test]
    fn displays_like_a_toml_path() {
        let path = TomlPath::root()
            .key("profiles")
            .index(3)
            .key("options")
            .index(0)
            .key("one-of");
        assert_eq!(path.to_string(), "profiles[3].options[0].one-of");
    }
}
