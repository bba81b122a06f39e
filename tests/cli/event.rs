//! Tournament events through the binary (R-121, P-07): Swiss pairing without repeats, byes,
//! standings and their tie-breaks, results from logs and by hand, the larger-roster variant's
//! wounds carried between rounds, and whole events played by simulation.

use std::collections::BTreeSet;
use std::path::Path;

use crate::support::{ODA, buntai, json, repo, succeeded};

struct Event {
    dir: tempfile::TempDir,
}

impl Event {
    fn run(&self, args: &[&str]) -> std::process::Output {
        buntai()
            .current_dir(self.dir.path())
            .arg("event")
            .args(args)
            .output()
            .expect("runs")
    }

    fn ok(&self, args: &[&str]) -> std::process::Output {
        let out = self.run(args);
        succeeded(&out);
        out
    }

    fn refused(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(!out.status.success(), "{args:?} should be refused");
        String::from_utf8_lossy(&out.stderr).into_owned()
    }

    fn standings(&self) -> serde_json::Value {
        json(&self.ok(&["standings", "e.toml", "--format", "json"]))
    }

    fn text(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("e.toml")).expect("event file")
    }
}

/// An event of the example rosters at `points`, one player per faction listed, named after it.
fn event(factions: &[&str], points: u32, extra: &[&str]) -> Event {
    let dir = tempfile::tempdir().expect("temp dir");
    let e = Event { dir };
    let mut args: Vec<String> = vec!["new".into()];
    for f in factions {
        let path = repo().join(format!("examples/{f}-{points}.toml"));
        args.push("--player".into());
        args.push(format!("{f}={}", path.display()));
    }
    args.extend(["-o".into(), "e.toml".into()]);
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    e.ok(&refs);
    e
}

const EIGHT: [&str; 8] = [
    "bandits",
    "bushi",
    "koryu",
    "sohei",
    "peasants",
    "ikko-ikki",
    "koreans",
    "ming-chinese",
];

fn games(s: &serde_json::Value) -> Vec<serde_json::Value> {
    s["round"]
        .as_array()
        .expect("rounds")
        .iter()
        .flat_map(|r| r["games"].as_array().expect("games").clone())
        .collect()
}

fn names(g: &serde_json::Value) -> Vec<String> {
    g["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| p.as_str().expect("name").to_owned())
        .collect()
}

/// The standings recomputed from the rounds alone: (name, half points, VP scored, conceded, lot).
fn recomputed(s: &serde_json::Value) -> Vec<(String, u32, f64, f64, u64)> {
    let mut table: Vec<(String, u32, f64, f64, u64)> = s["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|p| {
            (
                p["player"].as_str().expect("player").to_owned(),
                0,
                0.0,
                0.0,
                p["lot"].as_u64().expect("lot"),
            )
        })
        .collect();
    for g in games(s) {
        let players = names(&g);
        if players.len() == 1 {
            let row = table.iter_mut().find(|r| r.0 == players[0]).expect("row");
            row.1 += 2;
            continue;
        }
        let result = &g["result"];
        for seat in 0..2 {
            let row = table
                .iter_mut()
                .find(|r| r.0 == players[seat])
                .expect("row");
            row.2 += result["vp"][seat].as_f64().expect("vp");
            row.3 += result["vp"][1 - seat].as_f64().expect("vp");
            row.1 += match result["winner"].as_str() {
                None => 1,
                Some(w) if w == players[seat] => 2,
                Some(_) => 0,
            };
        }
    }
    table.sort_by(|a, b| {
        b.1.cmp(&a.1)
            .then(b.2.total_cmp(&a.2))
            .then(a.3.total_cmp(&b.3))
            .then(a.4.cmp(&b.4))
    });
    table
}

