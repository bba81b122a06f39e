//! The print-ready HTML sheet: one self-contained page (no external assets, no scripts) rendered
//! from a minijinja template, with the quick-reference card from `reference.toml`.

use minijinja::{Environment, UndefinedBehavior, context, value::Serde};

use super::Sheet;
use crate::model::ReferenceFile;

const TEMPLATE: &str = include_str!("templates/sheet.html");
const CARDS: &str = include_str!("templates/cards.html");

/// Render the play sheet and the reference card (`card`: `front`, `back` or `none`) as one HTML
/// document.
pub fn render_html(
    sheet: &Sheet,
    reference: &ReferenceFile,
    card: &str,
) -> Result<String, minijinja::Error> {
    render(
        "sheet.html",
        TEMPLATE,
        context! {
            sheet => Serde(sheet),
            reference => Serde(&reference.sections),
            card => card,
        },
    )
}

/// One card per model, laid out to cut out.
pub fn render_cards(sheet: &Sheet) -> Result<String, minijinja::Error> {
    render("cards.html", CARDS, context! { sheet => Serde(sheet) })
}

fn render(name: &str, template: &str, ctx: minijinja::Value) -> Result<String, minijinja::Error> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    // The name ends in .html, so every value is HTML-escaped.
    env.add_template(name, template)?;
    let html = env.get_template(name)?.render(ctx)?;
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
