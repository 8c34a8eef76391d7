//! The Sudden Death threshold the VP track shows (R 1.7), as the view carries it.

use eastfront_kernel::{Game, Side, Viewer};
use eastfront_moscow41::{Moscow41, Options};

#[test]
fn r1_7_the_view_carries_the_sudden_death_threshold_of_its_scenario() {
    let game = Moscow41::new();
    let opts = Options::default();
    let st = game.setup("campaign", &opts, 1).unwrap();
    let v = game.view(&st, Viewer::Side(Side::German));
    assert_eq!(v.sudden_death_vp, Some(7), "campaign: 7 VP (R 1.7)");
    // The campaign opens at German 1, Soviet 6: the Soviets one VP from winning (R 1.7 example).
    let soviet = v.sides.iter().find(|s| s.side == Side::Soviet).unwrap();
    assert_eq!(soviet.vp, 6);

    let mut strict = Options::default();
    strict.readings.sc1_seven_vp = false;
    let st = game.setup("sc1", &strict, 1).unwrap();
    assert_eq!(
        game.view(&st, Viewer::Side(Side::Soviet)).sudden_death_vp,
        None,
        "SC.1 read without the 7-VP rule has only its own special conditions"
    );
    let st = game.setup("sc1", &Options::default(), 1).unwrap();
    assert_eq!(
        game.view(&st, Viewer::Side(Side::Soviet)).sudden_death_vp,
        Some(7)
    );
}

/// Issue 14: moving the Smolensk blocks out to attack left Smolensk empty; a Soviet block
/// walked through it and won by Sudden Death. The move that empties it is flagged first.
#[test]
fn r2_5_a_move_that_leaves_a_victory_area_open_to_the_enemy_is_flagged() {
    use eastfront_moscow41::exposure::{exposure_warning, open_victory_areas};
    use eastfront_moscow41::path::AreaPath;
    use eastfront_moscow41::Action;

    let game = Moscow41::new();
    let board = &game.board;
    let st = game.setup("campaign", &Options::default(), 1).unwrap();
    let mut view = game.view(&st, Viewer::Side(Side::German));
    let smolensk = board
        .area_ids()
        .find(|a| board.place_label(*a).contains("Smolensk"))
        .expect("Smolensk");
    assert_eq!(view.areas[smolensk.index()].control, Side::German);
    let mut here: Vec<usize> = (0..view.blocks.len())
        .filter(|i| view.blocks[*i].side == Side::German && view.blocks[*i].area == smolensk)
        .collect();
    assert!(!here.is_empty(), "German blocks hold Smolensk at the start");
    // Keep one German block in Smolensk (the others have gone off to attack).
    let last = here.remove(0);
    let away = board.neighbours(smolensk).next().unwrap();
    for i in here {
        view.blocks[i].area = away;
    }
    let block = view.blocks[last].face.as_ref().unwrap().block;
    let leave = Action::Move {
        block,
        path: AreaPath::try_from_slice(&[away]).unwrap(),
    };
    let warning = exposure_warning(board, &view, &leave).expect("flagged");
    assert!(
        warning.contains("Smolensk") && warning.contains("R 2.5"),
        "{warning}"
    );
    assert!(
        warning.contains("Sudden Death"),
        "the Soviets start at 6 of 7 VP: {warning}"
    );
    assert!(
        open_victory_areas(board, &view, Side::German).is_empty(),
        "held now"
    );

    // With a second block staying, nothing is left open.
    view.blocks[last].area = smolensk;
    let mut two = view.clone();
    let other = two
        .blocks
        .iter()
        .position(|b| b.side == Side::German && b.area == away)
        .unwrap();
    two.blocks[other].area = smolensk;
    assert_eq!(exposure_warning(board, &two, &leave), None);
}
