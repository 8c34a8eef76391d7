//! Undo, replay and saves, on a toy game small enough to reason about: two players move a
//! counter; "Roll" rolls a die, "Draw" draws a card (both irreversible), "Step" is a free move,
//! "Pass" hands over to the other side.

use eastfront_kernel::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Toy {
    dice: Dice,
    pos: [i32; 2],
    turn: u8,
    cards: u32,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
enum Act {
    Step,
    Roll,
    Draw,
    Pass,
}

#[derive(Clone, Debug, Serialize)]
struct Ev(bool);
impl GameEvent for Ev {
    fn clears_undo(&self) -> bool {
        self.0
    }
}

struct ToyGame;

impl Game for ToyGame {
    type State = Toy;
    type Action = Act;
    type Event = Ev;
    type View = [i32; 2];
    type Options = ();
    fn id(&self) -> &'static str {
        "toy"
    }
    fn title(&self) -> &'static str {
        "Toy"
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        vec![]
    }
    fn setup(&self, scenario: &str, _: &(), seed: u64) -> Result<Toy, RuleError> {
        if scenario != "s" {
            return Err(RuleError("no such scenario".into()));
        }
        Ok(Toy {
            dice: Dice::new(seed),
            pos: [0, 0],
            turn: 0,
            cards: 0,
        })
    }
    fn active(&self, s: &Toy) -> Option<Seat> {
        (s.pos[0] < 30 && s.pos[1] < 30).then_some(Seat(s.turn))
    }
    fn side_of(&self, _: &Toy, seat: Seat) -> Side {
        if seat.0 == 0 {
            Side::German
        } else {
            Side::Soviet
        }
    }
    fn legal_actions(&self, _: &Toy, _: Seat) -> Vec<Act> {
        vec![Act::Step, Act::Roll, Act::Draw, Act::Pass]
    }
    fn apply(&self, s: &mut Toy, seat: Seat, a: &Act) -> Result<Vec<Ev>, RuleError> {
        if seat.0 != s.turn {
            return Err(RuleError("not your turn".into()));
        }
        let p = &mut s.pos[seat.0 as usize];
        Ok(match a {
            Act::Step => {
                *p += 1;
                vec![Ev(false)]
            }
            Act::Roll => {
                *p += s.dice.d6() as i32;
                vec![Ev(false)]
            }
            Act::Draw => {
                s.cards += 1;
                vec![Ev(true)]
            }
            Act::Pass => {
                s.turn = 1 - s.turn;
                vec![Ev(false)]
            }
        })
    }
    fn view(&self, s: &Toy, _: Viewer) -> [i32; 2] {
        s.pos
    }
    fn outcome(&self, _: &Toy) -> Option<Outcome> {
        None
    }
    fn dice<'a>(&self, s: &'a mut Toy) -> &'a mut Dice {
        &mut s.dice
    }
    fn dice_ref<'a>(&self, s: &'a Toy) -> &'a Dice {
        &s.dice
    }
}

#[test]
fn undo_takes_back_free_moves_only() {
    let g = ToyGame;
    let mut s = Session::new(&g, "s", (), 1).unwrap();
    s.apply(Seat(0), Act::Step).unwrap();
    s.apply(Seat(0), Act::Step).unwrap();
    assert!(s.can_undo());
    assert!(s.undo());
    assert_eq!(s.state().pos, [1, 0]);
    assert_eq!(s.record().len(), 1);
}

#[test]
fn undo_is_cleared_by_a_die_roll() {
    let g = ToyGame;
    let mut s = Session::new(&g, "s", (), 1).unwrap();
    s.apply(Seat(0), Act::Step).unwrap();
    s.apply(Seat(0), Act::Roll).unwrap();
    assert!(!s.can_undo());
    assert!(!s.undo());
    assert!(s.undo_blocked_by().unwrap().contains("dice"));
}

#[test]
fn undo_is_cleared_by_a_card_draw_or_reveal_event() {
    let g = ToyGame;
    let mut s = Session::new(&g, "s", (), 1).unwrap();
    s.apply(Seat(0), Act::Step).unwrap();
    s.apply(Seat(0), Act::Draw).unwrap();
    assert!(!s.can_undo());
    assert!(s.undo_blocked_by().unwrap().contains("card"));
}

