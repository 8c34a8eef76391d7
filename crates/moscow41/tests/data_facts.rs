//! Every fact the rules state about the Moscow '41 data, checked against `scenarios/moscow41`
//! (rule numbers as in `shared/rules/moscow-41.md`).

use eastfront_kernel::Side;
use eastfront_moscow41::board::{AreaId, Board};
use eastfront_moscow41::data::*;
use std::collections::{HashMap, HashSet};

type Line = fn(&AreaData) -> Side;
type Segment = ((i32, i32), (i32, i32));

fn board() -> Board {
    Board::standard()
}

fn area<'a>(b: &'a Board, key: &str) -> &'a AreaData {
    let id = b.place(key).unwrap_or_else(|| panic!("no place {key}"));
    b.area(id).unwrap_or_else(|| panic!("{key} is a box"))
}

fn id(b: &Board, key: &str) -> AreaId {
    b.place(key).unwrap_or_else(|| panic!("no place {key}"))
}

#[test]
fn the_repo_folder_and_the_builtin_data_agree() {
    let b = Board::from_dir(&Board::source_dir()).expect("scenarios/moscow41 loads");
    assert_eq!(b.data.map.areas.len(), board().data.map.areas.len());
}

#[test]
fn areas_and_boxes_r2_0_r2_2() {
    let b = board();
    let m = &b.data.map;
    assert_eq!(m.areas.len(), 175);
    let mut ids: Vec<String> = (1..=171).map(|n| n.to_string()).collect();
    ids.extend(["16A", "9A", "4A", "2A"].map(String::from));
    let have: HashSet<&str> = m.areas.iter().map(|a| a.id.as_str()).collect();
    for i in &ids {
        assert!(have.contains(i.as_str()), "area {i}");
    }
    assert_eq!(m.boxes.len(), 12);
    let kinds = |k| m.boxes.iter().filter(|x| x.kind == k).count();
    assert_eq!(
        (
            kinds(BoxKind::Rastenburg),
            kinds(BoxKind::Kiev),
            kinds(BoxKind::Road)
        ),
        (1, 1, 10)
    );
    let road = &m.road_to_leningrad;
    assert_eq!(road.first().map(String::as_str), Some("Pskov"));
    assert_eq!(road.last().map(String::as_str), Some("Leningrad"));
    let nov = road.iter().position(|r| r == "Novgorod").expect("Novgorod");
    assert_eq!(road[nov + 1], "Pushkin", "R 10.9 example");
    assert!(road.contains(&m.shlisselburg));
    assert_eq!(b.road_index(b.leningrad), Some(10));
    assert_eq!(b.lake_count(), 1);
    assert_eq!(m.lakes[0].name, "Lake Ilmen");
}

trait Lakes {
    fn lake_count(&self) -> usize;
}
impl Lakes for Board {
    fn lake_count(&self) -> usize {
        self.data.map.lakes.len()
    }
}

#[test]
fn terrain_victory_and_cities_r2_4() {
    let b = board();
    let m = &b.data.map;
    let mut victory: Vec<&str> = m
        .areas
        .iter()
        .filter(|a| a.terrain == Terrain::Victory)
        .map(|a| a.name.as_deref().unwrap())
        .collect();
    victory.sort();
    assert_eq!(victory, ["Kursk", "Moscow", "Smolensk", "Tula", "Voronezh"]);
    assert_eq!(area(&b, "63").name.as_deref(), Some("Moscow"), "R 14.3");
    let smolensk = &area(&b, "Smolensk").id;
    assert!(["66", "67", "90", "100"].contains(&smolensk.as_str()));
    assert!(
        !area(&b, "Orel").terrain.eq(&Terrain::Victory),
        "R 1.7 erratum"
    );
    let v = area(&b, "Vyazma");
    assert_eq!(v.terrain, Terrain::Yellow, "R 10.14.1 example");
    assert!(v.city.is_some());
    for c in ["Chernigov", "Romny"] {
        assert!(area(&b, c).city.as_ref().is_some_and(|c| c.special), "{c}");
    }
    let specials = m
        .areas
        .iter()
        .filter(|a| a.city.as_ref().is_some_and(|c| c.special))
        .count();
    assert_eq!(specials, 2);
    for c in [
        "Kaluga",
        "Kalinin",
        "Naro Fominsk",
        "Yelnia",
        "Yartsevo",
        "Orel",
        "Bryansk",
        "Rzhev",
    ] {
        assert!(b.place(c).is_some(), "{c} is on the map");
    }
    for c in ["Kaluga", "Kalinin", "Naro Fominsk"] {
        assert!(area(&b, c).city.is_some(), "{c} is a city");
    }
    // Staging areas are the four "A" areas, on the west edge.
    let staging: Vec<&str> = m
        .areas
        .iter()
        .filter(|a| a.terrain == Terrain::Staging)
        .map(|a| a.id.as_str())
        .collect();
    assert_eq!(staging, ["16A", "9A", "4A", "2A"]);
    for s in staging {
        let a = area(&b, s);
        assert!(
            a.polygon.iter().any(|p| p.0 < 0.01),
            "{s} touches the west edge"
        );
        assert!(b.neighbours(id(&b, s)).count() >= 1);
    }
    // Stacking and costs (R 2.6, 2.7).
    assert_eq!(Terrain::Green.stacking(), Some(4));
    assert_eq!(Terrain::Yellow.stacking(), Some(2));
    assert_eq!(Terrain::Victory.stacking(), Some(2));
    assert_eq!(Terrain::Staging.stacking(), None);
    assert_eq!(
        (Terrain::Green.mp_cost(), Terrain::Yellow.mp_cost()),
        (1, 2)
    );
}

