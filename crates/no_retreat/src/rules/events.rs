//! Event cards played as events (5.3), one function per card whose text the sources give
//! (`scenarios/no_retreat/cards.ron`; evidence §3, spec §7.6). A card half is found by its
//! title. Rules common to all: only its own side's half (5.3), the initiative symbol (5.3.3),
//! "once is enough" per game turn (5.0), and its timing window (5.3.1). The events that name
//! units or hexes, and the cancel and enemy-phase windows, are in `event_targets.rs`. The
//! halves whose texts are lost are spent only as currency (5.4).

use super::helpers::pay;
use super::{log, Event, EventKind};
use crate::board::Board;
use crate::data::{CombatResult, Sea};
use crate::state::*;
use eastfront_kernel::Side;

/// The events built, by card title.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ev {
    /// Axis: one Axis attack gets one more column right (CZ).
    LuftwaffeSupport,
    /// Axis: one Axis attack becomes an automatic DR (§16).
    HeinzGuderian,
    /// Axis: during a Soviet attack, before the roll, the result is an automatic DR (CZ).
    ElasticDefense,
    /// Soviet: a battle in a Black Sea coastal hex shifts one column in the Soviet favour (CZ).
    BlackSeaFleet,
    /// Axis (red star): one column left on a Soviet attack (LP U57 [INF]).
    SovietLogisticProblems,
    /// Soviet: one column left on an Axis attack (LP U38, U77 [AMB]).
    LongWinter,
    /// Soviet: re-roll the combat die (§16).
    HeroesOfTheSovietUnion,
    /// Axis: re-roll a combat die (LP U38).
    PaulVonKleist,
    /// Soviet: the combat result becomes EX (LP U20).
    RussianTenacity,
    /// Axis: +1 hex of advance for the attacking units (5.0 example).
    GeneralStaff,
    /// Soviet: the Axis advance is limited to one hex (5.0 example).
    Rasputitsa,
    /// Axis: draw 2 more cards in the Card phase (LP U90).
    DasVaterland,
    /// Soviet: take the top card of the discard pile into the hand (CZ), at any time.
    Stavka,
    /// Soviet: move up to two units from the Shattered, Destroyed or Surrendered boxes into
    /// the Rail Movement box (CZ), at any time.
    HumanReserves,
    /// Axis: before the roll in any battle, roll two dice and use either (CZ, CN).
    ExperiencedCommanders,
    /// Axis: play the Axis event of the top discard, ignoring its initiative symbol, in that
    /// event's own window (CZ).
    GottMitUns,
    /// Axis: in the Axis Reorganization phase, replace one unit from the Destroyed or
    /// Surrendered box (CZ; the only way to do so before turn 5, 7.9.1).
    TransferredUnits,
    /// Axis: in an Axis battle, double one supplied German unit's strength; or, in the Soviet
    /// Combat phase, place up to two Counterblow markers at most 2 hexes apart (CZ).
    VonManstein,
    /// Axis: cancel a Soviet event as it is played (§16 step 3, LP U8).
    InexperiencedSovietOfficers,
    /// Soviet: in one battle each side loses one more step (LP U8 [INF], Reconstructed).
    NoMercy,
    /// Soviet: in the Axis Movement phase, one Soviet unit from the Rail box onto the map at
    /// once (§16 step 2).
    Maskirovka,
    /// Axis: in the Axis Combat phase, one Axis unit that has not fought moves again (CN,
    /// Reconstructed window).
    CombatInitiative,
    /// Soviet: in the Soviet Reorganization phase, commit to a major offensive: up to two
    /// Target markers beyond the limit this turn (Reconstructed), and 2 VP lost if fewer
    /// than 4 Target markers are placed and attacked (LP U69, U71).
    MajorOffensive,
}

/// When an event may be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Window {
    CardPhase,
    /// "At any time" (5.3.1): offered whenever the owner decides in his own phases.
    AnyTime,
    Commit,
    AfterRoll,
    Advance,
    /// The owner's Reorganization phase, placement step (7.0 B).
    Reorganization,
    /// As an enemy event is played (Inexperienced Soviet Officers).
    Cancel,
    /// The passive player's window in the enemy's Movement phase (Maskirovka).
    EnemyMovement,
    /// The active player's Combat phase between battles (Combat Initiative).
    CombatPhase,
    /// The passive player's Counterblow declarations (10.1.2; von Manstein).
    Counterblows,
}

