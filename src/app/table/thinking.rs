//! How long the computer thinks, and what the player sees of it (issue 16): the thinking-time
//! setting for the searching level and the hint (chosen in the menu or the top bar's AI menu,
//! remembered between runs), the progress of a search in flight (a bar filling over the
//! thinking time, the playouts made so far) and the button that makes the computer answer at
//! once with the best it has found.

use bevy::prelude::*;
use bevy_egui::egui;
use eastfront_ai::levels::Budget;
use eastfront_ai::search::Signals;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// How long the computer's search thinks over each decision: the "Search" level's seat and
/// the hint, "What would the AI do?". The utility levels answer at once whatever it is.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinkingTime(pub Duration);

impl Default for ThinkingTime {
    /// Half a second: No Retreat!'s search beats its utility Hard from a fifth of a second
    /// (docs/ai.md), and a turn of many decisions stays a matter of minutes at most.
    fn default() -> Self {
        ThinkingTime(Duration::from_millis(500))
    }
}

impl ThinkingTime {
    /// The times a player may pick, in milliseconds.
    pub const CHOICES_MS: [u64; 6] = [100, 200, 500, 1_000, 3_000, 10_000];

    pub fn all() -> impl Iterator<Item = ThinkingTime> {
        Self::CHOICES_MS
            .into_iter()
            .map(|ms| ThinkingTime(Duration::from_millis(ms)))
    }

    /// "0.5 s", "3 s".
    pub fn label(self) -> String {
        seconds(self.0.as_secs_f64())
    }

    /// The settings file's number (milliseconds).
    pub fn millis(self) -> u64 {
        self.0.as_millis() as u64
    }

    /// The choice nearest to a number of milliseconds (a hand-edited settings file).
    pub fn nearest(ms: u64) -> ThinkingTime {
        Self::all()
            .min_by_key(|t| t.millis().abs_diff(ms))
            .unwrap_or_default()
    }

    /// The search budget it gives.
    pub fn budget(self) -> Budget {
        Budget::Time(self.0)
    }
}

/// "0.5 s", "1 s", "10 s".
fn seconds(s: f64) -> String {
    if s >= 1.0 && (s - s.round()).abs() < 1e-9 {
        format!("{s:.0} s")
    } else {
        format!("{s:.1} s")
    }
}

/// A computer player thinking now (a seat's decision or the hint): since when, for how long
/// where it searches, and the search's progress and stop signals.
#[derive(Clone)]
pub struct Thinking {
    /// Seconds of `Time::elapsed_secs_f64` when it began.
    pub since: f64,
    /// The thinking time where the player searches; None for one that answers at once.
    pub time: Option<Duration>,
    pub signals: Arc<Signals>,
}

impl Thinking {
    pub fn start(since: f64, time: Option<Duration>) -> Thinking {
        Thinking {
            since,
            time,
            signals: Arc::default(),
        }
    }

    /// The hint's thinking: a forced action is searched too, for the estimate of who wins.
    pub fn start_estimate(since: f64, time: Option<Duration>) -> Thinking {
        Thinking {
            signals: Arc::new(Signals::for_estimate()),
            ..Thinking::start(since, time)
        }
    }

    /// How much of its time has passed (0 to 1), where it searches.
    pub fn fraction(&self, now: f64) -> Option<f32> {
        let time = self.time?.as_secs_f64().max(1e-3);
        Some(((now - self.since) / time).clamp(0.0, 1.0) as f32)
    }

    /// The playouts made so far (the search's iterations, both cores together).
    pub fn playouts(&self) -> u32 {
        self.signals.iterations.load(Ordering::Relaxed)
    }

    /// Asks the search to answer now with what it has (or to stop, for an answer nobody
    /// waits for any more).
    pub fn answer_now(&self) {
        self.signals.stop.store(true, Ordering::Relaxed);
    }

    pub fn asked_to_answer(&self) -> bool {
        self.signals.stop.load(Ordering::Relaxed)
    }
}

impl PartialEq for Thinking {
    fn eq(&self, other: &Self) -> bool {
        self.since == other.since
            && self.time == other.time
            && Arc::ptr_eq(&self.signals, &other.signals)
    }
}

impl std::fmt::Debug for Thinking {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Thinking")
            .field("since", &self.since)
            .field("time", &self.time)
            .field("playouts", &self.playouts())
            .finish()
    }
}

/// What the thinking time does, for the hover texts.
const ABOUT: &str =
    "How long the computer's Search level and the hint (\"What would the AI do?\") \
                     think over each decision. Longer is stronger and slower; Easy, Normal and \
                     Hard answer at once.";

/// The menu's thinking-time chooser; returns the time picked, if it changed.
pub fn chooser(ui: &mut egui::Ui, now: ThinkingTime) -> Option<ThinkingTime> {
    let mut chosen = now;
    ui.label("Computer's thinking time").on_hover_text(ABOUT);
    egui::ComboBox::from_id_salt("thinking-time")
        .selected_text(format!("{} a decision", now.label()))
        .show_ui(ui, |ui| choices(ui, &mut chosen))
        .response
        .on_hover_text(ABOUT);
    (chosen != now).then_some(chosen)
}

