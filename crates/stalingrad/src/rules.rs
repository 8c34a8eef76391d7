//! The sequence of play (rules §5) as a state machine, the German actions (§6.7), control and
//! captures (§6.2, §6.6), card draws and the Last Card (§8.8), and victory (§6.18).
//!
//! `apply` checks the action against `legal_actions`, executes it, then `run` advances the
//! machine through everything automatic (the Soviet AI, combat steps) until a seat must decide.

use crate::board::{Board, CardId, UnitId};
use crate::combat::{Attack, AttackKind, Combat};
use crate::data::{Army, CardEffect, Reserve, Terrain, UnitKind};
use crate::state::*;
use eastfront_kernel::{Outcome, RuleError, Seat, Side, SpaceId};

pub const STACK_LIMIT: usize = 4;

// ------------------------------------------------------------------ queries

pub fn units_in(board: &Board, st: &State, h: SpaceId) -> Vec<UnitId> {
    board
        .unit_ids()
        .filter(|u| st.units[u.0 as usize].loc == Location::Map(h))
        .collect()
}

pub fn side_of_unit(board: &Board, u: UnitId) -> Side {
    board.unit_side[u.0 as usize]
}

/// Units of `side` in a hex, for stacking and attacks. The Designer's Variant generals are
/// markers, not units: they never count (rules §9.4.4 [GAP] recommendation).
pub fn count_side(board: &Board, st: &State, h: SpaceId, side: Side) -> usize {
    board
        .unit_ids()
        .filter(|u| {
            st.units[u.0 as usize].loc == Location::Map(h)
                && side_of_unit(board, *u) == side
                && board.unit(*u).kind != UnitKind::General
        })
        .count()
}

/// Occupation of every hex: (German units, Soviet units), computed in one pass.
pub fn occupancy(board: &Board, st: &State) -> Vec<(u8, u8)> {
    let mut occ = vec![(0u8, 0u8); board.hexes.len()];
    for (i, us) in st.units.iter().enumerate() {
        if board.units[i].kind == UnitKind::General {
            continue;
        }
        if let Location::Map(h) = us.loc {
            match board.unit_side[i] {
                Side::German => occ[h.index()].0 += 1,
                Side::Soviet => occ[h.index()].1 += 1,
            }
        }
    }
    occ
}

pub fn strength(board: &Board, st: &State, u: UnitId) -> u8 {
    let f = st.units[u.0 as usize].face as usize;
    board.unit(u).faces.get(f).map(|f| f.0).unwrap_or(0)
}

pub fn leader_in_play(board: &Board, st: &State, e: CardEffect) -> bool {
    st.leaders_in_play
        .iter()
        .any(|c| board.card(*c).effect == e)
}

fn adjacent_to_soviet(board: &Board, occ: &[(u8, u8)], h: SpaceId) -> bool {
    board.topo.neighbours(h).any(|n| occ[n.index()].1 > 0)
}

/// Soviet victory count: destroyed German units, "R" units double (rules §6.18).
pub fn casualty_score(board: &Board, st: &State) -> u32 {
    board
        .unit_ids()
        .filter(|u| st.units[u.0 as usize].loc == Location::Casualties)
        .map(|u| if board.unit(u).r_unit { 2 } else { 1 })
        .sum()
}

/// Round number for `turn` completed turns: German and Soviet turns alternate, German first.
pub fn round_of(turn: u32) -> u32 {
    turn / 2 + 1
}

pub fn active_side(st: &State) -> Option<Side> {
    active_seat(st).map(|s| {
        if s == soviet_seat(st.options.mode) {
            Side::Soviet
        } else {
            Side::German
        }
    })
}

/// Who must decide now (None when the game is over).
pub fn active_seat(st: &State) -> Option<Seat> {
    if st.outcome.is_some() {
        return None;
    }
    let german = Seat(if st.options.mode.two_germans() {
        st.german_player
    } else {
        0
    });
    let soviet = soviet_seat(st.options.mode);
    if let Some(c) = &st.combat {
        return Some(match c.waiting_for() {
            Side::German => german,
            Side::Soviet => soviet,
        });
    }
    match st.phase {
        Phase::GermanAction | Phase::ShortMoves { .. } | Phase::PlaceReinforcements { .. } => {
            Some(german)
        }
        Phase::SovietChoice | Phase::SovietMoves { .. } => Some(soviet),
        Phase::Combat | Phase::SovietSweep { .. } | Phase::GameOver => None,
    }
}

// ------------------------------------------------------------------ events

pub fn info(ev: &mut Vec<Event>, text: impl Into<String>) {
    ev.push(Event {
        rule: String::new(),
        roll: None,
        kind: EventKind::Info,
        public: text.into(),
        private: None,
    });
}

pub fn event(ev: &mut Vec<Event>, kind: EventKind, text: impl Into<String>) {
    ev.push(Event {
        rule: String::new(),
        roll: None,
        kind,
        public: text.into(),
        private: None,
    });
}

/// A roll of the dice, as data (who rolled, for what, the values) and as a log line.
pub fn dice_event(ev: &mut Vec<Event>, by: Side, what: &str, values: &[u8]) {
    let shown: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    ev.push(
        Event::new(
            EventKind::Info,
            "",
            format!("{what}: rolled {}", shown.join(" ")),
        )
        .with_roll(eastfront_kernel::Roll::d6(Some(by), what, values)),
    );
}

// ------------------------------------------------------------------ cards

