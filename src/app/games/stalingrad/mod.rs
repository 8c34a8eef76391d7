//! Stalingrad: Inferno on the Volga at the one table: what is this game's own and nothing else.
//!
//! - this file: the game's [`TableGame`] — its menu entry (play modes and the Designer's
//!   Variant), its computer player, what its events show, the result;
//! - [`board`]: the hex map on hexx's layout, with the Volga;
//! - [`pieces`]: the wooden blocks and the control, rubble and fortification markers;
//! - [`panels`]: the decks in the top bar, the Planned Attack builder, the cards and tables,
//!   the battle window.

pub mod board;
pub mod panels;
pub mod pieces;
pub mod switches;

pub use eastfront_stalingrad::Stalingrad;

use crate::app::map::MapPainter;
use crate::app::table::desc::{Cue, MapDesc, MarkerDesc, PieceDesc};
use crate::app::table::game::{Choice, GameCard, ModeSpec, NewGame, SetupSpec, TableGame};
use crate::app::table::panel::{PanelCtx, PanelOut};
use crate::app::table::rule_switch::RuleSwitch;
use bevy::prelude::*;
use bevy_egui::egui;
use eastfront_kernel::{DataError, Game, PieceId, Seat, Side, SpaceId};
use eastfront_stalingrad::table::{unit_of, unit_words};
use eastfront_stalingrad::{Action, EventKind, Level, Mode, Options, View};
use std::sync::OnceLock;

/// The Planned Attack being put together in the side panel (rules §6.7.6).
#[derive(Default, Clone, PartialEq, Debug)]
pub struct AttackPlanner {
    pub target: Option<SpaceId>,
    pub from: Vec<SpaceId>,
    pub cards: Vec<eastfront_stalingrad::CardId>,
}

/// The panels' memory.
#[derive(Resource, Default)]
pub struct StalingradUi {
    pub planner: AttackPlanner,
}

/// A play mode: id, label, brief, the rules' mode, the seats humans play, older names.
type ModeRow = (
    &'static str,
    &'static str,
    &'static str,
    Mode,
    &'static [u8],
    &'static [&'static str],
);

/// The play modes.
const MODES: [ModeRow; 5] = [
    (
        "solitaire",
        "Solitaire: German vs the Soviet AI",
        "You command the 6th Army and 4th Panzer Army; the official solitaire rules run the Soviets (rules §8).",
        Mode::Solitaire,
        &[0],
        &[],
    ),
    (
        "hotseat",
        "Hot-seat 1 vs 1: German vs Soviet",
        "Two players share this screen; a curtain hides everything while the seat changes hands (rules §9.2).",
        Mode::OneVsOne,
        &[0, 1],
        &["1v1"],
    ),
    (
        "soviet-vs-ai",
        "Soviet vs the German AI",
        "You hold the city with the 62nd Army; the computer plays the German through the same rules (rules §9.2).",
        Mode::OneVsOne,
        &[1],
        &[],
    ),
    (
        "cooperative",
        "Cooperative: two Germans vs the Soviet AI",
        "Yellow (6th Army) and Blue (4th Panzer Army) take turns against the Soviet solitaire rules (rules §9.1).",
        Mode::Cooperative,
        &[0, 1],
        &[],
    ),
    (
        "two-vs-one",
        "2 vs 1: two Germans vs one Soviet (hot-seat)",
        "Yellow and Blue Germans against one Soviet player, all hot-seat (rules §9.3).",
        Mode::TwoVsOne,
        &[0, 1, 2],
        &["2v1"],
    ),
];

/// The Designer's Variant levels (rules §9.4): (id, label, level).
const VARIANTS: [(&str, &str, Option<Level>); 5] = [
    ("none", "Not used", None),
    ("normal", "Normal", Some(Level::Normal)),
    ("german-easy", "German Easy", Some(Level::GermanEasy)),
    ("soviet-easy", "Soviet Easy", Some(Level::SovietEasy)),
    (
        "german-impossible",
        "German Impossible",
        Some(Level::GermanImpossible),
    ),
];

fn rules_mode(mode: &str) -> Option<Mode> {
    if mode == ModeSpec::WATCH {
        // The computer's German against the rulebook's solitaire Soviet.
        return Some(Mode::Solitaire);
    }
    MODES
        .iter()
        .find(|m| m.0 == mode || m.5.contains(&mode))
        .map(|m| m.3)
}

impl TableGame for Stalingrad {
    type Ui = StalingradUi;

