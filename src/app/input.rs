//! Playing on the map, for every game: click your piece to pick it up (Shift+click adds or
//! removes stack-mates, or takes the whole stack), its legal destinations light up, click one to
//! act; a several-click action (move, then attack) goes on click by click; when one click fits
//! several actions, a small menu asks which. Right-click or `Esc` puts down (a right-click with
//! nothing held offers the space's own actions, e.g. dismantling a line). Every destination
//! comes from the frame's legal actions and their gestures: nothing here decides what is legal.
//!
//! Clicks and hovers come from Bevy picking (spaces and pieces are pickable meshes); the rules
//! of a click are the pure function [`click`], which the tests call directly.

use crate::app::screens::Screen;
use crate::app::table::desc::{PieceDesc, PieceKey};
use crate::app::table::frame::Frame;
use crate::app::table::phase::human_may_act;
use crate::app::table::{PlayerChoice, TableSet};
use bevy::prelude::*;
use bevy_egui::input::EguiWantsInput;
use eastfront_kernel::{Button, Gesture, Mark, Need, PieceId, SpaceId};

/// What the player has picked up.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Selection {
    /// The space of the picked-up pieces.
    pub space: Option<SpaceId>,
    /// Picked-up pieces, sorted.
    pub pieces: Vec<PieceId>,
    /// A piece chosen from a panel list (off the map).
    pub panel: Option<PieceId>,
    /// Spaces already clicked for a several-click action.
    pub path: Vec<SpaceId>,
}

impl Selection {
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty() && self.panel.is_none()
    }
    pub fn one(space: Option<SpaceId>, piece: PieceId) -> Selection {
        Selection {
            space,
            pieces: vec![piece],
            ..default()
        }
    }
    pub fn from_panel(piece: PieceId) -> Selection {
        Selection {
            panel: Some(piece),
            ..default()
        }
    }
    /// The one piece held, on the map or from a panel.
    pub fn held(&self) -> Option<PieceId> {
        match (self.panel, self.pieces.as_slice()) {
            (Some(p), _) => Some(p),
            (None, [p]) => Some(*p),
            _ => None,
        }
    }
}

/// What is under the pointer: the space, the piece, and where on the screen.
#[derive(Resource, Default, Clone, Copy, PartialEq, Debug)]
pub struct Hovered {
    pub space: Option<SpaceId>,
    pub piece: Option<PieceKey>,
    pub screen: Vec2,
    /// Seconds since the program started when the pointer came to rest there.
    pub since: f64,
}

/// The hover text of the space under the pointer, in the viewer's view.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct HoverLines {
    pub space: Option<SpaceId>,
    pub lines: Vec<String>,
}

/// Several legal actions fit one click: the panels ask which one (indices into the frame).
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct PendingChoices {
    pub actions: Vec<usize>,
    pub screen: Vec2,
}

/// Spaces a side-panel button is about (hover preview).
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct PanelPreview(pub Vec<(SpaceId, Mark)>);

/// What a space is lit for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lit {
    /// The held pieces' space, or a space already clicked.
    Selected,
    Mark(Mark),
    /// A space a panel button is about.
    Preview,
    /// The AI's step on screen: from where, to where.
    AiFrom,
    AiTo,
    AiBattle,
}

/// The spaces to ring now, and the pieces to lift and fan out.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Highlights {
    pub rings: Vec<(SpaceId, Lit)>,
    pub lifted: Vec<PieceId>,
    pub fanned: Option<SpaceId>,
    /// Shift held over a space: its pieces drawn large and side by side, to read them.
    pub magnified: Option<SpaceId>,
    /// The AI's suggestion ("What would the AI do?"), as an arrow from the piece's space to
    /// where it goes.
    pub arrow: Option<(SpaceId, SpaceId)>,
}

/// Whether the held pieces are what `need` asks for.
pub fn need_met(need: &Need, sel: &Selection) -> bool {
    match need {
        Need::Nothing => sel.is_empty(),
        Need::Piece(p) => sel.panel.is_none() && sel.pieces == [*p],
        Need::Pieces(ps) => sel.panel.is_none() && !ps.is_empty() && sel.pieces == *ps,
        Need::StackAt(s) => sel.panel.is_none() && sel.space == Some(*s) && !sel.pieces.is_empty(),
        Need::FromPanel(p) => sel.panel == Some(*p),
    }
}

