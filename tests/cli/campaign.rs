//! Campaigns through the binary (R-118 to R-120, T76, T77): small Buntai, results from logs and
//! by hand, experience, promotion, the final, whole campaigns by simulation.

use std::path::{Path, PathBuf};

use crate::support::{ODA, buntai, json, json_lines, repo, succeeded};

struct Campaign {
    dir: tempfile::TempDir,
    file: PathBuf,
}

impl Campaign {
    fn path(&self) -> &Path {
        &self.file
    }

    fn run(&self, args: &[&str]) -> std::process::Output {
        buntai()
            .current_dir(self.dir.path())
            .arg("campaign")
            .args(args)
            .output()
            .expect("runs")
    }

    fn ok(&self, args: &[&str]) -> std::process::Output {
        let out = self.run(args);
        succeeded(&out);
        out
    }

    fn show(&self) -> serde_json::Value {
        json(&self.ok(&["show", "c.toml", "--format", "json"]))
    }

    fn model<'v>(show: &'v serde_json::Value, player: usize, name: &str) -> &'v serde_json::Value {
        show["players"][player]["models"]
            .as_array()
            .expect("models")
            .iter()
            .find(|m| m["name"] == name)
            .unwrap_or_else(|| panic!("no model {name}"))
    }
}

/// A campaign between two masters written into a temp folder (`a.toml`, `b.toml`).
fn campaign(a: &str, b: &str) -> Campaign {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("a.toml"), a).expect("write");
    std::fs::write(dir.path().join("b.toml"), b).expect("write");
    let file = dir.path().join("c.toml");
    let c = Campaign { dir, file };
    c.ok(&[
        "new", "--master", "a.toml", "--master", "b.toml", "--player", "Alice", "--player", "Bob",
        "-o", "c.toml",
    ]);
    c
}

