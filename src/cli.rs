//! Command-line arguments.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "cardlint",
    version,
    about = "Find the mistakes card engines silently swallow: a linter for card scripts (Forge, Wagic, Python-MTG, Netrunner AutoScripts, RuleScript)."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    /// Check card files and folders (default: the current folder).
    Check(CheckArgs),
    /// Lay out Forge and Wagic card files the way their communities write them (` | ` between
    /// parameters, `Key$ value`, no trailing spaces...), never changing what the engine reads.
    Format(FormatArgs),
    /// Play every card in a synthetic game and report what fails at run time.
    Simulate(SimulateArgs),
    /// List every rule.
    Rules(RulesArgs),
    /// Print the documentation of a rule, by code or name.
    Explain { rule: String },
    /// Run the language server (the Language Server Protocol over stdin and stdout).
    Lsp(LspArgs),
    /// The Forge vocabulary read from an engine's source, and what changed between versions.
    Vocab(VocabArgs),
    /// Learn from a card folder which script idiom goes with which rules-text template, and
    /// write the associations as data (what the `idiom-missing` rules compare cards with).
    Learn(LearnArgs),
    /// Tools for cardlint's developers.
    #[command(subcommand)]
    Debug(DebugCommand),
}

#[derive(Subcommand)]
pub enum DebugCommand {
    /// Print the syntax tree of a file (rust-analyzer's debug format, byte offsets).
    Tree {
        file: PathBuf,
        #[arg(long, value_parser = DialectArg::parser())]
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
    #[arg(long, value_parser = DialectArg::parser())]
    pub dialect: Option<DialectArg>,
    /// Use this configuration file instead of looking for `cardlint.toml`.
    #[arg(long, value_name = "FILE", conflicts_with = "isolated")]
    pub config: Option<PathBuf>,
    /// Ignore configuration files.
    #[arg(long)]
    pub isolated: bool,
    /// Run only these rules (codes, names or code prefixes, comma-separated); overrides the config.
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub select: Option<Vec<String>>,
    /// Do not run these rules (added to the config's `ignore`).
    #[arg(long, value_delimiter = ',', value_name = "RULES")]
    pub ignore: Vec<String>,
    /// Apply safe fixes to the files.
    #[arg(long)]
    pub fix: bool,
    /// Also apply the fixes that need a review (implies --fix unless --diff is given).
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// Print the fixes as a unified diff and write nothing.
    #[arg(long, conflicts_with = "fix")]
    pub diff: bool,
    /// Print how many findings each rule has, instead of the findings.
    #[arg(long)]
    pub statistics: bool,
    /// Exit with 0 even when there are error-level findings.
    #[arg(long)]
    pub exit_zero: bool,
    /// Print the findings and nothing else (no summary, no progress).
    #[arg(long, short)]
    pub quiet: bool,
    /// Worker threads (default: one per core).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Do not read or write the result cache.
    #[arg(long)]
    pub no_cache: bool,
    /// Also play every card in a synthetic game and report what fails at run time.
    #[arg(long)]
    pub simulate: bool,
    /// Say which engine vocabulary each card set is checked against, where it came from, and
    /// which files were skipped as no card files.
    #[arg(long, short)]
    pub verbose: bool,
    /// Check named files on their own: do not index the project they belong to (the Wagic
    /// `sets` folder, the Forge `res` folder, the OCTGN game, the folder of `cardlint.toml`).
    #[arg(long)]
    pub no_context: bool,
    /// Skip named files whose card language cannot be told, instead of failing (for hooks that
    /// pass every changed file).
    #[arg(long)]
    pub skip_unknown: bool,
    /// When to colour the text output.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto, value_name = "WHEN")]
    pub color: ColorArg,
    /// Report only the findings on lines added or changed since this git revision (the work
    /// tree against REV, untracked files new throughout; the whole project is still read).
    #[arg(long, value_name = "REV", conflicts_with_all = ["fix", "diff", "unsafe_fixes"])]
    pub new_from_rev: Option<String>,
    /// Do not report the findings this baseline records (see --write-baseline).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["fix", "diff", "unsafe_fixes"])]
    pub baseline: Option<PathBuf>,
    /// Record this run's findings in FILE, a baseline for --baseline, instead of reporting them.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["fix", "diff", "unsafe_fixes", "baseline", "statistics"]
    )]
    pub write_baseline: Option<PathBuf>,
}

