//! Exact odds for Samurai 1550-1600: one close combat or one volley (every modifier, halving by
//! Tate or Palisades included) and the chance of a reaction in a player turn. Each is worked out
//! from the three faces of the D3, so every number is exact.

use serde::Serialize;

use super::data::{Data, Halves};

/// Where the defender stands, for the -1 of §6 (OHW-11, OHW-47).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Ground {
    /// Open ground: no modifier.
    Open,
    /// Woods: -1 to combat and to shots at a unit in them.
    Woods,
    /// A town: -1 to combat and to shots at a unit in it.
    Town,
    /// A hill: -1 to combat against a unit on it.
    Hill,
    /// Either side stands on a ford or bridge (OHW-11).
    Crossing,
}

impl Ground {
    fn id(self) -> &'static str {
        match self {
            Ground::Open => "open",
            Ground::Woods => "woods",
            Ground::Town => "town",
            Ground::Hill => "hill",
            Ground::Crossing => "ford",
        }
    }
}

/// One combat or volley as a roll: the D3, a flat modifier, and whether the total is halved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Roll {
    pub modifier: i32,
    pub halved: bool,
}

impl Roll {
    /// The hits one D3 face (1-3) scores: modifiers added (never below 0, OHW-10), then halved
    /// rounding up (OHW-14).
    pub fn hits(self, d3: i32) -> i32 {
        let total = (d3 + self.modifier).max(0);
        if self.halved { (total + 1) / 2 } else { total }
    }

    /// P(hits = h) for h = 0..=max, in thirds.
    pub fn distribution(self) -> Vec<u32> {
        let mut thirds = Vec::new();
        for d3 in 1..=3 {
            let h = usize::try_from(self.hits(d3)).unwrap_or(0);
            if thirds.len() <= h {
                thirds.resize(h + 1, 0);
            }
            thirds[h] += 1;
        }
        thirds
    }
}

/// The D3 of a d6 face (OHW-34): 1-2 → 1, 3-4 → 2, 5-6 → 3.
pub fn d3_of(d6: u8) -> i32 {
    i32::from(d6.div_ceil(2))
}

/// Why a modifier applies, for the report.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Part {
    pub why: String,
    pub value: i32,
}

/// A close combat's roll with its parts: the attacker's bonus, its modifier against the
/// defender's type, the defender's ground, other enemies in contact, Palisades.
pub fn combat(
    data: &Data,
    attacker: &str,
    defender: &str,
    ground: Ground,
    contacts: u32,
    palisades: bool,
) -> Result<(Roll, Vec<Part>), String> {
    let a = unit(data, attacker)?;
    let d = unit(data, defender)?;
    let mut parts = Vec::new();
    if a.melee_bonus.value != 0 {
        parts.push(Part {
            why: format!("{} bonus", a.name),
            value: a.melee_bonus.value,
        });
    }
    for v in a.vs.iter().filter(|v| v.target == d.id) {
        parts.push(Part {
            why: format!("{} attacking {}", a.name, d.name),
            value: v.modifier,
        });
    }
    if let Some(defence) = data.terrain(ground.id()).and_then(|t| t.defence) {
        parts.push(Part {
            why: match ground {
                Ground::Hill => "defender on a hill".to_owned(),
                _ => format!("defender in {}", ground.id()),
            },
            value: defence.value,
        });
    } else if ground == Ground::Crossing {
        parts.push(Part {
            why: "defending a river crossing (OHW-11)".to_owned(),
            value: -1,
        });
    }
    if contacts > 1 {
        parts.push(Part {
            why: format!("{} other enemies in contact (OHW-12)", contacts - 1),
            value: -i32::try_from(contacts - 1).unwrap_or(i32::MAX),
        });
    }
    let halved = palisades && halves(data, Halves::Melee);
    Ok((
        Roll {
            modifier: parts.iter().map(|p| p.value).sum(),
            halved,
        },
        parts,
    ))
}

/// A volley's roll with its parts: cover, a Cannon; Tate halve.
pub fn volley(
    data: &Data,
    ground: Ground,
    cannon: bool,
    tate: bool,
) -> Result<(Roll, Vec<Part>), String> {
    let mut parts = Vec::new();
    if let Some(cover) = data.terrain(ground.id()).and_then(|t| t.shot_cover) {
        parts.push(Part {
            why: format!("target in {}", ground.id()),
            value: cover.value,
        });
    }
    if cannon {
        let bonus = data
            .addition("cannon")
            .and_then(|c| c.shoot_bonus)
            .ok_or("the data has no cannon bonus")?;
        parts.push(Part {
            why: "Cannon".to_owned(),
            value: bonus.value,
        });
    }
    Ok((
        Roll {
            modifier: parts.iter().map(|p| p.value).sum(),
            halved: tate && halves(data, Halves::Missile),
        },
        parts,
    ))
}

