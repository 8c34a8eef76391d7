//! One battle, rules 10.11–10.15: the worked examples E9–E12 and the combat test oracles of
//! `shared/rules/moscow-41.md` §9 and §11, with scripted dice so every test asserts exact
//! behaviour (every scripted die must be used, and no die more).

mod battle_kit;

use battle_kit::*;
use eastfront_kernel::blocks::Firepower::{Double, Single, Triple};
use eastfront_kernel::Side;
use eastfront_moscow41::battle::*;
use Side::{German, Soviet};

// ---------- §9 worked examples ----------

/// E9 [R 10.10.1]: 2 FK at 4★ in Sunny weather: its He-111s each roll 4 dice hitting on 5–6.
#[test]
fn e9_luftwaffe_commitment() {
    let mut s = german_attack(
        Terrain::Green,
        vec![combat(1, German, 4, Single), combat(11, Soviet, 4, Single)],
    );
    s.bombers = (1..=4).map(|i| he111(i, 4)).collect();
    let b = run_out(
        s,
        &[
            1, // AA of the Soviet block: miss
            5, 6, 1, 1, // He-111 #1: 2 hits
            1, 1, 1, 1, // #2: none
            4, 4, 4, 4, // #3: a 4 misses with FD
            6, 1, 1, 1, // #4: 1 hit
            1, // the Soviet block, now 1, fires 1 die
            1, 1, 1, 1, // the German block fires 4 dice
        ],
    );
    let air: Vec<_> = rolls(&b)
        .into_iter()
        .filter(|r| matches!(r.0, FireSource::Bomber { .. }))
        .collect();
    assert_eq!(air.len(), 4);
    assert!(air.iter().all(|r| r.1 == Double && r.2.len() == 4));
    assert_eq!(air.iter().map(|r| r.3).collect::<Vec<_>>(), [2, 0, 0, 1]);
    assert_eq!(strength(&b, 11), 1, "3 air hits, no absorption on green");
    assert_eq!(ground_dice(&b, 11), Some(1));
    let r = b.result().unwrap();
    assert!(r.bombers.iter().all(|b| b.1 == BomberFate::Attacked));
    assert_eq!(r.attacker_hits, 3);
}

/// E10 [R 10.12.3]: 4 He-111 + 2 Stukas over a tank corps (FD), an infantry corps (FS) and a
/// DL (FS): 3 AA dice, 3 hits; the German takes two as one He-111 Destroyed and one as an
/// He-111 Aborted; 2 He-111 (FD) and 2 Stukas (FT) make the Air Attack.
#[test]
fn e10_anti_aircraft() {
    let mut s = german_attack(
        Terrain::Green,
        vec![
            combat(1, German, 4, Single),
            combat(2, German, 4, Single),
            combat(11, Soviet, 3, Double).tank(),
            combat(12, Soviet, 3, Single),
        ],
    );
    s.defender_dl = true;
    s.bombers = vec![
        he111(1, 4),
        he111(2, 4),
        he111(3, 4),
        he111(4, 4),
        stuka(5, 4),
        stuka(6, 4),
    ];
    let mut b = Battle::new(s).unwrap();
    // AA: DL 6 (FS hit), tank 5 (FD hit), infantry 6 (FS hit).
    let mut d = dice(&[6, 5, 6]);
    assert_eq!(b.run(&mut d), Progress::NeedsChoice(German));
    let aa: Vec<_> = rolls(&b);
    assert_eq!(
        aa.iter().map(|r| (r.0, r.1, r.2.len())).collect::<Vec<_>>(),
        [
            (FireSource::AntiAircraft { unit: None }, Single, 1),
            (FireSource::AntiAircraft { unit: Some(11) }, Double, 1),
            (FireSource::AntiAircraft { unit: Some(12) }, Single, 1),
        ]
    );
    let p = b.pending_choice().unwrap();
    assert_eq!((p.side, p.hits_left), (German, 3));
    // One option per kind of bomber: destroy or abort an He-111 or a Stuka.
    assert_eq!(
        p.options,
        [
            BattleOption::DestroyBomber(1),
            BattleOption::DestroyBomber(5),
            BattleOption::AbortBomber(1),
            BattleOption::AbortBomber(5),
        ]
    );
    b.choose(BattleOption::DestroyBomber(1)).unwrap();
    assert_eq!(b.run(&mut d), Progress::NeedsChoice(German));
    let p = b.pending_choice().unwrap();
    assert_eq!(p.hits_left, 1);
    assert_eq!(
        p.options,
        [BattleOption::AbortBomber(2), BattleOption::AbortBomber(5)]
    );
    b.choose(BattleOption::AbortBomber(2)).unwrap();
    // Air Attack: #3, #4 (He-111, 4 dice FD), #5, #6 (Stuka, 4 dice FT): no hits. Then the
    // ground combat: DL 1 + 3 + 3 Soviet dice, 8 German dice, all misses.
    d.script(&[1; 16]).unwrap();
    d.script(&[1; 7]).unwrap();
    d.script(&[1; 8]).unwrap();
    assert_eq!(b.run(&mut d), Progress::Finished);
    assert_eq!(d.scripted_left(), 0);
    let air: Vec<_> = rolls(&b)
        .into_iter()
        .filter_map(|r| match r.0 {
            FireSource::Bomber { bomber } => Some((bomber, r.1, r.2.len())),
            _ => None,
        })
        .collect();
    assert_eq!(
        air,
        [
            (3, Double, 4),
            (4, Double, 4),
            (5, Triple, 4),
            (6, Triple, 4)
        ]
    );
    let r = b.result().unwrap();
    assert_eq!(r.bomber(1), Some(BomberFate::Destroyed));
    assert_eq!(r.bomber(2), Some(BomberFate::Aborted));
    for i in 3..=6 {
        assert_eq!(r.bomber(i), Some(BomberFate::Attacked));
    }
}

