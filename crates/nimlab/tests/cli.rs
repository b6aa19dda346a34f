//! Black-box tests of the `nimlab` binary: every subcommand, every error path.

mod common;

use common::{error_of, json_of, nimlab, stdout_of};
use serde_json::Value;

#[test]
fn help_lists_every_subcommand_and_game() {
    let help = stdout_of(&["--help"]);
    for word in [
        "analyze",
        "grundy",
        "period",
        "nim",
        "subtraction:S",
        "take:K",
    ] {
        assert!(help.contains(word), "help lacks {word}");
    }
    assert!(stdout_of(&["analyze", "--help"]).contains("Examples:"));
}

#[test]
fn analyze_nim_plain_names_the_winning_move_and_reason() {
    let text = stdout_of(&["analyze", "nim", "3 4 5"]);
    assert!(text.contains("Grundy value: 2"), "{text}");
    assert!(
        text.contains("The player to move wins, with 1 winning move:"),
        "{text}"
    );
    assert!(
        text.contains("→ 1 4 5: take 2 tokens from heap 1 (3 → 1); leaves a nim-sum of 0"),
        "{text}"
    );
    // Separate words and commas are the same position.
    assert_eq!(text, stdout_of(&["analyze", "nim", "3", "4", "5"]));
    assert_eq!(text, stdout_of(&["analyze", "nim", "3,4,5"]));
}

#[test]
fn analyze_json_has_outcome_grundy_and_moves() {
    let v = json_of(&["analyze", "nim", "3 4 5", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["winning_moves"][0]["to"], "1 4 5");
    let lost = json_of(&["analyze", "nim", "1 2 3", "--json"]);
    assert_eq!(lost["outcome"], "P");
    assert_eq!(lost["winning_moves"].as_array().unwrap().len(), 0);
}

#[test]
fn grundy_beyond_2_pow_53_is_a_json_string() {
    let v = json_of(&["analyze", "nim", "9007199254740993", "--json"]);
    assert_eq!(v["grundy"], "9007199254740993");
    let v = json_of(&["analyze", "nim", "9007199254740992", "--json"]);
    assert_eq!(v["grundy"], 9007199254740992u64);
}

#[test]
fn misere_differs_only_in_the_all_small_endgame() {
    let normal = json_of(&["analyze", "nim", "1 1 1", "--json"]);
    let misere = json_of(&["analyze", "nim", "1 1 1", "--json", "--misere"]);
    assert_eq!(
        (normal["outcome"].as_str(), misere["outcome"].as_str()),
        (Some("N"), Some("P"))
    );
    let misere = json_of(&["analyze", "nim", "2 2 1", "--misere", "--json"]);
    assert_eq!(misere["winning_moves"][0]["to"], "2 2 0");
}

#[test]
fn subtraction_heaps_of_any_size() {
    let big = format!("1{}", "0".repeat(1000));
    let v = json_of(&["analyze", "subtraction:1,3,4", &big, "--json"]);
    // 10^1000 mod 7 = 4, and g has period 7 starting 0 1 0 1 2 3 2, so g = 2.
    assert_eq!(v["grundy"], 2);
    for m in v["winning_moves"].as_array().unwrap() {
        let to = json_of(&[
            "analyze",
            "subtraction:1,3,4",
            m["to"].as_str().unwrap(),
            "--json",
        ]);
        assert_eq!(to["outcome"], "P");
    }
}

#[test]
fn position_from_stdin() {
    let heaps: Vec<String> = (1..=2000).map(|h| h.to_string()).collect();
    let output = nimlab()
        .args(["analyze", "nim", "-", "--json"])
        .write_stdin(heaps.join("\n"))
        .output()
        .unwrap();
    assert!(output.status.success());
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    // XOR of 1..=2000: 2000 ≡ 0 (mod 4), so the XOR is 2000.
    assert_eq!(v["grundy"], 2000);
}

#[test]
fn max_moves_limits_the_list_but_not_the_count() {
    let v = json_of(&[
        "analyze",
        "nim",
        "7 7 7 7 7 1",
        "--json",
        "--max-moves",
        "2",
    ]);
    assert_eq!(v["winning_move_count"], 5);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 2);
    let text = stdout_of(&["analyze", "nim", "7 7 7 7 7 1", "--max-moves", "2"]);
    assert!(text.contains("… and 3 more winning moves"), "{text}");
}

