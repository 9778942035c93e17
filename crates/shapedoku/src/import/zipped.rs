//! SudokuPad's zipped JSON, the text inside an `scl` payload: JSON with unquoted keys, strings
//! in single quotes (`\'` for a quote inside), `t` and `f` for true and false, colours written
//! bare (`#0`, `#F`, six hex digits), empty objects left out of arrays (`[,,]` is three `{}`),
//! and short names for the common keys (`ce` for `cells`, `v` for `value`, ...). Plain JSON
//! reads too, so one reader serves both. The result is ordinary JSON with the long key names.

use serde_json::{Map, Value};

/// The short key names and the names they stand for, as SudokuPad's zipper writes them.
const KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// Nesting deeper than this is refused, so a crafted payload cannot exhaust the stack.
const MAX_DEPTH: usize = 64;

/// The most items (values, empty slots and the separators between them) a puzzle's JSON may
/// have. A 128x128 puzzle, the largest geometry read, with a value and a note in every cell
/// has about 100,000; parsed, an item takes up to about 100 bytes, so this bounds a parse
/// near 100 MB whatever the input, where 60 MiB of `[,,,...]` (each comma an empty object)
/// took 2 GB.
pub(super) const MAX_ITEMS: usize = 1 << 20;

/// Refuses a text with more than [`MAX_ITEMS`] items, counted in one pass over its bytes
/// before anything is parsed: each value is at least one byte, and each one past the first
/// in an array or object follows a `,` or a `:`, so counting brackets, commas and colons
/// outside strings bounds the values of plain and zipped JSON alike.
pub(super) fn check_items(text: &str) -> Result<(), String> {
    let mut items = 0usize;
    let mut quote = None;
    let mut escaped = false;
    for &b in text.as_bytes() {
        match quote {
            Some(q) => {
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == q {
                    quote = None;
                }
            }
            None => match b {
                b'"' | b'\'' => quote = Some(b),
                b',' | b':' | b'[' | b'{' => {
                    items += 1;
                    if items > MAX_ITEMS {
                        return Err(format!(
                            "the puzzle has more than {MAX_ITEMS} items (values and separators), far more than any puzzle needs"
                        ));
                    }
                }
                _ => {}
            },
        }
    }
    Ok(())
}

