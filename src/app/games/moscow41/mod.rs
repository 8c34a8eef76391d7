//! Moscow '41 at the one table: what is this game's own and nothing else.
//!
//! - this file: the game's [`TableGame`] — its menu entry, seats and computer levels, what its
//!   events show on the board, the hover text;
//! - [`board`]: the area map drawn from `map.ron` (areas, labels, rivers, boxes, the holding
//!   boxes beside the map);
//! - [`labels`]: where each area's number, name, markers and blocks go;
//! - [`pieces`]: the wooden blocks and the markers (control, Defensive Lines) of a view, and
//!   the overlays (control, supply, command range);
//! - [`panels`]: the tracks, the Luftwaffe and Force Pool sections, the battle window.

pub mod board;
pub mod labels;
pub mod panels;
pub mod pieces;
pub mod switches;

pub use eastfront_moscow41::Moscow41;

use crate::app::map::MapPainter;
use crate::app::table::desc::{Cue, MapDesc, MarkerDesc, Overlay, PieceDesc};
use crate::app::table::game::{Choice, GameCard, ModeSpec, SetupSpec, TableGame};
use crate::app::table::panel::{PanelCtx, PanelOut};
use crate::app::table::rule_switch::RuleSwitch;
use bevy::prelude::*;
use bevy_egui::egui;
use eastfront_kernel::{DataError, Game, PieceId, Seat, Side, SpaceId};
use eastfront_moscow41::data::Terrain;
use eastfront_moscow41::table::{piece_of, Piece};
use eastfront_moscow41::{EventKind, Options, View};
use std::sync::OnceLock;

/// World units per board centimetre. The printed board is 62 × 86 cm (map.ron); at 30 units
/// per cm an area (about 5 cm across) holds a 2 × 2 group of blocks with room for its label.
pub const CM: f32 = 30.0;
/// Side of a block's top face.
pub const BLOCK: f32 = 1.05 * CM;
/// Distance between two blocks' centres in an area.
pub const PITCH: f32 = 1.17 * CM;

/// A board point (cm, y down) in world units (y up).
pub fn to_world(p: (f32, f32)) -> Vec2 {
    Vec2::new(p.0 * CM, -p.1 * CM)
}

/// The panels' memory: the battle window.
#[derive(Resource, Default)]
pub struct M41Ui {
    pub battle: panels::BattleMemory,
}

const MODES: [(&str, &str, &str, &[u8]); 3] = [
    (
        "m41-hotseat",
        "Hot-seat 1 vs 1: German vs Soviet",
        "Two players share this screen; a curtain hides the blocks whenever the side to act changes (R 1.5 Fog of War).",
        &[0, 1],
    ),
    (
        "m41-german-vs-ai",
        "German vs the Soviet AI",
        "You lead Army Group Centre toward Moscow; the computer defends, seeing only what the Soviet player may see.",
        &[0],
    ),
    (
        "m41-soviet-vs-ai",
        "Soviet vs the German AI",
        "You hold the road to Moscow; the computer attacks, seeing only what the German player may see.",
        &[1],
    ),
];

impl TableGame for Moscow41 {
    type Ui = M41Ui;

