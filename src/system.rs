//! The game systems Buntai serves, and which one a user's file is for: a top-level
//! `system = "..."` key, and Ronin when the key is absent (so every file written before other
//! systems came keeps working).

use clap::ValueEnum;
use serde::Deserialize;

/// A game system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SystemId {
    /// Ronin (Osprey, 2013): skirmish, a model a figure.
    Ronin,
    /// Samurai 1550-1600: a One-Hour Wargames variant, six units a side.
    #[value(name = "samurai-1550-1600")]
    Samurai1550,
    /// Heroic Samurai: clan feuds, a leader and his contingent a player.
    #[value(name = "heroic-samurai")]
    Heroic,
    /// Legend of the Five Rings mass battles: a GM-run battle on a strip of zones, roll-and-keep.
    #[value(name = "l5r-mass-battle")]
    L5r,
}

impl SystemId {
    pub const ALL: [SystemId; 4] = [
        SystemId::Ronin,
        SystemId::Samurai1550,
        SystemId::Heroic,
        SystemId::L5r,
    ];

    /// The id a file's `system` key and `--system` give.
    pub fn id(self) -> &'static str {
        match self {
            SystemId::Ronin => "ronin",
            SystemId::Samurai1550 => "samurai-1550-1600",
            SystemId::Heroic => "heroic-samurai",
            SystemId::L5r => "l5r-mass-battle",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            SystemId::Ronin => "Ronin",
            SystemId::Samurai1550 => "Samurai 1550-1600",
            SystemId::Heroic => "Heroic Samurai",
            SystemId::L5r => "L5R mass battles",
        }
    }

    pub fn from_id(id: &str) -> Option<SystemId> {
        SystemId::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// Only the `system` key of a file; every other key is ignored.
#[derive(Deserialize)]
struct Peek {
    system: Option<toml::Value>,
}

/// Which system a file's text says it is for: `Ok(Ronin)` without the key (and for text that is
/// not TOML at all, which Ronin's reader then reports where it breaks); `Err` with the value when
/// the key names no system Buntai knows or is not a string.
pub fn system_of(text: &str) -> Result<SystemId, String> {
    let Ok(peek) = toml::from_str::<Peek>(text) else {
        return Ok(SystemId::Ronin);
    };
    match peek.system {
        None => Ok(SystemId::Ronin),
        Some(toml::Value::String(id)) => SystemId::from_id(&id).ok_or(id),
        Some(other) => Err(other.to_string()),
    }
}

/// The help line naming every system id.
pub fn known() -> String {
    SystemId::ALL
        .iter()
        .map(|s| format!("`{}`", s.id()))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_without_the_key_is_ronin_and_the_key_names_the_system() {
        assert_eq!(system_of("faction = \"bushi\"\n"), Ok(SystemId::Ronin));
        assert_eq!(
            system_of("system = \"samurai-1550-1600\"\n"),
            Ok(SystemId::Samurai1550)
        );
        assert_eq!(system_of("system = \"ronin\"\n"), Ok(SystemId::Ronin));
        assert_eq!(system_of("system = \"chess\"\n"), Err("chess".to_owned()));
        assert_eq!(system_of("not [ toml"), Ok(SystemId::Ronin));
    }
}
