//! Whether the renderer may still be drawing less than the board holds: a render pipeline
//! still compiling (the renderer skips what it cannot draw yet, and compiles off the frame), an
//! image, font or mesh only now loaded. The board picture ([`super::cache`]) is drawn only for a
//! few frames after a change; on a fast GPU those frames pass in a few milliseconds, before the
//! pipelines of a new table are ready, and the picture kept would be an empty board (seen on an
//! NVIDIA H200: Stalingrad's table opened with no board until something changed). So the
//! picture is drawn again until the renderer has caught up.

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::{Render, RenderApp, RenderSystems};
use bevy::text::Font;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Set by the render world at the end of each frame: some pipeline was still waiting.
#[derive(Resource, Clone, Default)]
pub struct PipelinesWaiting(Arc<AtomicBool>);

impl PipelinesWaiting {
    pub fn now(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

pub fn plugin(app: &mut App) {
    let waiting = PipelinesWaiting::default();
    app.insert_resource(waiting.clone());
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app
            .insert_resource(waiting)
            .add_systems(Render, note_waiting.in_set(RenderSystems::Cleanup));
    }
}

fn note_waiting(cache: Option<Res<PipelineCache>>, waiting: Res<PipelinesWaiting>) {
    let any = cache.is_some_and(|c| c.waiting_pipelines().next().is_some());
    waiting.0.store(any, Ordering::Relaxed);
}

/// An asset the board may draw has just arrived or changed (each event is read once).
#[derive(bevy::ecs::system::SystemParam)]
pub struct AssetsArrived<'w, 's> {
    images: MessageReader<'w, 's, AssetEvent<Image>>,
    fonts: MessageReader<'w, 's, AssetEvent<Font>>,
    meshes: MessageReader<'w, 's, AssetEvent<Mesh>>,
}

impl AssetsArrived<'_, '_> {
    pub fn any(&mut self) -> bool {
        // Every reader is read to the end, so that old events do not count again.
        let images = self.images.read().filter(|e| arrived(e)).count();
        let fonts = self.fonts.read().filter(|e| arrived(e)).count();
        let meshes = self.meshes.read().filter(|e| arrived(e)).count();
        images + fonts + meshes > 0
    }
}

fn arrived<A: Asset>(e: &AssetEvent<A>) -> bool {
    matches!(
        e,
        AssetEvent::LoadedWithDependencies { .. } | AssetEvent::Modified { .. }
    )
}
