//! Heroic Samurai's rules that need no whole game (digest §14), each with scripted d6s and named
//! after the rule: melee factors, tiers at their edges, the worked example, outnumbering, removal,
//! both shooting tables with their ruled cells, musket cadence, leaders' Hits, morale, and
//! personal combat by intentions and throws.

use buntai::dice::{D6, ScriptedDice, SeededDice};
use buntai::fraction::Fraction;
use buntai::heroic::data::{self, Data, TargetRow, Tier};
use buntai::heroic::odds;
use buntai::heroic::rules::{
    self, Combatant, Intention, LeaderStats, Morale, MoraleCase, Musket, Outcome, Shooter,
    ShotResult, Throw,
};

fn data() -> Data {
    data::load(None).expect("the built-in data loads")
}

fn element(data: &Data, id: &str) -> Combatant {
    Combatant::element(data, data.element(id).expect("element type"))
}

/// Fight with scripted rolls (side A's die first), the Hits going to the first loser.
fn fight(
    data: &Data,
    rolls: [u8; 2],
    a: &mut [Combatant],
    b: &mut [Combatant],
) -> rules::FightReport {
    let mut dice = ScriptedDice::new(&rolls);
    let report = rules::fight(data, &mut dice, a, b, |_, _, _| 0);
    assert_eq!(dice.remaining(), 0, "a fight rolls one d6 a side");
    report
}

fn f(n: u64, d: u64) -> Fraction {
    Fraction::of(n, d)
}

#[test]
fn factors_clan_samurai_and_spear_ashigaru_draw_at_five_and_both_take_a_distraction() {
    let data = data();
    let mut a = [element(&data, "clan-samurai")];
    let mut b = [element(&data, "ashigaru-spear")];
    let r = fight(&data, [3, 5], &mut a, &mut b);
    assert_eq!((r.a_total, r.b_total), (5, 5));
    assert_eq!(r.outcome, Outcome::Draw);
    assert_eq!((a[0].distractions, b[0].distractions), (1, 1));
    assert_eq!((a[0].hits, b[0].hits), (0, 0));
}

#[test]
fn tier_a_a_win_by_six_scores_five_hits_and_removes_the_ashigaru() {
    let data = data();
    let mut a = [element(&data, "clan-samurai")];
    let mut b = [element(&data, "ashigaru-spear")];
    let r = fight(&data, [6, 2], &mut a, &mut b);
    assert_eq!((r.outcome, r.margin, r.hits), (Outcome::A, 6, 5));
    assert!(r.removed);
    assert_eq!(b[0].distractions, 1, "the loser takes 1 D");
    assert_eq!(a[0].distractions, 0, "the winner takes none");
}

#[test]
fn tier_a_the_smallest_hit_comes_at_margin_two_and_margin_one_only_pushes_back() {
    let data = data();
    assert_eq!(rules::hits_for(&data, 2, Tier::A), 1);
    assert_eq!(rules::hits_for(&data, 1, Tier::A), 0);
    let mut a = [element(&data, "clan-samurai")];
    let mut b = [element(&data, "ashigaru-spear")];
    let r = fight(&data, [2, 3], &mut a, &mut b);
    assert_eq!((r.outcome, r.margin, r.hits), (Outcome::A, 1, 0));
    assert_eq!(b[0].distractions, 1);
}

#[test]
fn tier_b_armoured_ashigaru_take_a_hit_at_margin_three_and_none_at_two() {
    let data = data();
    for (rolls, hits) in [([4, 3], 1), ([3, 3], 0)] {
        let mut a = [element(&data, "clan-samurai")];
        let mut b = [element(&data, "armoured-ashigaru-spear")];
        let r = fight(&data, rolls, &mut a, &mut b);
        assert_eq!(r.margin, i32::from(rolls[0]) + 2 - i32::from(rolls[1]));
        assert_eq!(r.hits, hits, "margin {}", r.margin);
    }
}

