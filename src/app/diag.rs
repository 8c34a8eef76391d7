//! Frame-time diagnostics, to compare the table with a bare Bevy + egui window
//! (`examples/bare_window.rs`) and to see how much the window draws when nothing moves.
//!
//! Off unless `EASTFRONT_DIAG` is set:
//!
//! - `EASTFRONT_DIAG=1`: every frame's duration (the wall time from the end of one frame to the
//!   end of the next) is recorded, in whatever update mode the app runs (a resting table
//!   draws only when something happens, so its "frames" include the rests between them).
//! - `EASTFRONT_DIAG=continuous`: the same, and the window is redrawn continuously, focused or
//!   not, so the time a full frame takes can be measured.
//! - `EASTFRONT_DIAG_SKIP=S`: frames in the first S seconds are not counted (loading, the menu,
//!   the clicks that reach the table).
//! - `EASTFRONT_DIAG_SECONDS=T`: after T counted seconds the app exits by itself.
//! - `EASTFRONT_DIAG_WHY=1`: one line per counted frame on stderr saying what may have asked
//!   for it: `RequestRedraw` messages, window and input events, and egui's repaint causes (the
//!   file and line of each `request_repaint`), to find what keeps a resting window drawing.
//! - `EASTFRONT_DIAG_VSYNC=off`: frames are presented without waiting for the display's
//!   refresh (`PresentMode::AutoNoVsync`), so that on a GPU, where both the table and the bare
//!   window draw faster than the refresh, the time a frame's work takes is what is measured.
//! - `EASTFRONT_DIAG_OFFSCREEN=1`: frames are drawn into an image instead of the window
//!   ([`offscreen`]'s docs say why), `EASTFRONT_DIAG_OFFSCREEN_PNG=FILE` saves it once.
//! - `EASTFRONT_DIAG_TABLE=GAME`: the app opens GAME's table as the menu would with its
//!   defaults, with no clicks ([`open_table`]; the table, not the bare window).
//!
//! At exit (an `AppExit`, the window closed or asked to close, Ctrl+C) one line goes to stderr:
//!
//! ```text
//! eastfront diag: mode=continuous frames=412 wall_s=20.03 fps=20.6 frame_ms median=47.8 p99=61.2 max=75.0 cpu_s=38.91 cpu_pct=194.3
//! ```
//!
//! `cpu_s` is the process's user + system CPU time over the counted seconds (all threads, from
//! `/proc/self/stat`; `n/a` where there is no `/proc`), `cpu_pct` the same as a percentage of
//! one core.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::{
    CursorMoved, PresentMode, RequestRedraw, WindowCloseRequested, WindowClosed, WindowEvent,
};
use bevy::winit::WinitSettings;
use std::time::{Duration, Instant};

mod offscreen;
pub mod open_table;

/// How the diagnostic runs, from `EASTFRONT_DIAG`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagMode {
    /// Record frames in the app's own update mode.
    Record,
    /// Record frames and redraw continuously.
    Continuous,
}

impl DiagMode {
    /// The mode `EASTFRONT_DIAG` asks for; `None` when unset, empty or `0`.
    pub fn from_env() -> Option<DiagMode> {
        let v = std::env::var("EASTFRONT_DIAG").ok()?;
        match v.trim() {
            "" | "0" => None,
            "continuous" => Some(DiagMode::Continuous),
            _ => Some(DiagMode::Record),
        }
    }

    fn name(self) -> &'static str {
        match self {
            DiagMode::Record => "record",
            DiagMode::Continuous => "continuous",
        }
    }
}

/// Frame-time diagnostics; does nothing unless `EASTFRONT_DIAG` is set (see the module docs).
pub struct DiagPlugin;

impl Plugin for DiagPlugin {
    /// `EASTFRONT_DIAG_SYSTEMS=1`: the number of systems in each schedule, once every plugin is
    /// in (to compare what a frame runs at the table and in the bare window).
    fn cleanup(&self, app: &mut App) {
        if std::env::var_os("EASTFRONT_DIAG_SYSTEMS").is_none() {
            return;
        }
        let schedules = app.world().resource::<bevy::ecs::schedule::Schedules>();
        let mut counts: Vec<(String, usize)> = schedules
            .iter()
            .map(|(label, s)| (format!("{label:?}"), s.systems_len()))
            .filter(|(_, n)| *n > 0)
            .collect();
        counts.sort();
        let total: usize = counts.iter().map(|(_, n)| n).sum();
        let list: Vec<String> = counts.iter().map(|(l, n)| format!("{l}={n}")).collect();
        eprintln!("eastfront diag systems: total={total} {}", list.join(" "));
    }

