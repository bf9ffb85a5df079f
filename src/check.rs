//! `cardlint check` and `cardlint debug tree`.

use crate::cli::{CheckArgs, DialectArg, Format};
use crate::{files, fix, output};
use lint::config::Config;
use lint::{Severity, SourceFile};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The configuration: `--config`, else `cardlint.toml` found from the first path upward, else the
/// defaults; then the command line's `--select` and `--ignore`.
fn load_config(args: &CheckArgs) -> Result<Config, String> {
    let mut config = if args.isolated {
        Config::default()
    } else {
        let path = match &args.config {
            Some(path) => Some(path.clone()),
            None => Config::discover(args.paths.first().map_or(Path::new("."), |p| p.as_path())),
        };
        match path {
            Some(path) => Config::load(&path).map_err(|e| e.to_string())?,
            None => Config::default(),
        }
    };
    let rules = lint::all_rules();
    let resolve = |selector: &String| {
        let codes = lint::config::resolve_selector(&rules, selector.trim());
        if codes.is_empty() {
            Err(format!(
                "no rule is called `{selector}` (see `cardlint rules`)"
            ))
        } else {
            Ok(codes)
        }
    };
    if let Some(select) = &args.select {
        let mut codes = Vec::new();
        for s in select {
            codes.extend(resolve(s)?);
            config
                .filter
                .explicit
                .extend(lint::config::explicitly_selected(&rules, s.trim()));
        }
        config.filter.select = Some(codes);
    }
    for s in &args.ignore {
        config.filter.ignore.extend(resolve(s)?);
    }
    Ok(config)
}

