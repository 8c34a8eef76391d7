//! Stalingrad: SECUENCIA DE COMBATE — the 13-step combat sequence (rules §5.3, §6.8–§6.12),
//! identical for both sides, as a resumable machine: it stops where the rules give a player a
//! choice (hit ties, advancing units, Blitz, the human Soviet's card) and resumes after it.

use crate::board::{Board, CardId, UnitId};
use crate::data::{CardEffect, Firepower, Reserve, Terrain, UnitKind};
use crate::rules::{self, dice_event, event, info, leader_in_play, reduce, strength, STACK_LIMIT};
use crate::state::*;
use crate::view::{face_of, CombatView};
use eastfront_kernel::{Side, SpaceId};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackKind {
    GermanQuick,
    GermanPlanned,
    SovietQuick,
    SovietPlanned,
}

impl AttackKind {
    pub fn name(self) -> &'static str {
        match self {
            AttackKind::GermanQuick => "German Quick Attack",
            AttackKind::GermanPlanned => "German Planned Attack",
            AttackKind::SovietQuick => "Soviet Quick Attack",
            AttackKind::SovietPlanned => "Soviet Planned Attack (Chuikov)",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Step {
    S1SovietCard,
    S3Confrontation,
    S5SovietCard,
    S6GermanCards,
    S8OpportunityFire,
    S9Rubble,
    S10CloseCombat,
    S10SecondFire,
    S11Advance,
    S12Blitz,
    S13Hide,
    Done,
}

impl Step {
    /// The printed step of the Combat Sequence.
    pub fn name(self) -> &'static str {
        match self {
            Step::S1SovietCard => "1. Soviet card",
            Step::S3Confrontation => "3. Confrontation",
            Step::S5SovietCard => "5. Soviet card effect",
            Step::S6GermanCards => "6. German card effect",
            Step::S8OpportunityFire => "8. Opportunity Fire",
            Step::S9Rubble => "9. Rubble Roll",
            Step::S10CloseCombat | Step::S10SecondFire => "10. Close Combat",
            Step::S11Advance => "11. Advance after Combat",
            Step::S12Blitz => "12. Blitz",
            Step::S13Hide => "13. Hide the units",
            Step::Done => "Combat over",
        }
    }
}

/// Which units a batch of hits may strike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Pool {
    /// Every unit of that side in the combat.
    Combat,
    /// Infantry only (Snipers; Panzergrenadiers and Motorized count).
    Infantry,
    /// Armor only (PAK, Anti-tank, the 20th AT Brigade).
    Armor,
    /// Attacking German units in hexes adjacent to this hex (Opportunity Fire, §11.8).
    AdjacentTo(SpaceId),
}

/// A batch of hits waiting to be applied, one at a time, to the strongest unit (§6.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitJob {
    pub side: Side,
    pub pool: Pool,
    pub count: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Combat {
    pub attacker: Side,
    pub kind: AttackKind,
    pub att_hexes: Vec<SpaceId>,
    pub def_hex: SpaceId,
    /// The hex whose die started a Soviet attack (its "Soviet hex", §6.13, §11.9).
    pub origin: Option<SpaceId>,
    pub attackers: Vec<UnitId>,
    pub defenders: Vec<UnitId>,
    pub soviet_card: Option<CardId>,
    pub german_cards: Vec<CardId>,
    pub air_cancelled: bool,
    pub step: Step,
    pub jobs: VecDeque<HitJob>,
    /// Equally strong units, one of which the German must pick (hit or Soviet advance).
    pub tie: Option<Vec<UnitId>>,
    pub tie_is_advance: bool,
    pub khrushchev_wipeout: bool,
    pub advanced: Vec<UnitId>,
    pub blitzed: Vec<UnitId>,
    pub revealed: bool,
    /// In sequential fire (Urban, or Germans first), the side that fires second.
    pub second_firer: Option<Side>,
}

/// What opens a battle: the side attacking, how, from which hexes, against which hex.
pub struct Attack {
    pub attacker: Side,
    pub kind: AttackKind,
    pub att_hexes: Vec<SpaceId>,
    pub def_hex: SpaceId,
    /// The hex whose die started a Soviet attack (its "Soviet hex", §6.13, §11.9).
    pub origin: Option<SpaceId>,
    /// The German cards played on a Planned Attack.
    pub german_cards: Vec<CardId>,
}

