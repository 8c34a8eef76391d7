//! The Moscow '41 game at the table: the rules, the session (state, record, undo), who sits in
//! which seat, the log, and what the player at the screen may see. Every change goes through a
//! [`M41Choice`] applied here; the rules decide, this only asks (docs/architecture.md).

use super::super::screens::Screen;
use super::super::table::{Notice, TableSet};
use bevy::prelude::*;
use eastfront_kernel::session::Record;
use eastfront_kernel::{Game, Seat, Session, Side, Viewer};
use eastfront_moscow41::battle::Battle;
use eastfront_moscow41::{
    Action, AreaId, BlockId, Board, Event, EventKind, Moscow41, Options, View,
};
use std::sync::atomic::{AtomicU64, Ordering};

/// The Moscow '41 rules and data, alive for the whole program (sessions borrow them).
#[derive(Resource, Clone, Copy)]
pub struct M41Rules(pub &'static Moscow41);

impl M41Rules {
    /// Built once and leaked on purpose, as Stalingrad's `Rules`: a session borrows it for the
    /// program's lifetime.
    pub fn leak_builtin() -> M41Rules {
        M41Rules(Box::leak(Box::new(Moscow41::new())))
    }
}

/// Who plays which side (rules R 1.5: two players with hidden blocks; or one against the AI).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum M41Play {
    /// Two players share the screen; a curtain hides everything when the side changes.
    #[default]
    HotSeat,
    /// You command the Germans; the computer plays the Soviets.
    GermanVsAi,
    /// You command the Soviets; the computer plays the Germans.
    SovietVsAi,
}

impl M41Play {
    pub const ALL: [M41Play; 3] = [M41Play::HotSeat, M41Play::GermanVsAi, M41Play::SovietVsAi];

    pub fn label(self) -> &'static str {
        match self {
            M41Play::HotSeat => "Hot-seat 1 vs 1: German vs Soviet",
            M41Play::GermanVsAi => "German vs the Soviet AI",
            M41Play::SovietVsAi => "Soviet vs the German AI",
        }
    }

    pub fn brief(self) -> &'static str {
        match self {
            M41Play::HotSeat => {
                "Two players share this screen; a curtain hides the blocks whenever the side to act changes (R 1.5 Fog of War)."
            }
            M41Play::GermanVsAi => {
                "You lead Army Group Centre toward Moscow; the computer defends, seeing only what the Soviet player may see."
            }
            M41Play::SovietVsAi => {
                "You hold the road to Moscow; the computer attacks, seeing only what the German player may see."
            }
        }
    }

    /// The save's name for this mode (`meta["play"]`); distinct from Stalingrad's slugs.
    pub fn slug(self) -> &'static str {
        match self {
            M41Play::HotSeat => "m41-hotseat",
            M41Play::GermanVsAi => "m41-german-vs-ai",
            M41Play::SovietVsAi => "m41-soviet-vs-ai",
        }
    }

    pub fn from_slug(slug: &str) -> Option<M41Play> {
        M41Play::ALL.into_iter().find(|p| p.slug() == slug)
    }

    pub fn is_human(self, side: Side) -> bool {
        match self {
            M41Play::HotSeat => true,
            M41Play::GermanVsAi => side == Side::German,
            M41Play::SovietVsAi => side == Side::Soviet,
        }
    }
}

/// How hard the computer plays.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum AiLevel {
    Easy,
    #[default]
    Normal,
    Hard,
}

impl AiLevel {
    pub const ALL: [AiLevel; 3] = [AiLevel::Easy, AiLevel::Normal, AiLevel::Hard];
    pub fn label(self) -> &'static str {
        match self {
            AiLevel::Easy => "Easy",
            AiLevel::Normal => "Normal",
            AiLevel::Hard => "Hard",
        }
    }

    /// The save's name for this level (`meta["level"]`).
    pub fn slug(self) -> &'static str {
        match self {
            AiLevel::Easy => "easy",
            AiLevel::Normal => "normal",
            AiLevel::Hard => "hard",
        }
    }

    pub fn from_slug(slug: &str) -> Option<AiLevel> {
        AiLevel::ALL.into_iter().find(|l| l.slug() == slug)
    }
}

