//! Combat odds, column shifts and the CRT roll (10.4–10.7, spec §7.1–7.2), with the spec's
//! worked examples E4, E5, E6 and E13 and the evidence's CRT oracles.

use eastfront_kernel::{Dice, Side};
use eastfront_no_retreat::combat::*;
use eastfront_no_retreat::data::{Column, CombatResult, ScenarioData, Terrain, UnitType};

use Column::*;
use CombatResult::*;

/// The odds with the shipped TEC.
fn odds(b: &Battle) -> Odds {
    eastfront_no_retreat::combat::odds(b, &ScenarioData::builtin().tables.tec)
}

fn att(kind: UnitType, strength: u8) -> AttackingUnit {
    AttackingUnit {
        kind,
        strength,
        supplied: true,
        ss: false,
        shock_front: false,
        finnish: false,
        across_river: false,
    }
}

fn def(kind: UnitType, strength: u8) -> DefendingUnit {
    DefendingUnit {
        kind,
        strength,
        unsupplied: false,
        ss: false,
    }
}

fn clear() -> TargetHex {
    TargetHex {
        terrain: Terrain::Clear,
        city: false,
        objective: false,
        oil: false,
        area: false,
    }
}

fn city(objective: bool) -> TargetHex {
    TargetHex {
        city: true,
        objective,
        ..clear()
    }
}

fn battle(attacker: Side, attackers: Vec<AttackingUnit>, defenders: Vec<DefendingUnit>) -> Battle {
    Battle {
        attacker,
        kind: BattleKind::Voluntary,
        attackers,
        defenders,
        target: clear(),
        weather: TurnWeather::Clear,
        double_winter_penalty: false,
        first_snow_turn: false,
        support: false,
        romania_surrendered: false,
        card_shifts: vec![],
    }
}

fn inf(n: u8) -> AttackingUnit {
    att(UnitType::Infantry, n)
}

fn dinf(n: u8) -> DefendingUnit {
    def(UnitType::Infantry, n)
}

fn reasons(o: &Odds) -> Vec<ShiftReason> {
    o.shifts.iter().map(|s| s.reason.clone()).collect()
}

/// Oracle 38 (10.5): 12 vs 9 → 1:1; 14 vs 9 → 3:2; 4 vs 5 → 1:2; 2:1 with 3R and 1L → 4:1.
/// Worked example E4 (10.5/10.6.4, odds): the table's ratios, rounded down.
#[test]
fn r10_5_odds_round_down_with_exact_arithmetic() {
    // E4 and evidence §1.5.
    assert_eq!(column_for(12, 9), Some(OneOne));
    assert_eq!(column_for(14, 9), Some(ThreeTwo));
    assert_eq!(column_for(15, 4), Some(ThreeOne));
    assert_eq!(column_for(18, 4), Some(FourOne), "4.5 rounds down");
    assert_eq!(column_for(25, 12), Some(TwoOne));
    assert_eq!(column_for(14, 11), Some(OneOne));
    assert_eq!(column_for(12, 5), Some(TwoOne));
    assert_eq!(column_for(13, 3), Some(FourOne));
    assert_eq!(
        column_for(3, 7),
        Some(OneThree),
        "3/7 is 1:3, not an automatic CA (U15)"
    );
    assert_eq!(column_for(1, 3), Some(OneThree));
    assert_eq!(column_for(4, 5), Some(OneTwo));
    assert_eq!(column_for(5, 4), Some(OneOne));
    assert_eq!(
        shift_column(TwoOne, 3 - 1),
        Some(FourOne),
        "2:1 with 3R, 1L"
    );
}

