//! Each game's presentation module: what is that game's own at the one table (its map and
//! pieces as data, its panels). The games themselves are listed in `crate::registry`.

pub mod moscow41;
pub mod no_retreat;
pub mod stalingrad;
