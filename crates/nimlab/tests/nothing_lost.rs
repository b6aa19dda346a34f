//! Long runs lose nothing, whatever happens to their files: each case here was found by
//! an adversarial run (two writers on one file, a file edited by hand, a kill at the
//! wrong moment, a file of the wrong kind) and must end in whole, exact output or a
//! one-line refusal that changes nothing.

mod common;

use assert_cmd::cargo::cargo_bin;
use common::{error_of, nimlab, stdout_of};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// The nimlab binary started with `args`, its output discarded.
fn spawn(args: &[&str]) -> Child {
    Command::new(cargo_bin("nimlab"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Wait until `path` exists.
fn wait_for(path: &Path) {
    while !path.exists() {
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// The lines of a census file that read as census lines, and how many lines do not
/// (the header is neither).
fn census_lines(path: &Path) -> (Vec<String>, usize) {
    let content = std::fs::read_to_string(path).unwrap();
    let mut lines = content.lines();
    assert!(lines.next().unwrap().starts_with("{\"nimlab_census\":1,"));
    let (good, bad): (Vec<&str>, Vec<&str>) = lines.partition(|line| {
        serde_json::from_str::<serde_json::Value>(line).is_ok_and(|line| line["code"].is_string())
    });
    let mut good: Vec<String> = good.into_iter().map(str::to_string).collect();
    good.sort();
    (good, bad.len())
}

fn sorted(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines.sort();
    lines
}

/// Two shards of one census append to one file at once: every code once, no line
/// garbled; then a line garbled by hand and one cut at the end are dropped and their
/// codes redone.
#[test]
fn two_census_runs_on_one_file_lose_and_repeat_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("c.jsonl");
    let census = |shard: &str| {
        let out = text(&out).to_string();
        let args = ["census", "--digits", "3", "--upto", "2048", "--jobs", "1"];
        let mut command = Command::new(cargo_bin("nimlab"));
        command.args(args).args(["--shard", shard, "--out", &out]);
        command
    };
    let whole = sorted(&stdout_of(&["census", "--digits", "3", "--upto", "2048"]));
    assert_eq!(whole.len(), 511);
    for _ in 0..3 {
        let _ = std::fs::remove_file(&out);
        let mut children: Vec<Child> = ["0/2", "1/2"]
            .iter()
            .map(|shard| census(shard).spawn().unwrap())
            .collect();
        for child in &mut children {
            assert!(child.wait().unwrap().success());
        }
        assert_eq!(census_lines(&out), (whole.clone(), 0));
    }
    // Kayles' line garbled in the middle, and a line cut at the end.
    let content = std::fs::read_to_string(&out).unwrap();
    let kayles = content
        .lines()
        .find(|line| line.starts_with("{\"code\":\"0.77\","))
        .unwrap();
    let garbled = content.replace(kayles, &kayles[..20]) + "{\"code\":\"0.1";
    std::fs::write(&out, garbled).unwrap();
    let output = census("0/1").output().unwrap();
    assert!(output.status.success());
    let note = String::from_utf8(output.stderr).unwrap();
    assert!(
        note.contains("2 line(s)") && note.contains("dropped"),
        "{note}"
    );
    assert_eq!(census_lines(&out), (whole, 2));
}

/// A census appends only to a census file of the same settings, and refuses files of
/// other kinds without touching them.
#[test]
fn a_census_refuses_files_that_are_not_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let precious = dir.path().join("precious");
    std::fs::write(&precious, "precious data").unwrap();
    let args =
        |out: &str| ["census", "--digits", "1", "--upto", "512", "--out", out].map(String::from);
    let refused = |out: &str, extra: &[&str]| {
        let mut args: Vec<String> = args(out).to_vec();
        args.extend(extra.iter().map(|s| s.to_string()));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        error_of(&args, "", 2)
    };
    assert!(refused(text(&precious), &[]).contains("not a census file"));
    assert_eq!(std::fs::read(&precious).unwrap(), b"precious data");
    assert!(refused("/dev/zero", &[]).contains("character device"));
    assert!(refused(text(dir.path()), &[]).contains(text(dir.path())));
    let census = dir.path().join("c.jsonl");
    let census = text(&census);
    stdout_of(&args(census).each_ref().map(String::as_str));
    let before = std::fs::read(census).unwrap();
    // Another bound or convention would mix two censuses in one file.
    let other = ["census", "--digits", "1", "--upto", "1024", "--out", census];
    assert!(error_of(&other, "", 2).contains("--upto 512, not --upto 1024"));
    assert!(refused(census, &["--misere"]).contains("--misere"));
    assert_eq!(std::fs::read(census).unwrap(), before);
}

/// Codes listed twice are run once; a list that is a directory is named.
#[test]
fn listed_codes_are_run_once_and_unreadable_lists_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("codes.txt");
    std::fs::write(&list, "0.77\noctal:0.77\n0.07\n0.770\n").unwrap();
    let lines = stdout_of(&["census", "--codes", text(&list), "--upto", "1024"]);
    assert_eq!(lines.lines().count(), 2);
    let message = error_of(&["census", "--codes", text(dir.path())], "", 2);
    assert!(message.contains(text(dir.path())), "{message}");
    assert!(error_of(&["census", "--digits", "2", "--shard", "8/8"], "", 2).contains("8/8"));
}

/// A grundy run of 0.167 to `upto` writing `out`, checkpointing constantly.
fn long_run(out: &Path, upto: &str, format: &str) -> Vec<String> {
    ["grundy", "octal:0.167", "--upto", upto, "--format", format]
        .iter()
        .map(|s| s.to_string())
        .chain(["--checkpoint-every", "0", "--out", text(out)].map(String::from))
        .collect()
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// While a run writes a file, a second run on the file is refused and the first goes
/// on.
#[test]
fn a_second_grundy_run_on_a_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run.txt");
    let args = long_run(&out, "100000000", "plain");
    let mut first = spawn(&strs(&args));
    wait_for(&dir.path().join("run.txt.checkpoint"));
    let message = error_of(&strs(&args), "", 2);
    assert!(message.contains("another run is writing it"), "{message}");
    let resume = [strs(&args), vec!["--resume"]].concat();
    assert!(error_of(&resume, "", 2).contains("another run"));
    assert!(first.try_wait().unwrap().is_none(), "the first run stopped");
    first.kill().unwrap();
    first.wait().unwrap();
}

/// Killed before its first checkpoint, a run started with --resume starts from g(0)
/// and writes what an uninterrupted run writes.
#[test]
fn a_run_killed_before_its_first_checkpoint_starts_again_on_resume() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.txt");
    stdout_of(&[
        "grundy",
        "octal:0.167",
        "--upto",
        "300000",
        "--out",
        text(&whole),
    ]);
    let out = dir.path().join("part.txt");
    let args = [
        "grundy",
        "octal:0.167",
        "--upto",
        "300000",
        "--out",
        text(&out),
    ];
    let mut child = spawn(&args);
    std::thread::sleep(Duration::from_millis(100));
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(!dir.path().join("part.txt.checkpoint").exists());
    let output = nimlab().args(args).arg("--resume").output().unwrap();
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no checkpoint"));
    assert_eq!(std::fs::read(&whole).unwrap(), std::fs::read(&out).unwrap());
}

/// A run whose values cannot grow within the process's address space saves what it
/// did, names the limit, and resumes without it to the bytes of an uninterrupted run.
#[test]
fn a_run_that_meets_the_memory_limit_saves_its_work_and_names_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let (whole, out) = (dir.path().join("whole"), dir.path().join("part"));
    let args = |out: &Path| {
        let upto = ((1u64 << 25) - 1).to_string();
        ["grundy", "octal:0.167", "--upto", &upto, "--out", text(out)].map(String::from)
    };
    stdout_of(&strs(&args(&whole)));
    // Its values take 64 MiB once they grow past 32 MiB, beyond an 80 MiB address space
    // with the program's own (about 35 MiB).
    let output = Command::new("prlimit")
        .arg(format!("--as={}", 80 << 20))
        .arg(cargo_bin("nimlab"))
        .args(args(&out))
        .output()
        .unwrap();
    let message = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(
        message.contains("address space is limited to 80 MiB"),
        "{message}"
    );
    assert!(message.contains("the run is saved at "), "{message}");
    nimlab().args(args(&out)).arg("--resume").assert().success();
    assert!(std::fs::read(&whole).unwrap() == std::fs::read(&out).unwrap());
}

