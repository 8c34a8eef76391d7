//! No Retreat!'s optional rules (15.0: "by mutual agreement"), the Scenario Book's "play on as
//! a campaign" and its one switchable reading, as the menu's check boxes.

use crate::app::table::rule_switch::RuleSwitch;
use eastfront_no_retreat::Options;

pub fn switches() -> Vec<RuleSwitch<Options>> {
    vec![
        RuleSwitch {
            id: "abteilungen",
            label: "15.1 Abteilung units",
            brief: "From turn 8, once a turn the Axis may break a 4-4 army into two 3-3 Abteilungen.",
            get: |o| o.abteilungen,
            set: |o, on| o.abteilungen = on,
        },
        RuleSwitch {
            id: "fortified-fronts",
            label: "15.2 Fortified front units",
            brief: "From turn 5, once a turn the Soviet may break a 4-3 fortified front into two.",
            get: |o| o.fortified_fronts,
            set: |o, on| o.fortified_fronts = on,
        },
        RuleSwitch {
            id: "local-combat-support",
            label: "15.3 Local combat support",
            brief: "Each side's support marker adds strength to one supplied unit (Axis +2, Soviet +1; flipped on turn 11).",
            get: |o| o.local_combat_support,
            set: |o, on| o.local_combat_support = on,
        },
        RuleSwitch {
            id: "no-variable-weather",
            label: "15.4 No variable weather",
            brief: "Weather event cards are ignored, discarded and replaced (the tournament rule).",
            get: |o| o.no_variable_weather,
            set: |o, on| o.no_variable_weather = on,
        },
        RuleSwitch {
            id: "quick-reorganization",
            label: "15.5 Quick reorganization",
            brief: "A discarded card with the initiative side's symbol removes two Disorganized markers.",
            get: |o| o.quick_reorganization,
            set: |o, on| o.quick_reorganization = on,
        },
        RuleSwitch {
            id: "no-surrender",
            label: "15.6 No surrender",
            brief: "No sudden death: the losing side discards at random and draws fewer cards instead.",
            get: |o| o.no_surrender,
            set: |o, on| o.no_surrender = on,
        },
        RuleSwitch {
            id: "joker",
            label: "15.7 The Joker",
            brief: "The initiative side starts with the Joker, always in hand; played, it goes to the other side.",
            get: |o| o.joker,
            set: |o, on| o.joker = on,
        },
        RuleSwitch {
            id: "rezervy",
            label: "15.8 Reserve unit (Rezervy)",
            brief: "A Soviet reserve that stacks for free and can take a step loss, from turn 5.",
            get: |o| o.rezervy,
            set: |o, on| o.rezervy = on,
        },
        RuleSwitch {
            id: "paratroopers",
            label: "15.9 Paratroopers / Partisans",
            brief: "From turn 4 the Soviet may shatter an Axis unit next to his supplied units in Snow, Extreme Winter or Mud.",
            get: |o| o.paratroopers,
            set: |o, on| o.paratroopers = on,
        },
        RuleSwitch {
            id: "play-on-as-campaign",
            label: "Scenario Book: play the scenario on as a campaign",
            brief: "The scenario's set-up, then the Campaign Game's victory conditions (Objectives, sudden death, the turn-23 check) to its end. No effect on the Campaign Game.",
            get: |o| o.play_on_as_campaign,
            set: |o, on| o.play_on_as_campaign = on,
        },
        RuleSwitch {
            id: "axis-own-crt-in-snow",
            label: "Reading 13.1: the Axis keeps its CRT in snow",
            brief: "Off (the rules file's reading): the Axis fights on the Soviet CRT in Snow and Extreme Winter. On: the Spanish text's silence read as the Axis keeping its own.",
            get: |o| o.axis_own_crt_in_snow,
            set: |o, on| o.axis_own_crt_in_snow = on,
        },
    ]
}
