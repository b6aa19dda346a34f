//! `nimlab play` and `nimlab review`: scripted games through piped stdin, records,
//! every error path, and a real pseudo-terminal session.

use assert_cmd::Command;
use nimlab_core::registry::{EXAMPLE_GRAPH, FAMILIES, example_loader, game_with};

fn nimlab() -> Command {
    Command::cargo_bin("nimlab").unwrap()
}

/// Play with `input` on stdin; return stdout (asserting success).
fn play(args: &[&str], input: &str) -> String {
    let output = nimlab()
        .arg("play")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{args:?}: {stderr}");
    assert!(stderr.is_empty(), "{args:?}: {stderr}");
    String::from_utf8(output.stdout).unwrap()
}

/// Assert that `lines` appear in `text` in this order, each as a whole line.
fn assert_lines_in_order(text: &str, lines: &[&str]) {
    let mut rest = text.lines();
    for expected in lines {
        assert!(
            rest.any(|line| line == *expected),
            "missing line {expected:?} (in order) in:\n{text}"
        );
    }
}

#[test]
fn seed_000_dialogue_with_bogus_input_and_a_lost_game() {
    // An empty line only repeats the prompt; it is not a wrong answer.
    let text = play(&["--seed", "1"], "2\nx\n\n5\nbanana\n3\n1\n");
    assert_lines_in_order(
        &text,
        &[
            "You go first.",
            "There are 12 tokens in the pot. Please draw 1, 2 or 3 tokens.",
            "You drew two tokens.",
            "There are now 10 tokens in the pot. The computer will draw next.",
            "The computer draws two tokens.",
            "There are now 8 tokens in the pot. Please draw 1, 2 or 3 tokens.",
            // Bogus input: answered, the prompt repeated without "now", sterner each time.
            "Please draw 1, 2 or 3 tokens.",
            "There are 8 tokens in the pot. Please draw 1, 2 or 3 tokens.",
            "You must draw 1, 2 or 3 tokens.",
            "There are 8 tokens in the pot. Please draw 1, 2 or 3 tokens.",
            "I will say it once more: draw 1, 2 or 3 tokens.",
            "There are 8 tokens in the pot. Please draw 1, 2 or 3 tokens.",
            "You drew three tokens.",
            "There are now 5 tokens in the pot. The computer will draw next.",
            "The computer draws one token.",
            "There are now 4 tokens in the pot. Please draw 1, 2 or 3 tokens.",
            "You drew one token.",
            "There are now 3 tokens in the pot. The computer will draw next.",
            "The computer draws three tokens.",
            "The computer drew the last token, so the computer wins.",
        ],
    );
}

#[test]
fn the_person_wins_from_a_won_start() {
    // The computer moves first from 12, a lost position: it draws one token at a
    // time to make the game last, and the person answers with 3 each time.
    let text = play(&["--first", "computer"], "3\n3\n3\n");
    assert_lines_in_order(
        &text,
        &[
            "The computer draws first.",
            "The computer draws one token.",
            "There are now 11 tokens in the pot. Please draw 1, 2 or 3 tokens.",
            "You drew three tokens.",
            "The computer draws one token.",
            "There are now 3 tokens in the pot. Please draw 1, 2 or 3 tokens.",
            "You drew three tokens.",
            "You drew the last token, so you win.",
            "Well played!",
        ],
    );
}

#[test]
fn misere_endgame_inflects_the_last_token() {
    // Misère from 12 (12 = 4·2 + 4: the mover wins by leaving 9). The person plays
    // 1s; the computer keeps leaving 4k + 1 until one token is left for the person.
    let text = play(&["--misere"], "1\n1\n1\n1\n");
    assert_lines_in_order(
        &text,
        &[
            "Playing take:3. You and the computer take turns drawing 1, 2 or 3 tokens from a pot; whoever draws the last token loses.",
            "There is now 1 token in the pot. Please draw the token.",
            "You drew one token.",
            "You drew the last token, so the computer wins.",
        ],
    );
}

#[test]
fn fewer_tokens_than_the_limit_narrow_the_request() {
    let text = play(&["take:3", "2"], "3\n2\n");
    assert_lines_in_order(
        &text,
        &[
            "There are 2 tokens in the pot. Please draw 1 or 2 tokens.",
            "Please draw 1 or 2 tokens.",
            "You drew two tokens.",
            "You drew the last token, so you win.",
        ],
    );
}

