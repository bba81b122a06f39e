//! L5R mass battles: the round engine's rules of digest §17 with scripted d10s and fixed orders,
//! each named after its rule, and the invariants over many random battles.

use std::collections::VecDeque;

use buntai::l5r::ai::best_buys;
use buntai::l5r::battle::BattleFile;
use buntai::l5r::data::{self, Data};
use buntai::l5r::dice::ScriptedD10;
use buntai::l5r::engine::{self, Buys, Game, Log, Menu, Orders, Outcome, Policy, Question, View};
use buntai::l5r::event::Event;
use buntai::l5r::odds_table::Odds;
use buntai::l5r::setup::{self, Setup};

fn data() -> Data {
    data::load(None).expect("the built-in data loads")
}

/// A battle from TOML: two sides whose Generals roll Battle 0 + Perception 1 (one untrained die,
/// so a scripted d10 is the total) and Battle/Willpower 0 + 3 (three untrained dice).
fn battle(map: &str, a: &str, b: &str) -> (Setup, Odds) {
    let text = format!(
        "system = \"l5r-mass-battle\"\n{map}\n[side.a]\nname = \"A\"\ngeneral = {{ name = \"GA\", battle = 0, perception = 1, willpower = 3 }}\n{a}\n[side.b]\nname = \"B\"\ngeneral = {{ name = \"GB\", battle = 0, perception = 1, willpower = 3 }}\n{b}\n"
    );
    let file: BattleFile = toml::from_str(&text).expect("a battle file");
    let setup = setup::resolve(&data(), &file).expect("resolves");
    let odds = Odds::new(&setup);
    (setup, odds)
}

fn squads(n: usize) -> String {
    let list: Vec<String> = (0..n)
        .map(|i| format!("{{ name = \"s{i}\", mp = 1 }}"))
        .collect();
    format!("squads = [{}]", list.join(", "))
}

/// Fixed orders, raises from a queue, every buy the default would make (or the ones given).
struct Scripted {
    orders: Orders,
    raises: VecDeque<u32>,
    buys: Option<Buys>,
}

impl Scripted {
    fn new(formation: &str, advance: bool, squads: usize) -> Scripted {
        let ids = ["fire", "water", "void", "air", "earth"];
        Scripted {
            orders: Orders {
                formation: ids.iter().position(|f| *f == formation).expect("formation"),
                advance,
                squads: (0..squads).collect(),
                ..Orders::default()
            },
            raises: VecDeque::new(),
            buys: None,
        }
    }
}

impl Policy for Scripted {
    fn name(&self) -> &'static str {
        "scripted"
    }

    fn orders(&mut self, _v: &View, _side: usize, _enemy: Option<&Orders>) -> Orders {
        self.orders.clone()
    }

    fn raises(&mut self, _v: &View, _s: usize, _m: Menu, _c: &[f64], _l: &[f64]) -> u32 {
        self.raises.pop_front().unwrap_or(0)
    }

    fn buys(&mut self, _v: &View, _s: usize, menu: Menu, raises: u32) -> Buys {
        self.buys.unwrap_or_else(|| best_buys(menu, raises).0)
    }

    fn ask(&mut self, _v: &View, _s: usize, q: Question) -> bool {
        matches!(
            q,
            Question::Duel | Question::LayOnEnemy | Question::AttackFleeing
        )
    }
}

/// Play with the scripted dice until the battle ends or `rounds` are fought.
fn run(
    setup: &Setup,
    odds: &Odds,
    p: [&mut Scripted; 2],
    dice: &[u8],
    rounds: u32,
) -> (Option<engine::Result>, Vec<Event>, engine::State, usize) {
    let mut g = Game::new(setup, odds, ScriptedD10::new(dice), Log::recording());
    let [pa, pb] = p;
    let mut policies: [&mut dyn Policy; 2] = [pa, pb];
    let mut end = g.opening(&mut policies);
    while end.is_none() && g.state.round < rounds {
        end = g.next_round(&mut policies);
    }
    let left = g.d10.remaining();
    let state = g.state.clone();
    (end, g.log.events(), state, left)
}

fn battles(events: &[Event]) -> Vec<(&[i32; 2], &[i32; 2], &String)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Battle {
                gathered,
                totals,
                result,
                ..
            } => Some((gathered, totals, result)),
            _ => None,
        })
        .collect()
}