/// The files a killed run leaves: its output and checkpoint, as bytes.
struct Leftovers {
    paths: [PathBuf; 2],
    bytes: [Vec<u8>; 2],
}

impl Leftovers {
    fn of(out: &Path) -> Leftovers {
        let paths = ["", ".checkpoint"].map(|suffix| {
            let mut name = out.as_os_str().to_owned();
            name.push(suffix);
            PathBuf::from(name)
        });
        let bytes = paths.clone().map(|path| std::fs::read(path).unwrap());
        Leftovers { paths, bytes }
    }

    fn restore(&self) {
        for (path, bytes) in self.paths.iter().zip(&self.bytes) {
            std::fs::write(path, bytes).unwrap();
        }
    }

    /// The checkpoint's record.
    fn record(&self) -> serde_json::Value {
        let text = String::from_utf8(self.bytes[1].clone()).unwrap();
        serde_json::from_str(text.lines().nth(1).unwrap()).unwrap()
    }

    /// Write `record` as the checkpoint, with its CRC-32 made to match when `forged`.
    fn write_record(&self, record: &serde_json::Value, forged: bool) {
        let line = record.to_string();
        let original = String::from_utf8(self.bytes[1].clone()).unwrap();
        let first = original.lines().next().unwrap().to_string();
        let first = if forged {
            format!(
                "nimlab checkpoint 4 crc32:{:08x}",
                crc32fast::hash(line.as_bytes())
            )
        } else {
            first
        };
        std::fs::write(&self.paths[1], format!("{first}\n{line}\n")).unwrap();
    }
}

