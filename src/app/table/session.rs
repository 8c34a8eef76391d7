//! The game at the table: the rules' session (state, record, undo), who plays which seat, and
//! what happened (the log). Every change goes through [`Table::apply`] or [`Table::undo`];
//! the rules decide, the table only asks. The session is the only holder of the game's
//! `State`: every other part of the app reads the view of the player at the screen
//! ([`super::frame::Frame`]) and the log ([`GameLog`]), which carry no game type.

use super::desc::Cue;
use super::game::{Seating, TableGame};
use bevy::prelude::*;
use eastfront_kernel::{
    LogEvent, LogTopic, Outcome, Record, Roll, Seat, Session, Side, SpaceId, ViewFace, Viewer,
};
use std::sync::atomic::{AtomicU64, Ordering};

/// One line of the log: what everyone reads, what one side reads instead, the rule, the dice.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine {
    /// The turn label the line is dated by ("T3").
    pub turn: u32,
    pub public: String,
    pub private: Option<(Side, String)>,
    pub rule: String,
    pub roll: Option<Roll>,
    /// More about the line, for its hover text (the full path of a loaded save).
    pub detail: Option<String>,
    /// The index of the record entry that made it (None: the table's own notes).
    pub step: Option<usize>,
    /// Taken back by an undo: shown struck through, never as if it happened.
    pub undone: bool,
    /// What it is about, for the log's filter (a line inside a battle is about the battle).
    pub topic: LogTopic,
    /// The map spaces it happened at (a line inside a battle: the battle's space).
    pub places: Vec<SpaceId>,
}

impl LogLine {
    pub fn note(turn: u32, text: impl Into<String>) -> LogLine {
        LogLine {
            turn,
            public: text.into(),
            private: None,
            rule: String::new(),
            roll: None,
            detail: None,
            step: None,
            undone: false,
            topic: LogTopic::Other,
            places: Vec::new(),
        }
    }

    pub fn of_event<E: LogEvent>(turn: u32, step: usize, e: &E) -> LogLine {
        let public = e.text_for(None).to_string();
        let private = [Side::German, Side::Soviet].into_iter().find_map(|s| {
            let t = e.text_for(Some(s));
            (t != public).then(|| (s, t.to_string()))
        });
        LogLine {
            turn,
            public,
            private,
            rule: e.rule().to_string(),
            roll: e.roll().cloned(),
            detail: None,
            step: Some(step),
            undone: false,
            topic: e.topic(),
            places: e.places(),
        }
    }

    /// The words `reader` may read: a side its own fuller line, the review (everything
    /// revealed) the fuller line of whichever side has one, nobody in particular the public one.
    pub fn text_for(&self, reader: Option<Viewer>) -> &str {
        match (&self.private, reader) {
            (Some((s, t)), Some(Viewer::Side(v))) if *s == v => t,
            (Some((_, t)), Some(Viewer::Omniscient)) => t,
            _ => &self.public,
        }
    }
}

/// The game's log, oldest first, and the cues of the last change (for the animations).
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct GameLog {
    pub lines: Vec<LogLine>,
    /// The cues of the latest action's events, and for each the log line it came with.
    pub cues: Vec<(usize, Cue)>,
    /// The log lines of the latest action start here.
    pub latest_from: usize,
    /// The side whose action made the latest change.
    pub latest_side: Option<Side>,
    /// Lines from here on are not shown yet (a replay's step).
    pub shown_until: Option<usize>,
    /// Every battle's lines, in the order fought (the last one open while it is fought).
    pub battles: Vec<BattleSpan>,
}

/// The log lines of one battle: from its opening to its close (None while it is fought), and
/// its spaces.
#[derive(Clone, Debug, PartialEq)]
pub struct BattleSpan {
    pub first: usize,
    pub last: Option<usize>,
    pub places: Vec<SpaceId>,
}

impl GameLog {
    /// Adds an event's line; one that opens a battle starts its lines, one that closes it ends
    /// them, and the lines between are about the battle and its space.
    pub fn push_event(&mut self, mut line: LogLine, battle_edge: Option<bool>) {
        if battle_edge == Some(true) {
            self.open_battle(line.places.clone());
        }
        if let Some(open) = self.battles.last().filter(|b| b.last.is_none()) {
            if line.topic == LogTopic::Other {
                line.topic = LogTopic::Combat;
            }
            if line.places.is_empty() {
                line.places = open.places.clone();
            }
        }
        if battle_edge == Some(false) {
            self.close_battle(self.lines.len());
        }
        self.lines.push(line);
    }

