//! Samurai 1550-1600's rules on the grid, each with scripted d6s and set positions, named after
//! the rule (digest §14). Positions are squares `a1`..`f6`; side A faces N (towards row 6).

use buntai::samurai::data::{self, Data};
use buntai::samurai::engine::dice::Script;
use buntai::samurai::engine::event::{Event, How, Log};
use buntai::samurai::engine::game::{self, Deployment, Policy};
use buntai::samurai::engine::rules::{Effect, Recruit, Rules};
use buntai::samurai::engine::state::{Act, Acts, Game, NONE, Owner, parse};

fn data() -> Data {
    data::load(None).expect("the built-in data loads")
}

fn rules(data: &Data) -> Rules {
    let scenario = data.scenario("pitched-battle").expect("pitched battle");
    Rules::new(data, scenario).expect("rules compile")
}

fn sq(name: &str) -> u8 {
    parse(name).expect("a square")
}

struct Table {
    rules: Rules,
    game: Game,
}

impl Table {
    fn new() -> Table {
        let rules = rules(&data());
        let game = Game::new(&rules);
        Table { rules, game }
    }

    fn ground(&mut self, at: &str, id: &str) -> &mut Table {
        let g = self
            .rules
            .grounds
            .iter()
            .position(|g| g.id == id)
            .expect("a ground");
        self.game.ground[usize::from(sq(at))] = g as u8;
        self
    }

    /// Put a unit of `kind` for `side` (0 = A facing N, 1 = B facing S) on `at`.
    fn put(&mut self, side: u8, kind: &str, at: &str, addition: Option<Effect>) -> u8 {
        self.put_as(side, kind, at, addition, false)
    }

    fn put_as(
        &mut self,
        side: u8,
        kind: &str,
        at: &str,
        addition: Option<Effect>,
        hatamoto: bool,
    ) -> u8 {
        let k = self
            .rules
            .kinds
            .iter()
            .position(|k| k.id == kind)
            .expect("a unit type");
        let recruit = Recruit {
            kind: k as u8,
            name: format!("{kind} {at}"),
            hatamoto,
            addition,
            addition_id: None,
            reserve: false,
        };
        let facing = if side == 0 { 0 } else { 2 };
        self.game.place(&self.rules, side, &recruit, sq(at), facing)
    }

    fn actions(&self, unit: u8) -> Acts {
        let mut acts = Acts::new();
        self.game.actions(&self.rules, unit, &mut acts);
        acts
    }

    /// Take an action with these d6s; the events it made.
    fn act(&mut self, act: Act, d6: &[u8]) -> Vec<Event> {
        let mut dice = Script::new(d6, &[]);
        let (mut a, mut b) = (Keep, Keep);
        let mut owners: [&mut dyn Owner; 2] = [&mut a, &mut b];
        let mut log = Log::recording();
        assert!(
            self.game.apply(
                &self.rules,
                act,
                How::Activation,
                &mut dice,
                &mut owners,
                &mut log
            ),
            "{act:?} is allowed"
        );
        assert_eq!(dice.remaining(), (0, 0), "every scripted die was rolled");
        log.events
    }

    fn hits(&self, unit: u8) -> u8 {
        self.game.unit(unit).hits
    }
}

/// Owners that never turn to face and give up their first unit.
struct Keep;

impl Owner for Keep {
    fn turn_to_face(&mut self, _: &Game, _: &Rules, _: u8, _: u8) -> bool {
        false
    }
    fn post_loss(&mut self, game: &Game, _: &Rules, side: u8) -> u8 {
        game.alive(side).map(|(i, _)| i).next().unwrap_or(NONE)
    }
}

fn fight(unit: u8, target: u8) -> Act {
    Act::Fight { unit, target }
}

fn shoot(unit: u8, target: u8) -> Act {
    Act::Shoot { unit, target }
}

fn attack_hits(events: &[Event]) -> u8 {
    events
        .iter()
        .find_map(|e| match e {
            Event::Attack { hits, .. } => Some(*hits),
            _ => None,
        })
        .expect("an attack")
}

