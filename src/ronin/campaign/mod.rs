//! Campaigns: two master rosters, three small Buntai each for a Skirmish, a
//! Capture and a Defence game, experience and promotion between games, and a final Skirmish of
//! every available model. The campaign file holds all of it; `buntai campaign` edits it.

pub mod event;
pub mod log;

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ronin::model::{Catalogue, Faction, ScenarioId};
use crate::ronin::roster::{Kept, Roster, RosterModel};

/// A campaign file. This is a user-facing contract (schema `campaign`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
#[schemars(title = "Buntai campaign")]
pub struct Campaign {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The points both master rosters were built to.
    pub points: u32,
    /// The two players, in seat order.
    pub players: Vec<Player>,
    /// The games recorded so far.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<GameRecord>,
}

/// One player: the master roster (one entry per model, each named) and each model's record.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Player {
    pub name: String,
    /// The master roster as it stands (promotions change it).
    pub roster: Roster,
    /// The small Buntai, by game (the final's forces once `campaign final` has built them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub buntai: Vec<SmallBuntai>,
    /// Each model's campaign record, by its name in the master roster.
    #[serde(default)]
    pub models: BTreeMap<String, ModelRecord>,
}

/// The models a player sends to one game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SmallBuntai {
    pub game: u32,
    pub models: Vec<String>,
}

/// A model's campaign record.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ModelRecord {
    /// Experience not yet spent.
    #[serde(default)]
    pub xp: u32,
    /// How each game it played ended for it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<ModelGame>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub promotions: Vec<Promotion>,
    /// The d6 a model that ended its game Grievous rolled to play the final.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recovery_roll: Option<u8>,
}

/// One game of one model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct ModelGame {
    pub game: u32,
    pub end: EndState,
    /// Experience it earned in the game.
    pub xp: u32,
}

/// A promotion taken.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Promotion {
    pub from: String,
    pub to: String,
    pub cost: u32,
    /// Games recorded when it was taken.
    pub after_game: u32,
}

/// How a game ended for a model.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum EndState {
    Unhurt,
    Light,
    Grievous,
    Killed,
    Fled,
}

impl EndState {
    pub fn id(self) -> &'static str {
        match self {
            EndState::Unhurt => "unhurt",
            EndState::Light => "light",
            EndState::Grievous => "grievous",
            EndState::Killed => "killed",
            EndState::Fled => "fled",
        }
    }
}

/// A game recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GameRecord {
    /// 1 to 3 for the three games, 4 for the final.
    pub game: u32,
    pub scenario: ScenarioId,
    /// The winning player's name; absent for a draw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// Victory points of the two players, in seat order.
    #[serde(default)]
    pub vp: [f64; 2],
    /// Where the result came from: a log file, by hand, or simulated with a seed.
    pub source: String,
}

/// Where a model stands in the campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Availability {
    /// May play.
    Available,
    /// Ended its game Grievous; plays the final on the recovery roll (not rolled yet).
    Recovering,
    /// Ended its game Grievous and failed the recovery roll.
    Unfit,
    Killed,
}

impl ModelRecord {
    /// Its state now: killed in any game, else by the last game it played.
    pub fn availability(&self, recovery: u8) -> Availability {
        if self.games.iter().any(|g| g.end == EndState::Killed) {
            return Availability::Killed;
        }
        match self.games.last().map(|g| g.end) {
            Some(EndState::Grievous) => match self.recovery_roll {
                None => Availability::Recovering,
                Some(r) if r >= recovery => Availability::Available,
                Some(_) => Availability::Unfit,
            },
            _ => Availability::Available,
        }
    }
}

/// The game number of the final.
pub const FINAL: u32 = 4;

impl Campaign {
    /// The scenario of game `n` (1 to 3, then the final).
    pub fn scenario(cat: &Catalogue, n: u32) -> Option<ScenarioId> {
        let terms = &cat.campaign.campaign;
        match n {
            FINAL => Some(terms.final_game),
            n => terms
                .games
                .get(usize::try_from(n).ok()?.checked_sub(1)?)
                .copied(),
        }
    }

    pub fn recorded(&self, n: u32) -> Option<&GameRecord> {
        self.games.iter().find(|g| g.game == n)
    }

    /// The player of this name (case-insensitive).
    pub fn player_index(&self, name: &str) -> Option<usize> {
        self.players
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
    }
}

impl Player {
    /// The Buntai assigned to game `n`.
    pub fn buntai(&self, n: u32) -> Option<&SmallBuntai> {
        self.buntai.iter().find(|b| b.game == n)
    }

