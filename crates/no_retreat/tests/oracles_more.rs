//! The spec's test oracles (`shared/rules/no-retreat.md` §11) that no other test file checked,
//! each named after its oracle number and rule, and the index check: every oracle 1–72 is named
//! by a `/// Oracle N (rule): …` doc comment on some test in this folder (the table is in
//! `docs/no_retreat.md`, "Test oracles and worked examples → tests").

use eastfront_kernel::{Game, Seat, Side, SpaceId};
use eastfront_no_retreat::board::{Board, BorderKind};
use eastfront_no_retreat::combat::*;
use eastfront_no_retreat::data::{Nation, ScenarioData, Sea, TurnEvent, UnitType};
use eastfront_no_retreat::declare::marker_pool;
use eastfront_no_retreat::movement::*;
use eastfront_no_retreat::reorg::{embark_cost, unload_spaces, Embark};
use eastfront_no_retreat::state::*;
use eastfront_no_retreat::supply::*;
use eastfront_no_retreat::weather::{movement_cap, turn_weather};
use eastfront_no_retreat::{Action, EventKind, NoRetreat, Options};

const AXIS: Seat = Seat(0);
const SOVIET: Seat = Seat(1);

fn idx(g: &NoRetreat, id: &str) -> usize {
    g.board
        .data
        .units
        .units
        .iter()
        .position(|u| u.id == id)
        .unwrap_or_else(|| panic!("no unit {id}"))
}

fn place(g: &NoRetreat, key: &str) -> SpaceId {
    g.board
        .place(key)
        .unwrap_or_else(|| panic!("no place {key}"))
}

/// The campaign's state with every unit off the map, no cards in hand, at this phase.
fn blank(g: &NoRetreat, turn: u8, side: Side, step: Step) -> State {
    let mut st = g.setup("campaign", &Options::default(), 17).unwrap();
    for u in st.units.iter_mut() {
        u.loc = Loc::OutOfGame;
        u.reduced = false;
    }
    st.pending.clear();
    st.hands = [vec![], vec![]];
    st.turn = turn;
    st.phase = Phase::Player { side, step };
    st.scratch = Scratch::default();
    st
}

fn put(g: &NoRetreat, st: &mut State, unit: &str, at: &str, reduced: bool) -> usize {
    let u = idx(g, unit);
    st.units[u].loc = Loc::Map(place(g, at));
    st.units[u].reduced = reduced;
    u
}

fn act(g: &NoRetreat, st: &mut State, seat: Seat, a: Action) -> Vec<eastfront_no_retreat::Event> {
    g.apply(st, seat, &a)
        .unwrap_or_else(|e| panic!("{a:?}: {e} LEGAL {:?}", g.legal_actions(st, seat)))
}

/// Units of `names` on every space around `at`.
fn ring(g: &NoRetreat, st: &mut State, at: &str, names: &[&str]) -> Vec<usize> {
    let around: Vec<SpaceId> = g.board.borders(place(g, at)).iter().map(|b| b.to).collect();
    let mut out = Vec::new();
    for (n, h) in names.iter().zip(&around) {
        let u = idx(g, n);
        st.units[u].loc = Loc::Map(*h);
        out.push(u);
    }
    out
}

const AXIS_RING: [&str; 6] = ["ge_4a", "ge_6a", "ge_9a", "ge_11a", "ge_16a", "ge_17a"];
const SOVIET_RING: [&str; 6] = [
    "so_west",
    "so_south",
    "so_kalinin",
    "so_volkhov",
    "so_northwest",
    "so_bryansk",
];

fn piece(side: Side, at: SpaceId) -> Piece {
    Piece {
        unit: 0,
        side,
        at,
        zoc_face: true,
        unsupplied: false,
        nation: if side == Side::German {
            Nation::German
        } else {
            Nation::Soviet
        },
    }
}

/// Pieces of `side` on every land space around `at`.
fn ring_pieces(b: &Board, side: Side, at: SpaceId) -> Vec<Piece> {
    b.borders(at)
        .iter()
        .map(|x| x.to)
        .filter(|s| b.hex(*s).is_some() && !b.is_lake(*s))
        .map(|s| piece(side, s))
        .collect()
}

