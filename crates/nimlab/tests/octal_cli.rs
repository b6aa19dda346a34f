//! Take-and-break games on the command line: codes and names, certified periods, and
//! long runs of `grundy --out` that are killed and resumed.

mod common;

use common::{error_of, json_of, nimlab, stdout_of, winning_count};
use rand::RngExt;
use std::path::Path;
use std::process::Stdio;
use std::time::Duration;

/// The values of `grundy GAME --upto N` in plain format.
fn plain_values(game: &str, upto: u64) -> Vec<u32> {
    stdout_of(&["grundy", game, "--upto", &upto.to_string()])
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn every_code_form_and_name_answers_in_every_command() {
    for (game, position) in [
        ("kayles", "10 7"),
        ("dawsons-kayles", "10 7"),
        ("dawsons-chess", "10 7"),
        ("treblecross", "12"),
        ("octal:0.137", "10 7"),
        ("octal:4.07", "10"),
        ("octal:0.007", "12"),
        ("octal:0.1234567", "20"),
        ("hex:0.f", "9"),
        ("hex:0.8", "9 4"),
        ("grundy-game", "8 5"),
    ] {
        let analysis = json_of(&["analyze", game, position, "--json"]);
        assert_eq!(analysis["game"], game);
        let moves = json_of(&["moves", game, position, "--json"]);
        let winning = winning_count(&moves);
        assert_eq!(analysis["outcome"] == "N", winning > 0, "{game} {position}");
        assert!(!stdout_of(&["grundy", game, "--upto", "30"]).is_empty());
    }
    // A named game is its code.
    assert_eq!(
        plain_values("treblecross", 300),
        plain_values("octal:0.007", 300)
    );
    assert_eq!(
        plain_values("dawsons-chess", 300),
        plain_values("octal:0.137", 300)
    );
}

#[test]
fn malformed_codes_are_one_line_errors() {
    for spec in [
        "octal:0.8",
        "octal:0.",
        "octal:.7",
        "octal:0.7x",
        "hex:0.g",
        "octal:1.7",
        "octal:077",
        "octal:",
    ] {
        let message = error_of(&["analyze", spec, "5"], "", 2);
        assert!(message.contains("code"), "{spec}: {message}");
    }
    assert!(error_of(&["period", "octal:0.8"], "", 2).contains("hex:0.8"));
}

#[test]
fn periods_are_certified_and_huge_heaps_are_exact() {
    let kayles = json_of(&["period", "kayles", "--json"]);
    assert_eq!(
        (kayles["preperiod"].as_u64(), kayles["period"].as_u64()),
        (Some(71), Some(12))
    );
    let sixteen = json_of(&["period", "octal:0.16", "--json"]);
    assert_eq!(sixteen["preperiod"], 105_351);
    assert_eq!(sixteen["period"], 149_459);
    // Once periodic, any heap: g(10^99 + 1) of Kayles is g(71 + (10^99 + 1 − 71) mod 12).
    let row = format!("1{}1", "0".repeat(98));
    let analysis = json_of(&["analyze", "kayles", &row, "--json"]);
    let residue = {
        // 10^99 ≡ 4 (mod 12), so 10^99 + 1 − 71 ≡ 4 + 1 − 71 ≡ 6 (mod 12).
        71 + 6
    };
    let values = plain_values("kayles", 100);
    assert_eq!(analysis["grundy"], values[residue]);
    // A million values of a periodic game come from the period.
    assert_eq!(plain_values("kayles", 1_000_000).len(), 1_000_001);
}

#[test]
fn a_game_without_a_period_in_the_bound_says_how_far_it_got() {
    let message = error_of(&["period", "octal:0.167", "--max", "20000"], "", 1);
    assert!(
        message.contains("no period in the first 20000 values"),
        "{message}"
    );
    assert!(message.contains("largest value"), "{message}");
    assert!(message.contains("rare"), "{message}");
    let message = error_of(&["period", "nim", "--max", "100"], "", 2);
    assert!(message.contains("take-and-break"), "{message}");
    let message = error_of(&["grundy", "nim", "--upto", "1000000000"], "", 2);
    assert!(message.contains("MiB"), "{message}");
}

#[test]
fn file_formats_hold_the_same_values() {
    let dir = tempfile::tempdir().unwrap();
    let values = plain_values("octal:0.167", 5000);
    let path = |name: &str| dir.path().join(name);
    for format in ["bfile", "binary", "plain", "csv", "json"] {
        let out = path(format);
        let out = out.to_str().unwrap();
        stdout_of(&[
            "grundy",
            "octal:0.167",
            "--upto",
            "5000",
            "--format",
            format,
            "--out",
            out,
        ]);
    }
    let bfile = std::fs::read_to_string(path("bfile")).unwrap();
    let from_bfile: Vec<u32> = bfile
        .lines()
        .enumerate()
        .map(|(n, line)| {
            let (index, value) = line.split_once(' ').unwrap();
            assert_eq!(index.parse::<usize>().unwrap(), n);
            value.parse().unwrap()
        })
        .collect();
    assert_eq!(from_bfile, values);
    assert_eq!(
        read_binary(&path("binary")),
        ("octal:0.167".to_string(), values.clone())
    );
    let plain = std::fs::read_to_string(path("plain")).unwrap();
    assert_eq!(
        plain,
        stdout_of(&["grundy", "octal:0.167", "--upto", "5000"])
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path("json")).unwrap()).unwrap();
    assert_eq!(
        json,
        json_of(&[
            "grundy",
            "octal:0.167",
            "--upto",
            "5000",
            "--format",
            "json"
        ])
    );
}