#[test]
fn grundy_formats() {
    assert_eq!(
        stdout_of(&["grundy", "subtraction:1,2,3", "--upto", "8"]),
        "0 1 2 3 0 1 2 3 0\n"
    );
    assert_eq!(
        stdout_of(&["grundy", "take:2", "--upto", "2", "--format", "csv"]),
        "n,grundy\n0,0\n1,1\n2,2\n"
    );
    let v = json_of(&[
        "grundy",
        "subtraction:1,3,4",
        "--upto",
        "7",
        "--format",
        "json",
    ]);
    assert_eq!(v["values"], serde_json::json!([0, 1, 0, 1, 2, 3, 2, 0]));
}

#[test]
fn period_with_certificate() {
    let v = json_of(&["period", "subtraction:19,41,60", "--json"]);
    assert_eq!(v["period"], 1615);
    assert_eq!(v["preperiod"], 0);
    let v = json_of(&["period", "subtraction:24,53,59", "--json"]);
    assert_eq!(
        (v["preperiod"].as_u64(), v["period"].as_u64()),
        (Some(1394), Some(7))
    );
    let text = stdout_of(&["period", "take:3"]);
    assert!(
        text.contains("Period: 4") && text.contains("n mod 4"),
        "{text}"
    );
}

#[test]
fn malformed_input_is_one_line_and_status_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["analyze", "nim", "3 x"], "'x'"),
        (&["analyze", "nim", "3 -4"], "'-4'"),
        (&["analyze", "nim", "-3"], "'-3'"),
        (&["analyze", "nim", ""], "missing position"),
        (&["analyze", "nim", " , "], "missing position"),
        (&["analyze", "subtraction:0", "5"], "'0'"),
        (&["analyze", "subtraction:", "5"], "missing subtraction set"),
        (
            &["analyze", "subtraction:1,,3", "5"],
            "missing subtraction amount",
        ),
        (&["analyze", "take:0", "5"], "'0'"),
        (&["analyze", "chess", "5"], "'chess'"),
        (&["analyze", "nim:3", "5"], "'3'"),
        (&["analyze", "nim", "5", "--max-moves", "x"], "'x'"),
        (&["grundy", "nim", "--upto", "-1"], "'-1'"),
        (&["grundy", "nim", "--upto", "1000000000000"], "--upto"),
        (&["analyze", "nim"], "required"),
        (&["analyze", "nim", "1", "--bogus"], "--bogus"),
        (&["frobnicate"], "frobnicate"),
    ];
    for (args, needle) in cases {
        let message = error_of(args, "", 2);
        assert!(message.contains(needle), "{args:?}: {message}");
        assert!(message.starts_with("nimlab: "), "{message}");
    }
}

#[test]
fn empty_stdin_is_a_missing_position() {
    assert!(error_of(&["analyze", "nim", "-"], "", 2).contains("missing position"));
}

#[test]
fn huge_tokens_make_short_messages() {
    // One command-line argument is at most 128 KiB on Linux, so argv tokens have
    // 10^5 digits; standard input carries 10^6.
    let long = "9".repeat(100_000);
    let message = error_of(&["grundy", "nim", "--upto", &long], "", 2);
    assert!(message.contains("100000 characters"), "{message}");
    let spec = format!("subtraction:{long}");
    assert!(error_of(&["analyze", &spec, "1"], "", 2).contains("100000 characters"));
    let huge = "9".repeat(1_000_000);
    let garbage = format!("{huge}x");
    assert!(error_of(&["analyze", "nim", "-"], &garbage, 2).contains("1000001 characters"));
    // A million-digit heap is a valid position, not an error.
    let output = nimlab()
        .args(["analyze", "nim", "-", "--json"])
        .write_stdin(format!("{huge} 1"))
        .output()
        .unwrap();
    assert!(output.status.success());
}

#[test]
fn questions_without_an_answer_exit_1() {
    assert!(error_of(&["period", "nim"], "", 1).contains("no period"));
}

