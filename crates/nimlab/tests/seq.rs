//! Black-box tests of `nimlab seq`: every sequence and every error path.

mod common;

use common::{error_of, nimlab, stdout_of};

#[test]
fn fusc_first_fifty_by_default() {
    let text = stdout_of(&["seq", "fusc"]);
    assert!(
        text.starts_with("0, 1, 1, 2, 1, 3, 2, 3, 1, 4, 3, 5"),
        "{text}"
    );
    assert_eq!(text.trim_end().split(", ").count(), 50);
    assert!(text.ends_with("2, 9\n"), "{text}");
    assert_eq!(stdout_of(&["seq", "fusc", "--count", "0"]), "\n");
    assert_eq!(stdout_of(&["seq", "fusc", "--count", "3"]), "0, 1, 1\n");
}

#[test]
fn fusc_at_any_size() {
    assert_eq!(stdout_of(&["seq", "fusc", "--at", "0"]), "0\n");
    assert_eq!(stdout_of(&["seq", "fusc", "--at", "9"]), "4\n");
    // fusc(2^k) = 1 and fusc(2^k − 1) = 1... so check fusc(2^200 + 1) = 200 + 1.
    let n = "1606938044258990275541962092341162602522202993782792835301377"; // 2^200 + 1
    assert_eq!(stdout_of(&["seq", "fusc", "--at", n]), "201\n");
    let output = nimlab()
        .args(["seq", "fusc", "--at", "-"])
        .write_stdin(format!("{n}\n"))
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(output.stdout).unwrap(), "201\n");
}

#[test]
fn zeckendorf_fibonacci_and_wythoff() {
    assert_eq!(
        stdout_of(&["seq", "zeckendorf", "1000"]),
        "1000 = 987 + 13\n"
    );
    assert_eq!(
        stdout_of(&["seq", "zeckendorf", "1000", "--indices"]),
        "16 7\n"
    );
    assert_eq!(
        stdout_of(&["seq", "zeckendorf", "0"]),
        "0 = 0 (the empty sum)\n"
    );
    assert_eq!(
        stdout_of(&["seq", "fibonacci", "--count", "10"]),
        "0, 1, 1, 2, 3, 5, 8, 13, 21, 34\n"
    );
    assert_eq!(
        stdout_of(&["seq", "wythoff", "--count", "5"]),
        "(0,0), (1,2), (3,5), (4,7), (6,10)\n"
    );
    // A number too long to write every term out: indices only.
    let long = "7".repeat(3000);
    assert!(error_of(&["seq", "zeckendorf", &long], "", 1).contains("--indices"));
    assert!(!stdout_of(&["seq", "zeckendorf", &long, "--indices"]).is_empty());
}

#[test]
fn bad_input_is_one_line_and_status_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["seq", "fusc", "--count", "x"], "'x'"),
        (&["seq", "fusc", "--count", "-1"], "'-1'"),
        (&["seq", "fusc", "--at", "-5"], "'-5'"),
        (&["seq", "fusc", "--at", "1 2"], "single"),
        (
            &["seq", "fusc", "--at", "4", "--count", "3"],
            "cannot be used",
        ),
        (&["seq", "zeckendorf", "12x"], "'12x'"),
        (&["seq", "fibonacci", "--count", "1000000"], "--count"),
        (&["seq", "wythoff", "--count", "many"], "'many'"),
        (&["seq", "primes"], "primes"),
        (&["seq"], "Usage"),
    ];
    for (args, needle) in cases {
        let output = nimlab().args(*args).output().unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
    // The single-line check, where the message is nimlab's own.
    assert!(error_of(&["seq", "fusc", "--at", "x"], "", 2).starts_with("nimlab: "));
    assert!(error_of(&["seq", "fusc", "--at", "-"], "", 2).contains("missing number"));
}
