//! `solve` on puzzle lines as a stream: each line is answered as it comes, by one solver per
//! worker compiled once and reused through `set_givens`, and the answers go out in input
//! order as soon as they are ready. At most a fixed window of lines is in flight, so memory
//! does not grow with the input; output is flushed whenever the next read may wait, so on a
//! pipe the batch is a live filter (with one worker, a line's answer is out before the next
//! line is read).

use super::answer::{
    Probes, answer_line, estimate_code, note_estimate, note_undecided, verdict_code, write_failure,
    write_result,
};
use crate::args::{Format, SolveArgs};
use crate::input::LineSource;
use crate::{Failure, Io, SearchLimits, exit};
use shapedoku::limits::LineError;
use shapedoku::solver::Estimate;
use shapedoku::{Count, Geometry, Puzzle, Solver, Verdict};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::{Arc, Mutex, mpsc};

/// Lines in flight per worker: enough that no worker waits for the others' answers to be
/// written, few enough that the reorder buffer stays small.
const WINDOW_PER_WORKER: u64 = 64;

/// Answers written before a progress bar is shown (a short batch finishes before it would
/// say anything).
const BAR_AFTER: u64 = 200;

/// One line's answer.
enum Answer {
    /// The line's count, and its estimate when one was asked for and the count reached its
    /// limit.
    Counted(Count, Option<Estimate>),
    /// Why the line has no answer: it is not a puzzle, or its givens clash.
    Failed(String),
}

/// Answers one line with a worker's solver.
/// The worker's puzzle `p` (of the solver's geometry) is reused for every line it reads.
fn answer(
    (solver, p): (&mut Solver, &mut Puzzle),
    line: Result<&str, LineError>,
    limit: usize,
    search: &SearchLimits,
    estimate: Option<Probes>,
) -> Answer {
    let text = match line {
        Ok(t) => t,
        Err(e) => return Answer::Failed(e.to_string()),
    };
    if let Err(e) = p.read_line(text) {
        return Answer::Failed(e.to_string());
    }
    if let Err(e) = solver.set_givens(p.givens()) {
        return Answer::Failed(e.to_string());
    }
    let c = solver.count_with(limit, &search.budget());
    // Clashing givens are an error in a TOML file, and the same givens as a line get the same
    // answer. Givens that clash have no solution, so only then is it worth looking, and only
    // when the solver did not place them all without meeting a clash.
    if c.verdict() == Verdict::NoSolution && solver.givens_may_clash() {
        if let Err(clash) = p.check_clashes() {
            return Answer::Failed(clash.to_string());
        }
    }
    let e = estimate.and_then(|e| e.run(solver, &c, &search.budget()));
    Answer::Counted(c, e)
}

/// Writes answers in input order and keeps the exit code.
struct Writer<'w, 'a> {
    out: &'w mut dyn Write,
    err: &'w mut dyn Write,
    args: &'a SolveArgs,
    name: Option<&'a str>,
    code: i32,
    written: u64,
    progress: bool,
    bar: Option<indicatif::ProgressBar>,
    /// The text of a plain answer, reused from line to line.
    text: String,
}

impl Writer<'_, '_> {
    fn write(&mut self, n: usize, answer: &Answer) -> anyhow::Result<()> {
        // Only JSON, errors and undecided answers show the label: a plain answer does not
        // pay for writing it.
        let make_label = || match self.name {
            Some(f) => format!("{f} line {n}"),
            None => format!("line {n}"),
        };
        match answer {
            Answer::Counted(c, e) => {
                self.code = exit::worst(self.code, verdict_code(self.args, c));
                self.code = exit::worst(self.code, estimate_code(e.as_ref()));
                let label = if self.args.format == Format::Json || c.verdict() == Verdict::Undecided
                {
                    make_label()
                } else {
                    String::new()
                };
                note_undecided(self.err, &label, c)?;
                if self.args.format == Format::Text && e.is_some() {
                    note_estimate(self.err, &make_label(), c, e.as_ref())?;
                }
                if self.args.format == Format::Text && c.verdict() != Verdict::Undecided {
                    self.text.clear();
                    answer_line(&mut self.text, self.args, c, e.as_ref());
                    self.out.write_all(self.text.as_bytes())?;
                } else {
                    write_result(
                        self.out,
                        self.err,
                        self.args,
                        None,
                        &label,
                        c,
                        (e.as_ref(), None),
                    )?;
                }
            }
            Answer::Failed(e) => {
                let label = make_label();
                self.code = exit::worst(self.code, exit::ERROR);
                let e = format!("{label}: {e}");
                write_failure(self.out, self.err, self.args.format, &label, &e)?;
            }
        }
        self.written += 1;
        self.tick();
        Ok(())
    }

