//! S8 onwards: Opportunity Fire (§6.16.1), the Rubble Roll, close combat and the dice
//! of fire, Combined Arms and the Soviet advance.

use super::*;

impl Combat {
    /// S8 Opportunity Fire (§6.16.1): every Soviet unit in the target hex or adjacent to an
    /// attacking stack rolls one die at FS; the firers are not revealed.
    pub(super) fn opportunity_fire(&mut self, board: &Board, st: &mut State, ev: &mut Vec<Event>) {
        let att_hexes: Vec<SpaceId> = self
            .att_hexes
            .iter()
            .copied()
            .filter(|h| {
                self.alive_attackers(st)
                    .iter()
                    .any(|u| st.units[u.0 as usize].loc == Location::Map(*h))
            })
            .collect();
        let firers: Vec<(UnitId, SpaceId)> = board
            .unit_ids()
            .filter(|u| {
                rules::side_of_unit(board, *u) == Side::Soviet
                    && board.unit(*u).kind != UnitKind::General
            })
            .filter_map(|u| match st.units[u.0 as usize].loc {
                Location::Map(h)
                    if h == self.def_hex
                        || att_hexes.iter().any(|a| board.topo.adjacent(*a, h)) =>
                {
                    Some((u, h))
                }
                _ => None,
            })
            .collect();
        if firers.is_empty() {
            return;
        }
        let khrushchev = leader_in_play(board, st, CardEffect::Khrushchev);
        let d = st.dice.roll(firers.len());
        dice_event(
            ev,
            Side::Soviet,
            &format!("S8 Opportunity Fire ({} Soviet unit(s), FS)", firers.len()),
            &d,
        );
        let mut self_hits = 0;
        for ((_, h), r) in firers.iter().zip(&d) {
            let bonus = khrushchev as u8 + st.fortified[h.index()] as u8;
            if r + bonus >= 6 {
                self.queue(Side::German, Pool::AdjacentTo(*h), 1);
            }
            if khrushchev && *r == 1 {
                self_hits += 1;
            }
        }
        if self_hits > 0 {
            info(
                ev,
                format!("Khrushchev: {self_hits} natural 1(s) strike the revealed Soviet units."),
            );
            self.jobs.push_front(HitJob {
                side: Side::Soviet,
                pool: Pool::Combat,
                count: self_hits,
            });
        }
    }

    /// S9 Rubble Roll (§6.9): 3d6 + modifiers > 18.
    pub(super) fn rubble_roll(&mut self, board: &Board, st: &mut State, ev: &mut Vec<Event>) {
        let placed = st.rubble.iter().filter(|r| **r).count();
        if st.rubble[self.def_hex.index()] || placed >= board.data.setup.rubble_markers {
            return;
        }
        let m = self.rubble_modifier(board, st);
        let d = st.dice.roll(3);
        let sum: u32 = d.iter().map(|x| *x as u32).sum();
        dice_event(
            ev,
            Side::German,
            &format!("S9 Rubble Roll (3d6 + {m}, needs more than 18)"),
            &d,
        );
        if sum + m > 18 {
            place_rubble(board, st, self.def_hex, ev);
        } else {
            info(
                ev,
                format!("Rubble Roll {sum} + {m} = {}: no Rubble (RUINAS).", sum + m),
            );
        }
    }

    /// Card modifiers + one per attacking hex still holding attackers + one per attacking
    /// Panzer/Panzergrenadier (surviving units, §11.10).
    pub fn rubble_modifier(&self, board: &Board, st: &State) -> u32 {
        let richthofen = leader_in_play(board, st, CardEffect::VonRichthofen);
        let cards: u32 = self
            .german_cards
            .iter()
            .map(|c| match board.card(*c).effect {
                CardEffect::Bombard { rubble, air, .. } => {
                    if air && self.air_cancelled {
                        0
                    } else if air && richthofen {
                        rubble as u32 * 2
                    } else {
                        rubble as u32
                    }
                }
                _ => 0,
            })
            .sum();
        let att = self.alive_attackers(st);
        let hexes = self
            .att_hexes
            .iter()
            .filter(|h| {
                att.iter()
                    .any(|u| st.units[u.0 as usize].loc == Location::Map(**h))
            })
            .count() as u32;
        let armour = att
            .iter()
            .filter(|u| {
                matches!(
                    board.unit(**u).kind,
                    UnitKind::Panzer | UnitKind::Panzergrenadier
                )
            })
            .count() as u32;
        cards + hexes + armour
    }