/// What the menu chose for the next Moscow '41 game.
#[derive(Resource, Clone, Debug)]
pub struct M41Setup {
    pub play: M41Play,
    /// "campaign", "sc1", "sc2", "sc3".
    pub scenario: String,
    pub level: AiLevel,
    pub seed: u64,
}

impl Default for M41Setup {
    fn default() -> Self {
        M41Setup {
            play: M41Play::HotSeat,
            scenario: "campaign".into(),
            level: AiLevel::Normal,
            seed: 1941,
        }
    }
}

/// One line of the log: the event and the turn (month) it happened in.
#[derive(Clone, Debug)]
pub struct M41LogEntry {
    pub turn: u8,
    pub event: Event,
    /// More about the line, for its hover text (e.g. the full path of a loaded save).
    pub detail: Option<String>,
}

impl M41LogEntry {
    fn info(turn: u8, text: String) -> M41LogEntry {
        M41LogEntry {
            turn,
            event: Event {
                kind: EventKind::Info,
                rule: String::new(),
                public: text,
                private: None,
                roll: None,
            },
            detail: None,
        }
    }
}

/// One block of a battle as it fought (the battle is public: every block in it was laid face
/// up, R 10.12.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct M41BattleBlock {
    pub block: BlockId,
    pub side: Side,
    /// Its strength when it was revealed at the Deployment (R 10.12.1).
    pub fought_at: u8,
    /// Its strength after the hits it took so far (at the end, once the battle is over).
    pub strength: u8,
    /// Destroyed in this battle (R 10.14.3), at `strength`.
    pub destroyed: bool,
}

/// A battle as the table saw it, from the rules' events and, while it waits for a choice, the
/// rules' own battle record: the battle window shows this, never the blocks' faces of later
/// (a destroyed block leaves the map and its strength resets, R 10.14.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct M41Battle {
    /// Index in the table's log of its `BattleStart` event.
    pub start: usize,
    pub area: AreaId,
    /// The side whose impulse the battle belongs to (R 10.11).
    pub attacker: Side,
    /// The blocks laid face up, in the rules' order.
    pub blocks: Vec<M41BattleBlock>,
    /// Over (`BattleEnd`), or no battle could be set up.
    pub ended: bool,
}

impl M41Battle {
    /// Follows one event of the battle: the blocks revealed at `before` strengths (the state
    /// before the action that started it: the Deployment is the battle's first step) and each
    /// block destroyed. The steps lost are read from the state after the action
    /// (`settle`).
    fn follow(&mut self, board: &Board, before: &[u8], e: &Event) {
        match &e.kind {
            EventKind::Reveal { blocks } => {
                for b in blocks {
                    if self.blocks.iter().any(|x| x.block == *b) {
                        continue;
                    }
                    let s = before.get(b.index()).copied().unwrap_or(0);
                    self.blocks.push(M41BattleBlock {
                        block: *b,
                        side: board.block(*b).side,
                        fought_at: s,
                        strength: s,
                        destroyed: false,
                    });
                }
            }
            EventKind::Destroyed { block } => {
                if let Some(x) = self.blocks.iter_mut().find(|x| x.block == *block) {
                    x.destroyed = true;
                    x.strength = 0;
                }
            }
            EventKind::BattleEnd { .. } => self.ended = true,
            _ => {}
        }
    }

    /// After an action of the battle: a surviving block's strength is its strength on the map
    /// (a destroyed one has left the map and reset, R 10.14.3: it keeps 0).
    fn settle(&mut self, now: &[u8]) {
        for x in self.blocks.iter_mut().filter(|x| !x.destroyed) {
            if let Some(s) = now.get(x.block.index()) {
                x.strength = *s;
            }
        }
    }