    /// A battle opened or closed by an event that has no line of its own.
    pub fn push_battle_edge(&mut self, battle_edge: Option<bool>, places: Vec<SpaceId>) {
        match battle_edge {
            Some(true) => self.open_battle(places),
            Some(false) => self.close_battle(self.lines.len().saturating_sub(1)),
            None => {}
        }
    }

    fn open_battle(&mut self, places: Vec<SpaceId>) {
        self.battles.push(BattleSpan {
            first: self.lines.len(),
            last: None,
            places,
        });
    }

    fn close_battle(&mut self, last: usize) {
        if let Some(b) = self.battles.last_mut().filter(|b| b.last.is_none()) {
            b.last = Some(last.max(b.first));
        }
    }

    /// The lines the player may read now.
    pub fn shown(&self) -> &[LogLine] {
        let n = self
            .shown_until
            .unwrap_or(self.lines.len())
            .min(self.lines.len());
        &self.lines[..n]
    }
}

/// What the panels need of the table beyond the view: undo, the seed, the last refusal.
#[derive(Resource, Default, Clone, Debug)]
pub struct TableStatus {
    /// The game's id ("moscow41").
    pub game: &'static str,
    pub title: String,
    pub scenario: String,
    pub seed: u64,
    pub record_len: usize,
    /// Bumped on every change of the game state (actions, undo).
    pub revision: u64,
    /// Distinct for every table made in this program run (panels keep memory per table).
    pub table_id: u64,
    pub can_undo: bool,
    pub undo_blocked_by: Option<String>,
    /// The last refusal or failure, shown until the next action.
    pub last_error: Option<String>,
    pub seating: Option<Seating>,
    /// Each seat the rules may ask: its name, its side, whether a human plays it.
    pub seats: Vec<SeatInfo>,
    pub active_seat: Option<Seat>,
    pub outcome: Option<Outcome>,
}

/// A seat at the table.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatInfo {
    pub seat: Seat,
    pub name: String,
    /// The name its human player gave (hot-seat).
    pub player: Option<String>,
    pub side: Side,
    pub human: bool,
}

impl TableStatus {
    /// Who is called to the screen for `seat`: "Anna (the Soviet player)" when the player gave
    /// a name, "the Soviet player" otherwise.
    pub fn player_call(&self, seat: Seat) -> String {
        let role = format!("the {} player", self.seat_name(seat));
        match self
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .and_then(|s| s.player.as_ref())
        {
            Some(name) => format!("{name} ({role})"),
            None => role,
        }
    }
    pub fn seat_name(&self, seat: Seat) -> String {
        self.seats
            .iter()
            .find(|s| s.seat == seat)
            .map(|s| s.name.clone())
            .unwrap_or_else(|| format!("seat {}", seat.0))
    }
    /// A side as its game names it (No Retreat!'s German side is the Axis); a side that two
    /// seats share (Stalingrad's two Germans) by its own name.
    pub fn side_name(&self, side: Side) -> String {
        let mut seats = self.seats.iter().filter(|s| s.side == side);
        match (seats.next(), seats.next()) {
            (Some(only), None) => only.name.clone(),
            _ => format!("{side:?}"),
        }
    }
    pub fn seat_side(&self, seat: Seat) -> Option<Side> {
        self.seats.iter().find(|s| s.seat == seat).map(|s| s.side)
    }
    pub fn human_seats(&self) -> Vec<Seat> {
        self.seats
            .iter()
            .filter(|s| s.human)
            .map(|s| s.seat)
            .collect()
    }
    /// Nobody plays: the computer plays every side and the player watches (the watch mode).
    pub fn watching(&self) -> bool {
        self.seating.as_ref().is_some_and(|s| s.spectator())
    }
    pub fn is_human(&self, seat: Seat) -> bool {
        self.seats.iter().any(|s| s.seat == seat && s.human)
    }
    /// The words of the button that plays the computer's moves without pauses: up to the
    /// player's turn, or to the end when nobody plays (the watch mode).
    pub fn skip_words(&self) -> &'static str {
        if self.seats.iter().any(|s| s.human) {
            "Skip to my turn"
        } else {
            "Skip to the end"
        }
    }
    /// Whether a computer plays any seat the rules ask (the AI speed matters).
    pub fn has_computer(&self) -> bool {
        self.seats.iter().any(|s| !s.human)
    }
}

