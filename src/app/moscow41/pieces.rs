//! Moscow '41 wooden blocks: one entity per block the viewer can see, on the map, on the Road to
//! Leningrad, in Rastenburg and in the holding boxes beside the map, rebuilt whenever the view
//! changes. An entity holds only what the viewer may see (R 1.5 Fog of War): the opponent's
//! standing blocks carry `face: None` and are drawn as blank wood of their side's colour;
//! revealed blocks (battle, activated HQs, R 1.5.1) lie face up for both sides. The look (wood
//! colours, firepower pips) is the Stalingrad table's (`app::pieces`).

use super::super::board::{map_text, polygon_mesh, rounded_rect_points, MapArt};
use super::super::loading::GameAssets;
use super::super::pieces::{palette, pip_colours};
use super::super::screens::Screen;
use super::super::table::TableSet;
use super::board::{layer, pool_boxes, M41Space, PoolKind};
use super::geometry::{star_points, CM};
use super::session::{M41Rules, M41Shown};
use bevy::prelude::*;
use eastfront_kernel::Side;
use eastfront_moscow41::data::{Colour, CombatType, Role};
use eastfront_moscow41::view::BlockFace;
use eastfront_moscow41::{AreaId, BlockId};

/// Side of a block's top face, in world units.
pub const BLOCK: f32 = 1.05 * CM;
/// Distance between neighbouring blocks in a group.
pub const PITCH: f32 = 1.17 * CM;

/// A block as the viewer may see it.
#[derive(Component, Clone, Debug)]
pub struct M41Block {
    pub side: Side,
    /// The area or box it stands in; None in a holding box beside the map.
    pub area: Option<AreaId>,
    pub pool: Option<PoolKind>,
    /// None: only the blank wooden side is visible.
    pub face: Option<BlockFace>,
    /// Lying face up (battle, activated HQ): both sides see it.
    pub revealed: bool,
}

impl M41Block {
    pub fn id(&self) -> Option<BlockId> {
        self.face.as_ref().map(|f| f.block)
    }
}

/// Where a block rests, for the pointer test.
#[derive(Component, Clone, Copy)]
pub struct M41Rest(pub Vec2);

/// The block the player has picked up (drawn lifted), set by the input.
#[derive(Resource, Default, Clone, PartialEq)]
pub struct M41Lifted(pub Option<BlockId>);

/// `H` hides the blocks so the map can be read.
#[derive(Resource, Default)]
pub struct M41PiecesHidden(pub bool);

#[derive(Resource)]
struct M41BlockArt {
    body: Handle<Mesh>,
    top: Handle<Mesh>,
    disc: Handle<Mesh>,
    square: Handle<Mesh>,
    star: Handle<Mesh>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<M41Lifted>()
        .init_resource::<M41PiecesHidden>()
        .add_systems(Startup, make_art)
        .add_systems(
            Update,
            (sync_blocks, lift_and_hide)
                .chain()
                .in_set(TableSet::Draw)
                .run_if(in_state(Screen::Moscow41)),
        );
}

fn make_art(mut commands: Commands, meshes: Option<ResMut<Assets<Mesh>>>) {
    let Some(mut meshes) = meshes else {
        return;
    };
    commands.insert_resource(M41BlockArt {
        body: meshes.add(polygon_mesh(&rounded_rect_points(BLOCK, BLOCK, 4.0))),
        top: meshes.add(polygon_mesh(&rounded_rect_points(
            BLOCK - 2.5,
            BLOCK - 2.5,
            3.5,
        ))),
        disc: meshes.add(Circle::new(1.0)),
        square: meshes.add(Rectangle::new(1.0, 1.0)),
        star: meshes.add(super::geometry::polygon_fill_mesh(&star_points(1.0))),
    });
}

/// Places for `n` blocks in an area, in rows of up to four under the area's number: `top` is
/// the centre of the first row (the area's [`super::labels::AreaLayout::blocks`]).
pub fn area_slots(top: Vec2, n: usize) -> Vec<Vec2> {
    let cols = if n <= 4 {
        n.max(1)
    } else {
        4.max(n.div_ceil(3))
    };
    grid(top, n, cols)
}