/// Oracle 10 (6.2): a Soviet unit in a Baltic coastal hex draws on the sea only while Leningrad is Soviet and supplied; an Axis unit there always does.
#[test]
fn o10_r6_2_baltic_sea_supply_needs_a_soviet_supplied_leningrad() {
    let b = Board::standard();
    let coast = b.place("-8,4").unwrap();
    assert_eq!(b.hex(coast).unwrap().sea, Some(Sea::Baltic));
    let len = b.place("Leningrad").unwrap();
    let status = |pieces: Vec<Piece>, control: Vec<Option<Side>>| {
        let pos = Position { pieces, control };
        let s = Supply::new(&b, &pos);
        (
            s.status(&pos.pieces[0]),
            s.supplied_friendly_city(Side::Soviet, len),
        )
    };
    // A Soviet unit cut off on the coast by Axis units all around it.
    let mut cut = vec![piece(Side::Soviet, coast)];
    cut.extend(ring_pieces(&b, Side::German, coast));
    let control = initial_control(&b, &[]);
    assert_eq!(
        status(cut.clone(), control.clone()),
        (SupplyStatus::Alternative, true),
        "Leningrad Soviet and supplied"
    );
    // Leningrad in Axis hands: no sea supply.
    let mut axis_len = control.clone();
    axis_len[len.index()] = Some(Side::German);
    assert_eq!(
        status(cut.clone(), axis_len).0,
        SupplyStatus::Unsupplied,
        "Leningrad Axis"
    );
    // Leningrad Soviet but cut off itself (Axis units all around it): no sea supply.
    let mut both = cut.clone();
    both.extend(ring_pieces(&b, Side::German, len));
    assert_eq!(
        status(both, control.clone()),
        (SupplyStatus::Unsupplied, false),
        "Leningrad unsupplied"
    );
    // An Axis unit cut off in the same hex: always supplied by the sea, even with Leningrad
    // Soviet.
    let mut axis = vec![piece(Side::German, coast)];
    axis.extend(ring_pieces(&b, Side::Soviet, coast));
    assert_eq!(status(axis, control).0, SupplyStatus::Alternative);
}

/// Oracle 11 (6.2): a unit in a Sea of Azov coastal hex gets no sea supply.
#[test]
fn o11_r6_2_no_sea_supply_on_the_sea_of_azov() {
    for side in [Side::German, Side::Soviet] {
        assert!(!Sea::Azov.supplies(side, true), "{side:?}");
        assert!(Sea::Black.supplies(side, true), "{side:?}");
    }
    // A German unit cut off deep in Russia (oracle 8's hex): on an Azov shore it stays
    // unsupplied; were the shore the Black Sea's it would be supplied.
    let with_sea = |sea: Sea| {
        let mut d = ScenarioData::builtin();
        let h = d.map.hexes.iter_mut().find(|h| h.at == (-1, 7)).unwrap();
        h.sea = Some(sea);
        let b = Board::new(d).unwrap();
        let at = b.place("-1,7").unwrap();
        let pos = Position {
            pieces: vec![piece(Side::German, at)],
            control: initial_control(&b, &[]),
        };
        let s = Supply::new(&b, &pos);
        s.status(&pos.pieces[0])
    };
    assert_eq!(with_sea(Sea::Azov), SupplyStatus::Unsupplied);
    assert_eq!(with_sea(Sea::Black), SupplyStatus::Alternative);
}

/// Oracle 12 (6.3): a supply path may cross a lake hex, but not an enemy-occupied hex, an enemy-controlled city, Finland or a Balkans area.
#[test]
fn o12_r6_3_what_blocks_a_supply_path() {
    let b = Board::standard();
    let sov = b.place("-2,8").unwrap();
    let pos = Position {
        pieces: vec![piece(Side::Soviet, sov)],
        control: initial_control(&b, &[]),
    };
    let s = Supply::new(&b, &pos);
    let p = |k: &str| b.place(k).unwrap();
    assert!(!s.blocked(Side::German, p("Lake Peipus")), "a lake hex");
    assert!(!s.blocked(Side::German, p("Lake Ladoga")), "a lake hex");
    assert!(s.blocked(Side::German, sov), "an enemy-occupied hex");
    assert!(s.blocked(Side::German, p("Minsk")), "a Soviet city");
    assert!(!s.blocked(Side::Soviet, p("Minsk")), "a friendly city");
    assert!(s.blocked(Side::Soviet, p("Warsaw")), "an Axis city");
    for area in ["Finland", "Western Balkans", "Southern Balkans"] {
        assert!(s.blocked(Side::German, p(area)), "{area}");
        assert!(s.blocked(Side::Soviet, p(area)), "{area}");
    }
    assert!(!s.blocked(Side::German, p("-4,5")), "an empty open hex");
}

/// Oracle 14 (6.4/6.5.3): the active player's units are checked first in the Supply phase; an active unit marked Unsupplied at once stops its ZOC blocking the passive player's supply paths.
#[test]
fn o14_r6_4_the_active_side_is_checked_first() {
    let b = Board::standard();
    // An Axis army cut off east of Leningrad, whose ZOC closes Leningrad's route east; a
    // Soviet unit in Leningrad.
    let pieces = vec![
        piece(Side::German, b.place("-7,11").unwrap()),
        piece(Side::Soviet, b.place("Leningrad").unwrap()),
    ];
    // The Axis player's Supply phase: the army is marked first, then Leningrad traces east.
    let mut pos = Position {
        pieces: pieces.clone(),
        control: initial_control(&b, &[]),
    };
    let st = supply_phase(&b, &mut pos, Side::German);
    assert_eq!(st[0], SupplyStatus::Unsupplied);
    assert_ne!(st[1], SupplyStatus::Unsupplied);
    assert!(pos.pieces[0].unsupplied && !pos.pieces[1].unsupplied);
    // The Soviet player's Supply phase: the Soviet unit is checked while the ZOC still blocks.
    let mut pos = Position {
        pieces,
        control: initial_control(&b, &[]),
    };
    let st = supply_phase(&b, &mut pos, Side::Soviet);
    assert_eq!(st, vec![SupplyStatus::Unsupplied, SupplyStatus::Unsupplied]);
    assert!(pos.pieces[0].unsupplied && pos.pieces[1].unsupplied);
}

