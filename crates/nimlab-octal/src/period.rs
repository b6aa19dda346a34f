//! Certified periods: finitely many values that prove a nim-sequence periodic forever.
//!
//! **Theorem** (Guy & Smith 1956 for octal codes; the same proof for three-heap splits
//! and for d0 = 4). Let every move remove at most k tokens and leave at most `parts`
//! heaps (1, 2 or 3), with no further condition on the parts (so not Grundy's game).
//! Let n0 ≥ 0, p ≥ 1, n1 = max(n0, 1), and suppose g(n + p) = g(n) for every n with
//! n0 ≤ n < parts·n1 + (parts − 1)·p + k. Then g(n + p) = g(n) for every n ≥ n0.
//!
//! *Proof.* By induction on N ≥ parts·n1 + (parts − 1)·p + k (so N > k: neither N nor
//! N + p can be removed whole). An option of N + p removes j ≤ k tokens and leaves
//! either one heap N + p − j, whose value is g(N − j) by induction (N − j ≥ n1), or up
//! to `parts` heaps summing to N + p − j whose largest b satisfies b ≥ (N + p − j)/parts
//! ≥ n1 + p; replacing b by b − p (still ≥ n1 ≥ 1, and g(b − p) = g(b) by hypothesis or
//! induction since b − p < N) gives an option of N with the same value. Conversely the
//! largest part b of an option of N is at least (N − j)/parts ≥ n1, and b + p gives an
//! option of N + p with the same value. So the two option sets have the same values and
//! g(N + p) = g(N). ∎
//!
//! With two parts this is the classical bound 2·n0 + p + k; the values it needs are
//! g(0), …, g(parts·(n1 + p) + k − 1) ([`values_needed`]).
//!
//! **Finding the least certified period incrementally.** If (n0, p) is certified by
//! the first L values then n0 + p ≤ s := ⌊(L − k)/parts⌋, so the tail T = g(s..L) has
//! period p. Compute every period of T at once from its prefix function (KMP), O(|T|).
//! If q is the least period of T, a period p of T with p + q ≤ |T| is a multiple of q
//! (Fine and Wilf), and if such a p is certified then so is q (the tail from p's
//! preperiod has period q), with a smaller need. So only q and the periods of T above
//! |T| − q are candidates; for each, in increasing order, the preperiod is found by
//! scanning back from s while g(n) = g(n + p). The first candidate whose need is met
//! is the least period of the whole infinite sequence, with its least preperiod: a
//! smaller true period would divide it and be certified by the same values.

use crate::rules::Rules;

/// Why the values prove the period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodTheorem {
    /// The most heaps a move leaves (1, 2 or 3).
    pub parts: usize,
    /// The most tokens a move removes (k).
    pub max_removal: usize,
}

impl PeriodTheorem {
    /// The theorem that applies to `rules`; `None` for Grundy's game (its splits must
    /// differ in size, which the proof's exchange of parts does not respect).
    pub fn for_rules(rules: &Rules) -> Option<PeriodTheorem> {
        (!rules.unequal_parts).then(|| PeriodTheorem {
            parts: rules.max_parts(),
            max_removal: rules.max_removal(),
        })
    }

    /// The theorem's name, for reports.
    pub fn name(&self) -> &'static str {
        match self.parts {
            1 => "finite memory (every move leaves at most one heap)",
            2 => "Guy–Smith periodicity theorem (two-heap splits)",
            _ => "Guy–Smith periodicity theorem extended to three-heap splits",
        }
    }
}

/// How many values, g(0) onwards, prove period `period` from `preperiod` on.
pub fn values_needed(theorem: &PeriodTheorem, preperiod: usize, period: usize) -> usize {
    theorem.parts * (preperiod.max(1) + period) + theorem.max_removal
}

/// A proof that g(n + period) = g(n) for every n ≥ preperiod.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodCertificate {
    /// The least n0 from which the sequence is periodic.
    pub preperiod: usize,
    /// The least period.
    pub period: usize,
    /// How many values the theorem needs, g(0) onwards ([`values_needed`]).
    pub values_needed: usize,
    /// How many values had been computed when the period was certified (≥ the need).
    pub values_computed: usize,
    /// The theorem that turns the comparison into a proof.
    pub theorem: PeriodTheorem,
}

impl PeriodCertificate {
    /// The index below preperiod + period whose value is g(n), for any n.
    pub fn reduce(&self, n: u128) -> usize {
        let (pre, period) = (self.preperiod as u128, self.period as u128);
        if n < pre {
            n as usize
        } else {
            (pre + (n - pre) % period) as usize
        }
    }
}

/// The least certified period of `values` (g(0), g(1), …) under `theorem`, if any.
/// O(len) time and 4·len/2 bytes. For rules that leave at most one heap a period is
/// reported once the values meet the two-part need (a little later than possible).
pub fn certify(values: &[u16], theorem: &PeriodTheorem) -> Option<PeriodCertificate> {
    certify_within(values, theorem, usize::MAX)
}

