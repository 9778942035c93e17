//! f-puzzles' drawn elements (`line`, `circle`, `rectangle`, `text`) read as rules the way a
//! SudokuPad link reads them.
//!
//! Setters often draw a rule f-puzzles has no key for, or one they did not pick from the
//! constraint list, as a cosmetic line or circle and state it in the rules text ("German
//! Whispers: adjacent digits along a green line ..."). SudokuPad, which opens the same payload
//! in its `fpuzzles` links, turns each cosmetic into its own drawing (a `line` into a line
//! `width x 20` px thick, a `circle` into a round overlay of its size and colours centred on
//! its cells, a `rectangle` into a square underlay, a `text` into an overlay with text), and
//! the player reads the rule from the drawing and the text. This module makes the same
//! drawings and reads them with the SudokuPad conventions (`sudokupad/read.rs`), the rules
//! text deciding as it does there. Every reading is listed in [`Draft::readings`]; an element
//! no convention reads stays drawn only ([`Draft::left_out`]), since f-puzzles itself treats
//! these keys as decoration. Elements the constraint plug-in draws beside a constraint
//! (`fromConstraint`) are that constraint's picture and are not read again.

use crate::import::ImportError;
use crate::import::draft::Draft;
use crate::import::draft::parse_rc;
use crate::import::fpuzzles::cells::list;
use crate::import::fpuzzles::describe;
use crate::import::sudokupad::draw::{Element, Layer};
use crate::import::sudokupad::read;
use crate::import::sudokupad::text::RulesText;
use crate::import::sudokupad::text_globals;
use serde_json::{Map as Object, Value, json};

/// SudokuPad's conversion draws a cosmetic line `width` (in cells) times this many pixels
/// thick, on its 50-pixel cells.
const LINE_PX_PER_WIDTH: f64 = 20.0;

/// The cosmetic keys read, each with the layer SudokuPad's conversion puts it on.
const DRAWN: &[(&str, Layer)] = &[
    ("line", Layer::Line),
    ("circle", Layer::Overlay),
    ("rectangle", Layer::Underlay),
    ("text", Layer::Overlay),
];

/// The centre of a cell `R3C7` in cell units, (y, x).
fn centre(s: &str, size: u32) -> Option<[f64; 2]> {
    let (r, c) = parse_rc(s, size)?;
    Some([f64::from(r) - 0.5, f64::from(c) - 0.5])
}