/// Oracle 39 (10.6.4): 24 vs 2 in a city → 5:1; below 1:3, initial or final, an automatic CA with no die.
/// Worked example E4 (10.6.4, odds): 24 vs 2 in a city, 2:1 with 3R 1L, 1 vs 4.
#[test]
fn r10_6_4_odds_limits() {
    assert_eq!(column_for(24, 2), Some(SixOne), "12:1 is 6:1");
    assert_eq!(column_for(1, 4), None, "below 1:3: automatic CA");
    assert_eq!(shift_column(SixOne, 2), Some(SixOne));
    assert_eq!(
        shift_column(OneThree, -1),
        None,
        "3/7 with 1L: automatic CA (U77)"
    );
    assert_eq!(
        shift_column(TwoOne, 3 - 1),
        Some(FourOne),
        "E4: 2:1 with 3R, 1L"
    );
    // E4: 24 vs 2 in a city: 12:1 → 6:1, then 1L → 5:1.
    let mut b = battle(Side::Soviet, vec![inf(24)], vec![dinf(2)]);
    b.target = city(false);
    let o = odds(&b);
    assert_eq!((o.initial, o.final_column), (Some(SixOne), Some(FiveOne)));
    // 1 vs 4: an automatic CA before any shift, no die rolled.
    let mut b = battle(Side::German, vec![inf(1)], vec![dinf(4)]);
    b.support = true;
    let o = odds(&b);
    assert!(o.automatic_ca());
    let tables = ScenarioData::builtin().tables;
    let mut dice = Dice::new(7);
    assert_eq!(roll(crt(&tables, Side::German), &o, &mut dice), (None, CA));
    assert_eq!(dice.events(), 0, "no die for an automatic CA");
}

/// Worked example E4 (10.6.1, odds): 9 vs 3 across a river into a city → 3:2.
#[test]
fn r10_6_1_city_objective_and_river_shifts() {
    // E4: 9 vs 3 across a river into a city: 3:1 → 3:2 (Odessa, §16 battle B).
    let mut a = inf(9);
    a.across_river = true;
    let mut b = battle(Side::German, vec![a], vec![dinf(3)]);
    b.target = city(false);
    let o = odds(&b);
    assert_eq!(o.initial, Some(ThreeOne));
    assert_eq!(reasons(&o), [ShiftReason::City, ShiftReason::River]);
    assert_eq!(o.final_column, Some(ThreeTwo));
    // The river counts only if every attacker crosses one.
    let mut b2 = b.clone();
    b2.attackers.push(inf(1));
    assert!(!reasons(&odds(&b2)).contains(&ShiftReason::River));
}

#[test]
fn r10_6_1_terrain_shifts_follow_the_tec() {
    for (t, shifted) in [
        (Terrain::Forest, true),
        (Terrain::Marsh, true),
        (Terrain::Mountain, true),
        (Terrain::Clear, false),
        (Terrain::Strait, true),
    ] {
        let mut b = battle(Side::German, vec![inf(8)], vec![dinf(4)]);
        b.target.terrain = t;
        let o = odds(&b);
        assert_eq!(o.net_shift(), if shifted { -1 } else { 0 }, "{t:?}");
    }
}

#[test]
fn r10_6_1_a_corrected_tec_changes_the_shift() {
    let mut tec = ScenarioData::builtin().tables.tec;
    for row in &mut tec.terrain {
        if row.terrain == Terrain::Mountain {
            row.defence_shift = 2;
        }
    }
    let mut b = battle(Side::German, vec![inf(8)], vec![dinf(4)]);
    b.target.terrain = Terrain::Mountain;
    assert_eq!(eastfront_no_retreat::combat::odds(&b, &tec).net_shift(), -2);
}

/// Worked example E4 (10.7.2/10.7.3, odds): 4 vs 5 in a counterblow hex → 1:2; 5 vs 4 counterattack → 1:1.
#[test]
fn r10_7_2_and_10_7_3_no_terrain_in_counterattacks_or_counterblows() {
    // E4: 4 vs 5 in a counterblow hex (Kiev) → 1:2; 5 vs 4 counterattack → 1:1.
    for (kind, a, d, col) in [
        (BattleKind::Counterblow, 4, 5, OneTwo),
        (BattleKind::Counterattack, 5, 4, OneOne),
    ] {
        let mut at = inf(a);
        at.across_river = true;
        let mut b = battle(Side::German, vec![at], vec![dinf(d)]);
        b.kind = kind;
        b.target = city(true);
        b.target.terrain = Terrain::Forest;
        let o = odds(&b);
        assert!(o.shifts.is_empty(), "{kind:?}: {:?}", o.shifts);
        assert_eq!(o.final_column, Some(col));
    }
}

