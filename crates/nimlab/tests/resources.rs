//! Hostile inputs under a memory cap: every reader and command ends with an answer or
//! a one-line error (status 1 or 2), never an abort, a hang or a flood of output.
//! Each run is capped at 1 GiB of address space (`prlimit --as`) and, as a guard
//! against hangs only, 120 seconds.

mod common;

use assert_cmd::Command;
use std::io::Write;
use std::time::Duration;

/// Address space allowed to each run.
const MEMORY_CAP: &str = "--as=1073741824";

/// Run nimlab under the memory cap with `stdin`; assert it ended as a program should
/// (status 0, 1 or 2; an error in one short line) and return its status and stderr.
fn capped(args: &[&str], stdin: &[u8]) -> (i32, String) {
    let (status, _, stderr) = capped_output(args, stdin);
    (status, stderr)
}

/// [`capped`], with the standard output too.
fn capped_output(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let bin = assert_cmd::cargo::cargo_bin("nimlab");
    let output = Command::new("prlimit")
        .arg(MEMORY_CAP)
        .arg("--")
        .arg(bin)
        .args(args)
        .write_stdin(stdin)
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let status = output
        .status
        .code()
        .unwrap_or_else(|| panic!("{args:?} was killed by a signal: {stderr}"));
    assert!(status <= 2, "{args:?}: status {status}: {stderr}");
    if status != 0 {
        assert!(stderr.lines().count() <= 2, "{args:?}: {stderr}");
        assert!(stderr.len() < 400, "{args:?}: {stderr}");
        assert!(stderr.starts_with("nimlab: "), "{args:?}: {stderr}");
    }
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    (status, stdout, stderr)
}

fn bytes_of(path: &str, count: usize) -> Vec<u8> {
    use std::io::Read;
    let mut bytes = vec![0; count];
    std::fs::File::open(path)
        .unwrap()
        .read_exact(&mut bytes)
        .unwrap();
    bytes
}

#[test]
fn endless_and_binary_input_is_refused_at_once() {
    let zeros = vec![0u8; 80 << 20];
    let random = bytes_of("/dev/urandom", 1 << 20);
    let long_line = vec![b'7'; 70 << 20];
    for stdin in [&zeros, &random, &long_line] {
        for args in [
            &["analyze", "nim", "-"][..],
            &["moves", "nim", "-"],
            &["task", "1"],
            &["play"],
            &["seq", "fusc", "--at", "-"],
        ] {
            let (status, _) = capped(args, stdin);
            assert_eq!(status, 2, "{args:?}");
        }
    }
}

#[test]
fn device_files_named_as_dags_are_refused_at_once() {
    for device in ["/dev/zero", "/dev/urandom"] {
        for family in ["dag", "graph"] {
            let spec = format!("{family}:{device}");
            let (status, stderr) = capped(&["analyze", &spec, "0"], b"");
            assert_eq!(status, 2);
            assert!(stderr.contains("character device"), "{stderr}");
        }
    }
}

/// A few bytes that declare the most vertices a graph may have are answered under
/// the memory cap; one more vertex is refused in one line naming the limit.
#[test]
fn a_graph_declared_at_its_limits_is_answered_under_the_cap() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("wide.txt");
    std::fs::write(&file, "10000000 1 9999999 0").unwrap();
    let spec = format!("graph:{}", file.display());
    let (status, stdout, stderr) = capped_output(&["analyze", &spec, "9999999"], b"");
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("Grundy value: 1"), "{stdout}");
    std::fs::write(&file, "10000001 0").unwrap();
    let (status, stderr) = capped(&["analyze", &spec, "0"], b"");
    assert_eq!(status, 2);
    assert!(
        stderr.contains("the limit 'vertices of a graph'"),
        "{stderr}"
    );
}

