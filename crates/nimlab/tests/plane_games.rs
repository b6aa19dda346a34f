//! Black-box tests of the closed-form games: fibonacci, wythoff, wythoff-attrition,
//! wythoff-flipflop and copycat — every command and every bad-input path.

mod common;

use common::{error_of, json_of, nimlab, stdout_of};
use serde_json::Value;

fn targets(v: &Value) -> Vec<&str> {
    v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["to"].as_str().unwrap())
        .collect()
}

#[test]
fn help_lists_the_new_games() {
    let help = stdout_of(&["--help"]);
    for word in [
        "fibonacci",
        "wythoff",
        "wythoff-attrition",
        "wythoff-flipflop[:T]",
        "copycat:m",
        "seq",
    ] {
        assert!(help.contains(word), "help lacks {word}");
    }
}

#[test]
fn fibonacci_first_move_from_1000_takes_13() {
    let text = stdout_of(&["analyze", "fibonacci", "1000"]);
    assert!(
        text.contains("→ 987,26: take 13 chips (1000 → 987)"),
        "{text}"
    );
    let v = json_of(&["analyze", "fibonacci", "987,26", "--json"]);
    assert_eq!(v["outcome"], "P");
    // "Lost iff r = F(k+1) and q < F(k)" is wrong: (8,5) is lost for the mover too.
    assert_eq!(
        json_of(&["analyze", "fibonacci", "8,5", "--json"])["outcome"],
        "P"
    );
    // Misère: a pile plays like one chip fewer.
    let v = json_of(&["analyze", "fibonacci", "988,26", "--misere", "--json"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn wythoff_examples_from_the_paper() {
    let v = json_of(&["analyze", "wythoff", "29,51", "--json"]);
    assert_eq!(targets(&v), ["29,47"]);
    assert_eq!(v["winning_moves"][0]["move"], "move vertically: 51 → 47");
    let v = json_of(&["analyze", "wythoff", "19,26", "--json"]);
    assert_eq!(targets(&v), ["16,26", "11,18"]);
    assert_eq!(
        targets(&json_of(&["analyze", "wythoff", "15 32", "--json"])),
        ["15,9"]
    );
    assert_eq!(
        targets(&json_of(&["analyze", "wythoff", "14", "29", "--json"])),
        ["14,23"]
    );
    let v = json_of(&["analyze", "wythoff", "27,44", "--json"]);
    assert_eq!(v["outcome"], "P");
    // Grundy values come from the engine on small boards only.
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(
        json_of(&["analyze", "wythoff", "3,5", "--json"])["grundy"],
        0
    );
    assert_eq!(
        json_of(&["analyze", "wythoff", "1,1", "--json"])["grundy"],
        2
    );
}

#[test]
fn attrition_is_misere_wythoff() {
    let a = json_of(&["analyze", "wythoff-attrition", "2,9", "--json"]);
    let b = json_of(&["analyze", "wythoff", "2,9", "--misere", "--json"]);
    assert_eq!(targets(&a), ["2,2"]);
    assert_eq!(a["winning_moves"], b["winning_moves"]);
    assert_eq!(a["convention"], "misere");
    // Reaching (0,0) lost: the player to move there has won, with no move to make.
    let text = stdout_of(&["analyze", "wythoff-attrition", "0,0"]);
    assert!(
        text.contains("The player to move has won: the game is over"),
        "{text}"
    );
    let message = error_of(&["analyze", "wythoff-attrition", "2,9", "--misere"], "", 1);
    assert!(message.contains("already misère"), "{message}");
}

#[test]
fn huge_wythoff_points_from_stdin() {
    // A 301-digit point; every move the binary offers leaves a P-position.
    let big = format!("{}0", "9".repeat(300));
    let output = nimlab()
        .args(["analyze", "wythoff", "-", "--json"])
        .write_stdin(format!("{big},{big}1"))
        .output()
        .unwrap();
    assert!(output.status.success());
    let v: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(v["outcome"], "N");
    for to in targets(&v) {
        let after = json_of(&["analyze", "wythoff", to, "--json"]);
        assert_eq!(after["outcome"], "P", "{to}");
    }
}

#[test]
fn flipflop_positions_and_flips() {
    let v = json_of(&[
        "analyze",
        "wythoff-flipflop",
        "0,30,attrition,yes",
        "--json",
    ]);
    assert_eq!(targets(&v), ["0,1,attrition,yes", "0,0,normal,no"]);
    assert_eq!(
        v["winning_moves"][1]["move"],
        "flip the goal to normal and move vertically: 30 → 0"
    );
    let v = json_of(&["analyze", "wythoff-flipflop", "27,44", "--json"]);
    assert_eq!(v["position"], "27,44,normal,yes");
    assert_eq!(v["outcome"], "P");
    // With T = 1 the flip turns (1,2) into a win: flip and reach (1,0) or (0,1).
    let v = json_of(&["analyze", "wythoff-flipflop:1", "1,2", "--json"]);
    assert_eq!(targets(&v), ["1,0,attrition,no", "0,1,attrition,no"]);
    let message = error_of(&["analyze", "wythoff-flipflop", "3,4", "--misere"], "", 1);
    assert!(message.contains("goal"), "{message}");
}

#[test]
fn copycat_heaps_of_any_size() {
    let v = json_of(&["analyze", "copycat:3", "20", "--json"]);
    assert_eq!(v["outcome"], "P");
    // From 21 the only winning move takes 1, and then taking 1 is forbidden.
    let v = json_of(&["analyze", "copycat:3", "21", "--json"]);
    assert_eq!(targets(&v), ["20,1"]);
    assert_eq!(
        json_of(&["analyze", "copycat:3", "20,1", "--json"])["outcome"],
        "P"
    );
    let big = format!("1{}", "0".repeat(2000));
    let v = json_of(&["analyze", "copycat:5", &big, "--json"]);
    for to in targets(&v) {
        assert_eq!(
            json_of(&["analyze", "copycat:5", to, "--json"])["outcome"],
            "P"
        );
    }
    assert_eq!(v["outcome"] == "N", !targets(&v).is_empty());
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["analyze", "wythoff", "3,x"], "'x'"),
        (&["analyze", "wythoff", "3,-4"], "'-4'"),
        (&["analyze", "wythoff", "3.5,4"], "'3.5'"),
        (&["analyze", "wythoff", "3"], "two coordinates"),
        (&["analyze", "wythoff", "1,2,3"], "two coordinates"),
        (&["analyze", "wythoff-attrition", "a,b"], "'a'"),
        (&["analyze", "wythoff:2", "1,2"], "'2'"),
        (&["analyze", "fibonacci", "0"], "'0'"),
        (&["analyze", "fibonacci", "1"], "at least 2 chips"),
        (&["analyze", "fibonacci", "10,0"], "move limit '0'"),
        (&["analyze", "fibonacci", "10,-1"], "'-1'"),
        (&["analyze", "fibonacci", "ten"], "'ten'"),
        (&["analyze", "copycat:0", "5"], "'0'"),
        (&["analyze", "copycat:-1", "5"], "'-1'"),
        (&["analyze", "copycat", "5"], "missing copycat limit"),
        (&["analyze", "copycat:3", "5,4"], "'4'"),
        (&["analyze", "copycat:3", "x"], "'x'"),
        (
            &["analyze", "wythoff-flipflop", "3,4,misere,yes"],
            "'misere'",
        ),
        (
            &["analyze", "wythoff-flipflop", "3,4,normal,maybe"],
            "'maybe'",
        ),
        (
            &["analyze", "wythoff-flipflop", "3,4,normal"],
            "flip availability",
        ),
        (&["analyze", "wythoff-flipflop:x", "3,4"], "'x'"),
    ];
    for (args, needle) in cases {
        let message = error_of(args, "", 2);
        assert!(message.contains(needle), "{args:?}: {message}");
        assert!(message.starts_with("nimlab: "), "{message}");
    }
}
