//! The choices a combat stops for: its legal actions and applying the decision taken.

use super::*;

impl Combat {
    pub fn legal_actions(&self, board: &Board, st: &State) -> Vec<crate::state::Action> {
        use crate::state::Action;
        if let Some(t) = &self.tie {
            return t.iter().map(|u| Action::Choose { unit: *u }).collect();
        }
        match self.step {
            Step::S1SovietCard => {
                let mut v = vec![Action::SovietCard { card: None }];
                v.extend(
                    st.soviet_hand
                        .iter()
                        .map(|c| Action::SovietCard { card: Some(*c) }),
                );
                v
            }
            Step::S11Advance => {
                let mut v: Vec<Action> = if self.advanced.len() < STACK_LIMIT {
                    self.alive_attackers(st)
                        .into_iter()
                        .filter(|u| !self.advanced.contains(u))
                        .map(|u| Action::Advance { unit: u })
                        .collect()
                } else {
                    Vec::new()
                };
                if !self.advanced.is_empty() {
                    v.push(Action::EndAdvance);
                }
                v
            }
            Step::S12Blitz => {
                let occ = rules::occupancy(board, st);
                let mut v = vec![Action::EndBlitz];
                for &u in self.advanced.iter().filter(|u| !self.blitzed.contains(u)) {
                    if !board.unit(u).kind.is_blitz()
                        || st.units[u.0 as usize].loc != Location::Map(self.def_hex)
                    {
                        continue;
                    }
                    for to in board.topo.neighbours(self.def_hex) {
                        if board.terrain(to) == Terrain::Clear
                            && occ[to.index()].1 == 0
                            && (occ[to.index()].0 as usize) < STACK_LIMIT
                        {
                            v.push(Action::Blitz { unit: u, to });
                        }
                    }
                }
                v
            }
            _ => Vec::new(),
        }
    }

    pub fn apply_decision(
        &mut self,
        board: &Board,
        st: &mut State,
        action: &crate::state::Action,
        ev: &mut Vec<Event>,
    ) {
        use crate::state::Action;
        match action {
            Action::Choose { unit } => {
                self.tie = None;
                if self.tie_is_advance {
                    self.tie_is_advance = false;
                    self.soviet_advance(board, st, *unit, ev);
                    self.step = Step::S12Blitz;
                } else {
                    reduce(board, st, *unit, ev);
                    if let Some(j) = self.jobs.front_mut() {
                        j.count = j.count.saturating_sub(1);
                    }
                }
            }
            Action::SovietCard { card } => {
                if let Some(c) = card {
                    st.soviet_hand.retain(|x| x != c);
                    self.soviet_card = Some(*c);
                }
                self.step = Step::S3Confrontation;
            }
            Action::Advance { unit } => {
                st.units[unit.0 as usize].loc = Location::Map(self.def_hex);
                self.advanced.push(*unit);
                let colour = match board.unit(*unit).army {
                    Some(crate::data::Army::Yellow) => Some(0),
                    Some(crate::data::Army::Blue) => Some(1),
                    _ => None,
                };
                event(
                    ev,
                    EventKind::Moved {
                        from: None,
                        to: self.def_hex,
                        units: 1,
                    },
                    format!(
                        "{} advances into hex {} (AVANCE DESPUÉS DEL COMBATE).",
                        board.unit(*unit).name,
                        board.hex_name(self.def_hex)
                    ),
                );
                rules::enter_hex(board, st, self.def_hex, Side::German, colour, ev);
                if self.advanced.len() >= STACK_LIMIT
                    || self
                        .alive_attackers(st)
                        .iter()
                        .all(|u| self.advanced.contains(u))
                {
                    self.step = Step::S12Blitz;
                }
            }
            Action::EndAdvance => self.step = Step::S12Blitz,
            Action::Blitz { unit, to } => {
                self.blitzed.push(*unit);
                st.units[unit.0 as usize].loc = Location::Map(*to);
                event(
                    ev,
                    EventKind::Moved {
                        from: Some(self.def_hex),
                        to: *to,
                        units: 1,
                    },
                    format!(
                        "{} makes a Blitz move to hex {} (Hoth: Movimiento Blitz).",
                        board.unit(*unit).name,
                        board.hex_name(*to)
                    ),
                );
                rules::enter_hex(board, st, *to, Side::German, None, ev);
            }
            Action::EndBlitz => self.step = Step::S13Hide,
            _ => {}
        }
    }
}
