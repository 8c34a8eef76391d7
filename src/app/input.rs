//! Playing on the map: click your block to pick it up (Shift+click adds or removes stack-mates,
//! or takes the whole stack), its legal destinations light up, click one to act; right-click or
//! `Esc` puts it down. Every destination comes from the rules' legal actions — nothing here
//! decides what is legal. Map input is ignored while the pointer is over an egui panel.

use super::ai_pace::{playback_idle, step_rings, AiPlayback};
use super::board::{world_to_hex, HighlightKind, Highlights};
use super::camera::{Drag, MapCamera};
use super::pieces::{BlockPiece, Lifted, PiecesHidden, BLOCK_SIZE};
use super::screens::{human_may_act, Screen};
use super::table::{PlayerChoice, Rules, TableSet, TableView};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use eastfront_kernel::{Side, SpaceId};
use eastfront_stalingrad::view::View;
use eastfront_stalingrad::{Action, UnitId};

/// What the player has picked up.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Selection {
    /// The hex of the picked-up blocks.
    pub hex: Option<SpaceId>,
    /// Picked-up units, sorted.
    pub units: Vec<UnitId>,
    /// A unit being placed from the Reinforcement Table (chosen in the side panel).
    pub placing: Option<UnitId>,
    /// Hexes already clicked for a several-click action (e.g. where to move, then whom to hit).
    pub path: Vec<SpaceId>,
}

impl Selection {
    pub fn is_empty(&self) -> bool {
        self.units.is_empty() && self.placing.is_none()
    }
}

/// The hex under the pointer (None over a panel or off the map), and where the pointer is.
#[derive(Resource, Default, Clone, Copy, PartialEq)]
pub struct Hovered {
    pub hex: Option<SpaceId>,
    pub screen: Vec2,
}

/// Several legal actions fit one click: the panels ask which one.
#[derive(Resource, Default)]
pub struct PendingChoices {
    pub actions: Vec<Action>,
    pub screen: Vec2,
}

/// Hexes a side-panel button is about (hover preview).
#[derive(Resource, Default, PartialEq)]
pub struct PanelPreview(pub Vec<(SpaceId, HighlightKind)>);

/// What must be picked up for a map action.
#[derive(Clone, Debug, PartialEq)]
pub enum Need {
    /// Exactly these units (sorted).
    Units(Vec<UnitId>),
    /// Any block of the stack in this hex.
    StackAt(SpaceId),
    /// This one unit.
    Unit(UnitId),
    /// This unit, chosen in the panel for placement.
    Placing(UnitId),
}

/// A legal action as a map gesture: pick up `need`, then click `clicks` in order.
#[derive(Clone, Debug)]
pub struct Gesture {
    pub need: Need,
    pub clicks: Vec<SpaceId>,
    pub kind: HighlightKind,
    pub action: Action,
}

fn sorted(units: &[UnitId]) -> Vec<UnitId> {
    let mut v = units.to_vec();
    v.sort();
    v
}

/// The acting side's own units in a hex, as its view shows them.
pub fn own_units_in(view: &View, side: Side, hex: SpaceId) -> Vec<UnitId> {
    let mut v: Vec<UnitId> = view
        .blocks
        .iter()
        .filter(|b| b.hex == hex && b.side == side)
        .filter_map(|b| b.face.as_ref().map(|f| f.unit))
        .collect();
    v.sort();
    v
}

/// The legal actions that are played on the map, as gestures. Everything else is a button.
pub fn gestures(legal: &[Action], view: &View, side: Side) -> Vec<Gesture> {
    let mut out: Vec<Gesture> = Vec::new();
    for action in legal {
        let g = match action {
            Action::ShortMove { units, to } => Gesture {
                need: Need::Units(sorted(units)),
                clicks: vec![*to],
                kind: HighlightKind::Move,
                action: action.clone(),
            },
            Action::LongMove { from, path } => {
                let Some(last) = path.last() else { continue };
                // Several paths may reach the same hex; the shortest stands for them all.
                if let Some(i) = out.iter().position(|g| {
                    matches!(&g.action, Action::LongMove { from: f, .. } if f == from)
                        && g.clicks == [*last]
                }) {
                    if let Action::LongMove { path: p, .. } = &out[i].action {
                        if p.len() <= path.len() {
                            continue;
                        }
                    }
                    out.remove(i);
                }
                Gesture {
                    need: Need::Units(own_units_in(view, side, *from)),
                    clicks: vec![*last],
                    kind: HighlightKind::LongMove,
                    action: action.clone(),
                }
            }
            Action::QuickAttack { units, to, target } => Gesture {
                need: Need::Units(sorted(units)),
                clicks: vec![*to, *target],
                kind: HighlightKind::Attack,
                action: action.clone(),
            },
            Action::Place { unit, hex } => Gesture {
                need: Need::Placing(*unit),
                clicks: vec![*hex],
                kind: HighlightKind::Move,
                action: action.clone(),
            },
            Action::Blitz { unit, to } => Gesture {
                need: Need::Unit(*unit),
                clicks: vec![*to],
                kind: HighlightKind::Move,
                action: action.clone(),
            },
            Action::SovietMove { unit, to } => Gesture {
                need: Need::Unit(*unit),
                clicks: vec![*to],
                kind: HighlightKind::Move,
                action: action.clone(),
            },
            Action::SovietAttack { from, target } => Gesture {
                need: Need::StackAt(*from),
                clicks: vec![*target],
                kind: HighlightKind::Attack,
                action: action.clone(),
            },
            _ => continue,
        };
        out.push(g);
    }
    out
}

