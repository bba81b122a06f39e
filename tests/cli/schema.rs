//! `buntai schema`: the committed schemas must match what the code generates.

use serde_json::Value;

use crate::support::{buntai, repo};

const KINDS: [&str; 60] = [
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
    "verdict",
    "edit",
    "suggestion",
    "odds",
    "simulation",
    "data-check",
    "faction-summary",
    "faction-output",
    "ruling",
    "rule",
    "options",
    "samurai-army",
    "samurai-verdict",
    "samurai-sheet",
    "samurai-odds",
    "samurai-units",
    "samurai-additions",
    "samurai-simulation",
    "samurai-field",
    "samurai-event",
    "heroic-contingent",
    "heroic-verdict",
    "heroic-sheet",
    "heroic-melee-odds",
    "heroic-shot-odds",
    "heroic-duel-odds",
    "heroic-morale-odds",
    "heroic-elements",
    "heroic-shooting",
    "heroic-melee",
    "heroic-morale",
    "heroic-leaders",
    "heroic-scenarios",
    "heroic-simulation",
    "heroic-event",
    "heroic-table",
    "heroic-field",
    "l5r-roll-odds",
    "l5r-contest-odds",
    "l5r-battle-odds",
    "l5r-battle",
    "l5r-verdict",
    "l5r-formations",
    "l5r-menus",
    "l5r-zone-effects",
    "l5r-roles",
    "l5r-numbers",
    "l5r-sheet",
    "l5r-simulation",
    "l5r-event",
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
        if path.is_dir() {
            // Another system's data, checked below.
            continue;
        }
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
fn samurai_data_and_armies_point_editors_at_their_schemas() {
    let data = repo().join("factions/samurai-1550-1600");
    let examples = repo().join("examples/samurai-1550-1600");
    let files = [
        (data.join("units.toml"), "samurai-units.schema.json"),
        (data.join("additions.toml"), "samurai-additions.schema.json"),
        (data.join("rulings.toml"), "rulings.schema.json"),
        (examples.join("oda.toml"), "samurai-army.schema.json"),
        (examples.join("takeda.toml"), "samurai-army.schema.json"),
        (
            examples.join("illegal/too-much.toml"),
            "samurai-army.schema.json",
        ),
    ];
    for (path, schema) in files {
        points_at_schema(&path, schema);
    }
}

#[test]
fn l5r_data_and_battles_point_editors_at_their_schemas() {
    let data = repo().join("factions/l5r-mass-battle");
    let examples = repo().join("examples/l5r-mass-battle");
    let files = [
        (data.join("formations.toml"), "l5r-formations.schema.json"),
        (data.join("menus.toml"), "l5r-menus.schema.json"),
        (
            data.join("zone-effects.toml"),
            "l5r-zone-effects.schema.json",
        ),
        (data.join("roles.toml"), "l5r-roles.schema.json"),
        (data.join("numbers.toml"), "l5r-numbers.schema.json"),
        (data.join("rulings.toml"), "rulings.schema.json"),
        (examples.join("castle-gate.toml"), "l5r-battle.schema.json"),
        (examples.join("open-field.toml"), "l5r-battle.schema.json"),
        (
            examples.join("illegal/broken.toml"),
            "l5r-battle.schema.json",
        ),
    ];
    for (path, schema) in files {
        points_at_schema(&path, schema);
    }
}

/// The file's first line is `#:schema PATH`, PATH ends in `schema` and resolves to a file.
fn points_at_schema(path: &std::path::Path, schema: &str) {
    let text = std::fs::read_to_string(path).expect("read");
    let first = text.lines().next().unwrap_or_default();
    let target = first
        .strip_prefix("#:schema ")
        .unwrap_or_else(|| panic!("{} lacks #:schema", path.display()));
    assert!(target.ends_with(schema), "{}: {target}", path.display());
    assert!(
        path.parent().expect("parent").join(target).is_file(),
        "{} names a missing schema",
        path.display()
    );
}

#[test]
fn heroic_data_and_contingents_point_editors_at_their_schemas() {
    let data = repo().join("factions/heroic-samurai");
    let mut files: Vec<(std::path::PathBuf, String)> = [
        "elements",
        "shooting",
        "melee",
        "morale",
        "leaders",
        "scenarios",
    ]
    .iter()
    .map(|k| {
        (
            data.join(format!("{k}.toml")),
            format!("heroic-{k}.schema.json"),
        )
    })
    .collect();
    files.push((data.join("rulings.toml"), "rulings.schema.json".to_owned()));
    for entry in std::fs::read_dir(repo().join("examples/heroic-samurai")).expect("examples") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "toml") {
            let table = path.to_string_lossy().ends_with("-table.toml");
            let schema = if table { "table" } else { "contingent" };
            files.push((path, format!("heroic-{schema}.schema.json")));
        }
    }
    assert!(
        files.len() >= 10,
        "the data files and at least three contingents"
    );
    for (path, schema) in files {
        points_at_schema(&path, &schema);
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

/// Check `value` against a JSON Schema as schemars writes them: `$ref` into `$defs`, `type`,
/// `properties` with `required` (and no other keys), `items`, `anyOf`/`oneOf`, `enum`/`const`.
/// Returns the first mismatch, with its path.
fn conforms(value: &Value, schema: &Value, root: &Value, path: &str) -> Result<(), String> {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.trim_start_matches("#/$defs/");
        return conforms(value, &root["$defs"][name], root, path);
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(options) = schema[key].as_array() {
            let ok = options
                .iter()
                .any(|option| conforms(value, option, root, path).is_ok());
            if !ok {
                return Err(format!("{path}: matches none of {key}: {value}"));
            }
        }
    }
    if let Some(allowed) = schema["enum"].as_array()
        && !allowed.contains(value)
    {
        return Err(format!("{path}: {value} is not one of {allowed:?}"));
    }
    if !schema["const"].is_null() && schema["const"] != *value {
        return Err(format!("{path}: {value} is not {}", schema["const"]));
    }
    let kind = |v: &Value| match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let actual = kind(value);
    let allowed = types.is_empty()
        || types.contains(&actual)
        || (actual == "integer" && types.contains(&"number"));
    if !allowed {
        return Err(format!("{path}: {actual} where the schema says {types:?}"));
    }
    if let (Some(props), Some(object)) = (schema["properties"].as_object(), value.as_object()) {
        for required in schema["required"].as_array().into_iter().flatten() {
            let key = required.as_str().unwrap_or_default();
            if !object.contains_key(key) {
                return Err(format!("{path}: missing required `{key}`"));
            }
        }
        for (key, v) in object {
            match props.get(key) {
                Some(sub) => conforms(v, sub, root, &format!("{path}.{key}"))?,
                None => return Err(format!("{path}: `{key}` is not in the schema")),
            }
        }
    }
    if let (Some(items), Some(array)) = (schema.get("items"), value.as_array()) {
        for (i, v) in array.iter().enumerate() {
            conforms(v, items, root, &format!("{path}[{i}]"))?;
        }
    }
    Ok(())
}

