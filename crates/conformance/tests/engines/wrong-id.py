#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by answering the wrong request: it answers the handshake
# correctly, then answers every judge request with well-formed records (only
# `ply`, `implements: []`) that carry another request's id (id + 1).
import json
import sys

from misbehave import hello, ply_records, record_pid, send

record_pid()
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("wrong-id"))
    elif request["type"] == "judge":
        send(dict(ply_records(request), id=request["id"] + 1))
    else:
        break
