//! No Retreat!'s own panels: its part of the top bar (weather, the VP score against the
//! sudden-death marks, the initiative, the hands and the deck) and its side-panel sections
//! (the player's hand of event cards, the battle being fought with its odds, every column
//! shift and the dice, the reinforcements on the Turn Track). Everything comes from the
//! viewer's view: the other side's hand is only a number.

use super::pieces::{counter_words, side_word};
use super::NoRetreat;
use crate::app::table::panel::PanelCtx;
use bevy_egui::egui;
use eastfront_kernel::Side;
use eastfront_no_retreat::combat::TurnWeather;
use eastfront_no_retreat::state::Loc;
use eastfront_no_retreat::view::{BattleView, CardFace, View};

pub fn weather_words(w: TurnWeather) -> &'static str {
    match w {
        TurnWeather::Clear => "Clear",
        TurnWeather::Mud => "Mud",
        TurnWeather::Snow => "Snow",
        TurnWeather::ExtremeWinter => "Extreme Winter",
    }
}

/// The sudden-death mark of this turn, in words: "Axis wins above 12".
pub fn sudden_death_words(view: &View) -> Option<String> {
    if view.no_sudden_death {
        return None;
    }
    view.sudden_death
        .iter()
        .find(|m| m.turn == view.turn)
        .map(|m| format!("{} wins above {}", side_word(m.side), m.above))
}

/// Weather, score, initiative, hands and deck in the top bar.
pub fn top_bar(ui: &mut egui::Ui, view: &View) {
    ui.label(format!("Weather: {}", weather_words(view.weather)))
        .on_hover_text("The turn's weather (13.1): movement, the CRT and rivers depend on it.");
    ui.separator();
    let sd = sudden_death_words(view);
    let score = ui.label(format!(
        "VP {}{}",
        view.score,
        sd.as_ref().map(|s| format!(" · {s}")).unwrap_or_default()
    ));
    score.on_hover_text(
        "The VP track (12.2–12.4): the score, and this turn's sudden-death mark — the initiative \
         side wins at once above it.",
    );
    ui.separator();
    ui.label(format!("Initiative: {}", side_word(view.vp.initiative)))
        .on_hover_text("Who has the initiative (12.9): the square VP marker's face.");
    ui.separator();
    ui.label(format!(
        "Hands: Axis {} · Soviet {} · deck {}",
        view.hand_sizes[0], view.hand_sizes[1], view.draw_pile
    ));
}

fn card(ui: &mut egui::Ui, c: &CardFace, own: Option<Side>) {
    ui.group(|ui| {
        ui.strong(c.title());
        for (side, half) in [(Side::German, &c.axis), (Side::Soviet, &c.soviet)] {
            let Some((title, text)) = half else { continue };
            let mine = own == Some(side);
            let head = format!("{} event: {title}", side_word(side));
            if mine {
                ui.label(egui::RichText::new(head).strong());
            } else {
                ui.label(egui::RichText::new(head).weak());
            }
            match text {
                Some(t) => ui.label(egui::RichText::new(t).small()),
                None => ui.label(
                    egui::RichText::new("(printed text lost: used only to pay, 5.4)")
                        .small()
                        .italics(),
                ),
            };
        }
        if let Some(w) = &c.weather {
            ui.label(format!("Weather card: {w} (14.14)"));
        }
    });
}

/// The player's hand, with each card's texts (5.0: an event, or a card to pay with).
pub fn hand(ui: &mut egui::Ui, view: &View) {
    let own = match view.viewer {
        eastfront_kernel::Viewer::Side(s) => Some(s),
        eastfront_kernel::Viewer::Omniscient => None,
    };
    // Everything revealed (the review, the watch mode): both hands, the Axis's first.
    let title = match own {
        Some(_) => format!("Your hand ({} cards, 5.0)", view.hand_cards.len()),
        None => format!(
            "Both hands, the Axis's first (Axis {} · Soviet {}, 5.0)",
            view.hand_sizes[0], view.hand_sizes[1]
        ),
    };
    egui::CollapsingHeader::new(title)
        .default_open(true)
        .show(ui, |ui| {
            if view.hand_cards.is_empty() {
                ui.label("No cards.");
            }
            for c in &view.hand_cards {
                card(ui, c, own);
            }
            if let Some(top) = &view.discard_top_card {
                ui.label(format!(
                    "Discard pile: {} cards, top: {}",
                    view.discard_pile,
                    top.title()
                ));
            }
        });
}

/// The battle in words: sides, strengths, the odds with each shift, the CRT, dice and result.
pub fn battle_lines(view: &View, b: &BattleView) -> Vec<String> {
    let names = |us: &[usize]| {
        us.iter()
            .filter_map(|u| view.counter(*u))
            .map(|c| c.name.clone())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut lines = vec![
        format!(
            "{} {}: {} against {}",
            side_word(b.attacker),
            if b.counterattack {
                "counterattack (10.7.2)"
            } else {
                "attack"
            },
            names(&b.attackers),
            names(&b.defenders)
        ),
        format!(
            "Strength {} to {} → column {} (10.5)",
            b.attack, b.defence, b.initial_column
        ),
    ];
    lines.extend(b.shifts.iter().map(|s| format!("  shift: {s}")));
    lines.push(format!(
        "Final column {} on the {} CRT",
        b.final_column,
        b.crt.map(side_word).unwrap_or("—")
    ));
    if !b.dice.is_empty() {
        lines.push(format!(
            "Dice: {}",
            b.dice
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    if let Some(r) = &b.result {
        lines.push(format!("Result: {r}"));
    }
    lines
}

/// The battle being fought, and the reinforcements due on the Turn Track.
pub fn sections(ui: &mut egui::Ui, ctx: &PanelCtx<NoRetreat>) {
    let view = ctx.view;
    hand(ui, view);
    if let Some(b) = &view.battle {
        egui::CollapsingHeader::new("The battle (10.5–10.8)")
            .default_open(true)
            .show(ui, |ui| {
                for l in battle_lines(view, b) {
                    ui.label(l);
                }
            });
    }
    let due: Vec<_> = view
        .counters
        .iter()
        .filter_map(|c| match c.loc {
            Loc::Track(t) => Some((t, c)),
            _ => None,
        })
        .collect();
    egui::CollapsingHeader::new(format!(
        "Turn Track: {} reinforcements due (7.8)",
        due.len()
    ))
    .default_open(false)
    .show(ui, |ui| {
        let mut due = due;
        due.sort_by_key(|(t, c)| (*t, c.unit));
        for (t, c) in due {
            ui.label(format!(
                "Turn {t}: {} ({})",
                counter_words(c),
                side_word(c.side)
            ));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use eastfront_kernel::{Game, Viewer};

    #[test]
    fn the_opening_shows_the_turn_weather_and_a_sudden_death_mark_or_none() {
        let game = NoRetreat::new();
        let st = game.setup("campaign", &Default::default(), 1941).unwrap();
        let view = game.view(&st, Viewer::Side(Side::German));
        assert_eq!(weather_words(view.weather), "Clear", "June 1941");
        if let Some(w) = sudden_death_words(&view) {
            assert!(w.contains("wins above"), "{w}");
        }
    }
}
