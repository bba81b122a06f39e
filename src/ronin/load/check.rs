//! Cross-checks between data files: every id a record names must exist, ids must be unique, and
//! every `ruling:` provenance must name a ruling. Each problem points at the offending value.

use std::collections::HashMap;

use crate::diag::{Problem, SourceFile, TomlPath, did_you_mean};
use crate::ronin::model::{
    Catalogue, Check, Faction, OptionKind, Profile, Provenance, Rank, Selector, Shape, Sourced,
    Weapon,
};

/// The text of each data file, for locating problems.
pub struct Sources {
    pub weapons: SourceFile,
    pub attributes: SourceFile,
    pub swords_for_hire: SourceFile,
    pub scenario: SourceFile,
    pub rulings: SourceFile,
    pub reference: SourceFile,
    pub terrain: SourceFile,
    pub periods: SourceFile,
    pub campaign: SourceFile,
    /// In the same order as `Catalogue::factions`.
    pub factions: Vec<SourceFile>,
}

struct Checker<'a> {
    cat: &'a Catalogue,
    problems: Vec<Problem>,
}

fn root_path() -> TomlPath {
    TomlPath::root()
}

pub fn cross_check(cat: &Catalogue, sources: &Sources) -> Vec<Problem> {
    let mut c = Checker {
        cat,
        problems: Vec::new(),
    };
    c.rulings(&sources.rulings);
    c.weapons(&sources.weapons);
    c.reference_card(&sources.reference);
    c.provenance(
        &sources.weapons,
        &root_path().key("foot").key("source"),
        &cat.weapons.foot.source,
    );
    c.terrain(&sources.terrain);
    c.attributes(&sources.attributes);
    c.swords_for_hire(&sources.swords_for_hire);
    let root = TomlPath::root();
    c.profiles(
        &cat.scenario.profiles,
        &sources.scenario,
        &root.key("profiles"),
        None,
    );
    c.unique(
        &sources.scenario,
        "scenario",
        cat.scenario
            .scenarios
            .iter()
            .enumerate()
            .map(|(i, s)| (s.id.as_str(), root.key("scenarios").index(i).key("id"))),
    );
    for id in <crate::ronin::model::ScenarioId as clap::ValueEnum>::value_variants() {
        if cat.scenario.get(*id).is_none() {
            c.push(
                Problem::error(
                    "data::missing-scenario",
                    format!("scenario `{}` has no definition", id.as_str()),
                )
                .with_help(
                    "the engine plays every scenario of the book from its `[[scenarios]]` entry",
                )
                .at_path(
                    &sources.scenario,
                    &root.key("scenarios"),
                    "the scenarios",
                ),
            );
        }
    }
    for (i, s) in cat.scenario.scenarios.iter().enumerate() {
        let at = root.key("scenarios").index(i);
        for (j, r) in s.rulings.iter().enumerate() {
            c.ruling_ref(&sources.scenario, &at.key("rulings").index(j), r);
        }
        if let Some(kind) = s.objective.as_ref().and_then(|o| o.piece.as_deref()) {
            let kinds = cat.terrain.kinds.iter().map(|k| k.id.as_str());
            c.reference(
                &sources.scenario,
                &at.key("objective").key("piece"),
                "terrain kind",
                kind,
                kinds,
            );
        }
        if s.deployment.is_empty() {
            c.push(
                Problem::error(
                    "data::no-deployment",
                    "a scenario needs at least one deployment",
                )
                .at_path(&sources.scenario, &at.key("deployment"), "empty"),
            );
        }
        if !s.minor_objectives.is_empty() {
            c.faces(
                &sources.scenario,
                &root.key("scenarios").index(i).key("minor-objectives"),
                s.minor_objectives.iter().map(|o| o.faces.as_slice()),
            );
        }
        for (j, force) in s.forces.iter().enumerate() {
            let path = root.key("scenarios").index(i).key("forces").index(j);
            let ids = cat.scenario.profiles.iter().map(|p| p.id.as_str());
            c.reference(
                &sources.scenario,
                &path.key("profile"),
                "profile",
                &force.profile,
                ids,
            );
            if force.count.is_some() == force.per_points.is_some() {
                c.push(
                    Problem::error(
                        "data::scenario-force",
                        "a scenario force needs exactly one of `count` or `per-points`",
                    )
                    .at_path(&sources.scenario, &path, "this force"),
                );
            }
        }
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, (faction, file)) in cat.factions.iter().zip(&sources.factions).enumerate() {
        if let Some(first) = seen.insert(&faction.id, i) {
            c.push(
                Problem::error(
                    "data::duplicate-id",
                    format!("faction id `{}` is used twice", faction.id),
                )
                .with_help(format!(
                    "`{}` already defines it; give each faction its own id",
                    sources.factions[first].name
                ))
                .at_path(file, &root.key("id"), "second definition"),
            );
        }
        c.faction(faction, file);
    }
    c.periods(&sources.periods);
    c.campaign(&sources.campaign);
    c.problems
}

