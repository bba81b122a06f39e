//! Samurai 1550-1600's whole games: `simulate` through the real binary (report, log, replay,
//! report page, field, determinism across thread counts), the log checker against tampered logs,
//! the invariants of digest §14.22 over thousands of seeded games, and the default AI measured
//! against `random` and the `charge` yardstick in both seats.

use std::collections::HashSet;

use buntai::samurai::data;
use buntai::samurai::engine::ai::Kind;
use buntai::samurai::engine::check::check;
use buntai::samurai::engine::event::{AttackKind, Event, How, Log};
use buntai::samurai::engine::game::First;
use buntai::samurai::engine::play_one;
use buntai::samurai::engine::rules::Rules;

use crate::support::{buntai, json, repo, simulated_report};

fn example(name: &str) -> String {
    repo()
        .join("examples/samurai-1550-1600")
        .join(name)
        .to_str()
        .expect("utf-8 path")
        .to_owned()
}

#[test]
fn simulate_reports_wins_draws_and_losses_with_intervals_and_the_daimyo() {
    let (a, b) = (example("takeda.toml"), example("oda.toml"));
    let r = simulated_report(&[&a, &b, "--games", "300", "--seed", "4"]);
    assert_eq!(r["system"], "samurai-1550-1600");
    assert_eq!(r["games"], 300);
    let count = |k: &str| r[k]["count"].as_u64().expect("a count");
    assert_eq!(count("a_wins") + count("draws") + count("b_wins"), 300);
    for k in ["a_wins", "draws", "b_wins"] {
        let (lo, rate, hi) = (
            r[k]["low"].as_f64().expect("low"),
            r[k]["rate"].as_f64().expect("rate"),
            r[k]["high"].as_f64().expect("high"),
        );
        assert!(lo <= rate && rate <= hi, "{k}");
    }
    let turns = r["mean_game_turns"].as_f64().expect("turns");
    assert!(turns > 1.0 && turns <= 15.0, "{turns}");
    let lost = r["a"]["units_lost"].as_f64().expect("lost");
    assert!((0.0..=6.0).contains(&lost));
    assert!(r["a"]["daimyo_fell"]["count"].as_u64().expect("count") <= 300);
    let lengths: u64 = r["game_lengths"]
        .as_array()
        .expect("lengths")
        .iter()
        .map(|v| v.as_u64().expect("n"))
        .sum();
    assert_eq!(lengths, 300);

    let text = buntai()
        .args(["simulate", &a, &b, "--games", "50"])
        .output()
        .expect("runs");
    assert_eq!(text.status.code(), Some(0));
    let out = String::from_utf8_lossy(&text.stdout);
    for word in [
        "Takeda vanguard (A) wins",
        "Draw",
        "95% interval",
        "Daimyo fell",
    ] {
        assert!(out.contains(word), "{word}: {out}");
    }
}

#[test]
fn the_same_seed_gives_the_same_games_and_log_whatever_the_thread_count() {
    let (a, b) = (example("takeda.toml"), example("oda.toml"));
    let dir = tempfile::tempdir().expect("temp dir");
    let run = |threads: &str, log: &str| {
        let path = dir.path().join(log);
        let out = buntai()
            .env("RAYON_NUM_THREADS", threads)
            .args([
                "simulate", &a, &b, "--games", "2100", "--seed", "11", "--format", "json",
            ])
            .args(["--log-game", "17", "--log"])
            .arg(&path)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(0));
        (out.stdout, std::fs::read(&path).expect("the log"))
    };
    let (one, log_one) = run("1", "one.jsonl");
    let (two, log_two) = run("2", "two.jsonl");
    assert_eq!(one, two);
    assert_eq!(log_one, log_two);
    assert!(String::from_utf8_lossy(&log_one).contains("\"game\":17"));
}

