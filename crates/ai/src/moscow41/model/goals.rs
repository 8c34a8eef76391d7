//! What each side plays for in the model: VP held (R 1.7), the scenario's objectives, distances
//! to them and the importance of an area.

#![allow(clippy::needless_range_loop)]

use super::*;

impl Model<'_> {
    /// VP held by `side` (R 1.7): Victory Areas by control, Kiev and Leningrad by disc.
    pub fn vp(&self, side: Side) -> u32 {
        let mut n = 0;
        for a in 0..self.board.n_areas {
            if self.board.is_victory(AreaId::from_index(a)) && self.control[a] == side {
                n += 1;
            }
        }
        let kiev = if self.discs[2] {
            Side::Soviet
        } else {
            Side::German
        };
        let len = if self.discs[1] {
            Side::Soviet
        } else {
            Side::German
        };
        n + (kiev == side) as u32 + (len == side) as u32
    }

    /// A scenario the German wins only by meeting its objectives (SC.1–SC.3): anything
    /// else is a Soviet victory, so every impulse the German does not use is time lost.
    pub fn has_scenario_goal(&self) -> bool {
        !self.cache.goal_control.is_empty() || !self.cache.goal_dl.is_empty()
    }

    /// A scenario won only by taking areas (Moscow in SC.2 and SC.3; SC.1 also counts
    /// Defensive Lines).
    pub fn has_control_goal(&self) -> bool {
        !self.cache.goal_control.is_empty() && self.cache.goal_dl.is_empty()
    }

    /// Whether `self.me` wins if the game ends now (the last Final Phase): a scenario with
    /// German objectives is the Soviet's unless they were met (SC.1–SC.3, they end the game
    /// at once); otherwise most VP (R 1.7 B), Kiev going German if Chernigov and Romny are
    /// German at the Final Phase (R 13.2).
    pub fn wins_at_end(&self) -> bool {
        if self.has_scenario_goal() {
            return self.me == Side::Soviet;
        }
        let mut german = self.vp(Side::German);
        if self.discs[2]
            && !self.cache.specials.is_empty()
            && self
                .cache
                .specials
                .iter()
                .all(|a| self.control[*a] == Side::German && !self.disputed(*a))
        {
            german += 1;
        }
        let german_wins = german * 2 > 7;
        german_wins == (self.me == Side::German)
    }

    /// The German drive's objectives: Victory Areas not German, and Chernigov / Romny while
    /// Kiev is Soviet (R 13.2).
    pub fn objectives(&self) -> Vec<usize> {
        let mut v = Vec::new();
        // A scenario with its own victory conditions (SC.1–SC.3) is won only there: Victory
        // Areas count for nothing but the 7-VP Sudden Death, out of reach in one month.
        let scenario_goals = self.has_scenario_goal();
        if scenario_goals {
            for &g in &self.cache.goal_control {
                if self.control[g] != Side::German {
                    v.push(g);
                }
            }
            for &g in &self.cache.goal_dl {
                if !v.contains(&g) && (self.control[g] != Side::German || !self.dl[g][0]) {
                    v.push(g);
                }
            }
            return v;
        }
        for a in 0..self.board.n_areas {
            let id = AreaId::from_index(a);
            let special = self
                .board
                .area(id)
                .and_then(|x| x.city.as_ref())
                .is_some_and(|c| c.special);
            if (self.board.is_victory(id) || (special && self.discs[2]))
                && self.control[a] != Side::German
            {
                v.push(a);
            }
        }
        for &g in self.cache.goal_control.iter().chain(&self.cache.goal_dl) {
            if !v.contains(&g) && (self.control[g] != Side::German || !self.dl[g][0]) {
                v.push(g);
            }
        }
        v
    }

    pub(super) fn objective_distances(&self) -> Vec<u32> {
        let targets = self.objectives();
        self.distances(&targets)
    }

    /// Graph distance (areas) from the nearest of `targets`, over map areas.
    pub fn distances(&self, targets: &[usize]) -> Vec<u32> {
        let n = self.n();
        let mut d = vec![u32::MAX; n];
        let mut q = VecDeque::new();
        for &t in targets {
            d[t] = 0;
            q.push_back(t);
        }
        while let Some(a) = q.pop_front() {
            for nb in self.board.neighbours(AreaId::from_index(a)) {
                let j = nb.index();
                if d[j] == u32::MAX && self.board.is_area(nb) {
                    d[j] = d[a] + 1;
                    q.push_back(j);
                }
            }
        }
        d
    }

    /// How much an area matters to hold (VP, cities, Kiev's special cities).
    pub fn importance(&self, a: usize) -> f32 {
        self.cache.imp.get(a).copied().unwrap_or(0.0)
    }

    pub(super) fn importance_raw(&self, a: usize) -> f32 {
        let id = AreaId::from_index(a);
        let Some(area) = self.board.area(id) else {
            return 0.0;
        };
        let mut v = 4.0;
        if area.terrain == Terrain::Victory {
            v += 120.0;
            // The last VP the holder's enemy needs for Sudden Death (R 1.7).
            let holder = self.control[a];
            if self.vp(holder.other()) >= 6 {
                v += 1500.0;
            }
        }
        if let Some(c) = &area.city {
            v += if c.special && self.discs[2] {
                60.0
            } else {
                12.0
            };
        }
        if area.terrain == Terrain::Staging {
            v += 30.0;
        }
        if self.cache.goal_control.contains(&a) || self.cache.goal_dl.contains(&a) {
            v += 150.0;
        }
        v
    }
}
