//! A game in progress: state, the record of what was done, undo, replay and saves.
//!
//! Undo keeps snapshots of the state and is cleared whenever a die is rolled (or any other
//! random pick is made), a card is drawn, a block is revealed, or the side to act changes.
//! Replay = setup + the record; a save is the same plus a format version, written atomically.

use crate::data::{read_text_file, DataError};
use crate::game::{Game, GameEvent, RuleError, Seat};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub const SAVE_FORMAT: &str = "eastfront-save";
pub const SAVE_VERSION: u32 = 1;

/// One entry of a game's record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Record<A> {
    Act {
        seat: Seat,
        action: A,
    },
    /// Scripted dice queued at this point (tests, tutorials, the engine protocol).
    ScriptDice(Vec<u8>),
    /// Scripted picks queued at this point (a card, a block, a face, a shuffle step).
    ScriptPicks(Vec<u32>),
}

/// The file written by "save": enough to rebuild the game exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveFile<A, O> {
    pub format: String,
    pub version: u32,
    pub game: String,
    /// The version of the game's rules that wrote it ([`Game::rules_version`]); saves from before
    /// it was recorded read as 1.
    #[serde(default = "first_rules_version")]
    pub rules_version: u32,
    pub scenario: String,
    pub options: O,
    pub seed: u64,
    /// Table metadata that is not part of the rules, e.g. who controls each seat
    /// ("seat.0" = "human" / "computer") or the app's play mode. Older saves have none.
    #[serde(default)]
    pub meta: BTreeMap<String, String>,
    pub record: Vec<Record<A>>,
    /// Hash of the final state, to detect a record that no longer reproduces the game.
    pub state_hash: u64,
}

fn first_rules_version() -> u32 {
    1
}

/// The head of a save, read without knowing its game: which game it is, who wrote it and the
/// table's notes (who plays what). The Load list and `validate` read this; nothing guesses a
/// game from a file's text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SaveHeader {
    pub format: String,
    pub version: u32,
    pub game: String,
    #[serde(default = "first_rules_version")]
    pub rules_version: u32,
    #[serde(default)]
    pub scenario: String,
    #[serde(default)]
    pub meta: BTreeMap<String, String>,
}

impl SaveHeader {
    /// Reads the head of a save from its text; a file that is not an eastfront save of a
    /// format this program reads is refused with the file, the place and the problem.
    pub fn read(file: &str, text: &str) -> Result<SaveHeader, LoadError> {
        let header: SaveHeader = crate::data::parse_ron(file, text).map_err(|e| {
            LoadError(DataError {
                problem: format!("not a readable eastfront save: {}", e.problem),
                ..e
            })
        })?;
        let err = |problem: String| {
            LoadError(DataError {
                file: file.to_string(),
                line: None,
                column: None,
                problem,
            })
        };
        if header.format != SAVE_FORMAT {
            return Err(err(format!(
                "not an eastfront save (format \"{}\")",
                header.format
            )));
        }
        if header.version != SAVE_VERSION {
            return Err(err(format!(
                "save format version {} is not supported by this eastfront (it reads version {SAVE_VERSION})",
                header.version
            )));
        }
        Ok(header)
    }

    /// Reads the head of a save file.
    pub fn read_file(path: &Path) -> Result<SaveHeader, LoadError> {
        let text = read_text_file(path).map_err(LoadError)?;
        SaveHeader::read(&path.display().to_string(), &text)
    }
}

/// Why a save could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError(pub DataError);

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}
impl std::error::Error for LoadError {}

struct Snapshot<S> {
    state: S,
    record_len: usize,
}

/// What ends the chance to undo an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoEnd {
    /// Dice are rolled.
    Dice,
    /// A card is drawn or a block revealed.
    DrawOrReveal,
}

impl UndoEnd {
    fn of<E: GameEvent>(rolled: bool, events: &[E]) -> Option<UndoEnd> {
        if rolled {
            Some(UndoEnd::Dice)
        } else if events.iter().any(|e| e.clears_undo()) {
            Some(UndoEnd::DrawOrReveal)
        } else {
            None
        }
    }

    /// Why undo is no longer possible, once it happened.
    pub fn past(self) -> &'static str {
        match self {
            UndoEnd::Dice => "dice were rolled",
            UndoEnd::DrawOrReveal => "a card was drawn or a block revealed",
        }
    }

    /// The question to ask before it happens.
    pub fn warning(self) -> &'static str {
        match self {
            UndoEnd::Dice => "This rolls dice: it cannot be undone.",
            UndoEnd::DrawOrReveal => "This draws or reveals: it cannot be undone.",
        }
    }
}

