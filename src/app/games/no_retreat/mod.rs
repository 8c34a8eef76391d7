//! No Retreat! The Russian Front at the one table: what is this game's own and nothing else.
//!
//! - this file: the game's [`TableGame`] — its menu entry (the scenarios, who plays which
//!   side, the computer's levels), what its events show, the result;
//! - [`board`]: the hex map of European Russia on hexx's pointy-top layout, the seas, rivers,
//!   borders, cities, Objectives and the holding boxes;
//! - [`pieces`]: the printed counters and the markers (Target, Counterblow, Unsupplied,
//!   Disorganized, VP hexes taken);
//! - [`panels`]: weather, VP and hands in the top bar; the hand of event cards, the battle
//!   and the Turn Track in the side panel.
//!
//! Counters are open information (only the hands are hidden): every piece is keyed by its
//! identity.

pub mod board;
pub mod panels;
pub mod pieces;
pub mod switches;

pub use eastfront_no_retreat::NoRetreat;

use crate::app::map::MapPainter;
use crate::app::table::desc::{Cue, MapDesc, MarkerDesc, PieceDesc};
use crate::app::table::game::{Choice, GameCard, ModeSpec, SetupSpec, TableGame};
use crate::app::table::panel::{PanelCtx, PanelOut};
use crate::app::table::rule_switch::RuleSwitch;
use bevy::prelude::*;
use bevy_egui::egui;
use eastfront_kernel::{DataError, Game, PieceId, Seat, Side, SpaceId};
use eastfront_no_retreat::view::View;
use eastfront_no_retreat::{Board, EventKind, Options};
use std::sync::OnceLock;

/// The panels' memory (none yet: every section reads the view).
#[derive(Resource, Default)]
pub struct NoRetreatUi;

/// The play modes: id, label, brief, the seats humans play.
const MODES: [(&str, &str, &str, &[u8]); 3] = [
    (
        "nr-axis-vs-ai",
        "Axis vs the Soviet AI",
        "You lead the Axis from the frontier in June 1941; the computer plays the Soviets from their own view (cards hidden).",
        &[0],
    ),
    (
        "nr-soviet-vs-ai",
        "Soviet vs the Axis AI",
        "You hold the Soviet Union; the computer plays the Axis, seeing only what the Axis player may see.",
        &[1],
    ),
    (
        "nr-hotseat",
        "Hot-seat 1 vs 1: Axis vs Soviet",
        "Two players share this screen; a curtain hides the hands whenever the side to act changes.",
        &[0, 1],
    ),
];

impl TableGame for NoRetreat {
    type Ui = NoRetreatUi;

