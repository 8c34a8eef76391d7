//! The pieces of the view as entities that persist: a piece the viewer knows is keyed by its
//! identity and stays the same entity while it moves, flips or loses steps (it slides to its
//! new place, turns a quarter for a step lost); a hidden piece is keyed by where it stands and
//! its place in the stack, never by who it is ([`PieceKey`]). Each entity holds only what the
//! viewer may see: its [`PieceDesc`]. The skins draw it — a wooden block ([`block`]) or a
//! printed counter ([`counter`]).
//!
//! While the AI's moves are played back, a piece that moves in a step still to come waits at
//! its origin (or out of sight, for an arrival) until its step is on screen.

pub mod block;
pub mod counter;
pub mod symbol;

use crate::app::input::Highlights;
use crate::app::map::{fanned_offset, layer, Art, MapShown};
use crate::app::rest::{Redraw, MAX_ANIMATION_STEP};
use crate::app::screens::Screen;
use crate::app::table::desc::{Cue, PieceDesc, PieceKey, PieceLook, Place};
use crate::app::table::frame::Frame;
use crate::app::table::pace::Playback;
use crate::app::table::{GameLog, TableSet};
use bevy::picking::Pickable;
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use eastfront_kernel::{Side, SpaceId};

/// A piece on the map as the viewer may see it.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct PieceEntity {
    pub desc: PieceDesc,
}

/// Where a piece rests (its slides end here).
#[derive(Component, Clone, Copy, Debug, PartialEq)]
pub struct Rest(pub Vec2);

/// A short slide from where a piece was to where it rests now.
#[derive(Component)]
pub struct Slide {
    from: Vec2,
    elapsed: f32,
}

const SLIDE_SECONDS: f32 = 0.35;

/// A piece turning to show a change: a quarter-turn with a bump for a step lost, a flip for a
/// reveal.
#[derive(Component)]
pub struct Turning {
    kind: Turn,
    elapsed: f32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    StepLoss,
    Reveal,
}

const TURN_SECONDS: f32 = 0.35;

/// A piece that moves in a played-back step still to come: it waits at its origin.
#[derive(Component)]
struct HeldBack {
    step: usize,
    from: Option<Vec2>,
    started: bool,
}

/// Pieces drawn or not (`Shift+H` hides them so the map can be read).
#[derive(Resource, Default)]
pub struct PiecesHidden(pub bool);

pub fn plugin(app: &mut App) {
    app.init_resource::<PiecesHidden>()
        .add_systems(OnExit(Screen::Table), |mut h: ResMut<PiecesHidden>| {
            h.0 = false
        })
        .add_systems(
            Update,
            (
                sync_pieces,
                hold_back,
                (slide, place, turn, show_held, mark_ready).chain(),
            )
                .chain()
                .in_set(TableSet::Draw)
                .run_if(in_state(Screen::Table)),
        );
}

/// The world position of a piece's place.
fn rest_of(desc: &PieceDesc, map: &MapShown) -> Vec2 {
    match desc.place {
        Place::Space { space, slot, of } => map.slot(space, slot, of),
        Place::At(p) => p,
    }
}

/// The place a cue says a hidden piece came from, matched move by move: an arrival in `to` of
/// `side` takes the next unused move into `to`.
fn came_from(
    cues: &[(usize, Cue)],
    taken: &mut Vec<usize>,
    to: SpaceId,
    piece: Option<eastfront_kernel::PieceId>,
) -> Option<Option<SpaceId>> {
    for (k, (_, cue)) in cues.iter().enumerate() {
        if taken.contains(&k) {
            continue;
        }
        if let Cue::Move {
            from,
            to: t,
            piece: p,
            ..
        } = cue
        {
            if *t == to && (p.is_none() || *p == piece) {
                taken.push(k);
                return Some(*from);
            }
        }
    }
    None
}

