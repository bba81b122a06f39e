//! Sheets to play from: one row per model with boxes to mark, model cards, the opponent's copy,
//! the quick-reference card's corrections.

use predicates::prelude::*;
use tempfile::TempDir;

use crate::support::{buntai, repo};

fn print(args: &[&str], roster: &std::path::Path) -> String {
    let output = buntai()
        .arg("print")
        .arg(roster)
        .args(args)
        .output()
        .expect("run");
    String::from_utf8(output.stdout).expect("utf-8")
}

/// The rows of the models table.
fn model_rows(html: &str) -> Vec<&str> {
    let body = html
        .split("<table class=\"models\">")
        .nth(1)
        .and_then(|t| t.split("</table>").next())
        .expect("the models table");
    body.split("<tr>").skip(2).collect()
}

#[test]
fn the_play_sheet_has_a_row_per_model_with_boxes_to_mark() {
    let roster = repo().join("examples/bushi-sample-200.toml");
    let html = print(&["--format", "html"], &roster);
    let models = buntai()
        .arg("validate")
        .arg(&roster)
        .args(["--format", "json"])
        .output()
        .expect("run");
    let count = crate::support::json(&models)[0]["models"]
        .as_u64()
        .expect("models");
    let rows = model_rows(&html);
    assert_eq!(rows.len() as u64, count, "one row per model");
    for row in &rows {
        assert!(row.matches("class=\"box\"").count() >= 5, "{row}");
    }
    // A grouped entry is expanded and numbered 1.1, 1.2, ...
    assert!(
        rows.iter().any(|r| r.contains(">3.1</td>")),
        "grouped entries numbered"
    );
    assert!(rows.iter().any(|r| r.contains(">3.2</td>")));
    // The teppo carries a box for being loaded.
    assert!(
        rows.iter()
            .any(|r| r.contains("teppo") && r.contains("loaded"))
    );
    for mark in ["Steady", "Wavering", "Routing", "VP", "Turn"] {
        assert!(html.contains(mark), "{mark}");
    }
    // A box for each Fearsome Kiai bought.
    let kiai = print(
        &["--format", "html"],
        &repo().join("tests/fixtures/ten-models.toml"),
    );
    let track = kiai.split("<div class=\"track\">").nth(1).expect("track");
    let kiai_boxes = track
        .split("Fearsome Kiai</strong>")
        .nth(1)
        .and_then(|t| t.split("spent").next())
        .expect("kiai boxes");
    assert_eq!(kiai_boxes.matches("class=\"box\"").count(), 1);
}

#[test]
fn the_banner_bearers_minus_one_is_folded_into_its_numbers() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("b.toml");
    std::fs::write(
        &path,
        "faction = \"bushi\"\n[[models]]\nprofile = \"ashigaru\"\nweapons = [\"yari\"]\n\
         [[models]]\nprofile = \"ashigaru\"\nbanner = true\n",
    )
    .expect("write");
    let json = print(&["--format", "json"], &path);
    let sheet: serde_json::Value = serde_json::from_str(&json).expect("json");
    let katana = |entry: usize| {
        sheet["entries"][entry]["weapons"]
            .as_array()
            .expect("weapons")
            .iter()
            .find(|w| w["id"] == "katana")
            .cloned()
            .expect("katana")
    };
    let (plain, bearer) = (katana(0), katana(1));
    assert_eq!(
        bearer["initiative"].as_i64(),
        plain["initiative"].as_i64().map(|i| i - 1)
    );
    assert_eq!(
        bearer["attack"].as_i64(),
        plain["attack"].as_i64().map(|a| a - 1)
    );
}

#[test]
fn the_card_goes_on_the_back_or_nowhere_when_asked() {
    let roster = repo().join("tests/fixtures/ten-models.toml");
    let front = print(&["--format", "html"], &roster);
    assert!(front.contains("<h2 class=\"front\">Quick reference</h2>"));
    let back = print(&["--format", "html", "--card", "back"], &roster);
    assert!(back.contains("<h2 class=\"back\">Quick reference</h2>"));
    assert!(back.contains("h2.back { break-before: page; }"));
    let none = print(&["--format", "html", "--card", "none"], &roster);
    assert!(!none.contains("Quick reference</h2>"));
}

