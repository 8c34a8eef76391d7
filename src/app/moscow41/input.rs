//! Moscow '41 with the mouse: pick a piece (a block on the map, a block or bomber listed in the
//! side panel), see its legal destinations light up, click one to act. Everything offered comes
//! from the engine's legal actions; nothing here decides a rule. Right-click or `Esc` drops the
//! piece; with nothing held, a right-click on an area whose own line may be dismantled (R 4.1)
//! opens a small menu there. `H` hides the blocks; `C`, `V`, `K` toggle the control, supply and
//! command overlays; `Ctrl+Z` undoes, `Ctrl+H` asks the AI for a hint (`Ctrl+S` is in `saves`).

use super::super::camera::{MapCamera, PanelInsets};
use super::super::screens::Screen;
use super::board::{M41Highlight, M41Highlights, M41Overlays, M41Space};
use super::pieces::{M41Block, M41Lifted, M41PiecesHidden, M41Rest, BLOCK};
use super::session::{M41Choice, M41Phase, M41Shown, M41Undo};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use eastfront_moscow41::{Action, AreaId, BlockId, BomberId, View};

/// What the player holds in hand.
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub enum M41Pick {
    #[default]
    Nothing,
    Block(BlockId),
    Bomber(BomberId),
}

/// The small menu a right-click opens on an area whose own actions are taken there (R 4.1:
/// dismantle the own Defensive Line), at the pointer; dropped when the game moves on.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct M41AreaMenu {
    pub area: Option<AreaId>,
    /// Where it opens (logical window pixels).
    pub at: Vec2,
    /// The shown revision it was opened for.
    pub revision: u64,
    /// Where the panels drew it (logical window pixels), once they have.
    pub rect: Option<Rect>,
}

impl M41AreaMenu {
    pub fn close(&mut self) {
        if self.area.is_some() || self.rect.is_some() {
            self.area = None;
            self.rect = None;
        }
    }

    /// Whether `cursor` is over the open menu. A click there is the menu's (egui's), even when
    /// the pointer jumped onto it within the frame of the click and egui has not yet said that
    /// it wants the pointer.
    pub fn covers(&self, cursor: Option<Vec2>) -> bool {
        self.area.is_some() && cursor.is_some_and(|c| self.rect.is_some_and(|r| r.contains(c)))
    }
}

/// The legal actions a right-click on `area` offers: dismantling the own Defensive Line there
/// (R 4.1). Battles and new lines are a left-click on their ringed area.
pub fn area_menu_actions(legal: &[Action], area: AreaId) -> Vec<Action> {
    legal
        .iter()
        .filter(|a| matches!(a, Action::DismantleDl { area: x } if *x == area))
        .cloned()
        .collect()
}

/// The piece an action is about (a block or an HQ), if any.
pub fn action_piece(a: &Action) -> Option<M41Pick> {
    match a {
        Action::Place { block, .. }
        | Action::Deploy { block, .. }
        | Action::Move { block, .. }
        | Action::Rail { block, .. }
        | Action::Blitz { block, .. }
        | Action::BuildDl { block }
        | Action::Replace { block } => Some(M41Pick::Block(*block)),
        Action::Activate { hq, .. } | Action::Artillery { hq, .. } | Action::Regenerate { hq } => {
            Some(M41Pick::Block(*hq))
        }
        Action::Bomber { bomber, .. } => Some(M41Pick::Bomber(*bomber)),
        _ => None,
    }
}

/// The space an action sends its piece to or acts on, if it has one. An HQ activated where it
/// stands has no path: its destination is its own space, filled in by the caller.
pub fn action_target(a: &Action) -> Option<AreaId> {
    match a {
        Action::Place { area, .. }
        | Action::Deploy { area, .. }
        | Action::PlaceDl { area }
        | Action::Artillery { area, .. }
        | Action::Bomber { area, .. }
        | Action::Fight { area } => Some(*area),
        Action::Move { path, .. } | Action::Activate { path, .. } => path.last().copied(),
        Action::Rail { to, .. } | Action::Blitz { to, .. } => Some(*to),
        _ => None,
    }
}

/// Where a block stands in the view (own or revealed blocks only: others have no identity).
pub fn block_area(view: &View, b: BlockId) -> Option<AreaId> {
    view.blocks
        .iter()
        .find(|v| v.face.as_ref().is_some_and(|f| f.block == b))
        .map(|v| v.area)
}

