//! No Retreat! at the table: the face of a view (the prompt with its rule, "Turn 3 · Sep–Oct
//! 1941", the phase, the side to act), each action's words and map gesture (pick up a counter,
//! click where it goes; a Target, a Counterblow or a battle is a click on its hex), "ending now
//! leaves work undone", and the warning when a move leaves an Objective open. The app shows
//! these; it decides none of them.

use crate::board::Board;
use crate::rules::{deciding_side, Action, NoRetreat};
use crate::state::*;
use crate::view::{CardFace, View};
use eastfront_kernel::{
    Gesture, Mark, Need, Outcome, PieceId, Seat, Side, SpaceId, TableRules, ViewFace, Viewer,
};

/// A counter's table piece: its board unit index.
pub fn unit_piece(unit: usize) -> PieceId {
    PieceId(unit as u32)
}

/// A side as No Retreat! names it: the Axis (seat 0) and the Soviets.
pub fn side_word(side: Side) -> &'static str {
    match side {
        Side::German => "Axis",
        Side::Soviet => "Soviet",
    }
}

/// The step of the sequence of play in a player's words.
pub fn step_words(step: Step) -> &'static str {
    match step {
        Step::Card => "Card phase",
        Step::Supply => "Supply phase",
        Step::Reorganization => "Reorganization",
        Step::Movement => "Movement",
        Step::Combat => "Combat",
        Step::Removal => "Marker and unit removal",
        Step::RailUnloading => "Rail unloading",
    }
}

/// What the side to act must do now, with the rule.
pub fn prompt(board: &Board, st: &State) -> String {
    if let Some(o) = &st.outcome {
        return format!("Game over: {} (12.0)", o.reason);
    }
    let who = |s: Side| side_word(s);
    if let Some(p) = st.pending.first() {
        return match p {
            Pending::Discard { side, count } => format!(
                "{}: discard {count} card{} of your choice (5.1)",
                who(*side),
                if *count == 1 { "" } else { "s" }
            ),
            Pending::Cancel { side } => format!(
                "{}: cancel the Soviet event with Inexperienced Soviet Officers, or pass",
                who(*side)
            ),
            Pending::Window { side } => format!(
                "{}: play an event in the enemy's Movement phase (Maskirovka), or pass",
                who(*side)
            ),
            Pending::Overstack { side, at } => format!(
                "{}: remove a unit from the over-stacked hex {} (8.4.3)",
                who(*side),
                board.name(*at)
            ),
        };
    }
    let Phase::Player { side, step } = st.phase else {
        return "Turn Management (4.0)".into();
    };
    let decider = deciding_side(st).unwrap_or(side);
    let d = who(decider);
    match step {
        Step::Card => format!("{d}: play a Card-phase event or end the Card phase (5.3.1)"),
        Step::Supply => "Supply check (6.4)".into(),
        Step::Reorganization => match st.scratch.reorg {
            Some(ReorgStep::Flip) => format!(
                "{d}: recover, upgrade or fortify units, or end the flip step (7.0 A, 7.1, 7.2, 7.5)"
            ),
            Some(ReorgStep::Place) if !st.scratch.split_place.is_empty() => format!(
                "{d}: place the units of the split in its hex or next to it (15.1, 15.2)"
            ),
            Some(ReorgStep::Place) => format!(
                "{d}: place reinforcements, replacements and shattered units (7.0 B, 7.6–7.9)"
            ),
            _ => format!("{d}: pay to remove Disorganized markers, or end (7.10)"),
        },
        Step::Movement if st.scratch.support_step => {
            format!("{d}: put the Local Combat Support marker on a supplied unit, or end (15.3)")
        }
        Step::Movement => {
            format!("{d}: move units or embark them by rail, then end Movement (8.0, 9.1)")
        }
        Step::Combat => combat_prompt(st, d),
        Step::Removal => "Marker and unit removal (11.0)".into(),
        Step::RailUnloading => format!("{d}: unload units from the Rail box, then end (9.2)"),
    }
}