#[test]
fn model_cards_are_one_per_model_with_mount_profiles() {
    let roster = repo().join("tests/fixtures/twenty-entries.toml");
    let html = print(&["--format", "cards"], &roster);
    assert_eq!(html.matches("<div class=\"card\">").count(), 20);
    assert!(
        html.contains("<strong>Warhorse</strong>"),
        "the warhorse's own profile"
    );
    assert!(html.contains("fights on its own: 1 Attack counter"));
    assert!(!html.contains("http"), "self-contained");
}

#[test]
fn the_opponents_copy_shows_a_disguised_ninja_as_the_model_it_impersonates() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("n.toml");
    std::fs::write(
        &path,
        "faction = \"bushi\"\npoints = 200\n\
         [[models]]\nprofile = \"ashigaru\"\ncount = 4\nweapons = [\"yari\"]\n\
         [[models]]\nprofile = \"samurai\"\n\
         [[models]]\nprofile = \"ninja\"\ndisguise = \"ashigaru\"\nweapons = [\"yari\"]\n\
         attributes = [\"kenjutsu\"]\n",
    )
    .expect("write");
    let own = print(&["--format", "json"], &path);
    assert!(own.contains("\"disguised_as\": \"Ashigaru\""), "{own}");
    for format in ["html", "text", "markdown", "cards"] {
        let copy = print(&["--format", format, "--for-opponent"], &path);
        // The Bushi scoring rule about hiring a Ninja is printed for every Bushi list.
        let lower = copy.to_lowercase().replace(
            "if a ninja is hired (disguised, undisguised or a bluff)",
            "",
        );
        assert!(!lower.contains("ninja"), "{format}: {copy}");
        assert!(!lower.contains("disguise"), "{format}");
        assert!(
            !lower.contains("kenjutsu"),
            "{format}: the Ninja's free Bujutsu is secret"
        );
    }
    let text = print(&["--format", "json", "--for-opponent"], &path);
    assert!(
        !text.contains("\"Ninja\"") && !text.contains("\"ninja\""),
        "{text}"
    );
    assert!(!text.contains("Kenjutsu"));
    let copy: serde_json::Value = serde_json::from_str(&text).expect("json");
    for entry in copy["entries"].as_array().expect("entries") {
        assert!(entry["disguised_as"].is_null());
    }
    let shown = &copy["entries"][2];
    assert_eq!(shown["profile_name"], "Ashigaru");
    assert_eq!(shown["rank"], 1);
    let total: i64 = copy["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| e["points_total"].as_i64().expect("points"))
        .sum();
    assert_eq!(
        copy["points"]["total"].as_i64(),
        Some(total),
        "totals add up as shown"
    );
    assert_eq!(copy["opponent_copy"], true);
    // Nothing in the disguised entry tells it from the real Ashigaru with a yari beside it: not its
    // weapons' Initiative, not a concealed shuriken, not its points.
    let mut real = copy["entries"][0].clone();
    let mut ninja = shown.clone();
    for e in [&mut real, &mut ninja] {
        e["number"] = serde_json::Value::Null;
        e["count"] = serde_json::Value::Null;
        e["points_total"] = serde_json::Value::Null;
    }
    assert_eq!(ninja, real, "the disguised entry against a real Ashigaru");
}

#[test]
fn the_quick_reference_card_is_corrected_and_complete() {
    let html = print(&["--format", "html"], &repo().join("examples/koryu.toml"))
        .replace("&#x2f;", "/")
        .replace("&quot;", "\"");
    for text in [
        "shoot any missile weapon",
        "take turns picking one, the Priority player first",
        "-1 engaged, +1 rested",
        "always passes / always fails",
        "d6 + Rank must reach 7",
        "Withdraw",
        "Disarm",
        "Subdue",
        "switching mid-combat costs an Attack counter",
        "its Rank (Rank 0: 1/2)",
        "x1/2 for each of",
    ] {
        assert!(html.contains(text), "the card says: {text}");
    }
    assert!(!html.contains("bows and shuriken may shoot instead"));
}

#[test]
fn the_text_sheet_says_which_data_it_was_checked_with() {
    buntai()
        .args(["print", "examples/koryu.toml"])
        .current_dir(repo())
        .assert()
        .stdout(predicate::str::contains("Checked by buntai"));
}