#[test]
fn battle_roll_within_five_is_a_tie_each_side_losing_a_squad_and_nobody_moving() {
    let (setup, odds) = battle("", &squads(4), &squads(4));
    let mut a = Scripted::new("water", true, 4);
    let mut b = Scripted::new("water", true, 4);
    // The roll-off (5 beats 3: A), then A rolls 9 and B 5.
    let (end, events, state, left) = run(&setup, &odds, [&mut a, &mut b], &[5, 3, 9, 5], 1);
    assert!(end.is_none());
    assert_eq!(left, 0, "every scripted die used, no more");
    assert_eq!(battles(&events)[0].2, "tie");
    assert_eq!((state.sides[0].mp(), state.sides[1].mp()), (3, 3));
    assert_eq!(state.sides[0].zone, Some(2));
    assert_eq!(state.sides[1].zone, Some(2));
    assert_eq!(
        state.initiative, 0,
        "the higher roller takes the initiative"
    );
}

#[test]
fn battle_roll_more_than_five_ahead_pushes_the_loser_back_and_kills_one_squad() {
    for (advance, follows) in [(true, Some(3)), (false, Some(2))] {
        let (setup, odds) = battle("", &squads(4), &squads(4));
        let mut a = Scripted::new("water", advance, 4);
        let mut b = Scripted::new("water", true, 4);
        let (_, events, state, _) = run(&setup, &odds, [&mut a, &mut b], &[5, 3, 9, 3], 1);
        assert_eq!(battles(&events)[0].2, "A wins");
        assert_eq!(state.sides[1].mp(), 3);
        assert_eq!(state.sides[0].mp(), 4);
        assert_eq!(state.sides[1].zone, Some(3), "B pushed toward its rear");
        assert_eq!(state.sides[0].zone, follows, "A follows only with Advance");
    }
}

#[test]
fn pushed_back_past_the_last_zone_an_army_loses() {
    let (setup, odds) = battle(
        "[map]\nstart = 0\nzones = [{ name = \"z0\" }, { name = \"z1\" }]",
        &squads(4),
        &squads(4),
    );
    let mut a = Scripted::new("water", true, 4);
    let mut b = Scripted::new("water", true, 4);
    // The roll-off, A 1 against B 9, then the after-battle roll for A's destroyed squad.
    let (end, _, _, left) = run(&setup, &odds, [&mut a, &mut b], &[5, 3, 1, 9, 9], 1);
    assert_eq!(left, 0);
    let end = end.expect("the battle ends");
    assert_eq!(end.outcome, Outcome::Won(1));
    assert_eq!(end.how, "off the map");
}

#[test]
fn engagement_gives_one_die_a_point_of_mp_in_excess() {
    // 5 MP each; A sends 3, B all 5: B +2k0.
    let (setup, odds) = battle("", &squads(5), &squads(5));
    let mut a = Scripted::new("water", true, 3);
    let mut b = Scripted::new("water", true, 5);
    let (_, events, _, _) = run(&setup, &odds, [&mut a, &mut b], &[5, 3, 5, 5, 5, 5], 1);
    assert_eq!(battles(&events)[0].0, &[0, 2]);
}

#[test]
fn formations_fire_against_void_is_plus_four_and_air_holding_minus_one() {
    let (setup, odds) = battle("", &squads(6), &squads(6));
    let mut a = Scripted::new("fire", false, 3);
    let mut b = Scripted::new("void", true, 3);
    // Fire +2 and strong against Void +2: A rolls 5 dice, B 1 (a tie at 5). Void's +1k0 comes
    // the round after: A rolls 4, B 1.
    let dice = [5, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5];
    let (_, events, _, left) = run(&setup, &odds, [&mut a, &mut b], &dice, 2);
    assert_eq!(left, 0, "the pools were as large as the bonuses say");
    let rolls = battles(&events);
    assert_eq!(rolls[0].0, &[4, 0]);
    assert_eq!(rolls[1].0, &[4, 1], "Void's bonus the round after");
    // Fire ordered to Hold Ground advances anyway.
    let advanced = events.iter().any(|e| {
        matches!(
            e,
            Event::Orders {
                side: 0,
                advance: true,
                ..
            }
        )
    });
    assert!(advanced, "Fire must Advance");
    let (setup, odds) = battle("", &squads(3), &squads(3));
    let mut a = Scripted::new("air", false, 3);
    // Void: no relation to Air on the ruled star (Water would be strong against it).
    let mut b = Scripted::new("void", true, 3);
    let (_, events, _, left) = run(&setup, &odds, [&mut a, &mut b], &[5, 3, 5, 5, 5], 1);
    assert_eq!(battles(&events)[0].0, &[-1, 0], "Air Holding: -1k0");
    assert_eq!(left, 0, "B rolls the one die the balance gives it");
}

