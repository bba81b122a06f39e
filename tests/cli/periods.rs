//! Other periods (R-123..R-125): a roster names its period, and `validate`, `print`, `simulate`
//! and `factions --period` honour it.

use std::path::Path;

use crate::support::{broken_data, buntai, in_data_dir, json, repo, succeeded};

/// `validate --format json` of a roster written to a temporary file.
fn verdict(text: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("roster.toml");
    std::fs::write(&path, text).expect("write");
    let out = buntai()
        .args(["validate", "--format", "json"])
        .arg(&path)
        .output()
        .expect("runs");
    json(&out)[0].clone()
}

/// Every problem's code and rule id.
fn codes(verdict: &serde_json::Value) -> Vec<String> {
    verdict["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .flat_map(|p| [&p["code"], &p["rule"]])
        .filter_map(|c| c.as_str().map(str::to_owned))
        .collect()
}

fn kamakura_bushi(models: &str) -> String {
    format!("faction = \"bushi\"\nperiod = \"kamakura\"\npoints = 200\n{models}")
}

#[test]
fn every_period_example_roster_is_legal() {
    let examples = repo().join("examples");
    for name in [
        "kamakura-bushi-100.toml",
        "kamakura-bandits-100.toml",
        "kamakura-sohei-100.toml",
        "mongols-100.toml",
    ] {
        let out = buntai()
            .current_dir(&examples)
            .args(["validate", "--format", "json", name])
            .output()
            .expect("runs");
        let v = json(&out);
        assert_eq!(v[0]["legal"], true, "{name}: {}", v[0]["problems"]);
        assert_eq!(v[0]["period"], "kamakura", "{name}");
    }
}

#[test]
fn a_kamakura_samurai_wears_medium_armour_for_two_points_less() {
    let samurai = "[[models]]\nprofile = \"samurai\"\n";
    let main = verdict(&format!("faction = \"bushi\"\n{samurai}"));
    let kamakura = verdict(&kamakura_bushi(samurai));
    let each = |v: &serde_json::Value| v["entries"][0]["points_each"].as_i64().expect("points");
    assert_eq!(each(&main) - each(&kamakura), 2);
    // Heavy armour is no longer an option; going without costs 4 (medium to none), not 6.
    let heavy = verdict(&kamakura_bushi(&format!("{samurai}armour = \"heavy\"\n")));
    assert!(codes(&heavy).iter().any(|c| c == "option"), "{heavy}");
    let bare = verdict(&kamakura_bushi(&format!("{samurai}armour = \"none\"\n")));
    assert_eq!(each(&kamakura) - each(&bare), 4);
    // An Ashigaru wears light armour for 2 less.
    let ashigaru = "[[models]]\nprofile = \"ashigaru\"\nweapons = [\"yari\"]\n";
    let main = verdict(&format!("faction = \"bushi\"\n{ashigaru}"));
    let kamakura = verdict(&kamakura_bushi(ashigaru));
    assert_eq!(each(&main) - each(&kamakura), 2);
}

#[test]
fn a_kamakura_samurai_buys_kyujutsu_or_bajutsu_before_any_other_attribute() {
    let roster = |attributes: &str| {
        kamakura_bushi(&format!(
            "[[models]]\nprofile = \"hatamoto\"\nattributes = [{attributes}]\n\
             [[models]]\nprofile = \"samurai\"\n\
             [[models]]\nprofile = \"ashigaru\"\ncount = 6\nweapons = [\"yari\"]\n"
        ))
    };
    let rule = "kamakura-samurai-first-attribute";
    let wrong = verdict(&roster("\"kenjutsu\", \"kyujutsu\""));
    assert!(codes(&wrong).iter().any(|c| c == rule), "{wrong}");
    let right = verdict(&roster("\"kyujutsu\", \"kenjutsu\""));
    assert!(!codes(&right).iter().any(|c| c == rule), "{right}");
    let mounted = verdict(&roster("\"bajutsu\""));
    assert!(!codes(&mounted).iter().any(|c| c == rule), "{mounted}");
    // The main period has no such rule.
    let main = verdict(&roster("\"kenjutsu\"").replace("period = \"kamakura\"\n", ""));
    assert!(!codes(&main).iter().any(|c| c == rule), "{main}");
}

#[test]
fn kamakura_lists_take_no_teppo_and_kamakura_bushi_hire_no_ninja() {
    let teppo = verdict(&kamakura_bushi(
        "[[models]]\nprofile = \"ashigaru\"\nweapons = [\"teppo\"]\n",
    ));
    assert!(codes(&teppo).iter().any(|c| c == "option"), "{teppo}");
    let ninja = verdict(&kamakura_bushi("[[models]]\nprofile = \"ninja\"\n"));
    assert_eq!(ninja["legal"], false, "{ninja}");
    let sohei = verdict(
        "faction = \"sohei\"\nperiod = \"kamakura\"\n[[models]]\nprofile = \"initiate\"\nweapons = [\"teppo\"]\n",
    );
    assert!(codes(&sohei).iter().any(|c| c == "option"), "{sohei}");
    // Kamakura Bandits: the Leader cannot keep heavy armour.
    let bandit = verdict(
        "faction = \"bandits\"\nperiod = \"kamakura\"\n[[models]]\nprofile = \"leader\"\narmour = \"heavy\"\n",
    );
    assert!(codes(&bandit).iter().any(|c| c == "option"), "{bandit}");
}

#[test]
fn mongols_take_a_grenade_where_the_ming_took_an_arquebus_and_exist_only_in_kamakura() {
    let soldiers = |weapon: &str, n: u32| {
        format!(
            "faction = \"mongols\"\nperiod = \"kamakura\"\n\
             [[models]]\nprofile = \"soldier\"\ncount = {n}\nweapons = [\"{weapon}\"]\n\
             [[models]]\nprofile = \"korean-soldier\"\ncount = 4\nweapons = [\"spear\"]\n"
        )
    };
    let grenade = verdict(&soldiers("grenade", 1));
    assert_eq!(grenade["legal"], true, "{grenade}");
    assert_eq!(grenade["morale"]["rating"], 9);
    let arquebus = verdict(&soldiers("arquebus", 1));
    assert!(codes(&arquebus).iter().any(|c| c == "option"), "{arquebus}");
    // Two grenades among six models: over the 25% limit (floor(1.5) = 1).
    let two = verdict(&soldiers("grenade", 2));
    assert!(
        codes(&two).iter().any(|c| c == "mongols-grenade-limit"),
        "{two}"
    );
    let main = verdict(&soldiers("spear", 1).replace("period = \"kamakura\"\n", ""));
    assert!(codes(&main).iter().any(|c| c == "not-in-period"), "{main}");
}

#[test]
fn a_roster_names_only_a_period_that_offers_its_faction() {
    let typo = verdict("faction = \"bushi\"\nperiod = \"kamakra\"\n");
    assert!(codes(&typo).iter().any(|c| c == "unknown-period"), "{typo}");
    let ikko = verdict("faction = \"ikko-ikki\"\nperiod = \"kamakura\"\n");
    assert!(codes(&ikko).iter().any(|c| c == "not-in-period"), "{ikko}");
    let edo = verdict("faction = \"bushi\"\nperiod = \"late-edo\"\n");
    assert!(codes(&edo).iter().any(|c| c == "not-in-period"), "{edo}");
    let main = verdict(
        "faction = \"bushi\"\nperiod = \"sengoku\"\n[[models]]\nprofile = \"ashigaru\"\ncount = 4\nweapons = [\"yari\"]\n",
    );
    assert_eq!(main["legal"], true, "{main}");
}

#[test]
fn factions_period_lists_the_periods_lists_and_what_each_changes() {
    let out = buntai()
        .args(["factions", "--period", "kamakura", "--format", "json"])
        .output()
        .expect("runs");
    succeeded(&out);
    let lists = json(&out);
    let ids: Vec<&str> = lists
        .as_array()
        .expect("array")
        .iter()
        .filter_map(|l| l["id"].as_str())
        .collect();
    assert_eq!(ids, ["bushi", "bandits", "sohei", "mongols"]);
    let changes = lists[0]["changes"].to_string();
    assert!(changes.contains("no teppo"), "{changes}");
    assert!(changes.contains("medium"), "{changes}");
    let text = buntai()
        .args(["factions", "--period", "late-edo"])
        .output()
        .expect("runs");
    succeeded(&text);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains("Revolver") && text.contains("Rifle"),
        "{text}"
    );
    let bad = buntai()
        .args(["factions", "--period", "edo"])
        .output()
        .expect("runs");
    assert_eq!(bad.status.code(), Some(2));
    let mongols = buntai()
        .args([
            "faction", "mongols", "--period", "kamakura", "--format", "json",
        ])
        .output()
        .expect("runs");
    succeeded(&mongols);
    assert_eq!(json(&mongols)["morale"]["rating"], 9);
    let refused = buntai()
        .args(["faction", "mongols"])
        .output()
        .expect("runs");
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--period kamakura"));
}

