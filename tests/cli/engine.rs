//! The engine replays the book's worked examples exactly, and its random dice match the exact odds.

use buntai::ronin::engine::shooting::{Phase, ShotContext, attack_modifiers, defence_items};
use buntai::ronin::engine::{
    AttackSide, DefenceSide, Dice, Health, ScriptedDice, SeededDice, ShotSpec, WoundResult,
    apply_wound, melee_odds, roll_attack, roll_initiative, roll_off, roll_shot,
};
use buntai::ronin::load::{DataSource, load};
use buntai::ronin::model::Armour;

/// The combat example: a Samurai (naginata, Naginatajutsu, heavy armour) against two Ashigaru
/// (medium armour), one with a yari and one with a katana.
#[test]
fn combat_example_replays_exactly() {
    let samurai_attack = AttackSide {
        fight: 3,
        modifier: 1,
        reroll: true,
        ..AttackSide::default()
    };
    let samurai_defence = DefenceSide {
        fight: 3,
        armour: 3,
        reroll: true,
        ..DefenceSide::default()
    };
    let mut dice = ScriptedDice::new(&[
        3, 4, 3, // Initiative: Samurai, Ashigaru (yari), Ashigaru (katana)
        5, 2, // roll-off between the two 7s
        4, 5, 4, 1, // attack 1: Samurai 4+5, Enhanced defence 4+1
        3, 4, 6, 2, 3,
        3, // attack 2: Enhanced attack 3,4,6; Enhanced defence 2,3, the 2 re-rolled to 3
        2, 4, 1, 4, // attack 3: Samurai 2+4, the 2 re-rolled to 1; defence 4
    ]);
    // Initiative: 3 + 3 + 1 (naginata) = 7; 4 + 2 + 1 (yari) = 7; 3 + 2 + 0 (katana) = 5.
    assert_eq!(roll_initiative(3 + 1, false, &mut dice).total, 7);
    assert_eq!(roll_initiative(2 + 1, false, &mut dice).total, 7);
    assert_eq!(roll_initiative(2, false, &mut dice).total, 5);
    assert!(roll_off(&mut dice), "the Samurai wins the roll-off 5 to 2");

    // The Samurai attacks the yari Ashigaru, who Enhances his Defence: 13 against 9, Grievous.
    let ashigaru = DefenceSide {
        fight: 2,
        armour: 2,
        ..DefenceSide::default()
    };
    let first = roll_attack(
        samurai_attack,
        DefenceSide {
            enhanced: true,
            ..ashigaru
        },
        &mut dice,
    );
    assert_eq!((first.attack_total, first.defence_total), (13, 9));
    assert_eq!(first.attack_reroll, None, "happy with 4 and 5");
    assert_eq!(first.result, WoundResult::Grievous);
    let yari_health = apply_wound(Health::Healthy, first.result);

    // The katana Ashigaru Enhances his attack, the Samurai his defence: 12 against 12, no wound.
    let second = roll_attack(
        AttackSide {
            fight: 2,
            enhanced: true,
            ..AttackSide::default()
        },
        DefenceSide {
            enhanced: true,
            ..samurai_defence
        },
        &mut dice,
    );
    assert_eq!(second.attack_kept, [4, 6], "the 3 is discarded");
    assert_eq!(second.defence_reroll, Some((2, 3)));
    assert_eq!((second.attack_total, second.defence_total), (12, 12));
    assert_eq!(second.result, WoundResult::NoWound);

    // The Samurai attacks the wounded Ashigaru (Fight 2 - 1 for the Grievous wound): 9 against 7.
    let third = roll_attack(
        samurai_attack,
        DefenceSide {
            fight: 1,
            ..ashigaru
        },
        &mut dice,
    );
    assert_eq!(
        third.attack_reroll,
        Some((2, 1)),
        "the re-rolled 1 must be kept"
    );
    assert_eq!((third.attack_total, third.defence_total), (9, 7));
    assert_eq!(third.result, WoundResult::Light);
    assert_eq!(
        apply_wound(yari_health, third.result),
        Health::Dead,
        "Light on a Grievous wound is Critical"
    );
    assert_eq!(
        dice.remaining(),
        0,
        "every die of the example is used, no more"
    );
}

/// The shooting example: an Ashigaru with a yumi shoots twice at a heavily armoured Samurai.
#[test]
fn shooting_example_replays_exactly() {
    let cat = load(&DataSource::Embedded).expect("data");
    let yumi = cat.weapon("yumi").expect("yumi");
    let sum = |items: &[(String, i32)]| items.iter().map(|(_, v)| v).sum::<i32>();
    let first = ShotContext {
        range: 14.0,
        phase: Phase::Move,
        target_armour: Some(Armour::Heavy),
        ..ShotContext::default()
    };
    let mods = attack_modifiers(&cat, yumi, &first).expect("in range");
    assert_eq!(sum(&mods), -2, "{mods:?}");
    let defence = sum(&defence_items(&cat, yumi, &first));
    assert_eq!(defence, 9);
    let mut dice = ScriptedDice::new(&[3, 4, 4, 6]);
    let shot = roll_shot(
        ShotSpec {
            shoot: 1,
            modifier: sum(&mods),
            reroll: false,
            defence,
        },
        &mut dice,
    );
    assert_eq!(
        (shot.total, shot.score, shot.result),
        (6, -3, WoundResult::NoWound)
    );

    let second = ShotContext {
        range: 5.0,
        previously_fired: true,
        ..first
    };
    let second = ShotContext {
        phase: Phase::Action,
        ..second
    };
    let mods = attack_modifiers(&cat, yumi, &second).expect("in range");
    assert_eq!(sum(&mods), 0, "+1 under 6\", -1 already fired: {mods:?}");
    let shot = roll_shot(
        ShotSpec {
            shoot: 1,
            modifier: 0,
            reroll: false,
            defence,
        },
        &mut dice,
    );
    assert_eq!(
        (shot.total, shot.score, shot.result),
        (11, 2, WoundResult::Light)
    );
}

