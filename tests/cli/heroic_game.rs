//! Heroic Samurai played on the table: the digest's rule tests that need a game (§14 items 20,
//! 21 and 23) with set positions, invariants over thousands of seeded games, determinism at any
//! thread count, and the AI measured against `random` and the `charge` yardstick.

use buntai::dice::{ScriptedDice, SeededDice};
use buntai::geometry::Point;
use buntai::heroic::data::{self, Data};
use buntai::heroic::engine::ai::{self, Kind};
use buntai::heroic::engine::check;
use buntai::heroic::engine::event::{Event, Log};
use buntai::heroic::engine::game::{Action, Levy, Order, Recruit, Setup};
use buntai::heroic::engine::{Game, play_one};
use buntai::heroic::rules::{LeaderStats, Morale};

use crate::support::{buntai, json, repo};

fn data() -> Data {
    data::load(None).expect("the built-in data loads")
}

fn levy(data: &Data, kinds: &[&str]) -> Levy {
    levy_with(data, kinds, None)
}

/// A contingent with every samurai's archers fixed (`Some`) or rolled at set-up (`None`).
fn levy_with(data: &Data, kinds: &[&str], archers: Option<u32>) -> Levy {
    Levy {
        name: "test".to_owned(),
        stats: LeaderStats::default(),
        roll: false,
        elements: kinds
            .iter()
            .map(|k| Recruit {
                kind: data.elements.iter().position(|e| e.id == *k).expect("type"),
                archers,
            })
            .collect(),
    }
}

fn game<'d>(data: &'d Data, a: &[&str], b: &[&str]) -> Game<'d> {
    let scenario = data.scenario("clan-feud").expect("Clan Feud");
    let setup = Setup {
        sides: [
            vec![levy_with(data, a, Some(0))],
            vec![levy_with(data, b, Some(0))],
        ],
    };
    let mut g = Game::new(data, scenario, &setup, &mut ScriptedDice::new(&[]));
    g.ground.clear();
    g
}

fn nearest(g: &Game, i: usize) -> f64 {
    g.enemies(g.pieces[i].side)
        .map(|e| g.distance(i, e))
        .fold(f64::INFINITY, f64::min)
}

#[test]
fn hesitant_contingents_never_end_a_move_nearer_an_enemy() {
    let data = data();
    let mut g = game(
        &data,
        &["clan-samurai", "ashigaru-spear"],
        &["ashigaru-spear"],
    );
    let target = g.contingents[1].elements[0];
    g.contingents[0].morale = Morale::Hesitant;
    g.contingents[0].order = Order::Attack(target);
    g.contingents[0].action = Some(Action::Attack(target));
    let before: Vec<f64> = g.contingents[0]
        .elements
        .iter()
        .map(|&e| nearest(&g, e))
        .collect();
    g.move_step();
    for (k, &e) in g.contingents[0].elements.clone().iter().enumerate() {
        assert!(nearest(&g, e) >= before[k] - 1e-6, "element {e} closed in");
        assert_eq!(g.pieces[e].pos, g.pieces[e].start, "it stood");
    }
    // Steady, the same order closes in.
    g.contingents[0].morale = Morale::Steady;
    g.move_step();
    let e = g.contingents[0].elements[0];
    assert!(nearest(&g, e) < before[0] - 100.0);
}

#[test]
fn running_elements_end_farther_from_the_nearest_enemy_or_off_the_table() {
    let data = data();
    let mut g = game(&data, &["ashigaru-spear", "peasants"], &["clan-samurai"]);
    g.contingents[0].morale = Morale::Running;
    let own = g.contingents[0].elements.clone();
    let before: Vec<f64> = own.iter().map(|&e| nearest(&g, e)).collect();
    for _ in 0..4 {
        let was: Vec<f64> = own.iter().map(|&e| nearest(&g, e)).collect();
        g.move_step();
        for (k, &e) in own.iter().enumerate() {
            if g.pieces[e].on {
                assert!(
                    nearest(&g, e) > was[k],
                    "element {e} did not open the distance"
                );
            }
        }
    }
    assert!(
        own.iter().all(|&e| !g.pieces[e].on),
        "all ran off their edge"
    );
    assert_eq!(g.contingents[0].lost, 2, "running off counts as lost");
    assert!(before.iter().all(|d| d.is_finite()));
}

