//! What a SudokuPad puzzle's rules text says, as far as the drawing's conventions need it:
//! which rules it names (by name, "German whispers", or by what they require, "adjacent digits
//! differ by at least 5"), the colours it gives them ("the purple line"), whether a
//! thermometer is slow, whether all marks are given (the negative constraint), and whether it
//! states a digit set other than 1 to N.
//!
//! Line rules and their colours are read sentence by sentence, as setters state one rule per
//! sentence: a colour word belongs to the rules named in the same sentence (or, when a sentence
//! gives a line a colour and the next says what it does, to the next one's). Statements about
//! marks ("all possible dots are given") are read by paragraph, since they follow the rule
//! they qualify. Nothing here guesses beyond the words: a sentence naming several line rules
//! for one colour, or a colourless sentence naming several at once, decides none of them.

use crate::import::sudokupad::draw::Family;

/// A rule a drawn line can carry, with the words that name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(in crate::import) enum LineRule {
    Thermo,
    SlowThermo,
    Whispers,
    Renban,
    RegionSum,
    Palindrome,
    Entropic,
    Modular,
    Zipper,
}

impl LineRule {
    pub(in crate::import) const ALL: [LineRule; 9] = [
        LineRule::Thermo,
        LineRule::SlowThermo,
        LineRule::Whispers,
        LineRule::Renban,
        LineRule::RegionSum,
        LineRule::Palindrome,
        LineRule::Entropic,
        LineRule::Modular,
        LineRule::Zipper,
    ];

    /// The `[[rule]]` type.
    pub(in crate::import) fn kind(self) -> &'static str {
        match self {
            LineRule::Thermo => "thermo",
            LineRule::SlowThermo => "slow-thermo",
            LineRule::Whispers => "whispers",
            LineRule::Renban => "renban",
            LineRule::RegionSum => "region-sum",
            LineRule::Palindrome => "palindrome",
            LineRule::Entropic => "entropic",
            LineRule::Modular => "modular",
            LineRule::Zipper => "zipper",
        }
    }

    /// The colours setters draw it in by convention (Sudoku Maker's and SudokuPad's
    /// defaults, which the f-puzzles conversion and most setters follow).
    pub(in crate::import) fn usual_colours(self) -> &'static [Family] {
        match self {
            LineRule::Thermo => &[Family::Grey],
            LineRule::SlowThermo => &[],
            LineRule::Whispers => &[Family::Green],
            LineRule::Renban => &[Family::Purple],
            LineRule::RegionSum => &[Family::Blue],
            LineRule::Palindrome => &[Family::Grey],
            LineRule::Entropic => &[Family::Orange],
            LineRule::Modular => &[],
            LineRule::Zipper => &[Family::Purple],
        }
    }

    /// Whether a (lower-case) paragraph names the rule: by name, or by what it requires.
    fn named_in(self, p: &str) -> bool {
        let line = p.contains("line") || p.contains("thermo");
        match self {
            LineRule::Thermo => p.contains("thermo") && !LineRule::SlowThermo.named_in(p),
            LineRule::SlowThermo => {
                p.contains("thermo")
                    && ["slow", "stay the same", "remain the same", "non-decreasing"]
                        .iter()
                        .any(|w| p.contains(w))
            }
            LineRule::Whispers => {
                p.contains("whisper")
                    || (line
                        && p.contains("differ")
                        && (p.contains("at least") || p.contains("or more")))
            }
            LineRule::Renban => {
                p.contains("renban")
                    || (line
                        && p.contains("consecutive")
                        && (p.contains("any order") || p.contains("repeat")))
            }
            LineRule::RegionSum => {
                p.contains("region sum")
                    || p.contains("region-sum")
                    || (line
                        && p.contains("sum")
                        && (p.contains("same") || p.contains("equal"))
                        && ["region", "box", "segment"].iter().any(|w| p.contains(w))
                        // Segments cut where the line turns ("straight segments have the
                        // same sum", magic sigils) are another rule.
                        && !p.contains("straight"))
            }
            LineRule::Palindrome => p.contains("palindrom"),
            LineRule::Entropic => p.contains("entropic"),
            LineRule::Modular => p.contains("modular"),
            LineRule::Zipper => p.contains("zipper"),
        }
    }
}

