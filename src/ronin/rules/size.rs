//! Buntai size (4 to 20 models, hires included, R-10) and the points limit.

use crate::diag::{Code, TomlPath, Violation, plural};
use crate::ronin::roster::ResolvedRoster;

pub const MIN_MODELS: u32 = 4;
pub const MAX_MODELS: u32 = 20;

pub fn size(r: &ResolvedRoster<'_>, out: &mut Vec<Violation>) {
    let n = r.model_count();
    let models = TomlPath::root().key("models");
    if n < MIN_MODELS {
        out.push(
            Violation::error(
                Code::Size,
                "roster-size",
                format!(
                    "{} in the Buntai; it needs at least {MIN_MODELS}",
                    plural(n, "model")
                ),
            )
            .help(format!("add {}", plural(MIN_MODELS - n, "more model")))
            .at(models, "too few models"),
        );
    } else if n > MAX_MODELS {
        out.push(
            Violation::error(
                Code::Size,
                "roster-size",
                format!(
                    "{} in the Buntai; at most {MAX_MODELS} are allowed",
                    plural(n, "model")
                ),
            )
            .help(format!("remove {}", plural(n - MAX_MODELS, "model")))
            .at(models, "too many models"),
        );
    }
}

pub fn points(r: &ResolvedRoster<'_>, limit: Option<u32>, out: &mut Vec<Violation>) {
    let Some(limit) = limit else { return };
    let total = i64::from(r.points_total());
    let limit_i = i64::from(limit);
    let path = TomlPath::root().key("points");
    if total > limit_i {
        let over = total - limit_i;
        out.push(
            Violation::error(
                Code::Points,
                "points-limit",
                format!("{total} points: {over} over the {limit}-point limit"),
            )
            .help(format!(
                "remove {} of models or options; every model is priced by its profile and options, \
                     even where the book's sample lists differ (R-18)",
                plural(u32::try_from(over).unwrap_or(u32::MAX), "point")
            ))
            .at(path, "the limit"),
        );
        return;
    }
    let unspent = limit_i - total;
    let cheapest = r.faction.profiles.iter().min_by_key(|p| p.points);
    if let Some(p) = cheapest.filter(|p| i64::from(p.points) <= unspent) {
        out.push(
            Violation::warning(
                Code::Points,
                "points-unspent",
                format!("{unspent} of {limit} points unspent"),
            )
            .help(format!(
                "that is enough for another {} ({} points)",
                p.name, p.points
            ))
            .at(path, "the limit"),
        );
    }
}