#[test]
fn a_d3_is_a_d6_halved_rounding_up() {
    // Foot Samurai (+1) on Ashigaru in the open: hits are D3 + 1.
    for (d6, d3) in [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)] {
        let mut t = Table::new();
        let foot = t.put(0, "foot-samurai", "c3", None);
        let ash = t.put(1, "ashigaru", "c4", None);
        let events = t.act(fight(foot, ash), &[d6]);
        assert!(
            matches!(events[0], Event::Attack { d3: x, .. } if x == d3),
            "d6 {d6}"
        );
        assert_eq!(t.hits(ash), d3 + 1, "d6 {d6}");
    }
}

#[test]
fn foot_samurai_add_one_to_their_close_combat_roll() {
    let mut t = Table::new();
    let foot = t.put(0, "foot-samurai", "c3", None);
    let ash = t.put(1, "ashigaru", "c4", None);
    assert_eq!(attack_hits(&t.act(fight(foot, ash), &[3])), 3);
}

#[test]
fn foot_samurai_attacking_mounted_samurai_take_one_off() {
    let mut t = Table::new();
    let foot = t.put(0, "foot-samurai", "c3", None);
    let horse = t.put(1, "mounted-samurai", "c4", None);
    assert_eq!(attack_hits(&t.act(fight(foot, horse), &[1])), 1);
}

#[test]
fn mounted_samurai_attacking_ashigaru_score_never_below_nothing() {
    let mut t = Table::new();
    let horse = t.put(0, "mounted-samurai", "c3", None);
    let ash = t.put(1, "ashigaru", "c4", None);
    assert_eq!(attack_hits(&t.act(fight(horse, ash), &[2])), 0);
    assert_eq!(t.hits(ash), 0);
}

#[test]
fn a_defender_in_woods_or_on_a_hill_takes_one_less() {
    let mut t = Table::new();
    t.ground("c4", "woods");
    let ash = t.put(0, "ashigaru", "c3", None);
    let foot = t.put(1, "foot-samurai", "c4", None);
    t.game.units[usize::from(ash)].ammo = false;
    assert_eq!(attack_hits(&t.act(fight(ash, foot), &[5])), 2);

    let mut t = Table::new();
    t.ground("c4", "hill");
    let a = t.put(0, "foot-samurai", "c3", None);
    let b = t.put(1, "foot-samurai", "c4", None);
    assert_eq!(attack_hits(&t.act(fight(a, b), &[1])), 1);
}

#[test]
fn an_attacker_in_contact_with_several_enemies_takes_one_off_for_each_other() {
    let mut t = Table::new();
    let foot = t.put(0, "foot-samurai", "c3", None);
    let target = t.put(1, "ashigaru", "c4", None);
    t.put(1, "ashigaru", "b3", None);
    t.put(1, "ashigaru", "d3", None);
    assert_eq!(attack_hits(&t.act(fight(foot, target), &[3])), 1);
}

#[test]
fn shooting_at_a_unit_in_a_town_takes_one_off_and_a_natural_three_runs_out_of_ammunition() {
    let mut t = Table::new();
    t.ground("c5", "town");
    let ash = t.put(0, "ashigaru", "c3", None);
    let target = t.put(1, "foot-samurai", "c5", None);
    assert_eq!(attack_hits(&t.act(shoot(ash, target), &[1])), 0);
    assert!(t.game.unit(ash).ammo);
    // A new player turn: the same unit shoots again.
    t.game.units[usize::from(ash)].shot = false;
    let events = t.act(shoot(ash, target), &[6]);
    assert_eq!(attack_hits(&events), 2);
    assert!(!t.game.unit(ash).ammo);
    assert!(matches!(
        events[0],
        Event::Attack {
            out_of_ammunition: true,
            ..
        }
    ));
}

#[test]
fn a_cannon_adds_one_and_is_lost_when_its_ashigaru_run_dry() {
    let mut t = Table::new();
    let ash = t.put(0, "ashigaru", "c3", Some(Effect::Cannon));
    let target = t.put(1, "foot-samurai", "c5", None);
    let events = t.act(shoot(ash, target), &[5]);
    assert_eq!(attack_hits(&events), 4);
    let u = t.game.unit(ash);
    assert!(!u.ammo && !u.cannon);
    assert!(matches!(
        events[0],
        Event::Attack {
            cannon_removed: true,
            ..
        }
    ));
}

