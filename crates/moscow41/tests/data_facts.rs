//! Every fact the rules state about the Moscow '41 blocks and set-ups (the map's are in map_facts.rs),
//! checked against `scenarios/moscow41`
//! (rule numbers as in `shared/rules/moscow-41.md`).

use eastfront_kernel::Side;
use eastfront_moscow41::board::{AreaId, Board};
use eastfront_moscow41::data::*;
use std::collections::{HashMap, HashSet};

fn board() -> Board {
    Board::standard()
}

fn id(b: &Board, key: &str) -> AreaId {
    b.place(key).unwrap_or_else(|| panic!("no place {key}"))
}

// ---------------------------------------------------------------- blocks

fn blocks(b: &Board, side: Side) -> Vec<&BlockData> {
    b.blocks.iter().filter(|x| x.side == side).collect()
}

#[test]
fn order_of_battle_counts_2_4_2_5() {
    let b = board();
    assert_eq!(b.blocks.len(), 120);
    let g = blocks(&b, Side::German);
    let s = blocks(&b, Side::Soviet);
    assert_eq!((g.len(), s.len()), (50, 70));
    let per = |v: &[&BlockData], c: Option<Colour>| v.iter().filter(|x| x.colour == c).count();
    use Colour::*;
    assert_eq!(
        [Yellow, LightBlue, Pink, Brown, Red, Green, Blue, White].map(|c| per(&g, Some(c))),
        [6, 5, 6, 3, 7, 4, 4, 12]
    );
    assert_eq!(per(&g, None), 3, "Hitler, 2 FK, 8 FK");
    assert_eq!(
        [Green, LightBlue, Red, Blue, Yellow, White].map(|c| per(&s, Some(c))),
        [8, 8, 8, 14, 4, 26]
    );
    assert_eq!(per(&s, None), 2, "Stalin, Zhukov");
    let role = |v: &[&BlockData], r| v.iter().filter(|x| x.role == r).count();
    assert_eq!(role(&g, Role::TacticalHq), 7);
    assert_eq!(role(&g, Role::LuftwaffeHq), 2);
    assert_eq!(role(&s, Role::TacticalHq), 6);
    assert_eq!((role(&g, Role::Leader), role(&s, Role::Leader)), (1, 1));
    // each coloured formation has exactly one HQ (white: none)
    for c in [Yellow, LightBlue, Pink, Brown, Red, Green, Blue] {
        let hqs = g
            .iter()
            .filter(|x| x.colour == Some(c) && x.role == Role::TacticalHq)
            .count();
        assert_eq!(hqs, 1, "German {c:?}");
    }
    for c in [Green, LightBlue, Red, Blue, Yellow] {
        let hqs = s
            .iter()
            .filter(|x| x.colour == Some(c) && x.role == Role::TacticalHq)
            .count();
        assert_eq!(hqs, 1, "Soviet {c:?}");
    }
}

