//! The combat segment's glue to [`crate::battle`]: air support, the areas that can fight,
//! a battle's setup, its progress and result, control changes, the road roll and the
//! Blitz (R 10.16).

use super::*;

/// Bombers committable and Air Range (R 10.10, T5: Blizzard as Snow).
fn lw_strength(board: &Board, st: &State, lw: BlockId) -> u8 {
    support_strength(board, st, lw, st.blocks[lw.index()].strength)
}

fn bomber_owner(board: &Board, bomber: usize) -> Option<BlockId> {
    board.block_by_key(&board.bombers()[bomber].owner)
}

pub(super) fn support_actions(board: &Board, st: &State) -> Vec<Action> {
    let i = imp(st);
    let side = i.side;
    let mut v = Vec::new();
    let occ = Occupancy::new(board, st);
    let fighters = fighters_in(board, st, side);
    // Areas where the active player has blocks that could fight.
    let fight_area = |a: AreaId| {
        occ.disputed(a)
            && !i.battled.contains(&a)
            && fighters[a.index()]
            && (!i.blitz || i.blitz_areas.contains(&a))
    };
    // Artillery (R 10.4): one marker per activated Tactical HQ, on an adjacent area.
    for &h in &i.activated {
        if !has_artillery(board, st, h) || i.artillery.iter().any(|(x, _)| *x == h) {
            continue;
        }
        if i.blitz && !is_blitz_hq(board, st, h) {
            continue;
        }
        let Some(ha) = space_of(st, h) else { continue };
        for a in board.neighbours(ha) {
            if fight_area(a) {
                v.push(Action::Artillery { hq: h, area: a });
            }
        }
    }
    // Bombers (R 10.10): up to the LW HQ's strength, in Air Range; in the Blitz only the
    // Stukas that survived (R 10.16).
    for (k, bs) in st.bombers.iter().enumerate() {
        let id = BomberId(k as u8);
        if i.blitz {
            if !i.stukas_survived.contains(&id) || i.blitz_areas.is_empty() {
                continue;
            }
            // Each surviving Stuka follows one Blitz battle: once sent to one it is not
            // offered again (re-sending it between Blitz areas would never end the step).
            if matches!(bs, BomberState::Committed(x) if i.blitz_areas.contains(x)) {
                continue;
            }
            for &a in &i.blitz_areas {
                if fight_area(a) {
                    v.push(Action::Bomber {
                        bomber: id,
                        area: a,
                    });
                }
            }
            continue;
        }
        if *bs != BomberState::Available {
            continue;
        }
        let Some(owner) = bomber_owner(board, k) else {
            continue;
        };
        if !i.activated.contains(&owner) {
            continue;
        }
        let s = lw_strength(board, st, owner);
        let committed = st
            .bombers
            .iter()
            .enumerate()
            .filter(|(j, b)| {
                matches!(b, BomberState::Committed(_)) && bomber_owner(board, *j) == Some(owner)
            })
            .count() as u8;
        if committed >= s {
            continue;
        }
        let Some(la) = space_of(st, owner) else {
            continue;
        };
        for a in board.area_ids() {
            if fight_area(a) && board.distance(la, a).is_some_and(|d| d <= s as u32) {
                v.push(Action::Bomber {
                    bomber: id,
                    area: a,
                });
            }
        }
    }
    v
}

/// Areas where the active player may fight now (R 10.11).
pub(super) fn fightable(board: &Board, st: &State) -> Vec<AreaId> {
    let i = imp(st);
    let side = i.side;
    let occ = Occupancy::new(board, st);
    let fighters = fighters_in(board, st, side);
    board
        .area_ids()
        .filter(|a| {
            !i.battled.contains(a)
                && occ.has_units(*a, side.other())
                && fighters[a.index()]
                && (!i.blitz || i.blitz_areas.contains(a))
        })
        .collect()
}

/// Per space: does `side` have a block there that could fight (not a Leader, not Isolated)?
fn fighters_in(board: &Board, st: &State, side: Side) -> Vec<bool> {
    let mut f = vec![false; st.dl.len()];
    for (k, bs) in st.blocks.iter().enumerate() {
        if let Loc::Space(a) = bs.loc {
            let d = &board.blocks[k];
            if d.side == side && d.role != Role::Leader && !bs.isolated {
                f[a.index()] = true;
            }
        }
    }
    f
}

pub(crate) fn battle_terrain(board: &Board, a: AreaId) -> battle::Terrain {
    match board.terrain(a) {
        Some(Terrain::Green) | Some(Terrain::Staging) => battle::Terrain::Green,
        Some(Terrain::Yellow) => battle::Terrain::Yellow,
        Some(Terrain::Victory) => battle::Terrain::Victory,
        None => battle::Terrain::Box,
    }
}

