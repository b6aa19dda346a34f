//! Long misère quotient runs (`quotient --max-heap N --out FILE`): killed at any moment
//! they resume to the same quotient, a second writer and a changed or forged file are
//! refused, Ctrl-C stops a run saying how far it got, and every bound is met in one
//! line.

mod common;

use assert_cmd::cargo::cargo_bin;
use common::{error_of, nimlab};
use serde_json::Value;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Dawson's Kayles to heap 30: its quotient grows from 24 to 360 elements through
/// refinements, in a fraction of a second.
const RUN: [&str; 4] = ["quotient", "octal:0.07", "--max-heap", "30"];

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The saved quotient's record (second line), once the file holds one.
fn record(path: &Path) -> Option<Value> {
    let content = std::fs::read_to_string(path).ok()?;
    serde_json::from_str(content.lines().nth(1)?).ok()
}

/// How many heaps the file says are solved.
fn heaps_saved(path: &Path) -> usize {
    record(path).map_or(0, |r| r["pretending"].as_array().unwrap().len() - 1)
}

fn spawn(args: &[&str]) -> Child {
    Command::new(cargo_bin("nimlab"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The report of a finished run, as JSON (status 1: no certificate by heap 30).
fn report(args: &[&str]) -> Value {
    let output = nimlab().args(args).arg("--json").output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn a_run_killed_at_any_moment_resumes_to_the_same_quotient() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.quotient");
    let expected = report(&[&RUN[..], &["--out", text(&whole)]].concat());
    assert_eq!(
        (expected["last_heap"].as_u64(), expected["order"].as_u64()),
        (Some(30), Some(360))
    );
    let out = dir.path().join("part.quotient");
    let args = [&RUN[..], &["--out", text(&out), "--resume"]].concat();
    // SIGKILL after growing delays, then --resume; some kills land before the first
    // save, some in the middle of a heap, some between saves.
    for delay in [0, 5, 20, 60, 150] {
        let mut child = spawn(&args);
        std::thread::sleep(Duration::from_millis(delay));
        child.kill().unwrap();
        child.wait().unwrap();
        if out.exists() {
            assert!(
                record(&out).is_some(),
                "a kill left a file that does not read"
            );
        }
    }
    let resumed = report(&args);
    assert_eq!(resumed, expected);
    assert_eq!(
        std::fs::read(&out).unwrap(),
        std::fs::read(&whole).unwrap(),
        "the saved quotients differ"
    );
}

#[test]
fn a_second_run_a_changed_file_and_a_forged_one_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("q");
    // A run with no end in sight: 0.156 keeps a quotient of order 34 for thousands of
    // heaps without a period, and goes on to heap 1,000,000 with no time limit.
    let long = [
        "quotient",
        "octal:0.156",
        "--max-heap",
        "1000000",
        "--out",
        text(&out),
    ];
    let mut first = spawn(&long);
    let start = Instant::now();
    while heaps_saved(&out) < 5 {
        assert!(start.elapsed() < Duration::from_secs(60), "no save");
        std::thread::sleep(Duration::from_millis(10));
    }
    let message = error_of(&[&long[..], &["--resume"]].concat(), "", 2);
    assert!(message.contains("another run is writing it"), "{message}");
    first.kill().unwrap();
    first.wait().unwrap();
    // Without --resume, a run's file is not overwritten.
    let message = error_of(&long, "", 2);
    assert!(message.contains("--resume"), "{message}");
    let saved = std::fs::read_to_string(&out).unwrap();
    let (header, line) = saved.split_once('\n').unwrap();
    // A byte changed: the CRC-32 does not match.
    std::fs::write(&out, format!("{header}\n{}", line.replacen('1', "2", 1))).unwrap();
    let message = error_of(&[&long[..], &["--resume"]].concat(), "", 2);
    assert!(message.contains("CRC-32"), "{message}");
    // A forged file: Φ changed and the CRC-32 recomputed. The run checks the quotient
    // itself and refuses it.
    let mut forged: Value = serde_json::from_str(line.trim_end()).unwrap();
    let phi = forged["pretending"].as_array_mut().unwrap();
    let last = phi.len() - 1;
    phi[last] = phi[last - 1].clone();
    phi[last - 1] = Value::from(0);
    let forged = forged.to_string();
    let crc = crc32fast::hash(forged.as_bytes());
    std::fs::write(
        &out,
        format!("nimlab quotient 1 crc32:{crc:08x}\n{forged}\n"),
    )
    .unwrap();
    let message = error_of(&[&long[..], &["--resume"]].concat(), "", 2);
    assert!(message.starts_with("nimlab: invalid --out"), "{message}");
    // Another game's file.
    std::fs::write(&out, saved).unwrap();
    let other = [
        "quotient",
        "kayles",
        "--max-heap",
        "40",
        "--out",
        text(&out),
        "--resume",
    ];
    let message = error_of(&other, "", 2);
    assert!(
        message.contains("quotient of 0.156, not of 0.77"),
        "{message}"
    );
}

#[test]
fn ctrl_c_stops_a_run_saying_how_far_it_got() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("q");
    let long = [
        "quotient",
        "octal:0.156",
        "--max-heap",
        "1000000",
        "--out",
        text(&out),
    ];
    let child = spawn(&long);
    while heaps_saved(&out) < 26 {
        std::thread::sleep(Duration::from_millis(10));
    }
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-INT", &pid])
            .status()
            .unwrap()
            .success()
    );
    let output = child.wait_with_output().unwrap();
    let message = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
    for words in [
        "stopped at heap",
        "by SIGINT",
        "solved through heap",
        "--resume goes on",
    ] {
        assert!(message.contains(words), "{message}");
    }
    assert!(heaps_saved(&out) >= 26);
}

