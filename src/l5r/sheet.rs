//! The battle sheet for the GM's table, one view model for text, Markdown, HTML and JSON: each
//! side's MP track, its General and officers with their pools worked out and their chances
//! against every enemy formation, the formation table with the ruled relations, the four Raise
//! menus, the zone strip (hidden effects as "???" on the players' copy), the end conditions and
//! the reward arithmetic, and every number with where it comes from.

use schemars::JsonSchema;
use serde::Serialize;

use super::battle::{self, BattleFile, EffectSide, OfficerEntry, RollValue, SideEntry, SideId};
use super::data::{AdvanceRule, Data, NumberRow};
use super::dice::{Exact, Pool};
use crate::diag::ProblemJson;

/// A roll worked out.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PoolRow {
    /// "Battle/Perception".
    pub roll: String,
    /// "7k3", after the Ten Dice Rule.
    pub pool: String,
    /// No explosions: the Skill is 0.
    pub untrained: bool,
    pub mean: f64,
    /// What it is for.
    pub use_for: String,
    /// Its chance against each enemy formation's Resiliency TN (front rolls only).
    pub vs: Vec<TnChance>,
}

/// A chance against a TN.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TnChance {
    pub formation: String,
    pub tn: i32,
    /// P(success) with no raise, and with one.
    pub chance: f64,
    pub with_a_raise: f64,
}

/// The General.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct GeneralRow {
    pub name: String,
    pub npc: bool,
    pub menu: String,
    pub pools: Vec<PoolRow>,
    /// Penalties (k0) that make him chicken out before round 1 (L5R-05).
    pub chickens_out_at: i64,
    pub wounds: Option<String>,
}

/// An officer.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct OfficerRow {
    pub name: String,
    pub pc: bool,
    pub role: String,
    pub actions: i64,
    pub pools: Vec<PoolRow>,
    /// An NPC officer's usual bonus, in words.
    pub bonus: Option<String>,
    /// "water 2, air 1".
    pub spells: Option<String>,
    pub wounds: Option<String>,
}

/// A squad on the MP track.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SquadRow {
    pub name: String,
    pub mp: i64,
    pub elite: bool,
}

/// One side.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SideSheet {
    pub side: SideId,
    pub name: String,
    pub mp: i64,
    pub squads: Vec<SquadRow>,
    pub general: Option<GeneralRow>,
    pub officers: Vec<OfficerRow>,
    pub opening_formation: Option<String>,
    /// The half-strength check comes at this MP (L5R-08, L5R-40).
    pub half_strength_at: i64,
    /// Retreat: Battle/Willpower against this TN at full strength (20 + MP).
    pub retreat_tn: i64,
}

/// A formation row.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct FormationRow {
    pub name: String,
    pub posture: String,
    pub advance: String,
    pub battle_roll: String,
    pub resiliency_tn: i32,
    /// The formation it is strong against (+2k0), and the one strong against it.
    pub strong_against: String,
    pub weak_against: String,
    /// Steps to each other formation along the ring, "Water 1, Void 2, ...".
    pub steps: String,
}

/// A Raise menu.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MenuSheet {
    pub name: String,
    /// (cost, effect, repeatable) rows.
    pub items: Vec<MenuRow>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MenuRow {
    pub cost: u32,
    pub effect: String,
    pub repeatable: bool,
}

/// A zone of the strip.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ZoneRow {
    pub index: usize,
    pub name: String,
    pub size: i64,
    /// Each effect in words, "???" for a hidden one on the players' copy.
    pub effects: Vec<String>,
    pub start: bool,
    /// "A's rear" / "B's rear" at the ends of a line.
    pub note: Option<String>,
}

/// A reward line.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RewardRow {
    pub side: SideId,
    /// In tenths.
    pub honor: i64,
    pub glory: i64,
    pub why: String,
}

