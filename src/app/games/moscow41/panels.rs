//! Moscow '41's own panels: its part of the top bar (the weather, the Initiative Disc, the
//! victory points, the turn and VP tracks), its side-panel sections (the Luftwaffe and the
//! artillery markers, the Force Pools and losses) and the battle window (both sides' blocks as
//! they fought, the dice, the loss choices). Everything comes from the viewer's view and the
//! game's events (the battle is public: every block in it is laid face up, R 10.12.1).

use super::Moscow41;
use crate::app::table::panel::{PanelCtx, PanelOut};
use crate::app::ui::battle::{outlived, Moment};
use crate::app::ui::dice::dice_row;
use crate::app::ui::style::{battle_side, side_colour};
use crate::app::ui::text::{linked, Look};
use bevy_egui::egui;
use eastfront_kernel::{Firepower, LogEvent, Side, SpaceId, Viewer};
use eastfront_moscow41::{Action, BlockId, BomberState, Event, EventKind, View, Weather};

fn weather_words(w: Weather) -> &'static str {
    match w {
        Weather::Sunny => "Good weather (sunny)",
        Weather::Rain => "Rain (mud)",
        Weather::Snow => "Snow",
        Weather::Blizzard => "Blizzard",
    }
}

/// The weather, the Initiative Disc, the VPs and the turn track (the bar's second row).
pub fn top_bar(ui: &mut egui::Ui, game: &Moscow41, view: &View, compact: bool) {
    let forecast = match view.forecast {
        Some(f) => format!("Weather Forecast marker: {f} (R 8.1)"),
        None => "Weather Forecast marker: -- (R 8.1)".into(),
    };
    ui.label(weather_words(view.weather))
        .on_hover_text(forecast);
    ui.separator();
    initiative_disc(ui, view.initiative, compact);
    ui.separator();
    for sv in &view.sides {
        ui.colored_label(
            side_colour(sv.side),
            format!("{} {} VP", sv.side.name(), sv.vp),
        )
        .on_hover_text(match sv.vl {
            Some(vl) => format!("Logistic Value {vl} (R 7.2.1)"),
            None => "Logistic Value: hidden (depends on the Leader's strength)".into(),
        });
    }
    if let Some(n) = view.sudden_death_vp {
        sudden_death_mark(ui, view, n);
    }
    ui.separator();
    tracks(ui, game, view, compact);
}

/// The Sudden Death threshold on the VP track and how far each side is from it (R 1.7): one
/// VP away is the warning a player needs before emptying a victory area.
fn sudden_death_mark(ui: &mut egui::Ui, view: &View, n: u8) {
    let gaps: Vec<String> = view
        .sides
        .iter()
        .map(|sv| format!("{} {} to go", sv.side.name(), n.saturating_sub(sv.vp)))
        .collect();
    let Some(nearest) = view.sides.iter().max_by_key(|sv| sv.vp) else {
        return;
    };
    let close = nearest.vp + 1 >= n;
    let text = egui::RichText::new(format!(
        "{n} wins · {} {} short",
        nearest.side.name(),
        n.saturating_sub(nearest.vp)
    ));
    let text = if close {
        text.color(egui::Color32::from_rgb(255, 170, 60)).strong()
    } else {
        text
    };
    ui.label(text).on_hover_text(format!(
        "Sudden Death (R 1.7): a side with {n} VP wins at once (Decisive Victory): {}. An empty victory area \
         can be taken by an enemy block passing through it (R 2.5).",
        gaps.join(", ")
    ));
}

/// The Initiative Disc: a two-coloured disc turned to its holder's side (R 3.2).
fn initiative_disc(ui: &mut egui::Ui, holder: Side, compact: bool) {
    let (rect, resp) = ui.allocate_exact_size(egui::vec2(22.0, 22.0), egui::Sense::hover());
    let p = ui.painter();
    let (fill, mark) = match holder {
        Side::German => (egui::Color32::from_rgb(60, 64, 64), egui::Color32::WHITE),
        Side::Soviet => (
            egui::Color32::from_rgb(190, 30, 25),
            egui::Color32::from_rgb(255, 220, 80),
        ),
    };
    p.circle_filled(rect.center(), 10.0, fill);
    p.circle_stroke(
        rect.center(),
        10.0,
        egui::Stroke::new(1.5, egui::Color32::from_gray(230)),
    );
    p.text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        "I",
        egui::FontId::proportional(13.0),
        mark,
    );
    resp.on_hover_text(format!(
        "Initiative Disc: held by the {} player (R 3.2). Spent for a Strategic Impulse or an Exploitation.",
        holder.name()
    ));
    let words = if compact {
        holder.name().to_string()
    } else {
        format!("Initiative: {}", holder.name())
    };
    ui.colored_label(side_colour(holder), words);
}

