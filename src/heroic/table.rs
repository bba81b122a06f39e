//! The table file (`simulate --table FILE`): a player's own table for a Clan Feud, its size and
//! terrain pieces as the scenario map gives them (HS-63), and every check on it with located
//! diagnostics: the system, a size with room for both deployment zones, known terrain types,
//! pieces on the table, hedges as lines and areas with room (HS-74).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::data::{Data, Piece, Scenario};
use crate::diag::{Breach, Problem, SourceFile, TomlPath, Verdict, did_you_mean};

/// The smallest and largest table side in mm (HS-74).
pub const TABLE_MM: (u32, u32) = (600, 3000);
/// The most terrain pieces a table holds (HS-74).
pub const MAX_PIECES: usize = 64;

/// A table file.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Heroic Samurai table")]
pub struct TableFile {
    /// Always `heroic-samurai`.
    pub system: String,
    /// A name for the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Width (along the deployment edges) and depth in mm.
    pub table_mm: [u32; 2],
    /// The terrain pieces: `kind` is a terrain type of the data, `rect_mm` x, y, width, depth.
    #[serde(default)]
    pub terrain: Vec<Piece>,
}

/// Parse and check a table file.
pub fn validate(data: &Data, file: &SourceFile) -> Verdict<TableFile> {
    crate::diag::parse_and_check(file, |t| check(data, file, t))
}

/// Every rule on a table file.
pub fn check(data: &Data, file: &SourceFile, t: &TableFile) -> Vec<Breach> {
    let mut out = Vec::new();
    let root = TomlPath::root();
    let mut breach = |rule: &'static str, problem: Problem| out.push(Breach { rule, problem });
    if t.system != super::ID {
        breach(
            "system",
            Problem::error("table", format!("`{}` is not this system", t.system))
                .with_help(format!("write system = \"{}\"", super::ID))
                .at_path(file, &root.key("system"), "this system"),
        );
    }
    let zone = data.scenario(super::DEFAULT_SCENARIO).map_or(300, |s| {
        u32::try_from(s.deployment_depth_mm.value).unwrap_or(300)
    });
    let [w, d] = t.table_mm;
    let (lo, hi) = TABLE_MM;
    if !(lo..=hi).contains(&w) || !(lo..=hi).contains(&d) || d <= 2 * zone {
        breach(
            "table-size",
            Problem::error(
                "table",
                format!("a table of {w} x {d} mm; each side is {lo} to {hi} mm (HS-74)"),
            )
            .with_help(format!(
                "the depth must leave room between the two {zone} mm deployment zones: \
                 table_mm = [1800, 1200] is the Clan Feud's"
            ))
            .at_path(file, &root.key("table_mm"), "this size"),
        );
    }
    if t.terrain.len() > MAX_PIECES {
        breach(
            "terrain-count",
            Problem::error(
                "table",
                format!(
                    "{} terrain pieces; a table holds at most {MAX_PIECES}",
                    t.terrain.len()
                ),
            )
            .at_path(file, &root.key("terrain"), "these pieces"),
        );
    }
    for (i, p) in t.terrain.iter().enumerate().take(MAX_PIECES) {
        let at = root.key("terrain").index(i);
        let Some(kind) = data.scenarios.terrain.iter().find(|k| k.id == p.kind) else {
            breach(
                "terrain-type",
                Problem::error("table", format!("there is no terrain type `{}`", p.kind))
                    .with_help(did_you_mean(
                        &p.kind,
                        data.scenarios.terrain.iter().map(|k| k.id.as_str()),
                    ))
                    .at_path(file, &at.key("kind"), "this type"),
            );
            continue;
        };
        let [x, y, pw, pd] = p.rect_mm;
        let fits = u64::from(x) + u64::from(pw) <= u64::from(w)
            && u64::from(y) + u64::from(pd) <= u64::from(d);
        if !fits {
            breach(
                "terrain-place",
                Problem::error(
                    "table",
                    format!(
                        "the {} at x {x}, y {y}, {pw} x {pd} mm runs off the {w} x {d} mm table",
                        kind.name
                    ),
                )
                .with_help("move it or shrink it so it lies wholly on the table")
                .at_path(file, &at.key("rect_mm"), "this rectangle"),
            );
        }
        let line = pw == 0 || pd == 0;
        let problem = match (kind.obstacle, line, pw == 0 && pd == 0) {
            (_, _, true) => Some("has no length".to_owned()),
            (true, false, _) => Some(format!(
                "is a line: give it a width or a depth of 0, not {pw} x {pd} mm"
            )),
            (false, true, _) => Some("is an area: give it a width and a depth".to_owned()),
            _ => None,
        };
        if let Some(why) = problem {
            breach(
                "terrain-shape",
                Problem::error("table", format!("the {} {why} (HS-74)", kind.name)).at_path(
                    file,
                    &at.key("rect_mm"),
                    "this rectangle",
                ),
            );
        }
    }
    out
}

/// The scenario played on a checked table: the default scenario's rules on this table.
pub fn scenario(base: &Scenario, t: &TableFile) -> Scenario {
    Scenario {
        name: t.name.clone().unwrap_or_else(|| base.name.clone()),
        table_mm: t.table_mm,
        terrain: t.terrain.clone(),
        ..base.clone()
    }
}