fn battle_unit(board: &Board, st: &State, b: BlockId, river: bool) -> BattleUnit {
    let d = board.block(b);
    let bs = &st.blocks[b.index()];
    let role = match d.role {
        Role::Combat => battle::Role::Combat,
        Role::TacticalHq => battle::Role::TacticalHq,
        Role::LuftwaffeHq => battle::Role::LwHq,
        Role::Leader => battle::Role::Leader,
    };
    let ladder = ladder(board, b)
        .into_iter()
        .map(|s| {
            let fp = if d.role == Role::Combat {
                d.dots[s as usize - 1]
            } else {
                eastfront_kernel::Firepower::Double
            };
            (s, fp)
        })
        .collect();
    BattleUnit {
        id: b.0 as u16,
        name: d.name.clone(),
        side: d.side,
        role,
        is_tank: d.combat_type == Some(crate::data::CombatType::Tank),
        is_fast: is_fast(board, b),
        strength: bs.strength,
        ladder,
        isolated: bs.isolated,
        across_river: river,
        blue_division: st.options.optional.infantry_divisions && d.blue_division,
    }
}

fn battle_setup(board: &Board, st: &State, a: AreaId) -> BattleSetup {
    let i = imp(st);
    let attacker = i.side;
    let defender = attacker.other();
    let mut s = BattleSetup::new(attacker, battle_terrain(board, a));
    s.city = board.has_city(a);
    s.defender_controls = st.control[a.index()] == defender;
    s.weather = match st.weather {
        Weather::Sunny => battle::Weather::Sunny,
        Weather::Rain => battle::Weather::Rain,
        Weather::Snow => battle::Weather::Snow,
        Weather::Blizzard => battle::Weather::Blizzard,
    };
    s.blizzard = battle::BlizzardDivisors {
        defending: st.options.readings.blizzard_defend_divisor,
        attacking: st.options.readings.blizzard_attack_divisor,
    };
    s.newly_disputed = i.blitz && i.blitz_areas.contains(&a) || !i.disputed_at_start[a.index()];
    s.attacker_dl = st.dl[a.index()][side_index(attacker)];
    s.defender_dl = st.dl[a.index()][side_index(defender)];
    s.artillery = i
        .artillery
        .iter()
        .filter(|(_, x)| *x == a)
        .map(|(h, _)| battle::Artillery {
            hq: h.0 as u16,
            name: board.block(*h).name.clone(),
            strength: st.blocks[h.index()].strength,
        })
        .collect();
    s.bombers = st
        .bombers
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == BomberState::Committed(a))
        .filter_map(|(k, _)| {
            let owner = bomber_owner(board, k)?;
            Some(battle::Bomber {
                id: k as u16,
                kind: match board.bombers()[k].kind {
                    BomberKind::He111 => battle::BomberKind::He111,
                    BomberKind::Stuka => battle::BomberKind::Stuka,
                },
                lw_hq: owner.0 as u16,
                lw_strength: st.blocks[owner.index()].strength,
            })
        })
        .collect();
    s.units = blocks_in(board, st, a)
        .into_iter()
        .map(|b| battle_unit(board, st, b, i.river.contains(&b)))
        .collect();
    s.blitz = i.blitz;
    s
}

pub(super) fn start_battle(board: &Board, st: &mut State, a: AreaId, ev: &mut Vec<Event>) {
    let setup = battle_setup(board, st, a);
    event(
        ev,
        EventKind::BattleStart {
            area: a,
            attacker: setup.attacker,
        },
        "R 10.12",
        format!("Battle in {}.", board.place_label(a)),
    );
    imp_mut(st).battled.push(a);
    match Battle::new(setup) {
        Ok(b) => {
            st.battle = Some(Box::new(b));
            st.phase = Phase::Battle;
            continue_battle(board, st, ev);
        }
        Err(e) => {
            info(
                ev,
                "R 10.11",
                format!("No battle in {}: {e}", board.place_label(a)),
            );
            st.phase = Phase::Battles;
        }
    }
}

