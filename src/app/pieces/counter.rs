//! The printed counter skin (No Retreat!, Guards Tanks): a square of cardboard in its nation's
//! colour with a thin dark edge and a drop shadow; the unit's identity across the top, the NATO
//! symbol in the middle, the factors along the bottom; a reduced unit shows its own colour band
//! across the top. A counter shown face down shows only its back (the nation's colour).

use super::block::Kit;
use super::symbol;
use crate::app::map::painter::map_text;
use crate::app::table::desc::CounterLook;
use bevy::prelude::*;

/// Draws the counter on its entity: the face is the entity's own (pickable) mesh.
pub fn draw(ec: &mut EntityCommands, kit: &mut Kit, c: &CounterLook) {
    let size = kit.size;
    let k = size / 38.0;
    let square = kit.art.square.clone();
    let face = Mesh2d(kit.meshes.add(Rectangle::new(size, size)));
    let face_mat = kit.mat(c.background);
    ec.insert((face, face_mat));
    let edge = kit.mat(Color::srgb(0.12, 0.11, 0.10));
    let shadow = kit.mat(Color::srgba(0.0, 0.0, 0.0, 0.35));
    let ink = kit.mat(c.text);
    let band = c.reduced_band.map(|b| kit.mat(b));
    let font = kit.font.clone();
    ec.with_children(|p| {
        p.spawn((
            Mesh2d(square.clone()),
            shadow,
            Transform::from_xyz(2.0 * k, -2.0 * k, -0.03).with_scale(Vec3::splat(size)),
        ));
        p.spawn((
            Mesh2d(square.clone()),
            edge,
            Transform::from_xyz(0.0, 0.0, -0.02).with_scale(Vec3::splat(size + 1.6 * k)),
        ));
        if !c.face_up {
            return;
        }
        if let Some(band) = band {
            p.spawn((
                Mesh2d(square.clone()),
                band,
                Transform::from_xyz(0.0, size / 2.0 - 5.0 * k, 0.01).with_scale(Vec3::new(
                    size,
                    10.0 * k,
                    1.0,
                )),
            ));
        }
        p.spawn(map_text(
            c.identity.clone(),
            7.0 * k,
            c.text,
            font.as_ref(),
            Vec3::new(0.0, size / 2.0 - 6.0 * k, 0.05),
        ));
        symbol::draw(p, &square, &ink, c.symbol, size * 1.1, 1.0 * k);
        p.spawn(map_text(
            c.factors.clone(),
            9.5 * k,
            c.text,
            font.as_ref(),
            Vec3::new(0.0, -size / 2.0 + 7.0 * k, 0.05),
        ));
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::map::MapArt;
    use crate::app::table::desc::Symbol;

    fn drawn(look: &CounterLook) -> (usize, bool) {
        let mut world = World::new();
        world.init_resource::<Assets<Mesh>>();
        world.init_resource::<Assets<ColorMaterial>>();
        let art = MapArt::new(&mut world.resource_mut::<Assets<Mesh>>());
        world.insert_resource(art);
        let e = world.resource_scope(|world, mut art: Mut<MapArt>| {
            world.resource_scope(|world, mut meshes: Mut<Assets<Mesh>>| {
                world.resource_scope(|world, mut materials: Mut<Assets<ColorMaterial>>| {
                    let mut commands = world.commands();
                    let mut ec = commands.spawn_empty();
                    let mut kit = Kit {
                        art: &mut art,
                        meshes: &mut meshes,
                        materials: &mut materials,
                        font: None,
                        size: 38.0,
                    };
                    draw(&mut ec, &mut kit, look);
                    ec.id()
                })
            })
        });
        world.flush();
        let children = world
            .get::<Children>(e)
            .map(|c| c.len())
            .unwrap_or_default();
        let texts = world
            .query::<&Text2d>()
            .iter(&world)
            .map(|t| t.0.clone())
            .collect::<Vec<_>>();
        let has_face = world.get::<Mesh2d>(e).is_some();
        (
            children,
            has_face && (texts.contains(&look.identity) || !look.face_up),
        )
    }

    /// A counter shows what the printed one does: its identity, symbol and factors, the
    /// reduced side's band; face down, only its back.
    #[test]
    fn a_counter_shows_its_identity_symbol_and_factors_and_face_down_only_its_back() {
        let mut look = CounterLook {
            background: Color::srgb(0.5, 0.5, 0.45),
            text: Color::BLACK,
            symbol: Symbol::Armour,
            identity: "4 Pz".into(),
            factors: "6-4".into(),
            reduced_band: None,
            face_up: true,
        };
        let (full, shows) = drawn(&look);
        assert!(
            shows,
            "the face is the pickable mesh and the identity is printed"
        );
        look.reduced_band = Some(Color::WHITE);
        let (reduced, _) = drawn(&look);
        assert_eq!(reduced, full + 1, "the reduced side adds its band");
        look.face_up = false;
        let (back, _) = drawn(&look);
        assert!(back < full, "face down: only the cardboard, no printing");
        assert_eq!(back, 2, "the shadow and the edge");
    }
}
