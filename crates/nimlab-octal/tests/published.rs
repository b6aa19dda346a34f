//! Published sequences and periods (OEIS; Winning Ways; Flammenkamp's tables; another
//! solver's value counts; ../shared/reference/ALGORITHMS.md), against the solver's
//! values and certificates.

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

/// The solver's summary of Grundy's game to 10^5 values agrees with the rare positions
/// counted from the values themselves under its mask: 1273 of them, the last at heap
/// 82,860, which stay the only ones to 2^22 (see the crate's README).
#[test]
fn grundys_game_rare_positions_are_counted_from_the_values() {
    let mut solver = Solver::new(Rules::grundys_game());
    solver.advance(100_000).unwrap();
    let summary = solver.summary();
    assert_eq!(summary.mask, Some(254));
    let rare: Vec<usize> = (1..solver.len())
        .filter(|&n| (solver.values()[n] & 254).count_ones() % 2 == 0)
        .collect();
    assert_eq!(summary.rare_positions, Some(rare.len()));
    assert_eq!(summary.last_rare_position, rare.last().copied());
    assert_eq!((rare.len(), rare.last()), (1273, Some(&82_860)));
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

/// How often each value occurs among g(1), …, g(2^20), as published by the octal
/// solver of github.com/rogalski-wmii-uni-lodz-pl/octal (`results/GAME/1048576`, lines
/// "value count"; that program's own sparse-space solver, independent of this one).
/// Every count of every value must agree.
const PUBLISHED_FREQUENCIES: [(&str, &[u32]); 3] = [
    (
        "0.167",
        &[
            1, 77039, 10, 77225, 44691, 8, 44754, 5, 123987, 5, 123794, 2, 6, 84981, 3, 84807,
            73812, 1, 72137, 0, 8, 42946, 10, 43127, 0, 22683, 0, 22343, 13883, 0, 13894, 0, 46129,
            0, 25645, 0, 0, 4619, 0, 3939, 0, 1026, 0, 660, 151, 0, 155, 0, 0, 51, 0, 33, 2, 0, 2,
            0, 2,
        ],
    ),
    (
        "0.161",
        &[
            13, 25, 31008, 31761, 31235, 31511, 24, 2, 33380, 33075, 3, 3, 12, 10, 33317, 33082,
            35968, 36062, 7, 5, 13, 7, 33301, 33433, 1, 4, 33822, 33615, 31040, 30902, 3, 0, 7175,
            6941, 27, 29, 17, 20, 7491, 7543, 27, 20, 6644, 6660, 7224, 7226, 17, 18, 23, 14, 7280,
            7078, 7040, 6921, 13, 19, 6544, 6617, 21, 25, 14, 13, 6457, 6328, 44545, 43814, 4, 3,
            7, 2, 33997, 34087, 5, 1, 36076, 35840, 25144, 25207, 0, 0, 0, 2, 17930, 17619, 12504,
            12280, 0, 0, 11406, 10798, 0, 0, 0, 0, 7201, 7095, 2, 2, 390, 368, 415, 420, 1, 2, 295,
            337, 2, 0, 1, 0, 387, 368, 498, 540, 0, 2, 0, 1, 505, 492, 0, 0, 439, 430, 472, 452, 0,
            1, 18311, 5243, 1, 0, 0, 0, 2048, 1884, 0, 0, 507, 46, 10, 7,
        ],
    ),
    (
        "0.034",
        &[
            9, 3259, 3203, 20, 4223, 19, 15, 4244, 4582, 18, 13, 4611, 7, 5361, 5348, 7, 34851, 15,
            18, 35381, 11, 38962, 39375, 9, 13, 31895, 31850, 8, 33238, 4, 6, 33405, 9428, 60, 61,
            9543, 34, 10153, 10648, 25, 41, 14235, 14952, 33, 15438, 32, 28, 16240, 12, 13145,
            12936, 16, 12068, 7, 9, 11875, 11129, 20, 11, 10763, 9, 10913, 10898, 3, 28498, 21, 32,
            27571, 12, 25251, 24671, 7, 12, 16875, 16626, 13, 15910, 5, 7, 15384, 13, 7504, 7144,
            9, 7299, 3, 3, 7186, 7206, 5, 5, 7080, 3, 6720, 6536, 1, 38, 10214, 10213, 34, 9638,
            17, 18, 9817, 6715, 22, 13, 6762, 16, 6519, 6542, 8, 3119, 13, 9, 3102, 11, 3155, 3032,
            11, 6, 2984, 2898, 9, 2995, 7, 3, 2967, 45279, 20, 17, 41277, 0, 33063, 28323, 7, 9,
            17413, 13744, 7, 13827, 2, 3, 9714, 3, 2171, 2020, 2, 1828, 0, 0, 1564, 1165, 0, 1,
            1025, 0, 1383, 1092, 0, 9, 242, 226, 8, 310, 3, 1, 308, 288, 2, 0, 336, 0, 324, 323, 0,
            525, 1, 0, 443, 1, 458, 408, 2, 0, 227, 249, 0, 252, 1, 0, 216, 0, 188, 207, 0, 124, 0,
            0, 122, 79, 0, 0, 82, 0, 88, 76, 0, 42, 0, 0, 44, 0, 32, 36, 0, 0, 24, 17, 0, 10, 0, 0,
            8, 1, 0, 0, 0, 0, 1, 0, 0, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 1, 0, 0, 0,
            0, 1, 0, 0, 1,
        ],
    ),
];

#[test]
fn value_frequencies_to_two_to_the_twenty_match_another_solver() {
    for (code, published) in PUBLISHED_FREQUENCIES {
        let values = values(Rules::octal(code).unwrap(), Method::Auto, (1 << 20) + 1);
        let mut counts = vec![0u32; published.len()];
        for &value in &values[1..] {
            assert!(
                usize::from(value) < counts.len(),
                "{code}: g = {value} not published"
            );
            counts[usize::from(value)] += 1;
        }
        assert_eq!(counts, published, "{code}");
    }
}
