//! Stage 2: `variant = "NAME"` → the base file. A [`Resolve`] finds the text a name stands for;
//! [`BuiltinsThenFiles`] (what [`super::load_str`] uses) tries the built-ins first, then a file
//! relative to the including file, and [`BuiltinsOnly`] never touches the disk, for text from
//! a source that must not name files (a web form, say). Following the chain of bases is bounded:
//! a chain deeper than [`MAX_DEPTH`] files, which is what a cycle becomes, is reported.
//!
//! ```
//! use shapedoku::load::{self, resolve::BuiltinsOnly};
//! let ok = load::load_with("p.toml", "variant = \"4x4\"", None, &BuiltinsOnly);
//! assert!(ok.is_ok());
//! let err = load::load_with("p.toml", "variant = \"/etc/passwd\"", None, &BuiltinsOnly).unwrap_err();
//! assert!(err.diagnostics[0].message.contains("is not a built-in"));
//! ```

use super::read::{self, Read};
use super::source::{Diagnostic, Source, closest};
use crate::{Limits, embedded};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The most files a chain of `variant`s may have below the file being loaded.
pub const MAX_DEPTH: usize = 8;

/// Finds the file a `variant` names.
pub trait Resolve {
    /// The file `name` stands for, when named by a file in `dir` (`None` for a file that is
    /// not on disk: a built-in, or text given directly).
    fn resolve(&self, name: &str, dir: Option<&Path>) -> Result<Found, NotFound>;
}

/// A base file, found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// Its name for messages and its text.
    pub source: Source,
    /// The directory its own `variant` is relative to (`None` for a built-in).
    pub dir: Option<PathBuf>,
}

/// Why a name could not be resolved: reported at the `variant` that names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotFound {
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: String,
}

/// Built-in variants only; any other name is an error. Never reads a file.
#[derive(Debug, Clone, Copy, Default)]
pub struct BuiltinsOnly;

/// Built-in variants first, then files (a relative path is relative to the including file),
/// each read up to `max_input_bytes`.
#[derive(Debug, Clone, Copy)]
pub struct BuiltinsThenFiles {
    /// The most bytes read from one file (a larger file, or an endless one such as
    /// `/dev/zero`, is refused).
    pub max_input_bytes: u64,
}

impl Default for BuiltinsThenFiles {
    fn default() -> Self {
        BuiltinsThenFiles {
            max_input_bytes: crate::Limits::DEFAULT.max_input_bytes,
        }
    }
}

fn builtin(name: &str) -> Option<Found> {
    embedded::source(name).map(|text| Found {
        source: Source::new(format!("builtin:{name}"), text),
        dir: None,
    })
}

impl Resolve for BuiltinsOnly {
    fn resolve(&self, name: &str, _dir: Option<&Path>) -> Result<Found, NotFound> {
        builtin(name).ok_or_else(|| {
            let names = embedded::names();
            NotFound {
                message: format!("variant `{name}` is not a built-in"),
                help: match closest(name, &names) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None => format!(
                        "built-in variants: {}; files cannot be named here",
                        names.join(", ")
                    ),
                },
            }
        })
    }
}

impl Resolve for BuiltinsThenFiles {
    fn resolve(&self, name: &str, dir: Option<&Path>) -> Result<Found, NotFound> {
        if let Some(found) = builtin(name) {
            return Ok(found);
        }
        let path = dir.map_or_else(|| PathBuf::from(name), |d| d.join(name));
        match crate::limits::read_file(&path, self.max_input_bytes) {
            Ok(text) => Ok(Found {
                source: Source::new(path.display().to_string(), text),
                dir: path.parent().map(Path::to_path_buf),
            }),
            Err(e) if crate::limits::is_too_large(&e) => Err(NotFound {
                message: format!("variant `{name}` cannot be read ({}: {e})", path.display()),
                help: super::INPUT_CAP_HELP.into(),
            }),
            Err(e) => {
                let names = embedded::names();
                Err(NotFound {
                    message: format!(
                        "variant `{name}` is neither a built-in nor a readable file ({}: {e})",
                        path.display()
                    ),
                    help: match closest(name, &names) {
                        Some(s) => format!("did you mean `{s}`?"),
                        None => format!(
                            "built-in variants: {}; a path is relative to this file",
                            names.join(", ")
                        ),
                    },
                })
            }
        }
    }
}

