//! What a game hands the table's skins to draw, in plain data: the map's spaces, the pieces and
//! markers of a view, the overlays, and the cues of an event. None of it names a game's types,
//! so the map, piece and marker code is written once for every game.

use bevy::prelude::*;
use eastfront_kernel::{PieceId, Side, SpaceId};

/// How the pieces of one space are laid out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StackLayout {
    /// A short offset pile around the anchor (hex games: blocks stand on each other's corner).
    Pile,
    /// Side by side under the anchor, rows of up to four (more when many): an area.
    Area,
    /// Side by side in rows of `cols` under the anchor: a box.
    Row { cols: usize },
}

/// One space's outline.
#[derive(Clone, Debug, PartialEq)]
pub enum SpaceShape {
    /// A hex of the map's [`MapDesc::hex_layout`].
    Hex(hexx::Hex),
    /// A polygon in world units (an area, a box).
    Polygon(Vec<Vec2>),
}

/// One space of the map: a hex, an area or an off-map box.
#[derive(Clone, Debug, PartialEq)]
pub struct SpaceDesc {
    pub id: SpaceId,
    pub shape: SpaceShape,
    pub fill: Color,
    /// The outline's colour and width (world units); width 0: none.
    pub outline: (Color, f32),
    /// Where its pieces stand (their first slot).
    pub anchor: Vec2,
    pub layout: StackLayout,
}

/// The map of a game.
#[derive(Clone, Debug)]
pub struct MapDesc {
    /// Hex maps: the layout every [`SpaceShape::Hex`] is placed with.
    pub hex_layout: Option<hexx::HexLayout>,
    pub spaces: Vec<SpaceDesc>,
    /// Everything drawn, margins included (the camera fits this).
    pub bounds: Rect,
    /// The side of a piece's top face, world units.
    pub piece_size: f32,
    /// The distance between two pieces' centres in a grid or a fanned stack.
    pub piece_pitch: f32,
    /// Fit around the viewer's own pieces (a portrait board opens closer) or the whole board.
    pub open_on_own_pieces: bool,
}

impl MapDesc {
    pub fn space(&self, id: SpaceId) -> Option<&SpaceDesc> {
        self.spaces.iter().find(|s| s.id == id)
    }
}

/// A piece's key at the table. A piece the viewer knows is keyed by its identity; a hidden one
/// by where it stands and its place in the stack, never by who it is, so the key leaks nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceKey {
    Known(PieceId),
    Hidden { at: u32, side: Side, slot: u16 },
}

/// Where a piece is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Place {
    /// In a space, at slot `slot` of `of` (the table lays the stack out).
    Space {
        space: SpaceId,
        slot: usize,
        of: usize,
    },
    /// At a world point the game chose (a holding box beside the map).
    At(Vec2),
}

/// A NATO-style unit symbol, drawn in the piece's text colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symbol {
    None,
    Infantry,
    Armour,
    /// Armour oval with the infantry cross (panzergrenadiers, motorised infantry in an oval).
    ArmouredInfantry,
    /// The infantry cross with a wheel bar under the frame.
    MotorisedInfantry,
    Cavalry,
    /// A gun sign (anti-tank, anti-aircraft).
    Gun,
    /// The infantry cross with an anchor bar (marines).
    Marine,
    /// A diamond: a leader or general.
    Leader,
    /// A frame on a staff: a headquarters.
    Hq,
    /// A headquarters with wings (an air corps).
    AirHq,
}

/// A strength pip on a block's top edge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pip {
    pub fill: Color,
    pub ring: Color,
    /// A star instead of a dot (HQ and leader strength).
    pub star: bool,
}

/// What the viewer may read on a block's face.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockFace {
    pub label: String,
    pub symbol: Symbol,
    pub pips: Vec<Pip>,
    /// A coloured band along the bottom (army or sticker colour).
    pub band: Option<Color>,
    /// A small letter in the top-right corner ("R" for Stalingrad's R units).
    pub corner: Option<String>,
}

