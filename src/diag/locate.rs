//! Finding the byte span of a value in a TOML document from its path (`profiles[2].weapons[0]`).
//!
//! Typed records stay free of `Spanned` wrappers (which serde loses inside tagged enums); a check that
//! finds a problem names the path it was looking at, and the span is looked up only then.

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;

use toml::de::{DeTable, DeValue};

/// One step of a path: a table key or an array index.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Seg {
    Key(String),
    Index(usize),
}

/// A path from the document root to a value.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
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
/// Returns `None` only when the text is not valid TOML or the path's first step is missing. This
/// parses the text; a file asked for many spans builds a [`SpanIndex`] once instead.
pub fn locate(text: &str, path: &TomlPath) -> Option<Range<usize>> {
    SpanIndex::build(text).find(path)
}

/// Every value's span in a document, by path: built from one parse, so locating any number of
/// problems costs one parse of the file (D5: validation time stays linear in the file size).
#[derive(Debug, Default)]
pub struct SpanIndex {
    spans: HashMap<TomlPath, Range<usize>>,
}

impl SpanIndex {
    /// Index `text`; an empty index when it is not valid TOML.
    pub fn build(text: &str) -> SpanIndex {
        let mut index = SpanIndex::default();
        if let Ok(root) = DeTable::parse(text) {
            let mut path = TomlPath::root();
            index.add_table(root.get_ref(), &mut path);
        }
        index
    }

    fn add_table(&mut self, table: &DeTable<'_>, path: &mut TomlPath) {
        for (key, value) in table {
            path.0.push(Seg::Key(key.get_ref().to_string()));
            self.add_value(value, path);
            path.0.pop();
        }
    }

    fn add_value(&mut self, value: &toml::Spanned<DeValue<'_>>, path: &mut TomlPath) {
        self.spans.insert(path.clone(), value.span());
        match value.get_ref() {
            DeValue::Table(t) => self.add_table(t, path),
            DeValue::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    path.0.push(Seg::Index(i));
                    self.add_value(item, path);
                    path.0.pop();
                }
            }
            _ => {}
        }
    }

    /// The span at `path`, or at the deepest part of it that exists.
    pub fn find(&self, path: &TomlPath) -> Option<Range<usize>> {
        let mut probe = path.clone();
        loop {
            if let Some(span) = self.spans.get(&probe) {
                return Some(span.clone());
            }
            probe.0.pop()?;
        }
    }
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