#[test]
fn section_3_8_area_facts() {
    let b = board();
    // Balkan crosses and red stars.
    let crosses: HashSet<&str> = b
        .data
        .map
        .areas
        .iter()
        .filter(|a| a.balkan_cross)
        .map(|a| a.id.as_str())
        .collect();
    assert_eq!(crosses, HashSet::from(["66", "67", "89", "90", "100"]));
    let stars: HashSet<&str> = b
        .data
        .map
        .areas
        .iter()
        .filter(|a| a.red_star)
        .map(|a| a.id.as_str())
        .collect();
    assert_eq!(stars, HashSet::from(["4", "15", "17", "31"]));
    // 89 holds 3 German blocks at the start: Green.
    assert_eq!(area(&b, "89").terrain, Terrain::Green);
    // SC.2 sides (white dashed line).
    for a in ["4", "15", "17", "18", "45", "70", "117", "63"] {
        assert_eq!(area(&b, a).sc2_side, Side::Soviet, "{a} in SC.2");
    }
    for c in [
        "Tula",
        "Kursk",
        "Voronezh",
        "Kaluga",
        "Kalinin",
        "Naro Fominsk",
    ] {
        assert_eq!(area(&b, c).sc2_side, Side::Soviet, "{c} in SC.2");
    }
    for a in ["28", "42", "53", "67", "90", "101", "114", "127", "154"] {
        assert_eq!(area(&b, a).sc2_side, Side::German, "{a} in SC.2");
    }
    for v in ["Kiev", "Smolensk"] {
        if let Some(x) = b.place(v).and_then(|i| b.area(i)) {
            assert_eq!(x.sc2_side, Side::German, "{v}: a German VP in SC.2");
        }
    }
    // SC.3 sides (red dashed line); red stars are Soviet-controlled.
    for a in [
        "4", "15", "17", "31", "32", "36", "20", "33", "34", "35", "37", "49", "50", "61", "62",
        "63", "73", "74", "75", "76", "85", "96", "108", "121", "122", "135", "137", "147", "159",
        "170", "171",
    ] {
        assert_eq!(area(&b, a).sc3_side, Side::Soviet, "{a} in SC.3");
    }
    for a in ["14", "58", "59", "71", "84", "93", "117", "134"] {
        assert_eq!(area(&b, a).sc3_side, Side::German, "{a} in SC.3");
    }
    // SC.3 VP: Soviet Leningrad, Moscow, Tula, Voronezh; German Kiev, Kursk, Smolensk.
    for v in ["Moscow", "Tula", "Voronezh"] {
        assert_eq!(area(&b, v).sc3_side, Side::Soviet, "{v}");
    }
    for v in ["Kursk", "Smolensk"] {
        assert_eq!(area(&b, v).sc3_side, Side::German, "{v}");
    }
    // Each red-star area borders a German area in SC.3 (the German blocks in it came from there).
    for s in ["4", "15", "17", "31"] {
        assert!(
            b.neighbours(id(&b, s))
                .any(|n| b.area(n).is_some_and(|a| a.sc3_side == Side::German)),
            "{s}"
        );
    }
}

#[test]
fn neighbour_lower_bounds_from_one_in_each_adjacent_area() {
    let b = board();
    // (area, blocks placed one each in adjacent areas, side, which line)
    let cases: [(&str, usize, Side, Line); 10] = [
        ("42", 4, Side::German, |a| a.sc2_side),
        ("45", 5, Side::Soviet, |a| a.sc2_side),
        ("70", 6, Side::Soviet, |a| a.sc2_side),
        ("90", 3, Side::German, |a| a.sc2_side),
        ("114", 4, Side::German, |a| a.sc2_side),
        ("117", 5, Side::Soviet, |a| a.sc2_side),
        ("28", 1, Side::German, |a| a.sc2_side),
        ("58", 4, Side::German, |a| a.sc3_side),
        ("84", 3, Side::German, |a| a.sc3_side),
        ("117", 4, Side::German, |a| a.sc3_side),
    ];
    for (a, k, side, line) in cases {
        let own = b
            .neighbours(id(&b, a))
            .filter(|n| b.area(*n).is_some_and(|x| line(x) == side))
            .count();
        assert!(own >= k, "{a}: {own} {side:?} neighbours, need {k}");
        assert!(b.neighbours(id(&b, a)).count() >= k);
    }
}

