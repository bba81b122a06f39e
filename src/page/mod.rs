//! What every system's pages share: a small document model rendered to terminal text or Markdown
//! ([`Doc`]), inline SVG charts ([`charts`]), self-contained HTML from minijinja templates, and
//! XML escaping.

pub mod charts;
mod doc;

use minijinja::{Environment, UndefinedBehavior};

pub use doc::{Block, Doc, TextStyle};

/// Render one minijinja template (`name` ends in `.html`, so every value is HTML-escaped) with
/// strict undefined values; control characters from user names come out as U+FFFD, since they are
/// not text a browser may show (they are HTML parse errors).
pub fn render_template(
    name: &str,
    template: &str,
    ctx: minijinja::Value,
) -> Result<String, minijinja::Error> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.add_template(name, template)?;
    let html = env.get_template(name)?.render(ctx)?;
    Ok(html
        .chars()
        .map(|c| {
            if crate::diag::is_control(c) && c != '\r' {
                '\u{fffd}'
            } else {
                c
            }
        })
        .collect())
}

/// The style every system's printable sheet shares.
pub const SHEET_CSS: &str = include_str!("sheet.css");

/// A printable sheet from its template: `sheet` and the shared `css` are in the context.
pub fn sheet_html(
    name: &str,
    template: &str,
    sheet: &impl serde::Serialize,
) -> Result<String, minijinja::Error> {
    render_template(
        name,
        template,
        minijinja::context! { sheet => minijinja::value::Serde(sheet), css => SHEET_CSS },
    )
}

/// Escape text for XML and HTML, attribute values included.
pub fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
