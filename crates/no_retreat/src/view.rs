//! What one side may know (DESIGN.md "The rules API"): everything on the table is public in
//! this game except the cards: the other side's hand (its size only), the draw pile's order,
//! and the discard pile below its top card (5.0: it may not be examined).
//!
//! The view also carries what a table draws without asking the rules again: every counter
//! with its printed face, the markers, the off-map boxes, the cards in the viewer's hand with
//! their texts, the VP total with its sudden-death marks, and the battle being fought with its
//! odds, shifts, CRT, dice and result; and the rest of the public bookkeeping
//! ([`PublicState`]) from which `crate::determinise` rebuilds a full state.

use crate::board::Board;
use crate::combat::TurnWeather;
use crate::data::{CardData, EventHalf, Nation, Steps, UnitType};
use crate::state::*;
use crate::vp::VpState;
use crate::weather::MarkerState;
use eastfront_kernel::{Outcome, Side, SpaceId, Viewer};
use serde::Serialize;

/// One counter as the table draws it (2.3): where it is, its printed face and its markers.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Counter {
    /// The board's unit index (the table's `PieceId`).
    pub unit: usize,
    /// The stable key of the counter ("ge_4pz").
    pub id: String,
    /// The designation on the face shown.
    pub name: String,
    pub side: Side,
    pub nation: Nation,
    pub kind: UnitType,
    pub loc: Loc,
    /// The reduced face (German), the brown face (Soviet Front), the regional face.
    pub reduced: bool,
    /// Steps left before elimination (10.7.1, 7.3, 14.1).
    pub steps: u8,
    /// The printed combat strength of the face shown (None: "X", 15.8).
    pub strength: Option<u8>,
    pub movement: u8,
    /// White strength: no voluntary attacks (2.3).
    pub white: bool,
    /// Strength in parentheses: no ZOC (2.3, 8.5).
    pub no_zoc: bool,
    pub ss: bool,
    pub cadre: bool,
    /// The Unsupplied marker (6.4).
    pub unsupplied: bool,
    /// The Disorganized marker (7.7, 10.7.6).
    pub disorganized: bool,
    /// Carries the Strategic Reserve marker (14.12).
    pub strategic_reserve: bool,
}

/// One card as its holder reads it (2.6, 5.3).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct CardFace {
    pub number: u8,
    /// The grey Axis event (title, text; the text None where it is lost).
    pub axis: Option<(String, Option<String>)>,
    /// The red Soviet event.
    pub soviet: Option<(String, Option<String>)>,
    /// A weather card's title (14.14).
    pub weather: Option<String>,
    pub joker: bool,
}

impl CardFace {
    pub fn of(card: &CardData) -> CardFace {
        let half = |h: &Option<EventHalf>| h.as_ref().map(|h| (h.title.clone(), h.text.clone()));
        CardFace {
            number: card.number,
            axis: half(&card.axis),
            soviet: half(&card.soviet),
            weather: card.weather.map(|_| card.title.clone().unwrap_or_default()),
            joker: card.joker,
        }
    }
    /// "12 Luftwaffe Support / Rasputitsa".
    pub fn title(&self) -> String {
        let titles: Vec<&str> = [&self.axis, &self.soviet]
            .iter()
            .filter_map(|h| h.as_ref().map(|(t, _)| t.as_str()))
            .chain(self.weather.as_deref())
            .collect();
        if self.joker {
            return format!("{} Joker", self.number);
        }
        format!("{} {}", self.number, titles.join(" / "))
    }
}

/// The battle being fought (10.5): who, where, the odds with every shift and its rule, the
/// CRT, the dice and the result.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct BattleView {
    pub attacker: Side,
    pub counterattack: bool,
    pub attackers: Vec<usize>,
    pub defenders: Vec<usize>,
    pub uncommitted: Vec<usize>,
    pub targets: Vec<SpaceId>,
    /// A Blitz!/Shock! marker is committed (10.6.2).
    pub support: bool,
    pub attack: u32,
    pub defence: u32,
    /// The initial and final columns ("3:1"); "below 1:3" is an automatic CA (10.6.4).
    pub initial_column: String,
    pub final_column: String,
    /// Every column shift in words with its rule ("city 1L (10.6.1)").
    pub shifts: Vec<String>,
    /// The CRT used (13.1 [EXT]): the side whose table it is.
    pub crt: Option<Side>,
    pub dice: Vec<u8>,
    /// The result once rolled ("DR").
    pub result: Option<String>,
    /// The cards played for the battle: side and card.
    pub played: Vec<(Side, u8)>,
}