/// E11 [R 10.14.1]: two German 4-point tanks attack Vyazma (Yellow + City) held by a Soviet
/// ♥ HQ and a DL: Absorption 3. The DL's die hits one tank (owner's choice) 4→3; the
/// Germans then roll 7 dice, 3 hits, all absorbed (terrain, City, DL).
#[test]
fn e11_vyazma_loss_allocation() {
    let vyazma = |german_hits: usize| {
        let mut s = german_attack(
            Terrain::Yellow,
            vec![
                combat(1, German, 4, Double).tank(),
                combat(2, German, 4, Double).tank(),
                hq(11, Soviet, 0),
            ],
        );
        s.city = true;
        s.defender_dl = true;
        assert_eq!(s.absorption(), 3);
        let mut b = Battle::new(s).unwrap();
        let mut d = dice(&[6]); // the DL's die
        assert_eq!(b.run(&mut d), Progress::NeedsChoice(German));
        let p = b.pending_choice().unwrap();
        assert_eq!(p.rule, "10.14.1");
        assert_eq!(
            p.options,
            [BattleOption::HitBlock(1), BattleOption::HitBlock(2)]
        );
        assert_eq!(
            b.choose(BattleOption::HitBlock(11)),
            Err(BattleError::IllegalOption(BattleOption::HitBlock(11)))
        );
        b.choose(BattleOption::HitBlock(2)).unwrap();
        let mut german = vec![6; german_hits];
        german.resize(7, 1);
        d.script(&german).unwrap();
        assert_eq!(b.run(&mut d), Progress::Finished);
        assert_eq!(d.scripted_left(), 0);
        b
    };

    let b = vyazma(3);
    // The ♥ HQ rolled nothing; the tanks rolled 4 and 3 dice (oracle 41: 7, not 8).
    assert_eq!(ground_dice(&b, 11), None);
    assert_eq!(ground_dice(&b, 1), Some(4));
    assert_eq!(ground_dice(&b, 2), Some(3));
    let r = b.result().unwrap();
    assert_eq!((strength(&b, 1), strength(&b, 2)), (4, 3));
    assert_eq!(r.absorbed, 3);
    assert!(!r.defender_dl_destroyed);
    assert_eq!(destroyed(&b, 11), None);
    assert_eq!(r.wiped_out, None);

    // A fourth hit destroys the DL; the fifth is needed for the ♥ HQ.
    let b = vyazma(4);
    assert!(b.result().unwrap().defender_dl_destroyed);
    assert_eq!(destroyed(&b, 11), None);
    let b = vyazma(5);
    assert!(b.result().unwrap().defender_dl_destroyed);
    assert_eq!(destroyed(&b, 11), Some(LossDestination::ForcePool));
    assert_eq!(b.result().unwrap().wiped_out, Some(Soviet));
}

