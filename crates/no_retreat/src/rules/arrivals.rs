//! Where arriving, shattered and replaced units may be placed (7.6–7.8, 13.5, 14.9.4). Speed
//! (docs/no_retreat.md, "Speed", third round): what every unit of a list asks alike (the
//! occupied spaces, the room, the placement spaces, the cadres' lines) is found once per
//! position, not once per unit.

use super::helpers::{data, Room};
use crate::board::Board;
use crate::data::{Code, Region};
use crate::reorg::{placement_spaces, Placing};
use crate::state::*;
use crate::supply::Supply;
use eastfront_kernel::{Side, SpaceId};
use std::cell::OnceCell;

/// The placements of one position.
pub(super) struct Arrivals<'a> {
    board: &'a Board,
    st: &'a State,
    supply: &'a Supply<'a>,
    /// Some unit stands on the space.
    occupied: OnceCell<Vec<bool>>,
    /// Per side (German, Soviet).
    room: [OnceCell<Room>; 2],
    /// Per side, per [`Placing`] (reinforcement, shattered, replacement).
    placing: [[OnceCell<Vec<SpaceId>>; 3]; 2],
    /// Per side: the hexes of its cadres with a land line to a friendly edge (14.9.4).
    cadres: [OnceCell<Vec<SpaceId>>; 2],
}

fn si(side: Side) -> usize {
    usize::from(side == Side::Soviet)
}

impl<'a> Arrivals<'a> {
    pub(super) fn new(board: &'a Board, st: &'a State, supply: &'a Supply<'a>) -> Arrivals<'a> {
        Arrivals {
            board,
            st,
            supply,
            occupied: OnceCell::new(),
            room: Default::default(),
            placing: Default::default(),
            cadres: Default::default(),
        }
    }

    fn placing(&self, side: Side, how: Placing) -> &[SpaceId] {
        let i = match how {
            Placing::Reinforcement => 0,
            Placing::Shattered => 1,
            Placing::Replacement => 2,
        };
        self.placing[si(side)][i]
            .get_or_init(|| placement_spaces(self.board, self.supply, side, how))
    }

    /// 14.9.4: the hexes of `side`'s cadres that trace a land route to a friendly edge.
    fn cadres(&self, side: Side) -> &[SpaceId] {
        self.cadres[si(side)].get_or_init(|| {
            let board = self.board;
            let cities: Vec<SpaceId> = (0..board.n_hexes)
                .map(|i| SpaceId(i as u16))
                .filter(|s| !board.is_lake(*s))
                .filter(|s| board.hex(*s).is_some_and(|h| h.city.is_some()))
                .collect();
            self.st
                .on_map()
                .filter(|(c, _)| {
                    let cd = data(board, *c);
                    cd.cadre && cd.side == side
                })
                .filter(|(_, at)| {
                    self.supply
                        .land_line_within(side, *at, crate::supply::LAND_LINE_HEXES, &cities)
                        .is_some()
                })
                .map(|(_, at)| at)
                .collect()
        })
    }

    /// Where `unit` may be placed now, sorted.
    pub(super) fn spaces(&self, unit: usize) -> Vec<SpaceId> {
        let (board, st, supply) = (self.board, self.st, self.supply);
        let d = data(board, unit);
        let side = d.side;
        let occupied = self.occupied.get_or_init(|| {
            let mut v = vec![false; board.topo.len()];
            for (_, at) in st.on_map() {
                v[at.index()] = true;
            }
            v
        });
        let empty = |s: SpaceId| !occupied[s.index()];
        let not_enemy = |s: SpaceId| st.control[s.index()] != Some(side.other());
        let near = |name: &str, n: u32| {
            let c = board.place(name);
            move |s: SpaceId| {
                c.and_then(|c| board.topo.hex_distance(c, s))
                    .is_some_and(|d| d <= n)
            }
        };
        let hexes = || {
            (0..board.n_hexes)
                .map(|i| SpaceId(i as u16))
                .filter(|s| !board.is_lake(*s))
        };
        let ok_line = |s: SpaceId| supply.has_land_line(side, s);
        let around = |name: &str, n: u32| {
            let near = near(name, n);
            hexes()
                .filter(|s| empty(*s) && not_enemy(*s) && near(*s) && ok_line(*s))
                .collect::<Vec<SpaceId>>()
        };
        let mut out: Vec<SpaceId> = match (d.code, d.nation) {
            (Some(Code::Oil), crate::data::Nation::German) => {
                let mut v = around("Bucharest", 4);
                v.extend(board.place("Western Balkans"));
                v
            }
            (Some(Code::Oil), crate::data::Nation::Yugoslav) => {
                ["Western Balkans", "Southern Balkans"]
                    .iter()
                    .filter_map(|n| board.place(n))
                    .collect()
            }
            (Some(Code::Oil), _) => around("Romanian oil fields", 2),
            (Some(Code::Gg), crate::data::Nation::Hungarian) => around("Budapest", 4),
            (Some(Code::Gg), _) => hexes()
                .filter(|s| {
                    board
                        .hex(*s)
                        .is_some_and(|h| h.city.is_some() && h.region == Region::GreaterGermany)
                        && st.control[s.index()] == Some(side)
                })
                .collect(),
            (Some(Code::Warsaw), _) => around("Warsaw", 2),
            (Some(Code::Turn(_)), _) if d.id == "ge_berlin" => {
                board.place("Berlin").into_iter().collect()
            }
            (Some(Code::Turn(_)), _) if d.id.starts_with("ge_vs_") => {
                let city = d.front.name.trim_start_matches("Volkssturm ");
                board.place(city).into_iter().collect()
            }
            _ if st.units[unit].loc == Loc::Shattered => {
                self.placing(side, Placing::Shattered).to_vec()
            }
            _ if st.scratch.replaced.contains(&unit) => {
                let mut v = self.placing(side, Placing::Replacement).to_vec();
                for &at in self.cadres(side) {
                    if !v.contains(&at) {
                        v.push(at);
                    }
                }
                v
            }
            _ => self.placing(side, Placing::Reinforcement).to_vec(),
        };
        let room = self.room[si(side)].get_or_init(|| Room::new(board, st, side));
        out.retain(|s| supply.zones.occupant(*s) != Some(side.other()) && room.ok(*s));
        out.sort();
        out.dedup();
        out
    }
}

/// Where `unit` may be placed now (one unit's [`Arrivals::spaces`]).
pub(crate) fn arrival_spaces(
    board: &Board,
    st: &State,
    supply: &Supply,
    unit: usize,
) -> Vec<SpaceId> {
    Arrivals::new(board, st, supply).spaces(unit)
}
