//! The Leader mark: only among models of the top Rank, and only once.

use crate::diag::{Code, TomlPath, Violation};
use crate::ronin::roster::ResolvedRoster;

pub fn check(r: &ResolvedRoster<'_>, out: &mut Vec<Violation>) {
    let Some(top) = r.models.iter().map(|m| m.rank).max() else {
        return;
    };
    let marked: Vec<_> = r.models.iter().filter(|m| m.entry.leader).collect();
    for m in &marked {
        if m.rank < top {
            out.push(
                Violation::error(
                    Code::Leader,
                    "leader-rank",
                    format!("{} is Rank {} but the Leader must be of the highest Rank in the Buntai ({top})", m.describe(), m.rank),
                )
                .help("mark a model of the top Rank, or remove `leader = true` (R-14)")
                .at(TomlPath::root().key("models").index(m.index).key("leader"), "not of the top Rank")
                .model(m.index),
            );
        }
    }
    if let [_, second, ..] = marked.as_slice() {
        out.push(
            Violation::error(
                Code::Leader,
                "leader-unique",
                "more than one model is marked `leader = true`",
            )
            .help("a Buntai has one Leader: keep one mark (R-14)")
            .at(
                TomlPath::root()
                    .key("models")
                    .index(second.index)
                    .key("leader"),
                "second Leader",
            )
            .model(second.index),
        );
    }
}
