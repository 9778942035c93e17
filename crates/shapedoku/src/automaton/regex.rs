//! Regular expressions over a puzzle's symbols, compiled to an [`Automaton`] for the
//! `sequence` rule, so a setter can write a line type as `1?2?3?4?5?6?7?8?9?` (a thermometer)
//! instead of listing states and moves.
//!
//! Each symbol is one token, whatever character it is. The syntax: symbols in sequence,
//! alternatives with `|`, groups `( )`, repetition `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`, any
//! symbol `.`, and classes `[1-5]`, `[^9]`, `[147]` whose ranges run in the alphabet's order
//! (with `symbols = "123456789ABCDEFG"`, `[8-B]` is 8, 9, A and B). Whitespace is ignored, and
//! `\` takes the next character as a symbol (for a symbol such as `*`). The expression always
//! describes the whole line, so there are no anchors.
//!
//! The automaton is the smaller of the expression's position automaton (one state per symbol
//! written, plus a start) and its minimal deterministic automaton; each step of the
//! construction is bounded ([`MAX_POSITIONS`], [`MAX_DFA_STATES`]), so a large expression is
//! an error, never a large allocation. The parsed expression is a tree walked by recursion, so
//! its depth is bounded while it is parsed, before any walk: the text is at most
//! [`MAX_PATTERN_CHARS`] long, groups nest at most 64 deep, repetitions of repetitions collapse
//! (`1??` is `1?`, `1*+` is `1*`) and at most [`MAX_STACKED`] counted ones stack on one item.
//!
//! ```
//! use shapedoku::Symbols;
//! use shapedoku::automaton::regex;
//! let digits = Symbols::new("123456789".chars()).unwrap();
//! let thermo = regex::compile("1?2?3?4?5?6?7?8?9?", &digits).unwrap();
//! assert!(thermo.accepts([2, 5, 9]));
//! assert!(!thermo.accepts([5, 5]));
//! let err = regex::compile("1(2", &digits).unwrap_err();
//! assert_eq!(err.at, 1..2);
//! ```

use super::Automaton;
use crate::Symbols;
use std::ops::Range;

mod construct;

/// The most symbol positions an expression may spell out once its counted repetitions are
/// written out (`[1-4]{3}` has three).
pub const MAX_POSITIONS: usize = 1024;
/// The most states the deterministic automaton may reach while it is built, before it is
/// minimised.
pub const MAX_DFA_STATES: usize = 1024;
/// The largest count in `{m,n}`.
pub const MAX_COUNT: u32 = 256;
/// The deepest nesting of groups.
const MAX_DEPTH: usize = 64;
/// The most characters an expression may have (whitespace included). Far more than any
/// expression within [`MAX_POSITIONS`] needs, and it bounds the parser's memory.
pub const MAX_PATTERN_CHARS: usize = 1 << 16;
/// The most repetitions that stack on one symbol, class or group without collapsing into one
/// (`1{2}{3}?` stacks three); `*`, `+` and `?` after one another always collapse.
pub const MAX_STACKED: usize = 8;
/// The most nodes an expression may have once its counted repetitions are written out.
const MAX_NODES: u64 = 16 * 1024;

/// A regular expression that cannot be compiled: what is wrong, and where in the expression.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RegexError {
    /// The bytes of the expression concerned.
    pub at: Range<usize>,
    /// What is wrong.
    pub message: String,
}