#[test]
fn ammunition_supplies_ignore_the_first_time_ashigaru_run_out() {
    let mut t = Table::new();
    let ash = t.put(0, "ashigaru", "c3", Some(Effect::Supplies));
    let target = t.put(1, "foot-samurai", "c5", None);
    t.act(shoot(ash, target), &[5]);
    assert!(t.game.unit(ash).ammo && !t.game.unit(ash).supplies);
    t.game.units[usize::from(ash)].shot = false;
    t.act(shoot(ash, target), &[6]);
    assert!(!t.game.unit(ash).ammo);
}

#[test]
fn tate_halve_shots_rounding_up_until_their_unit_moves() {
    let mut t = Table::new();
    let ash = t.put(0, "ashigaru", "c3", None);
    let target = t.put(1, "foot-samurai", "c5", Some(Effect::Tate));
    assert_eq!(attack_hits(&t.act(shoot(ash, target), &[5])), 2);
    let other = t.put(0, "ashigaru", "d4", None);
    assert_eq!(attack_hits(&t.act(shoot(other, target), &[1])), 1);
    // The target moves (a pivot is a move): its planted Tate are gone.
    t.act(
        Act::Move {
            unit: target,
            to: sq("c5"),
            facing: 1,
        },
        &[],
    );
    let third = t.put(0, "ashigaru", "b4", None);
    // A fresh player turn: clear who has been shot at.
    for u in t.game.units.iter_mut() {
        u.under_fire = false;
    }
    let hits = attack_hits(&t.act(shoot(third, target), &[5]));
    assert_eq!(hits, 3);
}

#[test]
fn palisades_halve_close_combat_but_not_shots() {
    let mut t = Table::new();
    let foot = t.put(0, "foot-samurai", "c3", None);
    let target = t.put(1, "ashigaru", "c4", Some(Effect::Palisades));
    assert_eq!(attack_hits(&t.act(fight(foot, target), &[5])), 2);
    let mut t = Table::new();
    let ash = t.put(0, "ashigaru", "c2", None);
    let target = t.put(1, "ashigaru", "c4", Some(Effect::Palisades));
    assert_eq!(attack_hits(&t.act(shoot(ash, target), &[5])), 3);
}

#[test]
fn a_unit_is_eliminated_at_nine_hits_and_the_hatamoto_at_thirteen() {
    let mut t = Table::new();
    let foot = t.put(0, "foot-samurai", "c3", None);
    let ash = t.put(1, "ashigaru", "c4", None);
    t.game.units[usize::from(ash)].hits = 6;
    t.act(fight(foot, ash), &[1]); // 2 hits: 8
    assert!(t.game.unit(ash).alive);
    t.act(fight(foot, ash), &[1]); // 2 more: 10
    assert!(!t.game.unit(ash).alive);
    assert_eq!(t.game.at(sq("c4")), None);

    let mut t = Table::new();
    let foot = t.put(0, "foot-samurai", "c3", None);
    let hatamoto = t.put_as(1, "foot-samurai", "c4", None, true);
    t.game.units[usize::from(hatamoto)].hits = 10;
    t.act(fight(foot, hatamoto), &[1]); // 1 + 1 = 2 hits: 12
    assert_eq!(t.hits(hatamoto), 12);
    assert!(t.game.unit(hatamoto).alive);
    t.act(fight(foot, hatamoto), &[1]); // 14
    assert!(!t.game.unit(hatamoto).alive);
}

#[test]
fn losing_the_hatamoto_costs_every_other_unit_its_own_d3_once() {
    let mut t = Table::new();
    let foot = t.put(0, "foot-samurai", "c3", None);
    let hatamoto = t.put_as(1, "mounted-samurai", "c4", None, true);
    let others: Vec<u8> = ["a6", "b6", "d6", "e6", "f6"]
        .iter()
        .map(|s| t.put(1, "ashigaru", s, None))
        .collect();
    t.game.units[usize::from(hatamoto)].hits = 12;
    t.game.units[usize::from(others[0])].hits = 8;
    // The attack (d6 6: 3 + 1 - 1 = 3), then one d6 a remaining unit: 1, 3, 5, 2, 6.
    let events = t.act(fight(foot, hatamoto), &[6, 1, 3, 5, 2, 6]);
    assert!(!t.game.unit(hatamoto).alive);
    assert!(!t.game.unit(others[0]).alive, "8 + 1 reaches 9");
    let hits: Vec<u8> = others[1..].iter().map(|&u| t.hits(u)).collect();
    assert_eq!(hits, [2, 3, 1, 3]);
    let losses = events
        .iter()
        .filter(|e| matches!(e, Event::DaimyoLost { .. }))
        .count();
    assert_eq!(losses, 1, "no second round of D3s");
    assert_eq!(
        t.game.points[0], 3,
        "2 for the Hatamoto, 1 for the unit it cost"
    );
}