/// The printed turn track (July to December) and the VP track.
fn tracks(ui: &mut egui::Ui, game: &Moscow41, view: &View, compact: bool) {
    let months = [
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let span = game
        .board
        .setup(&view.scenario)
        .map(|s| (s.start_turn, s.end_turn))
        .unwrap_or((1, 6));
    for (i, m) in months.iter().enumerate() {
        let turn = i as u8 + 1;
        let (width, m) = if compact {
            (40.0, &m[..3])
        } else {
            (62.0, &m[..3])
        };
        let (rect, resp) = ui.allocate_exact_size(egui::vec2(width, 20.0), egui::Sense::hover());
        let p = ui.painter();
        let current = turn == view.turn;
        let fill = if current {
            egui::Color32::from_rgb(214, 180, 90)
        } else if (span.0..=span.1).contains(&turn) {
            egui::Color32::from_rgb(90, 82, 70)
        } else {
            egui::Color32::from_rgb(55, 50, 44)
        };
        p.rect_filled(rect, 3.0, fill);
        p.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            format!("{turn} {m}"),
            egui::FontId::proportional(12.0),
            if current {
                egui::Color32::BLACK
            } else {
                egui::Color32::from_gray(220)
            },
        );
        resp.on_hover_text(if current {
            format!("{}: now · {}", months[i], weather_words(view.weather))
        } else {
            format!("{}: turn track (R 1.4)", months[i])
        });
    }
}

/// The Luftwaffe and the artillery markers, the Force Pools and losses.
pub fn side_sections(ui: &mut egui::Ui, game: &Moscow41, view: &View) {
    let board = &game.board;
    ui.collapsing("Luftwaffe", |ui| {
        for (k, b) in view.bombers.iter().enumerate() {
            let name = board
                .bombers()
                .get(k)
                .map(|x| format!("{} ({:?})", x.id, x.kind))
                .unwrap_or_default();
            let state = match b {
                BomberState::Available => "available".to_string(),
                BomberState::Committed(a) => format!("over {}", board.place_label(*a)),
                BomberState::Aborted => "aborted: back next German impulse".into(),
                BomberState::Destroyed => "destroyed: back after the Final Phase".into(),
                BomberState::Removed => "removed (Operation Crusader)".into(),
            };
            ui.label(format!("✈ {name}: {state}"));
        }
        if !view.artillery.is_empty() {
            ui.strong("Artillery markers");
            for (hq, a) in &view.artillery {
                ui.label(format!(
                    "{} → {}",
                    board.block(*hq).name,
                    board.place_label(*a)
                ));
            }
        }
    });
    ui.collapsing("Force Pools and losses", |ui| {
        for sv in &view.sides {
            ui.colored_label(
                side_colour(sv.side),
                format!(
                    "{}: Force Pool {} · November {} · lost {} · DLs in box {}",
                    sv.side.name(),
                    sv.force_pool,
                    sv.november_box,
                    sv.lost.len(),
                    sv.dls_in_box
                ),
            );
        }
    });
}

/// One block of a battle as it fought.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BattleBlock {
    pub block: BlockId,
    pub side: Side,
    /// Its strength when it was laid face up at the Deployment (R 10.12.1).
    pub fought_at: u8,
    /// Its strength after the hits it took so far.
    pub strength: u8,
    /// Destroyed in this battle (R 10.14.3).
    pub destroyed: bool,
}

/// A battle as its events tell it.
#[derive(Clone, Debug, PartialEq)]
pub struct BattleRecord {
    /// Index in the game's events of its start.
    pub start: usize,
    pub area: SpaceId,
    pub attacker: Side,
    pub blocks: Vec<BattleBlock>,
    pub ended: bool,
    /// The events of the battle, to its end and the control it settled.
    pub events: Vec<Event>,
}

