//! The later scenarios of the Scenario Book (SB §3.0, evidence §6; reconstructed set-ups,
//! SOURCES.md "Scenarios"): B. Fall Blau, C. Operation Saturn, D. Citadel and E. Operation
//! Bagration set up legally, start on the
//! right turn with the right side, end on their last turn with the SB's no-tie rule, and are
//! listed with the other scenarios (the app's menu and `eastfront selfplay` read that list).

use eastfront_kernel::{Game, Side};
use eastfront_no_retreat::board::Board;
use eastfront_no_retreat::state::{Loc, Pending, Phase, State, Step};
use eastfront_no_retreat::supply::{Supply, SupplyStatus};
use eastfront_no_retreat::turn::{position, turn_management};
use eastfront_no_retreat::vp::score;
use eastfront_no_retreat::{NoRetreat, Options};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

fn unit(b: &Board, id: &str) -> usize {
    b.data.units.units.iter().position(|u| u.id == id).unwrap()
}

/// 8.4.1 stacking, no enemies in one hex, no unit on a lake, and every unit on the map in
/// supply (6.0: a set-up puts no unit out of supply; the Finns by 14.1).
fn assert_legal_setup(g: &NoRetreat, st: &State) {
    let b = &g.board;
    let mut at: HashMap<u16, Vec<usize>> = HashMap::new();
    for (i, s) in st.on_map() {
        assert!(!b.is_lake(s), "{} on a lake", b.data.units.units[i].id);
        at.entry(s.0).or_default().push(i);
    }
    for units in at.values() {
        let side = b.data.units.units[units[0]].side;
        assert!(units.iter().all(|i| b.data.units.units[*i].side == side));
        let limit = eastfront_no_retreat::losses::stacking_limit(&b.data.track, side, st.turn);
        assert!(units.len() <= limit, "over-stacked: {units:?}");
    }
    let pos = position(b, st);
    let supply = Supply::new(b, &pos);
    let out: Vec<&str> = pos
        .pieces
        .iter()
        .filter(|p| supply.status(p) == SupplyStatus::Unsupplied)
        .map(|p| b.data.units.units[p.unit].id.as_str())
        .collect();
    assert!(out.is_empty(), "out of supply at the start: {out:?}");
}

#[test]
fn sb_c_saturn_starts_with_the_soviet_player_turn_of_turn_10() {
    let g = NoRetreat::new();
    let b = &g.board;
    let options = Options {
        joker: true,
        ..Options::default()
    };
    let st = g.setup("saturn", &options, 10).unwrap();
    assert_eq!(st.turn, 10);
    assert_eq!(st.last_turn, 12);
    // SB: the Soviet player turn of turn 10 (LP U65); the Axis first discards the El Alamein
    // card from its hand of 4 (13.4 [EXT], LP U65), then the Soviet Card phase runs.
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::Soviet,
            step: Step::Card
        }
    );
    assert_eq!(
        st.pending,
        vec![Pending::Discard {
            side: Side::German,
            count: 1
        }]
    );
    assert_eq!(st.axis_discards_due, 0);
    // 15.7, SB: the Soviet holds the Joker, so he has the initiative (12.9).
    assert_eq!(st.vp.initiative, Side::Soviet);
    assert_eq!(st.joker, Some(Side::Soviet));
    assert!(st.hand(Side::Soviet).contains(&st.joker_card.unwrap()));
    // 10.6.2 [EXT]: the first-winter Shock! bonus is past.
    assert_eq!(st.first_snow_turn, Some(5));
    assert_legal_setup(&g, &st);
    // 12.7, 12.8: 11 Greater Germany and Romania hexes plus 15 conquests for the Axis; the
    // Soviets 8; the round marker at 0 (SB A set-up).
    assert_eq!(st.vp.round, 0);
    assert_eq!(score(b, &st.control, &st.vp, Side::German), 26);
    assert_eq!(score(b, &st.control, &st.vp, Side::Soviet), 8);
    // The historical sides of the cities (geography §3.2): Stalingrad and Voronezh Axis,
    // Leningrad and Moscow Soviet.
    for (city, side) in [
        ("Stalingrad", Side::German),
        ("Voronezh", Side::German),
        ("Rostov", Side::German),
        ("Leningrad", Side::Soviet),
        ("Moscow", Side::Soviet),
    ] {
        assert_eq!(
            st.control[b.place(city).unwrap().index()],
            Some(side),
            "{city}"
        );
    }
    // Units: the losses of 1942 in their boxes, the 1943 arrivals on the Turn Track (7.8),
    // the cadres that came in before turn 10 in the Cadre Available box (14.9.1).
    assert_eq!(st.units[unit(b, "so_crimean")].loc, Loc::Destroyed);
    assert_eq!(st.units[unit(b, "so_sevastopol")].loc, Loc::Surrendered);
    assert_eq!(st.units[unit(b, "ge_sspz")].loc, Loc::Track(11));
    assert_eq!(st.units[unit(b, "so_kursk")].loc, Loc::Track(12));
    assert_eq!(st.units[unit(b, "so_steppe")].loc, Loc::Track(13));
    assert_eq!(st.units[unit(b, "ge_kg2")].loc, Loc::CadreAvailable);
    assert_eq!(st.units[unit(b, "so_ostatky2")].loc, Loc::CadreAvailable);
    assert!(
        matches!(st.units[unit(b, "ge_6a")].loc, Loc::Map(s) if Some(s) == b.place("Stalingrad"))
    );
}