fn combat_prompt(st: &State, d: &str) -> String {
    let Some(c) = &st.scratch.combat else {
        return format!("{d}: Combat (10.0)");
    };
    if let Some(b) = &c.battle {
        return match b.stages.first() {
            Some(BattleStage::Commit(_)) => {
                format!("{d}: play one event card for this battle, or pass (10.5)")
            }
            Some(BattleStage::AfterRoll(_)) => {
                format!("{d}: play a card that changes the roll or the result, or pass (5.3.1)")
            }
            Some(BattleStage::ChooseDie(..)) => {
                format!("{d}: choose the die to use (Experienced Commanders, 5.3)")
            }
            Some(BattleStage::Counterattack) => {
                format!("{d}: counterattack with units of the battle, or end it (10.7.2)")
            }
            Some(BattleStage::MarkCounterblow) => {
                format!("{d}: put the Counterblow marker on a hex of your attackers (10.7.3)")
            }
            Some(BattleStage::Losses(_)) => {
                format!("{d}: choose the unit that loses a step (10.7.1)")
            }
            Some(BattleStage::Cadre { .. }) => {
                format!("{d}: place a cadre where the unit was eliminated, or none (14.9.2)")
            }
            Some(BattleStage::Retreats { .. }) => format!("{d}: retreat the defenders (10.7.5)"),
            Some(BattleStage::AdvanceCards(_)) => {
                format!("{d}: play a card that changes the advance, or pass (10.8)")
            }
            Some(BattleStage::Advance { .. }) => {
                format!("{d}: advance after combat into the emptied hexes, or end (10.8)")
            }
            _ => format!("{d}: the battle (10.5)"),
        };
    }
    match c.step {
        CombatStep::Targets => format!("{d}: place Target markers, then end (10.1.1)"),
        CombatStep::Counterblows => {
            format!("{d}: place Counterblow markers for a card each, then end (10.1.2)")
        }
        CombatStep::Battles => format!("{d}: choose the next battle and its units (10.2, 10.3)"),
    }
}

impl ViewFace for View {
    fn viewer(&self) -> Viewer {
        self.viewer
    }
    fn prompt(&self) -> &str {
        &self.prompt
    }
    /// "Turn 3 · Sep–Oct 1941", from the Turn Track.
    fn turn_label(&self) -> String {
        if self.period.is_empty() {
            format!("Turn {}", self.turn)
        } else {
            format!("Turn {} · {}", self.turn, self.period)
        }
    }
    fn phase_label(&self) -> String {
        match self.phase {
            Phase::Over => "Game over".into(),
            Phase::TurnManagement => "Turn Management".into(),
            Phase::Player { side, step } => {
                let sub = match (self.reorg_step, self.combat_step) {
                    (Some(ReorgStep::Flip), _) => " · Flip",
                    (Some(ReorgStep::Place), _) => " · Placement",
                    (Some(ReorgStep::Reorganize), _) => " · Disorganized",
                    (_, Some(CombatStep::Targets)) => " · Targets",
                    (_, Some(CombatStep::Counterblows)) => " · Counterblows",
                    (_, Some(CombatStep::Battles)) if self.battle.is_some() => " · Battle",
                    (_, Some(CombatStep::Battles)) => " · Battles",
                    _ => "",
                };
                format!("{} · {}{sub}", side_word(side), step_words(step))
            }
        }
    }
    fn side_to_act(&self) -> Option<Side> {
        self.side_to_act
    }
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
    fn turn_number(&self) -> u32 {
        u32::from(self.turn)
    }
}

fn card_words(board: &Board, card: u8, side: Option<Side>) -> String {
    let Some(data) = board.data.cards.cards.iter().find(|c| c.number == card) else {
        return format!("card {card}");
    };
    let half = match side {
        Some(Side::German) => data.axis.as_ref(),
        Some(Side::Soviet) => data.soviet.as_ref(),
        None => None,
    };
    match half {
        Some(h) => format!("card {card} ({})", h.title),
        None => format!("card {}", CardFace::of(data).title()),
    }
}

