//! No Retreat!'s counters and markers as the table's skins draw them: every counter in play as
//! a printed counter in its nation's colours (strength–movement along the bottom, the reduced
//! face with its band), on its hex or in its holding box under the map; and the markers of the
//! view: Target and Counterblow (10.1), Unsupplied (6.4), Disorganized (7.10), the Strategic
//! Reserve (15.3 / 14.x) and who holds the VP hexes that changed hands.

use super::board::{box_slot, centre, BOXES, HEX_SIZE};
use super::NoRetreat;
use crate::app::table::desc::{
    CounterLook, MarkerDesc, MarkerShape, PieceDesc, PieceKey, PieceLook, Place, Symbol,
};
use bevy::prelude::*;
use eastfront_kernel::{Side, SpaceId};
use eastfront_no_retreat::data::units::{Nation, UnitType};
use eastfront_no_retreat::state::Loc;
use eastfront_no_retreat::table::unit_piece;
use eastfront_no_retreat::view::{Counter, View};

/// A nation's counter colours: (background, text, the reduced face's band).
pub fn nation_colours(n: Nation) -> (Color, Color, Color) {
    match n {
        Nation::German => (
            Color::srgb(0.55, 0.60, 0.62),
            Color::srgb(0.05, 0.05, 0.05),
            Color::srgb(0.93, 0.93, 0.90),
        ),
        Nation::Finnish => (
            Color::srgb(0.88, 0.90, 0.95),
            Color::srgb(0.10, 0.20, 0.45),
            Color::srgb(0.35, 0.50, 0.80),
        ),
        Nation::Romanian => (
            Color::srgb(0.83, 0.73, 0.40),
            Color::srgb(0.10, 0.08, 0.05),
            Color::srgb(0.20, 0.30, 0.60),
        ),
        Nation::Hungarian => (
            Color::srgb(0.55, 0.66, 0.45),
            Color::srgb(0.05, 0.08, 0.05),
            Color::srgb(0.85, 0.20, 0.15),
        ),
        Nation::Italian => (
            Color::srgb(0.68, 0.76, 0.58),
            Color::srgb(0.05, 0.08, 0.05),
            Color::srgb(0.95, 0.95, 0.92),
        ),
        Nation::Soviet | Nation::SovietRomanian => (
            Color::srgb(0.72, 0.22, 0.16),
            Color::srgb(0.98, 0.94, 0.85),
            Color::srgb(0.55, 0.38, 0.20),
        ),
        Nation::Polish => (
            Color::srgb(0.86, 0.55, 0.50),
            Color::srgb(0.10, 0.05, 0.05),
            Color::srgb(0.95, 0.95, 0.95),
        ),
        Nation::Yugoslav => (
            Color::srgb(0.50, 0.55, 0.75),
            Color::srgb(0.98, 0.98, 0.98),
            Color::srgb(0.85, 0.20, 0.15),
        ),
    }
}

pub fn symbol(kind: UnitType) -> Symbol {
    match kind {
        UnitType::Infantry | UnitType::Regional | UnitType::Fortified | UnitType::Shock => {
            Symbol::Infantry
        }
        UnitType::Mechanized => Symbol::ArmouredInfantry,
        UnitType::Armor => Symbol::Armour,
    }
}

/// The factors as printed: "8-4", "(3)-4" for a unit without a ZOC, "X-3" with no strength.
pub fn factors(c: &Counter) -> String {
    let s = match c.strength {
        Some(s) if c.no_zoc => format!("({s})"),
        Some(s) => s.to_string(),
        None => "X".into(),
    };
    if c.movement == 0 {
        s
    } else {
        format!("{s}-{}", c.movement)
    }
}

/// The designation as it fits across a counter's top: "2nd Panzer Army" → "2 Pz",
/// "4th Army" → "4", "Southwest Front" → "SW", "Kalinin Front" → "Kalinin".
pub fn short_name(name: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    for w in name.split_whitespace() {
        let digits: String = w.chars().take_while(|c| c.is_ascii_digit()).collect();
        let word = match w {
            _ if !digits.is_empty() => digits,
            "Army" | "Front" | "Group" => continue,
            "Panzer" => "Pz".into(),
            "Guards" => "Gd".into(),
            "Shock" => "Sh".into(),
            "Tank" => "Tk".into(),
            "Mechanized" => "Mech".into(),
            "Southwest" | "Southwestern" => "SW".into(),
            "Northwest" | "Northwestern" => "NW".into(),
            "Southern" | "South" => "S".into(),
            "Northern" | "North" => "N".into(),
            "Western" | "West" => "W".into(),
            "Central" => "C".into(),
            w => w.to_string(),
        };
        words.push(word);
    }
    let short = words.join(" ");
    if short.is_empty() {
        return name.chars().take(7).collect();
    }
    if short.chars().count() > 8 {
        short.chars().take(7).collect()
    } else {
        short
    }
}

