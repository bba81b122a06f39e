//! Validation speed: a full 20-model roster from text to verdict, and the steps inside it.
//! Run with `cargo bench --bench validate`; not part of CI.

use buntai::diag::SourceFile;
use buntai::ronin::load::{DataSource, load};
use buntai::ronin::model::Catalogue;
use buntai::ronin::roster::{self, Rules};
use buntai::ronin::rules::{self, Options};

fn main() {
    divan::main();
}

/// 20 Bushi models with weapons, attributes, armour changes, a banner and a mount.
const ROSTER: &str = r#"
faction = "bushi"
points = 420
fearsome-kiai = 1

[[models]]
profile = "ashigaru"
count = 5
weapons = ["yari"]

[[models]]
profile = "ashigaru"
count = 3
weapons = ["teppo"]
armour = "none"

[[models]]
profile = "ashigaru"
count = 4
weapons = ["yumi"]

[[models]]
profile = "ashigaru"
banner = true

[[models]]
profile = "ashigaru-gashira"
weapons = ["nagae-yari"]

[[models]]
profile = "ashigaru"
count = 2
weapons = ["nagae-yari"]

[[models]]
profile = "samurai"
count = 2
weapons = ["naginata"]
attributes = ["naginatajutsu"]

[[models]]
profile = "hatamoto"
weapons = ["yari"]
attributes = ["sojutsu", "bajutsu"]
mount = "horse"

[[models]]
profile = "ronin"
weapons = ["nodachi"]
attributes = ["kenjutsu", "powerful"]
armour = "medium"
"#;

fn catalogue() -> Catalogue {
    load(&DataSource::Embedded).expect("shipped data")
}

#[divan::bench]
fn validate_20_models(bencher: divan::Bencher) {
    let cat = catalogue();
    let file = SourceFile::new("bench.toml", ROSTER);
    bencher.bench(|| {
        rules::validate(
            divan::black_box(&cat),
            divan::black_box(&file),
            Options::default(),
        )
    });
}

#[divan::bench]
fn parse_20_models(bencher: divan::Bencher) {
    let file = SourceFile::new("bench.toml", ROSTER);
    bencher.bench(|| roster::parse(divan::black_box(&file)));
}

#[divan::bench]
fn resolve_20_models(bencher: divan::Bencher) {
    let cat = catalogue();
    let file = SourceFile::new("bench.toml", ROSTER);
    let parsed = roster::parse(&file).expect("roster parses");
    let faction = cat.faction("bushi").expect("bushi");
    bencher.bench(|| {
        let mut out = Vec::new();
        let resolved = roster::resolve(
            &cat,
            faction,
            divan::black_box(&parsed),
            Rules::default(),
            &mut out,
        );
        resolved.points_total()
    });
}

#[divan::bench]
fn load_embedded_data() -> Catalogue {
    catalogue()
}

/// 10,000 entries, each with an unknown weapon: 10,000 located problems (reliability review D5).
fn ten_thousand_problems() -> String {
    let mut text = String::from("faction = \"bushi\"\n");
    for _ in 0..10_000 {
        text.push_str("[[models]]\nprofile = \"samurai\"\nweapons = [\"nosuch\"]\n");
    }
    text
}

/// From text to every problem located (line and column), as `validate --format json` does.
#[divan::bench(sample_count = 10)]
fn validate_10000_problems_located(bencher: divan::Bencher) {
    let cat = catalogue();
    let text = ten_thousand_problems();
    bencher.bench(|| {
        // A fresh file each time: the span index is built once per file, and that is measured.
        let file = SourceFile::new("big.toml", text.as_str());
        let report = rules::validate(&cat, &file, Options::default());
        report
            .violations
            .iter()
            .filter_map(|v| v.to_problem(&file).line_col())
            .count()
    });
}