impl Attack {
    /// A German Planned Attack (§6.7.6) from `att_hexes` on `def_hex` with these cards.
    pub fn german_planned(att_hexes: Vec<SpaceId>, def_hex: SpaceId, cards: Vec<CardId>) -> Attack {
        Attack {
            attacker: Side::German,
            kind: AttackKind::GermanPlanned,
            att_hexes,
            def_hex,
            origin: None,
            german_cards: cards,
        }
    }
}

impl Combat {
    pub fn new(board: &Board, st: &State, attack: Attack, ev: &mut Vec<Event>) -> Combat {
        let Attack {
            attacker,
            kind,
            att_hexes,
            def_hex,
            origin,
            german_cards,
        } = attack;
        let attackers: Vec<UnitId> = att_hexes
            .iter()
            .flat_map(|h| rules::units_in(board, st, *h))
            .filter(|u| {
                rules::side_of_unit(board, *u) == attacker
                    && board.unit(*u).kind != UnitKind::General
            })
            .collect();
        let defenders: Vec<UnitId> = rules::units_in(board, st, def_hex)
            .into_iter()
            .filter(|u| board.unit(*u).kind != UnitKind::General)
            .collect();
        let from: Vec<&str> = att_hexes.iter().map(|h| board.hex_name(*h)).collect();
        let kind_name = match kind {
            AttackKind::GermanQuick => "Quick Attack (4. UN ATAQUE RÁPIDO)",
            AttackKind::GermanPlanned => "Planned Attack (5. UN ATAQUE PLANIFICADO)",
            AttackKind::SovietQuick => "Soviet Quick Attack (Ataque Rápido Soviético)",
            AttackKind::SovietPlanned => "Soviet Planned Attack (Chuikov)",
        };
        event(
            ev,
            EventKind::CombatStart { target: def_hex },
            format!(
                "{} from {} against hex {} ({:?}): {} attacking unit(s) against {} defending (SECUENCIA DE COMBATE).",
                kind_name,
                from.join(", "),
                board.hex_name(def_hex),
                board.terrain(def_hex),
                attackers.len(),
                defenders.len()
            ),
        );
        Combat {
            attacker,
            kind,
            att_hexes,
            def_hex,
            origin,
            attackers,
            defenders,
            soviet_card: None,
            german_cards,
            air_cancelled: false,
            step: Step::S1SovietCard,
            jobs: VecDeque::new(),
            tie: None,
            tie_is_advance: false,
            khrushchev_wipeout: false,
            advanced: Vec::new(),
            blitzed: Vec::new(),
            revealed: false,
            second_firer: None,
        }
    }

    fn soviet_defending(&self) -> bool {
        self.attacker == Side::German
    }

    /// Units of `side` still in the combat.
    pub fn alive(&self, st: &State, side: Side) -> Vec<UnitId> {
        let (list, hexes): (&Vec<UnitId>, Vec<SpaceId>) = if side == self.attacker {
            (&self.attackers, self.att_hexes.clone())
        } else {
            (&self.defenders, vec![self.def_hex])
        };
        list.iter()
            .copied()
            .filter(
                |u| matches!(st.units[u.0 as usize].loc, Location::Map(h) if hexes.contains(&h)),
            )
            .collect()
    }

    fn alive_attackers(&self, st: &State) -> Vec<UnitId> {
        self.alive(st, self.attacker)
    }
    fn alive_defenders(&self, st: &State) -> Vec<UnitId> {
        self.alive(st, self.attacker.other())
    }

    /// The side that must decide now (only meaningful while the machine is blocked).
    pub fn waiting_for(&self) -> Side {
        if self.step == Step::S1SovietCard {
            Side::Soviet
        } else {
            Side::German
        }
    }

