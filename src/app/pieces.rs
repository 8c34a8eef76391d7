//! The wooden blocks: one entity per block on the map in the current view, rebuilt whenever the
//! view changes. A block's entity holds only what the viewer may see — the opponent's blocks
//! carry `face: None` and are drawn as blank coloured wood (rules §6.1 Fog of War).

use super::board::{
    army_colour, hex_to_world, layer, map_text, polygon_mesh, rounded_rect_points, MapArt, HEX_SIZE,
};
use super::loading::GameAssets;
use super::screens::Screen;
use super::table::{Rules, Table, TableSet, TableView};
use bevy::prelude::*;
use eastfront_kernel::{Side, SpaceId};
use eastfront_stalingrad::data::{Firepower, UnitKind};
use eastfront_stalingrad::view::BlockFace;
use eastfront_stalingrad::{EventKind, UnitId};

/// Side of a block's top face, in world units.
pub const BLOCK_SIZE: f32 = HEX_SIZE * 0.8;
/// How far each block of a stack is shifted from the one below it.
const FAN: Vec2 = Vec2::new(6.5, -5.5);

/// A block on the map as the viewer may see it (copied from the `View`).
#[derive(Component, Clone, Debug)]
pub struct BlockPiece {
    pub side: Side,
    pub hex: SpaceId,
    /// None: the viewer sees only the blank wooden face.
    pub face: Option<BlockFace>,
    /// Lying face up (Confrontation): both sides see it.
    pub revealed: bool,
    /// Position in its hex's stack (0 = bottom).
    pub stack_index: usize,
    /// Blocks in its hex.
    pub stack_size: usize,
}

impl BlockPiece {
    pub fn unit(&self) -> Option<UnitId> {
        self.face.as_ref().map(|f| f.unit)
    }
}

/// Where a block rests (its tween ends here); input uses it for hit tests.
#[derive(Component, Clone, Copy)]
pub struct RestingPlace(pub Vec2);

/// A short slide from where a block was to where it is now (moves, advances).
#[derive(Component)]
pub struct Slide {
    from: Vec2,
    elapsed: f32,
}

impl From<Vec2> for Slide {
    /// A slide from `from` to the block's resting place.
    fn from(from: Vec2) -> Slide {
        Slide { from, elapsed: 0.0 }
    }
}

const SLIDE_SECONDS: f32 = 0.35;