#[test]
fn the_teppo_ignores_light_and_medium_armour() {
    let cat = load(&DataSource::Embedded).expect("data");
    let teppo = cat.weapon("arquebus").expect("alias");
    let total = |armour| {
        let ctx = ShotContext {
            range: 10.0,
            target_armour: Some(armour),
            ..ShotContext::default()
        };
        defence_items(&cat, teppo, &ctx)
            .iter()
            .map(|(_, v)| v)
            .sum::<i32>()
    };
    assert_eq!(
        [
            total(Armour::None),
            total(Armour::Light),
            total(Armour::Medium),
            total(Armour::Heavy)
        ],
        [6, 6, 6, 7]
    );
    // Beyond 24" the teppo takes its own column of the range table (R-06).
    let far = ShotContext {
        range: 30.0,
        ..ShotContext::default()
    };
    let mods = attack_modifiers(&cat, teppo, &far).expect("in range");
    assert_eq!(mods.iter().map(|(_, v)| v).sum::<i32>(), -3);
    assert!(
        attack_modifiers(
            &cat,
            teppo,
            &ShotContext {
                range: 49.0,
                ..ShotContext::default()
            }
        )
        .is_err()
    );
    assert!(
        attack_modifiers(
            &cat,
            teppo,
            &ShotContext {
                range: 10.0,
                mounted: true,
                ..ShotContext::default()
            }
        )
        .is_err()
    );
}

/// Random attacks from the seeded dice follow the exact odds (chi-square, fixed seed).
#[test]
fn random_attacks_match_the_exact_odds() {
    let cases = [
        (
            AttackSide {
                fight: 3,
                modifier: 1,
                reroll: true,
                ..AttackSide::default()
            },
            DefenceSide {
                fight: 2,
                armour: 2,
                enhanced: true,
                ..DefenceSide::default()
            },
        ),
        (
            AttackSide {
                fight: 2,
                enhanced: true,
                enhanced_bonus: 1,
                ..AttackSide::default()
            },
            DefenceSide {
                fight: 3,
                armour: 3,
                reroll: true,
                ..DefenceSide::default()
            },
        ),
    ];
    for (n, (attack, defence)) in cases.into_iter().enumerate() {
        let odds = melee_odds(attack, defence);
        let mut dice = SeededDice::new(20_131_001, n as u64);
        let trials = 60_000u32;
        let mut observed = [0u32; 5];
        for _ in 0..trials {
            let result = roll_attack(attack, defence, &mut dice).result;
            observed[WoundResult::ALL
                .iter()
                .position(|r| *r == result)
                .expect("result")] += 1;
        }
        let chi2: f64 = WoundResult::ALL
            .iter()
            .zip(observed)
            .map(|(r, o)| {
                let expected = odds.probability(*r) * f64::from(trials);
                if expected == 0.0 {
                    assert_eq!(o, 0, "{r:?} cannot happen but did");
                    0.0
                } else {
                    (f64::from(o) - expected).powi(2) / expected
                }
            })
            .sum();
        // 4 degrees of freedom: 18.47 is the 0.1% critical value.
        assert!(
            chi2 < 18.47,
            "case {n}: chi-square {chi2:.2}, observed {observed:?}, expected {:?}",
            odds.counts
        );
    }
}

#[test]
fn seeded_dice_are_fair() {
    let mut dice = SeededDice::new(1, 0);
    let mut faces = [0u32; 6];
    for _ in 0..60_000 {
        faces[usize::from(dice.d6() - 1)] += 1;
    }
    let chi2: f64 = faces
        .iter()
        .map(|f| (f64::from(*f) - 10_000.0).powi(2) / 10_000.0)
        .sum();
    assert!(
        chi2 < 20.52,
        "5 degrees of freedom at 0.1%: {chi2:.2} from {faces:?}"
    );
}

mod odds_command {
    use crate::support::{buntai, json};

    fn fraction(results: &serde_json::Value, label: &str) -> (u64, u64) {
        let r = results
            .as_array()
            .expect("results")
            .iter()
            .find(|r| r["result"] == label)
            .expect("result");
        (
            r["numerator"].as_u64().expect("n"),
            r["denominator"].as_u64().expect("d"),
        )
    }

    #[test]
    fn melee_odds_match_hand_computed_values() {
        // 2d6+3 against 1d6+2+2: no wound 56/216 = 7/27 (see engine::odds tests for the count).
        let out = buntai()
            .args([
                "odds",
                "melee",
                "--fight",
                "3",
                "--vs-fight",
                "2",
                "--vs-armour",
                "medium",
                "--format",
                "json",
            ])
            .output()
            .expect("runs");
        assert!(out.status.success());
        let report = json(&out);
        assert_eq!(fraction(&report["results"], "No wound"), (7, 27));
        assert_eq!(fraction(&report["results"], "Stunned"), (25, 216));
        // At least Light = 1 - 56/216 - 25/216 = 135/216 = 5/8.
        let light = &report["at_least_light"];
        assert_eq!(
            (light["numerator"].as_u64(), light["denominator"].as_u64()),
            (Some(5), Some(8))
        );
        assert_eq!(light["percent"], 62.5);
    }

