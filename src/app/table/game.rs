//! What a game brings to the one table: its menu entry, its map and pieces as the table's
//! skins draw them, its computer players, and its own panels. Everything else — the session,
//! whose eyes are on the screen, the curtain, the AI thread, saves, replay, the prompt and the
//! log — is the table's, the same for every game (DESIGN.md "One table for every game").
//!
//! A game's presentation module (`src/app/games/<game>/`) implements [`TableGame`]; the rules
//! crate has already given the words ([`TableRules`]).

use super::desc::{Cue, MapDesc, MarkerDesc, Overlay, PieceDesc};
use super::panel::{PanelCtx, PanelOut};
use bevy::prelude::*;
use bevy_egui::egui;
use eastfront_ai::levels::{Budget, ComputerPlayers};
use eastfront_kernel::{
    DataError, Opponent, PieceId, ScenarioInfo, Seat, Session, Side, SpaceId, TableRules,
};
use std::collections::BTreeMap;

/// Who decides for a seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Controller {
    Human,
    Computer,
}

impl Controller {
    pub fn slug(self) -> &'static str {
        match self {
            Controller::Human => "human",
            Controller::Computer => "computer",
        }
    }
}

/// One entry of a menu choice list (a play mode, an AI level, a variant).
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// Stable id, written into saves (`meta`).
    pub id: &'static str,
    pub label: &'static str,
    pub brief: &'static str,
}

/// A way to play: who sits where.
#[derive(Clone, Debug, PartialEq)]
pub struct ModeSpec {
    pub choice: Choice,
    /// Seats a human plays; every other seat the rules may ask is the computer's.
    pub humans: Vec<Seat>,
    /// Older saves' names for this mode.
    pub aliases: &'static [&'static str],
    /// Whether a computer player of the menu's level takes a seat (not where every other
    /// seat is the rules' own, Stalingrad's solitaire Soviet).
    pub levels_apply: bool,
}

impl ModeSpec {
    /// The id of the mode where nobody plays: the computer takes every seat.
    pub const WATCH: &'static str = "watch";

    /// Every seat the computer's; the board shows everything (nothing is hidden from a
    /// spectator of two computer players).
    pub fn watch() -> ModeSpec {
        ModeSpec {
            choice: Choice {
                id: Self::WATCH,
                label: "Watch the computer play both sides",
                brief: "The computer plays every side at the level chosen; you watch with everything revealed, at the AI speed of the top bar.",
            },
            humans: Vec::new(),
            aliases: &[],
            levels_apply: true,
        }
    }
}

/// What the menu offers for a game.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupSpec {
    pub scenarios: Vec<ScenarioInfo>,
    pub modes: Vec<ModeSpec>,
    /// The computer's levels (empty: the game has one computer player).
    pub levels: Vec<Choice>,
    /// A game's own variants (the first is "none"; empty: no variants).
    pub variants: Vec<Choice>,
    /// Optional rules and switchable readings, as check boxes (`rule_switch`).
    pub rules: Vec<super::rule_switch::Toggle>,
    pub default_seed: u64,
}

/// The menu's choice for a new game.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct NewGame {
    pub scenario: String,
    pub mode: String,
    pub level: String,
    pub variant: String,
    /// The ids of the optional rules and readings switched away from the rules as printed
    /// (`SetupSpec::rules`): empty plays the defaults, whoever builds the choice.
    pub changed_rules: Vec<String>,
    /// The players' names by seat number (hot-seat: "a name per side", UX.md); empty: none.
    pub names: BTreeMap<u8, String>,
    pub seed: u64,
}

/// Who plays what at a table: the mode, the AI level, and each seat's controller. It travels
/// with a save in its `meta` (`play`, `level`, `seat.N`), never in the rules' state.
#[derive(Clone, Debug, PartialEq)]
pub struct Seating {
    pub mode: String,
    pub mode_label: String,
    pub level: String,
    pub humans: Vec<Seat>,
    /// The human players' names by seat number (`name.N` in a save's `meta`).
    pub names: BTreeMap<u8, String>,
}

impl Seating {
    /// Nobody sits at the table (the watch mode): the screen is a spectator's, shown whole.
    pub fn spectator(&self) -> bool {
        self.humans.is_empty()
    }

    /// The name the player of `seat` gave, if any.
    pub fn name(&self, seat: Seat) -> Option<&str> {
        self.names.get(&seat.0).map(String::as_str)
    }

