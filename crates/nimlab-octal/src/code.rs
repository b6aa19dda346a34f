//! Take-and-break codes and the move lists they compile to.
//!
//! A code `d0.d1d2…dK` says, for each k, what removing k tokens from one heap may
//! leave. In digit d_k (k ≥ 1):
//! - bit 1: no heap (the heap had exactly k tokens);
//! - bit 2: one non-empty heap;
//! - bit 4: two non-empty heaps (the rest is split);
//! - bit 8 (hexadecimal codes only): three non-empty heaps.
//!
//! The digit d0 before the point says what removing *no* token may do. Bits 1 and 2
//! make no sense there (removing nothing cannot leave no heap, and leaving the heap as
//! it was would be a pass, which makes the game loopy), so d0 is 0 or 4 in an octal
//! code (`4.07`: a heap may also be split in two without removing anything) and 0, 4,
//! 8 or c in a hexadecimal code. Any other d0 is an error.
//!
//! Accepted text: `D.DIGITS` with the digit before the point written out (`0.137`,
//! `4.07`, `4.` for "split a heap in two"); trailing zeros are dropped; at most
//! [`MAX_DIGITS`] digits after the point. `.7` (no digit before the point) is rejected:
//! the point alone is too easy to lose or add by mistake, so the code says it in full.
//! A code with no move at all (`0.`, `0.000`) is rejected.
//!
//! The moves a code allows are its [`Take`]s ([`Code::takes`]); a heap's options follow
//! from those ([`TakeBreak`](crate::TakeBreak), which also holds Grundy's game and the
//! subtraction games).

use crate::take::Take;
use std::fmt;

/// Most digits after the point. Each digit is one removal size; 64 covers every code
/// in the literature with room to spare and keeps the compiled move lists small.
pub const MAX_DIGITS: usize = 64;

/// Octal (digits 0–7) or hexadecimal (digits 0–f, bit 8 leaves three heaps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    /// Digits 0–7.
    Octal,
    /// Digits 0–f.
    Hex,
}

impl Base {
    fn radix(self) -> u32 {
        match self {
            Base::Octal => 8,
            Base::Hex => 16,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Base::Octal => "octal",
            Base::Hex => "hexadecimal",
        }
    }

    fn digit_range(self) -> &'static str {
        match self {
            Base::Octal => "0 to 7",
            Base::Hex => "0 to 9 or a to f",
        }
    }

    fn leading_digits(self) -> &'static str {
        match self {
            Base::Octal => "0 or 4",
            Base::Hex => "0, 4, 8 or c",
        }
    }
}

/// Why a code does not parse. Each message is one line naming the offending text and
/// what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Nothing was given.
    Empty {
        /// Octal or hexadecimal.
        base: Base,
    },
    /// No point, e.g. `077`.
    MissingPoint {
        /// The text given.
        code: String,
    },
    /// A point with no digit before it, e.g. `.7`.
    MissingLeadingDigit {
        /// The text given.
        code: String,
    },
    /// The character before the point is not a digit of the base.
    BadLeadingDigit {
        /// The offending character.
        found: char,
        /// Octal or hexadecimal.
        base: Base,
    },
    /// A digit before the point with bit 1 or 2 set (removing nothing may only split).
    LeadingDigitNotASplit {
        /// The offending digit.
        found: char,
        /// Octal or hexadecimal.
        base: Base,
    },
    /// An octal code with a digit 8 or 9: it is hexadecimal.
    NotOctal {
        /// The offending digit.
        found: char,
        /// Its position after the point, from 1.
        position: usize,
    },
    /// A character that is not a digit of the base.
    BadDigit {
        /// The offending character.
        found: char,
        /// Its position after the point, from 1.
        position: usize,
        /// Octal or hexadecimal.
        base: Base,
    },
    /// No digit other than 0: the game has no move.
    NoMove {
        /// The text given.
        code: String,
    },
    /// More than [`MAX_DIGITS`] digits after the point (trailing zeros not counted).
    TooManyDigits {
        /// How many were given.
        count: usize,
    },
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Empty { base } => write!(
                f,
                "missing {} code: expected a code such as 0.77",
                base.name()
            ),
            CodeError::MissingPoint { code } => write!(
                f,
                "code '{code}' has no point: expected a digit, a point and the digits, such as 0.77"
            ),
            CodeError::MissingLeadingDigit { code } => write!(
                f,
                "code '{code}' has no digit before the point: write 0{code}"
            ),
            CodeError::BadLeadingDigit { found, base } => write!(
                f,
                "'{found}' before the point is not a digit: expected {}",
                base.leading_digits()
            ),
            CodeError::LeadingDigitNotASplit { found, base } => write!(
                f,
                "digit '{found}' before the point is not allowed: removing no tokens may only \
                 split a heap, so expected {}",
                base.leading_digits()
            ),
            CodeError::NotOctal { found, position } => write!(
                f,
                "digit '{found}' (position {position}) is not octal: use hex: for codes with \
                 digits 8 to f"
            ),
            CodeError::BadDigit {
                found,
                position,
                base,
            } => write!(
                f,
                "'{found}' (position {position}) is not a {} digit: expected {}",
                base.name(),
                base.digit_range()
            ),
            CodeError::NoMove { code } => write!(
                f,
                "code '{code}' allows no move: expected at least one non-zero digit"
            ),
            CodeError::TooManyDigits { count } => write!(
                f,
                "code has {count} digits after the point: at most {MAX_DIGITS} are supported"
            ),
        }
    }
}