#[test]
fn undo_is_cleared_when_the_side_changes() {
    let g = ToyGame;
    let mut s = Session::new(&g, "s", (), 1).unwrap();
    s.apply(Seat(0), Act::Step).unwrap();
    s.apply(Seat(0), Act::Pass).unwrap();
    assert!(!s.can_undo());
    assert!(s.undo_blocked_by().unwrap().contains("other side"));
    // The new side builds its own undo history.
    s.apply(Seat(1), Act::Step).unwrap();
    assert!(s.can_undo());
}

#[test]
fn an_irreversible_action_is_known_before_it_is_taken_and_nothing_changes() {
    let g = ToyGame;
    let mut s = Session::new(&g, "s", (), 1).unwrap();
    s.apply(Seat(0), Act::Step).unwrap();
    let before = s.state().clone();
    assert_eq!(s.irreversible(Seat(0), &Act::Roll), Some(UndoEnd::Dice));
    assert_eq!(
        s.irreversible(Seat(0), &Act::Draw),
        Some(UndoEnd::DrawOrReveal)
    );
    assert_eq!(s.irreversible(Seat(0), &Act::Step), None);
    assert_eq!(
        s.irreversible(Seat(0), &Act::Pass),
        None,
        "ending a turn says so itself"
    );
    assert_eq!(
        s.irreversible(Seat(1), &Act::Roll),
        None,
        "refused: not that seat's turn"
    );
    assert_eq!(s.state(), &before, "only a copy was tried");
    assert_eq!(s.record().len(), 1);
    // The roll the copy made is still to come: the real one rolls the same die.
    s.apply(Seat(0), Act::Roll).unwrap();
    assert!(!s.can_undo());
}

#[test]
fn refused_actions_change_nothing() {
    let g = ToyGame;
    let mut s = Session::new(&g, "s", (), 1).unwrap();
    let before = s.state().clone();
    assert!(s.apply(Seat(1), Act::Step).is_err());
    assert_eq!(s.state(), &before);
    assert!(s.record().is_empty());
}

fn played(g: &ToyGame) -> Session<'_, ToyGame> {
    let mut s = Session::new(g, "s", (), 99).unwrap();
    for a in [
        Act::Roll,
        Act::Step,
        Act::Roll,
        Act::Draw,
        Act::Pass,
        Act::Roll,
        Act::Roll,
    ] {
        let seat = g.active(s.state()).unwrap();
        s.apply(seat, a).unwrap();
    }
    s.script_dice(vec![6, 6]).unwrap();
    s.apply(Seat(1), Act::Roll).unwrap();
    s
}

#[test]
fn replay_reproduces_the_state_exactly() {
    let g = ToyGame;
    let s = played(&g);
    let r = Session::replay(&g, "s", (), 99, s.record()).unwrap();
    assert_eq!(r.state(), s.state());
    // Scripted dice are part of the record: the last roll was a 6.
    assert!(s
        .record()
        .iter()
        .any(|e| matches!(e, Record::ScriptDice(v) if v == &vec![6, 6])));
}

