//! Moscow '41's pieces, markers and overlays as the table's skins draw them: the wooden blocks
//! of a view (only what the viewer may see: a hidden block is blank wood keyed by its area and
//! place in it), the blocks in the holding boxes beside the map (own Force Pool face up, the
//! enemy's as a count of blank blocks, eliminated blocks face up: they are public), the control
//! marker, the disputed ring and the Defensive Line bars of each area, and the control, supply
//! and command-range tints.

use super::board::{colours, layouts, pool_boxes, side_colour, PoolKind};
use super::labels::{control_offset, dl_offset, Badge, CONTROL_R, DL_SIZE};
use super::{to_world, Moscow41, CM, PITCH};
use crate::app::pieces::{pip_colours, stacks, wood};
use crate::app::table::desc::{
    BlockFace, BlockLook, MarkerDesc, MarkerShape, Overlay, PieceDesc, PieceKey, PieceLook, Pip,
    Place, Symbol,
};
use bevy::prelude::*;
use eastfront_kernel::{Side, SpaceId};
use eastfront_moscow41::data::{Colour, CombatType, Role};
use eastfront_moscow41::table::block_piece;
use eastfront_moscow41::view::BlockFace as M41Face;
use eastfront_moscow41::View;

/// Army / Front sticker colour (`data::Colour`).
pub fn sticker_colour(c: Colour) -> Color {
    match c {
        Colour::Yellow => Color::srgb(0.95, 0.80, 0.15),
        Colour::LightBlue => Color::srgb(0.55, 0.80, 0.97),
        Colour::Pink => Color::srgb(0.95, 0.60, 0.75),
        Colour::Brown => Color::srgb(0.55, 0.35, 0.18),
        Colour::Red => Color::srgb(0.85, 0.15, 0.12),
        Colour::Green => Color::srgb(0.25, 0.62, 0.25),
        Colour::Blue => Color::srgb(0.15, 0.35, 0.85),
        Colour::White => Color::srgb(0.96, 0.96, 0.94),
    }
}

/// The NATO symbol of a block.
fn symbol(role: Role, kind: Option<CombatType>) -> Symbol {
    match (role, kind) {
        (Role::Leader, _) => Symbol::Leader,
        (Role::TacticalHq, _) => Symbol::Hq,
        (Role::LuftwaffeHq, _) => Symbol::AirHq,
        (Role::Combat, Some(CombatType::Infantry)) => Symbol::Infantry,
        (Role::Combat, Some(CombatType::Cavalry)) => Symbol::Cavalry,
        (Role::Combat, Some(CombatType::Tank)) => Symbol::Armour,
        (Role::Combat, Some(CombatType::MotorizedInfantry)) => Symbol::ArmouredInfantry,
        (Role::Combat, None) => Symbol::None,
    }
}

/// A block as the table draws it: blank wood, or its face for a viewer who may read it.
fn look(
    game: &Moscow41,
    side: Side,
    face: Option<&M41Face>,
    revealed: bool,
    cube: bool,
) -> BlockLook {
    let face = face.map(|f| {
        let d = game.board.block(f.block);
        // Strength along the top edge: dots for combat blocks, stars for HQs and leaders.
        let star = d.role != Role::Combat;
        let pips = d
            .dots
            .iter()
            .take(f.strength as usize)
            .map(|fp| {
                let (fill, ring) = pip_colours(*fp);
                let fill = if star {
                    Color::srgb(1.0, 0.86, 0.25)
                } else {
                    fill
                };
                Pip { fill, ring, star }
            })
            .collect();
        BlockFace {
            label: f.label.clone(),
            symbol: symbol(f.role, f.combat_type),
            pips,
            band: f.colour.map(sticker_colour),
            corner: None,
        }
    });
    wood(side, face, revealed, cube)
}