    #[test]
    fn the_profile_form_reads_the_data() {
        let explicit = json(
            &buntai()
                .args([
                    "odds",
                    "melee",
                    "--fight",
                    "3",
                    "--mod",
                    "1",
                    "--reroll",
                    "--vs-fight",
                    "2",
                    "--vs-armour",
                    "medium",
                ])
                .args(["--vs-enhance", "--format", "json"])
                .output()
                .expect("runs"),
        );
        let profiles = json(
            &buntai()
                .args([
                    "odds",
                    "melee",
                    "--attacker",
                    "bushi/samurai",
                    "--weapon",
                    "naginata",
                    "--attribute",
                    "naginatajutsu",
                ])
                .args([
                    "--defender",
                    "bushi/ashigaru",
                    "--vs-enhance",
                    "--format",
                    "json",
                ])
                .output()
                .expect("runs"),
        );
        assert_eq!(explicit["results"], profiles["results"]);
        assert_eq!(
            profiles["attack_reroll"], true,
            "Naginatajutsu with a naginata re-rolls"
        );
        let tetsubo = json(
            &buntai()
                .args([
                    "odds",
                    "melee",
                    "--attacker",
                    "swords-for-hire/ronin",
                    "--weapon",
                    "tetsubo",
                    "--enhance",
                ])
                .args(["--defender", "bushi/samurai", "--format", "json"])
                .output()
                .expect("runs"),
        );
        let terms: Vec<&str> = tetsubo["attack"]
            .as_array()
            .expect("terms")
            .iter()
            .map(|t| t["what"].as_str().expect("what"))
            .collect();
        assert!(terms.contains(&"Enhanced tetsubo"), "{terms:?}");
    }

    #[test]
    fn shooting_odds_with_every_modifier_listed() {
        let out = buntai()
            .args([
                "odds", "shoot", "--shoot", "1", "--weapon", "yumi", "--range", "14", "--phase",
                "move",
            ])
            .args([
                "--vs-armour",
                "heavy",
                "--cover",
                "light",
                "--format",
                "json",
            ])
            .output()
            .expect("runs");
        let report = json(&out);
        let total = |side: &str| {
            report[side]
                .as_array()
                .expect("terms")
                .iter()
                .map(|t| t["value"].as_i64().expect("v"))
                .sum::<i64>()
        };
        assert_eq!(total("attack"), -1, "Shoot 1, range -1, Move Phase -1");
        assert_eq!(total("defence"), 10, "6 + heavy 3 + light cover 1");
        // 2d6 - 1 against 10: Stunned on 12 exactly (1/36), nothing better.
        assert_eq!(fraction(&report["results"], "Stunned"), (1, 36));
        assert_eq!(fraction(&report["results"], "Light"), (0, 1));
        let text = buntai()
            .args([
                "odds",
                "shoot",
                "--shooter",
                "bushi/ashigaru",
                "--weapon",
                "teppo",
                "--range",
                "30",
                "--target",
                "bushi/samurai",
            ])
            .output()
            .expect("runs");
        insta::assert_snapshot!(
            "odds_shoot_teppo",
            String::from_utf8(text.stdout).expect("utf-8")
        );
    }

    #[test]
    fn odds_refuses_impossible_shots_and_unknown_names() {
        buntai()
            .args([
                "odds",
                "shoot",
                "--shoot",
                "1",
                "--weapon",
                "yumi",
                "--range",
                "50",
                "--vs-armour",
                "none",
            ])
            .assert()
            .code(2);
        buntai()
            .args([
                "odds",
                "shoot",
                "--shoot",
                "1",
                "--weapon",
                "katana",
                "--range",
                "5",
                "--vs-armour",
                "none",
            ])
            .assert()
            .code(2);
        buntai()
            .args([
                "odds",
                "melee",
                "--attacker",
                "bushi/samuri",
                "--vs-fight",
                "2",
                "--vs-armour",
                "none",
            ])
            .assert()
            .code(2)
            .stderr(predicates::str::contains("did you mean `samurai`?"));
        buntai()
            .args(["odds", "melee", "--vs-fight", "2", "--vs-armour", "none"])
            .assert()
            .code(2);
    }
}

mod simulate_command {
    use tempfile::TempDir;

    use crate::support::{buntai, json, repo};

    fn simulate(args: &[&str]) -> serde_json::Value {
        let out = buntai()
            .args(["simulate", "--scenario", "tournament", "--allow-unequal"])
            .args(args)
            .args(["--format", "json"])
            .current_dir(repo())
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        json(&out)
    }

    #[test]
    fn the_same_seed_gives_the_same_games() {
        let args = [
            "examples/bushi-sample-100.toml",
            "examples/koryu.toml",
            "--games",
            "30",
            "--seed",
            "11",
            "--policy-b",
            "random",
        ];
        let first = simulate(&args);
        assert_eq!(first, simulate(&args));
        let total = ["a_wins", "draws", "b_wins"]
            .iter()
            .map(|k| first[k]["count"].as_u64().expect("count"))
            .sum::<u64>();
        assert_eq!(total, 30);
        let rate = &first["b_wins"];
        assert!(
            rate["low"].as_f64() <= rate["rate"].as_f64()
                && rate["rate"].as_f64() <= rate["high"].as_f64()
        );
    }

