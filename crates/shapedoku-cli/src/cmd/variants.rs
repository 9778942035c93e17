//! `shapedoku variants`: list built-ins, print one's TOML.

use crate::args::{VariantsAction, VariantsArgs};
use crate::{exit, Failure, Io};
use shapedoku::builtin;

/// Runs `variants`.
pub fn run(a: &VariantsArgs, io: &mut Io<'_>) -> anyhow::Result<i32> {
    match &a.action {
        None | Some(VariantsAction::List) => {
            for name in builtin::names() {
                let desc = shapedoku::load::load_builtin(name)
                    .map(|l| l.geometry.description().to_string())
                    .unwrap_or_default();
                writeln!(io.stdout, "{name:<12} {desc}")?;
            }
            Ok(exit::OK)
        }
        Some(VariantsAction::Show { name }) => match builtin::source(name) {
            Some(text) => {
                io.stdout.write_all(text.as_bytes())?;
                Ok(exit::OK)
            }
            None => Err(Failure(format!(
                "error: `{name}` is not a built-in variant (built-ins: {})\n",
                builtin::names().join(", ")
            ))
            .into()),
        },
    }
}
