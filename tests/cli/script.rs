//! A table policy that plays a script, for rule tests with set positions: in the Move Phase the
//! activations listed for this turn (in order, each once), then every other model holds; in the
//! Action Phase the actions listed for this turn. Combat decisions go to `melee`.

use buntai::ronin::engine::fighter::Fighter;
use buntai::ronin::engine::game::play::{Action, Activation, Game, TablePolicy};
use buntai::ronin::engine::melee::{AttackSide, DefenceSide};
use buntai::ronin::engine::policy::{Counter, FixedSplit, Policy, WithdrawResponse, Yardstick};

pub struct Script {
    pub melee: Box<dyn Policy>,
    pub moves: Vec<(u32, Activation)>,
    pub actions: Vec<(u32, Action)>,
    /// Hold the models the script does not move (else pass, leaving them unactivated).
    pub hold: bool,
    /// Turn every shot it may onto a Yojimbo, and swap a Yojimbo in whenever it may
    ///
    pub bodyguard: bool,
    /// A ride-by to offer at each Combat Phase pick: rider and path, until made.
    pub ride: Option<(usize, Vec<buntai::ronin::engine::table::Point>)>,
    /// An Inexorable follow-up path to offer, once; without one the engine's default.
    pub follow_up: Option<Vec<buntai::ronin::engine::table::Point>>,
    /// Drop a picked-up banner on becoming engaged rather than keep it.
    pub drop_carried: bool,
    /// Whether a disguised Ninja reveals itself in combat; it never does at activation.
    pub reveal_in_combat: bool,
}

impl Script {
    /// A side that only defends in combat (no attacks, so no wounds from it).
    pub fn defending() -> Script {
        Script {
            melee: Box::new(Yardstick(FixedSplit::Defend)),
            moves: Vec::new(),
            actions: Vec::new(),
            hold: true,
            bodyguard: false,
            ride: None,
            follow_up: None,
            drop_carried: false,
            reveal_in_combat: true,
        }
    }

    /// A side whose Yojimbo takes every shot and swap it can.
    pub fn bodyguarded(mut self) -> Script {
        self.bodyguard = true;
        self
    }

    /// A side whose combat decisions are `melee`'s.
    pub fn with_melee(mut self, melee: impl Policy + 'static) -> Script {
        self.melee = Box::new(melee);
        self
    }

    /// Pass once the scripted moves are done, leaving the other models unactivated.
    pub fn passing(mut self) -> Script {
        self.hold = false;
        self
    }

    pub fn moves(mut self, moves: Vec<(u32, Activation)>) -> Script {
        self.moves = moves;
        self
    }

    pub fn actions(mut self, actions: Vec<(u32, Action)>) -> Script {
        self.actions = actions;
        self
    }
}

impl TablePolicy for Script {
    fn melee(&mut self) -> &mut dyn Policy {
        self.melee.as_mut()
    }

    fn activate(&mut self, game: &Game<'_>, side: usize) -> Activation {
        if let Some(k) = self.moves.iter().position(|(t, _)| *t == game.turn) {
            return self.moves.remove(k).1;
        }
        if !self.hold {
            return Activation::Pass;
        }
        game.units
            .iter()
            .find(|u| u.side == side && u.on_table() && !u.turn.activated)
            .map_or(Activation::Pass, |u| Activation::Hold { unit: u.id })
    }

    fn ride_by(
        &mut self,
        _game: &Game<'_>,
        _side: usize,
    ) -> Option<(usize, Vec<buntai::ronin::engine::table::Point>)> {
        self.ride.take()
    }

    fn inexorable(
        &mut self,
        game: &Game<'_>,
        unit: usize,
        attack: i32,
    ) -> Option<Vec<buntai::ronin::engine::table::Point>> {
        self.follow_up
            .take()
            .or_else(|| game.follow_up_path(unit, attack))
    }

    fn reveal(&mut self, _game: &Game<'_>, _unit: usize, in_combat: bool) -> bool {
        in_combat && self.reveal_in_combat
    }

    fn keep_carried(&mut self, _game: &Game<'_>, _unit: usize) -> bool {
        !self.drop_carried
    }

    fn yojimbo_swap(&mut self, _game: &Game<'_>, yojimbos: &[usize]) -> Option<usize> {
        self.bodyguard.then(|| yojimbos.first().copied()).flatten()
    }

    fn redirect(&mut self, _game: &Game<'_>, _target: usize, yojimbos: &[usize]) -> Option<usize> {
        self.bodyguard.then(|| yojimbos.first().copied()).flatten()
    }

    fn act(&mut self, game: &Game<'_>, _side: usize) -> Action {
        match self.actions.iter().position(|(t, _)| *t == game.turn) {
            Some(k) => self.actions.remove(k).1,
            None => Action::Pass,
        }
    }
}

/// A defending side that answers every withdrawal as told.
pub struct Answering(pub WithdrawResponse);

impl Policy for Answering {
    fn split(&mut self, _: &[&Fighter], _: &[&Fighter]) -> i32 {
        0
    }
    fn enhance_initiative(&mut self, _: &Fighter, _: &[&Fighter], _: i32, _: bool) -> bool {
        false
    }
    fn attack(&mut self, _: &Fighter, _: &[&Fighter], _: i32) -> Option<usize> {
        None
    }
    fn enhance_defence(&mut self, _: &Fighter, _: &Fighter, _: AttackSide) -> bool {
        true
    }
    fn enhance_attack(&mut self, _: &Fighter, _: &Fighter, _: DefenceSide, _: i32) -> bool {
        false
    }
    fn discard(&mut self, _: i32, _: i32) -> Counter {
        Counter::Defence
    }
    fn withdraw_response(&mut self, _: &Fighter, _: &Fighter) -> WithdrawResponse {
        self.0
    }
    fn name(&self) -> &'static str {
        "answering"
    }
}

/// Play a whole game with these sides and seed; the events up to the start of turn 2 (set-up and
/// turn 1).
pub fn play_turn_one(
    game: &mut buntai::ronin::engine::game::play::Game<'_>,
    a: &mut dyn TablePolicy,
    b: &mut dyn TablePolicy,
    seed: u64,
) -> Vec<buntai::ronin::engine::events::Event> {
    use buntai::ronin::engine::events::Event;
    play_all(game, a, b, seed)
        .into_iter()
        .take_while(|e| !matches!(e, Event::Turn { turn: 2 }))
        .collect()
}

/// Play the whole game with dice from `seed`; every event.
pub fn play_all(
    game: &mut buntai::ronin::engine::game::play::Game<'_>,
    a: &mut dyn TablePolicy,
    b: &mut dyn TablePolicy,
    seed: u64,
) -> Vec<buntai::ronin::engine::events::Event> {
    let mut events = buntai::ronin::engine::events::EventLog::recording();
    buntai::ronin::engine::game::play::play(
        game,
        &mut [a, b],
        &mut buntai::ronin::engine::SeededDice::new(seed, 0),
        &mut events,
    );
    events.into_vec()
}

/// The modifier of the first Initiative roll `who` made in `events`.
pub fn initiative_modifier(events: &[buntai::ronin::engine::events::Event], who: &str) -> i32 {
    events
        .iter()
        .find_map(|e| match e {
            buntai::ronin::engine::events::Event::Initiative {
                fighter, modifier, ..
            } if fighter == who => Some(*modifier),
            _ => None,
        })
        .expect("an Initiative roll")
}
