//! Running the targets: a fixed number of cases (the tests), a time budget (the campaign), the
//! replay of the regression folder, the minimisation of a failing input and a watchdog for
//! inputs that never finish.

use crate::generate::Generator;
use crate::targets::{TARGETS, Target};
use crate::{KINDS, Kind, Rng, fnv};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// One target on one kind of file.
#[derive(Clone, Copy, Debug)]
pub struct Job {
    pub target: Target,
    pub kind: &'static Kind,
}

impl Job {
    pub fn label(&self) -> String {
        format!("{} {}", self.target.name(), self.kind.name)
    }
}

/// The jobs of a dialect, target by target.
pub fn jobs(dialect: &str) -> Vec<Job> {
    let mut out = Vec::new();
    for &target in TARGETS {
        for kind in KINDS.iter().filter(|k| k.dialect.name() == dialect) {
            if target.applies(kind) {
                out.push(Job { target, kind });
            }
        }
    }
    out
}

/// Runs one input through a target; a panic is an `Err` with its message and place.
pub fn check(job: Job, bytes: &[u8]) -> Result<(), String> {
    model::guard::install_quiet_hook();
    match model::guard::catch(|| job.target.check(job.kind, bytes)) {
        Ok(result) => result,
        Err(panic) => Err(format!("panic: {panic}")),
    }
}

/// What tells one failure from another: the place of a panic, else the message without its
/// numbers.
pub fn signature(message: &str) -> String {
    if let Some(at) = message.rfind(" (at ") {
        return message[at..].to_string();
    }
    message
        .chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .take(120)
        .collect()
}

/// A smaller input that fails the same way: whole lines first, then ever smaller slices,
/// within `budget`.
pub fn minimise(job: Job, bytes: &[u8], budget: Duration) -> Vec<u8> {
    let Err(first) = check(job, bytes) else {
        return bytes.to_vec();
    };
    let wanted = signature(&first);
    let start = Instant::now();
    let fails = |b: &[u8]| matches!(check(job, b), Err(e) if signature(&e) == wanted);
    let mut best = bytes.to_vec();
    // Lines.
    let mut i = 0;
    loop {
        let lines: Vec<&[u8]> = best.split_inclusive(|&b| b == b'\n').collect();
        if i >= lines.len() || start.elapsed() > budget {
            break;
        }
        let candidate: Vec<u8> = lines
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .flat_map(|(_, l)| l.iter().copied())
            .collect();
        if fails(&candidate) {
            best = candidate;
        } else {
            i += 1;
        }
    }
    // Slices, halving.
    let mut chunk = (best.len() / 2).max(1);
    while start.elapsed() < budget {
        let mut i = 0;
        let mut progress = false;
        while i < best.len() && start.elapsed() < budget {
            let end = (i + chunk).min(best.len());
            let candidate: Vec<u8> = [&best[..i], &best[end..]].concat();
            if fails(&candidate) {
                best = candidate;
                progress = true;
            } else {
                i += chunk;
            }
        }
        if chunk == 1 && !progress {
            break;
        }
        if !progress {
            chunk = (chunk / 2).max(1);
        }
    }
    best
}

/// The bytes as a Rust byte string (for messages).
pub fn escape(bytes: &[u8]) -> String {
    let mut s = String::from("b\"");
    for &b in bytes.iter().take(600) {
        s.extend(std::ascii::escape_default(b).map(char::from));
    }
    if bytes.len() > 600 {
        s.push_str("...");
    }
    s.push('"');
    s
}

/// Writes a failing input into the regression folder; returns its path.
pub fn keep(dir: &Path, job: Job, label: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
    let folder = dir.join(job.kind.dialect.name());
    std::fs::create_dir_all(&folder)?;
    let path = folder.join(format!(
        "{}.{}.{label}-{:016x}.bin",
        job.kind.name,
        job.target.name(),
        fnv(bytes)
    ));
    std::fs::write(&path, bytes)?;
    Ok(path)
}