/// Oracle 15 (6.5.2): an Unsupplied unit with printed MA 5 has MA 3 in clear weather and cannot embark on rail.
#[test]
fn o15_r6_5_2_unsupplied_ma_5_moves_3_and_cannot_embark() {
    assert_eq!(movement_cap(5, TurnWeather::Clear, false), 5);
    assert_eq!(movement_cap(5, TurnWeather::Clear, true), 3);
    let t = &ScenarioData::builtin().track;
    let e = Embark {
        side: Side::German,
        turn: 8,
        embarked_this_phase: 0,
        in_rail_box: 0,
        supplied: true,
        mobile: true,
    };
    assert_eq!(embark_cost(t, &e), Some(0));
    assert_eq!(
        embark_cost(
            t,
            &Embark {
                supplied: false,
                ..e
            }
        ),
        None
    );
}

/// Oracle 25 (8.3): a unit with MA ≥ 1 that has not moved may always enter one adjacent hex, even one costing more than its MA, but not EZOC to EZOC without a friendly unit there.
#[test]
fn o25_r8_3_one_hex_always_but_never_ezoc_to_ezoc() {
    let b = Board::standard();
    let tec = b.data.tables.tec.clone();
    let zones = |pieces: Vec<Piece>| {
        Zones::new(
            &b,
            &Position {
                pieces,
                control: initial_control(&b, &[]),
            },
        )
    };
    let p = |k: &str| b.place(k).unwrap();
    let armor = |at: SpaceId| Mover {
        side: Side::German,
        nation: Nation::German,
        armor: true,
        at,
    };
    let cost = |r: &[(SpaceId, u8)], to: SpaceId| r.iter().find(|x| x.0 == to).map(|x| x.1);
    // An armor unit with 1 MP enters the adjacent marsh (4 MP for armor).
    let r = reachable(
        &b,
        &tec,
        &zones(vec![]),
        &armor(p("-1,-1")),
        1,
        Access::default(),
    );
    assert_eq!(cost(&r, p("-1,0")), Some(4));
    // E3's hexes: the 4th Panzer at (-3,7) and the forest (-4,7) both in the Kalinin Front's
    // ZOC. With 1 MP: not into the empty EZOC forest.
    let kal = piece(Side::Soviet, p("-4,8"));
    let pz = piece(Side::German, p("-3,7"));
    let z = zones(vec![kal.clone(), pz.clone()]);
    assert!(z.in_ezoc(Side::German, p("-3,7")) && z.in_ezoc(Side::German, p("-4,7")));
    let r = reachable(&b, &tec, &z, &armor(p("-3,7")), 1, Access::default());
    assert_eq!(cost(&r, p("-4,7")), None);
    // With a friendly unit in the forest: the one-hex move, 3 MP, is legal.
    let z = zones(vec![kal, pz, piece(Side::German, p("-4,7"))]);
    let r = reachable(&b, &tec, &z, &armor(p("-3,7")), 1, Access::default());
    assert_eq!(cost(&r, p("-4,7")), Some(3));
}

/// Oracle 32 (9.2): a unit unloaded onto a non-city hex must be within 3 hexes of a supplied friendly city or friendly edge, by a land route not ending at a city captured this turn.
#[test]
fn o32_r9_2_unloading_within_three_hexes_not_from_a_city_captured_this_turn() {
    let b = Board::standard();
    let minsk = b.place("Minsk").unwrap();
    let pos = Position {
        pieces: vec![],
        control: initial_control(&b, &[("Minsk".into(), Side::German)]),
    };
    let s = Supply::new(&b, &pos);
    // Every Axis land source other than Minsk.
    let others: Vec<SpaceId> = (0..b.topo.len())
        .map(|i| SpaceId(i as u16))
        .filter(|x| *x != minsk && s.land_source(Side::German, *x))
        .collect();
    let far = |x: SpaceId, d: u32| others.iter().all(|o| b.topo.distance(*o, x) > Some(d));
    let three = b.place("-4,6").unwrap();
    let four = b.place("-4,7").unwrap();
    assert_eq!(b.topo.distance(minsk, three), Some(3));
    assert_eq!(b.topo.distance(minsk, four), Some(4));
    assert!(
        far(three, 3) && far(four, 4),
        "Minsk is the only source near"
    );
    let un = unload_spaces(&b, &s, Side::German, &[]);
    assert!(un.contains(&three), "3 hexes from Minsk");
    assert!(!un.contains(&four), "4 hexes from Minsk");
    // Minsk captured this turn: no route may end there.
    let un = unload_spaces(&b, &s, Side::German, &[minsk]);
    assert!(!un.contains(&three));
    // Every non-city hex offered is within 3 of a source.
    let all = unload_spaces(&b, &s, Side::German, &[]);
    for x in all {
        if b.hex(x).is_some_and(|h| h.city.is_none()) {
            assert!(
                (0..b.topo.len()).any(|i| {
                    let src = SpaceId(i as u16);
                    s.land_source(Side::German, src) && b.topo.distance(src, x) <= Some(3)
                }),
                "{}",
                b.name(x)
            );
        }
    }
}