    #[test]
    fn results_do_not_depend_on_the_number_of_threads() {
        let dir = TempDir::new().expect("dir");
        let run = |threads: &str| {
            let log = dir.path().join(format!("log-{threads}.jsonl"));
            let out = buntai()
                .env("RAYON_NUM_THREADS", threads)
                .args([
                    "simulate",
                    "--scenario",
                    "tournament",
                    "--allow-unequal",
                    "examples/ming-chinese.toml",
                    "examples/koreans.toml",
                    "--games",
                    "40",
                    "--seed",
                    "21",
                ])
                .args(["--policy-a", "random", "--format", "json", "--log"])
                .arg(&log)
                .current_dir(repo())
                .output()
                .expect("runs");
            assert!(out.status.success());
            (out.stdout, std::fs::read(&log).expect("log"))
        };
        assert_eq!(run("1"), run("2"));
    }

    #[test]
    fn the_default_ai_beats_the_random_policy_in_mirror_tournaments() {
        for roster in ["examples/bushi-sample-100.toml", "examples/sohei.toml"] {
            let result = simulate(&[
                roster,
                roster,
                "--games",
                "200",
                "--seed",
                "3",
                "--policy-b",
                "random",
            ]);
            let low = result["a_wins"]["low"].as_f64().expect("low");
            assert!(
                low > 0.75,
                "{roster}: default AI wins only {} (95% from {low})",
                result["a_wins"]["rate"]
            );
            let swapped = simulate(&[
                roster,
                roster,
                "--games",
                "200",
                "--seed",
                "4",
                "--policy-a",
                "random",
            ]);
            assert!(
                swapped["b_wins"]["low"].as_f64().expect("low") > 0.75,
                "{roster} with sides swapped"
            );
        }
    }

    #[test]
    fn the_log_records_every_roll_and_decision_as_json_lines() {
        let dir = TempDir::new().expect("dir");
        let log = dir.path().join("game.jsonl");
        let out = buntai()
            .args([
                "simulate",
                "--scenario",
                "tournament",
                "--allow-unequal",
                "examples/ming-chinese.toml",
                "examples/koreans.toml",
                "--seed",
                "9",
                "--log",
            ])
            .arg(&log)
            .current_dir(repo())
            .output()
            .expect("runs");
        assert!(out.status.success());
        let text = std::fs::read_to_string(&log).expect("log written");
        let events: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("each line is JSON"))
            .collect();
        let kinds: std::collections::BTreeSet<&str> = events
            .iter()
            .map(|e| e["event"].as_str().expect("event"))
            .collect();
        for kind in [
            "match-start",
            "turn",
            "split",
            "initiative",
            "attack",
            "match-end",
        ] {
            assert!(kinds.contains(kind), "no {kind} event in {kinds:?}");
        }
        let attack = events
            .iter()
            .find(|e| e["event"] == "attack")
            .expect("an attack");
        let roll = &attack["roll"];
        let kept: i64 = roll["attack_kept"]
            .as_array()
            .expect("dice")
            .iter()
            .map(|d| d.as_i64().expect("die"))
            .sum();
        let side = &roll["attack"];
        let bonus = side["fight"].as_i64().expect("fight")
            + side["modifier"].as_i64().expect("modifier")
            + if side["enhanced"] == true {
                side["enhanced_bonus"].as_i64().expect("bonus")
            } else {
                0
            };
        assert_eq!(
            roll["attack_total"].as_i64(),
            Some(kept + bonus),
            "dice + Fight + modifiers, all in the log"
        );
        let initiative = events
            .iter()
            .find(|e| e["event"] == "initiative")
            .expect("an initiative roll");
        let die = initiative["rolled"]
            .as_array()
            .expect("dice")
            .iter()
            .map(|d| d.as_i64().expect("die"))
            .max()
            .expect("a die");
        assert_eq!(
            initiative["total"].as_i64(),
            Some(die + initiative["modifier"].as_i64().expect("modifier"))
        );
        assert_eq!(
            roll["score"].as_i64(),
            Some(
                roll["attack_total"].as_i64().expect("a")
                    - roll["defence_total"].as_i64().expect("d")
            )
        );
        // The 9 Ming and 11 Koreans fight 9 matches.
        assert_eq!(
            events
                .iter()
                .filter(|e| e["event"] == "match-start" && e["final_match"] == false)
                .count(),
            9
        );
    }

    #[test]
    fn an_order_list_sets_who_fights_whom() {
        let dir = TempDir::new().expect("dir");
        let log = dir.path().join("o.jsonl");
        buntai()
            .args([
                "simulate",
                "--scenario",
                "tournament",
                "--allow-unequal",
                "examples/bushi-sample-100.toml",
                "examples/koryu.toml",
                "--order-a",
                "5,1",
                "--order-b",
                "5",
                "--log",
            ])
            .arg(&log)
            .current_dir(repo())
            .assert()
            .success();
        let text = std::fs::read_to_string(&log).expect("log");
        let pairs: Vec<(String, String)> = text
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json"))
            .filter(|e| e["event"] == "match-start" && e["final_match"] == false)
            .map(|e| {
                (
                    e["a"].as_str().expect("a").to_owned(),
                    e["b"].as_str().expect("b").to_owned(),
                )
            })
            .collect();
        assert_eq!(pairs[0], ("A5 Samurai".to_owned(), "B5 Novice".to_owned()));
        assert_eq!(pairs[1], ("A1 Ashigaru".to_owned(), "B1 Sensei".to_owned()));
        assert_eq!(pairs.len(), 5);
        for bad in ["0", "6", "1,1"] {
            buntai()
                .args([
                    "simulate",
                    "--scenario",
                    "tournament",
                    "--allow-unequal",
                    "examples/bushi-sample-100.toml",
                    "examples/koryu.toml",
                    "--order-a",
                    bad,
                ])
                .current_dir(repo())
                .assert()
                .code(2);
        }
    }

    #[test]
    fn simulate_refuses_unreadable_rosters() {
        buntai()
            .args([
                "simulate",
                "--scenario",
                "tournament",
                "--allow-unequal",
                "examples/illegal/parse.toml",
                "examples/koryu.toml",
            ])
            .current_dir(repo())
            .assert()
            .code(1);
        buntai()
            .args([
                "simulate",
                "--scenario",
                "tournament",
                "nope.toml",
                "examples/koryu.toml",
            ])
            .current_dir(repo())
            .assert()
            .code(2);
    }
}