fn cards_words(board: &Board, cards: &[u8]) -> String {
    match cards {
        [] => "free".into(),
        _ => format!(
            "paying {}",
            cards
                .iter()
                .map(|c| card_words(board, *c, None))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn unit_words(board: &Board, view: &View, unit: usize) -> String {
    match view.counter(unit) {
        Some(c) => c.name.clone(),
        None => board
            .data
            .units
            .units
            .get(unit)
            .map(|u| u.front.name.clone())
            .unwrap_or_else(|| format!("unit {unit}")),
    }
}

fn units_words(board: &Board, view: &View, units: &[usize]) -> String {
    units
        .iter()
        .map(|u| unit_words(board, view, *u))
        .collect::<Vec<_>>()
        .join(", ")
}

fn spaces_words(board: &Board, spaces: &[SpaceId]) -> String {
    spaces
        .iter()
        .map(|s| board.name(*s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What `End` ends now, in words.
fn end_words(view: &View) -> String {
    match view.phase {
        Phase::Player { step, .. } => match step {
            Step::Reorganization => match view.reorg_step {
                Some(ReorgStep::Flip) => "End the flip step (7.0 A)".into(),
                Some(ReorgStep::Place) => "End the placement step (7.0 B)".into(),
                _ => "End Reorganization (7.10)".into(),
            },
            Step::Combat => match (&view.battle, view.combat_step) {
                (Some(_), _) => "End the advance (10.8)".into(),
                (None, Some(CombatStep::Targets)) => "Done placing Target markers (10.1.1)".into(),
                (None, Some(CombatStep::Counterblows)) => {
                    "Done placing Counterblow markers (10.1.2)".into()
                }
                _ => "End Combat".into(),
            },
            s => format!("End the {}", step_words(s)),
        },
        _ => "End".into(),
    }
}

/// Words for a legal action, as a button or a log line says it.
pub fn action_words(board: &Board, view: &View, a: &Action) -> String {
    let u = |x: &usize| unit_words(board, view, *x);
    let at = |s: &SpaceId| board.name(*s);
    let me = view.side_to_act;
    match a {
        Action::Discard { card } => format!("Discard {} (5.1)", card_words(board, *card, None)),
        Action::End => end_words(view),
        Action::PlayEvent { card } => {
            format!("Play the event of {} (5.3)", card_words(board, *card, me))
        }
        Action::Pass => "Pass: play no card".into(),
        Action::ChooseDie { die } => format!("Use the die showing {die}"),
        Action::PlayEventFor { card, units } => format!(
            "Play {} for {} (5.3)",
            card_words(board, *card, me),
            units_words(board, view, units)
        ),
        Action::Recover { unit, cards } => format!(
            "Recover {} to full strength, {} (7.1)",
            u(unit),
            cards_words(board, cards)
        ),
        Action::Upgrade { unit, cards } => {
            format!("Upgrade {}, {} (7.2)", u(unit), cards_words(board, cards))
        }
        Action::Fortify { unit, cards } => format!(
            "Convert {} to fortified, {} (7.5)",
            u(unit),
            cards_words(board, cards)
        ),
        Action::Regionalize { unit } => format!("Flip {} to its regional side (14.1)", u(unit)),
        Action::Place { unit, at: s } => format!("Place {} in {} (7.6)", u(unit), at(s)),
        Action::Replace { unit, cards } => {
            format!("Replace {}, {} (7.9)", u(unit), cards_words(board, cards))
        }
        Action::ReturnSs => "Return the SS Panzer Army for 1 VP (13.5)".into(),
        Action::Reorganize { units, card } => format!(
            "Remove the Disorganized markers of {}, paying {} (7.10)",
            units_words(board, view, units),
            card_words(board, *card, None)
        ),
        Action::Move { unit, to } => format!("Move {} to {} (8.0)", u(unit), at(to)),
        Action::Embark { unit, cards } => format!(
            "Embark {} by rail, {} (9.1)",
            u(unit),
            cards_words(board, cards)
        ),
        Action::ReleaseReserve { at: s } => {
            format!("Release the Strategic Reserve in {} (14.12)", at(s))
        }
        Action::Target { hex } => format!("Target marker on {} (10.1.1)", at(hex)),
        Action::Counterblow { hex, card } => format!(
            "Counterblow marker on {}, paying {} (10.1.2)",
            at(hex),
            card_words(board, *card, None)
        ),
        Action::Attack {
            targets,
            units,
            support,
        } => format!(
            "Attack {} with {}{} (10.3)",
            spaces_words(board, targets),
            units_words(board, view, units),
            if *support {
                " and a support marker (10.6.2)"
            } else {
                ""
            }
        ),
        Action::Counterattack { units, support } if units.is_empty() => {
            let _ = support;
            "No counterattack: end the battle (10.7.2)".into()
        }
        Action::Counterattack { units, support } => format!(
            "Counterattack with {}{} (10.7.2)",
            units_words(board, view, units),
            if *support {
                " and a support marker"
            } else {
                ""
            }
        ),
        Action::MarkCounterblow { hex } => {
            format!("Counterblow marker on {} (10.7.3)", at(hex))
        }
        Action::TakeLoss { unit } => format!("{} loses a step (10.7.1)", u(unit)),
        Action::PlaceCadre { cadre: Some(c) } => format!("Place the cadre {} (14.9.2)", u(c)),
        Action::PlaceCadre { cadre: None } => "Place no cadre (14.9.2)".into(),
        Action::Retreat { unit, to } => format!("Retreat {} to {} (10.7.5)", u(unit), at(to)),
        Action::Advance { unit, to } => format!("Advance {} to {} (10.8)", u(unit), at(to)),
        Action::Unstack { unit } => {
            format!("Remove {} from the over-stacked hex (8.4.3)", u(unit))
        }
        Action::Unload { unit, at: s } => format!("Unload {} in {} (9.2)", u(unit), at(s)),
        Action::AssignReserve { unit: Some(x) } => {
            format!("Put the Strategic Reserve marker on {} (14.12)", u(x))
        }
        Action::AssignReserve { unit: None } => "No Strategic Reserve (14.12)".into(),
        Action::PlayEventOn { card, units, hexes } => format!(
            "Play {} on {}{} (5.3)",
            card_words(board, *card, me),
            units.iter().map(u).collect::<Vec<_>>().join(", "),
            hexes
                .iter()
                .map(|h| format!(" {}", at(h)))
                .collect::<String>()
        ),
        Action::Split { unit } => {
            let rule = if me == Some(Side::Soviet) {
                "15.2"
            } else {
                "15.1"
            };
            format!("Split {} ({rule})", u(unit))
        }
        Action::LocalSupport { unit } => {
            format!("Put the Local Combat Support marker on {} (15.3)", u(unit))
        }
        Action::Paratroopers { unit } => {
            format!("Drop the Paratroopers on {} (15.9)", u(unit))
        }
    }
}

/// Actions made from a panel (a button or a list), never on the map: cards, ends, passes.
pub fn panel_action(a: &Action) -> bool {
    matches!(
        a,
        Action::Discard { .. }
            | Action::End
            | Action::PlayEvent { .. }
            | Action::Pass
            | Action::ChooseDie { .. }
            | Action::PlayEventFor { .. }
            | Action::Replace { .. }
            | Action::ReturnSs
            | Action::Reorganize { .. }
            | Action::Embark { .. }
            | Action::PlaceCadre { cadre: None }
            | Action::AssignReserve { .. }
    ) || matches!(a, Action::Counterattack { units, .. } if units.is_empty())
        || matches!(a, Action::PlayEventOn { units, hexes, .. }
            if units.len() > 1 || (units.is_empty() && hexes.is_empty()))
}

fn enemy_at(view: &View, s: SpaceId, own: Option<Side>) -> bool {
    view.counters
        .iter()
        .any(|c| c.loc == Loc::Map(s) && Some(c.side) != own)
}

/// How an action is made on the map: pick up the counter (on the map, or from a box's list
/// when it is off the map), click where it goes; a marker or a battle is a click on its hex.
/// None for the panel actions ([`panel_action`]).
pub fn gesture(view: &View, a: &Action) -> Option<Gesture> {
    let piece = |u: &usize| Need::Piece(unit_piece(*u));
    let panel = |u: &usize| Need::FromPanel(unit_piece(*u));
    let own_hex = |u: &usize| view.unit_at(*u);
    Some(match a {
        Action::Recover { unit, cards }
        | Action::Upgrade { unit, cards }
        | Action::Fortify { unit, cards } => Gesture {
            // The cheapest payment is taken by a click; equal ones are asked about.
            rank: cards.len() as u32,
            ..Gesture::click(piece(unit), own_hex(unit)?, Mark::Act)
        },
        Action::Regionalize { unit }
        | Action::TakeLoss { unit }
        | Action::Unstack { unit }
        | Action::Split { unit }
        | Action::LocalSupport { unit } => Gesture::click(piece(unit), own_hex(unit)?, Mark::Act),
        Action::Paratroopers { unit } => {
            Gesture::click(Need::Nothing, own_hex(unit)?, Mark::Attack)
        }
        Action::Place { unit, at } | Action::Unload { unit, at } => {
            Gesture::click(panel(unit), *at, Mark::Move)
        }
        Action::Move { unit, to } | Action::Retreat { unit, to } | Action::Advance { unit, to } => {
            let from = own_hex(unit);
            Gesture::click(piece(unit), *to, Mark::Move)
                .with_path(from.into_iter().chain([*to]).collect())
        }
        Action::ReleaseReserve { at } => Gesture::click(Need::Nothing, *at, Mark::Act),
        // A card played on one unit (and the hex it goes to), or on hexes alone (von
        // Manstein's Counterblow markers): made on the map like a move, not as a button per
        // unit and hex.
        Action::PlayEventOn { units, hexes, .. } => match (units.as_slice(), hexes.as_slice()) {
            ([u], [h]) => Gesture::click(piece(u), *h, Mark::Act),
            ([u], []) => Gesture::click(piece(u), own_hex(u)?, Mark::Act),
            ([], [first, ..]) => Gesture {
                clicks: hexes.clone(),
                ..Gesture::click(Need::Nothing, *first, Mark::Act)
            },
            _ => return None,
        },
        Action::Target { hex } | Action::Counterblow { hex, .. } => {
            Gesture::click(Need::Nothing, *hex, Mark::Attack)
        }
        Action::MarkCounterblow { hex } => Gesture::click(Need::Nothing, *hex, Mark::Act),
        Action::Attack { targets, units, .. } => {
            let mut us = units.clone();
            us.sort_unstable();
            Gesture {
                clicks: targets.clone(),
                ..Gesture::click(
                    Need::Pieces(us.into_iter().map(unit_piece).collect()),
                    *targets.first()?,
                    Mark::Attack,
                )
            }
        }
        Action::Counterattack { units, .. } if !units.is_empty() => {
            // 10.7.2: against the hexes of the battle's attackers.
            let b = view.battle.as_ref()?;
            let mut hexes: Vec<SpaceId> = b
                .attackers
                .iter()
                .filter_map(|u| view.unit_at(*u))
                .collect();
            hexes.sort();
            hexes.dedup();
            let mut us = units.clone();
            us.sort_unstable();
            Gesture {
                clicks: hexes.clone(),
                ..Gesture::click(
                    Need::Pieces(us.into_iter().map(unit_piece).collect()),
                    *hexes.first()?,
                    Mark::Attack,
                )
            }
        }
        Action::PlaceCadre { cadre: Some(c) } => {
            let at = view
                .combat
                .as_ref()?
                .battle
                .as_ref()?
                .stages
                .iter()
                .find_map(|s| match s {
                    BattleStage::Cadre { at, .. } => Some(*at),
                    _ => None,
                })?;
            Gesture::click(panel(c), at, Mark::Move)
        }
        _ => return None,
    })
}

/// Why ending now may be a mistake: what could still act. None when nothing is left, or when
/// `action` ends nothing.
pub fn work_left(view: &View, action: &Action, legal: &[Action]) -> Option<String> {
    let ends = matches!(action, Action::End)
        || matches!(action, Action::Counterattack { units, .. } if units.is_empty());
    if !ends {
        return None;
    }
    let mut units = std::collections::BTreeSet::new();
    let mut hexes = std::collections::BTreeSet::new();
    for a in legal {
        match a {
            Action::Move { unit, .. }
            | Action::Embark { unit, .. }
            | Action::Recover { unit, .. }
            | Action::Upgrade { unit, .. }
            | Action::Fortify { unit, .. }
            | Action::Place { unit, .. }
            | Action::Replace { unit, .. }
            | Action::Unload { unit, .. }
            | Action::Advance { unit, .. } => {
                units.insert(*unit);
            }
            Action::Reorganize { units: us, .. } | Action::Counterattack { units: us, .. } => {
                units.extend(us.iter().copied());
            }
            Action::Target { hex } | Action::Counterblow { hex, .. } => {
                hexes.insert(*hex);
            }
            _ => {}
        }
    }
    let verb = match (view.phase, view.reorg_step) {
        (_, _) if matches!(action, Action::Counterattack { .. }) => "could still counterattack",
        (
            Phase::Player {
                step: Step::Reorganization,
                ..
            },
            Some(ReorgStep::Flip),
        ) => "could still be flipped",
        (
            Phase::Player {
                step: Step::Reorganization,
                ..
            },
            Some(ReorgStep::Place),
        ) => "could still be placed",
        (
            Phase::Player {
                step: Step::Reorganization,
                ..
            },
            _,
        ) => "could still be reorganized",
        (
            Phase::Player {
                step: Step::Combat, ..
            },
            _,
        ) => "could still advance",
        (
            Phase::Player {
                step: Step::RailUnloading,
                ..
            },
            _,
        ) => "could still unload",
        _ => "could still move",
    };
    if !units.is_empty() {
        let n = units.len();
        return Some(format!("{n} unit{} {verb}.", if n == 1 { "" } else { "s" }));
    }
    if !hexes.is_empty() {
        let n = hexes.len();
        return Some(format!(
            "{n} hex{} could still be marked.",
            if n == 1 { "" } else { "es" }
        ));
    }
    None
}

/// A move that leaves a friendly Objective or VP hex empty beside enemy units (12.1, 12.7.1).
pub fn risk(board: &Board, view: &View, action: &Action) -> Option<String> {
    let (Action::Move { unit, .. } | Action::Embark { unit, .. }) = action else {
        return None;
    };
    let from = view.unit_at(*unit)?;
    let own = view.counter(*unit)?.side;
    let hex = board.hex(from)?;
    if !(hex.objective.is_some() || hex.is_vp()) {
        return None;
    }
    let others = view
        .counters
        .iter()
        .any(|c| c.unit != *unit && c.loc == Loc::Map(from) && c.side == own);
    if others {
        return None;
    }
    let threatened = board.neighbours(from).any(|n| enemy_at(view, n, Some(own)));
    let what = if hex.objective.is_some() {
        "Objective"
    } else {
        "VP hex"
    };
    threatened.then(|| {
        format!(
            "This leaves the {what} {} empty beside enemy units (12.1, 12.7.1).",
            board.name(from)
        )
    })
}

impl TableRules for NoRetreat {
    fn action_words(&self, view: &View, action: &Action) -> String {
        action_words(&self.board, view, action)
    }
    fn gesture(&self, view: &View, action: &Action) -> Option<Gesture> {
        gesture(view, action)
    }
    fn work_left(&self, view: &View, legal: &[Action], action: &Action) -> Option<String> {
        work_left(view, action, legal)
    }
    fn risk(&self, view: &View, action: &Action) -> Option<String> {
        risk(&self.board, view, action)
    }
    fn preview(&self, view: &View, action: &Action) -> Vec<String> {
        crate::preview::preview(&self.board, view, action)
    }
    /// Seat 0 is the Axis player, seat 1 the Soviet player.
    fn seat_name(&self, _options: &Options, seat: Seat) -> String {
        if seat == Seat(0) { "Axis" } else { "Soviet" }.into()
    }
    fn seats(&self, _options: &Options) -> Vec<Seat> {
        vec![Seat(0), Seat(1)]
    }
    /// "Smolensk (18,27)", or the coordinates alone, or an area's name.
    fn space_name(&self, space: SpaceId) -> String {
        match self.board.hex(space) {
            Some(h) => match h.label() {
                Some(l) => format!("{l} ({},{})", h.at.0, h.at.1),
                None => format!("hex {},{}", h.at.0, h.at.1),
            },
            None => self.board.name(space),
        }
    }
}