#[test]
fn print_and_simulate_play_the_period_list() {
    let examples = repo().join("examples");
    let sheet = buntai()
        .current_dir(&examples)
        .args(["print", "kamakura-bushi-100.toml", "--format", "json"])
        .output()
        .expect("runs");
    succeeded(&sheet);
    let sheet = json(&sheet).to_string();
    assert!(sheet.contains("Kamakura Bushi"), "{sheet}");
    let report = crate::support::simulated_report(&[
        &examples.join("kamakura-bushi-100.toml").to_string_lossy(),
        &examples.join("mongols-100.toml").to_string_lossy(),
        "--games",
        "4",
    ]);
    assert_eq!(report["games"], 4, "{report}");
}

#[test]
fn a_period_list_naming_what_the_data_lacks_is_a_located_data_error() {
    let (dir, line) = broken_data(
        "periods.toml",
        "forbid-hires = [\"ninja\"]",
        "forbid-hires = [\"ninjya\"]",
    );
    let out = in_data_dir(Path::new(dir.path()))
        .args(["data", "check"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("ninjya") && err.contains(&format!("periods.toml:{line}")),
        "{err}"
    );
}

mod play {
    //! The period rules the engine plays, with set positions and scripted dice: the grenade
    //! (R-124, T35) and the Kamakura restraint (R-90, T54).

    use buntai::diag::SourceFile;
    use buntai::ronin::engine::dice::ScriptedDice;
    use buntai::ronin::engine::events::{Event, EventLog};
    use buntai::ronin::engine::game::play::{Activation, Game, shoot};
    use buntai::ronin::engine::game::unit::units_of;
    use buntai::ronin::engine::shooting::Phase;
    use buntai::ronin::engine::table::path::MoveKind;
    use buntai::ronin::engine::table::setup::{DeploymentChoice, SetupRequest, generate_on};
    use buntai::ronin::engine::table::{Point, Table};
    use buntai::ronin::engine::wound::WoundResult;
    use buntai::ronin::model::{Catalogue, ScenarioId};

    use crate::scoring::cat;
    use crate::script::{Script, play_turn_one};

    /// A Skirmish on a bare 24" table between two inline rosters (each `faction`/`period` lines
    /// and models), every model placed at `at` in order (A's, then B's).
    fn game<'c>(cat: &'c Catalogue, rosters: [&str; 2], at: &[Point]) -> Game<'c> {
        let lists = rosters.map(|text| {
            let roster =
                buntai::ronin::roster::parse(&SourceFile::new("inline.toml", text.to_owned()))
                    .expect("parses");
            let faction = roster.list(cat).expect("a list");
            (roster, faction)
        });
        let sides = [0, 1].map(|s| units_of(cat, lists[s].1, &lists[s].0, s));
        let request = SetupRequest::new(cat, ScenarioId::Skirmish, 100, DeploymentChoice::Edge, 1);
        let bare = Table::new(24.0, Vec::new());
        let mut dice = ScriptedDice::new(&[6, 4, 4]);
        let mut g = Game::from_setup(
            cat,
            [lists[0].1, lists[1].1],
            sides,
            generate_on(cat, &request, Some(&bare)),
            &mut dice,
            &mut EventLog::off(),
        );
        assert_eq!(g.units.len(), at.len());
        for (u, p) in g.units.iter_mut().zip(at) {
            u.base.centre = *p;
        }
        g
    }

    const MONGOL_THROWER: &str = "faction = \"mongols\"\nperiod = \"kamakura\"\n\
        [[models]]\nprofile = \"soldier\"\nweapons = [\"grenade\"]\n";

    #[test]
    fn t35_a_grenade_catches_every_base_within_two_inches_and_wounds_by_seven_less_armour() {
        let cat = cat();
        // The target (no armour) 4" from the thrower; a Samurai (heavy) 2.4" from the point; an
        // Ashigaru 2.6" from it.
        let targets = "faction = \"bushi\"\n\
            [[models]]\nprofile = \"ashigaru\"\nweapons = [\"yari\"]\narmour = \"none\"\n\
            [[models]]\nprofile = \"samurai\"\n\
            [[models]]\nprofile = \"ashigaru\"\nweapons = [\"yari\"]\n";
        let at = [
            Point::new(12.0, 4.0),
            Point::new(12.0, 8.0),
            Point::new(14.4, 8.0),
            Point::new(12.0, 10.6),
        ];
        let mut g = game(&cat, [MONGOL_THROWER, targets], &at);
        let (mut a, mut b) = (Script::defending(), Script::defending());
        // 6+6 hits the point's Defence 6; then the target rolls 1 (7 - 1 = 6: Critical) and the
        // Samurai 6 (7 - (6 + 3) = -2: nothing). Nobody else rolls.
        let mut dice = ScriptedDice::new(&[6, 6, 1, 6]);
        let mut events = EventLog::recording();
        assert!(shoot(
            &mut g,
            &mut [&mut a, &mut b],
            0,
            1,
            0,
            Phase::Action,
            &mut dice,
            &mut events
        ));
        assert_eq!(dice.remaining(), 0, "one throw and two blast rolls");
        let events = events.into_vec();
        let throw = events
            .iter()
            .find_map(|e| match e {
                Event::Throw {
                    range,
                    defence,
                    hit,
                    defence_items,
                    ..
                } => Some((*range, *defence, *hit, defence_items.len())),
                _ => None,
            })
            .expect("a throw");
        // Range from the thrower's edge to the point: 4 - 0.5; Defence 6 with no armour.
        assert!((throw.0 - 3.5).abs() < 0.05, "{throw:?}");
        assert_eq!((throw.1, throw.2, throw.3), (6, true, 1));
        let blasts: Vec<(String, i32, WoundResult)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Blast {
                    model,
                    score,
                    result,
                    ..
                } => Some((model.clone(), *score, *result)),
                _ => None,
            })
            .collect();
        assert_eq!(
            blasts.len(),
            2,
            "the model 2.6\" away is not caught: {blasts:?}"
        );
        assert_eq!((blasts[0].1, blasts[0].2), (6, WoundResult::Critical));
        assert_eq!((blasts[1].1, blasts[1].2), (-2, WoundResult::NoWound));
        assert!(!g.units[1].on_table(), "the Critical kills the target");
        // Spent: the thrower has no second grenade.
        let mut more = ScriptedDice::new(&[6, 6]);
        assert!(!shoot(
            &mut g,
            &mut [&mut a, &mut b],
            0,
            2,
            0,
            Phase::Action,
            &mut more,
            &mut EventLog::off()
        ));
    }

    #[test]
    fn a_failed_grenade_does_nothing_and_is_spent() {
        let cat = cat();
        let targets = "faction = \"bushi\"\n[[models]]\nprofile = \"samurai\"\n";
        let at = [Point::new(12.0, 4.0), Point::new(12.0, 8.0)];
        let mut g = game(&cat, [MONGOL_THROWER, targets], &at);
        let (mut a, mut b) = (Script::defending(), Script::defending());
        // 1+1+1+1 = 4 against 6: a miss; no blast dice.
        let mut dice = ScriptedDice::new(&[1, 1]);
        let mut events = EventLog::recording();
        assert!(shoot(
            &mut g,
            &mut [&mut a, &mut b],
            0,
            1,
            0,
            Phase::Action,
            &mut dice,
            &mut events
        ));
        assert_eq!(dice.remaining(), 0);
        let events = events.into_vec();
        assert!(
            events
                .iter()
                .any(|e| matches!(e, Event::Throw { hit: false, .. }))
        );
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::Blast { .. } | Event::Wound { .. }))
        );
        assert!(g.units[0].missiles[0].spent);
    }

    /// Two Samurai of `period`'s Bushi list: the first already fights a Ming Soldier; the second
    /// moves into contact with the same Soldier in turn 1. Whether its move was made.
    fn second_samurai_charges(period: &str) -> bool {
        let cat = cat();
        let samurai =
            format!("faction = \"bushi\"\n{period}[[models]]\nprofile = \"samurai\"\ncount = 2\n");
        let soldier = "faction = \"ming-chinese\"\n[[models]]\nprofile = \"soldier\"\n";
        let at = [
            Point::new(12.0, 11.0),
            Point::new(16.0, 12.0),
            Point::new(12.0, 12.0),
        ];
        let mut g = game(&cat, [&samurai, soldier], &at);
        let charge = Activation::Move {
            unit: 1,
            kind: MoveKind::Normal,
            path: vec![Point::new(13.0, 12.0)],
        };
        let mut a = Script::defending().moves(vec![(1, charge)]);
        let mut b = Script::defending();
        let events = play_turn_one(&mut g, &mut a, &mut b, 3);
        events
            .iter()
            .any(|e| matches!(e, Event::TableMove { model, .. } if model.starts_with("A2")))
    }

    #[test]
    fn t54_a_second_kamakura_samurai_may_not_charge_an_enemy_already_fighting_a_friendly_samurai() {
        assert!(
            second_samurai_charges(""),
            "the main period allows two against one"
        );
        assert!(!second_samurai_charges("period = \"kamakura\"\n"));
    }
}