/// A wooden block seen from above: the owner reads its face, the opponent sees plain wood.
#[derive(Clone, Debug, PartialEq)]
pub struct BlockLook {
    pub top: Color,
    pub edge: Color,
    pub text: Color,
    /// None: the blank wooden side.
    pub face: Option<BlockFace>,
    /// Laid face up for both sides (a battle's reveal): drawn flat with a light rim.
    pub revealed: bool,
    /// A white cube on the block (Moscow's Isolated, R 9.1): public even on a blank block.
    pub cube: bool,
}

/// A printed counter: what the cardboard shows.
#[derive(Clone, Debug, PartialEq)]
pub struct CounterLook {
    pub background: Color,
    pub text: Color,
    pub symbol: Symbol,
    /// The unit's identity, printed at the top ("4 Pz", "1 Bel").
    pub identity: String,
    /// The factors along the bottom ("4-6", "3-3-4").
    pub factors: String,
    /// The reduced side: a band of its own colour across the top.
    pub reduced_band: Option<Color>,
    /// None: face down (an untried or hidden counter shows only its back).
    pub face_up: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum PieceLook {
    Block(BlockLook),
    Counter(CounterLook),
}

/// One piece of a view.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceDesc {
    pub key: PieceKey,
    pub side: Side,
    pub place: Place,
    pub look: PieceLook,
}

impl PieceDesc {
    pub fn space(&self) -> Option<SpaceId> {
        match self.place {
            Place::Space { space, .. } => Some(space),
            Place::At(_) => None,
        }
    }
    pub fn id(&self) -> Option<PieceId> {
        match self.key {
            PieceKey::Known(p) => Some(p),
            PieceKey::Hidden { .. } => None,
        }
    }
    /// Whether the viewer reads this piece's face.
    pub fn face_shown(&self) -> bool {
        match &self.look {
            PieceLook::Block(b) => b.face.is_some(),
            PieceLook::Counter(c) => c.face_up,
        }
    }
}

/// A marker's shape.
#[derive(Clone, Debug, PartialEq)]
pub enum MarkerShape {
    Disc {
        radius: f32,
    },
    Ring {
        radius: f32,
        width: f32,
    },
    Square {
        size: Vec2,
    },
    Star {
        radius: f32,
    },
    Text {
        text: String,
        size: f32,
    },
    /// A counter-like square with a word on it (rubble, weather, control).
    Chit {
        size: f32,
        text: String,
    },
    /// A closed line through `points` (relative to the marker's place): a ring round a space.
    Outline {
        points: Vec<Vec2>,
        width: f32,
    },
}

/// One marker: something on the table that is not a unit.
#[derive(Clone, Debug, PartialEq)]
pub struct MarkerDesc {
    /// Stable while the marker stays (so it is updated in place, not respawned).
    pub key: u64,
    pub at: Vec2,
    pub shape: MarkerShape,
    pub fill: Color,
    /// A darker rim; None for none.
    pub rim: Option<Color>,
    /// What it is, for the hover text.
    pub what: String,
}

/// A map overlay the player switches (control, supply, command range).
#[derive(Clone, Debug, PartialEq)]
pub struct Overlay {
    pub name: &'static str,
    pub key: KeyCode,
    pub key_name: &'static str,
    /// What each colour means, for the legend strip.
    pub legend: Vec<(Color, &'static str)>,
}

/// What an event shows on the board, for the AI's playback and the animations.
#[derive(Clone, Debug, PartialEq)]
pub enum Cue {
    /// A side's turn or impulse begins.
    TurnOf(Side),
    /// Pieces moved (or arrived, `from` None).
    Move {
        from: Option<SpaceId>,
        to: SpaceId,
        count: usize,
        piece: Option<PieceId>,
    },
    /// A battle opens in a space.
    Battle {
        at: SpaceId,
    },
    StepLost {
        side: Side,
        piece: Option<PieceId>,
    },
    Destroyed {
        side: Side,
        piece: Option<PieceId>,
    },
    Revealed(Vec<PieceId>),
}
