//! The rules reference shown in the game's rules panel (`scenarios/no_retreat/reference.ron`):
//! the project's own summary of every rule of the rulebook, keyed as the game cites them
//! ("10.7.1", a chapter "10"). Built into the binary and parsed once.

use eastfront_kernel::RulesReference;
use std::sync::OnceLock;

/// The built-in reference file.
pub const REFERENCE_RON: &str = include_str!("../../../scenarios/no_retreat/reference.ron");

/// The built-in rules reference. A parse or validation failure of the shipped file is a bug
/// (the crate's tests guard it), so it panics with the file, line and problem.
pub fn reference() -> &'static RulesReference {
    static REFERENCE: OnceLock<RulesReference> = OnceLock::new();
    REFERENCE.get_or_init(|| {
        RulesReference::parse("scenarios/no_retreat/reference.ron", REFERENCE_RON)
            .unwrap_or_else(|e| panic!("the built-in rules reference is broken: {e}"))
    })
}
