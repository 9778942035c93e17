//! The steps of sum cages and other rules in words: rule eliminations, cage combinations, cage
//! overlaps, innies and outies. The searches hold no words; these are the text, compact and
//! teaching forms of their deductions (see `explain`).

use crate::reason::basics::words::overlap;
use crate::reason::explain::phrases::{
    and_list, article, candidates, candidates_said, cells, compress_cells, label, or_list, set,
    shapes_label, short, sym, symbol_list, syms,
};
use crate::reason::step::{
    Broken, Candidate, ChainEnd, Deduction, RuleLink, RuleReason, RuleRef, Step,
};
use crate::{CellId, Geometry, ShapeId, Symbol, SymbolSet};

/// The reason part of the text form.
pub(crate) fn reason(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::RuleElimination {
            rule,
            cells,
            reason,
        } => format!("{}: {}", rule_part(g, *rule, cells), rule_reason(g, reason)),
        Deduction::CageOverlap {
            symbol,
            source,
            target,
        } => overlap(g, None, *symbol, *source, *target),
        Deduction::CageCombination { cage, combos } => combinations(g, *cage, combos),
        Deduction::RuleForcingChain {
            assumed,
            links,
            end,
        } => format!(
            "{}rule forcing chain, {}",
            if links.iter().any(RuleLink::is_nested) {
                "nested "
            } else {
                ""
            },
            rule_chain(g, *assumed, links, end)
        ),
        Deduction::Innies {
            houses,
            cages,
            cells: cs,
            total,
        } => innies(g, houses, cages, cs, *total),
        _ => return None,
    })
}

/// What the compact form names between the technique and the results.
pub(crate) fn compact(g: &Geometry, d: &Deduction) -> Option<Option<String>> {
    Some(Some(match d {
        Deduction::CageOverlap {
            symbol,
            source,
            target,
        } => format!(
            "{} in {} ∩ {}",
            sym(g, *symbol),
            short(g, *source),
            short(g, *target)
        ),
        Deduction::CageCombination { cage, combos } => format!(
            "{}: {}",
            short(g, *cage),
            combos
                .iter()
                .map(|s| syms(g, *s, ""))
                .collect::<Vec<_>>()
                .join("|")
        ),
        Deduction::Innies { cells, total, .. } => {
            format!("{} = {total}", compress_cells(g, cells))
        }
        Deduction::RuleForcingChain { assumed, links, .. } => format!(
            "{}={} ⇒ {} links ⇒ contradiction",
            cells(g, &[assumed.cell]).concat(),
            sym(g, assumed.symbol),
            links.len()
        ),
        Deduction::RuleElimination {
            rule,
            cells,
            reason,
        } => format!("{}: {}", rule_part(g, *rule, cells), rule_reason(g, reason)),
        _ => return None,
    }))
}

/// Why the step holds (the teaching form).
pub(crate) fn why(g: &Geometry, step: &Step) -> Option<String> {
    Some(match &step.deduction {
        Deduction::RuleElimination {
            rule,
            cells,
            reason,
        } => format!(
            "The rule {} allows no placement that uses {}: {}; each would break it, so they go.",
            rule_part(g, *rule, cells),
            and_list(&candidates(g, &step.eliminations)),
            rule_reason(g, reason)
        ),
        Deduction::CageOverlap {
            symbol,
            source,
            target,
        } => cage_overlap(g, step, *symbol, *source, *target),
        Deduction::CageCombination { cage, combos } => combinations_why(g, *cage, combos),
        Deduction::RuleForcingChain {
            assumed,
            links,
            end,
        } => format!(
            "Were {c} {v}, the singles and the rules' own deductions would follow one from another ({} links, each with its reason{}) until a contradiction: {}. An assumption that ends in a contradiction is false, so {c} is not {v}.",
            links.len(),
            if links.iter().any(RuleLink::is_nested) {
                "; where they came to rest, one end of a strong link (a cell with two candidates, a symbol with two places in a house) goes because its own chain, in brackets, ends in a contradiction"
            } else {
                ""
            },
            rule_chain(g, *assumed, links, end),
            c = cells(g, &[assumed.cell]).concat(),
            v = sym(g, assumed.symbol)
        ),
        Deduction::Innies {
            houses,
            cages,
            cells: cs,
            total,
        } => innies_why(g, houses, cages, cs, *total),
        _ => return None,
    })
}

