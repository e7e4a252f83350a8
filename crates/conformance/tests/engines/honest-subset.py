#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# A well-behaved engine that implements nothing: it declares `implements: []`
# and answers every judge request with records holding only `ply`, so it can
# never diverge from the reference on a game of legal moves. It does not check
# moves (it knows no chess), so it accepts every move it is given.
import json
import sys

from misbehave import hello, ply_records, send


def answer(request):
    kind = request["type"]
    if kind == "hello":
        return hello("honest-subset")
    if kind == "judge":
        return ply_records(request)
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