/// The gestures the selection and the clicks so far lead into, with their action's index.
pub fn open_gestures<'a>(frame: &'a Frame, sel: &Selection) -> Vec<(usize, &'a Gesture)> {
    frame
        .actions
        .iter()
        .enumerate()
        .filter_map(|(i, a)| a.gesture.as_ref().map(|g| (i, g)))
        .filter(|(_, g)| need_met(&g.need, sel))
        .filter(|(_, g)| g.clicks.len() > sel.path.len() && g.clicks.starts_with(&sel.path))
        .collect()
}

/// What a click does.
#[derive(Clone, Debug, PartialEq)]
pub enum ClickResult {
    /// Take this action (index into the frame).
    Act(usize),
    /// Several actions fit: ask which (and go on with the path if longer ones fit too).
    Ask(Vec<usize>, Selection),
    /// The selection changes (a piece picked up or put down, a path step taken).
    Select(Selection),
    Nothing,
}

/// The rules of a click on the map: a lit space acts (or goes on to the next click, or asks
/// which action); else one of the viewer's pieces is picked up (Shift: added or removed, or the
/// whole stack); else whatever was held is put down.
pub fn click(
    frame: &Frame,
    sel: &Selection,
    space: Option<SpaceId>,
    piece: Option<&PieceDesc>,
    shift: bool,
    button: Button,
) -> ClickResult {
    if let Some(s) = space {
        let hits: Vec<(usize, &Gesture)> = open_gestures(frame, sel)
            .into_iter()
            .filter(|(_, g)| g.clicks[sel.path.len()] == s)
            .filter(|(_, g)| g.clicks.len() > sel.path.len() + 1 || g.button == button)
            .collect();
        if !hits.is_empty() {
            let last: Vec<&(usize, &Gesture)> = hits
                .iter()
                .filter(|(_, g)| g.clicks.len() == sel.path.len() + 1)
                .collect();
            // Of several ways to the same end (paths to one space), the lowest rank stands.
            let mut done: Vec<usize> = Vec::new();
            for (i, g) in &last {
                let best = last
                    .iter()
                    .filter(|(_, h)| h.need == g.need && h.clicks == g.clicks)
                    .map(|(_, h)| h.rank)
                    .min();
                if Some(g.rank) == best
                    && !done.iter().any(|d| {
                        let other = frame.actions[*d].gesture.as_ref();
                        other.is_some_and(|o| {
                            o.need == g.need && o.clicks == g.clicks && o.rank == g.rank
                        }) && frame.actions[*d].words == frame.actions[*i].words
                    })
                {
                    done.push(*i);
                }
            }
            let more = hits.len() > last.len();
            let mut next = sel.clone();
            if more {
                next.path.push(s);
            }
            return match (done.as_slice(), more) {
                ([only], false) => ClickResult::Act(*only),
                ([], _) => ClickResult::Select(next),
                (_, _) => ClickResult::Ask(done, next),
            };
        }
    }
    if button == Button::Secondary {
        return if sel.is_empty() && sel.path.is_empty() {
            ClickResult::Nothing
        } else {
            ClickResult::Select(Selection::default())
        };
    }
    // One of the viewer's pieces: pick it up (Shift: add/remove it, or take the whole stack).
    if let (Some(p), Some(id)) = (piece, piece.and_then(|p| p.id())) {
        if Some(p.side) == frame.viewer && !frame.omniscient {
            let at = p.space();
            let stack: Vec<PieceId> = frame
                .pieces
                .iter()
                .filter(|q| q.side == p.side && q.space() == at && at.is_some())
                .filter_map(|q| q.id())
                .collect();
            let mut next = Selection {
                space: at,
                ..default()
            };
            if shift && sel.space == at && sel.panel.is_none() && at.is_some() {
                next.pieces = sel.pieces.clone();
                if let Some(i) = next.pieces.iter().position(|u| *u == id) {
                    next.pieces.remove(i);
                } else {
                    next.pieces.push(id);
                }
            } else if shift {
                next.pieces = stack;
            } else if sel.pieces == [id] && sel.panel.is_none() {
                // A second click on the held piece puts it down.
                next.pieces = Vec::new();
            } else {
                next.pieces = vec![id];
            }
            next.pieces.sort();
            if next.pieces.is_empty() {
                next = Selection::default();
            }
            return ClickResult::Select(next);
        }
    }
    if sel.is_empty() && sel.path.is_empty() {
        ClickResult::Nothing
    } else {
        ClickResult::Select(Selection::default())
    }
}

