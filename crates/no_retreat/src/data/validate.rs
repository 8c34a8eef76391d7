//! Structural checks of the scenario files: ids unique, references resolve, shapes right.
//! Each failure names the file, the place and the problem. The rule-stated facts are checked
//! by `tests/data_facts.rs`.

use super::*;
use eastfront_kernel::DataError;
use std::collections::HashSet;

type Check = Result<(), DataError>;

fn bad(file: &str, msg: String) -> Check {
    Err(DataError::invalid(file, msg))
}

impl ScenarioData {
    /// Every structural check, file by file.
    pub fn validate(&self) -> Check {
        self.validate_map()?;
        self.validate_units()?;
        self.validate_cards()?;
        self.validate_tables()?;
        self.validate_track()?;
        self.validate_setups()
    }

    fn validate_map(&self) -> Check {
        let f = "map.ron";
        let m = &self.map;
        let mut at: HashSet<Coord> = HashSet::new();
        let mut names: HashSet<&str> = HashSet::new();
        for h in &m.hexes {
            if !at.insert(h.at) {
                return bad(f, format!("hex {:?} is listed twice", h.at));
            }
            if let Some(n) = h.label() {
                if !names.insert(n) {
                    return bad(f, format!("hex {:?}: the name {n} is used twice", h.at));
                }
            }
            if h.terrain == Terrain::Lake
                && (h.city.is_some() || h.oil.is_some() || h.edge.is_some())
            {
                return bad(
                    f,
                    format!(
                        "hex {:?}: a lake hex cannot hold a city, an oil field or a map edge",
                        h.at
                    ),
                );
            }
            if h.objective.is_some() && !h.is_vp() {
                return bad(
                    f,
                    format!(
                        "hex {:?}: an Objective must be a city or an oil field (12.1)",
                        h.at
                    ),
                );
            }
            if h.city.is_some() && h.oil.is_some() {
                return bad(f, format!("hex {:?}: both a city and an oil field", h.at));
            }
        }
        let mut sides: HashSet<(Coord, Coord)> = HashSet::new();
        for s in &m.hexsides {
            for x in [s.a, s.b] {
                if !at.contains(&x) {
                    return bad(
                        f,
                        format!("hexside {:?}–{:?}: there is no hex {x:?}", s.a, s.b),
                    );
                }
            }
            if grid_distance(s.a, s.b) != 1 {
                return bad(
                    f,
                    format!("hexside {:?}–{:?}: the hexes are not neighbours", s.a, s.b),
                );
            }
            let key = if s.a < s.b { (s.a, s.b) } else { (s.b, s.a) };
            if !sides.insert(key) {
                return bad(f, format!("hexside {:?}–{:?} is listed twice", s.a, s.b));
            }
        }
        let area_names: HashSet<&str> = m.areas.iter().map(|a| a.name.as_str()).collect();
        for a in &m.areas {
            if at.contains(&a.at) {
                return bad(
                    f,
                    format!("area {}: drawn at {:?}, which is a hex", a.name, a.at),
                );
            }
            if names.contains(a.name.as_str()) {
                return bad(f, format!("area {}: a hex has the same name", a.name));
            }
            if a.neighbours.is_empty() {
                return bad(f, format!("area {} borders no hex", a.name));
            }
            for n in &a.neighbours {
                if !at.contains(n) {
                    return bad(
                        f,
                        format!("area {}: there is no neighbour hex {n:?}", a.name),
                    );
                }
            }
            for o in &a.areas {
                if !area_names.contains(o.as_str()) || o == &a.name {
                    return bad(f, format!("area {}: there is no other area {o}", a.name));
                }
            }
        }
        if area_names.len() != m.areas.len() {
            return bad(f, "an area is listed twice".into());
        }
        Ok(())
    }