#[test]
fn german_blocks_stated() {
    let b = board();
    let k = |key: &str| b.block(b.block_by_key(key).unwrap_or_else(|| panic!("{key}")));
    for pz in [
        "g_pzk24", "g_pzk46", "g_pzk47", "g_pzk41", "g_pzk56", "g_pzk48",
    ] {
        assert_eq!(k(pz).max_strength, 4, "{pz}: corps = 4");
        assert_eq!(k(pz).combat_type, Some(CombatType::Tank));
    }
    assert_eq!(k("g_pzk48").letter, Some(Letter::PanzerBonus));
    assert_eq!(k("g_pzk48").colour, Some(Colour::White));
    for d in ["g_dr", "g_tt", "g_cav1", "g_lehr"] {
        assert_eq!(k(d).max_strength, 2, "{d}");
    }
    assert_eq!(k("g_gd").max_strength, 1);
    assert_eq!(k("g_cav1").combat_type, Some(CombatType::Cavalry));
    let l: Vec<&str> = b
        .blocks
        .iter()
        .filter(|x| x.letter == Some(Letter::L))
        .map(|x| x.id.as_str())
        .collect();
    assert_eq!(l, ["g_pzk41", "g_pzk56", "g_tt"]);
    let blitz: HashSet<&str> = b
        .blocks
        .iter()
        .filter(|x| x.blitz_hq)
        .map(|x| x.id.as_str())
        .collect();
    assert_eq!(blitz, HashSet::from(["g_hq_2pg", "g_hq_3pg", "s_zhukov"]));
    assert_eq!(
        k("g_hq_4pg").max_strength,
        4,
        "Hoepner full = 4 (R 10.9 example)"
    );
    assert_eq!(k("g_2fk").max_strength, 4, "R 10.10.1 example");
    assert_eq!(k("g_hq_2pg").max_strength, 4, "SC.3 (4)");
    for x in blocks(&b, Side::German) {
        match x.role {
            Role::TacticalHq => assert_eq!(x.speed, Speed::Fast, "{}", x.id),
            Role::LuftwaffeHq => assert_eq!(x.speed, Speed::Slow, "{}", x.id),
            _ => {}
        }
    }
    let divs: Vec<&BlockData> = b.blocks.iter().filter(|x| x.infantry_division).collect();
    assert_eq!(divs.len(), 6, "RO 14.7");
    assert!(divs
        .iter()
        .all(|d| d.side == Side::German && d.combat_type == Some(CombatType::Infantry)));
    assert_eq!(b.blocks.iter().filter(|x| x.blue_division).count(), 1);
    // green: 2 tanks + 1 motorized; red: 3 tanks, 2 motorized, 1 cavalry
    let count = |c, t| {
        b.blocks
            .iter()
            .filter(|x| x.side == Side::German && x.colour == Some(c) && x.combat_type == Some(t))
            .count()
    };
    assert_eq!(count(Colour::Green, CombatType::Tank), 2);
    assert_eq!(count(Colour::Green, CombatType::MotorizedInfantry), 1);
    assert_eq!(count(Colour::Red, CombatType::Tank), 3);
    assert_eq!(count(Colour::Red, CombatType::MotorizedInfantry), 2);
    // bombers: 6 He-111 + 2 Stuka; Stukas only with 8 FK (GAP-9)
    let bo = b.bombers();
    assert_eq!(bo.len(), 8);
    assert_eq!(bo.iter().filter(|x| x.kind == BomberKind::He111).count(), 6);
    assert!(bo
        .iter()
        .filter(|x| x.kind == BomberKind::Stuka)
        .all(|x| x.owner == "g_8fk"));
    assert_eq!(bo.iter().filter(|x| x.owner == "g_2fk").count(), 4);
    let bl = &b.data.blocks;
    assert_eq!((bl.german_dls, bl.soviet_dls), (10, 20));
    assert_eq!((bl.german_artillery, bl.soviet_artillery), (7, 6));
}