    /// While the battle waits for a choice the rules hold it: its setup has the strengths the
    /// blocks fought at, its units the strengths now.
    fn sync(&mut self, board: &Board, live: &Battle) {
        for u in &live.setup().units {
            let b = BlockId(u.id as u8);
            if let Some(x) = self.blocks.iter_mut().find(|x| x.block == b) {
                x.fought_at = u.strength;
            } else {
                self.blocks.push(M41BattleBlock {
                    block: b,
                    side: board.block(b).side,
                    fought_at: u.strength,
                    strength: u.strength,
                    destroyed: false,
                });
            }
        }
        for x in &mut self.blocks {
            match live.units().find(|u| u.id == x.block.0 as u16) {
                Some(u) => x.strength = u.strength,
                // In the setup, gone from the units: destroyed (R 10.14.3).
                None => {
                    x.destroyed = true;
                    x.strength = 0;
                }
            }
        }
    }
}

/// The Moscow '41 game being played.
#[derive(Resource)]
pub struct M41Table {
    pub session: Session<'static, Moscow41>,
    pub play: M41Play,
    pub level: AiLevel,
    pub log: Vec<M41LogEntry>,
    /// Every battle of the game so far, oldest first (the battle window shows the last).
    pub battles: Vec<M41Battle>,
    /// Events of the last action (animations, the dice tray).
    pub latest: Vec<Event>,
    /// The last refusal, shown until the next action.
    pub last_error: Option<String>,
    /// Bumped on every change of the game state.
    pub revision: u64,
    /// Distinct for every table made in this program run (panels keep memory per table).
    pub id: u64,
}

static NEXT_TABLE_ID: AtomicU64 = AtomicU64::new(1);

impl M41Table {
    pub fn new(rules: M41Rules, setup: &M41Setup) -> Result<M41Table, String> {
        let mut session = Session::new(rules.0, &setup.scenario, Options::default(), setup.seed)
            .map_err(|e| e.to_string())?;
        super::saves::stamp(&mut session, setup.play, setup.level);
        let opening = opening_line(&session, setup.play);
        Ok(M41Table::bare(session, setup.play, setup.level, opening))
    }

