//! Boards drawn as text for the terminal: one drawing per kind of
//! [`Board`] the core gives.

use nimlab_core::Nat;
use nimlab_core::num::to_u64;
use nimlab_core::protocol::board::{Board, Flip};
use nimlab_core::text::draw_count;

/// Plane positions with both coordinates at most this are drawn as a grid.
const GRID: u64 = 12;

/// Rows of coins up to this long are drawn with their numbers.
const NUMBERED_COINS: usize = 30;

/// The board as lines of text.
pub fn draw(board: &Board) -> String {
    match board {
        Board::Heaps { heaps, heap, token } => draw_heaps(heaps, heap, token),
        Board::Pins { rows } => draw_pins(rows),
        Board::Pot { tokens, .. } => draw_count(tokens, "token", "tokens"),
        Board::Pile {
            count,
            noun,
            plural,
            most,
            forbidden,
        } => {
            let pile = draw_count(count, noun, plural);
            match (most, forbidden) {
                (Some(most), _) => format!("{pile}; the player to move may take 1 to {most}."),
                (None, Some(last)) => {
                    format!("{pile}; the opponent just took {last}, which may not be taken now.")
                }
                (None, None) => pile,
            }
        }
        Board::Coins { coins } => draw_coins(coins),
        Board::Stairs { steps } => {
            let mut lines: Vec<String> = steps
                .iter()
                .enumerate()
                .rev()
                .map(|(i, c)| format!("step {}: {}", i + 1, draw_count(c, "coin", "coins")))
                .collect();
            lines.push("(floor)".to_string());
            lines.join("\n")
        }
        Board::Plane {
            x,
            y,
            reaching_origin_wins,
            flip,
        } => {
            let plane = draw_plane(x, y);
            match flip {
                None => plane,
                Some(flip) => format!("{plane}\n{}", goal_line(*reaching_origin_wins, flip)),
            }
        }
        Board::Graph { tokens, .. } => tokens
            .iter()
            .enumerate()
            .map(|(i, token)| {
                let next: Vec<String> = token.moves_to.iter().map(|w| w.to_string()).collect();
                let moves = if next.is_empty() {
                    "no moves".to_string()
                } else {
                    format!("moves to {}", next.join(", "))
                };
                format!("token {} on vertex {} ({moves})", i + 1, token.vertex)
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Board::Sum { parts } => parts
            .iter()
            .enumerate()
            .map(|(i, part)| {
                let board = draw(&part.board);
                let indented: Vec<String> = board.lines().map(|l| format!("  {l}")).collect();
                format!("game {} ({}):\n{}", i + 1, part.game, indented.join("\n"))
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Board::Text { text } => text.clone(),
    }
}

/// One heap as a count; several, one per line with its number.
fn draw_heaps(heaps: &[Nat], heap: &str, token: &str) -> String {
    let plural = format!("{token}s");
    if let [n] = heaps {
        return draw_count(n, token, &plural);
    }
    heaps
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{heap} {}: {}", i + 1, draw_count(n, token, &plural)))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Rows of pins, each pin under its number (the numbers a move uses), or counted for
/// long rows.
fn draw_pins(rows: &[Nat]) -> String {
    let mut lines = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let label = if rows.len() == 1 {
            "pins:".to_string()
        } else {
            format!("row {}:", i + 1)
        };
        match to_u64(row).filter(|&n| n as usize <= NUMBERED_COINS) {
            Some(0) => lines.push(format!("{label} empty")),
            Some(n) => {
                let width = n.to_string().len();
                let numbers: Vec<String> = (1..=n).map(|p| format!("{p:>width$}")).collect();
                let pins: Vec<String> = (1..=n).map(|_| format!("{:>width$}", "●")).collect();
                lines.push(format!("{label} {}", numbers.join(" ")));
                lines.push(format!(
                    "{:width$} {}",
                    "",
                    pins.join(" "),
                    width = label.len()
                ));
            }
            None => lines.push(format!("{label} {}", draw_count(row, "pin", "pins"))),
        }
    }
    lines.join("\n")
}

/// A row of coins: faces under their numbers, or just the faces for long rows.
fn draw_coins(coins: &[bool]) -> String {
    let faces: Vec<&str> = coins.iter().map(|&h| if h { "H" } else { "T" }).collect();
    if coins.len() > NUMBERED_COINS {
        return faces.concat();
    }
    let numbers: Vec<String> = (1..=coins.len()).map(|i| format!("{i:>2}")).collect();
    let faces: Vec<String> = faces.iter().map(|f| format!("{f:>2}")).collect();
    format!("coin {}\nface {}", numbers.join(" "), faces.join(" "))
}

/// Near the end (both coordinates at most [`GRID`]) a small grid with the token ●
/// and the goal ◎ at (0,0); further out, the point in words.
fn draw_plane(x: &Nat, y: &Nat) -> String {
    let (Some(tx), Some(ty)) = (to_u64(x), to_u64(y)) else {
        return format!("The token is at ({x},{y}).");
    };
    if tx > GRID || ty > GRID {
        return format!("The token is at ({x},{y}).");
    }
    let mut lines = Vec::new();
    for row in (0..=ty).rev() {
        let cells: Vec<&str> = (0..=tx)
            .map(|column| match (column, row) {
                _ if (column, row) == (tx, ty) => "●",
                (0, 0) => "◎",
                _ => "·",
            })
            .collect();
        lines.push(format!("{row:>3} {}", cells.join(" ")));
    }
    let columns: Vec<String> = (0..=tx).map(|c| (c % 10).to_string()).collect();
    lines.push(format!("    {}", columns.join(" ")));
    lines.push(format!("The token is at ({x},{y}); ◎ marks (0,0)."));
    lines.join("\n")
}

/// The flip-flop game's goal and flip, in a sentence.
fn goal_line(reaching_origin_wins: bool, flip: &Flip) -> String {
    let goal = if reaching_origin_wins {
        "reaching (0,0) wins"
    } else {
        "reaching (0,0) loses"
    };
    let flip = if flip.available {
        format!(
            "the goal may still be flipped once, with a move, while the coordinates differ by \
             at least {}",
            flip.threshold
        )
    } else {
        "the goal can no longer be flipped".to_string()
    };
    format!("Goal: {goal}; {flip}.")
}
