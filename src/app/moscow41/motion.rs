//! Following a move at the Moscow table (UX.md "When the AI plays"): every block that moved in
//! the last action slides from its old area to its new one, and the area it reached is ringed
//! for a moment. The AI's pace is the shared speed setting (`app::ai_pace::AiPace`: Slow,
//! Normal, Fast, Instant, "Skip to my turn"): the AI waits that long between two actions and the
//! slide takes most of it. Window only; headless tests see every action at once.

use super::super::ai_pace::AiPace;
use super::super::screens::Screen;
use super::super::table::TableSet;
use super::board::{layer, M41Space};
use super::pieces::{M41Block, M41Rest};
use super::session::{M41Shown, M41Table};
use bevy::prelude::*;
use eastfront_kernel::{Record, Side};
use eastfront_moscow41::{Action, AreaId, BlockId, EventKind};

/// One block's move in the last action.
#[derive(Clone, Debug)]
struct Move {
    from: AreaId,
    to: AreaId,
    side: Side,
    block: Option<BlockId>,
}

/// The moves of the last action and when they began.
#[derive(Resource, Default)]
struct Motion {
    key: (u64, u64),
    moves: Vec<Move>,
    started: f64,
    /// Seconds the slide takes (0: Instant, no slide).
    seconds: f32,
    /// The slides were given to the rebuilt block entities.
    given: bool,
}

/// A block sliding from `from` to its resting place.
#[derive(Component)]
struct SlideIn {
    from: Vec2,
    t0: f64,
    seconds: f32,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Motion>()
        .add_systems(OnExit(Screen::Moscow41), |mut m: ResMut<Motion>| {
            *m = Motion::default()
        })
        .add_systems(
            Update,
            track
                .after(TableSet::Act)
                .before(TableSet::View)
                .run_if(in_state(Screen::Moscow41).and_then(resource_exists::<M41Table>)),
        )
        .add_systems(
            Update,
            (give_slides, slide, ring)
                .chain()
                .after(TableSet::Draw)
                .run_if(in_state(Screen::Moscow41).and_then(resource_exists::<M41Table>)),
        );
}

/// The block an action moves, if it names one.
fn moved_block(a: &Action) -> Option<BlockId> {
    match a {
        Action::Move { block, .. }
        | Action::Rail { block, .. }
        | Action::Blitz { block, .. }
        | Action::Deploy { block, .. } => Some(*block),
        Action::Activate { hq, .. } => Some(*hq),
        _ => None,
    }
}

fn track(
    table: Res<M41Table>,
    pace: Option<Res<AiPace>>,
    mut motion: ResMut<Motion>,
    time: Res<Time>,
) {
    let key = (table.session.seed, table.revision);
    if motion.key == key {
        return;
    }
    let seconds = pace.map(|p| p.seconds()).unwrap_or(0.0) as f32;
    *motion = Motion {
        key,
        started: time.elapsed_secs_f64(),
        seconds: (seconds * 0.75).min(1.2),
        ..default()
    };
    let Some(Record::Act { seat, action }) = table.session.record().last() else {
        return;
    };
    // The side that acted (the seat's side now; a seat keeps its side all game).
    let side = table.side_of(*seat);
    let block = moved_block(action);
    for e in &table.latest {
        if let EventKind::Moved {
            from: Some(from),
            to,
        } = e.kind
        {
            motion.moves.push(Move {
                from,
                to,
                side,
                block,
            });
        }
    }
}

fn give_slides(
    mut commands: Commands,
    table: Res<M41Table>,
    shown: Res<M41Shown>,
    mut motion: ResMut<Motion>,
    spaces: Query<&M41Space>,
    blocks: Query<(Entity, &M41Block), Without<SlideIn>>,
) {
    if motion.given || shown.revision != table.revision || blocks.is_empty() {
        return;
    }
    motion.given = true;
    if motion.seconds <= 0.0 {
        return;
    }
    let centre = |a: AreaId| spaces.iter().find(|s| s.id == a).map(|s| s.centre);
    let mut taken: Vec<Entity> = Vec::new();
    for m in &motion.moves {
        let Some(from) = centre(m.from) else { continue };
        let here: Vec<(Entity, &M41Block)> = blocks
            .iter()
            .filter(|(e, b)| b.area == Some(m.to) && b.side == m.side && !taken.contains(e))
            .collect();
        // The named block when the viewer sees its face; else one of its side's blocks there
        // (a hidden block is blank wood: any of them shows the move as well).
        let pick = here
            .iter()
            .find(|(_, b)| m.block.is_some() && b.id() == m.block)
            .or(here.last())
            .map(|(e, _)| *e);
        if let Some(e) = pick {
            taken.push(e);
            commands.entity(e).insert(SlideIn {
                from,
                t0: motion.started,
                seconds: motion.seconds,
            });
        }
    }
}

fn slide(
    mut commands: Commands,
    time: Res<Time>,
    mut q: Query<(Entity, &SlideIn, &M41Rest, &mut Transform)>,
) {
    let now = time.elapsed_secs_f64();
    for (e, s, rest, mut tf) in &mut q {
        let t = ((now - s.t0) as f32 / s.seconds.max(0.01)).clamp(0.0, 1.0);
        if t >= 1.0 {
            tf.translation.x = rest.0.x;
            tf.translation.y = rest.0.y;
            commands.entity(e).remove::<SlideIn>();
            continue;
        }
        let k = t * t * (3.0 - 2.0 * t);
        let p = s.from.lerp(rest.0, k);
        tf.translation.x = p.x;
        tf.translation.y = p.y;
        tf.translation.z = layer::BLOCK + 3.5;
    }
}

/// The area each block reached is ringed while it slides and a moment after.
fn ring(motion: Res<Motion>, time: Res<Time>, spaces: Query<&M41Space>, mut gizmos: Gizmos) {
    if motion.moves.is_empty() || motion.seconds <= 0.0 {
        return;
    }
    let age = (time.elapsed_secs_f64() - motion.started) as f32;
    let last = motion.seconds + 0.8;
    if age > last {
        return;
    }
    let fade = 1.0 - (age / last).clamp(0.0, 1.0) * 0.7;
    for m in &motion.moves {
        let Some(s) = spaces.iter().find(|s| s.id == m.to) else {
            continue;
        };
        let colour = match m.side {
            Side::German => Color::srgba(0.95, 0.95, 0.95, fade),
            Side::Soviet => Color::srgba(1.0, 0.85, 0.2, fade),
        };
        let mut pts = s.outline.clone();
        if let Some(first) = pts.first().copied() {
            pts.push(first);
        }
        gizmos.linestrip_2d(pts.iter().copied(), colour);
        let inner: Vec<Vec2> = pts.iter().map(|p| s.centre.lerp(*p, 0.93)).collect();
        gizmos.linestrip_2d(inner, colour);
        if let Some(from) = spaces.iter().find(|x| x.id == m.from) {
            gizmos.arrow_2d(from.centre, s.centre, colour);
        }
    }
}
