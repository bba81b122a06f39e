//! Creating and editing roster files from the command line. Edits go through `toml_edit`, so the
//! user's comments, ordering and formatting survive everywhere outside the entry being changed, and
//! files are written through [`crate::files`] (locked, atomic, line endings kept).

use std::fmt;

use toml_edit::{ArrayOfTables, DocumentMut, Item, Table, value};

use crate::ronin::model::Faction;
use crate::ronin::roster::RosterModel;

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
    period: Option<&str>,
    points: Option<u32>,
    name: Option<&str>,
    schema: &str,
) -> String {
    // A period's flag would push the line past 80 columns: it then breaks before "lists".
    let flag = period
        .map(|p| format!(" --period {p}`\n# "))
        .unwrap_or_else(|| "` ".to_owned());
    let mut text = format!(
        "#:schema {schema}\n# A {} Buntai. Add models with `buntai add <file> <profile>`, check it with\n\
         # `buntai validate <file>`; `buntai faction {}{flag}lists the profiles and their options.\n",
        faction.name, faction.id
    );
    let mut doc = DocumentMut::new();
    if let Some(name) = name {
        doc["name"] = value(name);
    }
    doc["faction"] = value(faction.id.as_str());
    if let Some(period) = period {
        doc["period"] = value(period);
    }
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

/// Remove a model: the entry at a 1-based position, or the one whose name, profile id or profile
/// name (`profile_names` maps ids to names) is `which`. From an entry of several identical models
/// one is removed (its `count` goes down) unless `all`. Returns the new text and what was removed.
pub fn remove_model(
    text: &str,
    which: &str,
    all: bool,
    profile_names: &dyn Fn(&str) -> Option<String>,
) -> Result<(String, String), EditError> {
    let mut doc = parse(text)?;
    let array = models_mut(&mut doc)?;
    let index = find_entry(array, which, profile_names)?;
    // `find_entry` only returns an index the array has.
    let table = array
        .get_mut(index)
        .ok_or(EditError::Shape(String::new()))?;
    let label = describe(table);
    let count = table
        .get("count")
        .and_then(Item::as_integer)
        .unwrap_or(1)
        .max(1);
    if count > 1 && !all {
        let left = count - 1;
        if left == 1 {
            table.remove("count");
        } else {
            set_value(table, "count", left.into());
        }
        return Ok((
            doc.to_string(),
            format!("one of #{} {label} ({left} left)", index + 1),
        ));
    }
    array.remove(index);
    let what = if count > 1 {
        format!("#{} {label} (all {count})", index + 1)
    } else {
        format!("#{} {label}", index + 1)
    };
    Ok((doc.to_string(), what))
}

/// What `buntai edit` changes in one entry: each given field replaces the old value.
#[derive(Debug, Clone, Default)]
pub struct EntryChanges {
    pub weapons: Option<Vec<String>>,
    pub attributes: Option<Vec<String>>,
    pub options: Option<Vec<String>>,
    pub count: Option<u32>,
    pub name: Option<String>,
    pub armour: Option<String>,
    pub mount: Option<String>,
    pub banner: Option<bool>,
    pub leader: Option<bool>,
    pub disguise: Option<String>,
    /// Keys to remove from the entry (`name`, `armour`, `weapons`, ...).
    pub clear: Vec<String>,
}

/// Change one entry in place, keeping every comment and every other entry as written.
pub fn edit_model(
    text: &str,
    which: &str,
    changes: &EntryChanges,
    profile_names: &dyn Fn(&str) -> Option<String>,
) -> Result<(String, String), EditError> {
    let mut doc = parse(text)?;
    let array = models_mut(&mut doc)?;
    let index = find_entry(array, which, profile_names)?;
    // `find_entry` only returns an index the array has.
    let table = array
        .get_mut(index)
        .ok_or(EditError::Shape(String::new()))?;
    for key in &changes.clear {
        if !matches!(
            key.as_str(),
            "name"
                | "weapons"
                | "attributes"
                | "options"
                | "armour"
                | "mount"
                | "banner"
                | "leader"
                | "disguise"
                | "count"
        ) {
            return Err(EditError::BadSet(format!(
                "`{key}` cannot be cleared; clear one of name, weapons, attributes, options, \
                 armour, mount, banner, leader, disguise, count"
            )));
        }
        table.remove(key);
    }
    let list = |items: &[String]| -> toml_edit::Value {
        items
            .iter()
            .map(String::as_str)
            .collect::<toml_edit::Array>()
            .into()
    };
    for (key, items) in [
        ("weapons", &changes.weapons),
        ("attributes", &changes.attributes),
        ("options", &changes.options),
    ] {
        if let Some(items) = items {
            set_value(table, key, list(items));
        }
    }
    match changes.count {
        Some(1) => {
            table.remove("count");
        }
        Some(n) => set_value(table, "count", i64::from(n).into()),
        None => {}
    }
    for (key, value) in [
        ("name", &changes.name),
        ("armour", &changes.armour),
        ("mount", &changes.mount),
        ("disguise", &changes.disguise),
    ] {
        if let Some(value) = value {
            set_value(table, key, value.as_str().into());
        }
    }
    for (key, flag) in [("banner", changes.banner), ("leader", changes.leader)] {
        match flag {
            Some(true) => set_value(table, key, true.into()),
            Some(false) => {
                table.remove(key);
            }
            None => {}
        }
    }
    let label = describe(table);
    Ok((doc.to_string(), format!("#{} {label}", index + 1)))
}

fn models_mut(doc: &mut DocumentMut) -> Result<&mut ArrayOfTables, EditError> {
    match doc.get_mut("models") {
        Some(Item::ArrayOfTables(array)) => Ok(array),
        Some(_) => Err(inline_models()),
        None => Err(EditError::NoSuchModel(
            "the roster has no models".to_owned(),
        )),
    }
}

/// "ashigaru" or "samurai \"Taro\"".
fn describe(t: &Table) -> String {
    let profile = t.get("profile").and_then(Item::as_str).unwrap_or("?");
    match t.get("name").and_then(Item::as_str) {
        Some(name) => format!("{profile} \"{name}\""),
        None => profile.to_owned(),
    }
}

/// Set a key of an entry, keeping the key's comments and the value's trailing comment.
fn set_value(table: &mut Table, key: &str, mut value: toml_edit::Value) {
    match table.get_mut(key) {
        Some(Item::Value(old)) => {
            *value.decor_mut() = old.decor().clone();
            *old = value;
        }
        _ => {
            table.insert(key, Item::Value(value));
        }
    }
}

/// The entry `which` names: a 1-based number, a model's name, or a profile (id or name) that
/// exactly one entry has.
fn find_entry(
    array: &ArrayOfTables,
    which: &str,
    profile_names: &dyn Fn(&str) -> Option<String>,
) -> Result<usize, EditError> {
    if let Ok(n) = which.parse::<usize>() {
        return if n >= 1 && n <= array.len() {
            Ok(n - 1)
        } else {
            Err(EditError::NoSuchModel(format!(
                "there is no model #{n}: the roster has {}",
                array.len()
            )))
        };
    }
    let matching = |test: &dyn Fn(&Table) -> bool| -> Vec<usize> {
        array
            .iter()
            .enumerate()
            .filter(|(_, t)| test(t))
            .map(|(i, _)| i)
            .collect()
    };
    let by_name = matching(&|t| t.get("name").and_then(Item::as_str) == Some(which));
    let found = if by_name.is_empty() {
        matching(&|t| {
            t.get("profile").and_then(Item::as_str).is_some_and(|p| {
                p.eq_ignore_ascii_case(which)
                    || profile_names(p).is_some_and(|n| n.eq_ignore_ascii_case(which))
            })
        })
    } else {
        by_name
    };
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(EditError::NoSuchModel(format!(
            "no model is named \"{which}\" and no entry is of that profile"
        ))),
        several => Err(EditError::NoSuchModel(format!(
            "{} entries match \"{which}\" (#{}); give its number",
            several.len(),
            several
                .iter()
                .map(|i| (i + 1).to_string())
                .collect::<Vec<_>>()
                .join(", #")
        ))),
    }
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
    // Replaced in place: the key keeps its own decor (the comment lines above it, the `#:schema`
    // line and the file header among them) and the value its trailing comment.
    set_value(table, leaf, new_value);
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
        let none = |_: &str| None;
        let (by_name, what) = remove_model(HAND_WRITTEN, "Taro", false, &none).expect("remove");
        assert_eq!(what, "#2 samurai \"Taro\"");
        // The entry goes with the comment and blank line above it; every other byte stays.
        let boss = HAND_WRITTEN.find("\n\n# the boss").expect("boss");
        assert_eq!(by_name, HAND_WRITTEN[..=boss]);
        let (by_number, _) = remove_model(HAND_WRITTEN, "2", false, &none).expect("remove");
        assert_eq!(by_number, by_name);
        assert!(matches!(
            remove_model(HAND_WRITTEN, "3", false, &none),
            Err(EditError::NoSuchModel(_))
        ));
    }

    #[test]
    fn remove_takes_one_model_of_a_group_unless_all() {
        let none = |_: &str| None;
        let (one, what) = remove_model(HAND_WRITTEN, "1", false, &none).expect("remove");
        assert_eq!(what, "one of #1 ashigaru (1 left)");
        assert_eq!(one, HAND_WRITTEN.replace("count = 2\n", ""));
        let (all, what) = remove_model(HAND_WRITTEN, "1", true, &none).expect("remove");
        assert_eq!(what, "#1 ashigaru (all 2)");
        assert!(!all.contains("teppo"), "{all}");
    }

    #[test]
    fn remove_finds_an_entry_by_profile_name() {
        let names = |id: &str| (id == "samurai").then(|| "Samurai".to_owned());
        let (_, what) = remove_model(HAND_WRITTEN, "Samurai", false, &names).expect("remove");
        assert_eq!(what, "#2 samurai \"Taro\"");
    }

    #[test]
    fn edit_changes_fields_in_place_and_keeps_comments() {
        let none = |_: &str| None;
        let changes = EntryChanges {
            weapons: Some(vec!["yumi".to_owned()]),
            count: Some(3),
            ..EntryChanges::default()
        };
        let (edited, what) = edit_model(HAND_WRITTEN, "1", &changes, &none).expect("edit");
        assert_eq!(what, "#1 ashigaru");
        assert_eq!(
            edited,
            HAND_WRITTEN.replace("count = 2", "count = 3").replace(
                "weapons = [\"teppo\"]  # two guns",
                "weapons = [\"yumi\"]  # two guns"
            )
        );
    }

    #[test]
    fn koryu_secondary_takes_a_list() {
        let edited = set_field("faction = \"koryu\"\n", "koryu.secondary", "bo, jo").expect("set");
        assert!(edited.contains("secondary = [\"bo\", \"jo\"]"), "{edited}");
    }
}

