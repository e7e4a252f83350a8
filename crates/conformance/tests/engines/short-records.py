#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by stopping short: it declares every part and answers every judge
# request with the record of the start position only (ply 0, every field as
# the standard start would have it, which is wrong for most starts).
import json
import sys

from misbehave import ALL_PARTS, hello, record_pid, send

record_pid()
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("short-records", ALL_PARTS))
    elif request["type"] == "judge":
        send({"type": "records", "id": request["id"], "records": [{"ply": 0}]})
    else:
        break