fn example(name: &str) -> String {
    std::fs::read_to_string(repo().join("examples").join(name)).expect("example")
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn new_gives_each_model_of_a_master_roster_its_own_named_entry() {
    let c = campaign(ODA, ODA);
    let show = c.show();
    let names: Vec<&str> = show["players"][0]["models"]
        .as_array()
        .expect("models")
        .iter()
        .map(|m| m["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names.len(), 15);
    assert!(names.contains(&"Ashigaru 8") && names.contains(&"Samurai 5"));
    assert_eq!(show["players"][0]["points"], 300);
    assert_eq!(show["points"], 300);
    // An illegal master roster is refused.
    let bad = ODA.replace("count = 9", "count = 10");
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("a.toml"), &bad).expect("write");
    std::fs::write(dir.path().join("b.toml"), ODA).expect("write");
    let out = buntai()
        .current_dir(dir.path())
        .args([
            "campaign", "new", "--master", "a.toml", "--master", "b.toml", "-o", "c.toml",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(!dir.path().join("c.toml").exists());
}

#[test]
fn t76_a_small_buntai_costs_a_quarter_to_a_half_of_the_master_roster() {
    let c = campaign(ODA, ODA);
    // 4 Ashigaru: 72 points, under 75.
    let out = c.run(&[
        "assign", "c.toml", "--player", "Alice", "--game", "1", "1", "2", "3", "4",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("75 to 150"), "{}", stderr(&out));
    // 2 Ashigaru and 5 Samurai: 156 points, over 150.
    let out = c.run(&[
        "assign",
        "c.toml",
        "--player",
        "Alice",
        "--game",
        "skirmish",
        "Ashigaru 1",
        "Ashigaru 2",
        "Samurai 1",
        "Samurai 2",
        "Samurai 3",
        "Samurai 4",
        "Samurai 5",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("156 points"), "{}", stderr(&out));
    // 3 Ashigaru and a Samurai (78) and 3 Ashigaru and 4 Samurai (150): both ends inside.
    c.ok(&[
        "assign",
        "c.toml",
        "--player",
        "Alice",
        "--game",
        "1",
        "Ashigaru 1",
        "Ashigaru 2",
        "Ashigaru 3",
        "Samurai 1",
    ]);
    c.ok(&[
        "assign",
        "c.toml",
        "--player",
        "Alice",
        "--game",
        "2",
        "Ashigaru 4",
        "Ashigaru 5",
        "Ashigaru 6",
        "Samurai 2",
        "Samurai 3",
        "Samurai 4",
        "Samurai 5",
    ]);
    // No model in two small Buntai (P-06).
    let out = c.run(&[
        "assign",
        "c.toml",
        "--player",
        "Alice",
        "--game",
        "3",
        "Ashigaru 1",
        "Ashigaru 7",
        "Ashigaru 8",
        "Ashigaru 9",
        "Ashigaru-gashira",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!stderr(&out).contains("has no model"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("already in the Buntai for game 1"),
        "{}",
        stderr(&out)
    );
    let show = c.show();
    let buntai = show["players"][0]["buntai"].as_array().expect("buntai");
    assert_eq!(buntai.len(), 2);
    assert_eq!(buntai[0]["points"], 78);
    assert_eq!(buntai[1]["points"], 150);
}

/// Assign each player's three small Buntai of the Oda roster, by model numbers.
fn assign_oda(c: &Campaign) {
    for player in ["Alice", "Bob"] {
        c.ok(&[
            "assign", "c.toml", "--player", player, "--game", "1", "1", "2", "3", "11", "12",
        ]);
        c.ok(&[
            "assign", "c.toml", "--player", player, "--game", "2", "4", "5", "6", "13",
        ]);
        c.ok(&[
            "assign", "c.toml", "--player", player, "--game", "3", "7", "8", "9", "10", "14", "15",
        ]);
    }
}

#[test]
fn t76_a_grievous_model_plays_the_final_on_a_four_or_more() {
    let c = campaign(ODA, ODA);
    assign_oda(&c);
    c.ok(&[
        "record",
        "c.toml",
        "--game",
        "1",
        "--winner",
        "Alice",
        "--vp",
        "5-2",
        "--killed",
        "Bob:Ashigaru 1",
        "--wounded",
        "Alice:Ashigaru 1=grievous",
        "--wounded",
        "Alice:Ashigaru 2=grievous",
        "--wounded",
        "Bob:Ashigaru 2=grievous",
    ]);
    c.ok(&[
        "record",
        "c.toml",
        "--game",
        "2",
        "--winner",
        "Bob",
        "--wounded",
        "Alice:Ashigaru 4=grievous",
        "--wounded",
        "Bob:Ashigaru 4=grievous",
        "--wounded",
        "Bob:Ashigaru 5=light",
    ]);
    c.ok(&[
        "record",
        "c.toml",
        "--game",
        "defence",
        "--winner",
        "draw",
        "--wounded",
        "Alice:Samurai 4=grievous",
    ]);
    let before = std::fs::read_to_string(c.path()).expect("read");
    let first = json(&c.ok(&["final", "c.toml", "--seed", "9", "--format", "json"]));
    let rolls = first["rolls"].as_array().expect("rolls");
    assert_eq!(rolls.len(), 6, "one roll per Grievous model: {first}");
    let show = c.show();
    for r in rolls {
        let roll = r["roll"].as_u64().expect("roll");
        assert_eq!(r["plays"].as_bool(), Some(roll >= 4), "{r}");
        let player = usize::from(r["player"] == "Bob");
        let forces = &show["players"][player]["buntai"][3]["models"];
        let fielded = forces
            .as_array()
            .expect("final")
            .iter()
            .any(|m| *m == r["model"]);
        assert_eq!(fielded, roll >= 4, "{r}");
    }
    // The killed model is gone; a Light one plays.
    let bob_final = show["players"][1]["buntai"][3]["models"]
        .as_array()
        .expect("final");
    assert!(!bob_final.iter().any(|m| m == "Ashigaru 1"));
    assert!(bob_final.iter().any(|m| m == "Ashigaru 5"));
    assert_eq!(
        bob_final.len(),
        14 - rolls
            .iter()
            .filter(|r| r["player"] == "Bob" && r["plays"] == false)
            .count()
    );
    // The same seed rolls the same dice.
    std::fs::write(c.path(), before).expect("restore");
    let again = json(&c.ok(&["final", "c.toml", "--seed", "9", "--format", "json"]));
    assert_eq!(first, again);
    // The final is recorded after it is built; then the campaign is over.
    c.ok(&["record", "c.toml", "--game", "final", "--winner", "Bob"]);
    let show = c.show();
    assert!(
        show["next"].as_str().expect("next").contains("Bob won"),
        "{}",
        show["next"]
    );
}

#[test]
fn t77_an_ashigaru_with_five_xp_becomes_an_ashigaru_gashira() {
    let c = campaign(ODA, ODA);
    assign_oda(&c);
    // Surviving (1) and four wounds on equal or higher Ranks (4): 5 XP.
    c.ok(&[
        "record",
        "c.toml",
        "--game",
        "1",
        "--winner",
        "Alice",
        "--xp",
        "Alice:Ashigaru 1=4",
        "--xp",
        "Alice:Ashigaru 2=3",
    ]);
    let show = c.show();
    let ashigaru = Campaign::model(&show, 0, "Ashigaru 1");
    assert_eq!(ashigaru["xp"], 5);
    assert_eq!(ashigaru["may_become"][0]["to"], "ashigaru-gashira");
    assert_eq!(ashigaru["may_become"][0]["cost"], 5);
    // Rank 3 to 4 costs 10.
    let samurai = Campaign::model(&show, 0, "Samurai 1");
    assert_eq!(samurai["may_become"][0]["to"], "hatamoto");
    assert_eq!(samurai["may_become"][0]["cost"], 10);
    // 4 XP is not enough.
    let out = c.run(&[
        "promote",
        "c.toml",
        "--player",
        "Alice",
        "Ashigaru 2",
        "--to",
        "ashigaru-gashira",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("has 4 XP"), "{}", stderr(&out));
    // Not on its path.
    let out = c.run(&[
        "promote",
        "c.toml",
        "--player",
        "Alice",
        "Ashigaru 1",
        "--to",
        "samurai",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("may become ashigaru-gashira"),
        "{}",
        stderr(&out)
    );
    let out = json(&c.ok(&[
        "promote",
        "c.toml",
        "--player",
        "Alice",
        "Ashigaru 1",
        "--to",
        "ashigaru-gashira",
        "--format",
        "json",
    ]));
    assert_eq!(out["xp_left"], 0);
    let show = c.show();
    let promoted = Campaign::model(&show, 0, "Ashigaru 1");
    assert_eq!(promoted["profile"], "ashigaru-gashira");
    assert_eq!(promoted["rank"], 2);
    assert_eq!(promoted["promotions"][0]["from"], "ashigaru");
    // It keeps its yari: the sheet shows it.
    let sheet = buntai()
        .current_dir(c.dir.path())
        .args([
            "print",
            "--campaign",
            "c.toml",
            "--player",
            "Alice",
            "--format",
            "json",
        ])
        .output()
        .expect("runs");
    succeeded(&sheet);
    let sheet = json(&sheet);
    let entry = sheet["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["name"] == "Ashigaru 1")
        .expect("the promoted model");
    assert_eq!(entry["profile"], "ashigaru-gashira");
    assert!(
        entry["weapons"]
            .as_array()
            .expect("weapons")
            .iter()
            .any(|w| w["id"] == "yari"),
        "{entry}"
    );
    assert!(
        entry["campaign"]
            .as_str()
            .expect("campaign line")
            .contains("Rank 2, 0 XP, available")
    );
}

#[test]
fn t77_ming_light_cavalry_becomes_heavy_cavalry_for_fifteen_and_an_ikko_sohei_goes_on_as_a_sohei() {
    let c = campaign(
        &example("ikko-ikki-200.toml"),
        &example("ming-chinese-200.toml"),
    );
    c.ok(&[
        "assign",
        "c.toml",
        "--player",
        "Alice",
        "--game",
        "1",
        "Sohei 1",
        "Monto 1",
        "Peasant 1",
        "Sohei 2",
    ]);
    c.ok(&[
        "assign",
        "c.toml",
        "--player",
        "Bob",
        "--game",
        "1",
        "Light Cavalry",
        "Soldier 1",
        "Soldier 2",
    ]);
    c.ok(&[
        "record",
        "c.toml",
        "--game",
        "1",
        "--winner",
        "draw",
        "--xp",
        "Sohei 1=9",
        "--xp",
        "Light Cavalry=13",
    ]);
    let show = c.show();
    let lc = Campaign::model(&show, 1, "Light Cavalry");
    assert_eq!(
        lc["may_become"],
        serde_json::json!([{"to": "heavy-cavalry", "cost": 15}])
    );
    let out = c.run(&[
        "promote",
        "c.toml",
        "--player",
        "Bob",
        "Light Cavalry",
        "--to",
        "heavy-cavalry",
    ]);
    assert!(
        stderr(&out).contains("has 14 XP; becoming heavy-cavalry costs 15"),
        "{}",
        stderr(&out)
    );
    // The Ikko-Ikki Sohei becomes the Sohei faction's Senior Sohei.
    let sohei = Campaign::model(&show, 0, "Sohei 1");
    assert_eq!(
        sohei["may_become"],
        serde_json::json!([{"to": "senior-sohei", "cost": 10}])
    );
    c.ok(&[
        "promote",
        "c.toml",
        "--player",
        "Alice",
        "Sohei 1",
        "--to",
        "senior-sohei",
    ]);
    let show = c.show();
    let senior = Campaign::model(&show, 0, "Sohei 1");
    assert_eq!(
        (senior["profile"].as_str(), senior["rank"].as_u64()),
        (Some("senior-sohei"), Some(4))
    );
    assert!(
        show["players"][0]["problems"]
            .as_array()
            .expect("problems")
            .is_empty()
    );
    // A Monto may go straight to Sohei for 10.
    let monto = Campaign::model(&show, 0, "Monto 2");
    assert!(
        monto["may_become"]
            .as_array()
            .expect("steps")
            .contains(&serde_json::json!({"to": "sohei", "cost": 10}))
    );
}

#[test]
fn experience_recorded_from_a_simulate_log_is_what_the_log_shows() {
    let c = campaign(
        ODA,
        &example("koryu-200.toml").replace("points = 200", "points = 300"),
    );
    let out = c.run(&["show", "c.toml"]);
    succeeded(&out);
    c.ok(&[
        "assign", "c.toml", "--player", "Alice", "--game", "1", "1", "2", "3", "11", "12",
    ]);
    let show = c.show();
    // Koryu models in list order up to a quarter of their master's points (P-06).
    let master = show["players"][1]["points"].as_i64().expect("points");
    let mut args = vec!["assign", "c.toml", "--player", "Bob", "--game", "1"];
    let mut total = 0;
    for m in show["players"][1]["models"].as_array().expect("models") {
        if total * 4 >= master {
            break;
        }
        total += m["points"].as_i64().expect("points");
        args.push(m["name"].as_str().expect("name"));
    }
    c.ok(&args);
    c.ok(&["export", "c.toml", "--game", "1", "--dir", ".", "--force"]);
    let log = c.dir.path().join("g1.jsonl");
    let out = buntai()
        .current_dir(c.dir.path())
        .args([
            "simulate",
            "alice-game-1.toml",
            "bob-game-1.toml",
            "--games",
            "1",
            "--seed",
            "4",
            "--log",
        ])
        .arg(&log)
        .output()
        .expect("runs");
    succeeded(&out);
    c.ok(&["record", "c.toml", "--game", "1", "--from-log", "g1.jsonl"]);
    // Work the experience out from the log independently.
    let events = json_lines(&log);
    let mut rank = std::collections::HashMap::new();
    let mut side = std::collections::HashMap::new();
    let mut name = std::collections::HashMap::new();
    let mut xp: std::collections::HashMap<String, u64> = std::collections::HashMap::new();
    let mut dead = Vec::new();
    for e in &events {
        let id = |k: &str| {
            e[k].as_str()
                .unwrap_or_default()
                .trim_end_matches("'s warhorse")
                .to_owned()
        };
        match e["event"].as_str().unwrap_or_default() {
            "model" => {
                rank.insert(id("model"), e["rank"].as_u64().expect("rank"));
                side.insert(id("model"), e["side"].as_str().expect("side").to_owned());
                name.insert(
                    id("model"),
                    e["name"]
                        .as_str()
                        .expect("campaign models are named")
                        .to_owned(),
                );
            }
            "wound" => {
                if e["health"] == "dead" {
                    dead.push(id("fighter"));
                }
                let by = id("by");
                let counts = ["light", "grievous", "critical"]
                    .contains(&e["result"].as_str().unwrap_or_default());
                if counts
                    && !by.is_empty()
                    && side[&by] != side[&id("fighter")]
                    && rank[&id("fighter")] >= rank[&by]
                {
                    *xp.entry(by).or_default() += 1;
                }
            }
            "sacrifice" => dead.push(id("model")),
            "pick-up" => assert_eq!(
                e["owner"],
                side[&id("model")],
                "no enemy banner in these lists"
            ),
            _ => {}
        }
    }
    let show = c.show();
    for (id, n) in &name {
        let player = usize::from(side[id] == "B");
        let model = Campaign::model(&show, player, n);
        let expected = xp.get(id).copied().unwrap_or(0) + u64::from(!dead.contains(id));
        assert_eq!(
            model["games"][0]["xp"].as_u64(),
            Some(expected),
            "{n}: {model}"
        );
        assert_eq!(model["xp"].as_u64(), Some(expected));
        assert_eq!(
            model["games"][0]["end"] == "killed",
            dead.contains(id),
            "{n}"
        );
    }
    let end = events
        .iter()
        .find(|e| e["event"] == "skirmish-end")
        .expect("an end");
    let game = &show["games"][0];
    assert_eq!(
        game["vp"][0].as_f64(),
        Some(end["vp"][0].as_f64().expect("vp") / 2.0)
    );
    // A log of another game is refused: it cannot be recorded twice, nor as another game.
    let out = c.run(&["record", "c.toml", "--game", "2", "--from-log", "g1.jsonl"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn a_whole_campaign_plays_by_simulation_the_same_for_the_same_seed() {
    let c = campaign(
        ODA,
        &example("bushi-200.toml").replace("points = 200", "points = 300"),
    );
    let fresh = std::fs::read_to_string(c.path()).expect("read");
    let text =
        String::from_utf8_lossy(&c.ok(&["simulate", "c.toml", "--seed", "11"]).stdout).into_owned();
    assert!(text.contains("the final (Skirmish)"), "{text}");
    let show = c.show();
    let games = show["games"].as_array().expect("games");
    assert_eq!(games.len(), 4, "{show}");
    for (k, p) in show["players"]
        .as_array()
        .expect("players")
        .iter()
        .enumerate()
    {
        let buntai = p["buntai"].as_array().expect("buntai");
        assert_eq!(buntai.len(), 4);
        let master = p["points"].as_i64().expect("points");
        let mut seen: Vec<&str> = Vec::new();
        for b in &buntai[..3] {
            let pts = b["points"].as_i64().expect("points");
            assert!(
                pts * 100 >= master * 25 && pts * 100 <= master * 50,
                "P-06: {b}"
            );
            for m in b["models"].as_array().expect("models") {
                let m = m.as_str().expect("name");
                assert!(!seen.contains(&m), "{m} in two small Buntai");
                seen.push(m);
            }
        }
        // Nobody killed in the three games plays the final.
        for m in buntai[3]["models"].as_array().expect("final") {
            let model = Campaign::model(&show, k, m.as_str().expect("name"));
            let before: Vec<&serde_json::Value> = model["games"]
                .as_array()
                .expect("games")
                .iter()
                .filter(|g| g["game"] != 4)
                .collect();
            assert!(before.iter().all(|g| g["end"] != "killed"), "{model}");
        }
    }
    let played = std::fs::read_to_string(c.path()).expect("read");
    std::fs::write(c.path(), fresh).expect("restore");
    c.ok(&["simulate", "c.toml", "--seed", "11"]);
    assert_eq!(std::fs::read_to_string(c.path()).expect("read"), played);
}

#[test]
fn many_campaigns_report_rates_the_same_with_one_thread_or_two() {
    let c = campaign(
        ODA,
        &example("bushi-200.toml").replace("points = 200", "points = 300"),
    );
    let run = |threads: &str| {
        let out = buntai()
            .current_dir(c.dir.path())
            .env("RAYON_NUM_THREADS", threads)
            .args([
                "campaign", "simulate", "c.toml", "--games", "12", "--seed", "3", "--format",
                "json",
            ])
            .output()
            .expect("runs");
        succeeded(&out);
        json(&out)
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one["campaigns"], 12);
    let total = one["wins"][0]["count"].as_u64().expect("count")
        + one["wins"][1]["count"].as_u64().expect("count")
        + one["draws"]["count"].as_u64().expect("count");
    assert_eq!(total, 12);
    assert_eq!(one["game_wins"].as_array().expect("games").len(), 4);
    // Nothing was written.
    assert!(c.show()["games"].as_array().is_none_or(Vec::is_empty));
}

#[test]
fn campaign_edits_keep_comments_and_undo_takes_them_back() {
    let c = campaign(ODA, ODA);
    let text = std::fs::read_to_string(c.path()).expect("read");
    let commented = text.replacen("points = 300", "points = 300 # agreed at the club", 1);
    std::fs::write(c.path(), &commented).expect("write");
    c.ok(&[
        "assign", "c.toml", "--player", "Alice", "--game", "1", "1", "2", "3", "11",
    ]);
    let after = std::fs::read_to_string(c.path()).expect("read");
    assert!(
        after.contains("points = 300 # agreed at the club"),
        "{after}"
    );
    assert!(
        after.contains("models = [\"Ashigaru 1\", \"Ashigaru 2\", \"Ashigaru 3\", \"Samurai 1\"]"),
        "{after}"
    );
    buntai()
        .current_dir(c.dir.path())
        .args(["undo", "c.toml"])
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(c.path()).expect("read"), commented);
}

#[test]
fn a_broken_campaign_file_or_log_is_reported_not_panicked_on() {
    let c = campaign(ODA, ODA);
    std::fs::write(
        c.dir.path().join("junk.toml"),
        "points = \"many\"\n[[players]]\n",
    )
    .expect("write");
    let out = c.run(&["show", "junk.toml"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("error"));
    assign_oda(&c);
    std::fs::write(
        c.dir.path().join("bad.jsonl"),
        "{\"event\":\"turn\",\"turn\":1}\nnot json\n",
    )
    .expect("write");
    let out = c.run(&["record", "c.toml", "--game", "1", "--from-log", "bad.jsonl"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("line 2"), "{}", stderr(&out));
    std::fs::write(
        c.dir.path().join("empty.jsonl"),
        "{\"event\":\"turn\",\"turn\":1}\n",
    )
    .expect("write");
    let out = c.run(&[
        "record",
        "c.toml",
        "--game",
        "1",
        "--from-log",
        "empty.jsonl",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no models"), "{}", stderr(&out));
}

/// Every path of the R-120 table, with its costs, as the data gives them.
#[test]
fn every_promotion_path_of_r120_is_offered_at_its_cost() {
    let cat =
        buntai::ronin::load::load(&buntai::ronin::load::DataSource::Embedded).expect("data loads");
    let cat = buntai::ronin::campaign::catalogue(&cat);
    let offered = |list: &str, profile: &str, weapons: &[&str]| -> Vec<(String, u32)> {
        let rank = cat
            .factions
            .iter()
            .flat_map(|f| &f.profiles)
            .chain(&cat.swords_for_hire.profiles)
            .find(|p| p.id == profile)
            .map(|p| p.rank.value.get())
            .expect("a profile");
        let weapons: Vec<String> = weapons.iter().map(|w| (*w).to_owned()).collect();
        let mut steps: Vec<(String, u32)> =
            buntai::ronin::campaign::steps(&cat, list, profile, rank, &weapons)
                .into_iter()
                .map(|s| (s.to, s.cost))
                .collect();
        steps.sort();
        steps
    };
    let s = |pairs: &[(&str, u32)]| -> Vec<(String, u32)> {
        let mut v: Vec<(String, u32)> = pairs.iter().map(|(p, c)| ((*p).to_owned(), *c)).collect();
        v.sort();
        v
    };
    type Row<'a> = (&'a str, &'a str, &'a [&'a str], &'a [(&'a str, u32)]);
    let table: &[Row<'_>] = &[
        ("bushi", "ashigaru", &[], &[("ashigaru-gashira", 5)]),
        ("bushi", "ashigaru-gashira", &[], &[("samurai", 5)]),
        ("bushi", "samurai", &[], &[("hatamoto", 10)]),
        ("bushi", "hatamoto", &[], &[("bushou", 15)]),
        ("bushi", "bushou", &[], &[]),
        ("ikko-ikki", "peasant", &[], &[("monto", 5)]),
        (
            "ikko-ikki",
            "monto",
            &[],
            &[("monto-gashira", 5), ("sohei", 10)],
        ),
        (
            "ikko-ikki",
            "monto-gashira",
            &[],
            &[("samurai", 5), ("sohei", 5)],
        ),
        ("ikko-ikki", "samurai", &[], &[("hanshou", 10)]),
        ("ikko-ikki", "sohei", &[], &[("senior-sohei", 10)]),
        ("ikko-ikki", "senior-sohei", &[], &[("grandmaster", 15)]),
        ("sohei", "temple-attendant", &[], &[("initiate", 5)]),
        ("sohei", "initiate", &[], &[("sohei", 5)]),
        ("sohei", "sohei", &[], &[("senior-sohei", 10)]),
        ("sohei", "senior-sohei", &[], &[("grandmaster", 15)]),
        ("koryu", "novice", &[], &[("initiate", 5)]),
        ("koryu", "initiate", &[], &[("kohai", 5)]),
        ("koryu", "kohai", &[], &[("senpai", 10)]),
        ("koryu", "senpai", &[], &[("sensei", 15)]),
        ("bandits", "peasant", &[], &[("bandit", 5)]),
        ("bandits", "bandit", &[], &[("gashira", 5)]),
        ("bandits", "gashira", &[], &[("leader", 5)]),
        ("koreans", "peasant", &[], &[("soldier", 5)]),
        ("koreans", "soldier", &[], &[("captain", 5)]),
        ("koreans", "monk", &[], &[("captain", 5)]),
        (
            "koreans",
            "captain",
            &[],
            &[("heavy-cavalry", 5), ("heavy-infantry", 5)],
        ),
        ("koreans", "heavy-cavalry", &[], &[("commander", 10)]),
        ("koreans", "heavy-infantry", &[], &[("commander", 10)]),
        (
            "ming-chinese",
            "soldier",
            &["sword", "spear"],
            &[("captain", 5)],
        ),
        (
            "ming-chinese",
            "soldier",
            &["sword", "yumi"],
            &[("captain", 5), ("light-cavalry", 5)],
        ),
        (
            "ming-chinese",
            "light-cavalry",
            &[],
            &[("heavy-cavalry", 15)],
        ),
        (
            "ming-chinese",
            "captain",
            &[],
            &[("heavy-cavalry", 5), ("heavy-infantry", 5)],
        ),
        ("ming-chinese", "heavy-infantry", &[], &[("commander", 10)]),
        ("ming-chinese", "heavy-cavalry", &[], &[("commander", 10)]),
        ("peasants", "peasant", &[], &[]),
        ("swords-for-hire", "ronin", &[], &[("senior-ronin", 10)]),
        ("swords-for-hire", "shugyosha", &[], &[]),
        ("swords-for-hire", "ninja", &[], &[]),
    ];
    for (list, profile, weapons, want) in table {
        assert_eq!(offered(list, profile, weapons), s(want), "{list} {profile}");
    }
}
