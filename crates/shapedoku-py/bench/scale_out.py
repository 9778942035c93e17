"""Per-puzzle cost of each way to run a batch, on the same files in the same run:
`count_many` / `rate_many` (one thread, all cores), the command line (one thread, all cores)
and the Dask recipe on a LocalCluster of 2 single-threaded worker processes.

    python crates/shapedoku-py/bench/scale_out.py --cli target/release/shapedoku \\
        --count-file puzzles-a.txt --rate-file puzzles-b.txt [--repeat 3]

Prints Markdown tables of microseconds per puzzle, best of --repeat: wall time, and CPU time
(user + system) summed over every process that did work (this one, the command line, the Dask
workers), which is what a puzzle costs whatever else the machine runs. Each round runs every
method once, in turn, so machine load affects them alike.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import time

import shapedoku


def cpu(who: int = resource.RUSAGE_SELF) -> float:
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime


def workers_cpu(client) -> float:
    return sum(client.run(cpu).values()) if client is not None else 0.0


def timed(fn, client=None) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process, its children and the Dask workers)."""
    c0 = cpu() + cpu(resource.RUSAGE_CHILDREN) + workers_cpu(client)
    t = time.perf_counter()
    fn()
    wall = time.perf_counter() - t
    c1 = cpu() + cpu(resource.RUSAGE_CHILDREN) + workers_cpu(client)
    return wall, c1 - c0


def cli(binary: str, args: list[str], path: str) -> None:
    with open(path, "rb") as f, open(os.devnull, "wb") as out:
        code = subprocess.run([binary, *args, "--format", "json", "-"], stdin=f, stdout=out).returncode
    if code not in (0, 1):
        raise SystemExit(f"{binary} exited with {code}")


def dask_job(path: str, kind: str, partitions: int):
    import dask.bag as db

    size = os.path.getsize(path)
    lines = db.read_text(path, blocksize=max(1, size // partitions)).map(str.strip).filter(bool)
    if kind == "count":
        work = lambda part: shapedoku.count_many(list(part), threads=1)  # noqa: E731
    else:
        work = lambda part: shapedoku.rate_many(list(part), threads=1)  # noqa: E731
    return lines.map_partitions(work).count()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", required=True, help="the shapedoku binary")
    ap.add_argument("--count-file", required=True)
    ap.add_argument("--rate-file", required=True)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--partitions", type=int, default=16)
    a = ap.parse_args()
    from dask.distributed import Client, LocalCluster

    jobs = {"count": a.count_file, "rate": a.rate_file}
    lines = {k: [l.strip() for l in open(p) if l.strip()] for k, p in jobs.items()}
    best: dict[tuple[str, str], tuple[float, float]] = {}
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster) as client:
        for _ in range(a.repeat):
            for kind, path in jobs.items():
                many = shapedoku.count_many if kind == "count" else shapedoku.rate_many
                verb = ["solve", "--count", "2"] if kind == "count" else ["rate"]
                runs = {
                    "Python, 1 thread": lambda: many(lines[kind], threads=1),
                    "Python, 2 threads": lambda: many(lines[kind]),
                    "CLI, 1 thread": lambda: cli(a.cli, [*verb, "--threads", "1"], path),
                    "CLI, 2 threads": lambda: cli(a.cli, verb, path),
                    "Dask, 2 workers": lambda: dask_job(path, kind, a.partitions).compute(),
                }
                for name, fn in runs.items():
                    wall, used = timed(fn, client if name.startswith("Dask") else None)
                    old = best.get((kind, name), (wall, used))
                    best[(kind, name)] = (min(old[0], wall), min(old[1], used))
    names = ["Python, 1 thread", "Python, 2 threads", "CLI, 1 thread", "CLI, 2 threads", "Dask, 2 workers"]
    for title, which in (("wall time", 0), ("CPU time, all processes", 1)):
        print(f"\n{title}, µs per puzzle\n")
        print("| job | puzzles | " + " | ".join(names) + " |")
        print("|---|---:|" + "---:|" * len(names))
        for kind, path in jobs.items():
            n = len(lines[kind])
            cells = [f"{best[(kind, name)][which] / n * 1e6:.1f}" for name in names]
            print(f"| {kind} `{os.path.basename(path)}` | {n:,} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
