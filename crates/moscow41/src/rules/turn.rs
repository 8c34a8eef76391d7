//! The sequence of play that runs itself ([`run`]): the start of a turn, the Logistic
//! and impulse phases, weather (R 8), supply and isolation (R 9), the end of an impulse
//! and the Final Phase (R 13).

use super::*;

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
pub(super) fn next_logistic(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
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

pub(super) fn begin_impulse(board: &Board, st: &mut State, kind: ImpulseKind, ev: &mut Vec<Event>) {
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

pub(super) fn end_command(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    match imp(st).kind {
        ImpulseKind::Tactical => st.phase = Phase::Support,
        ImpulseKind::StrategicMove | ImpulseKind::StrategicReinforce => st.phase = Phase::Battles,
        ImpulseKind::Pass => end_impulse(board, st, ev),
    }
}

pub(super) fn end_combat(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
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
pub(super) fn finish_impulse(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
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
