//! Setting up a scenario (3.0, spec §4.2; the Scenario Booklet's set-up procedure, evidence §6)
//! and drawing cards with the weather cards played on reveal (14.14.2).

use crate::board::Board;
use crate::combat::TurnWeather;
use crate::data::{Code, OffMap, Victory};
use crate::deck::Deck;
use crate::state::*;
use crate::supply::initial_control;
use crate::turn::turn_management;
use crate::vp::VpState;
use crate::weather::{apply_weather_card, initial_markers};
use eastfront_kernel::{Dice, RuleError, Side};

/// What happened while drawing (for the log).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Drawn {
    /// A card went into the hand.
    Card(u8),
    /// A weather card was revealed and played at once (14.14.2); `changed`: it flipped the
    /// next turn's marker. It is discarded and another card drawn.
    Weather { card: u8, changed: bool },
    /// The deck ran out.
    NoCard,
}

/// 5.2, 14.14.2, 15.4: draws `n` cards into `side`'s hand. A weather card revealed from the
/// draw pile is played at once (on the next turn's variable marker; ignored under 15.4),
/// discarded and replaced by another draw.
pub fn draw_cards(board: &Board, state: &mut State, side: Side, n: u8) -> Vec<Drawn> {
    let mut out = Vec::new();
    let mut got = 0;
    // Every weather card can come up at most once per pass through the deck; bound the loop.
    let mut guard = board.data.cards.cards.len() * 2 + usize::from(n);
    while got < n && guard > 0 {
        guard -= 1;
        let Some(card) = state.deck.draw_one(&mut state.dice) else {
            out.push(Drawn::NoCard);
            break;
        };
        let weather = board
            .data
            .cards
            .cards
            .iter()
            .find(|c| c.number == card)
            .and_then(|c| c.weather);
        match weather {
            Some(w) => {
                let changed = !state.options.no_variable_weather
                    && apply_weather_card(
                        &board.data.track,
                        &mut state.weather_markers,
                        w,
                        state.turn,
                    );
                state.deck.discard(card);
                out.push(Drawn::Weather { card, changed });
            }
            None => {
                state.hand_mut(side).push(card);
                got += 1;
                out.push(Drawn::Card(card));
            }
        }
    }
    out
}

/// The scenarios a player can choose: (id, name, brief).
pub fn scenarios(board: &Board) -> Vec<(String, String, String)> {
    board
        .data
        .setups
        .setups
        .iter()
        .map(|s| (s.id.clone(), s.name.clone(), s.brief.clone()))
        .collect()
}

