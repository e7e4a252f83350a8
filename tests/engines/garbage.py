#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by printing garbage: it answers the handshake correctly, then
# answers every judge request with a line that is not JSON.
import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        answer = json.dumps({"type": "hello", "protocol": 1, "name": "garbage", "version": "1",
                             "implements": [], "editions": ["fide-2018", "fide-2014"],
                             "draws": "claims"})
    elif request["type"] == "judge":
        answer = "records follow: {ply 0} ]]"
    else:
        break
    sys.stdout.write(answer + "\n")
    sys.stdout.flush()