/// The German draws `n` cards; a Leader goes into play at once (rules §6.13). An empty
/// German deck gives nothing (§11.15).
pub fn draw_german(board: &Board, st: &mut State, n: usize, ev: &mut Vec<Event>) {
    for _ in 0..n {
        let Some(c) = st.german_deck.pop() else {
            info(
                ev,
                "The German deck is empty: no card drawn (rules §11.15).",
            );
            return;
        };
        let info_c = board.card(c);
        if info_c.effect.is_leader() {
            st.leaders_in_play.push(c);
            event(
                ev,
                EventKind::CardDrawn { side: Side::German },
                format!(
                    "German draws {}: the Leader goes into play (German Leader cards).",
                    info_c.name
                ),
            );
        } else {
            st.german_hand.push(c);
            // §9.1 rule 6: a support card belongs to the German player who draws it.
            st.german_card_owner[c.0 as usize] = st.german_player;
            ev.push(Event {
                rule: String::new(),
                roll: None,
                kind: EventKind::CardDrawn { side: Side::German },
                public: "German draws a card.".into(),
                private: Some((Side::German, format!("German draws {}.", info_c.name))),
            });
        }
    }
}

/// The Soviets draw `n` cards into their hidden hand. The draw that empties the deck ends the
/// game at once — the Last Card — unless OKH is in play (rules §8.8, §6.14.5).
pub fn draw_soviet(board: &Board, st: &mut State, n: usize, why: &str, ev: &mut Vec<Event>) {
    for _ in 0..n {
        if st.outcome.is_some() {
            return;
        }
        let Some(c) = st.soviet_deck.pop() else {
            return; // only during the OKH extension: a no-op
        };
        st.soviet_hand.push(c);
        // Designer's Variant Chuikov advantage: his HQ is set up when the card is drawn (§9.4.4).
        if board.card(c).effect == CardEffect::Chuikov
            && st.advantages.contains(&Advantage::Chuikov)
        {
            crate::soviet::chuikov_headquarters(board, st, c, ev);
        }
        ev.push(Event {
            rule: String::new(),
            roll: None,
            kind: EventKind::CardDrawn { side: Side::Soviet },
            public: format!(
                "Soviets draw a card ({why}); {} left in the Soviet deck.",
                st.soviet_deck.len()
            ),
            private: Some((
                Side::Soviet,
                format!(
                    "Soviets draw {} ({why}); {} left in the deck.",
                    board.card(c).name,
                    st.soviet_deck.len()
                ),
            )),
        });
        if st.soviet_deck.is_empty() {
            soviet_deck_exhausted(board, st, ev);
        }
    }
}

fn soviet_deck_exhausted(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    if leader_in_play(board, st, CardEffect::Okh) {
        let r = eliminated_r_units(board, st);
        if r == 0 {
            game_over(st, Some(Side::Soviet), "Last Card: the Soviet deck is exhausted and OKH has no Eliminated R unit (rules §6.14.5)", ev);
        } else {
            // The German turn in progress, if any, is not one of the extra turns.
            let in_german_turn = matches!(
                st.phase,
                Phase::GermanAction
                    | Phase::ShortMoves { .. }
                    | Phase::PlaceReinforcements { .. }
                    | Phase::Combat
            );
            st.okh_extra_turns = Some(r + in_german_turn as u8);
            info(ev, format!("The last Soviet card is drawn, but OKH gives the German {r} extra turn(s) (rules §6.14.5)."));
        }
    } else {
        game_over(
            st,
            Some(Side::Soviet),
            "Last Card: the Soviet deck is exhausted — Operation Uranus begins (rules §6.18)",
            ev,
        );
    }
}

fn eliminated_r_units(board: &Board, st: &State) -> u8 {
    board
        .unit_ids()
        .filter(|u| {
            board.unit(*u).r_unit && matches!(st.units[u.0 as usize].loc, Location::Eliminated(_))
        })
        .count()
        .min(5) as u8
}

pub fn game_over(st: &mut State, winner: Option<Side>, reason: &str, ev: &mut Vec<Event>) {
    if st.outcome.is_some() {
        return;
    }
    st.outcome = Some(Outcome {
        winner,
        reason: reason.to_string(),
    });
    st.phase = Phase::GameOver;
    let who = winner
        .map(|s| format!("{} Decisive Victory", s.name()))
        .unwrap_or_else(|| "Draw".into());
    event(
        ev,
        EventKind::GameOver,
        format!("Game over — {who}: {reason}."),
    );
}

// ------------------------------------------------------------------ movement and control

/// A unit of `side` enters `h`: control changes at once (rules §6.2); capturing an enemy
/// reinforcement hex draws a card (§6.6; two with Paulus); a German entering a fortified hex
/// destroys the fortification (§9.4.9); Chuikov's HQ falls if the Germans enter it (§9.4.4).
pub fn enter_hex(
    board: &Board,
    st: &mut State,
    h: SpaceId,
    side: Side,
    colour: Option<u8>,
    ev: &mut Vec<Event>,
) {
    if side == Side::German {
        if let Some(c) = colour {
            st.hex_owner[h.index()] = Some(c);
        }
        if st.fortified[h.index()] {
            st.fortified[h.index()] = false;
            info(
                ev,
                format!(
                    "The Germans enter hex {}: its fortification is destroyed (rules §9.4.9).",
                    board.hex_name(h)
                ),
            );
        }
        if st.chuikov_hq == Some(h) {
            crate::soviet::chuikov_hq_lost(board, st, ev);
        }
    }
    if st.control[h.index()] == side {
        return;
    }
    st.control[h.index()] = side;
    let hx = board.hex(h);
    event(
        ev,
        EventKind::Captured { hex: h, by: side },
        format!("{} take control of hex {}.", side.name(), hx.id),
    );
    match side {
        Side::German if hx.soviet_reinforcement => {
            let n = if leader_in_play(board, st, CardEffect::Paulus) {
                2
            } else {
                1
            };
            info(ev, format!("Soviet reinforcement hex {} captured: the German draws {n} (Captura de un Hexágono de Refuerzos Enemigo).", hx.id));
            draw_german(board, st, n, ev);
        }
        Side::Soviet if hx.german_reinforcement.is_some() => {
            draw_soviet(
                board,
                st,
                1,
                &format!("capture of German reinforcement hex {}", hx.id),
                ev,
            );
        }
        _ => {}
    }
}

