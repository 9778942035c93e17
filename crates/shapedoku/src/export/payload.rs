//! The f-puzzles JSON object as it is being written, shared by the payload's parts (shapes,
//! rules, marks, drawings, the rules text), which add their keys to it.

use serde_json::{Map, Value};

/// The f-puzzles JSON being written: one object, its constraint keys lists of entries.
#[derive(Debug, Default)]
pub(super) struct Payload {
    obj: Map<String, Value>,
}

impl Payload {
    /// Sets a key.
    pub(super) fn set(&mut self, key: &str, v: Value) {
        self.obj.insert(key.to_string(), v);
    }

    /// Appends an entry to the list under `key`.
    pub(super) fn push(&mut self, key: &str, item: Value) {
        let list = self
            .obj
            .entry(key.to_string())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(a) = list {
            a.push(item);
        }
    }

    /// The JSON object written.
    pub(super) fn into_json(self) -> Value {
        Value::Object(self.obj)
    }

    /// Whether `key` is written.
    pub(super) fn has(&self, key: &str) -> bool {
        self.obj.contains_key(key)
    }

    /// The entries under `key`.
    pub(super) fn entries(&self, key: &str) -> &[Value] {
        self.obj
            .get(key)
            .and_then(Value::as_array)
            .map_or(&[], Vec::as_slice)
    }
}
