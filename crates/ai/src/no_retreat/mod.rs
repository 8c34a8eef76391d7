//! The No Retreat! computer player, for both sides: a utility AI. Each legal action gets a
//! score from the side's View alone (the other hand and the draw pile are never read: the view
//! holds only their sizes): VP hexes taken and held, distance to the enemy's VP hexes, units
//! left alone among enemies, the expected result of a battle on the CRT column the rules' own
//! odds arithmetic gives, step losses, and the cards a payment costs. The best score is taken.
//!
//! Levels: "easy" adds a wide random spread to every score; "normal" only breaks ties; "hard"
//! scores with weights tuned by self-play against "normal", one set per side and for the Axis
//! one per posture, attacking or holding, read from public facts (`Weights::hard`,
//! `Posture`), and adds its own heuristics (`hard.rs`): the gaps a move leaves in the line of
//! zones of control near the enemy, and the distance to the Objective hexes.

mod hard;
pub mod model;
mod players;
pub mod weights;

use eastfront_kernel::SpaceId;
use eastfront_no_retreat::combat::BattleKind;
use eastfront_no_retreat::data::CombatResult;
use eastfront_no_retreat::state::{BattleStage, Loc};
use eastfront_no_retreat::view::View;
use eastfront_no_retreat::{Action, NoRetreat};
use model::{result_value, Model};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
pub use weights::{Posture, Weights};

/// How well the AI plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Level {
    /// The normal scores with a wide random spread.
    Easy,
    /// The best score; ties broken by the seed.
    #[default]
    Normal,
    /// The best score with the tuned weights and the hard level's own heuristics (`hard.rs`).
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
    fn noise(self) -> f32 {
        match self {
            Level::Easy => 2.5,
            Level::Normal | Level::Hard => 0.01,
        }
    }
    /// The weights this level scores with for `side` in the situation `view` shows.
    pub fn weights(self, side: eastfront_kernel::Side, view: &View) -> &'static Weights {
        match self {
            Level::Easy | Level::Normal => &Weights::NORMAL,
            Level::Hard => Weights::hard(side, Posture::of(side, view)),
        }
    }
}

fn card_value(m: &Model, card: u8) -> f32 {
    let own = m
        .view
        .hand_cards
        .iter()
        .find(|c| c.number == card)
        .and_then(|c| match m.me {
            eastfront_kernel::Side::German => c.axis.as_ref(),
            eastfront_kernel::Side::Soviet => c.soviet.as_ref(),
        });
    match own {
        Some((_, Some(_))) => m.w.own_event_card,
        _ => 1.0,
    }
}

fn strength(m: &Model, unit: usize) -> f32 {
    m.counter(unit)
        .and_then(|c| c.strength)
        .map(f32::from)
        .unwrap_or(0.0)
}

/// Printed strength of the unit's other face (what a flip gains or a step loss costs).
fn flip_gain(game: &NoRetreat, m: &Model, unit: usize) -> f32 {
    let Some(c) = m.counter(unit) else { return 0.0 };
    let Some(u) = game.board.data.units.units.get(unit) else {
        return 0.0;
    };
    let other = u.face(!c.reduced).strength.map(f32::from).unwrap_or(0.0);
    other - strength(m, unit)
}

fn here(m: &Model, unit: usize) -> Option<SpaceId> {
    match m.counter(unit)?.loc {
        Loc::Map(s) => Some(s),
        _ => None,
    }
}

/// The current battle's value to the side to act, if the die has been read.
fn battle_result_for_me(m: &Model) -> Option<f32> {
    let b = m.view.battle.as_ref()?;
    let r = b.result.as_deref()?;
    let res = [
        CombatResult::NoEffect,
        CombatResult::CA,
        CombatResult::CB,
        CombatResult::DR,
        CombatResult::DS,
        CombatResult::DD,
        CombatResult::EX,
    ]
    .into_iter()
    .find(|x| x.label() == r)?;
    let v = result_value(m.w, res);
    Some(if b.attacker == m.me { v } else { -v })
}

fn in_stage(m: &Model, f: impl Fn(&BattleStage) -> bool) -> bool {
    m.view
        .combat
        .as_ref()
        .and_then(|c| c.battle.as_ref())
        .and_then(|b| b.stages.first())
        .is_some_and(f)
}