/// The times to pick from, one line each (the menu's chooser and the top bar's AI menu).
pub fn choices(ui: &mut egui::Ui, chosen: &mut ThinkingTime) {
    for t in ThinkingTime::all() {
        ui.selectable_value(chosen, t, format!("Think {} a decision", t.label()))
            .on_hover_text(ABOUT);
    }
}

/// The progress of a search: a bar over its thinking time with the playouts made, and the
/// button (`answer`) that makes it answer now. Nothing for a player that answers at once.
/// Returns whether the button was pressed.
pub fn progress(ui: &mut egui::Ui, thinking: &Thinking, now: f64, answer: &str) -> bool {
    let (Some(fraction), Some(time)) = (thinking.fraction(now), thinking.time) else {
        return false;
    };
    let mut pressed = false;
    ui.horizontal(|ui| {
        let elapsed = (now - thinking.since).clamp(0.0, time.as_secs_f64());
        // The bar takes the row but the button's room, so its words fit.
        let width = (ui.available_width() - 130.0).max(160.0);
        ui.add(
            egui::ProgressBar::new(fraction)
                .desired_width(width)
                .text(format!(
                    "{} of {} · {} playouts",
                    seconds(elapsed),
                    seconds(time.as_secs_f64()),
                    thinking.playouts()
                )),
        )
        .on_hover_text(
            "The search plays each candidate move out many times over what it cannot see; \
             more playouts, a surer choice. The thinking time is in the AI menu.",
        );
        if ui
            .add_enabled(!thinking.asked_to_answer(), egui::Button::new(answer))
            .on_hover_text("Stop thinking and take the best choice found so far")
            .clicked()
        {
            thinking.answer_now();
            pressed = true;
        }
    });
    pressed
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ThinkingTime>();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::games::{moscow41::Moscow41, no_retreat::NoRetreat, stalingrad::Stalingrad};
    use crate::app::table::TableGame;
    use eastfront_ai::ComputerPlayers;

    /// Every menu level plays an AI crate player; only "Search" thinks for the player's
    /// time; the hint always searches; a save's unknown or missing level plays the menu's
    /// default.
    fn levels_fit<G: TableGame>() {
        let game = G::builtin();
        let spec = game.setup_spec();
        assert!(
            !spec.levels.is_empty(),
            "{}: the menu offers levels",
            game.title()
        );
        for l in &spec.levels {
            let word = game.computer_level(l.id);
            assert!(
                G::computer(word, Budget::Level).is_some(),
                "{}: {} plays {word}",
                game.title(),
                l.id
            );
            assert_eq!(
                G::searches(word),
                l.id == "search",
                "{}: {}",
                game.title(),
                l.id
            );
        }
        assert!(
            G::searches(game.hint_level()),
            "{}: the hint searches",
            game.title()
        );
        let default = crate::app::menu::default_form(&spec).level;
        assert_eq!(
            game.computer_level(""),
            game.computer_level(&default),
            "{}",
            game.title()
        );
        assert_eq!(
            game.computer_level("impossible"),
            game.computer_level(&default)
        );
    }

    #[test]
    fn every_game_s_menu_levels_play_its_ai_and_search_thinks_for_the_set_time() {
        levels_fit::<Stalingrad>();
        levels_fit::<Moscow41>();
        levels_fit::<NoRetreat>();
        // The menus' Normal plays what the table played before the Search level came.
        assert_eq!(Stalingrad::builtin().computer_level("normal"), "utility");
        assert_eq!(Moscow41::builtin().computer_level("hard"), "utility-hard");
        assert_eq!(NoRetreat::builtin().computer_level("hard"), "hard");
        assert_eq!(
            NoRetreat::builtin().opponent("search").name(),
            NoRetreat::computer("search", Budget::Level).unwrap().name()
        );
    }

    #[test]
    fn the_thinking_time_is_one_of_the_choices_and_gives_its_budget() {
        assert_eq!(ThinkingTime::default().label(), "0.5 s");
        assert_eq!(ThinkingTime::nearest(900).label(), "1 s");
        assert_eq!(ThinkingTime::nearest(0).label(), "0.1 s");
        assert_eq!(ThinkingTime::nearest(1_000_000).label(), "10 s");
        let t = ThinkingTime::nearest(3_000);
        assert_eq!(t.budget(), Budget::Time(Duration::from_secs(3)));
        assert_eq!(t.budget().time("search"), Some(Duration::from_secs(3)));
        assert_eq!(Budget::Iterations(5).time("hard"), None);
    }

    #[test]
    fn the_progress_follows_the_clock_and_answer_now_stops_the_search() {
        let t = Thinking::start(10.0, Some(Duration::from_secs(2)));
        assert_eq!(t.fraction(10.0), Some(0.0));
        assert_eq!(t.fraction(11.0), Some(0.5));
        assert_eq!(t.fraction(99.0), Some(1.0));
        assert_eq!(Thinking::start(0.0, None).fraction(5.0), None);
        assert!(!t.asked_to_answer());
        t.answer_now();
        assert!(t.signals.stop.load(Ordering::Relaxed));
    }
}
