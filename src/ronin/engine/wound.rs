//! The wound table and how wounds stack (R-20, errata).

use schemars::JsonSchema;
use serde::Serialize;

/// What one Wound Score causes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WoundResult {
    NoWound,
    Stunned,
    Light,
    Grievous,
    Critical,
}

impl WoundResult {
    pub const ALL: [WoundResult; 5] = [
        WoundResult::NoWound,
        WoundResult::Stunned,
        WoundResult::Light,
        WoundResult::Grievous,
        WoundResult::Critical,
    ];

    pub fn label(self) -> &'static str {
        match self {
            WoundResult::NoWound => "No wound",
            WoundResult::Stunned => "Stunned",
            WoundResult::Light => "Light",
            WoundResult::Grievous => "Grievous",
            WoundResult::Critical => "Critical",
        }
    }
}

/// The wound table: 1 Stunned, 2-3 Light, 4-5 Grievous, 6 or more Critical.
pub fn wound_result(score: i32) -> WoundResult {
    match score {
        i32::MIN..=0 => WoundResult::NoWound,
        1 => WoundResult::Stunned,
        2..=3 => WoundResult::Light,
        4..=5 => WoundResult::Grievous,
        _ => WoundResult::Critical,
    }
}

/// A model's wound state. Stunned is tracked apart: it never stacks into a wound.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Health {
    #[default]
    Healthy,
    Light,
    Grievous,
    Dead,
}

/// Apply a new result to a wound state: Light + Light = Grievous; Light + Grievous (either order) or
/// Grievous + Grievous = Critical; Stunned changes nothing here (errata, R-20).
pub fn apply_wound(health: Health, result: WoundResult) -> Health {
    match (health, result) {
        (Health::Dead, _) | (_, WoundResult::Critical) => Health::Dead,
        (h, WoundResult::NoWound | WoundResult::Stunned) => h,
        (Health::Healthy, WoundResult::Light) => Health::Light,
        (Health::Healthy, WoundResult::Grievous) | (Health::Light, WoundResult::Light) => {
            Health::Grievous
        }
        // Light and Grievous make a Critical in either order; so do two Grievous.
        (Health::Light, WoundResult::Grievous)
        | (Health::Grievous, WoundResult::Light | WoundResult::Grievous) => Health::Dead,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wound_table_bands() {
        let bands: Vec<WoundResult> = (-1..=8).map(wound_result).collect();
        use WoundResult::*;
        assert_eq!(
            bands,
            [
                NoWound, NoWound, Stunned, Light, Light, Grievous, Grievous, Critical, Critical,
                Critical
            ]
        );
    }

    #[test]
    fn wounds_stack_as_the_errata_says() {
        use Health::*;
        assert_eq!(apply_wound(Light, WoundResult::Light), Grievous);
        assert_eq!(
            apply_wound(apply_wound(Light, WoundResult::Light), WoundResult::Light),
            Dead,
            "three Light"
        );
        assert_eq!(apply_wound(Grievous, WoundResult::Light), Dead);
        assert_eq!(
            apply_wound(Light, WoundResult::Grievous),
            Dead,
            "Light then Grievous"
        );
        assert_eq!(apply_wound(Grievous, WoundResult::Grievous), Dead);
        assert_eq!(
            apply_wound(Grievous, WoundResult::Stunned),
            Grievous,
            "Stunned never upgrades"
        );
        assert_eq!(apply_wound(Healthy, WoundResult::Critical), Dead);
    }
}