#[test]
fn records_are_bounded_and_checked_move_by_move() {
    let dir = tempfile::tempdir().unwrap();
    let zero = dir.path().join("zero.json");
    std::fs::write(&zero, vec![b' '; 20 << 20]).unwrap();
    let (status, stderr) = capped(&["review", zero.to_str().unwrap()], b"");
    assert_eq!(status, 2);
    assert!(stderr.contains("longer than the limit"), "{stderr}");
    // A record of a game on a heap of a million digits is reviewed, quickly.
    let huge = format!("1{}", "0".repeat(1_000_000));
    let record = serde_json::json!({
        "game": "nim", "convention": "normal", "start": format!("{huge} 5"),
        "moves": [{"by": "you", "move": "", "position": format!("{huge} 4")}],
        "winner": null,
    });
    let path = dir.path().join("huge.json");
    std::fs::write(&path, record.to_string()).unwrap();
    let (status, stderr) = capped(&["review", path.to_str().unwrap()], b"");
    assert_eq!(status, 0, "{stderr}");
}

#[test]
fn huge_sets_and_sums_end_in_an_answer_or_a_named_limit() {
    // A subtraction set of 20,000 amounts: small heaps answer from a short table; a
    // huge heap needs a period search beyond the table-work limit, refused by name
    // (with no time limit, which would stop it first).
    let set: Vec<String> = (1..=20_000).map(|s| s.to_string()).collect();
    let spec = format!("subtraction:{}", set.join(","));
    let (status, _) = capped(&["analyze", &spec, "5"], b"");
    assert_eq!(status, 0);
    let (status, stderr) = capped(&["analyze", &spec, "50000000", "--time-limit", "0"], b"");
    assert_eq!(status, 1);
    assert!(stderr.contains("steps of table work"), "{stderr}");
    // Task 3 with a set of 10^5 amounts up to 10^6 and small piles.
    let mut input = String::from("100000 ");
    input += &(1..=100_000)
        .map(|s| (s * 10).to_string())
        .collect::<Vec<_>>()
        .join(" ");
    input += " 3 5 6 7";
    let (status, _) = capped(&["task", "3"], input.as_bytes());
    assert_eq!(status, 0);
    // A sum of a hundred copies of one copycat game shares one table (computed for
    // longer than one question may take by default).
    let spec = vec!["copycat:100"; 100].join(" + ");
    let position = vec!["1000"; 100].join(" + ");
    let (status, stderr) = capped(&["analyze", &spec, &position, "--time-limit", "0"], b"");
    assert_eq!(status, 0, "{stderr}");
}

