//! Turn Management (4.0 A–C, spec §5.2): advance the Turn marker, the new turn's events
//! (weather, support markers, arrivals, removals, the 1945 deployment: 13.x), and the Victory
//! Point phase (12.x).

use crate::board::Board;
use crate::combat::TurnWeather;
use crate::data::{Code, OnElimination, TurnEvent, Victory};
use crate::setup::campaign_rules;
use crate::state::*;
use crate::supply::{Piece, Position, Supply};
use crate::vp::{
    change_initiative, objective_winner, score, soviet_total_victory, sudden_death,
    tactical_victory_check,
};
use crate::weather::{advance_markers, turn_weather, weather_of};
use eastfront_kernel::{Outcome, Side};

/// What Turn Management did, for the log.
#[derive(Clone, Debug, PartialEq)]
pub enum TurnNote {
    Turn(u8),
    /// 15.9: the Paratroopers / Partisans marker enters the Soviet Rail box.
    ParatroopersArrive,
    Weather(TurnWeather),
    Support {
        blitz: u8,
        shock: u8,
    },
    Arrived(usize),
    Withdrawn {
        unit: usize,
        card_penalty: bool,
    },
    NaBerlinDeployment,
    RedEvent(String),
    InitiativeChanged {
        high_tide: i32,
        soviet_score: i32,
    },
    IntoNineteenFortyFive,
    /// 15.6 (optional): instead of a sudden-death check, `side` discarded a card at random
    /// (if it had one) and now draws `penalty` cards fewer each turn.
    NoSurrender {
        side: Side,
        discarded: bool,
        penalty: u8,
    },
    GameOver(Outcome),
}

/// 15.6 (optional) No surrender, in place of 12.2: when the initiative side `init` has at
/// least the VP printed with its mark for the turn, the other side discards a card at random
/// (the Joker never, 15.7) and, at the printed VP plus 1, draws one card fewer each following
/// turn, at plus 2 or more two fewer; the penalties of several turns add up to at most 2
/// ([INF]). The game goes on.
pub fn no_surrender(
    track: &crate::data::TrackFile,
    state: &mut State,
    turn: u8,
    init: Side,
    score: i32,
) -> Option<TurnNote> {
    let mark = track
        .sudden_death
        .iter()
        .find(|m| m.turn == turn && m.side == init)?;
    let excess = score - i32::from(mark.above);
    if excess < 0 {
        return None;
    }
    let loser = init.other();
    let joker = state.joker_card;
    let cards: Vec<usize> = state
        .hand(loser)
        .iter()
        .enumerate()
        .filter(|(_, c)| Some(**c) != joker)
        .map(|(i, _)| i)
        .collect();
    let discarded = !cards.is_empty();
    if discarded {
        let i = cards[state.dice.pick(cards.len())];
        let card = state.hand_mut(loser).remove(i);
        state.deck.discard(card);
    }
    let add = u8::try_from(excess.min(2)).unwrap_or(0);
    let p = &mut state.no_surrender_penalty[crate::state::side_index(loser)];
    *p = (*p + add).min(2);
    Some(TurnNote::NoSurrender {
        side: loser,
        discarded,
        penalty: *p,
    })
}

/// The supply/ZOC view of the state's map.
pub fn position(board: &Board, state: &State) -> Position {
    // Sized once (speed: a list grown by doubling reallocates several times).
    let mut pieces = Vec::with_capacity(state.units.len());
    pieces.extend(state.on_map().map(|(i, at)| {
        let u = &board.data.units.units[i];
        let st = &state.units[i];
        Piece {
            unit: i,
            side: u.side,
            at,
            zoc_face: !u.face(st.reduced).no_zoc,
            unsupplied: st.unsupplied,
            nation: u.nation,
        }
    }));
    Position {
        pieces,
        control: state.control.clone(),
    }
}

fn end(state: &mut State, winner: Side, reason: String, notes: &mut Vec<TurnNote>) {
    let o = Outcome {
        winner: Some(winner),
        reason,
    };
    notes.push(TurnNote::GameOver(o.clone()));
    state.outcome = Some(o);
    state.phase = Phase::Over;
}