    fn build(&self, app: &mut App) {
        let Some(mode) = DiagMode::from_env() else {
            return;
        };
        let secs = |name: &str| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.trim().parse::<f64>().ok())
                .filter(|s| s.is_finite() && *s >= 0.0)
                .map(Duration::from_secs_f64)
        };
        app.insert_resource(FrameLog {
            mode,
            skip: secs("EASTFRONT_DIAG_SKIP").unwrap_or_default(),
            stop_after: secs("EASTFRONT_DIAG_SECONDS"),
            started: None,
            window_start: None,
            last: None,
            cpu_at_start: None,
            frames_ms: Vec::new(),
            printed: false,
        })
        .add_systems(Last, (record_frame, report_at_exit).chain());
        if std::env::var_os("EASTFRONT_DIAG_WHY").is_some() {
            app.add_systems(Last, why_this_frame.after(record_frame));
        }
        if offscreen::asked() {
            app.add_plugins(offscreen::plugin);
        }
        if std::env::var("EASTFRONT_DIAG_VSYNC").is_ok_and(|v| v == "off") {
            app.add_systems(Startup, |mut windows: Query<&mut Window>| {
                for mut window in &mut windows {
                    window.present_mode = PresentMode::AutoNoVsync;
                }
            });
        }
        if mode == DiagMode::Continuous {
            // At startup, after every plugin (the app's own update mode included) is in place.
            app.add_systems(Startup, |mut commands: Commands| {
                commands.insert_resource(WinitSettings::continuous())
            });
        }
    }
}

#[derive(Resource)]
struct FrameLog {
    mode: DiagMode,
    skip: Duration,
    stop_after: Option<Duration>,
    /// The end of the first frame.
    started: Option<Instant>,
    /// The end of the last frame before counting began (counted frames are measured from it).
    window_start: Option<Instant>,
    last: Option<Instant>,
    cpu_at_start: Option<f64>,
    frames_ms: Vec<f64>,
    printed: bool,
}

fn record_frame(
    mut log: ResMut<FrameLog>,
    mut exit: MessageWriter<AppExit>,
    mut commands: Commands,
    offscreen: Option<Res<offscreen::OffscreenTarget>>,
) {
    let now = Instant::now();
    let started = *log.started.get_or_insert(now);
    if log.window_start.is_none() {
        // Counting begins at the end of the first frame past the skipped seconds.
        if now.duration_since(started) >= log.skip {
            log.window_start = Some(now);
            log.cpu_at_start = process_cpu_seconds();
            offscreen::save_picture(&mut commands, offscreen.as_deref());
        }
        log.last = Some(now);
        return;
    }
    if let Some(last) = log.last {
        let ms = now.duration_since(last).as_secs_f64() * 1000.0;
        log.frames_ms.push(ms);
    }
    log.last = Some(now);
    if let (Some(limit), Some(from)) = (log.stop_after, log.window_start) {
        if now.duration_since(from) >= limit {
            exit.write(AppExit::Success);
        }
    }
}

/// What may wake a frame: redraw requests, window and cursor events.
#[derive(SystemParam)]
struct Wakers<'w, 's> {
    redraws: MessageReader<'w, 's, RequestRedraw>,
    windows: MessageReader<'w, 's, WindowEvent>,
    cursor: MessageReader<'w, 's, CursorMoved>,
}

/// One line about what may have woken this frame (`EASTFRONT_DIAG_WHY`).
fn why_this_frame(
    log: Res<FrameLog>,
    mut wakers: Wakers,
    mut egui: Query<&mut bevy_egui::EguiContext>,
    time: Res<Time>,
    mut cpu_before: Local<Option<f64>>,
) {
    let cpu = process_cpu_seconds();
    let cpu_ms = match (cpu, *cpu_before) {
        (Some(now), Some(then)) => format!("{:.0}", (now - then) * 1000.0),
        _ => "n/a".into(),
    };
    *cpu_before = cpu;
    if log.window_start.is_none() {
        return;
    }
    let causes: Vec<String> = egui
        .iter_mut()
        .flat_map(|mut c| c.get_mut().repaint_causes())
        .map(|c| c.to_string())
        .collect();
    eprintln!(
        "eastfront diag why: frame {} +{:.1} ms (time {:.2} s, cpu {cpu_ms} ms): RequestRedraw {}, window events {} (cursor moves {}), egui repaint causes [{}]",
        log.frames_ms.len(),
        log.frames_ms.last().copied().unwrap_or(0.0),
        time.elapsed_secs_f64(),
        wakers.redraws.read().count(),
        wakers.windows.read().count(),
        wakers.cursor.read().count(),
        causes.join("; ")
    );
}

/// What the frame draws: meshes, text blocks, sprites (the report line's `drawn`).
#[derive(SystemParam)]
struct Drawn<'w, 's> {
    meshes: Query<'w, 's, (), With<Mesh2d>>,
    texts: Query<'w, 's, (), With<Text2d>>,
    sprites: Query<'w, 's, (), With<Sprite>>,
    board: Option<Res<'w, crate::app::map::cache::BoardRedraws>>,
}

impl Drawn<'_, '_> {
    fn words(&self) -> String {
        format!(
            "drawn meshes={} texts={} sprites={} board_picture_draws={}",
            self.meshes.iter().count(),
            self.texts.iter().count(),
            self.sprites.iter().count(),
            self.board.as_ref().map_or(0, |b| b.0)
        )
    }
}