#[test]
fn soviet_blocks_stated() {
    let b = board();
    let s = blocks(&b, Side::Soviet);
    let zh = b.block(b.block_by_key("s_zhukov").unwrap());
    assert_eq!((zh.speed, zh.blitz_hq), (Speed::Fast, true));
    for x in &s {
        if x.role == Role::TacticalHq && x.id != "s_zhukov" {
            assert_eq!(x.speed, Speed::Slow, "{}", x.id);
        }
        if x.role == Role::Combat {
            assert!(
                (2..=4).contains(&x.max_strength),
                "{}: armies 4, corps 3, divisions 2",
                x.id
            );
        }
    }
    let white = |f: &dyn Fn(&&BlockData) -> bool| {
        s.iter()
            .filter(|x| x.colour == Some(Colour::White))
            .filter(|x| f(x))
            .count()
    };
    assert_eq!(
        white(&|x| x.max_strength == 4 && x.letter.is_none() && !x.reduced),
        3,
        "three white 4-point armies"
    );
    let ab: Vec<&&BlockData> = s.iter().filter(|x| x.name.contains("Airborne")).collect();
    assert_eq!(ab.len(), 2);
    assert!(ab
        .iter()
        .all(|x| x.reduced && x.colour == Some(Colour::White)));
    assert_eq!(
        s.iter()
            .filter(|x| x.name.contains("NKVD"))
            .map(|x| x.max_strength)
            .collect::<Vec<_>>(),
        [2]
    );
    assert_eq!(
        s.iter()
            .filter(|x| x.name.contains("Tank Division"))
            .map(|x| x.max_strength)
            .collect::<Vec<_>>(),
        [2, 2, 2]
    );
    assert_eq!(
        s.iter()
            .filter(|x| x.combat_type == Some(CombatType::Cavalry))
            .count(),
        7,
        "RO 14.6"
    );
    for l in ["D", "E"] {
        assert!(s
            .iter()
            .any(|x| x.label == l && x.combat_type == Some(CombatType::Cavalry)));
    }
    // N blocks: 1 blue + 1 green + 3 white
    let n: Vec<Option<Colour>> = s
        .iter()
        .filter(|x| x.letter == Some(Letter::N))
        .map(|x| x.colour)
        .collect();
    assert_eq!(n.len(), 5);
    assert_eq!(n.iter().filter(|c| **c == Some(Colour::Blue)).count(), 1);
    assert_eq!(n.iter().filter(|c| **c == Some(Colour::Green)).count(), 1);
    assert_eq!(n.iter().filter(|c| **c == Some(Colour::White)).count(), 3);
    // Campaign icon blocks: 3 yellow + 7 light-blue + 18 white = 20 infantry + 8 tanks,
    // 14 Reduced (11 infantry + 3 tanks).
    let icon: Vec<&&BlockData> = s
        .iter()
        .filter(|x| x.role == Role::Combat && x.letter.is_none())
        .filter(|x| match x.colour {
            Some(Colour::Yellow) | Some(Colour::LightBlue) => true,
            Some(Colour::White) => !x.name.contains("Airborne") && x.max_strength != 4,
            _ => false,
        })
        .collect();
    assert_eq!(icon.len(), 28);
    let tanks = icon
        .iter()
        .filter(|x| x.combat_type == Some(CombatType::Tank))
        .count();
    assert_eq!((icon.len() - tanks, tanks), (20, 8));
    let red_inf = icon
        .iter()
        .filter(|x| x.reduced && x.combat_type != Some(CombatType::Tank))
        .count();
    let red_tank = icon
        .iter()
        .filter(|x| x.reduced && x.combat_type == Some(CombatType::Tank))
        .count();
    assert_eq!((red_inf, red_tank), (11, 3));
    // Firepower defaults (GAP-6): infantry FS, tanks/motorized/cavalry FD; HQ stars FD.
    let tank = s
        .iter()
        .find(|x| x.combat_type == Some(CombatType::Tank) && x.max_strength == 3)
        .unwrap();
    assert_eq!(
        tank.dots[2],
        Firepower::Double,
        "R 10.12.3: full tank corps FD"
    );
    let corps = s
        .iter()
        .find(|x| x.combat_type == Some(CombatType::Infantry) && x.max_strength == 3)
        .unwrap();
    assert_eq!(
        corps.dots[2],
        Firepower::Single,
        "R 10.12.3: full infantry corps FS"
    );
    for x in &b.blocks {
        if x.is_hq() {
            assert!(x.dots.iter().all(|d| *d == Firepower::Double), "R 4.2.2");
        }
    }
}

// ---------------------------------------------------------------- setups

/// A dry run of a setup: which blocks each step takes (random draws take the first matches).
fn dry_run(b: &Board, s: &SetupData) -> HashMap<String, (Destination, u8)> {
    let mut placed: HashMap<String, (Destination, u8)> = HashMap::new();
    for st in &s.deploy {
        let matches = |x: &BlockData, f: &Filter| {
            x.side == st.side
                && !placed.contains_key(&x.id)
                && f.colour.is_none_or(|c| x.colour == Some(c))
                && f.role.is_none_or(|r| x.role == r)
                && f.combat_type.is_none_or(|t| x.combat_type == Some(t))
                && (!f.no_letter || x.letter.is_none())
        };
        let take: Vec<&BlockData> = match &st.what {
            Selector::Named(ids) => ids
                .iter()
                .map(|i| b.block(b.block_by_key(i).unwrap()))
                .collect(),
            Selector::Draw { count, filter } => {
                let v: Vec<&BlockData> = b.blocks.iter().filter(|x| matches(x, filter)).collect();
                assert!(
                    v.len() >= *count as usize,
                    "{}: draw {count} from {}: {:?}",
                    s.id,
                    v.len(),
                    st.note
                );
                v.into_iter().take(*count as usize).collect()
            }
            Selector::All(f) => b.blocks.iter().filter(|x| matches(x, f)).collect(),
            Selector::Dls(_) => vec![],
        };
        if let Destination::OneEach(areas) = &st.to {
            let n = match &st.what {
                Selector::Dls(n) => *n as usize,
                _ => take.len(),
            };
            assert_eq!(n, areas.len(), "{}: {}", s.id, st.note);
        }
        for x in take {
            assert!(
                !placed.contains_key(&x.id),
                "{}: {} placed twice",
                s.id,
                x.id
            );
            let strength = match st.strength {
                Strength::Full => x.max_strength,
                Strength::Minimum => x.min_strength(),
                Strength::Fixed(n) => n,
                Strength::FullUnlessReduced => x.deploy_strength(),
            };
            assert!(
                strength <= x.max_strength,
                "{}: {} at {strength}",
                s.id,
                x.id
            );
            placed.insert(x.id.clone(), (st.to.clone(), strength));
        }
    }
    placed
}

