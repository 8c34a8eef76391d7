//! The sequence of play (R 3.0, 6.0; rules file §5) as a state machine: the Logistic Phase
//! (R 7), the impulses — Tactical (R 10), Strategic (R 11), Pass (R 12) — with weather (R 8),
//! supply and isolation (R 9), the Final Phase (R 13) and victory (R 1.7, scenarios).
//!
//! `apply` checks an action against the rules, executes it, then `run` advances through
//! everything automatic (dice, attrition, deactivation) until a player must decide.

use crate::battle::{self, Battle, BattleOption, BattleSetup, BattleUnit, Progress};
use crate::board::{AreaId, BlockId, Board, BomberId};
use crate::data::{BomberKind, Colour, InitiativeLimit, Letter, Role, Terrain};
use crate::moves::{
    any_destination, check_path_with, do_move, for_each_destination, rail_destinations_from,
    with_searches,
};
use crate::query::*;
use crate::setup;
use crate::state::*;
use crate::victory::end_of_game;
pub use crate::victory::{check_victory, sudden_death_vp};
use eastfront_kernel::{RuleError, Seat, Side};

pub fn seat_of(side: Side) -> Seat {
    match side {
        Side::German => Seat(0),
        Side::Soviet => Seat(1),
    }
}

pub fn month(turn: u8) -> &'static str {
    match turn {
        1 => "July",
        2 => "August",
        3 => "September",
        4 => "October",
        5 => "November",
        6 => "December",
        _ => "?",
    }
}

// ------------------------------------------------------------------ events

pub fn info(ev: &mut Vec<Event>, rule: &str, text: impl Into<String>) {
    ev.push(Event {
        roll: None,
        kind: EventKind::Info,
        rule: rule.into(),
        public: text.into(),
        private: None,
    });
}

pub fn event(ev: &mut Vec<Event>, kind: EventKind, rule: &str, text: impl Into<String>) {
    ev.push(Event {
        roll: None,
        kind,
        rule: rule.into(),
        public: text.into(),
        private: None,
    });
}

fn private(
    ev: &mut Vec<Event>,
    kind: EventKind,
    rule: &str,
    public: String,
    side: Side,
    text: String,
) {
    ev.push(Event {
        roll: None,
        kind,
        rule: rule.into(),
        public,
        private: Some((side, text)),
    });
}

/// A roll of the dice, as data (who rolled, for what, the values) and as a log line.
fn dice_event(ev: &mut Vec<Event>, by: Option<Side>, rule: &str, what: &str, values: &[u8]) {
    let shown: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    ev.push(
        Event::new(
            EventKind::Info,
            rule,
            format!("{what}: rolled {}", shown.join(" ")),
        )
        .with_roll(eastfront_kernel::Roll::d6(by, what, values)),
    );
}

// ------------------------------------------------------------------ who acts

pub fn active_side(st: &State) -> Option<Side> {
    if st.outcome.is_some() || st.phase == Phase::GameOver {
        return None;
    }
    if st.phase == Phase::Battle {
        return st
            .battle
            .as_ref()
            .and_then(|b| b.pending_choice())
            .map(|p| p.side);
    }
    Some(st.active)
}

pub fn active_seat(st: &State) -> Option<Seat> {
    active_side(st).map(seat_of)
}

fn imp(st: &State) -> &Impulse {
    st.impulse.as_ref().expect("in an impulse")
}
fn imp_mut(st: &mut State) -> &mut Impulse {
    st.impulse.as_mut().expect("in an impulse")
}

/// May `side` spend the Initiative Disc now (R 3.2.1; SC.1 once, SC.3 once a month)?
pub fn can_spend_disc(board: &Board, st: &State, side: Side) -> bool {
    if st.initiative != side {
        return false;
    }
    let limit = board
        .setup(&st.scenario)
        .map(|s| s.initiative_limit)
        .unwrap_or(InitiativeLimit::Unlimited);
    let i = side_index(side);
    match limit {
        InitiativeLimit::Unlimited => true,
        InitiativeLimit::OncePerGame => st.disc_uses[i] == 0,
        InitiativeLimit::OncePerMonth => st.disc_uses_month[i] == 0,
    }
}

fn spend_disc(st: &mut State, side: Side) {
    st.disc_uses[side_index(side)] += 1;
    st.disc_uses_month[side_index(side)] += 1;
    if let Some(i) = st.impulse.as_mut() {
        i.disc_spent = true;
    }
}

// ------------------------------------------------------------------ legal actions

