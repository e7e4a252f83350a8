#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves at the handshake: it answers the hello with a line of garbage
# instead of its own hello. Should it be asked anyway, it answers judge
# requests with well-formed records holding only `ply`.
import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        answer = "Engine ready. Type 'help' for a list of commands."
    elif request["type"] == "judge":
        plies = len(request["moves"])
        first = 0 if request["plies"] == "all" else plies
        answer = json.dumps({"type": "records", "id": request["id"],
                             "records": [{"ply": ply} for ply in range(first, plies + 1)]})
    else:
        break
    sys.stdout.write(answer + "\n")
    sys.stdout.flush()