#[test]
fn save_round_trip_and_atomic_write() {
    let g = ToyGame;
    let s = played(&g);
    let dir = std::env::temp_dir().join(format!("eastfront-kernel-test-{}", std::process::id()));
    let path = dir.join("game.ron");
    s.save_to(&path).unwrap();
    // No temporary file is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 1, "{names:?}");
    let loaded = Session::load_from(&g, &path).unwrap();
    assert_eq!(loaded.state(), s.state());
    assert_eq!(loaded.record(), s.record());
    // Saving over an existing save replaces it whole.
    s.save_to(&path).unwrap();
    assert_eq!(Session::load_from(&g, &path).unwrap().state(), s.state());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn save_keeps_seat_metadata_and_old_saves_without_it_still_load() {
    let g = ToyGame;
    let mut s = played(&g);
    s.meta.insert("seat.1".into(), "computer".into());
    s.meta.insert("play".into(), "solitaire".into());
    let text = ron::ser::to_string_pretty(&s.to_save(), ron::ser::PrettyConfig::default()).unwrap();
    let loaded = Session::load_from_str(&g, "meta.ron", &text).unwrap();
    assert_eq!(
        loaded.meta.get("seat.1").map(String::as_str),
        Some("computer")
    );
    assert_eq!(
        loaded.meta.get("play").map(String::as_str),
        Some("solitaire")
    );
    // A save written before `meta` existed has no such field: it loads with none.
    let old = good_text();
    let old: String = old
        .lines()
        .filter(|l| !l.trim_start().starts_with("meta:"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!old.contains("meta"));
    let loaded = Session::load_from_str(&g, "old.ron", &old).unwrap();
    assert!(loaded.meta.is_empty());
}

fn load_err(text: &str) -> String {
    let g = ToyGame;
    match Session::load_from_str(&g, "bad.ron", text) {
        Ok(_) => panic!("loaded a damaged save"),
        Err(e) => e.to_string(),
    }
}

fn good_text() -> String {
    let g = ToyGame;
    ron::ser::to_string_pretty(&played(&g).to_save(), ron::ser::PrettyConfig::default()).unwrap()
}

#[test]
fn truncated_save_is_refused_with_its_position() {
    let t = good_text();
    for cut in [1, t.len() / 3, t.len() / 2, t.len() - 3] {
        let e = load_err(&t[..cut]);
        assert!(e.starts_with("bad.ron"), "{e}");
        assert!(e.contains("line"), "{e}");
    }
}

#[test]
fn corrupted_save_is_refused() {
    let t = good_text().replace("Roll", "Rol1");
    let e = load_err(&t);
    assert!(e.contains("bad.ron") && e.contains("line"), "{e}");
    let e = load_err("\u{0}\u{1}garbage{{{{");
    assert!(e.contains("not a readable eastfront save"), "{e}");
}

#[test]
fn wrong_version_and_foreign_saves_are_refused() {
    let t = good_text();
    let e = load_err(&t.replace(&format!("version: {SAVE_VERSION}"), "version: 999"));
    assert!(e.contains("version 999"), "{e}");
    let e = load_err(&t.replace("game: \"toy\"", "game: \"moscow41\""));
    assert!(e.contains("moscow41"), "{e}");
    let e = load_err(&t.replace("eastfront-save", "something-else"));
    assert!(e.contains("not an eastfront save"), "{e}");
}

#[test]
fn tampered_records_are_refused() {
    let t = good_text();
    // An extra legal-looking action changes the final state: the hash check catches it.
    let tampered = t.replacen("action: Roll", "action: Step", 1);
    let e = load_err(&tampered);
    assert!(
        e.contains("does not reproduce") || e.contains("not legal"),
        "{e}"
    );
    // An action by the wrong seat is illegal at replay.
    let wrong_seat = t.replacen("seat: (0)", "seat: (1)", 1);
    let e = load_err(&wrong_seat);
    assert!(e.contains("record entry 1 is not legal"), "{e}");
    // A bad scripted die is refused, not trusted.
    let e = load_err(&t.replacen("            6,", "            9,", 1));
    assert!(e.contains("not legal") || e.contains("1 to 6"), "{e}");
}

#[test]
fn hostile_inputs_never_panic() {
    let deep = "(".repeat(10_000);
    let e = load_err(&deep);
    assert!(e.contains("bad.ron"), "{e}");
    let e = load_err("");
    assert!(e.contains("bad.ron"), "{e}");
    let huge_number = good_text().replace("seed: 99", "seed: 99999999999999999999999999");
    let e = load_err(&huge_number);
    assert!(e.contains("bad.ron"), "{e}");
    // A file that is not UTF-8 is refused when read from disk.
    let dir = std::env::temp_dir().join(format!("eastfront-kernel-bin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("bin.ron");
    std::fs::write(&p, [0xff, 0xfe, 0x00, 0x41]).unwrap();
    let g = ToyGame;
    let e = Session::load_from(&g, &p).err().unwrap().to_string();
    assert!(e.contains("not UTF-8"), "{e}");
    let e = Session::load_from(&g, &dir.join("missing.ron"))
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("cannot open"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The toy game after a change of its draw order: a Roll now throws a die away first. Its
/// rules version says so.
struct ToyGameV2;

impl Game for ToyGameV2 {
    type State = Toy;
    type Action = Act;
    type Event = Ev;
    type View = [i32; 2];
    type Options = ();
    fn id(&self) -> &'static str {
        "toy"
    }
    fn title(&self) -> &'static str {
        "Toy"
    }
    fn rules_version(&self) -> u32 {
        2
    }
    fn scenarios(&self) -> Vec<ScenarioInfo> {
        vec![]
    }
    fn setup(&self, scenario: &str, o: &(), seed: u64) -> Result<Toy, RuleError> {
        ToyGame.setup(scenario, o, seed)
    }
    fn active(&self, s: &Toy) -> Option<Seat> {
        ToyGame.active(s)
    }
    fn side_of(&self, s: &Toy, seat: Seat) -> Side {
        ToyGame.side_of(s, seat)
    }
    fn legal_actions(&self, s: &Toy, seat: Seat) -> Vec<Act> {
        ToyGame.legal_actions(s, seat)
    }
    fn apply(&self, s: &mut Toy, seat: Seat, a: &Act) -> Result<Vec<Ev>, RuleError> {
        if *a == Act::Roll {
            s.dice.d6();
        }
        ToyGame.apply(s, seat, a)
    }
    fn view(&self, s: &Toy, v: Viewer) -> [i32; 2] {
        ToyGame.view(s, v)
    }
    fn outcome(&self, _: &Toy) -> Option<Outcome> {
        None
    }
    fn dice<'a>(&self, s: &'a mut Toy) -> &'a mut Dice {
        &mut s.dice
    }
    fn dice_ref<'a>(&self, s: &'a Toy) -> &'a Dice {
        &s.dice
    }
}

