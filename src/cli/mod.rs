//! The headless command line: the same binary as the game, without a window. Tests, tools
//! and bug reports reproduce anything through it.

pub mod engine;
pub mod selfplay;

use clap::{Parser, Subcommand, ValueEnum};
use eastfront_kernel::Game;
use eastfront_stalingrad::{Mode, Stalingrad};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "eastfront",
    version,
    about = "Eastern Front board wargames on the desktop. With no command it opens the game window."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the games, their scenarios and modes.
    Games,
    /// Check a scenario data file (and its folder) or a save file; prints what is wrong.
    Validate { file: PathBuf },
    /// Play N games automatically and print each outcome.
    Selfplay {
        #[arg(long, default_value = "stalingrad")]
        game: String,
        #[arg(long, default_value_t = 100)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, value_enum, default_value_t = ModeArg::Solitaire)]
        mode: ModeArg,
        /// Who plays the German (and, in the human-Soviet modes, the Soviet) seats.
        #[arg(long, value_enum, default_value_t = PlayerArg::Random)]
        players: PlayerArg,
        /// Scenario id (Moscow '41: campaign, sc1, sc2, sc3; default: all four in turn).
        #[arg(long)]
        scenario: Option<String>,
        /// Moscow '41: who plays the German (default: from --players; ai = normal).
        #[arg(long, value_enum)]
        german: Option<SidePlayerArg>,
        /// Moscow '41: who plays the Soviet (default: from --players; ai = normal).
        #[arg(long, value_enum)]
        soviet: Option<SidePlayerArg>,
        #[arg(long, default_value_t = 10_000)]
        max_steps: u64,
        /// Print one line per game.
        #[arg(long)]
        verbose: bool,
    },
    /// Measure random games per second and steps per second.
    Bench {
        #[arg(long, default_value_t = 200)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// A line-based JSON protocol on stdin/stdout (see docs/protocol.md).
    Engine,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeArg {
    Solitaire,
    Cooperative,
    #[value(name = "1v1")]
    OneVsOne,
    #[value(name = "2v1")]
    TwoVsOne,
}

impl ModeArg {
    pub fn mode(self) -> Mode {
        match self {
            ModeArg::Solitaire => Mode::Solitaire,
            ModeArg::Cooperative => Mode::Cooperative,
            ModeArg::OneVsOne => Mode::OneVsOne,
            ModeArg::TwoVsOne => Mode::TwoVsOne,
        }
    }
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerArg {
    /// Uniformly random legal actions.
    Random,
    /// The heuristic AI on every non-automatic seat.
    Ai,
}

/// Who plays one side of a Moscow '41 self-play game.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SidePlayerArg {
    /// Uniformly random legal actions.
    Random,
    /// The Moscow '41 AI at each of its three levels.
    Easy,
    Normal,
    Hard,
}

impl SidePlayerArg {
    fn from_players(p: PlayerArg) -> SidePlayerArg {
        match p {
            PlayerArg::Random => SidePlayerArg::Random,
            PlayerArg::Ai => SidePlayerArg::Normal,
        }
    }
}

/// Runs a subcommand; returns the process exit code.
pub fn run(cmd: Command) -> i32 {
    match cmd {
        Command::Games => {
            let g = Stalingrad::new();
            println!("{} ({})", g.title(), g.id());
            for s in g.scenarios() {
                println!("  scenario {}: {} — {}", s.id, s.name, s.brief);
            }
            for m in [
                Mode::Solitaire,
                Mode::Cooperative,
                Mode::OneVsOne,
                Mode::TwoVsOne,
            ] {
                println!("  mode: {}", m.name());
            }
            println!(
                "  Designer's Variant levels: Normal, German Easy, Soviet Easy, German Impossible"
            );
            let m = eastfront_moscow41::Moscow41::new();
            println!("{} ({})", m.title(), m.id());
            for s in m.scenarios() {
                println!("  scenario {}: {} — {}", s.id, s.name, s.brief);
            }
            println!("  mode: 1 vs 1 (German vs Soviet, hidden blocks)");
            println!("No Retreat!, Guards Tanks, Race for Berlin: not yet available.");
            0
        }
        Command::Validate { file } => validate(&file),
        Command::Selfplay {
            game,
            games,
            seed,
            mode,
            players,
            scenario,
            german,
            soviet,
            max_steps,
            verbose,
        } => {
            if game == "moscow41" {
                let german = german.unwrap_or(SidePlayerArg::from_players(players));
                let soviet = soviet.unwrap_or(SidePlayerArg::from_players(players));
                return selfplay::selfplay_moscow41(
                    games,
                    seed,
                    scenario.as_deref(),
                    [german, soviet],
                    max_steps.max(100_000),
                    verbose,
                );
            }
            if game != "stalingrad" {
                eprintln!("error: unknown game \"{game}\" (available: stalingrad, moscow41)");
                return 2;
            }
            selfplay::selfplay(games, seed, mode.mode(), players, max_steps, verbose)
        }
        Command::Bench { games, seed } => selfplay::bench(games, seed),
        Command::Engine => engine::run_stdio(),
    }
}

fn validate(file: &std::path::Path) -> i32 {
    let text = match eastfront_kernel::read_text_file(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    if text.contains(eastfront_kernel::SAVE_FORMAT) {
        let name = file.display().to_string();
        // The save names its game; each game checks its own saves.
        let loaded = if text.contains("game: \"moscow41\"") {
            let game = eastfront_moscow41::Moscow41::new();
            eastfront_kernel::Session::load_from_str(&game, &name, &text).map(|s| s.record().len())
        } else {
            let game = Stalingrad::new();
            eastfront_kernel::Session::load_from_str(&game, &name, &text).map(|s| s.record().len())
        };
        return match loaded {
            Ok(n) => {
                println!("{name}: a valid save ({n} record entries).");
                0
            }
            Err(e) => {
                eprintln!("error: {e}");
                1
            }
        };
    }
    let dir = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    // Moscow '41's folder has blocks.ron and setups.ron; Stalingrad's has units.ron.
    if dir.join("setups.ron").exists() {
        return match eastfront_moscow41::data::ScenarioData::load_dir(dir)
            .and_then(eastfront_moscow41::Board::new)
        {
            Ok(b) => {
                let d = &b.data;
                println!(
                    "{}: valid Moscow '41 data ({} areas and {} boxes, {} blocks, {} setups).",
                    dir.display(),
                    d.map.areas.len(),
                    d.map.boxes.len(),
                    d.blocks.blocks.len(),
                    d.setups.setups.len()
                );
                0
            }
            Err(e) => {
                eprintln!("error: {e}");
                1
            }
        };
    }
    match eastfront_stalingrad::data::ScenarioData::load_dir(dir) {
        Ok(d) => {
            println!(
                "{}: valid Stalingrad data ({} hexes, {} German and {} Soviet blocks, {} card kinds).",
                dir.display(),
                d.map.hexes.len(),
                d.units.german.len(),
                d.units.soviet.len(),
                d.cards.german.len() + d.cards.soviet.len()
            );
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    }
}
