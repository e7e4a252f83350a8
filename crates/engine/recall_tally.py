#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""verify's recall, tallied from cargo-mutants runs of recall.sh.

    recall_tally.py [--library DIR] [--equivalent FILE] MUTANTS_OUT...

Each MUTANTS_OUT is the mutants.out/ of a run of recall.sh: each mutant of
the reference built into drawrules-engine, judged by a verify built from
the unchanged library (several runs, shards of one campaign or a run again
of some mutants, are read in order: a later outcome of a mutant replaces
an earlier one). A mutant the test fails on is one verify FAILed (caught);
one it passes, verify passed (missed); a NOT EXERCISED report fails the
test too and is counted apart. FILE (default: recall-equivalent.toml
beside this script) lists the mutants no game verify can send tells
apart, each with the reason: they are counted and listed apart, and left
out of the share. Prints, as Markdown: the share FAILed, by the article
the mutated file implements and by the part verify's findings named, the
equivalent mutants by reason, then every other mutant verify did not FAIL
(its blind spots). With --library DIR (the mutants.out/ of a campaign of
the library's own tests over the same files), the blind spots the
library's tests catch are marked.
"""

import argparse
import json
import re
import sys
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

# The article each file of the reference implements (src/reference/).
ARTICLES = {
    "same_position.rs": "9.2.3 the same position",
    "repetition.rs": "9.2 / 9.6.1 repetition",
    "move_count.rs": "9.3 / 9.6.2 the move count",
    "endings.rs": "5.1.1, 5.2.1 checkmate, stalemate",
    "precedence.rs": "9.6 precedence of the endings",
    "fen.rs": "the start position (FEN)",
    "game.rs": "the game: moves, refusals",
    "record.rs": "the status record",
    "mod.rs": "the status record",
}


def article(path):
    parts = Path(path).parts
    if "dead_position" in parts:
        return "5.2.2 dead position"
    return ARTICLES.get(parts[-1], parts[-1])


def report_of(log):
    """The last of verify's JSON reports printed in a mutant's log, if any:
    the one that failed (the material run's, or the exact run's after a
    material run that passed)."""
    report = None
    for line in log.read_text(errors="replace").splitlines():
        line = line.strip()
        if line.startswith('{"broken"'):
            try:
                report = json.loads(line)
            except json.JSONDecodeError:
                pass
    return report


def outcomes(out):
    data = json.loads((out / "outcomes.json").read_text())
    for outcome in data["outcomes"]:
        mutant = outcome["scenario"]
        if not isinstance(mutant, dict) or "Mutant" not in mutant:
            continue
        yield mutant["Mutant"], outcome


def equivalents(path):
    """The entries of the equivalence file: (compiled pattern, reason)."""
    with open(path, "rb") as file:
        data = tomllib.load(file)
    unknown = set(data) - {"equivalent"}
    if unknown:
        sys.exit(f"{path}: unknown table {sorted(unknown)}")
    entries = []
    for entry in data.get("equivalent", []):
        if set(entry) != {"mutant", "why"}:
            sys.exit(f"{path}: an entry needs `mutant` and `why`, and nothing else: {entry}")
        entries.append((re.compile(entry["mutant"]), entry["why"]))
    return entries


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--library", type=Path)
    parser.add_argument("--equivalent", type=Path, default=Path(__file__).with_name("recall-equivalent.toml"))
    parser.add_argument("outs", type=Path, nargs="+")
    args = parser.parse_args()
    library_caught = set()
    if args.library:
        for name in ("caught.txt", "timeout.txt", "previously_caught.txt"):
            if (args.library / name).exists():
                library_caught |= set((args.library / name).read_text().splitlines())
    entries = equivalents(args.equivalent)
    latest = {}
    for out in args.outs:
        for mutant, outcome in outcomes(out):
            latest[mutant["name"]] = (mutant, outcome, out)
    by_article = defaultdict(Counter)
    by_part = Counter()
    passed, not_exercised, unviable, timeouts = [], [], 0, 0
    equivalent = defaultdict(list)
    failed_listed = []
    matched = set()
    for mutant, outcome, out in latest.values():
        summary = outcome["summary"]
        if summary == "Unviable":
            unviable += 1
            continue
        where = article(mutant["file"])
        reason = next((why for pattern, why in entries if pattern.search(mutant["name"])), None)
        if reason is not None:
            matched.add(reason)
        if summary == "Timeout":
            # verify never finished: counted as FAILed (its engine hung).
            timeouts += 1
            by_article[where]["viable"] += 1
            by_article[where]["failed"] += 1
            continue
        if summary == "CaughtMutant":
            report = report_of(out / outcome["log_path"])
            if report is not None and report.get("outcome") == "NOT EXERCISED":
                # Nothing diverged, but a part met its situation too seldom:
                # not a FAIL, and shown apart.
                by_article[where]["viable"] += 1
                by_article[where]["not exercised"] += 1
                not_exercised.append(mutant["name"])
                continue
            by_article[where]["viable"] += 1
            by_article[where]["failed"] += 1
            if reason is not None:
                # Listed, yet FAILed (an overflow that stops the engine,
                # say): counted FAILed, and named below.
                failed_listed.append(mutant["name"])
            if report is None:
                by_part["(no report: the engine broke)"] += 1
                continue
            named = [
                part
                for part, verdict in report["parts"].items()
                if verdict.get("verdict") == "diverges"
            ]
            if report.get("broken"):
                named.append("(engine broken)")
            for part in named or ["(no part diverges: groups beside the parts)"]:
                by_part[part] += 1
        elif reason is not None:
            by_article[where]["equivalent"] += 1
            equivalent[reason].append(mutant["name"])
        else:
            by_article[where]["viable"] += 1
            passed.append(mutant["name"])
    viable = sum(counts["viable"] for counts in by_article.values())
    failed = sum(counts["failed"] for counts in by_article.values())
    listed = sum(len(names) for names in equivalent.values())
    share = f"{100 * failed / viable:.1f}%" if viable else "none viable"
    print("# verify's recall on the reference's mutants\n")
    print(
        f"{len(latest)} mutants: {unviable} unviable, {listed} equivalent for verify (listed below);"
        f" of the other {viable}, verify FAILed {failed}, {share}",
        end="",
    )
    print(f" ({timeouts} of them by a timeout).\n" if timeouts else ".\n")
    print("| article | viable | FAILed | share | NOT EXERCISED | equivalent |")
    print("|---|---:|---:|---:|---:|---:|")
    for where in sorted(by_article):
        counts = by_article[where]
        share = f"{100 * counts['failed'] / counts['viable']:.0f}%" if counts["viable"] else "-"
        print(
            f"| {where} | {counts['viable']} | {counts['failed']} | {share}"
            f" | {counts['not exercised']} | {counts['equivalent']} |"
        )
    print("\n| part a finding named | mutants |")
    print("|---|---:|")
    for part, count in by_part.most_common():
        print(f"| {part} | {count} |")
    print(f"\n## Equivalent for verify ({listed})\n")
    for reason, names in equivalent.items():
        print(f"* {len(names)}: {reason}")
    if failed_listed:
        print(f"\nOf the mutants the file lists, verify FAILed {len(failed_listed)} all the same (counted FAILed):\n")
        for name in failed_listed:
            print(f"* `{name}`")
    unmatched = [pattern.pattern for pattern, why in entries if why not in matched]
    if unmatched:
        print(f"\nEntries that matched no mutant of these runs ({len(unmatched)}):\n")
        for pattern in unmatched:
            print(f"* `{pattern}`")
    print(f"\n## NOT EXERCISED by verify ({len(not_exercised)})\n")
    for name in not_exercised:
        print(f"* `{name}`")
    print(f"\n## Passed by verify: its blind spots ({len(passed)})\n")
    for name in passed:
        mark = " (caught by the library's tests)" if name in library_caught else ""
        print(f"* `{name}`{mark}")


if __name__ == "__main__":
    main()