/// The spec and values of a binary file, checking its header and CRC.
fn read_binary(path: &Path) -> (String, Vec<u32>) {
    let bytes = std::fs::read(path).unwrap();
    assert_eq!(&bytes[..8], b"NIMSEQ\0\x01");
    let spec_len = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    let spec = String::from_utf8(bytes[12..12 + spec_len].to_vec()).unwrap();
    let mut at = 12 + spec_len;
    let first = u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
    let count = u64::from_le_bytes(bytes[at + 8..at + 16].try_into().unwrap()) as usize;
    let width = bytes[at + 16] as usize;
    at += 17;
    assert_eq!((first, width), (0, 2));
    let body = &bytes[at..at + 2 * count];
    let crc = u32::from_le_bytes(bytes[at + 2 * count..].try_into().unwrap());
    assert_eq!(crc, crc32fast::hash(body));
    let values = body
        .chunks(2)
        .map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])))
        .collect();
    (spec, values)
}

/// A run killed at a random moment and resumed writes the same bytes as a run that was
/// never stopped; so does one killed twice, each time with another number of threads.
/// 0.167 has no known period; 0.16's is certified after 0.5 million values, so its
/// kills mostly come after the certificate, when the engine holds fewer values than the
/// file. The counts format resumes from its state file to the same counts.
#[test]
fn a_killed_run_resumes_to_identical_bytes() {
    for (game, format) in [
        ("octal:0.167", "bfile"),
        ("octal:0.16", "bfile"),
        ("octal:0.161", "counts"),
    ] {
        killed_run_resumes_to_identical_bytes(game, format);
    }
}

fn killed_run_resumes_to_identical_bytes(game: &str, format: &str) {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.txt");
    let upto = "4000000";
    let args = |out: &Path| -> Vec<String> {
        ["grundy", game, "--upto", upto, "--format", format, "--out"]
            .iter()
            .map(|s| s.to_string())
            .chain([out.to_str().unwrap().to_string()])
            .collect()
    };
    stdout_of(&args(&whole).iter().map(String::as_str).collect::<Vec<_>>());
    let part = dir.path().join("part.txt");
    let checkpoint = dir.path().join("part.txt.checkpoint");
    let mut rng = rand::rng();
    let mut resume = false;
    for _ in 0..2 {
        let mut command = std::process::Command::new(assert_cmd::cargo::cargo_bin("nimlab"));
        command
            .args(args(&part))
            .args(["--checkpoint-every", "0.05"])
            .args(["--jobs", &rng.random_range(1..=3).to_string()]);
        if resume {
            command.arg("--resume");
        }
        let mut child = command
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(rng.random_range(50..400)));
        let _ = child.kill();
        child.wait().unwrap();
        resume = checkpoint.exists();
    }
    let mut last = nimlab();
    last.args(args(&part));
    if checkpoint.exists() {
        last.arg("--resume");
    }
    last.args(["--jobs", "2"]).assert().success();
    assert!(!checkpoint.exists());
    assert!(!dir.path().join("part.txt.state.0").exists());
    assert!(
        std::fs::read(&whole).unwrap() == std::fs::read(&part).unwrap(),
        "{game}"
    );
}

