//! Morale on the table with scripted dice: the Bandits' sacrifice and Ronin desertion
//!

use buntai::ronin::engine::dice::ScriptedDice;
use buntai::ronin::engine::events::{Event, EventLog};
use buntai::ronin::engine::game::play::{Game, MoraleState, TablePolicy, desertions, morale};
use buntai::ronin::engine::game::unit::Status;
use buntai::ronin::engine::table::Point;

use crate::scoring::{cat, game, units};
use crate::script::Script;

/// A side that sacrifices the first model it is offered.
struct Sacrificing(Script);

impl TablePolicy for Sacrificing {
    fn melee(&mut self) -> &mut dyn buntai::ronin::engine::policy::Policy {
        self.0.melee()
    }
    fn activate(
        &mut self,
        game: &Game<'_>,
        side: usize,
    ) -> buntai::ronin::engine::game::play::Activation {
        self.0.activate(game, side)
    }
    fn act(&mut self, game: &Game<'_>, side: usize) -> buntai::ronin::engine::game::play::Action {
        self.0.act(game, side)
    }
    fn sacrifice(&mut self, _: &Game<'_>, candidates: &[usize], _: bool) -> Option<usize> {
        candidates.first().copied()
    }
}

#[test]
fn t42_a_bandit_sacrifice_turns_a_failed_test_into_a_pass() {
    let cat = cat();
    let a = units(&cat, "bandits", &[("leader", 1), ("bandit", 3)], 0);
    let b = units(&cat, "bushi", &[("samurai", 1)], 1);
    let mut g = game(&cat, ["bandits", "bushi"], [a, b], &[6, 4, 4]);
    // The Leader at the centre; one Bandit 5.9" away (edge to edge), two 6.1" away.
    g.units[0].base.centre = Point::new(12.0, 12.0);
    g.units[1].base.centre = Point::new(12.0, 12.0 + 6.9);
    g.units[2].base.centre = Point::new(12.0, 12.0 - 7.1);
    g.units[3].base.centre = Point::new(12.0 + 7.1, 12.0);
    g.morale[0] = MoraleState::Wavering;
    g.priority = 0;
    let mut a = Sacrificing(Script::defending());
    let mut b = Script::defending();
    // A natural 12 fails whatever the modifiers; no banner, so no re-roll.
    let mut dice = ScriptedDice::new(&[6, 6]);
    let mut events = EventLog::recording();
    morale(&mut g, &mut [&mut a, &mut b], &mut dice, &mut events);
    assert_eq!(
        g.morale[0],
        MoraleState::Steady,
        "the test counts as passed"
    );
    assert_eq!(
        g.units[1].status,
        Status::Dead,
        "the Bandit within 6\" was removed"
    );
    assert!((2..4).all(|k| g.units[k].on_table()));
    assert_eq!(g.vp, [0, 2], "its kill VP (Rank 1) to the enemy");
    assert_eq!(
        g.criticals_this_turn(0),
        1,
        "it counts toward next turn's trigger"
    );
    assert!(
        events
            .into_vec()
            .iter()
            .any(|e| matches!(e, Event::Sacrifice { model, .. } if model.contains("Bandit")))
    );
    // Without a model in reach, the failure stands: Wavering becomes Routing.
    g.units[2].base.centre = Point::new(12.0, 4.0);
    g.morale[0] = MoraleState::Wavering;
    let mut dice = ScriptedDice::new(&[6, 6]);
    morale(
        &mut g,
        &mut [&mut a, &mut b],
        &mut dice,
        &mut EventLog::off(),
    );
    assert_eq!(g.morale[0], MoraleState::Routing);
}

#[test]
fn t43_a_wavering_ronin_deserts_on_a_4_and_flees_without_rolling_again() {
    let cat = cat();
    let a = units(&cat, "bandits", &[("leader", 1), ("ronin", 2)], 0);
    let b = units(&cat, "bushi", &[("samurai", 1)], 1);
    let mut g = game(&cat, ["bandits", "bushi"], [a, b], &[6, 4, 4]);
    g.units[0].base.centre = Point::new(12.0, 6.0);
    g.units[1].base.centre = Point::new(12.0, 12.0);
    g.units[2].base.centre = Point::new(14.0, 12.0);
    g.units[3].base.centre = Point::new(12.0, 22.0);
    g.morale[0] = MoraleState::Wavering;
    g.priority = 0;
    let mut a = Script::defending();
    let mut b = Script::defending();
    // Ronin A2 rolls 4 and deserts; A3 rolls 3 and stays.
    let mut dice = ScriptedDice::new(&[4, 3]);
    desertions(
        &mut g,
        &mut [&mut a, &mut b],
        &mut dice,
        &mut EventLog::off(),
    );
    assert!(g.units[1].deserting && !g.units[2].deserting);
    assert!(g.units[1].turn.fled, "a deserter flees at once");
    assert_ne!(g.units[1].base.centre, Point::new(12.0, 12.0));
    assert_eq!(g.units[2].base.centre, Point::new(14.0, 12.0));
    // Next turn it flees again with no roll (the script has no dice left to give).
    for u in &mut g.units {
        u.turn = Default::default();
    }
    let before = g.units[1].base.centre;
    let mut dice = ScriptedDice::new(&[1]);
    desertions(
        &mut g,
        &mut [&mut a, &mut b],
        &mut dice,
        &mut EventLog::off(),
    );
    assert!(g.units[1].turn.fled);
    assert!(g.units[1].status == Status::Fled || g.units[1].base.centre != before);
    assert!(!g.units[2].deserting, "A3 rolled its 1 and stays");
    // When the Buntai Routs every Ronin deserts, without a roll.
    for u in &mut g.units {
        u.turn = Default::default();
    }
    g.morale[0] = MoraleState::Routing;
    let mut dice = ScriptedDice::new(&[]);
    desertions(
        &mut g,
        &mut [&mut a, &mut b],
        &mut dice,
        &mut EventLog::off(),
    );
    assert!(g.units[2].deserting && g.units[2].turn.fled);
}