/// Parses plain JSON as it is, or else zipped JSON; the error says where it stopped. The text
/// is refused first if it has more items than a puzzle may ([`check_items`]).
pub(super) fn parse(text: &str) -> Result<Value, String> {
    check_items(text)?;
    if let Ok(v) = serde_json::from_str(text) {
        return Ok(v);
    }
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
    };
    let v = p.value(0, false)?;
    p.ws();
    if p.i != p.s.len() {
        return Err(p.fail("text after the end of the puzzle"));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn fail(&self, what: &str) -> String {
        format!("{what} at character {}", self.i + 1)
    }
    fn ws(&mut self) {
        while self.s.get(self.i).is_some_and(u8::is_ascii_whitespace) {
            self.i += 1;
        }
    }
    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.i).copied()
    }

    /// A value; `after_key` allows the bare forms SudokuPad writes only after a key.
    fn value(&mut self, depth: usize, after_key: bool) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err(self.fail("nesting too deep"));
        }
        match self.peek() {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(q @ (b'"' | b'\'')) => self.string(q).map(Value::String),
            Some(_) => self.bare(after_key),
            None => Err(self.fail("unexpected end")),
        }
    }

    fn object(&mut self, depth: usize) -> Result<Value, String> {
        self.i += 1;
        let mut map = Map::new();
        loop {
            match self.peek() {
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Value::Object(map));
                }
                Some(b',') => self.i += 1,
                Some(_) => {
                    let key = match self.peek() {
                        Some(q @ (b'"' | b'\'')) => self.string(q)?,
                        _ => self.token(),
                    };
                    if key.is_empty() || self.peek() != Some(b':') {
                        return Err(self.fail("expected a key and `:`"));
                    }
                    self.i += 1;
                    let v = self.value(depth + 1, true)?;
                    let long = KEYS.iter().find(|k| k.0 == key).map_or(key, |k| k.1.into());
                    map.insert(long, v);
                }
                None => return Err(self.fail("unclosed `{`")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, String> {
        self.i += 1;
        let mut items = Vec::new();
        // An empty slot (between `[` or `,` and `,` or `]`) is an empty object.
        let mut slot_open = true;
        loop {
            match self.peek() {
                Some(b']') => {
                    self.i += 1;
                    // `[]` too: the zipper drops empty arrays, so it can only be `[{}]`.
                    if slot_open {
                        items.push(Value::Object(Map::new()));
                    }
                    return Ok(Value::Array(items));
                }
                Some(b',') => {
                    self.i += 1;
                    if slot_open {
                        items.push(Value::Object(Map::new()));
                    }
                    slot_open = true;
                }
                Some(_) if slot_open => {
                    items.push(self.value(depth + 1, false)?);
                    slot_open = false;
                }
                Some(_) => return Err(self.fail("expected `,` or `]`")),
                None => return Err(self.fail("unclosed `[`")),
            }
        }
    }

    fn string(&mut self, quote: u8) -> Result<String, String> {
        self.i += 1;
        let start = self.i;
        let mut out = Vec::new();
        while let Some(&b) = self.s.get(self.i) {
            self.i += 1;
            match b {
                b'\\' => {
                    let Some(&e) = self.s.get(self.i) else { break };
                    self.i += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        b'r' => out.push(b'\r'),
                        b'b' | b'f' => {}
                        b'u' => {
                            let hex = self.s.get(self.i..self.i + 4).unwrap_or_default();
                            let code = std::str::from_utf8(hex)
                                .ok()
                                .and_then(|h| u32::from_str_radix(h, 16).ok())
                                .ok_or_else(|| self.fail("bad `\\u` escape"))?;
                            self.i += 4;
                            let ch = char::from_u32(code).unwrap_or('\u{FFFD}');
                            out.extend_from_slice(ch.to_string().as_bytes());
                        }
                        other => out.push(other),
                    }
                }
                b if b == quote => {
                    return String::from_utf8(out).map_err(|_| self.fail("a string is not UTF-8"));
                }
                b => out.push(b),
            }
        }
        self.i = start;
        Err(self.fail("unclosed string"))
    }

    /// The characters of a bare word: letters, digits, `#`, `.`, `-`, `+`.
    fn token(&mut self) -> String {
        let start = self.i;
        while self
            .s
            .get(self.i)
            .is_some_and(|b| b.is_ascii_alphanumeric() || b"#.-+_".contains(b))
        {
            self.i += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.i]).into_owned()
    }

    fn bare(&mut self, after_key: bool) -> Result<Value, String> {
        let t = self.token();
        let hex6 = t.len() == 6 && t.bytes().all(|b| b.is_ascii_hexdigit());
        Ok(match t.as_str() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            "null" => Value::Null,
            "t" if after_key => Value::Bool(true),
            "f" if after_key => Value::Bool(false),
            "#0" if after_key => Value::String("#000000".into()),
            "#F" if after_key => Value::String("#FFFFFF".into()),
            _ if after_key && hex6 => Value::String(format!("#{t}")),
            "" => return Err(self.fail("unexpected character")),
            _ => match serde_json::from_str::<serde_json::Number>(&t) {
                Ok(n) => Value::Number(n),
                Err(_) => return Err(self.fail(&format!("`{t}` is not a value"))),
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_the_zipped_forms() {
        let v = parse("{ce:[[,{v:5},],[{v:1},,]],ca:[{v:'title: It\\'s mine',ce:[[0,0]]}],u:[{c2:CFCFCF,r:t,w:0.85}],x:f,y:#0}").unwrap();
        assert_eq!(
            v,
            json!({
                "cells": [[{}, {"value": 5}, {}], [{"value": 1}, {}, {}]],
                "cages": [{"value": "title: It's mine", "cells": [[0, 0]]}],
                "underlays": [{"backgroundColor": "#CFCFCF", "rounded": true, "width": 0.85}],
                "x": false,
                "y": "#000000"
            })
        );
    }

    #[test]
    fn reads_plain_json_and_reports_where_it_stops() {
        // Plain JSON keeps its key names; only the zipped form has short ones.
        assert_eq!(
            parse(r#"{"a": [1, -2.5e1, "s\"q"], "b": null}"#).unwrap(),
            json!({"a": [1, -25.0, "s\"q"], "b": null})
        );
        assert_eq!(
            parse("{a:[-2.5e1,[]]}").unwrap(),
            json!({"arrows": [-25.0, [{}]]})
        );
        assert!(parse("{ce:[1,2}").unwrap_err().contains("character 9"));
        assert!(parse("{v:'open}").is_err());
        assert!(parse(&"[".repeat(100)).unwrap_err().contains("nesting"));
        assert!(parse("[1] x").is_err());
    }

    #[test]
    fn items_are_counted_before_parsing() {
        // `{`, `:` and `[`, then the commas: exactly the cap.
        let within = format!("{{ce:[{}]}}", ",".repeat(MAX_ITEMS - 3));
        assert_eq!(
            parse(&within).unwrap()["cells"].as_array().map(Vec::len),
            Some(MAX_ITEMS - 2)
        );
        let over = format!("{{ce:[{}]}}", ",".repeat(MAX_ITEMS));
        assert!(parse(&over).unwrap_err().contains("more than"));
        let plain = format!("{{\"cells\":[{}{{}}]}}", "{},".repeat(MAX_ITEMS));
        assert!(parse(&plain).unwrap_err().contains("more than"));
        // Separators inside strings, of either quote and escaped quotes, are not items.
        let text = format!(
            "{{t:'{}\\'{}',v:\"{}\\\"\"}}",
            ",".repeat(MAX_ITEMS),
            ":".repeat(9),
            "[".repeat(MAX_ITEMS)
        );
        assert_eq!(check_items(&text), Ok(()));
        assert!(parse(&text).is_ok());
    }
}
