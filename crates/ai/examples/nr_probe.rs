use eastfront_kernel::{Game, Viewer};
use eastfront_no_retreat::{NoRetreat, Options};
fn main() {
    let g = NoRetreat::new();
    for sc in [
        "campaign",
        "barbarossa",
        "fall_blau",
        "saturn",
        "citadel",
        "bagration",
    ] {
        let st = g.setup(sc, &Options::default(), 1).unwrap();
        let v = g.view(&st, Viewer::Omniscient);
        println!(
            "{sc}: turn {}..{} initiative {:?} score {} period {}",
            v.turn, v.last_turn, v.vp.initiative, v.score, v.period
        );
    }
}