#[test]
fn tier_c_battle_samurai_and_leaders_take_a_hit_at_margin_four_and_none_at_three() {
    let data = data();
    for target in ["armoured-clan-samurai", "mounted-battle-samurai"] {
        assert_eq!(element(&data, target).tier, Tier::C, "{target}");
    }
    let leader = Combatant::leader(&data, &LeaderStats::default());
    assert_eq!(leader.tier, Tier::C);
    assert_eq!(rules::hits_for(&data, 4, Tier::C), 1);
    assert_eq!(rules::hits_for(&data, 3, Tier::C), 0);
    // A leader (+4) against Armoured Clan Samurai (+2): 6 against 1 is a win by 7 -> 4 Hits.
    let mut a = [leader];
    let mut b = [element(&data, "armoured-clan-samurai")];
    let r = fight(&data, [6, 1], &mut a, &mut b);
    assert_eq!((r.margin, r.hits), (7, 4));
}

#[test]
fn exact_odds_clan_samurai_against_spear_ashigaru_are_the_digests_fractions() {
    let data = data();
    let o = odds::melee(
        &data,
        &[element(&data, "clan-samurai")],
        &[element(&data, "ashigaru-spear")],
        true,
    );
    assert_eq!(o.a.wins, f(13, 18));
    assert_eq!(o.draw, f(1, 9));
    assert_eq!(o.b.wins, f(1, 6));
    assert_eq!(o.a.hits_scored.at_least_one, f(7, 12));
    assert_eq!(o.a.hits_scored.mean, f(14, 9));
    assert_eq!(o.b.hits_scored.at_least_one, f(1, 36), "only 6 against 1");
    let total: f64 = o.a.hits_scored.chances.iter().map(|c| c.value()).sum();
    assert!(
        (total - 1.0).abs() < 1e-12,
        "the Hit distribution sums to 1"
    );
}

/// The example's troops: armoured ashigaru (tier B) against armoured samurai (+2, tier C).
fn ashigaru(data: &Data, d: u32, h: u32) -> Combatant {
    element(data, "armoured-ashigaru-spear").with_counters(d, h)
}

fn samurai(data: &Data, d: u32, h: u32) -> Combatant {
    element(data, "armoured-clan-samurai").with_counters(d, h)
}

#[test]
fn worked_example_rows_one_to_five_seven_and_eight_replay_with_the_printed_totals() {
    let data = data();
    // Row 1: samurai 2 +2 -2 = 2 against ashigaru 6 = 6: ashigaru +4, 1 Hit and 1 D.
    let mut s = [samurai(&data, 0, 0)];
    let mut a = [ashigaru(&data, 0, 0), ashigaru(&data, 0, 0)];
    let r = fight(&data, [2, 6], &mut s, &mut a);
    assert_eq!(
        (r.a_total, r.b_total, r.outcome, r.hits),
        (2, 6, Outcome::B, 1)
    );
    assert_eq!((s[0].distractions, s[0].hits), (1, 1));
    // Row 2: 3 +2 -2 = 3 against 5: +2, push-back and 1 D only.
    let mut s = [samurai(&data, 0, 0)];
    let mut a = [ashigaru(&data, 0, 0), ashigaru(&data, 0, 0)];
    let r = fight(&data, [3, 5], &mut s, &mut a);
    assert_eq!((r.a_total, r.b_total, r.margin, r.hits), (3, 5, 2, 0));
    assert_eq!(s[0].distractions, 1);
    // Row 3: the same samurai, 6 +2 -2 -1 = 5 against 5: a draw, everyone takes 1 D.
    let r = fight(&data, [6, 5], &mut s, &mut a);
    assert_eq!((r.a_total, r.b_total, r.outcome), (5, 5, Outcome::Draw));
    assert_eq!(s[0].distractions, 2);
    assert!(a.iter().all(|x| x.distractions == 1));
    // Row 4: samurai with 1 D: 6 +2 -1 -2 = 5 against 1 -1 = 0: +5, 3 Hits and 1 D.
    let mut s = [samurai(&data, 1, 0)];
    let mut a = [ashigaru(&data, 1, 0), ashigaru(&data, 1, 0)];
    let r = fight(&data, [6, 1], &mut s, &mut a);
    assert_eq!((r.a_total, r.b_total, r.margin, r.hits), (5, 0, 5, 3));
    assert_eq!((a[0].hits, a[0].distractions), (3, 2));
    assert_eq!(a[1].distractions, 2, "every loser takes 1 D");
    // Row 5: 6 +2 -1 -2 = 5 against 3 -2 -3 = -2: +7, 5 Hits: the base with 3 Hits is removed.
    let r = fight(&data, [6, 3], &mut s, &mut a);
    assert_eq!((r.a_total, r.b_total, r.margin, r.hits), (5, -2, 7, 5));
    assert!(r.removed);
    assert_eq!(a[0].hits, 5, "surplus Hits are lost");
    // Row 7: totals 6 against 1: +5, push-back, 3 Hits and 1 D.
    let mut s = [samurai(&data, 0, 0)];
    let mut a = [ashigaru(&data, 0, 0)];
    let r = fight(&data, [4, 1], &mut s, &mut a);
    assert_eq!((r.a_total, r.b_total, r.margin, r.hits), (6, 1, 5, 3));
    assert_eq!(a[0].distractions, 1);
    // Row 8: 6 +2 -2 = 6 against 6 -1 -3 = 2: +4, 2 Hits: 3 + 2 removes the base.
    let mut s = [samurai(&data, 0, 0)];
    let mut a = [ashigaru(&data, 1, 3), ashigaru(&data, 0, 0)];
    let r = fight(&data, [6, 6], &mut s, &mut a);
    assert_eq!((r.a_total, r.b_total, r.margin, r.hits), (6, 2, 4, 2));
    assert!(r.removed && a[0].removed());
}

