#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An engine for `drawrules verify` (spec/PROTOCOL.md) around the command line
program pgn-extract, which answers per game, not per ply (see "Per-game
answers" in spec/PROTOCOL.md). Run it as

    drawrules verify --engine "python3 adapters/pgn-extract.py"

Each judged game is written as a one-game PGN file (a `FEN` tag and the UCI
moves as movetext, which pgn-extract reads) and given to pgn-extract:

* `game.threefold-repetition`: `pgn-extract --repetition` keeps the game
  (it contains a threefold repetition somewhere);
* `game.fifty-moves`: `pgn-extract --fifty` keeps the game (it contains
  fifty moves by each side with no capture or pawn move). This is a filter,
  not a claim: the handshake declares the part's meaning `count-reached`,
  and verify asks whether some move brought the count to 100 plies, even
  the move that mates.

A game pgn-extract cannot play is refused: `invalid-fen` when it reports an
illegal FEN, otherwise `illegal-move` at the ply after the last move it
could play (`--keepbroken` prints the moves up to the failure). A move or
FEN that is not written like one (it could change the PGN's meaning) never
reaches pgn-extract and is refused the same way. pgn-extract is found on
the PATH, or in /usr/games where Debian installs it.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

PROTOCOL = 2
PROGRAM = shutil.which("pgn-extract") or shutil.which("pgn-extract", path="/usr/games")
UCI = re.compile(r"[a-h][1-8][a-h][1-8][qrbn]?")
FEN = re.compile(r"[A-Za-z0-9/ -]+")


class Refused(Exception):
    """pgn-extract (or the adapter, before it) refuses the game: kind, message, ply."""


def run(pgn_file, *options):
    """pgn-extract's standard output and error for the game, with `options`."""
    done = subprocess.run([PROGRAM, "-s", *options, pgn_file], capture_output=True, text=True)
    return done.stdout, done.stderr


def judge_game(fen, moves):
    """The per-game answers, or Refused."""
    if not FEN.fullmatch(fen):
        raise Refused("invalid-fen", "not written like a FEN", None)
    for index, move in enumerate(moves):
        if not UCI.fullmatch(move):
            raise Refused("illegal-move", f"{move!r} is not a move in UCI", index + 1)
    with tempfile.TemporaryDirectory() as scratch:
        pgn_file = os.path.join(scratch, "game.pgn")
        with open(pgn_file, "w") as out:
            out.write(f'[SetUp "1"]\n[FEN "{fen}"]\n\n{" ".join(moves)} *\n')
        kept, errors = run(pgn_file, "--repetition")
        if "Illegal FEN" in errors:
            raise Refused("invalid-fen", errors.strip().splitlines()[0], None)
        if "Failed to make move" in errors:
            played, _ = run(pgn_file, "--keepbroken", "--notags", "--nomovenumbers", "--noresults")
            # The moves it played, then the refused one in a comment.
            ply = len(played.split("{")[0].split()) + 1
            raise Refused("illegal-move", f"pgn-extract cannot play {moves[ply - 1]}", ply)
        fifty, _ = run(pgn_file, "--fifty")
        return {"threefold-repetition": bool(kept.strip()), "fifty-moves": bool(fifty.strip())}


def version():
    """The version pgn-extract prints (`pgn-extract v19-04` says 19-04)."""
    done = subprocess.run([PROGRAM, "--version"], capture_output=True, text=True)
    words = (done.stdout + done.stderr).split()
    return words[-1].lstrip("v") if words else "unknown"


def hello():
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "name": "pgn-extract",
        "version": version(),
        "implements": ["game-threefold-repetition", "game-fifty-moves"],
        # It has no fivefold repetition, the only difference of the editions.
        "editions": ["fide-2018", "fide-2014"],
        "draws": {"fivefold-repetition": "absent", "seventy-five-moves": "absent"},
        # --fifty is a filter (some move brought the count to 100 plies),
        # not a claim: verify judges it as one.
        "meanings": {"game-fifty-moves": "count-reached"},
    }


def answer(request):
    """The answer to one request (a parsed JSON value), or None for quit."""
    if not isinstance(request, dict) or request.get("type") not in ("hello", "judge", "quit"):
        raise Refused("bad-request", "a request is an object of type hello, judge or quit", None)
    if request["type"] == "hello":
        return hello()
    if request["type"] == "quit":
        return None
    fields = {"id": int, "edition": str, "fen": str, "moves": list, "plies": str}
    for name, kind in fields.items():
        if not isinstance(request.get(name), kind) or isinstance(request.get(name), bool):
            raise Refused("bad-request", f"field {name!r} is missing or has the wrong type", None)
    if request["edition"] not in ("fide-2018", "fide-2014") or request["plies"] not in ("all", "last"):
        raise Refused("bad-request", "unknown edition or plies", None)
    if not all(isinstance(move, str) for move in request["moves"]):
        raise Refused("bad-request", "moves must be strings", None)
    game = judge_game(request["fen"], request["moves"])
    return {"type": "records", "id": request["id"], "records": [], "game": game}


def main():
    if PROGRAM is None:
        looked = os.pathsep.join([os.environ.get("PATH", ""), "/usr/games"])
        sys.exit(f"pgn-extract adapter: pgn-extract found in none of {looked} (apt-get install pgn-extract)")
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        request = None
        try:
            request = json.loads(line)
            reply = answer(request)
        except (Refused, ValueError) as refusal:
            kind, message, ply = refusal.args if isinstance(refusal, Refused) else ("bad-request", str(refusal), None)
            reply = {"type": "error", "kind": kind, "message": message}
            if isinstance(request, dict) and isinstance(request.get("id"), int):
                reply["id"] = request["id"]
            if ply is not None:
                reply["ply"] = ply
        if reply is None:
            return
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
