#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# A well-behaved engine that implements nothing: it declares `implements: []`
# and answers every judge request with records holding only `ply`, so it can
# never diverge from the reference on a game of legal moves. It does not check
# moves (it knows no chess), so it accepts every move it is given.
import json
import sys


def send(answer):
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


def answer(request):
    kind = request["type"]
    if kind == "hello":
        return {"type": "hello", "protocol": 1, "name": "honest-subset", "version": "1",
                "implements": [], "editions": ["fide-2018", "fide-2014"], "draws": "claims"}
    if kind == "judge":
        plies = len(request["moves"])
        first = 0 if request["plies"] == "all" else plies
        return {"type": "records", "id": request["id"],
                "records": [{"ply": ply} for ply in range(first, plies + 1)]}
    raise ValueError("unknown request")


for line in sys.stdin:
    request = None
    try:
        request = json.loads(line)
        if request.get("type") == "quit":
            break
        send(answer(request))
    except (ValueError, AttributeError, KeyError, TypeError):
        error = {"type": "error", "kind": "bad-request", "message": "not a request of protocol 1"}
        if isinstance(request, dict) and isinstance(request.get("id"), int):
            error["id"] = request["id"]
        send(error)