/// Several threads write the bytes one thread writes, in every format; the counts
/// format's checksum is the binary format's trailer, its counts add up to the values,
/// and its rare positions are the engine's.
#[test]
fn threads_and_formats_agree() {
    let dir = tempfile::tempdir().unwrap();
    for game in ["octal:0.161", "octal:0.034", "grundy-game"] {
        let run = |format: &str, jobs: &str| {
            let out = dir
                .path()
                .join(format!("{}-{format}-{jobs}", game.replace(':', "-")));
            let upto = "120000";
            nimlab()
                .args([
                    "grundy", game, "--upto", upto, "--format", format, "--jobs", jobs,
                ])
                .arg("--out")
                .arg(&out)
                .assert()
                .success();
            std::fs::read(&out).unwrap()
        };
        for format in ["binary", "plain", "counts"] {
            let one = run(format, "1");
            for jobs in ["2", "4"] {
                assert!(one == run(format, jobs), "{game} {format} --jobs {jobs}");
            }
        }
        let binary = run("binary", "1");
        let trailer = u32::from_le_bytes(binary[binary.len() - 4..].try_into().unwrap());
        let counts: serde_json::Value = serde_json::from_slice(&run("counts", "3")).unwrap();
        assert_eq!(counts["checksum"], format!("{trailer:08x}"), "{game}");
        assert_eq!(counts["game"], game);
        let total: u64 = counts["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|pair| pair[1].as_u64().unwrap())
            .sum();
        assert_eq!(total, 120_001);
        let values = plain_values(game, 120_000);
        let mask = counts["mask"].as_u64().unwrap() as u32;
        for pair in counts["rare"].as_array().unwrap() {
            let (n, value) = (pair[0].as_u64().unwrap(), pair[1].as_u64().unwrap());
            assert_eq!(u64::from(values[n as usize]), value);
            assert_eq!(
                (value as u32 & mask).count_ones() % 2,
                0,
                "rare under the mask"
            );
        }
        let largest = *values.iter().max().unwrap();
        assert_eq!(counts["largest"], largest);
    }
}

/// Bad settings of a long run are one line and status 2, and change no file: a thread
/// count out of range, a bound past the limit (even past 64 bits), a format that needs
/// a file, and an existing file that is not a sequence of the game.
#[test]
fn impossible_runs_are_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("notes.txt");
    std::fs::write(&out, "my notes\n").unwrap();
    let out = out.to_str().unwrap();
    for jobs in ["0", "100000", "two"] {
        let message = error_of(
            &["grundy", "octal:0.161", "--upto", "100", "--jobs", jobs],
            "",
            2,
        );
        assert!(
            message.contains("--jobs") && message.contains("1 to 1024"),
            "{message}"
        );
    }
    let huge = "18446744073709551616";
    let message = error_of(
        &["grundy", "octal:0.161", "--upto", huge, "--out", out],
        "",
        2,
    );
    assert!(message.contains("from 0 to 1125899906842623"), "{message}");
    let message = error_of(&["grundy", "octal:0.161", "--upto", huge], "", 2);
    assert!(message.contains("from 0 to 100000000"), "{message}");
    let message = error_of(
        &["grundy", "kayles", "--upto", "9", "--format", "counts"],
        "",
        2,
    );
    assert!(message.contains("--out FILE"), "{message}");
    let message = error_of(
        &[
            "grundy", "nim", "--upto", "9", "--format", "counts", "--out", out,
        ],
        "",
        2,
    );
    assert!(message.contains("take-and-break"), "{message}");
    let message = error_of(&["grundy", "nim", "--upto", "9", "--jobs", "2"], "", 2);
    assert!(message.contains("--out FILE"), "{message}");
    for game in ["octal:0.161", "nim"] {
        let message = error_of(&["grundy", game, "--upto", "100", "--out", out], "", 2);
        assert!(
            message.contains("not a nim-sequence of this game"),
            "{message}"
        );
    }
    assert_eq!(std::fs::read_to_string(out).unwrap(), "my notes\n");
    // A file this command wrote for the game and format is replaced.
    let plain = dir.path().join("g.txt");
    let plain = plain.to_str().unwrap();
    for upto in ["100", "50"] {
        stdout_of(&["grundy", "octal:0.161", "--upto", upto, "--out", plain]);
    }
    assert_eq!(
        std::fs::read_to_string(plain).unwrap(),
        stdout_of(&["grundy", "octal:0.161", "--upto", "50"])
    );
}

/// A bound named runs to it; Ctrl-C stops it saying how far it got, and without a
/// bound the period search says how to ask for more.
#[test]
fn named_bounds_run_to_the_end_and_stop_on_ctrl_c() {
    let message = error_of(&["period", "octal:0.167"], "", 1);
    assert!(message.contains("--max N"), "{message}");
    assert!(message.contains("values or so"), "{message}");
    for args in [
        vec!["grundy", "octal:0.167", "--upto", "100000000"],
        vec!["period", "octal:0.167", "--max", "100000000"],
    ] {
        let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nimlab"))
            .args(&args)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(500));
        std::process::Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        let output = child.wait_with_output().unwrap();
        let message = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(1), "{message}");
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(message.contains("stopped by SIGINT"), "{message}");
    }
}

