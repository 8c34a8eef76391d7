//! The Hard level's look-ahead: determinised battles (hidden enemy blocks sampled from the
//! View's public facts, then dice rolled, many times) and the enemy's best reply to a move
//! (which open area of ours he would walk into, and what it would cut off).

use super::model::{idx, Battle, FromIndex, Model};
use eastfront_kernel::Side;
use eastfront_moscow41::data::Terrain;
use eastfront_moscow41::{AreaId, BlockId, Weather};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Clone, Copy)]
struct Sim {
    strength: u32,
    p: f32,
    tank: bool,
    dl: bool,
}

fn roll(rng: &mut ChaCha8Rng, dice: u32, p: f32) -> u32 {
    (0..dice).filter(|_| rng.random::<f32>() < p).count() as u32
}

/// Hits to the strongest first (R 10.14.1); a DL takes the first hit after absorption.
fn apply_hits(units: &mut [Sim], mut hits: u32) -> u32 {
    let mut lost = 0;
    if let Some(d) = units.iter_mut().find(|u| u.dl && u.strength > 0) {
        if hits > 0 {
            d.strength = 0;
            hits -= 1;
        }
    }
    while hits > 0 {
        let Some(u) = units
            .iter_mut()
            .filter(|u| !u.dl && u.strength > 0)
            .max_by_key(|u| u.strength)
        else {
            break;
        };
        u.strength -= 1;
        lost += 1;
        hits -= 1;
    }
    lost
}

/// One battle round in `a` by `attacker`, `n` times, with hidden defenders or attackers
/// sampled around the prior (strength 1..=4). The result is averaged.
pub fn battle_mc(
    m: &Model,
    a: usize,
    attacker: Side,
    river: &[BlockId],
    n: u32,
    seed: u64,
) -> Battle {
    let def = attacker.other();
    let id = AreaId::from_index(a);
    let terrain = m.board.terrain(id);
    let controls = m.control[a] == def;
    let mut absorb = 0u32;
    if terrain == Some(Terrain::Yellow) {
        absorb += 1;
    }
    if controls {
        if terrain == Some(Terrain::Victory) {
            absorb += 2;
        } else if m.board.has_city(id) {
            absorb += 1;
        }
        if m.dl[a][idx(def)] {
            absorb += 1;
        }
    }
    let absorb = absorb.min(3);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x9e37_79b9);
    let (mut al, mut dl, mut cl) = (0.0, 0.0, 0.0);
    for _ in 0..n {
        let mut att: Vec<Sim> = Vec::new();
        let mut dfd: Vec<Sim> = Vec::new();
        for u in &m.units[a] {
            if !u.fights() || (u.side == attacker && u.isolated) {
                continue;
            }
            let s = if u.id.is_some() {
                u.strength as u32
            } else {
                let base = u.strength + rng.random_range(-1.0f32..1.0);
                base.round().clamp(1.0, 4.0) as u32
            };
            let tank = if u.id.is_some() {
                u.tank > 0.5
            } else {
                rng.random::<f32>() < u.tank
            };
            let mut dice = s;
            if u.side == attacker {
                if m.weather == Weather::Rain {
                    dice = dice.min(1);
                } else if m.weather.snowy() && attacker == Side::German {
                    dice = (dice / 2).max(1);
                }
                if u.id.is_some_and(|b| river.contains(&b)) && !m.weather.snowy() {
                    dice = dice.min(1);
                }
            }
            let sim = Sim {
                strength: dice.max(1).min(s.max(1)),
                p: u.p,
                tank,
                dl: false,
            };
            // Keep real strength for losses, dice for fire: store dice in p-scaled form.
            let sim = Sim {
                strength: s,
                p: u.p * dice as f32 / s.max(1) as f32,
                ..sim
            };
            if u.side == attacker {
                att.push(sim);
            } else {
                dfd.push(sim);
            }
        }
        if m.dl[a][idx(def)] {
            dfd.push(Sim {
                strength: 1,
                p: 1.0 / 6.0,
                tank: false,
                dl: true,
            });
        }
        let def_steps0: u32 = dfd.iter().filter(|u| !u.dl).map(|u| u.strength).sum();
        let armored = m.weather.is_good()
            && terrain == Some(Terrain::Green)
            && !m.dl[a][idx(def)]
            && !(controls && m.board.has_city(id))
            && att.iter().any(|u| u.tank)
            && !dfd.iter().any(|u| u.tank);
        let fire = |rng: &mut ChaCha8Rng, us: &[Sim]| -> u32 {
            us.iter()
                .filter(|u| u.strength > 0)
                .map(|u| roll(rng, u.strength, u.p))
                .sum()
        };
        let mut att_lost = 0;
        let mut def_lost = 0;
        let mut pool = absorb;
        let mut att_fire = |rng: &mut ChaCha8Rng, att: &[Sim], dfd: &mut Vec<Sim>| {
            let mut h = fire(rng, att);
            let soak = h.min(pool);
            pool -= soak;
            h -= soak;
            apply_hits(dfd, h)
        };
        if armored {
            def_lost += att_fire(&mut rng, &att, &mut dfd);
            let h = fire(&mut rng, &dfd);
            att_lost += apply_hits(&mut att, h);
        } else {
            let h = fire(&mut rng, &dfd);
            att_lost += apply_hits(&mut att, h);
            def_lost += att_fire(&mut rng, &att, &mut dfd);
        }
        al += att_lost as f32;
        dl += def_lost as f32;
        let wiped = dfd.iter().all(|u| u.strength == 0);
        let empty = def_steps0 == 0 && !m.dl[a][idx(def)];
        if wiped || empty {
            cl += 1.0;
        }
    }
    let n = n.max(1) as f32;
    Battle {
        att_loss: al / n,
        def_loss: dl / n,
        clear: cl / n,
        dl_kill: 0.0,
    }
}

/// The enemy's best reply to a position: the open own area next to his blocks whose loss
/// hurts most (its importance, plus own blocks it would cut from supply).
pub fn enemy_reply_threat(m: &Model) -> f32 {
    let me = m.me;
    let en = me.other();
    let sup = m.supplied(me);
    let out_before = out_of_supply(m, me, &sup);
    let mut worst: f32 = 0.0;
    for a in 0..m.board.n_areas {
        if m.control[a] != me || m.has_units(a, me) || !m.passable(a, en) {
            continue;
        }
        let touching = m
            .board
            .neighbours(AreaId::from_index(a))
            .any(|nb| m.blocks_of(nb.index(), en).any(|u| u.fights()));
        if !touching {
            continue;
        }
        let mut c = m.clone();
        c.control[a] = en;
        let sup2 = c.supplied(me);
        let cut = out_of_supply(&c, me, &sup2) - out_before;
        worst = worst.max(m.importance(a) + 12.0 * cut);
    }
    worst
}

fn out_of_supply(m: &Model, side: Side, sup: &[bool]) -> f32 {
    let mut n = 0.0;
    for (a, us) in m.units.iter().enumerate() {
        if !m.board.is_area(AreaId::from_index(a)) || m.in_supply(a, side, sup) {
            continue;
        }
        n += us
            .iter()
            .filter(|u| u.side == side && u.counts_for_control())
            .map(|u| 1.0 + u.strength * 0.5)
            .sum::<f32>();
    }
    n
}

/// The enemy's sweep on his next impulse ([`Model::sweep_cut`]): own strength he could cut
/// off (weighted per side) and Victory Areas he could walk into, as one exposure figure.
pub fn sweep_exposure(m: &Model) -> f32 {
    let (cut, vp) = m.sweep_cut();
    cut + 250.0 * vp
}