#[test]
fn an_eight_player_event_plays_three_rounds_by_simulation_without_a_repeat_pairing() {
    let e = event(&EIGHT, 100, &["--seed", "5"]);
    let s = e.standings();
    assert_eq!(s["rounds"], 3, "log2(8) rounds");
    e.ok(&["simulate", "e.toml", "--seed", "9"]);
    let s = e.standings();
    assert_eq!(s["finished"], true);
    let all = games(&s);
    assert_eq!(all.len(), 12, "four games a round");
    let mut met = BTreeSet::new();
    for g in &all {
        let mut pair = names(g);
        assert_eq!(pair.len(), 2, "no byes with eight players");
        assert!(
            g["result"]["source"]
                .as_str()
                .expect("present")
                .contains("simulated")
        );
        pair.sort();
        assert!(met.insert(pair.clone()), "{pair:?} met twice");
    }
    // Each round, everybody plays exactly once.
    for r in s["round"].as_array().expect("present") {
        let mut seen = BTreeSet::new();
        for g in r["games"].as_array().expect("present") {
            for n in names(g) {
                assert!(seen.insert(n), "a player twice in a round");
            }
        }
        assert_eq!(seen.len(), 8);
    }
    // The standings are exactly what the recorded results give.
    let mine: Vec<(String, u32)> = recomputed(&s).into_iter().map(|r| (r.0, r.1)).collect();
    let theirs: Vec<(String, u32)> = s["standings"]
        .as_array()
        .expect("present")
        .iter()
        .map(|p| {
            (
                p["player"].as_str().expect("present").to_owned(),
                p["half_points"].as_u64().expect("present") as u32,
            )
        })
        .collect();
    assert_eq!(mine, theirs);
    // Round two paired players on equal scores: four winners and four losers of round one,
    // nobody having met, so every round-two game is between equal scores.
    let round1 = s["round"][0]["games"].as_array().expect("present");
    let won_first: BTreeSet<String> = round1
        .iter()
        .filter_map(|g| g["result"]["winner"].as_str().map(str::to_owned))
        .collect();
    if won_first.len() == 4 {
        for g in s["round"][1]["games"].as_array().expect("present") {
            let p = names(g);
            assert_eq!(
                won_first.contains(&p[0]),
                won_first.contains(&p[1]),
                "{p:?} on unequal scores"
            );
        }
    }
    // Nothing is left to play.
    assert!(e.refused(&["pair", "e.toml"]).contains("over"));
}

#[test]
fn the_same_seed_plays_the_same_event_with_one_or_two_threads() {
    let files: Vec<String> = ["1", "2"]
        .iter()
        .map(|threads| {
            let e = event(&EIGHT[..4], 100, &[]);
            let out = buntai()
                .current_dir(e.dir.path())
                .env("RAYON_NUM_THREADS", threads)
                .args(["event", "simulate", "e.toml", "--seed", "3"])
                .output()
                .expect("runs");
            succeeded(&out);
            e.text()
        })
        .collect();
    assert_eq!(files[0], files[1]);
    assert!(files[0].contains("simulated (seed 3)"));
}

#[test]
fn an_odd_field_gives_the_bye_to_the_lowest_placed_player_without_one_as_a_win_with_no_vp() {
    let e = event(&EIGHT[..5], 100, &["--rounds", "4"]);
    for round in 1..=4 {
        let before = e.standings();
        e.ok(&["pair", "e.toml"]);
        let s = e.standings();
        let r = &s["round"][round - 1]["games"];
        let byes: Vec<Vec<String>> = r
            .as_array()
            .expect("present")
            .iter()
            .map(names)
            .filter(|p| p.len() == 1)
            .collect();
        assert_eq!(byes.len(), 1, "one bye with five players");
        let bye = &byes[0][0];
        if round > 1 {
            let lowest_without = before["standings"]
                .as_array()
                .expect("present")
                .iter()
                .rev()
                .find(|p| p["byes"] == 0)
                .expect("someone without a bye");
            assert_eq!(lowest_without["player"].as_str(), Some(bye.as_str()));
        }
        // Every game: the first-named player wins 4-1.
        for g in r.as_array().expect("present") {
            let p = names(g);
            if p.len() == 2 {
                e.ok(&["record", "e.toml", "--player", &p[0], "--vp", "4-1"]);
            }
        }
        let after = e.standings();
        let row = after["standings"]
            .as_array()
            .expect("present")
            .iter()
            .find(|p| p["player"].as_str() == Some(bye.as_str()))
            .expect("present")
            .clone();
        let was = before["standings"]
            .as_array()
            .expect("present")
            .iter()
            .find(|p| p["player"].as_str() == Some(bye.as_str()))
            .expect("present")
            .clone();
        assert_eq!(
            row["half_points"].as_u64().expect("present"),
            was["half_points"].as_u64().expect("present") + 2,
            "a bye scores a win"
        );
        assert_eq!(row["vp_scored"], was["vp_scored"], "a bye scores no VP");
    }
    let s = e.standings();
    let byes: Vec<String> = games(&s)
        .iter()
        .map(names)
        .filter(|p| p.len() == 1)
        .map(|p| p[0].clone())
        .collect();
    let unique: BTreeSet<&String> = byes.iter().collect();
    assert_eq!(
        unique.len(),
        4,
        "four rounds, four different byes: {byes:?}"
    );
}