/// The combat example again, this time through the whole Combat Phase: combined pools, secret
/// splits, Initiative with a roll-off, attacks in order, the yari Ashigaru unable to attack after
/// parrying and a Grievous wound, and the kill.
mod combat_example {
    use std::collections::VecDeque;

    use buntai::diag::SourceFile;
    use buntai::ronin::engine::combat::combat_phase;
    use buntai::ronin::engine::events::{Event, EventLog};
    use buntai::ronin::engine::fighter::Fighter;
    use buntai::ronin::engine::policy::{Counter, Policy};
    use buntai::ronin::engine::{AttackSide, DefenceSide, Health, ScriptedDice};
    use buntai::ronin::load::{DataSource, load};
    use buntai::ronin::roster::{self, Rules};

    /// The players' decisions from the example, in order.
    #[derive(Default)]
    struct Player {
        split: i32,
        attacks: VecDeque<Option<usize>>,
        enhance_defence: VecDeque<bool>,
        enhance_attack: VecDeque<bool>,
        discards: VecDeque<Counter>,
    }

    impl Policy for Player {
        fn split(&mut self, _: &[&Fighter], _: &[&Fighter]) -> i32 {
            self.split
        }
        fn enhance_initiative(&mut self, _: &Fighter, _: &[&Fighter], _: i32, _: bool) -> bool {
            false
        }
        fn attack(&mut self, _: &Fighter, _: &[&Fighter], _: i32) -> Option<usize> {
            self.attacks
                .pop_front()
                .expect("an attack decision was scripted")
        }
        fn enhance_defence(&mut self, _: &Fighter, _: &Fighter, _: AttackSide) -> bool {
            self.enhance_defence
                .pop_front()
                .expect("a defence decision was scripted")
        }
        fn enhance_attack(&mut self, _: &Fighter, _: &Fighter, _: DefenceSide, _: i32) -> bool {
            self.enhance_attack
                .pop_front()
                .expect("an enhance decision was scripted")
        }
        fn discard(&mut self, _: i32, _: i32) -> Counter {
            self.discards.pop_front().expect("a discard was scripted")
        }
        fn name(&self) -> &'static str {
            "scripted"
        }
    }

    fn fighters() -> (Fighter, Fighter, Fighter) {
        let cat = load(&DataSource::Embedded).expect("data");
        let text = "faction = \"bushi\"\n\
            [[models]]\nprofile = \"samurai\"\nweapons = [\"naginata\"]\nattributes = [\"naginatajutsu\"]\n\
            [[models]]\nprofile = \"ashigaru\"\nweapons = [\"yari\"]\n";
        let parsed = roster::parse(&SourceFile::new("example.toml", text)).expect("roster");
        let faction = cat.faction("bushi").expect("bushi");
        let resolved = roster::resolve(&cat, faction, &parsed, Rules::default(), &mut Vec::new());
        let samurai = Fighter::from_model(&cat, &resolved.models[0], "Samurai".to_owned());
        let yari = Fighter::from_model(&cat, &resolved.models[1], "Ashigaru (yari)".to_owned());
        let mut katana = yari.clone();
        katana.name = "Ashigaru (katana)".into();
        katana.weapon.id = "katana".into();
        katana.weapon.initiative_first = 0;
        katana.weapon.initiative_later = 0;
        (samurai, yari, katana)
    }

    #[test]
    fn the_book_combat_example_through_the_combat_phase() {
        let (samurai, yari, katana) = fighters();
        assert_eq!(
            (samurai.combat_pool, yari.combat_pool + katana.combat_pool),
            (3, 4)
        );
        let mut player_a = Player {
            split: 2,
            attacks: VecDeque::from([Some(0), Some(0)]),
            enhance_defence: VecDeque::from([true]),
            enhance_attack: VecDeque::from([false]),
            ..Player::default()
        };
        let mut player_b = Player {
            split: 2,
            attacks: VecDeque::from([Some(0)]),
            enhance_defence: VecDeque::from([true]),
            enhance_attack: VecDeque::from([true]),
            discards: VecDeque::from([Counter::Defence]),
        };
        let mut dice =
            ScriptedDice::new(&[3, 4, 3, 5, 2, 4, 5, 4, 1, 3, 4, 6, 2, 3, 3, 2, 4, 1, 4]);
        let mut sides = [vec![samurai], vec![yari, katana]];
        let mut events = EventLog::recording();
        combat_phase(
            &mut sides,
            &mut [&mut player_a, &mut player_b],
            &mut dice,
            &mut [0, 0],
            &mut events,
        )
        .expect("a valid combat");

        let initiative: Vec<i32> = events
            .iter()
            .filter_map(|e| match e {
                Event::Initiative { total, .. } => Some(*total),
                _ => None,
            })
            .collect();
        assert_eq!(initiative, [7, 7, 5]);
        assert!(events.iter().any(|e| matches!(
            e,
            Event::RollOff { winner, rolled, .. } if winner == "Samurai" && rolled.len() == 2
        )));
        let attacks: Vec<(String, String, i32, i32)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Attack {
                    attacker,
                    defender,
                    roll,
                    ..
                } => Some((
                    attacker.clone(),
                    defender.clone(),
                    roll.attack_total,
                    roll.defence_total,
                )),
                _ => None,
            })
            .collect();
        assert_eq!(
            attacks,
            [
                ("Samurai".to_owned(), "Ashigaru (yari)".to_owned(), 13, 9),
                ("Ashigaru (katana)".to_owned(), "Samurai".to_owned(), 12, 12),
                ("Samurai".to_owned(), "Ashigaru (yari)".to_owned(), 9, 7),
            ]
        );
        assert!(events.contains(&Event::Discard {
            fighter: "Ashigaru (yari)".to_owned(),
            counter: Counter::Defence
        }));
        assert!(
            events.contains(&Event::Pass {
                fighter: "Ashigaru (yari)".to_owned()
            }),
            "it cannot attack"
        );
        assert_eq!(
            sides[1][0].health,
            Health::Dead,
            "Light on Grievous: Critical"
        );
        assert_eq!(sides[0][0].health, Health::Healthy);
        assert_eq!(sides[1][1].health, Health::Healthy);
        assert_eq!(dice.remaining(), 0, "exactly the example's dice");
        assert!(
            player_a.attacks.is_empty() && player_b.attacks.is_empty(),
            "every scripted decision was asked for"
        );
        assert!(player_a.enhance_defence.is_empty() && player_b.enhance_attack.is_empty());
    }
}