pub fn look(c: &Counter) -> CounterLook {
    let (background, text, band) = nation_colours(c.nation);
    CounterLook {
        background,
        text,
        symbol: symbol(c.kind),
        identity: short_name(&c.name),
        factors: factors(c),
        reduced_band: c.reduced.then_some(band),
        face_up: true,
    }
}

/// Which holding box (index into [`BOXES`]) a counter off the map is shown in; None for the
/// counters not in play (withdrawn, awaiting their event, an optional rule not in play).
pub fn box_of(loc: Loc) -> Option<usize> {
    let name = match loc {
        Loc::Arriving => "Arriving",
        Loc::Track(_) => "Turn Track",
        Loc::Rail => "Rail",
        Loc::Shattered => "Shattered",
        Loc::Destroyed => "Destroyed",
        Loc::Surrendered => "Surrendered",
        Loc::CadreAvailable => "Cadres",
        Loc::Map(_) | Loc::Awaiting(_) | Loc::OutOfGame | Loc::Unused => return None,
    };
    BOXES.iter().position(|b| *b == name)
}

/// Every counter in play: on its hex (stacked), or in its box under the map.
pub fn pieces(game: &NoRetreat, view: &View) -> Vec<PieceDesc> {
    let mut on_map: Vec<(SpaceId, &Counter)> = view
        .counters
        .iter()
        .filter_map(|c| match c.loc {
            Loc::Map(s) => Some((s, c)),
            _ => None,
        })
        .collect();
    on_map.sort_by_key(|(s, c)| (*s, c.unit));
    let mut out = Vec::with_capacity(view.counters.len());
    let mut i = 0;
    while i < on_map.len() {
        let here = on_map[i].0;
        let n = on_map[i..].iter().take_while(|x| x.0 == here).count();
        for (slot, (_, c)) in on_map[i..i + n].iter().enumerate() {
            out.push(PieceDesc {
                key: PieceKey::Known(unit_piece(c.unit)),
                side: c.side,
                place: Place::Space {
                    space: here,
                    slot,
                    of: n,
                },
                look: PieceLook::Counter(look(c)),
            });
        }
        i += n;
    }
    // The boxes: (side, box) → the next free slot.
    let mut filled = [[0usize; BOXES.len()]; 2];
    let mut off: Vec<&Counter> = view
        .counters
        .iter()
        .filter(|c| box_of(c.loc).is_some())
        .collect();
    off.sort_by_key(|c| (track_turn(c.loc), c.unit));
    for c in off {
        let Some(b) = box_of(c.loc) else { continue };
        let row = if c.side == Side::German { 0 } else { 1 };
        let slot = filled[row][b];
        filled[row][b] += 1;
        out.push(PieceDesc {
            key: PieceKey::Known(unit_piece(c.unit)),
            side: c.side,
            place: Place::At(box_slot(game, c.side, b, slot)),
            look: PieceLook::Counter(look(c)),
        });
    }
    out
}

fn track_turn(loc: Loc) -> u8 {
    match loc {
        Loc::Track(t) => t,
        _ => 0,
    }
}

fn chit(key: u64, at: Vec2, text: &str, fill: Color, what: String) -> [MarkerDesc; 2] {
    [
        MarkerDesc {
            key,
            at,
            shape: MarkerShape::Chit {
                size: HEX_SIZE * 0.4,
                text: text.into(),
            },
            fill,
            rim: Some(Color::srgb(0.1, 0.1, 0.1)),
            what: what.clone(),
        },
        MarkerDesc {
            key: key | 0x80,
            at,
            shape: MarkerShape::Text {
                text: text.into(),
                size: HEX_SIZE * 0.22,
            },
            fill: Color::WHITE,
            rim: None,
            what,
        },
    ]
}

