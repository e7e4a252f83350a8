#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An engine for `drawrules verify` (the engine protocol, version 1: `drawrules
docs protocol`) around python-chess.

It reports python-chess's own answers, through its public API only, and never
corrects them: where the library departs from the Laws, the departure must
reach the harness unchanged. Installed with the `drawrules` wheel, run it as

    drawrules verify --engine "python -m drawrules.adapters.python_chess"

with `--known FILE` for python-chess's known divergences, a file installed
beside the adapter (`python -m drawrules.adapters.python_chess --known`
prints its path); or, from a checkout of the repository (where
`adapters/python-chess.py` leads here), as

    drawrules verify --engine "python3 adapters/python-chess.py"

How each field of the status record is obtained:

* `ended`: `Board.is_checkmate()`, `is_stalemate()`, `is_insufficient_material()`
  (reported as `dead-position`), `is_fivefold_repetition()` and
  `is_seventyfive_moves()`, each asked on its own, so every ending the library
  sees is listed even when it would rank one above another in `outcome()`.
* `result`: `Board.result()` (without `claim_draw`).
* `fen`: `Board.fen()` with its defaults (en passant square only when legal).
* `clock`: `Board.halfmove_clock`.
* `repetition`: the largest k for which `Board.is_repetition(k)` holds (the
  library has no count of its own; `is_repetition(1)` always holds).
* `claims` and `claims_on_move`: python-chess merges the two forms of each
  claim into one function. `can_claim_threefold_repetition()` holds when the
  current position has occurred three times *or* some legal move reaches a
  third occurrence; `can_claim_fifty_moves()` holds when `is_fifty_moves()`
  holds *or*, with a clock of at least 99, some legal move that does not reset
  the clock makes `is_fifty_moves()` hold. The protocol keeps the forms apart
  (9.2.2/9.3.2 in `claims`, 9.2.1/9.3.1 in `claims_on_move`), so each branch is
  reported with the predicate the library itself uses for it:
    - `claims`: `is_repetition(3)` and `is_fifty_moves()` on the position as it
      stands (the first branch of each claim function);
    - `claims_on_move`: for every legal move, push it, ask the same predicate
      (`is_repetition(3)`, `is_fifty_moves()`), pop it (the second branch; the
      library answers only "some move does", never which one, so the list is
      derived this way).
  After each record the adapter checks that the union of the two forms agrees
  with `can_claim_threefold_repetition()` / `can_claim_fifty_moves()` and says
  so on standard error if it does not (the answer itself is left unchanged).
  The claim predicates do not ask whether the game is over; neither does the
  adapter, so a claim the library allows after an ending is reported as such.

Moves are applied with `Board.push_uci()`: whatever it accepts is played (it
accepts "0000", the null move, and does not refuse moves once the game is
over), whatever it raises on is an `illegal-move` error. A start FEN is
refused (`invalid-fen`) when `chess.Board(fen)` raises or when
`Board.status()` reports the position invalid: python-chess constructs boards
for impossible positions and leaves the check to `status()`/`is_valid()`.
"""

import json
import os
import sys

# The known divergences of the python-chess release the adapter is tested
# with (the extra `drawrules[python-chess]`), installed beside it:
# `python -m drawrules.adapters.python_chess --known` prints the file's path
# for `drawrules verify --known`, with or without python-chess installed.
KNOWN = os.path.join(os.path.dirname(os.path.realpath(__file__)), "known", "python-chess.toml")

USAGE = """usage: python -m drawrules.adapters.python_chess [--known | --help]

drawrules' engine around python-chess: it reads requests of the engine
protocol (`drawrules docs protocol`) on standard input and answers each on
standard output, until its input ends. `drawrules verify` starts it:

    drawrules verify --engine "python -m drawrules.adapters.python_chess" \\
        --known "$(python -m drawrules.adapters.python_chess --known)"

  --known  print the path of python-chess's known divergences, installed
           beside the adapter, for `drawrules verify --known`
  --help   print this and exit
"""

if sys.argv[1:] == ["--known"]:
    print(KNOWN)
    sys.exit(0)
if sys.argv[1:] in (["--help"], ["-h"]):
    sys.stdout.write(USAGE)
    sys.exit(0)
if sys.argv[1:]:
    sys.stderr.write(f"unknown argument {sys.argv[1]!r}\n{USAGE}")
    sys.exit(2)

try:
    import chess
except ImportError:
    sys.stderr.write(
        "the python-chess adapter needs python-chess in the Python that runs it: "
        + sys.executable
        + " -m pip install chess (it looked in "
        + ", ".join(path for path in sys.path if path)
        + ")\n"
    )
    sys.exit(2)

PROTOCOL = 1
NAME = "python-chess"
IMPLEMENTS = [
    "checkmate",
    "stalemate",
    "dead-position",
    "fivefold-repetition",
    "seventy-five-moves",
    "threefold-repetition",
    "fifty-moves",
    "threefold-on-move",
    "fifty-moves-on-move",
    "repetition",
    "clock",
    "fen",
    "result",
    # The library checks every move (push_uci refuses illegal ones) and every
    # start position (Board and status()).
    "moves",
]
# python-chess counts a fifth occurrence anywhere in the game (the 2017+ text of
# 9.6.1), not five consecutive alternating repetitions (the 2014 text).
EDITIONS = ["fide-2018"]
KNOWN_EDITIONS = {"fide-2018", "fide-2014"}
THREEFOLD = "threefold-repetition"
FIFTY = "fifty-moves"


class BadRequest(Exception):
    """The line is not a request of this protocol."""


def send(answer):
    sys.stdout.write(json.dumps(answer, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def warn(message):
    sys.stderr.write("python-chess adapter: " + message + "\n")
    sys.stderr.flush()


def repetition_count(board):
    count = 1
    while board.is_repetition(count + 1):
        count += 1
    return count


def claims_on_move(board):
    threefold = []
    fifty = []
    for move in list(board.legal_moves):
        board.push(move)
        try:
            if board.is_repetition(3):
                threefold.append(move.uci())
            if board.is_fifty_moves():
                fifty.append(move.uci())
        finally:
            board.pop()
    return sorted(threefold), sorted(fifty)


def record(board, ply):
    ended = []
    if board.is_checkmate():
        ended.append("checkmate")
    if board.is_stalemate():
        ended.append("stalemate")
    if board.is_insufficient_material():
        ended.append("dead-position")
    if board.is_fivefold_repetition():
        ended.append("fivefold-repetition")
    if board.is_seventyfive_moves():
        ended.append("seventy-five-moves")

    claims = []
    if board.is_repetition(3):
        claims.append(THREEFOLD)
    if board.is_fifty_moves():
        claims.append(FIFTY)
    threefold_moves, fifty_moves = claims_on_move(board)

    if board.can_claim_threefold_repetition() != (THREEFOLD in claims or bool(threefold_moves)):
        warn(f"ply {ply}: can_claim_threefold_repetition() disagrees with its branches in {board.fen()}")
    if board.can_claim_fifty_moves() != (FIFTY in claims or bool(fifty_moves)):
        warn(f"ply {ply}: can_claim_fifty_moves() disagrees with its branches in {board.fen()}")

    return {
        "ply": ply,
        "fen": board.fen(),
        "clock": board.halfmove_clock,
        "repetition": repetition_count(board),
        "ended": ended,
        "result": board.result(),
        "claims": claims,
        "claims_on_move": {THREEFOLD: threefold_moves, FIFTY: fifty_moves},
    }


def field(request, name, kind):
    if name not in request:
        raise BadRequest(f"missing field {name!r}")
    value = request[name]
    # bool is a subclass of int in Python; JSON true is not a number.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadRequest(f"field {name!r} has the wrong type")
    return value


def error(request_id, kind, message, ply=None, records=None):
    answer = {"type": "error", "id": request_id, "kind": kind}
    if ply is not None:
        answer["ply"] = ply
    answer["message"] = message
    if records is not None:
        answer["records"] = records
    return answer


def judge(request):
    request_id = request["id"]
    edition = field(request, "edition", str)
    fen = field(request, "fen", str)
    moves = field(request, "moves", list)
    plies = field(request, "plies", str)
    if plies not in ("all", "last"):
        raise BadRequest(f"plies must be \"all\" or \"last\", not {plies!r}")
    if not all(isinstance(move, str) for move in moves):
        raise BadRequest("moves must be strings")
    if edition not in KNOWN_EDITIONS:
        raise BadRequest(f"unknown edition {edition!r}")
    if edition not in EDITIONS:
        return error(request_id, "unsupported", f"python-chess does not follow {edition}")

    try:
        board = chess.Board(fen)
    except ValueError as exc:
        return error(request_id, "invalid-fen", f"python-chess refuses the fen: {exc}")
    status = board.status()
    if status != chess.STATUS_VALID:
        return error(request_id, "invalid-fen", f"python-chess reports an invalid position: {status!r}")

    every = plies == "all"
    records = [record(board, 0)] if every else []
    for index, uci in enumerate(moves):
        try:
            board.push_uci(uci)
        except ValueError as exc:
            before = records if every else [record(board, index)]
            return error(request_id, "illegal-move", f"{uci} refused: {exc}", index + 1, before)
        if every:
            records.append(record(board, index + 1))
    if not every:
        records = [record(board, len(moves))]
    return {"type": "records", "id": request_id, "records": records}


def hello():
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "name": NAME,
        "version": chess.__version__,
        "implements": IMPLEMENTS,
        "editions": EDITIONS,
        "draws": "claims",
    }


def readable_id(request):
    if isinstance(request, dict):
        value = request.get("id")
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def answer(line):
    """The answer to one input line, or None to end the session."""
    request = None
    try:
        request = json.loads(line.decode("utf-8"))
        if not isinstance(request, dict):
            raise BadRequest("a request is a JSON object")
        kind = request.get("type")
        if kind == "hello":
            return hello()
        if kind == "quit":
            return None
        if kind == "judge":
            field(request, "id", int)
            return judge(request)
        raise BadRequest(f"unknown request type {kind!r}")
    except (BadRequest, ValueError, UnicodeDecodeError) as exc:
        answer = {"type": "error", "kind": "bad-request", "message": str(exc)}
        request_id = readable_id(request)
        if request_id is not None:
            answer = {"type": "error", "id": request_id, "kind": "bad-request", "message": str(exc)}
        return answer


def main():
    if sys.stdin.isatty():
        # Started by hand: say what waits for input, and how to end it.
        sys.stderr.write(
            "drawrules' python-chess adapter: waiting for requests of the engine "
            "protocol (drawrules docs protocol), one JSON object a line; "
            "Ctrl-D ends, Ctrl-C stops. drawrules verify --engine starts it for you "
            "(--help says how).\n"
        )
    try:
        serve()
    except KeyboardInterrupt:
        sys.exit(130)


def serve():
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        try:
            reply = answer(line)
        except Exception as exc:  # a fault of the library or the adapter: say so, keep serving
            reply = {"type": "error", "kind": "bad-request", "message": f"internal error: {exc!r}"}
            request_id = None
            try:
                request_id = readable_id(json.loads(line.decode("utf-8")))
            except Exception:
                pass
            if request_id is not None:
                reply["id"] = request_id
        if reply is None:
            return
        send(reply)


if __name__ == "__main__":
    main()
