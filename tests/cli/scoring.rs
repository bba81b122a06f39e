//! Victory points on the table (play digest §14, §15.1): the general ledger, the faction rules,
//! seppuku and the Skirmish minor objectives, each with scripted dice and positions.

use buntai::diag::SourceFile;
use buntai::ronin::engine::dice::ScriptedDice;
use buntai::ronin::engine::events::{Event, EventLog};
use buntai::ronin::engine::game::play::{Action, Game, final_scoring, flee, play, wound};
use buntai::ronin::engine::game::unit::{Status, Unit, units_of};
use buntai::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, generate_on};
use buntai::ronin::engine::table::{Point, Table};
use buntai::ronin::engine::wound::WoundResult;
use buntai::ronin::load::{DataSource, load};
use buntai::ronin::model::ScenarioId;
use buntai::ronin::model::{Catalogue, ObjectiveKind};

use crate::script::Script;

pub fn cat() -> Catalogue {
    load(&DataSource::Embedded).expect("data")
}

/// The units of a roster written inline: `models` is `(profile, count)` in list order.
pub fn units(cat: &Catalogue, faction: &str, models: &[(&str, u32)], side: usize) -> Vec<Unit> {
    let mut text = String::new();
    for (profile, count) in models {
        text.push_str(&format!(
            "[[models]]\nprofile = \"{profile}\"\ncount = {count}\n"
        ));
    }
    units_from(cat, faction, &text, side)
}

/// The units of a roster whose `[[models]]` tables are given as TOML.
pub fn units_from(cat: &Catalogue, faction: &str, models: &str, side: usize) -> Vec<Unit> {
    let text = format!("faction = \"{faction}\"\n{models}");
    let roster =
        buntai::ronin::roster::parse(&SourceFile::new("inline.toml", text)).expect("parses");
    units_of(cat, cat.faction(faction).expect("faction"), &roster, side)
}

/// A Skirmish on a bare 24" table with both sides deployed; `rolls` script the turn limit's d6
/// and the two minor objectives' d6s.
pub fn game<'c>(
    cat: &'c Catalogue,
    factions: [&str; 2],
    sides: [Vec<Unit>; 2],
    rolls: &[u8],
) -> Game<'c> {
    let request = SetupRequest::new(cat, ScenarioId::Skirmish, 100, DeploymentChoice::Edge, 1);
    let bare = Table::new(24.0, Vec::new());
    let mut dice = ScriptedDice::new(rolls);
    let game = Game::from_setup(
        cat,
        factions.map(|f| cat.faction(f).expect("faction")),
        sides,
        generate_on(cat, &request, Some(&bare)),
        &mut dice,
        &mut EventLog::off(),
    );
    assert_eq!(dice.remaining(), 0, "set-up used every scripted roll");
    game
}

/// A game of side A's `models` against a lone Ming Soldier (B's last model), every model at
/// `at` in list order (A's models, then the Soldier).
pub fn against_soldier<'c>(
    cat: &'c Catalogue,
    faction: &str,
    models: &str,
    at: &[Point],
) -> Game<'c> {
    let a = units_from(cat, faction, models, 0);
    let b = units_from(
        cat,
        "ming-chinese",
        "[[models]]\nprofile = \"soldier\"\n",
        1,
    );
    let mut g = game(cat, [faction, "ming-chinese"], [a, b], &[6, 4, 4]);
    for (u, p) in g.units.iter_mut().zip(at) {
        u.base.centre = *p;
    }
    g
}

pub fn kill(game: &mut Game<'_>, victim: usize, by: usize) {
    wound(
        game,
        victim,
        Some(by),
        WoundResult::Critical,
        &mut EventLog::off(),
    );
    assert_eq!(game.units[victim].status, Status::Dead);
}

#[test]
fn t69_general_vp_count_ranks_and_half_for_flight() {
    let cat = cat();
    let a = units(&cat, "bandits", &[("leader", 1)], 0);
    let b = units(
        &cat,
        "bandits",
        &[("leader", 1), ("bandit", 1), ("peasant", 2), ("gashira", 1)],
        1,
    );
    let mut g = game(&cat, ["bandits", "bandits"], [a, b], &[1, 4, 4]);
    // Killing Ranks 0, 1 and 3: 4.5 VP.
    kill(&mut g, 3, 0);
    kill(&mut g, 2, 0);
    kill(&mut g, 1, 0);
    assert_eq!(g.vp, [9, 0], "0.5 + 1 + 3 VP, in half points");
    // A Rank 2 Gashira that flees off the table: half its Rank; a Rank 0 Peasant: nothing.
    for (unit, gained) in [(5, 2), (4, 0)] {
        let before = g.vp[0];
        g.units[unit].base.centre = Point::new(0.6, 12.0);
        flee(&mut g, unit, &mut EventLog::off());
        assert_eq!(g.units[unit].status, Status::Fled);
        assert_eq!(g.vp[0] - before, gained);
    }
}

