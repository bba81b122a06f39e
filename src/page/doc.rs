//! A small document model of headings, paragraphs, lists and tables, rendered to terminal text
//! (comfy-table) or Markdown. Faction listings and roster sheets are both built as a [`Doc`], so
//! every format shows the same content.

use comfy_table::{Cell, ContentArrangement, Table, presets};

use crate::diag::escape_controls;

/// One block of a document.
#[derive(Debug, Clone)]
pub enum Block {
    Heading(String),
    Para(String),
    List(Vec<String>),
    Table {
        header: Vec<String>,
        rows: Vec<Vec<String>>,
    },
}

/// A document: blocks in order.
#[derive(Debug, Clone, Default)]
pub struct Doc {
    pub title: String,
    pub blocks: Vec<Block>,
}

/// How to render text output.
#[derive(Debug, Clone, Copy)]
pub struct TextStyle {
    pub color: bool,
    /// Fit tables into this many columns; `None` lets a terminal decide.
    pub width: Option<u16>,
}

impl Doc {
    pub fn new(title: impl Into<String>) -> Doc {
        Doc {
            title: title.into(),
            blocks: Vec::new(),
        }
    }

    pub fn heading(&mut self, text: impl Into<String>) -> &mut Doc {
        self.blocks.push(Block::Heading(text.into()));
        self
    }

    pub fn para(&mut self, text: impl Into<String>) -> &mut Doc {
        self.blocks.push(Block::Para(text.into()));
        self
    }

    pub fn list(&mut self, items: Vec<String>) -> &mut Doc {
        if !items.is_empty() {
            self.blocks.push(Block::List(items));
        }
        self
    }

    pub fn table(&mut self, header: &[&str], rows: Vec<Vec<String>>) -> &mut Doc {
        if !rows.is_empty() {
            let header = header.iter().map(|h| (*h).to_owned()).collect();
            self.blocks.push(Block::Table { header, rows });
        }
        self
    }

    /// Terminal text: tables drawn with box characters, wrapped to the width.
    pub fn to_text(&self, style: TextStyle) -> String {
        // Every string may come from a user's file: control characters are shown escaped before
        // any styling is added (D10).
        let safe = |s: &str| escape_controls(s).into_owned();
        let bold = |s: &str| {
            let s = escape_controls(s);
            if style.color {
                format!("\x1b[1m{s}\x1b[0m")
            } else {
                s.into_owned()
            }
        };
        let mut out = format!("{}\n", bold(&self.title));
        for block in &self.blocks {
            out.push('\n');
            match block {
                Block::Heading(h) => out.push_str(&format!("{}\n", bold(h))),
                Block::Para(p) => out.push_str(&format!(
                    "{}\n",
                    wrap(&safe(p), style.width.map_or(100, usize::from))
                )),
                Block::List(items) => {
                    let width = style.width.map_or(100, usize::from).saturating_sub(2);
                    for item in items {
                        let wrapped = wrap(&safe(item), width).replace('\n', "\n  ");
                        out.push_str(&format!("- {wrapped}\n"));
                    }
                }
                Block::Table { header, rows } => {
                    let mut table = Table::new();
                    table.load_style(presets::UTF8_FULL_CONDENSED);
                    table.set_content_arrangement(ContentArrangement::Dynamic);
                    match style.width {
                        Some(w) => {
                            table.force_no_tty();
                            table.set_width(w);
                        }
                        None if !style.color => {
                            table.force_no_tty();
                        }
                        None => {}
                    }
                    if style.color {
                        table.enforce_styling();
                        table.set_header(header.iter().map(|h| {
                            Cell::new(safe(h)).add_attribute(comfy_table::Attribute::Bold)
                        }));
                    } else {
                        table.set_header(header.iter().map(|h| safe(h)));
                    }
                    for row in rows {
                        table.add_row(row.iter().map(|c| safe(c)));
                    }
                    keep_words_whole(&mut table, header, rows);
                    out.push_str(&format!("{table}\n"));
                }
            }
        }
        out
    }