/// The score of one legal action for the side the view belongs to.
pub fn score(game: &NoRetreat, m: &Model, a: &Action) -> f32 {
    let me = m.me;
    let w = m.w;
    match a {
        Action::End => 0.0,
        Action::Pass => 0.0,
        Action::Discard { card } => -card_value(m, *card),
        Action::PlayEvent { card }
        | Action::PlayEventFor { card, .. }
        | Action::PlayEventOn { card, .. } => {
            if in_stage(m, |s| matches!(s, BattleStage::AfterRoll(_))) {
                // A card after the die is worth playing only against a bad result.
                match battle_result_for_me(m) {
                    Some(v) if v < 0.0 => 2.0 - v,
                    _ => -1.0,
                }
            } else {
                w.event_base - w.event_card_cost * card_value(m, *card)
            }
        }
        Action::ChooseDie { die } => {
            let Some(b) = m.view.battle.as_ref() else {
                return 0.0;
            };
            let col = eastfront_no_retreat::data::Column::ALL
                .into_iter()
                .find(|c| c.label() == b.final_column);
            match (col, b.crt) {
                (Some(col), Some(side)) => {
                    let r = eastfront_no_retreat::combat::crt(&game.board.data.tables, side)
                        .result(col, *die);
                    let v = result_value(w, r);
                    if b.attacker == me {
                        v
                    } else {
                        -v
                    }
                }
                _ => 0.0,
            }
        }
        Action::Recover { unit, cards } | Action::Upgrade { unit, cards } => {
            let near = here(m, *unit).is_some_and(|s| m.to_enemy[s.index()] <= 3);
            w.flip_gain * flip_gain(game, m, *unit) + if near { w.flip_near } else { 0.0 }
                - w.card * cards.len() as f32
                + w.flip_base
        }
        Action::Fortify { unit, cards } => {
            let near = here(m, *unit).is_some_and(|s| m.to_enemy[s.index()] <= 2);
            (if near { w.fortify_near } else { w.fortify_far }) - w.card * cards.len() as f32
        }
        Action::Regionalize { .. } => -1.0,
        Action::Place { unit, at } => w.place_base + w.place_hex * m.hex_value(*unit, *at, None),
        Action::Replace { unit, cards } => {
            let full = game
                .board
                .data
                .units
                .units
                .get(*unit)
                .and_then(|u| u.front.strength)
                .map(f32::from)
                .unwrap_or(1.0);
            w.replace_full * full + w.replace_base - w.card * cards.len() as f32
        }
        Action::ReturnSs => 3.0,
        // 15.1, 15.2: a split adds a unit's ZOC to the line; worth it where the line is thin.
        Action::Split { unit } => {
            let near = here(m, *unit).is_some_and(|s| m.to_enemy[s.index()] <= 2);
            if near {
                0.4
            } else {
                -0.2
            }
        }
        // 15.3: the marker on the unit nearest the enemy.
        Action::LocalSupport { unit } => {
            1.0 - 0.1 * here(m, *unit).map_or(9.0, |s| f32::from(m.to_enemy[s.index()].min(9)))
        }
        // 15.9: shattering an enemy unit is always worth the marker.
        Action::Paratroopers { .. } => 2.0,
        Action::Reorganize { units, card } => {
            w.reorganize_unit * units.len() as f32 - card_value(m, *card)
        }
        Action::Move { unit, to } => {
            let from = here(m, *unit);
            let now = from.map_or(0.0, |f| m.hex_value(*unit, f, from));
            m.hex_value(*unit, *to, from)
                - now
                - w.move_cost
                - w.zoc_gap * hard::gap_delta(m, *unit, from, *to)
        }
        Action::Embark { unit, cards } => {
            let far = here(m, *unit).is_some_and(|s| m.to_enemy[s.index()] >= 6);
            (if far { w.embark_far } else { w.embark_near }) - w.card * cards.len() as f32
        }
        Action::ReleaseReserve { at } => 0.5 + w.place_hex * m.hex_value(usize::MAX, *at, None),
        Action::Unload { unit, at } => w.unload_base + w.place_hex * m.hex_value(*unit, *at, None),
        Action::AssignReserve { unit } => {
            if unit.is_some() {
                0.1
            } else {
                0.0
            }
        }
        Action::Target { hex } => {
            let units = m.possible_attackers(*hex);
            m.battle_value(me, BattleKind::Voluntary, &units, &[*hex], false) - w.target_cost
        }
        Action::Counterblow { hex, card } => {
            // The active player must attack this hex of mine: worth it when his odds are bad.
            let foes: Vec<usize> = game
                .board
                .neighbours(*hex)
                .flat_map(|n| m.counters_at(n))
                .filter(|c| c.side != me && !c.white)
                .map(|c| c.unit)
                .collect();
            let his = m.battle_value(me.other(), BattleKind::Counterblow, &foes, &[*hex], false);
            -his - w.counterblow_cost - card_value(m, *card)
        }
        Action::Attack {
            targets,
            units,
            support,
        } => {
            let kind = m
                .view
                .combat
                .as_ref()
                .filter(|c| targets.iter().any(|t| c.counterblows.contains(t)))
                .map_or(BattleKind::Voluntary, |_| BattleKind::Counterblow);
            m.battle_value(me, kind, units, targets, *support)
                - w.attack_unit * units.len() as f32
                - if *support { w.support_cost } else { 0.0 }
        }
        Action::Counterattack { units, support } => {
            if units.is_empty() {
                return 0.0;
            }
            let Some(b) = m.view.battle.as_ref() else {
                return -1.0;
            };
            let mut targets: Vec<SpaceId> =
                b.attackers.iter().filter_map(|u| here(m, *u)).collect();
            targets.sort();
            targets.dedup();
            m.battle_value(me, BattleKind::Counterattack, units, &targets, *support)
                - w.counterattack_cost
                - if *support { w.support_cost } else { 0.0 }
        }
        Action::MarkCounterblow { hex } => m
            .counters_at(*hex)
            .filter(|c| c.side == me)
            .map(|c| f32::from(c.strength.unwrap_or(0)))
            .sum(),
        Action::TakeLoss { unit } => {
            let steps = m.counter(*unit).map_or(1, |c| c.steps);
            let cost = if steps >= 2 {
                -flip_gain(game, m, *unit)
            } else {
                strength(m, *unit) + 2.0
            };
            -cost
        }
        Action::PlaceCadre { cadre } => {
            if cadre.is_some() {
                0.5
            } else {
                0.0
            }
        }
        Action::Retreat { unit, to } => m.hex_value(*unit, *to, None),
        Action::Advance { unit, to } => {
            let from = here(m, *unit);
            let now = from.map_or(0.0, |f| m.hex_value(*unit, f, from));
            m.hex_value(*unit, *to, from) - now + w.advance_bonus
                - w.zoc_gap * hard::gap_delta(m, *unit, from, *to)
        }
        Action::Unstack { unit } => -strength(m, *unit),
    }
}

