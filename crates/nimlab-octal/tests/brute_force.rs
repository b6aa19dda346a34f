//! The solver against an independent, deliberately simple implementation: its own
//! reading of the digits, every option listed as a multiset of heaps, and a plain mex.

use nimlab_octal::{Method, Rules, Solver, SubtractionSet, TakeBreak};

/// Digits d0, d1, … of a code written `D.DDD` in base 16 (octal digits read the same).
fn digits(code: &str) -> Vec<u32> {
    code.chars()
        .filter(|&c| c != '.')
        .map(|c| c.to_digit(16).unwrap())
        .collect()
}

/// The heaps left by each option of a heap of n, each sorted and padded with empty
/// heaps (size 0, value 0) to three; repeats allowed.
fn options(digits: &[u32], unequal: bool, n: usize) -> Vec<[usize; 3]> {
    let mut options = Vec::new();
    for (k, &d) in digits.iter().enumerate().take(n + 1) {
        let rest = n - k;
        if d & 1 != 0 && k > 0 && rest == 0 {
            options.push([0, 0, 0]);
        }
        if d & 2 != 0 && k > 0 && rest > 0 {
            options.push([0, 0, rest]);
        }
        if d & 4 != 0 {
            for a in (1..rest).filter(|&a| a <= rest - a) {
                if !(unequal && a == rest - a) {
                    options.push([0, a, rest - a]);
                }
            }
        }
        if d & 8 != 0 {
            for a in 1..rest {
                for b in (a..rest - a).filter(|&b| b <= rest - a - b) {
                    options.push([a, b, rest - a - b]);
                }
            }
        }
    }
    options
}

/// g(0), …, g(len − 1) by listing every option.
fn brute_force(digits: &[u32], unequal: bool, len: usize) -> Vec<u16> {
    let mut g: Vec<u16> = Vec::new();
    for n in 0..len {
        let options = options(digits, unequal, n);
        let mut seen = vec![false; options.len() + 1];
        for heaps in &options {
            let value = heaps.iter().fold(0, |x, &h| x ^ g[h]) as usize;
            if value < seen.len() {
                seen[value] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u16);
    }
    g
}

fn solve(rules: &Rules, method: Method, len: usize) -> Vec<u16> {
    let mut solver = Solver::with_method(rules.clone(), method);
    solver.set_check_periods(false);
    solver.advance(len).unwrap().to_vec()
}

/// Every code 0.d1, 0.d1d2, 0.d1d2d3 (d_last ≠ 0): 511 codes.
fn all_short_codes() -> Vec<String> {
    let mut codes = Vec::new();
    for len in 1..=3u32 {
        for index in 0..8usize.pow(len) {
            let digits: Vec<usize> = (0..len).map(|i| index / 8usize.pow(i) % 8).collect();
            if digits[0] != 0 {
                let text: String = digits.iter().rev().map(|d| d.to_string()).collect();
                codes.push(format!("0.{text}"));
            }
        }
    }
    codes
}

/// Heaps below this size in the exhaustive check of short codes (the bound).
const SHORT_CODE_HEAPS: usize = 2001;

#[test]
fn every_code_with_up_to_three_digits_matches_brute_force() {
    let codes = all_short_codes();
    assert_eq!(codes.len(), 511);
    for code in codes {
        let rules = Rules::octal(&code).unwrap();
        let expected = brute_force(&digits(&code), false, SHORT_CODE_HEAPS);
        for method in [Method::Naive, Method::Sparse, Method::Auto] {
            assert_eq!(
                solve(&rules, method, SHORT_CODE_HEAPS),
                expected,
                "{code} {method:?}"
            );
        }
    }
}

#[test]
fn hexadecimal_codes_and_leading_digits_match_brute_force() {
    let codes = [
        "0.8", "0.f", "0.9", "0.c", "0.48", "0.08", "0.f7", "0.8f", "0.3c", "0.b4", "4.", "4.07",
        "4.7", "4.3", "8.", "8.1", "c.", "c.f", "0.77c", "0.1e", "4.8a",
    ];
    for code in codes {
        let rules = Rules::hex(code).unwrap();
        let len = if rules.max_parts() == 3 { 150 } else { 600 };
        let expected = brute_force(&digits(code), false, len);
        for method in [Method::Naive, Method::Sparse, Method::Auto] {
            assert_eq!(solve(&rules, method, len), expected, "{code} {method:?}");
        }
    }
}

#[test]
fn grundys_game_matches_brute_force() {
    let expected = brute_force(&digits("4."), true, 1500);
    for method in [Method::Naive, Method::Sparse, Method::Auto] {
        assert_eq!(
            solve(&Rules::grundys_game(), method, 1500),
            expected,
            "{method:?}"
        );
    }
}

/// Grundy's game past the values below 64 (the sparse method's word-wide path), where
/// its pairs of equal parts must still be left out: the methods agree.
#[test]
fn grundys_game_agrees_between_methods_beyond_64() {
    let rules = Rules::grundys_game();
    let naive = solve(&rules, Method::Naive, 1 << 15);
    assert!(naive.iter().any(|&g| g >= 128));
    for method in [Method::Sparse, Method::Auto] {
        assert_eq!(solve(&rules, method, 1 << 15), naive, "{method:?}");
    }
}

/// A subtraction set S is the code whose digit s is 3 for s in S: the engine runs it
/// as that code.
#[test]
fn subtraction_games_match_brute_force() {
    for amounts in [
        &[1, 3, 4][..],
        &[2, 5, 6],
        &[3, 20, 33],
        &[1, 2, 3, 4, 5, 64],
    ] {
        let set = SubtractionSet::new(amounts).unwrap();
        let rules = Rules::new(TakeBreak::Subtraction(set));
        let mut code = vec![0; amounts[amounts.len() - 1] + 1];
        amounts.iter().for_each(|&s| code[s] = 3);
        let expected = brute_force(&code, false, 1000);
        for method in [Method::Naive, Method::Sparse, Method::Auto] {
            assert_eq!(
                solve(&rules, method, 1000),
                expected,
                "{amounts:?} {method:?}"
            );
        }
    }
}

#[test]
fn long_codes_agree_between_methods() {
    let codes = [
        "0.7777777777777777",
        "0.0000000000000000000000000000004",
        "0.123456701234567",
    ];
    for code in codes {
        let rules = Rules::octal(code).unwrap();
        let expected = brute_force(&digits(code), false, 300);
        assert_eq!(solve(&rules, Method::Naive, 300), expected, "{code}");
        let naive = solve(&rules, Method::Naive, 5000);
        assert_eq!(solve(&rules, Method::Sparse, 5000), naive, "{code}");
    }
}