/// Where a pool box's `i`-th of `n` blocks stands.
fn pool_slots(rect: Rect, n: usize) -> Vec<Vec2> {
    let cols = ((rect.width() - 0.4 * CM) / PITCH).floor().max(1.0) as usize;
    let top = Vec2::new(rect.center().x, rect.max.y - 1.4 * CM);
    (0..n)
        .map(|i| {
            top + crate::app::map::slot_offset(
                crate::app::table::desc::StackLayout::Row { cols },
                i,
                n,
                PITCH,
            )
        })
        .collect()
}

/// The blocks of a view, on the map and in the holding boxes.
pub fn pieces(game: &Moscow41, view: &View) -> Vec<PieceDesc> {
    // On the map and in the boxes: the view lists blocks sorted by space.
    let mut out = stacks(
        &view.blocks,
        |b| b.area,
        |b| b.side,
        |b| b.face.as_ref().map(|f| block_piece(f.block)),
        |b| PieceLook::Block(look(game, b.side, b.face.as_ref(), b.revealed, b.isolated)),
    );
    // The holding boxes beside the map.
    for (k, (side, kind, rect, _)) in pool_boxes(&game.board).into_iter().enumerate() {
        let Some(sv) = view.sides.iter().find(|s| s.side == side) else {
            continue;
        };
        let items: Vec<(Option<&M41Face>, bool)> = match kind {
            PoolKind::ForcePool => match &sv.force_pool_blocks {
                Some(faces) => faces
                    .iter()
                    .chain(sv.drawn.iter())
                    .map(|f| (Some(f), false))
                    .collect(),
                None => vec![(None, false); sv.force_pool],
            },
            PoolKind::November => vec![(None, false); sv.november_box],
            PoolKind::Lost => sv.lost.iter().map(|f| (Some(f), true)).collect(),
        };
        for (slot, ((face, revealed), at)) in
            items.iter().zip(pool_slots(rect, items.len())).enumerate()
        {
            out.push(PieceDesc {
                key: match face {
                    Some(f) => PieceKey::Known(block_piece(f.block)),
                    None => PieceKey::Hidden {
                        at: 10_000 + k as u32,
                        side,
                        slot: slot as u16,
                    },
                },
                side,
                place: Place::At(at),
                look: PieceLook::Block(look(game, side, *face, *revealed, false)),
            });
        }
    }
    out
}

/// A marker key: the area, what it is, and a number.
fn key(area: SpaceId, what: u64, k: u64) -> u64 {
    ((area.0 as u64) << 16) | (what << 8) | k
}

/// The control marker, the disputed ring and the Defensive Line bars of every area.
pub fn markers(game: &Moscow41, view: &View) -> Vec<MarkerDesc> {
    let board = &game.board;
    let layouts = layouts(game);
    let mut out = Vec::new();
    for (i, (layout, _)) in layouts.iter().enumerate() {
        let area = SpaceId(i as u16);
        let Some(av) = view.areas.get(i) else {
            continue;
        };
        let at = layout.number + control_offset(layout.badge);
        // The control marker left of the number (the printed cube, R 2.5), drawn as a small
        // disc so it is not taken for a block: dark grey German, red Soviet.
        out.push(MarkerDesc {
            key: key(area, 1, 0),
            at,
            shape: MarkerShape::Disc { radius: CONTROL_R },
            fill: side_colour(av.control),
            rim: Some(Color::WHITE),
            what: format!("{} control (R 2.5)", av.control.name()),
        });
        if av.disputed {
            let outline: Vec<Vec2> = board.data.map.areas[i]
                .polygon
                .iter()
                .map(|p| to_world(*p) - layout.number)
                .collect();
            out.push(MarkerDesc {
                key: key(area, 2, 0),
                at: layout.number,
                shape: MarkerShape::Outline {
                    points: outline,
                    width: 0.12 * CM,
                },
                fill: colours::DISPUTED,
                rim: None,
                what: "Disputed: a battle is due (R 10.11)".into(),
            });
        }
        // Defensive Lines: a bar in the owner's colour right of the number (R 4.1).
        for (k, side) in [Side::German, Side::Soviet].into_iter().enumerate() {
            if av.dl[k] {
                out.push(MarkerDesc {
                    key: key(area, 3, k as u64),
                    at: layout.number + dl_offset(layout.badge, k),
                    shape: MarkerShape::Square { size: DL_SIZE },
                    fill: side_colour(side),
                    rim: Some(Color::WHITE),
                    what: format!("{} Defensive Line (R 4.1)", side.name()),
                });
            }
        }
    }
    // Lines in the boxes (none are allowed, but a box has no number to sit by).
    for (i, av) in view.areas.iter().enumerate().skip(layouts.len()) {
        for (k, side) in [Side::German, Side::Soviet].into_iter().enumerate() {
            if av.dl[k] {
                let centre = game.board.data.map.boxes[i - layouts.len()].pos;
                out.push(MarkerDesc {
                    key: key(SpaceId(i as u16), 3, k as u64),
                    at: to_world(centre) + dl_offset(Badge::Staging, k),
                    shape: MarkerShape::Square { size: DL_SIZE },
                    fill: side_colour(side),
                    rim: Some(Color::WHITE),
                    what: format!("{} Defensive Line", side.name()),
                });
            }
        }
    }
    out
}