#[test]
fn margin_to_hits_on_the_examples_troops_follow_tiers_b_and_c() {
    let data = data();
    let tier_b = ashigaru(&data, 0, 0).tier;
    for (margin, hits) in [(4, 2), (5, 3), (6, 4), (7, 5), (11, 9)] {
        assert_eq!(
            rules::hits_for(&data, margin, tier_b),
            hits,
            "B, margin {margin}"
        );
    }
    let tier_c = samurai(&data, 0, 0).tier;
    for (margin, hits) in [(4, 1), (2, 0)] {
        assert_eq!(
            rules::hits_for(&data, margin, tier_c),
            hits,
            "C, margin {margin}"
        );
    }
}

#[test]
fn outnumbered_one_element_against_two_three_four_and_five_takes_minus_two_three_four_four() {
    let data = data();
    for (n, modifier) in [(2, -2), (3, -3), (4, -4), (5, -4)] {
        let single = [element(&data, "clan-samurai")];
        let many: Vec<Combatant> = (0..n).map(|_| element(&data, "ashigaru-spear")).collect();
        let terms = rules::side_terms(&data, &single, many.len());
        assert_eq!(rules::sum(&terms), 2 + modifier, "against {n}");
        let other = rules::side_terms(&data, &many, 1);
        assert_eq!(rules::sum(&other), 0, "the many side gets nothing");
    }
    // An outnumbered winner puts every Hit on one enemy; every loser takes 1 D.
    let mut single = [element(&data, "armoured-clan-samurai")];
    let mut many = [
        element(&data, "ashigaru-spear"),
        element(&data, "ashigaru-spear"),
        element(&data, "ashigaru-spear"),
    ];
    let r = fight(&data, [6, 1], &mut single, &mut many);
    assert_eq!((r.margin, r.hits), (4, 3), "6 +2 -3 = 5 against 1");
    assert_eq!(many.iter().map(|m| m.hits).collect::<Vec<_>>(), [3, 0, 0]);
    assert!(many.iter().all(|m| m.distractions == 1));
}

#[test]
fn removal_four_hits_fight_on_and_the_fifth_removes_while_distractions_have_no_limit() {
    let data = data();
    let four = element(&data, "clan-samurai").with_counters(0, 4);
    assert!(!four.removed());
    let five = element(&data, "clan-samurai").with_counters(0, 5);
    assert!(five.removed());
    let dazed = element(&data, "clan-samurai").with_counters(40, 0);
    assert!(!dazed.removed());
    assert_eq!(rules::sum(&dazed.terms(&data)), 2 - 40);
}

fn bow(data: &Data) -> &data::Weapon {
    &data.shooting.bow
}

fn musket(data: &Data) -> &data::Weapon {
    &data.shooting.musket
}

