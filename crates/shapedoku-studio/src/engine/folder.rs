//! The one folder the studio may read variants from besides the built-ins: the folder of the
//! file given on the command line. A puzzle on the user's own variant (`variant =
//! "my-variant.toml"`) loads when that variant file sits beside the file the studio was started
//! on. Nothing else on disk is read: a `variant` must be a built-in's name or the plain name of
//! a file in that folder (no `/`, `\`, `..`, no absolute path), and a name that leads outside
//! it through a link is refused too.
//!
//! The folder travels with each job (see [`crate::dispatch::Job`]) and is set for the job's
//! thread while it works, so every load in the engine sees it without each call passing it.

use shapedoku::load::resolve::{BuiltinsOnly, Found, NotFound, Resolve};
use shapedoku::load::{self, Analysis, Source};
use std::cell::RefCell;
use std::path::{Component, Path, PathBuf};

thread_local! {
    static FOLDER: RefCell<Option<PathBuf>> = const { RefCell::new(None) };
}

/// Runs `work` with `folder` as the folder variants may be read from (on this thread).
pub fn scoped<T>(folder: Option<PathBuf>, work: impl FnOnce() -> T) -> T {
    struct Reset(Option<PathBuf>);
    impl Drop for Reset {
        fn drop(&mut self) {
            let old = self.0.take();
            FOLDER.with(|f| *f.borrow_mut() = old);
        }
    }
    let old = FOLDER.with(|f| f.replace(folder));
    let _reset = Reset(old);
    work()
}

/// The folder variants may be read from, for the job on this thread.
pub fn current() -> Option<PathBuf> {
    FOLDER.with(|f| f.borrow().clone())
}

/// Whether `name` is the plain name of a file (one normal path component, no separator).
pub fn is_plain_file_name(name: &str) -> bool {
    let mut parts = Path::new(name).components();
    matches!(parts.next(), Some(Component::Normal(_)))
        && parts.next().is_none()
        && !name.contains(['/', '\\'])
}

/// Built-ins first, then plain file names in one folder, each read up to the library's input
/// cap.
#[derive(Debug, Clone)]
pub struct BuiltinsAndFolder {
    /// The folder (none: built-ins only).
    pub folder: Option<PathBuf>,
}

impl Resolve for BuiltinsAndFolder {
    fn resolve(&self, name: &str, _dir: Option<&Path>) -> Result<Found, NotFound> {
        let builtin = BuiltinsOnly.resolve(name, None);
        let Some(folder) = &self.folder else {
            return builtin;
        };
        if builtin.is_ok() {
            return builtin;
        }
        let refuse = |why: String| NotFound {
            message: format!("variant `{name}` is not a built-in, and {why}"),
            help: format!(
                "use a built-in ({}), or put the variant file in {} and name it by its file name",
                shapedoku::builtin::names().join(", "),
                folder.display()
            ),
        };
        if !is_plain_file_name(name) {
            return Err(refuse(
                "the studio reads no path: only files in the folder of the file it was started on"
                    .into(),
            ));
        }
        let path = folder.join(name);
        // A link in the folder must not lead out of it.
        let inside = match (path.canonicalize(), folder.canonicalize()) {
            (Ok(p), Ok(f)) => p.parent() == Some(f.as_path()),
            (Err(e), _) | (_, Err(e)) => {
                return Err(refuse(format!("{} cannot be read: {e}", path.display())));
            }
        };
        if !inside {
            return Err(refuse(format!(
                "{} leads out of its folder",
                path.display()
            )));
        }
        let cap = shapedoku::Limits::DEFAULT.max_input_bytes;
        match shapedoku::limits::read_file(&path, cap) {
            Ok(text) => Ok(Found {
                source: Source {
                    name: name.to_string(),
                    text,
                },
                dir: Some(folder.clone()),
            }),
            Err(e) => Err(refuse(format!("{} cannot be read: {e}", path.display()))),
        }
    }
}

/// The resolver for the job on this thread.
pub fn resolver() -> BuiltinsAndFolder {
    BuiltinsAndFolder { folder: current() }
}

/// Loads a file's text with [`resolver`]: the studio's one way of loading text.
pub fn analyze(name: &str, text: &str) -> Analysis {
    load::Loader::new()
        .resolver(&resolver())
        .analyze_str(name, text, None)
}