#[test]
fn sb_d_citadel_starts_with_the_axis_player_turn_of_turn_14() {
    let g = NoRetreat::new();
    let b = &g.board;
    let options = Options {
        joker: true,
        ..Options::default()
    };
    let st = g.setup("citadel", &options, 14).unwrap();
    assert_eq!(st.turn, 14);
    assert_eq!(st.last_turn, 16);
    // SB: the Axis holds the Joker in D, so it has the initiative (15.7), though the
    // campaign's passes on turn 12 (12.10). Scenario A's opening: 6 drawn, 4 kept (LP U1).
    assert_eq!(st.vp.initiative, Side::German);
    assert_eq!(st.joker, Some(Side::German));
    assert!(matches!(
        st.phase,
        Phase::Player {
            side: Side::German,
            ..
        }
    ));
    assert_eq!(
        st.pending,
        vec![Pending::Discard {
            side: Side::German,
            count: 2
        }]
    );
    assert_legal_setup(&g, &st);
    assert_eq!(score(b, &st.control, &st.vp, Side::German), 22);
    assert_eq!(score(b, &st.control, &st.vp, Side::Soviet), 12);
    for (city, side) in [
        ("Kharkov", Side::German),
        ("Smolensk", Side::German),
        ("Stalingrad", Side::Soviet),
        ("Rostov", Side::Soviet),
        ("Voronezh", Side::Soviet),
    ] {
        assert_eq!(
            st.control[b.place(city).unwrap().index()],
            Some(side),
            "{city}"
        );
    }
    // 7.8: every reinforcement up to turn 13 is in play; none waits on the Track but the
    // 1945 units.
    assert!(matches!(st.units[unit(b, "so_steppe")].loc, Loc::Map(_)));
    assert!(matches!(st.units[unit(b, "ge_sspz")].loc, Loc::Map(_)));
    assert_eq!(st.units[unit(b, "ge_berlin")].loc, Loc::Track(23));
    // 13.5: the Italian 8th Army is still here; it leaves on turn 15.
    assert!(matches!(st.units[unit(b, "it_8")].loc, Loc::Map(_)));
}