#[test]
fn standings_break_ties_by_vp_scored_then_fewest_conceded_then_the_lot() {
    let e = event(&EIGHT[..4], 100, &["--rounds", "2"]);
    e.ok(&["pair", "e.toml"]);
    let s = e.standings();
    let r: Vec<Vec<String>> = s["round"][0]["games"]
        .as_array()
        .expect("present")
        .iter()
        .map(names)
        .collect();
    // Both winners score 5; one concedes 2, the other 1. Both losers score 1 and 2.
    e.ok(&["record", "e.toml", "--player", &r[0][0], "--vp", "5-2"]);
    e.ok(&["record", "e.toml", "--player", &r[1][1], "--vp", "5-1"]);
    let s = e.standings();
    let order: Vec<&str> = s["standings"]
        .as_array()
        .expect("present")
        .iter()
        .map(|p| p["player"].as_str().expect("present"))
        .collect();
    assert_eq!(order, [&r[1][1], &r[0][0], &r[0][1], &r[1][0]]);
    // Equal on everything: the lot decides.
    e.ok(&["pair", "e.toml"]);
    let s = e.standings();
    let r2: Vec<Vec<String>> = s["round"][1]["games"]
        .as_array()
        .expect("present")
        .iter()
        .map(names)
        .collect();
    for g in &r2 {
        e.ok(&["record", "e.toml", "--player", &g[0], "--vp", "3-3"]);
    }
    let s = e.standings();
    let mine: Vec<String> = recomputed(&s).into_iter().map(|r| r.0).collect();
    let theirs: Vec<String> = s["standings"]
        .as_array()
        .expect("present")
        .iter()
        .map(|p| p["player"].as_str().expect("present").to_owned())
        .collect();
    assert_eq!(mine, theirs);
    // Equal VP is a draw: one half point each.
    assert!(
        games(&s)[2..]
            .iter()
            .all(|g| g["result"]["winner"].is_null())
    );
}

#[test]
fn a_round_is_paired_only_when_the_last_is_recorded_and_a_game_is_recorded_once() {
    let e = event(&EIGHT[..4], 100, &[]);
    e.ok(&["pair", "e.toml"]);
    let err = e.refused(&["pair", "e.toml"]);
    assert!(err.contains("still has games to record"), "{err}");
    let s = e.standings();
    let first = names(&s["round"][0]["games"][0]);
    e.ok(&["record", "e.toml", "--player", &first[1], "--vp", "2-6"]);
    let s = e.standings();
    // The VP are the named player's first: the other player won 6-2.
    assert_eq!(s["round"][0]["games"][0]["result"]["vp"][0], 6.0);
    assert_eq!(
        s["round"][0]["games"][0]["result"]["winner"].as_str(),
        Some(first[0].as_str())
    );
    let err = e.refused(&["record", "e.toml", "--player", &first[0], "--vp", "1-0"]);
    assert!(err.contains("already recorded"), "{err}");
    let err = e.refused(&["record", "e.toml", "--player", "Nobody", "--vp", "1-0"]);
    assert!(err.contains("no player"), "{err}");
    // Casualties belong to the larger-roster variant only.
    let second = names(&s["round"][0]["games"][1]);
    let err = e.refused(&[
        "record", "e.toml", "--player", &second[0], "--vp", "1-0", "--killed", "Anyone",
    ]);
    assert!(err.contains("larger-roster"), "{err}");
}