#[test]
fn archers_two_bows_at_thirty_cm_on_unarmoured_foot_give_a_third_d_and_two_thirds_hit() {
    let data = data();
    let shooter = Shooter {
        archers: 2,
        ..Shooter::default()
    };
    let o = odds::shot(
        &data,
        bow(&data),
        &shooter,
        ("Clan Samurai", TargetRow::UnarmouredFoot, false),
        30,
    )
    .expect("in range");
    assert_eq!(
        (o.distraction, o.hit, o.nothing),
        (f(1, 3), f(2, 3), f(0, 1))
    );
    // One archer, moved, 1 D: the score is the roll -1.
    let shooter = Shooter {
        archers: 1,
        moved: true,
        distractions: 1,
        ..Shooter::default()
    };
    let modifier = rules::sum(&rules::shot_terms(bow(&data), &shooter));
    assert_eq!(modifier, -1);
    let at =
        |roll: i32| rules::shot_result(bow(&data), TargetRow::UnarmouredFoot, 0, roll + modifier);
    assert_eq!(at(4), ShotResult::Distraction);
    assert_eq!(at(6), ShotResult::Hit);
}

#[test]
fn archers_at_sixty_cm_and_on_an_armoured_horseman_use_the_far_band_and_the_ruled_cells() {
    let data = data();
    let w = bow(&data);
    assert_eq!(w.band(60), Some(1));
    assert_eq!(
        rules::shot_result(w, TargetRow::ArmouredFoot, 1, 5),
        ShotResult::Distraction
    );
    assert_eq!(
        rules::shot_result(w, TargetRow::ArmouredFoot, 1, 6),
        ShotResult::Hit
    );
    for score in 1..=6 {
        let near = rules::shot_result(w, TargetRow::ArmouredHorse, 0, score);
        let far = rules::shot_result(w, TargetRow::ArmouredHorse, 1, score);
        assert_ne!(
            near,
            ShotResult::Hit,
            "HS-23: no Hit on an armoured horseman"
        );
        assert_ne!(far, ShotResult::Hit);
        assert_eq!(near == ShotResult::Distraction, score >= 5, "near, {score}");
        assert_eq!(far == ShotResult::Distraction, score == 6, "far, {score}");
    }
    assert_eq!(
        rules::shot_band(w, &Shooter::default(), 81),
        Err(rules::NoShot::OutOfRange { cm: 81, max: 80 })
    );
}

#[test]
fn muskets_bands_the_ruled_horseman_cells_and_smoke() {
    let data = data();
    let w = musket(&data);
    for score in 1..=6 {
        let r = rules::shot_result(w, TargetRow::UnarmouredFoot, 0, score);
        let want = match score {
            2..=4 => ShotResult::Distraction,
            5 | 6 => ShotResult::Hit,
            _ => ShotResult::Nothing,
        };
        assert_eq!(r, want, "20 cm, unarmoured foot, {score}");
        let r = rules::shot_result(w, TargetRow::ArmouredHorse, 1, score);
        assert_ne!(r, ShotResult::Hit, "45 cm, armoured horseman: never a Hit");
        assert_eq!(r == ShotResult::Distraction, score >= 5);
        // HS-23: the overlapping 5 goes to the better effect.
        let r = rules::shot_result(w, TargetRow::UnarmouredHorse, 1, score);
        let want = match score {
            4 => ShotResult::Distraction,
            5 | 6 => ShotResult::Hit,
            _ => ShotResult::Nothing,
        };
        assert_eq!(r, want, "50 cm, unarmoured horseman, {score}");
    }
    assert_eq!(w.band(45), Some(1));
    let smoke = Shooter {
        smoke: true,
        ..Shooter::default()
    };
    let modifier = rules::sum(&rules::shot_terms(w, &smoke));
    assert_eq!(modifier, -1);
    assert_eq!(
        rules::shot_result(w, TargetRow::UnarmouredFoot, 0, 5 + modifier),
        ShotResult::Distraction
    );
    // Bows ignore smoke (HS-26).
    assert_eq!(rules::sum(&rules::shot_terms(bow(&data), &smoke)), 0);
    // Above 6 counts as 6 (HS-24).
    assert_eq!(
        rules::shot_result(w, TargetRow::UnarmouredFoot, 1, 9),
        ShotResult::Hit
    );
}

#[test]
fn muskets_fire_on_turns_one_three_and_five_never_after_moving_nor_the_turn_after_firing() {
    let data = data();
    let mut m = Musket::default();
    let mut fired = Vec::new();
    for turn in 1..=6 {
        if m.can_fire(&data, turn, false) {
            m.fire(turn);
            fired.push(turn);
        }
    }
    assert_eq!(fired, [1, 3, 5]);
    assert!(
        !Musket::default().can_fire(&data, 1, true),
        "not in a turn it moved"
    );
    let moved = Shooter {
        moved: true,
        ..Shooter::default()
    };
    assert_eq!(
        rules::shot_band(musket(&data), &moved, 10),
        Err(rules::NoShot::Moved)
    );
    assert!(rules::shot_band(bow(&data), &moved, 10).is_ok(), "bows may");
}

