//! English for people: lists, plurals and number words, used by every family's
//! descriptions and by the play dialogue.

use crate::num::Nat;
use std::fmt::Display;

/// The items separated by single spaces: "3 4 5".
pub fn spaced<T: Display>(items: &[T]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// "1", "1 or 2", "1, 2 or 3".
pub fn list_with_or<S: AsRef<str>>(items: &[S]) -> String {
    list_with(items, "or")
}

/// "1", "1 and 2", "1, 2 and 3".
pub fn list_with_and<S: AsRef<str>>(items: &[S]) -> String {
    list_with(items, "and")
}

/// The items separated by commas, the last two by `word`.
fn list_with<S: AsRef<str>>(items: &[S], word: &str) -> String {
    match items {
        [] => String::new(),
        [only] => only.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(|s| s.as_ref()).collect();
            format!("{} {word} {}", rest.join(", "), last.as_ref())
        }
    }
}

/// The singular noun for a count of exactly one, else the plural.
pub fn plural<'a>(count: &Nat, singular: &'a str, plural: &'a str) -> &'a str {
    if *count == 1u32 { singular } else { plural }
}

/// A count with its noun: "1 pin", "3 pins".
pub fn count_of(count: &Nat, singular: &str, plural_noun: &str) -> String {
    format!("{count} {}", plural(count, singular, plural_noun))
}

/// "token" or "tokens" for a count.
pub fn tokens_word(count: &Nat) -> &'static str {
    plural(count, "token", "tokens")
}

/// A count in words up to ten ("three"), in digits beyond ("12").
pub fn count_in_words(count: &Nat) -> String {
    const WORDS: [&str; 11] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    match u64::try_from(count) {
        Ok(small) if small <= 10 => WORDS[small as usize].to_string(),
        _ => count.to_string(),
    }
}

/// A count drawn for a board: "●●● (3)" up to 40, "12345 tokens" beyond, "empty" at 0.
pub fn draw_count(count: &Nat, singular: &str, plural_noun: &str) -> String {
    const DRAWN: u32 = 40;
    if *count == 0u32 {
        "empty".to_string()
    } else if *count <= DRAWN {
        let n = u64::try_from(count).expect("at most 40") as usize;
        format!("{} ({count})", "●".repeat(n))
    } else {
        format!("{count} {}", plural(count, singular, plural_noun))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_and_inflection() {
        assert_eq!(list_with_or::<&str>(&[]), "");
        assert_eq!(list_with_or(&["1"]), "1");
        assert_eq!(list_with_or(&["1", "2"]), "1 or 2");
        assert_eq!(list_with_or(&["1", "2", "3"]), "1, 2 or 3");
        assert_eq!(tokens_word(&Nat::from(1u32)), "token");
        assert_eq!(tokens_word(&Nat::from(0u32)), "tokens");
        assert_eq!(count_in_words(&Nat::from(3u32)), "three");
        assert_eq!(count_of(&Nat::from(1u32), "pin", "pins"), "1 pin");
        assert_eq!(count_of(&Nat::from(2u32), "pin", "pins"), "2 pins");
        assert_eq!(count_in_words(&Nat::from(12u32)), "12");
        assert_eq!(draw_count(&Nat::from(3u32), "coin", "coins"), "●●● (3)");
        assert_eq!(draw_count(&Nat::from(0u32), "coin", "coins"), "empty");
        assert_eq!(draw_count(&Nat::from(41u32), "coin", "coins"), "41 coins");
    }
}
