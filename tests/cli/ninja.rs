//! The disguised Ninja: it plays as the model it copies until it reveals itself; revealed
//! in a combat, it fights with its own numbers and each enemy in that combat loses a counter;
//! scoring always uses its true Rank.

use buntai::ronin::engine::events::Event;
use buntai::ronin::engine::policy::Counter;
use buntai::ronin::engine::table::Point;

use crate::scoring::{against_soldier, cat, kill, units_from};
use crate::script::{Script, play_turn_one};

const NINJA: &str = "[[models]]\nprofile = \"ninja\"\ndisguise = \"ashigaru\"\nweapons = [\"yari\"]\nattributes = [\"kenjutsu\"]\n";

/// A Bushi Ninja disguised as an Ashigaru (A1) touching a Ming Soldier (B1) that only defends.
fn disguised(reveal: bool) -> (Vec<Event>, Vec<String>, [i32; 2]) {
    let cat = cat();
    let mut g = against_soldier(
        &cat,
        "bushi",
        NINJA,
        &[Point::new(12.0, 12.0), Point::new(12.0, 13.0)],
    );
    let ninja = &g.units[0];
    let d = ninja.disguise.as_ref().expect("disguised");
    let pools = [ninja.fighter.pool(), d.fighter.pool()];
    let names = g.units.iter().map(|u| u.fighter.name.to_string()).collect();
    let mut a = Script::defending();
    a.reveal_in_combat = reveal;
    let mut b = Script::defending();
    (play_turn_one(&mut g, &mut a, &mut b, 4), names, pools)
}

fn split_total(events: &[Event], who: &str) -> i32 {
    events
        .iter()
        .find_map(|e| match e {
            Event::Split {
                fighter,
                attack,
                defence,
            } if fighter == who => Some(attack + defence),
            _ => None,
        })
        .expect("a split")
}

#[test]
fn a_disguised_ninja_shows_the_copied_numbers_and_its_true_rank_counts_for_scoring() {
    let cat = cat();
    let a = units_from(&cat, "bushi", NINJA, 0);
    let ninja = &a[0];
    let ashigaru = cat
        .faction("bushi")
        .expect("bushi")
        .profile("ashigaru")
        .expect("ashigaru");
    assert_eq!(ninja.rolling_rank(), ashigaru.rank.value.get());
    assert_eq!(
        ninja.fighter.combat_pool,
        i32::from(ashigaru.combat_pool.value)
    );
    assert_eq!(ninja.fighter.fight, i32::from(ashigaru.fight.value));
    assert!(!ninja.fighter.acrobatic, "no Acrobatic while disguised");
    assert!(ninja.missiles.is_empty(), "no shuriken while disguised");
    let real = &ninja.disguise.as_ref().expect("disguised").fighter;
    assert!(real.acrobatic);
    assert_eq!(ninja.rank, 3);
    // Killed still disguised: 3 VP, its true Rank.
    drop(a);
    let mut g = against_soldier(&cat, "bushi", NINJA, &[]);
    kill(&mut g, 0, 1);
    assert_eq!(g.vp, [0, 6]);
}

#[test]
fn a_ninja_revealed_in_combat_draws_its_true_pool_and_each_enemy_loses_a_counter() {
    let (events, names, [shown, real]) = disguised(true);
    assert!(real > shown, "{real} > {shown}");
    let at = events
        .iter()
        .position(|e| matches!(e, Event::Reveal { model, copied } if *model == names[0] && copied == "ashigaru"))
        .expect("revealed");
    assert_eq!(split_total(&events[at..], &names[0]), real);
    let soldier_pool = split_total(&events[at..], &names[1]);
    // B1 put everything on Defence; it loses one of them before Initiative.
    let lost: Vec<&Event> = events[at..]
        .iter()
        .take_while(|e| !matches!(e, Event::Initiative { .. }))
        .filter(|e| matches!(e, Event::Discard { fighter, counter: Counter::Defence } if *fighter == names[1]))
        .collect();
    assert_eq!(lost.len(), 1, "pool {soldier_pool}: {lost:?}");
}

#[test]
fn a_ninja_that_stays_disguised_fights_with_the_copied_pool() {
    let (events, names, [shown, _]) = disguised(false);
    assert!(!events.iter().any(|e| matches!(e, Event::Reveal { .. })));
    assert_eq!(split_total(&events, &names[0]), shown);
    assert!(!events.iter().any(|e| matches!(e, Event::Discard { .. })));
}

#[test]
fn among_equal_ranks_the_game_leader_is_the_one_the_roster_names() {
    // The Ninja and the Warrior Monk are both Rank 3; the roster names the Monk.
    let cat = cat();
    let models = format!(
        "{NINJA}[[models]]\nprofile = \"warrior-monk\"\nweapons = [\"naginata\"]\nleader = true\n"
    );
    let g = against_soldier(&cat, "bushi", &models, &[]);
    assert!(!g.units[0].leader);
    assert!(g.units[1].leader);
    // Without the choice, the first listed.
    let models =
        format!("{NINJA}[[models]]\nprofile = \"warrior-monk\"\nweapons = [\"naginata\"]\n");
    let g = against_soldier(&cat, "bushi", &models, &[]);
    assert!(g.units[0].leader);
}
