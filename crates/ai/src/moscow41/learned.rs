//! A value learned from outcomes: the chance that the German wins, from one side's [`View`],
//! by a logistic regression per scenario over features the utility AI's model computes
//! (VP, the scenario's objectives, supply, the German drive, its evaluator) and the tempo it
//! leaves to its tactics (the turn and impulse clock, the weather and its forecast, the
//! Initiative Disc and its uses, consecutive passes).
//!
//! The weights ([`WEIGHTS`], in `learned_weights.rs`) are fitted by the `value_fit` example
//! to the results of utility-vs-utility games that the `value_data` example plays and
//! records (docs/ai-moscow41.md, "A value learned from outcomes"). Everything read here
//! comes from the side's own View through [`Model::for_play`] (the reference plan): hidden
//! enemy blocks are the model's estimate, never the truth.

use super::model::{idx, FromIndex, Model, Plan};
use eastfront_kernel::{Side, Viewer};
use eastfront_moscow41::data::Role;
use eastfront_moscow41::view::View;
use eastfront_moscow41::{AreaId, Board, Moscow41};

mod weights {
    include!("learned_weights.rs");
}
pub use weights::WEIGHTS;

/// Number of features (the first is the constant 1).
pub const NF: usize = 28;

/// The features' names, for the fit's report.
pub const NAMES: [&str; NF] = [
    "bias",
    "viewer_german",
    "progress",
    "progress_sq",
    "weather_good",
    "weather_snowy",
    "forecast",
    "initiative_german",
    "active_german",
    "german_disc_uses_month",
    "soviet_disc_uses_month",
    "consecutive_passes",
    "vp_diff",
    "german_wins_at_end",
    "goal_control_held",
    "goal_dl_forts",
    "goal_dl_held",
    "german_strength",
    "soviet_strength",
    "german_cut_off",
    "soviet_cut_off",
    "drive_mean",
    "drive_min",
    "evaluator",
    "german_lost",
    "soviet_lost",
    "progress_x_goal",
    "soviet_in_goals",
];