/// The markers of the view.
pub fn markers(game: &NoRetreat, view: &View) -> Vec<MarkerDesc> {
    let board = &game.board;
    let mut out = Vec::new();
    let key = |s: SpaceId, what: u64| ((s.0 as u64) << 8) | what;
    for s in &view.target_markers {
        out.extend(chit(
            key(*s, 1),
            centre(board.coord(*s)) + Vec2::new(HEX_SIZE * 0.12, HEX_SIZE * 0.7),
            "T",
            Color::srgb(0.85, 0.15, 0.10),
            "Target marker (10.1)".into(),
        ));
    }
    for s in &view.counterblow_markers {
        out.extend(chit(
            key(*s, 2),
            centre(board.coord(*s)) + Vec2::new(-HEX_SIZE * 0.12, HEX_SIZE * 0.7),
            "CB",
            Color::srgb(0.55, 0.10, 0.45),
            "Counterblow marker (10.1.2)".into(),
        ));
    }
    for (s, side) in &view.cb_markers {
        out.extend(chit(
            key(*s, 3),
            centre(board.coord(*s)) + Vec2::new(0.0, -HEX_SIZE * 0.75),
            "CB",
            match side {
                Side::German => Color::srgb(0.35, 0.38, 0.40),
                Side::Soviet => Color::srgb(0.70, 0.12, 0.10),
            },
            format!("{} Counterblow (10.7.3)", side_word(*side)),
        ));
    }
    // Unsupplied and Disorganized: one marker per hex holding such a unit.
    let mut marked: Vec<(SpaceId, u64)> = Vec::new();
    for c in &view.counters {
        let Loc::Map(s) = c.loc else { continue };
        let offset = |dy: f32| centre(board.coord(s)) + Vec2::new(HEX_SIZE * 0.68, dy);
        if c.unsupplied && !marked.contains(&(s, 4)) {
            marked.push((s, 4));
            out.extend(chit(
                key(s, 4),
                offset(-HEX_SIZE * 0.25),
                "U",
                Color::srgb(0.90, 0.55, 0.05),
                "Unsupplied (6.4)".into(),
            ));
        }
        if c.disorganized && !marked.contains(&(s, 5)) {
            marked.push((s, 5));
            out.extend(chit(
                key(s, 5),
                offset(HEX_SIZE * 0.2),
                "D",
                Color::srgb(0.25, 0.25, 0.25),
                "Disorganized (7.10)".into(),
            ));
        }
    }
    // Control of the VP hexes where it is not the starting owner's.
    for (i, control) in view.control.iter().enumerate() {
        let s = SpaceId(i as u16);
        let (Some(side), Some(h)) = (control, board.hex(s)) else {
            continue;
        };
        if !h.is_vp() {
            continue;
        }
        let native = if h.region == eastfront_no_retreat::data::map::Region::Ussr {
            Side::Soviet
        } else {
            Side::German
        };
        if *side == native {
            continue;
        }
        out.push(MarkerDesc {
            key: key(s, 6),
            at: centre(h.at) + Vec2::new(-HEX_SIZE * 0.35, HEX_SIZE * 0.45),
            shape: MarkerShape::Disc { radius: 6.0 },
            fill: match side {
                Side::German => Color::srgb(0.15, 0.15, 0.15),
                Side::Soviet => Color::srgb(0.80, 0.10, 0.08),
            },
            rim: Some(Color::WHITE),
            what: format!("{} control (12.7.5)", side_word(*side)),
        });
    }
    out
}

pub fn side_word(side: Side) -> &'static str {
    match side {
        Side::German => "Axis",
        Side::Soviet => "Soviet",
    }
}

/// A counter in words: "4 Pz — Armor 8-4, reduced, Unsupplied".
pub fn counter_words(c: &Counter) -> String {
    let mut marks = Vec::new();
    if c.reduced {
        marks.push("reduced");
    }
    if c.unsupplied {
        marks.push("Unsupplied");
    }
    if c.disorganized {
        marks.push("Disorganized");
    }
    if c.strategic_reserve {
        marks.push("Strategic Reserve");
    }
    if c.white {
        marks.push("may not attack (2.3)");
    }
    let marks = if marks.is_empty() {
        String::new()
    } else {
        format!(", {}", marks.join(", "))
    };
    format!("{} — {:?} {}{marks}", c.name, c.kind, factors(c))
}