/// A seed of its own for each job and round.
fn job_seed(seed: u64, job: Job, round: u64) -> u64 {
    seed ^ fnv(job.label().as_bytes()) ^ round.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// How many times a piece may repeat in one mutation: small in the tests (debug builds), larger
/// in a campaign.
pub const TEST_REPEAT: usize = 64;
pub const CAMPAIGN_REPEAT: usize = 3000;

/// One input of a job.
pub fn input(job: Job, generator: &Generator, rng: &mut Rng) -> Vec<u8> {
    match job.target {
        Target::Lsp => generator.stream(rng),
        _ => generator.file(rng),
    }
}

/// The tests' run: `cases` inputs from a fixed seed; the first failure panics with the
/// minimised input.
pub fn short(job: Job, cases: usize, seed: u64) {
    let generator = Generator::new(job.kind, TEST_REPEAT);
    if generator.seeds.is_empty() {
        println!("notice: no fixtures for {}: fuzzing skipped", job.label());
        return;
    }
    let mut rng = Rng::new(job_seed(seed, job, 0));
    for case in 0..cases {
        let bytes = input(job, &generator, &mut rng);
        if let Err(message) = check(job, &bytes) {
            let small = minimise(job, &bytes, Duration::from_secs(60));
            let again = check(job, &small).err().unwrap_or_default();
            panic!(
                "{} failed on case {case}: {message}\nminimised ({} bytes): {again}\n{}\n\
                 keep it as fuzz/regressions/{}/{}.{}.<label>.bin and fix the bug",
                job.label(),
                small.len(),
                escape(&small),
                job.kind.dialect.name(),
                job.kind.name,
                job.target.name()
            );
        }
    }
}

/// What a regression file is run through: the LSP target for a stream, every file target of
/// its kind otherwise.
pub fn replay_jobs(file_name: &str) -> Option<Vec<Job>> {
    let mut parts = file_name.split('.');
    let kind = crate::kind(parts.next()?)?;
    let target = parts.next()?;
    if target == "lsp" {
        return Some(vec![Job {
            target: Target::Lsp,
            kind,
        }]);
    }
    Some(
        TARGETS
            .iter()
            .copied()
            .filter(|&t| t != Target::Lsp && t.applies(kind))
            .map(|target| Job { target, kind })
            .collect(),
    )
}

/// Replays every input of the regression folder; returns the failures.
pub fn replay(dir: &Path) -> (usize, Vec<String>) {
    let mut paths = Vec::new();
    crate::files_under(dir, &mut paths);
    let mut failures = Vec::new();
    let mut count = 0;
    for path in paths {
        if path.extension().and_then(|e| e.to_str()) != Some("bin") {
            continue;
        }
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let Some(jobs) = replay_jobs(name) else {
            failures.push(format!(
                "{}: the name does not start with <kind>.<target>.",
                path.display()
            ));
            continue;
        };
        let bytes = std::fs::read(&path).unwrap_or_default();
        count += 1;
        for job in jobs {
            if let Err(e) = check(job, &bytes) {
                failures.push(format!("{} ({}): {e}", path.display(), job.label()));
            }
        }
    }
    (count, failures)
}

/// Figures of one job in a campaign.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub cases: u64,
    pub cpu: Duration,
    pub wall: Duration,
    pub slowest: Duration,
    /// The input of the slowest case.
    pub slowest_input: Vec<u8>,
    pub failures: Vec<String>,
}

/// CPU time of the process (all threads).
pub fn cpu_time() -> Duration {
    #[cfg(unix)]
    {
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
        // SAFETY: getrusage fills the struct it is given.
        let ok = unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) } == 0;
        if ok {
            // SAFETY: initialised by the successful call.
            let u = unsafe { usage.assume_init() };
            let t = |tv: libc::timeval| {
                Duration::from_secs(tv.tv_sec as u64) + Duration::from_micros(tv.tv_usec as u64)
            };
            return t(u.ru_utime) + t(u.ru_stime);
        }
    }
    Duration::ZERO
}

/// The case running now, for the watchdog.
struct Current {
    job: Option<Job>,
    started: Instant,
    bytes: Vec<u8>,
}

static CURRENT: Mutex<Option<Current>> = Mutex::new(None);
static WATCHING: AtomicBool = AtomicBool::new(false);