/// A larger-roster event of two ODA masters, 100-point games.
fn variant(rounds: &str) -> Event {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("oda.toml"), ODA).expect("write");
    let e = Event { dir };
    e.ok(&[
        "new",
        "--player",
        "Alice=oda.toml",
        "--player",
        "Bob=oda.toml",
        "--game-points",
        "100",
        "--rounds",
        rounds,
        "-o",
        "e.toml",
    ]);
    e
}

fn chosen(s: &serde_json::Value, round: usize, player: &str) -> Vec<String> {
    let g = &s["round"][round - 1]["games"][0];
    let seat = names(g).iter().position(|p| p == player).expect("seat");
    g["buntai"][seat]
        .as_array()
        .expect("chosen")
        .iter()
        .map(|n| n.as_str().expect("present").to_owned())
        .collect()
}

#[test]
fn a_grievous_model_sits_out_one_round_and_a_killed_model_is_gone_for_the_event() {
    let e = variant("3");
    e.ok(&["pair", "e.toml"]);
    e.ok(&[
        "choose",
        "e.toml",
        "--player",
        "Alice",
        "Samurai 1",
        "Samurai 2",
        "Ashigaru 1",
        "Ashigaru-gashira",
    ]);
    e.ok(&["choose", "e.toml", "--player", "Bob"]);
    e.ok(&[
        "record",
        "e.toml",
        "--player",
        "Alice",
        "--vp",
        "3-5",
        "--grievous",
        "Alice:Samurai 1",
        "--killed",
        "Alice:Ashigaru 1",
    ]);
    e.ok(&["pair", "e.toml"]);
    let err = e.refused(&["choose", "e.toml", "--player", "Alice", "Samurai 1"]);
    assert!(err.contains("sits out"), "{err}");
    let err = e.refused(&["choose", "e.toml", "--player", "Alice", "Ashigaru 1"]);
    assert!(err.contains("killed"), "{err}");
    // Picked for her: neither, and within the game's points.
    e.ok(&["choose", "e.toml", "--player", "Alice"]);
    let s = e.standings();
    let picked = chosen(&s, 2, "Alice");
    assert!(!picked.contains(&"Samurai 1".to_owned()), "{picked:?}");
    assert!(!picked.contains(&"Ashigaru 1".to_owned()), "{picked:?}");
    assert!(!picked.is_empty());
    e.ok(&["record", "e.toml", "--player", "Alice", "--vp", "4-4"]);
    e.ok(&["pair", "e.toml"]);
    // Round three: the Samurai is healthy again; the Ashigaru is still dead.
    e.ok(&[
        "choose",
        "e.toml",
        "--player",
        "Alice",
        "Samurai 1",
        "Ashigaru-gashira",
        "Ashigaru 2",
        "Ashigaru 3",
    ]);
    let err = e.refused(&["choose", "e.toml", "--player", "Alice", "Ashigaru 1"]);
    assert!(err.contains("killed in round 1"), "{err}");
    // Over the game's points is refused.
    let err = e.refused(&[
        "choose",
        "e.toml",
        "--player",
        "Bob",
        "Samurai 1",
        "Samurai 2",
        "Samurai 3",
        "Samurai 4",
        "Samurai 5",
    ]);
    assert!(err.contains("at most 100"), "{err}");
}

#[test]
fn a_master_roster_that_cannot_field_four_models_in_a_game_is_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("oda.toml"), ODA).expect("write");
    let e = Event { dir };
    // The four cheapest models cost 72 (P-07).
    let err = e.refused(&[
        "new",
        "--player",
        "Alice=oda.toml",
        "--player",
        "Bob=oda.toml",
        "--game-points",
        "60",
        "-o",
        "e.toml",
    ]);
    assert!(err.contains("72") && err.contains("P-07"), "{err}");
    assert!(!e.dir.path().join("e.toml").exists());
}

