//! Property tests: random rosters built from the data never panic the validator, and the verdict
//! does not depend on the order of the models.

use buntai::diag::SourceFile;
use buntai::ronin::load::{DataSource, load};
use buntai::ronin::model::{Armour, Catalogue, Mount, OptionKind};
use buntai::ronin::roster::{KoryuDeclaration, Roster, RosterModel};
use buntai::ronin::rules::{self, Options};
use proptest::prelude::*;

fn catalogue() -> &'static Catalogue {
    static CAT: std::sync::OnceLock<Catalogue> = std::sync::OnceLock::new();
    CAT.get_or_init(|| load(&DataSource::Embedded).expect("shipped data loads"))
}

/// Choices made by proptest, turned into a roster by `build`: indices wrap around the data's lists.
#[derive(Debug, Clone)]
struct Pick {
    profile: usize,
    count: u32,
    weapons: Vec<usize>,
    attributes: Vec<usize>,
    armour: Option<usize>,
    mount: Option<usize>,
    banner: bool,
    leader: bool,
    option: Option<usize>,
}

fn pick() -> impl Strategy<Value = Pick> {
    (
        0usize..64,
        1u32..4,
        prop::collection::vec(0usize..64, 0..2),
        prop::option::weighted(0.2, 0usize..64),
        prop::option::weighted(0.1, 0usize..4),
        prop::option::weighted(0.05, 0usize..2),
        prop::bool::weighted(0.05),
        prop::bool::weighted(0.05),
        prop::option::weighted(0.1, 0usize..8),
    )
        .prop_map(
            |(profile, count, weapons, attribute, armour, mount, banner, leader, option)| Pick {
                profile,
                count,
                weapons,
                attributes: attribute.into_iter().collect(),
                armour,
                mount,
                banner,
                leader,
                option,
            },
        )
}

fn build(
    cat: &Catalogue,
    faction: usize,
    picks: &[Pick],
    points: Option<u32>,
    kiai: Option<u32>,
) -> Roster {
    let faction = &cat.factions[faction % cat.factions.len()];
    let mut names: Vec<&str> = faction.profiles.iter().map(|p| p.id.as_str()).collect();
    names.extend(faction.swords_for_hire.allowed.iter().map(String::as_str));
    let attributes: Vec<&str> = cat
        .attributes
        .attributes
        .iter()
        .map(|a| a.id.as_str())
        .collect();
    let koryu = faction.koryu.as_ref().map(|k| KoryuDeclaration {
        primary: k.weapons[0].weapon.clone(),
        secondary: vec![k.weapons[3].weapon.clone()],
    });
    let models = picks
        .iter()
        .map(|p| {
            let id = names[p.profile % names.len()];
            let profile = cat
                .profile_for(faction, id)
                .expect("listed profile")
                .profile;
            // Weapons mostly from the profile's own choices, sometimes anything at all.
            let mut offered: Vec<String> = profile
                .options
                .iter()
                .filter(|o| matches!(o.kind, OptionKind::Weapon | OptionKind::Exchange))
                .flat_map(|o| o.one_of.clone())
                .collect();
            if let Some(k) = &faction.koryu {
                offered.extend(k.weapons.iter().map(|w| w.weapon.clone()));
            }
            offered.push("katana".to_owned());
            let mut weapons: Vec<String> = p
                .weapons
                .iter()
                .map(|i| offered[i % offered.len()].clone())
                .collect();
            // Usually make the profile's required pick, as a player would.
            if let Some(required) = profile.options.iter().find(|o| o.required)
                && weapons.is_empty()
                && p.count != 3
            {
                weapons.push(required.one_of[p.profile % required.one_of.len()].clone());
            }
            if profile.koryu_weapon && weapons.is_empty() {
                weapons.push(offered[0].clone());
            }
            RosterModel {
                profile: id.to_owned(),
                count: Some(p.count),
                weapons,
                attributes: p
                    .attributes
                    .iter()
                    .map(|i| attributes[i % attributes.len()].to_owned())
                    .collect(),
                armour: p.armour.map(|i| Armour::ALL[i]),
                mount: p.mount.map(|i| [Mount::Horse, Mount::Warhorse][i]),
                banner: p.banner,
                leader: p.leader,
                options: p
                    .option
                    .and_then(|i| profile.options.get(i))
                    .map(|o| vec![o.id.clone()])
                    .unwrap_or_default(),
                ..RosterModel::default()
            }
        })
        .collect();
    Roster {
        faction: faction.id.clone(),
        points,
        fearsome_kiai: kiai,
        koryu,
        models,
        ..Roster::default()
    }
}

fn verdict(roster: &Roster) -> (bool, i32, u32) {
    let text = toml::to_string(roster).expect("a roster serializes");
    let report = rules::validate(
        catalogue(),
        &SourceFile::new("prop.toml", text),
        Options::default(),
    );
    (report.valid(), report.points_total, report.models)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_rosters_never_panic_and_order_does_not_matter(
        faction in 0usize..8,
        picks in prop::collection::vec(pick(), 1..8),
        points in prop::option::of(50u32..400),
        kiai in prop::option::of(0u32..5),
        rotate in 0usize..8,
    ) {
        let cat = catalogue();
        let roster = build(cat, faction, &picks, points, kiai);
        let forward = verdict(&roster);
        let mut reordered = roster.clone();
        reordered.models.reverse();
        let len = reordered.models.len();
        reordered.models.rotate_left(rotate % len);
        prop_assert_eq!(forward, verdict(&reordered));
    }

    /// Legal rosters exist among the random ones: the property above is not only about rejections.
    #[test]
    fn simple_legal_rosters_stay_legal_in_any_order(rotate in 0usize..6, extra in 0u32..6) {
        let models = [("ashigaru", 3 + extra, "yari"), ("ashigaru", 1, "teppo"), ("samurai", 1, ""), ("ashigaru", 1, "yumi")];
        let mut roster = Roster { faction: "bushi".to_owned(), ..Roster::default() };
        for (profile, count, weapon) in models {
            roster.models.push(RosterModel {
                profile: profile.to_owned(),
                count: Some(count),
                weapons: if weapon.is_empty() { vec![] } else { vec![weapon.to_owned()] },
                ..RosterModel::default()
            });
        }
        roster.models.rotate_left(rotate % 4);
        let (valid, _, models) = verdict(&roster);
        prop_assert!(valid);
        prop_assert_eq!(models, 6 + extra);
    }
}

#[test]
fn the_generator_also_builds_legal_rosters() {
    // Guard against a generator that only builds illegal rosters, which would make the order
    // property trivially true: sample it deterministically and count the legal ones.
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let cat = catalogue();
    let mut runner = TestRunner::deterministic();
    let strategy = (0usize..8, prop::collection::vec(pick(), 1..8));
    let mut legal = 0;
    for _ in 0..2000 {
        let (faction, picks) = strategy.new_tree(&mut runner).expect("value").current();
        if verdict(&build(cat, faction, &picks, None, None)).0 {
            legal += 1;
        }
    }
    assert!(
        legal >= 10,
        "only {legal} of 2000 random rosters were legal"
    );
}