static NEXT_TABLE_ID: AtomicU64 = AtomicU64::new(1);

/// Every event of a game with the record step that made it.
pub type History<G> = Vec<(usize, <G as eastfront_kernel::Game>::Event)>;

/// The game being played.
#[derive(Resource)]
pub struct Table<G: TableGame> {
    pub session: Session<'static, G>,
    pub seating: Seating,
    pub revision: u64,
    pub id: u64,
    pub last_error: Option<String>,
    /// Events of the last action (the game's own, for its windows).
    pub latest: Vec<G::Event>,
    /// Every event since the setup with the record step that made it (a battle window
    /// follows its battle through several actions; undone events are dropped).
    pub history: History<G>,
}

impl<G: TableGame> Table<G> {
    pub fn new(mut session: Session<'static, G>, seating: Seating) -> Table<G> {
        let seats = session.game.seats(&session.options);
        session
            .meta
            .retain(|k, _| !k.starts_with("seat.") && !k.starts_with(super::game::META_NAME));
        session.meta.extend(seating.meta(&seats));
        Table {
            session,
            seating,
            revision: 1,
            id: NEXT_TABLE_ID.fetch_add(1, Ordering::Relaxed),
            last_error: None,
            latest: Vec::new(),
            history: Vec::new(),
        }
    }

