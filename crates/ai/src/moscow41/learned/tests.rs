use super::*;
use eastfront_kernel::Game;

#[test]
fn the_learned_chance_is_a_probability() {
    let game = Moscow41::new();
    for sc in ["campaign", "sc1", "sc2", "sc3"] {
        let st = game.setup(sc, &Default::default(), 3).unwrap();
        for side in [Side::German, Side::Soviet] {
            let view = game.view(&st, Viewer::Side(side));
            let [g, s] = win_chance(&game, &view);
            assert!(g > 0.0 && g < 1.0 && (g + s - 1.0).abs() < 1e-12, "{sc} {g} {s}");
        }
    }
}