/// Turn Management after the last turn decides a scenario (12.6; SB: no ties).
fn end_of(g: &NoRetreat, scenario: &str, change: &[(&str, Side)]) -> eastfront_kernel::Outcome {
    let b = &g.board;
    let mut st = g.setup(scenario, &Options::default(), 3).unwrap();
    st.pending.clear();
    st.turn = st.last_turn;
    for (city, side) in change {
        st.control[b.place(city).unwrap().index()] = Some(*side);
    }
    turn_management(b, &mut st, true);
    assert_eq!(st.phase, Phase::Over);
    st.outcome.unwrap()
}

/// The scenario's end with `won`: `winner` wins; with `lost`: the other player does (SB: no
/// ties). Both outcomes, for the reasons.
fn won_then_lost(
    g: &NoRetreat,
    scenario: &str,
    won: &[(&str, Side)],
    lost: &[(&str, Side)],
    winner: Side,
) -> (eastfront_kernel::Outcome, eastfront_kernel::Outcome) {
    let w = end_of(g, scenario, won);
    assert_eq!(w.winner, Some(winner), "{}", w.reason);
    let l = end_of(g, scenario, lost);
    assert_eq!(l.winner, Some(winner.other()), "{}", l.reason);
    (w, l)
}

#[test]
fn sb_c_saturn_is_won_by_the_soviets_with_12_vp_after_turn_12() {
    let g = NoRetreat::new();
    // The historical winter: Stalingrad, Voronezh, Rostov and the Caucasus oil retaken.
    let history = [
        ("Stalingrad", Side::Soviet),
        ("Voronezh", Side::Soviet),
        ("Rostov", Side::Soviet),
        ("Caucasus oil fields", Side::Soviet),
    ];
    // One city short: the initiative player did not win, so the Axis does.
    let (w, l) = won_then_lost(&g, "saturn", &history, &history[..3], Side::Soviet);
    assert!(w.reason.contains("12 VP"), "{}", w.reason);
    assert!(l.reason.contains("no ties"), "{}", l.reason);
}

#[test]
fn sb_d_citadel_is_won_by_the_axis_with_16_vp_after_turn_16() {
    let g = NoRetreat::new();
    // The historical end of 1943: Kharkov, Smolensk, Stalino, Novorossiysk, Dnepropetrovsk
    // and Kiev lost: 16 VP, the Axis wins.
    let history = [
        ("Kharkov", Side::Soviet),
        ("Smolensk", Side::Soviet),
        ("Stalino", Side::Soviet),
        ("Novorossiysk", Side::Soviet),
        ("Dnepropetrovsk", Side::Soviet),
        ("Kiev", Side::Soviet),
        ("Odessa", Side::Soviet),
    ];
    // Odessa lost as well: the Soviets win.
    won_then_lost(&g, "citadel", &history[..6], &history, Side::German);
}

#[test]
fn sb_b_fall_blau_starts_with_the_axis_player_turn_of_turn_7() {
    let g = NoRetreat::new();
    let b = &g.board;
    let st = g.setup("fall_blau", &Options::default(), 7).unwrap();
    assert_eq!((st.turn, st.last_turn), (7, 10));
    // SB: the Axis holds the Joker in B (initiative, 15.7); scenario A's opening procedure.
    assert_eq!(st.vp.initiative, Side::German);
    assert_eq!(
        st.phase,
        Phase::Player {
            side: Side::German,
            step: Step::Movement
        }
    );
    // 6 drawn, 4 kept (LP U1, U2), and Midway's discard (13.4 [EXT], LP U42) joins the
    // opening one, as the Axis Card phase of turn 7 is skipped.
    assert_eq!(
        st.pending,
        vec![Pending::Discard {
            side: Side::German,
            count: 3
        }]
    );
    assert_eq!(st.axis_discards_due, 0);
    assert_legal_setup(&g, &st);
    // 12.7: 11 + 9 conquests of 1941 for the Axis (LP U42 saw 21 on turn 7 with one more
    // city); the Soviets 14.
    assert_eq!(score(b, &st.control, &st.vp, Side::German), 20);
    assert_eq!(score(b, &st.control, &st.vp, Side::Soviet), 14);
    for (city, side) in [
        ("Kharkov", Side::German),
        ("Stalino", Side::German),
        ("Sevastopol", Side::Soviet),
        ("Rostov", Side::Soviet),
        ("Voronezh", Side::Soviet),
    ] {
        assert_eq!(
            st.control[b.place(city).unwrap().index()],
            Some(side),
            "{city}"
        );
    }
    // 7.8: the North Caucasus Front arrives on turn 7 (placed in the Soviet Reorganization
    // phase); the 1942 allies and Fronts later.
    assert_eq!(st.units[unit(b, "so_ncaucasus")].loc, Loc::Arriving);
    assert_eq!(st.units[unit(b, "it_8")].loc, Loc::Track(8));
    assert_eq!(st.units[unit(b, "so_don")].loc, Loc::Track(9));
    assert_eq!(st.units[unit(b, "ge_lw")].loc, Loc::Track(10));
    assert_eq!(st.units[unit(b, "ge_kg1")].loc, Loc::CadreAvailable);
}