/// Oracle 43 (10.6 ex./13.1): in snow a river gives no shift; 12 vs 3 in Stalingrad with Shock! → 3:1 (4:1 on the first Snow turn, [EXT] 10.6.2).
/// Worked example E5 (10.6, Stalingrad in snow): 4:1, +1R −1L −1L → 3:1, no armor bonus.
#[test]
fn r10_6_stalingrad_example_e5() {
    // A later Snow turn: 12 vs 3 → 4:1; Shock! 1R, city 1L, Objective 1L, frozen river 0.
    let mut tank = att(UnitType::Armor, 6);
    tank.across_river = true;
    let mut front = inf(6);
    front.across_river = true;
    let mut b = battle(Side::Soviet, vec![tank, front], vec![dinf(3)]);
    b.target = city(true);
    b.weather = TurnWeather::Snow;
    b.support = true;
    let o = odds(&b);
    assert_eq!(o.initial, Some(FourOne));
    assert_eq!(
        reasons(&o),
        [
            ShiftReason::City,
            ShiftReason::Objective,
            ShiftReason::Support
        ]
    );
    assert_eq!(
        o.final_column,
        Some(ThreeOne),
        "no armor bonus: a city is not clear"
    );
    assert_eq!(crt_side(Side::Soviet, b.weather, true), Side::Soviet);
    // E5 note [EXT]: on the first Snow turn the Shock! marker gives 2R → 4:1.
    b.first_snow_turn = true;
    assert_eq!(odds(&b).final_column, Some(FourOne));
}

/// Oracle 40 (10.6.2): one Blitz!/Shock! per battle (a flag of the attacker's battle), none for an all-Unsupplied attack.
#[test]
fn r10_6_2_support_marker() {
    let mut b = battle(Side::German, vec![inf(4)], vec![dinf(4)]);
    b.support = true;
    assert_eq!(odds(&b).final_column, Some(ThreeTwo));
    // Not for an attack made only by unsupplied units.
    b.attackers[0].supplied = false;
    assert_eq!(odds(&b).final_column, Some(OneOne));
    // The Axis Blitz! is never doubled by the first-snow rule.
    let mut b = battle(Side::German, vec![inf(4)], vec![dinf(4)]);
    b.support = true;
    b.first_snow_turn = true;
    assert_eq!(odds(&b).net_shift(), 1);
}