#[test]
fn end_of_input_and_quit_end_politely_and_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    let text = play(&["--record", path.to_str().unwrap(), "--seed", "3"], "2\n");
    assert!(
        text.ends_with("Goodbye! The game was left unfinished.\n"),
        "{text}"
    );
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(record["moves"].as_array().unwrap().len(), 2);
    assert_eq!(record["winner"], serde_json::Value::Null);
    let text = play(&[], "quit\n");
    assert!(text.ends_with("Goodbye! The game was left unfinished.\n"));
}

#[test]
fn hint_and_undo() {
    let text = play(&["--first", "computer"], "hint\n3\nundo\n?\nquit\n");
    assert_lines_in_order(
        &text,
        &[
            "Hint: draw three tokens, to leave 8: always leave a multiple of 4.",
            "You drew three tokens.",
            "Your last move and my reply are taken back.",
            "There are 11 tokens in the pot. Please draw 1, 2 or 3 tokens.",
        ],
    );
    let text = play(&[], "undo\nhint\nquit\n");
    assert!(
        text.contains("There is nothing of yours to undo."),
        "{text}"
    );
    assert!(
        text.contains("Hint: whatever you draw, the computer can win from there"),
        "{text}"
    );
}

#[test]
fn multi_heap_nim_board_moves_and_errors() {
    let text = play(
        &["nim", "3", "4", "5", "--seed", "2"],
        "x\n1 9\n4 1\n1 2\nquit\n",
    );
    assert_lines_in_order(
        &text,
        &[
            "heap 1: ●●● (3)",
            "heap 2: ●●●● (4)",
            "heap 3: ●●●●● (5)",
            "Your move? (a heap number, then the move in that heap; e.g. \"1 1\" to take 1 token from heap 1 (3 → 2))",
            "Sorry, that is not a move here: invalid heap number 'x': expected an integer from 1 to 3.",
            "That is not a move either: invalid move '9': expected 1, 2 or 3 tokens from a heap of 3.",
            "A move, please: a heap number, then the move in that heap; e.g. \"1 1\" to take 1 token from heap 1 (3 → 2).",
            "You take 2 tokens from heap 1 (3 → 1).",
        ],
    );
}

#[test]
fn sums_of_different_games_play_through_the_same_protocol() {
    let text = play(
        &["nim + take:3", "3 4 5 + 12", "--seed", "1"],
        "2 3\n1 9 9\nquit\n",
    );
    assert_lines_in_order(
        &text,
        &[
            "A sum of games (nim; take:3): each turn, move in exactly one of them, by its own rules. Whoever makes the last move wins.",
            "game 1 (nim):",
            "  heap 1: ●●● (3)",
            "game 2 (take:3):",
            "  ●●●●●●●●●●●● (12)",
            "You take 3 tokens (12 → 9) in game 2.",
            "The computer takes 3 tokens (9 → 6) in game 2.",
            "Sorry, that is not a move here: invalid heap number '9': expected an integer from 1 to 3.",
        ],
    );
}

#[test]
fn the_game_on_the_plane_draws_a_grid_near_the_end_and_judges_attrition() {
    let text = play(&["wythoff", "5,7", "--seed", "2"], "d 2\n3,3\nv 1\nh 1\n");
    assert_lines_in_order(
        &text,
        &[
            "Wythoff's game on the plane: from (x,y) move horizontally (decrease x), vertically (decrease y) or diagonally (decrease both equally). Whoever reaches (0,0) wins.",
            "  7 · · · · · ●",
            "  0 ◎ · · · · ·",
            "    0 1 2 3 4 5",
            "You move diagonally: (5,7) → (3,5).",
            "Sorry, that is not a move here: invalid point '3,3': expected a point one move from (2,5): left, down, or diagonally.",
            "The computer moves diagonally: (1,1) → (0,0).",
            "The computer made the last move, so the computer wins.",
        ],
    );
    // Attrition: the computer is forced onto (0,0) and so loses.
    let text = play(&["wythoff-attrition", "2,3"], "v 1\n1,0\n");
    assert_lines_in_order(
        &text,
        &[
            "You move vertically: 3 → 2.",
            "The computer moves horizontally: 2 → 1.",
            "You move vertically: 2 → 0.",
            "The computer moves horizontally: 1 → 0.",
            "The computer made the last move, so you win.",
        ],
    );
}