    fn builtin() -> &'static Self {
        static GAME: OnceLock<Stalingrad> = OnceLock::new();
        GAME.get_or_init(Stalingrad::new)
    }
    fn from_folder(dir: &std::path::Path) -> Result<Self, DataError> {
        eastfront_stalingrad::data::ScenarioData::load_dir(dir).map(Stalingrad::with_data)
    }
    /// Stalingrad's folder has units.ron, cards.ron and setup.ron (No Retreat!'s has the
    /// first two as well, and setups.ron).
    fn owns_folder(dir: &std::path::Path) -> bool {
        dir.join("units.ron").exists()
            && dir.join("cards.ron").exists()
            && dir.join("setup.ron").exists()
    }
    fn data_summary(&self) -> String {
        let d = &self.board.data;
        format!(
            "{} hexes, {} German and {} Soviet blocks, {} card kinds",
            d.map.hexes.len(),
            d.units.german.len(),
            d.units.soviet.len(),
            d.cards.german.len() + d.cards.soviet.len()
        )
    }
    fn card() -> GameCard {
        GameCard {
            title: "Stalingrad: Inferno on the Volga",
            years: "23 August – 19 November 1942",
            designer: "VentoNuovo Games (2018)",
            blurb: "Street by street from the Volga: 109 hexes, 93 wooden blocks with fog of war, \
                    card decks and rubble. The Soviet deck is the clock; the official solitaire \
                    rules play the defenders.",
        }
    }
    fn game_spec(&self) -> SetupSpec {
        SetupSpec {
            scenarios: self.scenarios(),
            modes: MODES
                .iter()
                .map(|(id, label, brief, mode, humans, aliases)| ModeSpec {
                    choice: Choice { id, label, brief },
                    humans: humans.iter().map(|s| Seat(*s)).collect(),
                    aliases,
                    // The level is the German computer's: the solitaire and cooperative
                    // Soviets are the rulebook's (§8), the hot-seat modes have no computer.
                    levels_apply: *mode == Mode::OneVsOne && humans.len() < 2,
                })
                .collect(),
            levels: vec![
                Choice {
                    id: "easy",
                    label: "Easy",
                    brief: "The German computer player with one decision in five a random legal one (the Soviet AI is always the rulebook's).",
                },
                Choice {
                    id: "normal",
                    label: "Normal",
                    brief: "The German computer player: weighs every attack and move by the Soviet Reinforcement Hexes, odds and losses.",
                },
                Choice {
                    id: "search",
                    label: "Search",
                    brief: "The German thinks for the thinking time you set, playing each plan out many times over the blocks it cannot see. About as strong as Normal in our tests, not stronger (docs/ai.md).",
                },
            ],
            variants: VARIANTS
                .iter()
                .map(|(id, label, _)| Choice {
                    id,
                    label,
                    brief: "Designer's Variant (rules §9.4): Advantages drawn for each side.",
                })
                .collect(),
            rules: crate::app::table::rule_switch::toggles(&switches::switches()),
            default_seed: 1942,
        }
    }
    fn options_for(&self, new: &NewGame) -> Options {
        let mut options = Options {
            mode: rules_mode(&new.mode).unwrap_or_default(),
            variant: VARIANTS
                .iter()
                .find(|v| v.0 == new.variant)
                .and_then(|v| v.2),
            ..Default::default()
        };
        crate::app::table::rule_switch::apply(&switches::switches(), new, &mut options);
        options
    }
    fn rule_switches(&self) -> Vec<RuleSwitch<Options>> {
        switches::switches()
    }
    fn default_mode(&self, options: &Options) -> &'static str {
        match options.mode {
            Mode::Solitaire => "solitaire",
            Mode::Cooperative => "cooperative",
            Mode::OneVsOne => "hotseat",
            Mode::TwoVsOne => "two-vs-one",
        }
    }
    fn mode_fits(&self, mode: &str, options: &Options) -> bool {
        rules_mode(mode) == Some(options.mode)
    }
    fn computer_level(&self, level: &str) -> &'static str {
        // The German computer player (the Soviet AI is the rulebook's, §8): Normal is the
        // utility AI, as it was before the menu had levels (and "" in older saves).
        match level {
            "easy" => "easy",
            "search" => "hard",
            _ => "utility",
        }
    }
    fn hint_level(&self) -> &'static str {
        "hard"
    }

    fn map_key(&self) -> Vec<(Color, &'static str)> {
        use board::colours;
        vec![
            (colours::CLEAR, "Clear: Long Moves may enter (§6.7.3)"),
            (
                colours::DIFFICULT,
                "Difficult: no Long Moves, both fire at once (§6.3)",
            ),
            (
                colours::URBAN,
                "Urban: the defender fires first (§6.3, §6.10)",
            ),
            (
                colours::SOVIET_RED,
                "red ring: a Soviet reinforcement hex (§6.6)",
            ),
            (
                colours::GERMAN_YELLOW,
                "yellow ring: the Yellow army's entry (§6.7.1)",
            ),
            (
                colours::GERMAN_BLUE,
                "blue ring: the Blue army's entry (§6.7.1)",
            ),
            (
                colours::CONTROL_GERMAN,
                "dark dot: now German control (§6.2)",
            ),
            (
                colours::CONTROL_SOVIET,
                "red dot: now Soviet control (§6.2)",
            ),
            (colours::RUBBLE, "R: Rubble, double defence (§6.9)"),
        ]
    }
    fn map(&self) -> MapDesc {
        board::map_desc(self)
    }
    fn decorate(&self, painter: &mut MapPainter) {
        board::decorate(self, painter);
    }
    fn pieces(&self, view: &View) -> Vec<PieceDesc> {
        pieces::pieces(view)
    }
    fn markers(&self, view: &View, _overlays: &[bool]) -> Vec<MarkerDesc> {
        pieces::markers(self, view)
    }
    fn hover(&self, view: &View, space: SpaceId) -> Vec<String> {
        pieces::hover(self, view, space)
    }
    fn piece_label(&self, view: &View, piece: PieceId) -> String {
        unit_words(&self.board, view, unit_of(piece))
    }
    fn cues(&self, e: &eastfront_stalingrad::Event) -> Vec<Cue> {
        let side = |u: &eastfront_stalingrad::UnitId| self.board.unit_side[u.0 as usize];
        let piece = |u: &eastfront_stalingrad::UnitId| eastfront_stalingrad::table::piece(*u);
        vec![match &e.kind {
            EventKind::TurnStart { side } => Cue::TurnOf(*side),
            EventKind::Moved { from, to, units } => Cue::Move {
                from: *from,
                to: *to,
                count: *units,
                piece: None,
            },
            EventKind::CombatStart { target } => Cue::Battle { at: *target },
            EventKind::StepLost { unit } => Cue::StepLost {
                side: side(unit),
                piece: Some(piece(unit)),
            },
            EventKind::Destroyed { unit } => Cue::Destroyed {
                side: side(unit),
                piece: Some(piece(unit)),
            },
            EventKind::Reveal { units } => Cue::Revealed(units.iter().map(piece).collect()),
            _ => return Vec::new(),
        }]
    }

    fn listed(&self, view: &View, action: &Action) -> bool {
        // The Planned Attack builder and the battle window offer these.
        let in_window = view.combat.is_some() && panels::is_combat_action(action);
        !(matches!(action, Action::PlannedAttack { .. }) || in_window)
    }
    fn top_bar(&self, ui: &mut egui::Ui, ctx: &PanelCtx<Self>, _compact: bool) {
        panels::top_bar(ui, self, ctx.view);
    }
    fn side_sections(
        &self,
        ui: &mut egui::Ui,
        ctx: &PanelCtx<Self>,
        mem: &mut StalingradUi,
        out: &mut PanelOut,
    ) {
        if ctx.frame.acting_seat.is_some() {
            panels::planned_attack(ui, self, ctx, &mut mem.planner, out);
        }
        panels::reference_sections(ui, ctx.view);
    }
    fn windows(
        &self,
        egui: &egui::Context,
        ctx: &PanelCtx<Self>,
        _mem: &mut StalingradUi,
        out: &mut PanelOut,
    ) {
        panels::battle_window(egui, self, ctx, out);
    }
    fn result_lines(&self, view: &View) -> Vec<String> {
        let board = &self.board;
        let srh = board
            .srh
            .iter()
            .filter(|h| view.hexes[h.index()].control == Side::Soviet)
            .count();
        vec![
            format!("Rounds played: {}", view.round),
            format!(
                "Soviet casualty count: {} (destroyed German units, R units double, §6.18)",
                view.casualty_score
            ),
            format!(
                "Soviet Reinforcement Hexes held by the Soviets: {srh} of {}",
                board.srh.len()
            ),
        ]
    }
    fn score_series(&self, view: &View) -> Vec<(&'static str, Option<Side>, f32)> {
        let count = |side: Side| view.blocks.iter().filter(|b| b.side == side).count() as f32;
        let srh = self
            .board
            .srh
            .iter()
            .filter(|h| view.hexes[h.index()].control == Side::Soviet)
            .count() as f32;
        vec![
            ("German blocks", Some(Side::German), count(Side::German)),
            ("Soviet blocks", Some(Side::Soviet), count(Side::Soviet)),
            ("Soviet reinforcement hexes", None, srh),
            ("Casualty count", None, view.casualty_score as f32),
        ]
    }
    fn reference() -> &'static eastfront_kernel::RulesReference {
        eastfront_stalingrad::reference()
    }
    fn sources() -> &'static str {
        include_str!("../../../../scenarios/stalingrad/SOURCES.md")
    }
}