/// The legal actions of the held piece that go to `space`; the shortest path first (the
/// engine lists one action per path; the player clicking an area wants the most direct one).
pub fn actions_to(legal: &[Action], view: &View, pick: M41Pick, space: AreaId) -> Vec<Action> {
    let mut v: Vec<Action> = legal
        .iter()
        .filter(|a| action_piece(a) == Some(pick))
        .filter(|a| {
            let target = action_target(a).or_else(|| match (a, pick) {
                (Action::Activate { .. }, M41Pick::Block(b)) => block_area(view, b),
                _ => None,
            });
            target == Some(space)
        })
        .cloned()
        .collect();
    v.sort_by_key(|a| match a {
        Action::Move { path, .. } | Action::Activate { path, .. } => path.len(),
        _ => 0,
    });
    v
}

/// Pieces the player may pick up now (those some legal action is about).
pub fn pickable(legal: &[Action]) -> Vec<M41Pick> {
    let mut v: Vec<M41Pick> = legal.iter().filter_map(action_piece).collect();
    v.dedup();
    v
}

/// The destinations of the held piece, coloured: red where the move engages the enemy (an area
/// the enemy controls or holds), blue otherwise.
pub fn destinations(legal: &[Action], view: &View, pick: M41Pick) -> Vec<(AreaId, M41Highlight)> {
    let own = match view.viewer {
        eastfront_kernel::Viewer::Side(s) => Some(s),
        _ => None,
    };
    let mut out: Vec<(AreaId, M41Highlight)> = Vec::new();
    for a in legal.iter().filter(|a| action_piece(a) == Some(pick)) {
        let target = action_target(a).or_else(|| match (a, pick) {
            (Action::Activate { .. }, M41Pick::Block(b)) => block_area(view, b),
            _ => None,
        });
        let Some(t) = target else { continue };
        let enemy_here = own.is_some_and(|s| {
            view.blocks.iter().any(|b| b.area == t && b.side != s)
                || view.areas.get(t.index()).is_some_and(|av| av.control != s)
        });
        let kind = if matches!(a, Action::Artillery { .. } | Action::Bomber { .. }) || enemy_here {
            M41Highlight::Attack
        } else {
            M41Highlight::Move
        };
        if !out.iter().any(|(x, _)| *x == t) {
            out.push((t, kind));
        }
    }
    out
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<M41Pick>()
        .init_resource::<M41AreaMenu>()
        .add_systems(
            OnExit(Screen::Moscow41),
            |mut pick: ResMut<M41Pick>, mut menu: ResMut<M41AreaMenu>| {
                *pick = M41Pick::Nothing;
                menu.close();
            },
        )
        .add_systems(
            Update,
            (keys, hover, click, follow_pick)
                .chain()
                .run_if(in_state(Screen::Moscow41)),
        );
}

fn pointer_free(wants: &Option<Res<EguiWantsInput>>) -> bool {
    !wants
        .as_ref()
        .is_some_and(|w| w.wants_any_pointer_input() || w.is_pointer_over_area())
}

/// The world point under the cursor, if the cursor is over the map (not over a panel: the
/// side and top panels live in egui's background layer, which egui does not count as an
/// area under the pointer, so their insets are checked here).
fn cursor_world(
    window: &Window,
    camera: &(&Camera, &GlobalTransform),
    insets: &PanelInsets,
) -> Option<Vec2> {
    let cursor = window.cursor_position()?;
    if cursor.x > window.width() - insets.right || cursor.y < insets.top {
        return None;
    }
    camera.0.viewport_to_world_2d(camera.1, cursor).ok()
}