/// The spaces to light for a selection: its space, its path, the next click of every open
/// gesture (with nothing held: the actions made on a space alone).
pub fn rings_for(frame: &Frame, sel: &Selection) -> Vec<(SpaceId, Lit)> {
    let mut rings: Vec<(SpaceId, Lit)> = Vec::new();
    let held_space = sel
        .space
        .or_else(|| sel.held().and_then(|p| frame.piece_space(p)));
    if let Some(s) = held_space.filter(|_| !sel.is_empty()) {
        rings.push((s, Lit::Selected));
    }
    for s in &sel.path {
        rings.push((*s, Lit::Selected));
    }
    for (_, g) in open_gestures(frame, sel) {
        if g.button == Button::Secondary && g.clicks.len() == sel.path.len() + 1 {
            continue;
        }
        let next = g.clicks[sel.path.len()];
        let lit = Lit::Mark(g.mark);
        if !rings.contains(&(next, lit)) {
            rings.push((next, lit));
        }
    }
    rings
}

/// Ctrl goes with a key pressed this frame (Ctrl+S, Ctrl+Z, Ctrl+H), quick chords included.
pub fn ctrl_held(keys: &ButtonInput<KeyCode>) -> bool {
    modifier_held(keys, KeyCode::ControlLeft, KeyCode::ControlRight)
}

/// Whether a modifier (either of its two keys) goes with a key pressed this frame: held, or
/// pressed or released within the same frame. A quick or synthetic chord (xdotool's `ctrl+s`)
/// presses and releases the modifier between two frames, so `pressed` alone misses it.
pub fn modifier_held(keys: &ButtonInput<KeyCode>, left: KeyCode, right: KeyCode) -> bool {
    let held = |k| keys.pressed(k) || keys.just_pressed(k) || keys.just_released(k);
    held(left) || held(right)
}

/// The modifiers of the hide-pieces key: Shift and nothing else (Shift+H). A plain H is too
/// easy to hit, or to receive instead of Ctrl+H (the AI hint).
pub fn hide_chord(keys: &ButtonInput<KeyCode>) -> bool {
    let any = |a, b| modifier_held(keys, a, b);
    any(KeyCode::ShiftLeft, KeyCode::ShiftRight)
        && !any(KeyCode::ControlLeft, KeyCode::ControlRight)
        && !any(KeyCode::AltLeft, KeyCode::AltRight)
        && !any(KeyCode::SuperLeft, KeyCode::SuperRight)
}

/// Whether egui has the pointer (a panel, a window, a menu under it).
pub fn pointer_over_panels(wants: &Option<Res<EguiWantsInput>>) -> bool {
    wants
        .as_ref()
        .is_some_and(|w| w.wants_any_pointer_input() || w.is_pointer_over_area())
}

/// The input state, with or without a window (the tests drive the selection directly).
pub fn plugin(app: &mut App) {
    app.init_resource::<Selection>()
        .init_resource::<Hovered>()
        .init_resource::<HoverLines>()
        .init_resource::<PendingChoices>()
        .init_resource::<PanelPreview>()
        .init_resource::<Highlights>()
        .add_systems(OnExit(Screen::Table), reset)
        .add_systems(
            Update,
            (
                put_down_when_the_game_moves_on,
                hold_the_only_piece,
                show_selection,
            )
                .chain()
                .after(TableSet::View)
                .before(TableSet::Draw)
                .run_if(in_state(Screen::Table)),
        );
}

/// Clicks, keys and hovers: only with a window.
pub fn ui_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            super::picking::hover,
            (super::picking::click, cancel, tab_to_next)
                .run_if(human_may_act.and_then(crate::app::table::pace::playback_idle)),
        )
            .chain()
            .after(TableSet::View)
            .before(show_selection)
            .run_if(in_state(Screen::Table)),
    );
}