/// Oracle 41 (10.6.3): no armor 1R against armor or mechanized, off clear terrain, in mud or extreme winter; at most once per battle.
/// Worked example E4 (10.6.3, odds): 15 vs 3 against a mechanized defender → 5:1, no armor bonus.
#[test]
fn r10_6_3_armor_bonus() {
    let pz = || att(UnitType::Armor, 7);
    // Clear hex, infantry defenders, clear weather: 1R.
    let b = battle(Side::German, vec![pz()], vec![dinf(7)]);
    assert_eq!(reasons(&odds(&b)), [ShiftReason::ArmorBonus]);
    // Only once per battle.
    let b2 = battle(Side::German, vec![pz(), pz()], vec![dinf(14)]);
    assert_eq!(odds(&b2).net_shift(), 1);
    // Also in Snow (and the Axis winter penalty then applies: net 0).
    let mut s = b.clone();
    s.weather = TurnWeather::Snow;
    assert_eq!(
        reasons(&odds(&s)),
        [ShiftReason::ArmorBonus, ShiftReason::Winter]
    );
    // Not in mud or extreme winter, not in forest or a city, not against armor or
    // mechanized (E4 / §16: 15 vs the Bryansk Front → 5:1 with no bonus), not unsupplied.
    for w in [TurnWeather::Mud, TurnWeather::ExtremeWinter] {
        let mut m = b.clone();
        m.weather = w;
        assert!(
            !reasons(&odds(&m)).contains(&ShiftReason::ArmorBonus),
            "{w:?}"
        );
    }
    let mut f = b.clone();
    f.target.terrain = Terrain::Forest;
    assert!(!reasons(&odds(&f)).contains(&ShiftReason::ArmorBonus));
    let mut c = b.clone();
    c.target = city(false);
    assert!(!reasons(&odds(&c)).contains(&ShiftReason::ArmorBonus));
    let bryansk = battle(
        Side::German,
        vec![pz(), inf(4), inf(4)],
        vec![def(UnitType::Mechanized, 3)],
    );
    let o = odds(&bryansk);
    assert!(o.shifts.is_empty());
    assert_eq!(o.final_column, Some(FiveOne));
    let mut u = b.clone();
    u.attackers[0].supplied = false;
    assert!(
        !reasons(&odds(&u)).contains(&ShiftReason::ArmorBonus),
        "6.5.4"
    );
    // 13.5: non-SS Panzers lose it after Romania surrenders; Soviet tanks keep it.
    let mut r = b.clone();
    r.romania_surrendered = true;
    assert!(odds(&r).shifts.is_empty());
    let mut sov = battle(Side::Soviet, vec![pz()], vec![dinf(7)]);
    sov.romania_surrendered = true;
    assert_eq!(reasons(&odds(&sov)), [ShiftReason::ArmorBonus]);
}

/// Oracle 42 (14.5): an attack with the SS Panzer Army gets the armor 1R even in mud, against armor, in forest.
#[test]
fn r14_5_ss_panzer_always_gets_the_armor_bonus() {
    // U93: Luftwaffe + SS Panzer 8 vs 2nd Tank 5 = 3:2, +1 SS armour, +1 Blitz!, −1 river → 2:1.
    let mut ss = att(UnitType::Armor, 6);
    ss.ss = true;
    ss.across_river = true;
    let mut lw = inf(2);
    lw.across_river = true;
    let mut b = battle(Side::German, vec![lw, ss], vec![def(UnitType::Armor, 5)]);
    b.support = true;
    b.romania_surrendered = true;
    b.weather = TurnWeather::Clear;
    let o = odds(&b);
    assert_eq!(o.initial, Some(ThreeTwo));
    assert!(reasons(&o).contains(&ShiftReason::SsArmorBonus));
    assert_eq!(o.final_column, Some(TwoOne));
    // In mud and in forest too.
    b.weather = TurnWeather::Mud;
    b.target.terrain = Terrain::Forest;
    assert!(reasons(&odds(&b)).contains(&ShiftReason::SsArmorBonus));
}

/// Oracle 69 (14.7): a Shock army on its front face gives 1R to its attack (the loss rule: results_and_reorg.rs).
/// Oracle 70 (14.6): an SS Panzergrenadier defending gives 1L (the loss rule: results_and_reorg.rs).
#[test]
fn r14_7_shock_units_and_14_6_ss_panzergrenadiers() {
    // U72: 1st Byelorussian (Shock) 8 vs 4 = 2:1, +1 Shock!, +1 Shock front → 4:1.
    let mut sh = att(UnitType::Shock, 8);
    sh.shock_front = true;
    let mut b = battle(Side::Soviet, vec![sh], vec![dinf(2), dinf(2)]);
    b.support = true;
    let o = odds(&b);
    assert_eq!((o.initial, o.final_column), (Some(TwoOne), Some(FourOne)));
    assert!(reasons(&o).contains(&ShiftReason::ShockUnit));
    // An SS Panzergrenadier defending: 1L.
    let mut pg = def(UnitType::Mechanized, 3);
    pg.ss = true;
    let b = battle(Side::Soviet, vec![inf(6)], vec![pg]);
    assert_eq!(reasons(&odds(&b)), [ShiftReason::SsPanzergrenadier]);
    assert_eq!(odds(&b).final_column, Some(ThreeTwo));
}