/// What a player may read about a hex: its name, terrain, what is printed on it, who holds it,
/// and the counters there.
pub fn hover(game: &NoRetreat, view: &View, s: SpaceId) -> Vec<String> {
    let board = &game.board;
    let mut lines = vec![match board.hex(s) {
        Some(h) => match h.label() {
            Some(l) => format!("{l} (hex {},{})", h.at.0, h.at.1),
            None => format!("hex {},{}", h.at.0, h.at.1),
        },
        None => board.name(s),
    }];
    if let Some(h) = board.hex(s) {
        let mut what = vec![format!("{:?}", h.terrain)];
        if h.city.is_some() {
            what.push("city · VP hex (12.7.5)".into());
        }
        if h.oil.is_some() {
            what.push("oil field · VP hex".into());
        }
        if let Some(o) = h.objective {
            what.push(format!("{} Objective (12.1)", side_word(o)));
        }
        if let Some(sea) = h.sea {
            what.push(format!("coast: {sea:?}"));
        }
        if let Some(e) = h.edge {
            what.push(format!("{} map edge (6.1)", side_word(e)));
        }
        lines.push(what.join(" · "));
    }
    if let Some(side) = view.control.get(s.index()).copied().flatten() {
        lines.push(format!("Held by the {}", side_word(side)));
    }
    for c in view.counters.iter().filter(|c| c.loc == Loc::Map(s)) {
        lines.push(counter_words(c));
    }
    if view.target_markers.contains(&s) {
        lines.push("Target marker (10.1)".into());
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::super::board::COUNTER_SIZE;
    use super::*;
    use eastfront_kernel::{Game, Viewer};

    fn opening() -> (NoRetreat, View) {
        let game = NoRetreat::new();
        let st = game
            .setup("campaign", &Default::default(), 1941)
            .expect("the campaign sets up");
        let view = game.view(&st, Viewer::Side(Side::German));
        (game, view)
    }

    /// Every counter in play at the start is drawn once, on its own hex or in a box.
    #[test]
    fn every_counter_in_play_is_drawn_once() {
        let (game, view) = opening();
        let drawn = pieces(&game, &view);
        let in_play = view
            .counters
            .iter()
            .filter(|c| matches!(c.loc, Loc::Map(_)) || box_of(c.loc).is_some())
            .count();
        assert_eq!(drawn.len(), in_play);
        let mut keys: Vec<_> = drawn.iter().map(|p| p.key).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), drawn.len(), "one piece per counter");
        for p in &drawn {
            let PieceKey::Known(id) = p.key else {
                panic!("counters are open information")
            };
            let c = view.counter(id.0 as usize).unwrap();
            if let Loc::Map(s) = c.loc {
                assert_eq!(p.space(), Some(s), "{}", c.name);
            }
        }
    }

    #[test]
    fn factors_are_printed_as_on_the_counter() {
        let (_, view) = opening();
        let c = view
            .counters
            .iter()
            .find(|c| c.strength.is_some() && c.movement > 0 && !c.no_zoc)
            .unwrap();
        assert_eq!(
            factors(c),
            format!("{}-{}", c.strength.unwrap(), c.movement)
        );
        let mut x = c.clone();
        x.strength = None;
        assert!(factors(&x).starts_with("X-"));
        x.strength = Some(3);
        x.no_zoc = true;
        assert!(factors(&x).starts_with("(3)-"));
    }

    #[test]
    fn designations_are_shortened_to_fit_the_counter() {
        assert_eq!(short_name("2nd Panzer Army"), "2 Pz");
        assert_eq!(short_name("4th Army"), "4");
        assert_eq!(short_name("Southwest Front"), "SW");
        assert_eq!(short_name("Kalinin Front"), "Kalinin");
        assert!(short_name("Leningradskiy Voyennyy Okrug").chars().count() <= 8);
    }

    #[test]
    fn a_box_holds_its_counters_inside_the_box_row() {
        let game = NoRetreat::new();
        let a = box_slot(&game, Side::German, 0, 0);
        let b = box_slot(&game, Side::German, 0, 1);
        let s = box_slot(&game, Side::Soviet, 0, 0);
        assert!(b.x > a.x && (b.y - a.y).abs() < 1e-3);
        assert!(s.y < a.y, "the Soviet row is under the Axis row");
        assert!(b.distance(a) >= COUNTER_SIZE);
    }
}