#[allow(clippy::too_many_arguments)]
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    wants: Option<Res<EguiWantsInput>>,
    mut pick: ResMut<M41Pick>,
    mut menu: ResMut<M41AreaMenu>,
    mut hidden: ResMut<M41PiecesHidden>,
    mut overlays: ResMut<M41Overlays>,
    mut undo: MessageWriter<M41Undo>,
    mut hint: MessageWriter<super::hint::HintRequest>,
) {
    if wants.as_ref().is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    // Ctrl+S is read by `saves::save_keys`, which also runs without a window.
    let ctrl = super::super::input::ctrl_held(&keys);
    if keys.just_pressed(KeyCode::Escape) {
        *pick = M41Pick::Nothing;
        menu.close();
    }
    if keys.just_pressed(KeyCode::KeyH) {
        if ctrl {
            hint.write(super::hint::HintRequest);
        } else {
            hidden.0 = !hidden.0;
        }
    }
    if keys.just_pressed(KeyCode::KeyC) {
        overlays.control = !overlays.control;
    }
    if keys.just_pressed(KeyCode::KeyV) {
        overlays.supply = !overlays.supply;
    }
    if keys.just_pressed(KeyCode::KeyK) {
        overlays.command = !overlays.command;
    }
    if ctrl && keys.just_pressed(KeyCode::KeyZ) {
        undo.write(M41Undo);
    }
}

fn hover(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MapCamera>>,
    spaces: Query<&M41Space>,
    wants: Option<Res<EguiWantsInput>>,
    insets: Res<PanelInsets>,
    mut highlights: ResMut<M41Highlights>,
) {
    let over = if pointer_free(&wants) {
        cursor_world(&window, &camera, &insets).and_then(|p| {
            spaces
                .iter()
                .find(|s| super::geometry::point_in_polygon(p, &s.outline))
                .map(|s| s.id)
        })
    } else {
        None
    };
    if highlights.hovered != over {
        highlights.hovered = over;
    }
}

#[allow(clippy::too_many_arguments)]
fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MapCamera>>,
    wants: Option<Res<EguiWantsInput>>,
    phase: Option<Res<State<M41Phase>>>,
    shown: Res<M41Shown>,
    blocks: Query<(&M41Block, &M41Rest)>,
    spaces: Query<&M41Space>,
    mut pick: ResMut<M41Pick>,
    mut menu: ResMut<M41AreaMenu>,
    mut choices: MessageWriter<M41Choice>,
    drag: Res<super::super::camera::Drag>,
    insets: Res<PanelInsets>,
) {
    let human = phase.is_some_and(|p| *p.get() == M41Phase::Human);
    if menu.covers(window.cursor_position()) {
        return;
    }
    if buttons.just_released(MouseButton::Right) && drag.travelled < 4.0 {
        // A right-click drops the held piece; with nothing held it opens the area's menu
        // where the area offers an action of its own (dismantle the own Defensive Line).
        menu.close();
        if *pick != M41Pick::Nothing {
            *pick = M41Pick::Nothing;
            return;
        }
        let (Some(cursor), true) = (window.cursor_position(), human && pointer_free(&wants)) else {
            return;
        };
        let space = cursor_world(&window, &camera, &insets).and_then(|p| {
            spaces
                .iter()
                .find(|s| super::geometry::point_in_polygon(p, &s.outline))
                .map(|s| s.id)
        });
        if let Some(s) = space.filter(|s| !area_menu_actions(&shown.legal, *s).is_empty()) {
            *menu = M41AreaMenu {
                area: Some(s),
                at: cursor,
                revision: shown.revision,
                rect: None,
            };
        }
        return;
    }
    if !buttons.just_pressed(MouseButton::Left) || !pointer_free(&wants) {
        return;
    }
    // A click on the map beside the open area menu only closes it.
    if menu.area.is_some() {
        menu.close();
        return;
    }
    if !human {
        return;
    }
    let (Some(view), Some(seat)) = (shown.view.as_ref(), shown.acting_seat) else {
        return;
    };
    let Some(p) = cursor_world(&window, &camera, &insets) else {
        return;
    };
    let legal = &shown.legal;
    // The block under the pointer (own or face up: only those have an identity).
    let half = BLOCK / 2.0;
    let block_hit = blocks
        .iter()
        .filter(|(b, r)| {
            (p - r.0).abs().max_element() <= half && b.face.is_some() && b.pool.is_none()
        })
        .filter_map(|(b, _)| b.id())
        .find(|id| {
            legal
                .iter()
                .any(|a| action_piece(a) == Some(M41Pick::Block(*id)))
        });
    let space = spaces
        .iter()
        .find(|s| super::geometry::point_in_polygon(p, &s.outline))
        .map(|s| s.id);
    let send = |a: Action, choices: &mut MessageWriter<M41Choice>| {
        choices.write(M41Choice { seat, action: a });
    };
    // 1. The held piece to a legal destination.
    if *pick != M41Pick::Nothing {
        if let Some(s) = space {
            // A legal destination wins over picking another block standing there (moving
            // onto a friendly stack is a move, not a re-pick).
            if let Some(a) = actions_to(legal, view, *pick, s).first() {
                send(a.clone(), &mut choices);
                *pick = M41Pick::Nothing;
                return;
            }
        }
    }
    // 2. Pick up one's block.
    if let Some(b) = block_hit {
        *pick = if *pick == M41Pick::Block(b) {
            M41Pick::Nothing
        } else {
            M41Pick::Block(b)
        };
        return;
    }
    // 3. Actions on a space alone: fight a battle there, place a Defensive Line.
    if let Some(s) = space {
        let direct: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Fight { .. } | Action::PlaceDl { .. }))
            .filter(|a| action_target(a) == Some(s))
            .collect();
        if let Some(a) = direct.first() {
            send((*a).clone(), &mut choices);
            return;
        }
    }
    *pick = M41Pick::Nothing;
}

