//! Black-box tests of `nimlab task N`: the criteria each task's exercise states,
//! differential tests against independent brute-force oracles written here (plain
//! memoized win/loss searches; nothing from nimlab-core) on random small inputs from
//! a seeded RNG, the largest inputs the issue names, and every task's error paths.

use assert_cmd::Command;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::collections::HashMap;
use std::hash::Hash;

/// Run `nimlab task <task>` with `stdin`; return stdout, asserting success and an
/// empty stderr.
fn task(task: &str, stdin: &str) -> String {
    let output = Command::cargo_bin("nimlab")
        .unwrap()
        .args(["task", task])
        .write_stdin(stdin)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success() && stderr.is_empty(),
        "task {task} on {:?}: {stderr}",
        abbreviate(stdin)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Run expecting malformed input: status 2, nothing on stdout, one line on stderr.
fn task_error(args: &[&str], stdin: &str) -> String {
    let output = Command::cargo_bin("nimlab")
        .unwrap()
        .arg("task")
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        output.status.code(),
        Some(2),
        "{args:?} {stdin:?}: {stderr}"
    );
    assert!(
        output.stdout.is_empty(),
        "{args:?} {stdin:?} printed to stdout"
    );
    // One line; a usage error adds a second with the usage.
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(
        lines.len() == 1 || (lines.len() == 2 && lines[1].starts_with("usage: ")),
        "{args:?} {stdin:?}: {stderr}"
    );
    assert!(stderr.starts_with("nimlab: "), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

fn abbreviate(text: &str) -> String {
    text.chars().take(80).collect()
}

fn join<T: ToString>(values: &[T]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn seeded(seed: u64) -> StdRng {
    StdRng::seed_from_u64(seed)
}

/// The independent oracle: does the player to move win? Plain memoized recursion on
/// whole positions, normal play (terminal loses) or misère (terminal wins).
fn mover_wins<P: Clone + Eq + Hash>(
    position: &P,
    moves: &dyn Fn(&P) -> Vec<P>,
    misere: bool,
    memo: &mut HashMap<P, bool>,
) -> bool {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let options = moves(position);
    let wins = if options.is_empty() {
        misere
    } else {
        options
            .iter()
            .any(|option| !mover_wins(option, moves, misere, memo))
    };
    memo.insert(position.clone(), wins);
    wins
}

fn verdict(first_wins: bool) -> &'static str {
    if first_wins { "FIRST\n" } else { "SECOND\n" }
}

/// Grundy values of a single heap from the definition, by the test's own mex.
fn naive_table(len: usize, options: impl Fn(&[u32], usize) -> Vec<u32>) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(len);
    for n in 0..len {
        let reach = options(&g, n);
        g.push((0..).find(|v| !reach.contains(v)).unwrap());
    }
    g
}

fn subtraction_table(set: &[usize], len: usize) -> Vec<u32> {
    naive_table(len, |g, n| {
        set.iter().filter(|&&s| s <= n).map(|&s| g[n - s]).collect()
    })
}

/// Moves of a sum of heaps where one heap becomes the heaps `heap_moves` lists;
/// positions are kept sorted so the memo is small.
fn heap_sum_moves(
    heap_moves: fn(u32, &[usize]) -> Vec<Vec<u32>>,
    set: Vec<usize>,
) -> impl Fn(&Vec<u32>) -> Vec<Vec<u32>> {
    move |heaps: &Vec<u32>| {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            for replacement in heap_moves(heaps[i], &set) {
                let mut next: Vec<u32> = heaps[..i].to_vec();
                next.extend(&replacement);
                next.extend(&heaps[i + 1..]);
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    }
}

fn subtract(heap: u32, set: &[usize]) -> Vec<Vec<u32>> {
    set.iter()
        .filter(|&&s| s as u32 <= heap)
        .map(|&s| vec![heap - s as u32])
        .collect()
}

// ---------------------------------------------------------------- task 1

#[test]
fn task1_mex_seed_examples_and_random() {
    assert_eq!(task("1", "0\n"), "0\n");
    assert_eq!(task("1", "3\n0 1 3\n"), "2\n");
    assert_eq!(task("1", "2\n1 2\n"), "0\n");
    assert_eq!(task("1", "3 5 1000000000 0"), "1\n");
    let mut rng = seeded(1);
    for _ in 0..30 {
        let m = rng.random_range(0..12);
        let values: Vec<u32> = (0..m).map(|_| rng.random_range(0..8)).collect();
        let expected = (0..).find(|v| !values.contains(v)).unwrap();
        assert_eq!(
            task("1", &format!("{m} {}", join(&values))),
            format!("{expected}\n")
        );
    }
    // m = 10^5, a permutation of 0..10^5 with one gap.
    let values: Vec<u32> = (0..100_000u32)
        .map(|v| if v == 77_777 { 100_000 } else { v })
        .rev()
        .collect();
    assert_eq!(task("1", &format!("100000 {}", join(&values))), "77777\n");
}

// ---------------------------------------------------------------- task 2

#[test]
fn task2_table_matches_seed_and_brute_force() {
    assert_eq!(task("2", "10\n3\n1 2 3\n"), "0 1 2 3 0 1 2 3 0 1 2\n");
    let mut rng = seeded(2);
    for _ in 0..25 {
        let set: Vec<usize> = (0..rng.random_range(1..5))
            .map(|_| rng.random_range(1..9))
            .collect();
        let n = rng.random_range(0..40);
        let out = task("2", &format!("{n} {} {}", set.len(), join(&set)));
        let values: Vec<u32> = out.split_whitespace().map(|v| v.parse().unwrap()).collect();
        assert_eq!(values.len(), n + 1);
        let moves = |x: &u32| {
            subtract(*x, &set)
                .into_iter()
                .map(|o| o[0])
                .collect::<Vec<_>>()
        };
        let mut memo = HashMap::new();
        for (x, &g) in values.iter().enumerate() {
            // The task's criterion: g[x] == 0 iff the player to move loses from x.
            assert_eq!(
                g == 0,
                !mover_wins(&(x as u32), &moves, false, &mut memo),
                "S = {set:?}, x = {x}"
            );
        }
        assert_eq!(values, subtraction_table(&set, n + 1));
    }
    // n = 10^5, |S| = 20.
    let set: Vec<usize> = (1..=20).map(|s| s * 3 - 1).collect();
    let out = task("2", &format!("100000 20 {}", join(&set)));
    let values: Vec<u32> = out.split_whitespace().map(|v| v.parse().unwrap()).collect();
    assert_eq!(values, subtraction_table(&set, 100_001));
}

// ---------------------------------------------------------------- task 3

#[test]
fn task3_worked_check_and_monolithic_search() {
    assert_eq!(task("3", "3 1 2 3\n3 5 6 7\n"), "SECOND\n");
    assert_eq!(task("3", "3 1 2 3\n2 4 5\n"), "FIRST\n");
    // A sum decided by + instead of XOR would call 1 + 2 + 3 = 6 a win.
    assert_eq!(task("3", "3 1 2 3 3 1 2 3"), "SECOND\n");
    let mut rng = seeded(3);
    for _ in 0..40 {
        let set: Vec<usize> = (0..rng.random_range(1..4))
            .map(|_| rng.random_range(1..6))
            .collect();
        let piles: Vec<u32> = (0..rng.random_range(1..4))
            .map(|_| rng.random_range(0..11))
            .collect();
        let moves = heap_sum_moves(subtract, set.clone());
        let mut sorted = piles.clone();
        sorted.sort_unstable();
        let expected = mover_wins(&sorted, &moves, false, &mut HashMap::new());
        let input = format!(
            "{} {} {} {}",
            set.len(),
            join(&set),
            piles.len(),
            join(&piles)
        );
        assert_eq!(task("3", &input), verdict(expected), "{input}");
    }
    // m = 10^4 piles up to 10^5, |S| = 20.
    let mut rng = seeded(33);
    let set: Vec<usize> = (1..=20).map(|s| s * 2 + 1).collect();
    let piles: Vec<usize> = (0..10_000).map(|_| rng.random_range(0..=100_000)).collect();
    let table = subtraction_table(&set, 100_001);
    let x = piles.iter().fold(0, |x, &p| x ^ table[p]);
    let input = format!("20 {} 10000 {}", join(&set), join(&piles));
    assert_eq!(task("3", &input), verdict(x != 0));
}

// ---------------------------------------------------------------- task 4

/// A random DAG on `v` vertices with shuffled labels, as task 4's input, and its
/// adjacency lists.
fn random_dag(rng: &mut StdRng, v: usize, e: usize) -> (String, Vec<Vec<usize>>) {
    let mut label: Vec<usize> = (0..v).collect();
    for i in (1..v).rev() {
        label.swap(i, rng.random_range(0..=i));
    }
    let mut adjacency = vec![Vec::new(); v];
    let mut text = format!("{v} {e}");
    for _ in 0..e {
        let high = rng.random_range(1..v);
        let low = rng.random_range(0..high);
        // Edges go from higher to lower rank, so the graph is acyclic.
        let (u, w) = (label[high], label[low]);
        adjacency[u].push(w);
        text += &format!("\n{u} {w}");
    }
    (text, adjacency)
}

#[test]
fn task4_dag_values_match_brute_force() {
    assert_eq!(task("4", "3 2\n2 1\n1 0\n"), "0 1 0\n0 2\n");
    // Vertices without moves have value 0 and are all listed as losing.
    assert_eq!(task("4", "2 0"), "0 0\n0 1\n");
    let mut rng = seeded(4);
    for _ in 0..40 {
        let v = rng.random_range(2..12);
        let e = rng.random_range(0..25);
        let (text, adjacency) = random_dag(&mut rng, v, e);
        let out = task("4", &text);
        let lines: Vec<&str> = out.split('\n').collect();
        assert_eq!(lines.len(), 3, "{out:?}");
        let values: Vec<u32> = lines[0]
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        let moves = |x: &usize| adjacency[*x].clone();
        let mut memo = HashMap::new();
        let mut zeros = Vec::new();
        // Grundy value from the definition, by plain recursion.
        fn grundy(x: usize, adjacency: &[Vec<usize>]) -> u32 {
            let reach: Vec<u32> = adjacency[x].iter().map(|&w| grundy(w, adjacency)).collect();
            (0..).find(|g| !reach.contains(g)).unwrap()
        }
        assert_eq!(values.len(), v);
        for (x, &value) in values.iter().enumerate() {
            assert_eq!(value, grundy(x, &adjacency), "{text}");
            assert_eq!(value == 0, !mover_wins(&x, &moves, false, &mut memo));
            if value == 0 {
                zeros.push(x);
            }
        }
        assert_eq!(lines[1], join(&zeros));
    }
}

#[test]
fn task4_largest_inputs_need_no_recursion() {
    // A path of 10^5 vertices, labelled so that a recursive search would go 10^5 deep.
    let n = 100_000;
    let mut text = format!("{n} {}", n - 1);
    for v in 1..n {
        text += &format!(" {} {v}", v - 1);
    }
    let out = task("4", &text);
    let values: Vec<u32> = out
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    // Vertex n-1 is terminal; values alternate back from it.
    assert!(
        values
            .iter()
            .enumerate()
            .all(|(v, &g)| g == ((n - 1 - v) % 2) as u32)
    );
    // V = 10^5, E = 5·10^5.
    let mut rng = seeded(44);
    let (text, adjacency) = random_dag(&mut rng, 100_000, 500_000);
    let out = task("4", &text);
    let values: Vec<u32> = out
        .lines()
        .next()
        .unwrap()
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    // Check the mex at every vertex directly.
    for (x, next) in adjacency.iter().enumerate() {
        let reach: Vec<u32> = next.iter().map(|&w| values[w]).collect();
        assert_eq!(values[x], (0..).find(|g| !reach.contains(g)).unwrap());
    }
}

#[test]
fn task4_cycles_name_a_vertex_on_the_cycle() {
    let message = task_error(&["4"], "5 5\n0 1\n1 2\n2 3\n3 1\n3 4\n");
    let vertex: usize = message
        .split("vertex ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{message}"));
    assert!([1, 2, 3].contains(&vertex), "{message}");
    assert!(message.contains("not a DAG"), "{message}");
    assert!(task_error(&["4"], "1 1 0 0").contains("vertex 0"));
}

// ---------------------------------------------------------------- task 5

#[test]
fn task5_closed_form_for_huge_n() {
    let out = task(
        "5",
        "3 6\n0 1 4 8 1000000000000000000 1000000000000000000000000000000\n",
    );
    // 10^18 ≡ 0 (mod 4); 10^30 ≡ 0 (mod 4).
    assert_eq!(out, "SECOND\nFIRST\nSECOND\nSECOND\nSECOND\nSECOND\n");
    let mut rng = seeded(5);
    for _ in 0..20 {
        let k = rng.random_range(1..6usize);
        let set: Vec<usize> = (1..=k).collect();
        let table = subtraction_table(&set, 60);
        let queries: Vec<u128> = (0..10)
            .map(|i| {
                if i < 5 {
                    rng.random_range(0..60)
                } else {
                    rng.random_range(0..u128::MAX / 2)
                }
            })
            .collect();
        let out = task("5", &format!("{k} 10 {}", join(&queries)));
        for (line, &n) in out.lines().zip(&queries) {
            let first = if n < 60 {
                table[n as usize] != 0
            } else {
                n % (k as u128 + 1) != 0
            };
            assert_eq!(format!("{line}\n"), verdict(first), "k = {k}, n = {n}");
        }
    }
    // k = 10^9, Q = 10^5 queries near 10^18.
    let queries: Vec<u64> = (0..100_000u64)
        .map(|i| 1_000_000_000_000_000_000 - i * 999_999_937)
        .collect();
    let out = task("5", &format!("1000000000 100000 {}", join(&queries)));
    assert_eq!(out.lines().count(), 100_000);
    for (line, n) in out.lines().zip(queries) {
        assert_eq!(line == "FIRST", n % 1_000_000_001 != 0);
    }
}

// ---------------------------------------------------------------- task 6

fn split_unequal(heap: u32, _: &[usize]) -> Vec<Vec<u32>> {
    (1..heap)
        .filter(|&a| 2 * a < heap)
        .map(|a| vec![a, heap - a])
        .collect()
}

#[test]
fn task6_grundys_game_matches_the_seed_oracle() {
    // g[0..8] = 0,0,0,1,0,2,1,0,2: single piles are FIRST exactly where g ≠ 0.
    for (pile, g) in [0, 0, 0, 1, 0, 2, 1, 0, 2].iter().enumerate() {
        assert_eq!(
            task("6", &format!("1 {pile}")),
            verdict(*g != 0),
            "pile {pile}"
        );
    }
    assert_eq!(task("6", "1 8"), "FIRST\n");
    assert_eq!(task("6", "2 3 3"), "SECOND\n");
    let mut rng = seeded(6);
    let moves = heap_sum_moves(split_unequal, vec![]);
    let mut memo = HashMap::new();
    for _ in 0..40 {
        let mut piles: Vec<u32> = (0..rng.random_range(1..4))
            .map(|_| rng.random_range(1..13))
            .collect();
        let input = format!("{} {}", piles.len(), join(&piles));
        piles.sort_unstable();
        let expected = mover_wins(&piles, &moves, false, &mut memo);
        assert_eq!(task("6", &input), verdict(expected), "{input}");
    }
    // m = 100 piles up to 2000, against the test's own table.
    let table = naive_table(2001, |g, n| {
        (1..n)
            .filter(|&a| 2 * a < n)
            .map(|a| g[a] ^ g[n - a])
            .collect()
    });
    let piles: Vec<usize> = (0..100).map(|i| 2000 - i * 7).collect();
    let x = piles.iter().fold(0, |x, &p| x ^ table[p]);
    assert_eq!(task("6", &format!("100 {}", join(&piles))), verdict(x != 0));
}

// ---------------------------------------------------------------- task 7

#[test]
fn task7_staircase_uses_odd_steps_and_matches_simulation() {
    // Only odd steps count: coins on step 2 change nothing.
    assert_eq!(task("7", "2 0 5"), "SECOND\n");
    assert_eq!(task("7", "3 1 9 1"), "SECOND\n");
    assert_eq!(task("7", "3 1 9 2"), "FIRST\n");
    let moves = |c: &Vec<u32>| {
        let mut out = Vec::new();
        for i in 0..c.len() {
            for take in 1..=c[i] {
                let mut next = c.clone();
                next[i] -= take;
                if i > 0 {
                    next[i - 1] += take;
                }
                out.push(next);
            }
        }
        out
    };
    let mut rng = seeded(7);
    let mut memo = HashMap::new();
    for _ in 0..60 {
        let coins: Vec<u32> = (0..rng.random_range(1..5))
            .map(|_| rng.random_range(0..4))
            .collect();
        let expected = mover_wins(&coins, &moves, false, &mut memo);
        let input = format!("{} {}", coins.len(), join(&coins));
        assert_eq!(task("7", &input), verdict(expected), "{input}");
    }
    // k = 10^5 steps of up to 10^9 coins.
    let coins: Vec<u64> = (0..100_000u64)
        .map(|i| (i * 2_654_435_761) % 1_000_000_001)
        .collect();
    let x = coins.iter().step_by(2).fold(0, |x, c| x ^ c);
    assert_eq!(
        task("7", &format!("100000 {}", join(&coins))),
        verdict(x != 0)
    );
}

// ---------------------------------------------------------------- task 8

#[test]
fn task8_take_one_or_two() {
    assert_eq!(task("8", "6 2 4 5"), "0 1 2 0 1 2 0\nFIRST\n");
    assert_eq!(task("8", "6 2 3 6"), "0 1 2 0 1 2 0\nSECOND\n");
    let mut rng = seeded(8);
    let moves = heap_sum_moves(subtract, vec![1, 2]);
    let mut memo = HashMap::new();
    for _ in 0..30 {
        let n = rng.random_range(0..15u32);
        let mut piles: Vec<u32> = (0..rng.random_range(1..4))
            .map(|_| rng.random_range(0..=n))
            .collect();
        let out = task("8", &format!("{n} {} {}", piles.len(), join(&piles)));
        let (table, winner) = out.split_once('\n').unwrap();
        let expected: Vec<String> = (0..=n).map(|x| (x % 3).to_string()).collect();
        assert_eq!(table, expected.join(" "));
        piles.sort_unstable();
        assert_eq!(
            winner,
            verdict(mover_wins(&piles, &moves, false, &mut memo))
        );
    }
    // n = 10^6: g[n] = n mod 3 all the way.
    let out = task("8", "1000000 1 1000000");
    let (table, winner) = out.split_once('\n').unwrap();
    assert!(
        table
            .split(' ')
            .enumerate()
            .all(|(x, g)| g == (x % 3).to_string())
    );
    assert_eq!(table.split(' ').count(), 1_000_001);
    assert_eq!(winner, "FIRST\n");
}

// ---------------------------------------------------------------- task 9

#[test]
fn task9_engine_demos_all_match() {
    let out = task("9", "");
    assert_eq!(out.lines().count(), 3, "{out}");
    assert!(out.lines().all(|l| l.ends_with(": match")), "{out}");
    assert!(
        out.contains("S = {1, 3, 4}") && out.contains("a XOR b") && out.contains("5151 entries")
    );
}

// ---------------------------------------------------------------- task 10

#[test]
fn task10_winning_move_zeroes_the_xor() {
    assert_eq!(task("10", "3 1 2 3"), "LOSING\n");
    assert_eq!(task("10", "3 25 32 19"), "2 10\n");
    let mut rng = seeded(10);
    let nim = |heap: u32, _: &[usize]| (0..heap).map(|h| vec![h]).collect::<Vec<_>>();
    let moves = heap_sum_moves(nim, vec![]);
    let mut memo = HashMap::new();
    for _ in 0..60 {
        let values: Vec<u32> = (0..rng.random_range(1..4))
            .map(|_| rng.random_range(0..9))
            .collect();
        let out = task("10", &format!("{} {}", values.len(), join(&values)));
        let x = values.iter().fold(0, |x, v| x ^ v);
        if x == 0 {
            assert_eq!(out, "LOSING\n");
            continue;
        }
        let (i, t) = out.trim().split_once(' ').unwrap();
        let (i, t): (usize, u32) = (i.parse().unwrap(), t.parse().unwrap());
        assert!(t < values[i - 1], "{values:?}: {out}");
        let mut after = values.clone();
        after[i - 1] = t;
        assert_eq!(after.iter().fold(0, |x, v| x ^ v), 0);
        // As plain Nim piles, the move leaves a position lost for the opponent.
        after.sort_unstable();
        assert!(!mover_wins(&after, &moves, false, &mut memo));
    }
    let values: Vec<u64> = (0..100_000u64)
        .map(|i| (i * 7_919) % 1_000_000_000)
        .collect();
    let out = task("10", &format!("100000 {}", join(&values)));
    let x = values.iter().fold(0, |x, v| x ^ v);
    let (i, t) = out.trim().split_once(' ').unwrap();
    let (i, t): (usize, u64) = (i.parse().unwrap(), t.parse().unwrap());
    assert_eq!(values[i - 1] ^ x, t);
    assert!(t < values[i - 1]);
}

// ---------------------------------------------------------------- task 11

/// The period of a subtraction game found independently: the least (n0, p) with a
/// full window of max S matching values, in a long table.
fn certified_period(set: &[usize], table: &[u32]) -> (usize, usize) {
    let window = *set.iter().max().unwrap();
    for p in 1..table.len() / 2 {
        for n0 in 0..table.len() - p - window {
            if (n0..n0 + window).all(|n| table[n] == table[n + p]) {
                return (n0, p);
            }
        }
    }
    panic!("no period in the table");
}

#[test]
fn task11_huge_n_through_a_certified_period() {
    // S = {1, 3, 4}: period 7, 0 1 0 1 2 3 2. 10^18 ≡ 1 (mod 7), 10^30 ≡ 1.
    let out = task(
        "11",
        "3 1 3 4\n5 0 6 1000 1000000000000000000 1000000000000000000000000000000\n",
    );
    assert_eq!(
        out,
        format!("0\n2\n{}\n1\n1\n", [0, 1, 0, 1, 2, 3, 2][1000 % 7])
    );
    let mut rng = seeded(11);
    for _ in 0..30 {
        let set: Vec<usize> = (0..rng.random_range(1..5))
            .map(|_| rng.random_range(1..13))
            .collect();
        let table = subtraction_table(&set, 3000);
        let (n0, p) = certified_period(&set, &table);
        let queries: Vec<u128> = (0..8)
            .map(|i| {
                if i < 4 {
                    rng.random_range(0..3000)
                } else {
                    rng.random_range(0..u128::MAX / 2)
                }
            })
            .collect();
        let out = task(
            "11",
            &format!("{} {} 8 {}", set.len(), join(&set), join(&queries)),
        );
        for (line, &n) in out.lines().zip(&queries) {
            let index = if n < 3000 {
                n as usize
            } else {
                n0 + ((n - n0 as u128) % p as u128) as usize
            };
            assert_eq!(line, table[index].to_string(), "S = {set:?}, n = {n}");
        }
    }
    // |S| = 12, Q = 10^5 queries up to 10^18.
    let set = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
    let table = subtraction_table(&set, 5000);
    let (n0, p) = certified_period(&set, &table);
    let queries: Vec<u64> = (0..100_000u64)
        .map(|i| 1_000_000_000_000_000_000 - i * 1_234_567)
        .collect();
    let out = task(
        "11",
        &format!("12 {} 100000 {}", join(&set), join(&queries)),
    );
    for (line, n) in out.lines().zip(queries) {
        assert_eq!(
            line,
            table[n0 + ((n - n0 as u64) % p as u64) as usize].to_string()
        );
    }
}

// ---------------------------------------------------------------- task 12

/// Knock down one pin or two adjacent pins of a row of `heap`.
fn kayles_moves(heap: u32, _: &[usize]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for take in 1..=2 {
        for left in 0..=heap.saturating_sub(take) {
            if left + take > heap {
                continue;
            }
            let right = heap - take - left;
            out.push([left, right].into_iter().filter(|&r| r > 0).collect());
        }
    }
    out
}

/// Kayles' Grundy values by the plain mex over its moves (knock down one pin or two
/// adjacent pins), independent of nimlab.
fn seed_kayles(n: usize) -> Vec<u32> {
    naive_table(n + 1, |g, x| {
        let mut reach: Vec<u32> = (0..x).map(|i| g[i] ^ g[x - 1 - i]).collect();
        reach.extend((0..x.saturating_sub(1)).map(|i| g[i] ^ g[x - 2 - i]));
        reach
    })
}

#[test]
fn task12_kayles_matches_seed_and_simulation() {
    let table = seed_kayles(8);
    assert_eq!(table, [0, 1, 2, 3, 1, 4, 3, 2, 1]);
    for (n, g) in table.iter().enumerate() {
        assert_eq!(
            task("12", &format!("1 {n}")),
            verdict(*g != 0),
            "row of {n}"
        );
    }
    let mut rng = seeded(12);
    let moves = heap_sum_moves(kayles_moves, vec![]);
    let mut memo = HashMap::new();
    for _ in 0..40 {
        let mut rows: Vec<u32> = (0..rng.random_range(1..4))
            .map(|_| rng.random_range(0..10))
            .collect();
        let input = format!("{} {}", rows.len(), join(&rows));
        rows.retain(|&r| r > 0);
        rows.sort_unstable();
        assert_eq!(
            task("12", &input),
            verdict(mover_wins(&rows, &moves, false, &mut memo)),
            "{input}"
        );
    }
    // Rows up to 5000 (and one of 10^30 pins) against that table, which has
    // period 12 from row 71 on as far as it goes.
    let table = seed_kayles(5000);
    assert!((71..=5000 - 12).all(|n| table[n] == table[n + 12]));
    let rows = [5000usize, 4999, 1234, 71, 70, 3];
    let x = rows.iter().fold(0, |x, &r| x ^ table[r]);
    assert_eq!(task("12", &format!("6 {}", join(&rows))), verdict(x != 0));
    // 10^30 ≡ 4 (mod 12), far past the preperiod of 71: g = g(4 + 72) = table[76].
    let huge = format!("1{}", "0".repeat(30));
    assert_eq!(task("12", &format!("2 {huge} 76")), "SECOND\n");
}

// ---------------------------------------------------------------- task 13

#[test]
fn task13_misere_nim_matches_simulation() {
    assert_eq!(task("13", "3 1 1 1"), "NORMAL: FIRST\nMISERE: SECOND\n");
    assert_eq!(task("13", "2 1 1"), "NORMAL: SECOND\nMISERE: FIRST\n");
    assert_eq!(task("13", "2 3 3"), "NORMAL: SECOND\nMISERE: SECOND\n");
    let nim = |heap: u32, _: &[usize]| (0..heap).map(|h| vec![h]).collect::<Vec<_>>();
    let moves = heap_sum_moves(nim, vec![]);
    let (mut normal, mut misere) = (HashMap::new(), HashMap::new());
    let mut rng = seeded(13);
    for _ in 0..60 {
        let mut piles: Vec<u32> = (0..rng.random_range(1..5))
            .map(|_| rng.random_range(0..5))
            .collect();
        let input = format!("{} {}", piles.len(), join(&piles));
        piles.sort_unstable();
        let expected = format!(
            "NORMAL: {}MISERE: {}",
            verdict(mover_wins(&piles, &moves, false, &mut normal)),
            verdict(mover_wins(&piles, &moves, true, &mut misere))
        );
        let out = task("13", &input);
        assert_eq!(out, expected, "{input}");
        // Normal and misère agree when some pile is at least 2.
        if piles.iter().any(|&p| p >= 2) {
            let lines: Vec<&str> = out.lines().map(|l| l.split(' ').nth(1).unwrap()).collect();
            assert_eq!(lines[0], lines[1]);
        }
    }
    let piles: Vec<u64> = (0..100_000u64)
        .map(|i| (i * 104_729) % 1_000_000_001)
        .collect();
    let x = piles.iter().fold(0, |x, p| x ^ p);
    assert_eq!(
        task("13", &format!("100000 {}", join(&piles))),
        format!("NORMAL: {}MISERE: {}", verdict(x != 0), verdict(x != 0))
    );
}

// ---------------------------------------------------------------- task 14

#[test]
fn task14_turning_turtles_matches_simulation() {
    assert_eq!(task("14", "TTTT"), "SECOND\n");
    assert_eq!(task("14", "H"), "FIRST\n");
    assert_eq!(task("14", "THHTH\n"), "FIRST\n");
    let moves = |coins: &Vec<bool>| {
        let mut out = Vec::new();
        for j in (0..coins.len()).filter(|&j| coins[j]) {
            let mut turned = coins.clone();
            turned[j] = false;
            out.push(turned.clone());
            for i in 0..j {
                let mut both = turned.clone();
                both[i] = !both[i];
                out.push(both);
            }
        }
        out
    };
    let mut rng = seeded(14);
    let mut memo = HashMap::new();
    for _ in 0..60 {
        let coins: Vec<bool> = (0..rng.random_range(1..11))
            .map(|_| rng.random_bool(0.5))
            .collect();
        let text: String = coins.iter().map(|&h| if h { 'H' } else { 'T' }).collect();
        assert_eq!(
            task("14", &text),
            verdict(mover_wins(&coins, &moves, false, &mut memo)),
            "{text}"
        );
    }
    // n = 10^5.
    let text: String = (0..100_000)
        .map(|i| if i % 7 == 3 { 'H' } else { 'T' })
        .collect();
    let x = (0..100_000u32)
        .filter(|i| i % 7 == 3)
        .fold(0, |x, i| x ^ (i + 1));
    assert_eq!(task("14", &text), verdict(x != 0));
}

// ---------------------------------------------------------------- task 15

#[test]
fn task15_classifies_the_six_canonical_cases() {
    let cases = [
        (
            "impartial=yes normal_play=yes decomposable=yes",
            "GRUNDY_XOR",
            "O(m)",
        ),
        (
            "impartial=yes normal_play=yes decomposable=no huge_n=no",
            "GRUNDY_TABLE",
            "O(V + E)",
        ),
        (
            "impartial=yes normal_play=yes huge_n=yes has_closed_form=no",
            "PERIODICITY",
            "O(period",
        ),
        ("huge_n=yes has_closed_form=yes", "CLOSED_FORM", "O(1)"),
        ("normal_play=no", "MISERE_SPECIAL", "O(m)"),
        ("impartial=no", "NOT_APPLICABLE", "partizan"),
        ("loopy=yes", "NOT_APPLICABLE", "loopy"),
        ("scored=yes", "NOT_APPLICABLE", "scored"),
        ("chance=yes", "NOT_APPLICABLE", "chance"),
    ];
    for (input, class, why) in cases {
        let out = task("15", input);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert_eq!(lines[0], class, "{input}");
        assert!(lines[1].contains(why), "{input}: {}", lines[1]);
    }
    // No tokens: impartial normal play, nothing else: a single small game.
    assert!(task("15", "").starts_with("GRUNDY_TABLE\n"));
}

// ---------------------------------------------------------------- task B

#[test]
fn task_b_reports_the_table_agreement_and_a_plot() {
    let dir = std::env::temp_dir().join(format!("nimlab-task-b-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("crossover.svg");
    let output = Command::cargo_bin("nimlab")
        .unwrap()
        .args([
            "task",
            "B",
            "--max-m",
            "5",
            "--budget-seconds",
            "60",
            "--plot",
        ])
        .arg(&svg)
        .output()
        .unwrap();
    assert!(output.status.success());
    let out = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        out.matches("m   monolithic_ms   decompose_ms").count(),
        2,
        "{out}"
    );
    for m in 1..=5 {
        assert!(
            out.lines().any(|l| l.starts_with(&format!("{m:<3} "))),
            "m = {m}: {out}"
        );
    }
    assert_eq!(out.matches("Winners agree for every m").count(), 2, "{out}");
    assert!(out.contains("O(n·|S| + m)"));
    // With a generous budget every m = 1..5 finishes: the full search visits
    // (n+1)^m = 59049 states for m = 5, the sorted one C(n + m, m) = 1287.
    assert_eq!(out.matches("stayed within its budget").count(), 2, "{out}");
    let row5: Vec<Vec<&str>> = out
        .lines()
        .filter(|l| l.starts_with("5 "))
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(row5.len(), 2, "{out}");
    assert_eq!((row5[0][3], row5[0][4]), ("59049", "SECOND"));
    assert_eq!((row5[1][3], row5[1][4]), ("1287", "SECOND"));
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.contains("Grundy decomposition"));
    std::fs::remove_dir_all(dir).unwrap();
}

// ---------------------------------------------------------------- errors

#[test]
fn malformed_input_is_one_line_and_status_2_for_every_task() {
    let cases: &[(&str, &str, &str)] = &[
        ("1", "", "missing m"),
        ("1", "2 1", "missing value"),
        ("1", "2 1 x", "'x'"),
        ("1", "1 -1", "'-1'"),
        ("1", "1 1 1", "extra token '1'"),
        ("2", "", "missing n"),
        ("2", "5 0", "'0'"),
        ("2", "5 2 1", "missing element of S"),
        ("2", "5 1 0", "element of S '0'"),
        ("2", "-5 1 1", "'-5'"),
        ("3", "1 1 2 3", "missing pile size"),
        ("3", "1 0 1 3", "'0'"),
        ("3", "1 1 0", "invalid m '0'"),
        ("3", "1 1 1 3.5", "'3.5'"),
        ("4", "", "missing vertex count"),
        ("4", "0 0", "vertex count '0'"),
        ("4", "3 1 0", "missing end of edge 1"),
        ("4", "3 1 0 3", "end of edge 1 '3'"),
        ("4", "3 1 0 1 7", "'7'"),
        ("4", "2 2 0 1 1 0", "not a DAG"),
        ("5", "", "missing k"),
        ("5", "0 1 5", "'0'"),
        ("5", "3 2 5", "missing n"),
        ("5", "3 1 1e9", "'1e9'"),
        ("6", "1", "missing pile size"),
        ("6", "1 x", "'x'"),
        ("7", "2 1", "missing coin count"),
        ("7", "0", "invalid k '0'"),
        ("7", "1 -3", "'-3'"),
        ("8", "5 1 6", "pile size '6'"),
        ("8", "5 2 1", "missing pile size"),
        ("8", "x", "invalid n 'x'"),
        ("10", "0", "invalid m '0'"),
        ("10", "2 1", "missing Grundy value"),
        ("10", "2 1 z", "'z'"),
        ("11", "1 2 1", "missing n"),
        ("11", "1 2 0", "invalid Q '0'"),
        ("11", "1 2000000 1 5", "element of S '2000000'"),
        ("12", "2 5", "missing pile size"),
        ("12", "1 +5", "'+5'"),
        ("13", "", "missing m"),
        ("13", "1 1 1", "extra token"),
        ("14", "", "missing row of coins"),
        ("14", "HTX", "coin 3 'X'"),
        ("14", "HT TH", "extra token 'TH'"),
        ("15", "impartial", "'impartial'"),
        ("15", "fun=yes", "'fun'"),
        ("15", "loopy=perhaps", "'perhaps'"),
        ("15", "loopy=no loopy=no", "given before"),
    ];
    for (number, stdin, needle) in cases {
        let message = task_error(&[number], stdin);
        assert!(
            message.contains(needle),
            "task {number} on {stdin:?}: {message}"
        );
    }
    assert!(task_error(&["16"], "").contains("'16'"));
    assert!(task_error(&["x"], "").contains("a number from 1 to 15, or B"));
    assert!(task_error(&["3", "--plot", "a.svg"], "").contains("task B only"));
    assert!(task_error(&["B", "--max-m", "0"], "").contains("--max-m"));
    assert!(task_error(&["B", "--budget-seconds", "soon"], "").contains("'soon'"));
    assert!(task_error(&["B", "--budget-seconds", "-1"], "").contains("'-1'"));
    // A 10^6-digit token makes a short message.
    let long = format!("1 {}x", "9".repeat(1_000_000));
    assert!(task_error(&["1"], &long).contains("1000001 characters"));
}

#[test]
fn non_utf8_input_is_an_input_error() {
    let output = Command::cargo_bin("nimlab")
        .unwrap()
        .args(["task", "1"])
        .write_stdin(vec![0xff, 0xfe])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}
