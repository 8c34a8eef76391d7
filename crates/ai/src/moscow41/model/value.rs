//! The position evaluator: the value of the model for the side it belongs to.

#![allow(clippy::needless_range_loop)]

use super::*;

impl Model<'_> {
    // ------------------------------------------------------------ evaluation

    /// The value of the position for `self.me` (higher is better). `full` adds the supply
    /// and front-line terms (Normal and Hard); Easy plays with the short form.
    pub fn value(&self, full: bool) -> f32 {
        let me = self.me;
        let en = me.other();
        let mut v = 0.0;
        let my_vp = self.vp(me) as f32;
        let en_vp = self.vp(en) as f32;
        v += 400.0 * (my_vp - en_vp);
        if my_vp >= 7.0 {
            v += 100_000.0;
        }
        if en_vp >= 7.0 {
            v -= 100_000.0;
        }
        // Kiev: Chernigov and Romny German at a Final Phase (R 13.2).
        if self.discs[2] {
            let held = self
                .cache
                .specials
                .iter()
                .filter(|a| self.control[**a] == Side::German)
                .count() as f32;
            let s = 60.0 * held + if held >= 2.0 { 200.0 } else { 0.0 };
            v += if me == Side::German { s } else { -s };
        }
        // The scenario's own objectives (SC.1–SC.3).
        {
            let c = &self.cache;
            let mut g = 0.0;
            if !c.goal_control.is_empty() {
                let held = c
                    .goal_control
                    .iter()
                    .filter(|a| self.control[**a] == Side::German && !self.disputed(**a))
                    .count();
                g += 300.0 * held as f32;
                if held == c.goal_control.len() {
                    g += 50_000.0;
                }
            }
            if !c.goal_dl.is_empty() {
                let forts = c.goal_dl.iter().filter(|a| self.dl[**a][0]).count();
                let held = c
                    .goal_dl
                    .iter()
                    .filter(|a| self.control[**a] == Side::German)
                    .count();
                // A line is built only in an undisputed area (R 4.1): clear it first.
                let clear = c
                    .goal_dl
                    .iter()
                    .filter(|a| self.control[**a] == Side::German && !self.disputed(**a))
                    .count();
                g += 250.0 * forts as f32 + 80.0 * held as f32 + 150.0 * clear as f32;
                if forts == c.goal_dl.len() {
                    g += 50_000.0;
                }
            }
            v += if me == Side::German { g } else { -g };
        }
        // The Soviet's garrisons in the scenario's German objectives (SC.1–SC.3: one of them
        // lost is the game): a combat block, its steps and a line in each. Between the
        // utility Hards the Soviet had left Moscow to Stalin alone for impulses on end (the
        // stack holds Stalin and one block, R 2.4.3); with these terms (and the ring of
        // blocks around it from November) today's Hard German wins 18 SC.3 games in 100
        // against him where he won 77 (docs/ai-moscow41.md "fifth round").
        if me == Side::Soviet && self.plan == Plan::Current && self.has_scenario_goal() {
            self.garrison_terms(&mut v);
        }
        // The last VP the enemy needs for Sudden Death: a full garrison and a DL (R 1.7).
        if en_vp >= 6.0 {
            for a in 0..self.board.n_areas {
                if self.control[a] == me && self.board.is_victory(AreaId::from_index(a)) {
                    let n = self
                        .blocks_of(a, me)
                        .filter(|u| u.role == Some(Role::Combat))
                        .count();
                    v -= 300.0 * 2usize.saturating_sub(n) as f32;
                    if !self.dl[a][idx(me)] {
                        v -= 120.0;
                    }
                }
            }
        }
        // The German wins only by going for his objectives: VP in December in the campaign
        // (R 1.7 B), Moscow in SC.2 and SC.3. Ground and the Soviet pockets weigh more for
        // him there, and in SC.2/SC.3 holding his own line weighs less (measured over two
        // ranges of 200 seeds, docs/moscow41.md: the campaign against the Easy Soviet 35% /
        // 32% → 51% / 45%, SC.2 against the Normal Soviet 1.5% → 7–15%). SC.1's German must
        // hold Yelnia and Yartsevo to fortify them: he keeps the plain weights (these cost
        // him five points against random play there).
        let raider = me == Side::German && self.cache.goal_dl.is_empty();
        let take_moscow = me == Side::German && self.has_control_goal();
        // Territory (a weak tie-break: ground is supply and room).
        let ground = if raider { 0.9 } else { 0.3 };
        for a in 0..self.board.n_areas {
            if self.control[a] == me {
                v += ground;
            }
        }
        // The German drive: combat blocks close to the objectives.
        if me == Side::German {
            v += self.drive_value();
        }
        if !full {
            return v;
        }
        // Supply (R 9): isolated blocks lose steps and surrender (R 9.3).
        let sup_me = self.supplied(me);
        let sup_en = self.supplied(en);
        let en_cut_w = if raider { 3.0 } else { 1.0 };
        for (a, us) in self.units.iter().enumerate() {
            if !self.board.is_area(AreaId::from_index(a)) {
                continue;
            }
            let mine_ok = self.in_supply(a, me, &sup_me);
            let en_ok = self.in_supply(a, en, &sup_en);
            for u in us {
                if !u.counts_for_control() {
                    continue;
                }
                if u.side == me && !mine_ok {
                    v -= self.cut_off_cost(u.strength);
                } else if u.side == en && !en_ok {
                    v += en_cut_w
                        * (if me == Side::German { 30.0 } else { 16.0 } + 6.0 * u.strength);
                }
            }
        }
        // The enemy's sweep next impulse: pockets and Victory Areas he could cut or take.
        if self.sweep_w > 0.0 {
            let (cut, vp_lost) = self.sweep_cut();
            v -= self.sweep_w * (cut + 250.0 * vp_lost);
        }
        // Hold the line: own areas next to enemy blocks must not be left open.
        let hold_w = if take_moscow { 0.2 } else { 1.0 };
        for a in 0..self.board.n_areas {
            if self.control[a] != me || !self.passable(a, en) {
                continue;
            }
            let threat = self.cache.threat[a];
            if threat <= 0.0 {
                continue;
            }
            let imp = self.importance(a)
                + if sup_me[a] { 3.0 } else { 0.0 }
                + self.cache.crit.get(a).copied().unwrap_or(0.0)
                    * if me == Side::German { 25.0 } else { 10.0 };
            let def = self.defence_hits(a, me) + self.steps_of(a, me) * 0.35;
            if def <= 0.0 {
                v -= hold_w * imp * 0.8 * threat.min(1.0);
            } else {
                let ratio = (threat / (def * 2.0 + 0.5)).min(1.5);
                v -= hold_w * imp * 0.3 * ratio;
            }
        }
        // The Soviet's blocks should stand in front of the Germans, not deep in the rear.
        if me == Side::Soviet {
            let d = &self.cache.dist_enemy;
            for (a, us) in self.units.iter().enumerate() {
                let da = d[a].min(8) as f32;
                for u in us
                    .iter()
                    .filter(|u| u.side == me && u.role == Some(Role::Combat))
                {
                    v -= 1.0 * da * (0.5 + u.strength / 4.0);
                }
            }
        }
        v
    }

    /// The German drive (negative): his combat blocks' distance to the objectives, each
    /// weighted by its size — all of them, or only the nearest, as the scenario and the
    /// plan say.
    pub fn drive_value(&self) -> f32 {
        let w = if self.has_scenario_goal() { 80.0 } else { 15.0 };
        // How many of the nearest blocks the drive pulls at `w`, and the weight left to the
        // rest (every block pulled where None).
        let nearest: Option<(usize, f32)> =
            if self.plan == Plan::Current && self.cache.two_conditions {
                // SC.1, today's plan: the 14 nearest (the spearheads for Chernigov and
                // Romny and the blocks that keep their road open), the rest almost free to
                // hold the line and its supply. Pulling every block south won the German
                // 18.5% / 16% of 200 games (seeds 7000– / 7200–) against today's Hard Soviet
                // (reference); this wins 37% / 30.5% (docs/ai-moscow41.md "sixth round").
                Some((14, 5.0))
            } else if !self.cache.goal_dl.is_empty() {
                // SC.1, reference plan: the 8 nearest (two full stacks in Yelnia and
                // Yartsevo, R 2.7); the rest guard the supply lines behind them, whose cut
                // isolates the garrisons that must build the lines (R 9.3). Measured against
                // random play (German, seeds 1–200 / 1001–1200 / 2001–2200): Normal 93.5 /
                // 88.5 / 94.5% → 97 / 95.5 / 95%, Hard 93.5 / 93 / 95.5% → 97.5 / 98 /
                // 97.5%; against the AIs it wins more too (docs/moscow41.md).
                Some((8, 15.0))
            } else {
                // A scenario's objective (Moscow in SC.2/SC.3) is the whole game: the drive
                // toward it dominates. (Only the nearest there lost: today's Hard German won
                // 2–8 SC.2 games in 100 against the reference Soviet where he wins 14.)
                None
            };
        // Each combat block: (distance to the nearest objective, its size).
        let blocks = self.units.iter().enumerate().flat_map(|(a, us)| {
            let d = self.dist_objective.get(a).copied().unwrap_or(0).min(12) as f32;
            us.iter()
                .filter(|u| u.side == self.me && u.role == Some(Role::Combat))
                .map(move |u| (d, 0.5 + u.strength / 4.0))
        });
        let Some((pulled, rest)) = nearest else {
            return -blocks.map(|(d, size)| w * d * size).sum::<f32>();
        };
        let mut drive: Vec<(f32, f32)> = blocks.collect();
        drive.sort_by(|x, y| x.0.total_cmp(&y.0));
        -drive
            .iter()
            .enumerate()
            .map(|(k, (d, size))| if k < pulled { w } else { rest } * d * size)
            .sum::<f32>()
    }

    /// [`Self::value`]'s garrison terms for the Soviet: each German objective he holds
    /// wants a combat block (300), four steps there (30 each) and his line (120), and from
    /// November a combat block in every area around it (300 each).
    fn garrison_terms(&self, v: &mut f32) {
        let me = self.me;
        let goals = self.cache.goal_control.iter().chain(&self.cache.goal_dl);
        for &a in goals {
            if self.control[a] != me {
                continue;
            }
            let (blocks, steps) = self
                .blocks_of(a, me)
                .filter(|u| u.role == Some(Role::Combat))
                .fold((0, 0.0), |(n, s), u| (n + 1, s + u.strength));
            if blocks == 0 {
                *v -= 300.0;
            }
            *v -= 30.0 * (4.0 - steps).max(0.0);
            if !self.dl[a][idx(me)] {
                *v -= 120.0;
            }
            // From November the German stands at the objective's gates (SC.2's last two
            // months, all of SC.3): a ring of combat blocks in the areas around it. Against
            // today's Hard German in SC.3 this won 82 games in 100 where the garrison alone
            // won 49; held from the start, it drew SC.2's blocks off the October front (93 →
            // 84 games in 100 there).
            if self.turn >= 5 {
                for nb in self.board.neighbours(AreaId::from_index(a)) {
                    let guarded = self
                        .blocks_of(nb.index(), me)
                        .any(|u| u.role == Some(Role::Combat));
                    if self.board.is_area(nb) && !guarded {
                        *v -= 300.0;
                    }
                }
            }
        }
    }
}
