//! One log event for every game: what happened, the rule that made it happen, the words for the
//! log (public, and private for the side whose hidden blocks it names) and, when dice were
//! rolled, the roll itself as data ([`Roll`]) so the dice tray, the log and the statistics read
//! values, not text. A game adds only its own `kind` (moved, revealed, step lost…).

use crate::game::{GameEvent, Side};
use crate::SpaceId;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// Dice rolled for one purpose: who rolled them, for what, and the values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    /// The side that rolled (None: a roll of the game itself, e.g. weather or a setup roll).
    pub by: Option<Side>,
    /// What the roll is for, in a player's words ("Close combat in hex 28", "Weather").
    pub purpose: String,
    /// The values, in the order rolled.
    pub values: Vec<u8>,
    /// Faces of each die (6 for every game so far).
    pub faces: u8,
}

impl Roll {
    pub fn d6(by: Option<Side>, purpose: impl Into<String>, values: &[u8]) -> Roll {
        Roll {
            by,
            purpose: purpose.into(),
            values: values.to_vec(),
            faces: 6,
        }
    }

    /// How many dice show at least `target` (hits for the block games).
    pub fn at_least(&self, target: u8) -> usize {
        self.values.iter().filter(|v| **v >= target).count()
    }
}

/// What a log line is about, for the log's filter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LogTopic {
    /// Battles: their opening, fire, losses, retreats and advances.
    Combat,
    /// Moves and the control they change.
    Movement,
    /// Cards and reinforcements: drawn, played, deployed.
    Cards,
    /// Turns, phases, weather, notes.
    #[default]
    Other,
}

/// What a game's own event kinds tell the session and the table.
pub trait EventKind: Clone + Debug + PartialEq + Serialize {
    /// A card drawn or a block revealed: the chance to undo ends (dice are seen by the session).
    fn reveals_or_draws(&self) -> bool;
    /// What the event is about, for the log's filter.
    fn topic(&self) -> LogTopic {
        LogTopic::Other
    }
    /// The map spaces it happened at (a log line pointed at lights them).
    fn places(&self) -> Vec<SpaceId> {
        Vec::new()
    }
    /// `Some(true)` when it opens a battle, `Some(false)` when it closes one: the lines in
    /// between belong to that battle.
    fn battle_edge(&self) -> Option<bool> {
        None
    }
}

/// Something that happened, for the log and the animations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event<K> {
    pub kind: K,
    /// The rule that made it happen ("R 10.17", "§6.7.1"); empty when none applies.
    #[serde(default)]
    pub rule: String,
    /// What everyone reads.
    pub public: String,
    /// What one side reads instead (it names that side's hidden blocks).
    #[serde(default)]
    pub private: Option<(Side, String)>,
    /// The dice rolled, if this event is a roll.
    #[serde(default)]
    pub roll: Option<Roll>,
}

impl<K> Event<K> {
    pub fn new(kind: K, rule: impl Into<String>, public: impl Into<String>) -> Event<K> {
        Event {
            kind,
            rule: rule.into(),
            public: public.into(),
            private: None,
            roll: None,
        }
    }

    /// An event whose words for `side` differ from everyone else's.
    pub fn with_private(mut self, side: Side, text: impl Into<String>) -> Event<K> {
        self.private = Some((side, text.into()));
        self
    }

    pub fn with_roll(mut self, roll: Roll) -> Event<K> {
        self.roll = Some(roll);
        self
    }

    /// The words `viewer` may read (None: a viewer of no side, who reads the public text).
    pub fn text_for(&self, viewer: Option<Side>) -> &str {
        match (&self.private, viewer) {
            (Some((s, t)), Some(v)) if *s == v => t,
            _ => &self.public,
        }
    }
}

impl<K: EventKind> GameEvent for Event<K> {
    fn clears_undo(&self) -> bool {
        self.roll.is_some() || self.kind.reveals_or_draws()
    }
}

/// What the table needs of every game's event, whatever its kind.
pub trait LogEvent: Clone + Debug + Send + Sync + 'static {
    fn rule(&self) -> &str;
    fn text_for(&self, viewer: Option<Side>) -> &str;
    fn roll(&self) -> Option<&Roll>;
    fn topic(&self) -> LogTopic;
    fn places(&self) -> Vec<SpaceId>;
    fn battle_edge(&self) -> Option<bool>;
}

impl<K: EventKind + Send + Sync + 'static> LogEvent for Event<K> {
    fn topic(&self) -> LogTopic {
        self.kind.topic()
    }
    fn places(&self) -> Vec<SpaceId> {
        self.kind.places()
    }
    fn battle_edge(&self) -> Option<bool> {
        self.kind.battle_edge()
    }
    fn rule(&self) -> &str {
        &self.rule
    }
    fn text_for(&self, viewer: Option<Side>) -> &str {
        Event::text_for(self, viewer)
    }
    fn roll(&self) -> Option<&Roll> {
        self.roll.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize)]
    enum Kind {
        Info,
        Drawn,
    }
    impl EventKind for Kind {
        fn reveals_or_draws(&self) -> bool {
            matches!(self, Kind::Drawn)
        }
    }

    #[test]
    fn private_text_only_for_its_side() {
        let e =
            Event::new(Kind::Info, "", "a block moved").with_private(Side::German, "9 Pz moved");
        assert_eq!(e.text_for(Some(Side::German)), "9 Pz moved");
        assert_eq!(e.text_for(Some(Side::Soviet)), "a block moved");
        assert_eq!(e.text_for(None), "a block moved");
    }

    #[test]
    fn rolls_draws_and_reveals_end_undo_plain_events_do_not() {
        assert!(!Event::new(Kind::Info, "", "x").clears_undo());
        assert!(Event::new(Kind::Drawn, "", "x").clears_undo());
        let rolled = Event::new(Kind::Info, "R 10.9", "fire").with_roll(Roll::d6(
            Some(Side::Soviet),
            "Fire",
            &[6, 2, 5],
        ));
        assert!(rolled.clears_undo());
        assert_eq!(rolled.roll.as_ref().unwrap().at_least(5), 2);
    }
}