#[test]
fn leaders_ignore_distractions_when_shot_and_die_at_endurance_plus_one() {
    let data = data();
    assert_eq!(
        rules::on_leader(&data, ShotResult::Distraction),
        ShotResult::Nothing
    );
    assert_eq!(rules::on_leader(&data, ShotResult::Hit), ShotResult::Hit);
    let dies_at = |endurance| {
        LeaderStats {
            endurance,
            ..LeaderStats::default()
        }
        .dies_at(&data)
    };
    assert_eq!(dies_at(None), 5, "Average: the 5th Hit kills");
    assert_eq!(dies_at(Some(1)), 4, "Weakling");
    assert_eq!(dies_at(Some(6)), 7, "Mighty");
    let heroic = LeaderStats {
        reputation: Some(100),
        ..LeaderStats::default()
    };
    assert_eq!(
        heroic.dies_at(&data),
        6,
        "Heroic reputation: +1 Hit (HS-42)"
    );
    // A leader shot at is an armoured foot target; mounted, an armoured horseman (HS-27).
    assert_eq!(data.leaders.leader.target_row, TargetRow::ArmouredFoot);
    assert_eq!(
        data.leaders.leader.mounted_target_row,
        TargetRow::ArmouredHorse
    );
}

#[test]
fn morale_the_score_sets_the_state_and_running_stays_running_on_zero_to_two() {
    let data = data();
    let test = |roll: u8, case: MoraleCase, before: Morale| {
        let mut dice = ScriptedDice::new(&[roll]);
        rules::morale_test(&data, &mut dice, &case, before)
    };
    let two_hits = MoraleCase {
        hits_this_turn: 2,
        ..MoraleCase::default()
    };
    assert_eq!(test(4, two_hits, Morale::Steady), (4, 2, Morale::Hesitant));
    let lost_and_alone = MoraleCase {
        elements_lost: 1,
        leader_absent: true,
        ..MoraleCase::default()
    };
    assert_eq!(
        test(1, lost_and_alone, Morale::Steady),
        (1, -1, Morale::Running)
    );
    let inspired = MoraleCase {
        speech: 2,
        ..MoraleCase::default()
    };
    assert_eq!(test(1, inspired, Morale::Steady), (1, 3, Morale::Steady));
    let speech = LeaderStats {
        charisma: Some(6),
        ..LeaderStats::default()
    }
    .speech(&data);
    assert_eq!(speech, 4, "Inspiring");
    let inspiring = MoraleCase {
        speech,
        ..MoraleCase::default()
    };
    assert_eq!(test(1, inspiring, Morale::Steady).1, 5);
    assert_eq!(
        rules::morale_state(&data, 2, Morale::Running),
        Morale::Running
    );
    assert_eq!(
        rules::morale_state(&data, 0, Morale::Running),
        Morale::Running
    );
    assert_eq!(
        rules::morale_state(&data, 3, Morale::Running),
        Morale::Steady
    );
    assert_eq!(
        rules::morale_state(&data, 2, Morale::Hesitant),
        Morale::Hesitant
    );
    // A Nonentity gives no speech.
    let nonentity = LeaderStats {
        charisma: Some(1),
        ..LeaderStats::default()
    };
    assert_eq!(
        (nonentity.speech(&data), nonentity.regroup_removes(&data)),
        (0, 0)
    );
}

#[test]
fn morale_odds_pass_is_four_plus_m_over_six_and_running_at_minus_two_and_three() {
    let data = data();
    for m in -7..=4i32 {
        let case = if m < 0 {
            MoraleCase {
                elements_lost: m.unsigned_abs(),
                ..MoraleCase::default()
            }
        } else {
            MoraleCase {
                speech: m,
                ..MoraleCase::default()
            }
        };
        let o = odds::morale(&data, &case, Morale::Steady);
        assert_eq!(o.net, m);
        let pass = u64::try_from((4 + m).clamp(0, 6)).expect("0..=6");
        assert_eq!(o.steady, f(pass, 6), "m = {m}");
    }
    let lost = |n| MoraleCase {
        elements_lost: n,
        ..MoraleCase::default()
    };
    assert_eq!(
        odds::morale(&data, &lost(2), Morale::Steady).running,
        f(1, 6)
    );
    assert_eq!(
        odds::morale(&data, &lost(3), Morale::Steady).running,
        f(2, 6)
    );
}