/// Starts (once) a thread that ends the process when one case runs longer than `limit`,
/// keeping its input in `dir` as a `hang` regression.
fn watchdog(limit: Duration, dir: PathBuf) {
    if WATCHING.swap(true, Ordering::SeqCst) {
        return;
    }
    std::thread::spawn(move || {
        loop {
            std::thread::sleep(Duration::from_millis(500));
            let guard = CURRENT.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(Current {
                job: Some(job),
                started,
                bytes,
            }) = guard.as_ref()
                && started.elapsed() > limit
            {
                let kept = keep(&dir, *job, "hang", bytes);
                eprintln!(
                    "FAILURE {}: one input ran longer than {limit:?} (a hang?); kept as {kept:?}",
                    job.label()
                );
                let _ = std::io::stderr().flush();
                std::process::exit(3);
            }
        }
    });
}

fn set_current(job: Option<Job>, bytes: &[u8]) {
    let mut guard = CURRENT.lock().unwrap_or_else(|e| e.into_inner());
    *guard = Some(Current {
        job,
        started: Instant::now(),
        bytes: bytes.to_vec(),
    });
}

/// Options of a campaign.
#[derive(Clone, Debug)]
pub struct Campaign {
    pub dialect: String,
    pub budget: Duration,
    pub seed: u64,
    pub regressions: PathBuf,
    /// A case running longer than this is a hang.
    pub hang: Duration,
    pub max_repeat: usize,
    /// Where the slowest input of each job is written at the end (to study costs), if anywhere.
    pub slowest: Option<PathBuf>,
    /// Where each input is written before it runs (`<kind>.<target>` on the first line), so
    /// that a crash no handler sees (a stack overflow aborts the process) leaves it behind:
    /// `recover` keeps it as a regression.
    pub inflight: Option<PathBuf>,
}

/// What the last campaign left in `inflight`, if anything.
pub enum Leftover {
    /// Its input crashes a replay in a child process too: kept as a regression.
    Crash(PathBuf),
    /// Its input passes when replayed: that campaign was stopped (killed, out of time), not
    /// crashed; nothing is kept.
    Interrupted,
}

/// Looks at the input a campaign that did not end left in `inflight`: replayed in a child
/// process (`exe --replay`, as a crash aborts the process), it is kept as a regression only
/// when it fails there too.
pub fn recover(inflight: &Path, dir: &Path, exe: &Path) -> Option<Leftover> {
    let data = std::fs::read(inflight).ok()?;
    let _ = std::fs::remove_file(inflight);
    let nl = data.iter().position(|&b| b == b'\n')?;
    let name = std::str::from_utf8(&data[..nl]).ok()?;
    let (kind, target) = name.split_once('.')?;
    let job = Job {
        target: Target::from_name(target)?,
        kind: crate::kind(kind)?,
    };
    let kept = keep(dir, job, "crash", &data[nl + 1..]).ok()?;
    let passes = std::process::Command::new(exe)
        .arg("--replay")
        .arg(&kept)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if passes {
        let _ = std::fs::remove_file(&kept);
        return Some(Leftover::Interrupted);
    }
    Some(Leftover::Crash(kept))
}