#[test]
fn formation_change_costs_a_raise_a_step_the_first_one_free() {
    for (from, to, steps) in [
        ("fire", "water", 1),
        ("fire", "void", 2),
        ("fire", "earth", 1),
    ] {
        let (setup, odds) = battle("", &squads(8), &squads(8));
        let mut a = Scripted::new(from, true, 4);
        let mut b = Scripted::new("water", true, 4);
        let mut g = Game::new(
            &setup,
            &odds,
            ScriptedD10::new(&[[5, 3].as_slice(), &[5; 60]].concat()),
            Log::recording(),
        );
        let mut policies: [&mut dyn Policy; 2] = [&mut a, &mut b];
        assert!(g.opening(&mut policies).is_none());
        assert!(g.next_round(&mut policies).is_none());
        a.orders.formation = ["fire", "water", "void", "air", "earth"]
            .iter()
            .position(|f| *f == to)
            .expect("to");
        let mut policies: [&mut dyn Policy; 2] = [&mut a, &mut b];
        assert!(g.next_round(&mut policies).is_none());
        let events = g.log.events();
        let changes: Vec<u32> = events
            .iter()
            .filter_map(|e| match e {
                Event::Orders {
                    side: 0,
                    change_raises,
                    ..
                } => Some(*change_raises),
                _ => None,
            })
            .collect();
        assert_eq!(changes, [0, steps], "{from} to {to}");
        // The raises count against A's roll: A's effective total is 5 below its roll a step.
        let Some(Event::Battle {
            raises,
            totals,
            effective,
            ..
        }) = events
            .iter()
            .rev()
            .find(|e| matches!(e, Event::Battle { .. }))
        else {
            panic!("a Battle roll")
        };
        assert_eq!(raises[0], steps);
        assert_eq!(effective[0], totals[0] - 5 * steps as i32);
    }
}

#[test]
fn chickening_out_when_penalties_bring_the_pool_to_nothing() {
    // Battle 2 + Perception 2 = 4 dice; the herald wins with a raise (-2k0), the duel is won
    // with a raise (-2k0): 0 dice, A retreats, -0.5 Honor and -0.5 Glory.
    let text = r#"system = "l5r-mass-battle"
[side.a]
name = "A"
general = { name = "GA", battle = 2, perception = 2, willpower = 2 }
officers = [
  { name = "ha", role = "herald", rolls = { sincerity = [0, 1] } },
  { name = "ca", role = "champion", rolls = { iaijutsu = [0, 2] } },
]
squads = [{ name = "s", mp = 1 }]
[side.b]
name = "B"
general = { name = "GB", battle = 2, perception = 2, willpower = 2 }
officers = [
  { name = "hb", role = "herald", rolls = { sincerity = [0, 1] } },
  { name = "cb", role = "champion", rolls = { iaijutsu = [0, 2] } },
]
squads = [{ name = "s", mp = 1 }]
"#;
    let file: BattleFile = toml::from_str(text).expect("battle");
    let setup = setup::resolve(&data(), &file).expect("resolves");
    let odds = Odds::new(&setup);
    let mut a = Scripted::new("water", true, 1);
    let mut b = Scripted::new("water", true, 1);
    b.raises = VecDeque::from([1, 1]);
    // Roll-off; heralds A 2, B 9 (9 - 5 > 2); duel A 1+1, B 10+10 (20 - 5 = 15, by 13).
    let (end, events, _, _) = run(
        &setup,
        &odds,
        [&mut a, &mut b],
        &[5, 3, 2, 9, 1, 1, 10, 10, 1, 1],
        1,
    );
    let end = end.expect("ends before round 1");
    assert_eq!(end.outcome, Outcome::Won(1));
    assert_eq!(end.how, "chickened out");
    assert_eq!(end.rounds, 0);
    // -5 tenths each, +1 each for everyone at the end.
    assert_eq!((end.honor[0], end.glory[0]), (-4, -4));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Note { text, .. } if text.contains("chickens out")))
    );
}

