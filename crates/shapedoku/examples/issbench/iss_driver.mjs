// Times the Interactive Sudoku Solver (ISS) on the puzzles `issbench run --iss FILE` wrote, and
// prints one row per puzzle in the same format as `issbench run` prints for this solver, so that
// `issbench table` can join them.
//
// Usage:
//   node iss_driver.mjs ISS_CHECKOUT PUZZLES.tsv [--limit SECONDS] [--collections]
//
//   ISS_CHECKOUT  a checkout of https://github.com/sigh/Interactive-Sudoku-Solver (its
//                 `js/` modules are loaded from there; nothing of ISS lives in this repository)
//   PUZZLES.tsv   lines "family<TAB>name<TAB>ISS constraint string"
//   --limit S     CPU seconds per puzzle before it counts as undecided (default 10)
//   --collections instead of PUZZLES.tsv, print ISS's own example collections
//                 (data/collections.js) as such lines, to be read back by this script
//                 (`issbench table` then has no rows of ours for them: ISS's times only)
//
// Each row: family, name, verdict (none / unique / several / undecided), CPU milliseconds,
// guesses, first solution (values, comma-separated, row-major), and the CPU milliseconds of
// the span ISS's own timer counts (its page's time: the search only, without parsing and
// building, whose optimiser it leaves out; ISS reads a wall clock there, which a loaded machine
// inflates, so this reads the CPU clock over the same span). The CPU time is the CPU time of
// this process (process.cpuUsage) spent parsing the constraint string, building ISS's solver
// (which runs its optimiser) and counting solutions up to 2; best of 3 while under a second,
// as `issbench run` does. Node's start, the loading of ISS's modules and a warm-up of V8's
// compiler (every puzzle counted once, untimed) are left out, as this solver's
// process start is left out on its side. The limit is checked from ISS's own
// progress callback (every 1024 values tried), which throws to stop the search.

import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const usage = 'usage: node iss_driver.mjs ISS_CHECKOUT PUZZLES.tsv [--limit SECONDS] | ISS_CHECKOUT --collections';
let limitS = 10;
let collections = false;
const positional = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--limit') limitS = Number(args[++i]);
  else if (args[i] === '--collections') collections = true;
  else if (args[i] === '-h' || args[i] === '--help') { console.log(usage); process.exit(0); }
  else positional.push(args[i]);
}
if (positional.length < (collections ? 1 : 2) || !(limitS > 0)) {
  console.error(usage);
  process.exit(2);
}
const issDir = resolve(positional[0]);

// ISS's modules expect a browser worker's globals.
globalThis.self ??= globalThis;
globalThis.VERSION_PARAM ??= '';
const load = (path) => import(pathToFileURL(join(issDir, path)).href);
const { SudokuParser } = await load('js/sudoku_parser.js');
const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');
const { LookupTables } = await load('js/solver/lookup_tables.js');

if (collections) {
  // ISS's own example collections, as input lines for this script.
  const Collections = await load('data/collections.js');
  const { resolvePuzzleConfig } = await load('data/example_puzzles.js');
  for (const [name, value] of Object.entries(Collections)) {
    if (!Array.isArray(value)) continue;
    value.forEach((entry, i) => {
      const config = typeof value.configFor === 'function'
        ? value.configFor(entry) : resolvePuzzleConfig(entry);
      if (!config || typeof config.input !== 'string' || config.input.startsWith('/')) return;
      const text = config.input.replace(/\s+/g, '');
      console.log(`iss-${name}\t${String(i).padStart(3, '0')}\t${text}`);
    });
  }
  process.exit(0);
}

class OverLimit extends Error { }

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// One timed count: parse, build, count to 2. Returns the verdict, CPU ms, guesses and the
// first solution.
const countOnce = (input) => {
  const start = cpuMs();
  const constraint = SudokuParser.parseText(input);
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(constraint));
  const internal = solver._internalSolver;
  const geometry = internal._geometry;
  const cells = geometry.totalCells();
  internal.setProgressCallback(() => {
    if (cpuMs() - start > limitS * 1000) throw new OverLimit();
  }, 10);
  let first = null;
  let verdict;
  const searchStart = cpuMs();
  try {
    internal.run({ maxSolutions: 2 }, (grid) => {
      first ??= Array.from(grid.subarray(0, cells),
        (v) => LookupTables.toOffsetValue(v, geometry.valueOffset));
    });
    const n = internal.counters.solutions;
    verdict = n === 0 ? 'none' : n === 1 ? 'unique' : 'several';
  } catch (e) {
    if (!(e instanceof OverLimit)) throw e;
    verdict = 'undecided';
  }
  const searchMs = cpuMs() - searchStart;
  const ms = cpuMs() - start;
  return { verdict, ms, guesses: internal.counters.guesses, first, searchMs };
};

const lines = readFileSync(positional[1], 'utf8').split('\n').filter((l) => l.trim());
// Warm-up, untimed: V8 compiles ISS's hot code on first use, which would otherwise fall on the
// first puzzles timed (a start-up cost, left out like this solver's process start), and a
// few puzzles were not enough: the first family timed still ran up to ten times slower than
// in a later run. So every puzzle is counted once first, untimed, within a tenth of the limit.
const fullLimit = limitS;
limitS = fullLimit / 10;
for (const line of lines) {
  try { countOnce(line.split('\t')[2]); } catch { /* reported below */ }
}
limitS = fullLimit;
for (const line of lines) {
  const [family, name, input] = line.split('\t');
  let best = null;
  try {
    for (let rep = 0; rep < 3; rep++) {
      const r = countOnce(input);
      if (!best || r.ms < best.ms) best = r;
      if (r.ms > 1000 || r.verdict === 'undecided') break;
    }
  } catch (e) {
    console.error(`${family}/${name}: ISS refused it: ${e.message}`);
    continue;
  }
  const solution = best.first ? best.first.join(',') : '';
  console.log(`${family}\t${name}\t${best.verdict}\t${best.ms.toFixed(3)}\t${best.guesses}\t${solution}\t${best.searchMs.toFixed(3)}`);
}