fn schema(kind: &str) -> Value {
    let text = std::fs::read_to_string(repo().join("schemas").join(format!("{kind}.schema.json")))
        .expect("schema file");
    serde_json::from_str(&text).expect("schema JSON")
}

/// Run `args` (from the repository folder) and check its JSON output against `kind`, item by item
/// when the output is an array.
fn check_output(kind: &str, args: &[&str]) {
    let out = buntai()
        .current_dir(repo())
        .args(args)
        .output()
        .expect("runs");
    let value: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{args:?}: not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    });
    let schema = schema(kind);
    let items: Vec<&Value> = match &value {
        Value::Array(items) => items.iter().collect(),
        one => vec![one],
    };
    assert!(!items.is_empty(), "{args:?} printed nothing to check");
    for item in items {
        if let Err(e) = conforms(item, &schema, &schema, "$") {
            panic!("{args:?} against {kind}.schema.json: {e}");
        }
    }
}

#[test]
fn every_json_output_matches_its_committed_schema() {
    check_output(
        "verdict",
        &[
            "validate",
            "examples/bushi-sample-200.toml",
            "examples/koryu.toml",
            "missing.toml",
            "--format",
            "json",
        ],
    );
    check_output(
        "sheet",
        &["print", "examples/ikko-ikki.toml", "--format", "json"],
    );
    check_output(
        "edit",
        &[
            "add",
            "examples/bushi-sample-100.toml",
            "samurai",
            "--dry-run",
            "--format",
            "json",
        ],
    );
    check_output(
        "edit",
        &[
            "add",
            "examples/bushi-sample-100.toml",
            "samuri",
            "--dry-run",
            "--format",
            "json",
        ],
    );
    check_output(
        "suggestion",
        &[
            "suggest",
            "--faction",
            "koryu",
            "--points",
            "120",
            "--format",
            "json",
        ],
    );
    check_output(
        "odds",
        &[
            "odds",
            "melee",
            "--attacker",
            "bushi/samurai",
            "--weapon",
            "katana",
            "--defender",
            "bushi/ashigaru",
            "--format",
            "json",
        ],
    );
    check_output(
        "odds",
        &[
            "odds",
            "shoot",
            "--shoot",
            "1",
            "--weapon",
            "yumi",
            "--range",
            "14",
            "--vs-armour",
            "heavy",
            "--format",
            "json",
        ],
    );
    check_output(
        "simulation",
        &[
            "simulate",
            "--scenario",
            "tournament",
            "--allow-unequal",
            "examples/bushi-sample-100.toml",
            "examples/koryu.toml",
            "--games",
            "3",
            "--format",
            "json",
        ],
    );
    check_output(
        "skirmish",
        &[
            "simulate",
            "examples/bushi-150.toml",
            "examples/ming-chinese-150.toml",
            "--scenario",
            "skirmish",
            "--games",
            "4",
            "--swap",
            "--format",
            "json",
        ],
    );
    check_output(
        "field",
        &[
            "simulate",
            "--field",
            "examples/bushi-100.toml",
            "examples/koryu-100.toml",
            "examples/sohei-100.toml",
            "--games",
            "3",
            "--format",
            "json",
        ],
    );
    check_output(
        "table-output",
        &[
            "table", "--points", "250", "--seed", "2", "--format", "json",
        ],
    );
    check_output("data-check", &["data", "check", "--format", "json"]);
    check_output("faction-summary", &["factions", "--format", "json"]);
    check_output("faction-output", &["faction", "koryu", "--format", "json"]);
    check_output("faction-output", &["faction", "bushi", "--format", "json"]);
    check_output("ruling", &["rulings", "--format", "json"]);
    check_output("ruling", &["rulings", "R-16", "--format", "json"]);
    check_output(
        "rule",
        &["rulings", "bushi-rank12-per-rank3", "--format", "json"],
    );
}

