//! Stalingrad's own panels: its part of the top bar (the decks — the Soviet deck is the clock —
//! hands, casualty count, rubble, OKH), its side-panel sections (the Planned Attack builder,
//! the cards, the German Reinforcement Table, the casualties, the Soviet reserves, terrain and
//! firepower) and the battle window (the revealed blocks side by side, the cards, the combat's
//! choices). Everything comes from the viewer's view.

use super::{AttackPlanner, Stalingrad};
use crate::app::table::panel::{PanelCtx, PanelOut};
use crate::app::ui::style::battle_side;
use bevy_egui::egui;
use eastfront_kernel::{Firepower, Mark, Side, SpaceId};
use eastfront_stalingrad::data::Terrain;
use eastfront_stalingrad::table::{action_words, hex_words};
use eastfront_stalingrad::view::{terrain_effects, BlockFace};
use eastfront_stalingrad::{Action, CardId, View};

/// The decks, hands, casualties, rubble and OKH in the top bar.
pub fn top_bar(ui: &mut egui::Ui, game: &Stalingrad, view: &View) {
    ui.label(format!(
        "German deck {} · hand {}",
        view.german_deck, view.german_hand_size
    ));
    ui.separator();
    ui.label(format!(
        "Soviet deck {} · hand {}",
        view.soviet_deck, view.soviet_hand_size
    ))
    .on_hover_text("The Soviet deck is the clock: when it runs out, the game ends (rules §6.18).");
    ui.separator();
    ui.label(format!("Casualties {}", view.casualty_score))
        .on_hover_text(
            "Soviet victory count: destroyed German units, R units count double (rules §6.18)",
        );
    ui.separator();
    ui.label(format!(
        "Rubble {}/{}",
        view.rubble_markers, game.board.data.setup.rubble_markers
    ));
    if let Some(extra) = view.okh_extra_turns {
        ui.separator();
        ui.label(format!("OKH: {extra} extra turns"));
    }
}

/// Whether an action is a decision inside a combat (offered in the battle window).
pub fn is_combat_action(a: &Action) -> bool {
    matches!(
        a,
        Action::Choose { .. }
            | Action::SovietCard { .. }
            | Action::Advance { .. }
            | Action::EndAdvance
            | Action::EndBlitz
    )
}