#[test]
fn only_a_faster_unit_may_disengage() {
    let disengages = |mine: &str, theirs: &[(&str, &str)]| {
        let mut t = Table::new();
        let u = t.put(0, mine, "c3", None);
        for (kind, at) in theirs {
            t.put(1, kind, at, None);
        }
        t.actions(u).iter().any(|a| matches!(a, Act::Move { .. }))
    };
    assert!(disengages("mounted-samurai", &[("foot-samurai", "c4")]));
    assert!(!disengages("foot-samurai", &[("mounted-samurai", "c4")]));
    assert!(!disengages("ashigaru", &[("ashigaru", "c4")]));
    assert!(!disengages(
        "mounted-samurai",
        &[("foot-samurai", "c4"), ("mounted-samurai", "b3")]
    ));
}

#[test]
fn ashigaru_charge_only_out_of_ammunition_and_nobody_charges_a_unit_under_fire() {
    let charges = |t: &Table, u: u8| {
        t.actions(u)
            .iter()
            .filter(|a| matches!(a, Act::Charge { .. }))
            .count()
    };
    let mut t = Table::new();
    let ash = t.put(0, "ashigaru", "c3", None);
    t.put(1, "foot-samurai", "c5", None);
    assert_eq!(charges(&t, ash), 0);
    t.game.units[usize::from(ash)].ammo = false;
    assert!(charges(&t, ash) > 0);

    let mut t = Table::new();
    let shooter = t.put(0, "ashigaru", "a4", None);
    let horse = t.put(0, "mounted-samurai", "b2", None);
    let target = t.put(1, "foot-samurai", "b5", None);
    assert!(charges(&t, horse) > 0, "the horse can reach b5");
    t.act(shoot(shooter, target), &[1]);
    assert_eq!(charges(&t, horse), 0, "b5 was shot at this turn");
}

#[test]
fn one_attacker_a_face_so_a_fifth_cannot_contact() {
    let mut t = Table::new();
    let target = t.put(1, "foot-samurai", "c4", None);
    for at in ["c3", "b4", "d4"] {
        t.put(0, "foot-samurai", at, None);
    }
    let charger = t.put(0, "mounted-samurai", "c6", None);
    t.game.units[usize::from(charger)].facing = 2;
    let into = |t: &Table| {
        t.actions(charger)
            .iter()
            .filter(|a| matches!(a, Act::Charge { target: x, .. } if *x == target))
            .count()
    };
    assert_eq!(into(&t), 1, "only the rear face is free");
    t.put(0, "foot-samurai", "c5", None);
    assert_eq!(into(&t), 0, "all four faces held");
}

#[test]
fn moves_are_six_nine_and_twelve_inches_and_a_road_adds_three() {
    let reach = |kind: &str, road: bool| {
        let mut t = Table::new();
        if road {
            for r in 1..=6 {
                t.game.road |= 1 << sq(&format!("c{r}"));
            }
        }
        let u = t.put(0, kind, "c2", None);
        t.actions(u)
            .iter()
            .filter_map(|a| match a {
                Act::Move { to, .. } if *to != sq("c2") => Some(*to),
                _ => None,
            })
            .collect::<std::collections::BTreeSet<u8>>()
    };
    // Ashigaru: one orthogonal step; never a diagonal (8.5" > 6").
    assert!(reach("ashigaru", false).contains(&sq("c3")));
    assert!(!reach("ashigaru", false).contains(&sq("d3")));
    // Foot Samurai: a diagonal (8.5" <= 9"), not two steps.
    assert!(reach("foot-samurai", false).contains(&sq("d3")));
    assert!(!reach("foot-samurai", false).contains(&sq("c4")));
    // On the road the whole way: two steps (12" <= 9" + 3").
    assert!(reach("foot-samurai", true).contains(&sq("c4")));
    // Mounted Samurai: two steps, not three.
    assert!(reach("mounted-samurai", false).contains(&sq("c4")));
    assert!(!reach("mounted-samurai", false).contains(&sq("c5")));
}

