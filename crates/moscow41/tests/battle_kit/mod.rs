//! Helpers for the battle tests: units, bombers and artillery built in one line, a battle run
//! out on scripted dice, and readings of its rolls, strengths and events.
#![allow(dead_code)]

use eastfront_kernel::blocks::Firepower::{self};
use eastfront_kernel::{Dice, Side};
use eastfront_moscow41::battle::*;
use Side::German;

pub fn dice(script: &[u8]) -> Dice {
    let mut d = Dice::new(41);
    d.script(script).unwrap();
    d
}

pub fn combat(id: UnitId, side: Side, max: u8, fp: Firepower) -> BattleUnit {
    BattleUnit::combat(id, side, max, fp)
}

pub fn hq(id: UnitId, side: Side, stars: u8) -> BattleUnit {
    BattleUnit::hq(id, side, Role::TacticalHq, 4, stars)
}

pub fn he111(id: BomberId, lw_strength: u8) -> Bomber {
    Bomber {
        id,
        kind: BomberKind::He111,
        lw_hq: 200,
        lw_strength,
    }
}

pub fn stuka(id: BomberId, lw_strength: u8) -> Bomber {
    Bomber {
        id,
        kind: BomberKind::Stuka,
        lw_hq: 201,
        lw_strength,
    }
}

pub fn artillery(hq: UnitId, strength: u8) -> Artillery {
    Artillery {
        hq,
        name: String::new(),
        strength,
    }
}

/// A German attack in a green area in good weather with these blocks.
pub fn german_attack(terrain: Terrain, units: Vec<BattleUnit>) -> BattleSetup {
    let mut s = BattleSetup::new(German, terrain);
    s.units = units;
    s
}

/// Runs to the end; panics on a choice. Checks that every scripted die was used.
pub fn run_out(setup: BattleSetup, script: &[u8]) -> Battle {
    let mut b = Battle::new(setup).unwrap();
    let mut d = dice(script);
    assert_eq!(
        b.run(&mut d),
        Progress::Finished,
        "{:#?}",
        b.pending_choice()
    );
    assert_eq!(d.scripted_left(), 0, "unused scripted dice");
    b
}

/// Every roll so far: (source, firepower, dice, hits).
pub fn rolls(b: &Battle) -> Vec<(FireSource, Firepower, Vec<u8>, u32)> {
    b.log()
        .iter()
        .filter_map(|l| match &l.event {
            BattleEvent::Roll {
                source,
                firepower,
                dice,
                hits,
                ..
            } => Some((*source, *firepower, dice.clone(), *hits)),
            _ => None,
        })
        .collect()
}

/// How many dice a block rolled in ground combat (None: it did not roll).
pub fn ground_dice(b: &Battle, id: UnitId) -> Option<usize> {
    rolls(b).into_iter().find_map(|(s, _, d, _)| match s {
        FireSource::Ground { unit: Some(u) } if u == id => Some(d.len()),
        _ => None,
    })
}

pub fn strength(b: &Battle, id: UnitId) -> u8 {
    b.result().unwrap().unit(id).unwrap().strength
}

pub fn destroyed(b: &Battle, id: UnitId) -> Option<LossDestination> {
    b.result().unwrap().unit(id).unwrap().destroyed
}

pub fn has_event(b: &Battle, pred: impl Fn(&BattleEvent) -> bool) -> bool {
    b.log().iter().any(|l| pred(&l.event))
}