#[test]
fn a_result_is_read_from_a_simulate_log_with_its_casualties() {
    let e = variant("2");
    e.ok(&["pair", "e.toml"]);
    e.ok(&["choose", "e.toml", "--player", "Alice", "-o", "alice.toml"]);
    e.ok(&["choose", "e.toml", "--player", "Bob", "-o", "bob.toml"]);
    let s = e.standings();
    let seat_a = names(&s["round"][0]["games"][0])[0].clone();
    let (first, second) = if seat_a == "Alice" {
        ("alice.toml", "bob.toml")
    } else {
        ("bob.toml", "alice.toml")
    };
    let out = buntai()
        .current_dir(e.dir.path())
        .args([
            "simulate", first, second, "--games", "1", "--seed", "8", "--log", "g.jsonl",
        ])
        .output()
        .expect("runs");
    succeeded(&out);
    let log = std::fs::read_to_string(e.dir.path().join("g.jsonl")).expect("log");
    let events: Vec<serde_json::Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).expect("json"))
        .collect();
    let end = events
        .iter()
        .find(|v| v["event"] == "skirmish-end")
        .expect("an end");
    e.ok(&[
        "record",
        "e.toml",
        "--player",
        &seat_a,
        "--side",
        "a",
        "--from-log",
        "g.jsonl",
    ]);
    let s = e.standings();
    let result = &s["round"][0]["games"][0]["result"];
    assert_eq!(
        result["vp"][0].as_f64(),
        Some(end["vp"][0].as_f64().expect("present") / 2.0)
    );
    // Every model the log shows killed (a wound leaving it dead, or a sacrifice), and only
    // those, is a casualty of the event, with its player.
    let other = if seat_a == "Alice" { "Bob" } else { "Alice" };
    let mut who: std::collections::BTreeMap<String, (String, String)> = Default::default();
    let mut killed = BTreeSet::new();
    for v in &events {
        match v["event"].as_str() {
            Some("model") => {
                let player = if v["side"] == "A" { &seat_a } else { other };
                who.insert(
                    v["model"].as_str().expect("present").to_owned(),
                    (
                        player.to_owned(),
                        v["name"].as_str().expect("present").to_owned(),
                    ),
                );
            }
            Some("wound") if v["health"] == "dead" => {
                killed.insert(who[v["fighter"].as_str().expect("present")].clone());
            }
            Some("sacrifice") => {
                killed.insert(who[v["model"].as_str().expect("present")].clone());
            }
            _ => {}
        }
    }
    let event: toml::Value = toml::from_str(&e.text()).expect("toml");
    let mut recorded = BTreeSet::new();
    for p in event["players"].as_array().expect("present") {
        for c in p
            .get("casualties")
            .and_then(|c| c.as_array())
            .cloned()
            .unwrap_or_default()
        {
            if c["wound"].as_str() == Some("killed") {
                recorded.insert((
                    p["name"].as_str().expect("present").to_owned(),
                    c["model"].as_str().expect("present").to_owned(),
                ));
            }
        }
    }
    assert_eq!(recorded, killed);
    // A second record of the game is refused.
    let err = e.refused(&[
        "record",
        "e.toml",
        "--player",
        &seat_a,
        "--from-log",
        "g.jsonl",
    ]);
    assert!(err.contains("already recorded"), "{err}");
}

#[test]
fn a_larger_roster_event_plays_out_by_simulation_and_the_dead_never_return() {
    let dir = tempfile::tempdir().expect("temp dir");
    let e = Event { dir };
    let mut args: Vec<String> = vec!["new".into()];
    for f in ["bushi", "bandits", "koryu", "sohei"] {
        args.push("--player".into());
        args.push(format!(
            "{f}={}",
            repo().join(format!("examples/{f}-200.toml")).display()
        ));
    }
    args.extend(
        ["--game-points", "100", "--rounds", "3", "-o", "e.toml"]
            .iter()
            .map(|s| (*s).to_owned()),
    );
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    e.ok(&refs);
    e.ok(&["simulate", "e.toml", "--seed", "2"]);
    let s = e.standings();
    assert_eq!(s["finished"], true);
    let event: toml::Value = toml::from_str(&e.text()).expect("toml");
    for p in event["players"].as_array().expect("present") {
        let name = p["name"].as_str().expect("present");
        let casualties = p.get("casualties").and_then(|c| c.as_array()).cloned();
        for c in casualties.unwrap_or_default() {
            let model = c["model"].as_str().expect("present");
            let round = c["round"].as_integer().expect("present") as usize;
            for later in round + 1..=3 {
                let grievous_rest = c["wound"].as_str() == Some("grievous") && later == round + 1;
                if c["wound"].as_str() == Some("killed") || grievous_rest {
                    let picked = chosen_any(&s, later, name);
                    assert!(
                        !picked.contains(&model.to_owned()),
                        "{name}'s {model} ({}) played round {later}",
                        c["wound"]
                    );
                }
            }
        }
    }
}