pub fn need_met(need: &Need, sel: &Selection) -> bool {
    match need {
        Need::Units(units) => sel.placing.is_none() && !units.is_empty() && sel.units == *units,
        Need::StackAt(h) => sel.placing.is_none() && sel.hex == Some(*h) && !sel.units.is_empty(),
        Need::Unit(u) => sel.placing.is_none() && sel.units == [*u],
        Need::Placing(u) => sel.placing == Some(*u),
    }
}

/// Gestures that the current selection and clicks so far lead into.
pub fn open_gestures<'a>(all: &'a [Gesture], sel: &Selection) -> Vec<&'a Gesture> {
    all.iter()
        .filter(|g| need_met(&g.need, sel))
        .filter(|g| g.clicks.len() > sel.path.len() && g.clicks.starts_with(&sel.path))
        .collect()
}

/// Gestures computed once per view.
#[derive(Resource, Default)]
pub struct MapGestures {
    pub all: Vec<Gesture>,
    revision: u64,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<Hovered>()
        .init_resource::<PendingChoices>()
        .init_resource::<PanelPreview>()
        .init_resource::<MapGestures>()
        .add_systems(OnExit(Screen::Table), reset)
        .add_systems(
            Update,
            (
                refresh_gestures,
                hover,
                (click, cancel, tab_to_next)
                    .run_if(human_may_act.and_then(playback_idle))
                    .chain(),
                toggle_pieces,
                show_selection,
            )
                .chain()
                .after(TableSet::View)
                .before(TableSet::Draw)
                .run_if(in_state(Screen::Table)),
        );
}

fn reset(
    mut sel: ResMut<Selection>,
    mut pending: ResMut<PendingChoices>,
    mut hidden: ResMut<PiecesHidden>,
) {
    *sel = Selection::default();
    pending.actions.clear();
    hidden.0 = false;
}

fn refresh_gestures(
    shown: Res<TableView>,
    mut g: ResMut<MapGestures>,
    mut sel: ResMut<Selection>,
    mut pending: ResMut<PendingChoices>,
) {
    if g.revision == shown.revision && !shown.is_changed() {
        return;
    }
    g.revision = shown.revision;
    g.all = match (&shown.view, shown.viewer_side) {
        (Some(view), Some(side)) => gestures(&shown.legal, view, side),
        _ => Vec::new(),
    };
    // The game moved on: whatever was picked up is put down.
    if *sel != Selection::default() {
        *sel = Selection::default();
    }
    pending.actions.clear();
}

fn pointer_over_panels(wants: &Option<Res<EguiWantsInput>>) -> bool {
    wants
        .as_ref()
        .is_some_and(|w| w.wants_any_pointer_input() || w.is_pointer_over_area())
}

fn cursor_world(window: &Window, camera: &(&Camera, &GlobalTransform)) -> Option<(Vec2, Vec2)> {
    let cursor = window.cursor_position()?;
    let world = camera.0.viewport_to_world_2d(camera.1, cursor).ok()?;
    Some((cursor, world))
}

fn hover(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MapCamera>>,
    rules: Res<Rules>,
    wants: Option<Res<EguiWantsInput>>,
    mut hovered: ResMut<Hovered>,
) {
    let now = match cursor_world(&window, &camera) {
        Some((screen, world)) if !pointer_over_panels(&wants) => Hovered {
            hex: rules.0.board.topo.at_hex(world_to_hex(world)),
            screen,
        },
        Some((screen, _)) => Hovered { hex: None, screen },
        None => Hovered::default(),
    };
    if *hovered != now {
        *hovered = now;
    }
}

