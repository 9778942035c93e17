//! The baseline side of a CLI comparison: what `shapedoku solve -j1 --count 2 FILE` does on a
//! file of classic puzzle lines (read, solve counting to 2, print the count and the first
//! solution, line by line), done with the `sudoku` crate (a JCZSolve port). Time both as whole
//! processes in the same run:
//!
//! ```sh
//! cargo build --release --example crate_baseline -p shapedoku
//! /usr/bin/time -f "%U %S" target/release/examples/crate_baseline FILE > /dev/null
//! /usr/bin/time -f "%U %S" target/release/shapedoku solve -j1 --count 2 FILE > /dev/null
//! ```
use std::io::{BufRead, BufWriter, Write};
use sudoku::Sudoku;

fn main() -> std::io::Result<()> {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: crate_baseline FILE");
        std::process::exit(2);
    };
    let file = std::io::BufReader::new(std::fs::File::open(path)?);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for line in file.lines() {
        let line = line?;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let Ok(s) = Sudoku::from_str_line(t) else {
            writeln!(out, "error")?;
            continue;
        };
        let mut first = [[0u8; 81]];
        match s.solutions_up_to_buffer(&mut first, 2) {
            0 => writeln!(out, "0 no solution")?,
            n => {
                let sol: String = first[0].iter().map(|&d| char::from(b'0' + d)).collect();
                let n = if n >= 2 { "2+" } else { "1" };
                writeln!(out, "{n} {sol}")?;
            }
        }
    }
    out.flush()
}