/// The overlays: control (C), supply (V), command range (K).
pub fn overlays() -> Vec<Overlay> {
    vec![
        Overlay {
            name: "Control",
            key: KeyCode::KeyC,
            key_name: "C",
            legend: vec![
                (colours::GERMAN.with_alpha(0.6), "German control"),
                (colours::SOVIET.with_alpha(0.6), "Soviet control"),
            ],
        },
        Overlay {
            name: "Supply",
            key: KeyCode::KeyV,
            key_name: "V",
            legend: vec![
                (
                    colours::SUPPLIED.with_alpha(0.6),
                    "your area, in supply (R 9.3)",
                ),
                (colours::UNSUPPLIED.with_alpha(0.6), "your area, cut off"),
            ],
        },
        Overlay {
            name: "Command",
            key: KeyCode::KeyK,
            key_name: "K",
            legend: vec![(
                colours::COMMAND.with_alpha(0.6),
                "in command range of an activated HQ (R 10.3)",
            )],
        },
    ]
}

/// The tints of the overlays switched on.
pub fn tints(game: &Moscow41, view: &View, on: &[bool]) -> Vec<(SpaceId, Color)> {
    let board = &game.board;
    let is_on = |k: usize| on.get(k).copied().unwrap_or(false);
    let viewer = match view.viewer {
        eastfront_kernel::Viewer::Side(s) => Some(s),
        _ => None,
    };
    let mut out = Vec::new();
    for area in board.area_ids() {
        let Some(av) = view.areas.get(area.index()) else {
            continue;
        };
        if is_on(0) {
            out.push((area, side_colour(av.control).with_alpha(0.28)));
        }
        if let (true, Some(side)) = (is_on(1), viewer) {
            let sup = &view.supplied[(side == Side::Soviet) as usize];
            if av.control == side {
                let supplied = sup.get(area.index()).copied().unwrap_or(false);
                let col = if supplied {
                    colours::SUPPLIED
                } else {
                    colours::UNSUPPLIED
                };
                out.push((area, col.with_alpha(0.35)));
            }
        }
        if is_on(2)
            && view
                .command_range
                .get(area.index())
                .copied()
                .unwrap_or(false)
        {
            out.push((area, colours::COMMAND.with_alpha(0.30)));
        }
    }
    // Always: the viewer's victory areas an enemy block could take by passing through (R 2.5).
    if let Some(side) = viewer {
        for area in eastfront_moscow41::exposure::open_victory_areas(board, view, side) {
            out.push((area, colours::DISPUTED.with_alpha(0.45)));
        }
    }
    out
}
