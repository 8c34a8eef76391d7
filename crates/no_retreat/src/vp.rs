//! Victory points and how to win (12.0–12.10): the map score, the round turn-event marker,
//! the initiative side's score, Objective victory, sudden death, Soviet total victory, the
//! turn-23 tactical check and the turn-12 initiative change.

use crate::board::Board;
use crate::data::{AreaKind, Region, TrackFile};
use crate::supply::Supply;
use eastfront_kernel::{Side, SpaceId};
use serde::{Deserialize, Serialize};

/// The VP bookkeeping of 12.7–12.10.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct VpState {
    /// Who has the initiative: the face of the square VP marker (12.9).
    pub initiative: Side,
    /// The round turn-event marker, signed from the initiative side's view (12.7.4, 12.8).
    pub round: i8,
    /// The High Tide marker's box, placed on turn 12 (12.10).
    pub high_tide: Option<i32>,
    /// 1945: only Greater Germany hexes count (12.4 step 2, 12.7.5).
    pub greater_germany_only: bool,
}

impl VpState {
    /// 4.2, 12.10: the Axis starts with the initiative, the round marker at 0.
    pub fn start() -> VpState {
        VpState {
            initiative: Side::German,
            round: 0,
            high_tide: None,
            greater_germany_only: false,
        }
    }

    /// 12.7.4, 12.7.5: `vp` points for `side` from a surrender or an event: the round marker,
    /// signed for the initiative side, never past 6 (the excess is lost).
    pub fn add_event_vp(&mut self, side: Side, vp: i8, cap: u8) {
        let signed = if side == self.initiative { vp } else { -vp };
        let cap = i8::try_from(cap).unwrap_or(i8::MAX);
        self.round = self.round.saturating_add(signed).clamp(-cap, cap);
    }

    /// 12.7.5: a unit of `owner` goes to the Surrendered box: +1 to the other side.
    pub fn surrender(&mut self, owner: Side, cap: u8) {
        self.add_event_vp(owner.other(), 1, cap);
    }
}

/// 12.7.1, 12.7.2, 12.7.5: VP hexes (cities, oil fields) and Finland controlled by `side`.
pub fn map_vp(board: &Board, control: &[Option<Side>], side: Side, gg_only: bool) -> i32 {
    let mut n = 0;
    for (i, c) in control.iter().enumerate() {
        if *c != Some(side) {
            continue;
        }
        let id = SpaceId(i as u16);
        let counts = match (board.hex(id), board.area(id)) {
            (Some(h), _) => h.is_vp() && (!gg_only || h.region == Region::GreaterGermany),
            (None, Some(a)) => a.kind == AreaKind::Finland && !gg_only,
            _ => false,
        };
        n += i32::from(counts);
    }
    n
}

/// 12.8: the score of `side`: its map VP plus the round marker (signed for that side).
pub fn score(board: &Board, control: &[Option<Side>], vp: &VpState, side: Side) -> i32 {
    let round = i32::from(vp.round);
    let round = if side == vp.initiative { round } else { -round };
    map_vp(board, control, side, vp.greater_germany_only) + round
}

/// 12.2: on a skull turn the initiative side wins with more VP than its mark for the turn.
pub fn sudden_death(track: &TrackFile, turn: u8, side: Side, score: i32) -> bool {
    track
        .sudden_death
        .iter()
        .any(|s| s.turn == turn && s.side == side && score > i32::from(s.above))
}

/// 12.3: the Soviets win with 34 or more VP in a victory phase.
pub fn soviet_total_victory(track: &TrackFile, soviet_score: i32) -> bool {
    soviet_score >= i32::from(track.soviet_total_victory)
}

/// 12.1: an Objective hex "can trace a supply route (6.0)": the city route of 6.1, or the
/// 4-hex land line a unit there would have, or a sea its coast touches that supplies the side
/// (6.2). (The spec's [INF] reads only the city route; with it a Crimean city, whose land
/// routes all start north-east, could never count for the Axis.)
pub fn objective_supplied(supply: &Supply, side: Side, id: SpaceId) -> bool {
    if supply.city_route(side, id) || supply.has_land_line(side, id) {
        return true;
    }
    let leningrad_ok = side == Side::Soviet
        && supply
            .board
            .place("Leningrad")
            .is_some_and(|l| supply.supplied_friendly_city(Side::Soviet, l));
    supply
        .board
        .hex(id)
        .and_then(|h| h.sea)
        .is_some_and(|sea| sea.supplies(side, leningrad_ok))
}

/// 12.1: Objective hexes of `side`'s colour it controls and can trace supply to.
pub fn objectives_held(board: &Board, supply: &Supply, side: Side) -> usize {
    board
        .data
        .map
        .hexes
        .iter()
        .enumerate()
        .filter(|(i, h)| {
            let id = SpaceId(*i as u16);
            h.objective == Some(side)
                && supply.pos.control.get(*i).copied().flatten() == Some(side)
                && objective_supplied(supply, side, id)
        })
        .count()
}

/// 12.1: the Objectives a side needs: the Axis 3 of 5 with the initiative, 4 without; the
/// Soviets 3 of 4.
pub fn objectives_needed(side: Side, initiative: Side) -> usize {
    match (side, initiative) {
        (Side::German, Side::German) => 3,
        (Side::German, Side::Soviet) => 4,
        (Side::Soviet, _) => 3,
    }
}

/// 12.1: the Objective winner of a victory phase (both: the initiative side).
pub fn objective_winner(board: &Board, supply: &Supply, initiative: Side) -> Option<Side> {
    let won = |s: Side| objectives_held(board, supply, s) >= objectives_needed(s, initiative);
    match (won(Side::German), won(Side::Soviet)) {
        (true, true) => Some(initiative),
        (true, false) => Some(Side::German),
        (false, true) => Some(Side::Soviet),
        _ => None,
    }
}

/// 12.10: the change of initiative in turn 12's victory phase, after the Axis sudden-death
/// check: the High Tide marker on the Axis score, the round marker removed, the VP marker
/// flipped to "Na Berlin!". Returns the new (Soviet) score to check for sudden death.
pub fn change_initiative(board: &Board, control: &[Option<Side>], vp: &mut VpState) -> i32 {
    vp.high_tide = Some(score(board, control, vp, Side::German));
    vp.round = 0;
    vp.initiative = Side::Soviet;
    score(board, control, vp, Side::Soviet)
}

/// 12.4: at the start of turn 23 the Axis wins outright if the High Tide marker is in a higher
/// box than the Na Berlin! marker; otherwise the game goes on into 1945 with Greater Germany
/// hexes only (the round marker kept: the spec's recommended reading).
pub fn tactical_victory_check(board: &Board, control: &[Option<Side>], vp: &mut VpState) -> bool {
    let na_berlin = score(board, control, vp, Side::Soviet);
    if vp.high_tide.is_some_and(|h| h > na_berlin) {
        return true;
    }
    vp.greater_germany_only = true;
    false
}
