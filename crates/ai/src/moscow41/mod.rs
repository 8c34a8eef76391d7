//! The Moscow '41 computer player, for both sides: a utility AI built from scored,
//! game-specific tactics. It sees only its side's [`View`] and the legal actions; hidden enemy
//! blocks are estimated from public facts (how many, where, which enemy blocks have not been
//! seen), never read from the game state.
//!
//! - [`model`]: the AI's picture of the table built from the View, the position evaluator
//!   (VP, Kiev's cities, supply of both sides and its chokepoints, the front line, the German
//!   drive, the scenario's objectives) and the battle estimate: the distribution of the
//!   attacker's hits against the absorption pool, the DL and the blocks, with the artillery
//!   and bombers committed (rules file §8.4 heuristics 1–4, 10, 12).
//! - [`tactics`]: one scorer per kind of decision (impulse type, HQ activation, moves and
//!   engagements, DLs, support, battles, Blitz, Exploitation, logistics, reinforcements).
//!
//! Levels ([`Profile`]) differ by thinking budget — how many of the moves on offer get the
//! full evaluation, and whether the evaluator weighs supply and the front — and by the
//! variety they allow among nearly equal choices.

pub mod learned;
pub mod model;
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
    /// One-ply over the few most promising moves; the Soviet weighs ground and objectives
    /// only, the German also supply and the front.
    #[default]
    Normal,
    /// One-ply with the full evaluator (supply, front line, encirclement) for both sides
    /// over a wide list of moves.
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
    /// How this level plays ([`model::Plan`]): Normal and Hard today's plan; Easy, the level
    /// meant to lose, as before (with today's plan its SC.1 German beat the Normal Soviet in
    /// 93 to 99 games of 100, docs/ai-moscow41.md "fifth round").
    pub fn plan(self) -> model::Plan {
        match self {
            Level::Easy => model::Plan::Reference,
            Level::Normal | Level::Hard => model::Plan::Current,
        }
    }
}

/// A uniformly random legal action.
pub fn random_action(legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    legal[rng.random_range(0..legal.len())].clone()
}

/// How one level plays one side. Levels differ by thinking budget (how many of the moves
/// on offer get the full evaluation, whether the evaluator weighs supply and the front)
/// and by how much they trust a single best score: the German plays better with some
/// variety among nearly equal moves (measured: in "The Last Breath of the Wehrmacht" the
/// German wins 29% against the Normal Soviet with none, 46–50% with it), the Soviet plays
/// best without.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Profile {
    /// Moves given the full evaluation (the rest are cut by a quick first look).
    pub shortlist: usize,
    /// The full evaluator (supply, the front line, chokepoints) or the short one.
    pub full_evaluation: bool,
    /// Random spread added to every score but moves'…
    pub noise: f32,
    /// …and to moves' (Move, Rail, Blitz).
    pub move_noise: f32,
    /// Subtracted from ending a segment while something could still act: the German must
    /// keep the initiative (rules file §8.4 heuristic 6, the weather clock).
    pub end_penalty: f32,
    /// Weighs the Initiative Disc's economy (Strategic Impulses, Exploitation).
    pub disc_economy: bool,
}

impl Profile {
    pub fn of(level: Level, side: eastfront_kernel::Side) -> Profile {
        let german = side == eastfront_kernel::Side::German;
        let end_penalty = if german { 10.0 } else { 0.0 };
        match level {
            Level::Easy => Profile {
                shortlist: 24,
                full_evaluation: false,
                noise: 25.0,
                move_noise: 25.0,
                end_penalty,
                disc_economy: false,
            },
            // Less thinking than Hard: a twelfth of its shortlist, and the Soviet without
            // the full evaluator (the German needs it to win at all: the campaign German
            // without it wins none of 100 games against the Easy Soviet). Measured over
            // two ranges of 200 seeds, Hard beats this level and it beats Easy in every
            // scenario (docs/moscow41.md, "Figures").
            Level::Normal => Profile {
                shortlist: 8,
                full_evaluation: german,
                noise: 1.0,
                move_noise: if german { 8.0 } else { 1.0 },
                end_penalty,
                disc_economy: true,
            },
            Level::Hard => Profile {
                shortlist: 96,
                full_evaluation: true,
                noise: 0.5,
                move_noise: if german { 8.0 } else { 0.5 },
                end_penalty,
                disc_economy: true,
            },
        }
    }
}

