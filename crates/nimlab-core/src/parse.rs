//! Reading what people type: numbers of any size, bounded counts, and lists of
//! tokens. Errors name the offending token and what was expected. Parsing a number
//! takes a `u64` fast path for tokens of up to 19 digits.

use crate::error::InputError;
use crate::num::Nat;
use std::str::FromStr;

const NON_NEGATIVE: &str = "a non-negative integer";

/// Parse a non-negative decimal integer (digits only: no sign, no separators).
///
/// `what` names the token in the error message, e.g. "heap size".
pub fn parse_nat(token: &str, what: &str) -> Result<Nat, InputError> {
    if token.is_empty() {
        return Err(InputError::missing(what, NON_NEGATIVE));
    }
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(InputError::invalid(what, token, NON_NEGATIVE));
    }
    if token.len() <= 19 {
        // At most 19 digits always fits in a u64.
        let small: u64 = token.parse().expect("19 decimal digits fit in u64");
        return Ok(Nat::from(small));
    }
    Ok(Nat::from_str(token).expect("a string of decimal digits is a valid Natural"))
}

/// Parse a decimal integer that must lie in `min..=max` (a count, a bound, a set element).
pub fn parse_bounded(token: &str, what: &str, min: u64, max: u64) -> Result<u64, InputError> {
    let expected = if max == u64::MAX {
        format!("an integer of at least {min}")
    } else {
        format!("an integer from {min} to {max}")
    };
    if token.is_empty() {
        return Err(InputError::missing(what, expected));
    }
    // Digits only, as for positions: no sign (str::parse would take a leading +).
    let value = token
        .bytes()
        .all(|b| b.is_ascii_digit())
        .then(|| token.parse::<u64>().ok())
        .flatten();
    match value {
        Some(value) if (min..=max).contains(&value) => Ok(value),
        _ => Err(InputError::invalid(what, token, expected)),
    }
}

/// Split a position or list into tokens: any run of whitespace and commas separates.
pub fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
}

/// A position written as a list of tokens (see [`tokens`]), each read by `read`; an
/// empty list is an error that says how positions are written (`syntax`).
pub fn parse_list<T>(
    text: &str,
    syntax: impl Into<String>,
    read: impl Fn(&str) -> Result<T, InputError>,
) -> Result<Vec<T>, InputError> {
    let items = tokens(text).map(read).collect::<Result<Vec<_>, _>>()?;
    if items.is_empty() {
        return Err(InputError::missing("position", syntax));
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_small_and_huge_numbers() {
        assert_eq!(parse_nat("0", "n").unwrap(), Nat::from(0u32));
        assert_eq!(
            parse_nat("18446744073709551615", "n").unwrap(),
            Nat::from(u64::MAX)
        );
        let huge = format!("1{}", "0".repeat(1000));
        let n = parse_nat(&huge, "n").unwrap();
        assert_eq!(n.to_string(), huge);
    }

    #[test]
    fn rejects_signs_letters_and_empty() {
        for bad in ["-3", "+3", "3x", "x", "3.0", "1e5"] {
            let err = parse_nat(bad, "heap size").unwrap_err().to_string();
            assert!(err.contains(bad), "{err}");
            assert!(err.contains("non-negative integer"), "{err}");
        }
        assert!(
            parse_nat("", "heap size")
                .unwrap_err()
                .to_string()
                .starts_with("missing heap size")
        );
    }

    #[test]
    fn bounded_parse_names_the_range() {
        assert_eq!(parse_bounded("5", "k", 1, 10).unwrap(), 5);
        for signed in ["+5", "-5", " 5", "5 "] {
            assert!(parse_bounded(signed, "k", 1, 10).is_err(), "{signed}");
        }
        let err = parse_bounded("0", "k", 1, 10).unwrap_err().to_string();
        assert_eq!(err, "invalid k '0': expected an integer from 1 to 10");
        let err = parse_bounded(&"9".repeat(1_000_000), "k", 1, 10)
            .unwrap_err()
            .to_string();
        assert!(err.len() < 120);
    }

    #[test]
    fn tokens_split_on_spaces_and_commas() {
        let t: Vec<_> = tokens(" 3, 4,5\n6 ").collect();
        assert_eq!(t, ["3", "4", "5", "6"]);
        assert_eq!(tokens(" , ").count(), 0);
    }
}