    fn validate_units(&self) -> Check {
        let f = "units.ron";
        let mut ids: HashSet<&str> = HashSet::new();
        for u in &self.units.units {
            if !ids.insert(u.id.as_str()) {
                return bad(f, format!("unit {} is listed twice", u.id));
            }
            let two_faced = !matches!(u.steps, Steps::One);
            if two_faced != u.back.is_some() {
                return bad(
                    f,
                    format!(
                        "unit {}: steps {:?} needs {} back face",
                        u.id,
                        u.steps,
                        if two_faced { "a" } else { "no" }
                    ),
                );
            }
            if (u.side == eastfront_kernel::Side::Soviet)
                != matches!(
                    u.nation,
                    Nation::Soviet | Nation::Polish | Nation::Yugoslav | Nation::SovietRomanian
                )
            {
                return bad(
                    f,
                    format!(
                        "unit {}: nation {:?} does not fight for {:?}",
                        u.id, u.nation, u.side
                    ),
                );
            }
            if let Some(Code::Turn(t)) = u.code {
                if !(1..=28).contains(&t) {
                    return bad(
                        f,
                        format!("unit {}: arrival turn {t} is not on the track (1–28)", u.id),
                    );
                }
            }
            for face in std::iter::once(&u.front).chain(u.back.as_ref()) {
                if face.strength.is_some_and(|s| s > 12) || face.movement > 8 {
                    return bad(
                        f,
                        format!("unit {} ({}): impossible values", u.id, face.name),
                    );
                }
            }
        }
        let mut mids: HashSet<&str> = HashSet::new();
        for m in &self.units.markers {
            if !mids.insert(m.id.as_str()) {
                return bad(f, format!("marker {} is listed twice", m.id));
            }
            if m.count == 0 || m.faces.is_empty() {
                return bad(f, format!("marker {}: no count or no faces", m.id));
            }
        }
        Ok(())
    }

    fn validate_cards(&self) -> Check {
        let f = "cards.ron";
        let mut numbers: HashSet<u8> = HashSet::new();
        for c in &self.cards.cards {
            if !(1..=55).contains(&c.number) || !numbers.insert(c.number) {
                return bad(f, format!("card {}: numbers run 1–55, each once", c.number));
            }
            if c.axis.is_none() && c.soviet.is_none() && c.weather.is_none() {
                return bad(
                    f,
                    format!("card {}: it has no event and no weather", c.number),
                );
            }
            if c.green_45 && c.no_1945 {
                return bad(
                    f,
                    format!("card {}: both the green 45 and the prohibited 45", c.number),
                );
            }
        }
        Ok(())
    }

    fn validate_tables(&self) -> Check {
        let f = "tables.ron";
        let t = &self.tables;
        for (name, crt) in [("axis_crt", &t.axis_crt), ("soviet_crt", &t.soviet_crt)] {
            let shape = |rows: usize, cols: Vec<usize>| rows == 6 && cols.iter().all(|&c| c == 9);
            if !shape(crt.rows.len(), crt.rows.iter().map(Vec::len).collect())
                || !shape(
                    crt.sources.len(),
                    crt.sources.iter().map(Vec::len).collect(),
                )
            {
                return bad(
                    f,
                    format!("{name}: a CRT is 6 rows (die 1–6) of 9 columns (1:3–6:1)"),
                );
            }
        }
        for terrain in [
            Terrain::Clear,
            Terrain::Forest,
            Terrain::Marsh,
            Terrain::Mountain,
            Terrain::Strait,
            Terrain::Lake,
        ] {
            if t.tec
                .terrain
                .iter()
                .filter(|r| r.terrain == terrain)
                .count()
                != 1
            {
                return bad(f, format!("tec: terrain {terrain:?} needs exactly one row"));
            }
        }
        Ok(())
    }