fn count(
    p: &HashMap<String, (Destination, u8)>,
    b: &Board,
    side: Side,
    f: fn(&Destination) -> bool,
) -> usize {
    p.iter()
        .filter(|(k, (d, _))| b.block(b.block_by_key(k).unwrap()).side == side && f(d))
        .count()
}

fn on_map(d: &Destination) -> bool {
    !matches!(
        d,
        Destination::ForcePool
            | Destination::November
            | Destination::Surrendered
            | Destination::Rastenburg
            | Destination::RoadBox(_)
            | Destination::KievIcon
    )
}

#[test]
fn every_setup_places_all_120_blocks() {
    let b = board();
    assert_eq!(
        b.data
            .setups
            .setups
            .iter()
            .map(|s| s.id.as_str())
            .collect::<Vec<_>>(),
        ["campaign", "sc1", "sc2", "sc3"]
    );
    for s in &b.data.setups.setups {
        let p = dry_run(&b, s);
        assert_eq!(count(&p, &b, Side::Soviet, |_| true), 70, "{}", s.id);
        assert_eq!(count(&p, &b, Side::German, |_| true), 50, "{}", s.id);
        assert_eq!(s.initiative, Side::German);
        // Soviet (no Initiative) deploys first.
        let first_german = s
            .deploy
            .iter()
            .position(|d| d.side == Side::German)
            .unwrap();
        assert!(s.deploy[first_german..]
            .iter()
            .all(|d| d.side == Side::German));
    }
}

#[test]
fn campaign_and_sc1_sc_c() {
    let b = board();
    for sid in ["campaign", "sc1"] {
        let s = b.setup(sid).unwrap();
        assert_eq!((s.start_turn, s.start_phase), (1, Phase::Impulse));
        assert_eq!(s.control, ControlRule::BalkanCrosses);
        assert_eq!(s.weather, Weather::Good);
        let p = dry_run(&b, s);
        let is = |d: &Destination| matches!(d, Destination::ForcePool);
        assert_eq!(
            count(&p, &b, Side::Soviet, |d| matches!(d, Destination::November)),
            5
        );
        assert_eq!(count(&p, &b, Side::Soviet, is), 29);
        assert_eq!(count(&p, &b, Side::Soviet, on_map), 36);
        assert_eq!(count(&p, &b, Side::German, is), 28);
        assert_eq!(
            count(&p, &b, Side::German, |d| matches!(d, Destination::KievIcon)),
            1
        );
        // in play: Hitler + Hoepner + 19 on the map
        assert_eq!(count(&p, &b, Side::German, on_map), 19);
        let dls: u8 = s
            .deploy
            .iter()
            .filter(|d| d.side == Side::Soviet)
            .map(|d| if let Selector::Dls(n) = d.what { n } else { 0 })
            .sum();
        assert_eq!(dls, 5);
        assert_eq!((s.soviet_vl_printed, s.german_vl_printed), (12, 8));
        assert_eq!((s.soviet_vp_printed, s.german_vp_printed), (6, 1));
        // Initial VP from the map: Soviet 4 Victory Areas + Kiev + Leningrad, German Smolensk.
        let ger_va = b
            .area_ids()
            .filter(|a| b.is_victory(*a) && b.initial_control(*a, s.control) == Side::German)
            .count();
        let sov_va = b
            .area_ids()
            .filter(|a| b.is_victory(*a) && b.initial_control(*a, s.control) == Side::Soviet)
            .count();
        assert_eq!((sov_va + 2, ger_va), (6, 1));
        // VL: Soviet = Stalin 4 + 2 HQs (NW, C) + 6 VP; German = Hitler 4 + 3 HQs + 1 VP.
        assert_eq!(4 + 2 + sov_va as u8 + 2, s.soviet_vl_printed);
        assert_eq!(4 + 3 + ger_va as u8, s.german_vl_printed);
        // Whose areas 66, 67, 89, 90, 100 are German.
        for a in ["66", "67", "89", "90", "100"] {
            assert_eq!(b.initial_control(id(&b, a), s.control), Side::German);
        }
        assert_eq!(b.initial_control(b.road[0], s.control), Side::German);
        assert_eq!(b.initial_control(b.leningrad, s.control), Side::Soviet);
    }
    assert_eq!(
        b.setup("sc1").unwrap().initiative_limit,
        InitiativeLimit::OncePerGame
    );
    assert_eq!(b.setup("sc1").unwrap().end_turn, 1);
    assert_eq!(b.setup("campaign").unwrap().end_turn, 6);
}

