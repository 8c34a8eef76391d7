//! Every fact the rules and the evidence state about the counters, markers and cards, checked
//! against `scenarios/no_retreat/units.ron` and `cards.ron` (spec §2.3–2.6, §7.6).

use eastfront_kernel::Side;
use eastfront_no_retreat::data::*;
use std::collections::HashSet;

fn data() -> ScenarioData {
    ScenarioData::builtin()
}

fn unit<'a>(d: &'a ScenarioData, id: &str) -> &'a UnitData {
    d.unit(id).unwrap_or_else(|| panic!("no unit {id}"))
}

fn sm(f: &Face) -> (Option<u8>, u8) {
    (f.strength, f.movement)
}

#[test]
fn r2_4_stated_unit_values() {
    let d = data();
    assert_eq!(
        sm(&unit(&d, "ge_16a").front),
        (Some(3), 4),
        "6.4 example: 3-4"
    );
    let r18 = unit(&d, "ge_18a");
    assert_eq!(
        sm(r18.face(true)),
        (Some(3), 3),
        "6.4 example: 3-3 on its last step"
    );
    assert_eq!(sm(&unit(&d, "ge_6a").front), (Some(4), 4), "§16: 4-4");
    assert_eq!(
        unit(&d, "ge_6a").face(true).strength,
        Some(3),
        "10.6 example: 3"
    );
    // §16: Central 5, Bryansk 3 (armor or mechanized), South 3; 6.4/8.5: Kalinin 4.
    assert_eq!(unit(&d, "so_central").face(true).strength, Some(5));
    let bryansk = unit(&d, "so_bryansk").face(true);
    assert_eq!(bryansk.strength, Some(3));
    assert!(
        !bryansk.kind.is_infantry_type(),
        "no armor bonus against it (§16)"
    );
    assert_eq!(unit(&d, "so_south").face(true).strength, Some(3));
    assert_eq!(unit(&d, "so_kalinin").face(true).strength, Some(4));
    // 10.6 example: the 3rd Tank Army and the 2nd Ukrainian Front total 12 (the red faces of
    // the Reserve and Steppe Fronts).
    let red = |id: &str| unit(&d, id);
    assert_eq!(red("so_reserve").front.name, "3rd Tank Army");
    assert_eq!(red("so_steppe").front.name, "2nd Ukrainian Front");
    assert_eq!(
        red("so_reserve").front.strength.unwrap() + red("so_steppe").front.strength.unwrap(),
        12
    );
}

#[test]
fn r2_3_step_models() {
    let d = data();
    for u in &d.units.units {
        match u.nation {
            Nation::German if !u.cadre && u.steps == Steps::Two => {
                let (f, b) = (&u.front, u.back.as_ref().unwrap());
                assert!(b.strength <= f.strength, "{}: reduced ≤ full", u.id);
            }
            Nation::Romanian | Nation::Hungarian | Nation::Italian => {
                assert_eq!(u.steps, Steps::One, "14.2: {} has one step", u.id);
                assert!(
                    matches!(u.on_elimination, OnElimination::TurnTrack(_)),
                    "14.2"
                );
            }
            Nation::Soviet if u.steps == Steps::SovietFront => {
                let (red, brown) = (&u.front, u.back.as_ref().unwrap());
                assert!(
                    red.strength > brown.strength,
                    "{}: red is the improved face",
                    u.id
                );
            }
            _ => {}
        }
        if u.cadre {
            assert_eq!(u.steps, Steps::One, "14.9: cadres have one step");
            assert_eq!(u.on_elimination, OnElimination::CadreTrack, "14.9.3");
        }
    }
    // 14.1: the Finns are fortified, two steps, immobile, without ZOC.
    let fi = unit(&d, "fi_army");
    assert_eq!(fi.steps, Steps::Two);
    for f in [&fi.front, fi.back.as_ref().unwrap()] {
        assert_eq!(
            (f.kind, f.movement, f.no_zoc),
            (UnitType::Fortified, 0, true)
        );
    }
    // 10.7 example: the Leningrad fortress is white; 14.1: fortified has no MA and no ZOC,
    // the regional face has a ZOC (8.5 example) and one step.
    let len = unit(&d, "so_leningrad");
    assert_eq!(len.steps, Steps::RegionalFortified);
    assert!(len.front.white && len.front.no_zoc && len.front.movement == 0);
    let reg = len.back.as_ref().unwrap();
    assert_eq!(reg.kind, UnitType::Regional);
    assert!(!reg.no_zoc && reg.movement > 0);
}

