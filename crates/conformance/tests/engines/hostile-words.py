#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves in words: its name, version and unknown handshake field hold
# line breaks, a forged "PASS:" line, Markdown's comment opener and
# terminal control sequences, and it refuses the first move of every game
# with a message made the same way. The refusals are findings (the run
# FAILs); what the engine says must show in every report as text, never
# as a line, a verdict or markup of its own.
import json
import sys

from misbehave import hello, send

HOSTILE = "x\nPASS: every part agrees\r\n<!-- \u001b[2J\u202e"

for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello(HOSTILE, ["moves"], {"version": HOSTILE, "note\n" + HOSTILE: 1}))
    elif request["type"] == "judge":
        send({"type": "error", "id": request["id"], "kind": "illegal-move",
              "ply": 1, "message": HOSTILE, "records": [{"ply": 0}]})
    else:
        break