#[derive(Args)]
pub struct FormatArgs {
    /// Files or folders to format.
    #[arg(default_value = ".")]
    pub paths: Vec<PathBuf>,
    /// Write nothing; list the files that would change and exit with 1 if there are any.
    #[arg(long)]
    pub check: bool,
    /// Write nothing; print the changes as a unified diff and exit with 1 if there are any.
    #[arg(long)]
    pub diff: bool,
    /// Read every file as this dialect instead of detecting it.
    #[arg(long, value_parser = DialectArg::parser())]
    pub dialect: Option<DialectArg>,
    /// Use this configuration file (its `[dialects]` patterns) instead of looking for
    /// `cardlint.toml`.
    #[arg(long, value_name = "FILE", conflicts_with = "isolated")]
    pub config: Option<PathBuf>,
    /// Ignore configuration files.
    #[arg(long)]
    pub isolated: bool,
    /// Skip named files whose card language cannot be told, instead of failing (for hooks that
    /// pass every changed file).
    #[arg(long)]
    pub skip_unknown: bool,
    /// Print nothing but the files that would change (with --check) or the diff.
    #[arg(long, short)]
    pub quiet: bool,
    /// Also say which files were left alone, and why.
    #[arg(long, short)]
    pub verbose: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// On a terminal, unless `NO_COLOR` is set.
    Auto,
    Always,
    Never,
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
    #[arg(long, value_parser = DialectArg::parser())]
    pub dialect: Option<DialectArg>,
    /// Replay Wagic's test suite (`test/_tests.txt`, with `sets/` and `rules/` beside `test/`).
    #[arg(long, value_name = "TESTS_TXT")]
    pub wagic_tests: Option<PathBuf>,
    /// Print timing and coverage figures on standard error.
    #[arg(long)]
    pub stats: bool,
    /// Also report what the engine cannot simulate yet (`G101` not-simulated; hidden by default,
    /// as `[simulate] show-limits` in cardlint.toml; `--stats` counts them either way).
    #[arg(long)]
    pub show_limits: bool,
    /// Say which engine vocabulary each card set is played against, and where it came from.
    #[arg(long, short)]
    pub verbose: bool,
    /// When to colour the text output.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto, value_name = "WHEN")]
    pub color: ColorArg,
}

#[derive(Args)]
pub struct LspArgs {
    /// Accepted for clients that pass it: the server always talks over stdio.
    #[arg(long, hide = true)]
    pub stdio: bool,
    /// Accept the `cardlint/panic` request (tests of the server's robustness).
    #[arg(long, hide = true)]
    pub test_hooks: bool,
    /// Do not run the headless engine's simulation of a document when it is saved.
    #[arg(long)]
    pub no_simulate: bool,
    /// Also report what the engine cannot simulate yet (`G101` not-simulated; hidden by default).
    #[arg(long)]
    pub show_limits: bool,
}

#[derive(Args)]
pub struct VocabArgs {
    #[command(subcommand)]
    pub command: VocabCommand,
}

#[derive(Subcommand)]
pub enum VocabCommand {
    /// Read the vocabulary of a Forge source tree (a checkout, or a fork's source folder) and
    /// print it as TSV: ApiTypes, modes, keywords, counters, zones, Defined words, Count$ keys,
    /// Valid properties and the parameters each class reads, each with where it is read.
    Forge {
        /// The Forge source folder (classes are found by package, whatever the layout).
        source: PathBuf,
        /// The label written in the file (default: the folder).
        #[arg(long)]
        label: Option<String>,
        /// Write to this file instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Read the vocabulary of a Wagic source tree (the engine's C++ source, any layout) and print
    /// it as TSV: the basic-ability table, colours, phases, zones, trigger words, card keys and
    /// the literals the ability factory, the restriction parsers, the target chooser and the
    /// number parser test, each with where it is read.
    Wagic {
        /// The Wagic source folder (files are found by name, whatever the layout).
        source: PathBuf,
        /// The label written in the file (default: the folder).
        #[arg(long)]
        label: Option<String>,
        /// Write to this file instead of standard output.
        #[arg(long, short, value_name = "FILE")]
        output: Option<PathBuf>,
    },
    /// Show the words one Forge vocabulary reads and the other does not. A and B are `2020`,
    /// `2022`, `latest`, a file written by `vocab forge`, or a Forge source folder. Exit 1 when
    /// they differ.
    Diff {
        old: String,
        new: String,
        /// Only this kind of word (api, trigger, static, replacement, keyword, counter, zone,
        /// phase, cost, defined, count, valid-card, valid-player, valid-spell, param, ...).
        #[arg(long)]
        kind: Option<String>,
    },
}

#[derive(Args)]
pub struct LearnArgs {
    /// The dialect of the cards: `forge` (a `cardsfolder`) or `wagic` (a `sets/primitives`
    /// folder or files).
    #[arg(value_parser = ["forge", "wagic"])]
    pub dialect: String,
    /// Card files and folders to learn from.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The label written in the file (default: `custom`).
    #[arg(long)]
    pub label: Option<String>,
    /// Write to this file instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Distinct cards an antecedent needs before its associations are kept.
    #[arg(long, default_value_t = 20)]
    pub min_support: usize,
    /// Share of the units with an antecedent that must hold a fact.
    #[arg(long, default_value_t = 0.97)]
    pub min_confidence: f64,
}

#[derive(Args)]
pub struct RulesArgs {
    #[arg(long, value_enum, default_value_t = RulesFormat::Text)]
    pub format: RulesFormat,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Each finding with its source line, and a summary.
    Text,
    /// One JSON object (see the README).
    Json,
    /// SARIF 2.1.0, for code-scanning tools.
    Sarif,
    /// GitHub Actions workflow annotations.
    Github,
    /// A Markdown report for a pull-request comment or a job summary.
    Markdown,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesFormat {
    Text,
    Json,
    /// The rules reference page (Markdown).
    Markdown,
}

/// A dialect named on the command line: any registered one (`lint::dialect::names()`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DialectArg(lint::Dialect);

impl DialectArg {
    pub fn dialect(self) -> lint::Dialect {
        self.0
    }

    /// The parser of `--dialect`: the registered dialects' names.
    pub fn parser() -> impl clap::builder::TypedValueParser<Value = DialectArg> {
        use clap::builder::TypedValueParser as _;
        clap::builder::PossibleValuesParser::new(lint::dialect::names())
            .map(|name: String| DialectArg(lint::dialect::from_name(&name).expect("a listed name")))
    }
}