/// Why a rule removes candidates, in words: one arm per reason, so a reason added without
/// words does not compile.
fn rule_reason(g: &Geometry, r: &RuleReason) -> String {
    let one = |c: CellId| cells(g, &[c]).concat();
    let many = |cs: &[CellId]| and_list(&cells(g, cs));
    match r {
        RuleReason::Whole => {
            "with the candidates its cells have left, no placement of the rule uses them".into()
        }
        RuleReason::Partner { partner } => {
            format!("no candidate of {} goes with them", one(*partner))
        }
        RuleReason::NoPartnerValue => "no symbol is far enough from them".into(),
        RuleReason::SamePartner { left, right } => format!(
            "each would need one and the same value in {} and {}, which see each other",
            one(*left),
            one(*right)
        ),
        RuleReason::PairNeeds { value, pair } => format!(
            "every pair left in {} and {} holds {}, and the cell sees both",
            one(pair[0]),
            one(pair[1]),
            syms(g, *value, "")
        ),
        RuleReason::ClassShort { class, cells: cs } => format!(
            "{} would need more different values of {} than their candidates have",
            many(cs),
            set(g, *class)
        ),
        RuleReason::LineClasses { classes, position } => format!(
            "the cells at its place along the line (place {} of every three) can only take class {}",
            position + 1,
            (0..3)
                .filter(|k| classes[*position as usize % 3] >> k & 1 == 1)
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
                .join(" or ")
        ),
        RuleReason::LineRepeat { cell } => format!("{} holds it already", one(*cell)),
        RuleReason::RenbanRuns { runs } => format!(
            "the runs left start at {}, and none holds them",
            or_list(&symbol_list(g, *runs))
        ),
        RuleReason::RenbanNeeds {
            value,
            runs,
            holders,
        } => format!(
            "every run left (starting at {}) needs {}, which only {} can hold",
            or_list(&symbol_list(g, *runs)),
            syms(g, *value, ""),
            or_list(&cells(g, holders))
        ),
        RuleReason::RenbanNoRoom { runs } => format!(
            "the other cells could not hold the rest of any run left (starting at {})",
            or_list(&symbol_list(g, *runs))
        ),
        RuleReason::BetweenRange { ends } => format!(
            "they are not between the candidates of the ends {} and {}",
            one(ends[0]),
            one(ends[1])
        ),
        RuleReason::BetweenEnd { other } => format!(
            "no candidate of the other end {} leaves the middle cells room",
            one(*other)
        ),
        RuleReason::RunSums { before, after } => format!(
            "the run open before the cell adds up to {} so far, and with them it would reach none of the sums ({}) from which the rest of the line splits into runs of its total",
            or_list(&sums(*before)),
            and_list(&sums(*after))
        ),
        RuleReason::SequenceStates {
            before,
            after,
            names,
        } => format!(
            "from the states reachable before the cell ({}) they lead to none the rest can finish from ({})",
            states(*before, names),
            states(*after, names)
        ),
        RuleReason::SumCombinations {
            group,
            targets,
            combos,
        } => format!(
            "to reach {}, {} can only be {}",
            or_list(&targets.iter().map(i64::to_string).collect::<Vec<_>>()),
            many(group),
            or_list(&combos.iter().map(|c| set(g, *c)).collect::<Vec<_>>())
        ),
        RuleReason::SumNeeds {
            group,
            needed,
            holders,
            house,
        } => format!(
            "every combination left to {} needs {}, which only {} can hold, all in {}",
            many(group),
            sym(g, *needed),
            or_list(&cells(g, holders)),
            label(g, *house)
        ),
        RuleReason::SumBounds { low, high } => {
            format!("the sum's other cells leave it only {low} to {high}")
        }
        RuleReason::ThermoFloor { previous, floor } => format!(
            "it comes after {} on the thermometer, so it is at least {floor}",
            one(*previous)
        ),
        RuleReason::ThermoCeiling { next, ceiling } => format!(
            "it comes before {} on the thermometer, so it is at most {ceiling}",
            one(*next)
        ),
        RuleReason::RelationTuples { fitting } => format!(
            "of the rule's allowed rows, the {fitting} that still fit the candidates never put it there"
        ),
        RuleReason::CellAllows { allowed } => {
            format!("the rule allows only {} in it", set(g, *allowed))
        }
        RuleReason::Below { other, than } => format!(
            "it must be less than {}, which is at most {than}",
            one(*other)
        ),
        RuleReason::Above { other, than } => format!(
            "it must be greater than {}, which is at least {than}",
            one(*other)
        ),
        RuleReason::Needs {
            value,
            times,
            holders,
        } => format!(
            "the rule's cells must hold {}{}, and only {} can",
            sym(g, *value),
            if *times > 1 {
                format!(" {times} times")
            } else {
                String::new()
            },
            or_list(&cells(g, holders))
        ),
        RuleReason::LastPlace { group } => format!(
            "the group {} holds every symbol once, and no other of its cells can hold it",
            compress_cells(g, group)
        ),
        RuleReason::SandwichSpans { spans } => format!(
            "the line holds each value once, so the crusts can only be {}, and none of these puts them there",
            crusts_said(g, spans)
        ),
        RuleReason::XSumSpans { spans } => format!(
            "the line holds each value once, so its first cells can only be {}, and none of these puts them there",
            spans_said(g, spans, |ends, hold, sets| format!(
                "{} = {} with {} after it up to {}",
                one(ends[0]),
                syms(g, hold, "/"),
                sets,
                one(ends[1])
            ))
        ),
        RuleReason::ClueNumbers { numbers, clue } => {
            if numbers.is_empty() {
                format!(
                    "with any of them there, the line could not give {clue} or any other number"
                )
            } else {
                format!(
                    "with any of them there, the line could only give {}, not {clue}",
                    or_list(&numbers.iter().map(i64::to_string).collect::<Vec<_>>())
                )
            }
        }
        RuleReason::RellikSums { solved } if solved.is_empty() => {
            "each is the cage's total on its own, and no subset of the cage may add up to it".into()
        }
        RuleReason::RellikSums { solved } => format!(
            "with some of the values {} hold (solved, a naked subset of the cage, or a house's only places for a value) they would add up to the cage's total, which no subset of the cage may",
            many(solved)
        ),
        RuleReason::LockoutRange { ends } => format!(
            "no pair of values the ends {} and {} can hold, far enough apart, allows them: the cells between must stay outside the ends' range",
            one(ends[0]),
            one(ends[1])
        ),
        RuleReason::FlatmateNone => "neither can the cell above hold the smallest value nor the cell below the largest, and the middle value needs one of those flatmates".into(),
        RuleReason::FlatmateNeeded { middle } => format!(
            "{} holds the middle value and this cell is the only flatmate it has left",
            one(*middle)
        ),
        RuleReason::SquareClasses { square } => format!(
            "the 2x2 square {} must hold a value of each of the three classes, and no way of covering them gives the cell their class",
            many(square)
        ),
        RuleReason::ChaosClueRange { lo, hi } => format!(
            "the clue reads its own cell and at most the cells it names, never more than a region's size, so at most {hi}{}",
            if *lo > 1 {
                format!(", and it reads every cell beside it, one of which its region reaches, so at least {lo}")
            } else {
                String::new()
            }
        ),
        RuleReason::CountDistinctRange { lo, hi } if lo == hi => format!(
            "the counted cells can only hold {lo} different values between them"
        ),
        RuleReason::CountDistinctRange { lo, hi } => format!(
            "the counted cells hold at least {lo} and at most {hi} different values between them"
        ),
        RuleReason::CountRegionsRange { lo, hi } if lo == hi => format!(
            "the counted cells can only lie in {lo} different regions"
        ),
        RuleReason::CountRegionsRange { lo, hi } => format!(
            "the counted cells lie in at least {lo} and at most {hi} different regions (a region holds every digit once, so cells with the same digit lie in different regions, and there are only so many regions)"
        ),
        RuleReason::CountDistinctMost { most } => format!(
            "with it the counted cells would hold more than {most} different values, the most the control cell allows"
        ),
        RuleReason::CountDistinctLeast { least } => format!(
            "with it the counted cells could not hold {least} different values, the fewest the control cell allows"
        ),
        RuleReason::RoomNoClue => "the cell each of them names, counted from the clue, cannot hold the clue's value".into(),
        RuleReason::RoomTarget { first } => format!(
            "every value {} can hold names this cell, which must then hold the clue's value",
            one(*first)
        ),
        RuleReason::CircleCount { holders } => format!(
            "a circled N needs exactly N circles holding N, and for this value those are {}",
            many(holders)
        ),
        RuleReason::SameValuesAbsent { cells } => format!(
            "every set holds the same values, and no cell of {} can hold them",
            many(cells)
        ),
        RuleReason::SameValuesCount {
            count,
            held,
            places,
        } if held == places => format!(
            "every set holds this value equally often, and the set {} holds it {} with no other place for it, so every set holds it exactly {}",
            many(held),
            times(*count),
            times(*count)
        ),
        RuleReason::SameValuesCount {
            count,
            held,
            places,
        } => format!(
            "every set holds this value equally often: the set {} already holds it {}, and the set {} has room for it only {}, so every set holds it exactly {}",
            many(held),
            times(*count),
            many(places),
            times(*count),
            times(*count)
        ),
        RuleReason::CircleSets { circles } => format!(
            "the circled values, each held as often as itself, must fill all {circles} circles, and no set of values that can do so uses them"
        ),
        RuleReason::CircleHouses { house } => format!(
            "the value must be circled as often as itself, at most once in each house like {}, and only that many of those houses have a circle that can hold it: {} holds it in a circle",
            label(g, *house),
            label(g, *house)
        ),
        RuleReason::LunchboxSpans { spans } => format!(
            "its smallest and largest values can only be {}, and none of these puts them there",
            crusts_said(g, spans)
        ),
        RuleReason::OrderFloor { below, greatest } => format!(
            "it is above {} on the thermometers, which all hold different values, so the greatest of them is at least {greatest} and it is more",
            many(below)
        ),
        RuleReason::Alternatives { refuted } if refuted.is_empty() => {
            "none of its alternatives allows it here".into()
        }
        RuleReason::Alternatives { refuted } => format!(
            "{} can no longer hold, and none of the other alternatives allows it here",
            alternatives_said(refuted)
        ),
        RuleReason::LoopCuts { refuted } if refuted.is_empty() => {
            "no way of cutting the loop into runs that each add up to its total allows it here"
                .into()
        }
        RuleReason::LoopCuts { refuted } => format!(
            "a run can no longer start at {}, and no other way of cutting the loop into runs that each add up to its total allows it here",
            or_list(&cells(g, refuted))
        ),
        RuleReason::OrderCeiling { above, least } => format!(
            "it is below {} on the thermometers, which all hold different values, so the least of them is at most {least} and it is less",
            many(above)
        ),
    }
}