/// Makes the piece entities follow the frame: kept by key, updated in place.
fn sync_pieces(
    mut commands: Commands,
    frame: Res<Frame>,
    map: Option<Res<MapShown>>,
    log: Res<GameLog>,
    mut existing: Query<(Entity, &mut PieceEntity, &mut Rest, &Transform)>,
    mut art: Art,
    mut seen: Local<(u64, bool)>,
) {
    let Some(map) = map else { return };
    if !frame.is_changed() && !map.is_changed() && *seen == (frame.revision, frame.visible) {
        return;
    }
    let animate = seen.0 != frame.revision;
    *seen = (frame.revision, frame.visible);
    let want: &[PieceDesc] = if frame.visible { &frame.pieces } else { &[] };
    let mut by_key: HashMap<PieceKey, (Entity, Mut<PieceEntity>, Mut<Rest>, Vec2)> = existing
        .iter_mut()
        .map(|(e, p, r, tf)| (p.desc.key, (e, p, r, tf.translation.truncate())))
        .collect();
    let size = map.desc.piece_size;
    let mut taken: Vec<usize> = Vec::new();
    let turned: Vec<(eastfront_kernel::PieceId, Turn)> = if animate {
        log.cues
            .iter()
            .flat_map(|(_, c)| match c {
                Cue::StepLost { piece: Some(p), .. } => vec![(*p, Turn::StepLoss)],
                Cue::Revealed(ps) => ps.iter().map(|p| (*p, Turn::Reveal)).collect(),
                _ => Vec::new(),
            })
            .collect()
    } else {
        Vec::new()
    };
    for d in want {
        let rest = rest_of(d, &map);
        let turn = d
            .id()
            .and_then(|id| turned.iter().rev().find(|t| t.0 == id))
            .map(|t| t.1);
        match by_key.remove(&d.key) {
            Some((e, mut piece, mut r, at)) => {
                if piece.desc.look != d.look {
                    let mut ec = commands.entity(e);
                    ec.despawn_related::<Children>();
                    draw(&mut ec, d, size, &mut art);
                }
                if piece.desc != *d {
                    piece.desc = d.clone();
                }
                if r.0 != rest {
                    r.0 = rest;
                    commands.entity(e).insert(Slide {
                        from: at,
                        elapsed: 0.0,
                    });
                }
                if let Some(kind) = turn {
                    commands.entity(e).insert(Turning { kind, elapsed: 0.0 });
                }
            }
            None => {
                // A piece new to the view: it slides in from where a move says it came from.
                let from = d
                    .space()
                    .filter(|_| animate)
                    .and_then(|s| came_from(&log.cues, &mut taken, s, d.id()))
                    .flatten()
                    .and_then(|f| map.desc.space(f).map(|s| s.anchor));
                let start = from.unwrap_or(rest);
                let mut ec = commands.spawn((
                    PieceEntity { desc: d.clone() },
                    Rest(rest),
                    Transform::from_translation(start.extend(layer::PIECE)),
                    Visibility::default(),
                    DespawnOnExit(Screen::Table),
                ));
                if from.is_some() {
                    ec.insert(Slide {
                        from: start,
                        elapsed: 0.0,
                    });
                }
                if let Some(kind) = turn {
                    ec.insert(Turning { kind, elapsed: 0.0 });
                }
                draw(&mut ec, d, size, &mut art);
            }
        }
    }
    for (e, ..) in by_key.into_values() {
        commands.entity(e).despawn();
    }
}

/// Draws a piece's skin as children of its entity; the top face is the pickable mesh.
fn draw(ec: &mut EntityCommands, d: &PieceDesc, size: f32, art: &mut Art) {
    let font = art.assets.as_ref().map(|a| a.font_bold.clone());
    let Some((art, meshes, materials)) = art.parts() else {
        return;
    };
    let mut kit = block::Kit {
        art,
        meshes,
        materials,
        font,
        size,
    };
    ec.insert(Pickable::default());
    match &d.look {
        PieceLook::Block(b) => block::draw(ec, &mut kit, b),
        PieceLook::Counter(c) => counter::draw(ec, &mut kit, c),
    }
    // The "can still act" mark: a small green disc at the top-right corner, shown by
    // `mark_ready` while the piece has a move or an action to make.
    let disc = kit.art.disc.clone();
    let (rim, dot) = (kit.mat(Color::srgb(0.08, 0.08, 0.06)), kit.mat(READY));
    let corner = Vec2::splat(size * 0.5);
    ec.with_children(|p| {
        p.spawn((
            ReadyMark,
            Transform::from_translation(corner.extend(0.2)),
            Visibility::Hidden,
        ))
        .with_children(|m| {
            m.spawn((
                Mesh2d(disc.clone()),
                rim,
                Transform::from_scale(Vec3::splat(size * 0.16)),
            ));
            m.spawn((
                Mesh2d(disc),
                dot,
                Transform::from_xyz(0.0, 0.0, 0.01).with_scale(Vec3::splat(size * 0.12)),
            ));
        });
    });
}

/// The colour of the "can still act" mark.
const READY: Color = Color::srgb(0.35, 0.9, 0.35);