    /// The master-roster entry of the model named `name` (case-insensitive), or of the 1-based
    /// number `name`.
    pub fn model_index(&self, name: &str) -> Option<usize> {
        let by_name = self.roster.models.iter().position(|m| {
            m.name
                .as_deref()
                .is_some_and(|n| n.eq_ignore_ascii_case(name.trim()))
        });
        by_name.or_else(|| {
            name.trim()
                .parse::<usize>()
                .ok()
                .filter(|&n| n >= 1 && n <= self.roster.models.len())
                .map(|n| n - 1)
        })
    }

    pub fn model_name(&self, index: usize) -> &str {
        self.roster.models[index].name.as_deref().unwrap_or("?")
    }

    /// A roster of the named models only, in master-roster order (each `count` 1, named).
    pub fn roster_of(&self, names: &[String]) -> Roster {
        let mut roster = self.roster.clone();
        roster.models.retain(|m| {
            m.name
                .as_deref()
                .is_some_and(|n| names.iter().any(|x| x == n))
        });
        roster.name = Some(self.name.clone());
        roster
    }
}

/// Expand a master roster into one named entry per model (a roster's `count` of 3 becomes three
/// entries), so each model can keep its own record and be promoted alone. Names the roster gives
/// are kept when unique; the others are numbered by profile ("Ashigaru 2").
pub fn expand(cat: &Catalogue, faction: &Faction, roster: &Roster) -> Roster {
    let label = |m: &RosterModel| -> String {
        faction
            .profiles
            .iter()
            .chain(&cat.swords_for_hire.profiles)
            .find(|p| p.id == m.profile)
            .map_or_else(|| m.profile.clone(), |p| p.name.clone())
    };
    let mut wanted: Vec<(String, RosterModel)> = Vec::new();
    for m in &roster.models {
        let count = m.count().min(20);
        for _ in 0..count {
            let mut one = m.clone();
            one.count = None;
            let base = m.name.clone().unwrap_or_else(|| label(m));
            wanted.push((base, one));
        }
    }
    let mut seen: BTreeMap<String, u32> = BTreeMap::new();
    let totals: BTreeMap<String, u32> = wanted.iter().fold(BTreeMap::new(), |mut acc, (b, _)| {
        *acc.entry(b.clone()).or_default() += 1;
        acc
    });
    let mut out = roster.clone();
    out.models = wanted
        .into_iter()
        .map(|(base, mut m)| {
            let k = seen.entry(base.clone()).or_default();
            *k += 1;
            m.name = Some(if totals[&base] > 1 {
                format!("{base} {k}")
            } else {
                base
            });
            m
        })
        .collect();
    out
}

/// The catalogue a campaign plays with: the data, plus the profiles promotion paths borrow from
/// another faction (the Ikko-Ikki's Sohei becoming Senior Sohei, R-120).
pub fn catalogue(cat: &Catalogue) -> Catalogue {
    let mut ext = cat.clone();
    for path in &cat.campaign.paths {
        let Some(from) = path.borrow.as_deref().and_then(|b| cat.faction(b)) else {
            continue;
        };
        for [_, to] in &path.steps {
            let Some(profile) = from.profiles.iter().find(|p| p.id == *to) else {
                continue;
            };
            if let Some(f) = ext.factions.iter_mut().find(|f| f.id == path.faction)
                && !f.profiles.iter().any(|p| p.id == *to)
            {
                f.profiles.push(profile.clone());
            }
        }
    }
    ext
}

/// A promotion open to a model: the profile it may become and what it costs.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Step {
    pub to: String,
    pub cost: u32,
}

/// Every promotion open to a model of `list` (a faction id, or `swords-for-hire` for a hire)
/// that is `profile` of Rank `rank` and carries `weapons`.
pub fn steps(
    cat: &Catalogue,
    list: &str,
    profile: &str,
    rank: u8,
    weapons: &[String],
) -> Vec<Step> {
    let ext_rank = |id: &str| -> Option<u8> {
        cat.factions
            .iter()
            .flat_map(|f| &f.profiles)
            .chain(&cat.swords_for_hire.profiles)
            .filter(|p| p.id == id)
            .map(|p| p.rank.value.get())
            .next()
    };
    let mut out: Vec<Step> = Vec::new();
    for path in cat.campaign.paths.iter().filter(|p| p.faction == list) {
        if let Some(w) = &path.requires {
            let w = crate::ronin::roster::canonical(cat, w);
            if !weapons.contains(&w) {
                continue;
            }
        }
        for [from, to] in path.steps.iter().filter(|[f, _]| f == profile) {
            let _ = from;
            let Some(target_rank) = ext_rank(to) else {
                continue;
            };
            let cost = path
                .cost
                .or_else(|| cat.campaign.experience.cost(rank, target_rank.max(rank)));
            if let Some(cost) = cost
                && !out.iter().any(|s| s.to == *to)
            {
                out.push(Step {
                    to: to.clone(),
                    cost,
                });
            }
        }
    }
    out
}