impl std::error::Error for CodeError {}

/// A parsed take-and-break code: its base, d0 and d1…dK (dK ≠ 0).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Code {
    base: Base,
    leading: u8,
    digits: Vec<u8>,
    /// The moves the digits allow, in order ([`Code::takes`]).
    takes: Vec<Take>,
}

impl Code {
    /// Parse `text` as a code of `base`; see the module documentation for the form.
    pub fn parse(text: &str, base: Base) -> Result<Code, CodeError> {
        if text.is_empty() {
            return Err(CodeError::Empty { base });
        }
        let Some((before, after)) = text.split_once('.') else {
            return Err(CodeError::MissingPoint { code: text.into() });
        };
        let mut before_chars = before.chars();
        let (Some(lead), None) = (before_chars.next(), before_chars.next()) else {
            return Err(if before.is_empty() {
                CodeError::MissingLeadingDigit { code: text.into() }
            } else {
                CodeError::MissingPoint { code: text.into() }
            });
        };
        let leading = lead
            .to_digit(base.radix())
            .ok_or(CodeError::BadLeadingDigit { found: lead, base })? as u8;
        if leading & 3 != 0 {
            return Err(CodeError::LeadingDigitNotASplit { found: lead, base });
        }
        let mut digits = Vec::new();
        for (position, found) in (1..).zip(after.chars()) {
            match found.to_digit(base.radix()) {
                Some(d) => digits.push(d as u8),
                None if base == Base::Octal && matches!(found, '8' | '9') => {
                    return Err(CodeError::NotOctal { found, position });
                }
                None => {
                    return Err(CodeError::BadDigit {
                        found,
                        position,
                        base,
                    });
                }
            }
        }
        while digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.len() > MAX_DIGITS {
            return Err(CodeError::TooManyDigits {
                count: digits.len(),
            });
        }
        if leading == 0 && digits.is_empty() {
            return Err(CodeError::NoMove { code: text.into() });
        }
        let mut code = Code {
            base,
            leading,
            digits,
            takes: Vec::new(),
        };
        code.takes = (0..=code.last_digit())
            .flat_map(|removed| {
                let digit = code.digit(removed);
                (0..4)
                    .filter(move |parts| digit >> parts & 1 != 0)
                    .map(move |parts| Take { removed, parts })
            })
            .collect();
        Ok(code)
    }

    /// Octal or hexadecimal.
    pub fn base(&self) -> Base {
        self.base
    }

    /// The digit for removing `k` tokens (0 for d0; 0 past the last digit).
    pub fn digit(&self, k: usize) -> u8 {
        match k {
            0 => self.leading,
            _ => self.digits.get(k - 1).copied().unwrap_or(0),
        }
    }