/// A run stopped by a bound prints the partial quotient and says in one line, with
/// status 1, how far it got.
fn limit_message(args: &[&str]) -> String {
    let output = nimlab().args(args).output().unwrap();
    let message = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{args:?}: {message}");
    assert_eq!(message.lines().count(), 1, "{args:?}: {message}");
    assert!(String::from_utf8(output.stdout).unwrap().contains("order"));
    message
}

/// Without a bound the command answers within its time limit, or says how to ask for
/// more; a memory budget too small says what the next step would need.
#[test]
fn bounds_are_met_in_one_line() {
    let start = Instant::now();
    let message = limit_message(&[
        "quotient",
        "octal:0.07",
        "--max-heap",
        "1000",
        "--time-limit",
        "0.3",
    ]);
    assert!(start.elapsed() < Duration::from_secs(10));
    assert!(message.contains("by the time limit of 0.3 s"), "{message}");
    assert!(
        message.contains("--time-limit SECONDS allows more"),
        "{message}"
    );
    let message = limit_message(&["quotient", "octal:0.07", "--time-limit", "0.3"]);
    assert!(message.contains("--max-heap N runs to heap N"), "{message}");
    let message = limit_message(&[
        "quotient",
        "octal:0.07",
        "--max-heap",
        "40",
        "--memory",
        "1",
    ]);
    assert!(message.contains("more than the 1 MiB allowed"), "{message}");
    assert!(message.contains("--memory MIB allows more"), "{message}");
    for (args, token) in [
        (vec!["--memory", "0"], "'0'"),
        (vec!["--memory", "lots"], "'lots'"),
        (vec!["--memory", "99999999999"], "'99999999999'"),
        (vec!["--max-heap", "0"], "'0'"),
        (vec!["--max-heap", "1000001"], "'1000001'"),
        (vec!["--time-limit", "-1"], "'-1'"),
    ] {
        let message = error_of(&[&["quotient", "kayles"][..], &args].concat(), "", 2);
        assert!(message.contains(token), "{args:?}: {message}");
    }
    let message = error_of(&["quotient", "kayles", "--resume"], "", 2);
    assert!(message.contains("--out"), "{message}");
}