#[test]
fn new_games_through_analyze_grundy_and_period() {
    let v = json_of(&["analyze", "kayles", "1 9", "--json"]);
    assert_eq!(v["grundy"], 5); // g(1) ⊕ g(9) = 1 ⊕ 4
    assert!(
        v["winning_moves"][0]["move"]
            .as_str()
            .unwrap()
            .starts_with("knock down")
    );
    let huge = format!("1{}", "0".repeat(30));
    let v = json_of(&["analyze", "kayles", &format!("{huge} 3"), "--json"]);
    // 10^30 ≡ 4 (mod 12), beyond the preperiod: g = g(76) = 1; g(3) = 3.
    assert_eq!(v["grundy"], 2);
    assert_eq!(
        stdout_of(&["grundy", "kayles", "--upto", "8"]),
        "0 1 2 3 1 4 3 2 1\n"
    );
    assert_eq!(
        stdout_of(&["grundy", "grundy-game", "--upto", "8"]),
        "0 0 0 1 0 2 1 0 2\n"
    );
    let v = json_of(&["period", "kayles", "--json"]);
    assert_eq!(
        (v["preperiod"].as_u64(), v["period"].as_u64()),
        (Some(71), Some(12))
    );
    assert_eq!(v["theorem"], "guy-smith-octal");
    assert!(error_of(&["period", "grundy-game"], "", 1).contains("2^35"));
    let v = json_of(&["analyze", "staircase", "1 5 0 2", "--json"]);
    assert_eq!(v["winning_move_count"], 2);
    assert_eq!(v["winning_moves"][1]["to"], "1 5 1 1");
    let v = json_of(&["analyze", "turtles", "THHTH", "--json"]);
    assert_eq!(v["grundy"], 2 ^ 3 ^ 5);
    let v = json_of(&["analyze", "octal:0.137", "10 7", "--json"]);
    assert_eq!(v["game"], "octal:0.137");
    assert!(
        error_of(&["grundy", "staircase", "--upto", "3"], "", 1).contains("not played on heaps")
    );
}

#[test]
fn dag_specs_read_their_file() {
    let dir = std::env::temp_dir().join(format!("nimlab-cli-dag-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let graph = dir.join("graph.txt");
    std::fs::write(&graph, "4 4\n1 0\n2 0\n3 1\n3 2\n").unwrap();
    let spec = format!("dag:{}", graph.display());
    let v = json_of(&["analyze", &spec, "3", "--json"]);
    // g(0) = 0, g(1) = g(2) = 1, g(3) = 0: the mover loses from 3.
    assert_eq!(v["outcome"], "P");
    let v = json_of(&["analyze", &spec, "3 1", "--json"]);
    assert_eq!(v["grundy"], 1);
    // Moving up in value wins too: 3 → 1 or 3 → 2 leaves 1 ⊕ 1 = 0, as does 1 → 0.
    let to: Vec<&str> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect();
    assert_eq!(to, ["1 1", "2 1", "3 0"]);
    let missing = format!("dag:{}", dir.join("nothing.txt").display());
    assert!(error_of(&["analyze", &missing, "0"], "", 2).contains("readable text file"));
    std::fs::write(&graph, "2 2 0 1 1 0").unwrap();
    assert!(error_of(&["analyze", &spec, "0"], "", 2).contains("not a DAG"));
    assert!(error_of(&["analyze", "dag:", "0"], "", 2).contains("missing DAG file"));
    std::fs::remove_dir_all(dir).unwrap();
}

/// `graph:FILE`: values γ (∞ with its set K), outcomes with draws, move results with
/// remoteness, sums with other families, and bad graphs as one line with status 2.
#[test]
fn graphs_with_cycles_answer_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("loop.txt");
    // 0 ⇄ 1 → 2, 3 → 1, 3 ⇄ 4: values 0 1 0 ∞{1} ∞{}.
    std::fs::write(&file, "5 6\n0 1\n1 0\n1 2\n3 1\n3 4\n4 3\n").unwrap();
    let spec = format!("graph:{}", file.display());
    assert_eq!(
        stdout_of(&["grundy", &spec, "--upto", "9"]),
        "0 1 0 inf{1} inf{}\n"
    );
    let v = json_of(&["grundy", &spec, "--upto", "4", "--format", "json"]);
    assert_eq!(
        v["values"],
        serde_json::json!([0, 1, 0, {"infinite": [1]}, {"infinite": []}])
    );
    let v = json_of(&["analyze", &spec, "3", "--json"]);
    assert_eq!(
        (v["outcome"].as_str(), v["grundy"].is_null()),
        (Some("D"), true)
    );
    assert_eq!(v["infinite"], serde_json::json!([1]));
    let text = stdout_of(&["analyze", &spec, "3"]);
    assert!(
        text.contains("A draw: neither player can force a win"),
        "{text}"
    );
    // Smith's rule: 1 ⊕ ∞{1} = ∞{0}, won by moving 3 to 1.
    let v = json_of(&["analyze", &spec, "1 3", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["to"], "1 1");
    let v = json_of(&["analyze", &spec, "0", "--json"]);
    assert_eq!(v["outcome"], "P");
    // Each move's result for the mover, with remoteness where the game ends.
    let v = json_of(&["moves", &spec, "3", "--json"]);
    let results: Vec<(&str, &str, Option<u64>)> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let to = m["to"].as_str().unwrap();
            (to, m["result"].as_str().unwrap(), m["remoteness"].as_u64())
        })
        .collect();
    assert_eq!(results, [("4", "draw", None), ("1", "lose", Some(1))]);
    // A sum with Nim: ∞{1} ⊕ 1 = ∞{0}, so moving 3 to 1 wins.
    let sum = format!("{spec} + nim");
    let v = json_of(&["analyze", &sum, "3 + 1", "--json"]);
    assert_eq!(v["outcome"], "N");
    let v = json_of(&["analyze", &sum, "3 + 2", "--json"]);
    assert_eq!(v["outcome"], "D");
    let v = json_of(&["analyze", &sum, "0 + 1", "--misere", "--json"]);
    assert!(
        v["explanation"].as_str().unwrap().contains("retrograde"),
        "{v}"
    );
    // dag: refuses the cycle; bad graphs are one line.
    let dag = format!("dag:{}", file.display());
    assert!(error_of(&["analyze", &dag, "0"], "", 2).contains("graph:FILE"));
    for (text, expected) in [
        ("3 2\n0 1\n", "invalid edge count '2': expected 1"),
        (
            "3 1\n0 5\n",
            "end of edge 1 '5': expected an integer from 0 to 2",
        ),
        ("3 1\n0 1\n1 2\n", "the edge count says 1"),
        ("99999999999 0\n", "the limit 'vertices of a graph'"),
    ] {
        std::fs::write(&file, text).unwrap();
        let message = error_of(&["analyze", &spec, "0"], "", 2);
        assert!(message.contains(expected), "{text:?}: {message}");
        assert_eq!(message.trim_end().lines().count(), 1, "{message}");
    }
    std::fs::write(&file, [0u8, 159, 146, 150]).unwrap();
    assert!(error_of(&["analyze", &spec, "0"], "", 2).contains("not text"));
}

