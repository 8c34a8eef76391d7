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
