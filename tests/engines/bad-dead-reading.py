#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by declaring a reading of Article 5.2.2 that does not exist:
# its handshake says "dead-position": "telepathy", which the harness must
# refuse. Should it be asked anyway, it answers judge requests with
# well-formed records holding only `ply`.
import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        answer = {"type": "hello", "protocol": 2, "name": "bad-dead-reading", "version": "1",
                  "implements": ["dead-position"], "editions": ["fide-2018"],
                  "dead-position": "telepathy"}
    elif request["type"] == "judge":
        plies = len(request["moves"])
        first = 0 if request["plies"] == "all" else plies
        answer = {"type": "records", "id": request["id"],
                  "records": [{"ply": ply} for ply in range(first, plies + 1)]}
    else:
        break
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