fn move_units(board: &Board, st: &mut State, units: &[UnitId], to: SpaceId, ev: &mut Vec<Event>) {
    let from = units
        .first()
        .and_then(|u| match st.units[u.0 as usize].loc {
            Location::Map(h) => Some(h),
            _ => None,
        });
    for u in units {
        st.units[u.0 as usize].loc = Location::Map(to);
    }
    let side = units
        .first()
        .map(|u| side_of_unit(board, *u))
        .unwrap_or(Side::German);
    let names: Vec<String> = units.iter().map(|u| board.unit(*u).label.clone()).collect();
    ev.push(Event {
        rule: String::new(),
        roll: None,
        kind: EventKind::Moved {
            from,
            to,
            units: units.len(),
        },
        public: format!(
            "{} {} from {} to {}.",
            side.name(),
            if units.len() == 1 {
                "block moves".to_string()
            } else {
                format!("{} blocks move", units.len())
            },
            from.map(|h| board.hex_name(h).to_string())
                .unwrap_or_default(),
            board.hex_name(to)
        ),
        private: Some((
            side,
            format!(
                "{} move from {} to {}.",
                names.join(", "),
                from.map(|h| board.hex_name(h).to_string())
                    .unwrap_or_default(),
                board.hex_name(to)
            ),
        )),
    });
    let colour = german_colour_of(board, units);
    enter_hex(board, st, to, side, colour, ev);
}

/// Cooperative modes: 0 = Yellow, 1 = Blue stack; White-only stacks belong to neither (§9.1).
fn german_colour_of(board: &Board, units: &[UnitId]) -> Option<u8> {
    units.iter().find_map(|u| match board.unit(*u).army {
        Some(Army::Yellow) => Some(0),
        Some(Army::Blue) => Some(1),
        _ => None,
    })
}

fn stack_colour(board: &Board, st: &State, h: SpaceId) -> Option<u8> {
    german_colour_of(board, &units_in(board, st, h))
}

/// Cooperative §9.1 rules 1–4: a German stack never mixes Yellow and Blue units, and a player
/// moves only stacks of his colour.
fn coop_mix_ok(board: &Board, st: &State, moving: &[UnitId], to: SpaceId) -> bool {
    if !st.options.mode.two_germans() {
        return true;
    }
    let a = german_colour_of(board, moving);
    let b = stack_colour(board, st, to);
    !(matches!((a, b), (Some(x), Some(y)) if x != y))
}

/// `units`: the whole stack the movers come from (a Yellow stack's White units are Yellow's).
fn coop_owns(board: &Board, st: &State, units: &[UnitId]) -> bool {
    !st.options.mode.two_germans() || german_colour_of(board, units) == Some(st.german_player)
}

/// All non-empty subsets of a stack (at most 4 units: 15 subsets).
pub fn subsets(units: &[UnitId]) -> Vec<Vec<UnitId>> {
    let n = units.len();
    (1u32..(1 << n))
        .map(|m| {
            (0..n)
                .filter(|i| m & (1 << i) != 0)
                .map(|i| units[i])
                .collect()
        })
        .collect()
}

// ------------------------------------------------------------------ legal actions

pub fn legal_actions(board: &Board, st: &State) -> Vec<Action> {
    if st.outcome.is_some() {
        return Vec::new();
    }
    if let Some(c) = &st.combat {
        return c.legal_actions(board, st);
    }
    match &st.phase {
        Phase::GermanAction => german_action_choices(board, st),
        Phase::ShortMoves { moved } => {
            let mut v = short_moves(board, st, moved);
            v.push(Action::EndShortMoves);
            v
        }
        Phase::PlaceReinforcements { units } => {
            let mut v = placements(board, st, units);
            v.push(Action::EndPlacement);
            v
        }
        Phase::SovietChoice => crate::soviet::human_choices(board, st),
        Phase::SovietMoves { remaining } => crate::soviet::human_moves(board, st, remaining),
        _ => Vec::new(),
    }
}

fn german_stacks(board: &Board, st: &State) -> Vec<(SpaceId, Vec<UnitId>)> {
    let mut stacks: Vec<(SpaceId, Vec<UnitId>)> = Vec::new();
    for u in board.unit_ids() {
        if side_of_unit(board, u) != Side::German {
            continue;
        }
        if let Location::Map(h) = st.units[u.0 as usize].loc {
            match stacks.iter_mut().find(|s| s.0 == h) {
                Some(s) => s.1.push(u),
                None => stacks.push((h, vec![u])),
            }
        }
    }
    stacks.sort_by_key(|s| s.0);
    stacks
}

fn german_action_choices(board: &Board, st: &State) -> Vec<Action> {
    let mut v = vec![Action::CallReinforcements, Action::EndShortMoves];
    v.extend(long_moves(board, st));
    v.extend(short_moves(board, st, &[]));
    v.extend(quick_attacks(board, st));
    v.extend(planned_attacks(board, st));
    v
}

