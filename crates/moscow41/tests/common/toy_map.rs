//! The toy board's data: a 6 × 5 grid of areas (the map in `mod.rs`), its Staging Areas,
//! rivers and cities, and the blocks, in the data crate's own shapes.

use eastfront_kernel::Side;
use eastfront_moscow41::data::*;

pub const W: usize = 6;
pub const H: usize = 5;

pub fn id(x: usize, y: usize) -> String {
    (y * W + x + 1).to_string()
}

fn area(idx: usize) -> AreaData {
    let x = (idx - 1) % W;
    let y = (idx - 1) / W;
    let mut name = None;
    let mut city = None;
    let mut terrain = Terrain::Green;
    match idx {
        14 => {
            name = Some("Smolensk".to_string());
            terrain = Terrain::Victory
        }
        18 => {
            name = Some("Moscow".to_string());
            terrain = Terrain::Victory
        }
        23 => {
            name = Some("Tula".to_string());
            terrain = Terrain::Victory
        }
        28 => {
            name = Some("Kursk".to_string());
            terrain = Terrain::Victory
        }
        30 => {
            name = Some("Voronezh".to_string());
            terrain = Terrain::Victory
        }
        9 | 21 => terrain = Terrain::Yellow,
        16 => {
            terrain = Terrain::Yellow;
            city = Some(City {
                name: "Vyazma".into(),
                special: false,
            })
        }
        26 => {
            city = Some(City {
                name: "Chernigov".into(),
                special: true,
            })
        }
        27 => {
            city = Some(City {
                name: "Romny".into(),
                special: true,
            })
        }
        11 => {
            city = Some(City {
                name: "Kaluga".into(),
                special: false,
            })
        }
        _ => {}
    }
    let supply = if x == W - 1 {
        Some(SupplyEdge::East)
    } else if y == 0 {
        Some(if x < 3 {
            SupplyEdge::NorthLightBlue
        } else {
            SupplyEdge::NorthBlue
        })
    } else if y == H - 1 {
        Some(if x < 3 {
            SupplyEdge::SouthOrange
        } else {
            SupplyEdge::South
        })
    } else {
        None
    };
    let (cx, cy) = (x as f32 * 10.0 + 5.0, y as f32 * 10.0 + 5.0);
    AreaData {
        id: idx.to_string(),
        name,
        terrain,
        city,
        supply,
        balkan_cross: x == 0 || idx == 14,
        red_star: false,
        campaign_icon: None,
        sc2_side: if x <= 1 { Side::German } else { Side::Soviet },
        sc3_side: if x <= 2 { Side::German } else { Side::Soviet },
        centre: (cx, cy),
        polygon: vec![
            (cx - 5.0, cy - 5.0),
            (cx + 5.0, cy - 5.0),
            (cx + 5.0, cy + 5.0),
        ],
    }
}

fn block(
    id: &str,
    side: Side,
    role: Role,
    ct: Option<CombatType>,
    colour: Option<Colour>,
    max: u8,
    fp: Firepower,
    speed: Speed,
) -> BlockData {
    BlockData {
        id: id.into(),
        name: id.into(),
        label: id.into(),
        side,
        role,
        combat_type: ct,
        colour,
        max_strength: max,
        dots: vec![fp; max as usize],
        speed,
        reduced: false,
        letter: None,
        blitz_hq: false,
        infantry_division: false,
        blue_division: false,
        provisional: false,
    }
}