/// The end of a scenario's last turn (12.6; SB: no ties, the initiative player wins only by
/// the scenario's conditions, otherwise the other player does).
fn scenario_end(board: &Board, state: &mut State, notes: &mut Vec<TurnNote>) {
    let Some(s) = board.data.setup(&state.scenario) else {
        return;
    };
    if campaign_rules(board, state) {
        end(
            state,
            Side::German,
            "12.6: the Soviets have not won by the end of the last turn".into(),
            notes,
        );
        return;
    }
    let init = state.vp.initiative;
    let axis = score(board, &state.control, &state.vp, Side::German);
    let soviet = score(board, &state.control, &state.vp, Side::Soviet);
    let holds = |n: &str| {
        board
            .place(n)
            .is_some_and(|id| state.control[id.index()] == Some(Side::German))
    };
    // Each condition is the initiative player's (SB: if he does not win, the other does).
    let won = s.victory.iter().find_map(|v| match v {
        Victory::AxisVpAtEnd(vp) if init == Side::German && axis >= i32::from(*vp) => {
            Some(format!("the Axis has {axis} VP (at least {vp})"))
        }
        Victory::AxisObjectivesAtEnd { all, any }
            if init == Side::German
                && all.iter().all(|n| holds(n))
                && any.iter().any(|n| holds(n)) =>
        {
            Some(format!(
                "the Axis holds {} and another strategic objective",
                all.join(", ")
            ))
        }
        Victory::SovietVpAtEnd(vp) if init == Side::Soviet && soviet >= i32::from(*vp) => {
            Some(format!("the Soviets have {soviet} VP (at least {vp})"))
        }
        _ => None,
    });
    let who = |side: Side| match side {
        Side::German => "the Axis did not reach its goals",
        Side::Soviet => "the Soviets did not reach their goals",
    };
    match won {
        Some(why) => end(state, init, format!("{}: {why}", s.name), notes),
        None => end(
            state,
            init.other(),
            format!(
                "{}: {} (SB: no ties, the other player wins)",
                s.name,
                who(init)
            ),
            notes,
        ),
    }
}