#[test]
fn a_charge_gets_no_road_bonus() {
    let mut t = Table::new();
    for r in 1..=6 {
        t.game.road |= 1 << sq(&format!("c{r}"));
    }
    let foot = t.put(0, "foot-samurai", "c1", None);
    t.put(1, "ashigaru", "c4", None);
    assert!(
        !t.actions(foot)
            .iter()
            .any(|a| matches!(a, Act::Charge { .. })),
        "c3 is 12\" away: a move on the road, not a charge"
    );
    assert!(t.actions(foot).contains(&Act::Move {
        unit: foot,
        to: sq("c2"),
        facing: 0
    }));
}

#[test]
fn terrain_keeps_units_out_as_their_type_says() {
    let mut t = Table::new();
    t.ground("c3", "woods")
        .ground("b2", "hill")
        .ground("d2", "town")
        .ground("c1", "marsh");
    let horse = t.put(0, "mounted-samurai", "c2", None);
    let foot = t.put(0, "foot-samurai", "e1", None);
    let moves = t.actions(horse);
    let to = |acts: &Acts, at: &str| {
        acts.iter()
            .any(|a| matches!(a, Act::Move { to, .. } if *to == sq(at)))
    };
    assert!(!to(&moves, "c3"), "no woods for horses");
    assert!(!to(&moves, "b2"), "no hills for horses");
    assert!(!to(&moves, "d2"), "horses may not end in a town");
    assert!(to(&moves, "e2"), "but may ride through it to e2");
    assert!(!to(&moves, "c1"), "nobody enters marsh");
    let foot_moves = t.actions(foot);
    assert!(to(&foot_moves, "d2"), "Foot Samurai may end in a town");
}

#[test]
fn a_normal_move_may_not_end_next_to_an_enemy() {
    let mut t = Table::new();
    let foot = t.put(0, "foot-samurai", "c2", None);
    t.put(1, "ashigaru", "c4", None);
    let acts = t.actions(foot);
    assert!(
        !acts
            .iter()
            .any(|a| matches!(a, Act::Move { to, .. } if *to == sq("c3")))
    );
}

/// A policy for bag tests: activates `k` units with a pivot, never reacts, and counts reactions
/// offered.
struct Pivot {
    k: usize,
    offered: u32,
}

impl Owner for Pivot {
    fn turn_to_face(&mut self, _: &Game, _: &Rules, _: u8, _: u8) -> bool {
        false
    }
    fn post_loss(&mut self, _: &Game, _: &Rules, _: u8) -> u8 {
        NONE
    }
}

impl Policy for Pivot {
    fn deploy(&mut self, _: &Game, _: &Rules, _: u8, _: &[Recruit]) -> Deployment {
        Deployment::default()
    }
    fn move_first(&mut self, _: &Game, _: &Rules, _: u8) -> bool {
        true
    }
    fn challenge(&mut self, _: &Game, _: &Rules, _: u8) -> Option<(u8, u8)> {
        None
    }
    fn messenger(&mut self, _: &Game, _: &Rules, _: u8) -> Option<Act> {
        None
    }
    fn activate(&mut self, game: &Game, _: &Rules, side: u8) -> Option<Act> {
        if game.alive(side).filter(|(_, u)| u.activated).count() == self.k {
            return None;
        }
        let (id, u) = game.alive(side).find(|(_, u)| !u.activated)?;
        Some(Act::Move {
            unit: id,
            to: u.sq,
            facing: (u.facing + 1) % 4,
        })
    }
    fn react(&mut self, _: &Game, _: &Rules, _: u8) -> Option<Act> {
        self.offered += 1;
        None
    }
}

