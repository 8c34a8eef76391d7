//! Every fact the rules state about the Moscow '41 data, checked against `scenarios/moscow41`.

use eastfront_moscow41::board::Board;

#[test]
fn builtin_data_loads() {
    let b = Board::standard();
    assert!(b.place("Moscow").is_some());
}
