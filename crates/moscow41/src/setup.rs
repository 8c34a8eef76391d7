//! Setting up the campaign or a scenario from `setups.ron` (Scenario Preparation; rules file
//! §4): blocks grouped by side and colour, drawn at random unless the step names them, placed
//! without overstacking at the step's strength; "player's choice" steps wait for `Place`
//! actions. The side without the Initiative deploys first (R 3.2.1): the data lists the steps
//! in that order.

use crate::board::{AreaId, BlockId, Board};
use crate::data::{
    ControlRule, DeployStep, Destination, Filter, InitiativeLimit, Placer, Selector, SetupData,
    Strength,
};
use crate::query::*;
use crate::rules;
use crate::state::*;
use eastfront_kernel::{Dice, RuleError, Side};

pub fn new_state(
    board: &Board,
    scenario: &str,
    options: &Options,
    seed: u64,
) -> Result<State, RuleError> {
    let Some(s) = board.setup(scenario) else {
        let ids: Vec<&str> = board
            .data
            .setups
            .setups
            .iter()
            .map(|s| s.id.as_str())
            .collect();
        return Err(RuleError(format!(
            "Moscow '41 has no scenario \"{scenario}\" (it has: {})",
            ids.join(", ")
        )));
    };
    let n = board.topo.len();
    let control = board
        .topo
        .ids()
        .map(|a| {
            let mut c = board.initial_control(a, s.control);
            // The Kiev and Leningrad boxes follow their discs (R 2.2; SC.2/SC.3 Kiev German).
            if a == board.kiev {
                c = if s.discs.kiev {
                    Side::Soviet
                } else {
                    Side::German
                };
            }
            if a == board.leningrad {
                c = if s.discs.leningrad {
                    Side::Soviet
                } else {
                    Side::German
                };
            }
            if a == board.shlisselburg && !s.discs.shlisselburg {
                c = Side::German;
            }
            c
        })
        .collect();
    let weather = match s.weather {
        crate::data::Weather::Good => Weather::Sunny,
        crate::data::Weather::Rain => Weather::Rain,
        crate::data::Weather::Snow => Weather::Snow,
        crate::data::Weather::Blizzard => Weather::Blizzard,
    };
    let bombers = (0..board.bombers().len())
        .map(|i| {
            if i < s.bombers_available as usize {
                BomberState::Available
            } else {
                BomberState::Destroyed
            }
        })
        .collect();
    let _ = ControlRule::BalkanCrosses;
    let st = State {
        scenario: scenario.to_string(),
        options: options.clone(),
        dice: Dice::new(seed),
        blocks: vec![
            BlockState {
                loc: Loc::Unplaced,
                strength: 0,
                revealed: false,
                isolated: false,
            };
            board.blocks.len()
        ],
        control,
        dl: vec![[false; 2]; n],
        dl_isolated: vec![[false; 2]; n],
        bombers,
        turn: s.start_turn,
        phase: Phase::Setup { step: 0 },
        active: s.initiative.other(),
        initiative: s.initiative,
        disc_uses: [0; 2],
        disc_uses_month: [0; 2],
        weather,
        forecast: None,
        impulses_this_turn: 0,
        german_impulses_this_turn: 0,
        consecutive_passes: 0,
        disc_shlisselburg: s.discs.shlisselburg,
        disc_leningrad: s.discs.leningrad,
        disc_kiev: s.discs.kiev,
        stalin_dead: false,
        impulse: None,
        logistics: None,
        drawn: Vec::new(),
        batch_areas: Vec::new(),
        setup_todo: Vec::new(),
        setup_dls_todo: 0,
        setup_used: Vec::new(),
        battle: None,
        outcome: None,
    };
    Ok(st)
}

pub(crate) fn matches(board: &Board, b: BlockId, side: Side, f: &Filter) -> bool {
    let d = board.block(b);
    d.side == side
        && f.colour.is_none_or(|c| d.colour == Some(c))
        && f.role.is_none_or(|r| d.role == r)
        && f.combat_type.is_none_or(|t| d.combat_type == Some(t))
        && (!f.no_letter || d.letter.is_none())
}