fn grid(top_centre: Vec2, n: usize, cols: usize) -> Vec<Vec2> {
    (0..n)
        .map(|i| {
            let (row, col) = (i / cols, i % cols);
            let in_row = (n - row * cols).min(cols);
            let x = (col as f32 - (in_row as f32 - 1.0) / 2.0) * PITCH;
            top_centre + Vec2::new(x, -(row as f32) * PITCH)
        })
        .collect()
}

/// Army / Front sticker colour (data.rs `Colour`).
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

/// One block to draw, wherever it is.
struct Placed {
    block: M41Block,
    at: Vec2,
}

fn placements(shown: &M41Shown, rules: &M41Rules, spaces: &Query<&M41Space>) -> Vec<Placed> {
    let Some(view) = &shown.view else {
        return Vec::new();
    };
    let board = &rules.0.board;
    let mut out = Vec::new();
    // On the map and in the boxes: the view lists blocks sorted by space.
    let mut i = 0;
    while i < view.blocks.len() {
        let area = view.blocks[i].area;
        let group: Vec<_> = view.blocks[i..]
            .iter()
            .take_while(|b| b.area == area)
            .collect();
        i += group.len();
        let Some(space) = spaces.iter().find(|s| s.id == area) else {
            continue;
        };
        let slots = if board.is_area(area) {
            area_slots(space.blocks_at, group.len())
        } else {
            // A box: a single row under its title.
            grid(space.blocks_at, group.len(), 6)
        };
        for (b, at) in group.into_iter().zip(slots) {
            out.push(Placed {
                block: M41Block {
                    side: b.side,
                    area: Some(area),
                    pool: None,
                    face: b.face.clone(),
                    revealed: b.revealed,
                },
                at,
            });
        }
    }
    // The holding boxes beside the map: own pool faces, the enemy's pool only as a count of
    // blank blocks (GAP-38), eliminated blocks face up (they are public on the OOB).
    for (side, kind, rect, _) in pool_boxes(board) {
        let Some(sv) = view.sides.iter().find(|s| s.side == side) else {
            continue;
        };
        let items: Vec<(Option<BlockFace>, bool)> = match kind {
            PoolKind::ForcePool => match &sv.force_pool_blocks {
                Some(faces) => faces
                    .iter()
                    .chain(sv.drawn.iter())
                    .map(|f| (Some(f.clone()), false))
                    .collect(),
                None => vec![(None, false); sv.force_pool],
            },
            PoolKind::November => vec![(None, false); sv.november_box],
            PoolKind::Lost => sv.lost.iter().map(|f| (Some(f.clone()), true)).collect(),
        };
        let cols = ((rect.width() - 0.4 * CM) / PITCH).floor().max(1.0) as usize;
        let top = Vec2::new(rect.center().x, rect.max.y - 1.4 * CM);
        for ((face, revealed), at) in items.iter().zip(grid(top, items.len(), cols)) {
            out.push(Placed {
                block: M41Block {
                    side,
                    area: None,
                    pool: Some(kind),
                    face: face.clone(),
                    revealed: *revealed,
                },
                at,
            });
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn sync_blocks(
    mut commands: Commands,
    shown: Res<M41Shown>,
    rules: Res<M41Rules>,
    old: Query<Entity, With<M41Block>>,
    spaces: Query<&M41Space>,
    art: Option<Res<M41BlockArt>>,
    mut map_art: Option<ResMut<MapArt>>,
    mut materials: Option<ResMut<Assets<ColorMaterial>>>,
    assets: Option<Res<GameAssets>>,
    mut spaces_seen: Local<usize>,
) {
    // The map's spaces are spawned on entering the table; wait for them before placing blocks.
    let n_spaces = spaces.iter().len();
    if !shown.is_changed() && *spaces_seen == n_spaces {
        return;
    }
    *spaces_seen = n_spaces;
    for e in &old {
        commands.entity(e).despawn();
    }
    let board = &rules.0.board;
    let font = assets.as_ref().map(|a| a.font_bold.clone());
    for (k, placed) in placements(&shown, &rules, &spaces).into_iter().enumerate() {
        let z = layer::BLOCK + (k % 50) as f32 * 0.02;
        let mut e = commands.spawn((
            placed.block.clone(),
            M41Rest(placed.at),
            Transform::from_translation(placed.at.extend(z)),
            Visibility::default(),
            DespawnOnExit(Screen::Moscow41),
        ));
        let (Some(art), Some(map_art), Some(materials)) = (
            art.as_deref(),
            map_art.as_deref_mut(),
            materials.as_deref_mut(),
        ) else {
            continue;
        };
        let b = &placed.block;
        let pal = palette(b.side);
        let mut mat = |c: Color| MeshMaterial2d(map_art.colour(materials, c));
        let shadow = mat(Color::srgba(0.0, 0.0, 0.0, 0.35));
        let edge = mat(pal.edge);
        let top = mat(pal.top);
        let rim = mat(Color::srgb(0.98, 0.90, 0.55));
        let text_col = pal.text;
        let white = mat(Color::WHITE);
        let symbol = mat(pal.text.with_alpha(0.9));
        let face = b.face.clone();
        let data = face.as_ref().map(|f| board.block(f.block).clone());
        let pips: Vec<(MeshMaterial2d<ColorMaterial>, MeshMaterial2d<ColorMaterial>)> =
            match (&face, &data) {
                (Some(f), Some(d)) => d
                    .dots
                    .iter()
                    .take(f.strength as usize)
                    .map(|fp| {
                        let (fill, ring) = pip_colours(Some(*fp));
                        (mat(fill), mat(ring))
                    })
                    .collect(),
                _ => Vec::new(),
            };
        let star_col = mat(Color::srgb(1.0, 0.86, 0.25));
        let band = face
            .as_ref()
            .and_then(|f| f.colour)
            .map(|c| mat(sticker_colour(c)));
        let revealed = b.revealed;
        e.with_children(|p| {
            if revealed {
                // Lying face up: flat on the map, a light rim instead of the wooden side.
                p.spawn((
                    Mesh2d(art.body.clone()),
                    shadow,
                    Transform::from_xyz(1.5, -1.5, -0.03).with_scale(Vec3::splat(1.1)),
                ));
                p.spawn((
                    Mesh2d(art.body.clone()),
                    rim,
                    Transform::from_xyz(0.0, 0.0, -0.02).with_scale(Vec3::splat(1.1)),
                ));
            } else {
                // Standing upright: the shadow and the wooden side give it thickness.
                p.spawn((
                    Mesh2d(art.body.clone()),
                    shadow,
                    Transform::from_xyz(3.0, -3.5, -0.03),
                ));
                p.spawn((
                    Mesh2d(art.body.clone()),
                    edge,
                    Transform::from_xyz(1.2, -1.6, -0.02),
                ));
            }
            p.spawn((Mesh2d(art.top.clone()), top, Transform::default()));
            let (Some(face), Some(d)) = (&face, &data) else {
                return;
            };
            // Strength along the top edge: dots for combat blocks, stars for HQs and leaders.
            let n = face.strength as usize;
            let spacing = 6.2;
            for k in 0..n {
                let x = (k as f32 - (n as f32 - 1.0) / 2.0) * spacing;
                let y = BLOCK / 2.0 - 5.0;
                if d.role == Role::Combat {
                    if let Some((fill, ring)) = pips.get(k) {
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
                } else {
                    p.spawn((
                        Mesh2d(art.star.clone()),
                        star_col.clone(),
                        Transform::from_xyz(x, y, 0.03).with_scale(Vec3::splat(3.3)),
                    ));
                }
            }
            symbol_for(p, art, &symbol, d.role, face.combat_type);
            p.spawn(map_text(
                face.label.clone(),
                7.5,
                text_col,
                font.as_ref(),
                Vec3::new(0.0, -BLOCK * 0.26, 0.05),
            ));
            if let Some(band) = band {
                p.spawn((
                    Mesh2d(art.square.clone()),
                    band,
                    Transform::from_xyz(0.0, -BLOCK / 2.0 + 2.8, 0.02).with_scale(Vec3::new(
                        BLOCK - 10.0,
                        2.2,
                        1.0,
                    )),
                ));
            }
            if face.isolated {
                // The white Isolated cube (R 9.1).
                p.spawn((
                    Mesh2d(art.square.clone()),
                    white,
                    Transform::from_xyz(BLOCK / 2.0 - 3.0, BLOCK / 2.0 - 3.0, 0.06)
                        .with_scale(Vec3::splat(6.0)),
                ));
            }
        });
    }
}

/// A small NATO-style symbol: X infantry, oval armour, both for motorised infantry, one
/// diagonal for cavalry; HQs a flag bar, leaders a diamond.
fn symbol_for(
    p: &mut ChildSpawnerCommands,
    art: &M41BlockArt,
    colour: &MeshMaterial2d<ColorMaterial>,
    role: Role,
    kind: Option<CombatType>,
) {
    let (w, h, t) = (14.0, 8.0, 1.1);
    let cy = 1.5;
    let bar = |p: &mut ChildSpawnerCommands, x: f32, y: f32, sx: f32, sy: f32, rot: f32| {
        p.spawn((
            Mesh2d(art.square.clone()),
            colour.clone(),
            Transform::from_xyz(x, y, 0.04)
                .with_rotation(Quat::from_rotation_z(rot))
                .with_scale(Vec3::new(sx, sy, 1.0)),
        ));
    };
    match role {
        Role::Leader => {
            bar(p, 0.0, cy, 8.0, 8.0, std::f32::consts::FRAC_PI_4);
            return;
        }
        Role::TacticalHq | Role::LuftwaffeHq => {
            // The HQ staff: a frame on a pole.
            bar(p, -w / 2.0, cy - 2.0, t, h + 4.0, 0.0);
        }
        Role::Combat => {}
    }
    bar(p, 0.0, cy + h / 2.0, w, t, 0.0);
    bar(p, 0.0, cy - h / 2.0, w, t, 0.0);
    bar(p, -w / 2.0, cy, t, h, 0.0);
    bar(p, w / 2.0, cy, t, h, 0.0);
    let diag = (w * w + h * h).sqrt();
    let angle = (h / w).atan();
    match kind {
        Some(CombatType::Infantry) => {
            bar(p, 0.0, cy, diag, t * 0.9, angle);
            bar(p, 0.0, cy, diag, t * 0.9, -angle);
        }
        Some(CombatType::Cavalry) => bar(p, 0.0, cy, diag, t * 0.9, angle),
        Some(CombatType::Tank) | Some(CombatType::MotorizedInfantry) => {
            bar(p, 0.0, cy + 2.0, 7.5, t * 0.9, 0.0);
            bar(p, 0.0, cy - 2.0, 7.5, t * 0.9, 0.0);
            bar(p, -4.0, cy, t * 0.9, 4.0, 0.0);
            bar(p, 4.0, cy, t * 0.9, 4.0, 0.0);
            if kind == Some(CombatType::MotorizedInfantry) {
                bar(p, 0.0, cy, diag, t * 0.7, angle);
                bar(p, 0.0, cy, diag, t * 0.7, -angle);
            }
        }
        None => {
            if role == Role::LuftwaffeHq {
                // Wings for the Fliegerkorps.
                bar(p, 0.0, cy, w * 0.8, t, 0.25);
                bar(p, 0.0, cy, w * 0.8, t, -0.25);
            }
        }
    }
}

/// The picked-up block rises and grows a little; `H` hides every block.
fn lift_and_hide(
    lifted: Res<M41Lifted>,
    hidden: Res<M41PiecesHidden>,
    mut q: Query<(&M41Block, &M41Rest, &mut Transform, &mut Visibility)>,
) {
    for (b, rest, mut tf, mut vis) in &mut q {
        let up = b.pool.is_none() && b.id().is_some() && b.id() == lifted.0;
        let target = rest.0 + if up { Vec2::new(-2.0, 5.0) } else { Vec2::ZERO };
        let scale = if up { 1.15 } else { 1.0 };
        if tf.translation.truncate() != target || tf.scale.x != scale {
            tf.translation.x = target.x;
            tf.translation.y = target.y;
            tf.translation.z = if up {
                layer::BLOCK + 3.0
            } else {
                tf.translation.z.min(layer::BLOCK + 2.0)
            };
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