#[test]
fn retreat_rolls_against_twenty_plus_the_army_mp() {
    let (setup, odds) = battle("", &squads(7), &squads(4));
    let mut a = Scripted::new("water", true, 5);
    a.orders.retreat = true;
    let mut b = Scripted::new("water", true, 4);
    // Roll-off, then A's Battle/Willpower (three untrained dice) 10 + 10 + 7 = 27: an orderly retreat.
    let (end, events, _, _) = run(&setup, &odds, [&mut a, &mut b], &[5, 3, 10, 10, 7], 1);
    let end = end.expect("ends");
    assert_eq!(end.outcome, Outcome::Retreated(0));
    let tn = events.iter().find_map(|e| match e {
        Event::Roll { what, tn, .. } if what.starts_with("retreat") => *tn,
        _ => None,
    });
    assert_eq!(tn, Some(27));
}

#[test]
fn half_strength_is_checked_once_at_half_the_starting_mp() {
    let (setup, odds) = battle("", &squads(8), &squads(8));
    let mut a = Scripted::new("water", true, 5);
    let mut b = Scripted::new("water", true, 5);
    // Four ties bring both to 4 of 8: each General checks (three dice, 10s pass TN 20); a fifth
    // tie brings them to 3 and nobody checks again.
    let mut dice = vec![5, 3];
    dice.extend([5, 5, 5, 5, 5, 5, 5, 5]);
    dice.extend([10, 10, 10, 10, 10, 10]);
    dice.extend([5, 5]);
    let (end, events, state, left) = run(&setup, &odds, [&mut a, &mut b], &dice, 5);
    assert!(end.is_none());
    assert_eq!(left, 0);
    assert_eq!(state.sides[0].mp(), 3);
    let checks: Vec<(u32, usize, Option<i32>)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Roll {
                round,
                side,
                what,
                tn,
                ..
            } if what.starts_with("half strength") => Some((*round, *side, *tn)),
            _ => None,
        })
        .collect();
    assert_eq!(checks, [(4, 0, Some(20)), (4, 1, Some(20))]);
}

#[test]
fn resiliency_is_the_formation_tn_plus_shore_defenses_and_air_raises() {
    let (setup, _) = battle("", &squads(1), &squads(1));
    let water = 1;
    assert_eq!(engine::resiliency_tn(&setup, water, 0, 0), 20);
    assert_eq!(
        engine::resiliency_tn(&setup, water, 2 * setup.n.shore, 0),
        30
    );
    assert_eq!(
        engine::resiliency_tn(&setup, water, 2 * setup.n.shore, 2),
        40
    );
    let tns: Vec<i32> = (0..5)
        .map(|f| engine::resiliency_tn(&setup, f, 0, 0))
        .collect();
    assert_eq!(tns, [10, 20, 15, 25, 30]);
}

#[test]
fn captives_add_ten_to_the_holders_tn_each() {
    let officer = "officers = [{ name = \"oa\", rolls = { kenjutsu = [0, 1] } }]\n";
    let (setup, odds) = battle("", &format!("{officer}{}", squads(4)), &squads(4));
    let mut a = Scripted::new("water", true, 2);
    a.orders.officers = vec![0];
    let mut b = Scripted::new("water", true, 2);
    let mut g = Game::new(
        &setup,
        &odds,
        ScriptedD10::new(&[5, 3, 4, 5, 5, 1, 1]),
        Log::recording(),
    );
    g.state.sides[0].captives = 2;
    let mut policies: [&mut dyn Policy; 2] = [&mut a, &mut b];
    assert!(g.opening(&mut policies).is_none());
    let _ = g.next_round(&mut policies);
    let tn = g.log.events().iter().find_map(|e| match e {
        Event::Roll { what, tn, .. } if what == "at the front" => *tn,
        _ => None,
    });
    assert_eq!(tn, Some(40), "TN 20 against Water, +10 a captive");
}

#[test]
fn a_raid_wounding_the_general_costs_a_die_and_one_more_each_five_wounds() {
    assert_eq!(engine::raid_penalty(12, 5), 3);
    assert_eq!(engine::raid_penalty(4, 5), 1);
    assert_eq!(engine::raid_penalty(0, 5), 0);
}