    /// The Soviet hex of the combat (§6.13): the defender hex if the Soviets are attacked,
    /// otherwise the hex whose die started the attack (§11.9).
    fn soviet_hex(&self) -> SpaceId {
        if self.soviet_defending() {
            self.def_hex
        } else {
            self.origin.unwrap_or(self.att_hexes[0])
        }
    }

    fn human_soviet(st: &State) -> bool {
        !st.options.mode.soviet_is_ai()
    }

    pub fn legal_actions(&self, board: &Board, st: &State) -> Vec<crate::state::Action> {
        use crate::state::Action;
        if let Some(t) = &self.tie {
            return t.iter().map(|u| Action::Choose { unit: *u }).collect();
        }
        match self.step {
            Step::S1SovietCard => {
                let mut v = vec![Action::SovietCard { card: None }];
                v.extend(
                    st.soviet_hand
                        .iter()
                        .map(|c| Action::SovietCard { card: Some(*c) }),
                );
                v
            }
            Step::S11Advance => {
                let mut v: Vec<Action> = if self.advanced.len() < STACK_LIMIT {
                    self.alive_attackers(st)
                        .into_iter()
                        .filter(|u| !self.advanced.contains(u))
                        .map(|u| Action::Advance { unit: u })
                        .collect()
                } else {
                    Vec::new()
                };
                if !self.advanced.is_empty() {
                    v.push(Action::EndAdvance);
                }
                v
            }
            Step::S12Blitz => {
                let occ = rules::occupancy(board, st);
                let mut v = vec![Action::EndBlitz];
                for &u in self.advanced.iter().filter(|u| !self.blitzed.contains(u)) {
                    if !board.unit(u).kind.is_blitz()
                        || st.units[u.0 as usize].loc != Location::Map(self.def_hex)
                    {
                        continue;
                    }
                    for to in board.topo.neighbours(self.def_hex) {
                        if board.terrain(to) == Terrain::Clear
                            && occ[to.index()].1 == 0
                            && (occ[to.index()].0 as usize) < STACK_LIMIT
                        {
                            v.push(Action::Blitz { unit: u, to });
                        }
                    }
                }
                v
            }
            _ => Vec::new(),
        }
    }

    pub fn apply_decision(
        &mut self,
        board: &Board,
        st: &mut State,
        action: &crate::state::Action,
        ev: &mut Vec<Event>,
    ) {
        use crate::state::Action;
        match action {
            Action::Choose { unit } => {
                self.tie = None;
                if self.tie_is_advance {
                    self.tie_is_advance = false;
                    self.soviet_advance(board, st, *unit, ev);
                    self.step = Step::S12Blitz;
                } else {
                    reduce(board, st, *unit, ev);
                    if let Some(j) = self.jobs.front_mut() {
                        j.count = j.count.saturating_sub(1);
                    }
                }
            }
            Action::SovietCard { card } => {
                if let Some(c) = card {
                    st.soviet_hand.retain(|x| x != c);
                    self.soviet_card = Some(*c);
                }
                self.step = Step::S3Confrontation;
            }
            Action::Advance { unit } => {
                st.units[unit.0 as usize].loc = Location::Map(self.def_hex);
                self.advanced.push(*unit);
                let colour = match board.unit(*unit).army {
                    Some(crate::data::Army::Yellow) => Some(0),
                    Some(crate::data::Army::Blue) => Some(1),
                    _ => None,
                };
                event(
                    ev,
                    EventKind::Moved {
                        from: None,
                        to: self.def_hex,
                        units: 1,
                    },
                    format!(
                        "{} advances into hex {} (AVANCE DESPUÉS DEL COMBATE).",
                        board.unit(*unit).name,
                        board.hex_name(self.def_hex)
                    ),
                );
                rules::enter_hex(board, st, self.def_hex, Side::German, colour, ev);
                if self.advanced.len() >= STACK_LIMIT
                    || self
                        .alive_attackers(st)
                        .iter()
                        .all(|u| self.advanced.contains(u))
                {
                    self.step = Step::S12Blitz;
                }
            }
            Action::EndAdvance => self.step = Step::S12Blitz,
            Action::Blitz { unit, to } => {
                self.blitzed.push(*unit);
                st.units[unit.0 as usize].loc = Location::Map(*to);
                event(
                    ev,
                    EventKind::Moved {
                        from: Some(self.def_hex),
                        to: *to,
                        units: 1,
                    },
                    format!(
                        "{} makes a Blitz move to hex {} (Hoth: Movimiento Blitz).",
                        board.unit(*unit).name,
                        board.hex_name(*to)
                    ),
                );
                rules::enter_hex(board, st, *to, Side::German, None, ev);
            }
            Action::EndBlitz => self.step = Step::S13Hide,
            _ => {}
        }
    }