thread_local! {
    /// The length of the last long list ([`long_list`]).
    static LAST_LEN: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A long list (every move of every block), allocated once at about the last such list's
/// length (performance: the actions hold their paths inline, so the list is the only
/// allocation).
fn long_list(build: impl FnOnce(&mut Vec<Action>)) -> Vec<Action> {
    let hint = LAST_LEN.with(|n| n.get());
    let mut v = Vec::with_capacity(hint + hint / 4 + 16);
    build(&mut v);
    LAST_LEN.with(|n| n.set(v.len()));
    v
}

pub fn legal_actions(board: &Board, st: &State) -> Vec<Action> {
    if active_side(st).is_none() {
        return Vec::new();
    }
    let side = st.active;
    match &st.phase {
        Phase::Setup { .. } => setup::setup_actions(board, st),
        Phase::LogisticChoice { .. } => vec![Action::LogisticPause, Action::ActivateLeader],
        Phase::Regeneration => {
            let occ = Occupancy::new(board, st);
            let mut v: Vec<Action> = board
                .side_blocks(side)
                .filter(|b| can_regenerate(board, st, &occ, *b))
                .map(|hq| Action::Regenerate { hq })
                .collect();
            v.push(Action::EndRegeneration);
            v
        }
        Phase::Replacement => {
            let occ = Occupancy::new(board, st);
            let mut v: Vec<Action> = board
                .side_blocks(side)
                .filter(|b| can_replace(board, st, &occ, *b))
                .map(|block| Action::Replace { block })
                .collect();
            v.push(Action::EndReplacement);
            v
        }
        Phase::Reinforce { .. } => {
            let mut v = Vec::new();
            if let Some(&b) = st.drawn.first() {
                for a in reinforcement_areas(board, st, b) {
                    v.push(Action::Deploy { block: b, area: a });
                }
            }
            v
        }
        Phase::ImpulseChoice => {
            let mut v = Vec::new();
            if can_play_tactical(board, st, side) {
                v.push(Action::Tactical);
            }
            if can_spend_disc(board, st, side) {
                v.push(Action::StrategicMove);
                v.push(Action::StrategicReinforce);
            }
            v.push(Action::Pass);
            v
        }
        Phase::Activation => {
            let occ = Occupancy::new(board, st);
            let mut v = Vec::new();
            for hq in board.side_blocks(side) {
                if can_activate_with(board, st, &occ, hq) {
                    let here = space_of(st, hq).unwrap();
                    if reveal_ok_with(board, st, &occ, hq, here) {
                        v.push(Action::Activate {
                            hq,
                            path: AreaPath::new(),
                        });
                    }
                    if board.is_area(space_of(st, hq).unwrap()) {
                        for_each_destination(board, st, &occ, hq, MoveMode::NoEngage, |a, path| {
                            if reveal_ok_with(board, st, &occ, hq, a) {
                                v.push(Action::Activate { hq, path: *path });
                            }
                        });
                    }
                }
            }
            // R 10.0 needs a Tactical HQ; if the weather roll or the supply check made every
            // activation impossible after the declaration, the impulse goes on without one.
            if v.is_empty()
                || imp(st)
                    .activated
                    .iter()
                    .any(|h| board.block(*h).role == Role::TacticalHq)
            {
                v.push(Action::EndActivation);
            }
            v
        }
        Phase::Command => long_list(|v| {
            let occ = Occupancy::new(board, st);
            let mode = command_mode(st);
            let rail = rail_allowed(st);
            // Every block in an area shares its rail destinations: computed once, copied.
            // The movement searches are cached (`moves::for_each_destination`).
            let blocks = commandable_with(board, st, &occ);
            let mut rail_starts: Vec<AreaId> = Vec::new();
            if rail {
                for &b in &blocks {
                    if let Some(a) = space_of(st, b) {
                        if !rail_starts.contains(&a) {
                            rail_starts.push(a);
                        }
                    }
                }
            }
            let side = imp(st).side;
            let rail_dests = rail_destinations_from(board, st, &occ, side, &rail_starts);
            let rail_of = |b: BlockId| {
                space_of(st, b)
                    .and_then(|a| rail_starts.iter().position(|x| *x == a))
                    .map(|k| rail_dests[k].as_slice())
                    .unwrap_or(&[])
            };
            let can_build = dls_used_of(board, st, side).0 < dls_used_of(board, st, side).1;
            with_searches(board, st, &occ, side, |searches| {
                for &b in &blocks {
                    searches.each(b, mode, |_, path| {
                        v.push(Action::Move {
                            block: b,
                            path: *path,
                        })
                    });
                    if can_build && dl_site_ok(board, st, &occ, b) {
                        v.push(Action::BuildDl { block: b });
                    }
                    if rail {
                        v.extend(rail_of(b).iter().map(|&to| Action::Rail { block: b, to }));
                    }
                }
            });
            v.extend(dismantle_actions(board, st, &occ, &blocks));
            for (block, to) in transfers(board, st) {
                v.push(Action::Move {
                    block,
                    path: [to].into(),
                });
            }
            v.push(Action::EndCommand);
        }),
        Phase::Support => {
            let mut v = support_actions(board, st);
            v.push(Action::EndSupport);
            v
        }
        Phase::Battles => {
            let f = fightable(board, st);
            let i = imp(st);
            let mandatory = f.iter().any(|a| {
                if i.blitz {
                    i.blitz_areas.contains(a)
                } else {
                    !i.disputed_at_start[a.index()]
                }
            });
            let mut v: Vec<Action> = f.into_iter().map(|area| Action::Fight { area }).collect();
            if !mandatory {
                v.push(Action::EndCombat);
            }
            v
        }
        Phase::Battle => match st.battle.as_ref().and_then(|b| b.pending_choice()) {
            Some(p) => (0..p.options.len())
                .map(|i| Action::BattleChoice { option: i as u8 })
                .collect(),
            None => Vec::new(),
        },
        Phase::Blitz => {
            let mut v = Vec::new();
            for b in blitz_blocks(board, st) {
                for to in blitz_targets(board, st, b) {
                    v.push(Action::Blitz { block: b, to });
                }
            }
            v.push(Action::EndBlitz);
            v
        }
        Phase::ExploitOffer => vec![Action::Exploit, Action::NoExploit],
        Phase::Exploitation => long_list(|v| {
            let occ = Occupancy::new(board, st);
            let blocks = commandable_with(board, st, &occ);
            if let Some(&first) = blocks.first() {
                with_searches(board, st, &occ, board.block(first).side, |searches| {
                    for &b in &blocks {
                        searches.each(b, MoveMode::Exploitation, |_, path| {
                            v.push(Action::Move {
                                block: b,
                                path: *path,
                            })
                        });
                    }
                });
            }
            v.push(Action::EndExploitation);
        }),
        Phase::GameOver => Vec::new(),
    }
}

// ------------------------------------------------------------------ logistic (R 7)

fn can_regenerate(board: &Board, st: &State, occ: &Occupancy, b: BlockId) -> bool {
    let Some(l) = st.logistics.as_ref() else {
        return false;
    };
    let d = board.block(b);
    let bs = &st.blocks[b.index()];
    // R 7.2.2: HQs on the map (or a box), not engaged, not Isolated, below full; 1 point/step.
    d.is_hq()
        && l.regeneration_left >= 1
        && matches!(bs.loc, Loc::Space(a) if !occ.disputed(a))
        && !bs.isolated
        && bs.strength < d.max_strength
}

fn replace_cost(board: &Board, st: &State, b: BlockId) -> u8 {
    let d = board.block(b);
    let s = st.blocks[b.index()].strength as usize;
    let fp = d
        .dots
        .get(s)
        .copied()
        .unwrap_or(crate::data::Firepower::Single);
    crate::data::ReplacementCost::replacement_cost(fp)
}

fn can_replace(board: &Board, st: &State, occ: &Occupancy, b: BlockId) -> bool {
    let Some(l) = st.logistics.as_ref() else {
        return false;
    };
    let d = board.block(b);
    let bs = &st.blocks[b.index()];
    // R 7.2.2: combat blocks; cost by the colour of the step restored (1/2/3).
    d.role == Role::Combat
        && matches!(bs.loc, Loc::Space(a) if !occ.disputed(a))
        && !bs.isolated
        && bs.strength < d.max_strength
        && replace_cost(board, st, b) <= l.replacement_left
}

/// Where a drawn reinforcement may enter (R 5.0, 11.0 B; Appendix A.6).
pub fn reinforcement_areas(board: &Board, st: &State, b: BlockId) -> Vec<AreaId> {
    let d = board.block(b);
    match d.side {
        Side::German => {
            if d.letter == Some(Letter::L) && st.disc_leningrad {
                // The "L" blocks join Hoepner on the Road (R 5.0.1); GAP-14.
                let hoepner_box = board
                    .side_blocks(Side::German)
                    .find(|h| is_hoepner(board, *h))
                    .and_then(|h| space_of(st, h))
                    .filter(|a| board.road_index(*a).is_some());
                if let Some(a) = hoepner_box {
                    return if stacking_ok_with(board, st, a, Side::German, 1) {
                        vec![a]
                    } else {
                        Vec::new()
                    };
                }
                if st.options.readings.l_blocks_need_hoepner {
                    return Vec::new();
                }
            }
            let staging_for = match d.colour {
                Some(Colour::Brown) => Some("16A"),
                Some(Colour::Pink) => Some("9A"),
                Some(Colour::LightBlue) => Some("4A"),
                Some(Colour::Yellow) => Some("2A"),
                _ => None,
            };
            match staging_for.and_then(|k| board.place(k)) {
                Some(a) => vec![a],
                // White blocks, LW HQs and others: any Staging Area (R 5.0, GAP-13).
                None => board.staging.clone(),
            }
        }
        Side::Soviet => {
            let occ = Occupancy::new(board, st);
            let sup = supplied_areas_with(board, st, &occ, Side::Soviet);
            board
                .area_ids()
                .filter(|a| {
                    (board.is_victory(*a) || board.has_city(*a))
                        && st.control[a.index()] == Side::Soviet
                        && !occ.disputed(*a)
                        && sup[a.index()]
                        && occ.stacking_ok_with(board, *a, Side::Soviet, 1)
                        && !st.batch_areas.contains(a)
                })
                .chain(zhukov_to_leningrad(board, st, &occ, b).then_some(board.leningrad))
                .collect()
        }
    }
}

/// RO 14.2 (b): Zhukov drawn from the Force Pool may deploy in the Leningrad box instead
/// (while the Road is in play and Leningrad has not fallen; R 2.7: at most 4 blocks a box).
fn zhukov_to_leningrad(board: &Board, st: &State, occ: &Occupancy, b: BlockId) -> bool {
    st.options.optional.zhukov_hoepner
        && is_zhukov(board, b)
        && st.disc_leningrad
        && board.setup(&st.scenario).is_some_and(|s| s.road_in_play)
        && occ.stacking_ok_with(board, board.leningrad, Side::Soviet, 1)
        && !st.batch_areas.contains(&board.leningrad)
}

/// RO 14.2 transfers allowed now, as (block, area), offered as `Move { block, path: [area] }`:
/// only in the Command segment of a Pass or an SI option A, while blocks may still act (each
/// transfer counts against the limit, GAP-35).
/// (a) German: once all four 4th Panzer Group blocks have been deployed (none is in the Force
/// Pool or waiting to deploy), each of them still on the Road may go to any German-controlled,
/// undisputed, supplied map area where it does not overstack; it never goes back.
/// (b) Soviet: Zhukov in the Leningrad box may come back to any Soviet-controlled, undisputed,
/// supplied area adjacent to Moscow where he does not overstack.
pub fn transfers(board: &Board, st: &State) -> Vec<(BlockId, AreaId)> {
    let mut out = Vec::new();
    if !st.options.optional.zhukov_hoepner || st.phase != Phase::Command {
        return out;
    }
    let Some(i) = st.impulse.as_ref() else {
        return out;
    };
    if !matches!(i.kind, ImpulseKind::Pass | ImpulseKind::StrategicMove)
        || i.actions_left == Some(0)
    {
        return out;
    }
    let side = i.side;
    // Only when a block could transfer (the supply trace is the costly part).
    let candidate = match side {
        Side::German => board.side_blocks(Side::German).any(|b| {
            is_fourth_pzg(board, b)
                && space_of(st, b).is_some_and(|a| board.road_index(a).is_some())
        }),
        Side::Soviet => board
            .side_blocks(Side::Soviet)
            .any(|z| is_zhukov(board, z) && space_of(st, z) == Some(board.leningrad)),
    };
    if !candidate {
        return out;
    }
    let occ = Occupancy::new(board, st);
    let sup = supplied_areas_with(board, st, &occ, side);
    let target = |a: AreaId| {
        board.is_area(a)
            && passable(board, a, side)
            && st.control[a.index()] == side
            && !occ.disputed(a)
            && sup[a.index()]
            && occ.stacking_ok_with(board, a, side, 1)
    };
    match side {
        Side::German => {
            let group: Vec<BlockId> = board
                .side_blocks(Side::German)
                .filter(|b| is_fourth_pzg(board, *b))
                .collect();
            let all_deployed = group.iter().all(|b| {
                !matches!(
                    st.blocks[b.index()].loc,
                    Loc::Unplaced | Loc::ForcePool | Loc::Drawn | Loc::November | Loc::KievIcon
                )
            });
            if !all_deployed {
                return out;
            }
            let areas: Vec<AreaId> = board.area_ids().filter(|a| target(*a)).collect();
            for b in group {
                if space_of(st, b).is_some_and(|a| board.road_index(a).is_some()) {
                    out.extend(areas.iter().map(|a| (b, *a)));
                }
            }
        }
        Side::Soviet => {
            for z in board.side_blocks(Side::Soviet) {
                if is_zhukov(board, z) && space_of(st, z) == Some(board.leningrad) {
                    let mut areas: Vec<AreaId> = board
                        .neighbours(board.moscow)
                        .filter(|a| target(*a))
                        .collect();
                    areas.sort();
                    out.extend(areas.into_iter().map(|a| (z, a)));
                }
            }
        }
    }
    out
}

fn draw_reinforcements(board: &Board, st: &mut State, side: Side, n: u8, ev: &mut Vec<Event>) {
    let mut pool: Vec<BlockId> = board
        .side_blocks(side)
        .filter(|b| st.blocks[b.index()].loc == Loc::ForcePool)
        .collect();
    let mut drawn = Vec::new();
    for _ in 0..n {
        if pool.is_empty() {
            break;
        }
        let i = st.dice.pick(pool.len());
        drawn.push(pool.remove(i));
    }
    for &b in &drawn {
        st.blocks[b.index()].loc = Loc::Drawn;
        st.blocks[b.index()].strength = board.block(b).deploy_strength();
        st.blocks[b.index()].isolated = false;
        st.blocks[b.index()].revealed = false;
    }
    let names: Vec<&str> = drawn
        .iter()
        .map(|b| board.block(*b).name.as_str())
        .collect();
    private(
        ev,
        EventKind::ReinforcementsDrawn {
            side,
            count: drawn.len() as u8,
        },
        "R 5.0",
        format!("{} draws {} reinforcements.", side.name(), drawn.len()),
        side,
        format!("{} draws: {}.", side.name(), names.join(", ")),
    );
    st.drawn = drawn;
    st.batch_areas.clear();
}

/// Returns drawn blocks that cannot enter to the Force Pool (R 5.0: no substitute is drawn).
fn return_undeployable(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    while let Some(&b) = st.drawn.first() {
        if !reinforcement_areas(board, st, b).is_empty() {
            return;
        }
        st.drawn.remove(0);
        st.blocks[b.index()].loc = Loc::ForcePool;
        let side = board.block(b).side;
        private(
            ev,
            EventKind::Info,
            "R 5.0",
            format!(
                "A {} reinforcement cannot deploy and returns to the Force Pool.",
                side.name()
            ),
            side,
            format!(
                "{} cannot deploy and returns to the Force Pool.",
                board.block(b).name
            ),
        );
    }
}

// ------------------------------------------------------------------ impulses

fn can_play_tactical(board: &Board, st: &State, side: Side) -> bool {
    // R 10.0: at least one Tactical HQ must be activated; R 9.1: judged with the supply
    // check the impulse will make. That check marks an HQ that cannot trace a LOC and leaves
    // an HQ's cube on (only an Isolation check takes it off, R 9.1, 9.3), unless the reading
    // in which the start check also clears cubes is chosen.
    let occ = Occupancy::new(board, st);
    let sup = supplied_areas_with(board, st, &occ, side);
    let cube_cleared = st.options.readings.supply_check_clears_cubes;
    board.side_blocks(side).any(|h| {
        board.block(h).role == Role::TacticalHq
            && space_of(st, h).is_some_and(|a| in_supply_occ(board, a, side, &sup, st, &occ))
            && can_activate_ignoring_order(board, st, &occ, h, cube_cleared)
    })
}

/// `ignore_isolation`: judge the HQ as if it had no white cube (the coming supply check).
fn can_activate_ignoring_order(
    board: &Board,
    st: &State,
    occ: &Occupancy,
    hq: BlockId,
    ignore_isolation: bool,
) -> bool {
    let d = board.block(hq);
    let bs = &st.blocks[hq.index()];
    let Loc::Space(a) = bs.loc else { return false };
    if !d.is_hq() || (bs.isolated && !ignore_isolation) {
        return false; // R 9.1: Isolated HQs cannot be activated
    }
    if d.role == Role::LuftwaffeHq && bs.strength == 0 {
        return false; // R 10.5
    }
    if !board.is_area(a) {
        // R 10.1: only Hoepner, in his Road box.
        return is_hoepner(board, hq) && board.road_index(a).is_some();
    }
    if reveal_ok_with(board, st, occ, hq, a) {
        return true;
    }
    // It must move away to be revealed (disengaging if engaged).
    any_destination(board, st, occ, hq, MoveMode::NoEngage, |to| {
        reveal_ok_with(board, st, occ, hq, to)
    })
}

fn can_activate_with(board: &Board, st: &State, occ: &Occupancy, hq: BlockId) -> bool {
    let Some(i) = st.impulse.as_ref() else {
        return false;
    };
    if i.activated.contains(&hq) {
        return false;
    }
    // R 10.0: an LW HQ only after a Tactical HQ.
    if board.block(hq).role == Role::LuftwaffeHq
        && !i
            .activated
            .iter()
            .any(|h| board.block(*h).role == Role::TacticalHq)
    {
        return false;
    }
    can_activate_ignoring_order(board, st, occ, hq, false)
}

/// R 10.1: an HQ is revealed in an area without enemy units where it is not overstacked;
/// German HQs may be revealed in Staging Areas.
fn reveal_ok_with(board: &Board, st: &State, occ: &Occupancy, hq: BlockId, a: AreaId) -> bool {
    let side = board.block(hq).side;
    if !board.is_area(a) {
        return is_hoepner(board, hq) && board.road_index(a).is_some();
    }
    if occ.has_units(a, side.other()) {
        return false;
    }
    let here = space_of(st, hq) == Some(a);
    occ.stacking_ok_with(board, a, side, if here { 0 } else { 1 })
}

fn command_mode(st: &State) -> MoveMode {
    match st.impulse.as_ref().map(|i| i.kind) {
        Some(ImpulseKind::Pass) => MoveMode::NoEngage,
        _ if st.phase == Phase::Exploitation => MoveMode::Exploitation,
        _ => MoveMode::Command,
    }
}

fn rail_allowed(st: &State) -> bool {
    st.options.optional.rail
        && matches!(
            st.impulse.as_ref().map(|i| i.kind),
            Some(ImpulseKind::Pass) | Some(ImpulseKind::StrategicMove)
        )
}

/// Blocks the active player may still command now (R 10.7, 10.8, 11.0 A, 12.0, 10.18).
pub fn commandable(board: &Board, st: &State) -> Vec<BlockId> {
    commandable_with(board, st, &Occupancy::new(board, st))
}

/// [`commandable`] with the occupancy already counted.
pub fn commandable_with(board: &Board, st: &State, occ: &Occupancy) -> Vec<BlockId> {
    match Commanders::new(board, st, occ) {
        Some(c) => board.side_blocks(c.i.side).filter(|b| c.can(*b)).collect(),
        None => Vec::new(),
    }
}

/// Is `b` in [`commandable`]? (Without listing the others.)
fn can_command(board: &Board, st: &State, occ: &Occupancy, b: BlockId) -> bool {
    b.index() < board.blocks.len() && Commanders::new(board, st, occ).is_some_and(|c| c.can(b))
}

/// Is [`commandable`] not empty? (Stops at the first block.)
fn any_commandable(board: &Board, st: &State) -> bool {
    let occ = Occupancy::new(board, st);
    Commanders::new(board, st, &occ).is_some_and(|c| board.side_blocks(c.i.side).any(|b| c.can(b)))
}

/// [`commandable`] asked block by block: a Tactical HQ's range (R 10.3) is traced only once a
/// block needs it.
struct Commanders<'a> {
    board: &'a Board,
    st: &'a State,
    occ: &'a Occupancy,
    i: &'a Impulse,
    exploit: bool,
    /// One bit per block that may not act (again): it acted, or it is an HQ activated in
    /// this Tactical Impulse (GAP-19).
    done: [u64; 4],
    /// The activated Tactical HQs on the map: (HQ, its area, its range once traced).
    hqs: Vec<(BlockId, AreaId, std::cell::OnceCell<Vec<bool>>)>,
}