/// Stalingrad: 2. UN MOVIMIENTO LARGO (§6.7.3). A whole stack in a Clear hex not adjacent to
/// Soviets moves 1–2 Clear hexes, none adjacent to Soviets; it may pass through (not end in)
/// a German stack in its first hex.
pub fn long_moves(board: &Board, st: &State) -> Vec<Action> {
    let occ = occupancy(board, st);
    let ok = |h: SpaceId| {
        board.terrain(h) == Terrain::Clear
            && occ[h.index()].1 == 0
            && !adjacent_to_soviet(board, &occ, h)
    };
    let mut v = Vec::new();
    for (a, units) in german_stacks(board, st) {
        if !ok(a) || !coop_owns(board, st, &units) {
            continue;
        }
        for b in board.topo.neighbours(a) {
            if !ok(b) {
                continue;
            }
            if occ[b.index()].0 == 0 && coop_mix_ok(board, st, &units, b) {
                v.push(Action::LongMove {
                    from: a,
                    path: vec![b],
                });
            }
            for c in board.topo.neighbours(b) {
                if c != a && ok(c) && occ[c.index()].0 == 0 && coop_mix_ok(board, st, &units, c) {
                    v.push(Action::LongMove {
                        from: a,
                        path: vec![b, c],
                    });
                }
            }
        }
    }
    v
}

/// Stalingrad: 3. HASTA DOS MOVIMIENTOS CORTOS (§6.7.4). Part or all of a stack moves one
/// hex into a hex with no Soviet stack and not adjacent to one, within the stacking limit.
/// `moved`: units that already moved in this action (each unit moves once).
pub fn short_moves(board: &Board, st: &State, moved: &[UnitId]) -> Vec<Action> {
    let occ = occupancy(board, st);
    let mut v = Vec::new();
    for (a, units) in german_stacks(board, st) {
        let free: Vec<UnitId> = units
            .iter()
            .copied()
            .filter(|u| !moved.contains(u))
            .collect();
        if free.is_empty() {
            continue;
        }
        if st.options.flags.short_move_origin_must_be_free && adjacent_to_soviet(board, &occ, a) {
            continue;
        }
        for to in board.topo.neighbours(a) {
            if occ[to.index()].1 > 0 || adjacent_to_soviet(board, &occ, to) {
                continue;
            }
            let room = STACK_LIMIT.saturating_sub(occ[to.index()].0 as usize);
            for s in subsets(&free) {
                if s.len() <= room && coop_owns(board, st, &units) && coop_mix_ok(board, st, &s, to)
                {
                    v.push(Action::ShortMove { units: s, to });
                }
            }
        }
    }
    v
}

/// Stalingrad: 4. UN ATAQUE RÁPIDO (§6.7.5). Units of a stack not adjacent to Soviets move
/// one hex into a hex next to a Soviet stack (consolidating allowed) and that whole stack
/// attacks one adjacent Soviet stack.
pub fn quick_attacks(board: &Board, st: &State) -> Vec<Action> {
    let occ = occupancy(board, st);
    let mut v = Vec::new();
    for (a, units) in german_stacks(board, st) {
        if adjacent_to_soviet(board, &occ, a) {
            continue;
        }
        for to in board.topo.neighbours(a) {
            if occ[to.index()].1 > 0 {
                continue;
            }
            let targets: Vec<SpaceId> = board
                .topo
                .neighbours(to)
                .filter(|t| occ[t.index()].1 > 0)
                .collect();
            if targets.is_empty() {
                continue;
            }
            let room = STACK_LIMIT.saturating_sub(occ[to.index()].0 as usize);
            for s in subsets(&units) {
                if s.len() > room
                    || !coop_owns(board, st, &units)
                    || !coop_mix_ok(board, st, &s, to)
                {
                    continue;
                }
                for &t in &targets {
                    v.push(Action::QuickAttack {
                        units: s.clone(),
                        to,
                        target: t,
                    });
                }
            }
        }
    }
    v
}

/// Stalingrad: 5. UN ATAQUE PLANIFICADO (§6.7.6, §6.7.7): one Soviet stack, attacked by any
/// non-empty set of adjacent German stacks, with at most one support card (several Pioneers
/// with Linden; the 672nd only with Linden).
pub fn planned_attacks(board: &Board, st: &State) -> Vec<Action> {
    let occ = occupancy(board, st);
    let card_sets = german_card_choices(board, st);
    let mut v = Vec::new();
    for t in board.topo.ids() {
        if occ[t.index()].1 == 0 {
            continue;
        }
        let adj: Vec<SpaceId> = board
            .topo
            .neighbours(t)
            .filter(|h| occ[h.index()].0 > 0)
            .collect();
        if adj.is_empty() {
            continue;
        }
        let n = adj.len();
        for m in 1u32..(1 << n) {
            let from: Vec<SpaceId> = (0..n)
                .filter(|i| m & (1 << i) != 0)
                .map(|i| adj[i])
                .collect();
            if st.options.mode.two_germans() {
                // §9.1 rule 10: at least one attacking stack belongs to the active player.
                let mine = from
                    .iter()
                    .any(|h| stack_colour(board, st, *h) == Some(st.german_player));
                if !mine {
                    continue;
                }
            }
            for cards in &card_sets {
                v.push(Action::PlannedAttack {
                    target: t,
                    from: from.clone(),
                    cards: cards.clone(),
                });
            }
        }
    }
    v
}

/// The card combinations the German may play in a Planned Attack (§6.7.7, T36).
pub fn german_card_choices(board: &Board, st: &State) -> Vec<Vec<CardId>> {
    let linden = leader_in_play(board, st, CardEffect::Linden);
    let mut sets: Vec<Vec<CardId>> = vec![Vec::new()];
    let playable: Vec<CardId> = st
        .german_hand
        .iter()
        .copied()
        .filter(|c| {
            !st.options.mode.two_germans() || st.german_card_owner[c.0 as usize] == st.german_player
        })
        .filter(|c| match board.card(*c).effect {
            CardEffect::Bombard { needs_linden, .. } => !needs_linden || linden,
            CardEffect::GermanSniper | CardEffect::Pak => true,
            _ => false,
        })
        .collect();
    for c in &playable {
        sets.push(vec![*c]);
    }
    if linden {
        let pioneers: Vec<CardId> = playable
            .iter()
            .copied()
            .filter(|c| {
                matches!(
                    board.card(*c).effect,
                    CardEffect::Bombard { pioneer: true, .. }
                )
            })
            .collect();
        let n = pioneers.len().min(8);
        for m in 1u32..(1 << n) {
            if m.count_ones() >= 2 {
                sets.push(
                    (0..n)
                        .filter(|i| m & (1 << i) != 0)
                        .map(|i| pioneers[i])
                        .collect(),
                );
            }
        }
    }
    sets
}