/// One file of a chain of variants, read.
#[derive(Debug)]
pub(crate) struct Link {
    pub src: Arc<Source>,
    /// The file as read; its header problems have been reported already.
    pub read: Read,
    /// How many problems were reported for this file while following the chain.
    pub head_problems: usize,
}

/// Reads a file and, one after the other, the base variants under it: the top file first.
/// Each file's header problems are reported as it is read, so they come before anything
/// found in its bases. `None` when the chain cannot be followed (reported).
pub(crate) fn chain(
    top: Arc<Source>,
    dir: Option<PathBuf>,
    resolver: &dyn Resolve,
    limits: &Limits,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<Link>> {
    let (mut src, mut dir) = (top, dir);
    let mut links = Vec::new();
    // The caps hold for the files of the chain together: a file that names itself is read
    // [`MAX_DEPTH`] times, and must not cost that many times the caps.
    let mut items_left = limits.max_toml_items;
    let mut bytes_left = limits.max_input_bytes;
    loop {
        bytes_left = bytes_left.saturating_sub(src.text.len() as u64);
        let mut read = read::read(&src, (&mut items_left, limits.max_toml_items));
        let mut head = std::mem::take(&mut read.head);
        let next = match read.def.variant.valid() {
            None => {
                if !read.def.symbols.is_present() && !read.syntax_broken {
                    head.push(
                        Diagnostic::new(&src, Some(0..0), "the file has neither `symbols` nor `variant`")
                            .help("a variant file needs `symbols = \"123456789\"`; a puzzle file needs `variant = \"classic\"`"),
                    );
                }
                None
            }
            Some(v) => {
                let problem = if links.len() >= MAX_DEPTH {
                    Err(Diagnostic::new(
                        &src,
                        Some(v.span()),
                        "variants nest too deeply (a cycle?)",
                    ))
                } else {
                    resolver
                        .resolve(v.get_ref(), dir.as_deref())
                        .map_err(|e| Diagnostic::new(&src, Some(v.span()), e.message).help(e.help))
                        .and_then(|found| within(found, (bytes_left, limits), &src, v.span()))
                };
                match problem {
                    Ok(found) => Some(found),
                    Err(d) => {
                        diags.extend(head);
                        diags.push(d);
                        return None;
                    }
                }
            }
        };
        let head_problems = head.len();
        diags.extend(head);
        links.push(Link {
            src,
            read,
            head_problems,
        });
        let Some(found) = next else {
            return Some(links);
        };
        src = Arc::new(found.source);
        dir = found.dir;
    }
}

/// A base variant, if the files of the chain stay within the input cap with it (`bytes_left`
/// of it are left).
fn within(
    found: Found,
    (bytes_left, limits): (u64, &Limits),
    src: &Arc<Source>,
    span: std::ops::Range<usize>,
) -> Result<Found, Diagnostic> {
    if found.source.text.len() as u64 <= bytes_left {
        return Ok(found);
    }
    Err(Diagnostic::new(
        src,
        Some(span),
        format!(
            "with the variant named here the files of this puzzle are larger than {} together, the most that is read",
            crate::limits::bytes(limits.max_input_bytes)
        ),
    )
    .help(super::INPUT_CAP_HELP))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::{analyze_str, analyze_with, load_str, load_with};

    /// Files held in memory, so chains can be tested without a disk.
    struct Memory(&'static [(&'static str, &'static str)]);

    impl Resolve for Memory {
        fn resolve(&self, name: &str, _dir: Option<&Path>) -> Result<Found, NotFound> {
            match self.0.iter().find(|(n, _)| *n == name) {
                Some((n, text)) => Ok(Found {
                    source: Source::new(*n, *text),
                    dir: None,
                }),
                None => BuiltinsOnly.resolve(name, None),
            }
        }
    }

    fn messages(name: &str, text: &str, r: &dyn Resolve) -> Vec<String> {
        let a = analyze_with(name, text, None, r);
        a.diagnostics.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_chain_of_variants_adds_up_base_first() {
        let files = Memory(&[(
            "mid",
            "variant = \"4x4\"\nname = \"mid\"\n[[shape]]\ncells = \"r1c1 r2c2\"\n",
        )]);
        let l = load_with(
            "top",
            "variant = \"mid\"\n[[cage]]\nsum = 3\ncells = \"r4c1 r4c2\"\n",
            None,
            &files,
        )
        .unwrap();
        assert_eq!(l.geometry.name(), "mid");
        // 4 rows, 4 columns, 4 boxes, the diagonal piece of `mid` and the cage of `top`.
        assert_eq!(l.geometry.shapes().len(), 14);
        assert!(l.is_puzzle);
    }

    #[test]
    fn a_cycle_is_reported_once_not_followed_forever() {
        let files = Memory(&[("a", "variant = \"b\"\n"), ("b", "variant = \"a\"\n")]);
        let m = messages("top", "variant = \"a\"\n", &files);
        assert_eq!(m.len(), 1, "{m:?}");
        assert!(
            m[0].contains("variants nest too deeply (a cycle?)"),
            "{m:?}"
        );
    }

    #[test]
    fn a_broken_base_is_listed_first_and_blamed_at_the_variant_key() {
        let files = Memory(&[(
            "base",
            "symbols = \"1234\"\nsymbol = 1\n[[grid]]\nsize = 4\n",
        )]);
        // The rest of `top` (its `name`) is not checked against a broken base.
        let m = messages("top", "variant = \"base\"\nname = 5\n", &files);
        assert_eq!(
            m,
            [
                "base:2:1: unknown key `symbol` in the top level (help: did you mean `symbols`?)",
                "top:1:11: the variant `base` has problems (listed above) (help: fix the variant file first)",
            ]
        );
        // Problems in the including file's header are found first, so its file comes first.
        let m = messages("top", "variant = \"base\"\nnope = 1\n", &files);
        assert_eq!(m.len(), 3, "{m:?}");
        assert!(
            m[0].starts_with("top:1:11: the variant `base` has problems"),
            "{m:?}"
        );
        assert!(m[1].starts_with("top:2:1: unknown key `nope`"), "{m:?}");
        assert!(m[2].starts_with("base:2:1: unknown key `symbol`"), "{m:?}");
    }

    #[test]
    fn builtins_only_never_reads_a_file() {
        let dir = std::env::temp_dir().join(format!("shapedoku-resolve-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("base.toml"),
            "symbols = \"12\"\n[[grid]]\nsize = 2\n",
        )
        .unwrap();
        let text = "variant = \"base.toml\"\n";
        // The default resolver finds the file next to the including one ...
        assert!(load_str("p.toml", text, Some(&dir)).is_ok());
        // ... and `BuiltinsOnly` refuses it.
        let err = load_with("p.toml", text, Some(&dir), &BuiltinsOnly).unwrap_err();
        assert_eq!(
            err.to_string(),
            "p.toml:1:11: variant `base.toml` is not a built-in (help: built-in variants: classic, x-diagonal, windoku, jigsaw, toroidal, killer, samurai, tredoku, 4x4, 6x6, 16x16, 25x25, letters; files cannot be named here)"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_variant_suggests_a_builtin() {
        let a = analyze_str(
            "t.toml",
            "variant = \"clasic\"\n",
            Some(Path::new("/nonexistent")),
        );
        assert_eq!(a.diagnostics.len(), 1);
        assert_eq!(
            a.diagnostics[0].help.as_deref(),
            Some("did you mean `classic`?")
        );
        assert_eq!(a.diagnostics[0].line_col(), Some((1, 11)));
    }
}
