//! "What would the AI do?" (Ctrl+H or the button): the Moscow '41 AI, at the table's level,
//! looks at the human player's own `View` and legal actions (never the hidden state) and its
//! choice is shown in words (`eastfront_ai::moscow41::describe`). It runs on a background
//! thread; the hint is dropped as soon as the game state changes.

use super::super::screens::Screen;
use super::super::table::TableSet;
use super::session::{M41Shown, M41Table};
use bevy::prelude::*;
use eastfront_moscow41::Action;
use std::thread::JoinHandle;

/// Asks for a hint (key or button).
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct HintRequest;

/// The hint for the current state, or the one being worked out.
#[derive(Resource, Default)]
pub struct M41Hint {
    /// (seed, revision) of the state the hint is for.
    key: (u64, u64),
    pub text: Option<String>,
    pub action: Option<Action>,
    task: Option<JoinHandle<Action>>,
}

impl M41Hint {
    pub fn thinking(&self) -> bool {
        self.task.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_message::<HintRequest>()
        .init_resource::<M41Hint>()
        .add_systems(OnExit(Screen::Moscow41), |mut h: ResMut<M41Hint>| {
            *h = M41Hint::default()
        })
        .add_systems(
            Update,
            hint.after(TableSet::View)
                .run_if(in_state(Screen::Moscow41).and_then(resource_exists::<M41Table>)),
        );
}

fn hint(
    mut requests: MessageReader<HintRequest>,
    table: Res<M41Table>,
    shown: Res<M41Shown>,
    mut hint: ResMut<M41Hint>,
) {
    let key = (table.session.seed, table.revision);
    if hint.key != key {
        // The state moved on: the old hint (and any answer still coming) no longer applies.
        *hint = M41Hint { key, ..default() };
    }
    let asked = requests.read().count() > 0;
    if asked && hint.task.is_none() && hint.text.is_none() {
        let (Some(view), Some(_seat)) = (shown.view.clone(), shown.acting_seat) else {
            hint.text = Some("A hint is for the player whose turn it is.".into());
            return;
        };
        if shown.legal.is_empty() {
            hint.text = Some("There is nothing to choose now.".into());
            return;
        }
        let game = table.game();
        let legal = shown.legal.clone();
        let level = table.level;
        let seed = table.session.seed ^ 0x5EED_0F41 ^ table.revision;
        hint.task = Some(std::thread::spawn(move || {
            super::ai::choose(game, &view, &legal, level, seed)
        }));
    }
    if hint.task.as_ref().is_some_and(|t| t.is_finished()) {
        let Some(task) = hint.task.take() else { return };
        match task.join() {
            Ok(action) => {
                let view = &eastfront_kernel::Game::view(
                    table.game(),
                    table.session.state(),
                    eastfront_kernel::Viewer::Side(
                        table.side_of(table.active_seat().unwrap_or(eastfront_kernel::Seat(0))),
                    ),
                );
                hint.text = Some(eastfront_moscow41::table::action_words(
                    &table.game().board,
                    view,
                    &action,
                ));
                hint.action = Some(action);
            }
            Err(_) => hint.text = Some("The AI failed while thinking; no hint.".into()),
        }
    }
}