pub(crate) fn strength_for(board: &Board, b: BlockId, s: Strength) -> u8 {
    let d = board.block(b);
    match s {
        Strength::Full => d.max_strength,
        Strength::Minimum => d.min_strength(),
        Strength::Fixed(n) => {
            // Snap onto the block's ladder (HQs have no 1★ level).
            let l = ladder(board, b);
            l.iter()
                .copied()
                .find(|x| *x <= n)
                .unwrap_or(d.min_strength())
        }
        Strength::FullUnlessReduced => d.deploy_strength(),
    }
}

/// The areas a step's destination allows for one more block (or DL) of `side`.
pub fn candidate_areas(board: &Board, st: &State, step: &DeployStep, dl: bool) -> Vec<AreaId> {
    let side = step.side;
    // Counted once for every area (performance: several calls per setup step).
    let occ = (!dl).then(|| Occupancy::new(board, st));
    let fits = |a: AreaId| match &occ {
        None => board.is_area(a) && !st.dl[a.index()][side_index(side)],
        Some(occ) => occ.stacking_ok_with(board, a, side, 1),
    };
    let block_area = |key: &str| board.block_by_key(key).and_then(|b| space_of(st, b));
    let mut v: Vec<AreaId> = match &step.to {
        Destination::Area(p) => board.place(p).into_iter().collect(),
        Destination::OneEach(ps) => ps
            .iter()
            .filter_map(|p| board.place(p))
            .filter(|a| !st.setup_used.contains(a))
            .collect(),
        Destination::WithBlock(k) => block_area(k).into_iter().collect(),
        Destination::AdjacentToBlock(k) => match block_area(k) {
            Some(h) => board
                .neighbours(h)
                .filter(|a| board.is_area(*a) && !st.setup_used.contains(a))
                .filter(|a| passable(board, *a, side))
                .collect(),
            None => Vec::new(),
        },
        Destination::WithOrAdjacentToBlock(k) => match block_area(k) {
            Some(h) => std::iter::once(h)
                .chain(board.neighbours(h))
                .filter(|a| board.is_area(*a) && passable(board, *a, side))
                .collect(),
            None => Vec::new(),
        },
        Destination::AlongFront => board
            .area_ids()
            .filter(|a| {
                st.control[a.index()] == side
                    && passable(board, *a, side)
                    && board
                        .neighbours(*a)
                        .any(|n| board.is_area(n) && st.control[n.index()] == side.other())
            })
            .collect(),
        Destination::AnyControlled => board
            .area_ids()
            .filter(|a| st.control[a.index()] == side && passable(board, *a, side))
            .collect(),
        Destination::CampaignIcons => Vec::new(),
        Destination::Rastenburg => vec![board.rastenburg],
        Destination::RoadBox(n) => board
            .road
            .get(*n as usize - 1)
            .copied()
            .into_iter()
            .collect(),
        _ => Vec::new(),
    };
    v.retain(|a| fits(*a));
    v
}

/// Runs the deployment steps from `st.phase = Setup{step}` until a player's choice is needed
/// or the setup is complete (then the game starts, R 4.0).
pub fn run_setup(board: &Board, st: &mut State, ev: &mut Vec<Event>) {
    let s: &SetupData = board.setup(&st.scenario).expect("checked");
    loop {
        let Phase::Setup { step } = st.phase else {
            return;
        };
        // Finish a player's-choice step first.
        if !st.setup_todo.is_empty() || st.setup_dls_todo > 0 {
            let d = &s.deploy[step];
            // Drop what cannot be placed at all (keeps the setup going with odd data).
            let blocks_stuck =
                !st.setup_todo.is_empty() && candidate_areas(board, st, d, false).is_empty();
            let dls_stuck = st.setup_dls_todo > 0 && candidate_areas(board, st, d, true).is_empty();
            if blocks_stuck {
                for b in std::mem::take(&mut st.setup_todo) {
                    st.blocks[b.index()].loc = Loc::ForcePool;
                    rules::info(
                        ev,
                        "SC",
                        format!(
                            "{} has no legal place: it goes to the Force Pool.",
                            board.block(b).name
                        ),
                    );
                }
            }
            if dls_stuck {
                st.setup_dls_todo = 0;
            }
            if !st.setup_todo.is_empty() || st.setup_dls_todo > 0 {
                st.active = d.side;
                return;
            }
            st.setup_used.clear();
            st.phase = Phase::Setup { step: step + 1 };
            continue;
        }
        if step >= s.deploy.len() {
            finish_setup(board, st, s, ev);
            return;
        }
        deploy_step(board, st, &s.deploy[step], ev);
        if st.setup_todo.is_empty() && st.setup_dls_todo == 0 {
            st.setup_used.clear();
            st.phase = Phase::Setup { step: step + 1 };
        }
    }
}