/// The cell names of an entry's `cells`.
fn cell_names(item: &Value) -> Vec<&str> {
    item.get("cells")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The mean of the centres of an entry's cells, and the cells' bounding box in cells (rows,
/// columns).
fn placement(item: &Value, size: u32) -> Option<([f64; 2], f64, f64)> {
    let pts: Vec<[f64; 2]> = cell_names(item)
        .into_iter()
        .map(|s| centre(s, size))
        .collect::<Option<_>>()?;
    if pts.is_empty() {
        return None;
    }
    let n = pts.len() as f64;
    let mean = [
        pts.iter().map(|p| p[0]).sum::<f64>() / n,
        pts.iter().map(|p| p[1]).sum::<f64>() / n,
    ];
    let span = |k: usize| {
        let lo = pts.iter().map(|p| p[k]).fold(f64::INFINITY, f64::min);
        let hi = pts.iter().map(|p| p[k]).fold(f64::NEG_INFINITY, f64::max);
        1.0 + hi - lo
    };
    Some((mean, span(0), span(1)))
}

fn num(item: &Value, key: &str) -> Option<f64> {
    item.get(key).and_then(Value::as_f64)
}

/// The SudokuPad drawings of one cosmetic entry, as SudokuPad's conversion makes them; none
/// when the entry's cells cannot be placed.
fn drawings(key: &str, item: &Value, size: u32) -> Vec<Value> {
    let colour = |k: &str| item.get(k).cloned().unwrap_or(Value::Null);
    let text = item.get("value").cloned().unwrap_or(Value::Null);
    match key {
        "line" => {
            let thickness = num(item, "width").unwrap_or(0.05) * LINE_PX_PER_WIDTH;
            let lines = item.get("lines").and_then(Value::as_array);
            lines
                .into_iter()
                .flatten()
                .filter_map(|l| {
                    let pts: Option<Vec<[f64; 2]>> = l
                        .as_array()?
                        .iter()
                        .map(|c| c.as_str().and_then(|s| centre(s, size)))
                        .collect();
                    let color = item
                        .get("outlineC")
                        .cloned()
                        .unwrap_or_else(|| json!("#000000"));
                    Some(json!({"wayPoints": pts?, "color": color, "thickness": thickness}))
                })
                .collect()
        }
        "circle" => placement(item, size)
            .map(|(c, _, _)| {
                json!({"center": c, "width": num(item, "width").unwrap_or(0.0),
                "height": num(item, "height").unwrap_or(0.0), "rounded": true,
                "borderColor": colour("outlineC"), "backgroundColor": colour("baseC"),
                "text": text})
            })
            .into_iter()
            .collect(),
        "rectangle" => placement(item, size)
            .map(|(c, h, w)| {
                json!({"center": c, "width": w * num(item, "width").unwrap_or(0.5),
                "height": h * num(item, "height").unwrap_or(0.5), "rounded": false,
                "borderColor": colour("outlineC"), "backgroundColor": colour("baseC"),
                "text": text})
            })
            .into_iter()
            .collect(),
        _ => placement(item, size)
            .map(|(c, _, _)| json!({"center": c, "width": 1.0, "height": 1.0, "text": text}))
            .into_iter()
            .collect(),
    }
}

/// Reads the cosmetic keys of `obj` as rules where the SudokuPad conventions and the rules
/// text say what they are; the rest is listed as drawn only. Also reads anti-knight and
/// anti-king stated only in the rules text, as SudokuPad links are read.
pub(in crate::import) fn read(
    obj: &Object<String, Value>,
    d: &mut Draft,
) -> Result<(), ImportError> {
    let size = d.size;
    let mut els: Vec<Element> = Vec::new();
    // Which entry each element was drawn from: (key, index in its list).
    let mut from: Vec<(&str, usize)> = Vec::new();
    let mut left_out: Vec<(&str, usize)> = Vec::new();
    for &(key, layer) in DRAWN {
        let Some(v) = obj.get(key) else { continue };
        for (i, item) in list(key, v)?.iter().enumerate() {
            let made = drawings(key, item, size);
            if item.get("fromConstraint").is_some() || made.is_empty() {
                left_out.push((key, i));
                continue;
            }
            for m in made {
                let mut e = Element::read(layer, i + 1, &m);
                e.source = key;
                els.push(e);
                from.push((key, i));
            }
        }
    }
    let text = RulesText::new(d.rules_text.as_deref());
    let before = d.rules.len();
    text_globals(&text, d);
    if !els.is_empty() {
        read::thermometers(&mut els, &text, d);
        read::kropki(&mut els, &text, d);
        read::xv(&mut els, &text, d)?;
        read::extremes(&mut els, &text, d);
        read::parity(&mut els, &text, d);
        read::lines(&mut els, &text, d.rules_text.is_some(), d);
        read::outside_clues(&mut els, &text, d);
    }
    // A setter who drew a key's line again (for apps without the constraint) gets it once.
    let (keys, read) = d.rules.split_at(before);
    let copies: Vec<usize> = (0..read.len())
        .filter(|&i| {
            let r = &read[i];
            let mut back = r.cells.clone();
            back.reverse();
            !r.cells.is_empty()
                && keys.iter().any(|k| {
                    // A thermometer read backwards is another rule, not a copy.
                    let undirected = !r.kind.contains("thermo");
                    k.kind == r.kind && (k.cells == r.cells || (undirected && k.cells == back))
                })
        })
        .collect();
    for &i in copies.iter().rev() {
        d.rules.remove(before + i);
    }
    // An entry is drawn only when one of its drawings was not read.
    for (e, &at) in els.iter().zip(&from) {
        if !e.used && !left_out.contains(&at) {
            left_out.push(at);
        }
    }
    left_out.sort_by_key(|&(key, i)| (DRAWN.iter().position(|x| x.0 == key), i));
    for (key, i) in left_out {
        if let Some(item) = obj
            .get(key)
            .and_then(Value::as_array)
            .and_then(|a| a.get(i))
        {
            d.left_out.push(describe(key, i, item, size));
        }
    }
    Ok(())
}
