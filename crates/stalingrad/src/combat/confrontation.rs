//! S3–S4b: the confrontation (every block revealed, Immortal Guard, special units)
//! and the combat cards of both sides.

use super::*;

impl Combat {
    /// S3–S4b: reveal everything, Immortal Guard, adjust blank Soviet blocks, special units.
    pub(super) fn confrontation(&mut self, board: &Board, st: &mut State, ev: &mut Vec<Event>) {
        let units: Vec<UnitId> = self
            .attackers
            .iter()
            .chain(&self.defenders)
            .copied()
            .collect();
        for u in &units {
            st.units[u.0 as usize].revealed = true;
        }
        self.revealed = true;
        let describe = |st: &State, list: &[UnitId]| -> String {
            list.iter()
                .map(|u| format!("{} ({})", board.unit(*u).label, strength(board, st, *u)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut cards = Vec::new();
        if let Some(c) = self.soviet_card {
            cards.push(format!("Soviet card: {}", board.card(c).name));
        }
        for c in &self.german_cards {
            cards.push(format!("German card: {}", board.card(*c).name));
        }
        event(
            ev,
            EventKind::Reveal {
                units: units.clone(),
            },
            format!(
                "S3 Confrontation: attackers {}; defenders {}{}.",
                describe(st, &self.attackers),
                describe(st, &self.defenders),
                if cards.is_empty() {
                    String::new()
                } else {
                    format!("; {}", cards.join("; "))
                }
            ),
        );
        let soviets: Vec<UnitId> = units
            .iter()
            .copied()
            .filter(|u| rules::side_of_unit(board, *u) == Side::Soviet)
            .collect();
        for &u in &soviets {
            self.adjust_revealed_soviet(board, st, u, ev);
        }
        if st.options.variant == Some(Level::GermanImpossible) {
            // S4b (§9.4.9): the 1077th AA cancels air cards; the 20th AT reduces a Panzer.
            let kinds: Vec<UnitKind> = soviets.iter().map(|u| board.unit(*u).kind).collect();
            if kinds.contains(&UnitKind::AntiAircraft1077)
                && self.german_cards.iter().any(|c| is_air(board, *c))
            {
                self.air_cancelled = true;
                info(ev, "S4b: the 1077th Anti-Aircraft Regiment cancels the German air attack (German Impossible level).");
            }
            if kinds.contains(&UnitKind::AntiTank20) {
                info(ev, "S4b: the 20th Anti-tank Brigade reduces the strongest Panzer or Panzergrenadier (German Impossible level).");
                self.queue(Side::German, Pool::Armor, 1);
            }
        }
    }

    /// S3b Immortal Guard and S4 Adjust Soviet Strength (§9.4.6, §6.20.2).
    fn adjust_revealed_soviet(
        &self,
        board: &Board,
        st: &mut State,
        u: UnitId,
        ev: &mut Vec<Event>,
    ) {
        let def = board.unit(u);
        if def.kind == UnitKind::GuardsInfantry
            && st.advantages.contains(&Advantage::ImmortalGuard)
            && st.units[u.0 as usize].face != 0
        {
            st.units[u.0 as usize].face = 0;
            info(
                ev,
                format!(
                    "Immortal Guard: {} returns to full strength (§9.4.6).",
                    def.name
                ),
            );
        }
        if st.units[u.0 as usize].face as usize >= def.faces.len() {
            st.units[u.0 as usize].face = def.faces.len() as u8 - 1;
            info(ev, format!("S4: {} was showing a blank edge and is set to its minimum strength {} (Ajustar la Fuerza Soviética).", def.name, def.min_strength()));
        }
    }

    pub(super) fn rubble_halves_against(&self, st: &State, defender_side: Side) -> bool {
        // Rubble gives the defender Double Defense (§6.9) against the attacker's dice.
        st.rubble[self.def_hex.index()] && self.attacker != defender_side
    }

    /// S5 (§6.16, §6.17, §8.9).
    pub(super) fn apply_soviet_card(
        &mut self,
        board: &Board,
        st: &mut State,
        c: CardId,
        ev: &mut Vec<Event>,
    ) {
        let card = board.card(c).clone();
        event(
            ev,
            EventKind::CardPlayed { card: c },
            format!(
                "S5: the Soviet card {} takes effect: {}",
                card.name, card.text
            ),
        );
        match card.effect {
            CardEffect::Chuikov | CardEffect::Zaytsev | CardEffect::Khrushchev => {
                st.leaders_in_play.push(c);
                info(
                    ev,
                    format!(
                        "{} enters play; its effect is permanent (Cartas de Líder Soviéticas).",
                        card.name
                    ),
                );
            }
            CardEffect::TommyGunner { dice } => {
                let d = st.dice.roll(dice as usize);
                dice_event(ev, Side::Soviet, "Tommy Gunner (FD)", &d);
                self.card_hits_on_germans(st, &d);
            }
            CardEffect::VolgaFlotilla { dice } => {
                let d = st.dice.roll(dice as usize);
                dice_event(ev, Side::Soviet, "Volga River Flotilla", &d);
                let sh = self.soviet_hex();
                if board.hex(sh).coast {
                    info(ev, "The Soviet hex is on the coast: gunboat fire at FD (Flotilla Fluvial del Volga).");
                    self.card_hits_on_germans(st, &d);
                } else {
                    let sum: u32 = d.iter().map(|x| *x as u32).sum();
                    crate::soviet::marine_landing(board, st, sum, ev);
                }
            }
            CardEffect::AntiAir => {
                let air_played = self.german_cards.iter().any(|g| is_air(board, *g));
                if air_played && !self.air_cancelled {
                    self.air_cancelled = true;
                    info(ev, "AA: the German air attack is cancelled with its Rubble modifier (Cartas de Apoyo Soviéticas: AA).");
                    if let Some(h) = card.printed_hex {
                        place_rubble(board, st, h, ev);
                    }
                } else {
                    info(ev, "AA: no German air card was played, no effect (§6.17.3, conditional reading).");
                }
            }
            CardEffect::SovietSniper => {
                let n = if leader_in_play(board, st, CardEffect::Zaytsev) {
                    2
                } else {
                    1
                };
                for _ in 0..n {
                    self.queue(Side::German, Pool::Infantry, 1);
                }
            }
            CardEffect::AntiTank => self.queue(Side::German, Pool::Armor, 1),
            CardEffect::Infiltration => self.deploy_in_combat(board, st, Reserve::Infantry, ev),
            CardEffect::T34DugIn => self.deploy_in_combat(board, st, Reserve::Tank, ev),
            _ => {}
        }
    }

    fn card_hits_on_germans(&mut self, st: &State, dice: &[u8]) {
        // Soviet card dice hit on 5–6 (FD); no Khrushchev bonus on cards (§6.17).
        let hits = dice.iter().filter(|v| **v >= 5).count() as u32;
        let hits = if self.rubble_halves_against(st, Side::German) {
            hits / 2
        } else {
            hits
        };
        self.queue(Side::German, Pool::Combat, hits);
    }

    /// Infiltration / T-34 Dug In (§6.17.6–7): a random unit at random strength joins the
    /// Soviet hex of the combat; full hex or empty reserve draws a card instead.
    fn deploy_in_combat(&mut self, board: &Board, st: &mut State, r: Reserve, ev: &mut Vec<Event>) {
        let sh = self.soviet_hex();
        let pool = rules::reserve_units(board, st, r);
        if rules::count_side(board, st, sh, Side::Soviet) >= STACK_LIMIT || pool.is_empty() {
            rules::draw_soviet(board, st, 1, "the card could not deploy a unit", ev);
            return;
        }
        let u = pool[st.dice.pick(pool.len())];
        let face = st.dice.pick(4) as u8;
        st.units[u.0 as usize] = UnitState {
            loc: Location::Map(sh),
            face,
            revealed: true,
        };
        self.adjust_revealed_soviet(board, st, u, ev);
        event(
            ev,
            EventKind::Reveal { units: vec![u] },
            format!(
                "{} deploys in hex {} and joins the combat at strength {}.",
                board.unit(u).name,
                board.hex_name(sh),
                strength(board, st, u)
            ),
        );
        if self.soviet_defending() {
            self.defenders.push(u);
        } else {
            self.attackers.push(u);
        }
    }

    /// S6 (§6.15): German support cards.
    pub(super) fn apply_german_card(
        &mut self,
        board: &Board,
        st: &mut State,
        c: CardId,
        ev: &mut Vec<Event>,
    ) {
        let card = board.card(c).clone();
        event(
            ev,
            EventKind::CardPlayed { card: c },
            format!("S6: the German card {} takes effect.", card.name),
        );
        match card.effect {
            CardEffect::Bombard { dice, air, .. } => {
                if air && self.air_cancelled {
                    info(ev, format!("{} was cancelled.", card.name));
                    return;
                }
                let n = if air && leader_in_play(board, st, CardEffect::VonRichthofen) {
                    dice * 2
                } else {
                    dice
                };
                let d = st.dice.roll(n as usize);
                dice_event(ev, Side::German, &format!("{} (FT)", card.name), &d);
                let hits = d.iter().filter(|v| **v >= 4).count() as u32;
                let hits = if self.rubble_halves_against(st, Side::Soviet) {
                    hits / 2
                } else {
                    hits
                };
                self.queue(Side::Soviet, Pool::Combat, hits);
            }
            CardEffect::GermanSniper => self.queue(Side::Soviet, Pool::Infantry, 1),
            CardEffect::Pak => self.queue(Side::Soviet, Pool::Armor, 1),
            _ => {}
        }
    }
}