fn deploy_step(board: &Board, st: &mut State, d: &DeployStep, ev: &mut Vec<Event>) {
    let unplaced: Vec<BlockId> = board
        .side_blocks(d.side)
        .filter(|b| st.blocks[b.index()].loc == Loc::Unplaced)
        .collect();
    let blocks: Vec<BlockId> = match &d.what {
        Selector::Named(ids) => ids
            .iter()
            .filter_map(|k| board.block_by_key(k))
            .filter(|b| unplaced.contains(b))
            .collect(),
        Selector::All(f) => unplaced
            .iter()
            .copied()
            .filter(|b| matches(board, *b, d.side, f))
            .collect(),
        Selector::Draw { count, filter } => {
            let mut pool: Vec<BlockId> = unplaced
                .iter()
                .copied()
                .filter(|b| matches(board, *b, d.side, filter))
                .collect();
            let mut out = Vec::new();
            for _ in 0..*count {
                if pool.is_empty() {
                    break;
                }
                let i = st.dice.pick(pool.len());
                out.push(pool.remove(i));
            }
            out
        }
        Selector::Dls(n) => {
            place_dls(board, st, d, *n, ev);
            return;
        }
    };
    for &b in &blocks {
        st.blocks[b.index()].strength = strength_for(board, b, d.strength);
        st.blocks[b.index()].revealed = d.face_up;
    }
    // Off-map destinations.
    let off = match d.to {
        Destination::ForcePool => Some(Loc::ForcePool),
        Destination::November => Some(Loc::November),
        Destination::Surrendered => Some(Loc::Surrendered),
        Destination::KievIcon => Some(Loc::KievIcon),
        _ => None,
    };
    if let Some(loc) = off {
        for &b in &blocks {
            st.blocks[b.index()].loc = loc;
            st.blocks[b.index()].revealed = false;
        }
        return;
    }
    if d.to == Destination::CampaignIcons {
        place_on_icons(board, st, d, &blocks, ev);
        return;
    }
    if d.placer == Placer::Player {
        let mut todo = blocks;
        // Blocks still need a place: mark them as waiting.
        todo.retain(|b| st.blocks[b.index()].loc == Loc::Unplaced);
        st.setup_todo = todo;
        return;
    }
    for b in blocks {
        let c = candidate_areas(board, st, d, false);
        if c.is_empty() {
            st.blocks[b.index()].loc = Loc::ForcePool;
            rules::info(
                ev,
                "SC",
                format!(
                    "{} has no legal place: it goes to the Force Pool.",
                    board.block(b).name
                ),
            );
            continue;
        }
        let a = if c.len() == 1 {
            c[0]
        } else {
            c[st.dice.pick(c.len())]
        };
        place_block(st, b, a, d);
    }
}

fn place_block(st: &mut State, b: BlockId, a: AreaId, d: &DeployStep) {
    st.blocks[b.index()].loc = Loc::Space(a);
    if matches!(
        d.to,
        Destination::OneEach(_) | Destination::AdjacentToBlock(_)
    ) {
        st.setup_used.push(a);
    }
}