/// The automaton accepting exactly the words the expression `pattern` matches, the words being
/// sequences of `symbols`' values.
pub fn compile(pattern: &str, symbols: &Symbols) -> Result<Automaton, RegexError> {
    // Counted before the characters are collected: the parser holds them all.
    if let Some((at, _)) = pattern.char_indices().nth(MAX_PATTERN_CHARS) {
        return Err(RegexError {
            at: at..pattern.len(),
            message: format!(
                "the expression is longer than the limit of {MAX_PATTERN_CHARS} characters"
            ),
        });
    }
    let mut p = Parser {
        chars: pattern.char_indices().collect(),
        end: pattern.len(),
        i: 0,
        depth: 0,
        symbols,
    };
    let node = p.alternation()?;
    if let Some(&(at, c)) = p.chars.get(p.i) {
        // Only a `)` stops an alternation at the top level.
        return Err(p.error(at..at + c.len_utf8(), "this `)` closes no group".into()));
    }
    let whole = 0..pattern.len();
    let size = node.size();
    let too_large = if size.positions > MAX_POSITIONS as u64 {
        Some(format!(
            "{} symbols, more than the limit of {MAX_POSITIONS}",
            size.positions
        ))
    } else if size.nodes > MAX_NODES {
        Some(format!(
            "{} parts, more than the limit of {MAX_NODES}",
            size.nodes
        ))
    } else {
        None
    };
    if let Some(what) = too_large {
        return Err(RegexError {
            at: whole,
            message: format!(
                "the expression spells out {what} once its repetitions are written out"
            ),
        });
    }
    construct::automaton(&node, symbols).map_err(|message| RegexError { at: whole, message })
}

/// An expression, as parsed. A class is a set of symbols, one bit per symbol.
#[derive(Debug, Clone)]
enum Node {
    Empty,
    Class(u64),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Star(Box<Node>),
    Plus(Box<Node>),
    Opt(Box<Node>),
    Repeat(Box<Node>, u32, Option<u32>),
}

/// How large an expression is once its counted repetitions are written out (saturating).
#[derive(Debug, Clone, Copy)]
struct Size {
    positions: u64,
    nodes: u64,
}

impl Node {
    fn size(&self) -> Size {
        let sum = |ns: &[Node]| {
            ns.iter().fold(
                Size {
                    positions: 0,
                    nodes: 1,
                },
                |a, n| {
                    let s = n.size();
                    Size {
                        positions: a.positions.saturating_add(s.positions),
                        nodes: a.nodes.saturating_add(s.nodes),
                    }
                },
            )
        };
        match self {
            Node::Empty => Size {
                positions: 0,
                nodes: 1,
            },
            Node::Class(_) => Size {
                positions: 1,
                nodes: 1,
            },
            Node::Concat(ns) | Node::Alt(ns) => sum(ns),
            Node::Star(n) | Node::Plus(n) | Node::Opt(n) => {
                let s = n.size();
                Size {
                    positions: s.positions,
                    nodes: s.nodes.saturating_add(1),
                }
            }
            Node::Repeat(n, m, most) => {
                let copies = u64::from(most.unwrap_or(m + 1).max(*m));
                let s = n.size();
                Size {
                    positions: s.positions.saturating_mul(copies),
                    nodes: s.nodes.saturating_add(1).saturating_mul(copies.max(1)),
                }
            }
        }
    }

    /// The same expression with each `{m,n}` written out as `m` copies followed by `n - m`
    /// optional ones (or a starred one for `{m,}`).
    fn expand(&self) -> Node {
        match self {
            Node::Empty | Node::Class(_) => self.clone(),
            Node::Concat(ns) => Node::Concat(ns.iter().map(Node::expand).collect()),
            Node::Alt(ns) => Node::Alt(ns.iter().map(Node::expand).collect()),
            Node::Star(n) => Node::Star(Box::new(n.expand())),
            Node::Plus(n) => Node::Plus(Box::new(n.expand())),
            Node::Opt(n) => Node::Opt(Box::new(n.expand())),
            Node::Repeat(n, m, most) => {
                let e = n.expand();
                let mut out: Vec<Node> = (0..*m).map(|_| e.clone()).collect();
                match most {
                    None => out.push(Node::Star(Box::new(e))),
                    Some(k) => out.extend((*m..*k).map(|_| Node::Opt(Box::new(e.clone())))),
                }
                Node::Concat(out)
            }
        }
    }
}

/// `node` under one of `*`, `+` or `?`.
fn wrap(node: Node, op: char) -> Node {
    let node = Box::new(node);
    match op {
        '*' => Node::Star(node),
        '+' => Node::Plus(node),
        _ => Node::Opt(node),
    }
}

struct Parser<'a> {
    chars: Vec<(usize, char)>,
    end: usize,
    i: usize,
    depth: usize,
    symbols: &'a Symbols,
}