#[test]
fn permanent_losses_two_in_ten_one_more_after_a_return_and_never_below_one() {
    let (setup, _) = battle("", &squads(1), &squads(1));
    let n = &setup.n;
    assert_eq!(engine::loss_threshold(n, 0, 0), 2);
    assert_eq!(engine::loss_threshold(n, 1, 0), 3);
    assert_eq!(engine::loss_threshold(n, 0, 1), 1);
    assert_eq!(engine::loss_threshold(n, 0, 2), 1);
}

#[test]
fn healing_ten_points_bring_back_a_squad_and_the_rest_heal_wounds() {
    assert_eq!(engine::share_healing(23, 5, 10), (2, 3));
    assert_eq!(
        engine::share_healing(23, 1, 10),
        (1, 13),
        "no more squads than are dead"
    );
    assert_eq!(engine::share_healing(-4, 3, 10), (0, 0));
}

#[test]
fn zone_effects_change_engaged_mp_walls_moat_mud_and_a_first_round_ambush() {
    let map = r#"[map]
defender = "a"
start = 1
zones = [
  { name = "z0" },
  { name = "Gate", effects = [{ kind = "walls", x = 2, side = "defender" }, { kind = "moat", x = 1, side = "defender" }, { kind = "muddy", x = 1 }, { kind = "ambush", x = 3, side = "b", hidden = true }] },
  { name = "z2" },
]"#;
    let (setup, odds) = battle(map, &squads(3), &squads(3));
    let mut g = Game::new(&setup, &odds, ScriptedD10::new(&[]), Log::off());
    let all = [0, 1, 2];
    // A defends: 3 + 2 (walls) - 1 (mud) = 4. B attacks: 3 - 1 (moat) - 1 (mud) + 3 (ambush) = 4.
    assert_eq!(g.engaged(0, &all, 1), 4);
    assert_eq!(g.engaged(1, &all, 1), 4);
    // After a round fought there, the Ambush is spent.
    g.state.fought[1] = 1;
    assert_eq!(g.engaged(1, &all, 1), 1);
    // Never below 0.
    assert_eq!(g.engaged(1, &[], 1), 0);
}

/// Invariants over many random battles of both bundled examples.
#[test]
fn random_battles_keep_mp_and_losses_consistent_and_end_within_the_cap() {
    let data = data();
    let (mut captures, mut raids) = (0, 0);
    for name in ["castle-gate.toml", "open-field.toml"] {
        let path = crate::support::repo()
            .join("examples/l5r-mass-battle")
            .join(name);
        let text = std::fs::read_to_string(path).expect("read");
        let file: BattleFile = toml::from_str(&text).expect("battle");
        let setup = setup::resolve(&data, &file).expect("resolves");
        let odds = Odds::new(&setup);
        for game in 0..150u64 {
            let kinds = [buntai::l5r::ai::Kind::Random, buntai::l5r::ai::Kind::Random];
            let (result, log) =
                buntai::l5r::simulate::play_one(&setup, &odds, kinds, 9, 0, game, Log::recording());
            assert!(result.rounds <= setup.n.round_cap);
            let events = log.events();
            let mut removed = [0i32; 2];
            let mut returned = [0i32; 2];
            for e in &events {
                match e {
                    Event::Loss {
                        side, mp, mp_left, ..
                    } => {
                        removed[*side] += mp;
                        assert!(*mp_left >= 0);
                    }
                    Event::Note {
                        side: Some(s),
                        text,
                        ..
                    } if text.contains("returns with") => {
                        let mp: i32 = text
                            .split("returns with ")
                            .nth(1)
                            .and_then(|t| t.split(' ').next())
                            .and_then(|n| n.parse().ok())
                            .expect("MP");
                        returned[*s] += mp;
                    }
                    Event::Roll { total, .. } => assert!(*total >= 0),
                    _ => {}
                }
            }
            for s in 0..2 {
                assert_eq!(
                    result.mp_lost[s],
                    removed[s] - returned[s],
                    "{name} game {game} side {s}"
                );
                assert!(result.mp_lost[s] <= setup.sides[s].mp());
                assert!(result.squads_lost_for_good[s] <= result.squads_destroyed[s]);
            }
            assert!(matches!(events.last(), Some(Event::End { .. })));
            if let Err(why) = buntai::l5r::check::check(&setup, &events) {
                panic!("{name} game {game}: the log does not hold: {why}");
            }
            captures += result.captures[0] + result.captures[1];
            raids += events
                .iter()
                .filter(|e| matches!(e, Event::Roll { what, .. } if what == "raid: attack"))
                .count();
        }
    }
    // The random policy buys every effect now and then: captures and raids were played.
    assert!(captures > 0, "no capture in 300 random battles");
    assert!(raids > 0, "no raid in 300 random battles");
}