/// E12 [R 11.0 example]: an HQ in the battle area fights as a unit: FD, dice = its stars.
#[test]
fn e12_hq_in_the_battle_area_fires_fd() {
    let mut s = BattleSetup::new(Soviet, Terrain::Green);
    s.units = vec![
        hq(11, Soviet, 2),
        combat(12, Soviet, 3, Single),
        combat(1, German, 2, Single),
    ];
    // German 2 dice first (misses), then Soviet HQ 2 dice (5, 5: FD hits), infantry 3 dice.
    let b = run_out(s, &[1, 1, 5, 5, 1, 1, 1]);
    let hq_roll = rolls(&b)
        .into_iter()
        .find(|r| r.0 == FireSource::Ground { unit: Some(11) })
        .unwrap();
    assert_eq!((hq_roll.1, hq_roll.2.len(), hq_roll.3), (Double, 2, 2));
    assert_eq!(
        destroyed(&b, 1),
        Some(LossDestination::EliminatedPermanently)
    );
}

// ---------- §11 test oracles ----------

/// Oracle 21 [R 8.0, 3.1]: in Snow a German attacking 3-point block rolls 1 die; a Soviet
/// attacking 3-point block rolls 3.
#[test]
fn oracle21_snow_halves_german_attackers_only() {
    let mut s = german_attack(
        Terrain::Green,
        vec![combat(1, German, 3, Single), combat(11, Soviet, 3, Single)],
    );
    s.weather = Weather::Snow;
    let b = run_out(s, &[1, 1, 1, 1]);
    assert_eq!(ground_dice(&b, 1), Some(1));
    assert_eq!(ground_dice(&b, 11), Some(3), "defender unaffected");

    let mut s = BattleSetup::new(Soviet, Terrain::Green);
    s.weather = Weather::Snow;
    s.units = vec![combat(11, Soviet, 3, Single), combat(1, German, 3, Single)];
    let b = run_out(s, &[1, 1, 1, 1, 1, 1]);
    assert_eq!(ground_dice(&b, 11), Some(3));
    assert_eq!(ground_dice(&b, 1), Some(3));
}

/// Oracle 22 [R 8.0]: in Rain a Soviet attacking 4-point army rolls 1 die; the German
/// defender rolls its full strength.
#[test]
fn oracle22_rain_attackers_roll_one_die() {
    let mut s = BattleSetup::new(Soviet, Terrain::Green);
    s.weather = Weather::Rain;
    s.units = vec![combat(11, Soviet, 4, Single), combat(1, German, 4, Single)];
    let b = run_out(s, &[1, 1, 1, 1, 1]);
    assert_eq!(ground_dice(&b, 1), Some(4));
    assert_eq!(ground_dice(&b, 11), Some(1));
}

/// Oracle 41 [R 10.12.5]: without Armored Attack the Defender fires first and its hits are
/// applied before the Attacker rolls (only survivors fire, with their reduced strength).
#[test]
fn oracle41_defender_fires_first_and_hits_land_before_the_reply() {
    let s = german_attack(
        Terrain::Green,
        vec![
            combat(1, German, 4, Single),
            combat(2, German, 1, Single),
            combat(11, Soviet, 4, Double),
        ],
    );
    // Soviet 4 dice FD: 5, 5, 6, 1 = 3 hits: 4→3, then 3 vs 1 → 3→2, then 2→1.
    let b = run_out(s, &[5, 5, 6, 1, 1, 1]);
    let r = b.result().unwrap();
    assert_eq!(r.first_to_fire, Soviet);
    assert!(!r.armored_attack);
    assert_eq!(strength(&b, 1), 1);
    assert_eq!(ground_dice(&b, 1), Some(1));
    assert_eq!(ground_dice(&b, 2), Some(1));
}