/// Rules the engine audit found wrong, each pinned on real profiles from the data.
mod rules_corrected {
    use buntai::diag::SourceFile;
    use buntai::ronin::engine::fighter::Fighter;
    use buntai::ronin::load::{DataSource, load};
    use buntai::ronin::model::Armour;
    use buntai::ronin::roster::{self, Rules};

    fn fighters(faction: &str, models: &str) -> Vec<Fighter> {
        let cat = load(&DataSource::Embedded).expect("data");
        let text = format!("faction = \"{faction}\"\n{models}");
        let parsed = roster::parse(&SourceFile::new("t.toml", text)).expect("roster");
        let f = cat.faction(faction).expect("faction");
        let resolved = roster::resolve(&cat, f, &parsed, Rules::default(), &mut Vec::new());
        resolved
            .models
            .iter()
            .map(|m| Fighter::from_model(&cat, m, m.profile.name.clone()))
            .collect()
    }

    #[test]
    fn niten_adds_a_counter_only_with_katana_and_wakizashi_in_hand() {
        let plain = fighters(
            "bushi",
            "[[models]]\nprofile = \"hatamoto\"\nattributes = [\"kenjutsu\"]\n",
        );
        let niten = fighters(
            "bushi",
            "[[models]]\nprofile = \"hatamoto\"\nattributes = [\"kenjutsu\", \"niten\"]\n",
        );
        let mut two_swords = niten[0].clone();
        assert_eq!(&*two_swords.weapon.id, "katana");
        assert_eq!(two_swords.pool(), plain[0].pool() + 1);
        // With another weapon in hand the second sword is not in use.
        let nodachi = fighters(
            "bushi",
            "[[models]]\nprofile = \"hatamoto\"\nweapons = [\"nodachi\"]\n\
             attributes = [\"kenjutsu\", \"niten\"]\n",
        );
        let in_hand = nodachi[0].weapon.id.clone();
        if *in_hand != *"katana" {
            assert_eq!(
                nodachi[0].pool(),
                plain[0].pool(),
                "fighting with {in_hand}"
            );
        }
        two_swords.disarm();
        assert_eq!(
            two_swords.pool(),
            plain[0].pool(),
            "disarmed: no two swords"
        );
    }

    #[test]
    fn characteristics_are_floored_at_zero() {
        let mut f = fighters(
            "bushi",
            "[[models]]\nprofile = \"ashigaru\"\nweapons = [\"yari\"]\n",
        )
        .remove(0);
        f.fight = 0;
        f.health = buntai::ronin::engine::Health::Grievous;
        assert_eq!(
            f.current_fight(),
            0,
            "Fight 0 with a Grievous wound stays 0 (R-35)"
        );
    }

    #[test]
    fn an_attack_on_a_mount_ignores_the_riders_armour() {
        let mut f = fighters(
            "bushi",
            "[[models]]\nprofile = \"ashigaru\"\nweapons = [\"yari\"]\n",
        )
        .remove(0);
        f.weapon.vs_heavy_armour = -1;
        let against_rider = f.attack_side_vs(Armour::Heavy, false);
        let against_mount = f.attack_side_vs(Armour::None, false);
        assert_eq!(against_mount.modifier, against_rider.modifier + 1);
    }
}

#[test]
fn the_tournament_refuses_unequal_forces_unless_asked() {
    use crate::support::{buntai, repo};
    buntai()
        .args([
            "simulate",
            "--scenario",
            "tournament",
            "examples/bushi-sample-100.toml",
            "examples/koryu.toml",
        ])
        .current_dir(repo())
        .assert()
        .code(2)
        .stderr(predicates::str::contains("equal forces"));
    buntai()
        .args([
            "simulate",
            "--scenario",
            "tournament",
            "examples/bushi-sample-100.toml",
            "examples/koryu.toml",
            "--allow-unequal",
        ])
        .current_dir(repo())
        .assert()
        .success()
        .stderr(predicates::str::contains("warning: unequal forces"));
    buntai()
        .args([
            "simulate",
            "--scenario",
            "tournament",
            "examples/sohei.toml",
            "examples/sohei.toml",
        ])
        .current_dir(repo())
        .assert()
        .success();
}