fn event_of(title: &str) -> Option<Ev> {
    Some(match title {
        "Luftwaffe Support" => Ev::LuftwaffeSupport,
        "Heinz Guderian" => Ev::HeinzGuderian,
        "Elastic Defense" => Ev::ElasticDefense,
        "Black Sea Fleet" => Ev::BlackSeaFleet,
        "Soviet Logistic Problems" => Ev::SovietLogisticProblems,
        "Long Winter" => Ev::LongWinter,
        "Heroes of the Soviet Union" => Ev::HeroesOfTheSovietUnion,
        "Paul von Kleist" => Ev::PaulVonKleist,
        "Russian Tenacity" => Ev::RussianTenacity,
        "General Staff" => Ev::GeneralStaff,
        "Rasputitsa" => Ev::Rasputitsa,
        "Das Vaterland" => Ev::DasVaterland,
        "Stavka" => Ev::Stavka,
        "Gott Mit Uns" => Ev::GottMitUns,
        "Experienced Commanders" => Ev::ExperiencedCommanders,
        "Human Reserves" => Ev::HumanReserves,
        "Transferred Units" => Ev::TransferredUnits,
        "Erich von Manstein" => Ev::VonManstein,
        "Inexperienced Soviet Officers" => Ev::InexperiencedSovietOfficers,
        "No Mercy!" => Ev::NoMercy,
        "Maskirovka" => Ev::Maskirovka,
        "Combat Initiative" => Ev::CombatInitiative,
        "Major Offensive" => Ev::MajorOffensive,
        _ => return None,
    })
}

fn window(ev: Ev) -> Window {
    match ev {
        Ev::DasVaterland => Window::CardPhase,
        Ev::Stavka | Ev::HumanReserves => Window::AnyTime,
        // Its window is its target event's (see `borrowed`).
        Ev::GottMitUns => Window::AnyTime,
        Ev::HeroesOfTheSovietUnion | Ev::PaulVonKleist | Ev::RussianTenacity => Window::AfterRoll,
        Ev::GeneralStaff | Ev::Rasputitsa => Window::Advance,
        Ev::TransferredUnits | Ev::MajorOffensive => Window::Reorganization,
        Ev::InexperiencedSovietOfficers => Window::Cancel,
        Ev::Maskirovka => Window::EnemyMovement,
        Ev::CombatInitiative => Window::CombatPhase,
        _ => Window::Commit,
    }
}

/// Whether `ev` may be played in window `w` (von Manstein has two).
pub(super) fn in_window(ev: Ev, w: Window) -> bool {
    window(ev) == w || (ev == Ev::VonManstein && w == Window::Counterblows)
}

/// Events that name units or hexes (`PlayEventOn`, `event_targets.rs`), not plain `PlayEvent`.
pub(super) fn targeted(ev: Ev) -> bool {
    matches!(ev, Ev::VonManstein | Ev::Maskirovka | Ev::CombatInitiative)
}

/// The event of `side`'s half of `card`, if built and allowed now by 5.3.3 and 5.0.
pub(super) fn event(board: &Board, st: &State, side: Side, card: u8) -> Option<Ev> {
    let c = board.data.cards.cards.iter().find(|c| c.number == card)?;
    let half = match side {
        Side::German => c.axis.as_ref(),
        Side::Soviet => c.soviet.as_ref(),
    }?;
    let symbol_ok = half.initiative.is_none_or(|s| s == st.vp.initiative);
    let fresh = !st.executed.contains(&(card, side));
    let ev = event_of(&half.title)?;
    (symbol_ok && fresh).then_some(ev)
}

/// Gott Mit Uns: the built Axis event of the top discard (its initiative symbol ignored), if
/// not executed yet this turn (5.0).
pub(super) fn borrowed(board: &Board, st: &State) -> Option<(u8, Ev)> {
    let top = st.deck.top_discard()?;
    let c = board.data.cards.cards.iter().find(|c| c.number == top)?;
    let ev = event_of(&c.axis.as_ref()?.title)?;
    let fresh = !st.executed.contains(&(top, Side::German));
    (fresh && ev != Ev::GottMitUns).then_some((top, ev))
}

