//! The utility AI's weights, by name. `Weights::NORMAL` are the hand-set weights of the
//! `easy` and `normal` levels (unchanged since issue 15); `Weights::hard` those of `hard`
//! (per side, and for the Axis per `Posture`: attacking or holding), found by a self-play
//! search against `normal` (`examples/nr_tune.rs`). The last few weights
//! are the hard level's own heuristics; at 0 (as in `NORMAL`) they are not computed.

use eastfront_kernel::Side;
use eastfront_no_retreat::view::View;

macro_rules! weights {
    ($($name:ident = $normal:expr, $doc:literal;)*) => {
        /// The utility AI's weights (see `score` and `Model`).
        #[derive(Clone, Debug, PartialEq)]
        pub struct Weights {
            $(#[doc = $doc] pub $name: f32,)*
        }
        impl Weights {
            /// The `easy` and `normal` levels' weights.
            pub const NORMAL: Weights = Weights { $($name: $normal,)* };
            /// The weights' names, in the order of `to_vec`.
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name)),*];
            /// The weights in the order of `NAMES`.
            pub fn to_vec(&self) -> Vec<f32> {
                vec![$(self.$name),*]
            }
            /// Sets the weights from `v`, in the order of `NAMES`.
            pub fn set(&mut self, v: &[f32]) {
                let mut it = v.iter().copied();
                $(if let Some(x) = it.next() { self.$name = x; })*
            }
        }
    };
}

weights! {
    card = 1.2, "What a card in hand is worth as currency (5.4), per card a payment costs.";
    own_event_card = 1.5, "A card whose own-side half has an event, as currency.";
    event_base = 2.0, "Playing a card as an event.";
    event_card_cost = 0.2, "Per unit of the card's currency value, against playing it as an event.";
    flip_gain = 0.8, "Recover / upgrade: per strength point gained.";
    flip_near = 0.5, "Recover / upgrade of a unit within 3 hexes of the enemy.";
    flip_base = 0.3, "Recover / upgrade, flat.";
    fortify_near = 2.0, "Fortify a unit within 2 hexes of the enemy.";
    fortify_far = 0.3, "Fortify a unit further away.";
    place_base = 2.0, "Placing a reinforcement.";
    place_hex = 0.3, "Per unit of the hex value where a reinforcement, reserve or unload goes.";
    replace_full = 0.7, "Replace: per full-strength point.";
    replace_base = 0.5, "Replace, flat.";
    reorganize_unit = 0.6, "Reorganization: per unit.";
    move_cost = 0.05, "A move, flat cost (so that equal hexes stay put).";
    embark_far = 0.5, "Rail: embarking a unit 6 or more hexes from the enemy.";
    embark_near = -1.5, "Rail: embarking a unit nearer.";
    unload_base = 1.0, "Rail: unloading.";
    target_cost = 0.2, "A Target marker: the battle's expected value must be over this.";
    counterblow_cost = 0.5, "A Counterblow marker, flat cost besides the card.";
    attack_unit = 0.12, "An attack: per unit committed.";
    support_cost = 0.3, "Blitz!/Shock! support spent on a battle.";
    counterattack_cost = 0.3, "A counterattack, flat cost.";
    advance_bonus = 0.2, "Advance after combat, flat.";
    res_ca = -1.2, "CA to the attacker.";
    res_cb = -0.8, "CB to the attacker.";
    res_dr = 2.0, "DR to the attacker.";
    res_ds = 3.5, "DS to the attacker.";
    res_dd = 4.0, "DD to the attacker.";
    res_ex = 0.8, "EX to the attacker.";
    prize = 0.4, "A battle's value grows by this per enemy VP hex attacked.";
    enemy_vp = 8.0, "Standing on an enemy-controlled VP hex.";
    objective = 3.0, "... and more if it is an Objective.";
    goal_dist = 0.8, "Per hex to the nearest enemy VP hex (at most 30).";
    hold_vp = 3.0, "Holding a threatened own VP hex alone (or staying on it).";
    hold_vp_more = 0.5, "Adding to a threatened own VP hex already held.";
    friends = 0.25, "Per adjacent friendly hex (at most 3).";
    alone = 0.4, "Per enemy hex beyond the friends + 1 around, times 4 / strength.";
    zoc_gap = 0.0, "Hard: per own VP hex within 3 hexes of the enemy left with no unit on or next to it.";
    objective_dist = 0.0, "Hard: per hex to the nearest enemy Objective hex (at most 30).";
}