/// One sudden-death mark of the VP track (12.2).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct SuddenDeathMark {
    pub turn: u8,
    pub side: Side,
    /// The initiative side wins at a score above this.
    pub above: u8,
}

/// The public bookkeeping of the table that the view's other fields do not show, all of it
/// open to both players: what a determiniser (`crate::determinise`) copies to rebuild a full
/// state. No card of a hand or of the draw pile is here.
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct PublicState {
    /// The weather of the previous turn (13.1, 14.14: a turn's weather reads it).
    pub last_weather: Option<crate::data::Weather>,
    /// 5.5: the green-45 cards set aside until the Na Berlin! deployment (known by number).
    pub held_for_1945: Vec<u8>,
    /// 5.5: the cards out of the game (face up as they leave).
    pub removed: Vec<u8>,
    /// 15.7: the Joker's card number, when the option is in play.
    pub joker_card: Option<u8>,
    pub no_surrender_penalty: [u8; 2],
    pub triggers: Triggers,
    pub axis_discards_due: u8,
    pub axis_card_penalty: bool,
    /// 5.0 "once is enough": the event halves played this game turn (face up as played).
    pub executed: Vec<(u8, Side)>,
    pub skip_first_phases: bool,
    pub local_support: [Option<usize>; 2],
    /// The player turn's bookkeeping (units moved, hexes captured, steps of the phases).
    pub scratch: Scratch,
}

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct View {
    pub viewer: Viewer,
    pub scenario: String,
    /// The optional rules in play (public: both players agreed to them).
    pub options: Options,
    pub turn: u8,
    pub last_turn: u8,
    /// The Turn Track's dates of this turn ("Jul–Aug 1941").
    pub period: String,
    pub phase: Phase,
    /// The Reorganization step (7.0 A–C) and the Combat step (10.1, 10.2), when in them.
    pub reorg_step: Option<ReorgStep>,
    pub combat_step: Option<CombatStep>,
    /// What the side to act must do, with the rule.
    pub prompt: String,
    pub side_to_act: Option<Side>,
    pub weather: TurnWeather,
    pub weather_markers: Vec<MarkerState>,
    pub vp: VpState,
    /// The initiative side's score (12.8): the VP marker's box.
    pub score: i32,
    pub sudden_death: Vec<SuddenDeathMark>,
    /// 12.3: the Soviets win at this score or more.
    pub soviet_total_victory: u8,
    /// 14.13: the next sudden-death check is cancelled.
    pub no_sudden_death: bool,
    pub support: [u8; 2],
    pub units: Vec<UnitState>,
    /// Every counter in play, on the map, in a box or on the Turn Track.
    pub counters: Vec<Counter>,
    pub control: Vec<Option<Side>>,
    /// The viewer's own cards (both hands for the review after the game).
    pub hand: Option<Vec<u8>>,
    pub other_hand: Option<Vec<u8>>,
    /// The viewer's cards with their titles and texts (German then Soviet for the review).
    pub hand_cards: Vec<CardFace>,
    /// How many cards each side holds, German then Soviet.
    pub hand_sizes: [usize; 2],
    pub draw_pile: usize,
    pub discard_top: Option<u8>,
    pub discard_top_card: Option<CardFace>,
    pub discard_pile: usize,
    pub joker: Option<Side>,
    pub pending: Vec<Pending>,
    /// Hexes with a Target marker not yet attacked (10.1.1).
    pub target_markers: Vec<SpaceId>,
    /// Hexes with a Counterblow marker to attack this phase (10.1.2, 10.7.3).
    pub counterblow_markers: Vec<SpaceId>,
    pub cb_markers: Vec<(SpaceId, Side)>,
    pub strategic_reserve: Option<usize>,
    /// 15.3: the unit carrying each side's Local Combat Support marker (German, Soviet), and
    /// the points each marker adds this turn.
    pub local_support: [Option<usize>; 2],
    pub local_support_value: [u8; 2],
    /// 15.9: where the Paratroopers / Partisans marker is.
    pub paratroopers: Paratroopers,
    /// A Soviet event played and waiting while the Axis may cancel it (Inexperienced Soviet
    /// Officers): public, the card is face up as it is played.
    pub held_play: Option<(Side, crate::rules::Action)>,
    pub combat: Option<CombatState>,
    pub battle: Option<BattleView>,
    pub outcome: Option<Outcome>,
    /// The first Snow turn of the game, once it came (10.6.2 [EXT]: a Shock! marker gives 2R).
    pub first_snow_turn: Option<u8>,
    /// Romania has surrendered (13.5 "Oil"): non-SS Panzers lose the armor bonus.
    pub romania_surrendered: bool,
    pub public: PublicState,
}

