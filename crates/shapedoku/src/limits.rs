//! Caps on what the library reads and builds, and the bounded readers that enforce the input
//! caps. Every cap is checked before the memory it guards is allocated, so any input, however
//! large or endless (`/dev/zero`, a pipe that never closes), ends in bounded time and memory
//! with an error that names the cap.
//!
//! ```
//! use shapedoku::limits::{self, Limits};
//! let small = Limits { max_input_bytes: 4, ..Limits::default() };
//! assert_eq!(limits::read_text(&mut "abc".as_bytes(), small.max_input_bytes).unwrap(), "abc");
//! let err = limits::read_text(&mut std::io::repeat(b'x'), small.max_input_bytes).unwrap_err();
//! assert!(err.to_string().contains("larger than 4 bytes"));
//! ```

use std::fmt;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// The caps. [`Limits::default`] keeps every built-in and every realistic puzzle far inside
/// while bounding memory; raise a cap for an unusual geometry, lower one for untrusted input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The most bytes read from one file or stream (a TOML file, a variant it names, standard
    /// input, a file of puzzle lines). Default 64 MiB.
    pub max_input_bytes: u64,
    /// The most bytes in one puzzle line of a batch, so a line without an end is never held
    /// whole. Default 1 MiB.
    pub max_line_bytes: u64,
    /// The most cells a geometry may have, counting the cells of every grid (a cell shared
    /// by two grids counts twice) plus the declared cells. Default 16,384 (a 128x128 grid).
    pub max_cells: u64,
    /// The largest canvas, rows times columns of the rectangle holding every cell. Default
    /// 262,144 (512x512).
    pub max_canvas_area: u64,
    /// The most shapes (rows, columns, boxes, regions, explicit shapes and cages together).
    /// Default 16,384.
    pub max_shapes: u64,
    /// The most cells of all shapes added up (a cell in a row, a column and a box counts
    /// three times). Default 65,536.
    pub max_shape_cells: u64,
    /// The most TOML items (keys, values, brackets and punctuation; not whitespace, comments or
    /// line ends) in a file and the variant files it names together, counted before anything
    /// is parsed. Parsed TOML takes up to about 200 bytes an item, so this bounds the memory
    /// of reading any file of any size. Default 524,288 (about 100 MB parsed); a file with
    /// as many shapes as [`Limits::max_shapes`] allows has under 300,000.
    pub max_toml_items: u64,
    /// The most problems listed for one file; past it, one more says how many were left out.
    /// A file of millions of mistakes is reported in bounded time and memory, however it is
    /// shown. Default 100.
    pub max_diagnostics: u64,
}

impl Limits {
    /// The default caps (see each field).
    pub const DEFAULT: Limits = Limits {
        max_input_bytes: 64 << 20,
        max_line_bytes: 1 << 20,
        max_cells: 1 << 14,
        max_canvas_area: 1 << 18,
        max_shapes: 1 << 14,
        max_shape_cells: 1 << 16,
        max_toml_items: 1 << 19,
        max_diagnostics: 100,
    };
    /// No caps at all, for trusted input (every field at its largest value).
    pub const NONE: Limits = Limits {
        max_input_bytes: u64::MAX,
        max_line_bytes: u64::MAX,
        max_cells: u64::MAX,
        max_canvas_area: u64::MAX,
        max_shapes: u64::MAX,
        max_shape_cells: u64::MAX,
        max_toml_items: u64::MAX,
        max_diagnostics: u64::MAX,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// A byte count for people: `64 MiB`, `1 KiB`, `100 bytes`.
pub fn bytes(n: u64) -> String {
    for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] {
        if n >= 1 << shift && n % (1 << shift) == 0 {
            return format!("{} {unit}", n >> shift);
        }
    }
    format!("{n} bytes")
}

/// An input larger than its cap. Carried inside an [`io::Error`] of kind
/// [`io::ErrorKind::InvalidData`] by [`read_text`] and [`read_file`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// The cap, in bytes.
    pub limit: u64,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the input is larger than {}, the most that is read",
            bytes(self.limit)
        )
    }
}
impl std::error::Error for TooLarge {}