/// A piece's "can still act" mark (a child of the piece).
#[derive(Component)]
pub struct ReadyMark;

/// Shows the mark on the pieces of the player at the screen that still have a move or an
/// action to make this phase (nothing held: once a piece is picked up its targets are lit).
fn mark_ready(
    frame: Res<Frame>,
    highlights: Res<Highlights>,
    pieces: Query<(&PieceEntity, &Children)>,
    mut marks: Query<&mut Visibility, With<ReadyMark>>,
) {
    if !frame.is_changed() && !highlights.is_changed() {
        return;
    }
    let ready = ready_pieces(&frame);
    let holding = !highlights.lifted.is_empty();
    for (p, children) in &pieces {
        let show = !holding && p.desc.id().is_some_and(|id| ready.contains(&id));
        for c in children.iter() {
            if let Ok(mut v) = marks.get_mut(c) {
                let want = if show {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                };
                if *v != want {
                    *v = want;
                }
            }
        }
    }
}

/// The pieces the frame's legal actions are made with (a move, an attack, an action there).
pub fn ready_pieces(frame: &Frame) -> Vec<eastfront_kernel::PieceId> {
    let mut out: Vec<eastfront_kernel::PieceId> = Vec::new();
    for a in &frame.actions {
        let Some(g) = &a.gesture else { continue };
        let ps: &[eastfront_kernel::PieceId] = match &g.need {
            eastfront_kernel::Need::Piece(p) => std::slice::from_ref(p),
            eastfront_kernel::Need::Pieces(ps) => ps,
            _ => &[],
        };
        for p in ps {
            if !out.contains(p) {
                out.push(*p);
            }
        }
    }
    out
}

/// Marks the pieces that move in steps of the playback still to come.
fn hold_back(
    mut commands: Commands,
    playback: Option<Res<Playback>>,
    map: Option<Res<MapShown>>,
    frame: Res<Frame>,
    pieces: Query<(Entity, &PieceEntity), Without<HeldBack>>,
) {
    let (Some(playback), Some(map)) = (playback, map) else {
        return;
    };
    if !frame.is_changed() || !playback.active() {
        return;
    }
    let mut taken: Vec<Entity> = Vec::new();
    for (k, step) in playback.steps.iter().enumerate().skip(playback.at) {
        if step.attack {
            continue;
        }
        let mut here: Vec<(Entity, &PieceEntity)> = pieces
            .iter()
            .filter(|(e, p)| {
                p.desc.space() == Some(step.to) && p.desc.side == step.side && !taken.contains(e)
            })
            .collect();
        here.sort_by_key(|(_, p)| std::cmp::Reverse(slot_of(&p.desc)));
        for (e, _) in here.into_iter().take(step.count.max(1)) {
            taken.push(e);
            let from = step.from.and_then(|f| map.desc.space(f).map(|s| s.anchor));
            commands.entity(e).insert(HeldBack {
                step: k,
                from,
                started: false,
            });
        }
    }
}

fn slot_of(d: &PieceDesc) -> usize {
    match d.place {
        Place::Space { slot, .. } => slot,
        Place::At(_) => 0,
    }
}

/// Held pieces wait at their origin (or out of sight), then slide in while their step shows.
fn show_held(
    mut commands: Commands,
    playback: Option<Res<Playback>>,
    mut q: Query<(
        Entity,
        &mut HeldBack,
        &Rest,
        &mut Transform,
        &mut Visibility,
    )>,
) {
    let active = playback.as_ref().is_some_and(|p| p.active());
    let at = playback.as_ref().map_or(0, |p| p.at);
    for (e, mut held, rest, mut tf, mut vis) in &mut q {
        if !active || at > held.step {
            commands.entity(e).remove::<HeldBack>();
            if *vis == Visibility::Hidden {
                *vis = Visibility::Inherited;
            }
            continue;
        }
        if at < held.step {
            match held.from {
                // Written only when it differs: a changed transform redraws the board picture.
                Some(p) if tf.translation.truncate() != p => {
                    tf.translation.x = p.x;
                    tf.translation.y = p.y;
                }
                Some(_) => {}
                None => *vis = Visibility::Hidden,
            }
            continue;
        }
        if !held.started {
            held.started = true;
            *vis = Visibility::Inherited;
            commands.entity(e).insert(Slide {
                from: held.from.unwrap_or(rest.0),
                elapsed: 0.0,
            });
        }
    }
}