    /// The names a menu choice gave to the seats humans play in its mode, trimmed, the empty
    /// ones left out.
    pub fn names_of(new: &NewGame, humans: &[Seat]) -> BTreeMap<u8, String> {
        new.names
            .iter()
            .filter(|(s, n)| humans.contains(&Seat(**s)) && !n.trim().is_empty())
            .map(|(s, n)| (*s, n.trim().to_string()))
            .collect()
    }

    pub fn controller(&self, seat: Seat) -> Controller {
        if self.humans.contains(&seat) {
            Controller::Human
        } else {
            Controller::Computer
        }
    }

    /// The save metadata for this seating over `seats`.
    pub fn meta(&self, seats: &[Seat]) -> BTreeMap<String, String> {
        let mut meta = BTreeMap::new();
        meta.insert(META_PLAY.into(), self.mode.clone());
        if !self.level.is_empty() {
            meta.insert(META_LEVEL.into(), self.level.clone());
        }
        for s in seats {
            meta.insert(format!("seat.{}", s.0), self.controller(*s).slug().into());
        }
        for (s, name) in &self.names {
            meta.insert(format!("{META_NAME}{s}"), name.clone());
        }
        meta
    }
}

pub const META_PLAY: &str = "play";
pub const META_LEVEL: &str = "level";
/// A player's name: `name.N` for seat N.
pub const META_NAME: &str = "name.";

/// The game card in the menu.
#[derive(Clone, Debug, PartialEq)]
pub struct GameCard {
    pub title: &'static str,
    pub years: &'static str,
    pub designer: &'static str,
    pub blurb: &'static str,
}

