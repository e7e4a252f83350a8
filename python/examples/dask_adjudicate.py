# SPDX-License-Identifier: GPL-3.0-or-later
"""Adjudicate many PGN files on a Dask cluster, one file a task.

    pip install drawrules "dask[distributed]"
    python dask_adjudicate.py OUT.jsonl FILE.pgn[.xz|.zst|.gz] ...

writes one JSON line per game, files in the order given and games in file
order: the lines `drawrules adjudicate --json FILE ...` writes, with its
exit status (0, or 1 when some game could not be replayed, 2 when a file
could not be read). Each task
runs `drawrules.adjudicate` on one file inside a worker (Rust reads,
decompresses and judges it with the GIL released) and hands back that
file's lines; the client writes them in order as each file's turn comes.
The cluster is local (a process per core) unless `--scheduler ADDRESS`
names one already running (`dask scheduler`, `dask worker ADDRESS` on each
machine, the files where every worker reads them). A file that cannot be
read stops the run with its error, as the command stops.

Dask rather than Spark: a file is a unit of work that needs nothing from
the others, so a task per file on a pool of Python processes is the whole
need; Dask gives that with a pip install and no JVM, and runs the same
code on one laptop or on a cluster.
"""

from __future__ import annotations

import argparse
import sys

import drawrules


def file_lines(path: str, edition: str) -> tuple[list[str], int]:
    """The JSON lines of every game of one file, as the command writes
    them, and how many of its games could not be replayed."""
    lines = []
    failed = 0
    for report in drawrules.adjudicate(path, edition=edition):
        lines.append(report.to_json())
        failed += report.error is not None
    return lines, failed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", help="where the JSON lines go")
    parser.add_argument("files", nargs="+", help="PGN files, plain or .xz, .zst, .gz")
    parser.add_argument("--edition", default="fide-2018", choices=["fide-2018", "fide-2014"])
    parser.add_argument("--scheduler", help="the address of a running Dask scheduler")
    parser.add_argument("--workers", type=int, default=None, help="local workers (default: one a core)")
    args = parser.parse_args(argv)

    from dask.distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True)
        client = Client(cluster)
    with client:
        futures = [client.submit(file_lines, path, args.edition, pure=False) for path in args.files]
        games = 0
        unreplayed = 0
        with open(args.out, "w", encoding="utf-8") as out:
            for future in futures:
                try:
                    lines, failed = future.result()
                except drawrules.errors.SourceError as error:
                    print(f"error: {error}", file=sys.stderr)
                    return 2
                for line in lines:
                    out.write(line + "\n")
                games += len(lines)
                unreplayed += failed
        print(
            f"{games} games from {len(args.files)} files ({unreplayed} could not be replayed): {args.out}",
            file=sys.stderr,
        )
    return 1 if unreplayed else 0


if __name__ == "__main__":
    sys.exit(main())