#[test]
fn an_officer_steps_up_against_twenty_five_plus_the_mp_left_and_rolls_at_minus_five() {
    let officer = "officers = [{ name = \"oa\", rolls = { battle = [0, 3] } }]\n";
    let (setup, odds) = battle("", &format!("{officer}{}", squads(4)), &squads(4));
    // 4 MP left: TN 29. His Battle roll is three untrained dice: 10 + 10 + 9 = 29.
    let mut g = Game::new(
        &setup,
        &odds,
        ScriptedD10::new(&[10, 10, 9]),
        Log::recording(),
    );
    assert!(g.step_up(0));
    assert_eq!(g.state.sides[0].stand_in, Some(0));
    assert_eq!(g.state.sides[0].post, 5, "-5k0 on his next Battle roll");
    let tn = g.log.events().iter().find_map(|e| match e {
        Event::Roll { what, tn, .. } if what.starts_with("steps up") => *tn,
        _ => None,
    });
    assert_eq!(tn, Some(29));
    // One short fails: the side has no General.
    let mut g = Game::new(&setup, &odds, ScriptedD10::new(&[10, 10, 8]), Log::off());
    assert!(!g.step_up(0));
    assert_eq!(g.state.sides[0].stand_in, None);
}

#[test]
fn an_ambush_is_removed_once_an_officer_reveals_it() {
    let map = r#"[map]
zones = [
  { name = "z0" },
  { name = "z1" },
  { name = "Ford", effects = [{ kind = "ambush", x = 3, side = "b", hidden = true }] },
  { name = "z3" },
  { name = "z4" },
]"#;
    let officer = "officers = [{ name = \"oa\", rolls = { kenjutsu = [0, 3] } }]\n";
    let (setup, odds) = battle(map, &format!("{officer}{}", squads(6)), &squads(6));
    let mut a = Scripted::new("water", true, 3);
    a.orders.officers = vec![0];
    a.raises = VecDeque::from([1]);
    a.buys = Some(Buys {
        reveal: 1,
        ..Buys::default()
    });
    let mut b = Scripted::new("water", true, 3);
    // The roll-off; A's officer 10 + 10 + 10 = 30 against TN 20 with a raise (25); the rest.
    let mut dice = vec![5, 3, 10, 10, 10];
    dice.extend([5; 12]);
    let (_, events, state, _) = run(&setup, &odds, [&mut a, &mut b], &dice, 1);
    assert!(
        state.revealed[2][0] && state.gone[2][0],
        "revealed and gone"
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Note { text, .. } if text == "reveals Ambush"))
    );
    // It sprang in this first round: B engaged 3 squads + 3.
    let engaged = events.iter().find_map(|e| match e {
        Event::Orders {
            side: 1,
            engaged_mp,
            ..
        } => Some(*engaged_mp),
        _ => None,
    });
    assert_eq!(engaged, Some(6));
}

#[test]
fn a_raider_gains_honor_and_glory_whatever_the_raid_does() {
    let officer = "officers = [{ name = \"oa\", rolls = { kenjutsu = [0, 6] } }]\n";
    let (setup, odds) = battle("", &format!("{officer}{}", squads(6)), &squads(6));
    let mut a = Scripted::new("water", true, 3);
    a.orders.officers = vec![0];
    a.raises = VecDeque::from([5]);
    a.buys = Some(Buys {
        raid: true,
        ..Buys::default()
    });
    let mut b = Scripted::new("water", true, 3);
    // The roll-off; the officer's six untrained dice, 60 against TN 20 + 5 raises; his attack
    // misses (5k3 of 1s against armour TN 20), the General's blow misses too; the rest.
    let mut dice = vec![5, 3];
    dice.extend([10; 6]);
    dice.extend([1; 10]);
    dice.extend([5; 3]);
    dice.extend([1; 6]);
    let (_, events, state, _) = run(&setup, &odds, [&mut a, &mut b], &dice, 1);
    let attack = events.iter().find_map(|e| match e {
        Event::Roll { what, success, .. } if what == "raid: attack" => *success,
        _ => None,
    });
    assert_eq!(attack, Some(false), "the raid missed");
    assert_eq!((state.sides[0].honor, state.sides[0].glory), (3, 5));
    assert_eq!(state.sides[1].general_wounds, 0);
    // The raider took 3k3 Attrition in place of 2k2.
    let pool = events.iter().find_map(|e| match e {
        Event::Attrition { side: 0, pool, .. } => Some(pool.clone()),
        _ => None,
    });
    assert_eq!(pool.as_deref(), Some("3k3"));
}

