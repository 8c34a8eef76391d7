//! What one side may know (DESIGN.md "The rules API"): everything on the table is public in
//! this game except the cards: the other side's hand (its size only), the draw pile's order,
//! and the discard pile below its top card (5.0: it may not be examined).

use crate::combat::TurnWeather;
use crate::state::*;
use crate::vp::VpState;
use crate::weather::MarkerState;
use eastfront_kernel::{Outcome, Side, SpaceId, Viewer};
use serde::Serialize;

#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct View {
    pub viewer: Viewer,
    pub scenario: String,
    pub turn: u8,
    pub last_turn: u8,
    pub phase: Phase,
    pub weather: TurnWeather,
    pub weather_markers: Vec<MarkerState>,
    pub vp: VpState,
    pub support: [u8; 2],
    pub units: Vec<UnitState>,
    pub control: Vec<Option<Side>>,
    /// The viewer's own cards (both hands for the review after the game).
    pub hand: Option<Vec<u8>>,
    pub other_hand: Option<Vec<u8>>,
    /// How many cards each side holds, German then Soviet.
    pub hand_sizes: [usize; 2],
    pub draw_pile: usize,
    pub discard_top: Option<u8>,
    pub discard_pile: usize,
    pub joker: Option<Side>,
    pub pending: Vec<Pending>,
    pub cb_markers: Vec<(SpaceId, Side)>,
    pub strategic_reserve: Option<usize>,
    pub combat: Option<CombatState>,
    pub outcome: Option<Outcome>,
}

impl View {
    pub fn of(st: &State, viewer: Viewer) -> View {
        let (hand, other_hand) = match viewer {
            Viewer::Side(s) => (Some(st.hand(s).clone()), None),
            Viewer::Omniscient => (Some(st.hands[0].clone()), Some(st.hands[1].clone())),
        };
        View {
            viewer,
            scenario: st.scenario.clone(),
            turn: st.turn,
            last_turn: st.last_turn,
            phase: st.phase,
            weather: st.weather,
            weather_markers: st.weather_markers.clone(),
            vp: st.vp,
            support: st.support,
            units: st.units.clone(),
            control: st.control.clone(),
            hand,
            other_hand,
            hand_sizes: [st.hands[0].len(), st.hands[1].len()],
            draw_pile: st.deck.draw.len(),
            discard_top: st.deck.top_discard(),
            discard_pile: st.deck.discard.len(),
            joker: st.joker,
            pending: st.pending.clone(),
            cb_markers: st.cb_markers.clone(),
            strategic_reserve: st.strategic_reserve,
            combat: st.scratch.combat.clone(),
            outcome: st.outcome.clone(),
        }
    }
}
