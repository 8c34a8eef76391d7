//! Stalingrad's blocks and markers as the table's skins draw them: every block on the map as
//! the viewer may see it (rules §6.1 Fog of War: the opponent's blocks are blank wood, keyed by
//! their hex and place in the stack), and the control, rubble and fortification markers.

use super::board::{army_colour, colours, layout, HEX_SIZE};
use super::Stalingrad;
use crate::app::pieces::{pip_colours, stacks, wood};
use crate::app::table::desc::{
    BlockFace, BlockLook, MarkerDesc, MarkerShape, PieceDesc, PieceLook, Pip, Symbol,
};
use bevy::prelude::*;
use eastfront_kernel::{Side, SpaceId};
use eastfront_stalingrad::data::{FortColour, UnitKind};
use eastfront_stalingrad::table::piece;
use eastfront_stalingrad::View;

/// The NATO symbol of a unit kind.
pub fn symbol(kind: UnitKind) -> Symbol {
    match kind {
        UnitKind::General => Symbol::Leader,
        UnitKind::Panzer | UnitKind::Tank => Symbol::Armour,
        UnitKind::Panzergrenadier => Symbol::ArmouredInfantry,
        UnitKind::MotorizedInfantry | UnitKind::SovietMotorized => Symbol::MotorisedInfantry,
        UnitKind::AntiAircraft1077 | UnitKind::AntiTank20 => Symbol::Gun,
        UnitKind::Marine => Symbol::Marine,
        UnitKind::Infantry
        | UnitKind::RifleInfantry
        | UnitKind::GuardsInfantry
        | UnitKind::Workers => Symbol::Infantry,
    }
}

/// A block's look: blank wood, or its face for a viewer who may read it.
pub fn look(
    side: Side,
    face: Option<&eastfront_stalingrad::view::BlockFace>,
    revealed: bool,
) -> BlockLook {
    let face = face.map(|f| {
        let pip = f.firepower.map(|fp| {
            let (fill, ring) = pip_colours(fp);
            Pip {
                fill,
                ring,
                star: false,
            }
        });
        BlockFace {
            label: f.label.clone(),
            symbol: symbol(f.kind),
            pips: pip
                .map(|p| vec![p; f.strength as usize])
                .unwrap_or_default(),
            band: f.army.map(army_colour),
            corner: f.r_unit.then(|| "R".to_string()),
        }
    });
    wood(side, face, revealed, false)
}

/// The blocks on the map as the viewer sees them (the view lists them by hex, then side).
pub fn pieces(view: &View) -> Vec<PieceDesc> {
    stacks(
        &view.blocks,
        |b| b.hex,
        |b| b.side,
        |b| b.face.as_ref().map(|f| piece(f.unit)),
        |b| PieceLook::Block(look(b.side, b.face.as_ref(), b.revealed)),
    )
}

/// The control (where it differs from the start), rubble and fortification markers.
pub fn markers(game: &Stalingrad, view: &View) -> Vec<MarkerDesc> {
    let board = &game.board;
    let l = layout();
    let mut out = Vec::new();
    for (i, hv) in view.hexes.iter().enumerate() {
        let info = &board.hexes[i];
        let c = l.hex_to_world_pos(info.hex);
        let key = |what: u64| ((i as u64) << 8) | what;
        let start = if info.german_control {
            Side::German
        } else {
            Side::Soviet
        };
        if hv.control != start {
            let (fill, rim) = match hv.control {
                Side::German => (colours::CONTROL_GERMAN, colours::GERMAN_WHITE),
                Side::Soviet => (colours::CONTROL_SOVIET, colours::GERMAN_YELLOW),
            };
            out.push(MarkerDesc {
                key: key(1),
                at: c + Vec2::new(-HEX_SIZE * 0.68, 0.0),
                shape: MarkerShape::Disc { radius: 6.0 },
                fill,
                rim: Some(rim),
                what: format!("{} control", hv.control.name()),
            });
        }
        if hv.rubble {
            let at = c + Vec2::new(HEX_SIZE * 0.66, 0.0);
            out.push(MarkerDesc {
                key: key(2),
                at,
                shape: MarkerShape::Disc { radius: 8.0 },
                fill: colours::RUBBLE,
                rim: Some(colours::OUTLINE_DARK),
                what: "Rubble (§6.9)".into(),
            });
            out.push(MarkerDesc {
                key: key(3),
                at,
                shape: MarkerShape::Text {
                    text: "R".into(),
                    size: 8.0,
                },
                fill: colours::OUTLINE_DARK,
                rim: None,
                what: "Rubble (§6.9)".into(),
            });
        }
        if hv.fortified {
            let fill = match info.fortification {
                Some(FortColour::Red) => colours::FORT_RED,
                _ => colours::FORT_BROWN,
            };
            out.push(MarkerDesc {
                key: key(4),
                at: c + Vec2::new(-HEX_SIZE * 0.42, -HEX_SIZE * 0.5),
                shape: MarkerShape::Disc { radius: 6.0 },
                fill,
                rim: Some(colours::OUTLINE_DARK),
                what: "Fortified".into(),
            });
        }
    }
    out
}

/// The hexes a player may read about: the hex, terrain and its effects, control, the marks on
/// it, the stack as the viewer sees it.
pub fn hover(game: &Stalingrad, view: &View, h: SpaceId) -> Vec<String> {
    let board = &game.board;
    let info = board.hex(h);
    let hv = &view.hexes[h.index()];
    let name = eastfront_stalingrad::table::hex_words(board, h);
    let mut lines = vec![match &info.landmark {
        Some(l) => format!("{name} · {l}"),
        None => name,
    }];
    lines.push(eastfront_stalingrad::view::terrain_effects(info.terrain).into());
    lines.push(format!("Controlled by the {}", hv.control.name()));
    let mut marks = Vec::new();
    if info.soviet_reinforcement {
        marks.push("Soviet Reinforcement Hex".to_string());
    }
    if let Some(army) = info.german_reinforcement {
        marks.push(format!("German Reinforcement Hex ({army:?})"));
    }
    if info.factory {
        marks.push("factory".into());
    }
    if info.docks > 0 {
        marks.push(format!("docks ({})", info.docks));
    }
    if hv.rubble {
        marks.push("Rubble".into());
    }
    if hv.fortified {
        marks.push("fortified".into());
    }
    if !marks.is_empty() {
        lines.push(marks.join(" · "));
    }
    let here: Vec<_> = view.blocks.iter().filter(|b| b.hex == h).collect();
    for b in here.iter().filter_map(|b| b.face.as_ref().map(|f| (b, f))) {
        let (b, f) = b;
        let fp = f.firepower.map(|x| x.short()).unwrap_or("blank");
        let up = if b.revealed { " · face up" } else { "" };
        lines.push(format!(
            "{} — {} · {} pips {fp}{up}",
            f.label,
            f.kind.name(),
            f.strength
        ));
    }
    let hidden: Vec<_> = here.iter().filter(|b| b.face.is_none()).collect();
    if let Some(first) = hidden.first() {
        lines.push(format!(
            "{} {} block(s), face hidden",
            hidden.len(),
            first.side.name()
        ));
    }
    lines
}
