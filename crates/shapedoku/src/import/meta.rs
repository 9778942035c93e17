//! Metadata both formats carry: `title: ...` lines (SudokuPad's habit of writing the title,
//! author, rules and solution as text in a cage or a note, which f-puzzles files saved by
//! SudokuPad keep too) and the solution. Shared by both readers, so neither reads the other.

use crate::import::ImportError;
use crate::import::draft::Draft;
use serde_json::Value;

/// A metadata line as SudokuPad writes it, `title: ...`: the name and the value.
pub(in crate::import) fn meta_line(s: &str) -> Option<(&str, &str)> {
    let (k, v) = s.split_once(':')?;
    (!k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric())).then_some((k, v.trim()))
}

/// Sets a metadata field from a `name: value` line; false when the name is not one kept.
pub(in crate::import) fn set_meta(
    d: &mut Draft,
    name: &str,
    value: &str,
) -> Result<bool, ImportError> {
    let v = Some(value.to_string()).filter(|s| !s.is_empty());
    match name {
        "title" => d.title = d.title.take().or(v),
        "author" => d.author = d.author.take().or(v),
        "rules" => d.rules_text = d.rules_text.take().or(v),
        "solution" if d.solution.is_none() => solution(&Value::String(value.into()), d)?,
        "solution" => {}
        _ => return Ok(false),
    }
    Ok(true)
}

/// A solution: a list of values row by row, or a string of digits. An incomplete one (blanks,
/// zeros) is left out, said so.
pub(in crate::import) fn solution(v: &Value, d: &mut Draft) -> Result<(), ImportError> {
    let n = (d.size * d.size) as usize;
    let values: Vec<Option<u32>> = match v {
        // f-puzzles writes numbers; puzzles saved by other tools write them as strings.
        Value::Array(a) => a
            .iter()
            .map(|x| match x {
                Value::String(s) => s.trim().parse().ok(),
                _ => x.as_u64().and_then(|x| u32::try_from(x).ok()),
            })
            .collect(),
        Value::String(s) if s.contains(',') => {
            s.split(',').map(|x| x.trim().parse().ok()).collect()
        }
        Value::String(s) => s.chars().map(|c| c.to_digit(10)).collect(),
        _ => {
            return Err(ImportError::key(
                "solution",
                "`solution` must be a list of values",
            ));
        }
    };
    let ok = values.len() == n
        && values
            .iter()
            .all(|x| x.is_some_and(|x| (1..=d.size).contains(&x)));
    if ok {
        d.solution = Some(values.into_iter().flatten().collect());
    } else if values.iter().any(|x| x.is_some_and(|x| x > 0))
        || (values.len() == n && values.iter().any(Option::is_none))
    {
        d.left_out.push(format!(
            "the solution: it is incomplete or not {n} values from 1 to {}",
            d.size
        ));
    }
    Ok(())
}