#[test]
fn misere_of_splitting_games_is_searched_or_refused() {
    let v = json_of(&["analyze", "kayles", "1 1 1", "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
    let message = error_of(&["analyze", "dawsons-kayles", "65", "--misere"], "", 1);
    assert!(message.contains("at most 64 tokens"), "{message}");
    // Kayles has a misère quotient: any size.
    let v = json_of(&["analyze", "kayles", "30 40", "--misere", "--json"]);
    assert!(
        v["explanation"]
            .as_str()
            .unwrap()
            .contains("misère quotient")
    );
}

#[test]
fn moves_lists_every_move_with_its_value_winning_moves_first() {
    let text = stdout_of(&["moves", "nim", "3 4 5"]);
    assert!(
        text.contains("12 legal moves, winning moves first:"),
        "{text}"
    );
    let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("  ")).collect();
    assert_eq!(lines.len(), 12, "{text}");
    assert!(
        lines[0].contains("win   1 2  take 2 tokens from heap 1 (3 → 1) → 1 4 5"),
        "{text}"
    );
    assert!(lines[1..].iter().all(|l| l.contains("lose")), "{text}");
    // Misère Kayles is solved by search: every winning move is a win for its mover.
    let v = json_of(&["moves", "kayles", "4 7", "--misere", "--json"]);
    assert_eq!(v["convention"], "misere");
    assert_eq!(v["count"], 11);
    assert_eq!(v["board"]["kind"], "pins");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 11);
    let wins: Vec<&Value> = moves.iter().filter(|m| m["result"] == "win").collect();
    assert_eq!(wins.len(), 4);
    for m in &wins {
        let after = json_of(&[
            "analyze",
            "kayles",
            m["to"].as_str().unwrap(),
            "--misere",
            "--json",
        ]);
        assert_eq!(after["outcome"], "P", "{m}");
    }
    assert!(
        moves
            .iter()
            .all(|m| m["remoteness"].is_u64() && m["text"].is_string())
    );
}

#[test]
fn moves_of_a_huge_position_are_counted_not_listed() {
    let huge = format!("1{}", "0".repeat(500));
    let v = json_of(&[
        "moves",
        "nim",
        &format!("{huge} 7"),
        "--json",
        "--max-moves",
        "3",
    ]);
    assert_eq!(v["count"], format!("1{}7", "0".repeat(499)));
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    // The one winning move (the big heap down to 7) comes first, though it is far
    // down the legal order.
    assert_eq!(moves[0]["result"], "win");
    assert_eq!(moves[0]["to"], "7 7");
    assert!(moves.iter().all(|m| m.get("remoteness").is_none()));
    assert!(error_of(&["moves", "nim", "3 x"], "", 2).contains("'x'"));
    assert!(error_of(&["moves", "nim", "3", "--max-moves", "-1"], "", 2).contains("--max-moves"));
}