/// Steps left on a counter (10.7.1, 7.3, 14.1).
fn steps_left(board: &Board, st: &State, unit: usize) -> u8 {
    let u = &board.data.units.units[unit];
    let reduced = st.units[unit].reduced;
    let two = match u.steps {
        Steps::Two | Steps::RegionalFortified => !reduced,
        Steps::SovietFront => {
            !reduced && crate::losses::soviet_two_steps(&board.data.track, st.turn)
        }
        Steps::One => false,
    };
    if two {
        2
    } else {
        1
    }
}

fn counters(board: &Board, st: &State) -> Vec<Counter> {
    st.units
        .iter()
        .enumerate()
        .filter(|(_, s)| s.loc != Loc::Unused)
        .map(|(i, s)| {
            let u = &board.data.units.units[i];
            let f = u.face(s.reduced);
            Counter {
                unit: i,
                id: u.id.clone(),
                name: f.name.clone(),
                side: u.side,
                nation: u.nation,
                kind: f.kind,
                loc: s.loc,
                reduced: s.reduced,
                steps: steps_left(board, st, i),
                strength: f.strength,
                movement: f.movement,
                white: f.white,
                no_zoc: f.no_zoc,
                ss: u.ss,
                cadre: u.cadre,
                unsupplied: s.unsupplied,
                disorganized: s.disorganized,
                strategic_reserve: st.strategic_reserve == Some(i),
            }
        })
        .collect()
}

fn card_face(board: &Board, number: u8) -> Option<CardFace> {
    board
        .data
        .cards
        .cards
        .iter()
        .find(|c| c.number == number)
        .map(CardFace::of)
}

fn battle_view(board: &Board, st: &State) -> Option<BattleView> {
    let b = st.scratch.combat.as_ref()?.battle.as_ref()?;
    let odds = crate::rules::battle_odds(board, st, b);
    let label = |c: Option<crate::data::Column>| c.map(|c| c.label()).unwrap_or("below 1:3");
    Some(BattleView {
        attacker: b.attacker,
        counterattack: b.kind == crate::combat::BattleKind::Counterattack,
        attackers: b.attackers.clone(),
        defenders: b.defenders.clone(),
        uncommitted: b.uncommitted.clone(),
        targets: b.targets.clone(),
        support: b.support,
        attack: odds.as_ref().map(|o| o.attack).unwrap_or(0),
        defence: odds.as_ref().map(|o| o.defence).unwrap_or(0),
        initial_column: label(odds.as_ref().and_then(|o| o.initial)).into(),
        // Once rolled, the column the die was read on (cards may have moved it since).
        final_column: label(b.column.or(odds.as_ref().and_then(|o| o.final_column))).into(),
        shifts: odds
            .map(|o| o.shifts.iter().map(|s| s.describe()).collect())
            .unwrap_or_default(),
        crt: b.crt,
        dice: b.dice.clone(),
        result: b.result.map(|r| r.label().to_string()),
        played: b.played.clone(),
    })
}