/// Whether `ev` fits this battle (its text's conditions).
pub(super) fn fits(board: &Board, ev: Ev, b: Option<&BattleRun>) -> bool {
    let Some(b) = b else {
        return matches!(
            ev,
            Ev::DasVaterland
                | Ev::Stavka
                | Ev::GottMitUns
                | Ev::InexperiencedSovietOfficers
                | Ev::Maskirovka
                | Ev::CombatInitiative
                | Ev::VonManstein
                | Ev::MajorOffensive
        );
    };
    if matches!(
        ev,
        Ev::HumanReserves
            | Ev::MajorOffensive
            | Ev::TransferredUnits
            | Ev::InexperiencedSovietOfficers
            | Ev::Maskirovka
            | Ev::CombatInitiative
    ) {
        return false;
    };
    let axis_attacks = b.attacker == Side::German;
    match ev {
        Ev::LuftwaffeSupport
        | Ev::HeinzGuderian
        | Ev::VonManstein
        | Ev::LongWinter
        | Ev::GeneralStaff
        | Ev::Rasputitsa => axis_attacks,
        Ev::ElasticDefense | Ev::SovietLogisticProblems => !axis_attacks,
        Ev::BlackSeaFleet => b
            .targets
            .iter()
            .any(|h| board.hex(*h).is_some_and(|x| x.sea == Some(Sea::Black))),
        Ev::HeroesOfTheSovietUnion | Ev::PaulVonKleist => b.rolled,
        Ev::ExperiencedCommanders => b.imposed.is_none(),
        Ev::RussianTenacity => b.result.is_some(),
        Ev::NoMercy => true,
        Ev::InexperiencedSovietOfficers | Ev::Maskirovka | Ev::CombatInitiative => false,
        Ev::DasVaterland
        | Ev::Stavka
        | Ev::GottMitUns
        | Ev::HumanReserves
        | Ev::TransferredUnits
        | Ev::MajorOffensive => false,
    }
}