/// Oracle 16 (6.5.4): an attack on a hex with an Unsupplied defender gets 2R.
#[test]
fn r6_5_4_unsupplied_defender_gives_two_right() {
    // CN: 11 vs 4 unsupplied West Front = 2:1, +1 armor, +2 unsupplied → 5:1.
    let mut d = dinf(4);
    d.unsupplied = true;
    let b = battle(
        Side::German,
        vec![att(UnitType::Armor, 7), inf(4)],
        vec![d.clone(), {
            let mut e = dinf(0);
            e.unsupplied = true;
            e
        }],
    );
    let o = odds(&b);
    assert_eq!(o.initial, Some(TwoOne));
    assert_eq!(o.final_column, Some(FiveOne));
    assert_eq!(
        o.shifts
            .iter()
            .filter(|s| s.reason == ShiftReason::UnsuppliedDefender)
            .count(),
        1,
        "once per battle"
    );
}

/// Oracle 68 (13.5 t5): on turn 5 an Axis attack takes 2L for weather; Finnish-only attacks take none.
#[test]
fn r13_1_axis_winter_penalty_and_soviet_crt_in_snow() {
    // U30, turn 5: 4th Army 4 vs South Front 3 = 1:1, −2 → 1:3.
    let mut b = battle(Side::German, vec![inf(4)], vec![dinf(3)]);
    b.weather = TurnWeather::ExtremeWinter;
    b.double_winter_penalty = true;
    let o = odds(&b);
    assert_eq!(o.net_shift(), -2);
    assert_eq!(o.final_column, Some(OneThree));
    // Finnish attackers alone suffer none, on turn 5 too.
    let mut fin5 = b.clone();
    fin5.attackers[0].finnish = true;
    assert_eq!(odds(&fin5).net_shift(), 0);
    // A later snow turn: 1L. Finnish attackers alone suffer none.
    b.double_winter_penalty = false;
    b.weather = TurnWeather::Snow;
    assert_eq!(odds(&b).net_shift(), -1);
    let mut fin = b.clone();
    fin.attackers[0].finnish = true;
    assert_eq!(odds(&fin).net_shift(), 0);
    // The Soviets suffer no winter shift.
    let mut s = battle(Side::Soviet, vec![inf(4)], vec![dinf(3)]);
    s.weather = TurnWeather::Snow;
    assert_eq!(odds(&s).net_shift(), 0);
    // [EXT] The Axis rolls on the Soviet CRT in Snow and Extreme Winter.
    assert_eq!(
        crt_side(Side::German, TurnWeather::Snow, true),
        Side::Soviet
    );
    assert_eq!(
        crt_side(Side::German, TurnWeather::ExtremeWinter, true),
        Side::Soviet
    );
    assert_eq!(crt_side(Side::German, TurnWeather::Mud, true), Side::German);
    assert_eq!(
        crt_side(Side::German, TurnWeather::Snow, false),
        Side::German
    );
    // Oracle: the Axis 2:1 roll 4 is DR in clear weather, EX in snow.
    let t = ScenarioData::builtin().tables;
    let two_one = Odds {
        attack: 8,
        defence: 4,
        initial: Some(TwoOne),
        shifts: vec![],
        final_column: Some(TwoOne),
    };
    let clear_crt = crt(&t, crt_side(Side::German, TurnWeather::Clear, true));
    let snow_crt = crt(&t, crt_side(Side::German, TurnWeather::Snow, true));
    assert_eq!(result(clear_crt, &two_one, 4), DR);
    assert_eq!(result(snow_crt, &two_one, 4), EX);
}

#[test]
fn r10_5_card_shifts_are_named() {
    let mut b = battle(Side::Soviet, vec![inf(12)], vec![dinf(4)]);
    b.card_shifts = vec![("Soviet Logistic Problems".into(), -1)];
    let o = odds(&b);
    assert_eq!(o.final_column, Some(TwoOne));
    assert_eq!(
        o.shifts[0].describe(),
        "Soviet Logistic Problems 1L (10.5 step 2)"
    );
}