#[test]
fn personal_combat_break_off_escapes_unless_pursued_and_a_merciful_winner_scores_nothing() {
    use Throw::{Paper, Scissors, Stone};
    assert!(!rules::round_fought(Intention::BreakOff, Intention::Fight));
    assert!(rules::round_fought(Intention::BreakOff, Intention::Pursue));
    assert!(!rules::round_fought(
        Intention::BreakOff,
        Intention::BreakOff
    ));
    // Win, lose, tie: one throw each, no Hit.
    let wlt = rules::bout(
        &[Paper, Paper, Stone],
        &[Stone, Scissors, Stone],
        (None, None),
    );
    assert_eq!(wlt, Outcome::Draw);
    // Win, win, lose: A scores 1 Hit.
    let wwl = rules::bout(
        &[Paper, Stone, Scissors],
        &[Stone, Scissors, Stone],
        (None, None),
    );
    assert_eq!(wwl, Outcome::A);
    assert_eq!(
        rules::bout_hit(wwl, Intention::Fight, Intention::Fight),
        Outcome::A
    );
    assert_eq!(
        rules::bout_hit(wwl, Intention::Stay, Intention::Fight),
        Outcome::Draw
    );
    assert_eq!(
        rules::bout_hit(wwl, Intention::BreakOff, Intention::Fight),
        Outcome::Draw
    );
    // With Prowess a drawn throw goes to the higher: win, lose, tie becomes 2 to 1.
    let edged = rules::bout(
        &[Paper, Paper, Stone],
        &[Stone, Scissors, Stone],
        (Some(5), Some(2)),
    );
    assert_eq!(edged, Outcome::A);
    let d = odds::duel(Intention::Stay, Intention::Fight, (None, None));
    assert_eq!(d.a_hits, f(0, 1), "Stay your hand never scores");
    assert_eq!(d.a_spares, f(10, 27));
}

#[test]
fn personal_combat_uniform_throws_give_ten_ten_seven_over_twenty_seven() {
    let exact = odds::duel(Intention::Fight, Intention::Fight, (None, None));
    assert_eq!(
        (exact.a_hits, exact.b_hits, exact.no_hit),
        (f(10, 27), f(10, 27), f(7, 27))
    );
    let edged = odds::duel(Intention::Fight, Intention::Fight, (Some(6), Some(3)));
    assert_eq!((edged.a_hits, edged.b_hits), (f(20, 27), f(7, 27)));
    // And over seeded bouts, each throw drawn uniformly from the game's stream.
    let mut dice = SeededDice::new(2026, 0);
    let mut throw = || Throw::ALL[usize::from((dice.d6() - 1) / 2)];
    let bouts = 27_000;
    let mut wins = [0u32; 3];
    for _ in 0..bouts {
        let a: Vec<Throw> = (0..3).map(|_| throw()).collect();
        let b: Vec<Throw> = (0..3).map(|_| throw()).collect();
        wins[match rules::bout(&a, &b, (None, None)) {
            Outcome::A => 0,
            Outcome::B => 1,
            Outcome::Draw => 2,
        }] += 1;
    }
    for (count, expected) in wins.iter().zip([10.0 / 27.0, 10.0 / 27.0, 7.0 / 27.0]) {
        let p = f64::from(*count) / f64::from(bouts);
        let sd = (expected * (1.0 - expected) / f64::from(bouts)).sqrt();
        assert!((p - expected).abs() < 4.0 * sd, "{p} against {expected}");
    }
}

#[test]
fn mounted_bandits_fight_as_bandits_without_the_horseback_bonus() {
    let data = data();
    let mounted = element(&data, "mounted-bandits");
    let bandits = element(&data, "bandits");
    assert_eq!(mounted.base, bandits.base);
    assert_eq!(mounted.tier, bandits.tier);
    let horse = element(&data, "mounted-clan-samurai");
    assert_eq!(
        rules::sum(&horse.base),
        3,
        "+2 samurai, +1 horseback (HS-14)"
    );
}