#[test]
fn the_plane_game_starts_from_a_random_point_that_is_never_a_winning_point() {
    // The person moves first from the random start; it is never a P-position, so
    // the hint always has a winning move to name.
    for seed in 0..20 {
        let seed = seed.to_string();
        let hint = play(&["wythoff", "--seed", &seed], "hint\nquit\n");
        assert!(hint.contains("The token is at ("), "seed {seed}: {hint}");
        assert!(hint.contains("Hint: move"), "seed {seed}: {hint}");
    }
}

#[test]
fn record_and_review_mark_the_mistake() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    // From 3 4 5 the winning move is 1 2 (3 → 1); 3 4 (5 → 1) throws the win away.
    play(
        &["nim", "3 4 5", "--record", path.to_str().unwrap()],
        "3 4\n",
    );
    let output = nimlab()
        .args(["review", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert_lines_in_order(
        &text,
        &[
            "  1. You: take 4 tokens from heap 3 (5 → 1); position 3 4 1",
            "     Mistake: this turned a won position into a lost one. The winning move was to take 2 tokens from heap 1 (3 → 1): it leaves a nim-sum of 0.",
            "1 mistake.",
        ],
    );
}

#[test]
fn a_finished_game_records_the_winner() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    play(
        &["--first", "computer", "--record", path.to_str().unwrap()],
        "3\n3\n3\n",
    );
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(record["game"], "take:3");
    assert_eq!(record["start"], "12");
    assert_eq!(record["winner"], "you");
    let moves = record["moves"].as_array().unwrap();
    assert_eq!(moves[0]["by"], "computer");
    assert_eq!(moves[0]["position"], "11");
    assert_eq!(moves.last().unwrap()["position"], "0");
    let output = nimlab()
        .args(["review", path.to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("winner: you") && text.contains("No mistakes"),
        "{text}"
    );
}

#[test]
fn the_con_always_wins_against_whatever_the_person_plays() {
    for seed in 0..8 {
        let seed = seed.to_string();
        let text = play(&["--first", "con", "--seed", &seed], &"1\n".repeat(20));
        assert!(
            text.contains("Let's play with a random number of tokens:"),
            "{text}"
        );
        assert!(text.contains("so the computer wins."), "{text}");
    }
}

#[test]
fn ask_times_out_and_decides() {
    use std::io::Write;
    use std::process::{Command as Process, Stdio};
    // Keep stdin open and silent past the one second the person has to choose.
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("nimlab"))
        .args(["play", "--first", "ask", "--ask-seconds", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(2500));
    child.stdin.take().unwrap().write_all(b"quit\n").unwrap();
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert_lines_in_order(
        &text,
        &[
            "Do you want to move first? [y/n] (within 1 second, or I will decide)",
            "Time is up, so I will decide.",
            "Goodbye! The game was left unfinished.",
        ],
    );
    let answered = play(&["--first", "ask"], "you\nquit\n");
    assert!(answered.contains("The computer draws first."), "{answered}");
    let answered = play(&["--first", "ask"], "me\nquit\n");
    assert!(answered.contains("You go first."), "{answered}");
}

#[test]
fn bad_options_are_one_line_errors() {
    for (args, needle) in [
        (vec!["play", "--level", "11"], "'11'"),
        (vec!["play", "--seed", "x"], "'x'"),
        (vec!["play", "chess"], "'chess'"),
        (vec!["play", "nim", "3 x"], "'x'"),
        (vec!["play", "--first", "maybe"], "maybe"),
        (vec!["review", "/nonexistent/game.json"], "cannot read"),
    ] {
        let output = nimlab().args(&args).write_stdin("").output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
}

/// A start the computer cannot analyze in the convention asked (misère Grundy's game
/// is searched, for at most 64 tokens) is refused before the game starts; misère
/// staircase Nim, which has no known rule either, is searched too and played.
#[test]
fn a_start_the_computer_cannot_analyze_is_refused_at_the_start() {
    let output = nimlab()
        .args(["play", "grundy-game", "70", "--misere"])
        .write_stdin("1 1\n")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr.trim(),
        "nimlab: misère play of grundy-game does not follow the misère-Nim rule, so nimlab \
         searches every position, which it does for at most 64 tokens in all; this position \
         has 70"
    );
    let text = play(&["staircase", "1 2", "--misere", "--seed", "1"], "2 1\n");
    assert!(
        text.contains("You move 1 coin from step 2 to step 1."),
        "{text}"
    );
}

/// The record `nimlab play --record` writes of a scripted game is, byte for byte, the
/// web page's fixture of a game recorded in the terminal (which its end-to-end test
/// opens), so that the fixture keeps the format the terminal writes. After a change of
/// the format, write the fixture again with this test's command.
#[test]
fn the_record_of_a_terminal_game_is_the_web_pages_fixture() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    let path = path.to_str().unwrap();
    let args = ["nim", "3 4 5", "--record", path, "--seed", "7"];
    play(&args, "3 4\n1 3\n2 1\n");
    let written = std::fs::read_to_string(path).unwrap();
    let fixture = include_str!("../../nimlab-web/tests/fixtures/nim-recorded-in-the-terminal.json");
    assert_eq!(
        written, fixture,
        "the record differs from crates/nimlab-web/tests/fixtures/nim-recorded-in-the-terminal.json; \
         if the format changed on purpose, write it again with \
         printf '3 4\\n1 3\\n2 1\\n' | nimlab play nim '3 4 5' --record FILE --seed 7"
    );
}