/// A checkpoint edited by hand, even with its own CRC-32 made to match, and output bytes
/// changed, are refused; the untouched files then resume to the bytes of an
/// uninterrupted run.
#[test]
fn tampered_checkpoints_and_files_are_refused() {
    for format in ["bfile", "binary", "plain"] {
        let dir = tempfile::tempdir().unwrap();
        let whole = dir.path().join("whole");
        let upto = "3000000";
        stdout_of(&strs(&long_run(&whole, upto, format)));
        let out = dir.path().join("part");
        let args = long_run(&out, upto, format);
        let mut child = spawn(&strs(&args));
        wait_for(&dir.path().join("part.checkpoint"));
        std::thread::sleep(Duration::from_millis(150));
        child.kill().unwrap();
        child.wait().unwrap();
        let left = Leftovers::of(&out);
        let resume = [strs(&args), vec!["--resume"]].concat();
        let refused = |case: &str| {
            let message = error_of(&resume, "", 2);
            left.restore();
            format!("{format} {case}: {message}")
        };
        let record = left.record();
        let bytes = record["bytes"].as_u64().unwrap();
        assert!(bytes > 100 && record["values"].as_u64().unwrap() > 10);
        for field in ["values", "bytes", "output_crc", "checksum"] {
            for forged in [false, true] {
                for change in [1i64, -1] {
                    let mut changed = record.clone();
                    let value = changed[field].as_i64().unwrap() + change;
                    changed[field] = value.into();
                    left.write_record(&changed, forged);
                    let message = refused(&format!("{field} {change:+} forged {forged}"));
                    assert!(message.contains("invalid"), "{message}");
                }
            }
        }
        for at in [0, bytes / 3, bytes - 1] {
            let mut changed = left.bytes[0].clone();
            changed[at as usize] ^= 4;
            std::fs::write(&out, changed).unwrap();
            let message = refused(&format!("output byte {at}"));
            assert!(message.contains("was changed"), "{message}");
        }
        std::fs::write(&out, &left.bytes[0][..bytes as usize - 1]).unwrap();
        assert!(refused("output cut").contains("which has"));
        nimlab().args(&resume).assert().success();
        assert!(
            std::fs::read(&whole).unwrap() == std::fs::read(&out).unwrap(),
            "{format}"
        );
    }
}

/// The files of a run that are not regular files, settings that cannot be, and a plot
/// over the output: each a one-line refusal naming it, at once.
#[test]
fn impossible_files_and_settings_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run.txt");
    let checkpoint = dir.path().join("run.txt.checkpoint");
    rustix::fs::mkfifoat(rustix::fs::CWD, &checkpoint, rustix::fs::Mode::RUSR).unwrap();
    let resume = [
        "grundy",
        "kayles",
        "--upto",
        "100",
        "--out",
        text(&out),
        "--resume",
    ];
    let message = error_of(&resume, "", 2);
    assert!(
        message.contains("FIFO") && message.contains(text(&checkpoint)),
        "{message}"
    );
    for seconds in ["inf", "-1", "NaN", "1e300", "soon"] {
        let args = [
            "grundy",
            "kayles",
            "--upto",
            "9",
            "--out",
            "x",
            "--checkpoint-every",
            seconds,
        ];
        let message = error_of(&args, "", 2);
        assert!(message.contains(&format!("'{seconds}'")), "{message}");
    }
    let plain = dir.path().join("values.txt");
    for plot in [
        text(&plain).to_string(),
        format!("{}/./values.txt", text(dir.path())),
    ] {
        let args = [
            "grundy",
            "octal:0.167",
            "--upto",
            "9",
            "--out",
            text(&plain),
            "--plot",
            &plot,
        ];
        assert!(error_of(&args, "", 2).contains("--plot"));
    }
    let directory = text(dir.path());
    for args in [
        vec!["grundy", "octal:0.167", "--upto", "9", "--out", directory],
        vec!["grundy", "nim", "--upto", "9", "--out", directory],
    ] {
        let message = error_of(&args, "", 2);
        assert!(
            message.contains(directory) && message.contains("directory"),
            "{message}"
        );
    }
    let message = error_of(&["census", "--digits", "1", "--report", directory], "", 2);
    assert!(message.contains(directory), "{message}");
}

