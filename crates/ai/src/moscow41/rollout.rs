//! Hard's look-ahead by play: at the decisions that shape an impulse (which impulse to
//! take, which HQ to activate, whether to end a segment), the best few candidates of the
//! one-ply scoring are each played out on sampled positions — the rest of this impulse and
//! the enemy's next one, both sides played by the Normal AI — and the position reached is
//! judged from this side's own view. This is rollout policy improvement: Hard plays the
//! move after which Normal's own continuation does best.
//!
//! The sampled positions come from a `Sampler`: a complete game state consistent with this
//! side's View (hidden enemy blocks drawn from what the View does not rule out, fresh
//! dice), so the look-ahead never reads a hidden fact or a future die.

use super::model::Model;
use super::Level;
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_moscow41::view::View;
use eastfront_moscow41::{Action, Moscow41, State};
use rand_chacha::ChaCha8Rng;

/// Builds a full state consistent with a side's View, with its own fresh dice.
pub type Sampler<'s> = &'s dyn Fn(&View, &mut ChaCha8Rng) -> Option<State>;

/// Candidates played out per decision, and sampled positions per candidate.
pub const CANDIDATES: usize = 3;
pub const SAMPLES: usize = 2;
/// Only candidates the one-ply scoring puts within this much of its best are played out:
/// the play-out's horizon is short, so it refines close calls and does not overturn a clear
/// long-term preference (the Initiative Disc's economy, HQ stamina).
pub const MARGIN: f32 = 60.0;
/// A play-out stops after this many decisions even if the enemy's impulse is not over.
const MAX_STEPS: usize = 400;

/// Decisions worth a play-out: the impulse's shape, not its details.
pub fn worth_rollout(legal: &[Action]) -> bool {
    legal.iter().any(|a| {
        matches!(
            a,
            Action::Tactical
                | Action::Pass
                | Action::StrategicMove
                | Action::StrategicReinforce
                | Action::EndActivation
                | Action::Exploit
                | Action::LogisticPause
                | Action::ActivateLeader
        ) || (std::env::var("M41_RO_MOVES").is_ok() && matches!(a, Action::EndCommand | Action::EndCombat | Action::EndBlitz))
    })
}

/// The value of a position for `me`, judged from `me`'s view: the evaluator's value plus the
/// blocks still standing (German losses are for good; Soviet blocks come back through the
/// Force Pool).
pub fn judge(game: &Moscow41, st: &State, me: Side) -> f32 {
    if let Some(o) = game.outcome(st) {
        return match o.winner {
            Some(w) if w == me => 1.0e6,
            Some(_) => -1.0e6,
            None => 0.0,
        };
    }
    let view = game.view(st, Viewer::Side(me));
    let m = Model::from_view(&game.board, &view);
    let mut v = m.value(true);
    // Per step, as the one-ply battle scoring weighs a loss and a kill.
    let (own_w, en_w) = if me == Side::German {
        (22.0, 14.0)
    } else {
        (9.0, 24.0)
    };
    // Blocks waiting off the map still count, a little less: the Soviet's come back from
    // the Force Pool (R 7.2.2), the German's are reinforcements not yet drawn; a German
    // block lost is gone for good (R 9.3, 10.14.3).
    const POOL: f32 = 0.3;
    let mut own = 0.0;
    let mut en = 0.0;
    for us in &m.units {
        for u in us.iter().filter(|u| u.counts_for_control()) {
            if u.side == me {
                own += u.strength;
            } else {
                en += u.strength;
            }
        }
    }
    for sv in &view.sides {
        if sv.side == me {
            let pool: f32 = sv
                .force_pool_blocks
                .iter()
                .flatten()
                .chain(&sv.drawn)
                .map(|f| f.max_strength as f32)
                .sum();
            own += POOL * pool;
        } else {
            en += POOL * sv.force_pool as f32 * m.prior.strength;
        }
    }
    v += own_w * own - en_w * en;
    // The Initiative Disc: the next turn's first impulse, or a Strategic Impulse (R 3.2.1,
    // R 11.0); whoever holds it when the play-out stops can spend it next.
    v += if view.initiative == me { 100.0 } else { -100.0 };
    v
}

/// Play from `st` (where `me` has just acted or is about to) until the enemy has finished
/// one impulse and `me` is to choose an impulse again, the turn changes, or the game ends.
pub fn play_out(game: &Moscow41, st: &mut State, me: Side, seed: u64) {
    let turn = st.turn;
    let mut enemy_impulse_seen = false;
    for step in 0..MAX_STEPS {
        let Some(seat) = game.active(st) else { return };
        let side = game.side_of(st, seat);
        let legal = game.legal_actions(st, seat);
        if legal.is_empty() {
            return;
        }
        let impulse_choice = legal
            .iter()
            .any(|a| matches!(a, Action::Tactical | Action::Pass));
        if impulse_choice {
            if side == me && enemy_impulse_seen {
                return;
            }
            if side != me {
                enemy_impulse_seen = true;
            }
        }
        if st.turn != turn {
            return;
        }
        let view = game.view(st, Viewer::Side(side));
        let a = super::choose(
            game,
            &view,
            &legal,
            Level::Normal,
            seed.wrapping_add(step as u64 * 0x9e37),
        );
        if game.apply(st, seat, &a).is_err() {
            return;
        }
    }
}

/// Pick among `candidates` (indices into `legal`, best one-ply first) by playing each out on
/// the same sampled positions. Returns the chosen index, or None when no position could be
/// sampled.
pub fn rerank(
    game: &Moscow41,
    view: &View,
    legal: &[Action],
    candidates: &[usize],
    sampler: Sampler,
    rng: &mut ChaCha8Rng,
    seed: u64,
) -> Option<usize> {
    let me = match view.viewer {
        Viewer::Side(s) => s,
        _ => return None,
    };
    let samples: Vec<State> = (0..SAMPLES).filter_map(|_| sampler(view, rng)).collect();
    if samples.is_empty() {
        return None;
    }
    let mut best: Option<(f32, usize)> = None;
    for (rank, &i) in candidates.iter().enumerate() {
        let mut total = 0.0;
        for (k, s) in samples.iter().enumerate() {
            let mut st = s.clone();
            let Some(seat) = game.active(&st) else {
                return None;
            };
            if game.apply(&mut st, seat, &legal[i]).is_err() {
                total = f32::MIN;
                break;
            }
            play_out(game, &mut st, me, seed ^ (k as u64 * 0x51_7cc1));
            total += judge(game, &st, me);
        }
        // Ties go to the one-ply order.
        let score = total / samples.len() as f32 - rank as f32 * 1.0e-3;
        if best.is_none_or(|b| score > b.0) {
            best = Some((score, i));
        }
    }
    best.map(|b| b.1)
}