fn slide(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Slide, &Rest, &mut Transform), Without<HeldBack>>,
    mut redraw: Redraw,
) {
    for (e, mut s, rest, mut tf) in &mut q {
        redraw.request();
        s.elapsed += time.delta_secs().min(MAX_ANIMATION_STEP);
        let t = (s.elapsed / SLIDE_SECONDS).min(1.0);
        let eased = 1.0 - (1.0 - t) * (1.0 - t);
        let p = s.from.lerp(rest.0, eased);
        tf.translation = p.extend(layer::LIFTED);
        if t >= 1.0 {
            commands.entity(e).remove::<Slide>();
        }
    }
}

/// Pieces at rest (not sliding, not held back by the playback).
type AtRest = (Without<Slide>, Without<HeldBack>);

/// How much larger the magnifier (Shift over a space) draws its pieces.
const MAGNIFIED: f32 = 2.4;

/// The smallest a piece is drawn on screen (pixels): below it labels and pips are specks, so
/// a zoomed-out board draws its pieces larger than the scale (each stack grows around its
/// anchor), up to [`MAX_READABLE_GROWTH`].
pub const MIN_PIECE_PIXELS: f32 = 30.0;
const MAX_READABLE_GROWTH: f32 = 1.8;

/// How much a piece of `size` world units grows to stay readable at a camera `scale` (world
/// units per pixel).
pub fn readable_growth(size: f32, scale: f32) -> f32 {
    (MIN_PIECE_PIXELS * scale / size.max(1e-3)).clamp(1.0, MAX_READABLE_GROWTH)
}

/// Pieces at rest: lifted when held, fanned out when their stack is picked from or rested on,
/// grown to a readable size when the map is zoomed out, hidden by Shift+H; stacked in depth by
/// their slot.
fn place(
    highlights: Res<Highlights>,
    hidden: Res<PiecesHidden>,
    map: Option<Res<MapShown>>,
    camera: Query<&Projection, With<crate::app::map::camera::MapCamera>>,
    mut q: Query<(&PieceEntity, &Rest, &mut Transform, &mut Visibility), AtRest>,
) {
    let Some(map) = map else { return };
    let camera_scale = match camera.iter().next() {
        Some(Projection::Orthographic(o)) => o.scale,
        _ => 1.0,
    };
    let readable = readable_growth(map.desc.piece_size, camera_scale);
    let pitch = map.desc.piece_pitch;
    for (p, rest, mut tf, mut vis) in &mut q {
        let up = p
            .desc
            .id()
            .is_some_and(|id| highlights.lifted.contains(&id));
        let (slot, of) = match p.desc.place {
            Place::Space { slot, of, .. } => (slot, of),
            Place::At(_) => (0, 1),
        };
        let magnified = highlights.magnified.is_some() && highlights.magnified == p.desc.space();
        let fanned = (magnified
            || highlights.fanned.is_some() && highlights.fanned == p.desc.space())
            && of > 1;
        let grow = if magnified {
            MAGNIFIED.max(readable)
        } else {
            readable
        };
        let anchor = p
            .desc
            .space()
            .and_then(|s| map.desc.space(s))
            .map(|s| s.anchor)
            .unwrap_or(rest.0);
        let mut target = anchor + (rest.0 - anchor) * readable;
        if fanned {
            target = anchor + fanned_offset(slot, of, pitch * grow);
        }
        if up {
            target += Vec2::new(-2.0, 5.0);
        }
        let scale = grow * if up { 1.12 } else { 1.0 };
        let z = layer::PIECE
            + slot as f32 * 0.05
            + if fanned { 2.0 } else { 0.0 }
            + if up { 2.5 } else { 0.0 }
            + if magnified { 4.0 } else { 0.0 };
        let want = target.extend(z);
        if tf.translation != want {
            tf.translation = want;
        }
        if tf.scale.x != scale && tf.rotation == Quat::IDENTITY {
            tf.scale = Vec3::splat(scale);
        }
        let v = if hidden.0 {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        if *vis != v {
            *vis = v;
        }
    }
}

/// Plays the step-loss and reveal turns.
fn turn(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Turning, &mut Transform)>,
    mut redraw: Redraw,
) {
    for (e, mut turn, mut tf) in &mut q {
        redraw.request();
        turn.elapsed += time.delta_secs().min(MAX_ANIMATION_STEP);
        let t = (turn.elapsed / TURN_SECONDS).min(1.0);
        let eased = 1.0 - (1.0 - t) * (1.0 - t);
        match turn.kind {
            Turn::StepLoss => {
                let bump = 1.0 + 0.25 * (t * std::f32::consts::PI).sin();
                tf.rotation = Quat::from_rotation_z((1.0 - eased) * std::f32::consts::FRAC_PI_2);
                tf.scale = Vec3::splat(bump);
            }
            Turn::Reveal => tf.scale = Vec3::new(eased.max(0.05), 1.0, 1.0),
        }
        if t >= 1.0 {
            tf.rotation = Quat::IDENTITY;
            tf.scale = Vec3::ONE;
            commands.entity(e).remove::<Turning>();
        }
    }
}