    pub fn game(&self) -> &'static G {
        self.session.game
    }
    pub fn active_seat(&self) -> Option<Seat> {
        self.game().active(self.session.state())
    }
    pub fn side_of(&self, seat: Seat) -> Side {
        self.game().side_of(self.session.state(), seat)
    }
    pub fn is_human(&self, seat: Seat) -> bool {
        self.seating.humans.contains(&seat)
    }
    pub fn turn(&self) -> u32 {
        self.game()
            .view(self.session.state(), Viewer::Omniscient)
            .log_turn()
    }

    /// The view of one side (or of everyone, once the game is over).
    pub fn view_for(&self, viewer: Viewer) -> G::View {
        self.game().view(self.session.state(), viewer)
    }

    /// Asks the rules to apply `action`; the events go into the log, a refusal is kept for
    /// the player to read.
    pub fn apply(
        &mut self,
        seat: Seat,
        action: G::Action,
        log: &mut GameLog,
    ) -> Result<(), String> {
        // The log dates events by the turn in which the action was taken.
        let turn = self.turn();
        let step = self.session.record().len();
        let side = self.side_of(seat);
        match self.session.apply(seat, action) {
            Ok(events) => {
                log.latest_from = log.lines.len();
                log.latest_side = Some(side);
                log.cues.clear();
                for e in &events {
                    // An event with no words (a battle's record for its window) has no line.
                    let worded = !e.text_for(None).is_empty() || e.roll().is_some();
                    if worded {
                        log.push_event(LogLine::of_event(turn, step, e), e.battle_edge());
                    } else if e.battle_edge().is_some() {
                        log.push_battle_edge(e.battle_edge(), e.places());
                    }
                    let line = log.lines.len().saturating_sub(1);
                    for cue in self.game().cues(e) {
                        log.cues.push((line, cue));
                    }
                    self.history.push((step, e.clone()));
                }
                self.latest = events;
                self.last_error = None;
                self.revision += 1;
                Ok(())
            }
            Err(e) => {
                self.last_error = Some(e.0.clone());
                Err(e.0)
            }
        }
    }

    /// Takes back the last undoable action: its log lines are marked undone, not deleted.
    pub fn undo(&mut self, log: &mut GameLog) -> bool {
        let before = self.session.record().len();
        if !self.session.undo() {
            return false;
        }
        let after = self.session.record().len();
        self.history.retain(|(s, _)| *s < after);
        for l in &mut log.lines {
            if l.step.is_some_and(|s| s >= after && s < before) {
                l.undone = true;
            }
        }
        log.lines
            .push(LogLine::note(self.turn(), "Last action taken back (undo)."));
        log.latest_from = log.lines.len();
        log.cues.clear();
        self.latest.clear();
        self.last_error = None;
        self.revision += 1;
        true
    }

    /// The status the panels read.
    pub fn status(&self) -> TableStatus {
        let game = self.game();
        let seats = game
            .seats(&self.session.options)
            .into_iter()
            .map(|s| SeatInfo {
                seat: s,
                name: game.seat_name(&self.session.options, s),
                player: self.seating.name(s).map(str::to_string),
                side: self.side_of(s),
                human: self.is_human(s),
            })
            .collect();
        TableStatus {
            game: game.id(),
            title: game.title().to_string(),
            scenario: self.session.scenario.clone(),
            seed: self.session.seed,
            record_len: self.session.record().len(),
            revision: self.revision,
            table_id: self.id,
            can_undo: self.session.can_undo(),
            undo_blocked_by: self.session.undo_blocked_by().map(str::to_string),
            last_error: self.last_error.clone(),
            seating: Some(self.seating.clone()),
            seats,
            active_seat: self.active_seat(),
            outcome: game.outcome(self.session.state()),
        }
    }

    /// The log and the events of this session from its first action: the record played
    /// again from the setup (a loaded game gets its whole history back). None if it does not
    /// reproduce the session, which a load has already ruled out.
    pub fn replayed(&self, opening: &str) -> Option<(GameLog, History<G>)> {
        let s = &self.session;
        let fresh = Session::new(s.game, &s.scenario, s.options.clone(), s.seed).ok()?;
        let mut t = Table::new(fresh, self.seating.clone());
        let mut log = GameLog {
            lines: vec![LogLine::note(t.turn(), opening)],
            ..default()
        };
        for entry in s.record() {
            match entry {
                Record::Act { seat, action } => t.apply(*seat, action.clone(), &mut log).ok()?,
                Record::ScriptDice(values) => t.session.script_dice(values.clone()).ok()?,
                Record::ScriptPicks(values) => t.session.script_picks(values.clone()),
            }
        }
        (t.session.state() == s.state()).then_some((log, t.history))
    }

    /// The log of this session from its first action (see [`Table::replayed`]).
    pub fn replayed_log(&self, opening: &str) -> Option<GameLog> {
        self.replayed(opening).map(|(log, _)| log)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line() -> LogLine {
        LogLine {
            private: Some((
                Side::German,
                "XXXIV Army Corps moves from 119 to 135.".into(),
            )),
            ..LogLine::note(5, "A German block moves from 119 to 135.")
        }
    }

    #[test]
    fn each_reader_reads_what_it_may() {
        let l = line();
        assert_eq!(
            l.text_for(Some(Viewer::Side(Side::German))),
            "XXXIV Army Corps moves from 119 to 135."
        );
        assert_eq!(
            l.text_for(Some(Viewer::Side(Side::Soviet))),
            "A German block moves from 119 to 135.",
            "hidden means hidden: the enemy reads the public line"
        );
        assert_eq!(
            l.text_for(Some(Viewer::Omniscient)),
            "XXXIV Army Corps moves from 119 to 135.",
            "the review, everything revealed, names the block"
        );
        assert_eq!(l.text_for(None), "A German block moves from 119 to 135.");
    }

    #[test]
    fn the_lines_of_a_battle_are_about_the_battle_and_its_space() {
        let mut log = GameLog::default();
        let at = |topic, places: Vec<u16>| LogLine {
            topic,
            places: places.into_iter().map(SpaceId).collect(),
            ..LogLine::note(1, "x")
        };
        log.push_event(at(LogTopic::Movement, vec![3, 4]), None);
        log.push_event(at(LogTopic::Combat, vec![9]), Some(true));
        log.push_event(at(LogTopic::Other, vec![]), None); // a die rolled in the battle
        log.push_event(at(LogTopic::Combat, vec![]), None); // a step lost
        log.push_event(at(LogTopic::Combat, vec![9]), Some(false));
        log.push_event(at(LogTopic::Other, vec![]), None); // the next turn
        let got: Vec<(LogTopic, Vec<SpaceId>)> = log
            .lines
            .iter()
            .map(|l| (l.topic, l.places.clone()))
            .collect();
        assert_eq!(
            got,
            vec![
                (LogTopic::Movement, vec![SpaceId(3), SpaceId(4)]),
                (LogTopic::Combat, vec![SpaceId(9)]),
                (LogTopic::Combat, vec![SpaceId(9)]),
                (LogTopic::Combat, vec![SpaceId(9)]),
                (LogTopic::Combat, vec![SpaceId(9)]),
                (LogTopic::Other, vec![]),
            ]
        );
        assert_eq!(
            log.battles,
            vec![BattleSpan {
                first: 1,
                last: Some(4),
                places: vec![SpaceId(9)],
            }]
        );
    }
}