/// Oracle 42 [R 10.12.5.2]: Armored Attack iff Sunny, Green, no defender DL/City, attacker
/// has a tank and the defender none — evaluated after the Air Attack; cancelled when the
/// area is newly disputed and every attacking tank crossed a river.
#[test]
fn oracle42_armored_attack() {
    let base = || {
        german_attack(
            Terrain::Green,
            vec![
                combat(1, German, 2, Double).tank(),
                combat(2, German, 2, Single),
                combat(11, Soviet, 2, Single),
            ],
        )
    };
    let armored = |s: BattleSetup| {
        let b = run_out(s, &[1; 6]);
        let r = b.result().unwrap().clone();
        // The order of the rolls follows.
        let first = rolls(&b)[0].0;
        (r.armored_attack, r.first_to_fire, first)
    };
    assert_eq!(
        armored(base()),
        (true, German, FireSource::Ground { unit: Some(1) })
    );
    let mut s = base();
    s.weather = Weather::Rain;
    // In Rain the attackers roll 1 die each.
    let b = run_out(s, &[1, 1, 1, 1]);
    assert!(!b.result().unwrap().armored_attack);
    let mut s = base();
    s.terrain = Terrain::Yellow;
    assert!(!armored(s).0);
    let mut s = base();
    s.city = true;
    assert!(!armored(s).0, "a City the defender controls");
    let mut s = base();
    s.city = true;
    s.defender_controls = false;
    assert!(armored(s).0, "GAP-18: a City the defender does not control");
    let mut s = base();
    s.units[2].is_tank = true;
    assert!(!armored(s).0, "the defender has a tank");
    let mut s = base();
    s.units[0].is_tank = false;
    assert!(!armored(s).0, "no attacking tank");
    let mut s = base();
    s.units[0].across_river = true;
    // The only tank crossed a river into a newly disputed area: no Armored Attack (and it
    // rolls 1 die).
    let b = run_out(s.clone(), &[1, 1, 1, 1, 1]);
    assert!(!b.result().unwrap().armored_attack);
    assert_eq!(ground_dice(&b, 1), Some(1));
    s.newly_disputed = false;
    assert!(
        armored(s).0,
        "not newly disputed: the blue cube does not matter"
    );
    let mut s = base();
    s.units[0].across_river = true;
    s.units
        .insert(1, combat(3, German, 2, Double).tank().named("second tank"));
    let b = run_out(s, &[1; 7]);
    assert!(b.result().unwrap().armored_attack, "one tank did not cross");

    // A defender DL prevents it, unless Artillery destroys the DL first (evaluated after Air).
    let mut s = base();
    s.defender_dl = true;
    assert!(!armored(s.clone()).0);
    s.artillery = vec![artillery(50, 2)];
    // Artillery 5, 6: one hit absorbed by the DL bonus, one destroys the DL. Then the tank
    // fires first.
    let b = run_out(s, &[5, 6, 1, 1, 1, 1, 1, 1]);
    let r = b.result().unwrap();
    assert!(r.defender_dl_destroyed && r.armored_attack);
    assert_eq!(r.absorbed, 1);
}

/// Oracle 43 [R 10.13]: absorption never exceeds 3; boxes give none; Yellow gives 1 even
/// uncontrolled; a City 1 and a Victory Area 2 only if the defender controls the area; the
/// attacker never absorbs.
#[test]
fn oracle43_absorption_bonus() {
    let pool = |terrain, city, controls, dl| {
        let mut s = BattleSetup::new(German, terrain);
        s.city = city;
        s.defender_controls = controls;
        s.defender_dl = dl;
        s.absorption()
    };
    assert_eq!(pool(Terrain::Green, false, true, false), 0);
    assert_eq!(pool(Terrain::Green, true, true, false), 1);
    assert_eq!(pool(Terrain::Green, true, false, false), 0);
    assert_eq!(pool(Terrain::Green, false, true, true), 1);
    assert_eq!(pool(Terrain::Green, false, false, true), 0);
    assert_eq!(pool(Terrain::Yellow, false, false, false), 1);
    assert_eq!(pool(Terrain::Yellow, true, true, true), 3);
    assert_eq!(pool(Terrain::Victory, false, true, false), 2);
    assert_eq!(pool(Terrain::Victory, true, true, false), 2, "never 1 + 2");
    assert_eq!(pool(Terrain::Victory, false, true, true), 3);
    assert_eq!(pool(Terrain::Victory, false, false, true), 0);
    assert_eq!(pool(Terrain::Box, true, true, true), 0);

    // The attacker never absorbs: a Soviet defender in a Victory Area it controls hits the
    // German attacker directly.
    let s = german_attack(
        Terrain::Victory,
        vec![combat(1, German, 2, Single), combat(11, Soviet, 1, Single)],
    );
    let b = run_out(s, &[6, 1]);
    assert_eq!(strength(&b, 1), 1);
    assert_eq!(b.result().unwrap().absorbed, 0);
}

