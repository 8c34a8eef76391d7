//! The model's supply: passable areas, the areas each side traces a LOC from (R 9.2), the
//! sweep that finds what a cut would leave out of supply.

#![allow(clippy::needless_range_loop)]

use super::*;

impl Model<'_> {
    pub fn passable(&self, a: usize, side: Side) -> bool {
        match self.board.terrain(AreaId::from_index(a)) {
            None => false,
            Some(Terrain::Staging) => side == Side::German,
            Some(_) => true,
        }
    }

    /// Areas from which `side` traces a LOC (R 9.2).
    pub fn supplied(&self, side: Side) -> Vec<bool> {
        let n = self.n();
        let ok = |a: usize| {
            self.board.is_area(AreaId::from_index(a))
                && self.passable(a, side)
                && self.control[a] == side
                && !self.disputed(a)
        };
        let mut seen = vec![false; n];
        let mut q = VecDeque::new();
        for a in 0..self.board.n_areas {
            if ok(a) && self.is_source(a, side) {
                seen[a] = true;
                q.push_back(a);
            }
        }
        while let Some(a) = q.pop_front() {
            for nb in self.board.neighbours(AreaId::from_index(a)) {
                let j = nb.index();
                if !seen[j] && ok(j) {
                    seen[j] = true;
                    q.push_back(j);
                }
            }
        }
        seen
    }

    /// Cost to enter `a` (R 2.6, 8.0).
    pub fn mp_cost(&self, a: usize) -> u32 {
        match self.weather {
            Weather::Rain => 3,
            Weather::Snow | Weather::Blizzard => 2,
            Weather::Sunny => match self.board.terrain(AreaId::from_index(a)) {
                Some(Terrain::Yellow) | Some(Terrain::Victory) => 2,
                _ => 1,
            },
        }
    }

    /// The enemy's sweep on the coming impulse (R 10.8, 2.5): from every enemy stack that
    /// can move, the areas his blocks could enter with their MP. Own empty areas passed
    /// through flip to him; own areas held by a single block (or none that fights) become
    /// disputed. Returns the own strength (weighted per side) that would then lose its LOC,
    /// and the own VP lost — how exposed the position is to an encirclement.
    pub fn sweep_cut(&self) -> (f32, f32) {
        let me = self.me;
        let (control, sup) = self.sweep();
        let sup_now = self.supplied(me);
        let mut cut = 0.0;
        for (a, us) in self.units.iter().enumerate() {
            if !self.board.is_area(AreaId::from_index(a)) {
                continue;
            }
            if !self.in_supply(a, me, &sup_now) {
                continue; // already cut: the supply term counts it
            }
            if Self::supplied_after(self.board, a, &sup) {
                continue;
            }
            for u in us.iter().filter(|u| u.side == me && u.counts_for_control()) {
                cut += self.cut_off_cost(u.strength)
                    // A German block at its last step surrenders after one impulse cut off
                    // (R 9.3), for good.
                    + if me == Side::German && u.strength <= 1.0 {
                        40.0
                    } else {
                        0.0
                    };
            }
        }
        let mut vp_lost = 0.0;
        for a in 0..self.board.n_areas {
            if self.control[a] == me
                && control[a] != me
                && self.board.is_victory(AreaId::from_index(a))
            {
                vp_lost += 1.0;
            }
        }
        (cut, vp_lost)
    }

    /// What one own block of `strength` cut off from supply stands to lose (Isolation
    /// attrition, R 9.3). German losses are permanent (R 10.14.3): his pockets cost more.
    pub fn cut_off_cost(&self, strength: f32) -> f32 {
        if self.me == Side::German {
            50.0 + 16.0 * strength
        } else {
            18.0 + 8.0 * strength
        }
    }

    /// Whether area `a` traces a LOC in the supply `sup` (itself or a neighbour supplied: a
    /// LOC may start in a disputed area, R 9.2).
    pub(super) fn supplied_after(board: &Board, a: usize, sup: &[bool]) -> bool {
        sup[a]
            || board
                .neighbours(AreaId::from_index(a))
                .any(|nb| sup[nb.index()])
    }

    /// The enemy's sweep next impulse, every block that can move moving through the empty
    /// own areas in its reach (passing through flips them, R 2.5; a thin garrison it stops
    /// in is disputed): the control after it and the own supply left.
    pub(super) fn sweep(&self) -> (Vec<Side>, Vec<bool>) {
        let me = self.me;
        let en = me.other();
        let n = self.n();
        let mut control = self.control.clone();
        let mut blocked: Vec<bool> = (0..n).map(|a| self.disputed(a)).collect();
        let mut best = vec![u32::MAX; n];
        let mut q: VecDeque<(usize, u32)> = VecDeque::new();
        for src in 0..self.board.n_areas {
            // Hidden blocks: about a third of the Soviet blocks are fast; a stack of two
            // hidden blocks likely holds one.
            let mut mp = 0;
            let mut hidden = 0;
            for u in self.blocks_of(src, en) {
                if u.fights() && !u.isolated && u.role != Some(Role::TacticalHq) {
                    if u.id.is_none() {
                        hidden += 1;
                    }
                    mp = mp.max(if u.fast { 5 } else { 3 });
                }
            }
            if hidden > 0 {
                mp = mp.max(if hidden >= 2 { 5 } else { 4 });
            }
            if mp == 0 {
                continue;
            }
            // Leaving an area with own units costs one more MP (R 10.8).
            let left = if self.has_units(src, me) { mp - 1 } else { mp };
            q.push_back((src, left));
        }
        while let Some((a, left)) = q.pop_front() {
            for nb in self.board.neighbours(AreaId::from_index(a)) {
                let j = nb.index();
                if !self.board.is_area(nb) || !self.passable(j, en) {
                    continue;
                }
                let c = self.mp_cost(j);
                if c > left {
                    continue;
                }
                let rest = left - c;
                if self.has_units(j, me) {
                    // He stops there: a thin garrison is disputed (its LOC broken).
                    let held = self
                        .blocks_of(j, me)
                        .filter(|u| u.role == Some(Role::Combat))
                        .count();
                    if held <= 1 {
                        blocked[j] = true;
                    }
                    continue;
                }
                control[j] = en;
                if best[j] == u32::MAX || rest > best[j] {
                    best[j] = rest;
                    q.push_back((j, rest));
                }
            }
        }
        // Own supply in the swept position.
        let ok = |a: usize| {
            self.board.is_area(AreaId::from_index(a))
                && self.passable(a, me)
                && control[a] == me
                && !blocked[a]
        };
        let mut sup = vec![false; n];
        let mut qq = VecDeque::new();
        for a in 0..self.board.n_areas {
            if ok(a) && self.is_source(a, me) {
                sup[a] = true;
                qq.push_back(a);
            }
        }
        while let Some(a) = qq.pop_front() {
            for nb in self.board.neighbours(AreaId::from_index(a)) {
                let j = nb.index();
                if !sup[j] && ok(j) {
                    sup[j] = true;
                    qq.push_back(j);
                }
            }
        }
        (control, sup)
    }

    pub fn in_supply(&self, a: usize, side: Side, sup: &[bool]) -> bool {
        if !self.board.is_area(AreaId::from_index(a)) || sup[a] {
            return true;
        }
        if self.control[a] == side && !self.disputed(a) {
            return false;
        }
        self.board
            .neighbours(AreaId::from_index(a))
            .any(|nb| sup[nb.index()])
    }
}
