//! The eastfront application: the Bevy table (`app`), the game registry (`registry`) and the
//! headless command line (`cli`). No rule is decided here; the rules crates decide and this
//! crate shows and asks.

pub mod app;
pub mod cli;
pub mod registry;