/// The files of a run: those to report on (the named files, or the files found in the named
/// folders) first, then the files of their projects that are indexed with them.
struct Files {
    files: Vec<SourceFile>,
    /// Per file: it may be fixed (reported, and its dialect not guessed from content alone).
    fixable: Vec<bool>,
    /// How many of `files` are reported on.
    reported: usize,
    /// Per reported file whose path in `files` is its project's: the path it was named by.
    display: Vec<Option<PathBuf>>,
    /// The paths walked (named paths and project folders): the cache file is theirs.
    walked: Vec<PathBuf>,
    unknown: Vec<PathBuf>,
    skipped: Vec<(PathBuf, &'static str)>,
    /// Paths that could not be walked or read.
    errors: Vec<String>,
}

/// Loads the named paths and, unless `--no-context`, the projects they belong to.
fn load_files(args: &CheckArgs, config: &Config) -> Result<Files, String> {
    let forced = args.dialect.map(DialectArg::dialect);
    // Paths that cannot be read are reported after the others' findings (and exit 2).
    let named = files::load_with(&args.paths, forced, config, true)?;
    let roots = if args.no_context {
        Vec::new()
    } else {
        crate::context::roots(&args.paths)
    };
    let mut out = Files {
        fixable: named.guessed.iter().map(|g| !g).collect(),
        reported: named.files.len(),
        display: vec![None; named.files.len()],
        files: named.files,
        walked: args.paths.clone(),
        unknown: named.unknown,
        skipped: named.skipped,
        errors: named.errors,
    };
    if roots.is_empty() {
        return Ok(out);
    }
    let project = lint::discover::load(&roots, None, config)?;
    let cwd = std::env::current_dir().unwrap_or_default();
    // The cache file is the projects' (with any named path outside them), whichever of their
    // files are named: a hook passing other changed files next time finds it warm.
    let absolute_roots: Vec<PathBuf> = roots
        .iter()
        .map(|r| crate::context::normalize(&cwd, r))
        .collect();
    out.walked.retain(|p| {
        let p = crate::context::normalize(&cwd, p);
        !absolute_roots.iter().any(|r| p.starts_with(r))
    });
    out.walked.extend(roots);
    // Normalised paths are equal exactly when their bytes are: keyed by the bytes (hashing a
    // `Path` walks its components).
    let mut by_path: model::forge::vocab::Map<std::ffi::OsString, usize> = project
        .files
        .iter()
        .enumerate()
        .map(|(i, f)| (crate::context::normalize(&cwd, &f.path).into_os_string(), i))
        .collect();
    let mut project_files: Vec<Option<SourceFile>> = project.files.into_iter().map(Some).collect();
    // A named file is linted as its project's walk reads it (its path places it in its card
    // library) and reported under the path it was named by.
    for i in 0..out.files.len() {
        let key = crate::context::normalize(&cwd, &out.files[i].path);
        if let Some(j) = by_path.remove(key.as_os_str())
            && let Some(mut walked) = project_files[j].take()
        {
            if forced.is_some() {
                // `--dialect` decides the named files' dialect.
                walked.dialect = out.files[i].dialect;
            }
            let given = std::mem::replace(&mut out.files[i], walked).path;
            out.display[i] = (given != out.files[i].path).then_some(given);
            out.fixable[i] = out.fixable[i] || !project.guessed[j];
        }
    }
    // A named file whose dialect only its place in the project tells.
    let mut unknown = Vec::new();
    for path in std::mem::take(&mut out.unknown) {
        let key = crate::context::normalize(&cwd, &path);
        match by_path
            .remove(key.as_os_str())
            .and_then(|j| project_files[j].take().map(|f| (j, f)))
        {
            Some((j, file)) => {
                out.fixable.push(!project.guessed[j]);
                out.display.push(Some(path).filter(|p| *p != file.path));
                out.files.push(file);
            }
            None => unknown.push(path),
        }
    }
    out.unknown = unknown;
    out.reported = out.files.len();
    for file in project_files.into_iter().flatten() {
        out.files.push(file);
        out.fixable.push(false);
    }
    Ok(out)
}

pub fn run(args: &CheckArgs) -> Result<ExitCode, String> {
    // `--unsafe-fixes` alone applies them (as `--fix --unsafe-fixes`).
    let fix = args.fix || (args.unsafe_fixes && !args.diff);
    // A run that uses no cache parses every file: it goes without huge pages from the start, as
    // the walk and the reading of the files fault in a good part of its memory (zeroing 2 MiB
    // pages was up to a tenth of a cold run's CPU time when they were turned off only later).
    let uses_cache = !(args.no_cache || fix || args.diff);
    if !uses_cache {
        crate::no_transparent_huge_pages();
    }
    if let Some(threads) = args.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads.max(1))
            .build_global()
            .map_err(|e| e.to_string())?;
    }
    let config = load_config(args)?;
    // A revision or baseline that cannot be read fails before any work.
    let changes = match &args.new_from_rev {
        Some(rev) => Some(crate::changes::Changes::since(
            rev,
            args.paths.first().map_or(Path::new("."), |p| p.as_path()),
        )?),
        None => None,
    };
    let baseline = match &args.baseline {
        Some(path) => Some(crate::review::Baseline::read(path)?),
        None => None,
    };
    let mut loaded = load_files(args, &config)?;
    if args.verbose {
        for (path, why) in &loaded.skipped {
            eprintln!("cardlint: skipped {}: {why}", path.display());
        }
    }
    if args.skip_unknown {
        loaded.unknown.clear();
    }
    for path in &loaded.unknown {
        eprintln!(
            "cardlint: {}: cannot tell which card language this file is written in; name it with --dialect (or pass --skip-unknown)",
            crate::output::escape_path(&path.display().to_string())
        );
    }
    let failure = !loaded.unknown.is_empty();
    let cache = if uses_cache {
        crate::cache::CacheFile::locate(args, &loaded.walked, &config)
    } else {
        None
    };
    // A run that will parse every file (no cache to reuse yet) does so without huge pages.
    if uses_cache && cache.as_ref().is_none_or(|c| !c.exists()) {
        crate::no_transparent_huge_pages();
    }
    let n = loaded.reported;
    if n == 0 && loaded.unknown.is_empty() && !args.quiet {
        let skipped = if loaded.skipped.is_empty() {
            String::new()
        } else {
            format!(
                " ({} skipped as no card files; --verbose lists them)",
                loaded.skipped.len()
            )
        };
        eprintln!("cardlint: warning: no card file found to check{skipped}");
    }
    let failure = failure || !loaded.errors.is_empty();
    // Paths that cannot be read are named after everything else the run prints (and exit 2).
    let errors = std::mem::take(&mut loaded.errors);
    let _unreadable = Unreadable(&errors);

    if fix || args.diff {
        let mut fixed = fix::fix_all(
            loaded.files.clone(),
            &loaded.fixable,
            &config,
            args.unsafe_fixes,
        );
        fixed.files.truncate(n);
        fixed.results.truncate(n);
        fixed.before.truncate(n);
        fixed.applied.truncate(n);
        loaded.files.truncate(n);
        for (i, display) in loaded.display.iter().enumerate() {
            if let Some(path) = display {
                loaded.files[i].path = path.clone();
                fixed.files[i].path = path.clone();
            }
        }
        if args.diff {
            let diff = fix::diff(&loaded.files, &fixed);
            print!("{diff}");
            return Ok(if failure {
                ExitCode::from(2)
            } else if diff.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            });
        }
        let (written, errors, unwritten) = fix::write_changed(&loaded.files, &fixed);
        for error in &errors {
            eprintln!("cardlint: {error}");
        }
        for (i, why) in unwritten.iter().enumerate() {
            if let Some(why) = why {
                // Its findings are those of the file as it still is on disk.
                fixed.results[i] = fix::unfixed(&fixed.before[i], why);
                fixed.files[i] = loaded.files[i].clone();
                fixed.applied[i] = 0;
            }
        }
        let failure = failure || !errors.is_empty();
        let count: usize = fixed.applied.iter().sum();
        if !args.quiet && count > 0 {
            eprintln!(
                "Fixed {count} problem{} in {written} file{}.",
                plural(count),
                plural(written)
            );
        }
        let report = output::Report::new(&fixed.files, fixed.results);
        return finish(args, &report, failure);
    }

    let progress = output::progress::Progress::new(
        loaded.files.len(),
        !args.quiet && std::io::stderr().is_terminal(),
    );
    let mut results = match &cache {
        Some(cache) => {
            let old = cache.load();
            let (results, new, _stats) =
                lint::cache::check(&loaded.files, &config, &old, &|| progress.inc());
            if let Some(new) = new {
                cache.store(&new);
            }
            results
        }
        None => lint::workspace::check_with_progress(&loaded.files, &config, &|| progress.inc()),
    };
    progress.finish();
    // Only the named files are reported; the rest of their projects was context.
    results.truncate(n);
    loaded.files.truncate(n);
    let mut results = if args.simulate {
        crate::simulate::add_to_lint(&loaded.files, results, &config)
    } else {
        results
    };
    if let Some(baseline) = &baseline {
        let dropped = baseline.apply(&loaded.files, &mut results);
        if dropped > 0 && !args.quiet {
            eprintln!(
                "cardlint: {dropped} finding{} recorded in the baseline not shown",
                plural(dropped)
            );
        }
    }
    if let (Some(changes), Some(rev)) = (changes, &args.new_from_rev) {
        let changes = changes.wait()?;
        let dropped = crate::review::keep_changed(&loaded.files, &mut results, &changes);
        if dropped > 0 && !args.quiet {
            eprintln!(
                "cardlint: {dropped} finding{} on lines unchanged since {rev} not shown",
                plural(dropped)
            );
        }
    }
    if let Some(path) = &args.write_baseline {
        let count = crate::review::write(path, &loaded.files, &results)?;
        if !args.quiet {
            eprintln!(
                "cardlint: wrote a baseline of {count} finding{} to {}",
                plural(count),
                path.display()
            );
        }
        return Ok(if failure {
            ExitCode::from(2)
        } else {
            ExitCode::SUCCESS
        });
    }
    for (i, display) in loaded.display.iter().enumerate() {
        if let Some(path) = display {
            loaded.files[i].path = path.clone();
        }
    }
    let report = output::Report::new(&loaded.files, results);
    finish(args, &report, failure)
}