    /// Advances through the steps. Returns true when the combat is over.
    pub fn run(&mut self, board: &Board, st: &mut State, ev: &mut Vec<Event>) -> bool {
        loop {
            if st.outcome.is_some() {
                self.hide(st);
                if self.step < Step::S8OpportunityFire {
                    self.discard_cards(board, st);
                }
                return true;
            }
            if self.tie.is_some() {
                return false;
            }
            if !self.jobs.is_empty() {
                if self.process_jobs(board, st, ev) {
                    return false;
                }
                continue;
            }
            match self.step {
                Step::S1SovietCard => {
                    // S1: the Soviets must play one random card (1 vs 1: the player chooses).
                    if st.soviet_hand.is_empty() {
                        self.step = Step::S3Confrontation;
                    } else if Self::human_soviet(st) {
                        return false;
                    } else {
                        let i = st.dice.pick(st.soviet_hand.len());
                        self.soviet_card = Some(st.soviet_hand.remove(i));
                        info(
                            ev,
                            "S1: the Soviets play a random card from their hand, face down.",
                        );
                        self.step = Step::S3Confrontation;
                    }
                }
                Step::S3Confrontation => {
                    self.confrontation(board, st, ev);
                    self.step = Step::S5SovietCard;
                }
                Step::S5SovietCard => {
                    if let Some(c) = self.soviet_card {
                        self.apply_soviet_card(board, st, c, ev);
                    }
                    self.step = Step::S6GermanCards;
                }
                Step::S6GermanCards => {
                    for c in self.german_cards.clone() {
                        self.apply_german_card(board, st, c, ev);
                    }
                    self.discard_cards(board, st);
                    self.step = Step::S8OpportunityFire;
                }
                Step::S8OpportunityFire => {
                    if self.soviet_defending() && leader_in_play(board, st, CardEffect::Chuikov) {
                        self.opportunity_fire(board, st, ev);
                    }
                    self.step = Step::S9Rubble;
                }
                Step::S9Rubble => {
                    if self.kind == AttackKind::GermanPlanned
                        && board.terrain(self.def_hex) == Terrain::Urban
                    {
                        self.rubble_roll(board, st, ev);
                    }
                    self.step = Step::S10CloseCombat;
                }
                Step::S10CloseCombat => {
                    let fight = !self.alive_attackers(st).is_empty()
                        && !self.alive_defenders(st).is_empty()
                        && !self.khrushchev_wipeout;
                    if fight {
                        self.close_combat_first(board, st, ev);
                    } else {
                        self.step = Step::S11Advance;
                    }
                }
                Step::S10SecondFire => {
                    let second = self.second_firer.take();
                    if let Some(side) = second {
                        let shooters = self.alive(st, side);
                        if !shooters.is_empty() && !self.alive(st, side.other()).is_empty() {
                            self.fire(board, st, side, &shooters, ev);
                        }
                    }
                    self.step = Step::S11Advance;
                }
                Step::S11Advance => {
                    let att = self.alive_attackers(st);
                    if !self.alive_defenders(st).is_empty() || att.is_empty() {
                        self.step = Step::S13Hide;
                        continue;
                    }
                    if self.attacker == Side::German {
                        // The German chooses 1–4 units (at least one); EndAdvance moves on.
                        return false;
                    } else {
                        // The strongest surviving Soviet attacker advances; ties: the German picks.
                        let tied = strongest(board, st, &att);
                        if tied.len() > 1 {
                            self.tie = Some(tied);
                            self.tie_is_advance = true;
                            return false;
                        }
                        self.soviet_advance(board, st, tied[0], ev);
                        self.step = Step::S12Blitz;
                    }
                }
                Step::S12Blitz => {
                    let can = self.attacker == Side::German
                        && board.terrain(self.def_hex) == Terrain::Clear
                        && leader_in_play(board, st, CardEffect::Hoth)
                        && self.legal_actions(board, st).len() > 1;
                    if can {
                        return false;
                    }
                    self.step = Step::S13Hide;
                }
                Step::S13Hide => {
                    self.hide(st);
                    event(
                        ev,
                        EventKind::Hide,
                        "S13: the revealed blocks stand up again (OCULTAR LAS UNIDADES).",
                    );
                    event(ev, EventKind::CombatEnd, "The combat is over.");
                    self.step = Step::Done;
                }
                Step::Done => return true,
            }
        }
    }

