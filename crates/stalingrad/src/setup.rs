//! Stalingrad: PREPARACIÓN DE LA PARTIDA (rules §4.1) and the Designer's Variant setup (§4.2).

use crate::board::{Board, CardId, UnitId};
use crate::data::{Army, CardEffect, Reserve, StartUnit, UnitKind};
use crate::state::*;
use eastfront_kernel::{Dice, Side};

pub fn setup(board: &Board, options: &Options, seed: u64) -> State {
    let mut dice = Dice::new(seed);
    let n_hex = board.hexes.len();
    let mut st = State {
        options: options.clone(),
        dice: Dice::new(0),
        units: board
            .unit_ids()
            .map(|_| UnitState {
                loc: Location::Aside,
                face: 0,
                revealed: false,
            })
            .collect(),
        table: Default::default(),
        row_eliminated: [false; 6],
        control: board
            .hexes
            .iter()
            .map(|h| {
                if h.german_control {
                    Side::German
                } else {
                    Side::Soviet
                }
            })
            .collect(),
        rubble: vec![false; n_hex],
        fortified: vec![false; n_hex],
        german_deck: Vec::new(),
        german_hand: Vec::new(),
        german_card_owner: vec![0; board.cards.len()],
        soviet_deck: Vec::new(),
        soviet_hand: Vec::new(),
        leaders_in_play: Vec::new(),
        discards: Vec::new(),
        turn: 0,
        german_player: 0,
        phase: Phase::GermanAction,
        combat: None,
        okh_extra_turns: None,
        hex_owner: vec![None; n_hex],
        advantages: Vec::new(),
        raus_arrived: false,
        chuikov_hq: None,
        outcome: None,
    };
    let variant = options.variant;

    // Designer's Variant, Normal level: before step 1, one die per side gives that many
    // random Advantages (rules §9.4.1, §7.9).
    if variant == Some(Level::Normal) {
        let soviet_n = dice.d6() as usize;
        let german_n = dice.d6() as usize;
        for (list, n) in [(Advantage::SOVIET, soviet_n), (Advantage::GERMAN, german_n)] {
            let mut pool = list.to_vec();
            dice.shuffle(&mut pool);
            st.advantages.extend(pool.into_iter().take(n));
        }
    }
    let has = |a: Advantage| st.advantages.contains(&a);

    // Step 1: Raus, Chuikov and the yellow-axe units stay aside (they are `Aside` already).
    // Step 3: Marines to the Marine reserve.
    let soviet: Vec<UnitId> = board
        .unit_ids()
        .filter(|u| {
            board.unit_side[u.0 as usize] == Side::Soviet
                && board.unit(*u).kind != UnitKind::General
        })
        .collect();
    for &u in &soviet {
        if board.unit(u).kind == UnitKind::Marine {
            st.units[u.0 as usize].loc = Location::SovietReserve(Reserve::Marine);
        }
    }
    // Step 4–5: 6 of the 13 Tanks at random into the Tank reserve.
    let mut tanks: Vec<UnitId> = soviet
        .iter()
        .copied()
        .filter(|u| board.unit(*u).kind == UnitKind::Tank)
        .collect();
    dice.shuffle(&mut tanks);
    let n_tank_reserve = board.data.setup.soviet_tanks_in_reserve.min(tanks.len());
    for &u in &tanks[..n_tank_reserve] {
        st.units[u.0 as usize].loc = Location::SovietReserve(Reserve::Tank);
    }
    // Step 6: the 4 Guards + 18 random Infantry into the Infantry reserve. Delayed Deployment
    // (§9.4.8): 18 Infantry Divisions of 4 strength points instead of random ones.
    let guards: Vec<UnitId> = soviet
        .iter()
        .copied()
        .filter(|u| board.unit(*u).kind == UnitKind::GuardsInfantry)
        .collect();
    let mut infantry: Vec<UnitId> = soviet
        .iter()
        .copied()
        .filter(|u| {
            let k = board.unit(*u).kind;
            k != UnitKind::Tank && k != UnitKind::Marine && k != UnitKind::GuardsInfantry
        })
        .collect();
    dice.shuffle(&mut infantry);
    if has(Advantage::DelayedDeployment) {
        // Stable partition: the 4-strength divisions first, in their shuffled order.
        infantry.sort_by_key(|u| {
            let b = board.unit(*u);
            !(b.kind == UnitKind::RifleInfantry && b.max_strength() == 4)
        });
    }
    let n_inf_reserve = board
        .data
        .setup
        .soviet_infantry_in_reserve
        .min(infantry.len());
    for &u in guards.iter().chain(&infantry[..n_inf_reserve]) {
        st.units[u.0 as usize].loc = Location::SovietReserve(Reserve::Infantry);
    }
    // Step 7: the remaining 7 Tanks and 16 Infantry, mixed, one per pink hex, random strength.
    let mut to_deploy: Vec<UnitId> = tanks[n_tank_reserve..]
        .iter()
        .chain(&infantry[n_inf_reserve..])
        .copied()
        .collect();
    dice.shuffle(&mut to_deploy);
    let starts: Vec<_> = board
        .topo
        .ids()
        .filter(|h| board.hex(*h).soviet_start)
        .collect();
    for (u, h) in to_deploy.iter().zip(starts) {
        let face = dice.pick(4) as u8;
        st.units[u.0 as usize] = UnitState {
            loc: Location::Map(h),
            face,
            revealed: false,
        };
    }

    // Steps 8–9: German starting stacks at full strength.
    let germans: Vec<UnitId> = board
        .unit_ids()
        .filter(|u| {
            board.unit_side[u.0 as usize] == Side::German
                && board.unit(*u).kind != UnitKind::General
        })
        .collect();
    let in_game = |u: &UnitId| !board.unit(*u).axe;
    let mut placed: Vec<UnitId> = Vec::new();
    for (hex, list) in &board.data.setup.german_start {
        let Some(h) = board.hex_id(hex) else { continue };
        for su in list {
            let u = match su {
                StartUnit::Unit(k) => board.unit_by_key(k),
                StartUnit::RandomInfantry(army) => {
                    let pool: Vec<UnitId> = germans
                        .iter()
                        .copied()
                        .filter(in_game)
                        .filter(|u| {
                            let b = board.unit(*u);
                            b.kind == UnitKind::Infantry
                                && b.army == Some(*army)
                                && !placed.contains(u)
                                && !is_named_start(board, *u)
                        })
                        .collect();
                    (!pool.is_empty()).then(|| pool[dice.pick(pool.len())])
                }
            };
            if let Some(u) = u {
                placed.push(u);
                st.units[u.0 as usize] = UnitState {
                    loc: Location::Map(h),
                    face: 0,
                    revealed: false,
                };
            }
        }
    }
    // Step 10: the 30 others face down on the Reinforcement Table: 6 random White Infantry in
    // the last column (one per row), the other 24 at random in the other boxes.
    let rest: Vec<UnitId> = germans
        .iter()
        .copied()
        .filter(in_game)
        .filter(|u| !placed.contains(u))
        .collect();
    let mut whites: Vec<UnitId> = rest
        .iter()
        .copied()
        .filter(|u| {
            let b = board.unit(*u);
            b.kind == UnitKind::Infantry && b.army == Some(Army::White)
        })
        .collect();
    dice.shuffle(&mut whites);
    let last: Vec<UnitId> = whites
        .into_iter()
        .take(board.data.setup.white_last_column)
        .collect();
    let mut others: Vec<UnitId> = rest.iter().copied().filter(|u| !last.contains(u)).collect();
    dice.shuffle(&mut others);
    let per_row = board.data.setup.boxes_per_row.saturating_sub(1).max(1);
    for (i, u) in others.iter().enumerate() {
        let row = (i / per_row).min(5);
        st.table[row].push(*u);
    }
    for (row, u) in last.iter().enumerate() {
        st.table[row.min(5)].push(*u);
    }
    for (row, units) in st.table.iter().enumerate() {
        for u in units {
            st.units[u.0 as usize].loc = Location::Table(row as u8 + 1);
        }
    }

    // Decks (steps 11–12), with the variant's stacking of leader cards (§9.4.1–§9.4.3).
    let cards_of = |side: Side| -> Vec<CardId> {
        (0..board.cards.len())
            .map(|i| CardId(i as u8))
            .filter(|c| board.card(*c).side == side)
            .collect()
    };
    let find =
        |deck: &Vec<CardId>, e: CardEffect| deck.iter().position(|c| board.card(*c).effect == e);
    let mut gdeck = cards_of(Side::German);
    let mut sdeck = cards_of(Side::Soviet);
    dice.shuffle(&mut gdeck);
    dice.shuffle(&mut sdeck);
    // Decks are stored with the top card LAST (pop = draw).
    let mut german_start_leaders = Vec::new();
    match variant {
        Some(Level::Normal) => {
            for (deck, side_list) in [
                (&mut gdeck, Advantage::GERMAN),
                (&mut sdeck, Advantage::SOVIET),
            ] {
                let mut tops: Vec<CardId> = Vec::new();
                for a in side_list.iter().filter(|a| st.advantages.contains(a)) {
                    if let Some(e) = a.leader() {
                        if let Some(i) = find(deck, e) {
                            tops.push(deck.remove(i));
                        }
                    }
                }
                dice.shuffle(&mut tops);
                deck.extend(tops);
            }
        }
        Some(Level::GermanEasy) => {
            for e in [
                CardEffect::Paulus,
                CardEffect::Hoth,
                CardEffect::VonRichthofen,
            ] {
                if let Some(i) = find(&gdeck, e) {
                    german_start_leaders.push(gdeck.remove(i));
                }
            }
            if let Some(i) = find(&gdeck, CardEffect::Okh) {
                let c = gdeck.remove(i);
                gdeck.insert(0, c); // bottom: the last card drawn
            }
            if let Some(i) = find(&gdeck, CardEffect::Linden) {
                let c = gdeck.remove(i);
                gdeck.push(c); // top: the first card drawn
            }
        }
        Some(Level::SovietEasy) | Some(Level::GermanImpossible) => {
            let mut tops = Vec::new();
            for e in [
                CardEffect::Chuikov,
                CardEffect::Zaytsev,
                CardEffect::Khrushchev,
            ] {
                if let Some(i) = find(&sdeck, e) {
                    tops.push(sdeck.remove(i));
                }
            }
            dice.shuffle(&mut tops);
            sdeck.extend(tops);
        }
        None => {}
    }
    if variant == Some(Level::GermanImpossible) {
        // §9.4.9: fortification discs on 4, 21, 28 (brown) and 26, 32 (red).
        for (i, h) in board.hexes.iter().enumerate() {
            st.fortified[i] = h.fortification.is_some();
        }
    }
    st.german_deck = gdeck;
    st.soviet_deck = sdeck;
    st.leaders_in_play.extend(german_start_leaders);
    st.dice = dice;
    // Step 11: the German draws three cards; a Leader drawn goes into play at once.
    let mut ev = Vec::new();
    crate::rules::draw_german(
        board,
        &mut st,
        board.data.setup.german_opening_hand,
        &mut ev,
    );
    // 6th Panzer Division advantage: Raus and the axe units wait for row 6 (§9.4.5); they are
    // already aside. Otherwise they stay aside for the whole game.
    st
}

fn is_named_start(board: &Board, u: UnitId) -> bool {
    let key = &board.unit(u).id;
    board.data.setup.german_start.iter().any(|(_, l)| {
        l.iter()
            .any(|s| matches!(s, StartUnit::Unit(k) if k == key))
    })
}
