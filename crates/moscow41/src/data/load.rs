//! Loading and checking the scenario data ([`ScenarioData`]): the files compiled in, or
//! an edited folder.

use super::*;

/// All Moscow '41 data, parsed and validated.
#[derive(Clone, Debug)]
pub struct ScenarioData {
    pub map: MapFile,
    pub blocks: BlocksFile,
    pub setups: SetupsFile,
}

/// The data compiled into the binary, so the game runs from any folder.
pub const MAP_RON: &str = include_str!("../../../../scenarios/moscow41/map.ron");
pub const BLOCKS_RON: &str = include_str!("../../../../scenarios/moscow41/blocks.ron");
pub const SETUPS_RON: &str = include_str!("../../../../scenarios/moscow41/setups.ron");
/// Provenance of every value (shown in the app's About panel).
pub const SOURCES_MD: &str = include_str!("../../../../scenarios/moscow41/SOURCES.md");

impl ScenarioData {
    /// The data shipped with the program.
    pub fn builtin() -> ScenarioData {
        Self::from_strs(MAP_RON, BLOCKS_RON, SETUPS_RON)
            .unwrap_or_else(|e| panic!("built-in Moscow '41 data is invalid: {e}"))
    }

    pub fn from_strs(map: &str, blocks: &str, setups: &str) -> Result<Self, DataError> {
        let data = ScenarioData {
            map: eastfront_kernel::parse_ron("map.ron", map)?,
            blocks: eastfront_kernel::parse_ron("blocks.ron", blocks)?,
            setups: eastfront_kernel::parse_ron("setups.ron", setups)?,
        };
        data.validate()?;
        Ok(data)
    }

    /// Loads the three files from a folder (a player's corrected copy, for instance).
    pub fn load_dir(dir: &Path) -> Result<Self, DataError> {
        let read = |name: &str| eastfront_kernel::read_text_file(&dir.join(name));
        Self::from_strs(
            &read("map.ron")?,
            &read("blocks.ron")?,
            &read("setups.ron")?,
        )
    }

    /// Structural checks: ids unique, references resolve, borders symmetric and single,
    /// strengths consistent. The rule-stated facts are checked by `tests/data_facts.rs`.
    pub fn validate(&self) -> Result<(), DataError> {
        self.validate_map()?;
        self.validate_blocks()?;
        self.validate_setups()
    }

    fn validate_map(&self) -> Result<(), DataError> {
        let bad = |msg: String| Err(DataError::invalid("map.ron", msg));
        let m = &self.map;
        let mut ids: HashSet<&str> = HashSet::new();
        for a in &m.areas {
            if !ids.insert(a.id.as_str()) {
                return bad(format!("area {} is listed twice", a.id));
            }
            if a.polygon.len() < 3 {
                return bad(format!(
                    "area {}: its outline has {} points, at least 3 needed",
                    a.id,
                    a.polygon.len()
                ));
            }
            if (a.terrain == Terrain::Staging) != a.id.ends_with('A') {
                return bad(format!(
                    "area {}: only 16A, 9A, 4A and 2A are Staging Areas",
                    a.id
                ));
            }
        }
        let mut box_ids: HashSet<&str> = HashSet::new();
        for b in &m.boxes {
            if ids.contains(b.id.as_str()) || !box_ids.insert(b.id.as_str()) {
                return bad(format!("box {} is listed twice", b.id));
            }
        }
        let mut pairs: HashSet<(&str, &str)> = HashSet::new();
        for e in &m.edges {
            for x in [&e.a, &e.b] {
                if !ids.contains(x.as_str()) {
                    return bad(format!("border {}–{}: there is no area {x}", e.a, e.b));
                }
            }
            if e.a == e.b {
                return bad(format!(
                    "border {}–{}: an area cannot border itself",
                    e.a, e.b
                ));
            }
            let key = if e.a < e.b {
                (e.a.as_str(), e.b.as_str())
            } else {
                (e.b.as_str(), e.a.as_str())
            };
            if !pairs.insert(key) {
                return bad(format!(
                    "border {}–{} is listed twice (list each pair once; borders work both ways)",
                    e.a, e.b
                ));
            }
            if e.river_name.is_some() && !e.river {
                return bad(format!(
                    "border {}–{} names a river but has river: false",
                    e.a, e.b
                ));
            }
        }
        if m.road_to_leningrad.len() != 10 {
            return bad(format!(
                "road_to_leningrad lists {} boxes, the Road has 10",
                m.road_to_leningrad.len()
            ));
        }
        for r in &m.road_to_leningrad {
            match m.boxes.iter().find(|b| &b.id == r) {
                Some(b) if b.kind == BoxKind::Road => {}
                _ => return bad(format!("road_to_leningrad: {r} is not a Road box")),
            }
        }
        if !m.road_to_leningrad.contains(&m.shlisselburg) {
            return bad(format!(
                "shlisselburg: {} is not on the Road to Leningrad",
                m.shlisselburg
            ));
        }
        Ok(())
    }

