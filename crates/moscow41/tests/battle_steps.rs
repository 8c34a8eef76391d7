//! One battle, rules 10.11–10.15, continued: Artillery and weather (10.12.2, T4/T5), who fires
//! and who takes hits, after the battle (10.15), Blitz battles, refused set-ups and a battle
//! saved halfway, with scripted dice.

mod battle_kit;

use battle_kit::*;
use eastfront_kernel::blocks::Firepower::{Double, Single, Triple};
use eastfront_kernel::Side;
use eastfront_moscow41::battle::*;
use Side::{German, Soviet};

// ---------- 10.12.2 Artillery, T4/T5 weather ----------

/// 10.12.2, T4, T5: artillery rolls the HQ's stars with FD (5–6); 1 die in Rain; German
/// halved in Snow, Soviet not; an Exhausted HQ has no Artillery Fire (10.5).
#[test]
fn artillery_dice_and_weather() {
    let artillery_dice = |attacker: Side, weather: Weather, stars: u8| {
        let mut s = BattleSetup::new(attacker, Terrain::Yellow);
        s.weather = weather;
        s.units = vec![
            combat(1, attacker, 1, Single).isolated(),
            combat(11, attacker.other(), 1, Single),
        ];
        s.artillery = vec![artillery(50, stars)];
        let mut b = Battle::new(s).unwrap();
        let mut d = dice(&[5; 8]);
        assert_eq!(b.run(&mut d), Progress::Finished);
        rolls(&b)
            .into_iter()
            .find(|r| matches!(r.0, FireSource::Artillery { .. }))
            .map(|r| (r.1, r.2.len(), r.3))
    };
    assert_eq!(
        artillery_dice(German, Weather::Sunny, 4),
        Some((Double, 4, 4))
    );
    assert_eq!(
        artillery_dice(German, Weather::Rain, 4),
        Some((Double, 1, 1))
    );
    assert_eq!(
        artillery_dice(German, Weather::Snow, 4),
        Some((Double, 2, 2))
    );
    assert_eq!(
        artillery_dice(German, Weather::Snow, 3),
        Some((Double, 1, 1))
    );
    assert_eq!(
        artillery_dice(Soviet, Weather::Snow, 3),
        Some((Double, 3, 3))
    );
    assert_eq!(
        artillery_dice(German, Weather::Blizzard, 4),
        Some((Double, 2, 2))
    );
    assert_eq!(artillery_dice(German, Weather::Sunny, 0), None);
}

/// 10.12.2 + 10.14: artillery hits land before the AA and the ground combat; a 4-hit barrage
/// on a 1-point block leaves the Defender wiped out and nobody fires.
#[test]
fn artillery_hits_land_first() {
    let mut s = german_attack(
        Terrain::Green,
        vec![combat(1, German, 4, Single), combat(11, Soviet, 1, Single)],
    );
    s.artillery = vec![artillery(50, 4)];
    let b = run_out(s, &[6, 1, 1, 1]);
    assert_eq!(destroyed(&b, 11), Some(LossDestination::ForcePool));
    assert_eq!(ground_dice(&b, 1), None, "nothing left to shoot at");
    assert_eq!(b.result().unwrap().wiped_out, Some(Soviet));
}

/// RO 14.5 / GAP-8: in Blizzard German blocks roll ½ defending and ¼ attacking (at least
/// 1 die); the Blue Division (RO 14.7) only halves when attacking in Blizzard and ignores
/// Snow.
#[test]
fn blizzard_and_the_blue_division() {
    let mut s = german_attack(
        Terrain::Green,
        vec![
            combat(1, German, 4, Single),
            combat(2, German, 4, Single).blue_division(),
            combat(11, Soviet, 4, Single),
        ],
    );
    s.weather = Weather::Blizzard;
    let b = run_out(s.clone(), &[1; 4 + 1 + 2]);
    assert_eq!(ground_dice(&b, 11), Some(4));
    assert_eq!(ground_dice(&b, 1), Some(1));
    assert_eq!(ground_dice(&b, 2), Some(2));

    s.weather = Weather::Snow;
    let b = run_out(s.clone(), &[1; 4 + 2 + 4]);
    assert_eq!(ground_dice(&b, 1), Some(2));
    assert_eq!(ground_dice(&b, 2), Some(4));

    // German defenders in Blizzard: halved; the Blue Division not.
    let mut s = BattleSetup::new(Soviet, Terrain::Green);
    s.weather = Weather::Blizzard;
    s.units = vec![
        combat(11, Soviet, 4, Single),
        combat(1, German, 4, Single),
        combat(2, German, 3, Single).blue_division(),
    ];
    let b = run_out(s, &[1; 2 + 3 + 4]);
    assert_eq!(ground_dice(&b, 1), Some(2));
    assert_eq!(ground_dice(&b, 2), Some(3));
    assert_eq!(ground_dice(&b, 11), Some(4), "Soviet attackers unaffected");
}