/// The cards `side` may play as events in this window.
pub(crate) fn playable(
    board: &Board,
    st: &State,
    side: Side,
    w: Window,
    b: Option<&BattleRun>,
) -> Vec<u8> {
    if let Some(b) = b {
        // 10.5 step 2: one card per player per battle (per window here).
        if b.played.contains(&(side, w as u8)) {
            return vec![];
        }
    }
    let discard_empty = st.deck.discard.is_empty();
    let mut out: Vec<u8> = st
        .hand(side)
        .iter()
        .copied()
        .filter(|c| {
            event(board, st, side, *c).is_some_and(|ev| match ev {
                Ev::GottMitUns => borrowed(board, st)
                    .is_some_and(|(_, e)| !targeted(e) && in_window(e, w) && fits(board, e, b)),
                _ => {
                    !targeted(ev)
                        && in_window(ev, w)
                        && fits(board, ev, b)
                        && !(ev == Ev::Stavka && discard_empty)
                }
            })
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Plays `card` as `side`'s event: the card goes to the discard pile (5.3) and the event is
/// executed. Returns the die re-rolled, if any.
pub(crate) fn play(
    board: &Board,
    st: &mut State,
    side: Side,
    card: u8,
    b: Option<&mut BattleRun>,
    events: &mut Vec<Event>,
) {
    let Some(mut ev) = event(board, st, side, card) else {
        return;
    };
    if ev == Ev::GottMitUns {
        let Some((top, e)) = borrowed(board, st) else {
            return;
        };
        st.executed.push((top, Side::German));
        log(
            events,
            EventKind::Cards,
            "5.3",
            format!("Gott Mit Uns plays card {top}'s Axis event"),
        );
        ev = e;
    }
    // Stavka takes the top discard before its own card covers it.
    if ev == Ev::Stavka {
        if let Some(top) = st.deck.discard.pop() {
            st.hand_mut(side).push(top);
            events.push(
                Event::new(
                    EventKind::Drawn,
                    "5.3",
                    format!("{} takes the top discard", crate::table::side_word(side)),
                )
                .with_private(side, format!("You take card {top}")),
            );
        }
    }
    pay(st, side, &[card]);
    st.executed.push((card, side));
    log(
        events,
        EventKind::Cards,
        "5.3",
        format!("{} plays {ev:?}", crate::table::side_word(side)),
    );
    match (ev, b) {
        (Ev::Stavka, _)
        | (Ev::GottMitUns, _)
        | (Ev::HumanReserves, _)
        | (Ev::TransferredUnits, _)
        | (Ev::InexperiencedSovietOfficers, _) => {}
        (Ev::MajorOffensive, _) => st.scratch.major_offensive = true,
        (Ev::DasVaterland, _) => {
            let drawn = crate::setup::draw_cards(board, st, side, 2);
            super::drawn_events(board, side, &drawn, events);
        }
        (ev, Some(b)) => {
            b.played.push((side, window(ev) as u8));
            match ev {
                Ev::LuftwaffeSupport => b.card_shifts.push(("Luftwaffe Support".into(), 1)),
                Ev::LongWinter => b.card_shifts.push(("Long Winter".into(), -1)),
                Ev::SovietLogisticProblems => {
                    b.card_shifts.push(("Soviet Logistic Problems".into(), -1))
                }
                Ev::BlackSeaFleet => {
                    let toward = if b.attacker == Side::Soviet { 1 } else { -1 };
                    b.card_shifts.push(("Black Sea Fleet".into(), toward));
                }
                Ev::HeinzGuderian | Ev::ElasticDefense => b.imposed = Some(CombatResult::DR),
                Ev::RussianTenacity => b.result = Some(CombatResult::EX),
                Ev::NoMercy => b.no_mercy = true,
                Ev::ExperiencedCommanders => b.two_dice = Some(side),
                Ev::HeroesOfTheSovietUnion | Ev::PaulVonKleist => {
                    if let (Some(col), Some(crt)) = (b.column, b.crt) {
                        let die = st.dice.d6();
                        let r = crate::combat::crt(&board.data.tables, crt).result(col, die);
                        b.result = Some(r);
                        b.dice.push(die);
                        let text = format!("Re-roll: {}", r.label());
                        events.push(
                            Event::new(EventKind::Battle, "10.5", text).with_roll(
                                eastfront_kernel::Roll::d6(Some(side), "Re-roll", &[die]),
                            ),
                        );
                    }
                }
                Ev::GeneralStaff => b.advance_cards.push(AdvanceCard::PlusOne),
                Ev::Rasputitsa => b.advance_cards.push(AdvanceCard::LimitOne),
                Ev::DasVaterland
                | Ev::Stavka
                | Ev::GottMitUns
                | Ev::HumanReserves
                | Ev::TransferredUnits
                | Ev::VonManstein
                | Ev::InexperiencedSovietOfficers
                | Ev::Maskirovka
                | Ev::CombatInitiative
                | Ev::MajorOffensive => {}
            }
        }
        _ => {}
    }
}

/// Major Offensive (Reconstructed benefit): the Target markers `side` may place beyond the
/// 10.0 limit this Combat phase.
pub(crate) fn extra_targets(st: &State, side: Side) -> usize {
    if side == Side::Soviet && st.scratch.major_offensive {
        MAJOR_OFFENSIVE_EXTRA_TARGETS
    } else {
        0
    }
}

/// Major Offensive: two more Target markers than 10.0 allows (Reconstructed).
pub(crate) const MAJOR_OFFENSIVE_EXTRA_TARGETS: usize = 2;

/// Major Offensive (LP U69, U71): at the end of the Soviet Combat phase, fewer than 4 Target
/// markers placed and attacked cost the Soviets 2 VP, on the round marker (12.7.4).
pub(crate) fn major_offensive_end(board: &Board, st: &mut State, events: &mut Vec<Event>) {
    if !st.scratch.major_offensive {
        return;
    }
    st.scratch.major_offensive = false;
    let Some(c) = &st.scratch.combat else {
        return;
    };
    let attacked = c
        .targets
        .iter()
        .filter(|h| c.attacked_hexes.contains(h))
        .count();
    if attacked < 4 {
        st.vp
            .add_event_vp(Side::Soviet, -2, board.data.track.round_marker_cap);
        log(
            events,
            EventKind::Cards,
            "12.7.4",
            format!("Major Offensive: only {attacked} Target markers placed and attacked: the Soviets lose 2 VP"),
        );
    }
}

/// Human Reserves: the `PlayEventFor` choices of `side` now: its card with each set of one or
/// two units from its Shattered, Destroyed and Surrendered boxes that fits the Rail box.
pub(crate) fn human_reserves(board: &Board, st: &State, side: Side) -> Vec<(u8, Vec<usize>)> {
    let cards: Vec<u8> = st
        .hand(side)
        .iter()
        .copied()
        .filter(|c| event(board, st, side, *c) == Some(Ev::HumanReserves))
        .collect();
    let Some(&card) = cards.first() else {
        return vec![];
    };
    let pool: Vec<usize> = (0..st.units.len())
        .filter(|u| board.data.units.units[*u].side == side)
        .filter(|u| {
            matches!(
                st.units[*u].loc,
                Loc::Shattered | Loc::Destroyed | Loc::Surrendered
            )
        })
        .collect();
    let room = usize::from(board.data.track.rail_box_capacity)
        .saturating_sub(super::optional::rail_used(board, st, side));
    let mut out = Vec::new();
    for (i, &a) in pool.iter().enumerate() {
        if room >= 1 {
            out.push((card, vec![a]));
        }
        if room >= 2 {
            for &b in &pool[i + 1..] {
                out.push((card, vec![a, b]));
            }
        }
    }
    out
}

/// Plays Human Reserves: the card to the discard pile, the units into the Rail box.
pub(crate) fn play_human_reserves(
    st: &mut State,
    side: Side,
    card: u8,
    units: &[usize],
    events: &mut Vec<Event>,
) {
    pay(st, side, &[card]);
    st.executed.push((card, side));
    for u in units {
        st.units[*u].loc = Loc::Rail;
    }
    log(
        events,
        EventKind::Cards,
        "5.3",
        format!(
            "{} plays Human Reserves: {} unit(s) to the Rail box",
            crate::table::side_word(side),
            units.len()
        ),
    );
}

/// Transferred Units: the `PlayEventFor` choices of `side` now: in its own Reorganization
/// phase's placement step (7.0 B), the card (or Gott Mit Uns with it on top of the discard
/// pile) with each one of its units in the Destroyed or Surrendered box.
pub(crate) fn transferred_units(board: &Board, st: &State, side: Side) -> Vec<(u8, Vec<usize>)> {
    let in_place_step = st.phase
        == Phase::Player {
            side,
            step: Step::Reorganization,
        }
        && st.scratch.reorg == Some(ReorgStep::Place);
    if !in_place_step {
        return vec![];
    }
    let mut cards: Vec<u8> = st
        .hand(side)
        .iter()
        .copied()
        .filter(|c| match event(board, st, side, *c) {
            Some(Ev::TransferredUnits) => true,
            Some(Ev::GottMitUns) => {
                borrowed(board, st).is_some_and(|(_, e)| e == Ev::TransferredUnits)
            }
            _ => false,
        })
        .collect();
    cards.sort_unstable();
    cards.dedup();
    let pool: Vec<usize> = (0..st.units.len())
        .filter(|u| board.data.units.units[*u].side == side)
        .filter(|u| matches!(st.units[*u].loc, Loc::Destroyed | Loc::Surrendered))
        .collect();
    cards
        .iter()
        .flat_map(|c| pool.iter().map(move |u| (*c, vec![*u])))
        .collect()
}

/// Whether `card` played for units is Transferred Units (itself or through Gott Mit Uns).
pub(crate) fn is_transferred_units(board: &Board, st: &State, side: Side, card: u8) -> bool {
    transferred_units(board, st, side)
        .iter()
        .any(|(c, _)| *c == card)
}

/// Plays Transferred Units: the card to the discard pile, the unit replaced free as by 7.9
/// (a two-step unit returns reduced, 7.9.2), to be placed in this placement step (7.6).
pub(crate) fn play_transferred_units(
    board: &Board,
    st: &mut State,
    side: Side,
    card: u8,
    unit: usize,
    events: &mut Vec<Event>,
) {
    if event(board, st, side, card) == Some(Ev::GottMitUns) {
        if let Some((top, _)) = borrowed(board, st) {
            st.executed.push((top, Side::German));
        }
    }
    pay(st, side, &[card]);
    st.executed.push((card, side));
    let track = &board.data.track;
    let was = st.units[unit].reduced;
    st.units[unit].reduced =
        crate::reorg::replacement_reduced(track, &board.data.units.units[unit], was, st.turn);
    st.units[unit].loc = Loc::Arriving;
    st.scratch.replaced.push(unit);
    log(
        events,
        EventKind::Cards,
        "5.3",
        format!(
            "{} plays Transferred Units: {} is replaced",
            crate::table::side_word(side),
            board.data.units.units[unit].front.name
        ),
    );
}