    fn builtin() -> &'static Self {
        static GAME: OnceLock<NoRetreat> = OnceLock::new();
        GAME.get_or_init(NoRetreat::new)
    }
    fn from_folder(dir: &std::path::Path) -> Result<Self, DataError> {
        Board::from_dir(dir).map(NoRetreat::with_board)
    }
    /// No Retreat!'s folder has track.ron and tables.ron (the Turn Track and the CRTs).
    fn owns_folder(dir: &std::path::Path) -> bool {
        dir.join("track.ron").exists() && dir.join("tables.ron").exists()
    }
    fn data_summary(&self) -> String {
        let d = &self.board.data;
        format!(
            "{} hexes and {} areas, {} counters, {} cards",
            d.map.hexes.len(),
            d.map.areas.len(),
            d.units.units.len(),
            d.cards.cards.len()
        )
    }
    fn card() -> GameCard {
        GameCard {
            title: "No Retreat! The Russian Front",
            years: "June 1941 – May 1945",
            designer: "Carl Paradis (GMT Games, 2011)",
            blurb: "The whole war in the East on a hex map of European Russia: printed counters, \
                    zones of control, odds on two Combat Results Tables, and event cards that are \
                    also the currency of the game.",
        }
    }
    fn game_spec(&self) -> SetupSpec {
        SetupSpec {
            scenarios: self.scenarios(),
            modes: MODES
                .iter()
                .map(|(id, label, brief, humans)| ModeSpec {
                    choice: Choice { id, label, brief },
                    humans: humans.iter().map(|s| Seat(*s)).collect(),
                    aliases: &[],
                    levels_apply: humans.len() < 2,
                })
                .collect(),
            levels: vec![
                Choice {
                    id: "easy",
                    label: "Easy",
                    brief: "Weighs every move with a wide random spread.",
                },
                Choice {
                    id: "normal",
                    label: "Normal",
                    brief: "Weighs every move: VP hexes, supply, the odds of each attack.",
                },
                Choice {
                    id: "hard",
                    label: "Hard",
                    brief: "Weighs every move with weights tuned in self-play, keeps the line without gaps and heads for the Objectives.",
                },
                Choice {
                    id: "search",
                    label: "Search",
                    brief: "Thinks for the thinking time you set: plays Hard's favourite moves out many times over the cards it cannot see and keeps the one that wins most (the strongest: at a fifth of a second, 282 of 480 test games where Hard won 240).",
                },
            ],
            variants: Vec::new(),
            rules: crate::app::table::rule_switch::toggles(&switches::switches()),
            default_seed: 1941,
        }
    }
    fn rule_switches(&self) -> Vec<RuleSwitch<Options>> {
        switches::switches()
    }
    fn default_mode(&self, _options: &Options) -> &'static str {
        "nr-hotseat"
    }
    fn computer_level(&self, level: &str) -> &'static str {
        // The AI crate's words: the utility AI's easy / normal / hard and the search (issue
        // 16); an unknown word (a hand-edited save) plays the default level.
        match level {
            "easy" => "easy",
            "hard" => "hard",
            "search" => "search",
            _ => "normal",
        }
    }
    fn hint_level(&self) -> &'static str {
        "search"
    }

    fn map_key(&self) -> Vec<(Color, &'static str)> {
        use board::colours;
        vec![
            (colours::CLEAR, "Clear"),
            (colours::FOREST, "Forest (8.2, 10.6 TEC)"),
            (colours::MARSH, "Marsh"),
            (colours::MOUNTAIN, "Mountain"),
            (colours::RIVER, "blue hexside: a major river (8.2, 10.6)"),
            (
                colours::SHORE,
                "heavy blue hexside: a lake or sea shore (6.3, 8.5)",
            ),
            (
                colours::AXIS_OBJECTIVE,
                "grey ring: an Axis Objective (12.1)",
            ),
            (
                colours::SOVIET_OBJECTIVE,
                "red ring: a Soviet Objective (12.1)",
            ),
            (colours::CITY, "square: a city (VP hex); triangle: oil"),
            (colours::BORDER, "purple hexside: a national border"),
        ]
    }
    fn map(&self) -> MapDesc {
        board::map_desc(self)
    }
    fn decorate(&self, painter: &mut MapPainter) {
        board::decorate(self, painter);
    }
    fn pieces(&self, view: &View) -> Vec<PieceDesc> {
        pieces::pieces(self, view)
    }
    fn markers(&self, view: &View, _overlays: &[bool]) -> Vec<MarkerDesc> {
        pieces::markers(self, view)
    }
    fn hover(&self, view: &View, space: SpaceId) -> Vec<String> {
        pieces::hover(self, view, space)
    }
    fn piece_label(&self, view: &View, piece: PieceId) -> String {
        view.counter(piece.0 as usize)
            .map(pieces::counter_words)
            .unwrap_or_else(|| format!("unit {}", piece.0))
    }
    fn cues(&self, e: &eastfront_no_retreat::Event) -> Vec<Cue> {
        match &e.kind {
            EventKind::BattleStart { at } => at
                .first()
                .map(|at| vec![Cue::Battle { at: *at }])
                .unwrap_or_default(),
            EventKind::Located { kind, at } if **kind == EventKind::Moved && at.len() >= 2 => {
                vec![Cue::Move {
                    from: at.first().copied(),
                    to: at[at.len() - 1],
                    count: 1,
                    piece: None,
                }]
            }
            _ => Vec::new(),
        }
    }
    fn listed(&self, _view: &View, _action: &eastfront_no_retreat::Action) -> bool {
        true
    }
    fn top_bar(&self, ui: &mut egui::Ui, ctx: &PanelCtx<Self>, _compact: bool) {
        panels::top_bar(ui, ctx.view);
    }
    fn side_sections(
        &self,
        ui: &mut egui::Ui,
        ctx: &PanelCtx<Self>,
        _mem: &mut NoRetreatUi,
        _out: &mut PanelOut,
    ) {
        panels::sections(ui, ctx);
    }
    fn windows(
        &self,
        _egui: &egui::Context,
        _ctx: &PanelCtx<Self>,
        _mem: &mut NoRetreatUi,
        _out: &mut PanelOut,
    ) {
    }
    fn result_lines(&self, view: &View) -> Vec<String> {
        let on_map = |side: Side| {
            view.counters
                .iter()
                .filter(|c| {
                    c.side == side && matches!(c.loc, eastfront_no_retreat::state::Loc::Map(_))
                })
                .count()
        };
        vec![
            format!("Turn {} of {}", view.turn, view.last_turn),
            format!(
                "VP score: {} (initiative: {}, 12.2–12.9)",
                view.score,
                pieces::side_word(view.vp.initiative)
            ),
            format!(
                "Counters on the map: Axis {}, Soviet {}",
                on_map(Side::German),
                on_map(Side::Soviet)
            ),
        ]
    }
    fn score_series(&self, view: &View) -> Vec<(&'static str, Option<Side>, f32)> {
        let count = |side: Side| {
            view.counters
                .iter()
                .filter(|c| {
                    c.side == side && matches!(c.loc, eastfront_no_retreat::state::Loc::Map(_))
                })
                .count() as f32
        };
        vec![
            ("VP score", None, view.score as f32),
            (
                "Axis counters on the map",
                Some(Side::German),
                count(Side::German),
            ),
            (
                "Soviet counters on the map",
                Some(Side::Soviet),
                count(Side::Soviet),
            ),
        ]
    }
    fn reference() -> &'static eastfront_kernel::RulesReference {
        eastfront_no_retreat::reference::reference()
    }
    fn sources() -> &'static str {
        include_str!("../../../../scenarios/no_retreat/SOURCES.md")
    }
}
