//! Symbol alphabets and symbol bitsets.
//!
//! ```
//! use shapedoku::{Symbols, SymbolSet};
//! let hex = Symbols::new("0123456789ABCDEF".chars()).unwrap();
//! assert_eq!(hex.len(), 16);
//! assert_eq!(hex.index_of('A'), Some(10));
//! assert_eq!(hex.value(10), 11); // values default to 1..=N
//! let digits = Symbols::new("0123456789".chars()).unwrap();
//! assert_eq!(digits.value(0), 0); // unless every symbol is a digit: then each is worth itself
//! let s = SymbolSet::single(3).with(5);
//! assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 5]);
//! ```

use crate::error::ModelError;
use std::fmt;

/// Most symbols an alphabet may have: candidates are kept in one `u64`.
pub const MAX_SYMBOLS: usize = 64;

/// An ordered alphabet of 1 to 64 symbols, each one Unicode character with an integer value.
///
/// A symbol is referred to by its index (`0..len`) everywhere in the engine; the character is
/// only for reading and writing text, and the value only for sum rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbols {
    chars: Vec<char>,
    values: Vec<i64>,
    /// The index of each ASCII character that is a symbol, `u8::MAX` for the others: reading
    /// a batch looks up every character of every line.
    ascii: [u8; 128],
}

/// What kind of character `c` is, if it does not show as a character of its own and so
/// cannot be a symbol: a grid of them could not be read, and a bidi override or a zero-width
/// character would change how the text around it reads.
fn invisible(c: char) -> Option<&'static str> {
    use unicode_properties::{GeneralCategory as G, UnicodeGeneralCategory};
    Some(match c.general_category() {
        G::Control => "a control character",
        G::Format => "a format character, such as a direction override or a zero-width one",
        G::NonspacingMark | G::SpacingMark | G::EnclosingMark => {
            "a combining mark, which joins the character before it"
        }
        G::PrivateUse => "a private-use character, which shows differently on every system",
        G::Unassigned | G::Surrogate => "not an assigned character",
        G::SpaceSeparator | G::LineSeparator | G::ParagraphSeparator => "a space",
        // Letters and symbols drawn blank: Hangul fillers, the blank Braille pattern.
        _ if matches!(
            c,
            '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{2800}'
        ) =>
        {
            "a blank character"
        }
        _ => return None,
    })
}

impl Symbols {
    /// An alphabet with its default values: each digit is worth itself when every symbol is a
    /// decimal digit (`0123456789` is 0..=9, `13579` is 1, 3, ..., 9), and otherwise the
    /// values are 1..=N in order (`ABCD` is 1..=4). Each symbol is one character that shows
    /// as itself: not `.`, whitespace, a control or format character (a direction override, a
    /// zero-width space), a combining mark, nor a private-use or blank one.
    ///
    /// ```
    /// use shapedoku::{ModelError, Symbols};
    /// assert!(Symbols::new("αβγ🙂".chars()).is_ok());
    /// let err = Symbols::new("12\u{202E}".chars()).unwrap_err();
    /// assert!(matches!(err, ModelError::InvisibleSymbol('\u{202E}', _)));
    /// assert!(err.to_string().starts_with("U+202E"));
    /// ```
    pub fn new(chars: impl IntoIterator<Item = char>) -> Result<Self, ModelError> {
        let chars: Vec<char> = chars.into_iter().collect();
        let values = default_values(&chars);
        Self::with_values(chars, values)
    }

    /// An alphabet with explicit values (for sum rules), one per character.
    pub fn with_values(chars: Vec<char>, values: Vec<i64>) -> Result<Self, ModelError> {
        if chars.is_empty() || chars.len() > MAX_SYMBOLS {
            return Err(ModelError::SymbolCount(chars.len()));
        }
        if values.len() != chars.len() {
            return Err(ModelError::SymbolValues {
                symbols: chars.len(),
                values: values.len(),
            });
        }
        for (i, c) in chars.iter().enumerate() {
            if c.is_whitespace() || *c == '.' {
                return Err(ModelError::ReservedSymbol(*c));
            }
            if let Some(what) = invisible(*c) {
                return Err(ModelError::InvisibleSymbol(*c, what));
            }
            if chars[..i].contains(c) {
                return Err(ModelError::DuplicateSymbol(*c));
            }
        }
        let mut ascii = [u8::MAX; 128];
        for (i, &c) in chars.iter().enumerate() {
            if c.is_ascii() {
                ascii[c as usize] = i as u8;
            }
        }
        Ok(Symbols {
            chars,
            values,
            ascii,
        })
    }

    /// Number of symbols, N.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    /// Never true: an alphabet has at least one symbol. Present for API symmetry.
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// The character of symbol `i`.
    ///
    /// # Panics
    /// When `i` is not below [`Symbols::len`]; `chars().get(i)` is the checked form.
    pub fn char(&self, i: u8) -> char {
        self.chars[i as usize]
    }

    /// The value of symbol `i` (used by sum rules).
    ///
    /// # Panics
    /// When `i` is not below [`Symbols::len`]; `values().get(i)` is the checked form.
    pub fn value(&self, i: u8) -> i64 {
        self.values[i as usize]
    }

