//! The whole, cross-checked game data set with its lookups.

use super::{
    Attribute, AttributesFile, Faction, Profile, ReferenceFile, Ruling, RulingsFile,
    ScenarioProfilesFile, SwordsForHireFile, TerrainFile, Weapon, WeaponsFile,
};

/// Every data file, loaded and cross-checked by `crate::load`.
#[derive(Debug, Clone)]
pub struct Catalogue {
    /// Sorted by id.
    pub factions: Vec<Faction>,
    pub weapons: WeaponsFile,
    pub attributes: AttributesFile,
    pub swords_for_hire: SwordsForHireFile,
    pub scenario: ScenarioProfilesFile,
    pub rulings: RulingsFile,
    pub reference: ReferenceFile,
    pub terrain: TerrainFile,
    /// A short fingerprint of the data files' text: it changes whenever the data changes, so a
    /// verdict or sheet says which data it was made with.
    pub data_version: String,
}

/// Where a profile a roster names comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProfileSource {
    Faction,
    SwordForHire,
}

#[derive(Debug, Clone, Copy)]
pub struct ProfileRef<'a> {
    pub profile: &'a Profile,
    pub source: ProfileSource,
}

impl Catalogue {
    pub fn faction(&self, id: &str) -> Option<&Faction> {
        self.factions.iter().find(|f| f.id == id)
    }

    /// A weapon by id or alias (`sword` finds the katana, R-08).
    pub fn weapon(&self, name: &str) -> Option<&Weapon> {
        self.weapons
            .weapons
            .iter()
            .find(|w| w.id == name || w.aliases.iter().any(|a| a == name))
    }

    /// Every name a weapon may be given by: ids and aliases.
    pub fn weapon_names(&self) -> impl Iterator<Item = &str> + Clone {
        self.weapons.weapons.iter().flat_map(|w| {
            std::iter::once(w.id.as_str()).chain(w.aliases.iter().map(String::as_str))
        })
    }

    pub fn attribute(&self, id: &str) -> Option<&Attribute> {
        self.attributes.attributes.iter().find(|a| a.id == id)
    }

    pub fn hire(&self, id: &str) -> Option<&Profile> {
        self.swords_for_hire.profiles.iter().find(|p| p.id == id)
    }

    pub fn ruling(&self, id: &str) -> Option<&Ruling> {
        self.rulings.rulings.iter().find(|r| r.id == id)
    }

    /// A profile a roster of `faction` may name: its own first, then an allowed Sword-for-Hire.
    pub fn profile_for<'a>(&'a self, faction: &'a Faction, id: &str) -> Option<ProfileRef<'a>> {
        if let Some(profile) = faction.profile(id) {
            return Some(ProfileRef {
                profile,
                source: ProfileSource::Faction,
            });
        }
        self.hire(id).map(|profile| ProfileRef {
            profile,
            source: ProfileSource::SwordForHire,
        })
    }
}