#[test]
fn review_rejects_records_that_are_not_games() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    std::fs::write(&path, "{\"game\": \"nim\"}").unwrap();
    let output = nimlab()
        .args(["review", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    std::fs::write(
        &path,
        r#"{"game":"nim","convention":"normal","start":"3","moves":[{"by":"you","move":"x","position":"5"}],"winner":null}"#,
    )
    .unwrap();
    let output = nimlab()
        .args(["review", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(output.stderr).unwrap().trim(),
        "nimlab: invalid move 1 of the record 'x': expected a legal move from '3': it leads to '5'"
    );
}

#[test]
fn every_family_in_the_registry_is_playable() {
    let dir = tempfile::tempdir().unwrap();
    for file in ["graph.txt", "loop.txt"] {
        std::fs::write(dir.path().join(file), example_loader(file).unwrap()).unwrap();
    }
    for family in FAMILIES {
        // The graph families' examples name files: they are written for real.
        let spec = match family.example.split_once(':') {
            Some((name, file)) if file.ends_with(".txt") => {
                format!("{name}:{}", dir.path().join(file).display())
            }
            _ => family.example.to_string(),
        };
        let game = game_with(&spec, &example_loader).unwrap();
        let position = game.parse_position(family.example_position).unwrap();
        assert!(!game.is_over(&position));
        let text = play(
            &[&spec, family.example_position, "--first", "computer"],
            "hint\nquit\n",
        );
        assert!(text.contains("The computer "), "{}: {text}", family.example);
        assert!(text.contains("Hint:"), "{}: {text}", family.example);
    }
}

/// Every move `moves` lists, typed into `play` as `moves` prints it, is accepted: for
/// every family's example, and for take-and-break codes whose only move takes a whole
/// heap (once refused as "Please draw the token").
#[test]
fn every_listed_move_typed_into_play_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    for file in ["graph.txt", "loop.txt"] {
        std::fs::write(dir.path().join(file), example_loader(file).unwrap()).unwrap();
    }
    let mut questions: Vec<(String, String)> = FAMILIES
        .iter()
        .map(|family| {
            let spec = match family.example.split_once(':') {
                Some((name, file)) if file.ends_with(".txt") => {
                    format!("{name}:{}", dir.path().join(file).display())
                }
                _ => family.example.to_string(),
            };
            (spec, family.example_position.to_string())
        })
        .collect();
    for (spec, position) in [
        ("octal:0.1", "1"),
        ("hex:0.1", "1"),
        ("octal:0.01", "2"),
        ("octal:0.3", "2"),
        ("kayles + octal:0.1", "3 + 1"),
    ] {
        questions.push((spec.to_string(), position.to_string()));
    }
    for (spec, position) in questions {
        let listed = nimlab()
            .args(["moves", &spec, &position, "--json", "--max-moves", "8"])
            .output()
            .unwrap();
        assert!(listed.status.success(), "{spec} {position}");
        let report: serde_json::Value = serde_json::from_slice(&listed.stdout).unwrap();
        for listed in report["moves"].as_array().unwrap() {
            let typed = listed["text"].as_str().unwrap();
            let text = play(&[&spec, &position], &format!("{typed}\nquit\n"));
            let refused = text.lines().any(|line| {
                line.starts_with("Please draw")
                    || line.starts_with("Sorry, that is not a move")
                    || line.starts_with("You must draw")
            });
            assert!(
                !refused,
                "{spec} {position}: '{typed}' was refused:\n{text}"
            );
        }
    }
}

/// On a graph with cycles the computer wins what it can, whatever the person does, and
/// a position that occurs for the third time with the same player to move draws the
/// game, saying why: no one could win, or the person had a win and went round.
#[test]
fn games_on_graphs_with_cycles_end_in_a_win_or_a_declared_draw() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("loop.txt");
    std::fs::write(&file, example_loader("loop.txt").unwrap()).unwrap();
    let spec = format!("graph:{}", file.display());
    // Every move of either token, over and over: those that are not legal are refused.
    let anything = "1 0\n2 0\n1 2\n2 2\n1 1\n2 1\n1 3\n2 3\n1 4\n2 4\n".repeat(8);
    let text = play(&[&spec, "1 3", "--first", "computer"], &anything);
    assert!(
        text.contains("The computer made the last move, so the computer wins."),
        "{text}"
    );
    // A token on 3 can only draw: going round 3 ⇄ 4 draws at the third repetition.
    let text = play(&[&spec, "3", "--first", "you"], &"4\n".repeat(5));
    assert_lines_in_order(
        &text,
        &[
            "You move the token from vertex 3 to vertex 4.",
            "The computer moves the token from vertex 4 to vertex 3.",
            "The game is declared a draw, as the same position has occurred three times with \
             the same player to move: from here neither of us can force a win.",
        ],
    );
    // The person wins from 1 3 by moving 3 to 1, then only reverses the computer's
    // moves back to 1 1 instead of finishing: a draw, and the reason.
    let text = play(&[&spec, "1 3", "--first", "you"], &"2 1\n1 1\n".repeat(5));
    assert!(
        text.contains("to move: you had a win, but a winner must also make progress"),
        "{text}"
    );
}

