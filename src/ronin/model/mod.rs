//! The game data as typed records: what a faction, a profile, a weapon, an attribute and a ruling are.
//!
//! These types mirror the TOML files under `factions/` one to one (serde, `deny_unknown_fields`), and
//! their JSON Schemas are generated from them (`buntai schema`). Cross-references between records are
//! plain ids here; `crate::ronin::load` checks that every id resolves before anything else sees a [`Catalogue`].

mod campaign;
mod catalogue;
mod common;
mod faction;
mod items;
mod period;
mod profile;
mod ruling;
mod terrain;

pub use campaign::{CampaignRules, CampaignTerms, EventTerms, Experience, PromotionPath};
pub use catalogue::{Catalogue, ListError, PeriodFaction, ProfileRef, ProfileSource};
pub use common::{Armour, Mount, Provenance, Rank, Sourced};
pub use faction::{
    Banner, Check, CompositionRule, Faction, KoryuRules, KoryuWeapon, Morale, PeasantRatio,
    ProfileRating, Purchase, Scoring, ScoringTrigger, Selector, SpecialRule, SwordsForHire,
    SwordsForHireLimit,
};
pub use items::{
    ArmourClass, Attribute, AttributeKind, AttributesFile, Blast, FarPenalty, FootMovement,
    MountFights, MountProfile, RangeBand, ReferenceFile, ReferenceSection, Weapon, WeaponKind,
    WeaponsFile,
};
pub use period::{ArmourSwap, Borrow, Period, PeriodList, PeriodsFile, WeaponSwap};
pub use profile::{AttributeSlots, ConditionalAttribute, OptionKind, Profile, ProfileOption};
pub use ruling::{
    ConditionsRule, DeploymentKind, Disguise, HireLimit, HireRequirement, MinorObjective,
    ObjectiveKind, ObjectiveShape, PointsRule, ReservesRule, Role, Ruling, RulingsFile, Scenario,
    ScenarioForce, ScenarioId, ScenarioObjective, ScenarioProfilesFile, SwordsForHireFile,
    TerrainRule, Turns, VictoryRule,
};
pub use terrain::{
    Bases, Deployment, Location, Movement, Moves, PieceSizes, Reserves, Shape, Sight, SightRules,
    SightStep, TableSize, TerrainCount, TerrainFile, TerrainKind, TimeOfDay, TimeTable, Water,
    Weather, WeatherTable, ZoneKind,
};