#[test]
fn sc2_operation_typhoon() {
    let b = board();
    let s = b.setup("sc2").unwrap();
    assert_eq!(
        (s.start_turn, s.start_phase, s.end_turn),
        (4, Phase::Logistic, 6)
    );
    assert_eq!(s.control, ControlRule::WhiteLine);
    assert!(!s.road_in_play && s.hoepner_artillery);
    assert_eq!(
        s.discs,
        Discs {
            shlisselburg: false,
            leningrad: true,
            kiev: false
        }
    );
    let p = dry_run(&b, s);
    assert_eq!(count(&p, &b, Side::Soviet, on_map), 43);
    assert_eq!(
        count(&p, &b, Side::Soviet, |d| matches!(
            d,
            Destination::ForcePool
        )),
        10
    );
    assert_eq!(
        count(&p, &b, Side::Soviet, |d| matches!(d, Destination::November)),
        5
    );
    assert_eq!(
        count(&p, &b, Side::Soviet, |d| matches!(
            d,
            Destination::Surrendered
        )),
        12
    );
    assert_eq!(
        count(&p, &b, Side::German, |d| matches!(
            d,
            Destination::ForcePool
        )),
        3
    );
    assert_eq!(count(&p, &b, Side::German, on_map), 46);
    assert_eq!(p["g_pzk48"].1, 2);
    // VL: Soviet Stalin 2 + 5 HQs + 5 VP = 12; German Hitler 2 + 9 HQs + 2 VP + 1 = 14.
    let hqs = |side| {
        p.iter()
            .filter(|(k, (d, st))| {
                let x = b.block(b.block_by_key(k).unwrap());
                x.side == side && x.is_hq() && on_map(d) && *st > 0
            })
            .count() as u8
    };
    assert_eq!(2 + hqs(Side::Soviet) + 5, s.soviet_vl_printed);
    let surrendered = count(&p, &b, Side::Soviet, |d| {
        matches!(d, Destination::Surrendered)
    }) as u8;
    assert_eq!(
        2 + hqs(Side::German) + 2 + surrendered / 10,
        s.german_vl_printed
    );
}

#[test]
fn sc3_last_breath() {
    let b = board();
    let s = b.setup("sc3").unwrap();
    assert_eq!(
        (s.start_turn, s.start_phase, s.end_turn),
        (5, Phase::Impulse, 6)
    );
    assert_eq!((s.weather, s.weather_fixed), (Weather::Snow, true));
    assert_eq!(s.initiative_limit, InitiativeLimit::OncePerMonth);
    assert!(s.red_stars_disputed);
    let p = dry_run(&b, s);
    assert_eq!(count(&p, &b, Side::Soviet, on_map), 46);
    assert_eq!(
        count(&p, &b, Side::Soviet, |d| matches!(
            d,
            Destination::Surrendered
        )),
        19
    );
    assert_eq!(
        count(&p, &b, Side::Soviet, |d| matches!(
            d,
            Destination::ForcePool
        )),
        5
    );
    assert_eq!(count(&p, &b, Side::German, on_map), 49);
    let hqs = |side| {
        p.iter()
            .filter(|(k, (d, st))| {
                let x = b.block(b.block_by_key(k).unwrap());
                x.side == side && x.is_hq() && on_map(d) && *st > 0
            })
            .count() as u8
    };
    // Soviet 13 = Stalin 4 + 5 HQs + 4 VP; German 11 = 0 + 7 HQs + 3 VP + 1, halved in Snow.
    assert_eq!(4 + hqs(Side::Soviet) + 4, s.soviet_vl_printed);
    assert_eq!(hqs(Side::German) + 3 + 19 / 10, s.german_vl_printed);
    assert!(s.german_vl_halved);
    assert_eq!(s.german_vl_printed / 2, 5);
    for (k, n) in [
        ("g_dr", 2),
        ("g_cav1", 2),
        ("g_lehr", 2),
        ("g_tt", 2),
        ("g_gd", 1),
        ("g_pzk24", 3),
    ] {
        assert_eq!(p[k].1, n, "{k}");
    }
    assert_eq!(p["g_hitler"].1, 0);
    assert_eq!(p["g_2fk"].1, 0);
}
