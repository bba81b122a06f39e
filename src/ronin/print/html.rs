//! The print-ready HTML sheet: one self-contained page (no external assets, no scripts) rendered
//! from a minijinja template, with the quick-reference card from `reference.toml`.

use minijinja::{context, value::Serde};

use crate::page::render_template as render;

use super::Sheet;
use crate::ronin::model::ReferenceFile;

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