/// Oracle 44 [R 10.13]: absorption counts against the battle's total hits: 2 artillery hits
/// + 2 air hits against a pool of 3 ⇒ 3 absorbed, 1 hit applied (to the DL).
#[test]
fn oracle44_absorption_counts_the_whole_battle() {
    let mut s = german_attack(
        Terrain::Yellow,
        vec![
            combat(1, German, 1, Single),
            combat(11, Soviet, 4, Single),
            combat(12, Soviet, 4, Single),
        ],
    );
    s.city = true;
    s.defender_dl = true;
    s.artillery = vec![artillery(50, 2)];
    s.bombers = vec![he111(1, 2)];
    let b = run_out(
        s,
        &[
            5, 6, // artillery: 2 hits, both absorbed
            1, 1, 1, // AA: DL, 11, 12: misses
            6, 5, // He-111: 2 hits: 1 absorbed, 1 destroys the DL
            1, 1, 1, 1, 1, 1, 1, 1, // Soviet ground fire, 8 dice (DL gone)
            1, // German 1 die
        ],
    );
    let r = b.result().unwrap();
    assert_eq!(r.absorbed, 3);
    assert!(r.defender_dl_destroyed);
    assert_eq!((strength(&b, 11), strength(&b, 12)), (4, 4));
    let absorbed: Vec<u32> = b
        .log()
        .iter()
        .filter_map(|l| match l.event {
            BattleEvent::Absorbed { hits, .. } => Some(hits),
            _ => None,
        })
        .collect();
    assert_eq!(absorbed, [2, 1], "artillery first, then air");
}

/// Oracle 45 [R 4.1, 10.14]: no defending block takes a hit before the DL; where the DL is the
/// only absorption source it takes 2 hits (1 absorbed + 1 destroys it).
#[test]
fn oracle45_the_dl_shields_the_blocks() {
    let mut s = german_attack(
        Terrain::Green,
        vec![combat(1, German, 3, Double), combat(11, Soviet, 2, Single)],
    );
    s.defender_dl = true;
    // Soviet: DL 1 + block 2 dice, misses. German 3 dice FD: 5, 5, 1 = 2 hits.
    let b = run_out(s.clone(), &[1, 1, 1, 5, 5, 1]);
    let r = b.result().unwrap();
    assert!(r.defender_dl_destroyed);
    assert_eq!(strength(&b, 11), 2);
    // A third hit reaches the block.
    let b = run_out(s, &[1, 1, 1, 5, 5, 5]);
    assert_eq!(strength(&b, 11), 1);
}

/// Oracle 46 [R 10.14.1]: strongest first: blocks of 4 and 2, 3 hits ⇒ 4→3, 3→2, then the tie
/// 2 vs 2 is the owner's choice.
#[test]
fn oracle46_strongest_blocks_first_then_owners_choice() {
    let s = german_attack(
        Terrain::Green,
        vec![
            combat(1, German, 3, Triple),
            combat(11, Soviet, 4, Single),
            combat(12, Soviet, 2, Single),
        ],
    );
    let mut b = Battle::new(s).unwrap();
    // Soviet 6 dice miss; German 3 dice FT: 4, 5, 6.
    let mut d = dice(&[1, 1, 1, 1, 1, 1, 4, 5, 6]);
    assert_eq!(b.run(&mut d), Progress::NeedsChoice(Soviet));
    let p = b.pending_choice().unwrap();
    assert_eq!((p.side, p.hits_left), (Soviet, 1));
    assert_eq!(
        p.options,
        [BattleOption::HitBlock(11), BattleOption::HitBlock(12)]
    );
    b.choose(BattleOption::HitBlock(12)).unwrap();
    assert_eq!(b.run(&mut d), Progress::Finished);
    assert_eq!((strength(&b, 11), strength(&b, 12)), (2, 1));
    assert_eq!(
        b.choose(BattleOption::HitBlock(11)),
        Err(BattleError::NoChoicePending)
    );
}

/// Oracle 46, the tie that needs no choice: as many hits as tied blocks hit each once.
#[test]
fn oracle46_enough_hits_for_every_tied_block_need_no_choice() {
    let s = german_attack(
        Terrain::Green,
        vec![
            combat(1, German, 2, Triple),
            combat(11, Soviet, 2, Single),
            combat(12, Soviet, 2, Single),
            combat(13, Soviet, 1, Single),
        ],
    );
    // Soviet 5 dice miss; German FT 4, 4: both 2s drop to 1.
    let b = run_out(s, &[1, 1, 1, 1, 1, 4, 4]);
    assert_eq!(
        (strength(&b, 11), strength(&b, 12), strength(&b, 13)),
        (1, 1, 1)
    );
}