#[test]
fn the_default_ai_beats_the_yardsticks_in_a_mirror() {
    use crate::support::{buntai, json, repo};
    for (policy, floor) in [("random", 0.9), ("attack", 0.5), ("defend", 0.9)] {
        let out = buntai()
            .args([
                "simulate",
                "--scenario",
                "tournament",
                "examples/sohei.toml",
                "examples/sohei.toml",
                "--games",
                "400",
                "--seed",
                "5",
                "--policy-b",
                policy,
                "--format",
                "json",
            ])
            .current_dir(repo())
            .output()
            .expect("run");
        let report = json(&out);
        let low = report["a_wins"]["low"].as_f64().expect("low");
        assert!(low > floor, "against {policy}: lower bound {low}");
    }
}

mod report {
    use crate::support::{buntai, json, repo};

    fn simulate(args: &[&str]) -> serde_json::Value {
        let out = buntai()
            .args([
                "simulate",
                "--scenario",
                "tournament",
                "examples/sohei.toml",
                "examples/sohei.toml",
            ])
            .args(args)
            .args(["--format", "json"])
            .current_dir(repo())
            .output()
            .expect("runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stderr.is_empty(), "no progress bar when not a terminal");
        json(&out)
    }

    #[test]
    fn the_report_explains_the_games() {
        let r = simulate(&["--games", "200", "--seed", "4"]);
        let n = r["games"].as_u64().expect("games");
        assert_eq!(n, 200);
        let outcome: u64 = ["a_wins", "draws", "b_wins"]
            .iter()
            .map(|k| r[*k]["count"].as_u64().expect("count"))
            .sum();
        assert_eq!(outcome, n);
        let scores: u64 = r["scores"]
            .as_array()
            .expect("scores")
            .iter()
            .map(|s| s["games"].as_u64().expect("games"))
            .sum();
        assert_eq!(scores, n, "every game has a score in matches won");
        let kill_rate = r["kill_rate"].as_f64().expect("kill rate");
        assert!(kill_rate > 0.0 && kill_rate <= 1.0);
        let turns = r["mean_turns"].as_f64().expect("turns");
        assert!((1.0..=6.0).contains(&turns), "{turns}");
        let models = r["models"].as_array().expect("models");
        assert_eq!(models.len(), 14, "seven models a side");
        // Within a mirror, what side A dealt side B took, match by match (finals aside).
        let dealt_a: f64 = models[..7]
            .iter()
            .map(|m| m["dealt"].as_f64().expect("d"))
            .sum();
        let taken_b: f64 = models[7..]
            .iter()
            .map(|m| m["taken"].as_f64().expect("t"))
            .sum();
        assert!((dealt_a - taken_b).abs() < 0.01, "{dealt_a} {taken_b}");
        assert!(
            r.get("melee_only").is_none(),
            "every match is played on the table"
        );
    }

    #[test]
    fn swap_plays_every_seed_again_with_the_seats_exchanged() {
        let r = simulate(&["--games", "100", "--swap", "--policy-b", "random"]);
        let swapped = &r["swapped"];
        assert!(swapped.is_object());
        let both = swapped["a_wins_both"]["count"].as_u64().expect("both");
        let first = r["a_wins"]["count"].as_u64().expect("first");
        let second = swapped["a_wins"]["count"].as_u64().expect("second");
        assert_eq!(both, first + second);
        // Roster A plays the default AI in both seats against random: it wins most either way.
        assert!(first > 80 && second > 80, "{first} {second}");
    }

    #[test]
    fn any_game_can_be_logged_and_every_game_ends_with_its_result() {
        let dir = tempfile::tempdir().expect("dir");
        let log = dir.path().join("g.jsonl");
        buntai()
            .args([
                "simulate",
                "--scenario",
                "tournament",
                "examples/sohei.toml",
                "examples/sohei.toml",
            ])
            .args(["--games", "10", "--log-game", "7", "--log"])
            .arg(&log)
            .current_dir(repo())
            .assert()
            .success();
        let text = std::fs::read_to_string(&log).expect("log");
        let events: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).expect("json"))
            .collect();
        assert_eq!(events[0]["event"], "match-start");
        assert_eq!(events[0]["game"], 7);
        let last = events.last().expect("events");
        assert_eq!(last["event"], "game-end");
        assert_eq!(last["game"], 7);
        assert!(events.iter().any(|e| e["event"] == "priority"));
        buntai()
            .args([
                "simulate",
                "--scenario",
                "tournament",
                "examples/sohei.toml",
                "examples/sohei.toml",
            ])
            .args(["--games", "3", "--log-game", "5", "--force", "--log"])
            .arg(&log)
            .current_dir(repo())
            .assert()
            .code(2)
            .stderr(predicates::str::contains("there is no game 5"));
    }

    #[test]
    fn rates_near_zero_are_shown_with_enough_digits() {
        let out = buntai()
            .args([
                "simulate",
                "--scenario",
                "tournament",
                "examples/sohei.toml",
                "examples/sohei.toml",
            ])
            .args(["--games", "2000", "--policy-b", "defend"])
            .current_dir(repo())
            .output()
            .expect("run");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(!text.contains("0.0% to 0.0%"), "{text}");
    }
}

