//! Ronin's commands: what each verb does for a Ronin roster, table, campaign or event file. The
//! front door (`crate::cli`) parses the command line and hands Ronin's work to these.

pub mod build;
pub mod campaign;
pub mod catalogue;
pub mod data;
pub mod event;
pub(crate) mod field;
pub mod import;
pub mod odds;
pub(crate) mod optimise;
pub mod options;
pub mod print;
pub mod replay;
pub mod simulate;
pub(crate) mod skirmish;
pub mod table;
pub mod validate;
