//! eastfront: Eastern Front board wargames on the desktop.
//!
//! With no arguments it opens the game window; with a subcommand it runs headless (see
//! `eastfront --help` and README.md).

use clap::Parser;

fn main() {
    let cli = eastfront::cli::Cli::parse();
    match cli.command {
        None => eastfront::app::run(),
        Some(cmd) => std::process::exit(eastfront::cli::run(cmd)),
    }
}