#[test]
fn a_checkpoint_belongs_to_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run.txt");
    let out = out.to_str().unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("nimlab"))
        .args(["grundy", "octal:0.167", "--upto", "100000000", "--out", out])
        .args(["--checkpoint-every", "0"])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let checkpoint = format!("{out}.checkpoint");
    while !Path::new(&checkpoint).exists() {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let other = [
        "grundy",
        "octal:0.16",
        "--upto",
        "100000000",
        "--out",
        out,
        "--resume",
    ];
    assert!(error_of(&other, "", 2).contains("octal:0.167"));
    let again = ["grundy", "octal:0.167", "--upto", "100000000", "--out", out];
    assert!(error_of(&again, "", 2).contains("--resume"));
    // Output whose values changed is refused, even with its CRC-32 made to match: the
    // values the run resumes from must be the ones its checksum counted.
    let text = std::fs::read_to_string(&checkpoint).unwrap();
    let mut record: serde_json::Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
    let vouched = record["bytes"].as_u64().unwrap() as usize;
    let original = std::fs::read(out).unwrap();
    let mut bytes = original.clone();
    let digit = bytes.iter().position(|&b| b == b'4').unwrap();
    assert!(digit < vouched);
    bytes[digit] = b'5';
    std::fs::write(out, &bytes).unwrap();
    let resume = [&again[..], &["--resume"]].concat();
    assert!(error_of(&resume, "", 2).contains("CRC-32"));
    record["output_crc"] = crc32fast::hash(&bytes[..vouched]).into();
    let line = record.to_string();
    let forged = format!(
        "nimlab checkpoint 4 crc32:{:08x}\n{line}\n",
        crc32fast::hash(line.as_bytes())
    );
    std::fs::write(&checkpoint, forged).unwrap();
    assert!(error_of(&resume, "", 2).contains("checksum"));
    std::fs::write(out, &original).unwrap();
    std::fs::write(&checkpoint, text).unwrap();
    // A checkpoint that is a device is refused before it is read.
    std::fs::remove_file(&checkpoint).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &checkpoint).unwrap();
    assert!(error_of(&resume, "", 2).contains("character device"));
    // With no checkpoint, --resume starts the run, as a requeued batch job needs.
    let fresh = dir.path().join("none.txt");
    let output = nimlab()
        .args(["grundy", "kayles", "--upto", "10", "--resume", "--out"])
        .arg(&fresh)
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("no checkpoint"));
    assert_eq!(
        std::fs::read_to_string(&fresh).unwrap(),
        stdout_of(&["grundy", "kayles", "--upto", "10"])
    );
}

#[test]
fn a_plot_is_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("kayles.svg");
    stdout_of(&[
        "grundy",
        "kayles",
        "--upto",
        "300",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg"));
    assert!(picture.contains("period 12 from n = 71"));
    assert!(picture.matches("<circle").count() >= 301);
}

/// The sorted lines of a census.
fn sorted_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines.sort();
    lines
}

#[test]
fn a_census_is_its_shards_and_resumes_without_redoing_codes() {
    let whole = stdout_of(&["census", "--digits", "2", "--upto", "4096"]);
    assert_eq!(whole.lines().count(), 63);
    let kayles: serde_json::Value = whole
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).unwrap())
        .find(|line| line["code"] == "0.77")
        .unwrap();
    assert_eq!(
        (kayles["preperiod"].as_u64(), kayles["period"].as_u64()),
        (Some(71), Some(12))
    );
    let shards: String = (0..3)
        .map(|i| {
            let shard = format!("{i}/3");
            stdout_of(&[
                "census", "--digits", "2", "--upto", "4096", "--shard", &shard, "--jobs", "1",
            ])
        })
        .collect();
    assert_eq!(sorted_lines(&shards), sorted_lines(&whole));

    // A census file with its header, some lines done and one cut by a kill: the run
    // completes it.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("census.jsonl");
    let mut lines = whole.lines();
    let partial = format!(
        "{{\"nimlab_census\":1,\"upto\":4096,\"misere\":false}}\n{}\n{}\n{{\"code\":\"0.",
        lines.next().unwrap(),
        lines.next().unwrap()
    );
    std::fs::write(&out, partial).unwrap();
    let out = out.to_str().unwrap();
    stdout_of(&["census", "--digits", "2", "--upto", "4096", "--out", out]);
    let resumed = std::fs::read_to_string(out).unwrap();
    // The census's lines: not the header, nor the line cut by the kill.
    let census_lines = |text: &str| {
        let lines = text.lines().filter(|line| {
            serde_json::from_str::<serde_json::Value>(line)
                .is_ok_and(|line| line["code"].is_string())
        });
        sorted_lines(&lines.collect::<Vec<_>>().join("\n"))
    };
    assert_eq!(census_lines(&resumed), sorted_lines(&whole));
    // Run again: nothing is left to do.
    stdout_of(&["census", "--digits", "2", "--upto", "4096", "--out", out]);
    assert_eq!(std::fs::read_to_string(out).unwrap(), resumed);
    assert!(error_of(&["census", "--digits", "2", "--shard", "3/3"], "", 2).contains("3/3"));
}
