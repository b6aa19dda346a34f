//! Misère play by quotients on the command line: `nimlab quotient`, and analysis,
//! moves and play of splitting games with heaps of any size.

mod common;

use common::{error_of, json_of, stdout_of, winning_count};

#[test]
fn the_quotient_of_kayles_is_presented_as_the_papers_do() {
    let text = stdout_of(&["quotient", "kayles"]);
    assert!(text.contains("Order: 40"), "{text}");
    assert!(text.contains("Wild"), "{text}");
    assert!(
        text.contains("Presentation: ⟨a, b, c, d, e, f, g |"),
        "{text}"
    );
    assert!(text.contains("Φ(n + 12) = Φ(n) for n ≥ 71"), "{text}");
    let report = json_of(&["quotient", "octal:0.75", "--json"]);
    assert_eq!(report["order"], 8);
    assert_eq!(report["certified"], true);
    assert_eq!(report["p_portion"].as_array().unwrap().len(), 2);
    assert_eq!(
        (report["preperiod"].as_u64(), report["period"].as_u64()),
        (Some(8), Some(2))
    );
    // Impartial misère quotients have even order; a tame game's is misère Nim's.
    let tame = json_of(&["quotient", "subtraction:1,2", "--json"]);
    assert_eq!(tame["tame"], 2);
    assert_eq!(tame["order"].as_u64().unwrap() % 2, 0);
}

#[test]
fn no_quotient_within_the_bound_says_how_far_it_got() {
    // The report of how far it got, then one line on why, and status 1.
    let output = common::nimlab()
        .args(["quotient", "dawsons-kayles", "--json", "--max-heap", "20"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["certified"], false);
    assert_eq!(report["last_heap"], 20);
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("heaps up to 20"), "{stderr}");
    // Grundy's game: quotients of the heaps solved, never certified for every size.
    let output = common::nimlab()
        .args(["quotient", "grundy-game", "--max-heap", "20"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("No certified quotient: heaps up to 20"),
        "{text}"
    );
    let message = error_of(&["quotient", "wythoff"], "", 2);
    assert!(message.contains("take-and-break"), "{message}");
}

#[test]
fn misere_kayles_is_exact_for_rows_of_any_size() {
    let row = format!("1{}7", "0".repeat(60));
    let heaps = format!("{row} 1000000 999999 5");
    let analysis = json_of(&["analyze", "kayles", &heaps, "--misere", "--json"]);
    let explanation = analysis["explanation"].as_str().unwrap();
    assert!(explanation.contains("element is"), "{explanation}");
    // Every listed winning move leads to a position the quotient calls lost.
    for m in analysis["winning_moves"].as_array().unwrap() {
        let after = m["to"].as_str().unwrap();
        let reply = json_of(&["analyze", "kayles", after, "--misere", "--json"]);
        assert_eq!(reply["outcome"], "P", "{after}");
    }
    let moves = json_of(&["moves", "kayles", "30 40", "--misere", "--json"]);
    let winning = winning_count(&moves);
    let analysis = json_of(&["analyze", "kayles", "30 40", "--misere", "--json"]);
    assert_eq!(
        analysis["winning_move_count"].as_u64(),
        Some(winning as u64)
    );
}

/// The census column reproduces the two-digit table: 24 tame codes and 9 wild ones,
/// with the orders of their quotients.
#[test]
fn the_census_reports_misere_quotients() {
    let census = stdout_of(&["census", "--digits", "2", "--upto", "1024", "--misere"]);
    let mut wild = Vec::new();
    let mut tame = 0;
    for line in census.lines() {
        let line: serde_json::Value = serde_json::from_str(line).unwrap();
        match line["misere"]["kind"].as_str().unwrap() {
            "tame" => tame += 1,
            "wild" => wild.push((
                line["code"].as_str().unwrap().to_string(),
                line["misere"]["order"].as_u64().unwrap(),
            )),
            _ => {}
        }
    }
    wild.sort();
    let expected = [
        ("0.15", 42),
        ("0.34", 12),
        ("0.44", 40),
        ("0.46", 40),
        ("0.53", 16),
        ("0.71", 36),
        ("0.72", 24),
        ("0.75", 8),
        ("0.77", 40),
    ];
    let expected: Vec<(String, u64)> = expected.iter().map(|&(c, o)| (c.to_string(), o)).collect();
    assert_eq!(wild, expected);
    assert_eq!(tame, 24);
}

/// MisereSolver's answer for one code, from its stored table: the order and P-portion
/// after each heap where they changed, how far it got and whether it certified.
#[derive(Debug, Default)]
struct Siegel {
    changes: Vec<(u64, u64, u64)>,
    last_heap: u64,
    certified: bool,
}

impl Siegel {
    /// Order and P-portion of Q_n (n at most `last_heap`).
    fn at(&self, n: u64) -> (u64, u64) {
        assert!(n <= self.last_heap);
        self.changes
            .iter()
            .take_while(|&&(heap, _, _)| heap <= n)
            .last()
            .map_or((1, 0), |&(_, order, p)| (order, p))
    }
}

/// The table MisereSolver gave for every code of up to three digits
/// (crates/nimlab-misere/tools/miseresolver-table.sh).
fn siegel_table() -> std::collections::BTreeMap<String, Siegel> {
    let text = include_str!("../../nimlab-misere/tools/miseresolver-three-digit.txt");
    let mut table: std::collections::BTreeMap<String, Siegel> = Default::default();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let number = |key: &str| -> u64 {
            let at = words.iter().position(|w| *w == key).unwrap();
            words[at + 1].parse().unwrap()
        };
        let entry = table.entry(words[0].to_string()).or_default();
        let (heap, order, p) = (number("heap"), number("order"), number("p"));
        match words[1] {
            "heap" => entry.changes.push((heap, order, p)),
            "certified" | "partial" => {
                entry.last_heap = heap;
                entry.certified = words[1] == "certified";
                assert_eq!(entry.at(heap), (order, p), "{line}");
            }
            other => panic!("{other}"),
        }
    }
    table
}

