//! Clicks and hovers on the map through Bevy picking: spaces and pieces are pickable meshes
//! ([`SpaceEntity`], [`PieceEntity`]); the mesh backend says what is under the pointer, and
//! these systems turn it into a hover and a click ([`super::input::click`]). egui's panels
//! keep the pointer (a click on a button never reaches the map).

use super::input::{
    carry_out, click as click_rules, pointer_over_panels, Hovered, PendingChoices, Selection,
};
use super::map::camera::{Drag, PanelInsets};
use super::map::SpaceEntity;
use super::pieces::PieceEntity;
use super::table::frame::Frame;
use super::table::PlayerChoice;
use bevy::ecs::system::SystemParam;
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::PointerId;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use eastfront_kernel::Button;

/// The pointer and what covers the map: the window, the panels' insets, egui's wishes.
#[derive(SystemParam)]
pub struct MapPointer<'w, 's> {
    pub window: Single<'w, 's, &'static Window, With<PrimaryWindow>>,
    pub insets: Res<'w, PanelInsets>,
    pub wants: Option<Res<'w, EguiWantsInput>>,
}

impl MapPointer<'_, '_> {
    /// Whether the cursor is over the map, not over a panel.
    pub fn over_map(&self) -> bool {
        over_map(&self.window, &self.insets, &self.wants)
    }
    pub fn cursor(&self) -> Option<Vec2> {
        self.window.cursor_position()
    }
}

/// Whether the cursor is over the map, not over a panel (the side and top panels are drawn in
/// egui's background layer, which egui does not count as an area under the pointer: their
/// insets are checked here).
pub fn over_map(
    window: &Window,
    insets: &PanelInsets,
    wants: &Option<Res<EguiWantsInput>>,
) -> bool {
    let Some(c) = window.cursor_position() else {
        return false;
    };
    !pointer_over_panels(wants)
        && c.x >= insets.left
        && c.x <= window.width() - insets.right
        && c.y >= insets.top
        && c.y <= window.height() - insets.bottom
}

/// What the mouse is over, the top-most of the pieces and spaces the picking hit.
fn under_pointer(
    hover: &HoverMap,
    spaces: &Query<&SpaceEntity>,
    pieces: &Query<&PieceEntity>,
) -> (Option<eastfront_kernel::SpaceId>, Option<Entity>) {
    let Some(hits) = hover.get(&PointerId::Mouse) else {
        return (None, None);
    };
    let mut best_piece: Option<(f32, Entity)> = None;
    let mut best_space: Option<(f32, eastfront_kernel::SpaceId)> = None;
    for (e, hit) in hits.iter() {
        if pieces.get(*e).is_ok() {
            if best_piece.is_none_or(|b| hit.depth < b.0) {
                best_piece = Some((hit.depth, *e));
            }
        } else if let Ok(s) = spaces.get(*e) {
            if best_space.is_none_or(|b| hit.depth < b.0) {
                best_space = Some((hit.depth, s.0));
            }
        }
    }
    let piece = best_piece.map(|p| p.1);
    let space = piece
        .and_then(|e| pieces.get(e).ok())
        .and_then(|p| p.desc.space())
        .or(best_space.map(|s| s.1));
    (space, piece)
}

pub fn hover(
    hover: Option<Res<HoverMap>>,
    pointer: MapPointer,
    spaces: Query<&SpaceEntity>,
    pieces: Query<&PieceEntity>,
    time: Res<Time>,
    mut hovered: ResMut<Hovered>,
) {
    let (space, piece) = match hover.as_deref() {
        Some(h) if pointer.over_map() => under_pointer(h, &spaces, &pieces),
        _ => (None, None),
    };
    let key = piece.and_then(|e| pieces.get(e).ok()).map(|p| p.desc.key);
    let screen = pointer.cursor().unwrap_or_default();
    if hovered.space != space || hovered.piece != key {
        *hovered = Hovered {
            space,
            piece: key,
            screen,
            since: time.elapsed_secs_f64(),
        };
    } else if hovered.screen.distance(screen) > 3.0 {
        hovered.screen = screen;
    }
}

/// What a click changes: the selection, the question, the choice sent.
#[derive(SystemParam)]
pub struct ClickOut<'w> {
    sel: ResMut<'w, Selection>,
    pending: ResMut<'w, PendingChoices>,
    choices: MessageWriter<'w, PlayerChoice>,
}

/// What can be clicked: the spaces and the pieces, and which of them are under the pointer.
#[derive(SystemParam)]
pub struct Targets<'w, 's> {
    hover: Option<Res<'w, HoverMap>>,
    spaces: Query<'w, 's, &'static SpaceEntity>,
    pieces: Query<'w, 's, &'static PieceEntity>,
}

/// A click on the map: a mouse button released where it was pressed, read against the hover
/// map of this frame (Bevy's own `Pointer<Click>` takes the press against the previous
/// frame's hover, so a quick move-and-click would land on whatever was under the old place).
pub fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    pointer: MapPointer,
    keys: Res<ButtonInput<KeyCode>>,
    drag: Res<Drag>,
    targets: Targets,
    frame: Res<Frame>,
    mut out: ClickOut,
) {
    let Targets {
        hover,
        spaces,
        pieces,
    } = targets;
    let button = if buttons.just_released(MouseButton::Left) {
        Button::Primary
    } else if buttons.just_released(MouseButton::Right) && drag.travelled < 5.0 {
        // The end of a pan with the right button is not a click.
        Button::Secondary
    } else {
        return;
    };
    if !pointer.over_map() || !frame.visible {
        return;
    }
    let Some(hover) = hover.as_deref() else {
        return;
    };
    let (space, piece) = under_pointer(hover, &spaces, &pieces);
    let piece = piece.and_then(|e| pieces.get(e).ok()).map(|p| &p.desc);
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    out.pending.actions.clear();
    let result = click_rules(&frame, &out.sel, space, piece, shift, button);
    let screen = pointer.cursor().unwrap_or_default();
    let ClickOut {
        sel,
        pending,
        choices,
    } = &mut out;
    carry_out(result, &frame, screen, sel, pending, choices);
}