#[test]
fn a_save_from_before_a_change_of_the_draw_order_loads_or_names_its_version() {
    let g = ToyGame;
    // A game without a roll replays the same under the new rules: it still loads.
    let mut free = Session::new(&g, "s", (), 5).unwrap();
    free.apply(Seat(0), Act::Step).unwrap();
    let text = ron::to_string(&free.to_save()).unwrap();
    assert!(text.contains("rules_version:1"), "{text}");
    assert!(Session::load_from_str(&ToyGameV2, "old.ron", &text).is_ok());
    // A game with rolls does not: it is refused, and the message names both versions.
    let mut rolled = Session::new(&g, "s", (), 5).unwrap();
    for _ in 0..4 {
        rolled.apply(Seat(0), Act::Roll).unwrap();
    }
    let text = ron::to_string(&rolled.to_save()).unwrap();
    let e = Session::load_from_str(&ToyGameV2, "old.ron", &text)
        .err()
        .expect("the old record no longer reproduces the game")
        .to_string();
    assert!(e.contains("old.ron"), "{e}");
    assert!(e.contains("rules version 1"), "{e}");
    assert!(e.contains("version 2"), "{e}");
    // A save written before rules versions were recorded reads as version 1.
    let legacy = text.replace("rules_version:1,", "");
    assert!(!legacy.contains("rules_version"));
    let e = Session::load_from_str(&ToyGameV2, "old.ron", &legacy)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("rules version 1"), "{e}");
}

#[test]
fn the_save_header_names_the_game_without_reading_the_record() {
    let g = ToyGame;
    let mut s = Session::new(&g, "s", (), 5).unwrap();
    s.meta.insert("play".into(), "hotseat".into());
    s.apply(Seat(0), Act::Step).unwrap();
    let text = ron::ser::to_string_pretty(&s.to_save(), Default::default()).unwrap();
    let h = SaveHeader::read("a.ron", &text).unwrap();
    assert_eq!(h.game, "toy");
    assert_eq!(h.scenario, "s");
    assert_eq!(h.rules_version, 1);
    assert_eq!(h.meta.get("play").map(String::as_str), Some("hotseat"));
    let e = SaveHeader::read("a.ron", "(format: \"x\", version: 1, game: \"toy\")")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("a.ron") && e.contains("not an eastfront save"),
        "{e}"
    );
    let e = SaveHeader::read("a.ron", "not ron at all")
        .unwrap_err()
        .to_string();
    assert!(e.contains("a.ron"), "{e}");
}

#[test]
fn scripted_picks_are_recorded_and_replayed() {
    let g = ToyGame;
    let mut s = Session::new(&g, "s", (), 5).unwrap();
    s.script_picks(vec![3, 1]);
    s.apply(Seat(0), Act::Step).unwrap();
    let save = s.to_save();
    assert!(save.record.contains(&Record::ScriptPicks(vec![3, 1])));
    let text = ron::to_string(&save).unwrap();
    let back = Session::load_from_str(&g, "p.ron", &text).unwrap();
    assert_eq!(back.state(), s.state());
    assert_eq!(back.state().dice.scripted_picks_left(), 2);
}
