//! Every fact the rules state about the Moscow '41 map (areas and boxes, terrain, victory areas
//! and cities, §3.8's area facts, adjacency, rivers, supply edges, the campaign icons), checked
//! against `scenarios/moscow41/map.ron` (rule numbers as in `shared/rules/moscow-41.md`).

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