    fn builtin() -> &'static Self {
        static GAME: OnceLock<Moscow41> = OnceLock::new();
        GAME.get_or_init(Moscow41::new)
    }
    fn from_folder(dir: &std::path::Path) -> Result<Self, DataError> {
        let data = eastfront_moscow41::data::ScenarioData::load_dir(dir)?;
        Ok(Moscow41::with_board(eastfront_moscow41::Board::new(data)?))
    }
    /// Moscow '41's folder has blocks.ron and setups.ron.
    fn owns_folder(dir: &std::path::Path) -> bool {
        dir.join("setups.ron").exists() && dir.join("blocks.ron").exists()
    }
    fn data_summary(&self) -> String {
        let d = &self.board.data;
        format!(
            "{} areas and {} boxes, {} blocks, {} setups",
            d.map.areas.len(),
            d.map.boxes.len(),
            d.blocks.blocks.len(),
            d.setups.setups.len()
        )
    }
    fn card() -> GameCard {
        GameCard {
            title: "Moscow '41",
            years: "July – December 1941",
            designer: "VentoNuovo Games (2016)",
            blurb: "Army Group Centre against the Soviet Fronts on the road to Moscow: 175 areas, \
                    120 wooden blocks with fog of war, HQ activation, impulses, weather and supply, \
                    the Luftwaffe and the Road to Leningrad.",
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
                    brief: "One look ahead with a short evaluator and noise.",
                },
                Choice {
                    id: "normal",
                    label: "Normal",
                    brief: "One look ahead over the few most promising moves.",
                },
                Choice {
                    id: "hard",
                    label: "Hard",
                    brief: "One look ahead with the full evaluator over many moves.",
                },
                Choice {
                    id: "search",
                    label: "Search",
                    brief: "Thinks for the thinking time you set: plays Hard's favourite moves out many times over the blocks it cannot see. About as strong as Hard in our tests, not stronger (docs/ai.md).",
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
        "m41-hotseat"
    }
    fn computer_level(&self, level: &str) -> &'static str {
        // The menu's Easy, Normal and Hard are the utility AI's profiles (as before the
        // search); Search is the AI crate's searching Hard, thinking for the player's time.
        match level {
            "easy" => "easy",
            "hard" => "utility-hard",
            "search" => "hard",
            _ => "utility-normal",
        }
    }
    fn hint_level(&self) -> &'static str {
        "hard"
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
    fn overlays(&self) -> Vec<Overlay> {
        pieces::overlays()
    }
    fn map_key(&self) -> Vec<(Color, &'static str)> {
        use board::colours;
        vec![
            (
                colours::GREEN_CIRCLE,
                "green area: 1 MP, 4 blocks, absorbs 0 (R 2.4.1)",
            ),
            (
                colours::YELLOW_CIRCLE,
                "yellow area: 2 MP, 2 blocks, absorbs 1 (R 2.4.2)",
            ),
            (
                colours::STAR,
                "victory area: 1 VP, absorbs 2 for its owner (R 2.4.3)",
            ),
            (
                colours::STAGING_AREA,
                "German Staging Area: German supply (R 2.4.4)",
            ),
            (
                colours::RIVER,
                "river: affects battles, not moves (R 2.4.6)",
            ),
            (
                colours::DISPUTED,
                "orange: your victory area, empty, in enemy reach (R 2.5, 1.7)",
            ),
        ]
    }
    fn tints(&self, view: &View, overlays: &[bool]) -> Vec<(SpaceId, Color)> {
        pieces::tints(self, view, overlays)
    }
    fn hover(&self, view: &View, space: SpaceId) -> Vec<String> {
        board::hover(self, view, space)
    }
    fn piece_label(&self, view: &View, piece: PieceId) -> String {
        match piece_of(piece) {
            Piece::Block(b) => {
                let name = self.board.block(b).name.clone();
                match view
                    .blocks
                    .iter()
                    .filter_map(|v| v.face.as_ref())
                    .find(|f| f.block == b)
                {
                    Some(f) => format!("{name} ({})", f.strength),
                    None => name,
                }
            }
            Piece::Bomber(b) => format!(
                "✈ {}",
                self.board
                    .bombers()
                    .get(b.0 as usize)
                    .map(|x| x.id.clone())
                    .unwrap_or_default()
            ),
        }
    }
    fn cues(&self, e: &eastfront_moscow41::Event) -> Vec<Cue> {
        let side = |b: &eastfront_moscow41::BlockId| self.board.block(*b).side;
        let piece = |b: &eastfront_moscow41::BlockId| eastfront_moscow41::table::block_piece(*b);
        vec![match &e.kind {
            EventKind::ImpulseStart { side, .. } => Cue::TurnOf(*side),
            EventKind::Moved { from, to } => Cue::Move {
                from: *from,
                to: *to,
                count: 1,
                piece: None,
            },
            EventKind::BattleStart { area, .. } => Cue::Battle { at: *area },
            EventKind::StepLost { block } | EventKind::BattleHit { block, .. } => Cue::StepLost {
                side: side(block),
                piece: Some(piece(block)),
            },
            EventKind::Destroyed { block } | EventKind::Surrendered { block } => Cue::Destroyed {
                side: side(block),
                piece: Some(piece(block)),
            },
            EventKind::Reveal { blocks } => Cue::Revealed(blocks.iter().map(piece).collect()),
            _ => return Vec::new(),
        }]
    }

    fn listed(&self, _view: &View, action: &eastfront_moscow41::Action) -> bool {
        // The battle window offers a battle's choices.
        !matches!(action, eastfront_moscow41::Action::BattleChoice { .. })
    }
    fn top_bar(&self, ui: &mut egui::Ui, ctx: &PanelCtx<Self>, compact: bool) {
        panels::top_bar(ui, self, ctx.view, compact);
    }
    fn side_sections(
        &self,
        ui: &mut egui::Ui,
        ctx: &PanelCtx<Self>,
        _mem: &mut M41Ui,
        _out: &mut PanelOut,
    ) {
        panels::side_sections(ui, self, ctx.view);
    }
    fn windows(
        &self,
        egui: &egui::Context,
        ctx: &PanelCtx<Self>,
        mem: &mut M41Ui,
        out: &mut PanelOut,
    ) {
        panels::battle_window(egui, self, ctx, &mut mem.battle, out);
    }
    fn has_battle_window(&self) -> bool {
        true
    }
    fn result_lines(&self, view: &View) -> Vec<String> {
        let mut lines: Vec<String> = view
            .sides
            .iter()
            .map(|s| {
                let on_map = view.blocks.iter().filter(|b| b.side == s.side).count();
                format!(
                    "{}: {} VP · {} blocks lost · {} on the map",
                    s.side.name(),
                    s.vp,
                    s.lost.len(),
                    on_map
                )
            })
            .collect();
        for s in view.sides.iter().filter(|s| !s.lost.is_empty()) {
            let names: Vec<&str> = s.lost.iter().map(|f| f.name.as_str()).collect();
            lines.push(format!("{} lost: {}", s.side.name(), names.join(", ")));
        }
        lines
    }
    fn score_series(&self, view: &View) -> Vec<(&'static str, Option<Side>, f32)> {
        let vp = |side: Side| {
            view.sides
                .iter()
                .find(|s| s.side == side)
                .map_or(0.0, |s| s.vp as f32)
        };
        let blocks = |side: Side| view.blocks.iter().filter(|b| b.side == side).count() as f32;
        vec![
            ("German VP", Some(Side::German), vp(Side::German)),
            ("Soviet VP", Some(Side::Soviet), vp(Side::Soviet)),
            ("German blocks", None, blocks(Side::German)),
            ("Soviet blocks", None, blocks(Side::Soviet)),
        ]
    }
    fn reference() -> &'static eastfront_kernel::RulesReference {
        eastfront_moscow41::reference()
    }
    fn sources() -> &'static str {
        include_str!("../../../../scenarios/moscow41/SOURCES.md")
    }
}

/// An area's terrain in words (the hover text).
pub fn terrain_words(t: Terrain) -> &'static str {
    match t {
        Terrain::Green => "Green circle: 1 MP, 4 blocks + 1 DL per player, no absorption",
        Terrain::Yellow => {
            "Yellow circle (forest, swamp, hills): 2 MP, 2 blocks + 1 DL, absorbs 1 hit"
        }
        Terrain::Victory => {
            "Victory area: 2 MP, 2 blocks + 1 DL, absorbs 2 hits if the defender holds it, 1 VP"
        }
        Terrain::Staging => {
            "German Staging Area: Germans only, unlimited stacking, German supply source"
        }
    }
}