    /// S7: support cards are discarded; leaders stay in play.
    fn discard_cards(&self, board: &Board, st: &mut State) {
        let _ = board;
        if let Some(c) = self.soviet_card.filter(|c| !st.leaders_in_play.contains(c)) {
            st.discards.push(c);
        }
        st.discards.extend(self.german_cards.iter().copied());
    }

    fn hide(&self, st: &mut State) {
        for u in self.attackers.iter().chain(&self.defenders) {
            st.units[u.0 as usize].revealed = false;
        }
    }

    /// Applies queued hits, strongest unit first (§6.5). Returns true when the German must
    /// break a tie.
    fn process_jobs(&mut self, board: &Board, st: &mut State, ev: &mut Vec<Event>) -> bool {
        while let Some(job) = self.jobs.front().cloned() {
            if job.count == 0 {
                self.jobs.pop_front();
                continue;
            }
            let cands = self.pool_units(board, st, job.side, job.pool);
            if cands.is_empty() {
                self.jobs.pop_front();
                continue;
            }
            let tied = strongest(board, st, &cands);
            if tied.len() > 1 {
                self.tie = Some(tied);
                self.tie_is_advance = false;
                return true;
            }
            reduce(board, st, tied[0], ev);
            if let Some(j) = self.jobs.front_mut() {
                j.count -= 1;
            }
        }
        false
    }

    fn pool_units(&self, board: &Board, st: &State, side: Side, pool: Pool) -> Vec<UnitId> {
        let alive = self.alive(st, side);
        match pool {
            Pool::Combat => alive,
            Pool::Infantry => alive.into_iter().filter(|u| board.unit(*u).kind.is_infantry()).collect(),
            Pool::Armor => alive.into_iter().filter(|u| board.unit(*u).kind.is_armor()).collect(),
            Pool::AdjacentTo(h) => alive
                .into_iter()
                .filter(|u| matches!(st.units[u.0 as usize].loc, Location::Map(x) if x == h || board.topo.adjacent(x, h)))
                .collect(),
        }
    }

    fn queue(&mut self, side: Side, pool: Pool, count: u32) {
        if count > 0 {
            self.jobs.push_back(HitJob { side, pool, count });
        }
    }