fn reset(
    mut sel: ResMut<Selection>,
    mut pending: ResMut<PendingChoices>,
    mut hovered: ResMut<Hovered>,
) {
    *sel = Selection::default();
    pending.actions.clear();
    *hovered = Hovered::default();
}

/// The game moved on: whatever was picked up is put down (unless it can still act).
fn put_down_when_the_game_moves_on(
    frame: Res<Frame>,
    mut seen: Local<u64>,
    mut sel: ResMut<Selection>,
    mut pending: ResMut<PendingChoices>,
) {
    if *seen == frame.revision && !frame.is_changed() {
        return;
    }
    *seen = frame.revision;
    pending.actions.clear();
    let still = sel
        .held()
        .is_some_and(|p| frame.actions.iter().any(|a| a.piece() == Some(p)))
        && sel.path.is_empty();
    if !still && *sel != Selection::default() {
        *sel = Selection::default();
    }
}

/// One piece waiting to be placed and nothing else to do with a piece: hold it at once.
fn hold_the_only_piece(frame: Res<Frame>, mut sel: ResMut<Selection>) {
    if !frame.is_changed() || !sel.is_empty() {
        return;
    }
    let with_piece: Vec<&Need> = frame
        .actions
        .iter()
        .filter_map(|a| a.gesture.as_ref())
        .map(|g| &g.need)
        .filter(|n| !matches!(n, Need::Nothing))
        .collect();
    let mut panel: Vec<PieceId> = with_piece
        .iter()
        .filter_map(|n| match n {
            Need::FromPanel(p) => Some(*p),
            _ => None,
        })
        .collect();
    panel.dedup();
    if panel.len() == 1
        && with_piece.len()
            == with_piece
                .iter()
                .filter(|n| matches!(n, Need::FromPanel(_)))
                .count()
    {
        *sel = Selection::from_panel(panel[0]);
    }
}

/// Shift over a space: the magnifier (as Rally the Troops' shift-magnify).
#[derive(bevy::ecs::system::SystemParam)]
pub struct Magnifier<'w> {
    keys: Option<Res<'w, ButtonInput<KeyCode>>>,
    hovered: Res<'w, Hovered>,
    time: Res<'w, Time>,
}

impl Magnifier<'_> {
    fn space(&self) -> Option<SpaceId> {
        let shift = self
            .keys
            .as_ref()
            .is_some_and(|k| k.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]));
        self.hovered.space.filter(|_| shift)
    }

    /// The space the pointer has rested on for the hover delay: its stack fans out side by
    /// side, so a pile can be read without picking it up.
    fn resting(&self) -> Option<SpaceId> {
        let waited = self.time.elapsed_secs_f64() - self.hovered.since;
        self.hovered
            .space
            .filter(|_| waited >= crate::app::ui::windows::HOVER_DELAY)
    }
}

/// Lights the spaces for the selection, the panel's preview and the AI's step on screen;
/// lifts the held pieces and fans their stack out.
fn show_selection(
    frame: Res<Frame>,
    sel: Res<Selection>,
    preview: Res<PanelPreview>,
    playback: Option<Res<crate::app::table::pace::Playback>>,
    magnifier: Magnifier,
    hint: Option<Res<crate::app::table::ai::Hint>>,
    mut highlights: ResMut<Highlights>,
) {
    let arrow = hint
        .as_ref()
        .and_then(|h| h.answer.as_ref())
        .and_then(|(_, i)| frame.actions.get(*i))
        .and_then(|a| {
            let g = a.gesture.as_ref()?;
            let from = match &g.need {
                Need::StackAt(s) => Some(*s),
                Need::Piece(p) | Need::FromPanel(p) => frame.piece_space(*p),
                Need::Pieces(ps) => ps.first().and_then(|p| frame.piece_space(*p)),
                Need::Nothing => None,
            }?;
            Some((from, *g.clicks.last()?))
        });
    let mut rings = if frame.acting_seat.is_some() {
        rings_for(&frame, &sel)
    } else {
        Vec::new()
    };
    rings.extend(preview.0.iter().map(|(s, m)| {
        (
            *s,
            if *m == Mark::Act {
                Lit::Preview
            } else {
                Lit::Mark(*m)
            },
        )
    }));
    if let Some(step) = playback.as_ref().and_then(|p| p.current()) {
        if let Some(f) = step.from {
            rings.push((f, Lit::AiFrom));
        }
        rings.push((
            step.to,
            if step.attack {
                Lit::AiBattle
            } else {
                Lit::AiTo
            },
        ));
    }
    let want = Highlights {
        rings,
        lifted: sel.pieces.clone(),
        fanned: sel
            .space
            .filter(|_| !sel.pieces.is_empty())
            .or_else(|| magnifier.resting()),
        magnified: magnifier.space(),
        arrow,
    };
    if *highlights != want {
        *highlights = want;
    }
}