#[test]
fn t79_a_bushi_killed_by_a_lower_ranked_enemy_costs_the_bushi_one_vp() {
    let cat = cat();
    let a = units(&cat, "bushi", &[("hatamoto", 1), ("samurai", 2)], 0);
    let b = units(&cat, "bushi", &[("hatamoto", 1), ("ashigaru", 1)], 1);
    let mut g = game(&cat, ["bushi", "bushi"], [a, b], &[1, 4, 4]);
    // A Samurai (Rank 3) killed by an Ashigaru (Rank 1): 3 VP to B, -1 to A.
    kill(&mut g, 1, 4);
    assert_eq!(g.vp, [-2, 6]);
    // Killed by the Hatamoto (Rank 4): no penalty.
    kill(&mut g, 2, 3);
    assert_eq!(g.vp, [-2, 12]);
}

#[test]
fn t78_seppuku_brings_a_losing_bushi_to_a_draw_never_a_win() {
    let cat = cat();
    for (before, after) in [
        ([16, 20], [20, 20]),
        ([10, 20], [14, 20]),
        ([24, 20], [24, 20]),
    ] {
        let a = units(&cat, "bushi", &[("samurai", 1)], 0);
        let b = units(&cat, "koryu", &[("sensei", 1)], 1);
        let mut g = game(&cat, ["bushi", "koryu"], [a, b], &[1, 4, 4]);
        g.objectives = [None; 2];
        g.vp = before;
        final_scoring(&mut g, &mut EventLog::off());
        assert_eq!(g.vp, after, "from {before:?}");
    }
    // A Leader who fled off the table still commits seppuku (§0.2 item 14).
    let a = units(&cat, "bushi", &[("samurai", 1), ("ashigaru", 1)], 0);
    let b = units(&cat, "koryu", &[("sensei", 1)], 1);
    let mut g = game(&cat, ["bushi", "koryu"], [a, b], &[1, 4, 4]);
    g.objectives = [None; 2];
    g.units[0].base.centre = Point::new(0.6, 12.0);
    flee(&mut g, 0, &mut EventLog::off());
    assert_eq!(g.units[0].status, Status::Fled);
    g.vp = [16, 20];
    final_scoring(&mut g, &mut EventLog::off());
    assert_eq!(g.vp, [20, 20]);
    // With its Leader dead there is no seppuku.
    let a = units(&cat, "bushi", &[("samurai", 1), ("ashigaru", 1)], 0);
    let b = units(&cat, "koryu", &[("sensei", 1)], 1);
    let mut g = game(&cat, ["bushi", "koryu"], [a, b], &[1, 4, 4]);
    kill(&mut g, 0, 2);
    g.objectives = [None; 2];
    g.vp = [16, 20];
    final_scoring(&mut g, &mut EventLog::off());
    assert_eq!(g.vp, [16, 20]);
}

#[test]
fn t68_skirmish_turns_and_the_loss_and_kill_objectives() {
    let cat = cat();
    let a = units(&cat, "bushi", &[("ashigaru", 10)], 0);
    let b = units(&cat, "bushi", &[("ashigaru", 8)], 1);
    // d6 4 gives 10 turns; A rolls objective 4 (lose no more than 25%), B rolls 6 (the same).
    let mut g = game(&cat, ["bushi", "bushi"], [a, b], &[4, 4, 6]);
    assert_eq!(g.turn_limit, 10);
    assert_eq!(
        g.objectives,
        [Some(ObjectiveKind::LoseAQuarterAtMost); 2],
        "a 6 takes the opponent's objective"
    );
    kill(&mut g, 0, 10);
    kill(&mut g, 1, 10);
    assert!(
        g.achieved(0, ObjectiveKind::LoseAQuarterAtMost),
        "2 of 10 lost"
    );
    kill(&mut g, 2, 10);
    assert!(
        !g.achieved(0, ObjectiveKind::LoseAQuarterAtMost),
        "3 of 10 lost"
    );
    // Objective 5 against 8 enemies: 6 killed is not enough, 7 is.
    for k in 10..16 {
        kill(&mut g, k, 3);
    }
    assert!(!g.achieved(0, ObjectiveKind::KillThreeQuarters));
    kill(&mut g, 16, 3);
    assert!(g.achieved(0, ObjectiveKind::KillThreeQuarters));
    // Scored at the end, 5 VP each: B has lost 7 of 8; A, with the kill objective, killed 7 of 8.
    let before = g.vp;
    final_scoring(&mut g, &mut EventLog::off());
    assert_eq!([g.vp[0] - before[0], g.vp[1] - before[1]], [0, 0]);
    g.objectives[0] = Some(ObjectiveKind::KillThreeQuarters);
    let before = g.vp;
    final_scoring(&mut g, &mut EventLog::off());
    assert_eq!([g.vp[0] - before[0], g.vp[1] - before[1]], [10, 0]);
}