    fn bare(
        session: Session<'static, Moscow41>,
        play: M41Play,
        level: AiLevel,
        opening: M41LogEntry,
    ) -> M41Table {
        M41Table {
            session,
            play,
            level,
            log: vec![opening],
            battles: Vec::new(),
            latest: Vec::new(),
            last_error: None,
            revision: 1,
            id: NEXT_TABLE_ID.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// A table for a session read from a save. The log is rebuilt by replaying the save's
    /// record through the rules (the same events as when it was played, battles included),
    /// then a line says where it was loaded from (`detail`: its hover text).
    pub fn from_session(
        mut session: Session<'static, Moscow41>,
        play: M41Play,
        level: AiLevel,
        opening: String,
        detail: Option<String>,
    ) -> M41Table {
        super::saves::stamp(&mut session, play, level);
        let turn = session.state().turn;
        let (mut log, battles) =
            replayed_history(&session, play, level).unwrap_or_else(|| (Vec::new(), Vec::new()));
        log.push(M41LogEntry {
            detail,
            ..M41LogEntry::info(turn, opening)
        });
        M41Table {
            log,
            battles,
            ..M41Table::bare(session, play, level, M41LogEntry::info(turn, String::new()))
        }
    }

    pub fn game(&self) -> &'static Moscow41 {
        self.session.game
    }

    pub fn active_seat(&self) -> Option<Seat> {
        self.game().active(self.session.state())
    }

    pub fn side_of(&self, seat: Seat) -> Side {
        self.game().side_of(self.session.state(), seat)
    }

    pub fn is_human(&self, seat: Seat) -> bool {
        self.play.is_human(self.side_of(seat))
    }

    pub fn human_seats(&self) -> Vec<Seat> {
        [Seat(0), Seat(1)]
            .into_iter()
            .filter(|s| self.is_human(*s))
            .collect()
    }

    /// The battle the battle window is about: the last one fought.
    pub fn last_battle(&self) -> Option<&M41Battle> {
        self.battles.last()
    }

    /// Asks the rules to apply `action`; a refusal is kept for the player to read.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<(), String> {
        let state = self.session.state();
        let turn = state.turn;
        // What a battle started by this action is fought with (R 10.11, 10.12.1).
        let before: Vec<u8> = state.blocks.iter().map(|b| b.strength).collect();
        let attacker = state.impulse.as_ref().map_or(state.active, |i| i.side);
        match self.session.apply(seat, action) {
            Ok(events) => {
                self.follow_battles(&events, &before, attacker);
                self.log.extend(events.iter().map(|e| M41LogEntry {
                    turn,
                    event: e.clone(),
                    detail: None,
                }));
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

    /// Keeps `battles` up to date with the events of one action, about to be logged.
    fn follow_battles(&mut self, events: &[Event], before: &[u8], attacker: Side) {
        let board: &Board = &self.game().board;
        // The battle this action may have fought in: open before it, or started by it.
        let open_before = self.battles.last().is_some_and(|b| !b.ended);
        let known = self.battles.len();
        for (k, e) in events.iter().enumerate() {
            match e.kind {
                EventKind::BattleStart { area } => {
                    for b in &mut self.battles {
                        b.ended = true;
                    }
                    self.battles.push(M41Battle {
                        start: self.log.len() + k,
                        area,
                        attacker,
                        blocks: Vec::new(),
                        ended: false,
                    });
                }
                _ => {
                    if let Some(b) = self.battles.last_mut().filter(|b| !b.ended) {
                        b.follow(board, before, e);
                    }
                }
            }
        }
        if open_before || self.battles.len() > known {
            let now: Vec<u8> = self
                .session
                .state()
                .blocks
                .iter()
                .map(|b| b.strength)
                .collect();
            if let Some(b) = self.battles.last_mut() {
                b.settle(&now);
            }
        }
        let live = self.session.state().battle.as_deref();
        if let Some(b) = self.battles.last_mut().filter(|b| !b.ended) {
            match live {
                Some(live) => b.sync(board, live),
                // Over (or never set up: "No battle in …").
                None => b.ended = true,
            }
        }
    }

    pub fn undo(&mut self) -> bool {
        if !self.session.undo() {
            return false;
        }
        self.log.push(M41LogEntry::info(
            self.session.state().turn,
            "Last action taken back (undo).".into(),
        ));
        self.latest.clear();
        self.last_error = None;
        self.revision += 1;
        true
    }
}

/// The log's first line: the scenario, who plays and the seed.
fn opening_line(session: &Session<'static, Moscow41>, play: M41Play) -> M41LogEntry {
    let title = session
        .game
        .scenarios()
        .into_iter()
        .find(|s| s.id == session.scenario)
        .map(|s| s.name)
        .unwrap_or_default();
    M41LogEntry::info(
        session.state().turn,
        format!(
            "Moscow '41 — {title} — {} · seed {}.",
            play.label(),
            session.seed
        ),
    )
}

/// The log and battles of a loaded session, by playing its record again from the setup (None
/// if that does not reproduce the session, which the load has already checked).
fn replayed_history(
    session: &Session<'static, Moscow41>,
    play: M41Play,
    level: AiLevel,
) -> Option<(Vec<M41LogEntry>, Vec<M41Battle>)> {
    let fresh = Session::new(
        session.game,
        &session.scenario,
        session.options.clone(),
        session.seed,
    )
    .ok()?;
    let opening = opening_line(&fresh, play);
    let mut t = M41Table::bare(fresh, play, level, opening);
    for entry in session.record() {
        match entry {
            Record::Act { seat, action } => t.apply(*seat, action.clone()).ok()?,
            Record::ScriptDice(values) => t.session.script_dice(values.clone()).ok()?,
            Record::ScriptPicks(values) => t.session.script_picks(values.clone()),
        }
    }
    (t.session.state() == session.state()).then_some((t.log, t.battles))
}

/// The player at the screen, and the hot-seat curtain (same idea as `hotseat::Eyes`).
#[derive(Resource, Default, Debug, Clone, PartialEq, Eq)]
pub struct M41Eyes {
    pub seat: Option<Seat>,
    /// The curtain is up, waiting for this seat's player to click.
    pub curtain_for: Option<Seat>,
}

impl M41Eyes {
    /// With one human the screen is theirs; with two, the first player to act is called to the
    /// screen behind the curtain so the opening position is not shown to the wrong person.
    pub fn for_new_table(table: &M41Table) -> M41Eyes {
        let humans = table.human_seats();
        match humans.as_slice() {
            [only] => M41Eyes {
                seat: Some(*only),
                curtain_for: None,
            },
            _ => M41Eyes {
                seat: None,
                curtain_for: table
                    .active_seat()
                    .filter(|s| table.is_human(*s))
                    .or(humans.first().copied()),
            },
        }
    }

    pub fn lift_curtain(&mut self) {
        if let Some(seat) = self.curtain_for.take() {
            self.seat = Some(seat);
        }
    }
}

/// What the screen shows: the view of the player at the screen (None behind the curtain) and
/// that player's legal actions when it is their turn.
#[derive(Resource, Default)]
pub struct M41Shown {
    pub view: Option<View>,
    pub legal: Vec<Action>,
    pub acting_seat: Option<Seat>,
    pub viewer_side: Option<Side>,
    pub revision: u64,
}

/// A decision of the player at the screen (map click, button or key).
#[derive(Message, Clone, Debug)]
pub struct M41Choice {
    pub seat: Seat,
    pub action: Action,
}

/// "Take back the last action".
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct M41Undo;

/// What the Moscow table waits for, mirrored from the rules and the curtain every frame.
#[derive(SubStates, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[source(Screen = Screen::Moscow41)]
pub enum M41Phase {
    #[default]
    Setup,
    /// A human at the screen decides.
    Human,
    /// A computer seat is choosing.
    AiTurn,
    /// The hot-seat curtain is up.
    Handoff,
    GameOver,
}

pub fn phase_of(table: &M41Table, eyes: &M41Eyes) -> M41Phase {
    if eyes.curtain_for.is_some() {
        return M41Phase::Handoff;
    }
    match table.active_seat() {
        None => M41Phase::GameOver,
        Some(s) if table.is_human(s) => M41Phase::Human,
        Some(_) => M41Phase::AiTurn,
    }
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(M41Rules::leak_builtin())
        .init_resource::<M41Setup>()
        .init_resource::<M41Shown>()
        .init_resource::<M41Eyes>()
        .init_resource::<M41Loaded>()
        .add_sub_state::<M41Phase>()
        .add_message::<M41Choice>()
        .add_message::<M41Undo>()
        .add_systems(OnEnter(Screen::Moscow41), open_table)
        .add_systems(OnExit(Screen::Moscow41), close_table)
        .add_systems(
            Update,
            (
                apply_choices.in_set(TableSet::Act),
                call_next_player.in_set(TableSet::Eyes),
                refresh_view.in_set(TableSet::View),
                mirror_phase.in_set(TableSet::Mirror),
            )
                .run_if(in_state(Screen::Moscow41).and_then(resource_exists::<M41Table>)),
        );
}

/// A table read from a save, waiting to be opened by the next entry into `Screen::Moscow41`.
#[derive(Resource, Default)]
pub struct M41Loaded(pub Option<M41Table>);

fn open_table(
    mut commands: Commands,
    rules: Res<M41Rules>,
    setup: Res<M41Setup>,
    mut loaded: ResMut<M41Loaded>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
    time: Res<Time>,
) {
    let table = match loaded.0.take() {
        Some(t) => Ok(t),
        None => M41Table::new(*rules, &setup),
    };
    match table {
        Ok(t) => {
            commands.insert_resource(M41Eyes::for_new_table(&t));
            commands.insert_resource(M41Shown::default());
            commands.insert_resource(t);
        }
        Err(e) => {
            notice.error(
                format!("Cannot start Moscow '41: {e}"),
                time.elapsed_secs_f64(),
            );
            next.set(Screen::Menu);
        }
    }
}

fn close_table(mut commands: Commands) {
    commands.remove_resource::<M41Table>();
    commands.insert_resource(M41Shown::default());
    commands.insert_resource(M41Eyes::default());
}

fn apply_choices(
    mut choices: MessageReader<M41Choice>,
    mut undo: MessageReader<M41Undo>,
    mut table: ResMut<M41Table>,
    eyes: Res<M41Eyes>,
) {
    for choice in choices.read() {
        // Only the player at the screen, on their turn, may act; a stale click is dropped.
        if eyes.curtain_for.is_some() || table.active_seat() != Some(choice.seat) {
            continue;
        }
        if table.apply(choice.seat, choice.action.clone()).is_err() {
            break;
        }
    }
    for _ in undo.read() {
        if !table.undo() {
            let why = table
                .session
                .undo_blocked_by()
                .unwrap_or("Nothing to undo.")
                .to_string();
            table.last_error = Some(why);
        }
    }
}

/// Raises the curtain whenever the side to act belongs to another human than the one looking
/// (every change of side in hot-seat, battles included: a loss choice may pass to the defender).
fn call_next_player(table: Res<M41Table>, mut eyes: ResMut<M41Eyes>) {
    if !table.is_changed() && !eyes.is_changed() {
        return;
    }
    let Some(active) = table.active_seat() else {
        return;
    };
    if !table.is_human(active) || eyes.curtain_for.is_some() {
        return;
    }
    if table.human_seats().len() < 2 {
        if eyes.seat != Some(active) {
            eyes.seat = Some(active);
        }
        return;
    }
    if eyes.seat != Some(active) {
        eyes.seat = None;
        eyes.curtain_for = Some(active);
    }
}

fn refresh_view(table: Res<M41Table>, eyes: Res<M41Eyes>, mut shown: ResMut<M41Shown>) {
    if !table.is_changed() && !eyes.is_changed() && shown.revision == table.revision {
        return;
    }
    *shown = build_shown(&table, &eyes);
}

/// The view for the player at the screen: their side's view; everything after the game; nothing
/// at all while the curtain is up (no block entity exists then, so none carries a face).
pub fn build_shown(table: &M41Table, eyes: &M41Eyes) -> M41Shown {
    let game = table.game();
    let state = table.session.state();
    let mut out = M41Shown {
        revision: table.revision,
        ..Default::default()
    };
    if eyes.curtain_for.is_some() {
        return out;
    }
    let active = table.active_seat();
    if active.is_none() {
        out.view = Some(game.view(state, Viewer::Omniscient));
        return out;
    }
    let Some(seat) = eyes.seat else {
        return out;
    };
    let side = table.side_of(seat);
    out.viewer_side = Some(side);
    out.view = Some(game.view(state, Viewer::Side(side)));
    if active == Some(seat) && table.is_human(seat) {
        out.acting_seat = Some(seat);
        out.legal = game.legal_actions(state, seat);
    }
    out
}

fn mirror_phase(
    table: Res<M41Table>,
    eyes: Res<M41Eyes>,
    current: Res<State<M41Phase>>,
    mut next: ResMut<NextState<M41Phase>>,
) {
    let want = phase_of(&table, &eyes);
    if *current.get() != want {
        next.set(want);
    }
}