#[test]
fn analyze_json_carries_the_board() {
    let v = json_of(&["analyze", "turtles", "THHTH", "--json"]);
    assert_eq!(v["board"]["kind"], "coins");
    assert_eq!(
        v["board"]["coins"],
        serde_json::json!([false, true, true, false, true])
    );
    let v = json_of(&["analyze", "take:3", "12", "--json"]);
    assert_eq!(
        v["board"],
        serde_json::json!({"kind": "pot", "tokens": 12, "choices": "1, 2 or 3 tokens"})
    );
    let v = json_of(&["analyze", "wythoff-flipflop", "30,50,normal,yes", "--json"]);
    assert_eq!(v["board"]["flip"]["threshold"], 27);
}

#[test]
fn signs_are_refused_everywhere_as_in_heaps() {
    assert!(error_of(&["grundy", "nim", "--upto", "+10"], "", 2).contains("'+10'"));
    assert!(error_of(&["task", "+1"], "", 2).contains("'+1'"));
    assert!(error_of(&["analyze", "copycat:3", "5,+2"], "", 2).contains("'+2'"));
    assert!(error_of(&["task", "1"], "+2 0 1", 2).contains("'+2'"));
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("a+b.txt");
    std::fs::write(&graph, "2 +1 1 0").unwrap();
    let spec = format!("dag:{}", graph.display());
    assert!(error_of(&["analyze", &spec, "1"], "", 2).contains("'+1'"));
    // The file name keeps its + sign.
    std::fs::write(&graph, "2 1 1 0").unwrap();
    assert!(stdout_of(&["analyze", &spec, "1"]).contains("The player to move wins"));
}

#[test]
fn echoed_tokens_are_escaped_and_shortened() {
    for token in ["3\n4x", "x\u{1b}[31m", "\u{feff}7", "x\ty", "a\u{7}b"] {
        let message = error_of(&["analyze", "nim", token], "", 2);
        assert!(
            !message
                .trim_end()
                .contains(['\n', '\t', '\0', '\u{1b}', '\u{feff}']),
            "{message:?}"
        );
    }
    let huge = "9".repeat(1_000_000);
    let message = error_of(
        &["analyze", "nim + take:3", "-"],
        &format!("{huge} x + 3"),
        2,
    );
    assert!(message.len() < 200, "{message}");
}

#[test]
fn questions_without_an_answer_exit_1_and_bare_nimlab_shows_the_help() {
    assert!(error_of(&["period", "nim"], "", 1).contains("no period"));
    assert!(error_of(&["period", "copycat:3"], "", 1).contains("not played on heaps"));
    let output = nimlab().output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("Usage: nimlab"));
}

#[test]
fn usage_errors_keep_names_suggestions_and_possible_values() {
    let missing = error_of(&["analyze", "nim"], "", 2);
    assert!(missing.contains("<POSITION>"), "{missing}");
    assert!(missing.contains("see 'nimlab analyze --help'"), "{missing}");
    let typo = error_of(&["anlyze"], "", 2);
    assert!(
        typo.contains("a similar subcommand exists: 'analyze'"),
        "{typo}"
    );
    let value = error_of(&["play", "--first", "me"], "", 2);
    assert!(
        value.contains("possible values: you, computer, ask, con"),
        "{value}"
    );
    let upto = error_of(&["grundy", "nim", "10"], "", 2);
    assert!(upto.contains("--upto <N>"), "{upto}");
}

#[test]
fn completions_and_the_manual_come_from_the_parser() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let script = stdout_of(&["completions", shell]);
        assert!(
            script.contains("analyze") && script.contains("misere"),
            "{shell}"
        );
    }
    let manual = stdout_of(&["man"]);
    assert!(
        manual.starts_with(".ie") && manual.contains(".TH nimlab 1"),
        "{manual}"
    );
    assert!(error_of(&["completions", "tcsh"], "", 2).contains("possible values"));
}

#[test]
fn fibonacci_numbers_one_at_a_time() {
    assert_eq!(stdout_of(&["seq", "fibonacci", "--at", "10"]), "55\n");
    let f1000 = stdout_of(&["seq", "fibonacci", "--at", "1000"]);
    assert!(f1000.starts_with("43466557686937456435688527675040625802564660517371780402481729089536555417949051890403879840079255169295922593080322634775209689623239873322471161642996440906533187938298969649928516003704476137795166849228875\n"));
    assert!(error_of(&["seq", "fibonacci", "--at", "10000001"], "", 2).contains("--at"));
}
