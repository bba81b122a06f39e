//! The print-ready HTML sheet: one self-contained page (no external assets, no scripts) rendered
//! from a minijinja template, with the quick-reference card from `reference.toml`.

use minijinja::{Environment, UndefinedBehavior, context, value::Serde};

use super::Sheet;
use crate::model::ReferenceFile;

const TEMPLATE: &str = include_str!("templates/sheet.html");

/// Render the sheet and the reference card as one HTML document.
pub fn render_html(sheet: &Sheet, reference: &ReferenceFile) -> Result<String, minijinja::Error> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    // The name ends in .html, so every value is HTML-escaped.
    env.add_template("sheet.html", TEMPLATE)?;
    let template = env.get_template("sheet.html")?;
    let html = template.render(context! {
        sheet => Serde(sheet),
        reference => Serde(&reference.sections),
    })?;
    // Control characters from names are not text a browser may show (they are HTML parse errors).
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