fn cards_words(game: &Stalingrad, cards: &[CardId]) -> String {
    if cards.is_empty() {
        "no card".into()
    } else {
        cards
            .iter()
            .map(|c| game.board.card(*c).name.clone())
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

/// Planned Attack (§6.7.6): pick the target, the adjacent stacks that join, and the card.
pub fn planned_attack(
    ui: &mut egui::Ui,
    game: &Stalingrad,
    c: &PanelCtx<Stalingrad>,
    planner: &mut AttackPlanner,
    out: &mut PanelOut,
) {
    let attacks: Vec<(&SpaceId, &Vec<SpaceId>, &Vec<CardId>)> = c
        .legal
        .iter()
        .filter_map(|a| match a {
            Action::PlannedAttack {
                target,
                from,
                cards,
            } => Some((target, from, cards)),
            _ => None,
        })
        .collect();
    if attacks.is_empty() {
        return;
    }
    let board = &game.board;
    let mut targets: Vec<SpaceId> = attacks.iter().map(|a| *a.0).collect();
    targets.sort();
    targets.dedup();
    egui::CollapsingHeader::new(format!(
        "Planned Attack (§6.7.6) — {} targets",
        targets.len()
    ))
    .default_open(false)
    .show(ui, |ui| {
        if planner.target.is_some_and(|t| !targets.contains(&t)) {
            *planner = AttackPlanner::default();
        }
        ui.horizontal_wrapped(|ui| {
            ui.label("Target:");
            for t in &targets {
                let on = planner.target == Some(*t);
                let r = ui.selectable_label(on, board.hex_name(*t));
                if r.hovered() {
                    out.preview.push((*t, Mark::Attack));
                }
                if r.clicked() {
                    *planner = AttackPlanner {
                        target: Some(*t),
                        ..Default::default()
                    };
                }
            }
        });
        let Some(target) = planner.target else {
            return;
        };
        let of_target: Vec<_> = attacks.iter().filter(|a| *a.0 == target).collect();
        let mut from_hexes: Vec<SpaceId> =
            of_target.iter().flat_map(|a| a.1.iter().copied()).collect();
        from_hexes.sort();
        from_hexes.dedup();
        ui.label(format!(
            "Attacking {} ({:?}) from:",
            hex_words(board, target),
            board.terrain(target)
        ));
        let own = c.frame.viewer;
        ui.horizontal_wrapped(|ui| {
            for h in &from_hexes {
                let mut on = planner.from.contains(h);
                let stack = c
                    .view
                    .blocks
                    .iter()
                    .filter(|b| b.hex == *h && Some(b.side) == own)
                    .count();
                if ui
                    .checkbox(&mut on, format!("{} ({stack} blocks)", board.hex_name(*h)))
                    .changed()
                {
                    if on {
                        planner.from.push(*h);
                    } else {
                        planner.from.retain(|x| x != h);
                    }
                    planner.from.sort();
                }
            }
        });
        let mut card_sets: Vec<&Vec<CardId>> = of_target.iter().map(|a| a.2).collect();
        card_sets.sort();
        card_sets.dedup();
        if card_sets.len() > 1 {
            ui.label("Card:");
            for set in &card_sets {
                let on = planner.cards == **set;
                if ui.radio(on, cards_words(game, set)).clicked() {
                    planner.cards = (*set).clone();
                }
            }
        }
        out.preview.push((target, Mark::Attack));
        out.preview
            .extend(planner.from.iter().map(|h| (*h, Mark::Act)));
        let chosen = c.legal.iter().find(|a| match a {
            Action::PlannedAttack {
                target: t,
                from,
                cards,
            } => {
                let mut f = from.clone();
                f.sort();
                *t == target && f == planner.from && *cards == planner.cards
            }
            _ => false,
        });
        let label = if planner.from.is_empty() {
            "Tick the stacks that attack".to_string()
        } else {
            format!(
                "Attack {} with {}",
                hex_words(board, target),
                cards_words(game, &planner.cards)
            )
        };
        if ui
            .add_enabled(
                chosen.is_some(),
                egui::Button::new(egui::RichText::new(label).strong()),
            )
            .on_disabled_hover_text("Not a legal combination of stacks and cards")
            .clicked()
        {
            if let Some(a) = chosen {
                out.choose_action(c, a);
                *planner = AttackPlanner::default();
            }
        }
    });
}

/// The reference sections: cards, the Reinforcement Table, casualties, reserves, terrain.
pub fn reference_sections(ui: &mut egui::Ui, view: &View) {
    egui::CollapsingHeader::new("Cards").show(ui, |ui| {
        if !view.german_hand.is_empty() {
            ui.label(egui::RichText::new("German hand").strong());
            for card in &view.german_hand {
                let owner = match card.owner {
                    Some(0) => " (Yellow)",
                    Some(_) => " (Blue)",
                    None => "",
                };
                ui.label(format!("• {}{owner}", card.name))
                    .on_hover_text(&card.text);
            }
        } else {
            ui.label(format!("German hand: {} cards", view.german_hand_size));
        }
        if !view.soviet_hand.is_empty() {
            ui.label(egui::RichText::new("Soviet hand").strong());
            for card in &view.soviet_hand {
                ui.label(format!("• {}", card.name))
                    .on_hover_text(&card.text);
            }
        } else {
            ui.label(format!("Soviet hand: {} cards", view.soviet_hand_size));
        }
        ui.label(egui::RichText::new("Leaders in play").strong());
        if view.leaders_in_play.is_empty() {
            ui.label(egui::RichText::new("none").weak());
        }
        for card in &view.leaders_in_play {
            ui.label(format!("• {}", card.name))
                .on_hover_text(&card.text);
        }
        ui.label(format!(
            "Decks: German {} · Soviet {}",
            view.german_deck, view.soviet_deck
        ));
    });
    egui::CollapsingHeader::new("German Reinforcement Table").show(ui, |ui| {
        egui::Grid::new("reinforcement-table")
            .striped(true)
            .show(ui, |ui| {
                ui.strong("Row");
                ui.strong("Face down");
                ui.strong("Elimination unit");
                ui.end_row();
                for row in &view.table {
                    ui.label(row.row.to_string());
                    ui.label(row.face_down.to_string());
                    match (&row.elimination_unit, row.eliminated) {
                        (Some(u), true) => ui.label(format!("{u} (eliminated)")),
                        (Some(u), false) => ui.label(u),
                        (None, _) => ui.label("—"),
                    };
                    ui.end_row();
                }
            });
    });
    egui::CollapsingHeader::new(format!("Casualties ({} points)", view.casualty_score)).show(
        ui,
        |ui| {
            if view.casualties.is_empty() {
                ui.label(egui::RichText::new("No German unit destroyed yet.").weak());
            }
            ui.horizontal_wrapped(|ui| {
                for f in &view.casualties {
                    block_face(ui, f, Side::German);
                }
            });
            if !view.eliminated.is_empty() {
                ui.label("Eliminated from the table:");
                ui.horizontal_wrapped(|ui| {
                    for f in &view.eliminated {
                        block_face(ui, f, Side::German);
                    }
                });
            }
        },
    );
    egui::CollapsingHeader::new("Soviet reserves").show(ui, |ui| {
        for (reserve, n) in &view.soviet_reserves {
            ui.label(format!("{reserve:?}: {n} blocks"));
        }
    });
    egui::CollapsingHeader::new("Terrain and firepower").show(ui, |ui| {
        for t in [Terrain::Clear, Terrain::Difficult, Terrain::Urban] {
            ui.label(format!("• {}", terrain_effects(t)));
        }
        ui.separator();
        for fp in [Firepower::Single, Firepower::Double, Firepower::Triple] {
            ui.label(format!("• {}", firepower_words(fp)));
        }
    });
}

fn firepower_words(fp: Firepower) -> &'static str {
    match fp {
        Firepower::Single => "Single firepower (black pips): hits on 6",
        Firepower::Double => "Double firepower (white pips): hits on 5–6",
        Firepower::Triple => "Triple firepower (red pips): hits on 4–6",
    }
}

/// A revealed block, as in the battle window: label, pips coloured by firepower.
pub fn block_face(ui: &mut egui::Ui, f: &BlockFace, side: Side) {
    let (rect, r) = ui.allocate_exact_size(egui::vec2(64.0, 52.0), egui::Sense::hover());
    let p = ui.painter();
    let (fill, text) = crate::app::ui::style::wood_colours(side);
    p.rect_filled(
        rect.translate(egui::vec2(2.0, 2.0)),
        6.0,
        egui::Color32::from_black_alpha(120),
    );
    p.rect_filled(rect, 6.0, fill);
    let n = f.strength as usize;
    let (pip, ring) = match f.firepower {
        Some(Firepower::Single) => (egui::Color32::BLACK, egui::Color32::from_gray(210)),
        Some(Firepower::Double) => (egui::Color32::WHITE, egui::Color32::BLACK),
        Some(Firepower::Triple) => (egui::Color32::from_rgb(230, 25, 20), egui::Color32::WHITE),
        None => (egui::Color32::TRANSPARENT, egui::Color32::TRANSPARENT),
    };
    for k in 0..n {
        let x = rect.center().x + (k as f32 - (n as f32 - 1.0) / 2.0) * 10.0;
        let centre = egui::pos2(x, rect.top() + 9.0);
        p.circle_filled(centre, 4.2, ring);
        p.circle_filled(centre, 3.3, pip);
    }
    p.text(
        rect.center() + egui::vec2(0.0, 8.0),
        egui::Align2::CENTER_CENTER,
        &f.label,
        egui::FontId::proportional(13.0),
        text,
    );
    r.on_hover_text(format!(
        "{} — {} · strength {} of {} · {}",
        f.name,
        f.kind.name(),
        f.strength,
        f.max_strength,
        f.firepower.map(firepower_words).unwrap_or("blank edge")
    ));
}

/// The battle window: who attacks where, both sides' revealed blocks, the cards, and the
/// combat's choices as numbered buttons.
pub fn battle_window(
    ctx: &egui::Context,
    game: &Stalingrad,
    c: &PanelCtx<Stalingrad>,
    out: &mut PanelOut,
) {
    let Some(combat) = &c.view.combat else { return };
    let board = &game.board;
    egui::Window::new(format!("Battle for {}", hex_words(board, combat.target)))
        .id(egui::Id::new("battle"))
        .anchor(egui::Align2::LEFT_BOTTOM, egui::vec2(12.0, -12.0))
        .max_width(560.0)
        .resizable(false)
        .collapsible(true)
        .show(ctx, |ui| {
            let from: Vec<&str> = combat.from.iter().map(|h| board.hex_name(*h)).collect();
            ui.label(format!(
                "{} attacks {} ({:?}) from {} — {}",
                combat.attacker.name(),
                hex_words(board, combat.target),
                board.terrain(combat.target),
                from.join(" + "),
                combat.kind
            ));
            ui.label(egui::RichText::new(&combat.step).strong());
            out.preview.push((combat.target, Mark::Attack));
            out.preview
                .extend(combat.from.iter().map(|h| (*h, Mark::Act)));
            ui.columns(2, |cols| {
                for (col, side, blocks) in [
                    (0, Side::German, &combat.german),
                    (1, Side::Soviet, &combat.soviet),
                ] {
                    let ui = &mut cols[col];
                    battle_side(ui, side, combat.attacker);
                    if blocks.is_empty() {
                        let hidden = if combat.revealed {
                            "none left"
                        } else {
                            "not revealed yet"
                        };
                        ui.label(egui::RichText::new(hidden).weak());
                    }
                    ui.horizontal_wrapped(|ui| {
                        for f in blocks {
                            block_face(ui, f, side);
                        }
                    });
                }
            });
            if let Some(card) = &combat.soviet_card {
                ui.label(format!("Soviet card: {}", card.name))
                    .on_hover_text(&card.text);
            }
            for card in &combat.german_cards {
                ui.label(format!("German card: {}", card.name))
                    .on_hover_text(&card.text);
            }
            if c.frame.acting_seat.is_none() {
                ui.label(egui::RichText::new("Waiting for the other side.").weak());
                return;
            }
            ui.separator();
            let mut n = 0;
            for a in c.legal.iter().filter(|a| is_combat_action(a)) {
                n += 1;
                let words = action_words(board, c.view, a);
                let r = ui.button(format!("{n}. {words}"));
                let key = [
                    egui::Key::Num1,
                    egui::Key::Num2,
                    egui::Key::Num3,
                    egui::Key::Num4,
                    egui::Key::Num5,
                    egui::Key::Num6,
                    egui::Key::Num7,
                    egui::Key::Num8,
                    egui::Key::Num9,
                ]
                .get(n - 1)
                .copied();
                let pressed = key.is_some_and(|k| ui.input(|i| i.key_pressed(k)));
                if r.clicked() || pressed {
                    out.choose_action(c, a);
                }
            }
        });
}
