//! The app's screens: Loading → Menu → Table. One table for every game; inside it, the table's
//! phase ([`super::table::TablePhase`]) gates what runs.

use bevy::prelude::*;

#[derive(States, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Screen {
    #[default]
    Loading,
    Menu,
    Table,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
}