/// The placements of an outside clue's bounding cells, those with the same two cells and
/// symbols said once with their sets: `at r1c2 and r1c5 (1,9) with {3,4} or {2,5} between`.
fn spans_said(
    g: &Geometry,
    spans: &[crate::reason::ClueSpan],
    each: impl Fn([CellId; 2], SymbolSet, String) -> String,
) -> String {
    let mut said: Vec<String> = Vec::new();
    let mut i = 0;
    while i < spans.len() {
        let (ends, hold) = (spans[i].ends, spans[i].ends_hold);
        let mut sets = Vec::new();
        while i < spans.len() && spans[i].ends == ends && spans[i].ends_hold == hold {
            let m = spans[i].inside;
            sets.push(if m.0 == 0 {
                "nothing".to_string()
            } else {
                set(g, m)
            });
            i += 1;
        }
        said.push(each(ends, hold, or_list(&sets)));
    }
    if said.is_empty() {
        "nowhere".into()
    } else {
        or_list(&said)
    }
}

/// Where a sandwich's or a lunchbox's crusts can be, with the sets between them: `at r1c2 and
/// r1c5 (1,9) with {3,4} or {2,5} between`.
fn crusts_said(g: &Geometry, spans: &[crate::reason::ClueSpan]) -> String {
    spans_said(g, spans, |ends, hold, sets| {
        format!(
            "at {} and {} ({}) with {} between",
            cells(g, &ends[..1]).concat(),
            cells(g, &ends[1..]).concat(),
            syms(g, hold, ","),
            sets
        )
    })
}