fn pick_block(p: M41Pick) -> Option<BlockId> {
    match p {
        M41Pick::Block(b) => Some(b),
        _ => None,
    }
}

/// Keeps the held piece legal (it is dropped when the rules no longer offer it anything), lifts
/// its block and lights its destinations; with nothing held, lights the battles to fight and
/// the areas that take a Defensive Line or the only piece waiting to be placed.
fn follow_pick(
    shown: Res<M41Shown>,
    mut pick: ResMut<M41Pick>,
    mut lifted: ResMut<M41Lifted>,
    mut highlights: ResMut<M41Highlights>,
) {
    let legal = &shown.legal;
    if *pick != M41Pick::Nothing && !legal.iter().any(|a| action_piece(a) == Some(*pick)) {
        *pick = M41Pick::Nothing;
    }
    // A single piece waiting (the reinforcement being deployed, a setup block): hold it at once.
    let pieces = pickable(legal);
    let only_placing = !pieces.is_empty()
        && legal
            .iter()
            .filter(|a| action_piece(a).is_some())
            .all(|a| matches!(a, Action::Deploy { .. } | Action::Place { .. }));
    if *pick == M41Pick::Nothing && only_placing && pieces.len() == 1 {
        *pick = pieces[0];
    }
    let want_lift = pick_block(*pick);
    if lifted.0 != want_lift {
        lifted.0 = want_lift;
    }
    let mut rings = Vec::new();
    if let Some(view) = shown.view.as_ref() {
        if *pick != M41Pick::Nothing {
            if let Some(a) = pick_block(*pick).and_then(|b| block_area(view, b)) {
                rings.push((a, M41Highlight::Selected));
            }
            rings.extend(destinations(legal, view, *pick));
        } else {
            for a in legal {
                match a {
                    Action::Fight { area } => rings.push((*area, M41Highlight::Attack)),
                    Action::PlaceDl { area } => rings.push((*area, M41Highlight::Move)),
                    _ => {}
                }
            }
        }
    }
    if highlights.rings != rings {
        highlights.rings = rings;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eastfront_kernel::SpaceId;

    #[test]
    fn the_area_menu_offers_only_dismantling_the_line_in_that_area() {
        let (a, b) = (SpaceId(84), SpaceId(16));
        let legal = vec![
            Action::EndCommand,
            Action::DismantleDl { area: b },
            Action::PlaceDl { area: a },
            Action::Fight { area: a },
            Action::DismantleDl { area: a },
        ];
        assert_eq!(
            area_menu_actions(&legal, a),
            vec![Action::DismantleDl { area: a }]
        );
        assert!(area_menu_actions(&legal, SpaceId(3)).is_empty());
        assert!(area_menu_actions(&[Action::EndCommand], a).is_empty());
    }

    #[test]
    fn a_click_over_the_open_menu_is_the_menus() {
        let mut menu = M41AreaMenu {
            area: Some(SpaceId(84)),
            at: Vec2::new(100.0, 100.0),
            revision: 3,
            rect: Some(Rect::new(104.0, 104.0, 400.0, 200.0)),
        };
        assert!(menu.covers(Some(Vec2::new(300.0, 150.0))));
        assert!(!menu.covers(Some(Vec2::new(50.0, 150.0))));
        assert!(!menu.covers(None));
        menu.close();
        assert_eq!(menu.area, None);
        assert!(!menu.covers(Some(Vec2::new(300.0, 150.0))));
    }
}