    /// All values, in symbol order.
    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// All characters, in symbol order.
    pub fn chars(&self) -> &[char] {
        &self.chars
    }

    /// The index of a character, if it is a symbol.
    pub fn index_of(&self, c: char) -> Option<u8> {
        if c.is_ascii() {
            return self.index_of_byte(c as u8);
        }
        self.chars.iter().position(|&x| x == c).map(|i| i as u8)
    }

    /// The index of an ASCII character given as a byte, if it is a symbol (`None` for any
    /// byte that is not ASCII).
    pub fn index_of_byte(&self, b: u8) -> Option<u8> {
        self.ascii
            .get(b as usize)
            .copied()
            .filter(|&i| i != u8::MAX)
    }

    /// The set of every symbol.
    pub fn all(&self) -> SymbolSet {
        SymbolSet::full(self.len())
    }

    /// The alphabet as a string, in order.
    pub fn as_string(&self) -> String {
        self.chars.iter().collect()
    }

    /// The symbols of a set as a string, in symbol order (`"125"`); indices outside the
    /// alphabet are left out.
    ///
    /// ```
    /// use shapedoku::{Symbols, SymbolSet};
    /// let s = Symbols::new("ABCD".chars()).unwrap();
    /// assert_eq!(s.write_set(SymbolSet::single(0).with(3)), "AD");
    /// ```
    pub fn write_set(&self, set: SymbolSet) -> String {
        set.iter()
            .filter(|&v| (v as usize) < self.len())
            .map(|v| self.char(v))
            .collect()
    }

    /// True when the values are the defaults of [`Symbols::new`] (not written in a file).
    pub fn has_default_values(&self) -> bool {
        self.values == default_values(&self.chars)
    }
    /// Whether the values mean something to add and compare: every symbol a digit worth
    /// itself, or values written in the file. Letters with their default 1..=N do not.
    pub fn has_numeric_values(&self) -> bool {
        !self.has_default_values() || self.chars.iter().all(char::is_ascii_digit)
    }
}

/// The values an alphabet gets when a file writes none: digits are worth themselves, other
/// alphabets count 1..=N.
fn default_values(chars: &[char]) -> Vec<i64> {
    match chars
        .iter()
        .map(|c| c.to_digit(10))
        .collect::<Option<Vec<u32>>>()
    {
        Some(digits) => digits.into_iter().map(i64::from).collect(),
        None => (1..=chars.len() as i64).collect(),
    }
}

/// A set of symbol indices (a cell's candidates, a house's missing symbols, ...).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct SymbolSet(pub u64);

impl SymbolSet {
    /// The empty set.
    pub const EMPTY: SymbolSet = SymbolSet(0);

    /// `{0, 1, .., n-1}`.
    pub fn full(n: usize) -> Self {
        if n >= 64 {
            SymbolSet(u64::MAX)
        } else {
            SymbolSet((1u64 << n) - 1)
        }
    }
    /// `{s}`.
    pub fn single(s: u8) -> Self {
        SymbolSet(1u64 << s)
    }
    /// This set plus `s`.
    #[must_use]
    pub fn with(self, s: u8) -> Self {
        SymbolSet(self.0 | (1u64 << s))
    }
    /// This set minus `s`.
    #[must_use]
    pub fn without(self, s: u8) -> Self {
        SymbolSet(self.0 & !(1u64 << s))
    }
    /// Whether `s` is in the set.
    pub fn contains(self, s: u8) -> bool {
        self.0 & (1u64 << s) != 0
    }
    /// Number of symbols in the set.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The smallest symbol, if any.
    pub fn first(self) -> Option<u8> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as u8)
    }
    /// The only symbol when the set has exactly one.
    pub fn single_value(self) -> Option<u8> {
        (self.0.count_ones() == 1).then(|| self.0.trailing_zeros() as u8)
    }
    /// Union.
    #[must_use]
    pub fn union(self, o: Self) -> Self {
        SymbolSet(self.0 | o.0)
    }
    /// Intersection.
    #[must_use]
    pub fn intersect(self, o: Self) -> Self {
        SymbolSet(self.0 & o.0)
    }
    /// Difference.
    #[must_use]
    pub fn minus(self, o: Self) -> Self {
        SymbolSet(self.0 & !o.0)
    }
    /// Whether every symbol of `self` is in `o`.
    pub fn is_subset(self, o: Self) -> bool {
        self.0 & !o.0 == 0
    }
    /// The symbols in increasing order.
    pub fn iter(self) -> SymbolIter {
        SymbolIter(self.0)
    }
}

impl fmt::Debug for SymbolSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// A set serialises as the list of its symbols' indices, smallest first (a bit mask would mean
/// nothing outside this crate).
#[cfg(feature = "serde")]
impl serde::Serialize for SymbolSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl FromIterator<u8> for SymbolSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        iter.into_iter().fold(SymbolSet::EMPTY, SymbolSet::with)
    }
}

/// Iterator over a [`SymbolSet`], smallest first.
#[derive(Debug, Clone)]
pub struct SymbolIter(u64);

impl Iterator for SymbolIter {
    type Item = u8;
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let t = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(t)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}
impl ExactSizeIterator for SymbolIter {}