    /// Moves the progress bar on, showing it once the batch is long enough to need one.
    fn tick(&mut self) {
        if self.progress && self.bar.is_none() && self.written >= BAR_AFTER {
            let b = indicatif::ProgressBar::no_length();
            b.set_style(
                indicatif::ProgressStyle::with_template("{pos} puzzles, {per_sec}")
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            b.set_position(self.written);
            self.bar = Some(b);
        }
        if let Some(b) = &self.bar {
            b.inc(1);
        }
    }

    /// Writes every answer of `pending` that is next in input order; returns the new next.
    fn drain(
        &mut self,
        pending: &mut BTreeMap<u64, (usize, Answer)>,
        mut next: u64,
    ) -> anyhow::Result<u64> {
        while let Some((n, a)) = pending.remove(&next) {
            self.write(n, &a)?;
            next += 1;
        }
        Ok(next)
    }
}

/// Answers every puzzle line of `source` on `a.threads` workers (all cores by default).
pub(super) fn solve_lines(
    a: &SolveArgs,
    io: &mut Io<'_>,
    geometry: &Arc<Geometry>,
    mut source: LineSource<'_>,
    name: Option<&str>,
    limit: usize,
    estimate: Option<Probes>,
) -> anyhow::Result<i32> {
    let search = io.search;
    let solver = Solver::for_geometry(geometry.clone());
    let threads = a
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let mut w = Writer {
        out: &mut *io.stdout,
        err: &mut *io.stderr,
        args: a,
        name,
        code: exit::OK,
        written: 0,
        progress: io.progress,
        bar: None,
        text: String::new(),
    };
    let read_error = if threads == 1 {
        inline(&mut w, &mut source, solver, limit, &search, estimate)?
    } else {
        parallel(
            &mut w,
            &mut source,
            &solver,
            threads,
            (limit, estimate),
            &search,
        )?
    };
    if let Some(b) = w.bar.take() {
        b.finish_and_clear();
    }
    match read_error {
        // The lines before the one that failed are answered; the error ends the batch.
        Some(e) => Err(e.into()),
        None => Ok(w.code),
    }
}

/// One worker: the reading thread answers each line itself.
fn inline(
    w: &mut Writer<'_, '_>,
    source: &mut LineSource<'_>,
    mut solver: Solver,
    limit: usize,
    search: &SearchLimits,
    estimate: Option<Probes>,
) -> anyhow::Result<Option<Failure>> {
    let mut p = Puzzle::empty(solver.geometry().clone());
    loop {
        if source.may_wait() {
            w.out.flush()?;
        }
        match source.next_str() {
            Ok(Some((n, line))) => {
                let a = answer((&mut solver, &mut p), line, limit, search, estimate);
                w.write(n, &a)?;
            }
            Ok(None) => return Ok(None),
            Err(e) => return Ok(Some(e)),
        }
    }
}

/// A line for a worker: its place in the input, its line number and its text.
type Job = (u64, usize, Result<String, LineError>);

/// Several workers, each with its own solver; this thread reads lines, hands them out and
/// writes the answers in input order through a reorder buffer of at most the window.
fn parallel(
    w: &mut Writer<'_, '_>,
    source: &mut LineSource<'_>,
    solver: &Solver,
    threads: usize,
    (limit, estimate): (usize, Option<Probes>),
    search: &SearchLimits,
) -> anyhow::Result<Option<Failure>> {
    let window = threads as u64 * WINDOW_PER_WORKER;
    let (job_tx, job_rx) = mpsc::sync_channel::<Job>(window as usize);
    let job_rx = Mutex::new(job_rx);
    std::thread::scope(|s| {
        let (answer_tx, answers) = mpsc::channel::<(u64, usize, Answer)>();
        for _ in 0..threads {
            let (jobs, tx, mut solver) = (&job_rx, answer_tx.clone(), solver.clone());
            let mut p = Puzzle::empty(solver.geometry().clone());
            s.spawn(move || {
                // The lock is held only while waiting for a line, never while answering.
                while let Ok(Ok((seq, n, line))) = jobs.lock().map(|r| r.recv()) {
                    let line = line.as_deref().map_err(Clone::clone);
                    let a = answer((&mut solver, &mut p), line, limit, search, estimate);
                    if tx.send((seq, n, a)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(answer_tx);
        let mut pending = BTreeMap::new();
        let (mut sent, mut next) = (0u64, 0u64);
        let mut read_error = None;
        loop {
            while let Ok((seq, n, a)) = answers.try_recv() {
                pending.insert(seq, (n, a));
            }
            next = w.drain(&mut pending, next)?;
            if sent - next >= window {
                // The window is full: wait for an answer before reading on.
                let (seq, n, a) = answers.recv()?;
                pending.insert(seq, (n, a));
                continue;
            }
            if source.may_wait() {
                w.out.flush()?;
            }
            match source.next_line() {
                Ok(Some((n, line))) => {
                    job_tx.send((sent, n, line))?;
                    sent += 1;
                }
                Ok(None) => break,
                Err(e) => {
                    read_error = Some(e);
                    break;
                }
            }
        }
        drop(job_tx);
        while next < sent {
            let (seq, n, a) = answers.recv()?;
            pending.insert(seq, (n, a));
            next = w.drain(&mut pending, next)?;
        }
        Ok(read_error)
    })
}