/// A paragraph, lower-cased, with the rules and colours it names.
#[derive(Debug, Clone)]
struct Paragraph {
    text: String,
    rules: Vec<LineRule>,
    colours: Vec<Family>,
}

/// The rules text, read.
#[derive(Debug, Clone, Default)]
pub(in crate::import) struct RulesText {
    paragraphs: Vec<Paragraph>,
    /// The paragraphs' sentences, where line rules and their colours are read.
    sentences: Vec<Paragraph>,
}

/// The words of a paragraph: letters and digits, lower-cased.
pub(in crate::import) fn words(p: &str) -> impl Iterator<Item = &str> {
    p.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
}

impl Paragraph {
    fn new(text: String) -> Paragraph {
        let rules = LineRule::ALL
            .into_iter()
            .filter(|r| r.named_in(&text))
            .collect();
        let mut colours: Vec<Family> = words(&text)
            .filter_map(|w| Family::WORDS.iter().find(|f| f.0 == w).map(|f| f.1))
            .collect();
        colours.sort();
        colours.dedup();
        Paragraph {
            text,
            rules,
            colours,
        }
    }
}

/// The sentences of a paragraph, each with its rules and colours; a sentence that gives a line
/// a colour but names no rule ("box borders divide blue lines into segments.") lends its
/// colours to the next one, which names the rule without a colour.
fn sentences(p: &str) -> Vec<Paragraph> {
    let mut out: Vec<Paragraph> = p
        .split(". ")
        .map(|x| x.trim().trim_end_matches('.').to_string())
        .filter(|x| !x.is_empty())
        .map(Paragraph::new)
        .collect();
    for i in 1..out.len() {
        let (before, after) = out.split_at_mut(i);
        let (prev, this) = (&before[i - 1], &mut after[0]);
        if prev.rules.is_empty()
            && !prev.colours.is_empty()
            && !this.rules.is_empty()
            && this.colours.is_empty()
        {
            this.colours = prev.colours.clone();
        }
    }
    out
}

impl RulesText {
    pub(in crate::import) fn new(text: Option<&str>) -> RulesText {
        let text = text.unwrap_or("").replace("\\n", "\n");
        let paragraphs: Vec<Paragraph> = text
            .split(['\n', '•'])
            .map(|p| p.trim().to_lowercase())
            .filter(|p| !p.is_empty())
            .map(Paragraph::new)
            .collect();
        let sentences = paragraphs.iter().flat_map(|p| sentences(&p.text)).collect();
        RulesText {
            paragraphs,
            sentences,
        }
    }

    /// Whether some paragraph has every word group: each group is alternatives (`"dot|kropki"`).
    pub(in crate::import) fn says(&self, groups: &[&str]) -> bool {
        self.paragraphs.iter().any(|p| has_all(&p.text, groups))
    }