/// A census's report: every code once, sorted, open codes marked; the report of its
/// shards' files is the report of the whole.
#[test]
fn a_census_report_is_the_same_from_the_whole_or_its_shards() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let census = ["census", "--digits", "2", "--upto", "4096"];
    let whole_md = path("whole.md");
    stdout_of(
        &[
            &census[..],
            &["--out", &path("whole.jsonl"), "--report", &whole_md],
        ]
        .concat(),
    );
    let report = std::fs::read_to_string(&whole_md).unwrap();
    let rows: Vec<&str> = report.lines().filter(|l| l.starts_with("| 0.")).collect();
    assert_eq!(rows.len(), 63);
    let codes: Vec<&str> = rows
        .iter()
        .map(|row| row.split(" | ").next().unwrap())
        .collect();
    let mut sorted_codes = codes.clone();
    sorted_codes.sort();
    assert_eq!(codes, sorted_codes);
    assert!(rows.iter().any(|row| row.starts_with("| 0.77 | 71 | 12 |")));
    let open = rows
        .iter()
        .filter(|row| row.contains("none ≤ 4096"))
        .count();
    assert!(
        report.contains(&format!("{open} have none within the bound")),
        "{report}"
    );
    let mut shards = Vec::new();
    for i in 0..3 {
        let shard = path(&format!("shard-{i}.jsonl"));
        stdout_of(
            &[
                &census[..],
                &["--shard", &format!("{i}/3"), "--out", &shard],
            ]
            .concat(),
        );
        shards.push(shard);
    }
    let from_md = path("from.md");
    let from: Vec<&str> = shards.iter().map(String::as_str).collect();
    stdout_of(&[&["census", "--report", &from_md, "--from"][..], &from].concat());
    assert_eq!(std::fs::read_to_string(&from_md).unwrap(), report);
    let html = path("from.html");
    stdout_of(&[&["census", "--report", &html, "--from"][..], &from].concat());
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.matches("<tr>").count() == 64);
    // Files of two different censuses do not make one report.
    let other = path("other.jsonl");
    stdout_of(&["census", "--digits", "1", "--upto", "512", "--out", &other]);
    let mixed = ["census", "--report", &from_md, "--from", &shards[0], &other];
    assert!(error_of(&mixed, "", 2).contains("one census"));
}

/// SIGTERM (what Slurm sends before it requeues or preempts a job) makes a run save a
/// checkpoint of all it wrote, long before its next scheduled one, and say so in one
/// line; --resume then writes the bytes of an uninterrupted run.
#[test]
fn a_run_asked_to_stop_by_sigterm_saves_its_work() {
    let dir = tempfile::tempdir().unwrap();
    let args = |out: &Path| {
        [
            "grundy",
            "octal:0.167",
            "--upto",
            "10000000",
            "--out",
            text(out),
        ]
        .map(String::from)
        .to_vec()
    };
    let whole = dir.path().join("whole.txt");
    stdout_of(&strs(&args(&whole)));
    let out = dir.path().join("part.txt");
    let child = Command::new(cargo_bin("nimlab"))
        .args(args(&out))
        .args(["--checkpoint-every", "3600"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Past its header and some values, well before the end.
    while std::fs::metadata(&out).map_or(0, |m| m.len()) < 100_000 {
        std::thread::sleep(Duration::from_millis(5));
    }
    let pid = child.id().to_string();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let output = child.wait_with_output().unwrap();
    let message = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(1), "{message}");
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.contains("stopped by SIGTERM"), "{message}");
    assert!(message.contains("--resume"), "{message}");
    assert!(dir.path().join("part.txt.checkpoint").exists());
    nimlab().args(args(&out)).arg("--resume").assert().success();
    assert!(std::fs::read(&whole).unwrap() == std::fs::read(&out).unwrap());
}