/// The acting player's own block under the pointer (the top one of a stack).
fn own_block_at(
    world: Vec2,
    side: Side,
    pieces: &Query<(&BlockPiece, &Transform)>,
) -> Option<(SpaceId, UnitId)> {
    // Where the blocks are drawn now (a fanned stack is spread out), the top one first.
    pieces
        .iter()
        .filter(|(p, _)| p.side == side)
        .filter(|(_, tf)| {
            let d = (world - tf.translation.truncate()).abs();
            d.x <= BLOCK_SIZE / 2.0 && d.y <= BLOCK_SIZE / 2.0
        })
        .filter_map(|(p, tf)| p.unit().map(|u| (tf.translation.z, p.hex, u)))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, h, u)| (h, u))
}

#[allow(clippy::too_many_arguments)]
fn click(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<MapCamera>>,
    wants: Option<Res<EguiWantsInput>>,
    rules: Res<Rules>,
    shown: Res<TableView>,
    gestures: Res<MapGestures>,
    pieces: Query<(&BlockPiece, &Transform)>,
    mut sel: ResMut<Selection>,
    mut pending: ResMut<PendingChoices>,
    mut choices: MessageWriter<PlayerChoice>,
) {
    if !buttons.just_pressed(MouseButton::Left) || pointer_over_panels(&wants) {
        return;
    }
    let (Some(seat), Some(side), Some(view)) =
        (shown.acting_seat, shown.viewer_side, shown.view.as_ref())
    else {
        return;
    };
    let Some((screen, world)) = cursor_world(&window, &camera) else {
        return;
    };
    pending.actions.clear();
    let hex = rules.0.board.topo.at_hex(world_to_hex(world));
    // 1. A lit hex: act (or go on to the next click, or ask which action).
    if let Some(h) = hex {
        let open = open_gestures(&gestures.all, &sel);
        let hits: Vec<&Gesture> = open
            .into_iter()
            .filter(|g| g.clicks[sel.path.len()] == h)
            .collect();
        if !hits.is_empty() {
            let done: Vec<&Gesture> = hits
                .iter()
                .copied()
                .filter(|g| g.clicks.len() == sel.path.len() + 1)
                .collect();
            let more = hits.len() > done.len();
            if done.len() == 1 && !more {
                choices.write(PlayerChoice {
                    seat,
                    action: done[0].action.clone(),
                });
                *sel = Selection::default();
            } else if done.is_empty() {
                sel.path.push(h);
            } else {
                pending.actions = done.iter().map(|g| g.action.clone()).collect();
                pending.screen = screen;
                if more {
                    sel.path.push(h);
                }
            }
            return;
        }
    }
    // 2. One of your blocks: pick it up (Shift: add/remove it, or take the whole stack).
    let shift = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    if let Some((h, unit)) = own_block_at(world, side, &pieces) {
        let stack = own_units_in(view, side, h);
        let mut next = Selection {
            hex: Some(h),
            ..default()
        };
        if shift && sel.hex == Some(h) && sel.placing.is_none() {
            next.units = sel.units.clone();
            if let Some(i) = next.units.iter().position(|u| *u == unit) {
                next.units.remove(i);
            } else {
                next.units.push(unit);
            }
        } else if shift {
            next.units = stack;
        } else {
            next.units = vec![unit];
        }
        next.units.sort();
        if next.units.is_empty() {
            next = Selection::default();
        }
        *sel = next;
        return;
    }
    // 3. Anywhere else: put down.
    if !sel.is_empty() {
        *sel = Selection::default();
    }
}

fn cancel(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    drag: Res<Drag>,
    wants: Option<Res<EguiWantsInput>>,
    mut sel: ResMut<Selection>,
    mut pending: ResMut<PendingChoices>,
) {
    let right_click = buttons.just_released(MouseButton::Right)
        && drag.travelled < 5.0
        && !pointer_over_panels(&wants);
    if right_click || keys.just_pressed(KeyCode::Escape) {
        if !pending.actions.is_empty() {
            pending.actions.clear();
        } else if !sel.path.is_empty() {
            sel.path.pop();
        } else if *sel != Selection::default() {
            *sel = Selection::default();
        }
    }
}