    /// The paragraphs having every word group, lower-cased.
    pub(in crate::import) fn paragraphs_saying<'a>(
        &'a self,
        groups: &'a [&'a str],
    ) -> impl Iterator<Item = &'a str> + 'a {
        self.paragraphs
            .iter()
            .filter(move |p| has_all(&p.text, groups))
            .map(|p| p.text.as_str())
    }

    /// Whether any paragraph names the line rule.
    #[cfg(test)]
    pub(in crate::import) fn names(&self, rule: LineRule) -> bool {
        self.sentences.iter().any(|p| p.rules.contains(&rule))
    }

    /// The line rules a line of colour `family` carries by the text and the conventions, among
    /// `offered` (the rules that fit its drawing): the rules whose sentence gives them that
    /// colour; failing that, the rules named without a colour that are usually drawn in it.
    /// Several means the text does not decide.
    pub(in crate::import) fn line_rules(
        &self,
        family: Family,
        offered: &[LineRule],
    ) -> Vec<LineRule> {
        let mut bound: Vec<LineRule> = Vec::new();
        let mut unbound: Vec<LineRule> = Vec::new();
        for p in &self.sentences {
            for &r in p.rules.iter().filter(|r| offered.contains(r)) {
                if p.colours.contains(&family) {
                    bound.push(r);
                } else if p.colours.is_empty() {
                    // A paragraph naming the rule with other colours only says nothing
                    // about this one.
                    unbound.push(r);
                }
            }
        }
        bound.sort();
        bound.dedup();
        if !bound.is_empty() {
            return bound;
        }
        // A paragraph naming several of the rules without colours leaves every line open.
        let mut contested: Vec<LineRule> = self
            .sentences
            .iter()
            .filter(|p| p.colours.is_empty())
            .map(|p| {
                p.rules
                    .iter()
                    .copied()
                    .filter(|r| offered.contains(r))
                    .collect::<Vec<_>>()
            })
            .filter(|rules| rules.len() > 1)
            .flatten()
            .collect();
        contested.sort();
        contested.dedup();
        if !contested.is_empty() {
            return contested;
        }
        unbound.sort();
        unbound.dedup();
        let usual: Vec<LineRule> = unbound
            .iter()
            .copied()
            .filter(|r| r.usual_colours().contains(&family))
            .collect();
        if usual.is_empty() && unbound.len() == 1 {
            // One line rule named and no colour given: every line of the kind carries it.
            return unbound;
        }
        usual
    }

    /// The least difference along German (or Dutch) whispers the text states: "at least N",
    /// "N or more"; Dutch whispers are 4 apart.
    pub(in crate::import) fn whispers_difference(&self) -> Option<i64> {
        for p in &self.sentences {
            if !p.rules.contains(&LineRule::Whispers) {
                continue;
            }
            let w: Vec<&str> = words(&p.text).collect();
            for (i, x) in w.iter().enumerate() {
                if *x == "least" {
                    if let Some(n) = w.get(i + 1).and_then(|n| n.parse().ok()) {
                        return Some(n);
                    }
                }
                if *x == "or" && w.get(i + 1) == Some(&"more") && i > 0 {
                    if let Ok(n) = w[i - 1].parse() {
                        return Some(n);
                    }
                }
            }
            if p.text.contains("dutch") {
                return Some(4);
            }
        }
        None
    }

    /// The paragraphs with every word group of `about` that say all marks of their kind are
    /// given ("all possible dots are given", "all such pairs are given"), and not "not all".
    pub(in crate::import) fn all_given<'a>(&'a self, about: &'a [&'a str]) -> Vec<&'a str> {
        self.paragraphs_saying(about)
            .filter(|p| {
                let all = [
                    "all possible",
                    "all such",
                    "all dots",
                    "all pairs",
                    "all kropki",
                ]
                .iter()
                .any(|w| p.contains(w))
                    || (p.contains("all ") && p.contains(" are given"));
                let denied = [
                    "not all",
                    "not necessarily all",
                    "not every",
                    "not necessarily given",
                ]
                .iter()
                .any(|w| p.contains(w));
                all && !denied
            })
            .collect()
    }

    /// Whether a paragraph about cages lets digits repeat in them.
    pub(in crate::import) fn cages_may_repeat(&self) -> bool {
        self.paragraphs_saying(&["cage"]).any(|p| {
            [
                "may repeat",
                "can repeat",
                "might repeat",
                "are allowed to repeat",
            ]
            .iter()
            .any(|w| p.contains(w))
        })
    }

    /// Whether a paragraph about cages forbids repeats in them.
    pub(in crate::import) fn cages_no_repeat(&self) -> bool {
        self.paragraphs_saying(&["cage"]).any(|p| {
            [
                "cannot repeat",
                "can't repeat",
                "may not repeat",
                "must not repeat",
                "not repeat",
            ]
            .iter()
            .any(|w| p.contains(w))
        })
    }

    /// A digit set other than 1 to `size` that the text states ("the digits 1-9" on a 6x6,
    /// "digits 0 to 8"), as written.
    pub(in crate::import) fn other_digit_set(&self, size: u32) -> Option<String> {
        for p in &self.paragraphs {
            let w: Vec<&str> = p
                .text
                .split(|c: char| c.is_whitespace() || ",;:.()".contains(c))
                .filter(|w| !w.is_empty())
                .collect();
            for i in 0..w.len() {
                if !matches!(w[i], "digit" | "digits" | "number" | "numbers") {
                    continue;
                }
                // "digits 1-9", "digits from 1 to 9", "the digits 1 – 9", "digits 1 through 9".
                let rest: Vec<&str> = w[i + 1..w.len().min(i + 7)].to_vec();
                let mut nums: Vec<(usize, i64)> = Vec::new();
                for (k, x) in rest.iter().enumerate() {
                    let parts: Vec<&str> = x.split(['-', '–']).collect();
                    if parts.len() == 2 {
                        if let (Ok(a), Ok(b)) = (parts[0].parse(), parts[1].parse()) {
                            nums.push((k, a));
                            nums.push((k, b));
                            break;
                        }
                    }
                    if let Ok(n) = x.parse() {
                        nums.push((k, n));
                        if nums.len() == 2 {
                            break;
                        }
                    } else if !nums.is_empty()
                        && !matches!(*x, "to" | "through" | "-" | "–" | "and")
                    {
                        break;
                    }
                }
                if let [(_, a), (_, b)] = nums[..] {
                    let joined = rest.iter().any(|x| {
                        matches!(*x, "to" | "through" | "-" | "–")
                            || x.contains('-')
                            || x.contains('–')
                    });
                    if joined && a < b && (a, b) != (1, i64::from(size)) {
                        return Some(format!("{a} to {b}"));
                    }
                }
            }
        }
        None
    }
}