/// Runs the battle until a choice is needed or it ends; then applies its result.
pub(super) fn continue_battle(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let Some(mut b) = st.battle.take() else {
        return;
    };
    let logged = b.log().len();
    let progress = b.run(&mut st.dice);
    for l in &b.log()[logged..] {
        let rule = format!("R {}", l.rule);
        match &l.event {
            battle::BattleEvent::Roll { side, dice, .. } => {
                // The battle writes a roll as "{what}: {n} dice …": its purpose is the part
                // before the first colon.
                let purpose = l.text.split(": ").next().unwrap_or_default();
                ev.push(
                    Event::new(EventKind::Info, rule, l.text.clone())
                        .with_roll(eastfront_kernel::Roll::d6(Some(*side), purpose, dice)),
                );
            }
            battle::BattleEvent::Revealed { units } => {
                let blocks: Vec<BlockId> = units.iter().map(|u| BlockId(*u as u8)).collect();
                event(ev, EventKind::Reveal { blocks }, &rule, l.text.clone());
                // The strengths they fight at, for the battle's record (public: face up).
                let fought: Vec<(BlockId, u8)> = b
                    .setup()
                    .units
                    .iter()
                    .filter(|x| units.contains(&x.id))
                    .map(|x| (BlockId(x.id as u8), x.strength))
                    .collect();
                ev.push(Event::new(
                    EventKind::BattleBlocks { blocks: fought },
                    rule,
                    String::new(),
                ));
            }
            battle::BattleEvent::StepLost { unit, strength } => event(
                ev,
                EventKind::BattleHit {
                    block: BlockId(*unit as u8),
                    strength: *strength,
                },
                &rule,
                l.text.clone(),
            ),
            _ => event(ev, EventKind::Info, &rule, l.text.clone()),
        }
    }
    match progress {
        Progress::NeedsChoice(_) => {
            st.battle = Some(b);
            st.phase = Phase::Battle;
        }
        Progress::Finished => {
            let area = b
                .setup()
                .units
                .first()
                .and_then(|u| space_of(st, BlockId(u.id as u8)))
                .expect("a battle has units");
            let result = b.result().expect("finished").clone();
            apply_battle_result(board, st, area, &result, ev);
            st.phase = Phase::Battles;
        }
    }
}

fn apply_battle_result(
    board: &Board,
    st: &mut State,
    a: AreaId,
    r: &battle::BattleResult,
    ev: &mut Vec<Event>,
) {
    let attacker = r.attacker;
    for u in &r.units {
        let b = BlockId(u.id as u8);
        let bs = &mut st.blocks[b.index()];
        bs.strength = u.strength;
        bs.revealed = u.revealed;
        if u.revealed {
            imp_mut(st).revealed_now.push(b);
        }
        if let Some(dest) = u.destroyed {
            let side = board.block(b).side;
            let bs = &mut st.blocks[b.index()];
            bs.revealed = false;
            bs.isolated = false;
            bs.loc = match dest {
                battle::LossDestination::EliminatedPermanently => Loc::Eliminated,
                battle::LossDestination::ForcePool => Loc::ForcePool,
            };
            event(
                ev,
                EventKind::Destroyed { block: b },
                "R 10.14.3",
                format!("{} ({}) is destroyed.", board.block(b).name, side.name()),
            );
        }
    }
    if r.attacker_dl_destroyed {
        st.dl[a.index()][side_index(attacker)] = false;
        st.dl_isolated[a.index()][side_index(attacker)] = false;
    }
    if r.defender_dl_destroyed {
        st.dl[a.index()][side_index(attacker.other())] = false;
        st.dl_isolated[a.index()][side_index(attacker.other())] = false;
    }
    let blitz = imp(st).blitz;
    for (id, fate) in &r.bombers {
        let k = *id as usize;
        match fate {
            battle::BomberFate::Attacked => {
                if board.bombers()[k].kind == BomberKind::Stuka && !blitz {
                    imp_mut(st).stukas_survived.push(BomberId(k as u8));
                }
            }
            battle::BomberFate::Aborted => st.bombers[k] = BomberState::Aborted,
            battle::BomberFate::Destroyed => st.bombers[k] = BomberState::Destroyed,
        }
    }
    if !blitz {
        for u in &r.may_blitz {
            imp_mut(st).blitz_eligible.push(BlockId(*u as u8));
        }
    }
    event(
        ev,
        EventKind::BattleEnd { area: a },
        "R 10.15",
        format!("The battle in {} is over.", board.place_label(a)),
    );
    after_control_change(board, st, ev);
}

/// Settles control (R 2.5) and its consequences: Moscow's fall (R 4.2.4), Shlisselburg
/// (R 13.3.1). Victory is checked by `run`.
pub fn after_control_change(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    for (a, side) in settle_control(board, st) {
        event(
            ev,
            EventKind::Control { area: a, side },
            "R 2.5",
            format!(
                "{} passes to {} control.",
                board.place_label(a),
                side.name()
            ),
        );
    }
    if !st.stalin_dead && st.control[board.moscow.index()] == Side::German {
        st.stalin_dead = true;
        if let Some(s) = leader_of(board, Side::Soviet) {
            st.blocks[s.index()].loc = Loc::Removed;
            st.blocks[s.index()].strength = 0;
        }
        info(
            ev,
            "R 4.2.4",
            "Moscow falls: Stalin dies; the Soviets get no more Logistic Phases.",
        );
    }
    if st.disc_shlisselburg && st.control[board.shlisselburg.index()] == Side::German {
        st.disc_shlisselburg = false;
        info(ev, "R 13.3.1", "The Germans reach Shlisselburg: the light-blue disc is removed; the west half of the north edge is no longer a Soviet supply source.");
    }
}