    /// GitHub-flavoured Markdown.
    pub fn to_markdown(&self) -> String {
        let mut out = format!("# {}\n", md_line(&self.title));
        for block in &self.blocks {
            out.push('\n');
            match block {
                Block::Heading(h) => out.push_str(&format!("## {}\n", md_line(h))),
                Block::Para(p) => out.push_str(&format!("{}\n", md_escape(p))),
                Block::List(items) => {
                    for item in items {
                        out.push_str(&format!("- {}\n", md_escape(item)));
                    }
                }
                Block::Table { header, rows } => {
                    let mut table = Table::new();
                    table.load_style(presets::ASCII_MARKDOWN);
                    table.set_content_arrangement(ContentArrangement::Disabled);
                    table.force_no_tty();
                    table.set_header(header.iter().map(|h| md_cell(h)));
                    for row in rows {
                        table.add_row(row.iter().map(|c| md_cell(c)));
                    }
                    out.push_str(&format!("{table}\n"));
                }
            }
        }
        out
    }
}

/// Markdown-safe table cell: pipes escaped, line breaks as `<br>`.
fn md_cell(text: &str) -> String {
    md_escape(text).replace('|', "\\|").replace('\n', "<br>")
}

/// A heading's text: escaped like any text, on one line (a line break would start a new block, D13).
fn md_line(text: &str) -> String {
    md_escape(&text.replace(['\r', '\n'], " "))
}

/// Escape the characters that would turn plain text into Markdown markup; control characters are
/// shown escaped.
fn md_escape(text: &str) -> String {
    let text = escape_controls(text);
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '*' | '_' | '[' | ']' | '<' | '>') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Wrap prose at word boundaries (textwrap: long words are never split, Unicode widths counted).
fn wrap(text: &str, width: usize) -> String {
    let options = textwrap::Options::new(width.max(1))
        .break_words(false)
        .word_splitter(textwrap::WordSplitter::NoHyphenation);
    textwrap::fill(text, options)
}

/// Give each column at least the width of its longest word, so that a narrow terminal wraps
/// between words instead of inside them ("Swords-for-Hi / re"). A table whose longest words do not
/// fit together is left to comfy-table.
fn keep_words_whole(table: &mut Table, header: &[String], rows: &[Vec<String>]) {
    use comfy_table::{ColumnConstraint, Width};
    let longest_word = |text: &str| {
        text.split_whitespace()
            .map(textwrap::core::display_width)
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            std::iter::once(header.get(i).map_or(0, |h| longest_word(h)))
                .chain(rows.iter().map(|r| r.get(i).map_or(0, |c| longest_word(c))))
                .max()
                .unwrap_or(0)
        })
        .collect();
    // Borders and one space of padding each side take 3 columns per column, plus 1.
    let needed: usize = widths.iter().map(|w| w + 3).sum::<usize>() + 1;
    if table.width().is_some_and(|w| needed > usize::from(w)) {
        return;
    }
    for (i, width) in widths.into_iter().enumerate() {
        if let Some(column) = table.column_mut(i) {
            let fixed = u16::try_from(width + 2).unwrap_or(u16::MAX);
            column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(fixed)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_at_word_boundaries() {
        assert_eq!(wrap("aaa bbb ccc", 7), "aaa bbb\nccc");
        assert_eq!(wrap("unbreakable-word", 5), "unbreakable-word");
    }

    #[test]
    fn a_markdown_heading_is_escaped_and_kept_on_one_line() {
        let doc = Doc::new("Raiders</h1><img src=x>\n# injected");
        assert_eq!(
            doc.to_markdown(),
            "# Raiders\\</h1\\>\\<img src=x\\> # injected\n"
        );
    }

    #[test]
    fn markdown_escapes_table_pipes_and_markup() {
        assert_eq!(md_cell("a|b *c*"), "a\\|b \\*c\\*");
    }
}
