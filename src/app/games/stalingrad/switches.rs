//! Stalingrad's switchable readings of ambiguous rules (rules file §11 flags, docs/stalingrad.md),
//! as the menu's check boxes. The Designer's Variant stays the menu's "Variant" list.

use crate::app::table::rule_switch::RuleSwitch;
use eastfront_stalingrad::Options;

pub fn switches() -> Vec<RuleSwitch<Options>> {
    vec![
        RuleSwitch {
            id: "short-move-origin-must-be-free",
            label: "Reading §6.7.4: no Short Move from next to the Soviets",
            brief: "Off (the rules file's reading): a stack next to a Soviet stack may Short-Move if its destination is legal. On: it may not (the example's \"pinned\" stacks).",
            get: |o| o.flags.short_move_origin_must_be_free,
            set: |o, on| o.flags.short_move_origin_must_be_free = on,
        },
        RuleSwitch {
            id: "reinf-13-inf-tank-7-inf",
            label: "Reading §7.6: hex 13 gets Infantry + Tank, hex 7 Infantry",
            brief: "Off (the reading the set-up markers favour): hex 13 receives two Infantry and hex 7 a Tank. On: the other split the totals allow.",
            get: |o| o.flags.reinf_13_inf_tank_7_inf,
            set: |o, on| o.flags.reinf_13_inf_tank_7_inf = on,
        },
    ]
}