/// The action this level takes. Reads only `view`, `legal` and the game's public data.
pub fn choose(game: &NoRetreat, view: &View, legal: &[Action], level: Level, seed: u64) -> Action {
    let side = match view.viewer {
        eastfront_kernel::Viewer::Side(s) => s,
        eastfront_kernel::Viewer::Omniscient => {
            view.side_to_act.unwrap_or(eastfront_kernel::Side::German)
        }
    };
    choose_with(
        game,
        view,
        legal,
        level.weights(side, view),
        level.noise(),
        seed,
    )
}

/// The action the utility AI takes with these weights and this random spread on the scores.
pub fn choose_with(
    game: &NoRetreat,
    view: &View,
    legal: &[Action],
    w: &Weights,
    spread: f32,
    seed: u64,
) -> Action {
    assert!(!legal.is_empty(), "choose needs a legal action");
    if legal.len() == 1 {
        return legal[0].clone();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let m = Model::with(&game.board, view, w);
    let mut best = 0;
    let mut best_score = f32::NEG_INFINITY;
    for (i, a) in legal.iter().enumerate() {
        let s = score(game, &m, a) + rng.random_range(-spread..=spread);
        if s > best_score {
            best_score = s;
            best = i;
        }
    }
    legal[best].clone()
}

/// The legal actions in this level's order, best first (indices into `legal`): the first is
/// [`choose`]'s action for the same seed. The search's priors.
pub fn ranked(
    game: &NoRetreat,
    view: &View,
    legal: &[Action],
    level: Level,
    seed: u64,
) -> Vec<usize> {
    let side = match view.viewer {
        eastfront_kernel::Viewer::Side(s) => s,
        eastfront_kernel::Viewer::Omniscient => {
            view.side_to_act.unwrap_or(eastfront_kernel::Side::German)
        }
    };
    let w = level.weights(side, view);
    let spread = level.noise();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let m = Model::with(&game.board, view, w);
    let mut scored: Vec<(f32, usize)> = legal
        .iter()
        .enumerate()
        .map(|(i, a)| (score(game, &m, a) + rng.random_range(-spread..=spread), i))
        .collect();
    // Stable: among equal scores the first, as `choose_with` keeps it.
    scored.sort_by(|x, y| y.0.total_cmp(&x.0));
    scored.into_iter().map(|(_, i)| i).collect()
}

/// The No Retreat! computer player at one level, for either side (the side its view is for).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct NoRetreatAi {
    pub level: Level,
}

impl eastfront_kernel::Opponent<NoRetreat> for NoRetreatAi {
    fn choose(&self, game: &NoRetreat, view: &View, legal: &[Action], seed: u64) -> Action {
        choose(game, view, legal, self.level, seed)
    }
    fn name(&self) -> String {
        let n = self.level.name();
        format!("{}{}", n[..1].to_uppercase(), &n[1..])
    }
}

#[cfg(test)]
mod tests;
