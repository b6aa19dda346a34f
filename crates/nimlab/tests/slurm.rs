//! The job files of `deploy/slurm` on a real Slurm cluster: the census as an array job
//! equals the census run at once, a requeued census task loses and repeats no code, and
//! a requeued `grundy` job writes the bytes of an uninterrupted run.
//!
//! They need a running cluster, which `deploy/slurm/local-cluster.sh` brings up on this
//! machine (as root; `.ci/run` does). With `CI` set these tests fail when Slurm is
//! missing; without it they are skipped then, saying so.

mod common;

use assert_cmd::cargo::cargo_bin;
use common::stdout_of;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tempfile::TempDir;

/// The cluster's cores are shared: one test submits at a time.
static CLUSTER: Mutex<()> = Mutex::new(());

/// Whether a Slurm cluster answers with a node ready for jobs; under CI, that it does.
fn cluster_is_up() -> bool {
    let states = Command::new("sinfo").args(["-h", "-o", "%T"]).output();
    let up = states.is_ok_and(|out| {
        let states = String::from_utf8_lossy(&out.stdout);
        out.status.success()
            && states
                .lines()
                .any(|state| ["idle", "mixed", "allocated"].contains(&state.trim()))
    });
    if !up {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set, but no Slurm cluster answers: run deploy/slurm/local-cluster.sh as root"
        );
        eprintln!(
            "skipped: no Slurm cluster (run deploy/slurm/local-cluster.sh as root; set CI to \
             make this a failure)"
        );
    }
    up
}

fn job_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../deploy/slurm")
        .join(name)
}

fn text(path: &Path) -> String {
    path.to_str().unwrap().to_string()
}