/// Oracle 47 [R 10.14.2]: hits beyond the side's remaining strength are lost; 10.14.3: a
/// destroyed Soviet block goes to the Force Pool, a German block is eliminated for good.
#[test]
fn oracle47_excess_hits_are_lost_and_destinations() {
    let s = german_attack(
        Terrain::Green,
        vec![combat(1, German, 4, Triple), combat(11, Soviet, 1, Single)],
    );
    let b = run_out(s, &[1, 6, 6, 6, 1]);
    let r = b.result().unwrap();
    assert_eq!(r.wiped_out, Some(Soviet));
    assert_eq!(destroyed(&b, 11), Some(LossDestination::ForcePool));
    assert!(has_event(&b, |e| matches!(
        e,
        BattleEvent::ExcessLost {
            side: Soviet,
            hits: 2
        }
    )));

    let mut s = BattleSetup::new(Soviet, Terrain::Green);
    s.units = vec![combat(11, Soviet, 2, Single), combat(1, German, 2, Triple)];
    let b = run_out(s, &[1, 1, 1, 1]);
    assert_eq!(b.result().unwrap().wiped_out, None);
    let b = run_out(
        {
            let mut s = BattleSetup::new(Soviet, Terrain::Green);
            s.units = vec![combat(11, Soviet, 2, Single), combat(1, German, 1, Triple)];
            s
        },
        &[1, 6, 6],
    );
    assert_eq!(
        destroyed(&b, 1),
        Some(LossDestination::EliminatedPermanently)
    );
}