#[test]
fn json_of_a_million_heaps_stays_small() {
    let heaps: Vec<String> = (0..1_000_000u64)
        .map(|i| (i * 7919 % 1_000_003).to_string())
        .collect();
    let bin = assert_cmd::cargo::cargo_bin("nimlab");
    let mut child = std::process::Command::new("prlimit")
        .args([MEMORY_CAP, "--"])
        .arg(bin)
        .args(["analyze", "nim", "-", "--json"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let text = heaps.join("\n");
    let writer = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap().unwrap();
    assert!(output.status.success());
    assert!(
        output.stdout.len() < 1 << 20,
        "{} bytes",
        output.stdout.len()
    );
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["winning_moves"].as_array().unwrap().len(), 100);
    assert!(report["winning_moves"][0]["to"].is_null());
}

/// The new readers and tables of the octal engine, the census and quotients refuse
/// hostile input at once, within the memory cap.
#[test]
fn census_lists_sequences_and_quotients_are_bounded() {
    for device in ["/dev/zero", "/dev/urandom"] {
        let (status, stderr) = capped(&["census", "--codes", device], b"");
        assert_eq!(status, 2);
        assert!(stderr.contains("character device"), "{stderr}");
    }
    let huge = format!("1{}", "0".repeat(40));
    for args in [
        vec!["grundy", "octal:0.167", "--upto", huge.as_str()],
        vec!["period", "octal:0.167", "--max", huge.as_str()],
        vec!["census", "--digits", "7"],
        vec!["quotient", "kayles", "--max-heap", huge.as_str()],
    ] {
        let (status, _) = capped(&args, b"");
        assert_eq!(status, 2, "{args:?}");
    }
    let code = format!("octal:0.{}", "7".repeat(100_000));
    let (status, stderr) = capped(&["analyze", &code, "5"], b"");
    assert_eq!(status, 2);
    assert!(stderr.contains("at most 64 digits"), "{stderr}");
}

/// A long run's checkpoint and state, made hostile: a checkpoint that never ends, one
/// that claims more values than asked, and a state that is a device. Each is refused
/// in one line, within the memory cap, before anything is read in full.
#[test]
fn long_run_checkpoints_and_states_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run.txt");
    let out = out.to_str().unwrap();
    let checkpoint = format!("{out}.checkpoint");
    let resume = [
        "grundy",
        "octal:0.167",
        "--upto",
        "1000",
        "--format",
        "counts",
        "--out",
        out,
        "--resume",
    ];
    std::os::unix::fs::symlink("/dev/zero", &checkpoint).unwrap();
    let (status, stderr) = capped(&resume, b"");
    assert_eq!(status, 2);
    assert!(stderr.contains("character device"), "{stderr}");
    let record = |values: u64| {
        let record = format!(
            "{{\"spec\":\"octal:0.167\",\"format\":\"counts\",\"upto\":1000,\
             \"values\":{values},\"bytes\":0,\"output_crc\":0,\"checksum\":0,\
             \"state\":[0,0]}}"
        );
        let crc = crc32fast::hash(record.as_bytes());
        format!("nimlab checkpoint 4 crc32:{crc:08x}\n{record}\n")
    };
    std::fs::remove_file(&checkpoint).unwrap();
    std::fs::write(&checkpoint, record(u64::MAX)).unwrap();
    let (status, stderr) = capped(&resume, b"");
    assert_eq!(status, 2);
    assert!(stderr.contains("more than the 1001 asked"), "{stderr}");
    std::fs::write(&checkpoint, record(1001)).unwrap();
    std::os::unix::fs::symlink("/dev/zero", format!("{out}.state.0")).unwrap();
    let (status, stderr) = capped(&resume, b"");
    assert_eq!(status, 2);
    assert!(stderr.contains("character device"), "{stderr}");
}

/// Questions `analyze` answers at once get their move lists at once too: the
/// remoteness of each move is searched within a small budget, or left out.
#[test]
fn move_lists_are_bounded_like_the_analysis() {
    let wythoff = format!("{},{}", "3".repeat(2000), "5".repeat(2000));
    for args in [
        &["moves", "grundy-game", "3000", "--json"][..],
        &["moves", "kayles", "30 40", "--misere", "--json"],
        &["moves", "fibonacci", "1000", "--json"],
        &["moves", "wythoff", &wythoff, "--json"],
    ] {
        let (status, stdout, stderr) = capped_output(args, b"");
        assert_eq!(status, 0, "{args:?}: {stderr}");
        let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        assert!(!report["moves"].as_array().unwrap().is_empty(), "{args:?}");
    }
}