/// `census --misere --report` against MisereSolver (Siegel's program, built from
/// CGSuite's sources) on every code of one to three digits: the same order and
/// P-portion for every code both certify, and the same partial quotient at the heap
/// where nimlab's stops, or — where nimlab went further than MisereSolver did in its
/// time — nimlab's quotient at MisereSolver's last heap.
#[test]
fn the_misere_census_agrees_with_miseresolver_on_every_three_digit_code() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("census.md");
    let output = common::nimlab()
        .args([
            "census", "--digits", "3", "--upto", "256", "--misere", "--report",
        ])
        .arg(&report)
        .output()
        .unwrap();
    assert!(output.status.success());
    let report = std::fs::read_to_string(&report).unwrap();
    let siegel = siegel_table();
    assert_eq!(siegel.len(), 511);
    let (mut both_certified, mut same_partial, mut further) = (0, 0, 0);
    for row in report.lines().filter(|l| l.starts_with("| 0.")) {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        let code = cells[0];
        let [kind, order, p, heaps] = cells[cells.len() - 4..] else {
            unreachable!()
        };
        assert!(kind == "tame" || kind == "wild", "{row}");
        let ours: (u64, u64) = (order.parse().unwrap(), p.parse().unwrap());
        let (certified, heap): (bool, u64) = match heaps.split_once(' ') {
            Some(("certified", rest)) => (true, rest.trim_start_matches("at ").parse().unwrap()),
            Some(("partial,", rest)) => (false, rest.trim_start_matches("to ").parse().unwrap()),
            _ => panic!("{row}"),
        };
        let theirs = &siegel[code];
        if certified && theirs.certified {
            assert_eq!(ours, theirs.at(theirs.last_heap), "{code}: {row}");
            both_certified += 1;
        } else if heap <= theirs.last_heap {
            assert_eq!(ours, theirs.at(heap), "{code} at heap {heap}: {row}");
            same_partial += 1;
        } else {
            let game = nimlab_octal::TakeBreak::hex(code).unwrap();
            let bounds = nimlab_misere::Bounds::memory_only(theirs.last_heap as usize, 1 << 30);
            let q = nimlab_misere::partial_quotient(&game, &bounds).unwrap();
            let at_theirs = (q.order() as u64, q.p_portion().len() as u64);
            assert_eq!(at_theirs, theirs.at(theirs.last_heap), "{code} at its heap");
            further += 1;
        }
    }
    assert_eq!(both_certified + same_partial + further, 511);
    println!(
        "{both_certified} certified by both, {same_partial} partial at the same heap, {further} compared at MisereSolver's last heap"
    );
}