    fn validate_track(&self) -> Check {
        let f = "track.ron";
        for (i, t) in self.track.turns.iter().enumerate() {
            if usize::from(t.turn) != i + 1 {
                return bad(
                    f,
                    format!(
                        "turn {}: the track must list turns 1, 2, 3, … in order",
                        t.turn
                    ),
                );
            }
            for e in &t.events {
                if let TurnEvent::RemoveUnit { unit, .. } = e {
                    if self.unit(unit).is_none() {
                        return bad(f, format!("turn {}: there is no unit {unit}", t.turn));
                    }
                }
            }
        }
        if self.track.turns.len() != 28 {
            return bad(
                f,
                format!(
                    "the track has {} turns, the game 28",
                    self.track.turns.len()
                ),
            );
        }
        for period in [
            WeatherPeriod::MarApr,
            WeatherPeriod::SepOct,
            WeatherPeriod::NovDec,
        ] {
            let n = self
                .track
                .weather_markers
                .iter()
                .filter(|m| m.period == period)
                .count();
            if n != 1 {
                return bad(
                    f,
                    format!("weather marker {period:?}: listed {n} times, once needed"),
                );
            }
            let faces = self
                .track
                .weather_markers
                .iter()
                .find(|m| m.period == period);
            for t in self
                .track
                .turns
                .iter()
                .filter(|t| t.variable == Some(period))
            {
                if faces.is_some_and(|m| m.printed != t.weather) {
                    return bad(f, format!("turn {}: its weather differs from the {period:?} marker's printed face", t.turn));
                }
            }
        }
        for s in &self.track.sudden_death {
            if self.turn(s.turn).is_none_or(|t| !t.skull) {
                return bad(
                    f,
                    format!("sudden death on turn {}: that turn has no skull", s.turn),
                );
            }
        }
        Ok(())
    }

    fn validate_setups(&self) -> Check {
        let f = "setups.ron";
        let mut ids: HashSet<&str> = HashSet::new();
        for s in &self.setups.setups {
            if !ids.insert(s.id.as_str()) {
                return bad(f, format!("scenario {} is listed twice", s.id));
            }
            if !(1..=28).contains(&s.first_turn) || s.last_turn < s.first_turn || s.last_turn > 28 {
                return bad(
                    f,
                    format!(
                        "scenario {}: turns {}–{} are not on the track",
                        s.id, s.first_turn, s.last_turn
                    ),
                );
            }
            let mut placed: HashSet<&str> = HashSet::new();
            for p in &s.placements {
                let Some(u) = self.unit(&p.unit) else {
                    return bad(f, format!("scenario {}: there is no unit {}", s.id, p.unit));
                };
                if !placed.insert(p.unit.as_str()) {
                    return bad(
                        f,
                        format!("scenario {}: unit {} is placed twice", s.id, p.unit),
                    );
                }
                if p.reduced && u.back.is_none() {
                    return bad(
                        f,
                        format!("scenario {}: unit {} has no reduced face", s.id, p.unit),
                    );
                }
                if !self.place_exists(&p.at) {
                    return bad(f, format!("scenario {}: unit {} is placed at {:?}, which is not a land hex or area", s.id, p.unit, p.at));
                }
            }
            for b in &s.boxed {
                if self.unit(&b.unit).is_none() {
                    return bad(f, format!("scenario {}: there is no unit {}", s.id, b.unit));
                }
                if !placed.insert(b.unit.as_str()) {
                    return bad(
                        f,
                        format!("scenario {}: unit {} is in two places", s.id, b.unit),
                    );
                }
            }
            for (name, _) in &s.control {
                if self.hex_named(name).is_none() && !self.map.areas.iter().any(|a| &a.name == name)
                {
                    return bad(
                        f,
                        format!(
                            "scenario {}: control of {name}, which is not on the map",
                            s.id
                        ),
                    );
                }
            }
            for v in &s.victory {
                if let Victory::AxisObjectivesAtEnd { all, any } = v {
                    for n in all.iter().chain(any) {
                        if self.hex_named(n).is_none_or(|h| h.objective.is_none()) {
                            return bad(
                                f,
                                format!("scenario {}: {n} is not an Objective hex", s.id),
                            );
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn place_exists(&self, place: &Place) -> bool {
        match place {
            Place::Hex(c) => self
                .map
                .hexes
                .iter()
                .any(|h| h.at == *c && h.terrain != Terrain::Lake),
            Place::Named(n) => {
                self.hex_named(n)
                    .is_some_and(|h| h.terrain != Terrain::Lake)
                    || self.map.areas.iter().any(|a| &a.name == n)
            }
        }
    }
}