/// The paths that could not be read, printed when the run ends (on every way out of `run`).
struct Unreadable<'a>(&'a [String]);

impl Drop for Unreadable<'_> {
    fn drop(&mut self) {
        for error in self.0 {
            eprintln!("cardlint: {}", crate::output::escape_path(error));
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Prints the report and picks the exit code.
fn finish(
    args: &CheckArgs,
    report: &output::Report<'_>,
    failure: bool,
) -> Result<ExitCode, String> {
    let written = if args.statistics {
        output::statistics::print(report, args.format)
    } else {
        match args.format {
            Format::Text => output::text::print(report, args.quiet, args.color),
            Format::Json => output::json::print(report),
            Format::Sarif => output::sarif::print(report),
            Format::Github => output::github::print(report),
            Format::Markdown => output::markdown::print(report),
        }
    };
    written.map_err(|e| format!("cannot write the report: {e}"))?;
    let errors = report.count(Severity::Error);
    Ok(if failure {
        ExitCode::from(2)
    } else if errors > 0 && !args.exit_zero {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

pub fn debug_tree(path: &Path, dialect: Option<DialectArg>) -> Result<ExitCode, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let source = syntax::SourceText::decode(&bytes);
    let dialect = dialect
        .map(DialectArg::dialect)
        .or_else(|| lint::dialect::detect(path, source.text()))
        .ok_or_else(|| format!("{}: cannot tell which card language this file is written in; name it with --dialect", path.display()))?;
    print!("{}", lint::dialect::debug_tree(dialect, source.text()));
    Ok(ExitCode::SUCCESS)
}
