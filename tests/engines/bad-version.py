#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by speaking another protocol: its handshake answer says protocol
# 99, which the harness must refuse. Should it be asked anyway, it answers
# judge requests with well-formed records holding only `ply`.
import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        answer = {"type": "hello", "protocol": 99, "name": "bad-version", "version": "1",
                  "implements": [], "editions": ["fide-2018", "fide-2014"], "draws": "claims"}
    elif request["type"] == "judge":
        plies = len(request["moves"])
        first = 0 if request["plies"] == "all" else plies
        answer = {"type": "records", "id": request["id"],
                  "records": [{"ply": ply} for ply in range(first, plies + 1)]}
    else:
        break
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