// ---------- who fires and who takes hits ----------

/// 10.11, GAP-33: isolated attackers do not fire but take hits; 10.10: an LW HQ has no
/// ground dice; 4.2.4, GAP-11: Stalin neither fires nor takes hits.
#[test]
fn isolated_attackers_lw_hqs_and_leaders() {
    let mut s = german_attack(
        Terrain::Victory,
        vec![
            combat(1, German, 4, Single).isolated(),
            BattleUnit::hq(2, German, Role::LwHq, 4, 3).slow(),
            combat(3, German, 2, Single),
            BattleUnit::hq(11, Soviet, Role::Leader, 4, 4).named("Stalin"),
            combat(12, Soviet, 1, Double),
        ],
    );
    s.defender_controls = true;
    // Soviet: only block 12 rolls 1 die: 5 = 1 hit on the strongest German (4, isolated).
    // German: block 3 rolls 2 dice: 6, 6 → 2 absorbed (Victory Area).
    let b = run_out(s, &[5, 6, 6]);
    assert_eq!(strength(&b, 1), 3);
    assert_eq!(ground_dice(&b, 1), None);
    assert_eq!(ground_dice(&b, 2), None);
    assert_eq!(ground_dice(&b, 11), None);
    assert_eq!(ground_dice(&b, 3), Some(2));
    assert_eq!(strength(&b, 11), 4);
    assert_eq!(b.result().unwrap().absorbed, 2);
}

/// GAP-17: the Attacker's own DL in the area takes the first hit (no absorption) and never
/// fires; the Defender's DL rolls 1 die FS.
#[test]
fn attackers_dl_takes_the_first_hit() {
    let mut s = german_attack(
        Terrain::Green,
        vec![combat(1, German, 2, Single), combat(11, Soviet, 2, Double)],
    );
    s.attacker_dl = true;
    let b = run_out(s, &[5, 5, 1]);
    let r = b.result().unwrap();
    assert!(r.attacker_dl_destroyed);
    assert_eq!(strength(&b, 1), 1);
    assert!(!rolls(&b)
        .iter()
        .any(|r| r.0 == FireSource::Ground { unit: None }));
}

/// 4.2.3.1, 10.14: HQs lose stars 4→3→2→♥ and a ♥ HQ is destroyed by the next hit.
#[test]
fn hq_ladder_has_no_one_star_level() {
    let s = german_attack(
        Terrain::Green,
        vec![combat(1, German, 4, Triple), hq(11, Soviet, 2)],
    );
    // Soviet HQ 2 dice miss; German 4 FT dice: 4, 1, 1, 1 → 2★ → ♥.
    let b = run_out(s.clone(), &[1, 1, 4, 1, 1, 1]);
    assert_eq!(strength(&b, 11), 0);
    assert_eq!(b.result().unwrap().unit(11).unwrap().steps_lost, 1);
    let b = run_out(s, &[1, 1, 4, 4, 1, 1]);
    assert_eq!(destroyed(&b, 11), Some(LossDestination::ForcePool));
    assert_eq!(b.result().unwrap().unit(11).unwrap().steps_lost, 2);
}

// ---------- 10.15 after the battle ----------