/// Worked example E6 (10.7, counterblows and counterattacks): the CRT cells of the three battles.
#[test]
fn r10_7_counterblow_example_e6() {
    let t = ScenarioData::builtin().tables;
    let at = |col| Odds {
        attack: 0,
        defence: 0,
        initial: Some(col),
        shifts: vec![],
        final_column: Some(col),
    };
    let axis = crt(&t, Side::German);
    let soviet = crt(&t, Side::Soviet);
    assert_eq!(result(axis, &at(ThreeTwo), 3), CB, "vs Volkhov");
    assert_eq!(result(axis, &at(OneOne), 2), CA, "vs the Northwest Front");
    assert_eq!(
        result(soviet, &at(OneTwo), 5),
        CB,
        "the Soviet counterattack"
    );
    assert_eq!(result(axis, &at(OneTwo), 1), CA, "vs the 1st Baltic Front");
}

/// Worked example E13 (§16, combined example): battles A, B, C and the counterattack, odds and results.
#[test]
fn r16_combined_example_e13() {
    let t = ScenarioData::builtin().tables;
    // Battle A: 15 vs the Bryansk Front 3 → 5:1 (no armor bonus), die 3 → DS.
    let a = battle(
        Side::German,
        vec![att(UnitType::Armor, 7), inf(4), inf(4)],
        vec![def(UnitType::Mechanized, 3)],
    );
    let oa = odds(&a);
    assert_eq!(oa.final_column, Some(FiveOne));
    let mut dice = Dice::new(1);
    dice.script(&[3]).unwrap();
    assert_eq!(roll(crt(&t, Side::German), &oa, &mut dice), (Some(3), DS));
    // Battle B: 9 vs 3 in Odessa across a river → 3:2.
    let mut b = battle(Side::German, vec![inf(4), inf(5)], vec![dinf(3)]);
    for x in &mut b.attackers {
        x.across_river = true;
    }
    b.target = city(false);
    assert_eq!(odds(&b).final_column, Some(ThreeTwo));
    // Battle C: the 6th Army 4 vs the Central Front 5 in the counterblow hex → 1:2, die 1 → CA.
    let mut c = battle(
        Side::German,
        vec![inf(4)],
        vec![def(UnitType::Mechanized, 5)],
    );
    c.kind = BattleKind::Counterblow;
    c.target = city(false);
    let oc = odds(&c);
    assert_eq!(oc.final_column, Some(OneTwo));
    assert_eq!(result(crt(&t, Side::German), &oc, 1), CA);
    // With Blitz! it would have been 1:1.
    c.support = true;
    assert_eq!(odds(&c).final_column, Some(OneOne));
    // The Soviet counterattack 5 vs 4 → 1:1 on the Soviet CRT: 3 → CB, the re-roll 2 → CA,
    // and "even a 5 would help": EX.
    let mut d = battle(
        Side::Soviet,
        vec![att(UnitType::Mechanized, 5)],
        vec![dinf(4)],
    );
    d.kind = BattleKind::Counterattack;
    let od = odds(&d);
    assert_eq!(od.final_column, Some(OneOne));
    let s = crt(&t, Side::Soviet);
    assert_eq!(
        (result(s, &od, 3), result(s, &od, 2), result(s, &od, 5)),
        (CB, CA, EX)
    );
}

#[test]
fn r10_5_the_die_comes_from_the_kernel_dice() {
    let t = ScenarioData::builtin().tables;
    let o = odds(&battle(Side::German, vec![inf(8)], vec![dinf(4)]));
    let mut a = Dice::new(42);
    let mut b = Dice::new(42);
    let ra: Vec<_> = (0..20)
        .map(|_| roll(crt(&t, Side::German), &o, &mut a))
        .collect();
    let rb: Vec<_> = (0..20)
        .map(|_| roll(crt(&t, Side::German), &o, &mut b))
        .collect();
    assert_eq!(ra, rb, "same seed, same rolls");
    assert!(ra
        .iter()
        .all(|(d, _)| d.is_some_and(|d| (1..=6).contains(&d))));
}