    /// K, the index of the last non-zero digit (0 for a code such as `4.`).
    pub fn last_digit(&self) -> usize {
        self.digits.len()
    }

    /// The moves the code allows, in increasing order (of tokens removed, then of heaps
    /// left): bit 1 of digit k is the take of k tokens that leaves no heap, bit 2 the
    /// one that leaves one heap, bit 4 two heaps, bit 8 three.
    pub fn takes(&self) -> &[Take] {
        &self.takes
    }
}

impl fmt::Display for Code {
    /// The canonical text: the digit before the point, the point, the digits without
    /// trailing zeros, hexadecimal digits in lower case (`0.137`, `4.07`, `4.`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digit = |d: u8| char::from_digit(u32::from(d), 16).expect("a digit below 16");
        write!(f, "{}.", digit(self.leading))?;
        self.digits
            .iter()
            .try_for_each(|&d| write!(f, "{}", digit(d)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every malformed code gives its own error, and the message names the offender.
    #[test]
    fn malformed_codes_are_typed_errors() {
        let cases: [(&str, Base, CodeError, &str); 12] = [
            (
                "",
                Base::Octal,
                CodeError::Empty { base: Base::Octal },
                "missing",
            ),
            (
                "077",
                Base::Octal,
                CodeError::MissingPoint { code: "077".into() },
                "'077'",
            ),
            (
                "00.7",
                Base::Octal,
                CodeError::MissingPoint {
                    code: "00.7".into(),
                },
                "'00.7'",
            ),
            (
                ".7",
                Base::Octal,
                CodeError::MissingLeadingDigit { code: ".7".into() },
                "write 0.7",
            ),
            (
                "x.7",
                Base::Octal,
                CodeError::BadLeadingDigit {
                    found: 'x',
                    base: Base::Octal,
                },
                "'x'",
            ),
            (
                "2.7",
                Base::Octal,
                CodeError::LeadingDigitNotASplit {
                    found: '2',
                    base: Base::Octal,
                },
                "0 or 4",
            ),
            (
                "8.7",
                Base::Octal,
                CodeError::BadLeadingDigit {
                    found: '8',
                    base: Base::Octal,
                },
                "'8'",
            ),
            (
                "0.8",
                Base::Octal,
                CodeError::NotOctal {
                    found: '8',
                    position: 1,
                },
                "use hex:",
            ),
            (
                "0.7x",
                Base::Octal,
                CodeError::BadDigit {
                    found: 'x',
                    position: 2,
                    base: Base::Octal,
                },
                "'x' (position 2)",
            ),
            (
                "0.g",
                Base::Hex,
                CodeError::BadDigit {
                    found: 'g',
                    position: 1,
                    base: Base::Hex,
                },
                "'g'",
            ),
            (
                "0.",
                Base::Octal,
                CodeError::NoMove { code: "0.".into() },
                "'0.'",
            ),
            (
                "0.000",
                Base::Hex,
                CodeError::NoMove {
                    code: "0.000".into(),
                },
                "no move",
            ),
        ];
        for (text, base, expected, fragment) in cases {
            let error = Code::parse(text, base).unwrap_err();
            assert_eq!(error, expected, "{text}");
            let message = error.to_string();
            assert!(message.contains(fragment), "{text}: {message}");
            assert!(!message.contains('\n'), "{message}");
        }
        let long = format!("0.{}", "7".repeat(MAX_DIGITS + 1));
        assert_eq!(
            Code::parse(&long, Base::Octal),
            Err(CodeError::TooManyDigits {
                count: MAX_DIGITS + 1
            })
        );
        let longest = format!("0.{}0", "7".repeat(MAX_DIGITS));
        assert_eq!(
            Code::parse(&longest, Base::Octal).unwrap().last_digit(),
            MAX_DIGITS
        );
        assert_eq!(
            Code::parse("6.", Base::Hex),
            Err(CodeError::LeadingDigitNotASplit {
                found: '6',
                base: Base::Hex
            })
        );
    }
}
