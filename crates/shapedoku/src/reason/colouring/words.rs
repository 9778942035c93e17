//! Colourings in words: remote pairs, simple colours, multi-colours and 3D Medusa, each naming
//! its two colours. The searches hold no words; these are the text, compact and teaching forms
//! of their deductions (see `explain`).

use crate::reason::explain::phrases::{
    and_list, article, candidates_said, cell, cells, compress_cells, sym, symbol_list, syms,
};
use crate::reason::step::{Candidate, Deduction, MedusaClash, Step};
use crate::{CellId, Geometry, Symbol, SymbolSet};

/// The reason part of the text form.
pub(crate) fn reason(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::RemotePair { symbols, cells: cs } => format!(
            "remote pair {}: {} hold only {} and alternate along the chain, so a cell seeing two of them an odd number of links apart sees both values",
            syms(g, *symbols, "/"),
            and_list(&cells(g, cs)),
            and_list(&symbol_list(g, *symbols)),
        ),
        Deduction::SimpleColours {
            symbol,
            colours,
            wrap,
        } => colouring(g, *symbol, colours, *wrap),
        Deduction::MultiColours {
            symbol,
            networks,
            both_seen,
        } => multi_colours(g, *symbol, networks, *both_seen),
        Deduction::Medusa { colours, clash } => medusa(g, colours, clash.as_ref()),
        _ => return None,
    })
}

/// What the compact form names between the technique and the results: the colours.
pub(crate) fn compact(g: &Geometry, d: &Deduction) -> Option<Option<String>> {
    Some(Some(match d {
        Deduction::RemotePair { symbols, cells } => format!(
            "{} {}",
            syms(g, *symbols, "/"),
            cells
                .iter()
                .map(|&c| cell(g, c))
                .collect::<Vec<_>>()
                .join(" -")
        ),
        Deduction::SimpleColours {
            symbol, colours, ..
        } => format!(
            "{} ({}) / ({})",
            sym(g, *symbol),
            compress_cells(g, &colours[0]),
            compress_cells(g, &colours[1])
        ),
        Deduction::MultiColours {
            symbol, networks, ..
        } => format!(
            "{} ({}) / ({}), ({}) / ({})",
            sym(g, *symbol),
            compress_cells(g, &networks[0][0]),
            compress_cells(g, &networks[0][1]),
            compress_cells(g, &networks[1][0]),
            compress_cells(g, &networks[1][1])
        ),
        Deduction::Medusa { colours, .. } => {
            let side = |cs: &[Candidate]| {
                cs.iter()
                    .map(|c| format!("({}){}", sym(g, c.symbol), cell(g, c.cell)))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            format!("{} / {}", side(&colours[0]), side(&colours[1]))
        }
        _ => return None,
    }))
}

/// Why the step holds (the teaching form).
pub(crate) fn why(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::RemotePair { symbols, cells: cs } => remote_pair_why(g, *symbols, cs),
        Deduction::SimpleColours {
            symbol,
            colours,
            wrap,
        } => colours_why(g, *symbol, colours, *wrap),
        Deduction::MultiColours {
            symbol,
            networks,
            both_seen,
        } => multi_colours_why(g, *symbol, networks, *both_seen),
        Deduction::Medusa { colours, clash } => medusa_why(g, colours, clash.as_ref()),
        _ => return None,
    })
}

/// `simple colours on 5: strong links split its places into r1c1, r6c5 and r1c5, r4c4, ...`.
fn colouring(g: &Geometry, symbol: Symbol, colours: &[Vec<CellId>; 2], wrap: bool) -> String {
    let v = sym(g, symbol);
    let (a, b) = (
        and_list(&cells(g, &colours[0])),
        and_list(&cells(g, &colours[1])),
    );
    let tail = if wrap {
        format!("one side puts {v} twice in a house, so none of its cells is {v}")
    } else {
        format!("one side is {v}, so a cell seeing both sides loses it")
    };
    format!(
        "simple colours on {v}: strong links split its places into {a} and {b}, which alternate; {tail}"
    )
}

/// `multi colours on 5: strong links split its places into r1c1 | r1c5 and into r2c2 | r8c2;
/// where a side of one sees a side of the other ...`.
fn multi_colours(
    g: &Geometry,
    symbol: Symbol,
    networks: &[[Vec<CellId>; 2]; 2],
    both_seen: bool,
) -> String {
    let v = sym(g, symbol);
    let side = |k: usize, c: usize| and_list(&cells(g, &networks[k][c]));
    let tail = if both_seen {
        format!(
            "{} sees both sides of the second, so it is not {v}",
            side(0, 0)
        )
    } else {
        format!(
            "where a side of one sees a side of the other (as {} sees {}), the two are not both {v}, so one of the sides opposite them is, and a cell seeing both of those loses {v}",
            side(0, 0),
            side(1, 0)
        )
    };
    format!(
        "multi colours on {v}: strong links split its places into {} | {} and into {} | {}; {tail}",
        side(0, 0),
        side(0, 1),
        side(1, 0),
        side(1, 1)
    )
}

