//! Prints one AI game against the Soviet AI, action by action (a debugging aid).
//! `cargo run --release -p eastfront-ai --example stalingrad_trace -- SEED`
use eastfront_kernel::{Game, Side, Viewer};
use eastfront_stalingrad::{Options, Stalingrad};

fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let game = Stalingrad::new();
    let b = &game.board;
    let mut st = game.setup("standard", &Options::default(), seed).unwrap();
    let mut steps = 0u64;
    while let Some(seat) = game.active(&st) {
        let legal = game.legal_actions(&st, seat);
        let view = game.view(&st, Viewer::Side(game.side_of(&st, seat)));
        let a = eastfront_ai::choose_action(&game, &view, &legal, seed * 100_000 + steps);
        let srh: Vec<String> = b
            .srh
            .iter()
            .map(|h| {
                let occ = eastfront_stalingrad::rules::occupancy(b, &st)[h.index()];
                format!(
                    "{}:{}{}/{}",
                    b.hex_name(*h),
                    if st.control[h.index()] == Side::German {
                        "G"
                    } else {
                        "S"
                    },
                    occ.0,
                    occ.1
                )
            })
            .collect();
        println!(
            "t{:3} deck {:2} cas {:2} [{}] {}",
            st.turn,
            st.soviet_deck.len(),
            eastfront_stalingrad::rules::casualty_score(b, &st),
            srh.join(" "),
            eastfront_stalingrad::table::action_words(b, &game.view(&st, Viewer::Omniscient), &a)
        );
        game.apply(&mut st, seat, &a).unwrap();
        steps += 1;
    }
    println!("{:?}", game.outcome(&st));
}
