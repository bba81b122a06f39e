//! Creating and editing roster files from the command line. Edits go through `toml_edit`, so the
//! user's comments, ordering and formatting survive everywhere outside the entry being changed, and
//! files are written through [`crate::files`] (locked, atomic, line endings kept).

use std::fmt;

use toml_edit::{ArrayOfTables, DocumentMut, Item, Table, value};

use crate::model::Faction;
use crate::roster::RosterModel;

/// Why an edit could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditError {
    /// The file is not valid TOML (validate it for the located diagnostic).
    Syntax(String),
    /// The roster has no such entry.
    NoSuchModel(String),
    /// The key cannot be set, or the value does not fit it.
    BadSet(String),
    /// `models` exists but is not an array of tables.
    Shape(String),
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EditError::Syntax(m) => write!(f, "the roster is not valid TOML: {m}"),
            EditError::NoSuchModel(m) | EditError::BadSet(m) | EditError::Shape(m) => {
                f.write_str(m)
            }
        }
    }
}

impl std::error::Error for EditError {}

/// The keys `buntai set` can change.
pub const SETTABLE: [&str; 6] = [
    "name",
    "points",
    "fearsome-kiai",
    "faction",
    "koryu.primary",
    "koryu.secondary",
];

fn parse(text: &str) -> Result<DocumentMut, EditError> {
    text.parse::<DocumentMut>()
        .map_err(|e| EditError::Syntax(e.message().to_owned()))
}

/// The faction a roster names: `Some("")` when it names none, `None` when the text is not TOML
/// (the edit itself then reports the syntax error).
pub fn faction_id(text: &str) -> Option<String> {
    let doc = parse(text).ok()?;
    Some(
        doc.get("faction")
            .and_then(Item::as_str)
            .unwrap_or_default()
            .to_owned(),
    )
}

/// A starter roster: the schema line, a comment header, and the top-level keys.
pub fn new_roster(
    faction: &Faction,
    points: Option<u32>,
    name: Option<&str>,
    schema: &str,
) -> String {
    let mut text = format!(
        "#:schema {schema}\n# A {} Buntai. Add models with `buntai add <file> <profile>`, check it with\n\
         # `buntai validate <file>`; `buntai faction {}` lists the profiles and their options.\n",
        faction.name, faction.id
    );
    let mut doc = DocumentMut::new();
    if let Some(name) = name {
        doc["name"] = value(name);
    }
    doc["faction"] = value(faction.id.as_str());
    if let Some(points) = points {
        doc["points"] = value(i64::from(points));
    }
    if let Some(k) = &faction.koryu
        && let Some(first) = k.weapons.first()
    {
        let mut table = Table::new();
        table["primary"] = value(first.weapon.as_str());
        table["secondary"] = value(toml_edit::Array::new());
        table
            .decor_mut()
            .set_prefix("\n# The school's weapons: one primary, up to two secondary (R-16).\n");
        doc["koryu"] = Item::Table(table);
    }
    text.push_str(&doc.to_string());
    text
}

/// Append a model entry.
pub fn add_model(text: &str, model: &RosterModel) -> Result<String, EditError> {
    let mut doc = parse(text)?;
    let mut table = Table::new();
    table["profile"] = value(model.profile.as_str());
    if model.count() > 1 {
        table["count"] = value(i64::from(model.count()));
    }
    if let Some(name) = &model.name {
        table["name"] = value(name.as_str());
    }
    for (key, list) in [
        ("weapons", &model.weapons),
        ("attributes", &model.attributes),
        ("options", &model.options),
    ] {
        if !list.is_empty() {
            table[key] = value(
                list.iter()
                    .map(String::as_str)
                    .collect::<toml_edit::Array>(),
            );
        }
    }
    if let Some(armour) = model.armour {
        table["armour"] = value(armour.id());
    }
    if let Some(mount) = model.mount {
        table["mount"] = value(mount.id());
    }
    if model.banner {
        table["banner"] = value(true);
    }
    if model.leader {
        table["leader"] = value(true);
    }
    if let Some(disguise) = &model.disguise {
        table["disguise"] = value(disguise.as_str());
    }
    table.decor_mut().set_prefix("\n");
    match doc.get_mut("models") {
        None => {
            let mut array = ArrayOfTables::new();
            array.push(table);
            doc.insert("models", Item::ArrayOfTables(array));
        }
        Some(Item::ArrayOfTables(array)) => array.push(table),
        Some(_) => return Err(inline_models()),
    }
    Ok(doc.to_string())
}

/// Buntai edits `[[models]]` tables; a roster that lists its models inline is refused, not rewritten.
fn inline_models() -> EditError {
    EditError::Shape(
        "this roster lists its models inline (`models = [...]`); buntai edits only `[[models]]` \
         tables, so it leaves the file as you wrote it: rewrite each entry as a `[[models]]` table \
         (as `buntai new` does) to edit it from the command line"
            .to_owned(),
    )
}