    /// S3–S4b: reveal everything, Immortal Guard, adjust blank Soviet blocks, special units.
    fn confrontation(&mut self, board: &Board, st: &mut State, ev: &mut Vec<Event>) {
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

    fn rubble_halves_against(&self, st: &State, defender_side: Side) -> bool {
        // Rubble gives the defender Double Defense (§6.9) against the attacker's dice.
        st.rubble[self.def_hex.index()] && self.attacker != defender_side
    }

    /// S5 (§6.16, §6.17, §8.9).
    fn apply_soviet_card(&mut self, board: &Board, st: &mut State, c: CardId, ev: &mut Vec<Event>) {
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
    fn apply_german_card(&mut self, board: &Board, st: &mut State, c: CardId, ev: &mut Vec<Event>) {
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

    /// S8 Opportunity Fire (§6.16.1): every Soviet unit in the target hex or adjacent to an
    /// attacking stack rolls one die at FS; the firers are not revealed.
    fn opportunity_fire(&mut self, board: &Board, st: &mut State, ev: &mut Vec<Event>) {
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
    fn rubble_roll(&mut self, board: &Board, st: &mut State, ev: &mut Vec<Event>) {
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
    fn close_combat_first(&mut self, board: &Board, st: &mut State, ev: &mut Vec<Event>) {
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
    fn fire(
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

    fn soviet_advance(&mut self, board: &Board, st: &mut State, u: UnitId, ev: &mut Vec<Event>) {
        st.units[u.0 as usize].loc = Location::Map(self.def_hex);
        event(ev, EventKind::Moved { from: None, to: self.def_hex, units: 1 }, format!("The strongest Soviet attacker, {}, advances into hex {} (AVANCE DESPUÉS DEL COMBATE).", board.unit(u).name, board.hex_name(self.def_hex)));
        rules::enter_hex(board, st, self.def_hex, Side::Soviet, None, ev);
    }

    pub fn prompt(&self, board: &Board) -> String {
        if self.tie.is_some() {
            return if self.tie_is_advance {
                "Several Soviet attackers are equally strong: choose the one that advances (§6.11)."
                    .into()
            } else {
                "Several units are equally strong: choose the one that takes the hit (§6.5, the German chooses).".into()
            };
        }
        match self.step {
            Step::S1SovietCard => "Soviet player: play a card from your hand, or none (MODO 1 vs. 1, §9.2.5).".into(),
            Step::S11Advance => format!("Hex {} is empty: advance 1 to 4 attacking units into it (AVANCE DESPUÉS DEL COMBATE).", board.hex_name(self.def_hex)),
            Step::S12Blitz => "Blitz: each advanced Blitz unit may move one more hex into a Clear hex free of Soviets (Hoth).".into(),
            _ => "Combat in progress.".into(),
        }
    }

    pub fn view(&self, board: &Board, st: &State) -> CombatView {
        let faces = |side: Side| {
            if !self.revealed {
                return Vec::new();
            }
            let list = if side == self.attacker {
                &self.attackers
            } else {
                &self.defenders
            };
            list.iter()
                .filter(|u| st.units[u.0 as usize].revealed)
                .map(|u| face_of(board, st, *u))
                .collect()
        };
        let card = |c: CardId| crate::view::card_view(board, c);
        CombatView {
            attacker: self.attacker,
            target: self.def_hex,
            from: self.att_hexes.clone(),
            kind: self.kind.name().to_string(),
            step: self.step.name().to_string(),
            german: faces(Side::German),
            soviet: faces(Side::Soviet),
            soviet_card: if self.revealed {
                self.soviet_card.map(card)
            } else {
                None
            },
            german_cards: if self.revealed {
                self.german_cards.iter().map(|c| card(*c)).collect()
            } else {
                Vec::new()
            },
            revealed: self.revealed,
        }
    }
}

/// The units with the most pips right now (rules §6.5: hits and the Soviet advance go to the
/// strongest; the German chooses among equals).
fn strongest(board: &Board, st: &State, units: &[UnitId]) -> Vec<UnitId> {
    let max = units
        .iter()
        .map(|u| strength(board, st, *u))
        .max()
        .unwrap_or(0);
    units
        .iter()
        .copied()
        .filter(|u| strength(board, st, *u) == max)
        .collect()
}

fn is_air(board: &Board, c: CardId) -> bool {
    matches!(board.card(c).effect, CardEffect::Bombard { air: true, .. })
}

/// Places a Rubble marker if the hex is Urban, has none and fewer than 15 are out (§6.9).
pub fn place_rubble(board: &Board, st: &mut State, h: SpaceId, ev: &mut Vec<Event>) {
    let placed = st.rubble.iter().filter(|r| **r).count();
    if board.terrain(h) != Terrain::Urban
        || st.rubble[h.index()]
        || placed >= board.data.setup.rubble_markers
    {
        info(
            ev,
            format!(
                "No Rubble can be placed on hex {} (Urban only, one per hex, 15 at most).",
                board.hex_name(h)
            ),
        );
        return;
    }
    st.rubble[h.index()] = true;
    event(
        ev,
        EventKind::Rubble { hex: h },
        format!(
            "Rubble on hex {}: its defender now has Double Defense (RUINAS).",
            board.hex_name(h)
        ),
    );
}