/// The whole sheet.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct BattleSheet {
    pub system: &'static str,
    pub name: String,
    pub description: Option<String>,
    pub legal: bool,
    /// The players' copy: hidden effects are "???".
    pub players_copy: bool,
    pub raises: String,
    pub map_source: Option<String>,
    pub sides: Vec<SideSheet>,
    pub formations: Vec<FormationRow>,
    pub formation_rulings: String,
    pub menus: Vec<MenuSheet>,
    pub spells: Vec<(String, String)>,
    pub zones: Vec<ZoneRow>,
    pub end_conditions: Vec<String>,
    pub rewards: Vec<RewardRow>,
    pub numbers: Vec<NumberRow>,
    pub problems: Vec<ProblemJson>,
}

fn pool_row(
    exact: &mut Exact,
    roll: String,
    pool: Pool,
    use_for: &str,
    tns: &[(String, i32)],
) -> PoolRow {
    let dist = exact.dist(pool);
    PoolRow {
        roll,
        pool: pool.ten_dice().to_string(),
        untrained: !pool.dice.explode,
        mean: dist.mean(),
        use_for: use_for.to_owned(),
        vs: tns
            .iter()
            .map(|(f, tn)| TnChance {
                formation: f.clone(),
                tn: *tn,
                chance: dist.at_least(*tn),
                with_a_raise: dist.at_least(tn + 5),
            })
            .collect(),
    }
}