/// 4.0 A–C. `advance`: step A moves the Turn marker (not at the very start, spec §5.1). On
/// return the state is at the new turn with its events applied and its victory phase done;
/// the caller starts the Axis player turn unless the game is over.
pub fn turn_management(board: &Board, state: &mut State, advance: bool) -> Vec<TurnNote> {
    let mut notes = Vec::new();
    let track = &board.data.track;
    state.phase = Phase::TurnManagement;
    // A. Advance the Turn marker; after the last turn the game ends (12.6).
    if advance {
        advance_markers(track, &mut state.weather_markers, state.turn);
        state.last_weather = Some(weather_of(track, &state.weather_markers, state.turn));
        if state.turn >= state.last_turn {
            scenario_end(board, state, &mut notes);
            return notes;
        }
        state.turn += 1;
        state.executed.clear();
    }
    let t = state.turn;
    notes.push(TurnNote::Turn(t));
    let Some(turn) = board.data.turn(t).cloned() else {
        return notes;
    };
    // B. New turn events. Weather (13.1, 14.14) and support markers (13.3: unused ones lost).
    let w = weather_of(track, &state.weather_markers, t);
    state.weather = turn_weather(w, state.last_weather);
    if state.weather.wintry() && state.first_snow_turn.is_none() {
        state.first_snow_turn = Some(t);
    }
    notes.push(TurnNote::Weather(state.weather));
    state.support = [turn.blitz, turn.shock];
    notes.push(TurnNote::Support {
        blitz: turn.blitz,
        shock: turn.shock,
    });
    state.axis_card_penalty = false;
    // Arrivals on the Turn Track (7.8; cadres to the Cadre Available box, 14.9.1; Rezervy to
    // the Destroyed box, 15.8) and the conditional events triggered last turn (13.5).
    let released = |code: Code, tr: &Triggers| {
        match code {
            Code::Oil => tr.ploesti,
            Code::Gg => tr.greater_germany,
            Code::Warsaw => tr.warsaw,
            Code::Turn(_) => None,
        }
        .is_some_and(|on| on < t)
    };
    for (i, u) in board.data.units.units.iter().enumerate() {
        let loc = state.units[i].loc;
        let arrives = match loc {
            Loc::Track(at) => at <= t,
            Loc::Awaiting(code) => released(code, &state.triggers),
            _ => false,
        };
        if arrives {
            state.units[i].loc = if u.cadre {
                Loc::CadreAvailable
            } else if u.optional.as_deref() == Some("15.8") {
                Loc::Destroyed
            } else {
                Loc::Arriving
            };
            notes.push(TurnNote::Arrived(i));
        }
    }
    // 15.9: the Paratroopers marker arrives in the Soviet Rail box (turn 4; 4 turns after
    // its removal).
    if let crate::state::Paratroopers::Track(on) = state.paratroopers {
        if on <= t {
            state.paratroopers = crate::state::Paratroopers::Rail;
            notes.push(TurnNote::ParatroopersArrive);
        }
    }
    for e in &turn.events {
        match e {
            TurnEvent::RemoveUnit { unit, card_penalty } => {
                let Some(i) = board.data.units.units.iter().position(|u| &u.id == unit) else {
                    continue;
                };
                let st = state.units[i];
                let gone = !matches!(st.loc, Loc::Map(_)) || st.unsupplied;
                state.axis_card_penalty |= *card_penalty && gone;
                state.units[i].loc = Loc::OutOfGame;
                notes.push(TurnNote::Withdrawn {
                    unit: i,
                    card_penalty: *card_penalty && gone,
                });
            }
            TurnEvent::NaBerlinCards => {
                let (cards, deck, hands, dice) = (
                    &board.data.cards,
                    &mut state.deck,
                    &mut state.hands,
                    &mut state.dice,
                );
                deck.na_berlin_deployment(cards, hands, dice);
                notes.push(TurnNote::NaBerlinDeployment);
            }
            _ => {}
        }
    }
    // C. Victory Point phase.
    let cap = track.round_marker_cap;
    if let Some(red) = &turn.red_event {
        state.vp.add_event_vp(Side::Soviet, 1, cap);
        if red.axis_discards {
            state.axis_discards_due += 1;
        }
        notes.push(TurnNote::RedEvent(red.name.clone()));
    }
    if !campaign_rules(board, state) {
        // The scenarios use neither Objectives nor sudden death (SB); only the initiative
        // change of turn 12 (12.10).
        if turn.events.contains(&TurnEvent::NaBerlin) && state.vp.initiative == Side::German {
            let ht = score(board, &state.control, &state.vp, Side::German);
            let ss = change_initiative(board, &state.control, &mut state.vp);
            notes.push(TurnNote::InitiativeChanged {
                high_tide: ht,
                soviet_score: ss,
            });
        }
        return notes;
    }
    // 12.4: at the start of turn 23, before the 1945 reset (spec §5.2 [INF] order).
    if turn.events.contains(&TurnEvent::TacticalVictoryCheck) {
        if tactical_victory_check(board, &state.control, &mut state.vp) {
            end(
                state,
                Side::German,
                "12.4: German tactical victory (High Tide above Na Berlin!)".into(),
                &mut notes,
            );
            return notes;
        }
        notes.push(TurnNote::IntoNineteenFortyFive);
    }
    // 12.1: Objective victory, every turn.
    let pos = position(board, state);
    let supply = Supply::new(board, &pos);
    if let Some(w) = objective_winner(board, &supply, state.vp.initiative) {
        end(state, w, "12.1: Objective victory".into(), &mut notes);
        return notes;
    }
    // 12.2: sudden death on a skull turn, the initiative side; 12.10 on turn 12 the Axis
    // checks before the flip, the Soviets after it.
    let skull = turn.skull && !state.no_sudden_death;
    if turn.skull && state.no_sudden_death {
        state.no_sudden_death = false;
    }
    let init = state.vp.initiative;
    let s = score(board, &state.control, &state.vp, init);
    let no_surrender_rule = state.options.no_surrender;
    if skull && no_surrender_rule {
        notes.extend(no_surrender(track, state, t, init, s));
    } else if skull && sudden_death(track, t, init, s) {
        end(
            state,
            init,
            format!("12.2: sudden death on turn {t} with {s} VP"),
            &mut notes,
        );
        return notes;
    }
    if turn.events.contains(&TurnEvent::NaBerlin) && state.vp.initiative == Side::German {
        let ht = score(board, &state.control, &state.vp, Side::German);
        let ss = change_initiative(board, &state.control, &mut state.vp);
        notes.push(TurnNote::InitiativeChanged {
            high_tide: ht,
            soviet_score: ss,
        });
        if skull && no_surrender_rule {
            notes.extend(no_surrender(track, state, t, Side::Soviet, ss));
        } else if skull && sudden_death(track, t, Side::Soviet, ss) {
            end(
                state,
                Side::Soviet,
                format!("12.2: Soviet sudden death on turn {t} with {ss} VP"),
                &mut notes,
            );
            return notes;
        }
    }
    // 12.3: Soviet total victory.
    let soviet = score(board, &state.control, &state.vp, Side::Soviet);
    if soviet_total_victory(track, soviet) {
        end(
            state,
            Side::Soviet,
            format!("12.3: Soviet total victory with {soviet} VP"),
            &mut notes,
        );
    }
    notes
}

/// Where an eliminated unit goes (10.7.1, 11.1, 14.1, 14.2, 14.9.3, 14.10): the Destroyed box,
/// the Surrendered box if it was Unsupplied, the Turn Track for units that say so on their
/// back, out of the game for German fortified units and the Volkssturm. Cadres go to the next
/// turn with no friendly cadre already scheduled.
pub fn elimination_box(board: &Board, state: &State, unit: usize) -> Loc {
    let u = &board.data.units.units[unit];
    let st = &state.units[unit];
    match u.on_elimination {
        OnElimination::Boxes if st.unsupplied => Loc::Surrendered,
        OnElimination::Boxes => Loc::Destroyed,
        OnElimination::TurnTrack(n) => Loc::Track(state.turn.saturating_add(n)),
        OnElimination::Permanent => Loc::OutOfGame,
        OnElimination::CadreTrack => {
            let taken = |t: u8| {
                board.data.units.units.iter().enumerate().any(|(j, o)| {
                    o.cadre && o.side == u.side && state.units[j].loc == Loc::Track(t)
                })
            };
            let mut t = state.turn.saturating_add(1);
            while taken(t) {
                t = t.saturating_add(1);
            }
            Loc::Track(t)
        }
    }
}
