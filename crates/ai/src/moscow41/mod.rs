//! The Moscow '41 computer player, for both sides: a utility AI built from scored,
//! game-specific tactics. It sees only its side's [`View`] and the legal actions; hidden enemy
//! blocks are estimated from public facts (how many, where, which enemy blocks have not been
//! seen), never read from the game state.
//!
//! - [`model`]: the AI's picture of the table built from the View, the position evaluator
//!   (VP, Kiev's cities, supply of both sides, the front line, the German drive) and the
//!   battle estimate (rules file §8.4 heuristics 1–4, 10, 12).
//! - [`tactics`]: one scorer per kind of decision (impulse type, HQ activation, moves and
//!   engagements, DLs, support, battles, Blitz, Exploitation, logistics, reinforcements).
//! - [`search`]: the Hard level's determinised battles and enemy-reply look-ahead.
//!
//! Levels differ by thinking budget: Easy scores greedily with a short evaluator and noise;
//! Normal uses the full evaluator; Hard adds sampled (determinised) battles and the
//! enemy's best reply to every move.

pub mod model;
pub mod rollout;
pub mod search;
pub mod tactics;

use eastfront_moscow41::view::View;
use eastfront_moscow41::{Action, Moscow41};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Difficulty: how much the AI thinks per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Level {
    /// Greedy one-ply scoring with a short evaluator and noise.
    Easy,
    /// One-ply with the full evaluator (supply, front line, encirclement).
    #[default]
    Normal,
    /// Normal plus determinised battles and the enemy's best reply.
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == s)
    }
}

/// A uniformly random legal action.
pub fn random_action(legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    legal[rng.random_range(0..legal.len())].clone()
}

