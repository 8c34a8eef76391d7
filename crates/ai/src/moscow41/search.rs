//! Hard's look-ahead: plans compared by playing them out.
//!
//! At the start of a stretch of its own decisions that no die interrupts (an impulse's
//! declaration, HQ activations and the command segment's moves up to the first battle; a
//! Blitz or Exploitation; the Logistic Phase), Hard draws up a few complete plans — the one
//! its own one-ply scoring plays, and variants with more spread among nearly equal moves —
//! and plays each out on positions sampled from its View: the plan, the rest of the impulse
//! and the enemy's next impulse, both sides by the Normal AI. It judges the position
//! reached and keeps the plan after which the game goes best, then follows that plan move
//! by move while the position is the one the plan expected.
//!
//! The sampled positions come from [`eastfront_moscow41::determinise`]: complete states
//! consistent with the View (hidden enemy blocks drawn from what the View does not rule
//! out, fresh dice), so the look-ahead reads no hidden fact and no future die. Every plan
//! is played on the same samples with the same dice seeds (common random numbers), so the
//! comparison measures the plan, not the luck. A plan ends at the first die rolled: what
//! comes after depends on dice the AI cannot know.

use super::model::{idx, Model};
use super::{one_ply, Level, Profile};
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_moscow41::data::Role;
use eastfront_moscow41::view::{build_view_with, View};
use eastfront_moscow41::{Action, Loc, Moscow41, State};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Mutex;

/// How much Hard looks ahead per plan.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Plans drawn up (the first is the one-ply scoring's own).
    pub plans: usize,
    /// Sampled positions each plan is played out on.
    pub samples: usize,
    /// Spread added to the scores of the variant plans' moves.
    pub variant_noise: f32,
    /// Play-outs stop at the end of the enemy's next impulse (true) or of this one.
    pub enemy_reply: bool,
}

/// A play-out stops after this many decisions even if the enemy's impulse is not over.
const MAX_STEPS: usize = 600;

impl Budget {
    /// Hard's budget. Measured in "The Last Breath of the Wehrmacht" against Normal (40
    /// seeds a side): 6 samples with the enemy's reply win 80% as German and 35% as Soviet
    /// (Normal against Normal: 72.5% and 27.5%); 3 samples, 65% as German; 10 samples
    /// without the enemy's reply, 77.5% as German and 25% as Soviet.
    pub const HARD: Budget = Budget {
        plans: 4,
        samples: 6,
        variant_noise: 12.0,
        enemy_reply: true,
    };
}

/// Where a plan may start: decisions that shape an impulse or a phase (not a battle's
/// choices, which follow dice, nor the setup's placements, whose effect shows only later).
fn plan_point(legal: &[Action]) -> bool {
    legal.iter().any(|a| {
        matches!(
            a,
            Action::Tactical
                | Action::StrategicMove
                | Action::Activate { .. }
                | Action::Move { .. }
                | Action::Rail { .. }
                | Action::Deploy { .. }
                | Action::Regenerate { .. }
                | Action::ActivateLeader
        )
    }) && !legal
        .iter()
        .any(|a| matches!(a, Action::Place { .. } | Action::PlaceDl { .. }))
}

/// The position a plan step expects: what `me` sees and may do. Names are left out (the
/// sampled positions are built without them).
fn position_key(me: Side, view: &View, legal: &[Action]) -> u64 {
    let mut h = DefaultHasher::new();
    me.hash(&mut h);
    view.turn.hash(&mut h);
    format!("{:?}", view.public).hash(&mut h);
    format!("{:?}", view.areas).hash(&mut h);
    for b in &view.blocks {
        format!("{:?}{:?}{}{}", b.side, b.area, b.revealed, b.isolated).hash(&mut h);
        b.face.as_ref().map(|f| (f.block, f.strength)).hash(&mut h);
    }
    format!("{legal:?}").hash(&mut h);
    h.finish()
}

