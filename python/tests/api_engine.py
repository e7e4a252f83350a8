# SPDX-License-Identifier: GPL-3.0-or-later
"""An engine of the protocol (`drawrules docs protocol`) built on the
package's Python API, so that `drawrules verify` compares every field of
every ply the API gives with the reference's, on the built-in corpus and
300 generated games, under both editions:

    drawrules verify --engine "python python/tests/api_engine.py"

A judge request is one `drawrules.judge` call; a refused move answers with
the error's kind, ply and the records before it, as the API raised them.
"""

import json
import sys

import drawrules
from drawrules.errors import InvalidFenError, MoveError

PARTS = [
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
    "moves",
]
EDITIONS = ["fide-2018", "fide-2014"]


def answer(request):
    kind = request.get("type")
    if kind == "hello":
        return {
            "type": "hello",
            "protocol": 1,
            "name": "drawrules (Python API)",
            "version": drawrules.__version__,
            "implements": PARTS,
            "editions": EDITIONS,
        }
    if kind == "quit":
        return None
    request_id = request["id"]
    every = request["plies"] == "all"
    try:
        records = drawrules.judge(
            request["moves"], request["fen"], edition=request["edition"], notation="uci"
        )
    except InvalidFenError as error:
        return {"type": "error", "id": request_id, "kind": "invalid-fen", "message": str(error)}
    except MoveError as error:
        before = error.records if every else error.records[-1:]
        return {
            "type": "error",
            "id": request_id,
            "kind": error.kind,
            "ply": error.ply,
            "message": str(error),
            "records": [record.to_dict() for record in before],
        }
    chosen = records if every else records[-1:]
    return {"type": "records", "id": request_id, "records": [record.to_dict() for record in chosen]}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        reply = answer(json.loads(line))
        if reply is None:
            return
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
