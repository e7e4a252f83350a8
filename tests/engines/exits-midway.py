#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by exiting: it answers the handshake and its first judge request
# correctly (records holding only `ply`, `implements: []`), then exits without
# a word when the second judge request arrives.
import json
import sys

judged = 0
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        answer = {"type": "hello", "protocol": 1, "name": "exits-midway", "version": "1",
                  "implements": [], "editions": ["fide-2018", "fide-2014"], "draws": "claims"}
    elif request["type"] == "judge":
        judged += 1
        if judged == 2:
            sys.exit(0)
        plies = len(request["moves"])
        first = 0 if request["plies"] == "all" else plies
        answer = {"type": "records", "id": request["id"],
                  "records": [{"ply": ply} for ply in range(first, plies + 1)]}
    else:
        break
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