/// Submit `job` with `env` exported and `args`; the job's id (with --wait, after it
/// ended, and with its exit status).
fn sbatch(job: &str, env: &[(&str, String)], args: &[&str]) -> (String, bool) {
    let export: Vec<String> = env.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let output = Command::new("sbatch")
        .arg("--parsable")
        .arg(format!("--export=ALL,{}", export.join(",")))
        .args(args)
        .arg(job_file(job))
        .output()
        .unwrap();
    let id = String::from_utf8(output.stdout).unwrap();
    let id = id.trim().split(';').next().unwrap().to_string();
    assert!(
        !id.is_empty(),
        "sbatch: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    (id, output.status.success())
}

/// `scontrol show job ID` on one line per job (an array's tasks each have one).
fn show(id: &str) -> String {
    let out = Command::new("scontrol")
        .args(["show", "job", "-o", id])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// The state of job `id` as squeue has it, or None once it has left the queue.
fn state(id: &str) -> Option<String> {
    let out = Command::new("squeue")
        .args(["-h", "-j", id, "-o", "%T"])
        .output()
        .unwrap();
    let states = String::from_utf8(out.stdout).unwrap();
    let states: Vec<&str> = states.lines().map(str::trim).collect();
    (!states.is_empty()).then(|| states.join(","))
}

/// Wait until `done()` holds, for at most `limit`.
fn wait_until(what: &str, limit: Duration, done: impl Fn() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "waited {limit:?} for {what}");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Requeue running job `id`: it is killed, and starts again once its credential has
/// expired (10 s on the local cluster).
fn requeue(id: &str) {
    let ok = Command::new("scontrol")
        .args(["requeue", id])
        .status()
        .unwrap();
    assert!(ok.success(), "scontrol requeue {id}");
}

/// The census lines of the files of a census (their headers left out), sorted.
fn census_lines(files: impl IntoIterator<Item = PathBuf>) -> Vec<String> {
    let mut lines: Vec<String> = files
        .into_iter()
        .flat_map(|path| {
            let text = std::fs::read_to_string(path).unwrap();
            text.lines()
                .filter(|line| !line.starts_with("{\"nimlab_census\":"))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    lines.sort();
    lines
}

fn shards(dir: &Path, count: usize) -> Vec<PathBuf> {
    (0..count)
        .map(|i| dir.join(format!("census-{i}.jsonl")))
        .collect()
}

/// The cluster, held for one test, and a directory for its files; None (the test is
/// skipped) without a cluster.
fn cluster() -> Option<(MutexGuard<'static, ()>, TempDir)> {
    cluster_is_up().then(|| {
        let held = CLUSTER
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        (held, tempfile::tempdir().unwrap())
    })
}

/// Submit `census.sbatch` over `tasks` for the codes of `digits` digits to `upto`
/// values, writing into `dir`, with `args`; the job's id and whether it succeeded.
fn census_job(dir: &Path, digits: &str, upto: &str, tasks: &str, args: &[&str]) -> (String, bool) {
    let env = [
        ("NIMLAB_BIN", text(&cargo_bin("nimlab"))),
        ("DIGITS", digits.to_string()),
        ("UPTO", upto.to_string()),
        ("OUTDIR", text(dir)),
    ];
    let log = format!("--output={}/slurm-%A_%a.out", text(dir));
    let array = format!("--array={tasks}");
    sbatch("census.sbatch", &env, &[args, &[&array, &log]].concat())
}

#[test]
fn a_census_array_job_is_the_whole_census() {
    let Some((_cluster, dir)) = cluster() else {
        return;
    };
    let (id, ok) = census_job(dir.path(), "2", "4096", "0-7", &["--wait"]);
    assert!(ok, "{}", show(&id));
    let mut whole: Vec<String> = stdout_of(&["census", "--digits", "2", "--upto", "4096"])
        .lines()
        .map(str::to_string)
        .collect();
    whole.sort();
    assert_eq!(whole.len(), 63);
    assert_eq!(census_lines(shards(dir.path(), 8)), whole);
}

#[test]
fn a_requeued_census_task_loses_and_repeats_no_code() {
    let Some((_cluster, dir)) = cluster() else {
        return;
    };
    let (id, _) = census_job(dir.path(), "3", "32768", "0-3", &[]);
    let first = format!("{id}_0");
    let file = dir.path().join("census-0.jsonl");
    let lines = || std::fs::read_to_string(&file).map_or(0, |text| text.lines().count());
    wait_until("task 0 to write lines", Duration::from_secs(120), || {
        lines() >= 4
    });
    assert_eq!(
        state(&first).as_deref(),
        Some("RUNNING"),
        "task 0 ended early"
    );
    let before = lines();
    requeue(&first);
    wait_until("the census to end", Duration::from_secs(600), || {
        state(&id).is_none()
    });
    let tasks = show(&id);
    assert_eq!(tasks.matches("JobState=COMPLETED").count(), 4, "{tasks}");
    assert!(show(&first).contains("Restarts=1"), "{}", show(&first));
    assert!(before < lines(), "task 0 did nothing after its requeue");
    let codes: Vec<String> = census_lines(shards(dir.path(), 4))
        .iter()
        .map(|line| {
            let line: serde_json::Value = serde_json::from_str(line).unwrap();
            line["code"].as_str().unwrap().to_string()
        })
        .collect();
    let mut unique = codes.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), codes.len(), "a code was written twice");
    // 511 distinct codes of one to three digits are all of them.
    let is_code = |code: &str| {
        code.strip_prefix("0.").is_some_and(|digits| {
            (1..=3).contains(&digits.len())
                && digits.bytes().all(|d| (b'0'..=b'7').contains(&d))
                && !digits.ends_with('0')
        })
    };
    assert!(codes.iter().all(|code| is_code(code)), "{codes:?}");
    assert_eq!(codes.len(), 511);
}

#[test]
fn a_requeued_grundy_job_writes_the_bytes_of_an_uninterrupted_run() {
    let Some((_cluster, dir)) = cluster() else {
        return;
    };
    let (whole, out) = (dir.path().join("whole.txt"), dir.path().join("seq.txt"));
    let upto = ((1u64 << 25) - 1).to_string();
    let run = [
        "grundy",
        "octal:0.167",
        "--upto",
        &upto,
        "--format",
        "bfile",
    ];
    stdout_of(&[&run[..], &["--out", &text(&whole)]].concat());
    let env = [
        ("NIMLAB_BIN", text(&cargo_bin("nimlab"))),
        ("GAME", "octal:0.167".to_string()),
        ("UPTO", upto.clone()),
        ("FORMAT", "bfile".to_string()),
        ("OUT", text(&out)),
        ("CHECKPOINT_EVERY", "1".to_string()),
    ];
    let log = dir.path().join("grundy.log");
    let (id, _) = sbatch(
        "grundy.sbatch",
        &env,
        &[&format!("--output={}", text(&log))],
    );
    let checkpoint = dir.path().join("seq.txt.checkpoint");
    wait_until("a checkpoint", Duration::from_secs(120), || {
        checkpoint.exists()
    });
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(
        state(&id).as_deref(),
        Some("RUNNING"),
        "the job ended early"
    );
    requeue(&id);
    wait_until("the job to end", Duration::from_secs(300), || {
        state(&id).is_none()
    });
    let job = show(&id);
    assert!(
        job.contains("JobState=COMPLETED") && job.contains("Restarts=1"),
        "{job}"
    );
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(
        log.contains("(restart 0)") && log.contains("(restart 1)"),
        "{log}"
    );
    assert!(!checkpoint.exists());
    assert!(std::fs::read(&whole).unwrap() == std::fs::read(&out).unwrap());
}

#[test]
fn a_job_without_its_program_or_directory_fails_in_one_line() {
    let Some((_cluster, dir)) = cluster() else {
        return;
    };
    let blocker = dir.path().join("a-file");
    std::fs::write(&blocker, "").unwrap();
    let cases = [
        (
            "NIMLAB_BIN",
            "/nonexistent/nimlab".to_string(),
            "NIMLAB_BIN=",
        ),
        ("OUTDIR", text(&blocker.join("out")), "OUTDIR="),
    ];
    for (i, (name, value, expected)) in cases.into_iter().enumerate() {
        let mut env = vec![
            ("NIMLAB_BIN", text(&cargo_bin("nimlab"))),
            ("DIGITS", "1".to_string()),
            ("OUTDIR", text(dir.path())),
        ];
        env.retain(|(k, _)| *k != name);
        env.push((name, value));
        let log = dir.path().join(format!("case-{i}.log"));
        let args = ["--wait", "--array=0-0", &format!("--output={}", text(&log))];
        let (id, ok) = sbatch("census.sbatch", &env, &args);
        assert!(!ok, "{}", show(&id));
        let log = std::fs::read_to_string(&log).unwrap();
        assert_eq!(log.lines().count(), 1, "{log}");
        assert!(
            log.starts_with("census.sbatch: ") && log.contains(expected),
            "{log}"
        );
    }
}
