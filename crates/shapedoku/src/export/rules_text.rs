//! A rules text for a puzzle that has none: one sentence per kind of constraint in the
//! payload, saying what it means in the format (so a player reads what the link holds).
//! SudokuPad shows this text beside the grid, and it is all a player of a rule SudokuPad only
//! draws has to go by.

use super::payload::Payload;

/// The rules text for the constraints written in `p`, on an `n` x `n` grid.
pub(super) fn write(p: &Payload, n: u32) -> String {
    let regions = if p.has_regions() { "region" } else { "box" };
    let mut lines = vec![format!(
        "Normal sudoku rules apply: place the digits 1 to {n} once each in every row, column and {regions}."
    )];
    let mut said: Vec<(bool, String)> = Vec::new();
    let mut say = |key: &str, text: String| said.push((p.has(key), text));
    let half = n.div_ceil(2);
    say(
        "diagonal+",
        "Digits may not repeat on the marked diagonal from bottom left to top right.".into(),
    );
    say(
        "diagonal-",
        "Digits may not repeat on the marked diagonal from top left to bottom right.".into(),
    );
    say(
        "antiknight",
        "Cells a chess knight's move apart may not hold the same digit.".into(),
    );
    say(
        "antiking",
        "Cells a chess king's move apart (diagonal neighbours too) may not hold the same digit."
            .into(),
    );
    say(
        "disjointgroups",
        "Cells in the same position of different boxes may not hold the same digit.".into(),
    );
    say(
        "extraregion",
        "Digits may not repeat in a shaded extra region.".into(),
    );
    say("killercage", "Digits may not repeat in a cage; a cage's digits add up to the number in its corner, when it has one.".into());
    say(
        "thermometer",
        "Digits along a thermometer strictly increase from the bulb.".into(),
    );
    say("slowthermometer", "Digits along a slow thermometer (blue) never decrease from the bulb; they may stay the same.".into());
    say("arrow", "Digits along an arrow add up to the digit in its circle (a pill of several cells reads as a number).".into());
    say(
        "doublearrow",
        "The two circles at the ends of a double arrow add up to the digits between them.".into(),
    );
    say("littlekillersum", "A number outside the grid gives the sum of the digits along the diagonal its arrow points down; digits may repeat there.".into());
    say(
        "sandwichsum",
        format!(
            "A number outside the grid gives the sum of the digits between the 1 and the {n} of that row or column."
        ),
    );
    say("xsum", "A number outside the grid gives the sum of the first X digits of that row or column read from that side, X being the first of them.".into());
    say("skyscraper", "A number outside the grid says how many digits of that row or column are visible from that side, a higher digit hiding every lower one behind it.".into());
    say("odd", "Digits in grey circles are odd.".into());
    say("even", "Digits in grey squares are even.".into());
    say(
        "minimum",
        "A digit in a minimum cell is smaller than its orthogonal neighbours, other than minimum cells."
            .into(),
    );
    say(
        "maximum",
        "A digit in a maximum cell is larger than its orthogonal neighbours, other than maximum cells."
            .into(),
    );
    say("quadruple", "The digits in a circle at a corner appear among the four cells around it (a digit written twice, at least twice).".into());
    say(
        "difference",
        "Digits separated by a white dot differ by 1, or by the number in the dot.".into(),
    );
    say("ratio", "Of two digits separated by a black dot, one is twice the other, or the number in the dot times it.".into());
    say(
        "xv",
        "Digits separated by an X add up to 10; separated by a V, to 5.".into(),
    );
    say(
        "nonconsecutive",
        "Neighbouring digits with neither a white nor a black dot between them are not consecutive."
            .into(),
    );
    let (ratio, xv) = (p.negated("ratio"), p.negated("xv"));
    said.push((ratio, "Of neighbouring digits with neither a white nor a black dot between them, neither is twice the other (or the number of any black dot times it).".into()));
    said.push((
        xv,
        "Neighbouring digits with no X or V between them add up to neither 10 nor 5.".into(),
    ));
    let mut say = |key: &str, text: String| said.push((p.has(key), text));
    say(
        "renban",
        "Digits on a pink renban line are distinct and consecutive, in any order.".into(),
    );
    say(
        "whispers",
        format!(
            "Neighbouring digits on a green German whispers line differ by at least {half}; on an orange Dutch whispers line, by at least {}.",
            half.saturating_sub(1)
        ),
    );
    say(
        "palindrome",
        "A grey palindrome line reads the same from both ends.".into(),
    );
    say(
        "betweenline",
        "Digits on a line between two circles lie strictly between the digits in the circles."
            .into(),
    );
    say("regionsumline", "On a blue region sum line, the digits in each box the line passes add up to the same total (a line re-entering a box starts a new total).".into());
    say(
        "entropicline",
        format!(
            "Any three cells in a row on a peach entropic line hold one low ({}), one middle and one high digit.",
            thirds(n)
        ),
    );
    say("modularline", "Any three cells in a row on a teal modular line hold digits of different remainders when divided by 3.".into());
    say("zipperline", "Digits the same distance from the middle of a lavender zipper line add up to the same total: the middle digit, when the line has one.".into());
    say(
        "clone",
        "Shaded clone regions hold the same digits in the same places.".into(),
    );
    say(
        "rowindexer",
        "A digit d in a green row indexer in row r says that row d of its column holds r.".into(),
    );
    say(
        "columnindexer",
        "A digit d in a red column indexer in column c says that column d of its row holds c."
            .into(),
    );
    say("boxindexer", "A digit d in a blue box indexer at position p of its box (counted row by row) says that position d of the box holds p.".into());
    lines.extend(said.into_iter().filter(|s| s.0).map(|s| s.1));
    lines.join("\n")
}

/// The low digits of an entropic line, as `1-3`.
fn thirds(n: u32) -> String {
    let third = (n / 3).max(1);
    if third == 1 {
        "1".to_string()
    } else {
        format!("1-{third}")
    }
}

impl Payload {
    /// Whether some cell has a `region` of its own: the regions are not the default boxes.
    fn has_regions(&self) -> bool {
        self.entries("grid")
            .iter()
            .flat_map(|row| row.as_array().into_iter().flatten())
            .any(|cell| cell.get("region").is_some())
    }

    /// Whether `negative` lists `key`.
    fn negated(&self, key: &str) -> bool {
        self.entries("negative").iter().any(|v| v == key)
    }
}