/// The pieces of a view's stacks: `items` sorted by space, each laid out in its space's stack.
/// A piece whose identity the viewer knows is keyed by it; a hidden one by its space, its side
/// and its place among that side's hidden pieces there.
pub fn stacks<T>(
    items: &[T],
    space: impl Fn(&T) -> SpaceId,
    side: impl Fn(&T) -> Side,
    id: impl Fn(&T) -> Option<eastfront_kernel::PieceId>,
    look: impl Fn(&T) -> PieceLook,
) -> Vec<PieceDesc> {
    let mut out = Vec::with_capacity(items.len());
    let mut i = 0;
    while i < items.len() {
        let here = space(&items[i]);
        let n = items[i..].iter().take_while(|x| space(x) == here).count();
        for (slot, x) in items[i..i + n].iter().enumerate() {
            let hidden_slot = items[i..i + slot]
                .iter()
                .filter(|y| side(y) == side(x) && id(y).is_none())
                .count();
            out.push(PieceDesc {
                key: match id(x) {
                    Some(p) => PieceKey::Known(p),
                    None => PieceKey::Hidden {
                        at: here.0 as u32,
                        side: side(x),
                        slot: hidden_slot as u16,
                    },
                },
                side: side(x),
                place: Place::Space {
                    space: here,
                    slot,
                    of: n,
                },
                look: look(x),
            });
        }
        i += n;
    }
    out
}

/// A side's wooden block: its wood and lettering, and the face if the viewer may read it.
pub fn wood(
    side: Side,
    face: Option<crate::app::table::desc::BlockFace>,
    revealed: bool,
    cube: bool,
) -> crate::app::table::desc::BlockLook {
    let pal = palette(side);
    crate::app::table::desc::BlockLook {
        top: pal.top,
        edge: pal.edge,
        text: pal.text,
        face,
        revealed,
        cube,
    }
}

/// Wood and lettering colours of a side's blocks.
pub struct Palette {
    pub top: Color,
    pub edge: Color,
    pub text: Color,
}

pub fn palette(side: Side) -> Palette {
    match side {
        // Field-grey wood, darker edge, white lettering.
        Side::German => Palette {
            top: Color::srgb(0.33, 0.36, 0.35),
            edge: Color::srgb(0.14, 0.15, 0.15),
            text: Color::srgb(0.97, 0.97, 0.95),
        },
        // Red wood, yellow lettering.
        Side::Soviet => Palette {
            top: Color::srgb(0.72, 0.12, 0.10),
            edge: Color::srgb(0.40, 0.05, 0.04),
            text: Color::srgb(1.0, 0.88, 0.30),
        },
    }
}

/// Fill and ring of a strength pip of a block game's firepower (black, white, red).
pub fn pip_colours(fp: eastfront_kernel::Firepower) -> (Color, Color) {
    use eastfront_kernel::Firepower;
    match fp {
        Firepower::Single => (Color::srgb(0.05, 0.05, 0.05), Color::srgb(0.85, 0.85, 0.8)),
        Firepower::Double => (Color::srgb(0.98, 0.98, 0.96), Color::srgb(0.1, 0.1, 0.1)),
        Firepower::Triple => (Color::srgb(0.90, 0.10, 0.08), Color::srgb(0.98, 0.95, 0.9)),
    }
}

#[cfg(test)]
mod readable_tests {
    use super::*;

    #[test]
    fn pieces_grow_only_below_the_readable_size_and_only_so_far() {
        // 40 world units at 0.5 units per pixel: 80 px on screen, drawn as they are.
        assert_eq!(readable_growth(40.0, 0.5), 1.0);
        // At 2 units per pixel a 40-unit piece would be 20 px: grown to 30 px.
        assert!((readable_growth(40.0, 2.0) - 1.5).abs() < 1e-5);
        // Far out the growth stops, so stacks do not cover the map.
        assert_eq!(readable_growth(40.0, 10.0), MAX_READABLE_GROWTH);
    }
}