#[test]
fn r14_special_units() {
    let d = data();
    // 14.5: the SS Panzer Army; 14.6: SS Panzergrenadiers.
    let ss = unit(&d, "ge_sspz");
    assert!(ss.ss && ss.front.kind.is_armor());
    let pg = unit(&d, "ge_sspg");
    assert!(pg.ss && pg.front.kind == UnitType::Mechanized);
    // 14.7: two Shock units (their red faces).
    let shock = d
        .units
        .units
        .iter()
        .filter(|u| u.front.kind == UnitType::Shock)
        .count();
    assert_eq!(shock, 2);
    assert_eq!(
        unit(&d, "so_southwest").front.name,
        "1st Byelorussian Front"
    );
    // 13.5: Oil, GG and Warsaw codes.
    let code = |id| unit(&d, id).code;
    for id in ["ge_age", "ge_agf", "ro_sov", "yu_1", "yu_2"] {
        assert_eq!(code(id), Some(Code::Oil), "{id}");
    }
    for id in ["hu_gg1", "hu_gg3"] {
        assert_eq!(code(id), Some(Code::Gg), "{id}");
    }
    assert_eq!(code("pl_1"), Some(Code::Warsaw));
    assert_eq!(
        unit(&d, "pl_1").steps,
        Steps::One,
        "13.5: the Polish unit has one step"
    );
    assert!(
        unit(&d, "ro_sov").back.is_some(),
        "13.5: enters on its reduced side"
    );
    // 14.8: the Yugoslav armies have a fortified side.
    for id in ["yu_1", "yu_2"] {
        assert_eq!(unit(&d, id).front.kind, UnitType::Fortified);
    }
    // 13.5, 12.5: the Berlin Garrison and the Volkssturm arrive on turn 23; 14.11 one step.
    assert_eq!(code("ge_berlin"), Some(Code::Turn(23)));
    let vs: Vec<&UnitData> = d
        .units
        .units
        .iter()
        .filter(|u| u.id.starts_with("ge_vs_"))
        .collect();
    assert!(!vs.is_empty());
    for v in vs {
        assert_eq!(
            (v.steps, v.code, v.on_elimination),
            (Steps::One, Some(Code::Turn(23)), OnElimination::Permanent)
        );
    }
    // 14.10: the Luftwaffe unit returns by the turn track.
    assert!(matches!(
        unit(&d, "ge_lw").on_elimination,
        OnElimination::TurnTrack(_)
    ));
    // Evidence: arrivals seen in play.
    assert_eq!(code("ge_2a"), Some(Code::Turn(2)), "U9");
    assert_eq!(code("so_don"), Some(Code::Turn(9)), "U61");
    assert_eq!(code("so_kursk"), Some(Code::Turn(12)), "U86");
    assert_eq!(code("so_steppe"), Some(Code::Turn(13)), "U94");
    assert_eq!(
        sm(unit(&d, "so_steppe").face(true)),
        (Some(3), 3),
        "U94: 3-3"
    );
}

#[test]
fn r15_optional_units() {
    let d = data();
    let opt = |rule: &str| -> Vec<&UnitData> {
        d.units
            .units
            .iter()
            .filter(|u| u.optional.as_deref() == Some(rule))
            .collect()
    };
    let abt = opt("15.1");
    assert_eq!(
        abt.iter().filter(|u| sm(&u.front) == (Some(3), 3)).count(),
        2
    );
    assert_eq!(
        abt.iter().filter(|u| sm(&u.front) == (Some(2), 5)).count(),
        1
    );
    let ff = opt("15.2");
    assert_eq!(
        ff.iter().filter(|u| sm(&u.front) == (Some(4), 3)).count(),
        1
    );
    assert_eq!(
        ff.iter().filter(|u| sm(&u.front) == (Some(3), 2)).count(),
        2
    );
    let rez = opt("15.8");
    assert_eq!(rez.len(), 1);
    assert_eq!(rez[0].front.strength, None, "strength X");
    assert_eq!(rez[0].code, Some(Code::Turn(5)));
}

#[test]
fn evidence_strength_sums_match_the_counters() {
    // Evidence §2.3: LP battle totals are sums of the counter values.
    let d = data();
    let s = |id: &str, reduced: bool| u32::from(unit(&d, id).face(reduced).strength.unwrap());
    // U12 turn 2: 1st Panzer (reduced by the U8 EX) + 2nd Army + 11th Army + two Rumanians = 18.
    assert_eq!(
        s("ge_1pz", true)
            + s("ge_2a", false)
            + s("ge_11a", false)
            + s("ro_3", false)
            + s("ro_4", false),
        18
    );
    // U12: 9th Army + 2nd Panzer + 3rd Panzer = 17.
    assert_eq!(
        s("ge_9a", false) + s("ge_2pz", false) + s("ge_3pz", false),
        17
    );
    // U64: 1st Byelorussian + 3rd Baltic + 3rd Byelorussian + Northwest = 25 vs 1st + 2nd Pz = 12.
    assert_eq!(
        s("so_southwest", false)
            + s("so_volkhov", false)
            + s("so_west", false)
            + s("so_northwest", true),
        25
    );
    assert_eq!(s("ge_1pz", true) + s("ge_2pz", false), 12);
    // U34: Caucasus + Crimean + Kalinin + Volkhov = 14.
    assert_eq!(
        s("so_caucasus", true)
            + s("so_crimean", true)
            + s("so_kalinin", true)
            + s("so_volkhov", true),
        14
    );
    // U93: Luftwaffe + SS Panzer = 8.
    assert_eq!(s("ge_lw", false) + s("ge_sspz", false), 8);
}