/// A forcing chain over rules, link by link: `if r1c1 were 5, r1c2 = 4 (naked single),
/// thermo 1: r1c3 ≠ 1,2 (it comes after r1c2 ...), and row 1 would have no place for 7`.
fn rule_chain(g: &Geometry, assumed: Candidate, links: &[RuleLink], end: &ChainEnd) -> String {
    let mut out = format!(
        "if {} were {}",
        cells(g, &[assumed.cell]).concat(),
        sym(g, assumed.symbol)
    );
    for l in links {
        out.push_str(", ");
        out.push_str(&match l {
            RuleLink::NakedSingle { cell, symbol } => format!(
                "{} = {} (its last candidate)",
                cells(g, &[*cell]).concat(),
                sym(g, *symbol)
            ),
            RuleLink::HiddenSingle {
                cell,
                symbol,
                house,
            } => format!(
                "{} = {} (the last place in {})",
                cells(g, &[*cell]).concat(),
                sym(g, *symbol),
                label(g, *house)
            ),
            RuleLink::Rule {
                rule,
                eliminations,
                reason,
            } => format!(
                "{}: {} ({})",
                rule_name(g, *rule),
                candidates_said(g, eliminations),
                rule_reason(g, reason)
            ),
            RuleLink::Locked {
                house,
                symbol,
                eliminations,
            } => format!(
                "{} (every place left for {} in {} sees it)",
                candidates_said(g, eliminations),
                sym(g, *symbol),
                label(g, *house)
            ),
            RuleLink::Nested {
                assumed: inner,
                links: inner_links,
                end: inner_end,
            } => format!(
                "{} is not {} [{}]",
                cells(g, &[inner.cell]).concat(),
                sym(g, inner.symbol),
                rule_chain(g, *inner, inner_links, inner_end)
            ),
        });
    }
    out.push_str(&match end {
        ChainEnd::Broken(Broken::Cell { cell }) => format!(
            ", and {} would have no candidate left",
            cells(g, &[*cell]).concat()
        ),
        ChainEnd::Broken(Broken::House { house, symbol }) => format!(
            ", and {} would have no place for {}",
            label(g, *house),
            sym(g, *symbol)
        ),
        ChainEnd::Rule(rule) => format!(", and {} could no longer be met", rule_name(g, *rule)),
    });
    out
}

