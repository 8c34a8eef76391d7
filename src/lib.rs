//! The eastfront application: the Bevy table (`app`) and the headless command line (`cli`).
//! No rule is decided here; the rules crates decide and this crate shows and asks.

pub mod app;
pub mod cli;