/// Right-click (not the end of a pan) or `Esc`: close the menu, step back, put down.
fn cancel(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    drag: Res<super::map::camera::Drag>,
    wants: Option<Res<EguiWantsInput>>,
    mut sel: ResMut<Selection>,
    mut pending: ResMut<PendingChoices>,
) {
    let right_click = buttons.just_released(MouseButton::Right)
        && drag.travelled < 5.0
        && !pointer_over_panels(&wants)
        && !sel.is_empty();
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

/// `Tab` picks up the next piece that has something to do.
fn tab_to_next(
    keys: Res<ButtonInput<KeyCode>>,
    wants: Option<Res<EguiWantsInput>>,
    frame: Res<Frame>,
    mut sel: ResMut<Selection>,
) {
    if !keys.just_pressed(KeyCode::Tab)
        || wants.as_ref().is_some_and(|w| w.wants_any_keyboard_input())
    {
        return;
    }
    let mut candidates: Vec<(SpaceId, PieceId)> = Vec::new();
    for a in &frame.actions {
        let Some(g) = &a.gesture else { continue };
        let p = match &g.need {
            Need::Piece(p) => *p,
            Need::Pieces(ps) if ps.len() == 1 => ps[0],
            _ => continue,
        };
        if let Some(s) = frame.piece_space(p) {
            if !candidates.iter().any(|c| c.1 == p) {
                candidates.push((s, p));
            }
        }
    }
    candidates.sort();
    if candidates.is_empty() {
        return;
    }
    let i = sel
        .pieces
        .first()
        .and_then(|u| candidates.iter().position(|c| c.1 == *u))
        .map(|i| (i + 1) % candidates.len())
        .unwrap_or(0);
    *sel = Selection::one(Some(candidates[i].0), candidates[i].1);
}

/// Sends a click's result: an action, a question, a new selection.
pub fn carry_out(
    result: ClickResult,
    frame: &Frame,
    screen: Vec2,
    sel: &mut Selection,
    pending: &mut PendingChoices,
    choices: &mut MessageWriter<PlayerChoice>,
) {
    match result {
        ClickResult::Act(i) => {
            if let Some(seat) = frame.acting_seat {
                choices.write(PlayerChoice {
                    seat,
                    index: i,
                    revision: frame.revision,
                });
            }
            *sel = Selection::default();
        }
        ClickResult::Ask(actions, next) => {
            pending.actions = actions;
            pending.screen = screen;
            *sel = next;
        }
        ClickResult::Select(next) => *sel = next,
        ClickResult::Nothing => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::table::desc::{BlockLook, PieceLook, Place};
    use crate::app::table::frame::ActionFace;
    use eastfront_kernel::Side;

    fn face(g: Option<Gesture>) -> ActionFace {
        ActionFace {
            words: format!("{g:?}"),
            gesture: g,
            listed: true,
            work_left: None,
            irreversible: None,
            risk: None,
            preview: Vec::new(),
        }
    }

    fn piece(id: u32, space: u16) -> PieceDesc {
        PieceDesc {
            key: PieceKey::Known(PieceId(id)),
            side: Side::German,
            place: Place::Space {
                space: SpaceId(space),
                slot: 0,
                of: 1,
            },
            look: PieceLook::Block(BlockLook {
                top: Color::BLACK,
                edge: Color::BLACK,
                text: Color::WHITE,
                face: None,
                revealed: false,
                cube: false,
            }),
        }
    }

    fn frame(actions: Vec<ActionFace>) -> Frame {
        Frame {
            visible: true,
            viewer: Some(Side::German),
            acting_seat: Some(eastfront_kernel::Seat(0)),
            pieces: vec![piece(1, 10), piece(2, 10)],
            actions,
            ..default()
        }
    }

    #[test]
    fn a_piece_then_a_lit_space_takes_the_shortest_path() {
        let f = frame(vec![
            face(Some(
                Gesture::click(Need::Piece(PieceId(1)), SpaceId(20), Mark::Move)
                    .with_path(vec![SpaceId(15), SpaceId(20)]),
            )),
            face(Some(
                Gesture::click(Need::Piece(PieceId(1)), SpaceId(20), Mark::Move)
                    .with_path(vec![SpaceId(20)]),
            )),
        ]);
        let held = match click(
            &f,
            &Selection::default(),
            Some(SpaceId(10)),
            Some(&f.pieces[0]),
            false,
            Button::Primary,
        ) {
            ClickResult::Select(s) => s,
            other => panic!("{other:?}"),
        };
        assert_eq!(held.pieces, vec![PieceId(1)]);
        assert_eq!(
            rings_for(&f, &held).len(),
            2,
            "its space and its destination"
        );
        assert_eq!(
            click(&f, &held, Some(SpaceId(20)), None, false, Button::Primary),
            ClickResult::Act(1),
            "the shorter path"
        );
    }

    #[test]
    fn a_two_click_gesture_goes_on_click_by_click() {
        let qa = Gesture {
            clicks: vec![SpaceId(11), SpaceId(12)],
            ..Gesture::click(Need::Pieces(vec![PieceId(1)]), SpaceId(12), Mark::Attack)
        };
        let f = frame(vec![face(Some(qa))]);
        let held = Selection::one(Some(SpaceId(10)), PieceId(1));
        let step = match click(&f, &held, Some(SpaceId(11)), None, false, Button::Primary) {
            ClickResult::Select(s) => s,
            other => panic!("{other:?}"),
        };
        assert_eq!(step.path, vec![SpaceId(11)]);
        assert_eq!(
            click(&f, &step, Some(SpaceId(12)), None, false, Button::Primary),
            ClickResult::Act(0)
        );
    }

    #[test]
    fn shift_takes_the_stack_and_a_second_click_puts_down() {
        let f = frame(vec![]);
        let all = click(
            &f,
            &Selection::default(),
            Some(SpaceId(10)),
            Some(&f.pieces[1]),
            true,
            Button::Primary,
        );
        assert_eq!(
            all,
            ClickResult::Select(Selection {
                space: Some(SpaceId(10)),
                pieces: vec![PieceId(1), PieceId(2)],
                ..default()
            })
        );
        let one = Selection::one(Some(SpaceId(10)), PieceId(1));
        assert_eq!(
            click(
                &f,
                &one,
                Some(SpaceId(10)),
                Some(&f.pieces[0]),
                false,
                Button::Primary
            ),
            ClickResult::Select(Selection::default())
        );
    }

    #[test]
    fn a_space_action_is_a_click_with_nothing_held_and_a_right_click_asks_for_its_own() {
        let fight = Gesture::click(Need::Nothing, SpaceId(30), Mark::Attack);
        let dismantle = Gesture {
            button: Button::Secondary,
            ..Gesture::click(Need::Nothing, SpaceId(31), Mark::Act)
        };
        let f = frame(vec![face(Some(fight)), face(Some(dismantle))]);
        let none = Selection::default();
        assert_eq!(
            click(&f, &none, Some(SpaceId(30)), None, false, Button::Primary),
            ClickResult::Act(0)
        );
        assert_eq!(
            click(&f, &none, Some(SpaceId(31)), None, false, Button::Primary),
            ClickResult::Nothing
        );
        assert_eq!(
            click(&f, &none, Some(SpaceId(31)), None, false, Button::Secondary),
            ClickResult::Act(1)
        );
        // Only the primary one is lit.
        assert_eq!(
            rings_for(&f, &none),
            vec![(SpaceId(30), Lit::Mark(Mark::Attack))]
        );
    }
}