/// A rule of a chain by name: the rule's own, or the cage's label.
fn rule_name(g: &Geometry, rule: RuleRef) -> String {
    match rule {
        RuleRef::Rule(i) => rule_part(g, i, &[]),
        RuleRef::Cage(s) => label(g, s),
    }
}

/// Automaton states as a list, `q0, q2`.
/// The sums of a sum line's open run (bit `s` for the sum `s`), or `none`.
fn sums(mask: u64) -> Vec<String> {
    let list: Vec<String> = (0..64)
        .filter(|s| mask >> s & 1 == 1)
        .map(|s: u32| s.to_string())
        .collect();
    if list.is_empty() {
        vec!["none".into()]
    } else {
        list
    }
}

fn states(mask: u64, names: &[String]) -> String {
    let list: Vec<String> = (0..64)
        .filter(|q| mask >> q & 1 == 1)
        .map(|q| names.get(q).cloned().unwrap_or_else(|| format!("q{q}")))
        .collect();
    if list.is_empty() {
        "none".into()
    } else {
        list.join(", ")
    }
}

/// The part of a rule a step rests on, as setters say it: `kropki r1c1–r1c2 (white)`,
/// `minimum r5c5`, `thermo 2`, `anti-knight`.
fn rule_part(g: &Geometry, rule: usize, cs: &[CellId]) -> String {
    use crate::constraint::RuleKind;
    let Some(c) = g.constraints().get(rule) else {
        return format!("rule {}", rule + 1);
    };
    if cs.is_empty() {
        return c.name.clone();
    }
    let mark = match &c.kind {
        RuleKind::Marks { marks, .. } => marks
            .iter()
            .find(|m| m.cells[..] == *cs)
            .map(|m| format!(" ({})", m.relation.label())),
        _ => None,
    };
    format!(
        "{} {}{}",
        c.name,
        cells(g, cs).join("–"),
        mark.unwrap_or_default()
    )
}