/// A spec means the same to play as to every command: a file name with a + in it is
/// one game, and play starts from its family's example.
#[test]
fn play_reads_specs_like_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let graph = dir.path().join("a+b.txt");
    std::fs::write(&graph, EXAMPLE_GRAPH).unwrap();
    let spec = format!("dag:{}", graph.to_str().unwrap());
    let text = play(
        &[&spec, "--first", "computer"],
        "quit
",
    );
    assert!(text.contains("The computer "), "{text}");
    let text = play(
        &[&format!("{spec} + nim"), "--first", "computer"],
        "quit
",
    );
    assert!(text.contains("The computer "), "{text}");
}

/// A real terminal: rustyline in raw mode, then Ctrl-C.
#[test]
fn pseudo_terminal_session_survives_garbage_and_ctrl_c() {
    use expectrl::{Eof, Expect, Session};
    let binary = assert_cmd::cargo::cargo_bin("nimlab");
    let mut command = std::process::Command::new(binary);
    command.arg("play").arg("--seed").arg("4");
    let mut session = Session::spawn(command).unwrap();
    session.set_expect_timeout(Some(std::time::Duration::from_secs(20)));
    session.expect("Please draw 1, 2 or 3 tokens.").unwrap();
    session.send_line("banana").unwrap();
    session.expect("Please draw 1, 2 or 3 tokens.").unwrap();
    session.send_line("2").unwrap();
    session.expect("You drew two tokens.").unwrap();
    session.expect("The computer draws").unwrap();
    // rustyline writes its prompt once the terminal is in raw mode, where Ctrl-C is a
    // key it reads (before, the terminal turns it into SIGINT, which `a_signal_…`
    // covers).
    session.expect("Please draw").unwrap();
    session.expect("> ").unwrap();
    session.send("\x03").unwrap();
    session.expect("Game abandoned.").unwrap();
    session.expect(Eof).unwrap();
}

/// Ctrl-C outside the prompt (here a SIGINT while the game waits on a pipe, as it
/// comes while the computer thinks) abandons the game as Ctrl-C at the prompt does:
/// the same words, status 130, and the record of the moves made is kept.
#[test]
fn a_signal_outside_the_prompt_abandons_the_game_and_keeps_the_record() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.json");
    let binary = assert_cmd::cargo::cargo_bin("nimlab");
    let mut child = Command::new(binary)
        .args(["play", "nim", "3 4 5", "--first", "computer", "--seed", "1"])
        .arg("--record")
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut text = String::new();
    while !text.contains("The computer ") {
        assert!(stdout.read_line(&mut text).unwrap() > 0, "{text}");
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    // The end of the input comes after the signal; the game ends for the signal.
    drop(child.stdin.take());
    std::io::Read::read_to_string(&mut stdout, &mut text).unwrap();
    let status = child.wait().unwrap();
    assert!(text.ends_with("Game abandoned.\n"), "{text}");
    assert_eq!(status.code(), Some(130), "{text}");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(record["moves"].as_array().unwrap().len(), 1);
}