/// 3.0: sets up a scenario. Placed units start on the map; units with a turn code wait on the
/// Turn Track (7.8); Oil, GG and Warsaw units wait for their event (13.5); optional units
/// only with their rule; every other unit is not in this scenario. Then the deck (without
/// the green-45 cards and the Joker, 5.5), the weather markers (14.14.1), control (3.9), the
/// VP markers (4.2: Drang Nach Osten!, round marker 0), the opening hands (LP U1, U2), and
/// the first turn's Turn Management (spec §5.1 [INF]: B and C run on the first turn).
pub fn setup(
    board: &Board,
    scenario: &str,
    options: &Options,
    seed: u64,
) -> Result<State, RuleError> {
    let data = &board.data;
    let s = data
        .setup(scenario)
        .ok_or_else(|| RuleError(format!("there is no scenario {scenario}")))?;
    let optional_on = |rule: &str| match rule {
        "15.1" => options.abteilungen,
        "15.2" => options.fortified_fronts,
        "15.8" => options.rezervy,
        _ => false,
    };
    // 13.5: the units a turn event removed before the scenario's first turn are gone.
    let removed_before: Vec<&str> = data
        .track
        .turns
        .iter()
        .filter(|t| t.turn < s.first_turn)
        .flat_map(|t| &t.events)
        .filter_map(|e| match e {
            crate::data::TurnEvent::RemoveUnit { unit, .. } => Some(unit.as_str()),
            _ => None,
        })
        .collect();
    let mut units = Vec::with_capacity(data.units.units.len());
    for u in &data.units.units {
        let placed = s.placements.iter().find(|p| p.unit == u.id);
        let boxed = s.boxed.iter().find(|b| b.unit == u.id);
        let (loc, reduced) = match (placed, boxed, u.code, &u.optional) {
            (_, _, _, Some(rule)) if !optional_on(rule) => (Loc::Unused, false),
            (Some(p), _, _, _) => {
                let at = board
                    .resolve(&p.at)
                    .ok_or_else(|| RuleError(format!("{}: no place {:?}", u.id, p.at)))?;
                (Loc::Map(at), p.reduced)
            }
            (None, Some(b), _, _) => (off_map(b.at), false),
            _ if removed_before.contains(&u.id.as_str()) => (Loc::OutOfGame, false),
            // 15.1, 15.2: the split units come from the split itself, not the set-up.
            (None, None, None, Some(_)) => (Loc::Unused, false),
            // 7.8: the first turn's Turn Management brings the first turn's arrivals in.
            (None, None, Some(Code::Turn(t)), _) if t >= s.first_turn => (Loc::Track(t), false),
            // 14.9.1: a cadre that arrived before a later scenario's first turn waits in the
            // Cadre Available box.
            (None, None, Some(Code::Turn(_)), _) if u.cadre => (Loc::CadreAvailable, false),
            (None, None, Some(Code::Turn(_)), _) => (Loc::Arriving, false),
            (None, None, Some(code), _) => (Loc::Awaiting(code), false),
            (None, None, None, None) => (Loc::OutOfGame, false),
        };
        // 13.5: the Soviet-allied Romanian unit enters on its reduced side; a Soviet Front
        // not placed enters on its brown face (2.3: fragile until turn 17).
        let enters_reduced = u.back.is_some() && matches!(u.steps, crate::data::Steps::SovietFront)
            || u.id == "ro_sov";
        units.push(UnitState {
            loc,
            reduced: if placed.is_some() {
                reduced
            } else {
                enters_reduced
            },
            unsupplied: false,
            disorganized: false,
        });
    }
    let mut dice = Dice::new(seed);
    let deck = Deck::new(&data.cards, &mut dice);
    let mut state = State {
        scenario: s.id.clone(),
        last_turn: last_turn(data, s, options),
        turn: s.first_turn,
        phase: Phase::TurnManagement,
        options: options.clone(),
        units,
        control: initial_control(board, &s.control),
        deck,
        hands: [Vec::new(), Vec::new()],
        joker: options.joker.then_some(s.joker),
        joker_card: None,
        no_surrender_penalty: [0, 0],
        weather_markers: initial_markers(&data.track, s.first_turn),
        weather: TurnWeather::Clear,
        last_weather: None,
        vp: VpState::start(),
        support: [0, 0],
        triggers: Triggers::default(),
        axis_discards_due: 0,
        axis_card_penalty: false,
        executed: Vec::new(),
        first_snow_turn: None,
        no_sudden_death: false,
        skip_first_phases: s.skip_first_phases,
        pending: Vec::new(),
        cb_markers: Vec::new(),
        strategic_reserve: None,
        local_support: [None, None],
        // 15.9: the marker enters the Soviet Rail box in the reinforcement step of turn 4.
        paratroopers: if options.paratroopers {
            Paratroopers::Track(4)
        } else {
            Paratroopers::Off
        },
        cancel_play: None,
        scratch: Scratch::default(),
        outcome: None,
        dice,
    };
    // 12.9, 12.10: the Axis has the initiative until turn 12; a scenario may say otherwise
    // (15.7: the Joker's holder is the initiative side, SB).
    state.vp.initiative = s.initiative.unwrap_or(if s.first_turn >= 12 {
        Side::Soviet
    } else {
        Side::German
    });
    // 10.6.2 [EXT]: turn 5 is Snow in every game (13.5), so a scenario that starts later is
    // past the first-winter Shock! bonus.
    if s.first_turn > 5 {
        state.first_snow_turn = Some(5);
    }
    // Opening hands: the Axis draws, plays weather cards at once, and keeps `axis_hand_kept`.
    draw_cards(board, &mut state, Side::German, s.axis_opening_draw);
    let extra = state
        .hand(Side::German)
        .len()
        .saturating_sub(usize::from(s.axis_hand_kept));
    if extra > 0 {
        state.pending.push(Pending::Discard {
            side: Side::German,
            count: u8::try_from(extra).unwrap_or(u8::MAX),
        });
    }
    draw_cards(board, &mut state, Side::Soviet, s.soviet_opening_draw);
    // 15.7: the Joker starts in the hand of the side the scenario names (the initiative
    // side, SB), outside the hand limit.
    if let Some(holder) = state.joker {
        if let Some(j) = data.cards.cards.iter().find(|c| c.joker) {
            state.joker_card = Some(j.number);
            state.hand_mut(holder).push(j.number);
        }
    }
    turn_management(board, &mut state, false);
    // 12.7.4: the round marker stands where the scenario puts it (SB A: box 0). A scenario
    // that starts with the Soviet player turn (SB C) starts after the Axis player turn: the
    // Axis discard of the turn's red event (13.4 [EXT]) is in its opening hand already.
    state.vp.round = s.round;
    // 13.4 [EXT]: the first turn's red event makes the Axis discard after its draw; when that
    // Card phase is skipped (LP U2) or already past (a Soviet start), the discard joins the
    // opening one.
    let axis_card_phase_ahead = s.first_side == Side::German && !s.skip_first_phases;
    if !axis_card_phase_ahead && state.axis_discards_due > 0 {
        let due = std::mem::take(&mut state.axis_discards_due);
        let held = u8::try_from(state.hand(Side::German).len()).unwrap_or(u8::MAX);
        let joker = u8::from(state.joker == Some(Side::German));
        match state.pending.iter_mut().find_map(|p| match p {
            Pending::Discard {
                side: Side::German,
                count,
            } => Some(count),
            _ => None,
        }) {
            Some(count) => *count = (*count + due).min(held - joker),
            None => state.pending.push(Pending::Discard {
                side: Side::German,
                count: due.min(held - joker),
            }),
        }
    }
    if state.outcome.is_none() {
        let step = if state.skip_first_phases && s.first_side == Side::German {
            Step::Movement
        } else {
            Step::Card
        };
        state.phase = Phase::Player {
            side: s.first_side,
            step,
        };
    }
    Ok(state)
}

