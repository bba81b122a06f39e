//! The whole, cross-checked game data set with its lookups.

use super::{
    Attribute, AttributesFile, Faction, Period, PeriodsFile, Profile, ReferenceFile, Ruling,
    RulingsFile, ScenarioProfilesFile, SwordsForHireFile, TerrainFile, Weapon, WeaponsFile,
};

/// Every data file, loaded and cross-checked by `crate::ronin::load`.
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
    pub periods: PeriodsFile,
    /// Campaigns, progression and events (`campaign.toml`).
    pub campaign: super::CampaignRules,
    /// The lists of every period other than the main one, built from the faction files.
    pub period_factions: Vec<PeriodFaction>,
    /// A short fingerprint of the data files' text: it changes whenever the data changes, so a
    /// verdict or sheet says which data it was made with.
    pub data_version: String,
}

/// A list of a period other than the main one.
#[derive(Debug, Clone)]
pub struct PeriodFaction {
    pub period: String,
    pub faction: Faction,
}

/// Why a roster's faction and period do not give a list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ListError {
    UnknownPeriod,
    UnknownFaction,
    /// The faction exists, but not in this period; the periods it exists in.
    NotInPeriod(Vec<String>),
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

    /// The book's main period (the default of a roster).
    pub fn main_period(&self) -> Option<&Period> {
        self.periods.periods.iter().find(|p| p.main)
    }

    pub fn period(&self, id: &str) -> Option<&Period> {
        self.periods.periods.iter().find(|p| p.id == id)
    }

    /// The list a roster of `faction` plays in `period` (absent: the main period).
    pub fn faction_in(&self, faction: &str, period: Option<&str>) -> Result<&Faction, ListError> {
        let period = match period {
            Some(id) => self.period(id).ok_or(ListError::UnknownPeriod)?,
            None => match self.main_period() {
                Some(p) => p,
                None => return self.faction(faction).ok_or(ListError::UnknownFaction),
            },
        };
        let found = if period.main {
            self.faction(faction)
        } else {
            self.period_factions
                .iter()
                .find(|l| l.period == period.id && l.faction.id == faction)
                .map(|l| &l.faction)
        };
        found.ok_or_else(|| {
            let periods: Vec<String> = self
                .periods
                .periods
                .iter()
                .filter(|p| self.offers(p, faction))
                .map(|p| p.id.clone())
                .collect();
            if periods.is_empty() {
                ListError::UnknownFaction
            } else {
                ListError::NotInPeriod(periods)
            }
        })
    }

    /// Whether `period` has a list called `faction`.
    pub fn offers(&self, period: &Period, faction: &str) -> bool {
        if period.main {
            self.faction(faction).is_some()
        } else {
            self.period_factions
                .iter()
                .any(|l| l.period == period.id && l.faction.id == faction)
        }
    }

    /// Every list of a period, in the order of its data.
    pub fn lists_in(&self, period: &Period) -> Vec<&Faction> {
        if period.main {
            self.factions.iter().collect()
        } else {
            self.period_factions
                .iter()
                .filter(|l| l.period == period.id)
                .map(|l| &l.faction)
                .collect()
        }
    }

    /// What an armour class adds to Defence Rolls and the Shooting Defence (its modifier).
    pub fn armour_defence(&self, armour: super::Armour) -> i32 {
        self.weapons
            .armour
            .iter()
            .find(|a| a.id == armour)
            .map_or(0, |a| i32::from(a.defence))
    }

    /// A weapon by id or alias (`sword` finds the katana, R-08).
    pub fn weapon(&self, name: &str) -> Option<&Weapon> {
        // Ids first, the usual case (the engine names weapons by id), then aliases: the loader
        // holds every id and alias unique, so the order finds the same weapon.
        let weapons = &self.weapons.weapons;
        weapons
            .iter()
            .find(|w| w.id == name)
            .or_else(|| weapons.iter().find(|w| w.aliases.iter().any(|a| a == name)))
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
