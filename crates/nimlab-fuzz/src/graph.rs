//! Graph files: the text of a `dag:FILE` or `graph:FILE` file, as the command line
//! reads it and the server receives it.

use crate::QUESTION_TIME;
use nimlab_core::registry::Spec;
use nimlab_core::{Budget, Convention};

/// The positions asked about on every graph that reads: one token, two, three.
const POSITIONS: [&str; 3] = ["0", "1 0", "2 1 2"];

/// The file's text, read as a `dag:` and as a `graph:` game within a question's
/// budget, as the command line reads a file a spec names; on each graph that
/// reads, the values of its first vertices, and a few positions analyzed in both
/// conventions within a short time.
pub fn graph(data: &[u8]) {
    let Some(text) = crate::text(data) else {
        return;
    };
    for family in ["dag", "graph"] {
        let spec: Spec = format!("{family}:fuzz.txt")
            .parse()
            .expect("a graph's spec");
        let budget = Budget::question(Some(QUESTION_TIME));
        let Ok(game) = spec.build(&|_| Ok(text.to_string()), &budget) else {
            continue;
        };
        game.vertex_values(16);
        for position in POSITIONS {
            let Ok(position) = game.parse_position(position) else {
                continue;
            };
            game.legal_moves(&position, 8);
            for convention in [Convention::Normal, Convention::Misere] {
                let budget = Budget::question(Some(QUESTION_TIME));
                let _ = game.analyze(&position, convention, 8, &budget);
            }
        }
    }
}