/// Remove the entry at a 1-based position, or the one named so. Returns the new text and a
/// description of what was removed.
pub fn remove_model(text: &str, which: &str) -> Result<(String, String), EditError> {
    let mut doc = parse(text)?;
    let array = match doc.get_mut("models") {
        Some(Item::ArrayOfTables(array)) => array,
        Some(_) => return Err(inline_models()),
        None => {
            return Err(EditError::NoSuchModel(
                "the roster has no models".to_owned(),
            ));
        }
    };
    let describe = |t: &Table| {
        let profile = t.get("profile").and_then(Item::as_str).unwrap_or("?");
        match t.get("name").and_then(Item::as_str) {
            Some(name) => format!("{profile} \"{name}\""),
            None => profile.to_owned(),
        }
    };
    let index = match which.parse::<usize>() {
        Ok(n) if n >= 1 && n <= array.len() => n - 1,
        Ok(n) => {
            return Err(EditError::NoSuchModel(format!(
                "there is no model #{n}: the roster has {}",
                array.len()
            )));
        }
        Err(_) => {
            let named: Vec<usize> = array
                .iter()
                .enumerate()
                .filter(|(_, t)| t.get("name").and_then(Item::as_str) == Some(which))
                .map(|(i, _)| i)
                .collect();
            match named.as_slice() {
                [one] => *one,
                [] => {
                    return Err(EditError::NoSuchModel(format!(
                        "no model is named \"{which}\""
                    )));
                }
                _ => {
                    return Err(EditError::NoSuchModel(format!(
                        "several models are named \"{which}\"; give its number"
                    )));
                }
            }
        }
    };
    let removed = array.get(index).map(describe).unwrap_or_default();
    array.remove(index);
    Ok((doc.to_string(), format!("#{} {removed}", index + 1)))
}

/// Set a top-level key (or a Koryu weapon), keeping the comment that followed the old value.
pub fn set_field(text: &str, key: &str, raw: &str) -> Result<String, EditError> {
    let mut doc = parse(text)?;
    let new_value: toml_edit::Value = match key {
        "points" | "fearsome-kiai" => {
            let n: u32 = raw.parse().map_err(|_| {
                EditError::BadSet(format!("`{key}` takes a whole number, not `{raw}`"))
            })?;
            i64::from(n).into()
        }
        "name" | "faction" | "koryu.primary" => raw.into(),
        "koryu.secondary" => raw
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect::<toml_edit::Array>()
            .into(),
        _ => {
            return Err(EditError::BadSet(format!(
                "`{key}` cannot be set; settable keys: {}",
                SETTABLE.join(", ")
            )));
        }
    };
    let (table, leaf): (&mut Table, &str) = match key.split_once('.') {
        Some((outer, leaf)) => {
            let item = doc.entry(outer).or_insert(Item::Table(Table::new()));
            let Some(table) = item.as_table_mut() else {
                return Err(EditError::Shape(format!("`{outer}` is not a table")));
            };
            (table, leaf)
        }
        None => (doc.as_table_mut(), key),
    };
    let mut new_value = new_value;
    match table.get_mut(leaf) {
        // Replace the value in place: the key keeps its own decor (the comment lines above it,
        // the `#:schema` line and the file header among them) and the value its trailing comment.
        Some(Item::Value(old)) => {
            *new_value.decor_mut() = old.decor().clone();
            *old = new_value;
        }
        _ => {
            table.insert(leaf, Item::Value(new_value));
        }
    }
    Ok(doc.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HAND_WRITTEN: &str = "#:schema ../schemas/roster.schema.json\n\
# My raiders -- do not lose this comment\n\
faction = \"bushi\"\n\
points = 200   # agreed with Ken\n\
\n\
# the gunners\n\
[[models]]\n\
profile = \"ashigaru\"\n\
count = 2\n\
weapons = [\"teppo\"]  # two guns\n\
\n\
# the boss\n\
[[models]]\n\
profile = \"samurai\"\n\
name = \"Taro\"\n";

    #[test]
    fn set_keeps_the_trailing_comment_and_everything_else() {
        let edited = set_field(HAND_WRITTEN, "points", "250").expect("set");
        assert_eq!(
            edited,
            HAND_WRITTEN.replace(
                "points = 200   # agreed with Ken",
                "points = 250   # agreed with Ken"
            )
        );
    }

    #[test]
    fn add_appends_and_keeps_every_byte_before() {
        let model = RosterModel {
            profile: "ashigaru".into(),
            weapons: vec!["yari".into()],
            ..RosterModel::default()
        };
        let edited = add_model(HAND_WRITTEN, &model).expect("add");
        assert!(edited.starts_with(HAND_WRITTEN), "{edited}");
        assert!(
            edited.ends_with("\n[[models]]\nprofile = \"ashigaru\"\nweapons = [\"yari\"]\n"),
            "{edited}"
        );
    }

    #[test]
    fn remove_by_name_or_number_keeps_the_rest() {
        let (by_name, what) = remove_model(HAND_WRITTEN, "Taro").expect("remove");
        assert_eq!(what, "#2 samurai \"Taro\"");
        // The entry goes with the comment and blank line above it; every other byte stays.
        let boss = HAND_WRITTEN.find("\n\n# the boss").expect("boss");
        assert_eq!(by_name, HAND_WRITTEN[..=boss]);
        let (by_number, _) = remove_model(HAND_WRITTEN, "2").expect("remove");
        assert_eq!(by_number, by_name);
        assert!(matches!(
            remove_model(HAND_WRITTEN, "3"),
            Err(EditError::NoSuchModel(_))
        ));
    }

    #[test]
    fn koryu_secondary_takes_a_list() {
        let edited = set_field("faction = \"koryu\"\n", "koryu.secondary", "bo, jo").expect("set");
        assert!(edited.contains("secondary = [\"bo\", \"jo\"]"), "{edited}");
    }
}
