#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by answering twice: it answers every judge request correctly
# (records holding only `ply`, `implements: []`), twice.
import json
import sys

from misbehave import hello, plies, record_pid, send

record_pid()
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("duplicates"))
    elif request["type"] == "judge":
        answer = {"type": "records", "id": request["id"],
                  "records": [{"ply": ply} for ply in plies(request)]}
        send(answer)
        send(answer)
    else:
        break