/// The run's stderr and exit status, for errors.
fn failure(args: &[&str], input: &[u8]) -> (String, Option<i32>) {
    let output = nimlab()
        .arg("play")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

#[test]
fn help_shows_how_to_move_and_what_else_to_type() {
    let text = play(&["nim", "3 4"], "help\nquit\n");
    assert!(
        text.contains("Type a move: a heap number, then the move in that heap; e.g."),
        "{text}"
    );
    assert!(text.contains("hint (or ?) shows a winning move"), "{text}");
    let text = play(&[], "help\nquit\n");
    assert!(
        text.contains("Type how many tokens to draw: 1, 2 or 3 tokens."),
        "{text}"
    );
}

#[test]
fn with_one_heap_the_heap_number_is_optional() {
    let text = play(&["nim", "7", "--first", "you"], "1 3\n");
    assert!(text.contains("You drew three tokens."), "{text}");
    let text = play(&["kayles", "7"], "1 4\nquit\n");
    assert!(
        text.contains("You knock down 1 pin from the row, leaving rows of 3 and 3."),
        "{text}"
    );
}

#[test]
fn points_are_read_as_the_game_writes_them_and_coins_in_either_order() {
    let text = play(&["wythoff", "3,5"], "(2,5)\nquit\n");
    assert!(text.contains("You move horizontally: 3 → 2."), "{text}");
    let text = play(&["turtles", "THTTH"], "5 2\nquit\n");
    assert!(
        text.contains("You turn coin 5 (H → T) and coin 2 (H → T)."),
        "{text}"
    );
}

#[test]
fn kayles_pins_are_numbered_on_the_board() {
    let text = play(&["kayles", "3 12"], "quit\n");
    assert!(text.contains("row 1: 1 2 3\n       ● ● ●\n"), "{text}");
    assert!(
        text.contains("row 2:  1  2  3  4  5  6  7  8  9 10 11 12\n"),
        "{text}"
    );
}

#[test]
fn copycat_says_who_took_what_and_why_you_cannot_move() {
    let text = play(&["copycat:3", "9", "--first", "computer"], "quit\n");
    assert!(
        text.contains("●●●●●●●● (8); the computer just took 1, which you may not take now."),
        "{text}"
    );
    // From 2 stones after a take of 2 the computer may only take 1, which leaves one
    // stone that may not be taken: the ending says why.
    let text = play(&["copycat:3", "2,2", "--first", "computer"], "quit\n");
    assert!(
        text.contains("You may not take 1, the amount the computer just took"),
        "{text}"
    );
}

#[test]
fn nothing_to_play_and_unwritable_records_are_refused_before_the_game() {
    let (stderr, status) = failure(&["take:3", "0"], b"");
    assert_eq!(status, Some(2));
    assert_eq!(
        stderr,
        "nimlab: there is nothing to play: no move is possible from '0'\n"
    );
    let (stderr, status) = failure(&["--record", "/nonexistent/dir/game.json"], b"3\n");
    assert_eq!(status, Some(2));
    assert!(
        stderr.starts_with("nimlab: cannot write the record"),
        "{stderr}"
    );
}

#[test]
fn the_first_player_question_is_yes_or_no() {
    let text = play(&["--first", "ask"], "n\nquit\n");
    assert!(text.contains("Do you want to move first? [y/n]"), "{text}");
    assert!(text.contains("The computer draws"), "{text}");
    assert!(!text.contains("\nn\n"), "the answer is not echoed: {text}");
}

#[test]
fn hostile_input_ends_in_one_line_and_status_2() {
    // An endless line, bytes that are not text, NUL bytes.
    let endless = vec![b'1'; 3 << 20];
    let (stderr, status) = failure(&[], &endless);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(
        stderr.contains("longer than the limit of 1048576 bytes"),
        "{stderr}"
    );
    for garbage in [&b"\xff\xfe\n"[..], &b"1\0\n"[..], &[0u8; 100_000][..]] {
        let (stderr, status) = failure(&[], garbage);
        assert_eq!(status, Some(2), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("nimlab: "), "{stderr}");
    }
}