/// Oracle 37 (10.3.4): no unit attacks twice in one Combat phase, and no hex is attacked twice.
#[test]
fn o37_r10_3_4_no_unit_and_no_hex_fights_twice() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 8, Side::German, Step::Movement);
    st.weather = TurnWeather::Mud;
    let nine = put(&g, &mut st, "ge_9a", "-2,5", false);
    let four = put(&g, &mut st, "ge_4a", "-3,7", false);
    put(&g, &mut st, "so_west", "-1,5", true);
    put(&g, &mut st, "so_south", "-2,6", true);
    let (hx, hy) = (place(&g, "-1,5"), place(&g, "-2,6"));
    // 4 vs 4 in mud: 1:1, die 3: no effect.
    st.dice.script(&[3]).unwrap();
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, AXIS, Action::Target { hex: hx });
    act(&g, &mut st, AXIS, Action::Target { hex: hy });
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, SOVIET, Action::End);
    // Before the first battle the 9th Army may fight for either hex.
    let before = g.legal_actions(&st, AXIS);
    assert!(before.contains(&Action::Attack {
        targets: vec![hy],
        units: vec![nine],
        support: false
    }));
    act(
        &g,
        &mut st,
        AXIS,
        Action::Attack {
            targets: vec![hx],
            units: vec![nine],
            support: false,
        },
    );
    let after = g.legal_actions(&st, AXIS);
    assert!(after.contains(&Action::Attack {
        targets: vec![hy],
        units: vec![four],
        support: false
    }));
    for a in &after {
        if let Action::Attack { targets, units, .. } = a {
            assert!(!units.contains(&nine), "the 9th fought already: {a:?}");
            assert!(!targets.contains(&hx), "(-1,5) was attacked: {a:?}");
        }
    }
}

/// Oracle 49 (10.7.2): after a CA the counterattack uses only the battle's units, roles reversed, with no terrain shifts, and the attacker's committed Blitz! is gone.
#[test]
fn o49_r10_7_2_the_counterattack_uses_the_battles_units_only() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 8, Side::German, Step::Movement);
    st.weather = TurnWeather::Mud;
    st.support = [1, 0];
    let a = put(&g, &mut st, "ge_9a", "-2,5", false);
    let d = put(&g, &mut st, "so_west", "-1,5", true);
    // A Soviet unit beside the 9th Army that is not in the battle.
    let other = put(&g, &mut st, "so_south", "-2,6", true);
    let hx = place(&g, "-1,5");
    // 4 vs 4 with Blitz!: 3:2, die 1: CA. The counterattack 4 vs 4: 1:1, die 3: CB.
    st.dice.script(&[1, 3]).unwrap();
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, AXIS, Action::Target { hex: hx });
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, SOVIET, Action::End);
    let ev = act(
        &g,
        &mut st,
        AXIS,
        Action::Attack {
            targets: vec![hx],
            units: vec![a],
            support: true,
        },
    );
    let first = ev.iter().find(|e| e.kind == EventKind::Battle).unwrap();
    assert!(first.public.ends_with("CA"), "{}", first.public);
    assert_eq!(st.support[0], 0, "the Blitz! marker is spent");
    let offered = g.legal_actions(&st, SOVIET);
    assert!(offered.contains(&Action::Counterattack {
        units: vec![d],
        support: false
    }));
    for x in &offered {
        if let Action::Counterattack { units, .. } = x {
            assert!(!units.contains(&other), "{x:?}");
        }
    }
    let ev = act(
        &g,
        &mut st,
        SOVIET,
        Action::Counterattack {
            units: vec![d],
            support: false,
        },
    );
    let ca = ev.iter().find(|e| e.kind == EventKind::Battle).unwrap();
    assert!(
        ca.public.starts_with("Soviet attacks") && ca.public.contains("4 vs 4, 1:1;"),
        "no Blitz!, no terrain: {}",
        ca.public
    );
}