/// [`certify`] looking for periods only in the last `window` values: O(len) time but
/// 4·`window` bytes, whatever the length. A certificate it gives is the least certified
/// period (any certificate is checked value by value); it gives none when that period
/// is longer than `window` (or than the tail [`certify`] looks at).
pub fn certify_within(
    values: &[u16],
    theorem: &PeriodTheorem,
    window: usize,
) -> Option<PeriodCertificate> {
    let len = values.len();
    // Every certifiable p is a period of the tail g(reach..len), and p ≤ reach ≤ its
    // length. With parts = 1 the tail is cut as for two parts, which keeps p within
    // it; such a period is then found only once the two-part need is met.
    let detection = PeriodTheorem {
        parts: theorem.parts.max(2),
        ..*theorem
    };
    let reach = len.checked_sub(theorem.max_removal)? / detection.parts;
    // A period of the whole tail is one of its last `window` values too, and the
    // argument below holds for any suffix of the tail.
    let start = reach.max(len.saturating_sub(window));
    let tail = &values[start..];
    if tail.is_empty() {
        return None;
    }
    let prefix = prefix_function(tail);
    let least = tail.len() - prefix[tail.len() - 1] as usize;
    // Periods of the tail are |T| − b over its borders b; those above |T| − q come from
    // the borders shorter than q, in decreasing b (increasing period).
    let mut candidates = vec![least];
    let mut border = prefix[tail.len() - 1] as usize;
    while border > 0 {
        border = prefix[border - 1] as usize;
        let period = tail.len() - border;
        if period + least > tail.len() {
            candidates.push(period);
        }
    }
    candidates.sort_unstable();
    candidates.dedup();
    candidates.into_iter().find_map(|period| {
        let mut preperiod = start;
        while preperiod > 0
            && preperiod - 1 + period < len
            && values[preperiod - 1] == values[preperiod - 1 + period]
        {
            preperiod -= 1;
        }
        (values_needed(&detection, preperiod, period) <= len).then_some(PeriodCertificate {
            preperiod,
            period,
            values_needed: values_needed(theorem, preperiod, period),
            values_computed: len,
            theorem: *theorem,
        })
    })
}

/// π[i] = length of the longest proper border of s[..=i].
fn prefix_function(s: &[u16]) -> Vec<u32> {
    let mut prefix = vec![0u32; s.len()];
    for i in 1..s.len() {
        let mut border = prefix[i - 1] as usize;
        while border > 0 && s[i] != s[border] {
            border = prefix[border - 1] as usize;
        }
        if s[i] == s[border] {
            border += 1;
        }
        prefix[i] = border as u32;
    }
    prefix
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The least certified period by brute force over every (n0, p).
    fn certify_by_brute_force(values: &[u16], theorem: &PeriodTheorem) -> Option<(usize, usize)> {
        (1..=values.len()).find_map(|period| {
            let preperiod = (0..values.len().saturating_sub(period))
                .rev()
                .find(|&n| values[n] != values[n + period])
                .map_or(0, |n| n + 1);
            let detection = PeriodTheorem {
                parts: theorem.parts.max(2),
                ..*theorem
            };
            (values_needed(&detection, preperiod, period) <= values.len())
                .then_some((preperiod, period))
        })
    }

    #[test]
    fn agrees_with_brute_force_on_every_short_sequence() {
        // Every sequence over {0, 1, 2} of lengths up to 9, under several theorems.
        let theorems = [
            PeriodTheorem {
                parts: 1,
                max_removal: 0,
            },
            PeriodTheorem {
                parts: 1,
                max_removal: 2,
            },
            PeriodTheorem {
                parts: 2,
                max_removal: 1,
            },
            PeriodTheorem {
                parts: 3,
                max_removal: 0,
            },
        ];
        for len in 1..=9u32 {
            for code in 0..3u32.pow(len) {
                let values: Vec<u16> = (0..len).map(|i| (code / 3u32.pow(i) % 3) as u16).collect();
                for theorem in &theorems {
                    let fast = certify(&values, theorem).map(|c| (c.preperiod, c.period));
                    assert_eq!(
                        fast,
                        certify_by_brute_force(&values, theorem),
                        "{values:?} {theorem:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_window_finds_the_least_period_when_it_fits() {
        // The same sequences: within a window, the certificate is the unwindowed one
        // if its period fits the window's part of the tail, and none otherwise.
        let theorem = PeriodTheorem {
            parts: 2,
            max_removal: 1,
        };
        for len in 1..=9u32 {
            for code in 0..3u32.pow(len) {
                let values: Vec<u16> = (0..len).map(|i| (code / 3u32.pow(i) % 3) as u16).collect();
                let whole = certify(&values, &theorem);
                let tail = values.len() - (values.len() - 1) / 2; // len − reach
                for window in 1..=10 {
                    let expected = whole.clone().filter(|c| c.period <= window.min(tail));
                    assert_eq!(
                        certify_within(&values, &theorem, window),
                        expected,
                        "{values:?} window {window}"
                    );
                }
            }
        }
    }

    #[test]
    fn long_preperiod_then_period() {
        let mut values: Vec<u16> = (0..500).map(|i| (i * 7 % 13) as u16 + 10).collect();
        let cycle: Vec<u16> = (0..37).map(|i| (i * i % 11) as u16).collect();
        let theorem = PeriodTheorem {
            parts: 2,
            max_removal: 3,
        };
        let needed = values_needed(&theorem, 500, 37);
        while values.len() < needed - 1 {
            values.push(cycle[(values.len() - 500) % 37]);
        }
        assert_eq!(certify(&values, &theorem), None);
        values.push(cycle[(values.len() - 500) % 37]);
        let certificate = certify(&values, &theorem).unwrap();
        assert_eq!((certificate.preperiod, certificate.period), (500, 37));
        assert_eq!(certificate.values_needed, needed);
        assert_eq!(
            certificate.reduce(10u128.pow(30)),
            500 + ((10u128.pow(30) - 500) % 37) as usize
        );
    }
}
