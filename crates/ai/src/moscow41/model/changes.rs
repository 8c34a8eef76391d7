//! Changes to the model as the tactics try an action: a unit moved along a path, an area
//! settled or cleared after a battle.

#![allow(clippy::needless_range_loop)]

use super::*;

impl Model<'_> {
    // ------------------------------------------------------------ changes

    /// Moves an own unit (by id) along a path: control flips in empty enemy areas passed
    /// through (R 2.5); the area left may fall to the enemy if he is there.
    pub fn move_unit(&mut self, id: BlockId, path: &[usize]) {
        let Some((from, k)) = self.find(id) else {
            return;
        };
        let u = self.units[from].remove(k);
        let side = u.side;
        self.settle(from);
        for &a in path {
            if !self.has_units(a, side.other()) {
                self.control[a] = side;
            }
        }
        if let Some(&to) = path.last() {
            self.units[to].push(u);
            self.settle(to);
        }
    }

    pub fn find(&self, id: BlockId) -> Option<(usize, usize)> {
        for (a, us) in self.units.iter().enumerate() {
            if let Some(k) = us.iter().position(|u| u.id == Some(id)) {
                return Some((a, k));
            }
        }
        None
    }

    pub fn unit(&self, id: BlockId) -> Option<&Unit> {
        self.find(id).map(|(a, k)| &self.units[a][k])
    }

    pub fn area_of(&self, id: BlockId) -> Option<usize> {
        self.find(id).map(|(a, _)| a)
    }

    /// Control after units came or went (R 2.5).
    pub fn settle(&mut self, a: usize) {
        let g = self.has_units(a, Side::German);
        let s = self.has_units(a, Side::Soviet);
        match (g, s) {
            (true, false) => self.control[a] = Side::German,
            (false, true) => self.control[a] = Side::Soviet,
            _ => {}
        }
    }

    /// The defender of `a` is wiped out: the attacker takes it.
    pub fn clear(&mut self, a: usize, loser: Side) {
        self.units[a].retain(|u| u.side != loser || !u.counts_for_control());
        self.dl[a][idx(loser)] = false;
        self.settle(a);
    }
}