/// Oracle 51 (10.8.1): an advancing unit stops on entering forest, marsh or mountain; crossing a river hexside does not stop it.
#[test]
fn o51_r10_8_1_a_river_does_not_stop_an_advance() {
    let b = Board::standard();
    let tec = b.data.tables.tec.clone();
    let clear = |s: SpaceId| {
        b.hex(s).is_some_and(|h| {
            h.terrain == eastfront_no_retreat::data::Terrain::Clear && h.city.is_none()
        })
    };
    let z = Zones::new(
        &b,
        &Position {
            pieces: vec![],
            control: initial_control(&b, &[]),
        },
    );
    // A clear vacated hex with a river hexside to a clear hex beyond, entered from an open side.
    let mut checked = 0;
    for i in 0..b.topo.len() {
        let vac = SpaceId(i as u16);
        if !clear(vac) {
            continue;
        }
        let Some(river) = b
            .borders(vac)
            .iter()
            .find(|x| x.kind == BorderKind::River && clear(x.to))
        else {
            continue;
        };
        let Some(from) = b
            .borders(vac)
            .iter()
            .find(|x| x.kind == BorderKind::Open && clear(x.to))
        else {
            continue;
        };
        let m = Mover {
            side: Side::German,
            nation: Nation::German,
            armor: true,
            at: from.to,
        };
        // A clear hex on past the river, two hexes from the vacated one.
        let beyond: Vec<SpaceId> = b
            .borders(river.to)
            .iter()
            .filter(|x| x.kind == BorderKind::Open && clear(x.to))
            .map(|x| x.to)
            .filter(|y| b.topo.distance(vac, *y) == Some(2))
            .collect();
        // Only through the river hex: the one hex next to both.
        let beyond: Vec<SpaceId> = beyond
            .into_iter()
            .filter(|y| {
                b.borders(vac)
                    .iter()
                    .filter(|x| b.topo.distance(x.to, *y) == Some(1))
                    .count()
                    == 1
            })
            .collect();
        if beyond.is_empty() {
            continue;
        }
        let ends = advance_ends(&b, &tec, &z, &m, vac, 3, Access::default());
        assert!(ends.contains(&river.to), "across the river");
        assert!(
            beyond.iter().all(|y| ends.contains(y)),
            "on past the river from {}",
            b.name(vac)
        );
        checked += 1;
        if checked == 5 {
            break;
        }
    }
    assert!(checked > 0, "the map has rivers between clear hexes");
}

/// Oracle 52 (10.8.2/13.5): a Soviet tank unit gets the 3rd-hex advance only from turn 11 and only in clear weather.
#[test]
fn o52_r10_8_2_soviet_tanks_advance_a_third_hex_from_turn_11_in_clear() {
    let g = NoRetreat::new();
    // The engine reads the turn from the Turn Track's event.
    let first = g
        .board
        .data
        .track
        .turns
        .iter()
        .find(|t| t.events.contains(&TurnEvent::SovietTankAdvance))
        .map(|t| t.turn);
    assert_eq!(first, Some(11));
    // A Soviet tank army that wins a DR on turn 10, then on turn 11, in clear weather.
    let hexes = |turn: u8, weather: TurnWeather| {
        let mut st = blank(&g, turn, Side::Soviet, Step::Movement);
        st.vp.initiative = Side::Soviet;
        st.weather = weather;
        let tank = put(&g, &mut st, "so_reserve", "-1,6", false);
        put(&g, &mut st, "ge_9a", "-1,5", true);
        let hx = place(&g, "-1,5");
        st.dice.script(&[6]).unwrap();
        act(&g, &mut st, SOVIET, Action::End);
        act(&g, &mut st, SOVIET, Action::Target { hex: hx });
        act(&g, &mut st, SOVIET, Action::End);
        act(&g, &mut st, AXIS, Action::End);
        act(
            &g,
            &mut st,
            SOVIET,
            Action::Attack {
                targets: vec![hx],
                units: vec![tank],
                support: false,
            },
        );
        while g.active(&st) == Some(AXIS) {
            let r = g.legal_actions(&st, AXIS)[0].clone();
            act(&g, &mut st, AXIS, r);
        }
        let ends: Vec<SpaceId> = g
            .legal_actions(&st, SOVIET)
            .iter()
            .filter_map(|a| match a {
                Action::Advance { unit, to } if *unit == tank => Some(*to),
                _ => None,
            })
            .collect();
        ends.iter()
            .filter_map(|e| g.board.topo.distance(hx, *e))
            .max()
    };
    assert_eq!(
        hexes(10, TurnWeather::Clear),
        Some(1),
        "2 hexes before turn 11"
    );
    assert_eq!(
        hexes(11, TurnWeather::Clear),
        Some(2),
        "3 hexes from turn 11"
    );
    assert_eq!(hexes(11, TurnWeather::Snow), Some(1), "not in snow");
}

