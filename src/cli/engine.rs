//! `eastfront engine`: a line-based JSON protocol on stdin/stdout (docs/protocol.md).
//! Every request is one JSON object on one line; every reply is one JSON object on one line,
//! `{"ok":true,...}` or `{"ok":false,"error":"..."}`. Bad input never crashes it.
//!
//! The commands are the same for every game of the registry: a [`Driver`] per game holds its
//! session; `new` picks the game (Stalingrad by default) and `load` reads it from the save's
//! header. A failed `load` (a missing or damaged file) keeps the game in progress.

use crate::app::table::TableGame;
use eastfront_kernel::{LogEvent, Seat, Session, Side, ViewFace, Viewer};
use serde::Deserialize;
use serde_json::{json, Value};
use std::io::{BufRead, Write};

#[derive(Deserialize)]
#[serde(tag = "cmd", rename_all = "snake_case")]
pub enum Request {
    New {
        #[serde(default = "default_game")]
        game: String,
        #[serde(default)]
        scenario: Option<String>,
        #[serde(default)]
        options: Value,
        #[serde(default)]
        seed: u64,
    },
    Legal,
    Apply {
        seat: Option<u8>,
        action: Option<Value>,
        index: Option<usize>,
    },
    Dice {
        values: Vec<u8>,
    },
    Picks {
        values: Vec<u32>,
    },
    View {
        side: Option<String>,
    },
    Save {
        path: String,
    },
    Load {
        path: String,
    },
    Undo,
    Quit,
}

fn default_game() -> String {
    "stalingrad".into()
}

/// One game's session behind the protocol.
pub trait Driver {
    fn dispatch(&mut self, req: Request) -> Result<(Value, bool), String>;
    /// Starts a new game; `scenario` None: the game's first.
    fn start(&mut self, scenario: Option<&str>, options: Value, seed: u64)
        -> Result<Value, String>;
    /// Loads a save of this game, replacing the session only if it loads.
    fn load(&mut self, path: &str) -> Result<Value, String>;
}

pub struct GameDriver<G: TableGame> {
    game: &'static G,
    session: Option<Session<'static, G>>,
}

impl<G: TableGame> GameDriver<G> {
    pub fn new() -> Self {
        GameDriver {
            game: G::builtin(),
            session: None,
        }
    }
}

impl<G: TableGame> Default for GameDriver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: TableGame> GameDriver<G> {
    fn session(&mut self) -> Result<&mut Session<'static, G>, String> {
        self.session
            .as_mut()
            .ok_or_else(|| "no game: send {\"cmd\":\"new\"} first".to_string())
    }

    fn status(&self) -> Value {
        let Some(s) = &self.session else {
            return json!({});
        };
        let st = s.state();
        let active = self.game.active(st);
        json!({
            "game": self.game.id(),
            "active_seat": active.map(|a| a.0),
            "active_side": active.map(|a| self.game.side_of(st, a)),
            "turn": self.game.view(st, Viewer::Omniscient).turn_number(),
            "outcome": self.game.outcome(st),
            "can_undo": s.can_undo(),
        })
    }
}

impl<G: TableGame> Driver for GameDriver<G> {
    fn start(
        &mut self,
        scenario: Option<&str>,
        options: Value,
        seed: u64,
    ) -> Result<Value, String> {
        let options: G::Options = if options.is_null() {
            G::Options::default()
        } else {
            serde_json::from_value(options).map_err(|e| format!("bad options: {e}"))?
        };
        let first = self
            .game
            .scenarios()
            .first()
            .map(|s| s.id.clone())
            .unwrap_or_default();
        let scenario = scenario.unwrap_or(&first);
        let s = Session::new(self.game, scenario, options, seed).map_err(|e| e.0)?;
        self.session = Some(s);
        Ok(ok(self.status()))
    }

    fn load(&mut self, path: &str) -> Result<Value, String> {
        let s =
            Session::load_from(self.game, std::path::Path::new(path)).map_err(|e| e.to_string())?;
        self.session = Some(s);
        Ok(ok(self.status()))
    }