/// Whether an I/O error is an input over its cap.
pub fn is_too_large(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<TooLarge>())
}

/// The error for an input over its cap of `limit` bytes (see [`is_too_large`]).
pub fn too_large(limit: u64) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, TooLarge { limit })
}

/// The error for an input that is not UTF-8 text.
pub fn not_utf8() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "the input is not UTF-8 text")
}

/// Reads a stream as UTF-8 text, at most `limit` bytes: one byte more is an error, so an endless
/// stream stops after `limit + 1` bytes. Never reads without bound, whatever the stream.
pub fn read_text(r: &mut dyn Read, limit: u64) -> io::Result<String> {
    let mut buf = Vec::new();
    r.take(limit.saturating_add(1)).read_to_end(&mut buf)?;
    if buf.len() as u64 > limit {
        return Err(too_large(limit));
    }
    String::from_utf8(buf).map_err(|_| not_utf8())
}

/// Opens a file to be read up to `limit` bytes: a directory is an error, and so is a regular
/// file over the cap, from its size, before anything is read. Anything else (a device, a pipe)
/// is opened; reading it is what the cap must bound.
pub fn open(path: &Path, limit: u64) -> io::Result<std::fs::File> {
    let f = std::fs::File::open(path)?;
    let meta = f.metadata()?;
    if meta.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "it is a directory",
        ));
    }
    if meta.is_file() && meta.len() > limit {
        return Err(too_large(limit));
    }
    Ok(f)
}

/// Reads a file as UTF-8 text, at most `limit` bytes (see [`open`] and [`read_text`]).
pub fn read_file(path: &Path, limit: u64) -> io::Result<String> {
    read_text(&mut open(path, limit)?, limit)
}

/// One line of [`Lines`]: its 1-based number and its text, or why it could not be read.
pub type Line = (usize, Result<String, LineError>);

/// Why one line of a batch could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineError {
    /// The line is longer than the cap: it was skipped without being held.
    TooLong {
        /// The cap, in bytes.
        limit: u64,
    },
    /// The line is not UTF-8 text.
    NotUtf8,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::TooLong { limit } => write!(
                f,
                "the line is longer than {}, the most a puzzle line may have",
                bytes(*limit)
            ),
            LineError::NotUtf8 => f.write_str("the line is not UTF-8 text"),
        }
    }
}
impl std::error::Error for LineError {}

/// The lines of a stream, one at a time, each at most `limit` bytes (its end of line not
/// counted). A longer line is one [`LineError::TooLong`] and is skipped up to its end without
/// being held, so memory stays within the cap however long the line; reading stops at the end
/// of the stream or at the first I/O error (which is returned).
#[derive(Debug)]
pub struct Lines<R> {
    reader: R,
    limit: u64,
    number: usize,
    buf: Vec<u8>,
}

/// The lines of `reader`, each at most `limit` bytes (see [`Lines`]).
///
/// ```
/// use shapedoku::limits::{lines, LineError};
/// let text = "12\n123456\n\n1";
/// let got: Vec<_> = lines(text.as_bytes(), 4).map(Result::unwrap).collect();
/// assert_eq!(got[0], (1, Ok("12".to_string())));
/// assert_eq!(got[1], (2, Err(LineError::TooLong { limit: 4 })));
/// assert_eq!(got[3], (4, Ok("1".to_string())));
/// ```
pub fn lines<R: BufRead>(reader: R, limit: u64) -> Lines<R> {
    Lines {
        reader,
        limit,
        number: 0,
        buf: Vec::new(),
    }
}

impl<R: BufRead> Lines<R> {
    /// The reader, to look at what it holds (a caller streaming answers flushes them before
    /// a read that would wait for more input).
    pub fn get_ref(&self) -> &R {
        &self.reader
    }

    /// Reads up to the next `\n`, keeping at most `limit + 1` bytes; `None` at the end.
    fn next_line(&mut self) -> io::Result<Option<bool>> {
        self.buf.clear();
        let mut any = false;
        let mut over = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(any.then_some(over));
            }
            any = true;
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            let room = (self.limit.saturating_add(1) as usize).saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&chunk[..take.min(room)]);
            over |= self.buf.len() as u64 > self.limit;
            self.reader.consume(if done { take + 1 } else { take });
            if done {
                return Ok(Some(over));
            }
        }
    }
}

