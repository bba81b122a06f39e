//! Banners: how many the faction may field. Who may carry one, and with what, is checked
//! while resolving each model.

use crate::diag::{Code, Violation};
use crate::ronin::roster::ResolvedRoster;

pub fn check(r: &ResolvedRoster<'_>, out: &mut Vec<Violation>) {
    let Some(max) = r.faction.banner.as_ref().and_then(|b| b.max) else {
        return;
    };
    let bearers: Vec<_> = r.models.iter().filter(|m| m.banner).collect();
    let n: u32 = bearers.iter().map(|m| m.count).sum();
    if n > max {
        let v = Violation::error(
            Code::Banner,
            "banner-count",
            format!("{n} banners: {} may field at most {max}", r.faction.name),
        )
        .help(format!(
            "keep {max} banner bearer{} (R-15)",
            if max == 1 { "" } else { "s" }
        ));
        out.push(match bearers.last() {
            Some(m) => v
                .at(
                    crate::diag::TomlPath::root()
                        .key("models")
                        .index(m.index)
                        .key("banner"),
                    "one banner too many",
                )
                .model(m.index),
            None => v,
        });
    }
}