    fn dispatch(&mut self, req: Request) -> Result<(Value, bool), String> {
        let game = self.game;
        match req {
            Request::New { .. } => Err("internal: new is handled by the engine".into()),
            Request::Legal => {
                let s = self.session()?;
                let st = s.state();
                let seat = game.active(st);
                let actions = seat
                    .map(|seat| game.legal_actions(st, seat))
                    .unwrap_or_default();
                Ok((
                    ok(json!({"seat": seat.map(|s| s.0), "actions": actions})),
                    false,
                ))
            }
            Request::Apply {
                seat,
                action,
                index,
            } => {
                let s = self.session()?;
                let active = game.active(s.state()).ok_or("the game is over")?;
                let seat = seat.map(Seat).unwrap_or(active);
                let action: G::Action = match (action, index) {
                    (Some(a), _) => {
                        serde_json::from_value(a).map_err(|e| format!("bad request: {e}"))?
                    }
                    (None, Some(i)) => {
                        let legal = game.legal_actions(s.state(), seat);
                        legal.get(i).cloned().ok_or_else(|| {
                            format!("index {i} is out of range: {} legal actions", legal.len())
                        })?
                    }
                    (None, None) => return Err("apply needs \"action\" or \"index\"".into()),
                };
                let side = game.side_of(s.state(), seat);
                let events = s.apply(seat, action).map_err(|e| e.0)?;
                let log: Vec<String> = events
                    .iter()
                    .map(|e| e.text_for(Some(side)).to_string())
                    .collect();
                let mut v = self.status();
                v["events"] = json!(log);
                Ok((ok(v), false))
            }
            Request::Dice { values } => {
                self.session()?.script_dice(values).map_err(|e| e.0)?;
                Ok((ok(self.status()), false))
            }
            Request::Picks { values } => {
                self.session()?.script_picks(values);
                Ok((ok(self.status()), false))
            }
            Request::View { side } => {
                let viewer = match side.as_deref() {
                    Some("German") | Some("german") => Viewer::Side(Side::German),
                    Some("Soviet") | Some("soviet") => Viewer::Side(Side::Soviet),
                    Some("all") => Viewer::Omniscient,
                    None => {
                        let s = self.session()?;
                        let st = s.state();
                        Viewer::Side(
                            game.active(st)
                                .map(|a| game.side_of(st, a))
                                .unwrap_or(Side::German),
                        )
                    }
                    Some(other) => {
                        return Err(format!("unknown side \"{other}\" (German, Soviet or all)"))
                    }
                };
                let s = self.session()?;
                let view = game.view(s.state(), viewer);
                Ok((ok(json!({"view": view})), false))
            }
            Request::Save { path } => {
                self.session()?
                    .save_to(std::path::Path::new(&path))
                    .map_err(|e| format!("cannot save to {path}: {e}"))?;
                Ok((ok(json!({"saved": path})), false))
            }
            Request::Load { path } => Ok((self.load(&path)?, false)),
            Request::Undo => {
                let s = self.session()?;
                if !s.undo() {
                    return Err(s
                        .undo_blocked_by()
                        .unwrap_or("Nothing to undo.")
                        .to_string());
                }
                Ok((ok(self.status()), false))
            }
            Request::Quit => Ok((ok(json!({"bye": true})), true)),
        }
    }
}

pub struct Engine {
    driver: Box<dyn Driver>,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    pub fn new() -> Self {
        Engine {
            driver: crate::registry::GAMES[0].engine(),
        }
    }

    /// Handles one request line; returns the reply and whether to quit.
    pub fn handle(&mut self, line: &str) -> (Value, bool) {
        let req: Request = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(e) => return (err(format!("bad request: {e}")), false),
        };
        match self.dispatch(req) {
            Ok((v, quit)) => (v, quit),
            Err(e) => (err(e), false),
        }
    }

    fn dispatch(&mut self, req: Request) -> Result<(Value, bool), String> {
        match req {
            Request::New {
                game,
                scenario,
                options,
                seed,
            } => {
                let entry = crate::registry::game(&game).ok_or_else(|| {
                    format!(
                        "unknown game \"{game}\" (available: {})",
                        crate::registry::ids()
                    )
                })?;
                let mut d = entry.engine();
                let v = d.start(scenario.as_deref(), options, seed)?;
                self.driver = d;
                Ok((v, false))
            }
            Request::Load { path } => {
                // The save names its game in its header; the game in progress stays unless
                // the whole save reads and replays.
                let text = eastfront_kernel::read_text_file(std::path::Path::new(&path))
                    .map_err(|e| e.to_string())?;
                let entry = crate::registry::game_of_save(&path, &text)?;
                let mut d = entry.engine();
                let v = d.load(&path)?;
                self.driver = d;
                Ok((v, false))
            }
            Request::Quit => Ok((ok(json!({"bye": true})), true)),
            other => self.driver.dispatch(other),
        }
    }
}

fn ok(mut v: Value) -> Value {
    if !v.is_object() {
        v = json!({});
    }
    v["ok"] = json!(true);
    v
}

fn err(msg: String) -> Value {
    json!({"ok": false, "error": msg})
}

pub fn run_stdio() -> i32 {
    let mut engine = Engine::new();
    let stdin = std::io::stdin();
    let mut out = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        let (reply, quit) = engine.handle(&line);
        if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
            break;
        }
        if quit {
            break;
        }
    }
    0
}
