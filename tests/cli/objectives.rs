//! The default table AI plays for its minor objective: the enemy Leader is worth its
//! 5 VP more when the objective is to kill it, and a lone enemy of Rank 2 or more is Subdued, not
//! killed, when the objective is to capture one.

use buntai::ronin::engine::fighter::Fighter;
use buntai::ronin::engine::game::ai::TableAi;
use buntai::ronin::engine::game::play::{Activation, TablePolicy};
use buntai::ronin::engine::policy::{DefaultAi, Policy, Special};
use buntai::ronin::engine::table::{Circle, Point};
use buntai::ronin::model::ObjectiveKind;

use crate::scoring::{cat, game, units_from};

/// The enemy model the default AI's first activation charges, with side A's objective.
fn charged(objective: Option<ObjectiveKind>) -> String {
    let cat = cat();
    let a = units_from(&cat, "bushi", "[[models]]\nprofile = \"samurai\"\n", 0);
    let b = units_from(
        &cat,
        "bushi",
        "[[models]]\nprofile = \"hatamoto\"\n[[models]]\nprofile = \"samurai\"\n",
        1,
    );
    let mut g = game(&cat, ["bushi", "bushi"], [a, b], &[6, 4, 4]);
    g.units[0].base.centre = Point::new(12.0, 8.0);
    g.units[1].base.centre = Point::new(9.6, 10.4);
    g.units[2].base.centre = Point::new(14.5, 10.5);
    assert!(g.units[1].leader, "the Hatamoto leads B");
    g.objectives = [objective, None];
    // The Samurai is Grievously wounded: a fight worth making. The Hatamoto, whole and a little
    // nearer, is worth fighting only for the objective's 5 VP.
    g.units[2].fighter.health = buntai::ronin::engine::wound::Health::Grievous;
    // B has moved: a charge is not held back for it.
    g.units[1].turn.activated = true;
    g.units[2].turn.activated = true;
    let Activation::Move { path, .. } = TableAi::new().activate(&g, 0) else {
        panic!("a charge")
    };
    let end = Circle::new(*path.last().expect("a path"), g.units[0].base.radius);
    g.units
        .iter()
        .find(|u| u.side == 1 && u.base.in_contact(&end))
        .map(|u| u.profile.to_string())
        .expect("in contact")
}

#[test]
fn the_default_ai_goes_for_the_enemy_leader_when_that_is_its_objective() {
    assert_eq!(
        charged(None),
        "samurai",
        "only the wounded Samurai is worth it without"
    );
    assert_eq!(charged(Some(ObjectiveKind::KillLeader)), "hatamoto");
}

#[test]
fn the_default_ai_subdues_a_lone_enemy_worth_capturing_and_leaves_its_captive_alone() {
    let cat = cat();
    let units = units_from(
        &cat,
        "bushi",
        "[[models]]\nprofile = \"samurai\"\n[[models]]\nprofile = \"ashigaru\"\n",
        0,
    );
    let (samurai, ashigaru): (&Fighter, &Fighter) = (&units[0].fighter, &units[1].fighter);
    let mut ai = DefaultAi::new();
    assert_eq!(ai.special(ashigaru, &[samurai]), None, "no objective");
    ai.capture = Some(2);
    assert_eq!(ai.special(ashigaru, &[samurai]), Some(Special::Subdue));
    assert_eq!(
        ai.special(samurai, &[ashigaru]),
        None,
        "Rank 1: not worth it"
    );
    let mut captive = samurai.clone();
    captive.subdued = true;
    assert_eq!(ai.attack(ashigaru, &[&captive], 2), None);
}