    fn validate_blocks(&self) -> Result<(), DataError> {
        let bad = |msg: String| Err(DataError::invalid("blocks.ron", msg));
        let mut ids: HashSet<&str> = HashSet::new();
        for b in &self.blocks.blocks {
            if !ids.insert(b.id.as_str()) {
                return bad(format!("block {} is listed twice", b.id));
            }
            if b.dots.len() != b.max_strength as usize {
                return bad(format!(
                    "block {}: max_strength {} but {} dot colours",
                    b.id,
                    b.max_strength,
                    b.dots.len()
                ));
            }
            if !(1..=4).contains(&b.max_strength) {
                return bad(format!(
                    "block {}: max_strength {} (blocks have 1 to 4)",
                    b.id, b.max_strength
                ));
            }
            if (b.role == Role::Combat) != b.combat_type.is_some() {
                return bad(format!(
                    "block {}: combat blocks (and only they) have a combat_type",
                    b.id
                ));
            }
            if b.reduced && b.side != Side::Soviet {
                return bad(format!("block {}: only Soviet blocks are Reduced", b.id));
            }
        }
        for bo in &self.blocks.bombers {
            match self.blocks.blocks.iter().find(|b| b.id == bo.owner) {
                Some(b) if b.role == Role::LuftwaffeHq => {}
                _ => {
                    return bad(format!(
                        "bomber {}: owner {} is not a Luftwaffe HQ",
                        bo.id, bo.owner
                    ))
                }
            }
        }
        Ok(())
    }

    fn validate_setups(&self) -> Result<(), DataError> {
        let bad = |msg: String| Err(DataError::invalid("setups.ron", msg));
        let blocks: HashMap<&str, &BlockData> = self
            .blocks
            .blocks
            .iter()
            .map(|b| (b.id.as_str(), b))
            .collect();
        let place_ok = |p: &str| self.area_by_name_or_id(p).is_some();
        let mut seen = HashSet::new();
        for s in &self.setups.setups {
            if !seen.insert(s.id.as_str()) {
                return bad(format!("setup {} is listed twice", s.id));
            }
            if !(1..=6).contains(&s.start_turn) || !(s.start_turn..=6).contains(&s.end_turn) {
                return bad(format!(
                    "setup {}: turns {}..{} (turns are 1 = July .. 6 = December)",
                    s.id, s.start_turn, s.end_turn
                ));
            }
            for (i, st) in s.deploy.iter().enumerate() {
                let at = format!("setup {} step {}", s.id, i + 1);
                if let Selector::Named(ids) = &st.what {
                    for id in ids {
                        match blocks.get(id.as_str()) {
                            Some(b) if b.side == st.side => {}
                            Some(_) => {
                                return bad(format!("{at}: block {id} is not {:?}", st.side))
                            }
                            None => return bad(format!("{at}: there is no block {id}")),
                        }
                    }
                }
                match &st.to {
                    Destination::Area(p) if !place_ok(p) => {
                        return bad(format!("{at}: there is no area {p}"))
                    }
                    Destination::OneEach(ps) => {
                        for p in ps {
                            if !place_ok(p) {
                                return bad(format!("{at}: there is no area {p}"));
                            }
                        }
                    }
                    Destination::WithBlock(b)
                    | Destination::AdjacentToBlock(b)
                    | Destination::WithOrAdjacentToBlock(b)
                        if !blocks.contains_key(b.as_str()) =>
                    {
                        return bad(format!("{at}: there is no block {b}"))
                    }
                    Destination::RoadBox(n) if !(1..=10).contains(n) => {
                        return bad(format!("{at}: Road boxes are 1..10, not {n}"))
                    }
                    _ => {}
                }
                for v in &s.victory {
                    if let VictoryCondition::GermanDlsIn(ps)
                    | VictoryCondition::GermanControlsAll(ps) = v
                    {
                        for p in ps {
                            if !place_ok(p) && !self.map.boxes.iter().any(|b| &b.id == p) {
                                return bad(format!(
                                    "setup {}: victory names unknown place {p}",
                                    s.id
                                ));
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// The area with this id ("63") or this printed name / city name ("Moscow").
    pub fn area_by_name_or_id(&self, key: &str) -> Option<&AreaData> {
        self.map.areas.iter().find(|a| a.id == key).or_else(|| {
            self.map.areas.iter().find(|a| {
                a.name.as_deref() == Some(key)
                    || a.city.as_ref().map(|c| c.name.as_str()) == Some(key)
            })
        })
    }
}