/// The rest of the plans chosen: the action to play in each expected position.
static PLANS: Mutex<Option<HashMap<u64, Action>>> = Mutex::new(None);
/// Forget the oldest plans past this many steps (games in parallel share the table; a key
/// names a whole position, so one game's plan never fits another's position by accident).
const PLAN_TABLE_LIMIT: usize = 20_000;

fn planned(key: u64) -> Option<Action> {
    PLANS.lock().ok()?.as_mut()?.remove(&key)
}

fn remember(steps: &[(u64, Action)]) {
    if let Ok(mut t) = PLANS.lock() {
        let t = t.get_or_insert_with(HashMap::new);
        if t.len() > PLAN_TABLE_LIMIT {
            t.clear();
        }
        for (k, a) in steps {
            t.insert(*k, a.clone());
        }
    }
}

/// Hard's decision, or None where one ply decides (no plan point, or nothing to compare).
pub fn choose_by_plans(
    game: &Moscow41,
    view: &View,
    legal: &[Action],
    budget: Budget,
    seed: u64,
) -> Option<Action> {
    let Viewer::Side(me) = view.viewer else {
        return None;
    };
    let key = position_key(me, view, legal);
    if let Some(a) = planned(key) {
        if legal.contains(&a) {
            return Some(a);
        }
    }
    if !plan_point(legal) || budget.plans < 2 || budget.samples == 0 {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed_5ea4_c4ed);
    let samples: Vec<State> = (0..budget.samples)
        .filter_map(|_| eastfront_moscow41::determinise(&game.board, view, &mut rng).ok())
        .collect();
    let first = samples.first()?;
    // The plans: Hard's own one-ply play, then variants.
    let mut plans: Vec<Vec<(u64, Action)>> = Vec::new();
    for k in 0..budget.plans {
        let mut profile = Profile::of(Level::Hard, me);
        if k > 0 {
            profile.noise = profile.noise.max(budget.variant_noise);
            profile.move_noise = profile.move_noise.max(budget.variant_noise);
        }
        let plan = draw_plan(game, first, me, profile, seed.wrapping_add(k as u64 * 7919));
        if !plan.is_empty() && !plans.iter().any(|p| same_actions(p, &plan)) {
            plans.push(plan);
        }
    }
    if plans.len() < 2 {
        // Every variant is the same plan: nothing to compare, but it is still followed.
        let plan = plans.pop()?;
        remember(&plan[1..]);
        return Some(plan[0].1.clone());
    }
    let mut best: Option<(f32, usize)> = None;
    for (k, plan) in plans.iter().enumerate() {
        let mut total = 0.0;
        for (j, s) in samples.iter().enumerate() {
            let mut st = s.clone();
            if !follow(game, &mut st, plan) {
                total = f32::NEG_INFINITY;
                break;
            }
            let roll_seed = seed ^ (j as u64 + 1).wrapping_mul(0x51_7cc1_b727);
            play_out(game, &mut st, me, budget.enemy_reply, roll_seed);
            total += judge(game, &st, me);
        }
        let value = total / samples.len() as f32;
        // Ties go to the earlier plan (Hard's own first).
        if best.is_none_or(|b| value > b.0) {
            best = Some((value, k));
        }
    }
    let chosen = &plans[best?.1];
    remember(&chosen[1..]);
    Some(chosen[0].1.clone())
}

fn same_actions(a: &[(u64, Action)], b: &[(u64, Action)]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.1 == y.1)
}