/// `Tab` picks up the next block that has something to do.
fn tab_to_next(
    keys: Res<ButtonInput<KeyCode>>,
    wants: Option<Res<EguiWantsInput>>,
    gestures: Res<MapGestures>,
    shown: Res<TableView>,
    mut sel: ResMut<Selection>,
) {
    if !keys.just_pressed(KeyCode::Tab)
        || wants.as_ref().is_some_and(|w| w.wants_any_keyboard_input())
    {
        return;
    }
    let Some(view) = &shown.view else { return };
    let mut candidates: Vec<(SpaceId, UnitId)> = Vec::new();
    for g in &gestures.all {
        let unit = match &g.need {
            Need::Units(u) if u.len() == 1 => u[0],
            Need::Unit(u) => *u,
            _ => continue,
        };
        let Some(b) = view
            .blocks
            .iter()
            .find(|b| b.face.as_ref().is_some_and(|f| f.unit == unit))
        else {
            continue;
        };
        if !candidates.iter().any(|c| c.1 == unit) {
            candidates.push((b.hex, unit));
        }
    }
    candidates.sort();
    if candidates.is_empty() {
        return;
    }
    let now = sel.units.first().copied();
    let i = now
        .and_then(|u| candidates.iter().position(|c| c.1 == u))
        .map(|i| (i + 1) % candidates.len())
        .unwrap_or(0);
    *sel = Selection {
        hex: Some(candidates[i].0),
        units: vec![candidates[i].1],
        ..default()
    };
}

fn toggle_pieces(
    keys: Res<ButtonInput<KeyCode>>,
    wants: Option<Res<EguiWantsInput>>,
    mut hidden: ResMut<PiecesHidden>,
) {
    // Shift+H only: a plain H is too easy to hit (or to receive instead of Ctrl+H, the AI
    // hint), and hidden blocks look like a lost game. A banner says when they are hidden.
    if keys.just_pressed(KeyCode::KeyH)
        && hide_chord(&keys)
        && !wants.as_ref().is_some_and(|w| w.wants_any_keyboard_input())
    {
        hidden.0 = !hidden.0;
    }
}

/// The modifiers of the hide-blocks key: Shift and nothing else (Shift+H). A modifier pressed
/// or released within the same frame as the H counts as held: a quick (or synthetic) Ctrl+H
/// arrives that way and must not hide the blocks, and a quick Shift+H must.
pub fn hide_chord(keys: &ButtonInput<KeyCode>) -> bool {
    let any = |a, b| modifier_held(keys, a, b);
    any(KeyCode::ShiftLeft, KeyCode::ShiftRight)
        && !any(KeyCode::ControlLeft, KeyCode::ControlRight)
        && !any(KeyCode::AltLeft, KeyCode::AltRight)
        && !any(KeyCode::SuperLeft, KeyCode::SuperRight)
}

/// Whether a modifier (either of its two keys) goes with a key pressed this frame: held, or
/// pressed or released within the same frame. A quick or synthetic chord (xdotool's `ctrl+s`)
/// presses and releases the modifier between two frames, so `pressed` alone misses it.
pub fn modifier_held(keys: &ButtonInput<KeyCode>, left: KeyCode, right: KeyCode) -> bool {
    let held = |k| keys.pressed(k) || keys.just_pressed(k) || keys.just_released(k);
    held(left) || held(right)
}

/// Ctrl goes with a key pressed this frame (Ctrl+S, Ctrl+Z, Ctrl+H), quick chords included.
pub fn ctrl_held(keys: &ButtonInput<KeyCode>) -> bool {
    modifier_held(keys, KeyCode::ControlLeft, KeyCode::ControlRight)
}

/// Lifts the picked-up blocks and rings the hexes they may go to.
fn show_selection(
    sel: Res<Selection>,
    gestures: Res<MapGestures>,
    hovered: Res<Hovered>,
    preview: Res<PanelPreview>,
    playback: Option<Res<AiPlayback>>,
    mut lifted: ResMut<Lifted>,
    mut highlights: ResMut<Highlights>,
) {
    let mut rings: Vec<(SpaceId, HighlightKind)> = Vec::new();
    if let Some(h) = sel.hex {
        rings.push((h, HighlightKind::Selected));
    }
    for h in &sel.path {
        rings.push((*h, HighlightKind::Selected));
    }
    for g in open_gestures(&gestures.all, &sel) {
        let next = g.clicks[sel.path.len()];
        if !rings.iter().any(|r| r.0 == next && r.1 == g.kind) {
            rings.push((next, g.kind));
        }
    }
    rings.extend(preview.0.iter().copied());
    if let Some(p) = &playback {
        rings.extend(step_rings(p));
    }
    let want = Highlights {
        rings,
        hovered: hovered.hex,
    };
    if *highlights != want {
        *highlights = want;
    }
    let want = Lifted {
        units: sel.units.clone(),
        fanned: sel.hex,
    };
    if *lifted != want {
        *lifted = want;
    }
}