#[test]
fn mounted_bandits_in_contact_become_bandits_with_the_same_counters() {
    let data = data();
    let mut g = game(&data, &["mounted-bandits"], &["ashigaru-spear"]);
    let (m, t) = (g.contingents[0].elements[0], g.contingents[1].elements[0]);
    g.pieces[m].c.distractions = 2;
    g.pieces[m].c.hits = 1;
    // Within one move of the target, sent at it.
    g.pieces[m].pos = Point::new(g.pieces[t].pos.x, g.pieces[t].pos.y - 200.0);
    g.contingents[0].order = Order::Attack(t);
    g.contingents[0].action = Some(Action::Attack(t));
    g.move_step();
    assert!(g.in_contact(m, t), "it charged home");
    let kind = &data.elements[g.pieces[m].kind.expect("an element")];
    assert_eq!(kind.id, "bandits");
    assert_eq!((g.pieces[m].c.distractions, g.pieces[m].c.hits), (2, 1));
}

#[test]
fn invariants_hold_over_thousands_of_seeded_games() {
    let data = data();
    let scenario = data.scenario("clan-feud").expect("Clan Feud");
    let matsuda = levy(
        &data,
        &[
            "armoured-clan-samurai",
            "clan-samurai",
            "armoured-ashigaru-spear",
            "ashigaru-musket",
        ],
    );
    let kono = levy(
        &data,
        &[
            "mounted-clan-samurai",
            "ashigaru-spear",
            "ashigaru-spear",
            "peasants",
            "mounted-bandits",
        ],
    );
    let setup = Setup {
        sides: [vec![matsuda.clone(), kono.clone()], vec![kono, matsuda]],
    };
    let kinds = [Kind::Default, Kind::Random, Kind::Charge];
    for g in 0..2000u64 {
        let mut dice = SeededDice::new(99, g);
        let mut game = Game::new(&data, scenario, &setup, &mut dice);
        let mut pa = ai::policy(kinds[(g % 3) as usize]);
        let mut pb = ai::policy(kinds[((g / 3) % 3) as usize]);
        while game.turn < game.turns {
            game.turn += 1;
            game.play_turn(&mut [&mut *pa, &mut *pb], &mut dice);
            for (i, p) in game.pieces.iter().enumerate() {
                if !p.on {
                    continue;
                }
                assert!(
                    p.c.hits < p.c.removed_at,
                    "game {g}: piece {i} stands with {} Hits",
                    p.c.hits
                );
                let half = p.size / 2.0 - 1e-6;
                assert!(
                    p.pos.x >= half
                        && p.pos.x <= game.width - half
                        && p.pos.y >= half
                        && p.pos.y <= game.depth - half,
                    "game {g}: piece {i} off the table"
                );
            }
            for c in &game.contingents {
                let lost = c.elements.iter().filter(|&&e| !game.pieces[e].on).count();
                assert_eq!(
                    lost, c.lost as usize,
                    "game {g}: every element off the table is counted lost"
                );
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_games_at_any_thread_count() {
    let m = repo().join("examples/heroic-samurai/matsuda.toml");
    let k = repo().join("examples/heroic-samurai/kono.toml");
    let ally = repo().join("examples/heroic-samurai/kono-ally.toml");
    let side_b = format!("b={},{}", k.display(), ally.display());
    let side_a = format!("a={}", m.display());
    let run = |threads: &str| {
        let output = buntai()
            .env("RAYON_NUM_THREADS", threads)
            .args([
                "simulate", "--side", &side_a, "--side", &side_b, "--games", "300", "--seed", "5",
                "--format", "json",
            ])
            .output()
            .expect("runs");
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        json(&output)
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one["games"], 300);
    assert_eq!(one["b"]["contingents"], 2);
    let total: u64 = ["a_wins", "draws", "b_wins"]
        .iter()
        .map(|k| one[k]["count"].as_u64().expect("count"))
        .sum();
    assert_eq!(total, 300);
}

/// Default's wins over `games` seeded games against `other`, in seat `seat`.
fn wins(data: &Data, setup: &Setup, other: Kind, seat: usize, games: u64) -> (u64, u64) {
    let scenario = data.scenario("clan-feud").expect("Clan Feud");
    let policies = if seat == 0 {
        [Kind::Default, other]
    } else {
        [other, Kind::Default]
    };
    let won = (0..games)
        .filter(|&g| {
            let r = play_one(data, scenario, setup, policies, 2026, g, &mut Log::off());
            r.outcome == if seat == 0 { 0 } else { 2 }
        })
        .count() as u64;
    (won, games)
}

#[test]
fn the_default_ai_beats_random_and_the_charge_yardstick_in_both_seats() {
    let data = data();
    let matsuda = levy(
        &data,
        &[
            "armoured-clan-samurai",
            "clan-samurai",
            "armoured-ashigaru-spear",
            "armoured-ashigaru-spear",
            "armoured-ashigaru-musket",
            "armoured-ashigaru-musket",
        ],
    );
    let setup = Setup {
        sides: [vec![matsuda.clone()], vec![matsuda]],
    };
    for other in [Kind::Random, Kind::Charge] {
        for seat in 0..2 {
            let (w, n) = wins(&data, &setup, other, seat, 1000);
            let low = buntai::runs::rate(w, n).low;
            assert!(
                low > 0.55,
                "against {}, seat {seat}: {w} of {n} (lower bound {low:.3})",
                ai::kind_name(other)
            );
        }
    }
}

fn logged_game(data: &Data, setup: &Setup, policies: [Kind; 2], g: u64) -> Vec<Event> {
    let scenario = data.scenario("clan-feud").expect("Clan Feud");
    let mut log = Log::recording();
    play_one(data, scenario, setup, policies, 31, g, &mut log);
    log.events().to_vec()
}

fn two_a_side(data: &Data) -> Setup {
    let matsuda = levy(
        data,
        &[
            "armoured-clan-samurai",
            "clan-samurai",
            "armoured-ashigaru-spear",
            "armoured-ashigaru-musket",
        ],
    );
    let kono = levy(
        data,
        &[
            "mounted-clan-samurai",
            "ashigaru-spear",
            "ashigaru-musket",
            "peasants",
            "mounted-bandits",
        ],
    );
    Setup {
        sides: [vec![matsuda.clone(), kono.clone()], vec![kono, matsuda]],
    }
}

#[test]
fn the_log_checker_rechecks_every_move_shot_fight_duel_and_test_of_hundreds_of_games() {
    let data = data();
    let setup = two_a_side(&data);
    let kinds = [Kind::Default, Kind::Random, Kind::Charge];
    let mut total = check::Checked::default();
    for g in 0..300u64 {
        let policies = [kinds[(g % 3) as usize], kinds[((g / 3) % 3) as usize]];
        let events = logged_game(&data, &setup, policies, g);
        let checked = check::check(&data, &events).unwrap_or_else(|e| panic!("game {g}: {e}"));
        total.moves += checked.moves;
        total.shots += checked.shots;
        total.fights += checked.fights;
        total.duels += checked.duels;
        total.morale_tests += checked.morale_tests;
    }
    assert!(
        total.moves > 1000 && total.shots > 300 && total.fights > 100,
        "{total:?}"
    );
    assert!(total.morale_tests > 100, "{total:?}");
}

#[test]
fn a_tampered_log_is_caught() {
    let data = data();
    let setup = two_a_side(&data);
    let events = logged_game(&data, &setup, [Kind::Default, Kind::Charge], 4);
    check::check(&data, &events).expect("the real log checks");
    let tamper = |f: &dyn Fn(&mut Event) -> bool| {
        let mut copy = events.clone();
        let hit = copy.iter_mut().any(f);
        assert!(hit, "the log has an event to tamper with");
        check::check(&data, &copy)
    };
    let roll = tamper(&|e| match e {
        Event::Fight { rolls, .. } => {
            rolls[0] = if rolls[0] == 6 { 1 } else { 6 };
            true
        }
        _ => false,
    });
    assert!(roll.is_err(), "a changed fight roll");
    let shot = tamper(&|e| match e {
        Event::Shot { roll, .. } if *roll < 6 => {
            *roll = if *roll <= 2 { 6 } else { 1 };
            true
        }
        _ => false,
    });
    assert!(shot.is_err(), "a changed shot roll");
    let far = tamper(&|e| match e {
        Event::Move {
            to,
            from,
            crossing: false,
            ..
        } => {
            to[1] = from[1] + 900.0;
            true
        }
        _ => false,
    });
    assert!(far.is_err(), "a move beyond its allowance");
    let score = tamper(&|e| match e {
        Event::End { deeds, .. } => {
            deeds[0] += 5;
            true
        }
        _ => false,
    });
    assert!(score.is_err(), "a changed score");
}

#[test]
fn simulate_writes_a_log_the_checker_accepts() {
    let dir = tempfile::TempDir::new().expect("tmp");
    let log = dir.path().join("game.jsonl");
    let m = repo().join("examples/heroic-samurai/matsuda.toml");
    let k = repo().join("examples/heroic-samurai/kono.toml");
    let output = buntai()
        .args([
            "simulate",
            m.to_str().expect("utf-8"),
            k.to_str().expect("utf-8"),
            "--games",
            "20",
            "--log-game",
            "3",
            "--log",
            log.to_str().expect("utf-8"),
            "--swap",
        ])
        .output()
        .expect("runs");
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("over both seatings"));
    let events: Vec<Event> = crate::support::json_lines(&log)
        .into_iter()
        .map(|v| serde_json::from_value(v).expect("an event"))
        .collect();
    assert!(matches!(events.first(), Some(Event::Setup { game: 3, .. })));
    check::check(&data(), &events).expect("the written log checks");
}

fn example(name: &str) -> String {
    repo()
        .join("examples/heroic-samurai")
        .join(name)
        .to_str()
        .expect("utf-8")
        .to_owned()
}

fn run(args: &[&str]) -> std::process::Output {
    buntai().args(args).output().expect("runs")
}

#[test]
fn simulate_replay_draws_every_turn_of_the_logged_game_with_its_bases_and_counters() {
    let dir = tempfile::TempDir::new().expect("tmp");
    let replay = dir.path().join("game.html");
    let log = dir.path().join("game.jsonl");
    let (m, k) = (example("matsuda.toml"), example("kono.toml"));
    let output = run(&[
        "simulate",
        &m,
        &k,
        "--games",
        "5",
        "--log-game",
        "2",
        "--log",
        log.to_str().expect("utf-8"),
        "--replay",
        replay.to_str().expect("utf-8"),
    ]);
    crate::support::succeeded(&output);
    let html = std::fs::read_to_string(&replay).expect("the replay is written");
    let events: Vec<Event> = crate::support::json_lines(&log)
        .into_iter()
        .map(|v| serde_json::from_value(v).expect("an event"))
        .collect();
    let checked = check::check(&data(), &events).expect("the log checks");
    // One picture for the set-up and one a turn played.
    assert_eq!(html.matches("<svg").count(), checked.turns as usize + 1);
    assert!(html.contains("<h2>Set-up</h2>"));
    assert!(html.contains(&format!("Turn {} ", checked.turns)));
    // Every move is an arrow and every shot a dashed line.
    assert_eq!(
        html.matches("marker-end=\"url(#arrow)\"").count(),
        checked.moves
    );
    assert_eq!(
        html.matches("stroke-dasharray=\"5 3\"").count(),
        checked.shots
    );
    // The terrain of the Clan Feud: the woods and the hedge line.
    assert!(html.contains("<title>Woods</title>"));
    assert!(html.contains("<title>Hedge or low wall</title>"));
    // A base with Hits says so in its tooltip, as the log's counters give them.
    let hit = events.iter().any(|e| match e {
        Event::Shot { result, .. } => *result == buntai::heroic::rules::ShotResult::Hit,
        Event::Fight { hit, .. } => hit.is_some(),
        _ => false,
    });
    if hit {
        assert!(html.contains("H</text>"), "a Hit counter is drawn");
    }
    // `buntai replay` draws the same log to the same page.
    let again = dir.path().join("again.html");
    let output = run(&[
        "replay",
        log.to_str().expect("utf-8"),
        "-o",
        again.to_str().expect("utf-8"),
    ]);
    crate::support::succeeded(&output);
    let redrawn = std::fs::read_to_string(&again).expect("written");
    assert_eq!(redrawn.matches("<svg").count(), checked.turns as usize + 1);
}

#[test]
fn replay_refuses_a_tampered_heroic_log_and_says_where() {
    let dir = tempfile::TempDir::new().expect("tmp");
    let log = dir.path().join("game.jsonl");
    let m = example("matsuda.toml");
    crate::support::succeeded(&run(&[
        "simulate",
        &m,
        &m,
        "--games",
        "1",
        "--log",
        log.to_str().expect("utf-8"),
    ]));
    let text = std::fs::read_to_string(&log).expect("log");
    let tampered = text.replacen("\"roll\":", "\"roll\":9,\"x\":", 0);
    // Change the first shot's roll to a value the rules cannot have produced.
    let mut lines: Vec<String> = tampered.lines().map(str::to_owned).collect();
    let shot = lines
        .iter()
        .position(|l| l.contains("\"event\":\"shot\""))
        .expect("a shot in a Matsuda mirror");
    let mut v: serde_json::Value = serde_json::from_str(&lines[shot]).expect("json");
    let result = v["result"].as_str().expect("result").to_owned();
    v["result"] = serde_json::Value::from(if result == "hit" { "nothing" } else { "hit" });
    lines[shot] = v.to_string();
    std::fs::write(&log, lines.join("\n")).expect("write");
    let out = dir.path().join("bad.html");
    let output = run(&[
        "replay",
        log.to_str().expect("utf-8"),
        "-o",
        out.to_str().expect("utf-8"),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains(&format!("event {shot}")), "{err}");
    assert!(!out.exists(), "no page from a log that does not hold up");
}

#[test]
fn simulate_report_has_the_results_reputation_lengths_table_and_replay() {
    let dir = tempfile::TempDir::new().expect("tmp");
    let report = dir.path().join("report.html");
    let (m, k) = (example("matsuda.toml"), example("kono.toml"));
    let output = run(&[
        "simulate",
        &m,
        &k,
        "--games",
        "40",
        "--report",
        report.to_str().expect("utf-8"),
        "--format",
        "json",
    ]);
    let j = json(&output);
    let html = std::fs::read_to_string(&report).expect("written");
    for heading in [
        "Results",
        "Reputation",
        "Game length",
        "Losses",
        "The table: Clan Feud",
        "Game 0, turn by turn",
    ] {
        assert!(html.contains(heading), "{heading}");
    }
    // The histograms count every game.
    for s in 0..2 {
        let counts: u64 = j["reputation_counts"][s]
            .as_array()
            .expect("counts")
            .iter()
            .map(|c| c.as_u64().expect("count"))
            .sum();
        assert_eq!(counts, 40);
    }
    let lengths = j["game_lengths"].as_array().expect("lengths");
    assert_eq!(
        lengths.iter().map(|c| c.as_u64().expect("n")).sum::<u64>(),
        40
    );
    assert!(lengths.len() <= 13, "no game lasts beyond turn 12");
}

#[test]
fn simulate_on_a_table_file_plays_there_and_the_log_carries_its_terrain() {
    let dir = tempfile::TempDir::new().expect("tmp");
    let log = dir.path().join("game.jsonl");
    let (m, k) = (example("matsuda.toml"), example("kono.toml"));
    let table = example("village-table.toml");
    let output = run(&[
        "simulate",
        &m,
        &k,
        "--games",
        "10",
        "--table",
        &table,
        "--log",
        log.to_str().expect("utf-8"),
        "--format",
        "json",
    ]);
    let j = json(&output);
    assert_eq!(j["scenario"], "The village by the ford");
    assert_eq!(j["games"], 10);
    let events: Vec<Event> = crate::support::json_lines(&log)
        .into_iter()
        .map(|v| serde_json::from_value(v).expect("an event"))
        .collect();
    let Some(Event::Setup { terrain, .. }) = events.first() else {
        panic!("a set-up first");
    };
    let kinds: Vec<&str> = terrain.iter().map(|t| t.kind.as_str()).collect();
    assert_eq!(
        kinds,
        ["building", "building", "field-defence", "hedge", "woods"]
    );
    check::check(&data(), &events).expect("the log checks");
}

#[test]
fn a_bad_table_file_is_refused_with_located_problems() {
    let dir = tempfile::TempDir::new().expect("tmp");
    let table = dir.path().join("table.toml");
    std::fs::write(
        &table,
        "system = \"heroic-samurai\"\ntable_mm = [1800, 500]\n\n[[terrain]]\nkind = \"wood\"\n\
         rect_mm = [0, 0, 100, 100]\n\n[[terrain]]\nkind = \"woods\"\nrect_mm = [1700, 400, 300, 50]\n\n\
         [[terrain]]\nkind = \"hedge\"\nrect_mm = [100, 200, 300, 40]\n",
    )
    .expect("write");
    let m = example("matsuda.toml");
    let output = run(&[
        "simulate",
        &m,
        &m,
        "--games",
        "5",
        "--table",
        table.to_str().expect("utf-8"),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("1800 x 500 mm"), "the size: {err}");
    assert!(err.contains("no terrain type `wood`"), "{err}");
    assert!(err.contains("woods"), "a suggestion: {err}");
    assert!(err.contains("runs off"), "off the table: {err}");
    assert!(err.contains("is a line"), "the hedge's shape: {err}");
    assert!(err.contains("table.toml:"), "located: {err}");
    assert!(String::from_utf8_lossy(&output.stdout).is_empty());
}

#[test]
fn simulate_field_plays_every_pair_of_contingents_with_both_seats() {
    let dir = tempfile::TempDir::new().expect("tmp");
    let report = dir.path().join("field.html");
    let files = [
        example("matsuda.toml"),
        example("kono.toml"),
        example("kono-ally.toml"),
    ];
    let output = run(&[
        "simulate",
        "--field",
        &files[0],
        &files[1],
        &files[2],
        "--games",
        "30",
        "--report",
        report.to_str().expect("utf-8"),
        "--format",
        "json",
    ]);
    let j = json(&output);
    assert_eq!(j["system"], "heroic-samurai");
    let pairings = j["pairings"].as_array().expect("pairings");
    assert_eq!(pairings.len(), 3);
    for p in pairings {
        let n: u64 = ["a_wins", "draws", "b_wins"]
            .iter()
            .map(|k| p[*k]["count"].as_u64().expect("count"))
            .sum();
        assert_eq!(n, 60, "30 games a seat, both seats");
    }
    let overall = j["overall"].as_array().expect("overall");
    assert_eq!(overall.len(), 3);
    let html = std::fs::read_to_string(&report).expect("written");
    assert!(html.contains("<svg"));
}

#[test]
fn a_leader_hit_by_more_shots_of_one_step_than_he_can_take_is_defeated_once() {
    let data = data();
    // A Weakling leader (Endurance 1, removed at his 4th Hit) before five bow elements of 3 archers, each shot a Hit
    // (d6 4 + 3 archers in the long band against armoured foot): the step's Hits land together,
    // more than he carries, and his defeat scores 10 once (HS-73).
    let piece = |i: usize, side: usize, kind: &str, x: f64, y: f64, removed_at: u32| {
        serde_json::json!({"piece": i, "side": side, "contingent": side, "kind": kind,
            "at": [x, y], "size_mm": if kind == "leader" { 25.0 } else { 60.0 },
            "move_mm": 200.0, "archers": if kind == "leader" { 0 } else { 3 },
            "removed_at": removed_at})
    };
    let mut pieces = vec![piece(0, 0, "leader", 900.0, 300.0, 4)];
    for i in 1..=5 {
        pieces.push(piece(
            i,
            1,
            "clan-samurai",
            200.0 + 200.0 * i as f64,
            900.0,
            5,
        ));
    }
    let contingent = |side: usize, leader: usize, endurance: u8| {
        serde_json::json!({"name": "c", "side": side, "leader": leader, "mounted": false,
            "prowess": null, "charisma": null, "endurance": endurance, "reputation": null})
    };
    let mut lines = vec![
        serde_json::json!({"event": "setup", "system": "heroic-samurai", "seed": 0, "game": 0,
            "table_mm": [1800.0, 1200.0], "turns": 12, "pieces": pieces,
            "contingents": [contingent(0, 0, 1), contingent(1, 1, 3)]}),
        serde_json::json!({"event": "turn", "turn": 1}),
    ];
    for shooter in 1..=5 {
        lines.push(
            serde_json::json!({"event": "shot", "shooter": shooter, "target": 0,
            "weapon": "Archers (samurai bows)", "band": 1, "archers": 3, "moved": false,
            "distractions": 0, "hits": 0, "smoke": false, "target_row": "armoured-foot",
            "leader": true, "roll": 4,
            "modifiers": [{"value": 3, "why": "3 bow-armed samurai"}], "result": "hit"}),
        );
    }
    lines.push(serde_json::json!({"event": "off", "piece": 0, "why": "killed"}));
    let end =
        |b: i64| serde_json::json!({"event": "end", "outcome": 2, "turns": 1, "deeds": [0, b]});
    let events = |b: i64| -> Vec<Event> {
        lines
            .iter()
            .chain(std::iter::once(&end(b)))
            .map(|v| serde_json::from_value(v.clone()).expect("an event"))
            .collect()
    };
    check::check(&data, &events(10)).expect("one defeat, 10 points");
    let twice = check::check(&data, &events(20)).expect_err("not two defeats");
    assert!(twice.contains("[0, 10] by the Hits"), "{twice}");
}