/// Rewrite `text` (a TOML document) so that it holds `value`, changing only what differs: keys,
/// tables and array entries that already hold the new value keep their comments and layout; new
/// keys are appended, gone ones removed. The one way a whole document (a campaign, an event) is
/// edited in place.
pub fn rewrite<T: serde::Serialize>(text: &str, value: &T) -> Result<String, EditError> {
    let mut doc = parse(text)?;
    let fresh = toml::to_string(value)
        .map_err(|e| EditError::Shape(format!("cannot write the file: {e}")))?;
    let fresh = parse(&fresh)?;
    merge_table(doc.as_table_mut(), fresh.as_table().clone());
    Ok(doc.to_string())
}

fn merge_table(old: &mut Table, new: Table) {
    let gone: Vec<String> = old
        .iter()
        .map(|(k, _)| k.to_owned())
        .filter(|k| !new.contains_key(k))
        .collect();
    for k in gone {
        old.remove(&k);
    }
    for (k, item) in new {
        match old.get_mut(&k) {
            Some(existing) => merge_item(existing, item),
            None => {
                let mut item = item;
                unposition(&mut item);
                old.insert(&k, item);
            }
        }
    }
}

fn merge_item(old: &mut Item, new: Item) {
    match (old, new) {
        (Item::Table(o), Item::Table(n)) => merge_table(o, n),
        (Item::ArrayOfTables(o), Item::ArrayOfTables(n)) => {
            let count = n.len();
            for (i, t) in n.into_iter().enumerate() {
                match o.get_mut(i) {
                    Some(existing) => merge_table(existing, t),
                    None => {
                        let mut item = Item::Table(t);
                        unposition(&mut item);
                        if let Item::Table(t) = item {
                            o.push(t);
                        }
                    }
                }
            }
            while o.len() > count {
                o.remove(o.len() - 1);
            }
        }
        // A hand-written inline table stays inline.
        (Item::Value(toml_edit::Value::InlineTable(o)), Item::Table(n)) => {
            let mut inline = n.into_inline_table();
            if bare(&toml_edit::Value::InlineTable(o.clone()))
                != bare(&toml_edit::Value::InlineTable(inline.clone()))
            {
                let decor = o.decor().clone();
                *inline.decor_mut() = decor;
                *o = inline;
            }
        }
        (Item::Value(o), Item::Value(n)) => {
            if bare(o) != bare(&n) {
                let decor = o.decor().clone();
                *o = n;
                *o.decor_mut() = decor;
            }
        }
        (o, n) => *o = n,
    }
}