#[test]
fn secret_orders_can_be_shuffled_each_game() {
    use crate::support::{buntai, repo};
    let dir = tempfile::tempdir().expect("dir");
    let pairs = |game: &str| {
        let log = dir.path().join(format!("s{game}.jsonl"));
        buntai()
            .args([
                "simulate",
                "--scenario",
                "tournament",
                "examples/sohei.toml",
                "examples/sohei.toml",
            ])
            .args([
                "--games",
                "8",
                "--order-a",
                "shuffle",
                "--log-game",
                game,
                "--log",
            ])
            .arg(&log)
            .current_dir(repo())
            .assert()
            .success();
        std::fs::read_to_string(&log)
            .expect("log")
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("json"))
            .filter(|e| e["event"] == "match-start" && e["final_match"] == false)
            .map(|e| e["a"].as_str().expect("a").to_owned())
            .collect::<Vec<String>>()
    };
    let orders: Vec<Vec<String>> = (0..6).map(|g| pairs(&g.to_string())).collect();
    for order in &orders {
        let mut sorted = order.clone();
        sorted.sort();
        let mut expected: Vec<String> = orders[0].clone();
        expected.sort();
        assert_eq!(sorted, expected, "every model fights once");
    }
    assert!(
        orders.iter().any(|o| o != &orders[0]),
        "the order changes from game to game: {orders:?}"
    );
    buntai()
        .args([
            "simulate",
            "--scenario",
            "tournament",
            "examples/sohei.toml",
            "examples/sohei.toml",
        ])
        .args(["--games", "2", "--order-a", "2,x"])
        .current_dir(repo())
        .assert()
        .code(2);
}

#[test]
fn a_shot_at_a_mounted_model_falls_on_the_mount_or_the_rider() {
    use crate::support::{buntai, json};
    let odds = |extra: &[&str]| {
        let out = buntai()
            .args([
                "odds", "shoot", "--shoot", "1", "--weapon", "yumi", "--range", "10",
            ])
            .args(["--vs-armour", "heavy", "--format", "json"])
            .args(extra)
            .output()
            .expect("run");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        json(&out)
    };
    let unaimed = odds(&["--vs-mounted"]);
    let share = |prefix: &str| -> f64 {
        unaimed["results"]
            .as_array()
            .expect("results")
            .iter()
            .filter(|r| r["result"].as_str().is_some_and(|s| s.starts_with(prefix)))
            .map(|r| r["numerator"].as_f64().expect("n") / r["denominator"].as_f64().expect("d"))
            .sum()
    };
    assert!(
        (share("mount") - 4.0 / 6.0).abs() < 1e-9,
        "1-4 on a d6 hits the mount"
    );
    assert!((share("rider") - 2.0 / 6.0).abs() < 1e-9, "5-6 the rider");
    // Aimed at the mount: -1 to hit, and the mount's light armour (+1 to the target number).
    let aimed = odds(&["--vs-mounted", "--aim", "mount"]);
    let attack: i64 = aimed["attack"]
        .as_array()
        .expect("attack")
        .iter()
        .map(|t| t["value"].as_i64().expect("v"))
        .sum();
    let defence: i64 = aimed["defence"]
        .as_array()
        .expect("defence")
        .iter()
        .map(|t| t["value"].as_i64().expect("v"))
        .sum();
    assert_eq!(
        attack,
        1 - 1,
        "Shoot 1 at 10\" (no range modifier), called shot -1"
    );
    assert_eq!(defence, 6 + 1, "the mount counts as light armour");
}

/// The shooting Defence of each armour class against a weapon at `range` inches.
fn defence_by_armour(cat: &buntai::ronin::model::Catalogue, weapon: &str, range: f64) -> [i32; 4] {
    let weapon = cat.weapon(weapon).expect("weapon");
    Armour::ALL.map(|armour| {
        let ctx = ShotContext {
            range,
            target_armour: Some(armour),
            ..ShotContext::default()
        };
        defence_items(cat, weapon, &ctx)
            .iter()
            .map(|(_, v)| v)
            .sum()
    })
}

#[test]
fn a_revolver_target_counts_its_armour_one_class_worse() {
    let cat = load(&DataSource::Embedded).expect("data");
    // none, light, medium, heavy: 6+0, 6+0 (light as none), 6+1, 6+2.
    assert_eq!(defence_by_armour(&cat, "revolver", 5.0), [6, 6, 7, 8]);
    let revolver = cat.weapon("revolver").expect("revolver");
    let sum = |range: f64| {
        let ctx = ShotContext {
            range,
            ..ShotContext::default()
        };
        attack_modifiers(&cat, revolver, &ctx)
            .expect("in range")
            .iter()
            .map(|(_, v)| v)
            .sum::<i32>()
    };
    // Under 6" the R-71 band gives +1; at 6" the band's 0; beyond, the revolver's own -1 too.
    assert_eq!((sum(5.0), sum(6.0), sum(6.5)), (1, 0, -1));
    assert!(
        attack_modifiers(
            &cat,
            revolver,
            &ShotContext {
                range: 12.5,
                ..ShotContext::default()
            }
        )
        .is_err(),
        "12 inches at most"
    );
}

#[test]
fn a_rifle_treats_armour_as_a_teppo_does_on_the_normal_range_column() {
    let cat = load(&DataSource::Embedded).expect("data");
    assert_eq!(defence_by_armour(&cat, "rifle", 10.0), [6, 6, 6, 7]);
    let rifle = cat.weapon("rifle").expect("rifle");
    let teppo = cat.weapon("teppo").expect("teppo");
    let far = ShotContext {
        range: 30.0,
        ..ShotContext::default()
    };
    let sum = |w| {
        attack_modifiers(&cat, w, &far)
            .expect("in range")
            .iter()
            .map(|(_, v)| v)
            .sum::<i32>()
    };
    assert!(sum(rifle) > sum(teppo), "the teppo column is worse at 30\"");
}
