//! The native half of the `shapedoku` Python package (`shapedoku._shapedoku`).
//!
//! This file is glue only: Python arguments in, Python objects out. Every call into the
//! shapedoku library goes through [`engine`], which returns plain data; results become Python
//! objects generically (pythonize over their `Serialize` form), never field by field. Long runs
//! (counting, reasoning, generating, batches) release the GIL. The typed, documented Python API
//! is in `python/shapedoku/`; `python/shapedoku/_shapedoku.pyi` describes this module.

mod engine;

use engine::{Handle, Problem};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use serde::Serialize;
use std::path::Path;

/// Turns a result record into Python objects (dicts, lists, str, int, float, None).
fn to_py<'py, T: Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize(py, value)?)
}

/// Raises the typed exception of `shapedoku._errors` for a problem.
fn raise(py: Python<'_>, problem: Problem) -> PyErr {
    let class = match &problem {
        Problem::Load(_) => "LoadError",
        Problem::Puzzle { .. } => "PuzzleError",
        Problem::Unsolvable(_) => "UnsolvableError",
        Problem::Generate(_) => "GenerateError",
        Problem::Argument(m) => return PyValueError::new_err(m.clone()),
        Problem::Io(_) => {
            return match problem {
                Problem::Io(e) => PyErr::from(e),
                _ => PyOSError::new_err(problem.to_string()),
            };
        }
    };
    let text = problem.to_string();
    let build = || -> PyResult<PyErr> {
        let (file, line, column, help, diags) = match &problem {
            Problem::Load(d) => {
                let first = d.first();
                (
                    first.map(|d| d.file.clone()),
                    first.and_then(|d| d.line),
                    first.and_then(|d| d.column),
                    first.and_then(|d| d.help.clone()),
                    to_py(py, d)?,
                )
            }
            Problem::Puzzle { column, .. } => {
                (None, None, *column, None, to_py(py, &Vec::<()>::new())?)
            }
            _ => (None, None, None, None, to_py(py, &Vec::<()>::new())?),
        };
        let cls = py.import("shapedoku._errors")?.getattr(class)?;
        let err = cls.call1((text.clone(), file, line, column, help, diags))?;
        Ok(PyErr::from_value(err))
    };
    build().unwrap_or_else(|e| e)
}

/// A puzzle of any variant: givens on a geometry, plus how to write it back as a file.
/// Immutable; shared freely between threads.
#[pyclass(module = "shapedoku._shapedoku", name = "NativePuzzle", frozen)]
struct NativePuzzle {
    inner: Handle,
}

fn wrap(py: Python<'_>, r: Result<Handle, Problem>) -> PyResult<NativePuzzle> {
    r.map(|inner| NativePuzzle { inner })
        .map_err(|e| raise(py, e))
}

#[pymethods]
impl NativePuzzle {
    /// The variant's name.
    #[getter]
    fn variant(&self) -> String {
        self.inner.variant()
    }
    /// The givens as one line in cell order, `.` for an empty cell.
    #[getter]
    fn line(&self) -> String {
        self.inner.line()
    }
    /// The known solution as a line, or None.
    #[getter]
    fn solution(&self) -> Option<String> {
        self.inner.solution()
    }
    /// The symbols, in value order.
    #[getter]
    fn symbols(&self) -> String {
        self.inner.symbols()
    }
    /// How many cells are given.
    #[getter]
    fn given_count(&self) -> usize {
        self.inner.given_count()
    }
    /// Cell names in cell order.
    fn cell_names(&self) -> Vec<String> {
        self.inner.cell_names()
    }
    /// The givens drawn on the canvas as text.
    fn canvas(&self) -> String {
        self.inner.canvas()
    }
    /// Solution count as a dict.
    #[pyo3(signature = (limit, guesses=None))]
    fn count<'py>(
        &self,
        py: Python<'py>,
        limit: usize,
        guesses: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let out = py.detach(|| self.inner.count(limit, guesses));
        to_py(py, &out)
    }
    /// The next step as a dict, or None when solved.
    fn hint<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let out = py.detach(|| self.inner.hint()).map_err(|e| raise(py, e))?;
        to_py(py, &out)
    }
    /// Every step of a logical solve, as dicts.
    fn steps<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let out = py.detach(|| self.inner.steps()).map_err(|e| raise(py, e))?;
        to_py(py, &out)
    }
    /// The rating as a dict.
    fn rate<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let out = py.detach(|| self.inner.rate()).map_err(|e| raise(py, e))?;
        to_py(py, &out)
    }
    /// The puzzle as SVG.
    #[pyo3(signature = (solution=false, cell_size=None, title=None))]
    fn render_svg(
        &self,
        py: Python<'_>,
        solution: bool,
        cell_size: Option<u32>,
        title: Option<String>,
    ) -> PyResult<String> {
        py.detach(|| self.inner.render_svg(solution, cell_size, title))
            .map_err(|e| raise(py, e))
    }
    /// A TOML file that loads back to this puzzle.
    /// The true candidates as a dict (see the engine's `CandidatesOut`).
    #[pyo3(signature = (max_solutions, guesses=None))]
    fn candidates<'py>(
        &self,
        py: Python<'py>,
        max_solutions: usize,
        guesses: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let out = py.detach(|| self.inner.candidates(max_solutions, guesses));
        to_py(py, &out)
    }

    /// The puzzle as an f-puzzles or SudokuPad link; a dict.
    fn export<'py>(&self, py: Python<'py>, target: &str) -> PyResult<Bound<'py, PyAny>> {
        let out = self.inner.export(target).map_err(|e| raise(py, e))?;
        to_py(py, &out)
    }

    fn to_toml(&self) -> String {
        self.inner.to_toml()
    }
    /// Pickles as the TOML text it loads from.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        // By reference, so pickle finds it again as `shapedoku._shapedoku.restore`.
        let restore = py.import("shapedoku._shapedoku")?.getattr("restore")?;
        let (name, text, base_dir) = self.inner.state();
        (restore, (name, text, base_dir)).into_pyobject(py)
    }
}