/// What ends the app: an exit, the window closed or asked to close.
#[derive(SystemParam)]
struct Endings<'w, 's> {
    exits: MessageReader<'w, 's, AppExit>,
    close_requests: MessageReader<'w, 's, WindowCloseRequested>,
    closed: MessageReader<'w, 's, WindowClosed>,
}

fn report_at_exit(mut log: ResMut<FrameLog>, endings: Endings, drawn: Drawn) {
    let ending = !(endings.exits.is_empty()
        && endings.close_requests.is_empty()
        && endings.closed.is_empty());
    if log.printed || !ending {
        return;
    }
    log.printed = true;
    eprintln!("{} {}", report_line(&log), drawn.words());
}

fn report_line(log: &FrameLog) -> String {
    let wall = match (log.window_start, log.last) {
        (Some(a), Some(b)) => b.duration_since(a).as_secs_f64(),
        _ => 0.0,
    };
    let n = log.frames_ms.len();
    let fps = if wall > 0.0 { n as f64 / wall } else { 0.0 };
    let times = match frame_stats(&log.frames_ms) {
        Some(s) => format!("median={:.1} p99={:.1} max={:.1}", s.median, s.p99, s.max),
        None => "median=n/a p99=n/a max=n/a".into(),
    };
    let cpu = match (log.cpu_at_start, process_cpu_seconds()) {
        (Some(a), Some(b)) if wall > 0.0 => {
            format!("cpu_s={:.2} cpu_pct={:.1}", b - a, (b - a) / wall * 100.0)
        }
        _ => "cpu_s=n/a cpu_pct=n/a".into(),
    };
    format!(
        "eastfront diag: mode={} frames={n} wall_s={wall:.2} fps={fps:.1} frame_ms {times} {cpu}",
        log.mode.name()
    )
}

/// Median, 99th percentile and maximum of a list of frame times.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FrameStats {
    pub median: f64,
    /// The nearest-rank 99th percentile: the smallest value that at least 99% of the values
    /// do not exceed.
    pub p99: f64,
    pub max: f64,
}

/// The statistics of `values` (in any order); `None` for an empty list.
pub fn frame_stats(values: &[f64]) -> Option<FrameStats> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    let median = if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    };
    // Nearest rank: the ceil(0.99 n)-th smallest value (1-based).
    let rank = (n * 99).div_ceil(100).max(1);
    Some(FrameStats {
        median,
        p99: v[rank - 1],
        max: v[n - 1],
    })
}

/// The process's user + system CPU seconds so far (all its threads), from `/proc/self/stat`.
pub fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    cpu_seconds_from_stat(&stat)
}

/// utime + stime (fields 14 and 15 of `/proc/PID/stat`) in seconds. The clock tick is
/// `USER_HZ`, 100 on every Linux architecture Bevy runs on.
fn cpu_seconds_from_stat(stat: &str) -> Option<f64> {
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace();
    // `rest` starts at field 3 (state): utime is field 14, the 12th from here.
    let utime: f64 = fields.nth(11)?.parse().ok()?;
    let stime: f64 = fields.next()?.parse().ok()?;
    const USER_HZ: f64 = 100.0;
    Some((utime + stime) / USER_HZ)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_of_a_known_list() {
        // 1..=100 shuffled: the median is between 50 and 51, 99% of the values are ≤ 99.
        let mut v: Vec<f64> = (1..=100).map(f64::from).collect();
        v.reverse();
        v.swap(3, 70);
        let s = frame_stats(&v).unwrap();
        assert_eq!(s.median, 50.5);
        assert_eq!(s.p99, 99.0);
        assert_eq!(s.max, 100.0);
    }

    #[test]
    fn stats_of_short_lists() {
        assert_eq!(frame_stats(&[]), None);
        let one = frame_stats(&[7.0]).unwrap();
        assert_eq!((one.median, one.p99, one.max), (7.0, 7.0, 7.0));
        // Odd length: the middle value; with fewer than 100 values p99 is the largest.
        let s = frame_stats(&[5.0, 1.0, 40.0, 2.0, 3.0]).unwrap();
        assert_eq!((s.median, s.p99, s.max), (3.0, 40.0, 40.0));
        // One slow frame in 200 is above the 99th percentile.
        let mut v = vec![10.0; 199];
        v.push(90.0);
        let s = frame_stats(&v).unwrap();
        assert_eq!((s.median, s.p99, s.max), (10.0, 10.0, 90.0));
    }

    #[test]
    fn cpu_time_from_a_stat_line() {
        // A process named with a space and a parenthesis; utime 250, stime 50 ticks.
        let stat = "1234 (my (prog) x) S 1 1234 1234 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 9 0";
        assert_eq!(cpu_seconds_from_stat(stat), Some(3.0));
        assert!(process_cpu_seconds().is_some_and(|s| s >= 0.0) || !cfg!(target_os = "linux"));
    }
}