/// The master-roster entry a model becomes when promoted to `to`: the new profile, its
/// weapons, Attributes and armour kept (free), `picks` made for the new profile's weapon
/// choices (none given: the old picks it offers too), and `attributes` bought anew for its
/// slots.
pub fn promoted_entry(
    cat: &Catalogue,
    model: &crate::ronin::roster::ResolvedModel<'_>,
    to: &crate::ronin::model::Profile,
    picks: &[String],
    attributes: &[String],
) -> RosterModel {
    let old = model.entry;
    let carried: Vec<String> = model.weapons.iter().map(|w| w.id.clone()).collect();
    let held: Vec<String> = model.attributes.iter().map(|a| a.id.clone()).collect();
    let armour = model.armour;
    let offered = |w: &str| {
        to.options.iter().any(|o| {
            o.one_of.iter().chain(&o.adds).any(|x| {
                crate::ronin::roster::canonical(cat, x) == crate::ronin::roster::canonical(cat, w)
            })
        })
    };
    let base: Vec<String> = to
        .weapons
        .iter()
        .map(|w| crate::ronin::roster::canonical(cat, w))
        .collect();
    let picks: Vec<String> = if picks.is_empty() {
        old.weapons.iter().filter(|w| offered(w)).cloned().collect()
    } else {
        picks.to_vec()
    };
    let mut kept = old.kept.clone().unwrap_or_default();
    for w in &carried {
        let picked = picks
            .iter()
            .any(|p| crate::ronin::roster::canonical(cat, p) == *w);
        if !base.contains(w) && !picked && !kept.weapons.contains(w) {
            kept.weapons.push(w.clone());
        }
    }
    for a in &held {
        if !to.attributes.contains(a) && !kept.attributes.contains(a) {
            kept.attributes.push(a.clone());
        }
    }
    kept.armour = Some(kept.armour.map_or(armour, |k| k.max(armour)));
    RosterModel {
        profile: to.id.clone(),
        count: None,
        name: old.name.clone(),
        weapons: picks,
        attributes: attributes.to_vec(),
        armour: None,
        mount: old.mount,
        banner: old.banner,
        leader: old.leader,
        disguise: None,
        options: Vec::new(),
        kept: Some(Kept { ..kept }),
    }
}

/// Split a player's models into `groups` small Buntai as evenly by points as it can (most
/// expensive first, each to the lightest group); `None` when a group would fall outside the
/// campaign's 25-50% of `master` (the player then assigns them by hand).
pub fn auto_split(
    points: &[(String, i32)],
    groups: usize,
    master: i32,
    min: u32,
    max: u32,
) -> Option<Vec<Vec<String>>> {
    let mut order: Vec<&(String, i32)> = points.iter().collect();
    order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let count = groups;
    let mut groups: Vec<Vec<String>> = vec![Vec::new(); count];
    let mut totals = vec![0i32; count];
    for (name, p) in order {
        let k = (0..count).min_by_key(|&k| (totals[k], k)).unwrap_or(0);
        groups[k].push(name.clone());
        totals[k] += p;
    }
    let ok = |t: i32| {
        i64::from(t) * 100 >= i64::from(master) * i64::from(min)
            && i64::from(t) * 100 <= i64::from(master) * i64::from(max)
    };
    totals.iter().all(|&t| ok(t)).then_some(groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_split_keeps_every_group_within_a_quarter_and_a_half() {
        let models: Vec<(String, i32)> = (1..=9).map(|k| (format!("M{k}"), 10 * k)).collect();
        let groups = auto_split(&models, 3, 450, 25, 50).expect("splits");
        let total = |g: &Vec<String>| -> i32 {
            g.iter()
                .map(|n| models.iter().find(|(m, _)| m == n).map_or(0, |x| x.1))
                .sum()
        };
        assert!(groups.iter().all(|g| (113..=225).contains(&total(g))));
        assert_eq!(groups.iter().map(Vec::len).sum::<usize>(), 9);
        // One model worth most of the roster cannot be split.
        let lopsided = vec![("Big".to_owned(), 300), ("Small".to_owned(), 10)];
        assert!(auto_split(&lopsided, 3, 310, 25, 50).is_none());
    }

    #[test]
    fn a_grievous_model_is_available_on_the_recovery_roll() {
        let mut r = ModelRecord {
            games: vec![ModelGame {
                game: 1,
                end: EndState::Grievous,
                xp: 1,
            }],
            ..Default::default()
        };
        assert_eq!(r.availability(4), Availability::Recovering);
        r.recovery_roll = Some(3);
        assert_eq!(r.availability(4), Availability::Unfit);
        r.recovery_roll = Some(4);
        assert_eq!(r.availability(4), Availability::Available);
    }
}