/// `cage combinations, cage 10 at r1c1 can only be {1,2,7}`.
fn combinations(g: &Geometry, cage: ShapeId, combos: &[SymbolSet]) -> String {
    let combos: Vec<String> = combos
        .iter()
        .map(|s| format!("{{{}}}", syms(g, *s, ",")))
        .collect();
    format!(
        "cage combinations, {} can only be {}",
        label(g, cage),
        combos.join(" or ")
    )
}

/// `innies and outies, row 1 less cage 10 at r1c1 leaves r1c9 adding up to 6`.
fn innies(
    g: &Geometry,
    houses: &[ShapeId],
    cages: &[ShapeId],
    cs: &[CellId],
    total: i64,
) -> String {
    let less = if cages.is_empty() {
        "nothing".to_string()
    } else {
        shapes_label(g, cages)
    };
    format!(
        "innies and outies, {} less {less} leaves {} adding up to {total}",
        shapes_label(g, houses),
        cells(g, cs).join(", ")
    )
}

/// Forward (the cage must hold the symbol, inside another shape) or reverse (a house's places
/// for the symbol all lie in the cage): the eliminations say which, lying in the cage or not.
fn cage_overlap(
    g: &Geometry,
    step: &Step,
    symbol: Symbol,
    source: ShapeId,
    target: ShapeId,
) -> String {
    let inside = &g.shape(target.index()).cells;
    let reverse = step
        .eliminations
        .iter()
        .all(|e| inside.contains(&e.cell.index()));
    let (s, t, v) = (label(g, source), label(g, target), sym(g, symbol));
    let av = article(v);
    if reverse {
        format!(
            "{s} must hold {av} and all its places for {v} lie in {t}, so {t} holds {av}: a combination of {t} without {v} cannot be completed, and the candidates only such combinations use go."
        )
    } else {
        format!(
            "Every combination left for {s} contains {v}, and all its places for {v} lie in {t}; so {t} gets its {v} from {s}, and no other cell of {t} can be {v}."
        )
    }
}

fn combinations_why(g: &Geometry, cage: ShapeId, combos: &[SymbolSet]) -> String {
    let sets: Vec<String> = combos.iter().map(|s| set(g, *s)).collect();
    format!(
        "The cells of {c} add up to its sum without repeating a symbol; of the sets of symbols that do, only {} fit the candidates its cells have left, so a candidate in none of them cannot be used.",
        or_list(&sets),
        c = label(g, cage)
    )
}

fn innies_why(
    g: &Geometry,
    houses: &[ShapeId],
    cages: &[ShapeId],
    cs: &[CellId],
    total: i64,
) -> String {
    let names: Vec<String> = houses.iter().map(|&h| label(g, h)).collect();
    let cage_names: Vec<String> = cages.iter().map(|&c| label(g, c)).collect();
    let cages = if cage_names.is_empty() {
        "no cage".to_string()
    } else {
        and_list(&cage_names)
    };
    format!(
        "Each house holds every symbol once, so {} add up to a known total, and {cages} add up to their sums; the difference is what {} hold (less what is already placed there): {total}, so a candidate that cannot be part of that sum goes.",
        and_list(&names),
        and_list(&cells(g, cs))
    )
}

/// Alternatives of an `any` rule by name: `x-sum 2 left of r5`, `a, b and c`.
fn alternatives_said(names: &[String]) -> String {
    match names {
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
        [] => "no alternative".into(),
    }
}

/// A count of times in words: "once", "twice", "3 times".
fn times(n: u32) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