/// The last battle of the game so far, from its events.
pub fn last_battle(game: &Moscow41, history: &[(usize, Event)]) -> Option<BattleRecord> {
    let start = history
        .iter()
        .rposition(|(_, e)| matches!(e.kind, EventKind::BattleStart { .. }))?;
    let EventKind::BattleStart { area, attacker } = history[start].1.kind else {
        return None;
    };
    let mut b = BattleRecord {
        start,
        area,
        attacker,
        blocks: Vec::new(),
        ended: false,
        events: Vec::new(),
    };
    for (_, e) in &history[start..] {
        if b.ended && !matches!(e.kind, EventKind::Control { .. }) {
            break;
        }
        match &e.kind {
            EventKind::BattleBlocks { blocks } => {
                for (block, s) in blocks {
                    if !b.blocks.iter().any(|x| x.block == *block) {
                        b.blocks.push(BattleBlock {
                            block: *block,
                            side: game.board.block(*block).side,
                            fought_at: *s,
                            strength: *s,
                            destroyed: false,
                        });
                    }
                }
            }
            EventKind::BattleHit { block, strength } => {
                if let Some(x) = b.blocks.iter_mut().find(|x| x.block == *block) {
                    x.strength = *strength;
                }
            }
            EventKind::Destroyed { block } => {
                if let Some(x) = b.blocks.iter_mut().find(|x| x.block == *block) {
                    x.destroyed = true;
                    x.strength = 0;
                }
            }
            EventKind::BattleEnd { .. } => b.ended = true,
            _ => {}
        }
        b.events.push(e.clone());
    }
    Some(b)
}

/// The battle window's memory: the battle it shows and whether the player closed it.
#[derive(Default, Clone, Debug, PartialEq)]
pub struct BattleMemory {
    table: u64,
    seen: Option<usize>,
    closed: bool,
}

/// The battle window: opened by each battle's start, it shows both sides' blocks as they
/// fought (the strength each was laid face up at and the steps it lost), the dice and what
/// they did, and the loss choices when the rules ask for one. The player closes it; in the
/// watch mode it closes by itself once the other side acts.
pub fn battle_window(
    ctx: &egui::Context,
    game: &Moscow41,
    c: &PanelCtx<Moscow41>,
    mem: &mut BattleMemory,
    out: &mut PanelOut,
) {
    let Some(battle) = last_battle(game, c.history) else {
        return;
    };
    let waiting = c.view.battle_choice.is_some();
    if mem.table != c.status.table_id {
        // A new table: a battle of a loaded game's history opens only if it still waits.
        *mem = BattleMemory {
            table: c.status.table_id,
            seen: Some(battle.start),
            closed: battle.ended,
        };
    }
    if mem.seen != Some(battle.start) {
        mem.seen = Some(battle.start);
        mem.closed = false;
    }
    if closes_by_itself(
        c.status.watching(),
        battle.ended && !waiting,
        c.view.active_side,
        battle.attacker,
    ) {
        mem.closed = true;
    }
    if mem.closed && !waiting {
        return;
    }
    let board = &game.board;
    let viewer = match c.view.viewer {
        Viewer::Side(s) => Some(s),
        Viewer::Omniscient => None,
    };
    let mut open = true;
    egui::Window::new(format!("Battle in {}", board.place_label(battle.area)))
        .id(egui::Id::new("m41-battle"))
        .open(&mut open)
        .default_width(760.0)
        .min_width(760.0)
        .pivot(egui::Align2::CENTER_TOP)
        .default_pos(ctx.viewport_rect().center_top() + egui::vec2(-200.0, 110.0))
        .show(ctx, |ui| {
            ui.columns(2, |cols| {
                for (k, side) in [Side::German, Side::Soviet].into_iter().enumerate() {
                    let ui = &mut cols[k];
                    // The attacker is the side whose impulse the battle belongs to (R 10.11).
                    battle_side(ui, side, battle.attacker);
                    let mut any = false;
                    for x in battle.blocks.iter().filter(|x| x.side == side) {
                        any = true;
                        let face_up_now = c.view.blocks.iter().any(|b| {
                            b.revealed && b.face.as_ref().is_some_and(|f| f.block == x.block)
                        });
                        let words = block_words(game, x, battle.ended, face_up_now);
                        block_chip(ui, game, x, &words);
                    }
                    if !any {
                        ui.small("No blocks in the battle.");
                    }
                }
            });
            ui.separator();
            // The dice and what they did, in the order they fell.
            for e in &battle.events {
                let text = e.text_for(viewer);
                if text.is_empty() || matches!(e.kind, EventKind::BattleStart { .. }) {
                    continue;
                }
                let line = if e.rule.is_empty() || text.contains(&e.rule) {
                    text.to_string()
                } else {
                    format!("{text} ({})", e.rule)
                };
                if let Some(rule) = linked(ui, &line, Look::small()) {
                    out.rule = Some(rule);
                }
                if let Some(roll) = LogEvent::roll(e) {
                    dice_row(ui, &roll.values, 24.0);
                }
            }
            if let Some(choice) = &c.view.battle_choice {
                ui.separator();
                ui.label(
                    egui::RichText::new(format!("{} (R {})", choice.question, choice.rule))
                        .strong(),
                );
                if c.frame.acting_seat.is_some() {
                    for (i, words) in choice.options.iter().enumerate() {
                        let a = Action::BattleChoice { option: i as u8 };
                        if c.legal.contains(&a) && ui.button(words).clicked() {
                            out.choose_action(c, &a);
                        }
                    }
                } else {
                    ui.label(format!("The {} player chooses.", choice.side.name()));
                }
            } else if battle.ended && c.status.watching() {
                ui.small("The battle is over; this window closes when the other side acts.");
            } else if battle.ended {
                ui.small("The battle is over; close this window to go on.");
            }
        });
    if !open {
        mem.closed = true;
    }
}

