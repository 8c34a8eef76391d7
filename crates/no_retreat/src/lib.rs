//! No Retreat! The Russian Front (GMT, 2011): the data (`data`, `board`) and the rules, as a
//! pure library. No Bevy here. Rules are cited by the rulebook's numbers as in
//! `shared/rules/no-retreat.md` ("10.6.3", "12.2"; "§7.2" = a section of that spec).
//!
//! Built so far: the scenario data with its validation and provenance, the board topology,
//! combat arithmetic ([`combat`]: odds, every column shift of spec §7.2, the CRT roll) and
//! zones of control and supply ([`supply`]: 8.5, 6.0–6.4, 11.1), the deck ([`deck`]: 5.0–5.5),
//! weather ([`weather`]: 13.1, 14.14), victory points ([`vp`]: 12.0–12.10), and movement,
//! retreats and advances ([`movement`]: 8.0–8.7, 10.7.5, 10.8), the game state ([`state`]),
//! scenario set-up ([`setup`]: 3.0, spec §4.2), Turn Management ([`turn`]: 4.0 A–C, 12.x, 13.x),
//! declaring battles ([`declare`]: 10.1–10.3), results and stacking ([`losses`]: 10.7, 8.4,
//! 14.x) and reorganization and rail costs ([`reorg`]: 7.x, 9.x).
//! The sequence of play ([`rules`]: `NoRetreat` implements `eastfront_kernel::Game`) drives
//! them, the cards' events included (`rules::events`, 5.0; the halves whose text is lost are
//! spent as currency only: docs/no_retreat.md lists them), and the optional rules of 15.x
//! (`rules::optional`). The app registers the game (`src/registry.rs`).
//!
//! A side's [`view`] hides only cards; [`determinise`] deals them anew for a search's look-ahead.

pub mod board;
pub mod combat;
pub mod data;
pub mod deck;
pub mod declare;
pub mod determinise;
pub mod losses;
pub mod movement;
pub mod preview;
mod reach;
pub mod reference;
pub mod reorg;
pub mod rules;
pub mod setup;
pub mod state;
pub mod supply;
pub mod table;
pub mod turn;
pub mod view;
pub mod vp;
pub mod weather;

pub use board::{Board, Border, BorderKind};
pub use rules::{Action, Event, EventKind, NoRetreat};
pub use state::{Options, State};
pub use view::View;