/// A player's chosen Buntai in a round, wherever their game is.
fn chosen_any(s: &serde_json::Value, round: usize, player: &str) -> Vec<String> {
    for g in s["round"][round - 1]["games"].as_array().expect("present") {
        if let Some(seat) = names(g).iter().position(|p| p == player) {
            return g["buntai"][seat]
                .as_array()
                .map(|b| {
                    b.iter()
                        .map(|n| n.as_str().expect("present").to_owned())
                        .collect()
                })
                .unwrap_or_default();
        }
    }
    Vec::new()
}

#[test]
fn a_broken_event_file_is_reported_not_panicked_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let e = Event { dir };
    let write = |name: &str, text: &str| {
        std::fs::write(e.dir.path().join(name), text).expect("write");
    };
    write("junk.toml", "rounds = \"many\"\n[[players]]\n");
    let err = e.refused(&["standings", "junk.toml"]);
    assert!(err.contains("error"), "{err}");
    write(
        "one.toml",
        "scenario = \"skirmish\"\nrounds = 1\npoints = 100\nseed = 1\n[[players]]\nname = \"A\"\nlot = 1\nroster = { faction = \"bushi\" }\n",
    );
    let err = e.refused(&["pair", "one.toml"]);
    assert!(err.contains("at least two players"), "{err}");
    assert!(Path::new(&e.dir.path().join("one.toml")).exists());
    let err = e.refused(&["standings", "missing.toml"]);
    assert!(!err.is_empty());
}

#[test]
fn a_log_of_another_game_or_with_its_sides_reversed_is_refused() {
    let e = event(&["bushi", "bandits"], 100, &[]);
    e.ok(&["pair", "e.toml"]);
    let s = e.standings();
    let seat_a = names(&s["round"][0]["games"][0])[0].clone();
    let seat_b = names(&s["round"][0]["games"][0])[1].clone();
    let roster = |player: &str| repo().join(format!("examples/{player}-100.toml"));
    let simulate = |a: std::path::PathBuf, b: std::path::PathBuf, log: &str| {
        let out = buntai()
            .current_dir(e.dir.path())
            .arg("simulate")
            .args([a, b])
            .args(["--games", "1", "--seed", "3", "--log", log])
            .output()
            .expect("runs");
        succeeded(&out);
    };
    // Another game: Koryu against Sohei.
    simulate(roster("koryu"), roster("sohei"), "other.jsonl");
    let err = e.refused(&[
        "record",
        "e.toml",
        "--player",
        &seat_a,
        "--from-log",
        "other.jsonl",
    ]);
    assert!(err.contains("is the log of this game"), "{err}");
    assert!(err.contains(&format!("{seat_a}'s Buntai is")), "{err}");
    // This game, but read with its sides the other way round.
    simulate(roster(&seat_a), roster(&seat_b), "this.jsonl");
    let err = e.refused(&[
        "record",
        "e.toml",
        "--player",
        &seat_a,
        "--side",
        "b",
        "--from-log",
        "this.jsonl",
    ]);
    assert!(err.contains("(`--side`)"), "{err}");
    assert!(!e.text().contains("result"), "nothing was recorded");
    // Read the right way round, it is recorded.
    e.ok(&[
        "record",
        "e.toml",
        "--player",
        &seat_a,
        "--from-log",
        "this.jsonl",
    ]);
    assert!(e.text().contains("result"));
}