/// Runs the jobs of a dialect in turn, a slice of time each, until the budget is spent; a
/// failure is minimised and kept in the regression folder (once per signature). Progress goes
/// to `log`.
pub fn campaign(c: &Campaign, log: &mut dyn Write) -> Vec<(Job, Tally)> {
    model::guard::install_quiet_hook();
    watchdog(c.hang, c.regressions.clone());
    let jobs = jobs(&c.dialect);
    let generators: Vec<Generator> = jobs
        .iter()
        .map(|j| Generator::new(j.kind, c.max_repeat))
        .collect();
    let mut tallies: Vec<Tally> = vec![Tally::default(); jobs.len()];
    let mut seen: std::collections::HashSet<String> = Default::default();
    let slice = Duration::from_millis(500)
        .min(c.budget / (jobs.len().max(1) as u32 * 4).max(1))
        .max(Duration::from_millis(20));
    let start = Instant::now();
    let mut round = 0u64;
    let mut last_report = Instant::now();
    while start.elapsed() < c.budget && !jobs.is_empty() {
        for (i, &job) in jobs.iter().enumerate() {
            if generators[i].seeds.is_empty() {
                continue;
            }
            let mut rng = Rng::new(job_seed(c.seed, job, round + 1));
            let (cpu0, wall0) = (cpu_time(), Instant::now());
            let tally = &mut tallies[i];
            while wall0.elapsed() < slice {
                let bytes = input(job, &generators[i], &mut rng);
                set_current(Some(job), &bytes);
                if let Some(path) = &c.inflight {
                    let head = format!("{}.{}\n", job.kind.name, job.target.name());
                    let _ = std::fs::write(path, [head.as_bytes(), &bytes].concat());
                }
                let t = Instant::now();
                let result = check(job, &bytes);
                if t.elapsed() > tally.slowest {
                    tally.slowest = t.elapsed();
                    tally.slowest_input = bytes.clone();
                }
                set_current(None, &[]);
                tally.cases += 1;
                if let Err(message) = result {
                    let sig = format!("{} {}", job.label(), signature(&message));
                    if !seen.insert(sig) {
                        tally.failures.push(message);
                        continue;
                    }
                    let small = minimise(job, &bytes, Duration::from_secs(120));
                    let kept = keep(&c.regressions, job, "found", &small);
                    let _ = writeln!(
                        log,
                        "FAILURE {}: {message}\n  minimised to {} bytes, kept as {kept:?}\n  {}",
                        job.label(),
                        small.len(),
                        escape(&small)
                    );
                    tally.failures.push(message);
                }
            }
            tally.cpu += cpu_time().saturating_sub(cpu0);
            tally.wall += wall0.elapsed();
        }
        round += 1;
        if last_report.elapsed() > Duration::from_secs(60) {
            last_report = Instant::now();
            let cases: u64 = tallies.iter().map(|t| t.cases).sum();
            let failures: usize = tallies.iter().map(|t| t.failures.len()).sum();
            let _ = writeln!(
                log,
                "  {}: {:.0} s, {cases} cases, {failures} failures",
                c.dialect,
                start.elapsed().as_secs_f64()
            );
        }
    }
    if let Some(path) = &c.inflight {
        let _ = std::fs::remove_file(path);
    }
    if let Some(dir) = &c.slowest {
        let _ = std::fs::create_dir_all(dir);
        for (job, t) in jobs.iter().zip(&tallies) {
            let _ = std::fs::write(
                dir.join(format!(
                    "{}.{}.slowest.bin",
                    job.kind.name,
                    job.target.name()
                )),
                &t.slowest_input,
            );
        }
    }
    jobs.into_iter().zip(tallies).collect()
}

/// The campaign's summary table, and one machine-readable `RESULT` line per job.
pub fn summary(dialect: &str, results: &[(Job, Tally)], out: &mut dyn Write) {
    let _ = writeln!(
        out,
        "{:<9} {:<18} {:>10} {:>10} {:>8} {:>9} {:>8}",
        "target", "kind", "cases", "cases/s", "cpu_s", "slowest", "failures"
    );
    for (job, t) in results {
        let rate = t.cases as f64 / t.cpu.as_secs_f64().max(1e-9);
        let _ = writeln!(
            out,
            "{:<9} {:<18} {:>10} {:>10.1} {:>8.1} {:>7.0}ms {:>8}",
            job.target.name(),
            job.kind.name,
            t.cases,
            rate,
            t.cpu.as_secs_f64(),
            t.slowest.as_secs_f64() * 1000.0,
            t.failures.len()
        );
    }
    for (job, t) in results {
        let _ = writeln!(
            out,
            "RESULT\t{dialect}\t{}\t{}\t{}\t{:.3}\t{:.3}\t{:.1}\t{}",
            job.target.name(),
            job.kind.name,
            t.cases,
            t.cpu.as_secs_f64(),
            t.wall.as_secs_f64(),
            t.slowest.as_secs_f64() * 1000.0,
            t.failures.len()
        );
    }
}