#[test]
fn both_sides_rolling_the_opponents_objective_have_none() {
    let cat = cat();
    let a = units(&cat, "bushi", &[("ashigaru", 2)], 0);
    let b = units(&cat, "bushi", &[("ashigaru", 2)], 1);
    let g = game(&cat, ["bushi", "bushi"], [a, b], &[1, 6, 6]);
    assert_eq!(g.objectives, [None, None]);
    let a = units(&cat, "bushi", &[("ashigaru", 2)], 0);
    let b = units(&cat, "bushi", &[("ashigaru", 2)], 1);
    let g = game(&cat, ["bushi", "bushi"], [a, b], &[1, 3, 2]);
    assert_eq!(
        g.objectives,
        [
            Some(ObjectiveKind::KillLeader),
            Some(ObjectiveKind::HoldQuarters)
        ]
    );
}

#[test]
fn the_quarters_objective_needs_more_models_in_every_quarter() {
    let cat = cat();
    let a = units(&cat, "bushi", &[("ashigaru", 5)], 0);
    let b = units(&cat, "bushi", &[("ashigaru", 3)], 1);
    let mut g = game(&cat, ["bushi", "bushi"], [a, b], &[1, 2, 2]);
    let h = g.setup.table.size / 2.0;
    // A: one model in each quarter and a second in the higher-x, lower-y one.
    let spots = [(0.5, 0.5), (1.5, 0.5), (1.5, 0.8), (0.5, 1.5), (1.5, 1.5)];
    for (k, (x, y)) in spots.iter().enumerate() {
        g.units[k].base.centre = Point::new(x * h, y * h);
    }
    for (k, (x, y)) in [(0.5, 0.5), (1.5, 1.5), (0.5, 1.5)].iter().enumerate() {
        g.units[5 + k].base.centre = Point::new(x * h + 2.0, y * h + 2.0);
    }
    assert!(
        !g.achieved(0, ObjectiveKind::HoldQuarters),
        "ties in three quarters"
    );
    kill(&mut g, 6, 0);
    kill(&mut g, 7, 0);
    // B's last model just left of the middle line ties the lower-x quarter; exactly on the line
    // it belongs to the higher-x quarter, where A has two.
    g.units[5].base.centre = Point::new(h - 0.01, 0.5 * h);
    assert!(
        !g.achieved(0, ObjectiveKind::HoldQuarters),
        "B ties the lower-x quarter"
    );
    g.units[5].base.centre = Point::new(h, 0.5 * h);
    assert!(
        g.achieved(0, ObjectiveKind::HoldQuarters),
        "on the line: the higher quarter"
    );
}

#[test]
fn t59_a_bandit_loots_a_rank_3_body_once_and_scores_if_it_survives() {
    let cat = cat();
    let a = units(&cat, "bandits", &[("leader", 1), ("bandit", 2)], 0);
    let b = units(&cat, "bushi", &[("samurai", 2), ("ashigaru", 4)], 1);
    let mut g = game(&cat, ["bandits", "bushi"], [a, b], &[1, 4, 4]);
    // Only A's two Bandits near the second Samurai (Rank 3, not the Leader), which is killed.
    g.units[4].base.centre = Point::new(12.0, 12.0);
    g.units[1].base.centre = Point::new(11.0, 12.0);
    g.units[2].base.centre = Point::new(12.0, 11.0);
    kill(&mut g, 4, 1);
    g.objectives = [None; 2];
    let mut a = Script::defending().actions(vec![
        (1, Action::Loot { unit: 1, body: 0 }),
        (2, Action::Loot { unit: 2, body: 0 }),
    ]);
    let mut b = Script::defending();
    let mut dice = buntai::ronin::engine::SeededDice::new(3, 0);
    let mut events = EventLog::recording();
    let result = play(&mut g, &mut [&mut a, &mut b], &mut dice, &mut events);
    let loots: Vec<_> = events
        .into_vec()
        .into_iter()
        .filter_map(|e| match e {
            Event::Loot { model, rank, .. } => Some((model, rank)),
            _ => None,
        })
        .collect();
    assert_eq!(loots.len(), 1, "the body is looted once: {loots:?}");
    assert_eq!(loots[0].1, 3);
    assert_eq!(g.units[1].looted, Some(3));
    // The kill (3 VP) and the surviving looter (+1 VP).
    assert_eq!(result.vp[0], 8);
}