/// A sum the solver derived before search (innies and outies, `solver/derived.rs`) in words:
/// `each symbol once in rows 1 and 2: 90; the totals of cage 1 at r1c1 and cage 4 at r1c5: 87;
/// so r3c1 + r3c2 = 3`. The reasoner finds its own innies and outies
/// (`innies.rs`); this names the solver's, for when its propagators' steps are worded.
// Read by the tests until the reasoner words the solver's derived sums.
#[allow(dead_code)]
pub(crate) fn derived_sum(g: &Geometry, d: &crate::solver::derived::Derivation) -> String {
    use crate::solver::derived::Piece;
    let houses: Vec<ShapeId> = d.houses.iter().map(|&h| ShapeId::new(h as usize)).collect();
    let pieces: Vec<String> = (d.pieces.iter())
        .map(|&(p, _)| match p {
            Piece::Shape(s) => rule_name(g, RuleRef::Cage(ShapeId::new(s as usize))),
            Piece::Rule(i) => rule_name(g, RuleRef::Rule(i as usize)),
        })
        .collect();
    let named = |cs: &[u32]| -> String {
        let ids: Vec<CellId> = cs.iter().map(|&c| CellId::new(c as usize)).collect();
        cells(g, &ids).join(" + ")
    };
    let (union, laid) = (d.union_total(), d.pieces_total());
    let (Some(union), Some(laid)) = (union, laid) else {
        return format!("{} less {}", shapes_label(g, &houses), and_list(&pieces));
    };
    let so = match (d.innies.is_empty(), d.outies.is_empty()) {
        (false, true) => format!("{} = {}", named(&d.innies), union - laid),
        (true, false) => format!("{} = {}", named(&d.outies), laid - union),
        _ => format!(
            "{} = {} {} {}",
            named(&d.outies),
            named(&d.innies),
            if laid >= union { "+" } else { "-" },
            (laid - union).abs()
        ),
    };
    format!(
        "each symbol once in {}: {union}; the totals of {}: {laid}; so {so}",
        shapes_label(g, &houses),
        and_list(&pieces),
    )
}

#[cfg(test)]
mod derived_tests {
    use super::derived_sum;
    use crate::solver::derived::{Derivation, Piece};

    #[test]
    fn a_derived_sum_is_worded_from_its_houses_and_pieces() {
        let l = crate::load::load_str(
            "t",
            "variant = \"classic\"\n[[cage]]\nsum = 17\ncells = \"r1c2 r1c3 r1c4\"\n[[cage]]\nsum = 27\ncells = \"r1c5 r1c6 r1c7 r1c8 r1c9\"\n",
            None,
        )
        .unwrap();
        let g = &l.geometry;
        let cage = |i: usize| {
            (0..g.shapes().len())
                .filter(|&s| g.shape(s).sum().is_some())
                .nth(i)
                .unwrap() as u32
        };
        let row = |r: u32| {
            (0..g.shapes().len())
                .find(|&s| {
                    g.shape(s).kind == crate::geometry::ShapeKind::Row && g.shape(s).number == r
                })
                .unwrap() as u32
        };
        let innie = Derivation {
            houses: vec![row(1)],
            house_total: 45,
            pieces: vec![(Piece::Shape(cage(0)), 17), (Piece::Shape(cage(1)), 27)],
            innies: vec![0],
            outies: vec![],
        };
        let text = derived_sum(g, &innie);
        assert!(
            text.starts_with("each symbol once in row 1: 45; the totals of cage"),
            "{text}"
        );
        assert!(text.ends_with(": 44; so r1c1 = 1"), "{text}");
        let both = Derivation {
            houses: vec![row(1), row(2)],
            pieces: vec![(Piece::Shape(cage(0)), 17)],
            innies: vec![1, 2],
            outies: vec![9],
            ..innie
        };
        let text = derived_sum(g, &both);
        assert!(
            text.starts_with("each symbol once in rows 1 and 2: 90;"),
            "{text}"
        );
        assert!(text.ends_with("so r2c1 = r1c2 + r1c3 - 73"), "{text}");
    }
}