fn placements(board: &Board, st: &State, units: &[UnitId]) -> Vec<Action> {
    let occ = occupancy(board, st);
    let mut v = Vec::new();
    for &u in units {
        for h in reinforcement_hexes_for(board, st, u) {
            if occ[h.index()].0 as usize >= STACK_LIMIT || st.control[h.index()] != Side::German {
                continue;
            }
            if !coop_mix_ok(board, st, &[u], h) {
                continue;
            }
            v.push(Action::Place { unit: u, hex: h });
        }
    }
    v
}

/// Blue → Z; Yellow → X/Y; White → X, Y or Z (§6.7.1 step 4). Cooperative §9.1 rule 9: White
/// units go to the calling player's colour hexes until they are full.
fn reinforcement_hexes_for(board: &Board, st: &State, u: UnitId) -> Vec<SpaceId> {
    let army = board.unit(u).army.unwrap_or(Army::White);
    let all: Vec<SpaceId> = board
        .topo
        .ids()
        .filter(|h| match (board.hex(*h).german_reinforcement, army) {
            (None, _) => false,
            (Some(_), Army::White) => true,
            (Some(c), a) => c == a,
        })
        .collect();
    if army == Army::White && st.options.mode.two_germans() {
        let own = if st.german_player == 0 {
            Army::Yellow
        } else {
            Army::Blue
        };
        let occ = occupancy(board, st);
        let mine: Vec<SpaceId> = all
            .iter()
            .copied()
            .filter(|h| board.hex(*h).german_reinforcement == Some(own))
            .collect();
        let room = mine.iter().any(|h| {
            st.control[h.index()] == Side::German && (occ[h.index()].0 as usize) < STACK_LIMIT
        });
        if room {
            return mine;
        }
    }
    all
}

// ------------------------------------------------------------------ apply

pub fn apply(
    board: &Board,
    st: &mut State,
    seat: Seat,
    action: &Action,
) -> Result<Vec<Event>, RuleError> {
    if st.outcome.is_some() {
        return Err(RuleError("The game is over.".into()));
    }
    if active_seat(st) != Some(seat) {
        return Err(RuleError(format!(
            "It is not seat {}'s turn to act.",
            seat.0
        )));
    }
    let legal = legal_actions(board, st);
    if !legal.contains(action) {
        return Err(RuleError(why_illegal(board, st, action)));
    }
    let mut ev = Vec::new();
    if let Some(mut c) = st.combat.take() {
        c.apply_decision(board, st, action, &mut ev);
        st.combat = Some(c);
    } else {
        match action.clone() {
            Action::CallReinforcements => call_for_reinforcements(board, st, &mut ev),
            Action::LongMove { from, path } => {
                let units = units_in(board, st, from);
                for (i, h) in path.iter().enumerate() {
                    // Passing through an enemy-controlled hex captures it (§6.2 [INFERRED]).
                    if i + 1 < path.len() {
                        let colour = german_colour_of(board, &units);
                        enter_hex(board, st, *h, Side::German, colour, &mut ev);
                    }
                }
                move_units(board, st, &units, *path.last().expect("path"), &mut ev);
                info(&mut ev, "Long Move (2. UN MOVIMIENTO LARGO).");
                end_german_turn(board, st, &mut ev);
            }
            Action::ShortMove { units, to } => {
                move_units(board, st, &units, to, &mut ev);
                let mut moved = match &st.phase {
                    Phase::ShortMoves { moved } => moved.clone(),
                    _ => Vec::new(),
                };
                let second = matches!(st.phase, Phase::ShortMoves { .. });
                moved.extend(units);
                if second {
                    info(
                        &mut ev,
                        "Two Short Moves made (3. HASTA DOS MOVIMIENTOS CORTOS).",
                    );
                    end_german_turn(board, st, &mut ev);
                } else {
                    st.phase = Phase::ShortMoves { moved };
                }
            }
            Action::EndShortMoves => {
                if st.phase == Phase::GermanAction {
                    info(&mut ev, "The German passes (Short Moves with no move).");
                }
                end_german_turn(board, st, &mut ev);
            }
            Action::QuickAttack { units, to, target } => {
                move_units(board, st, &units, to, &mut ev);
                let c = Combat::new(
                    board,
                    st,
                    Attack {
                        attacker: Side::German,
                        kind: AttackKind::GermanQuick,
                        att_hexes: vec![to],
                        def_hex: target,
                        origin: None,
                        german_cards: Vec::new(),
                    },
                    &mut ev,
                );
                st.phase = Phase::Combat;
                st.combat = Some(Box::new(c));
            }
            Action::PlannedAttack {
                target,
                from,
                cards,
            } => {
                st.german_hand.retain(|c| !cards.contains(c));
                let c = Combat::new(
                    board,
                    st,
                    Attack::german_planned(from, target, cards),
                    &mut ev,
                );
                st.phase = Phase::Combat;
                st.combat = Some(Box::new(c));
            }
            Action::Place { unit, hex } => {
                st.units[unit.0 as usize] = UnitState {
                    loc: Location::Map(hex),
                    face: 0,
                    revealed: false,
                };
                ev.push(Event {
                    rule: String::new(),
                    roll: None,
                    kind: EventKind::Moved {
                        from: None,
                        to: hex,
                        units: 1,
                    },
                    public: format!(
                        "A German reinforcement deploys in hex {}.",
                        board.hex_name(hex)
                    ),
                    private: Some((
                        Side::German,
                        format!(
                            "{} deploys in hex {} at full strength.",
                            board.unit(unit).name,
                            board.hex_name(hex)
                        ),
                    )),
                });
                if let Phase::PlaceReinforcements { units } = &mut st.phase {
                    units.retain(|u| *u != unit);
                }
                finish_placement_if_done(board, st, &mut ev);
            }
            Action::EndPlacement => {
                let rest = match &st.phase {
                    Phase::PlaceReinforcements { units } => units.clone(),
                    _ => Vec::new(),
                };
                for u in rest {
                    return_to_table(board, st, u, &mut ev);
                }
                end_german_turn(board, st, &mut ev);
            }
            Action::SovietReinforce
            | Action::SovietMovement
            | Action::SovietDraw
            | Action::SovietMove { .. }
            | Action::SovietAttack { .. } => crate::soviet::apply_human(board, st, action, &mut ev),
            other => return Err(RuleError(format!("{other:?} is not possible now."))),
        }
    }
    run(board, st, &mut ev);
    Ok(ev)
}