/// A block turning to show a change (~0.3 s): a step loss turns it a quarter-turn to its new
/// edge with a bump; a reveal flips it to face the viewer.
#[derive(Component)]
pub struct Turning {
    pub kind: TurnKind,
    elapsed: f32,
    /// Index of the causing event in `Table::latest` (a played-back AI turn shows it in step).
    event: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnKind {
    StepLoss,
    Reveal,
}

const TURN_SECONDS: f32 = 0.35;

/// Blocks drawn or not (`H` hides them so the map can be read).
#[derive(Resource, Default)]
pub struct PiecesHidden(pub bool);

/// Units the player has picked up (drawn lifted), and the hex whose stack is fanned out so
/// each of its blocks can be read and clicked.
#[derive(Resource, Default, Clone, PartialEq)]
pub struct Lifted {
    pub units: Vec<UnitId>,
    pub fanned: Option<SpaceId>,
}

/// Offset of block `index` of `count` when its stack is fanned out side by side.
pub fn fanned_offset(index: usize, count: usize) -> Vec2 {
    let mid = (count as f32 - 1.0) / 2.0;
    Vec2::new((index as f32 - mid) * (BLOCK_SIZE + 4.0), -HEX_SIZE * 0.06)
}

/// Meshes of a block, present only with a renderer.
#[derive(Resource)]
struct BlockArt {
    body: Handle<Mesh>,
    top: Handle<Mesh>,
    disc: Handle<Mesh>,
    square: Handle<Mesh>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PiecesHidden>()
        .init_resource::<Lifted>()
        .add_systems(Startup, make_block_art)
        .add_systems(
            Update,
            (
                sync_pieces,
                (slide_pieces, lift_and_hide, turn_pieces).chain(),
            )
                .chain()
                .in_set(TableSet::Draw)
                .run_if(in_state(Screen::Table)),
        );
}

fn make_block_art(mut commands: Commands, meshes: Option<ResMut<Assets<Mesh>>>) {
    let Some(mut meshes) = meshes else {
        return;
    };
    commands.insert_resource(BlockArt {
        body: meshes.add(polygon_mesh(&rounded_rect_points(
            BLOCK_SIZE, BLOCK_SIZE, 5.0,
        ))),
        top: meshes.add(polygon_mesh(&rounded_rect_points(
            BLOCK_SIZE - 3.0,
            BLOCK_SIZE - 3.0,
            4.0,
        ))),
        disc: meshes.add(Circle::new(1.0)),
        square: meshes.add(Rectangle::new(1.0, 1.0)),
    });
}

/// Position of block `index` of a stack of `count` in a hex, fanned around the centre.
pub fn stack_offset(index: usize, count: usize) -> Vec2 {
    let mid = (count as f32 - 1.0) / 2.0;
    FAN * (index as f32 - mid) + Vec2::new(0.0, -HEX_SIZE * 0.06)
}

/// Wood and lettering colours of a side's blocks (shared with the Moscow table).
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

/// Fill and ring of a strength pip of this firepower (black, white, red).
pub fn pip_colours(fp: Option<Firepower>) -> (Color, Color) {
    match fp {
        Some(Firepower::Single) => (Color::srgb(0.05, 0.05, 0.05), Color::srgb(0.85, 0.85, 0.8)),
        Some(Firepower::Double) => (Color::srgb(0.98, 0.98, 0.96), Color::srgb(0.1, 0.1, 0.1)),
        Some(Firepower::Triple) => (Color::srgb(0.90, 0.10, 0.08), Color::srgb(0.98, 0.95, 0.9)),
        None => (Color::NONE, Color::NONE),
    }
}

/// Rebuilds every block entity from the view (a few dozen entities; cheap, and it keeps the
/// entities exactly in step with what the viewer may know).
#[allow(clippy::too_many_arguments)]
fn sync_pieces(
    mut commands: Commands,
    shown: Res<TableView>,
    table: Option<Res<Table>>,
    rules: Res<Rules>,
    old: Query<Entity, With<BlockPiece>>,
    art: Option<Res<BlockArt>>,
    mut map_art: Option<ResMut<MapArt>>,
    mut materials: Option<ResMut<Assets<ColorMaterial>>>,
    assets: Option<Res<GameAssets>>,
    mut animated: Local<u64>,
) {
    if !shown.is_changed() {
        return;
    }
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(view) = &shown.view else {
        return;
    };
    let board = &rules.0.board;
    // Where moved blocks came from, to slide them in (only the latest action's moves).
    // Each action animates once, not again when the view is rebuilt for other reasons.
    let mut came_from: Vec<(SpaceId, SpaceId)> = Vec::new();
    let mut turned: Vec<(UnitId, TurnKind, usize)> = Vec::new();
    if let Some(t) = table.as_ref().filter(|t| t.revision != *animated) {
        *animated = t.revision;
        for (i, e) in t.latest.iter().enumerate() {
            match &e.kind {
                EventKind::Moved {
                    from: Some(f), to, ..
                } => came_from.push((*to, *f)),
                EventKind::StepLost { unit } => turned.push((*unit, TurnKind::StepLoss, i)),
                EventKind::Reveal { units } => {
                    turned.extend(units.iter().map(|u| (*u, TurnKind::Reveal, i)))
                }
                _ => {}
            }
        }
    }
    let font = assets.as_ref().map(|a| &a.font_bold);
    let mut index_in_hex = 0;
    for (i, block) in view.blocks.iter().enumerate() {
        if i > 0 && view.blocks[i - 1].hex != block.hex {
            index_in_hex = 0;
        }
        let count = view.blocks.iter().filter(|b| b.hex == block.hex).count();
        let rest =
            hex_to_world(board.hexes[block.hex.index()].hex) + stack_offset(index_in_hex, count);
        let z = layer::BLOCK + index_in_hex as f32 * 0.5;
        let mut entity = commands.spawn((
            BlockPiece {
                side: block.side,
                hex: block.hex,
                face: block.face.clone(),
                revealed: block.revealed,
                stack_index: index_in_hex,
                stack_size: count,
            },
            RestingPlace(rest),
            Transform::from_translation(rest.extend(z)),
            Visibility::default(),
            DespawnOnExit(Screen::Table),
        ));
        if let Some(&(_, from)) = came_from.iter().find(|(to, _)| *to == block.hex) {
            let from =
                hex_to_world(board.hexes[from.index()].hex) + stack_offset(index_in_hex, count);
            entity.insert(Slide { from, elapsed: 0.0 });
            entity.insert(Transform::from_translation(from.extend(z)));
        }
        let unit = block.face.as_ref().map(|f| f.unit);
        // The last change of a block wins (revealed, then hit: the hit shows).
        if let Some(&(_, kind, event)) = turned.iter().rev().find(|t| Some(t.0) == unit) {
            entity.insert(Turning {
                kind,
                elapsed: 0.0,
                event,
            });
        }
        index_in_hex += 1;
        let (Some(art), Some(map_art), Some(materials)) = (
            art.as_deref(),
            map_art.as_deref_mut(),
            materials.as_deref_mut(),
        ) else {
            continue;
        };
        let pal = palette(block.side);
        let mut mat = |c: Color| MeshMaterial2d(map_art.colour(materials, c));
        let shadow = mat(Color::srgba(0.0, 0.0, 0.0, 0.35));
        let edge = mat(pal.edge);
        let top = mat(pal.top);
        let revealed_ring = mat(Color::srgb(0.98, 0.90, 0.55));
        let face = block.face.clone();
        let pips = face.as_ref().map(|f| pip_colours(f.firepower));
        let pip_fill = pips.map(|p| mat(p.0));
        let pip_ring = pips.map(|p| mat(p.1));
        let army = face
            .as_ref()
            .and_then(|f| f.army)
            .map(|a| mat(army_colour(a)));
        let symbol = mat(pal.text.with_alpha(0.9));
        entity.with_children(|p| {
            // Shadow and the wooden edge give the block its thickness.
            p.spawn((
                Mesh2d(art.body.clone()),
                shadow,
                Transform::from_xyz(3.0, -3.5, -0.03),
            ));
            p.spawn((
                Mesh2d(art.body.clone()),
                edge,
                Transform::from_xyz(1.2, -1.5, -0.02),
            ));
            if block.revealed {
                p.spawn((
                    Mesh2d(art.body.clone()),
                    revealed_ring,
                    Transform::from_xyz(0.0, 0.0, -0.01).with_scale(Vec3::splat(1.08)),
                ));
            }
            p.spawn((
                Mesh2d(art.top.clone()),
                top,
                Transform::from_xyz(0.0, 0.0, 0.0),
            ));
            let Some(face) = &face else {
                return;
            };
            // Strength pips along the top edge, coloured by firepower.
            let n = face.strength as usize;
            let spacing = 6.0;
            for k in 0..n {
                let x = (k as f32 - (n as f32 - 1.0) / 2.0) * spacing;
                let y = BLOCK_SIZE / 2.0 - 5.5;
                if let (Some(ring), Some(fill)) = (&pip_ring, &pip_fill) {
                    p.spawn((
                        Mesh2d(art.disc.clone()),
                        ring.clone(),
                        Transform::from_xyz(x, y, 0.02).with_scale(Vec3::splat(2.6)),
                    ));
                    p.spawn((
                        Mesh2d(art.disc.clone()),
                        fill.clone(),
                        Transform::from_xyz(x, y, 0.03).with_scale(Vec3::splat(2.0)),
                    ));
                }
            }
            nato_symbol(p, art, &symbol, face.kind);
            p.spawn(map_text(
                face.label.clone(),
                8.2,
                pal.text,
                font,
                Vec3::new(0.0, -BLOCK_SIZE * 0.25, 0.05),
            ));
            if let Some(army) = army {
                p.spawn((
                    Mesh2d(art.square.clone()),
                    army,
                    Transform::from_xyz(0.0, -BLOCK_SIZE / 2.0 + 3.0, 0.02).with_scale(Vec3::new(
                        BLOCK_SIZE - 12.0,
                        2.0,
                        1.0,
                    )),
                ));
            }
            if face.r_unit {
                p.spawn(map_text(
                    "R",
                    6.0,
                    pal.text,
                    font,
                    Vec3::new(BLOCK_SIZE / 2.0 - 5.0, BLOCK_SIZE / 2.0 - 13.0, 0.05),
                ));
            }
        });
    }
}

/// A small NATO-style unit symbol: a frame with the arm's sign (X infantry, oval armour, both
/// for panzergrenadiers, a wheel bar for motorised).
fn nato_symbol(
    p: &mut ChildSpawnerCommands,
    art: &BlockArt,
    colour: &MeshMaterial2d<ColorMaterial>,
    kind: UnitKind,
) {
    let (w, h, t) = (15.0, 9.0, 1.1);
    let cy = 1.0;
    let bar = |p: &mut ChildSpawnerCommands, x: f32, y: f32, sx: f32, sy: f32, rot: f32| {
        p.spawn((
            Mesh2d(art.square.clone()),
            colour.clone(),
            Transform::from_xyz(x, y, 0.04)
                .with_rotation(Quat::from_rotation_z(rot))
                .with_scale(Vec3::new(sx, sy, 1.0)),
        ));
    };
    if kind == UnitKind::General {
        bar(p, 0.0, cy, 10.0, 10.0, std::f32::consts::FRAC_PI_4);
        return;
    }
    bar(p, 0.0, cy + h / 2.0, w, t, 0.0);
    bar(p, 0.0, cy - h / 2.0, w, t, 0.0);
    bar(p, -w / 2.0, cy, t, h, 0.0);
    bar(p, w / 2.0, cy, t, h, 0.0);
    let diag = (w * w + h * h).sqrt();
    let angle = (h / w).atan();
    let infantry = kind.is_infantry() && kind != UnitKind::AntiAircraft1077;
    if infantry {
        bar(p, 0.0, cy, diag, t * 0.9, angle);
        bar(p, 0.0, cy, diag, t * 0.9, -angle);
    }
    if kind.is_armor() {
        // The armour oval, drawn as a flat capsule outline.
        bar(p, 0.0, cy + 2.2, 8.0, t * 0.9, 0.0);
        bar(p, 0.0, cy - 2.2, 8.0, t * 0.9, 0.0);
        bar(p, -4.3, cy, t * 0.9, 4.4, 0.0);
        bar(p, 4.3, cy, t * 0.9, 4.4, 0.0);
    }
    if matches!(
        kind,
        UnitKind::MotorizedInfantry | UnitKind::SovietMotorized
    ) {
        bar(p, 0.0, cy - h / 2.0 - 2.0, w * 0.7, t, 0.0);
    }
    if kind == UnitKind::AntiAircraft1077 || kind == UnitKind::AntiTank20 {
        // An inverted V: the gun sign.
        bar(p, -2.5, cy, 7.0, t, 1.0);
        bar(p, 2.5, cy, 7.0, t, -1.0);
    }
    if kind == UnitKind::Marine {
        // An anchor shank under the frame.
        bar(p, 0.0, cy - h / 2.0 - 2.0, 6.0, t, 0.0);
    }
}

fn slide_pieces(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &mut Slide, &RestingPlace, &mut Transform)>,
) {
    for (e, mut slide, rest, mut tf) in &mut q {
        slide.elapsed += time.delta_secs();
        let t = (slide.elapsed / SLIDE_SECONDS).min(1.0);
        let eased = 1.0 - (1.0 - t) * (1.0 - t);
        let p = slide.from.lerp(rest.0, eased);
        tf.translation.x = p.x;
        tf.translation.y = p.y;
        if t >= 1.0 {
            commands.entity(e).remove::<Slide>();
        }
    }
}

