//! Optional rules and switchable readings of unclear rules, offered in the menu as check boxes
//! for every game the same way. A game lists its switches once ([`RuleSwitch`]: how to read
//! and set one on its rules' options); the menu's boxes, the options of a new game and the
//! log's opening line all come from that one list.

use super::game::NewGame;

/// One check box of the menu's "Optional rules", as the menu shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Toggle {
    /// Stable id (the menu's form keeps the ids switched away from their default).
    pub id: &'static str,
    /// With the rule's number: "15.7 The Joker".
    pub label: &'static str,
    /// What it changes, for the box's tooltip.
    pub brief: &'static str,
    /// On in a new game unless the player clears it (a reading the rules file recommends).
    pub on_by_default: bool,
}

/// A game's switch: its words and how it reads and sets the rules' options.
pub struct RuleSwitch<O> {
    pub id: &'static str,
    pub label: &'static str,
    pub brief: &'static str,
    pub get: fn(&O) -> bool,
    pub set: fn(&mut O, bool),
}

/// The menu's boxes for these switches, each on by default where the default options have it.
pub fn toggles<O: Default>(switches: &[RuleSwitch<O>]) -> Vec<Toggle> {
    let default = O::default();
    switches
        .iter()
        .map(|s| Toggle {
            id: s.id,
            label: s.label,
            brief: s.brief,
            on_by_default: (s.get)(&default),
        })
        .collect()
}

/// Sets every switch on `options` as the menu's form has it: its default unless the form
/// changed it.
pub fn apply<O: Default>(switches: &[RuleSwitch<O>], new: &NewGame, options: &mut O) {
    let default = O::default();
    for s in switches {
        let changed = new.changed_rules.iter().any(|id| id == s.id);
        (s.set)(options, (s.get)(&default) != changed);
    }
}

/// The labels of the switches that differ from a default game, with "on" or "off".
pub fn changed<O: Default>(switches: &[RuleSwitch<O>], options: &O) -> Vec<String> {
    let default = O::default();
    switches
        .iter()
        .filter(|s| (s.get)(options) != (s.get)(&default))
        .map(|s| {
            if (s.get)(options) {
                s.label.to_string()
            } else {
                format!("{} off", s.label)
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Opts {
        joker: bool,
        reading: Reading,
    }
    struct Reading(bool);
    impl Default for Reading {
        fn default() -> Self {
            Reading(true)
        }
    }

    fn switches() -> Vec<RuleSwitch<Opts>> {
        vec![
            RuleSwitch {
                id: "joker",
                label: "15.7 The Joker",
                brief: "",
                get: |o| o.joker,
                set: |o, on| o.joker = on,
            },
            RuleSwitch {
                id: "reading",
                label: "A reading",
                brief: "",
                get: |o| o.reading.0,
                set: |o, on| o.reading.0 = on,
            },
        ]
    }

    #[test]
    fn boxes_start_as_the_default_options() {
        let t = toggles(&switches());
        assert_eq!(t.len(), 2);
        assert!(!t[0].on_by_default);
        assert!(t[1].on_by_default);
    }

    #[test]
    fn the_form_sets_every_switch_and_the_log_names_the_changes() {
        let mut o = Opts::default();
        let new = NewGame {
            changed_rules: vec!["joker".into(), "reading".into()],
            ..Default::default()
        };
        apply(&switches(), &new, &mut o);
        assert!(o.joker);
        assert!(!o.reading.0, "a reading on by default is switched off");
        assert_eq!(
            changed(&switches(), &o),
            vec!["15.7 The Joker".to_string(), "A reading off".to_string()]
        );
        assert!(changed(&switches(), &Opts::default()).is_empty());
        let mut o = Opts::default();
        apply(&switches(), &NewGame::default(), &mut o);
        assert!(
            !o.joker && o.reading.0,
            "a choice that changes nothing plays the defaults"
        );
    }
}