/// A reason a player can read for a refused action.
fn why_illegal(board: &Board, st: &State, action: &Action) -> String {
    let occ = occupancy(board, st);
    match action {
        Action::LongMove { from, path } => {
            if board.terrain(*from) != Terrain::Clear {
                "A Long Move must start in a Clear hex (2. UN MOVIMIENTO LARGO).".into()
            } else if adjacent_to_soviet(board, &occ, *from) {
                "A stack adjacent to a Soviet stack cannot make a Long Move (2. UN MOVIMIENTO LARGO).".into()
            } else if path.iter().any(|h| board.terrain(*h) != Terrain::Clear) {
                "A Long Move may only enter Clear hexes (2. UN MOVIMIENTO LARGO).".into()
            } else {
                "That Long Move is not legal: every hex entered must be Clear, free of Soviets and not adjacent to them, and it may not end on a German stack (2. UN MOVIMIENTO LARGO).".into()
            }
        }
        Action::ShortMove { to, .. } => {
            if occ[to.index()].1 > 0 {
                "A Short Move cannot enter a hex with Soviet units (3. MOVIMIENTOS CORTOS).".into()
            } else if adjacent_to_soviet(board, &occ, *to) {
                "A Short Move cannot end adjacent to a Soviet stack (3. MOVIMIENTOS CORTOS).".into()
            } else {
                "That Short Move is not legal now (at most two, four units per hex, each unit moves once) (3. MOVIMIENTOS CORTOS).".into()
            }
        }
        Action::QuickAttack { .. } => "A Quick Attack must start from a stack not adjacent to Soviets and move one hex next to the target (4. UN ATAQUE RÁPIDO).".into(),
        Action::PlannedAttack { .. } => "A Planned Attack needs German stacks adjacent to the target and at most one support card (several Pioneers only with Linden) (5. UN ATAQUE PLANIFICADO).".into(),
        _ => format!("{action:?} is not legal now: {}", prompt(board, st)),
    }
}

// ------------------------------------------------------------------ Call for Reinforcements

/// Stalingrad: 1. PEDIR REFUERZOS (§6.7.1): draw, roll six dice, take the leftmost unit of each
/// die's row; dice on empty rows Eliminate the row's unit (after all takes); then deploy.
fn call_for_reinforcements(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    info(
        ev,
        "The German calls for reinforcements (1. PEDIR REFUERZOS).",
    );
    let n = if leader_in_play(board, st, CardEffect::Paulus) {
        2
    } else {
        1
    };
    draw_german(board, st, n, ev);
    let dice = st.dice.roll(6);
    dice_event(ev, Side::German, "Reinforcement Table", &dice);
    let mut taken = Vec::new();
    let mut pending = Vec::new();
    for &d in &dice {
        let row = &mut st.table[d as usize - 1];
        if row.is_empty() {
            pending.push(d);
        } else {
            let u = row.remove(0);
            taken.push(u);
        }
    }
    let mut raus_due = false;
    for d in pending {
        let r = d as usize - 1;
        if st.advantages.contains(&Advantage::SixthPanzer) && d == 6 && !st.raus_arrived {
            // §9.4.5: Raus arrives instead; his three units join the table after this call.
            st.raus_arrived = true;
            raus_due = true;
            info(ev, "A 6 on the empty row 6: Erhard Raus arrives with the 6th Panzer Division (§9.4.5).");
            continue;
        }
        if st.row_eliminated[r] {
            continue;
        }
        let Some(u) = board.data.setup.elimination_units[r]
            .as_ref()
            .and_then(|k| board.unit_by_key(k))
        else {
            continue;
        };
        let on_map = matches!(st.units[u.0 as usize].loc, Location::Map(_));
        let just_taken = taken.contains(&u);
        if on_map || just_taken {
            taken.retain(|x| *x != u);
            st.units[u.0 as usize].loc = Location::Eliminated(d);
            st.units[u.0 as usize].revealed = false;
            st.row_eliminated[r] = true;
            info(ev, format!("A {d} on an empty row: {} is Eliminated and laid on its icon (1. PEDIR REFUERZOS).", board.unit(u).name));
            if let Some(extra) = st.okh_extra_turns.as_mut() {
                if board.unit(u).r_unit && *extra < 5 {
                    *extra += 1;
                    info(ev, "OKH: an R unit Eliminated after the Soviet deck ran out gives one more extra turn (rules §6.14.5).");
                }
            }
        } else {
            info(
                ev,
                format!(
                    "A {d} on an empty row: {} is not on the map, no effect.",
                    board.unit(u).name
                ),
            );
        }
    }
    for &u in &taken {
        st.units[u.0 as usize].loc = Location::Aside;
    }
    if raus_due {
        let axe: Vec<UnitId> = board.unit_ids().filter(|u| board.unit(*u).axe).collect();
        for u in axe {
            return_to_table(board, st, u, ev);
        }
    }
    let labels: Vec<String> = taken.iter().map(|u| board.unit(*u).name.clone()).collect();
    ev.push(Event {
        rule: String::new(),
        roll: None,
        kind: EventKind::Info,
        public: format!(
            "The German takes {} unit(s) from the Reinforcement Table.",
            taken.len()
        ),
        private: Some((
            Side::German,
            format!(
                "Taken: {}.",
                if labels.is_empty() {
                    "none".into()
                } else {
                    labels.join(", ")
                }
            ),
        )),
    });
    st.phase = Phase::PlaceReinforcements { units: taken };
    finish_placement_if_done(board, st, ev);
}

