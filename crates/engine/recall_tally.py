#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""verify's recall, tallied from a cargo-mutants run of recall.sh.

    recall_tally.py MUTANTS_OUT [LIBRARY_MUTANTS_OUT]

MUTANTS_OUT is the mutants.out/ of recall.sh's run: each mutant of the
reference built into drawrules-engine, judged by a verify built from the
unchanged library. A mutant the test fails on is one verify FAILed (caught);
one it passes, verify passed (missed); a NOT EXERCISED report fails the
test too and is counted apart. Prints, as Markdown: the share FAILed, by
the article the mutated file implements and by the part verify's findings
named, then every mutant verify did not FAIL. With LIBRARY_MUTANTS_OUT
(the mutants.out/ of a campaign of the library's own tests over the same
files), the mutants those tests catch and verify passes are listed apart:
verify's blind spots.
"""

import json
import sys
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
    """verify's JSON report printed in a mutant's log, if any."""
    for line in log.read_text(errors="replace").splitlines():
        line = line.strip()
        if line.startswith('{"broken"'):
            try:
                return json.loads(line)
            except json.JSONDecodeError:
                return None
    return None


def outcomes(out):
    data = json.loads((out / "outcomes.json").read_text())
    for outcome in data["outcomes"]:
        mutant = outcome["scenario"]
        if not isinstance(mutant, dict) or "Mutant" not in mutant:
            continue
        yield mutant["Mutant"], outcome


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    out = Path(sys.argv[1])
    library_caught = set()
    if len(sys.argv) == 3:
        library = Path(sys.argv[2])
        for name in ("caught.txt", "timeout.txt", "previously_caught.txt"):
            if (library / name).exists():
                library_caught |= set((library / name).read_text().splitlines())
    by_article = defaultdict(Counter)
    by_part = Counter()
    passed, not_exercised, unviable, timeouts = [], [], 0, 0
    for mutant, outcome in outcomes(out):
        summary = outcome["summary"]
        if summary == "Unviable":
            unviable += 1
            continue
        where = article(mutant["file"])
        by_article[where]["viable"] += 1
        if summary == "Timeout":
            # verify never finished: counted as FAILed (its engine hung).
            timeouts += 1
            by_article[where]["failed"] += 1
            continue
        if summary == "CaughtMutant":
            report = report_of(out / outcome["log_path"])
            if report is not None and report.get("outcome") == "NOT EXERCISED":
                # Nothing diverged, but a part met its situation too seldom:
                # not a FAIL, and shown apart.
                by_article[where]["not exercised"] += 1
                not_exercised.append(mutant["name"])
                continue
            by_article[where]["failed"] += 1
            if report is None:
                by_part["(no report: the engine broke)"] += 1
                continue
            named = [
                part
                for part, verdict in report["parts"].items()
                if verdict.get("verdict") in ("diverges", "not-exercised")
            ]
            if report.get("broken"):
                named.append("(engine broken)")
            for part in named or ["(not exercised or no comparison)"]:
                by_part[part] += 1
        else:
            passed.append(mutant["name"])
    viable = sum(counts["viable"] for counts in by_article.values())
    failed = sum(counts["failed"] for counts in by_article.values())
    share = f"{100 * failed / viable:.1f}%" if viable else "none viable"
    print("# verify's recall on the reference's mutants\n")
    print(f"{viable} viable mutants ({unviable} unviable left out): verify FAILed {failed}, {share}", end="")
    print(f" ({timeouts} of them by a timeout).\n" if timeouts else ".\n")
    print("| article | viable | FAILed | share | NOT EXERCISED |")
    print("|---|---:|---:|---:|---:|")
    for where in sorted(by_article):
        counts = by_article[where]
        share = 100 * counts["failed"] / counts["viable"]
        print(f"| {where} | {counts['viable']} | {counts['failed']} | {share:.0f}% | {counts['not exercised']} |")
    print("\n| part a finding named | mutants |")
    print("|---|---:|")
    for part, count in by_part.most_common():
        print(f"| {part} | {count} |")
    print(f"\n## NOT EXERCISED by verify ({len(not_exercised)})\n")
    for name in not_exercised:
        print(f"* `{name}`")
    print(f"\n## Passed by verify ({len(passed)})\n")
    for name in passed:
        print(f"* `{name}`")
    if library_caught:
        blind = [name for name in passed + not_exercised if name in library_caught]
        print(f"\n## Blind spots: caught by the library's tests, not FAILed by verify ({len(blind)})\n")
        for name in blind:
            print(f"* `{name}`")


if __name__ == "__main__":
    main()