/// Oracle 53 (11.1): in the Removal phase a two-step unit on its reduced face that still cannot trace supply goes to the Surrendered box.
#[test]
fn o53_r11_1_a_reduced_unit_still_cut_off_surrenders() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 8, Side::Soviet, Step::Movement);
    st.vp.initiative = Side::German;
    let a = put(&g, &mut st, "ge_4a", "-1,5", true);
    st.units[a].unsupplied = true;
    // A friendly cadre waits: 14.9.2 gives it no place after a loss for lack of supply.
    let kg = idx(&g, "ge_kg1");
    st.units[kg].loc = Loc::CadreAvailable;
    ring(&g, &mut st, "-1,5", &SOVIET_RING);
    for seat in [SOVIET, SOVIET, AXIS] {
        act(&g, &mut st, seat, Action::End);
    }
    assert_eq!(st.units[a].loc, Loc::Surrendered);
    assert_eq!(st.units[kg].loc, Loc::CadreAvailable);
    assert_eq!(st.vp.round, -1, "12.7.5: a Soviet VP (Axis initiative)");
}

/// Oracle 54 (12.7.5/12.8): a Soviet unit surrendering under Axis initiative adds +1 to the Axis round marker; replacing it later does not take the VP back.
#[test]
fn o54_r12_7_5_replacing_a_surrendered_unit_keeps_the_vp() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 3, Side::German, Step::Movement);
    let sov = put(&g, &mut st, "so_south", "-1,5", true);
    st.units[sov].unsupplied = true;
    ring(&g, &mut st, "-1,5", &AXIS_RING);
    let round = st.vp.round;
    for seat in [AXIS, AXIS, SOVIET] {
        act(&g, &mut st, seat, Action::End);
    }
    assert_eq!(st.units[sov].loc, Loc::Surrendered);
    assert_eq!(st.vp.round, round + 1);
    // Later, the Soviet replaces it (2 cards) in his Reorganization phase.
    st.phase = Phase::Player {
        side: Side::Soviet,
        step: Step::Reorganization,
    };
    st.scratch = Scratch::default();
    st.scratch.reorg = Some(ReorgStep::Place);
    st.pending.clear();
    st.hands[1] = vec![1, 2, 3];
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Replace {
            unit: sov,
            cards: vec![1, 2],
        },
    );
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Place {
            unit: sov,
            at: place(&g, "Moscow"),
        },
    );
    assert_eq!(st.units[sov].loc, Loc::Map(place(&g, "Moscow")));
    assert_eq!(st.vp.round, round + 1, "the VP stays");
}

/// Oracle 63 (14.9.2): a cadre may be placed only where a friendly non-cadre unit was just eliminated by an EX/DD step loss, not after an elimination for failure to retreat.
#[test]
fn o63_r14_9_2_cadres_come_only_after_a_step_loss() {
    let g = NoRetreat::new();
    let cadre_offered = |st: &State| {
        g.legal_actions(st, SOVIET)
            .iter()
            .any(|a| matches!(a, Action::PlaceCadre { cadre: Some(_) }))
    };
    // EX: 4 vs 4 in mud, 1:1, die 5. The one-step West Front is eliminated by the step loss.
    let mut st = blank(&g, 8, Side::German, Step::Movement);
    st.weather = TurnWeather::Mud;
    let ost = idx(&g, "so_ostatky1");
    st.units[ost].loc = Loc::CadreAvailable;
    let a = put(&g, &mut st, "ge_9a", "-2,5", false);
    let d = put(&g, &mut st, "so_west", "-1,5", true);
    let hx = place(&g, "-1,5");
    st.dice.script(&[5]).unwrap();
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, AXIS, Action::Target { hex: hx });
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, SOVIET, Action::End);
    act(
        &g,
        &mut st,
        AXIS,
        Action::Attack {
            targets: vec![hx],
            units: vec![a],
            support: false,
        },
    );
    assert_eq!(st.units[d].loc, Loc::Destroyed);
    assert!(cadre_offered(&st));
    act(&g, &mut st, SOVIET, Action::PlaceCadre { cadre: Some(ost) });
    assert_eq!(st.units[ost].loc, Loc::Map(hx));
    // A DR with no retreat path (Axis units all around): eliminated, but no cadre.
    let mut st = blank(&g, 8, Side::German, Step::Movement);
    st.weather = TurnWeather::Clear;
    st.units[ost].loc = Loc::CadreAvailable;
    let d = put(&g, &mut st, "so_west", "-1,5", true);
    let mut attackers = ring(&g, &mut st, "-1,5", &AXIS_RING);
    attackers.sort();
    // All six armies: 6:1 or 5:1, die 1: DR.
    st.dice.script(&[1]).unwrap();
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, AXIS, Action::Target { hex: hx });
    act(&g, &mut st, AXIS, Action::End);
    act(&g, &mut st, SOVIET, Action::End);
    let ev = act(
        &g,
        &mut st,
        AXIS,
        Action::Attack {
            targets: vec![hx],
            units: attackers,
            support: false,
        },
    );
    let battle = ev.iter().find(|e| e.kind == EventKind::Battle).unwrap();
    assert!(battle.public.ends_with("DR"), "{}", battle.public);
    assert!(matches!(st.units[d].loc, Loc::Destroyed | Loc::Surrendered));
    assert!(!cadre_offered(&st));
    assert_eq!(st.units[ost].loc, Loc::CadreAvailable);
}