fn place_on_icons(
    board: &Board,
    st: &mut State,
    d: &DeployStep,
    blocks: &[BlockId],
    ev: &mut Vec<Event>,
) {
    // SC.C step 8: one block per icon of its colour, drawn at random.
    let mut order = blocks.to_vec();
    st.dice.shuffle(&mut order);
    for b in order {
        let colour = board.block(b).colour;
        let icons: Vec<AreaId> = board
            .area_ids()
            .filter(|a| {
                board.area(*a).and_then(|x| x.campaign_icon) == colour
                    && colour.is_some()
                    && !st.setup_used.contains(a)
                    && stacking_ok_with(board, st, *a, d.side, 1)
            })
            .collect();
        if icons.is_empty() {
            st.blocks[b.index()].loc = Loc::ForcePool;
            rules::info(
                ev,
                "SC.C",
                format!(
                    "{}: no free icon of its colour; it goes to the Force Pool.",
                    board.block(b).name
                ),
            );
            continue;
        }
        let a = icons[0];
        st.blocks[b.index()].loc = Loc::Space(a);
        st.setup_used.push(a);
    }
    st.setup_used.clear();
}

fn place_dls(board: &Board, st: &mut State, d: &DeployStep, n: u8, _ev: &mut Vec<Event>) {
    if d.placer == Placer::Player {
        st.setup_dls_todo = n;
        return;
    }
    for _ in 0..n {
        let c = candidate_areas(board, st, d, true);
        if c.is_empty() {
            break;
        }
        let a = if matches!(d.to, Destination::OneEach(_)) {
            c[0]
        } else {
            c[st.dice.pick(c.len())]
        };
        st.dl[a.index()][side_index(d.side)] = true;
        if matches!(d.to, Destination::OneEach(_)) {
            st.setup_used.push(a);
        }
    }
}

fn finish_setup(board: &Board, st: &mut State, s: &SetupData, ev: &mut Vec<Event>) {
    // Anything a step forgot stays out of play in the Force Pool (never lost).
    for b in board.block_ids() {
        if st.blocks[b.index()].loc == Loc::Unplaced {
            st.blocks[b.index()].loc = Loc::ForcePool;
            st.blocks[b.index()].strength = board.block(b).deploy_strength();
        }
    }
    // Control follows the units placed (R 2.5), except that disputed areas keep their
    // original defender (SC.3 red stars stay Soviet).
    settle_control(board, st);
    let _ = InitiativeLimit::Unlimited;
    rules::info(
        ev,
        "R 4.0",
        format!("{} set up: {} starts.", s.name, rules::month(st.turn)),
    );
    match s.start_phase {
        crate::data::Phase::Logistic => rules::start_turn(board, st, true, ev),
        crate::data::Phase::Impulse => rules::start_turn(board, st, false, ev),
    }
}

/// Legal places for the current player's-choice setup step.
pub fn setup_actions(board: &Board, st: &State) -> Vec<Action> {
    let Phase::Setup { step } = st.phase else {
        return Vec::new();
    };
    let Some(s) = board.setup(&st.scenario) else {
        return Vec::new();
    };
    let d = &s.deploy[step];
    let mut out = Vec::new();
    if let Some(&b) = st.setup_todo.first() {
        // One block at a time, in the drawn order: its legal areas.
        for a in candidate_areas(board, st, d, false) {
            out.push(Action::Place { block: b, area: a });
        }
    } else if st.setup_dls_todo > 0 {
        for a in candidate_areas(board, st, d, true) {
            out.push(Action::PlaceDl { area: a });
        }
    }
    out
}

pub fn apply_setup(board: &Board, st: &mut State, a: &Action) {
    let Phase::Setup { step } = st.phase else {
        return;
    };
    let d = &board.setup(&st.scenario).expect("checked").deploy[step];
    match a {
        Action::Place { block, area } => {
            place_block(st, *block, *area, d);
            st.setup_todo.retain(|b| b != block);
        }
        Action::PlaceDl { area } => {
            st.dl[area.index()][side_index(d.side)] = true;
            st.setup_dls_todo -= 1;
        }
        _ => {}
    }
    if st.setup_todo.is_empty() && st.setup_dls_todo == 0 {
        st.setup_used.clear();
        st.phase = Phase::Setup { step: step + 1 };
    }
}