impl View {
    pub fn of(board: &Board, st: &State, viewer: Viewer) -> View {
        let (hand, other_hand) = match viewer {
            Viewer::Side(s) => (Some(st.hand(s).clone()), None),
            Viewer::Omniscient => (Some(st.hands[0].clone()), Some(st.hands[1].clone())),
        };
        let hand_cards = hand
            .iter()
            .chain(other_hand.iter())
            .flatten()
            .filter_map(|c| card_face(board, *c))
            .collect();
        let track = &board.data.track;
        let (reorg_step, combat_step) = match st.phase {
            Phase::Player {
                step: Step::Reorganization,
                ..
            } => (st.scratch.reorg, None),
            Phase::Player {
                step: Step::Combat, ..
            } => (None, st.scratch.combat.as_ref().map(|c| c.step)),
            _ => (None, None),
        };
        View {
            first_snow_turn: st.first_snow_turn,
            romania_surrendered: st.triggers.ploesti.is_some_and(|t| t < st.turn),
            viewer,
            scenario: st.scenario.clone(),
            options: st.options.clone(),
            turn: st.turn,
            last_turn: st.last_turn,
            period: track
                .turns
                .iter()
                .find(|t| t.turn == st.turn)
                .map(|t| t.period.clone())
                .unwrap_or_default(),
            phase: st.phase,
            reorg_step,
            combat_step,
            prompt: crate::table::prompt(board, st),
            side_to_act: crate::rules::deciding_side(st),
            weather: st.weather,
            weather_markers: st.weather_markers.clone(),
            vp: st.vp,
            score: crate::vp::score(board, &st.control, &st.vp, st.vp.initiative),
            sudden_death: track
                .sudden_death
                .iter()
                .map(|s| SuddenDeathMark {
                    turn: s.turn,
                    side: s.side,
                    above: s.above,
                })
                .collect(),
            soviet_total_victory: track.soviet_total_victory,
            no_sudden_death: st.no_sudden_death,
            support: st.support,
            units: st.units.clone(),
            counters: counters(board, st),
            control: st.control.clone(),
            hand,
            other_hand,
            hand_cards,
            hand_sizes: [st.hands[0].len(), st.hands[1].len()],
            draw_pile: st.deck.draw.len(),
            discard_top: st.deck.top_discard(),
            discard_top_card: st.deck.top_discard().and_then(|c| card_face(board, c)),
            discard_pile: st.deck.discard.len(),
            joker: st.joker,
            pending: st.pending.clone(),
            target_markers: st
                .scratch
                .combat
                .as_ref()
                .map(|c| c.targets.clone())
                .unwrap_or_default(),
            counterblow_markers: st
                .scratch
                .combat
                .as_ref()
                .map(|c| c.counterblows.clone())
                .unwrap_or_default(),
            cb_markers: st.cb_markers.clone(),
            strategic_reserve: st.strategic_reserve,
            local_support: if st.options.local_combat_support {
                st.local_support
            } else {
                [None, None]
            },
            local_support_value: [Side::German, Side::Soviet]
                .map(|s| crate::rules::support_value(board, s, st.turn)),
            paratroopers: st.paratroopers,
            held_play: st.cancel_play.clone(),
            combat: st.scratch.combat.clone(),
            battle: battle_view(board, st),
            outcome: st.outcome.clone(),
            public: PublicState {
                last_weather: st.last_weather,
                held_for_1945: st.deck.held_for_1945.clone(),
                removed: st.deck.removed.clone(),
                joker_card: st.joker_card,
                no_surrender_penalty: st.no_surrender_penalty,
                triggers: st.triggers,
                axis_discards_due: st.axis_discards_due,
                axis_card_penalty: st.axis_card_penalty,
                executed: st.executed.clone(),
                skip_first_phases: st.skip_first_phases,
                local_support: st.local_support,
                scratch: st.scratch.clone(),
            },
        }
    }

    /// The counter of a unit, if it is in play.
    pub fn counter(&self, unit: usize) -> Option<&Counter> {
        self.counters.iter().find(|c| c.unit == unit)
    }

    /// Where a unit stands on the map.
    pub fn unit_at(&self, unit: usize) -> Option<SpaceId> {
        match self.units.get(unit)?.loc {
            Loc::Map(s) => Some(s),
            _ => None,
        }
    }
}
