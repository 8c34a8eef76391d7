//! Moscow '41 (VentoNuovo, 2016): the data (`data`, `board`) and the rules engine.
//! No Bevy here. Rules are cited by the rulebook's numbers as in `shared/rules/moscow-41.md`.

pub mod battle;
pub mod board;
pub mod data;
