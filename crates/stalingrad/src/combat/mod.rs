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

mod choices;
mod confrontation;
mod fire;

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