/// Why a colour of a 3D Medusa is false: `puts 1 in r1c1 and r1c6, which see each other`.
fn medusa_clash(g: &Geometry, clash: &MedusaClash) -> String {
    match clash {
        MedusaClash::Cell { cell: c } => {
            format!("puts two of its candidates in {}", cell(g, *c))
        }
        MedusaClash::Sight {
            cells: [a, b],
            symbol,
        } => format!(
            "puts {} in both {} and {}, which see each other",
            sym(g, *symbol),
            cell(g, *a),
            cell(g, *b)
        ),
        MedusaClash::Emptied { cell: c } => {
            format!("would leave {} without a candidate", cell(g, *c))
        }
    }
}

/// `3D Medusa: strong links split 1 in r1c1, ... from 2 in r1c1, ...; ...`.
fn medusa(g: &Geometry, colours: &[Vec<Candidate>; 2], clash: Option<&MedusaClash>) -> String {
    let (a, b) = (
        candidates_said(g, &colours[0]),
        candidates_said(g, &colours[1]),
    );
    let tail = match clash {
        Some(why) => format!("the first side {}, so it is false", medusa_clash(g, why)),
        None => "one side is true, so a candidate that either side would remove goes".into(),
    };
    format!(
        "3D Medusa: strong links in houses and cells split {a} from {b}, which alternate; {tail}"
    )
}

fn remote_pair_why(g: &Geometry, symbols: SymbolSet, cs: &[CellId]) -> String {
    let vs = symbol_list(g, symbols);
    format!(
        "{} all hold only {} and each sees the next, so along the chain they alternate; two of them an odd number of links apart hold one {} each, so a cell seeing both can be neither.",
        and_list(&cells(g, cs)),
        and_list(&vs),
        and_list(&vs)
    )
}

fn colours_why(g: &Geometry, symbol: Symbol, colours: &[Vec<CellId>; 2], wrap: bool) -> String {
    let v = sym(g, symbol);
    let av = article(v);
    let (a, b) = (
        and_list(&cells(g, &colours[0])),
        and_list(&cells(g, &colours[1])),
    );
    let head = format!(
        "Strong links (houses with only two places for {v}) join {a} and {b}, and along them {v} alternates: either every cell of the first colour is {v} or every cell of the second."
    );
    if wrap {
        format!(
            "{head} One colour puts {v} twice in one house, so it cannot be the true one: its cells lose {v}."
        )
    } else {
        format!(
            "{head} A cell that sees cells of both colours sees {av} either way, so it is not {v}."
        )
    }
}

fn multi_colours_why(
    g: &Geometry,
    symbol: Symbol,
    networks: &[[Vec<CellId>; 2]; 2],
    both_seen: bool,
) -> String {
    let v = sym(g, symbol);
    let net = |n: &[Vec<CellId>; 2]| {
        format!(
            "{} against {}",
            and_list(&cells(g, &n[0])),
            and_list(&cells(g, &n[1]))
        )
    };
    let head = format!(
        "Two separate networks of strong links on {v} each split into two colours, one of which holds every {v} of its network: {} in the first, {} in the second.",
        net(&networks[0]),
        net(&networks[1])
    );
    if both_seen {
        format!(
            "{head} A colour of the first network sees both colours of the second, one of which is true, so that colour cannot be true: its cells lose {v}."
        )
    } else {
        format!(
            "{head} A colour of each network see each other, so at most one of them is true and the other colour of one network is; a cell that sees both of those other colours is not {v}."
        )
    }
}

fn medusa_why(g: &Geometry, colours: &[Vec<Candidate>; 2], clash: Option<&MedusaClash>) -> String {
    let head = format!(
        "Strong links join candidates where a house has only two places for a symbol (one of them is it) and where a cell has only two candidates (one of them is its value); along them truth alternates, so either {} are all true or {} are.",
        candidates_said(g, &colours[0]),
        candidates_said(g, &colours[1])
    );
    match clash {
        Some(why) => format!(
            "{head} The first colour {}, which no solution allows, so it is the false one and its candidates go.",
            medusa_clash(g, why)
        ),
        None => format!(
            "{head} A candidate that sees a candidate of each colour on its symbol, or shares its cell with one colour and sees the other, or shares it with both, is removed whichever colour is true."
        ),
    }
}