#[test]
fn earth_must_hold_whatever_its_orders_say() {
    let (setup, odds) = battle("", &squads(6), &squads(6));
    let mut a = Scripted::new("earth", true, 3);
    let mut b = Scripted::new("water", true, 3);
    let (_, events, _, _) = run(&setup, &odds, [&mut a, &mut b], &[5, 3, 5, 5, 5, 5, 5], 1);
    let held = events.iter().any(|e| {
        matches!(
            e,
            Event::Orders {
                side: 0,
                advance: false,
                ..
            }
        )
    });
    assert!(held, "Earth Advancing is refused: it holds");
}

#[test]
fn the_log_of_a_default_battle_holds_and_a_changed_total_does_not() {
    let data = data();
    let path = crate::support::repo().join("examples/l5r-mass-battle/castle-gate.toml");
    let file: BattleFile =
        toml::from_str(&std::fs::read_to_string(path).expect("read")).expect("battle");
    let setup = setup::resolve(&data, &file).expect("resolves");
    let odds = Odds::new(&setup);
    for game in 0..100u64 {
        let kinds = [
            buntai::l5r::ai::Kind::Default,
            buntai::l5r::ai::Kind::Default,
        ];
        let (_, log) =
            buntai::l5r::simulate::play_one(&setup, &odds, kinds, 4, 0, game, Log::recording());
        let mut events = log.events();
        buntai::l5r::check::check(&setup, &events).expect("a default battle's log holds");
        // One Battle total changed by one: its effective total no longer follows.
        let i = events
            .iter()
            .position(|e| matches!(e, Event::Battle { .. }))
            .expect("a Battle roll");
        if let Event::Battle { totals, .. } = &mut events[i] {
            totals[0] += 1;
        }
        let why =
            buntai::l5r::check::check(&setup, &events).expect_err("a changed total is caught");
        assert!(why.contains("effective total"), "{why}");
    }
}

#[test]
fn a_capture_costs_the_capturer_one_k1_more_attrition_and_earns_glory_if_he_ends_free() {
    let a_officer = "officers = [{ name = \"oa\", rolls = { kenjutsu = [0, 6] } }]\n";
    let b_officer = "officers = [{ name = \"ob\", rolls = { kenjutsu = [2, 2] } }]\n";
    let (setup, odds) = battle(
        "",
        &format!("{a_officer}{}", squads(6)),
        &format!("{b_officer}{}", squads(6)),
    );
    let mut a = Scripted::new("water", true, 3);
    a.orders.officers = vec![0];
    a.raises = VecDeque::from([4]);
    a.buys = Some(Buys {
        capture: true,
        ..Buys::default()
    });
    let mut b = Scripted::new("water", true, 3);
    // The roll-off; 60 against TN 20 + 4 raises; the Battle roll; his Attrition 2k2 + 1k1.
    let mut dice = vec![5, 3];
    dice.extend([10; 6]);
    dice.extend([5, 5, 5]);
    dice.extend([1, 1, 1]);
    dice.extend([5; 6]);
    let (_, events, state, _) = run(&setup, &odds, [&mut a, &mut b], &dice, 1);
    assert!(state.sides[1].officers[0].captured, "ob is captured");
    assert_eq!(state.sides[0].captives, 1);
    assert_eq!(state.sides[0].glory, 3, "+0.3 Glory: he ended Step 6 free");
    let pool = events.iter().find_map(|e| match e {
        Event::Attrition { side: 0, pool, .. } => Some(pool.clone()),
        _ => None,
    });
    assert_eq!(pool.as_deref(), Some("3k3"));
    // The captive holder's Battle roll counts 10 less.
    let Some(Event::Battle {
        totals, effective, ..
    }) = events.iter().find(|e| matches!(e, Event::Battle { .. }))
    else {
        panic!("a Battle roll")
    };
    assert_eq!(effective[0], totals[0] - 10);
}