/// One game at the one table.
pub trait TableGame:
    TableRules<
        Action: Send + Sync + 'static,
        View: Send + Sync + 'static,
        State: Send + Sync + 'static,
        Options: Send + Sync + 'static,
    > + ComputerPlayers
    + Send
    + Sync
    + Sized
    + 'static
{
    /// The game's own panel memory (a planned attack being built, a window the player closed).
    type Ui: Resource + Default + Component<Mutability = bevy::ecs::component::Mutable>;

    /// The built-in game, made once for the program's life (sessions borrow it).
    fn builtin() -> &'static Self;
    /// Loads the game from a data folder a player edited (`eastfront validate`).
    fn from_folder(dir: &std::path::Path) -> Result<Self, DataError>;
    /// Whether `dir` holds this game's data (by the files it has).
    fn owns_folder(dir: &std::path::Path) -> bool;
    /// One line about the loaded data ("175 areas, 120 blocks…").
    fn data_summary(&self) -> String;
    fn card() -> GameCard;
    /// What the menu offers for this game; the table adds its own modes ([`Self::setup_spec`]).
    fn game_spec(&self) -> SetupSpec;
    /// The menu's offer: the game's, and "watch the computer play both sides" (UX.md "New
    /// game"), which every game has.
    fn setup_spec(&self) -> SetupSpec {
        let mut spec = self.game_spec();
        spec.modes.push(ModeSpec::watch());
        spec
    }
    /// The rules' options for a menu choice (or a save's mode when it has none): by default
    /// the rules' defaults with the menu's rule switches applied.
    fn options_for(&self, new: &NewGame) -> Self::Options {
        let mut options = Self::Options::default();
        super::rule_switch::apply(&self.rule_switches(), new, &mut options);
        options
    }
    /// The optional rules and readings a player may switch (the menu's boxes come from these
    /// through [`SetupSpec::rules`]; the log's first line names those that differ from the
    /// default).
    fn rule_switches(&self) -> Vec<super::rule_switch::RuleSwitch<Self::Options>> {
        Vec::new()
    }
    /// The seating a save of these options implies when its `meta` does not say.
    fn default_mode(&self, options: &Self::Options) -> &'static str;
    /// Whether a mode fits these options (a save's mode must match its rules mode).
    fn mode_fits(&self, _mode: &str, _options: &Self::Options) -> bool {
        true
    }
    /// The AI crate's level word ([`ComputerPlayers`]) that plays a seat at the menu's `level`
    /// (a level id of [`SetupSpec::levels`], or "" and unknown words from a save: the
    /// game's default).
    fn computer_level(&self, level: &str) -> &'static str;
    /// The AI crate's level word the hint asks, "What would the AI do?": the game's search,
    /// so that it can say who it thinks wins (issue 16).
    fn hint_level(&self) -> &'static str;
    /// The computer player for a seat at the menu's `level`, thinking for its level's own
    /// time (the command line's `ai`; the table thinks through [`ComputerPlayers::advise`]).
    fn opponent(&self, level: &str) -> Box<dyn Opponent<Self>> {
        let word = self.computer_level(level);
        Self::computer(word, Budget::Level)
            .unwrap_or_else(|| panic!("{}: the AI has no level {word:?}", self.title()))
    }

    // ---- the board
    fn map(&self) -> MapDesc;
    /// Static drawing over the spaces (names, rivers, boxes), once per table.
    fn decorate(&self, painter: &mut crate::app::map::MapPainter);
    /// The pieces of a view, as the table's piece skins draw them.
    fn pieces(&self, view: &Self::View) -> Vec<PieceDesc>;
    /// The markers of a view (control, rubble, lines, cubes), with the overlays switched on.
    fn markers(&self, view: &Self::View, overlays: &[bool]) -> Vec<MarkerDesc>;
    /// The overlays this game offers (control, supply, command range…), in key order.
    fn overlays(&self) -> Vec<Overlay> {
        Vec::new()
    }
    /// What the map's own colours, rings and marks mean: the map key (M), a legend like the
    /// overlays'.
    fn map_key(&self) -> Vec<(Color, &'static str)> {
        Vec::new()
    }
    /// Space tints of the overlays switched on.
    fn tints(&self, _view: &Self::View, _overlays: &[bool]) -> Vec<(SpaceId, Color)> {
        Vec::new()
    }
    /// What the pointer over a space shows: its name, terrain and effects, the stack as the
    /// viewer may see it.
    fn hover(&self, view: &Self::View, space: SpaceId) -> Vec<String>;
    /// A piece's name for the panels ("9th Panzer (3)", "a hidden block").
    fn piece_label(&self, view: &Self::View, piece: PieceId) -> String;
    /// What an event shows on the board (a move to follow, a battle to ring).
    fn cues(&self, event: &Self::Event) -> Vec<Cue>;
    /// The side a seat's actions belong to, for the AI playback.
    fn side_of_seat(&self, session: &Session<'static, Self>, seat: Seat) -> Side {
        eastfront_kernel::Game::side_of(self, session.state(), seat)
    }

    // ---- the panels
    /// Whether a legal action is offered as a button in the side panel's list; actions a game
    /// shows in its own windows (a battle's choices, a planned attack) answer false.
    fn listed(&self, _view: &Self::View, _action: &Self::Action) -> bool {
        true
    }
    /// The game's part of the top bar (tracks, decks, victory points), left of the commands.
    fn top_bar(&self, ui: &mut egui::Ui, ctx: &PanelCtx<Self>, compact: bool);
    /// The game's sections of the side panel, below the choices (hands, tables, pools).
    fn side_sections(
        &self,
        ui: &mut egui::Ui,
        ctx: &PanelCtx<Self>,
        mem: &mut Self::Ui,
        out: &mut PanelOut,
    );
    /// The game's own windows over the map (a battle, reference tables).
    fn windows(
        &self,
        egui: &egui::Context,
        ctx: &PanelCtx<Self>,
        mem: &mut Self::Ui,
        out: &mut PanelOut,
    );
    /// The game draws its own battle window in [`Self::windows`]; otherwise the table's
    /// battle report shows each battle from the log.
    fn has_battle_window(&self) -> bool {
        false
    }
    /// The game-specific lines of the result window (victory points, ground held).
    fn result_lines(&self, view: &Self::View) -> Vec<String>;
    /// What the result window's chart follows over the turns: each series' name, side and
    /// value in this view (victory points, blocks on the map, hexes held).
    fn score_series(&self, view: &Self::View) -> Vec<(&'static str, Option<Side>, f32)>;
    /// Where the data came from (the game's SOURCES.md), for the About panel.
    fn sources() -> &'static str;
    /// The rules reference shipped with the game.
    fn reference() -> &'static eastfront_kernel::RulesReference;
}

/// The overlays the table offers: the game's own, in its order, then its map key (M) when it
/// has one (a legend only: the game's tints and markers never see it switched on).
pub fn overlays_with_key<G: TableGame>(game: &G) -> Vec<Overlay> {
    let mut all = game.overlays();
    let key = game.map_key();
    if !key.is_empty() {
        all.push(Overlay {
            name: "Key",
            key: KeyCode::KeyM,
            key_name: "M",
            legend: key,
        });
    }
    all
}