impl<R: BufRead> Lines<R> {
    /// Reads the next line without allocating: its number, and whether it can be read (its
    /// text is then [`Lines::current`]); `None` at the end. The iterator hands out each line
    /// as a new `String` instead.
    pub fn advance(&mut self) -> Option<io::Result<(usize, Result<(), LineError>)>> {
        let over = match self.next_line() {
            Ok(Some(over)) => over,
            Ok(None) => return None,
            Err(e) => return Some(Err(e)),
        };
        self.number += 1;
        if over {
            self.buf.clear();
            return Some(Ok((
                self.number,
                Err(LineError::TooLong { limit: self.limit }),
            )));
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        let read = match std::str::from_utf8(&self.buf) {
            Ok(_) => Ok(()),
            Err(_) => {
                self.buf.clear();
                Err(LineError::NotUtf8)
            }
        };
        Some(Ok((self.number, read)))
    }

    /// The text of the last line [`Lines::advance`] read (empty when it could not be read).
    pub fn current(&self) -> &str {
        // Checked again rather than kept as a second copy: a puzzle line is short.
        std::str::from_utf8(&self.buf).unwrap_or_default()
    }
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = io::Result<Line>;
    fn next(&mut self) -> Option<Self::Item> {
        Some(
            self.advance()?
                .map(|(n, read)| (n, read.map(|()| self.current().to_string()))),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_stream_stops_at_the_cap() {
        let e = read_text(&mut io::repeat(0), 1000).unwrap_err();
        assert!(is_too_large(&e), "{e}");
        assert_eq!(
            e.to_string(),
            "the input is larger than 1000 bytes, the most that is read"
        );
        assert_eq!(
            read_text(&mut "x".repeat(1000).as_bytes(), 1000)
                .unwrap()
                .len(),
            1000
        );
        let e = read_text(&mut [0xff, 0xfe].as_slice(), 10).unwrap_err();
        assert!(!is_too_large(&e) && e.to_string().contains("UTF-8"), "{e}");
    }

    #[test]
    fn a_device_is_read_up_to_the_cap_and_a_big_file_refused_from_its_size() {
        let zero = Path::new("/dev/zero");
        if zero.exists() {
            assert!(is_too_large(&read_file(zero, 1 << 20).unwrap_err()));
        }
        let dir = std::env::temp_dir().join(format!("shapedoku-limits-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("big.txt");
        std::fs::write(&f, "y".repeat(5000)).unwrap();
        assert!(is_too_large(&read_file(&f, 4999).unwrap_err()));
        assert_eq!(read_file(&f, 5000).unwrap().len(), 5000);
        assert!(
            read_file(&dir, 5000)
                .unwrap_err()
                .to_string()
                .contains("directory")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_long_line_is_skipped_without_being_held() {
        // A tiny buffer makes every line arrive in pieces.
        let text = format!("ab\r\n{}\ncd\n\u{e9}\n", "z".repeat(10_000));
        let r = io::BufReader::with_capacity(3, text.as_bytes());
        let mut it = lines(r, 8);
        assert_eq!(it.next().unwrap().unwrap(), (1, Ok("ab".into())));
        assert_eq!(
            it.next().unwrap().unwrap(),
            (2, Err(LineError::TooLong { limit: 8 }))
        );
        assert!(it.buf.capacity() <= 64, "held {}", it.buf.capacity());
        assert_eq!(it.next().unwrap().unwrap(), (3, Ok("cd".into())));
        assert_eq!(it.next().unwrap().unwrap(), (4, Ok("\u{e9}".into())));
        assert!(it.next().is_none());
        let bad: Vec<_> = lines([b'a', 0xff].as_slice(), 8).collect();
        assert_eq!(bad[0].as_ref().unwrap().1, Err(LineError::NotUtf8));
    }

    #[test]
    fn byte_counts_read_well() {
        assert_eq!(bytes(64 << 20), "64 MiB");
        assert_eq!(bytes(1 << 10), "1 KiB");
        assert_eq!(bytes(1000), "1000 bytes");
    }
}