#[test]
fn adjacency_is_symmetric_connected_and_matches_the_polygons() {
    let b = board();
    let m = &b.data.map;
    for x in b.area_ids() {
        for y in b.neighbours(x) {
            assert!(b.adjacent(y, x), "{} {}", b.place_id(x), b.place_id(y));
        }
    }
    // connected
    let mut seen = vec![false; b.n_areas];
    let mut todo = vec![AreaId::from(b.area_ids().next().unwrap())];
    seen[0] = true;
    while let Some(x) = todo.pop() {
        for y in b.neighbours(x) {
            if b.is_area(y) && !seen[y.index()] {
                seen[y.index()] = true;
                todo.push(y);
            }
        }
    }
    assert!(seen.iter().all(|s| *s), "every area reachable");
    // Polygon borders: an edge in the data iff the two outlines share a segment of length > 0.
    let key = |p: (f32, f32)| ((p.0 * 100.0).round() as i32, (p.1 * 100.0).round() as i32);
    let mut segs: HashMap<Segment, Vec<usize>> = HashMap::new();
    for (i, a) in m.areas.iter().enumerate() {
        let n = a.polygon.len();
        for k in 0..n {
            let (p, q) = (key(a.polygon[k]), key(a.polygon[(k + 1) % n]));
            if p == q {
                continue;
            }
            let s = if p < q { (p, q) } else { (q, p) };
            segs.entry(s).or_default().push(i);
        }
    }
    let mut shared: HashSet<(usize, usize)> = HashSet::new();
    for owners in segs.values() {
        if owners.len() == 2 && owners[0] != owners[1] {
            shared.insert((owners[0].min(owners[1]), owners[0].max(owners[1])));
        }
    }
    let idx: HashMap<&str, usize> = m
        .areas
        .iter()
        .enumerate()
        .map(|(i, a)| (a.id.as_str(), i))
        .collect();
    let data: HashSet<(usize, usize)> = m
        .edges
        .iter()
        .map(|e| {
            let (x, y) = (idx[e.a.as_str()], idx[e.b.as_str()]);
            (x.min(y), x.max(y))
        })
        .collect();
    for e in &data {
        assert!(
            shared.contains(e),
            "{}–{} in the data but no shared border",
            m.areas[e.0].id,
            m.areas[e.1].id
        );
    }
    for e in &shared {
        assert!(
            data.contains(e),
            "{}–{} share a border but are not neighbours",
            m.areas[e.0].id,
            m.areas[e.1].id
        );
    }
    // Every area's centre lies inside the board.
    for a in &m.areas {
        assert!(a.centre.0 >= 0.0 && a.centre.0 <= m.width && a.centre.1 <= m.height);
    }
}

#[test]
fn rivers_run_by_the_german_bridgeheads() {
    let b = board();
    let rivers = b.data.map.edges.iter().filter(|e| e.river).count();
    assert!(rivers > 0);
    let dnieper: Vec<&EdgeData> = b
        .data
        .map
        .edges
        .iter()
        .filter(|e| e.river_name.as_deref() == Some("Dnieper"))
        .collect();
    // R 1.0: the Germans start with bridgeheads over the Dnieper.
    for a in ["66", "67", "89", "90", "100"] {
        let near = dnieper.iter().any(|e| {
            e.a == a
                || e.b == a
                || b.neighbours(id(&b, a))
                    .any(|n| b.place_id(n) == e.a || b.place_id(n) == e.b)
        });
        assert!(near, "{a} by the Dnieper");
    }
}

#[test]
fn supply_edges_r2_1_r9_2() {
    let b = board();
    let count = |s| {
        b.data
            .map
            .areas
            .iter()
            .filter(|a| a.supply == Some(s))
            .count()
    };
    assert_eq!(count(SupplyEdge::NorthLightBlue), 5);
    assert_eq!(count(SupplyEdge::NorthBlue), 5);
    assert_eq!(count(SupplyEdge::SouthOrange), 7);
    assert!(count(SupplyEdge::East) >= 8);
    assert!(area(&b, "Romny").supply.is_some(), "Romny on the S edge");
    // light blue is the west half of the north edge
    let max_lb = b
        .data
        .map
        .areas
        .iter()
        .filter(|a| a.supply == Some(SupplyEdge::NorthLightBlue))
        .map(|a| a.centre.0)
        .fold(0.0, f32::max);
    assert!(b
        .data
        .map
        .areas
        .iter()
        .filter(|a| a.supply == Some(SupplyEdge::NorthBlue))
        .all(|a| a.centre.0 > max_lb));
}

#[test]
fn campaign_icons_sc_c_step_8() {
    let b = board();
    let icons = |c| {
        b.data
            .map
            .areas
            .iter()
            .filter(|a| a.campaign_icon == Some(c))
            .count()
    };
    assert_eq!(
        (
            icons(Colour::Yellow),
            icons(Colour::LightBlue),
            icons(Colour::White)
        ),
        (3, 7, 18)
    );
    for a in &b.data.map.areas {
        if a.campaign_icon.is_some() {
            assert!(!a.balkan_cross && a.terrain != Terrain::Staging, "{}", a.id);
        }
    }
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