/// Picked-up blocks rise and grow a little; `H` hides every block.
fn lift_and_hide(
    lifted: Res<Lifted>,
    hidden: Res<PiecesHidden>,
    mut q: Query<(&BlockPiece, &RestingPlace, &mut Transform, &mut Visibility), Without<Slide>>,
) {
    for (piece, rest, mut tf, mut vis) in &mut q {
        let up = piece.unit().is_some_and(|u| lifted.units.contains(&u));
        let fanned = lifted.fanned == Some(piece.hex) && piece.stack_size > 1;
        let mut target = rest.0;
        if fanned {
            target += fanned_offset(piece.stack_index, piece.stack_size)
                - stack_offset(piece.stack_index, piece.stack_size);
        }
        if up {
            target += Vec2::new(-2.0, 5.0);
        }
        let scale = if up { 1.1 } else { 1.0 };
        let z = layer::BLOCK
            + piece.stack_index as f32 * 0.5
            + if fanned { 3.0 } else { 0.0 }
            + if up { 2.5 } else { 0.0 };
        if tf.translation.truncate() != target || tf.scale.x != scale || tf.translation.z != z {
            tf.translation = target.extend(z);
            tf.scale = Vec3::splat(scale);
        }
        let want = if hidden.0 {
            Visibility::Hidden
        } else {
            Visibility::Inherited
        };
        if *vis != want {
            *vis = want;
        }
    }
}

