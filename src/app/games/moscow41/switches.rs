//! Moscow '41's optional rules (RO 14.1–14.8) and its switchable readings (docs/moscow41.md),
//! as the menu's check boxes. Blizzard's two divisors (GAP-8) are numbers, not switches: they
//! keep the rules file's ½ and ¼.

use crate::app::table::rule_switch::RuleSwitch;
use eastfront_moscow41::Options;

pub fn switches() -> Vec<RuleSwitch<Options>> {
    vec![
        RuleSwitch {
            id: "ignore-army-colour",
            label: "RO 14.1 Ignore army colour",
            brief: "Any active Tactical HQ commands own blocks of any colour in its range.",
            get: |o| o.optional.ignore_army_colour,
            set: |o, on| o.optional.ignore_army_colour = on,
        },
        RuleSwitch {
            id: "zhukov-hoepner",
            label: "RO 14.2 Zhukov and Hoepner",
            brief: "The 4th Panzer Group may leave the Road for the map; Zhukov may go to Leningrad and come back.",
            get: |o| o.optional.zhukov_hoepner,
            set: |o, on| o.optional.zhukov_hoepner = on,
        },
        RuleSwitch {
            id: "moscow-supply",
            label: "RO 14.3 Moscow",
            brief: "Moscow is a Soviet supply source while Soviet and undisputed.",
            get: |o| o.optional.moscow_supply,
            set: |o, on| o.optional.moscow_supply = on,
        },
        RuleSwitch {
            id: "rail",
            label: "RO 14.4 Rail Movement",
            brief: "In a Pass or a Strategic Impulse a block may rail-move any distance through own, undisputed areas.",
            get: |o| o.optional.rail,
            set: |o, on| o.optional.rail = on,
        },
        RuleSwitch {
            id: "blizzard",
            label: "RO 14.5 Blizzard",
            brief: "From the 2nd German impulse of December: German blocks halved defending, quartered attacking.",
            get: |o| o.optional.blizzard,
            set: |o, on| o.optional.blizzard = on,
        },
        RuleSwitch {
            id: "cavalry",
            label: "RO 14.6 Improved cavalry movement",
            brief: "Cavalry pays 2 MP instead of 3 per area in Rain.",
            get: |o| o.optional.cavalry,
            set: |o, on| o.optional.cavalry = on,
        },
        RuleSwitch {
            id: "infantry-divisions",
            label: "RO 14.7 German infantry divisions",
            brief: "The six German infantry divisions have 4 MP; the Blue Division ignores Snow.",
            get: |o| o.optional.infantry_divisions,
            set: |o, on| o.optional.infantry_divisions = on,
        },
        RuleSwitch {
            id: "crusader",
            label: "RO 14.8 Operation Crusader",
            brief: "In November's Final Phase the two LW HQs and the eight bombers leave for good.",
            get: |o| o.optional.crusader,
            set: |o, on| o.optional.crusader = on,
        },
        RuleSwitch {
            id: "sc1-seven-vp",
            label: "Reading SC.1: the 7-VP sudden death applies",
            brief: "On (the rules file's reading): R 1.7's 7-VP Sudden Death also ends SC.1.",
            get: |o| o.readings.sc1_seven_vp,
            set: |o, on| o.readings.sc1_seven_vp = on,
        },
        RuleSwitch {
            id: "l-blocks-need-hoepner",
            label: "Reading GAP-14: \"L\" blocks need Hoepner on the Road",
            brief: "On (the rules file's reading): an \"L\" block drawn while Hoepner is off the Road returns to the pool. Off: it enters in any Staging Area.",
            get: |o| o.readings.l_blocks_need_hoepner,
            set: |o, on| o.readings.l_blocks_need_hoepner = on,
        },
        RuleSwitch {
            id: "supply-check-clears-cubes",
            label: "Reading R 9.1: the start check also clears cubes",
            brief: "Off (our reading): a white cube comes off only at an end-of-impulse Isolation check. On: the start-of-impulse check takes it off a unit that traces a LOC again.",
            get: |o| o.readings.supply_check_clears_cubes,
            set: |o, on| o.readings.supply_check_clears_cubes = on,
        },
    ]
}