fn finish_placement_if_done(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let Phase::PlaceReinforcements { units } = &st.phase else {
        return;
    };
    if !placements(board, st, &units.clone()).is_empty() {
        return;
    }
    for u in units.clone() {
        return_to_table(board, st, u, ev);
    }
    end_german_turn(board, st, ev);
}

/// A unit that cannot deploy goes back, face down, to the row with the fewest units (lowest
/// row on ties), as the next unit to be taken from it (§6.7.1 step 4, E3).
pub fn return_to_table(board: &Board, st: &mut State, u: UnitId, ev: &mut Vec<Event>) {
    let row = (0..6)
        .min_by_key(|r| (st.table[*r].len(), *r))
        .expect("six rows");
    st.table[row].insert(0, u);
    st.units[u.0 as usize] = UnitState {
        loc: Location::Table(row as u8 + 1),
        face: 0,
        revealed: false,
    };
    ev.push(Event {
        rule: String::new(),
        roll: None,
        kind: EventKind::Info,
        public: format!(
            "A German unit returns to row {} of the Reinforcement Table.",
            row + 1
        ),
        private: Some((
            Side::German,
            format!(
                "{} returns to row {} of the Reinforcement Table.",
                board.unit(u).name,
                row + 1
            ),
        )),
    });
}

// ------------------------------------------------------------------ turn machine

/// Runs everything automatic until a seat must decide or the game ends.
pub fn run(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let mut guard = 0;
    loop {
        guard += 1;
        if guard > 10_000 {
            game_over(st, None, "internal: the turn machine did not settle", ev);
        }
        if st.outcome.is_some() {
            st.phase = Phase::GameOver;
            st.combat = None;
            return;
        }
        if let Some(mut c) = st.combat.take() {
            let done = c.run(board, st, ev);
            if !done {
                st.combat = Some(c);
                return;
            }
            if st.outcome.is_some() {
                continue;
            }
            match st.phase {
                Phase::Combat => end_german_turn(board, st, ev),
                Phase::SovietMoves { .. } => crate::soviet::human_hex_done(board, st, ev),
                _ => {}
            }
            continue;
        }
        match st.phase.clone() {
            Phase::SovietSweep { .. } => {
                if !crate::soviet::sweep_step(board, st, ev) {
                    end_soviet_turn(board, st, ev);
                }
            }
            Phase::SovietMoves { remaining } if remaining.is_empty() => {
                end_soviet_turn(board, st, ev)
            }
            _ => return,
        }
    }
}

pub fn end_german_turn(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    st.turn += 1;
    if check_victory(board, st, Side::German, ev) {
        return;
    }
    if let Some(extra) = st.okh_extra_turns {
        // OKH extension: consecutive German turns (§6.14.5, default reading §11.13).
        if extra <= 1 {
            st.okh_extra_turns = Some(0);
            game_over(
                st,
                Some(Side::Soviet),
                "Last Card: the OKH extra turns are used up (rules §6.14.5)",
                ev,
            );
        } else {
            st.okh_extra_turns = Some(extra - 1);
            info(
                ev,
                format!("OKH extension: {} extra German turn(s) left.", extra - 1),
            );
            st.phase = Phase::GermanAction;
        }
        return;
    }
    start_soviet_turn(board, st, ev);
}

fn start_soviet_turn(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    event(
        ev,
        EventKind::TurnStart { side: Side::Soviet },
        "Soviet turn (ACCIONES SOVIÉTICAS).",
    );
    if st.options.mode.soviet_is_ai() {
        crate::soviet::ai_turn(board, st, ev);
    } else {
        st.phase = Phase::SovietChoice;
        crate::soviet::human_turn_start(board, st, ev);
    }
}

pub fn end_soviet_turn(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    st.turn += 1;
    if check_victory(board, st, Side::Soviet, ev) {
        return;
    }
    if st.options.mode.two_germans() {
        // §9.1 rule 5: Yellow, Soviet, Blue, Soviet, ...
        st.german_player = 1 - st.german_player;
    }
    st.phase = Phase::GermanAction;
    let who = if st.options.mode.two_germans() {
        if st.german_player == 0 {
            "Yellow (6th Army)"
        } else {
            "Blue (4th Panzer Army)"
        }
    } else {
        "German"
    };
    event(
        ev,
        EventKind::TurnStart { side: Side::German },
        format!("{who} turn: choose one action (LAS ACCIONES)."),
    );
}