pub struct Session<'g, G: Game> {
    pub game: &'g G,
    pub scenario: String,
    pub options: G::Options,
    pub seed: u64,
    /// Saved with the game, never read by the rules (see [`SaveFile::meta`]).
    pub meta: BTreeMap<String, String>,
    state: G::State,
    record: Vec<Record<G::Action>>,
    undo: Vec<Snapshot<G::State>>,
    /// Why undo is not available, for the button's tooltip.
    undo_blocked_by: Option<String>,
}

impl<'g, G: Game> Session<'g, G> {
    pub fn new(
        game: &'g G,
        scenario: &str,
        options: G::Options,
        seed: u64,
    ) -> Result<Self, RuleError> {
        let state = game.setup(scenario, &options, seed)?;
        Ok(Session {
            game,
            scenario: scenario.to_string(),
            options,
            seed,
            meta: BTreeMap::new(),
            state,
            record: Vec::new(),
            undo: Vec::new(),
            undo_blocked_by: None,
        })
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }
    pub fn record(&self) -> &[Record<G::Action>] {
        &self.record
    }
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    pub fn undo_blocked_by(&self) -> Option<&str> {
        if self.undo.is_empty() {
            self.undo_blocked_by.as_deref()
        } else {
            None
        }
    }

    /// Applies an action for `seat`, keeping an undo snapshot unless the action rolled dice,
    /// drew or revealed anything, or passed the turn to the other side.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<Vec<G::Event>, RuleError> {
        let before = self.state.clone();
        let side_before = self
            .game
            .active(&self.state)
            .map(|s| self.game.side_of(&self.state, s));
        let dice_before = self.game.dice_ref(&self.state).events();
        let events = match self.game.apply(&mut self.state, seat, &action) {
            Ok(ev) => ev,
            Err(e) => {
                self.state = before;
                return Err(e);
            }
        };
        let record_len = self.record.len();
        self.record.push(Record::Act { seat, action });
        let side_after = self
            .game
            .active(&self.state)
            .map(|s| self.game.side_of(&self.state, s));
        let rolled = self.game.dice_ref(&self.state).events() != dice_before;
        let blocker = match UndoEnd::of(rolled, &events) {
            Some(end) => Some(end.past()),
            None if side_after != side_before => Some("the turn passed to the other side"),
            None => None,
        };
        match blocker {
            Some(why) => {
                self.undo.clear();
                self.undo_blocked_by = Some(format!("Undo is not possible: {why}."));
            }
            None => self.undo.push(Snapshot {
                state: before,
                record_len,
            }),
        }
        Ok(events)
    }

    /// Whether `action` for `seat` would end the chance to undo by rolling dice, drawing or
    /// revealing: tried on a copy of the game, which is then dropped (so the player can be asked
    /// first). Passing the turn is not counted: the buttons that end a turn say so themselves.
    /// None for an action that can be taken back, or one the rules refuse.
    pub fn irreversible(&self, seat: Seat, action: &G::Action) -> Option<UndoEnd> {
        let mut state = self.state.clone();
        let dice_before = self.game.dice_ref(&state).events();
        let events = self.game.apply(&mut state, seat, action).ok()?;
        let rolled = self.game.dice_ref(&state).events() != dice_before;
        UndoEnd::of(rolled, &events)
    }

    /// Takes back the last undoable action. Returns false if there is none.
    pub fn undo(&mut self) -> bool {
        match self.undo.pop() {
            Some(s) => {
                self.state = s.state;
                self.record.truncate(s.record_len);
                true
            }
            None => false,
        }
    }

    /// Queues scripted dice (recorded, so replay and saves reproduce them).
    pub fn script_dice(&mut self, values: Vec<u8>) -> Result<(), RuleError> {
        self.game
            .dice(&mut self.state)
            .script(&values)
            .map_err(RuleError)?;
        self.record.push(Record::ScriptDice(values));
        Ok(())
    }

    /// Queues scripted picks (recorded, so replay and saves reproduce them).
    pub fn script_picks(&mut self, values: Vec<u32>) {
        self.game.dice(&mut self.state).script_picks(&values);
        self.record.push(Record::ScriptPicks(values));
    }

    /// Rebuilds a game from its setup and record, refusing any entry the rules refuse.
    pub fn replay(
        game: &'g G,
        scenario: &str,
        options: G::Options,
        seed: u64,
        record: &[Record<G::Action>],
    ) -> Result<Self, (usize, RuleError)> {
        let mut s = Session::new(game, scenario, options, seed).map_err(|e| (0, e))?;
        for (i, entry) in record.iter().enumerate() {
            match entry {
                Record::Act { seat, action } => {
                    s.apply(*seat, action.clone()).map_err(|e| (i + 1, e))?;
                }
                Record::ScriptDice(v) => s.script_dice(v.clone()).map_err(|e| (i + 1, e))?,
                Record::ScriptPicks(v) => s.script_picks(v.clone()),
            }
        }
        s.undo.clear();
        Ok(s)
    }

    pub fn to_save(&self) -> SaveFile<G::Action, G::Options> {
        SaveFile {
            format: SAVE_FORMAT.into(),
            version: SAVE_VERSION,
            game: self.game.id().into(),
            rules_version: self.game.rules_version(),
            scenario: self.scenario.clone(),
            options: self.options.clone(),
            seed: self.seed,
            meta: self.meta.clone(),
            record: self.record.clone(),
            state_hash: state_hash(&self.state),
        }
    }

    /// Writes the save atomically: a temporary file in the same folder, then a rename, so a
    /// crash never leaves a half-written save over a good one.
    pub fn save_to(&self, path: &Path) -> std::io::Result<()> {
        let text = ron::ser::to_string_pretty(&self.to_save(), ron::ser::PrettyConfig::default())
            .map_err(std::io::Error::other)?;
        write_atomically(path, text.as_bytes())
    }

    /// Loads a save: refuses damaged, foreign, wrong-version or tampered files with the file,
    /// the place and the problem; never panics.
    pub fn load_from(game: &'g G, path: &Path) -> Result<Self, LoadError> {
        let text = read_text_file(path).map_err(LoadError)?;
        Self::load_from_str(game, &path.display().to_string(), &text)
    }

    pub fn load_from_str(game: &'g G, file: &str, text: &str) -> Result<Self, LoadError> {
        let err = |line: Option<usize>, problem: String| {
            LoadError(DataError {
                file: file.to_string(),
                line,
                column: None,
                problem,
            })
        };
        // Check the header first so a save from another version says so, rather than
        // failing on whatever field changed.
        let header = SaveHeader::read(file, text)?;
        if header.game != game.id() {
            return Err(err(
                None,
                format!(
                    "this is a save of \"{}\", not of {}",
                    header.game,
                    game.id()
                ),
            ));
        }
        // A save written by other rules may still replay (most changes leave old games alone);
        // when it does not, the message names both versions instead of a bare mismatch.
        let written_by = |problem: String| {
            if header.rules_version == game.rules_version() {
                problem
            } else {
                format!(
                    "{problem} — the save was written by {} rules version {}, this eastfront plays version {}",
                    game.title(),
                    header.rules_version,
                    game.rules_version()
                )
            }
        };
        let save: SaveFile<G::Action, G::Options> =
            crate::data::parse_ron(file, text).map_err(LoadError)?;
        let mut session =
            Session::replay(game, &save.scenario, save.options, save.seed, &save.record).map_err(
                |(i, e)| {
                    if i == 0 {
                        err(
                            None,
                            written_by(format!(
                                "cannot set up scenario \"{}\": {e}",
                                save.scenario
                            )),
                        )
                    } else {
                        err(
                            None,
                            written_by(format!("record entry {i} is not legal: {e}")),
                        )
                    }
                },
            )?;
        if state_hash(&session.state) != save.state_hash {
            return Err(err(
                None,
                written_by(
                    "the record does not reproduce the saved game (edited file or another rules version)"
                        .into(),
                ),
            ));
        }
        session.meta = save.meta;
        Ok(session)
    }
}

/// A stable 64-bit FNV-1a hash of the state's RON form.
pub fn state_hash<S: Serialize>(state: &S) -> u64 {
    let json = ron::to_string(state)
        .expect("game states serialise (integer128 enabled)")
        .into_bytes();
    let mut h: u64 = 0xcbf29ce484222325;
    for b in json {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

/// Writes `bytes` to `path` via a temporary file and a rename.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(d) = dir {
        std::fs::create_dir_all(d)?;
    }
    let mut tmp = PathBuf::from(path);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "save".into());
    tmp.set_file_name(format!(".{name}.tmp{}", std::process::id()));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}