#[test]
fn r2_5_markers() {
    let d = data();
    let m = |id: &str| d.units.markers.iter().find(|m| m.id == id).unwrap();
    assert_eq!(m("target_axis").count, 5, "10.1");
    assert_eq!(m("target_soviet").count, 5, "10.1");
    assert_eq!(m("target_axis").faces, ["Target", "Counterblow"]);
    assert_eq!(m("vp").faces, ["Drang Nach Osten!", "Na Berlin!"], "12.9");
    assert_eq!(m("weather").count, 3, "14.14");
    assert_eq!(m("solitaire").count, 5, "2.3, 15.10");
    let round: u32 = d
        .units
        .markers
        .iter()
        .filter(|m| !m.square)
        .map(|m| u32::from(m.count))
        .sum();
    assert_eq!(round, 56, "2.1: 56 round markers");
    for sq in ["vp", "high_tide", "weather"] {
        assert!(m(sq).square, "{sq} is square");
    }
}

#[test]
fn r2_6_cards() {
    let d = data();
    let cards = &d.cards.cards;
    assert_eq!(cards.len(), 55, "2.1");
    let nums: HashSet<u8> = cards.iter().map(|c| c.number).collect();
    assert_eq!(nums, (1..=55).collect());
    let card = |n: u8| cards.iter().find(|c| c.number == n).unwrap();
    assert_eq!(
        card(12).weather,
        Some(WeatherCard::ToMud),
        "the card-12 erratum"
    );
    assert_eq!(card(12).title.as_deref(), Some("General Mud"));
    for n in 32..=35 {
        assert!(card(n).weather.is_some(), "14.14.1: card {n}");
    }
    let jokers: Vec<&CardData> = cards.iter().filter(|c| c.joker).collect();
    assert_eq!(jokers.len(), 1, "15.7");
    assert_eq!(
        cards.iter().filter(|c| c.green_45).count(),
        13,
        "SB: 13 green-45 cards"
    );
    assert!(
        cards.iter().any(|c| c.no_1945),
        "5.5: some cards leave in 1945"
    );
    // 14.13: cards 7 and 41 explain the Scorched Earth / Defensive Works markers.
    let mentions = |n: u8| {
        let c = card(n);
        [&c.axis, &c.soviet].into_iter().flatten().any(|h| {
            h.text
                .as_deref()
                .is_some_and(|t| t.contains("Scorched Earth") || t.contains("Defensive Works"))
        })
    };
    assert!(mentions(7) && mentions(41));
    // 5.0 example: Rasputitsa is Soviet, with the Balkenkreuz; General Staff is Axis.
    let half = |title: &str| {
        cards
            .iter()
            .flat_map(|c| {
                [
                    c.axis.as_ref().map(|h| (Side::German, h)),
                    c.soviet.as_ref().map(|h| (Side::Soviet, h)),
                ]
            })
            .flatten()
            .find(|(_, h)| h.title == title)
            .unwrap_or_else(|| panic!("no card half {title}"))
    };
    let (side, r) = half("Rasputitsa");
    assert_eq!((side, r.initiative), (Side::Soviet, Some(Side::German)));
    assert_eq!(half("General Staff").0, Side::German);
    // §16 and CZ: the Stavka and Erich von Manstein halves share a card.
    let c1 = card(1);
    assert_eq!(c1.axis.as_ref().unwrap().title, "Erich von Manstein");
    assert_eq!(c1.soviet.as_ref().unwrap().title, "Stavka");
    for t in [
        "Gott Mit Uns",
        "Heinz Guderian",
        "Inexperienced Soviet Officers",
    ] {
        assert_eq!(half(t).0, Side::German, "{t}");
    }
    for t in ["Maskirovka", "Heroes of the Soviet Union"] {
        assert_eq!(half(t).0, Side::Soviet, "{t}");
    }
    // A half whose text is lost is marked reconstructed (played only as currency).
    for c in cards {
        for h in [&c.axis, &c.soviet].into_iter().flatten() {
            if h.text.is_none() {
                assert!(
                    h.prov.is_reconstructed() || matches!(h.prov, Prov::Evidence(_)),
                    "card {}",
                    c.number
                );
            }
        }
    }
}