impl<'a> Commanders<'a> {
    /// None when nobody may be commanded (no impulse, no action left, SI option B).
    fn new(board: &'a Board, st: &'a State, occ: &'a Occupancy) -> Option<Self> {
        let i = st.impulse.as_ref()?;
        if i.actions_left == Some(0) {
            return None;
        }
        let exploit = st.phase == Phase::Exploitation;
        if !exploit && i.kind == ImpulseKind::StrategicReinforce {
            return None;
        }
        let hqs = if !exploit && i.kind == ImpulseKind::Tactical {
            i.activated
                .iter()
                .filter(|h| board.block(**h).role == Role::TacticalHq)
                .filter_map(|h| {
                    let a = space_of(st, *h)?;
                    // Hoepner on the Road commands nobody on the map.
                    board
                        .is_area(a)
                        .then(|| (*h, a, std::cell::OnceCell::new()))
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut done = [0u64; 4];
        let gap19 = i.kind == ImpulseKind::Tactical && !exploit;
        for b in i.acted.iter().chain(i.activated.iter().filter(|_| gap19)) {
            done[b.index() / 64] |= 1 << (b.index() % 64);
        }
        Some(Commanders {
            board,
            st,
            occ,
            i,
            exploit,
            done,
            hqs,
        })
    }

    fn can(&self, b: BlockId) -> bool {
        let (board, st, i) = (self.board, self.st, self.i);
        let d = board.block(b);
        let bs = &st.blocks[b.index()];
        let Loc::Space(a) = bs.loc else {
            return false;
        };
        let base = d.side == i.side
            && d.role != Role::Leader
            && !bs.isolated
            && self.done[b.index() / 64] & (1 << (b.index() % 64)) == 0
            && board.is_area(a);
        if !base {
            return false;
        }
        if self.exploit {
            // R 10.18: Fast blocks (HQs included).
            return is_fast(board, b);
        }
        match i.kind {
            ImpulseKind::Tactical => self.hqs.iter().any(|(h, ha, range)| {
                // R 10.2.2: any block in the HQ's own area; R 10.2.1/10.6: by colour in range.
                *ha == a
                    || (commands_colour(board, st, *h, b)
                        && range.get_or_init(|| {
                            let r = tactical_range(board, st, *h);
                            range_areas_with(board, st, self.occ, *ha, i.side, r)
                        })[a.index()])
            }),
            ImpulseKind::StrategicMove | ImpulseKind::Pass => true,
            ImpulseKind::StrategicReinforce => false,
        }
    }
}

/// How many Defensive Lines `side` has on the map, and how many it owns (R 4.1: 10 German,
/// 20 Soviet).
fn dls_used_of(board: &Board, st: &State, side: Side) -> (usize, usize) {
    let total = if side == Side::German {
        board.data.blocks.german_dls
    } else {
        board.data.blocks.soviet_dls
    } as usize;
    let used = st.dl.iter().filter(|x| x[side_index(side)]).count();
    (used, total)
}

/// R 4.1, 10.8: a combat block not at minimum, in an own undisputed area without an own DL,
/// with a DL left in the box; not in an Exploitation or SI option B.
fn can_build_dl_with(board: &Board, st: &State, occ: &Occupancy, b: BlockId) -> bool {
    let (used, total) = dls_used_of(board, st, board.block(b).side);
    used < total && dl_site_ok(board, st, occ, b)
}

/// Everything R 4.1 and 10.8 ask of a block building a DL, except a line left in the box.
fn dl_site_ok(board: &Board, st: &State, occ: &Occupancy, b: BlockId) -> bool {
    let d = board.block(b);
    let side = d.side;
    let Some(a) = space_of(st, b) else {
        return false;
    };
    d.role == Role::Combat
        && st.phase == Phase::Command
        && board.is_area(a)
        && board.terrain(a) != Some(Terrain::Staging)
        && !at_minimum(board, st, b)
        && st.control[a.index()] == side
        && !occ.disputed(a)
        && !st.dl[a.index()][side_index(side)]
}

/// R 4.1 dismantling: while all of a side's lines are on the map and one of the commanded
/// `builders` could build one, each own line in an undisputed area may be taken off (a lone
/// line in a disputed area keeps that area disputed, so it stays: docs/moscow41.md).
fn dismantle_actions(
    board: &Board,
    st: &State,
    occ: &Occupancy,
    builders: &[BlockId],
) -> Vec<Action> {
    let Some(first) = builders.first() else {
        return Vec::new();
    };
    let side = board.block(*first).side;
    let (used, total) = dls_used_of(board, st, side);
    if used < total || !builders.iter().any(|b| dl_site_ok(board, st, occ, *b)) {
        return Vec::new();
    }
    board
        .area_ids()
        .filter(|a| st.dl[a.index()][side_index(side)] && !occ.disputed(*a))
        .map(|area| Action::DismantleDl { area })
        .collect()
}

// ------------------------------------------------------------------ combat segment

/// Bombers committable and Air Range (R 10.10, T5: Blizzard as Snow).
fn lw_strength(board: &Board, st: &State, lw: BlockId) -> u8 {
    support_strength(board, st, lw, st.blocks[lw.index()].strength)
}

fn bomber_owner(board: &Board, bomber: usize) -> Option<BlockId> {
    board.block_by_key(&board.bombers()[bomber].owner)
}

fn support_actions(board: &Board, st: &State) -> Vec<Action> {
    let i = imp(st);
    let side = i.side;
    let mut v = Vec::new();
    let occ = Occupancy::new(board, st);
    let fighters = fighters_in(board, st, side);
    // Areas where the active player has blocks that could fight.
    let fight_area = |a: AreaId| {
        occ.disputed(a)
            && !i.battled.contains(&a)
            && fighters[a.index()]
            && (!i.blitz || i.blitz_areas.contains(&a))
    };
    // Artillery (R 10.4): one marker per activated Tactical HQ, on an adjacent area.
    for &h in &i.activated {
        if !has_artillery(board, st, h) || i.artillery.iter().any(|(x, _)| *x == h) {
            continue;
        }
        if i.blitz && !is_blitz_hq(board, st, h) {
            continue;
        }
        let Some(ha) = space_of(st, h) else { continue };
        for a in board.neighbours(ha) {
            if fight_area(a) {
                v.push(Action::Artillery { hq: h, area: a });
            }
        }
    }
    // Bombers (R 10.10): up to the LW HQ's strength, in Air Range; in the Blitz only the
    // Stukas that survived (R 10.16).
    for (k, bs) in st.bombers.iter().enumerate() {
        let id = BomberId(k as u8);
        if i.blitz {
            if !i.stukas_survived.contains(&id) || i.blitz_areas.is_empty() {
                continue;
            }
            // Each surviving Stuka follows one Blitz battle: once sent to one it is not
            // offered again (re-sending it between Blitz areas would never end the step).
            if matches!(bs, BomberState::Committed(x) if i.blitz_areas.contains(x)) {
                continue;
            }
            for &a in &i.blitz_areas {
                if fight_area(a) {
                    v.push(Action::Bomber {
                        bomber: id,
                        area: a,
                    });
                }
            }
            continue;
        }
        if *bs != BomberState::Available {
            continue;
        }
        let Some(owner) = bomber_owner(board, k) else {
            continue;
        };
        if !i.activated.contains(&owner) {
            continue;
        }
        let s = lw_strength(board, st, owner);
        let committed = st
            .bombers
            .iter()
            .enumerate()
            .filter(|(j, b)| {
                matches!(b, BomberState::Committed(_)) && bomber_owner(board, *j) == Some(owner)
            })
            .count() as u8;
        if committed >= s {
            continue;
        }
        let Some(la) = space_of(st, owner) else {
            continue;
        };
        for a in board.area_ids() {
            if fight_area(a) && board.distance(la, a).is_some_and(|d| d <= s as u32) {
                v.push(Action::Bomber {
                    bomber: id,
                    area: a,
                });
            }
        }
    }
    v
}

/// Areas where the active player may fight now (R 10.11).
fn fightable(board: &Board, st: &State) -> Vec<AreaId> {
    let i = imp(st);
    let side = i.side;
    let occ = Occupancy::new(board, st);
    let fighters = fighters_in(board, st, side);
    board
        .area_ids()
        .filter(|a| {
            !i.battled.contains(a)
                && occ.has_units(*a, side.other())
                && fighters[a.index()]
                && (!i.blitz || i.blitz_areas.contains(a))
        })
        .collect()
}

/// Per space: does `side` have a block there that could fight (not a Leader, not Isolated)?
fn fighters_in(board: &Board, st: &State, side: Side) -> Vec<bool> {
    let mut f = vec![false; st.dl.len()];
    for (k, bs) in st.blocks.iter().enumerate() {
        if let Loc::Space(a) = bs.loc {
            let d = &board.blocks[k];
            if d.side == side && d.role != Role::Leader && !bs.isolated {
                f[a.index()] = true;
            }
        }
    }
    f
}

pub(crate) fn battle_terrain(board: &Board, a: AreaId) -> battle::Terrain {
    match board.terrain(a) {
        Some(Terrain::Green) | Some(Terrain::Staging) => battle::Terrain::Green,
        Some(Terrain::Yellow) => battle::Terrain::Yellow,
        Some(Terrain::Victory) => battle::Terrain::Victory,
        None => battle::Terrain::Box,
    }
}

fn battle_unit(board: &Board, st: &State, b: BlockId, river: bool) -> BattleUnit {
    let d = board.block(b);
    let bs = &st.blocks[b.index()];
    let role = match d.role {
        Role::Combat => battle::Role::Combat,
        Role::TacticalHq => battle::Role::TacticalHq,
        Role::LuftwaffeHq => battle::Role::LwHq,
        Role::Leader => battle::Role::Leader,
    };
    let ladder = ladder(board, b)
        .into_iter()
        .map(|s| {
            let fp = if d.role == Role::Combat {
                d.dots[s as usize - 1]
            } else {
                eastfront_kernel::Firepower::Double
            };
            (s, fp)
        })
        .collect();
    BattleUnit {
        id: b.0 as u16,
        name: d.name.clone(),
        side: d.side,
        role,
        is_tank: d.combat_type == Some(crate::data::CombatType::Tank),
        is_fast: is_fast(board, b),
        strength: bs.strength,
        ladder,
        isolated: bs.isolated,
        across_river: river,
        blue_division: st.options.optional.infantry_divisions && d.blue_division,
    }
}

fn battle_setup(board: &Board, st: &State, a: AreaId) -> BattleSetup {
    let i = imp(st);
    let attacker = i.side;
    let defender = attacker.other();
    let mut s = BattleSetup::new(attacker, battle_terrain(board, a));
    s.city = board.has_city(a);
    s.defender_controls = st.control[a.index()] == defender;
    s.weather = match st.weather {
        Weather::Sunny => battle::Weather::Sunny,
        Weather::Rain => battle::Weather::Rain,
        Weather::Snow => battle::Weather::Snow,
        Weather::Blizzard => battle::Weather::Blizzard,
    };
    s.blizzard = battle::BlizzardDivisors {
        defending: st.options.readings.blizzard_defend_divisor,
        attacking: st.options.readings.blizzard_attack_divisor,
    };
    s.newly_disputed = i.blitz && i.blitz_areas.contains(&a) || !i.disputed_at_start[a.index()];
    s.attacker_dl = st.dl[a.index()][side_index(attacker)];
    s.defender_dl = st.dl[a.index()][side_index(defender)];
    s.artillery = i
        .artillery
        .iter()
        .filter(|(_, x)| *x == a)
        .map(|(h, _)| battle::Artillery {
            hq: h.0 as u16,
            name: board.block(*h).name.clone(),
            strength: st.blocks[h.index()].strength,
        })
        .collect();
    s.bombers = st
        .bombers
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == BomberState::Committed(a))
        .filter_map(|(k, _)| {
            let owner = bomber_owner(board, k)?;
            Some(battle::Bomber {
                id: k as u16,
                kind: match board.bombers()[k].kind {
                    BomberKind::He111 => battle::BomberKind::He111,
                    BomberKind::Stuka => battle::BomberKind::Stuka,
                },
                lw_hq: owner.0 as u16,
                lw_strength: st.blocks[owner.index()].strength,
            })
        })
        .collect();
    s.units = blocks_in(board, st, a)
        .into_iter()
        .map(|b| battle_unit(board, st, b, i.river.contains(&b)))
        .collect();
    s.blitz = i.blitz;
    s
}

fn start_battle(board: &Board, st: &mut State, a: AreaId, ev: &mut Vec<Event>) {
    let setup = battle_setup(board, st, a);
    event(
        ev,
        EventKind::BattleStart {
            area: a,
            attacker: setup.attacker,
        },
        "R 10.12",
        format!("Battle in {}.", board.place_label(a)),
    );
    imp_mut(st).battled.push(a);
    match Battle::new(setup) {
        Ok(b) => {
            st.battle = Some(Box::new(b));
            st.phase = Phase::Battle;
            continue_battle(board, st, ev);
        }
        Err(e) => {
            info(
                ev,
                "R 10.11",
                format!("No battle in {}: {e}", board.place_label(a)),
            );
            st.phase = Phase::Battles;
        }
    }
}

/// Runs the battle until a choice is needed or it ends; then applies its result.
fn continue_battle(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let Some(mut b) = st.battle.take() else {
        return;
    };
    let logged = b.log().len();
    let progress = b.run(&mut st.dice);
    for l in &b.log()[logged..] {
        let rule = format!("R {}", l.rule);
        match &l.event {
            battle::BattleEvent::Roll { side, dice, .. } => {
                // The battle writes a roll as "{what}: {n} dice …": its purpose is the part
                // before the first colon.
                let purpose = l.text.split(": ").next().unwrap_or_default();
                ev.push(
                    Event::new(EventKind::Info, rule, l.text.clone())
                        .with_roll(eastfront_kernel::Roll::d6(Some(*side), purpose, dice)),
                );
            }
            battle::BattleEvent::Revealed { units } => {
                let blocks: Vec<BlockId> = units.iter().map(|u| BlockId(*u as u8)).collect();
                event(ev, EventKind::Reveal { blocks }, &rule, l.text.clone());
                // The strengths they fight at, for the battle's record (public: face up).
                let fought: Vec<(BlockId, u8)> = b
                    .setup()
                    .units
                    .iter()
                    .filter(|x| units.contains(&x.id))
                    .map(|x| (BlockId(x.id as u8), x.strength))
                    .collect();
                ev.push(Event::new(
                    EventKind::BattleBlocks { blocks: fought },
                    rule,
                    String::new(),
                ));
            }
            battle::BattleEvent::StepLost { unit, strength } => event(
                ev,
                EventKind::BattleHit {
                    block: BlockId(*unit as u8),
                    strength: *strength,
                },
                &rule,
                l.text.clone(),
            ),
            _ => event(ev, EventKind::Info, &rule, l.text.clone()),
        }
    }
    match progress {
        Progress::NeedsChoice(_) => {
            st.battle = Some(b);
            st.phase = Phase::Battle;
        }
        Progress::Finished => {
            let area = b
                .setup()
                .units
                .first()
                .and_then(|u| space_of(st, BlockId(u.id as u8)))
                .expect("a battle has units");
            let result = b.result().expect("finished").clone();
            apply_battle_result(board, st, area, &result, ev);
            st.phase = Phase::Battles;
        }
    }
}

fn apply_battle_result(
    board: &Board,
    st: &mut State,
    a: AreaId,
    r: &battle::BattleResult,
    ev: &mut Vec<Event>,
) {
    let attacker = r.attacker;
    for u in &r.units {
        let b = BlockId(u.id as u8);
        let bs = &mut st.blocks[b.index()];
        bs.strength = u.strength;
        bs.revealed = u.revealed;
        if u.revealed {
            imp_mut(st).revealed_now.push(b);
        }
        if let Some(dest) = u.destroyed {
            let side = board.block(b).side;
            let bs = &mut st.blocks[b.index()];
            bs.revealed = false;
            bs.isolated = false;
            bs.loc = match dest {
                battle::LossDestination::EliminatedPermanently => Loc::Eliminated,
                battle::LossDestination::ForcePool => Loc::ForcePool,
            };
            event(
                ev,
                EventKind::Destroyed { block: b },
                "R 10.14.3",
                format!("{} ({}) is destroyed.", board.block(b).name, side.name()),
            );
        }
    }
    if r.attacker_dl_destroyed {
        st.dl[a.index()][side_index(attacker)] = false;
        st.dl_isolated[a.index()][side_index(attacker)] = false;
    }
    if r.defender_dl_destroyed {
        st.dl[a.index()][side_index(attacker.other())] = false;
        st.dl_isolated[a.index()][side_index(attacker.other())] = false;
    }
    let blitz = imp(st).blitz;
    for (id, fate) in &r.bombers {
        let k = *id as usize;
        match fate {
            battle::BomberFate::Attacked => {
                if board.bombers()[k].kind == BomberKind::Stuka && !blitz {
                    imp_mut(st).stukas_survived.push(BomberId(k as u8));
                }
            }
            battle::BomberFate::Aborted => st.bombers[k] = BomberState::Aborted,
            battle::BomberFate::Destroyed => st.bombers[k] = BomberState::Destroyed,
        }
    }
    if !blitz {
        for u in &r.may_blitz {
            imp_mut(st).blitz_eligible.push(BlockId(*u as u8));
        }
    }
    event(
        ev,
        EventKind::BattleEnd { area: a },
        "R 10.15",
        format!("The battle in {} is over.", board.place_label(a)),
    );
    after_control_change(board, st, ev);
}

/// Settles control (R 2.5) and its consequences: Moscow's fall (R 4.2.4), Shlisselburg
/// (R 13.3.1). Victory is checked by `run`.
pub fn after_control_change(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    for (a, side) in settle_control(board, st) {
        event(
            ev,
            EventKind::Control { area: a, side },
            "R 2.5",
            format!(
                "{} passes to {} control.",
                board.place_label(a),
                side.name()
            ),
        );
    }
    if !st.stalin_dead && st.control[board.moscow.index()] == Side::German {
        st.stalin_dead = true;
        if let Some(s) = leader_of(board, Side::Soviet) {
            st.blocks[s.index()].loc = Loc::Removed;
            st.blocks[s.index()].strength = 0;
        }
        info(
            ev,
            "R 4.2.4",
            "Moscow falls: Stalin dies; the Soviets get no more Logistic Phases.",
        );
    }
    if st.disc_shlisselburg && st.control[board.shlisselburg.index()] == Side::German {
        st.disc_shlisselburg = false;
        info(ev, "R 13.3.1", "The Germans reach Shlisselburg: the light-blue disc is removed; the west half of the north edge is no longer a Soviet supply source.");
    }
}

/// R 10.9: Hoepner's roll on the Road to Leningrad.
fn road_roll(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let Some(h) = imp(st)
        .activated
        .iter()
        .copied()
        .find(|h| is_hoepner(board, *h))
    else {
        return;
    };
    let Some(at) = space_of(st, h) else { return };
    let Some(idx) = board.road_index(at) else {
        return;
    };
    imp_mut(st).road_rolled = true;
    // Hoepner's dice: his strength after weather (R 10.9, T5: Blizzard as Snow).
    let dice_n = support_strength(board, st, h, st.blocks[h.index()].strength);
    let with = side_blocks_in(board, st, at, Side::German).len() - 1;
    // RO 14.2: with Zhukov in the Leningrad box the roll is Single Fire.
    let zhukov_there = board
        .side_blocks(Side::Soviet)
        .any(|z| is_zhukov(board, z) && space_of(st, z) == Some(board.leningrad));
    let hit_on = if zhukov_there { 6 } else { 5 };
    let dice = st.dice.roll(dice_n as usize);
    dice_event(
        ev,
        Some(Side::German),
        "R 10.9",
        "Hoepner on the Road to Leningrad",
        &dice,
    );
    let hits = dice.iter().filter(|d| **d >= hit_on).count();
    let advance = hits.min(with).min(10 - idx as usize);
    if advance == 0 {
        info(
            ev,
            "R 10.9",
            format!("Hoepner does not advance ({hits} hits, {with} blocks with him)."),
        );
        return;
    }
    let to_idx = idx as usize + advance; // 1-based
    let dest = board.road[to_idx - 1];
    for b in side_blocks_in(board, st, at, Side::German) {
        st.blocks[b.index()].loc = Loc::Space(dest);
    }
    for k in idx as usize..to_idx {
        st.control[board.road[k].index()] = Side::German;
    }
    info(
        ev,
        "R 10.9",
        format!(
            "Hoepner advances {advance} box(es) to {} ({hits} hits, {with} blocks with him).",
            board.place_label(dest)
        ),
    );
    after_control_change(board, st, ev);
}

// ------------------------------------------------------------------ blitz (R 10.16)

fn blitz_blocks(board: &Board, st: &State) -> Vec<BlockId> {
    let i = imp(st);
    let hqs: Vec<(BlockId, Vec<bool>)> = i
        .activated
        .iter()
        .filter(|h| is_blitz_hq(board, st, **h))
        .filter_map(|h| {
            let a = space_of(st, *h)?;
            board.is_area(a).then(|| {
                (
                    *h,
                    range_areas(board, st, a, i.side, tactical_range(board, st, *h)),
                )
            })
        })
        .collect();
    i.blitz_eligible
        .iter()
        .copied()
        .filter(|b| !i.blitzed.contains(b))
        .filter(|b| {
            let Some(a) = space_of(st, *b) else {
                return false;
            };
            board.terrain(a) == Some(Terrain::Green)
                && !has_units(board, st, a, i.side.other())
                && !st.blocks[b.index()].isolated
                && hqs.iter().any(|(h, r)| {
                    (commands_colour(board, st, *h, *b) || space_of(st, *h) == Some(a))
                        && r[a.index()]
                })
        })
        .collect()
}

/// R 10.16, 10.17: the Blitz moves are over (by the player, or because no block can Blitz any
/// more). Every Blitz into an enemy-held area must be fought ("es obligatorio resolver el
/// Combate"): the Blitz HQs may fire their Artillery again and the surviving Stukas follow
/// (`Support` in Blitz mode), then the Blitz battles (`Battles`, mandatory there); only when
/// they are resolved does `end_combat` reach HQ Deactivation. Without a Blitz battle those
/// steps pass at once (`run`).
fn end_blitz_moves(st: &mut State) {
    let i = imp_mut(st);
    i.blitz = true;
    i.artillery.clear();
    st.phase = Phase::Support;
}

fn blitz_targets(board: &Board, st: &State, b: BlockId) -> Vec<AreaId> {
    let i = imp(st);
    let side = i.side;
    let Some(a) = space_of(st, b) else {
        return Vec::new();
    };
    board
        .neighbours(a)
        .filter(|n| {
            board.terrain(*n) == Some(Terrain::Green)
                && !i.disputed_at_blitz[n.index()]
                // A battle already fought here this impulse cannot be fought again (R 10.15),
                // yet a Blitz into enemy units must fight (R 10.16): not a target.
                && !(i.battled.contains(n) && has_units(board, st, *n, side.other()))
                && stacking_ok_with(board, st, *n, side, 1)
        })
        .collect()
}

// ------------------------------------------------------------------ apply

pub fn apply(
    board: &Board,
    st: &mut State,
    seat: Seat,
    a: &Action,
) -> Result<Vec<Event>, RuleError> {
    let Some(side) = active_side(st) else {
        return Err(RuleError("the game is over".into()));
    };
    if seat != seat_of(side) {
        return Err(RuleError(format!(
            "it is the {} player's turn",
            side.name()
        )));
    }
    // Moves and activations along any legal path; everything else must be listed.
    let ok = match a {
        // RO 14.2 transfers: from a Road box to the map.
        Action::Move { block, path }
            if st.phase == Phase::Command
                && space_of(st, *block).is_some_and(|x| !board.is_area(x)) =>
        {
            path.len() == 1 && transfers(board, st).contains(&(*block, path[0]))
        }
        Action::Move { block, path }
            if matches!(st.phase, Phase::Command | Phase::Exploitation) =>
        {
            let occ = Occupancy::new(board, st);
            can_command(board, st, &occ, *block)
                && check_path_with(board, st, &occ, *block, path, command_mode(st))
                    .map_err(RuleError)?
                    > 0
        }
        Action::Activate { hq, path } if st.phase == Phase::Activation && !path.is_empty() => {
            let occ = Occupancy::new(board, st);
            can_activate_with(board, st, &occ, *hq)
                && check_path_with(board, st, &occ, *hq, path, MoveMode::NoEngage)
                    .map_err(RuleError)?
                    > 0
                && reveal_ok_with(board, st, &occ, *hq, *path.last().unwrap())
        }
        _ => listed(board, st, a),
    };
    if !ok {
        return Err(RuleError(format!("{a:?} is not legal now")));
    }
    let mut ev = Vec::new();
    execute(board, st, a, &mut ev);
    run(board, st, &mut ev);
    Ok(ev)
}

/// Is `a` in [`legal_actions`]? The same answer, without building the whole list where that
/// is costly (the Command segment lists every move and rail move of every block).
fn listed(board: &Board, st: &State, a: &Action) -> bool {
    match st.phase {
        Phase::Command => {
            let occ = Occupancy::new(board, st);
            match a {
                Action::EndCommand => true,
                Action::Rail { block, to } => {
                    rail_allowed(st)
                        && can_command(board, st, &occ, *block)
                        && space_of(st, *block).is_some_and(|a| {
                            let side = board.block(*block).side;
                            rail_destinations_from(board, st, &occ, side, &[a])[0].contains(to)
                        })
                }
                Action::BuildDl { block } => {
                    can_command(board, st, &occ, *block)
                        && can_build_dl_with(board, st, &occ, *block)
                }
                Action::DismantleDl { .. } => {
                    let blocks = commandable_with(board, st, &occ);
                    dismantle_actions(board, st, &occ, &blocks).contains(a)
                }
                Action::Move { .. } => legal_actions(board, st).contains(a),
                _ => false,
            }
        }
        Phase::Exploitation => match a {
            Action::EndExploitation => true,
            Action::Move { .. } => legal_actions(board, st).contains(a),
            _ => false,
        },
        _ => legal_actions(board, st).contains(a),
    }
}

fn execute(board: &Board, st: &mut State, a: &Action, ev: &mut Vec<Event>) {
    let side = st.active;
    match a {
        Action::Place { .. } | Action::PlaceDl { .. } => setup::apply_setup(board, st, a),
        Action::LogisticPause => {
            // R 7.1: the Leader regenerates completely.
            if let Some(l) = leader_of(board, side) {
                if matches!(st.blocks[l.index()].loc, Loc::Space(_)) {
                    st.blocks[l.index()].strength = board.block(l).max_strength;
                }
            }
            info(
                ev,
                "R 7.1",
                format!(
                    "{} declares a Logistic Pause: the Leader returns to full strength.",
                    side.name()
                ),
            );
            next_logistic(board, st, ev);
        }
        Action::ActivateLeader => {
            let v = vl(board, st, side);
            st.logistics = Some(Logistics {
                side,
                vl: v,
                regeneration_left: v,
                replacement_left: v,
            });
            info(
                ev,
                "R 7.2",
                format!("{} activates the Leader: Logistic Value {v}.", side.name()),
            );
            st.phase = Phase::Regeneration;
        }
        Action::Regenerate { hq } => {
            let s = st.blocks[hq.index()].strength;
            st.blocks[hq.index()].strength = raised(board, *hq, s).unwrap_or(s);
            st.logistics.as_mut().unwrap().regeneration_left -= 1;
            private(
                ev,
                EventKind::Info,
                "R 7.2.2",
                format!("{} regenerates an HQ step.", side.name()),
                side,
                format!("{} regenerates one step.", board.block(*hq).name),
            );
        }
        Action::EndRegeneration => st.phase = Phase::Replacement,
        Action::Replace { block } => {
            let c = replace_cost(board, st, *block);
            st.blocks[block.index()].strength += 1;
            st.logistics.as_mut().unwrap().replacement_left -= c;
            private(
                ev,
                EventKind::Info,
                "R 7.2.2",
                format!("{} replaces a step.", side.name()),
                side,
                format!("{} gains a step ({c} points).", board.block(*block).name),
            );
        }
        Action::EndReplacement => {
            let n = st.logistics.as_ref().unwrap().vl;
            draw_reinforcements(board, st, side, n, ev);
            st.phase = Phase::Reinforce { logistic: true };
        }
        Action::Deploy { block, area } => {
            st.drawn.retain(|b| b != block);
            st.blocks[block.index()].loc = Loc::Space(*area);
            if side == Side::Soviet {
                st.batch_areas.push(*area);
            }
            private(
                ev,
                EventKind::Moved {
                    from: None,
                    to: *area,
                },
                "R 5.0",
                format!(
                    "A {} reinforcement enters at {}.",
                    side.name(),
                    board.place_label(*area)
                ),
                side,
                format!(
                    "{} enters at {}.",
                    board.block(*block).name,
                    board.place_label(*area)
                ),
            );
        }
        Action::Tactical => begin_impulse(board, st, ImpulseKind::Tactical, ev),
        Action::StrategicMove => begin_impulse(board, st, ImpulseKind::StrategicMove, ev),
        Action::StrategicReinforce => begin_impulse(board, st, ImpulseKind::StrategicReinforce, ev),
        Action::Pass => begin_impulse(board, st, ImpulseKind::Pass, ev),
        Action::Activate { hq, path } => {
            if !path.is_empty() {
                do_move(board, st, *hq, path, ev);
                after_control_change(board, st, ev);
            }
            st.blocks[hq.index()].revealed = true;
            let i = imp_mut(st);
            i.activated.push(*hq);
            i.revealed_now.push(*hq);
            let at = space_of(st, *hq).unwrap();
            event(
                ev,
                EventKind::Reveal { blocks: vec![*hq] },
                "R 10.1",
                format!(
                    "{} is activated and revealed in {}.",
                    board.block(*hq).name,
                    board.place_label(at)
                ),
            );
        }
        Action::EndActivation => st.phase = Phase::Command,
        Action::Move { block, path } if space_of(st, *block).is_some_and(|x| !board.is_area(x)) => {
            // RO 14.2: a transfer from the Road to the map, keeping the strength.
            let from = space_of(st, *block).unwrap();
            let to = path[0];
            st.blocks[block.index()].loc = Loc::Space(to);
            st.blocks[block.index()].revealed = false;
            mark_acted(st, *block);
            private(
                ev,
                EventKind::Moved {
                    from: Some(from),
                    to,
                },
                "RO 14.2",
                format!(
                    "A {} block leaves {} for {}.",
                    side.name(),
                    board.place_label(from),
                    board.place_label(to)
                ),
                side,
                format!(
                    "{} leaves {} for {}.",
                    board.block(*block).name,
                    board.place_label(from),
                    board.place_label(to)
                ),
            );
            after_control_change(board, st, ev);
        }
        Action::Move { block, path } => {
            do_move(board, st, *block, path, ev);
            st.blocks[block.index()].revealed = false;
            mark_acted(st, *block);
            after_control_change(board, st, ev);
        }
        Action::Rail { block, to } => {
            let from = space_of(st, *block).unwrap();
            st.blocks[block.index()].loc = Loc::Space(*to);
            mark_acted(st, *block);
            private(
                ev,
                EventKind::Moved {
                    from: Some(from),
                    to: *to,
                },
                "RO 14.4",
                format!(
                    "A {} block moves by rail to {}.",
                    side.name(),
                    board.place_label(*to)
                ),
                side,
                format!(
                    "{} moves by rail to {}.",
                    board.block(*block).name,
                    board.place_label(*to)
                ),
            );
        }
        Action::BuildDl { block } => {
            let a = space_of(st, *block).unwrap();
            let s = st.blocks[block.index()].strength;
            st.blocks[block.index()].strength = reduced(board, *block, s).unwrap_or(s);
            st.dl[a.index()][side_index(side)] = true;
            mark_acted(st, *block);
            event(
                ev,
                EventKind::DlBuilt { area: a, side },
                "R 4.1",
                format!(
                    "{} builds a Defensive Line in {}.",
                    side.name(),
                    board.place_label(a)
                ),
            );
        }
        Action::DismantleDl { area } => {
            st.dl[area.index()][side_index(side)] = false;
            st.dl_isolated[area.index()][side_index(side)] = false;
            event(
                ev,
                EventKind::DlDestroyed { area: *area, side },
                "R 4.1",
                format!(
                    "{} dismantles its Defensive Line in {} to build it again.",
                    side.name(),
                    board.place_label(*area)
                ),
            );
        }
        Action::EndCommand => end_command(board, st, ev),
        Action::Artillery { hq, area } => {
            imp_mut(st).artillery.push((*hq, *area));
            info(
                ev,
                "R 10.4",
                format!(
                    "{} places its Artillery Fire marker on {}.",
                    board.block(*hq).name,
                    board.place_label(*area)
                ),
            );
        }
        Action::Bomber { bomber, area } => {
            st.bombers[bomber.0 as usize] = BomberState::Committed(*area);
            info(
                ev,
                "R 10.10",
                format!("A bomber is committed over {}.", board.place_label(*area)),
            );
        }
        Action::EndSupport => {
            if !imp(st).blitz && !imp(st).road_rolled {
                road_roll(board, st, ev);
            }
            st.phase = Phase::Battles;
        }
        Action::Fight { area } => start_battle(board, st, *area, ev),
        Action::EndCombat => end_combat(board, st, ev),
        Action::BattleChoice { option } => {
            if let Some(b) = st.battle.as_mut() {
                if let Some(p) = b.pending_choice() {
                    let o: BattleOption = p.options[*option as usize];
                    let _ = b.choose(o);
                }
            }
            continue_battle(board, st, ev);
        }
        Action::Blitz { block, to } => {
            let from = space_of(st, *block).unwrap();
            let enemy = has_units(board, st, *to, side.other());
            st.blocks[block.index()].loc = Loc::Space(*to);
            // The Blitz area is newly disputed, so a block blitzing across a river rolls one
            // die there (R 10.12.5.1, 10.16 Impl); its cube from an earlier engagement goes.
            let across = enemy && board.river_between(from, *to) && !st.weather.snowy();
            let i = imp_mut(st);
            i.river.retain(|x| x != block);
            if across {
                i.river.push(*block);
            }
            i.blitzed.push(*block);
            if enemy && !i.blitz_areas.contains(to) {
                i.blitz_areas.push(*to);
            }
            event(
                ev,
                EventKind::Moved {
                    from: Some(from),
                    to: *to,
                },
                "R 10.16",
                format!(
                    "{} blitzes from {} into {}.",
                    board.block(*block).name,
                    board.place_label(from),
                    board.place_label(*to)
                ),
            );
            if !enemy && st.control[to.index()] != side {
                st.control[to.index()] = side; // GAP-32: no battle, control flips
            }
            after_control_change(board, st, ev);
        }
        Action::EndBlitz => end_blitz_moves(st),
        Action::Exploit => {
            spend_disc(st, side);
            let v = vl(board, st, side);
            let i = imp_mut(st);
            i.acted.clear();
            i.actions_left = Some(v);
            info(
                ev,
                "R 10.18",
                format!(
                    "{} spends the Initiative Disc for an Exploitation Move ({v} Fast blocks).",
                    side.name()
                ),
            );
            st.phase = Phase::Exploitation;
        }
        Action::NoExploit => finish_impulse(board, st, ev),
        Action::EndExploitation => finish_impulse(board, st, ev),
    }
}

fn mark_acted(st: &mut State, b: BlockId) {
    let i = imp_mut(st);
    i.acted.push(b);
    if let Some(n) = i.actions_left.as_mut() {
        *n = n.saturating_sub(1);
    }
}

// ------------------------------------------------------------------ the machine

/// Advances through automatic steps until a player must decide.
pub fn run(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    for _ in 0..10_000 {
        if check_victory(board, st, ev) {
            return;
        }
        match st.phase.clone() {
            Phase::Setup { .. } => {
                let before = st.phase.clone();
                setup::run_setup(board, st, ev);
                if st.phase == before && !legal_actions(board, st).is_empty() {
                    return;
                }
                if matches!(st.phase, Phase::Setup { .. }) && st.phase == before {
                    return;
                }
            }
            Phase::Reinforce { logistic } => {
                return_undeployable(board, st, ev);
                if !st.drawn.is_empty() {
                    return;
                }
                if logistic {
                    // R 7.2: the Leader is reduced one step at the end (a ♥ leader stays ♥).
                    let side = st.active;
                    if let Some(l) = leader_of(board, side) {
                        let s = st.blocks[l.index()].strength;
                        if let Some(r) = reduced(board, l, s) {
                            st.blocks[l.index()].strength = r;
                        }
                    }
                    st.logistics = None;
                    next_logistic(board, st, ev);
                } else {
                    st.phase = Phase::Battles;
                }
            }
            Phase::Support if support_actions(board, st).is_empty() => {
                if !imp(st).blitz && !imp(st).road_rolled {
                    road_roll(board, st, ev);
                }
                st.phase = Phase::Battles;
            }
            Phase::Battles if fightable(board, st).is_empty() => end_combat(board, st, ev),
            Phase::Battle => {
                if st
                    .battle
                    .as_ref()
                    .is_some_and(|b| b.pending_choice().is_some())
                {
                    return;
                }
                continue_battle(board, st, ev);
            }
            // R 10.16: no Blitz move is left (none was possible, or the last eligible block
            // has blitzed): the Blitz battles still follow, as after EndBlitz.
            Phase::Blitz
                if blitz_blocks(board, st)
                    .iter()
                    .all(|b| blitz_targets(board, st, *b).is_empty()) =>
            {
                end_blitz_moves(st)
            }
            Phase::Command if !any_commandable(board, st) && transfers(board, st).is_empty() => {
                end_command(board, st, ev)
            }
            Phase::Exploitation if !any_commandable(board, st) => finish_impulse(board, st, ev),
            Phase::GameOver => return,
            _ => return,
        }
    }
}

/// R 3.0, 6.0: a new turn: November's "N" blocks (R 5.1), the Logistic Phase (R 7.0) unless
/// `logistic` is false (Turn 1, or a scenario that starts in the Impulse Phase), then the
/// Impulse Phase.
pub fn start_turn(board: &Board, st: &mut State, logistic: bool, ev: &mut Vec<Event>) {
    event(
        ev,
        EventKind::TurnStart { turn: st.turn },
        "R 6.0",
        format!("Turn {}: {}.", st.turn, month(st.turn)),
    );
    st.disc_uses_month = [0; 2];
    if st.turn == 5 {
        let mut n = 0;
        for b in board.block_ids() {
            if st.blocks[b.index()].loc == Loc::November {
                st.blocks[b.index()].loc = Loc::ForcePool;
                n += 1;
            }
        }
        if n > 0 {
            info(
                ev,
                "R 5.1",
                format!("November: the {n} Soviet \"N\" blocks join the Force Pool."),
            );
        }
    }
    if logistic && st.turn >= 2 {
        let first = st.initiative.other();
        st.phase = Phase::LogisticChoice { side: first };
        st.active = first;
        if first == Side::Soviet && st.stalin_dead {
            next_logistic(board, st, ev);
        }
        return;
    }
    start_impulse_phase(st, ev);
}

/// R 7.0: the player without the Initiative decides first, then the holder.
fn next_logistic(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let done = st.active;
    if done == st.initiative {
        start_impulse_phase(st, ev);
        return;
    }
    let next = st.initiative;
    st.active = next;
    st.phase = Phase::LogisticChoice { side: next };
    if next == Side::Soviet && st.stalin_dead {
        start_impulse_phase(st, ev);
    }
    let _ = board;
}

fn start_impulse_phase(st: &mut State, _ev: &mut Vec<Event>) {
    st.impulses_this_turn = 0;
    st.german_impulses_this_turn = 0;
    st.consecutive_passes = 0;
    st.active = st.initiative;
    st.phase = Phase::ImpulseChoice;
}

/// R 8.1: the weather check at the start of a German impulse.
fn weather_check(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let s = board.setup(&st.scenario);
    if st.options.optional.blizzard && st.turn == 6 && st.german_impulses_this_turn >= 2 {
        if st.weather != Weather::Blizzard {
            st.weather = Weather::Blizzard;
            event(
                ev,
                EventKind::Weather {
                    weather: Weather::Blizzard,
                },
                "RO 14.5",
                "Blizzard!",
            );
        }
        return;
    }
    if st.weather.snowy() || s.is_some_and(|s| s.weather_fixed) {
        return;
    }
    if st.turn < 4 || (st.turn == 4 && st.german_impulses_this_turn < 2) {
        return;
    }
    let f = st.forecast.map_or(1, |n| (n + 1).min(6));
    st.forecast = Some(f);
    let d = st.dice.d6();
    dice_event(
        ev,
        None,
        "R 8.1",
        &format!("Weather forecast box {f}"),
        &[d],
    );
    if d <= f {
        st.weather = match st.weather {
            Weather::Sunny => Weather::Rain,
            _ => Weather::Snow,
        };
        st.forecast = None;
        event(
            ev,
            EventKind::Weather {
                weather: st.weather,
            },
            "R 8.1",
            format!("The weather turns to {:?}.", st.weather),
        );
    }
}

fn begin_impulse(board: &Board, st: &mut State, kind: ImpulseKind, ev: &mut Vec<Event>) {
    let side = st.active;
    st.impulses_this_turn += 1;
    if side == Side::German {
        st.german_impulses_this_turn += 1;
        // R 10.12.3: aborted bombers are back from the next German impulse.
        for b in st.bombers.iter_mut() {
            if *b == BomberState::Aborted {
                *b = BomberState::Available;
            }
        }
    }
    if st.turn == 4 && st.impulses_this_turn == 1 {
        st.forecast = None; // R 8.1: the marker is placed on "--"
    }
    event(
        ev,
        EventKind::ImpulseStart { side, kind },
        "R 3.0",
        format!(
            "{} impulse: {}.",
            side.name(),
            match kind {
                ImpulseKind::Tactical => "Tactical Impulse",
                ImpulseKind::StrategicMove => "Strategic Impulse (A: movement)",
                ImpulseKind::StrategicReinforce => "Strategic Impulse (B: reinforcements)",
                ImpulseKind::Pass => "Pass",
            }
        ),
    );
    // GAP-16: declare → weather → supply.
    if side == Side::German {
        weather_check(board, st, ev);
    }
    supply_check(board, st, side, ev);
    st.impulse = Some(Impulse {
        side,
        kind,
        disc_spent: false,
        disputed_at_start: disputed_all(board, st),
        activated: Vec::new(),
        acted: Vec::new(),
        actions_left: None,
        artillery: Vec::new(),
        river: Vec::new(),
        battled: Vec::new(),
        blitz_eligible: Vec::new(),
        blitzed: Vec::new(),
        disputed_at_blitz: Vec::new(),
        blitz_areas: Vec::new(),
        stukas_survived: Vec::new(),
        blitz: false,
        road_rolled: false,
        revealed_now: Vec::new(),
    });
    match kind {
        ImpulseKind::Tactical => st.phase = Phase::Activation,
        ImpulseKind::StrategicMove => {
            spend_disc(st, side);
            let v = vl(board, st, side);
            imp_mut(st).actions_left = Some(v);
            info(
                ev,
                "R 11.0",
                format!("{} may act with {v} blocks.", side.name()),
            );
            st.phase = Phase::Command;
        }
        ImpulseKind::StrategicReinforce => {
            spend_disc(st, side);
            let v = vl(board, st, side);
            draw_reinforcements(board, st, side, v, ev);
            st.phase = Phase::Reinforce { logistic: false };
        }
        ImpulseKind::Pass => {
            imp_mut(st).actions_left = Some(1);
            st.phase = Phase::Command;
        }
    }
}

/// R 9.0, 9.1: the start-of-impulse supply check marks with a white cube each of the active
/// player's units that cannot trace a LOC. The cube is the unit's own: a unit that already
/// carries one keeps it even if it could trace a LOC now — it stays Isolated "hasta que
/// puedan trazar una LdC en cualquier Comprobación de Aislamiento (9.3) futura", and only
/// the end-of-impulse Isolation check (`isolation_segment`) takes it off. With
/// `Readings::supply_check_clears_cubes` this check also takes it off (the other reading).
fn supply_check(board: &Board, st: &mut State, side: Side, ev: &mut Vec<Event>) {
    // Only the white cubes change below: the occupancy holds throughout.
    let occ = Occupancy::new(board, st);
    let sup = supplied_areas_with(board, st, &occ, side);
    let clears = st.options.readings.supply_check_clears_cubes;
    let mut n = 0;
    for b in board.side_blocks(side) {
        if board.block(b).role == Role::Leader {
            continue;
        }
        if let Loc::Space(a) = st.blocks[b.index()].loc {
            let ok = in_supply_occ(board, a, side, &sup, st, &occ);
            let cube = &mut st.blocks[b.index()].isolated;
            *cube = !ok || (*cube && !clears);
            n += *cube as usize;
        }
    }
    for a in board.area_ids() {
        if st.dl[a.index()][side_index(side)] {
            let ok = in_supply_occ(board, a, side, &sup, st, &occ);
            let cube = &mut st.dl_isolated[a.index()][side_index(side)];
            *cube = !ok || (*cube && !clears);
            n += *cube as usize;
        }
    }
    if n > 0 {
        info(
            ev,
            "R 9.1",
            format!("{n} {} units are Isolated.", side.name()),
        );
    }
}

fn end_command(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    match imp(st).kind {
        ImpulseKind::Tactical => st.phase = Phase::Support,
        ImpulseKind::StrategicMove | ImpulseKind::StrategicReinforce => st.phase = Phase::Battles,
        ImpulseKind::Pass => end_impulse(board, st, ev),
    }
}

fn end_combat(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let i = imp(st);
    if i.kind == ImpulseKind::Tactical && !i.blitz && st.weather.is_good() {
        // R 10.16: the Blitz segment.
        let d = disputed_all(board, st);
        imp_mut(st).disputed_at_blitz = d;
        st.phase = Phase::Blitz;
        return;
    }
    end_impulse(board, st, ev);
}

/// HQ Deactivation (R 10.17) and the Isolation segment (R 9.3), then the Exploitation offer.
fn end_impulse(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let side = imp(st).side;
    if imp(st).kind == ImpulseKind::Tactical {
        for h in imp(st).activated.clone() {
            if !matches!(st.blocks[h.index()].loc, Loc::Space(_)) {
                continue;
            }
            let s = st.blocks[h.index()].strength;
            st.blocks[h.index()].revealed = false;
            match reduced(board, h, s) {
                Some(r) if s > 0 => {
                    st.blocks[h.index()].strength = r;
                    event(
                        ev,
                        EventKind::StepLost { block: h },
                        "R 10.17",
                        format!("{} is deactivated and loses a step.", board.block(h).name),
                    );
                }
                _ => {
                    st.blocks[h.index()].loc = if side == Side::German {
                        Loc::Eliminated
                    } else {
                        Loc::ForcePool
                    };
                    event(
                        ev,
                        EventKind::Destroyed { block: h },
                        "R 10.17",
                        format!(
                            "{} was Exhausted and is destroyed at deactivation.",
                            board.block(h).name
                        ),
                    );
                }
            }
        }
        after_control_change(board, st, ev);
    }
    isolation_segment(board, st, side, ev);
    after_control_change(board, st, ev);
    if check_victory(board, st, ev) {
        return;
    }
    // R 10.18: Exploitation after a TI, spending the disc; German only in good weather,
    // Soviet in good weather or Snow, never in Rain.
    let weather_ok = match side {
        Side::German => st.weather.is_good(),
        Side::Soviet => st.weather != Weather::Rain,
    };
    if imp(st).kind == ImpulseKind::Tactical && weather_ok && can_spend_disc(board, st, side) {
        st.phase = Phase::ExploitOffer;
        return;
    }
    finish_impulse(board, st, ev);
}

/// R 9.3: the end-of-impulse Isolation check looks only at the units that carry a white cube
/// (marked at a start-of-impulse check, R 9.0, 9.1; a unit that entered a cut-off area since
/// is not judged). Those that trace a LOC lose the cube; the others suffer attrition and keep
/// it. All evaluated on the pre-attrition state.
fn isolation_segment(board: &Board, st: &mut State, side: Side, ev: &mut Vec<Event>) {
    // Units move only after the evaluation (attrition): the occupancy holds until then.
    let occ = Occupancy::new(board, st);
    let sup = supplied_areas_with(board, st, &occ, side);
    let mut reduce = Vec::new();
    let mut dl_lost = Vec::new();
    for b in board.side_blocks(side) {
        let bs = st.blocks[b.index()];
        let Loc::Space(a) = bs.loc else { continue };
        if !bs.isolated {
            continue;
        }
        if in_supply_occ(board, a, side, &sup, st, &occ) {
            st.blocks[b.index()].isolated = false;
        } else {
            reduce.push(b);
        }
    }
    for a in board.area_ids() {
        if !st.dl_isolated[a.index()][side_index(side)] || !st.dl[a.index()][side_index(side)] {
            continue;
        }
        if in_supply_occ(board, a, side, &sup, st, &occ) {
            st.dl_isolated[a.index()][side_index(side)] = false;
        } else if occ.disputed(a)
            && side_blocks_in(board, st, a, side)
                .iter()
                .all(|b| board.block(*b).role == Role::Leader)
        {
            dl_lost.push(a);
        }
    }
    for b in reduce {
        let s = st.blocks[b.index()].strength;
        match reduced(board, b, s) {
            Some(r) if !(board.block(b).is_hq() && s == 0) => {
                st.blocks[b.index()].strength = r;
                // The kind stays anonymous: the block may be hidden (R 1.5).
                private(
                    ev,
                    EventKind::Info,
                    "R 9.3",
                    format!("An isolated {} block suffers attrition.", side.name()),
                    side,
                    format!("{} suffers attrition.", board.block(b).name),
                );
            }
            _ => {
                let bs = &mut st.blocks[b.index()];
                bs.loc = if side == Side::German {
                    Loc::Eliminated
                } else {
                    Loc::Surrendered
                };
                bs.isolated = false;
                bs.revealed = false;
                event(
                    ev,
                    EventKind::Surrendered { block: b },
                    "R 9.3",
                    format!(
                        "{} surrenders (isolated at minimum strength).",
                        board.block(b).name
                    ),
                );
            }
        }
    }
    for a in dl_lost {
        st.dl[a.index()][side_index(side)] = false;
        st.dl_isolated[a.index()][side_index(side)] = false;
        event(
            ev,
            EventKind::DlDestroyed { area: a, side },
            "R 9.3",
            format!(
                "An isolated {} DL alone in disputed {} is destroyed.",
                side.name(),
                board.place_label(a)
            ),
        );
    }
}

/// The impulse is over: hide what was revealed, return bombers, pass the disc (R 11.0) and
/// hand over to the other player, or end the Impulse Phase after two Passes (R 3.0).
fn finish_impulse(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let Some(i) = st.impulse.take() else { return };
    for b in &i.revealed_now {
        st.blocks[b.index()].revealed = false;
    }
    for b in st.bombers.iter_mut() {
        if matches!(b, BomberState::Committed(_)) {
            *b = BomberState::Available;
        }
    }
    if i.disc_spent {
        st.initiative = i.side.other();
        info(
            ev,
            "R 11.0",
            format!(
                "The Initiative Disc passes to the {}.",
                i.side.other().name()
            ),
        );
    }
    if i.kind == ImpulseKind::Pass {
        st.consecutive_passes += 1;
    } else {
        st.consecutive_passes = 0;
    }
    if st.consecutive_passes >= 2 {
        final_phase(board, st, ev);
        return;
    }
    st.active = i.side.other();
    st.phase = Phase::ImpulseChoice;
}

/// R 13.0: bombers return, Kiev check, Leningrad check (RO 14.8 in November), end of game.
fn final_phase(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    info(ev, "R 13.0", format!("Final Phase of {}.", month(st.turn)));
    for b in st.bombers.iter_mut() {
        if matches!(b, BomberState::Destroyed | BomberState::Aborted) {
            *b = BomberState::Available; // R 13.1
        }
    }
    if st.disc_kiev {
        let chernigov = board.place("Chernigov");
        let romny = board.place("Romny");
        if let (Some(c), Some(r)) = (chernigov, romny) {
            if st.control[c.index()] == Side::German && st.control[r.index()] == Side::German {
                st.disc_kiev = false;
                st.control[board.kiev.index()] = Side::German;
                for b in board.block_ids() {
                    if st.blocks[b.index()].loc == Loc::KievIcon {
                        st.blocks[b.index()].loc = Loc::ForcePool;
                    }
                }
                info(ev, "R 13.2", "The Germans hold Chernigov and Romny: Kiev falls (German +1 VP, the 48th Panzer Corps joins the Force Pool, the orange south edge is no longer a Soviet source).");
            }
        }
    }
    let road_in_play = board.setup(&st.scenario).is_some_and(|s| s.road_in_play);
    if st.disc_leningrad && road_in_play && st.control[board.leningrad.index()] == Side::German {
        st.disc_leningrad = false;
        for b in board.block_ids() {
            if space_of(st, b).is_some_and(|a| board.road_index(a).is_some())
                && board.block(b).side == Side::German
            {
                st.blocks[b.index()].loc = Loc::ForcePool;
            }
            // GAP-15: Zhukov in the Leningrad box returns to the Force Pool.
            if space_of(st, b) == Some(board.leningrad) && board.block(b).side == Side::Soviet {
                st.blocks[b.index()].loc = Loc::ForcePool;
            }
        }
        info(ev, "R 13.3", "Leningrad falls (German +1 VP, the north edge is no longer a Soviet source, the 4th Panzer Group joins the Force Pool).");
    }
    if st.options.optional.crusader && st.turn == 5 {
        for b in board.block_ids() {
            if board.block(b).role == Role::LuftwaffeHq {
                st.blocks[b.index()].loc = Loc::Removed;
            }
        }
        for b in st.bombers.iter_mut() {
            *b = BomberState::Removed;
        }
        info(
            ev,
            "RO 14.8",
            "Operation Crusader: the Luftwaffe HQs and bombers leave for the Mediterranean.",
        );
        // R 2.5: an area the LW HQs shared with the enemy now belongs to him.
        after_control_change(board, st, ev);
    }
    if check_victory(board, st, ev) {
        return;
    }
    let end = board.setup(&st.scenario).map(|s| s.end_turn).unwrap_or(6);
    if st.turn >= end {
        end_of_game(board, st, ev);
        return;
    }
    st.turn += 1;
    start_turn(board, st, true, ev);
}

/// What the active player must do now, with the rule.
pub fn prompt(_board: &Board, st: &State) -> String {
    let side = active_side(st).map(|s| s.name()).unwrap_or("");
    match &st.phase {
        Phase::Setup { .. } => format!("{side}: place your units (Scenario Preparation)."),
        Phase::LogisticChoice { .. } => {
            format!("{side}: Logistic Pause or activate your Leader (R 7.0).")
        }
        Phase::Regeneration => format!(
            "{side}: spend Regeneration Points on HQ steps (R 7.2.2), {} left.",
            st.logistics.as_ref().map_or(0, |l| l.regeneration_left)
        ),
        Phase::Replacement => format!(
            "{side}: spend Replacement Points on combat steps (R 7.2.2), {} left.",
            st.logistics.as_ref().map_or(0, |l| l.replacement_left)
        ),
        Phase::Reinforce { .. } => format!("{side}: deploy your reinforcements (R 5.0)."),
        Phase::ImpulseChoice => {
            format!("{side}: Tactical Impulse, Strategic Impulse or Pass (R 3.0).")
        }
        Phase::Activation => format!("{side}: activate HQs (R 10.1)."),
        Phase::Command => match st.impulse.as_ref().map(|i| i.kind) {
            Some(ImpulseKind::Pass) => format!(
                "{side} passes: move at most one block, without engaging, or build a Defensive Line (R 12.0)."
            ),
            Some(ImpulseKind::StrategicMove) => format!(
                "{side}: Strategic Impulse: move up to your Logistic Value in blocks, without an HQ (R 11.0 A)."
            ),
            _ => format!("{side}: command your blocks: move or build a Defensive Line (R 10.7)."),
        },
        Phase::Support => {
            format!("{side}: place Artillery Fire markers and commit bombers (R 10.4, 10.10).")
        }
        Phase::Battles => format!("{side}: choose the next battle (R 10.11)."),
        Phase::Battle => st
            .battle
            .as_ref()
            .and_then(|b| b.pending_choice())
            .map(|p| format!("{side}: {} (R {})", p.prompt, p.rule))
            .unwrap_or_default(),
        Phase::Blitz => format!("{side}: Blitz moves (R 10.16)."),
        Phase::ExploitOffer => {
            format!("{side}: spend the Initiative Disc for an Exploitation Move? (R 10.18)")
        }
        Phase::Exploitation => format!("{side}: Exploitation moves (R 10.18)."),
        Phase::GameOver => st
            .outcome
            .as_ref()
            .map(|o| o.reason.clone())
            .unwrap_or_default(),
    }
    .replace("  ", " ")
}

pub fn phase_name(p: &Phase) -> &'static str {
    match p {
        Phase::Setup { .. } => "Setup",
        Phase::LogisticChoice { .. } => "LogisticChoice",
        Phase::Regeneration => "Regeneration",
        Phase::Replacement => "Replacement",
        Phase::Reinforce { .. } => "Reinforce",
        Phase::ImpulseChoice => "ImpulseChoice",
        Phase::Activation => "Activation",
        Phase::Command => "Command",
        Phase::Support => "Support",
        Phase::Battles => "Battles",
        Phase::Battle => "Battle",
        Phase::Blitz => "Blitz",
        Phase::ExploitOffer => "ExploitOffer",
        Phase::Exploitation => "Exploitation",
        Phase::GameOver => "GameOver",
    }
}
