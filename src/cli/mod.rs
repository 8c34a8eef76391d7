//! The headless command line: the same binary as the game, without a window. Tests, tools
//! and bug reports reproduce anything through it.

pub mod engine;
pub mod selfplay;

use crate::registry::{self, GAMES};
use clap::{Parser, Subcommand, ValueEnum};
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
    /// Play N games automatically and print the win rates and the computer's time per decision.
    Selfplay {
        /// The game's id (see `eastfront games`).
        #[arg(long, default_value = "stalingrad")]
        game: String,
        #[arg(long, default_value_t = 100)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The game's mode (Stalingrad: solitaire, cooperative, 1v1, 2v1); default its first.
        #[arg(long)]
        mode: Option<String>,
        /// Who plays every side that is not run by the rules: random legal actions, or the AI.
        #[arg(long, value_enum, default_value_t = PlayerArg::Random)]
        players: PlayerArg,
        /// Scenario id (default: every scenario in turn).
        #[arg(long)]
        scenario: Option<String>,
        /// Who plays the German: random, ai, official (the rules' own player, Stalingrad's
        /// solitaire Soviet), or a level: easy (utility AI with noise), normal (short search),
        /// hard (about a second of search), utility (Stalingrad's utility German),
        /// utility-easy/-normal/-hard (Moscow '41's utility AI). Default: from --players.
        #[arg(long)]
        german: Option<String>,
        /// Who plays the Soviet (as --german).
        #[arg(long)]
        soviet: Option<String>,
        /// Search iterations per decision instead of the levels' thinking time: reproducible.
        #[arg(long)]
        budget: Option<u32>,
        #[arg(long, default_value_t = 100_000)]
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
pub enum PlayerArg {
    /// Uniformly random legal actions.
    Random,
    /// The heuristic AI on every non-automatic seat.
    Ai,
}

impl PlayerArg {
    fn name(self) -> &'static str {
        match self {
            PlayerArg::Random => "random",
            PlayerArg::Ai => "ai",
        }
    }
}

/// Runs a subcommand; returns the process exit code.
pub fn run(cmd: Command) -> i32 {
    match cmd {
        Command::Games => {
            for g in GAMES {
                println!("{} ({})", g.title(), g.id());
                let spec = g.setup_spec();
                for s in &spec.scenarios {
                    println!("  scenario {}: {} — {}", s.id, s.name, s.brief);
                }
                for m in &spec.modes {
                    println!("  mode {}: {}", m.choice.id, m.choice.label);
                }
                if !spec.levels.is_empty() {
                    let levels: Vec<&str> = spec.levels.iter().map(|l| l.label).collect();
                    println!("  computer levels: {}", levels.join(", "));
                }
                if spec.variants.len() > 1 {
                    let v: Vec<&str> = spec.variants.iter().map(|l| l.label).collect();
                    println!("  variants: {}", v.join(", "));
                }
            }
            println!("Guards Tanks and Race for Berlin: not yet available.");
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
            budget,
            max_steps,
            verbose,
        } => {
            let Some(entry) = registry::game(&game) else {
                eprintln!(
                    "error: unknown game \"{game}\" (available: {})",
                    registry::ids()
                );
                return 2;
            };
            entry.selfplay(&selfplay::SelfplayArgs {
                games,
                seed,
                scenario,
                mode,
                german: german.unwrap_or_else(|| players.name().into()),
                soviet: soviet.unwrap_or_else(|| players.name().into()),
                budget,
                max_steps,
                verbose,
            })
        }
        Command::Bench { games, seed } => {
            for g in GAMES {
                g.bench(games, seed);
            }
            0
        }
        Command::Engine => engine::run_stdio(),
    }
}

/// Checks a save (by the game its header names) or a game's data folder.
fn validate(file: &std::path::Path) -> i32 {
    let text = match eastfront_kernel::read_text_file(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let name = file.display().to_string();
    let report = |r: Result<String, String>| match r {
        Ok(line) => {
            println!("{line}");
            0
        }
        Err(e) => {
            eprintln!("error: {e}");
            1
        }
    };
    if text.contains(eastfront_kernel::SAVE_FORMAT) {
        return report(
            registry::game_of_save(&name, &text).and_then(|g| g.validate_save(&name, &text)),
        );
    }
    let dir = file
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    match GAMES.iter().find_map(|g| g.validate_folder(dir)) {
        Some(r) => report(r),
        None => {
            eprintln!(
                "error: {}: neither a save nor a folder of game data (games: {})",
                file.display(),
                registry::ids()
            );
            1
        }
    }
}
