//! Reading the variant corpus (`../shared/data/variants/`, format `variant-holdout/1`: one JSON
//! file per puzzle, every region listed as cells) into a puzzle and its stated solution. Shared
//! by the examples that time the corpus (`quickbench`, `issbench`), which include this file.

use serde_json::Value;
use shapedoku::pos::parse_cell_list;
use shapedoku::{GeometryBuilder, Pos, Puzzle, Rule, ShapeKind, Symbols};
use std::path::Path;
use std::sync::Arc;

fn strings(v: &Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// The puzzle in `path`: its id, the puzzle, and its solution (a symbol index per cell).
pub fn load_json(path: &Path) -> (String, Puzzle, Vec<u8>) {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let symbols = Symbols::new(v["symbols"].as_str().unwrap().chars()).unwrap();
    let givens = strings(&v, "givens");
    let solution = strings(&v, "solution");
    let mut b = GeometryBuilder::new("corpus", symbols.clone());
    for (r, row) in givens.iter().enumerate() {
        b.cells(
            row.chars()
                .enumerate()
                .filter(|x| x.1 != '#')
                .map(|(c, _)| Pos::new(r as u32 + 1, c as u32 + 1)),
        );
    }
    let cells = |s: &Value| -> Vec<Pos> {
        s["cells"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| parse_cell_list(c.as_str().unwrap()).unwrap())
            .collect()
    };
    for r in v["regions"].as_array().unwrap() {
        b.shape(
            r["name"].as_str().unwrap_or("region"),
            ShapeKind::Region,
            cells(r),
            Rule::NoRepeat,
        );
    }
    for c in v
        .get("cages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let total = c["sum"].as_i64().unwrap();
        b.shape(
            "cage",
            ShapeKind::Cage,
            cells(c),
            Rule::Sum {
                total,
                distinct: true,
            },
        );
    }
    let g = Arc::new(b.build().unwrap());
    let mut given = vec![None; g.cell_count()];
    let mut sol = vec![0; g.cell_count()];
    for (r, (gr, sr)) in givens.iter().zip(&solution).enumerate() {
        for (c, (gc, sc)) in gr.chars().zip(sr.chars()).enumerate() {
            if let Some(cell) = g.cell_at(Pos::new(r as u32 + 1, c as u32 + 1)) {
                given[cell] = (gc != '.').then(|| symbols.index_of(gc).unwrap());
                sol[cell] = symbols.index_of(sc).unwrap();
            }
        }
    }
    (
        v["id"].as_str().unwrap().to_string(),
        Puzzle::new(g, given).unwrap(),
        sol,
    )
}