/// Watching the computer play both sides nobody closes the window: a battle that is over
/// closes by itself once the other side acts (the attacker's impulse has moved on) — the
/// table's rule for its own battle report, on the side alone.
fn closes_by_itself(watching: bool, over: bool, acting: Option<Side>, attacker: Side) -> bool {
    let opened_for = Moment {
        side: Some(attacker),
        turn: None,
    };
    let now = Moment {
        side: acting,
        turn: None,
    };
    over && outlived(watching, Some(&opened_for), &now)
}

/// A block of the battle in words: the strength it fought at and what became of it.
fn block_words(game: &Moscow41, x: &BattleBlock, ended: bool, face_up_now: bool) -> String {
    let d = game.board.block(x.block);
    let mut text = format!("{} ({})", d.name, d.label);
    if x.destroyed {
        text.push_str(&format!(" · fought at {} · destroyed", x.fought_at));
    } else if x.strength < x.fought_at {
        text.push_str(&format!(" · strength {} → {}", x.fought_at, x.strength));
    } else {
        text.push_str(&format!(" · strength {}/{}", x.strength, d.max_strength));
    }
    if ended && !x.destroyed && !face_up_now {
        text.push_str(" · hidden again after the battle");
    }
    text
}

/// A small drawing of a block as it fought: its wood, label and the strength it was revealed
/// at as pips (filled while it still had them), the steps it lost as empty rings, crossed out
/// when destroyed.
fn block_chip(ui: &mut egui::Ui, game: &Moscow41, x: &BattleBlock, text: &str) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(38.0, 38.0), egui::Sense::hover());
        let p = ui.painter();
        let (wood, ink) = crate::app::ui::style::wood_colours(x.side);
        let wood = if x.destroyed {
            wood.gamma_multiply(0.55)
        } else {
            wood
        };
        p.rect_filled(rect, 4.0, wood);
        p.rect_stroke(
            rect,
            4.0,
            egui::Stroke::new(1.5, egui::Color32::from_rgb(250, 230, 140)),
            egui::StrokeKind::Inside,
        );
        let d = game.board.block(x.block);
        p.text(
            rect.center() + egui::vec2(0.0, 6.0),
            egui::Align2::CENTER_CENTER,
            &d.label,
            egui::FontId::proportional(11.0),
            ink,
        );
        let n = x.fought_at as usize;
        let kept = x.strength as usize;
        for k in 0..n {
            let at = egui::pos2(
                rect.center().x + (k as f32 - (n as f32 - 1.0) / 2.0) * 7.5,
                rect.top() + 7.0,
            );
            let c = match d.dots.get(k) {
                Some(Firepower::Single) => egui::Color32::BLACK,
                Some(Firepower::Double) => egui::Color32::WHITE,
                _ => egui::Color32::from_rgb(230, 25, 20),
            };
            if k < kept {
                p.circle_filled(at, 2.8, c);
            } else {
                // A step lost in this battle.
                p.circle_stroke(at, 2.6, egui::Stroke::new(1.0, c));
            }
        }
        if x.destroyed {
            let cross = egui::Stroke::new(2.5, egui::Color32::from_rgb(255, 90, 70));
            let r = rect.shrink(5.0);
            p.line_segment([r.left_top(), r.right_bottom()], cross);
            p.line_segment([r.right_top(), r.left_bottom()], cross);
        }
        ui.add(egui::Label::new(text).wrap());
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_watch_modes_battle_window_closes_once_the_defender_acts() {
        let (g, s) = (Side::German, Side::Soviet);
        assert!(
            closes_by_itself(true, true, Some(s), g),
            "the Soviet's impulse"
        );
        assert!(
            !closes_by_itself(true, true, Some(g), g),
            "the German still acts"
        );
        assert!(
            !closes_by_itself(true, false, Some(s), g),
            "still fought or a choice waits"
        );
        assert!(
            !closes_by_itself(false, true, Some(s), g),
            "a player closes it"
        );
        assert!(!closes_by_itself(true, true, None, g), "between turns");
    }
}
