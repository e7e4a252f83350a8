#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Says what it is told in its handshake: the JSON object given as its one
# argument is merged into an otherwise valid protocol 2 handshake (say a
# meaning given to the wrong part, a leniency no repair covers, or a
# profile), a key given null taken out. The harness refuses most such
# handshakes. Should it be asked anyway, it answers judge requests with
# well-formed records holding only `ply`.
import json
import sys

extra = json.loads(sys.argv[1])
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        answer = {"type": "hello", "protocol": 2, "name": "handshake-says", "version": "1",
                  "implements": ["clock", "moves"], "editions": ["fide-2018"]}
        for key, value in extra.items():
            if value is None:
                answer.pop(key, None)
            else:
                answer[key] = value
    elif request["type"] == "judge":
        plies = len(request["moves"])
        first = 0 if request["plies"] == "all" else plies
        answer = {"type": "records", "id": request["id"],
                  "records": [{"ply": ply} for ply in range(first, plies + 1)]}
    else:
        break
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