#[test]
fn replay_checks_a_log_and_refuses_one_whose_numbers_do_not_hold() {
    let (a, b) = (example("takeda.toml"), example("oda.toml"));
    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("game.jsonl");
    let out = buntai()
        .args(["simulate", &a, &b, "--games", "1", "--seed", "3", "--log"])
        .arg(&log)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let page = dir.path().join("replay.html");
    let ok = buntai()
        .arg("replay")
        .arg(&log)
        .arg("-o")
        .arg(&page)
        .output()
        .expect("runs");
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let html = std::fs::read_to_string(&page).expect("the page");
    assert!(html.contains("<svg") && html.contains("Set-up") && html.contains("Checked against"));

    // Tamper with each kind of number in turn: every one is caught.
    let text = std::fs::read_to_string(&log).expect("the log");
    let lines: Vec<&str> = text.lines().collect();
    let tampers: [(&str, Tamper); 4] = [
        ("hits", |e| bump(e, "hits")),
        ("total", |e| bump(e, "total")),
        ("d3", |e| bump(e, "d3")),
        ("move", |e| {
            if (e["event"] == "move" || e["event"] == "charge") && e["to"] != e["from"] {
                e["to"] = e["from"].clone();
                true
            } else {
                false
            }
        }),
    ];
    for (what, tamper) in tampers {
        let mut done = false;
        let changed: Vec<String> = lines
            .iter()
            .map(|l| {
                let mut e: serde_json::Value = serde_json::from_str(l).expect("json");
                if !done && tamper(&mut e) {
                    done = true;
                }
                e.to_string()
            })
            .collect();
        assert!(done, "{what}: the log has such a number to change");
        let bad = dir.path().join(format!("{what}.jsonl"));
        std::fs::write(&bad, changed.join("\n")).expect("write");
        let out = buntai()
            .arg("replay")
            .arg(&bad)
            .arg("-o")
            .arg(dir.path().join(format!("{what}.html")))
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(1), "{what}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("does not hold up"),
            "{what}"
        );
    }
}

/// A change to one logged event; whether it applied.
type Tamper = fn(&mut serde_json::Value) -> bool;

fn bump(e: &mut serde_json::Value, key: &str) -> bool {
    if e["event"] == "attack"
        && let Some(n) = e[key].as_u64()
    {
        e[key] = (n + 1).into();
        return true;
    }
    false
}

#[test]
fn report_and_replay_pages_are_written_with_charts_and_the_grid() {
    let (a, b) = (example("takeda.toml"), example("oda.toml"));
    let dir = tempfile::tempdir().expect("temp dir");
    let (report, replay) = (dir.path().join("r.html"), dir.path().join("p.html"));
    let out = buntai()
        .args(["simulate", &a, &b, "--games", "200", "--swap", "--report"])
        .arg(&report)
        .arg("--replay")
        .arg(&replay)
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r = std::fs::read_to_string(&report).expect("report");
    assert!(r.contains("<svg") && r.contains("both seats") && r.contains("Daimyo"));
    let p = std::fs::read_to_string(&replay).expect("replay");
    assert!(p.contains("Player turn 1 (game turn 1)"));
}

#[test]
fn a_field_plays_every_pair_in_both_seats() {
    let (a, b) = (example("takeda.toml"), example("oda.toml"));
    let dir = tempfile::tempdir().expect("temp dir");
    let c = dir.path().join("new.toml");
    let made = buntai()
        .args([
            "new",
            "--system",
            "samurai-1550-1600",
            "--name",
            "Starter",
            "-o",
        ])
        .arg(&c)
        .output()
        .expect("runs");
    assert_eq!(made.status.code(), Some(0));
    let out = buntai()
        .args([
            "simulate", "--games", "60", "--format", "json", "--field", &a, &b,
        ])
        .arg(&c)
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r = json(&out);
    assert_eq!(r["pairings"].as_array().expect("pairs").len(), 3);
    assert_eq!(r["armies"][2], "Starter");
    let p = &r["pairings"][0];
    let games: u64 = ["a_wins", "draws", "b_wins"]
        .iter()
        .map(|k| p[k]["count"].as_u64().expect("count"))
        .sum();
    assert_eq!(games, 120, "60 a seat, both seats");
}

