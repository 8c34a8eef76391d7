//! The game at the table: the rules, the session (state, record, undo), who sits in which seat,
//! the log, and the view of whoever is looking at the screen. Every change to the game goes
//! through [`PlayerChoice`] messages applied here; the rules decide, this only asks.

use super::hotseat::Eyes;
use super::screens::Screen;
use bevy::prelude::*;
use eastfront_kernel::{Game, Seat, Session, Side, Viewer};
use eastfront_stalingrad::{
    state::soviet_seat, Action, Event, Level, Mode, Options, Stalingrad, View,
};

/// The rules and scenario data, alive for the whole program (a `Session` borrows them).
#[derive(Resource, Clone, Copy)]
pub struct Rules(pub &'static Stalingrad);

impl Rules {
    /// Builds the built-in Stalingrad once; leaked on purpose so sessions can borrow it for
    /// the program's lifetime.
    pub fn leak_builtin() -> Rules {
        Rules(Box::leak(Box::new(Stalingrad::new())))
    }
}

/// Who plays which seat, as offered in the menu.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub enum PlayMode {
    /// One German player against the Soviet run by the solitaire rules (the default).
    #[default]
    Solitaire,
    /// Two humans, German and Soviet, sharing the screen.
    HotSeat,
    /// A human Soviet against the German AI.
    SovietVsAi,
    /// Two German players (Yellow, Blue) against the Soviet solitaire rules.
    Cooperative,
    /// Two German players against one Soviet player, all at one screen.
    TwoVsOne,
}

/// Who decides for a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Controller {
    Human,
    Computer,
}

impl PlayMode {
    pub const ALL: [PlayMode; 5] = [
        PlayMode::Solitaire,
        PlayMode::HotSeat,
        PlayMode::SovietVsAi,
        PlayMode::Cooperative,
        PlayMode::TwoVsOne,
    ];

    pub fn label(self) -> &'static str {
        match self {
            PlayMode::Solitaire => "Solitaire: German vs the Soviet AI",
            PlayMode::HotSeat => "Hot-seat 1 vs 1: German vs Soviet",
            PlayMode::SovietVsAi => "Soviet vs the German AI",
            PlayMode::Cooperative => "Cooperative: two Germans vs the Soviet AI",
            PlayMode::TwoVsOne => "2 vs 1: two Germans vs one Soviet (hot-seat)",
        }
    }

    pub fn brief(self) -> &'static str {
        match self {
            PlayMode::Solitaire => {
                "You command the 6th Army and 4th Panzer Army; the official solitaire rules run the Soviets (rules §8)."
            }
            PlayMode::HotSeat => {
                "Two players share this screen; a curtain hides everything while the seat changes hands (rules §9.2)."
            }
            PlayMode::SovietVsAi => {
                "You hold the city with the 62nd Army; the computer plays the German through the same rules (rules §9.2)."
            }
            PlayMode::Cooperative => {
                "Yellow (6th Army) and Blue (4th Panzer Army) take turns against the Soviet solitaire rules (rules §9.1)."
            }
            PlayMode::TwoVsOne => {
                "Yellow and Blue Germans against one Soviet player, all hot-seat (rules §9.3)."
            }
        }
    }

    /// The rules' mode for this choice.
    pub fn rules_mode(self) -> Mode {
        match self {
            PlayMode::Solitaire => Mode::Solitaire,
            PlayMode::HotSeat | PlayMode::SovietVsAi => Mode::OneVsOne,
            PlayMode::Cooperative => Mode::Cooperative,
            PlayMode::TwoVsOne => Mode::TwoVsOne,
        }
    }

    /// Who controls each seat the rules may ask. A seat not listed is a computer seat.
    pub fn controllers(self) -> Vec<(Seat, Controller)> {
        use Controller::*;
        match self {
            PlayMode::Solitaire => vec![(Seat(0), Human)],
            PlayMode::HotSeat => vec![(Seat(0), Human), (Seat(1), Human)],
            PlayMode::SovietVsAi => vec![(Seat(0), Computer), (Seat(1), Human)],
            PlayMode::Cooperative => vec![(Seat(0), Human), (Seat(1), Human)],
            PlayMode::TwoVsOne => vec![(Seat(0), Human), (Seat(1), Human), (Seat(2), Human)],
        }
    }

    /// Short stable name, kept in save file names so a load restores who plays what.
    pub fn slug(self) -> &'static str {
        match self {
            PlayMode::Solitaire => "solitaire",
            PlayMode::HotSeat => "hotseat",
            PlayMode::SovietVsAi => "soviet-vs-ai",
            PlayMode::Cooperative => "cooperative",
            PlayMode::TwoVsOne => "two-vs-one",
        }
    }

    pub fn from_slug(slug: &str) -> Option<PlayMode> {
        PlayMode::ALL.into_iter().find(|p| p.slug() == slug)
    }

    /// The natural choice for a rules mode, when a save does not say.
    pub fn for_rules_mode(mode: Mode) -> PlayMode {
        match mode {
            Mode::Solitaire => PlayMode::Solitaire,
            Mode::Cooperative => PlayMode::Cooperative,
            Mode::OneVsOne => PlayMode::HotSeat,
            Mode::TwoVsOne => PlayMode::TwoVsOne,
        }
    }
}