/// The AI's choice for the side `view` belongs to. Deterministic for a given view, legal
/// list, level and seed.
pub fn choose(game: &Moscow41, view: &View, legal: &[Action], level: Level, seed: u64) -> Action {
    assert!(!legal.is_empty(), "choose needs at least one legal action");
    if legal.len() == 1 {
        return legal[0].clone();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let m = model::Model::from_view(&game.board, view);
    let mut ctx = tactics::Ctx::new(m, view, level, legal);
    let keep = shortlist(&ctx, legal, level);
    let mut scored: Vec<(f32, usize)> = Vec::new();
    for (i, a) in legal.iter().enumerate() {
        if keep[i] {
            scored.push((tactics::score(&mut ctx, a, &mut rng), i));
        }
    }
    scored.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
    if std::env::var("M41_SCORES").is_ok() {
        for (s, i) in scored.iter().take(12) {
            eprintln!("   {s:9.1} {}", describe(&game.board, &legal[*i]));
        }
    }
    if level == Level::Hard && scored.len() > 1 {
        // Second pass on the best few: sampled battles and the enemy's best reply.
        if knob("DEEP", 1.0) > 0.0 { ctx.go_deep(); }
        let top: Vec<usize> = scored.iter().take(HARD_RERANK).map(|x| x.1).collect();
        scored = top
            .into_iter()
            .map(|i| (tactics::score(&mut ctx, &legal[i], &mut rng), i))
            .collect();
        scored.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
        if knob("ROLL", 1.0) > 0.0 && rollout::worth_rollout(legal) {
            let top = scored[0].0;
            let cands: Vec<usize> = scored
                .iter()
                .take(rollout::CANDIDATES)
                .filter(|x| x.0 >= top - rollout::MARGIN)
                .map(|x| x.1)
                .collect();
            if cands.len() >= 2 {
                let board = &game.board;
                let sampler = |v: &View, r: &mut ChaCha8Rng| {
                    eastfront_moscow41::determinise(board, v, r).ok()
                };
                if let Some(i) = rollout::rerank(game, view, legal, &cands, &sampler, &mut rng, seed) {
                    return legal[i].clone();
                }
            }
        }
    }
    legal[scored[0].1].clone()
}

/// How many of the first pass's best actions Hard looks at again, deeper.
const HARD_RERANK: usize = 16;

/// Moves worth a full look: a command segment offers hundreds of moves (every block to every
/// reachable area); a quick score keeps the most promising few per level's budget.
fn shortlist(ctx: &tactics::Ctx, legal: &[Action], level: Level) -> Vec<bool> {
    let budget = match level {
        Level::Easy => 24,
        Level::Normal => 56,
        Level::Hard => 96,
    };
    let moves: Vec<usize> = (0..legal.len())
        .filter(|i| matches!(legal[*i], Action::Move { .. }))
        .collect();
    let mut keep = vec![true; legal.len()];
    if moves.len() <= budget {
        return keep;
    }
    let mut scored: Vec<(f32, usize)> = moves
        .iter()
        .map(|&i| (tactics::quick_move_score(ctx, &legal[i]), i))
        .collect();
    scored.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
    for &i in &moves {
        keep[i] = false;
    }
    for &(_, i) in scored.iter().take(budget) {
        keep[i] = true;
    }
    keep
}

/// An action in words, for hints and logs ("Move 24 to 63 Moscow via 71 Gzhatsk").
pub fn describe(board: &eastfront_moscow41::Board, action: &Action) -> String {
    let place = |a: &eastfront_moscow41::AreaId| board.place_label(*a);
    let block = |b: &eastfront_moscow41::BlockId| board.block(*b).label.clone();
    let path = |p: &[eastfront_moscow41::AreaId]| match p.split_last() {
        Some((last, [])) => place(last),
        Some((last, via)) => format!(
            "{} via {}",
            place(last),
            via.iter().map(place).collect::<Vec<_>>().join(", ")
        ),
        None => "its area".into(),
    };
    match action {
        Action::Place { block: b, area } | Action::Deploy { block: b, area } => {
            format!("Deploy {} in {}", block(b), place(area))
        }
        Action::PlaceDl { area } => format!("Defensive Line in {}", place(area)),
        Action::LogisticPause => "Logistic Pause (the Leader rests)".into(),
        Action::ActivateLeader => "Activate the Leader".into(),
        Action::Regenerate { hq } => format!("Regenerate {}", block(hq)),
        Action::Replace { block: b } => format!("Replace a step of {}", block(b)),
        Action::Tactical => "Tactical Impulse".into(),
        Action::StrategicMove => "Strategic Impulse: move".into(),
        Action::StrategicReinforce => "Strategic Impulse: reinforcements".into(),
        Action::Pass => "Pass".into(),
        Action::Activate { hq, path: p } if p.is_empty() => format!("Activate {}", block(hq)),
        Action::Activate { hq, path: p } => format!("Activate {} in {}", block(hq), path(p)),
        Action::Move { block: b, path: p } => format!("Move {} to {}", block(b), path(p)),
        Action::Rail { block: b, to } => format!("Rail {} to {}", block(b), place(to)),
        Action::BuildDl { block: b } => format!("{} builds a Defensive Line", block(b)),
        Action::DismantleDl { area } => format!("Dismantle the Defensive Line in {}", place(area)),
        Action::Artillery { hq, area } => format!("Artillery of {} on {}", block(hq), place(area)),
        Action::Bomber { bomber, area } => format!(
            "Bomber {} to {}",
            board.bombers()[bomber.0 as usize].id,
            place(area)
        ),
        Action::Fight { area } => format!("Battle in {}", place(area)),
        Action::Blitz { block: b, to } => format!("Blitz {} into {}", block(b), place(to)),
        Action::Exploit => "Exploitation Move (spend the Initiative Disc)".into(),
        Action::NoExploit => "No Exploitation".into(),
        Action::BattleChoice { option } => format!("Battle choice {}", option + 1),
        Action::EndActivation => "End HQ activation".into(),
        Action::EndCommand => "End the Command segment".into(),
        Action::EndSupport => "End support".into(),
        Action::EndCombat => "End the Combat segment".into(),
        Action::EndBlitz => "End Blitz".into(),
        Action::EndExploitation => "End the Exploitation".into(),
        Action::EndRegeneration => "End regeneration".into(),
        Action::EndReplacement => "End replacement".into(),
    }
}

/// Experiment knobs (M41_<NAME> in the environment), read once. TEMPORARY.
pub fn knob(name: &str, default: f32) -> f32 {
    use std::collections::HashMap;
    use std::sync::OnceLock;
    static K: OnceLock<HashMap<String, f32>> = OnceLock::new();
    let k = K.get_or_init(|| {
        std::env::vars()
            .filter_map(|(k, v)| Some((k.strip_prefix("M41K_")?.to_string(), v.parse().ok()?)))
            .collect()
    });
    k.get(name).copied().unwrap_or(default)
}