/// Oracle 48 [R 10.12.5.1]: in a newly disputed area an attacker that engaged across a river
/// rolls exactly 1 die (artillery and air unaffected); in Snow rivers are frozen; no effect
/// in an area disputed before this impulse.
#[test]
fn oracle48_engaging_across_rivers() {
    let base = || {
        let mut s = german_attack(
            Terrain::Yellow,
            vec![
                combat(1, German, 4, Single).across_river(),
                combat(2, German, 4, Single),
                combat(11, Soviet, 1, Single),
            ],
        );
        s.artillery = vec![artillery(50, 4)];
        s
    };
    // Artillery 4 dice, Soviet 1 die, river block 1 die, other block 4.
    let b = run_out(base(), &[1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(ground_dice(&b, 1), Some(1));
    assert_eq!(ground_dice(&b, 2), Some(4));
    assert_eq!(rolls(&b)[0].2.len(), 4, "artillery unaffected");
    assert!(b
        .log()
        .iter()
        .any(|l| l.rule == "10.12.5.1" && matches!(l.event, BattleEvent::Roll { .. })));

    let mut s = base();
    s.newly_disputed = false;
    let b = run_out(s, &[1; 13]);
    assert_eq!(ground_dice(&b, 1), Some(4));

    let mut s = base();
    s.weather = Weather::Snow;
    // Snow: artillery 2, Soviet 1, both German blocks halved to 2: rivers frozen.
    let b = run_out(s, &[1; 7]);
    assert_eq!(ground_dice(&b, 1), Some(2));
    assert_eq!(ground_dice(&b, 2), Some(2));
}

/// Oracle 49 [R 10.12.3]: every Soviet unit rolls one AA die (DL FS, HQ FD, ♥ HQ none, and a
/// combat block its dot colour); 3 AA hits become 1 Destroyed + 1 Aborted or 3 Aborted.
#[test]
fn oracle49_aa_every_unit_one_die_and_the_german_chooses() {
    let setup = || {
        let mut s = german_attack(
            Terrain::Yellow,
            vec![
                combat(1, German, 4, Single),
                hq(11, Soviet, 3),
                hq(12, Soviet, 0),
                combat(13, Soviet, 2, Triple),
            ],
        );
        s.defender_dl = true;
        s.bombers = (1..=4).map(|i| he111(i, 2)).collect();
        s
    };
    let mut b = Battle::new(setup()).unwrap();
    // DL 6, HQ 5, red-dot block 4: 3 hits; the ♥ HQ rolls nothing.
    let mut d = dice(&[6, 5, 4]);
    assert_eq!(b.run(&mut d), Progress::NeedsChoice(German));
    let aa: Vec<_> = rolls(&b).into_iter().map(|r| (r.0, r.1)).collect();
    assert_eq!(
        aa,
        [
            (FireSource::AntiAircraft { unit: None }, Single),
            (FireSource::AntiAircraft { unit: Some(11) }, Double),
            (FireSource::AntiAircraft { unit: Some(13) }, Triple),
        ]
    );
    // Three Aborted: the German chooses twice; the last hit has only one kind of answer.
    assert!(b
        .pending_choice()
        .unwrap()
        .options
        .contains(&BattleOption::DestroyBomber(1)));
    b.choose(BattleOption::AbortBomber(1)).unwrap();
    assert_eq!(b.run(&mut d), Progress::NeedsChoice(German));
    b.choose(BattleOption::AbortBomber(2)).unwrap();
    // The one He-111 left rolls 2 dice.
    d.script(&[1, 1]).unwrap();
    d.script(&[1; 6]).unwrap(); // Soviet ground: DL 1, HQ 3, block 2
    d.script(&[1; 4]).unwrap(); // German 4
    assert_eq!(b.run(&mut d), Progress::Finished);
    assert_eq!(d.scripted_left(), 0);
    let r = b.result().unwrap();
    assert_eq!(
        r.bombers.iter().map(|b| b.1).collect::<Vec<_>>(),
        [
            BomberFate::Aborted,
            BomberFate::Aborted,
            BomberFate::Aborted,
            BomberFate::Attacked
        ]
    );

    // Reading: every AA hit must land while a bomber can take it. Three hits on two bombers
    // always end as one Destroyed + one Aborted, whichever the German places first.
    let mut s = setup();
    s.bombers.truncate(2);
    s.bombers[1].kind = BomberKind::Stuka;
    s.bombers[1].lw_hq = 201;
    let mut b = Battle::new(s).unwrap();
    let mut d = dice(&[6, 5, 4]);
    assert_eq!(b.run(&mut d), Progress::NeedsChoice(German));
    b.choose(BattleOption::AbortBomber(1)).unwrap();
    // Two hits left, one bomber: it is destroyed without asking; no Air Attack.
    d.script(&[1; 10]).unwrap();
    assert_eq!(b.run(&mut d), Progress::Finished);
    assert_eq!(d.scripted_left(), 0);
    let r = b.result().unwrap();
    assert_eq!(r.bomber(1), Some(BomberFate::Aborted));
    assert_eq!(r.bomber(2), Some(BomberFate::Destroyed));
    assert!(!rolls(&b)
        .iter()
        .any(|r| matches!(r.0, FireSource::Bomber { .. })));

    // Two hits on one bomber: Destroyed (two Aborts need two bombers).
    let mut s = setup();
    s.bombers.truncate(1);
    let mut b = Battle::new(s).unwrap();
    let mut d = dice(&[6, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(b.run(&mut d), Progress::Finished);
    assert_eq!(d.scripted_left(), 0);
    assert_eq!(b.result().unwrap().bomber(1), Some(BomberFate::Destroyed));
}

/// Oracle 51 [R 10.10]: a 3★ LW HQ in Snow: its bomber rolls 1 die (3/2 = 1). In Rain 1 die.
#[test]
fn oracle51_bomber_dice_with_weather() {
    for (weather, lw, n) in [
        (Weather::Snow, 3, 1),
        (Weather::Snow, 4, 2),
        (Weather::Blizzard, 4, 2),
        (Weather::Rain, 4, 1),
        (Weather::Sunny, 3, 3),
    ] {
        let mut s = german_attack(
            Terrain::Green,
            vec![combat(1, German, 2, Single), combat(11, Soviet, 4, Single)],
        );
        s.weather = weather;
        s.bombers = vec![stuka(1, lw)];
        let mut script = vec![1]; // AA
        script.extend(std::iter::repeat_n(1, n)); // the Stuka
        script.extend([1; 4]); // Soviet 4 dice
        script.extend(std::iter::repeat_n(
            1,
            match weather {
                Weather::Sunny => 2,
                _ => 1,
            },
        ));
        let b = run_out(s, &script);
        let air = rolls(&b)
            .into_iter()
            .find(|r| matches!(r.0, FireSource::Bomber { .. }))
            .unwrap();
        assert_eq!((air.1, air.2.len()), (Triple, n), "{weather:?} LW {lw}");
    }
}