/// What the menu has chosen for the next game.
#[derive(Resource, Clone, Debug)]
pub struct TableSetup {
    pub play: PlayMode,
    pub scenario: String,
    pub variant: Option<Level>,
    pub seed: u64,
}

impl Default for TableSetup {
    fn default() -> Self {
        TableSetup {
            play: PlayMode::Solitaire,
            scenario: "standard".into(),
            variant: None,
            seed: 1942,
        }
    }
}

/// One line of the game's log: the event and the turn it happened in.
#[derive(Clone, Debug)]
pub struct LogEntry {
    pub turn: u32,
    pub event: Event,
}

/// The game being played.
#[derive(Resource)]
pub struct Table {
    pub session: Session<'static, Stalingrad>,
    pub play: PlayMode,
    pub log: Vec<LogEntry>,
    /// Events of the last action, for the animations.
    pub latest: Vec<Event>,
    /// The last refusal or failure, shown to the player until the next action.
    pub last_error: Option<String>,
    /// Bumped on every change of the game state (actions, undo).
    pub revision: u64,
}

impl Table {
    pub fn new(rules: Rules, setup: &TableSetup) -> Result<Table, String> {
        let options = Options {
            mode: setup.play.rules_mode(),
            variant: setup.variant,
            ..Default::default()
        };
        let session = Session::new(rules.0, &setup.scenario, options, setup.seed)
            .map_err(|e| e.to_string())?;
        Ok(Table::from_session(session, setup.play))
    }

    pub fn from_session(mut session: Session<'static, Stalingrad>, play: PlayMode) -> Table {
        // Who plays what is saved with the game (the save's table metadata).
        super::saves::stamp_play(&mut session, play);
        let opening = LogEntry {
            turn: session.state().turn,
            event: Event {
                kind: eastfront_stalingrad::EventKind::Info,
                rule: String::new(),
                roll: None,
                public: format!(
                    "{} — {} · seed {}.",
                    session.game.title(),
                    play.label(),
                    session.seed
                ),
                private: None,
            },
        };
        Table {
            session,
            play,
            log: vec![opening],
            latest: Vec::new(),
            last_error: None,
            revision: 1,
        }
    }