/// Plays the step-loss and reveal turns; a block of a played-back AI turn waits for its step.
fn turn_pieces(
    mut commands: Commands,
    time: Res<Time>,
    playback: Option<Res<super::ai_pace::AiPlayback>>,
    mut q: Query<(Entity, &mut Turning, &mut Transform)>,
) {
    for (e, mut turn, mut tf) in &mut q {
        if playback.as_ref().is_some_and(|p| !p.reached(turn.event)) {
            continue;
        }
        turn.elapsed += time.delta_secs();
        let t = (turn.elapsed / TURN_SECONDS).min(1.0);
        let eased = 1.0 - (1.0 - t) * (1.0 - t);
        match turn.kind {
            TurnKind::StepLoss => {
                let bump = 1.0 + 0.25 * (t * std::f32::consts::PI).sin();
                tf.rotation = Quat::from_rotation_z((1.0 - eased) * std::f32::consts::FRAC_PI_2);
                tf.scale = Vec3::splat(bump);
            }
            TurnKind::Reveal => {
                tf.scale = Vec3::new(eased.max(0.05), 1.0, 1.0);
            }
        }
        if t >= 1.0 {
            tf.rotation = Quat::IDENTITY;
            tf.scale = Vec3::ONE;
            commands.entity(e).remove::<Turning>();
        }
    }
}