/// The hostile questions of the core's redesign: each is answered, or refused in one
/// line that names the limit it met (the time limit among them).
#[test]
fn hostile_questions_answer_or_name_their_limit() {
    // Misère sums of tame games follow the misère-Nim rule at any size.
    let (status, stdout, stderr) =
        capped_output(&["analyze", "nim + nim", "1500 + 1500", "--misere"], b"");
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("misère-Nim rule"), "{stdout}");
    // Kayles is not tame: its sum with Nim is searched, and this one is too large.
    let (status, _, stderr) = capped_output(
        &["analyze", "kayles + nim", "1000 + 1000 1000", "--misere"],
        b"",
    );
    assert_eq!(status, 1);
    assert!(stderr.contains("searched by brute force"), "{stderr}");
    // Treblecross has no known period: a million values take far longer than a
    // question may.
    let (status, _, stderr) = capped_output(&["analyze", "treblecross", "1000000"], b"");
    assert_eq!(status, 1);
    assert!(stderr.contains("--time-limit"), "{stderr}");
    // Three-heap splits of 10,000 tokens: refused by their limit, or by the time
    // limit while the values below are computed (whichever the machine meets first).
    let (status, _, stderr) = capped_output(&["analyze", "hex:0.fff", "10000"], b"");
    assert_eq!(status, 1);
    assert!(
        stderr.contains("at most 3000 tokens") || stderr.contains("--time-limit"),
        "{stderr}"
    );
    // Huge positions: the lists stop at their text limit.
    let million = format!("1{}", "0".repeat(1_000_000));
    let (status, stdout, stderr) = capped_output(&["analyze", "kayles", "-"], million.as_bytes());
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("the list stops at"), "{}", &stdout[..300]);
    let heads = "H".repeat(1_000_000);
    let (status, _, stderr) = capped_output(&["moves", "turtles", "-"], heads.as_bytes());
    assert_eq!(status, 0, "{stderr}");
    let pile = "9".repeat(10_000);
    let (status, _, stderr) = capped_output(
        &["moves", "fibonacci", "-", "--max-moves", "5"],
        pile.as_bytes(),
    );
    assert_eq!(status, 0, "{stderr}");
    let heap = "9".repeat(60_000);
    let (status, stdout, stderr) = capped_output(
        &["moves", "nim", "-", "--max-moves", "1000000"],
        heap.as_bytes(),
    );
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("the list stops at"), "{}", &stdout[..300]);
    let point = format!("{},{}", "1".repeat(66_000), "2".repeat(66_000));
    let (status, _, stderr) = capped_output(&["moves", "wythoff", "-"], point.as_bytes());
    assert_eq!(status, 0, "{stderr}");
    // Eleven copycat games, each with a table of its own.
    let specs: Vec<String> = (90..=100).map(|m| format!("copycat:{m}")).collect();
    let positions = vec!["20"; specs.len()].join(" + ");
    let (status, _, stderr) = capped_output(&["analyze", &specs.join(" + "), &positions], b"");
    assert!(status == 0 || stderr.contains("allowed"), "{stderr}");
}

/// The values of hex:0.fff cost O(n²) each (three-heap splits): the period search still
/// asks its time limit every few milliseconds, and ends with it in one line instead of
/// running for minutes.
#[test]
fn a_period_search_of_costly_values_ends_at_its_time_limit() {
    let (status, _, stderr) = capped_output(&["period", "hex:0.fff"], b"");
    assert_eq!(status, 1, "{stderr}");
    assert!(stderr.contains("--time-limit"), "{stderr}");
}

/// The example graph (4 vertices, 1 → 0, 2 → 0, 3 → 1, 3 → 2) in a file of `dir`.
fn example_graph(dir: &tempfile::TempDir) -> String {
    let path = dir.path().join("g.txt");
    std::fs::write(&path, "4 4 1 0 2 0 3 1 3 2\n").unwrap();
    path.display().to_string()
}