    /// S10 (§6.10): who fires first, then fire.
    pub(super) fn close_combat_first(
        &mut self,
        board: &Board,
        st: &mut State,
        ev: &mut Vec<Event>,
    ) {
        let terrain = board.terrain(self.def_hex);
        let germans_first = terrain == Terrain::Clear
            && leader_in_play(board, st, CardEffect::Hoth)
            && self.combined_arms(board, st);
        let defender = self.attacker.other();
        if terrain == Terrain::Urban {
            info(
                ev,
                "S10 Close Combat in an Urban hex: the defender fires first (COMBATE CERCANO).",
            );
            let shooters = self.alive(st, defender);
            self.fire(board, st, defender, &shooters, ev);
            self.second_firer = Some(self.attacker);
            self.step = Step::S10SecondFire;
        } else if germans_first {
            info(ev, "S10 Close Combat in a Clear hex with Hoth and Combined Arms: the Germans fire first (Bonificación por Armas Combinadas).");
            let shooters = self.alive(st, Side::German);
            self.fire(board, st, Side::German, &shooters, ev);
            self.second_firer = Some(Side::Soviet);
            self.step = Step::S10SecondFire;
        } else {
            info(
                ev,
                "S10 Close Combat: both sides fire simultaneously (COMBATE CERCANO).",
            );
            let a = self.alive(st, self.attacker);
            let d = self.alive(st, defender);
            // All dice are rolled before any hit is applied; Khrushchev self-hits go first.
            let (ha, sa) = self.roll_fire(board, st, self.attacker, &a, ev);
            let (hd, sd) = self.roll_fire(board, st, defender, &d, ev);
            let self_hits = sa + sd;
            if self_hits > 0 {
                self.queue(Side::Soviet, Pool::Combat, self_hits);
            }
            self.queue(self.attacker, Pool::Combat, hd);
            let ha = if self.rubble_halves_against(st, defender) {
                ha / 2
            } else {
                ha
            };
            self.queue(defender, Pool::Combat, ha);
            self.step = Step::S11Advance;
        }
    }

    /// One side fires and its hits are queued at once (sequential fire).
    pub(super) fn fire(
        &mut self,
        board: &Board,
        st: &mut State,
        side: Side,
        shooters: &[UnitId],
        ev: &mut Vec<Event>,
    ) {
        let (hits, self_hits) = self.roll_fire(board, st, side, shooters, ev);
        if self_hits > 0 {
            self.queue(Side::Soviet, Pool::Combat, self_hits);
        }
        let hits = if self.rubble_halves_against(st, side.other()) {
            hits / 2
        } else {
            hits
        };
        self.queue(side.other(), Pool::Combat, hits);
    }

    /// Rolls a side's close-combat dice: (hits, Khrushchev self-hits).
    fn roll_fire(
        &mut self,
        board: &Board,
        st: &mut State,
        side: Side,
        shooters: &[UnitId],
        ev: &mut Vec<Event>,
    ) -> (u32, u32) {
        let khrushchev = side == Side::Soviet && leader_in_play(board, st, CardEffect::Khrushchev);
        let fort =
            side == Side::Soviet && self.soviet_defending() && st.fortified[self.def_hex.index()];
        let bonus = khrushchev as u8 + fort as u8;
        let mut all = Vec::new();
        let (mut hits, mut self_hits) = (0, 0);
        for &u in shooters {
            let n = strength(board, st, u);
            let fp = board
                .unit(u)
                .faces
                .get(st.units[u.0 as usize].face as usize)
                .map(|f| f.1)
                .unwrap_or(Firepower::Single);
            for r in st.dice.roll(n as usize) {
                if r + bonus >= fp.hits_on() {
                    hits += 1;
                }
                if khrushchev && r == 1 {
                    self_hits += 1;
                }
                all.push(r);
            }
        }
        dice_event(
            ev,
            side,
            &format!("{} close-combat fire", side.name()),
            &all,
        );
        info(
            ev,
            format!(
                "{} score {hits} hit(s){}.",
                side.name(),
                if self_hits > 0 {
                    format!(" and {self_hits} Khrushchev self-hit(s)")
                } else {
                    String::new()
                }
            ),
        );
        (hits, self_hits)
    }

    /// Hoth's Combined Arms (§6.14.2): Germans with Infantry and Armor (a Panzergrenadier is
    /// both), Soviets without both.
    pub fn combined_arms(&self, board: &Board, st: &State) -> bool {
        let g = self.alive(st, Side::German);
        let s = self.alive(st, Side::Soviet);
        let g_inf = g.iter().any(|u| board.unit(*u).kind.is_infantry());
        let g_arm = g.iter().any(|u| board.unit(*u).kind.is_armor());
        let s_inf = s.iter().any(|u| board.unit(*u).kind.is_infantry());
        let s_arm = s.iter().any(|u| board.unit(*u).kind.is_armor());
        g_inf && g_arm && !(s_inf && s_arm)
    }

    pub(super) fn soviet_advance(
        &mut self,
        board: &Board,
        st: &mut State,
        u: UnitId,
        ev: &mut Vec<Event>,
    ) {
        st.units[u.0 as usize].loc = Location::Map(self.def_hex);
        event(ev, EventKind::Moved { from: None, to: self.def_hex, units: 1 }, format!("The strongest Soviet attacker, {}, advances into hex {} (AVANCE DESPUÉS DEL COMBATE).", board.unit(u).name, board.hex_name(self.def_hex)));
        rules::enter_hex(board, st, self.def_hex, Side::Soviet, None, ev);
    }
}