    pub fn game(&self) -> &'static Stalingrad {
        self.session.game
    }

    pub fn active_seat(&self) -> Option<Seat> {
        self.game().active(self.session.state())
    }

    pub fn side_of(&self, seat: Seat) -> Side {
        self.game().side_of(self.session.state(), seat)
    }

    pub fn controller(&self, seat: Seat) -> Controller {
        self.play
            .controllers()
            .into_iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, c)| c)
            .unwrap_or(Controller::Computer)
    }

    pub fn is_human(&self, seat: Seat) -> bool {
        self.controller(seat) == Controller::Human
    }

    pub fn human_seats(&self) -> Vec<Seat> {
        self.play
            .controllers()
            .into_iter()
            .filter(|(_, c)| *c == Controller::Human)
            .map(|(s, _)| s)
            .collect()
    }

    /// The player's name for a seat: "German", "Yellow German", "Soviet"...
    pub fn seat_name(&self, seat: Seat) -> String {
        let mode = self.session.options.mode;
        if seat == soviet_seat(mode) {
            "Soviet".into()
        } else if mode.two_germans() {
            if seat == Seat(0) {
                "Yellow German".into()
            } else {
                "Blue German".into()
            }
        } else {
            "German".into()
        }
    }

    /// Asks the rules to apply `action` for `seat`; a refusal is kept for the player to read.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<(), String> {
        // The log dates events by the turn in which the action was taken.
        let turn = self.session.state().turn;
        match self.session.apply(seat, action) {
            Ok(events) => {
                self.log.extend(events.iter().map(|e| LogEntry {
                    turn,
                    event: e.clone(),
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

    /// Takes back the last undoable action (the log keeps a note of it).
    pub fn undo(&mut self) -> bool {
        if self.session.undo() {
            let turn = self.session.state().turn;
            self.log.push(LogEntry {
                turn,
                event: Event {
                    kind: eastfront_stalingrad::EventKind::Info,
                    rule: String::new(),
                    roll: None,
                    public: "Last action taken back (undo).".into(),
                    private: None,
                },
            });
            self.latest.clear();
            self.last_error = None;
            self.revision += 1;
            true
        } else {
            false
        }
    }
}

/// What the screen shows now: the view of the player at the screen (None while the hot-seat
/// curtain is up) and the legal choices of that player if it is their turn.
#[derive(Resource, Default)]
pub struct TableView {
    pub view: Option<View>,
    /// Legal actions of `acting_seat`; empty unless the player at the screen is to act.
    pub legal: Vec<Action>,
    pub acting_seat: Option<Seat>,
    /// The side whose eyes the view is for (None: omniscient review or curtain).
    pub viewer_side: Option<Side>,
    pub revision: u64,
}

/// A decision from the player at the screen (map click, button or key).
#[derive(Message, Clone, Debug)]
pub struct PlayerChoice {
    pub seat: Seat,
    pub action: Action,
}

/// "Take back the last action" (button or Ctrl+Z).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct UndoRequest;

/// A message for the player that is not part of the game (saved, load failed, ...).
#[derive(Resource, Default)]
pub struct Notice {
    pub text: Option<String>,
    pub is_error: bool,
    pub shown_at: f64,
    /// A notice about one position (the AI's hint) holds the table revision it was made for
    /// and is cleared as soon as the game moves on (an action, an undo, a new table).
    pub for_revision: Option<u64>,
}

impl Notice {
    pub fn info(&mut self, text: impl Into<String>, now: f64) {
        self.text = Some(text.into());
        self.is_error = false;
        self.shown_at = now;
        self.for_revision = None;
    }
    pub fn error(&mut self, text: impl Into<String>, now: f64) {
        self.text = Some(text.into());
        self.is_error = true;
        self.shown_at = now;
        self.for_revision = None;
    }
    /// A notice that holds only while the table stays at `revision`.
    pub fn about_position(&mut self, text: impl Into<String>, now: f64, revision: u64) {
        self.info(text, now);
        self.for_revision = Some(revision);
    }
    /// Clears a notice about a position the game has left.
    pub fn expire(&mut self, revision: u64) {
        if self.for_revision.is_some_and(|r| r != revision) {
            self.text = None;
            self.for_revision = None;
        }
    }
}

/// The AI's hint and other notices about one position go once the game state changes.
fn expire_position_notices(table: Res<Table>, notice: Option<ResMut<Notice>>) {
    if let Some(mut notice) = notice {
        if notice.for_revision.is_some_and(|r| r != table.revision) {
            notice.expire(table.revision);
        }
    }
}

/// A table that has been loaded from a save and waits to be opened.
#[derive(Resource)]
pub struct LoadedTable(pub Option<Table>);

/// Order of the table's systems within a frame: act, decide who looks, rebuild the view,
/// then the board and pieces follow the view.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableSet {
    Act,
    Eyes,
    View,
    Mirror,
    Draw,
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Rules::leak_builtin())
        .init_resource::<TableSetup>()
        .init_resource::<TableView>()
        .init_resource::<Notice>()
        .add_message::<PlayerChoice>()
        .add_message::<UndoRequest>()
        .configure_sets(
            Update,
            (
                TableSet::Act,
                TableSet::Eyes,
                TableSet::View,
                TableSet::Mirror,
                TableSet::Draw,
            )
                .chain(),
        )
        .add_systems(OnEnter(Screen::Table), open_table)
        .add_systems(OnExit(Screen::Table), close_table)
        .add_systems(
            Update,
            (
                apply_player_choices.in_set(TableSet::Act),
                expire_position_notices.after(TableSet::Act),
                refresh_view.in_set(TableSet::View),
            )
                .run_if(in_state(Screen::Table).and_then(resource_exists::<Table>)),
        );
}

/// Opens the loaded game, or a new one from the menu's setup; a setup the rules refuse sends
/// the player back to the menu with the reason.
fn open_table(
    mut commands: Commands,
    rules: Res<Rules>,
    setup: Res<TableSetup>,
    loaded: Option<ResMut<LoadedTable>>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
    time: Res<Time>,
) {
    let table = match loaded.and_then(|mut l| l.0.take()) {
        Some(t) => Ok(t),
        None => Table::new(*rules, &setup),
    };
    commands.remove_resource::<LoadedTable>();
    match table {
        Ok(t) => {
            commands.insert_resource(Eyes::for_new_table(&t));
            commands.insert_resource(TableView::default());
            commands.insert_resource(t);
        }
        Err(e) => {
            notice.error(
                format!("Cannot start the game: {e}"),
                time.elapsed_secs_f64(),
            );
            next.set(Screen::Menu);
        }
    }
}

fn close_table(mut commands: Commands) {
    commands.remove_resource::<Table>();
    commands.insert_resource(TableView::default());
}

fn apply_player_choices(
    mut choices: MessageReader<PlayerChoice>,
    mut undo: MessageReader<UndoRequest>,
    mut table: ResMut<Table>,
    eyes: Res<Eyes>,
) {
    for choice in choices.read() {
        // Only the player at the screen, on their turn, may act (a stale click is dropped).
        if eyes.curtain_for.is_some() || table.active_seat() != Some(choice.seat) {
            continue;
        }
        if table.apply(choice.seat, choice.action.clone()).is_err() {
            // Kept in table.last_error for the panel.
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

/// Rebuilds what the screen shows whenever the game or the person at the screen changes.
fn refresh_view(table: Res<Table>, eyes: Res<Eyes>, mut shown: ResMut<TableView>) {
    if !table.is_changed() && !eyes.is_changed() && shown.revision == table.revision {
        return;
    }
    *shown = build_table_view(&table, &eyes);
}

/// The view for the player at the screen: their side's view, everything after the game
/// (review), nothing while the curtain is up.
pub fn build_table_view(table: &Table, eyes: &Eyes) -> TableView {
    let game = table.game();
    let state = table.session.state();
    let mut out = TableView {
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
