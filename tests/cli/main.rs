//! Integration tests: every behaviour through the real `buntai` binary (one test binary, many modules).

mod build;
mod catalogue;
mod data_check;
mod engine;
mod game;
mod geometry_oracle;
mod inexorable;
mod loader_fuzz;
mod morale;
mod mounts;
mod play;
mod player;
mod reserves;
mod ride_by;
mod rounds;
mod safety;
mod schema;
mod scoring;
mod script;
mod sheet;
mod support;
mod table;
mod table_rules;
mod validate;
mod validate_props;
mod yojimbo;