#[test]
fn the_log_matches_the_event_schema() {
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("game.jsonl");
    buntai()
        .current_dir(repo())
        .args([
            "simulate",
            "--scenario",
            "tournament",
            "--allow-unequal",
            "examples/sohei.toml",
            "examples/koryu.toml",
            "--games",
            "2",
            "--log",
        ])
        .arg(&log)
        .assert()
        .success();
    let schema = schema("event");
    let text = std::fs::read_to_string(&log).expect("log");
    for line in text.lines() {
        let event: Value = serde_json::from_str(line).expect("a JSON line");
        if let Err(e) = conforms(&event, &schema, &schema, "$") {
            panic!("{line}: {e}");
        }
    }
}

#[test]
fn a_skirmish_log_matches_the_event_schema() {
    let dir = tempfile::tempdir().expect("dir");
    let log = dir.path().join("skirmish.jsonl");
    buntai()
        .current_dir(repo())
        .args([
            "simulate",
            "examples/ming-chinese-150.toml",
            "examples/koreans-150.toml",
            "--scenario",
            "skirmish",
            "--games",
            "2",
            "--log",
        ])
        .arg(&log)
        .assert()
        .success();
    let schema = schema("event");
    let text = std::fs::read_to_string(&log).expect("log");
    let lines: Vec<&str> = text.lines().collect();
    // The set-up's rolls open the log, then the table they made.
    assert!(lines.first().is_some_and(|l| l.contains("\"setup-roll\"")));
    assert!(lines.iter().any(|l| l.contains("\"table-setup\"")));
    assert!(lines.last().is_some_and(|l| l.contains("skirmish-end")));
    for line in lines {
        let event: Value = serde_json::from_str(line).expect("a JSON line");
        if let Err(e) = conforms(&event, &schema, &schema, "$") {
            panic!("{line}: {e}");
        }
    }
}

#[test]
fn the_schema_checker_catches_a_wrong_key_and_a_wrong_type() {
    let schema = schema("verdict");
    let good = serde_json::json!({
        "file": "a.toml", "data_version": "x", "legal": true, "error": null, "faction": null,
        "models": 0, "points": {"total": 0, "limit": null}, "leader": null, "morale": null,
        "entries": [],
        "problems": []
    });
    assert_eq!(conforms(&good, &schema, &schema, "$"), Ok(()));
    let mut extra = good.clone();
    extra["valid"] = Value::Bool(true);
    assert!(conforms(&extra, &schema, &schema, "$").is_err());
    let mut wrong = good;
    wrong["models"] = Value::String("nine".into());
    assert!(conforms(&wrong, &schema, &schema, "$").is_err());
}

#[test]
fn every_event_kind_is_described_in_the_schema_and_named_in_the_log_guide() {
    let schema = schema("event");
    let guide =
        std::fs::read_to_string(repo().join("schemas").join("event-log.md")).expect("the guide");
    let kinds = schema["oneOf"].as_array().expect("one schema per kind");
    assert!(kinds.len() > 60, "every kind of line");
    for k in kinds {
        let kind = k["properties"]["event"]["const"]
            .as_str()
            .or_else(|| k["properties"]["event"]["enum"][0].as_str())
            .expect("the kind's name");
        assert!(
            k["description"].as_str().is_some_and(|d| !d.is_empty()),
            "{kind} has no description in the schema"
        );
        assert!(
            guide.contains(&format!("`{kind}`")),
            "schemas/event-log.md does not name {kind}"
        );
    }
}
