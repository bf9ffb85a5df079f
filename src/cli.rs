//! Command-line arguments.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "cardlint",
    version,
    about = "Find the mistakes card engines silently swallow: a linter for Forge and Wagic card scripts."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Check card files and folders (default: the current folder).
    Check(CheckArgs),
    /// Play every card in a synthetic game and report what fails at run time.
    Simulate(SimulateArgs),
    /// List every rule.
    Rules(RulesArgs),
    /// Print the documentation of a rule, by code or name.
    Explain { rule: String },
    /// Tools for cardlint's developers.
    #[command(subcommand)]
    Debug(DebugCommand),
}

#[derive(Subcommand)]
pub enum DebugCommand {
    /// Print the syntax tree of a file (rust-analyzer's debug format, byte offsets).
    Tree {
        file: PathBuf,
        #[arg(long, value_enum)]
        dialect: Option<DialectArg>,
    },
}

#[derive(Args)]
pub struct CheckArgs {
    /// Files or folders to check.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Read every file as this dialect instead of detecting it.
    #[arg(long, value_enum)]
    pub dialect: Option<DialectArg>,
    /// Also play every card in a synthetic game and report what fails at run time.
    #[arg(long)]
    pub simulate: bool,
}

#[derive(Args)]
pub struct SimulateArgs {
    /// Files or folders to simulate.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Read every file as this dialect instead of detecting it.
    #[arg(long, value_enum)]
    pub dialect: Option<DialectArg>,
    /// Replay Wagic's test suite (`test/_tests.txt`, with `sets/` and `rules/` beside `test/`).
    #[arg(long, value_name = "TESTS_TXT")]
    pub wagic_tests: Option<PathBuf>,
    /// Print timing and coverage figures on standard error.
    #[arg(long)]
    pub stats: bool,
}

#[derive(Args)]
pub struct RulesArgs {
    #[arg(long, value_enum, default_value_t = RulesFormat::Text)]
    pub format: RulesFormat,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DialectArg {
    Forge,
    Wagic,
}

impl DialectArg {
    pub fn dialect(self) -> lint::Dialect {
        match self {
            DialectArg::Forge => lint::Dialect::Forge,
            DialectArg::Wagic => lint::Dialect::Wagic,
        }
    }
}
