//! Weather (13.1) and variable weather (14.14): the three markers on the Turn Track, the
//! weather cards that flip them, and extreme winter.

use crate::combat::TurnWeather;
use crate::data::{TrackFile, Weather, WeatherCard, WeatherPeriod};
use serde::{Deserialize, Serialize};

/// Where a variable-weather marker sits and which face is up (14.14.1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MarkerState {
    pub period: WeatherPeriod,
    /// The turn box it sits on; None once no later turn has its period.
    pub turn: Option<u8>,
    pub face: Weather,
}

/// The first turn at or after `from` whose box has this variable period.
fn next_turn(track: &TrackFile, period: WeatherPeriod, from: u8) -> Option<u8> {
    track
        .turns
        .iter()
        .find(|t| t.turn >= from && t.variable == Some(period))
        .map(|t| t.turn)
}

fn printed_face(track: &TrackFile, period: WeatherPeriod) -> Weather {
    track
        .weather_markers
        .iter()
        .find(|m| m.period == period)
        .map(|m| m.printed)
        .unwrap_or(Weather::Mud)
}

/// 14.14.1: each marker on its current or next available turn, its printed face up. At the
/// start of the campaign: Sep/Oct on turn 3 (Mud), Nov/Dec on turn 4 (Snow), Mar/Apr on 6 (Mud).
pub fn initial_markers(track: &TrackFile, start_turn: u8) -> Vec<MarkerState> {
    [
        WeatherPeriod::SepOct,
        WeatherPeriod::NovDec,
        WeatherPeriod::MarApr,
    ]
    .into_iter()
    .map(|period| MarkerState {
        period,
        turn: next_turn(track, period, start_turn),
        face: printed_face(track, period),
    })
    .collect()
}

/// The weather of a turn: the face of the marker on it, else the track's printed weather.
pub fn weather_of(track: &TrackFile, markers: &[MarkerState], turn: u8) -> Weather {
    markers
        .iter()
        .find(|m| m.turn == Some(turn))
        .map(|m| m.face)
        .or_else(|| {
            track
                .turns
                .iter()
                .find(|t| t.turn == turn)
                .map(|t| t.weather)
        })
        .unwrap_or(Weather::Clear)
}

/// 13.1: a Snow turn that follows a Snow (or extreme winter) turn is an extreme winter turn.
pub fn turn_weather(weather: Weather, previous: Option<Weather>) -> TurnWeather {
    match (weather, previous) {
        (Weather::Snow, Some(Weather::Snow)) => TurnWeather::ExtremeWinter,
        (Weather::Snow, _) => TurnWeather::Snow,
        (Weather::Mud, _) => TurnWeather::Mud,
        (Weather::Clear, _) => TurnWeather::Clear,
    }
}

/// 14.14 (and the card-12 erratum): a weather card revealed during turn `current` changes the
/// marker on the next turn, if that turn has variable weather. Returns whether it changed
/// anything (a card with no effect is replaced by another draw, LP U1, U94).
pub fn apply_weather_card(
    track: &TrackFile,
    markers: &mut [MarkerState],
    card: WeatherCard,
    current: u8,
) -> bool {
    let next = current.saturating_add(1);
    let Some(m) = markers.iter_mut().find(|m| m.turn == Some(next)) else {
        return false;
    };
    let Some(data) = track.weather_markers.iter().find(|d| d.period == m.period) else {
        return false;
    };
    let other = |w: Weather| {
        if w == data.printed {
            data.other
        } else {
            data.printed
        }
    };
    let target = match card {
        WeatherCard::Flip => other(m.face),
        WeatherCard::ToMud => Weather::Mud,
        WeatherCard::ToSnow => Weather::Snow,
        WeatherCard::ToClear => Weather::Clear,
    };
    let has_face = target == data.printed || target == data.other;
    if !has_face || target == m.face {
        return false;
    }
    m.face = target;
    true
}

/// 14.14.1: after its turn is played, a marker moves to its next available turn, printed face
/// up.
pub fn advance_markers(track: &TrackFile, markers: &mut [MarkerState], finished: u8) {
    for m in markers.iter_mut() {
        if m.turn == Some(finished) {
            m.turn = next_turn(track, m.period, finished.saturating_add(1));
            m.face = printed_face(track, m.period);
        }
    }
}

/// 8.2, 13.1, 6.5.2: the movement allowance after the caps (the lowest applies).
pub fn movement_cap(printed: u8, weather: TurnWeather, unsupplied: bool) -> u8 {
    let mut ma = printed;
    match weather {
        TurnWeather::Mud => ma = ma.min(3),
        TurnWeather::Snow | TurnWeather::ExtremeWinter => ma = ma.min(4),
        TurnWeather::Clear => {}
    }
    if unsupplied {
        ma = ma.min(3);
    }
    ma
}