#[test]
fn sb_b_fall_blau_is_won_by_the_axis_with_26_vp_after_turn_10() {
    let g = NoRetreat::new();
    // The historical end of 1942: Sevastopol, Voronezh, Rostov, Novorossiysk, the Caucasus
    // oil and Stalingrad in Axis hands: 26.
    let history = [
        ("Sevastopol", Side::German),
        ("Voronezh", Side::German),
        ("Rostov", Side::German),
        ("Novorossiysk", Side::German),
        ("Caucasus oil fields", Side::German),
        ("Stalingrad", Side::German),
    ];
    // Stalingrad not taken: the Soviets win.
    won_then_lost(&g, "fall_blau", &history, &history[..5], Side::German);
}

#[test]
fn the_later_scenarios_are_listed_for_the_menu_and_selfplay() {
    let g = NoRetreat::new();
    let ids: Vec<String> = g.scenarios().into_iter().map(|s| s.id).collect();
    for id in [
        "campaign",
        "barbarossa",
        "fall_blau",
        "saturn",
        "citadel",
        "bagration",
    ] {
        assert!(ids.iter().any(|x| x == id), "{id} in {ids:?}");
    }
    // The menu's brief tells the player the set-up is reconstructed.
    for s in g.scenarios() {
        if ["fall_blau", "saturn", "citadel", "bagration"].contains(&s.id.as_str()) {
            assert!(s.brief.contains("reconstructed"), "{}", s.brief);
        }
    }
}