/// R 10.9: Hoepner's roll on the Road to Leningrad.
pub(super) fn road_roll(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let Some(h) = imp(st)
        .activated
        .iter()
        .copied()
        .find(|h| is_hoepner(board, *h))
    else {
        return;
    };
    let Some(at) = space_of(st, h) else { return };
    let Some(idx) = board.road_index(at) else {
        return;
    };
    imp_mut(st).road_rolled = true;
    // Hoepner's dice: his strength after weather (R 10.9, T5: Blizzard as Snow).
    let dice_n = support_strength(board, st, h, st.blocks[h.index()].strength);
    let with = side_blocks_in(board, st, at, Side::German).len() - 1;
    // RO 14.2: with Zhukov in the Leningrad box the roll is Single Fire.
    let zhukov_there = board
        .side_blocks(Side::Soviet)
        .any(|z| is_zhukov(board, z) && space_of(st, z) == Some(board.leningrad));
    let hit_on = if zhukov_there { 6 } else { 5 };
    let dice = st.dice.roll(dice_n as usize);
    dice_event(
        ev,
        Some(Side::German),
        "R 10.9",
        "Hoepner on the Road to Leningrad",
        &dice,
    );
    let hits = dice.iter().filter(|d| **d >= hit_on).count();
    let advance = hits.min(with).min(10 - idx as usize);
    if advance == 0 {
        info(
            ev,
            "R 10.9",
            format!("Hoepner does not advance ({hits} hits, {with} blocks with him)."),
        );
        return;
    }
    let to_idx = idx as usize + advance; // 1-based
    let dest = board.road[to_idx - 1];
    for b in side_blocks_in(board, st, at, Side::German) {
        st.blocks[b.index()].loc = Loc::Space(dest);
    }
    for k in idx as usize..to_idx {
        st.control[board.road[k].index()] = Side::German;
    }
    info(
        ev,
        "R 10.9",
        format!(
            "Hoepner advances {advance} box(es) to {} ({hits} hits, {with} blocks with him).",
            board.place_label(dest)
        ),
    );
    after_control_change(board, st, ev);
}

// ------------------------------------------------------------------ blitz (R 10.16)

pub(super) fn blitz_blocks(board: &Board, st: &State) -> Vec<BlockId> {
    let i = imp(st);
    let hqs: Vec<(BlockId, Vec<bool>)> = i
        .activated
        .iter()
        .filter(|h| is_blitz_hq(board, st, **h))
        .filter_map(|h| {
            let a = space_of(st, *h)?;
            board.is_area(a).then(|| {
                (
                    *h,
                    range_areas(board, st, a, i.side, tactical_range(board, st, *h)),
                )
            })
        })
        .collect();
    i.blitz_eligible
        .iter()
        .copied()
        .filter(|b| !i.blitzed.contains(b))
        .filter(|b| {
            let Some(a) = space_of(st, *b) else {
                return false;
            };
            board.terrain(a) == Some(Terrain::Green)
                && !has_units(board, st, a, i.side.other())
                && !st.blocks[b.index()].isolated
                && hqs.iter().any(|(h, r)| {
                    (commands_colour(board, st, *h, *b) || space_of(st, *h) == Some(a))
                        && r[a.index()]
                })
        })
        .collect()
}

/// R 10.16, 10.17: the Blitz moves are over (by the player, or because no block can Blitz any
/// more). Every Blitz into an enemy-held area must be fought ("es obligatorio resolver el
/// Combate"): the Blitz HQs may fire their Artillery again and the surviving Stukas follow
/// (`Support` in Blitz mode), then the Blitz battles (`Battles`, mandatory there); only when
/// they are resolved does `end_combat` reach HQ Deactivation. Without a Blitz battle those
/// steps pass at once (`run`).
pub(super) fn end_blitz_moves(st: &mut State) {
    let i = imp_mut(st);
    i.blitz = true;
    i.artillery.clear();
    st.phase = Phase::Support;
}

pub(super) fn blitz_targets(board: &Board, st: &State, b: BlockId) -> Vec<AreaId> {
    let i = imp(st);
    let side = i.side;
    let Some(a) = space_of(st, b) else {
        return Vec::new();
    };
    board
        .neighbours(a)
        .filter(|n| {
            board.terrain(*n) == Some(Terrain::Green)
                && !i.disputed_at_blitz[n.index()]
                // A battle already fought here this impulse cannot be fought again (R 10.15),
                // yet a Blitz into enemy units must fight (R 10.16): not a target.
                && !(i.battled.contains(n) && has_units(board, st, *n, side.other()))
                && stacking_ok_with(board, st, *n, side, 1)
        })
        .collect()
}