#[test]
fn the_odd_die_comes_out_before_the_kth_activation_k_times_in_n_plus_one() {
    let mut t = Table::new();
    for at in ["a1", "b1", "c1", "d1", "e1", "f1"] {
        t.put(0, "foot-samurai", at, None);
    }
    t.put(1, "foot-samurai", "a6", None);
    let mut dice = buntai::dice::SeededDice::new(2026, 9);
    for (k, bags) in [(6usize, 70_000u32), (3, 20_000)] {
        let mut mover = Pivot { k, offered: 0 };
        let mut other = Pivot { k: 0, offered: 0 };
        let mut game = t.game.clone();
        for _ in 0..bags {
            game.player_turn = 0;
            let mut policies: [&mut dyn Policy; 2] = [&mut mover, &mut other];
            game::player_turn(
                &mut game,
                &t.rules,
                &mut dice,
                &mut policies,
                &mut Log::off(),
            );
        }
        let rate = f64::from(other.offered) / f64::from(bags);
        let expected = k as f64 / 7.0;
        let sd = (expected * (1.0 - expected) / f64::from(bags)).sqrt();
        assert!(
            (rate - expected).abs() < 4.0 * sd,
            "k {k}: {rate} against {expected}"
        );
    }
}

#[test]
fn the_bag_holds_a_die_for_each_unit_in_play_less_the_challenged() {
    let mut t = Table::new();
    let carrier = t.put(1, "foot-samurai", "c5", Some(Effect::Challenge));
    let mut ids = Vec::new();
    for at in ["a3", "b3", "c3", "d3", "e3", "f3"] {
        ids.push(t.put(0, "foot-samurai", at, None));
    }
    t.game.first = 1;
    game::begin_turn(&mut t.game);
    assert!(game::issue_challenge(
        &mut t.game,
        carrier,
        ids[2],
        &mut Log::off()
    ));
    assert_eq!(game::bag(&t.game, 0), 5, "the challenged unit gets no die");
    // The issuer's side may not attack it; the challenged unit has no actions.
    let mut acts = Acts::new();
    t.game.actions(&t.rules, ids[2], &mut acts);
    assert!(acts.is_empty());
    // Its window ends with side A's next player turn (turn 2): on turn 3 it acts again.
    game::begin_turn(&mut t.game);
    assert_eq!(game::bag(&t.game, 0), 5);
    game::begin_turn(&mut t.game);
    assert_eq!(game::bag(&t.game, 0), 6);
}

#[test]
fn a_game_lasts_fifteen_game_turns_or_fifteen_player_turns_as_the_data_counts() {
    let mut data = data();
    let play = |data: &Data| {
        let rules = rules(data);
        let army = |_: u8| -> Vec<Recruit> {
            (0..6)
                .map(|i| Recruit {
                    kind: 1,
                    name: format!("u{i}"),
                    hatamoto: false,
                    addition: None,
                    addition_id: None,
                    reserve: false,
                })
                .collect()
        };
        let (a, b) = (army(0), army(1));
        let setup = game::Setup {
            rules: &rules,
            armies: [&a, &b],
            first: game::First::A,
            seed: 1,
            game: 0,
        };
        let mut dice = buntai::dice::SeededDice::new(1, 0);
        let (mut p, mut q) = (Pivot { k: 0, offered: 0 }, Pivot { k: 0, offered: 0 });
        game::play(&setup, &mut dice, [&mut p, &mut q], &mut Log::off()).player_turns
    };
    assert_eq!(play(&data), 30);
    data.scenarios.scenario[0].turn_unit = buntai::samurai::data::TurnUnit::PlayerTurn;
    assert_eq!(play(&data), 15);
}

#[test]
fn an_enemy_entering_the_command_post_costs_its_owner_a_unit() {
    let mut t = Table::new();
    t.game.post[1] = sq("c6");
    let horse = t.put(0, "mounted-samurai", "c4", None);
    let victim = t.put(1, "ashigaru", "f5", None);
    t.put(1, "ashigaru", "a5", None);
    let events = t.act(
        Act::Move {
            unit: horse,
            to: sq("c6"),
            facing: 0,
        },
        &[],
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::PostTaken { removed, .. } if *removed == victim))
    );
    assert!(!t.game.unit(victim).alive);
    assert_eq!(t.game.post[1], NONE);
}