/// Where a unit that a scenario puts off the map starts.
fn off_map(at: OffMap) -> Loc {
    match at {
        OffMap::Destroyed => Loc::Destroyed,
        OffMap::Surrendered => Loc::Surrendered,
        OffMap::CadreAvailable => Loc::CadreAvailable,
        OffMap::Track(t) => Loc::Track(t),
        OffMap::OutOfGame => Loc::OutOfGame,
    }
}

/// Whether a scenario is decided by the campaign's rules (12.1–12.6) or its own: the
/// Campaign Game, and any scenario played on as a campaign (SB, `Options::play_on_as_campaign`).
pub fn campaign_rules(board: &Board, state: &State) -> bool {
    state.options.play_on_as_campaign
        || board
            .data
            .setup(&state.scenario)
            .is_some_and(|s| s.victory.contains(&Victory::Campaign))
}

/// The last turn of a game of this scenario: its own, or the Campaign Game's when it is played
/// on as a campaign (SB).
fn last_turn(
    data: &crate::data::ScenarioData,
    s: &crate::data::setups::SetupData,
    options: &Options,
) -> u8 {
    let campaign = data
        .setups
        .setups
        .iter()
        .find(|c| c.victory.contains(&Victory::Campaign));
    match campaign {
        Some(c) if options.play_on_as_campaign => c.last_turn.max(s.last_turn),
        _ => s.last_turn,
    }
}
