//! Clicks and hovers on the map: the pieces ([`PieceEntity`]) are under the pointer as Bevy's
//! picking says, from the pieces' backend ([`super::piece_picking`]); the spaces are found from
//! their outlines ([`SpaceOutline`]: the board is drawn into a picture, see
//! [`super::map::cache`]). These
//! systems turn what is under the pointer into a hover and a click ([`super::input::click`]).
//! egui's panels keep the pointer (a click on a button never reaches the map).

use super::input::{
    carry_out, click as click_rules, pointer_over_panels, Hovered, PendingChoices, Selection,
};
use super::map::camera::{Drag, MapCamera, PanelInsets};
use super::map::{SpaceEntity, SpaceOutline};
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
    pub camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<MapCamera>>,
}

impl MapPointer<'_, '_> {
    /// Whether the cursor is over the map, not over a panel.
    pub fn over_map(&self) -> bool {
        over_map(&self.window, &self.insets, &self.wants)
    }
    pub fn cursor(&self) -> Option<Vec2> {
        self.window.cursor_position()
    }
    /// The world point under the cursor.
    pub fn world(&self) -> Option<Vec2> {
        let (camera, tf) = self.camera.iter().next()?;
        camera.viewport_to_world_2d(tf, self.cursor()?).ok()
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

/// What the mouse is over: the top-most piece the picking hit, else the space whose outline
/// holds the point (the last of overlapping ones: the later painted is on top).
fn under_pointer(
    hover: Option<&HoverMap>,
    world: Option<Vec2>,
    spaces: &Query<(&SpaceEntity, &SpaceOutline)>,
    pieces: &Query<&PieceEntity>,
) -> (Option<eastfront_kernel::SpaceId>, Option<Entity>) {
    let mut best_piece: Option<(f32, Entity)> = None;
    for (e, hit) in hover
        .and_then(|h| h.get(&PointerId::Mouse))
        .into_iter()
        .flatten()
    {
        if pieces.get(*e).is_ok() && best_piece.is_none_or(|b| hit.depth < b.0) {
            best_piece = Some((hit.depth, *e));
        }
    }
    let piece = best_piece.map(|p| p.1);
    let space = piece
        .and_then(|e| pieces.get(e).ok())
        .and_then(|p| p.desc.space())
        .or_else(|| {
            let at = world?;
            spaces
                .iter()
                .filter(|(_, o)| holds(&o.points, at))
                .last()
                .map(|(s, _)| s.0)
        });
    (space, piece)
}

/// Whether a polygon (convex or not) holds a point: the even-odd rule.
pub fn holds(points: &[Vec2], at: Vec2) -> bool {
    let mut inside = false;
    let n = points.len();
    for i in 0..n {
        let (a, b) = (points[i], points[(i + n - 1) % n]);
        if (a.y > at.y) != (b.y > at.y) && at.x < (b.x - a.x) * (at.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
    }
    inside
}

pub fn hover(
    hover: Option<Res<HoverMap>>,
    pointer: MapPointer,
    spaces: Query<(&SpaceEntity, &SpaceOutline)>,
    pieces: Query<&PieceEntity>,
    time: Res<Time>,
    mut hovered: ResMut<Hovered>,
) {
    let (space, piece) = if pointer.over_map() {
        under_pointer(hover.as_deref(), pointer.world(), &spaces, &pieces)
    } else {
        (None, None)
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
    spaces: Query<'w, 's, (&'static SpaceEntity, &'static SpaceOutline)>,
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
    let (space, piece) = under_pointer(hover.as_deref(), pointer.world(), &spaces, &pieces);
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

#[cfg(test)]
mod tests {
    use super::holds;
    use bevy::math::Vec2;

    #[test]
    fn an_outline_holds_the_points_inside_it_and_not_those_outside() {
        // An L-shaped (non-convex) area.
        let l = [
            Vec2::new(0.0, 0.0),
            Vec2::new(4.0, 0.0),
            Vec2::new(4.0, 1.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, 4.0),
            Vec2::new(0.0, 4.0),
        ];
        assert!(holds(&l, Vec2::new(0.5, 3.0)));
        assert!(holds(&l, Vec2::new(3.0, 0.5)));
        assert!(!holds(&l, Vec2::new(3.0, 3.0)), "the notch");
        assert!(!holds(&l, Vec2::new(-1.0, 0.5)));
    }
}