#[test]
fn flank_and_rear_attacks_score_double_only_when_the_scenario_says_so() {
    use buntai::samurai::data::FlankRear;
    let mut data = data();
    // The target at c4 faces S: c3 is its front, b4 its flank.
    for (switch, flank, front) in [(FlankRear::Normal, 3, 3), (FlankRear::Double, 6, 3)] {
        data.scenarios.scenario[0].flank_rear_hits = switch;
        let rules = Rules::new(&data, &data.scenarios.scenario[0]).expect("rules");
        let mut t = Table {
            game: Game::new(&rules),
            rules,
        };
        let side = t.put(0, "foot-samurai", "b4", None);
        let ahead = t.put(0, "foot-samurai", "c3", None);
        let target = t.put(1, "foot-samurai", "c4", None);
        // Two enemies touch each attacker's target, none the attackers: no OHW-12 penalty.
        let events = t.act(fight(side, target), &[3]);
        assert_eq!(attack_hits(&events), flank, "{switch:?} flank");
        assert_eq!(
            attack_hits(&t.act(fight(ahead, target), &[3])),
            front,
            "{switch:?} front"
        );
    }
}

/// A table for the Flank March, whose reserves are due on game turn 4 at f4 (A) and a3 (B).
fn flank_march() -> Table {
    let data = data();
    let scenario = data.scenario("flank-march").expect("flank march");
    let rules = Rules::new(&data, scenario).expect("rules compile");
    let game = Game::new(&rules);
    Table { rules, game }
}

fn recruit(t: &Table, kind: &str, hatamoto: bool, reserve: bool) -> Recruit {
    let k = t.rules.kinds.iter().position(|k| k.id == kind);
    Recruit {
        kind: k.expect("a unit type") as u8,
        name: kind.to_owned(),
        hatamoto,
        addition: None,
        addition_id: None,
        reserve,
    }
}

/// Go to side A's player turn of game turn `turn` (A moves first).
fn to_turn(t: &mut Table, turn: u16) {
    t.game.first = 0;
    while t.game.player_turn.div_ceil(2) < turn || t.game.active != 0 {
        game::begin_turn(&mut t.game);
    }
}

#[test]
fn a_reserve_enters_its_square_facing_into_the_table_once_due_as_its_activation() {
    let mut t = flank_march();
    t.put(0, "foot-samurai", "c2", None);
    let r = recruit(&t, "mounted-samurai", false, true);
    let held = t.game.hold(&t.rules, 0, &r, 4);
    to_turn(&mut t, 3);
    assert!(t.actions(held).is_empty(), "not due before game turn 4");
    assert_eq!(game::bag(&t.game, 0), 1, "no die for a reserve not yet due");
    to_turn(&mut t, 4);
    assert_eq!(game::bag(&t.game, 0), 2, "a die for the reserve due");
    assert_eq!(t.actions(held).as_slice(), &[Act::Enter { unit: held }]);
    let events = t.act(Act::Enter { unit: held }, &[]);
    assert!(matches!(&events[..], [Event::Enter { to, facing: 'W', .. }] if to == "f4"));
    let u = t.game.unit(held);
    assert!(u.alive && !u.waiting && u.activated && u.sq == sq("f4") && u.facing == 3);
    assert_eq!(t.game.at(sq("f4")), Some(held));
}

#[test]
fn a_reserve_waits_while_its_square_is_held_or_next_to_an_enemy() {
    let mut t = flank_march();
    let r = recruit(&t, "ashigaru", false, true);
    let held = t.game.hold(&t.rules, 0, &r, 4);
    let blocker = t.put(0, "foot-samurai", "f4", None);
    to_turn(&mut t, 5);
    assert!(t.actions(held).is_empty(), "its own unit stands on f4");
    t.act(
        Act::Move {
            unit: blocker,
            to: sq("f3"),
            facing: 0,
        },
        &[],
    );
    t.put(1, "foot-samurai", "e4", None);
    assert!(t.actions(held).is_empty(), "an enemy stands next to f4");
    assert_eq!(
        game::bag(&t.game, 0),
        2,
        "it still has its die while it waits"
    );
}

#[test]
fn the_general_is_never_held_back_and_marked_units_come_first() {
    let t = flank_march();
    let army = [
        recruit(&t, "foot-samurai", false, true),
        recruit(&t, "ashigaru", false, false),
        recruit(&t, "ashigaru", false, false),
        recruit(&t, "mounted-samurai", true, false),
    ];
    assert_eq!(game::held_back(&army, 2), [true, false, true, false]);
    assert_eq!(game::held_back(&army, 0), [false; 4]);
    // A General marked anyway (simulate plays a warned army) still starts on the table.
    let mut marked = army.clone();
    marked[3].reserve = true;
    assert_eq!(game::held_back(&marked, 2), [true, false, true, false]);
}
