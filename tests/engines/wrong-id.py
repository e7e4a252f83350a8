#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by answering the wrong request: it answers the handshake
# correctly, then answers every judge request with well-formed records (only
# `ply`, `implements: []`) that carry another request's id (id + 1).
import json
import sys

from misbehave import record_pid

record_pid()
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        answer = {"type": "hello", "protocol": 1, "name": "wrong-id", "version": "1",
                  "implements": [], "editions": ["fide-2018", "fide-2014"], "draws": "claims"}
    elif request["type"] == "judge":
        plies = len(request["moves"])
        first = 0 if request["plies"] == "all" else plies
        answer = {"type": "records", "id": request["id"] + 1,
                  "records": [{"ply": ply} for ply in range(first, plies + 1)]}
    else:
        break
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
