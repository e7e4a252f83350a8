#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by its handshake: the JSON object given as its one argument is
# merged into an otherwise valid protocol 2 handshake (say a meaning given
# to the wrong part, or a leniency no repair covers), which the harness must
# refuse. Should it be asked anyway, it answers judge requests with
# well-formed records holding only `ply`.
import json
import sys

extra = json.loads(sys.argv[1])
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        answer = {"type": "hello", "protocol": 2, "name": "handshake-says", "version": "1",
                  "implements": ["clock", "moves"], "editions": ["fide-2018"]}
        answer.update(extra)
    elif request["type"] == "judge":
        plies = len(request["moves"])
        first = 0 if request["plies"] == "all" else plies
        answer = {"type": "records", "id": request["id"],
                  "records": [{"ply": ply} for ply in range(first, plies + 1)]}
    else:
        break
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