/// The AI's choice for the side `view` belongs to. Deterministic for a given view, legal
/// list, level and seed.
pub fn choose(game: &Moscow41, view: &View, legal: &[Action], level: Level, seed: u64) -> Action {
    choose_with_plan(game, view, legal, level, level.plan(), seed)
}

/// [`choose`] with the plan given ([`model::Plan::Reference`]: the reference player).
pub fn choose_with_plan(
    game: &Moscow41,
    view: &View,
    legal: &[Action],
    level: Level,
    plan: model::Plan,
    seed: u64,
) -> Action {
    assert!(!legal.is_empty(), "choose needs at least one legal action");
    if legal.len() == 1 {
        return legal[0].clone();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let m = model::Model::for_play(&game.board, view, plan);
    let mut ctx = tactics::Ctx::new(m, view, level, legal);
    let keep = shortlist(&ctx, legal);
    let mut best: Option<(f32, usize)> = None;
    for (i, a) in legal.iter().enumerate() {
        if keep[i] {
            let s = tactics::score(&mut ctx, a, &mut rng);
            if best.is_none_or(|b| s > b.0) {
                best = Some((s, i));
            }
        }
    }
    legal[best.map(|b| b.1).unwrap_or(0)].clone()
}

/// Moves worth a full look: a command segment offers hundreds of moves (every block to every
/// reachable area); a quick score keeps the most promising few per level's budget.
fn shortlist(ctx: &tactics::Ctx, legal: &[Action]) -> Vec<bool> {
    let budget = ctx.profile.shortlist;
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

/// The Moscow '41 computer player at one level, for either side (the side its view is for).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Moscow41Ai {
    pub level: Level,
    /// How it plays: the level's plan ([`Level::plan`]) at the table,
    /// [`model::Plan::Reference`] for the reference a search is measured against
    /// (`reference-hard`).
    pub plan: model::Plan,
}

impl Moscow41Ai {
    pub fn new(level: Level) -> Moscow41Ai {
        Moscow41Ai {
            level,
            plan: level.plan(),
        }
    }
}

impl eastfront_kernel::Opponent<Moscow41> for Moscow41Ai {
    fn choose(&self, game: &Moscow41, view: &View, legal: &[Action], seed: u64) -> Action {
        choose_with_plan(game, view, legal, self.level, self.plan, seed)
    }
    fn name(&self) -> String {
        let n = self.level.name();
        let reference = if self.plan != self.level.plan() {
            " (reference)"
        } else {
            ""
        };
        format!("{}{}{reference}", n[..1].to_uppercase(), &n[1..])
    }
}

/// The legal actions in the order this level would try them (indices into `legal`, best
/// first): the shortlisted actions by their full score, then the moves the quick look cut,
/// by their quick score. The search's priors.
pub fn ranked(
    game: &Moscow41,
    view: &View,
    legal: &[Action],
    level: Level,
    seed: u64,
) -> Vec<usize> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let m = model::Model::for_play(&game.board, view, level.plan());
    let mut ctx = tactics::Ctx::new(m, view, level, legal);
    let keep = shortlist(&ctx, legal);
    let mut scored: Vec<(f32, usize)> = Vec::with_capacity(legal.len());
    let mut rest: Vec<(f32, usize)> = Vec::new();
    for (i, a) in legal.iter().enumerate() {
        if keep[i] {
            scored.push((tactics::score(&mut ctx, a, &mut rng), i));
        } else {
            rest.push((tactics::quick_move_score(&ctx, a), i));
        }
    }
    let by_score = |x: &(f32, usize), y: &(f32, usize)| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1));
    scored.sort_by(by_score);
    rest.sort_by(by_score);
    scored.into_iter().chain(rest).map(|(_, i)| i).collect()
}

/// The German's view of a position as a number: the evaluator (VP, supply, the front) of the
/// German's own view, for a search that cuts a playout off.
pub fn german_value(game: &Moscow41, view: &View) -> f32 {
    model::Model::for_play(&game.board, view, model::Plan::Current).value(true)
}