fn halves(data: &Data, what: Halves) -> bool {
    data.additions
        .addition
        .iter()
        .any(|a| a.halves == Some(what))
}

fn unit<'d>(data: &'d Data, id: &str) -> Result<&'d super::data::UnitType, String> {
    data.unit(id).ok_or_else(|| {
        let ids = data.units.iter().map(|u| u.id.as_str());
        format!(
            "there is no unit type `{id}`; {}",
            crate::diag::did_you_mean(id, ids)
        )
    })
}

/// The chance the odd die comes out while `k` of `n` units activate (OHW-04): k/(n+1), as a
/// fraction in lowest terms.
pub fn reaction(n: u32, k: u32) -> (u32, u32) {
    let k = k.min(n);
    let (mut a, mut b) = (k, n + 1);
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let g = a.max(1);
    (k / g, (n + 1) / g)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data() -> Data {
        super::super::data::load(None).unwrap_or_else(|p| panic!("{p:#?}"))
    }

    fn hits(roll: Roll, d6: u8) -> i32 {
        roll.hits(d3_of(d6))
    }

    #[test]
    fn d3_maps_d6_faces_to_one_one_two_two_three_three() {
        let faces: Vec<i32> = (1..=6).map(d3_of).collect();
        assert_eq!(faces, [1, 1, 2, 2, 3, 3]);
    }

    #[test]
    fn foot_samurai_add_one_and_lose_one_against_mounted_samurai() {
        let d = data();
        let (r, _) = combat(&d, "foot-samurai", "ashigaru", Ground::Open, 1, false).expect("ok");
        assert_eq!(hits(r, 3), 3);
        let (r, _) = combat(
            &d,
            "foot-samurai",
            "mounted-samurai",
            Ground::Open,
            1,
            false,
        )
        .expect("ok");
        assert_eq!(hits(r, 1), 1);
    }

    #[test]
    fn mounted_samurai_against_ashigaru_never_score_below_zero() {
        let d = data();
        let (r, _) = combat(&d, "mounted-samurai", "ashigaru", Ground::Open, 1, false).expect("ok");
        assert_eq!(hits(r, 2), 0);
        assert_eq!(r.distribution(), [1, 1, 1]);
    }

    #[test]
    fn a_defender_in_woods_or_on_a_hill_takes_one_less() {
        let d = data();
        let (r, _) = combat(&d, "ashigaru", "foot-samurai", Ground::Woods, 1, false).expect("ok");
        assert_eq!(hits(r, 6), 2);
        let (r, _) =
            combat(&d, "foot-samurai", "foot-samurai", Ground::Hill, 1, false).expect("ok");
        assert_eq!(hits(r, 1), 1);
    }

    #[test]
    fn an_attacker_in_contact_with_three_enemies_gets_minus_two() {
        let d = data();
        let (r, _) = combat(&d, "foot-samurai", "ashigaru", Ground::Open, 3, false).expect("ok");
        assert_eq!(hits(r, 3), 1);
    }

    #[test]
    fn ashigaru_shooting_into_a_town_lose_one_and_a_cannon_adds_one() {
        let d = data();
        let (r, _) = volley(&d, Ground::Town, false, false).expect("ok");
        assert_eq!((hits(r, 1), hits(r, 6)), (0, 2));
        let (r, _) = volley(&d, Ground::Open, true, false).expect("ok");
        assert_eq!(hits(r, 5), 4);
    }

    #[test]
    fn tate_halve_shots_and_palisades_halve_combat_rounding_up() {
        let d = data();
        let (r, _) = volley(&d, Ground::Open, false, true).expect("ok");
        assert_eq!((hits(r, 5), hits(r, 1)), (2, 1));
        let (r, _) = combat(&d, "foot-samurai", "ashigaru", Ground::Open, 1, true).expect("ok");
        assert_eq!(hits(r, 6), 2);
    }

    #[test]
    fn the_reaction_comes_k_in_n_plus_one() {
        assert_eq!(reaction(6, 6), (6, 7));
        assert_eq!(reaction(5, 3), (1, 2));
        assert_eq!(reaction(6, 0), (0, 1));
    }
}
