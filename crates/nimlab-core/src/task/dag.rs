//! Task 4: `V E u1 v1 ..` → every vertex's Grundy value, then the losing vertices.

use super::line_of;
use crate::error::Error;
use crate::families::graph::{Kind, TokenGraph};
use crate::num::to_u64;

/// Line 1: the V Grundy values; line 2: the vertices of value 0, ascending (an
/// empty line if there are none). A cycle is an input error naming a vertex on it.
pub fn run(text: &str) -> Result<String, Error> {
    let dag = TokenGraph::parse(text, "standard input", Kind::Dag)?;
    let values: Vec<u32> = dag
        .values()
        .iter()
        .map(|g| to_u64(g.finite().expect("a DAG's values are finite")).expect("u32") as u32)
        .collect();
    let losing: Vec<u32> = (0..values.len() as u32)
        .filter(|&v| values[v as usize] == 0)
        .collect();
    Ok(line_of(&values) + &line_of(&losing))
}