impl Parser<'_> {
    fn error(&self, at: Range<usize>, message: String) -> RegexError {
        RegexError { at, message }
    }

    /// The next character that is not whitespace, and its byte offset.
    fn peek(&mut self) -> Option<(usize, char)> {
        while let Some(&(_, c)) = self.chars.get(self.i) {
            if !c.is_whitespace() {
                break;
            }
            self.i += 1;
        }
        self.chars.get(self.i).copied()
    }

    fn here(&self) -> Range<usize> {
        match self.chars.get(self.i) {
            Some(&(at, c)) => at..at + c.len_utf8(),
            None => self.end..self.end,
        }
    }

    fn alternation(&mut self) -> Result<Node, RegexError> {
        let mut alts = vec![self.concatenation()?];
        while let Some((_, '|')) = self.peek() {
            self.i += 1;
            alts.push(self.concatenation()?);
        }
        Ok(if alts.len() == 1 {
            alts.pop().unwrap_or(Node::Empty)
        } else {
            Node::Alt(alts)
        })
    }

    fn concatenation(&mut self) -> Result<Node, RegexError> {
        let mut items = Vec::new();
        while let Some((_, c)) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let atom = self.atom()?;
            items.push(self.repetitions(atom)?);
        }
        Ok(match items.len() {
            0 => Node::Empty,
            1 => items.pop().unwrap_or(Node::Empty),
            _ => Node::Concat(items),
        })
    }

    fn atom(&mut self) -> Result<Node, RegexError> {
        let Some((at, c)) = self.peek() else {
            return Err(self.error(self.here(), "the expression ends too soon".into()));
        };
        let span = at..at + c.len_utf8();
        match c {
            '(' => self.group(span),
            '[' => {
                self.i += 1;
                self.class(span)
            }
            '.' => {
                self.i += 1;
                Ok(Node::Class(self.symbols.all().0))
            }
            '*' | '+' | '?' | '{' => Err(self.error(
                span,
                format!("`{c}` repeats nothing: put it after a symbol, a class or a group"),
            )),
            ']' | '}' => Err(self.error(span, format!("`{c}` closes nothing"))),
            _ => Ok(Node::Class(1 << self.symbol()?)),
        }
    }

    fn group(&mut self, open: Range<usize>) -> Result<Node, RegexError> {
        if self.depth == MAX_DEPTH {
            return Err(self.error(
                open,
                format!("groups are nested more than {MAX_DEPTH} deep"),
            ));
        }
        self.i += 1;
        self.depth += 1;
        let inner = self.alternation()?;
        self.depth -= 1;
        match self.peek() {
            Some((_, ')')) => {
                self.i += 1;
                Ok(inner)
            }
            _ => Err(self.error(open, "this `(` is never closed".into())),
        }
    }

    /// One symbol (escaped with `\` or not), as its index in the alphabet.
    fn symbol(&mut self) -> Result<u8, RegexError> {
        let Some((at, mut c)) = self.peek() else {
            return Err(self.error(self.here(), "the expression ends too soon".into()));
        };
        self.i += 1;
        let mut span = at..at + c.len_utf8();
        if c == '\\' {
            let Some(&(at2, c2)) = self.chars.get(self.i) else {
                return Err(self.error(span, "`\\` at the end escapes nothing".into()));
            };
            self.i += 1;
            c = c2;
            span = at..at2 + c2.len_utf8();
        }
        self.symbols.index_of(c).ok_or_else(|| {
            let hint = if matches!(c, '^' | '$') {
                "; the expression always matches the whole line, so it needs no anchors"
            } else {
                ""
            };
            self.error(
                span,
                format!(
                    "`{c}` is not a symbol of this puzzle (symbols: {}){hint}",
                    self.symbols.as_string()
                ),
            )
        })
    }

    /// A class after its `[`: symbols and ranges in the alphabet's order, `^` first to negate.
    fn class(&mut self, open: Range<usize>) -> Result<Node, RegexError> {
        let negate = matches!(self.peek(), Some((_, '^')));
        if negate {
            self.i += 1;
        }
        let mut set = 0u64;
        loop {
            match self.peek() {
                None => return Err(self.error(open, "this `[` is never closed".into())),
                Some((_, ']')) => {
                    self.i += 1;
                    break;
                }
                Some(_) => {}
            }
            let start = self.here().start;
            let lo = self.symbol()?;
            let mut hi = lo;
            if let Some((_, '-')) = self.peek() {
                self.i += 1;
                hi = self.symbol()?;
                if hi < lo {
                    let at = start..self.here().start;
                    return Err(self.error(
                        at,
                        format!(
                            "the range runs backwards: `{}` comes after `{}` in the symbols {}",
                            self.symbols.char(lo),
                            self.symbols.char(hi),
                            self.symbols.as_string()
                        ),
                    ));
                }
            }
            set |= (lo..=hi).fold(0u64, |m, s| m | 1 << s);
        }
        let all = self.symbols.all().0;
        Ok(Node::Class(if negate { all & !set } else { set }))
    }

    /// The repetition operators after an atom. `*`, `+` and `?` on an item already starred,
    /// plussed or optional collapse into one operator (the language is the same), so any run
    /// of them adds one level to the tree; counted repetitions stack up to [`MAX_STACKED`].
    fn repetitions(&mut self, mut node: Node) -> Result<Node, RegexError> {
        let mut stacked = 0;
        while let Some((at, c)) = self.peek() {
            let span = at..at + c.len_utf8();
            node = match c {
                '*' | '+' | '?' => {
                    self.i += 1;
                    match (node, c) {
                        (Node::Star(n), _) | (Node::Plus(n) | Node::Opt(n), '*') => Node::Star(n),
                        (Node::Plus(n), '?') | (Node::Opt(n), '+') => Node::Star(n),
                        (n @ (Node::Plus(_) | Node::Opt(_)), _) => n,
                        (n, _) => {
                            stacked += 1;
                            wrap(n, c)
                        }
                    }
                }
                '{' => {
                    let (m, most) = self.counts(at)?;
                    stacked += 1;
                    Node::Repeat(Box::new(node), m, most)
                }
                _ => return Ok(node),
            };
            if stacked > MAX_STACKED {
                return Err(self.error(
                    span,
                    format!(
                        "more than {MAX_STACKED} repetitions in a row on one item: write one count instead (`1{{2}}{{3}}` is `1{{6}}`)"
                    ),
                ));
            }
        }
        Ok(node)
    }

    /// `{m}`, `{m,}` or `{m,n}`, from its `{` at byte `at`.
    fn counts(&mut self, at: usize) -> Result<(u32, Option<u32>), RegexError> {
        self.i += 1;
        let mut text = String::new();
        let close = loop {
            match self.peek() {
                Some((end, '}')) => {
                    self.i += 1;
                    break end + 1;
                }
                Some((_, c)) if c.is_ascii_digit() || c == ',' => {
                    text.push(c);
                    self.i += 1;
                }
                _ => {
                    let span = at..self.here().end;
                    return Err(self.error(
                        span,
                        "a count is written `{m}`, `{m,}` or `{m,n}` with numbers m and n".into(),
                    ));
                }
            }
        };
        let span = at..close;
        let number = |s: &str| s.parse::<u32>().ok().filter(|&n| n <= MAX_COUNT);
        let bad = |this: &Self| {
            this.error(
                span.clone(),
                format!("`{{{text}}}` is not a count: write {{m}}, {{m,}} or {{m,n}} with 0 <= m <= n <= {MAX_COUNT}"),
            )
        };
        let parsed = match text.split_once(',') {
            None => number(&text).map(|m| (m, Some(m))),
            Some((m, "")) => number(m).map(|m| (m, None)),
            Some((m, n)) => number(m).zip(number(n)).map(|(m, n)| (m, Some(n))),
        };
        match parsed {
            Some((m, Some(n))) if n < m => Err(bad(self)),
            Some(p) => Ok(p),
            None => Err(bad(self)),
        }
    }
}

#[cfg(test)]
mod tests;