fn title(word: &str) -> String {
    let mut c = word.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

fn wounds(body: &battle::Body) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(c) = body.crippled_at {
        parts.push(format!("Crippled at {c}"));
    }
    if let Some(d) = body.dead_at {
        parts.push(format!("dead at {d}"));
    }
    if let Some(r) = body.reduction {
        parts.push(format!("Reduction {r}"));
    }
    if let Some(t) = body.armor_tn {
        parts.push(format!("armour TN {t}"));
    }
    if let Some(a) = &body.attack {
        parts.push(format!("attack {a}"));
    }
    if let Some(d) = &body.damage {
        parts.push(format!("damage {d}"));
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

fn officer_row(
    data: &Data,
    exact: &mut Exact,
    o: &OfficerEntry,
    tns: &[(String, i32)],
) -> OfficerRow {
    let role = data.roles.get(o.role());
    let mut pools = Vec::new();
    if o.pc {
        for (skill, value) in &o.rolls {
            let Some(pair) = data.roles.pair_for(role, skill) else {
                continue;
            };
            let front = data.roles.front.iter().any(|p| std::ptr::eq(p, pair));
            let step = role
                .filter(|_| !front)
                .map_or("at the front", |r| r.step.as_str());
            let (rank, trait_name, trait_value) = match *value {
                RollValue::Pair([r, t]) => (r, pair.traits.first().cloned().unwrap_or_default(), t),
                RollValue::Rank(r) => {
                    // Spellcraft with the shugenja's best Ring that has slots.
                    let (ring, n) = o
                        .rings
                        .iter()
                        .filter(|(ring, _)| o.spells.get(*ring).is_some_and(|s| *s > 0))
                        .max_by_key(|(_, n)| **n)
                        .map_or(("ring".to_owned(), 1), |(ring, n)| (ring.clone(), *n));
                    (r, ring, n)
                }
            };
            let label = format!("{}/{}", title(skill), title(&trait_name));
            let against: &[(String, i32)] = if front { tns } else { &[] };
            let what = if front {
                "at the front, vs enemy Resiliency"
            } else {
                step
            };
            pools.push(pool_row(
                exact,
                label,
                battle::skill_pool(rank, trait_value),
                what,
                against,
            ));
        }
    }
    let bonus = (!o.pc).then(|| {
        o.bonus
            .as_deref()
            .and_then(|b| data.roles.npc_bonuses.iter().find(|x| x.id == b))
            .map_or_else(
                || "picks a bonus each round".to_owned(),
                |b| format!("{}: {}", b.name, b.effect),
            )
    });
    let spells = (!o.spells.is_empty()).then(|| {
        o.spells
            .iter()
            .map(|(e, n)| format!("{e} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    });
    OfficerRow {
        name: o.name.clone(),
        pc: o.pc,
        role: role.map_or_else(|| o.role().to_owned(), |r| r.name.clone()),
        actions: o.actions(),
        pools,
        bonus,
        spells: spells.map(|s| {
            if o.ishiken {
                format!("{s} (Ishiken)")
            } else {
                s
            }
        }),
        wounds: wounds(&o.body),
    }
}

fn side_sheet(data: &Data, exact: &mut Exact, id: SideId, s: &SideEntry) -> SideSheet {
    let tns: Vec<(String, i32)> = data
        .formations
        .formation
        .iter()
        .map(|f| (f.name.clone(), f.tn.value))
        .collect();
    let mp = s.mp();
    let general = s.general.as_ref().map(|g| {
        let pools = vec![
            pool_row(
                exact,
                "Battle/Perception".into(),
                battle::skill_pool(g.battle, g.perception),
                "the Battle roll, each round",
                &[],
            ),
            pool_row(
                exact,
                "Battle/Willpower".into(),
                battle::skill_pool(g.battle, g.willpower),
                "retreat, half strength",
                &[
                    (
                        "retreat (20 + MP)".to_owned(),
                        data.numbers.retreat_tn.value.saturating_add(mp as i32),
                    ),
                    (
                        "half strength".to_owned(),
                        data.numbers.half_strength_tn.value,
                    ),
                ],
            ),
        ];
        GeneralRow {
            name: g.name.clone(),
            npc: g.npc,
            menu: if g.npc {
                "NPC generals"
            } else {
                "Generals (PC)"
            }
            .to_owned(),
            pools,
            chickens_out_at: g.battle.saturating_add(g.perception),
            wounds: wounds(&g.body),
        }
    });
    SideSheet {
        side: id,
        name: s.name.clone(),
        mp,
        squads: s
            .squads
            .iter()
            .map(|q| SquadRow {
                name: q.name.clone(),
                mp: q.mp,
                elite: q.elite(),
            })
            .collect(),
        general,
        officers: s
            .officers
            .iter()
            .map(|o| officer_row(data, exact, o, &tns))
            .collect(),
        opening_formation: s.formation.as_deref().map(|f| {
            data.formations
                .get(f)
                .map_or(f, |x| x.name.as_str())
                .to_owned()
        }),
        half_strength_at: mp / 2,
        retreat_tn: i64::from(data.numbers.retreat_tn.value).saturating_add(mp),
    }
}

fn formations(data: &Data) -> Vec<FormationRow> {
    let f = &data.formations;
    let name = |id: &str| f.get(id).map_or(id, |x| x.name.as_str()).to_owned();
    f.formation
        .iter()
        .map(|x| {
            let strong: Vec<String> = f
                .strong_against
                .value
                .iter()
                .filter(|[s, _]| *s == x.id)
                .map(|[_, w]| name(w))
                .collect();
            let weak: Vec<String> = f
                .strong_against
                .value
                .iter()
                .filter(|[_, w]| *w == x.id)
                .map(|[s, _]| name(s))
                .collect();
            let mut roll = Vec::new();
            if x.battle_bonus.value != 0 {
                roll.push(format!("{:+}k0", x.battle_bonus.value));
            }
            if x.next_round_bonus.value != 0 {
                roll.push(format!("{:+}k0 next round", x.next_round_bonus.value));
            }
            if x.hold_penalty.value != 0 {
                roll.push(format!("-{}k0 if Holding", x.hold_penalty.value));
            }
            FormationRow {
                name: x.name.clone(),
                posture: x.posture.clone(),
                advance: match x.advance {
                    AdvanceRule::Must => "must Advance",
                    AdvanceRule::May => "Advance or Hold",
                    AdvanceRule::MustNot => "must Hold",
                }
                .to_owned(),
                battle_roll: if roll.is_empty() {
                    "-".to_owned()
                } else {
                    roll.join(", ")
                },
                resiliency_tn: x.tn.value,
                strong_against: strong.join(", "),
                weak_against: weak.join(", "),
                steps: f
                    .ring_order
                    .value
                    .iter()
                    .filter(|o| **o != x.id)
                    .map(|o| format!("{} {}", name(o), f.steps(&x.id, o).unwrap_or(0)))
                    .collect::<Vec<_>>()
                    .join(", "),
            }
        })
        .collect()
}

fn zones(data: &Data, file: &BattleFile, players: bool) -> Vec<ZoneRow> {
    let zones = battle::zones(data, file);
    let start = file
        .map
        .as_ref()
        .and_then(|m| m.start)
        .and_then(|s| usize::try_from(s).ok())
        .unwrap_or(zones.len() / 2);
    let graph = zones
        .iter()
        .any(|z| z.rear_a.is_some() || z.rear_b.is_some());
    let last = zones.len().saturating_sub(1);
    zones
        .iter()
        .enumerate()
        .map(|(i, z)| ZoneRow {
            index: i,
            name: z.name.clone(),
            size: z.size.unwrap_or(i64::from(data.numbers.zone_size.value)),
            effects: z
                .effects
                .iter()
                .map(|e| {
                    if players && e.hidden {
                        return "???".to_owned();
                    }
                    let kind = data.effect(&e.kind);
                    let name = kind.map_or(e.kind.as_str(), |k| k.name.as_str());
                    let whose = match e.side {
                        Some(EffectSide::A) => " (side A)",
                        Some(EffectSide::B) => " (side B)",
                        Some(EffectSide::Attacker) => " (attacker)",
                        Some(EffectSide::Defender) => " (defender)",
                        None => "",
                    };
                    let unit = if kind.is_some_and(|k| k.target == super::data::Target::Attrition) {
                        "k0 Attrition"
                    } else {
                        " MP"
                    };
                    let mut text = format!("{name} {}{unit}{whose}", e.x());
                    if let Some(u) = e.uses.or_else(|| {
                        kind.and_then(|k| k.default_uses.as_ref())
                            .map(|u| i64::from(u.value))
                    }) {
                        text.push_str(&format!(", {u} uses"));
                    }
                    if e.hidden {
                        text.push_str(", hidden");
                    }
                    if e.removable {
                        text.push_str(", removable");
                    }
                    text
                })
                .collect(),
            start: i == start,
            note: match i {
                _ if graph => None,
                0 => Some("A's rear"),
                i if i == last => Some("B's rear"),
                _ => None,
            }
            .map(str::to_owned),
        })
        .collect()
}

/// The end awards on the starting MP (L5R-30): everyone +1/+1 tenth; the side outnumbered +1
/// Glory-tenth per full 2 MP, and +3 Honor-tenths per full multiple when 2 to 1 or worse.
pub fn rewards(data: &Data, mp: [i64; 2]) -> Vec<RewardRow> {
    let n = &data.numbers;
    [SideId::A, SideId::B]
        .into_iter()
        .map(|id| {
            let (own, other) = (mp[id.index()], mp[1 - id.index()]);
            let tenths_of = reward_tenths(
                mp,
                (
                    i64::from(n.everyone_honor.value),
                    i64::from(n.everyone_glory.value),
                ),
                i64::from(n.glory_per_two_mp_outnumbered.value),
                i64::from(n.honor_per_multiple.value),
            );
            let (honor, glory) = tenths_of[id.index()];
            let mut why = vec!["+0.1 each for everyone".to_owned()];
            if other > own {
                let twos = (other - own) / 2;
                why.push(format!(
                    "outnumbered by {} MP: +{} Glory ({twos} full 2s)",
                    other - own,
                    tenths(twos * i64::from(n.glory_per_two_mp_outnumbered.value))
                ));
                if own > 0 && other >= 2 * own {
                    let multiple = other / own;
                    why.push(format!(
                        "outnumbered {other} to {own}: +{} Honor ({multiple} full multiples)",
                        tenths(multiple * i64::from(n.honor_per_multiple.value))
                    ));
                }
            }
            RewardRow {
                side: id,
                honor,
                glory,
                why: why.join("; "),
            }
        })
        .collect()
}

/// The end awards in tenths, (Honor, Glory) for each side, on the starting MP (L5R-30).
pub fn reward_tenths(
    mp: [i64; 2],
    everyone: (i64, i64),
    per_two: i64,
    per_multiple: i64,
) -> [(i64, i64); 2] {
    [0, 1].map(|s| {
        let (own, other) = (mp[s], mp[1 - s]);
        let (mut honor, mut glory) = everyone;
        if other > own {
            glory += (other - own) / 2 * per_two;
            if own > 0 && other >= 2 * own {
                honor += other / own * per_multiple;
            }
        }
        (honor, glory)
    })
}

/// Tenths as a decimal: 7 → "0.7".
pub fn tenths(n: i64) -> String {
    let sign = if n < 0 { "-" } else { "" };
    format!("{sign}{}.{}", n.abs() / 10, n.abs() % 10)
}

/// Build the sheet of a parsed battle.
pub fn build(
    data: &Data,
    verdict: &battle::Verdict,
    file: &BattleFile,
    players: bool,
) -> BattleSheet {
    let mut exact = Exact::new();
    let sides: Vec<SideSheet> = [(SideId::A, &file.side.a), (SideId::B, &file.side.b)]
        .into_iter()
        .filter_map(|(id, s)| s.as_ref().map(|s| side_sheet(data, &mut exact, id, s)))
        .collect();
    let mp = [
        file.side.a.as_ref().map_or(0, SideEntry::mp),
        file.side.b.as_ref().map_or(0, SideEntry::mp),
    ];
    let n = &data.numbers;
    let end_conditions = vec![
        "A side loses when it is pushed back past its last zone (off the map).".to_owned(),
        "A side loses when its MP reaches 0.".to_owned(),
        format!(
            "A side loses when it fails the half-strength check: Battle/Willpower vs TN {}, the first time its MP is half its start ({}).",
            n.half_strength_tn.value,
            n.half_strength_tn.provenance()
        ),
        format!(
            "A side loses when its General dies and no officer steps up (Battle/Willpower vs TN {} + MP).",
            n.step_up_tn.value
        ),
        format!(
            "A side loses when it retreats (Battle/Willpower vs TN {} + MP), or its General chickens out before round 1 (-0.5 Honor, -0.5 Glory).",
            n.retreat_tn.value
        ),
        format!(
            "Both sides at once, or still fighting after {} rounds ({}): a draw (ruling L5R-36).",
            n.round_cap.value,
            n.round_cap.provenance()
        ),
    ];
    BattleSheet {
        system: super::ID,
        name: file
            .name
            .clone()
            .unwrap_or_else(|| "L5R mass battle".to_owned()),
        description: file.description.clone(),
        legal: verdict.legal(),
        players_copy: players,
        raises: match file.raises {
            battle::RaiseMode::Declared => "declared before the roll: TN + 5 each (L5R-02)",
            battle::RaiseMode::Margin => {
                "counted from the margin: one per full 5 over the TN (L5R-02)"
            }
        }
        .to_owned(),
        map_source: file
            .map
            .as_ref()
            .and_then(|m| m.source.clone())
            .or_else(|| {
                file.map.is_none().then(|| {
                    "the default line of five zones of Size 5 (rulings L5R-09, L5R-10)".to_owned()
                })
            }),
        sides,
        formations: formations(data),
        formation_rulings: format!(
            "The diagram is lost: the ring of changes ({}) and who is strong against whom are ruling {}; the first formation is free, each step after costs a Raise (L5R-32, L5R-33).",
            data.formations
                .ring_order
                .value
                .iter()
                .map(|f| title(f))
                .collect::<Vec<_>>()
                .join(" - "),
            data.formations
                .ring_order
                .ruling
                .as_deref()
                .unwrap_or("L5R-31")
        ),
        menus: data
            .menus
            .menu
            .iter()
            .map(|m| MenuSheet {
                name: m.name.clone(),
                items: m
                    .item
                    .iter()
                    .map(|i| MenuRow {
                        cost: i.cost,
                        effect: i.name.clone(),
                        repeatable: i.repeatable,
                    })
                    .collect(),
            })
            .collect(),
        spells: data
            .menus
            .spell
            .iter()
            .map(|s| (title(&s.element), s.raises.clone()))
            .collect(),
        zones: zones(data, file, players),
        end_conditions,
        rewards: rewards(data, mp),
        numbers: super::data::number_rows(n),
        problems: verdict.problems_json(),
    }
}

fn percent(p: f64) -> String {
    format!("{:.0}%", p * 100.0)
}

/// A pool in a line: "Battle/Willpower 7k3 (retreat, half strength): retreat (20 + MP) TN 25
/// 60%, ...".
fn pool_line(p: &PoolRow) -> String {
    let mut line = format!(
        "{} {}{} ({})",
        p.roll,
        p.pool,
        if p.untrained { ", untrained" } else { "" },
        p.use_for
    );
    if !p.vs.is_empty() {
        let vs: Vec<String> =
            p.vs.iter()
                .map(|v| format!("{} TN {} {}", v.formation, v.tn, percent(v.chance)))
                .collect();
        line.push_str(&format!(": {}", vs.join(", ")));
    }
    line
}

/// The MP track in text: a box a squad, "■■" for an elite squad of 2 MP.
pub fn track(side: &SideSheet) -> String {
    side.squads
        .iter()
        .map(|q| {
            let boxes = "\u{25a1}".repeat(usize::try_from(q.mp.clamp(0, 99)).unwrap_or(0));
            if q.elite {
                format!("[{boxes}]*")
            } else {
                boxes
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The sheet as a document (text and Markdown).
pub fn doc(sheet: &BattleSheet) -> crate::page::Doc {
    let verdict = if sheet.legal { "LEGAL" } else { "NOT LEGAL" };
    let copy = if sheet.players_copy {
        ", players' copy"
    } else {
        ""
    };
    let mut doc =
        crate::page::Doc::new(format!("{}: L5R mass battle ({verdict}{copy})", sheet.name));
    if let Some(d) = &sheet.description {
        doc.para(d.clone());
    }
    doc.para(format!("Raises are {}.", sheet.raises));
    for s in &sheet.sides {
        doc.heading(format!(
            "Side {}: {} ({} MP)",
            s.side.letter().to_uppercase(),
            s.name,
            s.mp
        ));
        let mut lines = vec![format!(
            "MP track: {}  (* elite; half strength at {} MP; retreat TN {})",
            track(s),
            s.half_strength_at,
            s.retreat_tn
        )];
        if let Some(f) = &s.opening_formation {
            lines.push(format!("Opening formation: {f}"));
        }
        if let Some(g) = &s.general {
            lines.push(format!(
                "General {}{}: buys from the {} menu; chickens out at {} k0 of penalties before round 1",
                g.name,
                if g.npc { " (NPC)" } else { "" },
                g.menu,
                g.chickens_out_at
            ));
            lines.extend(g.pools.iter().map(pool_line));
            if let Some(w) = &g.wounds {
                lines.push(format!("The General: {w}"));
            }
        }
        doc.list(lines);
        // The front rolls in a table against every formation's TN; the rest in lines.
        let mut rows = Vec::new();
        let mut notes = Vec::new();
        for o in &s.officers {
            let who = format!(
                "{} ({}{}{})",
                o.name,
                o.role,
                if o.pc { "" } else { ", NPC" },
                if o.actions > 1 {
                    format!(", counts as {}", o.actions)
                } else {
                    String::new()
                }
            );
            let mut said: Vec<String> = Vec::new();
            for p in &o.pools {
                if p.vs.is_empty() {
                    said.push(format!("{} {} for {}", p.roll, p.pool, p.use_for));
                    continue;
                }
                let mut row = vec![o.name.clone(), format!("{} {}", p.roll, p.pool)];
                row.extend(sheet.formations.iter().map(|f| {
                    p.vs.iter()
                        .find(|v| v.formation == f.name)
                        .map_or_else(String::new, |v| percent(v.chance))
                }));
                rows.push(row);
            }
            said.extend(o.bonus.clone());
            said.extend(o.spells.iter().map(|s| format!("spells {s}")));
            said.extend(o.wounds.clone());
            if said.is_empty() {
                notes.push(who);
            } else {
                notes.push(format!("{who}: {}", said.join("; ")));
            }
        }
        doc.list(notes);
        if !rows.is_empty() {
            doc.para(format!(
                "At the front, against the enemy's Resiliency TN ({}):",
                sheet
                    .formations
                    .iter()
                    .map(|f| format!("{} {}", f.name, f.resiliency_tn))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            let header: Vec<&str> = ["Officer", "Roll"]
                .into_iter()
                .chain(sheet.formations.iter().map(|f| f.name.as_str()))
                .collect();
            doc.table(&header, rows);
        }
    }
    doc.heading("Zones");
    if let Some(src) = &sheet.map_source {
        doc.para(format!("Map: {src}."));
    }
    doc.table(
        &["#", "Zone", "Size", "Effects", ""],
        sheet
            .zones
            .iter()
            .map(|z| {
                vec![
                    z.index.to_string(),
                    z.name.clone(),
                    z.size.to_string(),
                    if z.effects.is_empty() {
                        "-".to_owned()
                    } else {
                        z.effects.join("; ")
                    },
                    [z.start.then_some("start"), z.note.as_deref()]
                        .into_iter()
                        .flatten()
                        .collect::<Vec<_>>()
                        .join(", "),
                ]
            })
            .collect(),
    );
    doc.heading("Formations");
    doc.table(
        &[
            "Formation",
            "Advance",
            "Battle roll",
            "Resiliency TN",
            "Strong vs (+2k0)",
            "Weak vs",
        ],
        sheet
            .formations
            .iter()
            .map(|f| {
                vec![
                    f.name.clone(),
                    f.advance.clone(),
                    f.battle_roll.clone(),
                    f.resiliency_tn.to_string(),
                    f.strong_against.clone(),
                    f.weak_against.clone(),
                ]
            })
            .collect(),
    );
    doc.list(
        sheet
            .formations
            .iter()
            .map(|f| format!("{}: {}; steps to change: {}", f.name, f.posture, f.steps))
            .collect(),
    );
    doc.para(sheet.formation_rulings.clone());
    doc.heading("Raise menus");
    for m in &sheet.menus {
        doc.table(
            &[m.name.as_str(), "Raises"],
            m.items
                .iter()
                .map(|i| {
                    vec![
                        format!(
                            "{}{}",
                            i.effect,
                            if i.repeatable { " (repeatable)" } else { "" }
                        ),
                        i.cost.to_string(),
                    ]
                })
                .collect(),
        );
    }
    doc.table(
        &["Shugenja spell", "Raises buy"],
        sheet
            .spells
            .iter()
            .map(|(e, r)| vec![e.clone(), r.clone()])
            .collect(),
    );
    doc.heading("End of the battle");
    doc.list(sheet.end_conditions.clone());
    doc.table(
        &["Side", "Honor", "Glory", "Why"],
        sheet
            .rewards
            .iter()
            .map(|r| {
                vec![
                    r.side.letter().to_uppercase(),
                    format!("+{}", tenths(r.honor)),
                    format!("+{}", tenths(r.glory)),
                    r.why.clone(),
                ]
            })
            .collect(),
    );
    doc.heading("Numbers");
    doc.table(
        &["Number", "Value", "Source"],
        sheet
            .numbers
            .iter()
            .map(|n| {
                vec![
                    n.key.replace('_', " "),
                    n.value.clone(),
                    match &n.ruling {
                        Some(r) => format!("ruling {r}"),
                        None => "text".to_owned(),
                    },
                ]
            })
            .collect(),
    );
    doc
}

const TEMPLATE: &str = include_str!("sheet.html");

/// The sheet as one self-contained printable HTML page.
pub fn html(sheet: &BattleSheet) -> Result<String, minijinja::Error> {
    crate::page::sheet_html("battle.html", TEMPLATE, sheet)
}