/// 10.15: if the defender is wiped out in a Green area in good weather, attacking Fast
/// combat blocks stay revealed (they may Blitz) and the others are hidden; if the area stays
/// disputed the attackers stay revealed and the defenders are hidden.
#[test]
fn after_the_battle_who_stays_revealed() {
    let units = || {
        vec![
            combat(1, German, 4, Triple).tank(),
            combat(2, German, 4, Single),
            hq(3, German, 4),
            combat(11, Soviet, 1, Single),
        ]
    };
    // Armored Attack: the tank fires first: 4, 1, 1, 1 destroys the Soviet block.
    let b = run_out(german_attack(Terrain::Green, units()), &[4, 1, 1, 1]);
    let r = b.result().unwrap();
    assert!(r.armored_attack);
    assert_eq!(r.wiped_out, Some(Soviet));
    assert_eq!(r.may_blitz, [1]);
    assert!(r.unit(1).unwrap().revealed);
    assert!(!r.unit(2).unwrap().revealed && !r.unit(3).unwrap().revealed);

    // Yellow area: no Blitz, everyone hidden.
    let b = run_out(
        german_attack(Terrain::Yellow, units()),
        &[1, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
    );
    let r = b.result().unwrap();
    assert_eq!(r.wiped_out, Some(Soviet));
    assert!(r.may_blitz.is_empty() && r.units.iter().all(|u| !u.revealed));

    // Still disputed: the attackers stay revealed, the defender is hidden.
    let mut s = german_attack(Terrain::Yellow, units());
    s.units[3] = combat(11, Soviet, 4, Single);
    let b = run_out(s, &[1; 4 + 12]);
    let r = b.result().unwrap();
    assert_eq!(r.wiped_out, None);
    assert!(r.unit(1).unwrap().revealed && r.unit(3).unwrap().revealed);
    assert!(!r.unit(11).unwrap().revealed);
}

/// 10.16 through the same setup: a Blitz battle supported by the Blitz HQ's artillery again
/// and by Stukas that followed; He-111s cannot follow a Blitz.
#[test]
fn blitz_battle_with_artillery_and_stukas() {
    let mut s = german_attack(
        Terrain::Green,
        vec![
            combat(1, German, 3, Double).tank(),
            combat(11, Soviet, 3, Single).tank(),
        ],
    );
    s.blitz = true;
    s.artillery = vec![artillery(50, 3)];
    s.bombers = vec![stuka(5, 4)];
    let b = run_out(s.clone(), &[5, 1, 1, 1, 4, 4, 1, 1]);
    // Artillery 1 hit, AA miss, Stuka 2 hits: the Soviet tank is destroyed, nobody else fires.
    assert_eq!(destroyed(&b, 11), Some(LossDestination::ForcePool));
    assert_eq!(b.result().unwrap().may_blitz, [1]);
    let mut bad = s;
    bad.bombers.push(he111(6, 4));
    assert!(matches!(
        Battle::new(bad),
        Err(BattleError::InvalidSetup(_))
    ));
}

/// 10.11: a battle needs blocks of both players; artillery and air cannot attack alone.
#[test]
fn invalid_setups_are_refused() {
    let s = german_attack(Terrain::Green, vec![combat(11, Soviet, 2, Single)]);
    assert!(matches!(Battle::new(s), Err(BattleError::InvalidSetup(_))));
    let s = german_attack(Terrain::Green, vec![combat(1, German, 2, Single)]);
    assert!(matches!(Battle::new(s), Err(BattleError::InvalidSetup(_))));
    let mut s = german_attack(Terrain::Green, vec![combat(1, German, 2, Single)]);
    s.defender_dl = true;
    assert!(Battle::new(s).is_ok(), "a lone DL can be attacked");
    let s = german_attack(
        Terrain::Green,
        vec![
            combat(1, German, 2, Single).at(3),
            combat(11, Soviet, 2, Single),
        ],
    );
    assert!(matches!(Battle::new(s), Err(BattleError::InvalidSetup(_))));
    let mut s = BattleSetup::new(Soviet, Terrain::Green);
    s.units = vec![combat(11, Soviet, 2, Single), combat(1, German, 2, Single)];
    s.bombers = vec![he111(1, 4)];
    assert!(matches!(Battle::new(s), Err(BattleError::InvalidSetup(_))));
}

/// A battle waiting for a choice is plain data: it survives a save and goes on identically.
#[test]
fn a_battle_in_progress_round_trips() {
    let s = german_attack(
        Terrain::Green,
        vec![
            combat(1, German, 4, Single).tank(),
            combat(2, German, 4, Single).tank(),
            combat(11, Soviet, 4, Double).tank(),
        ],
    );
    let mut b = Battle::new(s).unwrap();
    let mut d = dice(&[5, 1, 1, 1]);
    assert_eq!(b.run(&mut d), Progress::NeedsChoice(German));
    let text = ron::to_string(&b).unwrap();
    let mut back: Battle = ron::from_str(&text).unwrap();
    assert_eq!(back, b);
    for battle in [&mut b, &mut back] {
        battle.choose(BattleOption::HitBlock(1)).unwrap();
        let mut d = dice(&[1; 7]);
        assert_eq!(battle.run(&mut d), Progress::Finished);
    }
    assert_eq!(back.result(), b.result());
    assert_eq!(strength(&b, 1), 3);
}
