//! The schema of `map.ron` ([`MapFile`]): areas, borders, boxes, and the board's drawing
//! (lakes, rivers, labels).

use super::*;

/// Which stretch of a red (Soviet supply) map edge an area lies on (R 2.1, 2.2, 9.2, 13.2–13.3.1).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SupplyEdge {
    /// North edge, west half, light-blue icon: lost at once when Shlisselburg is German.
    NorthLightBlue,
    /// North edge, blue icon: lost (with the light-blue ones) when Leningrad falls.
    NorthBlue,
    /// East edge: always a Soviet source.
    East,
    /// South edge, orange icon: lost when Kiev falls.
    SouthOrange,
    /// South edge without an orange icon (GAP-25: stays valid after Kiev falls).
    South,
}

/// A city inside an area (R 2.4.5): white box with its name; Soviet reinforcement entry point;
/// +1 absorption when the defender controls the area.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct City {
    pub name: String,
    /// Special City (red name, small star): Chernigov and Romny (R 2.4.5, 13.2).
    #[serde(default)]
    pub special: bool,
}

/// A point on the board, in centimetres from the top-left corner (x east, y south).
pub type Point = (f32, f32);

/// One of the 175 areas.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct AreaData {
    /// "1".."171", "16A", "9A", "4A", "2A".
    pub id: String,
    /// Place name printed on the map (town, city or district), if any.
    #[serde(default)]
    pub name: Option<String>,
    pub terrain: Terrain,
    #[serde(default)]
    pub city: Option<City>,
    #[serde(default)]
    pub supply: Option<SupplyEdge>,
    /// Balkan cross: German-controlled at the start of the campaign (SC.C; 66, 67, 89, 90, 100).
    #[serde(default)]
    pub balkan_cross: bool,
    /// Red star icon: Soviet-controlled but disputed at the start of SC.3 (4, 15, 17, 31).
    #[serde(default)]
    pub red_star: bool,
    /// Soviet campaign deployment icon and its colour (Yellow, LightBlue or White; SC.C step 8).
    #[serde(default)]
    pub campaign_icon: Option<Colour>,
    /// Side of the white dashed line (SC.2 front) the area lies on.
    pub sc2_side: Side,
    /// Side of the red dashed line (SC.3 front) the area lies on.
    pub sc3_side: Side,
    /// Where the area's number/circle is drawn.
    pub centre: Point,
    /// The area's outline, clockwise or anticlockwise, not closed (last point ≠ first).
    pub polygon: Vec<Point>,
}

/// A border between two areas. Every pair of areas sharing a border is listed exactly once.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct EdgeData {
    pub a: String,
    pub b: String,
    /// A river runs along this border (R 2.4.6, 10.12.5.1): affects combat, not movement.
    #[serde(default)]
    pub river: bool,
    #[serde(default)]
    pub river_name: Option<String>,
}

/// What an off-map box is (R 2.2).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoxKind {
    /// Hitler's box: German-controlled, Hitler only.
    Rastenburg,
    /// South edge; no units ever; 1 VP.
    Kiev,
    /// One of the ten Road to Leningrad boxes (1 = Pskov .. 10 = Leningrad).
    Road,
}

/// One of the 12 off-map boxes.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct BoxData {
    /// "Rastenburg", "Kiev", "Pskov", ..., "Leningrad".
    pub id: String,
    pub kind: BoxKind,
    /// Drawing rectangle: top-left corner and size (cm).
    pub pos: Point,
    pub size: Point,
}

/// A named polygon drawn on the board (Lake Ilmen: the only lake with a game effect, R 2.4;
/// it is not an area, and no two areas border each other across it).
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct LakeData {
    pub name: String,
    pub polygon: Vec<Point>,
}

/// A river drawn on the board (the game effect is the `river` flag on [`EdgeData`]).
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct RiverData {
    pub name: String,
    pub points: Vec<Point>,
}

/// A text label drawn on the board (no game effect).
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct LabelData {
    pub text: String,
    pub pos: Point,
}

/// `scenarios/moscow41/map.ron`.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct MapFile {
    pub name: String,
    /// Board size in centimetres: the 86 × 62 cm map (R 1.1) is portrait, north up, so
    /// width 62 and height 86 (geography §2.1). x grows east, y grows south. Areas fill
    /// y 3..83; the strips above and below hold the boxes.
    pub width: f32,
    pub height: f32,
    /// All 175 areas: "1".."171" then "16A", "9A", "4A", "2A".
    pub areas: Vec<AreaData>,
    /// Borders between areas (each pair once).
    pub edges: Vec<EdgeData>,
    /// The 12 boxes: Rastenburg, Kiev and the ten Road to Leningrad boxes.
    pub boxes: Vec<BoxData>,
    /// The Road to Leningrad box ids in order: Pskov first, Leningrad last, Novgorod
    /// immediately before Pushkin (R 2.2, 10.9).
    pub road_to_leningrad: Vec<String>,
    /// Box id of Shlisselburg (one of the Road boxes, R 13.3.1; position GAP-5).
    pub shlisselburg: String,
    /// Where the 48th Panzer Corps waits next to the Kiev box (SC.C step 12).
    pub kiev_icon: Point,
    pub lakes: Vec<LakeData>,
    #[serde(default)]
    pub rivers: Vec<RiverData>,
    #[serde(default)]
    pub labels: Vec<LabelData>,
}