#[test]
fn the_default_ai_walks_to_a_body_its_faction_scores_and_loots_it() {
    let cat = cat();
    let a = units(&cat, "bandits", &[("leader", 1), ("bandit", 1)], 0);
    let b = units(&cat, "bushi", &[("samurai", 2), ("ashigaru", 3)], 1);
    let mut g = game(&cat, ["bandits", "bushi"], [a, b], &[1, 4, 4]);
    g.objectives = [None; 2];
    // A Rank 3 Samurai lies dead 4" from A's Bandit; every other model is far off.
    g.units[0].base.centre = Point::new(2.0, 2.0);
    g.units[1].base.centre = Point::new(12.0, 6.0);
    g.units[3].base.centre = Point::new(12.0, 11.0);
    for (k, x) in [(2, 2.0), (4, 8.0), (5, 14.0), (6, 20.0)] {
        g.units[k].base.centre = Point::new(x, 23.0);
    }
    kill(&mut g, 3, 1);
    let mut a = buntai::ronin::engine::game::ai::TableAi::new();
    let mut b = Script::defending();
    let mut events = EventLog::recording();
    play(
        &mut g,
        &mut [&mut a, &mut b],
        &mut buntai::ronin::engine::SeededDice::new(1, 0),
        &mut events,
    );
    let bandit = g.units[1].fighter.name.clone();
    let looted = events.into_vec().into_iter().find_map(|e| match e {
        Event::Loot { model, rank, .. } if *model == *bandit => Some(rank),
        _ => None,
    });
    assert_eq!(looted, Some(3), "the Bandit went to the body and looted it");
}

#[test]
fn a_fallen_banner_picked_up_by_the_enemy_is_captured_for_5_vp() {
    let cat = cat();
    let a = units(&cat, "bushi", &[("samurai", 1)], 0);
    let b = crate::scoring::units_from(
        &cat,
        "koreans",
        "[[models]]\nprofile = \"soldier\"\nbanner = true\n[[models]]\nprofile = \"soldier\"\n",
        1,
    );
    let mut g = game(&cat, ["bushi", "koreans"], [a, b], &[1, 4, 4]);
    g.objectives = [None; 2];
    g.units[0].base.centre = Point::new(12.0, 12.0);
    g.units[1].base.centre = Point::new(13.005, 12.0);
    g.units[2].base.centre = Point::new(2.0, 22.0);
    assert!(g.units[1].banner);
    kill(&mut g, 1, 0);
    assert_eq!(
        g.banners,
        vec![(Point::new(13.005, 12.0), 1)],
        "it falls where the bearer stood"
    );
    let mut a = Script::defending().actions(vec![(1, Action::PickUp { unit: 0, banner: 0 })]);
    let mut b = Script::defending();
    let mut events = EventLog::recording();
    let result = play(
        &mut g,
        &mut [&mut a, &mut b],
        &mut buntai::ronin::engine::SeededDice::new(2, 0),
        &mut events,
    );
    assert!(g.banners.is_empty());
    assert_eq!(g.units[0].captured, 1);
    // The Soldier's kill (Rank 1) and the captured banner (5 VP), in half points.
    assert_eq!(result.vp[0], 2 + 10);
}

/// The half points each side scores for the scenario's objective at the end of the game.
pub fn objective_vp(g: &mut Game<'_>) -> [i32; 2] {
    let mut events = EventLog::recording();
    final_scoring(g, &mut events);
    let mut vp = [0; 2];
    for e in events.into_vec() {
        if let Event::Vp {
            side,
            reason,
            half_points,
        } = e
            && reason.contains("objective")
        {
            vp[usize::from(side == "B")] += half_points;
        }
    }
    vp
}