/// Whether a paragraph has a word of each group (`"dot|kropki"` is one group).
fn has_all(p: &str, groups: &[&str]) -> bool {
    groups.iter().all(|g| g.split('|').any(|w| p.contains(w)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_bind_to_the_rules_of_their_paragraph() {
        let t = RulesText::new(Some(
            "Normal sudoku rules apply.\nDigits along purple Renban lines are consecutive.\nAdjacent digits on a green line differ by at least 5.\nBox borders divide blue lines into segments with the same sum.",
        ));
        let all = LineRule::ALL;
        assert_eq!(t.line_rules(Family::Purple, &all), [LineRule::Renban]);
        assert_eq!(t.line_rules(Family::Green, &all), [LineRule::Whispers]);
        assert_eq!(t.line_rules(Family::Blue, &all), [LineRule::RegionSum]);
        assert!(t.line_rules(Family::Red, &all).is_empty());
        assert_eq!(t.whispers_difference(), Some(5));
    }

    #[test]
    fn several_rules_in_one_paragraph_decide_nothing() {
        let t = RulesText::new(Some(
            "Each grey line is either a German whisper, a region sum line, or a renban.",
        ));
        assert_eq!(t.line_rules(Family::Grey, &LineRule::ALL).len(), 3);
    }

    #[test]
    fn equal_sums_of_straight_segments_are_no_region_sum_line() {
        let t = RulesText::new(Some(
            "Magic Sigils: Within each 3x3 box, straight magenta line segments have the same sum.",
        ));
        assert!(t.line_rules(Family::Purple, &LineRule::ALL).is_empty());
        let t = RulesText::new(Some(
            "Box borders divide each blue line into segments with the same sum.",
        ));
        assert_eq!(
            t.line_rules(Family::Blue, &LineRule::ALL),
            vec![LineRule::RegionSum]
        );
    }

    #[test]
    fn slow_thermometers_and_negative_constraints() {
        let t = RulesText::new(Some(
            "Digits along a thermometer must increase or stay the same from the bulb.\nDigits joined by a white dot are consecutive. All possible dots are given.\nNot all possible Xs and Vs are given.",
        ));
        assert!(t.names(LineRule::SlowThermo) && !t.names(LineRule::Thermo));
        assert_eq!(t.all_given(&["dot"]).len(), 1);
        assert!(t.all_given(&["xs"]).is_empty());
    }

    #[test]
    fn digit_sets_other_than_one_to_n() {
        let set = |s: &str, n| RulesText::new(Some(s)).other_digit_set(n);
        assert_eq!(set("Place the digits 1 to 9 once each.", 9), None);
        assert_eq!(set("Normal 6x6 rules: digits 1-6.", 6), None);
        assert_eq!(
            set("Fill the grid with digits 1-9, such that", 4).as_deref(),
            Some("1 to 9")
        );
        assert_eq!(
            set("Select six different digits from the set 1-9.", 6).as_deref(),
            Some("1 to 9")
        );
        assert_eq!(
            set("Use the digits 0 through 8.", 9).as_deref(),
            Some("0 to 8")
        );
        assert_eq!(set("Digits in cages sum to 10 and 12.", 9), None);
    }
}