impl Checker<'_> {
    /// `periods.toml`: one main period, and every name a period list uses exists.
    /// Promotion paths name real lists, profiles and weapons.
    fn campaign(&mut self, file: &SourceFile) {
        let cat = self.cat;
        let root = TomlPath::root().key("paths");
        let lists: Vec<&str> = cat
            .factions
            .iter()
            .map(|f| f.id.as_str())
            .chain(std::iter::once("swords-for-hire"))
            .collect();
        let profiles_of = |id: &str| -> Vec<String> {
            match cat.faction(id) {
                Some(f) => f.profiles.iter().map(|p| p.id.clone()).collect(),
                None if id == "swords-for-hire" => cat
                    .swords_for_hire
                    .profiles
                    .iter()
                    .map(|p| p.id.clone())
                    .collect(),
                None => Vec::new(),
            }
        };
        for (i, path) in cat.campaign.paths.iter().enumerate() {
            let at = root.index(i);
            if !self.reference(
                file,
                &at.key("faction"),
                "faction",
                &path.faction,
                lists.iter().copied(),
            ) {
                continue;
            }
            let own = profiles_of(&path.faction);
            let target = match &path.borrow {
                Some(b) => {
                    if !self.reference(file, &at.key("borrow"), "faction", b, lists.iter().copied())
                    {
                        continue;
                    }
                    profiles_of(b)
                }
                None => own.clone(),
            };
            for (j, [from, to]) in path.steps.iter().enumerate() {
                let step = at.key("steps").index(j);
                let from_ok = own.iter().chain(&target).map(String::as_str);
                self.reference(file, &step.index(0), "profile", from, from_ok);
                self.reference(
                    file,
                    &step.index(1),
                    "profile",
                    to,
                    target.iter().map(String::as_str),
                );
            }
            if let Some(w) = &path.requires {
                self.weapon_ref(file, &at.key("requires"), w);
            }
        }
    }

    fn periods(&mut self, file: &SourceFile) {
        let cat = self.cat;
        let root = TomlPath::root().key("periods");
        let ids = cat
            .periods
            .periods
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.as_str(), root.index(i).key("id")));
        self.unique(file, "period", ids);
        if cat.periods.periods.iter().filter(|p| p.main).count() != 1 {
            self.push(
                Problem::error("data::periods", "exactly one period must be `main = true`")
                    .with_help("the main period is the book's own: every faction file as written")
                    .at_path(file, &root, "the periods"),
            );
        }
        let factions: Vec<&str> = cat.factions.iter().map(|f| f.id.as_str()).collect();
        let hires: Vec<&str> = cat
            .swords_for_hire
            .profiles
            .iter()
            .map(|p| p.id.as_str())
            .collect();
        for (i, period) in cat.periods.periods.iter().enumerate() {
            let at = root.index(i);
            for (j, r) in period.rulings.iter().enumerate() {
                self.ruling_ref(file, &at.key("rulings").index(j), r);
            }
            for (j, w) in period.weapons.iter().enumerate() {
                self.weapon_ref(file, &at.key("weapons").index(j), w);
            }
            for (j, list) in period.lists.iter().enumerate() {
                let at = at.key("lists").index(j);
                let base_key = if list.base.is_some() {
                    "base"
                } else {
                    "faction"
                };
                if !self.reference(
                    file,
                    &at.key(base_key),
                    "faction",
                    list.base(),
                    factions.iter().copied(),
                ) {
                    continue;
                }
                for (k, b) in list.borrow.iter().enumerate() {
                    let bat = at.key("borrow").index(k);
                    if self.reference(
                        file,
                        &bat.key("faction"),
                        "faction",
                        &b.faction,
                        factions.iter().copied(),
                    ) && let Some(other) = cat.faction(&b.faction)
                    {
                        let own = other.profiles.iter().map(|p| p.id.as_str());
                        self.reference(file, &bat.key("profile"), "profile", &b.profile, own);
                    }
                }
                for (k, w) in list.forbid_weapons.iter().enumerate() {
                    self.weapon_ref(file, &at.key("forbid-weapons").index(k), w);
                }
                for (k, w) in list.swap_weapons.iter().enumerate() {
                    let wat = at.key("swap-weapons").index(k);
                    self.weapon_ref(file, &wat.key("from"), &w.from);
                    self.weapon_ref(file, &wat.key("to"), &w.to);
                }
                for (k, h) in list.forbid_hires.iter().enumerate() {
                    let path = at.key("forbid-hires").index(k);
                    self.reference(file, &path, "hire", h, hires.iter().copied());
                }
                for (k, r) in list.rulings.iter().enumerate() {
                    self.ruling_ref(file, &at.key("rulings").index(k), r);
                }
                if let Some(base) = cat.faction(list.base()) {
                    let rules = base.composition.iter().map(|r| r.id.as_str());
                    for (k, id) in list.drop_composition.iter().enumerate() {
                        let path = at.key("drop-composition").index(k);
                        self.reference(file, &path, "composition rule", id, rules.clone());
                    }
                }
                let built = cat
                    .period_factions
                    .iter()
                    .find(|l| l.period == period.id && l.faction.id == list.faction);
                if let Some(built) = built {
                    let composition = &list.composition;
                    self.composition(file, &at.key("composition"), composition, &built.faction);
                }
            }
        }
    }

    fn push(&mut self, problem: Problem) {
        self.problems.push(problem);
    }

    /// Report `value` unless it is one of `valid`.
    fn reference<'v>(
        &mut self,
        file: &SourceFile,
        path: &TomlPath,
        what: &str,
        value: &str,
        valid: impl Iterator<Item = &'v str> + Clone,
    ) -> bool {
        if valid.clone().any(|v| v == value) {
            return true;
        }
        let code = format!("data::unknown-{}", what.replace(' ', "-"));
        self.push(
            Problem::error(code, format!("unknown {what} `{value}`"))
                .with_help(did_you_mean(value, valid))
                .at_path(file, path, format!("no {what} has this id")),
        );
        false
    }

    fn weapon_ref(&mut self, file: &SourceFile, path: &TomlPath, name: &str) {
        let names: Vec<&str> = self.cat.weapon_names().collect();
        self.reference(file, path, "weapon", name, names.iter().copied());
    }

    fn attribute_ref(&mut self, file: &SourceFile, path: &TomlPath, id: &str) {
        let ids: Vec<&str> = self
            .cat
            .attributes
            .attributes
            .iter()
            .map(|a| a.id.as_str())
            .collect();
        self.reference(file, path, "attribute", id, ids.iter().copied());
    }

    fn ruling_ref(&mut self, file: &SourceFile, path: &TomlPath, id: &str) {
        let ids: Vec<&str> = self
            .cat
            .rulings
            .rulings
            .iter()
            .map(|r| r.id.as_str())
            .collect();
        self.reference(file, path, "ruling", id, ids.iter().copied());
    }

    fn provenance(&mut self, file: &SourceFile, path: &TomlPath, source: &Provenance) {
        if let Some(id) = source.ruling() {
            self.ruling_ref(file, path, id);
        }
    }

    fn sourced<T>(&mut self, file: &SourceFile, path: &TomlPath, value: Option<&Sourced<T>>) {
        if let Some(v) = value {
            self.provenance(file, &path.key("source"), &v.source);
        }
    }

    /// Report the second and later uses of each id in `ids`, located at `path_of(index)`.
    fn unique<'v>(
        &mut self,
        file: &SourceFile,
        what: &str,
        ids: impl Iterator<Item = (&'v str, TomlPath)>,
    ) {
        let mut seen: HashMap<&str, TomlPath> = HashMap::new();
        for (id, path) in ids {
            if id.trim().is_empty() {
                self.push(
                    Problem::error("data::empty-id", format!("a {what} id is empty"))
                        .with_help("give it a kebab-case id, e.g. `ashigaru-gashira`")
                        .at_path(file, &path, "empty"),
                );
                continue;
            }
            if let Some(first) = seen.get(id) {
                let help = format!("`{id}` is already defined at `{first}`; ids must be unique");
                self.push(
                    Problem::error(
                        "data::duplicate-id",
                        format!("{what} id `{id}` is used twice"),
                    )
                    .with_help(help)
                    .at_path(file, &path, "second definition"),
                );
            } else {
                seen.insert(id, path);
            }
        }
    }

    fn rulings(&mut self, file: &SourceFile) {
        let root = TomlPath::root().key("rulings");
        let ids = self
            .cat
            .rulings
            .rulings
            .iter()
            .enumerate()
            .map(|(i, r)| (r.id.as_str(), root.index(i).key("id")));
        self.unique(file, "ruling", ids);
    }

    fn weapons(&mut self, file: &SourceFile) {
        let root = TomlPath::root();
        let names = self
            .cat
            .weapons
            .weapons
            .iter()
            .enumerate()
            .flat_map(|(i, w)| {
                let at = root.key("weapons").index(i);
                std::iter::once((w.id.as_str(), at.key("id"))).chain(
                    w.aliases
                        .iter()
                        .enumerate()
                        .map(move |(j, a)| (a.as_str(), at.key("aliases").index(j))),
                )
            });
        let names: Vec<(&str, TomlPath)> = names.collect();
        self.unique(file, "weapon", names.into_iter());
        for (i, w) in self.cat.weapons.weapons.iter().enumerate() {
            let at = root.key("weapons").index(i);
            self.weapon_numbers(file, &at, w);
        }
        for (i, band) in self.cat.weapons.range_bands.iter().enumerate() {
            let at = root.key("range-bands").index(i);
            self.provenance(file, &at.key("source"), &band.source);
            let last = i + 1 == self.cat.weapons.range_bands.len();
            if band.max.is_none() != last {
                let message = if last {
                    "the last range band must be open (no `max`)"
                } else {
                    "only the last range band may omit `max`"
                };
                self.push(Problem::error("data::range-bands", message).at_path(
                    file,
                    &at,
                    "this band",
                ));
            }
        }
    }

    fn weapon_numbers(&mut self, file: &SourceFile, at: &TomlPath, w: &Weapon) {
        for (key, value) in [
            ("initiative", &w.initiative),
            ("initiative-later", &w.initiative_later),
            ("attack", &w.attack),
            ("enhanced-attack", &w.enhanced_attack),
            ("ride-by-attack", &w.ride_by_attack),
            ("subdue", &w.subdue),
            ("vs-heavy-armour", &w.vs_heavy_armour),
            ("wound-modifier", &w.wound_modifier),
        ] {
            self.sourced(file, &at.key(key), value.as_ref());
        }
        self.sourced(file, &at.key("range"), w.range.as_ref());
    }

    /// `terrain.toml`: ids unique and known, every die face given exactly once, numbers sane.
    fn terrain(&mut self, file: &SourceFile) {
        let t = &self.cat.terrain;
        let root = TomlPath::root();
        self.unique(
            file,
            "terrain kind",
            t.kinds
                .iter()
                .enumerate()
                .map(|(i, k)| (k.id.as_str(), root.key("kinds").index(i).key("id"))),
        );
        let kind_ids: Vec<&str> = t.kinds.iter().map(|k| k.id.as_str()).collect();
        for (i, kind) in t.kinds.iter().enumerate() {
            let path = root.key("kinds").index(i);
            self.provenance(file, &path.key("source"), &kind.source);
            if kind.shape == Shape::Linear && !kind.width.is_some_and(|w| w > 0.0 && w <= 12.0) {
                self.push(
                    Problem::error(
                        "data::terrain-width",
                        format!(
                            "linear kind `{}` needs a width between 0 and 12 inches",
                            kind.id
                        ),
                    )
                    .at_path(file, &path.key("id"), "this kind"),
                );
            }
            let hex = kind.colour.strip_prefix('#').unwrap_or("");
            if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
                self.push(
                    Problem::error(
                        "data::terrain-colour",
                        format!("colour `{}` is not of the form #rrggbb", kind.colour),
                    )
                    .at_path(file, &path.key("colour"), "here"),
                );
            }
        }
        for (i, location) in t.locations.iter().enumerate() {
            let path = root.key("locations").index(i);
            self.provenance(file, &path.key("source"), &location.source);
            for (j, (kind, weight)) in location.kinds.iter().enumerate() {
                let kpath = path.key("kinds").index(j);
                self.reference(file, &kpath, "terrain kind", kind, kind_ids.iter().copied());
                if *weight == 0 {
                    self.push(
                        Problem::error(
                            "data::terrain-weight",
                            "a kind's weight must be at least 1",
                        )
                        .at_path(file, &kpath, "here"),
                    );
                }
            }
            if !location.mixed && location.kinds.is_empty() {
                self.push(
                    Problem::error(
                        "data::terrain-location",
                        format!("location `{}` lists no terrain kinds", location.id),
                    )
                    .at_path(file, &path.key("id"), "this location"),
                );
            }
        }
        self.faces(
            file,
            &root.key("locations"),
            t.locations.iter().map(|l| &l.faces[..]),
        );
        self.faces(
            file,
            &root.key("weather").key("kinds"),
            t.weather.kinds.iter().map(|w| &w.faces[..]),
        );
        self.faces(
            file,
            &root.key("time-of-day").key("kinds"),
            t.time_of_day.kinds.iter().map(|w| &w.faces[..]),
        );
        for (path, faces) in [
            (root.key("weather").key("table-on"), &t.weather.table_on),
            (
                root.key("time-of-day").key("table-on"),
                &t.time_of_day.table_on,
            ),
        ] {
            if faces.iter().any(|f| !(1..=6).contains(f)) {
                self.push(
                    Problem::error("data::die-faces", "a d6 has faces 1 to 6")
                        .at_path(file, &path, "here"),
                );
            }
        }
        for (what, list) in [
            (
                "table-sizes",
                t.table_sizes
                    .iter()
                    .map(|s| s.up_to_points)
                    .collect::<Vec<_>>(),
            ),
            (
                "terrain-counts",
                t.terrain_counts.iter().map(|s| s.up_to_points).collect(),
            ),
        ] {
            let ordered = list.windows(2).all(|w| match (w[0], w[1]) {
                (Some(a), Some(b)) => a < b,
                (Some(_), None) => true,
                (None, _) => false,
            });
            if list.is_empty() || !ordered || list.last().is_some_and(Option::is_some) {
                self.push(
                    Problem::error(
                        "data::points-steps",
                        format!("`{what}` must rise in `up-to-points` and end with a step without a limit"),
                    )
                    .at_path(file, &root.key(what), "here"),
                );
            }
        }
        for (i, size) in t.table_sizes.iter().enumerate() {
            if !(6.0..=120.0).contains(&size.size) {
                self.push(
                    Problem::error("data::table-size", "a table is 6 to 120 inches across")
                        .at_path(file, &root.key("table-sizes").index(i).key("size"), "here"),
                );
            }
        }
        let p = &t.pieces;
        let sane = 0.0 < p.small_min
            && p.small_min < p.small_max
            && p.small_max <= p.large_min
            && p.large_min <= p.large_max
            && p.large_max <= 24.0
            && (0.0..=1.0).contains(&p.large_share)
            && p.gap >= 0.0
            && p.tries > 0;
        if !sane {
            self.push(
                Problem::error(
                    "data::piece-sizes",
                    "piece sizes must satisfy 0 < small_min < small_max <= large_min <= large_max <= 24, with large_share in [0, 1] and tries > 0",
                )
                .at_path(file, &root.key("pieces"), "here"),
            );
        }
        let b = &t.bases;
        let across = |d: f64| d > 0.0 && d <= 6.0;
        if !(across(b.diameter) && across(b.marker) && b.contact >= 0.0 && b.contact < 0.5) {
            self.push(
                Problem::error(
                    "data::bases",
                    "a base or marker is more than 0 and at most 6 inches across; contact is under half an inch",
                )
                .at_path(file, &root.key("bases"), "here"),
            );
        }
        for (path, source) in [
            (root.key("moves"), &t.moves.source),
            (root.key("bases"), &t.bases.source),
            (root.key("sight"), &t.sight.source),
            (root.key("pieces"), &t.pieces.source),
            (root.key("weather"), &t.weather.source),
            (root.key("time-of-day"), &t.time_of_day.source),
            (root.key("reserves"), &t.reserves.source),
        ] {
            self.provenance(file, &path.key("source"), source);
        }
        let sources = t
            .table_sizes
            .iter()
            .enumerate()
            .map(|(i, s)| (root.key("table-sizes").index(i), &s.source))
            .chain(
                t.terrain_counts
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (root.key("terrain-counts").index(i), &s.source)),
            )
            .chain(
                t.weather
                    .kinds
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (root.key("weather").key("kinds").index(i), &s.source)),
            )
            .chain(
                t.time_of_day
                    .kinds
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (root.key("time-of-day").key("kinds").index(i), &s.source)),
            )
            .chain(
                t.deployments
                    .iter()
                    .enumerate()
                    .map(|(i, s)| (root.key("deployments").index(i), &s.source)),
            )
            .collect::<Vec<_>>();
        for (path, source) in sources {
            self.provenance(file, &path.key("source"), source);
        }
    }

    /// The rows of a d6 table: every face 1 to 6 exactly once.
    fn faces<'f>(
        &mut self,
        file: &SourceFile,
        path: &TomlPath,
        rows: impl Iterator<Item = &'f [u8]>,
    ) {
        let mut count = [0u32; 7];
        let mut bad = false;
        for faces in rows {
            for &f in faces {
                match count.get_mut(usize::from(f)) {
                    Some(c) if f >= 1 => *c += 1,
                    _ => bad = true,
                }
            }
        }
        if bad || count[1..].iter().any(|&c| c != 1) {
            self.push(
                Problem::error(
                    "data::die-faces",
                    "the rows of a d6 table must give each face 1 to 6 exactly once",
                )
                .at_path(file, path, "this table"),
            );
        }
    }

    fn reference_card(&mut self, file: &SourceFile) {
        let root = TomlPath::root().key("sections");
        for (i, section) in self.cat.reference.sections.iter().enumerate() {
            for (j, row) in section.rows.iter().enumerate() {
                if row.len() != section.columns.len() {
                    self.push(
                        Problem::error(
                            "data::reference",
                            format!(
                                "row has {} cells but the section has {} columns",
                                row.len(),
                                section.columns.len()
                            ),
                        )
                        .at_path(
                            file,
                            &root.index(i).key("rows").index(j),
                            "this row",
                        ),
                    );
                }
            }
        }
    }

    fn attributes(&mut self, file: &SourceFile) {
        let root = TomlPath::root().key("attributes");
        let ids = self
            .cat
            .attributes
            .attributes
            .iter()
            .enumerate()
            .map(|(i, a)| (a.id.as_str(), root.index(i).key("id")));
        self.unique(file, "attribute", ids);
        for (i, a) in self.cat.attributes.attributes.iter().enumerate() {
            for (j, w) in a.weapons.iter().enumerate() {
                self.weapon_ref(file, &root.index(i).key("weapons").index(j), w);
            }
            for (j, r) in a.requires.iter().enumerate() {
                self.attribute_ref(file, &root.index(i).key("requires").index(j), r);
            }
        }
    }

    fn swords_for_hire(&mut self, file: &SourceFile) {
        let sfh = &self.cat.swords_for_hire;
        let root = TomlPath::root();
        self.profiles(&sfh.profiles, file, &root.key("profiles"), None);
        let ids: Vec<&str> = sfh.profiles.iter().map(|p| p.id.as_str()).collect();
        for (i, limit) in sfh.limits.iter().enumerate() {
            for (j, p) in limit.profiles.iter().enumerate() {
                self.reference(
                    file,
                    &root.key("limits").index(i).key("profiles").index(j),
                    "hire",
                    p,
                    ids.iter().copied(),
                );
            }
            for (j, r) in limit.rulings.iter().enumerate() {
                self.ruling_ref(
                    file,
                    &root.key("limits").index(i).key("rulings").index(j),
                    r,
                );
            }
        }
        for (i, req) in sfh.requires.iter().enumerate() {
            let at = root.key("requires").index(i);
            self.reference(
                file,
                &at.key("profile"),
                "hire",
                &req.profile,
                ids.iter().copied(),
            );
            for (j, p) in req.of.iter().enumerate() {
                self.reference(file, &at.key("of").index(j), "hire", p, ids.iter().copied());
            }
            for (j, r) in req.rulings.iter().enumerate() {
                self.ruling_ref(file, &at.key("rulings").index(j), r);
            }
        }
        let at = root.key("disguise");
        self.reference(
            file,
            &at.key("profile"),
            "hire",
            &sfh.disguise.profile,
            ids.iter().copied(),
        );
        for (j, w) in sfh.disguise.adds.iter().enumerate() {
            self.weapon_ref(file, &at.key("adds").index(j), w);
        }
        for (j, r) in sfh.disguise.rulings.iter().enumerate() {
            self.ruling_ref(file, &at.key("rulings").index(j), r);
        }
    }

    fn faction(&mut self, f: &Faction, file: &SourceFile) {
        let root = TomlPath::root();
        let stem = std::path::Path::new(&file.name)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned());
        if stem.as_deref() != Some(f.id.as_str()) {
            self.push(
                Problem::error(
                    "data::faction-file-name",
                    format!("faction `{}` is in a file named `{}`", f.id, file.name),
                )
                .with_help(format!(
                    "name the file `{}.toml`, or change the id to match the file",
                    f.id
                ))
                .at_path(file, &root.key("id"), "this id"),
            );
        }
        self.profiles(&f.profiles, file, &root.key("profiles"), Some(f));
        self.provenance(file, &root.key("morale").key("source"), &f.morale.source);
        let own: Vec<&str> = f.profiles.iter().map(|p| p.id.as_str()).collect();
        if let Some(p) = &f.morale.without_profile {
            self.reference(
                file,
                &root.key("morale").key("without-profile").key("profile"),
                "profile",
                &p.profile,
                own.iter().copied(),
            );
        }
        if let Some(cap) = f
            .swords_for_hire
            .cap_percent
            .filter(|c| !(1..=100).contains(c))
        {
            self.push(
                Problem::error(
                    "data::swords-for-hire",
                    format!("a cap of {cap}% is out of range"),
                )
                .with_help("percentages run from 1 to 100")
                .at_path(
                    file,
                    &root.key("swords-for-hire").key("cap-percent"),
                    "out of range",
                ),
            );
        }
        let hires: Vec<&str> = self
            .cat
            .swords_for_hire
            .profiles
            .iter()
            .map(|p| p.id.as_str())
            .collect();
        let sfh = root.key("swords-for-hire");
        for (i, h) in f.swords_for_hire.allowed.iter().enumerate() {
            self.reference(
                file,
                &sfh.key("allowed").index(i),
                "hire",
                h,
                hires.iter().copied(),
            );
        }
        for (i, limit) in f.swords_for_hire.limits.iter().enumerate() {
            for (j, p) in limit.profiles.iter().enumerate() {
                let allowed = f.swords_for_hire.allowed.iter().map(String::as_str);
                self.reference(
                    file,
                    &sfh.key("limits").index(i).key("profiles").index(j),
                    "allowed hire",
                    p,
                    allowed,
                );
            }
        }
        let bearers = f
            .profiles
            .iter()
            .any(|p| p.options.iter().any(|o| o.kind == OptionKind::Banner));
        if bearers != f.banner.is_some() {
            let (message, at) = if bearers {
                (
                    "profiles offer a banner, but the faction has no `[banner]` table",
                    root.key("profiles"),
                )
            } else {
                (
                    "the faction has a `[banner]` table, but no profile offers a banner option",
                    root.key("banner"),
                )
            };
            self.push(Problem::error("data::banner", message).at_path(file, &at, "here"));
        }
        if let Some(k) = &f.koryu {
            let at = root.key("koryu");
            if k.weapons.is_empty() {
                self.push(
                    Problem::error("data::koryu", "the Koryu weapon table is empty")
                        .with_help("list at least one weapon with its cost per model")
                        .at_path(file, &at.key("weapons"), "no weapons"),
                );
            }
            for (i, w) in k.weapons.iter().enumerate() {
                self.weapon_ref(file, &at.key("weapons").index(i).key("weapon"), &w.weapon);
            }
        }
        let rule_ids = f
            .composition
            .iter()
            .enumerate()
            .map(|(i, r)| (r.id.as_str(), root.key("composition").index(i).key("id")));
        self.unique(file, "composition rule", rule_ids);
        for (i, purchase) in f.purchases.iter().enumerate() {
            if purchase.cost < 0 {
                self.push(
                    Problem::error(
                        "data::points",
                        format!("purchase `{}` costs {} points", purchase.id, purchase.cost),
                    )
                    .with_help("a purchase costs 0 points or more")
                    .at_path(
                        file,
                        &root.key("purchases").index(i).key("cost"),
                        "negative",
                    ),
                );
            }
        }
        self.composition(file, &root.key("composition"), &f.composition, f);
    }

    /// The composition rules of `f` at `root` (an array of tables) in `file`.
    fn composition(
        &mut self,
        file: &SourceFile,
        root: &TomlPath,
        rules: &[crate::ronin::model::CompositionRule],
        f: &Faction,
    ) {
        for (i, rule) in rules.iter().enumerate() {
            let at = root.index(i);
            for (j, r) in rule.rulings.iter().enumerate() {
                self.ruling_ref(file, &at.key("rulings").index(j), r);
            }
            let check = at.key("check");
            for (key, selector) in rule.check.selectors() {
                self.selector(file, &check.key(key), selector, f);
            }
            let (per, percent) = match &rule.check {
                Check::Ratio { per, .. } => (Some(*per), None),
                Check::WeaponLimit { percent, .. }
                | Check::PointsShare { percent, .. }
                | Check::PrimaryWeapon { percent }
                | Check::AttributeShare { percent, .. } => (None, Some(*percent)),
                _ => (None, None),
            };
            if per == Some(0) {
                self.push(
                    Problem::error("data::composition", "`per` must be at least 1").at_path(
                        file,
                        &check.key("per"),
                        "zero",
                    ),
                );
            }
            if let Some(p) = percent.filter(|p| !(1..=100).contains(p)) {
                self.push(
                    Problem::error(
                        "data::composition",
                        format!("a percentage of {p} is out of range"),
                    )
                    .with_help("percentages run from 1 to 100")
                    .at_path(file, &check.key("percent"), "out of range"),
                );
            }
            match &rule.check {
                Check::WeaponLimit {
                    weapons, missile, ..
                } => {
                    for (j, w) in weapons.iter().enumerate() {
                        self.weapon_ref(file, &check.key("weapons").index(j), w);
                    }
                    if weapons.is_empty() != *missile {
                        self.push(
                            Problem::error(
                                "data::composition",
                                "a weapon limit needs either `weapons` or `missile = true`",
                            )
                            .at_path(file, &check, "this check"),
                        );
                    }
                }
                Check::FirstAttribute { one_of, .. } => {
                    for (j, a) in one_of.iter().enumerate() {
                        self.attribute_ref(file, &check.key("one-of").index(j), a);
                    }
                }
                Check::PrimaryWeapon { .. } if f.koryu.is_none() => {
                    self.push(
                        Problem::error(
                            "data::composition",
                            "a primary-weapon rule needs the faction's `[koryu]` table",
                        )
                        .at_path(file, &check, "this check"),
                    );
                }
                _ => {}
            }
        }
    }

    fn selector(&mut self, file: &SourceFile, at: &TomlPath, selector: &Selector, f: &Faction) {
        let ranks = selector
            .ranks
            .iter()
            .enumerate()
            .map(|(j, r)| (*r, at.key("ranks").index(j)));
        for (rank, path) in ranks.chain(selector.min_rank.map(|r| (r, at.key("min-rank")))) {
            if Rank::new(rank).is_none() {
                self.push(
                    Problem::error("data::unknown-rank", format!("there is no Rank {rank}"))
                        .with_help(format!("Ranks run from 0 to {}", Rank::MAX))
                        .at_path(file, &path, "not a Rank"),
                );
            }
        }
        let own: Vec<&str> = f.profiles.iter().map(|p| p.id.as_str()).collect();
        for (j, p) in selector.profiles.iter().enumerate() {
            self.reference(
                file,
                &at.key("profiles").index(j),
                "profile",
                p,
                own.iter().copied(),
            );
        }
    }

    fn profiles(
        &mut self,
        profiles: &[Profile],
        file: &SourceFile,
        root: &TomlPath,
        faction: Option<&Faction>,
    ) {
        let ids = profiles
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.as_str(), root.index(i).key("id")));
        self.unique(file, "profile", ids);
        for (i, p) in profiles.iter().enumerate() {
            self.profile(p, file, &root.index(i), faction);
        }
    }

    fn profile(
        &mut self,
        p: &Profile,
        file: &SourceFile,
        at: &TomlPath,
        faction: Option<&Faction>,
    ) {
        for (key, source) in [
            ("rank", &p.rank.source),
            ("combat-pool", &p.combat_pool.source),
            ("initiative", &p.initiative.source),
            ("fight", &p.fight.source),
            ("shoot", &p.shoot.source),
        ] {
            self.provenance(file, &at.key(key).key("source"), source);
        }
        // A negative price would let a roster buy points (D19): a profile costs at least 0, and an
        // option saves at most what the profile costs.
        if p.points < 0 {
            self.push(
                Problem::error(
                    "data::points",
                    format!("profile `{}` costs {} points", p.id, p.points),
                )
                .with_help("a profile costs 0 points or more")
                .at_path(file, &at.key("points"), "negative"),
            );
        }
        for (j, o) in p.options.iter().enumerate() {
            if o.cost < -p.points.max(0) {
                self.push(
                    Problem::error(
                        "data::points",
                        format!(
                            "option `{}` saves {} points, more than profile `{}` costs ({})",
                            o.id,
                            -i64::from(o.cost),
                            p.id,
                            p.points
                        ),
                    )
                    .with_help("an option may save at most the profile's own points")
                    .at_path(
                        file,
                        &at.key("options").index(j).key("cost"),
                        "too low",
                    ),
                );
            }
        }
        for (j, w) in p.weapons.iter().enumerate() {
            self.weapon_ref(file, &at.key("weapons").index(j), w);
        }
        for (j, a) in p.attributes.iter().enumerate() {
            self.attribute_ref(file, &at.key("attributes").index(j), a);
        }
        for (j, a) in p.conditional_attributes.iter().enumerate() {
            self.attribute_ref(
                file,
                &at.key("conditional-attributes").index(j).key("attribute"),
                &a.attribute,
            );
        }
        if (p.koryu_weapon || p.koryu_bujutsu) && faction.is_none_or(|f| f.koryu.is_none()) {
            let key = if p.koryu_weapon {
                "koryu-weapon"
            } else {
                "koryu-bujutsu"
            };
            self.push(
                Problem::error(
                    "data::koryu",
                    format!("a `{key}` profile needs its faction's `[koryu]` table"),
                )
                .at_path(file, &at.key(key), "here"),
            );
        }
        let option_ids = p
            .options
            .iter()
            .enumerate()
            .map(|(j, o)| (o.id.as_str(), at.key("options").index(j).key("id")));
        self.unique(file, "option", option_ids);
        let own_options: Vec<&str> = p.options.iter().map(|o| o.id.as_str()).collect();
        for (j, o) in p.options.iter().enumerate() {
            let oat = at.key("options").index(j);
            for (key, list) in [
                ("one-of", &o.one_of),
                ("replaces", &o.replaces),
                ("adds", &o.adds),
            ] {
                for (k, w) in list.iter().enumerate() {
                    self.weapon_ref(file, &oat.key(key).index(k), w);
                }
            }
            for (k, w) in o.replaces.iter().enumerate() {
                if !p.weapons.contains(w) {
                    self.push(
                        Problem::error(
                            "data::option",
                            format!(
                                "option `{}` gives up `{w}`, which `{}` does not carry",
                                o.id, p.id
                            ),
                        )
                        .with_help(format!("the profile carries: {}", p.weapons.join(", ")))
                        .at_path(
                            file,
                            &oat.key("replaces").index(k),
                            "not carried",
                        ),
                    );
                }
            }
            for (k, e) in o.excludes.iter().enumerate() {
                self.reference(
                    file,
                    &oat.key("excludes").index(k),
                    "option",
                    e,
                    own_options.iter().copied(),
                );
            }
            let missing = match o.kind {
                OptionKind::Weapon if o.one_of.is_empty() => Some("one-of"),
                OptionKind::Armour if o.armour.is_none() => Some("armour"),
                OptionKind::Mount if o.mount.is_none() => Some("mount"),
                OptionKind::Exchange if o.replaces.is_empty() => Some("replaces"),
                _ => None,
            };
            if let Some(key) = missing {
                self.push(
                    Problem::error(
                        "data::option",
                        format!("a `{:?}` option needs `{key}`", o.kind).to_lowercase(),
                    )
                    .at_path(file, &oat.key("kind"), "this kind"),
                );
            }
        }
    }
}