/// Oracle 64 (14.2): an Italian, Romanian or Hungarian unit eliminated in combat goes to the Turn Track, and no VP is scored.
#[test]
fn o64_r14_2_axis_allies_go_to_the_turn_track_without_vp() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 8, Side::Soviet, Step::Movement);
    st.weather = TurnWeather::Clear;
    st.vp.initiative = Side::German;
    // A Romanian army, marked Unsupplied and surrounded: it cannot retreat.
    let ro = put(&g, &mut st, "ro_3", "-1,5", false);
    st.units[ro].unsupplied = true;
    let mut fronts = ring(&g, &mut st, "-1,5", &SOVIET_RING);
    fronts.sort();
    let hx = place(&g, "-1,5");
    st.dice.script(&[6]).unwrap();
    act(&g, &mut st, SOVIET, Action::End);
    act(&g, &mut st, SOVIET, Action::Target { hex: hx });
    act(&g, &mut st, SOVIET, Action::End);
    act(&g, &mut st, AXIS, Action::End);
    act(
        &g,
        &mut st,
        SOVIET,
        Action::Attack {
            targets: vec![hx],
            units: fronts,
            support: false,
        },
    );
    assert!(
        matches!(st.units[ro].loc, Loc::Track(t) if t > 8),
        "{:?}",
        st.units[ro].loc
    );
    assert_eq!(st.vp.round, 0, "no VP");
}

/// Oracle 67 (13.1): a snow turn right after a snow turn is extreme winter: Axis at most 3 Target markers, no armor shift, advance only into the vacated hex.
#[test]
fn o67_r13_1_extreme_winter() {
    use eastfront_no_retreat::data::Weather;
    let w = turn_weather(Weather::Snow, Some(Weather::Snow));
    assert_eq!(w, TurnWeather::ExtremeWinter);
    let t = &ScenarioData::builtin().track;
    assert_eq!(marker_pool(t, Side::German, 8, TurnWeather::Snow), 5);
    assert_eq!(marker_pool(t, Side::German, 8, w), 3);
    let tec = ScenarioData::builtin().tables.tec;
    let b = Battle {
        attacker: Side::German,
        kind: BattleKind::Voluntary,
        attackers: vec![AttackingUnit {
            kind: UnitType::Armor,
            strength: 8,
            supplied: true,
            ss: false,
            shock_front: false,
            finnish: false,
            across_river: false,
        }],
        defenders: vec![DefendingUnit {
            kind: UnitType::Infantry,
            strength: 4,
            unsupplied: false,
            ss: false,
        }],
        target: TargetHex {
            terrain: eastfront_no_retreat::data::Terrain::Clear,
            city: false,
            objective: false,
            oil: false,
            area: false,
        },
        weather: TurnWeather::Snow,
        double_winter_penalty: false,
        first_snow_turn: false,
        support: false,
        romania_surrendered: false,
        card_shifts: vec![],
    };
    let shifts = |b: &Battle| -> Vec<ShiftReason> {
        odds(b, &tec)
            .shifts
            .iter()
            .map(|s| s.reason.clone())
            .collect()
    };
    assert!(shifts(&b).contains(&ShiftReason::ArmorBonus), "snow: yes");
    let ew = Battle { weather: w, ..b };
    assert!(
        !shifts(&ew).contains(&ShiftReason::ArmorBonus),
        "extreme winter: no"
    );
    assert_eq!(advance_limit(TurnWeather::Snow, false, true), 2);
    assert_eq!(advance_limit(w, false, true), 1);
}

