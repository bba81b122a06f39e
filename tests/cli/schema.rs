//! `buntai schema`: the committed schemas must match what the code generates.

use crate::support::{buntai, repo};

const KINDS: [&str; 10] = [
    "faction",
    "roster",
    "weapons",
    "attributes",
    "swords-for-hire",
    "scenario-profiles",
    "rulings",
    "reference",
    "sheet",
    "event",
];

#[test]
fn committed_schemas_match_the_code() {
    for kind in KINDS {
        let out = buntai().args(["schema", kind]).output().expect("runs");
        assert!(out.status.success());
        let generated = String::from_utf8(out.stdout).expect("utf-8");
        let path = repo().join("schemas").join(format!("{kind}.schema.json"));
        let committed = std::fs::read_to_string(&path).expect("schema file exists");
        assert!(
            generated == committed,
            "schemas/{kind}.schema.json is out of date: run `cargo run -- schema {kind} > schemas/{kind}.schema.json`"
        );
    }
}

#[test]
fn schemas_forbid_unknown_keys_like_the_loader() {
    let out = buntai().args(["schema", "roster"]).output().expect("runs");
    let schema: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert_eq!(schema["additionalProperties"], false);
    assert_eq!(schema["required"], serde_json::json!(["faction"]));
    assert!(schema["properties"]["models"].is_object());
}

#[test]
fn every_data_file_points_editors_at_its_schema() {
    for entry in std::fs::read_dir(repo().join("factions")).expect("factions") {
        let path = entry.expect("entry").path();
        let text = std::fs::read_to_string(&path).expect("read");
        let first = text.lines().next().unwrap_or_default();
        let schema = first
            .strip_prefix("#:schema ../schemas/")
            .unwrap_or_else(|| panic!("{} lacks #:schema", path.display()));
        assert!(
            repo().join("schemas").join(schema).is_file(),
            "{} names a missing schema",
            path.display()
        );
    }
}

#[test]
fn every_example_roster_points_editors_at_the_roster_schema() {
    for dir in ["examples", "examples/illegal"] {
        for entry in std::fs::read_dir(repo().join(dir)).expect("examples") {
            let path = entry.expect("entry").path();
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("read");
            let first = text.lines().next().unwrap_or_default();
            let target = first
                .strip_prefix("#:schema ")
                .unwrap_or_else(|| panic!("{} lacks #:schema", path.display()));
            assert!(
                target.ends_with("roster.schema.json"),
                "{}: {target}",
                path.display()
            );
            let resolved = path.parent().expect("parent").join(target);
            assert!(
                resolved.is_file(),
                "{} names a missing schema {target}",
                path.display()
            );
        }
    }
}