/// Forget where a new table stood in the freshly written document, so that it is written
/// after its parent and siblings in the edited one.
fn unposition(item: &mut Item) {
    match item {
        Item::Table(t) => {
            t.set_position(None);
            for (_, child) in t.iter_mut() {
                unposition(child);
            }
        }
        Item::ArrayOfTables(a) => {
            for t in a.iter_mut() {
                t.set_position(None);
                for (_, child) in t.iter_mut() {
                    unposition(child);
                }
            }
        }
        _ => {}
    }
}

/// A value's text without its surrounding whitespace and comments.
fn bare(v: &toml_edit::Value) -> String {
    let mut v = v.clone();
    v.decor_mut().clear();
    v.to_string()
}

#[cfg(test)]
mod rewrite_tests {
    use super::rewrite;

    #[derive(serde::Serialize)]
    struct Doc {
        name: String,
        xp: u32,
        games: Vec<Game>,
    }
    #[derive(serde::Serialize)]
    struct Game {
        number: u32,
    }

    #[test]
    fn rewrite_keeps_comments_where_nothing_changed() {
        let text =
            "# my campaign\nname = \"A\" # the name\nxp = 1\n\n# games\n[[games]]\nnumber = 1\n";
        let value = Doc {
            name: "A".into(),
            xp: 3,
            games: vec![Game { number: 1 }, Game { number: 2 }],
        };
        let out = rewrite(text, &value).expect("rewrites");
        assert!(out.contains("# my campaign"), "{out}");
        assert!(out.contains("name = \"A\" # the name"), "{out}");
        assert!(out.contains("xp = 3"), "{out}");
        assert!(out.contains("# games\n[[games]]\nnumber = 1"), "{out}");
        assert_eq!(out.matches("[[games]]").count(), 2, "{out}");
        let back: toml::Value = toml::from_str(&out).expect("valid TOML");
        assert_eq!(back["games"][1]["number"].as_integer(), Some(2));
    }
}