impl Weights {
    /// The `hard` level's weights for the Axis when it attacks (`Posture::Attack`).
    pub const HARD_AXIS: Weights = Weights {
        own_event_card: 1.6168664,
        event_card_cost: 0.14348608,
        fortify_near: 1.2226818,
        fortify_far: 0.09791963,
        place_base: 1.4582465,
        replace_full: 0.41398787,
        replace_base: 0.5740187,
        reorganize_unit: 0.6762378,
        move_cost: 0.10880252,
        embark_far: 0.9636054,
        embark_near: -1.5770936,
        unload_base: 1.3355272,
        target_cost: 0.117328025,
        counterblow_cost: 0.3651781,
        attack_unit: 0.1870787,
        counterattack_cost: 0.4294862,
        res_ca: -0.70721793,
        res_cb: -0.4189023,
        res_dr: 2.9098582,
        res_ds: 2.37085,
        res_ex: 1.3293865,
        objective: 2.5793676,
        hold_vp: 3.6631744,
        hold_vp_more: 0.99359053,
        friends: 0.38127738,
        alone: 0.24716516,
        zoc_gap: 1.0,
        objective_dist: 0.606115,
        ..Weights::NORMAL
    };
    /// The `hard` level's weights for the Soviets.
    pub const HARD_SOVIET: Weights = Weights {
        card: 1.2097208,
        place_base: 2.5857863,
        replace_base: 0.21544237,
        embark_near: -1.8127946,
        res_dr: 2.9885116,
        res_ds: 4.1334987,
        goal_dist: 1.400751,
        friends: 0.72202235,
        zoc_gap: 1.0,
        objective_dist: 0.5,
        ..Weights::NORMAL
    };

    /// The `hard` level's weights for the Axis when it holds (`Posture::Hold`): tuned by
    /// `nr_tune axis-hold` on the campaign, Saturn, Citadel and Bagration together (seeds 5000
    /// onwards), from the normal weights with `zoc_gap` 0.3.
    pub const HARD_AXIS_HOLD: Weights = Weights {
        card: 0.99635535,
        event_base: 2.078044,
        event_card_cost: 0.29078102,
        flip_near: 0.51694393,
        flip_base: 0.33429426,
        fortify_near: 2.3571744,
        place_base: 2.0807095,
        place_hex: 0.28646708,
        reorganize_unit: 0.68405324,
        move_cost: 0.4745892,
        embark_far: 0.27471805,
        embark_near: -3.2699478,
        unload_base: 0.8197137,
        target_cost: 0.09547512,
        support_cost: 0.4067445,
        counterattack_cost: 0.19777071,
        advance_bonus: 0.6028008,
        res_ca: -1.0182191,
        res_cb: -1.0090014,
        res_dd: 4.736111,
        enemy_vp: 11.424768,
        objective: 1.9135743,
        hold_vp: 3.2523847,
        hold_vp_more: 0.58930236,
        alone: 0.3405324,
        zoc_gap: 0.3,
        ..Weights::NORMAL
    };

    /// The `hard` level's weights for one side in one posture.
    pub fn hard(side: Side, posture: Posture) -> &'static Weights {
        match (side, posture) {
            (Side::German, Posture::Attack) => &Weights::HARD_AXIS,
            (Side::German, Posture::Hold) => &Weights::HARD_AXIS_HOLD,
            (Side::Soviet, _) => &Weights::HARD_SOVIET,
        }
    }
}

/// The hard level's posture, from public facts only: the Axis attacks while it has the
/// initiative (12.9) before 1943, and holds once the Soviets have it or from turn 13 on
/// (Jan 1943: Saturn, Citadel, Bagration and the campaign's second half).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Posture {
    /// The side drives on the enemy's VP hexes.
    Attack,
    /// The side holds a line.
    Hold,
}

impl Posture {
    /// The posture of `side` in the situation `view` shows.
    pub fn of(side: Side, view: &View) -> Posture {
        if side == view.vp.initiative && view.turn < 13 {
            Posture::Attack
        } else {
            Posture::Hold
        }
    }
}
