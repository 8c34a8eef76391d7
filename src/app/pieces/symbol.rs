//! Small NATO-style unit symbols drawn from bars: a frame with the arm's sign (X infantry, oval
//! armour, both for armoured infantry, a wheel bar for motorised, one diagonal for cavalry, an
//! inverted V for guns, an anchor bar for marines), a diamond for leaders, a frame on a staff
//! for headquarters (with wings for an air corps). Scaled to the piece.

use crate::app::table::desc::Symbol;
use bevy::prelude::*;

/// Draws `symbol` centred at (0, `cy`) for a piece of side `size`, in `colour`.
pub fn draw(
    p: &mut ChildSpawnerCommands,
    square: &Handle<Mesh>,
    colour: &MeshMaterial2d<ColorMaterial>,
    symbol: Symbol,
    size: f32,
    cy: f32,
) {
    // The symbol was designed for a 38-unit block; everything scales from that.
    let k = size / 38.0;
    let (w, h, t) = (15.0 * k, 9.0 * k, 1.1 * k);
    let bar = |p: &mut ChildSpawnerCommands, x: f32, y: f32, sx: f32, sy: f32, rot: f32| {
        p.spawn((
            Mesh2d(square.clone()),
            colour.clone(),
            Transform::from_xyz(x, y, 0.04)
                .with_rotation(Quat::from_rotation_z(rot))
                .with_scale(Vec3::new(sx, sy, 1.0)),
        ));
    };
    let diag = (w * w + h * h).sqrt();
    let angle = (h / w).atan();
    let frame = |p: &mut ChildSpawnerCommands| {
        bar(p, 0.0, cy + h / 2.0, w, t, 0.0);
        bar(p, 0.0, cy - h / 2.0, w, t, 0.0);
        bar(p, -w / 2.0, cy, t, h, 0.0);
        bar(p, w / 2.0, cy, t, h, 0.0);
    };
    let cross = |p: &mut ChildSpawnerCommands, thin: f32| {
        bar(p, 0.0, cy, diag, t * thin, angle);
        bar(p, 0.0, cy, diag, t * thin, -angle);
    };
    let oval = |p: &mut ChildSpawnerCommands| {
        bar(p, 0.0, cy + 2.2 * k, 8.0 * k, t * 0.9, 0.0);
        bar(p, 0.0, cy - 2.2 * k, 8.0 * k, t * 0.9, 0.0);
        bar(p, -4.3 * k, cy, t * 0.9, 4.4 * k, 0.0);
        bar(p, 4.3 * k, cy, t * 0.9, 4.4 * k, 0.0);
    };
    match symbol {
        Symbol::None => {}
        Symbol::Leader => bar(p, 0.0, cy, 9.0 * k, 9.0 * k, std::f32::consts::FRAC_PI_4),
        Symbol::Infantry => {
            frame(p);
            cross(p, 0.9);
        }
        Symbol::Armour => {
            frame(p);
            oval(p);
        }
        Symbol::ArmouredInfantry => {
            frame(p);
            oval(p);
            cross(p, 0.7);
        }
        Symbol::MotorisedInfantry => {
            frame(p);
            cross(p, 0.9);
            bar(p, 0.0, cy - h / 2.0 - 2.0 * k, w * 0.7, t, 0.0);
        }
        Symbol::Cavalry => {
            frame(p);
            bar(p, 0.0, cy, diag, t * 0.9, angle);
        }
        Symbol::Gun => {
            frame(p);
            bar(p, -2.5 * k, cy, 7.0 * k, t, 1.0);
            bar(p, 2.5 * k, cy, 7.0 * k, t, -1.0);
        }
        Symbol::Marine => {
            frame(p);
            cross(p, 0.9);
            bar(p, 0.0, cy - h / 2.0 - 2.0 * k, 6.0 * k, t, 0.0);
        }
        Symbol::Hq => {
            frame(p);
            bar(p, -w / 2.0, cy - 2.0 * k, t, h + 4.0 * k, 0.0);
        }
        Symbol::AirHq => {
            frame(p);
            bar(p, -w / 2.0, cy - 2.0 * k, t, h + 4.0 * k, 0.0);
            bar(p, 0.0, cy, w * 0.8, t, 0.25);
            bar(p, 0.0, cy, w * 0.8, t, -0.25);
        }
    }
}
