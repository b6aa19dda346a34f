//! Published sequences and periods (OEIS; Winning Ways; Flammenkamp's tables;
//! ../shared/reference/ALGORITHMS.md), against the solver's values and certificates.

use nimlab_octal::{Method, Rules, Solver};

/// OEIS A002186, Kayles (0.77), g(0..=104).
const KAYLES: [u16; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// OEIS A002187, Dawson's chess (0.137), g(0..=131).
const DAWSONS_CHESS: [u16; 132] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4,
];

/// OEIS A002188, Grundy's game, g(0..=104).
const GRUNDYS_GAME: [u16; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

fn values(rules: Rules, method: Method, len: usize) -> Vec<u16> {
    let mut solver = Solver::with_method(rules, method);
    solver.advance(len).unwrap().to_vec()
}

#[test]
fn oeis_sequences() {
    let cases = [
        (Rules::octal("0.77").unwrap(), &KAYLES[..]),
        (Rules::octal("0.137").unwrap(), &DAWSONS_CHESS[..]),
        (Rules::grundys_game(), &GRUNDYS_GAME[..]),
    ];
    for (rules, expected) in cases {
        for method in [Method::Naive, Method::Sparse] {
            assert_eq!(
                values(rules.clone(), method, expected.len()),
                expected,
                "{rules}"
            );
        }
    }
    // Dawson's Kayles (0.07) is Dawson's chess shifted by one.
    let dawsons_kayles = values(Rules::octal("0.07").unwrap(), Method::Auto, 133);
    assert_eq!(&dawsons_kayles[1..], &DAWSONS_CHESS[..]);
}

/// Flammenkamp's table of the rare values of Grundy's game (mask 1…10, i.e. v is rare
/// iff its bits above the lowest have even parity), its first entries past 60.
#[test]
fn grundys_game_rare_values() {
    let table = values(Rules::grundys_game(), Method::Auto, 232);
    let rare = [
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ];
    for (n, g) in rare {
        assert_eq!(table[n], g, "g({n})");
    }
    let is_rare = |v: u16| (v >> 1).count_ones() % 2 == 0;
    let listed: Vec<usize> = (62..232).filter(|&n| is_rare(table[n])).collect();
    assert_eq!(listed, rare.map(|(n, _)| n));
}

/// Flammenkamp's first 16 values of some three-digit games (quoted in the
/// rogalski-wmii-uni-lodz-pl/octal tests).
#[test]
fn first_values_of_three_digit_games() {
    let cases: [(&str, [u16; 16]); 6] = [
        ("0.034", [0, 0, 1, 1, 0, 2, 2, 3, 1, 4, 0, 1, 4, 3, 1, 2]),
        ("0.161", [0, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]),
        ("0.167", [0, 1, 0, 2, 2, 3, 4, 1, 1, 6, 2, 2, 4, 4, 1, 1]),
        ("0.354", [0, 1, 2, 0, 1, 2, 4, 3, 1, 2, 3, 5, 2, 4, 3, 5]),
        ("0.007", [0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4]),
        ("0.776", [0, 1, 2, 3, 4, 1, 6, 3, 2, 1, 6, 7, 4, 5, 8, 1]),
    ];
    for (code, expected) in cases {
        assert_eq!(
            values(Rules::octal(code).unwrap(), Method::Auto, 16),
            expected,
            "{code}"
        );
    }
}

/// Every period in ALGORITHMS.md that certifies within a second or so.
#[test]
fn known_periods_are_certified() {
    let cases = [
        ("0.77", 71, 12),
        ("0.137", 52, 34),
        ("0.07", 53, 34),
        ("0.156", 3479, 349),
        ("0.165", 5181, 1550),
        ("0.45", 498, 20),
        ("0.16", 105_351, 149_459),
    ];
    for (code, preperiod, period) in cases {
        let mut solver = Solver::new(Rules::octal(code).unwrap());
        let certificate = solver.find_period(1 << 20, &|| false).unwrap().cloned();
        let certificate = certificate.unwrap_or_else(|| panic!("{code}: no period"));
        assert_eq!(
            (certificate.preperiod, certificate.period),
            (preperiod, period),
            "{code}"
        );
        assert_eq!(
            certificate.values_needed,
            2 * (preperiod + period) + code.len() - 2
        );
        assert!(certificate.values_computed >= certificate.values_needed);
        // The certificate's claim, checked on values well past it.
        solver
            .advance(certificate.values_computed + 2 * period)
            .unwrap();
        let all = solver.values();
        assert!(
            (preperiod..all.len() - period).all(|n| all[n] == all[n + period]),
            "{code}"
        );
    }
}

#[test]
fn grundys_game_has_no_theorem() {
    let mut solver = Solver::new(Rules::grundys_game());
    assert!(solver.theorem().is_none());
    assert_eq!(solver.find_period(5000, &|| false).unwrap(), None);
    assert_eq!(solver.len(), 5000);
}