/// Oracle 72 (13.5 Oil): from the turn after the Soviets first control the Romanian oil fields, non-SS Panzers lose the 10.6.3 shift and the 10.8.2 advance bonus.
#[test]
fn o72_r13_5_after_ploesti_non_ss_panzers_lose_their_bonuses() {
    let g = NoRetreat::new();
    // The 3rd Panzer Army and an infantry army against the West Front on a clear hex, turn 16.
    let fight = |ploesti: Option<u8>, panzer: &str| {
        let mut st = blank(&g, 16, Side::German, Step::Movement);
        st.weather = TurnWeather::Clear;
        st.vp.initiative = Side::Soviet;
        st.triggers.ploesti = ploesti;
        let pz = put(&g, &mut st, panzer, "-2,5", false);
        let inf = put(&g, &mut st, "ge_9a", "-1,4", false);
        put(&g, &mut st, "so_west", "-1,5", true);
        let hx = place(&g, "-1,5");
        st.dice.script(&[6]).unwrap();
        act(&g, &mut st, AXIS, Action::End);
        act(&g, &mut st, AXIS, Action::Target { hex: hx });
        act(&g, &mut st, AXIS, Action::End);
        act(&g, &mut st, SOVIET, Action::End);
        let ev = act(
            &g,
            &mut st,
            AXIS,
            Action::Attack {
                targets: vec![hx],
                units: if pz < inf {
                    vec![pz, inf]
                } else {
                    vec![inf, pz]
                },
                support: false,
            },
        );
        let battle = ev
            .iter()
            .find(|e| e.kind == EventKind::Battle)
            .unwrap()
            .public
            .clone();
        while g.active(&st) == Some(SOVIET) {
            let r = g.legal_actions(&st, SOVIET)[0].clone();
            act(&g, &mut st, SOVIET, r);
        }
        let far = g
            .legal_actions(&st, AXIS)
            .iter()
            .filter_map(|a| match a {
                Action::Advance { unit, to } if *unit == pz => g.board.topo.distance(hx, *to),
                _ => None,
            })
            .max();
        (battle.contains("armor"), far)
    };
    // Ploesti fell this turn: the bonuses hold until next turn.
    assert_eq!(fight(Some(16), "ge_3pz"), (true, Some(2)));
    // It fell last turn: no shift, no third hex for a non-SS Panzer; the SS keep both (14.5).
    assert_eq!(fight(Some(15), "ge_3pz"), (false, Some(1)));
    assert_eq!(fight(Some(15), "ge_sspz").1, Some(2));
}

/// Oracle 40 (10.6.2): Blitz! is offered to the attacker only with a marker left, and not for an attack made only by Unsupplied units.
#[test]
fn o40_r10_6_2_blitz_only_with_a_marker_and_a_supplied_attacker() {
    let g = NoRetreat::new();
    let offered = |support: u8, unsupplied: bool| {
        let mut st = blank(&g, 8, Side::German, Step::Movement);
        st.weather = TurnWeather::Mud;
        st.support = [support, 1];
        let a = put(&g, &mut st, "ge_9a", "-2,5", false);
        st.units[a].unsupplied = unsupplied;
        put(&g, &mut st, "so_west", "-1,5", true);
        let hx = place(&g, "-1,5");
        act(&g, &mut st, AXIS, Action::End);
        act(&g, &mut st, AXIS, Action::Target { hex: hx });
        act(&g, &mut st, AXIS, Action::End);
        act(&g, &mut st, SOVIET, Action::End);
        let acts = g.legal_actions(&st, AXIS);
        assert!(acts.contains(&Action::Attack {
            targets: vec![hx],
            units: vec![a],
            support: false
        }));
        acts.contains(&Action::Attack {
            targets: vec![hx],
            units: vec![a],
            support: true,
        })
    };
    assert!(offered(1, false));
    assert!(!offered(0, false), "no marker left");
    assert!(!offered(1, true), "only Unsupplied attackers");
}

/// Worked example E6 (10.1.2, counterblows): in the Soviet turn a white-strength unit (the Leningrad Front) may attack the Axis counterblow-marked hex.
#[test]
fn e6_r10_1_2_white_strength_units_answer_a_counterblow() {
    let g = NoRetreat::new();
    let mut st = blank(&g, 8, Side::Soviet, Step::Movement);
    let nine = place(&g, "-9,10");
    put(&g, &mut st, "ge_9a", "-9,10", false);
    let len = put(&g, &mut st, "so_leningrad", "Leningrad", false);
    assert!(g.board.data.units.units[len].face(false).white);
    st.cb_markers = vec![(nine, Side::German)];
    act(&g, &mut st, SOVIET, Action::End);
    // No voluntary Target there (a counterblow hex; white units never attack voluntarily).
    assert!(!g
        .legal_actions(&st, SOVIET)
        .contains(&Action::Target { hex: nine }));
    act(&g, &mut st, SOVIET, Action::End);
    act(&g, &mut st, AXIS, Action::End);
    assert!(g.legal_actions(&st, SOVIET).contains(&Action::Attack {
        targets: vec![nine],
        units: vec![len],
        support: false
    }));
}

/// Every oracle of the spec's §11 is named by a doc comment on a test in this folder.
#[test]
fn every_oracle_1_to_72_names_a_test() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut text = String::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            text.push_str(&std::fs::read_to_string(&path).unwrap());
        }
    }
    let missing: Vec<u32> = (1..=72)
        .filter(|n| !text.contains(&format!("/// Oracle {n} (")))
        .collect();
    assert!(
        missing.is_empty(),
        "oracles with no named test: {missing:?}"
    );
    for e in 1..=13 {
        assert!(
            text.contains(&format!("/// Worked example E{e} (")),
            "worked example E{e} names no test"
        );
    }
}