fn random_game(g: &NoRetreat, scenario: &str, seed: u64) -> State {
    let mut st = g.setup(scenario, &Options::default(), seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..200_000 {
        let Some(seat) = g.active(&st) else { return st };
        let acts = g.legal_actions(&st, seat);
        assert!(!acts.is_empty(), "no legal action at {:?}", st.phase);
        let a = acts[rng.random_range(0..acts.len())].clone();
        g.apply(&mut st, seat, &a).unwrap_or_else(|e| panic!("{e}"));
    }
    panic!("{scenario} game {seed} did not end (turn {})", st.turn);
}

#[test]
fn random_later_scenario_games_end_on_their_last_turn() {
    let g = NoRetreat::new();
    for (scenario, last, name) in [
        ("fall_blau", 10, "B. Fall Blau"),
        ("saturn", 12, "C. Operation Saturn"),
        ("citadel", 16, "D. Citadel"),
        ("bagration", 21, "E. Operation Bagration"),
    ] {
        for seed in [1, 2] {
            let st = random_game(&g, scenario, seed);
            let o = st.outcome.clone().expect("a result");
            assert!(o.winner.is_some());
            // Decided by the scenario's conditions at its end, not by sudden death.
            assert_eq!(st.turn, last, "{scenario} {seed}: {}", o.reason);
            assert!(o.reason.starts_with(name), "{}", o.reason);
        }
    }
}

#[test]
fn sb_e_bagration_starts_on_turn_19_with_the_soviet_initiative() {
    let g = NoRetreat::new();
    let b = &g.board;
    let options = Options {
        joker: true,
        ..Options::default()
    };
    let st = g.setup("bagration", &options, 19).unwrap();
    assert_eq!((st.turn, st.last_turn), (19, 21));
    // SB: the Soviet holds the Joker in E (initiative, 15.7; as the campaign from turn 12).
    assert_eq!(st.vp.initiative, Side::Soviet);
    assert_eq!(st.joker, Some(Side::Soviet));
    assert!(matches!(
        st.phase,
        Phase::Player {
            side: Side::German,
            ..
        }
    ));
    // D-Day's discard (13.4 [EXT]) joins the opening one: 6 drawn, 3 kept.
    assert_eq!(
        st.pending,
        vec![Pending::Discard {
            side: Side::German,
            count: 3
        }]
    );
    assert_legal_setup(&g, &st);
    assert_eq!(score(b, &st.control, &st.vp, Side::German), 14);
    assert_eq!(score(b, &st.control, &st.vp, Side::Soviet), 20);
    // 13.5: the units withdrawn on turns 15, 16 and 18 are gone.
    for id in ["it_8", "ge_2pz", "ge_sspz"] {
        assert_eq!(st.units[unit(b, id)].loc, Loc::OutOfGame, "{id}");
    }
    // The conditional units wait for their events (13.5).
    assert!(matches!(st.units[unit(b, "pl_1")].loc, Loc::Awaiting(_)));
    assert!(matches!(st.units[unit(b, "ge_age")].loc, Loc::Awaiting(_)));
}

#[test]
fn sb_e_bagration_is_won_by_the_soviets_with_26_vp_after_turn_21() {
    let g = NoRetreat::new();
    // The historical end of October 1944: Minsk, Lvov, Riga, the Romanian oil, Bucharest and
    // Belgrade taken.
    let history = [
        ("Minsk", Side::Soviet),
        ("Lvov", Side::Soviet),
        ("Riga", Side::Soviet),
        ("Romanian oil fields", Side::Soviet),
        ("Bucharest", Side::Soviet),
        ("Belgrade", Side::Soviet),
    ];
    // Belgrade not taken: the Axis wins.
    won_then_lost(&g, "bagration", &history, &history[..5], Side::Soviet);
}

/// SB (evidence §6): any scenario may instead be played on as a Campaign Game with the
/// standard victory conditions: Saturn's end after turn 12 no longer decides it, the campaign's
/// rules do (sudden death and 12.4 included), to the campaign's last turn.
#[test]
fn sb_any_scenario_played_on_as_a_campaign() {
    let g = NoRetreat::new();
    let b = &g.board;
    let on = Options {
        play_on_as_campaign: true,
        ..Options::default()
    };
    let campaign = g.setup("campaign", &Options::default(), 3).unwrap();
    let mut st = g.setup("saturn", &on, 3).unwrap();
    assert_eq!(st.last_turn, campaign.last_turn);
    assert!(eastfront_no_retreat::setup::campaign_rules(b, &st));
    assert!(!eastfront_no_retreat::setup::campaign_rules(
        b,
        &g.setup("saturn", &Options::default(), 3).unwrap()
    ));
    st.pending.clear();
    st.turn = 12;
    turn_management(b, &mut st, true);
    assert_ne!(st.phase, Phase::Over, "{:?}", st.outcome);
    assert_eq!(st.turn, 13, "the game goes on past Saturn's last turn");
    // The Campaign Game itself is the same with the option.
    assert_eq!(
        g.setup("campaign", &on, 3).unwrap().last_turn,
        campaign.last_turn
    );
}