/// Stalingrad: CÓMO SE GANA LA PARTIDA (§6.18), checked at the end of every turn. If both
/// sides qualify, the side whose turn just ended wins (§11.14).
pub fn check_victory(board: &Board, st: &mut State, ended: Side, ev: &mut Vec<Event>) -> bool {
    let okh = leader_in_play(board, st, CardEffect::Okh);
    let soviets_on_map = st.units.iter().enumerate().any(|(i, u)| {
        board.unit_side[i] == Side::Soviet
            && matches!(u.loc, Location::Map(_))
            && board.units[i].kind != UnitKind::General
    });
    let german_a = if okh {
        board.data.setup.okh_hexes.iter().all(|h| {
            board
                .hex_id(h)
                .map(|h| st.control[h.index()] == Side::German)
                .unwrap_or(false)
        })
    } else {
        board
            .srh
            .iter()
            .all(|h| st.control[h.index()] == Side::German)
    };
    let german = if german_a {
        Some(if okh {
            "the Germans control every hex 1–19 (OKH, rules §6.14.5)"
        } else {
            "the Germans control all six Soviet reinforcement hexes (rules §6.18 A)"
        })
    } else if !soviets_on_map {
        Some("no Soviet unit remains on the map (rules §6.18 B)")
    } else {
        None
    };
    let soviet = (casualty_score(board, st) >= 10)
        .then_some("ten German units destroyed, R units counting double (rules §6.18)");
    let (winner, reason) = match (german, soviet) {
        (Some(g), Some(s)) => {
            if ended == Side::German {
                (Side::German, g)
            } else {
                (Side::Soviet, s)
            }
        }
        (Some(g), None) => (Side::German, g),
        (None, Some(s)) => (Side::Soviet, s),
        (None, None) => return false,
    };
    let mut reason = reason.to_string();
    if winner == Side::German && st.options.mode.two_germans() {
        reason.push_str(&coop_individual_winner(board, st));
    }
    game_over(st, Some(winner), &reason, ev);
    true
}

/// §9.1 rule 11: the German player controlling more Soviet reinforcement hexes wins
/// individually; ownership is the colour that last entered the hex (§11.17).
fn coop_individual_winner(board: &Board, st: &State) -> String {
    let mut n = [0; 2];
    for h in &board.srh {
        if st.control[h.index()] == Side::German {
            if let Some(c) = st.hex_owner[h.index()] {
                n[c as usize] += 1;
            }
        }
    }
    match n[0].cmp(&n[1]) {
        std::cmp::Ordering::Greater => {
            format!("; individual winner: Yellow ({} to {})", n[0], n[1])
        }
        std::cmp::Ordering::Less => format!("; individual winner: Blue ({} to {})", n[1], n[0]),
        std::cmp::Ordering::Equal => {
            format!("; the two German players share the win ({} each)", n[0])
        }
    }
}

/// What the active player must do now, citing the rule.
pub fn prompt(board: &Board, st: &State) -> String {
    if let Some(o) = &st.outcome {
        return format!("Game over: {}", o.reason);
    }
    if let Some(c) = &st.combat {
        return c.prompt(board);
    }
    match &st.phase {
        Phase::GermanAction => {
            let who = if st.options.mode.two_germans() {
                if st.german_player == 0 { "Yellow player" } else { "Blue player" }
            } else {
                "German"
            };
            format!("{who}: choose one action — Call for Reinforcements, one Long Move, up to two Short Moves, a Quick Attack or a Planned Attack (LAS ACCIONES).")
        }
        Phase::ShortMoves { .. } => "Make a second Short Move or end the action (3. HASTA DOS MOVIMIENTOS CORTOS).".into(),
        Phase::PlaceReinforcements { units } => format!(
            "Deploy {} reinforcement(s): Blue in Z, Yellow in X/Y, White in X/Y/Z, at most 4 per hex; the rest return to the table (1. PEDIR REFUERZOS).",
            units.len()
        ),
        Phase::SovietChoice => "Soviet player: take the action your Largest Stacks allow (MODO 1 vs. 1).".into(),
        Phase::SovietMoves { remaining } => format!(
            "Soviet player: move one unit, or attack, from each Largest Stack hex ({} left) (MODO 1 vs. 1).",
            remaining.len()
        ),
        Phase::Combat | Phase::SovietSweep { .. } => "The Soviets act (ACCIONES SOVIÉTICAS).".into(),
        Phase::GameOver => "Game over.".into(),
    }
}

/// Reduce a unit by one step (rules §6.5 Reducir la Fuerza): rotate one edge; below its minimum
/// it is destroyed — a Soviet block back to its reserve, a German block to the Casualty Register.
pub fn reduce(board: &Board, st: &mut State, u: UnitId, ev: &mut Vec<Event>) {
    let def = board.unit(u);
    let us = &mut st.units[u.0 as usize];
    us.face += 1;
    if (us.face as usize) < def.faces.len() {
        event(
            ev,
            EventKind::StepLost { unit: u },
            format!(
                "{} loses a step (now {}).",
                def.name, def.faces[us.face as usize].0
            ),
        );
        return;
    }
    us.revealed = false;
    us.face = 0;
    match board.unit_side[u.0 as usize] {
        Side::German => {
            us.loc = Location::Casualties;
            let score = casualty_score(board, st);
            event(
                ev,
                EventKind::Destroyed { unit: u },
                format!(
                    "{} is destroyed and goes to the Casualty Register ({} of 10{}).",
                    def.name,
                    score,
                    if def.r_unit {
                        ", an R unit counts double"
                    } else {
                        ""
                    }
                ),
            );
        }
        Side::Soviet => {
            us.loc = Location::SovietReserve(def.reserve());
            event(
                ev,
                EventKind::Destroyed { unit: u },
                format!(
                    "{} is destroyed and returns to the {:?} reserve.",
                    def.name,
                    def.reserve()
                ),
            );
        }
    }
}

/// The reserve a Soviet block returns to and is drawn from.
pub fn reserve_units(board: &Board, st: &State, r: Reserve) -> Vec<UnitId> {
    board
        .unit_ids()
        .filter(|u| st.units[u.0 as usize].loc == Location::SovietReserve(r))
        .collect()
}
