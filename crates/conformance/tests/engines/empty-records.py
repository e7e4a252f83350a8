#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Misbehaves by saying nothing: it declares every part and answers every judge
# request with `"records": []`.
import json
import sys

from misbehave import ALL_PARTS, hello, record_pid, send

record_pid()
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send(hello("empty-records", ALL_PARTS))
    elif request["type"] == "judge":
        send({"type": "records", "id": request["id"], "records": []})
    else:
        break