/// Loads a puzzle or variant file.
#[pyfunction]
fn load_path(py: Python<'_>, path: &str) -> PyResult<NativePuzzle> {
    wrap(py, engine::load_path(Path::new(path)))
}

/// Loads TOML text; `name` names it in messages.
#[pyfunction]
#[pyo3(signature = (text, name, base_dir=None))]
fn load_text(
    py: Python<'_>,
    text: &str,
    name: &str,
    base_dir: Option<&str>,
) -> PyResult<NativePuzzle> {
    wrap(py, engine::load_text(name, text, base_dir.map(Path::new)))
}

/// Restores a pickled puzzle.
#[pyfunction]
#[pyo3(signature = (name, text, base_dir=None))]
fn restore(
    py: Python<'_>,
    name: &str,
    text: &str,
    base_dir: Option<&str>,
) -> PyResult<NativePuzzle> {
    load_text(py, text, name, base_dir)
}

/// A built-in variant or puzzle.
#[pyfunction]
fn builtin(py: Python<'_>, name: &str) -> PyResult<NativePuzzle> {
    wrap(py, engine::load_builtin(name))
}

/// The built-in names, in listing order.
#[pyfunction]
fn builtin_names() -> Vec<String> {
    engine::builtin_names()
}

/// The symmetry names `generate` accepts.
#[pyfunction]
fn symmetry_names() -> Vec<&'static str> {
    engine::symmetry_names()
}

/// A puzzle from a line of givens.
#[pyfunction]
fn from_line(py: Python<'_>, line: &str, variant: &str) -> PyResult<NativePuzzle> {
    wrap(py, engine::from_line(line, variant))
}

/// Generates a puzzle with exactly one solution.
#[pyfunction]
#[pyo3(signature = (variant, seed, symmetry, difficulty=None, givens=None, attempts=None, killer=None, pattern=None))]
#[allow(clippy::too_many_arguments)] // the Python keyword arguments, one for one
fn generate(
    py: Python<'_>,
    variant: String,
    seed: u64,
    symmetry: String,
    difficulty: Option<String>,
    givens: Option<usize>,
    attempts: Option<usize>,
    killer: Option<(usize, usize)>,
    pattern: Option<String>,
) -> PyResult<NativePuzzle> {
    let req = engine::GenerateRequest {
        variant,
        seed,
        symmetry,
        difficulty,
        givens,
        attempts,
        killer,
        pattern,
    };
    let r = py.detach(|| engine::generate(&req));
    wrap(py, r)
}

/// An f-puzzles or SudokuPad link as a puzzle, with what the import says about it (a dict).
#[pyfunction]
fn import_link<'py>(py: Python<'py>, link: &str) -> PyResult<(NativePuzzle, Bound<'py, PyAny>)> {
    let (handle, about) = py
        .detach(|| engine::import_link(link))
        .map_err(|e| raise(py, e))?;
    Ok((NativePuzzle { inner: handle }, to_py(py, &about)?))
}

/// Counts solutions of many lines on all cores, without the GIL; a list of dicts.
#[pyfunction]
#[pyo3(signature = (lines, variant, limit, guesses=None, threads=None))]
fn count_many<'py>(
    py: Python<'py>,
    lines: Vec<String>,
    variant: &str,
    limit: usize,
    guesses: Option<u64>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let rows = py
        .detach(|| engine::count_many(&lines, variant, limit, guesses, threads))
        .map_err(|e| raise(py, e))?;
    to_py(py, &rows)
}

/// Rates many lines on all cores, without the GIL; a list of dicts.
#[pyfunction]
#[pyo3(signature = (lines, variant, threads=None))]
fn rate_many<'py>(
    py: Python<'py>,
    lines: Vec<String>,
    variant: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let rows = py
        .detach(|| engine::rate_many(&lines, variant, threads))
        .map_err(|e| raise(py, e))?;
    to_py(py, &rows)
}

/// The native module.
#[pymodule]
fn _shapedoku(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<NativePuzzle>()?;
    m.add_function(wrap_pyfunction!(load_path, m)?)?;
    m.add_function(wrap_pyfunction!(load_text, m)?)?;
    m.add_function(wrap_pyfunction!(restore, m)?)?;
    m.add_function(wrap_pyfunction!(builtin, m)?)?;
    m.add_function(wrap_pyfunction!(builtin_names, m)?)?;
    m.add_function(wrap_pyfunction!(symmetry_names, m)?)?;
    m.add_function(wrap_pyfunction!(from_line, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(import_link, m)?)?;
    m.add_function(wrap_pyfunction!(count_many, m)?)?;
    m.add_function(wrap_pyfunction!(rate_many, m)?)?;
    Ok(())
}