/// The scenario's row of [`WEIGHTS`].
pub fn scenario_index(id: &str) -> usize {
    match id {
        "sc1" => 1,
        "sc2" => 2,
        "sc3" => 3,
        _ => 0,
    }
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The features of `view`, German-positive (a feature that helps the German is positive
/// whichever side looks).
pub fn features(board: &Board, view: &View) -> [f64; NF] {
    // The reference plan's model: the one the weights were fitted on, the same whichever
    // side looks.
    let m = Model::for_play(board, view, Plan::Reference);
    let viewer = match view.viewer {
        Viewer::Side(s) => s,
        Viewer::Omniscient => m.me,
    };
    let (start, end) = board
        .setup(&view.scenario)
        .map(|s| (s.start_turn, s.end_turn))
        .unwrap_or((1, 6));
    let span = (end.saturating_sub(start) + 1) as f64;
    let impulses = (view.public.impulses_this_turn as f64).min(40.0) / 40.0;
    let progress = ((view.turn.saturating_sub(start)) as f64 + impulses) / span;
    let b = |x: bool| if x { 1.0 } else { 0.0 };
    let g = Side::German;
    let s = Side::Soviet;
    let c = &m.cache;
    let held = |a: &usize| m.control[*a] == g && !m.disputed(*a);
    let frac = |n: usize, of: usize| if of == 0 { 0.0 } else { n as f64 / of as f64 };
    let goal_control = frac(
        c.goal_control.iter().filter(|a| held(a)).count(),
        c.goal_control.len(),
    );
    let goal_forts = frac(
        c.goal_dl.iter().filter(|a| m.dl[**a][idx(g)]).count(),
        c.goal_dl.len(),
    );
    let goal_dl_held = frac(
        c.goal_dl.iter().filter(|a| held(a)).count(),
        c.goal_dl.len(),
    );
    let goals: Vec<usize> = c.goal_control.iter().chain(&c.goal_dl).copied().collect();
    let soviet_in_goals: f64 = goals.iter().map(|&a| m.steps_of(a, s) as f64).sum();
    // Combat strength on the map and the part of it out of supply.
    let sup = [m.supplied(g), m.supplied(s)];
    let mut strength = [0.0f64; 2];
    let mut cut = [0.0f64; 2];
    let mut drive: Vec<f64> = Vec::new();
    for (a, us) in m.units.iter().enumerate() {
        if !board.is_area(AreaId::from_index(a)) {
            continue;
        }
        for u in us
            .iter()
            .filter(|u| u.role.is_none() || u.role == Some(Role::Combat))
        {
            let k = idx(u.side);
            strength[k] += u.strength as f64;
            if !m.in_supply(a, u.side, &sup[k]) {
                cut[k] += u.strength as f64;
            }
            if u.side == g {
                drive.push(m.dist_objective.get(a).copied().unwrap_or(0).min(12) as f64);
            }
        }
    }
    drive.sort_by(f64::total_cmp);
    let near = &drive[..drive.len().min(8)];
    let drive_mean = if near.is_empty() {
        1.0
    } else {
        near.iter().sum::<f64>() / near.len() as f64 / 12.0
    };
    let drive_min = near.first().copied().unwrap_or(12.0) / 12.0;
    // The utility AI's evaluator of the viewer's own position, German-positive, squashed
    // (its Sudden Death and objective terms are ±50,000).
    let ev = m.value(true) as f64 / 600.0;
    let ev = if viewer == g { ev } else { -ev };
    let lost = |side: Side| {
        view.sides
            .iter()
            .find(|x| x.side == side)
            .map_or(0.0, |x| x.lost.len() as f64)
    };
    let goal_frac = (goal_control + goal_forts + goal_dl_held) / 3.0;
    [
        1.0,
        b(viewer == g),
        progress,
        progress * progress,
        b(view.weather.is_good()),
        b(view.weather.snowy()),
        view.forecast.map_or(0.0, |f| f as f64 / 6.0),
        b(view.initiative == g),
        b(view.active_side == Some(g)),
        view.public.disc_uses_month[0] as f64,
        view.public.disc_uses_month[1] as f64,
        view.public.consecutive_passes as f64,
        (m.vp(g) as f64 - m.vp(s) as f64) / 7.0,
        b(m.has_scenario_goal() || m.vp(g) * 2 > 7),
        goal_control,
        goal_forts,
        goal_dl_held,
        strength[0] / 50.0,
        strength[1] / 50.0,
        cut[0] / 10.0,
        cut[1] / 10.0,
        drive_mean,
        drive_min,
        ev.clamp(-8.0, 8.0),
        lost(g) / 10.0,
        lost(s) / 10.0,
        progress * goal_frac,
        soviet_in_goals / 10.0,
    ]
}

/// The German's chance of winning by the learned weights, from these features.
pub fn german_chance_of(scenario: &str, f: &[f64; NF]) -> f64 {
    let w = &WEIGHTS[scenario_index(scenario)];
    logistic(w.iter().zip(f).map(|(w, x)| w * x).sum())
}

/// Each side's chance of winning, German first, as the side whose `view` this is estimates
/// it (a game already over gives its result). For the hint's "who wins".
pub fn win_chance(game: &Moscow41, view: &View) -> [f64; 2] {
    if let Some(o) = &view.outcome {
        return match o.winner {
            Some(Side::German) => [1.0, 0.0],
            Some(Side::Soviet) => [0.0, 1.0],
            None => [0.5, 0.5],
        };
    }
    let p = german_chance_of(&view.scenario, &features(&game.board, view));
    [p, 1.0 - p]
}

/// The viewer's own chance of winning (the side whose view this is).
pub fn own_win_chance(game: &Moscow41, view: &View) -> f64 {
    let [g, s] = win_chance(game, view);
    match view.viewer {
        Viewer::Side(Side::Soviet) => s,
        _ => g,
    }
}

#[cfg(test)]
mod tests;