pub fn toy_data() -> ScenarioData {
    use CombatType::*;
    use Firepower::*;
    use Role::*;
    use Side::*;
    use Speed::*;
    let mut areas: Vec<AreaData> = (1..=W * H).map(area).collect();
    for (k, s) in ["16A", "9A", "4A", "2A"].iter().enumerate() {
        areas.push(AreaData {
            id: s.to_string(),
            name: None,
            terrain: Terrain::Staging,
            city: None,
            supply: None,
            balkan_cross: false,
            red_star: false,
            campaign_icon: None,
            sc2_side: German,
            sc3_side: German,
            centre: (-5.0, k as f32 * 10.0),
            polygon: vec![(-9.0, 0.0), (-1.0, 0.0), (-1.0, 5.0)],
        });
    }
    let mut edges = Vec::new();
    for y in 0..H {
        for x in 0..W {
            let river = |a: usize, b: usize| {
                let (a, b) = (a.min(b), a.max(b));
                (a, b) == (14, 15) || (a, b) == (8, 9)
            };
            let here = y * W + x + 1;
            if x + 1 < W {
                edges.push(EdgeData {
                    a: id(x, y),
                    b: id(x + 1, y),
                    river: river(here, here + 1),
                    river_name: None,
                });
            }
            if y + 1 < H {
                edges.push(EdgeData {
                    a: id(x, y),
                    b: id(x, y + 1),
                    river: river(here, here + W),
                    river_name: None,
                });
            }
        }
    }
    for (k, s) in ["16A", "9A", "4A", "2A"].iter().enumerate() {
        edges.push(EdgeData {
            a: s.to_string(),
            b: id(0, k),
            river: false,
            river_name: None,
        });
    }
    let road = [
        "Pskov",
        "Ostrov",
        "Luga",
        "Novgorod",
        "Pushkin",
        "Chudovo",
        "Mga",
        "Sinyavino",
        "Shlisselburg",
        "Leningrad",
    ];
    let mut boxes = vec![
        BoxData {
            id: "Rastenburg".into(),
            kind: BoxKind::Rastenburg,
            pos: (0.0, 0.0),
            size: (1.0, 1.0),
        },
        BoxData {
            id: "Kiev".into(),
            kind: BoxKind::Kiev,
            pos: (0.0, 0.0),
            size: (1.0, 1.0),
        },
    ];
    for r in road {
        boxes.push(BoxData {
            id: r.into(),
            kind: BoxKind::Road,
            pos: (0.0, 0.0),
            size: (1.0, 1.0),
        });
    }
    let map = MapFile {
        name: "toy".into(),
        width: 60.0,
        height: 50.0,
        areas,
        edges,
        boxes,
        road_to_leningrad: road.iter().map(|s| s.to_string()).collect(),
        shlisselburg: "Shlisselburg".into(),
        kiev_icon: (0.0, 0.0),
        lakes: vec![],
        rivers: vec![],
        labels: vec![],
    };
    let mut blocks = vec![
        block("hitler", German, Leader, None, None, 4, Double, Slow),
        block(
            "guderian",
            German,
            TacticalHq,
            None,
            Some(Colour::Red),
            4,
            Double,
            Fast,
        ),
        block(
            "hoth",
            German,
            TacticalHq,
            None,
            Some(Colour::Green),
            4,
            Double,
            Fast,
        ),
        block(
            "hoepner",
            German,
            TacticalHq,
            None,
            Some(Colour::Blue),
            4,
            Double,
            Fast,
        ),
        block(
            "weichs",
            German,
            TacticalHq,
            None,
            Some(Colour::Yellow),
            4,
            Double,
            Fast,
        ),
        block("fk2", German, LuftwaffeHq, None, None, 4, Double, Slow),
        block("fk8", German, LuftwaffeHq, None, None, 4, Double, Slow),
        block(
            "pz24",
            German,
            Combat,
            Some(Tank),
            Some(Colour::Red),
            4,
            Double,
            Fast,
        ),
        block(
            "pz46",
            German,
            Combat,
            Some(Tank),
            Some(Colour::Red),
            4,
            Double,
            Fast,
        ),
        block(
            "pz47",
            German,
            Combat,
            Some(Tank),
            Some(Colour::Red),
            4,
            Double,
            Fast,
        ),
        block(
            "dr",
            German,
            Combat,
            Some(MotorizedInfantry),
            Some(Colour::Red),
            2,
            Double,
            Fast,
        ),
        block(
            "pz39",
            German,
            Combat,
            Some(Tank),
            Some(Colour::Green),
            4,
            Double,
            Fast,
        ),
        block(
            "y1",
            German,
            Combat,
            Some(Infantry),
            Some(Colour::Yellow),
            4,
            Single,
            Slow,
        ),
        block(
            "y2",
            German,
            Combat,
            Some(Infantry),
            Some(Colour::Yellow),
            4,
            Single,
            Slow,
        ),
        block(
            "y3",
            German,
            Combat,
            Some(Infantry),
            Some(Colour::Yellow),
            4,
            Single,
            Slow,
        ),
        block(
            "pz41",
            German,
            Combat,
            Some(Tank),
            Some(Colour::Blue),
            4,
            Double,
            Fast,
        ),
        block(
            "pz56",
            German,
            Combat,
            Some(Tank),
            Some(Colour::Blue),
            4,
            Double,
            Fast,
        ),
        block(
            "tt",
            German,
            Combat,
            Some(MotorizedInfantry),
            Some(Colour::Blue),
            2,
            Double,
            Fast,
        ),
        block(
            "gw1",
            German,
            Combat,
            Some(Infantry),
            Some(Colour::White),
            4,
            Single,
            Slow,
        ),
        block(
            "gw2",
            German,
            Combat,
            Some(Infantry),
            Some(Colour::White),
            2,
            Single,
            Slow,
        ),
        block(
            "pz48",
            German,
            Combat,
            Some(Tank),
            Some(Colour::White),
            4,
            Double,
            Fast,
        ),
        block("stalin", Soviet, Leader, None, None, 4, Double, Slow),
        block("zhukov", Soviet, TacticalHq, None, None, 4, Double, Fast),
        block(
            "front_w",
            Soviet,
            TacticalHq,
            None,
            Some(Colour::Blue),
            4,
            Double,
            Slow,
        ),
        block(
            "front_b",
            Soviet,
            TacticalHq,
            None,
            Some(Colour::Green),
            4,
            Double,
            Slow,
        ),
        block(
            "b1",
            Soviet,
            Combat,
            Some(Infantry),
            Some(Colour::Blue),
            4,
            Single,
            Slow,
        ),
        block(
            "b2",
            Soviet,
            Combat,
            Some(Infantry),
            Some(Colour::Blue),
            4,
            Single,
            Slow,
        ),
        block(
            "b3",
            Soviet,
            Combat,
            Some(Infantry),
            Some(Colour::Blue),
            3,
            Single,
            Slow,
        ),
        block(
            "b4",
            Soviet,
            Combat,
            Some(Infantry),
            Some(Colour::Blue),
            3,
            Single,
            Slow,
        ),
        block(
            "bt1",
            Soviet,
            Combat,
            Some(Tank),
            Some(Colour::Blue),
            3,
            Double,
            Fast,
        ),
        block(
            "g1",
            Soviet,
            Combat,
            Some(Infantry),
            Some(Colour::Green),
            4,
            Single,
            Slow,
        ),
        block(
            "g2",
            Soviet,
            Combat,
            Some(Cavalry),
            Some(Colour::Green),
            3,
            Single,
            Fast,
        ),
        block(
            "w1",
            Soviet,
            Combat,
            Some(Infantry),
            Some(Colour::White),
            4,
            Single,
            Slow,
        ),
        block(
            "w2",
            Soviet,
            Combat,
            Some(Infantry),
            Some(Colour::White),
            3,
            Single,
            Slow,
        ),
        block(
            "w3",
            Soviet,
            Combat,
            Some(Tank),
            Some(Colour::White),
            2,
            Double,
            Fast,
        ),
        block(
            "n1",
            Soviet,
            Combat,
            Some(Infantry),
            Some(Colour::White),
            4,
            Triple,
            Slow,
        ),
        block(
            "n2",
            Soviet,
            Combat,
            Some(Infantry),
            Some(Colour::White),
            4,
            Single,
            Slow,
        ),
    ];
    for b in blocks.iter_mut() {
        match b.id.as_str() {
            "guderian" | "hoth" | "zhukov" => b.blitz_hq = true,
            "pz41" | "pz56" | "tt" => b.letter = Some(Letter::L),
            "pz48" => b.letter = Some(Letter::PanzerBonus),
            "n1" | "n2" => b.letter = Some(Letter::N),
            "w2" => b.reduced = true,
            _ => {}
        }
    }
    let mut bombers = Vec::new();
    for i in 0..4 {
        bombers.push(BomberData {
            id: format!("he{i}"),
            kind: BomberKind::He111,
            owner: "fk2".into(),
        });
    }
    for i in 4..6 {
        bombers.push(BomberData {
            id: format!("he{i}"),
            kind: BomberKind::He111,
            owner: "fk8".into(),
        });
    }
    for i in 0..2 {
        bombers.push(BomberData {
            id: format!("stuka{i}"),
            kind: BomberKind::Stuka,
            owner: "fk8".into(),
        });
    }
    let blocks = BlocksFile {
        blocks,
        bombers,
        german_dls: 10,
        soviet_dls: 20,
        german_artillery: 7,
        soviet_artillery: 6,
    };
    let named = |side: Side, ids: &[&str], to: Destination| DeployStep {
        side,
        what: Selector::Named(ids.iter().map(|s| s.to_string()).collect()),
        to,
        strength: Strength::FullUnlessReduced,
        placer: Placer::Random,
        face_up: false,
        note: String::new(),
    };
    let area_of = |s: &str| Destination::Area(s.to_string());
    let deploy = vec![
        named(Soviet, &["n1", "n2"], Destination::November),
        named(Soviet, &["stalin", "w1"], area_of("18")),
        named(Soviet, &["front_w", "b1", "b2"], area_of("15")),
        named(Soviet, &["b3"], area_of("9")),
        named(Soviet, &["b4", "bt1"], area_of("21")),
        named(Soviet, &["front_b", "g1", "g2"], area_of("27")),
        named(Soviet, &["w2"], area_of("26")),
        named(Soviet, &["zhukov", "w3"], Destination::ForcePool),
        DeployStep {
            side: Soviet,
            what: Selector::Dls(2),
            to: Destination::OneEach(vec!["15".into(), "22".into()]),
            strength: Strength::Full,
            placer: Placer::Random,
            face_up: false,
            note: String::new(),
        },
        named(German, &["hitler"], Destination::Rastenburg),
        named(German, &["hoepner"], Destination::RoadBox(1)),
        named(German, &["guderian", "pz24", "pz46"], area_of("13")),
        named(German, &["dr", "pz47"], area_of("19")),
        named(German, &["hoth", "pz39"], area_of("7")),
        named(German, &["y1", "y2"], area_of("2A")),
        named(German, &["pz48"], Destination::KievIcon),
        named(
            German,
            &[
                "weichs", "y3", "fk2", "fk8", "pz41", "pz56", "tt", "gw1", "gw2",
            ],
            Destination::ForcePool,
        ),
    ];
    let setup = SetupData {
        id: "toy".into(),
        name: "Toy campaign".into(),
        spanish_name: "Juguete".into(),
        start_turn: 1,
        start_phase: eastfront_moscow41::data::Phase::Impulse,
        end_turn: 6,
        weather: Weather::Good,
        weather_fixed: false,
        initiative: German,
        initiative_limit: InitiativeLimit::Unlimited,
        control: ControlRule::BalkanCrosses,
        red_stars_disputed: false,
        discs: Discs {
            shlisselburg: true,
            leningrad: true,
            kiev: true,
        },
        road_in_play: true,
        hoepner_artillery: false,
        bombers_available: 8,
        soviet_vl_printed: 0,
        german_vl_printed: 0,
        german_vl_halved: false,
        soviet_vp_printed: 6,
        german_vp_printed: 1,
        victory: vec![
            VictoryCondition::SuddenDeathVp(7),
            VictoryCondition::MostVpAtEnd,
        ],
        deploy,
    };
    let mut sc1 = setup.clone();
    sc1.id = "toy1".into();
    sc1.end_turn = 1;
    sc1.initiative_limit = InitiativeLimit::OncePerGame;
    sc1.victory = vec![
        VictoryCondition::GermanDlsIn(vec!["20".into(), "8".into()]),
        VictoryCondition::GermanControlsAll(vec!["Chernigov".into(), "Romny".into()]),
        VictoryCondition::SuddenDeathVp(7),
        VictoryCondition::OtherwiseSoviet,
    ];
    let mut sc3 = setup.clone();
    sc3.id = "toy3".into();
    sc3.start_turn = 5;
    sc3.weather = Weather::Snow;
    sc3.weather_fixed = true;
    sc3.initiative_limit = InitiativeLimit::OncePerMonth;
    sc3.road_in_play = false;
    sc3.victory = vec![
        VictoryCondition::GermanControlsAll(vec!["Moscow".into()]),
        VictoryCondition::OtherwiseSoviet,
    ];
    let mut sc2 = sc3.clone();
    sc2.id = "toy2".into();
    sc2.start_turn = 4;
    sc2.start_phase = eastfront_moscow41::data::Phase::Logistic;
    sc2.weather = Weather::Good;
    sc2.weather_fixed = false;
    sc2.initiative_limit = InitiativeLimit::Unlimited;
    let setups = SetupsFile {
        setups: vec![setup, sc1, sc2, sc3],
    };
    ScenarioData {
        map,
        blocks,
        setups,
    }
}