#[test]
fn new_writes_a_legal_army() {
    let out = buntai()
        .args(["new", "--system", "samurai-1550-1600"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("a.toml");
    std::fs::write(&path, &out.stdout).expect("write");
    let v = buntai().arg("validate").arg(&path).output().expect("runs");
    assert_eq!(
        v.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&v.stdout)
    );
}

#[test]
fn options_of_the_other_system_are_refused_plainly() {
    let (a, b) = (example("takeda.toml"), example("oda.toml"));
    for extra in [
        &["--fatigue"][..],
        &["--policy-a", "attack"],
        &["--scenario", "duel"],
    ] {
        let out = buntai()
            .args(["simulate", &a, &b, "--games", "5"])
            .args(extra)
            .output()
            .expect("runs");
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(out.stdout.is_empty());
    }
    let ronin = repo().join("examples/bushi-sample-100.toml");
    let out = buntai()
        .arg("simulate")
        .arg(&ronin)
        .arg(&ronin)
        .args(["--first", "a", "--games", "1"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--first"));
}

#[test]
fn first_a_always_gives_side_a_the_first_turn() {
    let (a, b) = (example("takeda.toml"), example("oda.toml"));
    for game in 0..5 {
        let events = crate::support::simulated_log(&[
            &a,
            &b,
            "--first",
            "b",
            "--log-game",
            "0",
            "--seed",
            &game.to_string(),
        ]);
        let first = events
            .iter()
            .find(|e| e["event"] == "turn")
            .expect("a turn");
        assert_eq!(first["side"], "B");
    }
}

type Armies = (
    data::Data,
    Rules,
    Vec<Vec<buntai::samurai::engine::rules::Recruit>>,
);

fn armies() -> Armies {
    armies_for("pitched-battle")
}

fn armies_for(scenario: &str) -> Armies {
    let data = data::load(None).expect("data");
    let rules = Rules::new(&data, data.scenario(scenario).expect("scenario")).expect("rules");
    let recruits = ["takeda.toml", "oda.toml", "illegal/too-much.toml"]
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(example(f)).expect("army");
            let army: buntai::samurai::army::ArmyFile = toml::from_str(&text).expect("parses");
            rules.recruits(&data, &army).expect("recruits")
        })
        .collect();
    (data, rules, recruits)
}

/// Every game's log holds up in the checker, and keeps the invariants of §14.22.
#[test]
fn thousands_of_games_keep_every_invariant_and_their_logs_check() {
    let (data, rules, armies) = armies();
    let pairs = [
        (Kind::Random, Kind::Default),
        (Kind::Default, Kind::Random),
        (Kind::Random, Kind::Random),
        (Kind::Charge, Kind::Default),
    ];
    let mut games = 0;
    for (p, (x, y)) in pairs.iter().enumerate() {
        for g in 0..500u64 {
            let (a, b) = (&armies[g as usize % 3], &armies[(g as usize + 1) % 3]);
            let mut log = Log::recording();
            let outcome = play_one(
                &rules,
                [a, b],
                [*x, *y],
                First::Roll,
                40 + p as u64,
                g,
                &mut log,
            );
            let checked = match check(&data, &log.events) {
                Ok(c) => c,
                Err(e) => panic!("pair {p} game {g}: {e}"),
            };
            assert!(checked.actions > 0);
            invariants(&log.events, &checked);
            assert!(outcome.player_turns <= rules.player_turns);
            games += 1;
        }
    }
    assert_eq!(games, 2000);
}

/// Flank March games hold up in the checker too, and their reserves come on only when due, only
/// at their entry square, facing into the table, each by an activation (OHW-33).
#[test]
fn reserves_come_on_when_due_at_their_entry_square_and_their_logs_check() {
    let (data, rules, armies) = armies_for("flank-march");
    let mut entered = 0;
    for g in 0..400u64 {
        let (x, y) = if g % 2 == 0 {
            (Kind::Default, Kind::Random)
        } else {
            (Kind::Random, Kind::Default)
        };
        let (a, b) = (&armies[g as usize % 2], &armies[(g as usize + 1) % 2]);
        let mut log = Log::recording();
        play_one(&rules, [a, b], [x, y], First::Roll, 77, g, &mut log);
        let checked = match check(&data, &log.events) {
            Ok(c) => c,
            Err(e) => panic!("game {g}: {e}"),
        };
        invariants(&log.events, &checked);
        let Some(Event::Setup { units, .. }) = log.events.first() else {
            panic!("a log begins with its setup");
        };
        let held: Vec<_> = units.iter().filter(|u| u.reserve_due.is_some()).collect();
        assert_eq!(held.len(), 4, "two a side");
        assert!(held.iter().all(|u| !u.hatamoto && u.square == "-"));
        let mut game_turn = 0;
        for (i, e) in log.events.iter().enumerate() {
            match e {
                Event::Turn { game_turn: t, .. } => game_turn = *t,
                Event::Enter { unit, to, facing } => {
                    let u = &units[usize::from(*unit)];
                    assert!(u.reserve_due.is_some_and(|d| d <= game_turn), "game {g}");
                    let (want_to, want_facing) = if u.side == "A" {
                        ("f4", 'W')
                    } else {
                        ("a3", 'E')
                    };
                    assert_eq!((to.as_str(), *facing), (want_to, want_facing));
                    assert!(matches!(log.events[i - 1], Event::Draw { odd: false }));
                    entered += 1;
                }
                _ => {}
            }
        }
    }
    assert!(
        entered > 400,
        "reserves came on {entered} times in 400 games"
    );
}

fn invariants(events: &[Event], checked: &buntai::samurai::engine::check::Checked) {
    let Some(Event::Setup { units, .. }) = events.first() else {
        panic!("a setup");
    };
    let mut ammo: Vec<bool> = units.iter().map(|u| u.kind == "ashigaru").collect();
    let mut activated = HashSet::new();
    let mut moved = HashSet::new();
    let mut shot = HashSet::new();
    let mut reactions = 0;
    let mut drawn = None;
    for e in events {
        let after = drawn.take();
        if let Event::Draw { odd } = e {
            drawn = Some(*odd);
        }
        if let (Some(how), Some(unit)) = (after.map(|_| how_of(e)), unit_of(e)) {
            count(how, unit, &mut activated, &mut reactions);
        }
        match e {
            // A turn ends with its stop: a Tsukai-Ban move is logged before the next `turn`.
            Event::Stop { .. } => {
                activated.clear();
                moved.clear();
                shot.clear();
                reactions = 0;
            }
            Event::Move { unit, .. } | Event::Charge { unit, .. } => {
                assert!(!shot.contains(unit), "a unit both shot and moved");
                moved.insert(*unit);
                if matches!(e, Event::Charge { .. }) {
                    assert!(
                        !ammo[usize::from(*unit)],
                        "Ashigaru with ammunition charged"
                    );
                }
            }
            Event::Attack {
                unit,
                kind,
                out_of_ammunition,
                ..
            } => {
                if *kind == AttackKind::Shot {
                    assert!(!moved.contains(unit), "a unit both moved and shot");
                    shot.insert(*unit);
                }
                if *out_of_ammunition {
                    ammo[usize::from(*unit)] = false;
                }
            }
            _ => {}
        }
    }
    // On the table no unit ever holds its threshold: every frame's survivors are below it.
    for frame in &checked.frames {
        for (_, u) in frame.game.all() {
            if u.alive {
                assert!(u.hits < u.threshold);
            }
        }
        // One unit a square, so never two attackers on one face.
        let mut squares = HashSet::new();
        for (_, u) in frame.game.all().filter(|(_, u)| u.alive) {
            assert!(squares.insert(u.sq));
        }
    }
}

/// How the action an event begins came about, and its unit.
fn how_of(e: &Event) -> How {
    match e {
        Event::Move { how, .. } | Event::Charge { how, .. } | Event::Attack { how, .. } => *how,
        _ => How::Messenger,
    }
}

fn unit_of(e: &Event) -> Option<u8> {
    match e {
        Event::Move { unit, .. } | Event::Charge { unit, .. } | Event::Attack { unit, .. } => {
            Some(*unit)
        }
        _ => None,
    }
}

fn count(how: How, unit: u8, activated: &mut HashSet<u8>, reactions: &mut u32) {
    match how {
        How::Activation => {
            // A charge is one activation: its combat is not counted again.
            assert!(
                activated.insert(unit),
                "unit {unit} activated twice in a player turn"
            );
        }
        How::Reaction => {
            *reactions += 1;
            assert!(*reactions <= 1, "two reactions in one player turn");
        }
        How::Messenger => {}
    }
}

/// The default AI beats `random` in at least 90% and the `charge` yardstick in more than 55% of
/// games, in both seats, by the lower end of the 95% interval, over 2,000 games a seat.
#[test]
fn the_default_ai_beats_random_and_the_charge_yardstick_in_both_seats() {
    let (a, b) = (example("takeda.toml"), example("oda.toml"));
    for (yardstick, bar) in [("random", 0.90), ("charge", 0.55)] {
        for (x, y) in [(&a, &b), (&b, &a)] {
            let r = simulated_report(&[x, y, "--games", "2000", "--policy-b", yardstick, "--swap"]);
            let a_seat = r["a_wins"]["low"].as_f64().expect("low");
            let b_seat = r["swapped"]["b_wins"]["low"].as_f64().expect("low");
            assert!(a_seat > bar, "{yardstick}, {x} in seat A: {a_seat}");
            assert!(b_seat > bar, "{yardstick}, {x} in seat B: {b_seat}");
        }
    }
}

#[test]
fn precision_plays_until_every_rate_is_that_tight_then_stops() {
    let (a, b) = (example("takeda.toml"), example("oda.toml"));
    let r = simulated_report(&[&a, &b, "--precision", "0.03", "--policy-b", "random"]);
    let games = r["games"].as_u64().expect("games");
    assert!(
        games > 0 && games.is_multiple_of(2048),
        "whole batches: {games}"
    );
    assert!(games < 1_000_000);
    for k in ["a_wins", "draws", "b_wins"] {
        let (lo, rate, hi) = (
            r[k]["low"].as_f64().expect("low"),
            r[k]["rate"].as_f64().expect("rate"),
            r[k]["high"].as_f64().expect("high"),
        );
        assert!((hi - rate).max(rate - lo) <= 0.03, "{k}: {lo} {rate} {hi}");
    }
}

#[test]
fn a_log_game_that_was_not_played_is_an_error_and_writes_no_log() {
    let (a, b) = (example("takeda.toml"), example("oda.toml"));
    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("g.jsonl");
    let out = buntai()
        .args([
            "simulate",
            &a,
            &b,
            "--games",
            "5",
            "--log-game",
            "9",
            "--log",
        ])
        .arg(&log)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--log-game 9"));
    assert!(!log.exists());
}