/// `me`'s decisions from `st` by one-ply play with `profile`, until a die is rolled, the
/// enemy is to act, a new impulse is to be declared or the game ends; each with the key of
/// the position it was taken in.
fn draw_plan(
    game: &Moscow41,
    start: &State,
    me: Side,
    profile: Profile,
    seed: u64,
) -> Vec<(u64, Action)> {
    let mut st = start.clone();
    let mut plan = Vec::new();
    for step in 0..MAX_STEPS {
        let Some(seat) = game.active(&st) else { break };
        if game.side_of(&st, seat) != me {
            break;
        }
        let legal = game.legal_actions(&st, seat);
        if legal.is_empty() || (step > 0 && declares_impulse(&legal)) {
            break;
        }
        let view = build_view_with(&game.board, &st, Viewer::Side(me), false);
        let a = if legal.len() == 1 {
            legal[0].clone()
        } else {
            one_ply(game, &view, &legal, profile, seed.wrapping_add(step as u64))
        };
        plan.push((position_key(me, &view, &legal), a.clone()));
        let dice = st.dice.clone();
        if game.apply(&mut st, seat, &a).is_err() || st.dice != dice {
            break;
        }
    }
    plan
}

fn declares_impulse(legal: &[Action]) -> bool {
    legal
        .iter()
        .any(|a| matches!(a, Action::Tactical | Action::Pass))
}

/// Play `plan` on a sampled position; false if a step is not legal there.
fn follow(game: &Moscow41, st: &mut State, plan: &[(u64, Action)]) -> bool {
    plan.iter().all(|(_, a)| {
        game.active(st)
            .is_some_and(|seat| game.apply(st, seat, a).is_ok())
    })
}

/// The value of a sampled position for `me` at the end of a play-out: the evaluator's
/// value, plus the strength each side has left (German losses are for good; Soviet blocks
/// come back through the Force Pool), plus the Initiative Disc.
pub fn judge(game: &Moscow41, st: &State, me: Side) -> f32 {
    if let Some(o) = game.outcome(st) {
        return match o.winner {
            Some(w) if w == me => 1.0e5,
            Some(_) => -1.0e5,
            None => 0.0,
        };
    }
    // The sample is this side's own guess at the hidden facts: judging it whole reads
    // nothing of the real game.
    let view = build_view_with(&game.board, st, Viewer::Omniscient, false);
    let m = Model::from_view_as(&game.board, &view, me);
    let mut v = m.value(true);
    let (own_w, en_w) = if me == Side::German {
        (22.0, 14.0)
    } else {
        (9.0, 24.0)
    };
    let mut strength = [0.0f32; 2];
    for (k, bs) in st.blocks.iter().enumerate() {
        let d = &game.board.data.blocks.blocks[k];
        if d.role == Role::Leader {
            continue;
        }
        let s = match bs.loc {
            Loc::Space(_) => bs.strength as f32,
            // A Soviet block in the Force Pool comes back at its entry strength; a German
            // one waits for a draw.
            Loc::ForcePool | Loc::Drawn => 0.3 * d.max_strength as f32,
            _ => 0.0,
        };
        strength[idx(d.side)] += s;
    }
    v += own_w * strength[idx(me)] - en_w * strength[idx(me.other())];
    v += if st.initiative == me { 60.0 } else { -60.0 };
    v
}

/// Play from `st` until `me`'s impulse is over (and, with `enemy_reply`, the enemy's next
/// one too), the month ends or the game ends; both sides by the Normal AI.
pub fn play_out(game: &Moscow41, st: &mut State, me: Side, enemy_reply: bool, seed: u64) {
    let turn = st.turn;
    let mut enemy_declared = false;
    for step in 0..MAX_STEPS {
        let Some(seat) = game.active(st) else { return };
        if st.turn != turn {
            return;
        }
        let side = game.side_of(st, seat);
        let legal = game.legal_actions(st, seat);
        if legal.is_empty() {
            return;
        }
        if declares_impulse(&legal) {
            if side != me && !enemy_reply {
                return;
            }
            if side == me && enemy_declared {
                return;
            }
            enemy_declared |= side != me;
        }
        let a = if legal.len() == 1 {
            legal[0].clone()
        } else {
            let view = build_view_with(&game.board, st, Viewer::Side(side), false);
            let profile = Profile::of(Level::Normal, side);
            one_ply(
                game,
                &view,
                &legal,
                profile,
                seed.wrapping_add(step as u64 * 0x9e37_79b9),
            )
        };
        if game.apply(st, seat, &a).is_err() {
            return;
        }
    }
}