/// Small questions that build large games (issue 25's adversarial round): each is
/// answered, or refused in one line naming what it ran out of, under the cap.
#[test]
fn small_questions_that_build_large_games_answer_or_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let graph = example_graph(&dir);
    // A heap of 10^7 beside a graph: its moves are listed without listing 10^7 of
    // them for a remoteness search, and Lasker's Nim alike.
    for family in ["nim", "lasker"] {
        let spec = format!("{family} + graph:{graph}");
        let (status, stdout, stderr) = capped_output(&["moves", &spec, "10000000 + 3"], b"");
        assert_eq!(status, 0, "{spec}: {stderr}");
        assert!(stdout.contains("more moves"), "{stdout}");
    }
    // Moore's Nim answers heaps of any size (a heap at 2^64 − 1 once wrapped).
    let (status, stdout, stderr) =
        capped_output(&["analyze", "moore:2", "18446744073709551615 1"], b"");
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.contains("wins, with 1 winning move"), "{stdout}");
    // Six thousand distinct octal codes: each built game counts against the
    // question's memory as it is built, and the sum is refused by name.
    let codes: Vec<String> = (1..)
        .filter(|code| code % 8 != 0)
        .take(6000)
        .map(|code| format!("octal:0.{code:05o}"))
        .collect();
    let heaps = vec!["50"; codes.len()].join(" + ");
    let (status, _, stderr) = capped_output(&["analyze", &codes.join(" + "), &heaps], b"");
    assert_eq!(status, 1, "{stderr}");
    assert!(stderr.contains("memory"), "{stderr}");
    // Misère play of 300 copies of a graph: searched within its limit, or refused.
    let spec = vec![format!("graph:{graph}"); 300].join(" + ");
    let position = vec!["3"; 300].join(" + ");
    let (status, _, stderr) = capped_output(&["analyze", &spec, &position, "--misere"], b"");
    assert_eq!(status, 1, "{stderr}");
    // Ten thousand one-vertex graphs with a pass (the most a sum may hold): the misère search of their sum
    // spends its budget as it makes each position, so its time limit holds.
    let pass = dir.path().join("l");
    std::fs::write(&pass, "1 1 0 0").unwrap();
    let spec = vec!["graph:l"; 10_000].join(" + ");
    let position = vec!["0"; 10_000].join(" + ");
    let output = Command::new("prlimit")
        .arg(MEMORY_CAP)
        .arg("--")
        .arg(assert_cmd::cargo::cargo_bin("nimlab"))
        .args([
            "analyze",
            &spec,
            &position,
            "--misere",
            "--time-limit",
            "0.2",
        ])
        .current_dir(dir.path())
        .timeout(Duration::from_secs(120))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(matches!(output.status.code(), Some(0 | 1)), "{stderr}");
    assert!(stderr.len() < 600, "{stderr}");
    // Misère Turning Turtles is searched up to coin 16, as LIMITS.md promises.
    let (status, _, stderr) =
        capped_output(&["analyze", "turtles", "HHHHHHHHHHHHHHHH", "--misere"], b"");
    assert_eq!(status, 0, "{stderr}");
    // A list of moves stops at its text limit, however many moves are asked for.
    let (status, stdout, stderr) = capped_output(
        &[
            "moves",
            "hex:0.fff",
            "3001",
            "--max-moves",
            "10000000",
            "--time-limit",
            "0",
        ],
        b"",
    );
    assert_eq!(status, 0, "{stderr}");
    assert!(stdout.len() < 4_194_304 + 10_000, "{}", stdout.len());
    assert!(stdout.contains("the list stops at"), "{}", &stdout[..300]);
}

/// A FIFO named where nimlab reads or writes a file is refused at once, naming it,
/// instead of waiting for a writer that never comes.
#[test]
fn fifos_are_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f");
    rustix::fs::mkfifoat(
        rustix::fs::CWD,
        &fifo,
        rustix::fs::Mode::RUSR | rustix::fs::Mode::WUSR,
    )
    .unwrap();
    let fifo = fifo.display().to_string();
    let graph = format!("graph:{fifo}");
    let dag = format!("dag:{fifo}");
    for args in [
        &["analyze", &graph, "0"][..],
        &["analyze", &dag, "0"],
        &["review", &fifo],
        &["play", "nim", "3", "--record", &fifo],
        &["census", "--codes", &fifo, "--upto", "10"],
    ] {
        let (status, stderr) = capped(args, b"quit\n");
        assert_eq!(status, 2, "{args:?}: {stderr}");
        assert!(stderr.contains("FIFO"), "{args:?}: {stderr}");
    }
}
