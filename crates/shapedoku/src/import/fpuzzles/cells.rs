//! Cells out of f-puzzles JSON: `R3C7` references, lists of them and the `cells` / `lines`
//! fields every rule entry uses, with errors naming the key and the entry. Shared by the key
//! table (`fpuzzles/mod.rs`) and the rule importers (`fpuzzles/rules.rs`) so neither reads the
//! other.

use crate::import::ImportError;
use crate::import::draft::{Rc, parse_rc};
use serde_json::Value;

pub(in crate::import) fn list<'a>(key: &str, v: &'a Value) -> Result<&'a Vec<Value>, ImportError> {
    v.as_array()
        .ok_or_else(|| ImportError::key(key, format!("`{key}` must be a list")))
}

pub(in crate::import) fn rc_list(
    key: &str,
    i: usize,
    v: Option<&Value>,
    size: u32,
) -> Result<Vec<Rc>, ImportError> {
    let bad = || {
        ImportError::key(
            key,
            format!(
                "`{key}` {}: its cells must be a list of cells such as \"R1C1\" inside the {size}x{size} grid",
                i + 1
            ),
        )
    };
    let items = v.and_then(Value::as_array).ok_or_else(bad)?;
    items
        .iter()
        .map(|x| x.as_str().and_then(|s| parse_rc(s, size)).ok_or_else(bad))
        .collect()
}

pub(in crate::import) fn cells_of(
    key: &str,
    i: usize,
    item: &Value,
    size: u32,
) -> Result<Vec<Rc>, ImportError> {
    let cells = rc_list(key, i, item.get("cells"), size)?;
    if cells.is_empty() {
        return Err(ImportError::key(
            key,
            format!("`{key}` {} has no cells", i + 1),
        ));
    }
    Ok(cells)
}

pub(in crate::import) fn lines(
    key: &str,
    i: usize,
    item: &Value,
    size: u32,
) -> Result<Vec<Vec<Rc>>, ImportError> {
    let Some(ls) = item.get("lines").and_then(Value::as_array) else {
        return Err(ImportError::key(
            key,
            format!("`{key}` {} has no `lines`", i + 1),
        ));
    };
    ls.iter().map(|l| rc_list(key, i, Some(l), size)).collect()
}

/// A `true`/`false` key's value.
pub(in crate::import) fn flag(key: &str, v: &Value) -> Result<bool, ImportError> {
    v.as_bool()
        .ok_or_else(|| ImportError::key(key, format!("`{key}` must be true or false")))
}

/// An element's `value` as text: f-puzzles writes numbers as strings or numbers. Empty is
/// none.
pub(in crate::import) fn value_text(item: &Value) -> Option<String> {
    match item.get("value") {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_string()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    }
}
